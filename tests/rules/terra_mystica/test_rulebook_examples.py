"""Worked examples from the rulebook digest, as engine behaviour."""

from __future__ import annotations

from rules.terra_mystica.power import burn, capacity, gain_power
from tests.rules.terra_mystica.helpers import fs, new_game, play, put, tweak


def test_power_gain_fills_bowl_two_before_three() -> None:
    bowls = {"P1": 2, "P2": 5, "P3": 5}
    assert gain_power(bowls, 3) == 3
    assert bowls == {"P1": 0, "P2": 6, "P3": 6}
    assert capacity({"P1": 1, "P2": 3, "P3": 8}) == 5


def test_burning_two_tokens_moves_one() -> None:
    bowls = {"P1": 0, "P2": 5, "P3": 0}
    burn(bowls, 2)
    assert bowls == {"P1": 0, "P2": 1, "P3": 2}


def test_three_air_steps_from_four_give_four_power() -> None:
    st = new_game(["nomads", "witches"], ["F3", "F4", "E9", "G4", "A5"])
    st = tweak(st, "nomads", P=1, P1=12, P2=0, P3=0,
               cults={"FIRE": 1, "WATER": 0, "EARTH": 1, "AIR": 4})
    st = play(st, "nomads", "send p to AIR for 3")
    assert fs(st, "nomads")["cults"]["AIR"] == 7 and fs(st, "nomads")["P2"] == 4


def test_six_air_gives_three_workers_on_the_worker_tile() -> None:
    st = new_game(["witches", "nomads"], ["F4", "F3", "G4", "E9", "A5"],
                  scoring=["SCORE7", "SCORE1", "SCORE2", "SCORE3", "SCORE5", "SCORE6"])
    st = tweak(st, "witches", cults={"FIRE": 0, "WATER": 0, "EARTH": 0, "AIR": 6})
    w = fs(st, "witches")["W"]
    st = play(st, "witches", "pass BON4")
    st = play(st, "nomads", "pass BON9")
    # cult bonus 3 W, then round-2 income: 3 W for two dwellings, nothing from BON4
    assert fs(st, "witches")["W"] == w + 3 + 3


def test_auren_second_shipping_level_is_worth_three_vp() -> None:
    st = tweak(new_game(["auren", "nomads"], ["F4", "F3", "G4", "E9", "A5"]), "auren",
               P=2, C=20, ship=1)
    vp = fs(st, "auren")["VP"]
    st = play(st, "auren", "advance ship")
    assert fs(st, "auren")["ship"] == 2 and fs(st, "auren")["VP"] == vp + 3


def test_exchange_track_step_costs_and_scores() -> None:
    st = tweak(new_game(["witches", "nomads"], ["F4", "F3", "G4", "E9", "A5"]), "witches",
               P=1, C=20, W=5)
    st = play(st, "witches", "advance dig")
    f = fs(st, "witches")
    assert (f["dig"], f["W"], f["C"], f["P"], f["VP"]) == (1, 3, 15, 0, 26)


def test_mermaids_next_to_nomad_dwelling_and_temple_offer_three() -> None:
    st = new_game(["mermaids", "nomads"], ["E4", "F3", "G4", "D2", "A5"])
    st = put(put(st, "nomads", "E6", "TE"), "nomads", "D3", "TP")  # D3 is not next to E5
    st["terrain"]["E5"] = "blue"
    st = play(st, "mermaids", "build E5")  # E5 touches E4 (own), E6 (TE) and F3 (D)
    assert [(o["to"], o["amount"]) for o in st["offers"]] == [("nomads", 3)]


def test_leech_of_three_costs_two_vp() -> None:
    st = new_game(["witches", "nomads"], ["F4", "F3", "G4", "E9", "A5"])
    st = put(put(st, "nomads", "F3", "TE"), "nomads", "E6")
    st = tweak(st, "witches", C=20)
    st = play(st, "witches", "upgrade F4 to TP")
    vp = fs(st, "nomads")["VP"]
    st = play(st, "nomads", "leech 3 from witches")
    assert fs(st, "nomads")["VP"] == vp - 2
