"""Substitutes and vacations: a seat changes hands (the host, an admin, or its player's
offer taken up), and a player away until a date pauses her reminders and deadlines.

A hand-over is not a move: the store keeps it beside the action log (`Store.seat_changes`),
and `log()` tells it between the moves. Prompts, DMs and private views follow the seat list,
so after it the old player is "not seated" and the newcomer holds the seat's secrets.
Away times live per user (`away_until`) and, for the timers, in each of her games' settings
(`away.<user id>`), so a game's timers read them from its own record.
"""

from __future__ import annotations

from datetime import UTC, date, datetime, time, timedelta
from itertools import groupby
from typing import Any

from bot import games
from bot import table_timers as timers_
from bot.i18n import t
from bot.table_base import TableBase, game_over
from bot.table_log import log_lines
from bot.table_types import Outcome, Refusal
from storage.base import GameRecord, VersionConflict

AWAY_LIMIT_KEY = "away_max_days"  # the host's maximum, per game
DEFAULT_AWAY_DAYS = 14
MAX_AWAY_DAYS = 366
OFFER_KEY = "seat_offer"  # the seat its player offers to anyone (None: no offer)
AWAY_USER_KEY = "away_until"  # user preference: ISO end of the away time


def _mention(user_id: int) -> str:
    return f"<@{user_id}>"


def away_end(until: date) -> datetime:
    """Away through `until`: back at the start of the next day (UTC)."""
    return datetime.combine(until + timedelta(days=1), time(0), tzinfo=UTC)


def away_limit(record: GameRecord) -> int:
    return int(record.settings.get(AWAY_LIMIT_KEY) or DEFAULT_AWAY_DAYS)


class SeatsMixin(TableBase):
    # -- substitutes -----------------------------------------------------------
    async def substitute(
        self, game_id: int, by_user: int, old_user: int, new_user: int, *, admin: bool = False
    ) -> Outcome:
        """The host (or a server admin: the adapter says) hands `old_user`'s seat to
        `new_user`."""
        record = await self._running(game_id)
        if not admin:
            self._host_only(record, by_user)
        seats = self.seats_of(record, old_user)
        if not seats:
            raise Refusal("table.seat_unknown", user=_mention(old_user))
        return await self._hand_over(record, seats[0], new_user, by_user)

    async def offer_seat(self, game_id: int, user_id: int, *, withdraw: bool = False) -> Outcome:
        """A player offers her seat to any member (`take_seat`), or takes the offer back."""
        record = await self._running(game_id)
        seats = self.seats_of(record, user_id)
        if not seats:
            raise Refusal("table.not_seated")
        offered = record.settings.get(OFFER_KEY)
        if withdraw:
            if offered not in seats:
                raise Refusal("table.no_seat_offer")
            record = await self.store.update_settings(game_id, {OFFER_KEY: None})
            return Outcome(
                game=record, notice=("table.seat_offer_withdrawn", {"user": _mention(user_id)})
            )
        if offered is not None and offered not in seats:
            raise Refusal("table.seat_offer_open", user=_mention(record.seats[offered]))
        record = await self.store.update_settings(game_id, {OFFER_KEY: seats[0]})
        return Outcome(game=record, notice=("table.seat_offered", {"user": _mention(user_id)}))

    async def take_seat(self, game_id: int, user_id: int) -> Outcome:
        """A member takes the seat its player offered."""
        record = await self._running(game_id)
        seat = record.settings.get(OFFER_KEY)
        if seat is None:
            raise Refusal("table.no_seat_offer")
        return await self._hand_over(record, seat, user_id, user_id)

    async def _hand_over(
        self, record: GameRecord, seat: int, new_user: int, by_user: int
    ) -> Outcome:
        if new_user in record.seats:
            raise Refusal("table.member_seated", user=_mention(new_user))
        old_user = record.seats[seat]
        async with self._locks[record.id]:
            try:
                record = await self.store.replace_seat(
                    record.id, seat, new_user, expected_user=old_user, by_user=by_user
                )
            except VersionConflict:  # another hand-over or the end of the game meanwhile
                raise Refusal("table.stale") from None
            # The old player's standing answers and offer are hers, not the newcomer's; the
            # newcomer's own away time now counts here.
            changes: dict[str, Any] = {
                f"{p.key}.{seat}": None for p in games.ui(record.game).preferences
            }
            if record.settings.get(OFFER_KEY) == seat:
                changes[OFFER_KEY] = None
            changes.update(await self._away_keys([new_user]))
            record = await self.store.update_settings(record.id, changes)
            await self._reschedule(record)
        prompts = [p for p in self._prompts(record, self._decisions(record)) if p.seat == seat]
        return Outcome(
            game=record,
            prompts=prompts,
            # the table now waits on the newcomer for whatever the seat has open: she is pinged
            newly_waiting=frozenset({seat}) if prompts else frozenset(),
            notice=(
                "table.substituted",
                {"seat": seat + 1, "old": _mention(old_user), "new": _mention(new_user)},
            ),
        )

    async def _away_keys(self, users: list[int]) -> dict[str, str]:
        """The game settings that pause these users' decisions, for those away now."""
        out = {}
        for user in users:
            until = (await self.store.get_user(user)).get(AWAY_USER_KEY)
            if until and timers_.aware(datetime.fromisoformat(until)) > self.clock():
                out[f"{timers_.AWAY_PREFIX}{user}"] = until
        return out

    async def start(self, game_id: int, user_id: int) -> Outcome:
        """LobbyMixin.start, then players who are away (joined after their /away) pause."""
        outcome: Outcome = await super().start(game_id, user_id)  # type: ignore[misc]
        changes = await self._away_keys(outcome.game.seats)
        if changes:
            async with self._locks[game_id]:
                outcome.game = await self.store.update_settings(game_id, changes)
                await self._reschedule(outcome.game)
        return outcome

    async def log(
        self, game_id: int, lang: str = "en", names: list[str] | None = None
    ) -> list[str]:
        """The move log (PlayMixin.log) with each hand-over told after the move it followed."""
        lines: list[str] = await super().log(game_id, lang, names)  # type: ignore[misc]
        changes = await self.store.seat_changes(game_id)
        if not changes:
            return lines
        record = await self._load(game_id)
        assert record.seed is not None  # a game that changed hands has started
        engine = self.engine(record.game)
        start = engine.setup(self._options(record, engine), len(record.seats), record.seed)
        view = engine.view(record.snapshot, None) if record.snapshot is not None else {}
        actions = await self.store.actions(game_id)
        out: list[str] = []
        done = 0
        for version, group in groupby(changes, key=lambda c: c.version):
            before = [a for a in actions if a.version <= version]
            count = (
                len(
                    log_lines(
                        engine, record.game, start, len(record.seats), before, lang, names, view
                    )
                )
                if before
                else 0
            )
            out += lines[done:count]
            done = count
            out += [
                t(
                    "table.log_substituted",
                    lang,
                    seat=c.seat + 1,
                    old=_mention(c.old_user),
                    new=_mention(c.new_user),
                )
                for c in group
            ]
        return out + lines[done:]

    # -- vacations -------------------------------------------------------------
    async def set_away_limit(self, game_id: int, user_id: int, days: int) -> GameRecord:
        """Host only: the longest `/away` this game's players may take, in days."""
        record = await self._load(game_id)
        if record.status not in ("lobby", "running"):
            raise game_over(record)
        self._host_only(record, user_id)
        if not 1 <= days <= MAX_AWAY_DAYS:
            raise Refusal("table.away_limit_invalid", max=MAX_AWAY_DAYS)
        return await self.store.update_settings(game_id, {AWAY_LIMIT_KEY: days})

    async def away(self, user_id: int, until: date) -> list[Outcome]:
        """Away through `until`, in all her games: one notice per running game (its thread
        is told once). Refused for a past date or beyond a game's maximum."""
        today = self.clock().date()
        if until < today:
            raise Refusal("table.away_past", date=until.isoformat())
        mine = [
            g
            for g in await self.store.list_games(user_id=user_id)
            if g.status in ("lobby", "running")
        ]
        for game in mine:
            if (until - today).days > away_limit(game):
                raise Refusal("table.away_too_long", game_id=game.id, days=away_limit(game))
        end = away_end(until).isoformat()
        await self.store.set_user(user_id, **{AWAY_USER_KEY: end})
        return await self._mark(
            mine,
            user_id,
            end,
            ("table.away", {"user": _mention(user_id), "date": until.isoformat()}),
        )

    async def back(self, user_id: int) -> list[Outcome]:
        """Back before the date: her games' timers resume now."""
        until = (await self.store.get_user(user_id)).get(AWAY_USER_KEY)
        if not until or timers_.aware(datetime.fromisoformat(until)) <= self.clock():
            raise Refusal("table.not_away")
        await self.store.set_user(user_id, **{AWAY_USER_KEY: None})
        mine = [
            g
            for g in await self.store.list_games(user_id=user_id)
            if g.status in ("lobby", "running")
        ]
        return await self._mark(mine, user_id, None, ("table.back", {"user": _mention(user_id)}))

    async def _mark(
        self,
        mine: list[GameRecord],
        user_id: int,
        end: str | None,
        notice: tuple[str, dict[str, Any]],
    ) -> list[Outcome]:
        out = []
        for game in mine:
            async with self._locks[game.id]:
                record = await self.store.update_settings(
                    game.id, {f"{timers_.AWAY_PREFIX}{user_id}": end}
                )
                if record.status == "running":
                    await self._reschedule(record)
                    out.append(Outcome(game=record, notice=notice))
        return out

    async def away_status(self, game_id: int) -> tuple[str, dict[str, Any]] | None:
        """For `/game status`: the game waits only on players who are away."""
        record = await self._load(game_id)
        if record.status != "running":
            return None
        now = self.clock()
        away = timers_.away_seats(record.seats, record.settings, now)
        waiting = sorted({d.seat for d in self._decisions(record)})
        if not waiting or any(s not in away for s in waiting):
            return None
        who = ", ".join(
            f"{_mention(record.seats[s])} ({(away[s] - timedelta(days=1)).date()})" for s in waiting
        )
        return ("table.waiting_on_away", {"users": who})
