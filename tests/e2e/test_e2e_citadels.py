"""Whole Citadels games through the real bot and discord.py, against the Discord twin."""

from __future__ import annotations

import io
import logging
import re
from pathlib import Path

from PIL import Image

from bot.cogs.texts import score_lines
from bot.i18n import lookup, t
from tests.e2e.driver import Driver, _pattern, is_group_reply
from tests.e2e.harness import (
    Server,
    action_log,
    final_result,
    open_citadels,
    running_server,
    table_costs,
)
from tests.twin.server import ACK_WINDOW

HANGUL = re.compile(r"[가-힣]")
FOUR = [
    ("alice", "en-US", True),
    ("bob", "ko", True),
    ("carol", "en-US", True),
    ("dave", "en-US", True),
]


def assert_clean(server: Server) -> None:
    """Nothing Discord would refuse, and every interaction acknowledged in time."""
    twin = server.twin
    assert twin.rejected == [], [(r.template, r.response) for r in twin.rejected[:3]]
    assert twin.unimplemented == [], [(r.method, r.path) for r in twin.unimplemented[:3]]
    assert twin.unacknowledged() == []
    latencies = twin.ack_latencies()
    assert len(latencies) == len(twin.interactions)
    assert max(latencies) < ACK_WINDOW


async def final_scores(server: Server, thread) -> str:
    """The thread's final scores, checked line by line against the engine's result for the
    stored final state (rank, name and total of every seat, in rank order)."""
    title = t("discord.finished.title", "en")
    posted = [m.content for m in server.twin.messages(thread) if title in m.content]
    assert len(posted) == 1, posted  # announced once
    record, result = await final_result(server)
    assert record.status == "finished" and result is not None
    names = [server.twin.world.users[uid].username for uid in record.seats]
    expected = score_lines(result, names, "en", "citadels")
    text = "\n".join(m.content for m in server.twin.messages(thread))
    assert "\n".join(expected) in text, (expected, posted)
    assert sorted(s.seat for s in result.scores) == list(range(len(record.seats)))
    return posted[0]


async def test_four_player_game_secrets_by_dm(tmp_path: Path, caplog) -> None:
    caplog.set_level(logging.DEBUG, logger="bot")
    async with running_server(tmp_path, FOUR) as server:
        await server.start_bot()
        thread = await open_citadels(server)
        driver = Driver(server, server.users, seed=4)
        await driver.play_to_end()

        scores = await final_scores(server, thread)
        for user in server.users:
            assert user.user.username in scores
        # what a move costs on Discord's side: a clicked prompt (in the thread or a DM) is
        # closed through its click, users and DM channels are looked up once
        costs = table_costs(server, thread, len(await action_log(server)))
        print(f"\nCitadels through the stand-in: {costs}")
        assert costs["REST calls per move"] <= 2.0
        assert costs["thread messages per move"] <= 1.2
        assert costs["GET /users/{id}"] <= len(FOUR)
        assert costs["POST /users/@me/channels"] <= len(FOUR)
        # every secret choice was made in a DM; no one needed the ephemeral fallback (the
        # only ephemeral choices are those of a group of a turn its player opened)
        wheres = {(name, where) for name, where, _ in driver.log}
        assert all(driver.private_view_buttons(u) == [] for u in server.users)  # no fallback
        for user in server.users:
            assert (user.user.username, "dm") in wheres
            assert (user.user.username, "ephemeral") not in wheres
            assert all(not m.components or is_group_reply(m) for m in user.ephemerals(thread))
        assert {w for _, w, _ in driver.log} >= {"group"}  # builds came from the group
        # a Korean player reads every private prompt in Korean (the others in English),
        # her first too: joining by button remembered her locale
        for user, (_, locale, _) in zip(server.users, FOUR, strict=True):
            lang = "ko" if locale == "ko" else "en"
            template = lookup("discord.prompt.private", lang) or ""
            dm = user.dm_channel()
            assert dm is not None
            # one DM per secret decision (its news, the decision line, the thread's link); an
            # answered one is edited into what the answer did: every DM reads in her language
            prompts = [line for m in user.dms() for line in m.content.split("\n")
                       if _pattern(template).match(line)]
            assert prompts or all(not m.components for m in user.dms()), user
            for line in prompts:
                decision = line.split(": ", 1)[1]
                assert bool(HANGUL.search(decision)) == (lang == "ko"), line
            for message in user.dms():
                first = message.content.split("\n")[0]
                assert bool(HANGUL.search(first)) == (lang == "ko"), message.content
        assert_clean(server)
        # secrets never reach a log line: no DM's text, no private button's label
        logged = "\n".join(r.getMessage() for r in caplog.records)
        for user in server.users:
            for message in user.dms():
                assert message.content not in logged
                for row in message.components:
                    for item in row.get("components", []):
                        label = item.get("label")
                        assert not label or len(label) < 4 or label not in logged, label


async def test_closed_dms_play_through_ephemeral_fallback(tmp_path: Path) -> None:
    players = [("alice", "en-US", True), ("bob", "en-US", False)]
    async with running_server(tmp_path, players) as server:
        await server.start_bot()
        thread = await open_citadels(server)
        driver = Driver(server, server.users, seed=2)
        await driver.play_to_end()

        alice, bob = server.users
        assert bob.dms() == []
        refused = [r for r in server.twin.server.requests if r.status == 403]
        assert refused and all(r.template == "/channels/{channel_id}/messages" for r in refused)
        bob_where = {where for name, where, _ in driver.log if name == "bob"}
        assert "ephemeral" in bob_where and "dm" not in bob_where
        assert {where for name, where, _ in driver.log if name == "alice"} >= {"dm"}
        assert "bob" in await final_scores(server, thread)
        # one public notice per secret decision waiting on bob, each edited once answered
        # (its button gone), never one per private view opened
        waiting = t("discord.prompt.secret_waiting", "en", user=bob.mention)
        decided = t("discord.prompt.decided_by", "en", user=bob.mention)
        notices = [m for m in bob.mentioned_in(thread) if m.content in (waiting, decided)]
        secret = [label for name, where, label in driver.log if (name, where) == ("bob", "ephemeral")]
        opened = sum(1 for i in server.twin.interactions if i.user.id == bob.id
                     and str(i.data.get("custom_id", "")).startswith("bgp:"))
        print(f"\nclosed DMs: {len(notices)} notices, {len(secret)} secret answers, "
              f"{opened} private views opened")
        assert notices and len(notices) <= len(secret)
        assert all(m.content == decided and not list(m.iter_components()) for m in notices)
        assert all(len(m.notified) <= 1 for m in notices)
        assert_clean(server)


async def test_board_picture_in_thread_is_a_png(tmp_path: Path) -> None:
    players = [("alice", "en-US", True), ("bob", "en-US", True)]
    async with running_server(tmp_path, players) as server:
        await server.start_bot()
        thread = await open_citadels(server)
        driver = Driver(server, server.users, seed=3)
        for _ in range(12):
            await driver.step()
        pictures = await server.twin.wait_for(
            lambda: [a for m in server.twin.messages(thread) for a in m.attachments],
            timeout=15,
            what="a table picture in the thread",
        )
        image = Image.open(io.BytesIO(pictures[-1].data))
        assert image.format == "PNG" and image.width > 200 and image.height > 200


async def test_every_command_is_acknowledged_within_three_seconds(tmp_path: Path) -> None:
    players = [("alice", "ko", True), ("bob", "en-US", True)]
    async with running_server(tmp_path, players) as server:
        await server.start_bot()
        thread = await open_citadels(server)
        driver = Driver(server, server.users, seed=9)
        await driver.play(6)
        alice = server.users[0]
        replies = [
            await alice.slash(f"game {name}", thread) for name in ("status", "board", "hand", "log")
        ]
        for reply in replies:
            await reply.wait_ack()
        await server.settle()
        # the slowest one renders the table picture: it must defer, not make Discord wait
        (board,) = await replies[1].wait_messages(1)
        assert board.attachments and board.attachments[0].data[:8] == b"\x89PNG\r\n\x1a\n"
        (log,) = await replies[3].wait_messages(1)  # the log names its players
        assert "alice: " in log.content and "bob: " in log.content, log.content
        assert "P1:" not in log.content
        moves = await alice.autocomplete("play", thread, focused="move", move="")
        assert all(len(m["name"]) <= 100 for m in moves)
        for interaction in server.twin.interactions:
            assert interaction.ack_latency is not None, interaction.data
            assert interaction.ack_latency < ACK_WINDOW, (interaction.data, interaction.ack_latency)
        assert_clean(server)
