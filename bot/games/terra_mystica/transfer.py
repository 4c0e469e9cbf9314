"""/game export and /game import for Terra Mystica: terra.snellman.net game files."""

from __future__ import annotations

from typing import Any

from bot.games import FileGame, FileRefused
from rules.core import Action
from rules.terra_mystica import ImportFailure, export_file, import_file


def export(
    options: Any, seats: int, seed: int, actions: list[tuple[int, Action]], names: list[str]
) -> tuple[str, str]:
    return "txt", export_file(options, seats, seed, actions, names)


def import_(text: str) -> FileGame:
    got = import_file(text)
    if isinstance(got, ImportFailure):
        raise FileRefused(got.line, got.key, **got.params)
    return FileGame(got.options, got.seats, got.seed, got.actions, got.factions)
