"""A bot process's storage side, for the tests of several processes on one PostgreSQL database.

python pg_worker.py DSN GAME_ID click TARGET USER_ID  # click until the game reaches TARGET
python pg_worker.py DSN GAME_ID ack USER_ID           # append forever, printing each ack
python pg_worker.py DSN 0 claim NOW_ISO               # claim due timers until none is left
python pg_worker.py DSN 0 claim-and-die NOW_ISO       # claim them once, then SIGKILL itself

Each prints "ready" once its store is open and starts on the line "go" from stdin, so the
test starts both workers of a race at the same moment. `click` reads the game, answers the
decision at that version, and on a VersionConflict (the other process answered first)
reads again; it prints how many of its clicks applied and how many were refused.
"""

from __future__ import annotations

import asyncio
import os
import signal
import sys
from datetime import datetime, timedelta

from storage import VersionConflict
from storage.postgres import open_postgres_store


def step(version: int) -> dict:
    return {"type": "step", "n": version + 1}


async def click(dsn: str, game_id: int, target: int, user_id: int) -> None:
    store = await open_postgres_store(dsn)
    print("ready", flush=True)
    sys.stdin.readline()
    applied = refused = 0
    while (game := await store.get_game(game_id)).version < target:
        try:
            await store.append_action(
                game_id,
                expected_version=game.version,
                seat=0,
                action=step(game.version),
                snapshot={"v": game.version + 1},
                user_id=user_id,
                interaction_id=user_id * 1_000_000 + game.version,  # one click per decision
            )
            applied += 1
        except VersionConflict:
            refused += 1
    await store.close()
    print(applied, refused, flush=True)


async def ack(dsn: str, game_id: int, user_id: int) -> None:
    """Append moves until killed; a version is printed only once its append returned (the
    bot acknowledges a move to Discord after that)."""
    store = await open_postgres_store(dsn)
    print("ready", flush=True)
    sys.stdin.readline()
    version = (await store.get_game(game_id)).version
    while True:
        await store.append_action(
            game_id,
            expected_version=version,
            seat=0,
            action=step(version),
            snapshot={"v": version + 1, "pad": "p" * 5000},
            user_id=user_id,
        )
        version += 1
        print(version, flush=True)


async def claim(dsn: str, now: datetime, die: bool) -> None:
    """Claim the timers due at `now` (a one-hour lease), as ticks do, printing each claimed
    (game, kind), until a claim finds none; or die by SIGKILL right after the first claim,
    before handling any of them."""
    store = await open_postgres_store(dsn)
    print("ready", flush=True)
    sys.stdin.readline()
    while timers := await store.claim_due_schedules(now, timedelta(hours=1)):
        for timer in timers:
            print(timer.game_id, timer.kind, flush=True)
        if die:
            os.kill(os.getpid(), signal.SIGKILL)
        await asyncio.sleep(0)
    await store.close()


if __name__ == "__main__":
    dsn, game_id, mode, *rest = sys.argv[1:]
    if mode == "click":
        asyncio.run(click(dsn, int(game_id), int(rest[0]), int(rest[1])))
    elif mode in ("claim", "claim-and-die"):
        asyncio.run(claim(dsn, datetime.fromisoformat(rest[0]), die=mode == "claim-and-die"))
    elif mode == "ack":
        asyncio.run(ack(dsn, int(game_id), int(rest[0])))
    else:
        raise SystemExit(f"unknown mode {mode}")
