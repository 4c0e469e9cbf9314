"""The island: boards joined in a standard layout, and land lookups.

A land is named by board letter and number ("A5"); each board's Ocean is land 0 ("A0").
Cross-board adjacency is derived from the boards' edge data (README.md explains how).

Powers that change the island (island_changes.py) keep what they did in `state["island"]`
(a "shape": see `shaped`). The lookups below all take the boards tuple their callers build
from `state["boards"]`, so the shape of the game being played reaches them through a
context variable: `use(state)` sets it (turn.py does at each entry, island_changes.py at
each change). A shape only applies to the boards tuple it was made for.
"""

from __future__ import annotations

import json
from contextvars import ContextVar
from functools import lru_cache

from rules.spirit_island.boards import EDGES, LANDS, OCEAN, SETUP

EDGE_LENGTH = 13

# Standard layouts for 1-4 boards: pairs of (board index, edge index) that meet.
# Edge index counts clockwise from land 1: 0 starts at land 1, 2 ends at land 3.
LAYOUTS: dict[int, tuple[tuple[tuple[int, int], tuple[int, int]], ...]] = {
    1: (),
    2: (((1, 2), (0, 2)),),
    3: (((2, 2), (0, 1)), ((1, 1), (0, 2)), ((1, 2), (2, 1))),
    4: (((3, 1), (0, 1)), ((1, 0), (0, 2)), ((2, 1), (1, 1)), ((2, 2), (3, 0))),
}


def _spans(letter: str, edge: int) -> list[tuple[int, int, int]]:
    """(land, start, end) along one edge, in its clockwise direction."""
    lands, breaks = EDGES[letter][edge]
    cuts = (0, *breaks, EDGE_LENGTH)
    return [(land, cuts[i], cuts[i + 1]) for i, land in enumerate(lands)]


def edge_contacts(a: str, edge_a: int, b: str, edge_b: int) -> set[tuple[int, int]]:
    """Land pairs (land of a, land of b) that share a stretch of border when two edges meet.

    Both edges run clockwise around their own board, so they meet in opposite directions:
    position x on one is position 13 - x on the other. Touching at a single point counts
    (errata B10: corners count); the boards' data has no such case today.
    """
    pairs = set()
    for land_a, start_a, end_a in _spans(a, edge_a):
        for land_b, start_b, end_b in _spans(b, edge_b):
            lo, hi = max(start_a, EDGE_LENGTH - end_b), min(end_a, EDGE_LENGTH - start_b)
            if hi >= lo:
                pairs.add((land_a, land_b))
    return pairs


# The shape of the game being played (its `state["island"]` as JSON), or None.
SHAPE: ContextVar[str | None] = ContextVar("spirit_island_shape", default=None)


def use(state: dict) -> None:
    """Lookups from now on see this state's island (unchanged when it has no shape)."""
    shape = state.get("island")
    SHAPE.set(json.dumps(shape, sort_keys=True) if shape else None)


def live_boards(shape: dict) -> list[str]:
    """The layout's boards still in the game (`state["boards"]` once the island changed)."""
    return [b for b in shape["slots"] if b not in shape.get("sunk", ())]


def island(boards: tuple[str, ...]) -> dict[str, dict]:
    """Every land of the island: {"terrain", "board", "coastal", "adjacent"} by land name
    (a joined land has "terrains" and "printed" too: both lands')."""
    return _current(tuple(boards), SHAPE.get())


@lru_cache(maxsize=512)  # bounded: every joined land makes a new shape
def _current(boards: tuple[str, ...], shape: str | None) -> dict[str, dict]:
    if shape is not None and list(boards) != live_boards(json.loads(shape)):
        shape = None  # another game's shape
    return shaped(boards, shape)


def _rows(letter: str) -> dict[str, dict]:
    return {
        f"{letter}{number}": {
            "terrain": terrain,
            "board": letter,
            "coastal": 0 in adjacent and number != 0,
            "adjacent": {f"{letter}{n}" for n in adjacent},
        }
        for number, (terrain, adjacent) in LANDS[letter].items()
    }


def _join(lands: dict, a: str, edge_a: int, b: str, edge_b: int) -> None:
    for land_a, land_b in edge_contacts(a, edge_a, b, edge_b):
        lands[f"{a}{land_a}"]["adjacent"].add(f"{b}{land_b}")
        lands[f"{b}{land_b}"]["adjacent"].add(f"{a}{land_a}")


def _weave(lands: dict, kept: str, gone: str) -> None:
    """Two lands as one (Weave Together the Fabric of Place FAQ): the kept name; both
    lands' printed facts (terrains, land numbers, setup symbols: `printed` names both
    lands); coastal if either was; the union of their neighbours, and itself: unlike any
    other land, a joined land is adjacent to itself."""
    row, other = lands[kept], lands.pop(gone)
    row["terrains"] = tuple(sorted({*row.get("terrains", (row["terrain"],)),
                                    *other.get("terrains", (other["terrain"],))}))
    row["printed"] = tuple(sorted({*row.get("printed", (kept,)), *other.get("printed", (gone,))},
                                  key=_order))
    row["coastal"] = row["coastal"] or other["coastal"]
    row["adjacent"] = ((row["adjacent"] | other["adjacent"]) - {gone}) | {kept}
    for name in other["adjacent"] - {kept, gone}:
        lands[name]["adjacent"] = (lands[name]["adjacent"] - {gone}) | {kept}


@lru_cache(maxsize=512)
def shaped(boards: tuple[str, ...], shape: str | None) -> dict[str, dict]:
    """The island of `boards` in their standard layout, changed by `shape` (JSON):
    `slots` the layout's boards (the game's first `state["boards"]`), `sunk` boards cast
    into the deep (their lands gone), `dreamt` a board added beside another
    {"board", "next_to", "edges": [edge of next_to, edge of board]}, `woven` pairs of lands
    joined for the turn (the second's area into the first)."""
    spec = json.loads(shape) if shape else {"slots": list(boards)}
    slots = tuple(spec["slots"])
    if len(slots) not in LAYOUTS or len(set(slots)) != len(slots):
        raise ValueError(f"no standard layout for boards {slots}")
    lands: dict[str, dict] = {}
    for letter in slots:
        lands.update(_rows(letter))
    for (i, edge_i), (j, edge_j) in LAYOUTS[len(slots)]:
        _join(lands, slots[i], edge_i, slots[j], edge_j)
    dreamt = spec.get("dreamt")
    if dreamt:
        lands.update(_rows(dreamt["board"]))
        _join(lands, dreamt["next_to"], dreamt["edges"][0], dreamt["board"], dreamt["edges"][1])
    gone = {n for n, row in lands.items() if row["board"] in spec.get("sunk", ())}
    lands = {n: {**row, "adjacent": row["adjacent"] - gone}
             for n, row in lands.items() if n not in gone}
    for kept, other, *_ in spec.get("woven", ()):
        _weave(lands, kept, other)
    return {
        name: {**row, "adjacent": tuple(sorted(row["adjacent"]))} for name, row in lands.items()
    }


def _order(name: str) -> tuple[str, int]:
    return name[0], int(name[1:])


def printed(boards: tuple[str, ...], land: str) -> tuple[str, ...]:
    """The printed lands a land is made of: itself, or both of a joined land's (their land
    numbers and setup symbols are all the joined land's)."""
    return island(boards)[land].get("printed", (land,))


def numbers(boards: tuple[str, ...], land: str) -> tuple[int, ...]:
    """A land's printed numbers: one, or both of a joined land's (FAQ: "land #3 and #1")."""
    return tuple(int(name[1:]) for name in printed(boards, land))


def terrains(boards: tuple[str, ...], land: str) -> tuple[str, ...]:
    """A land's terrains: one, or both of a joined land's."""
    row = island(boards)[land]
    return row.get("terrains", (row["terrain"],))


def used_edges(shape: dict) -> set[tuple[str, int]]:
    """(board, edge) pairs already meeting another board in a shape's layout."""
    slots = shape["slots"]
    used = {(slots[i], e) for pair in LAYOUTS[len(slots)] for i, e in pair}
    dreamt = shape.get("dreamt")
    if dreamt:
        used |= {(dreamt["next_to"], dreamt["edges"][0]), (dreamt["board"], dreamt["edges"][1])}
    return used


def is_ocean(boards: tuple[str, ...], land: str) -> bool:
    return island(boards)[land]["terrain"] == OCEAN


def is_coastal(boards: tuple[str, ...], land: str) -> bool:
    return island(boards)[land]["coastal"]


def adjacent(boards: tuple[str, ...], land: str, ocean: bool = False) -> tuple[str, ...]:
    """Lands adjacent to a land; Oceans only when asked for. A joined land is among its
    own (see `_weave`); `neighbours` leaves it out, for moves."""
    rows = island(boards)
    return tuple(n for n in rows[land]["adjacent"] if ocean or rows[n]["terrain"] != OCEAN)


def neighbours(boards: tuple[str, ...], land: str, ocean: bool = False) -> tuple[str, ...]:
    """The other lands adjacent to a land: where a piece may move to or come from. Ours: a
    push or gather is a move, and a piece "moved" from a joined land into itself has not
    moved (it would turn a push into a way to ignore it); the FAQ's self-adjacency counts
    for conditions ("adjacent to a land with ..."), not for moves."""
    return tuple(n for n in adjacent(boards, land, ocean) if n != land)


def by_terrain(boards: tuple[str, ...], terrain: str) -> tuple[str, ...]:
    return tuple(name for name in island(boards) if terrain in terrains(boards, name))


def land_names(boards: tuple[str, ...]) -> tuple[str, ...]:
    """Every non-Ocean land, board by board in order."""
    return tuple(n for n, row in island(boards).items() if row["terrain"] != OCEAN)


def setup_pieces(boards: tuple[str, ...]) -> dict[str, tuple[int, int, int, int]]:
    """Printed setup (city, town, dahan, blight) by printed land name (see `printed`)."""
    return {f"{b}{n}": pieces for b in boards for n, pieces in SETUP.get(b, {}).items()}
