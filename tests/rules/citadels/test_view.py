"""The view's `current`: who acts now, as far as the table knows (never a hidden card)."""

from __future__ import annotations

from rules.citadels.sets import FIRST_GAME_DISTRICTS
from rules.core import random_playout

from .helpers import ENGINE, force_turn, situation


def test_the_draft_names_the_picker_but_not_the_character() -> None:
    st = situation(seats=4, crown=2)
    for viewer in (None, 0, 2):
        assert ENGINE.view(st, viewer)["current"] == {
            "seat": 2, "character": None, "stage": "draft"}
    (d,) = ENGINE.decisions(st)
    st, _ = ENGINE.apply(st, 2, d.choices[0].action)
    assert ENGINE.view(st, None)["current"] == {"seat": 3, "character": None, "stage": "draft"}


def test_a_turn_names_the_called_character() -> None:
    st = force_turn(situation(), 1, "bishop", stage="gather")
    assert ENGINE.view(st, None)["current"] == {
        "seat": 1, "character": "bishop", "stage": "gather"}


def test_current_always_points_at_the_seat_that_decides() -> None:
    stages: set[str] = set()

    def on_step(st, decision, choice, events):  # noqa: ANN001
        current = ENGINE.view(st, None)["current"]
        if st["phase"] == "over":
            assert current is None
            return
        (d,) = ENGINE.decisions(st)
        stages.add(current["stage"])
        if st["phase"] == "draft":
            assert current["character"] is None
            assert current["seat"] == d.seat
            assert current["stage"] == ("theater" if d.kind == "citadels.decide.theater" else "draft")
        elif d.kind == "citadels.decide.advisor":
            assert current == {"seat": d.seat, "character": st["rs"]["killed"],
                               "stage": "advisor"}
        else:
            assert current["character"] == st["turn"]["char"]

    # set D has the Theater; the custom set lets the Assassin kill the Emperor
    emperor = {"cast": "custom", "districts": list(FIRST_GAME_DISTRICTS), "characters": [
        "assassin", "thief", "magician", "emperor", "bishop", "merchant", "architect",
        "warlord"]}
    # random games until they reach the Theater and the advisor (the first seeds that do)
    random_playout(ENGINE, {"cast": "first_game"}, 2, 3, on_step=on_step)
    for seats, options, wanted in ((4, {"cast": "D"}, "theater"), (4, emperor, "advisor")):
        for seed in range(60):
            random_playout(ENGINE, options, seats, seed, on_step=on_step)
            if wanted in stages:
                break
    assert {"draft", "theater", "advisor", "gather", "main"} <= stages
