"""Platform gaps closed: votes safe across processes, seat options, list options, /game option."""

from __future__ import annotations

import asyncio

import pytest

from bot.table import Refusal, TableService
from storage import open_store
from tests.bot.fake_engine import register_fake

HOST, BOB, CAROL, DAVE = 101, 102, 103, 104


@pytest.fixture
async def two_services(tmp_path, monkeypatch):
    """Two table services on two stores of one file: two bot processes."""
    register_fake(monkeypatch)
    one = await open_store(tmp_path / "shared.db")
    two = await open_store(tmp_path / "shared.db")
    yield TableService(one), TableService(two)
    await one.close()
    await two.close()


async def running(svc: TableService, *players: int) -> int:
    game = await svc.new_game("fake", guild_id=1, channel_id=10, host_id=HOST, lang="en")
    for p in players:
        await svc.join(game.id, p)
    await svc.start(game.id, HOST)
    return game.id


def stale_reads(svc: TableService) -> tuple[asyncio.Event, callable]:
    """Make svc's next reads slow, so another process writes between its read and write."""
    original = svc.store.get_game
    gate = asyncio.Event()

    async def slow_read(game_id):
        record = await original(game_id)
        gate.set()
        await asyncio.sleep(0.05)
        return record

    svc.store.get_game = slow_read  # type: ignore[method-assign]

    def restore() -> None:
        svc.store.get_game = original  # type: ignore[method-assign]

    return gate, restore


async def test_votes_through_two_processes_are_never_lost(two_services) -> None:
    a, b = two_services
    gid = await running(a, BOB, CAROL, DAVE)  # 4 seats: 3 votes needed
    gate, restore = stale_reads(b)
    task = asyncio.create_task(b.vote_abandon(gid, BOB))
    await gate.wait()
    await a.vote_abandon(gid, CAROL)  # lands between b's read and b's write
    restore()
    out = await task
    assert out.notice == ("vote_recorded", {"votes": 2, "needed": 3})
    record = await a.store.get_game(gid)
    assert sorted(record.settings["abandon_votes"]) == [1, 2]
    assert record.status == "running"
    out = await a.vote_abandon(gid, DAVE)
    assert out.notice == ("abandoned", {"votes": 3, "seats": 4})
    assert (await b.store.get_game(gid)).status == "abandoned"
    assert await a.store.schedules(gid) == []


async def test_a_withdrawal_never_erases_another_processes_vote(two_services) -> None:
    a, b = two_services
    gid = await running(a, BOB, CAROL, DAVE)
    await a.vote_abandon(gid, BOB)
    gate, restore = stale_reads(b)
    task = asyncio.create_task(b.withdraw_vote(gid, BOB))
    await gate.wait()
    await a.vote_abandon(gid, CAROL)
    restore()
    out = await task
    assert out.notice == ("vote_withdrawn", {"votes": 1, "needed": 3})
    assert (await a.store.get_game(gid)).settings["abandon_votes"] == [2]


async def test_a_vote_on_a_game_finished_meanwhile_changes_nothing(two_services) -> None:
    a, b = two_services
    gid = await running(a, BOB)
    gate, restore = stale_reads(b)
    task = asyncio.create_task(b.vote_abandon(gid, BOB))
    await gate.wait()
    await a.store.set_status(gid, "finished")
    restore()
    with pytest.raises(Refusal) as info:
        await task
    assert info.value.key == "game_over"
    record = await a.store.get_game(gid)
    assert record.status == "finished" and "abandon_votes" not in record.settings
