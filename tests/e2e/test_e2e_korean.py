"""A player whose Discord is in Korean sees Korean: the slash commands, the replies to her
commands, her secret prompts by DM and their buttons; an English player in the same game
sees English, and the thread keeps the game's language."""

from __future__ import annotations

import re
from pathlib import Path

from bot.i18n import lookup, t
from tests.e2e.driver import CHOICE, Driver, _pattern
from tests.e2e.harness import open_citadels, running_server
from tests.twin.server import ACK_WINDOW
from tests.twin.state import Message

HANGUL = re.compile(r"[가-힣]")
PLAYERS = [("minji", "ko", True), ("bob", "en-US", True)]


def choice_labels(message: Message) -> list[str]:
    out = []
    for comp in message.iter_components():
        if CHOICE.match(comp.get("custom_id", "")):
            if comp["type"] == 3:
                out += [o["label"] for o in comp["options"]]
            else:
                out.append(comp.get("label", ""))
    return out


def shaped(key: str, lang: str, message: str, **fixed: str) -> bool:
    """Whether `message` is the catalogue's `key` in `lang` (any values for its params)."""
    template = lookup(key, lang)
    assert template is not None, (key, lang)
    return bool(_pattern(template, **fixed).match(message))


async def test_korean_locale_player_sees_korean_prompts(tmp_path: Path) -> None:
    async with running_server(tmp_path, PLAYERS) as server:
        twin = server.twin
        await server.start_bot()
        minji, bob = server.users

        # the commands carry Korean names and descriptions for a Korean client
        (game,) = [c for c in twin.commands(server.guild) if c["name"] == "game"]
        assert HANGUL.search(game["description_localizations"]["ko"])
        new = next(o for o in game["options"] if o["name"] == "new")
        assert HANGUL.search(new["description_localizations"]["ko"])

        thread = await open_citadels(server)  # minji (Korean) hosts, bob joins
        command = next(
            i for i in twin.interactions if i.user is minji.user and i.data.get("name") == "game"
        )
        (reply,) = [twin.world.messages[m] for m in command.followup_ids]
        assert reply.content == t("discord.lobby.opened", "ko", thread=f"<#{thread.id}>")

        # secret steps (the character draft first) reach each player by DM: look at every
        # secret prompt while its buttons are still on it
        driver = Driver(server, server.users, seed=12)
        labels: dict[int, set[str]] = {minji.id: set(), bob.id: set()}
        for _ in range(40):
            await server.settle()
            for user in (minji, bob):
                for message in user.dms():
                    labels[user.id].update(choice_labels(message))
            if all(labels.values()) and driver.clicks >= 6:
                break
            await driver.play(1)
        assert all(labels.values()), labels

        for user, lang in ((minji, "ko"), (bob, "en")):
            korean = lang == "ko"
            dms = user.dms()
            # one DM per secret decision: its news, the decision, then the thread's link
            heads = [m for m in dms
                     if any(shaped("discord.prompt.jump", lang, line)
                            for line in m.content.split("\n"))]
            assert heads, [m.content[:60] for m in dms]
            decisions = [line for m in dms for line in m.content.split("\n")
                         if shaped("discord.prompt.private", lang, line)]
            assert decisions, [m.content[:60] for m in dms]
            for line in decisions:
                decision = line.split(": ", 1)[1]
                assert bool(HANGUL.search(decision)) == korean, line
            for label in labels[user.id]:
                assert bool(HANGUL.search(label)) == korean, label

        # replies to her commands are Korean too; the thread stays in the game's language
        running = {lang: t("discord.status.running", lang) for lang in ("ko", "en")}
        status = await minji.slash("game status", thread)
        (first, *_) = await status.wait_messages(1)
        header = first.content.split("\n")[0]
        assert shaped("discord.status.header", "ko", header, status=running["ko"]), header
        assert first.visible_to == minji.id
        hand = await minji.slash("game hand", thread)
        (head, *_) = await hand.wait_messages(1)
        assert head.visible_to == minji.id
        assert shaped("discord.private.header", "ko", head.content.split("\n")[0]), head.content
        assert not shaped("discord.private.header", "en", head.content.split("\n")[0])
        public = [m.content for m in twin.messages(thread) if m.content]
        assert public and not any(HANGUL.search(c) for c in public), public[:3]

        assert twin.rejected == [] and twin.unimplemented == []
        assert twin.unacknowledged() == []
        assert max(twin.ack_latencies()) < ACK_WINDOW


async def test_korean_player_who_joined_by_button_gets_her_first_dm_in_korean(
    tmp_path: Path,
) -> None:
    players = [("bob", "en-US", True), ("minji", "ko", True)]  # bob hosts, minji joins
    async with running_server(tmp_path, players) as server:
        await server.start_bot()
        await open_citadels(server)
        bob, minji = server.users
        driver = Driver(server, server.users, seed=12)
        for _ in range(10):
            if any(shaped("discord.prompt.private", "en", line)
                   for m in minji.dms() for line in m.content.split("\n")):
                break
            await driver.play(1)
        first = next(line for m in minji.dms() for line in m.content.split("\n")
                     if line.startswith("**"))
        assert shaped("discord.prompt.private", "ko", first)
        assert HANGUL.search(first.split(": ", 1)[1]), first
