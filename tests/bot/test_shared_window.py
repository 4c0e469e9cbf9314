"""Windows: public decisions a game names as asked at once (GameUI.window) share one thread
message: what is asked, whom it waits on (pinged once), and a "My choices" button answering
each seat privately with its own choices. The message is edited as seats answer (its waiting
list shrinks, nothing new is posted) and closed once nobody is left; all of it survives a
restart.

"Duet": a three-seat engine made for this. Round 1 is a window: every seat picks colours
("red", "blue") until it says "done"; each pick is a new decision under a new key (as a
Spirit Island spirit's next growth step). Then the host alone ends the game ("end").
"""

from __future__ import annotations

import copy
import itertools
from typing import Any, ClassVar

import discord
import pytest
from pydantic import BaseModel

import rules
from bot import games
from bot.app import GameBot
from bot.cogs.publisher import Publisher
from bot.cogs.windows import WINDOWS_KEY
from bot.components import ChoiceButton, WindowButton, choice_hash, decode_choice
from bot.games import GameUI
from bot.games.spirit_island import ui as si_ui
from bot.i18n import t
from rules.core import Action, Choice, Decision, Event, Result, RuleError, Score, State
from tests.bot.table_bot import table_bot
from tests.bot.test_discord_fakes import FakeInteraction, Sent, World

NAME = "duet"
HOST, BOB, CAROL, STRANGER = 701, 702, 703, 799
SEATS = (HOST, BOB, CAROL)
THREAD = 7201
COLOURS = ("red", "blue")

MESSAGES = {
    "en": {"duet.pick": "Pick a colour.", "duet.end": "End the game?",
           "duet.picked": "A colour was picked."},
    "ko": {"duet.pick": "색을 고르세요.", "duet.end": "게임을 끝낼까요?",
           "duet.picked": "색이 골라졌습니다."},
}


class DuetOptions(BaseModel):
    pass


def _choice(kind: str) -> Choice:
    return Choice(action={"type": kind}, text=kind)


class DuetEngine:
    name: ClassVar[str] = NAME
    min_seats: ClassVar[int] = 1
    max_seats: ClassVar[int] = 3
    Options: ClassVar[type[BaseModel]] = DuetOptions
    messages: ClassVar[dict[str, dict[str, str]]] = MESSAGES

    def setup(self, options: Any, seats: int, seed: int) -> State:
        return {"game": NAME, "picks": [[] for _ in range(seats)], "done": [False] * seats,
                "over": False}

    def decisions(self, state: State) -> list[Decision]:
        if state["over"]:
            return []
        if all(state["done"]):
            return [Decision(seat=0, kind="duet.end", key="end", choices=[_choice("end")])]
        return [Decision(seat=s, kind="duet.pick", key=f"r1.s{s}.{len(state['picks'][s])}",
                         choices=[_choice(c) for c in (*COLOURS, "done")])
                for s, done in enumerate(state["done"]) if not done]

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        legal = [c.action for d in self.decisions(state) if d.seat == seat
                 for c in d.choices or []]
        if action not in legal:
            raise RuleError("duet.pick")
        new = copy.deepcopy(state)
        kind = action["type"]
        if kind == "end":
            new["over"] = True
            return new, []
        if kind == "done":
            new["done"][seat] = True
            return new, []
        new["picks"][seat].append(kind)
        return new, [Event(key="duet.picked")]

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return copy.deepcopy(state)

    def result(self, state: State) -> Result | None:
        if not state["over"]:
            return None
        return Result(scores=[Score(seat=s, total=0, breakdown={}, rank=1)
                              for s in range(len(state["done"]))])

    def parse(self, state: State, seat: int, text: str) -> Action:
        return {"type": text.strip()}

    def format(self, state: State, action: Action, lang: str = "en") -> str:
        return str(action["type"])


def duet_window(decision: Decision) -> str | None:
    return decision.key.split(".")[0] if decision.kind == "duet.pick" else None


class Reply(Sent):
    """A private reply the bot can edit later (through its interaction)."""

    async def edit(self, **kwargs: Any) -> None:
        self.edits.append(kwargs)

    def now(self) -> Sent:
        """The reply as it reads after its edits."""
        kwargs = dict(self.kwargs)
        content = self.content
        for edit in self.edits:
            content = edit.get("content", content)
            kwargs |= {k: v for k, v in edit.items() if k != "content"}
        return Sent(self.channel_id, self.id, content, kwargs)


class Followup:
    def __init__(self, interaction: FakeInteraction) -> None:
        self.interaction = interaction

    async def send(self, content: str | None = None, **kwargs: Any) -> Reply:
        assert self.interaction.response.done, "follow-up before acknowledging"
        message = Reply(0, next(REPLY_IDS), content, kwargs)
        self.interaction.replies.append(message)
        return message


REPLY_IDS = itertools.count(10**9)


class Click(FakeInteraction):
    """A click whose later edits of its message (the held interaction) land in the world's
    log of edits, in order with the channel edits; its private replies can be edited."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.followup = Followup(self)  # type: ignore[assignment]

    async def edit_original_response(self, **kwargs: Any) -> None:
        await super().edit_original_response(**kwargs)
        message = self.message
        if message is not None and not message.flags.ephemeral:
            self.client.world.edits.append((message.channel_id, message.id, kwargs))


@pytest.fixture
async def bot(tmp_path, monkeypatch):
    monkeypatch.setitem(rules.ENGINES, NAME, f"{__name__}:DuetEngine")
    games.register(GameUI(name=NAME, window=duet_window))
    bot, world = await table_bot(tmp_path, thread=THREAD)
    bot.world = world
    yield bot
    await bot.store.close()
    games.unregister(NAME)


async def start(bot: GameBot, seats: tuple[int, ...] = SEATS) -> int:
    game = await bot.table.new_game(NAME, guild_id=1, channel_id=10, host_id=seats[0],
                                    lang="en")
    await bot.table.attach_thread(game.id, THREAD)
    for uid in seats[1:]:
        await bot.table.join(game.id, uid)
    await bot.publisher.publish(await bot.table.start(game.id, seats[0]))
    return game.id


def window_messages(world: World) -> list[Sent]:
    return [m for m in world.in_channel(THREAD)
            if any(c.startswith("bgw:") for c in m.custom_ids())]


def choice_messages(world: World) -> list[Sent]:
    return [m for m in world.in_channel(THREAD)
            if any(decode_choice(c) for c in m.custom_ids())]


def shown(world: World, message: Sent) -> dict[str, Any]:
    """What the message shows now: as posted, then each edit in order."""
    now = {"content": message.content, "view": message.view}
    for cid, mid, kwargs in world.edits:
        if (cid, mid) == (message.channel_id, message.id):
            now |= kwargs
    return now


def waiting_line(world: World, message: Sent) -> str:
    return str(shown(world, message)["content"]).split("\n")[-1]


async def my_choices(bot: GameBot, user_id: int, message: Sent) -> Click:
    """`user_id` presses "My choices" (a button rebuilt from its custom_id, as after a
    restart)."""
    (custom_id,) = [c for c in message.custom_ids() if c.startswith("bgw:")]
    interaction = Click(bot, user_id, channel_id=message.channel_id, message=message)
    match = WindowButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match, custom_id
    item = await WindowButton.from_custom_id(interaction, discord.ui.Button(custom_id=custom_id),
                                             match)
    await item.callback(interaction)
    return interaction


async def choose(bot: GameBot, user_id: int, reply: Sent, text: str) -> Click:
    """`user_id` clicks the choice `text` on a message (a private reply, a prompt)."""
    (custom_id,) = [c for c in reply.custom_ids()
                    if (ref := decode_choice(c)) and ref.hash4 == choice_hash(text)]
    interaction = Click(bot, user_id, channel_id=THREAD, message=reply)
    match = ChoiceButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match
    item = await ChoiceButton.from_custom_id(interaction, discord.ui.Button(custom_id=custom_id),
                                             match)
    await item.callback(interaction)
    return interaction


async def answer(bot: GameBot, user_id: int, window: Sent, text: str) -> None:
    opened = await my_choices(bot, user_id, window)
    (reply,) = opened.replies
    clicked = await choose(bot, user_id, reply, text)
    assert not clicked.texts(), clicked.texts()  # no refusal


def mention(uid: int) -> str:
    return f"<@{uid}>"


async def test_one_message_for_the_window_pinging_each_seat_once(bot) -> None:
    await start(bot)
    thread = bot.world.in_channel(THREAD)
    (window,) = window_messages(bot.world)
    assert thread == [window] and choice_messages(bot.world) == []  # no prompt per seat
    assert all(mention(uid) in waiting_line(bot.world, window) for uid in SEATS)
    pinged = window.kwargs["allowed_mentions"].users
    assert sorted(u.id for u in pinged) == sorted(SEATS)
    assert "Pick a colour." in window.content


async def test_my_choices_answers_privately_with_the_clickers_own_choices(bot) -> None:
    gid = await start(bot)
    (window,) = window_messages(bot.world)
    opened = await my_choices(bot, BOB, window)
    (reply,) = opened.replies
    assert reply.kwargs.get("ephemeral") is True
    assert "Pick a colour." in (reply.content or "")
    refs = [decode_choice(c) for c in reply.custom_ids()]
    assert {r.key for r in refs if r} == {"r1.s1.0"}  # Bob's decision, not another's
    posted = len(bot.world.sent)
    clicked = await choose(bot, BOB, reply, "red")
    assert not clicked.texts()
    assert (await bot.store.get_game(gid)).snapshot["picks"][1] == ["red"]
    # Bob's next pick joins the window's message: nothing new in the thread, the news is
    # written into the shared message, which still waits on all three
    assert [m for m in bot.world.sent[posted:] if m.channel_id == THREAD] == []
    now = shown(bot.world, window)
    assert "A colour was picked." in now["content"]
    assert all(mention(uid) in waiting_line(bot.world, window) for uid in SEATS)
    assert now["view"] is not None


async def test_the_waiting_list_shrinks_and_the_message_closes_at_the_end(bot) -> None:
    gid = await start(bot)
    (window,) = window_messages(bot.world)
    await answer(bot, BOB, window, "done")
    line = waiting_line(bot.world, window)
    assert mention(BOB) not in line and mention(HOST) in line and mention(CAROL) in line
    await answer(bot, HOST, window, "blue")
    await answer(bot, HOST, window, "done")
    line = waiting_line(bot.world, window)
    assert line.startswith(t("discord.window.waiting", "en", users=mention(CAROL))[:12])
    assert mention(HOST) not in line and mention(CAROL) in line
    assert window_messages(bot.world) == [window]  # still the one message
    await answer(bot, CAROL, window, "done")
    now = shown(bot.world, window)
    assert now["view"] is None
    assert str(now["content"]).endswith(t("discord.window.closed", "en"))
    assert (await bot.store.get_game(gid)).settings[WINDOWS_KEY] == {}
    # the host's lone decision after the window: a prompt of its own, with its button
    (prompt,) = choice_messages(bot.world)
    assert {decode_choice(c).key for c in prompt.custom_ids()} == {"end"}  # type: ignore[union-attr]
    assert mention(HOST) in (prompt.content or "")


async def test_edits_ping_nobody(bot) -> None:
    await start(bot)
    (window,) = window_messages(bot.world)
    await answer(bot, BOB, window, "done")
    edits = [kw for cid, mid, kw in bot.world.edits if mid == window.id]
    assert edits and all(kw["allowed_mentions"].users is False for kw in edits)


async def test_after_a_restart_the_buttons_and_the_bookkeeping_go_on(bot) -> None:
    gid = await start(bot)
    (window,) = window_messages(bot.world)
    bot.publisher = Publisher(bot)  # a new process: nothing of the posts kept in memory
    game = await bot.store.get_game(gid)
    posted = len(bot.world.sent)
    # nothing is posted again: each decision's posted message is the window's
    await bot.publisher.post_missing_prompts(game, bot.world.channels[THREAD])
    await bot.publisher.close_stale_prompts(game)
    await bot.publisher.repost_abandoned_prompts()
    assert bot.world.sent[posted:] == []
    assert await bot.store.stale_prompt_claims(bot.clock()) == []  # every claim posted
    await answer(bot, CAROL, window, "done")
    line = waiting_line(bot.world, window)
    assert mention(CAROL) not in line and mention(BOB) in line
    bot.publisher = Publisher(bot)
    await answer(bot, BOB, window, "done")
    await answer(bot, HOST, window, "done")
    assert shown(bot.world, window)["view"] is None
    assert window_messages(bot.world) == [window]


async def test_the_private_reply_goes_on_to_the_seats_next_choices(bot) -> None:
    gid = await start(bot)
    (window,) = window_messages(bot.world)
    (reply,) = (await my_choices(bot, BOB, window)).replies
    assert not (await choose(bot, BOB, reply, "red")).texts()
    # the same reply shows Bob's next pick: no second click on "My choices"
    nxt = reply.now()
    assert {r.key for c in nxt.custom_ids() if (r := decode_choice(c))} == {"r1.s1.1"}
    assert not (await choose(bot, BOB, nxt, "blue")).texts()
    assert (await bot.store.get_game(gid)).snapshot["picks"][1] == ["red", "blue"]
    assert not (await choose(bot, BOB, reply.now(), "done")).texts()
    assert reply.now().view is None  # nothing left for Bob: the reply closes


async def test_refusals_for_someone_elses_choices(bot) -> None:
    gid = await start(bot)
    (window,) = window_messages(bot.world)
    waiting = " ".join(mention(u) for u in SEATS)
    # a stranger has nothing waiting here
    refused = await my_choices(bot, STRANGER, window)
    assert refused.texts() == [t("discord.window.not_yours", "en", users=waiting)]
    # Bob's private choices clicked by Carol: not hers, nothing applied
    (reply,) = (await my_choices(bot, BOB, window)).replies
    clicked = await choose(bot, CAROL, reply, "red")
    assert clicked.texts() == [t("discord.not_your_choice", "en", user=mention(BOB))]
    assert (await bot.store.get_game(gid)).snapshot["picks"] == [[], [], []]
    # a seat done with the window has nothing left there
    await answer(bot, BOB, window, "done")
    refused = await my_choices(bot, BOB, window)
    assert refused.texts() == [t("discord.window.not_yours", "en",
                                 users=f"{mention(HOST)} {mention(CAROL)}")]


async def test_refusals_exist_in_korean() -> None:
    for key in ("discord.window.not_yours", "discord.window.waiting", "discord.window.open",
                "discord.window.closed", "discord.button.window"):
        assert t(key, "ko", users="x", decisions="y") != t(key, "en", users="x", decisions="y")


async def test_a_lone_seat_gets_the_ordinary_prompt(bot) -> None:
    await start(bot, seats=(HOST,))
    assert window_messages(bot.world) == []
    (prompt,) = choice_messages(bot.world)
    assert {decode_choice(c).key for c in prompt.custom_ids()} == {"r1.s0.0"}  # type: ignore[union-attr]


# -- Spirit Island: the Spirit phase's growth, the power windows --------------------------


def test_spirit_island_names_its_windows() -> None:
    def window(key: str) -> str | None:
        return si_ui.window(Decision(seat=0, kind="choose", key=key, choices=[]))

    # every spirit's Spirit phase and power windows, whatever the step; other phases: the
    # spirits asked by one step at once
    assert window("t3.spirit.s0.2") == window("t3.spirit.s1.0") == "t3.spirit"
    assert window("t3.fast.41.s0") == window("t3.fast.44.s1") == "t3.fast"
    assert window("t3.slow.50.s1") == "t3.slow"
    assert window("t3.invader.41.s0") == window("t3.invader.41.s1") == "t3.invader.41"
    assert window("t4.spirit.s0.0") != window("t3.spirit.s0.0")


async def test_spirit_island_growth_is_one_window_message(tmp_path) -> None:
    gamebot, world = await table_bot(tmp_path, thread=THREAD)
    gamebot.world = world
    try:
        game = await gamebot.table.new_game("spirit_island", guild_id=1, channel_id=10,
                                            host_id=HOST, lang="en")
        await gamebot.table.attach_thread(game.id, THREAD)
        await gamebot.table.join(game.id, BOB)
        await gamebot.publisher.publish(await gamebot.table.start(game.id, HOST))
        (window,) = window_messages(world)
        assert choice_messages(world) == []
        assert mention(HOST) in waiting_line(world, window)
        assert mention(BOB) in waiting_line(world, window)
        opened = await my_choices(gamebot, BOB, window)
        (reply,) = opened.replies
        keys = {r.key for c in reply.custom_ids() if (r := decode_choice(c))}
        prompts = await gamebot.table.open_prompts(game.id)
        (bobs,) = [p.decision.key for p in prompts if p.user_id == BOB]
        assert keys == {bobs} and ".spirit." in bobs
    finally:
        await gamebot.store.close()
