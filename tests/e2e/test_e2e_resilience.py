"""Restarts, simultaneous clicks, rate limits and a dropped gateway, with the real bot."""

from __future__ import annotations

import asyncio
from pathlib import Path

from bot.i18n import t
from tests.e2e.driver import CHOICE, GROUP, Driver, Prompt
from tests.e2e.harness import (
    action_log,
    game_version,
    open_citadels,
    running_server,
    version_above,
)
from tests.twin.server import ACK_WINDOW

TWO = [("alice", "en-US", True), ("bob", "en-US", True)]


def first_choice(prompt: Prompt) -> str:
    return next(
        c["custom_id"]
        for c in prompt.message.iter_components()
        if CHOICE.match(c.get("custom_id", "")) and c["type"] == 2
    )


async def thread_prompt(driver: Driver) -> Prompt:
    """Play on until someone is asked in the thread (a public prompt with buttons)."""
    for _ in range(60):
        for user in driver.users:
            prompts = driver.open_prompts(user)
            if (
                prompts
                and prompts[0].where == "thread"
                and any(c["type"] == 2 for c in prompts[0].message.iter_components())
            ):
                return prompts[0]
        await driver.play(1)
    raise AssertionError("no public prompt in 60 moves")


async def test_restart_mid_game_old_button_still_works(tmp_path: Path) -> None:
    async with running_server(tmp_path, TWO) as server:
        await server.start_bot()
        await open_citadels(server)
        driver = Driver(server, server.users, seed=5)
        await driver.play(15)
        prompt = await driver.any_prompt()
        # a choice that is a move (a group's button only opens that group's choices)
        moves = [(c, o) for c, o in driver.clickable(prompt.message)
                 if not GROUP.match(c["custom_id"])]
        assert moves, "the prompt holds no move"
        comp, option = moves[0]
        await server.stop_bot()
        before = await game_version(server)

        await server.start_bot()  # a new bot on the same database
        assert server.twin.server.identifies == 2
        if option is not None:  # a button or select posted by the first bot
            reply = await prompt.user.select(prompt.message, [option["value"]],
                                             custom_id=comp["custom_id"])
        else:
            reply = await prompt.user.click(prompt.message, custom_id=comp["custom_id"])
        driver.clicked.add(prompt.message.id)
        await reply.wait_ack()
        await driver.wait_progress()
        assert await version_above(server, before) == before + 1
        assert not any(t("table.stale", "en") in text for text in reply.texts())

        await driver.play(10)  # and the game goes on from there
        assert await game_version(server) >= before + 5
        assert server.twin.rejected == [] and server.twin.unimplemented == []


async def test_two_players_click_the_same_choice_at_once(tmp_path: Path) -> None:
    async with running_server(tmp_path, TWO) as server:
        await server.start_bot()
        await open_citadels(server)
        driver = Driver(server, server.users, seed=6)
        prompt = await thread_prompt(driver)
        owner = prompt.user
        other = next(u for u in server.users if u is not owner)
        custom_id = first_choice(prompt)
        before = await game_version(server)

        mine, theirs = await asyncio.gather(
            owner.click(prompt.message, custom_id=custom_id),
            other.click(prompt.message, custom_id=custom_id),
        )
        await asyncio.gather(mine.wait_ack(), theirs.wait_ack())
        told = await theirs.wait_messages(1)
        await version_above(server, before)
        assert await game_version(server) == before + 1
        applied = (await action_log(server))[-1]
        assert applied.user_id == owner.id and applied.interaction_id == mine.raw.id
        assert told[0].visible_to == other.id
        # refused as someone else's choice, or as gone if the owner's click landed first
        assert told[0].content in (
            t("discord.not_your_choice", "en", user=owner.mention),
            t("table.stale", "en"),
        )
        assert not any(m.visible_to == owner.id for m in mine.messages())


async def test_double_click_applies_once(tmp_path: Path) -> None:
    async with running_server(tmp_path, TWO) as server:
        await server.start_bot()
        await open_citadels(server)
        driver = Driver(server, server.users, seed=7)
        prompt = await thread_prompt(driver)
        custom_id = first_choice(prompt)
        before = await game_version(server)

        clicks = await asyncio.gather(
            prompt.user.click(prompt.message, custom_id=custom_id),
            prompt.user.click(prompt.message, custom_id=custom_id),
        )
        await asyncio.gather(*(c.wait_ack() for c in clicks))

        def refusals() -> list[str]:
            return [text for c in clicks for text in c.texts() if t("table.stale", "en") in text]

        assert len(await server.twin.wait_for(refusals, 5, "the second click's refusal")) == 1
        await version_above(server, before)
        assert await game_version(server) == before + 1


async def test_rate_limits_and_gateway_drop_lose_nothing(tmp_path: Path) -> None:
    async with running_server(tmp_path, TWO) as server:
        twin = server.twin
        await server.start_bot()
        await open_citadels(server)
        driver = Driver(server, server.users, seed=8)
        await driver.play(10)

        # a burst over the routes a move uses (the answered prompt is closed through the
        # click's original response); each 429 is followed by a retry that works
        burst = [
            twin.rate_limit(3, route=route, retry_after=0.05)
            for route in (
                "/callback",
                "POST /channels/{channel_id}/messages",
                "PATCH /webhooks/{webhook_id}/{webhook_token}/messages/@original",
            )
        ]
        await driver.play(8)
        assert sum(f.count for f in burst) == 0, "the burst was not used up"
        twin.server_error(1, route="POST /channels/{channel_id}/messages")

        prompt = await driver.any_prompt()
        await twin.drop_gateway()
        reply = await driver.click_prompt(prompt)  # sent while the bot is disconnected
        await reply.wait_ack(timeout=15)
        await driver.wait_progress()
        assert twin.server.resumes == 1 and twin.server.identifies == 1

        await driver.play_to_end()
        statuses = [r.status for r in twin.server.requests]
        assert statuses.count(429) == 9 and statuses.count(502) == 1
        assert twin.unacknowledged() == [] and twin.rejected == []
        assert twin.unimplemented == []
        assert max(twin.ack_latencies()) < ACK_WINDOW

        actions = await action_log(server)
        ids = [a.interaction_id for a in actions]
        assert len(ids) == len(set(ids)), "a click was applied twice"
        choice_clicks = {
            i.id for i in twin.interactions if CHOICE.match(str(i.data.get("custom_id", "")))
        }
        assert set(ids) <= choice_clicks
        refused = {
            i.id
            for i in twin.interactions
            if any(
                t("table.stale", "en") in m.content
                for m in (twin.world.messages.get(f) for f in i.followup_ids)
                if m
            )
        }
        assert set(ids) == choice_clicks - refused, "a click was lost"


async def test_a_move_saved_but_never_posted_is_shown_after_a_restart(tmp_path: Path) -> None:
    """The bot crashed after saving a move and before posting what it opened: the next
    start posts the open prompts (once), and the game goes on from them."""
    from bot.table import TableService
    from storage import open_store

    async with running_server(tmp_path, TWO) as server:
        await server.start_bot()
        await open_citadels(server)
        driver = Driver(server, server.users, seed=8)
        await driver.play(5)
        await server.stop_bot()
        # the move the crashed bot saved: applied to the database, posted nowhere
        store = await open_store(server.db_path)
        try:
            table = TableService(store)
            (prompt, *_) = await table.open_prompts(1)
            choice = prompt.decision.choices[0]
            await table.act(1, prompt.user_id, choice.action, decision_key=prompt.decision.key)
            opened = await table.open_prompts(1)
            waiting = {p.decision.key for p in opened}
        finally:
            await store.close()
        before = await game_version(server)
        shown_before = {m.id for u in server.users for m in u.dms()}
        shown_before |= {m.id for m in server.twin.messages(driver.thread)}

        await server.start_bot()

        def fresh_prompts() -> list[Prompt]:
            return [p for u in server.users for p in driver.open_prompts(u)
                    if p.message.id not in shown_before]

        # discord.py says READY once the guilds have arrived (a moment after connecting)
        await server.twin.wait_for(lambda: fresh_prompts(), 10, "the saved move's prompt")
        await server.settle()
        fresh = fresh_prompts()
        assert len(fresh) == len(waiting) == 1, (fresh, waiting)
        assert fresh[0].where == ("dm" if opened[0].private else "thread")
        reply = await driver.click_prompt(fresh[0])
        await reply.wait_ack()
        assert await version_above(server, before) == before + 1
        await driver.play(6)  # and the game goes on from there
        # a second start posts nothing again: every open prompt already has its message
        count = len(server.twin.messages(driver.thread)) + sum(len(u.dms()) for u in server.users)
        await server.stop_bot()
        bot = await server.start_bot()
        await server.twin.wait_for(bot.is_ready, 10, "READY")  # the catch-up runs on it
        await server.settle(quiet=0.5)
        again = len(server.twin.messages(driver.thread)) + sum(len(u.dms()) for u in server.users)
        assert again == count
        assert server.twin.rejected == [] and server.twin.unimplemented == []
