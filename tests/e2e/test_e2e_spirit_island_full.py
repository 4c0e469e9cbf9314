"""A whole Spirit Island game through the real bot and discord.py, against the Discord
stand-in: two spirits from `/game new spirit_island` to the final result in the thread, every
decision a click on the decider's prompt (bob's DMs are closed). Along the way: both spirits
grow at once (either may finish its Spirit phase while the other has not begun), a power is
used in a Fast and in a Slow window, each Invader phase is told in words in the thread, and
blight cascades with the players' choice of land asked of the player the engine names."""

from __future__ import annotations

import copy
import json
import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.cogs.texts import score_lines
from bot.components import decode_select_value, key_matches
from bot.i18n import lookup, t
from rules.core import Decision
from rules.spirit_island import island as isl
from rules.spirit_island.boards import LANDS
from rules.spirit_island.messages import OUTCOMES
from tests.e2e.harness import (
    Server,
    action_log,
    final_result,
    game_version,
    running_server,
    table_costs,
    version_above,
)
from tests.e2e.test_e2e_citadels import assert_clean
from tests.e2e.test_e2e_spirit_island import (
    PLAYERS,
    open_spirit_island,
    stored_state,
    window_button,
)
from tests.twin import TwinInteraction, TwinUser
from tests.twin.state import Channel, Message

# A known game (the table draws each game's seed at start) and player: Lightning's powers are
# Fast, most of River's Slow; this player loses to blight in 4-5 turns. The game's blight card
# holds enough blight for a Ravage to cascade before the end whatever the player picks (a
# game whose card holds 2-3 a player may end before any blighted land is ravaged).
GAME_SEED = 7
PLAYER_SEED = 7
MAX_CLICKS = 600  # a game here takes ~100-200; the bound only stops a runaway loop
GIVE_UP_AFTER = 40  # clicks in one phase of one turn: then "Done" wherever it is offered
CHOICE = re.compile(r"^bg(s|m)?:\d")  # a choice button, a select of choices, a "more" page
CHOICE_ID = re.compile(r"^bg:\d+:(?P<key>[^:]+):(?P<idx>\d+):")
SELECT_ID = re.compile(r"^bgs:\d+:(?P<key>[^:]+):")
OPEN = re.compile(r"^bg[a-z]*:\d")  # anything a player could still click on a game message
DONE = "done"
INVADERS = ("explorer", "town", "city")
INVADER_PHASE = "Invader Phase"  # what the engine names as asking in a Ravage's cascade


def _template(key: str) -> re.Pattern[str]:
    """An English message template as a regex with one named group per parameter."""
    template = lookup(key, "en")
    assert template is not None, key
    parts = re.split(r"\{(\w+)\}", template)
    return re.compile("".join(re.escape(p) if i % 2 == 0 else f"(?P<{p}>.+?)"
                              for i, p in enumerate(parts)) + "$")


RAVAGE = _template("spirit_island.ravage")
BUILD = _template("spirit_island.build")
EXPLORE = _template("spirit_island.explore")
CARD = re.compile(r"^Stage (?P<stage>I{1,3}) (?P<terrains>[A-Za-z+]+)$")


@dataclass
class Clicked:
    """One click that picked a choice (it must apply exactly that action, once)."""

    user: TwinUser
    decision: Decision
    index: int
    label: str
    turn: int

    @property
    def action(self) -> dict[str, Any]:
        return (self.decision.choices or [])[self.index].action

    @property
    def phase(self) -> str:  # "t3.fast.s0.2" -> "fast"
        return self.decision.key.split(".")[1]


@dataclass
class SiDriver:
    """Answers whoever has a prompt, as a player would: plays cards while it can, grows
    presence, aims powers at unblighted lands with invaders, cascades blight into clean
    land. In the Spirit phase of turn n the seat n % 2 answers first, to its end."""

    server: Server
    thread: Channel
    seats: list[int]  # user id by seat
    seed: int
    rng: random.Random = field(init=False)
    clicks: int = 0
    applied: list[Clicked] = field(default_factory=list)
    per_phase: Counter[tuple[int, str]] = field(default_factory=Counter)
    # turn -> user ids with a growth prompt open at the same moment
    growing_together: dict[int, set[int]] = field(default_factory=dict)
    # turn -> (the seat that finished its Spirit phase first, the other's growth prompt
    # still open then)
    finished_first: dict[int, tuple[int, Message]] = field(default_factory=dict)
    # each cascade asked: the click, its prompt, the blight on the island when it was asked
    cascades: list[tuple[Clicked, Message, dict[str, int]]] = field(default_factory=list)
    refused: list[tuple[TwinUser, str]] = field(default_factory=list)
    by: Counter[str] = field(default_factory=Counter)  # choices clicked as button / select
    # a window's choices (every spirit at once) come by "My choices" on its shared message:
    # user id -> the private reply in use; reply id -> the window message it came from
    replies: dict[int, Message] = field(default_factory=dict)
    window_of: dict[int, Message] = field(default_factory=dict)
    openings: int = 0  # "My choices" clicks

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    @property
    def users(self) -> list[TwinUser]:
        return self.server.users

    def finished(self) -> bool:
        title = t("discord.finished.title", "en")
        return any(title in m.content for m in self.server.twin.messages(self.thread))

    def prompt_of(self, user: TwinUser) -> Message | None:
        """The newest message naming the user in its last line that still has choices, or
        the user's own choices of a window, opened from its shared message."""
        found = [m for m in user.addressed_in(self.thread) if _choices(m)]
        reply = self.replies.get(user.id)
        if reply is not None and _choices(reply):
            found.append(reply)
        return max(found, key=lambda m: m.id) if found else None

    def shown(self, message: Message) -> Message:
        """The thread message a prompt is seen in (a window's, for a private reply)."""
        return self.window_of.get(message.id, message)

    async def open_windows(self) -> None:
        """Each player a window waits on (its shared message names them last) opens their
        own choices there, again once a move re-keyed them (a power window's moves do)."""
        assert self.server.bot is not None
        open_keys = [p.decision.key for p in await self.server.bot.table.open_prompts(1)]
        for user in self.users:
            reply = self.replies.get(user.id)
            if reply is not None and _choices(reply) and all(
                    any(key_matches(m["key"], k) for k in open_keys)
                    for c in _choices(reply) if (m := _key(c["custom_id"]))):
                continue
            self.replies.pop(user.id, None)
            windows = [m for m in user.addressed_in(self.thread) if window_button(m)]
            if not windows:
                continue
            self.openings += 1
            click = await user.click(windows[-1], custom_id=window_button(windows[-1]))
            (reply, *_) = await click.wait_messages(1)
            assert reply.ephemeral and reply.visible_to == user.id, reply.content
            self.replies[user.id] = reply
            self.window_of[reply.id] = windows[-1]

    async def decision_of(self, message: Message, user: TwinUser) -> Decision:
        """The open decision the prompt's components name; it must be this user's."""
        assert self.server.bot is not None
        token = next(m["key"] for c in _choices(message) if (m := _key(c["custom_id"])))
        prompts = await self.server.bot.table.open_prompts(1)
        same = [p for p in prompts if key_matches(token, p.decision.key)]
        assert same, f"a prompt for a decision that is not open: {message.content!r}"
        assert [p.user_id for p in same] == [user.id], (message.content, same)
        assert self.seats[same[0].decision.seat] == user.id  # the seat's own player
        return same[0].decision

    async def step(self) -> None:
        def prompted() -> list[tuple[TwinUser, Message]]:
            return [(u, m) for u in self.users if (m := self.prompt_of(u)) is not None]

        def in_sight() -> bool:
            return bool(prompted()) or any(
                window_button(m) for u in self.users for m in u.addressed_in(self.thread))

        # the bot may still be drawing and posting: a running game shows someone a prompt
        await self.server.twin.wait_for(
            in_sight, 30, "the game is running but nobody has a prompt to click")
        await self.open_windows()
        waiting = await self.server.twin.wait_for(
            prompted, 30, "the game is running but nobody has a prompt to click")
        state = await stored_state(self.server)
        turn, phase = state.get("turn", 0), state.get("phase", "")
        growing = {u.id for u, m in waiting if _is_growth(m)}
        if len(growing) > 1:
            self.growing_together.setdefault(turn, set()).update(growing)
        user, message = self.pick_user(waiting, state)
        decision = await self.decision_of(message, user)
        # only the decider is pinged, and only when the table starts waiting on them (a
        # window's message: those it waits on)
        assert message.notified <= {user.id}, message.content
        assert self.shown(message).notified <= set(self.seats), message.content
        if (decision.kind == "cascade" and ".invader." in decision.key and not self.refused
                and message.id not in self.window_of):
            await self.wrong_player_clicks(message, user)
        index = self.pick_choice(decision, state, [i for i, *_ in _offered(message)], turn)
        _, comp, value = next(o for o in _offered(message) if o[0] == index)
        label = _label(comp, value)
        clicked = Clicked(user, decision, index, label, turn)
        version = await game_version(self.server)
        self.applied.append(clicked)
        self.per_phase[(turn, phase)] += 1
        await self.send(user, message, comp, value)
        await version_above(self.server, version)
        # the bot closes the answered prompt after posting the next ones (a private reply
        # of a window shows the seat's next choices there, if any)
        if message.id not in self.window_of:
            await self.server.twin.wait_for(lambda: not _choices(message), 30,
                                            "the answered prompt to close")
        await self.server.settle()
        if decision.kind == "cascade":
            blight = {name: land["blight"] for name, land in state["lands"].items()}
            self.cascades.append((clicked, self.shown(message), blight))
        if phase == "spirit" and turn not in self.finished_first:
            self.note_spirit_phase_done(user, turn)

    def pick_user(self, waiting: list[tuple[TwinUser, Message]], state: dict
                  ) -> tuple[TwinUser, Message]:
        """In the Spirit phase the turn's first seat goes on alone while it can; elsewhere
        whoever of those waiting, at random."""
        if state.get("phase") == "spirit":
            first = self.seats[state.get("turn", 0) % len(self.seats)]
            mine = [(u, m) for u, m in waiting if u.id == first]
            if mine:
                return mine[0]
        return self.rng.choice(waiting)

    def note_spirit_phase_done(self, user: TwinUser, turn: int) -> None:
        """Once the seat that went first has no prompt left this Spirit phase, the other's
        growth prompt is still open: nobody waited for anybody."""
        if self.prompt_of(user) is not None:
            return
        others = [m for u in self.users if u is not user and (m := self.prompt_of(u))]
        growth = [m for m in others if _is_growth(m)]
        if growth:
            # as it reads then: a window's message is edited as its seats answer
            self.finished_first[turn] = (user.id, copy.copy(self.shown(growth[0])))

    async def wrong_player_clicks(self, message: Message, decider: TwinUser) -> None:
        """The other player clicks the cascade prompt: refused, to them alone, naming the
        decider; nothing is applied."""
        other = next(u for u in self.users if u is not decider)
        version = await game_version(self.server)
        _, comp, value = _offered(message)[0]
        reply = await self.send(other, message, comp, value)
        (answer,) = await reply.wait_messages(1)
        assert answer.ephemeral and answer.visible_to == other.id
        self.refused.append((other, answer.content))
        await self.server.settle()
        assert await game_version(self.server) == version
        assert _choices(message), "a refused click closed the decider's prompt"

    async def send(self, user: TwinUser, message: Message, comp: dict, value: str | None
                   ) -> TwinInteraction:
        self.clicks += 1
        self.by["select" if value is not None else "button"] += 1
        if value is not None:
            reply = await user.select(message, [value], custom_id=comp["custom_id"])
        else:
            reply = await user.click(message, custom_id=comp["custom_id"])
        return await reply.wait_ack()

    # -- the policy -----------------------------------------------------------------------
    def pick_choice(self, decision: Decision, state: dict, indices: list[int], turn: int
                    ) -> int:
        choices = decision.choices or []
        options = {i: choices[i].action.get("option") for i in indices}
        done = [i for i in indices if options[i] == DONE]
        rest = [i for i in indices if options[i] != DONE] or indices
        if done and self.per_phase[(turn, state.get("phase", ""))] > GIVE_UP_AFTER:
            return done[0]  # a phase that goes on and on: end it
        lands = state.get("lands", {})

        def land(i: int) -> dict:
            value = options[i]
            return lands.get(value, {}) if isinstance(value, str) else {}

        def invaders(i: int) -> int:
            return sum(len(land(i).get(k, [])) for k in INVADERS)

        def clean(i: int) -> bool:
            return bool(land(i)) and not land(i).get("blight")

        kind = decision.kind
        if kind in ("play", "resolve"):  # a card played, a power used, while there are any
            return self.rng.choice(rest)
        if kind == "choose" and state.get("phase") == "spirit":  # growth: the most presence
            grows = {i: _presence_in_option(state, decision.seat, options[i]) for i in rest}
            most = max(grows.values())
            return self.rng.choice([i for i in rest if grows[i] == most])
        if kind == "cascade":
            return self.rng.choice([i for i in rest if clean(i)] or rest)
        if kind.startswith("target_land"):
            good = [i for i in rest if clean(i) and invaders(i)]
            return self.rng.choice(good or [i for i in rest if clean(i)] or rest)
        if kind == "add_presence":
            return self.rng.choice([i for i in rest if not invaders(i)] or rest)
        return self.rng.choice(indices)

    async def play_to_end(self) -> None:
        while not self.finished():
            assert self.clicks < MAX_CLICKS, f"not finished after {self.clicks} clicks"
            await self.step()


def _choices(message: Message) -> list[dict]:
    return [c for c in message.iter_components()
            if CHOICE.match(c.get("custom_id", "")) and not c.get("disabled")]


def _key(custom_id: str) -> re.Match[str] | None:
    return next((m for p in (CHOICE_ID, SELECT_ID) if (m := p.match(custom_id))), None)


def _offered(message: Message) -> list[tuple[int, dict, str | None]]:
    """(choice index, component, select value or None) of every choice on a message."""
    out: list[tuple[int, dict, str | None]] = []
    for comp in _choices(message):
        if comp["type"] == 3:
            for option in comp["options"]:
                picked = decode_select_value(option["value"])
                assert picked is not None
                out.append((picked[0], comp, option["value"]))
        elif (match := CHOICE_ID.match(comp["custom_id"])) is not None:
            out.append((int(match["idx"]), comp, None))
    return out


def _label(comp: dict, value: str | None) -> str:
    if value is None:
        return str(comp.get("label", ""))
    return next(str(o["label"]) for o in comp["options"] if o["value"] == value)


GROWTH_LABEL = re.compile("^" + re.escape(t("spirit_island.choice.growth", "en", n=0))
                          .replace("0", r"\d+") + "$")


def _is_growth(message: Message) -> bool:
    return any(GROWTH_LABEL.match(_label(c, None)) for c in _choices(message))


def _source_en(decision: Decision) -> str:
    """The English name of what asks (a power, a card, or the Invader phase itself)."""
    source = decision.params.get("source")
    return str(source.get("en", "")) if isinstance(source, dict) else str(source or "")


def _presence_in_option(state: dict, seat: int, option: Any) -> int:
    """How much presence a growth option places (read from the seat's asking step, as a
    player reads the growth options on their spirit panel)."""
    queue = state["seats"][seat].get("queue") or []
    options = (queue[0]["step"].get("options") or []) if queue else []
    if not isinstance(option, int) or option >= len(options):
        return 0
    return json.dumps(options[option]).count('"add_presence"')


def _terrains(card: str) -> list[str]:
    """"Stage II Sands" -> ["sands"]; a card of two terrains -> both."""
    match = CARD.match(card)
    assert match, card
    return match["terrains"].lower().split("+")


def _on_card(land: str, words: list[str]) -> bool:
    """Whether an invader card's words name the land: its terrain, or "coastal" for the lands
    next to the board's Ocean (lands 1-3)."""
    terrain = LANDS[land[0]][int(land[1:])][0]
    return terrain in words or ("coastal" in words and 1 <= int(land[1:]) <= 3)


def invader_lines(text: str) -> dict[str, list[re.Match[str]]]:
    lines = text.split("\n")
    return {name: [m for line in lines if (m := pattern.match(line))]
            for name, pattern in (("ravage", RAVAGE), ("build", BUILD), ("explore", EXPLORE))}


async def test_a_whole_spirit_island_game_by_clicks(tmp_path: Path, monkeypatch) -> None:
    import bot.table_lobby  # a known game: the table draws each game's seed at start

    # the seed only: secrets.randbits itself also makes discord.py's enforced message nonces
    monkeypatch.setattr(bot.table_lobby, "secrets",
                        SimpleNamespace(randbits=lambda bits: GAME_SEED))
    async with running_server(tmp_path, PLAYERS) as server:
        await server.start_bot()
        thread = await open_spirit_island(server)
        alice, bob = server.users
        record, _ = await final_result(server)  # running: no result yet
        seats = list(record.seats)
        assert seats == [alice.id, bob.id], seats  # the host first, then who joined
        driver = SiDriver(server, thread, seats, seed=PLAYER_SEED)
        await driver.play_to_end()
        state = await stored_state(server)
        text = "\n".join(m.content for m in server.twin.messages(thread))
        turns = state["turn"]

        # both spirits grew at the same time every turn: both growth prompts were open at
        # once, and in turns 1 and 2 the seat going first (bob, then alice) finished its whole
        # Spirit phase while the other's growth prompt was still waiting for them
        assert set(driver.growing_together) >= set(range(1, turns)), driver.growing_together
        assert all(ids == {alice.id, bob.id} for ids in driver.growing_together.values())
        assert driver.finished_first.get(1, (None,))[0] == bob.id, driver.finished_first
        if turns >= 2:
            assert driver.finished_first.get(2, (None,))[0] == alice.id, driver.finished_first
        for user_id, growth in driver.finished_first.values():
            waiting = next(u for u in server.users if u.id != user_id)
            assert waiting.mention in growth.content.split("\n")[-1]

        # a power used in a Fast window and one in a Slow window, each told in the thread
        used = [c for c in driver.applied if c.decision.kind == "resolve"
                and c.action["option"] != DONE and c.phase in ("fast", "slow")]
        assert {c.phase for c in used} == {"fast", "slow"}, [(c.phase, c.label) for c in used]
        for c in used:
            line = t("spirit_island.power", "en", s=c.user.user.username, power=c.label)
            assert line in text, line

        # every Invader phase in words: explore in the lands of the card's terrain, build
        # and ravage where invaders are; each cascade moves to an adjacent land
        said = invader_lines(text)
        assert len(said["explore"]) >= turns - 1 and said["build"] and said["ravage"], said
        for match in said["explore"]:
            terrains = _terrains(match["card"])
            lands = [x.strip() for x in match["lands"].split(",")]
            assert all(_on_card(x, terrains) for x in lands), match.group(0)
        for match in said["build"]:
            terrains = _terrains(match["card"])
            for entry in match["lands"].split(","):
                land, kind = entry.split()
                assert _on_card(land, terrains) and kind in ("town", "city"), match.group(0)
        boards = tuple(state["boards"])
        for match in said["ravage"]:
            chain = [x.strip() for x in match["blight"].split(",") if x.strip() != "-"]
            assert not chain or chain[0] == match["land"], match.group(0)
            for a, b in zip(chain, chain[1:], strict=False):
                assert b in isl.adjacent(boards, a), match.group(0)

        # blight cascaded in an Invader phase, the choice of land asked in the thread of the
        # player the engine names: the first seat for a Ravage's cascade (the first player
        # speaks for the table in the Invader phase's own choices), each player for their
        # own blight under a blight card's "each player adds blight". The other player's
        # click on the first one was refused, to them alone, naming the decider.
        invader = [c for c in driver.cascades if c[0].phase == "invader"]
        assert invader, [c.decision.params for c, *_ in driver.cascades]
        for clicked, message, _ in invader:
            decider = clicked.user
            if _source_en(clicked.decision) == INVADER_PHASE:
                assert clicked.decision.seat == 0 and decider is alice
            assert message.content.split("\n")[-1].startswith(
                t("spirit_island.frame.invader", "en", user=decider.mention, decision=""))
        for clicked, _, blight in driver.cascades:
            # the options: the neighbours (never an Ocean) of a land that already had blight
            options = {c.action["option"] for c in clicked.decision.choices or []}
            assert any(set(isl.adjacent(boards, land)) == options
                       for land, n in blight.items() if n), (options, blight)
        (refused_user, refusal), = driver.refused
        first = invader[0][0].user
        assert refused_user is not first
        assert refusal == t("discord.not_your_choice", "en", user=first.mention), refusal

        # the end: the engine's outcome in words, the result once, the same for both seats
        outcome = state["outcome"]
        assert t("spirit_island.game_over", "en", outcome=OUTCOMES[outcome][0]) in text
        title = t("discord.finished.title", "en")
        assert len([m for m in server.twin.messages(thread) if title in m.content]) == 1
        record, result = await final_result(server)
        assert record.status == "finished" and result is not None
        names = [server.twin.world.users[uid].username for uid in record.seats]
        assert "\n".join(score_lines(result, names, "en", "spirit_island")) in text
        assert {s.total for s in result.scores} == {int(outcome in ("win", "sacrifice"))}

        # every click that picked a choice applied exactly that action, once, for its player
        log = await action_log(server)
        assert [(a.user_id, a.action) for a in log] == [
            (c.user.id, c.action) for c in driver.applied]

        # bob's DMs are closed: nothing was sent there (the island is public); his panel
        # comes with /game hand, to him alone
        assert bob.dms() == []
        hand = await bob.slash("game hand", thread)
        (head, *_) = await hand.wait_messages(1)
        assert head.visible_to == bob.id
        assert head.attachments and head.attachments[0].data[:4] == b"\x89PNG", head.content
        await server.settle()

        # nothing left to click anywhere a player looks
        for user in server.users:
            for message in [*user.visible(thread), *user.ephemerals(), *user.dms()]:
                assert not [c for c in message.iter_components()
                            if OPEN.match(c.get("custom_id", "")) and not c.get("disabled")
                            ], message.content

        costs = table_costs(server, thread, len(log))
        print(f"\nSpirit Island through the stand-in ({turns} turns, {outcome}, "
              f"{driver.clicks} clicks, {dict(driver.by)}, {driver.openings} \"My choices\"): {costs}")
        assert costs["REST calls per move"] <= 2.0
        assert costs["thread messages per move"] <= 1.3
        assert_clean(server)
