"""A crown-taking character is revealed first, then takes the crown (seed: the King takes
the crown when called, 왕 캐릭터가 호명되면 왕관을 가져옵니다). The lines a thread posts
keep this order: tests/bot/test_citadels_texts.py."""

from __future__ import annotations

from typing import Any

import pytest

from .helpers import act, give_char
from .test_characters import cast_with, turn_of


def crowned_next(crowned: str, before: str = "assassin") -> dict[str, Any]:
    """`before`'s turn for seat 0; seat 2 holds `crowned`, the next character called."""
    st = turn_of(before)
    st["cast"] = cast_with(before, crowned)
    st["chars"] = {c: {"status": "unknown", "seat": None, "markers": []} for c in st["cast"]}
    st["chars"][before] = {"status": "revealed", "seat": 0, "markers": []}
    give_char(st, 2, crowned)
    return st


@pytest.mark.parametrize("crowned", ["king", "patrician"])
def test_reveal_comes_before_the_crown(crowned: str) -> None:
    st, events = act(crowned_next(crowned), 0, "end")
    keys = [e.key for e in events]
    assert keys.index("citadels.ev.reveal") < keys.index("citadels.ev.crown_taken"), keys
    assert st["crown"] == 2


def test_a_bewitched_king_is_revealed_then_takes_the_crown_himself() -> None:
    st, events = act(crowned_next("king", before="witch"), 0, "bewitch king")
    # the Witch's turn pauses; nobody else holds a character: the King is called now
    assert st["turn"]["char"] == "king" and st["turn"]["mode"] == "bewitched"
    keys = [e.key for e in events]
    assert keys.index("citadels.ev.reveal") < keys.index("citadels.ev.crown_taken"), keys
    assert st["crown"] == 2
