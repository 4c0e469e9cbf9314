"""Timer hours a host can type: past a year (1e9, infinity) is refused in both languages and
changes nothing; hours stored before that bound still let the game go on."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

import pytest

from bot import table_timers
from bot.i18n import t
from bot.table import Refusal, TableService
from storage import open_store

HOST, BOB = 301, 302
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@pytest.fixture
async def svc(tmp_path, example_game):
    service = TableService(await open_store(tmp_path / "t.db"), clock=lambda: T0)
    yield service
    await service.store.close()


async def start_two(svc: TableService) -> int:
    game = await svc.new_game("example", guild_id=1, channel_id=1, host_id=HOST)
    await svc.join(game.id, BOB)
    await svc.start(game.id, HOST)
    return game.id


@pytest.mark.parametrize("field", ["remind_after_hours", "remind_every_hours",
                                   "deadline_hours"])
@pytest.mark.parametrize("hours", [1e9, math.inf, 24 * 366 + 1])
async def test_hours_past_a_year_are_refused_and_change_nothing(svc, field, hours) -> None:
    gid = await start_two(svc)
    before = await svc.store.get_game(gid)
    schedules = await svc.store.schedules(gid)
    with pytest.raises(Refusal) as info:
        await svc.set_timers(gid, HOST, **{field: hours})
    assert info.value.key == "table.timers_too_long"
    after = await svc.store.get_game(gid)
    assert after.settings == before.settings
    assert await svc.store.schedules(gid) == schedules
    await svc.act(gid, HOST, "pick 3")  # the game goes on


@pytest.mark.parametrize("hours", [math.nan, -1, 0])
async def test_hours_that_are_no_positive_number_are_refused(svc, hours) -> None:
    gid = await start_two(svc)
    with pytest.raises(Refusal) as info:
        await svc.set_timers(gid, HOST, deadline_hours=hours)
    assert info.value.key == "table.timers_invalid"


async def test_a_year_is_accepted(svc) -> None:
    gid = await start_two(svc)
    await svc.set_timers(gid, HOST, deadline_hours=table_timers.MAX_HOURS)
    due = {s.kind: s.due_at for s in await svc.store.schedules(gid)}
    assert due["deadline"] == T0 + timedelta(hours=table_timers.MAX_HOURS)


@pytest.mark.parametrize("hours", [1e9, math.inf])
async def test_hours_stored_before_the_bound_do_not_stick_the_game(svc, hours) -> None:
    gid = await start_two(svc)
    await svc.store.update_settings(gid, {"deadline_hours": hours,
                                          "remind_every_hours": hours})
    await svc.act(gid, HOST, "pick 3")  # rescheduled: the due times are capped, no overflow
    await svc.act(gid, BOB, "pick 1")
    due = {s.kind: s.due_at for s in await svc.store.schedules(gid)}
    assert due["deadline"] == T0 + timedelta(hours=table_timers.MAX_HOURS)


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_refusal_says_the_limit_in_both_languages(lang) -> None:
    text = t("table.timers_too_long", lang, max=table_timers.MAX_HOURS)
    assert str(table_timers.MAX_HOURS) in text and text != "table.timers_too_long"
