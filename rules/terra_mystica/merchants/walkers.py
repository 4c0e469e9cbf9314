"""The Fakirs' and Dwarves' merchants (seed L359-422): they walk over land and rivers from
the warehouse or market space itself, never end on a river, trade where they stop in another
faction's building, may pass through buildings, and pay for a dwelling on their own space.
Their pieces are kept in `ships` like ships, as land hex ids."""

from __future__ import annotations

from typing import Any

from rules.core import Event, RuleError
from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.merchants.setup import WAREHOUSE_FACTIONS

State = dict[str, Any]


def is_walker(name: str) -> bool:
    return name in WAREHOUSE_FACTIONS


def walk_reach(st: State, name: str) -> int:
    """A merchant's move: the distance tile's lower track (seed L371, L397)."""
    from rules.terra_mystica.merchants.favors import distance_value

    fs = st["factions"][name]
    return mt.DISTANCE[name][distance_value(name, fs)]["merchant"]


def check_walks(st: State, name: str, paths: list[list[str]]) -> tuple[list[str], int]:
    """Validate one move of merchants (seed L397-404): steps to adjacent spaces; a river
    only on the way; the end a land space; ending in another faction's building without the
    own marker is a trade (one own merchant per building). Returns trades and power."""
    from rules.terra_mystica.merchants.ships import _board, each_path

    fs = st["factions"][name]
    bd = _board(st)
    entered: list[str] = []
    power = 0
    for path, _steps, extra in each_path(fs, name, paths, walk_reach(st, name)):
        power += extra
        for a, b in zip(path, path[1:], strict=False):
            if b not in bd.ADJ.get(a, ()):
                raise RuleError("terra_mystica.mots_ship_path", a=a, b=b)
        end = path[-1]
        if end not in bd.START_TERRAIN:
            raise RuleError("terra_mystica.mots_walk_river", hex=end)
        owner = st["buildings"].get(end, [None])[0]
        if owner not in (None, name) and name not in st["trades"].get(end, ()):
            if end in entered:
                raise RuleError("terra_mystica.mots_two_ships", hex=end)
            entered.append(end)
    if len(entered) > fs["markers"]:
        raise RuleError("terra_mystica.mots_no_markers", faction=name)
    return entered, power


def merchant_builds_on(st: State, builder: str, hex_id: str, events: list[Event]) -> None:
    """Another faction's dwelling on a merchant's space: one merchant there trades with it at
    once and leaves (seed L412); without markers left it stays (errata R11, partial)."""
    from rules.terra_mystica.merchants.trade import trade

    for name in st["order"]:
        fs = st["factions"][name]
        if name == builder or not is_walker(name) or hex_id not in fs.get("ships", ()):
            continue
        if fs["markers"] <= 0:
            continue
        fs["ships"].remove(hex_id)
        trade(st, name, hex_id, None, events)
        return
