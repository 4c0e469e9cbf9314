"""The island: boards joined in a standard layout, and land lookups.

A land is named by board letter and number ("A5"); each board's Ocean is land 0 ("A0").
Cross-board adjacency is derived from the boards' edge data (README.md explains how).
"""

from __future__ import annotations

from functools import cache

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


@cache
def island(boards: tuple[str, ...]) -> dict[str, dict]:
    """Every land of the layout: {"terrain", "board", "coastal", "adjacent"} by land name."""
    if len(boards) not in LAYOUTS or len(set(boards)) != len(boards):
        raise ValueError(f"no standard layout for boards {boards}")
    lands: dict[str, dict] = {}
    for letter in boards:
        for number, (terrain, adjacent) in LANDS[letter].items():
            lands[f"{letter}{number}"] = {
                "terrain": terrain,
                "board": letter,
                "coastal": 0 in adjacent and number != 0,
                "adjacent": {f"{letter}{n}" for n in adjacent},
            }
    for (i, edge_i), (j, edge_j) in LAYOUTS[len(boards)]:
        a, b = boards[i], boards[j]
        for land_a, land_b in edge_contacts(a, edge_i, b, edge_j):
            lands[f"{a}{land_a}"]["adjacent"].add(f"{b}{land_b}")
            lands[f"{b}{land_b}"]["adjacent"].add(f"{a}{land_a}")
    return {
        name: {**row, "adjacent": tuple(sorted(row["adjacent"]))} for name, row in lands.items()
    }


def is_ocean(boards: tuple[str, ...], land: str) -> bool:
    return island(boards)[land]["terrain"] == OCEAN


def is_coastal(boards: tuple[str, ...], land: str) -> bool:
    return island(boards)[land]["coastal"]


def adjacent(boards: tuple[str, ...], land: str, ocean: bool = False) -> tuple[str, ...]:
    """Lands adjacent to a land; Oceans only when asked for."""
    rows = island(boards)
    return tuple(n for n in rows[land]["adjacent"] if ocean or rows[n]["terrain"] != OCEAN)


def by_terrain(boards: tuple[str, ...], terrain: str) -> tuple[str, ...]:
    return tuple(name for name, row in island(boards).items() if row["terrain"] == terrain)


def land_names(boards: tuple[str, ...]) -> tuple[str, ...]:
    """Every non-Ocean land, board by board in order."""
    return tuple(n for n, row in island(boards).items() if row["terrain"] != OCEAN)


def setup_pieces(boards: tuple[str, ...]) -> dict[str, tuple[int, int, int, int]]:
    """Printed setup (city, town, dahan, blight) by land name."""
    return {f"{b}{n}": pieces for b in boards for n, pieces in SETUP.get(b, {}).items()}
