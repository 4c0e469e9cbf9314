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
| `explore_land` | `land` | return False to stop that land exploring (before wilds) |
| `after_explore` | `lands` | add to what exploring did (lands that got an explorer) |
| `build_land` | `land`, `piece` | return another piece kind, or False to stop the build (before disease) |
| `after_build` | `built` | add to what building did (land -> piece built, for one card) |
| `ravage_attack` | `land`, `kind`, `attack` | return the damage each piece of that kind deals (before strife) |
| `ravage_damage` | `land`, `damage` | return the damage to use instead (land-wide, only when 1+; before defend) |
| `after_ravage` | `land`, `report` | add to what ravaging did |
| `blight_added` | `land` | act when blight is added to a land (each land of a cascade) |
| `escalation` | `card` | the adversary's escalation on a Stage II card (fired on reveal, before it explores) |
| `loss` | | return a loss reason string (checked by `outcome.loss`) |
| `health` | `land`, `kind` | return health to add to that kind's pieces there (`pieces.health`) |
| `explore_card` | `card` | act on each card explored with, before it explores (`invaders.explore`; supporting adversary's escalation, Habsburg 5) |
| `build_lands` | `card` | return more land names the build card builds in (England 1, Scotland 3) **(not fired yet)** |
| `ravage_lands` | `card` | return more land names the ravage card ravages (Russia 3) **(not fired yet)** |
| `ravage_step` | | act after the Fear step, before the Ravage step (England 3, Russia 6; fired by `fear.py` at the end of the Fear step) |
| `after_ravage_step` | | act after the whole Ravage step, before Build (Russia 6, Scotland 6) **(not fired yet)** |
| `blight_returned` | `land`, `n` | return False to keep removed blight off the card (France 5) **(not fired yet)** |
| `fear_effect` | `card`, `effect` | return the fear card's effect changed (France 6; fired by `fear.py`'s `fear_card`) |

Where they fire: `invaders.explore_in`/`explore`, `build_in`/`build`, `ravage`,
`add_blight`, `invader_steps` (escalation), `outcome.loss` and `pieces.health` (whenever a
piece is damaged, moved, or its land blighted). A ravage, build or explore stopped by a skip marker fires
nothing for that land; later handlers' returned values win over earlier ones.
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
