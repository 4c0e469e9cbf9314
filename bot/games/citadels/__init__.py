"""Citadels on Discord: names in events and labels, status lines, score words."""

from __future__ import annotations

from bot.games import GameUI
from bot.games.citadels import transfer, ui
from bot.games.citadels.texts import MESSAGES

GAME = GameUI(
    name="citadels",
    messages=MESSAGES,
    event_params=ui.event_params,
    named_choice_label=ui.choice_label,
    kind_label_prefix="citadels.kind",  # the engine declares each choice's group
    score_breakdown=ui.score_breakdown,
    status_lines=ui.status_lines,
    export=transfer.export,
    export_running=False,  # the log's seed and picks are the game's secrets
)
