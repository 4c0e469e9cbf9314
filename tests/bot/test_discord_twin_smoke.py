"""One smoke run of the real bot against the loopback Discord (tests/twin/): the lobby,
a secret pick by DM, the closed-DM fallback, a public turn, and the 3-second window.

The stand-in engineer owns the full end-to-end suite; this only guards the adapter's wiring.
"""

from __future__ import annotations

import asyncio
import logging

import pytest

from bot.app import create_bot
from bot.settings import Settings

twin_api = pytest.importorskip("tests.twin")


async def test_lobby_dm_pick_fallback_and_public_turn(tmp_path, example_game) -> None:
    logging.getLogger("discord").setLevel(logging.ERROR)
    async with twin_api.Twin.running(heartbeat_ms=500) as twin:
        guild = twin.add_guild("보드게임")
        channel = guild.add_channel("games")
        alice = guild.add_user("alice", locale="ko")
        bob = guild.add_user("bob", dms_open=False)
        settings = Settings(token=twin.token, api_base=twin.api_base, dev_guild_id=guild.id,
                            database_path=tmp_path / "bot.sqlite3", tick_seconds=3600,
                            default_lang="en")
        bot = create_bot(settings, guild_ready_timeout=0.1)
        task = asyncio.create_task(bot.start(twin.token))
        try:
            await twin.wait_ready()
            await twin.wait_for(bot.is_ready, 10, "the bot to be ready")
            assert {c["name"] for c in twin.commands(guild)} == {"game", "play", "games", "tm",
                                                                 "si", "away", "back", "stats",
                                                                 "leaderboard", "prefs"}

            opened = await alice.slash("game new", channel, game="example")
            await opened.wait_messages(1)
            (thread,) = twin.threads(channel)
            lobby = twin.messages(thread)[0]
            await (await bob.click(lobby, custom_id="bgl:1:join")).wait_ack()
            await twin.wait_for(lambda: "bob" in lobby.content or str(bob.id) in lobby.content,
                                5, "the lobby to show bob")
            await (await alice.click(lobby, custom_id="bgl:1:start")).wait_ack()

            # alice's pick arrives by DM; bob's DMs are closed: the thread offers a button
            dm = await twin.wait_for(
                lambda: [m for m in alice.dms() if list(m.iter_components())] or None, 5, "DM")
            notice = await twin.wait_for(
                lambda: [m for m in twin.messages(thread) if bob.mention in (m.content or "")
                         and list(m.iter_components())] or None, 5, "the DM fallback")
            await (await alice.click(dm[-1], custom_id=_ids(dm[-1])[1])).wait_ack()
            view = await bob.click(notice[-1], custom_id="bgp:1")
            private = await view.wait_messages(2)
            assert all(m.visible_to == bob.id for m in private)
            pick = [m for m in private if list(m.iter_components())][-1]
            await (await bob.click(pick, custom_id=_ids(pick)[0])).wait_ack()

            turn = await twin.wait_for(
                lambda: [m for m in alice.pinged_in(thread) if _ids(m)] or None, 5, "a ping")
            assert _ids(turn[-1])[0].startswith("bg:1:r1.play.0:")
            status = await alice.slash("game status", thread)
            (reply,) = await status.wait_messages(1)
            assert reply.visible_to == alice.id and "#1" in reply.content
            assert twin.unacknowledged() == [] and twin.rejected == []
            assert (await bot.store.get_game(1)).version == 2
        finally:
            await bot.close()
            await asyncio.wait_for(task, 10)


def _ids(message) -> list[str]:
    return [c["custom_id"] for c in message.iter_components() if "custom_id" in c]
