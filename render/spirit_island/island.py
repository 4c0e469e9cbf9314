"""The island drawn from the view: each board's lands in the layout's shape (shapes.py), land
ids, and every piece and token in each land with its count."""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import RGB, font, text_width
from render.spirit_island import shapes
from render.spirit_island.style import (
    BORDER_COLOUR,
    LABEL_BACK,
    PIECE_ORDER,
    SPIRIT_COLOURS,
    TERRAIN_COLOURS,
    mark,
)

Box = tuple[int, int, int, int]
ROW = 3  # pieces per row of a land's block
# An Ocean is a wide, low band: its pieces (Ocean's presence, invaders and dahan pushed or
# gathered into it) go in one long row, so the block stays inside the band.
OCEAN_ROW = 6


@lru_cache(maxsize=8)
def _painted(letter: str) -> Image.Image:
    """The board's raster as a palette image: terrain colours, the Ocean, borders."""
    image = shapes.labels(letter).copy()
    palette = [0, 0, 0] * 256
    for land, terrain in enumerate(shapes.TERRAIN[letter], start=1):
        palette[land * 3:land * 3 + 3] = TERRAIN_COLOURS[terrain]
    palette[shapes.OCEAN * 3:shapes.OCEAN * 3 + 3] = TERRAIN_COLOURS["ocean"]
    palette[shapes.BORDER * 3:shapes.BORDER * 3 + 3] = BORDER_COLOUR
    image.putpalette(palette)
    return image


def _corners_with_ocean(corners):
    """The four corners and the Ocean band's two outer corners (board units)."""
    p0, p1, _, p3 = corners
    up = (p1[0] - p0[0], p1[1] - p0[1])
    band = shapes.OCEAN_BAND
    return [*corners, (p0[0] - up[0] * band, p0[1] - up[1] * band),
            (p3[0] - up[0] * band, p3[1] - up[1] * band)]


def placed(count: int, box: Box) -> tuple[list[tuple], float]:
    """Each board's corners in pixels inside `box` (centred), and the pixels per board side."""
    boards = shapes.layout(count)
    points = [p for corners in boards for p in _corners_with_ocean(corners)]
    lo_x, hi_x = min(p[0] for p in points), max(p[0] for p in points)
    lo_y, hi_y = min(p[1] for p in points), max(p[1] for p in points)
    x0, y0, x1, y1 = box
    scale = min((x1 - x0) / (hi_x - lo_x), (y1 - y0) / (hi_y - lo_y))
    ox = x0 + ((x1 - x0) - (hi_x - lo_x) * scale) / 2 - lo_x * scale
    oy = y0 + ((y1 - y0) - (hi_y - lo_y) * scale) / 2 - lo_y * scale
    return [tuple((ox + x * scale, oy + y * scale) for x, y in corners)
            for corners in boards], scale


def to_canvas(corners, x: float, y: float) -> tuple[float, float]:
    """A point of the board's square (x, y) on the canvas."""
    p0, p1, _, p3 = corners
    return (p0[0] + x * (p3[0] - p0[0]) + y * (p1[0] - p0[0]),
            p0[1] + x * (p3[1] - p0[1]) + y * (p1[1] - p0[1]))


@lru_cache(maxsize=16)
def _base(boards: tuple[str, ...], box: Box) -> tuple[Image.Image, Image.Image]:
    """The boards drawn without pieces in `box` (and where they cover it): the same in every
    picture of a game, so drawn once."""
    width, height = box[2] - box[0], box[3] - box[1]
    layer = Image.new("RGB", (width, height), (0, 0, 0))
    cover = Image.new("L", (width, height), 0)
    layout, _ = placed(len(boards), (0, 0, width, height))
    draw, ink = ImageDraw.Draw(layer), ImageDraw.Draw(cover)
    for letter, corners in zip(boards, layout, strict=True):
        _paste_board(layer, letter, corners, cover=cover)
        outline = [tuple(map(round, p)) for p in corners]
        draw.polygon(outline, outline=BORDER_COLOUR, width=3)
        ink.polygon(outline, outline=255, width=3)
    return layer, cover


def land_map(boards: list[str], size: int) -> Image.Image:
    """The layout as an "L" picture of land codes (16 * board index + land number, the
    Ocean as 9, borders as 10): for tests of which lands touch across boards."""
    canvas = Image.new("L", (size, size), 0)
    layout, _ = placed(len(boards), (0, 0, size, size))
    for i, (letter, corners) in enumerate(zip(boards, layout, strict=True)):
        raster = shapes.labels(letter).point(
            lambda v, i=i: v if v in (shapes.OCEAN, shapes.BORDER) else 16 * i + v)
        _paste_board(canvas, letter, corners, raster)
    return canvas


def _paste_board(canvas: Image.Image, letter: str, corners, raster=None, cover=None) -> None:
    """The board's raster laid on `canvas` at its corners (and its area marked in `cover`)."""
    p0, p1, _, p3 = corners
    ux, uy = p3[0] - p0[0], p3[1] - p0[1]  # canvas per square x
    wx, wy = p1[0] - p0[0], p1[1] - p0[1]  # canvas per square y
    det = ux * wy - wx * uy
    # canvas (X, Y) -> square (x, y) -> raster (x * SIZE, (1 - y) * SIZE)
    ix = (wy / det, -wx / det)
    iy = (-uy / det, ux / det)
    size, top = shapes.SIZE, 1
    a, b = ix[0] * size, ix[1] * size
    c = -(a * p0[0] + b * p0[1])
    d, e = -iy[0] * size, -iy[1] * size
    f = top * size - (d * p0[0] + e * p0[1])
    raster = _painted(letter) if raster is None else raster
    layer = raster.transform(canvas.size, Image.AFFINE, (a, b, c, d, e, f), Image.NEAREST)
    mask = layer.point(lambda v: 255 if v else 0, "L")
    canvas.paste(layer.convert(canvas.mode), (0, 0), mask)
    if cover is not None:
        cover.paste(255, (0, 0), mask)


def _count(land: dict, kind: str) -> int:
    value = land.get(kind, 0)
    if kind == "strife":
        return sum(sum(v) if isinstance(v, list) else int(v) for v in (value or {}).values())
    return len(value) if isinstance(value, list) else int(value or 0)


def land_items(land: dict, spirits: list[str]) -> list[tuple[str, int, RGB | None, bool]]:
    """(kind, count, colour, sacred) for every piece and token in a land, in drawing order."""
    items = [(k, _count(land, k), None, False) for k in PIECE_ORDER if _count(land, k)]
    for spirit, n in sorted(land.get("presence", {}).items(),
                            key=lambda kv: spirits.index(kv[0]) if kv[0] in spirits else 99):
        if n:
            seat = spirits.index(spirit) if spirit in spirits else len(SPIRIT_COLOURS) - 1
            items.append(("presence", n, SPIRIT_COLOURS[seat % len(SPIRIT_COLOURS)], n >= 2))
    return items


def _rows(items: list, per_row: int) -> list[list]:
    return [items[i:i + per_row] for i in range(0, len(items), per_row)]


def _block(centre, name: str, items, unit: int, box: Box, per_row: int = ROW) -> list[float]:
    """The land's label block [x0, y0, x1, y1]: its id above rows of up to `per_row`
    pieces, centred on `centre` and kept inside `box`."""
    small = font(max(10, unit * 9 // 10), True)
    rows = _rows(items, per_row)
    widths = [sum(unit + 8 + text_width(str(n), small) for _, n, _, _ in row) for row in rows]
    width = max([*widths, text_width(name, font(unit, True)) + 10]) + 8
    height = unit + 6 + len(rows) * (unit + 4)
    x0 = min(max(centre[0] - width / 2, box[0] + 2), box[2] - width - 2)
    y0 = min(max(centre[1] - height / 2, box[1] + 4), box[3] - height - 4)
    return [x0, y0, x0 + width, y0 + height]


def _spread(blocks: list[list[float]], box: Box) -> None:
    """Move overlapping label blocks apart vertically (a few passes; blocks stay in `box`)."""
    for _ in range(10):
        moved = False
        for i, a in enumerate(blocks):
            for b in blocks[i + 1:]:
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    upper, lower = (a, b) if a[1] + a[3] <= b[1] + b[3] else (b, a)
                    push = (upper[3] - lower[1]) / 2 + 1
                    for block, dy in ((upper, -push), (lower, push)):
                        dy = min(max(dy, box[1] - block[1]), box[3] - block[3])
                        block[1] += dy
                        block[3] += dy
                    moved = True
        if not moved:
            return


def _draw_land(draw: ImageDraw.ImageDraw, block, name: str, items, unit: int,
               per_row: int = ROW) -> None:
    """The land's id and its pieces (mark and count) in its block."""
    face = font(unit, True)
    small = font(max(10, unit * 9 // 10), True)
    rows = _rows(items, per_row)
    cx = (block[0] + block[2]) / 2
    y = block[1]
    tw = text_width(name, face)
    draw.rounded_rectangle((cx - tw / 2 - 5, y - 2, cx + tw / 2 + 5, y + unit + 3), radius=4,
                           fill=LABEL_BACK)
    draw.text((cx - tw / 2, y), name, font=face, fill=(255, 255, 255))
    y += unit + 6
    for row in rows:
        width = sum(unit + 8 + text_width(str(n), small) for _, n, _, _ in row)
        x = cx - width / 2
        draw.rounded_rectangle((x - 4, y - 2, x + width, y + unit + 2), radius=5,
                               fill=(246, 240, 226))
        for kind, n, colour, sacred in row:
            mark(draw, kind, round(x), round(y), unit, colour, sacred)
            x += unit + 2
            draw.text((x, y + 1), str(n), font=small, fill=(20, 20, 20))
            x += text_width(str(n), small) + 6
        y += unit + 4


def draw_island(canvas: Image.Image, box: Box, view: dict[str, Any], unit: int,
                labels: bool = True) -> None:
    """The boards of `view["boards"]` inside `box`, with their lands' ids and pieces (unless
    `labels` is false); `unit` is the marks' size in pixels."""
    boards = list(view.get("boards") or [])
    if not boards:
        return
    draw = ImageDraw.Draw(canvas)
    layout, _ = placed(len(boards), box)
    lands = view.get("lands", {})
    spirits = [row.get("spirit", "") for row in view.get("seats", [])]
    base, mask = _base(tuple(boards), box)
    canvas.paste(base, box[:2], mask)
    if not labels:
        return
    labelled = []
    for letter, corners in zip(boards, layout, strict=False):
        centres = dict(shapes.centres(letter))
        centres[0] = (0.5, -shapes.OCEAN_BAND / 2)
        for number, (x, y) in sorted(centres.items()):
            name = f"{letter}{number}"
            items = land_items(lands.get(name, {}), spirits)
            per_row = OCEAN_ROW if number == 0 else ROW
            block = _block(to_canvas(corners, x, y), name, items, unit, box, per_row)
            labelled.append((block, name, items, per_row))
    _spread([block for block, *_ in labelled], box)
    for block, name, items, per_row in labelled:
        _draw_land(draw, block, name, items, unit, per_row)
