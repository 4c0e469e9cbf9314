"""Turning a table Outcome into Discord messages (not a cog; the cogs share one Publisher).

Public events, notices, the table picture, public prompts and final scores go to the
game's thread (unarchived first) in the game's language; private prompts, seat events
and the private picture go by DM in the player's language. A closed DM (50007) is
remembered and replaced by an "Open my private view" button in the thread. Every prompt
message is recorded so its buttons are removed once its decision is no longer open: through
the click that answered it (its interaction, outside the global rate limit) when there is
one, else by a channel edit. A decision still open under its key whose choices another
seat's answer changed (a power offer accepted gives the next turn more options) has its
posted message edited in place to the choices open now: a print of the choices each open
prompt shows is kept in the game's settings, so a restart still sees the change.
Decisions a game names as one window (GameUI.window: several seats deciding at once) share
one thread message (windows.py): its "My choices" button answers each seat privately, and
that message stands as each of its decisions' posted message for claims, closing, missing
and abandoned prompts; it is edited as seats answer and closed when none is left.
A post the thread refuses for a missing permission is skipped (a refused picture: its text
goes alone) while the DMs still go; the player who acted is told which permission, and once
Discord says the permissions changed the game is shown as it stands with its unposted
prompts (`resume`).
"""

from __future__ import annotations

import asyncio
import hashlib
import io
import logging
from collections import defaultdict
from dataclasses import dataclass, field
from datetime import datetime, timedelta
from typing import TYPE_CHECKING, Any

import discord

import render
from bot import games
from bot.components import PrivateViewButton, WindowButton
from bot.i18n import t
from bot.table_types import Outcome, Prompt, Reminder
from rules.core import Decision, Event
from storage.base import GameRecord, MessageRef

from .lobby import THREAD_ARCHIVE_MINUTES
from .replies import chunk_lines, send_private
from .texts import Texts, decision_view, game_lang, game_title, score_lines, thread_link
from .windows import WINDOW_KIND, WINDOWS_KEY, plan_windows, window_content, window_seats

if TYPE_CHECKING:
    from bot.app import GameBot

log = logging.getLogger("bot.post")

DM_CLOSED = 50007  # Discord: cannot send messages to this user
DM_RETRY = timedelta(hours=24)
PROMPT_KINDS = ("prompt", "dm_prompt")
CLOSED_SUFFIX = "_closed"
NOTICE_KIND = "private_notice"  # the thread's "open my private view" message for a decision
MESSAGE_MAX = 2000  # Discord's limit on a message's text
MERGE_MAX = 1200  # what happened rides on the next prompt while it is at most this long
SENT_PICTURE_KEY = "dm_picture"  # settings "<key>.<user>": digest of the last private picture DMed
PRINTS_KEY = "prompt_prints"  # settings: open decision key -> print of the choices its prompt shows
OPEN_KINDS = (*PROMPT_KINDS, NOTICE_KIND)
Windows = dict[str, dict[str, Any]]  # settings: message id -> its window (windows.py)
RECENT_PROMPTS = 50  # only the latest prompt messages are checked for closing
# The permission that lets the bot post, in a channel and in a thread (index: is a thread).
POSTING = ("send_messages", "send_messages_in_threads")
# A component interaction acknowledged as an update (type 6) edits the message it was on
# through its token, an interaction endpoint outside the bot's global rate limit, for 15
# minutes (Discord); a prompt is closed that way rather than by a channel edit.
TOKEN_USE = timedelta(minutes=14)  # a minute's margin
HELD_MAX = 256  # interactions kept, the oldest dropped first
# The game goes on visibly without these (a turn's text without its picture): a player is
# told once per game and run, not on every move.
TELL_ONCE = frozenset({"attach_files"})
# Several bot processes may pass over the same new decision: each prompt is claimed in the
# store before it is posted, so one of them posts it. A claim never posted (its process
# died in between) is taken over after this long, by the next pass or the timer tick.
CLAIM_LEASE = timedelta(seconds=60)


def png_file(data: bytes | None, name: str) -> discord.File | None:
    return discord.File(io.BytesIO(data), filename=name) if data else None


def choices_print(decision: Decision) -> str:
    """A digest of the choices a decision's posted prompt shows (notation and group, in
    order): equal prints, the same buttons. A public decision's private groups sit behind
    buttons of their own that do not change: their choices are left out, so the thread's
    message is not edited (a visible sign) when only a secret changed."""
    shown = [c for c in decision.choices or []
             if decision.private or not decision.private_choice(c)]
    listed = "\n".join(f"{c.group or ''}\t{c.text}" for c in shown)
    return hashlib.sha256(listed.encode()).hexdigest()[:12]


@dataclass
class PrivatePayload:
    """What one seat sees privately: text, picture, one view per open private decision."""

    text: str
    picture: bytes | None
    decisions: list[tuple[Decision, str]] = field(default_factory=list)  # (decision, text)


class Publisher:
    def __init__(self, bot: GameBot) -> None:
        self.bot = bot
        self._names: dict[int, str] = {}
        self._closed: set[tuple[int, str | None]] = set()  # (message, decision) closed this run
        self._missing: dict[int, list[str]] = {}  # game -> permissions refused while posting
        self._blocked: set[int] = set()  # games with a post the thread refused
        self._told: set[tuple[int, str]] = set()  # (game, permission) said once this run
        # message id -> the latest update-acknowledged interaction on it, and when
        self._held: dict[int, tuple[discord.Interaction, datetime]] = {}
        # message id -> the text of a prompt posted this run, so its answer can be added to
        # it rather than posted as one more message, and the decision's text within it (what
        # an edit for changed choices replaces)
        self._prompt_texts: dict[int, str] = {}
        self._asks: dict[int, str] = {}
        # game -> decision key -> print of the choices of the prompts posted, for the settings
        self._printed: defaultdict[int, dict[str, str]] = defaultdict(dict)
        # game -> decision keys whose prompts this process closed, their claims to release
        self._unclaim: defaultdict[int, set[str]] = defaultdict(set)
        # game -> decision keys whose prompt (or closed-DM notice) this process recorded
        self._shown: defaultdict[int, set[str]] = defaultdict(set)
        # game -> window message id -> what happened, to be added to it by this pass's edit
        self._news: defaultdict[int, dict[str, list[str]]] = defaultdict(dict)
        # (game, decision key) -> the private "My choices" replies showing its choices, and
        # when: closed with the decision (their buttons would only be refused)
        self._replies: dict[tuple[int, str], list[tuple[discord.WebhookMessage, datetime]]] = {}

    # -- editing posted messages ------------------------------------------------
    def hold(self, interaction: discord.Interaction) -> None:
        """Keep a component interaction its handler acknowledged as an update (type 6, no
        visible change): the message it came from is later edited through it."""
        message = interaction.message
        if message is None or message.flags.ephemeral:
            return
        self._held.pop(message.id, None)  # the newest goes last, the oldest is dropped
        if len(self._held) >= HELD_MAX:
            self._held.pop(next(iter(self._held)))
        self._held[message.id] = (interaction, self.bot.clock())

    async def edit_message(self, ref: MessageRef, **fields: Any) -> None:
        """Edit a posted message through a live interaction held on it (not counted against
        the global rate limit), else by a channel edit. Raises HTTPException."""
        held = self._held.pop(ref.message_id, None)
        if held is not None and self.bot.clock() - held[1] < TOKEN_USE:
            try:
                await held[0].edit_original_response(**fields)
                if ref.kind == WINDOW_KIND and "view" not in fields:  # edited again later
                    self._held[ref.message_id] = held
                return
            except discord.HTTPException as error:  # token gone: the channel edit below
                log.info("could not edit message %s through its interaction: %s",
                         ref.message_id, error)
        partial = self.bot.get_partial_messageable(ref.channel_id)
        await partial.get_partial_message(ref.message_id).edit(**fields)

    # -- lookups -------------------------------------------------------------
    async def name_of(self, user_id: int) -> str:
        if user_id not in self._names:
            user = self.bot.get_user(user_id)
            if user is None:
                try:
                    user = await self.bot.fetch_user(user_id)
                except discord.HTTPException:
                    user = None
            self._names[user_id] = user.display_name if user else f"<@{user_id}>"
        return self._names[user_id]

    async def names(self, game: GameRecord) -> list[str]:
        return [await self.name_of(uid) for uid in game.seats]

    async def thread_for(self, game: GameRecord) -> discord.abc.Messageable | None:
        """The game's thread, unarchived; None (logged, game marked) if it is gone."""
        channel_id = game.thread_id or game.channel_id
        channel = self.bot.get_channel(channel_id)
        try:
            if channel is None:
                channel = await self.bot.fetch_channel(channel_id)
            if isinstance(channel, discord.Thread) and channel.archived:
                await channel.edit(archived=False)
        except discord.NotFound:
            log.warning("thread %s of game %s is gone", channel_id, game.id)
            return await self.replace_thread(game)
        except discord.Forbidden:
            log.warning("no access to thread %s of game %s", channel_id, game.id)
            return channel if isinstance(channel, discord.abc.Messageable) else None
        return channel if isinstance(channel, discord.abc.Messageable) else None

    async def replace_thread(self, game: GameRecord) -> discord.abc.Messageable | None:
        """A running game whose thread was deleted goes on in a new thread of the same
        channel: the players are told there and the open public prompts follow as the game
        is next shown. None (logged, game marked) if that is impossible."""
        if game.status != "running" or game.thread_id is None:
            await self.bot.store.update_settings(game.id, {"thread_missing": True})
            return None
        lang = game_lang(game)
        thread: discord.Thread | None = None
        try:
            parent = self.bot.get_channel(game.channel_id) or await self.bot.fetch_channel(
                game.channel_id)
            if isinstance(parent, discord.TextChannel):
                thread = await parent.create_thread(
                    name=t("discord.thread_name", lang, game=game_title(game, lang),
                           id=game.id)[:100],
                    type=discord.ChannelType.public_thread,
                    auto_archive_duration=THREAD_ARCHIVE_MINUTES,
                )
        except discord.HTTPException as error:  # the channel is gone too, or no permission
            log.warning("could not open a new thread for game %s: %s", game.id, error)
        if thread is None:
            await self.bot.store.update_settings(game.id, {"thread_missing": True})
            return None
        game = await self.bot.table.move_thread(game.id, thread.id)
        log.info("game %s moved to new thread %s", game.id, thread.id)
        await self._send(thread, game, [t("discord.thread_replaced", lang, game=game_title(
            game, lang), id=game.id, players=", ".join(f"<@{u}>" for u in game.seats))],
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(u) for u in dict.fromkeys(game.seats)]))
        return thread

    async def post_missing_prompts(
        self, game: GameRecord, thread: discord.abc.Messageable
    ) -> None:
        """Post the open public prompts that have no message (e.g. after a new thread)."""
        posted = {
            r.decision_key for r in await self.bot.store.messages(game.id)
            if r.decision_key is not None and r.kind in OPEN_KINDS
        } | self._window_keys(game)
        texts = await self.texts(game, game_lang(game))
        missing = [p for p in await self.bot.table.open_prompts(game.id)
                   if not p.private and p.decision.key not in posted]
        missing = await self._claim(game.id, missing)
        units, joins = plan_windows(missing, games.ui(game.game).window, self._open_windows(game))
        await self._join_windows(game, joins)
        for name, prompts in units:
            if name is None:
                await self._post_public_prompt(thread, prompts[0], texts)
            else:
                await self._post_window(thread, name, prompts, texts)
        await self._refresh_changed(game, [], await self.bot.table.open_prompts(game.id), texts)
        await self._sync_windows(game, {p.decision.key for p in
                                        await self.bot.table.open_prompts(game.id)})
        await self._settle(game.id, missing)

    async def _claim(self, game_id: int, prompts: list[Prompt]) -> list[Prompt]:
        """The prompts this process is to post: those it claimed in the store (another
        process passing over the same decisions posts the others)."""
        if closed := self._unclaim.pop(game_id, None):  # closed just now, to ask again
            await self.bot.store.release_prompts(game_id, sorted(closed))
        if not prompts:
            return prompts
        won = await self.bot.store.claim_prompts(
            game_id, [p.decision.key for p in prompts], self.bot.clock(), CLAIM_LEASE)
        return [p for p in prompts if p.decision.key in won]

    async def _settle(self, game_id: int, claimed: list[Prompt]) -> None:
        """Release the claims of prompts closed and of those this pass claimed but did not
        post (refused, closed DMs): the next pass tries them again, as before claims."""
        shown = self._shown.pop(game_id, set())
        keys = self._unclaim.pop(game_id, set())
        keys |= {p.decision.key for p in claimed if p.decision.key not in shown}
        if keys:
            await self.bot.store.release_prompts(game_id, sorted(keys))

    async def _record_prompt(self, ref: MessageRef, decision: Decision) -> None:
        await self.bot.store.record_message(ref)
        if ref.decision_key is not None:
            self._shown[ref.game_id].add(ref.decision_key)
            self._printed[ref.game_id][ref.decision_key] = choices_print(decision)

    def _remember(self, message_id: int, text: str, ask: str) -> None:
        """A prompt's text as posted and its decision's text within it (this run, capped)."""
        for kept, value in ((self._prompt_texts, text), (self._asks, ask)):
            kept.pop(message_id, None)
            if len(kept) >= HELD_MAX:
                kept.pop(next(iter(kept)))
            kept[message_id] = value

    async def repost_abandoned_prompts(self) -> None:
        """The timer tick's sweep: prompts claimed by a process that died before posting
        them (claims older than the lease, never posted) are posted by this one. Never
        raises."""
        try:
            stale = await self.bot.store.stale_prompt_claims(self.bot.clock() - CLAIM_LEASE)
        except Exception:
            log.exception("could not read the stale prompt claims")
            return
        by_game: defaultdict[int, set[str]] = defaultdict(set)
        for game_id, key in stale:
            by_game[game_id].add(key)
        for game_id, keys in by_game.items():
            try:
                async with self.bot.game_lock(game_id):
                    game = await self.bot.store.get_game(game_id)
                    if game.status == "running":
                        log.info("game %s: posting prompts claimed %s ago and never posted",
                                 game_id, CLAIM_LEASE)
                        await self.publish(Outcome(game=game))
                        keys -= {p.decision.key
                                 for p in await self.bot.table.open_prompts(game_id)}
                    await self.bot.store.release_prompts(game_id, sorted(keys))  # closed
            except Exception:
                log.exception("could not post the abandoned prompts of game %s", game_id)

    # -- pictures ------------------------------------------------------------
    async def table_picture(
        self, game: GameRecord, lang: str, *, detail: bool = False
    ) -> bytes | None:
        """The public picture: the glance posted after a turn, or with `detail` the whole
        table (`/game board`; a game without a detail picture gives its glance)."""
        draw = getattr(render, "render_board" if detail else "render_table", None)
        if draw is None or game.snapshot is None:
            return None
        try:
            view = await self.bot.table.view(game.id, None)
            names = await self.names(game)
            return await asyncio.to_thread(draw, game.game, view, lang, dict(enumerate(names)))
        except KeyError:  # render/ has no picture for this game
            log.debug("no table picture for game %s (%s)", game.id, game.game)
            return None
        except Exception:  # a picture is worth a log line, never a lost move
            log.exception("table picture failed for game %s", game.id)
            return None

    async def private_picture(self, game: GameRecord, user_id: int, lang: str) -> bytes | None:
        draw = getattr(render, "render_private", None)
        has_private = getattr(render, "has_private", lambda game: True)
        if draw is None or game.snapshot is None or not has_private(game.game):
            return None
        try:
            view = await self.bot.table.view(game.id, user_id)
            names = dict(enumerate(await self.names(game)))
            return await asyncio.to_thread(draw, game.game, view, lang, names)
        except Exception:
            log.exception("render_private failed for game %s", game.id)
            return None

    async def texts(self, game: GameRecord, lang: str, user_id: int | None = None) -> Texts:
        """Text helpers for a reader: the public view, or a seated user's own view."""
        try:
            view = await self.bot.table.view(game.id, user_id) if game.snapshot else {}
        except Exception:  # names then stay as the engine gave them
            log.exception("view failed for game %s", game.id)
            view = {}
        return Texts(game, lang, view, await self.names(game))

    # -- the private view --------------------------------------------------------
    async def private_payload(
        self, game: GameRecord, user_id: int, lang: str
    ) -> tuple[PrivatePayload, Texts]:
        prompts = [
            p for p in await self.bot.table.open_prompts(game.id)
            if p.user_id == user_id and p.private
        ]
        texts = await self.texts(game, lang, user_id)
        lines = [t("discord.private.header", lang, game=game_title(game, lang), id=game.id)]
        if not prompts:
            lines.append(t("discord.hand.no_decisions", lang))
        payload = PrivatePayload("\n".join(lines), await self.private_picture(game, user_id, lang))
        payload.decisions = [(p.decision, texts.decision(p.decision)) for p in prompts]
        return payload, texts

    async def send_private_view(
        self, interaction: discord.Interaction, game: GameRecord, lang: str
    ) -> None:
        """The private view as ephemeral messages (its choice buttons work there too)."""
        game = await self.bot.store.get_game(game.id)  # the latest snapshot for the labels
        payload, texts = await self.private_payload(game, interaction.user.id, lang)
        file = png_file(payload.picture, "private.png")
        await send_private(interaction, payload.text, **({"file": file} if file else {}))
        for decision, text in payload.decisions:
            await send_private(interaction, text, view=decision_view(texts, decision))

    async def dm_seat(self, game: GameRecord, user_id: int, prompts: list[Prompt]) -> bool:
        """A seat's new holder (a substitute): its open private prompts by DM, or without
        any its private view; False if her DMs are closed."""
        if prompts:
            return await self._dm(game, user_id, prompts, [])
        lang = await self.bot.lang_of_user(user_id)
        payload, _ = await self.private_payload(game, user_id, lang)
        try:
            channel = await self.bot.dm_channel(user_id)
            file = png_file(payload.picture, "private.png")
            await channel.send(payload.text, **({"file": file} if file else {}))
        except (discord.Forbidden, discord.NotFound):
            return False
        return True

    # -- outcomes ------------------------------------------------------------------
    async def publish(
        self, outcome: Outcome, *, interaction: discord.Interaction | None = None
    ) -> None:
        """Show an outcome; never raises: the move is already saved whatever happens here.
        A post the thread refuses (a missing permission) is skipped, the rest (DMs, prompts)
        still goes, and the player who acted is told which permission is missing."""
        game_id = outcome.game.id
        try:
            await self._publish(outcome, interaction)
        except discord.Forbidden as error:
            log.warning("missing permission while posting game %s: %s", game_id, error)
            self._missing.setdefault(game_id, []).append("send_messages_in_threads")
        except Exception:
            log.exception("could not fully post the outcome of game %s", game_id)
        finally:  # a pass cut short: its claims run out (the lease), nothing is kept
            self._shown.pop(game_id, None)
            self._printed.pop(game_id, None)
            self._news.pop(game_id, None)
        self.bot.dispatch("game_changed", outcome.game)  # e.g. its channel's table board
        permission = self._take_missing(game_id)
        if interaction is None or permission is None:
            return
        if permission in TELL_ONCE:
            if (game_id, permission) in self._told:
                return
            self._told.add((game_id, permission))
        await self._tell_permission(interaction, permission)

    async def resume(self, game: GameRecord) -> None:
        """The bot's permissions changed where the game is played: if it may post in the
        thread now, show the game as it stands (when posts were lost) and post the open
        public prompts that have no message, so the game goes on."""
        thread = await self.thread_for(game)
        if isinstance(thread, discord.Thread):
            me = thread.guild.me
            if thread.parent is None or me is None:
                return
            if not thread.permissions_for(me).send_messages_in_threads:
                return
        if thread is None:
            return
        if game.id in self._blocked:
            lang = game_lang(game)
            picture = await self.table_picture(game, lang)
            await self._post_public(game, thread, [t("discord.posting_resumed", lang)], picture)
        self._blocked.discard(game.id)
        await self.post_missing_prompts(game, thread)
        self._take_missing(game.id)  # refused again: still blocked

    def _take_missing(self, game_id: int) -> str | None:
        """The permission the posts for a game were refused for since last asked (a refused
        post before a refused picture), remembering that the thread missed something."""
        missing = self._missing.pop(game_id, [])
        posting = [p for p in missing if p in POSTING]
        if posting:
            self._blocked.add(game_id)
        return (posting or missing or [None])[0]

    async def _tell_permission(self, interaction: discord.Interaction, permission: str) -> None:
        try:
            lang = await self.bot.user_lang(interaction)
            await send_private(interaction, t("discord.missing_permission", lang,
                                              permission=t(f"discord.perm.{permission}", lang)))
        except discord.HTTPException:
            log.info("could not tell user %s about a missing permission", interaction.user.id)

    async def _publish(self, outcome: Outcome, interaction: discord.Interaction | None) -> None:
        game = await self.bot.store.get_game(outcome.game.id)  # now, for views and labels
        lang = game_lang(game)
        thread = await self.thread_for(game)
        public = await self.texts(game, lang)
        lines: list[str] = []
        if outcome.notice is not None:
            key, params = outcome.notice
            lines.append(t(key, lang, **params))
        lines += [public.event(e) for e in outcome.events if e.seat is None]
        picture = await self.table_picture(game, lang) if outcome.board_changed else None
        refs = await self.bot.store.messages(game.id)
        posted = {  # closed refs are renamed, so a decision reopened by undo posts again
            r.decision_key for r in refs if r.decision_key is not None and r.kind in OPEN_KINDS
        } | self._window_keys(game)
        # The table's current decisions, not the outcome's: an outcome may be shown after a
        # later one (a deadline tick), and must neither repost nor close the newer prompts.
        open_now = await self.bot.table.open_prompts(game.id)
        fresh = await self._claim(game.id, [p for p in open_now if p.decision.key not in posted])
        fresh_public = [p for p in fresh if not p.private]
        # Decisions of a window opened together share one message; one whose window has an
        # open message joins it (no message of its own).
        units, joins = plan_windows(fresh_public, games.ui(game.game).window,
                                    self._open_windows(game))
        if thread is not None:
            await self._join_windows(game, joins)
        # One thread message per move where it fits: what happened, the picture and the
        # next public prompt together.
        head, file = lines, png_file(picture, "table.png")
        merge = (thread is not None and outcome.finished is None and bool(units)
                 and len("\n".join(head)) <= MERGE_MAX)
        if thread is not None and not merge:
            # what an answer did, with nothing new to ask: written under the answered question
            # (or under a window's shared message the answer was given in)
            open_keys = {p.decision.key for p in open_now}
            folded = picture is None and outcome.finished is None and (
                await self._fold_answer(refs, open_keys, lines)
                or self._fold_window(game, open_keys, set(joins), lines))
            if not folded:
                await self._post_public(game, thread, lines, picture)
            head, file = [], None
            if outcome.finished is not None:
                await self._send(thread, game, chunk_lines(
                    score_lines(outcome.finished, await self.names(game), lang, game.game)))
        # A seat is pinged when the table starts waiting on it, not at each step of its turn.
        pinged = outcome.newly_waiting
        asked: defaultdict[int, list[str]] = defaultdict(list)  # seat -> keys prompted before
        for r in refs:
            if r.decision_key is not None and r.seat is not None:
                asked[r.seat].append(r.decision_key)
        for name, prompts in units:
            if thread is None:
                break
            if name is not None:
                await self._post_window(thread, name, prompts, public, pinged, head, file)
                head, file = [], None
                continue
            (prompt,) = prompts
            ping = pinged is None or prompt.seat in pinged
            await self._post_public_prompt(thread, prompt, public, ping=ping, head=head,
                                           file=file, earlier=asked[prompt.seat])
            asked[prompt.seat].append(prompt.decision.key)
            head, file = [], None
        open_keys = {p.decision.key for p in open_now}
        answered = {r.seat: r for r in refs
                    if r.kind == "dm_prompt" and r.decision_key not in open_keys}
        # a closed-DM notice still waiting speaks for every secret decision of its player
        noticed = {game.seats[r.seat] for r in refs if r.kind == NOTICE_KIND
                   and r.decision_key in open_keys and r.seat is not None
                   and r.seat < len(game.seats)}
        await self._post_private(game, outcome.events, fresh, thread, interaction, answered,
                                 noticed)
        await self._refresh_changed(game, refs, open_now, public)
        # Closed against the decisions open now, read after the messages: another process
        # may have applied a move and posted its prompt since `open_now` was read.
        await self.close_stale_prompts(game)
        await self._settle(game.id, fresh)

    async def _send(
        self,
        channel: discord.abc.Messageable,
        game: GameRecord,
        texts: list[str],
        *,
        allowed_mentions: discord.AllowedMentions | None = None,
        **last: Any,
    ) -> discord.Message | None:
        """Post texts in order; `last` (file, view) rides on the last one. Pings nobody
        unless `allowed_mentions` says whom: mentions in events are names, not calls."""
        mentions = allowed_mentions or discord.AllowedMentions.none()
        texts = texts or [""]
        message = None
        for i, text in enumerate(texts):
            extra = last if i == len(texts) - 1 else {}
            if not text and not extra:
                continue
            try:
                message = await self._post(channel, game, text, mentions, extra)
            except discord.NotFound:
                log.warning("channel of game %s vanished while posting", game.id)
                await self.bot.store.update_settings(game.id, {"thread_missing": True})
                return None
            if message is None:  # refused: what follows would be out of order
                return None
        return message

    async def _post(
        self,
        channel: discord.abc.Messageable,
        game: GameRecord,
        text: str,
        mentions: discord.AllowedMentions,
        extra: dict[str, Any],
    ) -> discord.Message | None:
        """One message. Refused for a missing permission: a picture is dropped and the text
        goes alone; a refused post is noted for `publish` to tell, and None returned."""
        try:
            message = await channel.send(text or None, allowed_mentions=mentions, **extra)
        except discord.Forbidden as error:
            refused = self._missing.setdefault(game.id, [])
            if extra.get("file") is None:
                log.warning("cannot post in %s for game %s: %s", getattr(channel, "id", "?"),
                            game.id, error)
                refused.append(POSTING[isinstance(channel, discord.Thread)])
                return None
            log.warning("the picture of game %s was refused: %s", game.id, error)
            refused.append("attach_files")
            rest = {k: v for k, v in extra.items() if k != "file"}
            return await self._post(channel, game, text, mentions, rest) if text or rest else None
        log.info("posted to %s for game %s: %r", getattr(channel, "id", "?"), game.id,
                 text[:200])
        return message

    async def _post_public(
        self, game: GameRecord, thread: discord.abc.Messageable, lines: list[str],
        picture: bytes | None,
    ) -> None:
        file = png_file(picture, "table.png")
        if not lines and file is None:
            return
        noted = len(self._missing.get(game.id, []))
        message = await self._send(thread, game, chunk_lines(lines), **({"file": file}
                                                                       if file else {}))
        dropped = "attach_files" in self._missing.get(game.id, [])[noted:]
        if message is not None and file is not None and not dropped:
            await self.bot.store.record_message(MessageRef(
                game_id=game.id, channel_id=message.channel.id, message_id=message.id,
                kind="board"))

    async def _post_public_prompt(
        self, thread: discord.abc.Messageable, prompt: Prompt, texts: Texts, ping: bool = True,
        head: list[str] | None = None, file: discord.File | None = None,
        earlier: list[str] | None = None,
    ) -> None:
        """A public prompt; `head` (what just happened) and `file` (the picture) ride on it.
        `earlier`: the decision keys its seat was prompted for before, for the game's frame."""
        game = texts.game
        frame = games.ui(game.game).prompt_frame  # an offer is not a turn: its own frame
        key = (frame(prompt.decision, earlier or []) if frame else None) or "discord.prompt.public"
        ask = texts.public_decision(prompt.decision)
        text = t(key, texts.lang, user=f"<@{prompt.user_id}>", decision=ask)
        if head:
            text = "\n".join([*head, text[:max(0, MESSAGE_MAX - len("\n".join(head)) - 1)]])
        message = await self._send(
            thread, game, [text[:MESSAGE_MAX]], view=decision_view(texts, prompt.decision),
            allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(prompt.user_id)] if ping else []),
            **({"file": file} if file else {}),
        )
        if message is not None:
            self._remember(message.id, text[:MESSAGE_MAX], ask)
            await self._record_prompt(MessageRef(
                game_id=game.id, channel_id=message.channel.id, message_id=message.id,
                kind="prompt", seat=prompt.seat, decision_key=prompt.decision.key),
                prompt.decision)

    async def _fold_answer(
        self, refs: list[MessageRef], open_keys: set[str], lines: list[str]
    ) -> bool:
        """Add `lines` under the one public prompt this outcome answered (its buttons go in
        the same edit) when that prompt was posted this run and the whole fits one message.
        An answered offer then costs no message of its own."""
        answered = [r for r in refs if r.kind == "prompt" and r.decision_key not in open_keys
                    and (r.message_id, r.decision_key) not in self._closed]
        if not lines or len(answered) != 1:
            return False
        (ref,) = answered
        asked = self._prompt_texts.get(ref.message_id)
        text = "\n".join([asked or "", *lines])
        if asked is None or len(text) > MESSAGE_MAX:
            return False
        self._closed.add((ref.message_id, ref.decision_key))
        self._unclaim[ref.game_id].add(ref.decision_key)  # type: ignore[arg-type]  # a prompt's
        try:  # an edit never pings: the mentions in the lines are names here
            await self.edit_message(ref, content=text, view=None,
                                    allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException as error:
            log.info("could not add the answer to prompt %s: %s", ref.message_id, error)
            self._closed.discard((ref.message_id, ref.decision_key))
            return False
        await self.bot.store.record_message(ref.model_copy(
            update={"kind": ref.kind + CLOSED_SUFFIX}))
        return True

    async def _post_private(
        self,
        game: GameRecord,
        events: list[Event],
        fresh: list[Prompt],
        thread: discord.abc.Messageable | None,
        interaction: discord.Interaction | None,
        answered: dict[int | None, MessageRef] | None = None,
        noticed: set[int] | None = None,
    ) -> None:
        """DM each seat its events and fresh private prompts; `answered` holds the DM prompt
        messages of decisions just answered, by seat, which show the answer's events. A
        player whose DMs are closed gets a notice in the thread unless one of theirs still
        waits (`noticed`)."""
        answered = answered or {}
        by_user: dict[int, list[Prompt]] = defaultdict(list)
        for prompt in fresh:
            if prompt.private:
                by_user[prompt.user_id].append(prompt)
        seat_events: dict[int, list[Event]] = defaultdict(list)
        for event in events:
            if event.seat is not None and event.seat < len(game.seats):
                seat_events[game.seats[event.seat]].append(event)
        closed: list[int] = []
        for user_id in dict.fromkeys([*by_user, *seat_events]):
            prompts = by_user.get(user_id, [])
            seats = [i for i, uid in enumerate(game.seats) if uid == user_id]
            ref = next((answered[i] for i in seats if i in answered), None)
            if not await self._dm(game, user_id, prompts, seat_events.get(user_id, []), ref):
                if prompts:
                    closed.append(user_id)
        if not closed:
            return
        if interaction is not None and interaction.user.id in closed:
            # The player acted just now: answer with their next secret step right away.
            await self.send_private_view(interaction, game, await self.bot.user_lang(interaction))
        if thread is None:
            return
        lang = game_lang(game)
        acting = interaction.user.id if interaction is not None else None
        for uid in [u for u in closed if u not in (noticed or set())]:
            view = discord.ui.View(timeout=None)
            view.add_item(PrivateViewButton(game.id, t("discord.button.private_view", lang)))
            pinged = [] if uid == acting else [discord.Object(uid)]  # who acted is here
            message = await self._send(
                thread, game, [t("discord.prompt.secret_waiting", lang, user=f"<@{uid}>")],
                view=view, allowed_mentions=discord.AllowedMentions(users=pinged),
            )
            if message is not None:
                prompt = by_user[uid][0]
                await self._record_prompt(MessageRef(
                    game_id=game.id, channel_id=message.channel.id, message_id=message.id,
                    kind=NOTICE_KIND, seat=prompt.seat, decision_key=prompt.decision.key),
                    prompt.decision)

    async def _dm(
        self, game: GameRecord, user_id: int, prompts: list[Prompt], events: list[Event],
        answered: MessageRef | None = None,
    ) -> bool:
        """DM a seat its events, private picture and prompts; False if its DMs are closed.
        Events with no new prompt go into the DM prompt just answered (`answered`), edited,
        rather than into a new DM."""
        prefs = await self.bot.store.get_user(user_id)
        if prefs.get("dms_closed") and not self._retry_dm(prefs):
            return False
        lang = await self.bot.lang_of_user(user_id)
        try:
            channel = await self.bot.dm_channel(user_id)
            texts = await self.texts(game, lang, user_id)
            # One DM per private decision: what happened to the seat, the decision, the link
            # and (only when it changed since the last one sent) the private picture.
            lines = [texts.event(e) for e in events]
            file = None
            if prompts or events:
                file = png_file(await self._changed_private_picture(game, user_id, lang),
                                "private.png")
            link = t("discord.prompt.jump", lang, link=thread_link(game))
            if not prompts and answered is not None and lines:
                await self._show_answer(answered, "\n".join(lines)[:2000], file)
            elif not prompts and (lines or file):
                await channel.send("\n".join([*lines, link])[:2000],
                                   **({"file": file} if file else {}))
            for i, prompt in enumerate(prompts):
                ask = texts.decision(prompt.decision)
                text = t("discord.prompt.private", lang, game=game_title(game, lang),
                         id=game.id, decision=ask)
                extra: dict[str, Any] = {}
                if i == 0:
                    text = "\n".join([*lines, text, link])
                    extra = {"file": file} if file else {}
                text = text[-MESSAGE_MAX:]
                message = await channel.send(text, view=decision_view(texts, prompt.decision),
                                             **extra)
                log.info("DM to %s for game %s (%d chars)", user_id, game.id, len(text))
                self._remember(message.id, text, ask)
                await self._record_prompt(MessageRef(
                    game_id=game.id, channel_id=channel.id, message_id=message.id,
                    kind="dm_prompt", seat=prompt.seat, decision_key=prompt.decision.key),
                    prompt.decision)
        except discord.Forbidden as error:
            if error.code == DM_CLOSED:
                log.info("DMs of user %s are closed; using the thread button", user_id)
                await self.bot.store.set_user(
                    user_id, dms_closed=True, dms_closed_at=self.bot.clock().isoformat())
                return False
            raise
        except discord.NotFound:
            log.warning("user %s not found for a DM", user_id)
            return False
        return True

    async def _show_answer(
        self, ref: MessageRef, text: str, file: discord.File | None
    ) -> None:
        """Edit an answered DM prompt into what its answer did (buttons gone, picture new)."""
        self._closed.add((ref.message_id, ref.decision_key))
        if ref.decision_key is not None:
            self._unclaim[ref.game_id].add(ref.decision_key)
        extra: dict[str, Any] = {"attachments": [file]} if file else {}
        try:
            await self.edit_message(ref, content=text, view=None, **extra)
        except discord.HTTPException as error:
            log.info("could not edit answered prompt %s: %s", ref.message_id, error)
        await self.bot.store.record_message(ref.model_copy(
            update={"kind": ref.kind + CLOSED_SUFFIX}))

    async def _changed_private_picture(
        self, game: GameRecord, user_id: int, lang: str
    ) -> bytes | None:
        """The seat's private picture if it differs from the last one DMed to it, else None
        (the same hand is not sent twice in a row). The digest is kept in the game's settings."""
        picture = await self.private_picture(game, user_id, lang)
        if picture is None:
            return None
        digest = hashlib.sha256(picture).hexdigest()[:16]
        key = f"{SENT_PICTURE_KEY}.{user_id}"
        if game.settings.get(key) == digest:  # this user's key: only this DM writes it
            return None
        await self.bot.store.update_settings(game.id, {key: digest})
        return picture

    def _retry_dm(self, prefs: dict[str, Any]) -> bool:
        """A player may open their DMs later: try again once a day."""
        try:
            since = datetime.fromisoformat(prefs["dms_closed_at"])
        except (KeyError, TypeError, ValueError):
            return True
        return self.bot.clock() - since >= DM_RETRY

    async def _refresh_changed(
        self, game: GameRecord, refs: list[MessageRef], open_now: list[Prompt], public: Texts
    ) -> None:
        """Edit in place the prompts posted before this pass (`refs`) whose decision is
        still open under its key with other choices than its message shows (another seat's
        answer changed them), then keep in the game's settings the print of the choices
        each open prompt shows. A prompt posted before prints were kept is not edited: its
        print is taken as it stands."""
        stored: dict[str, str] = dict(game.settings.get(PRINTS_KEY) or {})
        prints = {**stored, **self._printed.pop(game.id, {})}
        now = {p.decision.key: p for p in open_now}
        posted = [r for r in refs if r.kind in PROMPT_KINDS and r.decision_key in now
                  and (r.message_id, r.decision_key) not in self._closed]
        readers: dict[int | None, Texts] = {None: public}
        for ref in posted:
            prompt = now[ref.decision_key]  # type: ignore[index]  # posted: a key in now
            shown = prints.get(prompt.decision.key)
            if shown not in (None, choices_print(prompt.decision)):
                await self._refresh(game, ref, prompt, readers)
        for ref in posted:  # the buttons shown now, edited or as they were
            prompt = now[ref.decision_key]  # type: ignore[index]
            prints[prompt.decision.key] = choices_print(prompt.decision)
        kept = {key: value for key, value in prints.items() if key in now}
        if kept != stored:
            await self.bot.store.update_settings(game.id, {PRINTS_KEY: kept})

    async def _refresh(
        self, game: GameRecord, ref: MessageRef, prompt: Prompt, readers: dict[int | None, Texts]
    ) -> None:
        """One posted prompt edited to its decision's choices now (buttons; its text too
        when this run posted it and the decision's own text changed). A DM to the seat's
        former holder (substituted since) is left: the seat's secrets are no longer theirs."""
        reader = prompt.user_id if ref.kind == "dm_prompt" else None
        try:
            if reader and getattr(await self.bot.dm_channel(reader), "id", None) != ref.channel_id:
                return
        except discord.HTTPException:
            return
        if reader not in readers:
            readers[reader] = await self.texts(game, await self.bot.lang_of_user(reader), reader)
        texts = readers[reader]
        ask = texts.decision(prompt.decision) if reader else texts.public_decision(
            prompt.decision)
        fields: dict[str, Any] = {"view": decision_view(texts, prompt.decision)}
        text, old = self._prompt_texts.get(ref.message_id), self._asks.get(ref.message_id)
        if text and old and old != ask and text.count(old) == 1:
            new = text.replace(old, ask)
            if len(new) <= MESSAGE_MAX:
                fields |= {"content": new, "allowed_mentions": discord.AllowedMentions.none()}
                self._remember(ref.message_id, new, ask)
        try:
            await self.edit_message(ref, **fields)
            log.info("prompt %s of game %s shows the choices of %s now", ref.message_id,
                     game.id, prompt.decision.key)
        except discord.HTTPException as error:  # deleted: its print is still taken as shown
            log.info("could not refresh prompt %s: %s", ref.message_id, error)

    async def close_stale_prompts(
        self, game: GameRecord, open_keys: set[str] | None = None
    ) -> None:
        """Remove the buttons of prompt messages whose decision is no longer open (by
        default the table's decisions, read after the messages); a closed DM's notice in
        the thread says the decision was made. Their claims are released."""
        refs = [r for r in await self.bot.store.messages(game.id) if r.kind in OPEN_KINDS]
        if open_keys is None:
            open_keys = {p.decision.key for p in await self.bot.table.open_prompts(game.id)}
        await self._sync_windows(game, open_keys)
        for ref in refs[-RECENT_PROMPTS:]:
            if ref.decision_key in open_keys or (ref.message_id, ref.decision_key) in self._closed:
                continue
            self._closed.add((ref.message_id, ref.decision_key))
            if ref.decision_key is not None:
                self._unclaim[game.id].add(ref.decision_key)
            fields: dict[str, Any] = {"view": None}
            if ref.kind == NOTICE_KIND and ref.seat is not None and ref.seat < len(game.seats):
                fields["content"] = t("discord.prompt.decided_by", game_lang(game),
                                      user=f"<@{game.seats[ref.seat]}>")
                fields["allowed_mentions"] = discord.AllowedMentions.none()
            try:
                await self.edit_message(ref, **fields)
            except discord.HTTPException as error:
                log.info("could not close prompt message %s: %s", ref.message_id, error)
            await self.bot.store.record_message(ref.model_copy(
                update={"kind": ref.kind + CLOSED_SUFFIX}))

    # -- windows: the seats deciding at once share one message -------------------------
    def _window_keys(self, game: GameRecord) -> set[str]:
        """The decisions whose posted message is a window's shared message."""
        windows: Windows = game.settings.get(WINDOWS_KEY) or {}
        return {key for entry in windows.values() for key in entry["keys"]}

    def _open_windows(self, game: GameRecord) -> dict[str, str]:
        """Window name -> the id of its open shared message."""
        windows: Windows = game.settings.get(WINDOWS_KEY) or {}
        return {entry["window"]: mid for mid, entry in windows.items()}

    async def _windows(self, game_id: int) -> Windows:
        game = await self.bot.store.get_game(game_id)  # the latest: this pass may have written
        return {mid: dict(entry) for mid, entry in (game.settings.get(WINDOWS_KEY) or {}).items()}

    async def _post_window(
        self, thread: discord.abc.Messageable, name: str, prompts: list[Prompt], texts: Texts,
        pinged: set[int] | None = None, head: list[str] | None = None,
        file: discord.File | None = None,
    ) -> None:
        """One message for the decisions of a window opened together: what happened, the
        question, whom it waits on (pinged once, as `pinged` says) and a "My choices" button
        that shows each seat its own choices privately."""
        game, lang = texts.game, texts.lang
        asks = dict.fromkeys(texts.public_decision(p.decision) for p in prompts)
        text = "\n".join([*(head or []), t("discord.window.open", lang, decisions="; ".join(asks))])
        keys = {p.decision.key: p.seat for p in prompts}
        waiting = window_content("", window_seats(keys, game.seats), lang)
        text = text[-(MESSAGE_MAX - len(waiting) - 1):]
        view = discord.ui.View(timeout=None)
        view.add_item(WindowButton(game.id, name, t("discord.button.window", lang)))
        users = [p.user_id for p in prompts if pinged is None or p.seat in pinged]
        message = await self._send(
            thread, game, [window_content(text, window_seats(keys, game.seats), lang)],
            view=view, allowed_mentions=discord.AllowedMentions(
                users=[discord.Object(u) for u in dict.fromkeys(users)]),
            **({"file": file} if file else {}))
        if message is None:
            return
        windows = await self._windows(game.id)
        windows[str(message.id)] = {"channel": message.channel.id, "window": name,
                                    "keys": keys, "text": text}
        await self.bot.store.update_settings(game.id, {WINDOWS_KEY: windows})
        for prompt in prompts:  # each decision's claim is marked posted by this message
            await self._record_prompt(MessageRef(
                game_id=game.id, channel_id=message.channel.id, message_id=message.id,
                kind=WINDOW_KIND, seat=prompt.seat, decision_key=prompt.decision.key),
                prompt.decision)

    async def _join_windows(self, game: GameRecord, joins: dict[str, list[Prompt]]) -> None:
        """Decisions whose window's shared message is open become decisions of that
        message (kept at once, so a later pass sees them posted)."""
        if not joins:
            return
        windows = await self._windows(game.id)
        for mid, prompts in joins.items():
            entry = windows.get(mid)
            if entry is None:
                continue
            entry["keys"] = {**entry["keys"], **{p.decision.key: p.seat for p in prompts}}
        await self.bot.store.update_settings(game.id, {WINDOWS_KEY: windows})
        for mid, prompts in joins.items():
            if mid not in windows:
                continue
            for prompt in prompts:
                await self._record_prompt(MessageRef(
                    game_id=game.id, channel_id=windows[mid]["channel"], message_id=int(mid),
                    kind=WINDOW_KIND, seat=prompt.seat, decision_key=prompt.decision.key),
                    prompt.decision)

    def _fold_window(
        self, game: GameRecord, open_keys: set[str], joined: set[str], lines: list[str]
    ) -> bool:
        """What an answer given in a window did goes into that window's message (edited by
        this pass's sync) when one window was answered in and the whole fits."""
        windows: Windows = game.settings.get(WINDOWS_KEY) or {}
        touched = [mid for mid, entry in windows.items()
                   if mid in joined or set(entry["keys"]) - open_keys]
        if not lines or len(touched) != 1:
            return False
        (mid,) = touched
        entry = windows[mid]
        news = [*self._news[game.id].get(mid, []), *lines]
        text = "\n".join([entry["text"], *news])
        if len(window_content(text, window_seats(entry["keys"], game.seats), game_lang(game))
               ) > MESSAGE_MAX:
            return False
        self._news[game.id][mid] = news
        return True

    def track_reply(self, game_id: int, key: str, message: discord.WebhookMessage) -> None:
        """A private reply showing a window decision's choices (this run, capped)."""
        if len(self._replies) >= HELD_MAX:
            self._replies.pop(next(iter(self._replies)))
        self._replies.setdefault((game_id, key), []).append((message, self.bot.clock()))

    async def _close_replies(self, game_id: int, keys: set[str]) -> None:
        """The private replies of decisions no longer open lose their buttons, through their
        interaction while it lasts (an interaction call, outside the rate limit)."""
        for key in keys:
            for message, when in self._replies.pop((game_id, key), []):
                if self.bot.clock() - when >= TOKEN_USE:
                    continue
                try:
                    await message.edit(view=None)
                except Exception as error:  # a stale reply is not worth a failed pass
                    log.info("could not close private reply %s: %s", message.id, error)

    async def _move_replies(self, game: GameRecord, moved: dict[str, str]) -> None:
        """The live private replies of decisions followed by another of the same seat in the
        same window are edited to show that one (no click on "My choices" again)."""
        live = {old: [(m, w) for m, w in self._replies.pop((game.id, old), [])
                      if self.bot.clock() - w < TOKEN_USE] for old in moved}
        if not any(live.values()):
            return
        now = {p.decision.key: p for p in await self.bot.table.open_prompts(game.id)}
        game = await self.bot.store.get_game(game.id)  # the latest snapshot for the labels
        for old, replies in live.items():
            prompt = now.get(moved[old])
            if prompt is None or not replies:
                continue
            texts = await self.texts(game, await self.bot.lang_of_user(prompt.user_id),
                                     prompt.user_id)
            for message, when in replies:
                try:
                    await message.edit(content=texts.decision(prompt.decision)[:MESSAGE_MAX],
                                       view=decision_view(texts, prompt.decision))
                except Exception as error:  # a stale reply is not worth a failed pass
                    log.info("could not move private reply %s: %s", message.id, error)
                    continue
                self._replies.setdefault((game.id, prompt.decision.key), []).append(
                    (message, when))

    async def _sync_windows(self, game: GameRecord, open_keys: set[str]) -> None:
        """The window messages as their decisions stand: decisions no longer open leave
        (their claims released); the message is edited when whom it waits on changed or
        news came, and closed (its button gone) once nobody is left."""
        news = self._news.pop(game.id, {})
        windows = await self._windows(game.id)
        if not windows:
            return
        lang, changed = game_lang(game), False
        for mid, entry in list(windows.items()):
            keys = {k: s for k, s in entry["keys"].items() if k in open_keys}
            lines = news.get(mid, [])
            if keys == entry["keys"] and not lines:
                continue
            changed = True
            gone = set(entry["keys"]) - set(keys)
            self._unclaim[game.id] |= gone
            # a seat's decision answered or re-keyed, its next one in the same window: its
            # private reply shows the next one's choices
            moved = {k: same[0] for k in gone
                     if len(same := [n for n, s in keys.items() if s == entry["keys"][k]]) == 1}
            await self._move_replies(game, moved)
            await self._close_replies(game.id, gone - set(moved))
            before = window_seats(entry["keys"], game.seats)
            text = "\n".join([entry["text"], *lines])
            windows[mid] = {**entry, "keys": keys, "text": text}
            fields: dict[str, Any] = {"allowed_mentions": discord.AllowedMentions.none()}
            if not keys:
                windows.pop(mid)
                fields |= {"content": window_content(text, [], lang), "view": None}
            elif lines or window_seats(keys, game.seats) != before:
                fields["content"] = window_content(text, window_seats(keys, game.seats), lang)
            else:
                continue
            ref = MessageRef(game_id=game.id, channel_id=entry["channel"],
                             message_id=int(mid), kind=WINDOW_KIND)
            try:
                await self.edit_message(ref, **fields)
            except discord.HTTPException as error:
                log.info("could not edit window message %s: %s", mid, error)
        if changed:
            await self.bot.store.update_settings(game.id, {WINDOWS_KEY: windows})

    # -- reminders -----------------------------------------------------------------
    async def remind(self, reminder: Reminder) -> None:
        game = reminder.game
        lang = game_lang(game)
        thread = await self.thread_for(game)
        if thread is None:
            return
        texts = await self.texts(game, lang)
        # a thread text: a private decision's own text may name its secret
        decisions = "; ".join(dict.fromkeys(texts.public_decision(p.decision)
                                            for p in reminder.prompts))
        mentions = ", ".join(f"<@{uid}>" for uid in reminder.user_ids)
        text = t("discord.reminder", lang, users=mentions, hours=reminder.hours,
                 decisions=decisions)
        if last := reminder.last & set(reminder.user_ids):  # several decided at once
            text += "\n" + t("notify.last", lang, user=", ".join(f"<@{u}>" for u in last))
        await self._send(thread, game, [text[:2000]], allowed_mentions=discord.AllowedMentions(
            users=[discord.Object(uid) for uid in reminder.user_ids]))
        if getattr(thread, "id", None) != game.thread_id:  # a new thread: the prompts have no message there
            await self.post_missing_prompts(await self.bot.store.get_game(game.id), thread)
        self._take_missing(game.id)  # nobody acted to be told; a refusal is remembered
