"""The Terra Mystica hex map: terrains, river, bridges, buildings, towns and hex labels."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import render.terra_mystica.pieces as tm_pieces
from render.terra_mystica.geometry import RIVER, BoardLayout, HexGrid, Slot, load_layout
from render.terra_mystica.style import (
    BACKGROUND,
    GOLD,
    HEX_EDGE,
    TERRAIN,
    faction_rgb,
    ink_on,
    terrain_rgb,
    text,
)

# A building on the map: its middle this far below the hex's centre and this large (in hex
# radii), so its ring stays inside the hex and clear of the hex id above it.
BUILDING_DY = 0.16
BUILDING_SIZE = 0.44


def map_size(view: dict[str, Any], radius: float) -> tuple[int, int]:
    layout = load_layout(_map_id(view))
    return HexGrid(radius=radius, origin_x=0, origin_y=0).size(layout)


def _map_id(view: dict[str, Any]) -> str | None:
    board = view.get("map") or {}
    return board.get("id") if isinstance(board, dict) else None


def faction_colour(view: dict[str, Any], faction: object) -> tuple[int, int, int]:
    info = (view.get("factions") or {}).get(faction) if isinstance(faction, str) else None
    return faction_rgb((info or {}).get("color"))


def inset(scale: float, stroke: float, radius: float) -> float:
    """The scale of a hexagon whose edges lie `stroke` pixels inside those of one at `scale`."""
    apothem = radius * scale * math.sqrt(3) / 2
    return scale * (apothem - stroke) / apothem


def draw_map(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], x0: float, y0: float, radius: float
) -> None:
    """The whole map drawn onto `draw` (the printed board, then what the view changed)."""
    layout = load_layout(_map_id(view))
    grid = HexGrid(radius=radius, origin_x=x0, origin_y=y0, first_row=layout.first_row)
    _draw_printed(draw, layout, grid)
    _draw_changes(draw, view, layout, grid)


def map_image(view: dict[str, Any], radius: int, width: int) -> Image.Image:
    """The map centred in a strip `width` wide, drawn at twice the size and halved (smooth
    edges). The printed board is drawn once per map, size and width and reused; only the
    hexes the view changed, the bridges and the pieces are drawn for each picture."""
    layout = load_layout(_map_id(view))
    big = _printed_board(layout.id, radius, width).copy()
    map_w, _ = map_size(view, radius)
    grid = HexGrid(
        radius=2 * radius, origin_x=width - map_w, origin_y=0, first_row=layout.first_row
    )
    _draw_changes(ImageDraw.Draw(big), view, layout, grid)
    return big.reduce(2)


@lru_cache(maxsize=8)
def _printed_board(map_id: str, radius: int, width: int) -> Image.Image:
    """The board as printed (river, terrains, hex ids) at twice the size; never drawn on."""
    layout = load_layout(map_id)
    map_w, map_h = map_size({"map": {"id": map_id}}, radius)
    big = Image.new("RGB", (2 * width, 2 * map_h), BACKGROUND)
    grid = HexGrid(
        radius=2 * radius, origin_x=width - map_w, origin_y=0, first_row=layout.first_row
    )
    _draw_printed(ImageDraw.Draw(big), layout, grid)
    return big


def _draw_printed(draw: ImageDraw.ImageDraw, layout: BoardLayout, grid: HexGrid) -> None:
    # River first, slightly enlarged and edgeless so it reads as one body of water.
    for slot in layout.slots:
        if slot.is_river:
            draw.polygon(grid.polygon(*grid.centre(slot.row, slot.col), 1.03), fill=TERRAIN[RIVER])
    for slot in layout.slots:
        if not slot.is_river:
            _draw_hex(draw, grid, slot, slot.terrain, town=False)


def _draw_hex(
    draw: ImageDraw.ImageDraw, grid: HexGrid, slot: Slot, terrain: object, town: bool
) -> None:
    """A land hex: edge, terrain, the town ring and the hex id (a '?' if the terrain is unknown)."""
    radius = grid.radius
    cx, cy = grid.centre(slot.row, slot.col)
    fill = terrain_rgb(terrain)
    # Outlines as an inset fill: Pillow strokes a wide polygon outline through a mask the
    # size of the whole canvas, which cost a third of the picture's time.
    draw.polygon(grid.polygon(cx, cy), fill=HEX_EDGE)
    draw.polygon(grid.polygon(cx, cy, inset(1.0, round(radius / 25), radius)), fill=fill)
    if town:
        draw.polygon(grid.polygon(cx, cy, 0.84), fill=GOLD)
        draw.polygon(grid.polygon(cx, cy, inset(0.84, round(radius * 0.09), radius)), fill=fill)
    text(draw, (cx, cy - radius * 0.52), slot.id, round(radius * 0.3), ink_on(fill), True, "mm")
    if terrain not in TERRAIN:
        text(draw, (cx, cy + radius * 0.15), "?", round(radius * 0.5), ink_on(fill), True, "mm")


def _draw_changes(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], layout: BoardLayout, grid: HexGrid
) -> None:
    """What the view changed on the printed board: terrains, towns, bridges, buildings."""
    board = view.get("map") or {}
    hexes: dict[str, Any] = board.get("hexes") or {}
    radius = grid.radius
    changed = []
    for slot in layout.slots:
        state = hexes.get(slot.id) or {}
        if slot.is_river or not state:
            continue
        terrain = state.get("terrain", slot.terrain)
        if terrain != slot.terrain or state.get("town"):
            _draw_hex(draw, grid, slot, terrain, bool(state.get("town")))
        changed.append((slot, state))

    centres = {s.id: grid.centre(s.row, s.col) for s in layout.slots}
    for bridge in board.get("bridges") or []:
        ends = [centres.get(bridge.get("from")), centres.get(bridge.get("to"))]
        if None not in ends:
            _bridge(draw, ends[0], ends[1], faction_colour(view, bridge.get("faction")), radius)

    for slot, state in changed:
        cx, cy = centres[slot.id]
        if state.get("building"):
            tm_pieces.map_building(
                draw,
                str(state["building"]),
                cx,
                cy + radius * BUILDING_DY,
                radius * BUILDING_SIZE,
                faction_colour(view, state.get("faction")),
            )
        if state.get("town"):
            tm_pieces.star(draw, cx + radius * 0.62, cy - radius * 0.1, radius * 0.2, GOLD)


def _bridge(
    draw: ImageDraw.ImageDraw,
    a: tuple[float, float],
    b: tuple[float, float],
    colour: tuple[int, int, int],
    radius: float,
) -> None:
    # Run from edge to edge of the two land hexes, over the river between them.
    (ax, ay), (bx, by) = a, b
    t = radius * 0.72 / max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    p = (ax + (bx - ax) * t, ay + (by - ay) * t)
    q = (bx - (bx - ax) * t, by - (by - ay) * t)
    width = round(radius * 0.3)
    draw.line([p, q], fill=HEX_EDGE, width=width + round(radius * 0.1))
    draw.line([p, q], fill=colour, width=width)
    draw.line([p, q], fill=ink_on(colour), width=max(2, width // 6))
