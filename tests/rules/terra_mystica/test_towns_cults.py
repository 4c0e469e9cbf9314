"""Towns (size, power, sanctuary, extension, bridges) and cult tracks (spaces, keys, top)."""

from __future__ import annotations

from rules.terra_mystica.cults import rank_shares
from rules.terra_mystica.flow import NETWORK_VP
from rules.terra_mystica.positions import position
from tests.rules.terra_mystica.helpers import E, fails, fs, new_game, play, put, tweak


def base() -> dict:
    return new_game(["witches", "halflings"], ["E9", "A1", "A7", "F4"])


def test_three_buildings_suffice_with_a_sanctuary() -> None:
    st = position(
        factions=["witches", "halflings"],
        buildings={"E9": ("witches", "TE"), "D7": ("witches", "TP"), "E10": ("witches", "TP"),
                   "F4": ("witches", "D"), "A1": ("halflings", "D"), "A7": ("halflings", "D")},
        resources={"witches": {"W": 20, "C": 30}},
        turn="witches",
    )
    st = play(st, "witches", "upgrade E9 to SA. +FAV9. +TW4")
    assert fs(st, "witches")["towns"] == ["TW4"]


def test_four_buildings_need_power_seven() -> None:
    st = put(put(base(), "witches", "E9", "TP"), "witches", "D7")
    st = put(st, "witches", "E10")
    st["terrain"]["F6"] = "green"
    st = play(st, "witches", "build F6")  # 2+1+1+1 = 5
    assert fs(st, "witches")["towns"] == [] and not st["town_hexes"]


def test_building_next_to_a_town_extends_it() -> None:
    st = put(put(put(base(), "witches", "E9", "SH"), "witches", "D7", "TP"), "witches", "E10")
    st["terrain"]["F6"] = "green"
    st = play(st, "witches", "build F6. +TW1")
    st = play(st, "halflings", "pass BON9")
    st["terrain"]["F5"] = "green"
    st = play(st, "witches", "build F5")
    assert "F5" in st["town_hexes"] and fs(st, "witches")["towns"] == ["TW1"]
    assert st["turn"] is None or st["turn"]["need"].get("TOWN", 0) == 0


def test_a_bridge_can_complete_a_town() -> None:
    st = new_game(["engineers", "witches"], ["C2", "F4", "E9", "E7"], ["BON3", "BON5"])
    st = put(put(put(st, "engineers", "C2", "SH"), "engineers", "B2"), "engineers", "B3")
    st = put(st, "engineers", "D4", "TP")
    assert fs(st, "engineers")["towns"] == []
    st = tweak(st, "engineers", W=10)
    st = play(st, "engineers", "action ACTE. bridge C2:D4. +TW2")
    assert fs(st, "engineers")["towns"] == ["TW2"]


def test_a_town_is_not_founded_twice_from_the_same_buildings() -> None:
    st = put(put(put(base(), "witches", "E9", "SH"), "witches", "D7", "TP"), "witches", "E10")
    st["terrain"]["F6"] = "green"
    st = play(st, "witches", "build F6. +TW1")
    st = play(st, "halflings", "pass BON9")
    st = tweak(st, "witches", W=20, C=30)
    st = play(st, "witches", "upgrade F6 to TP")
    assert fs(st, "witches")["towns"] == ["TW1"]


def test_priest_spaces_fill_three_then_twos_then_one_step() -> None:
    st = new_game(["witches", "halflings"], ["F4", "E6", "F7", "E9"], ["BON3", "BON5"])
    steps = []
    for i in range(5):
        if i == 4:  # make room below 9 so the fifth priest's single step shows
            st = tweak(st, "witches", cults={**fs(st, "witches")["cults"], "WATER": 0})
        st = tweak(st, "witches", P=1)
        before = fs(st, "witches")["cults"]["WATER"]
        st = play(st, "witches", "send p to WATER")
        steps.append(fs(st, "witches")["cults"]["WATER"] - before)
        if st["active"] == "halflings":
            st = play(st, "halflings", "pass BON9")
    assert steps == [3, 2, 2, 2, 1]
    assert st["cult_spaces"]["WATER"] == ["witches"] * 4
    assert fs(st, "witches")["priests_out"] == 4 and fs(st, "witches")["P"] == 0


def test_cult_power_bonuses_at_three_five_seven() -> None:
    st = position(factions=["witches", "halflings"], resources={"witches": {"P": 1}},
                  bowls={"witches": (12, 0, 0)},
                  cults={"witches": {"FIRE": 2, "WATER": 0, "EARTH": 0, "AIR": 4}},
                  turn="witches")
    st = play(st, "witches", "send p to AIR for 3")  # 4 -> 7 passes 5 and 7
    assert fs(st, "witches")["P2"] == 4


def test_space_ten_needs_a_key_and_is_single() -> None:
    st = new_game(["witches", "halflings"], ["F4", "E6", "F7", "E9"], ["BON3", "BON5"])
    cults = {"FIRE": 8, "WATER": 0, "EARTH": 0, "AIR": 0}
    st = tweak(st, "witches", P=2, cults=cults, P1=12, P2=0, P3=0)
    st = tweak(st, "halflings", cults=dict(cults), keys=1)
    st = play(st, "witches", "send p to FIRE for 3")
    assert fs(st, "witches")["cults"]["FIRE"] == 9  # no key
    st = tweak(st, "halflings", P=1)
    st = play(st, "halflings", "send p to FIRE")
    assert fs(st, "halflings")["cults"]["FIRE"] == 10
    st = tweak(st, "witches", keys=1)
    st = play(st, "witches", "send p to FIRE")
    assert fs(st, "witches")["cults"]["FIRE"] == 9  # 10 is taken


def test_key_lets_town_cult_steps_reach_ten() -> None:
    st = put(put(put(base(), "witches", "E9", "SH"), "witches", "D7", "TP"), "witches", "E10")
    st = tweak(st, "witches", cults={"FIRE": 9, "WATER": 9, "EARTH": 2, "AIR": 2})
    st["terrain"]["F6"] = "green"
    st = play(st, "witches", "build F6. +TW5")
    cults = fs(st, "witches")["cults"]
    assert sorted([cults["FIRE"], cults["WATER"]]) == [9, 10]  # one key, one track


def test_final_cult_ties_share_rounded_down() -> None:
    assert rank_shares({"a": 9, "b": 9, "c": 3, "d": 0}, (8, 4, 2)) == {"a": 6, "b": 6, "c": 2}
    assert rank_shares({"a": 10, "b": 9, "c": 9, "d": 9}, NETWORK_VP) == {
        "a": 18, "b": 6, "c": 6, "d": 6}


def test_send_priest_requires_a_priest_and_known_track() -> None:
    st = new_game(["witches", "halflings"], ["F4", "E6", "F7", "E9"], ["BON3", "BON5"])
    assert fails(st, "witches", "send p to FIRE") == "terra_mystica.not_enough"
    assert E.parse(st, 0, "send priest to fire for 2") == {"type": "send", "cult": "FIRE",
                                                           "amount": 2}


def test_key_from_a_town_in_the_same_turn_lifts_a_favor_step_stopped_at_nine() -> None:
    def ready(e10: str) -> dict:
        st = put(put(put(base(), "witches", "E9", "TE"), "witches", "D7", "TP"), "witches",
                 "E10", e10)
        return tweak(st, "witches", W=20, C=30,
                     cults={"FIRE": 8, "WATER": 0, "EARTH": 0, "AIR": 2})

    st = play(ready("TP"), "witches", "upgrade E9 to SA. +FAV1. +TW3")  # SA town, power 7
    assert fs(st, "witches")["cults"]["FIRE"] == 10
    st = play(ready("D"), "witches", "upgrade E9 to SA. +FAV1")  # power 6: no town, no key
    assert fs(st, "witches")["cults"]["FIRE"] == 9


def test_cult_steps_can_be_given_back_only_between_seven_and_nine() -> None:
    st = tweak(base(), "witches", cults={"FIRE": 8, "WATER": 5, "EARTH": 0, "AIR": 2})
    st = play(st, "witches", "-FIRE")
    assert fs(st, "witches")["cults"]["FIRE"] == 7
    assert fails(st, "witches", "-FIRE") == "terra_mystica.cult_lose"
    assert fails(st, "witches", "-WATER") == "terra_mystica.cult_lose"
