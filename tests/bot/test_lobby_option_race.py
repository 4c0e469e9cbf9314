"""`/game option` redraws the lobby under the game's lock: a join that lands while the option
is being set is drawn, not drawn over (the load test of issue 16, bench/LOAD.md)."""

from __future__ import annotations

import asyncio

from bot.cogs.lobby import lobby_text
from storage.base import MessageRef
from tests.bot import test_discord_publish as publish
from tests.bot.test_discord_fakes import FakeInteraction
from tests.bot.test_discord_publish import BOB, EVE, HOST, THREAD

env = publish.env  # the example game behind the real table service and store, Discord faked


async def test_a_join_during_game_option_is_shown_in_the_lobby(env) -> None:
    bot, world = env
    game = await bot.table.new_game("example", guild_id=1, channel_id=10, host_id=HOST,
                                    lang="en")
    game = await bot.table.attach_thread(game.id, THREAD)
    await bot.table.join(game.id, BOB)
    message = await world.thread(THREAD).send("lobby")
    await bot.store.record_message(MessageRef(game_id=game.id, channel_id=THREAD,
                                              message_id=message.id, kind="lobby"))
    cog = bot.get_cog("Lobby")
    redraw, joins = cog.refresh_lobby, []

    async def join() -> None:  # as a join button does: stored and redrawn under the lock
        async with bot.game_lock(game.id):
            await cog.refresh_lobby(await bot.table.join(game.id, EVE))

    async def refresh_lobby(record) -> None:
        if not joins:  # the option is set: a join arrives now and runs as far as it can
            joins.append(asyncio.create_task(join()))
            await asyncio.wait(joins, timeout=0.5)
        await redraw(record)

    cog.refresh_lobby = refresh_lobby
    await cog.option_command(FakeInteraction(bot, HOST, channel_id=THREAD), "rounds", "4")
    await asyncio.wait_for(joins[0], 5)
    final = await bot.store.get_game(game.id)
    assert final.seats == [HOST, BOB, EVE] and final.options["rounds"] == 4
    last = [kw for _cid, mid, kw in world.edits if mid == message.id][-1]
    assert last["content"] == lobby_text(final, cog.specs(final), "en")
