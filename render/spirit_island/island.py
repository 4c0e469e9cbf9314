"""The island drawn from the view: each board's lands in the layout's shape (shapes.py), land
ids, and every piece and token in each land with its count."""

from __future__ import annotations

from dataclasses import replace
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from render.common import RGB, font, text_width
from render.spirit_island import changes, shapes
from render.spirit_island.changes import Layout
from render.spirit_island.style import (
    BORDER_COLOUR,
    LABEL_BACK,
    PIECE_ORDER,
    SPIRIT_COLOURS,
    TERRAIN_COLOURS,
    mark,
)
from render.spirit_island.words import say

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


def placed(island: int | Layout, box: Box) -> tuple[list[tuple], float]:
    """Each board's corners in pixels inside `box` (centred), and the pixels per board side:
    the standard layout for a count of boards, or a changed island's boards (`Layout.boards`,
    a sunk board keeping its place)."""
    if isinstance(island, int):
        island = Layout(tuple("ABCDEF"[:island]))
    boards = changes.corners_of(island)
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
def _base(island: Layout, box: Box) -> tuple[Image.Image, Image.Image]:
    """The boards drawn without pieces in `box` (and where they cover it): the same in every
    picture of a game, so drawn once. Sunk boards first (sea), the dreamt board last."""
    width, height = box[2] - box[0], box[3] - box[1]
    layer = Image.new("RGB", (width, height), (0, 0, 0))
    cover = Image.new("L", (width, height), 0)
    layout, _ = placed(island, (0, 0, width, height))
    draw, ink = ImageDraw.Draw(layer), ImageDraw.Draw(cover)
    boards = sorted(zip(island.boards, layout, strict=True),
                    key=lambda bc: bc[0] not in island.sunk)
    for letter, corners in boards:
        outline = [tuple(map(round, p)) for p in corners]
        if letter in island.sunk:
            band = _corners_with_ocean(corners)
            changes.draw_sunk(draw, corners, [band[0], band[3], band[5], band[4]])
            ink.polygon([tuple(map(round, p)) for p in (band[0], band[3], band[5], band[4])],
                        fill=255)
            ink.polygon(outline, fill=255)
            continue
        _paste_board(layer, letter, corners, cover=cover)
        dreamt = island.dreamt and letter == island.dreamt[0]
        colour, width = (changes.DREAMT, 5) if dreamt else (BORDER_COLOUR, 3)
        draw.polygon(outline, outline=colour, width=width)
        ink.polygon(outline, outline=255, width=width)
    return layer, cover


def land_map(boards: list[str] | Layout, size: int) -> Image.Image:
    """The layout as an "L" picture of land codes (16 * board index + land number, the
    Ocean as 9, borders as 10; index in `Layout.boards`; sunk boards left out): for tests of
    which lands touch across boards."""
    island = boards if isinstance(boards, Layout) else Layout(tuple(boards))
    canvas = Image.new("L", (size, size), 0)
    layout, _ = placed(island, (0, 0, size, size))
    for i, (letter, corners) in enumerate(zip(island.boards, layout, strict=True)):
        if letter in island.sunk:
            continue
        raster = shapes.labels(letter).point(
            lambda v, i=i: v if v in (shapes.OCEAN, shapes.BORDER) else 16 * i + v)
        _paste_board(canvas, letter, corners, raster)
    return canvas


def _paste_board(canvas: Image.Image, letter: str, corners, raster=None, cover=None) -> None:
    """The board's raster laid on `canvas` at its corners (and its area marked in `cover`)."""
    raster = _painted(letter) if raster is None else raster
    layer = raster.transform(canvas.size, Image.AFFINE, shapes.affine(corners), Image.NEAREST)
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
                labels: bool = True, lang: str = "en") -> list[tuple[str, list[float], list]]:
    """The island of the view inside `box` (as the powers that change it left it: see
    changes.py), with its lands' ids and pieces (unless `labels` is false); `unit` is the
    marks' size in pixels. Returns the labels drawn: (land, its block, its items)."""
    island = changes.layout_of(view)
    if not island.boards:
        return []
    draw = ImageDraw.Draw(canvas)
    layout, scale = placed(island, box)
    base, mask = _base(replace(island, woven=()), box)
    canvas.paste(base, box[:2], mask)
    if island.woven:
        size = (box[2] - box[0], box[3] - box[1])
        local = tuple(tuple((x - box[0], y - box[1]) for x, y in c) for c in layout)
        layer, cover = changes.woven_overlay(island, size, local, scale)
        canvas.paste(layer, box[:2], cover)
    if not labels:
        return []
    lands = view.get("lands", {})
    spirits = [row.get("spirit", "") for row in view.get("seats", [])]
    joined = dict((other, kept) for kept, other in island.woven)
    labelled = []
    for letter, corners in zip(island.boards, layout, strict=True):
        if letter in island.sunk:
            continue
        centres = dict(shapes.centres(letter))
        centres[0] = (0.5, -shapes.OCEAN_BAND / 2)
        for number, (x, y) in sorted(centres.items()):
            name = f"{letter}{number}"
            if name in joined:
                continue
            items = land_items(lands.get(name, {}), spirits)
            per_row = OCEAN_ROW if number == 0 else ROW
            block = _block(to_canvas(corners, x, y), name, items, unit, box, per_row)
            labelled.append((block, name, items, per_row))
    _spread([block for block, *_ in labelled], box)
    for block, name, items, per_row in labelled:
        _draw_land(draw, block, name, items, unit, per_row)
    _joined_tags(draw, island, layout, joined, unit)
    _sunk_marks(draw, island, layout, unit, lang)
    return [(name, block, items) for block, name, items, _ in labelled]


def _joined_tags(draw, island: Layout, layout, joined: dict[str, str], unit: int) -> None:
    """In the land joined into another: a small "other → kept" tag (its pieces are kept's)."""
    where = dict(zip(island.boards, layout, strict=True))
    face = font(max(10, unit * 3 // 4), True)
    for other, kept in joined.items():
        if other[0] not in where:
            continue
        x, y = to_canvas(where[other[0]], *shapes.centres(other[0])[int(other[1:])])
        text = f"{other} → {kept}"
        tw = text_width(text, face)
        draw.rounded_rectangle((x - tw / 2 - 5, y - unit / 2 - 2, x + tw / 2 + 5, y + unit / 2),
                               radius=4, fill=LABEL_BACK, outline=changes.WOVEN, width=2)
        draw.text((x - tw / 2, y - unit / 2), text, font=face, fill=changes.WOVEN)


def _sunk_marks(draw, island: Layout, layout, unit: int, lang: str) -> None:
    """A sunk board's name and "sunk" at its centre."""
    face = font(unit, True)
    for letter, corners in zip(island.boards, layout, strict=True):
        if letter not in island.sunk:
            continue
        x, y = to_canvas(corners, 0.5, 0.5)
        text = say("sunk", lang, b=letter)
        tw = text_width(text, face)
        draw.rounded_rectangle((x - tw / 2 - 8, y - unit / 2 - 6, x + tw / 2 + 8, y + unit / 2 + 8),
                               radius=6, fill=LABEL_BACK)
        draw.text((x - tw / 2, y - unit / 2), text, font=face, fill=(255, 255, 255))
