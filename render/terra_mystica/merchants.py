"""Merchants of the Seas on the map: canals, docks and warehouses, shipyards and markets,
ships, the Fakirs' and Dwarves' merchants, and trade markers under the buildings traded with.
Also the layouts of the expansion's Lakes and Fjords maps (data/merchants_maps.json).

Everything is read from the view's "merchants" part (the engine's merchants_view) and its map;
a view without it draws nothing. Each piece is drawn at twice the size on its own small square
of the finished map and halved there (smooth edges at little cost)."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

import render.terra_mystica.pieces as tm_pieces
from render.terra_mystica.style import HEX_EDGE, RGB, faction_rgb, ink_on

MAPS_FILE = Path(__file__).resolve().parent / "data" / "merchants_maps.json"
# Factions whose "ships" are merchants walking the land, with a warehouse for a dock and a
# market for a shipyard (the Korean rulebook: 상인, 창고, 시장).
WALKERS = ("fakirs", "dwarves")
CANAL: RGB = (70, 140, 205)  # deeper than the river's blue
PAPER: RGB = (250, 250, 246)  # a ship's sail, a merchant's disc
Point = tuple[float, float]
Box = tuple[int, int, int, int]
# Sizes in hex radii, for a phone showing the glance some 400 px wide (a hex ~18 px there).
SHIP, WALKER, DOCK, RIBBON = 0.54, 0.42, 0.23, 0.19

# The shipyard (and market) on the map: a gabled shed on a ship's hull.
tm_pieces.SHAPES.setdefault(
    "SY",
    [(-0.95, 0.3), (-0.5, 0.3), (-0.5, -0.4), (0.0, -0.9), (0.5, -0.4), (0.5, 0.3), (0.95, 0.3),
     (0.6, 0.9), (-0.6, 0.9)],
)
# Unit shapes (hex radii from the piece's middle): a ship's hull and sail, a merchant.
HULL = [(-0.62, 0.08), (0.62, 0.08), (0.4, 0.42), (-0.4, 0.42)]
SAIL = [(-0.05, -0.62), (-0.05, 0.02), (-0.5, 0.02)]
FLAG = [(0.05, -0.62), (0.05, 0.02), (0.46, 0.02)]
BODY = [(-0.5, 0.95), (0.5, 0.95), (0.28, 0.1), (-0.28, 0.1)]


@lru_cache(maxsize=1)
def extra_maps() -> dict[str, Any]:
    """The expansion's maps in geometry's compact form, by the engine's map ids."""
    return dict(json.loads(MAPS_FILE.read_text(encoding="utf-8"))["maps"])


def compact_merchant_maps(source: Path) -> dict[str, Any]:
    """Rebuild data/merchants_maps.json from a maps data set (its loonLakes and fjords)."""
    from render.terra_mystica.geometry import compact_maps

    data = compact_maps(source, ("loonLakes", "fjords"))
    data["maps"] = {"lakes": data["maps"]["loonLakes"], "fjords": data["maps"]["fjords"]}
    return data


Centre = Callable[[str], Point | None]


def overlay(image: Image.Image, view: dict[str, Any], centre: Centre, radius: float) -> None:
    """Draw the expansion's pieces onto the finished map `image`; `centre(id)` is a hex's or
    river's middle on it (None for an id not on this map)."""
    part = view.get("merchants")
    if not isinstance(part, dict):
        return
    colours = {
        f: faction_rgb((info or {}).get("color"))
        for f, info in (view.get("factions") or {}).items()
    }
    for a, b in part.get("canals") or []:
        ends = centre(a), centre(b)
        if ends[0] and ends[1]:
            _canal(image, ends[0], ends[1], radius)
    factions: dict[str, Any] = part.get("factions") or {}
    for faction, data in sorted(factions.items()):
        at = centre(str(data.get("dock") or ""))
        if at:
            _dock(image, at, radius, colours.get(faction, HEX_EDGE), faction in WALKERS)
    for hex_id, traders in sorted((part.get("trades") or {}).items()):
        at = centre(hex_id)
        if at and traders:
            _markers(image, at, radius, [colours.get(f, HEX_EDGE) for f in traders])
    spaces: dict[str, list[str]] = {}
    for faction, data in sorted(factions.items()):
        for space in data.get("ships") or []:
            spaces.setdefault(str(space), []).append(faction)
    for space, owners in sorted(spaces.items()):
        at = centre(space)
        if at:
            _boats(
                image, at, radius, space.startswith("r"), [colours.get(f, HEX_EDGE) for f in owners]
            )


def _sharp(
    image: Image.Image, box: Box, paint: Callable[[ImageDraw.ImageDraw, Callable], None]
) -> None:
    """Paint on `box` of `image` at twice the size and halve it back (pixels left alone stay
    exactly as they were). `paint` gets a draw and a point mapper."""
    box = (max(0, box[0]), max(0, box[1]), min(image.width, box[2]), min(image.height, box[3]))
    if box[2] <= box[0] or box[3] <= box[1]:
        return
    crop = image.crop(box)
    big = crop.resize((crop.width * 2, crop.height * 2), Image.Resampling.NEAREST)

    def at(x: float, y: float) -> Point:
        return 2 * (x - box[0]), 2 * (y - box[1])

    paint(ImageDraw.Draw(big), at)
    image.paste(big.reduce(2), box[:2])


def _around(points: list[Point], pad: float) -> Box:
    xs, ys = [p[0] for p in points], [p[1] for p in points]
    return (int(min(xs) - pad), int(min(ys) - pad), int(max(xs) + pad) + 1, int(max(ys) + pad) + 1)


def _shape(unit: list[Point], cx: float, cy: float, size: float) -> list[Point]:
    return [(cx + x * size, cy + y * size) for x, y in unit]


def _canal(image: Image.Image, a: Point, b: Point, radius: float) -> None:
    """A canal lies along the edge between two land hexes, joining the rivers at its ends
    (the two rivers' middles): deep water with banks along the edge."""

    def along(f: float) -> Point:
        return a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f

    def paint(draw: ImageDraw.ImageDraw, at: Callable) -> None:
        banks, water = [at(*along(0.22)), at(*along(0.78))], [at(*along(0.1)), at(*along(0.9))]
        draw.line(banks, fill=HEX_EDGE, width=round(2 * radius * 0.34))  # 2: doubled size
        draw.line(water, fill=CANAL, width=round(2 * radius * 0.22))

    _sharp(image, _around([along(0.1), along(0.9)], radius * 0.3), paint)


def _dock(image: Image.Image, at: Point, radius: float, colour: RGB, warehouse: bool) -> None:
    """A badge left of the building: an anchor on a disc (dock) or a crate on a square
    (warehouse), in the owner's colour."""
    cx, cy, r = at[0] - radius * 0.6, at[1] - radius * 0.08, radius * DOCK
    ink = ink_on(colour)

    def paint(draw: ImageDraw.ImageDraw, to: Callable) -> None:
        x, y = to(cx, cy)
        s = 2 * r
        box = [x - s, y - s, x + s, y + s]
        if warehouse:
            draw.rectangle(box, fill=colour, outline=HEX_EDGE, width=max(2, round(s / 6)))
            draw.rectangle(
                [x - s * 0.5, y - s * 0.5, x + s * 0.5, y + s * 0.5],
                outline=ink,
                width=max(2, round(s / 6)),
            )
            draw.line(
                [x - s * 0.5, y - s * 0.5, x + s * 0.5, y + s * 0.5],
                fill=ink,
                width=max(2, round(s / 8)),
            )
            return
        w = max(2, round(s / 6))
        draw.ellipse(box, fill=colour, outline=HEX_EDGE, width=w)
        draw.line([x, y - s * 0.55, x, y + s * 0.6], fill=ink, width=w)  # shank
        draw.line([x - s * 0.32, y - s * 0.25, x + s * 0.32, y - s * 0.25], fill=ink, width=w)
        draw.arc(
            [x - s * 0.55, y - s * 0.15, x + s * 0.55, y + s * 0.62], 20, 160, fill=ink, width=w
        )

    _sharp(image, _around([(cx, cy)], r + 3), paint)


def _markers(image: Image.Image, at: Point, radius: float, colours: list[RGB]) -> None:
    """Trade markers: one ribbon per trader in a column right of the building (three to a
    column, then left of it), under the town star."""
    r = radius * RIBBON
    spots = [
        (at[0] + side * radius * 0.66, at[1] + radius * (0.08 + 0.3 * row))
        for side in (1, -1)
        for row in range(3)
    ]
    placed = list(zip(spots, colours, strict=False))

    def paint(draw: ImageDraw.ImageDraw, to: Callable) -> None:
        for (x, y), colour in placed:
            px, py = to(x, y)
            s = 2 * r
            pts = [(px - s, py - s * 0.7), (px + s, py - s * 0.7), (px + s, py + s * 0.7),
                   (px, py + s * 0.15), (px - s, py + s * 0.7)]  # a ribbon's swallowtail
            draw.polygon(pts, fill=colour, outline=HEX_EDGE, width=max(2, round(s / 5)))

    _sharp(image, _around([p for p, _ in placed], r + 3), paint)


def _boats(image: Image.Image, at: Point, radius: float, ship: bool, colours: list[RGB]) -> None:
    """Ships on a river, side by side; merchants stand left of the building on a land hex,
    each on a light disc (the Dwarves' gray merchant on their gray mountains)."""
    size = radius * (SHIP if ship else WALKER)
    step = size * (1.3 if ship else 1.0)
    cx = at[0] if ship else at[0] - radius * 0.5
    cy = at[1] if ship else at[1] + radius * 0.26
    xs = [cx + (i - (len(colours) - 1) / 2) * step for i in range(len(colours))]

    def paint(draw: ImageDraw.ImageDraw, to: Callable) -> None:
        for x, colour in zip(xs, colours, strict=True):
            px, py = to(x, cy)
            _unit(draw, px, py, 2 * size, colour, ship)

    _sharp(image, _around([(x, cy) for x in xs], size + 4), paint)


def _unit(draw: ImageDraw.ImageDraw, px: float, py: float, s: float, colour: RGB, ship: bool) -> None:
    """One ship (hull, white sail, flag) or one merchant (on its disc), `s` its size."""
    halo = max(2, round(s / 10))
    if ship:
        tm_pieces.outlined(draw, _shape(HULL, px, py, s), colour, halo)
        tm_pieces.outlined(draw, _shape(SAIL, px, py, s), PAPER, halo)
        tm_pieces.outlined(draw, _shape(FLAG, px, py, s), colour, halo)
        return
    ring = [px - s * 0.62, py - s * 0.78, px + s * 0.62, py + s * 0.46]
    draw.ellipse(ring, fill=PAPER, outline=HEX_EDGE, width=halo)
    body = _shape(BODY, px, py - s * 0.22, s * 0.62)
    tm_pieces.outlined(draw, body, colour, halo)
    head = [px - s * 0.2, py - s * 0.6, px + s * 0.2, py - s * 0.2]
    draw.ellipse(head, fill=colour, outline=HEX_EDGE, width=halo)


def on_map(image: Image.Image, view: dict[str, Any], big_grid: Any, layout: Any) -> Image.Image:
    """`map_image`'s hook: the pieces on its halved picture (`big_grid` is its grid at twice
    the size, `layout` the map's BoardLayout)."""
    if "merchants" not in view:
        return image
    slots = layout.by_id()

    def centre(space: str) -> Point | None:
        slot = slots.get(space)
        if slot is None:
            return None
        x, y = big_grid.centre(slot.row, slot.col)
        return x / 2, y / 2

    overlay(image, view, centre, big_grid.radius / 2)
    return image


# The legend's words: the Korean rulebook's terms (seed L139: 선박·조선소·부두, 상인·시장·창고).
LEGEND_WORDS = {
    "en": {"ship": "ship", "merchant": "merchant", "canal": "canal", "dock": "dock",
           "warehouse": "warehouse", "SY": "shipyard", "market": "market", "trade": "trade"},
    "ko": {"ship": "선박", "merchant": "상인", "canal": "운하", "dock": "부두",
           "warehouse": "창고", "SY": "조선소", "market": "시장", "trade": "무역 마커"},
}
SWATCH: RGB = (150, 146, 140)  # a neutral piece colour for the legend


def legend(image: Image.Image, view: dict[str, Any], y: float, x: float, lang: str) -> None:
    """A legend row of the expansion's pieces (the detail picture, under the base legend):
    ship, canal, dock, shipyard, trade marker; merchant, warehouse and market when the
    Fakirs or Dwarves play."""
    from render.terra_mystica.style import INK, text

    words = LEGEND_WORDS.get(lang, LEGEND_WORDS["en"])
    draw = ImageDraw.Draw(image)
    r = 64.0  # a hex radius for the icons' proportions (the pieces as big as the buildings')

    def label(x: float, key: str) -> float:
        return text(draw, (x, y), words[key], 26, INK, True) + 30

    _boats(image, (x + 26, y - 4), r, True, [SWATCH])
    x = label(x + 62, "ship")
    _canal(image, (x - 4, y), (x + 66, y), 40.0)
    x = label(x + 70, "canal")
    _dock(image, (x + 0.6 * r + 8, y + 0.08 * r), r, SWATCH, False)
    x = label(x + 40, "dock")
    tm_pieces.building(draw, "SY", x + 22, y, 20, SWATCH)
    x = label(x + 52, "SY")
    _markers(image, (x - 0.66 * r + 10, y - 0.08 * r), r, [SWATCH])
    x = label(x + 42, "trade")
    walkers = [f for f in (view.get("factions") or {}) if f in WALKERS]
    if walkers:
        _boats(image, (x + 0.5 * r + 18, y - 0.26 * r + 6), r, False, [SWATCH])
        x = label(x + 56, "merchant")
        _dock(image, (x + 0.6 * r + 8, y + 0.08 * r), r, SWATCH, True)
        x = label(x + 40, "warehouse")
        tm_pieces.building(draw, "SY", x + 22, y, 20, SWATCH)
        label(x + 52, "market")
