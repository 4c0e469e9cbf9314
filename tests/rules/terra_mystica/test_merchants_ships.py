"""Ships (seed L243-335): gaining and placing, the three-ship limit, moving along rivers and
through canals, power for the extra space, stopping in buildings, and the trades."""

from __future__ import annotations

import pytest

from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.state import copy_state
from tests.rules.terra_mystica.helpers import E, fails, fs, play
from tests.rules.terra_mystica.mots_helpers import mots_game

# Cultists E6 (river r15) and A1 (inland); Nomads D3 (r14, r8), F3 (r21, r28), B6.
DWELLINGS = ["E6", "D3", "F3", "A1", "B6"]


def game() -> dict:
    st = mots_game(["cultists", "nomads"], DWELLINGS, ["E6", "D3"], ["BON3", "BON5"])
    assert st["round"] == 1 and st["active"] == "cultists"
    return st


def with_(st: dict, faction: str, **values) -> dict:
    st = copy_state(st)
    st["factions"][faction].update(values)
    return st


def test_setup_gives_each_faction_three_ships_in_supply_and_fifteen_markers() -> None:
    st = game()
    assert fs(st, "cultists")["ships"] == [] and fs(st, "cultists")["markers"] == 15
    assert (fs(st, "cultists")["dock"], fs(st, "nomads")["dock"]) == ("E6", "D3")


def test_power_action_places_a_ship_next_to_the_dock() -> None:
    st = with_(game(), "cultists", P3=5, P1=0, P2=7)
    st = play(st, "cultists", "action ACTM2. ship r15")
    assert fs(st, "cultists")["ships"] == ["r15"]
    assert (fs(st, "cultists")["P3"], fs(st, "cultists")["P1"]) == (1, 4)
    assert st["acts"]["ACTM2"] == "cultists"


def test_a_gained_ship_goes_only_next_to_the_dock_or_shipyard() -> None:
    st = with_(game(), "cultists", P3=5)
    assert fails(st, "cultists", "action ACTM2. ship r14") == "terra_mystica.mots_ship_here"


def test_no_dock_no_ships() -> None:
    st = with_(game(), "cultists", P3=5, dock=None)
    assert fails(st, "cultists", "action ACTM2. ship r15") == "terra_mystica.mots_no_dock"


def test_at_most_three_ships_and_moving_them_frees_no_slot() -> None:
    st = with_(game(), "cultists", P3=9, ships=["r15", "r15", "r14"])
    assert fails(st, "cultists", "action ACTM2. ship r15") == "terra_mystica.mots_ship_limit"
    st = play(st, "cultists", "move r14-r15")  # a move along the river keeps all three
    assert sorted(fs(st, "cultists")["ships"]) == ["r15", "r15", "r15"]
    st = play(st, "nomads", "pass BON7")
    assert fails(st, "cultists", "action ACTM2. ship r15") == "terra_mystica.mots_ship_limit"


def test_a_ship_cannot_be_placed_without_gaining_one() -> None:
    assert fails(game(), "cultists", "ship r15") == "terra_mystica.mots_no_ship_gained"


def test_many_ships_may_share_a_river_with_other_factions() -> None:
    st = with_(game(), "cultists", P3=5, ships=["r14"])
    st = with_(st, "nomads", ships=["r14"], ship=1)
    st = with_(st, "cultists", ship=1)
    st = play(st, "cultists", "move r14-r15")
    st = play(st, "nomads", "move r14-r15")
    assert fs(st, "cultists")["ships"] == fs(st, "nomads")["ships"] == ["r15"]


# -- movement ----------------------------------------------------------------------------


def test_move_up_to_the_shipping_value_then_one_more_for_one_power() -> None:
    st = with_(game(), "cultists", ship=1, ships=["r15"], P1=0, P2=7, P3=2)
    st2 = play(st, "cultists", "move r15-r14")  # 1 space: free
    assert fs(st2, "cultists")["ships"] == ["r14"] and fs(st2, "cultists")["P3"] == 2
    st3 = play(st, "cultists", "move r15-r14-r8")  # 2 spaces: 1 power, bowl III -> I
    assert fs(st3, "cultists")["ships"] == ["r8"]
    assert (fs(st3, "cultists")["P3"], fs(st3, "cultists")["P1"]) == (1, 1)
    assert fails(st, "cultists", "move r15-r14-r8-r9") == "terra_mystica.mots_ship_far"


def test_the_extra_space_needs_power_in_bowl_three() -> None:
    st = with_(game(), "cultists", ship=0, ships=["r15"], P1=5, P2=7, P3=0)
    assert fails(st, "cultists", "move r15-r14") == "terra_mystica.not_enough"


def test_swarmlings_may_pay_the_extra_space_from_bowl_two() -> None:
    st = mots_game(
        ["swarmlings", "nomads"], ["E4", "D3", "F3", "D2", "B6"], ["E4", "D3"], ["BON3", "BON5"]
    )
    st = with_(st, "swarmlings", ship=0, ships=["r14"], P1=0, P2=4, P3=0)
    st = play(st, "swarmlings", "move r14-r15")
    assert (fs(st, "swarmlings")["P1"], fs(st, "swarmlings")["P2"]) == (1, 3)


def test_ships_pass_the_canal_but_shipping_reach_does_not() -> None:
    """Base map: the canal on E4|E5 joins r14 (upper river) and r21 (lower)."""
    from rules.terra_mystica import board

    st = with_(game(), "cultists", ship=1, ships=["r14"])
    st = play(st, "cultists", "move r14-r21")
    assert fs(st, "cultists")["ships"] == ["r21"]
    assert "r21" not in board.ADJ["r14"]  # no river edge there: only the canal


def test_each_step_must_follow_rivers_or_canals() -> None:
    st = with_(game(), "cultists", ship=3, ships=["r15"])
    assert fails(st, "cultists", "move r15-r21") == "terra_mystica.mots_ship_path"
    assert fails(st, "cultists", "move r13-r12") == "terra_mystica.mots_no_ship"
    assert fails(st, "cultists", "move r15-E5") == "terra_mystica.mots_ship_own"  # empty land
    assert fails(st, "cultists", "move r15-E6") == "terra_mystica.mots_ship_own"  # own dwelling


def test_move_ships_is_once_a_round_and_the_power_action_moves_again() -> None:
    st = with_(game(), "cultists", ship=1, ships=["r15"], P3=6)
    st = play(st, "cultists", "move r15-r14")
    st = play(st, "nomads", "pass BON7")
    assert fails(st, "cultists", "move r14-r15") == "terra_mystica.action_taken"
    st = play(st, "cultists", "action ACTM1. move r14-r15")
    assert fs(st, "cultists")["ships"] == ["r15"] and st["acts"]["ACTM1"] == "cultists"


# -- entering buildings and trading ---------------------------------------------------------


def test_a_ship_stops_in_the_building_it_enters_and_trades() -> None:
    st = with_(game(), "cultists", ship=3, ships=["r15"])
    before = fs(st, "cultists")
    st = play(st, "cultists", "move r15-r14-r21-F3")  # through the canal into a dwelling
    after = fs(st, "cultists")
    # dwelling: 1 VP + 1 worker (seed L550), and SCOM2 this round: +2 VP per trade
    assert after["VP"] - before["VP"] == 1 + 2 and after["W"] - before["W"] == 1
    assert after["ships"] == [] and after["markers"] == 14
    assert st["trades"] == {"F3": ["cultists"]}
    (offer,) = st["offers"]
    assert (offer["to"], offer["amount"], offer["trade"]) == ("nomads", 1, "F3")
    assert st["leech_groups"] == []  # the Cultists' ability does not apply to trades


def test_no_step_after_a_building() -> None:
    st = with_(game(), "cultists", ship=3, ships=["r14"])
    assert fails(st, "cultists", "move r14-D3-r8") == "terra_mystica.mots_ship_stop"


def test_never_twice_into_a_building_with_ones_marker() -> None:
    st = with_(game(), "cultists", ship=3, ships=["r14"])
    st["trades"]["D3"] = ["cultists"]
    assert fails(st, "cultists", "move r14-D3") == "terra_mystica.mots_ship_traded"


def test_no_two_own_ships_into_one_building() -> None:
    st = with_(game(), "cultists", ship=3, ships=["r14", "r8"])
    assert fails(st, "cultists", "move r14-D3 r8-D3") == "terra_mystica.mots_two_ships"


def test_no_trade_without_markers_left() -> None:
    st = with_(game(), "cultists", ship=3, ships=["r14"], markers=0)
    assert fails(st, "cultists", "move r14-D3") == "terra_mystica.mots_no_markers"


def test_other_factions_markers_do_not_block() -> None:
    st = with_(game(), "cultists", ship=3, ships=["r14"])
    st["trades"]["D3"] = ["witches"]
    st = play(st, "cultists", "move r14-D3")
    assert st["trades"]["D3"] == ["witches", "cultists"]


@pytest.mark.parametrize(
    ("pick", "check"),
    [
        ("PW", lambda a, b: a["P2"] + 2 * a["P3"] - b["P2"] - 2 * b["P3"] == 3),
        ("FIRE", lambda a, b: a["cults"]["FIRE"] - b["cults"]["FIRE"] == 1),
    ],
)
def test_temple_trade_one_of_three_power_or_a_cult_step(pick, check) -> None:
    st = with_(game(), "cultists", ship=3, ships=["r14"], P1=5, P2=7, P3=0)
    st["buildings"]["D3"] = ["nomads", "TE"]
    assert fails(st, "cultists", "move r14-D3") == "terra_mystica.mots_trade_choice"
    before = fs(st, "cultists")
    st = play(st, "cultists", f"move r14-D3/{pick}")
    assert check(fs(st, "cultists"), before)
    assert fs(st, "cultists")["VP"] - before["VP"] == 1 + 2
    assert st["offers"][0]["amount"] == 2


def test_stronghold_trade_two_vp_two_coins_and_a_spade_giants_two() -> None:
    st = with_(game(), "cultists", ship=3, ships=["r14"])
    st["buildings"]["D3"] = ["nomads", "SH"]
    before = fs(st, "cultists")
    st = E.apply_held(st, 0, E.parse(st, 0, "move r14-D3"))[0]
    assert fs(st, "cultists")["C"] - before["C"] == 2
    assert st["turn"]["spades"] == 1 and st["offers"][0]["amount"] == 3
    assert mt.SHIPYARD["giants"]["sh_trade_spades"] == 2


def test_partner_takes_the_power_for_vp_or_declines() -> None:
    st = with_(game(), "cultists", ship=3, ships=["r14"])
    st["buildings"]["D3"] = ["nomads", "TE"]
    st = play(st, "cultists", "move r14-D3/FIRE")
    vp = fs(st, "nomads")["VP"]
    took = play(st, "nomads", "leech 2 from cultists")
    assert fs(took, "nomads")["VP"] == vp - 1 and took["offers"] == []
    declined = play(st, "nomads", "decline 2 from cultists")
    assert fs(declined, "nomads")["VP"] == vp and declined["trades"]["D3"] == ["cultists"]


def test_a_refused_move_changes_nothing() -> None:
    st = with_(game(), "cultists", ship=3, ships=["r14", "r8"], P3=3)
    snapshot = copy_state(st)
    fails(st, "cultists", "move r14-D3 r8-D3")
    assert st == snapshot


def test_move_notation_round_trips_in_both_languages() -> None:
    st = game()
    action = E.parse(st, 0, "move r15-r14-r21-F3 r8-D3/FIRE")
    assert action == {
        "type": "move",
        "paths": [["r15", "r14", "r21", "F3"], ["r8", "D3"]],
        "picks": {"D3": "FIRE"},
    }
    assert E.format(st, action) == "move r15-r14-r21-F3 r8-D3/FIRE"
    ko = E.format(st, action, "ko")
    assert ko == "선박 이동 r15-r14-r21-F3 r8-D3/불"
    assert E.parse(st, 0, ko) == action
    assert E.parse(st, 0, "선박 이동 r8-D3/불") == {
        "type": "move",
        "paths": [["r8", "D3"]],
        "picks": {"D3": "FIRE"},
    }
    assert E.parse(st, 0, "선박 r15") == {"type": "ship", "hex": "r15"}


# -- building with ships (seed L309-319) --------------------------------------------------


def test_a_ship_makes_its_shore_reachable_and_stays_when_the_dwelling_is_paid() -> None:
    st = with_(game(), "cultists", ship=0)
    assert fails(st, "cultists", "build B2") == "terra_mystica.cant_reach"
    st = with_(st, "cultists", ships=["r8"])
    before = fs(st, "cultists")
    st = play(st, "cultists", "build B2")  # plains: no spade needed
    after = fs(st, "cultists")
    assert st["buildings"]["B2"] == ["cultists", "D"] and after["ships"] == ["r8"]
    assert (before["W"] - after["W"], before["C"] - after["C"]) == (1, 2)


def test_a_ship_spent_pays_the_dwelling_and_returns_to_the_supply() -> None:
    st = with_(game(), "cultists", ship=0, ships=["r8", "r14"])
    before = fs(st, "cultists")
    st = play(st, "cultists", "build B2 by r8")
    after = fs(st, "cultists")
    assert after["ships"] == ["r14"] and (after["W"], after["C"]) == (before["W"], before["C"])
    assert E.parse(st, 0, "건설 B2 선박 r8") == {"type": "build_ship", "hex": "B2", "ship": "r8"}
    assert E.format(st, {"type": "build_ship", "hex": "B2", "ship": "r8"}, "ko") == (
        "건설 B2 선박 r8"
    )


def test_the_spent_ship_must_be_next_to_the_dwelling() -> None:
    st = with_(game(), "cultists", ship=0, ships=["r8", "r14"])
    assert fails(st, "cultists", "build B2 by r14") == "terra_mystica.mots_ship_not_next"
    assert fails(st, "cultists", "build B2 by r28") == "terra_mystica.mots_no_ship"


def test_halflings_gain_a_worker_for_each_ship_spent_on_a_dwelling() -> None:
    st = mots_game(["halflings", "nomads"], DWELLINGS, ["E6", "D3"], ["BON3", "BON5"])
    st = with_(st, "halflings", ships=["r8"])
    w = fs(st, "halflings")["W"]
    st = play(st, "halflings", "build B2 by r8")
    assert fs(st, "halflings")["W"] == w + 1


def test_ship_shores_are_in_the_build_choices() -> None:
    from rules.terra_mystica.moves import reach_map

    st = with_(game(), "cultists", ship=0, ships=["r8"])
    assert reach_map(st, "cultists")["B2"] == "ship"
    assert "B2" not in reach_map(with_(st, "cultists", ships=[]), "cultists")


def test_bonus_tile_actions_place_a_ship_and_move_ships() -> None:
    st = mots_game(["cultists", "nomads"], DWELLINGS, ["E6", "D3"], ["BONM3", "BONM1"])
    st = play(st, "cultists", "action BONM1. ship r15")
    assert fs(st, "cultists")["ships"] == ["r15"] and "BONM1" in fs(st, "cultists")["used"]
    st = with_(st, "nomads", ships=["r14"], ship=1)
    st = play(st, "nomads", "action BONM3. move r14-r8")
    assert fs(st, "nomads")["ships"] == ["r8"]
    # the bonus tile's move is not the shipyard board's: that one is still free this round
    assert "SYMOVE" not in fs(st, "nomads")["used"]


def test_the_view_shows_ships_docks_markers_and_canals() -> None:
    st = with_(game(), "cultists", ship=3, ships=["r15", "r14"])
    st = play(st, "cultists", "move r14-D3")
    view = E.view(st, None)["merchants"]
    assert view["canals"] == [["r14", "r21"]] and view["trades"] == {"D3": ["cultists"]}
    assert view["factions"]["cultists"]["ships"] == ["r15"]
    assert view["factions"]["cultists"]["markers"] == 14
    assert view["factions"]["nomads"]["dock"] == "D3"
    assert "merchants" not in E.view(E.setup({"factions": ["witches", "nomads"]}, 2, 1), None)


def test_nomads_sandstorm_next_to_a_ship_spends_it_on_the_dwelling() -> None:
    """Seed L615: the sandstorm may target a space next to a Nomads' ship; the ship must then
    be spent at once on a dwelling there. B2 (plains) touches r8 and no Nomads building."""
    st = game()
    st["buildings"]["F3"] = ["nomads", "SH"]
    st["factions"]["nomads"]["built"].update({"D": 2, "SH": 1})
    st = play(st, "cultists", "pass BON7")
    no_ship = st
    st = with_(st, "nomads", ships=["r8"])
    assert fails(no_ship, "nomads", "action ACTN. build B2") == ("terra_mystica.sandstorm_adjacent")
    assert fails(st, "nomads", "action ACTN. build B2") == "terra_mystica.sandstorm_adjacent"
    before = fs(st, "nomads")
    st = play(st, "nomads", "action ACTN. build B2 by r8")
    n = fs(st, "nomads")
    assert st["buildings"]["B2"] == ["nomads", "D"] and st["terrain"]["B2"] == "yellow"
    assert n["ships"] == [] and (n["W"], n["C"]) == (before["W"], before["C"])


def test_cult_bonus_spades_may_go_next_to_a_ship_but_build_nothing() -> None:
    """Seed L319: phase III spades may be used on spaces next to an own ship."""
    from rules.terra_mystica.moves import income_spade_choices

    st = with_(game(), "cultists", ship=0, ships=["r8"])
    st["pending"]["cultists"] = {"SPADE": 1}
    texts = [c.text for c in income_spade_choices(st, "cultists")]
    assert any(t.startswith("transform C2") for t in texts)  # mountains next to r8
    assert not any(t.startswith("build") for t in texts)
    st2 = with_(st, "cultists", ships=[])
    assert not any(c.text.startswith("transform C2") for c in income_spade_choices(st2, "cultists"))


def test_a_shipyard_counts_three_power_toward_a_town() -> None:
    from rules.terra_mystica.towns import check_towns

    st = with_(game(), "cultists", ships=[])
    # E6 (D) with a shipyard and two trading houses next to each other: 1 + 3 + 2 + 2 = 8
    st["buildings"].update(
        {
            "E6": ["cultists", "SY"],
            "E5": ["cultists", "TP"],
            "E4": ["cultists", "TP"],
            "F3": ["cultists", "D"],
        }
    )
    st["factions"]["cultists"]["shipyard"] = "E6"
    check_towns(st, "cultists", [])
    assert st["turn"]["need"].get("TOWN") == 1
    st["buildings"]["E6"] = ["cultists", "D"]  # the same four buildings with a dwelling: 6
    st["town_hexes"], st["turn"]["need"] = [], {}
    check_towns(st, "cultists", [])
    assert not st["turn"]["need"].get("TOWN")


def test_a_ship_pays_a_dwelling_also_when_the_build_opens_the_next_action() -> None:
    """The last faction still playing chains actions in one held turn (a replay's lines):
    the ship marked to pay must still pay once the build opens the new action."""
    st = with_(game(), "cultists", ship=0, ships=["r8"], P=2)
    st = play(st, "cultists", "send p to WATER")
    st = play(st, "nomads", "pass BON7")  # the Cultists play on alone
    st = E.apply_held(st, 0, E.parse(st, 0, "send p to FIRE"))[0]  # the action still held
    before = fs(st, "cultists")
    st = E.apply_held(st, 0, E.parse(st, 0, "build B2 by r8"))[0]
    after = fs(st, "cultists")
    assert st["buildings"]["B2"] == ["cultists", "D"] and after["ships"] == []
    assert (after["W"], after["C"]) == (before["W"], before["C"]) and "ship_pay" not in st
