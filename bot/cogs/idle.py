"""Idle players on Discord: `/game idle missed:` (host), the table's vote on an idle seat
(one button per option in the thread, bot/cogs/idle_vote.py), and `/game resume` for a
player whose seat plays its default moves. The table service (bot/table_idle.py) decides;
this cog shows it."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.table_idle import MAX_IDLE_AFTER, IdleVote, open_vote, voters

from .idle_vote import IdleVoteButton, vote_view
from .replies import guard, send_private
from .texts import game_lang

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.idle")

class IdleCog(commands.Cog, name="Idle"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def post_vote(self, vote: IdleVote) -> None:
        """The vote in the game's thread, pinging the players who vote."""
        game = vote.game
        thread = await self.bot.publisher.thread_for(game)
        if thread is None:
            return
        lang = game_lang(game)
        who = voters(game, vote.user_id)
        text = t("idle.vote_opened", lang, voters=", ".join(f"<@{u}>" for u in who),
                 user=f"<@{vote.user_id}>", missed=vote.missed, seat=vote.seat + 1,
                 needed=vote.needed)
        await self.bot.publisher._send(
            thread, game, [text], view=vote_view(vote, lang),
            allowed_mentions=discord.AllowedMentions(users=[discord.Object(u) for u in who]))

    async def on_vote(
        self, interaction: discord.Interaction, game_id: int, seat: int, option: str
    ) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            async with self.bot.game_lock(game_id):
                outcome = await self.bot.table.idle_vote(game_id, interaction.user.id, seat,
                                                         option)
                key, params = outcome.notice  # type: ignore[misc]
                await send_private(interaction, t(key, lang, **params))
                if open_vote(outcome.game, seat) is not None:
                    return  # counted; the vote goes on
                await self.bot.publisher.publish(outcome)
            message = interaction.message
            if message is not None:  # the vote is over: its buttons go
                partial = self.bot.get_partial_messageable(message.channel.id)
                try:
                    await partial.get_partial_message(message.id).edit(view=None)
                except discord.HTTPException as error:
                    log.info("could not close idle vote %s: %s", message.id, error)

    async def idle_after(self, interaction: discord.Interaction, missed: int) -> None:
        async with guard(self.bot, interaction):
            game = await self.bot.get_cog("Play").game_here(interaction)  # type: ignore[union-attr]
            await self.bot.table.set_idle_after(game.id, interaction.user.id, missed)
            lang = await self.bot.user_lang(interaction)
            key = "idle.after_set" if missed else "idle.after_off"
            await send_private(interaction, t(key, lang, missed=missed))

    async def resume(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            game = await self.bot.get_cog("Play").game_here(interaction)  # type: ignore[union-attr]
            await interaction.response.defer(ephemeral=True, thinking=True)
            async with self.bot.game_lock(game.id):
                outcome = await self.bot.table.resume_seat(game.id, interaction.user.id)
                await self.bot.publisher.publish(outcome)
            key, params = outcome.notice  # type: ignore[misc]
            await send_private(interaction, t(key, await self.bot.user_lang(interaction),
                                              **params))


def _game_commands(bot: GameBot) -> list[app_commands.Command[Any, Any, Any]]:
    def cog() -> IdleCog:
        return bot.get_cog("Idle")  # type: ignore[return-value]

    @app_commands.command(
        name="idle",
        description="After how many missed deadlines the table votes on a seat (host only)",
    )
    @app_commands.describe(missed="Missed deadlines in a row (0 = never)")
    async def idle_after(
        interaction: discord.Interaction, missed: app_commands.Range[int, 0, MAX_IDLE_AFTER]
    ) -> None:
        await cog().idle_after(interaction, missed)

    @app_commands.command(
        name="resume", description="Play your own seat again after the table's default moves"
    )
    async def resume(interaction: discord.Interaction) -> None:
        await cog().resume(interaction)

    return [idle_after, resume]


async def setup(bot: GameBot) -> None:
    await bot.add_cog(IdleCog(bot))
    bot.add_dynamic_items(IdleVoteButton)
    group = bot.tree.get_command("game")  # the /game group (bot.cogs.commands, loaded first)
    if isinstance(group, app_commands.Group):
        for command in _game_commands(bot):
            group.add_command(command)
    else:
        log.warning("no /game group: /game idle and /game resume are not offered")
