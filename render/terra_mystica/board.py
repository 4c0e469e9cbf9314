"""The Terra Mystica hex map: terrains, river, bridges, buildings, towns and hex labels."""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

import render.terra_mystica.merchants as tm_merchants
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
# Up to this many changed hexes and bridges, redrawing each on its own square beats copying
# and halving the whole big map (measured at both picture sizes: about 30 to 40 is even).
PIECEWISE = 32


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
    """The whole map drawn onto `draw` in one go (the printed board, then what the view
    changed): what `map_image` builds from its caches, kept as its reference."""
    layout = load_layout(_map_id(view))
    grid = HexGrid(radius=radius, origin_x=x0, origin_y=y0, first_row=layout.first_row)
    _draw_printed(draw, layout, grid)
    _draw_changes(draw, view, grid, *_changes(view, layout))


def map_image(
    view: dict[str, Any], radius: int, width: int, piecewise: bool | None = None
) -> Image.Image:
    """The map centred in a strip `width` wide, drawn at twice the size and halved (smooth
    edges). The printed board is drawn once per map, size and width, at both sizes, and
    reused: with many changes a picture copies the big one, draws what the view changed and
    halves it; with few (`piecewise`, by default up to PIECEWISE changes) it copies the small
    one and pastes over it, through each changed hex's (or bridge's) own shape, that hex
    drawn at twice the size on its square of the big one."""
    layout = load_layout(_map_id(view))
    big, small = _printed_board(layout.id, radius, width)
    map_w, _ = map_size(view, radius)
    grid = HexGrid(
        radius=2 * radius, origin_x=width - map_w, origin_y=0, first_row=layout.first_row
    )
    hexes, bridges = _changes(view, layout)
    if piecewise is None:
        piecewise = len(hexes) + len(bridges) <= PIECEWISE
    if not piecewise:
        whole = big.copy()
        _draw_changes(ImageDraw.Draw(whole), view, grid, hexes, bridges)
        return tm_merchants.on_map(whole.reduce(2), view, grid, layout)  # hook: Merchants
    out = small.copy()
    for change in hexes:
        slot = change[0]
        box = _box(grid, [grid.centre(slot.row, slot.col)], big.size)
        tile = _tile(big, box, view, grid, [change], [])
        out.paste(tile, (box[0] // 2, box[1] // 2), _hex_mask(layout.id, radius, width, slot.id))
    for bridge in bridges:
        a, b, _ = bridge
        ends = [grid.centre(a.row, a.col), grid.centre(b.row, b.col)]
        box = _box(grid, ends, big.size)
        # its two hexes again: what lies under the bridge's ends (their pieces go over it)
        under = [h for h in hexes if h[0] in (a, b)]
        mask = Image.new("L", (box[2] - box[0], box[3] - box[1]), 0)
        p, q, w = _bridge_line(*[(x - box[0], y - box[1]) for x, y in ends], grid.radius)
        ImageDraw.Draw(mask).line([p, q], fill=255, width=w + round(grid.radius * 0.1))
        out.paste(
            _tile(big, box, view, grid, under, [bridge]), (box[0] // 2, box[1] // 2), mask.reduce(2)
        )
    return tm_merchants.on_map(out, view, grid, layout)  # hook: Merchants of the Seas


def map_strips(view: dict[str, Any], radius: int, rows: int = 2) -> list[tuple[int, int, Any]]:
    """The map cut into strips of `rows` hex rows: (top, bottom, what the strip shows), where
    what it shows holds every hex state and bridge that reaches into it, the faction
    colours, and how `map_image` would draw it (piecewise or whole: their edges differ)."""
    layout = load_layout(_map_id(view))
    _, map_h = map_size(view, radius)
    grid = HexGrid(radius=radius, origin_x=0, origin_y=0, first_row=layout.first_row)
    hexes, bridges = _changes(view, layout)
    piecewise = len(hexes) + len(bridges) <= PIECEWISE
    states = (view.get("map") or {}).get("hexes") or {}
    colours = {f: (i or {}).get("color") for f, i in (view.get("factions") or {}).items()}
    reach = radius + 6  # a hex and what is drawn on it, and a smoothing pixel
    spans = [(grid.centre(s.row, s.col)[1], s.id) for s, _, _ in hexes]
    lines = []
    for a, b, faction in bridges:
        ya, yb = grid.centre(a.row, a.col)[1], grid.centre(b.row, b.col)[1]
        lines.append((min(ya, yb), max(ya, yb), a.id, b.id, faction))
    # cut through the middle of every `rows`-th hex row: only that row's hexes cross the cut
    # (a cut between rows would cross two rows, their tips overlap)
    cuts = [round(radius * (1 + 1.5 * k)) for k in range(rows - 1, layout.rows, rows)]
    edges = [0, *(c for c in cuts if 0 < c < map_h), map_h]
    out = []
    for top, bottom in zip(edges, edges[1:], strict=False):
        shown = sorted(i for y, i in spans if y - reach < bottom and y + reach > top)
        crossing = [x[2:] for x in lines if x[0] - reach < bottom and x[1] + reach > top]
        what = (layout.id, piecewise, colours, {i: states[i] for i in shown}, crossing,
                view.get("merchants"))  # hook: Merchants' pieces (any change redraws all)
        out.append((top, bottom, what))
    return out


def _tile(
    big: Image.Image,
    box: Box4,
    view: dict[str, Any],
    grid: HexGrid,
    hexes: list[HexChange],
    bridges: list[BridgeChange],
) -> Image.Image:
    """The square `box` of the printed board with the given changes drawn on it, halved."""
    tile = big.crop(box)
    shifted = grid.model_copy(update={"origin_x": grid.origin_x - box[0], "origin_y": -box[1]})
    _draw_changes(ImageDraw.Draw(tile), view, shifted, hexes, bridges)
    return tile.reduce(2)


@lru_cache(maxsize=512)
def _hex_mask(map_id: str, radius: int, width: int, hex_id: str) -> Image.Image:
    """A hex's shape, smoothed, on the square `map_image` redraws it in."""
    layout = load_layout(map_id)
    map_w, map_h = map_size({"map": {"id": map_id}}, radius)
    grid = HexGrid(
        radius=2 * radius, origin_x=width - map_w, origin_y=0, first_row=layout.first_row
    )
    slot = layout.by_id()[hex_id]
    cx, cy = grid.centre(slot.row, slot.col)
    box = _box(grid, [(cx, cy)], (2 * width, 2 * map_h))
    mask = Image.new("L", (box[2] - box[0], box[3] - box[1]), 0)
    ImageDraw.Draw(mask).polygon(grid.polygon(cx - box[0], cy - box[1]), fill=255)
    return mask.reduce(2)


Box4 = tuple[int, int, int, int]


def _box(grid: HexGrid, centres: list[tuple[float, float]], size: tuple[int, int]) -> Box4:
    """The hexes around `centres` (and what lies between them), a few pixels more, inside
    `size` and on even pixels, so halving it keeps to the halved picture's pixel grid."""
    xs, ys = [x for x, _ in centres], [y for _, y in centres]
    pad = grid.radius + 4
    return (
        max(0, 2 * math.floor((min(xs) - pad) / 2)),
        max(0, 2 * math.floor((min(ys) - pad) / 2)),
        min(size[0], 2 * math.ceil((max(xs) + pad) / 2)),
        min(size[1], 2 * math.ceil((max(ys) + pad) / 2)),
    )


@lru_cache(maxsize=8)
def _printed_board(map_id: str, radius: int, width: int) -> tuple[Image.Image, Image.Image]:
    """The board as printed (river, terrains, hex ids) at twice the size and halved; never
    drawn on."""
    layout = load_layout(map_id)
    map_w, map_h = map_size({"map": {"id": map_id}}, radius)
    big = Image.new("RGB", (2 * width, 2 * map_h), BACKGROUND)
    grid = HexGrid(
        radius=2 * radius, origin_x=width - map_w, origin_y=0, first_row=layout.first_row
    )
    _draw_printed(ImageDraw.Draw(big), layout, grid)
    return big, big.reduce(2)


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


HexChange = tuple[Slot, dict[str, Any], object]  # slot, its state, its terrain now
BridgeChange = tuple[Slot, Slot, object]  # its two ends and its faction


def _changes(
    view: dict[str, Any], layout: BoardLayout
) -> tuple[list[HexChange], list[BridgeChange]]:
    """The hexes the view says something about, and the bridges built."""
    board = view.get("map") or {}
    states: dict[str, Any] = board.get("hexes") or {}
    hexes = [
        (slot, states[slot.id], states[slot.id].get("terrain", slot.terrain))
        for slot in layout.slots
        if not slot.is_river and _drawn(states.get(slot.id), slot)
    ]
    slots = layout.by_id()
    bridges = [
        (slots[b.get("from")], slots[b.get("to")], b.get("faction"))
        for b in board.get("bridges") or []
        if isinstance(b, dict) and b.get("from") in slots and b.get("to") in slots
    ]
    return hexes, bridges


def _drawn(state: object, slot: Slot) -> bool:
    """Whether a hex's state changes its look: another terrain, a town or a building."""
    if not isinstance(state, dict):
        return False
    terrain = state.get("terrain", slot.terrain)
    return terrain != slot.terrain or bool(state.get("town") or state.get("building"))


def _draw_changes(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    grid: HexGrid,
    hexes: list[HexChange],
    bridges: list[BridgeChange],
) -> None:
    """What the view changed on the printed board: terrains and towns, then bridges, then
    buildings and town stars."""
    radius = grid.radius
    for slot, state, terrain in hexes:
        if terrain != slot.terrain or state.get("town"):
            _draw_hex(draw, grid, slot, terrain, bool(state.get("town")))
    for a, b, faction in bridges:
        ends = grid.centre(a.row, a.col), grid.centre(b.row, b.col)
        _bridge(draw, ends[0], ends[1], faction_colour(view, faction), radius)
    for slot, state, _ in hexes:
        cx, cy = grid.centre(slot.row, slot.col)
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
    p, q, width = _bridge_line(a, b, radius)
    draw.line([p, q], fill=HEX_EDGE, width=width + round(radius * 0.1))
    draw.line([p, q], fill=colour, width=width)
    draw.line([p, q], fill=ink_on(colour), width=max(2, width // 6))


def _bridge_line(
    a: tuple[float, float], b: tuple[float, float], radius: float
) -> tuple[tuple[float, float], tuple[float, float], int]:
    """A bridge's ends and width: from edge to edge of the two land hexes, over the river."""
    (ax, ay), (bx, by) = a, b
    t = radius * 0.72 / max(1.0, ((bx - ax) ** 2 + (by - ay) ** 2) ** 0.5)
    p = (ax + (bx - ax) * t, ay + (by - ay) * t)
    q = (bx - (bx - ax) * t, by - (by - ay) * t)
    return p, q, round(radius * 0.3)
