"""Branch & Claw and Jagged Earth tokens (digest 4.4, 4.5, 4.10, 4.13, 4.15.5; seed L278-L441)
and the this-turn markers, rule by rule on hand-built positions of board A.

Board A: 1 mountain, 2 wetland, 3 jungle (coastal); 4 sands, 5 wetland, 6 mountain, 7 sands,
8 jungle (inland). A5 touches A1 A4 A6 A7 A8; A7 touches only A5 and A8.
"""

import json

import pytest

from rules.spirit_island import actions as act
from rules.spirit_island import hooks
from rules.spirit_island import invaders as inv
from rules.spirit_island import tokens as tok
from rules.spirit_island.pieces import (
    add,
    add_presence,
    damage,
    destroy,
    empty_land,
    health,
    remove,
    strife,
)
from rules.spirit_island.state import new_state


def blank(boards=("A",), pool=20):
    state = new_state(list(boards), seed=1)
    state["lands"] = {name: empty_land() for name in state["lands"]}
    state["blight_card"] = {"name": "Memory Fades to Dust", "side": "healthy", "pool": pool}
    state["blight_card"]["deck"] = []
    return state


def put(state, name, **kinds):
    land = state["lands"][name]
    for kind, n in kinds.items():
        add(land, kind, n)
    return land


def n(state, name, kind):
    held = state["lands"][name][kind]
    return held if isinstance(held, int) else len(held)


# --- beasts ---------------------------------------------------------------------------------


def test_beasts_have_no_effect_of_their_own():
    with_beasts, without = blank(), blank()
    for state in (with_beasts, without):
        put(state, "A5", town=1, explorer=1, dahan=2)
    put(with_beasts, "A5", beasts=3)
    assert inv.ravage(with_beasts, "A5") == inv.ravage(without, "A5")
    assert with_beasts["lands"]["A5"]["dahan"] == without["lands"]["A5"]["dahan"]
    assert n(with_beasts, "A5", "beasts") == 3


def test_beasts_are_pushed_and_gathered_as_counts():
    state = blank()
    put(state, "A5", beasts=2)
    act.push(state, "A5", [("beasts", "A7"), ("beasts", "A8")])
    assert [n(state, x, "beasts") for x in ("A5", "A7", "A8")] == [0, 1, 1]
    act.gather(state, "A5", [("beasts", "A7")])
    assert n(state, "A5", "beasts") == 1
    with pytest.raises(ValueError):
        act.gather(state, "A5", [("beasts", "A7")])  # none left there


@pytest.mark.parametrize("kind", ["disease", "wilds", "badlands", "blight"])
def test_every_land_token_moves_and_is_conserved(kind):
    state = blank()
    put(state, "A5", **{kind: 2})
    act.push(state, "A5", [(kind, "A4")])
    act.gather(state, "A8", [(kind, "A5")])
    assert [n(state, x, kind) for x in ("A4", "A5", "A8")] == [1, 0, 1]


def test_strife_is_not_pushed_on_its_own():
    state = blank()
    put(state, "A5", town=1)
    tok.add_strife(state, "A5")
    with pytest.raises(ValueError):
        act.push(state, "A5", [("strife", "A7")])


# --- wilds ------------------------------------------------------------------------------------


def test_wilds_stop_the_next_explore_then_one_is_removed():
    state = blank()
    put(state, "A2", wilds=1)
    stopped = []
    assert inv.explore(state, "1:wetland", stopped=stopped) == []  # A2 from the Ocean
    assert n(state, "A2", "wilds") == 0 and n(state, "A2", "explorer") == 0
    assert stopped == [{"land": "A2", "action": "explore", "by": "wilds"}]
    assert inv.explore(state, "1:wetland") == ["A2"]


def test_two_wilds_stop_two_explores():
    state = blank()
    put(state, "A2", wilds=2)
    inv.explore(state, "1:wetland")
    inv.explore(state, "2:wetland")
    assert n(state, "A2", "wilds") == 0 and n(state, "A2", "explorer") == 0


def test_wilds_are_kept_where_invaders_would_not_explore_anyway():
    state = blank()
    put(state, "A1", town=1)  # a source next to A4, none next to A7
    put(state, "A4", wilds=1)
    put(state, "A7", wilds=1)
    assert inv.explore(state, "1:sands") == []
    assert n(state, "A4", "wilds") == 0 and n(state, "A7", "wilds") == 1


def test_wilds_do_not_stop_a_build():
    state = blank()
    put(state, "A5", explorer=1, wilds=1)
    assert inv.build(state, "1:wetland") == {"A5": "town"}
    assert n(state, "A5", "wilds") == 1


# --- disease ----------------------------------------------------------------------------------


def test_disease_stops_the_next_build_then_one_is_removed():
    state = blank()
    put(state, "A5", town=1, disease=1)
    stopped = []
    assert inv.build(state, "1:wetland", stopped=stopped) == {}
    assert n(state, "A5", "disease") == 0 and n(state, "A5", "city") == 0
    assert stopped == [{"land": "A5", "action": "build", "by": "disease"}]
    assert inv.build(state, "1:wetland") == {"A5": "city"}


def test_disease_is_kept_in_a_land_without_invaders_and_stops_no_explore():
    state = blank()
    put(state, "A5", disease=1, dahan=1)
    assert inv.build(state, "1:wetland") == {}
    assert n(state, "A5", "disease") == 1
    put(state, "A2", disease=1)
    assert inv.explore(state, "1:wetland") == ["A2"]
    assert n(state, "A2", "disease") == 1


def test_disease_blocks_one_of_two_builds_in_a_land():
    state = blank()
    put(state, "A5", explorer=1, disease=1)
    state["track"]["build"] = ["1:wetland", "2:wetland"]
    state["deck"] = ["1:jungle"]
    log = inv.invader_steps(state)
    assert log["build"] == {"A5": "town"}
    assert log["stopped"] == [{"land": "A5", "action": "build", "by": "disease"}]
    assert n(state, "A5", "town") == 1 and n(state, "A5", "disease") == 0


# --- strife ---------------------------------------------------------------------------------


def test_strife_goes_under_one_invader_and_never_in_a_land_without_one():
    state = blank()
    with pytest.raises(ValueError):
        tok.add_strife(state, "A5")
    land = put(state, "A5", explorer=2, town=1)
    assert tok.strife_options(state, "A5") == [["explorer", 0], ["town", 0]]
    tok.add_strife(state, "A5", "town", 0)
    tok.add_strife(state, "A5", "town", 0)  # no limit per invader
    assert land["strife"]["town"] == [2] and land["strife"]["explorer"] == [0, 0]
    assert tok.strife_options(state, "A5") == [["explorer", 0], ["town", 0]]
    tok.add_strife(state, "A5", "explorer", 1)
    # the two explorers now differ: both are offered
    assert tok.strife_options(state, "A5") == [["explorer", 0], ["explorer", 1], ["town", 0]]
    assert tok.token_count(state, "strife") == 3


def test_an_invader_with_strife_deals_no_ravage_damage_and_loses_one_strife():
    state = blank()
    land = put(state, "A5", town=1, explorer=1, dahan=1)
    tok.add_strife(state, "A5", "town", 0)
    report = inv.ravage(state, "A5")
    # only the explorer's 1: no blight; the dahan takes 1, survives and strikes back for 2
    assert report["damage"] == 1 and report["blight"] == []
    assert land["strife"]["town"] == [] and n(state, "A5", "town") == 0  # destroyed, strife gone
    assert land["dahan"] == [1]


def test_strife_is_spent_even_when_defend_blocked_the_damage_anyway():
    state = blank()
    land = put(state, "A5", town=1)
    tok.add_strife(state, "A5", "town", 0)
    tok.add_defend(state, "A5", 5)
    inv.ravage(state, "A5")
    assert land["strife"]["town"] == [0]


def test_every_invader_with_strife_loses_exactly_one_per_ravage():
    state = blank()
    land = put(state, "A5", city=1, town=1, explorer=1)
    tok.add_strife(state, "A5", "city", 0)
    tok.add_strife(state, "A5", "city", 0)
    tok.add_strife(state, "A5", "town", 0)
    assert inv.ravage(state, "A5")["damage"] == 1  # the explorer alone
    assert land["strife"] == {"explorer": [0], "town": [0], "city": [1]}
    assert inv.ravage(state, "A5")["damage"] == 3  # explorer and town
    assert land["strife"]["city"] == [0]


def test_dahan_strike_back_even_when_strife_made_the_damage_zero():
    state = blank()
    land = put(state, "A5", town=1, dahan=1)
    tok.add_strife(state, "A5", "town", 0)
    report = inv.ravage(state, "A5")
    assert report == {"damage": 0, "blight": [], "counterattack": 2}
    assert n(state, "A5", "town") == 0 and land["dahan"] == [0]


def test_strife_moves_with_its_invader():
    state = blank()
    put(state, "A5", town=2)
    tok.add_strife(state, "A5", "town", 0)
    act.push(state, "A5", [("town", "A7", 0)])  # the town with strife
    assert state["lands"]["A7"]["strife"]["town"] == [1]
    assert state["lands"]["A5"]["strife"]["town"] == [0]
    act.gather(state, "A8", [("town", "A7")])
    assert state["lands"]["A8"]["strife"]["town"] == [1] and state["lands"]["A7"]["town"] == []


def test_strife_stays_on_an_invader_that_replaces_it_and_leaves_with_a_non_invader():
    state = blank()
    land = put(state, "A5", city=1, town=1)
    tok.add_strife(state, "A5", "city", 0)
    tok.add_strife(state, "A5", "town", 0)
    act.replace(state, land, "city", "town", 0)  # downgrade: the strife stays
    assert land["town"] == [0, 0] and land["strife"]["town"] == [1, 1]
    act.replace(state, land, "town", "dahan", 0)
    assert land["dahan"] == [0] and land["strife"]["town"] == [1]
    act.replace(state, land, "town", "beasts")
    assert land["beasts"] == 1 and land["town"] == [] and tok.token_count(state, "strife") == 0


def test_strife_returns_to_the_supply_when_its_invader_is_destroyed_or_removed():
    state = blank()
    land = put(state, "A5", explorer=2)
    tok.add_strife(state, "A5", "explorer", 0)
    tok.add_strife(state, "A5", "explorer", 1)
    destroy(state, land, "explorer", 0)
    remove(land, "explorer")
    assert land["explorer"] == [] and land["strife"]["explorer"] == []


def test_strife_survives_time_passes_and_damage_to_its_invader_keeps_it_aligned():
    state = blank()
    land = put(state, "A5", city=2, dahan=2)
    tok.add_strife(state, "A5", "city", 1)
    land["city"][0] = 1
    act.time_passes(state)
    assert land["city"] == [0, 0] and land["strife"]["city"] == [0, 1]


def test_counterattack_hurts_a_piece_without_strife_first_among_equals():
    state = blank()
    land = put(state, "A5", town=2, dahan=1)
    tok.add_strife(state, "A5", "town", 0)
    tok.add_strife(state, "A5", "town", 1)
    tok.add_strife(state, "A5", "town", 1)  # 1 and 2 strife: both deal 0 this ravage
    inv.ravage(state, "A5")
    # the 2-strife town still has 1 afterwards; the dahan's 2 damage goes to the other one
    assert land["strife"]["town"] == [1]


def test_code_that_pops_pieces_directly_leaves_strife_realigned_not_broken():
    land = empty_land()
    add(land, "town", 2)
    land["town"].pop()
    assert strife(land, "town") == [0]


# --- badlands -------------------------------------------------------------------------------


def test_digest_example_land_1_badlands_kill_the_dahan_before_it_strikes_back():
    state = blank()
    land = put(state, "A5", explorer=1, dahan=1, badlands=1)
    report = inv.ravage(state, "A5")
    assert report["damage"] == 1 and report["blight"] == []  # 1 to the land: no blight
    assert land["dahan"] == [] and report["counterattack"] == 0
    assert n(state, "A5", "explorer") == 1


def test_digest_example_land_6_defend_4_then_dahan_plus_badlands_destroy_both_towns():
    state = blank()
    land = put(state, "A5", town=2, dahan=1, badlands=2)
    tok.add_defend(state, "A5", 4)
    report = inv.ravage(state, "A5")
    assert report == {"damage": 0, "blight": [], "counterattack": 4}
    assert land["dahan"] == [0] and land["town"] == [] and state["fear_earned"] == 2


def test_badlands_add_once_per_action_and_target_never_to_zero_damage():
    state = blank()
    put(state, "A5", badlands=2)
    done = []
    assert tok.badlands_bonus(state, "A5", "invaders", done, 0) == 0
    assert tok.badlands_bonus(state, "A5", "invaders", done, 1) == 2
    assert tok.badlands_bonus(state, "A5", "invaders", done, 3) == 0  # not the first time
    assert tok.badlands_bonus(state, "A5", "dahan", done, 1) == 2  # dahan counted apart
    assert tok.badlands_bonus(state, "A7", "dahan", done, 1) == 0  # no badlands there
    assert tok.badlands_bonus(state, "A5", "dahan", [], 1) == 2  # a new Action


def test_badlands_do_not_add_to_the_land_damage():
    state = blank()
    put(state, "A5", explorer=1, badlands=3)
    assert inv.ravage(state, "A5")["blight"] == []


# --- defend -----------------------------------------------------------------------------------


def test_defend_marks_add_up_with_the_parameter_and_end_at_time_passes():
    state = blank()
    put(state, "A5", city=1, dahan=2)
    tok.add_defend(state, "A5", 1)
    tok.add_defend(state, "A5", 1)
    assert tok.defend(state, "A5") == 2
    assert inv.ravage(state, "A5", defend=1)["damage"] == 0
    act.time_passes(state)
    assert tok.defend(state, "A5") == 0 and state["turn_marks"] == {}


def test_defend_in_another_land_does_not_help():
    state = blank()
    put(state, "A5", town=1)
    tok.add_defend(state, "A7", 3)
    assert inv.ravage(state, "A5")["blight"] == ["A5"]


# --- isolate ----------------------------------------------------------------------------------


def test_seed_example_an_isolated_land_is_not_explored():
    # Explore in wetlands and mountains with A1 isolated: A1 is not explored, A2 is (by the
    # Ocean), A5 and A6 have no source near.
    state = blank()
    tok.isolate(state, "A1")
    assert inv.explore(state, "1:mountain") + inv.explore(state, "1:wetland") == ["A2"]


def test_an_isolated_land_is_no_source():
    state = blank()
    put(state, "A5", town=1)
    assert inv.explore(state, "1:sands") == ["A4", "A7"]
    tok.isolate(state, "A5")
    assert inv.explore(state, "1:sands") == []
    put(state, "A1", town=1)
    assert inv.explore(state, "1:sands") == ["A4"]  # A4 touches A1 too; A7 had only A5


def test_an_isolated_ocean_is_no_source_and_coastal_lands_stay_coastal():
    state = blank()
    tok.isolate(state, "A0")
    assert inv.explore(state, "1:jungle") == []
    assert inv.explore(state, "2:coastal") == []
    put(state, "A4", town=1)
    assert inv.explore(state, "2:coastal") == ["A1", "A2", "A3"]


def test_isolated_lands_keep_their_wilds_and_explore_skip():
    state = blank()
    put(state, "A2", wilds=1)
    tok.add_skip(state, "A2", "explore")
    tok.isolate(state, "A2")
    inv.explore(state, "1:wetland")
    assert n(state, "A2", "wilds") == 1 and tok.marks(state, "A2")["skip"] == ["explore"]


def test_invaders_are_not_pushed_or_gathered_into_or_out_of_an_isolated_land():
    state = blank()
    put(state, "A5", explorer=1, dahan=1)
    put(state, "A7", town=1)
    tok.isolate(state, "A5")
    assert act.push_options(state, "A5", "explorer") == []
    assert act.push_options(state, "A5", "dahan") == ["A1", "A4", "A6", "A7", "A8"]
    assert act.gather_options(state, "A7", "explorer") == []  # not out of isolated A5
    assert act.gather_options(state, "A7", "dahan") == ["A5"]
    assert act.push_options(state, "A7", "town") == ["A8"]  # not into isolated A5
    with pytest.raises(ValueError):
        act.push(state, "A5", [("explorer", "A7")])
    with pytest.raises(ValueError):
        act.gather(state, "A5", [("town", "A7")])
    act.push(state, "A5", [("dahan", "A7")])  # dahan are not invader pieces
    act.push(state, "A5", [("explorer", "A7")], ignore_isolate=True)  # the players' choice
    assert n(state, "A7", "explorer") == 1 and n(state, "A7", "dahan") == 1


def test_isolate_does_not_stop_a_cascade_and_ends_at_time_passes():
    state = blank()
    put(state, "A7", blight=1)
    tok.isolate(state, "A7")
    tok.isolate(state, "A5")
    assert inv.add_blight(state, "A7", ["A5"]) == ["A7", "A5"]
    act.time_passes(state)
    assert not tok.is_isolated(state, "A7")


# --- skip -------------------------------------------------------------------------------------


def test_a_skipped_ravage_does_nothing_not_even_the_counterattack():
    state = blank()
    land = put(state, "A5", city=1, dahan=2)
    tok.add_skip(state, "A5", "ravage")
    assert inv.ravage(state, "A5")["skipped"]
    assert land["dahan"] == [0, 0] and land["city"] == [0] and land["blight"] == 0
    assert tok.marks(state, "A5")["skip"] == []  # spent: a second ravage happens
    assert inv.ravage(state, "A5")["blight"] == ["A5"]


def test_a_skipped_build_keeps_the_disease():
    state = blank()
    put(state, "A5", town=1, disease=1)
    tok.add_skip(state, "A5", "build")
    stopped = []
    assert inv.build(state, "1:wetland", stopped=stopped) == {}
    assert n(state, "A5", "disease") == 1
    assert stopped == [{"land": "A5", "action": "build", "by": "skip"}]


def test_a_skip_of_one_action_does_not_stop_another():
    state = blank()
    put(state, "A5", town=1)
    tok.add_skip(state, "A5", "explore")
    assert inv.build(state, "1:wetland") == {"A5": "city"}


def test_skip_any_is_spent_on_the_action_the_players_choose():
    state = blank()
    put(state, "A5", town=1)
    tok.add_skip(state, "A5", "any")
    assert tok.skip_options(state, "A5", "ravage") == [True, False]
    assert inv.ravage(state, "A5", use_skip=False)["blight"] == ["A5"]
    assert inv.build(state, "1:wetland", use_skip={"A5": True}) == {}
    assert tok.skip_options(state, "A5", "explore") == []  # spent


def test_skip_any_defaults_to_the_first_action_there():
    state = blank()
    put(state, "A5", town=1)
    tok.add_skip(state, "A5", "any")
    assert inv.ravage(state, "A5")["skipped"]
    assert inv.build(state, "1:wetland") == {"A5": "city"}


def test_a_specific_skip_is_used_before_an_any_skip():
    state = blank()
    put(state, "A5", town=1)
    tok.add_skip(state, "A5", "any")
    tok.add_skip(state, "A5", "build")
    assert tok.skip_options(state, "A5", "build") == []  # nothing to choose
    inv.build(state, "1:wetland")
    assert tok.marks(state, "A5")["skip"] == ["any"]


def test_skip_all_stops_every_invader_action_this_turn():
    state = blank()
    put(state, "A5", town=1, dahan=1)
    tok.add_skip(state, "A5", "all")
    assert inv.ravage(state, "A5")["skipped"]
    assert inv.build(state, "1:wetland") == {} and inv.build(state, "2:wetland") == {}
    act.time_passes(state)
    assert inv.build(state, "1:wetland") == {"A5": "city"}


def test_skip_choices_pass_through_the_invader_steps():
    state = blank()
    put(state, "A5", town=1)
    tok.add_skip(state, "A5", "any")
    state["track"]["build"] = ["1:wetland"]
    state["deck"] = ["1:jungle"]
    log = inv.invader_steps(state, {"build_skip": {"A5": False}})
    assert log["build"] == {"A5": "city"} and tok.marks(state, "A5")["skip"] == ["any"]


def test_unknown_skip_is_refused():
    with pytest.raises(ValueError):
        tok.add_skip(blank(), "A5", "fear")


# --- saved from destruction -----------------------------------------------------------------


def test_digest_example_dahan_saved_from_destruction_then_strike_back():
    # 4.15.5: the invaders deal 6 damage and add 1 blight, the dahan are saved; they then
    # counterattack and destroy 1 town.
    state = blank()
    land = put(state, "A5", town=3, dahan=1)
    tok.add_save(state, "A5", "dahan", 1)
    report = inv.ravage(state, "A5")
    assert report["damage"] == 6 and report["blight"] == ["A5"] and report["saved"] == 1
    assert land["dahan"] == [0]  # its damage removed, no more from this Action
    assert n(state, "A5", "town") == 2 and state["fear_earned"] == 1


def test_a_save_spares_only_as_many_as_it_says_per_action():
    state = blank()
    land = put(state, "A5", city=2, dahan=3)
    tok.add_save(state, "A5", "dahan", 1)
    inv.ravage(state, "A5")  # 6 damage: would destroy all 3; 1 is saved
    assert land["dahan"] == [0]
    assert tok.saves(state, "A5", "dahan") == 1  # per Action, for the whole turn


# --- the state stays plain JSON -------------------------------------------------------------


def test_tokens_and_marks_keep_the_state_json():
    state = blank()
    put(state, "A5", town=1, beasts=1, badlands=1)
    add_presence(state["lands"]["A5"], "river")
    tok.add_strife(state, "A5")
    tok.add_skip(state, "A5", "any")
    tok.isolate(state, "A0")
    tok.add_save(state, "A5", "dahan")
    assert json.loads(json.dumps(state)) == state


def test_setup_puts_beasts_in_the_lowest_bare_land_and_disease_in_land_2():
    state = blank(("A", "B", "C", "D"))
    placed = tok.setup_tokens(state)
    assert [name for name, token in placed.items() if token == "beasts"] == [
        "A1",
        "B5",
        "C4",
        "D3",
    ]
    assert [name for name, token in placed.items() if token == "disease"] == [
        "A2",
        "B2",
        "C2",
        "D2",
    ]
    assert tok.token_count(state, "beasts") == 4 and tok.token_count(state, "disease") == 4
    state = blank(("E", "F"))
    tok.setup_tokens(state)
    assert n(state, "E6", "beasts") == 1 and n(state, "F7", "beasts") == 1


# --- health that changes with strife or a rule (digest 4.15.4, errata A7) ----------------------


@hooks.on("health", "test-durable-towns")
def _durable(state, land, kind):
    return 2 if kind == "town" and not state["lands"][land]["blight"] else None


def test_strife_lowers_health_while_a_fear_card_says_so_never_below_one():
    state = blank()
    land = put(state, "A5", town=2, city=1)
    land["town"][0] = 1
    tok.add_strife(state, "A5", "town", 0)
    tok.add_strife(state, "A5", "city", 0)
    for _ in range(4):
        tok.add_strife(state, "A5", "city", 0)
    assert land["town"] == [1, 0]  # not weakened yet
    tok.weaken_by_strife(state)
    # the hurt town with 1 strife has health 1 and 1 damage: destroyed at once (1 fear)
    assert land["town"] == [0] and state["fear_earned"] == 1
    assert health(state, land, "city", 0) == 1  # 3 - 5 strife, but never below 1
    damage(state, land, "city", 1, 0)
    assert land["city"] == []
    act.time_passes(state)
    assert health(state, land, "town", 0) == 2


def test_gaining_strife_while_weakened_can_destroy_a_damaged_invader():
    state = blank()
    land = put(state, "A5", town=1)
    tok.weaken_by_strife(state)
    land["town"][0] = 1
    tok.add_strife(state, "A5", "town", 0)
    assert land["town"] == []


def test_a_health_hook_changes_a_pieces_health_in_its_land():
    state = blank()
    state["rules"] = ["test-durable-towns"]
    land = put(state, "A5", town=1, dahan=2)
    assert health(state, land, "town") == 4
    damage(state, land, "town", 3)
    assert land["town"] == [3]
    inv.add_blight(state, "A5")  # in blight its health is 2 again: destroyed at once
    assert land["town"] == [] and state["fear_earned"] == 1
    put(state, "A7", town=1)
    damage(state, state["lands"]["A7"], "town", 2)
    act.push(state, "A7", [("town", "A5")])  # pushed into blight: it loses the bonus
    assert land["town"] == [] and state["fear_earned"] == 2


def test_a_saved_invader_survives_the_counterattack_undamaged():
    state = blank()
    land = put(state, "A5", city=1, explorer=1, dahan=3)
    tok.add_save(state, "A5", "city", 1)
    report = inv.ravage(state, "A5", dahan_order=["city", "explorer"])
    # 4 damage kills 2 dahan; the last deals 2 to the city: hurt, not destroyed, no save used
    assert report["counterattack"] == 2 and "saved_invaders" not in report
    assert land["city"] == [2]
    tok.add_defend(state, "A5", 10)
    report = inv.ravage(state, "A5")
    # the dahan's 2 would finish the city: it is saved (damage gone), the rest kills the explorer
    assert report["saved_invaders"] == 1 and land["city"] == [0] and land["explorer"] == []
    assert state["fear_earned"] == 0


# --- pieces that do not participate in ravage (digest 4.15.1) ----------------------------------


def test_digest_example_a_town_and_a_dahan_sit_out_the_ravage():
    # Mountain: 1 dahan and 1 town do not participate. The explorer deals 1 to the land and
    # the remaining dahan; the dahan destroy the explorer; the town cannot be damaged.
    state = blank()
    land = put(state, "A5", explorer=1, town=1, dahan=2)
    tok.sit_out(state, "A5", "town")
    tok.sit_out(state, "A5", "dahan")
    report = inv.ravage(state, "A5")
    assert report == {"damage": 1, "blight": [], "counterattack": 2}
    assert land["explorer"] == [] and land["town"] == [0]
    assert sorted(land["dahan"]) == [0, 1]


def test_no_ravage_when_no_invader_takes_part():
    state = blank()
    land = put(state, "A5", town=1, dahan=1)
    tok.sit_out(state, "A5", "town")
    assert inv.ravage(state, "A5") == {"damage": 0, "blight": [], "counterattack": 0}
    assert land["town"] == [0] and land["dahan"] == [0]
