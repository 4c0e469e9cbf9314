"""The table-service suites run on both backends.

Each test of a module in TABLE_SERVICE_MODULES runs twice: on SQLite, as written, and on
PostgreSQL, where the module's `open_store(path)` opens a PostgresStore instead, one database
of the test process's throwaway server per path (tests/postgres_server.py, PathDatabases).
"""

from __future__ import annotations

from collections.abc import AsyncIterator

import pytest

from tests.postgres_server import PathDatabases, PostgresServer

TABLE_SERVICE_MODULES = frozenset({
    "test_platform_fixes.py",
    "test_platform_gaps.py",
    "test_table_board.py",
    "test_table_citadels.py",
    "test_table_export.py",
    "test_table_history.py",
    "test_table_idle.py",
    "test_table_lobby.py",
    "test_table_notify.py",
    "test_table_play.py",
    "test_table_seats.py",
    "test_table_timers.py",
    "test_table_timers_shared.py",
    "test_table_tm.py",
    "test_table_tm_merchants.py",
})

# Tests of those modules that build a SqliteStore themselves: test name -> why.
SQLITE_ONLY = {
    "test_cas_conflict_reloads_and_rechecks": "a SqliteStore subclass",
    "test_a_database_from_before_results_is_recorded_on_first_use": "an old SQLite schema",
}


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    if (
        metafunc.definition.path.name in TABLE_SERVICE_MODULES
        and metafunc.definition.originalname not in SQLITE_ONLY
    ):
        metafunc.parametrize("store_backend", ["sqlite", "postgres"], indirect=True)


@pytest.fixture
def store_backend(request: pytest.FixtureRequest) -> PostgresServer | None:
    """The server for the PostgreSQL run (set up outside the test's event loop), else None."""
    if getattr(request, "param", "sqlite") == "postgres":
        return request.getfixturevalue("postgres_server")
    return None


@pytest.fixture(autouse=True)
def _store_on_the_backend(store_backend: PostgresServer | None, request: pytest.FixtureRequest):
    """Sync, so that the many tests here on no backend pay nothing (an async fixture costs
    each test an event loop)."""
    if store_backend is not None:
        request.getfixturevalue("_open_store_on_postgres")


@pytest.fixture
async def _open_store_on_postgres(
    store_backend: PostgresServer, request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch
) -> AsyncIterator[None]:
    databases = PathDatabases(store_backend)
    monkeypatch.setattr(request.module, "open_store", databases.open_store)
    yield
    await databases.close()
