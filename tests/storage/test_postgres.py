"""PostgreSQL's own side of the storage suite (the shared tests run on both backends through
the `store` fixture): its migrations, what it stores, cancellation, and several processes on
one database racing the same decision or killed in the middle of their moves."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import asyncpg
import pytest

from rules.core import dump_state
from storage import SeatResult, StorageError
from storage.migrations import LATEST_VERSION, MIGRATIONS, Migration
from storage.migrations_pg import STATEMENTS, postgres_migrations
from storage.postgres import PostgresStore, open_postgres_store
from storage.sqlite import apply_migrations as apply_sqlite_migrations
from tests.postgres_server import PostgresServer, require_server_programs, server_programs

from .conftest import HOST, FakeClock, running_game, snap
from .test_actions import append, assert_consistent

ROOT = Path(__file__).resolve().parents[2]
WORKER = Path(__file__).with_name("pg_worker.py")


async def fetch(dsn: str, sql: str, *args: object) -> list[asyncpg.Record]:
    connection = await asyncpg.connect(dsn)
    try:
        return await connection.fetch(sql, *args)
    finally:
        await connection.close()


# -- the test server ---------------------------------------------------------------
def test_without_server_programs_ci_fails_and_elsewhere_skips() -> None:
    with pytest.raises(pytest.fail.Exception, match="CI runs the PostgreSQL tests"):
        require_server_programs(None, {"CI": "true"})
    with pytest.raises(pytest.skip.Exception, match="no PostgreSQL server programs"):
        require_server_programs(None, {})
    assert require_server_programs(Path("/bin"), {"CI": "true"}) == Path("/bin")
    assert server_programs() is not None or not os.environ.get("CI")


# -- the schema ---------------------------------------------------------------------
def sqlite_columns() -> dict[str, list[str]]:
    """Each table's columns after every SQLite migration, in order."""
    import aiosqlite

    async def read() -> dict[str, list[str]]:
        async with aiosqlite.connect(":memory:", isolation_level=None) as db:
            await apply_sqlite_migrations(db, MIGRATIONS)
            tables = [r[0] for r in await db.execute_fetchall(
                "SELECT name FROM sqlite_master WHERE type = 'table'"
                " AND name NOT LIKE 'sqlite_%'")]
            return {t: [c[1] for c in await db.execute_fetchall(f"PRAGMA table_info({t})")]
                    for t in tables}

    return asyncio.run(read())


def test_every_migration_has_its_postgresql_dialect() -> None:
    assert [(m.version, m.name) for m in postgres_migrations()] == [
        (m.version, m.name) for m in MIGRATIONS
    ]
    indexes = re.compile(r"CREATE (?:UNIQUE )?INDEX (\w+)")
    for migration in MIGRATIONS:  # the same indexes, by name
        assert indexes.findall(" ".join(STATEMENTS[migration.version])) == indexes.findall(
            " ".join(migration.statements)
        ), migration.version
    with pytest.raises(ValueError, match=r"\[99\] have no PostgreSQL dialect"):
        postgres_migrations((*MIGRATIONS, Migration(99, "sqlite only", ("SELECT 1",))))


async def test_the_tables_and_columns_are_sqlites(postgres_server: PostgresServer) -> None:
    dsn = await postgres_server.leased(0)
    rows = await fetch(
        dsn,
        "SELECT table_name, column_name FROM information_schema.columns"
        " WHERE table_schema = 'public' ORDER BY table_name, ordinal_position",
    )
    columns: dict[str, list[str]] = {}
    for row in rows:
        columns.setdefault(row["table_name"], []).append(row["column_name"])
    expected = await asyncio.to_thread(sqlite_columns)
    assert columns == expected


# -- migrations -----------------------------------------------------------------------
async def versions(dsn: str) -> list[tuple[int, object]]:
    rows = await fetch(dsn, "SELECT version, applied_at FROM schema_version ORDER BY version")
    return [(r["version"], r["applied_at"]) for r in rows]


async def test_a_new_database_is_migrated_once_and_reopening_is_a_no_op(
    postgres_server: PostgresServer,
) -> None:
    dsn = await postgres_server.empty_database("migrate_fresh")
    # Three processes' stores opening the new database at once migrate it once.
    stores = await asyncio.gather(*(open_postgres_store(dsn) for _ in range(3)))
    assert [await s.schema_version() for s in stores] == [LATEST_VERSION] * 3
    for s in stores:
        await s.close()
    before = await versions(dsn)
    assert [v for v, _ in before] == [m.version for m in MIGRATIONS]
    await (await open_postgres_store(dsn)).close()
    assert await versions(dsn) == before  # same applied_at: nothing re-ran


async def test_a_failing_migration_rolls_back_whole_and_a_newer_database_is_refused(
    postgres_server: PostgresServer,
) -> None:
    dsn = await postgres_server.empty_database("migrate_broken")
    broken = Migration(
        LATEST_VERSION + 1,
        "half done",
        ("CREATE TABLE half_done (x integer)", "INSERT INTO nowhere VALUES (1)"),
    )
    with pytest.raises(asyncpg.UndefinedTableError):
        await open_postgres_store(dsn, migrations=(*postgres_migrations(), broken))
    assert [v for v, _ in await versions(dsn)][-1] == LATEST_VERSION
    assert not await fetch(dsn, "SELECT 1 FROM pg_tables WHERE tablename = 'half_done'")
    fixed = Migration(LATEST_VERSION + 1, "fixed", ("CREATE TABLE half_done (x integer)",))
    await (await open_postgres_store(dsn, migrations=(*postgres_migrations(), fixed))).close()
    with pytest.raises(StorageError, match="this code knows"):
        await open_postgres_store(dsn)


# -- what is stored ---------------------------------------------------------------------
async def test_the_snapshot_is_kept_as_its_canonical_text(postgres_server: PostgresServer) -> None:
    dsn = await postgres_server.leased(0)
    async with PostgresStore(dsn) as store:
        game = await running_game(store)
        state = {"z": 1, "a": {"한글": "성주", "b": [3, 2]}, "big": 2**64 - 1}
        await store.append_action(
            game.id, expected_version=0, seat=0, action={"type": "x"}, snapshot=state
        )
        [row] = await fetch(dsn, "SELECT snapshot::text AS t, seed FROM games WHERE id = $1",
                            game.id)
        assert row["t"] == dump_state(state)
        assert (await store.get_game(game.id)).snapshot == state


async def test_a_deleted_game_takes_its_result_with_it(postgres_server: PostgresServer) -> None:
    dsn = await postgres_server.leased(0)
    async with PostgresStore(dsn) as store:
        game = await running_game(store)
        await store.record_result(game.id, [SeatResult(seat=0, user_id=HOST, rank=1)])
        assert not await store.record_result(game.id, [])  # once only
        await fetch(dsn, "DELETE FROM games WHERE id = $1", game.id)
        assert await store.results(1) == []
        assert await fetch(dsn, "SELECT 1 FROM result_seats") == []


async def test_append_cancelled_while_its_statement_runs(
    postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The task is cancelled with the append's statement in flight: the move is all there or
    not at all (the server may have run it before the cancel reached it), and the store and
    the game are usable at once."""
    async with PostgresStore(await postgres_server.leased(0)) as store:
        game = await running_game(store)
        await append(store, game.id, 0)
        armed = True
        original = asyncpg.connection.Connection.fetchrow

        def fetchrow(self, query, *args, **kwargs):
            nonlocal armed
            if armed and query.startswith("WITH moved"):
                armed = False
                current = asyncio.current_task()
                assert current is not None
                current.cancel()  # lands while awaiting this statement's result
            return original(self, query, *args, **kwargs)

        monkeypatch.setattr(asyncpg.connection.Connection, "fetchrow", fetchrow)
        with pytest.raises(asyncio.CancelledError):
            await append(store, game.id, 1, interaction_id=2024)
        assert not armed, "the statement was never run"
        monkeypatch.undo()
        game = await store.get_game(game.id)
        assert game.version in (1, 2)
        assert await store.seen_interaction(2024) == (game.version == 2)
        await assert_consistent(store, game.id)
        await append(store, game.id, game.version)
        await assert_consistent(store, game.id)


# -- several processes on one database --------------------------------------------------
def worker(dsn: str, *args: object) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [sys.executable, str(WORKER), dsn, *map(str, args)],
        env=dict(os.environ, PYTHONPATH=str(ROOT)),
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def start_together(procs: list[subprocess.Popen[str]]) -> None:
    for proc in procs:
        assert proc.stdout is not None and proc.stdout.readline() == "ready\n", proc.stderr
    for proc in procs:
        assert proc.stdin is not None
        proc.stdin.write("go\n")
        proc.stdin.flush()


async def test_two_processes_racing_the_same_decisions_apply_each_once(
    postgres_server: PostgresServer,
) -> None:
    dsn = await postgres_server.leased(0)
    async with PostgresStore(dsn) as store:
        game = await running_game(store)
    target = 60
    procs = [worker(dsn, game.id, "click", target, user) for user in (501, 502)]
    start_together(procs)
    outs = [await asyncio.to_thread(p.communicate, timeout=120) for p in procs]
    counts = []
    for proc, (out, err) in zip(procs, outs, strict=True):
        assert proc.returncode == 0, err
        applied, refused = map(int, out.split())
        counts.append((applied, refused))
    assert sum(applied for applied, _ in counts) == target  # each decision applied once
    async with PostgresStore(dsn) as store:
        game = await store.get_game(game.id)
        assert game.version == target and game.snapshot == {"v": target}
        log = await store.actions(game.id)
        assert [a.action["n"] for a in log] == list(range(1, target + 1))
        by_user = [sum(a.user_id == user for a in log) for user in (501, 502)]
        assert by_user == [applied for applied, _ in counts]


async def test_a_process_killed_mid_move_loses_no_acknowledged_move(
    postgres_server: PostgresServer,
) -> None:
    dsn = await postgres_server.leased(0)
    async with PostgresStore(dsn) as store:
        game = await running_game(store)
    proc = worker(dsn, game.id, "ack", 501)
    start_together([proc])
    assert proc.stdout is not None
    acked = [int(await asyncio.to_thread(proc.stdout.readline)) for _ in range(25)]
    os.kill(proc.pid, signal.SIGKILL)  # somewhere inside its next moves
    await asyncio.to_thread(proc.wait, 30)
    async with PostgresStore(dsn) as store:
        game = await store.get_game(game.id)
        assert game.version >= acked[-1] == 25
        await assert_consistent(store, game.id)
        # Nothing is left locked: another process takes the game over at once.
        await append(store, game.id, game.version)
        assert (await store.get_game(game.id)).snapshot == snap(game.version + 1)


async def test_two_processes_claiming_timers_each_get_their_own(
    postgres_server: PostgresServer,
) -> None:
    """Reminders and deadlines go out once across processes: every due timer is claimed by
    exactly one of two processes claiming at the same time."""
    dsn = await postgres_server.leased(0)
    clock = FakeClock()
    async with PostgresStore(dsn, clock=clock) as store:
        games = [await running_game(store) for _ in range(40)]
        for n, game in enumerate(games):
            for kind in ("reminder", "deadline"):
                await store.set_schedule(game.id, kind, clock.now - timedelta(seconds=n))
        await store.set_schedule(games[0].id, "later", clock.now + timedelta(seconds=1))
    procs = [worker(dsn, 0, "claim", clock.now.isoformat()) for _ in range(2)]
    start_together(procs)
    outs = [await asyncio.to_thread(p.communicate, timeout=120) for p in procs]
    claimed = []
    for proc, (out, err) in zip(procs, outs, strict=True):
        assert proc.returncode == 0, err
        claimed += [tuple(line.split()) for line in out.splitlines()]
    expected = [(str(g.id), kind) for g in games for kind in ("reminder", "deadline")]
    assert sorted(claimed) == sorted(expected)  # each once, none lost, nothing not yet due


async def test_timers_claimed_by_a_killed_process_are_taken_over_after_the_lease(
    postgres_server: PostgresServer,
) -> None:
    dsn = await postgres_server.leased(0)
    clock = FakeClock()
    async with PostgresStore(dsn, clock=clock) as store:
        game = await running_game(store)
        await store.set_schedule(game.id, "reminder", clock.now, {"open": {"k": 1}})
        proc = worker(dsn, 0, "claim-and-die", clock.now.isoformat())
        start_together([proc])
        out, err = await asyncio.to_thread(proc.communicate, timeout=60)
        assert proc.returncode == -signal.SIGKILL, err
        assert out.split() == [str(game.id), "reminder"]  # claimed, then killed
        assert await store.claim_due_schedules(clock.now, timedelta(minutes=5)) == []
        later = clock.now + timedelta(hours=1)  # the dead process's lease ran out
        [taken] = await store.claim_due_schedules(later, timedelta(minutes=5))
        assert (taken.game_id, taken.kind, taken.data) == (game.id, "reminder", {"open": {"k": 1}})
