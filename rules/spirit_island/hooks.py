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
| `ravage_start` | `land` | act as a Ravage action with invaders starts (pieces sit out, event defend) |
| `ravage_attack` | `land`, `kind`, `attack` | return the damage each piece of that kind deals (before strife); chained |
| `ravage_damage` | `land`, `damage` | return the damage to use instead (land-wide, only when 1+; before defend); chained |
| `dahan_attack` | `land`, `attack` | return the damage each dahan deals in a ravage (Engage on Their Own Terms); chained |
| `ravage_order` | `land` | return "dahan_first" or "together" (dahan strike before / with the invaders) |
| `xenophobia` | `land` | return True: each invader deals 1 less to the land and 1 more to the dahan |
| `badlands` | `land` | return extra badlands to count there (Beasts Prey on the Injured) |
| `badlands_for` | `land`, `target` (`invaders`/`dahan`) | as `badlands`, for damage to that target only (Settle Into Hunting-Grounds) |
| `strife_ignored` | | return how much strife each invader ignores (Pull Together in Adversity) |
| `destroy_piece` | `land`, `kind`, `by_damage`, `destroy_all` | return False to stop the destroy (the handler does what happens instead: Habsburg 4, Russia 2) |
| `destroyed` | `land`, `kind` | act after a piece is destroyed (Resourceful Populace) |
| `destroy_fear` | `land`, `kind` | return False: no fear for this destroyed piece (Relentless Optimism) |
| `after_ravage` | `land`, `report` | add to what ravaging did |
| `blight_added` | `land` | act when blight is added to a land (each land of a cascade) |
| `blight_arriving` | `land` | return False: the blight that would be added there stays on the card, no cascade from it (Infinite Vitality; `invaders.add_blight`, `event_verbs.add_blight_no_cascade`, Sweden 1 and Scotland 5's blight in `adversary_rules.py`) |
| `escalation` | `card` | the adversary's escalation on a Stage II card (fired on reveal, before it explores) |
| `card_revealed` | `card` | act on every explore card as it is revealed, before it explores (`invaders.reveal`; a supporting adversary's Stage III escalation) |
| `loss` | | return a loss reason string (checked by `outcome.loss`) |
| `arrived` | `land`, `kind`, `moved` | act on a piece just added (`moved` False) or moved into the land, the last of its kind there (`pieces.arrived`: explore, build, the `add` verb, push/gather, Habsburg 1's herding; arrivals.py's watches) |
| `health` | `land`, `kind` | return health to add to that kind's pieces there (`pieces.health`) |
| `explore_card` | `card` | act on each card explored with, before it explores (`invaders.explore`; supporting adversary's escalation, Habsburg 5) |
| `build_lands` | `card` | return more land names the build card builds in (England 1, Scotland 3) (`invaders.build` and `build_targets`) |
| `ravage_lands` | `card` | return more land names the ravage card ravages (Russia 3; turn.py's ravage) |
| `ravage_step` | | act after the Fear step, before the Ravage step (England 3, Russia 6; fired by `fear.py` at the end of the Fear step) |
| `after_ravage_step` | | act after the whole Ravage step, before Build (Russia 6, Scotland 6; turn.py's build, `invader_steps`) |
| `blight_returned` | `land`, `n` | return False to keep removed blight off the card (France 5; `pieces.return_blight`) |
| `fear_effect` | `card`, `effect` | return the fear card's effect changed (France 6; fired by `fear.py`'s `fear_card`) |

Where they fire: `invaders.explore_in`/`explore`, `build_in`/`build`, `ravage`,
`add_blight`, `reveal` (escalation, card_revealed: `invader_steps` and, once CORE uses it,
turn.py's explore), `outcome.loss`, `pieces.health` (whenever a piece is damaged, moved, or
its land blighted), `pieces.destroy` (every way a piece is destroyed), `pieces.return_blight`
and `tokens.badlands_bonus`. A ravage, build or explore stopped by a skip marker fires
nothing for that land; later handlers' returned values win over earlier ones, except at the
*chained* points (`chain`): each handler gets the running value and returns the new one (None
keeps it), so an event's +1 and a spirit's -3 add up. They run in registration order, which
is import order: adversary rules, event/blight rules, then the spirits' and powers' modules
(engine.py imports them in that order), so increases come before Earth's Vitality's -3.
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


def chain(state: dict, point: str, key: str, value: Any, **kw: Any) -> Any:
    """Fire a chained point: each active handler gets `key=` the running value and returns
    the new one (None: unchanged)."""
    active = state.get("rules", ())
    for rule, handler in _HANDLERS.get(point, ()):
        if rule in active:
            result = handler(state, **kw, **{key: value})
            if result is not None:
                value = result
    return value
