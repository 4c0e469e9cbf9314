"""Two bot processes on one database publish each prompt once, and never close the prompt the
other just posted (the load test of issue 16, bench/LOAD.md). Each "process" here is its own
GameBot, table service, publisher and store (so its own game locks) on one shared database,
SQLite and PostgreSQL; Discord is the recording fakes of tests/bot/test_discord_fakes.py.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from datetime import UTC, datetime, timedelta
from typing import Any

import pytest

import render
import rules
from bot.app import GameBot
from bot.cogs.publisher import CLAIM_LEASE, Publisher
from bot.settings import Settings
from bot.table import TableService
from storage import open_store
from tests.bot.test_discord_fakes import World
from tests.postgres_server import PathDatabases, PostgresServer

HOST, BOB, EVE = 501, 502, 503
THREAD = 7001


class Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


class GatedStore:
    """A store whose record of one decision's prompt waits for the test to let it go: the
    process stalls between posting a prompt and recording it."""

    def __init__(self, store: Any, key: str) -> None:
        self._store, self.key = store, key
        self.reached, self.go = asyncio.Event(), asyncio.Event()

    def __getattr__(self, name: str) -> Any:
        return getattr(self._store, name)

    async def record_message(self, ref: Any) -> None:
        if ref.decision_key == self.key and ref.kind == "prompt":
            self.reached.set()
            await self.go.wait()
        await self._store.record_message(ref)


@pytest.fixture(params=["sqlite", "postgres"])
def server(request: pytest.FixtureRequest) -> PostgresServer | None:
    return request.getfixturevalue("postgres_server") if request.param == "postgres" else None


@pytest.fixture
async def opener(server: PostgresServer | None) -> AsyncIterator[Any]:
    if server is None:
        yield open_store
        return
    databases = PathDatabases(server)
    yield databases.open_store
    await databases.close()


@pytest.fixture
def pictures(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(render, "render_table", lambda *a, **k: b"PNG-table", raising=False)
    monkeypatch.setattr(render, "render_private", lambda *a, **k: b"PNG-private", raising=False)
    monkeypatch.setattr(render, "has_private", lambda game: True, raising=False)


async def process(store: Any, world: World, clock: Clock) -> GameBot:
    bot = GameBot(Settings(default_lang="en"), store=store, clock=clock)
    bot.table = TableService(store, clock=clock)
    bot.publisher = Publisher(bot)
    bot.games = rules.available()
    world.install(bot)
    return bot


@pytest.fixture
async def two(tmp_path, opener, pictures, example_game) -> AsyncIterator[tuple]:
    clock, world = Clock(), World()
    world.thread(THREAD)
    stores = [await opener(tmp_path / "bot.db", clock=clock) for _ in range(2)]
    bots = [await process(s, world, clock) for s in stores]
    yield bots, world, clock
    for s in stores:
        await s.close()


async def start(bot: GameBot):
    game = await bot.table.new_game("example", guild_id=1, channel_id=10, host_id=HOST,
                                    lang="en")
    await bot.table.attach_thread(game.id, THREAD)
    for uid in (BOB, EVE):
        await bot.table.join(game.id, uid)
    return await bot.table.start(game.id, HOST)


def with_choices(world: World, channel_id: int) -> list:
    return [m for m in world.in_channel(channel_id) if m.view is not None]


def closed(world: World, message_id: int) -> bool:
    return any(mid == message_id and kw.get("view", ...) is None
               for _, mid, kw in world.edits)


async def test_both_processes_publishing_a_start_post_each_prompt_once(two) -> None:
    (a, b), world, _ = two
    outcome = await start(a)
    await asyncio.gather(a.publisher.publish(outcome), b.publisher.publish(outcome))
    for uid in (HOST, BOB, EVE):
        assert len(with_choices(world, uid * 10)) == 1, uid  # one pick prompt by DM each
    refs = await a.store.messages(outcome.game.id, "dm_prompt")
    assert sorted(r.decision_key for r in refs) == [f"r1.pick.{i}" for i in range(3)]


async def test_a_process_never_closes_the_prompt_the_other_just_posted(two) -> None:
    (a, b), world, _ = two
    gated = GatedStore(a.store, "r1.play.0")
    a.store = gated  # the publisher's store: the move itself is stored as usual
    outcome = await start(a)
    gid = outcome.game.id
    await a.publisher.publish(outcome)
    for uid in (HOST, BOB):
        await a.publisher.publish(await a.table.act(gid, uid, "pick 2"))
    # The last pick opens the first draw-or-pass: process A posts it and stalls before
    # recording it, while the player clicks it and process B applies the move.
    last = asyncio.create_task(a.publisher.publish(await a.table.act(gid, EVE, "pick 1")))
    await asyncio.wait_for(gated.reached.wait(), 10)
    await b.publisher.publish(await b.table.act(gid, HOST, "draw"))
    gated.go.set()
    await last
    [asked] = [r for r in await b.store.messages(gid) if r.decision_key == "r1.play.1"]
    assert asked.kind == "prompt"  # still open
    assert not closed(world, asked.message_id)  # its buttons are still there
    [answered] = [r for r in await b.store.messages(gid) if r.decision_key == "r1.play.0"]
    assert answered.kind == "prompt_closed" and closed(world, answered.message_id)


async def test_a_prompt_claimed_by_a_process_that_died_is_posted_after_the_lease(two) -> None:
    (a, b), world, clock = two
    outcome = await start(a)
    gid = outcome.game.id
    # process A claimed the three picks and died before posting them
    await a.store.claim_prompts(gid, [f"r1.pick.{i}" for i in range(3)], clock(), CLAIM_LEASE)
    await b.publisher.publish(outcome)
    assert all(with_choices(world, uid * 10) == [] for uid in (HOST, BOB, EVE))
    await b.publisher.repost_abandoned_prompts()  # within the lease: nothing yet
    assert all(with_choices(world, uid * 10) == [] for uid in (HOST, BOB, EVE))
    clock.now += CLAIM_LEASE + timedelta(seconds=1)
    await b.publisher.repost_abandoned_prompts()  # the timer tick's sweep
    assert all(len(with_choices(world, uid * 10)) == 1 for uid in (HOST, BOB, EVE))
    assert await b.store.stale_prompt_claims(clock()) == []


async def test_a_prompt_closed_and_reopened_is_posted_again(two) -> None:
    """Claims are released when a prompt closes, so an undo's reopened decision posts."""
    (a, _), world, _ = two
    outcome = await start(a)
    gid = outcome.game.id
    await a.publisher.publish(outcome)
    await a.publisher.publish(await a.table.act(gid, HOST, "pick 2"))
    await a.publisher.publish(await a.table.undo(gid, HOST))
    assert len(with_choices(world, HOST * 10)) == 2  # asked again after the undo
