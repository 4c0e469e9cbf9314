"""The Invader steps on hand-built positions: explore, build, ravage (digest 3.2 and 4.5
with the errata), blight and its cascade, the deck and the track."""

import json

import pytest

from rules.core import Rng
from rules.spirit_island import hooks
from rules.spirit_island import invaders as inv
from rules.spirit_island import tokens as tok
from rules.spirit_island.pieces import add, add_presence, empty_land
from rules.spirit_island.state import new_state

# Board A: 1 mountain, 2 wetland, 3 jungle (coastal); 4 sands, 5 wetland, 6 mountain,
# 7 sands, 8 jungle (inland). A7 touches only A5 and A8.


def blank(boards=("A",), pool=20):
    state = new_state(list(boards), seed=1)
    state["lands"] = {name: empty_land() for name in state["lands"]}
    # Memory Fades to Dust: 4 blight per player on its Blighted Island back
    state["blight_card"] = {
        "name": "Memory Fades to Dust",
        "side": "healthy",
        "pool": pool,
        "deck": [],
    }
    return state


def put(state, name, **kinds):
    land = state["lands"][name]
    for kind, n in kinds.items():
        if kind in ("blight", "wilds", "disease"):
            land[kind] += n
        else:
            add(land, kind, n)
    return land


def pieces(state, name):
    land = state["lands"][name]
    return {k: len(land[k]) for k in ("explorer", "town", "city", "dahan")} | {
        "blight": land["blight"]
    }


def island_blight(state):
    return sum(land["blight"] for land in state["lands"].values())


# --- explore ---------------------------------------------------------------------------------


def test_explore_into_coastal_lands_from_the_ocean():
    state = blank()
    assert inv.explore(state, "1:mountain") == ["A1"]  # A6 is inland with no source
    assert pieces(state, "A1")["explorer"] == 1


def test_explore_needs_a_town_or_city_in_or_next_to_the_land():
    state = blank()
    put(state, "A5", town=1)
    assert inv.explore(state, "1:mountain") == ["A1", "A6"]  # A6 touches A5
    assert inv.explore(state, "1:sands") == ["A4", "A7"]
    put(state, "A7", city=1)
    assert "A8" in inv.explore(state, "1:jungle")


def test_explorers_alone_are_no_source():
    state = blank()
    put(state, "A5", explorer=3)
    assert inv.explore(state, "1:sands") == []


def test_coastal_card_explores_every_coastal_land_only():
    state = blank(("A", "B"))
    assert inv.explore(state, "2:coastal") == ["A1", "A2", "A3", "B1", "B2", "B3"]


def test_stage_three_card_explores_both_terrains():
    state = blank()
    put(state, "A8", town=1)
    assert inv.explore(state, "3:sands+jungle") == ["A3", "A7", "A8"]


# --- build -----------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("start", "built"),
    [
        ({"explorer": 1}, "town"),
        ({"town": 1}, "city"),
        ({"town": 1, "city": 1}, "town"),
        ({"town": 2, "city": 1}, "city"),
        ({"city": 1}, "town"),
    ],
)
def test_build_a_city_where_towns_outnumber_cities_else_a_town(start, built):
    state = blank()
    put(state, "A5", **start)
    assert inv.build(state, "1:wetland") == {"A5": built}
    assert pieces(state, "A5")[built] == start.get(built, 0) + 1


def test_no_build_without_invaders():
    state = blank()
    put(state, "A5", dahan=2)
    assert inv.build(state, "1:wetland") == {}


# --- ravage ----------------------------------------------------------------------------------


def test_one_explorer_deals_one_damage_no_blight():
    state = blank()
    put(state, "A5", explorer=1)
    report = inv.ravage(state, "A5")
    assert report["damage"] == 1 and report["blight"] == []
    assert pieces(state, "A5")["blight"] == 0


def test_two_damage_blights_the_land_and_takes_blight_from_the_card():
    state = blank(pool=5)
    put(state, "A5", explorer=2)
    assert inv.ravage(state, "A5")["blight"] == ["A5"]
    assert pieces(state, "A5")["blight"] == 1 and state["blight_card"]["pool"] == 4


def test_dahan_take_the_damage_and_survivors_strike_back():
    # Town + explorer: 3 damage. Two dahan: one dies, one survives with 1 damage and deals 2:
    # enough for the town (the most valuable piece it can destroy), so 1 fear.
    state = blank()
    put(state, "A5", explorer=1, town=1, dahan=2)
    report = inv.ravage(state, "A5")
    assert report == {"damage": 3, "blight": ["A5"], "counterattack": 2}
    assert pieces(state, "A5") == {"explorer": 1, "town": 0, "city": 0, "dahan": 1, "blight": 1}
    assert state["lands"]["A5"]["dahan"] == [1]
    assert state["fear_earned"] == 1


def test_players_assign_the_dahan_damage():
    state = blank()
    put(state, "A5", explorer=2, town=1, dahan=3)
    inv.ravage(state, "A5", dahan_order=["explorer", "explorer", "town"])
    # 4 damage kills 2 dahan; the last deals 2: one to each explorer; nothing left for the town
    assert pieces(state, "A5")["explorer"] == 0 and pieces(state, "A5")["town"] == 1


def test_counterattack_on_a_city_leaves_it_damaged_until_time_passes():
    state = blank()
    put(state, "A5", city=1, dahan=3)
    inv.ravage(state, "A5")
    # 3 damage kills 1 dahan and wounds 1; two survive and deal 4: the city dies
    assert pieces(state, "A5")["city"] == 0 and state["fear_earned"] == 2


def test_defend_reduces_the_damage_to_land_and_dahan():
    state = blank()
    put(state, "A5", town=1, dahan=1)
    report = inv.ravage(state, "A5", defend=1)
    assert report["damage"] == 1 and report["blight"] == []
    # 1 damage did not kill the dahan: it strikes back for 2 and destroys the town
    assert state["lands"]["A5"]["dahan"] == [1]
    assert pieces(state, "A5")["town"] == 0


def test_defend_cannot_go_below_zero():
    state = blank()
    put(state, "A5", explorer=1, dahan=1)
    assert inv.ravage(state, "A5", defend=5)["damage"] == 0
    assert pieces(state, "A5")["dahan"] == 1 and pieces(state, "A5")["explorer"] == 0


def test_ravage_card_runs_only_in_matching_lands_with_invaders():
    state = blank()
    put(state, "A2", explorer=1)
    put(state, "A5", dahan=2)
    assert list(inv.ravage_card(state, "1:wetland")) == ["A2"]


# --- blight and cascade --------------------------------------------------------------------


def test_blight_destroys_one_presence_of_each_spirit_there():
    state = blank()
    land = put(state, "A5")
    add_presence(land, "river", 2)
    add_presence(land, "earth", 1)
    inv.add_blight(state, "A5")
    assert land["presence"] == {"river": 1}


def test_blight_on_blight_cascades_to_the_chosen_adjacent_land():
    state = blank(pool=10)
    put(state, "A5", explorer=2, blight=1)
    report = inv.ravage(state, "A5", cascade_to=["A7"])
    assert report["blight"] == ["A5", "A7"]
    assert pieces(state, "A5")["blight"] == 2 and pieces(state, "A7")["blight"] == 1
    assert state["blight_card"]["pool"] == 8


def test_a_cascade_cascades_again_and_destroys_presence_on_its_way():
    state = blank(pool=10)
    put(state, "A5", blight=1)
    put(state, "A7", blight=1)
    add_presence(state["lands"]["A7"], "river")
    assert inv.add_blight(state, "A5", ["A7", "A8"]) == ["A5", "A7", "A8"]
    assert state["lands"]["A7"]["presence"] == {}


def test_cascade_never_into_the_ocean_nor_a_land_not_adjacent():
    state = blank()
    put(state, "A1", blight=1)
    with pytest.raises(ValueError):
        inv.add_blight(state, "A1", ["A0"])
    with pytest.raises(ValueError):
        inv.add_blight(state, "A1", ["A8"])


def test_cascade_crosses_to_another_board():
    state = blank(("A", "B"))
    put(state, "A3", blight=1)
    assert inv.add_blight(state, "A3", ["B7"]) == ["A3", "B7"]


def test_blight_is_conserved_between_card_and_island():
    state = blank(pool=10)
    put(state, "A5", city=1, blight=1)
    put(state, "A7", blight=1)
    before = island_blight(state) + state["blight_card"]["pool"]
    inv.ravage(state, "A5", cascade_to=["A7", "A8"])
    assert island_blight(state) + state["blight_card"]["pool"] == before


def test_ravage_that_empties_the_healthy_card_flips_it_and_play_goes_on():
    state = blank(("A", "B"), pool=1)
    put(state, "A5", town=1)
    inv.ravage(state, "A5")
    card = state["blight_card"]
    assert (card["side"], card["pool"]) == ("blighted", 8)  # 4 per player, 2 players
    assert "lost" not in state


# --- deck and track ------------------------------------------------------------------------


def test_deck_is_three_stage_one_four_stage_two_five_stage_three():
    deck = inv.build_deck(Rng(3))
    assert [inv.stage(c) for c in deck] == [1] * 3 + [2] * 4 + [3] * 5
    assert len(set(deck)) == 12
    assert inv.build_deck(Rng(3)) == deck
    assert any(inv.build_deck(Rng(s)) != deck for s in range(4, 10))


def test_escalation_is_on_stage_two_terrain_cards_only():
    assert inv.escalates("2:jungle") and not inv.escalates("2:coastal")
    assert not inv.escalates("1:jungle") and not inv.escalates("3:jungle+sands")


def test_cards_advance_explore_build_ravage_discard():
    state = blank()
    state["deck"] = ["1:mountain", "1:wetland", "1:jungle", "1:sands"]
    inv.invader_steps(state)
    assert state["track"]["build"] == ["1:mountain"] and state["track"]["ravage"] == []
    inv.invader_steps(state)
    assert state["track"]["ravage"] == ["1:mountain"] and state["track"]["build"] == ["1:wetland"]
    # explorers arrived in A1 on turn 1 and built a town on turn 2
    assert pieces(state, "A1") == {"explorer": 1, "town": 1, "city": 0, "dahan": 0, "blight": 0}
    log = inv.invader_steps(state)
    assert [(r["land"], r["damage"]) for r in log["ravage"]] == [("A1", 3)]
    assert pieces(state, "A1")["blight"] == 1
    assert state["track"]["discard"] == ["1:mountain"]
    assert state["track"]["ravage"] == ["1:wetland"] and state["track"]["build"] == ["1:jungle"]


def test_empty_deck_when_a_card_must_be_drawn_is_a_loss():
    state = blank()
    state["deck"] = []
    inv.invader_steps(state)
    assert state["lost"] == "time"


def test_state_stays_json():
    state = new_state(["A", "B", "C"], seed=5)
    put(state, "A5", explorer=2, blight=1)
    inv.invader_steps(state)
    inv.ravage(state, "A5")
    assert json.loads(json.dumps(state)) == state


def test_default_cascade_prefers_a_land_without_blight():
    state = blank()
    put(state, "A7", blight=1)
    put(state, "A5", blight=1)  # A7 touches A5 (blighted) and A8 (clean)
    assert inv.add_blight(state, "A7") == ["A7", "A8"]


def test_a_cascade_stops_once_the_island_is_lost():
    state = blank()
    state["blight_card"].update(side="blighted", pool=2)
    for name in ("A5", "A7", "A8"):
        put(state, name, blight=1)
    # A7 -> A5 takes the last blight: the spirits have lost, nothing more happens
    assert inv.add_blight(state, "A7", ["A5", "A8"]) == ["A7", "A5"]
    assert state["lost"] == "blight"


# --- hook points: rules change the steps without editing invaders.py ----------------------

SEEN: list = []


@hooks.on("explore_land", "test-calm-A2")
def _calm_a2(state, land):
    return False if land == "A2" else None


@hooks.on("after_explore", "test-record")
def _after_explore(state, lands):
    SEEN.append(("explore", lands))


@hooks.on("build_land", "test-cities")
def _cities(state, land, piece):
    return "city"


@hooks.on("build_land", "test-no-build")
def _no_build(state, land, piece):
    return False


@hooks.on("after_build", "test-record")
def _after_build(state, built):
    SEEN.append(("build", built))


@hooks.on("ravage_attack", "test-brutal-towns")
def _brutal_towns(state, land, kind, attack):
    return attack + 1 if kind == "town" else None


@hooks.on("ravage_damage", "test-plus-two")
def _plus_two(state, land, damage):
    return damage + 2


@hooks.on("after_ravage", "test-record")
def _after_ravage(state, land, report):
    SEEN.append(("ravage", land, report["damage"]))


@hooks.on("blight_added", "test-record")
def _blight_added(state, land):
    SEEN.append(("blight", land))


@hooks.on("escalation", "test-record")
def _escalation(state, card):
    SEEN.append(("escalation", card, len(state["lands"]["A2"]["explorer"])))


def with_rules(*rules, boards=("A",)):
    state = blank(boards)
    state["rules"] = list(rules)
    SEEN.clear()
    return state


def test_explore_land_hook_stops_a_land_and_after_explore_sees_the_rest():
    state = with_rules("test-calm-A2", "test-record")
    assert inv.explore(state, "2:coastal") == ["A1", "A3"]
    assert SEEN == [("explore", ["A1", "A3"])]


def test_an_explore_a_rule_stops_keeps_the_wilds():
    state = with_rules("test-calm-A2")
    put(state, "A2", wilds=1)
    stopped = []
    inv.explore(state, "1:wetland", stopped=stopped)
    assert state["lands"]["A2"]["wilds"] == 1
    assert stopped == [{"land": "A2", "action": "explore", "by": "rule"}]


def test_hooks_are_inactive_without_their_rule_id():
    state = blank()
    assert inv.explore(state, "1:wetland") == ["A2"]
    put(state, "A5", explorer=1)
    assert inv.build(state, "1:wetland") == {"A2": "town", "A5": "town"}


def test_build_land_hook_changes_the_piece_or_stops_the_build():
    state = with_rules("test-cities", "test-record")
    put(state, "A5", explorer=1)
    assert inv.build(state, "1:wetland") == {"A5": "city"}
    assert SEEN == [("build", {"A5": "city"})]
    state["rules"].append("test-no-build")
    put(state, "A5", disease=1)
    assert inv.build(state, "1:wetland") == {}
    assert state["lands"]["A5"]["disease"] == 1  # the rule stopped it before the disease


def test_ravage_attack_changes_each_piece_and_strife_still_zeroes_it():
    state = with_rules("test-brutal-towns")
    put(state, "A5", town=2, explorer=1)
    tok.add_strife(state, "A5", "town", 0)
    # one town deals 3, the one with strife 0 (its increase cancelled too), explorer 1
    assert inv.ravage(state, "A5")["damage"] == 4


def test_ravage_damage_hook_is_land_wide_and_only_when_the_invaders_dealt_any():
    state = with_rules("test-plus-two", "test-record")
    put(state, "A5", explorer=1)
    assert inv.ravage(state, "A5", defend=1)["damage"] == 2  # 1 + 2, then defend 1
    put(state, "A7", town=1)
    tok.add_strife(state, "A7", "town", 0)
    assert inv.ravage(state, "A7")["damage"] == 0  # all 0 after strife: no increase
    assert [s for s in SEEN if s[0] == "ravage"] == [("ravage", "A5", 2), ("ravage", "A7", 0)]


def test_blight_added_fires_for_each_land_of_a_cascade():
    state = with_rules("test-record")
    put(state, "A5", blight=1)
    inv.add_blight(state, "A5", ["A7"])
    assert SEEN == [("blight", "A5"), ("blight", "A7")]


def test_escalation_fires_on_a_stage_two_terrain_card_before_it_explores():
    state = with_rules("test-record")
    state["deck"] = ["2:wetland", "2:coastal"]
    inv.invader_steps(state)
    assert ("escalation", "2:wetland", 0) in SEEN
    SEEN.clear()
    inv.invader_steps(state)
    assert not [s for s in SEEN if s[0] == "escalation"]


# --- the options of each choice, for the engine's questions ---------------------------------


def test_cascade_options_are_the_adjacent_lands_never_the_ocean():
    state = blank()
    assert inv.cascade_options(state, "A1") == ["A2", "A4", "A5", "A6"]
    put(state, "A2", blight=1)
    assert inv.default_cascade(state, "A1") == "A4"


def test_counterattack_options_are_the_invader_kinds_present():
    state = blank()
    put(state, "A5", explorer=1, city=1)
    assert inv.counterattack_options(state, "A5") == ["explorer", "city"]


def test_explore_lands_lists_where_an_explore_would_go():
    state = blank()
    put(state, "A5", town=1)
    assert inv.explore_lands(state, "1:sands") == ["A4", "A7"]
    assert state["lands"]["A4"]["explorer"] == []  # only a look


def test_the_deck_may_be_kept_secret():
    state = blank()
    state["secret"] = {"deck": ["1:wetland", "1:jungle"]}
    state["deck"] = []
    assert inv.initial_explore(state) == ["A2"]
    inv.invader_steps(state)
    assert state["secret"]["deck"] == [] and "lost" not in state


def test_one_land_explore_and_build_for_events_and_adversaries():
    state = blank()
    land = put(state, "A7", wilds=1)
    stopped = []
    assert not inv.explore_in(state, "A7", stopped=stopped) and land["wilds"] == 0
    assert inv.explore_in(state, "A7") and land["explorer"] == [0]
    land["disease"] = 1
    assert inv.build_in(state, "A7", stopped=stopped) is None and land["disease"] == 0
    assert inv.build_in(state, "A7") == "town"
    assert [s["by"] for s in stopped] == ["wilds", "disease"]


def test_reveal_draws_the_top_card_and_an_empty_deck_loses():
    state = blank()
    state["deck"] = ["1:jungle"]
    assert inv.reveal(state) == "1:jungle" and not state.get("lost")
    assert inv.reveal(state) is None and state["lost"] == "time"


def test_chained_points_pass_the_running_value_to_each_handler():
    state = blank()
    state["rules"] = ["test:plus", "test:minus"]
    assert hooks.chain(state, "test_point", "n", 5) == 3  # (5 + 1) - 3, in that order
    state["rules"] = ["test:minus"]
    assert hooks.chain(state, "test_point", "n", 2) == 0


@hooks.on("test_point", "test:plus")
def _plus(state, n):
    return n + 1


@hooks.on("test_point", "test:minus")
def _minus(state, n):
    return max(0, n - 3)

