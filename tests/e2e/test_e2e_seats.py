"""Substitutes and vacations through the real bot and discord.py, against the stand-in: a
Citadels player is substituted mid-round (her secret choice and view reach the newcomer
only, her old buttons refuse), another goes away and comes back, and the game plays on."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

import rules
from bot.i18n import t
from storage.sqlite import open_store
from tests.e2e.driver import Driver
from tests.e2e.harness import Server, open_citadels, running_server

PLAYERS = [
    ("alice", "en-US", True),
    ("bob", "ko", True),
    ("carol", "en-US", True),
    ("dave", "en-US", True),
    ("erin", "en-US", True),  # a member who is not playing yet
]


async def stored(server: Server):
    store = await open_store(server.db_path)
    try:
        return await store.get_game(1)
    finally:
        await store.close()


async def private_seat(server: Server) -> int | None:
    """The seat (not the host's) of the game's open private decision, if there is one."""
    record = await stored(server)
    engine = rules.get_engine(record.game)
    seats = [d.seat for d in engine.decisions(record.snapshot) if d.private and d.seat != 0]
    return seats[0] if seats else None


async def test_substitute_mid_round_and_away_and_back(tmp_path) -> None:
    async with running_server(tmp_path, PLAYERS) as server:
        await server.start_bot()
        alice, bob, carol, dave, erin = server.users
        seated = [alice, bob, carol, dave]
        server.users = seated  # erin stays out of the lobby
        thread = await open_citadels(server)
        server.users = [*seated, erin]
        driver = Driver(server, seated, seed=5)
        for _ in range(40):
            seat = await private_seat(server)
            if seat is not None:
                break
            await driver.play(1)
        assert seat is not None, "no secret choice of a guest came up"
        old = seated[seat]
        await server.settle()
        old_dms = len(old.dms())
        old_prompt = next(m for m in reversed(old.dms()) if m.components)

        # not the host: refused in his own language; nothing changes
        other = next(u for u in seated if u not in (alice, old))
        refused = await other.slash("game substitute", thread, player=old, newcomer=erin)
        await refused.wait_messages(1)
        await server.settle()
        assert (await stored(server)).seats[seat] == old.id
        lang = "ko" if other is bob else "en"
        assert any(
            m.content == t("table.not_host", lang, host=alice.mention)
            for m in other.ephemerals(thread)
        )
        # a seated member cannot take a second seat
        refused = await alice.slash("game substitute", thread, player=old, newcomer=other)
        await refused.wait_messages(1)
        assert any(
            m.content == t("table.member_seated", "en", user=other.mention)
            for m in alice.ephemerals(thread)
        )

        dms_before = {u.id: len(u.dms()) for u in server.users}
        done = await alice.slash("game substitute", thread, player=old, newcomer=erin)
        await done.wait_messages(1)
        await server.settle()
        record = await stored(server)
        assert record.seats[seat] == erin.id and old.id not in record.seats
        notice = t("table.substituted", "en", seat=seat + 1, old=old.mention, new=erin.mention)
        assert any(m.content.startswith(notice) for m in server.twin.messages(thread))
        # the seat's secret choice reaches the newcomer, by DM, and nobody else: the same
        # choices (the same custom ids) the old player had
        assert len(old.dms()) == old_dms
        assert {u.id: len(u.dms()) for u in server.users if u is not erin} == {
            u.id: n for u in server.users if u is not erin for n in [dms_before[u.id]]
        }
        [given] = [m for m in erin.dms() if m.components]
        ids = sorted(c["custom_id"] for c in given.iter_components() if c.get("custom_id"))
        assert ids == sorted(
            c["custom_id"] for c in old_prompt.iter_components() if c.get("custom_id")
        )
        # the old player's buttons now refuse: the seat's choice is the newcomer's
        lang = "ko" if old is bob else "en"
        button = next(c for c in old_prompt.iter_components() if c.get("custom_id"))
        click = await old.click(old_prompt, custom_id=button["custom_id"])
        await click.wait_ack(60)
        await server.settle()
        mine = t("discord.not_your_choice", lang, user=erin.mention)  # the seat is hers now
        assert any(m.content == mine for m in old.ephemerals())
        assert (await stored(server)).seats[seat] == erin.id

        # /game log tells the hand-over between the moves
        reply = await alice.slash("game log", thread)
        await reply.wait_messages(1)
        await server.settle()
        logged = "\n".join(m.content for m in alice.ephemerals(thread))
        assert (
            t("table.log_substituted", "en", seat=seat + 1, old=old.mention, new=erin.mention)
            in logged
        )

        # a player goes away, and comes back early: the thread is told both times
        away = next(u for u in seated if u not in (alice, old, bob))
        until = (datetime.now(UTC) + timedelta(days=3)).date().isoformat()
        reply = await away.slash("away", thread, until=until)
        await reply.wait_messages(1)
        await server.settle()
        told = t("table.away", "en", user=away.mention, date=until)
        assert sum(m.content.startswith(told) for m in server.twin.messages(thread)) == 1
        assert (await stored(server)).settings[f"away.{away.id}"]
        late = (datetime.now(UTC) - timedelta(days=2)).date().isoformat()
        refused = await away.slash("away", thread, until=late)
        await refused.wait_messages(1)
        assert any(
            m.content == t("table.away_past", "en", date=late) for m in away.ephemerals(thread)
        )
        reply = await away.slash("back", thread)
        await reply.wait_messages(1)
        await server.settle()
        back = t("table.back", "en", user=away.mention)
        assert any(m.content.startswith(back) for m in server.twin.messages(thread))
        assert (await stored(server)).settings[f"away.{away.id}"] is None

        # the game plays on to the end with the newcomer in the seat
        driver.users = [u for u in seated if u is not old] + [erin]
        await driver.play_to_end()
        assert any(name == "erin" for name, _, _ in driver.log)
        record = await stored(server)
        assert record.status == "finished" and record.seats[seat] == erin.id
