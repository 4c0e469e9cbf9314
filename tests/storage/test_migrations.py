"""Schema versions: fresh open, idempotent re-open, upgrades, refusals, pragmas."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from storage import SqliteStore, StorageError, open_store
from storage.migrations import LATEST_VERSION, MIGRATIONS, Migration
from storage.sqlite import apply_migrations

from .conftest import HOST, FakeClock, snap


def schema(path: Path) -> list[tuple]:
    with sqlite3.connect(path) as raw:
        return raw.execute("SELECT type, name, sql FROM sqlite_master ORDER BY name").fetchall()


def versions(path: Path) -> list[tuple]:
    with sqlite3.connect(path) as raw:
        return raw.execute("SELECT version, name, applied_at FROM schema_version").fetchall()


async def test_fresh_database_gets_every_migration(db_path: Path) -> None:
    store = await open_store(db_path)
    assert await store.schema_version() == LATEST_VERSION == len(MIGRATIONS)
    await store.close()
    assert [v[0] for v in versions(db_path)] == [m.version for m in MIGRATIONS]
    names = {row[1] for row in schema(db_path)}
    for table in ("games", "game_seats", "actions", "interactions", "schedules", "messages"):
        assert table in names
    for index in ("games_by_status", "games_by_thread", "game_seats_by_user"):
        assert index in names


async def test_reopen_is_a_no_op(db_path: Path, clock: FakeClock) -> None:
    await (await open_store(db_path, clock=clock)).close()
    before_schema, before_versions = schema(db_path), versions(db_path)
    clock.advance(days=1)
    await (await open_store(db_path, clock=clock)).close()
    assert schema(db_path) == before_schema
    assert versions(db_path) == before_versions  # same applied_at: nothing re-ran


async def test_database_at_version_1_is_migrated_to_latest(db_path: Path, clock: FakeClock) -> None:
    db = await aiosqlite.connect(db_path, isolation_level=None)
    assert await apply_migrations(db, MIGRATIONS[:1]) == 1
    # A game written by the version-1 code, in version-1 shape.
    await db.execute(
        "INSERT INTO games (id, game, status, guild_id, channel_id, host_id, seed, version,"
        " snapshot, created_at, updated_at) VALUES (7, 'citadels', 'running', 1, 5, ?, '3', 0,"
        " '{\"v\":0}', '2026-01-01T00:00:00.000000+00:00', '2026-01-01T00:00:00.000000+00:00')",
        (HOST,),
    )
    await db.execute("INSERT INTO game_seats VALUES (7, 0, ?)", (HOST,))
    await db.close()
    assert "schedules" not in {row[1] for row in schema(db_path)}

    store = await open_store(db_path, clock=clock)
    try:
        assert await store.schema_version() == LATEST_VERSION
        game = await store.get_game(7)
        assert (game.seats, game.seed, game.snapshot) == ([HOST], 3, {"v": 0})
        await store.set_schedule(7, "reminder", clock.now)  # a table from migration 2
        game = await store.append_action(
            7, expected_version=0, seat=0, action={"type": "x"}, snapshot=snap(1)
        )
        assert game.version == 1
    finally:
        await store.close()


async def test_a_failing_migration_rolls_back_whole(db_path: Path) -> None:
    await (await open_store(db_path)).close()
    broken = Migration(
        LATEST_VERSION + 1,
        "broken",
        ("CREATE TABLE half_done (x INTEGER)", "INSERT INTO no_such_table VALUES (1)"),
    )
    with pytest.raises(sqlite3.OperationalError):
        await open_store(db_path, migrations=(*MIGRATIONS, broken))
    assert [v[0] for v in versions(db_path)][-1] == LATEST_VERSION
    assert "half_done" not in {row[1] for row in schema(db_path)}
    fixed = Migration(LATEST_VERSION + 1, "fixed", ("CREATE TABLE half_done (x INTEGER)",))
    store = await open_store(db_path, migrations=(*MIGRATIONS, fixed))
    assert await store.schema_version() == LATEST_VERSION + 1
    await store.close()


async def test_newer_database_than_the_code_is_refused(db_path: Path) -> None:
    future = Migration(LATEST_VERSION + 1, "from the future", ("CREATE TABLE later (x)",))
    await (await open_store(db_path, migrations=(*MIGRATIONS, future))).close()
    with pytest.raises(StorageError):
        await open_store(db_path)


async def test_concurrent_first_opens_migrate_once(db_path: Path) -> None:
    stores = await asyncio.gather(*(open_store(db_path) for _ in range(3)))
    try:
        for store in stores:
            assert await store.schema_version() == LATEST_VERSION
    finally:
        for store in stores:
            await store.close()
    assert [v[0] for v in versions(db_path)] == [m.version for m in MIGRATIONS]


async def test_connection_settings(store: SqliteStore) -> None:
    db = store._db
    assert db is not None
    assert (await (await db.execute("PRAGMA journal_mode")).fetchone())[0] == "wal"
    assert (await (await db.execute("PRAGMA foreign_keys")).fetchone())[0] == 1
    assert (await (await db.execute("PRAGMA busy_timeout")).fetchone())[0] == 10_000
    # FULL (2): an acknowledged move is on disk even if the machine loses power
    assert (await (await db.execute("PRAGMA synchronous")).fetchone())[0] == 2


async def test_lookups_use_their_indexes(store: SqliteStore) -> None:
    db = store._db
    assert db is not None
    plans = {
        "games_by_thread": "SELECT id FROM games WHERE thread_id = 1",
        "games_by_status": "SELECT id FROM games WHERE status = 'running'",
        "game_seats_by_user": "SELECT game_id FROM game_seats WHERE user_id = 1",
    }
    for index, sql in plans.items():
        rows = await db.execute_fetchall("EXPLAIN QUERY PLAN " + sql)
        assert any(index in row[3] for row in rows), (index, [tuple(r) for r in rows])
