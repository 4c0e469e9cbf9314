"""The spirits' unique power cards and innate powers (powers.py) run through effects.run
on small positions, and the special rules that change generic verbs."""

from __future__ import annotations

import random

import pytest

from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import powers as pw
from rules.spirit_island import spirit_rules as sr
from rules.spirit_island import spirits as sp
from rules.spirit_island import tokens as tok
from tests.rules.spirit_island.helpers import answer_exactly
from tests.rules.spirit_island.test_spirits import (
    BASE,
    BRINGER,
    GREEN,
    LIGHTNING,
    OCEAN,
    RIVER,
    SHADOWS,
    THUNDER,
    VITAL,
    game,
    presence,
    steps_of,
)


def card(state, name, answers=(), seat=0):
    _run(state, pw.card_effect(name), seat, answers, name)


def innate(state, name, elements, answers=(), seat=0):
    state["seats"][seat]["elements"] = dict(elements)
    _run(state, pw.innate_effect(state, seat, name), seat, answers, name)


def _run(state, effect, seat, answers, source):
    fx.push(state, effect, {"seat": seat, "source": source})
    answer_exactly(state, answers)


def fear(state) -> int:
    return state["fear"]["earned"]


def put(state, land, **pieces):
    for kind, n in pieces.items():
        if kind == "blight":
            state["lands"][land]["blight"] = n
        else:
            state["lands"][land][kind] = [0] * n


def land(state, name):
    return state["lands"][name]


# --- the data --------------------------------------------------------------------------------------


def test_every_spirits_cards_and_innates_are_there():
    # the base game: 8 spirits, 4 unique cards and 2 innates each; the other spirits' data
    # (still growing) must hold together the same way: every unique card and innate is one
    # listed spirit's
    assert sum(len(sp.SPIRITS[n]["unique_cards"]) for n in BASE) == 32
    assert sum(len(sp.SPIRITS[n]["innates"]) for n in BASE) == 12
    uniques = {n for n, c in pw.CARDS.items() if c["deck"] == "unique"}
    listed = {c for s in sp.SPIRITS.values() for c in s["unique_cards"]}
    assert uniques == listed
    assert set(pw.INNATES) == {i for s in sp.SPIRITS.values() for i in s["innates"]}
    for name, spirit in sp.SPIRITS.items():
        assert {pw.CARDS[c]["spirit"] for c in spirit["unique_cards"]} == {name}
        assert {pw.INNATES[i]["spirit"] for i in spirit["innates"]} <= {name}


@pytest.mark.parametrize("name", sorted(pw.CARDS))
def test_card_facts_and_verbs(name):
    c = pw.CARDS[name]
    assert c["speed"] in ("fast", "slow") and c["cost"] >= 0
    assert set(c["elements"]) <= set(sp.ELEMENTS)
    assert c["target"]["do"] in ("target_land", "target_spirit")
    for step in steps_of(pw.card_effect(name)):
        assert step["do"] in fx.VERBS, step


@pytest.mark.parametrize("name", sorted(pw.INNATES))
def test_innate_tiers_and_verbs(name):
    tiers = pw.INNATES[name]["tiers"]
    # 1 (Stars Blaze in the Daytime Sky) to 5 (Explosive Eruption, its first with no threshold)
    assert 1 <= len(tiers) <= 5
    for tier in tiers:
        assert set(tier["threshold"]) <= set(sp.ELEMENTS)
        for step in steps_of([pw.INNATES[name]["target"], *tier["effect"]]):
            assert step["do"] in fx.VERBS, step


# a few printed facts, checked by hand
FACTS = {
    "Shatter Homesteads": (2, "slow", ["fire", "air"]),
    "Lightning's Boon": (1, "fast", ["fire", "air"]),
    "Flash Floods": (2, "fast", ["sun", "water"]),
    "Rituals of Destruction": (3, "slow", ["sun", "moon", "fire", "earth", "plant"]),
    "Swallow the Land-Dwellers": (0, "slow", ["water", "earth"]),
    "Call on Midnight's Dream": (0, "fast", ["moon", "animal"]),
}


@pytest.mark.parametrize("name", sorted(FACTS))
def test_printed_facts(name):
    c = pw.CARDS[name]
    assert (c["cost"], c["speed"], c["elements"]) == FACTS[name]


def test_innate_tiers_reached_and_instead():
    state = game(RIVER, clear=True)
    state["seats"][0]["elements"] = {"sun": 2, "water": 3}
    assert pw.innate_tiers(state, 0, "Massive Flooding") == [0, 1]
    effect = pw.innate_effect(state, 0, "Massive Flooding")
    assert [s["do"] for s in effect] == ["target_land", "damage", "push"]  # tier 2 instead of 1
    state["seats"][0]["elements"] = {"sun": 3, "water": 4}
    assert pw.innate_tiers(state, 0, "Massive Flooding") == [0, 1]  # tier 3 wants 1 earth
    state["seats"][0]["elements"] = {"sun": 1, "water": 1}
    assert pw.innate_effect(state, 0, "Massive Flooding") == []


# --- Lightning's Swift Strike --------------------------------------------------------------------


def test_shatter_homesteads():
    state = game(LIGHTNING, clear=True)  # sacred site A7
    put(state, "A1", town=2)  # 2 lands from A7
    card(state, "Shatter Homesteads", ["A1"])
    assert len(land(state, "A1")["town"]) == 1
    assert fear(state) == 2  # 1, and 1 for the town


def test_raging_storm():
    state = game(LIGHTNING, clear=True)
    put(state, "A8", explorer=2, town=1, city=1)
    card(state, "Raging Storm", ["A8"])
    assert land(state, "A8")["explorer"] == []
    assert land(state, "A8")["town"] == [1] and land(state, "A8")["city"] == [1]


def test_lightnings_boon_and_swiftness():
    state = game(LIGHTNING, RIVER, boards="AB", clear=True)
    assert not pw.may_be_fast(state, 1, "Wash Away")
    card(state, "Lightning's Boon", [1])
    assert pw.slow_as_fast_left(state, 1) == 2 and pw.may_be_fast(state, 1, "Wash Away")
    pw.use_slow_as_fast(state, 1)
    pw.use_slow_as_fast(state, 1)
    assert not pw.may_be_fast(state, 1, "Wash Away")
    state["seats"][1]["slow_used_fast"] = 1
    pw.time_passes(state)  # the Boon's grant lapses with the turn
    assert pw.slow_as_fast_left(state, 1) == 0 and "slow_as_fast" not in state["seats"][1]
    # Swiftness of Lightning: one Slow power as Fast per Air
    assert not pw.may_be_fast(state, 0, "Raging Storm")
    state["seats"][0]["elements"] = {"air": 2}
    assert pw.slow_as_fast_left(state, 0) == 2
    assert pw.may_be_fast(state, 0, "Thundering Destruction")


@pytest.mark.parametrize(("town", "want"), [(1, 1), (0, 0)])
def test_harbingers_fear_when_dahan_reach_a_town(town, want):
    state = game(LIGHTNING, clear=True)
    put(state, "A8", dahan=2)
    put(state, "A5", town=town)
    card(state, "Harbingers of the Lightning", ["A8", ["dahan", "A5"], ["dahan", "A6"]])
    assert len(land(state, "A5")["dahan"]) == 1 and len(land(state, "A6")["dahan"]) == 1
    assert fear(state) == want


def test_thundering_destruction_tiers():
    state = game(LIGHTNING, clear=True)
    put(state, "A8", town=1, city=1)
    innate(state, "Thundering Destruction", {"fire": 3, "air": 2}, ["A8"])
    assert land(state, "A8")["town"] == [] and land(state, "A8")["city"] == [0]
    put(state, "A8", town=1, city=1)
    innate(state, "Thundering Destruction", {"fire": 4, "air": 3}, ["A8", "city"])
    assert land(state, "A8")["city"] == [] and land(state, "A8")["town"] == [0]
    put(state, "A8", town=2, city=2)
    innate(state, "Thundering Destruction", {"fire": 5, "air": 5, "water": 2},
           ["A8", "city", "city"])
    assert land(state, "A8")["city"] == [] and land(state, "A8")["town"] == [0]


# --- River Surges in Sunlight --------------------------------------------------------------------


@pytest.mark.parametrize(("target", "damage"), [("A1", 2), ("A4", 1)])
def test_flash_floods_more_on_the_coast(target, damage):
    state = game(RIVER, clear=True)  # presence in A5
    put(state, target, city=1)
    card(state, "Flash Floods", [target])
    assert land(state, target)["city"] == [damage]


def test_wash_away():
    state = game(RIVER, clear=True)
    put(state, "A4", explorer=1, town=1, city=1)
    card(state, "Wash Away", ["A4", ["explorer", "A1"], ["town", "A5"]])
    assert land(state, "A1")["explorer"] == [0] and land(state, "A5")["town"] == [0]
    assert land(state, "A4")["city"] == [0]


def test_boon_of_vigor():
    state = game(RIVER, LIGHTNING, boards="AB", clear=True)
    card(state, "Boon of Vigor", [0])
    assert state["seats"][0]["energy"] == 1
    state["seats"][1]["played"] = ["Raging Storm", "Shatter Homesteads"]
    card(state, "Boon of Vigor", [1])
    assert state["seats"][1]["energy"] == 2 and state["seats"][0]["energy"] == 1


def test_rivers_bounty():
    state = game(RIVER, clear=True)
    put(state, "A5", dahan=1)
    put(state, "A4", dahan=1)
    card(state, "River's Bounty", [["dahan", "A4"]])
    assert len(land(state, "A5")["dahan"]) == 3
    assert state["seats"][0]["energy"] == 1


def test_massive_flooding_tiers():
    state = game(RIVER, clear=True)
    put(state, "A4", explorer=1, town=1)
    innate(state, "Massive Flooding", {"sun": 1, "water": 2}, ["A4", ["town", "A1"]])
    assert land(state, "A1")["town"] == [0]
    put(state, "A4", explorer=1, town=1)
    innate(state, "Massive Flooding", {"sun": 2, "water": 3},
           ["A4", "explorer", ["town", "A5"]])
    assert land(state, "A4")["explorer"] == [] and land(state, "A5")["town"] == [1]
    put(state, "A4", explorer=2, town=2, city=1)
    innate(state, "Massive Flooding", {"sun": 3, "water": 4, "earth": 1}, ["A4"])
    assert land(state, "A4")["town"] == [] and land(state, "A4")["city"] == [2]


# --- Shadows Flicker Like Flame --------------------------------------------------------------------


def test_concealing_shadows_keeps_dahan_alive():
    state = game(SHADOWS, clear=True)  # A8 x2, A5
    put(state, "A8", dahan=2, city=2)
    card(state, "Concealing Shadows", ["A8"])
    assert fear(state) == 1
    inv.ravage(state, "A8")
    assert len(land(state, "A8")["dahan"]) == 2


def test_favors_called_due():
    state = game(SHADOWS, clear=True)
    put(state, "A5", explorer=2)
    put(state, "A1", dahan=2)
    put(state, "A4", dahan=1)
    card(state, "Favors Called Due",
         ["A5", ["dahan", "A1"], ["dahan", "A1"], ["dahan", "A4"]])
    assert fear(state) == 3


def test_favors_called_due_no_fear_when_outnumbered():
    state = game(SHADOWS, clear=True)
    put(state, "A5", explorer=2, dahan=1)
    put(state, "A1", dahan=1)
    card(state, "Favors Called Due", ["A5", ["dahan", "A1"]])
    assert fear(state) == 0


def test_mantle_of_dread_lets_the_target_push():
    state = game(SHADOWS, LIGHTNING, boards="AB", clear=True)  # Lightning in B5
    put(state, "B5", explorer=1, town=1)
    card(state, "Mantle of Dread", [1, "yes", ["explorer", "B1"], ["town", "B4"]])
    assert fear(state) == 2
    assert land(state, "B1")["explorer"] == [0] and land(state, "B4")["town"] == [0]


def test_crops_wither_and_fade():
    state = game(SHADOWS, clear=True)
    put(state, "A8", city=1)
    card(state, "Crops Wither and Fade", ["A8", 1])
    assert land(state, "A8")["city"] == [] and land(state, "A8")["town"] == [0]
    assert fear(state) == 2


def test_darkness_swallows_the_unwary_tiers():
    state = game(SHADOWS, clear=True)
    put(state, "A5", explorer=1)
    put(state, "A6", explorer=2, town=1)
    # tier 1 gathers the explorer from A5 (the only one near), tier 2 destroys up to 2
    innate(state, "Darkness Swallows the Unwary", {"moon": 3, "fire": 2},
           ["A6", "explorer", "explorer"])
    assert land(state, "A6")["explorer"] == [0] and fear(state) == 2  # 1 per explorer
    put(state, "A5", explorer=1)
    put(state, "A6", explorer=1, town=1)
    innate(state, "Darkness Swallows the Unwary", {"moon": 4, "fire": 3, "air": 2},
           ["A6", "explorer", "explorer"])
    # tier 3's 3 damage kills the town: 1 fear for it by this power, 1 for a town destroyed
    assert land(state, "A6")["town"] == [] and land(state, "A6")["explorer"] == []
    assert fear(state) == 2 + 2 + 1 + 1


def test_shadows_of_the_dahan_target_beyond_range_for_energy():
    state = game(SHADOWS, clear=True)  # A8 x2, A5
    put(state, "A2", dahan=1)
    state["seats"][0]["energy"] = 1
    fx.push(state, pw.card_effect("Crops Wither and Fade"), {"seat": 0})
    ask = fx.run(state)
    assert ask.options == ["A5", "A8", "A2"]
    fx.answer(state, "A2")
    assert state["seats"][0]["energy"] == 0
    state["seats"][0]["energy"] = 0
    fx.push(state, pw.card_effect("Crops Wither and Fade"), {"seat": 0})
    assert fx.run(state).options == ["A5", "A8"]


# --- Vital Strength of the Earth --------------------------------------------------------------------


def test_guard_the_healing_land():
    state = game(VITAL, clear=True)  # sacred site A6
    put(state, "A6", blight=1)
    card(state, "Guard the Healing Land", ["A6"])
    assert land(state, "A6")["blight"] == 0
    assert state["turn_marks"]["A6"]["defend"] == 4


def test_a_year_of_perfect_stillness():
    state = game(VITAL, clear=True)
    card(state, "A Year of Perfect Stillness", ["A5"])
    assert all(tok.use_skip(state, "A5", a) for a in ("explore", "build", "ravage", "build"))
    assert not tok.use_skip(state, "A4", "build")


@pytest.mark.parametrize(("dahan", "cities_left", "fear_want"), [(3, [2], 4), (2, [2, 0], 0)])
def test_rituals_of_destruction(dahan, cities_left, fear_want):
    state = game(VITAL, clear=True)  # sacred site A6; A1 the only land near with dahan
    put(state, "A1", dahan=dahan, city=2)
    card(state, "Rituals of Destruction")
    # 3+ dahan: 2 + 3 damage, a city dies and the other takes 2; 2 fear + 2 for the city
    assert sorted(land(state, "A1")["city"], reverse=True) == cities_left
    assert fear(state) == fear_want


def test_draw_of_the_fruitful_earth():
    state = game(VITAL, clear=True)
    put(state, "A1", explorer=2, dahan=1)
    put(state, "A4", dahan=2)
    card(state, "Draw of the Fruitful Earth",
         ["A5", ["explorer", "A1"], ["explorer", "A1"], ["dahan", "A1"], ["dahan", "A4"]])
    assert len(land(state, "A5")["explorer"]) == 2 and len(land(state, "A5")["dahan"]) == 2


def test_gift_of_strength_grants_a_repeat():
    state = game(VITAL, clear=True)
    innate(state, "Gift of Strength", {"sun": 2, "earth": 3, "plant": 2})
    assert state["seats"][0]["repeats"] == [3]


# --- Thunderspeaker ---------------------------------------------------------------------------------


def test_manifestation_of_power_and_glory():
    state = game(THUNDER, clear=True)  # A3, A7
    state["lands"]["A3"]["presence"][THUNDER] = 2
    put(state, "A3", dahan=2, town=1, city=1)
    card(state, "Manifestation of Power and Glory", ["town", "town"])
    assert land(state, "A3")["town"] == [] and land(state, "A3")["city"] == [2]
    assert fear(state) == 2


def test_words_of_warning_defends_and_dead_dahan_strike():
    state = game(THUNDER, clear=True)
    put(state, "A4", dahan=2, city=3)  # 9 damage, 6 after defend: both dahan die
    card(state, "Words of Warning")  # the only land near with dahan
    assert state["turn_marks"]["A4"]["defend"] == 3
    report = inv.ravage(state, "A4", cascade_to=[])
    assert land(state, "A4")["dahan"] == [] and report["counterattack"] == 4
    assert sorted(land(state, "A4")["city"]) == [0, 1]  # one city dead, one hurt
    put(state, "A5", dahan=2, city=3)  # no warning there: the dead dahan do nothing
    inv.ravage(state, "A5")
    assert land(state, "A5")["city"] == [0, 0, 0]


def test_sudden_ambush():
    state = game(THUNDER, clear=True)
    put(state, "A4", dahan=1, explorer=3)
    put(state, "A5", dahan=1)
    card(state, "Sudden Ambush", ["A4", "yes"])  # gathers the dahan in A5: 2 ambush
    assert land(state, "A4")["explorer"] == [0]


def test_voice_of_thunder():
    state = game(THUNDER, clear=True)
    put(state, "A4", dahan=1, explorer=1)
    card(state, "Voice of Thunder", ["A4", 1])
    assert fear(state) == 2
    card(state, "Voice of Thunder", ["A4", 0, ["dahan", "A5"]])
    assert land(state, "A5")["dahan"] == [0]


def test_gather_the_warriors_and_its_speed():
    state = game(THUNDER, clear=True)
    put(state, "A4", dahan=2)
    put(state, "A1", dahan=1)
    state["seats"][0]["elements"] = {"air": 3}
    assert not pw.may_be_fast(state, 0, "Gather the Warriors")
    state["seats"][0]["elements"] = {"air": 4}
    assert pw.may_be_fast(state, 0, "Gather the Warriors")
    innate(state, "Gather the Warriors", {"air": 1, "sun": 1, "animal": 1},
           ["A2", ["dahan", "A1"], ["dahan", "A3"]])
    assert land(state, "A2")["dahan"] == [] and land(state, "A3")["dahan"] == [0]
    assert land(state, "A1")["dahan"] == []


def test_lead_the_furious_assault():
    state = game(THUNDER, clear=True)
    put(state, "A3", dahan=6, town=3, city=3)
    innate(state, "Lead the Furious Assault", {"sun": 4, "fire": 3}, ["A3"])
    assert land(state, "A3")["town"] == [] and land(state, "A3")["city"] == [0]


# --- A Spread of Rampant Green ------------------------------------------------------------------------


def test_overgrow_in_a_night():
    state = game(GREEN, clear=True)  # A5, A8
    card(state, "Overgrow in a Night", ["A4", 0, "energy"])
    assert presence(state)["A4"] == 1
    put(state, "A4", explorer=1)
    card(state, "Overgrow in a Night", ["A4", 1])
    assert fear(state) == 3


def test_gift_of_proliferation():
    state = game(GREEN, RIVER, boards="AB", clear=True)  # River in B6
    card(state, "Gift of Proliferation", ["energy", "B8"])  # the only other spirit
    assert presence(state, 1) == {"B6": 1, "B8": 1}


def test_fields_choked_with_growth():
    state = game(GREEN, clear=True)
    put(state, "A4", town=1, dahan=3)
    card(state, "Fields Choked with Growth", ["A4", 0, ["town", "A1"]])
    assert land(state, "A1")["town"] == [0]
    card(state, "Fields Choked with Growth",
         ["A4", 1, ["dahan", "A1"], ["dahan", "A1"], ["dahan", "A2"]])
    assert land(state, "A4")["dahan"] == [] and len(land(state, "A1")["dahan"]) == 2


@pytest.mark.parametrize(("target", "towns"), [("A1", [1, 1]), ("A8", [0, 1])])
def test_stem_the_flow(target, towns):
    state = game(GREEN, clear=True)
    state["lands"]["A5"]["presence"][GREEN] = 2
    put(state, target, town=2)
    card(state, "Stem the Flow of Fresh Water", [target])
    assert sorted(land(state, target)["town"]) == towns


def test_creepers_and_all_enveloping_green():
    state = game(GREEN, clear=True)
    put(state, "A5", town=1, city=1)
    innate(state, "Creepers Tear into Mortar", {"moon": 3, "plant": 4},
           ["A5", "town", "town"])
    assert land(state, "A5")["town"] == [] and land(state, "A5")["city"] == [1]
    state["lands"]["A5"]["presence"][GREEN] = 2
    put(state, "A4", blight=1)
    innate(state, "All-Enveloping Green", {"water": 3, "earth": 1, "plant": 5}, ["A4"])
    assert state["turn_marks"]["A4"]["defend"] == 4 and land(state, "A4")["blight"] == 0


# --- Ocean's Hungry Grasp -----------------------------------------------------------------------------


def ocean_game(*others):
    state = game(OCEAN, *others, clear=True, queue_setup=True)
    fx.run(state)
    fx.answer(state, "A2")
    while fx.pending(state):  # other spirits' setup choices
        fx.answer(state, fx.pending(state).options[0])
    return state


@pytest.mark.parametrize(("players", "energy", "left"), [(1, 3, 0), (2, 1, 1)])
def test_swallow_the_land_dwellers_drowns(players, energy, left):
    state = ocean_game(*[RIVER][: players - 1])
    put(state, "A2", explorer=1, town=1, dahan=1)
    card(state, "Swallow the Land-Dwellers", ["A2"])  # range 0: A2 or the Ocean (in play)
    assert land(state, "A2")["explorer"] == land(state, "A2")["town"] == []
    assert land(state, "A2")["dahan"] == []
    assert fear(state) == 1  # the town
    seat = state["seats"][0]
    assert (seat["energy"], seat["drowned"]) == (energy, left)


def test_call_of_the_deeps_and_grasping_tide():
    state = ocean_game()
    put(state, "A4", explorer=1)
    card(state, "Call of the Deeps", ["A2"])
    assert land(state, "A2")["explorer"] == [0]
    card(state, "Grasping Tide", ["A3"])
    assert fear(state) == 2 and state["turn_marks"]["A3"]["defend"] == 4


def test_tidal_boon():
    state = ocean_game(RIVER)  # River in B6
    put(state, "B6", town=1, dahan=1)
    card(state, "Tidal Boon", ["yes", ["town", "B1"], ["dahan", "B5"]])
    assert state["seats"][1]["energy"] == 2
    assert land(state, "B1")["town"] == [0] and land(state, "B5")["dahan"] == [0]


def test_ocean_innates():
    state = ocean_game()
    innate(state, "Pound Ships to Splinters", {"moon": 3, "air": 2, "water": 4}, ["A0"])
    assert fear(state) == 4
    put(state, "A2", town=1, city=1)
    innate(state, "Ocean Breaks the Shore", {"water": 4, "earth": 3}, ["A2", "city"])
    assert land(state, "A2")["town"] == land(state, "A2")["city"] == []
    assert state["seats"][0]["energy"] == 5  # 2 + 3 health drowned, 1 player


# --- Bringer of Dreams and Nightmares ----------------------------------------------------------------


def test_predatory_nightmares_dreams_instead_of_destroying():
    state = game(BRINGER, clear=True)  # sacred site A7
    put(state, "A5", town=1, explorer=1)
    card(state, "Predatory Nightmares", ["town", "town", ["town", "A4"]])
    assert land(state, "A5")["town"] == [] and land(state, "A4")["town"] == [0]
    assert fear(state) == 2  # the dream fear of a town, not the usual 1


def test_bringer_destroy_and_damage_each_are_dreams():
    state = game(BRINGER, clear=True)
    put(state, "A8", city=1, explorer=1, dahan=1)
    fx.push(state, [{"do": "target_land", "range": 1, "from": "presence"},
                    {"do": "damage_each", "n": 3, "kinds": ["invader", "dahan"]}], {"seat": 0})
    fx.run(state)
    ask = fx.answer(state, "A8")
    while ask is not None:
        ask = fx.answer(state, [ask.options[0][0], "A5"])
    assert land(state, "A5")["city"] == [0] and land(state, "A5")["explorer"] == [0]
    assert land(state, "A8")["dahan"] == [0]  # no damage from Bringer
    assert fear(state) == 5


def test_dreams_of_the_dahan_and_night_terrors():
    state = game(BRINGER, clear=True)
    put(state, "A7", town=1, dahan=4)
    card(state, "Dreams of the Dahan", ["A7", 1])
    assert fear(state) == 3  # 1 per dahan, at most 3
    innate(state, "Night Terrors", {"moon": 3, "air": 2, "animal": 1}, [])
    assert fear(state) == 6


def test_dread_apparitions_fear_defends():
    state = game(BRINGER, clear=True)
    put(state, "A8", explorer=1)
    card(state, "Dread Apparitions")
    assert fear(state) == 1 and state["turn_marks"]["A8"]["defend"] == 1
    put(state, "A8", town=1)  # a dreamt town's 2 fear defends too
    fx.push(state, [{"do": "destroy", "n": 1, "kinds": ["town"]}], {"seat": 0, "land": "A8"})
    fx.run(state)
    fx.answer(state, fx.pending(state).options[0])
    assert fear(state) == 3 and state["turn_marks"]["A8"]["defend"] == 3


def test_call_on_midnights_dream():
    state = game(BRINGER, clear=True)
    put(state, "A7", dahan=1)
    state["secret"]["major_deck"] = ["Tsunami", "Powerstorm"]
    card(state, "Call on Midnight's Dream", [0, "Powerstorm", "Dreams of the Dahan"])
    hand = state["seats"][0]["hand"]
    assert "Powerstorm" in hand and "Dreams of the Dahan" not in hand


def test_spirits_may_yet_dream():
    state = game(BRINGER, clear=True)
    state["fear"]["earned_cards"] = ["Dahan Raid"]
    innate(state, "Spirits May Yet Dream", {"moon": 3, "air": 2}, ["air"])
    assert state["fear"]["revealed"] == ["Dahan Raid"]
    assert state["seats"][0]["elements"] == {"moon": 3, "air": 3}


# --- the Minor and Major decks ----------------------------------------------------------------------


def test_base_minor_and_major_decks():
    decks = [c["deck"] for c in pw.CARDS.values() if c["set"] == "base"]
    assert decks.count("minor") == 36 and decks.count("major") == 22
    assert {c["set"] for c in pw.CARDS.values()} <= {"base", "branch_and_claw", "jagged_earth"}
    assert pw.CARDS["Drought"]["threshold"] == {"sun": 3}
    assert pw.CARDS["Talons of Lightning"]["cost"] == 6


def test_drought():
    state = game(RIVER, clear=True)
    put(state, "A4", town=4, city=2)
    state["seats"][0]["elements"] = {"sun": 3}
    card(state, "Drought", ["A4"])
    # 3 towns destroyed, the last town and both cities take 1, blight, then a city destroyed
    assert land(state, "A4")["town"] == [1] and land(state, "A4")["city"] == [1]
    assert land(state, "A4")["blight"] == 1
    assert fear(state) == 3 + 2


@pytest.mark.parametrize(("blight", "want", "cascade"), [(0, 2, []), (1, 4, ["A1"])])
def test_land_of_haunts_and_embers(blight, want, cascade):
    state = game(RIVER, clear=True)
    put(state, "A6", blight=blight)
    card(state, "Land of Haunts and Embers", ["A6", *cascade])  # blight on blight cascades
    assert fear(state) == want and land(state, "A6")["blight"] == blight + 1


def test_elemental_boon_shares_the_elements():
    state = game(RIVER, LIGHTNING, boards="AB", clear=True)
    card(state, "Elemental Boon", [1, "fire", "air", "sun"])
    assert state["seats"][1]["elements"] == {"fire": 1, "air": 1, "sun": 1}
    assert state["seats"][0]["elements"] == {"fire": 1, "air": 1, "sun": 1}


def test_gift_of_living_energy():
    state = game(RIVER, LIGHTNING, boards="AB", clear=True)  # Lightning: a sacred site in B5
    card(state, "Gift of Living Energy", [0])
    assert state["seats"][0]["energy"] == 1
    card(state, "Gift of Living Energy", [1])
    assert state["seats"][1]["energy"] == 2
    state["lands"]["A1"]["presence"][RIVER] = 2  # River: A1 and (its domain) A5
    card(state, "Gift of Living Energy", [1])
    assert state["seats"][1]["energy"] == 5


def test_reaching_grasp_and_sap_the_strength_reach_further():
    state = game(RIVER, clear=True)  # presence in A5
    fx.push(state, pw.card_effect("Sap the Strength of Multitudes"), {"seat": 0})
    assert fx.run(state) is None and state["turn_marks"]["A5"]["defend"] == 5  # range 0
    state["seats"][0]["elements"] = {"air": 1}
    fx.push(state, pw.card_effect("Sap the Strength of Multitudes"), {"seat": 0})
    assert set(fx.run(state).options) == {"A1", "A4", "A5", "A6", "A7", "A8"}
    fx.answer(state, "A1")
    card(state, "Reaching Grasp")
    fx.push(state, pw.card_effect("Gnawing Rootbiters"), {"seat": 0})
    assert len(fx.run(state).options) == 8  # range 1 + 2: the whole board


def test_cleansing_floods_counts_from_a_wetland():
    state = game(VITAL, clear=True)  # A6 x2 (mountain), A8 (jungle)
    fx.push(state, pw.card_effect("Cleansing Floods"), {"seat": 0})
    assert fx.run(state) is None  # no presence in a wetland: no target
    state["lands"]["A2"]["presence"][VITAL] = 1
    put(state, "A3", city=2, blight=1)
    state["seats"][0]["elements"] = {"water": 4}
    card(state, "Cleansing Floods", ["A3"])
    assert land(state, "A3")["city"] == [] and land(state, "A3")["blight"] == 0


def test_talons_of_lightning_threshold():
    state = game(LIGHTNING, clear=True)  # A7 x2
    put(state, "A2", city=1)
    for name in ("A1", "A3", "A4"):
        put(state, name, town=1)
    state["seats"][0]["elements"] = {"fire": 3, "air": 3}
    card(state, "Talons of Lightning", ["A2"])  # a wetland 3 from A7: in range only now
    assert land(state, "A2")["city"] == []
    assert all(land(state, n)["town"] == [] for n in ("A1", "A3", "A4"))
    assert fear(state) == 3 + 2 + 3


def test_tsunami_threshold_hits_the_other_coastal_lands():
    state = game(OCEAN, clear=True, queue_setup=True)
    fx.run(state)
    fx.answer(state, "A2")
    state["lands"]["A2"]["presence"][OCEAN] = 2
    for name in ("A1", "A2", "A3"):
        put(state, name, city=2, dahan=2)
    state["seats"][0]["elements"] = {"water": 3, "earth": 2}
    card(state, "Tsunami", ["A2"])
    assert land(state, "A2")["city"] == [] and land(state, "A2")["dahan"] == []
    for name in ("A1", "A3"):
        assert land(state, name)["city"] == [1] and len(land(state, name)["dahan"]) == 1


def test_wrap_in_wings_of_sunlight():
    state = game(RIVER, clear=True)
    put(state, "A5", dahan=3)
    card(state, "Wrap in Wings of Sunlight", ["A8", "dahan", "dahan", "done"])
    assert len(land(state, "A8")["dahan"]) == 2 and state["turn_marks"]["A8"]["defend"] == 5


def test_blazing_renewal_brings_back_destroyed_presence():
    state = game(RIVER, LIGHTNING, boards="AB", clear=True)
    state["seats"][1]["destroyed"] = 3
    put(state, "A4", town=1, city=1)
    card(state, "Blazing Renewal", [1, "A4"])
    assert presence(state, 1)["A4"] == 2 and state["seats"][1]["destroyed"] == 1
    assert land(state, "A4")["town"] == [] and land(state, "A4")["city"] == [2]


def test_the_land_thrashes_counts_adjacent_blight():
    state = game(RIVER, clear=True)
    put(state, "A4", blight=1, city=2)
    put(state, "A1", blight=2)
    card(state, "The Land Thrashes in Furious Pain", ["A4"])
    # 2 for its blight + 1 per blight next door (2 in A1): 4 damage, most damaged first
    assert land(state, "A4")["city"] == [1] and fear(state) == 2


def test_mists_of_oblivion_fear_per_town_or_city_destroyed():
    state = game(RIVER, clear=True)
    put(state, "A4", explorer=2)
    land(state, "A4")["town"] = [1, 1, 0]
    card(state, "Mists of Oblivion", ["A4"])
    assert land(state, "A4")["explorer"] == [] and land(state, "A4")["town"] == [1]
    assert fear(state) == 2 + 2  # 1 per town this power destroyed, 1 per town destroyed


def test_poisoned_land_threshold_per_blight():
    state = game(RIVER, clear=True)
    put(state, "A4", city=4, dahan=2, blight=1)
    state["seats"][0]["elements"] = {"earth": 3, "plant": 2, "animal": 2}
    card(state, "Poisoned Land", ["A4", "A1"])  # the added blight cascades to A1
    # 7 + 4 per blight (2 after adding): 15 damage, 4 cities have 12 health
    assert land(state, "A4")["city"] == [] and land(state, "A4")["dahan"] == []
    assert fear(state) == 1 + 2 + 4 * 2


# --- every power runs to its end whatever the choices ------------------------------------------------

POWERS = sorted(pw.CARDS) + sorted(pw.INNATES)


def crowded(first: str):
    """A 3-board island with the printed pieces, more invaders and blight, and decks."""
    others = [n for n in (RIVER, LIGHTNING, THUNDER) if n != first][:2]
    state = game(first, *others, boards="ABC", queue_setup=True)
    while fx.pending(state) or fx.run(state):
        fx.answer(state, fx.pending(state).options[0])
    for i, name in enumerate(sorted(state["lands"])):
        row = state["lands"][name]
        if "0" in name:
            continue
        row["explorer"] += [0] * (i % 3)
        row["town"] += [0] * (i % 2)
        row["blight"] += i % 4 == 0
    state["secret"].update(minor_deck=sorted(n for n, c in pw.CARDS.items() if c["deck"] == "minor"),
                           major_deck=sorted(n for n, c in pw.CARDS.items() if c["deck"] == "major"))
    for row in state["seats"]:
        row["energy"] = 3
        row["destroyed"] = 1
    state["fear"]["earned_cards"] = ["a fear card"]
    return state


@pytest.mark.parametrize("name", POWERS)
def test_power_runs_with_any_choices(name):
    owner = (pw.CARDS.get(name) or pw.INNATES[name]).get("spirit", RIVER)
    for seed in range(3):
        state = crowded(owner)
        rng = random.Random(seed)
        if name in pw.INNATES:
            top = {}
            for tier in pw.INNATES[name]["tiers"]:
                for e, n in tier["threshold"].items():
                    top[e] = max(top.get(e, 0), n)
            state["seats"][0]["elements"] = top
            effect = pw.innate_effect(state, 0, name)
        else:
            state["seats"][0]["elements"] = dict(pw.CARDS[name].get("threshold", {}))
            effect = pw.card_effect(name)
        fx.push(state, effect, {"seat": 0, "source": name})
        ask = fx.run(state)
        for _ in range(300):
            if ask is None:
                break
            ask = fx.answer(state, rng.choice(ask.options))
        assert ask is None and state["queue"] == []
        for land in state["lands"].values():
            assert land["blight"] >= 0 and all(n > 0 for n in land["presence"].values())
        assert all(row["energy"] >= 0 for row in state["seats"])


def test_trees_and_stones_defend_goes_with_pushed_dahan():
    state = game(RIVER, clear=True)  # presence A5
    put(state, "A4", dahan=3, explorer=3)
    state["seats"][0]["elements"] = {"sun": 2, "earth": 2, "plant": 2}
    card(state, "The Trees and Stones Speak of War", [["dahan", "A1"], "done"])
    assert land(state, "A4")["explorer"] == []  # 1 damage per dahan
    assert state["turn_marks"]["A1"]["defend"] == 2 and state["turn_marks"]["A4"]["defend"] == 4


def test_vigor_of_the_breaking_dawn_strikes_where_dahan_go():
    state = game(RIVER, clear=True)
    put(state, "A4", dahan=1, city=1)
    put(state, "A1", city=1)
    state["seats"][0]["elements"] = {"sun": 3, "animal": 2}
    card(state, "Vigor of the Breaking Dawn", [["dahan", "A1"]])
    assert land(state, "A4")["city"] == [2] and land(state, "A1")["city"] == [2]


def test_infinite_vitality_dahan_health():
    state = game(VITAL, clear=True)  # sacred site A6
    put(state, "A6", dahan=2, city=2)  # 6 damage: 2 dahan of 2 health would die
    card(state, "Infinite Vitality", ["A6"])
    inv.ravage(state, "A6")
    assert len(land(state, "A6")["dahan"]) == 2  # 6 health each now
    assert land(state, "A6")["blight"] == 0  # the ravage's blight stayed on the card
    state["seats"][0]["elements"] = {"earth": 4}
    put(state, "A1", blight=1)
    card(state, "Infinite Vitality", ["A6"])  # A1 is the only blighted land in reach
    assert land(state, "A1")["blight"] == 0


def test_call_on_midnights_dream_forgotten_for_energy_and_the_major_at_once():
    state = game(BRINGER, clear=True)
    seat = state["seats"][0]
    seat["hand"].remove("Call on Midnight's Dream")
    seat.update(played=["Call on Midnight's Dream"], energy=1, powers=[])
    put(state, "A7", dahan=2)
    state["secret"]["major_deck"] = ["Powerstorm", "Tsunami"]
    card(state, "Call on Midnight's Dream", [0, "Powerstorm", "Call on Midnight's Dream", "yes"])
    assert seat["played"] == ["Powerstorm"] and seat["powers"] == ["Powerstorm"]
    assert seat["energy"] == 0  # 1 + 2 dahan - 3
    assert seat["elements"] == {"sun": 1, "fire": 1, "air": 1}


def test_dissolve_the_bonds_threshold_clash_before_pushing():
    state = game(RIVER, clear=True)
    put(state, "A4", explorer=1, town=2, city=1, dahan=1)
    state["seats"][0]["elements"] = {"fire": 2, "water": 2, "animal": 3}
    card(state, "Dissolve the Bonds of Kinship", ["A4", ["explorer", "A1"], ["explorer", "A2"],
                                                  ["explorer", "A5"]])
    # 5 explorers kill the last town; its 2 damage kills 2 explorers; 3 are pushed
    assert land(state, "A4")["town"] == [] and land(state, "A4")["explorer"] == []
    assert land(state, "A4")["dahan"] == [] and fear(state) == 1
    assert sum(len(land(state, n)["explorer"]) for n in ("A1", "A2", "A5")) == 3


def test_entwined_power_shares_presence_and_cards():
    state = game(RIVER, LIGHTNING, boards="AB", clear=True)  # Lightning in B5
    state["secret"]["minor_deck"] = ["Drought", "Call to Tend", "Rain of Blood", "Call to Migrate"]
    card(state, "Entwined Power", ["minor", "Drought", "Rain of Blood"])  # the only other spirit
    assert state["seats"][1]["hand"][-1] == "Drought"
    assert state["seats"][0]["hand"][-1] == "Rain of Blood"
    assert state["power_discard"]["minor"] == ["Call to Tend", "Call to Migrate"]
    fx.push(state, pw.card_effect("Gnawing Rootbiters"), {"seat": 0})
    assert "B4" in fx.run(state).options  # range 1 from Lightning's B5
    pw.time_passes(state)
    fx.push(state, pw.card_effect("Gnawing Rootbiters"), {"seat": 0})
    assert "B4" not in fx.run(state).options


def test_vengeance_of_the_dead_strikes_after_each_destruction():
    state = game(RIVER, clear=True)
    put(state, "A4", dahan=2, city=2)  # 6 damage: both dahan die in the ravage
    card(state, "Vengeance of the Dead", ["A4"])
    assert fear(state) == 3
    inv.ravage(state, "A4")
    assert fx.run(state) is None  # 2 damage for the 2 dead dahan
    assert sorted(land(state, "A4")["city"]) == [0, 2]
    put(state, "A4", town=1, city=0, explorer=1)
    fx.push(state, [{"do": "destroy", "n": 1, "kinds": ["town"]}], {"seat": 0, "land": "A4"})
    assert fx.run(state) is None
    assert land(state, "A4")["explorer"] == []  # the town's death strikes the explorer
    put(state, "A1", dahan=1, explorer=1)  # no vengeance in A1
    fx.push(state, [{"do": "destroy", "n": 1, "kinds": ["dahan"]}], {"seat": 0, "land": "A1"})
    assert fx.run(state) is None and land(state, "A1")["explorer"] == [0]


def test_ocean_in_play_call_of_the_deeps_drowns_in_the_ocean():
    state = ocean_game()  # presence in A0 and A2
    put(state, "A1", explorer=1)
    put(state, "A3", explorer=1, town=1)
    card(state, "Call of the Deeps", ["A0", ["explorer", "A1"], "yes"])  # then A3's
    assert land(state, "A1")["explorer"] == land(state, "A3")["explorer"] == []
    assert land(state, "A0")["explorer"] == []  # drowned at once
    seat = state["seats"][0]
    assert (seat["energy"], seat.get("drowned", 0)) == (2, 0)  # 2 health, 1 player


def test_ocean_in_play_others_push_into_the_ocean():
    state = ocean_game(RIVER)  # River in B6; Ocean on board A only
    state["lands"]["A1"]["presence"][RIVER] = 1
    put(state, "A1", town=1, dahan=1)
    put(state, "B1", town=1)
    fx.push(state, [{"do": "push", "n": 2, "kinds": ["town", "dahan"]}], {"seat": 1, "land": "A1"})
    ask = fx.run(state)
    assert ["town", "A0"] in ask.options and ["dahan", "A0"] in ask.options
    fx.answer(state, ["town", "A0"])
    fx.answer(state, ["dahan", "A0"])
    assert land(state, "A1")["town"] == [] and land(state, "A1")["dahan"] == []
    assert state["seats"][0]["energy"] == 1 and state["seats"][0]["drowned"] == 0  # 2 health / 2
    assert fear(state) == 1  # the drowned town
    fx.push(state, [{"do": "push", "n": 1, "kinds": ["town"]}], {"seat": 1, "land": "B1"})
    assert "B0" not in fx.run(state).options[0]  # no Ocean presence on board B


def test_ocean_in_play_targets_and_filters():
    state = ocean_game()
    assert sr.oceans_in_play(state) == ["A0"]
    fx.push(state, [{"do": "target_land", "range": 1, "where": {"terrain": ["wetland"]}}],
                   {"seat": 0})
    assert fx.run(state).options == ["A0", "A2"]  # the Ocean is a Wetland now
    fx.answer(state, "A0")
    fx.push(state, [{"do": "target_land", "range": 1, "where": {"coastal": True}}], {"seat": 0})
    assert fx.run(state).options == ["A0", "A1", "A2", "A3"]
    assert not sr._ocean_matches(state, "A0", {"inland": True}, {})
