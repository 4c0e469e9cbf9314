"""Durability: restart keeps everything; a crash mid-append leaves all or nothing; two
processes appending to one game lose nothing."""

from __future__ import annotations

import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest

from storage import MessageRef, open_store

from .conftest import ALICE, FakeClock, running_game, snap
from .crash_worker import CRASH_CODE
from .test_actions import append, assert_consistent

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("crash_worker.py")


def worker(*args: object) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.Popen(
        [sys.executable, str(WORKER), *map(str, args)],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


async def test_restart_keeps_everything(db_path: Path, clock: FakeClock) -> None:
    store = await open_store(db_path, clock=clock)
    game = await running_game(store)
    for v in range(3):
        clock.advance(minutes=1)
        await append(store, game.id, v, interaction_id=10 + v, user_id=ALICE)
    await store.update_settings(game.id, {"reminder_hours": 24})
    await store.set_schedule(game.id, "deadline", clock.now + timedelta(days=1), {"seat": 0})
    ref = MessageRef(game_id=game.id, channel_id=5, message_id=9, kind="board")
    await store.record_message(ref)
    await store.set_user(ALICE, locale="ko")
    before = (
        await store.get_game(game.id),
        await store.actions(game.id),
        await store.schedules(game.id),
    )
    await store.close()

    store = await open_store(db_path, clock=clock)
    try:
        after = (
            await store.get_game(game.id),
            await store.actions(game.id),
            await store.schedules(game.id),
        )
        assert after == before
        assert await store.messages(game.id) == [ref]
        assert await store.get_user(ALICE) == {"locale": "ko"}
        assert await store.seen_interaction(12)
        await append(store, game.id, 3)  # the game goes on where it was
        await assert_consistent(store, game.id)
    finally:
        await store.close()


@pytest.mark.parametrize(
    "crash_before",
    [
        "INSERT INTO actions",  # version bumped and snapshot written, no log row yet
        "INSERT INTO interactions",  # log row written too, interaction not recorded
        "COMMIT",  # every write done, the commit never happens
    ],
)
async def test_process_killed_mid_append_leaves_nothing(db_path: Path, crash_before: str) -> None:
    store = await open_store(db_path)
    game = await running_game(store)
    await append(store, game.id, 0)
    await append(store, game.id, 1)
    await store.close()

    proc = worker(db_path, game.id, "exit-at", crash_before)
    out, err = proc.communicate(timeout=60)
    assert proc.returncode == CRASH_CODE, err
    wal = Path(f"{db_path}-wal")
    # The dying process left uncommitted pages on disk, which recovery must ignore.
    assert wal.exists() and wal.stat().st_size > 100_000

    store = await open_store(db_path)
    try:
        game = await store.get_game(game.id)
        assert (game.version, game.snapshot) == (2, snap(2))
        await assert_consistent(store, game.id)
        assert not await store.seen_interaction(31337)
        # No lock or half-written row is left behind: the retried click applies.
        await append(store, game.id, 2, interaction_id=31337)
        await assert_consistent(store, game.id)
    finally:
        await store.close()


async def test_two_processes_appending_lose_nothing(db_path: Path) -> None:
    store = await open_store(db_path)
    game = await running_game(store)
    await store.close()

    count = 60
    procs = [worker(db_path, game.id, "race", count, user) for user in (501, 502)]
    results = [p.communicate(timeout=120) for p in procs]
    for proc, (_out, err) in zip(procs, results, strict=True):
        assert proc.returncode == 0, err

    store = await open_store(db_path)
    try:
        game = await store.get_game(game.id)
        assert game.version == 2 * count
        assert game.snapshot is not None and game.snapshot["v"] == game.version
        log = await store.actions(game.id)
        assert [a.version for a in log] == list(range(1, 2 * count + 1))
        assert [a.action["n"] for a in log] == [a.version for a in log]
        assert sorted(a.user_id for a in log) == [501] * count + [502] * count
    finally:
        await store.close()
