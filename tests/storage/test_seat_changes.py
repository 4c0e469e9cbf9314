"""Seat hand-overs: migration 3 on a database written by schema 2, the CAS, the history."""

from __future__ import annotations

from pathlib import Path

import aiosqlite
import pytest

from storage import SqliteStore, VersionConflict, open_store
from storage.migrations import LATEST_VERSION, MIGRATIONS
from storage.sqlite import apply_migrations

from .conftest import ALICE, BOB, HOST, FakeClock, running_game, snap

CAROL = 1004


async def test_schema_2_database_is_migrated_and_its_game_can_change_hands(
    db_path: Path, clock: FakeClock
) -> None:
    db = await aiosqlite.connect(db_path, isolation_level=None)
    assert await apply_migrations(db, MIGRATIONS[:2]) == 2
    # A running game with one move, written by the schema-2 code.
    await db.execute(
        "INSERT INTO games (id, game, status, guild_id, channel_id, host_id, seed, version,"
        " snapshot, settings, created_at, updated_at) VALUES (9, 'citadels', 'running', 1, 5,"
        " ?, '3', 1, '{\"v\":1}', '{\"remind_after_hours\": 12}',"
        " '2026-01-01T00:00:00.000000+00:00', '2026-01-01T00:00:00.000000+00:00')",
        (HOST,),
    )
    await db.executemany("INSERT INTO game_seats VALUES (9, ?, ?)", [(0, HOST), (1, ALICE)])
    await db.execute(
        "INSERT INTO actions VALUES (9, 1, 0, '{\"a\":1}', ?, NULL,"
        " '2026-01-01T00:00:00.000000+00:00')",
        (HOST,),
    )
    await db.close()

    store = await open_store(db_path, clock=clock)
    try:
        assert await store.schema_version() == LATEST_VERSION >= 3
        assert await store.seat_changes(9) == []
        game = await store.replace_seat(9, 1, CAROL, expected_user=ALICE, by_user=HOST)
        assert game.seats == [HOST, CAROL]
        assert game.version == 1 and game.snapshot == {"v": 1}  # not a move
        assert game.settings == {"remind_after_hours": 12}
        assert len(await store.actions(9)) == 1
        [change] = await store.seat_changes(9)
        assert (change.version, change.seat, change.old_user, change.new_user, change.by_user) == (
            1,
            1,
            ALICE,
            CAROL,
            HOST,
        )
        assert change.created_at == clock.now
        assert [g.id for g in await store.list_games(user_id=CAROL)] == [9]
        assert await store.list_games(user_id=ALICE) == []
    finally:
        await store.close()


async def test_replace_seat_is_a_compare_and_swap(store: SqliteStore) -> None:
    game = await running_game(store)
    with pytest.raises(VersionConflict):  # the seat is not Bob's
        await store.replace_seat(game.id, 1, CAROL, expected_user=BOB)
    with pytest.raises(VersionConflict):  # Bob already sits at the table
        await store.replace_seat(game.id, 1, BOB, expected_user=ALICE)
    with pytest.raises(VersionConflict):  # no such seat
        await store.replace_seat(game.id, 5, CAROL, expected_user=ALICE)
    assert (await store.get_game(game.id)).seats == [HOST, ALICE, BOB]
    assert await store.seat_changes(game.id) == []
    await store.append_action(
        game.id, expected_version=0, seat=0, action={"a": 1}, snapshot=snap(1)
    )
    await store.replace_seat(game.id, 1, CAROL, expected_user=ALICE)
    await store.replace_seat(game.id, 1, ALICE, expected_user=CAROL, by_user=CAROL)
    changes = await store.seat_changes(game.id)
    assert [(c.version, c.old_user, c.new_user, c.by_user) for c in changes] == [
        (1, ALICE, CAROL, None),
        (1, CAROL, ALICE, CAROL),
    ]
    await store.set_status(game.id, "finished")
    with pytest.raises(VersionConflict):  # only a running game changes hands
        await store.replace_seat(game.id, 1, CAROL, expected_user=ALICE)
