"""The bot: wiring of settings, store, table service, cogs, components and command sync.

Everything the bot talks to comes from `Settings`, so a test can start the real bot
against a local Discord stand-in (see bot/README_ADAPTER.md).
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Callable
from datetime import UTC, datetime
from typing import Any

import discord
import yarl
from discord import app_commands
from discord.ext import commands
from discord.gateway import DiscordWebSocket

import rules
from bot import games
from bot.cogs.publisher import Publisher
from bot.components import DYNAMIC_ITEMS
from bot.i18n import lang_from_locale
from bot.settings import Settings
from bot.table import TableService
from bot.table_types import TimerSettings
from bot.translator import BotTranslator
from storage.base import Store

log = logging.getLogger("bot")

CLOSE_GRACE_SECONDS = 5.0

COG_MODULES = (
    "bot.cogs.lobby",
    "bot.cogs.play",
    "bot.cogs.info",
    "bot.cogs.reminders",
    "bot.cogs.commands",
    "bot.cogs.transfer",  # adds /game export and /game import to the /game group
    "bot.cogs.seats",  # /away, /back and the /game seat commands
    "bot.cogs.idle",  # /game idle, /game resume and the vote on an idle seat
    "bot.cogs.history",  # /stats and /leaderboard
    "bot.cogs.board",  # /game board-here and /game board-off
)


def extension_modules() -> list[str]:
    """The platform's cogs, then each game's own command groups."""
    return [*COG_MODULES, *(m for game in games.all_games().values() for m in game.cogs)]


def bot_intents() -> discord.Intents:
    """No privileged intent: members, presences and message content stay off."""
    return discord.Intents.default()  # default() holds no privileged intent


def point_http_at(api_base: str) -> None:
    """Every REST call (and interaction response) of discord.py goes to `api_base`.

    Route.BASE is a class attribute: this is process-wide, which is what a test wants.
    """
    discord.http.Route.BASE = api_base.rstrip("/")


async def _open_default_store(settings: Settings) -> Store:
    if settings.database_url:  # PostgreSQL, shared by every process given the same URL
        from storage.postgres import open_postgres_store

        return await open_postgres_store(settings.database_url)
    from storage.sqlite import open_store  # imported late: tests may pass their own store

    settings.ensure_database_dir()
    store = open_store(str(settings.database_path))
    if inspect.isawaitable(store):
        store = await store
    return store


class GameBot(commands.Bot):
    """The bot. `store`, `table` and `settings` are what the cogs use."""

    def __init__(
        self,
        settings: Settings,
        *,
        store: Store | None = None,
        clock: Callable[[], datetime] | None = None,
        **client_options: Any,
    ) -> None:
        options: dict[str, Any] = {
            "command_prefix": commands.when_mentioned,  # no text commands: slash only
            "intents": bot_intents(),
            "help_command": None,
            "allowed_mentions": discord.AllowedMentions(everyone=False, roles=False, users=True),
        }
        super().__init__(**(options | client_options))
        self.settings = settings
        self.clock: Callable[[], datetime] = clock or (lambda: datetime.now(UTC))
        self._given_store = store
        self.store: Store = store  # type: ignore[assignment]  # set in setup_hook if None
        self.table: TableService = None  # type: ignore[assignment]  # set in setup_hook
        self.publisher: Publisher = None  # type: ignore[assignment]  # set in setup_hook
        self._user_langs: dict[int, str] = {}
        self._dm_channels: dict[int, discord.abc.Messageable] = {}
        self._background: set[asyncio.Task[None]] = set()
        self._game_locks: dict[int, asyncio.Lock] = {}
        self.games: list[str] = []  # engine names offered by /game new
        self.inflight: set[asyncio.Task[Any]] = set()  # interaction handlers now running
        self.backfill: asyncio.Task[None] | None = None  # results of older games, at start

    # -- start-up -------------------------------------------------------------
    async def login(self, token: str) -> None:
        if self.settings.custom_api:
            point_http_at(self.settings.api_base)
        await super().login(token)
        if self.settings.custom_api:
            # discord.py dials Discord's gateway directly (unsharded, or sharded with a known
            # shard count, as ShardedGameBot always is): ask our API for it instead.
            _, url, _ = await self.http.get_bot_gateway()
            DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(url)
            log.info("using API %s and gateway %s", self.settings.api_base, url)

    async def setup_hook(self) -> None:
        if self.store is None:
            self.store = await _open_default_store(self.settings)
        self.table = TableService(self.store, clock=self.clock, settings=self.timer_defaults())
        # games finished before results were kept: recorded beside the start, not before it
        self.backfill = asyncio.create_task(self._backfill_results())
        self._background.add(self.backfill)
        self.backfill.add_done_callback(self._background.discard)
        # imports the engines now, not inside a 3 s window; only games with a Discord side
        self.games = games.offered(rules.available())
        self.publisher = Publisher(self)
        for module in extension_modules():
            await self.load_extension(module)
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        await self.tree.set_translator(BotTranslator())
        self.tree.on_error = self.on_app_command_error
        await self.sync_commands()

    async def _backfill_results(self) -> None:
        try:
            await self.table.backfill_results()
        except Exception:  # the first /stats or /leaderboard records them instead
            log.exception("could not record the results of earlier games")

    def timer_defaults(self) -> TimerSettings:
        return TimerSettings(
            remind_after_hours=self.settings.reminder_after_hours,
            remind_every_hours=self.settings.reminder_every_hours,
            deadline_hours=self.settings.deadline_hours,
        )

    async def sync_commands(self) -> list[app_commands.AppCommand]:
        guild_id = self.settings.dev_guild_id
        if guild_id:
            guild = discord.Object(id=guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
        else:
            synced = await self.tree.sync()
        log.info("synced %d commands to %s", len(synced), guild_id or "all guilds")
        return synced

    async def close(self) -> None:
        if self.backfill is not None and not self.backfill.done():  # the next start goes on
            self.backfill.cancel()
        # handlers mid-way (a move being posted) and background writes finish first, briefly
        running = (self.inflight | self._background) - {asyncio.current_task()}
        if running:
            await asyncio.wait(running, timeout=CLOSE_GRACE_SECONDS)
        await super().close()
        if self._given_store is None and self.store is not None:
            await self.store.close()

    async def on_ready(self) -> None:
        log.info("ready as %s (%s) in %d guilds", self.user, self.user and self.user.id,
                 len(self.guilds))

    # -- helpers for the cogs ----------------------------------------------------
    def game_lock(self, game_id: int) -> asyncio.Lock:
        """One game's changes and their messages run one at a time, in order (this process).

        The store's compare-and-swap keeps the data right across processes; this lock keeps
        a move's messages from interleaving with the next move's.
        """
        return self._game_locks.setdefault(game_id, asyncio.Lock())

    async def user_lang(self, interaction: discord.Interaction) -> str:
        """The clicking user's language (their Discord locale), remembered for DMs."""
        lang = lang_from_locale(str(interaction.locale) if interaction.locale else None)
        uid = interaction.user.id
        if self._user_langs.get(uid) != lang:
            self._user_langs[uid] = lang
            # Written in the background: the interaction must be acknowledged within 3 s.
            task = asyncio.create_task(self._remember_lang(uid, lang))
            self._background.add(task)
            task.add_done_callback(self._background.discard)
        return lang

    async def _remember_lang(self, user_id: int, lang: str) -> None:
        try:
            await self.store.set_user(user_id, locale=lang)
        except Exception:  # a preference is not worth failing anything for
            log.exception("could not remember the language of user %s", user_id)

    async def lang_of_user(self, user_id: int) -> str:
        """A user's language when they are not in front of us (DMs, reminders)."""
        if user_id in self._user_langs:
            return self._user_langs[user_id]
        prefs = await self.store.get_user(user_id)
        lang = prefs.get("locale") or self.settings.default_lang
        self._user_langs[user_id] = lang
        return lang

    async def dm_channel(self, user_id: int) -> discord.abc.Messageable:
        """The user's DM channel, opened once per process and kept: a DM costs neither a
        `GET /users/{id}` nor a new `POST /users/@me/channels` (both rate-limited)."""
        channel = self._dm_channels.get(user_id)
        if channel is None:
            channel = await self.create_dm(discord.Object(id=user_id))
            self._dm_channels[user_id] = channel
        return channel

    async def on_app_command_error(
        self, interaction: discord.Interaction, error: app_commands.AppCommandError
    ) -> None:
        from bot.cogs.replies import refuse, report_error  # the cogs' shared reply helpers

        if isinstance(error, app_commands.NoPrivateMessage):
            await refuse(self, interaction, "discord.not_in_text_channel")
            return
        await report_error(self, interaction, getattr(error, "original", error))


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot running several shards in one process (discord.py's AutoShardedBot): each
    shard is its own gateway connection; guild_id -> shard is discord.py's own routing."""


def shard_options(settings: Settings) -> dict[str, Any]:
    """discord.py's options for the shards of SHARD_COUNT and SHARD_IDS (none: unsharded)."""
    shards = settings.shards
    if shards is None:
        return {}
    if len(shards) == 1:
        return {"shard_id": shards[0], "shard_count": settings.shard_count}
    return {"shard_ids": list(shards), "shard_count": settings.shard_count}


def create_bot(
    settings: Settings,
    *,
    store: Store | None = None,
    clock: Callable[[], datetime] | None = None,
    **client_options: Any,
) -> GameBot:
    """A configured bot, not yet connected: `await bot.start(settings.token)` runs it.

    A `store` passed in is used as is (already open) and left open on close; otherwise the
    SQLite store at settings.database_path is opened in setup_hook and closed on close.
    `client_options` go to discord.py's Bot (e.g. guild_ready_timeout=0.1 in tests).
    Sharded settings give one shard (a Bot with shard_id) or several (an AutoShardedBot).
    """
    options = shard_options(settings) | client_options
    cls = ShardedGameBot if "shard_ids" in options else GameBot
    return cls(settings, store=store, clock=clock, **options)


async def run_bot(settings: Settings) -> None:
    if not settings.token:
        raise SystemExit("DISCORD_TOKEN is not set")
    bot = create_bot(settings)
    async with bot:
        await bot.start(settings.token)
