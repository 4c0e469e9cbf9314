"""`/game import` and `/game export` through the real bot and discord.py, against the
stand-in: a terra.snellman.net game file attached to a slash command in a lobby, and a
game's file attached to the private answer of `/game export`."""

from __future__ import annotations

import re

from bot.i18n import t
from rules.core import dump_state
from rules.terra_mystica.gamefile import random_game, replay_text
from storage.sqlite import open_store
from tests.e2e.harness import Server, lobby_button, open_citadels, running_server
from tests.twin import TwinUser
from tests.twin.state import Channel

TM = "terra_mystica"
HANGUL = re.compile("[가-힣]")


async def stored(server: Server):
    store = await open_store(server.db_path)
    try:
        return await store.get_game(1), await store.actions(1)
    finally:
        await store.close()


async def tm_lobby(server: Server) -> Channel:
    """The first user opens a Terra Mystica lobby; the others join."""
    host, *guests = server.users
    opened = await host.slash("game new", server.channel, game=TM)
    await opened.wait_messages(1)
    (thread,) = server.twin.threads(server.channel)
    lobby = server.twin.messages(thread)[0]
    for guest in guests:
        await (await guest.click(lobby, custom_id=lobby_button(lobby, "join"))).wait_ack(60)
        await server.twin.wait_for(lambda g=guest: g.mention in lobby.content, 30, "joined")
    return thread


async def private_answer(user: TwinUser, command: str, channel: Channel, **options):
    reply = await user.slash(command, channel, **options)
    (message,) = await reply.wait_messages(1)
    assert message.visible_to == user.id
    return message


async def test_import_continues_a_site_game_in_the_lobby(tmp_path) -> None:
    players = [("alice", "en-US", True), ("민지", "ko", True), ("carol", "en-US", True)]
    _, full = random_game(3, 8, pass_rate=10)
    text = "\n".join(full.split("\n")[:45]) + "\n"
    expected = replay_text(text)
    async with running_server(tmp_path, players) as server:
        await server.start_bot()
        alice, minji, carol = server.users
        thread = await tm_lobby(server)

        # not the host: refused in her own language, and nothing changes
        refused = await private_answer(minji, "game import", thread, file=("g.txt", text.encode()))
        assert refused.content == t("table.not_host", "ko", host=alice.mention)
        # a broken file: the line and the reason, and the lobby stays a lobby
        lines = text.split("\n")
        bad = next(i for i, line in enumerate(lines) if i > 15 and ": build " in line)
        lines[bad] = lines[bad].replace(": build ", ": build Z99 ", 1)
        broken = "\n".join(lines).encode()
        refused = await private_answer(alice, "game import", thread, file=("g.txt", broken))
        assert f"Line {bad + 1}:" in refused.content and "Z99" in refused.content
        record, actions = await stored(server)
        assert record.status == "lobby" and actions == []

        done = await private_answer(alice, "game import", thread, file=("g.txt", text.encode()))
        assert done.content == t("discord.import.done", "en", moves=len(expected.actions))
        await server.settle()
        record, actions = await stored(server)
        assert record.status == "running" and record.seats == [u.id for u in server.users]
        assert len(actions) == len(expected.actions)
        assert dump_state(record.snapshot) == dump_state(expected.state)
        # the thread says so, and the player to move is asked, by name, with buttons
        posted = [m.content or "" for m in server.twin.messages(thread)]
        assert any("The game goes on from the file" in c for c in posted), posted
        waiting = {p.seat for p in await server.bot.table.open_prompts(1)}
        for seat in waiting:
            user = server.users[seat]
            assert any(user.mention in c for c in posted), (user, posted)


async def test_export_gives_the_game_file_and_keeps_citadels_secrets(tmp_path) -> None:
    players = [("alice", "en-US", True), ("bob", "en-US", True)]
    _, text = random_game(2, 1, pass_rate=10)  # a whole game
    async with running_server(tmp_path, players) as server:
        await server.start_bot()
        alice, bob = server.users
        thread = await tm_lobby(server)
        await private_answer(alice, "game import", thread, file=("g.txt", text.encode()))
        await server.settle()
        record, _ = await stored(server)
        assert record.status == "finished"

        # anyone in the thread: bob, privately, gets the file; it replays to the scores
        answer = await private_answer(bob, "game export", thread)
        (attached,) = answer.attachments
        assert attached.filename == "terra_mystica-1.txt"
        rep = replay_text(attached.data.decode("utf-8"))
        assert rep.error is None and rep.state["phase"] == "over"
        final = {name: f["VP"] for name, f in record.snapshot["factions"].items()}
        assert {name: f["VP"] for name, f in rep.state["factions"].items()} == final
        assert f"# {record.snapshot['seats'][1]['faction']}: bob" in attached.data.decode()

    (tmp_path / "c").mkdir()
    koreans = [("ann", "ko", True), ("ben", "ko", True), ("cy", "ko", True)]
    async with running_server(tmp_path / "c", koreans) as server:  # a running Citadels game
        await server.start_bot()
        thread = await open_citadels(server)
        answer = await private_answer(server.users[1], "game export", thread)
        assert not answer.attachments and HANGUL.search(answer.content)
        assert answer.content == t("table.export_secret", "ko", game="시타델")
