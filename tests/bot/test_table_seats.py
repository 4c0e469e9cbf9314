"""Substitutes and vacations through the table service: hand-overs (host, admin, a player's
offer) with their refusals, and away/back pausing reminders and deadlines."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta

import pytest

from bot.i18n import lookup
from bot.table import Outcome, Refusal, Reminder, TableService
from rules.core import dump_state
from storage import open_store
from tests.bot.example_tables import T0, Clock

HOST, BOB, CAROL, DAN, EVE = 301, 302, 303, 304, 305



@pytest.fixture
async def svc(tmp_path):
    service = TableService(await open_store(tmp_path / "seats.db"), clock=Clock())
    yield service
    await service.store.close()


async def refused(call, key: str, svc: TableService, gid: int) -> Refusal:
    """The call refuses with `key`, explained in both languages, and changes nothing."""
    before = await svc.store.get_game(gid)
    with pytest.raises(Refusal) as info:
        await call
    assert info.value.key == key
    assert lookup(key, "en") and lookup(key, "ko")
    after = await svc.store.get_game(gid)
    assert (after.seats, after.version, after.settings, dump_state(after.snapshot)) == (
        before.seats,
        before.version,
        before.settings,
        dump_state(before.snapshot),
    )
    return info.value


async def citadels(svc: TableService) -> int:
    game = await svc.new_game("citadels", guild_id=7, channel_id=70, host_id=HOST, lang="en")
    for user in (BOB, CAROL, DAN):
        await svc.join(game.id, user)
    out = await svc.start(game.id, HOST)
    return out.game.id


async def play_one(svc: TableService, gid: int) -> None:
    prompt = (await svc.open_prompts(gid))[0]
    await svc.act(gid, prompt.user_id, prompt.decision.choices[0].action)


async def test_host_substitutes_a_player_mid_game(svc):
    pytest.importorskip("rules.citadels")
    gid = await citadels(svc)
    for _ in range(2):
        await play_one(svc, gid)
    game = await svc.store.get_game(gid)
    seat = next(p.seat for p in await svc.open_prompts(gid) if p.private)
    old = game.seats[seat]
    engine = svc.engine("citadels")
    secret_view = engine.view(game.snapshot, seat)
    assert secret_view != engine.view(game.snapshot, None)

    # refusals: each explained, nothing changed
    other = next(u for u in game.seats if u not in (HOST, old))
    await refused(svc.substitute(gid, other, old, EVE), "table.not_host", svc, gid)
    await refused(svc.substitute(gid, HOST, EVE, 999), "table.seat_unknown", svc, gid)
    info = await refused(svc.substitute(gid, HOST, old, other), "table.member_seated", svc, gid)
    assert info.params == {"user": f"<@{other}>"}
    await refused(svc.substitute(gid, HOST, old, old), "table.member_seated", svc, gid)

    out = await svc.substitute(gid, HOST, old, EVE)
    assert out.game.seats[seat] == EVE and old not in out.game.seats
    assert out.game.version == game.version  # not a move
    assert out.notice == (
        "table.substituted",
        {"seat": seat + 1, "old": f"<@{old}>", "new": f"<@{EVE}>"},
    )
    # the newcomer gets the seat's open private prompts and its private view
    assert out.prompts and {(p.seat, p.user_id) for p in out.prompts} == {(seat, EVE)}
    assert any(p.private for p in out.prompts)
    assert await svc.view(gid, EVE) == secret_view
    assert await svc.view(gid, old) == engine.view(game.snapshot, None)
    prompt = next(p for p in out.prompts if p.private)
    choice = prompt.decision.choices[0].action
    await refused(svc.act(gid, old, choice), "table.not_seated", svc, gid)
    await svc.act(gid, EVE, choice)
    assert (await svc.store.actions(gid))[-1].user_id == EVE

    # the log tells the hand-over after the moves before it, in both languages
    for lang, words in (("en", "took over"), ("ko", "이어받았습니다")):
        lines = await svc.log(gid, lang)
        assert len(lines) == 4
        assert words in lines[2] and f"<@{EVE}>" in lines[2] and f"<@{old}>" in lines[2]
        assert words not in "".join(lines[:2] + lines[3:])


async def test_an_admin_may_substitute_and_a_finished_game_refuses(svc):
    pytest.importorskip("rules.citadels")
    gid = await citadels(svc)
    out = await svc.substitute(gid, DAN, CAROL, EVE, admin=True)  # not the host, an admin
    assert out.game.seats == [HOST, BOB, EVE, DAN]
    [change] = await svc.store.seat_changes(gid)
    assert (change.version, change.old_user, change.new_user, change.by_user) == (
        0,
        CAROL,
        EVE,
        DAN,
    )
    assert (await svc.log(gid, "en"))[0].startswith("Seat 3")
    await svc.store.set_status(gid, "abandoned")
    await refused(svc.substitute(gid, HOST, BOB, 999), "table.game_over", svc, gid)


async def test_a_player_offers_her_seat_and_a_member_takes_it(svc):
    pytest.importorskip("rules.citadels")
    gid = await citadels(svc)
    await refused(svc.take_seat(gid, EVE), "table.no_seat_offer", svc, gid)
    await refused(svc.offer_seat(gid, EVE), "table.not_seated", svc, gid)
    await refused(svc.offer_seat(gid, BOB, withdraw=True), "table.no_seat_offer", svc, gid)
    out = await svc.offer_seat(gid, BOB)
    assert out.notice == ("table.seat_offered", {"user": f"<@{BOB}>"})
    await refused(svc.offer_seat(gid, CAROL), "table.seat_offer_open", svc, gid)
    await refused(svc.take_seat(gid, CAROL), "table.member_seated", svc, gid)
    out = await svc.offer_seat(gid, BOB, withdraw=True)
    assert out.notice[0] == "table.seat_offer_withdrawn"
    await refused(svc.take_seat(gid, EVE), "table.no_seat_offer", svc, gid)
    await svc.offer_seat(gid, BOB)
    out = await svc.take_seat(gid, EVE)
    assert out.game.seats == [HOST, EVE, CAROL, DAN]
    assert out.game.settings.get("seat_offer") is None  # taken: no longer on offer
    [change] = await svc.store.seat_changes(gid)
    assert (change.old_user, change.new_user, change.by_user) == (BOB, EVE, EVE)


async def start_example(svc: TableService) -> int:
    game = await svc.new_game("example", guild_id=1, channel_id=1, host_id=HOST)
    await svc.join(game.id, BOB)
    await svc.start(game.id, HOST)
    return game.id


async def due(svc: TableService, gid: int) -> dict[str, datetime]:
    return {s.kind: s.due_at for s in await svc.store.schedules(gid)}


async def test_away_pauses_reminders_and_deadlines_until_back(svc, example_game):
    clock = svc.clock
    gid = await start_example(svc)
    lobby = await svc.new_game("example", guild_id=1, channel_id=2, host_id=CAROL)
    await svc.join(lobby.id, BOB)
    await svc.set_timers(gid, HOST, deadline_hours=30, remind_after_hours=10)
    clock.at(1)
    await svc.act(gid, HOST, "pick 3")  # the game now waits on Bob's secret pick only
    assert await svc.away_status(gid) is None
    clock.at(2)

    # refusals: a past date, the host's maximum, only the host sets it
    with pytest.raises(Refusal) as info:
        await svc.away(BOB, date(2026, 2, 28))
    assert info.value.key == "table.away_past"
    await refused(svc.set_away_limit(gid, BOB, 2), "table.not_host", svc, gid)
    await refused(svc.set_away_limit(gid, HOST, 0), "table.away_limit_invalid", svc, gid)
    await svc.set_away_limit(gid, HOST, 2)
    with pytest.raises(Refusal) as info:
        await svc.away(BOB, date(2026, 3, 4))
    assert (info.value.key, info.value.params) == (
        "table.away_too_long",
        {"game_id": gid, "days": 2},
    )
    assert (await svc.store.get_user(BOB)).get("away_until") is None
    with pytest.raises(Refusal) as info:
        await svc.back(BOB)
    assert info.value.key == "table.not_away"
    await svc.set_away_limit(gid, HOST, 5)

    # away through March 4: one notice, for the running game only
    outs = await svc.away(BOB, date(2026, 3, 4))
    assert [(o.game.id, o.notice) for o in outs] == [
        (gid, ("table.away", {"user": f"<@{BOB}>", "date": "2026-03-04"}))
    ]
    back_at = datetime(2026, 3, 5, tzinfo=UTC)
    assert await due(svc, gid) == {"reminder": back_at}  # no deadline while away
    assert await svc.away_status(gid) == (
        "table.waiting_on_away",
        {"users": f"<@{BOB}> (2026-03-04)"},
    )
    assert (await svc.store.get_game(lobby.id)).settings[f"away.{BOB}"] == back_at.isoformat()
    clock.at(20)  # past the reminder (10 h) and before the old deadline (30 h)
    assert await svc.tick() == []
    clock.at(31)  # past the old deadline: no timeout move
    assert await svc.tick() == []
    assert (await svc.store.get_game(gid)).version == 1

    # back early, at 31 h: 29 h paused; the reminder and deadline resume with what was left
    outs = await svc.back(BOB)
    assert [o.notice for o in outs] == [("table.back", {"user": f"<@{BOB}>"})]
    assert await svc.away_status(gid) is None
    assert await due(svc, gid) == {
        "reminder": T0 + timedelta(hours=29 + 10),
        "deadline": T0 + timedelta(hours=29 + 30),
    }
    clock.at(38)
    assert await svc.tick() == []
    clock.at(40)
    [reminder] = await svc.tick()
    assert isinstance(reminder, Reminder) and reminder.user_ids == [BOB]

    # away again through March 3 (ends March 4 00:00, 60 h): the end date resumes by itself
    clock.at(45)  # 14 h of the deadline left
    await svc.away(BOB, date(2026, 3, 3))
    clock.at(59)
    assert await svc.tick() == []
    clock.at(61)
    assert await svc.tick() == []  # resumed at 60 h: deadline at 74 h
    assert (await due(svc, gid))["deadline"] == T0 + timedelta(hours=74)
    clock.at(75)
    [out] = [r for r in await svc.tick() if isinstance(r, Outcome)]
    assert out.automatic and out.game.version == 2
    with pytest.raises(Refusal) as info:
        await svc.back(BOB)  # the date has passed
    assert info.value.key == "table.not_away"


async def test_a_newcomer_who_is_away_pauses_the_seat_she_takes(svc, example_game):
    gid = await start_example(svc)
    await svc.set_timers(gid, HOST, deadline_hours=30)
    await svc.act(gid, HOST, "pick 3")  # the game waits on Bob's seat only
    assert await svc.away(EVE, date(2026, 3, 5)) == []  # in no game: nothing to tell
    await svc.substitute(gid, HOST, BOB, EVE)
    assert "deadline" not in await due(svc, gid)
    await svc.back(EVE)
    assert (await due(svc, gid))["deadline"] == T0 + timedelta(hours=30)


async def test_a_player_away_before_her_game_starts_is_paused_from_the_start(svc, example_game):
    await svc.away(BOB, date(2026, 3, 3))  # in no game yet
    game = await svc.new_game("example", guild_id=1, channel_id=1, host_id=HOST)
    await svc.join(game.id, BOB)
    await svc.set_timers(game.id, HOST, deadline_hours=30)
    await svc.start(game.id, HOST)
    await svc.act(game.id, HOST, "pick 3")  # the game waits on Bob only
    assert await due(svc, game.id) == {"reminder": datetime(2026, 3, 4, tzinfo=UTC)}
    assert (await svc.away_status(game.id))[0] == "table.waiting_on_away"


def test_away_dates_are_read_as_iso_days_and_anything_else_is_explained():
    from bot.cogs.seats import parse_date

    assert parse_date(" 2026-03-04 ") == date(2026, 3, 4)
    for text in ("4 March", "2026-02-30", ""):
        with pytest.raises(Refusal) as info:
            parse_date(text)
        assert info.value.key == "table.away_date_invalid"
        assert info.value.params == {"date": text.strip()}
