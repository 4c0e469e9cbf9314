"""Terra Mystica commands: `/tm leech <pref>` (standing answer to power offers) and
`/tm plan <commands>` (a private preview that plays nothing)."""

from __future__ import annotations

import asyncio
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

import render
from bot.cogs.publisher import png_file
from bot.cogs.replies import chunk_lines, guard, send_private
from bot.games.terra_mystica.leech import SETTINGS_KEY
from bot.games.terra_mystica.ui import plan_lines
from bot.i18n import t
from bot.table_types import Refusal
from storage.base import GameRecord

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.tm")

TM = "terra_mystica"
# The /tm leech values and their English display names (translated by the Translator).
LEECH_CHOICES = (
    ("ask", "Ask each time"),
    ("accept1", "Accept 1 power"),
    ("free", "Accept when free"),
    ("never_pay", "Decline when it costs VP"),
    ("always", "Always accept"),
    ("never", "Always decline"),
)


class TerraMysticaCommands(
    commands.GroupCog,
    name="TerraMystica",
    group_name="tm",
    group_description="Terra Mystica: standing answers and planning",
):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    async def tm_game_here(self, interaction: discord.Interaction) -> GameRecord:
        game = await self.bot.get_cog("Play").game_here(interaction)  # type: ignore[union-attr]
        if game.game != TM:
            raise Refusal("terra_mystica.only")
        return game

    @app_commands.command(name="leech", description="How to answer power offers in this game")
    @app_commands.describe(pref="Your standing answer")
    @app_commands.choices(
        pref=[
            app_commands.Choice(
                name=app_commands.locale_str(
                    name, key=f"terra_mystica.command.tm.leech.pref.{value}"
                ),
                value=value,
            )
            for value, name in LEECH_CHOICES
        ]
    )
    async def leech(self, interaction: discord.Interaction, pref: app_commands.Choice[str]) -> None:
        await self.set_leech(interaction, pref.value)

    async def set_leech(self, interaction: discord.Interaction, pref: str) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            game = await self.tm_game_here(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            async with self.bot.game_lock(game.id):
                outcome = await self.bot.table.set_preference(
                    game.id, interaction.user.id, SETTINGS_KEY, pref
                )
                await send_private(
                    interaction,
                    t("terra_mystica.pref.saved", lang, id=game.id, pref=t(f"terra_mystica.pref.{pref}", lang)),
                )
                if outcome.events:  # offers it answered at once; the setting stays private
                    outcome.notice = None
                    await self.bot.publisher.publish(outcome, interaction=interaction)

    @app_commands.command(
        name="plan", description="Preview commands privately without playing them"
    )
    @app_commands.rename(text="commands")
    @app_commands.describe(text="Snellman notation, e.g. 'burn 1. action ACT6. build F4'")
    async def plan(self, interaction: discord.Interaction, text: str) -> None:
        await self.preview(interaction, text)

    async def preview(self, interaction: discord.Interaction, text: str) -> None:
        async with guard(self.bot, interaction, "attach_files"):
            lang = await self.bot.user_lang(interaction)
            game = await self.tm_game_here(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            plan = await self.bot.table.plan(game.id, interaction.user.id, text)
            names = await self.bot.publisher.names(game)
            picture = None
            if plan.applied:
                try:
                    picture = await asyncio.to_thread(
                        render.render_table, TM, plan.public_after, lang, dict(enumerate(names))
                    )
                except Exception:  # the numbers still answer the question
                    log.exception("plan picture failed for game %s", game.id)
            parts = chunk_lines(plan_lines(plan, lang))
            for i, part in enumerate(parts):
                file = png_file(picture, "plan.png") if i == len(parts) - 1 else None
                await send_private(interaction, part, **({"file": file} if file else {}))


async def setup(bot: GameBot) -> None:
    await bot.add_cog(TerraMysticaCommands(bot))
