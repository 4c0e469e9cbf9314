"""`python -m bot` as its own process, configured only by environment variables."""

from __future__ import annotations

import asyncio
import os
import sys
from pathlib import Path

from bot.i18n import t
from tests.e2e.driver import Driver
from tests.e2e.harness import Server, game_version, open_citadels, running_server, version_above

REPO = Path(__file__).resolve().parents[2]


async def spawn_bot(server: Server, workdir: Path) -> asyncio.subprocess.Process:
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "DISCORD_TOKEN": server.twin.token,
        "DISCORD_API_BASE": server.twin.api_base,
        "DATABASE_PATH": str(server.db_path),
        "DEV_GUILD_ID": str(server.guild.id),
        "DEFAULT_LANG": "en",
        "LOG_LEVEL": "WARNING",
    }
    identifies = server.twin.server.identifies
    # run from an empty directory so no developer's .env is read
    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "bot",
        cwd=workdir,
        env=env,
        stdout=asyncio.subprocess.DEVNULL,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        await server.twin.wait_for(
            lambda: server.twin.server.identifies > identifies or proc.returncode is not None,
            60,
            "the bot process to connect",
        )
    except AssertionError:
        proc.kill()
        raise
    if proc.returncode is not None:
        err = await proc.stderr.read() if proc.stderr else b""
        raise AssertionError(f"python -m bot exited {proc.returncode}: {err.decode()[-2000:]}")
    await server.twin.wait_ready()
    return proc


async def test_bot_process_crash_and_restart(tmp_path: Path) -> None:
    workdir = tmp_path / "run"
    workdir.mkdir()
    players = [("alice", "en-US", True), ("bob", "en-US", True)]
    async with running_server(tmp_path, players) as server:
        first = await spawn_bot(server, workdir)
        try:
            await open_citadels(server)
            driver = Driver(server, server.users, seed=11)
            await driver.play(6)
            prompt = await driver.any_prompt()
        finally:
            first.kill()  # a crash: no clean gateway close, no goodbye
            await first.wait()
        before = await game_version(server)

        second = await spawn_bot(server, workdir)
        try:
            reply = await driver.click_prompt(prompt)  # posted by the crashed process
            await reply.wait_ack(timeout=10)
            await driver.wait_progress(timeout=5)
            assert await version_above(server, before) == before + 1
            assert not any(t("table.stale", "en") in text for text in reply.texts())
            assert server.twin.server.identifies == 2
            assert server.twin.rejected == [] and server.twin.unimplemented == []
        finally:
            second.terminate()
            await second.wait()
