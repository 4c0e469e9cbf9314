"""One home per text: every game's texts (its engine's and its Discord side's) are keyed
under the game's name, each platform catalogue's under its module's name (`table.`,
`discord.`); no key is defined twice, so a new game's key can never shadow another's
silently; both languages hold the same keys; no text is unused."""

from __future__ import annotations

import pkgutil
from collections import defaultdict
from importlib import import_module
from pathlib import Path

import pytest

import rules
from bot import locales
from bot.i18n import own_catalogues
from bot.locales import discord as adapter
from bot.locales import platform_catalogues
from bot.locales import table as table_texts
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


PLATFORM = sorted(m.name for m in pkgutil.iter_modules(locales.__path__))


@pytest.mark.parametrize("name", PLATFORM)
def test_every_platform_text_is_keyed_under_its_catalogues_name(name: str) -> None:
    messages = import_module(f"bot.locales.{name}").MESSAGES
    assert set(messages) == {"en", "ko"}
    assert set(messages["en"]) == set(messages["ko"]), name
    stray = [key for key in messages["en"] if not key.startswith(f"{name}.")]
    assert stray == [], (name, stray[:10])


def test_the_table_catalogue_is_found_and_prefixed() -> None:
    assert "table" in PLATFORM and "discord" in PLATFORM
    assert table_texts.MESSAGES in platform_catalogues()
    assert len(table_texts.EN) > 40 and all(k.startswith("table.") for k in table_texts.KO)


def test_no_game_takes_a_platform_catalogues_name() -> None:
    # a game called "table" would key its texts "table.…" beside the table service's
    assert not set(PLATFORM) & set(GAMES)
    for game in GAMES:
        for catalogue in own_catalogues(game):
            for lang in catalogue:
                assert not [k for k in catalogue[lang] if k.split(".")[0] in PLATFORM], game


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
    # no platform key takes a game's name as its first word
    assert not [
        key
        for key, who in owners.items()
        if any(w.startswith("platform") for w in who) and key.split(".")[0] in GAMES
    ]


ROOT = Path(__file__).resolve().parents[1]


def _source() -> str:
    """Every non-test Python file: where a text is used, by its key or a key's f-string."""
    return "\n".join(
        p.read_text(encoding="utf-8")
        for p in ROOT.rglob("*.py")
        if not {".venv", "tests"} & set(p.relative_to(ROOT).parts)
    )


def unused_keys(game: str, keys: set[str], source: str, bare: bool = True) -> list[str]:
    """Keys nothing names: not as a literal (with or, if `bare`, without the owner's prefix:
    an engine names its keys without it) and not as a prefix an f-string completes
    (f"citadels.ev.{kind}", f"decision.{kind}")."""
    out = []
    for key in sorted(keys):
        short = key.removeprefix(f"{game}.") if bare else key
        if f'"{key}"' in source or f'"{short}"' in source:
            continue
        parts = key.split(".")
        stems = [".".join(parts[:i]) + "." for i in range(len(parts) - 1, 0, -1)]
        short_stems = [stem.removeprefix(game + ".") if bare else stem for stem in stems]
        if not any(
            f'f"{stem}{{' in source or f'f"{short}{{' in source
            for stem, short in zip(stems, short_stems, strict=True)
            if stem != f"{game}."
        ):
            out.append(key)
    return out


@pytest.mark.parametrize("game", GAMES)
def test_no_game_text_is_unused(game: str) -> None:
    source = _source()
    keys = {key for catalogue in own_catalogues(game) for key in catalogue["en"]}
    assert unused_keys(game, keys, source) == []
    # the check is not vacuous: a key nothing names is found
    assert unused_keys(game, {f"{game}.nobody_says.this"}, source) == [f"{game}.nobody_says.this"]


@pytest.mark.parametrize("name", PLATFORM)
def test_no_platform_text_is_unused(name: str) -> None:
    """A platform key is named in full ("table.stale", f"table.status.{status}"): its bare
    words ("stale", "started") are ordinary values elsewhere and prove nothing."""
    source = _source()
    keys = set(import_module(f"bot.locales.{name}").MESSAGES["en"])
    assert unused_keys(name, keys, source, bare=False) == []
    nobody = f"{name}.nobody_says.this"
    assert unused_keys(name, {nobody, f"{name}.stale"} - keys, source, bare=False) == sorted(
        {nobody, f"{name}.stale"} - keys
    )
