"""Spirit Island (issue 12 targets: apply under 1 ms median, a whole random 4-spirit game
under 1 s): one move (apply) on states sampled from random 4-spirit games, and a whole
random 4-spirit game (random legal choices, events on, no adversary) from setup to its end."""

from __future__ import annotations

import time

from bench.runner import Measure, timeit
from rules import get_engine
from rules.core import Rng

GAME = "spirit_island"
ENGINE = get_engine(GAME)
SEATS = 4


def _sampled_moves(count: int) -> list[tuple[dict, int, dict]]:
    """(state, seat, action) along random 4-spirit games, every move, until `count`."""
    out = []
    seed = 0
    while len(out) < count:
        state = ENGINE.setup({}, SEATS, seed)
        rng = Rng(seed)
        while ENGINE.result(state) is None and len(out) < count:
            decision = rng.choice(ENGINE.decisions(state))
            action = rng.choice(decision.choices).action
            out.append((state, decision.seat, action))
            state, _ = ENGINE.apply(state, decision.seat, action)
        seed += 1
    return out


def bench_apply() -> Measure:
    times = []
    for state, seat, action in _sampled_moves(1500):
        t0 = time.perf_counter()
        ENGINE.apply(state, seat, action)
        times.append((time.perf_counter() - t0) * 1000)
    return Measure("engine apply (4 spirits, sampled moves)", times, target_ms=1)


def _playout(seed: int) -> int:
    state = ENGINE.setup({}, SEATS, seed)
    rng = Rng(seed)
    moves = 0
    while ENGINE.result(state) is None:
        decision = rng.choice(ENGINE.decisions(state))
        state, _ = ENGINE.apply(state, decision.seat, rng.choice(decision.choices).action)
        moves += 1
    return moves


def bench_full_game() -> Measure:
    seeds = iter(range(10_000))
    moves: list[int] = []
    times = timeit(lambda: moves.append(_playout(next(seeds))), repeat=30)
    mean = sum(moves) / len(moves)
    return Measure("full random 4-spirit game", times, target_ms=1000,
                   extra=f"{mean:.0f} moves a game")


def _mid_game_view() -> dict:
    """A 4-spirit (4-board) position 120 random moves in, for the pictures."""
    state = ENGINE.setup({}, SEATS, 7)
    rng = Rng(7)
    for _ in range(120):
        if ENGINE.result(state) is not None:
            break
        decision = rng.choice(ENGINE.decisions(state))
        state, _ = ENGINE.apply(state, decision.seat, rng.choice(decision.choices).action)
    return ENGINE.view(state, 0)


def bench_render() -> list[Measure]:
    """The glance (table_png), the detail (board_png) and a seat's panel, 4 boards, Korean."""
    from render import render_board, render_private, render_table

    view = _mid_game_view()
    out = []
    for label, draw, target in (("render glance (4 boards)", render_table, 250),
                                ("render detail (4 boards)", render_board, 500),
                                ("render panel (one seat)", render_private, 150)):
        size = len(draw(GAME, view, "ko"))
        times = timeit(lambda draw=draw: draw(GAME, view, "ko"), repeat=15)
        out.append(Measure(label, times, target_ms=target, extra=f"{size // 1024} KB"))
    return out


def main() -> list[Measure]:
    return [bench_apply(), bench_full_game(), *bench_render()]
