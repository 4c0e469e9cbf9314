"""Benchmarks: `make bench` (or `python -m bench [name ...]`). Not part of the tests.

Each benchmark reports the median (and p90) of repeated runs on this machine; targets
from the issues are printed beside them. Machines here are shared and noisy: compare
numbers from the same run, not across runs.
"""

from __future__ import annotations

import sys

from bench.runner import BENCHMARKS, run


def main(argv: list[str]) -> int:
    names = argv or list(BENCHMARKS)
    unknown = [n for n in names if n not in BENCHMARKS]
    if unknown:
        print(f"unknown benchmark(s): {', '.join(unknown)}; known: {', '.join(BENCHMARKS)}")
        return 2
    for name in names:
        run(name)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
