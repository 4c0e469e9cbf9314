"""SqliteStore: the embedded Store, one aiosqlite connection per store.

Transactions are explicit (autocommit connection + BEGIN IMMEDIATE), serialised within a
process by an asyncio.Lock and across processes by SQLite's write lock. Every write that
depends on what was read (append, pop, start, lobby changes) is a conditional UPDATE whose
returned row says whether it applied, so the CAS holds for any number of connections.
"""

from __future__ import annotations

import asyncio
import json
import sqlite3
import time
from collections.abc import AsyncIterator, Callable, Iterable, Sequence
from contextlib import AbstractAsyncContextManager, asynccontextmanager, suppress
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import aiosqlite

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
from storage.migrations import MIGRATIONS, SCHEMA_VERSION_TABLE, Migration
from storage.rows import aware, game_record, schedule, utc_now
from storage.rows import guild_key as _guild
from storage.rows import to_json as _json

Clock = Callable[[], datetime]

# The games columns a GameRecord needs, snapshot apart (it is large and often known already).
_GAME_COLUMNS = (
    "id, game, status, guild_id, channel_id, thread_id, host_id, lang, options, settings,"
    " seed, version, created_at, updated_at"
)


def to_text(moment: datetime) -> str:
    """UTC ISO text of fixed width, so text order is time order in SQL comparisons."""
    return aware(moment).astimezone(UTC).isoformat(timespec="microseconds")


def from_text(text: str) -> datetime:
    return datetime.fromisoformat(text).astimezone(UTC)


def _game_record(row: sqlite3.Row, seats: list[int], snapshot: dict[str, Any] | None) -> GameRecord:
    return game_record(row, seats, snapshot, from_text)


def _schedule(row: sqlite3.Row) -> Schedule:
    return schedule(row, from_text)


def _is_missing_game(error: sqlite3.IntegrityError) -> bool:
    return "FOREIGN KEY" in str(error)


async def _one(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> Any:
    async with db.execute(sql, params) as cursor:
        return await cursor.fetchone()


async def _all(db: aiosqlite.Connection, sql: str, params: Sequence[Any] = ()) -> list[Any]:
    return list(await db.execute_fetchall(sql, params))


async def _rollback(db: aiosqlite.Connection) -> None:
    """Roll back whatever is open. The connection's thread runs statements in order, so this
    also comes after a statement a cancelled task left running (checking in_transaction
    from here would race it)."""
    with suppress(sqlite3.OperationalError):  # nothing open: BEGIN failed or COMMIT ran
        await db.execute("ROLLBACK")


async def schema_version(db: aiosqlite.Connection) -> int:
    row = await _one(db, "SELECT COALESCE(MAX(version), 0) FROM schema_version")
    return int(row[0])


async def apply_migrations(
    db: aiosqlite.Connection, migrations: Iterable[Migration], clock: Clock = utc_now
) -> int:
    """Bring the database to the last of `migrations`, one transaction per migration.

    Safe when several processes open the same file at once: the version is re-read under
    the write lock, so each migration runs exactly once. Return the resulting version.
    """
    migrations = sorted(migrations, key=lambda m: m.version)
    await db.execute(SCHEMA_VERSION_TABLE)
    latest = migrations[-1].version if migrations else 0
    current = await schema_version(db)
    if current > latest:
        raise StorageError(f"database schema is version {current}, this code knows {latest}")
    for migration in migrations:
        try:
            await db.execute("BEGIN IMMEDIATE")
            if await schema_version(db) < migration.version:
                for statement in migration.statements:
                    await db.execute(statement)
                await db.execute(
                    "INSERT INTO schema_version (version, name, applied_at) VALUES (?, ?, ?)",
                    (migration.version, migration.name, to_text(clock())),
                )
            await db.execute("COMMIT")
        except BaseException:
            await _rollback(db)
            raise
    return await schema_version(db)


class SqliteStore(Store):
    def __init__(
        self,
        path: str | Path,
        *,
        busy_timeout_ms: int = 10_000,
        synchronous: str = "FULL",
        clock: Clock = utc_now,
        migrations: Sequence[Migration] = MIGRATIONS,
    ) -> None:
        self.path = str(path)
        self.busy_timeout_ms = busy_timeout_ms
        # FULL under WAL: each commit is synced before the move is acknowledged, so not even a
        # power cut loses one (NORMAL would lose the last few; FULL costs ~0.3 ms a commit).
        self.synchronous = synchronous
        self.clock = clock
        self.migrations = tuple(migrations)
        self._db: aiosqlite.Connection | None = None
        self._lock = asyncio.Lock()

    # -- lifecycle -----------------------------------------------------------
    async def open(self) -> None:
        if self._db is not None:
            return
        db = await aiosqlite.connect(self.path, isolation_level=None)
        try:
            db.row_factory = sqlite3.Row
            await db.execute(f"PRAGMA busy_timeout = {int(self.busy_timeout_ms)}")
            await self._enable_wal(db)
            await db.execute(f"PRAGMA synchronous = {self.synchronous}")
            await db.execute("PRAGMA foreign_keys = ON")
            await apply_migrations(db, self.migrations, self.clock)
        except BaseException:
            await db.close()
            raise
        self._db = db

    async def _enable_wal(self, db: aiosqlite.Connection) -> None:
        """Switching a new file to WAL takes an exclusive lock that busy_timeout does not
        wait for: several processes opening one new file at once retry here."""
        deadline = time.monotonic() + self.busy_timeout_ms / 1000
        while True:
            try:
                await db.execute("PRAGMA journal_mode = WAL")
                return
            except sqlite3.OperationalError as error:
                if "locked" not in str(error) or time.monotonic() > deadline:
                    raise
                await asyncio.sleep(0.02)

    async def close(self) -> None:
        if self._db is not None:
            db, self._db = self._db, None
            async with self._lock:
                await db.close()

    async def __aenter__(self) -> SqliteStore:
        await self.open()
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    async def schema_version(self) -> int:
        async with self._read() as db:
            return await schema_version(db)

    @asynccontextmanager
    async def _transaction(self, begin: str) -> AsyncIterator[aiosqlite.Connection]:
        if self._db is None:
            raise StorageError("store is not open")
        db = self._db
        async with self._lock:
            try:
                await db.execute(begin)
                yield db
                await db.execute("COMMIT")
            except BaseException:
                await _rollback(db)
                raise

    def _write(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A write transaction: takes SQLite's write lock up front (waits busy_timeout)."""
        return self._transaction("BEGIN IMMEDIATE")

    def _read(self) -> AbstractAsyncContextManager[aiosqlite.Connection]:
        """A read transaction: one consistent snapshot of the file across several SELECTs."""
        return self._transaction("BEGIN")

    # -- helpers inside a transaction -----------------------------------------
    async def _seats(self, db: aiosqlite.Connection, game_id: int) -> list[int]:
        rows = await _all(
            db, "SELECT user_id FROM game_seats WHERE game_id = ? ORDER BY seat", (game_id,)
        )
        return [row[0] for row in rows]

    async def _set_seats(self, db: aiosqlite.Connection, game_id: int, seats: list[int]) -> None:
        await db.execute("DELETE FROM game_seats WHERE game_id = ?", (game_id,))
        await db.executemany(
            "INSERT INTO game_seats (game_id, seat, user_id) VALUES (?, ?, ?)",
            [(game_id, seat, user) for seat, user in enumerate(seats)],
        )

    async def _load(self, db: aiosqlite.Connection, game_id: int) -> GameRecord:
        row = await _one(
            db, f"SELECT {_GAME_COLUMNS}, snapshot FROM games WHERE id = ?", (game_id,)
        )
        if row is None:
            raise GameNotFound(game_id)
        snapshot = None if row["snapshot"] is None else json.loads(row["snapshot"])
        return _game_record(row, await self._seats(db, game_id), snapshot)

    async def _refusal(self, db: aiosqlite.Connection, game_id: int, expected: str) -> StorageError:
        """Why a conditional UPDATE matched no row: the game is gone or has moved on."""
        row = await _one(db, "SELECT version, status FROM games WHERE id = ?", (game_id,))
        if row is None:
            return GameNotFound(game_id)
        return VersionConflict(
            f"game {game_id} is at version {row['version']} ({row['status']}); expected {expected}"
        )

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
        now = to_text(self.clock())
        async with self._write() as db:
            cursor = await db.execute(
                "INSERT INTO games (game, status, guild_id, channel_id, thread_id, host_id,"
                " lang, options, created_at, updated_at)"
                " VALUES (?, 'lobby', ?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    game,
                    guild_id,
                    channel_id,
                    thread_id,
                    host_id,
                    lang,
                    _json(options or {}),
                    now,
                    now,
                ),
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            await self._set_seats(db, game_id, [host_id])
            return await self._load(db, game_id)

    async def get_game(self, game_id: int) -> GameRecord:
        async with self._read() as db:
            return await self._load(db, game_id)

    async def game_by_thread(self, thread_id: int) -> GameRecord | None:
        async with self._read() as db:
            # The newest game, should a thread ever host a rematch.
            row = await _one(
                db,
                "SELECT id FROM games WHERE thread_id = ? ORDER BY id DESC LIMIT 1",
                (thread_id,),
            )
            return None if row is None else await self._load(db, row[0])

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
        """As Store.update_lobby; with `expected_*` it is a compare-and-swap: VersionConflict
        (nothing written) unless the stored seats / options still equal what the caller read."""
        async with self._write() as db:
            # Checked under the write lock, so no other process can change them in between.
            if expected_seats is not None and await self._seats(db, game_id) != expected_seats:
                raise VersionConflict(f"game {game_id}: the lobby's seats changed")
            if expected_options is not None:
                current = await _one(db, "SELECT options FROM games WHERE id = ?", (game_id,))
                if current is not None and json.loads(current[0]) != expected_options:
                    raise VersionConflict(f"game {game_id}: the lobby's options changed")
            row = await _one(
                db,
                "UPDATE games SET options = COALESCE(?, options),"
                " thread_id = COALESCE(?, thread_id), lang = COALESCE(?, lang), updated_at = ?"
                " WHERE id = ? AND status = 'lobby' RETURNING id",
                (
                    None if options is None else _json(options),
                    thread_id,
                    lang,
                    to_text(self.clock()),
                    game_id,
                ),
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
        """As Store.start_game; `expected_*` make it refuse (VersionConflict) a start set up
        from a lobby another process changed meanwhile (a late join would be dropped)."""
        if log and final is None:
            raise ValueError("a started log needs the state after it")
        async with self._write() as db:
            if expected_seats is not None and await self._seats(db, game_id) != expected_seats:
                raise VersionConflict(f"game {game_id}: the lobby's seats changed")
            if expected_options is not None:
                current = await _one(db, "SELECT options FROM games WHERE id = ?", (game_id,))
                if current is not None and json.loads(current[0]) != expected_options:
                    raise VersionConflict(f"game {game_id}: the lobby's options changed")
            row = await _one(
                db,
                "UPDATE games SET status = 'running', seed = ?, version = 0, snapshot = ?,"
                " updated_at = ? WHERE id = ? AND status = 'lobby' RETURNING id",
                (str(seed), dump_state(snapshot), to_text(self.clock()), game_id),
            )
            if row is None:
                raise await self._refusal(db, game_id, "status lobby")
            await self._set_seats(db, game_id, seats)
            if log:
                now = to_text(self.clock())
                await db.executemany(
                    "INSERT INTO actions (game_id, version, seat, action, user_id,"
                    " interaction_id, created_at) VALUES (?, ?, ?, ?, ?, NULL, ?)",
                    [(game_id, n, seat, _json(action), user_id, now)
                     for n, (seat, action, user_id) in enumerate(log, start=1)],
                )
                await db.execute(
                    "UPDATE games SET version = ?, snapshot = ?, status = COALESCE(?, status)"
                    " WHERE id = ?",
                    (len(log), dump_state(final), final_status, game_id),
                )
            return await self._load(db, game_id)

    async def set_status(self, game_id: int, status: GameStatus) -> GameRecord:
        async with self._write() as db:
            row = await _one(
                db,
                "UPDATE games SET status = ?, updated_at = ? WHERE id = ? RETURNING id",
                (status, to_text(self.clock()), game_id),
            )
            if row is None:
                raise GameNotFound(game_id)
            return await self._load(db, game_id)

    async def set_thread(self, game_id: int, thread_id: int) -> GameRecord:
        async with self._write() as db:
            row = await _one(db, "SELECT thread_id, settings FROM games WHERE id = ?", (game_id,))
            if row is None:
                raise GameNotFound(game_id)
            settings = json.loads(row["settings"])
            settings.pop("thread_missing", None)
            await db.execute(
                "UPDATE games SET thread_id = ?, settings = ?, updated_at = ? WHERE id = ?",
                (thread_id, _json(settings), to_text(self.clock()), game_id),
            )
            if row["thread_id"] is not None and row["thread_id"] != thread_id:
                # their prompts are to be posted again in the new thread: unclaimed
                await db.execute(
                    "DELETE FROM prompt_claims WHERE game_id = ? AND decision_key IN"
                    " (SELECT decision_key FROM messages WHERE game_id = ? AND channel_id = ?)",
                    (game_id, game_id, row["thread_id"]),
                )
                await db.execute(
                    "DELETE FROM messages WHERE game_id = ? AND channel_id = ?",
                    (game_id, row["thread_id"]),
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
            # Read and checked under the write lock: no other process writes in between.
            row = await _one(db, "SELECT settings, status FROM games WHERE id = ?", (game_id,))
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
            await db.execute(
                "UPDATE games SET settings = ?, status = COALESCE(?, status), updated_at = ?"
                " WHERE id = ?",
                (_json(current | settings), status, to_text(self.clock()), game_id),
            )
            return await self._load(db, game_id)

    async def list_games(
        self,
        *,
        status: GameStatus | None = None,
        user_id: int | None = None,
        channel_id: int | None = None,
    ) -> list[GameRecord]:
        where: list[str] = ["1"]
        params: list[Any] = []
        if channel_id is not None:
            where.append("channel_id = ?")
            params.append(channel_id)
        if status is not None:
            where.append("status = ?")
            params.append(status)
        if user_id is not None:
            where.append("id IN (SELECT game_id FROM game_seats WHERE user_id = ?)")
            params.append(user_id)
        async with self._read() as db:
            rows = await _all(
                db,
                f"SELECT {_GAME_COLUMNS}, snapshot FROM games"
                f" WHERE {' AND '.join(where)} ORDER BY id",
                params,
            )
            seats: dict[int, list[int]] = {row["id"]: [] for row in rows}
            seat_rows = await _all(
                db,
                "SELECT game_id, user_id FROM game_seats"
                " WHERE game_id IN (SELECT value FROM json_each(?)) ORDER BY game_id, seat",
                (json.dumps(list(seats)),),
            )
        for game_id, user in seat_rows:
            seats[game_id].append(user)
        return [
            _game_record(
                row,
                seats[row["id"]],
                None if row["snapshot"] is None else json.loads(row["snapshot"]),
            )
            for row in rows
        ]

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
        now = to_text(self.clock())
        async with self._write() as db:
            if interaction_id is not None and await _one(
                db, "SELECT 1 FROM interactions WHERE id = ?", (interaction_id,)
            ):
                raise DuplicateInteraction(interaction_id)
            snapshot_text = dump_state(snapshot)
            # The CAS: applies only if nobody moved the game since the caller read it.
            row = await _one(
                db,
                f"UPDATE games SET version = version + 1, snapshot = ?,"
                f" status = COALESCE(?, status), updated_at = ?"
                f" WHERE id = ? AND version = ? AND status = 'running'"
                f" RETURNING {_GAME_COLUMNS}",
                (snapshot_text, status, now, game_id, expected_version),
            )
            if row is None:
                raise await self._refusal(db, game_id, f"version {expected_version} (running)")
            await db.execute(
                "INSERT INTO actions (game_id, version, seat, action, user_id, interaction_id,"
                " created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
                (game_id, expected_version + 1, seat, _json(action), user_id, interaction_id, now),
            )
            if interaction_id is not None:
                await db.execute(
                    "INSERT INTO interactions (id, game_id, created_at) VALUES (?, ?, ?)",
                    (interaction_id, game_id, now),
                )
            seats = await self._seats(db, game_id)
        return _game_record(row, seats, json.loads(snapshot_text))

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
            row = await _one(db, "SELECT status, version FROM games WHERE id = ?", (game_id,))
            if row is None:
                raise GameNotFound(game_id)
            seats = await self._seats(db, game_id)
            if row["status"] != "running":
                raise VersionConflict(f"game {game_id} is {row['status']}; expected running")
            if seat >= len(seats) or seats[seat] != expected_user or new_user in seats:
                raise VersionConflict(f"game {game_id}: seat {seat} changed hands")
            await db.execute(
                "UPDATE game_seats SET user_id = ? WHERE game_id = ? AND seat = ?",
                (new_user, game_id, seat),
            )
            n = await _one(
                db, "SELECT COALESCE(MAX(n), 0) + 1 FROM seat_changes WHERE game_id = ?", (game_id,)
            )
            now = to_text(self.clock())
            await db.execute(
                "INSERT INTO seat_changes (game_id, n, version, seat, old_user, new_user,"
                " by_user, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (game_id, n[0], row["version"], seat, expected_user, new_user, by_user, now),
            )
            await db.execute("UPDATE games SET updated_at = ? WHERE id = ?", (now, game_id))
            return await self._load(db, game_id)

    async def seat_changes(self, game_id: int) -> list[SeatChange]:
        async with self._read() as db:
            rows = await _all(
                db,
                "SELECT game_id, version, seat, old_user, new_user, by_user, created_at"
                " FROM seat_changes WHERE game_id = ? ORDER BY n",
                (game_id,),
            )
        return [
            SeatChange(**{**dict(row), "created_at": from_text(row["created_at"])}) for row in rows
        ]

    async def actions(self, game_id: int) -> list[ActionRecord]:
        async with self._read() as db:
            rows = await _all(
                db,
                "SELECT game_id, version, seat, action, user_id, interaction_id, created_at"
                " FROM actions WHERE game_id = ? ORDER BY version",
                (game_id,),
            )
        return [
            ActionRecord(
                game_id=row["game_id"],
                version=row["version"],
                seat=row["seat"],
                action=json.loads(row["action"]),
                user_id=row["user_id"],
                interaction_id=row["interaction_id"],
                created_at=from_text(row["created_at"]),
            )
            for row in rows
        ]

    async def pop_action(
        self, game_id: int, *, expected_version: int, snapshot: dict[str, Any]
    ) -> GameRecord:
        async with self._write() as db:
            snapshot_text = dump_state(snapshot)
            row = await _one(
                db,
                f"UPDATE games SET version = version - 1, snapshot = ?, updated_at = ?"
                f" WHERE id = ? AND version = ? AND version > 0 AND status = 'running'"
                f" RETURNING {_GAME_COLUMNS}",
                (snapshot_text, to_text(self.clock()), game_id, expected_version),
            )
            if row is None:
                raise await self._refusal(db, game_id, f"version {expected_version} > 0 (running)")
            # The undone click's interaction id stays recorded: a retry of it is still a no-op.
            cursor = await db.execute(
                "DELETE FROM actions WHERE game_id = ? AND version = ?",
                (game_id, expected_version),
            )
            if cursor.rowcount != 1:
                raise StorageError(f"game {game_id}: no logged action {expected_version}")
            seats = await self._seats(db, game_id)
        return _game_record(row, seats, json.loads(snapshot_text))

    async def seen_interaction(self, interaction_id: int) -> bool:
        async with self._read() as db:
            row = await _one(db, "SELECT 1 FROM interactions WHERE id = ?", (interaction_id,))
        return row is not None

    async def forget_interactions(self, before: datetime) -> int:
        """Drop interaction ids recorded before `before`; return how many.

        Not in the Store interface (yet): the table grows by one row per click, and a
        Discord interaction cannot come back once its 15-minute token has expired.
        """
        async with self._write() as db:
            cursor = await db.execute(
                "DELETE FROM interactions WHERE created_at < ?", (to_text(before),)
            )
            return cursor.rowcount

    # -- timers ------------------------------------------------------------
    async def set_schedule(
        self, game_id: int, kind: str, due_at: datetime, data: dict[str, Any] | None = None
    ) -> None:
        try:
            async with self._write() as db:
                await db.execute(
                    "INSERT INTO schedules (game_id, kind, due_at, data) VALUES (?, ?, ?, ?)"
                    " ON CONFLICT (game_id, kind)"
                    " DO UPDATE SET due_at = excluded.due_at, data = excluded.data",
                    (game_id, kind, to_text(due_at), _json(data or {})),
                )
        except sqlite3.IntegrityError as error:
            if _is_missing_game(error):
                raise GameNotFound(game_id) from error
            raise

    async def clear_schedule(self, game_id: int, kind: str | None = None) -> None:
        async with self._write() as db:
            if kind is None:
                await db.execute("DELETE FROM schedules WHERE game_id = ?", (game_id,))
            else:
                await db.execute(
                    "DELETE FROM schedules WHERE game_id = ? AND kind = ?", (game_id, kind)
                )

    async def due_schedules(self, now: datetime) -> list[Schedule]:
        async with self._read() as db:
            rows = await _all(
                db,
                "SELECT game_id, kind, due_at, data FROM schedules WHERE due_at <= ?"
                " ORDER BY due_at, game_id, kind",
                (to_text(now),),
            )
        return [_schedule(row) for row in rows]

    async def claim_due_schedules(self, now: datetime, lease: timedelta) -> list[Schedule]:
        async with self._write() as db:  # under the write lock: no other claim in between
            rows = await _all(
                db,
                "SELECT game_id, kind, due_at, data FROM schedules WHERE due_at <= ?"
                " ORDER BY due_at, game_id, kind",
                (to_text(now),),
            )
            if rows:
                await db.execute(
                    "UPDATE schedules SET due_at = ? WHERE due_at <= ?",
                    (to_text(now + lease), to_text(now)),
                )
        return [_schedule(row) for row in rows]

    async def schedules(self, game_id: int) -> list[Schedule]:
        async with self._read() as db:
            rows = await _all(
                db,
                "SELECT game_id, kind, due_at, data FROM schedules WHERE game_id = ?"
                " ORDER BY due_at, kind",
                (game_id,),
            )
        return [_schedule(row) for row in rows]

    # -- messages and users --------------------------------------------------
    async def record_message(self, ref: MessageRef) -> None:
        try:
            async with self._write() as db:
                await db.execute(
                    "INSERT INTO messages (message_id, game_id, channel_id, kind, seat,"
                    " decision_key) VALUES (?, ?, ?, ?, ?, ?)"
                    " ON CONFLICT (message_id) DO UPDATE SET game_id = excluded.game_id,"
                    " channel_id = excluded.channel_id, kind = excluded.kind,"
                    " seat = excluded.seat, decision_key = excluded.decision_key",
                    (
                        ref.message_id,
                        ref.game_id,
                        ref.channel_id,
                        ref.kind,
                        ref.seat,
                        ref.decision_key,
                    ),
                )
                if ref.decision_key is not None:
                    await db.execute(
                        "UPDATE prompt_claims SET posted = 1"
                        " WHERE game_id = ? AND decision_key = ? AND posted = 0",
                        (ref.game_id, ref.decision_key),
                    )
        except sqlite3.IntegrityError as error:
            if _is_missing_game(error):
                raise GameNotFound(ref.game_id) from error
            raise

    async def messages(self, game_id: int, kind: str | None = None) -> list[MessageRef]:
        sql = (
            "SELECT game_id, channel_id, message_id, kind, seat, decision_key FROM messages"
            " WHERE game_id = ?"
        )
        params: list[Any] = [game_id]
        if kind is not None:
            sql += " AND kind = ?"
            params.append(kind)
        async with self._read() as db:
            rows = await _all(db, sql + " ORDER BY message_id", params)
        return [MessageRef(**dict(row)) for row in rows]

    async def claim_prompts(
        self, game_id: int, keys: Sequence[str], now: datetime, lease: timedelta
    ) -> set[str]:
        won: set[str] = set()
        if not keys:
            return won
        try:
            async with self._write() as db:  # under the write lock: no other claim between
                for key in dict.fromkeys(keys):
                    row = await _one(
                        db,
                        "INSERT INTO prompt_claims (game_id, decision_key, claimed_at)"
                        " VALUES (?, ?, ?) ON CONFLICT (game_id, decision_key) DO UPDATE"
                        " SET claimed_at = excluded.claimed_at"
                        " WHERE prompt_claims.posted = 0 AND prompt_claims.claimed_at <= ?"
                        " RETURNING decision_key",
                        (game_id, key, to_text(now), to_text(now - lease)),
                    )
                    if row is not None:
                        won.add(row[0])
        except sqlite3.IntegrityError as error:
            if _is_missing_game(error):
                raise GameNotFound(game_id) from error
            raise
        return won

    async def release_prompts(self, game_id: int, keys: Sequence[str]) -> None:
        if not keys:
            return
        async with self._write() as db:
            await db.executemany(
                "DELETE FROM prompt_claims WHERE game_id = ? AND decision_key = ?",
                [(game_id, key) for key in dict.fromkeys(keys)],
            )

    async def stale_prompt_claims(self, before: datetime) -> list[tuple[int, str]]:
        async with self._read() as db:
            rows = await _all(
                db,
                "SELECT game_id, decision_key FROM prompt_claims"
                " WHERE posted = 0 AND claimed_at <= ? ORDER BY claimed_at, game_id",
                (to_text(before),),
            )
        return [(row[0], row[1]) for row in rows]

    async def get_user(self, user_id: int) -> dict[str, Any]:
        async with self._read() as db:
            row = await _one(db, "SELECT prefs FROM users WHERE user_id = ?", (user_id,))
        return {} if row is None else json.loads(row[0])

    async def set_user(self, user_id: int, **prefs: Any) -> None:
        async with self._write() as db:
            row = await _one(db, "SELECT prefs FROM users WHERE user_id = ?", (user_id,))
            merged = ({} if row is None else json.loads(row[0])) | prefs
            await db.execute(
                "INSERT INTO users (user_id, prefs, updated_at) VALUES (?, ?, ?)"
                " ON CONFLICT (user_id)"
                " DO UPDATE SET prefs = excluded.prefs, updated_at = excluded.updated_at",
                (user_id, _json(merged), to_text(self.clock())),
            )

    # -- history and ratings ---------------------------------------------------------
    async def record_result(
        self, game_id: int, seats: Sequence[SeatResult], *, finished_at: datetime | None = None
    ) -> bool:
        async with self._write() as db:
            row = await _one(
                db, "SELECT guild_id, game, updated_at FROM games WHERE id = ?", (game_id,)
            )
            if row is None:
                raise GameNotFound(game_id)
            when = to_text(finished_at) if finished_at is not None else row["updated_at"]
            cursor = await db.execute(
                "INSERT INTO results (game_id, guild_id, game, finished_at) VALUES (?, ?, ?, ?)"
                " ON CONFLICT (game_id) DO NOTHING",
                (game_id, _guild(row["guild_id"]), row["game"], when),
            )
            if cursor.rowcount != 1:
                return False
            await db.executemany(
                "INSERT INTO result_seats (game_id, seat, user_id, rank, score)"
                " VALUES (?, ?, ?, ?, ?)",
                [(game_id, s.seat, s.user_id, s.rank, s.score) for s in seats],
            )
            return True

    async def results(
        self, guild_id: int | None, *, game: str | None = None, user_id: int | None = None
    ) -> list[GameResult]:
        where, params = ["r.guild_id = ?"], [_guild(guild_id)]
        if game is not None:
            where.append("r.game = ?")
            params.append(game)
        if user_id is not None:
            where.append("r.game_id IN (SELECT game_id FROM result_seats WHERE user_id = ?)")
            params.append(user_id)
        async with self._read() as db:
            rows = await _all(
                db,
                "SELECT r.game_id, r.guild_id, r.game, r.finished_at, s.seat, s.user_id, s.rank,"
                " s.score FROM results r JOIN result_seats s ON s.game_id = r.game_id"
                f" WHERE {' AND '.join(where)} ORDER BY r.finished_at, r.game_id, s.seat",
                params,
            )
        out: dict[int, GameResult] = {}
        for row in rows:
            result = out.get(row["game_id"])
            if result is None:
                result = out[row["game_id"]] = GameResult(
                    game_id=row["game_id"],
                    guild_id=row["guild_id"] or None,
                    game=row["game"],
                    finished_at=from_text(row["finished_at"]),
                    seats=[],
                )
            result.seats.append(SeatResult(
                seat=row["seat"], user_id=row["user_id"], rank=row["rank"], score=row["score"]
            ))
        return list(out.values())

    async def unrecorded_finished(self, guild_id: int | None = None) -> list[GameRecord]:
        where = "" if guild_id is None else " AND COALESCE(guild_id, 0) = ?"
        params = [] if guild_id is None else [_guild(guild_id)]
        async with self._read() as db:
            rows = await _all(
                db,
                "SELECT id FROM games WHERE status = 'finished'"
                " AND id NOT IN (SELECT game_id FROM results)" + where + " ORDER BY updated_at, id",
                params,
            )
            return [await self._load(db, row[0]) for row in rows]

    async def set_ratings(self, guild_id: int | None, game: str, ratings: Sequence[Rating]) -> None:
        async with self._write() as db:
            await db.execute(
                "DELETE FROM ratings WHERE guild_id = ? AND game = ?", (_guild(guild_id), game)
            )
            await db.executemany(
                "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, ordinal, games)"
                " VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(_guild(guild_id), game, r.user_id, r.mu, r.sigma, r.ordinal, r.games)
                 for r in ratings],
            )

    async def ratings(self, guild_id: int | None, game: str) -> list[Rating]:
        async with self._read() as db:
            rows = await _all(
                db,
                "SELECT user_id, mu, sigma, ordinal, games FROM ratings"
                " WHERE guild_id = ? AND game = ? ORDER BY ordinal DESC, games DESC, user_id",
                (_guild(guild_id), game),
            )
        return [Rating(**dict(row)) for row in rows]

    # -- table boards ------------------------------------------------------------------
    async def set_board(self, board: Board) -> Board | None:
        async with self._write() as db:
            old = await _one(db, f"SELECT {_BOARD_COLUMNS} FROM boards WHERE channel_id = ?",
                             (board.channel_id,))
            await db.execute(
                f"INSERT OR REPLACE INTO boards ({_BOARD_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
                (board.channel_id, board.guild_id, board.message_id, board.lang,
                 board.created_by, to_text(board.created_at)),
            )
        return None if old is None else _board(old)

    async def board(self, channel_id: int) -> Board | None:
        async with self._read() as db:
            row = await _one(db, f"SELECT {_BOARD_COLUMNS} FROM boards WHERE channel_id = ?",
                             (channel_id,))
        return None if row is None else _board(row)

    async def boards(self) -> list[Board]:
        async with self._read() as db:
            rows = await _all(db, f"SELECT {_BOARD_COLUMNS} FROM boards ORDER BY channel_id")
        return [_board(row) for row in rows]

    async def remove_board(self, channel_id: int) -> Board | None:
        async with self._write() as db:
            row = await _one(
                db, f"DELETE FROM boards WHERE channel_id = ? RETURNING {_BOARD_COLUMNS}",
                (channel_id,),
            )
        return None if row is None else _board(row)


_BOARD_COLUMNS = "channel_id, guild_id, message_id, lang, created_by, created_at"


def _board(row: sqlite3.Row) -> Board:
    return Board(**{**dict(row), "created_at": from_text(row["created_at"])})


async def open_store(path: str | Path, **kwargs: Any) -> SqliteStore:
    """Open (creating and migrating if needed) the SQLite store at `path`."""
    store = SqliteStore(path, **kwargs)
    await store.open()
    return store
