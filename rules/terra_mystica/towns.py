"""Towns: connected groups of 4 buildings (3 with the sanctuary) of power 7, and town tiles."""

from __future__ import annotations

from rules.core import Event, RuleError
from rules.terra_mystica import board
from rules.terra_mystica.cults import CULTS, advance_cult, restore_key_blocked
from rules.terra_mystica.factions import BUILDING_POWER, FACTIONS, Faction
from rules.terra_mystica.flow import gain_basic
from rules.terra_mystica.merchants.favors import advance_distance, level
from rules.terra_mystica.merchants.ships import gain_ships_later
from rules.terra_mystica.state import State, bridge_adj, direct_neighbours, owner_buildings
from rules.terra_mystica.tiles import FAVOR, TOWN, TOWN_POWER, TOWN_SIZE
from rules.terra_mystica.turn import fstate, require_active, scoring_vp


def river_links(st: State, name: str) -> dict[str, set[str]]:
    """Mermaids' towns may skip the river hexes they named with `connect`."""
    links: dict[str, set[str]] = {}
    for river in st.get("connected", {}).get(name, []):
        shore = [h for h in board.of(st).ADJ[river] if not h.startswith("r")]
        for h in shore:
            links.setdefault(h, set()).update(x for x in shore if x != h)
    return links


def components(st: State, name: str, bridges: dict[str, set[str]]) -> list[set[str]]:
    locs = set(owner_buildings(st, name))
    links = river_links(st, name)
    seen: set[str] = set()
    out = []
    for start in locs:
        if start in seen:
            continue
        comp = {start}
        stack = [start]
        while stack:
            h = stack.pop()
            for n in direct_neighbours(st, h, bridges) | links.get(h, set()):
                if n in locs and n not in comp:
                    comp.add(n)
                    stack.append(n)
        seen |= comp
        out.append(comp)
    return out


def town_need(st: State, name: str) -> int:
    fs = fstate(st, name)
    return min([TOWN_POWER] + [FAVOR[t].get("town_power", TOWN_POWER) for t in fs["favors"]])


def qualifies(st: State, comp: set[str], need: int) -> bool:
    kinds = [st["buildings"][h][1] for h in comp]
    power = sum(BUILDING_POWER[k] for k in kinds)
    size_ok = len(comp) >= TOWN_SIZE or (len(comp) >= TOWN_SIZE - 1 and "SA" in kinds)
    return power >= need and size_ok


def check_towns(st: State, name: str, events: list[Event]) -> None:
    """Found a town from any new qualifying group; a group touching a town joins it."""
    need = town_need(st, name)
    in_town = set(st["town_hexes"])
    for comp in components(st, name, bridge_adj(st)):
        if comp <= in_town:
            continue
        if comp & in_town:
            st["town_hexes"] = sorted(in_town | comp)
            in_town = set(st["town_hexes"])
            continue
        pending = sum(v.get("TOWN", 0) for v in [st["turn"]["need"]] if st["turn"])
        if qualifies(st, comp, need) and sum(st["town_pool"].values()) > pending:
            st["town_hexes"] = sorted(in_town | comp)
            in_town = set(st["town_hexes"])
            t = st["turn"]
            t["need"]["TOWN"] = t["need"].get("TOWN", 0) + 1
            events.append(Event(key="terra_mystica.town", params={"faction": name}))


def connect_founds_town(st: State, name: str, river: str) -> bool:
    """Would Mermaids naming `river` (connect) found a town now? (No state is changed.)"""
    named = st.get("connected", {}).get(name, [])
    if river in named:
        return False
    pending = st["turn"]["need"].get("TOWN", 0) if st["turn"] else 0
    if sum(st["town_pool"].values()) <= pending:
        return False
    trial = {**st, "connected": {**st.get("connected", {}), name: [*named, river]}}
    in_town = set(st["town_hexes"])
    need = town_need(st, name)
    return any(not comp & in_town and qualifies(st, comp, need)
               for comp in components(trial, name, bridge_adj(st)))


def cmd_connect(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    if not FACTIONS[name].town_river_skip:
        raise RuleError("terra_mystica.connect_not_allowed", faction=name)
    t = require_active(st, name)
    river = cmd.get("river")
    if river is None:
        shores = [h for h in cmd["hexes"] if h in board.of(st).START_TERRAIN]
        fits = [r for r in board.of(st).RIVERS if all(h in board.of(st).ADJ[r] for h in shores)]
        river = fits[0] if fits and shores else None
    if river not in board.of(st).RIVERS:
        raise RuleError("terra_mystica.connect_no_town")
    before = t["need"].get("TOWN", 0)
    st.setdefault("connected", {}).setdefault(name, []).append(river)
    check_towns(st, name, events)
    if t["need"].get("TOWN", 0) <= before:
        raise RuleError("terra_mystica.connect_no_town")


def take_town(st: State, name: str, tile: str, t: dict | None, events: list[Event]) -> None:
    if not t or not t["need"].get("TOWN"):
        raise RuleError("terra_mystica.town_not_allowed")
    if st["town_pool"].get(tile, 0) <= 0:
        raise RuleError("terra_mystica.tile_gone", tile=tile)
    st["town_pool"][tile] -= 1
    t["need"]["TOWN"] -= 1
    fs = fstate(st, name)
    fs["towns"].append(tile)
    spec = TOWN[tile]
    fs["keys"] += spec.get("keys", 1)  # errata 1: the key comes before the tile's reward
    restore_key_blocked(st, name)
    fs["VP"] += spec["vp"] + scoring_vp(st, "TOWN")
    for k, v in spec["gain"].items():
        if k == "CULTS":
            for cult in CULTS:
                advance_cult(st, name, cult, v)
        elif k == "SHIP":
            before = level(fs)
            gain_shipping(fs, FACTIONS[name], v)
            fs["VP"] += scoring_vp(st, "SHIP_STEP") * (level(fs) - before)  # Merchants' tile
        elif k == "SHIPS":  # hook: Merchants of the Seas, TWM2 (up to 2 ships)
            gain_ships_later(st, name, v, turn=True)
        else:
            gain_basic(fs, {k: v})
    gain_basic(fs, FACTIONS[name].town_bonus)


def gain_shipping(fs: dict, fd: Faction, n: int) -> None:
    """Free shipping levels (TW7) with the track's VP, up to its end; factions without shipping
    whose carpet range grows (Fakirs) reach one hex further instead, the others get nothing."""
    for _ in range(n):
        if "distance" in fs:  # hook: Merchants of the Seas, the distance tile (no VP)
            advance_distance(fs, 1)
        elif fd.ship and fs["ship"] < fd.ship["max"]:
            fs["ship"] += 1
            fs["VP"] += fd.ship["vp"].get(fs["ship"], 0)
        elif not fd.ship and fd.teleport and fd.teleport.get("grows"):
            fs["range_bonus"] = fs.get("range_bonus", 0) + 1
