"""Shared helpers of the Merchants of the Seas tests: a game through setup, docks included."""

from __future__ import annotations

from typing import Any

from tests.rules.terra_mystica.helpers import E, play

SCORING_M = ["SCOM2", "SCOM7", "SCOM6", "SCOM11", "SCOM12", "SCOM10"]
BONUS_M = [
    "BON1",
    "BON2",
    "BON3",
    "BON4",
    "BON5",
    "BON7",
    "BON8",
    "BON9",
    "BONM1",
    "BONM2",
    "BONM3",
    "BONM4",
]


def mots_setup(factions: list[str], seed: int = 1, **options: Any) -> dict:
    opts = {
        "factions": factions,
        "merchants": True,
        "scoring": SCORING_M,
        "bonus": BONUS_M,
        **options,
    }
    return E.setup(opts, len(factions), seed)


def mots_game(
    factions: list[str],
    dwellings: list[str],
    docks: list[str],
    bonuses: list[str] | None = None,
    **options: Any,
) -> dict:
    """Round 1 of a Merchants game: dwellings in placement order, then the docks in the
    order asked (factions with no riverside dwelling are skipped), then bonus tiles."""
    st = mots_setup(factions, **options)
    for hex_id in dwellings:
        st = play(st, st["setup_queue"][0][1], f"build {hex_id}")
    for hex_id in docks:
        assert st["setup_queue"][0][0] == "dock"
        st = play(st, st["setup_queue"][0][1], f"dock {hex_id}")
    for tile in bonuses or ["BON3", "BON5", "BON8", "BON7", "BON9"][: len(factions)]:
        st = play(st, st["setup_queue"][0][1], f"pass {tile}")
    return st
