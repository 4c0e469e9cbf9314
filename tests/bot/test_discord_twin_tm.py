"""Terra Mystica through the real bot and the loopback Discord (tests/twin/): lobby, faction
buttons, setup, a big turn through the kind select then a choice, /tm plan, /tm leech and
/play autocomplete, all acknowledged and accepted by the twin's payload checks."""

from __future__ import annotations

import asyncio
import logging
from types import SimpleNamespace

import pytest

import bot.table_lobby
from bot.app import create_bot
from bot.settings import Settings

twin_api = pytest.importorskip("tests.twin")


def _ids(message) -> list[str]:
    return [c["custom_id"] for c in message.iter_components() if "custom_id" in c]


def _open_prompts(thread, users, twin):
    """(user, message) for every thread message that pings a player and still has components."""
    out = []
    for message in twin.messages(thread):
        ids = _ids(message)
        if not ids or ids[-1].startswith("bgl:"):  # no buttons, or the lobby message
            continue
        prompt_line = (message.content or "").split("\n")[-1]  # after what just happened
        for user in users:
            if user.mention in prompt_line:
                out.append((user, message))
    return out


async def _version_above(gamebot, version: int) -> None:
    for _ in range(1200):  # up to 60 s on a loaded machine, returned as soon as applied
        if (await gamebot.store.get_game(1)).version > version:
            return
        await asyncio.sleep(0.05)
    raise AssertionError("the click did not apply")


async def test_tm_game_on_the_twin(tmp_path, monkeypatch) -> None:
    # the game's seed only: patching secrets.randbits itself would also fix discord.py's
    # message nonces, and Discord (and the stand-in) return the first message for a repeat
    monkeypatch.setattr(bot.table_lobby, "secrets", SimpleNamespace(randbits=lambda bits: 99))
    logging.getLogger("discord").setLevel(logging.ERROR)
    async with twin_api.Twin.running(heartbeat_ms=500) as twin:
        guild = twin.add_guild("보드게임")
        channel = guild.add_channel("games")
        alice = guild.add_user("alice", locale="ko")
        bob = guild.add_user("bob")
        users = [alice, bob]
        settings = Settings(token=twin.token, api_base=twin.api_base, dev_guild_id=guild.id,
                            database_path=tmp_path / "bot.sqlite3", tick_seconds=3600,
                            default_lang="en")
        gamebot = create_bot(settings, guild_ready_timeout=0.1)
        task = asyncio.create_task(gamebot.start(twin.token))
        try:
            await twin.wait_ready()
            await twin.wait_for(gamebot.is_ready, 10, "the bot to be ready")
            opened = await alice.slash("game new", channel, game="terra_mystica")
            await opened.wait_messages(1)
            (thread,) = twin.threads(channel)
            lobby = twin.messages(thread)[0]
            await (await bob.click(lobby, custom_id="bgl:1:join")).wait_ack()
            await twin.wait_for(lambda: str(bob.id) in lobby.content, 5, "bob in the lobby")
            await (await alice.click(lobby, custom_id="bgl:1:start")).wait_ack()

            first = await twin.wait_for(lambda: _open_prompts(thread, users, twin) or None, 5,
                                        "the faction prompt")
            user, message = first[0]
            assert user is alice and len(_ids(message)) == 14  # one button per faction
            used_kinds = False
            for _step in range(40):
                version = (await gamebot.store.get_game(1)).version
                prompts = await twin.wait_for(lambda: _open_prompts(thread, users, twin) or None,
                                              5, "a prompt")
                user, message = prompts[-1]
                ids = _ids(message)
                if ids[0].startswith("bgk:"):
                    kinds = [c for c in message.iter_components() if c.get("type") == 3][0]
                    value = kinds["options"][0]["value"]
                    picked = await user.select(message, [value], custom_id=ids[0])
                    (menu,) = await picked.wait_messages(1)
                    assert menu.visible_to == user.id
                    button = next(i for i in _ids(menu) if i.startswith("bg:"))
                    await (await user.click(menu, custom_id=button)).wait_ack()
                    used_kinds = True
                else:
                    await (await user.click(message, custom_id=ids[0])).wait_ack()
                await _version_above(gamebot, version)
                await twin.wait_for(lambda m=message: not _ids(m), 5, "the answered prompt closed")
                if used_kinds:
                    break
            assert used_kinds, "no turn had more than 25 choices"
            game = await gamebot.store.get_game(1)
            assert game.version > 6 and game.snapshot["round"] == 1

            turn = await twin.wait_for(lambda: _open_prompts(thread, users, twin) or None, 5,
                                       "the next prompt")
            active, _ = turn[-1]
            hits = await active.autocomplete("play", thread, focused="move", move="build")
            assert 0 < len(hits) <= 25 and all("build" in h["value"] for h in hits)
            plan = await active.slash("tm plan", thread, commands=hits[0]["value"])
            replies = await plan.wait_messages(1)
            assert all(m.visible_to == active.id for m in replies)
            assert (await gamebot.store.get_game(1)).version == game.version
            leech = await bob.slash("tm leech", thread, pref="never")
            (saved,) = await leech.wait_messages(1)
            assert saved.visible_to == bob.id and "always decline" in saved.content
            settings_now = (await gamebot.store.get_game(1)).settings
            assert settings_now["tm_leech.1"] == "never"
            assert twin.unacknowledged() == [] and twin.rejected == []
        finally:
            await gamebot.close()
            await asyncio.wait_for(task, 10)
