"""The base game's 8 spirits: tracks, growth, setup and special rules (spirits.py)."""

from __future__ import annotations

import pytest

from rules.spirit_island import effects as fx
from rules.spirit_island import (
    fear,
    hooks,
    powers,  # noqa: F401  (registers the spirits' verbs)
)
from rules.spirit_island import invaders as inv
from rules.spirit_island import spirits as sp
from rules.spirit_island.pieces import empty_land
from rules.spirit_island.state import new_state
from tests.rules.spirit_island.helpers import answer_exactly

LIGHTNING = "Lightning's Swift Strike"
RIVER = "River Surges in Sunlight"
VITAL = "Vital Strength of the Earth"
SHADOWS = "Shadows Flicker Like Flame"
THUNDER = "Thunderspeaker"
GREEN = "A Spread of Rampant Green"
OCEAN = "Ocean's Hungry Grasp"
BRINGER = "Bringer of Dreams and Nightmares"
BASE = [LIGHTNING, RIVER, VITAL, SHADOWS, THUNDER, GREEN, OCEAN, BRINGER]


def game(*names: str, boards: str = "ABCD", clear: bool = False, queue_setup: bool = False):
    boards_list = list(boards[: len(names)])
    state = new_state(boards_list, 7)
    state.update(seats=[], queue=[], rules=[], secret={"deck": state.pop("deck")})
    state["secret"].update(minor_deck=[], major_deck=[])
    state["power_discard"] = {"minor": [], "major": []}
    fear.new_fear(state, len(names))
    state["fear"]["pool"] = 100  # every fear generated stays countable in `earned`
    for seat, name in enumerate(names):
        sp.setup(state, seat, name)
    if clear:  # no printed pieces, the spirits' presence stays
        for name, land in state["lands"].items():
            state["lands"][name] = {**empty_land(), "presence": land["presence"]}
    if not queue_setup:
        assert state["queue"] == [], "setup left a choice"
    return state


def presence(state: dict, seat: int = 0) -> dict[str, int]:
    key = sp.presence_key(state, seat)
    return {n: land["presence"][key] for n, land in state["lands"].items() if key in land["presence"]}


def play(state: dict, effect: list[dict], seat: int = 0, answers=()) -> None:
    fx.push(state, effect, {"seat": seat, "source": "test"})
    answer_exactly(state, answers)


def steps_of(effect: list[dict]):
    for step in effect:
        yield step
        for key in ("then", "else", "each", "any"):
            value = step.get(key)
            if isinstance(value, dict):
                yield from steps_of([value])
            elif isinstance(value, list):
                yield from steps_of(value)
        for option in step.get("options", []):
            yield from steps_of(option)


# --- the data -----------------------------------------------------------------------------------


def test_the_eight_base_spirits_with_korean_names():
    assert list(sp.SPIRITS)[:8] == BASE  # the Branch & Claw and Jagged Earth spirits follow
    official = {n for n in BASE if sp.SPIRITS[n]["ko_official"]}
    assert official == {RIVER, THUNDER, OCEAN, BRINGER}  # the base ones the Korean rulebook names
    assert sp.SPIRITS[OCEAN]["ko"] == "굶주림으로 삼키는 바다"
    assert sp.SPIRITS[BRINGER]["ko"] == "꿈과 악몽의 전달자"
    assert all(s["ko"] for s in sp.SPIRITS.values())


# energy track, card-play track as printed (None: an element or reclaim space)
TRACKS = {
    LIGHTNING: ([1, 1, 2, 2, 3, 4, 4, 5], [2, 3, 4, 5, 6]),
    RIVER: ([1, 2, 2, 3, 4, 4, 5], [1, 2, 2, 3, None, 4, 5]),
    VITAL: ([2, 3, 4, 6, 7, 8], [1, 1, 2, 2, 3, 4]),
    SHADOWS: ([0, 1, 3, 4, 5, 6], [1, 2, 3, 3, 4, 5]),
    THUNDER: ([1, None, 2, None, None, 3], [1, 2, 2, 3, None, 3, 4]),
    GREEN: ([0, 1, None, 2, 2, None, 3], [1, 1, 2, 2, 3, 4]),
    OCEAN: ([0, None, None, 1, None, None, 2], [1, 2, 2, 3, 4, 5]),
    BRINGER: ([2, None, 3, None, 4, None, 5], [2, 2, 2, 3, 3, None]),
}


@pytest.mark.parametrize("name", BASE)
def test_track_numbers(name):
    energy, plays = TRACKS[name]
    tracks = sp.SPIRITS[name]["tracks"]
    assert [s.get("energy") for s in tracks["energy"]] == energy
    assert [s.get("card_plays") for s in tracks["card_plays"]] == plays
    assert sp.presence_on_tracks(name) == len(energy) + len(plays) - 2


@pytest.mark.parametrize("name", BASE)
def test_track_values_walk_each_track(name):
    state = game(name, queue_setup=True)
    energy, plays = TRACKS[name]
    for taken in range(len(energy)):
        state["seats"][0]["tracks"]["energy"] = taken
        shown = [e for e in energy[: taken + 1] if e is not None]
        assert sp.track_values(state, 0)["energy"] == shown[-1]
    for taken in range(len(plays)):
        state["seats"][0]["tracks"]["card_plays"] = taken
        shown = [p for p in plays[: taken + 1] if p is not None]
        assert sp.track_values(state, 0)["card_plays"] == shown[-1]


def test_track_elements_and_special_spaces():
    state = game(THUNDER, queue_setup=True)
    seat = state["seats"][0]
    assert sp.track_values(state, 0)["elements"] == {}
    seat["tracks"]["energy"] = 4  # 1, air, 2, fire, sun showing
    values = sp.track_values(state, 0)
    assert values["elements"] == {"air": 1, "fire": 1, "sun": 1}
    assert values["energy"] == 2
    assert not values["reclaim_one"]
    seat["tracks"]["card_plays"] = 4
    values = sp.track_values(state, 0)
    assert values["reclaim_one"] and values["card_plays"] == 3

    state = game(OCEAN, queue_setup=True)
    state["seats"][0]["tracks"]["energy"] = 6
    assert sp.track_values(state, 0)["elements"] == {"moon": 1, "water": 2, "earth": 1}

    state = game(BRINGER, queue_setup=True)
    state["seats"][0]["tracks"].update(energy=6, card_plays=5)
    values = sp.track_values(state, 0)
    assert values["any"] == 2 and values["elements"] == {"air": 1, "moon": 1}

    state = game(GREEN, queue_setup=True)
    state["seats"][0]["tracks"]["energy"] = 6
    assert sp.track_values(state, 0)["elements"] == {"plant": 2}


# --- growth --------------------------------------------------------------------------------------

# options per spirit: (number of options, steps that every turn has)
GROWTH = {LIGHTNING: (3, 0), RIVER: (3, 0), VITAL: (3, 0), SHADOWS: (3, 0), THUNDER: (3, 0),
          GREEN: (3, 1), OCEAN: (3, 0), BRINGER: (4, 0)}


@pytest.mark.parametrize("name", BASE)
def test_growth_shape_and_every_verb_exists(name):
    growth = sp.SPIRITS[name]["growth"]
    options, always = GROWTH[name]
    assert len(growth["options"]) == options and growth["pick"] == 1
    assert len(growth.get("always", [])) == always
    effect = sp.growth_effect(name)
    assert effect[-1]["do"] == "choose"
    for step in steps_of(effect):
        assert step["do"] in fx.VERBS, step
    # every option does something for the spirit's economy or board
    assert all(option for option in growth["options"])


def grow(state, seat, option, answers=()):
    name = state["seats"][seat]["spirit"]
    play(state, sp.growth_effect(name), seat, [option, *answers])


def test_lightning_growth_presence_and_energy():
    state = game(LIGHTNING, clear=True)
    assert presence(state) == {"A7": 2}
    grow(state, 0, 2, ["energy", "A8"])  # presence range 1 (from the energy track), +3 energy
    assert state["seats"][0]["energy"] == 3
    assert presence(state) == {"A7": 2, "A8": 1}
    assert state["seats"][0]["tracks"] == {"energy": 1, "card_plays": 0}


def test_lightning_growth_range_two_and_zero():
    state = game(LIGHTNING, clear=True)
    fx.push(state, sp.growth_effect(LIGHTNING), {"seat": 0})
    fx.run(state)
    fx.answer(state, 1)
    ask = fx.answer(state, "card_plays")
    assert set(ask.options) == {"A1", "A4", "A5", "A6", "A7", "A8"}  # within 2 of A7
    ask = fx.answer(state, "A1")
    ask = fx.answer(state, "card_plays")
    assert set(ask.options) == {"A1", "A7"}  # range 0: only lands with presence


def test_reclaim_gain_card_energy_growth():
    state = game(RIVER, clear=True)
    seat = state["seats"][0]
    seat["discard"] = ["Wash Away"]
    seat["hand"].remove("Wash Away")
    state["secret"]["minor_deck"] = ["M1", "M2", "M3", "M4", "M5"]
    grow(state, 0, 0, ["minor", "M3"])
    assert "Wash Away" in seat["hand"] and seat["discard"] == []
    assert "M3" in seat["hand"] and seat["energy"] == 1
    assert state["secret"]["minor_deck"] == ["M5"]


def test_thunderspeaker_growth_adds_presence_only_with_dahan():
    state = game(THUNDER, clear=True)  # presence in A3 and A7
    state["lands"]["A4"]["dahan"] = [0]
    state["lands"]["A6"]["dahan"] = [0]
    fx.push(state, sp.growth_effect(THUNDER), {"seat": 0})
    fx.run(state)
    fx.answer(state, 1)
    ask = fx.answer(state, "energy")
    assert ask.options == ["A4", "A6"]  # range 2, dahan only
    ask = fx.answer(state, "A6")
    ask = fx.answer(state, "energy")
    assert ask.options == ["A4", "A6"]  # range 1 from A3/A6/A7, dahan only
    fx.answer(state, "A4")
    assert presence(state) == {"A3": 1, "A4": 1, "A6": 1, "A7": 1}


def test_rampant_green_always_adds_to_jungle_or_wetland_then_picks():
    state = game(GREEN, clear=True)
    fx.push(state, sp.growth_effect(GREEN), {"seat": 0})
    ask = fx.run(state)
    assert ask.kind == "presence_source"
    ask = fx.answer(state, "energy")
    terrains = {n: fx.isl.island(("A",))[n]["terrain"] for n in ask.options}
    assert set(terrains.values()) <= {"jungle", "wetland"}
    ask = fx.answer(state, ask.options[0])
    assert ask.kind == "choose"
    ask = fx.answer(state, 1)  # presence range 1 and one more card play
    ask = fx.answer(state, "card_plays")
    fx.answer(state, ask.options[0])
    assert state["seats"][0]["card_plays_bonus"] == 1
    assert sum(presence(state).values()) == 4


def test_ocean_growth_places_in_oceans_gathers_and_pushes():
    state = game(OCEAN, clear=True, queue_setup=True)
    ask = fx.run(state)
    assert ask.kind == "setup_presence" and ask.options == ["A1", "A2", "A3"]
    fx.answer(state, "A2")
    assert presence(state) == {"A0": 1, "A2": 1}
    # option 2: +1 energy and 2 presence into Oceans
    grow(state, 0, 1, ["energy", "energy"])
    assert presence(state) == {"A0": 3, "A2": 1}
    assert state["seats"][0]["energy"] == 1
    # option 3: push 1 presence from each Ocean (to a coastal land), card, presence range 1 coastal
    state["secret"]["minor_deck"] = ["M1"]
    fx.push(state, sp.growth_effect(OCEAN), {"seat": 0})
    fx.run(state)
    ask = fx.answer(state, 2)
    assert ask.kind == "push_presence"
    assert ask.options == [["A0", "A1"], ["A0", "A2"], ["A0", "A3"], "done"]
    ask = fx.answer(state, ["A0", "A3"])
    ask = fx.answer(state, "minor")
    ask = fx.answer(state, "energy")
    assert set(ask.options) == {"A1", "A2", "A3"}  # never inland
    fx.answer(state, "A1")
    assert presence(state) == {"A0": 2, "A1": 1, "A2": 1, "A3": 1}
    # option 1: gather 1 presence into each Ocean
    fx.push(state, sp.growth_effect(OCEAN), {"seat": 0})
    fx.run(state)
    fx.answer(state, 0)
    ask = fx.answer(state, "minor")  # the minor deck is empty now: no card
    assert ask.kind == "gather_presence"
    assert ask.options == [["A1", "A0"], ["A2", "A0"], ["A3", "A0"], "done"]
    fx.answer(state, ["A3", "A0"])
    assert presence(state)["A0"] == 3 and "A3" not in presence(state)
    assert state["seats"][0]["energy"] == 3


def test_bringer_growth_range_four_to_dahan_or_invaders():
    state = game(BRINGER, clear=True)
    state["lands"]["A1"]["city"] = [0]
    state["lands"]["A3"]["dahan"] = [0]
    fx.push(state, sp.growth_effect(BRINGER), {"seat": 0})
    fx.run(state)
    fx.answer(state, 3)
    fx.answer(state, 1)  # the invaders half
    assert fx.answer(state, "energy") is None  # A1 is the only land with invaders
    assert presence(state) == {"A1": 1, "A7": 2}
    assert state["seats"][0]["energy"] == 2


# --- setup ---------------------------------------------------------------------------------------

SETUP_A = {
    LIGHTNING: {"A7": 2},
    RIVER: {"A5": 1},
    VITAL: {"A6": 2, "A8": 1},
    SHADOWS: {"A8": 2, "A5": 1},
    THUNDER: {"A3": 1, "A7": 1},
    GREEN: {"A5": 1, "A8": 1},
    BRINGER: {"A7": 2},
}


@pytest.mark.parametrize("name", list(SETUP_A))
def test_setup_on_board_a(name):
    state = game(name)
    assert presence(state) == SETUP_A[name]
    seat = state["seats"][0]
    assert seat["hand"] == sp.SPIRITS[name]["unique_cards"]
    assert seat["tracks"] == {"energy": 0, "card_plays": 0}


def test_setup_on_the_seats_own_board():
    state = game(RIVER, LIGHTNING, boards="AB")
    assert presence(state, 1) == {"B5": 2}  # board B's highest Sands
    assert presence(state, 0) == {"A5": 1}


def test_thunderspeaker_ties_are_asked():
    state = new_state(["A"], 3)
    state.update(seats=[], queue=[], rules=[])
    state["lands"]["A2"]["dahan"] = [0, 0, 0]
    state["lands"]["A4"]["dahan"] = [0, 0]
    pending = sp.setup(state, 0, THUNDER)
    assert presence(state) == {"A2": 1}
    assert pending[0]["step"]["lands"] == ["A3", "A4", "A7"]
    assert fx.run(state).options == ["A3", "A4", "A7"]
    fx.answer(state, "A4")
    assert presence(state) == {"A2": 1, "A4": 1}


def test_rampant_green_jungle_without_dahan():
    state = new_state(["A"], 3)
    state.update(seats=[], queue=[], rules=[])
    state["lands"]["A3"]["dahan"] = []
    pending = sp.setup(state, 0, GREEN)
    assert pending[0]["step"]["lands"] == ["A3", "A8"]


def test_setup_puts_done_rules_in_play():
    state = game(*BASE[:4], boards="ABCD")
    assert {"swiftness", "rivers-domain", "earths-vitality", "shadows-of-the-dahan"} <= set(
        state["rules"])
    state = game(THUNDER, GREEN, OCEAN, BRINGER, queue_setup=True)
    assert {"steady-regeneration", "ally-of-the-dahan", "sworn-to-victory", "choke-the-land", "ocean-in-play", "drowning",
            "dream-a-thousand-deaths"} <= set(state["rules"])


# --- special rules -------------------------------------------------------------------------------


def test_rivers_domain_wetland_presence_is_a_sacred_site():
    state = game(RIVER, clear=True)
    assert sp.sacred_sites(state, 0) == ["A5"]
    state["lands"]["A4"]["presence"][RIVER] = 1
    assert sp.sacred_sites(state, 0) == ["A5"]  # sands: no
    state["lands"]["A4"]["presence"][RIVER] = 2
    assert sp.sacred_sites(state, 0) == ["A4", "A5"]
    state["rules"].remove("rivers-domain")
    assert sp.sacred_sites(state, 0) == ["A4"]


def test_earths_vitality_defends_three_at_sacred_sites():
    state = game(VITAL, clear=True)  # sacred site in A6
    for name in ("A6", "A1"):
        state["lands"][name]["town"] = [0, 0]  # 4 damage
    report = inv.ravage(state, "A6")
    assert report["damage"] == 1 and report["blight"] == []
    report = inv.ravage(state, "A1")
    assert report["damage"] == 4 and report["blight"] == ["A1"]


def test_sworn_to_victory_costs_presence_per_dahan_destroyed():
    state = game(THUNDER, clear=True)
    for name in ("A3", "A7"):
        del state["lands"][name]["presence"][THUNDER]
    state["lands"]["A4"]["presence"][THUNDER] = 2  # the blight takes 1 of these
    state["lands"]["A5"]["presence"][THUNDER] = 1
    state["lands"]["A6"]["presence"][THUNDER] = 1
    state["lands"]["A8"]["presence"][THUNDER] = 1  # not adjacent to A4
    state["lands"]["A4"]["dahan"] = [0, 0]
    state["lands"]["A4"]["city"] = [0, 0]  # 6 damage: both dahan die
    inv.ravage(state, "A4")
    assert state["lands"]["A4"]["dahan"] == []
    ask = fx.run(state)  # 2 presence to lose within range 1 of A4: A4 and A5 have some
    assert ask.kind == "sworn_presence" and ask.options == ["A4", "A5"]
    fx.answer(state, "A5")
    assert presence(state) == {"A6": 1, "A8": 1}  # the second had to be A4's
    # destroyed presence: the blight's 1 in A4 and Sworn to Victory's 2 (all go beside the board)
    assert state["seats"][0]["destroyed"] == 3


def test_sworn_to_victory_nothing_when_no_dahan_die():
    state = game(THUNDER, clear=True)
    state["lands"]["A4"]["presence"][THUNDER] = 1
    state["lands"]["A4"]["dahan"] = [0, 0]
    state["lands"]["A4"]["explorer"] = [0]
    inv.ravage(state, "A4")
    assert fx.run(state) is None
    assert presence(state) == {"A3": 1, "A4": 1, "A7": 1}


def test_choke_the_land_stops_build_and_ravage_at_a_sacred_site():
    state = game(GREEN, clear=True)
    state["lands"]["A5"]["presence"][GREEN] = 2
    state["lands"]["A5"]["explorer"] = [0]
    state["lands"]["A2"]["explorer"] = [0]
    built = inv.build(state, "1:wetland")
    assert built == {"A2": "town"}
    assert state["lands"]["A5"]["presence"][GREEN] == 1
    assert state["seats"][0]["destroyed"] == 1
    state["seats"][0]["choke"] = False
    state["lands"]["A5"]["presence"][GREEN] = 2
    assert inv.build(state, "1:wetland") == {"A2": "city", "A5": "town"}


def test_ally_of_the_dahan_presence_moves_with_pushed_dahan():
    state = game(THUNDER, RIVER, boards="AB", clear=True)  # Thunderspeaker in A3 and A7
    state["lands"]["A3"]["dahan"] = [0, 0]
    # River's power pushes both dahan out of A3; Thunderspeaker's one presence follows the
    # first, so nothing is left to follow the second
    fx.push(state, [{"do": "push", "n": 2, "kinds": ["dahan"]}], {"seat": 1, "land": "A3"})
    assert fx.run(state).seat == 1
    assert fx.answer(state, ["dahan", "A2"]) == fx.Ask(0, "follow_dahan", ["yes", "no"])
    fx.answer(state, "yes")
    assert fx.answer(state, ["dahan", "A4"]) is None
    assert presence(state) == {"A2": 1, "A7": 1}


def test_ally_of_the_dahan_follows_a_gather_out_of_its_land():
    state = game(THUNDER, clear=True)
    state["lands"]["A7"]["dahan"] = [0]
    fx.push(state, [{"do": "gather", "n": 1, "kinds": ["dahan"]}], {"seat": 0, "land": "A5"})
    assert fx.run(state).kind == "follow_dahan"
    fx.answer(state, "yes")
    assert presence(state) == {"A3": 1, "A5": 1}
    # no presence where the dahan came from: nothing to ask
    state["lands"]["A8"]["dahan"] = [0]
    fx.push(state, [{"do": "gather", "n": 1, "kinds": ["dahan"]}], {"seat": 0, "land": "A5"})
    assert fx.run(state) is None
    assert len(state["lands"]["A5"]["dahan"]) == 2


def test_choke_the_land_skips_the_ravage_at_a_sacred_site():
    state = game(GREEN, clear=True)
    state["lands"]["A5"]["presence"][GREEN] = 2
    state["lands"]["A5"]["city"] = [0]
    state["lands"]["A2"]["city"] = [0]
    state["lands"]["A2"]["dahan"] = [0]
    state["track"]["ravage"] = ["1:wetland"]
    hooks.fire(state, "invader_phase")
    assert state["lands"]["A5"]["presence"][GREEN] == 1
    assert inv.ravage(state, "A5")["skipped"]
    assert inv.ravage(state, "A2")["blight"] == ["A2"]  # no sacred site there


@pytest.mark.parametrize(("side", "energy", "sources", "left"), [
    ("healthy", 0, ["energy", "card_plays", "destroyed"], 0),
    ("blighted", 0, ["energy", "card_plays"], 0),
    ("blighted", 2, ["energy", "card_plays", "destroyed"], 1),
])
def test_steady_regeneration(side, energy, sources, left):
    state = game(GREEN, clear=True)
    state["blight_card"]["side"] = side
    row = state["seats"][0]
    row.update(destroyed=1, energy=energy)
    fx.push(state, [{"do": "add_presence", "range": 1}], {"seat": 0, "source": "growth"})
    ask = fx.run(state)
    assert ask.options == sources
    if "destroyed" in sources:
        ask = fx.answer(state, "destroyed")
        fx.answer(state, ask.options[0])
        assert row["energy"] == left and row["destroyed"] == 0
