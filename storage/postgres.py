"""PostgresStore: the Store on a PostgreSQL server (asyncpg), for several bot processes.

Same methods, tables and meaning as SqliteStore (storage/sqlite.py); the schema is the same
numbered migrations in PostgreSQL's dialect (storage/migrations_pg.py). A pool of
connections replaces SQLite's one connection and lock: transactions run side by side under
READ COMMITTED, and every write that depends on what it read takes the game's row lock
first (a conditional UPDATE, or SELECT ... FOR UPDATE), so a second writer waits, re-reads
and is refused exactly as under SQLite's single write lock, in any number of processes.
"""

from __future__ import annotations

import json
from collections.abc import AsyncIterator, Callable, Sequence
from contextlib import asynccontextmanager
from datetime import datetime, timedelta
from typing import Any

import asyncpg

from rules.core import dump_state
from storage.base import (
    ActionRecord,
    Board,
    DuplicateInteraction,
    GameNotFound,
    GameRecord,
    GameResult,
    GameStatus,
    LoggedMove,
    MessageRef,
    Rating,
    Schedule,
    SeatChange,
    SeatResult,
    StorageError,
    Store,
    VersionConflict,
)
from storage.migrations import Migration
from storage.migrations_pg import SCHEMA_VERSION_TABLE, postgres_migrations
from storage.rows import aware, game_record, utc_now
from storage.rows import guild_key as _guild
from storage.rows import schedule as _schedule
from storage.rows import to_json as _json

Clock = Callable[[], datetime]
Connection = asyncpg.Connection

# pg_advisory_xact_lock key that serialises migrations of one database across processes
# (advisory locks are per database); any constant no other code of ours uses.
MIGRATION_LOCK = 0x6267_6D69_6772  # "bgmigr"

_GAME_COLUMNS = (
    "id, game, status, guild_id, channel_id, thread_id, host_id, lang, options, settings,"
    " seed, version, created_at, updated_at,"
    " ARRAY(SELECT s.user_id FROM game_seats s WHERE s.game_id = games.id ORDER BY s.seat)"
    " AS seats"
)
# append_action in one statement (atomic, one round trip): the CAS, then the log row and the
# interaction id from the game row it returns, so nothing is written unless the CAS applied.
# A concurrent writer of the game waits for the row lock, re-checks the WHERE and misses; a
# concurrent retry of the click waits on the interaction's key and then fails on it.
_APPEND = (
    "WITH moved AS ("
    " UPDATE games SET version = version + 1, snapshot = $1, status = COALESCE($2, status),"
    " updated_at = $3 WHERE id = $4 AND version = $5 AND status = 'running'"
    f" RETURNING {_GAME_COLUMNS}"
    "), logged AS ("
    " INSERT INTO actions (game_id, version, seat, action, user_id, interaction_id, created_at)"
    " SELECT id, version, $6, $7, $8, $9, $3 FROM moved"
    "), clicked AS ("
    " INSERT INTO interactions (id, game_id, created_at)"
    " SELECT $9, id, $3 FROM moved WHERE $9::bigint IS NOT NULL"
    ") SELECT * FROM moved"
)
_SCHEDULE_COLUMNS = "game_id, kind, due_at, data"
_BOARD_COLUMNS = "channel_id, guild_id, message_id, lang, created_by, created_at"


def _count(status: str) -> int:
    """The row count of a command tag such as 'DELETE 3'."""
    return int(status.rsplit(" ", 1)[-1])


def _game_record(row: asyncpg.Record, snapshot: dict[str, Any] | None) -> GameRecord:
    return game_record(row, list(row["seats"]), snapshot)


def _with_snapshot(row: asyncpg.Record) -> GameRecord:
    return _game_record(row, None if row["snapshot"] is None else json.loads(row["snapshot"]))


def _board(row: asyncpg.Record) -> Board:
    return Board(**dict(row))


async def schema_version(db: Connection) -> int:
    return int(await db.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version"))


async def apply_migrations(
    db: Connection, migrations: Sequence[Migration], clock: Clock = utc_now
) -> int:
    """Bring the database to the last of `migrations`, one transaction per migration, each
    under an advisory lock that re-reads the version: concurrent first opens migrate once."""
    migrations = sorted(migrations, key=lambda m: m.version)
    latest = migrations[-1].version if migrations else 0
    try:  # the usual case, a database already up to date, takes no lock
        if await schema_version(db) == latest:
            return latest
    except asyncpg.UndefinedTableError:
        pass  # a new database
    async with db.transaction():
        await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
        await db.execute(SCHEMA_VERSION_TABLE)
        current = await schema_version(db)
    if current > latest:
        raise StorageError(f"database schema is version {current}, this code knows {latest}")
    for migration in migrations:
        if migration.version <= current:
            continue
        async with db.transaction():
            await db.execute("SELECT pg_advisory_xact_lock($1)", MIGRATION_LOCK)
            if await schema_version(db) < migration.version:
                for statement in migration.statements:
                    await db.execute(statement)
                await db.execute(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES ($1, $2, $3)",
                    migration.version,
                    migration.name,
                    aware(clock()),
                )
    return await schema_version(db)


async def _keep_session(connection: Connection) -> None:
    """A connection goes back to the pool as it is: the store sets no session state (no SET,
    LISTEN, cursor or session lock), so asyncpg's reset query would be a round trip per call
    for nothing. (asyncpg still rolls back a transaction left open.)"""


class PostgresStore(Store):
    def __init__(
        self,
        dsn: str,
        *,
        clock: Clock = utc_now,
        migrations: Sequence[Migration] | None = None,
        min_size: int = 1,
        max_size: int = 10,
    ) -> None:
        self.dsn = dsn
        self.clock = clock
        self.migrations = tuple(postgres_migrations() if migrations is None else migrations)
        self.min_size = min_size
        self.max_size = max_size
        self._pool: asyncpg.Pool | None = None

    # -- lifecycle -----------------------------------------------------------
    async def open(self) -> None:
        if self._pool is not None:
            return
        pool = await asyncpg.create_pool(
            self.dsn, min_size=self.min_size, max_size=self.max_size, reset=_keep_session
        )
        try:
            async with pool.acquire() as db:
                await apply_migrations(db, self.migrations, self.clock)
        except BaseException:
            pool.terminate()
            raise
        self._pool = pool

    async def close(self) -> None:
        if self._pool is not None:
            pool, self._pool = self._pool, None
            await pool.close()

    async def __aenter__(self) -> PostgresStore:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self._connection() as db:
            return await schema_version(db)

    @asynccontextmanager
    async def _connection(self) -> AsyncIterator[Connection]:
        """One connection in autocommit: for a single statement (itself atomic)."""
        if self._pool is None:
            raise StorageError("store is not open")
        async with self._pool.acquire() as db:
            yield db

    @asynccontextmanager
    async def _write(self) -> AsyncIterator[Connection]:
        """A READ COMMITTED transaction: committed at the end, rolled back on any error or
        cancellation."""
        async with self._connection() as db, db.transaction():
            yield db

    # -- helpers inside a transaction -----------------------------------------
    async def _set_seats(self, db: Connection, game_id: int, seats: list[int]) -> None:
        await db.execute("DELETE FROM game_seats WHERE game_id = $1", game_id)
        await db.execute(
            "INSERT INTO game_seats (game_id, seat, user_id)"
            " SELECT $1, n - 1, user_id FROM unnest($2::bigint[]) WITH ORDINALITY AS s (user_id, n)",
            game_id,
            seats,
        )

    async def _seats(self, db: Connection, game_id: int) -> list[int]:
        rows = await db.fetch(
            "SELECT user_id FROM game_seats WHERE game_id = $1 ORDER BY seat", game_id
        )
        return [row[0] for row in rows]

    async def _load(self, db: Connection, game_id: int) -> GameRecord:
        row = await db.fetchrow(
            f"SELECT {_GAME_COLUMNS}, snapshot FROM games WHERE id = $1", game_id
        )
        if row is None:
            raise GameNotFound(game_id)
        return _with_snapshot(row)

    async def _lock(self, db: Connection, game_id: int, columns: str) -> asyncpg.Record | None:
        """The game's row, locked until the transaction ends: every other write to this game
        (and to its seats, which are only written under this lock) waits for it."""
        return await db.fetchrow(f"SELECT {columns} FROM games WHERE id = $1 FOR UPDATE", game_id)

    async def _refusal(self, db: Connection, game_id: int, expected: str) -> StorageError:
        """Why a conditional UPDATE matched no row: the game is gone or has moved on."""
        row = await db.fetchrow("SELECT version, status FROM games WHERE id = $1", game_id)
        if row is None:
            return GameNotFound(game_id)
        return VersionConflict(
            f"game {game_id} is at version {row['version']} ({row['status']}); expected {expected}"
        )

    async def _check_lobby(
        self,
        db: Connection,
        game_id: int,
        expected_seats: list[int] | None,
        expected_options: dict[str, Any] | None,
    ) -> None:
        """The lobby CAS of update_lobby and start_game, under the game's row lock."""
        row = await self._lock(db, game_id, "options")
        if expected_seats is not None and await self._seats(db, game_id) != expected_seats:
            raise VersionConflict(f"game {game_id}: the lobby's seats changed")
        if (
            expected_options is not None
            and row is not None
            and json.loads(row["options"]) != expected_options
        ):
            raise VersionConflict(f"game {game_id}: the lobby's options changed")

    # -- games -------------------------------------------------------------
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
        now = aware(self.clock())
        async with self._write() as db:
            game_id = await db.fetchval(
                "INSERT INTO games (game, status, guild_id, channel_id, thread_id, host_id,"
                " lang, options, created_at, updated_at)"
                " VALUES ($1, 'lobby', $2, $3, $4, $5, $6, $7, $8, $8) RETURNING id",
                game,
                guild_id,
                channel_id,
                thread_id,
                host_id,
                lang,
                _json(options or {}),
                now,
            )
            await self._set_seats(db, game_id, [host_id])
            return await self._load(db, game_id)

    async def get_game(self, game_id: int) -> GameRecord:
        async with self._connection() as db:
            return await self._load(db, game_id)

    async def game_by_thread(self, thread_id: int) -> GameRecord | None:
        async with self._connection() as db:
            # The newest game, should a thread ever host a rematch.
            row = await db.fetchrow(
                f"SELECT {_GAME_COLUMNS}, snapshot FROM games WHERE thread_id = $1"
                " ORDER BY id DESC LIMIT 1",
                thread_id,
            )
        return None if row is None else _with_snapshot(row)

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
        async with self._write() as db:
            await self._check_lobby(db, game_id, expected_seats, expected_options)
            row = await db.fetchrow(
                "UPDATE games SET options = COALESCE($1, options),"
                " thread_id = COALESCE($2, thread_id), lang = COALESCE($3, lang), updated_at = $4"
                " WHERE id = $5 AND status = 'lobby' RETURNING id",
                None if options is None else _json(options),
                thread_id,
                lang,
                aware(self.clock()),
                game_id,
            )
            if row is None:
                raise await self._refusal(db, game_id, "status lobby")
            if seats is not None:
                await self._set_seats(db, game_id, seats)
            return await self._load(db, game_id)

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
        if log and final is None:
            raise ValueError("a started log needs the state after it")
        snapshot_text = dump_state(snapshot)
        final_text = None if final is None else dump_state(final)
        moves = [(n, seat, _json(action), user_id)
                 for n, (seat, action, user_id) in enumerate(log, start=1)]
        async with self._write() as db:
            await self._check_lobby(db, game_id, expected_seats, expected_options)
            now = aware(self.clock())
            row = await db.fetchrow(
                "UPDATE games SET status = 'running', seed = $1, version = 0, snapshot = $2,"
                " updated_at = $3 WHERE id = $4 AND status = 'lobby' RETURNING id",
                str(seed),
                snapshot_text,
                now,
                game_id,
            )
            if row is None:
                raise await self._refusal(db, game_id, "status lobby")
            await self._set_seats(db, game_id, seats)
            if log:
                await db.executemany(
                    "INSERT INTO actions (game_id, version, seat, action, user_id,"
                    " interaction_id, created_at) VALUES ($1, $2, $3, $4, $5, NULL, $6)",
                    [(game_id, n, seat, move, user_id, now) for n, seat, move, user_id in moves],
                )
                await db.execute(
                    "UPDATE games SET version = $1, snapshot = $2, status = COALESCE($3, status)"
                    " WHERE id = $4",
                    len(log),
                    final_text,
                    final_status,
                    game_id,
                )
            return await self._load(db, game_id)

    async def set_status(self, game_id: int, status: GameStatus) -> GameRecord:
        async with self._connection() as db:
            row = await db.fetchrow(
                f"UPDATE games SET status = $1, updated_at = $2 WHERE id = $3"
                f" RETURNING {_GAME_COLUMNS}, snapshot",
                status,
                aware(self.clock()),
                game_id,
            )
        if row is None:
            raise GameNotFound(game_id)
        return _with_snapshot(row)

    async def set_thread(self, game_id: int, thread_id: int) -> GameRecord:
        async with self._write() as db:
            row = await self._lock(db, game_id, "thread_id, settings")
            if row is None:
                raise GameNotFound(game_id)
            settings = json.loads(row["settings"])
            settings.pop("thread_missing", None)
            await db.execute(
                "UPDATE games SET thread_id = $1, settings = $2, updated_at = $3 WHERE id = $4",
                thread_id,
                _json(settings),
                aware(self.clock()),
                game_id,
            )
            if row["thread_id"] is not None and row["thread_id"] != thread_id:
                # their prompts are to be posted again in the new thread: unclaimed
                await db.execute(
                    "DELETE FROM prompt_claims WHERE game_id = $1 AND decision_key IN"
                    " (SELECT decision_key FROM messages WHERE game_id = $1 AND channel_id = $2)",
                    game_id,
                    row["thread_id"],
                )
                await db.execute(
                    "DELETE FROM messages WHERE game_id = $1 AND channel_id = $2",
                    game_id,
                    row["thread_id"],
                )
            return await self._load(db, game_id)

    async def update_settings(
        self,
        game_id: int,
        settings: dict[str, Any],
        *,
        expected: dict[str, Any] | None = None,
        expected_status: GameStatus | None = None,
        status: GameStatus | None = None,
    ) -> GameRecord:
        async with self._write() as db:
            # Read and checked under the row lock: no other writer changes them in between.
            row = await self._lock(db, game_id, "settings, status")
            if row is None:
                raise GameNotFound(game_id)
            current = json.loads(row["settings"])
            if expected_status is not None and row["status"] != expected_status:
                raise VersionConflict(
                    f"game {game_id} is {row['status']}; expected {expected_status}"
                )
            for key, value in (expected or {}).items():
                if current.get(key) != value:
                    raise VersionConflict(f"game {game_id}: setting {key!r} changed")
            row = await db.fetchrow(
                f"UPDATE games SET settings = $1, status = COALESCE($2, status), updated_at = $3"
                f" WHERE id = $4 RETURNING {_GAME_COLUMNS}, snapshot",
                _json(current | settings),
                status,
                aware(self.clock()),
                game_id,
            )
        return _with_snapshot(row)

    async def list_games(
        self,
        *,
        status: GameStatus | None = None,
        user_id: int | None = None,
        channel_id: int | None = None,
    ) -> list[GameRecord]:
        where: list[str] = ["TRUE"]
        params: list[Any] = []
        if channel_id is not None:
            params.append(channel_id)
            where.append(f"channel_id = ${len(params)}")
        if status is not None:
            params.append(status)
            where.append(f"status = ${len(params)}")
        if user_id is not None:
            params.append(user_id)
            where.append(f"id IN (SELECT game_id FROM game_seats WHERE user_id = ${len(params)})")
        async with self._connection() as db:
            rows = await db.fetch(
                f"SELECT {_GAME_COLUMNS}, snapshot FROM games"
                f" WHERE {' AND '.join(where)} ORDER BY id",
                *params,
            )
        return [_with_snapshot(row) for row in rows]

    async def replace_seat(
        self,
        game_id: int,
        seat: int,
        new_user: int,
        *,
        expected_user: int,
        by_user: int | None = None,
    ) -> GameRecord:
        async with self._write() as db:
            row = await self._lock(db, game_id, "status, version")
            if row is None:
                raise GameNotFound(game_id)
            seats = await self._seats(db, game_id)
            if row["status"] != "running":
                raise VersionConflict(f"game {game_id} is {row['status']}; expected running")
            if seat >= len(seats) or seats[seat] != expected_user or new_user in seats:
                raise VersionConflict(f"game {game_id}: seat {seat} changed hands")
            now = aware(self.clock())
            await db.execute(
                "UPDATE game_seats SET user_id = $1 WHERE game_id = $2 AND seat = $3",
                new_user,
                game_id,
                seat,
            )
            await db.execute(
                "INSERT INTO seat_changes (game_id, n, version, seat, old_user, new_user,"
                " by_user, created_at)"
                " SELECT $1, COALESCE(MAX(n), 0) + 1, $2, $3, $4, $5, $6, $7"
                " FROM seat_changes WHERE game_id = $1",
                game_id,
                row["version"],
                seat,
                expected_user,
                new_user,
                by_user,
                now,
            )
            await db.execute("UPDATE games SET updated_at = $1 WHERE id = $2", now, game_id)
            return await self._load(db, game_id)

    async def seat_changes(self, game_id: int) -> list[SeatChange]:
        async with self._connection() as db:
            rows = await db.fetch(
                "SELECT game_id, version, seat, old_user, new_user, by_user, created_at"
                " FROM seat_changes WHERE game_id = $1 ORDER BY n",
                game_id,
            )
        return [SeatChange(**dict(row)) for row in rows]

    # -- the action log ----------------------------------------------------
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
        now = aware(self.clock())
        action_text = _json(action)
        snapshot_text = dump_state(snapshot)
        async with self._connection() as db:
            try:
                row = await db.fetchrow(
                    _APPEND,
                    snapshot_text,
                    status,
                    now,
                    game_id,
                    expected_version,
                    seat,
                    action_text,
                    user_id,
                    interaction_id,
                )
            except asyncpg.UniqueViolationError as error:
                # The click was recorded, maybe by a concurrent transaction this statement
                # waited for: nothing of this one is written.
                if error.constraint_name != "interactions_pkey":
                    raise
                raise DuplicateInteraction(interaction_id) from error
            if row is None:  # nothing written: a retried click, or the game moved on
                if interaction_id is not None and await db.fetchval(
                    "SELECT 1 FROM interactions WHERE id = $1", interaction_id
                ):
                    raise DuplicateInteraction(interaction_id)
                raise await self._refusal(db, game_id, f"version {expected_version} (running)")
        return _game_record(row, json.loads(snapshot_text))

    async def actions(self, game_id: int) -> list[ActionRecord]:
        async with self._connection() as db:
            rows = await db.fetch(
                "SELECT game_id, version, seat, action, user_id, interaction_id, created_at"
                " FROM actions WHERE game_id = $1 ORDER BY version",
                game_id,
            )
        return [ActionRecord(**{**dict(row), "action": json.loads(row["action"])}) for row in rows]

    async def pop_action(
        self, game_id: int, *, expected_version: int, snapshot: dict[str, Any]
    ) -> GameRecord:
        snapshot_text = dump_state(snapshot)
        async with self._write() as db:
            row = await db.fetchrow(
                f"UPDATE games SET version = version - 1, snapshot = $1, updated_at = $2"
                f" WHERE id = $3 AND version = $4 AND version > 0 AND status = 'running'"
                f" RETURNING {_GAME_COLUMNS}",
                snapshot_text,
                aware(self.clock()),
                game_id,
                expected_version,
            )
            if row is None:
                raise await self._refusal(db, game_id, f"version {expected_version} > 0 (running)")
            # The undone click's interaction id stays recorded: a retry of it is still a no-op.
            deleted = await db.execute(
                "DELETE FROM actions WHERE game_id = $1 AND version = $2",
                game_id,
                expected_version,
            )
            if _count(deleted) != 1:
                raise StorageError(f"game {game_id}: no logged action {expected_version}")
        return _game_record(row, json.loads(snapshot_text))

    async def seen_interaction(self, interaction_id: int) -> bool:
        async with self._connection() as db:
            row = await db.fetchrow("SELECT 1 FROM interactions WHERE id = $1", interaction_id)
        return row is not None

    async def forget_interactions(self, before: datetime) -> int:
        async with self._connection() as db:
            return _count(
                await db.execute("DELETE FROM interactions WHERE created_at < $1", aware(before))
            )

    # -- timers ------------------------------------------------------------
    async def set_schedule(
        self, game_id: int, kind: str, due_at: datetime, data: dict[str, Any] | None = None
    ) -> None:
        async with self._connection() as db:
            try:
                await db.execute(
                    "INSERT INTO schedules (game_id, kind, due_at, data) VALUES ($1, $2, $3, $4)"
                    " ON CONFLICT (game_id, kind)"
                    " DO UPDATE SET due_at = excluded.due_at, data = excluded.data",
                    game_id,
                    kind,
                    aware(due_at),
                    _json(data or {}),
                )
            except asyncpg.ForeignKeyViolationError as error:
                raise GameNotFound(game_id) from error

    async def clear_schedule(self, game_id: int, kind: str | None = None) -> None:
        async with self._connection() as db:
            if kind is None:
                await db.execute("DELETE FROM schedules WHERE game_id = $1", game_id)
            else:
                await db.execute(
                    "DELETE FROM schedules WHERE game_id = $1 AND kind = $2", game_id, kind
                )

    async def due_schedules(self, now: datetime) -> list[Schedule]:
        async with self._connection() as db:
            # COLLATE "C": byte order, as SQLite sorts text, whatever the database's locale.
            rows = await db.fetch(
                f"SELECT {_SCHEDULE_COLUMNS} FROM schedules WHERE due_at <= $1"
                ' ORDER BY due_at, game_id, kind COLLATE "C"',
                aware(now),
            )
        return [_schedule(row) for row in rows]

    async def claim_due_schedules(self, now: datetime, lease: timedelta) -> list[Schedule]:
        async with self._connection() as db:
            # One statement: rows another claimer holds locked are skipped (it is moving
            # them into the future), so each due timer goes to exactly one claimer.
            rows = await db.fetch(
                "WITH due AS (SELECT game_id, kind, due_at FROM schedules WHERE due_at <= $1"
                " FOR UPDATE SKIP LOCKED)"
                " UPDATE schedules s SET due_at = $2 FROM due"
                " WHERE s.game_id = due.game_id AND s.kind = due.kind"
                " RETURNING s.game_id, s.kind, due.due_at, s.data",
                aware(now),
                aware(now) + lease,
            )
        return sorted(map(_schedule, rows), key=lambda s: (s.due_at, s.game_id, s.kind.encode()))

    async def schedules(self, game_id: int) -> list[Schedule]:
        async with self._connection() as db:
            rows = await db.fetch(
                f"SELECT {_SCHEDULE_COLUMNS} FROM schedules WHERE game_id = $1"
                ' ORDER BY due_at, kind COLLATE "C"',
                game_id,
            )
        return [_schedule(row) for row in rows]

    # -- messages and users --------------------------------------------------
    async def record_message(self, ref: MessageRef) -> None:
        async with self._connection() as db:
            try:
                await db.execute(  # one statement: the message and its claim, posted
                    "WITH claim AS (UPDATE prompt_claims SET posted = true"
                    " WHERE game_id = $2 AND decision_key = $6 AND NOT posted)"
                    " INSERT INTO messages (message_id, game_id, channel_id, kind, seat,"
                    " decision_key) VALUES ($1, $2, $3, $4, $5, $6)"
                    " ON CONFLICT (message_id) DO UPDATE SET game_id = excluded.game_id,"
                    " channel_id = excluded.channel_id, kind = excluded.kind,"
                    " seat = excluded.seat, decision_key = excluded.decision_key",
                    ref.message_id,
                    ref.game_id,
                    ref.channel_id,
                    ref.kind,
                    ref.seat,
                    ref.decision_key,
                )
            except asyncpg.ForeignKeyViolationError as error:
                raise GameNotFound(ref.game_id) from error

    async def messages(self, game_id: int, kind: str | None = None) -> list[MessageRef]:
        sql = (
            "SELECT game_id, channel_id, message_id, kind, seat, decision_key FROM messages"
            " WHERE game_id = $1"
        )
        params: list[Any] = [game_id]
        if kind is not None:
            sql += " AND kind = $2"
            params.append(kind)
        async with self._connection() as db:
            rows = await db.fetch(sql + " ORDER BY message_id", *params)
        return [MessageRef(**dict(row)) for row in rows]

    async def claim_prompts(
        self, game_id: int, keys: Sequence[str], now: datetime, lease: timedelta
    ) -> set[str]:
        if not keys:
            return set()
        async with self._connection() as db:
            # One statement: a key another claimer is inserting at the same moment waits
            # on its row and then finds it taken (posted = false, claimed_at just now).
            # The rows are taken in key order, the same in every claimer.
            try:
                rows = await db.fetch(
                    "INSERT INTO prompt_claims (game_id, decision_key, claimed_at)"
                    " SELECT $1, key, $3 FROM unnest($2::text[]) AS k (key) ORDER BY key"
                    " ON CONFLICT (game_id, decision_key) DO UPDATE"
                    " SET claimed_at = excluded.claimed_at"
                    " WHERE NOT prompt_claims.posted AND prompt_claims.claimed_at <= $4"
                    " RETURNING decision_key",
                    game_id,
                    sorted(set(keys)),  # one order for every claimer: no deadlock
                    aware(now),
                    aware(now) - lease,
                )
            except asyncpg.ForeignKeyViolationError as error:
                raise GameNotFound(game_id) from error
        return {row[0] for row in rows}

    async def release_prompts(self, game_id: int, keys: Sequence[str]) -> None:
        if not keys:
            return
        async with self._connection() as db:
            await db.execute(
                "DELETE FROM prompt_claims WHERE game_id = $1 AND decision_key = ANY($2::text[])",
                game_id,
                list(dict.fromkeys(keys)),
            )

    async def stale_prompt_claims(self, before: datetime) -> list[tuple[int, str]]:
        async with self._connection() as db:
            rows = await db.fetch(
                "SELECT game_id, decision_key FROM prompt_claims"
                " WHERE NOT posted AND claimed_at <= $1 ORDER BY claimed_at, game_id",
                aware(before),
            )
        return [(row[0], row[1]) for row in rows]

    async def get_user(self, user_id: int) -> dict[str, Any]:
        async with self._connection() as db:
            prefs = await db.fetchval("SELECT prefs FROM users WHERE user_id = $1", user_id)
        return {} if prefs is None else json.loads(prefs)

    async def set_user(self, user_id: int, **prefs: Any) -> None:
        async with self._connection() as db:
            # jsonb || merges the top-level keys in one statement: no lost update.
            await db.execute(
                "INSERT INTO users (user_id, prefs, updated_at) VALUES ($1, $2, $3)"
                " ON CONFLICT (user_id) DO UPDATE SET prefs = users.prefs || excluded.prefs,"
                " updated_at = excluded.updated_at",
                user_id,
                _json(prefs),
                aware(self.clock()),
            )

    # -- history and ratings ---------------------------------------------------------
    async def record_result(
        self, game_id: int, seats: Sequence[SeatResult], *, finished_at: datetime | None = None
    ) -> bool:
        async with self._write() as db:
            row = await db.fetchrow(
                "SELECT guild_id, game, updated_at FROM games WHERE id = $1", game_id
            )
            if row is None:
                raise GameNotFound(game_id)
            when = aware(finished_at) if finished_at is not None else row["updated_at"]
            # A concurrent recorder of the same game waits on the key, then inserts nothing.
            fresh = await db.fetchval(
                "INSERT INTO results (game_id, guild_id, game, finished_at)"
                " VALUES ($1, $2, $3, $4) ON CONFLICT (game_id) DO NOTHING RETURNING game_id",
                game_id,
                _guild(row["guild_id"]),
                row["game"],
                when,
            )
            if fresh is None:
                return False
            await db.executemany(
                "INSERT INTO result_seats (game_id, seat, user_id, rank, score)"
                " VALUES ($1, $2, $3, $4, $5)",
                [(game_id, s.seat, s.user_id, s.rank, s.score) for s in seats],
            )
            return True

    async def results(
        self, guild_id: int | None, *, game: str | None = None, user_id: int | None = None
    ) -> list[GameResult]:
        where, params = ["r.guild_id = $1"], [_guild(guild_id)]
        if game is not None:
            params.append(game)
            where.append(f"r.game = ${len(params)}")
        if user_id is not None:
            params.append(user_id)
            where.append(
                f"r.game_id IN (SELECT game_id FROM result_seats WHERE user_id = ${len(params)})"
            )
        async with self._connection() as db:
            rows = await db.fetch(
                "SELECT r.game_id, r.guild_id, r.game, r.finished_at, s.seat, s.user_id, s.rank,"
                " s.score FROM results r JOIN result_seats s ON s.game_id = r.game_id"
                f" WHERE {' AND '.join(where)} ORDER BY r.finished_at, r.game_id, s.seat",
                *params,
            )
        out: dict[int, GameResult] = {}
        for row in rows:
            result = out.get(row["game_id"])
            if result is None:
                result = out[row["game_id"]] = GameResult(
                    game_id=row["game_id"],
                    guild_id=row["guild_id"] or None,
                    game=row["game"],
                    finished_at=row["finished_at"],
                    seats=[],
                )
            result.seats.append(
                SeatResult(
                    seat=row["seat"], user_id=row["user_id"], rank=row["rank"], score=row["score"]
                )
            )
        return list(out.values())

    async def unrecorded_finished(self, guild_id: int | None = None) -> list[GameRecord]:
        where = "" if guild_id is None else " AND COALESCE(guild_id, 0) = $1"
        params = [] if guild_id is None else [_guild(guild_id)]
        async with self._connection() as db:
            rows = await db.fetch(
                f"SELECT {_GAME_COLUMNS}, snapshot FROM games WHERE status = 'finished'"
                " AND NOT EXISTS (SELECT 1 FROM results r WHERE r.game_id = games.id)"
                + where
                + " ORDER BY updated_at, id",
                *params,
            )
        return [_with_snapshot(row) for row in rows]

    async def set_ratings(self, guild_id: int | None, game: str, ratings: Sequence[Rating]) -> None:
        async with self._write() as db:
            # Two replacements of one server's ratings at once would otherwise both delete
            # the old rows and then collide inserting: the second waits here instead.
            await db.execute(
                "SELECT pg_advisory_xact_lock(hashtextextended($1, 0))",
                f"ratings:{_guild(guild_id)}:{game}",
            )
            await db.execute(
                "DELETE FROM ratings WHERE guild_id = $1 AND game = $2", _guild(guild_id), game
            )
            await db.executemany(
                "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, ordinal, games)"
                " VALUES ($1, $2, $3, $4, $5, $6, $7)",
                [
                    (_guild(guild_id), game, r.user_id, r.mu, r.sigma, r.ordinal, r.games)
                    for r in ratings
                ],
            )

    async def ratings(self, guild_id: int | None, game: str) -> list[Rating]:
        async with self._connection() as db:
            rows = await db.fetch(
                "SELECT user_id, mu, sigma, ordinal, games FROM ratings"
                " WHERE guild_id = $1 AND game = $2 ORDER BY ordinal DESC, games DESC, user_id",
                _guild(guild_id),
                game,
            )
        return [Rating(**dict(row)) for row in rows]

    # -- table boards ------------------------------------------------------------------
    async def set_board(self, board: Board) -> Board | None:
        async with self._write() as db:
            old = await db.fetchrow(
                f"SELECT {_BOARD_COLUMNS} FROM boards WHERE channel_id = $1 FOR UPDATE",
                board.channel_id,
            )
            await db.execute(
                f"INSERT INTO boards ({_BOARD_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6)"
                " ON CONFLICT (channel_id) DO UPDATE SET guild_id = excluded.guild_id,"
                " message_id = excluded.message_id, lang = excluded.lang,"
                " created_by = excluded.created_by, created_at = excluded.created_at",
                board.channel_id,
                board.guild_id,
                board.message_id,
                board.lang,
                board.created_by,
                aware(board.created_at),
            )
        return None if old is None else _board(old)

    async def board(self, channel_id: int) -> Board | None:
        async with self._connection() as db:
            row = await db.fetchrow(
                f"SELECT {_BOARD_COLUMNS} FROM boards WHERE channel_id = $1", channel_id
            )
        return None if row is None else _board(row)

    async def boards(self) -> list[Board]:
        async with self._connection() as db:
            rows = await db.fetch(f"SELECT {_BOARD_COLUMNS} FROM boards ORDER BY channel_id")
        return [_board(row) for row in rows]

    async def remove_board(self, channel_id: int) -> Board | None:
        async with self._connection() as db:
            row = await db.fetchrow(
                f"DELETE FROM boards WHERE channel_id = $1 RETURNING {_BOARD_COLUMNS}", channel_id
            )
        return None if row is None else _board(row)


async def open_postgres_store(dsn: str, **kwargs: Any) -> PostgresStore:
    """Open (creating the tables and migrating if needed) the store in the database at `dsn`
    (`postgresql://user:password@host:port/database`)."""
    store = PostgresStore(dsn, **kwargs)
    await store.open()
    return store
