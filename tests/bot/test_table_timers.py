"""Reminders and turn deadlines with an injected clock, across store restarts."""

from __future__ import annotations

from datetime import datetime, timedelta
from types import SimpleNamespace

import pytest

from bot.table import Outcome, Refusal, Reminder, TableService, TimerSettings
from bot.table_secrets import secret_move
from storage import open_store
from tests.bot.example_tables import T0, Clock

HOST, BOB = 301, 302



@pytest.fixture
async def reopen(example_game):
    """reopen(path, clock, old_service): close the old store, open a new one on the file."""
    services: list[TableService] = []

    async def reopen_(path, clock, old=None):
        if old is not None:
            await old.store.close()
        services.append(TableService(await open_store(path), clock=clock))
        return services[-1]

    yield reopen_
    for svc in services:  # an open aiosqlite thread would keep pytest from exiting
        await svc.store.close()


async def due(svc: TableService) -> dict[str, datetime]:
    return {s.kind: s.due_at for s in await svc.store.schedules(1)}


async def start_two(svc: TableService) -> int:
    game = await svc.new_game("example", guild_id=1, channel_id=1, host_id=HOST)
    await svc.join(game.id, BOB)
    await svc.start(game.id, HOST)
    return game.id


async def test_reminders_across_restarts(tmp_path, reopen):
    path, clock = tmp_path / "timers.db", Clock()
    svc = await reopen(path, clock)
    gid = await start_two(svc)
    assert await due(svc) == {"reminder": T0 + timedelta(hours=24)}  # no deadline by default

    svc = await reopen(path, clock, svc)
    clock.at(23)
    assert await svc.tick() == []

    clock.at(25)
    svc = await reopen(path, clock, svc)
    [reminder] = await svc.tick()
    assert isinstance(reminder, Reminder)
    assert reminder.user_ids == [HOST, BOB] and reminder.count == 1 and reminder.hours == 25
    assert await svc.tick() == []  # not twice
    assert (await due(svc))["reminder"] == T0 + timedelta(hours=48)

    clock.at(26)
    await svc.act(gid, HOST, "pick 1")  # Bob's pick keeps its age while the host acts
    assert (await due(svc))["reminder"] == T0 + timedelta(hours=48)

    clock.at(47)
    svc = await reopen(path, clock, svc)
    assert await svc.tick() == []
    clock.at(49)
    svc = await reopen(path, clock, svc)
    [reminder] = await svc.tick()
    assert reminder.user_ids == [BOB] and reminder.count == 2 and reminder.hours == 49

    clock.at(50)
    out = await svc.act(gid, BOB, "pick 2")  # the host's public turn opens now
    assert [p.user_id for p in out.prompts] == [HOST]
    assert (await due(svc))["reminder"] == T0 + timedelta(hours=74)


async def test_deadline_plays_the_timeout_move_after_a_restart(tmp_path, reopen):
    path, clock = tmp_path / "deadline.db", Clock()
    svc = await reopen(path, clock)
    gid = await start_two(svc)
    with pytest.raises(Refusal) as info:
        await svc.set_timers(gid, BOB, deadline_hours=30)
    assert info.value.key == "table.not_host"
    with pytest.raises(Refusal) as info:
        await svc.set_timers(gid, HOST, deadline_hours=-1)
    assert info.value.key == "table.timers_invalid"
    await svc.set_timers(gid, HOST, deadline_hours=30, remind_after_hours=100)
    assert (await due(svc))["deadline"] == T0 + timedelta(hours=30)

    clock.at(10)
    await svc.act(gid, HOST, "pick 3")
    svc = await reopen(path, clock, svc)
    clock.at(29)
    assert await svc.tick() == []
    clock.at(31)
    svc = await reopen(path, clock, svc)
    results = await svc.tick()
    outcomes = [r for r in results if isinstance(r, Outcome)]
    assert len(outcomes) == 1
    out = outcomes[0]
    # the thread is told that time ran out, never which secret pick was made
    assert out.automatic and out.notice == ("table.timeout_move", {"user": f"<@{BOB}>",
                                                             "move": secret_move()})
    [last] = (await svc.store.actions(gid))[-1:]
    assert (last.seat, last.action, last.user_id) == (1, {"type": "pick", "value": 1}, None)
    assert out.game.snapshot["seats"][1]["secret"]["pick"] == 1
    # the host's new public turn has a fresh deadline from now
    assert (await due(svc))["deadline"] == T0 + timedelta(hours=61)
    assert await svc.tick() == []

    clock.at(62)
    results = await svc.tick()
    moves = [r for r in results if isinstance(r, Outcome)]
    assert [m.notice[1]["move"] for m in moves] == ["pass"]
    assert (await svc.store.get_game(gid)).snapshot["turn"] == 1


async def test_finished_and_abandoned_games_have_no_timers(tmp_path, reopen):
    clock = Clock()
    svc = await reopen(tmp_path / "done.db", clock)
    gid = await start_two(svc)
    await svc.vote_abandon(gid, HOST)
    await svc.vote_abandon(gid, BOB)
    assert await svc.store.schedules(gid) == []
    clock.at(500)
    assert await svc.tick() == []


async def test_per_game_and_service_defaults(tmp_path, reopen):
    clock = Clock()
    store = (await reopen(tmp_path / "defaults.db", clock)).store
    # the adapter's Settings names; 0 hours of deadline means none
    settings = SimpleNamespace(
        reminder_after_hours=2, reminder_every_hours=1, turn_deadline_hours=0
    )
    svc = TableService(store, clock=clock, settings=settings)
    assert svc.timers == TimerSettings(remind_after_hours=2, remind_every_hours=1)
    gid = await start_two(svc)
    assert await due(svc) == {"reminder": T0 + timedelta(hours=2)}
    await svc.set_timers(gid, HOST, remind_after_hours=5, deadline_hours=8)
    assert await due(svc) == {
        "reminder": T0 + timedelta(hours=5),
        "deadline": T0 + timedelta(hours=8),
    }
    await svc.set_timers(gid, HOST, clear_deadline=True)
    assert set(await due(svc)) == {"reminder"}


async def test_a_broken_game_does_not_stop_the_others(tmp_path, reopen):
    clock = Clock()
    svc = await reopen(tmp_path / "broken.db", clock)
    good = await start_two(svc)
    bad = await start_two(svc)
    # a snapshot the engine cannot read (say, written by an incompatible engine version)
    await svc.store.append_action(
        bad, expected_version=0, seat=0, action={"type": "pick", "value": 1}, snapshot={"x": 1}
    )
    clock.at(25)
    items = await svc.tick()
    assert [(type(i).__name__, i.game.id) for i in items] == [("Reminder", good)]
