"""A prompt whose decision stays open under its key while another seat's answer changes its
choices is edited in place to the choices open now (same message, new buttons), not posted
again; its new buttons apply what they say.

"Gift": a two-seat engine made for this. The host holds an open offer to give Bob a coin
while Bob's turn is open at once. Bob's turn lists "pass", then "beg" while he has no coin
or "buy" once he has one, and its text says how many coins he holds: a gift takes "beg"
away and adds "buy" under the same decision key (a power offer accepted before the next
turn, in Terra Mystica). Keeping the coin changes nothing. Bob's turn ends the game.
"""

from __future__ import annotations

import copy
import random
from typing import Any, ClassVar

import discord
import pytest
from pydantic import BaseModel

import render
import rules
from bot import games
from bot.app import GameBot
from bot.cogs.publisher import Publisher, choices_print
from bot.components import ChoiceButton, choice_hash, decode_choice, key_token
from bot.games import GameUI
from bot.table_types import Prompt
from rules.core import Action, Choice, Decision, Event, Group, Result, RuleError, Score, State
from tests.bot.table_bot import table_bot
from tests.bot.test_discord_fakes import FakeInteraction, Sent, World

NAME = "gift"
HOST, BOB = 601, 602
THREAD = 7101
OFFER, TURN = "offer.1", "turn.1"


class GiftOptions(BaseModel):
    private_turn: bool = False  # Bob's turn by DM rather than in the thread


MESSAGES = {
    "en": {"gift.offer": "Give Bob a coin?", "gift.turn": "Your turn (purse: {coins}).",
           "gift.gave": "A coin was given.", "gift.kept": "The coin was kept."},
    "ko": {"gift.offer": "Bob에게 동전을 줄까요?", "gift.turn": "차례입니다 (지갑: {coins}).",
           "gift.gave": "동전을 주었습니다.", "gift.kept": "동전을 지켰습니다."},
}


def _choice(kind: str) -> Choice:
    return Choice(action={"type": kind}, text=kind)


class GiftEngine:
    name: ClassVar[str] = NAME
    min_seats: ClassVar[int] = 2
    max_seats: ClassVar[int] = 2
    Options: ClassVar[type[BaseModel]] = GiftOptions
    messages: ClassVar[dict[str, dict[str, str]]] = MESSAGES

    def setup(self, options: BaseModel | dict[str, Any], seats: int, seed: int) -> State:
        opts = GiftOptions.model_validate(
            options.model_dump() if isinstance(options, BaseModel) else options)
        return {"game": NAME, "private": opts.private_turn, "coins": 0, "offer": True,
                "played": None, "seats": [{}, {}]}

    def decisions(self, state: State) -> list[Decision]:
        if state["played"] is not None:
            return []
        out = []
        if state["offer"]:
            out.append(Decision(seat=0, kind="gift.offer", key=OFFER,
                                choices=[_choice("give"), _choice("keep")]))
        coins = state["coins"]
        out.append(Decision(seat=1, kind="gift.turn", key=TURN, private=state["private"],
                            params={"coins": coins},
                            choices=[_choice("pass"), _choice("buy" if coins else "beg")]))
        return out

    def apply(self, state: State, seat: int, action: Action) -> tuple[State, list[Event]]:
        legal = [c.action for d in self.decisions(state) if d.seat == seat
                 for c in d.choices or []]
        if action not in legal:
            raise RuleError("gift.offer")
        new = copy.deepcopy(state)
        kind = action["type"]
        if seat == 0:
            new["offer"] = False
            new["coins"] += kind == "give"
            return new, [Event(key="gift.gave" if kind == "give" else "gift.kept")]
        new["played"] = kind
        return new, []

    def view(self, state: State, seat: int | None) -> dict[str, Any]:
        return copy.deepcopy(state)

    def result(self, state: State) -> Result | None:
        if state["played"] is None:
            return None
        bob = 2 if state["played"] == "buy" else 0
        return Result(scores=[Score(seat=1, total=bob, breakdown={}, rank=1),
                              Score(seat=0, total=0, breakdown={}, rank=1 + (bob > 0))])

    def parse(self, state: State, seat: int, text: str) -> Action:
        return {"type": text.strip()}

    def format(self, state: State, action: Action, lang: str = "en") -> str:
        return str(action["type"])


@pytest.fixture
async def bot(tmp_path, monkeypatch):
    monkeypatch.setitem(rules.ENGINES, NAME, f"{__name__}:GiftEngine")
    games.register(GameUI(name=NAME))
    bot, world = await table_bot(tmp_path, thread=THREAD)
    bot.world = world
    yield bot
    await bot.store.close()
    games.unregister(NAME)


async def start(bot: GameBot, *, private_turn: bool = False) -> int:
    game = await bot.table.new_game(NAME, guild_id=1, channel_id=10, host_id=HOST, lang="en")
    await bot.table.attach_thread(game.id, THREAD)
    await bot.table.join(game.id, BOB)
    if private_turn:
        await bot.table.set_option(game.id, HOST, "private_turn", "true")
    await bot.publisher.publish(await bot.table.start(game.id, HOST))
    return game.id


def prompt_of(world: World, channel: int, key: str) -> Sent:
    """The one message posted with buttons for decision `key` in `channel`."""
    (message,) = [m for m in world.in_channel(channel) if key_token(key) in keys_of(m.view)]
    return message


def keys_of(view: discord.ui.View | None) -> set[str]:
    """The decision keys (as custom_id tokens) a view's choice buttons answer."""
    refs = [decode_choice(c.custom_id) for c in view.children] if view else []  # type: ignore[attr-defined]
    return {ref.key for ref in refs if ref is not None}


def button(view: discord.ui.View, text: str) -> str:
    """The custom_id of the button for the choice whose notation is `text`."""
    (custom_id,) = [c.custom_id for c in view.children  # type: ignore[attr-defined]
                    if (ref := decode_choice(c.custom_id)) and ref.hash4 == choice_hash(text)]
    return custom_id


def hashes(view: discord.ui.View) -> set[str]:
    return {decode_choice(c.custom_id).hash4 for c in view.children}  # type: ignore[attr-defined,union-attr]


async def click(bot: GameBot, user_id: int, custom_id: str, message: Sent) -> FakeInteraction:
    interaction = FakeInteraction(bot, user_id, channel_id=message.channel_id, message=message)
    match = ChoiceButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match, custom_id
    item = await ChoiceButton.from_custom_id(interaction, discord.ui.Button(custom_id=custom_id),
                                             match)
    await item.callback(interaction)
    return interaction


def edits_of(world: World, message: Sent) -> list[dict[str, Any]]:
    return [kw for cid, mid, kw in world.edits if (cid, mid) == (message.channel_id, message.id)]


async def answer_offer(bot: GameBot, gid: int, choice: str) -> None:
    offer = prompt_of(bot.world, THREAD, OFFER)
    interaction = await click(bot, HOST, button(offer.view, choice), offer)
    assert not interaction.texts(), interaction.texts()  # no refusal


async def played(bot: GameBot, gid: int) -> str | None:
    return (await bot.store.get_game(gid)).snapshot["played"]  # type: ignore[index]


async def test_a_gift_edits_the_open_turn_in_place_and_its_new_button_plays(bot) -> None:
    world = bot.world
    gid = await start(bot)
    turn = prompt_of(world, THREAD, TURN)
    assert hashes(turn.view) == {choice_hash("pass"), choice_hash("beg")}
    assert "Your turn (purse: 0)." in turn.content
    posted = len(world.sent)
    await answer_offer(bot, gid, "give")
    # no new message for the turn (the gift's news folds into the answered offer)
    assert not [m for m in world.sent[posted:] if m.view is not None]
    [edit] = edits_of(world, turn)
    assert hashes(edit["view"]) == {choice_hash("pass"), choice_hash("buy")}  # "beg" gone
    assert "Your turn (purse: 1)." in edit["content"] and "purse: 0" not in edit["content"]
    assert edit["allowed_mentions"].users is False  # an edit pings nobody
    assert [r.decision_key for r in await bot.store.messages(gid, "prompt")].count(TURN) == 1
    # the new button applies "buy", which scores
    interaction = await click(bot, BOB, button(edit["view"], "buy"), turn)
    assert not interaction.texts(), interaction.texts()
    assert await played(bot, gid) == "buy"
    game = await bot.store.get_game(gid)
    assert game.status == "finished"


async def test_an_answer_that_leaves_the_choices_as_they_were_edits_nothing(bot) -> None:
    world = bot.world
    gid = await start(bot)
    turn = prompt_of(world, THREAD, TURN)
    await answer_offer(bot, gid, "keep")
    assert edits_of(world, turn) == []
    interaction = await click(bot, BOB, button(turn.view, "beg"), turn)
    assert not interaction.texts()
    assert await played(bot, gid) == "beg"


async def test_the_change_is_seen_after_a_restart(bot) -> None:
    world = bot.world
    gid = await start(bot)
    turn = prompt_of(world, THREAD, TURN)
    bot.publisher = Publisher(bot)  # a new process: nothing of the posts kept in memory
    await answer_offer(bot, gid, "give")
    [edit] = edits_of(world, turn)
    assert hashes(edit["view"]) == {choice_hash("pass"), choice_hash("buy")}
    # the text as posted is not known after a restart: only the buttons are replaced
    assert "content" not in edit
    await click(bot, BOB, button(edit["view"], "buy"), turn)
    assert await played(bot, gid) == "buy"


async def test_a_dm_prompt_is_edited_in_place_too(bot) -> None:
    world = bot.world
    gid = await start(bot, private_turn=True)
    turn = prompt_of(world, BOB * 10, TURN)
    dms = len(world.in_channel(BOB * 10))
    await answer_offer(bot, gid, "give")
    assert len(world.in_channel(BOB * 10)) == dms  # no second DM
    [edit] = edits_of(world, turn)
    assert hashes(edit["view"]) == {choice_hash("pass"), choice_hash("buy")}
    assert "Your turn (purse: 1)." in edit["content"]
    await click(bot, BOB, button(edit["view"], "buy"), turn)
    assert await played(bot, gid) == "buy"


async def test_the_dm_of_a_seats_former_holder_is_left_as_it_was(bot) -> None:
    world = bot.world
    gid = await start(bot, private_turn=True)
    old = prompt_of(world, BOB * 10, TURN)
    newcomer = 603
    outcome = await bot.table.substitute(gid, HOST, BOB, newcomer)
    await bot.publisher.publish(outcome)
    await bot.publisher.dm_seat(outcome.game, newcomer, [p for p in outcome.prompts
                                                         if p.private])
    fresh = prompt_of(world, newcomer * 10, TURN)
    await answer_offer(bot, gid, "give")
    assert edits_of(world, old) == []  # Bob left: his coins are no longer his to see
    [edit] = edits_of(world, fresh)
    assert hashes(edit["view"]) == {choice_hash("pass"), choice_hash("buy")}


async def test_the_prints_kept_are_those_of_open_prompts_only(bot) -> None:
    gid = await start(bot)
    prints = (await bot.store.get_game(gid)).settings["prompt_prints"]
    assert set(prints) == {OFFER, TURN}
    await answer_offer(bot, gid, "give")
    prints_after = (await bot.store.get_game(gid)).settings["prompt_prints"]
    assert set(prints_after) == {TURN} and prints_after[TURN] != prints[TURN]


# -- Terra Mystica: a power offer accepted while its player's turn is open -----------------

TM_PLAYERS = (801, 802, 803, 804)
TM_SEED, TM_STEPS = 3, 200  # moves picked at random, builds preferred (offers come up)


@pytest.fixture
async def tm_bot(tmp_path, monkeypatch):
    import bot.table_lobby

    monkeypatch.setattr(bot.table_lobby.secrets, "randbits", lambda bits: 780)
    monkeypatch.setattr(render, "render_table", lambda *args, **kwargs: None, raising=False)
    monkeypatch.setattr(render, "has_private", lambda game: False, raising=False)
    gamebot, world = await table_bot(tmp_path, thread=THREAD)
    gamebot.world = world
    yield gamebot
    await gamebot.store.close()


def offer_with_open_turn(prompts: list[Prompt]) -> tuple[Prompt, Prompt] | None:
    """A power offer whose player also has a turn open, with ten buttons at most (each
    choice its own button, none a menu of kinds), and the offer's accepting answer there."""
    for offer in prompts:
        turns = [p for p in prompts if p.seat == offer.seat and p.decision.kind == "turn"]
        if offer.decision.kind == "leech" and turns and len(turns[0].decision.choices or []) <= 10:
            return offer, turns[0]
    return None


async def test_a_power_offer_accepted_edits_its_players_open_turn(tm_bot) -> None:
    world, table = tm_bot.world, tm_bot.table
    game = await table.new_game("terra_mystica", guild_id=1, channel_id=10,
                                host_id=TM_PLAYERS[0], lang="en")
    await table.attach_thread(game.id, THREAD)
    for uid in TM_PLAYERS[1:]:
        await table.join(game.id, uid)
    await tm_bot.publisher.publish(await table.start(game.id, TM_PLAYERS[0]))
    rng = random.Random(TM_SEED)
    for _ in range(TM_STEPS):
        prompts = [p for p in await table.open_prompts(game.id) if p.decision.choices]
        found = offer_with_open_turn(prompts)
        if found is not None:
            offer, turn = found
            shown = prompt_of(world, THREAD, turn.decision.key)
            asked = prompt_of(world, THREAD, offer.decision.key)
            accept = next(c for c in offer.decision.choices or []
                          if c.action.get("type") == "leech")
            sent = len(world.sent)
            interaction = await click(tm_bot, offer.user_id, button(asked.view, accept.text), asked)
            assert not interaction.texts(), interaction.texts()
            now = next(p for p in await table.open_prompts(game.id)
                       if p.decision.key == turn.decision.key)
            old = [c.text for c in turn.decision.choices or []]
            new = [c.text for c in now.decision.choices or []]
            if old == new:  # the power taken changed nothing this turn can do: no edit
                assert edits_of(world, shown) == []
                continue
            # the turn's message is edited, not posted again
            assert not [m for m in world.sent[sent:]
                        if key_token(turn.decision.key) in keys_of(m.view)]
            [edit] = edits_of(world, shown)
            refs = [decode_choice(c.custom_id) for c in edit["view"].children]
            # one button per choice open now, each in its place: what appeared is there
            assert [(r.index, r.hash4) for r in refs] == [
                (i, choice_hash(text)) for i, text in enumerate(new)]
            appeared = [text for text in new if text not in old]
            assert appeared, (old, new)
            before = len(await tm_bot.store.actions(game.id))
            interaction = await click(tm_bot, now.user_id, button(edit["view"], appeared[0]),
                                      shown)
            assert not interaction.texts(), interaction.texts()
            played_now = (await tm_bot.store.actions(game.id))[before]
            assert played_now.action == now.decision.choices[new.index(appeared[0])].action
            return
        prompt = rng.choice(prompts)
        choices = prompt.decision.choices or []
        weights = [10 if any(w in c.text for w in ("upgrade", "build")) else 1 for c in choices]
        action = rng.choices(choices, weights=weights)[0].action
        await tm_bot.publisher.publish(await table.act(
            game.id, prompt.user_id, action, decision_key=prompt.decision.key))
    raise AssertionError("no power offer changed an open turn's choices")


# -- what counts as a change ---------------------------------------------------------------

def _decision(*texts: str, private: bool = False) -> Decision:
    """A decision whose choices named "hand:..." are in the private group "hand"."""
    choices = [Choice(action={"type": text}, text=text,
                      group="hand" if text.startswith("hand:") else "act") for text in texts]
    return Decision(seat=0, kind="turn", key="k", private=private, choices=choices,
                    groups=[Group(key="act"), Group(key="hand", private=True)])


def test_a_public_prompt_changes_with_its_public_choices_only() -> None:
    base = choices_print(_decision("pass", "hand:3"))
    assert choices_print(_decision("pass", "hand:5")) == base  # a secret: not shown there
    assert choices_print(_decision("pass", "buy", "hand:3")) != base
    assert choices_print(_decision("buy", "pass", "hand:3")) != choices_print(
        _decision("pass", "buy", "hand:3"))  # the buttons' places changed


def test_a_private_prompt_changes_with_every_choice() -> None:
    assert choices_print(_decision("pass", "hand:3", private=True)) != choices_print(
        _decision("pass", "hand:5", private=True))
