"""Mid-game Terra Mystica positions from a readable description, for tests.

A rule test says what the board and the factions look like, not how the state stores them:

    from rules.terra_mystica.positions import position

    st = position(
        factions=["witches", "halflings"],
        buildings={"E9": ("witches", "D"), "F4": ("witches", "TP"),
                   "A1": ("halflings", "D"), "A7": ("halflings", "TE")},
        resources={"witches": {"C": 9, "W": 4, "P": 1, "VP": 25}},
        bowls={"witches": (0, 5, 7)},
        cults={"halflings": {"EARTH": 4, "AIR": 1}},
        bonuses={"witches": "BON5", "halflings": "BON3"},
        round=3,
        turn="halflings",
    )

The game is set up and its initial placements played by the engine itself (each faction's
first legal dwelling and bonus tile); then `buildings`, when given, replaces every building on
the map (a hex takes its builder's home terrain), and the numbers are set as told. Everything
left out stays as the setup made it. This module is the one place a test reaches into the
state layout; a change of layout is fixed here once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rules.core import State
from rules.terra_mystica import TerraMystica
from rules.terra_mystica.factions import FACTIONS

RESOURCES = ("VP", "C", "W", "P")
KINDS = ("D", "TP", "TE", "SH", "SA")
CULTS = ("FIRE", "WATER", "EARTH", "AIR")
SCORING = ["SCORE5", "SCORE8", "SCORE6", "SCORE2", "SCORE3", "SCORE7"]


def position(
    *,
    factions: Sequence[str],
    buildings: Mapping[str, tuple[str, str]] | None = None,
    resources: Mapping[str, Mapping[str, int]] | None = None,
    bowls: Mapping[str, tuple[int, int, int]] | None = None,
    cults: Mapping[str, Mapping[str, int]] | None = None,
    bonuses: Mapping[str, str] | None = None,
    round: int = 1,
    turn: str | None = None,
    scoring: Sequence[str] = SCORING,
    seed: int = 1,
    **options: Any,
) -> State:
    """A Terra Mystica state in the action phase, as described.

    - `factions`: in seat order.
    - `buildings`: hex -> (faction, "D" | "TP" | "TE" | "SH" | "SA"), the whole map's
      buildings; None keeps the initial dwellings the setup placed.
    - `resources`: faction -> {"VP", "C", "W", "P": amount} (P: priests in hand).
    - `bowls`: faction -> (bowl I, bowl II, bowl III) power tokens.
    - `cults`: faction -> {"FIRE" | "WATER" | "EARTH" | "AIR": position on the track}.
    - `bonuses`: faction -> its bonus tile (taken out of the pool; the old one goes back).
    - `round` (1-6) and `turn`: whose turn it is (default: the setup's first player).
    - `scoring`, `seed`, `options`: passed to setup (any Terra Mystica option).
    """
    engine = TerraMystica()
    st = engine.setup({**options, "factions": list(factions), "scoring": list(scoring)},
                      len(factions), seed)
    while st["phase"] != "actions":  # initial dwellings and bonus tiles, as the engine offers
        decision = engine.decisions(st)[0]
        st, _ = engine.apply(st, decision.seat, decision.choices[0].action)
    st = json.loads(json.dumps(st))  # a private copy to edit
    for name in [*(resources or {}), *(bowls or {}), *(cults or {}), *(bonuses or {})]:
        if name not in st["factions"]:
            raise ValueError(f"{name!r} is not playing")
    if buildings is not None:
        _set_buildings(st, buildings)
    for name, amounts in (resources or {}).items():
        for key, value in amounts.items():
            if key not in RESOURCES:
                raise ValueError(f"resources are {RESOURCES}, not {key!r}")
            st["factions"][name][key] = value
    for name, (one, two, three) in (bowls or {}).items():
        st["factions"][name].update(P1=one, P2=two, P3=three)
    for name, tracks in (cults or {}).items():
        for track, value in tracks.items():
            if track not in CULTS or not 0 <= value <= 10:
                raise ValueError(f"cult {track!r} {value!r}")
            st["factions"][name]["cults"][track] = value
    for name, tile in (bonuses or {}).items():
        _set_bonus(st, name, tile)
    if not 1 <= round <= 6:
        raise ValueError("round is 1 to 6")
    st["round"] = round
    if turn is not None:
        if turn not in st["factions"]:
            raise ValueError(f"{turn!r} is not playing")
        st["active"] = turn
        st["turn"] = {**st["turn"], "faction": turn}
    return st


def _set_buildings(st: State, buildings: Mapping[str, tuple[str, str]]) -> None:
    for f in st["factions"].values():
        f["built"] = dict.fromkeys(f["built"], 0)
    st["buildings"] = {}
    for hex_id, (name, kind) in buildings.items():
        if hex_id not in st["terrain"]:
            raise ValueError(f"no hex {hex_id!r}")
        if name not in st["factions"] or kind not in KINDS:
            raise ValueError(f"{hex_id}: {name!r} {kind!r}")
        st["buildings"][hex_id] = [name, kind]
        st["factions"][name]["built"][kind] += 1
        st["terrain"][hex_id] = FACTIONS[name].color


def _set_bonus(st: State, name: str, tile: str) -> None:
    pool = st["bonus_pool"]
    if tile not in pool:
        raise ValueError(f"{tile!r} is not in the bonus pool")
    old = st["factions"][name]["bonus"]
    del pool[tile]
    if old:
        pool[old] = 0
    st["factions"][name]["bonus"] = tile
