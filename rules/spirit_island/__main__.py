"""Command line: play random games, replay a logged one.

    python -m rules.spirit_island random-game --players 2 --seed 7 [--adversary england
        --level 3] [--no-events] [--games 500 [--mixed] [--check] [--draw-more]]
    python -m rules.spirit_island replay FILE [--json]
    python -m rules.spirit_island coverage [--json]

`random-game` plays random legal choices to the end and prints the log as notation: a
header line with the setup, then `<seat> <move>` per line (FILE for `replay`). With
`--games N` it plays N games (seeds S, S+1, ...) and prints only their outcomes in sum;
`--mixed` varies the spirits (1-4) and the adversary, `--check` checks the invariants; it
also says which Minor and Major power cards were drawn across the run (gained, or offered
in a draw) and lists those never drawn; `--draw-more` makes the player prefer growth that
gains powers, so that a run draws more of the decks.
`coverage` lists every spirit, innate and card with its state and whether a test names it
(coverage.py).
"""

from __future__ import annotations

import argparse
import json
import re
import sys
import time
from collections import Counter

from rules.core import Rng, dump_state
from rules.spirit_island import effects as fx
from rules.spirit_island.checks import problems
from rules.spirit_island.engine import ADVERSARIES, SpiritIsland
from rules.spirit_island.policy import POLICIES, choose
from rules.spirit_island.state import BOARD_ORDER

HEADER = "# spirit_island"
DECKS = ("minor", "major")
MOST_MOVES = 20000  # a game longer than this is reported as not ending


def play_random(players: int, seed: int, options: dict, move_seed: int | None = None,
                check: list[str] | None = None, policy: str = "random",
                seen: dict[str, set[str]] | None = None, draw_more: bool = False):
    """A whole game of random legal choices (or the greedy player's, policy.py): (final
    state, log of (seat, action)). With a `check` list, the invariants (checks.py) are
    checked after every move, problems added; a `seen` dict gets the power cards `dealt`
    (in a starting hand), `drawn` and `played` (see `tally`)."""
    engine = SpiritIsland()
    state = engine.setup(options, players, seed)
    rng = Rng(seed if move_seed is None else move_seed)
    if seen is not None:
        seen.setdefault("dealt", set()).update(c for row in state["seats"] for c in row["hand"])
    log = []
    while engine.result(state) is None:
        if len(log) >= MOST_MOVES:
            raise RuntimeError(f"the game did not end in {MOST_MOVES} moves")
        seat, action = choose(engine, state, engine.decisions(state), rng, policy, draw_more)
        before = state
        state, _ = engine.apply(state, seat, action)
        log.append((seat, action))
        if check is not None:
            check += [f"seed {seed} move {len(log)}: {p}" for p in problems(before, state)]
        if seen is not None:
            tally(seen, before, state)
    return state, log


def tally(seen: dict[str, set[str]], before: dict, after: dict) -> None:
    """The power cards one move drew (they left a Minor or Major deck: gained, or offered
    and discarded) and played (they came into a spirit's cards in play). A discard shuffled
    back into a deck adds cards to it: those were drawn before."""
    for kind in DECKS:
        key = f"{kind}_deck"
        seen.setdefault("drawn", set()).update(
            set(before["secret"].get(key, ())) - set(after["secret"].get(key, ())))
    for old, new in zip(before["seats"], after["seats"], strict=True):
        seen.setdefault("played", set()).update(set(new["played"]) - set(old["played"]))


def draw_report(seen: dict[str, set[str]]) -> list[str]:
    """Lines saying how much of each deck a run drew and played, and which cards it never
    drew: in the decks but never drawn, or left out (not modelled). Unique powers are never
    drawn: they are dealt with their spirit."""
    cards = fx.optional("powers").CARDS
    drawn, played, dealt = (seen.get(k, set()) for k in ("drawn", "played", "dealt"))
    lines, never, left_out = [], [], []
    for kind in DECKS:
        names = sorted(n for n, c in cards.items() if c.get("deck") == kind)
        in_deck = [n for n in names if not cards[n].get("not_modelled")]
        lines.append(f"{kind} powers: {sum(n in drawn for n in in_deck)} of {len(in_deck)} "
                     f"in the deck drawn, {sum(n in played for n in in_deck)} played "
                     f"({len(names) - len(in_deck)} left out, not modelled)")
        never += [n for n in in_deck if n not in drawn]
        left_out += [n for n in names if cards[n].get("not_modelled")]
    unique = [n for n, c in cards.items() if c.get("deck") == "unique"]
    lines.append(f"unique powers: {sum(n in dealt for n in unique)} of {len(unique)} dealt "
                 f"with their spirit, {sum(n in played for n in unique)} played")
    lines.append(f"never drawn ({len(never)}): " + (", ".join(never) or "-"))
    lines.append(f"left out of the decks, not modelled ({len(left_out)}): "
                 + (", ".join(left_out) or "-"))
    return lines


def _options(args: argparse.Namespace) -> dict:
    options: dict = {"events": not args.no_events}
    if args.adversary:
        options.update(adversary=args.adversary, level=args.level)
    return options


def header(players: int, seed: int, options: dict) -> str:
    return f"{HEADER} {json.dumps({'players': players, 'seed': seed, 'options': options})}"


def summary(state: dict) -> str:
    lands = state["lands"].values()
    invaders = {k: sum(len(land[k]) for land in lands) for k in ("explorer", "town", "city")}
    lines = [
        f"outcome: {state.get('outcome')} after {state['turn']} turns",
        f"fear: {state.get('fear', {}).get('terror_level', '-')} (terror level), "
        f"blight on the card: {state['blight_card']['pool']} ({state['blight_card']['side']})",
        "invaders: " + ", ".join(f"{k} {n}" for k, n in invaders.items()),
        f"blight on the island: {sum(land['blight'] for land in lands)}",
    ]
    for row in state["seats"]:
        presence = sum(land["presence"].get(row["spirit"], 0) for land in lands)
        lines.append(f"{row['spirit']}: presence {presence}, energy {row['energy']}, "
                     f"hand {len(row['hand'])}, discard {len(row['discard'])}")
    return "\n".join(lines)


def mixed(seed: int, events: bool) -> tuple[int, dict]:
    """1-4 spirits by seed, drawn at random from every spirit, on boards drawn from A-F; an
    adversary and level at random (none in every fifth game)."""
    rng = Rng(seed)
    players = 1 + seed % 4
    spirits = sorted(fx.optional("spirits").SPIRITS)
    rng.shuffle(spirits)
    boards = list(BOARD_ORDER)
    rng.shuffle(boards)
    options: dict = {"events": events, "spirits": spirits[:players], "boards": boards[:players]}
    if seed % 5:
        options.update(adversary=rng.choice(sorted(ADVERSARIES)), level=rng.below(7))
    return players, options


def many_games(args: argparse.Namespace) -> int:
    outcomes: Counter = Counter()
    levels: Counter = Counter()
    turns = moves = 0
    broken: list[str] = []
    seen: dict[str, set[str]] = {}
    start = time.perf_counter()
    for seed in range(args.seed, args.seed + args.games):
        players, options = (mixed(seed, not args.no_events) if args.mixed
                            else (args.players, _options(args)))
        try:
            state, log = play_random(players, seed, options,
                                     check=broken if args.check else None, policy=args.policy,
                                     seen=seen, draw_more=args.draw_more)
        except Exception as e:  # noqa: BLE001 - a broken game is reported, the run goes on
            if not args.check:
                raise
            outcomes["crashed"] += 1
            broken.append(f"seed {seed} ({players} players, {options}): {type(e).__name__}: {e}")
            continue
        outcomes[state["outcome"]] += 1
        levels[fx.terror_level(state)] += 1
        turns += state["turn"]
        moves += len(log)
    spent = time.perf_counter() - start
    who = "1-4 spirits, random adversaries" if args.mixed else f"{args.players} spirits"
    player = f"{args.policy} player" + (" drawing more" if args.draw_more else "")
    print(f"{args.games} games, {who}, {player}: " + ", ".join(
        f"{k} {n}" for k, n in sorted(outcomes.items())))
    print("terror level at the end: " + ", ".join(f"{k}: {n}" for k, n in sorted(levels.items())))
    played = max(1, args.games - outcomes["crashed"])
    print(f"mean turns {turns / played:.1f}, mean moves {moves / played:.0f}, "
          f"{1000 * spent / args.games:.0f} ms a game, {spent:.0f} s in all")
    print(*draw_report(seen), sep="\n")
    if args.check:
        games = len({p.split(" ", 2)[1] for p in broken})
        print(f"invariant problems: {len(broken)} in {games} games", *broken[:10], sep="\n")
        kinds = Counter(re.sub(r"\d+", "N", p.split(": ", 1)[-1])[:100] for p in broken)
        print(*(f"{n} x {kind}" for kind, n in kinds.most_common(15)), sep="\n")
    return 1 if broken else 0


def random_game(args: argparse.Namespace) -> int:
    options = _options(args)
    if args.games > 1:
        return many_games(args)
    engine = SpiritIsland()
    state, log = play_random(args.players, args.seed, options, policy=args.policy)
    print(header(args.players, args.seed, options))
    replayed = engine.setup(options, args.players, args.seed)
    for seat, action in log:
        print(seat, engine.format(replayed, action))
        replayed, _ = engine.apply(replayed, seat, action)
    print(f"# {state['outcome']}")
    return 0


def replay_file(path: str) -> dict:
    """Rebuild a game from its logged notation."""
    engine = SpiritIsland()
    state = None
    with open(path, encoding="utf-8") as lines:
        for line in lines:
            line = line.strip()
            if line.startswith(HEADER):
                setup = json.loads(line[len(HEADER):])
                state = engine.setup(setup["options"], setup["players"], setup["seed"])
            elif line and not line.startswith("#"):
                if state is None:
                    raise SystemExit("the file does not start with the setup header")
                seat, text = line.split(" ", 1)
                state, _ = engine.apply(state, int(seat), engine.parse(state, int(seat), text))
    if state is None:
        raise SystemExit("no setup header in the file")
    return state


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.spirit_island")
    sub = parser.add_subparsers(dest="command", required=True)
    rand = sub.add_parser("random-game", help="play a whole game of random legal choices")
    rand.add_argument("--players", type=int, default=2)
    rand.add_argument("--seed", type=int, default=1)
    rand.add_argument("--adversary")
    rand.add_argument("--level", type=int, default=0)
    rand.add_argument("--no-events", action="store_true")
    rand.add_argument("--games", type=int, default=1)
    rand.add_argument("--mixed", action="store_true",
                      help="with --games: 1-4 spirits and a random adversary and level")
    rand.add_argument("--policy", choices=POLICIES, default="random",
                      help="random choices, or greedy: one move ahead, keeping the best position")
    rand.add_argument("--check", action="store_true",
                      help="with --games: check the invariants after every move")
    rand.add_argument("--draw-more", action="store_true",
                      help="prefer growth that gains power cards (a run draws more cards)")
    rep = sub.add_parser("replay", help="replay a logged game and show where it ends")
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true")
    cov = sub.add_parser("coverage", help="spirits, innates and cards: encoded and tested")
    cov.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "random-game":
        return random_game(args)
    if args.command == "coverage":
        from rules.spirit_island import coverage

        data = coverage.report()
        print(json.dumps(data, ensure_ascii=False, indent=1) if args.json else coverage.text(data))
        return 0
    state = replay_file(args.file)
    print(dump_state(state) if args.json else summary(state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
