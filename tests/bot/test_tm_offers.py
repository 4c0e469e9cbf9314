"""Power offers as the thread shows them (issue 10.2): titled as an offer, not as a turn; the
player named once; the `/tm leech` hint on each player's first offer only; Accept green and
Decline grey. A whole game through the table service and the publisher (recording fakes)."""

from __future__ import annotations

import random
from collections import defaultdict

import discord
import pytest

from bot.app import GameBot
from bot.components import ChoiceButton
from tests.bot.table_bot import table_bot

PLAYERS = (801, 802, 803, 804)
THREAD = 9001
HINT = {"en": "/tm leech", "ko": "/테라 권능받기"}
TITLE = {"en": "⚡ **Power offer** · ", "ko": "⚡ **권능 받기** · "}
TURN = {"en": "your turn", "ko": "차례입니다"}


@pytest.fixture
async def bot(tmp_path):
    bot, world = await table_bot(tmp_path, thread=THREAD)
    bot.world = world
    yield bot
    await bot.store.close()


async def play_game(bot: GameBot, lang: str, seed: int) -> dict[int, str]:
    """A whole game, builds preferred so that offers come up; the seats' faction names."""
    table = bot.table
    record = await table.new_game(
        "terra_mystica", guild_id=1, channel_id=10, host_id=PLAYERS[0], lang=lang
    )
    await table.attach_thread(record.id, THREAD)
    for uid in PLAYERS[1:]:
        await table.join(record.id, uid)
    await bot.publisher.publish(await table.start(record.id, PLAYERS[0]))
    rng = random.Random(seed)
    for _ in range(3000):
        prompts = [p for p in await table.open_prompts(record.id) if p.decision.choices]
        if not prompts:
            break
        prompt = rng.choice(prompts)
        choices = prompt.decision.choices
        weights = [
            10 if any(w in c.text for w in ("upgrade", "build", "leech")) else 1 for c in choices
        ]
        action = rng.choices(choices, weights=weights)[0].action
        await bot.publisher.publish(
            await table.act(record.id, prompt.user_id, action, decision_key=prompt.decision.key)
        )
    view = await table.view(record.id, None)
    return {PLAYERS[d["seat"]]: d["name"][lang] for d in view["factions"].values()}


@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_offers_read_as_offers_with_the_hint_once_and_coloured_answers(bot, lang) -> None:
    factions = await play_game(bot, lang, seed=1)
    offers = [
        m for m in bot.world.in_channel(THREAD) if TITLE[lang] in (m.content or "").split("\n")[-1]
    ]
    assert len(offers) >= 4, "too few offers in the game to check"
    seen: dict[int, int] = defaultdict(int)
    for message in offers:
        line = message.content.split("\n")[-1]  # what happened before rides above it
        (user,) = [u for u in PLAYERS if f"<@{u}>" in line]
        assert line.startswith(TITLE[lang] + f"<@{user}>"), line
        assert line.count(f"<@{user}>") == 1 and factions[user] not in line, line
        assert TURN[lang] not in line, line
        assert (HINT[lang] in line) == (seen[user] == 0), (seen[user], line)
        seen[user] += 1
        styles = {b.item.style for b in message.view.children}
        assert styles == {discord.ButtonStyle.success, discord.ButtonStyle.secondary}, line
    assert max(seen.values()) >= 2, "no player was offered power twice"
    # a turn is still a turn
    turns = [m for m in bot.world.in_channel(THREAD) if TURN[lang] in (m.content or "")]
    buttons = [
        b
        for m in turns
        if m.view is not None
        for b in m.view.children
        if isinstance(b, ChoiceButton)
    ]
    assert buttons and all(b.item.style == discord.ButtonStyle.primary for b in buttons)
