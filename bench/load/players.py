"""Scripted tables: three members of one server play the example game back to back through
the Discord stand-in, clicking every prompt as soon as it shows, as tests/e2e/driver.py's
Driver does (its choice of what to click, its bookkeeping of what was clicked).

What differs from the e2e Driver is waiting: twenty tables share one stand-in, which is never
quiet, so a table cannot wait for the whole stand-in to settle. Each table waits for its own
prompts only, and finds them incrementally: the messages new in its thread and its members'
DMs since the last look, not every message of the stand-in (that scan, re-run by every waiting
table on every request, would make the scripted players the bottleneck).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

from bot.i18n import t
from tests.e2e.driver import Driver, Prompt, is_group_reply
from tests.e2e.harness import lobby_button
from tests.twin import Twin, TwinGuild, TwinInteraction, TwinUser
from tests.twin.state import Channel, Message

T = TypeVar("T")

GAME = "example"
ROUNDS = "5"  # 30 moves a game with three players: a lobby every 30 moves
STALL = 20.0  # seconds without a prompt before a table reports itself stuck
CONFIRM = 15.0  # seconds a click may take to be acknowledged, then applied
NOT_A_PROMPT_AFTER = 3.0  # a message still without choices this long after it came is none


@dataclass
class Move:
    """One click on a choice: when, by whom, at which game, and what the stand-in saw."""

    table: int
    user_id: int
    thread_id: int
    label: str
    interaction: TwinInteraction
    clicked: float  # time.monotonic()
    applied: float | None = None  # the clicked prompt lost its choices: the bot applied it

    @property
    def interaction_id(self) -> int:
        return self.interaction.raw.id

    @property
    def ack(self) -> float | None:
        return self.interaction.raw.ack_latency

    @property
    def round_trip(self) -> float | None:
        return None if self.applied is None else self.applied - self.clicked


@dataclass
class Table(Driver):
    """One server's table. `server` (the e2e harness's Server) is not used: the stand-in is
    shared, so the table holds the twin and its own guild and channel."""

    index: int = 0
    twin: Twin = None  # type: ignore[assignment]
    guild: TwinGuild = None  # type: ignore[assignment]
    channel: Channel = None  # type: ignore[assignment]
    sleeper: bool = False  # opens one game and never moves (its reminders are checked)
    current: Channel | None = None  # the thread of the game being played
    moves: list[Move] = field(default_factory=list)
    threads: list[int] = field(default_factory=list)  # every game's thread, in order
    errors: list[str] = field(default_factory=list)
    over: bool = False
    _seen: dict[int, int] = field(default_factory=dict)  # channel id -> messages looked at
    _candidates: dict[int, tuple[Message, TwinUser | None]] = field(default_factory=dict)
    _dms: dict[int, Channel] = field(default_factory=dict)
    _tasks: set[asyncio.Task[None]] = field(default_factory=set)

    @property
    def thread(self) -> Channel:  # the e2e Driver's name for the game's thread
        assert self.current is not None
        return self.current

    # -- finding prompts ----------------------------------------------------------------
    def _dm(self, user: TwinUser) -> Channel | None:
        if user.id not in self._dms and (channel := user.dm_channel()) is not None:
            self._dms[user.id] = channel
        return self._dms.get(user.id)

    def _scan(self) -> None:
        """Take in the messages new since the last look: in the thread (public ones and the
        members' ephemerals) and in each member's DMs, of this game only."""
        if self.current is None:
            return
        title = t("discord.finished.title", "en")
        sources: list[tuple[Channel, TwinUser | None]] = [(self.current, None)]
        sources += [(dm, u) for u in self.users if (dm := self._dm(u)) is not None]
        for channel, owner in sources:
            start = self._seen.get(channel.id, 0)
            if start > len(channel.messages):  # a message was deleted: look again
                start = 0
            for message in channel.messages[start:]:
                if message.id < self.current.id:  # an earlier game's DM
                    continue
                if owner is None and message.visible_to is None and title in message.content:
                    self.over = True
                self._candidates.setdefault(message.id, (message, owner))
            self._seen[channel.id] = len(channel.messages)

    def open_prompts(self, user: TwinUser) -> list[Prompt]:
        """The e2e Driver's prompts (a DM, an ephemeral or group reply, a thread message
        whose last line names the user), from the candidates rather than every message."""
        self._scan()
        found: list[Prompt] = []
        now = time.time()
        for mid, (message, owner) in list(self._candidates.items()):
            if mid in self.clicked:
                del self._candidates[mid]
                continue
            if not self.clickable(message):
                if now - message.created > NOT_A_PROMPT_AFTER:
                    del self._candidates[mid]
                continue
            if owner is not None:
                where = "dm" if owner is user else None
            elif message.visible_to == user.id:
                where = "group" if is_group_reply(message) else "ephemeral"
            elif message.visible_to is None:
                last = (message.content or "").split("\n")[-1]
                where = "thread" if user.mention in last else None
            else:
                where = None
            if where is not None:
                found.append(Prompt(user, message, where))
        return sorted(found, key=lambda p: p.message.id, reverse=True)

    def all_prompts(self) -> list[Prompt]:
        return [p for u in self.users for p in self.open_prompts(u)[:1]]

    def finished(self) -> bool:
        self._scan()
        return self.over

    # -- playing -------------------------------------------------------------------------
    async def wait(self, predicate: Callable[[], T], timeout: float, what: str) -> T:
        return await self.twin.wait_for(predicate, timeout, f"table {self.index}: {what}")

    async def new_game(self) -> None:
        """The host opens an example-game lobby of ROUNDS rounds, the others join, the host
        starts (as tests/e2e/test_e2e_example_game.py's open_example, in a shared stand-in)."""
        host, *guests = self.users
        known = set(self.threads)
        reply = await host.slash("game new", self.channel, game=GAME)
        await reply.wait_ack(timeout=CONFIRM)
        thread = await self.wait(
            lambda: next((c for c in self.twin.threads(self.channel) if c.id not in known), None),
            60, "the game's thread")
        lobby = await self.wait(
            lambda: next((m for m in thread.messages if m.components), None), 60, "the lobby")
        option = await host.slash("game option", thread, name="rounds", value=ROUNDS)
        await option.wait_ack(timeout=CONFIRM)
        # /game option redraws the lobby after releasing the game's lock, from the record it
        # read: a join landing in between is drawn over (stored, not shown). Joining only once
        # the option shows keeps the scripted players out of that race (a bot bug, reported).
        shown = f"{t('example.option.rounds', 'en')}: {ROUNDS}"
        await self.wait(lambda: shown in lobby.content, 60, "the option shown")
        for guest in guests:
            click = await guest.click(lobby, custom_id=lobby_button(lobby, "join"))
            await click.wait_ack(timeout=CONFIRM)
            try:
                await self.wait(lambda g=guest: g.mention in lobby.content, 60, "the join shown")
            except AssertionError as error:
                raise AssertionError(f"{error}: the lobby reads {lobby.content!r}, the reply "
                                     f"{click.texts()}") from None
        self.current, self.over = thread, False
        self.threads.append(thread.id)
        self._candidates.clear()
        self._seen = {c: n for c, n in self._seen.items() if c != thread.id}
        start = await host.click(lobby, custom_id=lobby_button(lobby, "start"))
        await start.wait_ack(timeout=CONFIRM)

    async def run(self, stop: asyncio.Event) -> None:
        """Games back to back until `stop`; then the clicks already made are seen through."""
        try:
            while not stop.is_set():
                await self.new_game()
                if self.sleeper:
                    await stop.wait()
                    break
                await self.play_game(stop)
        except AssertionError as error:  # a timeout: the table reports it and stops
            self.errors.append(str(error))
        if self._tasks:
            await asyncio.gather(*self._tasks)

    async def play_game(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            try:
                prompts = await self.wait(
                    lambda: stop.is_set() or self.finished() or self.all_prompts(),
                    STALL, "a prompt")
            except AssertionError as error:
                self._candidates.clear()  # look at everything again
                self._seen.clear()
                # a prompt there all along was missed here; one posted late, by the bot
                found = [(p.where, round(time.time() - p.message.created, 1))
                         for p in self.all_prompts()]
                # and any message of the game with choices, to whomever it is addressed
                loose = [m.content.split("\n")[-1][:80] for m, _ in self._candidates.values()
                         if self.clickable(m) and m.id not in self.clicked]
                self.errors.append(f"{error} (last clicks {self.log[-3:]}; looking again "
                                   f"finds (where, seconds old) {found}; unclicked messages "
                                   f"with choices: {loose})")
                continue
            if stop.is_set() or self.over:
                return
            for prompt in prompts:  # every seat with a prompt clicks at once
                task = asyncio.create_task(self.move(prompt))
                self._tasks.add(task)
                task.add_done_callback(self._tasks.discard)
            await asyncio.sleep(0)  # the clicks go out before the next look

    async def move(self, prompt: Prompt) -> None:
        clicked = time.monotonic()
        interaction = await self.click_prompt(prompt)
        if prompt.message.id not in self.clicked:  # a group of choices opened: no move
            return
        move = Move(self.index, prompt.user.id, self.thread.id, self.log[-1][2], interaction,
                    clicked)
        self.moves.append(move)
        raw = interaction.raw
        try:
            await self.wait(lambda: raw.first_callback is not None or raw.late, CONFIRM,
                            f"the acknowledgement of {move.label}")
            await self.wait(lambda: not self.clickable(prompt.message), CONFIRM,
                            f"{move.label} applied")
            move.applied = time.monotonic()
        except AssertionError as error:
            self.errors.append(str(error))


def describe(move: Move) -> dict[str, Any]:
    return {"table": move.table, "user": move.user_id, "thread": move.thread_id,
            "label": move.label, "interaction": move.interaction_id}


def new_tables(twin: Twin, count: int, sleepers: int, shards: int, seed: int = 1) -> list[Table]:
    """`count` playing tables and `sleepers` idle ones, each in its own server with a
    #games channel and three members (DMs open), the servers spread evenly over `shards`
    (Discord puts a server on shard (guild_id >> 22) % shards; the stand-in's ids are
    time-based, so a server that would unbalance them is made again a moment later)."""
    tables: list[Table] = []
    per_shard = [0] * shards
    total = count + sleepers
    while len(tables) < total:
        guild = twin.add_guild(f"load {len(tables)}", locale="en-US")
        shard = (guild.id >> 22) % shards
        if per_shard[shard] >= -(-total // shards):
            del twin.world.guilds[guild.id]
            time.sleep(0.001)
            continue
        per_shard[shard] += 1
        channel = guild.add_channel("games")
        users = [guild.add_user(f"t{len(tables)}p{i}", locale="en-US") for i in range(3)]
        tables.append(Table(server=None, users=users, seed=seed + len(tables),  # type: ignore[arg-type]
                            index=len(tables), twin=twin, guild=guild, channel=channel,
                            sleeper=len(tables) >= count))
    return tables

