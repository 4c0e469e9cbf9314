"""Slow-game timer bookkeeping: since when each decision is open, when to nudge, when to time out.

The "reminder" schedule's data holds {"open": {decision_key: {"seat", "since", "reminded"}}}
so a decision keeps its age while other seats act (simultaneous phases) and across restarts.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

from bot.table_types import TimerSettings
from rules.core import Decision

OpenMap = dict[str, dict[str, Any]]

# The longest a host may set a reminder or deadline to. Longer (1e9 hours, infinity) would
# put the due time past the last date a datetime holds, and every later move's rescheduling
# would fail, so the game would look stuck.
MAX_HOURS = 24 * 366


def hours_refusal(*hours: float | None) -> str | None:
    """The refusal key for hours a host typed, or None if they can be scheduled."""
    for h in hours:
        if h is not None and not 0 < h <= MAX_HOURS:  # also NaN and infinity
            return "table.timers_too_long" if h > MAX_HOURS else "table.timers_invalid"
    return None


def _hours(hours: float) -> timedelta:
    """Hours as a delta, capped (settings stored before the bound was checked; NaN, from
    0 reminders times infinite hours, is as far as infinity)."""
    return timedelta(hours=min(hours, MAX_HOURS) if hours == hours else MAX_HOURS)


def aware(moment: datetime) -> datetime:
    """Stores may hand back naive datetimes; ours are all UTC."""
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def track(previous: OpenMap, decisions: list[Decision], now: datetime) -> OpenMap:
    """The open map for `decisions`: known ones keep their age, new ones start now."""
    out: OpenMap = {}
    for d in decisions:
        old = previous.get(d.key)
        if old is not None and old.get("seat") == d.seat:
            out[d.key] = dict(old)
        else:
            out[d.key] = {"seat": d.seat, "since": now.isoformat(), "reminded": 0}
    return out


def since(entry: dict[str, Any]) -> datetime:
    return aware(datetime.fromisoformat(entry["since"]))


def next_reminder(entry: dict[str, Any], timers: TimerSettings) -> datetime:
    hours = timers.remind_after_hours + entry.get("reminded", 0) * timers.remind_every_hours
    return since(entry) + _hours(hours)


def deadline(entry: dict[str, Any], timers: TimerSettings) -> datetime | None:
    if timers.deadline_hours is None:
        return None
    return since(entry) + _hours(timers.deadline_hours)


def reminder_due(open_map: OpenMap, timers: TimerSettings) -> datetime | None:
    times = [next_reminder(e, timers) for e in open_map.values()]
    return min(times) if times else None


def deadline_due(
    open_map: OpenMap, decisions: list[Decision], timers: TimerSettings
) -> datetime | None:
    """The earliest deadline among open decisions that have a documented timeout move."""
    times = [
        t
        for d in decisions
        if d.timeout is not None and d.key in open_map
        for t in [deadline(open_map[d.key], timers)]
        if t is not None
    ]
    return min(times) if times else None
