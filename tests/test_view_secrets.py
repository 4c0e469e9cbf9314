"""One property for every engine: a seat's view never shows another seat's secrets.

Secrets are places (state["secret"], state["seats"][i]["secret"]), so the check needs no
game knowledge: any text value that exists only in another seat's secret or the table's
secret, and not in the public part of the state or the viewer's own secret, must not
appear in the viewer's view. A spectator's view must show no secret-only value at all.
"""

from __future__ import annotations

from typing import Any

import pytest

import rules
from rules.core import Rng, strip_secrets


def _texts(value: Any, out: set[str]) -> set[str]:
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, dict):
        for k, v in value.items():
            _texts(k, out)
            _texts(v, out)
    elif isinstance(value, list | tuple):
        for v in value:
            _texts(v, out)
    return out


def _check(engine: rules.Engine, state: dict) -> None:
    public = _texts(strip_secrets(state), set())
    seats = state.get("seats", [])
    secret_of = [_texts(s.get("secret", {}), set()) for s in seats]
    table = _texts(state.get("secret", {}), set())
    hidden_all = (table | set().union(*secret_of)) - public
    spectator = _texts(engine.view(state, None), set())
    assert not (spectator & hidden_all), f"spectator sees {spectator & hidden_all}"
    for viewer in range(len(seats)):
        others = table.union(*(s for i, s in enumerate(secret_of) if i != viewer))
        forbidden = others - public - secret_of[viewer]
        seen = _texts(engine.view(state, viewer), set())
        leak = seen & forbidden
        assert not leak, f"seat {viewer} sees {leak}"


@pytest.mark.parametrize("name", rules.available())
@pytest.mark.parametrize("game", range(6))
def test_no_view_shows_another_seats_secrets(name: str, game: int) -> None:
    engine = rules.get_engine(name)
    seats = engine.min_seats + game % (engine.max_seats - engine.min_seats + 1)
    state = engine.setup({}, seats, 1000 + game)
    rng = Rng(game)
    for step in range(3000):
        if engine.result(state) is not None:
            break
        if step % 3 == 0:
            _check(engine, state)
        decisions = [d for d in engine.decisions(state) if d.choices]
        decision = rng.choice(decisions)
        state, _ = engine.apply(state, decision.seat, rng.choice(decision.choices).action)
    _check(engine, state)
