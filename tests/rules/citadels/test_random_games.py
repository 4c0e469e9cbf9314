"""1,000 random legal games over every player count and character set, with invariants,
view secrecy, replay determinism and the notation round trip."""

from __future__ import annotations

import json

import pytest

from rules import get_engine
from rules.core import Rng, dump_state, random_playout, replay

from .helpers import ENGINE, check_invariants, check_views

CASTS = ["first_game", "A", "B", "C", "D", "E", "F", "random"]
GAMES = 1000
CHUNKS = 20  # parametrised so a failure names its chunk; all run by default


def _play(index: int) -> None:
    seats = 2 + index % 7
    cast = CASTS[index // 7 % len(CASTS)]
    options = {"cast": cast}
    rng = Rng(index)
    if cast == "random" and 4 <= seats <= 7:
        options["use_rank9"] = rng.below(2) == 1
    steps = [0]
    # Views cost a few ms each (every seat's, JSON round trips): each game checks them at
    # one step of its own, spread over the whole game by the index, instead of at every
    # 251st step of every game; the final views of every 5th game (and of a game too short
    # to reach its step) are checked too.
    view_step = 1 + index * 37 % 400

    def on_step(st, decision, choice, events):  # noqa: ANN001
        steps[0] += 1
        # a broken count stays broken, so checking often (not always) still catches it
        if steps[0] % 5 == 0:
            check_invariants(st)
        if steps[0] == view_step:
            check_views(st)

    final, log = random_playout(ENGINE, options, seats, index, on_step=on_step)
    check_invariants(final)
    assert json.loads(json.dumps(final)) == final  # JSON-ready: no tuples, sets or objects
    result = ENGINE.result(final)
    assert result is not None and len(result.scores) == seats
    assert [s.rank for s in result.scores] == sorted(s.rank for s in result.scores)
    assert result.scores[0].rank == 1
    assert any(s["completed"] for s in final["seats"])
    for s in result.scores:
        assert s.total == sum(s.breakdown.values())
    if index % 5 == 0 or steps[0] < view_step:
        check_views(final)
    if index % 50 == 0:
        assert dump_state(replay(ENGINE, options, seats, index, log)) == dump_state(final)


@pytest.mark.parametrize("chunk", range(CHUNKS))
def test_random_games(chunk: int) -> None:
    for index in range(chunk, GAMES, CHUNKS):
        _play(index)


def test_registry() -> None:
    assert type(get_engine("citadels")).__name__ == "Citadels"


@pytest.mark.parametrize("seats", range(2, 9))
def test_notation_round_trip(seats: int) -> None:
    seen = 0

    def on_step(st, decision, choice, events):  # noqa: ANN001
        nonlocal seen
        for d in ENGINE.decisions(st):
            assert d.choices  # all of them, however many: paging is the bot's
            private_groups = {g.key for g in d.groups if g.private}
            assert {c.group for c in d.choices} <= {g.key for g in d.groups} | {None}
            if not d.private:
                # a public decision names only public cards: districts in some city; cards
                # in hand only in its private groups, which the decider alone sees
                public = {x["id"] for s in st["seats"] for x in s["city"]}
                for c in d.choices or []:
                    if c.group in private_groups:
                        assert c.action["type"] in ("build", "lab", "museum", "discard")
                        continue
                    for key in ("card", "mine"):
                        if key in c.action:
                            assert c.action[key] in public, c.action
                    assert c.action["type"] not in ("build", "keep", "grab", "give", "pay",
                                                    "lab", "museum", "discard")
            for c in d.choices or []:
                for lang in ("en", "ko"):
                    text = ENGINE.format(st, c.action, lang)
                    assert ENGINE.parse(st, d.seat, text) == c.action, (text, c.action)
                    seen += 1

    for seed in range(2):
        random_playout(ENGINE, {"cast": CASTS[(seats + seed) % 8]}, seats, seed,
                       on_step=on_step)
    assert seen > 100


@pytest.mark.parametrize("seats", [2, 3, 5, 8])
def test_apply_never_mutates_its_input(seats: int) -> None:
    state = ENGINE.setup({"cast": "random"}, seats, seats * 31)
    rng = Rng(seats)
    while ENGINE.result(state) is None:
        (d,) = ENGINE.decisions(state)
        before = dump_state(state)
        new, _ = ENGINE.apply(state, d.seat, rng.choice(d.choices).action)
        assert dump_state(state) == before
        state = new
