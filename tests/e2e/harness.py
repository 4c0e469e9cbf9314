"""The real bot (bot.app.create_bot) running in this event loop against the twin."""

from __future__ import annotations

import asyncio
import logging
import time
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from pathlib import Path

import discord
import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

from bot.app import GameBot, create_bot
from bot.i18n import t
from bot.settings import Settings
from storage.sqlite import open_store
from tests.twin import Twin, TwinGuild, TwinUser
from tests.twin.state import Channel, Message


@dataclass
class Server:
    """A guild with a games channel and some members, plus the bot's database path."""

    twin: Twin
    guild: TwinGuild
    channel: Channel
    db_path: Path
    users: list[TwinUser] = field(default_factory=list)
    bot: GameBot | None = None
    _task: asyncio.Task[None] | None = None
    errors: list[logging.LogRecord] = field(default_factory=list)  # ERROR logs of bot, discord

    def settings(self) -> Settings:
        return Settings(
            token=self.twin.token,
            api_base=self.twin.api_base,
            database_path=self.db_path,
            dev_guild_id=self.guild.id,
            default_lang="en",
        )

    async def start_bot(self) -> GameBot:
        """Start the real bot (configured only through Settings) and wait for its gateway."""
        identifies = self.twin.server.identifies
        bot = create_bot(self.settings())
        self.bot = bot
        self._task = asyncio.create_task(bot.start(self.twin.token))
        await self.twin.wait_for(
            lambda: self.twin.server.identifies > identifies or self._task.done(),  # type: ignore[union-attr]
            20,
            "the bot to identify",
        )
        if self._task.done():
            self._task.result()  # raise the bot's start-up error here
        await self.twin.wait_ready()
        return bot

    async def stop_bot(self) -> None:
        if self.bot is None:
            return
        await self.bot.close()
        if self._task is not None:
            try:
                await asyncio.wait_for(self._task, 10)
            except (discord.DiscordException, asyncio.CancelledError):
                pass
        self.bot, self._task = None, None

    async def settle(self, quiet: float = 0.04, timeout: float = 20.0) -> None:
        """Until the bot has answered every interaction, finished its handlers, and neither
        sent anything nor been sent an event (a permission change, a deleted thread) for
        `quiet` s."""
        twin = self.twin
        deadline = time.monotonic() + timeout
        while True:
            requests = twin.server.requests
            last = max(requests[-1].at if requests else 0.0, twin.server.last_dispatch)
            idle_for = time.monotonic() - last
            pending = any(i.first_callback is None and not i.late for i in twin.interactions)
            # a handler still running (acknowledged, then posting) is not settled either: on a
            # busy machine it can pause longer than `quiet` between two requests
            busy = self.bot is not None and bool(self.bot.inflight)
            if not pending and not busy and idle_for >= quiet:
                return
            if time.monotonic() > deadline:
                raise AssertionError(f"the bot did not settle within {timeout}s")
            await asyncio.sleep(0.005 if pending else max(0.005, quiet - idle_for))


@asynccontextmanager
async def running_server(
    tmp_path: Path, players: list[tuple[str, str, bool]]
) -> AsyncIterator[Server]:
    """A twin with one guild, a #games channel and the given (name, locale, dms_open)."""
    logging.getLogger("discord").setLevel(logging.ERROR)
    saved = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    async with Twin.running() as twin:
        guild = twin.add_guild("보드게임 모임")
        channel = guild.add_channel("games")
        server = Server(twin, guild, channel, tmp_path / "bot.sqlite3")
        for name, locale, dms_open in players:
            server.users.append(guild.add_user(name, locale=locale, dms_open=dms_open))
        handler = _Collect(server.errors)
        for name in LOGGERS:
            logging.getLogger(name).addHandler(handler)
        try:
            yield server
        finally:
            await server.stop_bot()
            # the bot points discord.py's class-level config at the twin; put it back
            Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = saved[0], yarl.URL(str(saved[1]))
            for name in LOGGERS:
                logging.getLogger(name).removeHandler(handler)
        # nothing went wrong quietly: no handler raised, no outcome half-posted, no payload
        # discord.py could not parse (a test expecting one takes it out of server.errors)
        assert server.errors == [], [_describe(r) for r in server.errors]


LOGGERS = ("discord", "bot")


class _Collect(logging.Handler):
    def __init__(self, into: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append(record)


def _describe(record: logging.LogRecord) -> str:
    error = record.exc_info[1] if record.exc_info else None
    return f"{record.name}: {record.getMessage()} {error!r}"


def lobby_button(message: Message, op: str) -> str:
    for comp in message.iter_components():
        if comp.get("custom_id", "").startswith("bgl:") and comp["custom_id"].endswith(":" + op):
            return comp["custom_id"]
    raise AssertionError(f"no {op} button on the lobby message")


async def open_citadels(server: Server) -> Channel:
    """The first user opens a Citadels lobby, the others join, the host starts."""
    host, *guests = server.users
    # generous bounds (a loaded machine), each wait returned as soon as met
    reply = await host.slash("game new", server.channel, game="citadels")
    await reply.wait_ack(timeout=60)
    thread = await server.twin.wait_for(
        lambda: next(iter(server.twin.threads(server.channel)), None), 60, "the game's thread"
    )
    lobby = await server.twin.wait_for(
        lambda: next((m for m in server.twin.messages(thread) if m.components), None),
        60,
        "the lobby message",
    )
    for guest in guests:
        click = await guest.click(lobby, custom_id=lobby_button(lobby, "join"))
        await click.wait_ack(timeout=60)
        await server.twin.wait_for(lambda g=guest: g.mention in lobby.content, 60, "join shown")
    start = await host.click(lobby, custom_id=lobby_button(lobby, "start"))
    await start.wait_ack(timeout=60)
    await server.settle()
    return thread


async def game_version(server: Server) -> int:
    """The game's action count, read from the bot's database by a second connection."""
    store = await open_store(server.db_path)
    try:
        return (await store.get_game(1)).version
    finally:
        await store.close()


async def final_result(server: Server):
    """The engine's result for the stored final state (None while the game runs)."""
    import rules

    store = await open_store(server.db_path)
    try:
        record = await store.get_game(1)
    finally:
        await store.close()
    if record.snapshot is None:
        return None
    return record, rules.get_engine(record.game).result(record.snapshot)


async def version_above(server: Server, before: int, timeout: float = 30.0) -> int:
    """Until the stored game's version passed `before` (a move was applied), then settled.
    The bot acknowledges first and applies after: a quiet moment alone does not prove the
    move was applied (engine work and pictures make no requests)."""
    deadline = time.monotonic() + timeout
    while True:
        version = await game_version(server)
        if version > before:
            await server.settle()
            return version
        if time.monotonic() > deadline:
            raise AssertionError(f"no move applied within {timeout}s (version {version})")
        await server.settle(quiet=0.02)


async def action_log(server: Server) -> list:
    store = await open_store(server.db_path)
    try:
        return await store.actions(1)
    finally:
        await store.close()


def table_costs(server: Server, thread: Channel, moves: int) -> dict[str, object]:
    """What a whole game cost on Discord's side, per move: requests counted against the
    bot's global rate limit (every one but the interaction endpoints: login and command sync
    included), thread messages (all of them, and without the lobby, the thread's first
    message, and the final scores), users fetched and DM channels opened."""
    calls = server.twin.rate_limited()
    routes = Counter(f"{r.method} {r.template}" for r in calls)
    posted = server.twin.messages(thread)
    title = t("discord.finished.title", "en")
    play = [m for m in posted[1:] if title not in m.content]
    return {
        "moves": moves,
        "REST calls per move": round(len(calls) / moves, 2),
        "thread messages per move": round(len(posted) / moves, 2),
        "thread messages per move in play": round(len(play) / moves, 2),
        "GET /users/{id}": routes["GET /users/{user_id}"],
        "POST /users/@me/channels": routes["POST /users/@me/channels"],
        "interaction calls (not counted)": len(server.twin.server.requests) - len(calls),
        "rate-limited calls by route": dict(routes.most_common()),
    }
