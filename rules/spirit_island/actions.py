"""Moving and changing pieces (errata B4, B6) and the end of the turn.

Push moves pieces out of a land into adjacent lands, gather moves them in from adjacent
lands; neither ever uses an Ocean. A moved piece keeps its damage. Moving blight takes none
from the card and destroys no presence.
"""

from __future__ import annotations

from rules.spirit_island import island as isl
from rules.spirit_island.pieces import HEALTH, destroy, heal


def _move(state: dict, kind: str, source: str, target: str) -> None:
    lands = state["lands"]
    if kind == "blight":
        if not lands[source]["blight"]:
            raise ValueError(f"no blight in {source}")
        lands[source]["blight"] -= 1
        lands[target]["blight"] += 1
        return
    if not lands[source][kind]:
        raise ValueError(f"no {kind} in {source}")
    lands[target][kind].append(lands[source][kind].pop())


def push(state: dict, source: str, moves: list[tuple[str, str]]) -> None:
    """Push pieces out of `source`: each move is (kind, adjacent land), each may differ."""
    options = isl.adjacent(tuple(state["boards"]), source)
    for kind, target in moves:
        if target not in options:
            raise ValueError(f"cannot push from {source} to {target}")
        _move(state, kind, source, target)


def gather(state: dict, target: str, moves: list[tuple[str, str]]) -> None:
    """Gather pieces into `target`: each move is (kind, adjacent land it comes from)."""
    options = isl.adjacent(tuple(state["boards"]), target)
    for kind, source in moves:
        if source not in options:
            raise ValueError(f"cannot gather into {target} from {source}")
        _move(state, kind, source, target)


def replace(state: dict, land: dict, old: str, new: str) -> None:
    """Replace one piece (upgrade or downgrade): the new piece keeps the damage and is
    destroyed at once if that damage reaches its health. Replacing is not destroying the old
    piece, so it gives no fear."""
    taken = land[old].pop()
    land[new].append(taken)
    if taken >= HEALTH[new]:
        destroy(state, land, new)


def time_passes(state: dict) -> None:
    """All damage heals."""
    for land in state["lands"].values():
        heal(land)
