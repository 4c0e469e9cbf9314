"""What the contract suite needs from any game, reached only through the engine contract:
the list of games, random positions, and a game-blind check that no view leaks a secret."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import rules
from rules.core import Action, Engine, Event, Rng, State
from tests.example_game.rules import NAME as EXAMPLE

# every game the registry finds, and the example game (registered by conftest.py)
GAMES = sorted({*rules.available(), EXAMPLE})


@dataclass
class Playout:
    """A random game from (seats, seed, move_seed), kept step by step."""

    name: str
    seats: int
    seed: int
    states: list[State] = field(default_factory=list)  # states[0] after setup
    log: list[tuple[int, Action]] = field(default_factory=list)
    events: list[Event] = field(default_factory=list)

    @property
    def engine(self) -> Engine:
        return rules.get_engine(self.name)

    @property
    def final(self) -> State:
        return self.states[-1]


def play(name: str, seats: int, seed: int, move_seed: int, steps: int = 20_000) -> Playout:
    """Random legal choices (any open decision, any choice) for up to `steps` moves, or to
    the end of the game."""
    engine = rules.get_engine(name)
    out = Playout(name, seats, seed, [engine.setup({}, seats, seed)])
    rng = Rng(move_seed)
    for _ in range(steps):
        state = out.final
        if engine.result(state) is not None:
            break
        pending = [d for d in engine.decisions(state) if d.choices]
        assert pending, f"{name}: the game is not over but no decision has choices"
        decision = rng.choice(pending)
        action = rng.choice(decision.choices).action
        state, events = engine.apply(state, decision.seat, action)
        out.states.append(state)
        out.log.append((decision.seat, action))
        out.events.extend(events)
    return out


def _facts(value: Any, out: set[Any], key: str | None = None) -> set[Any]:
    """Every text, and every (field name, number) pair, anywhere in `value`."""
    if isinstance(value, str):
        out.add(value)
    elif isinstance(value, int | float) and not isinstance(value, bool) and key is not None:
        out.add((key, value))
    elif isinstance(value, dict):
        for k, v in value.items():
            _facts(k, out)
            _facts(v, out, str(k))
    elif isinstance(value, list | tuple):
        for v in value:
            _facts(v, out, key)
    return out


def leaks(engine: Engine, state: State) -> list[str]:
    """What a view shows of a secret it may not see. Secrets are places (rules.core): a fact
    found only in another seat's secret or the table's, and neither in the public part of the
    state nor in the viewer's own secret, must not appear in the viewer's view."""
    public = _facts({k: v for k, v in state.items() if k != "secret"} | {
        "seats": [{k: v for k, v in s.items() if k != "secret"} for s in state["seats"]]}, set())
    own = [_facts(s.get("secret", {}), set()) for s in state["seats"]]
    table = _facts(state.get("secret", {}), set())
    found = []
    for viewer in [None, *range(len(state["seats"]))]:
        others = table.union(*(o for i, o in enumerate(own) if i != viewer))
        hidden = others - public - (own[viewer] if viewer is not None else set())
        shown = _facts(engine.view(state, viewer), set()) & hidden
        if shown:
            found.append(f"seat {viewer} sees {sorted(map(str, shown))[:5]}")
    return found
