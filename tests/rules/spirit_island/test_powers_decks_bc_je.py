"""The Branch & Claw and Jagged Earth Minor and Major power cards
(data/powers_decks_bc_je.json), each run through effects.run on a hand-built position, the
expected result worked out from what the card does.

Lightning's Swift Strike acts (no rule of its changes targeting): its presence is replaced
by `pres` (default a sacred site in A5, an inland Wetland next to A1 A4 A6 A7 A8). A second
seat (River, board B) is there for the cards that target another spirit.
"""

from __future__ import annotations

import pytest

from rules.spirit_island import effects as fx
from rules.spirit_island import hooks
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island import tokens as tok
from tests.rules.spirit_island.helpers import answer_exactly
from tests.rules.spirit_island.test_spirits import LIGHTNING, RIVER, game, steps_of

DECKS = {n: c for n, c in pw.CARDS.items() if c["set"] in ("branch_and_claw", "jagged_earth")
         and c["deck"] in ("minor", "major")}


def position(at=None, pres=None, el=None, energy=0, tl=1, majors=(), destroyed=(0, 0), played=((), ()),
             river=None):
    state = game(LIGHTNING, RIVER, boards="AB", clear=True)
    for seat, row in enumerate(state["seats"]):
        row["destroyed"] = destroyed[seat]
        row["played"] = list(played[seat])
    for name, n in (river or {}).items():
        state["lands"][name]["presence"][RIVER] = n
    state["fear"]["terror_level"] = tl
    state["secret"]["major_deck"] = list(majors)
    for row in state["lands"].values():
        row["presence"].pop(LIGHTNING, None)
    for name, n in (pres or {"A5": 2}).items():
        state["lands"][name]["presence"][LIGHTNING] = n
    for name, kinds in (at or {}).items():
        for kind, n in kinds.items():
            if kind == "strife":
                for k, i in n:
                    tok.add_strife(state, name, k, i)
            elif isinstance(n, list):
                state["lands"][name][kind] = list(n)
            else:
                state["lands"][name][kind] = [0] * n if kind in pcs.HEALTH else n
    state["seats"][0]["elements"] = dict(el or {})
    state["seats"][0]["energy"] = energy
    return state


def play(state, name, answers=()):
    fx.push(state, pw.card_effect(name), {"seat": 0, "source": name})
    answer_exactly(state, answers)


def n(state, name, kind):
    row = state["lands"][name]
    if kind == "strife":
        return tok.strife_count(row)
    if kind == "presence":
        return row["presence"].get(LIGHTNING, 0)
    return fx.count(state, row, kind)


def check(state, want):
    for key, value in want.items():
        if key == "fear":
            assert state["fear"]["earned"] == value, "fear"
        elif key == "energy":
            assert [s["energy"] for s in state["seats"]] == value, "energy"
        elif key == "marks":
            for name, marks in value.items():
                assert {k: tok.marks(state, name).get(k) for k in marks} == marks, name
        elif key == "seat":
            for k, v in value.items():
                assert state["seats"][0].get(k) == v, k
        elif key == "river":
            for name, v in value.items():
                assert state["lands"][name]["presence"].get(RIVER, 0) == v, name
        elif key == "seat1":
            for k, v in value.items():
                assert state["seats"][1].get(k) == v, k
        elif key == "destroyed":
            assert state["seats"][0]["destroyed"] == value, "destroyed"
        elif key == "elements":
            assert state["seats"][0]["elements"] == value, "elements"
        elif key == "hand":
            assert state["seats"][0]["hand"][-len(value):] == value, "hand"
        else:
            for kind, v in value.items():
                got = state["lands"][key][kind] if isinstance(v, list) else n(state, key, kind)
                assert got == v, f"{key} {kind}"


# name -> cases: (position keywords, answers, expected). Expected: land -> {kind: count, or
# the damage list}; fear (earned, towns and cities destroyed included); marks; energy.
CASES: dict[str, list[tuple[dict, list, dict]]] = {
    # --- Branch & Claw Minors ---
    "Inflame the Fires of Life": [
        ({"at": {"A5": {"explorer": 1}}}, ["A5", 1], {"A5": {"strife": 1, "disease": 0}, "fear": 1}),
        ({"at": {"A5": {"explorer": 1}}, "el": {"animal": 3}}, ["A5", 2],
         {"A5": {"strife": 1, "disease": 1}, "fear": 1})],
    "Fire in the Sky": [({"at": {"A5": {"town": 1}}}, ["A5"], {"A5": {"strife": 1}, "fear": 2})],
    "Fleshrot Fever": [({}, ["A8"], {"A8": {"disease": 1}, "fear": 1})],
    "Gold's Allure": [
        ({"at": {"A5": {"explorer": 1, "town": 1}, "A8": {"explorer": 1}}},
         ["A6", ["explorer", "A8"], ["town", 0]],
         {"A6": {"explorer": 1, "town": 1, "strife": 1}, "A8": {"explorer": 0}, "A5": {"town": 0}})],
    "Guardian Serpents": [
        ({"pres": {"A5": 2, "A1": 1}}, [0, "A5"], {"A5": {"beasts": 1}, "marks": {"A5": {"defend": 4}}}),
        ({"pres": {"A5": 2, "A1": 1}}, [0, "A1"], {"A1": {"beasts": 1}, "marks": {"A1": {"defend": None}}})],
    "Here there be Monsters": [
        ({"at": {"A5": {"explorer": 1, "beasts": 1}}}, [["explorer", "A1"]],
         {"A1": {"explorer": 1}, "fear": 3})],
    "Infested Aquifers": [
        ({"at": {"A5": {"explorer": 2, "town": 1, "disease": 1}}}, [0],
         {"A5": {"explorer": 0, "town": [1]}}),
        ({"at": {"A5": {"explorer": 2}}}, [1], {"A5": {"explorer": 2, "disease": 1}, "fear": 1})],
    "Poisoned Dew": [
        ({"at": {"A8": {"explorer": 3}}}, ["A8"], {"A8": {"explorer": 0}}),
        ({"at": {"A6": {"explorer": 3}}}, ["A6"], {"A6": {"explorer": 2}})],
    "Portents of Disaster": [({"at": {"A5": {"explorer": 1}}}, [], {"fear": 2})],
    "Prowling Panthers": [
        ({"at": {"A6": {"town": 1, "beasts": 1}}}, ["A6", 1], {"A6": {"town": 0}, "fear": 1}),
        ({"at": {"A6": {"town": 1}}}, ["A6", 0], {"A6": {"town": 1, "beasts": 1}, "fear": 1})],
    "Renewing Rain": [
        ({"at": {"A8": {"blight": 1}}, "el": {"plant": 3}}, ["A8"], {"A8": {"blight": 0, "wilds": 1}}),
        ({"at": {"A6": {"blight": 1}}}, ["A6"], {"A6": {"blight": 1, "wilds": 0}})],
    "Rites of the Land's Rejection": [
        ({"at": {"A6": {"dahan": 3, "town": 1, "city": 1}}}, [0],
         {"fear": 2, "marks": {"A6": {"skip": ["build"]}}}),
        ({"at": {"A6": {"dahan": 1, "town": 1, "city": 1}}}, [0], {"fear": 1})],
    "Pact of the Joined Hunt": [
        ({"at": {"A5": {"dahan": 1, "town": 1}, "A6": {"dahan": 2}}}, [0],
         {"A5": {"dahan": 2, "town": 0}, "A6": {"dahan": 1}, "fear": 1})],
    "Razor-Sharp Undergrowth": [
        ({"at": {"A5": {"explorer": 2, "dahan": 2}}}, [],
         {"A5": {"explorer": 1, "dahan": 1, "wilds": 1}, "marks": {"A5": {"defend": 2}}})],
    "Growth through Sacrifice": [
        ({"pres": {"A5": 2, "A1": 1}, "at": {"A5": {"blight": 1}}}, [0, ["A1", LIGHTNING], 0],
         {"A5": {"blight": 0, "presence": 2}, "A1": {"presence": 0}})],
    "Scour the Land": [
        ({"at": {"A6": {"town": 4, "explorer": 2}}}, ["A6"],
         {"A6": {"town": 1, "explorer": 0, "blight": 1}, "fear": 3})],
    "Sky Stretches to Shore": [({}, [0], {"seat": {"slow_as_fast": 1}})],
    "Swarming Wasps": [
        ({"at": {"A6": {"explorer": 3, "beasts": 1}}}, ["A6", 1, ["explorer", "A1"], ["explorer", "A1"]],
         {"A6": {"explorer": 1}, "A1": {"explorer": 2}}),
        ({}, ["A6", 0], {"A6": {"beasts": 1}})],
    "Absorb Corruption": [
        ({"at": {"A6": {"blight": 1}}, "el": {"plant": 2}, "energy": 1}, [2, "yes"],
         {"A5": {"blight": 0}, "A6": {"blight": 0}, "energy": [0, 0]}),
        ({"at": {"A6": {"blight": 1}}}, [0], {"A5": {"blight": 1}, "A6": {"blight": 0}})],
    "Animated Wrackroot": [
        ({"at": {"A5": {"explorer": 1}}}, [0], {"A5": {"explorer": 0}, "fear": 1}),
        ({}, [1], {"A5": {"wilds": 1}})],
    "Promises of Protection": [
        ({"at": {"A1": {"dahan": 1}}}, ["A6", ["dahan", "A1"]],
         {"A6": {"dahan": 1}, "marks": {"A6": {"dahan_health": 2}}})],
    "Call to Ferocity": [
        ({"at": {"A6": {"explorer": 1, "town": 1, "dahan": 1}}},
         [1, ["explorer", "A1"], ["town", "A1"]],
         {"A1": {"explorer": 1, "town": 1}, "fear": 1})],
    "Call to Trade": [
        ({"at": {"A6": {"dahan": 1}, "A5": {"dahan": 1}, "A1": {"town": 1}}}, ["A6", ["dahan", "A5"]],
         {"A6": {"dahan": 2, "town": 1}, "marks": {"A6": {"skip": ["ravage"]}}}),
        ({"at": {"A6": {"dahan": 1}, "A5": {"dahan": 1}, "A1": {"town": 1}}, "tl": 3}, ["A6", ["dahan", "A5"]],
         {"A6": {"dahan": 2, "town": 0}, "marks": {"A6": {"skip": None}}})],
    "Confounding Mists": [({}, ["A6", 0], {"marks": {"A6": {"defend": 4}}})],
    "Cycles of Time and Tide": [
        ({"at": {"A1": {"dahan": 1, "blight": 1}}}, ["A1"], {"A1": {"dahan": 2, "blight": 1}}),
        ({"at": {"A1": {"blight": 1}}}, ["A1"], {"A1": {"dahan": 0, "blight": 0}})],
    "Disorienting Landscape": [
        ({"at": {"A6": {"explorer": 1}}}, ["A6", ["explorer", "A1"]],
         {"A1": {"explorer": 1}, "A6": {"wilds": 1}})],
    "Elusive Ambushes": [
        ({"at": {"A6": {"explorer": 1, "dahan": 1}}}, [0], {"A6": {"explorer": 0}})],
    "Tormenting Rotflies": [
        ({"at": {"A7": {"explorer": 1, "disease": 1, "blight": 1}}}, ["A7", 1], {"fear": 4}),
        ({"at": {"A7": {"explorer": 1}}}, ["A7", 0], {"A7": {"disease": 1}, "fear": 0})],
    "Twilight Fog brings Madness": [
        ({"at": {"A6": {"town": 1, "dahan": 3}}}, ["A6", ["dahan", "A1"]],
         {"A6": {"strife": 1, "dahan": [1, 1]}, "A1": {"dahan": 1}})],
    "Teeming Rivers": [
        ({}, ["A6"], {"A6": {"beasts": 1}}),
        ({"at": {"A2": {"blight": 1}}}, ["A2"], {"A2": {"blight": 0, "beasts": 0}}),
        ({"at": {"A2": {"blight": 2}}}, ["A2"], {"A2": {"blight": 2, "beasts": 0}})],
    "Spur on with Words of Fire": [({}, [1, "done"], {"energy": [0, 1]}), ({}, [0, "done"], {"energy": [0, 0]})],
    # --- Branch & Claw Majors ---
    "Strangling Firevine": [  # from the Sands A7; 3 wilds in and next to A8 after adding 2
        ({"pres": {"A7": 1}, "at": {"A8": {"explorer": 2, "town": 1}, "A5": {"wilds": 1}}}, ["A8"],
         {"A8": {"explorer": 0, "town": 0, "wilds": 1}, "A7": {"wilds": 1}, "fear": 1}),
        ({"pres": {"A7": 1}, "at": {"A8": {"city": 2}}, "el": {"fire": 2, "plant": 3}}, ["A8"],
         {"A8": {"city": [1]}, "fear": 2})],  # 2 wilds, twice: 4 damage
    "Bloodwrack Plague": [
        ({"at": {"A6": {"disease": 1}}}, ["A6"],
         {"A6": {"disease": 3}, "marks": {"A6": {"defend": 3}, "A1": {"defend": 3}, "A4": {"defend": None}}}),
        ({"at": {"A6": {"town": 1}, "A1": {"explorer": 1}}, "el": {"earth": 2, "animal": 4}},
         ["A6", "A6", "A1"], {"A6": {"town": [1]}, "A1": {"explorer": 0}, "fear": 2})],
    "Cast down into the Briny Deep": [
        ({"at": {"A1": {"explorer": 1, "town": 1, "city": 1}}}, ["A1"],
         {"A1": {"explorer": 0, "town": 0, "city": 0}, "fear": 9})],
    "Death Falls Gently from Open Blossoms": [
        ({"at": {"A8": {"city": 2}}}, ["A8"], {"A8": {"city": [1], "disease": 1}, "fear": 2}),
        ({"at": {"A8": {"town": 1}, "A5": {"town": 1}, "A6": {"explorer": 1}},
          "el": {"air": 3, "plant": 3}}, ["A8", "A5"],
         {"A8": {"town": 0, "disease": 0}, "A5": {"disease": 1}, "A6": {"disease": 1}, "fear": 4})],
    "Fire and Flood": [  # the second land 2 from the sacred site A5
        ({"at": {"A6": {"city": 1}, "A2": {"town": 2}}}, ["A6", "A2"],
         {"A6": {"city": 0}, "A2": {"town": 0}, "fear": 4}),
        ({"at": {"A6": {"city": 3}, "A2": {"town": 2}}, "el": {"fire": 3, "water": 3}}, ["A6", 2, "A2"],
         {"A6": {"city": 0}, "A2": {"town": 0}, "fear": 8}),  # 12 and 4
        ({"at": {"A6": {"city": 3}, "A2": {"city": 2}}, "el": {"water": 3}}, ["A6", 0, "A2"],
         {"A6": {"city": [1, 0]}, "A2": {"city": 0}, "fear": 2 + 4})],  # 4 and 8
    "Grant Hatred a Ravenous Form": [
        ({"at": {"A6": {"explorer": 1, "town": 1, "strife": [["town", 0]], "blight": 1}}}, ["A6"],
         {"A6": {"explorer": 0, "town": 0, "beasts": 1}, "fear": 3}),
        ({"at": {"A6": {"city": 2, "strife": [["city", 0]]}}}, ["A6"],
         {"A6": {"city": [2, 0], "beasts": 0}, "fear": 1})],
    "Insatiable Hunger of the Swarm": [
        ({"at": {"A6": {"city": 2, "dahan": 2}, "A1": {"beasts": 1}}}, ["A6", ["beasts", "A1"]],
         {"A6": {"city": 0, "dahan": 0, "beasts": 2, "blight": 1}, "fear": 7})],
    "Instruments of their own Ruin": [
        ({"at": {"A6": {"town": 1, "explorer": 2}}}, ["A6", ["town", 0]],
         {"A6": {"explorer": 0, "town": 1, "strife": 1}})],
    "Flow like Water, Reach like Air": [
        ({"at": {"A5": {"explorer": 1, "dahan": 1, "city": 1}}},
         [0, ["A5", "A6"], "explorer", "dahan"],
         {"A6": {"presence": 1, "explorer": 1, "dahan": 1}, "A5": {"presence": 1, "city": 1},
          "seat": {"range_bonus": 2}}),
        ({"at": {"A5": {"city": 1}}, "el": {"air": 2, "water": 2}}, [0, ["A5", "A6"], "city"],
         {"A6": {"city": 1}})],
    "Pent-Up Calamity": [
        ({"at": {"A6": {"beasts": 2, "wilds": 1, "city": 2}}}, ["A6", 1, "beasts", "beasts", "done"],
         {"A6": {"beasts": 0, "wilds": 1, "city": 0}, "fear": 6}),
        ({"at": {"A6": {"beasts": 1, "town": 1}}, "el": {"moon": 2, "fire": 3}},
         ["A6", 1, "beasts", "beasts"], {"A6": {"beasts": 1, "town": 0}, "fear": 2}),
        ({"at": {"A6": {"town": 1}}, "el": {"moon": 2, "fire": 3}}, ["A6", 0],
         {"A6": {"disease": 1, "strife": 3}})],
    "Pyroclastic Flow": [  # from the Mountain A6
        ({"pres": {"A6": 1}, "at": {"A8": {"explorer": 2, "town": 1}}}, ["A8", "town", "town"],
         {"A8": {"explorer": 0, "town": 0, "blight": 1}, "fear": 1}),
        ({"pres": {"A6": 1}, "at": {"A1": {"city": 2}}, "el": {"fire": 2, "air": 3, "earth": 2}},
         ["A1"], {"A1": {"city": 0, "wilds": 1, "blight": 0}, "fear": 4})],
    "Savage Transformation": [
        ({"at": {"A6": {"explorer": 2}}}, ["A6"], {"A6": {"explorer": 1, "beasts": 1}, "fear": 2}),
        ({"at": {"A6": {"explorer": 2}, "A1": {"explorer": 1}}, "el": {"moon": 2, "animal": 3}},
         ["A6", "A1"], {"A6": {"explorer": 1, "beasts": 1}, "A1": {"explorer": 0, "beasts": 1}})],
    "Sea Monsters": [
        ({"at": {"A1": {"town": 2, "blight": 1}}}, ["A1"], {"A1": {"town": 0, "beasts": 1}, "fear": 4}),
        ({"at": {"A5": {"city": 3}}, "el": {"water": 3, "animal": 3}}, ["A5"],
         {"A5": {"city": 0, "beasts": 2}, "fear": 2 + 4 + 6})],
    "Tigers Hunting": [  # from the Jungle A8
        ({"pres": {"A8": 1}, "at": {"A6": {"explorer": 2}, "A1": {"beasts": 1}}},
         ["A6", ["beasts", "A1"], "done"], {"A6": {"explorer": 0, "beasts": 2}, "fear": 2}),
        ({"pres": {"A8": 1}, "at": {"A6": {"beasts": 1}, "A5": {"town": 1}},
          "el": {"sun": 2, "moon": 2, "animal": 3}}, ["A6", "done", "A5"],
         {"A5": {"town": [1]}, "fear": 2})],  # 1 damage + 1 per beasts there (none)
    "Unrelenting Growth": [
        ({}, [0, "A6", "energy", "energy"], {"A6": {"presence": 2, "wilds": 1}})],
    "Volcanic Eruption": [  # from the Mountain A6
        ({"pres": {"A6": 1}, "at": {"A6": {"city": 3, "dahan": 2, "beasts": 1}}}, ["A6"],
         {"A6": {"city": 0, "dahan": 0, "beasts": 0, "blight": 1}, "fear": 12}),
        ({"pres": {"A6": 1}, "at": {"A1": {"town": 1, "blight": 1}, "A5": {"dahan": 1}},
          "el": {"fire": 4, "earth": 3}}, ["A6"],
         {"A6": {"wilds": 1, "blight": 1}, "A1": {"town": 0, "blight": 1}, "A5": {"dahan": 0, "blight": 1},
          "A8": {"blight": 1}, "fear": 7})],
    "Sweep into the Sea": [
        ({"at": {"A8": {"explorer": 1, "town": 1}}}, ["A8", 0, ["explorer", "A5"], ["town", "A6"]],
         {"A5": {"explorer": 1}, "A6": {"town": 1}, "A8": {"explorer": 0, "town": 0}}),
        ({"at": {"A1": {"explorer": 2, "town": 1}}}, ["A1", 1], {"A1": {"explorer": 0, "town": 0}, "fear": 1})],
    "Manifest Incarnation": [
        ({"at": {"A5": {"city": 2, "town": 1, "explorer": 2}}}, [],
         {"A5": {"city": 1, "town": 0, "explorer": 1, "blight": 1}, "fear": 11}),
        ({"at": {"A5": {"city": 2, "town": 1, "explorer": 2}}, "el": {"sun": 3, "moon": 3}}, [],
         {"A5": {"city": 1, "explorer": 1, "blight": 0}, "fear": 14})],  # 4 damage - 6
    "Smothering Infestation": [
        ({"at": {"A5": {"town": 1, "explorer": 1}}}, [], {"A5": {"disease": 1, "town": 0, "explorer": 0}, "fear": 3})],
    "Twisted Flowers Murmur Ultimatums": [
        ({"at": {"A6": {"explorer": 1, "town": 1}}}, [["town", 0]],
         {"A6": {"explorer": 1, "town": 1, "strife": 1}, "fear": 4}),
        ({"at": {"A6": {"explorer": 1, "town": 2}}, "tl": 2}, [["town", 0], "town", "explorer"],
         {"A6": {"explorer": 0, "town": 1}, "fear": 4})],
    "Unlock the Gates of Deepest Power": [
        ({"majors": ["Tsunami", "Powerstorm", "Pillar of Living Flame"]}, [0, "Powerstorm"],
         {"hand": ["Powerstorm"]})],
    # --- Jagged Earth Minors ---
    "Hazards Spread Across The Island": [
        ({"at": {"A1": {"beasts": 1}}}, ["A6", 1], {"A6": {"beasts": 1}}),
        ({"at": {"A1": {"disease": 1}}, "energy": 1}, ["A6", 2, "yes"], {"A6": {"disease": 1}, "energy": [0, 0]}),
        ({"at": {"A1": {"disease": 1}}}, ["A6", 0], {"A6": {"badlands": 0}})],  # none next door
    "Bats Scout For Raids By Darkness": [
        ({"at": {"A6": {"dahan": 2, "town": 1, "city": 1}}}, ["A6", 0, "town", "town"],
         {"A6": {"town": 0, "city": 1}, "fear": 1}),
        ({"at": {"A6": {"dahan": 1}, "A1": {"dahan": 2}}}, ["A6", 1, ["dahan", "A1"], ["dahan", "A1"]],
         {"A6": {"dahan": 3}, "fear": 1})],
    "Birds Cry Warning": [
        ({"at": {"A6": {"dahan": 2}}}, [0], {"marks": {"A6": {"spare": {"kind": "dahan", "n": 2, "action": None}}}}),
        ({"at": {"A6": {"dahan": 2}}}, [1, ["dahan", "A1"], "done"], {"A1": {"dahan": 1}})],
    "Blood Draws Predators": [({"at": {"A6": {"town": 1}}}, ["A6"], {"A6": {"town": 1, "beasts": 0}})],
    "Carapaced Land": [
        ({"at": {"A6": {"beasts": 1}}}, ["A6"], {"marks": {"A6": {"defend": 3}}}),
        ({"el": {"earth": 2}}, [], {"marks": {"A5": {"defend": 6}}})],  # no beasts: range 0 only
    "Call To Guard": [
        ({"at": {"A6": {"dahan": 1}, "A1": {"dahan": 1}}}, ["A6", ["dahan", "A1"], 0],
         {"A6": {"dahan": 2}, "marks": {"A6": {"defend": 2}}})],
    "Desiccating Winds": [  # 1 damage +1 for the badlands already there
        ({"at": {"A6": {"town": 1, "badlands": 1}}}, ["A6"], {"A6": {"town": 0, "badlands": 2}, "fear": 1}),
        ({"at": {"A6": {"town": 1}}}, ["A6"], {"A6": {"town": [0], "badlands": 1}})],
    "Dry Wood Explodes In Smoldering Splinters": [
        ({"pres": {"A6": 1}, "at": {"A6": {"town": 1}}}, [], {"A6": {"town": [1]}, "fear": 2})],
    "Gift of Nature's Connection": [
        ({}, [1, 0, "sun"], {"energy": [0, 2], "elements": {"sun": 1}}),
        ({}, [0, 6], {"elements": {"earth": 2}})],  # option 0 is the energy
    "Entrap The Forces Of Corruption": [
        ({"at": {"A1": {"blight": 1}}}, ["A6", ["blight", "A1"]],
         {"A6": {"blight": 1}, "A1": {"blight": 0}, "marks": {"A6": {"isolate": True}}})],
    "Domesticated Animals Go Berserk": [
        ({"pres": {"A5": 2, "A6": 1}, "at": {"A6": {"town": 1}, "A5": {"explorer": 1}}}, [],
         {"marks": {"A6": {"defend": 5}}, "A6": {"beasts": 0}, "fear": 1}),
        ({"pres": {"A6": 1}, "at": {"A6": {"city": 1}}, "el": {"moon": 3}}, [], {"A6": {"beasts": 1}})],
    "Dire Metamorphosis": [
        ({"at": {"A6": {"town": 1, "dahan": 1}}}, ["A6"],
         {"A6": {"town": [1], "dahan": [1], "badlands": 1, "beasts": 1, "disease": 1, "strife": 1,
                 "wilds": 1, "blight": 1}, "fear": 1})],
    "Skies Herald The Season Of Return": [
        ({"destroyed": (1, 0), "at": {"A1": {"dahan": 1}, "A6": {"blight": 1}}},
         ["A6", 0, ["dahan", "A1"], ["blight", "A8"]],
         {"A6": {"presence": 1, "dahan": 1, "blight": 0}, "A8": {"blight": 1}})],
    "Gift of Twinned Days": [
        ({"played": (["Shatter Homesteads"], ["Flash Floods", "Wash Away"])}, [],
         {"seat": {"repeats": [2]}, "seat1": {"repeats": [1]}})],
    "Haunted By Primal Memories": [
        ({"at": {"A6": {"explorer": 1, "beasts": 1}}}, [], {"fear": 3, "marks": {"A6": {"defend": 3}}}),
        ({"at": {"A6": {"explorer": 1}}}, [], {"fear": 1})],
    "Like Calls to Like": [
        ({"at": {"A6": {"explorer": 1, "dahan": 1, "beasts": 1},
                 "A1": {"explorer": 1, "town": 1, "dahan": 1, "beasts": 1}, "A8": {"blight": 1}}},
         ["A6", ["explorer", "A1"], ["dahan", "A1"], ["beasts", "A1"]],
         {"A6": {"explorer": 2, "dahan": 2, "beasts": 2, "town": 0, "blight": 0}})],
    "Unquenchable Flames": [
        ({"at": {"A6": {"town": 1, "explorer": 1}}, "el": {"fire": 2}}, ["A6"],
         {"A6": {"town": [1], "explorer": 1, "badlands": 1}, "fear": 1})],
    "Mesmerized Tranquility": [({}, [], {"marks": {"A5": {"isolate": True, "weaker": 1}}})],
    "Territorial Strife": [
        ({"at": {"A6": {"city": 1, "town": 1, "explorer": 1}}}, [0],
         {"A6": {"city": [0], "town": 0, "explorer": 0}, "fear": 1}),
        ({"at": {"A6": {"city": 1}}}, [1], {"A6": {"strife": 1}})],
    "Renewing Boon": [
        ({"pres": {"A5": 2, "A6": 1}, "river": {"A6": 1}, "destroyed": (0, 1), "at": {"A6": {"blight": 1}}},
         [], {"A6": {"blight": 0}, "river": {"A6": 2}})],
    "Scream Disease Into The Wind": [({}, [], {"seat1": {"range_bonus": 1}, "marks": {"island": {"scream": {"1": 1}}}})],
    "Sear Anger Into The Wild Lands": [
        ({"at": {"A6": {"explorer": 1, "wilds": 1}}}, ["A6", 1], {"A6": {"explorer": 0}, "fear": 1}),
        ({"at": {"A6": {"explorer": 1}}}, ["A6", 1], {"A6": {"explorer": 1}, "fear": 0})],
    "Set Them On An Ever-Twisting Trail": [
        ({"at": {"A1": {"explorer": 1}}}, ["A6", 0],
         {"A6": {"explorer": 1}, "marks": {"A6": {"isolate": True}}})],
    "Strong And Constant Currents": [
        ({"pres": {"A1": 1}, "at": {"A1": {"explorer": 1}}}, [0], {"A2": {"explorer": 1}}),
        ({"pres": {"A1": 1}, "at": {"A1": {"dahan": 2}, "A3": {"dahan": 1}}},
         [1, "A3", ["dahan", "A3", "A1"], ["dahan", "A1", "A3"]], {"A1": {"dahan": 2}, "A3": {"dahan": 1}}),
        ({"pres": {"A1": 1}, "at": {"A1": {"dahan": 2}}}, [1, "B1", ["dahan", "A1", "B1"], ["dahan", "A1", "B1"]],
         {"A1": {"dahan": 0}, "B1": {"dahan": 2}})],
    "Sucking Ooze": [
        ({"at": {"A7": {"explorer": 1}}}, ["A7"], {"fear": 2, "marks": {"A7": {"isolate": True}}})],
    "Sunset's Fire Flows Across The Land": [
        ({"at": {"A6": {"explorer": 1}, "A1": {"explorer": 1}}, "energy": 1}, ["A6", "yes", "A1"],
         {"A6": {"explorer": 0}, "A1": {"explorer": 0}, "fear": 1, "energy": [0, 0]})],
    "Terror Turns To Madness": [
        ({"at": {"A6": {"explorer": 1}}}, [], {"fear": 3, "A6": {"strife": 0}}),
        ({"at": {"A6": {"explorer": 1}}, "tl": 2}, [1], {"fear": 0, "A6": {"strife": 1}}),
        ({"at": {"A6": {"explorer": 1}}, "tl": 3}, [], {"fear": 0, "A6": {"strife": 1}})],
    "The Shore Seethes With Hatred": [({}, ["A1"], {"A1": {"badlands": 1, "wilds": 1}, "fear": 1})],
    "Thriving Chokefungus": [({}, ["A8"], {"A8": {"disease": 1, "badlands": 1}})],
    "Treacherous Waterways": [
        ({"at": {"A6": {"explorer": 1}}}, ["A6", 1, ["explorer", "A1"]], {"A1": {"explorer": 1}})],
    "Flow Downriver, Blow Downwind": [
        ({"at": {"A6": {"blight": 1}}}, ["A6", ["blight", "A1"]], {"A6": {"blight": 0}, "A1": {"blight": 1}})],
    "Weep For What Is Lost": [
        ({"at": {"A6": {"blight": 2, "explorer": 2, "town": 1}}}, [["explorer", "A1"], ["town", "A8"]],
         {"A1": {"explorer": 1}, "A8": {"town": 1}, "A6": {"explorer": 1}, "fear": 2})],
    "Favor Of The Sun And Star-Lit Dark": [
        ({"at": {"A6": {"blight": 1}}, "el": {"sun": 2}}, ["A6", ["blight", "A1"]],
         {"A1": {"blight": 1}, "fear": 1, "marks": {"A6": {"defend": 4}}})],
    # --- Jagged Earth Majors ---
    "Forests of Living Obsidian": [
        ({"at": {"A5": {"dahan": 1, "town": 1, "explorer": 1}}}, [["dahan", "A6"]],
         {"A5": {"badlands": 1, "town": 0, "explorer": 0}, "A6": {"dahan": 1}, "fear": 1}),
        ({"pres": {"A5": 1}, "at": {"A5": {"town": 1, "explorer": 1}}}, [],
         # not a sacred site: 1 to each, and the badlands just added give 1 more
         {"A5": {"town": 0, "explorer": 0}, "fear": 1})],
    "Infestation of Venomous Spiders": [
        ({"at": {"A6": {"explorer": 1}, "A1": {"beasts": 1}}}, [["beasts", "A1"]],
         {"A6": {"beasts": 2}, "fear": 2, "marks": {"A6": {"skip": ["any", "any"]}}})],
    "Dream of the Untouched Land": [
        ({"at": {"A6": {"blight": 2, "town": 1, "explorer": 2}}}, ["A6", "blight", "blight", "town", "explorer"],
         {"A6": {"blight": 0, "town": 0, "explorer": 1}, "fear": 0})],
    "Angry Bears": [
        ({"at": {"A5": {"town": 2, "beasts": 1}}}, ["done"], {"A5": {"town": 0, "beasts": 1}, "fear": 4}),
        ({"at": {"A5": {"town": 1}}}, [], {"A5": {"town": 0, "beasts": 1}, "fear": 3}),
        ({"at": {"A6": {"beasts": 1, "explorer": 1}}, "el": {"fire": 2, "animal": 3}}, [],
         {"A6": {"explorer": 0}, "A5": {"beasts": 1}, "fear": 3})],
    "Focus the Land's Anguish": [
        ({"at": {"A6": {"town": 1}, "A1": {"blight": 1}, "A8": {"blight": 1}}},
         ["A6", ["blight", "A1"], ["blight", "A8"]], {"A6": {"blight": 2, "town": 0}, "fear": 6}),
        ({"at": {"A6": {"explorer": 2}, "A1": {"blight": 1}}}, ["A6", ["blight", "A1"]],
         {"A6": {"explorer": 1}, "fear": 0})],
    "Vanish Softly Away, Forgotten by All": [
        ({"at": {"A6": {"explorer": 1, "town": [1], "city": 1}}}, ["A6", 1],
         {"A6": {"explorer": 1, "town": 0, "city": 1}, "fear": 0}),
        ({"at": {"A6": {"explorer": 4}, "A2": {"town": 4}}, "el": {"moon": 3, "air": 3}}, ["A6", 1, "A6", "A2"],
         {"A6": {"explorer": 3}, "A2": {"town": 3}})],
    "Unleash a Torrent of the Self's Own Essence": [
        ({}, [0, "no"], {"energy": [4, 0]}),
        ({"at": {"A5": {"town": 1}}, "el": {"sun": 2, "fire": 3}, "energy": 3}, [2, "no", 2],
         {"energy": [5, 0], "A5": {"town": 0}, "fear": 1})],
    "Bargains of Power and Protection": [  # 1 presence leaves the game; lasting from now on
        ({"at": {"A5": {"dahan": 1}}}, [],
         {"A5": {"dahan": 1, "presence": 1}, "seat": {"energy_per_turn": -1, "dahan_defend": 1}})],
    "Transform to a Murderous Darkness": [  # 3 + 3, +2 for the badlands on the first damage
        ({"at": {"A5": {"city": 2}}}, [0, "A5", "done", "done"],
         {"A5": {"presence": 0, "badlands": 2, "city": 0}, "destroyed": 0, "fear": 7})],
    "Settle Into Hunting-Grounds": [
        ({"at": {"A5": {"town": 1}}, "el": {"plant": 2, "animal": 3}}, [], {"A5": {"town": 0}, "fear": 3}),
        ({"at": {"A5": {"town": 1}}}, [], {"A5": {"town": 1}, "fear": 0})],
    "Walls of Rock and Thorn": [
        ({"at": {"A6": {"city": 1}}}, ["A6"],
         {"A6": {"city": [2], "wilds": 1}, "marks": {"A6": {"defend": 8, "isolate": True}}}),
        ({"at": {"A6": {"city": 1}}, "el": {"earth": 2, "plant": 2}}, ["A6"],
         {"A6": {"city": 0, "badlands": 1}, "marks": {"A6": {"defend": 10}}, "fear": 2})],
    "Voice of Command": [
        ({"at": {"A6": {"dahan": 2, "explorer": 1, "town": 1, "city": 1}}}, ["town", "town"],
         {"A6": {"town": 0, "city": [1], "explorer": 1}, "fear": 1, "marks": {"A6": {"defend": 2}}})],
    "Irresistible Call": [
        ({"at": {"A1": {"town": 1}, "A5": {"dahan": 1}, "A8": {"beasts": 1, "explorer": 2}},
          "el": {"sun": 2, "air": 3, "plant": 2}}, ["A6"],
         {"A6": {"town": 1, "dahan": 1, "beasts": 1, "explorer": 2},
          "marks": {"A6": {"skip": ["all"], "isolate": True}}})],
    "The Wounded Wild Turns on its Assailants": [  # 1 blight + 1 beasts, +2 for the badlands
        ({"at": {"A6": {"blight": 1, "explorer": 2, "town": 1}, "A1": {"beasts": 1}}}, [["beasts", "A1"]],
         {"A6": {"explorer": 0, "town": 0, "badlands": 2}, "fear": 1}),
        ({"at": {"A6": {"blight": 1, "explorer": 2, "town": 1}, "A1": {"beasts": 1}},
          "el": {"fire": 2, "plant": 3, "animal": 2}}, [["beasts", "A1"]], {"fear": 1 + 6})],
    "Draw Towards a Consuming Void": [
        ({"at": {"A6": {"explorer": 1, "town": 1, "dahan": 1, "beasts": 1}, "A1": {"city": 1, "beasts": 1}}}, [],
         {"A5": {"explorer": 0, "town": 0, "city": 0, "dahan": 0, "beasts": 0, "presence": 1},
          "A6": {"explorer": 0, "beasts": 0}, "A1": {"city": 0, "beasts": 0}, "fear": 4 + 3}),
        ({"river": {"A6": 1}}, [], {"river": {"A6": 0, "A5": 0}, "A5": {"presence": 1}})],
    "Storm-Swath": [
        ({"at": {"A6": {"explorer": 1, "town": 1}, "A5": {"explorer": 1}}}, ["A6"],
         {"A6": {"explorer": 0, "town": [1]}, "A5": {"explorer": 0}, "fear": 2}),
        ({"at": {"A8": {"explorer": 1, "town": 1}, "A5": {"town": 1}, "A6": {"town": 1}},
          "el": {"fire": 2, "air": 3, "water": 2}}, ["A8", "A6"],
         {"A8": {"explorer": 0, "town": 0}, "A5": {"town": 0}, "A6": {"town": 0}, "fear": 3 + 3})],
    "Spill Bitterness into the Earth": [
        ({"at": {"A5": {"city": 2}, "A6": {"blight": 1}}}, [0, 0, "A6", 0],
         {"A5": {"city": 0, "badlands": 2, "blight": 1}, "A6": {"badlands": 1}, "fear": 4})],
    "Utter a Curse of Dread and Bone": [  # 1 damage +1 for the badlands just added
        ({"at": {"A6": {"blight": 1, "town": 1}, "A1": {"blight": 1}}}, ["A6", "badlands", "disease"],
         {"A6": {"badlands": 1, "disease": 1, "town": 0}, "fear": 3}),
        ({"at": {"A6": {"blight": 1, "town": 1}, "A1": {"explorer": 1}}, "el": {"moon": 3, "animal": 2}},
         ["A6", "disease", "A8", "A1"],
         {"A6": {"disease": 1, "town": [1]}, "A8": {"disease": 1}, "A1": {"explorer": 0}, "fear": 2})],
    "Sleep and Never Waken": [  # from the Sands A7
        ({"pres": {"A7": 1}, "at": {"A6": {"explorer": 3}}}, ["A6", "explorer", "explorer"],
         {"A6": {"explorer": 1}, "fear": 1, "marks": {"A6": {"skip": ["all"]}}}),
        ({"pres": {"A7": 1}, "at": {"A6": {"explorer": 2}, "A7": {"explorer": 2}},
          "el": {"moon": 3, "air": 2, "animal": 2}},
         ["A6", "explorer", "explorer", ["explorer", "A7"], ["explorer", "A7"]],
         {"A6": {"explorer": 0}, "A7": {"explorer": 0}, "fear": 2})],
    # A8 joins A6 for the turn: their pieces are together in the land named A6
    "Weave Together the Fabric of Place": [
        ({"at": {"A6": {"explorer": 1}, "A8": {"town": 1}}}, ["A6", "A8"],
         {"A6": {"explorer": 1, "town": 1}})],
    "Trees Radiate Celestial Brilliance": [
        ({"at": {"A8": {"blight": 1, "city": 1}}, "el": {"sun": 3, "moon": 2, "plant": 2}}, ["A8"],
         {"A8": {"city": 0}, "fear": 5, "marks": {"A8": {"defend": 6, "skip": ["build"]}}})],
    "Thickets Erupt with Every Touch of Breeze": [
        ({"at": {"A6": {"city": 1}}}, ["A6", 0], {"A6": {"city": [2], "wilds": 3}}),
        ({"at": {"A6": {"city": 1, "blight": 1}}, "el": {"plant": 3}}, ["A6", 1],
         {"A6": {"city": 0, "blight": 0}, "fear": 3})],
    "Melt Earth into Quicksand": [
        ({"at": {"A7": {"town": 1}}}, ["A7"], {"A7": {"town": 0}, "fear": 2, "marks": {"A7": {"isolate": True}}})],
}


def _cases():
    for name, cases in sorted(CASES.items()):
        for i, case in enumerate(cases):
            yield pytest.param(name, *case, id=f"{name}-{i}")


@pytest.mark.parametrize(("name", "setup", "answers", "want"), list(_cases()))
def test_card(name, setup, answers, want):
    state = position(**setup)
    play(state, name, answers)
    check(state, want)


def test_every_card_is_there_with_its_set_and_a_case():
    sets = {(c["set"], c["deck"]) for c in DECKS.values()}
    assert sets <= {("branch_and_claw", "minor"), ("branch_and_claw", "major"),
                    ("jagged_earth", "minor"), ("jagged_earth", "major")}
    assert sorted(DECKS) == sorted(CASES)


@pytest.mark.parametrize("name", sorted(DECKS))
def test_card_facts_and_verbs(name):
    c = DECKS[name]
    assert c["speed"] in ("fast", "slow") and c["cost"] >= 0
    assert c["target"]["do"] in ("target_land", "target_spirit")
    for step in steps_of(pw.card_effect(name)):
        assert step["do"] in fx.VERBS, step


def test_sea_monsters_targets_a_coastal_land_or_a_wetland_only():
    state = position(pres={"A6": 1})  # in range: A1 (coastal), A5 (wetland), A6, A8
    fx.push(state, pw.card_effect("Sea Monsters"), {"seat": 0})
    assert sorted(fx.run(state).options) == ["A1", "A5"]


def test_sweep_into_the_sea_pushes_only_towards_the_coast():
    state = position(at={"A5": {"explorer": 1}})  # A5 is 1 land from the coast (A1, B3)
    fx.push(state, pw.card_effect("Sweep into the Sea"), {"seat": 0})
    fx.run(state)
    fx.answer(state, "A5")
    assert sorted(t for _, t in fx.answer(state, 0).options) == ["A1", "B3"]


def test_carapaced_land_reaches_1_further_only_to_beasts():
    state = position(at={"A6": {"beasts": 1}})
    fx.push(state, pw.card_effect("Carapaced Land"), {"seat": 0})
    assert sorted(fx.run(state).options) == ["A5", "A6"]


@pytest.mark.parametrize(("card", "blight"), [(None, 1), ("Mesmerized Tranquility", 0)])
def test_mesmerized_tranquility_each_invader_deals_1_less(card, blight):
    state = position(at={"A5": {"town": 1, "explorer": 1}})
    if card:
        play(state, card)
    inv.ravage(state, "A5")  # 3 damage, or 1 + 0
    assert state["lands"]["A5"]["blight"] == blight


def test_trees_radiate_targets_a_jungle_or_a_land_without_blight():
    state = position(at={"A6": {"blight": 1}, "A8": {"blight": 1}, "A1": {"blight": 1}})
    fx.push(state, pw.card_effect("Trees Radiate Celestial Brilliance"), {"seat": 0})
    assert "A8" in fx.run(state).options and not {"A1", "A6"} & set(fx.pending(state).options)


@pytest.mark.parametrize("name", sorted(n for n, c in DECKS.items() if c["target"].get("only_self")))
def test_a_yourself_power_asks_no_target(name):
    state = position()
    fx.push(state, [pw.CARDS[name]["target"], {"do": "energy", "n": 1, "to": "spirit"}],
            {"seat": 1, "source": name})
    assert fx.run(state) is None and [s["energy"] for s in state["seats"]] == [0, 1]


def test_draw_towards_a_consuming_void_repeats_for_three_forgotten_cards():
    state = position(at={"A6": {"city": 2}, "A1": {"city": 2}},
                     played=(["Draw Towards a Consuming Void"], []))
    row = state["seats"][0]
    row["discard"] = ["Fire in the Sky", "Sea Monsters"]
    unique = row["hand"][0]
    play(state, "Draw Towards a Consuming Void", ["yes", "Sea Monsters", unique])
    # each time: 1 city gathered from each neighbour with one, 15 damage
    assert n(state, "A5", "city") == 0 and n(state, "A6", "city") == 0 and n(state, "A1", "city") == 0
    assert state["fear"]["earned"] == 4 + 4 + 4 * 2
    assert unique not in row["hand"] and row["discard"] == []
    assert n(state, "A5", "presence") == 0  # 1 destroyed each time


def test_draw_towards_a_consuming_void_no_repeat_with_another_card_in_play():
    state = position(played=(["Draw Towards a Consuming Void", "Fire in the Sky"], []))
    state["seats"][0]["discard"] = ["Fire in the Sky", "Sea Monsters"]
    play(state, "Draw Towards a Consuming Void")  # no question


def destroy_in(state, land, kind):
    fx.push(state, [{"do": "destroy", "n": 1, "kinds": [kind]}], {"seat": 0, "land": land})
    assert fx.run(state) is None


def test_portents_of_disaster_1_fear_the_next_time_only():
    state = position(at={"A6": {"explorer": 3}, "A1": {"explorer": 1}})
    play(state, "Portents of Disaster", ["A6"])
    destroy_in(state, "A1", "explorer")  # another land
    assert state["fear"]["earned"] == 2
    destroy_in(state, "A6", "explorer")
    destroy_in(state, "A6", "explorer")
    assert state["fear"]["earned"] == 3


def test_blood_draws_predators_after_the_next_destruction():
    state = position(at={"A6": {"town": 2, "beasts": 1}})
    play(state, "Blood Draws Predators", ["A6"])
    destroy_in(state, "A6", "town")  # then 1 beasts more, 2 damage: the other town
    assert n(state, "A6", "beasts") == 2 and n(state, "A6", "town") == 0
    assert state["fear"]["earned"] == 2


@pytest.mark.parametrize(("card", "left"), [(False, 1), (True, 3)])
def test_birds_cry_warning_spares_2_dahan_the_next_time(card, left):
    state = position(at={"A6": {"dahan": 3, "town": 2}})  # the ravage: 4 damage, 2 dahan
    if card:
        play(state, "Birds Cry Warning", [0])
    inv.ravage(state, "A6")
    assert n(state, "A6", "dahan") == left
    if card:  # only the next time
        state["lands"]["A6"]["town"] = [0, 0]
        inv.ravage(state, "A6")
        assert n(state, "A6", "dahan") == 1


def test_instruments_of_their_own_ruin_threshold_turns_the_ravage_outwards():
    state = position(at={"A6": {"town": 1, "explorer": 1, "dahan": 2}, "A1": {"city": 1}, "A8": {"explorer": 1}},
                     el={"sun": 4, "fire": 2, "animal": 2})
    play(state, "Instruments of their own Ruin", ["A6"])
    assert n(state, "A6", "strife") == 0
    inv.ravage(state, "A6")  # 3 damage: not to A6 nor its dahan, who do not fight back
    assert n(state, "A6", "blight") == 0 and n(state, "A6", "dahan") == 2 and n(state, "A6", "town") == 1
    ask = fx.run(state)
    assert sorted(map(tuple, ask.options)) == [("city", "A1"), ("explorer", "A8")]
    for _ in range(3):
        ask = fx.answer(state, ["city", "A1"])
    assert ask is None and n(state, "A1", "city") == 0 and n(state, "A8", "explorer") == 1


@pytest.mark.parametrize(("spent", "city"), [(True, 1), (False, 0)])
def test_call_to_trade_the_skipped_ravage_builds_instead(spent, city):
    state = position(at={"A6": {"dahan": 1}, "A1": {"town": 1}})
    play(state, "Call to Trade")
    if spent:  # the Ravage Step reaches A6: the skip is spent
        assert tok.use_skip(state, "A6", "ravage")
    hooks.fire(state, "after_ravage_step")
    assert n(state, "A6", "city") == city and n(state, "A6", "town") == 1


def test_scream_disease_into_the_wind_once_after_a_power_on_a_land():
    state = position()
    play(state, "Scream Disease Into The Wind")  # River, the only other spirit
    for answers, disease in ((["B6", 1, "yes"], 1), (["B6", 1], 1)):
        fx.push(state, pw.card_effect("Animated Wrackroot"), {"seat": 1, "source": "Animated Wrackroot"})
        ask = fx.run(state)
        for a in answers:
            ask = fx.answer(state, a)
        assert ask is None and n(state, "B6", "disease") == disease and n(state, "B6", "wilds") >= 1


def test_spur_on_with_words_of_fire_plays_another_card_now():
    state = position()
    river = state["seats"][1]
    river.update(energy=1, powers=[], elements={})
    hand = list(river["hand"])
    play(state, "Spur on with Words of Fire", [1, "Flash Floods"])  # costs 2: the 1 + 1 gained
    assert river["energy"] == 0 and "Flash Floods" in river["played"] and river["powers"] == ["Flash Floods"]
    assert river["elements"] == {"sun": 1, "water": 1} and "Flash Floods" not in river["hand"]
    assert len(hand) == len(river["hand"]) + 1


def test_infestation_of_venomous_spiders_4_damage_after_each_skip():
    state = position(at={"A6": {"explorer": 1, "town": 1, "city": 1}},
                     el={"air": 2, "earth": 2, "animal": 3})
    play(state, "Infestation of Venomous Spiders")  # 1 beasts: 1 fear, 1 skip
    hooks.fire(state, "after_build", built={})
    assert fx.run(state) is None and n(state, "A6", "city") == 1  # the skip is not spent yet
    assert tok.use_skip(state, "A6", "build")  # the Build there is skipped
    hooks.fire(state, "after_build", built={})
    answers = ["city", "city", "city", "explorer"]
    ask = fx.run(state)
    while ask is not None:
        ask = fx.answer(state, answers.pop(0))
    assert answers == [] and n(state, "A6", "city") == 0 and n(state, "A6", "explorer") == 0
    assert state["fear"]["earned"] == 1 + 2
