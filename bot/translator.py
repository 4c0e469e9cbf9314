"""Localised slash-command names and descriptions (Korean) through app_commands.Translator.

Translations are keyed by where a text sits in the command tree, never by its English
wording, so rewording an English description cannot silently drop its Korean:

    <prefix>.command.<path>                  a command's or group's name ("discord.command.game.new")
    <prefix>.command.<path>.description      its description
    <prefix>.command.<path>.<param>          a parameter's name (its Python name)
    <prefix>.command.<path>.<param>.description
    a choice's name: the `key` its locale_str carries (locale_str("Korean", key="..."))

`<prefix>` is `discord` for the platform's commands and the game's name for a command defined
in `bot/games/<game>/`. The texts are the `COMMANDS` catalogues (bot/locales/discord.py and
each game's `GameUI.commands`), keyed by these keys.
"""

from __future__ import annotations

import pkgutil
from functools import cache
from importlib import import_module
from typing import Any

import discord
from discord import app_commands

from bot import games, locales
from bot.locales import discord as discord_texts

# Discord locales we translate to -> our catalogue language.
LOCALES: dict[discord.Locale, str] = {discord.Locale.korean: "ko"}
GAMES_PACKAGE = "bot.games."
PLATFORM_PREFIX = "discord"

Where = app_commands.TranslationContextLocation


@cache
def platform_commands() -> tuple[Any, ...]:
    """The COMMANDS of the other platform catalogues (bot/locales/*.py), for the commands a
    platform feature adds in its own cog; their keys are `discord.command.…` all the same."""
    found = []
    for module in pkgutil.iter_modules(locales.__path__):
        commands = getattr(import_module(f"bot.locales.{module.name}"), "COMMANDS", None)
        if commands is not None and commands is not discord_texts.COMMANDS:
            found.append(commands)
    return tuple(found)


def command_catalogues() -> list[Any]:
    """Every command catalogue: the adapter's own, the other platform modules', then each
    game's command groups."""
    return [discord_texts.COMMANDS, *platform_commands(),
            *(g.commands for g in games.all_games().values())]


def lookup(key: str, lang: str) -> str | None:
    for catalogue in command_catalogues():
        found = catalogue.get(lang, {}).get(key)
        if found is not None:
            return found
    return None


def prefix_of(module: str | None) -> str:
    """`discord` for the platform's commands, the game's name for a game's own."""
    if module and module.startswith(GAMES_PACKAGE):
        return module[len(GAMES_PACKAGE) :].split(".")[0]
    return PLATFORM_PREFIX


def command_key(command: Any) -> str:
    """The key of a command or group: its prefix and qualified name."""
    path = ".".join(command.qualified_name.split())
    return f"{prefix_of(getattr(command, 'module', None))}.command.{path}"


def text_key(
    string: app_commands.locale_str, context: app_commands.TranslationContext
) -> str | None:
    """The catalogue key of one translatable text of the command tree, or None."""
    explicit = string.extras.get("key")
    if explicit:
        return str(explicit)
    data = context.data
    location = context.location
    if location in (Where.command_name, Where.group_name):
        return command_key(data)
    if location in (Where.command_description, Where.group_description):
        return command_key(data) + ".description"
    if location is Where.parameter_name:
        return f"{command_key(data.command)}.{data.name}"
    if location is Where.parameter_description:
        return f"{command_key(data.command)}.{data.name}.description"
    return None


class BotTranslator(app_commands.Translator):
    async def translate(
        self,
        string: app_commands.locale_str,
        locale: discord.Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        lang = LOCALES.get(locale)
        if lang is None:
            return None  # Discord then shows the English text
        key = text_key(string, context)
        return lookup(key, lang) if key else None
