"""A moderator deletes the game's thread mid-game: the real bot moves the game to a new
thread of the same channel with its open prompts, old DM buttons keep working, and the game
is finished there with every click applied once."""

from __future__ import annotations

from pathlib import Path

from bot.cogs.texts import game_title
from bot.i18n import t
from storage.sqlite import open_store
from tests.e2e.driver import CHOICE, Driver, Prompt
from tests.e2e.harness import action_log, final_result, game_version, open_citadels
from tests.e2e.harness import running_server as serve
from tests.e2e.test_e2e_permissions import assert_each_click_applied_once
from tests.twin.state import Channel

TWO = [("alice", "en-US", True), ("bob", "en-US", True)]


def choice_ids(prompt_message) -> set[str]:
    return {
        c["custom_id"]
        for c in prompt_message.iter_components()
        if CHOICE.match(c.get("custom_id", ""))
    }


async def game_record(server):
    store = await open_store(server.db_path)
    try:
        return await store.get_game(1)
    finally:
        await store.close()


async def public_prompt(driver: Driver) -> Prompt:
    """Play on until someone is asked in the thread."""
    for _ in range(80):
        for user in driver.users:
            found = [p for p in driver.open_prompts(user) if p.where == "thread"]
            if found:
                return found[0]
        await driver.play(1)
    raise AssertionError("no public prompt in 80 moves")


async def replaced(server, old: Channel) -> Channel:
    twin = server.twin
    new = await twin.wait_for(
        lambda: next((c for c in twin.threads(server.channel) if c.id != old.id), None),
        5,
        "the game's new thread",
    )
    await server.settle()
    return new


async def test_a_deleted_thread_moves_the_game_and_it_ends_there(tmp_path: Path) -> None:
    async with serve(tmp_path, TWO) as server:
        twin = server.twin
        alice, bob = server.users
        await server.start_bot()
        first = await open_citadels(server)
        driver = Driver(server, server.users, seed=31)

        # deleted while a secret step (the character draft) waits in a DM
        secret = await driver.any_prompt()
        assert secret.where == "dm"
        before = await game_version(server)
        await twin.delete_channel(first)
        reply = await driver.click_prompt(secret)  # the old DM button, at once
        await reply.wait_ack()
        second = await replaced(server, first)
        assert await game_version(server) == before + 1
        assert second.parent_id == server.channel.id
        # one new thread, whichever came first: the deletion event or the move's post
        assert [c.id for c in twin.threads()] == [second.id]
        notice = twin.messages(second)[0]
        game = await game_record(server)
        players = f"{alice.mention}, {bob.mention}"
        assert notice.content == t(
            "discord.thread_replaced",
            "en",
            game=game_title(game, "en"),
            id=game.id,
            players=players,
        )
        assert {alice.id, bob.id} <= notice.notified
        assert not [m for m in reply.messages() if m.ephemeral]  # nothing went wrong

        # deleted while a public prompt is open: it follows the game
        waiting = await public_prompt(driver)
        asked = choice_ids(waiting.message)
        await twin.delete_channel(second)
        third = await replaced(server, second)
        reposted = [
            m for m in waiting.user.pinged_in(third) if choice_ids(m) == asked and m.components
        ]
        assert len(reposted) == 1, [m.content for m in twin.messages(third)]

        await driver.play_to_end()
        record, result = await final_result(server)
        assert record.status == "finished" and result is not None
        assert record.thread_id == third.id
        assert_each_click_applied_once(server, await action_log(server))
        assert twin.unacknowledged() == [] and twin.rejected == []
        assert twin.unimplemented == []
