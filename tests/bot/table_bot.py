"""A bot on the real table service and publisher, with recording Discord fakes (no gateway):
what the table, publishing and noise tests build their fixtures on."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import rules
from bot.app import GameBot
from bot.cogs import info, lobby, play
from bot.cogs.publisher import Publisher
from bot.settings import Settings
from bot.table import TableService
from storage import open_store
from tests.bot.test_discord_fakes import World


async def table_bot(
    tmp_path: Path, *cogs: ModuleType, thread: int | None = None
) -> tuple[GameBot, World]:
    """The bot (store in `tmp_path`, English by default) with the lobby, play and info cogs
    and `cogs`, and its fake Discord world with `thread` made. Close `bot.store` after."""
    store = await open_store(tmp_path / "bot.db")
    bot = GameBot(Settings(default_lang="en"), store=store)
    bot.table = TableService(store)
    bot.publisher = Publisher(bot)
    bot.games = rules.available()
    for module in (lobby, play, info, *cogs):
        await module.setup(bot)
    world = World()
    world.install(bot)
    if thread is not None:
        world.thread(thread)
    return bot, world
