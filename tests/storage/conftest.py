"""The storage suite's fixtures. Each test that opens a store runs on both backends: on
SQLite as written, then on PostgreSQL (a throwaway server, tests/postgres_server.py), where
`store` and the module's `open_store(path)` open PostgresStores, one database per path
(PathDatabases), except the tests that look inside SQLite (SQLITE_ONLY). Their PostgreSQL
counterparts are in test_postgres.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from storage import GameRecord, SqliteStore, Store, open_store
from tests.postgres_server import PathDatabases, PostgresServer

BACKENDS = ("sqlite", "postgres")

# Modules and tests that look inside SQLite (its file, connection, pragmas, plans, old
# schemas, a worker process on the file): name -> what they look at.
SQLITE_ONLY = {
    "test_migrations.py": "SQLite's schema and pragmas, read from the file",
    "test_event_sourcing.py": "the snapshot text, read from the file",
    "test_snapshot_is_canonical_json": "the file, read with sqlite3",
    "test_append_cancelled_while_a_statement_runs": "aiosqlite's execute, cancelled inside",
    "test_process_killed_mid_append_leaves_nothing": "a worker process on the file",
    "test_two_processes_appending_lose_nothing": "worker processes on the file",
    "test_results_come_oldest_first_and_games_outside_a_server_are_kept_apart": (
        "a delete through the SQLite connection"
    ),
    "test_schema_3_database_gets_results_and_boards": "an old SQLite schema",
    "test_schema_2_database_is_migrated_and_its_game_can_change_hands": "an old SQLite schema",
}

HOST, ALICE, BOB = 1001, 1002, 1003


class FakeClock:
    """A clock the test moves by hand, so stored times are known exactly."""

    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now


def snap(version: int, pad: int = 0) -> dict:
    """A snapshot that names the version it belongs to, so log and snapshot can be matched."""
    return {"v": version, "seats": [{"secret": {"hand": ["a", "b"]}}], "pad": "x" * pad}


@pytest.fixture
def db_path(tmp_path: Path) -> Path:
    return tmp_path / "games.db"


@pytest.fixture
def clock() -> FakeClock:
    return FakeClock()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    test = metafunc.definition
    if (
        test.path.name not in SQLITE_ONLY
        and test.originalname not in SQLITE_ONLY
        and ("store" in metafunc.fixturenames or "db_path" in metafunc.fixturenames)
    ):
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> PostgresServer | None:
    """The PostgreSQL server for a test on PostgreSQL, None on SQLite (the default). Set up
    here, outside the test's event loop, since starting the server runs a loop of its own."""
    if getattr(request, "param", "sqlite") == "postgres":
        return request.getfixturevalue("postgres_server")
    return None


@pytest.fixture(autouse=True)
async def databases(
    backend: PostgresServer | None, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[PathDatabases | None]:
    """On PostgreSQL, the module's `open_store(path)` opens a database per path."""
    if backend is None:
        yield None
        return
    paths = PathDatabases(backend)
    monkeypatch.setattr(request.module, "open_store", paths.open_store, raising=False)
    yield paths
    await paths.close()


@pytest.fixture
async def store(
    databases: PathDatabases | None, db_path: Path, clock: FakeClock
) -> AsyncIterator[Store]:
    opener = open_store if databases is None else databases.open_store
    s: Store = await opener(db_path, clock=clock)
    yield s
    await s.close()


async def running_game(store: SqliteStore, *, guild_id: int | None = 1, seats=None) -> GameRecord:
    game = await store.create_game(
        "citadels", guild_id=guild_id, channel_id=50, host_id=HOST, lang="ko"
    )
    return await store.start_game(
        game.id, seed=42, seats=seats or [HOST, ALICE, BOB], snapshot=snap(0)
    )
