"""Reply helpers shared by the cogs: ephemeral answers, refusals, and the error guard.

Not a cog. Every handler runs inside `guard()`, so bad input never crashes the bot: a
Refusal becomes its message, Forbidden names the missing permission, NotFound and any
other exception are logged and answered with a generic error; the game is unchanged.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import TYPE_CHECKING, Any

import discord

from bot.i18n import refusal_text, t
from bot.table_types import Refusal

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.replies")

MESSAGE_MAX = 2000


class MissingPermission(Exception):
    """The bot lacks `permission` where the user acted (known from `app_permissions`,
    before anything was tried)."""

    def __init__(self, permission: str) -> None:
        super().__init__(permission)
        self.permission = permission


def require(interaction: discord.Interaction, *permissions: str) -> None:
    """Raise MissingPermission for the first of `permissions` (discord.Permissions names)
    the bot lacks in the interaction's channel; a thread has its parent's."""
    held = getattr(interaction, "app_permissions", None)
    if held is None:  # not told (a stand-in without it): try, and answer a 403 after
        return
    for name in permissions:
        if not getattr(held, name):
            raise MissingPermission(name)


async def send_private(
    interaction: discord.Interaction, content: str | None = None, **kwargs: Any
) -> None:
    """An ephemeral answer, as the first response or as a follow-up after a defer."""
    if content is not None:
        content = content[:MESSAGE_MAX]
    if interaction.response.is_done():
        await interaction.followup.send(content, ephemeral=True, **kwargs)
    else:
        await interaction.response.send_message(content, ephemeral=True, **kwargs)


async def refuse(bot: GameBot, interaction: discord.Interaction, key: str, **params: Any) -> None:
    lang = await bot.user_lang(interaction)
    # The key only: params may name a secret (a drafted character, a card in hand).
    log.info("refusal to user %s: %s", interaction.user.id, key)
    await send_private(interaction, refusal_text(key, params, lang))


async def report_error(
    bot: GameBot,
    interaction: discord.Interaction,
    error: BaseException,
    permission: str = "send_messages",
) -> None:
    """Answer an exception from a handler; never raises."""
    try:
        if isinstance(error, Refusal):
            await refuse(bot, interaction, error.key, **error.params)
        elif isinstance(error, discord.Forbidden | MissingPermission):
            if isinstance(error, MissingPermission):
                permission = error.permission
            log.warning("forbidden (%s) in channel %s: %s", permission,
                        interaction.channel_id, error)
            lang = await bot.user_lang(interaction)
            name = t(f"discord.perm.{permission}", lang)
            await send_private(interaction, t("discord.missing_permission", lang, permission=name))
        else:
            log.error("error in interaction %s by user %s", interaction.id, interaction.user.id,
                      exc_info=error)
            await refuse(bot, interaction, "discord.error")
    except Exception:  # the interaction itself may be gone (expired token, deleted channel)
        log.exception("could not answer interaction %s", interaction.id)


@asynccontextmanager
async def inflight(bot: GameBot) -> AsyncIterator[None]:
    """Mark the running handler (an interaction's, or a gateway event's) as in flight:
    close() lets it finish before the store closes."""
    task = asyncio.current_task()
    if task is not None:
        bot.inflight.add(task)
    try:
        yield
    finally:
        bot.inflight.discard(task)  # type: ignore[arg-type]


@asynccontextmanager
async def guard(
    bot: GameBot, interaction: discord.Interaction, permission: str = "send_messages"
) -> AsyncIterator[None]:
    """Run a handler body; turn any exception into an ephemeral answer and a log line."""
    async with inflight(bot):
        try:
            # Every click or command remembers its user's locale, so a player who only ever
            # pressed Join still gets her DMs in her own language.
            await bot.user_lang(interaction)
            yield
        except Exception as error:  # every failure gets an answer, none a crash
            await report_error(bot, interaction, error, permission)


def chunk_lines(lines: list[str], limit: int = MESSAGE_MAX) -> list[str]:
    """Join lines into messages of at most `limit` characters (a long line is cut)."""
    out: list[str] = []
    current = ""
    for line in lines:
        line = line if len(line) <= limit else line[: limit - 1] + "…"
        if current and len(current) + 1 + len(line) > limit:
            out.append(current)
            current = line
        else:
            current = f"{current}\n{line}" if current else line
    if current:
        out.append(current)
    return out
