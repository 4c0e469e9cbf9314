"""The engine contract every game implements, and the tools written once for all games.

An engine is pure: no I/O, no asyncio, no discord. Its state is JSON-ready data that
holds everything, the random generator included, so replaying the action log from the
seed rebuilds the same state byte for byte (storage relies on this).

Shapes (all JSON-ready):
- Action: a dict with a "type" key, e.g. {"type": "take", "character": "assassin"}.
- Decision: who must decide what now (several at once is normal).
- Event: what happened, as a message key + params, public or for one seat only.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, ClassVar, Protocol

from pydantic import BaseModel, ConfigDict, Field

Action = dict[str, Any]
State = dict[str, Any]
View = dict[str, Any]

# Secrets are places, not filters: every engine's state keeps each seat's hidden things
# under state["seats"][i]["secret"] and the table's hidden things under state["secret"].
# strip_secrets() removes them structurally; view() then adds back what the game reveals.
SECRET = "secret"


class RuleError(Exception):
    """An illegal action. `key` names a message in the catalogues, `params` fill it."""

    def __init__(self, key: str, **params: Any) -> None:
        super().__init__(f"{key} {params}" if params else key)
        self.key = key
        self.params = params


class Choice(BaseModel):
    """One legal action of a decision, with its canonical notation text.

    `group` (optional) names the Group of its decision it belongs to: a decision lists all
    its choices, however many, and says how they group; paging and menus are the bot's.
    """

    model_config = ConfigDict(frozen=True)

    action: Action
    text: str
    group: str | None = None


class Group(BaseModel):
    """A kind of choice within one decision (build, ability, end of turn...), in the order
    a menu shows them. A `private` group's choices name what only the decider may see
    (cards in hand): they are shown to the decider alone, and the group is declared even
    when it has no choice now, so its presence tells the table nothing."""

    model_config = ConfigDict(frozen=True)

    key: str
    private: bool = False


class Decision(BaseModel):
    """Something one seat must decide now.

    `key` is unique for this decision instance within a game (e.g. "r3.t2.gather"), so a
    button posted for it can tell later whether it is still open. `choices` lists every
    legal action when they are finite; None means a parameterised action entered as
    notation (`shape` then describes it). `timeout` is the documented default move.
    `groups` (optional) declares the kinds its choices fall into (see Choice.group).
    A decision with private groups lists its public choices first: a public choice's
    place (the index a button carries) must not count the private choices before it.
    """

    seat: int
    kind: str
    key: str
    private: bool = False
    choices: list[Choice] | None = None
    shape: dict[str, Any] | None = None
    timeout: Choice | None = None
    params: dict[str, Any] = Field(default_factory=dict)
    groups: list[Group] = Field(default_factory=list)

    def private_choice(self, choice: Choice) -> bool:
        """Whether only the decider may see `choice`: the decision is private, or the
        choice is in one of its private groups."""
        return self.private or (choice.group is not None and any(
            g.private and g.key == choice.group for g in self.groups))


class Event(BaseModel):
    """Something that happened. `seat` None means public; otherwise only that seat sees it.

    `reveal` marks an event that exposed something hidden before (a card drawn, a face-down
    card turned up, a random outcome): an action with such an event cannot be undone.
    """

    key: str
    params: dict[str, Any] = Field(default_factory=dict)
    seat: int | None = None
    reveal: bool = False


class Score(BaseModel):
    seat: int
    total: int
    breakdown: dict[str, int]
    rank: int  # 1 = winner; tie-breaks applied, equal ranks only for a true tie
    tiebreak: list[int] = Field(default_factory=list)


class Result(BaseModel):
    scores: list[Score]  # sorted by rank

    @property
    def winners(self) -> list[int]:
        return [s.seat for s in self.scores if s.rank == 1]


class Engine(Protocol):
    """The one contract. `rules.get_engine(name)` returns an object with these members."""

    name: ClassVar[str]
    min_seats: ClassVar[int]
    max_seats: ClassVar[int]
    Options: ClassVar[type[BaseModel]]
    # Message catalogue for this game's keys: {"en": {key: template}, "ko": {...}}.
    messages: ClassVar[dict[str, dict[str, str]]]

    def setup(self, options: BaseModel | dict[str, Any], seats: int, seed: int) -> State: ...

    def decisions(self, state: State) -> list[Decision]: ...

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        """Return the new state and events; never mutate `state`; raise RuleError."""
        ...

    def view(self, state: State, seat: int | None) -> View: ...

    def result(self, state: State) -> Result | None: ...

    def parse(self, state: State, seat: int, text: str) -> Action:
        """Notation (English or Korean) to an action; raise RuleError if unreadable."""
        ...

    def format(self, state: State, action: Action, lang: str = "en") -> str:
        """The notation text of an action (canonical in "en"; parse() reads both)."""
        ...


# ---------------------------------------------------------------------------
# Deterministic randomness kept inside the state: a 64-bit SplitMix generator whose
# whole state is one integer, so it serialises with the game.

_MASK = (1 << 64) - 1


def rng_next(rng: int) -> tuple[int, int]:
    """Return (random 64-bit value, new rng state)."""
    rng = (rng + 0x9E3779B97F4A7C15) & _MASK
    z = rng
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
    return z ^ (z >> 31), rng


class Rng:
    """A mutable wrapper for use inside one apply(); write `.state` back when done."""

    def __init__(self, state: int) -> None:
        self.state = state & _MASK

    def below(self, n: int) -> int:
        """Uniform integer in [0, n)."""
        if n <= 0:
            raise ValueError("n must be positive")
        limit = (1 << 64) - ((1 << 64) % n)
        while True:
            value, self.state = rng_next(self.state)
            if value < limit:
                return value % n

    def shuffle(self, items: list[Any]) -> None:
        for i in range(len(items) - 1, 0, -1):
            j = self.below(i + 1)
            items[i], items[j] = items[j], items[i]

    def choice(self, items: list[Any]) -> Any:
        return items[self.below(len(items))]


# ---------------------------------------------------------------------------
# Tools written once for every engine.


def strip_secrets(state: State) -> State:
    """A deep copy of `state` without the table's secret or any seat's secret."""
    out = {k: v for k, v in state.items() if k != SECRET}
    seats = state.get("seats")
    if isinstance(seats, list):
        out["seats"] = [
            {k: v for k, v in s.items() if k != SECRET} if isinstance(s, dict) else s
            for s in seats
        ]
    return json.loads(json.dumps(out))


def dump_state(state: State) -> str:
    """Canonical JSON text of a state (sorted keys): equal states give equal bytes."""
    return json.dumps(state, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def find_choice(decision: Decision, action: Action) -> Choice | None:
    if decision.choices is None:
        return None
    for choice in decision.choices:
        if choice.action == action:
            return choice
    return None


def replay(
    engine: Engine,
    options: BaseModel | dict[str, Any],
    seats: int,
    seed: int,
    actions: Iterable[tuple[int, Action]],
) -> State:
    """Rebuild a state from its seed and action log."""
    state = engine.setup(options, seats, seed)
    for seat, action in actions:
        state, _ = engine.apply(state, seat, action)
    return state


def random_playout(
    engine: Engine,
    options: BaseModel | dict[str, Any],
    seats: int,
    seed: int,
    max_steps: int = 20_000,
    on_step: Any = None,
) -> tuple[State, list[tuple[int, Action]]]:
    """Play random legal choices until the game ends; return the final state and the log.

    Only decisions with finite choices are played; an engine whose game can stall on a
    parameterised decision must also list its choices for this to finish.
    """
    state = engine.setup(options, seats, seed)
    rng = Rng(seed * 7919 + 17)
    log: list[tuple[int, Action]] = []
    for _ in range(max_steps):
        if engine.result(state) is not None:
            return state, log
        pending = [d for d in engine.decisions(state) if d.choices]
        if not pending:
            raise AssertionError("game is not over but no decision has choices")
        decision = rng.choice(pending)
        choice = rng.choice(decision.choices)
        state, events = engine.apply(state, decision.seat, choice.action)
        log.append((decision.seat, choice.action))
        if on_step is not None:
            on_step(state, decision, choice, events)
    raise AssertionError(f"game did not finish within {max_steps} steps")
