"""One bot process of the load test: `python -m bench.load.bot`, configured like `python -m
bot` by environment variables, plus:

  SHARD_COUNT=n, SHARD_IDS=i   this process is shard i of n (the bot's own settings)
  DATABASE_URL       postgresql://... opens the PostgreSQL store (else DATABASE_PATH's SQLite)
  LOAD_PROFILE=path  write a cProfile of the whole run there on exit (SIGTERM stops cleanly)

The example game (tests/example_game/) is registered first: the load's tables play it, the
fastest game a scripted player can play.
"""

from __future__ import annotations

import asyncio
import cProfile
import logging
import os
import signal
import sys

from bot.app import create_bot
from bot.heap import settle
from bot.settings import load_settings
from storage.base import Store
from tests.example_game import registered


async def open_database() -> Store | None:
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgresql://", "postgres://")):
        return None  # the bot opens DATABASE_PATH's SQLite store itself
    from storage.postgres import open_postgres_store

    return await open_postgres_store(url)


async def serve() -> None:
    settings = load_settings()
    logging.basicConfig(level=settings.log_level,
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    store = await open_database()
    bot = create_bot(settings, store=store)  # sharded by SHARD_COUNT and SHARD_IDS
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, lambda: loop.create_task(bot.close()))
    try:
        async with bot:
            await bot.start(settings.token)
    finally:
        if store is not None:
            await store.close()


def main() -> int:
    with registered():
        settle()
        profile = os.environ.get("LOAD_PROFILE")
        profiler = cProfile.Profile() if profile else None
        if profiler:
            profiler.enable()
        try:
            asyncio.run(serve())
        finally:
            if profiler:
                profiler.disable()
                profiler.dump_stats(profile)
    return 0


if __name__ == "__main__":
    sys.exit(main())
