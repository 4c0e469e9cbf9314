"""Migrations 4 and 5 on a database written by schema 3 (today's main before them): finished
games' results and ratings, and table boards; both survive a reopen."""

from __future__ import annotations

from datetime import timedelta
from pathlib import Path

import aiosqlite
import pytest

from storage import Board, GameNotFound, Rating, SeatResult, SqliteStore, open_store
from storage.migrations import LATEST_VERSION, MIGRATIONS
from storage.sqlite import apply_migrations

from .conftest import ALICE, BOB, HOST, FakeClock, running_game

OLD = "2026-01-01T00:00:00.000000+00:00"


async def schema_3_database(path: Path) -> None:
    """A finished and an abandoned game, as the schema-3 code wrote them."""
    db = await aiosqlite.connect(path, isolation_level=None)
    assert await apply_migrations(db, MIGRATIONS[:3]) == 3
    for game_id, status in ((4, "finished"), (5, "abandoned")):
        await db.execute(
            "INSERT INTO games (id, game, status, guild_id, channel_id, host_id, seed, version,"
            " snapshot, created_at, updated_at) VALUES (?, 'citadels', ?, 1, 5, ?, '3', 2,"
            " '{\"v\":2}', ?, ?)",
            (game_id, status, HOST, OLD, OLD),
        )
        await db.executemany(
            "INSERT INTO game_seats VALUES (?, ?, ?)", [(game_id, 0, HOST), (game_id, 1, ALICE)]
        )
    await db.close()


async def test_schema_3_database_gets_results_and_boards(db_path: Path, clock: FakeClock) -> None:
    await schema_3_database(db_path)
    store = await open_store(db_path, clock=clock)
    try:
        assert await store.schema_version() == LATEST_VERSION >= 5
        # the finished game waits for its result (the table service computes it); the
        # abandoned one never counts
        assert [g.id for g in await store.unrecorded_finished()] == [4]
        assert [g.id for g in await store.unrecorded_finished(1)] == [4]
        assert await store.unrecorded_finished(2) == []
        seats = [SeatResult(seat=0, user_id=HOST, rank=2, score=10),
                 SeatResult(seat=1, user_id=ALICE, rank=1, score=12)]
        assert await store.record_result(4, seats) is True
        assert await store.record_result(4, seats[:1]) is False  # once only
        assert await store.unrecorded_finished() == []
        [result] = await store.results(1)
        assert (result.game_id, result.guild_id, result.game) == (4, 1, "citadels")
        assert result.finished_at.isoformat().startswith("2026-01-01")  # the game's last update
        assert result.seats == seats
        assert await store.results(1, game="other") == []
        assert await store.results(1, user_id=BOB) == []
        assert [r.game_id for r in await store.results(1, user_id=ALICE)] == [4]
        with pytest.raises(GameNotFound):
            await store.record_result(99, seats)
        await store.set_board(Board(channel_id=5, guild_id=1, message_id=77, lang="ko",
                                    created_by=HOST, created_at=clock.now))
    finally:
        await store.close()
    store = await open_store(db_path, clock=clock)  # a restart keeps both
    try:
        assert [r.game_id for r in await store.results(1)] == [4]
        board = await store.board(5)
        assert board is not None and (board.message_id, board.lang) == (77, "ko")
    finally:
        await store.close()


async def test_results_come_oldest_first_and_games_outside_a_server_are_kept_apart(
    store: SqliteStore, clock: FakeClock
) -> None:
    first = await running_game(store)
    second = await running_game(store)
    lone = await running_game(store, guild_id=None)
    one = [SeatResult(seat=0, user_id=HOST, rank=1)]
    await store.record_result(second.id, one, finished_at=clock.now)
    await store.record_result(first.id, one, finished_at=clock.now + timedelta(hours=1))
    await store.record_result(lone.id, one, finished_at=clock.now)
    assert [r.game_id for r in await store.results(1)] == [second.id, first.id]
    [outside] = await store.results(None)
    assert (outside.game_id, outside.guild_id) == (lone.id, None)
    # a deleted game takes its result with it
    await store._db.execute("DELETE FROM games WHERE id = ?", (first.id,))  # type: ignore[union-attr]
    assert [r.game_id for r in await store.results(1)] == [second.id]


async def test_ratings_are_replaced_per_server_and_game_and_read_best_first(
    store: SqliteStore,
) -> None:
    await store.set_ratings(1, "citadels", [
        Rating(user_id=HOST, mu=25, sigma=8, ordinal=1.0, games=1),
        Rating(user_id=ALICE, mu=28, sigma=8, ordinal=4.0, games=1),
    ])
    await store.set_ratings(2, "citadels", [Rating(user_id=BOB, mu=20, sigma=8, ordinal=-4, games=1)])
    assert [r.user_id for r in await store.ratings(1, "citadels")] == [ALICE, HOST]
    await store.set_ratings(1, "citadels", [Rating(user_id=BOB, mu=30, sigma=7, ordinal=9, games=2)])
    assert [(r.user_id, r.games) for r in await store.ratings(1, "citadels")] == [(BOB, 2)]
    assert [r.user_id for r in await store.ratings(2, "citadels")] == [BOB]
    assert await store.ratings(1, "other") == []


async def test_a_board_is_one_per_channel(store: SqliteStore, clock: FakeClock) -> None:
    def board(message_id: int, channel_id: int = 5) -> Board:
        return Board(channel_id=channel_id, guild_id=1, message_id=message_id, lang="en",
                     created_by=HOST, created_at=clock.now)

    assert await store.set_board(board(10)) is None
    replaced = await store.set_board(board(11))
    assert replaced is not None and replaced.message_id == 10
    await store.set_board(board(12, channel_id=6))
    assert [(b.channel_id, b.message_id) for b in await store.boards()] == [(5, 11), (6, 12)]
    removed = await store.remove_board(5)
    assert removed is not None and removed.message_id == 11
    assert await store.remove_board(5) is None
    assert await store.board(5) is None


async def test_games_are_listed_by_the_channel_they_were_opened_in(store: SqliteStore) -> None:
    here = await running_game(store)  # channel 50
    other = await store.create_game("citadels", guild_id=1, channel_id=60, host_id=HOST,
                                     lang="en")
    assert [g.id for g in await store.list_games(channel_id=50)] == [here.id]
    assert [g.id for g in await store.list_games(channel_id=60)] == [other.id]
    assert await store.list_games(channel_id=60, status="running") == []
