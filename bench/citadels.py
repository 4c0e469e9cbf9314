"""Citadels: engine apply, a full random 6-player game, the table picture, one move's
round trip (apply + persist + render) through the table service on SQLite."""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from bench.runner import Measure, timeit
from render import render_table
from rules import get_engine
from rules.core import Rng, random_playout

ENGINE = get_engine("citadels")


def _midgame_states(count: int) -> list[tuple[dict, int, dict]]:
    """(state, seat, action) triples sampled along random 6-player games."""
    samples: list[tuple[dict, int, dict]] = []
    seed = 0
    while len(samples) < count:
        state, rng = ENGINE.setup({}, 6, seed), Rng(seed)
        while ENGINE.result(state) is None and len(samples) < count:
            decision = rng.choice([d for d in ENGINE.decisions(state) if d.choices])
            choice = rng.choice(decision.choices)
            samples.append((state, decision.seat, choice.action))
            state, _ = ENGINE.apply(state, decision.seat, choice.action)
        seed += 1
    return samples


def bench_apply() -> Measure:
    samples = _midgame_states(2000)
    times = []
    for state, seat, action in samples:
        t0 = time.perf_counter()
        ENGINE.apply(state, seat, action)
        times.append((time.perf_counter() - t0) * 1000)
    return Measure("engine apply (6 players, sampled moves)", times, target_ms=1)


def bench_full_game() -> Measure:
    seeds = iter(range(10_000))
    times = timeit(lambda: random_playout(ENGINE, {}, 6, next(seeds)), repeat=40)
    return Measure("full random 6-player game", times, target_ms=100)


def _table_view(seats: int, seed: int) -> dict:
    """A late-game public view: the game played until someone has 6 districts."""
    state = ENGINE.setup({}, seats, seed)
    rng = Rng(seed)
    while ENGINE.result(state) is None:
        view = ENGINE.view(state, None)
        if max(len(s["city"]) for s in view["seats"]) >= 6:
            return view
        decision = rng.choice([d for d in ENGINE.decisions(state) if d.choices])
        state, _ = ENGINE.apply(state, decision.seat, rng.choice(decision.choices).action)
    return ENGINE.view(state, None)


def bench_picture(seats: int) -> Measure:
    view = _table_view(seats, 3)
    names = {i: f"Player {i + 1}" for i in range(seats)}
    size = len(render_table("citadels", view, "ko", names))
    times = timeit(lambda: render_table("citadels", view, "ko", names), repeat=25)
    return Measure(
        f"table picture, {seats} players (ko)",
        times,
        target_ms=150,
        extra=f"PNG {size / 1024:.0f} KiB (target < 1024 KiB)",
    )


async def _round_trip() -> list[float]:
    from bot.table import TableService
    from storage import open_store

    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(str(Path(tmp) / "bench.sqlite3"))
        try:
            table = TableService(store)
            users = [1001 + i for i in range(6)]
            game = await table.new_game(
                "citadels", guild_id=1, channel_id=2, host_id=users[0], lang="ko"
            )
            for uid in users[1:]:
                await table.join(game.id, uid)
            await table.start(game.id, users[0])
            rng = Rng(5)
            times: list[float] = []
            while len(times) < 150:
                prompts = [p for p in await table.open_prompts(game.id) if p.decision.choices]
                if not prompts:
                    break
                prompt = rng.choice(prompts)
                choice = rng.choice(prompt.decision.choices)
                t0 = time.perf_counter()
                outcome = await table.act(
                    game.id, prompt.user_id, choice.action, decision_key=prompt.decision.key
                )
                view = await table.view(game.id, None)
                render_table("citadels", view, "ko", None)
                times.append((time.perf_counter() - t0) * 1000)
                if outcome.finished:
                    break
            return times
        finally:
            await store.close()


def bench_round_trip() -> Measure:
    times = asyncio.run(_round_trip())
    return Measure("move round trip: apply + persist + render", times, target_ms=250)


def main() -> list[Measure]:
    return [
        bench_apply(),
        bench_full_game(),
        bench_picture(4),
        bench_picture(6),
        bench_picture(8),
        bench_round_trip(),
    ]
