"""Adversaries: levels, fear counts, invader deck orders, setup changes, escalations, level
rules and loss conditions, alone and combined, on hand-built positions (boards A and B)."""

import copy
import functools
import json
import random

import pytest

from rules.spirit_island import adversaries as adv
from rules.spirit_island import effects as fx
from rules.spirit_island import fear, hooks
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs
from rules.spirit_island.state import new_game
from tests.rules.spirit_island.helpers import place_all as place
from tests.rules.spirit_island.helpers import settle
from tests.rules.spirit_island.helpers import show_invaders as show


def game(name, level, players=1, supporting=None, seed=4):
    """A game set up against an adversary, then emptied so each test places its pieces."""
    state = new_game(players, seed)
    adv.setup(state, name, level, supporting)
    state["queue"] = []
    state["phase"] = "invader"
    state["turn"] = 1
    for land in state["lands"]:
        state["lands"][land] = pcs.empty_land()
    return state


# Answers a step did not ask for are let go (as this file always did).
run = functools.partial(settle, exact=False)


# --- the table -------------------------------------------------------------------------------


def test_seven_adversaries_with_levels_0_to_6_and_korean_names():
    assert [a["name"] for a in adv.LIST] == [
        "England", "Brandenburg-Prussia", "Sweden", "France", "Habsburg", "Russia", "Scotland"]
    assert all(len(a["levels"]) == 7 and a["ko"] for a in adv.LIST)
    assert [lv["difficulty"] for lv in adv.LIST[5]["levels"]] == [1, 3, 4, 6, 7, 9, 11]
    assert adv.lookup("russia") == adv.lookup("Tsardom of Russia") == "Russia"
    with pytest.raises(ValueError):
        adv.lookup("Portugal")


@pytest.mark.parametrize(("name", "level", "counts"), [
    ("England", 3, [4, 5, 4]), ("England", 6, [4, 5, 4]), ("Sweden", 1, [3, 3, 3]),
    ("Habsburg", 2, [4, 5, 2]), ("Russia", 2, [4, 3, 4]), ("Scotland", 6, [6, 6, 4]),
    ("Brandenburg-Prussia", 0, [3, 3, 3])])
def test_fear_cards_per_terror_level(name, level, counts):
    assert adv.fear_counts(name, level) == counts
    state = game(name, level)
    assert state["fear"]["counts"] == counts and fear.cards_left(state) == sum(counts)


def test_combined_fear_deck_is_three_plus_each_difference():
    """Seed L821: a 3-4-3 adversary with a 4-4-4 one gives 4-5-4."""
    assert adv.fear_counts("England", 1, ("Brandenburg-Prussia", 6)) == [4, 5, 4]
    assert adv.difficulty("Russia", 4, ("Brandenburg-Prussia", 4)) == pytest.approx(7 + 0.6 * 7)


def test_england_six_adds_a_fear_marker_per_player():
    assert game("England", 6, players=2)["fear"]["pool"] == 10
    assert game("England", 5, players=2)["fear"]["pool"] == 8


# --- invader decks ---------------------------------------------------------------------------

PRINTED = [(name, row["level"], row["deck_order"]) for name, a in adv.ADVERSARIES.items()
           for row in a["levels"] if "deck_order" in row]


@pytest.mark.parametrize(("name", "level", "order"), PRINTED,
                         ids=[f"{n}-{lv}" for n, lv, _ in PRINTED])
def test_deck_order_is_the_printed_one(name, level, order):
    for seed in (1, 2, 3):
        state = new_game(1, seed)
        adv.setup(state, name, level)
        assert adv.deck_pattern(inv.deck(state), coastal=name == "Scotland") == order


def test_levels_keep_the_deck_changes_of_lower_levels():
    state = new_game(1, 3)
    adv.setup(state, "Brandenburg-Prussia", 5)
    assert adv.deck_pattern(inv.deck(state)) == "1-3-222-3333"


def test_combined_decks_apply_the_supporting_adversary_first():
    """Seed L829-836 (the digest's derived sequence; the printed one loses cards)."""
    state = new_game(1, 7)
    adv.setup(state, "Brandenburg-Prussia", 4, supporting=("Russia", 4))
    assert adv.deck_pattern(inv.deck(state)) == "11-33-2-3-2-3-2-3"  # 10 cards


def test_without_adversary_changes_the_deck_is_111_2222_33333():
    state = new_game(1, 3)
    adv.setup(state, "England", 6)
    assert adv.deck_pattern(inv.deck(state)) == "111-2222-33333"


def test_russia_five_hides_invader_cards_in_the_fear_deck():
    state = new_game(1, 9)
    adv.setup(state, "Russia", 5)
    deck = state["secret"]["fear_deck"]
    hidden = [i for i, e in enumerate(deck) if e.startswith("invader:")]
    assert [deck[i][8] for i in hidden] == ["2", "3"]
    assert sum(e in fear.CARDS for e in deck[: hidden[0]]) == 3
    assert sum(e in fear.CARDS for e in deck[: hidden[1]]) == 7
    assert all(e[8:] not in inv.deck(state) for e in (deck[i] for i in hidden))


# --- setup -----------------------------------------------------------------------------------


def _fresh(name, level, players=2, supporting=None):
    state = new_game(players, 5)
    before = {n: show(state, n) for n in state["lands"]}
    adv.setup(state, name, level, supporting)
    return before, state


def test_prussia_one_adds_a_town_on_land_three_of_each_board():
    before, state = _fresh("Brandenburg-Prussia", 1)
    for land in ("A3", "B3"):
        assert show(state, land).count("T") == before[land].count("T") + 1


def test_england_two_adds_a_city_on_1_and_a_town_on_2():
    before, state = _fresh("England", 2)
    assert show(state, "A1").count("C") == before["A1"].count("C") + 1
    assert show(state, "B2").count("T") == before["B2"].count("T") + 1


def test_sweden_two_city_on_4_moves_its_blight_to_5_and_six_adds_town_and_blight_on_8():
    before, state = _fresh("Sweden", 6)
    assert "b" in before["A4"]  # board A's land 4 starts with blight
    assert state["lands"]["A4"]["blight"] == 0 and state["lands"]["A5"]["blight"] == 1
    assert len(state["lands"]["A4"]["city"]) == before["A4"].count("C") + 1
    assert state["lands"]["A8"]["blight"] == before["A8"].count("b") + 1
    assert len(state["lands"]["A8"]["town"]) >= before["A8"].count("T") + 1


def test_sweden_four_discards_the_top_card_and_backs_the_fewest_invaders_land():
    state = new_game(1, 11)
    top = inv.deck(state)[0]
    towns = {n: len(state["lands"][n]["town"]) for n in state["lands"]}
    adv.setup(state, "Sweden", 4)
    assert state["track"]["discard"] == [top] and inv.deck(state)[0] != top
    run(state)  # queued: the players pick among the tied lands (before the initial explore)
    gained = [n for n in state["lands"] if len(state["lands"][n]["town"]) > towns[n]]
    assert len(gained) == 1 and inv.matches(("A",), top, gained[0])


def test_france_three_towns_on_the_highest_land_without_one_and_on_land_one():
    before, state = _fresh("France", 3, players=1)
    assert show(state, "A1").count("T") == before["A1"].count("T") + 1
    assert show(state, "A7").count("T") == 1  # A8 has a printed town, A7 none


def test_habsburg_two_towns_on_2_and_the_highest_land_without_setup_symbols():
    before, state = _fresh("Habsburg", 2, players=1)
    assert show(state, "A2").count("T") == before["A2"].count("T") + 1
    assert show(state, "A5").count("T") == 1  # A5 is board A's highest bare land


def test_russia_one_beasts_and_explorer_on_the_highest_land_without_town_or_city():
    _, state = _fresh("Russia", 1, players=1)
    assert state["lands"]["A7"]["beasts"] >= 1 and state["lands"]["A7"]["explorer"] == [0]


def test_scotland_two_city_on_2_and_combined_it_moves_coastal_cities_inland():
    before, state = _fresh("Scotland", 2, players=1)
    assert show(state, "A2").count("C") == before["A2"].count("C") + 1
    before, state = _fresh("England", 2, players=1, supporting=("Scotland", 0))
    assert show(state, "A1").count("C") == 0 and show(state, "A4").count("C") == 1


def test_france_town_pool_per_player_and_combined_per_level():
    assert game("France", 0, players=2)["adversary"]["town_pool"] == 14
    state = game("France", 2, players=2, supporting=("England", 3))
    assert state["adversary"]["town_pool"] == 14 + 2 * 3


def test_a_combined_game_can_be_named_in_one_string():
    state = new_game(2, 5, adversary="england+russia:1", level=3)
    who = state["adversary"]
    assert (who["name"], who["level"], who["supporting"]) == (
        "England", 3, {"name": "Russia", "level": 1})
    assert state["fear"]["counts"] == adv.fear_counts("England", 3, ("Russia", 1)) == [4, 5, 5]
    assert "russia:escalation3" in state["rules"] and "russia:1" in state["rules"]


def test_rule_ids_for_the_levels_escalations_and_losses():
    state = game("England", 3, supporting=("Russia", 1))
    assert {"england:1", "england:3", "england:escalation", "england:loss", "russia:1",
            "russia:escalation3", "russia:loss"} <= set(state["rules"])
    assert "russia:escalation" not in state["rules"]


# --- escalations ------------------------------------------------------------------------------


def test_england_building_boom_builds_in_the_land_with_most_towns_and_cities():
    state = game("England", 0, players=2)
    place(state, A5="TT", A6="T", B3="E")
    hooks.fire(state, "escalation", card="2:wetland")
    run(state)
    assert show(state, "A5") == "CTT" and show(state, "A6") == "T" and show(state, "B3") == "E"


def test_prussia_land_rush_adds_a_town_per_board_with_towns_or_cities():
    state = game("Brandenburg-Prussia", 0, players=2)
    place(state, A1="T")
    hooks.fire(state, "escalation", card="2:sands")
    run(state, ["A5"])
    assert show(state, "A5") == "T" and not any(state["lands"][n]["town"] for n in state["lands"]
                                                if n[0] == "B")


def test_sweden_swayed_turns_a_dahan_into_a_town_after_exploring():
    state = game("Sweden", 0)
    place(state, A5="ED", A6="EDD")
    hooks.fire(state, "escalation", card="2:wetland")
    hooks.fire(state, "after_explore", lands=["A5", "A6"])
    assert show(state, "A5") == "TE" and show(state, "A6") == "EDD"
    hooks.fire(state, "after_explore", lands=["A6"])  # only in the escalation's phase
    assert show(state, "A6") == "EDD"


@pytest.mark.parametrize(("pick", "before", "after"), [("A2", "C", "Cb"), ("A5", "", "T")])
def test_france_cash_crops_blight_with_towns_or_cities_else_a_town(pick, before, after):
    state = game("France", 0)
    place(state, **{pick: before})
    hooks.fire(state, "escalation", card="2:wetland")
    assert state["queue"] == []  # "after exploring": nothing before the explore
    hooks.fire(state, "after_explore", lands=[])
    run(state, [pick])
    assert show(state, pick) == after


@pytest.mark.parametrize(("blight", "towns"), [("b", 2), ("bbb", 1), ("bbbbb", 0)])
def test_habsburg_seek_prime_territory_by_the_blight_on_the_board(blight, towns):
    state = game("Habsburg", 0)
    place(state, A8=blight)
    hooks.fire(state, "escalation", card="2:jungle")
    hooks.fire(state, "after_explore", lands=[])
    run(state)
    assert sum(len(state["lands"][n]["town"]) for n in state["lands"]) == towns


def test_russia_stalks_the_beasts_on_another_board_when_its_own_has_none():
    state = game("Russia", 0, players=2)
    place(state, A5="B")
    hooks.fire(state, "escalation", card="2:mountain")
    run(state)
    assert state["lands"]["A5"]["explorer"] == [0, 0, 0, 0]


def test_scotland_ports_sprawl_on_the_board_with_most_coastal_towns_and_cities():
    state = game("Scotland", 0, players=2)
    place(state, B2="C", A5="T")
    hooks.fire(state, "escalation", card="2:sands")
    run(state)  # the one board with most; lands with the fewest towns, no tie to ask
    assert [n for n in state["lands"] if state["lands"][n]["town"]] == ["A5", "B1", "B2"]


def test_scotland_ports_sprawl_asks_among_tied_boards_and_lands():
    state = game("Scotland", 0, players=2)
    place(state, A2="C", B2="C", A4="T", A5="T", A6="T")
    hooks.fire(state, "escalation", card="2:sands")
    ask = fx.run(state)
    assert ask.kind == "choose_board" and ask.options == ["A", "B"]
    ask = fx.answer(state, "A")
    assert ask.kind == "choose_land" and ask.options == ["A1", "A2", "A3", "A7", "A8"]
    assert fx.answer(state, "A8").options == ["A1", "A2", "A3", "A7"]
    assert fx.answer(state, "A2") is None
    assert [n for n in state["lands"] if n[0] == "A" and state["lands"][n]["town"]] == [
        "A2", "A4", "A5", "A6", "A8"]


def test_a_supporting_adversary_escalates_on_every_stage_three_card():
    state = game("England", 0, supporting=("Brandenburg-Prussia", 0))
    place(state, A1="T")
    hooks.fire(state, "explore_card", card="2:wetland")
    assert state["queue"] == []
    hooks.fire(state, "explore_card", card="3:jungle+sands")
    run(state, ["A7"])
    assert show(state, "A7") == "T"


# --- level rules ------------------------------------------------------------------------------


def test_england_one_builds_in_empty_lands_next_to_two_towns_or_cities():
    state = game("England", 1)
    place(state, A1="T", A4="C", A2="E")
    assert hooks.fire(state, "build_lands", card="1:wetland") == [["A5"]]


def test_england_high_immigration_slot_builds_before_ravage_and_leaves_at_stage_two():
    state = game("England", 3)
    place(state, A3="E")
    state["track"]["discard"] = ["1:jungle"]
    hooks.fire(state, "invader_phase")
    assert state["track"]["high_immigration"] == ["1:jungle"] and state["track"]["discard"] == []
    state["fear"]["resolved_turn"] = 1
    hooks.fire(state, "ravage_step")
    assert show(state, "A3") == "TE"
    state["track"]["discard"].append("2:wetland")
    hooks.fire(state, "invader_phase")
    assert state["track"]["high_immigration"] == []
    assert state["track"]["discard"] == ["1:jungle", "2:wetland"]


def test_england_four_keeps_the_slot_and_six_builds_twice_without_fear():
    state = game("England", 6)
    place(state, A3="E")
    state["track"]["discard"] = ["2:jungle"]
    hooks.fire(state, "invader_phase")
    assert state["track"]["high_immigration"] == ["2:jungle"]
    hooks.fire(state, "ravage_step")  # no fear card resolved this turn
    assert show(state, "A3") == "CTE"


def test_england_five_towns_and_cities_have_one_more_health():
    state = game("England", 5)
    place(state, A5="TC")
    land = state["lands"]["A5"]
    assert pcs.health(state, land, "town") == 3 and pcs.health(state, land, "city") == 4
    assert pcs.health(state, land, "explorer") == 1


def test_england_loses_with_seven_towns_and_cities_in_a_land():
    state = game("England", 0)
    place(state, A5="TTTTCC")
    assert hooks.fire(state, "loss") == []
    place(state, A5="T")
    assert hooks.fire(state, "loss") == ["england"]


def test_sweden_one_heavy_mining_adds_blight_for_six_damage():
    state = game("Sweden", 1)
    pool = state["blight_card"]["pool"]
    hooks.fire(state, "after_ravage", land="A5", report={"damage": 5, "blight": ["A5"]})
    assert state["lands"]["A5"]["blight"] == 0
    hooks.fire(state, "after_ravage", land="A5", report={"damage": 6, "blight": ["A5"]})
    assert state["lands"]["A5"]["blight"] == 1 and state["blight_card"]["pool"] == pool - 1


def test_sweden_three_towns_deal_3_and_cities_5():
    state = game("Sweden", 3)
    fire = [hooks.chain(state, "ravage_attack", "attack", pcs.ATTACK[k], land="A5", kind=k)
            for k in ("explorer", "town", "city")]
    assert fire == [1, 3, 5]
    # chained: a change made before this rule is kept (+1 and +1, not "3")
    assert hooks.chain(state, "ravage_attack", "attack", 3, land="A5", kind="town") == 4


def test_sweden_five_mining_rush_adds_a_town_next_to_a_blighted_land():
    state = game("Sweden", 5)
    place(state, A1="T")
    hooks.fire(state, "after_ravage", land="A5", report={"damage": 2, "blight": ["A5"]})
    ask = fx.run(state)
    assert ask.kind == "choose_land" and "A4" in ask.options and "A1" not in ask.options
    fx.answer(state, "A4")
    assert show(state, "A4") == "T"
    hooks.fire(state, "after_ravage", land="A6", report={"damage": 1, "blight": []})
    assert show(state, "A8") == ""


def test_france_one_frontier_explorers_except_during_setup():
    state = game("France", 1)
    place(state, A5="E", A2="CE")
    hooks.fire(state, "after_explore", lands=["A5", "A2"])
    assert show(state, "A5") == "EE" and show(state, "A2") == "CE"
    state["phase"] = "setup"
    hooks.fire(state, "after_explore", lands=["A5"])
    assert show(state, "A5") == "EE"


def test_france_two_slave_labor_and_the_rebellion_under_three_events():
    state = game("France", 2)
    place(state, A5="TEEE")
    hooks.fire(state, "after_build", built={"A5": "town"})
    assert show(state, "A5") == "TTTE"
    state["secret"]["event_deck"] = ["e1", "e2", "e3", "e4"]
    hooks.fire(state, "invader_phase")
    assert state["secret"]["event_deck"] == ["e1", "e2", "e3", "Slave Rebellion", "e4"]


def test_france_four_triangle_trade_after_a_coastal_city():
    state = game("France", 4)
    place(state, A1="T")
    hooks.fire(state, "after_build", built={"A2": "city", "A5": "city"})
    ask = fx.run(state)  # the lands next to A2 with the fewest towns: not A1
    assert ask.kind == "choose_land" and "A3" in ask.options and "A1" not in ask.options
    fx.answer(state, "A3")
    assert show(state, "A3") == "T" and show(state, "A1") == "T"


def test_france_five_removed_blight_waits_on_the_panel():
    state = game("France", 5)
    pool = state["blight_card"]["pool"]
    assert hooks.fire(state, "blight_returned", land="A5", n=2) == [False]
    assert state["blight_card"]["pool"] == pool and state["adversary"]["panel_blight"] == 2
    hooks.fire(state, "blight_returned", land="A5", n=1)  # 3 per player: all go back
    assert state["blight_card"]["pool"] == pool + 3 and state["adversary"]["panel_blight"] == 0


def test_france_six_persistent_explorers_on_each_board():
    state = game("France", 6, players=2)
    place(state, A1="E")
    hooks.fire(state, "after_explore", lands=[])
    run(state, ["A7", "B4"])
    assert show(state, "A7") == "E" and show(state, "B4") == "E"
    assert sum(len(land["explorer"]) for land in state["lands"].values()) == 3


def test_france_six_fear_cards_push_explorers_instead_of_removing_them():
    state = game("France", 6)
    place(state, A5="E", A4="T")
    state["fear"]["terror_level"] = 3  # Wary of the Interior III: remove 1 explorer/town
    fx.push(state, [{"do": "fear_card", "card": "Wary of the Interior"}], {"seat": None})
    run(state, ["A5", 1])  # the land, then the push instead
    assert show(state, "A5") == "" and show(state, "A1") == "E"
    fx.push(state, [{"do": "fear_card", "card": "Wary of the Interior"}], {"seat": None})
    run(state, ["A4", 0])  # a town may still be removed
    assert show(state, "A4") == ""
    place(state, A6="EEE")
    fx.push(state, [{"do": "fear_card", "card": "Emigration Accelerates"}], {"seat": None})
    state["fear"]["terror_level"] = 1  # coastal explorers only: pushed, or left
    run(state, ["done"])
    assert show(state, "A1") == "E"


def test_france_loses_when_a_town_cannot_be_placed():
    state = game("France", 0)
    place(state, A5="TTTT", A6="TTT")
    assert hooks.fire(state, "loss") == []
    place(state, A7="T")
    assert hooks.fire(state, "loss") == ["france"]


def test_habsburg_one_migratory_herders_gather_towns_once_after_building():
    state = game("Habsburg", 1)
    place(state, A1="T", A6="T")
    state["track"]["build"] = ["1:wetland"]
    state["build_card"] = "1:wetland"  # set by invaders.build while after_build fires
    hooks.fire(state, "after_build", built={})
    run(state)
    assert [show(state, n) for n in ("A1", "A2", "A5", "A6")] == ["", "T", "T", ""]
    place(state, A6="T")
    hooks.fire(state, "after_build", built={})
    run(state)
    assert show(state, "A6") == "T"


def test_habsburg_two_an_inland_city_is_built_as_two_towns():
    state = game("Habsburg", 2)
    place(state, A5="T", A2="T")
    inv.build(state, "1:wetland")
    assert show(state, "A5") == "TTT" and show(state, "A2") == "CT"


def test_habsburg_four_towns_without_blight_are_durable():
    state = game("Habsburg", 4)
    place(state, A5="T", A6="Tb")
    assert pcs.health(state, state["lands"]["A5"], "town") == 4
    assert pcs.health(state, state["lands"]["A6"], "town") == 2


def test_habsburg_four_destroying_a_durable_town_deals_it_2_damage_instead():
    state = game("Habsburg", 4)
    place(state, A5="TE", A6="Tb", A7="TT")
    for name in ("A5", "A6"):
        fx.push(state, [{"do": "destroy", "n": 1, "kinds": ["town"]}], {"seat": None, "land": name})
        run(state)
    assert state["lands"]["A5"]["town"] == [2] and show(state, "A6") == "b"
    fx.push(state, [{"do": "destroy", "n": 2, "kinds": ["invader"]}], {"seat": None, "land": "A5"})
    run(state, ["explorer", "town"])  # the explorer dies; the damaged town takes 2 more
    assert show(state, "A5") == ""
    fx.push(state, [{"do": "destroy", "n": "all", "kinds": ["town"]}], {"seat": None, "land": "A7"})
    run(state)
    assert show(state, "A7") == ""


def test_habsburg_five_wave_of_immigration_when_the_reminder_comes_up():
    state = game("Habsburg", 5)
    deck = inv.deck(state)
    for _ in range(5):
        hooks.fire(state, "explore_card", card=deck.pop(0))
    assert not any(pcs.invader_count(land) for land in state["lands"].values())
    hooks.fire(state, "explore_card", card=deck.pop(0))
    ask = fx.run(state)  # the city: any coastal land of the board
    assert ask.options == ["A1", "A2", "A3"]
    run(state, ["A1"])  # the towns: 3 of the 5 inland lands tied at 0 blight (first options)
    assert [n for n in state["lands"] if state["lands"][n]["city"]] == ["A1"]
    assert [n for n in state["lands"] if state["lands"][n]["town"]] == ["A4", "A5", "A6"]


def test_habsburg_six_far_flung_herds_add_two_damage_next_to_a_town():
    state = game("Habsburg", 6)
    assert hooks.fire(state, "ravage_damage", land="A5", damage=3) == []
    place(state, A6="T")
    assert hooks.fire(state, "ravage_damage", land="A5", damage=3) == [5]


def test_habsburg_loses_on_irreparable_damage():
    state = game("Habsburg", 0)
    hooks.fire(state, "after_ravage", land="A5", report={"damage": 7, "blight": ["A5", "A4"]})
    assert hooks.fire(state, "loss") == []
    hooks.fire(state, "after_ravage", land="A5", report={"damage": 8, "blight": ["A5", "A4"]})
    assert hooks.fire(state, "loss") == ["habsburg"]


def test_russia_one_explorers_hit_harder_and_blight_kills_beasts_onto_the_panel():
    state = game("Russia", 1)
    assert hooks.fire(state, "ravage_attack", land="A5", kind="explorer", attack=1) == [2]
    place(state, A5="B", A4="BB")
    hooks.fire(state, "after_ravage", land="A5", report={"damage": 2, "blight": ["A5", "A4"]})
    assert state["lands"]["A5"]["beasts"] == 0 and state["lands"]["A4"]["beasts"] == 1
    assert state["adversary"]["beasts_panel"] == 2
    assert hooks.fire(state, "loss") == ["russia"]  # 2 on the panel, 1 on the island


def test_russia_three_ravage_also_hits_lands_with_three_explorers():
    state = game("Russia", 3)
    place(state, A6="EEE", A5="EEE", A7="EE")
    assert hooks.fire(state, "ravage_lands", card="1:wetland") == [["A6"]]


def test_russia_six_pressure_for_fast_profit_on_boards_without_new_blight():
    state = game("Russia", 6, players=2)
    place(state, A5="EE", A6="E", B5="EE")
    state["turn"] = 2
    hooks.fire(state, "ravage_step")
    hooks.fire(state, "after_ravage", land="B5", report={"damage": 2, "blight": ["B5"]})
    hooks.fire(state, "after_ravage_step")
    run(state)
    assert show(state, "A5") == "TEEE" and show(state, "B5") == "EE"
    state["turn"] = 1
    hooks.fire(state, "ravage_step")
    hooks.fire(state, "after_ravage_step")
    assert show(state, "A5") == "TEEE"


def test_scotland_one_coastal_explores_bring_towns_at_most_two_per_board_for_coastal():
    state = game("Scotland", 1)
    place(state, A2="E", A5="E")
    hooks.fire(state, "after_explore", lands=["A2", "A5"])
    assert show(state, "A2") == "T" and show(state, "A5") == "E"
    place(state, A1="E", A3="E", A2="E")
    hooks.fire(state, "explore_card", card="2:coastal")
    hooks.fire(state, "after_explore", lands=["A1", "A2", "A3"])
    assert [show(state, n) for n in ("A1", "A2", "A3")] == ["T", "TT", "E"]


def test_scotland_three_coastal_lands_next_to_a_city_build():
    state = game("Scotland", 3)
    place(state, A2="C")
    assert hooks.fire(state, "build_lands", card="1:jungle") == [["A3"]]


def test_scotland_five_runoff_blights_the_ocean():
    state = game("Scotland", 5)
    pool = state["blight_card"]["pool"]
    hooks.fire(state, "after_ravage", land="A2", report={"damage": 2, "blight": ["A2"]})
    hooks.fire(state, "after_ravage", land="A5", report={"damage": 2, "blight": ["A5"]})
    assert state["adversary"]["ocean_blight"] == {"A": 1} and state["blight_card"]["pool"] == pool - 1


def test_scotland_six_exports_fuel_inward_growth():
    state = game("Scotland", 6)
    place(state, A6="T")
    state["track"]["ravage"] = ["1:wetland"]
    hooks.fire(state, "after_ravage_step")
    assert show(state, "A5") == "T" and show(state, "A2") == ""


def test_scotland_loses_with_more_coastal_cities_than_twice_the_boards():
    state = game("Scotland", 0)
    place(state, A1="C", A2="C", A5="C")
    assert hooks.fire(state, "loss") == []
    place(state, A3="C")
    assert hooks.fire(state, "loss") == ["scotland"]


@pytest.mark.parametrize("name", list(adv.ADVERSARIES))
def test_escalations_finish_on_a_busy_island_with_any_choices(name):
    rnd = random.Random(name)
    for card in ("2:wetland", "3:jungle+sands"):
        state = game(name, 6, players=2, supporting=(
            "England" if name != "England" else "Russia", 0))
        for land in state["lands"].values():
            for kind in ("explorer", "town", "city", "dahan", "beasts"):
                if rnd.random() < 0.4:
                    pcs.add(land, kind, rnd.randint(1, 2))
        before = copy.deepcopy(state["lands"])
        hooks.fire(state, "escalation", card=card)
        hooks.fire(state, "explore_card", card=card)
        hooks.fire(state, "after_explore", lands=list(state["lands"]))
        ask = fx.run(state)
        while ask is not None:
            ask = fx.answer(state, rnd.choice(ask.options))
        assert state["lands"] != before, (name, card)
        json.dumps(state)
