"""A player driver: for each seat, find that user's open prompt where a person would (a
thread message pinging them, their DMs, their ephemeral replies) and click a choice."""

from __future__ import annotations

import random
import re
from dataclasses import dataclass, field

from bot.i18n import PLURAL_NOUNS, lookup, t
from tests.e2e.harness import Server
from tests.twin import TwinInteraction, TwinUser
from tests.twin.state import Message

CHOICE = re.compile(r"^bgs?:")  # choice buttons and choice selects carry the game and decision
# a group of a decision's choices: its button or the select of groups (opening one is no
# move: its choices come back to the decider alone, in an ephemeral reply)
GROUP = re.compile(r"^bgkm?:")
PRIVATE_VIEW = re.compile(r"^bgp:")
# What a choice does, best first for finishing a Citadels game in few clicks.
PREFERENCE = ("build", "income", "gold", "draw", "keep", "open", "end")
# The catalogue keys whose labels do each of those (rules/citadels/messages.py).
LABEL_KEYS = {
    "build": ("citadels.choice.build", "citadels.choice.build_via", "citadels.choice.build_cards", "citadels.choice.build_from"),
    "income": ("citadels.choice.income", "citadels.choice.income_gold", "citadels.choice.income_cards",
               "citadels.choice.income_mix"),
    "gold": ("citadels.choice.gold", "citadels.choice.gold_amount"),
    "draw": ("citadels.choice.cards", "citadels.choice.cards_count"),
    "keep": ("citadels.choice.keep",),
    "end": ("citadels.choice.end",),
}
# The groups of a turn (bot/games/citadels/texts.py): opening one is "open", the build
# group "build"; a private group's button reads "<label>…", a select entry "<label>" or,
# for a public group, "<label> (<count>)".
GROUP_KEYS = ("income", "ability", "discard", "build", "lab", "museum", "district", "end")


def _pattern(template: str, **fixed: str) -> re.Pattern[str]:
    """A label template as a regex: fixed params literal, every other {param} any text."""
    parts = re.split(r"(\{\w+\})", template)
    out = []
    for part in parts:
        name = part[1:-1] if part.startswith("{") and part.endswith("}") else None
        if name is None:  # "1 card" is the singular of the template's "{n} cards"
            out.append(re.sub(r"\b(" + "|".join(PLURAL_NOUNS) + r")\b",
                              lambda m: m.group(1) + "?", re.escape(part)))
        else:
            out.append(re.escape(fixed[name]) if name in fixed else ".+")
    return re.compile("^" + "".join(out) + "$")


def _label_patterns() -> list[tuple[str, re.Pattern[str]]]:
    """(what, pattern) in both languages; opening the build group counts as building."""
    found: list[tuple[str, re.Pattern[str]]] = []
    groups: list[tuple[str, re.Pattern[str]]] = []  # after the choices: "End turn" is both
    for lang in ("en", "ko"):
        for group in GROUP_KEYS:
            label = lookup(f"citadels.kind.{group}", lang)
            assert label is not None, f"no group {group} in {lang}: the driver is out of date"
            what = "build" if group == "build" else "open"
            groups.append((what, re.compile("^" + re.escape(label) + "…?$")))
            counted = t("discord.kind.option", lang, label=label, count=0)
            groups.append((what, re.compile("^" + re.escape(counted).replace("0", r"\d+") + "$")))
        for what, keys in LABEL_KEYS.items():
            for key in keys:
                template = lookup(key, lang)
                assert template is not None, f"no {key} in {lang}: the driver is out of date"
                found.append((what, _pattern(template)))
    return found + groups


@dataclass
class Prompt:
    user: TwinUser
    message: Message
    where: str  # "thread" | "dm" | "ephemeral" | "group" (a group's choices, opened)


@dataclass
class Driver:
    server: Server
    users: list[TwinUser]
    seed: int = 1
    clicks: int = 0
    log: list[tuple[str, str, str]] = field(default_factory=list)  # (user, where, label)
    rng: random.Random = field(init=False)
    clicked: set[int] = field(default_factory=set)  # a person answers a prompt once
    # groups opened: (message, component, select value); each is opened once a message
    opened: set[tuple[int, str, str | None]] = field(default_factory=set)

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    @property
    def thread(self):  # the game's thread
        (thread,) = self.server.twin.threads(self.server.channel)
        return thread

    def open_prompts(self, user: TwinUser) -> list[Prompt]:
        """Newest first: messages this user can see that still carry choice components."""
        found: list[Prompt] = []
        sources = [
            ("ephemeral", user.ephemerals()),
            ("dm", user.dms()),
            # a seat is pinged when the table starts waiting on it, not at each step of its
            # turn: the next prompts of the turn name it without a ping
            ("thread", user.addressed_in(self.thread)),
        ]
        for where, messages in sources:
            for message in messages:
                if message.id in self.clicked or not self.clickable(message):
                    continue
                if where == "ephemeral" and is_group_reply(message):
                    where = "group"
                found.append(Prompt(user, message, where))
        return sorted(found, key=lambda p: p.message.id, reverse=True)

    def clickable(self, message: Message) -> list[tuple[dict, dict | None]]:
        """Every enabled choice (a button, or one option of a select) and every group not
        opened yet on this message."""
        out: list[tuple[dict, dict | None]] = []
        for comp in message.iter_components():
            cid = comp.get("custom_id", "")
            if comp.get("disabled") or not (CHOICE.match(cid) or GROUP.match(cid)):
                continue
            group = bool(GROUP.match(cid))
            if comp["type"] == 3:
                out.extend((comp, o) for o in comp["options"]
                           if not group or (message.id, cid, o["value"]) not in self.opened)
            elif not group or (message.id, cid, None) not in self.opened:
                out.append((comp, None))
        return out

    def private_view_buttons(self, user: TwinUser) -> list[Message]:
        """The thread's "open my private view" notices for this user (DMs closed)."""
        return [
            m
            for m in user.mentioned_in(self.thread)
            if any(PRIVATE_VIEW.match(c.get("custom_id", "")) for c in m.iter_components())
        ]

    def new_notice(self, user: TwinUser) -> Message | None:
        notices = self.private_view_buttons(user)
        return notices[-1] if notices and notices[-1].id not in self.clicked else None

    async def click_prompt(self, prompt: Prompt) -> TwinInteraction:
        comp, option = self.choose(self.clickable(prompt.message), prompt.user)
        self.clicks += 1
        if GROUP.match(comp["custom_id"]):  # no move: the message stays open
            self.opened.add((prompt.message.id, comp["custom_id"],
                             option["value"] if option else None))
        else:
            self.clicked.add(prompt.message.id)
        self.log.append((prompt.user.user.username, prompt.where, _word(option or comp)))
        if option is not None:
            return await prompt.user.select(
                prompt.message, [option["value"]], custom_id=comp["custom_id"]
            )
        return await prompt.user.click(prompt.message, custom_id=comp["custom_id"])

    def choose(
        self, choices: list[tuple[dict, dict | None]], user: TwinUser
    ) -> tuple[dict, dict | None]:
        """A quick player: build when it can, take income (a group is opened once)."""
        by_word: dict[str, list[tuple[dict, dict | None]]] = {}
        for comp, option in choices:
            by_word.setdefault(_word(option or comp), []).append((comp, option))
        if "gold" in by_word and "draw" in by_word and self.rng.random() < 0.35:
            by_word.pop("gold")
        for word in PREFERENCE:
            if word in by_word:
                return self.rng.choice(by_word[word])
        return self.rng.choice([c for cs in by_word.values() for c in cs])

    def finished(self) -> bool:
        title = t("discord.finished.title", "en")
        return any(title in m.content for m in self.server.twin.messages(self.thread))

    async def step(self) -> bool:
        """Make one move for someone who has a prompt; False if nobody has one."""
        for user in self.users:
            prompts = self.open_prompts(user)
            if prompts:
                reply = await self.click_prompt(prompts[0])
                await reply.wait_ack()
                await self.wait_progress()
                return True
        for user in self.users:  # closed DMs: the thread button opens the secret view
            notice = self.new_notice(user)
            if notice is not None:
                self.clicks += 1
                self.clicked.add(notice.id)
                reply = await user.click(notice, custom_id=_first_private(notice))
                await reply.wait_ack()
                await self.wait_progress()
                if self.open_prompts(user):
                    return True
        return False

    async def wait_progress(self, timeout: float = 1.5) -> None:
        """Until someone has a new prompt (or the game ended): no sleeping on a guess."""

        def progressed() -> bool:
            return (
                self.finished()
                or any(self.open_prompts(u) for u in self.users)
                or any(self.new_notice(u) for u in self.users)
            )

        try:
            await self.server.twin.wait_for(progressed, timeout, "a new prompt")
        except AssertionError:
            pass  # a secret step behind an existing "private view" notice: the caller looks
        await self.server.settle(quiet=0.02)

    async def play(self, moves: int) -> None:
        """Make `moves` moves (fewer if the game ends)."""
        for _ in range(moves):
            if self.finished():
                return
            if not await self.step() and not await self._step_after_pause():
                raise AssertionError(f"nobody has an open prompt; last: {self.log[-5:]}")

    async def any_prompt(self, timeout: float = 5.0) -> Prompt:
        """Someone's open prompt, once there is one."""

        def first() -> Prompt | None:
            return next((p for u in self.users for p in self.open_prompts(u)[:1]), None)

        return await self.server.twin.wait_for(first, timeout, "an open prompt")

    async def play_to_end(self, max_clicks: int = 1500) -> None:
        while not self.finished():
            if self.clicks >= max_clicks:
                raise AssertionError(
                    f"game not finished after {self.clicks} clicks; last: {self.log[-30:]}"
                )
            if not await self.step() and not await self._step_after_pause():
                raise AssertionError(
                    f"nobody has an open prompt and the game is not over; last: {self.log[-5:]}"
                )

    async def _step_after_pause(self) -> bool:
        """Nothing new in sight: wait a little, then reopen the private views and look again."""
        for quiet in (0.05, 0.2, 0.5):
            await self.server.settle(quiet=quiet)
            if self.finished() or await self.step():
                return True
            for user in self.users:
                notices = self.private_view_buttons(user)
                if notices:
                    self.clicks += 1
                    reply = await user.click(notices[-1], custom_id=_first_private(notices[-1]))
                    await reply.wait_ack()
                    await self.wait_progress(timeout=0.5)
                    if self.open_prompts(user):
                        return True
        # a loaded machine: the bot may still be drawing (no request to see), so wait longer
        # for a prompt before calling the game stuck
        try:
            await self.any_prompt(timeout=30)
        except AssertionError:
            return self.finished()
        return self.finished() or await self.step()


def _word(comp: dict) -> str:
    """What a choice's label does (a PREFERENCE word), whichever language it is in."""
    label = str(comp.get("label", ""))
    for what, pattern in LABEL_PATTERNS:
        if pattern.match(label):
            return what
    return label


LABEL_PATTERNS = _label_patterns()
GROUP_HEADERS = [_pattern(lookup("discord.kind.header", lang) or "") for lang in ("en", "ko")]


def is_group_reply(message: Message) -> bool:
    """An ephemeral reply that holds the choices of a group its reader opened."""
    return any(p.match(message.content) for p in GROUP_HEADERS)


def _first_private(message: Message) -> str:
    for comp in message.iter_components():
        if PRIVATE_VIEW.match(comp.get("custom_id", "")):
            return comp["custom_id"]
    raise AssertionError("no private-view button")
