"""The Fire & Ice final tile renamed "large buildings" (대형 건물, seed L438): the distance
between two built large buildings (stronghold, sanctuary and now the shipyard), the farthest
pair with all three, none with fewer than two; scored 18/12/6 like area scoring, both
buildings in one network (the Fire & Ice tile's rule, see tiles.FINAL_LARGE_SRC)."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.terra_mystica.flow import final_scoring
from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.merchants.gamefile import FINAL_LARGE, engine_options, header_lines
from rules.terra_mystica.state import EngineOptions, copy_state
from tests.rules.terra_mystica.helpers import E
from tests.rules.terra_mystica.mots_helpers import mots_game

THREE = ["cultists", "nomads", "witches"]
# Dwellings: Cultists E6, A1; Nomads D3, F3, B6; Witches F4, A10.
DWELLINGS = ["E6", "D3", "F4", "A10", "F3", "A1", "B6"]


def game(**options) -> dict:
    st = mots_game(THREE, DWELLINGS, ["E6", "D3", "F4"], ["BON3", "BON5", "BON7"], **options)
    st = copy_state(st)
    # Row A is one line of land: Cultists A1-A7 (SH A3, SA A5, SY A7), Witches A10-A13
    # (SH A11, SA A13); the Nomads' stronghold D3 and sanctuary F3 lie apart.
    for hex_id, kind in {"A2": "D", "A3": "SH", "A4": "D", "A5": "SA", "A6": "D", "A7": "SY"}.items():
        st["buildings"][hex_id] = ["cultists", kind]
    st["factions"]["cultists"]["shipyard"] = "A7"
    for hex_id, kind in {"A11": "SH", "A12": "D", "A13": "SA"}.items():
        st["buildings"][hex_id] = ["witches", kind]
    st["buildings"]["D3"] = ["nomads", "SH"]
    st["buildings"]["F3"] = ["nomads", "SA"]
    return st


def breakdown(st: dict) -> dict:
    st = copy_state(st)
    final_scoring(st, [])
    return st["final"]["breakdown"]


def large(st: dict) -> list[int]:
    out = breakdown(st)
    return [out[f]["large"] for f in THREE]


def test_the_farthest_pair_of_three_large_buildings_wins_the_first_place() -> None:
    # Cultists: A3-A7 = 4 (the pairs with the sanctuary are 2); Witches A11-A13 = 2
    assert large(game(final_large=True)) == [18, 0, 12]


def test_the_shipyard_counts_as_a_large_building() -> None:
    st = game(final_large=True)
    st["buildings"]["A3"] = st["buildings"]["A5"] = ["cultists", "D"]  # the shipyard alone
    assert large(st) == [0, 0, 18]
    st["buildings"]["A3"] = ["cultists", "SH"]  # stronghold A3 and shipyard A7: 4
    assert large(st) == [18, 0, 12]


def test_ties_share_and_fewer_than_two_large_buildings_score_nothing() -> None:
    st = game(final_large=True)
    st["buildings"]["A7"] = ["cultists", "D"]  # no shipyard: A3-A5 = 2, as the Witches
    assert large(st) == [15, 0, 15]
    st["buildings"]["A13"] = ["witches", "D"]  # the Witches keep one large building
    assert large(st) == [18, 0, 0]


def test_both_buildings_must_be_in_one_network() -> None:
    st = game(final_large=True)
    assert large(st)[1] == 0  # the Nomads' D3 and F3: not linked at shipping 0
    st["buildings"]["E4"] = st["buildings"]["E5"] = ["nomads", "D"]  # D3-E4-E5-F3 linked
    assert large(st)[1] == 12  # D3-F3 (2 spaces) below the Cultists' 4, over nothing


def test_without_the_option_the_tile_is_not_scored() -> None:
    assert "large" not in breakdown(game())["cultists"]
    assert "final_large" not in game()["options"]


def test_one_final_tile_only() -> None:
    with pytest.raises(ValidationError):
        EngineOptions(factions=THREE, merchants=True, final_trades=True, final_large=True)
    assert EngineOptions(factions=THREE, merchants=True, final_large=True).final_large


def test_the_game_file_keeps_the_option() -> None:
    st = game(final_large=True)
    lines = header_lines(st)
    assert f"option {FINAL_LARGE}" in lines
    assert f"option {FINAL_LARGE}" not in header_lines(game())

    class File:
        options = {FINAL_LARGE}
        map_line = None
        deleted: tuple = ()

    assert engine_options(File(), {})["final_large"] is True
    assert mt.FINAL_LARGE_VP == (18, 12, 6) and "seed L438" in mt.FINAL_LARGE_SRC


def test_the_lobby_offers_the_option_in_both_languages() -> None:
    from bot.i18n import t
    from bot.table_options import engine_options as lobby_options
    from bot.table_options import option_specs, updated_options
    from rules.terra_mystica.engine import TerraMystica

    specs = {s.name: s for s in option_specs("terra_mystica", TerraMystica.Options)}
    assert specs["final_large"].kind == "bool" and specs["final_large"].default is False
    assert "large buildings" in t("terra_mystica.option.final_large", "en")
    assert "대형 건물" in t("terra_mystica.option.final_large", "ko")
    opts = updated_options("terra_mystica", TerraMystica.Options, {}, "merchants", "켜기")
    opts = updated_options("terra_mystica", TerraMystica.Options, opts, "final_large", "켜기")
    st = E.setup(lobby_options("terra_mystica", TerraMystica.Options, opts, [1, 2, 3], 7), 3, 7)
    assert st["options"]["final_large"] is True
