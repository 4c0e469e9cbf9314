"""A club's history on Discord: `/stats [member]` and `/leaderboard game:`, answered in the
channel for everyone to see, naming members without pinging them. The table service
(bot/table_history.py) keeps the results and computes the ratings."""

from __future__ import annotations

from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.table_history import GameStats, Standing

from .commands import game_name_autocomplete
from .replies import chunk_lines, guard

if TYPE_CHECKING:
    from bot.app import GameBot

QUIET = discord.AllowedMentions.none()  # members are named, never pinged


def number(value: float, digits: int = 1) -> str:
    """A rating or an average as people write it: 1.5, 2, -3.2."""
    text = f"{value:.{digits}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def stats_lines(user_id: int, stats: list[GameStats], lang: str) -> list[str]:
    lines = [t("history.stats.header", lang, user=f"<@{user_id}>")]
    lines += [
        t("history.stats.line", lang, game=t(f"{s.game}.name", lang), played=s.played,
          wins=s.wins, place=number(s.average_place, 2))
        for s in stats
    ]
    return lines


def leaderboard_lines(game: str, standings: list[Standing], lang: str) -> list[str]:
    lines = [t("history.leaderboard.header", lang, game=t(f"{game}.name", lang))]
    lines += [
        t("history.leaderboard.line", lang, place=s.place, user=f"<@{s.user_id}>",
          rating=number(s.ordinal), games=s.games, mu=number(s.mu), sigma=number(s.sigma))
        for s in standings
    ]
    return lines


class HistoryCog(commands.Cog, name="History"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def _answer(self, interaction: discord.Interaction, lines: list[str]) -> None:
        first, *rest = chunk_lines(lines)
        await interaction.followup.send(first, allowed_mentions=QUIET)
        for text in rest:
            await interaction.followup.send(text, allowed_mentions=QUIET)

    async def stats(self, interaction: discord.Interaction, member: discord.abc.User | None) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            user_id = (member or interaction.user).id
            stats = await self.bot.table.stats(interaction.guild_id, user_id)
            await interaction.response.defer(thinking=True)
            await self._answer(interaction, stats_lines(user_id, stats, lang))

    async def leaderboard(self, interaction: discord.Interaction, game: str) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            game = game.strip().lower()
            standings = await self.bot.table.leaderboard(interaction.guild_id, game)
            await interaction.response.defer(thinking=True)
            await self._answer(interaction, leaderboard_lines(game, standings, lang))

    @app_commands.command(
        name="stats", description="A member's games, wins and average place in this server"
    )
    @app_commands.describe(member="Whose record (yours if left out)")
    @app_commands.guild_only()
    async def stats_command(
        self, interaction: discord.Interaction, member: discord.User | None = None
    ) -> None:
        await self.stats(interaction, member)

    @app_commands.command(
        name="leaderboard", description="This server's ratings of one game"
    )
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_name_autocomplete)
    @app_commands.guild_only()
    async def leaderboard_command(self, interaction: discord.Interaction, game: str) -> None:
        await self.leaderboard(interaction, game)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(HistoryCog(bot))
