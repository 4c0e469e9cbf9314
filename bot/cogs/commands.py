"""The slash commands: the `/game` group and the top-level `/play` and `/games`.

Declared in one place (names and descriptions are translated by bot/translator.py);
each command only hands over to the cog of its concern (Lobby, Play, Info).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import lang_from_locale, t

if TYPE_CHECKING:
    from bot.app import GameBot


def _cog(bot: GameBot, name: str) -> Any:
    return bot.get_cog(name)


async def game_name_autocomplete(
    interaction: discord.Interaction, current: str
) -> list[app_commands.Choice[str]]:
    lang = lang_from_locale(str(interaction.locale))
    names = [n for n in interaction.client.games if current.lower() in n]  # type: ignore[attr-defined]
    return [app_commands.Choice(name=f"{t(f'{n}.name', lang)} ({n})", value=n)
            for n in names[:25]]


class GameCommands(commands.GroupCog, group_name="game",
                   group_description="Play board games in this server"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        super().__init__()

    @app_commands.command(name="new", description="Open a new game lobby in a thread")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_name_autocomplete)
    @app_commands.guild_only()
    async def new(self, interaction: discord.Interaction, game: str) -> None:
        await _cog(self.bot, "Lobby").new_game(interaction, game.strip().lower())

    @app_commands.command(
        name="status", description="Whose turn it is and what the game waits for"
    )
    async def status(self, interaction: discord.Interaction) -> None:
        await _cog(self.bot, "Play").status(interaction)

    @app_commands.command(name="board", description="Post the table picture")
    async def board(self, interaction: discord.Interaction) -> None:
        await _cog(self.bot, "Play").board(interaction)

    @app_commands.command(name="hand", description="Your private view, only to you")
    async def hand(self, interaction: discord.Interaction) -> None:
        await _cog(self.bot, "Play").hand(interaction)

    @app_commands.command(name="log", description="The game's public move log")
    async def log(self, interaction: discord.Interaction) -> None:
        await _cog(self.bot, "Play").log(interaction)

    @app_commands.command(name="undo", description="Take back your last action")
    async def undo(self, interaction: discord.Interaction) -> None:
        await _cog(self.bot, "Play").undo(interaction)

    @app_commands.command(name="leave", description="Vote to abandon this game")
    @app_commands.describe(withdraw="Take back your vote to abandon")
    async def leave(self, interaction: discord.Interaction, withdraw: bool = False) -> None:
        await _cog(self.bot, "Play").leave(interaction, withdraw)

    @app_commands.command(name="option", description="Set a lobby option (host only)")
    @app_commands.describe(
        name="Which option (autocomplete lists this lobby's options)",
        value="Its value: pick one, or type it (lists: items separated by commas)",
    )
    async def option(self, interaction: discord.Interaction, name: str, value: str) -> None:
        await _cog(self.bot, "Lobby").option_command(interaction, name, value)

    @option.autocomplete("name")
    async def option_name_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _cog(self.bot, "Lobby").option_names(interaction, current)

    @option.autocomplete("value")
    async def option_value_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        name = str(getattr(interaction.namespace, "name", "") or "")
        return await _cog(self.bot, "Lobby").option_value_choices(interaction, name, current)

    @app_commands.command(
        name="settings", description="Reminders, deadline and language of this game (host only)"
    )
    @app_commands.describe(
        remind_after="Hours before the first reminder",
        remind_every="Hours between reminders",
        deadline="Hours per decision before its default move (0 = off)",
        language="The thread's language",
    )
    @app_commands.choices(language=[
        app_commands.Choice(name=app_commands.locale_str(
            "Korean", key="discord.command.game.settings.language.ko"), value="ko"),
        app_commands.Choice(name=app_commands.locale_str(
            "English", key="discord.command.game.settings.language.en"), value="en"),
    ])
    async def settings(
        self,
        interaction: discord.Interaction,
        remind_after: app_commands.Range[float, 0.1, 720.0] | None = None,
        remind_every: app_commands.Range[float, 0.1, 720.0] | None = None,
        deadline: app_commands.Range[float, 0.0, 720.0] | None = None,
        language: app_commands.Choice[str] | None = None,
    ) -> None:
        await _cog(self.bot, "Info").settings(
            interaction, remind_after, remind_every, deadline,
            language.value if language is not None else None,
        )


class TopCommands(commands.Cog, name="TopCommands"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    @app_commands.command(name="play", description="Make a move in this game's notation")
    @app_commands.describe(move="Your move (autocomplete lists the legal ones)")
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        await _cog(self.bot, "Play").play(interaction, move)

    @play.autocomplete("move")
    async def play_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        return await _cog(self.bot, "Play").play_autocomplete(interaction, current)

    @app_commands.command(
        name="games", description="Every game, in every server, that waits on you"
    )
    async def games(self, interaction: discord.Interaction) -> None:
        await _cog(self.bot, "Info").games(interaction)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(GameCommands(bot))
    await bot.add_cog(TopCommands(bot))
