"""The example game's Discord side: its name, button labels, status lines and score words.

Everything here is a hook of bot.games.GameUI; the platform calls them and names no game.
"""

from __future__ import annotations

from typing import Any

from bot.games import GameUI
from bot.i18n import t
from rules.core import Choice, Decision
from tests.example_game.rules import NAME

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "example.name": "Pick & Draw",
        "example.choice.pick": "Pick {value}",
        "example.choice.draw": "Draw a card",
        "example.choice.pass": "Pass (score your pick)",
        "example.status.round": "Round {round} of {rounds}: {phase}. Deck: {deck} cards.",
        "example.status.phase.pick": "everyone picks a number",
        "example.status.phase.play": "{player} draws or passes",
        "example.status.phase.over": "game over",
        "example.status.seat": "{player}: {score} points",
        "example.score.words": "cards {cards}, picks {picks}",
    },
    "ko": {
        "example.name": "숫자 뽑기",
        "example.choice.pick": "{value} 고르기",
        "example.choice.draw": "카드 뽑기",
        "example.choice.pass": "패스 (고른 숫자만큼 점수)",
        "example.status.round": "{round}/{rounds} 라운드: {phase}. 카드 더미: {deck}장.",
        "example.status.phase.pick": "모두 숫자를 고르는 중",
        "example.status.phase.play": "{player} 님이 뽑거나 패스하는 중",
        "example.status.phase.over": "게임 종료",
        "example.status.seat": "{player}: {score}점",
        "example.score.words": "카드 {cards}, 고른 숫자 {picks}",
    },
}


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"P{seat + 1}"


def choice_label(choice: Choice, decision: Decision | None, lang: str) -> str | None:
    """`example.choice.<type>` with the action's fields; None (the notation) otherwise."""
    kind = choice.action.get("type")
    if kind not in ("pick", "draw", "pass"):
        return None
    params = {k: v for k, v in choice.action.items() if k != "type"}
    return t(f"example.choice.{kind}", lang, **params)


def status_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    """The round and phase, then every seat's score (from the public view only)."""
    phase = view.get("phase", "pick")
    player = _name(names, int(view.get("turn", 0)))
    lines = [t("example.status.round", lang, round=view.get("round"),
               rounds=view.get("options", {}).get("rounds"), deck=view.get("deck_count"),
               phase=t(f"example.status.phase.{phase}", lang, player=player))]
    for i, seat in enumerate(view.get("seats", [])):
        lines.append(t("example.status.seat", lang, player=_name(names, i), score=seat["score"]))
    return lines


def score_breakdown(breakdown: dict[str, Any], lang: str) -> str:
    return t("example.score.words", lang, cards=breakdown.get("cards", 0),
             picks=breakdown.get("picks", 0))


GAME = GameUI(
    name=NAME,
    messages=MESSAGES,
    choice_label=choice_label,
    status_lines=status_lines,
    score_breakdown=score_breakdown,
)
