"""Two bot processes on one database (two table services on two stores of it): a reminder or
a missed deadline is handled by one of them, and a process that dies after claiming a game's
timers hands them to the other when the lease ends."""

from __future__ import annotations

import asyncio
from datetime import timedelta

import pytest

from bot.table import Outcome, Reminder, TableService
from bot.table_tick import CLAIM_LEASE
from storage import open_store
from tests.bot.example_tables import T0, Clock

HOST, BOB = 301, 302



@pytest.fixture
async def two_processes(tmp_path, example_game):
    clock = Clock()
    one = TableService(await open_store(tmp_path / "shared.db"), clock=clock)
    two = TableService(await open_store(tmp_path / "shared.db"), clock=clock)
    game = await one.new_game("example", guild_id=1, channel_id=1, host_id=HOST)
    await one.join(game.id, BOB)
    await one.start(game.id, HOST)
    yield one, two, clock, game.id
    await one.store.close()
    await two.store.close()


def claim_together(*services: TableService) -> None:
    """Each service's tick claims its timers, then waits until every other one has claimed
    too: the worst interleaving, both reading the due timers before either handles them."""
    barrier = asyncio.Barrier(len(services))
    for svc in services:
        claim = svc.store.claim_due_schedules

        async def claimed_together(now, lease, claim=claim):
            timers = await claim(now, lease)
            await barrier.wait()
            return timers

        svc.store.claim_due_schedules = claimed_together


async def test_a_reminder_goes_out_from_one_process(two_processes) -> None:
    one, two, clock, _ = two_processes
    claim_together(one, two)
    clock.now = T0 + timedelta(hours=25)
    out = await asyncio.gather(one.tick(), two.tick())
    reminders = [r for results in out for r in results if isinstance(r, Reminder)]
    assert [r.user_ids for r in reminders] == [[HOST, BOB]]
    assert await asyncio.gather(one.tick(), two.tick()) == [[], []]


async def test_a_missed_deadline_is_played_once(two_processes) -> None:
    one, two, clock, gid = two_processes
    await one.set_timers(gid, HOST, deadline_hours=30, remind_after_hours=100)
    claim_together(one, two)
    clock.now = T0 + timedelta(hours=31)
    out = await asyncio.gather(one.tick(), two.tick())
    moves = [r for results in out for r in results if isinstance(r, Outcome)]
    # Both seats' picks time out: each is played once, by whichever process claimed the game.
    assert len(moves) == 2
    log = await one.store.actions(gid)
    assert [(a.seat, a.user_id) for a in log] == [(0, None), (1, None)]


async def test_timers_claimed_by_a_process_that_died_are_handled_by_the_other(
    two_processes,
) -> None:
    one, two, clock, _ = two_processes
    clock.now = T0 + timedelta(hours=25)
    # Process one claims the due reminder and dies before sending or rescheduling it.
    [claimed] = await one.store.claim_due_schedules(clock.now, CLAIM_LEASE)
    assert claimed.kind == "reminder"
    assert await two.tick() == []  # claimed: not sent twice
    clock.now += CLAIM_LEASE
    [reminder] = await two.tick()  # the lease ran out: not lost
    assert isinstance(reminder, Reminder) and reminder.user_ids == [HOST, BOB]
    assert await two.tick() == []
