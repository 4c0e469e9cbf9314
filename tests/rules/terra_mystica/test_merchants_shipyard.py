"""The shipyard (seed L337-357): riverside trading house only, one-time rewards (+1 shipping
and a ship next to the shipyard), power value 3, its ship action once a round."""

from __future__ import annotations

from rules.terra_mystica.merchants.shipyard import board_entry
from tests.rules.terra_mystica.helpers import E, fails, fs, play
from tests.rules.terra_mystica.mots_helpers import mots_game
from tests.rules.terra_mystica.test_merchants_ships import DWELLINGS, with_

ROUND1_SCOM4 = ["SCOM4", "SCOM7", "SCOM6", "SCOM2", "SCOM12", "SCOM10"]


def game(**options) -> dict:
    st = mots_game(["cultists", "nomads"], DWELLINGS, ["E6", "D3"], ["BON3", "BON5"], **options)
    st["buildings"]["B2"] = ["cultists", "TP"]  # plains on rivers r1 and r8
    st["buildings"]["A1"] = ["cultists", "TP"]  # inland
    st["buildings"]["B3"] = ["nomads", "D"]  # next to B2
    st["factions"]["cultists"]["built"].update({"D": 1, "TP": 2})
    return with_(st, "cultists", W=10, C=20, P1=0, P2=0, P3=0)


def test_the_shipyard_costs_and_gives_shipping_and_a_ship_next_to_it() -> None:
    st = game()
    before = fs(st, "cultists")
    cost = board_entry("cultists")["cost"]
    st = play(st, "cultists", "upgrade B2 to SY. ship r8")
    c = fs(st, "cultists")
    assert st["buildings"]["B2"] == ["cultists", "SY"] and c["shipyard"] == "B2"
    assert (before["W"] - c["W"], before["C"] - c["C"]) == (cost["W"], cost["C"])
    assert c["ship"] == before["ship"] + 1 and c["VP"] - before["VP"] == 2  # shipping track
    assert c["ships"] == ["r8"] and c["built"]["TP"] == 1
    assert [(o["to"], o["amount"]) for o in st["offers"]] == [("nomads", 1)]


def test_the_reward_ship_goes_next_to_the_shipyard_not_the_dock() -> None:
    st = game()
    assert fails(st, "cultists", "upgrade B2 to SY. ship r15") == "terra_mystica.mots_ship_here"


def test_only_a_riverside_trading_house_and_only_one_shipyard() -> None:
    st = game()
    assert fails(st, "cultists", "upgrade A1 to SY") == "terra_mystica.mots_shipyard_river"
    assert fails(st, "cultists", "upgrade E6 to SY") == "terra_mystica.bad_upgrade"
    st2 = with_(st, "cultists", shipyard="B2")
    assert fails(st2, "cultists", "upgrade B2 to SY") == "terra_mystica.no_pieces"
    base = E.setup({"factions": ["witches", "nomads"]}, 2, 1)
    assert "SY" not in {b for _, b in base["buildings"].values()}


def test_scoring_tile_pays_five_for_a_shipyard() -> None:
    st = game(scoring=ROUND1_SCOM4)
    before = fs(st, "cultists")["VP"]
    st = play(st, "cultists", "upgrade B2 to SY. ship r8")
    assert fs(st, "cultists")["VP"] - before == 2 + 5


def test_the_ship_action_needs_the_shipyard_costs_a_dwelling_once_a_round() -> None:
    st = game()
    assert fails(st, "cultists", "action SYSHIP") == "terra_mystica.no_action"
    st = play(st, "cultists", "upgrade B2 to SY. ship r8")
    st = play(st, "nomads", "pass BON7")
    before = fs(st, "cultists")
    st = play(st, "cultists", "action SYSHIP. ship r15")  # next to the dock is fine too
    c = fs(st, "cultists")
    cost = board_entry("cultists")["ship_cost"]
    assert (before["W"] - c["W"], before["C"] - c["C"]) == (cost["W"], cost["C"])
    assert sorted(c["ships"]) == ["r15", "r8"]
    assert fails(st, "cultists", "action SYSHIP") == "terra_mystica.action_taken"
    assert board_entry("alchemists")["ship_cost"] == {"W": 1, "C": 2}  # seed L355


def test_trading_with_a_shipyard_gives_two_vp_and_a_pick() -> None:
    st = game()
    st = play(st, "cultists", "upgrade B2 to SY. ship r8")
    st = with_(st, "nomads", ships=["r1"], ship=1)
    st = play(st, "nomads", "move r1-B2/MOVE")
    assert st["trades"]["B2"] == ["nomads"]
    offer = next(o for o in st["offers"] if o.get("trade") == "B2")
    assert offer["amount"] == 3  # the shipyard's power value


def test_the_move_pick_frees_the_shipyard_boards_move_action() -> None:
    st = game()
    st = play(st, "cultists", "upgrade B2 to SY. ship r8")
    st = with_(st, "nomads", ships=["r1", "r14"], ship=1, P3=4, used=["SYMOVE"])
    st = play(st, "nomads", "action ACTM1. move r1-B2/MOVE")
    assert "SYMOVE" not in fs(st, "nomads")["used"]


def test_the_ship_pick_puts_the_trading_ship_back_next_to_the_own_dock() -> None:
    st = game()
    st = play(st, "cultists", "upgrade B2 to SY. ship r8")
    st = with_(st, "nomads", ships=["r1"], ship=1)
    assert fails(st, "nomads", "move r1-B2/r15") == "terra_mystica.mots_ship_here"
    st = play(st, "nomads", "move r1-B2/r14")  # the Nomads' dock D3 is on r14
    assert fs(st, "nomads")["ships"] == ["r14"] and st["trades"]["B2"] == ["nomads"]


def finish_round(st: dict) -> dict:
    """Everyone passes; round 2 begins (income)."""
    while st["round"] == 1:
        name = st["active"]
        taken = {f["bonus"] for f in st["factions"].values()}
        st = play(st, name, "pass " + next(t for t in st["bonus_pool"] if t not in taken))
        for o in list(st["offers"]):
            st = play(st, o["to"], f"decline {o['amount']} from {o['from']}")
    return st


def test_the_shipyard_brings_a_ship_each_round_from_the_next_one() -> None:
    st = game()
    st = play(st, "cultists", "upgrade B2 to SY. ship r8")
    assert "SHIP" not in st["pending"].get("cultists", {})  # not in the round it was built
    st = finish_round(st)
    assert st["round"] == 2 and st["pending"]["cultists"]["SHIP"] == 1
    (d,) = [d for d in E.decisions(st) if d.kind == "ship"]
    assert [c.text for c in d.choices] == ["ship r1", "ship r8", "ship r15"]  # compulsory
    assert d.timeout.text == "ship r15"
    assert fails(st, "cultists", "-SHIP") == "terra_mystica.mots_ship_compulsory"
    st = play(st, "cultists", "ship r1")  # out of turn if need be
    assert sorted(fs(st, "cultists")["ships"]) == ["r1", "r8"]
    assert not [d for d in E.decisions(st) if d.kind == "ship"]


def test_income_ship_sources_and_the_limit() -> None:
    st = game()
    st = with_(st, "cultists", favors=["FAVM3"], ships=["r15", "r15"])
    st = finish_round(st)  # BON3/BON5 held: no BONM3; FAVM3 brings one, room for one
    assert st["pending"]["cultists"]["SHIP"] == 1
    st = play(st, "cultists", "-SHIP")
    assert st["pending"]["cultists"]["SHIP"] == 0 and len(fs(st, "cultists")["ships"]) == 2


def test_the_shipyard_and_bonm3_ships_must_be_placed_favm3_may_be_declined() -> None:
    """Seed L345 (the shipyard: '수입으로 받습니다'), L521 (BONM3: '놓습니다') against
    L473 (FAVM3: '놓을 수 있습니다'): one of each owed, the optional one goes first."""
    st = game()
    st = play(st, "cultists", "upgrade B2 to SY. ship r8")
    st = with_(st, "cultists", favors=["FAVM3"])
    st = finish_round(st)
    assert st["pending"]["cultists"] == {"SHIP": 2, "SHIP_MUST": 1}
    st = play(st, "cultists", "-SHIP")  # FAVM3's ship declined
    assert fails(st, "cultists", "-SHIP") == "terra_mystica.mots_ship_compulsory"
    (d,) = [d for d in E.decisions(st) if d.kind == "ship"]
    assert "-SHIP" not in [c.text for c in d.choices]
    st = play(st, "cultists", "ship r15")
    assert sorted(fs(st, "cultists")["ships"]) == ["r15", "r8"]
    assert not [d for d in E.decisions(st) if d.kind == "ship"]


def test_placing_first_pays_the_compulsory_ship_and_the_optional_one_stays_declinable() -> None:
    st = game()
    st["pending"]["cultists"] = {"SHIP": 2, "SHIP_MUST": 1}
    st = play(st, "cultists", "ship r15")
    assert st["pending"]["cultists"] == {"SHIP": 1, "SHIP_MUST": 0}
    (d,) = [d for d in E.decisions(st) if d.kind == "ship"]
    assert [c.text for c in d.choices] == ["ship r15", "-SHIP"]
    st = play(st, "cultists", "-SHIP")
    assert fs(st, "cultists")["ships"] == ["r15"]


def test_a_compulsory_ship_with_no_room_lapses() -> None:
    st = game()
    st["pending"]["cultists"] = {"SHIP": 1, "SHIP_MUST": 1}
    st = with_(st, "cultists", ships=["r15", "r15", "r15"])
    (d,) = [d for d in E.decisions(st) if d.kind == "ship"]
    assert [c.text for c in d.choices] == ["-SHIP"]
    st = play(st, "cultists", "-SHIP")
    assert not [d for d in E.decisions(st) if d.kind == "ship"]


def test_bonm3_income_ship_is_compulsory() -> None:
    st = game()
    st = with_(st, "cultists", bonus="BONM3")
    from rules.terra_mystica.merchants.ships import income_ships

    income_ships(st)
    assert st["pending"]["cultists"] == {"SHIP": 1, "SHIP_MUST": 1}
    st = with_(st, "cultists", bonus="BON3", favors=["FAVM3"])
    st["pending"] = {}
    income_ships(st)
    assert st["pending"]["cultists"] == {"SHIP": 1}


def test_the_compulsory_refusal_reads_in_english_and_korean() -> None:
    from rules.terra_mystica.messages import fill, named_params

    params = named_params({"faction": "cultists"})
    en = fill("terra_mystica.mots_ship_compulsory", "en", params)
    ko = fill("terra_mystica.mots_ship_compulsory", "ko", params)
    assert en.startswith("Cultists must place this ship") and "cannot be declined" in en
    assert ko.startswith("광신도: 이 선박은 반드시 게임판에 놓아야 합니다")


def test_a_ship_need_lists_its_spots_and_may_be_declined() -> None:
    st = game()
    st = with_(st, "cultists", P3=4)
    st = E.apply_held(st, 0, E.parse(st, 0, "action ACTM2"))[0]
    (d,) = [d for d in E.decisions(st) if d.seat == 0]
    assert [c.text for c in d.choices] == ["ship r15", "-SHIP"]
    st = E.apply(st, 0, E.parse(st, 0, "-SHIP"))[0]
    assert fs(st, "cultists")["ships"] == [] and st["active"] == "nomads"


def test_an_income_ship_with_all_three_out_can_only_be_declined() -> None:
    st = game()
    st["pending"]["cultists"] = {"SHIP": 1}  # owed, then the last ship came another way
    st = with_(st, "cultists", ships=["r15", "r15", "r15"])
    (d,) = [d for d in E.decisions(st) if d.kind == "ship"]
    assert [c.text for c in d.choices] == ["-SHIP"]
    assert fails(st, "cultists", "ship r15") == "terra_mystica.mots_ship_limit"


def test_the_round_end_ship_of_the_water_scoring_tile_is_compulsory() -> None:
    """Seed L503: a ship per 4 Water '가져와 게임판에 놓습니다' (no 'may')."""
    from rules.terra_mystica.merchants.ships import round_end_reward

    st = game()
    round_end_reward(st, "cultists", "SHIPS", 1)
    assert st["pending"]["cultists"] == {"SHIP": 1, "SHIP_MUST": 1}
    assert fails(st, "cultists", "-SHIP") == "terra_mystica.mots_ship_compulsory"
