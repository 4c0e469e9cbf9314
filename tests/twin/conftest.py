"""A bare discord.py bot written here (not ours) to prove the stand-in speaks Discord."""

from __future__ import annotations

import asyncio
import io
import logging
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field

import discord
import pytest
from discord import app_commands

from tests.twin import Twin, TwinGuild, TwinUser, discord_py_pointed_at

# a 1x1 PNG, enough for an attachment round trip
PNG = bytes.fromhex(
    "89504e470d0a1a0a0000000d4948445200000001000000010806000000"
    "1f15c4890000000d49444154789c6360f8cfc0f01f0005000201e5270ddd0000000049454e44ae426082"
)


# Items Discord refuses (discord.py itself does not check these limits).
BAD_ITEMS: dict[str, Callable[[], discord.ui.Item]] = {
    "custom_id": lambda: discord.ui.Button(label="x", custom_id="x" * 101),
    "options": lambda: discord.ui.Select(
        custom_id="s", options=[discord.SelectOption(label=str(i)) for i in range(26)]
    ),
    "label": lambda: discord.ui.Button(label="L" * 81, custom_id="long"),
    "file": lambda: discord.ui.Button(label="y", custom_id="y" * 101),
}


class Pick(discord.ui.View):
    def __init__(self) -> None:
        super().__init__(timeout=None)

    @discord.ui.button(label="Take gold", custom_id="pick:gold")
    async def gold(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.edit_message(content=f"{interaction.user.name} took gold")

    @discord.ui.button(label="Secret", custom_id="pick:secret")
    async def secret(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.send_message("only you see this", ephemeral=True)

    @discord.ui.button(label="Slow", custom_id="pick:slow")
    async def slow(self, interaction: discord.Interaction, button: discord.ui.Button) -> None:
        await interaction.response.defer()
        await interaction.edit_original_response(content="slow done")

    @discord.ui.select(
        custom_id="pick:char",
        options=[discord.SelectOption(label=n, value=n) for n in ("assassin", "thief", "king")],
    )
    async def char(self, interaction: discord.Interaction, select: discord.ui.Select) -> None:
        await interaction.response.send_message(f"you chose {select.values[0]}", ephemeral=True)


class Ask(discord.ui.Modal, title="Your move"):
    move = discord.ui.TextInput(label="Move", custom_id="move")

    async def on_submit(self, interaction: discord.Interaction) -> None:
        await interaction.response.send_message(f"move={self.move.value}", ephemeral=True)


class BareBot(discord.Client):
    def __init__(self, guild_id: int) -> None:
        super().__init__(intents=discord.Intents.default(), guild_ready_timeout=0.1)
        self.tree = app_commands.CommandTree(self)
        self.guild_obj = discord.Object(guild_id)
        self.errors: list[str] = []
        self.seen: list[discord.Interaction] = []  # every interaction as discord.py parsed it
        self.late: list[int] = []  # codes of responses Discord refused as too late
        self.resumed = asyncio.Event()
        self._register()

    async def setup_hook(self) -> None:
        self.add_view(Pick())
        await self.tree.sync(guild=self.guild_obj)
        await self.tree.sync()

    async def on_interaction(self, interaction: discord.Interaction) -> None:
        self.seen.append(interaction)

    async def on_resumed(self) -> None:
        self.resumed.set()

    def _register(self) -> None:
        tree, guild = self.tree, self.guild_obj

        @tree.command(name="ping", description="deferred reply with a file", guild=guild)
        async def ping(interaction: discord.Interaction, count: int, secret: bool = False) -> None:
            await interaction.response.defer(ephemeral=secret, thinking=True)
            file = discord.File(io.BytesIO(PNG), filename="board.png")
            await interaction.followup.send(f"pong {count}", file=file, ephemeral=secret)

        @tree.command(name="menu", description="buttons and a select", guild=guild)
        async def menu(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("pick one", view=Pick())

        @tree.command(name="poke", description="DM someone", guild=guild)
        async def poke(interaction: discord.Interaction, who: discord.Member) -> None:
            try:
                file = discord.File(io.BytesIO(PNG), "hand.png")
                await who.send("psst, your hand", file=file, view=Pick())
            except discord.Forbidden as exc:
                await interaction.response.send_message(f"closed:{exc.code}", ephemeral=True)
                return
            await interaction.response.send_message("sent", ephemeral=True)

        @tree.command(name="thread", description="open a game thread", guild=guild)
        async def thread(interaction: discord.Interaction) -> None:
            await interaction.response.defer()
            assert isinstance(interaction.channel, discord.TextChannel)
            th = await interaction.channel.create_thread(
                name="game-1", type=discord.ChannelType.public_thread
            )
            await th.join()
            await th.add_user(interaction.user)
            await th.send(f"{interaction.user.mention} your turn", view=Pick())
            await th.edit(archived=True)
            await th.edit(archived=False)
            await interaction.followup.send(f"thread {th.id}")

        @tree.command(name="move", description="a modal", guild=guild)
        async def move(interaction: discord.Interaction) -> None:
            await interaction.response.send_modal(Ask())

        game_group = app_commands.Group(name="game", description="games", guild_ids=[guild.id])

        @game_group.command(name="new", description="a lobby")
        async def game_new(interaction: discord.Interaction, game: str) -> None:
            await interaction.response.send_message(f"lobby for {game}")

        @game_new.autocomplete("game")
        async def game_complete(
            interaction: discord.Interaction, current: str
        ) -> list[app_commands.Choice[str]]:
            names = ["citadels", "terra-mystica", "maracaibo"]
            return [app_commands.Choice(name=n, value=n) for n in names if current in n]

        tree.add_command(game_group)

        @tree.command(name="bad", description="sends what Discord refuses", guild=guild)
        async def bad(interaction: discord.Interaction, what: str) -> None:
            await interaction.response.defer(ephemeral=True)
            view = discord.ui.View()
            view.add_item(BAD_ITEMS[what]())
            # "file": the same refusal when the payload rides in multipart's payload_json
            files = [discord.File(io.BytesIO(PNG), "x.png")] if what == "file" else []
            try:
                await interaction.channel.send("bad", view=view, files=files)  # type: ignore[union-attr]
            except discord.HTTPException as exc:
                self.errors.append(f"{exc.status}:{exc.code}:{exc.text}")
                await interaction.followup.send(f"refused {exc.code}", ephemeral=True)

        @tree.command(name="badvia", description="a refused item on another route", guild=guild)
        async def badvia(interaction: discord.Interaction, route: str, what: str) -> None:
            """The same refusals on the interaction routes: the callback, a webhook
            follow-up, an edit of the original response, an edit of a channel message."""

            def bad_view() -> discord.ui.View:
                view = discord.ui.View()
                view.add_item(BAD_ITEMS[what]())
                return view

            try:
                if route == "callback":
                    await interaction.response.send_message("bad", view=bad_view())
                elif route == "followup":
                    await interaction.response.defer()
                    await interaction.followup.send("bad", view=bad_view())
                elif route == "original":
                    await interaction.response.send_message("fine")
                    await interaction.edit_original_response(view=bad_view())
                else:  # "edit": a channel message edited into something Discord refuses
                    await interaction.response.defer()
                    sent = await interaction.channel.send("fine")  # type: ignore[union-attr]
                    await sent.edit(view=bad_view())
            except discord.HTTPException as exc:
                self.errors.append(f"{exc.status}:{exc.code}:{exc.text}")
                if interaction.response.is_done():
                    await interaction.followup.send(f"refused {exc.code}", ephemeral=True)
                else:
                    await interaction.response.send_message(f"refused {exc.code}", ephemeral=True)

        @tree.command(name="late", description="answers after Discord gave up", guild=guild)
        async def late(interaction: discord.Interaction) -> None:
            await asyncio.sleep(0.3)
            try:
                await interaction.response.send_message("too late")
            except discord.NotFound as exc:
                self.late.append(exc.code)

        @tree.command(name="hello", description="global command")
        async def hello(interaction: discord.Interaction) -> None:
            await interaction.response.send_message("hello everywhere")


@dataclass
class Table:
    twin: Twin
    bot: BareBot
    guild: TwinGuild
    channel: object
    alice: TwinUser
    bob: TwinUser
    # what discord.py logged at ERROR or above: a payload it could not parse, a handler that
    # raised. Checked empty after each test; a test expecting one takes it out.
    discord_errors: list[logging.LogRecord] = field(default_factory=list)


class _Collect(logging.Handler):
    def __init__(self, into: list[logging.LogRecord]) -> None:
        super().__init__(logging.ERROR)
        self.into = into

    def emit(self, record: logging.LogRecord) -> None:
        self.into.append(record)


@pytest.fixture
async def table() -> AsyncIterator[Table]:
    logging.getLogger("discord").setLevel(logging.ERROR)
    async with Twin.running(heartbeat_ms=500) as twin:
        guild = twin.add_guild("보드게임 모임")
        channel = guild.add_channel("games")
        alice = guild.add_user("alice", locale="ko")
        bob = guild.add_user("bob", dms_open=False)
        async with discord_py_pointed_at(twin):
            bot = BareBot(guild.id)
            task = asyncio.create_task(bot.start(twin.token))
            errors: list[logging.LogRecord] = []
            handler = _Collect(errors)
            logging.getLogger("discord").addHandler(handler)
            try:
                await twin.wait_ready()
                await twin.wait_for(bot.is_ready, 10, "discord.py to be ready")
                yield Table(twin, bot, guild, channel, alice, bob, errors)
            finally:
                await bot.close()
                await asyncio.wait_for(task, 10)
                logging.getLogger("discord").removeHandler(handler)
            assert errors == [], [r.getMessage() for r in errors]
