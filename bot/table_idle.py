"""Idle players: after a number of missed deadlines the host chose (off by default), the
other players vote to hand the seat to a substitute (it is offered, and a member claims it
as any offered seat) or, where the seat's decisions have default moves, to play those for
it. Nothing happens without a vote; a vote can fail; the idle player's own move resets her
count and makes an open vote moot.

Everything lives in the game's settings (one key per seat, so writes never collide):
- IDLE_AFTER_KEY: missed deadlines before a vote (None: off).
- "idle.missed.<seat>": {"user", "versions"}: the versions of the seat's timeout moves; only
  those after her last own move count.
- "idle.vote.<seat>": {"user", "options", "votes": {voter id: option}, "version"}.
- "idle.auto.<seat>": the user whose seat plays its default moves, until she resumes or
  the seat changes hands.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from bot.table_base import AUTO_MOVE_LIMIT, TableBase, game_over, serialised
from bot.table_seats import OFFER_KEY
from bot.table_secrets import secret_move
from bot.table_types import Outcome, Refusal
from rules.core import Event, RuleError
from storage.base import GameRecord, VersionConflict

IDLE_AFTER_KEY = "idle_after"
MAX_IDLE_AFTER = 20
MISSED = "idle.missed."
VOTE = "idle.vote."
AUTO = "idle.auto."
SUBSTITUTE, DEFAULT_MOVES, KEEP = "substitute", "default", "keep"
OPTIONS = (SUBSTITUTE, DEFAULT_MOVES, KEEP)


def _mention(user_id: int) -> str:
    return f"<@{user_id}>"


@dataclass
class IdleVote:
    """A vote the table is asked to take (from tick()): one button per option."""

    game: GameRecord
    seat: int
    user_id: int  # the idle player
    missed: int
    options: list[str]
    needed: int


def open_vote(record: GameRecord, seat: int) -> dict[str, Any] | None:
    vote = record.settings.get(f"{VOTE}{seat}")
    return vote if isinstance(vote, dict) else None


def voters(record: GameRecord, idle_user: int) -> list[int]:
    """Who votes on an idle seat: every other seated player, once."""
    return sorted({u for u in record.seats if u != idle_user})


def needed(record: GameRecord, idle_user: int) -> int:
    return len(voters(record, idle_user)) // 2 + 1


def on_default_moves(record: GameRecord) -> dict[int, int]:
    """Seat -> user, for the seats that play their default moves (the same player still)."""
    return {s: u for s, u in enumerate(record.seats) if record.settings.get(f"{AUTO}{s}") == u}


class IdleMixin(TableBase):
    async def set_idle_after(self, game_id: int, user_id: int, missed: int) -> GameRecord:
        """Host only, lobby or running: after `missed` missed deadlines the table votes on
        the seat; 0 turns it off."""
        record = await self._load(game_id)
        if record.status not in ("lobby", "running"):
            raise game_over(record)
        self._host_only(record, user_id)
        if not 0 <= missed <= MAX_IDLE_AFTER:
            raise Refusal("idle.after_invalid", max=MAX_IDLE_AFTER)
        return await self.store.update_settings(game_id, {IDLE_AFTER_KEY: missed or None})

    async def _last_own_move(self, game_id: int, seat: int, user_id: int) -> int:
        """The version of the seat's last move its player made herself (0: none)."""
        actions = await self.store.actions(game_id)
        return max((a.version for a in actions if a.seat == seat and a.user_id == user_id),
                   default=0)

    async def missed_deadlines(self, game_id: int, seat: int) -> int:
        """How many deadlines the seat's player has missed since her last own move."""
        record = await self._load(game_id)
        entry = record.settings.get(f"{MISSED}{seat}")
        user = record.seats[seat]
        if not isinstance(entry, dict) or entry.get("user") != user:
            return 0
        last = await self._last_own_move(game_id, seat, user)
        return sum(v > last for v in entry["versions"])

    def _vote_options(self, record: GameRecord, seat: int) -> list[str]:
        """Default moves only where each open decision of the seat has one."""
        mine = [d for d in self._decisions(record) if d.seat == seat]
        if all(d.timeout is not None for d in mine):
            return list(OPTIONS)
        return [SUBSTITUTE, KEEP]

    async def _missed_deadline(self, record: GameRecord, seat: int, version: int) -> list[Any]:
        """Count the miss; at the host's number, open the table's vote on the seat."""
        if record.status != "running":  # the timeout move ended the game
            return []
        user = record.seats[seat]
        key = f"{MISSED}{seat}"
        entry = record.settings.get(key)
        last = await self._last_own_move(record.id, seat, user)
        earlier = entry["versions"] if isinstance(entry, dict) and entry.get("user") == user else []
        versions = [v for v in earlier if v > last] + [version]
        changes: dict[str, Any] = {key: {"user": user, "versions": versions}}
        limit = record.settings.get(IDLE_AFTER_KEY)
        vote = None
        if (limit and len(versions) >= limit and open_vote(record, seat) is None
                and seat not in on_default_moves(record) and voters(record, user)):
            options = self._vote_options(record, seat)
            changes[f"{VOTE}{seat}"] = {"user": user, "options": options, "votes": {},
                                        "version": version}
            vote = IdleVote(record, seat, user, len(versions), options, needed(record, user))
        record = await self.store.update_settings(record.id, changes)
        if vote is None:
            return []
        vote.game = record
        return [vote]

    @serialised
    async def idle_vote(self, game_id: int, user_id: int, seat: int, option: str) -> Outcome:
        """One other player's vote on an idle seat. A majority of the other players for
        an option decides it; a majority to keep waiting, or every vote cast with no
        majority, fails the vote (and the count starts again)."""
        record = await self._running(game_id)
        if not self.seats_of(record, user_id):
            raise Refusal("table.not_seated")
        vote = open_vote(record, seat) if 0 <= seat < len(record.seats) else None
        if vote is None:
            raise Refusal("idle.no_vote")
        idle_user = vote["user"]
        if user_id == idle_user:
            raise Refusal("idle.own_seat")
        if option not in vote["options"]:
            raise Refusal("idle.option_unavailable")
        if str(user_id) in vote["votes"]:
            raise Refusal("idle.vote_already")
        key = f"{VOTE}{seat}"
        closed: dict[str, Any] = {key: None, f"{MISSED}{seat}": None}
        who = {"user": _mention(idle_user), "seat": seat + 1}
        if (record.seats[seat] != idle_user
                or await self._last_own_move(game_id, seat, idle_user) > vote["version"]):
            record = await self._settle(record, closed, vote)  # she played, or left the seat
            return Outcome(game=record, notice=("idle.vote_moot", who))
        votes = {**vote["votes"], str(user_id): option}
        total, need = len(voters(record, idle_user)), needed(record, idle_user)
        tally = Counter(votes.values())
        winner = next((o for o in (SUBSTITUTE, DEFAULT_MOVES) if tally[o] >= need), None)
        if winner == SUBSTITUTE:
            offered = record.settings.get(OFFER_KEY)
            if offered is not None and offered != seat:
                raise Refusal("table.seat_offer_open", user=_mention(record.seats[offered]))
            record = await self._settle(record, {**closed, OFFER_KEY: seat}, vote)
            return Outcome(game=record, notice=("idle.substitute_wanted", who))
        if winner == DEFAULT_MOVES:
            record = await self._settle(record, {**closed, f"{AUTO}{seat}": idle_user}, vote)
            record, events = await self._auto_moves(record)
            await self._reschedule(record)
            prompts = self._prompts(record, self._decisions(record))
            record, newly_waiting = await self._announce(record, prompts)
            engine = self.engine(record.game)
            return Outcome(
                game=record, events=events, prompts=prompts, newly_waiting=newly_waiting,
                board_changed=bool(newly_waiting),
                finished=engine.result(record.snapshot) if record.snapshot is not None else None,
                notice=("idle.default_moves_on", who),
            )
        if tally[KEEP] >= need or len(votes) >= total:
            record = await self._settle(record, closed, vote)
            return Outcome(game=record, notice=("idle.vote_failed", who))
        record = await self._settle(record, {key: {**vote, "votes": votes}}, vote)
        return Outcome(game=record, notice=("idle.vote_recorded",
                                            {**who, "votes": len(votes), "needed": need}))

    async def _settle(
        self, record: GameRecord, changes: dict[str, Any], vote: dict[str, Any]
    ) -> GameRecord:
        """Write a vote's change if the vote is still as read (another process may have
        counted a vote in between)."""
        seat_key = next(k for k in changes if k.startswith(VOTE))
        try:
            return await self.store.update_settings(
                record.id, changes, expected={seat_key: vote}, expected_status="running")
        except VersionConflict:
            raise Refusal("table.stale") from None

    async def idle_status(self, game_id: int) -> list[tuple[str, dict[str, Any]]]:
        """For `/game status`: each vote open on an idle seat (its player still in it), with
        the votes cast so far and how many decide."""
        record = await self._load(game_id)
        if record.status != "running":
            return []
        out: list[tuple[str, dict[str, Any]]] = []
        for seat, user in enumerate(record.seats):
            vote = open_vote(record, seat)
            if vote is None or vote["user"] != user:
                continue
            out.append(("idle.status_vote", {
                "user": _mention(user), "seat": seat + 1, "votes": len(vote["votes"]),
                "needed": needed(record, user)}))
        return out

    async def resume_seat(self, game_id: int, user_id: int) -> Outcome:
        """The player plays her own seat again after the table voted for default moves."""
        record = await self._running(game_id)
        seats = self.seats_of(record, user_id)
        if not seats:
            raise Refusal("table.not_seated")
        mine = [s for s in seats if s in on_default_moves(record)]
        if not mine:
            raise Refusal("idle.not_on_default_moves")
        async with self._locks[game_id]:
            changes: dict[str, Any] = {}
            for s in mine:
                changes |= {f"{AUTO}{s}": None, f"{MISSED}{s}": None}
            record = await self.store.update_settings(game_id, changes)
            await self._reschedule(record)
        return Outcome(game=record, newly_waiting=frozenset(),
                       notice=("idle.resumed", {"user": _mention(user_id)}))

    # -- default moves ----------------------------------------------------------
    async def _auto_moves(self, record: GameRecord) -> tuple[GameRecord, list[Event]]:
        """The game's standing answers (TableBase), and the default moves of seats the
        table voted to play for, until neither has anything to play."""
        events: list[Event] = []
        for _ in range(AUTO_MOVE_LIMIT):
            record, played = await self._default_moves(record)
            record, answered = await super()._auto_moves(record)
            events += played + answered
            if not played:
                break
        return record, events

    async def _default_moves(self, record: GameRecord) -> tuple[GameRecord, list[Event]]:
        seats = on_default_moves(record)
        events: list[Event] = []
        if not seats:
            return record, events
        engine = self.engine(record.game)
        for _ in range(AUTO_MOVE_LIMIT):
            if record.status != "running" or record.snapshot is None:
                break
            due = [d for d in engine.decisions(record.snapshot)
                   if d.seat in seats and d.timeout is not None]
            if not due:
                break
            d = due[0]
            assert d.timeout is not None
            try:
                state, new_events = engine.apply(record.snapshot, d.seat, d.timeout.action)
                result = engine.result(state)
                record = await self.store.append_action(
                    record.id, expected_version=record.version, seat=d.seat,
                    action=d.timeout.action, snapshot=state, user_id=None,
                    status="finished" if result is not None else None)
            except (RuleError, VersionConflict):
                break  # the next commit or tick tries again
            move = secret_move() if d.private else d.timeout.text
            events.append(Event(key="idle.default_move",
                                params={"user": _mention(seats[d.seat]), "move": move}))
            events += new_events
        return record, events
