"""Whole invader games on the real setup: the invariants hold turn after turn."""

import json
import random

import pytest

from rules.spirit_island import actions as act
from rules.spirit_island import invaders as inv
from rules.spirit_island import tokens as tok
from rules.spirit_island.pieces import INVADERS, LAND_TOKENS, add, count
from rules.spirit_island.state import new_state

LAYOUTS = [["A"], ["B", "C"], ["D", "E", "F"], ["A", "C", "D", "F"]]


def island_blight(state):
    return sum(land["blight"] for land in state["lands"].values())


@pytest.mark.parametrize("seed", range(12))
def test_invaders_alone_run_the_deck_out_or_blight_the_island(seed):
    state = new_state(LAYOUTS[seed % 4], seed)
    inv.initial_explore(state)
    turns = 0
    while "lost" not in state:
        before = island_blight(state)
        pool_side = state["blight_card"]["side"]
        pool = state["blight_card"]["pool"]
        log = inv.invader_steps(state)
        added = sum(len(r["blight"]) for r in log["ravage"])
        assert island_blight(state) - before == added
        if state["blight_card"]["side"] == pool_side and "lost" not in state:
            assert pool - state["blight_card"]["pool"] == added  # every blight came off the card
        act.time_passes(state)
        for land in state["lands"].values():
            for kind in ("explorer", "town", "city", "dahan"):
                assert all(d == 0 for d in land[kind])
        assert json.loads(json.dumps(state)) == state
        turns += 1
    # with no spirits the island falls: by blight, or at the latest when the deck runs out
    assert state["lost"] in ("blight", "time") and turns <= 12


# --- with tokens and this-turn markers -----------------------------------------------------

LAND_COUNTS = ("blight", *LAND_TOKENS)


def check_pieces(state):
    """No count below zero; every invader's strife list matches its pieces."""
    for land in state["lands"].values():
        for kind in LAND_COUNTS:
            assert land[kind] >= 0
        for kind in INVADERS:
            assert len(land["strife"][kind]) == len(land[kind])
            assert all(s >= 0 for s in land["strife"][kind])
        assert all(n > 0 for n in land["presence"].values())


def stir(state, rnd):
    """What spirits and events might do before the Invader phase: tokens and markers."""
    names = list(state["lands"])
    for _ in range(3):
        name = rnd.choice(names)
        roll = rnd.randrange(8)
        if roll == 0 and tok.strife_options(state, name):
            tok.add_strife(state, name, *rnd.choice(tok.strife_options(state, name)))
        elif roll == 1:
            tok.add_skip(state, name, rnd.choice(tok.SKIP_ACTIONS))
        elif roll == 2:
            tok.isolate(state, name)
        elif roll == 3:
            tok.add_defend(state, name, rnd.randrange(1, 4))
        elif roll == 4:
            tok.add_save(state, name, "dahan", 1)
        else:
            add(state["lands"][name], rnd.choice(LAND_TOKENS))
    source = rnd.choice(names)
    kinds = [k for k in (*INVADERS, "dahan", *LAND_TOKENS) if count(state["lands"][source], k)]
    if kinds:
        kind = rnd.choice(kinds)
        targets = act.push_options(state, source, kind)
        if targets:
            act.push(state, source, [(kind, rnd.choice(targets))])


@pytest.mark.parametrize("seed", range(12))
def test_tokens_and_markers_keep_the_invariants_through_whole_games(seed):
    rnd = random.Random(seed)
    state = new_state(LAYOUTS[seed % 4], seed)
    tok.setup_tokens(state)
    inv.initial_explore(state)
    while "lost" not in state:
        stir(state, rnd)
        check_pieces(state)
        before = {k: tok.token_count(state, k) for k in ("strife", *LAND_TOKENS)}
        blight = island_blight(state)
        log = inv.invader_steps(state)
        check_pieces(state)
        after = {k: tok.token_count(state, k) for k in ("strife", *LAND_TOKENS)}
        # beasts and badlands are untouched by the Invaders; wilds and disease go only
        # when they stop an explore or a build; strife only wears off or leaves with its piece
        assert after["beasts"] == before["beasts"] and after["badlands"] == before["badlands"]
        for token in ("wilds", "disease"):
            spent = sum(1 for s in log["stopped"] if s["by"] == token)
            assert before[token] - after[token] == spent
        assert after["strife"] <= before["strife"]
        assert island_blight(state) - blight == sum(len(r["blight"]) for r in log["ravage"])
        act.time_passes(state)
        assert state["turn_marks"] == {}
        for land in state["lands"].values():
            for kind in ("explorer", "town", "city", "dahan"):
                assert all(d == 0 for d in land[kind])
        assert json.loads(json.dumps(state)) == state
    assert state["lost"] in ("blight", "time")
