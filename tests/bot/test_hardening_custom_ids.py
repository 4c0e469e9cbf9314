"""Forged custom_ids: a click naming a game that does not exist, or an id no store can hold
(2^63 or more), gets the clean "that choice is no longer open" and no error log line."""

from __future__ import annotations

import logging

import discord
import pytest

from bot.components import DYNAMIC_ITEMS
from bot.i18n import t
from tests.bot import test_discord_publish as publish
from tests.bot.test_discord_fakes import FakeInteraction
from tests.bot.test_discord_publish import HOST

env = publish.env

HUGE = [2**63, 2**64 + 5, 10**40]
TEMPLATES = {  # one custom_id per dynamic item, for game id {g}
    "choice": "bg:{g}:r1.pick.1:0:abcd",
    "select": "bgs:{g}:r1.pick.1:0",
    "more": "bgm:{g}:r1.pick.1:1",
    "lobby_join": "bgl:{g}:join",
    "lobby_start": "bgl:{g}:start",
    "option": "bgo:{g}:crown",
    "private": "bgp:{g}",
    "option_menu": "bgq:{g}",
    "kind": "bgk:{g}:r1.pick.1",
    "kind_more": "bgkm:{g}:r1.pick.1:build:1",
}


async def dispatch(bot, user_id: int, custom_id: str) -> FakeInteraction:
    """A click as discord.py dispatches it: the template match, from_custom_id, callback."""
    interaction = FakeInteraction(bot, user_id)
    for cls in DYNAMIC_ITEMS:
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match is None:
            continue
        if custom_id.startswith(("bgs:", "bgo:", "bgq:", "bgk:")):
            item = discord.ui.Select(custom_id=custom_id,
                                     options=[discord.SelectOption(label="x", value="0:abcd")])
            item._values = ["0:abcd"]  # what discord.py fills in from the payload
        else:
            item = discord.ui.Button(custom_id=custom_id)
        built = await cls.from_custom_id(interaction, item, match)
        await built.callback(interaction)
        return interaction
    raise AssertionError(f"no item for {custom_id}")


@pytest.mark.parametrize("which", sorted(TEMPLATES))
@pytest.mark.parametrize("game_id", [0, 987654, *HUGE])
async def test_a_click_on_a_missing_or_impossible_game_is_no_longer_open(
        env, caplog, which: str, game_id: int) -> None:
    bot, world = env
    await publish.started(bot, world)  # a real game exists beside the forged id
    caplog.set_level(logging.INFO)
    clicked = await dispatch(bot, HOST, TEMPLATES[which].format(g=game_id))
    assert clicked.texts() == [t("table.stale", "en")]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]
