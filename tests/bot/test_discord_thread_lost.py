"""A deleted game thread: a running game goes on in a new thread of its channel, with its
open prompts; a lobby is cancelled; without a channel the game is marked, never stuck."""

from __future__ import annotations

from types import SimpleNamespace

from bot.i18n import t
from tests.bot import test_discord_publish as publish
from tests.bot.test_discord_fakes import FakeInteraction, FakeTextChannel
from tests.bot.test_discord_publish import BOB, HOST, THREAD, new_game, started

env = publish.env  # the same fixture: fake engine, real table service and store, fakes
CHANNEL = 10  # the text channel the test games were opened in


async def to_public_turn(bot, gid: int) -> None:
    """Both seats pick privately: the game then waits on a public decision."""
    for user in (HOST, BOB):
        out = await bot.table.act(gid, user, "pick 2")
    await bot.publisher.publish(out)


async def test_a_deleted_thread_is_replaced_with_the_open_prompts(env) -> None:
    bot, world = env
    world.channels[CHANNEL] = FakeTextChannel(CHANNEL, world)
    gid = await started(bot, world)
    await to_public_turn(bot, gid)
    world.missing.add(THREAD)  # the thread is deleted
    await bot.get_cog("Play").on_raw_thread_delete(SimpleNamespace(thread_id=THREAD))
    [(new_id, kwargs)] = world.created_threads
    game = await bot.store.get_game(gid)
    assert game.thread_id == new_id and "thread_missing" not in game.settings
    assert str(gid) in kwargs["name"]
    sent = world.in_channel(new_id)
    assert f"<@{HOST}>" in sent[0].content and f"<@{BOB}>" in sent[0].content
    game_title = sent[0].content.split("**")[1]
    assert sent[0].content == t("discord.thread_replaced", "en", game=game_title, id=gid,
                                players=f"<@{HOST}>, <@{BOB}>")
    prompts = [m for m in sent if m.view is not None]
    assert len(prompts) == 1 and t("example.play", "en") in prompts[0].content
    # the game is played on from the new thread: /play finds it there
    prompt = (await bot.table.open_prompts(gid))[0]
    play = FakeInteraction(bot, prompt.user_id, channel_id=new_id)
    await bot.get_cog("Play").play(play, "pass")
    assert (await bot.store.get_game(gid)).version == 3
    # a second deletion event for the old thread changes nothing
    await bot.get_cog("Play").on_raw_thread_delete(SimpleNamespace(thread_id=THREAD))
    assert len(world.created_threads) == 1


async def test_a_post_into_a_deleted_thread_moves_the_game_too(env) -> None:
    bot, world = env
    world.channels[CHANNEL] = FakeTextChannel(CHANNEL, world)
    gid = await started(bot, world)
    world.missing.add(THREAD)  # deleted while the bot was offline: no event came
    await to_public_turn(bot, gid)
    [(new_id, _)] = world.created_threads
    assert (await bot.store.get_game(gid)).thread_id == new_id
    prompts = [m for m in world.in_channel(new_id) if m.view is not None]
    assert len(prompts) == 1  # posted once, after the notice
    assert "goes on here" in world.in_channel(new_id)[0].content


async def test_without_the_channel_the_game_is_marked_and_nothing_crashes(env) -> None:
    bot, world = env  # no text channel CHANNEL in this world: it was deleted too
    gid = await started(bot, world)
    world.missing.add(THREAD)
    await bot.get_cog("Play").on_raw_thread_delete(SimpleNamespace(thread_id=THREAD))
    game = await bot.store.get_game(gid)
    assert game.settings.get("thread_missing") is True and game.thread_id == THREAD
    assert game.status == "running" and world.created_threads == []


async def test_a_deleted_lobby_thread_cancels_the_lobby(env) -> None:
    bot, world = env
    gid = await new_game(bot, BOB)
    await bot.get_cog("Play").on_raw_thread_delete(SimpleNamespace(thread_id=THREAD))
    assert (await bot.store.get_game(gid)).status == "cancelled"
    await bot.get_cog("Play").on_raw_thread_delete(SimpleNamespace(thread_id=424242))
