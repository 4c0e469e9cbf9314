"""The README against the real bot: every slash command of the synced tree (with its Korean
name and options), every setting, the invite link's permissions and scopes, the intents,
and every notation example (parsed by the engines)."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlparse

import discord
import pytest

import rules
from bot.app import bot_intents, create_bot, extension_modules
from bot.settings import ENV_FIELDS, Settings, load_settings, parse_env_file
from bot.translator import BotTranslator

ROOT = Path(__file__).resolve().parents[1]
README = (ROOT / "README.md").read_text(encoding="utf-8")

# What the bot does in a server -> the permission flag it needs (discord.Permissions name),
# the name Discord's invite screen shows, and why.
NEEDED_PERMISSIONS: dict[str, tuple[str, str]] = {
    "view_channel": ("View Channels", "sees the channel of /game new and its threads"),
    "send_messages": ("Send Messages", "thread_for falls back to the channel"),
    "create_public_threads": ("Create Public Threads", "each game opens its own thread"),
    "send_messages_in_threads": ("Send Messages in Threads", "lobby, moves, prompts"),
    "manage_threads": ("Manage Threads", "thread_for unarchives, also a locked one"),
    "attach_files": ("Attach Files", "the table picture (board, each move, /tm plan)"),
    "read_message_history": ("Read Message History", "edits its own lobby and prompts"),
    "pin_messages": ("Pin Messages", "pins the table board of /game board-here"),
}
# The same permissions as the Korean Discord app names them (the invite screen, channel
# settings): the README's Korean set-up section lists them so.
KOREAN_PERMISSIONS: dict[str, str] = {
    "view_channel": "채널 보기",
    "send_messages": "메시지 보내기",
    "create_public_threads": "공개 스레드 만들기",
    "send_messages_in_threads": "스레드에서 메시지 보내기",
    "manage_threads": "스레드 관리하기",
    "attach_files": "파일 첨부",
    "read_message_history": "메시지 기록 보기",
    "pin_messages": "메시지 고정하기",
}
SCOPES = {"bot", "applications.commands"}
PRIVILEGED_INTENTS = ("members", "presences", "message_content")

OPTION_TYPES = range(3, 12)  # Discord option types that are parameters (not subcommands)


async def synced_commands() -> list[dict[str, Any]]:
    """The command payloads the bot syncs to Discord, with Korean localisations."""
    bot = create_bot(Settings(token="unused"), store=object())  # type: ignore[arg-type]
    try:
        for module in extension_modules():
            await bot.load_extension(module)
        translator = BotTranslator()
        return [await cmd.get_translated_payload(bot.tree, translator)
                for cmd in bot.tree.get_commands()]
    finally:
        await bot.close()


def leaves(payload: dict[str, Any], en: str = "", ko: str = "") -> list[dict[str, Any]]:
    """Each invocable command: English and Korean path, and its parameters."""
    en = f"{en} {payload['name']}".strip()
    ko = f"{ko} {(payload.get('name_localizations') or {}).get('ko', payload['name'])}".strip()
    options = payload.get("options") or []
    subs = [o for o in options if o["type"] in (1, 2)]
    if subs:
        return [leaf for sub in subs for leaf in leaves(sub, en, ko)]
    params = [o for o in options if o["type"] in OPTION_TYPES]
    return [{"en": "/" + en, "ko": "/" + ko, "params": params}]


def readme_row(command: str) -> str:
    """The README's command table row whose first cell starts with `command`."""
    rows = [line for line in README.splitlines()
            if re.match(rf"^\| `{re.escape(command)}( [^`]*)?` \|", line)]
    assert len(rows) == 1, f"{command}: no row (or several) in the README's command table"
    return rows[0]


def section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start:end if end != -1 else None]


async def test_every_command_of_the_synced_tree_is_in_the_readme() -> None:
    found = [leaf for payload in await synced_commands() for leaf in leaves(payload)]
    assert {leaf["en"] for leaf in found} >= {"/play", "/games", "/game new", "/tm plan"}
    for leaf in found:
        row = readme_row(leaf["en"])
        cells = row.split(" | ")
        assert f"`{leaf['ko']}" in cells[1], f"{leaf['en']}: Korean name {leaf['ko']}"
        for param in leaf["params"]:
            ko = (param.get("name_localizations") or {}).get("ko", param["name"])
            shape = "<{}>" if param.get("required") else "[{}]"
            assert shape.format(param["name"]) in cells[0], (leaf["en"], param["name"])
            assert shape.format(ko) in cells[1], (leaf["en"], ko)
            for choice in param.get("choices") or []:
                assert f"`{choice['value']}`" in row, (leaf["en"], choice["value"])


def test_readme_lists_no_command_the_bot_lacks() -> None:
    import asyncio

    real = {leaf["en"] for p in asyncio.run(synced_commands()) for leaf in leaves(p)}
    table = section("Commands")
    listed = set(re.findall(r"^\| `(/[a-z-]+(?: [a-z-]+)?)", table, re.M))
    assert listed == real


def test_every_setting_is_in_env_example_and_the_readme() -> None:
    example = parse_env_file((ROOT / ".env.example").read_text(encoding="utf-8"))
    assert set(ENV_FIELDS.values()) == set(Settings.model_fields)  # no field without a variable
    assert set(example) == set(ENV_FIELDS), "the .env.example lines are the settings"
    table = section("Settings")
    defaults = dict(re.findall(r"^\| `([A-Z_]+)` \| (\S+) \|", table, re.M))
    assert set(defaults) == set(ENV_FIELDS)
    for name, field in ENV_FIELDS.items():  # the README's default is the real default
        shown = defaults[name].strip("`")
        real = getattr(Settings(), field)
        if shown == "(none)":
            assert real is None, name
        else:
            assert getattr(load_settings({name: shown}, env_file=None), field) == real, name
    assert set(load_settings(example, env_file=None).model_dump()) == set(Settings.model_fields)


def invite_link() -> tuple[set[str], discord.Permissions]:
    [url] = re.findall(r"https://discord\.com/oauth2/authorize\?\S+", README)
    query = parse_qs(urlparse(url).query)
    return set(query["scope"][0].split()), discord.Permissions(int(query["permissions"][0]))


def test_invite_link_grants_what_the_bot_needs_and_nothing_unexplained() -> None:
    scopes, granted = invite_link()
    assert scopes == SCOPES
    have = {name for name, on in granted if on}
    aliases = {"read_messages": "view_channel"}  # discord.py's older name of the same bit
    have = {aliases.get(name, name) for name in have}
    assert set(NEEDED_PERMISSIONS) <= have, f"missing: {set(NEEDED_PERMISSIONS) - have}"
    assert have <= set(NEEDED_PERMISSIONS), f"unexplained: {have - set(NEEDED_PERMISSIONS)}"
    listed = section("Setting up the Discord application")
    for shown, _why in NEEDED_PERMISSIONS.values():  # the names the invite screen shows
        assert f"| {shown} |" in listed, shown


def test_the_needed_permissions_are_real_flags() -> None:
    for name in NEEDED_PERMISSIONS:  # a typo in the table would silently pass otherwise
        assert getattr(discord.Permissions(**{name: True}), name)


def test_no_privileged_intent_as_the_readme_says() -> None:
    intents = bot_intents()
    assert not any(getattr(intents, name) for name in PRIVILEGED_INTENTS)
    assert "No privileged intents are needed" in README
    for shown in ("Presence", "Server Members", "Message Content"):
        assert f"*{shown}*" in README


def examples(game: str) -> list[tuple[str, str]]:
    """The (English, Korean) rows of the README's marked example table of `game`."""
    block = re.search(rf"<!-- notation-examples: {game} -->\n(.*?)<!-- /notation-examples -->",
                      README, re.S)
    assert block, f"no marked example block for {game}"
    rows = re.findall(r"^\| `([^`]+)` \| `([^`]+)` \|$", block.group(1), re.M)
    assert len(rows) >= 5
    return rows


@pytest.mark.parametrize("game", ["citadels", "terra_mystica"])
def test_each_notation_example_parses_to_the_same_move_in_both_languages(game: str) -> None:
    engine = rules.get_engine(game)
    state = engine.setup(engine.Options(), engine.min_seats + 1, 7)
    for english, korean in examples(game):
        action = engine.parse(state, 0, english)
        assert engine.parse(state, 0, korean) == action, (english, korean)
        # The engine writes it back in a form it reads as the same move, in both languages.
        for lang in ("en", "ko"):
            assert engine.parse(state, 0, engine.format(state, action, lang)) == action


def test_an_unreadable_example_would_fail() -> None:
    engine = rules.get_engine("citadels")
    state = engine.setup(engine.Options(), 3, 7)
    with pytest.raises(rules.core.RuleError):
        engine.parse(state, 0, "kill 4")  # characters are named, not numbered


def test_citadels_grammar_matches_the_engine_notation_doc() -> None:
    doc = (ROOT / "rules" / "citadels" / "NOTATION.md").read_text(encoding="utf-8")
    table = [line for line in doc.splitlines() if line.startswith("| `")]
    assert table and all(line in README for line in table)


def test_every_citadels_verb_and_alias_is_documented() -> None:
    from rules.citadels.notation import VERBS, WRITTEN_ONLY

    doc = (ROOT / "rules" / "citadels" / "NOTATION.md").read_text(encoding="utf-8")
    table = "\n".join(line for line in doc.splitlines() if line.startswith("| `"))
    codes = re.findall(r"`([^`]+)`", table)
    written = set(codes) | {word for code in codes for word in code.split()}
    for verb, korean, aliases, _ in VERBS.values():
        for word in (verb, korean, *aliases):
            if verb in WRITTEN_ONLY:  # old logs' menu words: said in prose
                assert f"`{word}`" in doc, word
            else:
                assert word in written, word


def test_every_lobby_option_is_in_the_readme_with_its_default() -> None:
    from bot.cogs.lobby import value_label
    from bot.table_options import option_specs

    section = README.split("## Game options", 1)[1].split("\n## ", 1)[0]
    rows = {line.split("|")[1].strip(" `"): line for line in section.splitlines()
            if line.startswith("| `")}
    for game in ("citadels", "terra_mystica", "spirit_island"):
        for spec in option_specs(game, rules.get_engine(game).Options):
            assert spec.name in rows, spec.name
            if spec.kind != "seat":
                assert f"| {value_label(spec, spec.default, 'en')} |" in rows[spec.name]


def test_readme_says_how_to_find_the_dev_guild_id() -> None:
    setup = section("Setting up the Discord application")
    assert "`DEV_GUILD_ID`" in setup
    assert "Settings → Advanced → Developer Mode" in setup and "Copy Server ID" in setup


def test_readme_names_the_full_and_the_fast_test_commands() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    for target in ("test", "test-fast"):
        assert f"make {target}" in README, target
        assert re.search(rf"^{target}:", makefile, re.M), target
    assert '-m "not e2e"' in README and '-m "not e2e"' in makefile
    assert "pytest-timeout" in README and "pytest-xdist" in README


def test_the_korean_set_up_section_names_each_permission_as_the_korean_app_does() -> None:
    assert set(KOREAN_PERMISSIONS) == set(NEEDED_PERMISSIONS)
    korean = section("디스코드 앱 준비 (한국어)")
    for name, shown in KOREAN_PERMISSIONS.items():
        assert f"| {shown} | {NEEDED_PERMISSIONS[name][0]} |" in korean, shown
    for word in ("토큰", "`.env`", "DISCORD_TOKEN", "초대 링크", "applications.commands"):
        assert word in korean, word
    # the bot's own refusal ("“파일 첨부” 권한이 없습니다") names a permission the same way
    from bot.locales.discord import MESSAGES

    for name, shown in KOREAN_PERMISSIONS.items():
        for lang, want in (("ko", shown), ("en", NEEDED_PERMISSIONS[name][0])):
            said = MESSAGES[lang].get(f"discord.perm.{name}")
            assert said in (None, want), (name, lang, said)
