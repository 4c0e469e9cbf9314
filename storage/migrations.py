"""The SQLite schema as numbered migrations, applied in order by SqliteStore.open().

Never edit a migration that has shipped: add the next one. Each migration is a tuple of
single statements so the store can run it inside its own BEGIN IMMEDIATE transaction
(sqlite3's executescript() would commit behind our back). Each one also needs its text in
PostgreSQL's dialect, under the same number, in storage/migrations_pg.py.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Migration:
    version: int
    name: str
    statements: tuple[str, ...]


SCHEMA_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version INTEGER PRIMARY KEY,
    name TEXT NOT NULL,
    applied_at TEXT NOT NULL
)
"""

GAME_LOG = Migration(
    1,
    "games, seats, action log, interactions",
    (
        # AUTOINCREMENT: a game id is never reused, since old buttons name it.
        """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY AUTOINCREMENT,
            game TEXT NOT NULL,
            status TEXT NOT NULL
                CHECK (status IN ('lobby', 'running', 'finished', 'cancelled', 'abandoned')),
            guild_id INTEGER,
            channel_id INTEGER NOT NULL,
            thread_id INTEGER,
            host_id INTEGER NOT NULL,
            lang TEXT NOT NULL DEFAULT 'ko',
            options TEXT NOT NULL DEFAULT '{}',
            settings TEXT NOT NULL DEFAULT '{}',
            seed TEXT,  -- text: a 64-bit unsigned seed overflows SQLite's signed INTEGER
            version INTEGER NOT NULL DEFAULT 0 CHECK (version >= 0),
            snapshot TEXT,
            created_at TEXT NOT NULL,
            updated_at TEXT NOT NULL
        )
        """,
        "CREATE INDEX games_by_status ON games (status)",
        "CREATE INDEX games_by_thread ON games (thread_id)",
        """
        CREATE TABLE game_seats (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat >= 0),
            user_id INTEGER NOT NULL,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX game_seats_by_user ON game_seats (user_id, game_id)",
        """
        CREATE TABLE actions (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version INTEGER NOT NULL CHECK (version >= 1),
            seat INTEGER NOT NULL,
            action TEXT NOT NULL,
            user_id INTEGER,
            interaction_id INTEGER,
            created_at TEXT NOT NULL,
            PRIMARY KEY (game_id, version)
        ) WITHOUT ROWID
        """,
        """
        CREATE TABLE interactions (
            id INTEGER PRIMARY KEY,
            game_id INTEGER REFERENCES games (id) ON DELETE CASCADE,
            created_at TEXT NOT NULL
        )
        """,
        # Cascading deletes from games look interactions up by game.
        "CREATE INDEX interactions_by_game ON interactions (game_id)",
        "CREATE INDEX interactions_by_time ON interactions (created_at)",  # pruning
    ),
)

BOT_STATE = Migration(
    2,
    "timers, posted messages, user preferences",
    (
        """
        CREATE TABLE schedules (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            kind TEXT NOT NULL,
            due_at TEXT NOT NULL,
            data TEXT NOT NULL DEFAULT '{}',
            PRIMARY KEY (game_id, kind)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX schedules_by_due ON schedules (due_at)",
        # Discord message ids are global snowflakes: the id alone is the key, in time order.
        """
        CREATE TABLE messages (
            message_id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            channel_id INTEGER NOT NULL,
            kind TEXT NOT NULL,
            seat INTEGER,
            decision_key TEXT
        )
        """,
        "CREATE INDEX messages_by_game ON messages (game_id, kind)",
        """
        CREATE TABLE users (
            user_id INTEGER PRIMARY KEY,
            prefs TEXT NOT NULL DEFAULT '{}',
            updated_at TEXT NOT NULL
        )
        """,
    ),
)

SEAT_CHANGES = Migration(
    3,
    "seat hand-overs (substitutes)",
    (
        # A hand-over is not a move: it sits beside the action log, after move `version`.
        """
        CREATE TABLE seat_changes (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            n INTEGER NOT NULL CHECK (n >= 1),
            version INTEGER NOT NULL CHECK (version >= 0),
            seat INTEGER NOT NULL CHECK (seat >= 0),
            old_user INTEGER NOT NULL,
            new_user INTEGER NOT NULL,
            by_user INTEGER,
            created_at TEXT NOT NULL,
            PRIMARY KEY (game_id, n)
        ) WITHOUT ROWID
        """,
    ),
)

GAME_RESULTS = Migration(
    4,
    "finished games' results and per-server ratings",
    (
        # One row per finished game that counts (abandoned ones never get one). guild_id 0:
        # a game outside any server. Games finished before this migration are recorded on
        # first use by the table service (bot/table_history.py): their ranks come from the
        # engine's result of the stored snapshot, which SQL cannot compute.
        """
        CREATE TABLE results (
            game_id INTEGER PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            finished_at TEXT NOT NULL
        )
        """,
        "CREATE INDEX results_by_guild ON results (guild_id, game, finished_at)",
        # The member who held the seat at the end; rank 1 wins (a cooperative game gives
        # every seat the same rank).
        """
        CREATE TABLE result_seats (
            game_id INTEGER NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
            seat INTEGER NOT NULL CHECK (seat >= 0),
            user_id INTEGER NOT NULL,
            rank INTEGER NOT NULL CHECK (rank >= 1),
            score INTEGER,
            PRIMARY KEY (game_id, seat)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX result_seats_by_user ON result_seats (user_id, game_id)",
        # A cache of the ratings computed from `results` in finishing order (recomputable).
        """
        CREATE TABLE ratings (
            guild_id INTEGER NOT NULL,
            game TEXT NOT NULL,
            user_id INTEGER NOT NULL,
            mu REAL NOT NULL,
            sigma REAL NOT NULL,
            ordinal REAL NOT NULL,
            games INTEGER NOT NULL,
            PRIMARY KEY (guild_id, game, user_id)
        ) WITHOUT ROWID
        """,
    ),
)

TABLE_BOARDS = Migration(
    5,
    "table boards (one kept-edited message per channel)",
    (
        """
        CREATE TABLE boards (
            channel_id INTEGER PRIMARY KEY,
            guild_id INTEGER NOT NULL,
            message_id INTEGER NOT NULL,
            lang TEXT NOT NULL,
            created_by INTEGER NOT NULL,
            created_at TEXT NOT NULL
        )
        """,
    ),
)

PROMPT_CLAIMS = Migration(
    6,
    "prompt claims (one process posts each prompt)",
    (
        # A publishing pass claims an open decision's prompt before posting it, so that of
        # several bot processes on one database exactly one posts it. `posted` is set when
        # its message is recorded; a claim never posted (its process died) can be taken
        # over once it is older than a lease. Released when the prompt is closed, so a
        # decision reopened by undo is posted again.
        """
        CREATE TABLE prompt_claims (
            game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            decision_key TEXT NOT NULL,
            claimed_at TEXT NOT NULL,
            posted INTEGER NOT NULL DEFAULT 0 CHECK (posted IN (0, 1)),
            PRIMARY KEY (game_id, decision_key)
        ) WITHOUT ROWID
        """,
        "CREATE INDEX prompt_claims_unposted ON prompt_claims (claimed_at) WHERE posted = 0",
    ),
)

MIGRATIONS: tuple[Migration, ...] = (
    GAME_LOG, BOT_STATE, SEAT_CHANGES, GAME_RESULTS, TABLE_BOARDS, PROMPT_CLAIMS
)
LATEST_VERSION = MIGRATIONS[-1].version
