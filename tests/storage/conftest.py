"""The storage suite's fixtures. `store` is each backend in turn: SQLite, then PostgreSQL (a
throwaway server, tests/postgres_server.py), except for tests that open the SQLite file
themselves (they ask for `db_path`) or look inside SQLite (SQLITE_ONLY). Their PostgreSQL
counterparts are in test_postgres.py."""

from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from storage import GameRecord, SqliteStore, Store, open_store
from tests.postgres_server import PostgresServer

BACKENDS = ("sqlite", "postgres")

# Tests of `store` that look inside SQLite: test name -> what they look at.
SQLITE_ONLY = {
    "test_snapshot_is_canonical_json": "the file, read with sqlite3",
    "test_append_cancelled_while_a_statement_runs": "aiosqlite's execute, cancelled inside",
    "test_connection_settings": "SQLite's pragmas",
    "test_lookups_use_their_indexes": "SQLite's query plans",
    "test_results_come_oldest_first_and_games_outside_a_server_are_kept_apart": (
        "a delete through the SQLite connection"
    ),
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
    if (
        "store" in metafunc.fixturenames
        and "db_path" not in metafunc.fixturenames
        and metafunc.definition.originalname not in SQLITE_ONLY
    ):
        metafunc.parametrize("backend", BACKENDS, indirect=True)


@pytest.fixture
def backend(request: pytest.FixtureRequest) -> PostgresServer | None:
    """The PostgreSQL server for a test on PostgreSQL, None on SQLite (the default). Set up
    here, outside the test's event loop, since starting the server runs a loop of its own."""
    if getattr(request, "param", "sqlite") == "postgres":
        return request.getfixturevalue("postgres_server")
    return None


@pytest.fixture
async def store(
    backend: PostgresServer | None, tmp_path: Path, clock: FakeClock
) -> AsyncIterator[Store]:
    if backend is None:
        s: Store = await open_store(tmp_path / "games.db", clock=clock)
    else:
        from storage.postgres import open_postgres_store

        s = await open_postgres_store(await backend.leased(0), clock=clock)
    yield s
    await s.close()


async def running_game(store: SqliteStore, *, guild_id: int | None = 1, seats=None) -> GameRecord:
    game = await store.create_game(
        "citadels", guild_id=guild_id, channel_id=50, host_id=HOST, lang="ko"
    )
    return await store.start_game(
        game.id, seed=42, seats=seats or [HOST, ALICE, BOB], snapshot=snap(0)
    )
