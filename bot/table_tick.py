"""Slow games: due reminders and deadline timeout moves, from tick().

A reminder due in its player's quiet hours waits until they end; each reminder says how its
players want it (a ping, a DM, or both) and whom everyone else has decided for. A missed
deadline is told to `_missed_deadline` (the idle-player count, bot/table_idle.py)."""

from __future__ import annotations

import logging
from datetime import datetime, timedelta
from typing import Any

from bot import table_timers as timers_
from bot.table_base import TableBase
from bot.table_prefs import NotifyPrefs, notify_prefs, quiet_until
from bot.table_secrets import secret_move
from bot.table_types import (
    Reminder,
    TimerSettings,
)
from rules.core import RuleError
from storage.base import (
    GameNotFound,
    GameRecord,
    VersionConflict,
)

log = logging.getLogger(__name__)

# A tick that claimed a game's due timers and died before rescheduling them hands them to
# the next tick of any process after this long.
CLAIM_LEASE = timedelta(minutes=5)


class TickMixin(TableBase):
    async def tick(self) -> list[Any]:
        """Due reminders (whom to nudge), timeout moves for passed deadlines, and what a
        missed deadline opens (an idle player's vote, bot/table_idle.IdleVote)."""
        now = self.clock()
        out: list[Any] = []
        # Claimed, not just read: another bot process ticking now gets other games' timers.
        claimed = await self.store.claim_due_schedules(now, CLAIM_LEASE)
        game_ids = list(dict.fromkeys(s.game_id for s in claimed))
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

    async def _missed_deadline(self, record: GameRecord, seat: int, version: int) -> list[Any]:
        """`seat` missed a deadline: its timeout move is move `version`. What that opens,
        for the adapter to show (nothing here; bot/table_idle.py counts)."""
        return []

    async def _timeouts(self, record: GameRecord, now: datetime) -> list[Any]:
        """Apply the documented timeout move of every decision past its deadline."""
        timers = TimerSettings.for_game(self.timers, record.settings)
        if timers.deadline_hours is None:
            return []
        engine = self.engine(record.game)
        outcomes: list[Any] = []
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
            except VersionConflict:
                break  # a concurrent click: the next tick looks again
            except RuleError as e:
                # the key only: a private decision's params may name its secret
                log.warning("game %s: timeout move of %s refused: %s", record.id, d.key, e.key)
                break
            # the thread is told; a private decision's default move is its secret
            outcome.notice = (
                "table.timeout_move",
                {"user": f"<@{record.seats[d.seat]}>",
                 "move": secret_move() if d.private else d.timeout.text},
            )
            outcomes.append(outcome)
            opened = await self._missed_deadline(outcome.game, d.seat, record.version + 1)
            outcomes += opened
            record = await self.store.get_game(record.id) if opened else outcome.game
        return outcomes

    async def _remind(self, record: GameRecord, now: datetime) -> Reminder | None:
        if record.status != "running":
            return None
        timers = TimerSettings.for_game(self.timers, record.settings)
        decisions = self._decisions(record)
        away = timers_.away_seats(record.seats, record.settings, now)
        tracked = timers_.track(await self._open_map(record.id), decisions, now, away)
        due = [d for d in decisions if timers_.next_reminder(tracked[d.key], timers) <= now]
        prefs: dict[int, NotifyPrefs] = {}
        for user in {record.seats[d.seat] for d in due}:
            prefs[user] = notify_prefs(await self.store.get_user(user))
        held = set()
        for d in due:  # in her quiet hours: it waits until they end
            until = quiet_until(prefs[record.seats[d.seat]].quiet, now)
            if until is not None:
                tracked[d.key]["quiet_until"] = until.isoformat()
                held.add(d.key)
        due = [d for d in due if d.key not in held]
        if not due:
            await self._reschedule(record, tracked)
            return None
        for d in due:
            tracked[d.key]["reminded"] = tracked[d.key].get("reminded", 0) + 1
            tracked[d.key].pop("quiet_until", None)
        await self._reschedule(record, tracked)
        oldest = min(timers_.since(tracked[d.key]) for d in due)
        users = {record.seats[d.seat] for d in due}
        return Reminder(
            game=record,
            prompts=self._prompts(record, due),
            hours=int((now - oldest).total_seconds() // 3600),
            count=max(tracked[d.key]["reminded"] for d in due),
            via={user: prefs[user].way for user in sorted(users)},
            last=frozenset(record.seats[s] for s in timers_.last_seats(tracked)) & users,
        )
