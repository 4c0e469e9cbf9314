"""The table service's shared core: store and engine lookups, prompts, committing an action
and keeping the timers in step. The public methods live in the mixins of bot/table_*.py."""

from __future__ import annotations

import asyncio
import functools
import logging
from collections import defaultdict
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

from pydantic import BaseModel, ValidationError

import rules
from bot import games
from bot import table_timers as timers_
from bot.i18n import LANGS, t
from bot.table_options import engine_options
from bot.table_secrets import secret_move
from bot.table_types import (
    Outcome,
    Prompt,
    Refusal,
    TimerSettings,
)
from rules.core import Action, Decision, Engine, Event, RuleError, State
from storage.base import (
    DuplicateInteraction,
    GameNotFound,
    GameRecord,
    Store,
    VersionConflict,
)

# Settings keys kept in GameRecord.settings besides the timer fields.
VOTES = "abandon_votes"

log = logging.getLogger(__name__)


def _utcnow() -> datetime:
    return datetime.now(UTC)


def game_over(record: GameRecord) -> Refusal:
    """A closed game's refusal; its status in words in every language (filled in later)."""
    status = {lang: t(f"table.status.{record.status}", lang) for lang in LANGS}
    return Refusal("table.game_over", status=status)


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
                settings.get(alias)
                if isinstance(settings, dict)
                else getattr(settings, alias, None)
            )
            if value is not None:
                data[name] = value
                break
    if not data.get("deadline_hours"):  # 0 means "no deadline" in the environment settings
        data["deadline_hours"] = None
    return TimerSettings.model_validate(data)


def serialised(method):
    """Run a read-modify-write service call under the game's lock (within this process)."""

    @functools.wraps(method)
    async def run(self: TableBase, game_id: int, *args: Any, **kwargs: Any) -> Any:
        async with self._locks[game_id]:
            return await method(self, game_id, *args, **kwargs)

    return run


def mentions(user_ids: list[int]) -> str:
    return ", ".join(f"<@{uid}>" for uid in dict.fromkeys(user_ids))


ANNOUNCED_KEY = "waiting.public"  # settings: the seats last announced as waited on in public


AUTO_MOVE_LIMIT = 64  # a bound per commit; each auto move answers one open decision


class TableBase:
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
            raise Refusal("table.unknown_game_type", game=game) from None

    async def _load(self, game_id: int) -> GameRecord:
        try:
            return await self.store.get_game(game_id)
        except GameNotFound:
            raise Refusal("table.unknown_game", game_id=game_id) from None

    async def _lobby(self, game_id: int) -> GameRecord:
        record = await self._load(game_id)
        if record.status != "lobby":
            raise Refusal("table.not_in_lobby", status=record.status)
        return record

    async def _running(self, game_id: int) -> GameRecord:
        record = await self._load(game_id)
        if record.status == "lobby":
            raise Refusal("table.not_started")
        if record.status != "running":
            raise game_over(record)
        return record

    @staticmethod
    def _host_only(record: GameRecord, user_id: int) -> None:
        if record.host_id != user_id:
            raise Refusal("table.not_host", host=f"<@{record.host_id}>")

    @staticmethod
    def seats_of(record: GameRecord, user_id: int) -> list[int]:
        return [i for i, uid in enumerate(record.seats) if uid == user_id]

    def _options(
        self, record: GameRecord, engine: Engine, seed: int | None = None
    ) -> BaseModel:
        """The engine's Options of a game: seat options (stored as players) become seats,
        a random one drawn from the game's seed (`seed` before it is stored)."""
        seed = record.seed if seed is None else seed
        options = engine_options(record.game, engine.Options, record.options, record.seats,
                                 seed)
        try:
            return engine.Options.model_validate(options)
        except ValidationError as error:  # stored before the engine's options changed
            fields = sorted({str(e["loc"][0]) for e in error.errors() if e["loc"]})
            raise Refusal("table.options_stored_invalid", fields=", ".join(fields)) from None

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

    async def _announce(
        self, record: GameRecord, prompts: list[Prompt]
    ) -> tuple[GameRecord, frozenset[int]]:
        """The seats the table now newly waits on in public: a turn is over (a picture, a
        ping). Steps of one seat's turn, secret or public, announce nothing; a secret phase
        of other seats (a draft) forgets who was announced, so the next public turn is new."""
        announced = frozenset(record.settings.get(ANNOUNCED_KEY) or ())
        public = frozenset(p.seat for p in prompts if not p.private)
        secret = frozenset(p.seat for p in prompts if p.private)
        if public:
            now = public
        elif secret - announced:
            now = frozenset()
        else:
            now = announced
        if now != announced:
            record = await self.store.update_settings(record.id, {ANNOUNCED_KEY: sorted(now)})
        return record, public - announced

    def _decisions(self, record: GameRecord) -> list[Decision]:
        if record.status != "running" or record.snapshot is None:
            return []
        return self.engine(record.game).decisions(record.snapshot)

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
            raise Refusal("table.already_applied") from None
        except GameNotFound:  # deleted meanwhile
            raise Refusal("table.unknown_game", game_id=record.id) from None
        saved, auto_events = await self._auto_moves(saved)
        events = [*events, *auto_events]
        result = engine.result(saved.snapshot) if saved.snapshot is not None else result
        await self._reschedule(saved)
        prompts = self._prompts(saved, self._decisions(saved))
        saved, newly_waiting = await self._announce(saved, prompts)
        return Outcome(
            game=saved,
            events=events,
            prompts=prompts,
            # A picture once a turn is over (the table waits on someone new in public), not
            # after each step of a turn, a secret pick or an answered offer.
            board_changed=result is not None or bool(newly_waiting),
            newly_waiting=newly_waiting,
            finished=result,
            automatic=user_id is None,
        )

    async def _auto_moves(self, record: GameRecord) -> tuple[GameRecord, list[Event]]:
        """Play what seats' standing instructions answer (e.g. leech preferences), each as that
        seat's own action logged without a user (automatic). Stops at the first conflict."""
        auto = games.ui(record.game).auto_moves
        if auto is None:
            return record, []
        engine = self.engine(record.game)
        events: list[Event] = []
        for _ in range(AUTO_MOVE_LIMIT):
            if record.status != "running" or record.snapshot is None:
                break
            picks = auto(record, functools.partial(engine.decisions, record.snapshot))
            if not picks:
                break
            decision, choice = picks[0]
            try:
                new_state, new_events = engine.apply(record.snapshot, decision.seat,
                                                     choice.action)
                result = engine.result(new_state)
                record = await self.store.append_action(
                    record.id, expected_version=record.version, seat=decision.seat,
                    action=choice.action, snapshot=new_state, user_id=None,
                    status="finished" if result is not None else None)
            except (RuleError, VersionConflict) as error:
                log.warning("game %s: automatic %s not played: %s", record.id, choice.text, error)
                break
            move = secret_move() if decision.private_choice(choice) else choice.text
            events.append(Event(key="table.auto_move", params={
                "user": f"<@{record.seats[decision.seat]}>", "move": move}))
            events += new_events
        return record, events

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
        now = self.clock()
        tracked = timers_.track(
            open_map, decisions, now, timers_.away_seats(record.seats, record.settings, now)
        )
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
