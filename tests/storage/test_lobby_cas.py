"""Lobby changes as a compare-and-swap: two stores (as two processes) on one file."""

from __future__ import annotations

import pytest

from storage import open_store
from storage.base import VersionConflict

HOST, ALICE, BOB = 1001, 1002, 1003


async def test_expected_seats_refuse_a_write_over_another_stores_change(db_path) -> None:
    one = await open_store(db_path)
    two = await open_store(db_path)
    try:
        game = await one.create_game("citadels", guild_id=1, channel_id=2, host_id=HOST,
                                     lang="en")
        read_by_two = await two.get_game(game.id)
        await one.update_lobby(game.id, seats=[HOST, ALICE], expected_seats=[HOST])
        with pytest.raises(VersionConflict):  # two read [HOST] before one's join landed
            await two.update_lobby(game.id, seats=[*read_by_two.seats, BOB],
                                   expected_seats=read_by_two.seats)
        assert (await two.get_game(game.id)).seats == [HOST, ALICE]  # nothing lost
        fresh = await two.get_game(game.id)
        done = await two.update_lobby(game.id, seats=[*fresh.seats, BOB],
                                      expected_seats=fresh.seats)
        assert done.seats == [HOST, ALICE, BOB]
    finally:
        await one.close()
        await two.close()


async def test_expected_options_refuse_a_stale_option_write(db_path) -> None:
    one = await open_store(db_path)
    two = await open_store(db_path)
    try:
        game = await one.create_game("citadels", guild_id=1, channel_id=2, host_id=HOST,
                                     lang="en", options={"a": 1})
        await one.update_lobby(game.id, options={"a": 2}, expected_options={"a": 1})
        with pytest.raises(VersionConflict):
            await two.update_lobby(game.id, options={"a": 1, "b": 3},
                                   expected_options={"a": 1})
        assert (await two.get_game(game.id)).options == {"a": 2}
        # without the expectation the old last-writer-wins behaviour still works
        await two.update_lobby(game.id, options={"c": 1})
        assert (await one.get_game(game.id)).options == {"c": 1}
    finally:
        await one.close()
        await two.close()


async def test_start_refuses_a_lobby_changed_by_another_store(db_path) -> None:
    one = await open_store(db_path)
    two = await open_store(db_path)
    try:
        game = await one.create_game("citadels", guild_id=1, channel_id=2, host_id=HOST,
                                     lang="en")
        await one.update_lobby(game.id, seats=[HOST, ALICE])
        read = await two.get_game(game.id)
        await one.update_lobby(game.id, seats=[HOST, ALICE, BOB])  # a late join
        with pytest.raises(VersionConflict):
            await two.start_game(game.id, seed=1, seats=read.seats, snapshot={"s": 1},
                                 expected_seats=read.seats)
        assert (await one.get_game(game.id)).status == "lobby"
        started = await two.start_game(game.id, seed=1, seats=[HOST, ALICE, BOB],
                                       snapshot={"s": 1}, expected_seats=[HOST, ALICE, BOB])
        assert started.status == "running" and started.seats == [HOST, ALICE, BOB]
    finally:
        await one.close()
        await two.close()
