"""Citadels: engine apply, a full random 6-player game, the pictures, one move's round trip
(apply + persist + render) through the table service on SQLite.

Pictures are measured three ways: one late-game view drawn again and again (what stays the
same is kept: glyphs, layout, seat panels); the same with nothing kept, each time from
scratch; and every picture of a whole game drawn once each, in order (the table at each
change of acting seat, which is more often than the bot sends it, and each seat's hand when
it changed), which is what a table waits for."""

from __future__ import annotations

import asyncio
import tempfile
import time
from pathlib import Path

from bench.runner import Measure, timeit
from render import render_private, render_table
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
        target_ms=60,
        extra=f"PNG {size / 1024:.0f} KiB (target < 1024 KiB)",
    )


def _forget_everything() -> None:
    from render.citadels.canvas import forget_strips
    from render.citadels.pen import fit, glyphs, width

    forget_strips()
    for cache in (glyphs, fit, width):  # fonts stay loaded, as they do in the bot
        cache.cache_clear()


def bench_picture_cold(seats: int) -> Measure:
    view = _table_view(seats, 3)
    names = {i: f"Player {i + 1}" for i in range(seats)}

    def cold() -> None:
        _forget_everything()
        render_table("citadels", view, "ko", names)

    times = timeit(cold, repeat=15)
    return Measure(f"table picture, {seats} players, nothing kept", times, target_ms=60)


def _game_views(seats: int, seed: int) -> tuple[list[dict], list[dict]]:
    """A random game's public views at each change of acting seat, and its seats' own views
    each time their hand or characters changed."""
    state, rng = ENGINE.setup({}, seats, seed), Rng(seed)
    tables: list[dict] = []
    hands: list[dict] = []
    last_seat, last_hand = None, {}
    while ENGINE.result(state) is None:
        decision = rng.choice([d for d in ENGINE.decisions(state) if d.choices])
        state, _ = ENGINE.apply(state, decision.seat, rng.choice(decision.choices).action)
        view = ENGINE.view(state, None)
        acting = (view.get("current") or {}).get("seat")
        if acting != last_seat:
            tables.append(view)
            last_seat = acting
        own = ENGINE.view(state, decision.seat)
        mine = (own["me"]["hand"], own["me"]["characters"], own["me"].get("drawn"))
        if mine != last_hand.get(decision.seat):
            hands.append(own)
            last_hand[decision.seat] = mine
    tables.append(ENGINE.view(state, None))
    return tables, hands


def _each_once(draw, views: list[dict]) -> tuple[list[float], int]:
    times, total = [], 0
    for view in views:
        t0 = time.perf_counter()
        total += len(draw(view))
        times.append((time.perf_counter() - t0) * 1000)
    return times, total


def bench_game_pictures(seats: int) -> list[Measure]:
    """Every table and hand picture of one game, each drawn once (ko and en seats alternate)."""
    tables, hands = _game_views(seats, 7)
    names = {i: f"Player {i + 1}" for i in range(seats)}

    def lang(view: dict) -> str:
        return "ko" if (view.get("viewer") or 0) % 2 == 0 else "en"

    table_times, table_bytes = _each_once(
        lambda v: render_table("citadels", v, "ko", names), tables
    )
    hand_times, hand_bytes = _each_once(
        lambda v: render_private("citadels", v, lang(v), names), hands
    )
    return [
        Measure(
            f"game's table pictures, {seats} players",
            table_times,
            target_ms=60,
            extra=f"{len(tables)} pictures, {table_bytes / 2**20:.2f} MB",
        ),
        Measure(
            f"game's hand pictures, {seats} players",
            hand_times,
            target_ms=60,
            extra=f"{len(hands)} pictures, {hand_bytes / 2**20:.2f} MB",
        ),
    ]


def bench_hand() -> Measure:
    _, hands = _game_views(4, 3)
    view = max(hands, key=lambda v: len(v["me"]["hand"]) + 2 * len(v["me"]["characters"]))
    size = len(render_private("citadels", view, "ko", None))
    times = timeit(lambda: render_private("citadels", view, "ko", None), repeat=25)
    return Measure(
        "hand picture, fullest hand of a game (ko)",
        times,
        target_ms=60,
        extra=f"PNG {size / 1024:.0f} KiB",
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
        bench_picture_cold(8),
        bench_hand(),
        *bench_game_pictures(4),
        *bench_game_pictures(8),
        bench_round_trip(),
    ]
