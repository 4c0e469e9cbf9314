"""The load test's harness (bench/load/, `make load`) on a small scale, so it cannot rot: two
tables and an idle one for a few seconds against one bot process on SQLite, with stored games
seeded through the Store; its figures and checks must come out and hold."""

from __future__ import annotations

from pathlib import Path

from bench.load.run import CONFIGS, Load, run_config
from bench.load.seed import seed_games
from storage.sqlite import open_store

STORED = 40


async def test_two_tables_play_and_every_check_holds(tmp_path: Path, example_game) -> None:
    path = tmp_path / "load.sqlite3"
    store = await open_store(path)
    try:
        await seed_games(store, STORED)
    finally:
        await store.close()

    load = Load(tables=2, sleepers=1, seconds=2.0, remind_after=1.0, tick=0.5)
    outcome = await run_config(CONFIGS["sqlite"], load, str(path), tmp_path / "run",
                               lambda: open_store(path))

    assert outcome.errors == []
    figures = outcome.figures
    assert figures["tables"] == 2 and figures["moves"] > 0 and figures["moves/s"] > 0
    assert 0 < figures["ack p50 ms"] <= figures["ack p99 ms"] < 3000
    assert 0 < figures["round trip p50 ms"] <= figures["round trip p99 ms"]
    assert figures["REST calls/move"] > 0
    assert set(figures["CPU s per s"]) >= {"stand-in + players", "bot 0"}

    moves = outcome.checks["moves"]
    assert moves["games checked"] >= 3  # a game at each table, the idle one's included
    assert moves["clicks"] == moves["logged"] >= figures["moves"]
    assert moves["applied twice"] == moves["lost"] == moves["stale clicks"] == []
    assert moves["logged without a click"] == moves["inconsistent"] == []
    assert outcome.checks["prompts posted twice"] == []

    reminders = outcome.checks["reminders"]
    assert reminders["idle tables reminded once"] == reminders["idle tables"] == 1
    assert reminders["reminded twice"] == []

    store = await open_store(path)
    try:  # the seeded games are still there beside the ones just played
        assert len(await store.list_games(status="finished")) >= STORED
    finally:
        await store.close()
