"""Moving and changing pieces (errata B4, B6) and the end of the turn.

Push moves pieces out of a land into adjacent lands, gather moves them in from adjacent
lands; neither ever uses an Ocean. A moved piece keeps its damage, and an invader its
strife. Moving blight takes none from the card and destroys no presence. The land tokens
(beasts, disease, wilds, badlands) move as counts. For invaders an isolated land is
adjacent to no land (digest 4.10), so they are not pushed or gathered into or out of one
unless the players waive isolate for that Action (`ignore_isolate`).
"""

from __future__ import annotations

from rules.spirit_island import island as isl
from rules.spirit_island import tokens as tok
from rules.spirit_island.pieces import (
    INVADERS,
    LAND_TOKENS,
    add,
    arrived,
    check_health,
    check_land_health,
    count,
    dahan_left,
    destroy,
    heal,
    health,
    put,
    take,
)

# Kinds push and gather can move (presence moves by its own rules, strife with its invader).
MOVABLE = (*INVADERS, "dahan", "blight", *LAND_TOKENS)
COUNTED = ("blight", *LAND_TOKENS)


def _move(state: dict, kind: str, source: str, target: str, index: int = -1) -> None:
    lands = state["lands"]
    if kind not in MOVABLE:
        raise ValueError(f"{kind} cannot be pushed or gathered")
    if not count(lands[source], kind):
        raise ValueError(f"no {kind} in {source}")
    if kind in COUNTED:
        lands[source][kind] -= 1
        lands[target][kind] = lands[target].get(kind, 0) + 1
        if kind == "blight":  # a health that depends on blight may drop (Habsburg 4)
            check_land_health(state, lands[target])
        return
    put(lands[target], kind, *take(lands[source], kind, index))
    if kind in INVADERS:  # its health may differ there (digest 4.15.4)
        check_health(state, lands[target], kind)
    arrived(state, lands[target], kind, moved=True)


def _neighbours(state: dict, name: str, kind: str, ignore_isolate: bool) -> tuple[str, ...]:
    if kind in INVADERS:
        return tok.invader_neighbours(state, name, ignore_isolate)
    return isl.neighbours(tuple(state["boards"]), name)


def push_options(state: dict, source: str, kind: str, ignore_isolate: bool = False) -> list[str]:
    """Lands a piece of `kind` may be pushed to from `source` (the players' pick)."""
    if not count(state["lands"][source], kind):
        return []
    return list(_neighbours(state, source, kind, ignore_isolate))


def gather_options(state: dict, target: str, kind: str, ignore_isolate: bool = False) -> list[str]:
    """Lands a piece of `kind` may be gathered into `target` from (those holding one)."""
    return [
        name
        for name in _neighbours(state, target, kind, ignore_isolate)
        if count(state["lands"][name], kind)
    ]


def push(state: dict, source: str, moves: list[tuple], ignore_isolate: bool = False) -> None:
    """Push pieces out of `source`: each move is (kind, adjacent land), each may differ; an
    optional third item picks which piece of the kind (its index; default the last)."""
    for kind, target, *which in moves:
        if target not in _neighbours(state, source, kind, ignore_isolate):
            raise ValueError(f"cannot push {kind} from {source} to {target}")
        _move(state, kind, source, target, *which)


def gather(state: dict, target: str, moves: list[tuple], ignore_isolate: bool = False) -> None:
    """Gather pieces into `target`: each move is (kind, adjacent land it comes from), with an
    optional piece index as in `push`."""
    for kind, source, *which in moves:
        if source not in _neighbours(state, target, kind, ignore_isolate):
            raise ValueError(f"cannot gather {kind} into {target} from {source}")
        _move(state, kind, source, target, *which)


def replace(state: dict, land: dict, old: str, new: str, index: int = -1) -> None:
    """Replace one piece (upgrade or downgrade): the new piece keeps the damage and is
    destroyed at once if that damage reaches its health. Replacing is not destroying the old
    piece, so it gives no fear. Strife stays when an invader replaces an invader and goes
    back to the supply otherwise; a token (e.g. beasts) replacing a piece is simply added."""
    taken, strife = take(land, old, index)
    if new in COUNTED:
        add(land, new)
    else:
        put(land, new, taken, strife if new in INVADERS else 0)
        if taken >= health(state, land, new, -1):
            destroy(state, land, new, by_damage=True)
    if old == "dahan":  # a health that depends on dahan may end at once
        dahan_left(state, land)


def time_passes(state: dict) -> None:
    """All damage heals; defend, isolate, skip and save markers end."""
    for land in state["lands"].values():
        heal(land)
    tok.clear_marks(state)
