"""`make load` (or `python -m bench.load [options]`): the load test of issue 16. Not a test.

Scripted tables play the example game through the Discord stand-in against the bot in 1 or 2
OS processes, on SQLite and on PostgreSQL, with 10,000 stored games in the database; prints
moves per second, acknowledgement and round-trip latencies, REST calls per move and errors,
and checks that no move was applied twice or lost and no reminder fired twice.
`--write` puts the figures into bench/LOAD.md.
"""

from __future__ import annotations

import argparse
import asyncio
import cProfile
import json
import os
import platform
import pstats
import shutil
import sys
import tempfile
import time
from datetime import UTC, datetime
from pathlib import Path

from bench.load import databases
from bench.load.run import CONFIGS, Load, Outcome, run_config
from storage.sqlite import open_store
from tests.example_game import registered

LOAD_MD = Path(__file__).resolve().parents[1] / "LOAD.md"
BEGIN, END = "<!-- figures: written by python -m bench.load --write -->", "<!-- /figures -->"
COLUMNS = ("tables", "moves/s", "moves", "ack p50 ms", "ack p99 ms", "round trip p50 ms",
           "round trip p99 ms", "REST calls/move", "bot CPU ms/move", "others' cores", "errors", "applied twice", "lost",
           "stale clicks", "prompts posted twice", "reminded twice")


def parse(argv: list[str]) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m bench.load", description=__doc__)
    parser.add_argument("configs", nargs="*", metavar="config",
                        help=f"any of {', '.join(CONFIGS)} (default: all)")
    parser.add_argument("--tables", default="5,20",
                        help="playing tables; a comma list (2,5,20) runs each count")
    parser.add_argument("--idle-tables", type=int, default=2)
    parser.add_argument("--seconds", type=float, default=45.0, help="measured per run")
    parser.add_argument("--stored", type=int, default=10_000, help="games stored beforehand")
    parser.add_argument("--remind-after", type=float, default=8.0, help="seconds")
    parser.add_argument("--profile", action="store_true",
                        help="cProfile bot process 0 and the stand-in of the first config")
    parser.add_argument("--write", action="store_true", help="write bench/LOAD.md")
    parser.add_argument("--json", type=Path, help="also write every figure and check here")
    args = parser.parse_args(argv)
    if unknown := [c for c in args.configs if c not in CONFIGS]:
        parser.error(f"unknown configuration(s) {unknown}; known: {list(CONFIGS)}")
    args.configs = args.configs or list(CONFIGS)
    args.tables = [int(n) for n in str(args.tables).split(",")]
    return args


async def run_all(args: argparse.Namespace, workdir: Path) -> tuple[list[Outcome], dict]:
    load = Load(sleepers=args.idle_tables, seconds=args.seconds, remind_after=args.remind_after)
    setup: dict[str, float] = {}
    outcomes = []
    profile_next = args.profile
    wanted = [CONFIGS[key] for key in args.configs]
    server = None
    if any(c.backend == "PostgreSQL" for c in wanted):
        server = await asyncio.to_thread(databases.start_postgres)
        if server is None:
            print("no PostgreSQL server programs: the PostgreSQL configurations are skipped")
            wanted = [c for c in wanted if c.backend != "PostgreSQL"]
    try:
        for config, tables in [(c, n) for c in wanted for n in args.tables]:
            load.tables = tables
            key = f"{config.key}-{tables}"
            if config.backend == "SQLite":
                if "SQLite" not in setup:
                    seeded, setup["SQLite"] = await databases.seed_sqlite(workdir, args.stored)
                path = databases.copy_sqlite(seeded, workdir / f"{key}.sqlite3")
                database, server_pid = str(path), None

                def open_db(path: Path = path):
                    return open_store(path)
            else:
                assert server is not None and server.process is not None
                if "PostgreSQL" not in setup:
                    setup["PostgreSQL"] = await databases.seed_postgres(server, args.stored)
                database = await databases.copy_postgres(server, key.replace("-", "_"))
                server_pid = server.process.pid

                def open_db(dsn: str = database):
                    from storage.postgres import open_postgres_store

                    return open_postgres_store(dsn)
            load.profile = workdir / "load" if profile_next else None
            profiler = cProfile.Profile() if profile_next else None
            print(f"-- {config.name}: {load.tables} tables for {load.seconds:.0f} s", flush=True)
            if profiler:
                profiler.enable()
            outcome = await run_config(config, load, database, workdir / key, open_db,
                                       server_pid)
            if profiler:
                profiler.disable()
                profiler.dump_stats(workdir / "load.driver.prof")
                outcome.checks["profile"] = profiles(workdir)
            profile_next = False
            outcomes.append(outcome)
            show([outcome])
    finally:
        if server is not None:
            await asyncio.to_thread(server.stop)
    return outcomes, setup


def profiles(workdir: Path) -> dict[str, list[str]]:
    """The 15 functions with the most own time, of bot process 0 and of this process."""
    out = {}
    for name, path in (("bot", workdir / "load.bot0.prof"), ("driver", workdir / "load.driver.prof")):
        if not path.exists():
            continue
        stats = pstats.Stats(str(path))
        total = stats.total_tt or 1.0
        rows = sorted(stats.stats.items(), key=lambda kv: kv[1][2], reverse=True)[:15]
        out[name] = [f"{tt / total:5.1%} own {tt:6.2f}s cum {ct:6.2f}s  "
                     f"{Path(file).name}:{line} {func}"
                     for (file, line, func), (_, _, tt, ct, _) in rows]
    return out


def row(outcome: Outcome) -> dict[str, object]:
    moves, reminders = outcome.checks.get("moves", {}), outcome.checks.get("reminders", {})
    cpu = outcome.figures.get("CPU s per s", {})
    per_move = sum(v for k, v in cpu.items() if k.startswith("bot ")) / max(
        0.1, outcome.figures.get("moves/s", 0))
    return {**outcome.figures, "errors": len(outcome.errors),
            "bot CPU ms/move": round(per_move * 1000, 1),
            "others' cores": cpu.get("everything else on the machine"),
            "applied twice": len(moves.get("applied twice", [])),
            "lost": len(moves.get("lost", [])),
            "stale clicks": len(moves.get("stale clicks", [])),
            "prompts posted twice": len(outcome.checks.get("prompts posted twice", [])),
            "reminded twice": len(reminders.get("reminded twice", []))}


def table_lines(outcomes: list[Outcome]) -> list[str]:
    lines = ["| configuration | " + " | ".join(COLUMNS) + " |",
             "|---|" + "---:|" * len(COLUMNS)]
    for outcome in outcomes:
        values = row(outcome)
        lines.append(f"| {outcome.config.name} | "
                     + " | ".join(str(values.get(c, "")) for c in COLUMNS) + " |")
    return lines


def show(outcomes: list[Outcome]) -> None:
    print("\n".join(table_lines(outcomes)))
    for outcome in outcomes:
        print(f"\n{outcome.config.name}:")
        print("  CPU seconds per second:", outcome.figures.get("CPU s per s"))
        for name, check in outcome.checks.items():
            if name == "profile":
                for who, lines in check.items():
                    print(f"  profile of {who} (own time):")
                    print("\n".join("    " + line for line in lines))
                continue
            print(f"  {name}: " + json.dumps(check, default=str)[:1500])
        for error in outcome.errors[:20]:
            print("  error:", error)
        if len(outcome.errors) > 20:
            print(f"  ... {len(outcome.errors) - 20} more errors")


def machine() -> str:
    model = next((line.split(":", 1)[1].strip()
                  for line in Path("/proc/cpuinfo").read_text().splitlines()
                  if line.startswith("model name")), platform.processor() or "?")
    return (f"{os.cpu_count()} cores ({model}), Python {platform.python_version()}, "
            f"{platform.system()} {platform.release()}")


def write_md(outcomes: list[Outcome], setup: dict[str, float], args: argparse.Namespace) -> None:
    stamp = datetime.now(UTC).strftime("%Y-%m-%d %H:%M UTC")
    body = [BEGIN, "",
            f"Run {stamp} on {machine()}: {'/'.join(map(str, args.tables))} tables of the "
            f"example game (3 seats, 5 rounds) and {args.idle_tables} idle tables, "
            f"{args.seconds:.0f} s "
            f"measured per configuration, {args.stored:,} finished games stored beforehand "
            f"(seeded in " + ", ".join(f"{k} {v:.0f} s" for k, v in setup.items()) + ").", "",
            *table_lines(outcomes), "",
            "CPU seconds used per second of the run (2 cores: 2.0 is the whole machine):", ""]
    for outcome in outcomes:
        cpu = ", ".join(f"{k} {v}" for k, v in outcome.figures.get("CPU s per s", {}).items())
        reminders = outcome.checks.get("reminders", {})
        moves = outcome.checks.get("moves", {})
        body.append(f"- {outcome.config.name}, {outcome.figures.get('tables')} tables: {cpu}. "
                    f"{moves.get('clicks')} clicks, "
                    f"{moves.get('logged')} logged actions in {moves.get('games checked')} "
                    f"games; {reminders.get('reminders posted')} reminders, idle tables "
                    f"reminded once: {reminders.get('idle tables reminded once')}/"
                    f"{reminders.get('idle tables')}; errors: {len(outcome.errors)}"
                    + (f" (first: {outcome.errors[0][:160]})" if outcome.errors else ""))
    body += ["", END]
    text = LOAD_MD.read_text() if LOAD_MD.exists() else f"# Load test\n\n{BEGIN}\n{END}\n"
    if BEGIN in text and END in text:
        text = text[:text.index(BEGIN)] + "\n".join(body) + text[text.index(END) + len(END):]
    else:
        text += "\n" + "\n".join(body) + "\n"
    LOAD_MD.write_text(text)
    print(f"wrote {LOAD_MD}")


def main(argv: list[str]) -> int:
    args = parse(argv)
    workdir = Path(tempfile.mkdtemp(prefix="bgbot-load-"))
    began = time.monotonic()
    keep = True  # the bots' logs and the profiles stay for a failed or profiled run
    try:
        with registered():
            outcomes, setup = asyncio.run(run_all(args, workdir))
        keep = args.profile or any(o.errors for o in outcomes)
    finally:
        if keep:
            print(f"the bots' logs and any profiles are kept in {workdir}")
        else:
            shutil.rmtree(workdir, ignore_errors=True)
    print(f"\n== all configurations ({time.monotonic() - began:.0f} s in all)")
    show(outcomes)
    if args.json:
        args.json.write_text(json.dumps(
            [{"config": o.config.name, "figures": o.figures, "checks": o.checks,
              "errors": o.errors} for o in outcomes], indent=1, default=str))
    if args.write:
        write_md(outcomes, setup, args)
    bad = any(row(o)["applied twice"] or row(o)["lost"] or row(o)["reminded twice"]
              for o in outcomes)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
