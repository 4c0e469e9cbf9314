"""Fixtures every test directory may use."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from rules.core import Engine
from tests.example_game import registered
from tests.postgres_server import postgres_server  # noqa: F401  (session fixture)


@pytest.fixture
def example_game() -> Iterator[Engine]:
    """The example game (tests/example_game/) registered for one test: its engine."""
    with registered() as engine:
        yield engine


# End-to-end tests: the real bot (or a real discord.py client) against the local Discord
# stand-in, each test starting its own client and stand-in (tests/e2e/ and the files below;
# the stand-in's raw-HTTP and validation tests stay in the fast suite). They are marked
# `e2e` here, by path, so nobody has to remember the marker;
# `pytest -m "not e2e"` (make test-fast) is the fast suite. A directory ends with "/".
TESTS = Path(__file__).resolve().parent
E2E_PATHS = (
    "e2e/",
    "bot/test_discord_twin_smoke.py",
    "bot/test_discord_twin_tm.py",
    "twin/test_twin_client.py",
    "twin/test_twin_permissions.py",
)


def is_e2e(path: Path) -> bool:
    """Whether the test file at `path` is end-to-end (E2E_PATHS, relative to tests/)."""
    try:
        where = Path(path).resolve().relative_to(TESTS).as_posix()
    except ValueError:
        return False
    return any(where.startswith(p) if p.endswith("/") else where == p for p in E2E_PATHS)


@pytest.hookimpl(tryfirst=True)  # before pytest deselects by `-m`
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        if is_e2e(item.path):
            item.add_marker(pytest.mark.e2e)
