"""The migrations of storage/migrations.py in PostgreSQL's dialect, for PostgresStore.

Same numbers, names, tables, columns and meaning; the types differ: `bigint` for Discord ids
(snowflakes), `timestamptz` for times, `jsonb` for JSON (the snapshot is `json`, which keeps
the canonical text `rules.core.dump_state` wrote, byte for byte), `text` for the 64-bit
unsigned seed, an identity column for game ids (a sequence never hands an id out twice).
Every migration added to MIGRATIONS needs its text here under the same number:
PostgresStore refuses to open while one is missing, and tests/storage/test_postgres.py fails.
"""

from __future__ import annotations

from storage.migrations import MIGRATIONS, Migration

SCHEMA_VERSION_TABLE = """
CREATE TABLE IF NOT EXISTS schema_version (
    version integer PRIMARY KEY,
    name text NOT NULL,
    applied_at timestamptz NOT NULL
)
"""

STATEMENTS: dict[int, tuple[str, ...]] = {
    1: (
        """
        CREATE TABLE games (
            id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
            game text NOT NULL,
            status text NOT NULL
                CHECK (status IN ('lobby', 'running', 'finished', 'cancelled', 'abandoned')),
            guild_id bigint,
            channel_id bigint NOT NULL,
            thread_id bigint,
            host_id bigint NOT NULL,
            lang text NOT NULL DEFAULT 'ko',
            options jsonb NOT NULL DEFAULT '{}',
            settings jsonb NOT NULL DEFAULT '{}',
            seed text,
            version integer NOT NULL DEFAULT 0 CHECK (version >= 0),
            snapshot json,
            created_at timestamptz NOT NULL,
            updated_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX games_by_status ON games (status)",
        "CREATE INDEX games_by_thread ON games (thread_id)",
        """
        CREATE TABLE game_seats (
            game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            seat integer NOT NULL CHECK (seat >= 0),
            user_id bigint NOT NULL,
            PRIMARY KEY (game_id, seat)
        )
        """,
        "CREATE INDEX game_seats_by_user ON game_seats (user_id, game_id)",
        """
        CREATE TABLE actions (
            game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            version integer NOT NULL CHECK (version >= 1),
            seat integer NOT NULL,
            action jsonb NOT NULL,
            user_id bigint,
            interaction_id bigint,
            created_at timestamptz NOT NULL,
            PRIMARY KEY (game_id, version)
        )
        """,
        """
        CREATE TABLE interactions (
            id bigint PRIMARY KEY,
            game_id bigint REFERENCES games (id) ON DELETE CASCADE,
            created_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX interactions_by_game ON interactions (game_id)",
        "CREATE INDEX interactions_by_time ON interactions (created_at)",
    ),
    2: (
        """
        CREATE TABLE schedules (
            game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            kind text NOT NULL,
            due_at timestamptz NOT NULL,
            data jsonb NOT NULL DEFAULT '{}',
            PRIMARY KEY (game_id, kind)
        )
        """,
        "CREATE INDEX schedules_by_due ON schedules (due_at)",
        """
        CREATE TABLE messages (
            message_id bigint PRIMARY KEY,
            game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            channel_id bigint NOT NULL,
            kind text NOT NULL,
            seat integer,
            decision_key text
        )
        """,
        "CREATE INDEX messages_by_game ON messages (game_id, kind)",
        """
        CREATE TABLE users (
            user_id bigint PRIMARY KEY,
            prefs jsonb NOT NULL DEFAULT '{}',
            updated_at timestamptz NOT NULL
        )
        """,
    ),
    3: (
        """
        CREATE TABLE seat_changes (
            game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            n integer NOT NULL CHECK (n >= 1),
            version integer NOT NULL CHECK (version >= 0),
            seat integer NOT NULL CHECK (seat >= 0),
            old_user bigint NOT NULL,
            new_user bigint NOT NULL,
            by_user bigint,
            created_at timestamptz NOT NULL,
            PRIMARY KEY (game_id, n)
        )
        """,
    ),
    4: (
        """
        CREATE TABLE results (
            game_id bigint PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
            guild_id bigint NOT NULL,
            game text NOT NULL,
            finished_at timestamptz NOT NULL
        )
        """,
        "CREATE INDEX results_by_guild ON results (guild_id, game, finished_at)",
        """
        CREATE TABLE result_seats (
            game_id bigint NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
            seat integer NOT NULL CHECK (seat >= 0),
            user_id bigint NOT NULL,
            rank integer NOT NULL CHECK (rank >= 1),
            score bigint,
            PRIMARY KEY (game_id, seat)
        )
        """,
        "CREATE INDEX result_seats_by_user ON result_seats (user_id, game_id)",
        """
        CREATE TABLE ratings (
            guild_id bigint NOT NULL,
            game text NOT NULL,
            user_id bigint NOT NULL,
            mu double precision NOT NULL,
            sigma double precision NOT NULL,
            ordinal double precision NOT NULL,
            games integer NOT NULL,
            PRIMARY KEY (guild_id, game, user_id)
        )
        """,
    ),
    5: (
        """
        CREATE TABLE boards (
            channel_id bigint PRIMARY KEY,
            guild_id bigint NOT NULL,
            message_id bigint NOT NULL,
            lang text NOT NULL,
            created_by bigint NOT NULL,
            created_at timestamptz NOT NULL
        )
        """,
    ),
    6: (
        """
        CREATE TABLE prompt_claims (
            game_id bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
            decision_key text NOT NULL,
            claimed_at timestamptz NOT NULL,
            posted boolean NOT NULL DEFAULT false,
            PRIMARY KEY (game_id, decision_key)
        )
        """,
        "CREATE INDEX prompt_claims_unposted ON prompt_claims (claimed_at) WHERE NOT posted",
    ),
}


def postgres_migrations(migrations: tuple[Migration, ...] = MIGRATIONS) -> tuple[Migration, ...]:
    """`migrations` with their PostgreSQL statements; ValueError naming those that have none
    (so a new migration cannot ship for SQLite alone)."""
    missing = [m.version for m in migrations if m.version not in STATEMENTS]
    if missing:
        raise ValueError(
            f"migration(s) {missing} have no PostgreSQL dialect: add them to"
            " storage/migrations_pg.py"
        )
    return tuple(Migration(m.version, m.name, STATEMENTS[m.version]) for m in migrations)
