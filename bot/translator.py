"""Localised slash-command names and descriptions (Korean) through app_commands.Translator."""

from __future__ import annotations

import discord
from discord import app_commands

from bot.locales.discord import COMMANDS

# Discord locales we translate to -> our catalogue language.
LOCALES: dict[discord.Locale, str] = {discord.Locale.korean: "ko"}


def translate_text(text: str, lang: str) -> str | None:
    return COMMANDS.get(lang, {}).get(text)


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
