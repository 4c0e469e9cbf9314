"""The Terra Mystica hex map: terrains, river, bridges, buildings, towns and hex labels."""

from __future__ import annotations

import math
from typing import Any

from PIL import ImageDraw

import render.terra_mystica.pieces as tm_pieces
from render.terra_mystica.geometry import RIVER, HexGrid, load_layout
from render.terra_mystica.style import (
    GOLD,
    HEX_EDGE,
    TERRAIN,
    faction_rgb,
    font,
    ink_on,
    terrain_rgb,
)


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
    layout = load_layout(_map_id(view))
    grid = HexGrid(radius=radius, origin_x=x0, origin_y=y0, first_row=layout.first_row)
    board = view.get("map") or {}
    hexes: dict[str, Any] = board.get("hexes") or {}
    centres = {s.id: grid.centre(s.row, s.col) for s in layout.slots}

    # River first, slightly enlarged and edgeless so it reads as one body of water.
    for slot in layout.slots:
        if slot.is_river:
            draw.polygon(grid.polygon(*centres[slot.id], 1.03), fill=TERRAIN[RIVER])
    for slot in layout.slots:
        if slot.is_river:
            continue
        state = hexes.get(slot.id) or {}
        fill = terrain_rgb(state.get("terrain", slot.terrain))
        # Outlines as an inset fill: Pillow strokes a wide polygon outline through a mask the
        # size of the whole canvas, which cost a third of the picture's time.
        centre = centres[slot.id]
        draw.polygon(grid.polygon(*centre), fill=HEX_EDGE)
        draw.polygon(grid.polygon(*centre, inset(1.0, round(radius / 25), radius)), fill=fill)
        if state.get("town"):
            draw.polygon(grid.polygon(*centre, 0.84), fill=GOLD)
            draw.polygon(
                grid.polygon(*centre, inset(0.84, round(radius * 0.09), radius)), fill=fill
            )

    for bridge in board.get("bridges") or []:
        ends = [centres.get(bridge.get("from")), centres.get(bridge.get("to"))]
        if None not in ends:
            _bridge(draw, ends[0], ends[1], faction_colour(view, bridge.get("faction")), radius)

    label_font = font(round(radius * 0.3), bold=True)
    for slot in layout.slots:
        if slot.is_river:
            continue
        cx, cy = centres[slot.id]
        state = hexes.get(slot.id) or {}
        terrain = state.get("terrain", slot.terrain)
        fill = terrain_rgb(terrain)
        draw.text(
            (cx, cy - radius * 0.52), slot.id, font=label_font, fill=ink_on(fill), anchor="mm"
        )
        if terrain not in TERRAIN:
            draw.text(
                (cx, cy + radius * 0.15),
                "?",
                font=font(round(radius * 0.5), True),
                fill=ink_on(fill),
                anchor="mm",
            )
        if state.get("building"):
            tm_pieces.building(
                draw,
                str(state["building"]),
                cx,
                cy + radius * 0.2,
                radius * 0.46,
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
