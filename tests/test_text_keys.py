"""One home per text: every game's texts (its engine's and its Discord side's) are keyed
under the game's name, the adapter's under `discord.`; no key is defined twice, so a new
game's key can never shadow another's silently; both languages hold the same keys."""

from __future__ import annotations

from collections import defaultdict
from pathlib import Path

import pytest

import rules
from bot.i18n import own_catalogues
from bot.locales import discord as adapter
from bot.locales import platform_catalogues
from bot.translator import command_catalogues

GAMES = rules.available()


@pytest.mark.parametrize("game", GAMES)
def test_every_text_of_a_game_is_keyed_under_its_name(game: str) -> None:
    for catalogue in own_catalogues(game):
        for lang in ("en", "ko"):
            stray = [key for key in catalogue.get(lang, {}) if not key.startswith(f"{game}.")]
            assert stray == [], (game, lang, stray[:10])


@pytest.mark.parametrize("game", GAMES)
def test_a_games_texts_exist_in_both_languages(game: str) -> None:
    for catalogue in own_catalogues(game):
        assert set(catalogue["en"]) == set(catalogue["ko"])


def test_the_adapters_texts_are_keyed_under_discord() -> None:
    for lang in ("en", "ko"):
        assert all(key.startswith("discord.") for key in adapter.MESSAGES[lang])
    for catalogue in command_catalogues():
        for key in catalogue.get("ko", {}):
            assert key.split(".")[0] in {"discord", *GAMES}, key


def test_no_key_is_defined_twice() -> None:
    owners: dict[str, set[str]] = defaultdict(set)
    for i, catalogue in enumerate(platform_catalogues()):
        for lang in catalogue:
            for key in catalogue[lang]:
                owners[key].add(f"platform #{i}")
    for game in GAMES:
        for catalogue in own_catalogues(game):
            for lang in catalogue:
                for key in catalogue[lang]:
                    owners[key].add(game)
    assert {key: who for key, who in owners.items() if len(who) > 1} == {}
    # the table's own (unprefixed) keys never take a game's name as their first word
    assert not [key for key, who in owners.items()
                if any(w.startswith("platform") for w in who) and key.split(".")[0] in GAMES]


ROOT = Path(__file__).resolve().parents[1]


def _source() -> str:
    """Every non-test Python file: where a text is used, by its key or a key's f-string."""
    return "\n".join(p.read_text(encoding="utf-8") for p in ROOT.rglob("*.py")
                     if not {".venv", "tests"} & set(p.relative_to(ROOT).parts))


def unused_keys(game: str, keys: set[str], source: str) -> list[str]:
    """Keys nothing names: not as a literal (with or without the game's prefix) and not as
    a prefix an f-string completes (f"citadels.ev.{kind}", f"decision.{kind}")."""
    out = []
    for key in sorted(keys):
        short = key.removeprefix(f"{game}.")
        if f'"{key}"' in source or f'"{short}"' in source:
            continue
        parts = key.split(".")
        stems = [".".join(parts[:i]) + "." for i in range(len(parts) - 1, 0, -1)]
        if not any(f'f"{stem}{{' in source or f'f"{stem.removeprefix(game + ".")}{{' in source
                   for stem in stems if stem != f"{game}."):
            out.append(key)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_no_game_text_is_unused(game: str) -> None:
    source = _source()
    keys = {key for catalogue in own_catalogues(game) for key in catalogue["en"]}
    assert unused_keys(game, keys, source) == []
    # the check is not vacuous: a key nothing names is found
    assert unused_keys(game, {f"{game}.nobody_says.this"}, source) == [f"{game}.nobody_says.this"]
