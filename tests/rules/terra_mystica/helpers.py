"""Shared helpers: start a game from placements, play snellman text, tweak resources."""

from __future__ import annotations

import json
from typing import Any

import pytest

from rules.core import RuleError
from rules.terra_mystica import TerraMystica

E = TerraMystica()
SCORING = ["SCORE5", "SCORE8", "SCORE6", "SCORE2", "SCORE3", "SCORE7"]
ALL_BONUS = [f"BON{i}" for i in range(1, 10)]


def new_game(factions: list[str], dwellings: list[str], bonuses: list[str] | None = None,
             scoring: list[str] | None = None, bonus_tiles: list[str] | None = None,
             **options: Any) -> dict:
    """A game in round 1: `dwellings` in placement order, `bonuses` in pick order."""
    st = E.setup({"factions": factions, "scoring": scoring or SCORING,
                  "bonus": bonus_tiles or ALL_BONUS, **options}, len(factions), 1)
    for hex_id in dwellings:
        name = st["setup_queue"][0][1]
        st = play(st, name, f"build {hex_id}")
    if bonuses is None:
        free = [b for b in ("BON3", "BON5", "BON8", "BON6", "BON7") if b in st["bonus_pool"]]
        bonuses = free[: len(factions)]
    for tile in bonuses:
        name = st["setup_queue"][0][1]
        st = play(st, name, f"pass {tile}")
    return st


def play(st: dict, faction: str, text: str) -> dict:
    seat = st["factions"][faction]["seat"]
    new, _ = E.apply(st, seat, E.parse(st, seat, text))
    return new


def fails(st: dict, faction: str, text: str) -> str:
    seat = st["factions"][faction]["seat"]
    with pytest.raises(RuleError) as info:
        E.apply(st, seat, E.parse(st, seat, text))
    return info.value.key


def tweak(st: dict, faction: str, **values: int) -> dict:
    """A copy of the state with some of a faction's numbers set (test setup only)."""
    st = {**st, "factions": {**st["factions"]}}
    st["factions"][faction] = {**st["factions"][faction], **values}
    return st


def fs(st: dict, faction: str) -> dict:
    return st["factions"][faction]


def res(st: dict, faction: str) -> tuple[int, ...]:
    f = st["factions"][faction]
    return (f["VP"], f["C"], f["W"], f["P"], f["P1"], f["P2"], f["P3"])


def pass_all(st: dict) -> dict:
    """Everyone still active in this round passes with the first free bonus tile."""
    rnd = st["round"]
    while st["phase"] == "actions" and st["active"] and st["round"] == rnd:
        name = st["active"]
        tile = sorted(st["bonus_pool"])[0] if st["round"] < 6 else None
        st = play(st, name, f"pass {tile}" if tile else "pass")
        for offer in list(st["offers"]):
            st = play(st, offer["to"], f"decline {offer['amount']} from {offer['from']}")
    return st


def put(st: dict, faction: str, hex_id: str, kind: str = "D") -> dict:
    """A copy with `faction`'s building `kind` on hex_id (terrain made home; test setup)."""
    from rules.terra_mystica.factions import FACTIONS

    st = json.loads(json.dumps(st))
    old = st["buildings"].get(hex_id)
    if old:
        st["factions"][old[0]]["built"][old[1]] -= 1
    st["buildings"][hex_id] = [faction, kind]
    st["factions"][faction]["built"][kind] += 1
    st["terrain"][hex_id] = FACTIONS[faction].color
    return st
