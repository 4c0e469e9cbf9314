"""The expansion's favor rule and pass scoring: one +1 favor tile per cult (seed L199-210),
FAVM4's VP by trade markers (L477), BONM2's ships and BONM4's shipyard (L515-531)."""

from __future__ import annotations

from typing import Any

from rules.core import RuleError
from rules.terra_mystica.merchants import tiles as mt

State = dict[str, Any]


def plus_one_cult(tile: str) -> str | None:
    return mt.FAVOR_CULT.get(tile) or mt.BASE_PLUS_ONE.get(tile)


def favor_allowed(st: State, name: str, tile: str) -> bool:
    """Holding a +1 tile of a cult bars the other +1 tile of that cult for good."""
    cult = plus_one_cult(tile)
    if "trades" not in st or cult is None:
        return True
    return all(plus_one_cult(t) != cult for t in st["factions"][name]["favors"])


def check_favor(st: State, name: str, tile: str) -> None:
    if not favor_allowed(st, name, tile):
        raise RuleError("terra_mystica.mots_favor_cult", tile=tile)


def pass_counts(fs: dict[str, Any]) -> dict[str, int]:
    """Per-piece counts the expansion's bonus tiles pay for on passing."""
    out = {"SHIPS": len(fs["ships"]), "SY": 1 if fs["shipyard"] else 0}
    if "distance" in fs:  # BON10: 3 VP per distance value for Fakirs and Dwarves (L389)
        out["SHIP"] = fs["distance"]
    return out


def pass_trades_vp(fs: dict[str, Any]) -> int:
    """FAVM4: 1-3 markers on the board 2 VP, 4-6 3, 7-9 4, 10+ 5 (none: nothing)."""
    placed = mt.TRADE_MARKERS - fs["markers"]
    vp = 0
    for tile in fs["favors"]:
        for least, pay in mt.FAVOR.get(tile, {}).get("pass_trades", ()):
            if placed >= least:
                vp = max(vp, pay)
    return vp


# -- FAVM1: once, one of two (seed L462-464) ----------------------------------------------


def favm1_choices(st: State, name: str) -> list[str]:
    """The open FAVM1 choice: a shipping step and a worker, or a priest from the supply to
    a cult (its order spaces, or 1 step) and 4 coins."""
    from rules.terra_mystica.cults import CULTS, PRIEST_SPACES

    out = ["favor ship"]
    for cult in CULTS:
        free = {
            v for v, who in zip(PRIEST_SPACES, st["cult_spaces"][cult], strict=True) if who is None
        }
        out += [f"favor priest {cult} for {v}" for v in sorted(free, reverse=True)]
        out.append(f"favor priest {cult} for 1")
    return out


def cmd_favm1(st: State, name: str, cmd: dict, events: list) -> None:
    from rules.terra_mystica.commands import cmd_send
    from rules.terra_mystica.factions import FACTIONS
    from rules.terra_mystica.flow import gain_priests
    from rules.terra_mystica.towns import gain_shipping
    from rules.terra_mystica.turn import require_active, scoring_vp

    t = require_active(st, name)
    if not t["need"].get("FAVM1"):
        raise RuleError("terra_mystica.nothing_pending", what="FAVM1")
    fs = st["factions"][name]
    t["need"]["FAVM1"] -= 1
    if cmd["pick"] == "ship":
        before = level(fs)
        gain_shipping(fs, FACTIONS[name], 1)
        fs["W"] += 1
        fs["VP"] += scoring_vp(st, "SHIP_STEP") * (level(fs) - before)
        return
    if not gain_priests(fs, 1):
        raise RuleError("terra_mystica.priest_limit")
    fs["C"] += 4
    t["allow"]["send"] = t["allow"].get("send", 0) + 1
    cmd_send(st, name, {"type": "send", "cult": cmd["cult"], "amount": cmd["amount"]}, events)


def final_trades(st: State, breakdown: dict[str, dict[str, int]]) -> None:
    """The final tile 'most trade markers' (seed L424-436): markers on the board, connected
    or not, 18/12/6 like area scoring, ties share (rounded down), on top of area scoring."""
    from rules.terra_mystica.cults import rank_shares

    placed = {n: mt.TRADE_MARKERS - st["factions"][n]["markers"] for n in st["order"]}
    shares = rank_shares(placed, mt.FINAL_TRADES_VP)
    for n in st["order"]:
        breakdown[n]["trades"] = shares.get(n, 0)


def final_large(st: State, breakdown: dict[str, dict[str, int]]) -> None:
    """The Fire & Ice final tile renamed "large buildings" (대형 건물, seed L438): the
    distance between two built large buildings (stronghold, sanctuary, shipyard; with all
    three the farthest pair), none with fewer than two. As the Fire & Ice tile: both in one
    network, hex distance, 18/12/6 like area scoring (mt.FINAL_LARGE_SRC)."""
    from itertools import combinations

    from rules.terra_mystica import board
    from rules.terra_mystica.cults import rank_shares
    from rules.terra_mystica.flow import network_groups

    adj = board.of(st).ADJ
    far = {}
    for n in st["order"]:
        large = {h for h, (f, kind) in st["buildings"].items() if f == n and kind in mt.LARGE}
        far[n] = max(
            (
                board.hex_distances(a, adj, limit=99)[b]
                for group in network_groups(st, n)
                for a, b in combinations(sorted(group & large), 2)
            ),
            default=0,
        )
    shares = rank_shares(far, mt.FINAL_LARGE_VP)
    for n in st["order"]:
        breakdown[n]["large"] = shares.get(n, 0)


# -- the Fakirs' and Dwarves' distance tile (seed L367-387) -------------------------------


def level(fs: dict[str, Any]) -> int:
    """Shipping level, or distance value: what SCOM3's 'advance' counts."""
    return fs["ship"] + fs.get("distance", 0)


def advance_distance(fs: dict[str, Any], n: int) -> None:
    """A free +1 shipping moves the distance marker instead, with no VP (L375-377)."""
    fs["distance"] = min(mt.DISTANCE_MAX, fs["distance"] + n)


def distance_value(name: str, fs: dict[str, Any]) -> int:
    """The distance value now: +1 while a +1-shipping bonus tile is held (L385-387)."""
    from rules.terra_mystica.tiles import BONUS

    bonus = BONUS[fs["bonus"]].get("ship", 0) if fs["bonus"] and not fs["passed"] else 0
    return min(mt.DISTANCE_MAX, fs["distance"] + bonus)


def ability_reach(name: str, fs: dict[str, Any]) -> int:
    """Tunnel or carpet reach (the space reached) from the distance tile's upper track."""
    return mt.DISTANCE[name][distance_value(name, fs)]["ability"]
