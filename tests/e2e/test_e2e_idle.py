"""Idle players through the real bot and discord.py, against the stand-in: the host turns the
vote on, a Citadels player misses a deadline, the other players vote by buttons in the thread
(a member who is not playing and the idle player herself are refused, a second click too),
the seat is offered and a member claims it. Also /prefs, answered only to the member."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.i18n import t
from storage.sqlite import open_store
from tests.e2e.harness import Server, open_citadels, running_server

PLAYERS = [
    ("alice", "en-US", True),
    ("bob", "en-US", True),
    ("carol", "en-US", True),
    ("dave", "en-US", True),  # a member who is not playing
]


async def stored(server: Server):
    store = await open_store(server.db_path)
    try:
        return await store.get_game(1)
    finally:
        await store.close()


async def test_idle_vote_hands_the_seat_to_a_substitute(tmp_path) -> None:
    async with running_server(tmp_path, PLAYERS) as server:
        bot = await server.start_bot()
        alice, bob, carol, dave = server.users
        server.users = [alice, bob, carol]
        thread = await open_citadels(server)
        server.users = [alice, bob, carol, dave]

        refused = await bob.slash("game idle", thread, missed=1)  # the host's setting
        await refused.wait_messages(1)
        for command, options in (("game idle", {"missed": 1}), ("game settings",
                                                                {"deadline": 1.0})):
            reply = await alice.slash(command, thread, **options)
            await reply.wait_messages(1)
        await server.settle()
        assert any(m.content == t("table.not_host", "en", host=alice.mention)
                   for m in bob.ephemerals(thread))
        assert any(m.content == t("idle.after_set", "en", missed=1)
                   for m in alice.ephemerals(thread))
        assert (await stored(server)).settings["idle_after"] == 1

        # two hours on: the open decision's deadline has passed
        later = datetime.now(UTC) + timedelta(hours=2)
        bot.table.clock = lambda: later
        await bot.get_cog("Reminders").tick()
        await server.settle()
        vote = await server.twin.wait_for(lambda: next((
            m for m in server.twin.messages(thread)
            if any(c.get("custom_id", "").startswith("bgi:") for c in m.iter_components())),
            None), 30, "the idle vote")
        record = await stored(server)
        [seat] = [int(k.rsplit(".", 1)[1]) for k, v in record.settings.items()
                  if k.startswith("idle.vote.") and v]
        idle = next(u for u in server.users if u.id == record.seats[seat])
        voters = [u for u in (alice, bob, carol) if u is not idle]
        assert all(v.mention in vote.content for v in voters)
        substitute = next(c["custom_id"] for c in vote.iter_components()
                          if c.get("custom_id", "").endswith(":substitute"))

        for who, key in ((dave, "table.not_seated"), (idle, "idle.own_seat")):
            click = await who.click(vote, custom_id=substitute)
            await click.wait_messages(1)
            await server.settle()
            assert any(m.content == t(key, "en") for m in who.ephemerals())
        first = await voters[0].click(vote, custom_id=substitute)
        await first.wait_messages(1)
        again = await voters[0].click(vote, custom_id=substitute)
        await again.wait_messages(1)
        await server.settle()
        assert any(m.content == t("idle.vote_already", "en") for m in voters[0].ephemerals())
        assert (await stored(server)).seats[seat] == idle.id  # nothing without the vote
        last = await voters[1].click(vote, custom_id=substitute)
        await last.wait_messages(1)
        await server.settle()
        wanted = t("idle.substitute_wanted", "en", user=idle.mention, seat=seat + 1)
        assert any(m.content.startswith(wanted) for m in server.twin.messages(thread))
        assert not any(True for c in vote.iter_components() if c.get("custom_id"))  # closed

        claim = await dave.slash("game claim", thread)
        await claim.wait_messages(1)
        await server.settle()
        record = await stored(server)
        assert record.seats[seat] == dave.id and idle.id not in record.seats
        handed = t("table.substituted", "en", seat=seat + 1, old=idle.mention, new=dave.mention)
        assert any(m.content.startswith(handed) for m in server.twin.messages(thread))

        # a member's notification preferences, shown back to her only
        reply = await bob.slash("prefs quiet", thread, start="22:00", end="7:00",
                                zone="Mars/Olympus")
        await reply.wait_messages(1)
        reply = await bob.slash("prefs notify", thread, way="dm")
        await reply.wait_messages(1)
        await server.settle()
        texts = [m.content for m in bob.ephemerals(thread)]
        assert t("notify.zone_unknown", "en", zone="Mars/Olympus") in texts
        assert any(text.startswith(t("notify.shown", "en", way=t("notify.way.dm", "en"),
                                     quiet="")) for text in texts)
