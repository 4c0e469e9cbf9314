"""The fuzz runs: random and mutated strings into each game's parser, the table service's
`/play` (act) and `plan`, and the Discord side's custom_id and option value parsing.

Each run returns a Stats: how many inputs, the unhandled exceptions (anything but the
engine's RuleError or the table's Refusal), the refusals that changed something, and the
time each input took. Used by tests/fuzz/test_fuzz_inputs.py (a small count) and by
`python -m bench fuzz` (the full count)."""

from __future__ import annotations

import heapq
import json
import random
import statistics
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import rules
from bot import components
from bot.table import Refusal, TableService
from bot.table_options import option_specs, updated_options
from rules.core import RuleError
from storage import open_store
from tests.fuzz.mutators import mutate, random_string

GAMES = ("citadels", "terra_mystica")
SEATS = {"citadels": 4, "terra_mystica": 4}
BATCH = 20  # inputs at one position before the game moves on
EXAMPLES = 5  # unhandled exceptions kept for the report
HEAVIEST = 25  # the inputs of most CPU time kept whole, with their position (for bench)
SLOW_MS = 20.0  # the bound on one input; the tests assert a generous bound only


@dataclass
class Stats:
    name: str
    texts: int = 0  # strings fed (a table text goes to plan and to act: two calls)
    inputs: int = 0  # calls timed
    accepted: int = 0  # a mutated text may still be a legal move
    errors: list[str] = field(default_factory=list)  # unhandled exceptions, as text
    error_count: int = 0
    state_changes: list[str] = field(default_factory=list)  # refusals that changed something
    times_ms: list[float] = field(default_factory=list)
    slowest: str = ""  # the input that took longest
    over_bound: int = 0  # inputs over SLOW_MS, each then timed again alone, three times,
    # at once (nothing it could store was stored), so a pause of the shared machine is
    # told apart from a slow input
    retimed_max_ms: float = 0.0  # the slowest of those at its best of three
    slowest_alone: str = ""  # and its input
    slow_alone: list[tuple[float, str]] = field(default_factory=list)  # every input still
    # over SLOW_MS alone, at its best of three, whole (to profile it or keep it as a test)
    heaviest: list[tuple[float, int, str, str, Any]] = field(default_factory=list)  # a heap
    # of (CPU ms, order, call, text, position): the process's CPU time is what another
    # worker on the shared machine does not inflate, so it ranks the suspects

    def _weigh(self, c0: float, kind: str, what: str, where: Any) -> None:
        entry = ((time.process_time() - c0) * 1000, self.inputs, kind, what, where)
        if len(self.heaviest) < HEAVIEST:
            heapq.heappush(self.heaviest, entry)
        elif entry[0] > self.heaviest[0][0]:
            heapq.heapreplace(self.heaviest, entry)

    def _time(self, t0: float, what: Any) -> float:
        ms = (time.perf_counter() - t0) * 1000
        if ms > self.max_ms:
            self.slowest = f"{ms:.2f} ms: {str(what)[:60]!r} ({len(str(what))} chars)"
        self.times_ms.append(ms)
        self.over_bound += ms > SLOW_MS
        return ms

    def timed(
        self, call: Callable[[], Any], what: str, *, kind: str = "", where: Any = None
    ) -> tuple[Any, BaseException | None]:
        """Run one input; an exception is returned, not raised (the caller judges it).
        The call must store nothing (it may be timed again)."""
        self.inputs += 1
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            out, error = call(), None
        except Exception as exc:  # judged by the caller: allowed kinds or a failure
            out, error = None, exc
        self._weigh(c0, kind, what, where)
        if self._time(t0, what) > SLOW_MS:
            best = float("inf")
            for _ in range(3):
                t0 = time.perf_counter()
                try:
                    call()
                except Exception:  # judged on the first run
                    pass
                best = min(best, (time.perf_counter() - t0) * 1000)
            self._alone(best, what)
        return out, error

    async def timed_async(
        self,
        call: Callable[[], Any],
        what: str,
        *,
        stores: bool = False,
        kind: str = "",
        where: Any = None,
    ) -> tuple[Any, BaseException | None]:
        """The same for a coroutine; one that `stores` when it succeeds is timed again only
        if it was refused."""
        self.inputs += 1
        t0, c0 = time.perf_counter(), time.process_time()
        try:
            out, error = await call(), None
        except Exception as exc:
            out, error = None, exc
        self._weigh(c0, kind, what, where)
        if self._time(t0, what) > SLOW_MS and (error is not None or not stores):
            best = float("inf")
            for _ in range(3):
                t0 = time.perf_counter()
                try:
                    await call()
                except Exception:
                    pass
                best = min(best, (time.perf_counter() - t0) * 1000)
            self._alone(best, what)
        return out, error

    def _alone(self, best: float, what: str) -> None:
        if best > SLOW_MS:
            self.slow_alone.append((best, what))
        if best > self.retimed_max_ms:
            self.retimed_max_ms = best
            self.slowest_alone = f"{best:.2f} ms: {what[:60]!r} ({len(what)} chars)"

    def unhandled(self, text: str, error: BaseException) -> None:
        self.error_count += 1
        if len(self.errors) < EXAMPLES:
            self.errors.append(
                f"{type(error).__name__}: {error!s:.200} on {text[:80]!r} ({len(text)} chars)"
            )

    def changed(self, text: str, what: str) -> None:
        if len(self.state_changes) < EXAMPLES:
            self.state_changes.append(f"{what} on {text[:80]!r}")
        else:
            self.state_changes.append("")

    @property
    def max_ms(self) -> float:
        return max(self.times_ms, default=0.0)

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times_ms) if self.times_ms else 0.0

    def line(self) -> str:
        return (
            f"{self.name:<28} texts {self.texts:>6}  calls {self.inputs:>6}  "
            f"accepted {self.accepted:>5}  "
            f"exceptions {self.error_count}  state changes {len(self.state_changes)}  "
            f"median {self.median_ms:.3f} ms  max {self.max_ms:.2f} ms  "
            f"over {SLOW_MS:g} ms {self.over_bound} (alone, at best "
            f"{self.retimed_max_ms:.2f} ms)"
        )


def _dump(state: Any) -> str:
    return json.dumps(state, sort_keys=True, default=str)


def _random_move(engine: Any, state: Any, rng: random.Random) -> tuple[int, Any] | None:
    """A random listed choice of a random open decision: (seat, action)."""
    decisions = [d for d in engine.decisions(state) if d.choices]
    if not decisions:
        return None
    decision = rng.choice(decisions)
    return decision.seat, rng.choice(decision.choices).action


def legal_texts(engine: Any, state: Any) -> list[str]:
    """Every listed choice's text, in English and in Korean notation."""
    out = []
    for d in engine.decisions(state):
        for c in d.choices or []:
            out.append(c.text)
            try:
                out.append(engine.format(state, c.action, "ko"))
            except Exception:  # a choice without a Korean form: its English one is enough
                pass
    return out


def _positions(game: str, rng: random.Random):
    """Random positions of random games, forever: a few random moves apart along each
    game, then a new game."""
    engine = rules.get_engine(game)
    while True:
        state = engine.setup({}, SEATS[game], rng.randrange(2**31))
        while engine.decisions(state):
            yield state
            for _ in range(rng.randint(1, 12)):
                move = _random_move(engine, state, rng)
                if move is None:
                    break
                state, _ = engine.apply(state, *move)


# -- the engine's parser ----------------------------------------------------------------


def fuzz_parse(game: str, count: int, seed: int) -> Stats:
    """Mutated legal texts into engine.parse (and apply, when a text parses): only RuleError
    may come out, and the position given is never changed."""
    engine = rules.get_engine(game)
    rng = random.Random(f"parse:{game}:{seed}")
    stats = Stats(f"{game} parse+apply")
    positions = _positions(game, rng)
    while stats.texts < count:
        state = next(positions)
        before = _dump(state)
        seeds = legal_texts(engine, state)
        seats = sorted({d.seat for d in engine.decisions(state)})
        for _ in range(min(BATCH, count - stats.texts)):
            stats.texts += 1
            text = mutate(rng, seeds)
            seat = rng.choice(seats) if rng.random() < 0.9 else rng.randrange(-1, 9)

            def one(text: str = text, seat: int = seat, state: Any = state) -> Any:
                action = engine.parse(state, seat, text)
                return engine.apply(state, seat, action)

            out, error = stats.timed(one, text, kind="parse", where=(state, [seat]))
            if error is not None and not isinstance(error, RuleError):
                stats.unhandled(text, error)
            elif out is not None:
                stats.accepted += 1
        if _dump(state) != before:
            stats.changed("batch", "the position given to parse/apply changed")
    return stats


# -- the table service: /play (act) and plan ---------------------------------------------


async def _start(svc: TableService, game: str, rng: random.Random) -> int:
    users = [1000 + i for i in range(SEATS[game])]
    record = await svc.new_game(game, guild_id=1, channel_id=1, host_id=users[0])
    for user in users[1:]:
        await svc.join(record.id, user)
    await svc.start(record.id, users[0])
    for _ in range(rng.randint(0, 300)):  # a random position of a random game
        record = await svc.store.get_game(record.id)
        move = _random_move(svc.engine(game), record.snapshot, rng)
        if record.status != "running" or move is None:
            break
        seat, action = move
        await svc.act(record.id, record.seats[seat], action)
    return record.id


async def fuzz_table(game: str, count: int, seed: int, path: Path | None = None) -> Stats:
    """Mutated legal texts through the table service's act (`/play`) and plan: only Refusal
    may come out; a refused act changes neither the version nor the snapshot; a plan
    never changes anything."""
    rng = random.Random(f"table:{game}:{seed}")
    stats = Stats(f"{game} table act+plan")
    engine = rules.get_engine(game)
    with tempfile.TemporaryDirectory() as tmp:
        store = await open_store(path or Path(tmp) / "fuzz.db")
        svc = TableService(store)
        try:
            gid = await _start(svc, game, rng)
            while stats.texts < count:
                record = await store.get_game(gid)
                if record.status != "running" or not engine.decisions(record.snapshot):
                    gid = await _start(svc, game, rng)
                    continue
                seeds = legal_texts(engine, record.snapshot)
                deciders = [record.seats[d.seat] for d in engine.decisions(record.snapshot)]
                for _ in range(BATCH):
                    if stats.texts >= count:
                        break
                    stats.texts += 1
                    text = mutate(rng, seeds, join=rng.choice([". ", "; ", "\n"]))
                    user = (
                        rng.choice(deciders)
                        if rng.random() < 0.9
                        else rng.choice([*record.seats, 77])
                    )
                    moved = await _one_table_input(svc, stats, record, user, text)
                    if moved:
                        break  # a legal move: a new position
                # then the game moves on by a random listed choice
                record = await store.get_game(gid)
                move = _random_move(engine, record.snapshot, rng)
                if record.status == "running" and move is not None:
                    await svc.act(gid, record.seats[move[0]], move[1])
        finally:
            await store.close()
    return stats


async def _one_table_input(
    svc: TableService, stats: Stats, record: Any, user: int, text: str
) -> bool:
    store, gid = svc.store, record.id
    before = (record.version, _dump(record.snapshot))
    where = (record.snapshot, [i for i, u in enumerate(record.seats) if u == user])
    # plan: never stores anything
    _, error = await stats.timed_async(
        lambda: svc.plan(gid, user, text), text, kind="plan", where=where
    )
    if error is not None and not isinstance(error, Refusal):
        stats.unhandled(text, error)
    after = await store.get_game(gid)
    if (after.version, _dump(after.snapshot)) != before:
        stats.changed(text, "plan changed the game")
    # act: a refusal changes nothing
    out, error = await stats.timed_async(
        lambda: svc.act(gid, user, text), text, stores=True, kind="act", where=where
    )
    if out is not None:
        stats.accepted += 1
        return True
    if not isinstance(error, Refusal):
        stats.unhandled(text, error)  # type: ignore[arg-type]
    after = await store.get_game(gid)
    if (after.version, _dump(after.snapshot)) != before:
        stats.changed(text, "a refused move changed the game")
    return False


# -- custom_ids and option values --------------------------------------------------------


def _custom_id_seeds(rng: random.Random) -> list[str]:
    game = rng.choice([1, 42, 2**63 - 1, rng.randrange(1, 2**40)])
    key = rng.choice(["r1.pick.1", "r3.t2.gather", "x" * 40, "~" + "ab12" * 3, "setup.witches"])
    return [
        components.encode_choice(game, key, rng.randrange(30), "take gold"),
        f"bgs:{game}:{key}:{rng.randrange(100)}",
        f"bgm:{game}:{key}:{rng.randrange(5)}",
        f"bgl:{game}:{rng.choice(components.LOBBY_OPS)}",
        f"bgo:{game}:crown",
        f"bgp:{game}",
        f"bgq:{game}",
        f"bgk:{game}:{key}",
        f"bgkm:{game}:{key}:build:{rng.randrange(4)}",
        components.encode_select_value(rng.randrange(60), "build F4"),
        f"{components.MENU_PAGE}{rng.randrange(4)}",
    ]


def decode_custom_id(custom_id: str, value: str) -> list[Any]:
    """What the dynamic items read from a custom_id (and a select's value) before a handler
    sees it: the template match, then each number through the bounded reader."""
    out: list[Any] = []
    for item in components.DYNAMIC_ITEMS:
        match = item.__discord_ui_compiled_template__.fullmatch(custom_id)  # type: ignore[attr-defined]
        if match is None:
            continue
        groups = match.groupdict()
        out.append(components.number_of(groups["game"], components.GAME_ID_MAX))
        for name in ("page", "idx", "start"):
            if groups.get(name) is not None:
                out.append(components.number_of(groups[name], components.INDEX_MAX))
    out.append(components.decode_choice(custom_id))
    out.append(components.decode_select_value(value))
    out.append(components.menu_page_of(value))
    out.append(components.key_token(custom_id))
    return out


def fuzz_custom_ids(count: int, seed: int) -> Stats:
    """Mutated custom_ids and select values through the dynamic items' decoding: nothing
    may raise, and every game id read is one a store can hold."""
    rng = random.Random(f"custom_ids:{seed}")
    stats = Stats("custom_ids")
    while stats.texts < count:
        stats.texts += 1
        seeds = _custom_id_seeds(rng)
        custom_id, value = mutate(rng, seeds, join=":"), mutate(rng, seeds, join=":")
        out, error = stats.timed(lambda c=custom_id, v=value: decode_custom_id(c, v), custom_id)
        if error is not None:
            stats.unhandled(custom_id, error)
            continue
        bad = [n for n in out if isinstance(n, int) and not 0 <= n <= components.GAME_ID_MAX]
        ref = out[-4]
        if bad or (ref is not None and not 0 <= ref.game_id <= components.GAME_ID_MAX):
            stats.unhandled(custom_id, ValueError(f"an id out of range was read: {bad}"))
    return stats


def fuzz_options(game: str, count: int, seed: int) -> Stats:
    """Mutated option values through the lobby's option update: only Refusal may come out,
    and a refusal leaves the options as they were."""
    engine = rules.get_engine(game)
    specs = option_specs(game, engine.Options)
    rng = random.Random(f"options:{game}:{seed}")
    stats = Stats(f"{game} options")
    seats = [1000, 1001, 1002]
    current: dict[str, Any] = {}  # the lobby's options: each accepted value is kept
    while stats.texts < count:
        stats.texts += 1
        spec = rng.choice(specs)
        seeds = [str(v) for v in spec.values] + [
            "true",
            "no",
            '["a", "b"]',
            "1, 2",
            "<@1001>",
            "1001",
            "random",
            "기본",
            "none",
            str(spec.default),
        ]
        value = mutate(rng, seeds, join=", ") if rng.random() < 0.9 else random_string(rng)
        name = spec.name if rng.random() < 0.95 else mutate(rng, [spec.name])
        before = json.dumps(current, sort_keys=True)
        out, error = stats.timed(
            lambda n=name, v=value, c=current: updated_options(
                game, engine.Options, c, n, v, seats
            ),
            f"{name}={value}",
        )
        if error is not None and not isinstance(error, Refusal):
            stats.unhandled(f"{name}={value}", error)
        if json.dumps(current, sort_keys=True) != before:
            stats.changed(value, "the lobby's options changed in place")
        if out is not None:
            stats.accepted += 1
            current = out
    return stats


def over(stats: Stats, bound_ms: float = SLOW_MS) -> int:
    """How many inputs took longer than the bound."""
    return sum(1 for t in stats.times_ms if t > bound_ms)
