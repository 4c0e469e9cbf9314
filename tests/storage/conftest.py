from __future__ import annotations

from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from storage import GameRecord, SqliteStore, open_store

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


@pytest.fixture
async def store(db_path: Path, clock: FakeClock) -> AsyncIterator[SqliteStore]:
    s = await open_store(db_path, clock=clock)
    yield s
    await s.close()


async def running_game(store: SqliteStore, *, guild_id: int | None = 1, seats=None) -> GameRecord:
    game = await store.create_game(
        "citadels", guild_id=guild_id, channel_id=50, host_id=HOST, lang="ko"
    )
    return await store.start_game(
        game.id, seed=42, seats=seats or [HOST, ALICE, BOB], snapshot=snap(0)
    )
