"""Table boards: one message per channel, kept edited by the bot, listing every running game
opened in that channel, whom each waits on and since when. The service decides who may place
one and what it lists; the adapter (bot/cogs/board.py) posts, pins and edits the message."""

from __future__ import annotations

from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from datetime import datetime

from bot import table_timers as timers_
from bot.table_base import TableBase
from bot.table_types import Refusal
from storage.base import Board, GameRecord


@dataclass(frozen=True)
class Waiting:
    """A member a game waits on: since when (the oldest of her open decisions) and, while
    she is away, until when."""

    user_id: int
    since: datetime | None
    away_until: datetime | None = None


@dataclass
class BoardGame:
    game: GameRecord
    waiting: list[Waiting] = field(default_factory=list)


class BoardMixin(TableBase):
    @staticmethod
    def _board_admin(guild_id: int | None, admin: bool) -> None:
        if guild_id is None:
            raise Refusal("board.server_only")
        if not admin:
            raise Refusal("board.not_admin")

    async def place_board(
        self,
        channel_id: int,
        guild_id: int | None,
        user_id: int,
        *,
        admin: bool,
        lang: str,
        post: Callable[[], Awaitable[int]],
    ) -> tuple[Board, Board | None]:
        """A server admin places the channel's board: `post()` posts its message and gives
        its id, then it is stored. Returns the board and the one it replaces (whose message
        the adapter removes). Refused (`board.server_only`, `board.not_admin`) before
        anything is posted."""
        self._board_admin(guild_id, admin)
        assert guild_id is not None
        message_id = await post()
        board = Board(channel_id=channel_id, guild_id=guild_id, message_id=message_id,
                      lang=lang, created_by=user_id, created_at=self.clock())
        return board, await self.store.set_board(board)

    async def remove_board(self, channel_id: int, guild_id: int | None, *, admin: bool) -> Board:
        """A server admin takes the channel's board away; `board.none` if it has none."""
        self._board_admin(guild_id, admin)
        board = await self.store.remove_board(channel_id)
        if board is None:
            raise Refusal("board.none")
        return board

    async def board_of(self, channel_id: int) -> Board | None:
        return await self.store.board(channel_id)

    async def board_games(self, channel_id: int) -> list[BoardGame]:
        """The running games opened in the channel, oldest first, each with whom it waits on
        (in seat order) and since when."""
        games = await self.store.list_games(status="running", channel_id=channel_id)
        out = []
        now = self.clock()
        for game in games:
            opened = await self._open_map(game.id)
            away = timers_.away_seats(game.seats, game.settings, now)
            times: dict[int, list[datetime]] = {}  # member -> since when each decision waits
            until: dict[int, datetime] = {}
            for d in sorted(self._decisions(game), key=lambda d: d.seat):
                user = game.seats[d.seat]
                entry = opened.get(d.key)
                times.setdefault(user, []).extend([timers_.since(entry)] if entry else [])
                if d.seat in away:
                    until[user] = away[d.seat]
            out.append(BoardGame(game, [
                Waiting(user, min(moments) if moments else None, until.get(user))
                for user, moments in times.items()
            ]))
        return out
