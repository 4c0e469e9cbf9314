"""Korean command names through the Translator, and the synced command payloads' limits."""

from __future__ import annotations

import re

import discord
import pytest
from discord import app_commands

from bot.locales.discord import COMMANDS, MESSAGES
from bot.translator import BotTranslator

NAME = re.compile(r"^[-_\w]{1,32}$")


async def _translate(text: str, locale: discord.Locale) -> str | None:
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.command_name, data=None
    )
    return await BotTranslator().translate(app_commands.locale_str(text), locale, context)


@pytest.mark.parametrize(
    ("english", "korean"),
    [("game", "게임"), ("new", "새게임"), ("games", "내게임"), ("play", "행동")],
)
async def test_korean_names(english: str, korean: str) -> None:
    assert await _translate(english, discord.Locale.korean) == korean


async def test_other_locales_fall_back_to_english() -> None:
    assert await _translate("game", discord.Locale.american_english) is None
    assert await _translate("game", discord.Locale.japanese) is None
    assert await _translate("not a command text", discord.Locale.korean) is None


def test_korean_command_names_are_valid_discord_names() -> None:
    for english, korean in COMMANDS["ko"].items():
        if NAME.match(english) and english == english.lower():  # a name, not a description
            assert NAME.match(korean) and korean == korean.lower(), korean
        assert len(korean) <= 100


def test_catalogue_has_both_languages() -> None:
    assert set(MESSAGES["en"]) == set(MESSAGES["ko"])
    assert all(key.startswith("discord.") for key in MESSAGES["en"])


async def test_synced_payload_is_translated_and_within_limits(monkeypatch) -> None:
    """Build the real command tree (no network) and check what a sync would send."""
    from bot.app import GameBot
    from bot.cogs import commands as command_cogs
    from bot.settings import Settings

    bot = GameBot(Settings())
    await command_cogs.setup(bot)
    translator = BotTranslator()
    payloads = [
        await cmd.get_translated_payload(bot.tree, translator)
        for cmd in bot.tree.get_commands()
    ]
    by_name = {p["name"]: p for p in payloads}
    assert set(by_name) == {"game", "play", "games"}
    game = by_name["game"]
    assert game["name_localizations"]["ko"] == "게임"
    subs = {o["name"]: o for o in game["options"]}
    assert set(subs) == {"new", "status", "board", "hand", "log", "undo", "leave", "settings",
                         "option"}
    assert subs["option"]["name_localizations"]["ko"] == "옵션"
    assert [o["name_localizations"]["ko"] for o in subs["option"]["options"]] == ["항목", "값"]
    assert subs["hand"]["name_localizations"]["ko"] == "손에든카드"

    def walk(node: dict) -> None:
        assert NAME.match(node["name"])
        assert 1 <= len(node.get("description", "x")) <= 100
        for loc in node.get("name_localizations", {}).values():
            assert NAME.match(loc) and loc == loc.lower()
        for loc in node.get("description_localizations", {}).values():
            assert 1 <= len(loc) <= 100
        for option in node.get("options", []):
            walk(option)

    for payload in payloads:
        walk(payload)
    await bot.close()


def test_korean_messages_name_commands_as_korean_players_see_them() -> None:
    """A Korean text that tells the reader to type a command names it in Korean, as
    Discord shows it to them (`/행동`, not `/play`)."""
    import re

    from bot.games.terra_mystica import texts as tm_locale
    from bot.i18n import catalogues
    from bot.locales import discord as discord_locale

    korean = set(discord_locale.COMMANDS["ko"].values()) | set(tm_locale.COMMANDS["ko"].values())
    mentions = []
    for catalogue in catalogues():
        for key, text in catalogue.get("ko", {}).items():
            for command in re.findall(r"`/([^`]+)`", text):
                words = [w.split(":")[0] for w in command.split()]
                # the TM planner's example moves are snellman notation, not command words
                words = words[:2] if words[0] == "테라" else words
                mentions.append((key, command))
                assert all(w in korean for w in words), (key, command)
    assert len(mentions) >= 5
