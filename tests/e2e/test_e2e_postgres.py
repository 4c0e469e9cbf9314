"""`python -m bot` on PostgreSQL (DATABASE_URL): killed mid-game, a new process carries on
from the shared database, and a click on a prompt the dead process posted applies once."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from bot.i18n import t
from storage.postgres import PostgresStore
from tests.e2e.driver import Driver
from tests.e2e.harness import Server, open_citadels, running_server
from tests.e2e.test_e2e_process import spawn_bot
from tests.postgres_server import PostgresServer


async def stored_version(dsn: str) -> int:
    async with PostgresStore(dsn) as store:
        return (await store.get_game(1)).version


async def version_above(server: Server, dsn: str, before: int, timeout: float = 30) -> int:
    deadline = time.monotonic() + timeout
    while (version := await stored_version(dsn)) <= before:
        if time.monotonic() > deadline:
            raise AssertionError(f"no move applied within {timeout}s (version {version})")
        await server.settle(quiet=0.02)
    await server.settle()
    return version


async def test_a_bot_process_on_postgresql_killed_and_replaced(
    tmp_path: Path, postgres_server: PostgresServer, monkeypatch: pytest.MonkeyPatch
) -> None:
    dsn = await postgres_server.empty_database("e2e_bot")
    monkeypatch.setenv("DATABASE_URL", dsn)  # spawn_bot passes the environment on
    workdir = tmp_path / "run"
    workdir.mkdir()
    players = [("alice", "en-US", True), ("bob", "en-US", True)]
    async with running_server(tmp_path, players) as server:
        first = await spawn_bot(server, workdir)
        try:
            await open_citadels(server)
            driver = Driver(server, server.users, seed=11)
            await driver.play(2)
            prompt = await driver.any_prompt()
        finally:
            first.kill()  # a crash: no clean gateway close, no goodbye
            await first.wait()
        before = await stored_version(dsn)
        assert before > 0  # the moves are in PostgreSQL
        assert not server.db_path.exists()  # and no SQLite file was made

        second = await spawn_bot(server, workdir)
        try:
            reply = await driver.click_prompt(prompt)  # posted by the killed process
            await reply.wait_ack(timeout=10)
            await driver.wait_progress(timeout=5)
            assert await version_above(server, dsn, before) == before + 1
            assert not any(t("table.stale", "en") in text for text in reply.texts())
            assert server.twin.rejected == [] and server.twin.unimplemented == []
        finally:
            second.terminate()
            await second.wait()
