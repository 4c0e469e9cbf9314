"""Localised text for one reader of a game: titles, engine messages with names filled in,
choice labels, the choice components of a decision, final scores. Not a cog."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import discord

import rules
from bot import games
from bot.components import (
    BUTTON_LABEL_MAX,
    KindMoreButton,
    choice_view,
    clip,
    group_choices,
    kind_token,
    kind_view,
)
from bot.i18n import describe_choice, describe_decision, describe_event, has, t
from rules.core import Action, Choice, Decision, Event, Result
from storage.base import GameRecord


def generic_kind(action: Action) -> str:
    """The action's type; for a multi-command action, its first command's type."""
    cmds = action.get("cmds")
    if action.get("type") == "seq" and isinstance(cmds, list) and cmds:
        return str(cmds[0].get("type", "seq"))
    return str(action.get("type", "other"))


def game_lang(game: GameRecord) -> str:
    """The thread's language: /game settings may override it after the lobby."""
    return str(game.settings.get("lang") or game.lang)


def thread_link(game: GameRecord) -> str:
    where = game.guild_id if game.guild_id is not None else "@me"
    return f"https://discord.com/channels/{where}/{game.thread_id or game.channel_id}"


def game_title(game: GameRecord, lang: str) -> str:
    return t(f"{game.game}.name", lang)


@dataclass
class Texts:
    """Localised text for one reader of one game: names filled in from their view."""

    game: GameRecord
    lang: str
    view: dict[str, Any] = field(default_factory=dict)
    names: list[str] = field(default_factory=list)

    def params(self, params: dict[str, Any]) -> dict[str, Any]:
        filler = games.ui(self.game.game).event_params
        return filler(params, self.view, self.names) if filler else params

    def event(self, event: Event) -> str:
        return describe_event(event.model_copy(update={"params": self.params(event.params)}),
                              self.lang, self.game.game)

    def decision(self, decision: Decision) -> str:
        implicit = games.ui(self.game.game).decision_params
        params = {**(implicit(decision, self.view) if implicit else {}), **decision.params}
        filled = decision.model_copy(update={"params": self.params(params)})
        text = describe_decision(filled, self.lang, self.game.game)
        if not decision.choices:
            text += "\n" + t("discord.prompt.notation", self.lang)
        return text

    def public_decision(self, decision: Decision) -> str:
        """What anyone may read of an open decision: a private one's text can name its
        secret (the card the Wizard took), so only that a private decision waits."""
        if decision.private:
            return t("discord.decision.private", self.lang)
        return self.decision(decision)

    def choice(self, choice: Choice, decision: Decision | None = None) -> str:
        """The game's label if it has one (naming players), else the notation in the reader's
        language. Presentation only: the choice's notation (its custom_id) is untouched."""
        custom = games.ui(self.game.game).choice_label
        if custom is not None:
            text = custom(choice, decision, self.lang)
            if text:
                return text
        named = games.ui(self.game.game).named_choice_label
        if named is not None:
            text = named(choice, self.names, self.lang)
            if text:
                return text
        label = describe_choice(choice, self.lang, self.game.game)
        if label == choice.text and self.lang != "en" and self.game.snapshot is not None:
            try:
                return rules.get_engine(self.game.game).format(
                    self.game.snapshot, choice.action, self.lang)
            except Exception:  # a label is not worth a failed prompt
                return label
        return label

    def style(self, choice: Choice, decision: Decision | None = None) -> str | None:
        """The choice's button style as the game marks it (None: the default)."""
        styled = games.ui(self.game.game).choice_style
        return styled(choice, decision) if styled else None

    def kind(self, action: Action) -> str:
        return kind_token((games.ui(self.game.game).choice_kind or generic_kind)(action))

    def group(self, choice: Choice) -> str:
        """The choice's group as its engine declares it, else its kind by the game's UI."""
        return kind_token(choice.group) if choice.group else self.kind(choice.action)

    def kind_label(self, kind: str) -> str:
        prefix = games.ui(self.game.game).kind_label_prefix or f"{self.game.game}.kind"
        key = f"{prefix}.{kind}"
        return t(key, self.lang) if has(key, self.lang) or has(key) else kind


def hidden_groups(decision: Decision) -> list[str]:
    """The private groups of a public decision: their choices (and how many there are) are
    shown to the decider alone, behind a button or a kind select."""
    return [] if decision.private else [kind_token(g.key) for g in decision.groups if g.private]


def choice_groups(texts: Texts, decision: Decision) -> dict[str, list[int]] | None:
    """The decision's choice indices by kind (the engine's groups when it declares them):
    always when a public decision has private groups (even empty ones, so that their
    presence tells nothing), else when it has too many choices for one menu."""
    choices = decision.choices or []
    if hidden_groups(decision):
        groups: dict[str, list[int]] = {kind_token(g.key): [] for g in decision.groups}
        for i, c in enumerate(choices):
            groups.setdefault(texts.group(c), []).append(i)
        return groups
    return group_choices([texts.group(c) for c in choices])


# Public choices shown beside the buttons of private groups: rows 0-3 (the last row holds
# the private groups' buttons, one each).
OPEN_BUTTONS = 20
HIDDEN_BUTTONS = 5


def decision_view(texts: Texts, decision: Decision, page: int = 0) -> discord.ui.View:
    """Buttons (up to 25 choices); more: a select of kinds first, or pages of selects. A
    public decision's private groups: a button each (their choices go to the decider
    alone) beside the public choices' buttons, or entries of the kind select, uncounted."""
    groups = choice_groups(texts, decision) if page == 0 else None
    if groups is not None:
        hidden = hidden_groups(decision)
        shown = [i for kind, indices in groups.items() if kind not in hidden for i in indices]
        if hidden and len(shown) <= OPEN_BUTTONS and len(hidden) <= HIDDEN_BUTTONS:
            all_choices = decision.choices or []
            return choice_view(
                texts.game.id,
                decision.key,
                [(all_choices[i].text, texts.choice(all_choices[i], decision)) for i in shown],
                indices=shown,
                extra=[KindMoreButton(texts.game.id, decision.key, kind, 0,
                                      texts.kind_label(kind) + "…") for kind in hidden],
            )
        kinds = [(kind, texts.kind_label(kind) if kind in hidden else t(
            "discord.kind.option", texts.lang, label=texts.kind_label(kind),
            count=len(indices))) for kind, indices in groups.items()]
        return kind_view(texts.game.id, decision.key, kinds,
                         t("discord.kind.placeholder", texts.lang))
    choices = [(c.text, texts.choice(c, decision)) for c in decision.choices or []]
    return choice_view(
        texts.game.id,
        decision.key,
        choices,
        page=page,
        placeholder=t("discord.select.placeholder", texts.lang),
        more_label=t("discord.button.more", texts.lang),
        styles=[texts.style(c, decision) for c in decision.choices or []],
    )


def kind_choices_view(
    texts: Texts, decision: Decision, kind: str, page: int = 0
) -> discord.ui.View | None:
    """The choices of one kind (buttons, or paged selects); None if no choice has it now.
    A private group declared without choices now: one disabled button saying so."""
    all_choices = decision.choices or []
    indices = [i for i, c in enumerate(all_choices) if texts.group(c) == kind]
    if not indices:
        if kind not in hidden_groups(decision):
            return None
        view = discord.ui.View(timeout=None)
        empty = texts.kind_label(f"{kind}.empty")
        view.add_item(discord.ui.Button(label=clip(empty, BUTTON_LABEL_MAX), disabled=True,
                                        custom_id=f"bge:{texts.game.id}:{kind}"))
        return view
    return choice_view(
        texts.game.id,
        decision.key,
        [(all_choices[i].text, texts.choice(all_choices[i], decision)) for i in indices],
        page=page,
        placeholder=t("discord.select.placeholder", texts.lang),
        more_label=t("discord.button.more", texts.lang),
        indices=indices,
        kind=kind,
    )


def score_lines(result: Result, names: list[str], lang: str, game: str = "") -> list[str]:
    lines = [t("discord.finished.title", lang)]
    words = games.ui(game).score_breakdown
    for score in result.scores:
        name = names[score.seat] if score.seat < len(names) else str(score.seat + 1)
        lines.append(t("discord.finished.line", lang, rank=score.rank, name=name,
                       total=score.total))
        if words is not None:
            parts = words(score.breakdown, lang)
        else:
            parts = ", ".join(f"{k} {v}" for k, v in score.breakdown.items() if v)
        if parts:
            lines.append(t("discord.finished.breakdown", lang, parts=parts))
    return lines
