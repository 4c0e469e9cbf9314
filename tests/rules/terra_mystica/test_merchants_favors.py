"""The expansion's favor rule (one +1 tile per cult, seed L199-210), the favor power action
(L454) and pass scoring of FAVM4 / BONM2 (L477, L515-517)."""

from __future__ import annotations

from rules.terra_mystica.merchants import tiles as mt
from tests.rules.terra_mystica.helpers import E, fails, fs, play
from tests.rules.terra_mystica.mots_helpers import mots_game
from tests.rules.terra_mystica.test_merchants_ships import DWELLINGS, with_


def game() -> dict:
    return mots_game(["cultists", "nomads"], DWELLINGS, ["E6", "D3"], ["BON3", "BON5"])


def same_cult_as_fav9() -> str:
    return next(t for t, c in mt.FAVOR_CULT.items() if c == mt.BASE_PLUS_ONE["FAV9"])


def test_power_action_favor_costs_five_power_and_a_priest() -> None:
    st = with_(game(), "cultists", P3=5, P=1, P1=0)
    st = play(st, "cultists", "action ACTM3. +FAV10")  # +1 Water: no power on the way
    c = fs(st, "cultists")
    assert "FAV10" in c["favors"] and (c["P3"], c["P1"], c["P"]) == (0, 5, 0)
    assert fails(with_(game(), "cultists", P3=5, P=0), "cultists", "action ACTM3") == (
        "terra_mystica.not_enough"
    )


def test_one_plus_one_favor_tile_per_cult() -> None:
    st = with_(game(), "cultists", P3=5, P=1, favors=["FAV9"])
    bar = same_cult_as_fav9()
    assert fails(st, "cultists", f"action ACTM3. +{bar}") == "terra_mystica.mots_favor_cult"
    st2 = E.apply_held(st, 0, E.parse(st, 0, "action ACTM3"))[0]
    offered = {c.text for d in E.decisions(st2) for c in d.choices or []}
    assert f"+{bar}" not in offered and "+FAV10" in offered
    other = next(t for t, c in mt.FAVOR_CULT.items() if c != mt.BASE_PLUS_ONE["FAV9"])
    assert f"+{other}" in offered


def test_the_rule_does_not_touch_the_base_game() -> None:
    from rules.terra_mystica.merchants.favors import favor_allowed

    st = E.setup({"factions": ["cultists", "nomads"]}, 2, 1)
    st["factions"]["cultists"]["favors"] = ["FAV9"]
    assert favor_allowed(st, "cultists", same_cult_as_fav9())


def test_favm4_pays_by_trade_markers_on_passing() -> None:
    for placed, vp in ((0, 0), (1, 2), (3, 2), (4, 3), (6, 3), (7, 4), (9, 4), (10, 5), (15, 5)):
        st = with_(game(), "cultists", favors=["FAVM4"], markers=15 - placed)
        before = fs(st, "cultists")["VP"]
        st = play(st, "cultists", "pass BON7")
        assert fs(st, "cultists")["VP"] - before == vp, placed


def test_bonm2_pays_three_vp_per_ship_on_the_board_when_returned() -> None:
    st = mots_game(["cultists", "nomads"], DWELLINGS, ["E6", "D3"], ["BON3", "BONM2"])
    st = with_(st, "cultists", ships=["r15", "r14"])
    before = fs(st, "cultists")["VP"]
    st = play(st, "cultists", "pass BON7")
    assert fs(st, "cultists")["VP"] - before == 6


def take_favm1(st: dict) -> dict:
    st = with_(st, "cultists", P3=5, P=1)
    return E.apply_held(st, 0, E.parse(st, 0, "action ACTM3. +FAVM1"))[0]


def test_favm1_asks_its_one_time_choice() -> None:
    st = take_favm1(game())
    (d,) = [d for d in E.decisions(st) if d.seat == 0]
    texts = [c.text for c in d.choices]
    assert texts[0] == "favor ship" and "favor priest WATER for 3" in texts
    assert "favor priest AIR for 1" in texts
    assert E.format(st, E.parse(st, 0, "은총 성직자 물 3")) == "favor priest WATER for 3"
    assert E.format(st, E.parse(st, 0, "favor priest WATER for 3"), "ko") == "은총 성직자 물 3"


def test_favm1_shipping_and_a_worker() -> None:
    st = take_favm1(game())
    before = fs(st, "cultists")
    st = E.apply(st, 0, E.parse(st, 0, "favor ship"))[0]
    c = fs(st, "cultists")
    assert (c["ship"], c["W"]) == (before["ship"] + 1, before["W"] + 1)
    assert st["active"] == "nomads"  # the choice closed the turn


def test_favm1_a_priest_from_the_supply_to_a_cult_and_four_coins() -> None:
    st = take_favm1(game())
    before = fs(st, "cultists")
    st = E.apply(st, 0, E.parse(st, 0, "favor priest WATER for 3"))[0]
    c = fs(st, "cultists")
    assert c["C"] == before["C"] + 4 and c["P"] == before["P"]
    assert c["cults"]["WATER"] == before["cults"]["WATER"] + 3
    assert st["cult_spaces"]["WATER"][0] == "cultists" and c["priests_out"] == 1
    assert fails(take_favm1(game()), "cultists", "favor priest WATER for 3. favor ship") == (
        "terra_mystica.nothing_pending"
    )
