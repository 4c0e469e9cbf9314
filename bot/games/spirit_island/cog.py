"""Spirit Island commands: `/si fix` (a manual correction of the pieces, played as typed
notation through the table like `/play`, so the engine judges it and the thread shows it)
and `/si setup` (a recommended setup, or "random" for any lobby option)."""

from __future__ import annotations

import logging
import random
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.cogs.replies import guard, send_private
from bot.games.spirit_island import command_words, lobby
from bot.i18n import lang_from_locale, t
from bot.table_types import Refusal
from storage.base import GameRecord

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.si")

SI = "spirit_island"
CHOICES_MAX = 25  # Discord shows at most 25 autocomplete choices
OPS = (("add", "Add"), ("remove", "Remove"), ("move", "Move"))
PRESETS = (("first_game", "First game"), ("calm_mountain", "Calm Mountain spirits"),
           ("smoking_volcano", "Smoking Volcano: Stone, boards E and F"))


def _choices(pairs: list[tuple[str, str]], current: str) -> list[app_commands.Choice[str]]:
    """(label, value) pairs whose label or value holds what is typed, at most 25."""
    needle = current.strip().casefold()
    hits = [(label, value) for label, value in pairs
            if not needle or needle in label.casefold() or needle in value.casefold()]
    return [app_commands.Choice(name=label[:100], value=value[:100])
            for label, value in hits[:CHOICES_MAX]]


class SpiritIslandCommands(
    commands.GroupCog,
    name="SpiritIsland",
    group_name="si",
    group_description="Spirit Island: fix pieces by hand, set up the lobby",
):
    def __init__(self, bot: GameBot, rng: random.Random | None = None) -> None:
        self.bot = bot
        self.rng = rng or random.SystemRandom()
        super().__init__()

    async def si_game_here(self, interaction: discord.Interaction) -> GameRecord:
        game = await self.bot.get_cog("Play").game_here(interaction)  # type: ignore[union-attr]
        if game.game != SI:
            raise Refusal("spirit_island.only")
        return game

    # -- /si fix ------------------------------------------------------------------------
    @app_commands.command(name="fix", description="Add, remove or move pieces by hand, "
                          "with a reason everyone sees")
    @app_commands.describe(
        op="What to do", piece="The piece (presence: whose)", land="The land",
        reason="Why (shown in the thread)", to="Move only: the land they go to",
        count="How many (default 1)")
    @app_commands.choices(op=[
        app_commands.Choice(name=app_commands.locale_str(
            name, key=f"spirit_island.command.si.fix.op.{value}"), value=value)
        for value, name in OPS])
    async def fix(self, interaction: discord.Interaction, op: app_commands.Choice[str],
                  piece: str, land: str, reason: str, to: str | None = None,
                  count: app_commands.Range[int, 1, 20] = 1) -> None:
        await self.play_fix(interaction, op.value, piece, land, reason, to, count)

    async def play_fix(self, interaction: discord.Interaction, op: str, piece: str, land: str,
                       reason: str, to: str | None = None, count: int = 1) -> None:
        """The fix as notation, played like `/play`: the engine refuses what is wrong (in
        the player's language) and the thread shows the fix with its reason."""
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            game = await self.si_game_here(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            text = command_words.notation(op, piece, land, reason, to, count)
            async with self.bot.game_lock(game.id):
                outcome = await self.bot.table.act(
                    game.id, interaction.user.id, text, interaction_id=interaction.id,
                    lang=lang)
                log.info("/si fix by %s in game %s (version %s)", interaction.user.id,
                         game.id, outcome.game.version)
                await send_private(interaction, t("discord.play.sent", lang, move=text))
                await self.bot.publisher.publish(outcome, interaction=interaction)

    async def _view(self, interaction: discord.Interaction) -> dict[str, Any] | None:
        try:
            game = await self.si_game_here(interaction)
            if game.status != "running":
                return None
            return await self.bot.table.view(game.id, None)
        except Refusal:
            return None

    @fix.autocomplete("land")
    async def land_autocomplete(self, interaction: discord.Interaction, current: str
                                ) -> list[app_commands.Choice[str]]:
        view = await self._view(interaction)
        if view is None:
            return []
        lang = lang_from_locale(str(interaction.locale))
        return _choices(command_words.lands(view, lang), current)

    @fix.autocomplete("to")
    async def to_autocomplete(self, interaction: discord.Interaction, current: str
                              ) -> list[app_commands.Choice[str]]:
        view = await self._view(interaction)
        if view is None:
            return []
        lang = lang_from_locale(str(interaction.locale))
        near = str(getattr(interaction.namespace, "land", "") or "")
        return _choices(command_words.lands(view, lang, near=near), current)

    @fix.autocomplete("piece")
    async def piece_autocomplete(self, interaction: discord.Interaction, current: str
                                 ) -> list[app_commands.Choice[str]]:
        view = await self._view(interaction)
        if view is None:
            return []
        lang = lang_from_locale(str(interaction.locale))
        land = str(getattr(interaction.namespace, "land", "") or "")
        return _choices(command_words.pieces(view, lang, land), current)

    # -- /si setup ----------------------------------------------------------------------
    @app_commands.command(name="setup", description="Lobby: a recommended setup, or random "
                          "spirits, boards, adversary or level")
    @app_commands.describe(
        preset="A setup the rulebook recommends (fills spirits and boards)",
        spirits="Spirits in seat order; 'random' for a seat, or alone for every seat",
        random_spirits="This many seats (the last ones) get a random spirit",
        boards="Boards in seat order (A-F); 'random' for a seat, or alone for every seat",
        adversary="An adversary, 'random' or 'none'",
        level="Adversary level 0-6 or 'random'")
    @app_commands.choices(preset=[
        app_commands.Choice(name=app_commands.locale_str(
            name, key=f"spirit_island.command.si.setup.preset.{value}"), value=value)
        for value, name in PRESETS])
    async def setup_command(
        self, interaction: discord.Interaction,
        preset: app_commands.Choice[str] | None = None, spirits: str | None = None,
        random_spirits: app_commands.Range[int, 1, 4] | None = None,
        boards: str | None = None, adversary: str | None = None, level: str | None = None,
    ) -> None:
        await self.set_up(interaction, lobby.SetupRequest(
            preset=preset.value if preset else None, spirits=spirits,
            random_spirits=random_spirits, boards=boards, adversary=adversary, level=level))

    async def set_up(self, interaction: discord.Interaction,
                     request: lobby.SetupRequest) -> None:
        """Draw what is random now, store every option through the lobby (host only, each
        checked by the engine's options) and redraw the lobby message."""
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            game = await self.si_game_here(interaction)
            if game.status != "lobby":
                raise Refusal("table.not_in_lobby", status=game.status)
            await interaction.response.defer(ephemeral=True, thinking=True)
            async with self.bot.game_lock(game.id):
                record = await self.bot.store.get_game(game.id)
                if record.host_id != interaction.user.id:
                    raise Refusal("table.not_host", host=f"<@{record.host_id}>")
                options = lobby.resolve(request, max(1, len(record.seats)),
                                        dict(record.options), self.rng)
                if not options:
                    raise Refusal("spirit_island.setup.nothing")
                for name, value in options.items():
                    record = await self.bot.table.set_option(
                        game.id, interaction.user.id, name, value)
                lobby_cog = self.bot.get_cog("Lobby")
                if lobby_cog is not None:
                    await lobby_cog.refresh_lobby(record)  # type: ignore[attr-defined]
            await send_private(interaction, command_words.setup_summary(options, lang))

    @setup_command.autocomplete("spirits")
    async def spirits_autocomplete(self, interaction: discord.Interaction, current: str
                                   ) -> list[app_commands.Choice[str]]:
        lang = lang_from_locale(str(interaction.locale))
        return command_words.spirit_choices(current, lang)[:CHOICES_MAX]

    @setup_command.autocomplete("adversary")
    async def adversary_autocomplete(self, interaction: discord.Interaction, current: str
                                     ) -> list[app_commands.Choice[str]]:
        lang = lang_from_locale(str(interaction.locale))
        return _choices(command_words.adversaries(lang), current)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(SpiritIslandCommands(bot))
