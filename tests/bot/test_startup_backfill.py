"""Games finished before results were kept (a database of schema 3) are recorded once when the
bot starts, in the background: the start does not wait for them, and no /stats is needed.
The start goes through create_bot + login + setup_hook against test_discord_app's small REST
stand-in."""

from __future__ import annotations

import asyncio

import discord
import pytest
from discord.gateway import DiscordWebSocket

from bot.app import create_bot
from bot.settings import Settings
from bot.table import TableService
from rules.core import Engine
from storage import SqliteStore, open_store
from storage.migrations import MIGRATIONS
from tests.bot.test_discord_app import GUILD, api  # noqa: F401  (the REST stand-in fixture)

ANN, BEN, CAT = 601, 602, 603
OTHER_GUILD = 78


async def old_database(path, engine: Engine) -> None:
    """Two finished one-round example games under schema 3 (no results table), in two servers:
    Ann beats Ben in one, Cat beats Ann in the other (each seat picks the number given)."""
    old = SqliteStore(path, migrations=MIGRATIONS[:3])
    await old.open()
    for guild, seats, picks in ((GUILD, [ANN, BEN], [3, 1]), (OTHER_GUILD, [ANN, CAT], [1, 2])):
        game = await old.create_game("example", guild_id=guild, channel_id=70, host_id=seats[0],
                                     lang="en", options={"rounds": 1})
        state = start = engine.setup({"rounds": 1}, 2, 9)
        moves: list[tuple[int, dict]] = []
        while decisions := engine.decisions(state):
            seat = decisions[0].seat
            action = ({"type": "pick", "value": picks[seat]}
                      if decisions[0].kind.endswith("pick") else {"type": "pass"})
            moves.append((seat, action))
            state, _ = engine.apply(state, seat, action)
        await old.start_game(game.id, seed=9, seats=seats, snapshot=start,
                             log=[(seat, action, seats[seat]) for seat, action in moves],
                             final=state, final_status="finished")
    await old.close()


def settings(base: str, tmp_path) -> Settings:
    return Settings(token="t", api_base=base, dev_guild_id=GUILD,
                    database_path=tmp_path / "bot.sqlite3", tick_seconds=3600)


@pytest.fixture
def restore_discord(monkeypatch):
    # login points discord.py's process-wide API base and gateway at the stand-in
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", DiscordWebSocket.DEFAULT_GATEWAY)


async def test_the_start_records_earlier_games_of_every_server(
    api, tmp_path, example_game, restore_discord  # noqa: F811
) -> None:
    base, _ = api
    await old_database(tmp_path / "bot.sqlite3", example_game)
    bot = create_bot(settings(base, tmp_path))
    try:
        await bot.login("t")  # setup_hook: the store opens (migrations 4 and 5), commands sync
        assert bot.backfill is not None
        await asyncio.wait_for(bot.backfill, 10)
        [first] = await bot.store.results(GUILD)
        [second] = await bot.store.results(OTHER_GUILD)
        assert [(s.user_id, s.rank) for s in first.seats] == [(ANN, 1), (BEN, 2)]
        assert [(s.user_id, s.rank) for s in second.seats] == [(ANN, 2), (CAT, 1)]
        assert await bot.store.unrecorded_finished() == []
        # each server rated once, from its own game only
        assert [r.user_id for r in await bot.store.ratings(GUILD, "example")] == [ANN, BEN]
        assert [r.user_id for r in await bot.store.ratings(OTHER_GUILD, "example")] == [CAT, ANN]
        # a later start finds nothing left to record
        assert await bot.table.backfill_results() == 0
    finally:
        await bot.close()


async def test_the_start_does_not_wait_for_it_and_close_stops_it(
    api, tmp_path, example_game, monkeypatch, restore_discord  # noqa: F811
) -> None:
    base, _ = api
    await old_database(tmp_path / "bot.sqlite3", example_game)
    started, release = asyncio.Event(), asyncio.Event()

    async def slow(self: TableService) -> int:
        started.set()
        await release.wait()  # a long backfill
        return 0

    monkeypatch.setattr(TableService, "backfill_results", slow)
    bot = create_bot(settings(base, tmp_path))
    try:
        await asyncio.wait_for(bot.login("t"), 10)  # returns with the backfill still running
        await asyncio.wait_for(started.wait(), 5)
        assert bot.backfill is not None and not bot.backfill.done()
    finally:
        await asyncio.wait_for(bot.close(), 10)  # does not wait out the long backfill
    assert bot.backfill.cancelled()
    store = await open_store(tmp_path / "bot.sqlite3")
    try:  # nothing recorded here: the next start does it
        assert len(await store.unrecorded_finished()) == 2
    finally:
        await store.close()


async def test_a_failing_backfill_is_logged_and_the_bot_runs_on(
    api, tmp_path, example_game, monkeypatch, caplog, restore_discord  # noqa: F811
) -> None:
    base, _ = api

    async def broken(self: TableService) -> int:
        raise RuntimeError("disk on fire")

    monkeypatch.setattr(TableService, "backfill_results", broken)
    bot = create_bot(settings(base, tmp_path))
    try:
        await bot.login("t")
        assert bot.backfill is not None
        await asyncio.wait_for(bot.backfill, 5)
        assert bot.backfill.exception() is None
        assert "could not record the results of earlier games" in caplog.text
        assert bot.table is not None and bot.store is not None
    finally:
        await bot.close()
