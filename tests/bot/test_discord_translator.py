"""Korean command names through the Translator, and the synced command payloads' limits."""

from __future__ import annotations

import re

import discord
import pytest
from discord import app_commands

from bot.locales.discord import MESSAGES
from bot.translator import BotTranslator

NAME = re.compile(r"^[-_\w]{1,32}$")


async def _translate(key: str, locale: discord.Locale, english: str = "x") -> str | None:
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.other, data=None
    )
    string = app_commands.locale_str(english, key=key)
    return await BotTranslator().translate(string, locale, context)


@pytest.mark.parametrize(
    ("key", "korean"),
    [("discord.command.game", "게임"), ("discord.command.game.new", "새게임"),
     ("discord.command.games", "내게임"), ("discord.command.play", "행동")],
)
async def test_korean_names(key: str, korean: str) -> None:
    assert await _translate(key, discord.Locale.korean) == korean


async def test_other_locales_fall_back_to_english() -> None:
    assert await _translate("discord.command.game", discord.Locale.american_english) is None
    assert await _translate("discord.command.game", discord.Locale.japanese) is None
    assert await _translate("discord.command.nothing", discord.Locale.korean) is None


async def _synced_texts() -> dict[str, str]:
    """key -> English text of every translatable text of the synced command tree."""
    from bot.app import create_bot, extension_modules
    from bot.settings import Settings
    from bot.translator import text_key

    found: dict[str, str] = {}

    class Recorder(app_commands.Translator):
        async def translate(self, string, locale, context):  # type: ignore[override]
            key = text_key(string, context)
            assert key is not None, (string.message, context.location)
            found[key] = string.message
            return None

    bot = create_bot(Settings(token="unused"), store=object())  # type: ignore[arg-type]
    try:
        for module in extension_modules():
            await bot.load_extension(module)
        for cmd in bot.tree.get_commands():
            await cmd.get_translated_payload(bot.tree, Recorder())
    finally:
        await bot.close()
    return found


async def test_every_command_text_has_korean_and_no_korean_text_is_unused() -> None:
    """Keyed by place, not English: every text of the tree has its Korean; no key is stale."""
    from bot.translator import command_catalogues, lookup

    texts = await _synced_texts()
    assert len(texts) > 50
    missing = [key for key in texts if lookup(key, "ko") is None]
    assert missing == []
    known = {key for catalogue in command_catalogues() for key in catalogue.get("ko", {})}
    assert known - set(texts) == set()


async def test_rewording_english_keeps_the_korean() -> None:
    """The English text may change freely: the key, not the wording, finds the Korean."""
    from bot.translator import text_key

    class Command:
        qualified_name = "game new"
        module = "bot.cogs.commands"

    for location, key in (
        (app_commands.TranslationContextLocation.command_name, "discord.command.game.new"),
        (app_commands.TranslationContextLocation.command_description,
         "discord.command.game.new.description"),
    ):
        context = app_commands.TranslationContext(location=location, data=Command())
        string = app_commands.locale_str("Open a brand-new lobby (reworded)")
        assert text_key(string, context) == key
        assert await BotTranslator().translate(string, discord.Locale.korean, context)
    Command.module = "bot.games.terra_mystica.cog"
    Command.qualified_name = "tm plan"
    context = app_commands.TranslationContext(
        location=app_commands.TranslationContextLocation.command_name, data=Command())
    assert text_key(app_commands.locale_str("plan"), context) == "terra_mystica.command.tm.plan"


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
    assert subs["hand"]["name_localizations"]["ko"] == "내화면"  # short, and not Citadels-only

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
