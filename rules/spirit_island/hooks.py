"""Named points in the Invader steps where adversary, event, blight-card and token rules
change what happens, so those rules live in their own modules instead of if-chains in
`invaders.py`.

A rule registers a handler for a point with `@on("point", "rule-id")`; it runs only while
`rule-id` is in `state["rules"]` (set up by the adversary, the blight card, a fear card or
an event for as long as it lasts). `fire(state, point, **kw)` calls the active handlers in
registration order and returns their non-None results.

Points (add a row when you add a call):
| point | keywords | a handler may |
|---|---|---|
| `setup` | | change the fresh state (pieces, deck) |
| `invader_phase` | | act at the start of the Invader phase |
| `explore_land` | `land` | return False to stop that land exploring |
| `after_explore` | `lands` | add to what exploring did |
| `build_land` | `land`, `piece` | return another piece kind, or False to stop the build |
| `after_build` | `built` | add to what building did |
| `ravage_damage` | `land`, `damage` | return the damage to use instead |
| `after_ravage` | `land`, `report` | add to what ravaging did |
| `blight_added` | `land` | act when blight is added to a land |
| `escalation` | `card` | the adversary's escalation on a Stage II card |
| `loss` | | return a loss reason string |
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

Handler = Callable[..., Any]
_HANDLERS: dict[str, list[tuple[str, Handler]]] = {}


def on(point: str, rule: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        _HANDLERS.setdefault(point, []).append((rule, handler))
        return handler

    return register


def fire(state: dict, point: str, **kw: Any) -> list[Any]:
    active = state.get("rules", ())
    results = []
    for rule, handler in _HANDLERS.get(point, ()):
        if rule in active:
            result = handler(state, **kw)
            if result is not None:
                results.append(result)
    return results
