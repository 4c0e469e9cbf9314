"""The expansion's favor rule and pass scoring: one +1 favor tile per cult (seed L199-210),
FAVM4's VP by trade markers (L474-477), BONM2's ships and BONM4's shipyard (L515-531)."""

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
    return {"SHIPS": len(fs["ships"]), "SY": 1 if fs["shipyard"] else 0}


def pass_trades_vp(fs: dict[str, Any]) -> int:
    """FAVM4: 1-3 markers on the board 2 VP, 4-6 3, 7-9 4, 10+ 5 (none: nothing)."""
    placed = mt.TRADE_MARKERS - fs["markers"]
    vp = 0
    for tile in fs["favors"]:
        for least, pay in mt.FAVOR.get(tile, {}).get("pass_trades", ()):
            if placed >= least:
                vp = max(vp, pay)
    return vp
