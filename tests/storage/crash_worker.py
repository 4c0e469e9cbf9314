"""A separate process for the storage tests: crashes mid-transaction, or races another writer.

python crash_worker.py DB GAME_ID exit-at "INSERT INTO actions"   # die before that statement
python crash_worker.py DB GAME_ID race COUNT USER_ID             # append COUNT actions
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path

import aiosqlite

from storage import VersionConflict, open_store

CRASH_CODE = 3
PAD = 200_000  # large enough that SQLite spills uncommitted pages into the WAL file


def die_before(prefix: str) -> None:
    """Make the process vanish, like a kill -9, just before the store runs `prefix...`."""
    original = aiosqlite.Connection.execute

    def execute(self, sql, parameters=None):
        if sql.startswith(prefix):
            os._exit(CRASH_CODE)
        return original(self, sql, parameters)

    aiosqlite.Connection.execute = execute


def wait_for_partner(db: str) -> None:
    Path(f"{db}.ready.{os.getpid()}").touch()
    deadline = time.monotonic() + 20
    while len(list(Path(db).parent.glob(Path(db).name + ".ready.*"))) < 2:
        if time.monotonic() > deadline:
            raise SystemExit("partner never started")
        time.sleep(0.005)


async def crash(db: str, game_id: int, prefix: str) -> None:
    store = await open_store(db)
    assert store._db is not None
    await store._db.execute("PRAGMA cache_size = 10")
    game = await store.get_game(game_id)
    die_before(prefix)
    v = game.version + 1
    await store.append_action(
        game_id,
        expected_version=game.version,
        seat=0,
        action={"type": "step", "n": v},
        snapshot={"v": v, "pad": "y" * PAD},
        interaction_id=31337,
    )
    raise SystemExit("the append finished: the crash point was never reached")


async def race(db: str, game_id: int, count: int, user_id: int) -> None:
    store = await open_store(db)
    wait_for_partner(db)
    conflicts = done = 0
    while done < count:
        game = await store.get_game(game_id)
        v = game.version + 1
        try:
            await store.append_action(
                game_id,
                expected_version=game.version,
                seat=0,
                action={"type": "step", "n": v},
                snapshot={"v": v, "pad": "z" * 2000},
                user_id=user_id,
            )
            done += 1
        except VersionConflict:
            conflicts += 1
    await store.close()
    print(conflicts)


if __name__ == "__main__":
    db, game_id, mode, *rest = sys.argv[1:]
    if mode == "exit-at":
        asyncio.run(crash(db, int(game_id), rest[0]))
    elif mode == "race":
        asyncio.run(race(db, int(game_id), int(rest[0]), int(rest[1])))
    else:
        raise SystemExit(f"unknown mode {mode}")
