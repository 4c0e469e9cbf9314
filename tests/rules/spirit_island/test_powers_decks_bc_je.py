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
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island import tokens as tok
from tests.rules.spirit_island.test_spirits import LIGHTNING, RIVER, game, steps_of

DECKS = {n: c for n, c in pw.CARDS.items() if c["set"] in ("branch_and_claw", "jagged_earth")
         and c["deck"] in ("minor", "major")}


def position(at=None, pres=None, el=None, energy=0):
    state = game(LIGHTNING, RIVER, boards="AB", clear=True)
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
    left = list(answers)
    ask = fx.run(state)
    while ask is not None:
        assert left, f"unexpected question {ask}"
        ask = fx.answer(state, left.pop(0))
    assert not left, f"answers not used: {left}"


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
         {"A6": {"dahan": 2, "town": 1}, "marks": {"A6": {"skip": ["ravage"]}}})],
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
    "Spur on with Words of Fire": [({}, [1], {"energy": [0, 1]}), ({}, [0], {"energy": [0, 0]})],
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
