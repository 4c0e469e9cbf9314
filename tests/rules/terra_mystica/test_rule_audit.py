"""Rules checked one by one against the rulebook that no other test pinned down."""

from __future__ import annotations

import pytest

from rules.terra_mystica.flow import income
from tests.rules.terra_mystica.helpers import (
    E,
    fails,
    fs,
    new_game,
    pass_all,
    play,
    put,
    tweak,
)


def duel(**kw) -> dict:
    """Witches (F4, E9) against Halflings (E6, F7); Witches to act. F4 touches E6."""
    return new_game(["witches", "halflings"], ["F4", "E6", "F7", "E9"], **kw)


def last_round(st: dict) -> dict:
    st = dict(st)
    st["round"] = 6
    return st


# -- building ----------------------------------------------------------------------


def test_trading_house_costs_double_coins_without_an_opponent_next_to_it() -> None:
    st = tweak(duel(), "witches", C=20, W=10)
    near = play(st, "witches", "upgrade F4 to TP")  # E6 (Halflings) is a neighbour
    assert (fs(near, "witches")["C"], fs(near, "witches")["W"]) == (17, 8)
    alone = play(st, "witches", "upgrade E9 to TP")  # D7, E10, F5, F6: nobody
    assert (fs(alone, "witches")["C"], fs(alone, "witches")["W"]) == (14, 8)


@pytest.mark.parametrize(("have", "want"), [("D", "TE"), ("D", "SH"), ("D", "SA"),
                                            ("TE", "SH"), ("TP", "SA")])
def test_only_the_printed_upgrade_paths(have: str, want: str) -> None:
    st = tweak(put(duel(), "witches", "F4", have), "witches", C=30, W=30)
    assert fails(st, "witches", f"upgrade F4 to {want}") == "terra_mystica.bad_upgrade"


def test_sanctuary_and_temple_each_bring_a_favor_tile() -> None:
    st = tweak(put(duel(), "witches", "F4", "TE"), "witches", C=30, W=30)
    st = play(st, "witches", "upgrade F4 to SA")
    assert st["turn"]["need"].get("FAVOR") == 1
    assert fails(st, "witches", "upgrade E9 to TP") == "terra_mystica.multiple_actions"


# -- power actions -----------------------------------------------------------------


@pytest.mark.parametrize(("space", "cost", "gain"), [
    ("ACT2", 3, {"P": 1}), ("ACT3", 4, {"W": 2}), ("ACT4", 4, {"C": 7})])
def test_power_action_costs_and_gains(space: str, cost: int, gain: dict) -> None:
    st = tweak(duel(), "witches", P1=0, P2=0, P3=7, P=0)
    before = dict(fs(st, "witches"))
    st = play(st, "witches", f"action {space}")
    after = fs(st, "witches")
    assert (after["P3"], after["P1"]) == (7 - cost, cost)
    for k, v in gain.items():
        assert after[k] == before[k] + v
    # one use per round for the whole table
    st = tweak(st, "halflings", P3=7)
    assert fails(st, "halflings", f"action {space}") == "terra_mystica.action_taken"


def test_power_action_needs_the_power_in_bowl_three() -> None:
    st = tweak(duel(), "witches", P1=0, P2=0, P3=5)
    assert fails(st, "witches", "action ACT6") == "terra_mystica.not_enough"


def test_power_action_spaces_free_up_next_round() -> None:
    st = tweak(duel(), "witches", P1=0, P2=0, P3=7)
    st = play(st, "witches", "action ACT4")
    st = pass_all(st)
    assert st["round"] == 2 and st["acts"] == {}


# -- tracks, priests, bridges ----------------------------------------------------------


def test_shipping_stops_at_three_and_digging_at_two() -> None:
    st = tweak(duel(), "witches", ship=3, dig=2, C=50, W=50, P=5)
    assert fails(st, "witches", "advance ship") == "terra_mystica.cant_advance"
    assert fails(st, "witches", "advance dig") == "terra_mystica.cant_advance"


def test_priest_income_stops_at_the_seven_priests() -> None:
    st = tweak(duel(bonuses=["BON3", "BON8"]), "witches", P=6, priests_out=1)
    income(st)
    assert fs(st, "witches")["P"] == 6  # 6 in hand + 1 on the cult board = all seven


def test_no_fourth_bridge() -> None:
    st = tweak(duel(), "witches", bridges=3, P1=0, P2=0, P3=7)
    st = play(st, "witches", "action ACT1")
    assert fails(st, "witches", "bridge E9:E10") in ("terra_mystica.no_pieces", "terra_mystica.bad_bridge")


# -- cults -------------------------------------------------------------------------


def test_space_ten_gives_three_power() -> None:
    st = tweak(duel(bonuses=["BON3", "BON2"]), "witches", keys=1, P1=5, P2=7, P3=0)
    st["factions"]["witches"]["cults"] = {"FIRE": 9, "WATER": 0, "EARTH": 0, "AIR": 2}
    st = play(st, "witches", "action BON2. +FIRE")
    w = fs(st, "witches")
    assert w["cults"]["FIRE"] == 10 and (w["P1"], w["P2"]) == (2, 10)


# -- leech -------------------------------------------------------------------------


def test_a_player_who_passed_still_gets_offers() -> None:
    st = tweak(duel(), "witches", C=20, W=10)
    st = play(st, "witches", "pass BON9")
    st = play(st, "halflings", "upgrade E6 to TP")
    assert [(o["to"], o["amount"]) for o in st["offers"]] == [("witches", 1)]
    before = fs(st, "witches")["P1"]
    st = play(st, "witches", "leech 1 from halflings")
    assert fs(st, "witches")["P1"] == before - 1


# -- final scoring -----------------------------------------------------------------


def trio() -> dict:
    """Witches (F4, E9), Halflings (E6, F7), Nomads (F3, G4, A5); Witches to act."""
    return new_game(["witches", "halflings", "nomads"],
                    ["F4", "E6", "F3", "G4", "F7", "E9", "A5"])


def test_network_scores_18_12_6_and_ties_share_rounded_down() -> None:
    st = trio()
    for h in ("E7", "D4", "D5"):  # witches: F4-E7-D4-D5 plus E9 apart: 4
        st = put(st, "witches", h)
    st = put(st, "nomads", "G2")  # nomads: F3-G2: 2 (G4 and A5 apart); halflings 1 each
    st = last_round(st)
    st = pass_all(st)
    br = st["final"]["breakdown"]
    sizes = st["final"]["network"]
    assert sizes["witches"] == 4
    assert sizes["nomads"] == 2 and sizes["halflings"] == 1
    assert br["witches"]["network"] == 18
    assert br["nomads"]["network"] == 12 and br["halflings"]["network"] == 6


def test_network_tie_for_second_shares_twelve_and_six() -> None:
    st = trio()
    st = put(st, "witches", "E7")  # witches F4-E7: 2; nomads F3-G2: 2; halflings E6-E5: 3
    st = put(put(st, "nomads", "G2"), "halflings", "E5")
    st = put(st, "halflings", "D4")
    st = last_round(st)
    st = pass_all(st)
    sizes = st["final"]["network"]
    br = st["final"]["breakdown"]
    ranked = sorted(sizes.values(), reverse=True)
    assert ranked[0] > ranked[1] == ranked[2]
    second = [n for n in sizes if sizes[n] == ranked[1]]
    assert all(br[n]["network"] == (12 + 6) // 2 for n in second)


def test_shipping_joins_the_network_across_a_river() -> None:
    st = duel()
    st = put(st, "witches", "G3")  # one river away from F4
    st = last_round(st)
    landlocked = pass_all(st)
    assert landlocked["final"]["network"]["witches"] == 1  # F4, G3 and E9 all apart
    ship = pass_all(tweak(st, "witches", ship=1))
    assert ship["final"]["network"]["witches"] == 2  # F4 ~ G3 over one river


def test_leftover_resources_become_coins_then_vp() -> None:
    st = last_round(duel())
    st = tweak(st, "witches", C=5, W=2, P=1, P1=0, P2=5, P3=2)
    vp = fs(st, "witches")["VP"]
    st = pass_all(st)
    w = fs(st, "witches")
    # burn 2 (bowl III 4) + 1 priest + 2 workers + 5 coins = 12 coins = 4 VP
    assert st["final"]["breakdown"]["witches"]["resources"] == 4
    assert w["C"] == 0 and w["W"] == 0 and w["P"] == 0
    assert w["VP"] == vp + sum(v for k, v in st["final"]["breakdown"]["witches"].items()
                               if k != "play")


def test_round_six_pass_takes_no_tile_and_returns_the_old_one() -> None:
    st = last_round(duel(bonuses=["BON3", "BON6"]))
    st = play(st, "witches", "pass")
    assert fs(st, "witches")["bonus"] is None and "BON6" in st["bonus_pool"]


def test_no_cult_bonus_after_round_six() -> None:
    st = last_round(duel())
    st["factions"]["witches"]["cults"]["AIR"] = 8  # SCORE7 in round 6: W per 2 AIR
    w = fs(st, "witches")["W"]
    st = tweak(st, "witches", W=w, C=0, P=0, P1=12, P2=0, P3=0)
    st = pass_all(st)
    assert st["final"]["breakdown"]["witches"]["resources"] == w // 3
    assert E.result(st) is not None



def test_a_priest_may_go_back_to_the_supply_for_one_step_or_onto_a_smaller_space() -> None:
    st = tweak(duel(), "witches", P=1)
    back = play(st, "witches", "send p to EARTH for 1")
    w = fs(back, "witches")
    assert (w["cults"]["EARTH"], w["P"], w["priests_out"]) == (1, 0, 0)
    assert back["cult_spaces"]["EARTH"] == [None] * 4  # the priest went back to the supply
    two = play(st, "witches", "send p to EARTH for 2")
    assert two["cult_spaces"]["EARTH"][1] == "witches" and fs(two, "witches")["priests_out"] == 1
