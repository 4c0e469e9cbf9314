"""Platform fixes: lobby changes safe across processes, set_lang, interaction pruning."""

from __future__ import annotations

import asyncio
from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

import pytest

from bot.cogs.reminders import RemindersCog
from bot.table import Refusal, TableService
from storage import open_store

HOST, BOB, CAROL, DAVE = 101, 102, 103, 104


@pytest.fixture
async def two_services(tmp_path, example_game):
    """Two table services on two stores of one file: two bot processes."""
    one = await open_store(tmp_path / "shared.db")
    two = await open_store(tmp_path / "shared.db")
    yield TableService(one), TableService(two)
    await one.close()
    await two.close()


async def test_joins_through_two_processes_are_never_lost(two_services) -> None:
    a, b = two_services
    game = await a.new_game("example", guild_id=1, channel_id=10, host_id=HOST, lang="en")
    # Interleave the reads: b reads the lobby, a joins, then b writes (the lost-join race).
    original = b.store.get_game
    gate, landed = asyncio.Event(), asyncio.Event()

    async def slow_read(game_id):
        record = await original(game_id)
        gate.set()
        await asyncio.wait_for(landed.wait(), 60)  # a's join lands while b holds its stale read
        return record

    b.store.get_game = slow_read  # type: ignore[method-assign]
    task = asyncio.create_task(b.join(game.id, BOB))
    await gate.wait()
    await a.join(game.id, CAROL)
    b.store.get_game = original  # type: ignore[method-assign]
    landed.set()
    await task
    seats = (await a.store.get_game(game.id)).seats
    assert sorted(seats) == sorted([HOST, BOB, CAROL])


async def test_leave_and_option_through_two_processes(two_services) -> None:
    a, b = two_services
    game = await a.new_game("example", guild_id=1, channel_id=10, host_id=HOST, lang="en")
    await asyncio.gather(a.join(game.id, BOB), b.join(game.id, CAROL), b.join(game.id, DAVE))
    await asyncio.gather(a.leave(game.id, BOB), b.set_option(game.id, HOST, "rounds", 1))
    record = await b.store.get_game(game.id)
    assert sorted(record.seats) == sorted([HOST, CAROL, DAVE])
    assert record.options["rounds"] == 1
    with pytest.raises(Refusal) as info:
        await b.join(game.id, CAROL)
    assert info.value.key == "table.already_seated"


async def test_set_lang_is_host_only_in_lobby_and_play(two_services) -> None:
    svc, _ = two_services
    game = await svc.new_game("example", guild_id=1, channel_id=10, host_id=HOST, lang="en")
    await svc.join(game.id, BOB)
    with pytest.raises(Refusal) as info:
        await svc.set_lang(game.id, BOB, "ko")
    assert info.value.key == "table.not_host"
    with pytest.raises(Refusal) as info:
        await svc.set_lang(game.id, HOST, "fr")
    assert info.value.key == "table.option_invalid"
    record = await svc.set_lang(game.id, HOST, "ko")
    assert record.lang == "ko" and record.settings["lang"] == "ko"
    await svc.start(game.id, HOST)
    record = await svc.set_lang(game.id, HOST, "en")
    assert record.settings["lang"] == "en" and record.status == "running"


class _Clock:
    def __init__(self) -> None:
        self.now = datetime(2026, 5, 1, tzinfo=UTC)

    def __call__(self) -> datetime:
        return self.now


async def test_tick_prunes_interactions_at_most_once_an_hour() -> None:
    calls: list[datetime] = []

    async def forget(before: datetime) -> int:
        calls.append(before)
        return 3

    async def tick() -> list:
        return []

    clock = _Clock()
    bot = SimpleNamespace(
        clock=clock, store=SimpleNamespace(forget_interactions=forget),
        table=SimpleNamespace(tick=tick), settings=SimpleNamespace(tick_seconds=5),
    )
    cog = RemindersCog(bot)  # type: ignore[arg-type]
    await cog.tick()
    assert calls == [clock.now - timedelta(days=1)]
    clock.now += timedelta(minutes=59)
    await cog.tick()
    assert len(calls) == 1
    clock.now += timedelta(minutes=2)
    await cog.tick()
    assert calls[-1] == clock.now - timedelta(days=1) and len(calls) == 2


async def test_forget_interactions_on_the_real_store(tmp_path) -> None:
    store = await open_store(tmp_path / "f.db")
    try:
        assert await store.forget_interactions(datetime.now(UTC) + timedelta(days=1)) == 0
    finally:
        await store.close()


async def test_start_never_drops_a_join_from_another_process(two_services) -> None:
    a, b = two_services
    game = await a.new_game("example", guild_id=1, channel_id=10, host_id=HOST, lang="en")
    await a.join(game.id, BOB)
    original = b.store.get_game
    gate, landed = asyncio.Event(), asyncio.Event()

    async def slow_read(game_id):
        record = await original(game_id)
        gate.set()
        await asyncio.wait_for(landed.wait(), 60)  # held until a's join has landed
        return record

    b.store.get_game = slow_read  # type: ignore[method-assign]
    task = asyncio.create_task(b.start(game.id, HOST))
    await gate.wait()
    await a.join(game.id, CAROL)  # lands between b's read and b's start
    b.store.get_game = original  # type: ignore[method-assign]
    landed.set()
    with pytest.raises(Refusal) as info:
        await task
    assert info.value.key == "table.stale"
    assert (await a.store.get_game(game.id)).status == "lobby"
    out = await b.start(game.id, HOST)
    assert sorted(out.game.seats) == sorted([HOST, BOB, CAROL])
