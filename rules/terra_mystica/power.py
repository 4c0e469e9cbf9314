"""Power bowls (gain, spend, burn) and the fixed conversion table."""

from __future__ import annotations

from typing import Any

# (from, to) -> units of `from` per unit of `to`. Alchemists add two more (CONVERT_EXTRA).
CONVERSIONS: dict[tuple[str, str], int] = {
    ("PW", "C"): 1, ("PW", "W"): 3, ("PW", "P"): 5, ("P", "W"): 1, ("P", "C"): 1,
    ("W", "C"): 1, ("C", "VP"): 3,
}
CONVERT_EXTRA: dict[str, dict[tuple[str, str], int]] = {
    "alchemists": {("VP", "C"): 1, ("C", "VP"): 2},
}


def capacity(fs: dict[str, Any]) -> int:
    """The most power the bowls can absorb now."""
    return 2 * fs["P1"] + fs["P2"]


def gain_power(fs: dict[str, Any], n: int) -> int:
    """Move tokens I->II, then II->III; return the power actually gained."""
    from_one = min(n, fs["P1"])
    fs["P1"] -= from_one
    fs["P2"] += from_one
    from_two = min(n - from_one, fs["P2"])
    fs["P2"] -= from_two
    fs["P3"] += from_two
    return from_one + from_two


def can_spend(fs: dict[str, Any], n: int) -> bool:
    return fs["P3"] >= n


def spend_power(fs: dict[str, Any], n: int) -> None:
    fs["P3"] -= n
    fs["P1"] += n


def burn(fs: dict[str, Any], n: int) -> None:
    """Sacrifice: 2n tokens leave bowl II, n reach bowl III, n leave the game."""
    fs["P2"] -= 2 * n
    fs["P3"] += n


def total_tokens(fs: dict[str, Any]) -> int:
    return fs["P1"] + fs["P2"] + fs["P3"]
