"""Ships (seed L243-335): gaining and placing them, moving them, and the trades they make.

A faction's ships on the board are `ships`, a list of river hex ids (several may share a
river, and factions may share one, seed L275). The supply is what is left of 3.
"""

from __future__ import annotations

from typing import Any

from rules.core import Event, RuleError
from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.merchants.setup import WAREHOUSE_FACTIONS

State = dict[str, Any]
MOVE_SPACE = "SYMOVE"  # the shipyard board's "move ships" action, usable from the start


def _board(st: State) -> Any:
    from rules.terra_mystica.merchants.maps import board_for

    return board_for(st.get("map") or "base")


def launch_spots(st: State, name: str, shipyard_only: bool = False) -> list[str]:
    """Rivers next to the faction's dock or shipyard, where a gained ship goes (seed L273);
    the shipyard's own reward ship only next to the shipyard (seed L349)."""
    fs = st["factions"][name]
    ports = [fs["shipyard"]] if shipyard_only else [fs["dock"], fs["shipyard"]]
    bd = _board(st)
    return sorted({r for p in ports if p for r in bd.SHORE[p]}, key=lambda r: int(r[1:]))


def check_gain(st: State, name: str) -> None:
    fs = st["factions"][name]
    if name in WAREHOUSE_FACTIONS:  # merchants walk: not built yet
        raise RuleError("terra_mystica.mots_merchants_later", faction=name)
    if not fs["dock"] and not fs["shipyard"]:
        raise RuleError("terra_mystica.mots_no_dock", faction=name)
    if len(fs["ships"]) >= mt.SHIPS:
        raise RuleError("terra_mystica.mots_ship_limit", faction=name)


def place_ship(st: State, name: str, river: str, shipyard_only: bool = False) -> None:
    """Put a gained ship from the supply on `river`."""
    check_gain(st, name)
    if river not in launch_spots(st, name, shipyard_only):
        raise RuleError("terra_mystica.mots_ship_here", hex=river)
    st["factions"][name]["ships"].append(river)


def ship_reach(st: State, name: str) -> int:
    """Spaces a ship may move: the shipping value (seed L305), bonus tile included."""
    from rules.terra_mystica.reach import ship_range

    return ship_range(st, name)


def check_moves(st: State, name: str, paths: list[list[str]]) -> tuple[list[str], int]:
    """Validate one 'move ships' (seed L279-295): every path starts on one of the faction's
    ships; steps go to an adjacent river, through a canal, or into another faction's building
    without the faction's trade marker, where the ship stops; at most one own ship enters a
    building; a path is at most the shipping value long, one more for 1 power. Returns the
    buildings entered (trades, in path order) and the power to pay."""
    fs = st["factions"][name]
    bd = _board(st)
    left = list(fs["ships"])
    reach = ship_reach(st, name)
    entered: list[str] = []
    power = 0
    for path in paths:
        if path[0] not in left:
            raise RuleError("terra_mystica.mots_no_ship", faction=name, hex=path[0])
        left.remove(path[0])
        steps = len(path) - 1
        if steps > reach + 1:
            raise RuleError("terra_mystica.mots_ship_far", n=steps, max=reach + 1)
        power += steps > reach
        for i, (a, b) in enumerate(zip(path, path[1:], strict=False)):
            if a in bd.START_TERRAIN:
                raise RuleError("terra_mystica.mots_ship_stop", hex=a)
            if b in bd.SHIP_ADJ:
                if b not in bd.SHIP_ADJ[a]:
                    raise RuleError("terra_mystica.mots_ship_path", a=a, b=b)
                continue
            if b not in bd.SHORE or a not in bd.SHORE[b]:
                raise RuleError("terra_mystica.mots_ship_path", a=a, b=b)
            owner = st["buildings"].get(b, [None])[0]
            if owner is None or owner == name:
                raise RuleError("terra_mystica.mots_ship_own", hex=b)
            if name in st["trades"].get(b, ()):
                raise RuleError("terra_mystica.mots_ship_traded", faction=name, hex=b)
            if b in entered:
                raise RuleError("terra_mystica.mots_two_ships", hex=b)
            if i != steps - 1:
                raise RuleError("terra_mystica.mots_ship_stop", hex=b)
            entered.append(b)
    if len(entered) > fs["markers"]:
        raise RuleError("terra_mystica.mots_no_markers", faction=name)
    return entered, power


def pay_extra_steps(st: State, name: str, power: int) -> None:
    """1 power per ship that goes one space further, from bowl III (Swarmlings: bowl II may
    pay, seed L607); the token goes to bowl I."""
    fs = st["factions"][name]
    bowl2 = "P2" if mt.SHIPYARD[name].get("extra_step_bowl2") else None
    for _ in range(power):
        if fs["P3"] > 0:
            fs["P3"] -= 1
        elif bowl2 and fs[bowl2] > 0:
            fs[bowl2] -= 1
        else:
            raise RuleError("terra_mystica.not_enough", resource="PW", faction=name)
        fs["P1"] += 1


def apply_moves(st: State, name: str, paths: list[list[str]], events: list[Event]) -> list[str]:
    """Move the ships; trades follow once all have moved (seed L289). Returns the buildings
    entered; their ships stay in `trading` until the trades are done."""
    entered, power = check_moves(st, name, paths)
    pay_extra_steps(st, name, power)
    fs = st["factions"][name]
    for path in paths:
        fs["ships"].remove(path[0])
        if path[-1] in entered:
            continue
        fs["ships"].append(path[-1])
    return entered


# -- building with ships (seed L309-319) ---------------------------------------------------


def ship_shores(st: State, name: str) -> set[str]:
    """Land hexes next to the faction's ships: reachable for transforming and building a
    dwelling (the ship stays), and for cult-bonus spades (seed L313-319)."""
    bd = _board(st)
    ships = set(st["factions"][name]["ships"])
    return {h for r in ships for h in bd.ADJ[r] if h in bd.START_TERRAIN}


def ship_next_to(st: State, name: str, hex_id: str) -> bool:
    ships = st["factions"][name]["ships"]
    return any(r in ships for r in _board(st).SHORE.get(hex_id, ()))


def mark_ship_payment(st: State, name: str, hex_id: str, river: str) -> None:
    """`build HEX by RIVER`: the ship on RIVER, next to HEX, pays the dwelling."""
    if river not in st["factions"][name]["ships"]:
        raise RuleError("terra_mystica.mots_no_ship", faction=name, hex=river)
    if river not in _board(st).SHORE.get(hex_id, ()):
        raise RuleError("terra_mystica.mots_ship_not_next", hex=hex_id, river=river)
    st["turn"]["ship_pay"] = river


def spend_ship(st: State, name: str) -> bool:
    """Pay a dwelling with the marked ship (back to the supply); Halflings gain 1 worker."""
    t = st["turn"]
    river = t.pop("ship_pay", None) if t else None
    if river is None:
        return False
    fs = st["factions"][name]
    fs["ships"].remove(river)
    fs["W"] += mt.SHIPYARD[name].get("spend_ship_w", 0)
    return True
