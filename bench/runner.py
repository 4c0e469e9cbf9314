"""Timing helpers and the registry of benchmarks."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from dataclasses import dataclass


@dataclass
class Measure:
    name: str
    samples_ms: list[float]
    target_ms: float | None = None
    extra: str = ""

    def line(self) -> str:
        s = sorted(self.samples_ms)
        median = statistics.median(s)
        p90 = s[min(len(s) - 1, int(len(s) * 0.9))]
        target = ""
        if self.target_ms is not None:
            verdict = "ok" if median < self.target_ms else "OVER"
            target = f"  target < {self.target_ms:g} ms: {verdict}"
        extra = f"  {self.extra}" if self.extra else ""
        return (
            f"{self.name:<44} median {median:9.3f} ms  p90 {p90:9.3f} ms"
            f"  n={len(s)}{target}{extra}"
        )


def timeit(fn: Callable[[], object], *, repeat: int, warmup: int = 2) -> list[float]:
    for _ in range(warmup):
        fn()
    out = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        out.append((time.perf_counter() - t0) * 1000)
    return out


BENCHMARKS: dict[str, str] = {
    "citadels": "bench.citadels:main",
    "terra_mystica": "bench.terra_mystica:main",
    "spirit_island": "bench.spirit_island:main",
    "fuzz": "bench.fuzz:main",  # FUZZ_COUNT inputs per game (default 50,000): minutes
}


def run(name: str) -> None:
    from importlib import import_module

    module, attr = BENCHMARKS[name].split(":")
    try:
        fn = getattr(import_module(module), attr)
    except ModuleNotFoundError as exc:
        print(f"{name}: skipped ({exc})")
        return
    print(f"== {name}")
    for measure in fn():
        print(measure.line(), flush=True)
