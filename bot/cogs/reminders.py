"""Slow games: every TICK_SECONDS ask the table for due reminders and deadline moves.

A reminder reaches each player as she chose with `/prefs notify` (a ping in the thread, a
DM, or both; a DM that cannot be sent falls back to the ping); `/prefs quiet` sets the hours
during which her reminders wait (the table service holds them, bot/table_tick.py).
"""

from __future__ import annotations

import dataclasses
import logging
import zoneinfo
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands, tasks

from bot.i18n import t
from bot.table_idle import IdleVote
from bot.table_prefs import NOTIFY_WAYS, NotifyPrefs
from bot.table_types import Outcome, Reminder

from .replies import guard, send_private
from .texts import game_title, thread_link

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.reminders")

FORGET_EVERY = timedelta(hours=1)
# Discord never resends an interaction after its 15-minute token expires: a day is ample.
FORGET_AFTER = timedelta(days=1)


ZONE_CHOICES = 25  # Discord's limit on autocomplete choices


def prefs_text(prefs: NotifyPrefs, lang: str) -> str:
    """A member's notification preferences in words, shown back to her."""
    quiet = (t("notify.quiet_shown", lang, **prefs.quiet) if prefs.quiet
             else t("notify.quiet_none", lang))
    return t("notify.shown", lang, way=t(f"notify.way.{prefs.way}", lang), quiet=quiet)


class RemindersCog(commands.Cog, name="Reminders"):
    prefs = app_commands.Group(name="prefs", description="How and when reminders reach you")

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.loop = tasks.loop(seconds=bot.settings.tick_seconds)(self.tick)
        self.loop.before_loop(self._wait_ready)
        self.last_forget: datetime | None = None

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def tick(self) -> int:
        """One pass; returns how many items were handled. A failure waits for the next tick."""
        await self.forget_old_interactions()
        if publisher := getattr(self.bot, "publisher", None):  # a dead process's claims
            await publisher.repost_abandoned_prompts()
        try:
            items = await self.bot.table.tick()
        except Exception:
            log.exception("tick failed")
            return 0
        for item in items:
            try:
                if isinstance(item, Outcome):
                    log.info("deadline move in game %s", item.game.id)
                    async with self.bot.game_lock(item.game.id):
                        await self.bot.publisher.publish(item)
                elif isinstance(item, Reminder):
                    log.info("reminder for game %s to %s", item.game.id, item.user_ids)
                    await self.remind(item)
                elif isinstance(item, IdleVote):
                    log.info("idle vote in game %s on seat %s", item.game.id, item.seat)
                    await self.bot.get_cog("Idle").post_vote(item)  # type: ignore[union-attr]
            except Exception:
                log.exception("could not post a tick item for game %s", item.game.id)
        return len(items)

    async def remind(self, reminder: Reminder) -> None:
        """DM the players who want a DM; ping the others (and those whose DM failed) in
        the thread, in one message."""
        in_thread = set()
        for user in reminder.user_ids:
            way = reminder.via.get(user, "ping")
            sent = way != "ping" and await self.dm_reminder(reminder, user)
            if way != "dm" or not sent:
                in_thread.add(user)
        if in_thread:
            prompts = [p for p in reminder.prompts if p.user_id in in_thread]
            await self.bot.publisher.remind(dataclasses.replace(reminder, prompts=prompts))

    async def dm_reminder(self, reminder: Reminder, user_id: int) -> bool:
        """The reminder by DM, in her language; False if it could not be sent."""
        game = reminder.game
        lang = await self.bot.lang_of_user(user_id)
        try:
            texts = await self.bot.publisher.texts(game, lang, user_id)
            decisions = "; ".join(dict.fromkeys(
                texts.decision(p.decision) for p in reminder.prompts if p.user_id == user_id))
            lines = [t("notify.dm_reminder", lang, game=game_title(game, lang), id=game.id,
                       hours=reminder.hours, decisions=decisions)]
            if user_id in reminder.last:
                lines.append(t("notify.last", lang, user=f"<@{user_id}>"))
            lines.append(t("discord.prompt.jump", lang, link=thread_link(game)))
            channel = await self.bot.dm_channel(user_id)
            await channel.send("\n".join(lines)[:2000])
        except discord.HTTPException as error:
            log.info("reminder DM to %s failed (%s): pinging in the thread", user_id, error)
            return False
        return True

    # -- /prefs ------------------------------------------------------------------------
    async def _show(self, interaction: discord.Interaction, prefs: NotifyPrefs,
                    first: str | None = None) -> None:
        lang = await self.bot.user_lang(interaction)
        lines = [first] if first else []
        await send_private(interaction, "\n".join([*lines, prefs_text(prefs, lang)]))

    @prefs.command(name="show", description="Your reminder settings, only to you")
    async def prefs_show(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            await self._show(interaction,
                             await self.bot.table.notify_settings(interaction.user.id))

    @prefs.command(name="notify", description="How reminders reach you: ping, DM or both")
    @app_commands.describe(way="A ping in the game's thread, a direct message, or both")
    @app_commands.choices(way=[
        app_commands.Choice(name=app_commands.locale_str(
            name, key=f"discord.command.prefs.notify.way.{value}"), value=value)
        for value, name in zip(NOTIFY_WAYS, ("Ping in the thread", "Direct message", "Both"),
                               strict=True)
    ])
    async def prefs_notify(
        self, interaction: discord.Interaction, way: app_commands.Choice[str]
    ) -> None:
        async with guard(self.bot, interaction):
            await self._show(interaction,
                             await self.bot.table.set_notify(interaction.user.id, way.value))

    @prefs.command(name="quiet", description="Hours when your reminders wait, in your time zone")
    @app_commands.describe(
        start="When quiet hours begin (HH:MM, 24-hour clock)",
        end="When they end (HH:MM)",
        zone="Your time zone's IANA name, such as Asia/Seoul",
    )
    async def prefs_quiet(
        self, interaction: discord.Interaction, start: str, end: str, zone: str
    ) -> None:
        async with guard(self.bot, interaction):
            await self._show(interaction, await self.bot.table.set_quiet(
                interaction.user.id, start, end, zone))

    @prefs_quiet.autocomplete("zone")
    async def zone_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        word = current.strip().lower()
        names = sorted(z for z in zoneinfo.available_timezones() if word in z.lower())
        return [app_commands.Choice(name=z, value=z) for z in names[:ZONE_CHOICES]]

    @prefs.command(name="quiet-off", description="No quiet hours: reminders come when due")
    async def prefs_quiet_off(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            prefs = await self.bot.table.clear_quiet(interaction.user.id)
            lang = await self.bot.user_lang(interaction)
            await self._show(interaction, prefs, t("notify.quiet_cleared", lang))

    async def forget_old_interactions(self) -> int:
        """Prune recorded interaction ids older than a day, at most once an hour."""
        now = self.bot.clock()
        if self.last_forget is not None and now - self.last_forget < FORGET_EVERY:
            return 0
        forget = getattr(self.bot.store, "forget_interactions", None)
        if forget is None:
            return 0
        self.last_forget = now
        try:
            return int(await forget(now - FORGET_AFTER))
        except Exception:
            log.exception("pruning interactions failed")
            return 0


async def setup(bot: GameBot) -> None:
    await bot.add_cog(RemindersCog(bot))
