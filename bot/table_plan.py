"""Planning: apply notation to a copy of the game as the invoking player; nothing is stored."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from bot.table_base import TableBase
from bot.table_types import Refusal
from rules.core import Action, Engine, RuleError, State

PLAN_SPLIT = re.compile(r"[;\n]+")  # several actions in one plan: "build F4; pass BON3"
PLAN_MAX_ACTIONS = 20


@dataclass
class Plan:
    """The preview of a plan. `error` and `failed` name the first command that is illegal."""

    game: str
    seat: int
    before: dict[str, Any]  # the planner's own view before and after
    after: dict[str, Any]
    public_after: dict[str, Any]  # for the board picture
    applied: list[str] = field(default_factory=list)
    error: Refusal | None = None
    failed: str | None = None


def _commands(action: Action) -> list[Action]:
    return list(action["cmds"]) if action.get("type") == "seq" else [action]


def _first_failing(engine: Engine, state: State, seat: int, action: Action) -> str | None:
    """Which command of a multi-command action is the first one refused (engines that can
    apply a command without closing the turn expose apply_held)."""
    held = getattr(engine, "apply_held", None)
    cmds = _commands(action)
    if held is None or len(cmds) < 2:
        return None
    for cmd in cmds:
        try:
            state, _ = held(state, seat, cmd)
        except RuleError:
            return engine.format(state, cmd, "en")
    return None


class PlanMixin(TableBase):
    async def plan(self, game_id: int, user_id: int, text: str) -> Plan:
        record = await self._running(game_id)
        seats = self.seats_of(record, user_id)
        if not seats:
            raise Refusal("table.not_seated")
        engine = self.engine(record.game)
        assert record.snapshot is not None
        waiting = [d.seat for d in self._decisions(record) if d.seat in seats]
        seat = waiting[0] if waiting else seats[0]
        state = record.snapshot
        plan = Plan(game=record.game, seat=seat, before=engine.view(state, seat), after={},
                    public_after={})
        lines = [part.strip() for part in PLAN_SPLIT.split(text) if part.strip()]
        if not lines:
            raise Refusal("table.plan_empty")
        for line in lines[:PLAN_MAX_ACTIONS]:
            try:
                action = engine.parse(state, seat, line)
                state, _ = engine.apply(state, seat, action)
            except RuleError as error:
                plan.error = Refusal(error.key, **error.params)
                try:
                    failing = _first_failing(engine, state, seat, engine.parse(state, seat, line))
                except RuleError:
                    failing = None
                plan.failed = failing or line
                break
            plan.applied.append(line)
        plan.after = engine.view(state, seat)
        plan.public_after = engine.view(state, None)
        return plan
