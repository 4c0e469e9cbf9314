"""The log is the truth: replaying the stored log from the seed rebuilds the stored snapshot
byte for byte, across a restart and an undo. A toy engine keeps this independent of games."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

from rules.core import Rng, dump_state, replay
from storage import SqliteStore, open_store

from .conftest import ALICE, BOB, HOST


class DrawEngine:
    """Each turn a seat draws a secret card from a shuffled deck and scores a die roll."""

    name = "draw"

    def setup(self, options: Any, seats: int, seed: int) -> dict[str, Any]:
        rng = Rng(seed)
        deck = list(range(30))
        rng.shuffle(deck)
        return {
            "rng": rng.state,
            "turn": 0,
            "seats": [{"score": 0, "secret": {"hand": []}} for _ in range(seats)],
            "secret": {"deck": deck},
        }

    def apply(
        self, state: dict[str, Any], seat: int, action: dict[str, Any]
    ) -> tuple[dict[str, Any], list]:
        out: dict[str, Any] = json.loads(dump_state(state))  # never mutate the input
        rng = Rng(out["rng"])
        out["seats"][seat]["secret"]["hand"].append(out["secret"]["deck"].pop())
        out["seats"][seat]["score"] += rng.below(6) + 1 + action.get("bonus", 0)
        out["rng"] = rng.state
        out["turn"] += 1
        return out, []


def stored_snapshot_text(path: Path, game_id: int) -> str:
    with sqlite3.connect(path) as raw:
        [(text,)] = raw.execute("SELECT snapshot FROM games WHERE id = ?", (game_id,)).fetchall()
    return text


async def rebuilt(store: SqliteStore, engine: DrawEngine, game_id: int) -> str:
    game = await store.get_game(game_id)
    assert game.seed is not None
    log = [(a.seat, a.action) for a in await store.actions(game_id)]
    return dump_state(replay(engine, game.options, len(game.seats), game.seed, log))


async def test_replayed_log_equals_the_snapshot_across_restart_and_undo(db_path: Path) -> None:
    engine = DrawEngine()
    seed = 2**63 + 12345
    store = await open_store(db_path)
    lobby = await store.create_game("draw", guild_id=1, channel_id=5, host_id=HOST, lang="ko")
    seats = [HOST, ALICE, BOB]
    state = engine.setup({}, len(seats), seed)
    game = await store.start_game(lobby.id, seed=seed, seats=seats, snapshot=state)
    for turn in range(12):
        action = {"type": "draw", "bonus": turn % 2}
        state, _ = engine.apply(state, turn % 3, action)
        game = await store.append_action(
            game.id, expected_version=game.version, seat=turn % 3, action=action, snapshot=state
        )
    await store.close()

    store = await open_store(db_path)
    try:
        assert await rebuilt(store, engine, game.id) == stored_snapshot_text(db_path, game.id)
        log = await store.actions(game.id)
        before_last = replay(engine, {}, len(seats), seed, [(a.seat, a.action) for a in log[:-1]])
        await store.pop_action(game.id, expected_version=12, snapshot=before_last)
        assert await rebuilt(store, engine, game.id) == stored_snapshot_text(db_path, game.id)
        assert (await store.get_game(game.id)).snapshot["turn"] == 11
    finally:
        await store.close()
