"""The six base-game cards made whole late (power_rules_a.py): Call of the Deeps, Tidal Boon,
Veil the Night's Hunt, Blazing Renewal, Infinite Vitality and Dissolve the Bonds of Kinship,
on hand-built positions. Expected results follow the cards' meaning."""

from __future__ import annotations

from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from tests.rules.spirit_island.test_powers import card, fear, land, ocean_game, put
from tests.rules.spirit_island.test_spirits import (
    BRINGER,
    LIGHTNING,
    RIVER,
    VITAL,
    game,
    presence,
)


def step(state, steps, land_name, seat=0):
    """Run plain steps in a land as the seat's power, answering only the first option."""
    fx.push(state, steps, {"seat": seat, "land": land_name, "source": "test"})
    ask = fx.run(state)
    while ask is not None:
        ask = fx.answer(state, ask.options[0])


def blight_map(state) -> dict[str, int]:
    return {n: row["blight"] for n, row in state["lands"].items() if row["blight"]}


# --- Call of the Deeps -----------------------------------------------------------------------------


def test_call_of_the_deeps_in_a_coastal_land_gathers_one_explorer_only():
    state = ocean_game()  # presence in the Ocean A0 and in A2
    put(state, "A1", explorer=1)
    put(state, "A3", explorer=1)
    card(state, "Call of the Deeps", ["A2", ["explorer", "A1"]])  # no second explorer asked
    assert len(land(state, "A2")["explorer"]) == 1 and len(land(state, "A3")["explorer"]) == 1


def test_call_of_the_deeps_in_the_ocean_the_second_explorer_is_optional():
    state = ocean_game()
    put(state, "A1", explorer=1)
    put(state, "A3", explorer=1)
    fx.push(state, pw.card_effect("Call of the Deeps"), {"seat": 0, "source": "test"})
    assert fx.run(state).options == ["A0", "A2"]  # the Ocean is a target land now
    fx.answer(state, "A0")
    fx.answer(state, ["explorer", "A1"])  # gathered into the Ocean: drowned
    assert fx.pending(state).kind == "may"
    fx.answer(state, "no")
    assert land(state, "A1")["explorer"] == [] and land(state, "A3")["explorer"] == [0]
    assert state["seats"][0]["energy"] == 1  # 1 health drowned, 1 player


# --- Tidal Boon ------------------------------------------------------------------------------------


def test_tidal_boon_dahan_pushed_into_the_ocean_go_ashore_or_drown_at_oceans_choice():
    state = ocean_game(RIVER)  # Ocean: A0 and A2; River: B6 and now A1 (next to the Ocean)
    state["lands"]["A1"]["presence"][RIVER] = 1
    put(state, "A1", dahan=2)
    fx.push(state, pw.card_effect("Tidal Boon"), {"seat": 0, "source": "Tidal Boon"})
    ask = fx.run(state)  # River is the only other spirit: it decides its push
    assert (ask.seat, ask.kind) == (1, "may")
    fx.answer(state, "yes")
    fx.answer(state, "A1")  # one of River's lands (A1 or B6)
    ask = fx.pending(state)  # no town: the dahan push, with the Ocean open to it
    assert (ask.seat, ask.kind) == (1, "push") and ["dahan", "A0"] in ask.options
    fx.answer(state, ["dahan", "A0"])
    ask = fx.pending(state)  # Ocean's player: any coastal land, or let it drown
    assert (ask.seat, ask.kind) == (0, "ashore")
    assert ask.options == ["A1", "A2", "A3", "B1", "B2", "B3", "drown"]
    fx.answer(state, "B3")
    fx.answer(state, ["dahan", "A0"])
    fx.answer(state, "drown")
    assert fx.pending(state) is None
    assert land(state, "A1")["dahan"] == [] and land(state, "B3")["dahan"] == [0]
    assert state["seats"][1]["energy"] == 2 and state["seats"][0]["energy"] == 0  # dahan pay nothing


def test_tidal_boon_a_push_to_a_land_is_an_ordinary_push():
    state = ocean_game(RIVER)
    put(state, "B6", town=1, dahan=2)
    card(state, "Tidal Boon", ["yes", ["town", "B1"], ["dahan", "B5"], "done"])
    assert land(state, "B1")["town"] == [0] and land(state, "B5")["dahan"] == [0]
    assert land(state, "B6")["dahan"] == [0]


# --- Veil the Night's Hunt -------------------------------------------------------------------------


def test_veil_the_nights_hunt_each_dahan_hits_a_different_invader():
    state = game(RIVER, clear=True)  # River in A5
    put(state, "A5", dahan=3, city=1, town=1)
    fx.push(state, pw.card_effect("Veil the Night's Hunt"), {"seat": 0, "source": "test"})
    fx.run(state)  # the only land with dahan in range is taken
    ask = fx.answer(state, 0)  # the damage option
    assert ask.options == [["town", 0], ["city", 0]]
    assert fx.answer(state, ["city", 0]) is None  # then the town's the only one left: taken
    # 3 dahan but 2 invaders: 1 damage each, the third dahan finds no other invader
    assert land(state, "A5")["city"] == [1] and land(state, "A5")["town"] == [1]


def test_veil_the_nights_hunt_push_option():
    state = game(RIVER, clear=True)
    put(state, "A5", dahan=2)
    card(state, "Veil the Night's Hunt", [1, ["dahan", "A7"], ["dahan", "A8"]])
    assert land(state, "A5")["dahan"] == [] and land(state, "A7")["dahan"] == [0]


def test_veil_the_nights_hunt_played_by_bringer_dreams_instead_of_destroying():
    state = game(BRINGER, clear=True)  # Bringer in A7; A7's neighbours are A5 and A8
    put(state, "A7", dahan=2, explorer=1, town=1)
    state["lands"]["A7"]["town"] = [1]
    card(state, "Veil the Night's Hunt", [0, ["explorer", 0], ["explorer", "A8"], ["town", "A5"]])
    # each would die of its 1 damage: dreamt instead, so fear (town 2, explorer 0) and pushed
    assert land(state, "A7")["explorer"] == land(state, "A7")["town"] == []
    assert land(state, "A8")["explorer"] == [0] and land(state, "A5")["town"] == [0]
    assert fear(state) == 2


# --- Blazing Renewal -------------------------------------------------------------------------------


def test_blazing_renewal_threshold_adds_4_damage_after_the_presence():
    state = game(RIVER, LIGHTNING, boards="AB", clear=True)  # River in A5
    state["seats"][0]["elements"] = {"fire": 3, "earth": 3, "plant": 2}
    state["seats"][1]["destroyed"] = 2
    put(state, "A4", town=1, city=2)
    card(state, "Blazing Renewal", [1, "A4"])
    assert presence(state, 1)["A4"] == 2 and state["seats"][1]["destroyed"] == 0
    # 2 damage to each town/city kills the town (1 fear) and leaves the cities at 2; the
    # threshold's 4 damage finishes both (2 fear each), 2 points left with nothing to hit
    assert land(state, "A4")["town"] == land(state, "A4")["city"] == []
    assert fear(state) == 5


def test_blazing_renewal_without_destroyed_presence_does_nothing_even_with_the_threshold():
    state = game(RIVER, LIGHTNING, boards="AB", clear=True)
    state["seats"][0]["elements"] = {"fire": 3, "earth": 3, "plant": 2}
    put(state, "A4", town=1, city=1)
    card(state, "Blazing Renewal", [1, "A4"])
    assert land(state, "A4")["town"] == [0] and land(state, "A4")["city"] == [0]
    assert "A4" not in presence(state, 1) and fear(state) == 0


# --- Infinite Vitality -----------------------------------------------------------------------------


def vital_game():
    state = game(VITAL, clear=True)  # sacred site A6 (Earth's Vitality defends there), A8
    put(state, "A5", blight=1)
    return state


def test_infinite_vitality_blight_from_a_ravage_stays_on_the_card():
    state = vital_game()
    put(state, "A5", city=2, dahan=2)
    state["lands"]["A5"]["presence"][VITAL] = 1
    card(state, "Infinite Vitality", ["A5"])
    pool = state["blight_card"]["pool"]
    inv.ravage(state, "A5")  # 6 damage to a blighted land: blight and a cascade, but not here
    assert blight_map(state) == {"A5": 1} and state["blight_card"]["pool"] == pool
    assert presence(state)["A5"] == 1  # no blight came, so no presence was destroyed
    # +4 health: 6 damage destroy 1 dahan of 6 health, not both of 2
    assert len(land(state, "A5")["dahan"]) == 1


def test_infinite_vitality_blight_added_or_cascading_there_stays_on_the_card():
    state = vital_game()
    card(state, "Infinite Vitality", ["A5"])
    pool = state["blight_card"]["pool"]
    step(state, [{"do": "add", "kind": "blight"}], "A5")
    step(state, [{"do": "add_blight_no_cascade"}], "A5")  # an event's blight
    assert blight_map(state) == {"A5": 1} and state["blight_card"]["pool"] == pool
    put(state, "A1", blight=1)
    fx.push(state, [{"do": "add", "kind": "blight"}], {"seat": 0, "land": "A1"})
    assert fx.run(state).options == ["A2", "A4", "A5", "A6"]  # where the cascade goes
    fx.answer(state, "A5")  # into the target land: it stays on the card, the cascade ends
    assert blight_map(state) == {"A1": 2, "A5": 1} and state["blight_card"]["pool"] == pool - 1


def test_infinite_vitality_threshold_dahan_ignore_damage_and_destruction():
    state = vital_game()
    state["seats"][0]["elements"] = {"earth": 4}
    put(state, "A5", dahan=2)
    put(state, "A8", dahan=1)
    card(state, "Infinite Vitality", ["A5"])  # the blight removed: A5 is the only one in reach
    assert land(state, "A5")["blight"] == 0
    assert pcs.health(state, land(state, "A5"), "dahan") == 6
    step(state, [{"do": "destroy", "n": "all", "kinds": ["dahan"]}], "A5")
    step(state, [{"do": "damage", "n": 3, "kinds": ["dahan"]}], "A5")
    step(state, [{"do": "damage_dahan", "n": 12}], "A5")  # an event's damage to dahan
    assert pcs.destroy(state, land(state, "A5"), "dahan") is False  # any other way
    assert land(state, "A5")["dahan"] == [0, 0]
    step(state, [{"do": "destroy", "n": "all", "kinds": ["dahan"]}], "A8")  # not there
    assert land(state, "A8")["dahan"] == []


def test_infinite_vitality_threshold_dahan_survive_the_ravage_and_strike_back():
    state = vital_game()
    state["seats"][0]["elements"] = {"earth": 4}
    put(state, "A5", dahan=2, city=2)
    card(state, "Infinite Vitality", ["A5"])
    inv.ravage(state, "A5")  # 6 damage, none to the dahan; they deal 4 back
    assert land(state, "A5")["dahan"] == [0, 0]
    assert land(state, "A5")["city"] == [1]  # one city destroyed, 1 damage on the other
    assert land(state, "A5")["blight"] == 0  # removed by the card, and the ravage's kept off


# --- Dissolve the Bonds of Kinship -----------------------------------------------------------------


def test_dissolve_the_bonds_of_kinship_spreads_the_explorers():
    state = game(RIVER, clear=True)  # River in A5: A5's neighbours are A1, A4, A6, A7, A8
    put(state, "A5", explorer=2, town=1, city=1, dahan=1)
    fx.push(state, pw.card_effect("Dissolve the Bonds of Kinship"), {"seat": 0, "source": "test"})
    fx.run(state)
    ask = fx.answer(state, "A5")
    # 2 explorers, 2 from the city, 1 from the town, 1 from the dahan
    assert len(land(state, "A5")["explorer"]) == 6 and land(state, "A5")["dahan"] == []
    neighbours = ["A1", "A4", "A6", "A7", "A8"]
    for i, target in enumerate(["A7", "A1", "A8", "A4"]):
        assert sorted(o[1] for o in ask.options) == sorted(neighbours), i
        ask = fx.answer(state, ["explorer", target])
        neighbours.remove(target)
    # the fifth had to go to A6, the only land not reached yet (no question); every land
    # has had one, so the sixth may go to any of them
    assert land(state, "A6")["explorer"] == [0]
    assert sorted(o[1] for o in ask.options) == ["A1", "A4", "A6", "A7", "A8"]
    assert fx.answer(state, ["explorer", "A1"]) is None
    assert land(state, "A5")["explorer"] == []
    got = {n: len(land(state, n)["explorer"]) for n in ["A1", "A4", "A6", "A7", "A8"]}
    assert got == {"A1": 2, "A4": 1, "A6": 1, "A7": 1, "A8": 1}


def test_blazing_renewal_presence_only_where_the_target_spirit_may_have_it():
    state = game("Volcano Looming High", clear=True, queue_setup=True)
    fx.run(state)
    fx.answer(state, "A6")  # Volcano starts in a Mountain; Mountain Home keeps it there
    state["seats"][0]["destroyed"] = 2
    put(state, "A5", town=1)
    put(state, "A1", town=1)
    card(state, "Blazing Renewal", ["A5"])  # a Wetland: no presence, so no damage either
    assert "A5" not in presence(state) and land(state, "A5")["town"] == [0]
    card(state, "Blazing Renewal", ["A1"])  # a Mountain
    assert presence(state)["A1"] == 2 and land(state, "A1")["town"] == []
