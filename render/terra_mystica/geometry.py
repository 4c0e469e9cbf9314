"""Terra Mystica map geometry: the hex layout from render/terra_mystica/data/base_map.json, hex centres.

The JSON is a compact copy of the published base board (see its _meta); `compact_maps` rebuilds
it from a maps data set given on the command line, so the bot reads only its own copy.
"""

from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

from pydantic import BaseModel

MAPS_FILE = Path(__file__).resolve().parent / "data" / "base_map.json"
DEFAULT_MAP = "base"
RIVER = "river"

# Terrain names in the shared data set -> the colour names the engine's view uses.
TERRAIN_COLOUR = {
    "desert": "yellow",
    "plains": "brown",
    "swamp": "black",
    "lakes": "blue",
    "forest": "green",
    "mountains": "gray",
    "wasteland": "red",
    "river": RIVER,
}


class Slot(BaseModel):
    """One board slot: a land hex (id like 'C4') or a river hex (id 'r0'...)."""

    id: str
    row: int
    col: int
    terrain: str  # printed colour name, or "river"

    @property
    def is_river(self) -> bool:
        return self.terrain == RIVER


class BoardLayout(BaseModel):
    id: str
    title: str
    slots: list[Slot]

    @property
    def rows(self) -> int:
        return max(s.row for s in self.slots) + 1

    @property
    def first_row(self) -> int:
        return min(s.row for s in self.slots)

    @property
    def cols(self) -> int:
        return max(s.col for s in self.slots) + 1

    def by_id(self) -> dict[str, Slot]:
        return {s.id: s for s in self.slots}


def compact_maps(source: Path, keys: tuple[str, ...] = (DEFAULT_MAP,)) -> dict[str, Any]:
    """The compact form of the chosen maps of a maps.json data set (what a picture needs)."""
    data = json.loads(source.read_text(encoding="utf-8"))
    maps = {
        key: {
            "title": m["title"],
            "hexes": [
                [h["id"], h["row"], h["col"], TERRAIN_COLOUR[h["terrain"]]] for h in m["hexes"]
            ],
        }
        for key, m in data["maps"].items()
        if key in keys
    }
    meta = {
        "source": "the Terra Mystica maps data set (snellman hex ids, verified by map-id SHA-1)",
        "format": "hexes: [id, row, col, printed terrain colour or 'river']; odd rows are "
        "shifted half a hex to the right",
        "regenerate": "python -m render.terra_mystica.geometry MAPS_JSON",
    }
    return {"_meta": meta, "maps": maps}


@lru_cache(maxsize=8)
def load_layout(map_id: str | None) -> BoardLayout:
    """The layout for `map_id`; an unknown id falls back to the base map."""
    from render.terra_mystica.merchants import extra_maps  # hook: the expansion's maps

    maps = {**json.loads(MAPS_FILE.read_text(encoding="utf-8"))["maps"], **extra_maps()}
    key = map_id if map_id in maps else DEFAULT_MAP
    slots = [Slot(id=i, row=r, col=c, terrain=t) for i, r, c, t in maps[key]["hexes"]]
    return BoardLayout(id=key, title=maps[key]["title"], slots=slots)


class HexGrid(BaseModel):
    """Pointy-top hexes; odd rows shifted right by half a hex (snellman's layout)."""

    radius: float
    origin_x: float
    origin_y: float
    first_row: int = 0

    @property
    def width(self) -> float:
        return math.sqrt(3) * self.radius

    def centre(self, row: int, col: int) -> tuple[float, float]:
        x = self.origin_x + self.width * (col + 0.5 + (0.5 if row % 2 else 0.0))
        y = self.origin_y + self.radius * (1 + 1.5 * (row - self.first_row))
        return x, y

    def polygon(self, cx: float, cy: float, scale: float = 1.0) -> list[tuple[float, float]]:
        r = self.radius * scale
        return [
            (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
            for a in range(-90, 270, 60)
        ]

    def size(self, layout: BoardLayout) -> tuple[int, int]:
        w = self.width * max(s.col + 1 + 0.5 * (s.row % 2) for s in layout.slots)
        h = self.radius * (2 + 1.5 * (layout.rows - 1 - layout.first_row))
        return math.ceil(w), math.ceil(h)


if __name__ == "__main__":
    import sys

    MAPS_FILE.parent.mkdir(exist_ok=True)
    MAPS_FILE.write_text(
        json.dumps(compact_maps(Path(sys.argv[1])), ensure_ascii=False, separators=(",", ":")),
        encoding="utf-8",
    )
    print(f"wrote {MAPS_FILE}")
