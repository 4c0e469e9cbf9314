"""The lobby: `/game new`, and the lobby message's Join/Leave/Start/Cancel and options."""

from __future__ import annotations

import logging
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

import discord
from discord import app_commands
from discord.ext import commands

import rules
from bot import games
from bot.components import (
    LOBBY_OPS,
    MAX_ROWS,
    SELECT_MAX_OPTIONS,
    LobbyButton,
    OptionMenuSelect,
    OptionSelect,
    OptionTextModal,
    clip,
    menu_page_of,
)
from bot.i18n import has, lang_from_locale, t
from bot.table_options import value_key
from bot.table_types import OptionSpec, Refusal
from storage.base import GameRecord, MessageRef

from .replies import MissingPermission, chunk_lines, guard, require, send_private
from .texts import game_lang, game_title

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.lobby")

THREAD_ARCHIVE_MINUTES = 10080  # a week: slow games go quiet for days
LIST_ALL_OPTIONS = 8  # more options than this: the lobby text lists only changed ones
# `/game option`'s name when picked from autocomplete's last entry with many options: the
# answer lists them all (autocomplete shows 25 at most).
LIST_OPTIONS = "?"


def option_label(spec: OptionSpec, lang: str) -> str:
    text = t(spec.label_key, lang)
    return spec.description or spec.name if text == spec.label_key else text


def option_values(spec: OptionSpec, seats: Sequence[int] = ()) -> list[Any]:
    """The values a select can offer; empty for an int without a small range or a list."""
    if spec.kind == "bool":
        return [True, False]
    if spec.kind == "enum":
        return list(spec.values)
    if spec.kind == "seat":  # the seated players, then "random"
        return [*seats, *spec.values]
    if spec.kind == "list":
        return []
    low, high = spec.minimum, spec.maximum
    if low is not None and high is not None and 0 <= high - low < SELECT_MAX_OPTIONS:
        return list(range(low, high + 1))
    return []


def settable(spec: OptionSpec, seats: Sequence[int] = ()) -> bool:
    """Whether the lobby offers the option: a select of its values, or a text box (lists)."""
    return spec.kind == "list" or bool(option_values(spec, seats))


def current_value(record: GameRecord, spec: OptionSpec) -> Any:
    """An option's value in the lobby; an unset seat option is the engine's default seat,
    the first, which is the host's."""
    if spec.kind == "seat" and record.options.get(spec.name) is None:
        return record.host_id
    return record.options.get(spec.name, spec.default)


def value_label(
    spec: OptionSpec, value: Any, lang: str, names: Mapping[int, str] | None = None
) -> str:
    """A value as a player reads it; a seat option's player by name (`names`, by user id)
    or else as a mention."""
    if value is None and (none_key := value_key(spec, None)) and has(none_key, lang):
        return t(none_key, lang)  # "decided automatically", not "No"
    if spec.kind == "bool":
        return t("discord.yes" if value else "discord.no", lang)
    if spec.kind == "seat" and isinstance(value, int):
        return (names or {}).get(value) or f"<@{value}>"
    if spec.kind == "list" and isinstance(value, list):
        return ", ".join(map(str, value))
    key = spec.value_keys.get(str(value))
    text = t(key, lang) if key else str(value)
    return str(value) if text == key else text


def value_text(value: Any) -> str:
    if isinstance(value, list):
        return ", ".join(map(str, value))
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
    # Many options (a game may have dozens of house-rule switches): list only the changed ones.
    shown = specs if len(specs) <= LIST_ALL_OPTIONS else [
        s for s in specs if s.name in record.options and record.options[s.name] != s.default]
    if shown:
        lines.append(t("discord.lobby.options", lang))
        for spec in shown:
            value = current_value(record, spec)
            lines.append(t("discord.lobby.option_line", lang, label=option_label(spec, lang),
                           value=value_label(spec, value, lang)))
    if len(shown) < len(specs):
        lines.append(t("discord.lobby.defaults", lang))
    offered = [s for s in specs if settable(s, record.seats)]
    in_view = {s.name for part in view_layout(record, specs) for s in part}
    if record.status == "lobby" and (missing := [s for s in offered if s.name not in in_view]):
        lines.append(t("discord.lobby.option_command", lang,
                       options=", ".join(option_label(s, lang) for s in missing)))
    if record.status == "lobby":
        lines.append(t("discord.lobby.hint", lang))
    elif record.status == "cancelled":
        lines.append(t("discord.lobby.cancelled", lang))
    else:
        lines.append(t("discord.lobby.started", lang))
    return "\n".join(lines)[:2000]


def option_select(
    record: GameRecord,
    spec: OptionSpec,
    lang: str,
    *,
    row: int | None = None,
    names: Mapping[int, str] | None = None,
) -> OptionSelect:
    current = current_value(record, spec)
    values = [
        (value_text(v), value_label(spec, v, lang, names), v == current)
        for v in option_values(spec, record.seats)
    ]
    return OptionSelect(record.id, spec.name, values, option_label(spec, lang), row=row)


def option_modal(record: GameRecord, spec: OptionSpec, lang: str) -> OptionTextModal:
    """A text box for a list option, filled with its current items."""
    current = record.options.get(spec.name)
    return OptionTextModal(record.id, spec.name, option_label(spec, lang),
                           option_label(spec, lang),
                           value_text(current) if current is not None else "",
                           t("table.option.list_hint", lang))


def view_layout(
    record: GameRecord, specs: list[OptionSpec]
) -> tuple[list[OptionSpec], list[OptionSpec]]:
    """Which options get a select of their own and which go into the option menu. Few
    options: a select each, typed ones (lists) in a menu below if a row is left (else
    `/game option` sets them: the lobby text says so). Many: all in the menu."""
    offered = [s for s in specs if settable(s, record.seats)]
    picked = [s for s in offered if s.kind != "list"]
    typed = [s for s in offered if s.kind == "list"]
    rows = MAX_ROWS - 1  # the last row holds the buttons
    if len(picked) > rows:
        return [], offered
    if typed and len(picked) == rows:
        return picked, []
    return picked, typed


def option_menu(
    record: GameRecord,
    specs: list[OptionSpec],
    lang: str,
    names: Mapping[int, str] | None = None,
    *,
    row: int | None = None,
    page: int = 0,
) -> OptionMenuSelect:
    """The select of options to change; past 25 it pages (a last entry opens the rest)."""
    menu = [(s.name, option_label(s, lang), value_label(s, current_value(record, s), lang, names))
            for s in specs]
    return OptionMenuSelect(record.id, menu, t("discord.lobby.option_menu", lang), row=row,
                            page=page, more_label=t("discord.lobby.more_options", lang))


def lobby_view(
    record: GameRecord,
    specs: list[OptionSpec],
    lang: str,
    names: Mapping[int, str] | None = None,
) -> discord.ui.View | None:
    if record.status != "lobby":
        return None
    view = discord.ui.View(timeout=None)
    picked, typed = view_layout(record, specs)
    for row, spec in enumerate(picked):  # few options: one select of values each
        view.add_item(option_select(record, spec, lang, row=row, names=names))
    if typed:  # many, or typed ones: first pick the option, then its value (host only)
        view.add_item(option_menu(record, typed, lang, names, row=len(picked)))
    for op in LOBBY_OPS:
        view.add_item(LobbyButton(record.id, op, t(f"discord.button.{op}", lang)))
    return view


class LobbyCog(commands.Cog, name="Lobby"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot

    def specs(self, record: GameRecord) -> list[OptionSpec]:
        return self.bot.table.option_specs(record.game)

    async def names(self, record: GameRecord) -> dict[int, str]:
        """Seated players' display names, for seat options' select labels."""
        if not any(s.kind == "seat" for s in self.specs(record)):
            return {}
        return {uid: await self.bot.publisher.name_of(uid) for uid in record.seats}

    async def lobby_message(self, record: GameRecord) -> dict[str, Any]:
        lang = game_lang(record)
        specs = self.specs(record)
        return {"content": lobby_text(record, specs, lang),
                "view": lobby_view(record, specs, lang, await self.names(record))}

    async def new_game(self, interaction: discord.Interaction, game: str) -> None:
        async with guard(self.bot, interaction, "create_public_threads"):
            channel = interaction.channel
            if not isinstance(channel, discord.TextChannel):
                raise Refusal("discord.not_in_text_channel")
            # a cheap check before the ack (engines load later): a known engine with a
            # Discord side of its own
            if game not in rules.ENGINES or game not in games.all_games():
                raise Refusal("discord.unknown_game_name", game=game,
                              games=", ".join(self.bot.games))
            # Checked before the (public) defer, so the answer can still be private, and
            # before the game exists, so nothing is left half-made: the thread and its
            # lobby message need these (the thread's come from this channel).
            require(interaction, "create_public_threads", "send_messages_in_threads")
            await interaction.response.defer(thinking=True)
            lang = self.bot.settings.default_lang
            record = await self.bot.table.new_game(
                game, guild_id=interaction.guild_id, channel_id=channel.id,
                host_id=interaction.user.id, lang=lang,
            )
            thread: discord.Thread | None = None
            try:
                thread = await channel.create_thread(
                    name=t("discord.thread_name", lang, game=game_title(record, lang),
                           id=record.id)[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                )
                record = await self.bot.table.attach_thread(record.id, thread.id)
                message = await thread.send(**await self.lobby_message(record),
                                            allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException as error:
                # no thread or no lobby message to join with: no game
                await self.bot.table.cancel(record.id, interaction.user.id)
                if isinstance(error, discord.Forbidden) and thread is not None:
                    raise MissingPermission("send_messages_in_threads") from error
                raise
            await self.bot.store.record_message(MessageRef(
                game_id=record.id, channel_id=thread.id, message_id=message.id, kind="lobby"))
            log.info("game %s (%s) opened in thread %s by %s", record.id, game, thread.id,
                     interaction.user.id)
            user_lang = await self.bot.user_lang(interaction)
            await interaction.followup.send(
                t("discord.lobby.opened", user_lang, thread=thread.mention))

    async def _refresh(self, interaction: discord.Interaction, record: GameRecord) -> None:
        await interaction.edit_original_response(**await self.lobby_message(record))

    async def refresh_lobby(self, record: GameRecord) -> None:
        """Redraw the lobby message after a change made outside its buttons."""
        message = await self.lobby_message(record)
        for ref in await self.bot.store.messages(record.id, "lobby"):
            try:
                partial = self.bot.get_partial_messageable(ref.channel_id)
                await partial.get_partial_message(ref.message_id).edit(**message)
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
                    # the lobby redrawn under the lock, as a join redraws it: a join waiting
                    # on the lock redraws after, and is not drawn over
                    if from_menu:
                        await self.refresh_lobby(record)
                    else:
                        await self._refresh(interaction, record)
            except Refusal:
                if not from_menu:  # the select shows the refused value: redraw the true state
                    await self._refresh(interaction, await self.bot.store.get_game(game_id))
                raise
            if from_menu:  # the ephemeral value picker: confirmed there
                lang = await self.bot.user_lang(interaction)
                spec = next(s for s in self.specs(record) if s.name == name)
                value = value_label(spec, current_value(record, spec), lang,
                                    await self.names(record))
                await interaction.edit_original_response(
                    content=t("table.option_set", lang, name=option_label(spec, lang), value=value),
                    view=None)

    async def on_option_menu(
        self, interaction: discord.Interaction, game_id: int, name: str
    ) -> None:
        async with guard(self.bot, interaction):
            record = await self.bot.table.lobby_record(game_id)
            if interaction.user.id != record.host_id:
                raise Refusal("table.not_host", host=f"<@{record.host_id}>")
            if (page := menu_page_of(name)) is not None:  # the menu's next page, privately
                await interaction.response.defer(ephemeral=True, thinking=True)
                lang = await self.bot.user_lang(interaction)
                _, typed = view_layout(record, self.specs(record))
                view = discord.ui.View(timeout=None)
                view.add_item(option_menu(record, typed, lang, await self.names(record),
                                          page=page))
                await send_private(interaction, t("discord.lobby.option_menu", lang), view=view)
                return
            spec = next((s for s in self.specs(record) if s.name == name), None)
            if spec is None or not settable(spec, record.seats):
                raise Refusal("table.option_unknown", name=name)
            lang = await self.bot.user_lang(interaction)
            if spec.kind == "list":  # typed: a modal must be the first answer, no defer
                await interaction.response.send_modal(option_modal(record, spec, lang))
                return
            await interaction.response.defer(ephemeral=True, thinking=True)
            view = discord.ui.View(timeout=None)
            view.add_item(option_select(record, spec, lang, names=await self.names(record)))
            await send_private(interaction, option_label(spec, lang), view=view)

    async def option_command(
        self, interaction: discord.Interaction, name: str, value: str
    ) -> None:
        """`/game option`: set any lobby option by name, its value as text (host only)."""
        async with guard(self.bot, interaction):
            game = await self.bot.get_cog("Play").game_here(interaction)  # type: ignore[union-attr]
            await interaction.response.defer(ephemeral=True, thinking=True)
            lang = await self.bot.user_lang(interaction)
            if name.strip() == LIST_OPTIONS:  # every option, where autocomplete shows 25
                lines = [t("discord.lobby.all_options", lang)] + [
                    f"• {option_label(s, lang)} (`{s.name}`)"
                    for s in self.specs(game) if settable(s, game.seats)]
                for text in chunk_lines(lines):
                    await send_private(interaction, text)
                return
            async with self.bot.game_lock(game.id):
                record = await self.bot.table.set_option(game.id, interaction.user.id,
                                                         name.strip(), value)
                # Redrawn under the lock, as a join redraws: a join waiting on it then
                # redraws after, from its own record, and is not drawn over.
                await self.refresh_lobby(record)
            spec = next(s for s in self.specs(record) if s.name == name.strip())
            await send_private(interaction, t(
                "table.option_set", lang, name=option_label(spec, lang),
                value=value_label(spec, current_value(record, spec), lang,
                                  await self.names(record))))

    async def option_names(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete of `/game option`'s name: this thread's lobby options, labelled."""
        record = await self.bot.table.game_for_channel(interaction.channel_id or 0)
        if record is None or record.status != "lobby":
            return []
        lang = lang_from_locale(str(interaction.locale))
        needle = current.strip().lower()
        out = []
        for spec in self.specs(record):
            if not settable(spec, record.seats):
                continue
            label = option_label(spec, lang)
            if needle and needle not in label.lower() and needle not in spec.name.lower():
                continue
            out.append(app_commands.Choice(name=clip(f"{label} ({spec.name})", 100),
                                           value=spec.name))
        if len(out) > SELECT_MAX_OPTIONS:  # the rest are found by typing; the last entry says so
            rest = len(out) - (SELECT_MAX_OPTIONS - 1)
            hint = t("discord.lobby.more_option_names", lang, count=rest)
            out = [*out[:SELECT_MAX_OPTIONS - 1],
                   app_commands.Choice(name=clip(hint, 100), value=LIST_OPTIONS)]
        return out

    async def option_value_choices(
        self, interaction: discord.Interaction, name: str, current: str
    ) -> list[app_commands.Choice[str]]:
        """Autocomplete of `/game option`'s value: the option's values, players by name."""
        record = await self.bot.table.game_for_channel(interaction.channel_id or 0)
        if record is None or record.status != "lobby":
            return []
        spec = next((s for s in self.specs(record) if s.name == name), None)
        if spec is None:
            return []
        lang = lang_from_locale(str(interaction.locale))
        names = await self.names(record)
        needle = current.strip().lower()
        out = []
        for value in option_values(spec, record.seats):
            label = value_label(spec, value, lang, names)
            if needle and needle not in label.lower() and needle not in value_text(value):
                continue
            out.append(app_commands.Choice(name=clip(label, 100), value=value_text(value)))
        if spec.kind == "list" and current.strip():  # what is typed, as typed
            out.append(app_commands.Choice(name=clip(current, 100), value=current[:100]))
        return out[:SELECT_MAX_OPTIONS]


async def setup(bot: GameBot) -> None:
    await bot.add_cog(LobbyCog(bot))

