"""Whole random games (1-4 spirits, random adversaries and levels) end in a win or a loss,
and hold their invariants at every step; replaying the log rebuilds the same state.

A few seconds: 16 games here; `python -m rules.spirit_island random-game --games 500` and
the bench play many more.
"""

import pytest

from rules.core import Rng, dump_state, replay
from rules.spirit_island import SpiritIsland
from rules.spirit_island import adversaries as adv
from rules.spirit_island.engine import ADVERSARIES
from rules.spirit_island.pieces import HEALTH, INVADERS, LAND_TOKENS

ENGINE = SpiritIsland()
GAMES = 16
DAMAGED = (*INVADERS, "dahan")


def options_for(game: int) -> dict:
    """Every third game without an adversary; the others pick one and a level at random."""
    rng = Rng(game)
    options: dict = {"events": game % 4 != 1}
    if game % 3:
        ids = [i for i, name in ADVERSARIES.items() if name in adv.ADVERSARIES]
        options.update(adversary=rng.choice(ids), level=rng.below(7))
    return options


def island_blight(state: dict) -> int:
    """Blight in the lands, and in the Oceans (Scotland's Runoff and Bilgewater)."""
    oceans = (state.get("adversary") or {}).get("ocean_blight", {})
    return sum(land["blight"] for land in state["lands"].values()) + sum(oceans.values())


def check_pieces(state: dict) -> None:
    for name, land in state["lands"].items():
        for kind in DAMAGED:
            assert all(0 <= d < HEALTH[kind] for d in land[kind]), (name, kind, land[kind])
        for kind in ("blight", *LAND_TOKENS):
            assert land.get(kind, 0) >= 0, (name, kind)
        assert all(n > 0 for n in land["presence"].values()), (name, land["presence"])
    assert state["blight_card"]["pool"] >= 0 or state.get("lost") == "blight"
    for row in state["seats"]:
        assert row["energy"] >= 0


def check_fear(state: dict) -> None:
    fear = state["fear"]
    assert fear["pool"] + fear["earned"] == fear["size"]
    assert fear["pool"] > 0 or fear["terror_level"] == 4


def play(game: int):
    seats = 1 + game % 4
    options = options_for(game)
    state = ENGINE.setup(options, seats, game)
    rng = Rng(1000 + game)
    log = []
    turn = state["turn"]
    while ENGINE.result(state) is None:
        assert len(log) < 3000, "the game does not end"
        decision = rng.choice(ENGINE.decisions(state))
        action = rng.choice(decision.choices).action
        before = state
        state, _ = ENGINE.apply(state, decision.seat, action)
        log.append((decision.seat, action))
        check_pieces(state)
        check_fear(state)
        card, old = state["blight_card"], before["blight_card"]
        if not options["events"] and (card["name"], card["side"]) == (old["name"], old["side"]):
            # blight moves between the card and the island only, until the card turns over
            assert island_blight(state) + card["pool"] == island_blight(before) + old["pool"]
        if state["turn"] > turn and state["phase"] == "spirit":
            turn = state["turn"]  # time passed: all damage healed
            assert not any(d for land in state["lands"].values() for k in DAMAGED
                           for d in land[k])
    return seats, options, state, log


@pytest.mark.parametrize("game", range(GAMES))
def test_a_random_game_ends_and_replays(game):
    seats, options, state, log = play(game)
    assert state["outcome"] in ("win", "sacrifice") or state["outcome"].startswith("loss:")
    assert ENGINE.decisions(state) == []
    assert dump_state(replay(ENGINE, options, seats, game, log)) == dump_state(state)
