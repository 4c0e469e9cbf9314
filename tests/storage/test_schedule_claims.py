"""Claiming due timers: each goes to one claimer, and comes back if its claimer dies."""

from __future__ import annotations

import asyncio
from datetime import timedelta
from pathlib import Path

from storage import Schedule, Store, open_store

from .conftest import FakeClock, running_game

LEASE = timedelta(minutes=5)


async def test_a_claim_returns_the_due_timers_and_hides_them_for_the_lease(
    store: Store, clock: FakeClock
) -> None:
    a, b = await running_game(store), await running_game(store)
    now = clock.now
    await store.set_schedule(b.id, "reminder", now - timedelta(hours=1), {"open": {"x": 1}})
    await store.set_schedule(a.id, "deadline", now, {})
    await store.set_schedule(a.id, "reminder", now + timedelta(minutes=1), {})
    claimed = await store.claim_due_schedules(now, LEASE)
    assert claimed == [  # as due_schedules gives them: oldest first, with their due times
        Schedule(game_id=b.id, kind="reminder", due_at=now - timedelta(hours=1),
                 data={"open": {"x": 1}}),
        Schedule(game_id=a.id, kind="deadline", due_at=now, data={}),
    ]
    assert await store.claim_due_schedules(now, LEASE) == []  # claimed once
    assert [s.kind for s in await store.schedules(a.id)] == ["reminder", "deadline"]
    assert (await store.schedules(b.id))[0].due_at == now + LEASE  # the lease, and its data
    assert (await store.schedules(b.id))[0].data == {"open": {"x": 1}}
    # The claimer died without rescheduling: the lease runs out and the timers are due again.
    later = now + LEASE
    again = await store.claim_due_schedules(later, LEASE)
    assert [(s.game_id, s.kind) for s in again] == [
        (a.id, "reminder"), (a.id, "deadline"), (b.id, "reminder")
    ]
    # A claimer that handled a timer reschedules it: the lease is gone.
    await store.set_schedule(b.id, "reminder", later + timedelta(hours=24), {})
    assert (await store.schedules(b.id))[0].due_at == later + timedelta(hours=24)


async def test_two_stores_claiming_at_once_share_the_timers_without_overlap(
    store: Store, db_path: Path, clock: FakeClock
) -> None:
    games = [await running_game(store) for _ in range(30)]
    for n, game in enumerate(games):
        await store.set_schedule(game.id, "reminder", clock.now - timedelta(seconds=n), {})
    other = await open_store(db_path)
    try:
        rounds = await asyncio.gather(*(
            s.claim_due_schedules(clock.now, LEASE) for s in (store, other, store, other)
        ))
    finally:
        await other.close()
    claimed = [s.game_id for claim in rounds for s in claim]
    assert sorted(claimed) == sorted(g.id for g in games)  # each once, none lost
