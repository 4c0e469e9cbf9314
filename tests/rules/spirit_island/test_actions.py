"""Push, gather, replace and time passes (errata B4, B6), and the initial explore."""

import pytest

from rules.spirit_island import actions as act
from rules.spirit_island import invaders as inv
from rules.spirit_island.pieces import add, add_presence, empty_land
from rules.spirit_island.state import new_state


def blank(boards=("A",)):
    state = new_state(list(boards), seed=2)
    state["lands"] = {name: empty_land() for name in state["lands"]}
    return state


def test_push_sends_each_piece_where_the_players_choose():
    state = blank()
    add(state["lands"]["A5"], "explorer", 2)
    act.push(state, "A5", [("explorer", "A7"), ("explorer", "A4")])
    assert [len(state["lands"][n]["explorer"]) for n in ("A4", "A5", "A7")] == [1, 0, 1]


@pytest.mark.parametrize("target", ["A0", "A3"])
def test_push_never_into_the_ocean_nor_a_land_not_adjacent(target):
    state = blank()
    add(state["lands"]["A1"], "dahan")
    with pytest.raises(ValueError):
        act.push(state, "A1", [("dahan", target)])


def test_gather_from_several_lands_keeps_damage():
    state = blank()
    add(state["lands"]["A7"], "town")
    state["lands"]["A7"]["town"] = [1]
    add(state["lands"]["A8"], "dahan")
    act.gather(state, "A5", [("town", "A7"), ("dahan", "A8")])
    assert state["lands"]["A5"]["town"] == [1] and state["lands"]["A5"]["dahan"] == [0]
    with pytest.raises(ValueError):
        act.gather(state, "A5", [("town", "A7")])  # none left there


def test_moving_blight_takes_none_from_the_card_and_spares_presence():
    state = blank()
    pool = state["blight_card"]["pool"]
    state["lands"]["A5"]["blight"] = 1
    add_presence(state["lands"]["A7"], "river")
    act.push(state, "A5", [("blight", "A7")])
    assert state["lands"]["A7"]["blight"] == 1 and state["lands"]["A7"]["presence"] == {"river": 1}
    assert state["blight_card"]["pool"] == pool


def test_downgrade_keeps_damage_and_destroys_if_it_reaches_the_new_health():
    state = {"fear_earned": 0}
    land = empty_land()
    add(land, "city", 2)
    land["city"] = [1, 2]
    act.replace(state, land, "city", "town")  # the city with 2 damage becomes a dead town
    assert land["city"] == [1] and land["town"] == [] and state["fear_earned"] == 1
    act.replace(state, land, "city", "town")
    assert land["town"] == [1] and state["fear_earned"] == 1


def test_time_passes_heals_every_land():
    state = blank()
    add(state["lands"]["A5"], "city")
    state["lands"]["A5"]["city"] = [2]
    act.time_passes(state)
    assert state["lands"]["A5"]["city"] == [0]


def test_initial_explore_then_the_card_builds_next():
    state = blank()
    state["deck"] = ["1:wetland", "1:jungle"]
    assert inv.initial_explore(state) == ["A2"]
    assert state["track"]["build"] == ["1:wetland"]
    inv.invader_steps(state)
    assert len(state["lands"]["A2"]["town"]) == 1


def test_two_cards_in_the_ravage_space_ravage_a_land_twice_when_it_matches_both():
    state = blank()
    add(state["lands"]["A5"], "explorer", 2)
    add(state["lands"]["A1"], "explorer", 1)
    state["track"]["ravage"] = ["1:wetland", "2:wetland"]
    state["deck"] = ["1:jungle"]
    log = inv.invader_steps(state)
    assert [(r["card"], r["land"]) for r in log["ravage"]] == [
        ("1:wetland", "A5"),
        ("2:wetland", "A5"),
    ]
    # the second ravage finds blight there already: it cascades to A5's first neighbour
    assert log["ravage"][1]["blight"] == ["A5", "A1"]
    assert state["lands"]["A5"]["blight"] == 2 and state["lands"]["A1"]["blight"] == 1


def test_an_empty_ravage_space_ravages_nothing():
    state = blank()
    add(state["lands"]["A5"], "city", 1)
    state["deck"] = ["1:jungle"]
    log = inv.invader_steps(state)
    assert log["ravage"] == [] and state["lands"]["A5"]["blight"] == 0


def test_push_picks_which_piece_by_index():
    state = blank()
    land = state["lands"]["A5"]
    add(land, "town", 2)
    land["town"][0] = 1
    act.push(state, "A5", [("town", "A7", 0)])
    assert state["lands"]["A7"]["town"] == [1] and land["town"] == [0]


def test_push_and_gather_options_name_the_legal_lands():
    state = blank()
    add(state["lands"]["A7"], "explorer")
    add(state["lands"]["A5"], "dahan")
    assert act.push_options(state, "A7", "explorer") == ["A5", "A8"]
    assert act.push_options(state, "A7", "town") == []  # none there
    assert act.gather_options(state, "A8", "explorer") == ["A7"]
    assert act.gather_options(state, "A8", "dahan") == ["A5"]


def test_presence_is_not_pushed_like_a_piece():
    state = blank()
    add_presence(state["lands"]["A5"], "river")
    with pytest.raises(ValueError):
        act.push(state, "A5", [("presence", "A7")])


def test_time_passes_ends_the_turns_markers_but_keeps_tokens():
    state = blank()
    state["turn_marks"] = {"A5": {"defend": 2, "isolate": True, "skip": ["build"]}}
    add(state["lands"]["A5"], "wilds")
    act.time_passes(state)
    assert state["turn_marks"] == {} and state["lands"]["A5"]["wilds"] == 1
