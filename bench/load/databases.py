"""The load test's databases: seeded once per backend (bench/load/seed.py), then copied for
each configuration, so every run starts from the same 10,000 stored games.

PostgreSQL is the throwaway server of tests/postgres_server.py (initdb in a temporary
directory, a free port), but durable: the tests run it with fsync and synchronous_commit off,
while the SQLite store syncs every move before acknowledging it; the comparison is only fair
with both syncing.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import subprocess
from pathlib import Path

import asyncpg

from bench.load.seed import seed_games
from storage.sqlite import open_store
from tests.postgres_server import TEMPLATE, PostgresServer, _free_port, server_programs

SEEDED = "seeded"  # the PostgreSQL database every run's database is copied from


class DurableServer(PostgresServer):
    """PostgreSQL with its default durability (fsync, synchronous_commit, full pages)."""

    def start(self) -> None:
        if self.user is not None:
            os.chown(self.folder, self.user.pw_uid, self.user.pw_gid)
        self.folder.chmod(0o700)
        subprocess.run(
            [self.programs / "initdb", "-D", self.data, "-U", "postgres", "-A", "trust",
             "-E", "UTF8", "--locale=C"],
            check=True, capture_output=True, **self._run_as(),
        )
        log = open(self.folder / "server.log", "wb")  # noqa: SIM115 - the server's lifetime
        self.port = _free_port()
        self.process = subprocess.Popen(
            [self.programs / "postgres", "-D", self.data, "-p", str(self.port),
             "-k", self.folder, "-c", "listen_addresses=127.0.0.1",
             "-c", "max_connections=200"],
            stdout=log, stderr=log, **self._run_as(),
        )
        if not self._wait_ready():
            raise RuntimeError((self.folder / "server.log").read_text()[-2000:])
        asyncio.run(self._make_template())


def start_postgres() -> DurableServer | None:
    """A durable throwaway server, or None without the server programs."""
    programs = server_programs()
    if programs is None:
        return None
    server = DurableServer(programs)
    server.start()
    return server


async def seed_sqlite(folder: Path, stored: int) -> tuple[Path, float]:
    """A SQLite file holding `stored` games (written without syncing: it is set-up)."""
    path = folder / "seeded.sqlite3"
    store = await open_store(path, synchronous="OFF")
    try:
        seconds = await seed_games(store, stored)
    finally:
        await store.close()
    return path, seconds


def copy_sqlite(seeded: Path, target: Path) -> Path:
    for suffix in ("", "-wal", "-shm"):
        source = seeded.with_name(seeded.name + suffix)
        if source.exists():
            shutil.copyfile(source, target.with_name(target.name + suffix))
    return target


async def seed_postgres(server: PostgresServer, stored: int) -> float:
    from storage.postgres import open_postgres_store

    await _admin(server, f"CREATE DATABASE {SEEDED} TEMPLATE {TEMPLATE}")
    store = await open_postgres_store(server.dsn(SEEDED))
    try:
        return await seed_games(store, stored)
    finally:
        await store.close()


async def copy_postgres(server: PostgresServer, name: str) -> str:
    await _admin(server, f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    await _admin(server, f"CREATE DATABASE {name} TEMPLATE {SEEDED}")
    return server.dsn(name)


async def _admin(server: PostgresServer, sql: str) -> None:
    connection = await asyncpg.connect(server.dsn("postgres"))
    try:
        await connection.execute(sql)
    finally:
        await connection.close()
