"""One configuration of the load test: the stand-in and the scripted tables in this process,
the bot in 1 or more OS processes (`python -m bench.load.bot`, one shard each) on one
database, for a fixed time; then the figures and the checks.
"""

from __future__ import annotations

import asyncio
import os
import re
import signal
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from bench.load.players import Move, Table, describe, new_tables
from bot.i18n import lookup, t
from storage.base import Store
from tests.e2e.driver import CHOICE
from tests.twin import Twin

REPO = Path(__file__).resolve().parents[2]
TICK = os.sysconf("SC_CLK_TCK")
MENTION = re.compile(r"<@(\d+)>")
STALE = t("table.stale", "en")


@dataclass(frozen=True)
class Config:
    key: str
    backend: str  # "SQLite" | "PostgreSQL"
    processes: int

    @property
    def name(self) -> str:
        return f"{self.backend}, {self.processes} bot process{'es' if self.processes > 1 else ''}"


CONFIGS = {
    "sqlite": Config("sqlite", "SQLite", 1),
    "pg1": Config("pg1", "PostgreSQL", 1),
    "pg2": Config("pg2", "PostgreSQL", 2),
}


@dataclass
class Load:
    tables: int = 20
    sleepers: int = 2  # idle tables: each must get exactly one reminder
    seconds: float = 60.0
    remind_after: float = 8.0  # seconds a seat waits before its reminder (then 24 h)
    tick: float = 1.0
    profile: Path | None = None  # a cProfile of bot process 0 (and of this process)


@dataclass
class Outcome:
    config: Config
    figures: dict[str, Any] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    checks: dict[str, Any] = field(default_factory=dict)


def cpu_seconds(pid: int) -> float:
    """User + system CPU of a process so far (0 once it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / TICK


def machine_busy() -> tuple[float, float]:
    """(busy, all) CPU seconds of the whole machine so far, from /proc/stat."""
    values = [int(v) for v in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = values[3] + values[4]  # idle, iowait
    return (sum(values[:8]) - idle) / TICK, sum(values[:8]) / TICK


def children(pid: int) -> list[int]:
    out = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(stat[1]) == pid:
                out.append(int(entry.name))
    return out


async def spawn_bot(twin: Twin, config: Config, database: str, shard: int, load: Load,
                    workdir: Path) -> asyncio.subprocess.Process:
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "DISCORD_TOKEN": twin.token,
        "DISCORD_API_BASE": twin.api_base,
        "DEFAULT_LANG": "en",
        "LOG_LEVEL": "WARNING",
        "REMINDER_AFTER_HOURS": str(load.remind_after / 3600),
        "REMINDER_EVERY_HOURS": "24",
        "TICK_SECONDS": str(load.tick),
        "SHARD_COUNT": str(config.processes), "SHARD_IDS": str(shard),
    }
    env.pop("DEV_GUILD_ID", None)  # global commands: every server of the load has them
    if database.startswith("postgresql://"):
        env["DATABASE_URL"] = database
        env["DATABASE_PATH"] = str(workdir / "unused.sqlite3")
    else:
        env["DATABASE_PATH"] = database
        env.pop("DATABASE_URL", None)
    if load.profile is not None and shard == 0:
        env["LOAD_PROFILE"] = str(load.profile.with_suffix(f".bot{shard}.prof"))
    log = open(workdir / f"bot{shard}.log", "wb")  # noqa: SIM115 - the process's lifetime
    return await asyncio.create_subprocess_exec(
        sys.executable, "-m", "bench.load.bot", cwd=workdir, env=env,
        stdout=log, stderr=log)


async def run_config(config: Config, load: Load, database: str, workdir: Path,
                     open_db: Any, server_pid: int | None = None) -> Outcome:
    """Run one configuration against `database` (a SQLite path or a PostgreSQL DSN);
    `open_db()` opens a Store on it for the checks; `server_pid` is PostgreSQL's."""
    workdir.mkdir(parents=True, exist_ok=True)
    outcome = Outcome(config)
    async with Twin.running() as twin:
        tables = new_tables(twin, load.tables, load.sleepers, config.processes)
        bots = [await spawn_bot(twin, config, database, shard, load, workdir)
                for shard in range(config.processes)]
        try:
            for attempt in range(2):  # the tree is shared: a start-up may catch an edit midway
                await twin.wait_for(
                    lambda: sum(1 for s in twin.server.sessions if s.alive and s.send_raw)
                    >= config.processes or any(b.returncode is not None for b in bots),
                    120, "the bot processes to connect")
                failed = [i for i, b in enumerate(bots) if b.returncode is not None]
                if not failed:
                    break
                if attempt:
                    raise RuntimeError(f"a bot process exited: see {workdir}/bot*.log")
                await asyncio.sleep(5)
                for i in failed:
                    bots[i] = await spawn_bot(twin, config, database, i, load, workdir)
            stop = asyncio.Event()
            runs = [asyncio.create_task(table.run(stop)) for table in tables]
            try:
                await twin.wait_for(lambda: all(tb.current for tb in tables) or any(
                    r.done() for r in runs), 180, "every table's first game")
            except AssertionError:
                stop.set()
                raise
            if any(r.done() for r in runs):
                stop.set()
                raise RuntimeError(f"a table failed: {[e for tb in tables for e in tb.errors]}")
            pids = {"stand-in + players": os.getpid(), **{f"bot {i}": b.pid for i, b in enumerate(bots)}}
            if server_pid:
                pids["postgres"] = server_pid
            cpu0, busy0 = _cpu(pids), machine_busy()
            first = len(twin.server.requests)
            start = time.monotonic()
            await asyncio.sleep(load.seconds)
            stop.set()
            end = time.monotonic()
            cpu1, busy1 = _cpu(pids), machine_busy()
            await asyncio.gather(*runs)
            await _quiet(twin, 1.0)
            requests = [r for r in twin.server.requests[first:] if start <= r.at < end]
            outcome.figures = figures(tables, twin, requests, start, end)
            used = {k: round((cpu1[k] - cpu0[k]) / (end - start), 2) for k in pids}
            busy = (busy1[0] - busy0[0]) / (end - start)
            used["everything else on the machine"] = round(max(0.0, busy - sum(used.values())), 2)
            outcome.figures["CPU s per s"] = used
        finally:
            for bot in bots:
                if bot.returncode is None:
                    bot.send_signal(signal.SIGTERM)
            for bot in bots:
                try:
                    await asyncio.wait_for(bot.wait(), 20)
                except TimeoutError:
                    bot.kill()
                    await bot.wait()
        outcome.errors += stand_in_errors(twin, tables)
        outcome.checks["reminders"] = reminders(tables, twin, load.remind_after)
        outcome.checks["prompts posted twice"] = prompts_posted_twice(twin)
    outcome.errors += bot_errors(workdir, config.processes)
    store: Store = await open_db()
    try:
        outcome.checks["moves"] = await moves_in_store(store, tables)
    finally:
        await store.close()
    return outcome


def _cpu(pids: dict[str, int]) -> dict[str, float]:
    out = {}
    for name, pid in pids.items():
        out[name] = cpu_seconds(pid) + (
            sum(cpu_seconds(c) for c in children(pid)) if name == "postgres" else 0.0)
    return out


async def _quiet(twin: Twin, quiet: float, timeout: float = 30.0) -> None:
    """Until the bots made no request for `quiet` s (their last posts are in)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        requests = twin.server.requests
        if not requests or time.monotonic() - requests[-1].at >= quiet:
            return
        await asyncio.sleep(0.1)


def percentile(values: list[float], p: float) -> float | None:
    if not values:
        return None
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(p / 100 * len(ordered)))]


def ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 1)


def figures(tables: list[Table], twin: Twin, requests: list[Any], start: float,
            end: float) -> dict[str, Any]:
    """Moves per second, latencies and REST calls per move, of the measured window."""
    moves = [m for tb in tables for m in tb.moves if start <= m.clicked < end]
    applied = [m for m in moves if m.applied is not None]
    acks = [i.ack_latency for i in twin.interactions
            if start <= i.created < end and i.ack_latency is not None]
    trips = [m.round_trip for m in applied if m.round_trip is not None]
    counted = [r for r in requests if r.rate_limited]
    per = max(1, len(applied))
    return {
        "seconds": round(end - start, 1),
        "tables": sum(1 for tb in tables if not tb.sleeper),
        "moves": len(applied),
        "moves/s": round(len(applied) / (end - start), 1),
        "games finished": sum(max(0, len(tb.threads) - 1) for tb in tables if not tb.sleeper),
        "ack p50 ms": ms(percentile(acks, 50)),
        "ack p99 ms": ms(percentile(acks, 99)),
        "ack max ms": ms(max(acks, default=None)),
        "round trip p50 ms": ms(percentile(trips, 50)),
        "round trip p99 ms": ms(percentile(trips, 99)),
        "REST calls/move": round(len(counted) / per, 2),
        "all requests/move": round(len(requests) / per, 2),
        "interactions": len(acks),
        "mean ack ms": ms(statistics.fmean(acks)) if acks else None,
    }


def stand_in_errors(twin: Twin, tables: list[Table]) -> list[str]:
    errors = [e for tb in tables for e in tb.errors]
    errors += [f"rejected {r.method} {r.template}: {str(r.response)[:200]}" for r in twin.rejected]
    errors += [f"unimplemented {r.method} {r.path}" for r in twin.unimplemented]
    errors += [f"not acknowledged in 3 s: {i.data.get('custom_id') or i.data.get('name')}"
               for i in twin.unacknowledged()]
    errors += [f"HTTP {r.status} {r.method} {r.template}" for r in twin.server.requests
               if r.status >= 400 and r not in twin.rejected]
    return errors


def bot_errors(workdir: Path, processes: int) -> list[str]:
    """ERROR lines and tracebacks the bot processes logged."""
    out = []
    for shard in range(processes):
        text = (workdir / f"bot{shard}.log").read_text(errors="replace")
        out += [f"bot {shard}: {line[:300]}" for line in text.splitlines()
                if " ERROR " in line or " CRITICAL " in line]
    return out


def prompts_posted_twice(twin: Twin) -> list[str]:
    """Messages posted with the same choice buttons (a choice's custom_id names its game and
    decision) as an earlier one: the same prompt shown twice."""
    posted: Counter[tuple[str, ...]] = Counter()
    for request in twin.server.requests:
        if request.method == "POST" and request.status < 300 and isinstance(request.body, dict):
            ids = tuple(sorted(c["custom_id"] for c in _components(request.body)
                               if CHOICE.match(c.get("custom_id", ""))))
            if ids:
                posted[ids] += 1
    return [ids[0] for ids, n in posted.items() if n > 1]


def _components(body: dict[str, Any]) -> list[dict[str, Any]]:
    out, stack = [], list(body.get("components") or [])
    while stack:
        comp = stack.pop()
        stack += comp.get("components") or []
        out.append(comp)
    return out


def reminders(tables: list[Table], twin: Twin, remind_after: float) -> dict[str, Any]:
    """Each idle table's seats are reminded exactly once (none is lost, none doubled); at a
    playing table no seat is reminded twice within half the reminder delay (a new reminder
    needs a move and a new wait of the whole delay: closer ones are one reminder twice)."""
    head = (lookup("discord.reminder", "en") or "").split("{users}")[0]
    sent: dict[tuple[int, int], list[float]] = defaultdict(list)
    per_thread: Counter[int] = Counter()
    for table in tables:
        for thread_id in table.threads:
            for message in twin.channel(thread_id).messages:
                first = (message.content or "").split("\n")[0]
                if message.visible_to is None and first.startswith(head):
                    per_thread[thread_id] += 1
                    for uid in MENTION.findall(first):
                        sent[(thread_id, int(uid))].append(message.created)
    doubled = sorted({key for key, times in sent.items()
                      if any(b - a < remind_after / 2 for a, b in zip(sorted(times),
                                                                        sorted(times)[1:],
                                                                        strict=False))})
    idle = [tb for tb in tables if tb.sleeper]
    idle_counts = {tb.index: per_thread[tb.threads[0]] for tb in idle if tb.threads}
    return {
        "reminders posted": sum(per_thread.values()),
        "reminders by table": dict(Counter(
            tb.index for tb in tables for th in tb.threads for _ in range(per_thread[th]))),
        "idle tables reminded once": sum(1 for n in idle_counts.values() if n == 1),
        "idle tables": len(idle),
        "idle tables never reminded": sorted(i for i, n in idle_counts.items() if n == 0),
        "reminded twice": [f"thread {t} user {u}" for t, u in doubled],
    }


async def moves_in_store(store: Store, tables: list[Table]) -> dict[str, Any]:
    """The stored action logs against the clicks the scripted players made: every click the
    bot confirmed is logged once, no click is logged twice, nothing is logged that nobody
    clicked, and each log's versions run 1..n."""
    clicks: dict[int, Move] = {m.interaction_id: m for tb in tables for m in tb.moves}
    logged: Counter[int | None] = Counter()
    broken = []
    games = 0
    for table in tables:
        for thread_id in table.threads:
            record = await store.game_by_thread(thread_id)
            if record is None:
                broken.append(f"no stored game for thread {thread_id}")
                continue
            games += 1
            actions = await store.actions(record.id)
            if [a.version for a in actions] != list(range(1, record.version + 1)):
                broken.append(f"game {record.id}: versions {[a.version for a in actions]}")
            for action in actions:
                logged[action.interaction_id] += 1
                move = clicks.get(action.interaction_id or 0)
                if move is not None and (move.thread_id != thread_id
                                         or move.user_id != action.user_id):
                    broken.append(f"game {record.id}: {action} is not {describe(move)}")
    unlogged = [m for m in clicks.values() if logged[m.interaction_id] == 0]
    return {
        "games checked": games,
        "clicks": len(clicks),
        "logged": sum(logged.values()),
        "applied twice": [i for i, n in logged.items() if n > 1],
        # a click never logged: refused as stale (its prompt was for a decision already
        # taken: a prompt shown twice), or lost
        "stale clicks": [{**describe(m), "reply": " | ".join(m.interaction.texts())[:200]}
                         for m in unlogged if STALE in m.interaction.texts()],
        "lost": [{**describe(m), "confirmed": m.applied is not None,
                  "reply": " | ".join(m.interaction.texts())[:200]}
                 for m in unlogged if STALE not in m.interaction.texts()],
        "logged without a click": [i for i in logged if i not in clicks],
        "inconsistent": broken,
    }
