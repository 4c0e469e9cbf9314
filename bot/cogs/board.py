"""Table boards on Discord: `/game board-here` (a server admin pins, in this channel, one
message the bot keeps edited: every running game opened here, whom it waits on and since
when) and `/game board-off`. The board is edited, never re-posted, when a game of its channel
changes (the publisher's `game_changed` event after each shown outcome); a burst of changes
within EDIT_DELAY_SECONDS makes one edit. Boards are stored, so they outlive a restart."""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot.i18n import t
from bot.table_board import BoardGame, Waiting
from storage.base import GameRecord

from .replies import chunk_lines, guard, send_private
from .seats import is_admin
from .texts import game_title, thread_link

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.board")

QUIET = discord.AllowedMentions.none()  # the board names players, it never pings them


def stamp(moment: datetime, style: str = "R") -> str:
    """A Discord timestamp: each reader's client shows it in her own language and time zone,
    and a relative one ("3 hours ago") stays current without an edit."""
    return f"<t:{int(moment.timestamp())}:{style}>"


def waiting_text(w: Waiting, lang: str) -> str:
    user = f"<@{w.user_id}>"
    if w.away_until is not None:
        return t("board.away", lang, user=user, until=stamp(w.away_until, "D"))
    if w.since is None:
        return t("board.waiting_new", lang, user=user)
    return t("board.waiting", lang, user=user, since=stamp(w.since))


def board_text(games: list[BoardGame], lang: str, now: datetime) -> str:
    lines = [t("board.title", lang)]
    for entry in games:
        game = entry.game
        waiting = ", ".join(waiting_text(w, lang) for w in entry.waiting)
        lines.append(t("board.line" if waiting else "board.line_idle", lang,
                       game=game_title(game, lang), id=game.id, link=thread_link(game),
                       waiting=waiting))
    if not games:
        lines.append(t("board.empty", lang))
    footer = t("board.updated", lang, at=stamp(now))
    text = chunk_lines(lines, 2000 - len(footer) - 3)[0]
    return f"{text}\n{footer}" if len(text) + len(footer) < 1999 else text


def board_channel(interaction: discord.Interaction) -> int | None:
    """The text channel a board belongs to: asked in a game's thread, its parent."""
    channel = interaction.channel
    if isinstance(channel, discord.Thread):
        return channel.parent_id
    return interaction.channel_id


class BoardCog(commands.Cog, name="Board"):
    EDIT_DELAY_SECONDS = 1.0  # changes closer together than this make one edit

    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self._dirty: set[int] = set()  # channels whose board must be edited
        self._tasks: dict[int, asyncio.Task[None]] = {}

    async def text(self, channel_id: int, lang: str) -> str:
        return board_text(await self.bot.table.board_games(channel_id), lang, self.bot.clock())

    # -- commands -----------------------------------------------------------------
    async def board_here(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            channel_id = board_channel(interaction)
            assert channel_id is not None
            pinned = True

            async def post() -> int:
                nonlocal pinned
                await interaction.response.defer(ephemeral=True, thinking=True)
                channel = self.bot.get_partial_messageable(channel_id)
                message = await channel.send(await self.text(channel_id, lang),
                                             allowed_mentions=QUIET)
                try:
                    await message.pin()
                except discord.HTTPException as error:  # no right to pin: the board still works
                    log.info("board in channel %s not pinned: %s", channel_id, error)
                    pinned = False
                return message.id

            board, old = await self.bot.table.place_board(
                channel_id, interaction.guild_id, interaction.user.id,
                admin=is_admin(interaction), lang=lang, post=post)
            if old is not None and old.message_id != board.message_id:
                await self._delete(old.channel_id, old.message_id)
            link = f"https://discord.com/channels/{board.guild_id}/{channel_id}/{board.message_id}"
            reply = t("board.placed", lang, link=link)
            if not pinned:
                reply += "\n" + t("board.not_pinned", lang)
            await send_private(interaction, reply)

    async def board_off(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            channel_id = board_channel(interaction)
            assert channel_id is not None
            board = await self.bot.table.remove_board(
                channel_id, interaction.guild_id, admin=is_admin(interaction))
            await self._delete(board.channel_id, board.message_id)
            await send_private(interaction, t("board.removed", lang))

    async def _delete(self, channel_id: int, message_id: int) -> None:
        try:
            await self.bot.get_partial_messageable(channel_id).get_partial_message(
                message_id).delete()
        except discord.HTTPException as error:  # already gone, or not ours to delete
            log.info("board message %s not deleted: %s", message_id, error)

    # -- keeping it edited ------------------------------------------------------------
    @commands.Cog.listener()
    async def on_game_changed(self, game: GameRecord) -> None:
        if await self.bot.table.board_of(game.channel_id) is not None:  # most channels have none
            self.schedule(game.channel_id)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """After a restart every board is brought up to date once."""
        for board in await self.bot.store.boards():
            self.schedule(board.channel_id)

    def schedule(self, channel_id: int) -> None:
        """Edit the channel's board soon; changes until then make the same one edit."""
        self._dirty.add(channel_id)
        if channel_id not in self._tasks:
            task = asyncio.create_task(self._edit_soon(channel_id))
            self._tasks[channel_id] = task
            self.bot.inflight.add(task)  # a close() lets the edit finish; tests wait for it
            task.add_done_callback(self.bot.inflight.discard)

    async def _edit_soon(self, channel_id: int) -> None:
        try:
            while channel_id in self._dirty:  # a change during an edit edits once more
                await asyncio.sleep(self.EDIT_DELAY_SECONDS)
                self._dirty.discard(channel_id)
                await self.refresh(channel_id)
        except Exception:
            log.exception("could not edit the board of channel %s", channel_id)
        finally:
            self._tasks.pop(channel_id, None)

    async def refresh(self, channel_id: int) -> bool:
        """Edit the channel's board to show its games now; False if it has none. A board
        message someone deleted is forgotten (the admin places a new one)."""
        board = await self.bot.table.board_of(channel_id)
        if board is None:
            return False
        message = self.bot.get_partial_messageable(channel_id).get_partial_message(
            board.message_id)
        try:
            await message.edit(content=await self.text(channel_id, board.lang),
                               allowed_mentions=QUIET)
        except discord.NotFound:
            log.info("board message %s of channel %s is gone: forgotten", board.message_id,
                     channel_id)
            await self.bot.store.remove_board(channel_id)
            return False
        except discord.HTTPException as error:  # no access now: the next change tries again
            log.warning("board of channel %s not edited: %s", channel_id, error)
            return False
        return True


def _game_commands(bot: GameBot) -> list[app_commands.Command]:
    """`/game board-here` and `/game board-off`, made per bot (a command has one group)."""

    def cog() -> BoardCog:
        return bot.get_cog("Board")  # type: ignore[return-value]

    @app_commands.command(
        name="board-here",
        description="Pin a message listing every game of this channel and whose turn it is "
        "(admin)",
    )
    @app_commands.guild_only()
    async def board_here(interaction: discord.Interaction) -> None:
        await cog().board_here(interaction)

    @app_commands.command(name="board-off", description="Remove this channel's table board "
                          "(admin)")
    @app_commands.guild_only()
    async def board_off(interaction: discord.Interaction) -> None:
        await cog().board_off(interaction)

    return [board_here, board_off]


async def setup(bot: GameBot) -> None:
    await bot.add_cog(BoardCog(bot))
    group = bot.tree.get_command("game")  # the /game group (bot.cogs.commands, loaded first)
    if isinstance(group, app_commands.Group):
        for command in _game_commands(bot):
            group.add_command(command)
    else:
        log.warning("no /game group: /game board-here and /game board-off are not offered")
