"""Standing per-seat preferences a game declares (bot.games.Preference), such as how to
answer power offers in one game: saved in the game's settings, applied at once. And each
member's notification preferences (how reminders reach her, her quiet hours), kept with
her user preferences across games."""

from __future__ import annotations

import functools
import re
import zoneinfo
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from typing import Any

from bot import games
from bot.table_base import TableBase
from bot.table_types import Outcome, Refusal


class PreferencesMixin(TableBase):
    async def set_preference(self, game_id: int, user_id: int, key: str, value: str) -> Outcome:
        """Set the player's standing answer `key` in this game (all their seats), and apply it
        at once to the decisions already open."""
        async with self._locks[game_id]:
            record = await self._running(game_id)  # lobby seats are not final yet
            pref = games.ui(record.game).preference(key)
            if pref is None:
                raise Refusal("table.preference_not_in_game", key=key)
            if value not in pref.values:
                raise Refusal(pref.unknown, pref=value, prefs=", ".join(pref.values))
            seats = self.seats_of(record, user_id)
            if not seats:
                raise Refusal("table.not_seated")
            record = await self.store.update_settings(
                game_id, {f"{pref.key}.{seat}": value for seat in seats})
            record, events = await self._auto_moves(record)
            engine = self.engine(record.game)
            result = engine.result(record.snapshot) if record.snapshot is not None else None
            await self._reschedule(record)
            prompts = self._prompts(record, self._decisions(record))
            record, newly_waiting = await self._announce(record, prompts)
            return Outcome(
                game=record, events=events, prompts=prompts,
                board_changed=bool(newly_waiting) or result is not None, finished=result,
                notice=(pref.saved, {"pref": value}), newly_waiting=newly_waiting,
            )


# -- notification preferences (per member, across games) -------------------------------
# Kept in the member's user preferences (Store.get_user/set_user), not in any game.
NOTIFY_KEY = "notify"  # how reminders reach her: one of NOTIFY_WAYS
QUIET_KEY = "quiet"  # {"start": "HH:MM", "end": "HH:MM", "zone": IANA name}, or None
NOTIFY_WAYS = ("ping", "dm", "both")
DEFAULT_NOTIFY = "ping"  # what the bot did before members could choose
_CLOCK = re.compile(r"\s*(\d{1,2})(?:[:.h](\d{2}))?\s*")


@dataclass(frozen=True)
class NotifyPrefs:
    way: str = DEFAULT_NOTIFY
    quiet: dict[str, str] | None = None

    @property
    def thread(self) -> bool:
        return self.way in ("ping", "both")

    @property
    def dm(self) -> bool:
        return self.way in ("dm", "both")


def notify_prefs(prefs: dict[str, Any]) -> NotifyPrefs:
    """A member's notification preferences from her stored user preferences (anything
    stored that no longer reads falls back to the defaults)."""
    way = prefs.get(NOTIFY_KEY)
    quiet = prefs.get(QUIET_KEY)
    if not (isinstance(quiet, dict) and {"start", "end", "zone"} <= set(quiet)):
        quiet = None
    return NotifyPrefs(way if way in NOTIFY_WAYS else DEFAULT_NOTIFY, quiet)


@functools.cache
def _zones() -> dict[str, str]:
    return {name.lower(): name for name in zoneinfo.available_timezones()}


def zone_name(text: str) -> str:
    """The IANA zone a member typed ("asia/seoul" -> "Asia/Seoul"), or a refusal."""
    name = _zones().get(text.strip().lower())
    if name is None:
        raise Refusal("notify.zone_unknown", zone=text.strip()[:60])
    return name


def clock_time(text: str) -> time:
    """"22", "22:00", "7:30" or "7.30" as a time of day, or a refusal."""
    match = _CLOCK.fullmatch(text)
    hour, minute = (int(match[1]), int(match[2] or 0)) if match else (99, 99)
    if hour == 24 and minute == 0:
        hour = 0
    if not (0 <= hour < 24 and 0 <= minute < 60):
        raise Refusal("notify.time_invalid", time=text.strip()[:20])
    return time(hour, minute)


def quiet_until(quiet: dict[str, str] | None, now: datetime) -> datetime | None:
    """When the quiet hours that `now` falls in end (UTC), or None outside them. Quiet
    hours may span midnight (22:00-07:00); their times are wall-clock times in her zone."""
    if not quiet:
        return None
    try:
        zone = zoneinfo.ZoneInfo(quiet["zone"])
        start, end = time.fromisoformat(quiet["start"]), time.fromisoformat(quiet["end"])
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, TypeError):  # stored, then unreadable
        return None
    local = now.astimezone(zone)
    wall = local.time().replace(tzinfo=None)
    if start <= end:
        inside = start <= wall < end
        end_day = local.date()
    else:  # across midnight: the evening part ends tomorrow
        inside = wall >= start or wall < end
        end_day = local.date() + timedelta(days=1 if wall >= start else 0)
    if not inside:
        return None
    return datetime.combine(end_day, end, tzinfo=zone).astimezone(UTC)


class NotifyMixin(TableBase):
    async def notify_settings(self, user_id: int) -> NotifyPrefs:
        return notify_prefs(await self.store.get_user(user_id))

    async def set_notify(self, user_id: int, way: str) -> NotifyPrefs:
        """How her reminders reach her: a ping in the game's thread, a DM, or both."""
        if way not in NOTIFY_WAYS:
            raise Refusal("notify.way_unknown", way=way[:20], ways=", ".join(NOTIFY_WAYS))
        await self.store.set_user(user_id, **{NOTIFY_KEY: way})
        return await self.notify_settings(user_id)

    async def set_quiet(
        self, user_id: int, start: str, end: str, zone: str
    ) -> NotifyPrefs:
        """Quiet hours from `start` to `end` in `zone`: reminders due then wait until they
        end. Refused for an unknown zone, a time that is not one, or an empty span."""
        name = zone_name(zone)
        begin, finish = clock_time(start), clock_time(end)
        if begin == finish:
            raise Refusal("notify.quiet_empty")
        quiet = {"start": begin.isoformat("minutes"), "end": finish.isoformat("minutes"),
                 "zone": name}
        await self.store.set_user(user_id, **{QUIET_KEY: quiet})
        return await self.notify_settings(user_id)

    async def clear_quiet(self, user_id: int) -> NotifyPrefs:
        if (await self.notify_settings(user_id)).quiet is None:
            raise Refusal("notify.no_quiet")
        await self.store.set_user(user_id, **{QUIET_KEY: None})
        return await self.notify_settings(user_id)
