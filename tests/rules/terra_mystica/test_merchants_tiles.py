"""The expansion's scoring, town and bonus tile effects that involve ships and shipping
(seed L479-503, L533-540)."""

from __future__ import annotations

from rules.terra_mystica.state import copy_state
from tests.rules.terra_mystica.helpers import E, fs, play
from tests.rules.terra_mystica.mots_helpers import mots_game
from tests.rules.terra_mystica.test_merchants_ships import DWELLINGS, with_
from tests.rules.terra_mystica.test_merchants_shipyard import finish_round


def game(first: str) -> dict:
    rest = [
        t
        for t in ("SCOM7", "SCOM6", "SCOM4", "SCOM12", "SCOM10", "SCOM2", "SCOM3", "SCOM5")
        if t != first
    ][:5]
    return mots_game(
        ["cultists", "nomads"], DWELLINGS, ["E6", "D3"], ["BON3", "BON5"], scoring=[first, *rest]
    )


def test_water_tile_gives_a_ship_per_four_water_at_round_end() -> None:
    st = with_(game("SCOM2"), "cultists", cults={"FIRE": 1, "WATER": 8, "EARTH": 1, "AIR": 0})
    st = finish_round(st)
    assert st["pending"]["cultists"]["SHIP"] == 2
    st = play(st, "cultists", "ship r15")
    st = play(st, "cultists", "ship r15")
    assert fs(st, "cultists")["ships"] == ["r15", "r15"]


def test_earth_tile_gives_shipping_per_five_earth_at_round_end() -> None:
    st = with_(game("SCOM5"), "cultists", cults={"FIRE": 1, "WATER": 0, "EARTH": 5, "AIR": 0})
    ship, vp = fs(st, "cultists")["ship"], fs(st, "cultists")["VP"]
    st = finish_round(st)
    assert fs(st, "cultists")["ship"] == ship + 1
    assert fs(st, "cultists")["VP"] >= vp + 2  # the shipping track's VP


def test_shipping_step_tile_pays_two_more_vp_per_advance() -> None:
    st = with_(game("SCOM3"), "cultists", P=1, C=10)
    vp = fs(st, "cultists")["VP"]
    st = play(st, "cultists", "advance ship")
    assert fs(st, "cultists")["VP"] - vp == 2 + 2  # track VP for level 1, +2 from the tile
    st2 = with_(game("SCOM2"), "cultists", P=1, C=10)
    vp = fs(st2, "cultists")["VP"]
    st2 = play(st2, "cultists", "advance ship")
    assert fs(st2, "cultists")["VP"] - vp == 2


def test_town_tile_twm2_three_vp_and_up_to_two_ships() -> None:
    st = copy_state(game("SCOM2"))
    st["turn"]["need"]["TOWN"] = 1
    vp = fs(st, "cultists")["VP"]
    st = E.apply_held(st, 0, E.parse(st, 0, "+TWM2. ship r15"))[0]
    assert fs(st, "cultists")["VP"] - vp == 3 and fs(st, "cultists")["ships"] == ["r15"]
    assert st["turn"]["need"]["SHIP"] == 1
    st = E.apply_held(st, 0, E.parse(st, 0, "-SHIP"))[0]
    assert st["turn"]["need"]["SHIP"] == 0


def test_town_tile_twm1_four_vp_and_a_shipping_step() -> None:
    st = copy_state(game("SCOM2"))
    st["turn"]["need"]["TOWN"] = 1
    before = fs(st, "cultists")
    st = E.apply_held(st, 0, E.parse(st, 0, "+TWM1"))[0]
    assert fs(st, "cultists")["ship"] == before["ship"] + 1
    assert fs(st, "cultists")["VP"] - before["VP"] == 4 + 2


def final(st: dict) -> dict:
    from rules.terra_mystica.flow import final_scoring

    st = copy_state(st)
    final_scoring(st, [])
    return st["final"]["breakdown"]


def test_final_tile_most_trade_markers_18_12_6_ties_share() -> None:
    st = mots_game(
        ["cultists", "nomads", "witches"],
        ["E6", "D3", "F4", "A10", "F3", "A1", "B6"],
        ["E6", "D3", "F4"],
        ["BON3", "BON5", "BON7"],
        final_trades=True,
    )
    st = with_(with_(st, "cultists", markers=12), "nomads", markers=14)
    out = final(st)
    assert [out[f]["trades"] for f in ("cultists", "nomads", "witches")] == [18, 12, 0]
    st = with_(st, "nomads", markers=12)
    out = final(st)
    assert [out[f]["trades"] for f in ("cultists", "nomads")] == [15, 15]
    plain = mots_game(["cultists", "nomads"], DWELLINGS, ["E6", "D3"], ["BON3", "BON5"])
    assert "trades" not in final(with_(plain, "cultists", markers=10))["cultists"]


def test_shipping_step_tile_counts_free_steps_too() -> None:
    st = copy_state(game("SCOM3"))
    st["turn"]["need"]["TOWN"] = 1
    before = fs(st, "cultists")["VP"]
    st = E.apply_held(st, 0, E.parse(st, 0, "+TWM1"))[0]
    assert fs(st, "cultists")["VP"] - before == 4 + 2 + 2  # tile, track level 1, SCOM3


def test_every_new_tile_has_texts_in_both_languages() -> None:
    import re

    from rules.terra_mystica.merchants import tiles as mt
    from rules.terra_mystica.merchants.tile_texts import TEXTS
    from rules.terra_mystica.tile_texts import tile_text

    tiles = {*mt.BONUS, *mt.FAVOR, *mt.TOWN, *mt.SCORING}
    assert set(TEXTS) == tiles
    for tile in tiles:
        assert TEXTS[tile]["en"] and TEXTS[tile]["ko"] and tile_text(tile) == TEXTS[tile]
        assert not re.search("[A-Za-z]", TEXTS[tile]["ko"]), TEXTS[tile]["ko"]
    assert TEXTS["SCOM2"]["ko"] == "무역 → 승점 2 · 라운드 종료 시 물 4마다 선박 1"
    assert TEXTS["BONM4"]["en"].endswith("pass: 4 VP per shipyard")
    st = game("SCOM2")
    shown = E.view(st, 0)["tiles"]
    assert shown["SCOM2"] == TEXTS["SCOM2"] and "TWM2" in shown and "FAVM4" in shown
