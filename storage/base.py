"""The storage interface. SQLite (storage/sqlite.py) is the embedded default; a PostgreSQL
backend can slot in behind the same methods for a multi-process deployment.

Event-sourced: the action log is the truth, the snapshot a cache. One transaction per
action appends it, bumps the game's version and writes the snapshot, compare-and-swap
on the version, so two clicks at once cannot both apply; an interaction id already
recorded makes a retried click a no-op.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any, Literal

from pydantic import BaseModel, Field

GameStatus = Literal["lobby", "running", "finished", "cancelled", "abandoned"]
# A move of an imported log: (seat, action, the member now in that seat).
LoggedMove = tuple[int, dict[str, Any], int | None]


class StorageError(Exception):
    pass


class VersionConflict(StorageError):
    """Someone else changed the game since the caller read it."""


class DuplicateInteraction(StorageError):
    """This interaction id was recorded before: the click already applied."""


class GameNotFound(StorageError):
    pass


class GameRecord(BaseModel):
    id: int
    game: str  # the engine's name in rules/
    status: GameStatus
    guild_id: int | None
    channel_id: int  # the text channel the lobby was opened in
    thread_id: int | None  # the game's own thread
    host_id: int
    lang: str = "ko"  # the thread's language
    options: dict[str, Any] = Field(default_factory=dict)
    seats: list[int] = Field(default_factory=list)  # Discord user ids, seat order
    seed: int | None = None
    version: int = 0  # number of actions applied
    snapshot: dict[str, Any] | None = None  # engine state after `version` actions
    settings: dict[str, Any] = Field(default_factory=dict)  # reminders, deadline, votes...
    created_at: datetime
    updated_at: datetime


class ActionRecord(BaseModel):
    game_id: int
    version: int  # the game's version after this action (1 for the first)
    seat: int
    action: dict[str, Any]
    user_id: int | None
    interaction_id: int | None
    created_at: datetime


class SeatChange(BaseModel):
    """A seat handed to another member (a substitute), after move `version`."""

    game_id: int
    version: int
    seat: int
    old_user: int
    new_user: int
    by_user: int | None
    created_at: datetime


class SeatResult(BaseModel):
    """One seat's place in a finished game: rank 1 wins."""

    seat: int
    user_id: int  # the member who held the seat at the end
    rank: int
    score: int | None = None


class GameResult(BaseModel):
    """A finished game's result, kept for history and ratings (abandoned games have none)."""

    game_id: int
    guild_id: int | None
    game: str
    finished_at: datetime
    seats: list[SeatResult]


class Rating(BaseModel):
    """A member's rating in one game type of one server (a cache of the results)."""

    user_id: int
    mu: float
    sigma: float
    ordinal: float  # the conservative estimate the leaderboard orders by
    games: int


class Board(BaseModel):
    """A channel's table board: one message the bot keeps edited."""

    channel_id: int
    guild_id: int
    message_id: int
    lang: str
    created_by: int
    created_at: datetime


class Schedule(BaseModel):
    """A timer that must survive restarts: a reminder or a turn deadline."""

    game_id: int
    kind: str  # "reminder" | "deadline"
    due_at: datetime
    data: dict[str, Any] = Field(default_factory=dict)


class MessageRef(BaseModel):
    """A message the bot posted for a game, so it can be edited or its buttons disabled."""

    game_id: int
    channel_id: int
    message_id: int
    kind: str  # "lobby" | "prompt" | "board" | "dm_prompt" ...
    seat: int | None = None
    decision_key: str | None = None


class Store(ABC):
    @abstractmethod
    async def open(self) -> None: ...

    @abstractmethod
    async def close(self) -> None: ...

    # -- games -------------------------------------------------------------
    @abstractmethod
    async def create_game(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        lang: str,
        options: dict[str, Any] | None = None,
        thread_id: int | None = None,
    ) -> GameRecord:
        """A new game in the lobby; the host holds seat 0."""

    @abstractmethod
    async def get_game(self, game_id: int) -> GameRecord:
        """Raise GameNotFound."""

    @abstractmethod
    async def game_by_thread(self, thread_id: int) -> GameRecord | None: ...

    @abstractmethod
    async def update_lobby(
        self,
        game_id: int,
        *,
        seats: list[int] | None = None,
        options: dict[str, Any] | None = None,
        thread_id: int | None = None,
        lang: str | None = None,
        expected_seats: list[int] | None = None,
        expected_options: dict[str, Any] | None = None,
    ) -> GameRecord:
        """Change a lobby's seats/options (only while status is 'lobby').

        With `expected_*` it is a compare-and-swap across processes: VersionConflict (nothing
        written) if the stored seats/options differ from what the caller read.
        """

    @abstractmethod
    async def start_game(
        self,
        game_id: int,
        *,
        seed: int,
        seats: list[int],
        snapshot: dict[str, Any],
        expected_seats: list[int] | None = None,
        expected_options: dict[str, Any] | None = None,
        log: Sequence[LoggedMove] = (),
        final: dict[str, Any] | None = None,
        final_status: GameStatus | None = None,
    ) -> GameRecord:
        """lobby -> running with version 0 and the set-up state; VersionConflict if not a
        lobby, or if `expected_*` differ from the stored seats/options (a late join).

        With a `log` (an imported game), its moves are stored in the same transaction as
        versions 1..n, with `final` (the state after them) as the snapshot and
        `final_status` (e.g. 'finished') if given: the game starts at the log's end or not
        at all."""

    @abstractmethod
    async def set_status(self, game_id: int, status: GameStatus) -> GameRecord: ...

    @abstractmethod
    async def set_thread(self, game_id: int, thread_id: int) -> GameRecord:
        """Move a game to a new thread (its old one was deleted), in any status: the message
        refs of the old thread are dropped (those messages are gone) with the claims of
        their prompts (to be posted again) and the `thread_missing` setting cleared, in one
        transaction."""

    @abstractmethod
    async def update_settings(
        self,
        game_id: int,
        settings: dict[str, Any],
        *,
        expected: dict[str, Any] | None = None,
        expected_status: GameStatus | None = None,
        status: GameStatus | None = None,
    ) -> GameRecord:
        """Merge keys into the game's settings (and optionally set `status`), atomically.

        A compare-and-swap across processes when `expected` / `expected_status` are given:
        VersionConflict (nothing written) unless every key of `expected` still holds that
        value (a missing key reads as None) and the status is `expected_status`.
        """

    @abstractmethod
    async def list_games(
        self,
        *,
        status: GameStatus | None = None,
        user_id: int | None = None,
        channel_id: int | None = None,
    ) -> list[GameRecord]:
        """Games filtered by status, a seated user (any guild) and/or the channel they were
        opened in."""

    @abstractmethod
    async def replace_seat(
        self,
        game_id: int,
        seat: int,
        new_user: int,
        *,
        expected_user: int,
        by_user: int | None = None,
    ) -> GameRecord:
        """Hand a running game's seat to `new_user` and log the hand-over, in one transaction.
        VersionConflict (nothing written) unless the game is running, the seat is still
        `expected_user`'s and `new_user` holds no seat of the game."""

    @abstractmethod
    async def seat_changes(self, game_id: int) -> list[SeatChange]:
        """The game's hand-overs, oldest first."""

    # -- the action log ----------------------------------------------------
    @abstractmethod
    async def append_action(
        self,
        game_id: int,
        *,
        expected_version: int,
        seat: int,
        action: dict[str, Any],
        snapshot: dict[str, Any],
        user_id: int | None = None,
        interaction_id: int | None = None,
        status: GameStatus | None = None,
    ) -> GameRecord:
        """Append one action in one transaction: log row, version+1, snapshot, interaction.

        Raise DuplicateInteraction if interaction_id was recorded before (nothing written),
        VersionConflict if the stored version is not expected_version (nothing written).
        `status` optionally changes the status in the same transaction (e.g. 'finished').
        Only a running game takes actions: any other status raises VersionConflict.
        """

    @abstractmethod
    async def actions(self, game_id: int) -> list[ActionRecord]: ...

    @abstractmethod
    async def pop_action(
        self, game_id: int, *, expected_version: int, snapshot: dict[str, Any]
    ) -> GameRecord:
        """Undo: delete the last action, version-1, write the rebuilt snapshot (CAS).

        Running games only. The undone click's interaction id stays recorded.
        """

    @abstractmethod
    async def seen_interaction(self, interaction_id: int) -> bool: ...

    @abstractmethod
    async def forget_interactions(self, before: datetime) -> int:
        """Drop interaction ids recorded before `before` (Discord retries within minutes)."""

    # -- timers ------------------------------------------------------------
    @abstractmethod
    async def set_schedule(
        self, game_id: int, kind: str, due_at: datetime, data: dict[str, Any] | None = None
    ) -> None:
        """Create or replace the (game, kind) timer."""

    @abstractmethod
    async def clear_schedule(self, game_id: int, kind: str | None = None) -> None: ...

    @abstractmethod
    async def due_schedules(self, now: datetime) -> list[Schedule]: ...

    @abstractmethod
    async def schedules(self, game_id: int) -> list[Schedule]: ...

    @abstractmethod
    async def claim_due_schedules(self, now: datetime, lease: timedelta) -> list[Schedule]:
        """The timers due at `now` (as due_schedules), claimed in one atomic write: their due
        time moves to `now + lease`, so a concurrent claim by another process does not get
        them (a reminder goes out once), and those whose claimer dies before rescheduling
        them fall due again when the lease ends (never lost). The caller reschedules or
        clears each timer it handled."""

    # -- messages and users --------------------------------------------------
    @abstractmethod
    async def record_message(self, ref: MessageRef) -> None:
        """Record (or re-record, by message id) a posted message. A message with a decision
        key also marks that decision's prompt claim posted, in the same write."""

    @abstractmethod
    async def messages(self, game_id: int, kind: str | None = None) -> list[MessageRef]: ...

    # -- prompt claims: one process posts each prompt ------------------------------
    @abstractmethod
    async def claim_prompts(
        self, game_id: int, keys: Sequence[str], now: datetime, lease: timedelta
    ) -> set[str]:
        """Claim the prompts of these open decisions for posting, in one atomic write; the
        keys claimed are returned. A key is claimed when nobody holds it, or when its
        holder claimed it at or before `now - lease` and recorded no message for it (it
        died): so of several processes passing over the same new decision, one posts it."""

    @abstractmethod
    async def release_prompts(self, game_id: int, keys: Sequence[str]) -> None:
        """Drop these keys' claims (their prompts were closed, or could not be posted): a
        decision reopened (undo) or a post that failed is claimed and posted again."""

    @abstractmethod
    async def stale_prompt_claims(self, before: datetime) -> list[tuple[int, str]]:
        """(game id, decision key) of the claims made at or before `before` and never
        posted: their process died between claiming and posting."""

    @abstractmethod
    async def get_user(self, user_id: int) -> dict[str, Any]:
        """Per-user preferences ({} if none): locale, dms_closed, ..."""

    @abstractmethod
    async def set_user(self, user_id: int, **prefs: Any) -> None:
        """Merge preferences for a user."""

    # -- history and ratings -------------------------------------------------------
    @abstractmethod
    async def record_result(
        self, game_id: int, seats: Sequence[SeatResult], *, finished_at: datetime | None = None
    ) -> bool:
        """Keep a finished game's result (its guild and game type from the game); False if
        it was recorded before (nothing written). `finished_at` defaults to the game's last
        update. GameNotFound if there is no such game."""

    @abstractmethod
    async def results(
        self, guild_id: int | None, *, game: str | None = None, user_id: int | None = None
    ) -> list[GameResult]:
        """A server's results, oldest first (the order ratings are computed in), filtered by
        game type and/or a member who sat in them."""

    @abstractmethod
    async def unrecorded_finished(self, guild_id: int | None = None) -> list[GameRecord]:
        """Finished games without a result (finished before results were kept, or by a path
        that does not record them), of one server or all, oldest first."""

    @abstractmethod
    async def set_ratings(self, guild_id: int | None, game: str, ratings: Sequence[Rating]) -> None:
        """Replace a server's ratings of one game type, in one transaction."""

    @abstractmethod
    async def ratings(self, guild_id: int | None, game: str) -> list[Rating]:
        """A server's ratings of one game type, best (highest ordinal) first."""

    # -- table boards ----------------------------------------------------------------
    @abstractmethod
    async def set_board(self, board: Board) -> Board | None:
        """Create or replace the channel's board; return the one it replaced, if any."""

    @abstractmethod
    async def board(self, channel_id: int) -> Board | None: ...

    @abstractmethod
    async def boards(self) -> list[Board]: ...

    @abstractmethod
    async def remove_board(self, channel_id: int) -> Board | None:
        """Forget the channel's board; return it (None if there was none)."""
