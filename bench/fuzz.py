"""Fuzz figures: `python -m bench fuzz` (or `make fuzz`) feeds FUZZ_COUNT (default 50,000)
random and mutated strings per game to the parser, the table service's `/play` and `plan`,
and as many custom_ids and option values; prints inputs, exceptions, state changes and
the median and maximum milliseconds per input. The test suite runs the same with a small
count (tests/fuzz/test_fuzz_inputs.py).

To look at one part without the whole run: FUZZ_ONLY picks runs (any of parse, table,
options, custom_ids, comma-separated), FUZZ_GAMES picks games, and FUZZ_SLOW names a file
that receives every input still over the bound when timed alone (JSON lines: run, best of
three in ms, the whole text), and FUZZ_HEAVY one that receives each run's inputs of most CPU
time with the position they met (the call, the seats of the user, the snapshot), to profile
them or keep them as tests. The same seed and count give the same inputs.

The run first settles the heap as the bot does at start-up (bot/heap.py: every game loaded,
the long-lived objects frozen out of the collector's full passes); FUZZ_SETTLE=0 leaves the
heap as it was before, to compare."""

from __future__ import annotations

import asyncio
import json
import os

from bench.runner import Measure
from bot.heap import settle
from tests.fuzz import harness

RUNS = ("parse", "table", "options", "custom_ids")


def _chosen(name: str, known: tuple[str, ...]) -> tuple[str, ...]:
    raw = os.environ.get(name, "")
    picked = tuple(p.strip() for p in raw.split(",") if p.strip()) or known
    unknown = set(picked) - set(known)
    if unknown:
        raise SystemExit(f"{name}: unknown {', '.join(sorted(unknown))}; known: {', '.join(known)}")
    return picked


def main() -> list[Measure]:
    count = int(os.environ.get("FUZZ_COUNT", "50000"))
    seed = int(os.environ.get("FUZZ_SEED", "1"))
    only = _chosen("FUZZ_ONLY", RUNS)
    games = _chosen("FUZZ_GAMES", harness.GAMES)
    if os.environ.get("FUZZ_SETTLE", "1") != "0":
        settle()
    runs = []
    for game in games:
        for part, call in (
            ("parse", lambda g=game: harness.fuzz_parse(g, count, seed)),
            ("table", lambda g=game: asyncio.run(harness.fuzz_table(g, count, seed))),
            ("options", lambda g=game: harness.fuzz_options(g, count, seed)),
        ):
            if part in only:
                runs.append(call())
                print(runs[-1].line(), flush=True)
    if "custom_ids" in only:
        runs.append(harness.fuzz_custom_ids(count, seed))
        print(runs[-1].line(), flush=True)
    if slow_path := os.environ.get("FUZZ_SLOW"):
        with open(slow_path, "w", encoding="utf-8") as out:
            for stats in runs:
                for best, text in stats.slow_alone:
                    out.write(
                        json.dumps(
                            {"run": stats.name, "ms": round(best, 2), "text": text},
                            ensure_ascii=False,
                        )
                        + "\n"
                    )
    if heavy_path := os.environ.get("FUZZ_HEAVY"):
        with open(heavy_path, "w", encoding="utf-8") as out:
            for stats in runs:
                for cpu, _, kind, text, (state, seats) in sorted(stats.heaviest, reverse=True):
                    out.write(
                        json.dumps(
                            {
                                "run": stats.name,
                                "cpu_ms": round(cpu, 2),
                                "call": kind,
                                "seats": seats,
                                "text": text,
                                "state": state,
                            },
                            ensure_ascii=False,
                            default=str,
                        )
                        + "\n"
                    )
    measures = []
    for stats in runs:
        for example in stats.errors + [c for c in stats.state_changes if c]:
            print(f"  {stats.name}: {example}")
        measures.append(
            Measure(
                f"fuzz {stats.name}",
                stats.times_ms,
                target_ms=harness.SLOW_MS,
                extra=(
                    f"max {stats.max_ms:.2f} ms ({stats.slowest}); slowest alone, best of 3: "
                    f"{stats.slowest_alone or '-'}; most CPU time for one input "
                    f"{max(stats.heaviest, default=(0.0,))[0]:.2f} ms; "
                    f"over {harness.SLOW_MS:g} ms alone "
                    f"{len(stats.slow_alone)}; exceptions "
                    f"{stats.error_count}, state changes {len(stats.state_changes)}"
                ),
            )
        )
    return measures
