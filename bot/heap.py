"""The collector and the long-lived heap: what the process loads once (modules, rule tables,
Discord's classes; some 60,000 objects) is moved out of the cyclic collector's reach.

Without it, every full collection walks all of them: 30-75 ms on a shared 2-core machine,
spent inside whichever move happens to be running, often enough to put one input in a few
thousand over the 20 ms budget (issue 9; `python -m bench fuzz` shows it). Frozen objects
are still freed by reference counting; only cycles among them would be kept, and nothing
loaded once at start-up is ever dropped.
"""

from __future__ import annotations

import gc

import rules
from bot import games


def settle() -> int:
    """Load every game's rules and Discord side (they load lazily otherwise), collect what
    start-up left behind, then freeze the rest; returns how many objects the collector no
    longer walks. Call once, after the imports and before serving."""
    games.all_games()
    for name in rules.available():
        rules.get_engine(name)
    gc.collect()
    gc.freeze()
    return gc.get_freeze_count()
