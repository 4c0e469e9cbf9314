"""`/game status` mentions a vote open on an idle seat (issue 15, point 3): the table service's
line (the votes cast so far, how many decide; gone once decided or once the seat changed
hands), and the status reply through the real cog in English and Korean."""

from __future__ import annotations

from datetime import timedelta

import discord

from bot.cogs import reminders
from bot.cogs.play import PlayCog
from bot.i18n import t
from tests.bot import test_discord_publish as publish
from tests.bot.example_tables import T0
from tests.bot.test_discord_fakes import FakeInteraction
from tests.bot.test_discord_notify_idle import bob_to_move_within_an_hour
from tests.bot.test_discord_publish import BOB, HOST, THREAD
from tests.bot.test_table_idle import CAROL, bob_missed_twice, svc  # noqa: F401  (fixture)

env = publish.env
BOB_TABLE = 502  # tests.bot.test_table_idle's Bob


async def test_the_status_line_follows_the_vote(svc) -> None:  # noqa: F811
    gid, vote = await bob_missed_twice(svc)
    line = ("idle.status_vote", {"user": f"<@{BOB_TABLE}>", "seat": 2, "votes": 0, "needed": 2})
    assert await svc.idle_status(gid) == [line]
    await svc.idle_vote(gid, CAROL, vote.seat, "default")
    assert await svc.idle_status(gid) == [(line[0], {**line[1], "votes": 1})]
    # the second vote decides it: nothing open any more
    host = next(u for u in (await svc.store.get_game(gid)).seats if u not in (BOB_TABLE, CAROL))
    await svc.idle_vote(gid, host, vote.seat, "default")
    assert await svc.idle_status(gid) == []


async def test_no_line_without_a_vote_or_once_the_seat_changed_hands(svc) -> None:  # noqa: F811
    gid, vote = await bob_missed_twice(svc)
    record = await svc.store.get_game(gid)
    host = record.seats[0]
    await svc.substitute(gid, host, BOB_TABLE, 599)
    assert await svc.idle_status(gid) == []  # the vote was about Bob, who left the seat
    await svc.store.set_status(gid, "abandoned")
    assert await svc.idle_status(gid) == []


async def status_texts(bot, user_id: int, locale: discord.Locale) -> list[str]:
    interaction = FakeInteraction(bot, user_id, channel_id=THREAD, locale=locale)
    await PlayCog(bot).status(interaction)
    return interaction.texts()


async def test_game_status_says_a_vote_is_open_in_english_and_korean(env) -> None:
    bot, world = env
    gid, clock = await bob_to_move_within_an_hour(bot)
    params = {"user": f"<@{BOB}>", "seat": 2, "votes": 0, "needed": 1}
    before = "\n".join(await status_texts(bot, HOST, discord.Locale.american_english))
    assert t("idle.status_vote", "en", **params) not in before

    clock.now = T0 + timedelta(hours=2)  # Bob's deadline passed: his move, then the vote
    assert await reminders.RemindersCog(bot).tick() == 2
    english = "\n".join(await status_texts(bot, HOST, discord.Locale.american_english))
    korean = "\n".join(await status_texts(bot, BOB, discord.Locale.korean))
    assert t("idle.status_vote", "en", **params) in english
    assert t("idle.status_vote", "ko", **params) in korean
    assert "2번 자리" in korean and "seat 2" in english
