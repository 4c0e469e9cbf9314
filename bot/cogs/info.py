"""Information and administration: `/games` (what waits on me) and `/game settings`."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING

import discord
from discord.ext import commands

from bot.i18n import t
from bot.table_types import Refusal, TimerSettings
from storage.base import GameRecord

from .replies import chunk_lines, guard, send_private
from .texts import game_lang, game_title, thread_link

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.info")

LANGS = ("ko", "en")


def hours_text(hours: float | None, lang: str) -> str:
    if not hours:
        return t("discord.off", lang)
    shown = int(hours) if float(hours).is_integer() else hours
    return t("discord.settings.hours", lang, hours=shown)


class InfoCog(commands.Cog, name="Info"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def games(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            waiting = await self.bot.table.waiting_on(interaction.user.id)
            if not waiting:
                await send_private(interaction, t("discord.games.none", lang))
                return
            lines = [t("discord.games.header", lang)]
            for game, prompts in waiting:
                texts = await self.bot.publisher.texts(game, lang, interaction.user.id)
                decisions = "; ".join(dict.fromkeys(texts.decision(p.decision) for p in prompts))
                lines.append(t("discord.games.line", lang, link=thread_link(game),
                               game=f"{game_title(game, lang)} #{game.id}", decisions=decisions))
            for text in chunk_lines(lines):
                await send_private(interaction, text)

    async def settings(
        self,
        interaction: discord.Interaction,
        remind_after: float | None,
        remind_every: float | None,
        deadline: float | None,
        language: str | None,
    ) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            game = await self.bot.get_cog("Play").game_here(interaction)  # type: ignore[union-attr]
            await interaction.response.defer(ephemeral=True, thinking=True)
            if interaction.user.id != game.host_id:
                raise Refusal("table.not_host", host=f"<@{game.host_id}>")
            if language is not None and language not in LANGS:
                raise Refusal("table.option_invalid", name="language", value=language)
            if remind_after is not None or remind_every is not None or deadline is not None:
                game = await self.bot.table.set_timers(
                    game.id, interaction.user.id,
                    remind_after_hours=remind_after, remind_every_hours=remind_every,
                    deadline_hours=deadline or None, clear_deadline=deadline == 0,
                )
            if language is not None:
                game = await self.set_lang(game, language, interaction.user.id)
            timers = TimerSettings.for_game(self.bot.timer_defaults(), game.settings)
            await send_private(interaction, t(
                "discord.settings.saved", lang,
                after=hours_text(timers.remind_after_hours, lang),
                every=hours_text(timers.remind_every_hours, lang),
                deadline=hours_text(timers.deadline_hours, lang),
                lang=t(f"discord.lang.{game_lang(game)}", lang),
            ))

    async def set_lang(self, game: GameRecord, language: str, user_id: int) -> GameRecord:
        """The thread's language, through the table service (host only)."""
        return await self.bot.table.set_lang(game.id, user_id, language)

async def setup(bot: GameBot) -> None:
    await bot.add_cog(InfoCog(bot))
