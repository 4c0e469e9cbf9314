"""No public text depends on a hidden thing, for every registered game.

Public texts are everything anyone in a game's thread can read: `/game status`, `/game log`,
the thread posts after a move (public events, notices, public prompts with their buttons, the
"open my private view" notice for closed DMs), the reminder after 24 hours, the notices of an
undo and of a deadline's timeout move, and the picture's input (the spectator view).

Two games are built that differ only in hidden things, in two ways that need no knowledge of
any game (secrets are places, rules/core.py: state["secret"] and seats[i]["secret"]):
- lockstep: both play the same moves, except that a private decision may be answered
  differently in the twin (another draft pick, another card kept), as long as the public
  parts of the two states stay equal;
- perturbation: the twin's hidden lists are reordered (the deck's order), or one hidden item
  is swapped between two hidden places that hold the same kind of thing (a card in a hand
  for one in the deck), for items no public part names.
Both are then stored through the table service (real SQLite store) and read through the bot's
cogs and publisher (recording fakes of tests/bot/test_discord_fakes.py instead of Discord);
every public text must come out the same.
"""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any

import discord
import pytest

import render
import rules
from bot.app import GameBot
from bot.cogs import play
from bot.cogs.publisher import Publisher
from bot.cogs.texts import Texts
from bot.i18n import t
from bot.settings import Settings
from bot.table import Outcome, Refusal, Reminder, TableService
from rules.core import SECRET, Engine, Rng, RuleError, State, dump_state, strip_secrets
from storage import GameRecord, SqliteStore
from tests.bot.test_discord_fakes import FakeInteraction, World
from tests.example_game import registered

PLAYERS = [801, 802, 803, 804, 805, 806, 807, 808]
SPECTATOR = 999
T0 = datetime(2030, 1, 1, tzinfo=UTC)
LOCALES = {"en": discord.Locale.american_english, "ko": discord.Locale.korean}
EXAMPLE = "example"  # the test-only example game (tests/example_game/) also runs


# -- hidden things, generically ------------------------------------------------------------
def public_key(state: State) -> str:
    return dump_state(strip_secrets(state))


def _scalars(value: Any, out: set[Any]) -> set[Any]:
    if isinstance(value, dict):
        for k, v in value.items():
            out.add(k)
            _scalars(v, out)
    elif isinstance(value, list):
        for v in value:
            _scalars(v, out)
    elif isinstance(value, str | int) and not isinstance(value, bool):
        out.add(value)
    return out


def secret_places(state: State) -> list[tuple[str, dict[str, Any]]]:
    """(owner, secret dict): the table's, then each seat's."""
    places = [("table", state.get(SECRET))]
    places += [(f"seat{i}", s.get(SECRET)) for i, s in enumerate(state.get("seats") or [])
               if isinstance(s, dict)]
    return [(owner, secret) for owner, secret in places if isinstance(secret, dict)]


def hidden_lists(state: State) -> list[tuple[str, str, list[Any]]]:
    """(owner, key, list) of every non-empty hidden list of scalars."""
    out = []
    for owner, secret in secret_places(state):
        for key, value in secret.items():
            if isinstance(value, list) and value and all(
                    isinstance(v, str | int) and not isinstance(v, bool) for v in value):
                out.append((owner, key, value))
    return out


def learn_kinds(state: State, kinds: dict[str, set[Any]]) -> None:
    """What each hidden list (by key) has held so far: lists that held the same things
    hold the same kind of thing (hands and the deck hold cards)."""
    for _, key, items in hidden_lists(state):
        kinds.setdefault(key, set()).update(items)


def perturbed(state: State, rng: Rng, kinds: dict[str, set[Any]]) -> State | None:
    """The state with one hidden thing changed (None if there is none to change): the
    table's hidden lists reordered, or one hidden item swapped between two hidden places of
    the same kind, where no public part names either item."""
    twin = json.loads(json.dumps(state))
    lists = hidden_lists(twin)
    if not lists:
        return None
    public = _scalars(strip_secrets(twin), set())
    swaps = []
    for i, (_, key_a, a) in enumerate(lists):
        for _, key_b, b in lists[i + 1:]:
            if kinds.get(key_a, set()) & kinds.get(key_b, set()):
                xs = [x for x in dict.fromkeys(a) if x not in public]
                ys = [y for y in dict.fromkeys(b) if y not in public]
                swaps += [(a, x, b, y) for x in xs for y in ys if x != y]
    if swaps and rng.below(3):
        a, x, b, y = rng.choice(swaps)
        a[a.index(x)], b[b.index(y)] = y, x
    else:
        table = [items for owner, _, items in lists if owner == "table" and len(items) > 1]
        if not table:
            return None
        rng.shuffle(rng.choice(table))
    return twin if dump_state(twin) != dump_state(state) else None


# -- two bots, one for each game of a pair ------------------------------------------------
class Side:
    """A bot with its own store and recording world; both sides get the same calls, so
    their game ids, thread ids and message ids line up."""

    def __init__(self, bot: GameBot, world: World, clock: list[datetime]) -> None:
        self.bot, self.world, self.clock = bot, world, clock

    @property
    def table(self) -> TableService:
        return self.bot.table

    def thread_posts(self, thread: int, since: int) -> list[Any]:
        return [describe(m) for m in self.world.in_channel(thread)[since:]]


def describe(message: Any) -> tuple[Any, ...]:
    """A posted message as anyone in the thread sees it: text, components, a picture."""
    parts = []
    view = message.kwargs.get("view")
    for item in view.children if view is not None else []:
        shown = getattr(item, "item", item)  # a DynamicItem wraps the button or select
        parts.append((type(item).__name__, getattr(shown, "label", None),
                      getattr(shown, "custom_id", None), getattr(shown, "placeholder", None),
                      [(o.label, o.value) for o in getattr(shown, "options", [])]))
    return (message.content, parts, "file" in message.kwargs)


async def make_side(path, renders: list[Any]) -> Side:
    store = SqliteStore(path, synchronous="OFF")  # texts are under test, not durability
    await store.open()
    clock = [T0]
    bot = GameBot(Settings(default_lang="en"), store=store, clock=lambda: clock[0])
    bot.table = TableService(store, clock=lambda: clock[0])
    bot.publisher = Publisher(bot)
    await play.setup(bot)
    world = World()
    world.install(bot)
    world.dms_closed.add(PLAYERS[1])  # that player's secrets wait behind a thread button
    return Side(bot, world, clock)


@pytest.fixture
async def sides(tmp_path, monkeypatch):
    renders: list[Any] = []

    def draw(game, view, lang, names=None):  # the picture's input is what is compared
        renders.append((game, view, lang, names))
        return b"PNG"

    monkeypatch.setattr(render, "render_table", draw, raising=False)
    monkeypatch.setattr(render, "render_private", lambda *a, **k: b"PNG", raising=False)
    monkeypatch.setattr(render, "has_private", lambda game: True, raising=False)
    made = [await make_side(tmp_path / "a.db", renders),
            await make_side(tmp_path / "b.db", renders)]
    for side in made:
        side.renders = renders
    yield made
    for side in made:
        await side.bot.store.close()


async def new_game(side: Side, name: str, seats: int, options: dict[str, Any], seed: int,
                   thread: int, monkeypatch) -> int:
    import bot.table_lobby

    monkeypatch.setattr(bot.table_lobby.secrets, "randbits", lambda bits: seed)
    svc = side.table
    record = await svc.new_game(name, guild_id=1, channel_id=10, host_id=PLAYERS[0], lang="en")
    await svc.attach_thread(record.id, thread)
    side.world.thread(thread)
    for uid in PLAYERS[1:seats]:
        await svc.join(record.id, uid)
    for key, value in options.items():
        await svc.set_option(record.id, PLAYERS[0], key, value)
    await svc.start(record.id, PLAYERS[0])
    return record.id


async def stored(side: Side, gid: int, log: list[tuple[int, dict]], before_last: State,
                 ) -> Outcome:
    """The game with `log` played: all but the last move written as they are (the store
    keeps the latest snapshot only: `before_last` is the state they lead to), the last
    one played through the table service."""
    store = side.bot.store
    for i, (seat, action) in enumerate(log[:-1]):
        last = i == len(log) - 2
        await store.append_action(gid, expected_version=i, seat=seat, action=action,
                                  snapshot=before_last if last else {"stub": i},
                                  user_id=PLAYERS[seat])
    seat, action = log[-1]
    return await side.table.act(gid, PLAYERS[seat], action)


async def command(side: Side, thread: int, name: str, lang: str) -> list[str]:
    """A spectator's `/game <name>` in the thread: the ephemeral replies' texts."""
    interaction = FakeInteraction(side.bot, SPECTATOR, channel_id=thread, locale=LOCALES[lang])
    await getattr(side.bot.get_cog("Play"), name)(interaction)
    texts = interaction.texts()
    assert t("discord.error", lang) not in texts, texts
    return texts


async def public_texts(side: Side, gid: int, thread: int, outcome: Outcome,
                       user: int) -> tuple[dict[str, Any], bool]:
    """Every public text of the game now, then after 25 hours (a reminder), an undo of the
    last move and a deadline's timeout moves."""
    out: dict[str, Any] = {}
    world, publisher, svc = side.world, side.bot.publisher, side.table
    for lang in LOCALES:
        out[f"status.{lang}"] = await command(side, thread, "status", lang)
        out[f"log.{lang}"] = await command(side, thread, "log", lang)
    game = await side.bot.store.get_game(gid)
    side.renders.clear()
    await publisher.table_picture(game, "en")
    out["picture"] = list(side.renders)
    mark = len(world.in_channel(thread))
    await publisher.publish(outcome)
    out["move"] = side.thread_posts(thread, mark)

    side.clock[0] = T0 + timedelta(hours=25)
    mark = len(world.in_channel(thread))
    for item in await svc.tick():
        assert isinstance(item, Reminder)
        await publisher.remind(item)
    out["reminder"] = side.thread_posts(thread, mark)

    mark = len(world.in_channel(thread))
    try:
        undone = await svc.undo(gid, user)
    except Refusal as refusal:
        out["undo"] = refusal.key  # a refusal is the player's own, but the same either way
    else:
        await publisher.publish(undone)
        out["undo"] = side.thread_posts(thread, mark)

    await svc.set_timers(gid, PLAYERS[0], deadline_hours=1)
    side.clock[0] = T0 + timedelta(hours=50)
    mark = len(world.in_channel(thread))
    notices, revealed = [], False
    for item in await svc.tick():
        if isinstance(item, Outcome):
            notices.append(item.notice)
            revealed |= any(e.reveal for e in item.events)
            await publisher.publish(item)
        else:
            await publisher.remind(item)
    out["timeout notices"] = [t(k, "en", **p) for k, p in notices if k] + [
        t(k, "ko", **p) for k, p in notices if k]
    # a timeout move that reveals (a card drawn) may show different things: that is the game
    out["timeout"] = "revealed" if revealed else side.thread_posts(thread, mark)
    return out, revealed


# -- the runs ------------------------------------------------------------------------------
def random_options(svc: TableService, name: str, rng: Rng) -> dict[str, Any]:
    """Some enum and bool options away from their defaults (a richer spread of positions)."""
    picks = {}
    for spec in svc.option_specs(name):
        if spec.kind == "enum" and spec.values and rng.below(3):
            picks[spec.name] = rng.choice(spec.values)
        elif spec.kind == "bool" and not rng.below(4):
            picks[spec.name] = not spec.default
    return picks


def pick(engine: Engine, state: State, rng: Rng):
    pending = [d for d in engine.decisions(state) if d.choices]
    if not pending:
        return None, None
    decision = rng.choice(pending)
    return decision, rng.choice(decision.choices)


class Twin:
    """The in-memory pair: A plays random moves; B follows, answering private decisions its
    own way or holding a perturbed hidden part, while the public parts stay equal."""

    def __init__(self, engine: Engine, state: State, seed: int) -> None:
        self.engine = engine
        self.rng, self.rng_b = Rng(seed), Rng(seed * 31 + 7)
        self.a = self.b = self.a_prev = self.b_prev = state
        self.log_a: list[tuple[int, dict]] = []
        self.log_b: list[tuple[int, dict]] = []
        self.kinds: dict[str, set[Any]] = {}
        self.private_seen = False
        # a perturbed B's log is A's (its stored log replays to A's states): it then answers
        # as A does, or the replay of /game log would meet moves it never allowed
        self.perturbed = False
        learn_kinds(state, self.kinds)

    def resync(self) -> None:
        self.b, self.b_prev, self.log_b = self.a, self.a_prev, list(self.log_a)
        self.perturbed = False

    def step(self, perturb: bool) -> bool:
        """One move (False: the game is over); before it, B may get a hidden part changed."""
        engine = self.engine
        if engine.result(self.a) is not None:
            return False
        decision, choice = pick(engine, self.a, self.rng)
        if decision is None:
            return False
        self.private_seen |= decision.private
        if perturb and dump_state(self.b) == dump_state(self.a):
            changed = perturbed(self.b, self.rng_b, self.kinds)
            if changed is not None and public_key(changed) == public_key(self.b):
                self.b = changed  # the log stays A's: a stored game's snapshot is what differs
                self.perturbed = True
        self.a_prev, self.b_prev = self.a, self.b
        self.a, _ = engine.apply(self.a, decision.seat, choice.action)
        self.log_a.append((decision.seat, choice.action))
        learn_kinds(self.a, self.kinds)
        action = choice.action
        if decision.private and not self.perturbed:
            same = [d for d in engine.decisions(self.b) if d.key == decision.key and d.choices]
            if same:
                action = self.rng_b.choice(same[0].choices).action
        try:
            self.b, _ = engine.apply(self.b, decision.seat, action)
            self.log_b.append((decision.seat, action))
        except RuleError:
            self.resync()
            return True
        if public_key(self.b) != public_key(self.a):
            self.resync()
        return True

    def hidden_difference(self) -> bool:
        """The pair differs, before or after the last move, in hidden things only (the
        last move itself may be a different private answer)."""
        return (public_key(self.a_prev) == public_key(self.b_prev)
                and public_key(self.a) == public_key(self.b)
                and (dump_state(self.b_prev) != dump_state(self.a_prev)
                     or dump_state(self.b) != dump_state(self.a)))


def read_now(record: GameRecord, engine: Engine, state: State) -> tuple[list[Any], bool]:
    """Straight from the text builders, at every move (the stored checkpoints are sparse):
    the public lines of every open decision and the spectator view, in both languages, and
    the private decisions' own texts (for their deciders)."""
    record = record.model_copy(update={"snapshot": state})
    names = [f"user{uid}" for uid in record.seats]
    decisions = engine.decisions(state)
    spectator = engine.view(state, None)
    public: list[Any] = [dump_state(spectator)]
    private: list[str] = []
    for lang in LOCALES:
        texts = Texts(record, lang, spectator, names)
        public += [texts.public_decision(d) for d in decisions]
        private += [Texts(record, lang, engine.view(state, d.seat), names).decision(d)
                    for d in decisions if d.private]
    return public, private


RUNS = [  # (seats offset, seed): seats = min + offset % (max - min + 1)
    (0, 11), (2, 12), (5, 13), (1, 14), (3, 15), (4, 16),
]
CHECKPOINTS = 4  # stored pairs per run, spread out; plus up to EXTRA where private texts differ
EXTRA = 4
MAX_STEPS = 500


def game_names() -> list[str]:
    return sorted({*rules.available(), EXAMPLE})


@pytest.mark.parametrize("name", game_names())
@pytest.mark.parametrize(("offset", "seed"), RUNS)
async def test_no_public_text_changes_with_a_hidden_thing(sides, monkeypatch, name, offset,
                                                          seed) -> None:
    if name == EXAMPLE:
        with registered():
            await _run(sides, monkeypatch, name, offset, seed)
    else:
        await _run(sides, monkeypatch, name, offset, seed)


async def _run(sides: list[Side], monkeypatch, name: str, offset: int, seed: int) -> None:
    a_side, b_side = sides
    engine = rules.get_engine(name)
    seats = engine.min_seats + offset % (engine.max_seats - engine.min_seats + 1)
    rng = Rng(seed)
    options = random_options(a_side.table, name, rng)
    thread = 70_000
    try:  # some option mixes are refused at the start (a custom cast without its cards)
        gid = await new_game(a_side, name, seats, options, seed, thread, monkeypatch)
    except Refusal:  # the same calls on both sides keep their game ids in step
        with pytest.raises(Refusal):
            await new_game(b_side, name, seats, options, seed, thread, monkeypatch)
        options = {}
        gid = await new_game(a_side, name, seats, options, seed, thread, monkeypatch)
    assert gid == await new_game(b_side, name, seats, options, seed, thread, monkeypatch)
    start = (await a_side.bot.store.get_game(gid)).snapshot
    twin = Twin(engine, start, seed)
    record = await a_side.bot.store.get_game(gid)
    checked: list[str] = []
    extra = 0
    wait = 1 + rng.below(6)
    for _ in range(MAX_STEPS):
        if len(checked) >= CHECKPOINTS + EXTRA or not twin.step(perturb=not rng.below(4)):
            break
        wait -= 1
        if not twin.hidden_difference():
            continue
        public_a, private_a = read_now(record, engine, twin.a)
        public_b, private_b = read_now(record, engine, twin.b)
        assert public_a == public_b, (
            f"{name}: a public line differs with only hidden things changed "
            f"(after {len(twin.log_a)} moves):\nA: {public_a}\nB: {public_b}")
        # where a private text shows the difference, a leak would show: store it now
        telling = private_a != private_b and extra < EXTRA
        if not telling and (wait > 0 or len(checked) - extra >= CHECKPOINTS):
            continue
        extra += telling
        wait = 4 + rng.below(30)
        thread += 1
        outs = []
        for side, log, before, after in ((a_side, twin.log_a, twin.a_prev, twin.a),
                                         (b_side, twin.log_b, twin.b_prev, twin.b)):
            side.clock[0] = T0
            gid = await new_game(side, name, seats, options, seed, thread, monkeypatch)
            outcome = await stored(side, gid, log, before)
            assert dump_state(outcome.game.snapshot) == dump_state(after)
            seat = log[-1][0]
            outs.append(await public_texts(side, gid, thread, outcome, PLAYERS[seat]))
        (a_texts, _), (b_texts, _) = outs
        for key in a_texts:
            assert a_texts[key] == b_texts[key], (
                f"{name}: {key} differs with only hidden things changed "
                f"(after {len(twin.log_a)} moves):\nA: {a_texts[key]}\nB: {b_texts[key]}")
        checked.append(f"{len(twin.log_a)}")
    has_secrets = twin.private_seen or any(hidden_lists(twin.a))
    assert checked or not has_secrets, f"{name}: no position with a hidden difference found"


# -- the reported case -----------------------------------------------------------------------
async def test_the_card_the_wizard_took_is_in_no_public_text(sides, monkeypatch) -> None:
    """The Wizard's private decision names the card he took ("Wizard: build Prison now, or
    keep it in your hand."): `/game status` and the reminder printed it for everyone."""
    pytest.importorskip("rules.citadels")
    from tests.rules.citadels.helpers import act, set_seat
    from tests.rules.citadels.test_characters import turn_of

    def took(card: str) -> State:
        st = turn_of("wizard", gold=10, hand=["temple"], city=["castle"])
        set_seat(st, 1, hand=[card, "tavern"])
        st, _ = act(st, 0, "look p2")
        st, _ = act(st, 0, f"grab {card}")
        return st

    prison, market = took("prison"), took("market")
    engine = rules.get_engine("citadels")
    assert [d.kind for d in engine.decisions(prison)] == ["citadels.decide.wizard_use"]
    assert public_key(prison) == public_key(market)  # the card is hidden: only it differs
    shown = []
    for side, state in zip(sides, (prison, market), strict=True):
        gid = await new_game(side, "citadels", 4, {}, 5, 70_000, monkeypatch)
        await side.bot.store.append_action(gid, expected_version=0, seat=0,
                                           action={"type": "stub"}, snapshot=state,
                                           user_id=PLAYERS[0])
        await side.table.set_timers(gid, PLAYERS[0], remind_after_hours=24)  # tracked from now
        texts = {lang: await command(side, 70_000, "status", lang) for lang in LOCALES}
        side.clock[0] = T0 + timedelta(hours=25)
        mark = len(side.world.in_channel(70_000))
        reminders = [i for i in await side.table.tick() if isinstance(i, Reminder)]
        assert reminders
        for item in reminders:
            await side.bot.publisher.remind(item)
        texts["reminder"] = side.thread_posts(70_000, mark)
        shown.append(texts)
    assert shown[0] == shown[1]
    text = json.dumps(shown[0], ensure_ascii=False)
    for name in ("Prison", "감옥", "prison"):
        assert name not in text
    assert t("discord.decision.private", "en") in text
    assert t("discord.decision.private", "ko") in text
