"""Which hexes a faction reaches: direct or bridge adjacency, shipping, tunnel or carpet."""

from __future__ import annotations

from rules.core import RuleError
from rules.terra_mystica import board
from rules.terra_mystica.factions import FACTIONS, hop_distance
from rules.terra_mystica.merchants.ships import ship_next_to
from rules.terra_mystica.state import State, bridge_adj, direct_neighbours, owner_buildings
from rules.terra_mystica.tiles import BONUS
from rules.terra_mystica.turn import fstate, pay


def ship_range(st: State, name: str, income_phase: bool = False) -> int:
    fd = FACTIONS[name]
    fs = fstate(st, name)
    if not fd.ship:
        return 0
    r = fs["ship"]
    if (not income_phase and not fs["passed"] and fs["bonus"]
            and BONUS[fs["bonus"]].get("ship")):
        r += BONUS[fs["bonus"]]["ship"]
    return r


def reach_kind(st: State, name: str, hex_id: str, locs: list[str] | None = None,
               bridges: dict[str, set[str]] | None = None, income_phase: bool = False,
               ) -> str | None:
    """'direct', 'ship' or 'teleport' when `name` can reach hex_id; None otherwise."""
    if locs is None:
        locs = owner_buildings(st, name)
    if bridges is None:
        bridges = bridge_adj(st)
    near = direct_neighbours(st, hex_id, bridges)
    if any(loc in near for loc in locs):
        return "direct"
    if "trades" in st and ship_next_to(st, name, hex_id):  # hook: Merchants of the Seas
        return "ship"
    rng = ship_range(st, name, income_phase)
    if rng:
        dist = board.of(st).SHIP_DIST[hex_id]
        if any(dist.get(loc, 99) <= rng for loc in locs):
            return "ship"
    fd = FACTIONS[name]
    if fd.teleport and not income_phase:
        hop = hop_distance(fd, fstate(st, name))
        dist = board.of(st).HEX_DIST[hex_id]
        if any(dist.get(loc, 99) <= hop for loc in locs):
            return "teleport"
    return None


def check_reach(st: State, name: str, hex_id: str, income_phase: bool = False) -> None:
    kind = reach_kind(st, name, hex_id, income_phase=income_phase)
    if kind is None:
        raise RuleError("terra_mystica.cant_reach", faction=name, hex=hex_id)
    if kind == "teleport":
        t = st["turn"]
        if t["teleported"]:
            raise RuleError("terra_mystica.teleport_twice")
        tp = FACTIONS[name].teleport
        pay(st, name, tp["cost"][fstate(st, name)["teleport"]])
        fstate(st, name)["VP"] += tp["vp"]
        t["teleported"] = True
