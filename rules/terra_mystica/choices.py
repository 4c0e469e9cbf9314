"""Choices from notation text, parsed once per distinct text (the actions are read-only)."""

from __future__ import annotations

from functools import lru_cache

from rules.core import Choice
from rules.terra_mystica.notation import format_command, parse_text


# Bounded: a game meets a few thousand distinct texts, and every entry is walked by each
# full garbage collection (bot/heap.py freezes only what start-up loaded).
@lru_cache(maxsize=8192)
def _choice_of(text: str) -> Choice:
    action = parse_text(text)
    return Choice.model_construct(action=action, text=format_command(action))


def choice(text: str, faction: str | None = None) -> Choice:
    """A choice from its notation, its text in canonical form (one shared frozen object)."""
    return _choice_of(text)
