"""Jagged Earth spirits, second group: their unique cards and innate powers run through
effects.run on hand-built positions (data/powers_spirits_je_b.json)."""

from __future__ import annotations

import pytest

from rules.spirit_island import effects as fx
from rules.spirit_island import powers as pw
from rules.spirit_island import spirit_rules_b as rb
from rules.spirit_island import spirit_rules_starlight as sr
from rules.spirit_island import spirit_rules_time as tr
from tests.rules.spirit_island.test_powers import card, fear, innate, land
from tests.rules.spirit_island.test_spirits import steps_of
from tests.rules.spirit_island.test_spirits_je_b import (
    DAYS,
    JE_B,
    MEMORY,
    STAR,
    VENGEANCE,
    VOLCANO,
    clear,
    seated,
)

MINE = sorted(n for n, c in pw.CARDS.items() if c.get("spirit") in JE_B)
INNATES = sorted(n for n, c in pw.INNATES.items() if c["spirit"] in JE_B)


@pytest.mark.parametrize("name", MINE + INNATES)
def test_every_step_is_a_verb(name):
    power = pw.CARDS.get(name) or pw.INNATES[name]
    steps = [power["target"], *power.get("effect", [])]
    for tier in power.get("tiers", []):
        steps += tier["effect"]
    for step in steps_of(steps):
        assert step["do"] in fx.VERBS, step


def vengeance():
    state = seated(VENGEANCE)  # presence A4, A5; 1 destroyed
    clear(state)
    return state


def volcano(land="A1"):
    state = seated(VOLCANO, [land])
    clear(state)
    return state


# --- Vengeance as a Burning Plague ----------------------------------------------------------


def test_fiery_vengeance_costs_a_destroyed_presence():
    state = seated(VENGEANCE, others=["Lightning's Swift Strike"], boards="AB")
    clear(state)
    state["lands"]["A5"].update(explorer=[0, 0], blight=1)
    card(state, "Fiery Vengeance", [0, "yes", "A5"])  # itself; blight counts as badlands: 2 damage
    assert land(state, "A5")["explorer"] == [] and fear(state) == 1
    assert state["seats"][0]["destroyed"] == 0 and state["seats"][0]["removed"] == 1
    state["lands"]["A5"]["explorer"] = [0]
    card(state, "Fiery Vengeance", [0])  # nothing destroyed left: no effect
    assert land(state, "A5")["explorer"] == [0] and fear(state) == 1


def test_fiery_vengeance_played_for_its_elements_only():
    state = vengeance()
    state["lands"]["A5"]["explorer"] = [0]
    card(state, "Fiery Vengeance", ["no"])
    assert state["seats"][0]["destroyed"] == 1 and land(state, "A5")["explorer"] == [0]


def test_fiery_vengeance_on_another_spirit_hits_its_land():
    state = seated(VENGEANCE, others=["Lightning's Swift Strike"], boards="AB")
    clear(state)
    state["seats"][1]["destroyed"] = 1
    state["lands"]["B5"].update(town=[0], blight=1)  # Lightning's sands B5
    lightning = [n for n, x in state["lands"].items() if x["presence"].get("Lightning's Swift Strike")]
    card(state, "Fiery Vengeance", [1, "yes"] + (["B5"] if len(lightning) > 1 else []))
    assert land(state, "B5")["town"] == [] and state["seats"][1]["destroyed"] == 0


def test_plaguebearers_pushes_two_per_disease_and_disease_may_follow():
    state = vengeance()
    state["lands"]["A5"].update(explorer=[0], town=[0], dahan=[0], disease=1)
    card(state, "Plaguebearers", [["explorer", "A7"], "yes", ["town", "A8"]])
    assert fear(state) == 1
    assert land(state, "A7")["explorer"] == [0] and land(state, "A7")["disease"] == 1
    assert land(state, "A8")["town"] == [0] and land(state, "A5")["dahan"] == [0]


def test_plaguebearers_no_fear_without_invaders():
    state = vengeance()
    state["lands"]["A5"].update(dahan=[0], disease=1)
    card(state, "Plaguebearers", [["dahan", "A7"], "no"])
    assert fear(state) == 0 and land(state, "A7")["dahan"] == [0] and land(state, "A5")["disease"] == 1


def test_fetid_breath_spreads_infection():
    state = vengeance()
    state["lands"]["A7"]["explorer"] = [0]
    card(state, "Fetid Breath Spreads Infection")  # A7 the only land with invaders
    assert fear(state) == 1 and land(state, "A7")["disease"] == 1


def test_strike_low_with_sudden_fevers():
    state = vengeance()
    state["lands"]["A7"].update(town=[0], disease=1)
    card(state, "Strike Low with Sudden Fevers")  # A7 the only land with disease
    assert fear(state) == 1 and "ravage" in state["turn_marks"]["A7"]["skip"]


@pytest.mark.parametrize(("elements", "left", "fears", "disease"), [
    ({"fire": 1, "animal": 3}, [3], 0, 2),  # 2 damage (1 per disease)
    ({"water": 1, "fire": 2, "animal": 4}, [], 0, 2),  # 4 damage: the city and the explorer
    ({"water": 3, "fire": 3, "animal": 5}, [], 2, 1),  # 6 damage, 2 fear, 1 disease removed
])
def test_epidemics_run_rampant(elements, left, fears, disease):
    state = vengeance()
    state["lands"]["A5"].update(city=[0], disease=2)
    innate(state, "Epidemics Run Rampant", elements)  # A5, the only land with disease
    damage = [c for c in land(state, "A5")["city"]]
    assert (damage or []) == ([2] if left else [])
    assert fear(state) == fears + (2 if not left else 0)  # the city's own 2 fear
    assert land(state, "A5")["disease"] == disease


def test_epidemics_damage_hits_invaders_and_dahan_separately():
    state = vengeance()
    state["lands"]["A5"].update(explorer=[0], dahan=[0, 0], disease=1)
    innate(state, "Epidemics Run Rampant", {"fire": 1, "animal": 3})
    assert land(state, "A5")["explorer"] == [] and sorted(land(state, "A5")["dahan"]) == [0, 1]


@pytest.mark.parametrize(("elements", "damage"), [
    ({"fire": 3, "animal": 1}, 1), ({"fire": 4, "animal": 2}, 3),
    ({"fire": 5, "air": 2, "animal": 2}, 6)])
def test_savage_revenge_tiers(elements, damage):
    state = vengeance()
    state["lands"]["A5"].update(city=[0, 0])
    state["lands"]["A4"]["explorer"] = [0]  # no town/city: not a target
    innate(state, "Savage Revenge", elements)  # A5, the only town/city land in range 0
    assert sum(land(state, "A5")["city"]) + 3 * (2 - len(land(state, "A5")["city"])) == damage


def test_savage_revenge_reaches_one_further_with_three_air():
    state = vengeance()
    state["lands"]["A8"]["town"] = [0]  # next to A5
    innate(state, "Savage Revenge", {"fire": 3, "animal": 1}, [])
    assert land(state, "A8")["town"] == [0]  # out of range 0: nothing to target
    innate(state, "Savage Revenge", {"fire": 3, "animal": 1, "air": 3}, [])
    assert land(state, "A8")["town"] == [1]


# --- Volcano Looming High ----------------------------------------------------------------------


@pytest.mark.parametrize(("option", "answers", "badlands", "explorers"), [(0, [0], 1, 1), (1, [1], 0, 0)])
def test_lava_flows(option, answers, badlands, explorers):
    state = volcano()
    state["lands"]["A1"]["explorer"] = [0]
    card(state, "Lava Flows", ["A1", *answers])
    assert land(state, "A1")["badlands"] == badlands and land(state, "A1")["wilds"] == badlands
    assert len(land(state, "A1")["explorer"]) == explorers


def test_exaltation_of_molten_stone():
    state = seated(VOLCANO, ["A1"], others=["Lightning's Swift Strike"], boards="AB")
    clear(state)
    state["seats"][0]["elements"] = {"fire": 3}
    card(state, "Exaltation of Molten Stone", ["spirit"])  # the odd one to Lightning
    assert state["seats"][0]["energy"] == 1 and state["seats"][1]["energy"] == 2
    assert state["seats"][1]["mountain_range"] == 1
    pw.time_passes(state)
    assert "mountain_range" not in state["seats"][1]


def test_exaltation_range_counts_from_mountains_only():
    state = seated(VOLCANO, ["A1"], others=["Lightning's Swift Strike"], boards="AB")
    clear(state)  # Lightning: 2 presence in sands B5
    state["lands"]["B2"]["presence"]["Lightning's Swift Strike"] = 1  # a Mountain
    state["seats"][1]["mountain_range"] = 1
    fx.push(state, [{"do": "target_land", "range": 0}], {"seat": 1})
    ask = fx.run(state)
    assert sorted(ask.options) == ["B0", "B1", "B2", "B3", "B4", "B5"] or \
        sorted(n for n in ask.options if not n.endswith("0")) == ["B1", "B2", "B3", "B4", "B5"]


def test_rain_of_ash_pushes_away_from_volcano():
    state = volcano()
    state["lands"]["A6"]["presence"][VOLCANO] = 1
    state["lands"]["A5"].update(explorer=[0], dahan=[0])
    # from A5: A1 and A6 hold Volcano's presence; A4, A7, A8 do not
    card(state, "Rain of Ash", ["A5", ["dahan", "A7"], ["explorer", "A8"]])
    assert fear(state) == 2
    assert land(state, "A7")["dahan"] == [0] and land(state, "A8")["explorer"] == [0]


def test_pyroclastic_bombardment():
    state = volcano()
    state["lands"]["A1"]["presence"][VOLCANO] = 2  # a sacred site
    state["lands"]["A5"].update(town=[0], city=[0], dahan=[0, 0])
    card(state, "Pyroclastic Bombardment", ["A5", "town"])
    # each town/city/dahan 1; then 1 to the town (destroyed); then 1 to a dahan (destroyed)
    assert land(state, "A5")["town"] == [] and land(state, "A5")["city"] == [1]
    assert land(state, "A5")["dahan"] == [1]


def test_explosive_eruption_below_its_thresholds_still_destroys():
    """FAQ (digest 9.1): usable without a threshold, since destroying presence does something:
    the collapse hurts the land's invaders and dahan."""
    state = volcano()
    state["lands"]["A1"]["presence"][VOLCANO] = 2
    state["lands"]["A1"].update(town=[0], dahan=[0])
    innate(state, "Explosive Eruption", {}, [2])
    assert land(state, "A1")["town"] == [] and land(state, "A1")["dahan"] == []
    assert state["seats"][0]["destroyed"] == 2


def test_explosive_eruption_destroys_presence_collapse_and_damage():
    state = volcano()
    state["lands"]["A1"]["presence"][VOLCANO] = 4
    state["lands"]["A1"].update(town=[0], dahan=[0])
    state["lands"]["A6"]["city"] = [0]
    # destroy 4: collapse deals 4 to the invaders and 4 to the dahan in A1; then X=4 damage in
    # A6; 4 fear (tier 2)
    innate(state, "Explosive Eruption", {"fire": 3, "earth": 3}, ["A1", 4, "A6"])  # Volcanic Peaks: 4 presence reach further
    assert land(state, "A1")["town"] == [] and land(state, "A1")["dahan"] == []
    assert land(state, "A6")["city"] == [] and state["seats"][0]["destroyed"] == 4
    assert fear(state) == 1 + 2 + 4


def test_pyroclastic_bombardment_badlands_once_for_invaders_once_for_dahan():
    """Digest 4.4.5: the badlands add to the first line's total for invaders and to the
    dahan's line, not to the later single damages."""
    state = volcano()
    state["lands"]["A1"]["presence"][VOLCANO] = 2
    state["lands"]["A5"].update(town=[0], city=[0], dahan=[0, 0, 0], badlands=1)
    card(state, "Pyroclastic Bombardment", ["A5", "town"])
    # town 1+1 (badlands) destroyed; city 1, then the single damage: 2; dahan 1 each, +1
    # destroys one, the last line destroys another
    assert land(state, "A5")["town"] == [] and land(state, "A5")["city"] == [2]
    assert land(state, "A5")["dahan"] == [1]


def test_explosive_eruption_needs_two_presence():
    state = volcano()
    state["lands"]["A6"]["city"] = [0]
    innate(state, "Explosive Eruption", {"fire": 2, "earth": 2}, [1])
    assert land(state, "A6")["city"] == [0] and presence_left(state) == 0


def presence_left(state):
    return sum(x["presence"].get(VOLCANO, 0) for x in state["lands"].values())


def test_explosive_eruption_tier_three_blight_spares_presence():
    state = volcano()
    state["lands"]["A1"]["presence"][VOLCANO] = 7
    for name in ("A2", "A4", "A5", "A6"):
        state["lands"][name]["explorer"] = [0, 0, 0, 0]
    innate(state, "Explosive Eruption", {"fire": 4, "air": 2, "earth": 4}, ["A1", 6, "A2"])
    assert all(land(state, n)["explorer"] == [] for n in ("A2", "A4", "A5", "A6"))
    assert land(state, "A1")["blight"] == 1 and state["lands"]["A1"]["presence"][VOLCANO] == 1


def test_explosive_eruption_tier_four_range_two_and_blight_next_door():
    state = volcano()
    state["lands"]["A1"]["presence"][VOLCANO] = 10
    state["lands"]["A8"]["city"] = [0, 0]  # 2 from A1
    state["lands"]["A4"]["blight"] = 1
    innate(state, "Explosive Eruption", {"fire": 5, "air": 3, "earth": 5}, ["A1", 10, "A2"])
    assert land(state, "A8")["city"] == [1]  # 4 damage: one city, one damaged
    assert [land(state, n)["blight"] for n in ("A2", "A4", "A5", "A6")] == [1, 1, 1, 1]


@pytest.mark.parametrize(("energy", "answers", "paid"), [(3, ["no"], 0), (1, [], 0)])
def test_furnace_second_level_costs_two_energy(energy, answers, paid):
    """FAQ (digest 9.1): the second level costs 2 energy; the player may decline, and
    without the energy it is not used."""
    state = volcano()
    state["seats"][0]["energy"] = energy
    state["secret"]["minor_deck"] = ["m1", "m2", "m3", "m4"]
    innate(state, "Powered by the Furnace of the Earth", {"fire": 3}, answers)
    assert state["seats"][0]["energy"] == energy - paid and len(state["seats"][0]["hand"]) == 4


def test_furnace_moves_presence_only_into_a_mountain():
    state = volcano()
    state["lands"]["A1"]["presence"][VOLCANO] = 3  # Volcanic Peaks: A5 is in reach
    state["lands"]["A5"]["presence"][VOLCANO] = 1
    innate(state, "Powered by the Furnace of the Earth", {"earth": 4, "fire": 4}, ["A5"])
    assert state["lands"]["A5"]["presence"][VOLCANO] == 1  # a Wetland: Mountain Home


def test_powered_by_the_furnace_tiers():
    state = volcano()
    row = state["seats"][0]
    row.update(destroyed=2, energy=3, tracks={"energy": 2, "card_plays": 1})
    state["lands"]["A6"]["presence"][VOLCANO] = 1
    state["secret"]["minor_deck"] = ["m1", "m2", "m3", "m4"]
    innate(state, "Powered by the Furnace of the Earth",
           {"earth": 4, "fire": 5}, ["A1", "yes", "minor", "m3", "A6", "energy"])
    # 1 destroyed back in A1; paid 2 for a card; A6's presence moved in; 1 destroyed to a track
    assert state["lands"]["A1"]["presence"][VOLCANO] == 3 and VOLCANO not in state["lands"]["A6"]["presence"]
    assert row["energy"] == 1 and "m3" in row["hand"]
    assert row["destroyed"] == 0 and row["tracks"] == {"energy": 1, "card_plays": 1}


# --- Shifting Memory of Ages ----------------------------------------------------------------------

LIGHTNING = "Lightning's Swift Strike"


def memory(**kw):
    state = seated(MEMORY, **kw)  # 2 presence in A7; markers moon, air, earth
    clear(state)
    return state


def test_boon_of_ancient_memories_on_itself_a_minor():
    state = memory()
    state["secret"]["minor_deck"] = ["m1", "m2", "m3", "m4"]
    card(state, "Boon of Ancient Memories", ["m2"])  # the only spirit: itself
    assert "m2" in state["seats"][0]["hand"]


@pytest.mark.parametrize(("pick", "energy", "hand"), [("pay", 1, 5), ("forget", 3, 4)])
def test_boon_of_ancient_memories_major_paid_instead_of_forgetting(pick, energy, hand):
    state = memory(others=[LIGHTNING], boards="AB")
    state["secret"]["major_deck"] = ["M1", "M2", "M3", "M4"]
    state["seats"][1]["energy"] = 3
    answers = [1, "major", "M1", pick] + (["Raging Storm"] if pick == "forget" else [])
    card(state, "Boon of Ancient Memories", answers)
    assert state["seats"][1]["energy"] == energy and len(state["seats"][1]["hand"]) == hand
    assert "M1" in state["seats"][1]["hand"]


def test_elemental_teachings_prepares_then_gives_markers():
    state = memory(others=[LIGHTNING], boards="AB")
    card(state, "Elemental Teachings", [1, "fire", "fire", "moon", "done"])
    assert state["seats"][1]["elements"] == {"fire": 1, "moon": 1}
    assert state["seats"][0]["markers"] == {"air": 1, "earth": 1}


def test_share_secrets_of_survival_saves_dahan_or_gathers():
    state = memory()
    state["lands"]["A7"]["presence"][MEMORY] = 2
    state["lands"]["A5"]["dahan"] = [0]
    card(state, "Share Secrets of Survival", ["A7", 1, ["dahan", "A5"]])
    assert land(state, "A7")["dahan"] == [0] and "save" not in state.get("turn_marks", {}).get("A7", {})
    card(state, "Share Secrets of Survival", ["A7", 0])
    assert state["turn_marks"]["A7"]["save"]["dahan"] == 2


def test_share_secrets_both_with_three_air():
    state = memory()
    state["seats"][0]["elements"] = {"air": 3}
    state["lands"]["A5"]["dahan"] = [0]
    card(state, "Share Secrets of Survival", ["A7", ["dahan", "A5"]])
    assert land(state, "A7")["dahan"] == [0] and state["turn_marks"]["A7"]["save"]["dahan"] == 2


def test_study_the_invaders_fears():
    state = memory()
    state["lands"]["A7"]["town"] = [0]
    top = next(c for c in state["secret"]["fear_deck"] if not c.startswith("-"))
    card(state, "Study the Invaders' Fears")
    assert fear(state) == 2 and state["fear"]["face_up"] == top


@pytest.mark.parametrize(("elements", "defend"), [
    ({"earth": 2}, 2), ({"earth": 2, "air": 1}, 3), ({"moon": 2, "air": 3, "earth": 4}, 6)])
def test_learn_the_invaders_tactics(elements, defend):
    state = memory()
    state["lands"]["A7"]["explorer"] = [0]
    state["track"]["discard"] = ["1:wetland", "1:sands", "1:jungle"]
    innate(state, "Learn the Invaders' Tactics", elements)
    assert state["turn_marks"]["A7"]["defend"] == defend


def test_observe_prepares_one_marker():
    state = memory()
    innate(state, "Observe the Ever-Changing World", {"moon": 1}, ["A7", "water"])
    assert state["seats"][0]["markers"]["water"] == 1


def test_observe_tier_two_one_marker_per_action_three_times():
    state = memory()
    state["lands"]["A7"].update(explorer=[0, 0, 0, 0], dahan=[0])
    innate(state, "Observe the Ever-Changing World", {"moon": 2, "air": 1}, ["A7"])
    row = state["seats"][0]
    push2 = [{"do": "push", "n": 2, "kinds": ["explorer"]}]
    # one action pushing 2 explorers out: 1 marker
    play_in(state, push2, [["explorer", "A5"], ["explorer", "A5"], "fire"])
    assert row["markers"]["fire"] == 1
    play_in(state, [{"do": "damage", "n": 1, "kinds": ["dahan"]}], [])  # damaged only: nothing
    assert sum(row["markers"].values()) == 4
    play_in(state, push2, [["explorer", "A5"], ["explorer", "A5"], "sun"])
    play_in(state, [{"do": "add", "kind": "blight"}], ["plant"])
    play_in(state, [{"do": "add", "kind": "disease"}], [])  # the 3 actions are used up
    assert row["markers"] == {"moon": 1, "air": 1, "earth": 1, "fire": 1, "sun": 1, "plant": 1}


def play_in(state, steps, answers, where="A7"):
    fx.push(state, steps, {"seat": 0, "land": where, "source": "test"})
    left = list(answers)
    ask = fx.run(state)
    while ask is not None:
        ask = fx.answer(state, left.pop(0))
    assert not left


# --- Fractured Days Split the Sky -----------------------------------------------------------------


def days(time=3, **kw):
    state = seated(DAYS, ["A8"] if not kw else [], **kw)  # A2 1, A8 1 (+1 set aside as Time)
    clear(state)
    state["seats"][0]["time"] = time
    state["seats"][0]["tracks"] = {"energy": 3, "card_plays": 2}
    return state


def test_the_past_returns_again():
    state = days(others=[LIGHTNING], boards="AB")
    state["seats"][0]["energy"], state["seats"][1]["energy"] = 1, 1
    deck = state["secret"]["deck"]
    top = deck[0]
    state["track"]["discard"] = ["3:coastal", "2:sands"]  # the top card is Stage I
    # 2 Time (2 players) back onto the tracks; 2 energy, the first from seat 0, then seat 1's
    card(state, "The Past Returns Again", ["yes", "energy", "card_plays", 0])
    assert state["seats"][0]["time"] == 1 and state["seats"][0]["energy"] == 0
    assert state["seats"][1]["energy"] == 0
    assert deck[0] == "2:sands" and state["track"]["discard"] == ["3:coastal", top]


def test_the_past_returns_again_needs_the_time():
    state = days(time=1, others=[LIGHTNING], boards="AB")
    top = state["secret"]["deck"][0]
    state["track"]["discard"] = ["1:sands"]
    card(state, "The Past Returns Again")
    assert state["secret"]["deck"][0] == top and state["seats"][0]["time"] == 1


def test_the_past_returns_again_played_for_its_elements_only():
    """FAQ (digest 9.1): it may be played just for its elements, paying nothing extra."""
    state = days(others=[LIGHTNING], boards="AB")
    state["seats"][0]["energy"], state["seats"][1]["energy"] = 1, 1
    top = state["secret"]["deck"][0]
    state["track"]["discard"] = ["2:sands"]
    card(state, "The Past Returns Again", ["no"])
    assert state["secret"]["deck"][0] == top and state["seats"][0]["time"] == 3
    assert state["seats"][0]["energy"] == 1 and state["seats"][1]["energy"] == 1


def test_absolute_stasis():
    state = days()
    state["lands"]["A8"]["presence"][DAYS] = 2
    state["lands"]["A6"]["town"] = [0]
    card(state, "Absolute Stasis", ["A6", "yes", "energy"])
    marks = state["turn_marks"]["A6"]
    assert marks["stasis"] and "all" in marks["skip"] and marks["isolate"]
    assert state["seats"][0]["time"] == 2 and rb.stasis_lands(state) == ["A6"]
    fx.push(state, [{"do": "target_land", "range": 1, "where": {"invaders": True}},
                    {"do": "fear", "n": 1}], {"seat": 0})
    assert fx.run(state) is None and fear(state) == 0  # A6 cannot be targeted


def test_pour_time_sideways():
    state = days(others=[LIGHTNING], boards="AB")
    state["lands"]["B5"]["presence"][DAYS] = 1
    card(state, "Pour Time Sideways", ["yes", "energy", "energy", "card_plays", ["A8", "B5"]])
    assert state["turn_marks"]["island"]["time_sideways"] == {"A": -1, "B": 1}
    assert tr.invader_repeats(state, "A5") == 0 and tr.invader_repeats(state, "B3") == 2
    assert state["seats"][0]["time"] == 0 and state["lands"]["B5"]["presence"][DAYS] == 2


def test_blur_the_arc_of_years_each_case_and_the_repeat():
    state = days()
    state["lands"]["A5"]["blight"] = 1
    card(state, "Blur the Arc of Years", ["A5", "no"])  # nothing here: remove the blight
    assert land(state, "A5")["blight"] == 0
    state["lands"]["A5"]["dahan"] = [0]
    card(state, "Blur the Arc of Years", ["A5", "done", "yes", "energy", "done"])  # repeated
    assert len(land(state, "A5")["dahan"]) == 3 and state["seats"][0]["time"] == 2
    state["lands"]["A7"]["explorer"] = [0]
    card(state, "Blur the Arc of Years", ["A7", "no"])  # builds a town, then ravages
    assert land(state, "A7")["town"] == [0] and land(state, "A7")["blight"] == 1


def test_slip_the_flow_of_time():
    state = days(others=[LIGHTNING], boards="AB")
    row = state["seats"][1]
    row.update(discard=["Raging Storm"], hand=["Shatter Homesteads"], energy=3, elements={})
    innate(state, "Slip the Flow of Time", {"sun": 3, "moon": 2, "air": 2},
           [1, "Raging Storm", "Raging Storm"])  # reclaimed, then played now for 3 energy
    assert row["hand"] == ["Shatter Homesteads"] and row["played"] == ["Raging Storm"]
    assert row["energy"] == 0 and row["elements"] == {"fire": 1, "air": 1, "water": 1}
    assert row["powers"] == ["Raging Storm"]


@pytest.mark.parametrize(("elements", "answers", "bottom"), [
    ({"sun": 1, "moon": 2, "air": 2}, [], False),
    ({"sun": 2, "moon": 3, "air": 2}, ["bottom"], True)])
def test_visions_of_a_shifting_future(elements, answers, bottom):
    state = days()
    deck = state["secret"]["deck"]  # no event deck in this game: the invader deck
    top = list(deck[:2])
    innate(state, "Visions of a Shifting Future", elements, answers)
    assert state["seats"][0]["secret"]["seen"] == top[0]
    if bottom:
        assert deck[-1] == top[0]
    else:
        assert sorted(deck[:2]) == sorted(top)


# --- Starlight Seeks Its Form ---------------------------------------------------------------------


def star(**kw):
    state = seated(STAR, **kw)  # 1 presence in A4
    clear(state)
    return state


def test_boon_of_reimagining_on_another_spirit():
    state = star(others=[LIGHTNING], boards="AB")
    state["secret"]["minor_deck"] = [f"m{i}" for i in range(8)]
    row = state["seats"][1]
    card(state, "Boon of Reimagining", [1, "Raging Storm", "m2", "m5"])
    assert "Raging Storm" not in row["hand"] and {"m2", "m5"} <= set(row["hand"])
    assert row["energy"] == 1 and state["secret"]["minor_deck"] == ["m6", "m7"]
    assert sorted(state["power_discard"]["minor"]) == ["m0", "m1", "m3", "m4"]


def test_boon_of_reimagining_declined_on_itself():
    state = star()
    card(state, "Boon of Reimagining", ["done"])
    assert state["seats"][0]["energy"] == 0 and len(state["seats"][0]["hand"]) == 4


def test_gather_the_scattered_light_of_stars_at_end_of_turn():
    state = star()
    row = state["seats"][0]
    row.update(hand=["Shape the Self Anew"], discard=["a", "b", "c", "d", "e"], played=[])
    card(state, "Gather the Scattered Light of Stars")
    assert row["discard"] == ["a", "b", "c", "d", "e"]  # nothing until the end of the turn
    sr.run_end_of_turn(state, 0)
    answers = ["a", "b", "Shape the Self Anew", "c", "d", "done"]
    ask = fx.run(state)
    while ask is not None:
        ask = fx.answer(state, answers.pop(0))
    assert not answers and sorted(row["hand"]) == ["a", "b", "c", "d"] and row["discard"] == ["e"]


@pytest.mark.parametrize(("moon", "deck", "forget"), [(1, "minor", "yes"), (4, "major", "no")])
def test_shape_the_self_anew(moon, deck, forget):
    state = star()
    row = state["seats"][0]
    state["secret"]["minor_deck"] = ["m1", "m2", "m3", "m4"]
    state["secret"]["major_deck"] = ["M1", "M2", "M3", "M4"]
    row["elements"] = {"moon": moon}
    pick = "m1" if deck == "minor" else "M1"
    answers = ([deck] if moon == 4 else []) + [pick]
    answers += ["Boon of Reimagining"] if deck == "major" else []  # a Major: forget a card
    card(state, "Shape the Self Anew", [*answers, forget])
    assert pick in row["hand"]
    assert ("Shape the Self Anew" in row["hand"]) == (forget == "no")
    assert row["energy"] == (3 if forget == "yes" else 0)


@pytest.mark.parametrize(("terror", "skip"), [(1, True), (2, False)])
def test_peace_of_the_nighttime_sky(terror, skip):
    state = star()
    state["lands"]["A4"]["presence"][STAR] = 2
    state["fear"]["terror_level"] = terror
    card(state, "Peace of the Nighttime Sky", ["A4", "no"])
    assert ("ravage" in state.get("turn_marks", {}).get("A4", {}).get("skip", [])) == skip


def test_peace_of_the_nighttime_sky_repeated_by_forgetting_it():
    state = star()
    row = state["seats"][0]
    state["lands"]["A4"]["presence"][STAR] = 2
    card(state, "Peace of the Nighttime Sky", ["A4", "yes", "A5"])
    assert "Peace of the Nighttime Sky" not in row["hand"] and row["elements"]["moon"] == 1
    assert "ravage" in state["turn_marks"]["A5"]["skip"]


def test_air_moves_earth_endures():
    state = star()
    state["lands"]["A4"].update(explorer=[0, 0], town=[0])
    innate(state, "Air Moves, Earth Endures", {"air": 3, "earth": 3},
           ["A4", 0, ["explorer", "A5"], ["explorer", "A5"]])
    assert land(state, "A5")["explorer"] == [0, 0] and land(state, "A4")["town"] == [0]
    assert state["turn_marks"]["A4"]["defend"] == 5


def test_fire_burns_water_soothes():
    state = star()
    state["lands"]["A4"]["presence"][STAR] = 2
    state["lands"]["A5"].update(town=[0], blight=1)
    innate(state, "Fire Burns, Water Soothes", {"fire": 3, "water": 3}, ["A5"])
    assert land(state, "A5")["town"] == [] and land(state, "A5")["blight"] == 0
    assert fear(state) == 2  # 1, and 1 for the town


def test_wood_seeks_growth_humans_seek_freedom():
    state = star(others=[LIGHTNING], boards="AB")
    state["secret"]["minor_deck"] = ["m1", "m2", "m3", "m4"]
    state["lands"]["A5"].update(explorer=[0, 0], dahan=[0, 0])
    state["lands"]["A5"]["presence"]["Lightning's Swift Strike"] = 1
    innate(state, "Wood Seeks Growth, Humans Seek Freedom", {"plant": 3, "animal": 3},
           ["A5", "minor", "m4", 0])  # Lightning (the spirit there) gains a card; 1 damage per dahan
    assert "m4" in state["seats"][1]["hand"]
    assert land(state, "A5")["explorer"] == []


@pytest.mark.parametrize(("moon", "answers", "gathered"), [
    (2, ["A4", ["dahan", "A5"]], {"dahan": 1, "explorer": 0}),
    (3, ["A4", ["explorer", "A5"], ["explorer", "A5"], ["explorer", "A2"]], {"dahan": 0, "explorer": 3})])
def test_sidereal_guidance(moon, answers, gathered):
    state = star()
    state["lands"]["A5"].update(explorer=[0, 0], dahan=[0])
    state["lands"]["A2"]["explorer"] = [0]
    innate(state, "Sidereal Guidance", {"moon": moon}, answers)
    assert {k: len(land(state, "A4")[k]) for k in ("dahan", "explorer")} == gathered


def test_stars_blaze_in_the_daytime_sky():
    state = star()
    row = state["seats"][0]
    row.update(played=["Boon of Reimagining"], hand=[])
    innate(state, "Stars Blaze in the Daytime Sky", {"sun": 4}, ["Boon of Reimagining"])
    assert fear(state) == 3 and row["energy"] == 1 and row["hand"] == ["Boon of Reimagining"]
