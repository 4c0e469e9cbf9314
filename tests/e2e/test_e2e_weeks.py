"""Games that last weeks (issue 15) through the real bot and discord.py, against the stand-in.

Terra Mystica: four members continue a site game file from the start of its last round (a
whole game by clicks, tests/e2e/test_e2e_tm_full.py, takes 30-40 s here and more under load;
this test imports a generated game at round 6 with `/game import` and plays the rest by
clicks, 6-12 s). Mid-round one player is
substituted (the seat's private view reaches the newcomer by DM, the old player is never
asked or told anything again), another goes away (her reminders stop, `/game status` says
the game waits on her) and comes back (her reminder comes), and at the end `/game export`
gives a file that our engine replays to the game's final scores.

Citadels has the secret hand: a player is substituted during her secret choice; the hand
and the choice reach the newcomer only, and nothing reaches the old player in the rounds
after (a whole game after a hand-over is tests/e2e/test_e2e_seats.py's).
"""

from __future__ import annotations

import time
from datetime import UTC, datetime, timedelta

import rules
from bot.cogs.texts import score_lines
from bot.i18n import t
from rules.terra_mystica.gamefile import random_game, replay_text
from storage.sqlite import open_store
from tests.e2e.driver import Driver
from tests.e2e.harness import Server, open_citadels, running_server
from tests.e2e.test_e2e_tm_full import TmDriver
from tests.e2e.test_e2e_transfer import private_answer, tm_lobby
from tests.twin import TwinUser
from tests.twin.state import Channel, Message

TM = "terra_mystica"
PLAYERS = [
    ("alice", "en-US", True),  # the host
    ("bob", "ko", True),
    ("carol", "en-US", True),
    ("dave", "en-US", True),
    ("erin", "en-US", True),  # a member who is not playing yet: the substitute
]
FILE_SEED = 3  # a generated 4-player site game (random factions)
LAST_ROUND = 6


async def stored(server: Server):
    store = await open_store(server.db_path)
    try:
        return await store.get_game(1)
    finally:
        await store.close()


def last_round_file(seed: int) -> str:
    """A generated site game file cut where its last round begins."""
    _, full = random_game(4, seed, pass_rate=10)
    lines = full.split("\n")
    for n in range(1, len(lines) + 1):
        rep = replay_text("\n".join(lines[:n]) + "\n")
        if rep.error is None and rep.state.get("round") == LAST_ROUND:
            return "\n".join(lines[:n]) + "\n"
    raise AssertionError("the generated game has no last round")


def after(messages: list[Message], mark: int) -> list[Message]:
    return [m for m in messages if m.id > mark]


def reminders_to(server: Server, thread: Channel, user: TwinUser, mark: int) -> list[Message]:
    """Thread reminders (in the thread's language, English here) naming `user` after `mark`."""
    head = t("discord.reminder", "en", users="\0", hours=0, decisions="").split("\0")[0]
    return [m for m in after(server.twin.messages(thread), mark)
            if m.content.startswith(head) and user.mention in m.content]


async def status_text(user: TwinUser, thread: Channel) -> str:
    reply = await user.slash("game status", thread)
    return "\n".join(m.content for m in await reply.wait_messages(1))


async def waiting_users(server: Server) -> set[int]:
    assert server.bot is not None
    return {p.user_id for p in await server.bot.table.open_prompts(1)}


async def test_terra_mystica_substitute_away_back_and_export(tmp_path) -> None:
    began = time.monotonic()
    text = last_round_file(FILE_SEED)
    async with running_server(tmp_path, PLAYERS) as server:
        bot = await server.start_bot()
        alice, bob, carol, dave, erin = server.users
        server.users = [alice, bob, carol, dave]
        thread = await tm_lobby(server)
        done = await private_answer(alice, "game import", thread, file=("g.txt", text.encode()))
        moves = len(replay_text(text).actions)
        assert done.content == t("discord.import.done", "en", moves=moves)
        await server.settle()
        record = await stored(server)
        assert record.status == "running" and record.snapshot["round"] == LAST_ROUND
        driver = TmDriver(server, thread, seed=7)
        driver.round = LAST_ROUND

        # -- mid-round, the player on turn (not the host) hands her seat to erin ----------
        await driver.step()
        for _ in range(30):
            waiting = await waiting_users(server)
            if len(waiting) == 1 and alice.id not in waiting:
                break
            await driver.step()
        [old] = [u for u in server.users if u.id in waiting]
        seat = record.seats.index(old.id)
        old_prompt = driver.prompt_of(old)
        assert old_prompt is not None
        # her standing answer to power offers is hers, not the seat's
        reply = await old.slash("tm leech", thread, pref="always")
        await reply.wait_messages(1)
        await server.settle()
        assert (await stored(server)).settings[f"tm_leech.{seat}"] == "always"
        mark = server.twin.messages(thread)[-1].id
        old_dms = len(old.dms())
        reply = await alice.slash("game substitute", thread, player=old, newcomer=erin)
        await reply.wait_messages(1)
        await server.settle()
        record = await stored(server)
        assert record.seats[seat] == erin.id and old.id not in record.seats
        assert record.snapshot["round"] == LAST_ROUND and driver.clicks  # mid-round
        assert record.settings.get(f"tm_leech.{seat}") is None
        assert not [c for c in old_prompt.iter_components() if c.get("custom_id")]  # closed
        notice = t("table.substituted", "en", seat=seat + 1, old=old.mention, new=erin.mention)
        assert any(m.content.startswith(notice) for m in server.twin.messages(thread))
        # the seat's private view by DM to the newcomer, drawn for her seat
        [view] = erin.dms()
        assert view.content.startswith(t("discord.private.header", "en",
                                         game=t(f"{TM}.name", "en"), id=1))
        [picture] = view.attachments
        assert picture.filename == "private.png"
        assert picture.data == await bot.publisher.private_picture(record, erin.id, "en")
        # the open turn is hers now, and she is asked for it by name
        prompt = driver.prompt_of(erin)
        assert prompt is not None and erin.id in prompt.notified

        server.users = [erin if u is old else u for u in server.users]

        # -- another player goes away while the game waits on her alone ------------------
        for _ in range(40):
            waiting = await waiting_users(server)
            if len(waiting) == 1 and not waiting & {alice.id, erin.id}:
                break
            await driver.step()
        [away] = [u for u in server.users if u.id in waiting]
        until = (datetime.now(UTC) + timedelta(days=3)).date()
        reply = await away.slash("away", thread, until=until.isoformat())
        await reply.wait_messages(1)
        await server.settle()
        told = t("table.away", "en", user=away.mention, date=until.isoformat())
        assert any(m.content.startswith(told) for m in server.twin.messages(thread))
        lang = "ko" if away is bob else "en"
        waits = t("table.waiting_on_away", lang, users=f"{away.mention} ({until})")
        assert waits in await status_text(away, thread)
        # a day and more later: no reminder for her while she is away
        quiet_mark = server.twin.messages(thread)[-1].id
        dms_before = len(away.dms())
        now = datetime.now(UTC)
        bot.table.clock = lambda: now + timedelta(hours=30)
        await bot.get_cog("Reminders").tick()
        await server.settle()
        assert reminders_to(server, thread, away, quiet_mark) == []
        assert len(away.dms()) == dms_before
        # back early: the thread is told, and her reminder comes a day on
        reply = await away.slash("back", thread)
        await reply.wait_messages(1)
        await server.settle()
        back = t("table.back", "en", user=away.mention)
        assert any(m.content.startswith(back) for m in server.twin.messages(thread))
        assert waits not in await status_text(away, thread)
        bot.table.clock = lambda: now + timedelta(hours=60)
        await bot.get_cog("Reminders").tick()
        await server.settle()
        [reminded] = reminders_to(server, thread, away, quiet_mark)
        assert away.id in reminded.notified

        # -- the game plays on to its end ------------------------------------------------
        await driver.play_to_end(max_clicks=300)
        record = await stored(server)
        assert record.status == "finished"
        engine = rules.get_engine(TM)
        result = engine.result(record.snapshot)
        names = [server.twin.world.users[uid].username for uid in record.seats]
        posted = "\n".join(m.content for m in server.twin.messages(thread))
        assert "\n".join(score_lines(result, names, "en", TM)) in posted

        # the old player was never asked or told anything after the hand-over
        assert len(old.dms()) == old_dms
        assert [m.content for m in after(old.mentioned_in(thread), mark)
                if not m.content.startswith(notice)] == []

        # -- exported, the file replays in our engine to the same final scores ------------
        answer = await private_answer(carol, "game export", thread)
        (attached,) = answer.attachments
        exported = attached.data.decode("utf-8")
        rep = replay_text(exported)
        assert rep.error is None and rep.state["phase"] == "over"
        replayed = engine.result(rep.state)
        assert [(s.seat, s.total, s.rank) for s in replayed.scores] == [
            (s.seat, s.total, s.rank) for s in result.scores]
        faction = record.snapshot["seats"][seat]["faction"]
        assert f"# {faction}: erin" in exported
    print(f"\nTerra Mystica weeks test: {time.monotonic() - began:.1f} s, "
          f"{driver.clicks} clicks after the import")


async def private_seat(server: Server) -> int | None:
    """The seat (not the host's) of the game's open private decision, if there is one."""
    record = await stored(server)
    engine = rules.get_engine(record.game)
    seats = [d.seat for d in engine.decisions(record.snapshot) if d.private and d.seat != 0]
    return seats[0] if seats else None


def choices(message: Message) -> list[str]:
    """A prompt's choices, by custom id (the labels are in the reader's language)."""
    return sorted(c["custom_id"] for c in message.iter_components() if c.get("custom_id"))


async def test_citadels_secret_hand_reaches_the_newcomer_only(tmp_path) -> None:
    began = time.monotonic()
    async with running_server(tmp_path, PLAYERS) as server:
        bot = await server.start_bot()
        alice, bob, carol, dave, erin = server.users
        seated = [alice, bob, carol, dave]
        server.users = seated  # erin stays out of the lobby
        thread = await open_citadels(server)
        server.users = [*seated, erin]
        driver = Driver(server, seated, seed=11)
        for _ in range(40):
            if (seat := await private_seat(server)) is not None:
                break
            await driver.play(1)
        assert seat is not None, "no secret choice of a guest came up"
        old = seated[seat]
        await server.settle()
        [old_prompt] = [m for m in old.dms() if driver.clickable(m)]
        old_dms, old_ephemerals = len(old.dms()), len(old.ephemerals())
        mark = server.twin.messages(thread)[-1].id

        reply = await alice.slash("game substitute", thread, player=old, newcomer=erin)
        await reply.wait_messages(1)
        await server.settle()
        record = await stored(server)
        assert record.seats[seat] == erin.id
        # the secret choice and the hand (the private picture) by DM to the newcomer: the
        # choices the old player had, the picture of the seat's private view
        [given] = [m for m in erin.dms() if m.components]
        assert choices(given) == choices(old_prompt)
        [picture] = given.attachments
        assert picture.data == await bot.publisher.private_picture(record, erin.id, "en")
        # the hand on request: hers, and refused to the old player
        lang = "ko" if old is bob else "en"
        refused = await old.slash("game hand", thread)
        [answer] = await refused.wait_messages(1)
        assert answer.content == t("discord.hand.spectator", lang) and not answer.attachments
        shown = await erin.slash("game hand", thread)
        hand = await shown.wait_messages(1)
        assert all(m.visible_to == erin.id for m in hand)
        assert [a.filename for a in hand[0].attachments] == ["private.png"]
        await server.settle()

        # the game plays on through the next round (the seat's next secret pick goes to the
        # newcomer; a whole game here would take half a minute more): the old player is
        # never sent anything again
        driver.users = [erin if u is old else u for u in seated]
        handed_over_in = record.snapshot["round"]
        given_before = len(erin.dms())
        for _ in range(150):
            if (await stored(server)).snapshot["round"] > handed_over_in + 1:
                break
            await driver.play(1)
        record = await stored(server)
        assert record.snapshot["round"] == handed_over_in + 2 and record.seats[seat] == erin.id
        assert any(name == "erin" for name, _, _ in driver.log)
        assert len(erin.dms()) > given_before  # the seat's later secret choices are hers
        assert len(old.dms()) == old_dms
        notice = t("table.substituted", "en", seat=seat + 1, old=old.mention, new=erin.mention)
        assert [m.content for m in after(old.mentioned_in(thread), mark)
                if not m.content.startswith(notice)] == []
        # since the hand-over, she was answered only her own /game hand
        assert [m.content for m in old.ephemerals()[old_ephemerals:]] == [answer.content]
    print(f"\nCitadels weeks test: {time.monotonic() - began:.1f} s, {driver.clicks} clicks")
