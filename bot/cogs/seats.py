"""Substitutes and vacations on Discord: `/game substitute`, `/game offer`,
`/game claim`, `/game awaydays`, and the top-level `/away until:` and `/back`.
The table service (bot/table_seats.py) decides; this cog asks it and shows the outcomes."""

from __future__ import annotations

import logging
from datetime import date
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.table_types import Outcome, Refusal

from .replies import guard, send_private

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.seats")


def is_admin(interaction: discord.Interaction) -> bool:
    """A server admin (Administrator) may hand seats over as the host may."""
    return interaction.guild_id is not None and interaction.permissions.administrator


def parse_date(text: str) -> date:
    try:
        return date.fromisoformat(text.strip())
    except ValueError:
        raise Refusal("table.away_date_invalid", date=text.strip()[:40]) from None


class SeatsCog(commands.Cog, name="Seats"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    async def _game(self, interaction: discord.Interaction):  # noqa: ANN202
        return await self.bot.get_cog("Play").game_here(interaction)  # type: ignore[union-attr]

    async def _show(self, outcomes: list[Outcome]) -> None:
        for outcome in outcomes:
            async with self.bot.game_lock(outcome.game.id):
                await self.bot.publisher.publish(outcome)

    async def _hand_over(
        self, interaction: discord.Interaction, outcome: Outcome, newcomer: int
    ) -> None:
        """The thread is told; the newcomer gets the seat's private view and prompts by DM."""
        # The seat's open public prompts name the old player: closed, so that the outcome asks
        # the newcomer for them again (by name, with the buttons).
        public = {p.decision.key for p in outcome.prompts if not p.private}
        async with self.bot.game_lock(outcome.game.id):
            if public:
                still = {p.decision.key for p in await self.bot.table.open_prompts(outcome.game.id)}
                await self.bot.publisher.close_stale_prompts(outcome.game, still - public)
            await self.bot.publisher.publish(outcome)
        private = [p for p in outcome.prompts if p.private]
        if not await self.bot.publisher.dm_seat(outcome.game, newcomer, private):
            log.info("game %s: the newcomer's DMs are closed", outcome.game.id)
        key, params = outcome.notice  # type: ignore[misc]
        await send_private(interaction, t(key, await self.bot.user_lang(interaction), **params))

    async def substitute(
        self,
        interaction: discord.Interaction,
        player: discord.abc.User,
        newcomer: discord.abc.User,
    ) -> None:
        async with guard(self.bot, interaction):
            game = await self._game(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            if newcomer.bot:
                raise Refusal("table.member_seated", user=newcomer.mention)
            outcome = await self.bot.table.substitute(
                game.id, interaction.user.id, player.id, newcomer.id, admin=is_admin(interaction)
            )
            await self._hand_over(interaction, outcome, newcomer.id)

    async def offer(self, interaction: discord.Interaction, withdraw: bool) -> None:
        async with guard(self.bot, interaction):
            game = await self._game(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            outcome = await self.bot.table.offer_seat(
                game.id, interaction.user.id, withdraw=withdraw
            )
            await self._show([outcome])
            key, params = outcome.notice  # type: ignore[misc]
            await send_private(interaction, t(key, await self.bot.user_lang(interaction), **params))

    async def take(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            game = await self._game(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            outcome = await self.bot.table.take_seat(game.id, interaction.user.id)
            await self._hand_over(interaction, outcome, interaction.user.id)

    async def away_limit(self, interaction: discord.Interaction, days: int) -> None:
        async with guard(self.bot, interaction):
            game = await self._game(interaction)
            await self.bot.table.set_away_limit(game.id, interaction.user.id, days)
            lang = await self.bot.user_lang(interaction)
            await send_private(interaction, t("table.away_limit_set", lang, days=days))

    async def away(self, interaction: discord.Interaction, until: str) -> None:
        async with guard(self.bot, interaction):
            day = parse_date(until)
            await interaction.response.defer(ephemeral=True, thinking=True)
            outcomes = await self.bot.table.away(interaction.user.id, day)
            await self._show(outcomes)
            lang = await self.bot.user_lang(interaction)
            key = "table.away" if outcomes else "table.away_none"
            await send_private(
                interaction, t(key, lang, user=interaction.user.mention, date=day.isoformat())
            )

    async def back(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            outcomes = await self.bot.table.back(interaction.user.id)
            await self._show(outcomes)
            lang = await self.bot.user_lang(interaction)
            await send_private(interaction, t("table.back", lang, user=interaction.user.mention))

    @app_commands.command(
        name="away",
        description="Away until a date: your reminders and deadlines wait in all your games",
    )
    @app_commands.describe(until="The last day you are away (YYYY-MM-DD)")
    async def away_command(self, interaction: discord.Interaction, until: str) -> None:
        await self.away(interaction, until)

    @app_commands.command(
        name="back", description="Back before your date: your games' timers run again"
    )
    async def back_command(self, interaction: discord.Interaction) -> None:
        await self.back(interaction)


def _game_commands(bot: GameBot) -> list[app_commands.Command]:
    """The `/game` subcommands, made per bot (a command belongs to one group)."""

    def cog() -> SeatsCog:
        return bot.get_cog("Seats")  # type: ignore[return-value]

    @app_commands.command(
        name="substitute", description="Hand a player's seat to another member (host or admin)"
    )
    @app_commands.describe(
        player="The player whose seat changes hands",
        newcomer="The member who plays on in that seat",
    )
    @app_commands.guild_only()
    async def substitute(
        interaction: discord.Interaction, player: discord.User, newcomer: discord.User
    ) -> None:
        await cog().substitute(interaction, player, newcomer)

    @app_commands.command(name="offer", description="Offer your seat to any member of this server")
    @app_commands.describe(withdraw="Keep your seat: take the offer back")
    async def offer_seat(interaction: discord.Interaction, withdraw: bool = False) -> None:
        await cog().offer(interaction, withdraw)

    @app_commands.command(name="claim", description="Take the seat a player offers here")
    async def take_seat(interaction: discord.Interaction) -> None:
        await cog().take(interaction)

    @app_commands.command(
        name="awaydays", description="The longest a player of this game may be away (host only)"
    )
    @app_commands.describe(days="Days")
    async def away_limit(
        interaction: discord.Interaction, days: app_commands.Range[int, 1, 366]
    ) -> None:
        await cog().away_limit(interaction, days)

    return [substitute, offer_seat, take_seat, away_limit]


async def setup(bot: GameBot) -> None:
    await bot.add_cog(SeatsCog(bot))
    group = bot.tree.get_command("game")  # the /game group (bot.cogs.commands, loaded first)
    if isinstance(group, app_commands.Group):
        for command in _game_commands(bot):
            group.add_command(command)
    else:
        log.warning("no /game group: substitutes and seat offers are not offered")
