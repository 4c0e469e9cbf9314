"""The real bot where a moderator took a permission from it: it says which one, in the
player's language, leaves no half-made game, and loses no move."""

from __future__ import annotations

from pathlib import Path

from bot.i18n import t
from storage.sqlite import open_store
from tests.e2e.driver import CHOICE, Driver
from tests.e2e.harness import Server, action_log, final_result, game_version, open_citadels
from tests.e2e.harness import running_server as serve
from tests.twin.state import Message

KO = [("minji", "ko", True), ("bob", "en-US", True)]
TWO = [("alice", "en-US", True), ("bob", "en-US", True)]


def missing(permission: str, lang: str) -> str:
    return t("discord.missing_permission", lang, permission=t(f"discord.perm.{permission}", lang))


async def games(server: Server) -> list:
    store = await open_store(server.db_path)
    try:
        return await store.list_games()
    finally:
        await store.close()


def told(server: Server, text: str) -> list[Message]:
    """Ephemeral answers with exactly this text, to anyone."""
    return [m for m in server.twin.world.messages.values() if m.ephemeral and m.content == text]


def assert_each_click_applied_once(server: Server, actions: list) -> None:
    """The store's action log against the choice clicks: none twice, none lost (a click
    refused as stale never counted)."""
    twin = server.twin
    ids = [a.interaction_id for a in actions if a.interaction_id is not None]
    assert len(ids) == len(set(ids)), "a click was applied twice"
    clicks = {i.id for i in twin.interactions if CHOICE.match(str(i.data.get("custom_id", "")))}
    stale = {
        i.id
        for i in twin.interactions
        if any(t("table.stale", "en") in text for text in _texts(server, i.followup_ids))
    }
    assert set(ids) == clicks - stale, "a click was lost"


def _texts(server: Server, ids: list[int]) -> list[str]:
    return [m.content for m in (server.twin.world.messages.get(i) for i in ids) if m]


async def test_new_game_without_create_public_threads_says_so_in_korean(tmp_path: Path) -> None:
    async with serve(tmp_path, KO) as server:
        twin = server.twin
        await server.start_bot()
        minji = server.users[0]
        await twin.deny(server.channel, "create_public_threads")

        reply = await minji.slash("game new", server.channel, game="citadels")
        await reply.wait_ack()
        (answer,) = await reply.wait_messages(1)
        assert answer.ephemeral and answer.visible_to == minji.id
        assert answer.content == missing("create_public_threads", "ko")
        # nothing public was left in the channel, no thread, no game in the store
        assert twin.messages(server.channel) == [] and twin.threads() == []
        assert await games(server) == []

        # once the permission is given, the same command opens the game
        await twin.allow(server.channel, "create_public_threads")
        thread = await open_citadels(server)
        assert [g.status for g in await games(server)] == ["running"]
        assert twin.threads(server.channel) == [thread]
        assert twin.rejected == [] and twin.unimplemented == []


async def test_new_game_without_posting_in_threads_makes_no_thread(tmp_path: Path) -> None:
    async with serve(tmp_path, KO) as server:
        twin = server.twin
        await server.start_bot()
        await twin.deny(server.channel, "send_messages_in_threads")
        reply = await server.users[1].slash("game new", server.channel, game="citadels")
        (answer,) = await (await reply.wait_ack()).wait_messages(1)
        assert answer.ephemeral and answer.content == missing("send_messages_in_threads", "en")
        assert twin.threads() == [] and await games(server) == []


async def test_a_lobby_that_cannot_be_posted_cancels_the_game(tmp_path: Path) -> None:
    async with serve(tmp_path, KO) as server:
        twin = server.twin
        await server.start_bot()
        # allowed when the bot looked, refused when it posted the lobby in the new thread
        twin.forbid(1, route="POST /channels/{channel_id}/messages")
        reply = await server.users[0].slash("game new", server.channel, game="citadels")
        (answer,) = await (await reply.wait_ack()).wait_messages(1)
        # (this answer replaces the public "thinking…" reply, so everyone sees it)
        assert answer.content == missing("send_messages_in_threads", "ko")
        assert [g.status for g in await games(server)] == ["cancelled"]


async def test_posting_denied_mid_game_loses_no_move(tmp_path: Path) -> None:
    async with serve(tmp_path, TWO) as server:
        twin = server.twin
        await server.start_bot()
        thread = await open_citadels(server)
        driver = Driver(server, server.users, seed=21)
        await driver.play(6)

        await twin.deny(server.channel, "send_messages_in_threads")
        shown = len(twin.messages(thread))
        before = await game_version(server)
        while not twin.server.refused:  # play until a move has something to show there
            await driver.play(1)
        after = await game_version(server)
        assert after > before  # the move applied; the thread just could not show it
        assert len(twin.messages(thread)) == shown
        last = twin.interactions[-1]
        assert missing("send_messages_in_threads", "en") in _texts(server, last.followup_ids)
        assert not told(server, t("discord.error", "en"))
        # secret steps still reach the players by DM; play on while anyone can
        for _ in range(40):
            if not await driver.step():
                break

        await twin.allow(server.channel, "send_messages_in_threads")
        # Discord's CHANNEL_UPDATE tells the bot: it shows the game as it stands, with the
        # prompts it could not post
        resumed = t("discord.posting_resumed", "en")
        note = await twin.wait_for(
            lambda: next((m for m in twin.messages(thread) if m.content == resumed), None),
            60,
            "the note that posting works again",
        )
        assert note.attachments  # the table as it stands
        await driver.play_to_end()
        record, result = await final_result(server)
        assert record.status == "finished" and result is not None
        assert_each_click_applied_once(server, await action_log(server))
        assert twin.unacknowledged() == [] and twin.rejected == []
        assert twin.unimplemented == []


async def test_attach_files_denied_posts_the_turn_without_its_picture(tmp_path: Path) -> None:
    async with serve(tmp_path, TWO) as server:
        twin = server.twin
        await server.start_bot()
        thread = await open_citadels(server)
        # the picture is drawn off the event loop: on a loaded machine it may come after the
        # bot looked settled, so wait for it (returned as soon as it is there)
        await twin.wait_for(lambda: any(m.attachments for m in twin.messages(thread)), 60,
                            "the table picture at start")
        await twin.deny(thread, "attach_files")  # on its channel: threads inherit
        shown = len(twin.messages(thread))
        driver = Driver(server, server.users, seed=22)
        while not twin.server.refused:
            await driver.play(1)
        assert twin.server.refused[-1][1] == "attach_files"
        await driver.play(10)
        new = twin.messages(thread)[shown:]
        assert new and not any(m.attachments for m in new)
        # the text of the turn was posted without its picture
        assert any(m.content and not m.components for m in new)
        # the player who moved is told once which permission the picture needs
        assert len(told(server, missing("attach_files", "en"))) == 1
        await driver.play_to_end()
        assert_each_click_applied_once(server, await action_log(server))
        assert twin.unacknowledged() == []


async def test_a_server_role_given_back_lets_the_game_go_on(tmp_path: Path) -> None:
    async with serve(tmp_path, TWO) as server:
        twin = server.twin
        await server.start_bot()
        thread = await open_citadels(server)
        driver = Driver(server, server.users, seed=23)
        await twin.deny(server.guild, "send_messages_in_threads")  # server-wide, by role
        while not twin.server.refused:
            await driver.play(1)
        before = await game_version(server)
        # Discord's GUILD_ROLE_UPDATE tells the bot; the thread shows the game again
        await twin.allow(server.guild, "send_messages_in_threads")
        resumed = t("discord.posting_resumed", "en")
        await twin.wait_for(
            lambda: any(m.content == resumed for m in twin.messages(thread)), 60, "the note"
        )
        await driver.play(5)
        assert await game_version(server) >= before + 5
        assert_each_click_applied_once(server, await action_log(server))
