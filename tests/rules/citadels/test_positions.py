"""The position builder (rules.citadels.positions): what it is told is what the engine sees."""

from __future__ import annotations

import pytest

from rules.citadels.positions import position

from .helpers import ENGINE, act, check_invariants, check_views


def documented() -> dict:
    return position(
        seats=4,
        characters={"thief": 1, "king": 0, "bishop": 2, "warlord": 3},
        gold=[5, 1, 0, 2],
        hands={0: ["temple", "castle"]},
        cities={2: ["tavern", "market"]},
        deck_top=["palace", "docks"],
        turn="king",
        stage="gather",
        crown=2,
        round=3,
    )


def test_the_documented_example_is_a_sound_state() -> None:
    st = documented()
    check_invariants(st)
    check_views(st)
    public = ENGINE.view(st, None)
    assert [s["gold"] for s in public["seats"]] == [5, 1, 0, 2]
    assert public["round"] == 3 and public["crown"] == 2
    me = ENGINE.view(st, 0)["me"]
    assert [c["id"] for c in me["hand"]] == ["temple", "castle"]
    assert [d["id"] for d in public["seats"][2]["city"]] == ["tavern", "market"]
    (decision,) = ENGINE.decisions(st)
    assert decision.seat == 0  # the King's holder gathers now


def test_deck_top_is_drawn_first_and_the_called_characters_are_known() -> None:
    st, _ = act(documented(), 0, "cards")
    assert st["seats"][0]["secret"]["drawn"] == ["palace", "docks"]
    shown = {c["id"]: c for c in ENGINE.view(st, None)["characters"]}
    assert shown["thief"]["seat"] == 1 and shown["king"]["seat"] == 0  # called already
    assert shown["bishop"]["seat"] is None and shown["warlord"]["seat"] is None  # not yet


def test_main_stage_skips_the_income() -> None:
    st = position(characters={"merchant": 1}, turn="merchant", stage="main", gold=[0, 0, 0, 0])
    texts = {c.text for d in ENGINE.decisions(st) for c in d.choices or []}
    assert "gold" not in texts and "end" in texts


@pytest.mark.parametrize(
    "bad",
    [
        {"characters": {"king": 0}},  # held characters without a turn
        {"characters": {"king": 0}, "turn": "bishop"},  # the turn's character is not held
        {"characters": {"king": 0}, "turn": "king", "stage": "lunch"},
        {"hands": {0: ["no_such_card"]}},
        {"gold": [1, 2]},  # two values for four seats
    ],
)
def test_a_wrong_description_is_refused(bad: dict) -> None:
    with pytest.raises(ValueError):
        position(**bad)
