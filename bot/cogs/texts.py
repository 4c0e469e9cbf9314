"""Localised text for one reader of a game: titles, engine messages with names filled in,
choice labels, the choice components of a decision, final scores. Not a cog."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import discord

import rules
from bot import citadels_ui
from bot.components import choice_view
from bot.i18n import describe_choice, describe_decision, describe_event, t
from rules.core import Choice, Decision, Event, Result
from storage.base import GameRecord

# Per game: the engine's message params that name seats/cards, filled from a view.
ParamFiller = Callable[[dict[str, Any], dict[str, Any], list[str]], dict[str, Any]]
PARAM_FILLERS: dict[str, ParamFiller] = {"citadels": citadels_ui.event_params}


def game_lang(game: GameRecord) -> str:
    """The thread's language: /game settings may override it after the lobby."""
    return str(game.settings.get("lang") or game.lang)


def thread_link(game: GameRecord) -> str:
    where = game.guild_id if game.guild_id is not None else "@me"
    return f"https://discord.com/channels/{where}/{game.thread_id or game.channel_id}"


def game_title(game: GameRecord, lang: str) -> str:
    return t(f"discord.game.{game.game}", lang)


@dataclass
class Texts:
    """Localised text for one reader of one game: names filled in from their view."""

    game: GameRecord
    lang: str
    view: dict[str, Any] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)

    def params(self, params: dict[str, Any]) -> dict[str, Any]:
        filler = PARAM_FILLERS.get(self.game.game)
        return filler(params, self.view, self.names) if filler else params

    def event(self, event: Event) -> str:
        return describe_event(event.model_copy(update={"params": self.params(event.params)}),
                              self.lang)

    def decision(self, decision: Decision) -> str:
        filled = decision.model_copy(update={"params": self.params(decision.params)})
        text = describe_decision(filled, self.lang)
        if not decision.choices:
            text += "\n" + t("discord.prompt.notation", self.lang)
        return text

    def choice(self, choice: Choice) -> str:
        """The engine's label if it has one, else the notation in the reader's language."""
        label = describe_choice(choice, self.lang)
        if label == choice.text and self.lang != "en" and self.game.snapshot is not None:
            try:
                return rules.get_engine(self.game.game).format(
                    self.game.snapshot, choice.action, self.lang)
            except Exception:  # a label is not worth a failed prompt
                return label
        return label


def decision_view(texts: Texts, decision: Decision, page: int = 0) -> discord.ui.View:
    choices = [(c.text, texts.choice(c)) for c in decision.choices or []]
    return choice_view(
        texts.game.id,
        decision.key,
        choices,
        page=page,
        placeholder=t("discord.select.placeholder", texts.lang),
        more_label=t("discord.button.more", texts.lang),
    )


def score_lines(result: Result, names: list[str], lang: str) -> list[str]:
    lines = [t("discord.finished.title", lang)]
    for score in result.scores:
        name = names[score.seat] if score.seat < len(names) else str(score.seat + 1)
        lines.append(t("discord.finished.line", lang, rank=score.rank, name=name,
                       total=score.total))
        parts = ", ".join(f"{k} {v}" for k, v in score.breakdown.items() if v)
        if parts:
            lines.append(t("discord.finished.breakdown", lang, parts=parts))
    return lines
