"""Slow games: every TICK_SECONDS ask the table for due reminders and deadline moves."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

from discord.ext import commands, tasks

from bot.table_types import Outcome, Reminder

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.reminders")


class RemindersCog(commands.Cog, name="Reminders"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self.loop = tasks.loop(seconds=bot.settings.tick_seconds)(self.tick)
        self.loop.before_loop(self._wait_ready)

    async def cog_load(self) -> None:
        self.loop.start()

    async def cog_unload(self) -> None:
        self.loop.cancel()

    async def _wait_ready(self) -> None:
        await self.bot.wait_until_ready()

    async def tick(self) -> int:
        """One pass; returns how many items were handled. A failure waits for the next tick."""
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


async def setup(bot: GameBot) -> None:
    await bot.add_cog(RemindersCog(bot))
