"""The lobby: `/game new`, and the lobby message's Join/Leave/Start/Cancel and options."""

from __future__ import annotations

import logging
from typing import TYPE_CHECKING, Any

import discord
from discord.ext import commands

import rules
from bot.components import (
    LOBBY_OPS,
    MAX_ROWS,
    SELECT_MAX_OPTIONS,
    LobbyButton,
    OptionMenuSelect,
    OptionSelect,
)
from bot.i18n import has, t
from bot.table_options import value_key
from bot.table_types import OptionSpec, Refusal
from storage.base import GameRecord, MessageRef

from .replies import guard, send_private
from .texts import game_lang, game_title

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.lobby")

THREAD_ARCHIVE_MINUTES = 10080  # a week: slow games go quiet for days
LIST_ALL_OPTIONS = 8  # more options than this: the lobby text lists only changed ones


def option_label(spec: OptionSpec, lang: str) -> str:
    text = t(spec.label_key, lang)
    return spec.description or spec.name if text == spec.label_key else text


def option_values(spec: OptionSpec) -> list[Any]:
    """The values a select can offer; empty for an int without a small range."""
    if spec.kind == "bool":
        return [True, False]
    if spec.kind == "enum":
        return list(spec.values)
    low, high = spec.minimum, spec.maximum
    if low is not None and high is not None and 0 <= high - low < SELECT_MAX_OPTIONS:
        return list(range(low, high + 1))
    return []


def value_label(spec: OptionSpec, value: Any, lang: str) -> str:
    if value is None and (none_key := value_key(spec, None)) and has(none_key, lang):
        return t(none_key, lang)  # "decided automatically", not "No"
    if spec.kind == "bool":
        return t("discord.yes" if value else "discord.no", lang)
    key = spec.value_keys.get(str(value))
    text = t(key, lang) if key else str(value)
    return str(value) if text == key else text


def value_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


def lobby_text(record: GameRecord, specs: list[OptionSpec], lang: str) -> str:
    engine = rules.get_engine(record.game)
    players = ", ".join(f"<@{uid}>" for uid in record.seats) or t("discord.lobby.nobody", lang)
    lines = [
        t("discord.lobby.title", lang, game=game_title(record, lang), id=record.id,
          host=f"<@{record.host_id}>"),
        t("discord.lobby.players", lang, count=len(record.seats), min=engine.min_seats,
          max=engine.max_seats, players=players),
    ]
    # Many options (Citadels has two dozen house-rule switches): list only the changed ones.
    shown = specs if len(specs) <= LIST_ALL_OPTIONS else [
        s for s in specs if s.name in record.options and record.options[s.name] != s.default]
    if shown:
        lines.append(t("discord.lobby.options", lang))
        for spec in shown:
            value = record.options.get(spec.name, spec.default)
            lines.append(t("discord.lobby.option_line", lang, label=option_label(spec, lang),
                           value=value_label(spec, value, lang)))
    if len(shown) < len(specs):
        lines.append(t("discord.lobby.defaults", lang))
    if record.status == "lobby":
        lines.append(t("discord.lobby.hint", lang))
    elif record.status == "cancelled":
        lines.append(t("discord.lobby.cancelled", lang))
    else:
        lines.append(t("discord.lobby.started", lang))
    return "\n".join(lines)[:2000]


def option_select(
    record: GameRecord, spec: OptionSpec, lang: str, *, row: int | None = None
) -> OptionSelect:
    current = record.options.get(spec.name, spec.default)
    values = [
        (value_text(v), value_label(spec, v, lang), v == current) for v in option_values(spec)
    ]
    return OptionSelect(record.id, spec.name, values, option_label(spec, lang), row=row)


def lobby_view(record: GameRecord, specs: list[OptionSpec], lang: str) -> discord.ui.View | None:
    if record.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    settable = [s for s in specs if option_values(s)]
    if len(settable) <= MAX_ROWS - 1:  # few options: one select of values each
        for row, spec in enumerate(settable):
            view.add_item(option_select(record, spec, lang, row=row))
    else:  # many: first pick the option, then its values (host only, ephemeral)
        menu = [
            (s.name, option_label(s, lang),
             value_label(s, record.options.get(s.name, s.default), lang))
            for s in settable
        ]
        view.add_item(OptionMenuSelect(record.id, menu, t("discord.lobby.option_menu", lang),
                                       row=0))
    for op in LOBBY_OPS:
        view.add_item(LobbyButton(record.id, op, t(f"discord.button.{op}", lang)))
    return view


class LobbyCog(commands.Cog, name="Lobby"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    def specs(self, record: GameRecord) -> list[OptionSpec]:
        return self.bot.table.option_specs(record.game)

    async def new_game(self, interaction: discord.Interaction, game: str) -> None:
        async with guard(self.bot, interaction, "create_public_threads"):
            channel = interaction.channel
            if not isinstance(channel, discord.TextChannel):
                raise Refusal("discord.not_in_text_channel")
            if game not in rules.ENGINES:  # a cheap check before the ack; engines load later
                raise Refusal("discord.unknown_game_name", game=game,
                              games=", ".join(self.bot.games))
            await interaction.response.defer(thinking=True)
            lang = self.bot.settings.default_lang
            record = await self.bot.table.new_game(
                game, guild_id=interaction.guild_id, channel_id=channel.id,
                host_id=interaction.user.id, lang=lang,
            )
            try:
                thread = await channel.create_thread(
                    name=t("discord.thread_name", lang, game=game_title(record, lang),
                           id=record.id)[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                )
            except discord.HTTPException:
                await self.bot.table.cancel(record.id, interaction.user.id)  # no thread, no game
                raise
            record = await self.bot.table.attach_thread(record.id, thread.id)
            specs = self.specs(record)
            message = await thread.send(lobby_text(record, specs, lang),
                                        view=lobby_view(record, specs, lang),
                                        allowed_mentions=discord.AllowedMentions.none())
            await self.bot.store.record_message(MessageRef(
                game_id=record.id, channel_id=thread.id, message_id=message.id, kind="lobby"))
            log.info("game %s (%s) opened in thread %s by %s", record.id, game, thread.id,
                     interaction.user.id)
            user_lang = await self.bot.user_lang(interaction)
            await interaction.followup.send(
                t("discord.lobby.opened", user_lang, thread=thread.mention))

    async def _refresh(self, interaction: discord.Interaction, record: GameRecord) -> None:
        lang = game_lang(record)
        specs = self.specs(record)
        await interaction.edit_original_response(
            content=lobby_text(record, specs, lang), view=lobby_view(record, specs, lang))

    async def refresh_lobby(self, record: GameRecord) -> None:
        """Redraw the lobby message after a change made outside its buttons."""
        lang = game_lang(record)
        specs = self.specs(record)
        for ref in await self.bot.store.messages(record.id, "lobby"):
            try:
                partial = self.bot.get_partial_messageable(ref.channel_id)
                await partial.get_partial_message(ref.message_id).edit(
                    content=lobby_text(record, specs, lang), view=lobby_view(record, specs, lang))
            except discord.HTTPException as error:
                log.info("could not redraw lobby of game %s: %s", record.id, error)

    async def on_lobby(self, interaction: discord.Interaction, game_id: int, op: str) -> None:
        async with guard(self.bot, interaction):
            await interaction.response.defer()
            table, uid = self.bot.table, interaction.user.id
            async with self.bot.game_lock(game_id):
                if op == "join":
                    record = await table.join(game_id, uid)
                elif op == "leave":
                    record = await table.leave(game_id, uid)
                elif op == "cancel":
                    record = await table.cancel(game_id, uid)
                else:
                    outcome = await table.start(game_id, uid)
                    await self._refresh(interaction, outcome.game)
                    await self.bot.publisher.publish(outcome, interaction=interaction)
                    return
                await self._refresh(interaction, record)

    async def on_option(
        self, interaction: discord.Interaction, game_id: int, name: str, value: str
    ) -> None:
        async with guard(self.bot, interaction):
            await interaction.response.defer()
            from_menu = interaction.message is not None and interaction.message.flags.ephemeral
            try:
                async with self.bot.game_lock(game_id):
                    record = await self.bot.table.set_option(game_id, interaction.user.id, name,
                                                             value)
            except Refusal:
                if not from_menu:  # the select shows the refused value: redraw the true state
                    await self._refresh(interaction, await self.bot.store.get_game(game_id))
                raise
            if from_menu:  # the ephemeral value picker: confirm there, redraw the lobby itself
                lang = await self.bot.user_lang(interaction)
                spec = next(s for s in self.specs(record) if s.name == name)
                await interaction.edit_original_response(
                    content=t("option_set", lang, name=option_label(spec, lang),
                              value=value_label(spec, record.options.get(name), lang)),
                    view=None)
                await self.refresh_lobby(record)
            else:
                await self._refresh(interaction, record)

    async def on_option_menu(
        self, interaction: discord.Interaction, game_id: int, name: str
    ) -> None:
        async with guard(self.bot, interaction):
            await interaction.response.defer(ephemeral=True, thinking=True)
            record = await self.bot.store.get_game(game_id)
            if record.status != "lobby":
                raise Refusal("not_in_lobby", status=record.status)
            if interaction.user.id != record.host_id:
                raise Refusal("not_host", host=f"<@{record.host_id}>")
            spec = next((s for s in self.specs(record) if s.name == name), None)
            if spec is None or not option_values(spec):
                raise Refusal("option_unknown", name=name)
            lang = await self.bot.user_lang(interaction)
            view = discord.ui.View(timeout=None)
            view.add_item(option_select(record, spec, lang))
            await send_private(interaction, option_label(spec, lang), view=view)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(LobbyCog(bot))

