"""Games: lobby, start, status, settings, lookups."""

from __future__ import annotations

import asyncio
from datetime import UTC

import pytest

from storage import GameNotFound, SqliteStore, StorageError, VersionConflict

from .conftest import ALICE, BOB, HOST, FakeClock, running_game, snap


async def test_create_game_puts_the_host_in_seat_0(store: SqliteStore, clock: FakeClock) -> None:
    game = await store.create_game(
        "citadels",
        guild_id=7,
        channel_id=50,
        host_id=HOST,
        lang="en",
        options={"expansion": True},
        thread_id=60,
    )
    assert game.status == "lobby"
    assert game.seats == [HOST]
    assert game.options == {"expansion": True}
    assert (game.version, game.snapshot, game.seed) == (0, None, None)
    assert game.created_at == clock.now and game.created_at.tzinfo == UTC
    assert await store.get_game(game.id) == game


async def test_game_ids_are_distinct(store: SqliteStore) -> None:
    a = await store.create_game("citadels", guild_id=1, channel_id=5, host_id=HOST, lang="ko")
    b = await store.create_game("citadels", guild_id=1, channel_id=5, host_id=HOST, lang="ko")
    assert a.id != b.id


async def test_get_missing_game_raises(store: SqliteStore) -> None:
    with pytest.raises(GameNotFound):
        await store.get_game(999)


async def test_update_lobby_changes_only_what_is_given(store: SqliteStore) -> None:
    game = await store.create_game("citadels", guild_id=1, channel_id=5, host_id=HOST, lang="ko")
    game = await store.update_lobby(game.id, seats=[HOST, ALICE], thread_id=77)
    assert (game.seats, game.thread_id, game.lang, game.options) == ([HOST, ALICE], 77, "ko", {})
    game = await store.update_lobby(game.id, options={"players": 5}, lang="en")
    assert (game.seats, game.thread_id, game.lang) == ([HOST, ALICE], 77, "en")
    assert game.options == {"players": 5}
    game = await store.update_lobby(game.id, seats=[ALICE])
    assert game.seats == [ALICE]


async def test_update_lobby_refused_once_started(store: SqliteStore) -> None:
    game = await running_game(store)
    with pytest.raises(VersionConflict):
        await store.update_lobby(game.id, seats=[HOST])
    assert (await store.get_game(game.id)).seats == [HOST, ALICE, BOB]
    with pytest.raises(GameNotFound):
        await store.update_lobby(999, seats=[HOST])


async def test_start_game_sets_seed_seats_and_snapshot(store: SqliteStore) -> None:
    lobby = await store.create_game("citadels", guild_id=1, channel_id=5, host_id=HOST, lang="ko")
    seed = 2**64 - 1  # a full unsigned 64-bit seed survives the round trip
    game = await store.start_game(lobby.id, seed=seed, seats=[BOB, HOST], snapshot=snap(0))
    assert (game.status, game.version, game.seed) == ("running", 0, seed)
    assert game.seats == [BOB, HOST]
    assert game.snapshot == snap(0)
    assert await store.get_game(lobby.id) == game


async def test_start_game_twice_is_a_conflict(store: SqliteStore) -> None:
    game = await running_game(store)
    with pytest.raises(VersionConflict):
        await store.start_game(game.id, seed=1, seats=[HOST], snapshot=snap(0))
    again = await store.get_game(game.id)
    assert (again.seed, again.seats) == (42, [HOST, ALICE, BOB])


async def test_start_game_with_a_log_starts_at_its_end_in_one_transaction(
    store: SqliteStore,
) -> None:
    """An imported game: the start and every move of its log, or nothing."""
    lobby = await store.create_game("citadels", guild_id=1, channel_id=5, host_id=HOST, lang="ko")
    log = [(0, {"n": 1}, BOB), (1, {"n": 2}, HOST), (0, {"n": 3}, BOB)]
    game = await store.start_game(lobby.id, seed=9, seats=[BOB, HOST], snapshot=snap(0),
                                  log=log, final=snap(3), final_status="finished")
    assert (game.status, game.version, game.snapshot) == ("finished", 3, snap(3))
    stored = await store.actions(lobby.id)
    assert [(a.version, a.seat, a.action, a.user_id) for a in stored] == [
        (1, 0, {"n": 1}, BOB), (2, 1, {"n": 2}, HOST), (3, 0, {"n": 3}, BOB)]
    # a refused start (no longer a lobby) writes none of its log
    with pytest.raises(VersionConflict):
        await store.start_game(lobby.id, seed=9, seats=[BOB, HOST], snapshot=snap(0),
                               log=log, final=snap(3))
    assert len(await store.actions(lobby.id)) == 3
    with pytest.raises(ValueError):
        await store.start_game(lobby.id, seed=9, seats=[BOB], snapshot=snap(0), log=log)


async def test_two_concurrent_starts_only_one_applies(store: SqliteStore) -> None:
    lobby = await store.create_game("citadels", guild_id=1, channel_id=5, host_id=HOST, lang="ko")
    results = await asyncio.gather(
        store.start_game(lobby.id, seed=1, seats=[HOST], snapshot=snap(0)),
        store.start_game(lobby.id, seed=2, seats=[HOST, ALICE], snapshot=snap(0)),
        return_exceptions=True,
    )
    assert sum(isinstance(r, VersionConflict) for r in results) == 1
    winner = next(r for r in results if not isinstance(r, Exception))
    assert await store.get_game(lobby.id) == winner


async def test_set_status_and_settings_merge(store: SqliteStore, clock: FakeClock) -> None:
    game = await running_game(store)
    later = clock.advance(hours=1)
    game = await store.update_settings(game.id, {"reminder_hours": 12, "deadline_hours": 48})
    game = await store.update_settings(game.id, {"reminder_hours": 6})
    assert game.settings == {"reminder_hours": 6, "deadline_hours": 48}
    assert game.updated_at == later
    game = await store.set_status(game.id, "abandoned")
    assert game.status == "abandoned"
    with pytest.raises(GameNotFound):
        await store.set_status(999, "finished")
    with pytest.raises(GameNotFound):
        await store.update_settings(999, {"a": 1})


async def test_game_by_thread(store: SqliteStore) -> None:
    game = await store.create_game(
        "citadels", guild_id=1, channel_id=5, host_id=HOST, lang="ko", thread_id=88
    )
    await store.create_game("citadels", guild_id=1, channel_id=5, host_id=HOST, lang="ko")
    assert (await store.game_by_thread(88)) == game
    assert await store.game_by_thread(89) is None
    rematch = await store.create_game(
        "citadels", guild_id=1, channel_id=5, host_id=HOST, lang="ko", thread_id=88
    )
    assert (await store.game_by_thread(88)).id == rematch.id


async def test_list_games_by_status_and_seated_user_across_guilds(store: SqliteStore) -> None:
    a = await running_game(store, guild_id=1, seats=[HOST, ALICE])
    b = await running_game(store, guild_id=2, seats=[BOB, ALICE])
    c = await running_game(store, guild_id=None, seats=[HOST, BOB])  # a DM-less/global game
    lobby = await store.create_game("citadels", guild_id=3, channel_id=5, host_id=ALICE, lang="ko")
    await store.set_status(c.id, "finished")

    def ids(games) -> list[int]:
        return [g.id for g in games]

    assert ids(await store.list_games()) == [a.id, b.id, c.id, lobby.id]
    assert ids(await store.list_games(user_id=ALICE)) == [a.id, b.id, lobby.id]
    assert ids(await store.list_games(status="running", user_id=ALICE)) == [a.id, b.id]
    assert ids(await store.list_games(status="running")) == [a.id, b.id]
    assert ids(await store.list_games(status="finished", user_id=BOB)) == [c.id]
    assert await store.list_games(user_id=424242) == []
    listed = {g.id: g for g in await store.list_games()}
    assert listed[b.id] == await store.get_game(b.id)  # seats and snapshot included
    assert listed[b.id].seats == [BOB, ALICE]


async def test_a_user_seated_twice_lists_the_game_once(store: SqliteStore) -> None:
    game = await running_game(store, seats=[HOST, HOST])
    assert [g.id for g in await store.list_games(user_id=HOST)] == [game.id]


async def test_closed_store_refuses(store: SqliteStore) -> None:
    await store.close()
    with pytest.raises(StorageError):
        await store.get_game(1)
