"""The unique power cards and innate powers of seven expansion spirits
(data/powers_spirits_bc_je_a.json), run through effects.run on hand-built positions."""

from __future__ import annotations

import pytest

from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import powers as pw
from rules.spirit_island import spirit_rules_a as sra
from rules.spirit_island import spirits as sp
from rules.spirit_island import tokens as tok
from tests.rules.spirit_island.test_powers import card, fear, innate, land, put
from tests.rules.spirit_island.test_spirits import presence, steps_of
from tests.rules.spirit_island.test_spirits_bc_je_a import cleared

FANGS, KEEPER, TRICKSTER, LURE, MINDS, STONE, SHROUD = sra.MINE
OURS = [n for n in sra.MINE if n in sp.SPIRITS]


def test_each_spirits_cards_and_innates_are_its_own():
    for name in OURS:
        spirit = sp.SPIRITS[name]
        assert len(spirit["unique_cards"]) == (5 if name == MINDS else 4)
        assert {pw.CARDS[c]["spirit"] for c in spirit["unique_cards"]} == {name}
        assert {pw.INNATES[i]["spirit"] for i in spirit["innates"]} == {name}
        for power in [*spirit["unique_cards"], *spirit["innates"]]:
            effect = (pw.card_effect(power) if power in pw.CARDS
                      else [pw.INNATES[power]["target"], *(s for t in pw.INNATES[power]["tiers"]
                                                          for s in t["effect"])])
            for step in steps_of(effect):
                assert step["do"] in fx.VERBS, (power, step)


# --- Sharp Fangs Behind the Leaves ---------------------------------------------------------------
# Setup on board A: presence 2 in A8 (jungle, the beasts' land).


def fangs():
    return cleared(FANGS, boards="A")


def test_prey_on_the_builders_gathers_beasts_and_stops_the_build():
    state = fangs()
    put(state, "A8", town=1)
    state["lands"]["A7"]["beasts"] = 1
    card(state, "Prey on the Builders", [["beasts", "A7"]])
    assert land(state, "A8")["beasts"] == 1
    assert "build" in tok.marks(state, "A8").get("skip", [])


def test_prey_on_the_builders_no_beasts_no_skip():
    state = fangs()
    card(state, "Prey on the Builders", [])  # nothing to gather: no question
    assert "build" not in tok.marks(state, "A8").get("skip", [])


def test_teeth_gleam_fear_and_beasts_or_three_fear():
    state = fangs()
    card(state, "Teeth Gleam from Darkness", ["A7", 0])
    assert fear(state) == 1 and land(state, "A7")["beasts"] == 1
    put(state, "A7", explorer=1)
    card(state, "Teeth Gleam from Darkness", ["A7", 1])
    assert fear(state) == 4


def test_teeth_gleam_reaches_from_jungle_presence_only():
    state = fangs()
    state["lands"]["A7"]["presence"][FANGS] = 1  # sands: not an origin
    fx.push(state, pw.card_effect("Teeth Gleam from Darkness"), {"seat": 0, "source": "t"})
    ask = fx.run(state)
    assert sorted(ask.options) == ["A5", "A6", "A7", "A8"]  # A8 and its neighbours, not A4


def test_terrifying_chase_pushes_two_more_per_beasts_and_fears():
    state = fangs()
    put(state, "A8", explorer=3, town=1)
    state["lands"]["A8"]["beasts"] = 1
    answers = [["explorer", "A7"]] * 3 + [["town", "A7"]]
    card(state, "Terrifying Chase", answers)
    assert not land(state, "A8")["explorer"] and not land(state, "A8")["town"]
    assert fear(state) == 2


def test_terrifying_chase_only_dahan_no_fear():
    state = fangs()
    put(state, "A8", dahan=1)
    card(state, "Terrifying Chase", [["dahan", "A7"]])
    assert fear(state) == 0 and len(land(state, "A7")["dahan"]) == 1


def test_too_near_the_jungle():
    state = fangs()
    put(state, "A7", explorer=2)
    card(state, "Too Near the Jungle", ["A7"])
    assert fear(state) == 1 and len(land(state, "A7")["explorer"]) == 1


def test_ranging_hunt_tiers():
    state = fangs()
    state["lands"]["A7"]["beasts"] = 1
    put(state, "A8", explorer=2)
    innate(state, "Ranging Hunt", {"animal": 2}, ["A8", ["beasts", "A7"], fx.DONE])
    assert land(state, "A8")["beasts"] == 1  # gathered; then pushed none
    innate(state, "Ranging Hunt", {"animal": 3, "plant": 2}, ["A8", fx.DONE])
    assert len(land(state, "A8")["explorer"]) == 1  # 1 damage per beasts
    innate(state, "Ranging Hunt", {"animal": 2}, ["A8", ["beasts", "A5"], "no"])  # Ally of the Beasts asks
    assert land(state, "A5")["beasts"] == 1 and land(state, "A8")["beasts"] == 0


def test_ranging_hunt_not_into_blight():
    state = fangs()
    state["lands"]["A7"]["blight"] = 1
    fx.push(state, pw.innate_effect({**state, "seats": [{**state["seats"][0], "elements": {"animal": 2}}]},
                                    0, "Ranging Hunt"), {"seat": 0, "source": "t"})
    state["seats"][0]["elements"] = {"animal": 2}
    ask = fx.run(state)
    assert "A7" not in ask.options and "A8" in ask.options


def test_frenzied_assault_tiers():
    state = fangs()
    put(state, "A8", town=2)
    state["lands"]["A8"]["beasts"] = 2
    innate(state, "Frenzied Assault", {"moon": 1, "fire": 1, "animal": 4})
    assert fear(state) == 1 + 1 and len(land(state, "A8")["town"]) == 1  # a town destroyed
    assert land(state, "A8")["beasts"] == 1
    put(state, "A8", city=1)
    innate(state, "Frenzied Assault", {"moon": 1, "fire": 2, "animal": 5}, ["city", "city", "city"])
    assert not land(state, "A8")["city"] and fear(state) == 2 + 2 + 2
    assert land(state, "A8")["beasts"] == 0


# --- Keeper of the Forbidden Wilds ------------------------------------------------------------------
# Setup on board A: 1 presence and 1 wilds in A8.


def keeper(*more):
    return cleared(KEEPER, *more, boards="AB"[: 1 + len(more)])


def test_boon_of_growing_power_on_yourself_a_card_only():
    state = keeper()
    state["secret"]["minor_deck"] = ["Call of the Dahan Ways", "Drift Down into Slumber"]
    card(state, "Boon of Growing Power", ["minor", "Drift Down into Slumber"])
    assert "Drift Down into Slumber" in state["seats"][0]["hand"]
    assert state["seats"][0]["energy"] == 0


def test_boon_of_growing_power_on_another_spirit_a_card_and_energy():
    state = keeper(FANGS)
    state["secret"]["minor_deck"] = ["Call of the Dahan Ways", "Drift Down into Slumber"]
    card(state, "Boon of Growing Power", [1, "minor", "Call of the Dahan Ways"])
    assert "Call of the Dahan Ways" in state["seats"][1]["hand"]
    assert state["seats"][1]["energy"] == 1 and state["seats"][0]["energy"] == 0


def test_regrow_from_roots_only_with_two_blight_or_fewer():
    state = keeper()
    pool = state["blight_card"]["pool"]
    put(state, "A5", blight=2)
    put(state, "A8", blight=3)
    card(state, "Regrow from Roots", ["A5"])
    assert land(state, "A5")["blight"] == 1 and state["blight_card"]["pool"] == pool + 1
    card(state, "Regrow from Roots", ["A8"])
    assert land(state, "A8")["blight"] == 3


def test_sacrosanct_wilderness_pushes_dahan_then_damage_per_wilds_or_wilds():
    state = keeper()
    put(state, "A8", dahan=2, town=1, explorer=1)
    state["lands"]["A8"]["wilds"] = 1
    card(state, "Sacrosanct Wilderness", ["A8", ["dahan", "A7"], ["dahan", "A7"], 0, "town", "town"])
    assert len(land(state, "A7")["dahan"]) == 2
    assert not land(state, "A8")["town"] and land(state, "A8")["explorer"] == [0]
    card(state, "Sacrosanct Wilderness", ["A8", 1])
    assert land(state, "A8")["wilds"] == 2


def test_towering_wrath_two_damage_per_sacred_site_in_or_next_to_the_land():
    state = keeper()
    state["lands"]["A8"]["presence"][KEEPER] = 2
    state["lands"]["A5"]["presence"][KEEPER] = 2
    state["lands"]["A1"]["presence"][KEEPER] = 2  # not next to A7
    put(state, "A7", city=1, town=1, dahan=2)
    card(state, "Towering Wrath", ["A7", "city", "city", "city"])
    assert fear(state) == 2 + 2  # the card's, and the city's
    assert not land(state, "A7")["city"] and land(state, "A7")["town"] == [1]
    assert not land(state, "A7")["dahan"]


def test_punish_those_who_trespass_tiers():
    state = keeper()
    put(state, "A8", town=2, dahan=2)
    innate(state, "Punish Those Who Trespass", {"sun": 2, "fire": 1, "plant": 2})
    assert len(land(state, "A8")["town"]) == 1 and len(land(state, "A8")["dahan"]) == 1
    put(state, "A8", city=1, town=0)
    innate(state, "Punish Those Who Trespass", {"sun": 3, "fire": 2, "plant": 3}, [])
    assert land(state, "A8")["city"] == [] and len(land(state, "A8")["dahan"]) == 0  # 2 + 3 pairs


def test_spreading_wilds_push_per_two_sun_and_wilds_and_range():
    state = keeper()
    put(state, "A7", explorer=3)
    innate(state, "Spreading Wilds", {"sun": 4}, ["A7", ["explorer", "A5"], ["explorer", "A5"]])
    assert len(land(state, "A7")["explorer"]) == 1
    innate(state, "Spreading Wilds", {"plant": 1}, ["A6"])
    assert land(state, "A6")["wilds"] == 1
    state["seats"][0]["elements"] = {"plant": 3, "air": 1}
    fx.push(state, pw.innate_effect(state, 0, "Spreading Wilds"), {"seat": 0, "source": "t"})
    ask = fx.run(state)
    assert "A2" in ask.options and "A3" in ask.options  # range 3 from A8


# --- Grinning Trickster Stirs Up Trouble ----------------------------------------------------------
# Setup on board A: presence in A7 (highest land with dahan) and A4.


def trickster():
    return cleared(TRICKSTER, boards="A")


def test_impersonate_authority_adds_strife():
    state = trickster()
    put(state, "A8", town=1)
    card(state, "Impersonate Authority", ["A8"])  # no energy: no flair asked
    assert land(state, "A8")["strife"]["town"] == [1]


def test_incite_the_mob_one_striker_hurts_the_others_fear_per_kill():
    state = trickster()
    put(state, "A7", town=1, explorer=2)
    land(state, "A7")["strife"]["town"] = [1]
    card(state, "Incite the Mob")  # the only land, the only striker, only explorers to hit
    assert not land(state, "A7")["explorer"]
    assert land(state, "A7")["town"] == [0] and land(state, "A7")["strife"]["town"] == [1]
    assert fear(state) == 2


def test_overenthusiastic_arson_fire_on_the_minor_burns():
    state = trickster()
    put(state, "A7", town=2, dahan=0)
    state["secret"]["minor_deck"] = ["Rouse the Trees and Stones", "Delusions of Danger"]
    pool = state["blight_card"]["pool"]
    card(state, "Overenthusiastic Arson", ["A7"])
    assert not land(state, "A7")["town"]  # 1 destroyed, 1 by the 2 damage
    assert fear(state) == 1 + 1 + 1 and land(state, "A7")["blight"] == 1
    assert state["blight_card"]["pool"] == pool - 1
    assert presence(state) == {"A4": 1}  # the blight destroyed the presence in A7
    put(state, "A4", town=1)
    card(state, "Overenthusiastic Arson", ["A4"])  # Delusions of Danger shows no fire
    assert land(state, "A4")["blight"] == 0 and fear(state) == 3 + 1
    assert state["power_discard"]["minor"] == ["Rouse the Trees and Stones", "Delusions of Danger"]


def test_unexpected_tigers_gather_and_push_or_add():
    state = trickster()
    put(state, "A7", explorer=1)
    state["lands"]["A8"]["beasts"] = 1
    card(state, "Unexpected Tigers", ["A7", ["explorer", "A5"]])
    assert fear(state) == 1 and land(state, "A7")["beasts"] == 1 and land(state, "A5")["explorer"] == [0]
    state["lands"]["A7"]["beasts"] = 0
    card(state, "Unexpected Tigers", ["A2"])  # no invaders, no beasts next door
    assert fear(state) == 1 and land(state, "A2")["beasts"] == 1


def test_lets_see_what_happens_runs_the_first_land_minor_at_its_most():
    state = trickster()
    put(state, "A7", explorer=1)
    state["secret"]["minor_deck"] = ["Gift of Power", "Delusions of Danger", "Drought"]
    innate(state, "Let's See What Happens", {"moon": 1, "fire": 1, "air": 2}, [["explorer", "A5"]])
    # Delusions of Danger: push 1 explorer AND 2 fear
    assert land(state, "A5")["explorer"] == [0] and fear(state) == 2
    assert state["power_discard"]["minor"] == ["Gift of Power", "Delusions of Danger"]


def test_lets_see_what_happens_second_tier_keeps_the_card():
    state = trickster()
    put(state, "A7", explorer=1)
    state["secret"]["minor_deck"] = ["Delusions of Danger"]
    innate(state, "Let's See What Happens", {"moon": 2, "fire": 1, "air": 2},
           [["explorer", "A5"], "yes", "Impersonate Authority"])
    hand = state["seats"][0]["hand"]
    assert "Delusions of Danger" in hand and "Impersonate Authority" not in hand
    assert state["seats"][0]["energy"] == 1 and state["power_discard"]["minor"] == []


def test_why_dont_you_and_them_fight_tiers():
    state = trickster()
    put(state, "A7", town=1, dahan=2)
    innate(state, "Why Don't You and Them Fight", {"air": 3})
    assert land(state, "A7")["strife"]["town"] == [1]
    innate(state, "Why Don't You and Them Fight", {"sun": 3, "fire": 3})  # one duel, not two
    assert land(state, "A7")["town"] == [] and len(land(state, "A7")["dahan"]) == 1
    put(state, "A7", explorer=1, dahan=1)
    innate(state, "Why Don't You and Them Fight", {"fire": 3})
    assert land(state, "A7")["explorer"] == [] and land(state, "A7")["dahan"] == [1]
    put(state, "A7", explorer=3)
    state["lands"]["A8"]["beasts"] = 1
    innate(state, "Why Don't You and Them Fight", {"animal": 3}, [["beasts", "A8"]])
    assert land(state, "A7")["beasts"] == 1
    innate(state, "Why Don't You and Them Fight", {"animal": 3})
    assert len(land(state, "A7")["explorer"]) == 1


# --- Lure of the Deep Wilderness ------------------------------------------------------------------
# Setup on board A: 2 presence and 1 beasts in A8, 1 presence in A7.


def lure(*more):
    answers = ["B8"] if FANGS in more else []  # Fangs' second presence: a land with beasts
    return cleared(LURE, *more, boards="AB"[: 1 + len(more)], answers=answers)


def test_gift_of_the_untamed_wild_wilds_or_disease_for_a_presence():
    state = lure(FANGS)
    card(state, "Gift of the Untamed Wild", [1, 0])  # Fangs adds wilds to its only land, B8
    assert land(state, "B8")["wilds"] == 1
    card(state, "Gift of the Untamed Wild", [0, 1, "A7"])  # Lure swaps a presence for disease
    assert presence(state) == {"A8": 2} and land(state, "A7")["disease"] == 1
    assert state["seats"][0].get("destroyed", 0) == 0


def test_perils_of_the_deepest_island():
    state = lure()
    put(state, "A7", dahan=2)
    card(state, "Perils of the Deepest Island", ["A7", "A5", ["dahan", "A5"], fx.DONE])
    assert fear(state) == 1 and land(state, "A7")["badlands"] == 1
    assert land(state, "A5")["beasts"] == 1 and land(state, "A5")["dahan"] == [0]
    assert land(state, "A7")["dahan"] == [0]


def test_perils_only_inland():
    state = lure()
    state["lands"]["A2"]["presence"][LURE] = 1  # a coastal presence (not by Lure's own rule)
    fx.push(state, pw.card_effect("Perils of the Deepest Island"), {"seat": 0, "source": "t"})
    ask = fx.run(state)
    assert "A2" not in ask.options


def test_softly_beckon_ever_inward_gathers_two_of_each():
    state = lure()
    put(state, "A5", explorer=3, town=1, dahan=1)
    state["lands"]["A5"]["beasts"] = 2
    answers = ["A7", ["explorer", "A5"], ["explorer", "A5"], ["town", "A5"],
               ["beasts", "A5"], ["beasts", "A5"], ["dahan", "A5"]]
    card(state, "Softly Beckon Ever Inward", answers)
    a7 = land(state, "A7")
    assert (len(a7["explorer"]), len(a7["town"]), a7["beasts"], len(a7["dahan"])) == (2, 1, 2, 1)


def test_swallowed_by_the_wilderness_damage_per_token_at_most_five():
    state = lure()
    put(state, "A8", city=2, town=1)
    state["lands"]["A8"].update(beasts=3, wilds=2, disease=1)  # 6 tokens count as 5
    card(state, "Swallowed by the Wilderness", ["A8", "city", "city", "city", "town", "town"])
    assert land(state, "A8")["city"] == [0] and not land(state, "A8")["town"]
    assert fear(state) == 2 + 2 + 1


def test_forsake_society_replaces_and_may_lead_the_explorers_home():
    state = lure()
    put(state, "A5", explorer=1, town=1)
    innate(state, "Forsake Society to Chase After Dreams", {"moon": 2}, ["A8"])
    assert land(state, "A8")["explorer"] == [0] and not land(state, "A5")["explorer"]
    assert fear(state) == 1  # a town is left
    innate(state, "Forsake Society to Chase After Dreams", {"moon": 2, "air": 1},
           ["A5", fx.DONE])  # the town becomes 2 explorers, who stay
    assert land(state, "A5")["explorer"] == [0, 0] and not land(state, "A5")["town"]
    assert fear(state) == 1


def test_forsake_society_city_and_repeat():
    state = lure()
    put(state, "A6", city=1, town=1)
    innate(state, "Forsake Society to Chase After Dreams", {"moon": 3, "air": 4, "animal": 1},
           ["city", "A8", "A8", fx.DONE, "town", fx.DONE])
    assert not land(state, "A6")["city"] and not land(state, "A6")["town"]
    assert len(land(state, "A8")["explorer"]) == 2 and len(land(state, "A6")["explorer"]) == 3
    assert fear(state) == 1  # after the city went, a town was left; after the town, none


def test_never_heard_from_again_tiers_and_repeat():
    state = lure()
    put(state, "A8", explorer=5, town=1)
    state["lands"]["A8"]["beasts"] = 1
    innate(state, "Never Heard from Again", {"plant": 2}, ["A8", "explorer", "explorer"])
    assert len(land(state, "A8")["explorer"]) == 3  # 1 beasts: up to 2 destroyed
    assert fear(state) == 1  # explorers destroyed: 1 fear
    state["turn_marks"] = {}  # the next turn
    innate(state, "Never Heard from Again", {"fire": 1, "plant": 3}, ["A8", *["explorer"] * 3])
    assert land(state, "A8")["badlands"] == 1 and not land(state, "A8")["explorer"]  # up to 4
    assert fear(state) == 2
    state["turn_marks"] = {}
    put(state, "A8", explorer=6)
    innate(state, "Never Heard from Again", {"plant": 2}, ["A8", *["explorer"] * 4])
    assert fear(state) == 2 + 1  # 4 destroyed: no bonus
    state["turn_marks"] = {}
    put(state, "A8", explorer=6)
    innate(state, "Never Heard from Again", {"plant": 6}, ["A8", *["explorer"] * 6])
    assert fear(state) == 3 + 2  # repeated: 6 destroyed in all, 1 fear and 1 more at 5
    state["turn_marks"] = {}
    put(state, "A8", explorer=0, town=2)
    innate(state, "Never Heard from Again", {"plant": 4, "animal": 1}, ["A8"])
    assert len(land(state, "A8")["town"]) == 1
    put(state, "A8", explorer=1, town=2)
    innate(state, "Never Heard from Again", {"fire": 1, "plant": 6, "animal": 1}, ["A8", "explorer"])
    assert land(state, "A8")["badlands"] == 3 and not land(state, "A8")["town"]


# --- Many Minds Move as One ------------------------------------------------------------------------


def minds():
    from tests.rules.spirit_island.test_spirits_bc_je_a import minds as seated_minds
    return seated_minds()  # 1 presence in A6, board A, no other pieces


def test_pursue_with_scratches_pecks_and_stings():
    state = minds()
    put(state, "A8", explorer=1, town=2)
    state["lands"]["A8"]["beasts"] = 3
    card(state, "Pursue with Scratches, Pecks, and Stings", [["town", "A7"], ["town", "A7"]])
    assert fear(state) == 1 and len(land(state, "A7")["town"]) == 2 and land(state, "A8")["explorer"] == [0]


def test_a_dreadful_tide_of_scurrying_flesh():
    state = minds()
    state["lands"]["A6"]["presence"][MINDS] = 2
    state["lands"]["A6"]["beasts"] = 5
    card(state, "A Dreadful Tide of Scurrying Flesh", [2])
    assert state["lands"]["A6"]["beasts"] == 3 and fear(state) == 4
    assert tok.marks(state, "A6")["skip"] == ["any", "any"]


def test_boon_of_swarming_bedevilment_defends_the_other_spirits_lands():
    from tests.rules.spirit_island.test_spirits_bc_je_a import prepared
    state = prepared(MINDS, KEEPER, boards="AB", beasts=["A3"])
    assert fx.run(state) is None and presence(state) == {"A3": 1}
    state["lands"]["B8"]["presence"][KEEPER] = 2
    state["lands"]["B5"]["presence"][KEEPER] = 1
    card(state, "Boon of Swarming Bedevilment", [["B5", "B4"]])  # its push first
    assert state["lands"]["B4"]["presence"] == {KEEPER: 1}
    assert tok.marks(state, "B8")["defend"] == 2 and tok.marks(state, "B4")["defend"] == 1
    assert "defend" not in tok.marks(state, "B5")


def test_guide_the_way_on_feathered_wings():
    state = minds()
    put(state, "A6", dahan=3)
    state["lands"]["A6"]["beasts"] = 1
    card(state, "Guide the Way on Feathered Wings", ["A6", "A7", "dahan", "dahan"])
    assert state["lands"]["A7"]["beasts"] == 1 and len(land(state, "A7")["dahan"]) == 2
    assert len(land(state, "A6")["dahan"]) == 1


def test_ever_multiplying_swarm():
    state = minds()
    card(state, "Ever-Multiplying Swarm")
    assert state["lands"]["A6"]["beasts"] == 2


def test_the_teeming_host_arrives_tiers():
    state = minds()
    state["lands"]["A3"]["beasts"] = 3  # 3 lands from A6: within 2 of A1
    innate(state, "The Teeming Host Arrives", {"air": 2, "animal": 1}, ["A1", ["beasts", "A3"]])
    assert state["lands"]["A1"]["beasts"] == 1
    innate(state, "The Teeming Host Arrives", {"air": 3, "water": 1, "animal": 2},
           ["A1", ["beasts", "A3"], ["beasts", "A3"]])
    assert state["lands"]["A1"]["beasts"] == 3  # up to 3 (1 per Air): the 2 left
    innate(state, "The Teeming Host Arrives", {"fire": 1, "air": 4, "water": 1, "animal": 2},
           ["A1", ["beasts", "A5"], ["beasts", "A5"], fx.DONE])  # none left to gather
    assert state["lands"]["A5"]["beasts"] == 2


@pytest.mark.parametrize("elements, beasts, expect", [
    ({"air": 1, "animal": 2}, 2, (2, 2)),
    ({"air": 1, "animal": 2}, 1, (0, 0)),
    ({"air": 2, "animal": 3}, 3, (3, 4)),
    ({"air": 3, "animal": 4}, 4, (4, 7)),
    ({"air": 4, "earth": 1, "animal": 5}, 5, (6, 10)),
    ({"air": 4, "earth": 1, "animal": 5}, 3, (3, 4)),  # short of beasts: the best tier they allow
])
def test_beset_and_confound_the_invaders(elements, beasts, expect):
    state = minds()
    put(state, "A6", explorer=1)
    state["lands"]["A6"]["beasts"] = beasts
    innate(state, "Beset and Confound the Invaders", elements, [])
    assert (fear(state), tok.marks(state, "A6").get("defend", 0)) == expect


# --- Stone's Unyielding Defiance ----------------------------------------------------------------------
# Setup on board A: presence in A1 and A4.


def stone():
    return cleared(STONE, boards="A")


def test_jagged_shards_push_from_the_earth():
    state = stone()
    put(state, "A5", dahan=2)
    card(state, "Jagged Shards Push from the Earth", ["A5", ["dahan", "A7"], fx.DONE])
    assert land(state, "A5")["badlands"] == 1 and len(land(state, "A7")["dahan"]) == 1


def test_plows_shatter_on_rocky_ground_damage_and_push_or_destroy():
    state = stone()
    put(state, "A2", town=2, city=1, explorer=1)
    card(state, "Plows Shatter on Rocky Ground", ["A2", 0, ["town", "A3"]])
    assert land(state, "A2")["town"] == [1] and land(state, "A3")["town"] == [1]  # pushed, damaged
    assert land(state, "A2")["city"] == [1] and land(state, "A2")["explorer"] == [0]
    card(state, "Plows Shatter on Rocky Ground", ["A2", 1])
    assert not land(state, "A2")["town"] and land(state, "A2")["city"] == [1] and fear(state) == 1


def test_scarred_and_stony_land_blight_to_the_box():
    state = stone()
    state["lands"]["A1"]["presence"][STONE] = 2
    put(state, "A2", blight=1, town=1)
    pool = state["blight_card"]["pool"]
    card(state, "Scarred and Stony Land", [])  # the only blighted land in range of the site
    assert not land(state, "A2")["town"] and land(state, "A2")["badlands"] == 1
    assert land(state, "A2")["blight"] == 0 and state["blight_card"]["pool"] == pool
    assert state["blight_box"] == -1


def test_stubborn_solidity_defends_per_dahan_and_keeps_them():
    state = stone()
    put(state, "A5", dahan=3, city=2)
    card(state, "Stubborn Solidity", ["A5"])
    assert tok.marks(state, "A5")["defend"] == 3
    inv.ravage(state, "A5")
    assert len(land(state, "A5")["dahan"]) == 3  # 6 damage - 3 defended hit no dahan


def test_bulwark_of_will_pays_for_blight_from_the_box():
    state = stone()
    state["lands"]["A1"]["presence"][STONE] = 2  # one survives the blight (see the rule's note)
    state["seats"][0]["energy"] = 3
    innate(state, "Hold the Island Fast with a Bulwark of Will", {"earth": 2})
    pool = state["blight_card"]["pool"]
    fx.push(state, [{"do": "add", "kind": "blight"}], {"seat": None, "land": "A1", "source": "t"})
    fx.run(state)
    assert land(state, "A1")["blight"] == 1 and state["blight_card"]["pool"] == pool
    assert state["blight_box"] == 1  # the box paid for it
    assert state["seats"][0]["energy"] == 1
    fx.push(state, [{"do": "add", "kind": "blight"}], {"seat": None, "land": "A5", "source": "t"})
    fx.run(state)  # no presence of Stone's there: from the card
    assert state["blight_card"]["pool"] == pool - 1


def test_bulwark_of_will_four_earth_costs_one():
    state = stone()
    state["lands"]["A4"]["presence"][STONE] = 2
    state["seats"][0]["energy"] = 1
    innate(state, "Hold the Island Fast with a Bulwark of Will", {"earth": 4})
    pool = state["blight_card"]["pool"]
    fx.push(state, [{"do": "add", "kind": "blight"}], {"seat": None, "land": "A4", "source": "t"})
    fx.run(state)
    assert state["blight_card"]["pool"] == pool and state["seats"][0]["energy"] == 0


def test_let_them_break_themselves_against_the_stone_tiers():
    state = stone()
    put(state, "A4", town=2, dahan=0)
    innate(state, "Let Them Break Themselves Against the Stone", {"earth": 3}, ["A4"])
    inv.ravage(state, "A4")  # 4 damage to the land, then 2 back
    fx.run(state)
    assert land(state, "A4")["town"] == [0]  # one destroyed

    state = stone()
    put(state, "A1", city=2)
    innate(state, "Let Them Break Themselves Against the Stone", {"earth": 5}, ["A1"])
    inv.ravage(state, "A1")  # 6 damage: 2 + 3 back
    fx.run(state)
    assert land(state, "A1")["city"] == [2]

    state = stone()
    put(state, "A1", city=4)
    innate(state, "Let Them Break Themselves Against the Stone", {"earth": 7, "sun": 2}, ["A1"])
    inv.ravage(state, "A1")  # 12 damage: twice 2 + 6 back (one strike would leave 2 cities)
    ask = fx.run(state)
    while ask is not None:
        ask = fx.answer(state, "city" if "city" in ask.options else ask.options[0])
    assert not land(state, "A1")["city"]


# --- Shroud of Silent Mist ---------------------------------------------------------------------------
# Setup on board A: presence in A5 and A6.


def shroud():
    return cleared(SHROUD, boards="A")


def test_dissolving_vapors_hurts_every_invader_and_dahan():
    state = shroud()
    put(state, "A5", explorer=2, town=1, dahan=2)
    card(state, "Dissolving Vapors", [fx.DONE, "A5"])
    a5 = land(state, "A5")
    assert not a5["explorer"] and a5["town"] == [1] and a5["dahan"] == [1, 1] and fear(state) == 1


def test_the_fog_closes_in_a_different_invader_per_neighbour_with_presence():
    state = shroud()
    state["lands"]["A8"]["presence"][SHROUD] = 1
    put(state, "A5", town=2, dahan=1)  # A1, A6, A8 next door hold presence: 3 damage, 1 per town
    card(state, "The Fog Closes In", [fx.DONE, "A5", ["town", 0], ["dahan", "A7"]])
    assert land(state, "A5")["town"] == [1, 1] and land(state, "A7")["dahan"] == [0]


def test_unnerving_pall_damaged_sit_out_or_defend_per_presence():
    state = shroud()
    state["lands"]["A6"]["presence"][SHROUD] = 3
    put(state, "A6", explorer=2)
    land(state, "A6")["explorer"] = [0, 0]
    land(state, "A6")["town"] = [1]
    card(state, "Unnerving Pall", [0, "town"])  # the only damaged one: undamaged explorers stay
    assert fear(state) == 1 and tok.marks(state, "A6")["sit_out"] == {"town": 1}
    card(state, "Unnerving Pall", [1])
    assert fear(state) == 2 and tok.marks(state, "A6")["defend"] == 3


def test_flowing_and_silent_forms_fear_with_invaders():
    state = shroud()
    put(state, "A6", explorer=1)
    card(state, "Flowing and Silent Forms Dart By", [fx.DONE, "A6"])
    assert fear(state) == 2
    card(state, "Flowing and Silent Forms Dart By", [fx.DONE, "A5"])
    assert fear(state) == 2


def test_suffocating_shroud_tiers():
    state = shroud()
    put(state, "A5", explorer=2, town=1)
    innate(state, "Suffocating Shroud", {"moon": 1, "air": 2, "water": 1}, [fx.DONE, "A5", "explorer"])
    assert len(land(state, "A5")["explorer"]) == 1
    # A6 is the only neighbour of A5 with presence: 1 more damage to a different invader
    innate(state, "Suffocating Shroud", {"moon": 2, "air": 3, "water": 2}, [fx.DONE, "A5", "town", ["town", 0]])
    assert land(state, "A5")["town"] == [] and land(state, "A5")["explorer"] == [0]
    put(state, "A5", explorer=3, town=1)
    innate(state, "Suffocating Shroud", {"moon": 5, "air": 6, "water": 4},
           [fx.DONE, "A5", "town", ["explorer", 0], "explorer"])
    assert not land(state, "A5")["explorer"] and not land(state, "A5")["town"]


def test_lost_in_the_swirling_haze_tiers():
    state = shroud()
    put(state, "A6", explorer=3, dahan=2)
    innate(state, "Lost in the Swirling Haze", {"air": 1, "water": 2}, [fx.DONE, "A6", ["dahan", "A8"]])
    assert land(state, "A8")["dahan"] == [0]
    innate(state, "Lost in the Swirling Haze", {"air": 3, "water": 4},
           [fx.DONE, "A6", ["dahan", "A8"], *[["explorer", "A8"]] * 3])  # 1 dahan, then 2 and 2
    assert not land(state, "A6")["dahan"] and len(land(state, "A6")["explorer"]) == 0


def test_mists_shift_and_flow_moves_a_presence_to_reach_the_target():
    state = shroud()
    put(state, "A7", explorer=1)
    card(state, "Dissolving Vapors", [["A5", "A7"], "A7"])  # range 0: A7 only after the move
    assert presence(state) == {"A6": 1, "A7": 1} and not land(state, "A7")["explorer"]


def test_mists_shift_and_flow_can_make_the_sacred_site_a_power_needs():
    state = shroud()  # 1 presence in A5 and 1 in A6: no sacred site
    fx.push(state, [{"do": "target_land", "range": 0, "from": "sacred_site"}, {"do": "fear", "n": 1}],
            {"seat": 0, "source": "a power"})
    ask = fx.run(state)
    assert ask.kind == "mists_shift" and ["A6", "A5"] in ask.options and ["A5", "A6"] in ask.options
    fx.answer(state, ["A6", "A5"])  # then A5, the only sacred site, is taken
    assert presence(state) == {"A5": 2} and fear(state) == 1


def test_mists_shift_and_flow_not_for_other_spirits():
    state = keeper()
    put(state, "A7", explorer=1)
    fx.push(state, [{"do": "target_land", "range": 0}, {"do": "fear", "n": 1}], {"seat": 0, "source": "p"})
    assert fx.run(state) is None and fear(state) == 1  # A8, the only land at range 0


def test_punish_those_who_trespass_four_plant_splits_the_damage():
    state = keeper()
    state["lands"]["A6"]["presence"][KEEPER] = 1
    put(state, "A8", town=2, dahan=1)
    put(state, "A6", explorer=2)
    innate(state, "Punish Those Who Trespass", {"sun": 2, "fire": 2, "plant": 4},
           ["A8", "A6", 2])  # 2 + 2 pairs: 2 here, 2 in A6
    assert land(state, "A8")["town"] == [0] and not land(state, "A8")["dahan"]
    assert not land(state, "A6")["explorer"]
    state = keeper()
    put(state, "A8", town=1)
    innate(state, "Punish Those Who Trespass", {"plant": 4}, [])  # 4 plant alone: nothing
    assert land(state, "A8")["town"] == [0]


def test_a_joining_of_swarms_and_flocks_the_sacred_site_counts_as_beasts():
    state = minds()
    state["lands"]["A6"]["presence"][MINDS] = 2  # a sacred site, no beasts
    put(state, "A6", explorer=1)
    innate(state, "Beset and Confound the Invaders", {"air": 1, "animal": 2}, [])
    assert fear(state) == 0  # 1 (the site) is not 2
    state["lands"]["A6"]["beasts"] = 1
    innate(state, "Beset and Confound the Invaders", {"air": 1, "animal": 2}, [])
    assert fear(state) == 2 and tok.marks(state, "A6")["defend"] == 2


def test_a_joining_of_swarms_and_flocks_targets_and_counts_for_pursue():
    state = minds()
    state["lands"]["A6"]["presence"][MINDS] = 2
    put(state, "A6", explorer=1, town=1)
    state["lands"]["A6"]["beasts"] = 1  # with the site, 2 beasts: 1 push
    card(state, "Pursue with Scratches, Pecks, and Stings", [["town", "A8"]])
    assert land(state, "A8")["town"] == [0] and fear(state) == 1
    state["lands"]["A6"]["beasts"] = 0
    fx.push(state, pw.card_effect("Pursue with Scratches, Pecks, and Stings"), {"seat": 0, "source": "t"})
    assert fx.run(state) is None and fear(state) == 2  # A6, beasts by its site alone, targeted


def test_a_joining_of_swarms_and_flocks_the_site_moves_as_beasts_both_presence_together():
    state = minds()
    state["lands"]["A6"]["presence"][MINDS] = 2
    innate(state, "The Teeming Host Arrives", {"fire": 1, "air": 4, "animal": 2},
           ["A6", ["sacred_site", "A7"]])  # then nothing left to push
    assert presence(state) == {"A7": 2}


def test_mists_shift_and_flow_can_make_the_origin_terrain_a_power_needs():
    state = shroud()  # presence in A5 (wetland) and A6 (mountain): no jungle
    fx.push(state, [{"do": "target_land", "range": 1, "from": "presence", "origin": {"terrain": ["jungle"]}},
                    {"do": "fear", "n": 1}], {"seat": 0, "source": "a power"})
    ask = fx.run(state)
    assert ["A5", "A8"] in ask.options and ["A6", "A8"] in ask.options
    ask = fx.answer(state, ["A6", "A8"])
    assert sorted(ask.options) == ["A5", "A6", "A7", "A8"]  # range 1 from the jungle A8
    fx.answer(state, "A7")
    assert presence(state) == {"A5": 1, "A8": 1} and fear(state) == 1


def test_flowing_and_silent_forms_gathers_another_spirits_site_with_its_leave():
    state = cleared(SHROUD, KEEPER, boards="AB")
    state["lands"]["A8"]["presence"][KEEPER] = 2  # Keeper's sacred site next to A5
    card(state, "Flowing and Silent Forms Dart By", [fx.DONE, "A5", [1, "A8", 2], "yes"])
    assert state["lands"]["A5"]["presence"] == {SHROUD: 1, KEEPER: 2} and not state["lands"]["A8"]["presence"]
    state["lands"]["A6"]["presence"][KEEPER] = 1
    card(state, "Flowing and Silent Forms Dart By", [fx.DONE, "A5", [1, "A6", 1], "no"])
    assert state["lands"]["A6"]["presence"] == {SHROUD: 1, KEEPER: 1}  # Keeper said no


def test_stubborn_solidity_dahan_cannot_be_moved_or_hurt_by_powers_this_turn():
    state = stone()
    put(state, "A5", dahan=2, explorer=1)
    card(state, "Stubborn Solidity", ["A5"])
    fx.push(state, [{"do": "push", "n": 2, "kinds": ["dahan", "explorer"]},
                    {"do": "damage_each", "n": 2, "kinds": ["dahan"]}], {"seat": 0, "land": "A5", "source": "t"})
    ask = fx.run(state)
    assert all(kind == "explorer" for kind, _ in ask.options)
    fx.answer(state, ["explorer", "A7"])
    assert land(state, "A5")["dahan"] == [0, 0]
    put(state, "A7", dahan=1)
    fx.push(state, [{"do": "gather", "n": 1, "kinds": ["dahan"]}], {"seat": 0, "land": "A8", "source": "t"})
    fx.run(state)  # into A8: A5's are not offered, A7's is the only one
    assert land(state, "A5")["dahan"] == [0, 0] and land(state, "A8")["dahan"] == [0]
    put(state, "A7", dahan=1)
    fx.push(state, [{"do": "push", "n": 1, "kinds": ["dahan"]}], {"seat": 0, "land": "A7", "source": "t"})
    fx.run(state)
    fx.answer(state, ["dahan", "A5"])  # arriving is no change to the dahan there
    assert len(land(state, "A5")["dahan"]) == 3


@pytest.mark.parametrize("elements", [{"plant": 3}, {"plant": 1, "air": 1}])
def test_spreading_wilds_each_range_threshold_alone_adds_one(elements):
    state = keeper()  # presence in A8: range 1 reaches A5-A8, range 2 reaches A1 and A4
    state["seats"][0]["elements"] = dict(elements)
    fx.push(state, pw.innate_effect(state, 0, "Spreading Wilds"), {"seat": 0, "source": "t"})
    ask = fx.run(state)
    assert "A1" in ask.options and "A4" in ask.options and "A2" not in ask.options


def test_suffocating_shroud_third_tier_one_more_damage():
    state = shroud()
    put(state, "A5", town=1, explorer=1)
    # 1 damage, 1 to a different invader (A6 next door holds presence), 1 more damage
    innate(state, "Suffocating Shroud", {"moon": 4, "air": 4, "water": 3},
           [fx.DONE, "A5", "town", ["explorer", 0]])  # the last point: only the town left
    assert not land(state, "A5")["town"] and not land(state, "A5")["explorer"]


def test_lost_in_the_swirling_haze_second_tier():
    state = shroud()
    put(state, "A6", explorer=3, dahan=1)
    innate(state, "Lost in the Swirling Haze", {"air": 2, "water": 3},
           [fx.DONE, "A6", fx.DONE, ["explorer", "A8"], ["explorer", "A8"]])
    assert len(land(state, "A6")["explorer"]) == 1 and land(state, "A6")["dahan"] == [0]
