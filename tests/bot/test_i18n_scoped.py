"""A game's texts are looked up in that game's own catalogues first: another game's key of
the same name can neither stand in for a missing one nor shadow it."""

from __future__ import annotations

import pytest

from bot import games
from bot.i18n import describe_decision, describe_event, game_template
from rules.core import Decision, Event


@pytest.fixture
def shadow():
    games.register(games.GameUI(name="shadow", messages={
        "en": {"decision.turn": "Shadow's own turn", "shadow.moved": "Shadow moved"},
        "ko": {"decision.turn": "그림자 차례", "shadow.moved": "그림자 이동"},
    }))
    yield "shadow"
    games.unregister("shadow")


def test_a_decision_kind_two_games_share_reads_each_games_own_text(shadow) -> None:
    turn = Decision(seat=0, kind="turn", key="k")
    assert describe_decision(turn, "en", shadow) == "Shadow's own turn"
    assert describe_decision(turn, "ko", shadow) == "그림자 차례"
    # the other game with the same kind keeps its own text, whichever registered last
    tm = describe_decision(turn, "en", "terra_mystica")
    assert "Shadow" not in tm and tm.startswith(
        game_template("terra_mystica", "decision.turn", "en").split("{")[0])


def test_an_event_reads_its_games_text(shadow) -> None:
    event = Event(key="shadow.moved", params={})
    assert describe_event(event, "ko", shadow) == "그림자 이동"
    assert game_template("citadels", "shadow.moved", "en") is None  # not another game's
