"""The real bot sharded by SHARD_COUNT and SHARD_IDS against the Discord stand-in, which
sends each guild's events to shard (guild_id >> 22) % count, as Discord does: one process
running shards 0 and 1 of 2 (discord.py's AutoShardedBot) answers in guilds of both; two
processes running one shard each get only their own guild's interactions."""

from __future__ import annotations

import asyncio
import time
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path

import discord

from bot.app import GameBot, ShardedGameBot, create_bot
from tests.e2e.harness import Server, running_server
from tests.twin import TwinUser
from tests.twin.state import Channel

PLAYERS = [("alice", "en-US", True)]


def shard_of(guild_id: int) -> int:
    return (guild_id >> 22) % 2


def guild_on_other_shard(server: Server) -> tuple[Channel, TwinUser]:
    """A second guild, on the shard the first one is not on (ids are time-based; the tries
    on the same shard stay, as guilds without players)."""
    while True:
        guild = server.twin.add_guild(f"g{len(server.twin.world.guilds)}")
        if shard_of(guild.id) != shard_of(server.guild.id):
            return guild.add_channel("games"), guild.add_user("bob", locale="en-US")
        time.sleep(0.001)


@asynccontextmanager
async def started(server: Server, name: str, **shards: object) -> AsyncIterator[GameBot]:
    """A bot with its own database, the given SHARD_COUNT/SHARD_IDS settings, global
    commands; recording the guild of every interaction it is sent in `bot.seen`."""
    settings = server.settings().model_copy(update={
        "dev_guild_id": None, "database_path": server.db_path.with_name(f"{name}.sqlite3"),
        **shards,
    })
    bot = create_bot(settings, guild_ready_timeout=0.1)
    seen: list[int | None] = []
    bot.seen = seen  # type: ignore[attr-defined]

    async def record(interaction: discord.Interaction) -> None:
        seen.append(interaction.guild_id)

    bot.add_listener(record, "on_interaction")
    task = asyncio.create_task(bot.start(server.twin.token))
    try:
        ready = asyncio.create_task(bot.wait_until_ready())  # every shard's guilds in
        done, _ = await asyncio.wait([task, ready], timeout=30,
                                     return_when=asyncio.FIRST_COMPLETED)
        ready.cancel()
        if task in done:
            task.result()  # the start-up error
        assert ready in done, "the bot did not get ready"
        yield bot
    finally:
        await bot.close()
        await asyncio.wait_for(asyncio.gather(task, return_exceptions=True), 10)


async def stats_answered(user: TwinUser, channel: Channel) -> None:
    reply = await user.slash("stats", channel)
    await reply.wait_ack(timeout=30)
    assert reply.texts(), "no answer to /stats"


def live_shards(server: Server) -> list[tuple[int, int]]:
    return sorted(s.shard for s in server.twin.server.sessions if s.alive)


async def test_one_process_runs_both_shards(tmp_path: Path) -> None:
    async with running_server(tmp_path, PLAYERS) as server:
        other, bob = guild_on_other_shard(server)
        alice = server.users[0]
        async with started(server, "both", shard_count=2, shard_ids=(0, 1)) as bot:
            assert isinstance(bot, ShardedGameBot) and sorted(bot.shards) == [0, 1]
            assert live_shards(server) == [(0, 2), (1, 2)]  # one gateway session per shard
            assert {g.id for g in bot.guilds} == set(server.twin.world.guilds)
            await stats_answered(alice, server.channel)
            await stats_answered(bob, other)
            assert sorted(bot.seen) == sorted([server.guild.id, other.guild_id])  # type: ignore[attr-defined]
            assert {shard_of(g) for g in bot.seen} == {0, 1}  # type: ignore[attr-defined]


async def test_two_processes_each_run_one_shard(tmp_path: Path) -> None:
    async with running_server(tmp_path, PLAYERS) as server:
        other, bob = guild_on_other_shard(server)
        alice = server.users[0]
        first = shard_of(server.guild.id)
        async with AsyncExitStack() as stack:
            mine = await stack.enter_async_context(
                started(server, "mine", shard_count=2, shard_ids=(first,)))
            theirs = await stack.enter_async_context(
                started(server, "theirs", shard_count=2, shard_ids=(1 - first,)))
            for bot, shard in ((mine, first), (theirs, 1 - first)):
                assert type(bot) is GameBot and (bot.shard_id, bot.shard_count) == (shard, 2)
            # the second process's session did not replace the first's
            assert live_shards(server) == [(0, 2), (1, 2)]
            for bot, shard in ((mine, first), (theirs, 1 - first)):
                ids = {g.id for g in bot.guilds}
                assert ids == {i for i in server.twin.world.guilds if shard_of(i) == shard}
            assert server.guild.id in {g.id for g in mine.guilds}
            assert other.guild_id in {g.id for g in theirs.guilds}
            await stats_answered(alice, server.channel)
            await stats_answered(bob, other)
            await stats_answered(alice, server.channel)
            assert mine.seen == [server.guild.id, server.guild.id]  # type: ignore[attr-defined]
            assert theirs.seen == [other.guild_id]  # type: ignore[attr-defined]
