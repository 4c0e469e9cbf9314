"""Notification preferences (issue 15, points 6 and 8): how reminders reach a member, her
quiet hours (reminders wait, never dropped) and the note for the player everyone else has
decided for, through the table service with an injected clock."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import pytest

from bot import table_timers as timers_
from bot.table import Refusal, Reminder, TableService
from bot.table_prefs import quiet_until
from rules.core import Decision
from storage import open_store
from tests.bot.example_tables import T0, Clock  # T0 is 21:00 in Seoul

HOST, BOB = 401, 402



@pytest.fixture
async def svc(tmp_path, example_game):
    service = TableService(await open_store(tmp_path / "notify.db"), clock=Clock())
    yield service
    await service.store.close()


async def start_two(svc: TableService) -> int:
    game = await svc.new_game("example", guild_id=1, channel_id=1, host_id=HOST)
    await svc.join(game.id, BOB)
    await svc.start(game.id, HOST)
    return game.id


async def refused(call, key: str) -> dict:
    with pytest.raises(Refusal) as info:
        await call
    assert info.value.key == key
    return info.value.params


async def test_ping_by_default_then_dm_or_both_kept_across_games(svc) -> None:
    assert (await svc.notify_settings(BOB)).way == "ping"
    prefs = await svc.set_notify(BOB, "dm")
    assert (prefs.way, prefs.dm, prefs.thread) == ("dm", True, False)
    assert (await svc.set_notify(BOB, "both")).thread
    params = await refused(svc.set_notify(BOB, "pigeon"), "notify.way_unknown")
    assert params["ways"] == "ping, dm, both"
    assert (await svc.notify_settings(BOB)).way == "both"  # the refusal changed nothing
    assert (await svc.store.get_user(BOB))["notify"] == "both"  # in the member's prefs


async def test_preferences_stored_before_them_read_as_the_defaults(svc) -> None:
    # a member row as the bot wrote it before: her language and a closed DM only
    await svc.store.set_user(BOB, locale="ko", dms_closed=True)
    prefs = await svc.notify_settings(BOB)
    assert (prefs.way, prefs.quiet) == ("ping", None)
    await svc.set_quiet(BOB, "23:00", "06:00", "Europe/Paris")
    stored = await svc.store.get_user(BOB)
    assert stored["locale"] == "ko" and stored["dms_closed"] is True  # kept beside them
    await svc.store.set_user(BOB, notify="carrier pigeon", quiet={"start": "22:00"})
    assert await svc.notify_settings(BOB) == type(prefs)()  # unreadable: the defaults


async def test_quiet_hours_are_validated_with_an_explanation(svc) -> None:
    prefs = await svc.set_quiet(BOB, "22", "7:30", "asia/seoul")
    assert prefs.quiet == {"start": "22:00", "end": "07:30", "zone": "Asia/Seoul"}
    for zone in ("Mars/Olympus_Mons", "../../etc/passwd", "", "Seoul"):
        await refused(svc.set_quiet(BOB, "22:00", "07:00", zone), "notify.zone_unknown")
    for bad in ("25:00", "7pm", "12:60", "-1"):
        params = await refused(svc.set_quiet(BOB, bad, "07:00", "Europe/Paris"),
                               "notify.time_invalid")
        assert params == {"time": bad}
    await refused(svc.set_quiet(BOB, "08:00", "8", "Europe/Paris"), "notify.quiet_empty")
    assert (await svc.notify_settings(BOB)).quiet["zone"] == "Asia/Seoul"  # unchanged
    assert (await svc.clear_quiet(BOB)).quiet is None
    await refused(svc.clear_quiet(BOB), "notify.no_quiet")


def test_quiet_until_across_midnight_and_in_the_members_zone() -> None:
    quiet = {"start": "22:00", "end": "07:00", "zone": "Asia/Seoul"}  # UTC+9, no DST
    seoul = timedelta(hours=9)
    # 23:30 in Seoul: quiet until 07:00 the next morning there
    assert quiet_until(quiet, datetime(2026, 3, 1, 14, 30, tzinfo=UTC)) == datetime(
        2026, 3, 2, 7, 0, tzinfo=UTC) - seoul
    # 06:59 in Seoul: still quiet, until 07:00 that day
    assert quiet_until(quiet, datetime(2026, 3, 1, 21, 59, tzinfo=UTC)) == datetime(
        2026, 3, 2, 7, 0, tzinfo=UTC) - seoul
    assert quiet_until(quiet, datetime(2026, 3, 1, 22, 0, tzinfo=UTC)) is None  # 07:00
    day = {"start": "09:00", "end": "17:00", "zone": "Europe/Paris"}  # summer time: UTC+2
    assert quiet_until(day, datetime(2026, 7, 1, 8, 0, tzinfo=UTC)) == datetime(
        2026, 7, 1, 15, 0, tzinfo=UTC)
    assert quiet_until(day, datetime(2026, 7, 1, 15, 0, tzinfo=UTC)) is None
    assert quiet_until({**day, "zone": "No/Such_Zone"}, datetime(2026, 7, 1, 8, tzinfo=UTC)) \
        is None  # a zone stored, then gone from the database: no quiet hours, no crash


async def test_quiet_hours_hold_a_reminder_until_they_end(svc) -> None:
    gid = await start_two(svc)
    await svc.set_quiet(BOB, "20:00", "07:00", "Asia/Seoul")  # 11:00-22:00 UTC
    await svc.set_notify(HOST, "dm")
    svc.clock.at(25)  # 13:00 UTC = 22:00 in Seoul: Bob's quiet hours
    [reminder] = await svc.tick()
    assert isinstance(reminder, Reminder)
    assert reminder.user_ids == [HOST] and reminder.via == {HOST: "dm"}
    # Bob's reminder waits for 07:00 in Seoul (22:00 UTC), not for the next round
    schedule = {s.kind: s for s in await svc.store.schedules(gid)}["reminder"]
    assert timers_.aware(schedule.due_at) == T0 + timedelta(hours=34)
    svc.clock.at(33.9)
    assert await svc.tick() == []
    svc.clock.at(34)
    [reminder] = await svc.tick()
    assert reminder.user_ids == [BOB] and reminder.count == 1 and reminder.hours == 34
    assert reminder.via == {BOB: "ping"}
    assert await svc.tick() == []  # not twice
    svc.clock.at(40)  # the host's next reminder is a day after the first, as before
    assert await svc.tick() == []
    svc.clock.at(48)
    [reminder] = await svc.tick()
    assert reminder.user_ids == [HOST] and reminder.count == 2


async def test_the_last_undecided_player_is_told_everyone_else_has_decided(svc) -> None:
    gid = await start_two(svc)  # both pick secretly at once
    svc.clock.at(25)
    [both] = await svc.tick()
    assert both.user_ids == [HOST, BOB] and both.last == frozenset()
    svc.clock.at(26)
    await svc.act(gid, HOST, "pick 2")
    svc.clock.at(49)
    [alone] = await svc.tick()
    assert alone.user_ids == [BOB] and alone.last == frozenset({BOB})
    svc.clock.at(50)
    await svc.act(gid, BOB, "pick 1")  # now the host's own turn: nobody decided with her
    svc.clock.at(75)
    [turn] = await svc.tick()
    assert turn.user_ids == [HOST] and turn.last == frozenset()


def _decision(seat: int, kind: str, key: str) -> Decision:
    return Decision(seat=seat, kind=kind, key=key)


def test_only_decisions_of_one_kind_opened_together_are_peers() -> None:
    # an answer to an offer (one kind, two seats) opened beside another seat's turn
    opened = [_decision(0, "offer", "o0"), _decision(1, "offer", "o1"), _decision(2, "turn", "t")]
    tracked = timers_.track({}, opened, T0)
    assert tracked["o0"]["peers"] == [1] and "peers" not in tracked["t"]
    # both offers answered: the seat whose turn it is was not deciding with them
    assert timers_.last_seats(timers_.track(tracked, opened[2:], T0)) == set()
    # one offer left, beside the turn: two seats are still waited on
    assert timers_.last_seats(timers_.track(tracked, opened[1:], T0)) == set()
    assert timers_.last_seats(timers_.track(tracked, opened[1:2], T0)) == {1}
