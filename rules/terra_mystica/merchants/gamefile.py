"""Game files with the expansion: its header lines, read and written.

    option merchants-of-the-seas      the expansion (our own option name; not the site's)
    option merchants-final-trades     the optional final tile "most trade markers"
    option merchants-final-large      the final tile "large buildings" (Fire & Ice's, renamed)
    map <snellman map id or name>     base, lakes (Loon Lakes v1.6) or fjords (Fjords v2.1)

A `map` line counts only with the expansion's option, so site files replay as before.
"""

from __future__ import annotations

from typing import Any

from rules.terra_mystica.merchants.maps_data import SNELLMAN_MAP_ID
from rules.terra_mystica.merchants.setup import bonus_pool

OPTION = "merchants-of-the-seas"
FINAL = "merchants-final-trades"
FINAL_LARGE = "merchants-final-large"
OPTIONS = (OPTION, FINAL, FINAL_LARGE)
MAP_OF = {**{v: k for k, v in SNELLMAN_MAP_ID.items()}, **{k: k for k in SNELLMAN_MAP_ID}}


def engine_options(game: Any, base: dict[str, Any]) -> dict[str, Any]:
    """The setup options of a file with the expansion: its map, tiles and bonus pool."""
    on = {
        **base,
        "merchants": True,
        "final_trades": FINAL in game.options,
        "final_large": FINAL_LARGE in game.options,
        "map": MAP_OF.get(game.map_line or "base", "base"),
    }
    on["bonus"] = [b for b in bonus_pool(on) if b not in game.deleted]
    return on


def header_lines(state: dict[str, Any]) -> list[str]:
    """The expansion's header lines, and the bonus tiles left out of its pool."""
    opts = state["options"]
    lines = [f"option {OPTION}"] + ([f"option {FINAL}"] if opts.get("final_trades") else [])
    lines += [f"option {FINAL_LARGE}"] if opts.get("final_large") else []
    lines.append(f"map {SNELLMAN_MAP_ID[opts.get('map', 'base')]}")
    return lines


def deleted_bonus(state: dict[str, Any]) -> list[str]:
    return [b for b in bonus_pool(state["options"]) if b not in state["bonus_in_play"]]
