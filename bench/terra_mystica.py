"""Terra Mystica: replaying a complete 5-player game file, legal-move generation on a
mid-game state, and rendering the board picture (time and bytes)."""

from __future__ import annotations

import json
from pathlib import Path

from bench.runner import Measure, timeit
from render import render_table
from rules import get_engine
from rules.core import Rng
from rules.terra_mystica.gamefile import replay_text

ENGINE = get_engine("terra_mystica")


GAME_FILE = Path(__file__).parent / "data" / "tm_5p_game.txt"


def _game_file() -> str:
    """A fixed 5-player game (written once by `random_game(5, seed=35, pass_rate=10)`), so
    the numbers stay comparable when the engine's choice lists change."""
    return GAME_FILE.read_text()


def bench_replay(text: str) -> Measure:
    lines = sum(1 for line in text.splitlines() if line.strip())
    rep = replay_text(text)
    assert rep.error is None and rep.state["phase"] == "over", rep.error
    times = timeit(lambda: replay_text(text), repeat=30)
    return Measure(
        "replay a complete 5-player game file", times, target_ms=30, extra=f"{lines} lines"
    )


def _midgame() -> dict:
    """A 5-player state early in round 3, reached by random legal choices: of the next
    40 states, the one with the most legal choices (a full turn menu)."""
    state = ENGINE.setup({"random_factions": True}, 5, 11)
    rng = Rng(11)
    best, most, seen = state, -1, 0
    while seen < 40:
        decisions = [d for d in ENGINE.decisions(state) if d.choices]
        if state["round"] >= 3 and state["phase"] == "actions":
            seen += 1
            count = sum(len(d.choices) for d in decisions)
            if count > most:
                best, most = state, count
        decision = rng.choice(decisions)
        busy = [c for c in decision.choices if not c.text.startswith("pass")]
        choice = rng.choice(busy if busy and rng.below(10) else decision.choices)
        state, _ = ENGINE.apply(state, decision.seat, choice.action)
    return best


def bench_legal_moves() -> Measure:
    state = _midgame()
    # fresh copies: an engine may cache decisions per state object
    copies = iter([json.loads(json.dumps(state)) for _ in range(205)])
    times = timeit(lambda: ENGINE.decisions(next(copies)), repeat=200)
    count = sum(len(d.choices or []) for d in ENGINE.decisions(state))
    return Measure(
        "legal moves on a mid-game state", times, extra=f"{count} choices, round {state['round']}"
    )


def bench_picture() -> Measure:
    view = ENGINE.view(_midgame(), None)
    size = len(render_table("terra_mystica", view, "ko"))
    times = timeit(lambda: render_table("terra_mystica", view, "ko"), repeat=15)
    return Measure(
        "board picture (ko)", times, target_ms=300, extra=f"PNG {size / 1024:.0f} KiB (< 1536)"
    )


def main() -> list[Measure]:
    text = _game_file()
    return [bench_replay(text), bench_legal_moves(), bench_picture()]
