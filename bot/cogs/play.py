"""Playing: choice clicks, `/play`, and the in-game `/game` commands (status, board, hand,
log, undo, leave). The slash commands themselves are declared in cogs/commands.py."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TYPE_CHECKING

import discord
from discord import app_commands
from discord.ext import commands

from bot import games
from bot.components import OPTION_LABEL_MAX, ChoiceRef, choice_hash, clip, key_matches
from bot.i18n import t
from bot.table_types import Outcome, Prompt, Refusal
from storage.base import GameRecord, StorageError, VersionConflict

from .publisher import MESSAGE_MAX, png_file
from .replies import chunk_lines, guard, inflight, send_private
from .texts import decision_view, game_lang, game_title, kind_choices_view

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.play")

AUTOCOMPLETE_MAX = 25
LOG_CHARS = 1900

MOVES_CACHE = 64  # (game, version, user, lang) -> legal moves, for autocomplete keystrokes


def match_prompt(prompts: list[Prompt], ref: ChoiceRef, user_id: int) -> tuple[Prompt, int]:
    """The open prompt a click refers to and the index of the choice clicked, or the Refusal
    explaining why there is none. A decision keeps its key while another seat's answer
    changes its choices (a power offer accepted adds options to the next turn): a button
    posted before then still means the choice its text names, found by that text's hash."""
    same = [p for p in prompts if key_matches(ref.key, p.decision.key)]
    if not same:
        raise Refusal("table.stale")
    mine = [p for p in same if p.user_id == user_id]
    if not mine:
        raise Refusal("discord.not_your_choice", user=f"<@{same[0].user_id}>")
    prompt = mine[0]
    hashes = [choice_hash(c.text) for c in prompt.decision.choices or []]
    if 0 <= ref.index < len(hashes) and hashes[ref.index] == ref.hash4:
        return prompt, ref.index
    moved = [i for i, h in enumerate(hashes) if h == ref.hash4]
    if len(moved) != 1:  # gone, or two choices share the hash: which one is unknown
        raise Refusal("table.stale")
    return prompt, moved[0]


def filter_moves(moves: list[str], current: str) -> list[app_commands.Choice[str]]:
    """Autocomplete: moves starting with what was typed first, then moves containing it;
    at most 25, each within Discord's limits."""
    needle = " ".join(current.lower().split())
    if needle:
        starts = [m for m in moves if m.lower().startswith(needle)]
        if len(starts) < AUTOCOMPLETE_MAX:
            seen = set(starts)
            starts += [m for m in moves if needle in m.lower() and m not in seen]
        hits = starts
    else:
        hits = moves
    return [app_commands.Choice(name=clip(m, OPTION_LABEL_MAX), value=m[:100])
            for m in hits[:AUTOCOMPLETE_MAX]]


class PlayCog(commands.Cog, name="Play"):
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self._moves: dict[tuple[int, int, int, str], list[str]] = {}
        self._caught_up = False

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Once per start: a move saved just before a crash may have had its prompts never
        posted. Each running game's open prompts without a message are posted now (the same
        check as after every move, so nothing already shown is posted twice)."""
        if self._caught_up:  # READY again after a reconnect: nothing was lost in between
            return
        self._caught_up = True
        async with inflight(self.bot):
            try:
                for game in await self.bot.store.list_games(status="running"):
                    if self.bot.is_closed():  # shutting down: the next start catches up
                        return
                    async with self.bot.game_lock(game.id):
                        current = await self.bot.store.get_game(game.id)
                        if current.status == "running":
                            await self.bot.publisher.publish(Outcome(game=current))
            except StorageError:
                if not self.bot.is_closed():
                    raise
                log.info("start-up catch-up stopped: the bot is closing")

    @commands.Cog.listener()
    async def on_raw_thread_delete(self, payload: discord.RawThreadDeleteEvent) -> None:
        """A game's thread was deleted: a running game moves to a new thread with its open
        prompts; a lobby (no moves yet) is cancelled. Never raises."""
        async with inflight(self.bot):
            try:
                await self._thread_deleted(payload.thread_id)
            except Exception:
                log.exception("could not handle the deletion of thread %s", payload.thread_id)

    async def _thread_deleted(self, thread_id: int) -> None:
        game = await self.bot.table.game_for_channel(thread_id)
        if game is None:
            return
        if game.status == "lobby":
            try:  # unless it started meanwhile
                await self.bot.store.update_settings(
                    game.id, {"thread_missing": True}, expected_status="lobby",
                    status="cancelled")
            except VersionConflict:
                game = await self.bot.store.get_game(game.id)
        if game.status == "lobby":
            log.info("lobby %s cancelled: its thread %s was deleted", game.id, thread_id)
            return
        async with self.bot.game_lock(game.id):
            # read again under the lock: a move's post may have found the thread gone first
            # and moved the game already
            game = await self.bot.store.get_game(game.id)
            if game.status != "running" or game.thread_id != thread_id:
                return
            thread = await self.bot.publisher.replace_thread(game)
            if thread is not None:
                await self.bot.publisher.post_missing_prompts(
                    await self.bot.store.get_game(game.id), thread)

    @commands.Cog.listener()
    async def on_guild_channel_update(
        self, before: discord.abc.GuildChannel, after: discord.abc.GuildChannel
    ) -> None:
        """A channel's overwrites may have given the bot back the right to post in its
        games' threads (Discord sends CHANNEL_UPDATE when a moderator changes them)."""
        await self._resume_posting(lambda game: game.channel_id == after.id)

    @commands.Cog.listener()
    async def on_guild_role_update(self, before: discord.Role, after: discord.Role) -> None:
        await self._resume_posting(lambda game: game.guild_id == after.guild.id)

    async def _resume_posting(self, here: Callable[[GameRecord], bool]) -> None:
        """Running games there go on: prompts a refused post left unshown are posted."""
        async with inflight(self.bot):
            try:
                for game in await self.bot.store.list_games(status="running"):
                    if here(game):
                        async with self.bot.game_lock(game.id):
                            game = await self.bot.store.get_game(game.id)
                            await self.bot.publisher.resume(game)
            except Exception:
                log.exception("could not resume posting after a permission change")

    async def legal_moves(self, game: GameRecord, user_id: int, lang: str) -> list[str]:
        """The user's legal moves, computed once per game version (autocomplete fires on
        every keystroke, and one turn of a big game can list hundreds)."""
        key = (game.id, game.version, user_id, lang)
        if key not in self._moves:
            if len(self._moves) >= MOVES_CACHE:
                self._moves.pop(next(iter(self._moves)))
            self._moves[key] = await self.bot.table.legal_moves(game.id, user_id, lang)
        return self._moves[key]

    async def game_here(self, interaction: discord.Interaction) -> GameRecord:
        """The game of the thread the interaction is in; Refusal elsewhere."""
        channel_id = interaction.channel_id
        game = await self.bot.table.game_for_channel(channel_id) if channel_id else None
        if game is None:
            raise Refusal("discord.not_in_thread")
        return game

    # -- clicks -----------------------------------------------------------------
    async def acknowledge(self, interaction: discord.Interaction) -> None:
        """Acknowledge a click as an update of its message (type 6: nothing shown yet, the
        move may take a moment), then answer privately by follow-ups; the message (a prompt,
        a notice) is closed later through this interaction, not by a channel edit."""
        await interaction.response.defer()
        self.bot.publisher.hold(interaction)

    async def on_choice(self, interaction: discord.Interaction, ref: ChoiceRef) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            await self.acknowledge(interaction)
            async with self.bot.game_lock(ref.game_id):
                try:
                    prompts = await self.bot.table.open_prompts(ref.game_id)
                except Refusal:
                    raise Refusal("table.stale") from None  # a forged or deleted game id
                prompt, index = match_prompt(prompts, ref, interaction.user.id)
                choice = (prompt.decision.choices or [])[index]
                # the choice's text may be a secret (a draft pick): log where, not what
                log.info("click by %s in game %s: choice %d on %s", interaction.user.id,
                         ref.game_id, index, prompt.decision.key)
                outcome = await self.bot.table.act(
                    ref.game_id, interaction.user.id, choice.action,
                    interaction_id=interaction.id, decision_key=prompt.decision.key, lang=lang,
                )
                message = interaction.message
                if message is not None and message.flags.ephemeral:
                    await interaction.edit_original_response(view=None)  # not recorded
                await self.bot.publisher.publish(outcome, interaction=interaction)

    async def on_more(
        self, interaction: discord.Interaction, game_id: int, key: str, page: int
    ) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            await self.acknowledge(interaction)
            prompts = [
                p for p in await self.bot.table.open_prompts(game_id)
                if key_matches(key, p.decision.key) and p.user_id == interaction.user.id
            ]
            if not prompts:
                raise Refusal("table.stale")
            decision = prompts[0].decision
            game = await self.bot.store.get_game(game_id)
            texts = await self.bot.publisher.texts(game, lang, interaction.user.id)
            await send_private(interaction, texts.decision(decision),
                               view=decision_view(texts, decision, page=page))

    async def on_kind(
        self, interaction: discord.Interaction, game_id: int, key: str, kind: str, page: int
    ) -> None:
        """A kind picked from a big decision's first menu: its choices, to the decider only."""
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            await self.acknowledge(interaction)
            try:
                prompts = await self.bot.table.open_prompts(game_id)
            except Refusal:
                raise Refusal("table.stale") from None
            same = [p for p in prompts if key_matches(key, p.decision.key)]
            if not same:
                raise Refusal("table.stale")
            mine = [p for p in same if p.user_id == interaction.user.id]
            if not mine:
                raise Refusal("discord.not_your_choice", user=f"<@{same[0].user_id}>")
            decision = mine[0].decision
            game = await self.bot.store.get_game(game_id)
            texts = await self.bot.publisher.texts(game, lang, interaction.user.id)
            view = kind_choices_view(texts, decision, kind, page)
            if view is None:
                raise Refusal("table.stale")
            await send_private(interaction, t("discord.kind.header", lang,
                                              label=texts.kind_label(kind)), view=view)

    async def on_private_view(self, interaction: discord.Interaction, game_id: int) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            await self.acknowledge(interaction)
            game = await self.bot.store.get_game(game_id)
            if interaction.user.id not in game.seats:
                raise Refusal("discord.hand.spectator")
            await self.bot.publisher.send_private_view(interaction, game, lang)

    async def on_window(self, interaction: discord.Interaction, game_id: int, window: str) -> None:
        """"My choices" on a window's shared message: the clicker's own open decisions of
        that window, to them alone (their buttons play as a prompt's would)."""
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            await self.acknowledge(interaction)
            game = await self.bot.store.get_game(game_id)
            window_of = games.ui(game.game).window
            try:
                prompts = await self.bot.table.open_prompts(game_id)
            except Refusal:
                raise Refusal("table.stale") from None
            same = [p for p in prompts if window_of is not None and not p.private
                    and key_matches(window, window_of(p.decision) or "")]
            if not same:
                raise Refusal("table.stale")
            mine = [p for p in same if p.user_id == interaction.user.id]
            if not mine:
                users = dict.fromkeys(f"<@{p.user_id}>" for p in same)
                raise Refusal("discord.window.not_yours", users=" ".join(users))
            texts = await self.bot.publisher.texts(game, lang, interaction.user.id)
            for prompt in mine:
                reply = await interaction.followup.send(
                    texts.decision(prompt.decision)[:MESSAGE_MAX], ephemeral=True, wait=True,
                    view=decision_view(texts, prompt.decision))
                self.bot.publisher.track_reply(game_id, prompt.decision.key, reply)

    # -- commands (declared in cogs/commands.py) -----------------------------------
    async def play(self, interaction: discord.Interaction, move: str) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            game = await self.game_here(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            async with self.bot.game_lock(game.id):
                outcome = await self.bot.table.act(
                    game.id, interaction.user.id, move, interaction_id=interaction.id, lang=lang)
                log.info("/play by %s in game %s (version %s)", interaction.user.id, game.id,
                         outcome.game.version)
                await send_private(interaction, t("discord.play.sent", lang, move=move))
                await self.bot.publisher.publish(outcome, interaction=interaction)

    async def play_autocomplete(
        self, interaction: discord.Interaction, current: str
    ) -> list[app_commands.Choice[str]]:
        try:
            lang = await self.bot.user_lang(interaction)
            game = await self.game_here(interaction)
            moves = await self.legal_moves(game, interaction.user.id, lang)
        except Refusal:
            return []
        except Exception:
            log.exception("autocomplete failed")
            return []
        return filter_moves(moves, current)

    async def status(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            game = await self.game_here(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            names = await self.bot.publisher.names(game)
            lines = [t("discord.status.header", lang, game=game_title(game, lang), id=game.id,
                       status=t(f"discord.status.{game.status}", lang))]
            lines.append(t("discord.status.players", lang,
                           players=", ".join(f"<@{uid}>" for uid in game.seats)))
            if game.status == "running":
                view = await self.bot.table.view(game.id, None)
                status = games.ui(game.game).status_lines
                lines += status(view, lang, names) if status else []
                prompts = await self.bot.table.open_prompts(game.id)
                texts = await self.bot.publisher.texts(game, lang)
                if prompts:
                    lines.append(t("discord.status.waiting", lang, waiting="").rstrip())
                    lines += [t("discord.status.waiting_line", lang, user=f"<@{p.user_id}>",
                                decision=texts.public_decision(p.decision)) for p in prompts]
                    if away := await self.bot.table.away_status(game.id):
                        lines.append(t(away[0], lang, **away[1]))
                else:
                    lines.append(t("discord.status.nothing", lang))
                lines += [t(key, lang, **params)
                          for key, params in await self.bot.table.idle_status(game.id)]
            for text in chunk_lines(lines):
                await send_private(interaction, text)

    async def board(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction, "attach_files"):
            game = await self.game_here(interaction)
            await interaction.response.defer(thinking=True)
            lang = game_lang(game)
            picture = await self.bot.publisher.table_picture(game, lang, detail=True)
            if picture is None:
                await interaction.followup.send(t("discord.board.none", lang))
                return
            file = png_file(picture, "table.png")
            assert file is not None
            await interaction.followup.send(file=file)

    async def hand(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            game = await self.game_here(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            if interaction.user.id not in game.seats:
                raise Refusal("discord.hand.spectator")
            await self.bot.publisher.send_private_view(interaction, game, lang)

    async def log(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            game = await self.game_here(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            lines = await self.bot.table.log(game.id, lang,
                                            await self.bot.publisher.names(game))
            if not lines:
                await send_private(interaction, t("discord.log.empty", lang))
                return
            shown: list[str] = []  # the latest lines that fit one message
            size = 0
            for line in reversed(lines):
                if size + len(line) + 1 > LOG_CHARS:
                    break
                shown.insert(0, line)
                size += len(line) + 1
            header = t("discord.log.header", lang, count=len(lines))
            await send_private(interaction, "\n".join([header, *shown]))

    async def undo(self, interaction: discord.Interaction) -> None:
        async with guard(self.bot, interaction):
            lang = await self.bot.user_lang(interaction)
            game = await self.game_here(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            async with self.bot.game_lock(game.id):
                outcome = await self.bot.table.undo(game.id, interaction.user.id, lang)
                await send_private(interaction, t("discord.undo.done", lang))
                await self.bot.publisher.publish(outcome, interaction=interaction)

    async def leave(self, interaction: discord.Interaction, withdraw: bool = False) -> None:
        """In a lobby: leave the table. In play: vote to abandon (a majority ends the game),
        or take that vote back."""
        async with guard(self.bot, interaction):
            game = await self.game_here(interaction)
            await interaction.response.defer(ephemeral=True, thinking=True)
            if game.status == "lobby" and not withdraw:
                async with self.bot.game_lock(game.id):
                    record = await self.bot.table.leave(game.id, interaction.user.id)
                lang = await self.bot.user_lang(interaction)
                await send_private(interaction, t("table.lobby_left", lang,
                                                  user=f"<@{interaction.user.id}>"))
                await self.bot.get_cog("Lobby").refresh_lobby(record)  # type: ignore[union-attr]
                return
            vote = self.bot.table.withdraw_vote if withdraw else self.bot.table.vote_abandon
            async with self.bot.game_lock(game.id):
                outcome = await vote(game.id, interaction.user.id)
                if outcome.notice is not None:
                    lang = await self.bot.user_lang(interaction)
                    key, params = outcome.notice
                    await send_private(interaction, t(key, lang, **params))
                await self.bot.publisher.publish(outcome, interaction=interaction)


async def setup(bot: GameBot) -> None:
    await bot.add_cog(PlayCog(bot))
