"""A club's history and its table board through the real bot and the Discord stand-in: a
member who is not an admin is refused the board, the admin pins it, it is edited in place as
a short example game starts, moves and ends, then /stats and /leaderboard show the game, and
after a restart the stored board is still the bot's to remove."""

from __future__ import annotations

from pathlib import Path

from bot.cogs.history import number
from bot.i18n import t
from tests.e2e.driver import Driver
from tests.e2e.harness import final_result, running_server
from tests.e2e.test_e2e_example_game import open_example
from tests.twin.state import PERMISSIONS, Overwrite

PLAYERS = [("alice", "en-US", True), ("bob", "ko", True)]


async def test_board_edited_by_a_game_then_stats_and_leaderboard(
    tmp_path: Path, example_game
) -> None:
    async with running_server(tmp_path, PLAYERS) as server:
        alice, bob = server.users
        server.guild.guild.owner_id = alice.id  # the server's owner: an admin
        bot = await server.start_bot()
        bot.get_cog("Board").EDIT_DELAY_SECONDS = 0.1  # type: ignore[union-attr]
        title = t("board.title", "en")

        def boards() -> list:
            return [m for m in server.twin.messages(server.channel) if title in m.content]

        # not an admin: refused, explained in her language, nothing posted
        reply = await bob.slash("game board-here", server.channel)
        (refusal,) = await reply.wait_messages(1)
        assert t("board.not_admin", "ko") in refusal.content and refusal.ephemeral
        assert boards() == []

        reply = await alice.slash("game board-here", server.channel)
        (placed,) = await reply.wait_messages(1)
        assert placed.ephemeral and "/channels/" in placed.content
        (board,) = boards()
        assert board.pinned and t("board.empty", "en") in board.content

        thread = await open_example(server, rounds=1)
        await server.settle()
        assert "#1" in board.content and str(thread.id) in board.content
        assert alice.mention in board.content and bob.mention in board.content  # both pick
        assert board.notified == set()  # named, never pinged

        before, edited = board.content, board.edited
        driver = Driver(server, server.users, seed=3)
        await driver.play(1)  # one secret pick: the table waits on the other player only
        await server.settle()
        assert board.edited != edited and board.content != before
        assert (alice.mention in board.content) != (bob.mention in board.content)

        await driver.play_to_end(max_clicks=50)
        await server.settle()
        assert t("board.empty", "en") in board.content
        assert boards() == [board]  # edited in place, never posted again

        record, result = await final_result(server)
        assert record.status == "finished"
        ranks = {record.seats[s.seat]: s.rank for s in result.scores}
        reply = await alice.slash("stats", server.channel)
        (stats,) = await reply.wait_messages(1)
        line = t("history.stats.line", "en", game=t("example.name", "en"), played=1,
                 wins=int(ranks[alice.id] == 1), place=number(ranks[alice.id], 2))
        assert line in stats.content, stats.content
        assert stats.notified == set()
        reply = await bob.slash("stats", server.channel, member=alice)
        (stats,) = await reply.wait_messages(1)
        assert t("history.stats.header", "ko", user=alice.mention) in stats.content
        assert line.replace("1 game played", "") != line  # English: "1 game", not "1 games"

        reply = await bob.slash("leaderboard", server.channel, game="example")
        (leaders,) = await reply.wait_messages(1)
        lines = leaders.content.splitlines()
        assert lines[0] == t("history.leaderboard.header", "ko", game=t("example.name", "ko"))
        assert len(lines) == 3
        if len(set(ranks.values())) == 2:  # no tie: the winner rates higher
            winner = min(ranks, key=ranks.__getitem__)
            assert lines[1].startswith(f"1. <@{winner}>"), lines
        assert leaders.notified == set()

        # a restart keeps the board: the admin can still take it away
        await server.stop_bot()
        await server.start_bot()
        await server.settle()
        reply = await alice.slash("game board-off", server.channel)
        (removed,) = await reply.wait_messages(1)
        assert t("board.removed", "en") in removed.content
        assert boards() == []
        reply = await alice.slash("game board-off", server.channel)
        (none,) = await reply.wait_messages(1)
        assert t("board.none", "en") in none.content
        assert server.twin.rejected == [] and server.twin.unacknowledged() == []


async def test_board_without_the_right_to_pin_is_posted_and_the_admin_told(
    tmp_path: Path, example_game
) -> None:
    async with running_server(tmp_path, PLAYERS) as server:
        alice, _bob = server.users
        server.guild.guild.owner_id = alice.id
        bot = await server.start_bot()
        channel = server.twin.world.channels[server.channel.id]
        deny = PERMISSIONS["pin_messages"] | PERMISSIONS["manage_messages"]
        channel.overwrites[bot.user.id] = Overwrite(bot.user.id, 1, deny=deny)

        reply = await alice.slash("game board-here", server.channel)
        (placed,) = await reply.wait_messages(1)
        assert t("board.not_pinned", "en") in placed.content and placed.ephemeral
        (board,) = [m for m in server.twin.messages(server.channel)
                    if t("board.title", "en") in m.content]
        assert not board.pinned

        del channel.overwrites[bot.user.id]  # Pin Messages alone is enough, as on Discord
        channel.overwrites[bot.user.id] = Overwrite(
            bot.user.id, 1, deny=PERMISSIONS["manage_messages"])
        reply = await alice.slash("game board-here", server.channel)
        (placed,) = await reply.wait_messages(1)
        assert t("board.not_pinned", "en") not in placed.content
        (board,) = [m for m in server.twin.messages(server.channel)
                    if t("board.title", "en") in m.content]
        assert board.pinned
