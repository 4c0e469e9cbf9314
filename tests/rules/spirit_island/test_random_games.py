"""Whole random games (1-4 spirits, random adversaries and levels) end in a win or a loss,
and hold their invariants (checks.py) at every step; replaying the log rebuilds the same state.

A few seconds: 16 games here; `python -m rules.spirit_island random-game --games 500` and
the bench play many more.
"""

import pytest

from rules.core import Rng, dump_state, replay
from rules.spirit_island import SpiritIsland
from rules.spirit_island import adversaries as adv
from rules.spirit_island.checks import problems
from rules.spirit_island.engine import ADVERSARIES
from tests.rules.spirit_island.helpers import play_at_random

ENGINE = SpiritIsland()
GAMES = 16


def options_for(game: int) -> dict:
    """Every third game without an adversary; the others pick one and a level at random."""
    rng = Rng(game)
    options: dict = {"events": game % 4 != 1}
    if game % 3:
        ids = [i for i, name in ADVERSARIES.items() if name in adv.ADVERSARIES]
        options.update(adversary=rng.choice(ids), level=rng.below(7))
    return options


def play(game: int):
    seats = 1 + game % 4
    options = options_for(game)
    state = ENGINE.setup(options, seats, game)
    rng = Rng(1000 + game)
    state, log = play_at_random(ENGINE, state, rng, problems)
    return seats, options, state, log


@pytest.mark.parametrize("game", range(GAMES))
def test_a_random_game_ends_and_replays(game):
    seats, options, state, log = play(game)
    assert state["outcome"] in ("win", "sacrifice") or state["outcome"].startswith("loss:")
    assert ENGINE.decisions(state) == []
    assert dump_state(replay(ENGINE, options, seats, game, log)) == dump_state(state)


def test_the_checks_find_what_is_wrong():
    before = ENGINE.setup({"events": False}, 1, seed=3)
    after = ENGINE.setup({"events": False}, 1, seed=3)
    assert problems(before, after) == []
    land = next(iter(after["lands"].values()))
    land["town"] = [2]  # a town with damage equal to its health should be gone
    after["fear"]["earned"] += 1  # fear from nowhere
    land["blight"] += 1  # blight not from the card
    found = problems(before, after)
    assert len(found) == 3 and "town" in found[0] and found[1].startswith("fear")


def test_the_command_line_plays_a_game_and_replays_its_log(tmp_path, capsys):
    from rules.spirit_island.__main__ import main, play_random, summary

    assert main(["random-game", "--players", "2", "--seed", "5"]) == 0
    log = capsys.readouterr().out
    lines = log.splitlines()
    state, moves = play_random(2, 5, {"events": True})
    assert lines[0].startswith("# spirit_island") and lines[-1] == f"# {state['outcome']}"
    assert len(lines) == len(moves) + 2
    path = tmp_path / "game.txt"
    path.write_text(log, encoding="utf-8")
    assert main(["replay", str(path)]) == 0
    assert capsys.readouterr().out.strip() == summary(state)
    assert main(["replay", str(path), "--json"]) == 0
    assert capsys.readouterr().out.strip() == dump_state(state)


# --- the greedy player (policy.py) ------------------------------------------------------------------


def test_the_greedy_player_takes_the_choice_that_leaves_fewer_invaders():
    from types import SimpleNamespace

    from rules.spirit_island import policy

    state = ENGINE.setup({"events": False}, 1, seed=3)
    land = next(n for n, row in state["lands"].items() if row["town"])
    cleared = {**state, "lands": {**state["lands"], land: {**state["lands"][land], "town": []}}}
    actions = [{"type": "target_land", "option": "X"}, {"type": "target_land", "option": land}]
    results = {"X": state, land: cleared}

    class Stub:  # apply without rules: each choice's position is given
        def apply(self, state, seat, action):
            return results[action["option"]], []

    decision = SimpleNamespace(seat=0, choices=[SimpleNamespace(action=a) for a in actions])
    assert policy.score(cleared) > policy.score(state)
    for seed in range(5):
        assert policy.choose(Stub(), state, [decision], Rng(seed), "greedy") == (0, actions[1])
    picks = {policy.choose(Stub(), state, [decision], Rng(s), "random")[1]["option"]
             for s in range(20)}
    assert picks == {"X", land}  # the plain random player stays blind


def test_the_greedy_player_ends_a_cascade_in_a_land_without_blight():
    from rules.spirit_island import policy

    state = ENGINE.setup({"events": False}, 1, seed=3)
    state["lands"]["A4"]["blight"], state["lands"]["A5"]["blight"] = 1, 0
    assert policy._prior(state, 0, "cascade", "A5") > policy._prior(state, 0, "cascade", "A4")


def test_a_greedy_game_ends_with_its_invariants():
    from rules.spirit_island.__main__ import play_random

    broken: list[str] = []
    state, log = play_random(1, 2, {"events": True}, check=broken, policy="greedy")
    assert state["outcome"] and broken == [] and log
