"""Command line: `replay GAME.txt [--json]` and `random-game --players N --seed S`
(`--merchants --map base|lakes|fjords`: with Merchants of the Seas)."""

from __future__ import annotations

import argparse
import json
import sys

from rules.terra_mystica.gamefile import random_game, replay_text, summary


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rules.terra_mystica")
    sub = parser.add_subparsers(dest="cmd", required=True)
    rp = sub.add_parser("replay", help="replay a snellman game file")
    rp.add_argument("file")
    rp.add_argument("--json", action="store_true")
    rg = sub.add_parser("random-game", help="play a random legal game, print its file")
    rg.add_argument("--players", type=int, default=3)
    rg.add_argument("--seed", type=int, default=1)
    rg.add_argument("--pass-rate", type=int, default=None,
                    help="percent of turns that may pass (default: uniform choice)")
    rg.add_argument("--merchants", action="store_true", help="Merchants of the Seas")
    rg.add_argument("--map", choices=("base", "lakes", "fjords"), default="base")
    args = parser.parse_args(argv)
    if args.cmd == "replay":
        with open(args.file, encoding="utf-8") as fh:
            out = summary(replay_text(fh.read()))
        if args.json:
            print(json.dumps(out, sort_keys=True))
        else:
            err = out["error"]
            status = f"error at line {err['line']}: {err['reason']}" if err else "ok"
            print(f"round {out['round']} finished={out['finished']} {status}")
            for name, fs in out["factions"].items():
                print(f"  {name}: " + " ".join(f"{k}={v}" for k, v in fs.items()))
        return 1 if out["error"] else 0
    extra = {"merchants": True} if args.merchants else {}
    if args.map != "base":
        extra["map"] = args.map
    _, text = random_game(args.players, args.seed, pass_rate=args.pass_rate, options=extra)
    sys.stdout.write(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
