"""Whole invader games on the real setup: the invariants hold turn after turn."""

import json

import pytest

from rules.spirit_island import actions as act
from rules.spirit_island import invaders as inv
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
