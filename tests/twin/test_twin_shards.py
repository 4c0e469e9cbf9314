"""Sharding in the stand-in: two gateway sessions IDENTIFY as shards 0 and 1 of 2 (two bot
processes, as the load test runs them); each gets the guilds Discord would give it
((guild_id >> 22) % 2), each guild's events, and shard 0 the events without a guild."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import aiohttp

from tests.twin import Twin, TwinGuild


def guilds_on_both_shards(twin: Twin) -> tuple[TwinGuild, TwinGuild]:
    """A guild of shard 0 and one of shard 1 (ids are time-based: wait a millisecond)."""
    found: dict[int, TwinGuild] = {}
    while len(found) < 2:
        guild = twin.add_guild(f"g{len(twin.world.guilds)}")
        found.setdefault((guild.id >> 22) % 2, guild)
        time.sleep(0.001)
    return found[0], found[1]


async def identify(http: aiohttp.ClientSession, twin: Twin, shard: list[int]) -> tuple[
        aiohttp.ClientWebSocketResponse, list[dict[str, Any]]]:
    """A raw gateway session as shard `shard`: its socket and the READY and GUILD_CREATEs."""
    ws = await http.ws_connect(twin.gateway_url)
    assert (await ws.receive_json())["op"] == 10  # HELLO
    await ws.send_json({"op": 2, "d": {"token": twin.token, "intents": 0, "shard": shard,
                                       "properties": {"os": "linux", "browser": "t",
                                                      "device": "t"}}})
    ready = await ws.receive_json()
    assert ready["t"] == "READY", ready
    events = [ready]
    for _ in ready["d"]["guilds"]:
        events.append(await ws.receive_json())
    return ws, events


async def next_event(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any] | None:
    try:
        return await ws.receive_json(timeout=0.3)
    except TimeoutError:
        return None


async def test_each_shard_gets_its_guilds_and_their_events() -> None:
    async with Twin.running() as twin, aiohttp.ClientSession() as http:
        zero, one = guilds_on_both_shards(twin)
        ws0, events0 = await identify(http, twin, [0, 2])
        ws1, events1 = await identify(http, twin, [1, 2])
        try:
            # both sessions live: the second shard did not replace the first
            assert len([s for s in twin.server.sessions if s.alive]) == 2
            for events, guild, shard in ((events0, zero, 0), (events1, one, 1)):
                assert events[0]["d"]["shard"] == [shard, 2]
                ids = {int(g["id"]) for g in events[0]["d"]["guilds"]}
                assert guild.id in ids and all((i >> 22) % 2 == shard for i in ids)
                creates = {int(e["d"]["id"]) for e in events[1:] if e["t"] == "GUILD_CREATE"}
                assert creates == ids

            channel = one.add_channel("games")
            assert await twin.server.dispatch("CHANNEL_UPDATE", channel.to_json())
            update = await next_event(ws1)
            assert update and update["t"] == "CHANNEL_UPDATE", update
            assert await next_event(ws0) is None  # not shard 0's guild

            # an event without a guild (a DM's interaction) goes to shard 0 only
            assert await twin.server.dispatch("THREAD_LIST_SYNC", {"channel_ids": []})
            assert (await next_event(ws0) or {}).get("t") == "THREAD_LIST_SYNC"
            assert await next_event(ws1) is None

            # a new session for shard 1 replaces shard 1's only
            ws1b, _ = await identify(http, twin, [1, 2])
            alive = sorted(s.shard for s in twin.server.sessions if s.alive)
            assert alive == [(0, 2), (1, 2)]
            await ws1b.close()
        finally:
            await asyncio.gather(ws0.close(), ws1.close())
