"""Moves the table makes for a seat on its standing instructions (per game type)."""

from __future__ import annotations

from collections.abc import Callable

from bot import tm_leech
from rules.core import Choice, Decision
from storage.base import GameRecord

# game -> (record, open decisions on demand) -> the (decision, choice) pairs to play now.
AutoMoves = Callable[[GameRecord, Callable[[], list[Decision]]], list[tuple[Decision, Choice]]]
AUTO_MOVES: dict[str, AutoMoves] = {"terra_mystica": tm_leech.auto_leech}
AUTO_MOVE_LIMIT = 64  # a bound per commit; each auto move answers one open decision
