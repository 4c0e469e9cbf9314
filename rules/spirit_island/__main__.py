"""Command line: play random games, replay a logged one.

    python -m rules.spirit_island random-game --players 2 --seed 7 [--adversary england
        --level 3] [--no-events] [--games 500]
    python -m rules.spirit_island replay FILE [--json]

`random-game` plays random legal choices to the end and prints the log as notation: a
header line with the setup, then `<seat> <move>` per line (FILE for `replay`). With
`--games N` it plays N games (seeds S, S+1, ...) and prints only their outcomes in sum.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter

from rules.core import Rng, dump_state
from rules.spirit_island.engine import SpiritIsland

HEADER = "# spirit_island"


def play_random(players: int, seed: int, options: dict, move_seed: int | None = None):
    """A whole game of random legal choices: (final state, log of (seat, action))."""
    engine = SpiritIsland()
    state = engine.setup(options, players, seed)
    rng = Rng(seed if move_seed is None else move_seed)
    log = []
    while engine.result(state) is None:
        decision = rng.choice(engine.decisions(state))
        action = rng.choice(decision.choices).action
        state, _ = engine.apply(state, decision.seat, action)
        log.append((decision.seat, action))
    return state, log


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


def random_game(args: argparse.Namespace) -> int:
    options = _options(args)
    if args.games > 1:
        outcomes: Counter = Counter()
        turns = moves = 0
        start = time.perf_counter()
        for seed in range(args.seed, args.seed + args.games):
            state, log = play_random(args.players, seed, options)
            outcomes[state["outcome"]] += 1
            turns += state["turn"]
            moves += len(log)
        spent = time.perf_counter() - start
        print(f"{args.games} games, {args.players} spirits: " + ", ".join(
            f"{k} {n}" for k, n in sorted(outcomes.items())))
        print(f"mean turns {turns / args.games:.1f}, mean moves {moves / args.games:.0f}, "
              f"{1000 * spent / args.games:.0f} ms a game")
        return 0
    engine = SpiritIsland()
    state, log = play_random(args.players, args.seed, options)
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
    rep = sub.add_parser("replay", help="replay a logged game and show where it ends")
    rep.add_argument("file")
    rep.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.command == "random-game":
        return random_game(args)
    state = replay_file(args.file)
    print(dump_state(state) if args.json else summary(state))
    return 0


if __name__ == "__main__":
    sys.exit(main())
