"""Bonus, favor, scoring and town tiles."""

from __future__ import annotations

import pytest

from rules.terra_mystica.flow import income
from tests.rules.terra_mystica.helpers import (
    SCORING,
    fails,
    fs,
    new_game,
    pass_all,
    play,
    put,
    res,
    tweak,
)


def witches_game(**kw) -> dict:
    """Witches (F4, E9) against Halflings (E6, F7); Witches to act."""
    return new_game(["witches", "halflings"], ["F4", "E6", "F7", "E9"], **kw)


# -- bonus tiles -----------------------------------------------------------------

BONUS_INCOME = {  # tile -> (C, W, P, power) gained in Phase I
    "BON1": (2, 0, 0, 0), "BON2": (4, 0, 0, 0), "BON3": (6, 0, 0, 0), "BON4": (0, 0, 0, 3),
    "BON5": (0, 1, 0, 3), "BON6": (0, 2, 0, 0), "BON7": (0, 1, 0, 0), "BON8": (0, 0, 1, 0),
    "BON9": (2, 0, 0, 0),
}


@pytest.mark.parametrize("tile", sorted(BONUS_INCOME))
def test_bonus_tile_income(tile: str) -> None:
    st = tweak(witches_game(), "witches", bonus=tile, P1=12, P2=0, P3=0, P=0)
    before = dict(fs(st, "witches"))
    income(st)
    after = fs(st, "witches")
    base_w = 3  # two dwellings on the map
    got = (after["C"] - before["C"], after["W"] - before["W"] - base_w, after["P"],
           after["P2"])
    assert got == BONUS_INCOME[tile]


def test_bon1_gives_a_spade_action() -> None:
    st = witches_game(bonuses=["BON3", "BON1"])
    w = fs(st, "witches")["W"]
    st = play(st, "witches", "action BON1. build F6")  # gray -> green: one spade
    assert st["buildings"]["F6"] == ["witches", "D"] and fs(st, "witches")["W"] == w - 1


def test_bon2_gives_a_cult_step_action() -> None:
    st = witches_game(bonuses=["BON3", "BON2"])
    st = play(st, "witches", "action BON2. +EARTH")
    assert fs(st, "witches")["cults"]["EARTH"] == 1 and "BON2" in fs(st, "witches")["used"]


def test_bon4_adds_shipping_only_during_actions() -> None:
    st = witches_game(bonuses=["BON3", "BON4"])
    # G3 (forest) lies across one river from F4: reachable only by ship
    st = play(st, "witches", "build G3")
    assert st["buildings"]["G3"] == ["witches", "D"]
    plain = witches_game(bonuses=["BON3", "BON5"])
    assert fails(plain, "witches", "build G3") == "terra_mystica.cant_reach"


@pytest.mark.parametrize(("tile", "extra", "vp"), [
    ("BON6", {"F4": "SH"}, 4), ("BON7", {"F4": "TP"}, 2), ("BON9", {}, 2)])
def test_bonus_pass_vp(tile: str, extra: dict, vp: int) -> None:
    st = witches_game(bonuses=["BON3", tile])
    for hex_id, kind in extra.items():
        st = put(st, "witches", hex_id, kind)
    before = fs(st, "witches")["VP"]
    st = play(st, "witches", "pass BON8")
    assert fs(st, "witches")["VP"] == before + vp


def test_unclaimed_bonus_tiles_collect_a_coin_each_round() -> None:
    st = witches_game(bonuses=["BON3", "BON5"])
    assert st["bonus_pool"]["BON9"] == 1
    st = pass_all(st)
    assert st["round"] == 2 and st["bonus_pool"]["BON9"] == 2
    assert st["bonus_pool"].get("BON3", 0) <= 1  # returned tiles restart at 0, +1 now


def test_cannot_take_back_the_tile_just_returned() -> None:
    st = witches_game(bonuses=["BON3", "BON5"])
    assert fails(st, "witches", "pass BON5") == "terra_mystica.bonus_unavailable"


# -- favor tiles -----------------------------------------------------------------

FAVOR_STEPS = {"FAV1": ("FIRE", 3), "FAV2": ("WATER", 3), "FAV3": ("EARTH", 3),
               "FAV4": ("AIR", 3), "FAV5": ("FIRE", 2), "FAV6": ("WATER", 2),
               "FAV7": ("EARTH", 2), "FAV8": ("AIR", 2), "FAV9": ("FIRE", 1),
               "FAV10": ("WATER", 1), "FAV11": ("EARTH", 1), "FAV12": ("AIR", 1)}


def temple_ready() -> dict:
    return tweak(put(witches_game(), "witches", "F4", "TP"), "witches", W=20, C=30)


@pytest.mark.parametrize("tile", sorted(FAVOR_STEPS, key=lambda t: int(t[3:])))
def test_favor_tile_cult_steps(tile: str) -> None:
    st = temple_ready()
    cult, steps = FAVOR_STEPS[tile]
    start = fs(st, "witches")["cults"][cult]
    st = play(st, "witches", f"upgrade F4 to TE. +{tile}")
    assert fs(st, "witches")["cults"][cult] == start + steps
    assert fs(st, "witches")["favors"] == [tile]


def test_favor_tiles_are_unique_per_player_and_limited() -> None:
    st = play(temple_ready(), "witches", "upgrade F4 to TE. +FAV1")
    assert st["favor_pool"]["FAV1"] == 0
    st = play(st, "halflings", "pass BON9")
    st = tweak(put(st, "witches", "E9", "TP"), "witches", W=20, C=30)
    assert fails(st, "witches", "upgrade E9 to TE. +FAV1") == "terra_mystica.favor_twice"


@pytest.mark.parametrize(("tile", "gain"), [
    ("FAV7", (0, 1, 1)), ("FAV8", (0, 0, 4)), ("FAV9", (3, 0, 0))])
def test_favor_income(tile: str, gain: tuple) -> None:
    st = tweak(witches_game(), "witches", favors=[tile], bonus=None, P1=12, P2=0, P3=0)
    before = dict(fs(st, "witches"))
    income(st)
    after = fs(st, "witches")
    assert (after["C"] - before["C"], after["W"] - before["W"] - 3, after["P2"]) == gain


def test_fav6_cult_action_once_per_round() -> None:
    st = tweak(witches_game(), "witches", favors=["FAV6"])
    st = play(st, "witches", "action FAV6. +AIR")
    assert fs(st, "witches")["cults"]["AIR"] == 3
    st = play(st, "halflings", "pass BON9")
    assert fails(st, "witches", "action FAV6. +AIR") == "terra_mystica.action_taken"


def test_fav10_and_fav11_vp_on_building() -> None:
    st = tweak(witches_game(scoring=["SCORE6"] + SCORING[1:]), "witches",
               favors=["FAV10", "FAV11"], C=30, W=20)
    vp = fs(st, "witches")["VP"]
    st = play(st, "witches", "upgrade F4 to TP")
    assert fs(st, "witches")["VP"] == vp + 3 + 3  # FAV10 + SCORE6
    st = play(st, "halflings", "pass BON9")
    vp = fs(st, "witches")["VP"]
    st = play(st, "witches", "dig 1. build F6")
    assert fs(st, "witches")["VP"] == vp + 2  # FAV11


@pytest.mark.parametrize(("tps", "vp"), [(0, 0), (1, 2), (2, 3), (3, 3), (4, 4)])
def test_fav12_pass_vp_by_trading_houses(tps: int, vp: int) -> None:
    st = tweak(witches_game(bonuses=["BON3", "BON5"]), "witches", favors=["FAV12"])
    for hex_id in ["F4", "E9", "A3", "A10"][:tps]:
        st = put(st, "witches", hex_id, "TP")
    before = fs(st, "witches")["VP"]
    st = play(st, "witches", "pass BON8")
    assert fs(st, "witches")["VP"] == before + vp


def test_fav5_lowers_town_power_to_six() -> None:
    st = witches_game()
    st = put(put(put(st, "witches", "E9", "TP"), "witches", "D7", "TP"), "witches", "E10")
    st = tweak(st, "witches", W=20, C=30)
    st["terrain"]["F6"] = "green"
    st = play(st, "witches", "build F6")  # power 2+2+1+1 = 6: no town yet
    assert fs(st, "witches")["towns"] == []
    st = play(st, "halflings", "pass BON9")
    st = put(st, "witches", "F4", "TP")
    st = play(st, "witches", "upgrade F4 to TE. +FAV5. +TW3")
    assert fs(st, "witches")["towns"] == ["TW3"]


# -- scoring tiles ---------------------------------------------------------------


@pytest.mark.parametrize(("tile", "text", "vp"), [
    ("SCORE3", "dig 1. build F6", 2), ("SCORE5", "dig 1. build F6", 2),
    ("SCORE6", "upgrade F4 to TP", 3), ("SCORE8", "upgrade F4 to TP", 3),
    ("SCORE4", "upgrade F4 to TE. +FAV9", 0), ("SCORE1", "dig 2. transform E7 to yellow", 4),
])
def test_scoring_tile_action_vp(tile: str, text: str, vp: int) -> None:
    others = [t for t in SCORING if t != tile][:5]
    st = tweak(witches_game(scoring=[tile] + others), "witches", W=20, C=30)
    if "TE" in text:
        st = put(st, "witches", "F4", "TP")
    before = fs(st, "witches")["VP"]
    st = play(st, "witches", text)
    assert fs(st, "witches")["VP"] - before == vp


@pytest.mark.parametrize("tile", ["SCORE4", "SCORE7"])
def test_stronghold_and_sanctuary_score_five(tile: str) -> None:
    others = [t for t in SCORING if t != tile][:5]
    st = tweak(put(witches_game(scoring=[tile] + others), "witches", "F4", "TP"), "witches",
               W=20, C=30)
    before = fs(st, "witches")["VP"]
    st = play(st, "witches", "upgrade F4 to SH")
    assert fs(st, "witches")["VP"] - before == 5


def test_town_scoring_tile_adds_five() -> None:
    st = witches_game(scoring=["SCORE2"] + SCORING[:5])
    st = put(put(put(st, "witches", "E9", "SH"), "witches", "D7", "TP"), "witches", "E10")
    st["terrain"]["F6"] = "green"
    before = fs(st, "witches")["VP"]
    st = play(st, "witches", "build F6. +TW1")
    assert fs(st, "witches")["VP"] - before == 5 + 5 + 5  # tile, witches, SCORE2


CULT_REWARD = {  # tile -> (cult, level, (C, W, P, power, spades))
    "SCORE1": ("EARTH", 3, (3, 0, 0, 0, 0)), "SCORE2": ("EARTH", 8, (0, 0, 0, 0, 2)),
    "SCORE3": ("WATER", 4, (0, 0, 1, 0, 0)), "SCORE4": ("FIRE", 4, (0, 2, 0, 0, 0)),
    "SCORE5": ("FIRE", 8, (0, 0, 0, 8, 0)), "SCORE6": ("WATER", 4, (0, 0, 0, 0, 1)),
    "SCORE7": ("AIR", 5, (0, 2, 0, 0, 0)), "SCORE8": ("AIR", 4, (0, 0, 0, 0, 1)),
}


@pytest.mark.parametrize("tile", sorted(CULT_REWARD))
def test_round_end_cult_bonus(tile: str) -> None:
    cult, level, (c, w, p, pw, spades) = CULT_REWARD[tile]
    others = [t for t in SCORING if t != tile][:5]
    st = witches_game(scoring=[tile] + others, bonuses=["BON3", "BON5"])
    cults = {**fs(st, "witches")["cults"], cult: level}
    st = tweak(st, "witches", cults=cults, P1=12, P2=0, P3=0, P=0)
    before = dict(fs(st, "witches"))
    st = play(st, "witches", "pass BON9")
    st = play(st, "halflings", "pass BON8")
    if spades:
        assert st["phase"] == "spades" and st["pending"]["witches"]["SPADE"] == spades
        st = play(st, "witches", f"-{spades if spades > 1 else ''}SPADE")
    assert st["round"] == 2
    after = fs(st, "witches")
    # round-2 income: 3 W from dwellings, BON9: 2 C (+1 coin lying on it)
    assert after["C"] - before["C"] == c + 3
    assert after["W"] - before["W"] == w + 3
    assert after["P"] == p and after["P2"] == pw


# -- town tiles ------------------------------------------------------------------

TOWN_REWARD = {"TW1": (5, 6, 0, 0, 0), "TW2": (7, 0, 2, 0, 0), "TW3": (9, 0, 0, 1, 0),
               "TW4": (6, 0, 0, 0, 8), "TW5": (8, 0, 0, 0, 0)}


@pytest.mark.parametrize("tile", sorted(TOWN_REWARD))
def test_town_tile_rewards(tile: str) -> None:
    vp, c, w, p, pw = TOWN_REWARD[tile]
    st = new_game(["halflings", "witches"], ["E6", "F4", "E9", "F7"])
    st = put(put(put(st, "halflings", "E6", "SH"), "halflings", "E5", "TP"), "halflings", "E4")
    st = tweak(st, "halflings", P1=12, P2=0, P3=0, P=0)
    st["terrain"]["F3"] = "brown"
    before = dict(fs(st, "halflings"))
    cults = dict(before["cults"])
    st = play(st, "halflings", f"build F3. +{tile}")
    after = fs(st, "halflings")
    assert after["VP"] - before["VP"] == vp + 2  # + SCORE5 dwelling
    assert (after["C"] - before["C"] + 2, after["W"] - before["W"] + 1) == (c, w)
    assert after["P"] == p and after["P2"] == pw
    assert after["keys"] == 1 and st["town_pool"][tile] == 1
    if tile == "TW5":
        assert all(after["cults"][k] == cults[k] + 1 for k in cults)


def test_res_helper_reads_all_numbers() -> None:
    st = witches_game()
    assert len(res(st, "witches")) == 7
