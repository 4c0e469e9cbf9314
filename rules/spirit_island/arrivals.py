"""Pieces added to or moved into a land (`arrived` hook, fired by `pieces.arrived`) and the
powers that watch a land for them this turn: Confounding Mists' second option (each invader
added may be pushed at once), Call To Guard's second option (1 damage to each invader added
or moved in) and Melt Earth into Quicksand (invaders and dahan moved in are destroyed).

A watch acts at once on the piece that arrived (the last of its kind in the land). A
triggered action never triggers itself (digest 10.3): while one acts, arrivals it causes
are not watched.
"""

from __future__ import annotations

from rules.spirit_island import effects as fx
from rules.spirit_island import hooks
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs
from rules.spirit_island import tokens as tok

RULE = "deck-arrivals"
# watch -> (kinds it acts on, whether added pieces count, whether moved pieces count)
WATCHES: dict[str, tuple[tuple[str, ...], bool, bool]] = {
    "push_added": (pcs.INVADERS, True, False),
    "damage_arrived": (pcs.INVADERS, True, True),
    "destroy_moved": ((*pcs.INVADERS, "dahan"), False, True),
}


@fx.verb("watch_arrivals")
def watch_arrivals(state, step, ctx, answer):
    """This turn, `watch` (a WATCHES key) acts on pieces arriving in ctx.land."""
    fx.turn_marks(state, ctx["land"]).setdefault("arrivals", []).append(
        {"watch": step["watch"], "seat": ctx.get("seat"), "source": ctx.get("source")})
    if RULE not in state.setdefault("rules", []):
        state["rules"].append(RULE)
    return None


@hooks.on("arrived", RULE)
def _arrived(state: dict, land: str, kind: str, moved: bool, **kw) -> None:
    if state.get("arrivals_acting"):
        return
    here = state["lands"][land]
    state["arrivals_acting"] = True
    try:
        for mark in list(tok.marks(state, land).get("arrivals", [])):
            kinds, added_ok, moved_ok = WATCHES[mark["watch"]]
            if kind not in kinds or not (moved_ok if moved else added_ok) or not here[kind]:
                continue
            if mark["watch"] == "push_added":
                inv.queue_next(state, [{"do": "push", "n": 1, "kinds": [kind], "up_to": True}],
                               {"seat": mark["seat"], "land": land, "source": mark["source"]})
            elif mark["watch"] == "damage_arrived":
                pcs.damage(state, here, kind, 1, len(here[kind]) - 1)
            else:
                pcs.destroy(state, here, kind, len(here[kind]) - 1)
    finally:
        state.pop("arrivals_acting", None)
