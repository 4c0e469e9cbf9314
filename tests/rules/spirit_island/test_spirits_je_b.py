"""Jagged Earth spirits, second group: tracks, growth, setup and special rules
(data/spirits_je_b.json, spirit_rules_b.py)."""

from __future__ import annotations

import pytest

from rules.spirit_island import effects as fx
from rules.spirit_island import hooks, invaders
from rules.spirit_island import powers as pw
from rules.spirit_island import spirit_rules_b as rb
from rules.spirit_island import spirit_rules_memory as mr
from rules.spirit_island import spirit_rules_starlight as sr
from rules.spirit_island import spirits as sp
from tests.rules.spirit_island.helpers import answer_exactly
from tests.rules.spirit_island.test_spirits import game, play, presence

VENGEANCE = "Vengeance as a Burning Plague"
VOLCANO = "Volcano Looming High"
MEMORY = "Shifting Memory of Ages"
DAYS = "Fractured Days Split the Sky"
STAR = "Starlight Seeks Its Form"
JE_B = [VENGEANCE, VOLCANO, MEMORY, DAYS, STAR]


def seated(name, answers=(), boards="A", others=()):
    """A game with the spirit seated on board A, its setup choices answered."""
    state = game(name, *others, boards=boards, queue_setup=True)
    for kind in ("minor", "major"):  # for the Days That Never Were
        state["secret"][f"{kind}_deck"] = [f"{kind}{i}" for i in range(8)]
    return answer_exactly(state, answers)


def clear(state):
    for land in state["lands"].values():
        for kind in ("explorer", "town", "city", "dahan"):
            land[kind] = []
        land["blight"] = 0
        for token in ("disease", "badlands", "wilds", "beasts"):
            land[token] = 0


def grow(state, option, answers=(), seat=0):
    name = state["seats"][seat]["spirit"]
    play(state, sp.SPIRITS[name]["growth"]["options"][option], seat, answers)


# --- the data ---------------------------------------------------------------------------------


@pytest.mark.parametrize("name", JE_B)
def test_data_names_cards_innates_and_rules(name):
    spirit = sp.SPIRITS[name]
    assert spirit["ko"] and spirit["ko_official"] is True
    assert len(spirit["unique_cards"]) == 4
    assert {pw.CARDS[c]["spirit"] for c in spirit["unique_cards"]} == {name}
    assert {pw.INNATES[i]["spirit"] for i in spirit["innates"]} == {name}
    assert all(r["done"] for r in spirit["special_rules"])


def test_track_values():
    state = seated(VENGEANCE)
    state["seats"][0]["tracks"] = {"energy": 2, "card_plays": 2}
    values = sp.track_values(state, 0)
    assert values["energy"] == 2 and values["card_plays"] == 2
    assert values["elements"] == {"animal": 1, "fire": 1}
    state = seated(VOLCANO, ["A1"])
    state["seats"][0]["tracks"] = {"energy": 5, "card_plays": 7}
    values = sp.track_values(state, 0)
    assert values["energy"] == 5 and values["card_plays"] == 4
    assert values["elements"] == {"earth": 2, "fire": 2, "air": 1}


# --- Vengeance as a Burning Plague -------------------------------------------------------------


def test_vengeance_setup_blight_land_wetland_without_dahan_and_one_destroyed():
    state = seated(VENGEANCE)  # A4 has the printed blight, A5 is the Wetland without dahan
    assert presence(state) == {"A4": 1, "A5": 1}
    assert state["seats"][0]["destroyed"] == 1
    assert {"slowly-unfolding-plague", "lingering-pestilence", "wreak-vengeance"} <= set(state["rules"])


def test_vengeance_growth_presence_only_near_towns_cities_or_blight():
    state = seated(VENGEANCE)
    clear(state)
    state["lands"]["A7"]["town"] = [0]
    state["lands"]["A1"]["blight"] = 1
    # two presence, each into a land with town/city/blight within range 2
    grow(state, 1, ["energy", "A7", "energy", "A1"])
    assert presence(state) == {"A1": 1, "A4": 1, "A5": 1, "A7": 1}
    state["lands"]["A7"]["town"] = []
    state["lands"]["A1"]["blight"] = 0
    with pytest.raises(ValueError):  # A8 has none of them
        grow(state, 1, ["energy", "A8"])


def test_vengeance_growth_disease_instead_of_presence():
    state = seated(VENGEANCE)
    clear(state)
    state["secret"]["minor_deck"] = ["m1", "m2", "m3", "m4"]
    grow(state, 2, ["minor", "m2", 1, "A8"])
    assert state["lands"]["A8"]["disease"] == 1 and state["seats"][0]["energy"] == 1
    assert "m2" in state["seats"][0]["hand"]


def test_wreak_vengeance_blight_adds_damage_once_per_action():
    state = seated(VENGEANCE)
    clear(state)
    state["lands"]["A5"].update(explorer=[0, 0, 0], blight=2)
    play(state, [{"do": "target_land", "range": 0}, {"do": "damage", "n": 1}], 0, ["A5"])
    assert state["lands"]["A5"]["explorer"] == []  # 1 + 2 for the blight
    state["lands"]["A5"].update(explorer=[0, 0, 0], blight=1)
    play(state, [{"do": "target_land", "range": 0}, {"do": "damage", "n": 1},
                 {"do": "damage", "n": 1}], 0, ["A5"])
    assert len(state["lands"]["A5"]["explorer"]) == 0  # 2 + 1 once: 3 explorers
    state["lands"]["A5"].update(explorer=[0, 0, 0, 0])
    play(state, [{"do": "target_land", "range": 0}, {"do": "damage", "n": 1},
                 {"do": "damage", "n": 1}], 0, ["A5"])
    assert len(state["lands"]["A5"]["explorer"]) == 1  # not twice in one action


def test_wreak_vengeance_is_vengeances_own():
    state = seated(VENGEANCE, others=["Lightning's Swift Strike"], boards="AB")
    clear(state)
    state["lands"]["B1"].update(explorer=[0, 0], blight=1)
    fx.push(state, [{"do": "damage", "n": 1}], {"seat": 1, "land": "B1"})
    fx.run(state)
    assert len(state["lands"]["B1"]["explorer"]) == 1


@pytest.mark.parametrize(("on", "built", "disease", "fear"), [(True, "town", 1, 1), (False, None, 0, 0)])
def test_slowly_unfolding_plague_lets_the_build_happen(on, built, disease, fear):
    state = seated(VENGEANCE)
    clear(state)
    state["seats"][0]["plague_builds"] = on
    state["lands"]["A7"].update(explorer=[0], disease=1)
    before = state["fear"]["earned"]
    assert invaders.build_in(state, "A7") == built
    hooks.fire(state, "after_build", built={})
    assert state["lands"]["A7"]["disease"] == disease
    assert state["fear"]["earned"] - before == fear


def test_slowly_unfolding_plague_needs_presence_on_the_board():
    state = seated(VENGEANCE, others=["Lightning's Swift Strike"], boards="AB")
    clear(state)
    state["seats"][0]["plague_builds"] = True
    state["lands"]["B5"].update(explorer=[0], disease=1)
    assert invaders.build_in(state, "B5") is None and state["lands"]["B5"]["disease"] == 0


@pytest.mark.parametrize(("cause", "n", "disease"), [
    ("blight", 1, 1), ("invaders", 2, 2), ("event", 1, 1), ("spirit", 1, 0)])
def test_lingering_pestilence(cause, n, disease):
    state = seated(VENGEANCE)
    clear(state)
    rb.presence_destroyed(state, "A5", 0, cause, n)
    assert state["lands"]["A5"]["disease"] == disease


# --- Volcano Looming High ---------------------------------------------------------------------


def test_volcano_setup_presence_badlands_and_dahan_pushed():
    state = seated(VOLCANO, ["A6", ["dahan", "A8"]])  # A6 held 1 dahan
    assert presence(state) == {"A6": 1}
    assert state["lands"]["A6"]["badlands"] == 1 and state["lands"]["A6"]["dahan"] == []
    assert len(state["lands"]["A8"]["dahan"]) == 1


def test_mountain_home_growth_and_powers():
    state = seated(VOLCANO, ["A1"])
    clear(state)
    grow(state, 1, ["energy", "energy"])  # range 0 into its Mountain twice
    assert presence(state) == {"A1": 3}
    # a generic add_presence at range 1: only Mountains (A6 is the one next to A1)
    play(state, [{"do": "add_presence", "range": 1}], 0, ["energy", "A6"])  # not A2, A4, A5
    assert presence(state) == {"A1": 3, "A6": 1}


def test_volcano_growth_gain_card_far_presence_card_play_energy():
    state = seated(VOLCANO, ["A1"])
    state["secret"]["minor_deck"] = ["m1", "m2", "m3", "m4"]
    grow(state, 2, ["minor", "m1", "card_plays", "A6"])
    assert presence(state) == {"A1": 1, "A6": 1}
    row = state["seats"][0]
    assert row["card_plays_bonus"] == 1 and row["energy"] == 2 and "m1" in row["hand"]


def test_collapse_damages_invaders_and_dahan_per_presence():
    state = seated(VOLCANO, ["A1"])
    clear(state)
    state["lands"]["A1"].update(town=[0], dahan=[0, 0])
    rb.presence_destroyed(state, "A1", 0, "blight", n=2)
    ask = fx.run(state)
    assert ask is None
    assert state["lands"]["A1"]["town"] == [] and len(state["lands"]["A1"]["dahan"]) == 1


def test_volcanic_peaks_range_from_three_presence():
    state = seated(VOLCANO, ["A1"])
    clear(state)
    target = [{"do": "target_land", "range": 0}, {"do": "fear", "n": 1}]
    fx.push(state, target, {"seat": 0})
    assert fx.run(state) is None and state["fear"]["earned"] == 1  # only A1
    state["lands"]["A1"]["presence"][VOLCANO] = 3
    fx.push(state, target, {"seat": 0})
    ask = fx.run(state)
    assert sorted(ask.options) == ["A1", "A2", "A4", "A5", "A6"]


# --- Shifting Memory of Ages ----------------------------------------------------------------------


def test_memory_setup_and_tracks():
    state = seated(MEMORY)  # the highest Sands or Mountain of board A is A7
    assert presence(state) == {"A7": 2}
    assert state["seats"][0]["markers"] == {"moon": 1, "air": 1, "earth": 1}
    state["seats"][0]["tracks"] = {"energy": 5, "card_plays": 3}
    values = sp.track_values(state, 0)
    assert values["energy"] == 4 and values["reclaim_one"] and values["card_plays"] == 2
    assert mr.track_actions(state, 0) == [[{"do": "prepare_marker"}], [{"do": "markers_for_card_play"}]]


@pytest.mark.parametrize(("option", "answers", "energy", "where"), [
    (0, ["energy"], 0, {"A7": 3}), (2, ["energy", "A8"], 2, {"A7": 2, "A8": 1}),
    (3, [], 9, {"A7": 2})])
def test_memory_growth(option, answers, energy, where):
    state = seated(MEMORY)
    grow(state, option, answers)
    assert state["seats"][0]["energy"] == energy and presence(state) == where


def test_markers_spent_count_for_one_action():
    state = seated(MEMORY)
    row = state["seats"][0]
    row["elements"] = {"air": 2}
    mr.spend_markers(state, 0, {"air": 1, "earth": 1})
    assert row["elements"] == {"air": 3, "earth": 1} and row["markers"] == {"moon": 1}
    mr.end_action(state, 0)
    assert row["elements"]["air"] == 2 and row["elements"]["earth"] == 0
    with pytest.raises(ValueError):
        mr.spend_markers(state, 0, {"fire": 1})


def test_track_actions_prepare_and_card_play():
    state = seated(MEMORY)
    play(state, [{"do": "prepare_marker"}], 0, ["fire"])
    play(state, [{"do": "markers_for_card_play"}], 0, ["fire", "moon"])
    row = state["seats"][0]
    assert row["markers"] == {"air": 1, "earth": 1} and row["card_plays_bonus"] == 1


@pytest.mark.parametrize(("pick", "hand", "discard"), [("discard", [], ["c"]), ("forget", [], [])])
def test_long_ages_discard_instead_of_forget(pick, hand, discard):
    state = seated(MEMORY)
    row = state["seats"][0]
    row.update(hand=["c"], discard=[], played=[])
    play(state, [{"do": "forget"}], 0, [pick])
    assert row["hand"] == hand and row["discard"] == discard


def test_long_ages_only_from_hand():
    state = seated(MEMORY)
    row = state["seats"][0]
    row.update(hand=["a"], discard=["b"], played=[])
    play(state, [{"do": "forget"}], 0, ["b"])
    assert row["discard"] == [] and row["hand"] == ["a"]


# --- Fractured Days Split the Sky ------------------------------------------------------------------


def test_days_setup_presence_days_and_time_in_a_one_board_game():
    state = seated(DAYS, ["energy"])  # 1 board: gain 1 Time from a track
    assert presence(state) == {"A2": 1, "A8": 2}  # lowest with exactly 1 dahan; highest with none
    row = state["seats"][0]
    assert row["days"] == {"minor": [f"minor{i}" for i in range(6)],
                           "major": [f"major{i}" for i in range(6)]}
    assert row["time"] == 1 and row["tracks"]["energy"] == 1


def test_time_gained_from_the_island_and_spent_back_to_a_track():
    state = seated(DAYS, ["energy"])
    row = state["seats"][0]
    play(state, [{"do": "gain_time", "n": 1}], 0, ["A8"])
    assert row["time"] == 2 and presence(state) == {"A2": 1, "A8": 1}
    # the first goes back onto the energy track; the second finds no covered space: destroyed
    play(state, [{"do": "pay_time", "n": 2, "then": [{"do": "energy", "n": 5}]}], 0, [])
    assert row["time"] == 0 and row["energy"] == 5 and row["tracks"] == {"energy": 0, "card_plays": 0}
    assert row["destroyed"] == 1
    play(state, [{"do": "pay_time", "n": 1, "then": [{"do": "energy", "n": 5}]}], 0, [])
    assert row["energy"] == 5  # no Time: no effect


def test_time_spent_with_no_free_space_is_destroyed():
    state = seated(DAYS, ["A8"])
    row = state["seats"][0]
    assert row["time"] == 1 and row["tracks"] == {"energy": 0, "card_plays": 0}
    play(state, [{"do": "pay_time", "n": 1, "then": []}], 0, [])
    assert row["time"] == 0 and row["destroyed"] == 1


def test_days_growth_options():
    state = seated(DAYS, boards="AB", others=["Lightning's Swift Strike"])
    row = state["seats"][0]
    assert len(row["days"]["minor"]) == 6 and "time" not in row  # 2 players: 6 of each
    grow(state, 0, ["card_plays", "card_plays"])  # Air, reclaim, 2 Time from the tracks
    assert row["elements"]["air"] == 1 and row["time"] == 2
    # Moon, a card (the unchosen one may join the Days), presence, twice: +2 plays or Time
    grow(state, 1, ["minor", "minor7", "minor6", "energy", "A5", 1, 0, "card_plays"])
    assert "minor7" in row["hand"] and "minor6" in row["days"]["minor"]
    assert row["card_plays_bonus"] == 2 and row["time"] == 3 and presence(state)["A5"] == 1
    # Sun, a card from the Days (a Major: forget one), move a presence, 3 times: Time or 2 energy
    grow(state, 2, ["major0", "minor7", ["A5", "A1"], 1, 1, 1])
    assert "major0" in row["hand"] and "minor7" not in row["hand"] and row["energy"] == 6
    assert "major0" not in row["days"]["major"] and presence(state).get("A1") == 1
    assert row["elements"]["sun"] == 1 and row["elements"]["moon"] == 1


# --- Starlight Seeks Its Form ----------------------------------------------------------------------


def starlight():
    state = seated(STAR)  # 1 presence in A4, the land with blight
    clear(state)
    return state


def test_starlight_setup():
    state = starlight()
    assert presence(state) == {"A4": 1}
    assert state["seats"][0]["tracks"] == {"energy": 0, "card_plays": 0, "growth1": 0,
                                           "growth2": 0, "growth3": 0, "growth4": 0}
    assert sorted(sr.growth_choices(state, 0)) == ["base0", "base1", "base2", "base3"]


def test_starlight_growth_three_different_and_an_unlock_used_at_once():
    state = starlight()
    row = state["seats"][0]
    state["secret"]["minor_deck"] = ["m1", "m2", "m3", "m4"]
    grow(state, 0, ["base1", "growth1", 1,  # presence off growth track 1: it unlocks option 2
                    "new1", "minor", "m3", "done",  # that option at once: a card, no move
                    "base2"])  # 1 energy; 3 picks done
    assert row["growth_unlocked"] == {"1": 1} and "m3" in row["hand"]
    assert row["energy"] == 1 and presence(state) == {"A4": 2}
    with pytest.raises(ValueError):  # no option twice in one growth
        grow(state, 0, ["base2", "base2"])


def test_starlight_uncovering_plus_energy_and_an_element_space():
    state = starlight()
    row = state["seats"][0]
    play(state, [{"do": "add_presence", "range": 0}], 0, ["growth3"])
    assert row["energy"] == 1  # the +1 space
    play(state, [{"do": "add_presence", "range": 0}], 0, ["energy"])
    play(state, [{"do": "add_presence", "range": 0}], 0, ["energy", "fire"])  # marked space
    assert row["track_markers"] == {"energy:2": "fire"}
    assert sr.track_elements_extra(state, 0) == {"fire": 1}
    assert sp.track_values(state, 0)["energy"] == 2 and sp.track_values(state, 0)["elements"] == {}
    row["tracks"]["energy"] = 1  # the presence went back: the marker stays, not counted
    assert sr.track_elements_extra(state, 0) == {} and row["track_markers"] == {"energy:2": "fire"}
    row["tracks"]["energy"] = 2
    assert sr.track_elements_extra(state, 0) == {"fire": 1}


def test_starlight_unlocked_option_lost_while_its_track_is_covered():
    state = starlight()
    row = state["seats"][0]
    row["tracks"]["growth2"] = 1
    row["growth_unlocked"] = {"2": 0}
    assert sr.growth_choices(state, 0)["new2"] == [{"do": "energy", "n": 3}]
    row["tracks"]["growth2"] = 0
    assert "new2" not in sr.growth_choices(state, 0)


def test_starlight_unlock_is_asked_once():
    state = starlight()
    row = state["seats"][0]
    play(state, [{"do": "add_presence", "range": 0}], 0, ["growth2", 0])
    row["tracks"]["growth2"] = 0  # returned, then taken again: the same option, no question
    play(state, [{"do": "add_presence", "range": 0}], 0, ["growth2"])
    assert row["growth_unlocked"] == {"2": 0}


def test_long_ages_for_a_cost_and_again_for_a_separate_forget():
    """FAQ (digest 9.1): an event's cost and its "each spirit forgets" are separate actions;
    Shifting Memory may discard instead each time."""
    state = seated(MEMORY)
    row = state["seats"][0]
    row.update(hand=["a", "b"], discard=[], played=[])
    play(state, [{"do": "forget"}], 0, ["a", "discard"])
    play(state, [{"do": "forget"}], 0, ["b", "discard"])
    assert row["hand"] == [] and row["discard"] == ["a", "b"]


# --- presence destroyed by blight: Lingering Pestilence and Collapse -----------------------------------


def test_ravage_blight_destroying_vengeance_presence_leaves_disease():
    state = seated(VENGEANCE)
    clear(state)
    state["lands"]["A5"].update(town=[0], explorer=[0])  # 3 damage: blight
    invaders.ravage(state, "A5")
    assert state["lands"]["A5"]["blight"] == 1 and "A5" not in presence(state)
    assert state["lands"]["A5"]["disease"] == 1


def test_vengeance_own_power_adding_blight_leaves_no_disease():
    state = seated(VENGEANCE)
    clear(state)
    power = [{"do": "target_land", "range": 0}, {"do": "add", "kind": "blight"}]
    fx.push(state, power, {"seat": 0, "source": "Fetid Breath Spreads Infection"})
    fx.answer(state, "A5") if fx.run(state) else None
    assert state["lands"]["A5"]["blight"] == 1 and state["lands"]["A5"]["disease"] == 0


def test_an_event_adding_blight_to_volcano_collapses():
    state = seated(VOLCANO, ["A1"])
    clear(state)
    state["lands"]["A1"].update(explorer=[0], dahan=[0])
    fx.push(state, [{"do": "add", "kind": "blight"}], {"seat": None, "land": "A1"})
    assert fx.run(state) is None
    assert state["lands"]["A1"]["explorer"] == [] and state["lands"]["A1"]["dahan"] == [1]


def test_spend_markers_step_before_an_innate():
    state = seated(MEMORY)
    row = state["seats"][0]
    row["elements"] = {"earth": 1}
    play(state, [{"do": "spend_markers"}], 0, ["earth", "air", "done"])
    assert pw.innate_tiers(state, 0, "Learn the Invaders' Tactics") == [0, 1]
    mr.end_action(state, 0)
    assert pw.innate_tiers(state, 0, "Learn the Invaders' Tactics") == []
    assert row["markers"] == {"moon": 1}


def test_volcanic_peaks_reaches_a_land_only_the_longer_range_finds():
    state = seated(VOLCANO, ["A1"])
    clear(state)
    state["lands"]["A1"]["presence"][VOLCANO] = 3
    state["lands"]["A5"]["explorer"] = [0]
    effect = [{"do": "target_land", "range": 0, "where": {"invaders": True}}, {"do": "damage", "n": 1}]
    play(state, effect, 0, [])  # A5, one further than range 0, the only land with invaders
    assert state["lands"]["A5"]["explorer"] == []


def test_starlight_growth_track_three_energy_twice_an_element_and_an_unlock():
    state = starlight()
    row = state["seats"][0]
    play(state, [{"do": "add_presence", "range": 0}], 0, ["growth3"])
    play(state, [{"do": "add_presence", "range": 0}], 0, ["growth3", "water", 0])
    assert row["energy"] == 2 and row["track_markers"] == {"growth3:2": "water"}
    assert sr.track_elements_extra(state, 0) == {"water": 1}
    assert sr.growth_choices(state, 0)["new3"] == [{"do": "reclaim", "n": "all"}]


@pytest.mark.parametrize(("name", "energy"), [(VENGEANCE, 1), (VOLCANO, 3)])
def test_reclaim_gain_energy_growth(name, energy):
    state = seated(name, ["A1"] if name == VOLCANO else [])
    row = state["seats"][0]
    row.update(hand=[], discard=["x", "y"])
    state["secret"]["minor_deck"] = ["m1", "m2", "m3", "m4"]
    grow(state, 0, ["minor", "m4"])
    assert sorted(row["hand"]) == ["m4", "x", "y"] and row["discard"] == []
    assert row["energy"] == energy


def test_memory_growth_card_and_presence_range_two():
    state = seated(MEMORY)
    state["secret"]["major_deck"] = ["M1", "M2", "M3", "M4"]
    row = state["seats"][0]
    # a Major: forget a card, which Long Ages lets it discard instead
    grow(state, 1, ["major", "M2", "Elemental Teachings", "discard", "card_plays", "A5"])
    assert "M2" in row["hand"] and row["discard"] == ["Elemental Teachings"]
    assert presence(state) == {"A7": 2, "A5": 1} and row["tracks"]["card_plays"] == 1


@pytest.mark.parametrize(("track", "pick", "steps"), [
    ("1", 0, ["reclaim_half"]), ("1", 1, ["gain_card", "move_presence"]),
    ("2", 0, ["energy"]), ("2", 1, ["card_plays", "move_presence"]),
    ("3", 0, ["reclaim"]), ("3", 1, ["gain_card", "energy"]),
    ("4", 0, ["choose_own_land"]), ("4", 1, ["card_plays", "slow_as_fast"])])
def test_starlight_each_unlockable_option(track, pick, steps):
    state = starlight()
    row = state["seats"][0]
    row["tracks"][f"growth{track}"] = len(sp.SPIRITS[STAR]["tracks"][f"growth{track}"]) - 1
    row["growth_unlocked"] = {track: pick}
    assert [s["do"] for s in sr.growth_choices(state, 0)[f"new{track}"]] == steps


def test_starlight_reclaim_half_rounds_up_and_damage_in_own_land():
    state = starlight()
    row = state["seats"][0]
    row.update(discard=["a", "b", "c"], hand=[])
    play(state, [{"do": "reclaim_half"}], 0, ["a", "c"])
    assert sorted(row["hand"]) == ["a", "c"] and row["discard"] == ["b"]
    state["lands"]["A4"]["town"] = [0]
    play(state, [{"do": "choose_own_land", "then": [{"do": "damage", "n": 2}]}], 0, [])
    assert state["lands"]["A4"]["town"] == []


def test_an_events_lose_presence_leaves_disease_and_a_move_does_not():
    state = seated(VENGEANCE)
    clear(state)
    fx.push(state, [{"do": "lose_presence", "n": 1, "here": True}], {"seat": 0, "land": "A5"})
    fx.run(state)
    assert "A5" not in presence(state) and state["lands"]["A5"]["disease"] == 1
    before = {0: {"A4": 1, "A7": 0}}
    state["lands"]["A4"]["presence"].pop(VENGEANCE)  # A4's presence moved to A7
    state["lands"]["A7"]["presence"][VENGEANCE] = 1
    rb._report_losses(state, before, "event")
    assert state["lands"]["A4"]["disease"] == 0
