"""Fuzz figures: `python -m bench fuzz` (or `make fuzz`) feeds FUZZ_COUNT (default 50,000)
random and mutated strings per game to the parser, the table service's `/play` and `plan`,
and as many custom_ids and option values; prints inputs, exceptions, state changes and
the median and maximum milliseconds per input. The test suite runs the same with a small
count (tests/fuzz/test_fuzz_inputs.py)."""

from __future__ import annotations

import asyncio
import os

from bench.runner import Measure
from tests.fuzz import harness


def main() -> list[Measure]:
    count = int(os.environ.get("FUZZ_COUNT", "50000"))
    seed = int(os.environ.get("FUZZ_SEED", "1"))
    runs = []
    for game in harness.GAMES:
        runs.append(harness.fuzz_parse(game, count, seed))
        print(runs[-1].line(), flush=True)
        runs.append(asyncio.run(harness.fuzz_table(game, count, seed)))
        print(runs[-1].line(), flush=True)
        runs.append(harness.fuzz_options(game, count, seed))
        print(runs[-1].line(), flush=True)
    runs.append(harness.fuzz_custom_ids(count, seed))
    print(runs[-1].line(), flush=True)
    measures = []
    for stats in runs:
        for example in stats.errors + [c for c in stats.state_changes if c]:
            print(f"  {stats.name}: {example}")
        measures.append(Measure(
            f"fuzz {stats.name}", stats.times_ms, target_ms=harness.SLOW_MS,
            extra=(f"max {stats.max_ms:.2f} ms ({stats.slowest}); slowest alone, best of 3: "
                   f"{stats.slowest_alone or '-'}; exceptions "
                   f"{stats.error_count}, state changes {len(stats.state_changes)}"),
        ))
    return measures
