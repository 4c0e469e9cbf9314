"""Slow games: every TICK_SECONDS ask the table for due reminders and deadline moves."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

from bot.table_types import Outcome, Reminder

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.reminders")

FORGET_EVERY = timedelta(hours=1)
# Discord never resends an interaction after its 15-minute token expires: a day is ample.
FORGET_AFTER = timedelta(days=1)


class RemindersCog(commands.Cog, name="Reminders"):
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
                    await self.bot.publisher.remind(item)
            except Exception:
                log.exception("could not post a tick item for game %s", item.game.id)
        return len(items)

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
