"""The transport-free table service: lobby, seats, turns, undo, votes and slow-game timers.

No discord import: the adapter (bot/discord_*, bot/cogs/) turns Outcomes and Refusals into
messages. Every refusal is a Refusal(key, **params) raised before anything is written.
"""

from __future__ import annotations

import asyncio
import functools
import logging
import secrets
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ValidationError

import rules
from bot import table_timers as timers_
from bot.i18n import t
from bot.table_options import option_specs, updated_options
from bot.table_types import (
    OptionSpec,
    Outcome,
    Prompt,
    Refusal,
    Reminder,
    TimerSettings,
)
from rules.core import Action, Decision, Engine, Event, RuleError, State, find_choice, replay
from storage.base import (
    DuplicateInteraction,
    GameNotFound,
    GameRecord,
    Store,
    VersionConflict,
)

__all__ = [
    "OptionSpec",
    "Outcome",
    "Prompt",
    "Refusal",
    "Reminder",
    "TableService",
    "TimerSettings",
]

# Settings keys kept in GameRecord.settings besides the timer fields.
VOTES = "abandon_votes"

log = logging.getLogger(__name__)


def _utcnow() -> datetime:
    return datetime.now(UTC)


# Names the adapter's Settings (bot/settings.py) uses for the same timer defaults.
_SETTINGS_ALIASES = {
    "remind_after_hours": ("remind_after_hours", "reminder_after_hours"),
    "remind_every_hours": ("remind_every_hours", "reminder_every_hours"),
    "deadline_hours": ("deadline_hours", "turn_deadline_hours"),
}


def _timer_defaults(settings: Any) -> TimerSettings:
    """Accept None, TimerSettings, a dict, or any settings object carrying the timer fields."""
    if settings is None:
        return TimerSettings()
    if isinstance(settings, TimerSettings):
        return settings
    data: dict[str, Any] = {}
    for name, aliases in _SETTINGS_ALIASES.items():
        for alias in aliases:
            value = (
                settings.get(alias) if isinstance(settings, dict) else getattr(settings, alias, None)
            )
            if value is not None:
                data[name] = value
                break
    if not data.get("deadline_hours"):  # 0 means "no deadline" in the environment settings
        data["deadline_hours"] = None
    return TimerSettings.model_validate(data)


def _serialised(method):
    """Run a read-modify-write service call under the game's lock (within this process)."""

    @functools.wraps(method)
    async def run(self: TableService, game_id: int, *args: Any, **kwargs: Any) -> Any:
        async with self._locks[game_id]:
            return await method(self, game_id, *args, **kwargs)

    return run


def _mentions(user_ids: list[int]) -> str:
    return ", ".join(f"<@{uid}>" for uid in dict.fromkeys(user_ids))


class TableService:
    def __init__(
        self,
        store: Store,
        *,
        clock: Callable[[], datetime] = _utcnow,
        settings: Any = None,
    ) -> None:
        self.store = store
        self.clock = clock
        self.timers = _timer_defaults(settings)
        # Lobby seats and votes are read-modify-write in the store: serialise them per game.
        self._locks: defaultdict[int, asyncio.Lock] = defaultdict(asyncio.Lock)

    # -- helpers ------------------------------------------------------------
    @staticmethod
    def engine(game: str) -> Engine:
        try:
            return rules.get_engine(game)
        except (KeyError, ImportError):
            raise Refusal("unknown_game_type", game=game) from None

    async def _load(self, game_id: int) -> GameRecord:
        try:
            return await self.store.get_game(game_id)
        except GameNotFound:
            raise Refusal("unknown_game", game_id=game_id) from None

    async def _lobby(self, game_id: int) -> GameRecord:
        record = await self._load(game_id)
        if record.status != "lobby":
            raise Refusal("not_in_lobby", status=record.status)
        return record

    async def _running(self, game_id: int) -> GameRecord:
        record = await self._load(game_id)
        if record.status == "lobby":
            raise Refusal("not_started")
        if record.status != "running":
            raise Refusal("game_over", status=record.status)
        return record

    @staticmethod
    def _host_only(record: GameRecord, user_id: int) -> None:
        if record.host_id != user_id:
            raise Refusal("not_host", host=f"<@{record.host_id}>")

    @staticmethod
    def seats_of(record: GameRecord, user_id: int) -> list[int]:
        return [i for i, uid in enumerate(record.seats) if uid == user_id]

    def _options(self, record: GameRecord, engine: Engine) -> BaseModel:
        try:
            return engine.Options.model_validate(record.options)
        except ValidationError:
            raise Refusal("option_invalid", name="*", value="") from None

    def _prompts(self, record: GameRecord, decisions: list[Decision]) -> list[Prompt]:
        return [
            Prompt(
                game_id=record.id,
                seat=d.seat,
                user_id=record.seats[d.seat],
                decision=d,
                private=d.private,
            )
            for d in decisions
        ]

    def _decisions(self, record: GameRecord) -> list[Decision]:
        if record.status != "running" or record.snapshot is None:
            return []
        return self.engine(record.game).decisions(record.snapshot)

    # -- lobby --------------------------------------------------------------
    def option_specs(self, game: str) -> list[OptionSpec]:
        return option_specs(game, self.engine(game).Options)

    async def new_game(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        lang: str = "ko",
        thread_id: int | None = None,
    ) -> GameRecord:
        self.engine(game)
        return await self.store.create_game(
            game,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            lang=lang,
            options={},
            thread_id=thread_id,
        )

    async def attach_thread(self, game_id: int, thread_id: int) -> GameRecord:
        await self._lobby(game_id)
        return await self.store.update_lobby(game_id, thread_id=thread_id)

    @_serialised
    async def join(self, game_id: int, user_id: int) -> GameRecord:
        record = await self._lobby(game_id)
        if user_id in record.seats:
            raise Refusal("already_seated")
        engine = self.engine(record.game)
        if len(record.seats) >= engine.max_seats:
            raise Refusal("table_full", max=engine.max_seats)
        return await self.store.update_lobby(game_id, seats=[*record.seats, user_id])

    @_serialised
    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        record = await self._lobby(game_id)
        if user_id not in record.seats:
            raise Refusal("not_seated")
        if user_id == record.host_id:
            raise Refusal("host_cannot_leave")
        seats = [uid for uid in record.seats if uid != user_id]
        return await self.store.update_lobby(game_id, seats=seats)

    @_serialised
    async def set_option(self, game_id: int, user_id: int, name: str, value: Any) -> GameRecord:
        record = await self._lobby(game_id)
        self._host_only(record, user_id)
        engine = self.engine(record.game)
        options = updated_options(record.game, engine.Options, record.options, name, value)
        return await self.store.update_lobby(game_id, options=options)

    async def set_timers(
        self,
        game_id: int,
        user_id: int,
        *,
        remind_after_hours: float | None = None,
        remind_every_hours: float | None = None,
        deadline_hours: float | None = None,
        clear_deadline: bool = False,
    ) -> GameRecord:
        """Host only, lobby or running: per-game reminder and deadline hours."""
        record = await self._load(game_id)
        if record.status not in ("lobby", "running"):
            raise Refusal("game_over", status=record.status)
        self._host_only(record, user_id)
        changes = {
            k: v
            for k, v in {
                "remind_after_hours": remind_after_hours,
                "remind_every_hours": remind_every_hours,
                "deadline_hours": deadline_hours,
            }.items()
            if v is not None
        }
        if clear_deadline:
            changes["deadline_hours"] = None
        try:
            TimerSettings.for_game(self.timers, {**record.settings, **changes})
        except ValidationError:
            raise Refusal("timers_invalid") from None
        record = await self.store.update_settings(game_id, changes)
        if record.status == "running":
            await self._reschedule(record)
        return record

    async def start(self, game_id: int, user_id: int) -> Outcome:
        record = await self._lobby(game_id)
        self._host_only(record, user_id)
        engine = self.engine(record.game)
        n = len(record.seats)
        if n < engine.min_seats:
            raise Refusal("too_few_players", min=engine.min_seats, count=n)
        if n > engine.max_seats:
            raise Refusal("table_full", max=engine.max_seats)
        options = self._options(record, engine)
        seed = secrets.randbits(63)
        try:
            state = engine.setup(options, n, seed)
        except RuleError as e:
            raise Refusal(e.key, **e.params) from None
        try:
            record = await self.store.start_game(
                game_id, seed=seed, seats=list(record.seats), snapshot=state
            )
        except VersionConflict:
            raise Refusal("not_in_lobby", status="running") from None
        await self._reschedule(record)
        return Outcome(
            game=record,
            prompts=self._prompts(record, engine.decisions(state)),
            board_changed=True,
            finished=engine.result(state),
            notice=("started", {"players": _mentions(record.seats), "count": n}),
        )

    async def cancel(self, game_id: int, user_id: int) -> GameRecord:
        record = await self._lobby(game_id)
        self._host_only(record, user_id)
        record = await self.store.set_status(game_id, "cancelled")
        await self.store.clear_schedule(game_id)
        return record

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
            raise Refusal("not_seated")
        state = record.snapshot
        assert state is not None  # a running game always has its snapshot
        decisions = engine.decisions(state)
        mine = [d for d in decisions if d.seat in seats]
        if decision_key is not None:
            mine = [d for d in mine if d.key == decision_key]
            if not mine:
                raise Refusal("stale")
        elif not mine:
            waiting = [record.seats[d.seat] for d in decisions]
            raise Refusal("not_your_turn", waiting=_mentions(waiting), user_ids=waiting)
        if isinstance(action_or_text, str):
            text = action_or_text.strip()
            if not text:
                raise Refusal("empty_move")
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
        if decision.choices is not None and find_choice(decision, action) is None:
            # The engine accepted a move its own decision does not list: refuse, stay safe.
            raise Refusal("illegal_move", move=engine.format(state, action, "en"))
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
            raise Refusal("already_applied")
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
        raise Refusal("stale")

    async def _commit(
        self,
        record: GameRecord,
        seat: int,
        action: Action,
        new_state: State,
        events: list[Event],
        user_id: int | None,
        interaction_id: int | None,
    ) -> Outcome:
        engine = self.engine(record.game)
        result = engine.result(new_state)
        try:
            saved = await self.store.append_action(
                record.id,
                expected_version=record.version,
                seat=seat,
                action=action,
                snapshot=new_state,
                user_id=user_id,
                interaction_id=interaction_id,
                status="finished" if result is not None else None,
            )
        except DuplicateInteraction:
            raise Refusal("already_applied") from None
        await self._reschedule(saved)
        return Outcome(
            game=saved,
            events=events,
            prompts=self._prompts(saved, self._decisions(saved)),
            board_changed=result is not None or any(e.seat is None for e in events),
            finished=result,
            automatic=user_id is None,
        )

    async def undo(self, game_id: int, user_id: int, lang: str = "en") -> Outcome:
        record = await self._running(game_id)
        seats = self.seats_of(record, user_id)
        if not seats:
            raise Refusal("not_seated")
        log = await self.store.actions(game_id)
        if not any(a.user_id == user_id for a in log):
            raise Refusal("undo_nothing")
        last = log[-1]
        if last.user_id != user_id or last.version != record.version:
            raise Refusal("undo_not_yours")
        engine = self.engine(record.game)
        assert record.seed is not None
        options = self._options(record, engine)
        before = replay(
            engine, options, len(record.seats), record.seed, [(a.seat, a.action) for a in log[:-1]]
        )
        _, events = engine.apply(before, last.seat, last.action)
        if any(e.reveal for e in events):
            raise Refusal("undo_revealed")
        move = engine.format(before, last.action, lang)
        try:
            saved = await self.store.pop_action(
                game_id, expected_version=record.version, snapshot=before
            )
        except VersionConflict:
            raise Refusal("stale") from None
        await self._reschedule(saved)
        return Outcome(
            game=saved,
            prompts=self._prompts(saved, self._decisions(saved)),
            board_changed=True,
            notice=("undone", {"user": f"<@{user_id}>", "move": move}),
        )

    @_serialised
    async def vote_abandon(self, game_id: int, user_id: int) -> Outcome:
        record = await self._running(game_id)
        seats = self.seats_of(record, user_id)
        if not seats:
            raise Refusal("not_seated")
        votes = sorted(set(record.settings.get(VOTES, [])))
        if set(seats) <= set(votes):
            raise Refusal("vote_already")
        votes = sorted(set(votes) | set(seats))
        total = len(record.seats)
        needed = total // 2 + 1
        record = await self.store.update_settings(game_id, {VOTES: votes})
        if len(votes) < needed:
            return Outcome(
                game=record,
                prompts=self._prompts(record, self._decisions(record)),
                notice=("vote_recorded", {"votes": len(votes), "needed": needed}),
            )
        record = await self.store.set_status(game_id, "abandoned")
        await self.store.clear_schedule(game_id)
        return Outcome(game=record, notice=("abandoned", {"votes": len(votes), "seats": total}))

    @_serialised
    async def withdraw_vote(self, game_id: int, user_id: int) -> Outcome:
        record = await self._running(game_id)
        seats = set(self.seats_of(record, user_id))
        votes = set(record.settings.get(VOTES, []))
        if not seats & votes:
            raise Refusal("vote_none")
        record = await self.store.update_settings(game_id, {VOTES: sorted(votes - seats)})
        needed = len(record.seats) // 2 + 1
        return Outcome(
            game=record,
            prompts=self._prompts(record, self._decisions(record)),
            notice=("vote_withdrawn", {"votes": len(votes - seats), "needed": needed}),
        )

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
                    text = c.text if lang == "en" else engine.format(record.snapshot, c.action, lang)
                    moves.append(text)
        return list(dict.fromkeys(moves))

    async def log(self, game_id: int, lang: str = "en") -> list[str]:
        """Notation lines of the game so far; moves made on a private decision are hidden."""
        record = await self._load(game_id)
        if record.seed is None:
            return []
        engine = self.engine(record.game)
        state = engine.setup(self._options(record, engine), len(record.seats), record.seed)
        lines = []
        for a in await self.store.actions(game_id):
            mine = [d for d in engine.decisions(state) if d.seat == a.seat]
            answered = next((d for d in mine if find_choice(d, a.action) is not None), None)
            private = answered.private if answered else bool(mine) and all(d.private for d in mine)
            move = (
                t("log_private", lang)
                if private
                else engine.format(state, a.action, lang)
            )
            key = "log_line_auto" if a.user_id is None else "log_line"
            lines.append(t(key, lang, n=a.version, seat=a.seat + 1, move=move))
            state, _ = engine.apply(state, a.seat, a.action)
        return lines

    async def waiting_on(self, user_id: int) -> list[tuple[GameRecord, list[Prompt]]]:
        out = []
        for record in await self.store.list_games(status="running", user_id=user_id):
            prompts = [p for p in self._prompts(record, self._decisions(record)) if
                       p.user_id == user_id]
            if prompts:
                out.append((record, prompts))
        return out

    # -- slow games ---------------------------------------------------------
    async def _open_map(self, game_id: int) -> timers_.OpenMap:
        for s in await self.store.schedules(game_id):
            if s.kind == "reminder":
                return dict(s.data.get("open", {}))
        return {}

    async def _reschedule(
        self, record: GameRecord, open_map: timers_.OpenMap | None = None
    ) -> None:
        """Set the game's reminder and deadline timers from its open decisions."""
        existing = {s.kind: s for s in await self.store.schedules(record.id)}
        decisions = self._decisions(record)
        if not decisions:
            if existing:
                await self.store.clear_schedule(record.id)
            return
        timers = TimerSettings.for_game(self.timers, record.settings)
        if open_map is None:
            open_map = existing["reminder"].data.get("open", {}) if "reminder" in existing else {}
        tracked = timers_.track(open_map, decisions, self.clock())
        remind_at = timers_.reminder_due(tracked, timers)
        assert remind_at is not None
        old = existing.get("reminder")
        data = {"open": tracked}
        if old is None or timers_.aware(old.due_at) != remind_at or old.data != data:
            await self.store.set_schedule(record.id, "reminder", remind_at, data)
        deadline_at = timers_.deadline_due(tracked, decisions, timers)
        old = existing.get("deadline")
        if deadline_at is None:
            if old is not None:
                await self.store.clear_schedule(record.id, "deadline")
        elif old is None or timers_.aware(old.due_at) != deadline_at:
            await self.store.set_schedule(record.id, "deadline", deadline_at, {})

    async def tick(self) -> list[Outcome | Reminder]:
        """Due reminders (whom to nudge) and timeout moves for passed deadlines."""
        now = self.clock()
        out: list[Outcome | Reminder] = []
        game_ids = list(dict.fromkeys(s.game_id for s in await self.store.due_schedules(now)))
        for game_id in game_ids:
            try:
                record = await self.store.get_game(game_id)
            except GameNotFound:
                await self.store.clear_schedule(game_id)
                continue
            if record.status != "running":
                await self.store.clear_schedule(game_id)
                continue
            try:
                out.extend(await self._timeouts(record, now))
                record = await self.store.get_game(game_id)
                reminder = await self._remind(record, now)
            except Exception:  # one broken game must not stop the other games' timers
                log.exception("tick failed for game %s", game_id)
                continue
            if reminder is not None:
                out.append(reminder)
        return out

    async def _timeouts(self, record: GameRecord, now: datetime) -> list[Outcome]:
        """Apply the documented timeout move of every decision past its deadline."""
        timers = TimerSettings.for_game(self.timers, record.settings)
        if timers.deadline_hours is None:
            return []
        engine = self.engine(record.game)
        outcomes: list[Outcome] = []
        for _ in range(len(record.seats) * 4):  # bounded: each pass applies one move
            if record.status != "running":
                break
            open_map = await self._open_map(record.id)
            overdue = [
                d
                for d in self._decisions(record)
                if d.timeout is not None
                and d.key in open_map
                and (due := timers_.deadline(open_map[d.key], timers)) is not None
                and due <= now
            ]
            if not overdue:
                break
            d = overdue[0]
            assert d.timeout is not None and record.snapshot is not None
            try:
                new_state, events = engine.apply(record.snapshot, d.seat, d.timeout.action)
                outcome = await self._commit(
                    record, d.seat, d.timeout.action, new_state, events, None, None
                )
            except (RuleError, VersionConflict):
                break  # a broken timeout move or a concurrent click: the next tick retries
            outcome.notice = (
                "timeout_move",
                {"user": f"<@{record.seats[d.seat]}>", "move": d.timeout.text},
            )
            outcomes.append(outcome)
            record = outcome.game
        return outcomes

    async def _remind(self, record: GameRecord, now: datetime) -> Reminder | None:
        if record.status != "running":
            return None
        timers = TimerSettings.for_game(self.timers, record.settings)
        decisions = self._decisions(record)
        tracked = timers_.track(await self._open_map(record.id), decisions, now)
        due = [d for d in decisions if timers_.next_reminder(tracked[d.key], timers) <= now]
        if not due:
            await self._reschedule(record, tracked)
            return None
        for d in due:
            tracked[d.key]["reminded"] = tracked[d.key].get("reminded", 0) + 1
        await self._reschedule(record, tracked)
        oldest = min(timers_.since(tracked[d.key]) for d in due)
        return Reminder(
            game=record,
            prompts=self._prompts(record, due),
            hours=int((now - oldest).total_seconds() // 3600),
            count=max(tracked[d.key]["reminded"] for d in due),
        )
