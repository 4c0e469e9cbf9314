"""/game export for Citadels: the notation log (seed, options, every move), so only once
the game is over (GameUI.export_running is False)."""

from __future__ import annotations

from typing import Any

from rules.citadels.export import export_log
from rules.core import Action


def export(
    options: Any, seats: int, seed: int, actions: list[tuple[int, Action]], names: list[str]
) -> tuple[str, str]:
    return "txt", export_log(options, seats, seed, actions, names)
