"""Slow-game timer bookkeeping: since when each decision is open, when to nudge, when to time out.

The "reminder" schedule's data holds {"open": {decision_key: {"seat", "since", "reminded"}}}
so a decision keeps its age while other seats act (simultaneous phases) and across restarts.
An entry may also hold "peers" (the other seats whose decisions of the same kind opened with
it: a moment where several players decide at once) and "quiet_until" (its reminder waits for
the end of its player's quiet hours).
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
AWAY_PREFIX = "away."  # settings key of a seated player's away-until time, by user id


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


def track(
    previous: OpenMap,
    decisions: list[Decision],
    now: datetime,
    away: dict[int, datetime] | None = None,
) -> OpenMap:
    """The open map for `decisions`: known ones keep their age, new ones start now. A
    decision of a seat that is `away` (seat -> until when) is paused; once its player is
    back (or the date has passed) it resumes with the time it had left."""
    out: OpenMap = {}
    fresh = [d for d in decisions
             if (old := previous.get(d.key)) is None or old.get("seat") != d.seat]
    for d in decisions:
        old = previous.get(d.key)
        if old is not None and old.get("seat") == d.seat:
            entry = dict(old)
        else:
            entry = {"seat": d.seat, "since": now.isoformat(), "reminded": 0}
            peers = sorted({f.seat for f in fresh if f.kind == d.kind and f.seat != d.seat})
            if peers:
                entry["peers"] = peers
        out[d.key] = _pause(entry, (away or {}).get(d.seat), now)
    return out


def last_seats(open_map: OpenMap) -> set[int]:
    """The seat everyone else waits on after a moment where several players decided at once:
    its open decision opened together with other seats' (peers), and no other seat has an
    open decision any more. Empty otherwise."""
    seats = {e["seat"] for e in open_map.values()}
    if len(seats) != 1:
        return set()
    return seats if any(e.get("peers") for e in open_map.values()) else set()


def _pause(entry: dict[str, Any], until: datetime | None, now: datetime) -> dict[str, Any]:
    if until is not None and until > now:
        entry.setdefault("paused", now.isoformat())
        entry["paused_until"] = until.isoformat()
    elif "paused" in entry:  # back early (now) or the away date passed (then)
        paused = aware(datetime.fromisoformat(entry.pop("paused")))
        end = min(now, aware(datetime.fromisoformat(entry.pop("paused_until"))))
        entry["since"] = (since(entry) + max(end - paused, timedelta(0))).isoformat()
    return entry


def away_seats(seats: list[int], settings: dict[str, Any], now: datetime) -> dict[int, datetime]:
    """Seat -> until when its player is away (settings["away.<user id>"], ISO), if later
    than now."""
    out = {}
    for seat, user in enumerate(seats):
        value = settings.get(f"{AWAY_PREFIX}{user}")
        if value and (until := aware(datetime.fromisoformat(value))) > now:
            out[seat] = until
    return out


def since(entry: dict[str, Any]) -> datetime:
    return aware(datetime.fromisoformat(entry["since"]))


def next_reminder(entry: dict[str, Any], timers: TimerSettings) -> datetime:
    if "paused" in entry:  # no reminder while away: wake when she is due back
        return aware(datetime.fromisoformat(entry["paused_until"]))
    hours = timers.remind_after_hours + entry.get("reminded", 0) * timers.remind_every_hours
    due = since(entry) + _hours(hours)
    if "quiet_until" in entry:  # due in her quiet hours: it waits for them to end
        due = max(due, aware(datetime.fromisoformat(entry["quiet_until"])))
    return due


def deadline(entry: dict[str, Any], timers: TimerSettings) -> datetime | None:
    if timers.deadline_hours is None or "paused" in entry:
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
