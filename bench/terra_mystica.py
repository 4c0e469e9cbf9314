"""Terra Mystica: replaying a complete 5-player game file, legal-move generation on a
mid-game state, rendering its three pictures (time and bytes) and the PNG encoding options."""

from __future__ import annotations

import io
import itertools
import json
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from bench.runner import Measure, timeit
from render import render_board, render_private, render_table
from render.terra_mystica import draw_glance, to_palette
from render.terra_mystica.bands import BAND_CACHE
from rules import get_engine
from rules.core import Rng
from rules.terra_mystica.gamefile import replay_text

GAME = "terra_mystica"
ENGINE = get_engine(GAME)


GAME_FILE = Path(__file__).parent / "data" / "tm_5p_game.txt"


def _game_file() -> str:
    """A fixed 5-player game (written once by `random_game(5, seed=35, pass_rate=10)`), so
    the numbers stay comparable when the engine's choice lists change."""
    return GAME_FILE.read_text()


def bench_replay(text: str) -> Measure:
    lines = sum(1 for line in text.splitlines() if line.strip())
    rep = replay_text(text)
    assert rep.error is None and rep.state["phase"] == "over", rep.error
    times = timeit(lambda: replay_text(text), repeat=30)
    return Measure(
        "replay a complete 5-player game file", times, target_ms=30, extra=f"{lines} lines"
    )


def _midgame() -> dict:
    """A 5-player state early in round 3, reached by random legal choices: of the next
    40 states, the one with the most legal choices (a full turn menu)."""
    state = ENGINE.setup({"random_factions": True}, 5, 11)
    rng = Rng(11)
    best, most, seen = state, -1, 0
    while seen < 40:
        decisions = [d for d in ENGINE.decisions(state) if d.choices]
        if state["round"] >= 3 and state["phase"] == "actions":
            seen += 1
            count = sum(len(d.choices) for d in decisions)
            if count > most:
                best, most = state, count
        decision = rng.choice(decisions)
        busy = [c for c in decision.choices if not c.text.startswith("pass")]
        choice = rng.choice(busy if busy and rng.below(10) else decision.choices)
        state, _ = ENGINE.apply(state, decision.seat, choice.action)
    return best


def bench_legal_moves() -> Measure:
    state = _midgame()
    # fresh copies: an engine may cache decisions per state object
    copies = iter([json.loads(json.dumps(state)) for _ in range(205)])
    times = timeit(lambda: ENGINE.decisions(next(copies)), repeat=200)
    count = sum(len(d.choices or []) for d in ENGINE.decisions(state))
    return Measure(
        "legal moves on a mid-game state", times, extra=f"{count} choices, round {state['round']}"
    )


def cpu_timeit(fn: Callable[[], object], repeat: int, warmup: int = 2) -> tuple[list[float], str]:
    """`timeit`'s wall times, and the median CPU time of this process as words: on a shared,
    busy machine the wall time also counts waiting for a core."""
    cpu: list[float] = []

    def timed() -> None:
        t0 = time.process_time()
        fn()
        cpu.append((time.process_time() - t0) * 1000)

    times = timeit(timed, repeat=repeat, warmup=warmup)
    return times, f"cpu median {statistics.median(cpu[warmup:]):.1f} ms"


def _picture(name: str, draw: Callable[[], bytes], target_kib: int, target_ms: int) -> Measure:
    size = len(draw())
    times, cpu = cpu_timeit(draw, repeat=15)
    extra = f"{cpu}  PNG {size / 1024:.0f} KiB (< {target_kib})"
    return Measure(name, times, target_ms=target_ms, extra=extra)


def bench_pictures() -> list[Measure]:
    """The three pictures of a mid-game 5-player table in Korean: the glance posted after each
    turn, the detail (`/game board`) and a seat's own faction card (`/game hand`). The glance
    and the card are what a phone shows after each move: 60 ms each (issue 10)."""
    state = _midgame()
    view = ENGINE.view(state, None)
    mine = ENGINE.view(state, 0)
    return [
        _picture("glance picture (ko)", lambda: render_table(GAME, view, "ko"), 140, 60),
        _picture("board (detail), cold (ko)", lambda: cold_board(view), 1536, 120),
        _picture(
            "board (detail), same view (ko)",
            lambda: render_board(GAME, view, "ko"),
            1536,
            60,
        ),
        _picture("private faction card (ko)", lambda: render_private(GAME, mine, "ko"), 100, 60),
        bench_along_a_game("glance,", render_table),
        bench_along_a_game("board (detail),", render_board),
    ]


def cold_board(view: dict) -> bytes:
    """The detail picture with none of its bands cached (the first picture of a game)."""
    BAND_CACHE.clear()
    return render_board(GAME, view, "ko")


def bench_along_a_game(name: str, render: Callable[[str, dict, str], bytes]) -> Measure:
    """A picture of 30 successive states from the mid-game on, each drawn once: what a bot
    does after each move (the printed map, the common words and, for the detail, the bands
    the move did not change already cached)."""
    state = _midgame()
    rng = Rng(7)
    views = []
    while len(views) < 30 and state["phase"] != "over":
        decision = rng.choice([d for d in ENGINE.decisions(state) if d.choices])
        state, _ = ENGINE.apply(state, decision.seat, rng.choice(decision.choices).action)
        views.append(ENGINE.view(state, None))
    render(GAME, views[0], "ko")
    pending = iter(views[1:])
    sizes: list[int] = []
    times, cpu = cpu_timeit(
        lambda: sizes.append(len(render(GAME, next(pending), "ko"))),
        repeat=len(views) - 1,
        warmup=0,
    )
    extra = f"{cpu}  PNG median {statistics.median(sizes) / 1024:.0f} KiB"
    return Measure(f"{name} 29 successive states (ko)", times, target_ms=60, extra=extra)


def bench_encoding() -> list[Measure]:
    """PNG encoding of the glance picture: 256-colour palette (the style's colours kept
    exact) against RGB, at three zlib levels: time (palette conversion included) and bytes."""
    image = draw_glance(ENGINE.view(_midgame(), None), "ko")
    out = []
    for palette, level in itertools.product((True, False), (1, 3, 6)):

        def encode(palette: bool = palette, level: int = level) -> int:
            buf = io.BytesIO()
            (to_palette(image) if palette else image).save(buf, "PNG", compress_level=level)
            return len(buf.getvalue())

        size = encode()
        mode = "palette" if palette else "RGB"
        times, cpu = cpu_timeit(encode, repeat=15)
        out.append(
            Measure(
                f"  encode glance: {mode}, level {level}",
                times,
                extra=f"{cpu}  {size / 1024:.0f} KiB",
            )
        )
    return out


# -- Merchants of the Seas ------------------------------------------------------------------

MERCHANTS_FILE = Path(__file__).parent / "data" / "tm_merchants_5p_game.txt"


def bench_merchants() -> list[Measure]:
    """A fixed 5-player Merchants game on the Lakes map (written once by `random-game
    --players 5 --seed 37 --pass-rate 10 --merchants --map lakes`: ships, trades, canals)
    replayed (30 ms, issue 11), and its map at the end, with every ship, dock, shipyard and
    trade marker: the detail picture cold and the glance (300 ms and 1.5 MB, issue 11)."""
    text = MERCHANTS_FILE.read_text()
    lines = sum(1 for line in text.splitlines() if line.strip())
    rep = replay_text(text)
    assert rep.error is None and rep.state["phase"] == "over", rep.error
    times, cpu = cpu_timeit(lambda: replay_text(text), repeat=30)
    replay = Measure(
        "Merchants: replay a complete 5-player game file",
        times,
        target_ms=30,
        extra=f"{cpu}  {lines} lines, map {rep.state['map']}",
    )
    view = ENGINE.view(rep.state, None)
    return [
        replay,
        _picture("Merchants: board (detail), cold (ko)", lambda: cold_board(view), 1536, 300),
        _picture("Merchants: glance picture (ko)", lambda: render_table(GAME, view, "ko"), 1536, 300),
    ]


def main() -> list[Measure]:
    text = _game_file()
    return [
        bench_replay(text),
        bench_legal_moves(),
        *bench_pictures(),
        *bench_encoding(),
        *bench_merchants(),
    ]
