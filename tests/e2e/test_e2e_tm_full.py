"""A whole Terra Mystica game through the real bot and discord.py, against the Discord twin:
from `/game new terra_mystica` to the final scores in the thread, every move a click (faction
buttons, the turn menu's kind select and then its ephemeral choices, "more…" pages, power
offers, tiles, cult steps, spades, passing with a bonus tile)."""

from __future__ import annotations

import random
import re
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from bot.cogs.texts import score_lines
from bot.components import decode_select_value, key_matches
from bot.i18n import t
from rules.core import Decision
from rules.terra_mystica.board import LAND_ADJ
from tests.e2e.harness import (
    Server,
    action_log,
    final_result,
    game_version,
    lobby_button,
    running_server,
    table_costs,
    version_above,
)
from tests.e2e.test_e2e_citadels import assert_clean
from tests.twin import TwinInteraction, TwinUser
from tests.twin.state import Channel, Message

TM = "terra_mystica"
# (name, locale, dms open) and the faction each picks by button: both factions with a
# special decision path (Chaos Magicians' double action, Cultists' cult step after leeches)
PLAYERS = [("alice", "en-US", True), ("bob", "ko", True), ("carol", "en-US", True),
           ("dave", "en-US", True)]
FACTION_PICKS = ("chaosmagicians", "cultists", "witches", "mermaids")
CHOICE = re.compile(r"^bg(s|k|m|km)?:\d")  # choices, their selects, kind select, more pages
CHOICE_ID = re.compile(r"^bg:\d+:(?P<key>[^:]+):(?P<idx>\d+):")
SELECT_ID = re.compile(r"^bgs:\d+:(?P<key>[^:]+):")
HANGUL = re.compile(r"[가-힣]")
KIND_ID = re.compile(r"^bgk:\d+:(?P<key>[^:]+)$")
# How much a quick player wants each kind of turn choice (passing is decided apart).
KIND_WEIGHT = {"build": 8, "upgrade": 6, "action": 3, "send": 2, "advance": 2, "transform": 1,
               "connect": 2, "bridge": 0.5, "free": 0.3, "other": 1, "gain": 3, "skip": 0.2}
SPECIAL_ACTIONS = ("ACTA", "ACTC", "ACTG", "ACTN", "ACTS", "ACTW")
# A known game (the service draws each game's seed at start) and player: together they
# reach every prompt kind below within ~200 clicks (~40 s here).
GAME_SEED = 4242
PLAYER_SEED = 16
NEAR_FACTOR = 30  # a build or upgrade next to another player: power offers follow
PAGE = 100  # choices on one page: four selects of 25 (the fifth row holds "more…")
MORE_CHANCE = 0.3  # how often a "more…" page is opened when there is one


@dataclass
class Clicked:
    """One click that picks a choice (and so must apply exactly one action)."""

    user_id: int
    key: str
    kind: str
    action: dict[str, Any]


@dataclass
class TmDriver:
    server: Server
    thread: Channel
    seed: int
    rng: random.Random = field(init=False)
    clicks: int = 0  # every click or select, menus and pages included
    applied: list[Clicked] = field(default_factory=list)
    seen: Counter[str] = field(default_factory=Counter)  # what the game made us answer
    turns_this_round: Counter[int] = field(default_factory=Counter)
    pings: Counter[int] = field(default_factory=Counter)  # who was pinged, how often
    round: int = 0
    menus: list[tuple[TwinUser, str]] = field(default_factory=list)  # private menus' texts
    stale_pages: list[tuple[TwinUser, Message]] = field(default_factory=list)
    owner: dict[str, int] = field(default_factory=dict)  # hex -> seat of its building

    def __post_init__(self) -> None:
        self.rng = random.Random(self.seed)

    @property
    def users(self) -> list[TwinUser]:
        return self.server.users

    def finished(self) -> bool:
        title = t("discord.finished.title", "en")
        return any(title in m.content for m in self.server.twin.messages(self.thread))

    def prompt_of(self, user: TwinUser) -> Message | None:
        """The newest thread message that names the user and still carries choices."""
        found = [m for m in user.addressed_in(self.thread) if _choices(m)]
        return found[-1] if found else None

    async def decision_of(self, message: Message, user: TwinUser) -> Decision:
        """The open decision a prompt's components name (the driver's policy reads the
        choices' actions; the clicks themselves go through Discord like a person's)."""
        assert self.server.bot is not None
        token = next(m["key"] for c in _choices(message) for m in [_key(c["custom_id"])] if m)
        prompts = await self.server.bot.table.open_prompts(1)
        mine = [p for p in prompts if key_matches(token, p.decision.key)]
        assert mine, f"a prompt for a decision that is not open: {message.content!r}"
        assert mine[0].user_id == user.id, "the prompt pings someone else than the decider"
        return mine[0].decision

    async def step(self) -> None:
        def prompted() -> list[tuple[TwinUser, Message]]:
            return [(u, m) for u in self.users if (m := self.prompt_of(u)) is not None]

        # the bot may still be drawing the picture and posting (Start, a round's end): a
        # running game must show someone a prompt soon, however busy the machine
        waiting = await self.server.twin.wait_for(
            prompted, 30, "the game is running but nobody has a prompt to click")
        user, message = self.rng.choice(waiting)
        # only the decider is pinged, and only when the table starts waiting on them (a
        # faction placing its second dwelling right after its first is not pinged again)
        assert message.notified <= {user.id}, message.content
        self.pings[user.id] += len(message.notified)
        prompt = message
        decision = await self.decision_of(message, user)
        await self.look_at_board()
        self.seen[decision.kind] += 1
        if decision.kind == "spades" and ".spades." in decision.key:
            self.seen["income_spades"] += 1  # a cult bonus's spades at a round's end
        version = await game_version(self.server)
        kinds = [c for c in _choices(message) if c["custom_id"].startswith("bgk:")]
        if kinds:
            self.seen["kind_menu"] += 1
            value = self.pick_kind(decision, [o["value"] for o in kinds[0]["options"]], user)
            reply = await self.send(user, message, kinds[0], value)
            (menu,) = await reply.wait_messages(1)
            assert menu.ephemeral and menu.visible_to == user.id
            self.menus.append((user, menu.content))
            message = menu
        clicked = await self.answer(user, message, decision)
        if clicked is not message:  # an earlier page stays; its choices are stale now
            self.stale_pages.append((user, message))
        await version_above(self.server, version)
        # the bot closes the answered prompt after posting the next ones (the picture it
        # renders first makes no request a quiet moment could be measured by)
        await self.server.twin.wait_for(lambda: not _choices(prompt) and not _choices(clicked),
                                        30, "the answered prompt to close")
        await self.server.settle()

    async def answer(self, user: TwinUser, message: Message, decision: Decision) -> Message:
        """Pick from a message's choices (buttons or selects), or open its next page; the
        message clicked."""
        more = [c for c in _choices(message) if c["custom_id"].startswith(("bgm:", "bgkm:"))]
        if more:
            self.seen["more_offered"] += 1
            if not self.seen["more_clicked"] or self.rng.random() < MORE_CHANCE:
                self.seen["more_clicked"] += 1
                reply = await self.send(user, message, more[0], None)
                (page,) = await reply.wait_messages(1)
                assert page.ephemeral and page.visible_to == user.id
                if _choices(page):
                    return await self.answer(user, page, decision)
        offered = _offered(message)
        assert offered, message.content
        choices = decision.choices or []
        index = self.pick_choice(decision, [i for i, *_ in offered], user)
        _, comp, value = next(o for o in offered if o[0] == index)
        self.seen["by_select" if value is not None else "by_button"] += 1
        for cmd in _commands(choices[index].action):
            self.seen[f"{cmd.get('type')}:{cmd.get('space') or cmd.get('bonus') or ''}"] += 1
        self.applied.append(Clicked(user.id, decision.key, decision.kind,
                                    choices[index].action))
        if decision.kind == "turn":
            self.turns_this_round[user.id] += 1
        await self.send(user, message, comp, value)
        return message

    async def send(self, user: TwinUser, message: Message, comp: dict, value: str | None
                   ) -> TwinInteraction:
        self.clicks += 1
        if value is not None:
            reply = await user.select(message, [value], custom_id=comp["custom_id"])
        else:
            reply = await user.click(message, custom_id=comp["custom_id"])
        return await reply.wait_ack()

    # -- the policy: progress first, passing more likely the longer a round goes ------------
    def pass_chance(self, user: TwinUser) -> float:
        return 0.02 + 0.05 * self.turns_this_round[user.id]

    def pick_kind(self, decision: Decision, kinds: list[str], user: TwinUser) -> str:
        """A kind by the best weight of its choices (next to a neighbour counts)."""
        if "pass" in kinds and self.rng.random() < self.pass_chance(user):
            return "pass"
        best: dict[str, float] = {}
        sizes: Counter[str] = Counter()
        for choice in decision.choices or []:
            kind = _main(choice.action)
            weight = self.weight(choice.action, kind, decision.seat)
            best[kind] = max(best.get(kind, 0.0), weight)
            sizes[kind] += 1
        paged = [k for k in kinds if sizes[k] > PAGE]
        if paged and not self.seen["more_clicked"]:  # a curious player looks at them all
            return paged[0]
        options = [k for k in kinds if k != "pass"] or kinds
        return self.rng.choices(options, [best.get(k, 1) for k in options])[0]

    def weight(self, action: dict[str, Any], kind: str, seat: int) -> float:
        """A kind's weight, much more where it lands next to another player (power offers
        follow)."""
        spots = {c.get("hex") for c in _commands(action)} - {None}
        near = any(self.owner.get(n, seat) != seat for h in spots for n in LAND_ADJ.get(h, ()))
        # a stronghold and its faction's own action (Chaos Magicians' double turn, ...)
        special = any(c.get("to") == "SH" or str(c.get("space", "")) in SPECIAL_ACTIONS
                      for c in _commands(action))
        return KIND_WEIGHT.get(kind, 1) * (NEAR_FACTOR if near else 1) * (4 if special else 1)

    def pick_choice(self, decision: Decision, indices: list[int], user: TwinUser) -> int:
        choices = decision.choices or []
        types = {i: _main(choices[i].action) for i in indices}
        if decision.kind == "setup_build":
            weights = [self.weight(choices[i].action, "build", decision.seat) for i in indices]
            return self.rng.choices(indices, weights)[0]
        if decision.kind == "faction":
            want = FACTION_PICKS[decision.seat]
            return next(i for i in indices if choices[i].action.get("faction") == want)
        if decision.kind == "leech":
            accept = [i for i in indices if types[i] == "leech"]
            return accept[0] if accept and self.rng.random() < 0.7 else self.rng.choice(indices)
        if decision.kind == "turn":
            passing = [i for i in indices if types[i] == "pass"]
            if passing and (len(passing) == len(indices)
                            or self.rng.random() < self.pass_chance(user)):
                return self.rng.choice(passing)
            rest = [i for i in indices if i not in passing] or indices
            weights = [self.weight(choices[i].action, types[i], decision.seat) for i in rest]
            return self.rng.choices(rest, weights)[0]
        keep = [i for i in indices if not choices[i].text.startswith("-")] or indices
        return self.rng.choice(keep)

    async def look_at_board(self) -> None:
        """Who owns which hex, as the table picture shows it."""
        assert self.server.bot is not None
        view = await self.server.bot.table.view(1, None)
        seats = {f: d["seat"] for f, d in view.get("factions", {}).items()}
        hexes = view.get("map", {}).get("hexes", {})
        self.owner = {h: seats[d["faction"]] for h, d in hexes.items()
                      if d.get("faction") in seats}

    async def play_to_end(self, max_clicks: int) -> None:
        while not self.finished():
            assert self.clicks < max_clicks, f"not finished after {self.clicks} clicks"
            round_now = (await self.server.bot.table.view(1, None)).get("round", 0)  # type: ignore[union-attr]
            if round_now != self.round:
                self.round, self.turns_this_round = round_now, Counter()
            await self.step()


def _choices(message: Message) -> list[dict]:
    return [c for c in message.iter_components()
            if CHOICE.match(c.get("custom_id", "")) and not c.get("disabled")]


def _key(custom_id: str) -> re.Match[str] | None:
    return next((m for p in (CHOICE_ID, SELECT_ID, KIND_ID) if (m := p.match(custom_id))), None)


def _offered(message: Message) -> list[tuple[int, dict, str | None]]:
    """(choice index, component, select value or None) of every choice on a message."""
    out: list[tuple[int, dict, str | None]] = []
    for comp in _choices(message):
        if comp["type"] == 3 and comp["custom_id"].startswith("bgs:"):
            for option in comp["options"]:
                picked = decode_select_value(option["value"])
                assert picked is not None
                out.append((picked[0], comp, option["value"]))
        elif (match := CHOICE_ID.match(comp["custom_id"])) is not None:
            out.append((int(match["idx"]), comp, None))
    return out


def _any_choice(message: Message) -> tuple[dict, str | None]:
    _, comp, value = _offered(message)[0]
    return comp, value


def _lang(user: TwinUser) -> str:
    return "ko" if user.user.locale == "ko" else "en"


def _commands(action: dict[str, Any]) -> list[dict[str, Any]]:
    return list(action.get("cmds", [])) if action.get("type") == "seq" else [action]


def _main(action: dict[str, Any]) -> str:
    from bot.games.terra_mystica.ui import choice_kind

    return choice_kind(action)


async def start(server: Server) -> Channel:
    host, *guests = server.users
    reply = await host.slash("game new", server.channel, game=TM)
    await reply.wait_ack()
    thread = await server.twin.wait_for(
        lambda: next(iter(server.twin.threads(server.channel)), None), 30, "the game's thread")
    lobby = await server.twin.wait_for(
        lambda: next((m for m in server.twin.messages(thread) if m.components), None),
        30, "the lobby message")
    for guest in guests:
        await (await guest.click(lobby, custom_id=lobby_button(lobby, "join"))).wait_ack()
        await server.twin.wait_for(lambda g=guest: g.mention in lobby.content, 30, "join shown")
    await (await host.click(lobby, custom_id=lobby_button(lobby, "start"))).wait_ack()
    await server.settle()
    return thread


async def test_a_whole_terra_mystica_game_by_clicks(tmp_path: Path, monkeypatch) -> None:
    import bot.table_lobby  # a known game: the service draws each game's seed at start

    # the seed only: secrets.randbits itself also makes discord.py's enforced message nonces
    seeded = SimpleNamespace(randbits=lambda bits: GAME_SEED)
    monkeypatch.setattr(bot.table_lobby, "secrets", seeded)
    async with running_server(tmp_path, PLAYERS) as server:
        await server.start_bot()
        thread = await start(server)
        driver = TmDriver(server, thread, seed=PLAYER_SEED)
        await driver.play_to_end(max_clicks=400)  # ~200 (each a move or a menu page)

        # the final scores in the thread, once, as the engine scores the stored state
        title = t("discord.finished.title", "en")
        posted = [m.content for m in server.twin.messages(thread) if title in m.content]
        assert len(posted) == 1, posted
        record, result = await final_result(server)
        assert record.status == "finished" and result is not None
        assert record.snapshot["round"] == 6
        names = [server.twin.world.users[uid].username for uid in record.seats]
        expected = score_lines(result, names, "en", TM)
        text = "\n".join(m.content for m in server.twin.messages(thread))
        assert "\n".join(expected) in text, (expected, posted)
        assert sorted(s.seat for s in result.scores) == list(range(len(PLAYERS)))

        # what a move costs on Discord's side (interaction replies and their webhooks are
        # outside the global rate limit: closing a clicked prompt goes through the click)
        costs = table_costs(server, thread, len(await action_log(server)))
        print(f"\nTerra Mystica through the stand-in: {costs}")
        assert costs["REST calls per move"] <= 2.0
        # the "one thread message per move": a power offer is a prompt of its own,
        # so a build next to two neighbours makes three; the lobby and the scores count too
        assert costs["thread messages per move"] <= 1.2
        assert costs["GET /users/{id}"] <= len(PLAYERS)  # each player's name once
        assert costs["POST /users/@me/channels"] <= len(PLAYERS)

        # every click that picked a choice applied exactly that move, once, for its player
        # (an offer that can only be declined is declined by the table, logged without a user)
        log = await action_log(server)
        assert [(a.user_id, a.action) for a in log if a.user_id is not None] == [
            (c.user_id, c.action) for c in driver.applied]
        assert all(a.action["type"] == "decline" for a in log if a.user_id is None)

        # the prompt kinds a game asks for were all reached by clicking: factions, setup,
        # turns through the kind menu (its choices by button, by select and on a "more…"
        # page), power offers accepted and declined, favor tiles, the Cultists' cult step,
        # round-end spades, passing with a bonus tile, Chaos Magicians' and Witches' actions
        seen = driver.seen
        # every player was pinged when the table came to them, but not at every prompt
        assert all(driver.pings[u.id] for u in server.users), driver.pings
        assert sum(driver.pings.values()) < sum(seen[k] for k in ("turn", "setup_build"))
        for kind in ("faction", "setup_build", "setup_bonus", "turn", "kind_menu", "by_button",
                     "by_select", "more_clicked", "leech:", "decline:", "favor", "cult",
                     "income_spades", "action:ACTC", "action:ACTW"):
            assert seen[kind], (kind, dict(seen))
        assert sum(n for k, n in seen.items() if k.startswith("pass:BON")) >= 6 * len(PLAYERS)

        # each player's private menus in their own language (bob's Discord is Korean); a
        # turn of 25 choices or fewer shows them as buttons, without a menu of kinds
        opened = {u.user.username for u, _ in driver.menus}
        assert "bob" in opened and opened - {"bob"}, opened
        for user, content in driver.menus:
            assert bool(HANGUL.search(content)) == (user.user.username == "bob"), content

        # a choice left on an earlier page of a menu is refused as stale, and plays nothing
        assert driver.stale_pages
        user, page = driver.stale_pages[0]
        comp, value = _any_choice(page)
        reply = await driver.send(user, page, comp, value)
        (answer,) = await reply.wait_messages(1)
        assert answer.ephemeral and answer.content == t("table.stale", _lang(user)), answer.content
        await server.settle()
        assert len(await action_log(server)) == len(log)
        assert_clean(server)
