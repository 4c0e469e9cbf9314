"""Reminders as each member chose (ping, DM, both; a closed DM falls back to the ping), the
note for the last undecided player, and the idle vote's buttons, through the real cogs with
the recording fakes of tests/bot/test_discord_fakes.py."""

from __future__ import annotations

from datetime import timedelta

import discord

from bot.cogs import idle, reminders
from bot.cogs.idle_vote import IdleVoteButton
from bot.i18n import t
from bot.table import TableService
from bot.table_types import Reminder
from tests.bot import test_discord_publish as publish
from tests.bot.example_tables import T0, Clock
from tests.bot.test_discord_fakes import FakeInteraction, World
from tests.bot.test_discord_publish import BOB, EVE, HOST, THREAD

env = publish.env


def thread_texts(world: World) -> list[str]:
    return [m.content or "" for m in world.in_channel(THREAD)]


def dms(world: World, user_id: int) -> list[str]:
    return [m.content or "" for m in world.in_channel(user_id * 10)]


async def remind(bot, world: World, **fields) -> reminders.RemindersCog:
    gid = await publish.started(bot, world)
    game = await bot.store.get_game(gid)
    prompts = await bot.table.open_prompts(gid)
    cog = reminders.RemindersCog(bot)
    await cog.remind(Reminder(game=game, prompts=prompts, hours=25, count=1, **fields))
    return cog


async def test_a_dm_reminder_goes_by_dm_and_the_others_are_pinged(env) -> None:
    bot, world = env
    await remind(bot, world, via={HOST: "ping", BOB: "dm"})
    last = world.in_channel(THREAD)[-1]
    assert f"<@{HOST}>" in last.content and f"<@{BOB}>" not in last.content
    assert [u.id for u in last.kwargs["allowed_mentions"].users] == [HOST]
    [dm] = [text for text in dms(world, BOB) if text.startswith("⏰")]  # not the prompt
    assert "25 h" in dm and f"channels/1/{THREAD}" in dm
    assert not [text for text in dms(world, HOST) if text.startswith("⏰")]


async def test_both_and_a_closed_dm_fall_back_to_the_thread(env) -> None:
    bot, world = env
    world.dms_closed.add(HOST)  # wants a DM, cannot get one: pinged instead
    await remind(bot, world, via={HOST: "dm", BOB: "both"})
    last = world.in_channel(THREAD)[-1]
    assert {u.id for u in last.kwargs["allowed_mentions"].users} == {HOST, BOB}
    assert any("25 h" in text for text in dms(world, BOB))


async def test_the_last_undecided_player_is_told_in_the_thread_and_by_dm(env) -> None:
    bot, world = env
    gid = await publish.started(bot, world)
    await bot.table.act(gid, HOST, "pick 2")
    game = await bot.store.get_game(gid)
    prompts = await bot.table.open_prompts(gid)
    cog = reminders.RemindersCog(bot)
    note = t("notify.last", "en", user=f"<@{BOB}>")
    await cog.remind(Reminder(game=game, prompts=prompts, hours=30, count=2,
                              last=frozenset({BOB})))
    assert note in thread_texts(world)[-1]
    await cog.remind(Reminder(game=game, prompts=prompts, hours=31, count=3,
                              via={BOB: "dm"}, last=frozenset({BOB})))
    assert note in dms(world, BOB)[-1]



async def click(bot, user_id: int, message) -> FakeInteraction:
    interaction = FakeInteraction(bot, user_id, message=message, channel_id=THREAD)
    custom_id = message.custom_ids()[0]
    match = IdleVoteButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    button = await IdleVoteButton.from_custom_id(
        interaction, discord.ui.Button(custom_id=custom_id), match)
    await button.callback(interaction)
    return interaction


async def bob_to_move_within_an_hour(bot) -> tuple[int, Clock]:
    """A started game with the idle cog, a 1-hour deadline and an idle vote after 1 missed
    deadline; the host has moved, so Bob is to move. Returns the game id and the clock."""
    clock = Clock()
    bot.table = TableService(bot.store, clock=clock)
    bot.clock = clock
    await idle.setup(bot)
    gid = await publish.new_game(bot, BOB)
    await bot.table.set_idle_after(gid, HOST, 1)
    await bot.publisher.publish(await bot.table.start(gid, HOST))
    await bot.table.set_timers(gid, HOST, deadline_hours=1)
    await bot.table.act(gid, HOST, "pick 2")
    return gid, clock


async def test_the_idle_vote_is_posted_with_buttons_and_decided_by_a_click(env) -> None:
    bot, world = env
    gid, clock = await bob_to_move_within_an_hour(bot)
    clock.now = T0 + timedelta(hours=2)
    assert await reminders.RemindersCog(bot).tick() == 2  # Bob's timeout move, the vote
    [vote] = [m for m in world.in_channel(THREAD) if any(
        c.startswith("bgi:") for c in m.custom_ids())]
    assert vote.custom_ids() == [f"bgi:{gid}:1:{o}" for o in ("substitute", "default", "keep")]
    assert vote.content.startswith(f"<@{HOST}>: <@{BOB}> has missed 1 deadlines")
    assert [u.id for u in vote.kwargs["allowed_mentions"].users] == [HOST]
    labels = [c.item.label for c in vote.view.children]
    assert labels == [t(f"idle.option.{o}", "en") for o in ("substitute", "default", "keep")]

    eve = await click(bot, EVE, vote)
    assert eve.texts() == [t("table.not_seated", "en")]
    bob = await click(bot, BOB, vote)
    assert bob.texts() == [t("idle.own_seat", "en")]
    host = await click(bot, HOST, vote)  # one other player: one vote decides
    wanted = t("idle.substitute_wanted", "en", user=f"<@{BOB}>", seat=2)
    assert host.texts() == [wanted]
    assert wanted in thread_texts(world)[-1]
    assert (THREAD, vote.id, {"view": None}) in world.edits  # the buttons are gone
    again = await click(bot, HOST, vote)
    assert again.texts() == [t("idle.no_vote", "en")]
