"""Whole snellman game files: reading the header, replaying lines, writing a played game."""

from __future__ import annotations

import hashlib
import random
import re
from dataclasses import dataclass, field
from typing import Any

from rules.core import Choice, Decision, Rng, RuleError
from rules.terra_mystica.engine import TerraMystica
from rules.terra_mystica.flow import final_scoring, legacy_income, next_order, settle
from rules.terra_mystica.merchants import gamefile as merchants_file
from rules.terra_mystica.messages import fill
from rules.terra_mystica.notation import (
    action_of,
    commands_of,
    format_command,
    split_commands,
    stream_rewrites,
)
from rules.terra_mystica.state import EngineOptions, Options, State
from rules.terra_mystica.tiles import BONUS, NOT_LATE, SCORING, TILE_OPTIONS, in_game

OUT_OF_TURN = ("leech", "cult", "spades")
FREE_COMMANDS = ("convert", "burn", "connect")
DEFAULT_OPTIONS = ("strict-leech", "strict-darkling-sh", "strict-chaosmagician-sh",
                   "errata-cultist-power")
# Every option name snellman's engine knows (spec 2.6); any other `option` line is refused.
KNOWN_OPTIONS = frozenset(DEFAULT_OPTIONS + (
    "variable-turn-order", "shipping-bonus", "temple-scoring-tile", "mini-expansion-1",
    "fire-and-ice-final-scoring", "fire-and-ice-factions", "fire-and-ice-factions/ice",
    "fire-and-ice-factions/volcano", "fire-and-ice-factions/variable",
    "fire-and-ice-factions/variable_v2", "fire-and-ice-factions/variable_v3",
    "fire-and-ice-factions/variable_v4", "fire-and-ice-factions/variable_v5",
    "maintain-player-order", "loose-adjust-resource", "loose-cultist-ordering", "loose-dig",
    "loose-engineer-bridge", "loose-lose-cult", "loose-multi-spade", "loose-bridge-adjacency",
    "loose-done", "email-notify", "manual-fav5", "shapeshifter-fix-playtest-v1")
    + merchants_file.OPTIONS)  # ours: Merchants of the Seas (merchants/gamefile.py)


@dataclass
class Line:
    number: int
    prefix: str | None  # faction, or None for an admin line
    text: str
    comment: bool = False  # a comment record sits before this line's commands
    admin: bool = False  # an unprefixed line acting for a faction (drop-faction)
    pieces: list[str] = field(default_factory=list)  # commands after the spec 1.5-1.7 rewrites


@dataclass
class GameFile:
    options: set[str] = field(default_factory=set)
    scoring: list[str] | None = None
    deleted: list[str] = field(default_factory=list)
    factions: list[str] = field(default_factory=list)
    players: int = 0
    randomize: str | None = None
    moves: list[Line] = field(default_factory=list)
    pool_built: bool = False  # a setup, delete or randomize line has built the tile pool
    map_line: str | None = None  # read only with Merchants of the Seas

    def tile_options(self) -> dict[str, bool]:
        """The tile options (Options field names) this file turns on."""
        return {field: site in self.options for field, site in TILE_OPTIONS.items()}


def read_lines(text: str) -> GameFile:
    game = GameFile()
    for number, raw in enumerate(text.split("\n"), start=1):
        body, _, comment = raw.partition("#")
        has_comment = bool(comment.strip()) and not comment.startswith("#")
        body = re.sub(r"\s+", " ", body).strip()
        if has_comment and game.moves:
            game.moves.append(Line(number, None, "", comment=True))
        if not body:
            continue
        if ":" in body:
            prefix, rest = body.split(":", 1)
            game.moves.append(Line(number, prefix.lower(), rest.strip()))
            continue
        admin(game, body, number)
    normalise(game)
    return game


def normalise(game: GameFile) -> None:
    """Split every faction line and run the stream rewrites across lines (spec 1.7); a line
    left with no command goes, as in snellman's stream."""
    stream: list[tuple[str, str]] = []
    owners: list[Line] = []
    for i, line in enumerate(game.moves):
        if line.comment:
            stream.append((f"#{i}", "#"))  # a comment record: it breaks any merge
            owners.append(line)
            continue
        if line.admin or line.prefix is None:
            pieces = [line.text]
            group = f"#{i}"  # admin lines never merge with anything
        else:
            pieces = split_commands(line.text, line.prefix)
            group = line.prefix
        stream += [(group, p) for p in pieces]
        owners += [line] * len(pieces)
        line.pieces = []
    for piece, line in zip(stream_rewrites(stream), owners, strict=True):
        if piece and not line.comment:
            line.pieces.append(piece)
    game.moves = [x for x in game.moves if x.comment or x.pieces]


def admin(game: GameFile, body: str, number: int) -> None:
    words = body.split()
    head = words[0].lower()
    if head == "option" and len(words) > 1:
        name = words[1].lower()
        if name not in KNOWN_OPTIONS:
            raise FileError(number, "terra_mystica.unknown_option", option=name)
        if game.pool_built and name in TILE_OPTIONS.values():
            return  # the site adds an option's tiles only while building the pool (spec 2.2)
        game.options.add(name)
    elif head == "dropoption" and len(words) > 1:
        game.options.discard(words[1].lower())
    elif head == "drop-faction" and len(words) == 2:
        # the site's line for an idle player: that faction resigns here
        game.moves.append(Line(number, words[1].lower(), "resign", admin=True))
    elif head == "score":
        tiles = [t.strip().upper() for t in "".join(words[1:]).split(",") if t.strip()]
        if len(tiles) != 6 or any(t not in SCORING for t in tiles):
            raise FileError(number, "terra_mystica.unparsable", text=body)
        game.scoring = tiles
    elif re.search(r"delete (\w+)$", body, re.I):
        game.pool_built = True
        game.deleted.append(re.search(r"delete (\w+)$", body, re.I).group(1).upper())
    elif head == "setup" and len(words) > 1:
        game.pool_built = True
        game.factions.append(words[1].lower())
    elif head == "player":
        game.players += 1
    elif head == "randomize" and "seed" in [w.lower() for w in words]:
        game.pool_built = True
        game.randomize = body.split("seed", 1)[1].strip()
    elif head == "income" and len(words) == 1:
        game.moves.append(Line(number, None, "income"))  # legacy: see flow.legacy_income
    elif head == "map" and len(words) == 2:
        game.map_line = words[1].lower()
    elif head in ("map", "player-count", "abort", "admin", "start",
                  "faction-variant", "final-scoring", "order"):
        return
    else:
        game.moves.append(Line(number, None, body))


class FileError(Exception):
    def __init__(self, line: int, key: str, **params: Any) -> None:
        super().__init__(key)
        self.line, self.key, self.params = line, key, params


def snellman_randomize(seed: str, seats: int,
                       options: dict[str, bool] | None = None) -> tuple[list[str], list[str]]:
    """Scoring tiles and deleted bonus tiles as terra.snellman.net's `randomize` draws them
    (`options`: the tile options on, which add SCORE9 and BON10 to the draws)."""
    options = options or {}
    digest = hashlib.sha1(seed.encode()).digest()
    words = [int.from_bytes(digest[i:i + 4], "little") for i in range(0, 20, 4)]
    gen = random.Random(sum(w << (32 * i) for i, w in enumerate(words)))

    def shuffle(items: list[str]) -> list[str]:
        keyed = [(gen.getrandbits(32) / 2**32, x) for x in items]
        return [x for _, x in sorted(keyed)]

    tiles = sorted(in_game(SCORING, options), key=lambda t: int(t[5:]))
    while True:
        tiles = shuffle(tiles)
        if not NOT_LATE.intersection(tiles[4:6]):
            break
    bonus = shuffle(sorted(in_game(BONUS, options)))  # as plain strings: BON1, BON10, BON2
    deleted = []
    while len(bonus) > seats + 3:
        deleted.append(bonus.pop(0))
    return tiles[:6], deleted


def game_options(game: GameFile) -> Options:
    scoring, deleted = game.scoring, list(game.deleted)
    tiles = game.tile_options()
    if game.randomize is not None:
        # Site logs get their seats from the database: default to one per faction.
        scoring, deleted = snellman_randomize(game.randomize, game.players or len(game.factions),
                                              tiles)
    common: dict[str, Any] = dict(
        factions=game.factions, scoring=scoring,
        strict_leech="strict-leech" in game.options,
        errata_cultist_power="errata-cultist-power" in game.options,
        variable_turn_order="variable-turn-order" in game.options,
        second_spade_dwelling=True,  # the site's rule, so its logs replay
        **tiles)
    if merchants_file.OPTION in game.options:  # hook: Merchants of the Seas
        return EngineOptions(**merchants_file.engine_options(game, common))
    bonus = [b for b in in_game(BONUS, tiles) if b not in deleted]
    return Options(bonus=bonus, **common)


def message(key: str, params: dict[str, Any]) -> str:
    try:
        return fill(key, "en", params)
    except (KeyError, IndexError):
        return key


@dataclass
class Replay:
    state: State | None
    error: dict[str, Any] | None
    actions: list[tuple[int, dict]] = field(default_factory=list)


def replay_text(text: str, engine: TerraMystica | None = None) -> Replay:
    engine = engine or TerraMystica()
    try:
        game = read_lines(text)
        state = engine.setup(game_options(game), len(game.factions), 0)
    except FileError as exc:
        return Replay(None, {"line": exc.line, "key": exc.key, "reason": message(exc.key,
                                                                                  exc.params)})
    except (RuleError, ValueError) as exc:
        key = getattr(exc, "key", "terra_mystica.bad_header")
        return Replay(None, {"line": 0, "key": key, "reason": message(key, getattr(
            exc, "params", {"detail": str(exc)}))})
    log: list[tuple[int, dict]] = []
    moves = game.moves
    for i, line in enumerate(moves):
        if state["phase"] == "over":
            break
        if line.comment:
            settle(state, [])
            continue
        if line.prefix is None and line.text.lower() == "finish":
            finish(state)
            continue
        if line.text.strip().lower() == "income" and (line.prefix is None
                                                      or line.prefix in state["factions"]):
            settle(state, [])
            legacy_income(state, [])  # `income` or `<faction>: income`: the same on the site
            continue
        try:
            if line.prefix is None:
                raise RuleError("terra_mystica.unparsable", text=line.text)
            if line.prefix not in state["factions"]:
                raise RuleError("terra_mystica.unknown_faction", faction=line.prefix)
            seat = state["factions"][line.prefix]["seat"]
            action = action_of(line.pieces, line.text)
            state, _ = engine.apply_held(state, seat, action)
            log.append((seat, action))
            nxt = moves[i + 1] if i + 1 < len(moves) else None
            ends = re.search(r"\b(pass|leech|decline)\b", line.text, re.I)
            own_turn = state["turn"] is not None and state["turn"]["faction"] == line.prefix
            if (nxt is None or nxt.comment or nxt.admin or line.admin or nxt.prefix != line.prefix
                    or ends or not own_turn):
                settle(state, [])
        except RuleError as exc:
            return Replay(state, {"line": line.number, "command": line.text, "key": exc.key,
                                  "reason": message(exc.key, exc.params)}, log)
    return Replay(state, None, log)


def finish(state: State) -> None:
    """The admin line `finish` (spec 3.14, 6): final scoring at once when no decision but
    power offers is open (the offers lapse); otherwise the line is ignored."""
    if (state["phase"] == "actions" and state["turn"] is None
            and not any(v.get("CULT", 0) > 0 or v.get("SPADE", 0) > 0
                        for v in state["pending"].values())):
        state["offers"], state["leech_groups"] = [], []
        final_scoring(state, [])


def summary(rep: Replay) -> dict[str, Any]:
    st = rep.state
    out: dict[str, Any] = {"round": st["round"] if st else 0,
                           "finished": bool(st and st["phase"] == "over"),
                           "error": rep.error, "factions": {}}
    if st:
        for name in st["order"]:
            fs = st["factions"][name]
            out["factions"][name] = {k: fs[k] for k in ("VP", "C", "W", "P", "P1", "P2", "P3")}
            out["factions"][name]["cults"] = dict(fs["cults"])
    return out


def header_lines(state: State) -> list[str]:
    lines = [f"option {o}" for o in DEFAULT_OPTIONS]
    lines += [f"option {site}" for field, site in TILE_OPTIONS.items()
              if state["options"].get(field)]  # before the pool is built (spec 2.2)
    if state["options"].get("merchants"):  # hook: Merchants of the Seas
        lines += merchants_file.header_lines(state)
    lines.append("score " + ",".join(state["scoring"]))
    if state["options"].get("merchants"):
        lines += [f"delete {b}" for b in merchants_file.deleted_bonus(state)]
    else:
        lines += [f"delete {b}" for b in sorted(in_game(BONUS, state["options"]),
                                                key=lambda t: int(t[3:]))
                  if b not in state["bonus_in_play"]]
    lines += [f"setup {f}" for f in state["order"]]
    return lines


def family(action: dict) -> tuple[str, ...]:
    """What kind of move an action is (its commands' types; a colour transform apart)."""
    return tuple(c["type"] + ("_to" if c.get("color") else "") for c in commands_of(action))


def pick_by_family(rng: Rng, choices: list[Choice]) -> Choice:
    """A kind of move first, then one move of that kind: many similar choices (colours,
    conversions) do not crowd out the rare ones (upgrades, towns)."""
    groups: dict[tuple[str, ...], list[Choice]] = {}
    for c in choices:
        kind = family(c.action)
        if all(k in FREE_COMMANDS for k in kind):
            kind = ("free",)  # conversions, burning, connect: one kind between them
        groups.setdefault(kind, []).append(c)
    return rng.choice(rng.choice(list(groups.values())))


class LogWriter:
    """Writes played moves as a snellman game file, one line per turn as the site does."""

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.last_turn: tuple[str, int] | None = None  # a line whose turn took an action
        self.free_line: tuple[str, int] | None = None  # a turn's line with no action yet

    @staticmethod
    def continues_turn(state: State, decision: Decision) -> bool:
        """A decision of the faction whose turn has taken its action (a tile, spades...)."""
        t = state["turn"]
        return bool(t and t["taken"] and decision.kind not in OUT_OF_TURN
                    and decision.params.get("faction") == t["faction"])

    def record(self, before: State, decision: Decision, action: dict, after: State) -> None:
        """`action` answered `decision` in `before` and gave `after`."""
        lines = self.lines
        if not lines and before["phase"] != "select":
            lines += header_lines(before)
        name = before["seats"][decision.seat]["faction"]
        text = format_command(action)
        own = decision.kind not in OUT_OF_TURN and self.free_line == (name, len(lines) - 1)
        going = self.continues_turn(before, decision)
        if (going and lines and lines[-1].startswith(f"{name}: ")) or own:
            lines[-1] += f". {text}"
        else:
            if decision.kind == "turn" and self.last_turn == (name, len(lines) - 1):
                lines[-1] += ". done"  # the last faction in play: end that turn explicitly
            lines.append(f"{name}: {text}")
        passes = any(c["type"] == "pass" for c in commands_of(action))
        in_turn = before["phase"] == "actions" and decision.kind not in OUT_OF_TURN
        # `done` is due only once the line's turn has taken an action: ask the state, not the
        # commands (a Mermaids' `connect` founds a town whose tile is no action either).
        t = after["turn"]
        acted = in_turn and (after.get("turn_no") != before.get("turn_no") or t is None
                             or t["faction"] != name or t["taken"] > 0)
        self.last_turn = (name, len(lines) - 1) if acted and not passes else None
        self.free_line = (name, len(lines) - 1) if in_turn and not acted else None

    def text(self) -> str:
        return "\n".join(self.lines) + "\n"


def first_due(state: State, pending: list[Decision], writer: LogWriter) -> Decision | None:
    """The decision a log answers next whatever the player picks: the open turn's own
    (a tile, spades), then Cultists' steps and offers, then income-phase spades in the next
    round's turn order (spec 9.2); None when any open decision may come next."""
    going = [d for d in pending if writer.continues_turn(state, d)]
    # the Cultists' step right after the first acceptance, before the other replies
    urgent = [d for d in pending if d.kind == "cult"] + [d for d in pending if d.kind == "leech"]
    spades: list[Decision] = []
    if state["phase"] == "spades":
        order = next_order(state)
        spades = sorted((d for d in pending if d.kind == "spades"),
                        key=lambda d: order.index(state["seats"][d.seat]["faction"]))
    return (going or urgent or spades or [None])[0]


def random_game(players: int, seed: int, max_steps: int = 20_000,
                pass_rate: int | None = None,
                options: dict[str, Any] | None = None) -> tuple[State, str]:
    """Play random legal choices (offers answered right away) and write the game file.

    pass_rate: percent of turns on which passing (or dropping a benefit) is allowed at all;
    None chooses uniformly among all choices (short games), 10 gives long, busy games (a
    kind of move first, then a move of that kind). options: more lobby options.
    """
    engine = TerraMystica()
    state = engine.setup({"random_factions": True, **(options or {})}, players, seed)
    rng = Rng(seed * 7919 + 17)
    writer = LogWriter()
    for _ in range(max_steps):
        if state["phase"] == "over":
            break
        pending = [d for d in engine.decisions(state) if d.choices]
        decision = first_due(state, pending, writer) or rng.choice(pending)
        options = decision.choices
        busy = [c for c in options if not c.text.startswith(("pass", "-"))]
        if pass_rate is not None and busy and rng.below(100) >= pass_rate:
            options = busy
        ch = rng.choice(options) if pass_rate is None else pick_by_family(rng, options)
        after, _ = engine.apply(state, decision.seat, ch.action)
        writer.record(state, decision, ch.action, after)
        state = after
    else:
        raise AssertionError("random game did not finish")
    return state, writer.text()
