"""Localised slash-command names and descriptions (Korean) through app_commands.Translator."""

from __future__ import annotations

import discord
from discord import app_commands

from bot import games
from bot.locales import discord as discord_texts

# Discord locales we translate to -> our catalogue language.
LOCALES: dict[discord.Locale, str] = {discord.Locale.korean: "ko"}


def command_catalogues() -> list:
    """Every command catalogue: the adapter's own, then each game's command groups."""
    return [discord_texts.COMMANDS, *(g.commands for g in games.all_games().values())]


def translate_text(text: str, lang: str) -> str | None:
    for catalogue in command_catalogues():
        found = catalogue.get(lang, {}).get(text)
        if found is not None:
            return found
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
        return translate_text(string.message, lang)
