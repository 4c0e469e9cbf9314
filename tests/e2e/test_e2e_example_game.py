"""A whole game of the example game (tests/example_game/), registered only by this test, through
the real bot and discord.py against the Discord stand-in: /game new to the final scores.

The game's three layers are plugged in with the registries' `register` calls before the bot
starts (the `example_game` fixture); no platform file names it.
"""

from __future__ import annotations

import io
from pathlib import Path

from PIL import Image

from bot.cogs.texts import score_lines
from bot.i18n import t
from tests.e2e.driver import Driver
from tests.e2e.harness import Server, final_result, lobby_button, running_server
from tests.twin.server import ACK_WINDOW
from tests.twin.state import Channel

PLAYERS = [("alice", "en-US", True), ("bob", "ko", True), ("carol", "en-US", False)]


async def open_example(server: Server, rounds: int) -> Channel:
    """The host opens an example-game lobby, sets the rounds, the others join, the host starts."""
    host, *guests = server.users
    reply = await host.slash("game new", server.channel, game="example")
    await reply.wait_ack()
    thread = await server.twin.wait_for(
        lambda: next(iter(server.twin.threads(server.channel)), None), 5, "the game's thread")
    lobby = await server.twin.wait_for(
        lambda: next((m for m in server.twin.messages(thread) if m.components), None),
        5, "the lobby message")
    # the game's own option label, from its engine catalogue, names the option in the lobby
    assert t("example.option.rounds", "en") in lobby.content, lobby.content
    option = await host.slash("game option", thread, name="rounds", value=str(rounds))
    await option.wait_ack()
    for guest in guests:
        click = await guest.click(lobby, custom_id=lobby_button(lobby, "join"))
        await click.wait_ack()
        await server.twin.wait_for(lambda g=guest: g.mention in lobby.content, 5, "join shown")
    start = await host.click(lobby, custom_id=lobby_button(lobby, "start"))
    await start.wait_ack()
    await server.settle()
    return thread


async def test_a_whole_example_game_from_new_to_final_scores(tmp_path: Path, example_game) -> None:
    async with running_server(tmp_path, PLAYERS) as server:
        bot = await server.start_bot()
        assert "example" in bot.games  # offered by /game new: the registration came first
        thread = await open_example(server, rounds=3)
        alice, bob, carol = server.users
        driver = Driver(server, server.users, seed=5)
        await driver.play(4)

        # the game's status lines (its GameUI) in /game status, mid-game
        status = await alice.slash("game status", thread)
        (reply,) = await status.wait_messages(1)
        assert "Round " in reply.content and " of 3:" in reply.content, reply.content
        for user in server.users:
            assert f"{user.user.username}: " in reply.content

        await driver.play_to_end(max_clicks=200)

        # final scores, rank by rank, with the game's own breakdown words
        title = t("discord.finished.title", "en")
        posted = [m.content for m in server.twin.messages(thread) if title in m.content]
        assert len(posted) == 1, posted
        record, result = await final_result(server)
        assert record.status == "finished" and record.game == "example" and result is not None
        assert record.version == 3 * 2 * len(PLAYERS)  # 3 rounds: a pick and a play per seat
        names = [server.twin.world.users[uid].username for uid in record.seats]
        expected = score_lines(result, names, "en", "example")
        assert any("cards " in line and "picks " in line for line in expected)
        text = "\n".join(m.content for m in server.twin.messages(thread))
        assert "\n".join(expected) in text, (expected, posted)

        # every seat picked in private (carol's DMs are closed: the thread's button), and the
        # labels are the game's own: a private one in its reader's language, a public one in
        # the thread's (English)
        wheres = {(name, where) for name, where, _ in driver.log}
        assert ("alice", "dm") in wheres and ("bob", "dm") in wheres
        assert ("carol", "ephemeral") in wheres and ("carol", "dm") not in wheres
        private = {(name, label) for name, where, label in driver.log if where != "thread"}
        public = {label for _, where, label in driver.log if where == "thread"}
        assert {label for name, label in private if name != "bob"} <= {
            "Pick 1", "Pick 2", "Pick 3"}, private
        assert {label for name, label in private if name == "bob"} <= {
            "1 고르기", "2 고르기", "3 고르기"}, private
        assert public and public <= {"Draw a card", "Pass (score your pick)"}, public

        # the game's picture in the thread
        pictures = [a for m in server.twin.messages(thread) for a in m.attachments]
        assert pictures
        image = Image.open(io.BytesIO(pictures[-1].data))
        assert image.format == "PNG" and image.width == 480 and image.height > 100

        assert server.twin.rejected == [] and server.twin.unacknowledged() == []
        assert max(server.twin.ack_latencies()) < ACK_WINDOW
