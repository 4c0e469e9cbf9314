"""Base-game power cards encoded earlier but named by no test: each played on a hand-built
position, its expected result taken from what the card does.

Most use Vital Strength of the Earth on board A: presence A6 (a sacred site, Mountain) and
A8 (Jungle). Board A: A1 Mountain, A2 Wetland, A3 Jungle, A4 Sands, A5 Wetland, A6
Mountain, A7 Sands, A8 Jungle; A5's neighbours are A1, A4, A6, A7 and A8.
"""

from __future__ import annotations

from rules.spirit_island import effects as fx
from rules.spirit_island import powers as pw
from rules.spirit_island import tokens as tok
from tests.rules.spirit_island.test_powers import card, fear, land, put
from tests.rules.spirit_island.test_spirits import RIVER, VITAL, game, presence

VOLCANO = "Volcano Looming High"


def vital(**elements):
    state = game(VITAL, clear=True)
    state["seats"][0]["elements"] = dict(elements)
    return state


def play(state, name, answers=(), **elements):
    if elements:
        state["seats"][0]["elements"] = dict(elements)
    card(state, name, answers)


def first_ask(state, name):
    """The card's first question (its target), not answered."""
    fx.push(state, pw.card_effect(name), {"seat": 0, "source": name})
    ask = fx.run(state)
    state["queue"].clear()
    state.pop("ask", None)
    return ask


def count(state, name, kind):
    value = land(state, name)[kind]
    return len(value) if isinstance(value, list) else value


def defend(state, name):
    return state.get("turn_marks", {}).get(name, {}).get("defend", 0)


# --- Minors ---------------------------------------------------------------------------------------


def test_song_of_sanctity_pushes_all_explorers_else_removes_a_blight():
    state = vital()
    assert first_ask(state, "Song of Sanctity").options == ["A1", "A6", "A8"]  # Mountain/Jungle
    put(state, "A1", explorer=2, blight=1)
    play(state, "Song of Sanctity", ["A1", ["explorer", "A2"], ["explorer", "A4"]])
    assert count(state, "A1", "explorer") == 0 and count(state, "A1", "blight") == 1
    put(state, "A8", town=1, blight=1)
    play(state, "Song of Sanctity", ["A8"])  # no explorer: the blight goes instead
    assert count(state, "A8", "blight") == 0 and count(state, "A8", "town") == 1


def test_uncanny_melting_fear_with_invaders_blight_in_sands_or_wetland():
    state = vital()
    put(state, "A5", town=1, blight=1)
    play(state, "Uncanny Melting", ["A5"])
    assert fear(state) == 1 and count(state, "A5", "blight") == 0
    put(state, "A1", blight=1)
    play(state, "Uncanny Melting", ["A1"])  # Mountain, no invaders: nothing
    assert fear(state) == 1 and count(state, "A1", "blight") == 1


def test_shadows_of_the_burning_forest_fear_and_pushes_in_mountain_or_jungle():
    state = vital()
    put(state, "A6", explorer=1, town=1, city=1)  # the only land of Vital's with invaders
    play(state, "Shadows of the Burning Forest", [["explorer", "A5"], ["town", "A1"]])
    assert fear(state) == 2
    assert count(state, "A6", "explorer") == count(state, "A6", "town") == 0
    assert count(state, "A6", "city") == 1
    state = game(RIVER, clear=True)  # River in A5, a Wetland: fear only
    put(state, "A5", explorer=1)
    play(state, "Shadows of the Burning Forest")
    assert fear(state) == 2 and count(state, "A5", "explorer") == 1


def test_steam_vents_destroys_an_explorer_or_with_3_earth_a_town():
    state = vital()
    put(state, "A6", explorer=1, town=1)
    play(state, "Steam Vents", ["A6"])
    assert count(state, "A6", "explorer") == 0 and count(state, "A6", "town") == 1
    put(state, "A6", explorer=1)
    play(state, "Steam Vents", ["A6", "town"], earth=3)
    assert count(state, "A6", "explorer") == 1 and count(state, "A6", "town") == 0
    assert fear(state) == 1  # the town


def test_devouring_ants_damage_and_a_dahan_destroyed():
    state = vital()
    put(state, "A8", town=1, dahan=2)  # Jungle: 1 + 1 damage
    play(state, "Devouring Ants", ["A8"])
    assert count(state, "A8", "town") == 0 and count(state, "A8", "dahan") == 1
    assert fear(state) == 2  # 1 and the town's
    put(state, "A1", town=1)  # Mountain: 1 damage
    play(state, "Devouring Ants", ["A1"])
    assert land(state, "A1")["town"] == [1] and fear(state) == 3


def test_dark_and_tangled_woods_fear_and_defend_in_mountain_or_jungle():
    state = vital()
    play(state, "Dark and Tangled Woods", ["A1"])
    assert fear(state) == 2 and defend(state, "A1") == 3
    play(state, "Dark and Tangled Woods", ["A5"])
    assert fear(state) == 4 and defend(state, "A5") == 0


def test_natures_resilience_defend_6_or_with_2_water_a_blight():
    state = vital()
    put(state, "A5", blight=1)
    play(state, "Nature's Resilience", ["A5"])
    assert defend(state, "A5") == 6 and count(state, "A5", "blight") == 1
    play(state, "Nature's Resilience", ["A5", 1], water=2)
    assert defend(state, "A5") == 6 and count(state, "A5", "blight") == 0


def test_visions_of_fiery_doom_fear_push_and_2_fire():
    state = vital()
    put(state, "A6", town=1)
    play(state, "Visions of Fiery Doom", ["A6", ["town", "A5"]])
    assert fear(state) == 1 and count(state, "A5", "town") == 1
    put(state, "A8", explorer=1)
    play(state, "Visions of Fiery Doom", ["A8", ["explorer", "A7"]], fire=2)
    assert fear(state) == 3 and count(state, "A7", "explorer") == 1


def test_pull_beneath_the_hungry_earth_presence_and_terrain_each_add_damage():
    state = vital()
    put(state, "A5", town=1)  # Wetland, no presence: 1 damage
    play(state, "Pull Beneath the Hungry Earth", ["A5"])
    assert land(state, "A5")["town"] == [1] and fear(state) == 0
    put(state, "A8", town=1)  # Jungle with presence: 1 fear, 1 damage
    play(state, "Pull Beneath the Hungry Earth", ["A8"])
    assert land(state, "A8")["town"] == [1] and fear(state) == 1
    state["lands"]["A5"]["presence"][VITAL] = 1  # both: 2 damage finish the town
    play(state, "Pull Beneath the Hungry Earth", ["A5"])
    assert land(state, "A5")["town"] == [] and fear(state) == 3


def test_call_to_bloodshed_damage_per_dahan_or_gather_dahan():
    state = vital()
    put(state, "A5", dahan=2, city=1)
    play(state, "Call to Bloodshed", [0])  # the only land with dahan in range
    assert land(state, "A5")["city"] == [2]
    put(state, "A4", dahan=1)
    put(state, "A7", dahan=1)
    play(state, "Call to Bloodshed", ["A5", 1, ["dahan", "A4"], ["dahan", "A7"]])
    assert count(state, "A5", "dahan") == 4


def test_call_to_isolation_pushes_per_dahan_or_a_dahan():
    state = vital()
    put(state, "A5", dahan=2, explorer=1, town=1, city=1)
    play(state, "Call to Isolation", [0, ["explorer", "A4"], ["town", "A7"]])
    assert count(state, "A5", "explorer") == count(state, "A5", "town") == 0
    assert count(state, "A5", "city") == 1  # cities are not pushed
    play(state, "Call to Isolation", [1, ["dahan", "A4"]])
    assert count(state, "A5", "dahan") == 1 and count(state, "A4", "dahan") == 1


def test_quicken_the_earths_struggles_damage_each_town_city_or_defend_10():
    state = vital()
    put(state, "A6", explorer=1, town=2, city=1)
    play(state, "Quicken the Earth's Struggles", [0])  # range 0 from the sacred site: A6
    assert land(state, "A6")["town"] == [1, 1] and land(state, "A6")["city"] == [1]
    assert land(state, "A6")["explorer"] == [0]
    play(state, "Quicken the Earth's Struggles", [1])
    assert defend(state, "A6") == 10


def test_gift_of_constancy_energy_and_a_card_kept_for_both():
    state = game(VITAL, RIVER, boards="AB", clear=True)
    energy = [s["energy"] for s in state["seats"]]
    play(state, "Gift of Constancy", [1])  # another spirit: both may keep a card
    assert state["seats"][1]["energy"] == energy[1] + 2
    assert state["seats"][0]["energy"] == energy[0]
    assert state["seats"][0]["reclaim_at_end"] == state["seats"][1]["reclaim_at_end"] == 1
    play(state, "Gift of Constancy", [0])  # yourself: 2 energy and 1 card, once
    assert state["seats"][0]["energy"] == energy[0] + 2
    assert state["seats"][0]["reclaim_at_end"] == 2 and state["seats"][1]["reclaim_at_end"] == 1


def test_enticing_splendor_gathers_an_invader_or_two_dahan_into_an_unblighted_land():
    state = vital()
    put(state, "A8", blight=1)  # A8 is out: only A6 is in range 0 without blight
    put(state, "A1", explorer=1, town=1)
    put(state, "A5", dahan=2)
    play(state, "Enticing Splendor", [0, ["town", "A1"]])
    assert count(state, "A6", "town") == 1 and count(state, "A1", "explorer") == 1
    play(state, "Enticing Splendor", [1, ["dahan", "A5"], ["dahan", "A5"]])
    assert count(state, "A6", "dahan") == 2


def test_entrancing_apparitions_defend_and_explorers_only_into_a_land_without_invaders():
    state = vital()
    put(state, "A4", explorer=1)
    put(state, "A7", explorer=2)
    play(state, "Entrancing Apparitions", ["A5", ["explorer", "A4"], ["explorer", "A7"]])
    assert defend(state, "A5") == 2 and count(state, "A5", "explorer") == 2
    put(state, "A1", town=1)
    put(state, "A2", explorer=1)
    play(state, "Entrancing Apparitions", ["A1"])  # invaders present: defend only
    assert defend(state, "A1") == 2 and count(state, "A1", "explorer") == 0


def test_lure_of_the_unknown_gathers_into_a_land_without_invaders():
    state = vital()
    put(state, "A4", town=1)
    put(state, "A7", explorer=1)
    assert "A4" not in first_ask(state, "Lure of the Unknown").options
    play(state, "Lure of the Unknown", ["A5", ["town", "A4"]])  # 1 only
    assert count(state, "A5", "town") == 1 and count(state, "A4", "town") == 0
    assert count(state, "A7", "explorer") == 1


def test_purifying_flame_damage_per_blight_or_in_mountain_sands_a_blight():
    state = vital()
    put(state, "A5", blight=2, city=1)  # Wetland: damage only, no choice
    play(state, "Purifying Flame", ["A5"])
    assert land(state, "A5")["city"] == [2] and count(state, "A5", "blight") == 2
    put(state, "A1", blight=1, explorer=1)
    play(state, "Purifying Flame", ["A1", 1])  # Mountain: the blight instead
    assert count(state, "A1", "blight") == 0 and land(state, "A1")["explorer"] == [0]


# --- Majors ---------------------------------------------------------------------------------------


def test_terrifying_nightmares_fear_pushes_and_4_moon():
    state = vital()
    put(state, "A5", explorer=2, town=1, city=1)
    play(state, "Terrifying Nightmares", ["A5", ["explorer", "A4"], ["town", "A7"], "done"])
    assert fear(state) == 2 and count(state, "A5", "explorer") == 1
    assert count(state, "A5", "town") == 0 and count(state, "A5", "city") == 1
    play(state, "Terrifying Nightmares", ["A5", "done"], moon=4)
    assert fear(state) == 8


def test_paralyzing_fright_fear_and_every_invader_action_skipped():
    state = vital()
    play(state, "Paralyzing Fright", ["A5"])
    assert fear(state) == 4
    assert all(tok.use_skip(state, "A5", a) for a in ("explore", "build", "ravage", "ravage"))
    assert not tok.use_skip(state, "A1", "ravage")
    play(state, "Paralyzing Fright", ["A1"], air=2, earth=3)
    assert fear(state) == 12


def test_the_jungle_hungers_from_a_jungle_destroys_explorers_towns_and_dahan():
    state = vital()
    # reached from Vital's Jungle (A8) only: A1 is next to the Mountain A6 alone
    assert first_ask(state, "The Jungle Hungers").options == ["A5", "A6", "A7", "A8"]
    put(state, "A5", explorer=2, town=1, city=1, dahan=2)
    play(state, "The Jungle Hungers", ["A5"])
    assert land(state, "A5")["explorer"] == land(state, "A5")["town"] == []
    assert land(state, "A5")["dahan"] == [] and land(state, "A5")["city"] == [0]
    assert fear(state) == 1


def test_the_jungle_hungers_threshold_a_city_too_and_the_dahan_spared():
    state = vital(moon=2, plant=3)
    put(state, "A7", explorer=1, town=1, city=2, dahan=2)
    play(state, "The Jungle Hungers", ["A7"])
    assert land(state, "A7")["explorer"] == land(state, "A7")["town"] == []
    assert land(state, "A7")["city"] == [0] and land(state, "A7")["dahan"] == [0, 0]
    assert fear(state) == 3  # the town and a city


def test_winds_of_rust_and_atrophy_downgrade_fear_defend_and_repeat():
    state = vital()
    put(state, "A5", city=1, town=1)
    state["lands"]["A5"]["city"] = [1]
    play(state, "Winds of Rust and Atrophy", ["A5", 0])  # the city becomes a town
    assert land(state, "A5")["city"] == [] and sorted(land(state, "A5")["town"]) == [0, 1]
    assert fear(state) == 1 and defend(state, "A5") == 6
    put(state, "A7", city=1, town=1)
    play(state, "Winds of Rust and Atrophy", ["A7", 0, 1], air=3, water=3, animal=2)
    assert land(state, "A7")["city"] == [] and land(state, "A7")["town"] == [0]
    assert land(state, "A7")["explorer"] == [0]  # the repeat downgraded a town
    assert fear(state) == 3 and defend(state, "A7") == 12


def test_indomitable_claim_presence_defend_and_threshold():
    state = vital()
    put(state, "A5", town=1)
    play(state, "Indomitable Claim", ["A5", "energy"])
    assert presence(state)["A5"] == 1 and defend(state, "A5") == 20 and fear(state) == 0
    play(state, "Indomitable Claim", ["A5", "energy"], sun=2, earth=3)
    assert presence(state)["A5"] == 2 and fear(state) == 3
    assert all(tok.use_skip(state, "A5", a) for a in ("explore", "build", "ravage"))


def test_indomitable_claim_adds_presence_where_the_spirit_could_not_by_land_type():
    state = game(VOLCANO, clear=True, queue_setup=True)
    fx.run(state)
    fx.answer(state, "A6")  # Volcano starts in a Mountain
    fx.push(state, [{"do": "place_presence", "here": True}], {"seat": 0, "land": "A5"})
    fx.run(state)  # Mountain Home: an ordinary add into the Wetland A5 does nothing
    assert "A5" not in presence(state)
    play(state, "Indomitable Claim", ["A5", "energy"])
    assert presence(state)["A5"] == 1
