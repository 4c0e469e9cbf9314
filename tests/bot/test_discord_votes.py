"""`/game leave` in play: a vote to abandon, said again it is refused with the way back,
`withdraw` takes it back; a majority abandons the game and closes its prompts."""

from __future__ import annotations

from bot.i18n import t
from tests.bot import test_discord_publish as publish
from tests.bot.test_discord_fakes import FakeInteraction
from tests.bot.test_discord_publish import BOB, EVE, HOST, THREAD, new_game, started

env = publish.env  # the same fixture: fake engine, real table service and store, fakes


async def leave(bot, user: int, withdraw: bool = False) -> FakeInteraction:
    interaction = FakeInteraction(bot, user, channel_id=THREAD)
    await bot.get_cog("Play").leave(interaction, withdraw)
    return interaction


async def test_vote_again_withdraw_and_abandon(env) -> None:
    bot, world = env
    gid = await started(bot, world)
    assert (await leave(bot, BOB)).texts() == [t("table.vote_recorded", "en", votes=1, needed=2)]
    assert any(t("table.vote_recorded", "en", votes=1, needed=2) in (m.content or "")
               for m in world.in_channel(THREAD))  # the table sees the vote too
    again = await leave(bot, BOB)
    assert again.texts() == [t("table.vote_already", "en")] and "withdraw" in again.texts()[0]
    taken_back = await leave(bot, BOB, withdraw=True)
    assert taken_back.texts() == [t("table.vote_withdrawn", "en", votes=0, needed=2)]
    assert (await leave(bot, BOB, withdraw=True)).texts() == [t("table.vote_none", "en")]
    assert (await leave(bot, EVE)).texts() == [t("table.not_seated", "en")]
    await leave(bot, BOB)
    done = await leave(bot, HOST)
    assert done.texts() == [t("table.abandoned", "en", votes=2, seats=2)]
    game = await bot.store.get_game(gid)
    assert game.status == "abandoned" and game.version == 0
    assert await bot.store.schedules(gid) == []
    dm_ids = {m.id for m in publish.dm_prompts(world, BOB)}
    closed = {mid for _cid, mid, kw in world.edits if kw.get("view") is None}
    assert dm_ids and dm_ids <= closed  # the open prompts lose their buttons


async def test_leave_in_a_lobby_leaves_the_table(env) -> None:
    bot, world = env
    gid = await new_game(bot, BOB)
    out = await leave(bot, BOB)
    assert out.texts() == [t("table.lobby_left", "en", user=f"<@{BOB}>")]
    assert (await bot.store.get_game(gid)).seats == [HOST]
    withdraw = await leave(bot, HOST, withdraw=True)  # nothing to take back in a lobby
    assert withdraw.texts() == [t("table.not_started", "en")]
