"""A stored Citadels game as its notation log (NOTATION.md), and that log read back.

The log names the seed, so it holds every secret of the game (the deck's order, each
hand, each face-down pick): the table exports it once the game is over only.

    # Citadels notation log
    seed 1234
    players 4
    options {"crown": 0, ...}
    # p1: Alice
    p1: take assassin
    p2: 암살자 선택        (either language is read)
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel

from rules.citadels.engine import Citadels
from rules.core import Action, RuleError, State

HEADER = "# Citadels notation log"
MOVE = re.compile(r"^p(\d+)\s*:\s*(.+)$", re.IGNORECASE)


def export_log(
    options: BaseModel | dict[str, Any],
    seats: int,
    seed: int,
    actions: Iterable[tuple[int, Action]],
    names: list[str],
) -> str:
    """The header, the players and one line per move (moves that changed nothing, the
    menus of old stored games, are left out)."""
    engine = Citadels()
    opts = options.model_dump() if isinstance(options, BaseModel) else dict(options)
    state = engine.setup(opts, seats, seed)
    lines = [
        HEADER,
        f"seed {seed}",
        f"players {seats}",
        "options " + json.dumps(opts, sort_keys=True, ensure_ascii=False),
    ]
    lines += [f"# p{i + 1}: {names[i] if i < len(names) else f'P{i + 1}'}" for i in range(seats)]
    for seat, action in actions:
        new, events = engine.apply(state, seat, action)
        if events or new != state:
            lines.append(f"p{seat + 1}: {engine.format(state, action, 'en')}")
        state = new
    return "\n".join(lines) + "\n"


@dataclass
class Log:
    options: dict[str, Any]
    seats: int
    seed: int
    actions: list[tuple[int, Action]]
    state: State


class LogError(Exception):
    def __init__(self, line: int, key: str, **params: Any) -> None:
        super().__init__(key)
        self.line, self.key, self.params = line, key, params


def read_log(text: str) -> Log:
    """Replay a notation log; LogError names the first line that does not read or apply."""
    engine = Citadels()
    head: dict[str, str] = {}
    state: State | None = None
    actions: list[tuple[int, Action]] = []
    for number, raw in enumerate(text.split("\n"), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        move = MOVE.match(line)
        if move is None:
            word, _, rest = line.partition(" ")
            if state is not None or word not in ("seed", "players", "options"):
                raise LogError(number, "citadels.err.unreadable", text=line)
            head[word] = rest.strip()
            continue
        if state is None:
            state = _setup(engine, head, number)
        seat = int(move.group(1)) - 1
        try:
            if not 0 <= seat < state["n"]:
                raise RuleError("citadels.err.seats", seats=seat + 1)
            action = engine.parse(state, seat, move.group(2))
            state, _ = engine.apply(state, seat, action)
        except RuleError as exc:
            raise LogError(number, exc.key, **exc.params) from None
        actions.append((seat, action))
    if state is None:
        state = _setup(engine, head, 1)
    return Log(json.loads(head.get("options", "{}")), state["n"], int(head["seed"]), actions, state)


def _setup(engine: Citadels, head: dict[str, str], number: int) -> State:
    try:
        return engine.setup(
            json.loads(head.get("options", "{}")), int(head["players"]), int(head["seed"])
        )
    except RuleError as exc:
        raise LogError(number, exc.key, **exc.params) from None
    except (KeyError, ValueError):
        raise LogError(number, "citadels.err.unreadable", text="seed / players / options") from None
