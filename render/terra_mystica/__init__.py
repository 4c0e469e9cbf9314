"""Terra Mystica pictures from the engine's view.

- `table_png`: the glance posted after each turn (map and a compact scoreboard).
- `board_png`: the detail (map, cult board, tiles, every faction's panel).
- `private_png`: the viewer's own faction card.

Pure: reads only the view, the vendored fonts and render/terra_mystica/data/base_map.json.
The detail keeps the compressed bands of recent pictures (`bands.BAND_CACHE`, bounded), keyed
by everything each band is drawn from: equal inputs give equal bytes, warm or cold.
"""

from __future__ import annotations

from typing import Any

from render.terra_mystica.card import draw_card
from render.terra_mystica.detail import HEX_RADIUS, WIDTH, draw_table, hex_centre, render_map
from render.terra_mystica.encode import far_from, png, to_palette
from render.terra_mystica.glance import draw_glance

__all__ = [
    "HEX_RADIUS",
    "WIDTH",
    "board_png",
    "draw_card",
    "draw_glance",
    "draw_table",
    "far_from",
    "hex_centre",
    "private_png",
    "render_map",
    "table_png",
    "to_palette",
]


def table_png(view: dict[str, Any], lang: str = "ko", names: dict[int, str] | None = None) -> bytes:
    """The glance: whose turn, the map, and every faction's VP and resources in one row."""
    return png(draw_glance(view, lang, names))


def private_png(
    view: dict[str, Any], lang: str = "ko", names: dict[int, str] | None = None
) -> bytes:
    """The viewer's own faction card (the view's `viewer` seat), large enough for a phone."""
    return png(draw_card(view, lang, names))


board_png = render_map  # the whole table in detail (`/game board`)
