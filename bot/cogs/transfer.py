"""Whole games as files: `/game export` (the game's file, to whoever asks in its thread) and
`/game import file:` (the host of a lobby continues a game from a file). The formats are
the games' own (GameUI.export / import_); the table service decides what may be given."""

from __future__ import annotations

import io
import logging
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.table_types import Refusal

from .replies import guard, send_private
from .texts import game_title

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.transfer")

MAX_IMPORT_BYTES = 2_000_000  # a long site game file is about 30 kB


class TransferCog(commands.Cog, name="Transfer"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def export(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            game = await self.bot.get_cog("Play").game_here(interaction)  # type: ignore[union-attr]
            await interaction.response.defer(ephemeral=True, thinking=True)
            out = await self.bot.table.export_game(game.id, await self.bot.publisher.names(game))
            attached = discord.File(io.BytesIO(out.text.encode("utf-8")), filename=out.filename)
            await send_private(
                interaction,
                t("discord.export.ready", lang, game=f"{game_title(game, lang)} #{game.id}"),
                file=attached,
            )

    async def import_(self, interaction: discord.Interaction, file: discord.Attachment) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            game = await self.bot.get_cog("Play").game_here(interaction)  # type: ignore[union-attr]
            await interaction.response.defer(ephemeral=True, thinking=True)
            if file.size > MAX_IMPORT_BYTES:
                raise Refusal("discord.import.too_large", size=MAX_IMPORT_BYTES // 1000)
            try:
                text = (await file.read()).decode("utf-8-sig")
            except UnicodeDecodeError:
                raise Refusal("discord.import.not_text") from None
            async with self.bot.game_lock(game.id):
                outcome = await self.bot.table.import_game(game.id, interaction.user.id, text)
                log.info(
                    "game %s imported from a file by %s (%s moves)",
                    game.id,
                    interaction.user.id,
                    outcome.game.version,
                )
                lobby = self.bot.get_cog("Lobby")
                if lobby is not None:
                    await lobby.refresh_lobby(outcome.game)  # type: ignore[attr-defined]
                await self.bot.publisher.publish(outcome)
            await send_private(
                interaction, t("discord.import.done", lang, moves=outcome.game.version)
            )


def _commands(bot: GameBot) -> list[app_commands.Command]:
    """`/game export` and `/game import`, made per bot (a command belongs to one group)."""

    @app_commands.command(name="export", description="This whole game as a file, only to you")
    async def export(interaction: discord.Interaction) -> None:
        await bot.get_cog("Transfer").export(interaction)  # type: ignore[union-attr]

    @app_commands.command(
        name="import", description="Continue a game from a file in this lobby (host only)"
    )
    @app_commands.describe(file="The game file (as /game export gives it, or the game site's own)")
    async def import_(interaction: discord.Interaction, file: discord.Attachment) -> None:
        await bot.get_cog("Transfer").import_(interaction, file)  # type: ignore[union-attr]

    return [export, import_]


async def setup(bot: GameBot) -> None:
    await bot.add_cog(TransferCog(bot))
    group = bot.tree.get_command("game")  # the /game group (bot.cogs.commands, loaded first)
    if isinstance(group, app_commands.Group):
        for command in _commands(bot):
            group.add_command(command)
    else:
        log.warning("no /game group: /game export and /game import are not offered")
