"""A club's history: finished games' results, a member's record per game type, and per-server
ratings with openskill's Plackett-Luce model (a published multiplayer rating system).

A result is the engine's Result at the end: each seat's rank, credited to the member who held
the seat then. Abandoned games never count. Results are recorded when a game finishes (every
stored move passes through `_auto_moves`, so that is where it is caught); games finished
before results were kept, or by an import, are recorded on first use (`_backfill`), since
their ranks come from the engine's result of the stored snapshot, which a SQL migration
cannot compute; the bot also records them once at start, in the background
(`backfill_results`). Ratings are a cache: recomputed from the stored results, in finishing order,
whenever a result of that server and game type is added (`recompute_ratings`).
"""

from __future__ import annotations

import asyncio
import logging
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from openskill.models import PlackettLuce

from bot.i18n import LANGS, t
from bot.table_base import TableBase
from bot.table_types import Refusal
from rules.core import Event
from storage.base import GameRecord, GameResult, Rating, SeatResult

log = logging.getLogger(__name__)

MODEL = PlackettLuce()  # openskill's defaults: mu 25, sigma 25/3, ordinal mu - 3 sigma


@dataclass(frozen=True)
class GameStats:
    """A member's record in one game type of one server."""

    game: str
    played: int
    wins: int
    average_place: float  # 1.0: won every game


@dataclass(frozen=True)
class Standing:
    """One line of a leaderboard."""

    place: int
    user_id: int
    ordinal: float
    mu: float
    sigma: float
    games: int


def placings(result: GameResult) -> dict[int, int]:
    """Each member's rank in a game; a member in several seats takes her best."""
    out: dict[int, int] = {}
    for seat in result.seats:
        out[seat.user_id] = min(seat.rank, out.get(seat.user_id, seat.rank))
    return out


def compute_ratings(results: Sequence[GameResult]) -> list[Rating]:
    """Plackett-Luce ratings after `results`, applied oldest first; a game with fewer than two
    members rates nobody (it still counts in /stats)."""
    current: dict[int, Any] = {}  # member -> her openskill rating so far
    games: defaultdict[int, int] = defaultdict(int)
    for result in results:
        ranks = placings(result)
        if len(ranks) < 2:
            continue
        users = list(ranks)
        teams = [[current[u] if u in current else MODEL.rating(name=str(u))] for u in users]
        rated = MODEL.rate(teams, ranks=[ranks[u] for u in users])
        for user, team in zip(users, rated, strict=True):
            current[user] = team[0]
            games[user] += 1
    ratings = [
        Rating(user_id=u, mu=r.mu, sigma=r.sigma, ordinal=r.ordinal(), games=games[u])
        for u, r in current.items()
    ]
    return sorted(ratings, key=lambda r: (-r.ordinal, -r.games, r.user_id))


def game_name(game: str) -> dict[str, str]:
    """A game type's name in every language, for a refusal's params."""
    return {lang: t(f"{game}.name", lang) for lang in LANGS}


class HistoryMixin(TableBase):
    async def _auto_moves(self, record: GameRecord) -> tuple[GameRecord, list[Event]]:
        """After every stored move (act, a deadline's move, a standing preference): a game that
        is now finished gets its result recorded."""
        record, events = await super()._auto_moves(record)
        if record.status == "finished":
            await self._record_finished(record, finished_at=self.clock())
        return record, events

    async def _record_finished(
        self, record: GameRecord, *, finished_at: datetime | None = None, rate: bool = True
    ) -> bool:
        """Keep a finished game's result and (`rate`) update its server's ratings of that game
        type. Never fails the move that finished it: a failure is logged and the next /stats or
        /leaderboard records it (`_backfill`)."""
        try:
            if record.snapshot is None:
                return False
            result = self.engine(record.game).result(record.snapshot)
            if result is None:
                log.warning("game %s is finished but its engine gives no result", record.id)
                return False
            seats = [
                SeatResult(seat=s.seat, user_id=record.seats[s.seat], rank=s.rank, score=s.total)
                for s in result.scores
            ]
            if not await self.store.record_result(record.id, seats, finished_at=finished_at):
                return False
            if rate:
                await self.recompute_ratings(record.guild_id, record.game)
            return True
        except Refusal:  # the game type is no longer installed
            log.warning("game %s (%s): no engine to read its result", record.id, record.game)
        except Exception:
            log.exception("could not record the result of game %s", record.id)
        return False

    async def _backfill(self, guild_id: int | None) -> int:
        """Record the server's finished games that have no result yet; how many were."""
        count = 0
        for record in await self.store.unrecorded_finished(guild_id):
            count += await self._record_finished(record)
        return count

    async def backfill_results(self) -> int:
        """Every server's finished games without a result, recorded (the bot runs this once at
        start, as a background task); each server's ratings of a game type are recomputed once
        at the end, not once per game. Yields to the event loop between games, so moves go on
        meanwhile. How many games were recorded."""
        touched: set[tuple[int | None, str]] = set()
        count = 0
        for record in await self.store.unrecorded_finished():
            if await self._record_finished(record, rate=False):
                touched.add((record.guild_id, record.game))
                count += 1
            await asyncio.sleep(0)
        for guild_id, game in sorted(touched, key=lambda k: (k[0] or 0, k[1])):
            try:
                await self.recompute_ratings(guild_id, game)
            except Exception:  # the next result of that server and game type recomputes them
                log.exception("could not rate %s games of server %s", game, guild_id)
            await asyncio.sleep(0)
        if count:
            log.info("recorded the results of %d finished games", count)
        return count

    async def recompute_ratings(self, guild_id: int | None, game: str) -> list[Rating]:
        """The server's ratings of one game type from its stored results, stored and returned."""
        ratings = compute_ratings(await self.store.results(guild_id, game=game))
        await self.store.set_ratings(guild_id, game, ratings)
        return ratings

    async def stats(self, guild_id: int | None, user_id: int) -> list[GameStats]:
        """A member's games, wins and average placing per game type in this server, the most
        played first. Refuses `history.unknown_member` (never seated at a game here) and
        `history.no_finished_games` (no finished game yet)."""
        await self._backfill(guild_id)
        results = await self.store.results(guild_id, user_id=user_id)
        if not results:
            seated = [g for g in await self.store.list_games(user_id=user_id)
                      if g.guild_id == guild_id]
            key = "history.no_finished_games" if seated else "history.unknown_member"
            raise Refusal(key, user=f"<@{user_id}>")
        by_game: defaultdict[str, list[int]] = defaultdict(list)
        for result in results:
            by_game[result.game].append(placings(result)[user_id])
        lines = [
            GameStats(game=game, played=len(ranks), wins=sum(1 for r in ranks if r == 1),
                      average_place=sum(ranks) / len(ranks))
            for game, ranks in by_game.items()
        ]
        return sorted(lines, key=lambda s: (-s.played, s.game))

    async def leaderboard(self, guild_id: int | None, game: str) -> list[Standing]:
        """The server's ratings of a game type, by the model's conservative ordinal (best
        first). Refuses `table.unknown_game_type` and `history.no_rated_games`."""
        self.engine(game)
        await self._backfill(guild_id)
        ratings = await self.store.ratings(guild_id, game)
        if not ratings:
            raise Refusal("history.no_rated_games", game=game_name(game))
        return [
            Standing(place=i, user_id=r.user_id, ordinal=r.ordinal, mu=r.mu, sigma=r.sigma,
                     games=r.games)
            for i, r in enumerate(ratings, 1)
        ]
