"""The table service (bot/table.py) as a hypothesis state machine over a real SQLite store.

Players join a lobby of the example game, the host starts, seats play legal moves, take them
back, make moves out of turn, and click the same choice twice at once. After every step the
stored game must agree with a model kept beside it: the action log, the version, and the
snapshot, which must be the engine's replay of that log. A failure shrinks to a short story.
"""

from __future__ import annotations

import asyncio
import contextlib
import tempfile
from dataclasses import dataclass
from pathlib import Path

from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule

import rules
from bot.table import Outcome, Refusal, TableService
from rules.core import Action, dump_state, replay
from storage import open_store
from tests.example_game import registered
from tests.example_game.rules import NAME

HOST = 1
GUESTS = (2, 3, 4, 5)
INDEX = st.integers(min_value=0, max_value=1_000)


@dataclass
class Move:
    user: int
    seat: int
    action: Action
    reveal: bool


class TableMachine(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.resources = contextlib.ExitStack()
        self.resources.enter_context(registered())
        folder = Path(self.resources.enter_context(tempfile.TemporaryDirectory()))
        self.loop = asyncio.new_event_loop()
        self.store = self.run(open_store(folder / "table.sqlite3"))
        self.svc = TableService(self.store)
        self.engine = rules.get_engine(NAME)
        self.gid = self.run(self.svc.new_game(NAME, guild_id=1, channel_id=10, host_id=HOST,
                                              lang="en")).id
        self.status = "lobby"
        self.seats = [HOST]
        self.moves: list[Move] = []
        self.interactions = 0

    def run(self, coroutine):
        return self.loop.run_until_complete(coroutine)

    def teardown(self) -> None:
        self.run(self.store.close())
        self.loop.close()
        self.resources.close()

    def next_interaction(self) -> int:
        self.interactions += 1
        return self.interactions

    async def fingerprint(self) -> tuple:
        game = await self.store.get_game(self.gid)
        actions = await self.store.actions(self.gid)
        return game.version, game.status, dump_state(game.snapshot or {}), len(actions)

    def refused_unchanged(self, call) -> Refusal:
        before = self.run(self.fingerprint())
        try:
            self.run(call)
        except Refusal as refusal:
            assert self.run(self.fingerprint()) == before, refusal
            return refusal
        raise AssertionError("the table accepted it")

    def open_prompts(self):
        return self.run(self.svc.open_prompts(self.gid))

    def record(self, outcome: Outcome, user: int, seat: int, action: Action) -> None:
        self.moves.append(Move(user, seat, action, any(e.reveal for e in outcome.events)))
        if outcome.finished is not None:
            self.status = "finished"

    # -- the lobby ---------------------------------------------------------------
    @precondition(lambda self: self.status == "lobby")
    @rule(user=st.sampled_from(GUESTS))
    def join(self, user: int) -> None:
        if user in self.seats or len(self.seats) == self.engine.max_seats:
            self.refused_unchanged(self.svc.join(self.gid, user))
            return
        game = self.run(self.svc.join(self.gid, user))
        self.seats.append(user)
        assert game.seats == self.seats

    @precondition(lambda self: self.status == "lobby")
    @rule()
    def start(self) -> None:
        if len(self.seats) < self.engine.min_seats:
            refusal = self.refused_unchanged(self.svc.start(self.gid, HOST))
            assert refusal.key == "table.too_few_players"
            return
        self.run(self.svc.start(self.gid, HOST))
        self.status = "running"

    # -- play --------------------------------------------------------------------
    @precondition(lambda self: self.status == "running")
    @rule(which=INDEX, choice=INDEX)
    def play_a_legal_move(self, which: int, choice: int) -> None:
        prompts = self.open_prompts()
        assert prompts, "a running game always waits on someone"
        prompt = prompts[which % len(prompts)]
        picked = prompt.decision.choices[choice % len(prompt.decision.choices)]
        outcome = self.run(self.svc.act(self.gid, prompt.user_id, picked.action,
                                        decision_key=prompt.decision.key,
                                        interaction_id=self.next_interaction()))
        self.record(outcome, prompt.user_id, prompt.seat, picked.action)

    @precondition(lambda self: self.status == "running")
    @rule(which=INDEX, choice=INDEX)
    def the_same_choice_clicked_twice_at_once(self, which: int, choice: int) -> None:
        prompts = self.open_prompts()
        prompt = prompts[which % len(prompts)]
        picked = prompt.decision.choices[choice % len(prompt.decision.choices)]

        async def both():
            return await asyncio.gather(*(
                self.svc.act(self.gid, prompt.user_id, picked.action,
                             decision_key=prompt.decision.key,
                             interaction_id=self.next_interaction())
                for _ in range(2)), return_exceptions=True)

        results = self.run(both())
        applied = [r for r in results if isinstance(r, Outcome)]
        refused = [r for r in results if isinstance(r, Refusal)]
        assert len(applied) == 1 and len(refused) == 1, results  # applied exactly once
        self.record(applied[0], prompt.user_id, prompt.seat, picked.action)

    @precondition(lambda self: self.status == "running")
    @rule(who=INDEX, which=INDEX)
    def a_move_out_of_turn_is_refused(self, who: int, which: int) -> None:
        prompts = self.open_prompts()
        waiting = {p.user_id for p in prompts}
        idle = [u for u in self.seats if u not in waiting]
        if not idle:
            return
        prompt = prompts[which % len(prompts)]
        action = prompt.decision.choices[0].action
        refusal = self.refused_unchanged(self.svc.act(self.gid, idle[who % len(idle)], action))
        assert refusal.key == "table.not_your_turn"

    @precondition(lambda self: self.status == "running")
    @rule(who=INDEX)
    def undo(self, who: int) -> None:
        user = self.seats[who % len(self.seats)]
        last = self.moves[-1] if self.moves else None
        if last is None or last.user != user or last.reveal:
            refusal = self.refused_unchanged(self.svc.undo(self.gid, user))
            mine = any(m.user == user for m in self.moves)
            expected = ("table.undo_revealed" if last is not None and last.user == user
                        else "table.undo_not_yours" if mine else "table.undo_nothing")
            assert refusal.key == expected
            return
        self.run(self.svc.undo(self.gid, user))
        self.moves.pop()

    @precondition(lambda self: self.status == "finished")
    @rule(who=INDEX)
    def nothing_changes_after_the_end(self, who: int) -> None:
        user = self.seats[who % len(self.seats)]
        for call in (self.svc.act(self.gid, user, "pass"), self.svc.undo(self.gid, user)):
            assert self.refused_unchanged(call).key == "table.game_over"

    # -- what must hold after every step ----------------------------------------------
    @invariant()
    def the_store_is_the_model_and_the_snapshot_its_replay(self) -> None:
        game = self.run(self.store.get_game(self.gid))
        assert game.status == self.status
        assert game.seats == self.seats
        if self.status == "lobby":
            return
        log = self.run(self.store.actions(self.gid))
        assert game.version == len(log) == len(self.moves)
        assert [(a.user_id, a.seat, a.action) for a in log] == [
            (m.user, m.seat, m.action) for m in self.moves]
        rebuilt = replay(self.engine, game.options, len(game.seats), game.seed,
                         [(m.seat, m.action) for m in self.moves])
        assert dump_state(game.snapshot) == dump_state(rebuilt)
        assert (self.engine.result(rebuilt) is not None) == (self.status == "finished")


TableMachine.TestCase.settings = settings(
    max_examples=25, stateful_step_count=40, deadline=None, database=None,
    suppress_health_check=[HealthCheck.too_slow],
)
TestTableService = TableMachine.TestCase
