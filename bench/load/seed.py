"""10,000 stored games before the load starts, written through the Store interface (not
through Discord): finished example games with their whole action log and their result.

A few dozen distinct games are played out by the engine with random choices and each is
stored many times under other guilds, channels and members, so the rows are realistic in
size (30 actions and a snapshot per game) while the engine work stays small.
"""

from __future__ import annotations

import asyncio
import random
import time
from typing import Any

import rules
from storage.base import SeatResult, Store

GAME = "example"
OPTIONS = {"rounds": 5}
SEATS = 3
DISTINCT = 40  # distinct playouts, each stored ~250 times
GUILDS = 500  # the stored games' (made-up) servers
MEMBERS = 3000  # the stored games' (made-up) players
ID_BASE = 10**15  # made-up ids, far from the stand-in's snowflakes
CONCURRENCY = 8  # games written at once (a pool uses them; SQLite serialises them)


def playout(seed: int) -> tuple[dict[str, Any], list[tuple[int, dict[str, Any]]], dict[str, Any]]:
    """(set-up state, [(seat, action)], final state) of one random whole game."""
    engine = rules.get_engine(GAME)
    rng = random.Random(seed)
    start = state = engine.setup(OPTIONS, SEATS, seed)
    moves = []
    while decisions := engine.decisions(state):
        decision = rng.choice(decisions)
        action = rng.choice(decision.choices).action
        state, _ = engine.apply(state, decision.seat, action)
        moves.append((decision.seat, action))
    return start, moves, state


async def seed_games(store: Store, count: int, *, seed: int = 1) -> float:
    """Store `count` finished games; returns the seconds it took."""
    engine = rules.get_engine(GAME)
    games = [playout(seed * 1000 + i) for i in range(DISTINCT)]
    results = [engine.result(final) for _, _, final in games]
    rng = random.Random(seed)
    began = time.monotonic()
    queue = iter(range(count))

    async def worker() -> None:
        for n in queue:
            start, moves, final = games[n % DISTINCT]
            result = results[n % DISTINCT]
            guild = ID_BASE + rng.randrange(GUILDS)
            seats = [ID_BASE + 10**6 + m for m in rng.sample(range(MEMBERS), SEATS)]
            record = await store.create_game(
                GAME, guild_id=guild, channel_id=guild + 1, host_id=seats[0], lang="en",
                options=OPTIONS, thread_id=ID_BASE + 10**9 + n)
            await store.update_lobby(record.id, seats=seats)
            await store.start_game(
                record.id, seed=seed * 1000 + n % DISTINCT, seats=seats, snapshot=start,
                log=[(seat, action, seats[seat]) for seat, action in moves],
                final=final, final_status="finished")
            await store.record_result(record.id, [
                SeatResult(seat=s.seat, user_id=seats[s.seat], rank=s.rank, score=s.total)
                for s in result.scores])

    await asyncio.gather(*(worker() for _ in range(CONCURRENCY)))
    return time.monotonic() - began
