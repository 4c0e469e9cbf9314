"""The action log: append, pop, the version CAS and interaction ids."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import aiosqlite
import pytest

from rules.core import dump_state
from storage import (
    DuplicateInteraction,
    GameNotFound,
    SqliteStore,
    VersionConflict,
    open_store,
)

from .conftest import ALICE, HOST, FakeClock, running_game, snap


async def append(store: SqliteStore, game_id: int, version: int, **kw) -> object:
    """Append the action that takes the game from `version` to `version + 1`."""
    return await store.append_action(
        game_id,
        expected_version=version,
        seat=version % 3,
        action={"type": "step", "n": version + 1},
        snapshot=snap(version + 1),
        **kw,
    )


async def assert_consistent(store: SqliteStore, game_id: int) -> None:
    """Version, log and snapshot agree: the log is 1..version and the snapshot is for version."""
    game = await store.get_game(game_id)
    log = await store.actions(game_id)
    assert [a.version for a in log] == list(range(1, game.version + 1))
    assert [a.action["n"] for a in log] == [a.version for a in log]
    assert game.snapshot is not None and game.snapshot["v"] == game.version


async def test_append_logs_bumps_and_snapshots(store: SqliteStore, clock: FakeClock) -> None:
    game = await running_game(store)
    at = clock.advance(minutes=5)
    after = await store.append_action(
        game.id,
        expected_version=0,
        seat=1,
        action={"type": "take", "character": "assassin"},
        snapshot=snap(1),
        user_id=ALICE,
        interaction_id=555,
    )
    assert (after.version, after.snapshot, after.updated_at) == (1, snap(1), at)
    assert after == await store.get_game(game.id)
    [logged] = await store.actions(game.id)
    assert logged.model_dump() == {
        "game_id": game.id,
        "version": 1,
        "seat": 1,
        "action": {"type": "take", "character": "assassin"},
        "user_id": ALICE,
        "interaction_id": 555,
        "created_at": at,
    }
    assert await store.seen_interaction(555)
    assert not await store.seen_interaction(556)


async def test_append_can_finish_the_game(store: SqliteStore) -> None:
    game = await running_game(store)
    game = await append(store, game.id, 0, status="finished")
    assert (game.status, game.version) == ("finished", 1)
    with pytest.raises(VersionConflict):  # nothing more is appended to a finished game
        await append(store, game.id, 1)


async def test_append_to_a_lobby_or_missing_game_is_refused(store: SqliteStore) -> None:
    lobby = await store.create_game("citadels", guild_id=1, channel_id=5, host_id=HOST, lang="ko")
    with pytest.raises(VersionConflict):
        await append(store, lobby.id, 0)
    with pytest.raises(GameNotFound):
        await append(store, 999, 0)
    assert await store.actions(lobby.id) == []


async def test_stale_version_is_a_conflict_and_writes_nothing(store: SqliteStore) -> None:
    game = await running_game(store)
    await append(store, game.id, 0)
    await append(store, game.id, 1)
    for stale in (0, 1, 3):
        with pytest.raises(VersionConflict):
            await append(store, game.id, stale, interaction_id=900 + stale)
        assert not await store.seen_interaction(900 + stale)
    assert (await store.get_game(game.id)).version == 2
    await assert_consistent(store, game.id)


async def test_duplicate_interaction_is_a_no_op(store: SqliteStore) -> None:
    game = await running_game(store)
    await append(store, game.id, 0, interaction_id=777)
    before = await store.get_game(game.id)
    # The retried click, even against the current version, must not apply again.
    with pytest.raises(DuplicateInteraction):
        await append(store, game.id, 1, interaction_id=777)
    with pytest.raises(DuplicateInteraction):
        await append(store, game.id, 0, interaction_id=777)
    assert await store.get_game(game.id) == before
    assert len(await store.actions(game.id)) == 1


async def test_concurrent_appends_on_one_store_only_one_applies(store: SqliteStore) -> None:
    game = await running_game(store)
    results = await asyncio.gather(
        *(append(store, game.id, 0, interaction_id=100 + i) for i in range(5)),
        return_exceptions=True,
    )
    assert sum(isinstance(r, VersionConflict) for r in results) == 4
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert (await store.get_game(game.id)).version == 1
    await assert_consistent(store, game.id)


async def test_concurrent_appends_on_two_connections_only_one_applies(
    store: SqliteStore, db_path: Path
) -> None:
    game = await running_game(store)
    other = await open_store(db_path)
    try:
        for version in range(10):
            results = await asyncio.gather(
                append(store, game.id, version),
                append(other, game.id, version),
                return_exceptions=True,
            )
            assert sorted(type(r).__name__ for r in results) == ["GameRecord", "VersionConflict"]
        assert (await other.get_game(game.id)).version == 10
        await assert_consistent(store, game.id)
    finally:
        await other.close()


async def test_pop_action_undoes_the_last_action(store: SqliteStore) -> None:
    game = await running_game(store)
    for v in range(3):
        await append(store, game.id, v, interaction_id=300 + v)
    game = await store.pop_action(game.id, expected_version=3, snapshot=snap(2))
    assert (game.version, game.snapshot) == (2, snap(2))
    assert game == await store.get_game(game.id)
    await assert_consistent(store, game.id)
    # The undone click stays a no-op if Discord retries it.
    assert await store.seen_interaction(302)
    await append(store, game.id, 2)
    await assert_consistent(store, game.id)


async def test_pop_action_cas(store: SqliteStore) -> None:
    game = await running_game(store)
    with pytest.raises(VersionConflict):  # nothing to undo at version 0
        await store.pop_action(game.id, expected_version=0, snapshot=snap(0))
    await append(store, game.id, 0)
    with pytest.raises(VersionConflict):
        await store.pop_action(game.id, expected_version=2, snapshot=snap(1))
    with pytest.raises(GameNotFound):
        await store.pop_action(999, expected_version=1, snapshot=snap(0))
    results = await asyncio.gather(
        store.pop_action(game.id, expected_version=1, snapshot=snap(0)),
        store.pop_action(game.id, expected_version=1, snapshot=snap(0)),
        return_exceptions=True,
    )
    assert sum(isinstance(r, VersionConflict) for r in results) == 1
    assert (await store.get_game(game.id)).version == 0
    assert await store.actions(game.id) == []


async def test_failure_mid_transaction_leaves_nothing(store: SqliteStore) -> None:
    """The action is serialised after the version bump: its failure must roll the bump back."""
    game = await running_game(store)
    await append(store, game.id, 0)
    with pytest.raises(TypeError):
        await store.append_action(
            game.id,
            expected_version=1,
            seat=0,
            action={"type": "bad", "payload": object()},
            snapshot=snap(2),
            interaction_id=4242,
        )
    with pytest.raises(TypeError):
        await store.append_action(
            game.id,
            expected_version=1,
            seat=0,
            action={"type": "step", "n": 2},
            snapshot={"v": 2, "bad": {1, 2}},
            interaction_id=4243,
        )
    game = await store.get_game(game.id)
    assert (game.version, game.snapshot) == (1, snap(1))
    assert not await store.seen_interaction(4242)
    await assert_consistent(store, game.id)
    # The store is still usable and the same interaction can now apply.
    await append(store, game.id, 1, interaction_id=4242)
    await assert_consistent(store, game.id)


async def test_snapshot_is_canonical_json(store: SqliteStore) -> None:
    game = await running_game(store)
    state = {"z": 1, "a": {"한글": "성주", "b": [3, 2]}}
    await store.append_action(
        game.id, expected_version=0, seat=0, action={"type": "x"}, snapshot=state
    )
    with sqlite3.connect(store.path) as raw:
        [(text,)] = raw.execute("SELECT snapshot FROM games WHERE id = ?", (game.id,)).fetchall()
    assert text == dump_state(state)


@pytest.mark.parametrize(
    "cancel_at",
    [
        "BEGIN IMMEDIATE",
        "SELECT 1 FROM interactions",
        "UPDATE games",
        "INSERT INTO actions",
        "INSERT INTO interactions",
        "COMMIT",
    ],
)
async def test_append_cancelled_while_a_statement_runs(
    store: SqliteStore, monkeypatch: pytest.MonkeyPatch, cancel_at: str
) -> None:
    """The task is cancelled while that statement is in flight: all or nothing, still usable."""
    game = await running_game(store)
    await append(store, game.id, 0)
    original = aiosqlite.Connection.execute
    armed = True

    def execute(self, sql, parameters=None):
        nonlocal armed
        if armed and sql.startswith(cancel_at):
            armed = False
            current = asyncio.current_task()
            assert current is not None
            current.cancel()  # lands while awaiting this statement's result
        return original(self, sql, parameters)

    monkeypatch.setattr(aiosqlite.Connection, "execute", execute)
    with pytest.raises(asyncio.CancelledError):
        await append(store, game.id, 1, interaction_id=2024)
    assert not armed, "the statement was never run"
    committed = cancel_at == "COMMIT"  # the commit itself was already on its way
    game = await store.get_game(game.id)
    assert game.version == (2 if committed else 1)
    assert await store.seen_interaction(2024) == committed
    await assert_consistent(store, game.id)
    await append(store, game.id, game.version)
    await assert_consistent(store, game.id)


async def test_forget_old_interactions(store: SqliteStore, clock: FakeClock) -> None:
    game = await running_game(store)
    await append(store, game.id, 0, interaction_id=1)
    cutoff = clock.advance(days=1)
    await append(store, game.id, 1, interaction_id=2)
    assert await store.forget_interactions(cutoff) == 1
    assert not await store.seen_interaction(1)
    assert await store.seen_interaction(2)
    assert [a.interaction_id for a in await store.actions(game.id)] == [1, 2]  # log untouched
