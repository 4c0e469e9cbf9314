"""A stored game as a terra.snellman.net game file, and a site game file as a stored game.

`export_file` replays the stored log and writes it with gamefile.LogWriter (one line per
turn, as the site does). `import_file` replays a site file with gamefile.replay_text and
checks that its moves, applied one by one as the bot applies them, give the very same
state: only then is the file a log the bot can store and replay."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ValidationError

from rules.core import Action, Decision, RuleError, dump_state, find_choice
from rules.terra_mystica.engine import TerraMystica
from rules.terra_mystica.gamefile import (
    FileError,
    LogWriter,
    game_options,
    read_lines,
    replay_text,
)
from rules.terra_mystica.notation import action_of
from rules.terra_mystica.state import State


def answered(engine: TerraMystica, state: State, seat: int, action: Action) -> Decision | None:
    """The open decision of `seat` that `action` answers (a typed move: the seat's first)."""
    mine = [d for d in engine.decisions(state) if d.seat == seat]
    return next((d for d in mine if find_choice(d, action) is not None), mine[0] if mine else None)


def export_file(
    options: BaseModel | dict[str, Any],
    seats: int,
    seed: int,
    actions: Iterable[tuple[int, Action]],
    names: list[str],
) -> str:
    """The game file of a stored game: the site's header, then its moves."""
    engine = TerraMystica()
    state = engine.setup(options, seats, seed)
    writer = LogWriter()
    for seat, action in actions:
        decision = answered(engine, state, seat, action)
        after, _ = engine.apply(state, seat, action)
        # faction picks are the header's `setup` lines; an old no-op move writes nothing
        if decision is not None and state["phase"] != "select" and after != state:
            writer.record(state, decision, action, after)
        state = after
    if not writer.lines:  # still choosing factions: no header yet
        return "".join(f"# {line}\n" for line in _players(state, names))
    head = "".join(f"# {line}\n" for line in _players(state, names))
    return head + writer.text()


def _players(state: State, names: list[str]) -> list[str]:
    return [
        f"{s.get('faction') or '?'}: {names[i] if i < len(names) else f'P{i + 1}'}"
        for i, s in enumerate(state["seats"])
    ]


@dataclass
class Imported:
    """A site file read as a stored game: lobby options, seats, seed and the action log."""

    options: dict[str, Any]
    seats: int
    seed: int
    actions: list[tuple[int, Action]]
    factions: list[str]  # seat order


@dataclass
class ImportFailure:
    """Where and why a file does not replay: a message key (the engine's, or the table's
    `table.import_setup` / `table.import_diverges`) and its params."""

    line: int
    key: str
    params: dict[str, Any]


def import_file(text: str) -> Imported | ImportFailure:
    """Replay a site game file; refuse with the line and reason where it does not replay."""
    rep = replay_text(text)
    if rep.error is not None:
        return _failure(text, rep.state, rep.error)
    game = read_lines(text)
    try:
        options = game_options(game)
    except FileError as exc:  # replay_text read it, so this is not expected
        return ImportFailure(exc.line, exc.key, exc.params)
    stored = options.model_dump()
    lines = [m.number for m in game.moves if not m.comment and _is_move(m)]
    engine = TerraMystica()
    seats = len(game.factions)
    try:
        state = engine.setup(engine.Options.model_validate(stored), seats, 0)
    except (RuleError, ValueError):
        state = None
    if state is None or dump_state(state) != dump_state(engine.setup(options, seats, 0)):
        # a set-up the lobby's options cannot hold
        return ImportFailure(0, "table.import_setup", {})  # the file as a whole
    for i, (seat, action) in enumerate(rep.actions):
        try:
            state, _ = engine.apply(state, seat, action)
        except RuleError:
            # the site's reading holds state between lines that one move at a time does not
            # (an old log's `income` line): the file replays, but not as a log we can keep
            return ImportFailure(lines[i] if i < len(lines) else 0, "table.import_diverges", {})
    if dump_state(state) != dump_state(rep.state):
        last = game.moves[-1].number if game.moves else 0
        return ImportFailure(last, "table.import_diverges", {})
    factions = [s["faction"] for s in state["seats"]]
    return Imported(stored, seats, 0, list(rep.actions), factions)


def _is_move(line: Any) -> bool:
    """Whether replay_text logged an action for this line (not `finish`, not `income`)."""
    if line.prefix is None:
        return False
    return line.text.strip().lower() != "income"


def _failure(text: str, state: State | None, error: dict[str, Any]) -> ImportFailure:
    """replay_text reports its refusal in English only: find it again with its params, so
    it reads in both languages."""
    line = error.get("line", 0)
    try:
        game = read_lines(text)
        options = game_options(game)
        if state is None:
            TerraMystica().setup(options, len(game.factions), 0)
        else:
            move = next(m for m in game.moves if m.number == line and not m.comment)
            if move.prefix is None:
                raise RuleError("terra_mystica.unparsable", text=move.text)
            if move.prefix not in state["factions"]:
                raise RuleError("terra_mystica.unknown_faction", faction=move.prefix)
            TerraMystica().apply_held(
                state, state["factions"][move.prefix]["seat"], action_of(move.pieces, move.text)
            )
    except FileError as exc:
        return ImportFailure(exc.line, exc.key, exc.params)
    except RuleError as exc:
        return ImportFailure(line, exc.key, exc.params)
    except ValidationError as exc:  # the header's tiles or factions
        detail = "; ".join(str(e["msg"]) for e in exc.errors())
        return ImportFailure(line, "table.import_failed_line", {"detail": detail})
    except (ValueError, StopIteration):
        pass
    return ImportFailure(line, "table.import_failed_line", {"detail": error.get("reason", "")})
