"""Ships (seed L243-335): gaining and placing them, moving them, and the trades they make.

A faction's ships on the board are `ships`, a list of river hex ids (several may share a
river, and factions may share one, seed L275). The supply is what is left of 3.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rules.core import Event, RuleError
from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.merchants.setup import WAREHOUSE_FACTIONS

State = dict[str, Any]
MOVE_SPACE = "SYMOVE"  # the shipyard board's "move ships" action, usable from the start
# Bonus tiles' special actions (BONM1: place a ship, BONM3: move ships) and what they open.
BONUS_ACTION_NEEDS = {"ship": "SHIP", "move": "MOVE"}
PAY = "ship_pay"  # the river of the ship paying the dwelling being built, for one command


def _board(st: State) -> Any:
    from rules.terra_mystica.merchants.maps import board_for

    return board_for(st.get("map") or "base")


def launch_spots(st: State, name: str, shipyard_only: bool = False) -> list[str]:
    """Rivers next to the faction's dock or shipyard, where a gained ship goes (seed L273);
    the shipyard's own reward ship only next to the shipyard (seed L349)."""
    fs = st["factions"][name]
    ports = [fs["shipyard"]] if shipyard_only else [fs["dock"], fs["shipyard"]]
    if name in WAREHOUSE_FACTIONS:  # merchants start on the warehouse or market (L395)
        return sorted(p for p in set(ports) if p)
    bd = _board(st)
    return sorted({r for p in ports if p for r in bd.SHORE[p]}, key=lambda r: int(r[1:]))


def check_gain(st: State, name: str) -> None:
    fs = st["factions"][name]
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


def each_path(fs: dict, name: str, paths: list[list[str]], reach: int
              ) -> Iterator[tuple[list[str], int, int]]:
    """Each path with its length and whether it pays 1 power to go one further: it starts on
    one of the faction's ships or merchants (each used once) and is at most reach + 1 long.
    Shared by ships (seed L279-295) and the merchants who walk (L397-404)."""
    left = list(fs["ships"])
    for path in paths:
        if path[0] not in left:
            raise RuleError("terra_mystica.mots_no_ship", faction=name, hex=path[0])
        left.remove(path[0])
        steps = len(path) - 1
        if steps > reach + 1:
            raise RuleError("terra_mystica.mots_ship_far", n=steps, max=reach + 1)
        yield path, steps, int(steps > reach)


def check_moves(st: State, name: str, paths: list[list[str]]) -> tuple[list[str], int]:
    """Validate one 'move ships' (seed L279-295): every path starts on one of the faction's
    ships; steps go to an adjacent river, through a canal, or into another faction's building
    without the faction's trade marker, where the ship stops; at most one own ship enters a
    building; a path is at most the shipping value long, one more for 1 power. Returns the
    buildings entered (trades, in path order) and the power to pay."""
    fs = st["factions"][name]
    bd = _board(st)
    entered: list[str] = []
    power = 0
    for path, steps, extra in each_path(fs, name, paths, ship_reach(st, name)):
        power += extra
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
    if name in WAREHOUSE_FACTIONS:  # the Fakirs' and Dwarves' merchants walk
        from rules.terra_mystica.merchants.walkers import check_walks

        entered, power = check_walks(st, name, paths)
    else:
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
    if name in WAREHOUSE_FACTIONS:  # a merchant's reach is its own space (L406)
        return {h for h in ships if h not in st["buildings"]}
    return {h for r in ships for h in bd.ADJ[r] if h in bd.START_TERRAIN}


def ship_next_to(st: State, name: str, hex_id: str) -> bool:
    ships = st["factions"][name]["ships"]
    if name in WAREHOUSE_FACTIONS:
        return hex_id in ships
    return any(r in ships for r in _board(st).SHORE.get(hex_id, ()))


def mark_ship_payment(st: State, name: str, hex_id: str, river: str) -> None:
    """`build HEX by RIVER`: the ship on RIVER, next to HEX, pays the dwelling."""
    if river not in st["factions"][name]["ships"]:
        raise RuleError("terra_mystica.mots_no_ship", faction=name, hex=river)
    if name in WAREHOUSE_FACTIONS:  # a merchant pays for a dwelling on its own space
        if river != hex_id:
            raise RuleError("terra_mystica.mots_ship_not_next", hex=hex_id, river=river)
    elif river not in _board(st).SHORE.get(hex_id, ()):
        raise RuleError("terra_mystica.mots_ship_not_next", hex=hex_id, river=river)
    st[PAY] = river  # on the state: the build may open a new action (a new turn record)


def spend_ship(st: State, name: str) -> bool:
    """Pay a dwelling with the marked ship (back to the supply); Halflings gain 1 worker."""
    river = st.pop(PAY, None)
    if river is None:
        return False
    fs = st["factions"][name]
    fs["ships"].remove(river)
    fs["W"] += mt.SHIPYARD[name].get("spend_ship_w", 0)
    return True


# -- ships gained out of an action: income (seed L265-273, L345, L473, L521) -------------

NEEDS = ("SHIP_SY", "SHIP", "MOVE")  # turn needs the expansion opens, answered in that order


def need_choices(st: State, name: str) -> list[str] | None:
    """Choice texts for an open ship need of the running turn (None: no such need)."""
    need = st["turn"]["need"]
    if need.get("FAVM1"):
        from rules.terra_mystica.merchants.favors import favm1_choices

        return favm1_choices(st, name)
    if need.get("SHIP_SY") or need.get("SHIP"):
        only = bool(need.get("SHIP_SY"))
        spots = launch_spots(st, name, only) if len(st["factions"][name]["ships"]) < 3 else []
        return [place_text(r) for r in spots] + ["-SHIP"]
    if need.get("MOVE"):
        from rules.terra_mystica.merchants.choices import move_texts

        return [*move_texts(st, name), "-MOVE"]
    return None


def place_text(spot: str) -> str:
    """`ship rN`, or for a merchant on the warehouse or market `merchant HEX`."""
    return f"ship {spot}" if spot.startswith("r") else f"merchant {spot}"


def income_ships(st: State) -> None:
    """Phase I: a shipyard built in an earlier round and BONM3 each bring a ship that must be
    placed ('받습니다', '놓습니다': seed L345, L521); FAVM3's may be declined ('놓을 수
    있습니다', L473). Placed by the faction out of turn (`ship RIVER`), or `-SHIP`."""
    for name in st["order"]:
        fs = st["factions"][name]
        if "ships" not in fs:
            continue
        must = 1 if fs["shipyard"] and fs.get("shipyard_round", 99) < st["round"] else 0
        if fs["bonus"] in mt.BONUS:
            must += mt.BONUS[fs["bonus"]].get("income_ship", 0)
        may = sum(mt.FAVOR[t].get("income_ship", 0) for t in fs["favors"] if t in mt.FAVOR)
        gain_ships_later(st, name, must + may, turn=False, must=must)


def decline_ship(st: State, name: str, what: str, n: int) -> None:
    """`-SHIP` / `-MOVE`: give up a ship to place or a move to make."""
    t = st["turn"] if st["turn"] and st["turn"]["faction"] == name else None
    pend = st["pending"].get(name, {})
    keys = ("SHIP_SY", "SHIP") if what == "SHIP" else ("MOVE",)
    for key in keys:
        if t and t["need"].get(key):
            t["need"][key] = max(0, t["need"][key] - n)
            return
    if what == "SHIP" and pend.get("SHIP"):
        if room(st, name) and pend["SHIP"] - n < pend.get("SHIP_MUST", 0):
            raise RuleError("terra_mystica.mots_ship_compulsory", faction=name)
        pend["SHIP"] = max(0, pend["SHIP"] - n)
        pend["SHIP_MUST"] = min(pend.get("SHIP_MUST", 0), pend["SHIP"])
        return
    raise RuleError("terra_mystica.nothing_pending", what=what)


def room(st: State, name: str) -> int:
    """Ships the faction may still gain now: supply left, and a dock or shipyard to launch."""
    fs = st["factions"][name]
    if not (fs["dock"] or fs["shipyard"]):
        return 0
    return mt.SHIPS - len(fs["ships"])


def gain_ships_later(st: State, name: str, n: int, turn: bool, must: int = 0) -> None:
    """Ships to place (up to n): a need of the running turn (TWM2) or, out of an action
    (round-end SCOM tile, income), a pending decision; `must` of them may not be declined
    while they can be placed (`SHIP_MUST`)."""
    n = min(n, room(st, name))
    if n <= 0:
        return
    if turn:
        need = st["turn"]["need"]
        need["SHIP"] = need.get("SHIP", 0) + n
    else:
        pend = st["pending"].setdefault(name, {})
        pend["SHIP"] = min(pend.get("SHIP", 0) + n, room(st, name))
        if must:
            pend["SHIP_MUST"] = min(pend.get("SHIP_MUST", 0) + must, pend["SHIP"])


def placed_pending(pend: dict[str, int]) -> None:
    """An owed ship placed: the compulsory ones count first."""
    pend["SHIP"] -= 1
    if pend.get("SHIP_MUST"):
        pend["SHIP_MUST"] -= 1


def pending_ship_texts(st: State, name: str) -> list[str]:
    """The choices of an owed ship: its spots, and `-SHIP` unless it must be placed (with
    no room left, declining is all there is)."""
    pend = st["pending"][name]
    spots = launch_spots(st, name) if room(st, name) else []
    texts = [place_text(r) for r in spots]
    if not texts or pend["SHIP"] > pend.get("SHIP_MUST", 0):
        texts.append("-SHIP")
    return texts


def round_end_reward(st: State, name: str, kind: str, n: int) -> None:
    """SCOM5: +1 shipping per 5 Earth (taken at once; the seed's 'may' costs nothing to
    take); SCOM2: a ship per 4 Water, to be placed ('놓습니다', seed L503)."""
    from rules.terra_mystica.factions import FACTIONS
    from rules.terra_mystica.towns import gain_shipping

    if kind == "SHIP":
        gain_shipping(st["factions"][name], FACTIONS[name], n)
    else:
        gain_ships_later(st, name, n, turn=False, must=n)


def ship_pays_here(st: State, name: str, hex_id: str) -> bool:
    """A ship marked to pay the dwelling on hex_id lies next to it (the Nomads' sandstorm
    next to a ship must spend that ship on the dwelling, seed L615)."""
    river = st.get(PAY)
    return (
        bool(river)
        and river in _board(st).SHORE.get(hex_id, ())
        and (mt.SHIPYARD[name].get("sandstorm_by_ship", False))
    )
