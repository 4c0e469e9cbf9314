"""Schedules (reminders, deadlines), posted message refs and user preferences."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta, timezone

import pytest

from storage import GameNotFound, MessageRef, Schedule, SqliteStore

from .conftest import ALICE, BOB, FakeClock, running_game


async def test_set_schedule_upserts_per_game_and_kind(store: SqliteStore, clock: FakeClock) -> None:
    game = await running_game(store)
    first = clock.now + timedelta(hours=12)
    await store.set_schedule(game.id, "reminder", first, {"seat": 1})
    await store.set_schedule(game.id, "deadline", first + timedelta(days=2))
    moved = first + timedelta(hours=1)
    await store.set_schedule(game.id, "reminder", moved, {"seat": 2})
    assert await store.schedules(game.id) == [
        Schedule(game_id=game.id, kind="reminder", due_at=moved, data={"seat": 2}),
        Schedule(game_id=game.id, kind="deadline", due_at=first + timedelta(days=2), data={}),
    ]


async def test_due_schedules_in_time_order_across_games(
    store: SqliteStore, clock: FakeClock
) -> None:
    a = await running_game(store)
    b = await running_game(store)
    now = clock.now
    await store.set_schedule(a.id, "deadline", now + timedelta(minutes=10))
    await store.set_schedule(b.id, "reminder", now - timedelta(minutes=5))
    await store.set_schedule(a.id, "reminder", now)
    due = await store.due_schedules(now)
    assert [(s.game_id, s.kind) for s in due] == [(b.id, "reminder"), (a.id, "reminder")]
    later = await store.due_schedules(now + timedelta(minutes=10))
    assert len(later) == 3


async def test_times_are_compared_in_utc_whatever_the_offset(store: SqliteStore) -> None:
    game = await running_game(store)
    seoul = timezone(timedelta(hours=9))
    due = datetime(2026, 3, 2, 9, 0, tzinfo=seoul)  # 00:00 UTC
    await store.set_schedule(game.id, "reminder", due)
    [stored] = await store.schedules(game.id)
    assert stored.due_at == due and stored.due_at.tzinfo == UTC
    assert await store.due_schedules(datetime(2026, 3, 1, 23, 59, tzinfo=UTC)) == []
    # 08:59 in Seoul is still before the deadline; 09:00 in Seoul is the deadline.
    assert await store.due_schedules(datetime(2026, 3, 2, 8, 59, tzinfo=seoul)) == []
    assert len(await store.due_schedules(datetime(2026, 3, 2, 0, 0, tzinfo=UTC))) == 1


async def test_naive_datetimes_are_refused(store: SqliteStore) -> None:
    game = await running_game(store)
    with pytest.raises(ValueError):
        await store.set_schedule(game.id, "reminder", datetime(2026, 3, 2, 9, 0))
    with pytest.raises(ValueError):
        await store.due_schedules(datetime(2026, 3, 2, 9, 0))


async def test_clear_schedule(store: SqliteStore, clock: FakeClock) -> None:
    game = await running_game(store)
    other = await running_game(store)
    for g in (game, other):
        await store.set_schedule(g.id, "reminder", clock.now)
        await store.set_schedule(g.id, "deadline", clock.now)
    await store.clear_schedule(game.id, "reminder")
    assert [s.kind for s in await store.schedules(game.id)] == ["deadline"]
    await store.clear_schedule(game.id)
    assert await store.schedules(game.id) == []
    assert len(await store.schedules(other.id)) == 2


async def test_schedule_for_missing_game(store: SqliteStore, clock: FakeClock) -> None:
    with pytest.raises(GameNotFound):
        await store.set_schedule(999, "reminder", clock.now)


async def test_messages_recorded_filtered_and_updated(store: SqliteStore) -> None:
    game = await running_game(store)
    lobby = MessageRef(game_id=game.id, channel_id=60, message_id=10, kind="lobby")
    prompt = MessageRef(
        game_id=game.id, channel_id=60, message_id=12, kind="prompt", seat=1, decision_key="r1.a"
    )
    dm = MessageRef(game_id=game.id, channel_id=99, message_id=11, kind="dm_prompt", seat=2)
    for ref in (prompt, lobby, dm):
        await store.record_message(ref)
    assert await store.messages(game.id) == [lobby, dm, prompt]  # snowflake (time) order
    assert await store.messages(game.id, "prompt") == [prompt]
    edited = prompt.model_copy(update={"decision_key": "r1.b"})
    await store.record_message(edited)
    assert await store.messages(game.id, "prompt") == [edited]
    assert await store.messages(game.id + 1) == []
    with pytest.raises(GameNotFound):
        await store.record_message(MessageRef(game_id=999, channel_id=1, message_id=5, kind="x"))


async def test_user_prefs_merge(store: SqliteStore) -> None:
    assert await store.get_user(ALICE) == {}
    await store.set_user(ALICE, locale="ko")
    await store.set_user(ALICE, dms_closed=True)
    await store.set_user(BOB, locale="en-US")
    assert await store.get_user(ALICE) == {"locale": "ko", "dms_closed": True}
    await store.set_user(ALICE, dms_closed=False)
    assert await store.get_user(ALICE) == {"locale": "ko", "dms_closed": False}
    assert await store.get_user(BOB) == {"locale": "en-US"}
