"""The base map: terrain of every hex, adjacency, river (shipping) distances, bridge spots.

Hex ids follow snellman: land hexes A1..I12 numbered left to right skipping rivers, river
hexes r0..r35 in reading order. Rows A, C, E, G, I have 13 slots, B, D, F, H 12 slots and
are shifted half a hex right.
"""

from __future__ import annotations

import sys
from collections import deque
from functools import cache
from typing import Any

MAP_ID = "base"

# Terrain wheel in snellman's order; spade cost is the distance on this cycle.
COLORS: tuple[str, ...] = ("yellow", "brown", "black", "blue", "green", "gray", "red")
COLOR_INDEX = {c: i for i, c in enumerate(COLORS)}
TERRAIN_NAME = {
    "yellow": "desert", "brown": "plains", "black": "swamp", "blue": "lakes",
    "green": "forest", "gray": "mountains", "red": "wasteland",
}

# One string per row; "x" is a river slot (published board, as in snellman's Constants).
_ROWS: tuple[str, ...] = (
    "brown gray green blue yellow red brown black red green blue red black",
    "yellow x x brown black x x yellow black x x yellow",
    "x x black x gray x green x green x gray x x",
    "green blue yellow x x red blue x red x red brown",
    "black brown red blue black brown gray yellow x x green black blue",
    "gray green x x yellow green x x x brown gray brown",
    "x x x gray x red x green x yellow black blue yellow",
    "yellow blue brown x x x blue black x gray brown gray",
    "red black gray blue red green yellow brown gray x blue green red",
)

# The 29 printed bridge spots (digest Appendix A; errata 7 makes this list authoritative).
BRIDGE_PAIRS: tuple[tuple[str, str], ...] = (
    ("A3", "C1"), ("A7", "C3"), ("A11", "C5"), ("B1", "C1"), ("B1", "D1"), ("B2", "C1"),
    ("B3", "C3"), ("B4", "C3"), ("B5", "C5"), ("B6", "C5"), ("B6", "D8"), ("C2", "D3"),
    ("C2", "D4"), ("C2", "E5"), ("C4", "D5"), ("C5", "D6"), ("D6", "E8"), ("D6", "E9"),
    ("E4", "G1"), ("E8", "G3"), ("F1", "H1"), ("F2", "G1"), ("F2", "H2"), ("F3", "G1"),
    ("F4", "G3"), ("G2", "H4"), ("G2", "I6"), ("G4", "H5"), ("H6", "I9"),
)


def build_grid(
    rows: tuple[str, ...] | list[str],
) -> tuple[dict[str, str], dict[tuple[int, int], str], dict[str, tuple[int, int]]]:
    """A map's rows of terrain letters ("x" a river) as (land terrain by hex id, hex id by
    (row, column), (row, column) by hex id); lands are named A1.., rivers r0.. in reading
    order. Every map (base, and the expansion's) is read this way."""
    terrain: dict[str, str] = {}
    at: dict[tuple[int, int], str] = {}
    pos: dict[str, tuple[int, int]] = {}
    river = 0
    for r, row in enumerate(rows):
        land = 1
        for c, cell in enumerate(row.split()):
            if cell == "x":
                hid = f"r{river}"
                river += 1
            else:
                hid = f"{chr(ord('A') + r)}{land}"
                land += 1
                terrain[hid] = cell
            at[(r, c)] = hid
            pos[hid] = (r, c)
    return terrain, at, pos


START_TERRAIN, _AT, POS = build_grid(_ROWS)
LAND: tuple[str, ...] = tuple(START_TERRAIN)
RIVERS: tuple[str, ...] = tuple(h for h in POS if h.startswith("r"))


def grid_adjacency(
    at: dict[tuple[int, int], str], pos: dict[str, tuple[int, int]]
) -> dict[str, tuple[str, ...]]:
    """Each hex's edge neighbours on a grid read by `build_grid`."""

    def neighbours(hid: str) -> tuple[str, ...]:
        r, c = pos[hid]
        cands = [(r, c - 1), (r, c + 1)]
        off = -1 if r % 2 == 0 else 0  # even rows sit half a hex left of odd rows
        for dr in (-1, 1):
            cands += [(r + dr, c + off), (r + dr, c + off + 1)]
        return tuple(at[p] for p in cands if p in at)

    return {h: neighbours(h) for h in pos}


ADJ: dict[str, tuple[str, ...]] = grid_adjacency(_AT, POS)
# Land-to-land edge adjacency (no bridges).
LAND_ADJ: dict[str, frozenset[str]] = {
    h: frozenset(n for n in ADJ[h] if not n.startswith("r")) for h in LAND
}
BRIDGE_SPOTS: frozenset[frozenset[str]] = frozenset(frozenset(p) for p in BRIDGE_PAIRS)


def ship_distances(src: str, adj: dict[str, tuple[str, ...]] = ADJ) -> dict[str, int]:
    """Land hexes reachable through rivers only (never canals): value = number of river
    hexes crossed."""
    dist: dict[str, int] = {}
    seen = {src}
    frontier = deque((n, 1) for n in adj[src] if n.startswith("r"))
    seen.update(n for n, _ in frontier)
    while frontier:
        hid, d = frontier.popleft()
        for n in adj[hid]:
            if n in seen:
                continue
            seen.add(n)
            if n.startswith("r"):
                frontier.append((n, d + 1))
            else:
                dist[n] = d
    # A land hex reached from two rivers keeps its first (shortest, BFS) distance.
    return dist


def hex_distances(
    src: str, adj: dict[str, tuple[str, ...]] = ADJ, limit: int = 3
) -> dict[str, int]:
    """Land hexes within `limit` steps over any hexes (tunnelling, carpets)."""
    dist = {src: 0}
    frontier = deque([src])
    while frontier:
        h = frontier.popleft()
        if dist[h] >= limit:
            continue
        for n in adj[h]:
            if n not in dist:
                dist[n] = dist[h] + 1
                frontier.append(n)
    return {h: d for h, d in dist.items() if not h.startswith("r") and h != src}


SHIP_DIST: dict[str, dict[str, int]] = {h: ship_distances(h) for h in LAND}
HEX_DIST: dict[str, dict[str, int]] = {h: hex_distances(h) for h in LAND}


def spade_distance(a: str, b: str) -> int:
    """Steps between two colours on the terrain wheel, the short way."""
    d = abs(COLOR_INDEX[a] - COLOR_INDEX[b])
    return min(d, 7 - d)


def transform_cost(src: str, dst: str, home: str) -> int:
    """Spades to turn `src` into `dst`; like snellman, never passing through home terrain."""
    if src == dst:
        return 0
    if home in (src, dst):
        return spade_distance(src, dst)
    i, j, h = COLOR_INDEX[src], COLOR_INDEX[dst], COLOR_INDEX[home]
    up = (j - i) % 7  # steps going "up" the wheel
    down = 7 - up
    home_up = (h - i) % 7
    short_up = up <= down
    # Going up passes home if home lies strictly between src and dst on that side.
    passes_up = 0 < home_up < up
    passes_down = 0 < (i - h) % 7 < down
    if short_up:
        return up if not passes_up else down
    return down if not passes_down else up


def step_towards(src: str, home: str, spades: int) -> str:
    """The colour reached from `src` after `spades` steps the short way towards home."""
    i, h = COLOR_INDEX[src], COLOR_INDEX[home]
    up = (h - i) % 7
    direction = 1 if up <= 7 - up else -1
    return COLORS[(i + direction * spades) % 7]


@cache
def bridge_spots_for(hex_id: str) -> tuple[str, ...]:
    return tuple(sorted(next(iter(p - {hex_id})) for p in BRIDGE_SPOTS if hex_id in p))


def of(st: dict) -> Any:
    """The map of a game: this module (the base map), or a Merchants of the Seas map
    (merchants/maps.py) when the game's setup named another one."""
    map_id = st.get("map")
    if map_id is None:
        return _THIS
    from rules.terra_mystica.merchants.maps import board_for
    return board_for(map_id)


_THIS = sys.modules[__name__]
