"""Message lookup for the bot: platform catalogues (bot/locales/*.py) and every engine's.

`t()` never raises: a missing key falls back to English, then to the key itself; a missing
param stays visible as "{name}". Params that are {"en": ..., "ko": ...} dicts (names the
engines give in both languages) are read in the message's language.
"""

from __future__ import annotations

import re
import string
from collections.abc import Mapping
from typing import Any

import rules
from bot.locales import platform_catalogues
from rules.core import Choice, Decision, Event, Result

LANGS = ("en", "ko")
DEFAULT_LANG = "en"

Catalogue = Mapping[str, Mapping[str, str]]


_engine_messages: dict[str, Catalogue | None] = {}


def engine_catalogues() -> list[Catalogue]:
    """The `messages` of every engine whose package is importable (and test registrations)."""
    out = []
    for name in list(rules.ENGINES):
        if name not in _engine_messages:
            try:
                messages = getattr(rules.get_engine(name), "messages", None)
            except Exception:  # an engine not landed or broken must not silence every message
                messages = None
            _engine_messages[name] = messages if isinstance(messages, Mapping) else None
        if _engine_messages[name] is not None:
            out.append(_engine_messages[name])
    return out


def game_catalogues() -> list[Catalogue]:
    """The texts of every game's Discord side (bot/games/<name>/)."""
    from bot import games  # late: the game packages import this module

    return [g.messages for g in games.all_games().values() if g.messages]


def catalogues() -> list[Catalogue]:
    """Platform catalogues first, so game keys cannot shadow a refusal the table raises."""
    return [*platform_catalogues(), *game_catalogues(), *engine_catalogues()]


def lookup(key: str, lang: str) -> str | None:
    """The template for `key` in exactly `lang`, or None."""
    for catalogue in catalogues():
        template = catalogue.get(lang, {}).get(key)
        if template is not None:
            return template
    return None


def has(key: str, lang: str = DEFAULT_LANG) -> bool:
    return lookup(key, lang) is not None


class _Params(dict[str, Any]):
    """format_map() params that localise bilingual values and leave unknown names visible."""

    def __init__(self, params: Mapping[str, Any], lang: str) -> None:
        super().__init__(params)
        self.lang = lang

    def __getitem__(self, name: str) -> Any:
        value = super().__getitem__(name)
        if isinstance(value, Mapping) and (self.lang in value or DEFAULT_LANG in value):
            return value.get(self.lang, value.get(DEFAULT_LANG))
        if isinstance(value, list | tuple):
            return ", ".join(str(self._one(v)) for v in value)
        return value

    def _one(self, value: Any) -> Any:
        if isinstance(value, Mapping) and (self.lang in value or DEFAULT_LANG in value):
            return value.get(self.lang, value.get(DEFAULT_LANG))
        return value

    def __missing__(self, name: str) -> str:
        return "{" + name + "}"


# English plural: "{count} cards" with count 1 reads "1 card" (Korean has no plural). Only
# these nouns: a number before a verb ("{s} draws") must never lose its "s".
PLURAL_NOUNS = ("cards", "districts", "factions", "hours", "players", "points", "times",
                "days", "votes", "spades", "workers", "priests", "coins", "buildings",
                "actions", "steps", "moves", "characters", "games")
_PLURAL = re.compile(r"\{(\w+)\} (" + "|".join(n[:-1] for n in PLURAL_NOUNS) + r")s\b")


def _singular(template: str, params: Mapping[str, Any]) -> str:
    def one(match: re.Match[str]) -> str:
        value = params.get(match.group(1))
        if value == 1 and not isinstance(value, bool):
            return "{" + match.group(1) + "} " + match.group(2)
        return match.group(0)

    return _PLURAL.sub(one, template)


def fill(template: str, lang: str, params: Mapping[str, Any]) -> str:
    """Fill a template's {name} fields; a broken template comes back as it is."""
    if lang == "en":
        template = _singular(template, params)
    try:
        return string.Formatter().vformat(template, (), _Params(params, lang))
    except (ValueError, IndexError, KeyError, AttributeError, TypeError):
        return template


def t(key: str, lang: str | None = DEFAULT_LANG, /, **params: Any) -> str:
    """The message `key` in `lang` (ko/en) filled with params; English, then the key, if none."""
    lang = lang if lang in LANGS else DEFAULT_LANG
    template = lookup(key, lang)
    if template is None and lang != DEFAULT_LANG:
        template = lookup(key, DEFAULT_LANG)
    if template is None:
        return key
    return fill(template, lang, params)


def lang_from_locale(discord_locale: str | None) -> str:
    """Discord's locale ("ko", "en-US", Locale.korean...) to our two catalogues."""
    text = str(getattr(discord_locale, "value", discord_locale) or "").lower()
    return "ko" if text.startswith("ko") else "en"


def describe_event(event: Event, lang: str, game: str | None = None) -> str:
    """An engine's event; with `game`, that game's own texts first (no other game's key
    can stand in for it)."""
    template = game_template(game, event.key, lang) if game else None
    if template is not None:
        return fill(template, lang, event.params)
    return t(event.key, lang, **event.params)


def describe_decision(decision: Decision, lang: str, game: str | None = None) -> str:
    """The engine's text for a decision: "decision.<kind>", else "<kind>", else a generic one.
    With `game`, that game's own texts are searched first."""
    for key in (f"decision.{decision.kind}", decision.kind):
        template = game_template(game, key, lang) if game else None
        if template is not None:
            return fill(template, lang, decision.params)
    for key in (f"decision.{decision.kind}", decision.kind):
        if has(key, lang) or has(key):
            return t(key, lang, **decision.params)
    return t("table.decision_generic", lang, kind=decision.kind)


def own_catalogues(game: str) -> list[Catalogue]:
    """One game's texts: its Discord side's, then its engine's."""
    from bot import games  # late: the game packages import this module

    engine_catalogues()  # loads the engines' messages
    return [c for c in (games.ui(game).messages, _engine_messages.get(game)) if c]


def game_template(game: str, key: str, lang: str) -> str | None:
    """`key` from one game's own texts only (in `lang`, else English), or None. A key the
    engine gives without its game's prefix ("decision.turn", "choice.build") is read as
    "<game>.<key>": every text of a game is catalogued under its game's name."""
    keys = (key,) if key.startswith(f"{game}.") else (f"{game}.{key}", key)
    for want in (lang, DEFAULT_LANG):
        for messages in own_catalogues(game):
            for candidate in keys:
                found = messages.get(want, {}).get(candidate)
                if found is not None:
                    return found
    return None


def describe_choice(choice: Choice, lang: str, game: str | None = None) -> str:
    """A button label: the engine's "choice.<type>" message if any, else the notation text.
    With `game`, only that engine's messages count: one game's label never names another's."""
    kind = choice.action.get("type")
    key = f"choice.{kind}"
    if kind is None:
        return choice.text
    params = {k: v for k, v in choice.action.items() if k != "type"}
    if game is not None:
        template = game_template(game, key, lang)
        return choice.text if template is None else fill(template, lang,
                                                          {**params, "text": choice.text})
    if has(key, lang) or has(key):
        return t(key, lang, **{**params, "text": choice.text})
    return choice.text


def refusal_text(key: str, params: dict[str, Any], lang: str) -> str:
    """A refusal's message; a `name_key` param (an option's label key) names the option in
    `lang` instead of its field name."""
    name_key = params.get("name_key")
    if isinstance(name_key, str) and has(name_key, lang):
        params = {**params, "name": t(name_key, lang)}
    return t(key, lang, **params)


def describe_refusal(refusal: Any, lang: str) -> str:
    """A table Refusal (or an engine RuleError): anything with `key` and `params`."""
    return refusal_text(refusal.key, refusal.params, lang)


def describe_result(result: Result, players: list[int], lang: str) -> list[str]:
    """Final-score lines: a title, one line per seat by rank, then the winner line."""
    lines = [t("table.result_title", lang)]
    for s in result.scores:
        user = f"<@{players[s.seat]}>" if s.seat < len(players) else f"P{s.seat + 1}"
        lines.append(t("table.result_line", lang, rank=s.rank, user=user, total=s.total,
                       seat=s.seat + 1))
    winners = [f"<@{players[w]}>" for w in result.winners if w < len(players)]
    key = "table.result_winner" if len(winners) == 1 else "table.result_winners"
    lines.append(t(key, lang, users=", ".join(winners)))
    return lines
