"""A map as data with the attribute names of the base `board` module, plus canals.

`board_for(map_id)` builds (once) what the base engine reads from `board` (START_TERRAIN,
LAND, RIVERS, ADJ, LAND_ADJ, BRIDGE_SPOTS, SHIP_DIST, HEX_DIST) for any map of maps_data,
and what ships need: the river network with canals (SHIP_ADJ) and each land hex's rivers.
Canals join two rivers for ships only: never for land adjacency or shipping reach (seed L179).
"""

from __future__ import annotations

from functools import cache

from rules.terra_mystica.merchants.maps_data import BRIDGE_PAIRS, CANALS, ROWS

MAPS: tuple[str, ...] = tuple(ROWS)


class MapBoard:
    def __init__(self, map_id: str) -> None:
        self.MAP_ID = map_id
        from rules.terra_mystica.board import (
            build_grid,
            grid_adjacency,
            hex_distances,
            ship_distances,
        )

        terrain, at, pos = build_grid(ROWS[map_id])
        self.START_TERRAIN = terrain
        self.POS = pos
        self.LAND = tuple(terrain)
        self.RIVERS = tuple(h for h in pos if h.startswith("r"))

        self.ADJ = grid_adjacency(at, pos)
        self.LAND_ADJ = {
            h: frozenset(n for n in self.ADJ[h] if not n.startswith("r")) for h in self.LAND
        }
        if map_id == "base":
            from rules.terra_mystica import board

            pairs = board.BRIDGE_PAIRS
        else:
            pairs = BRIDGE_PAIRS[map_id]
        self.BRIDGE_PAIRS = pairs
        self.BRIDGE_SPOTS = frozenset(frozenset(p) for p in pairs)
        self.CANALS = tuple(self.canal_rivers(a, b) for (a, b), _, _ in CANALS[map_id])
        ship = {r: set(n for n in self.ADJ[r] if n.startswith("r")) for r in self.RIVERS}
        for a, b in self.CANALS:
            ship[a].add(b)
            ship[b].add(a)
        self.SHIP_ADJ = {r: frozenset(v) for r, v in ship.items()}  # rivers, with canals
        self.SHORE = {h: tuple(n for n in self.ADJ[h] if n.startswith("r")) for h in self.LAND}
        self.SHIP_DIST = {h: ship_distances(h, self.ADJ) for h in self.LAND}
        self.HEX_DIST = {h: hex_distances(h, self.ADJ) for h in self.LAND}

    def canal_rivers(self, a: str, b: str) -> tuple[str, str]:
        """The two rivers a canal on the edge a|b joins (both shared neighbours of a and b)."""
        if b not in self.LAND_ADJ.get(a, ()):
            raise ValueError(f"canal {a}|{b}: not two adjacent land hexes")
        common = sorted(set(self.ADJ[a]) & set(self.ADJ[b]), key=lambda h: int(h[1:]))
        if len(common) != 2 or not all(h.startswith("r") for h in common):
            raise ValueError(f"canal {a}|{b}: the edge is not between two rivers")
        return common[0], common[1]

    def riverside(self, hex_id: str) -> bool:
        """Shares an edge with a river hex (강변, seed L237)."""
        return bool(self.SHORE[hex_id])

    def bridge_spots_for(self, hex_id: str) -> tuple[str, ...]:
        return tuple(sorted(next(iter(p - {hex_id})) for p in self.BRIDGE_SPOTS if hex_id in p))


@cache
def board_for(map_id: str) -> MapBoard:
    if map_id not in ROWS:
        raise KeyError(map_id)
    return MapBoard(map_id)
