"""Play: act, undo, votes, and reading a game (views, prompts, moves, log, /games)."""

from __future__ import annotations

import functools
import json
from typing import Any

from bot import games
from bot.table_base import VOTES, TableBase, mentions, serialised
from bot.table_log import log_lines
from bot.table_secrets import answered_privately, secret_move
from bot.table_types import (
    Outcome,
    Prompt,
    Refusal,
)
from rules.core import Action, Engine, Event, RuleError, State, find_choice, replay
from storage.base import (
    GameRecord,
    VersionConflict,
)

VOTE_RETRIES = 5  # compare-and-swap attempts before a vote gives up as stale


def _notation(engine: Engine, state: State, action: Action) -> str:
    """The move's notation for a message; an action the engine cannot format shows raw."""
    try:
        return engine.format(state, action, "en")
    except Exception:  # formatting an unlisted action may fail in any engine-specific way
        return json.dumps(action, ensure_ascii=False, sort_keys=True)


class PlayMixin(TableBase):
    # -- play ---------------------------------------------------------------
    def _resolve(
        self,
        record: GameRecord,
        user_id: int,
        action_or_text: Action | str,
        decision_key: str | None,
    ) -> tuple[int, Action, State, list[Event]]:
        """Which seat does what, and what it leads to; Refusal if not allowed."""
        engine = self.engine(record.game)
        seats = self.seats_of(record, user_id)
        if not seats:
            raise Refusal("table.not_seated")
        state = record.snapshot
        assert state is not None  # a running game always has its snapshot
        decisions = engine.decisions(state)
        mine = [d for d in decisions if d.seat in seats]
        if decision_key is not None:
            mine = [d for d in mine if d.key == decision_key]
            if not mine:
                raise Refusal("table.stale")
        elif not mine:
            waiting = [record.seats[d.seat] for d in decisions]
            raise Refusal("table.not_your_turn", waiting=mentions(waiting), user_ids=waiting)
        if isinstance(action_or_text, str):
            text = action_or_text.strip()
            if not text:
                raise Refusal("table.empty_move")
            try:
                action = engine.parse(state, mine[0].seat, text)
            except RuleError as e:
                raise Refusal(e.key, **e.params) from None
        else:
            action = dict(action_or_text)
        decision = next((d for d in mine if find_choice(d, action) is not None), None)
        if decision is None:
            decision = next((d for d in mine if d.choices is None), mine[0])
        try:
            new_state, events = engine.apply(state, decision.seat, action)
        except RuleError as e:
            raise Refusal(e.key, **e.params) from None
        if (
            decision_key is not None
            and decision.choices is not None
            and find_choice(decision, action) is None
        ):
            # A button whose action its decision does not list (forged or from another
            # decision): typed notation is the engine's to judge, a button must match.
            raise Refusal("table.illegal_move", move=_notation(engine, state, action))
        return decision.seat, action, new_state, events

    async def act(
        self,
        game_id: int,
        user_id: int,
        action_or_text: Action | str,
        *,
        interaction_id: int | None = None,
        decision_key: str | None = None,
        lang: str = "en",
    ) -> Outcome:
        if interaction_id is not None and await self.store.seen_interaction(interaction_id):
            raise Refusal("table.already_applied")
        for _attempt in range(2):  # a CAS conflict reloads and re-checks once
            record = await self._running(game_id)
            seat, action, new_state, events = self._resolve(
                record, user_id, action_or_text, decision_key
            )
            try:
                return await self._commit(
                    record, seat, action, new_state, events, user_id, interaction_id
                )
            except VersionConflict:
                continue
        raise Refusal("table.stale")

    async def undo(self, game_id: int, user_id: int, lang: str = "en") -> Outcome:
        """Take back the user's last action, with the automatic answers it caused (standing
        preferences played right after it); refused if anyone has acted since."""
        record = await self._running(game_id)
        seats = self.seats_of(record, user_id)
        if not seats:
            raise Refusal("table.not_seated")
        log = await self.store.actions(game_id)
        if not any(a.user_id == user_id for a in log):
            raise Refusal("table.undo_nothing")
        automatic = 0  # trailing automatic moves that answered the user's last action
        while (automatic < len(log) - 1 and log[-1 - automatic].user_id is None
               and log[-1 - automatic].seat not in seats):
            automatic += 1
        last = log[-1 - automatic]
        if automatic and last.user_id != user_id:
            automatic, last = 0, log[-1]
        if last.user_id != user_id or log[-1].version != record.version:
            raise Refusal("table.undo_not_yours")
        engine = self.engine(record.game)
        assert record.seed is not None
        options = self._options(record, engine)
        kept = log[: len(log) - 1 - automatic]
        before = replay(engine, options, len(record.seats), record.seed,
                        [(a.seat, a.action) for a in kept])
        _, events = engine.apply(before, last.seat, last.action)
        if any(e.reveal for e in events):
            raise Refusal("table.undo_revealed")
        # the notice goes to the thread: a private move is not named there
        move = (secret_move() if answered_privately(engine, before, last.seat, last.action)
                else engine.format(before, last.action, lang))
        # One pop per logged action, newest first, each with the state before it.
        states = [before]
        for a in log[len(kept): len(log) - 1]:
            states.append(engine.apply(states[-1], a.seat, a.action)[0])
        auto = games.ui(record.game).auto_moves
        for state, a in zip(states[1:], log[len(log) - automatic:], strict=True):
            # Only what a standing preference plays goes back with the move (a deadline's
            # timeout move, also without a user, still blocks the undo).
            picks = auto(record, functools.partial(engine.decisions, state)) if auto else []
            if not any(d.seat == a.seat and c.action == a.action for d, c in picks):
                raise Refusal("table.undo_not_yours")
        version = record.version
        saved = record
        try:
            for state in reversed(states):
                saved = await self.store.pop_action(game_id, expected_version=version,
                                                    snapshot=state)
                version -= 1
        except VersionConflict:
            raise Refusal("table.stale") from None
        await self._reschedule(saved)
        return Outcome(
            game=saved,
            prompts=self._prompts(saved, self._decisions(saved)),
            board_changed=True,
            notice=("table.undone", {"user": f"<@{user_id}>", "move": move}),
        )

    @serialised
    async def vote_abandon(self, game_id: int, user_id: int) -> Outcome:
        """Record the user's vote; a majority abandons the game in the same write. A
        compare-and-swap on the stored votes and status: a vote another process recorded
        in between is re-read, never overwritten."""
        for _attempt in range(VOTE_RETRIES):
            record = await self._running(game_id)
            seats = self.seats_of(record, user_id)
            if not seats:
                raise Refusal("table.not_seated")
            stored = record.settings.get(VOTES)
            votes = sorted(set(stored or []))
            if set(seats) <= set(votes):
                raise Refusal("table.vote_already")
            votes = sorted(set(votes) | set(seats))
            total = len(record.seats)
            needed = total // 2 + 1
            try:
                record = await self.store.update_settings(
                    game_id, {VOTES: votes}, expected={VOTES: stored},
                    expected_status="running",
                    status="abandoned" if len(votes) >= needed else None)
            except VersionConflict:
                continue
            if len(votes) < needed:
                return Outcome(
                    game=record,
                    prompts=self._prompts(record, self._decisions(record)),
                    notice=("table.vote_recorded", {"votes": len(votes), "needed": needed}),
                )
            await self.store.clear_schedule(game_id)
            return Outcome(game=record,
                           notice=("table.abandoned", {"votes": len(votes), "seats": total}))
        raise Refusal("table.stale")

    @serialised
    async def withdraw_vote(self, game_id: int, user_id: int) -> Outcome:
        for _attempt in range(VOTE_RETRIES):
            record = await self._running(game_id)
            seats = set(self.seats_of(record, user_id))
            stored = record.settings.get(VOTES)
            votes = set(stored or [])
            if not seats & votes:
                raise Refusal("table.vote_none")
            try:
                record = await self.store.update_settings(
                    game_id, {VOTES: sorted(votes - seats)}, expected={VOTES: stored},
                    expected_status="running")
            except VersionConflict:
                continue
            needed = len(record.seats) // 2 + 1
            return Outcome(
                game=record,
                prompts=self._prompts(record, self._decisions(record)),
                notice=("table.vote_withdrawn", {"votes": len(votes - seats), "needed": needed}),
            )
        raise Refusal("table.stale")

    # -- reading ------------------------------------------------------------
    async def game_for_channel(self, channel_id: int) -> GameRecord | None:
        return await self.store.game_by_thread(channel_id)

    async def view(self, game_id: int, user_id: int | None) -> dict[str, Any]:
        record = await self._load(game_id)
        if record.snapshot is None:  # a lobby (or a lobby cancelled before it started)
            return {
                "game": record.game,
                "status": record.status,
                "host": record.host_id,
                "players": list(record.seats),
                "options": dict(record.options),
            }
        seats = self.seats_of(record, user_id) if user_id is not None else []
        view = self.engine(record.game).view(record.snapshot, seats[0] if seats else None)
        return view

    async def open_prompts(self, game_id: int) -> list[Prompt]:
        record = await self._load(game_id)
        return self._prompts(record, self._decisions(record))

    async def legal_moves(self, game_id: int, user_id: int, lang: str = "en") -> list[str]:
        record = await self._load(game_id)
        seats = self.seats_of(record, user_id)
        engine = self.engine(record.game)
        moves: list[str] = []
        for d in self._decisions(record):
            if d.seat in seats and d.choices:
                for c in d.choices:
                    text = (
                        c.text if lang == "en" else engine.format(record.snapshot, c.action, lang)
                    )
                    moves.append(text)
        return list(dict.fromkeys(moves))

    async def log(
        self, game_id: int, lang: str = "en", names: list[str] | None = None
    ) -> list[str]:
        """The game so far in words, a line per move (bot/table_log.py): what the thread
        said of it; a private choice only as what the table may know. Each line names its
        player (`names`, by seat; "P1", "P2"... without them)."""
        record = await self._load(game_id)
        if record.seed is None:
            return []
        engine = self.engine(record.game)
        state = engine.setup(self._options(record, engine), len(record.seats), record.seed)
        view = engine.view(record.snapshot, None) if record.snapshot is not None else {}
        return log_lines(engine, record.game, state, len(record.seats),
                         await self.store.actions(game_id), lang, names, view)

    async def waiting_on(self, user_id: int) -> list[tuple[GameRecord, list[Prompt]]]:
        out = []
        for record in await self.store.list_games(status="running", user_id=user_id):
            prompts = [
                p for p in self._prompts(record, self._decisions(record)) if p.user_id == user_id
            ]
            if prompts:
                out.append((record, prompts))
        return out
