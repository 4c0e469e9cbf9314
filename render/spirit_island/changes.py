"""The island as the powers that change it left it (the view's "island", written by the
engine's island_changes.py): which boards are drawn where, and the looks of a sunk board and
of two lands joined for the turn.

- Cast down into the Briny Deep: the sunk board keeps its place in the layout, drawn as sea
  with waves and a mark naming it; the other boards stay where they were.
- Dream of the Untouched Land: the new board is a square laid on its neighbour's edge the
  engine chose (shapes.beside), so the lands the engine joins touch.
- Weave Together the Fabric of Place: the two lands are drawn as one, the border between them
  painted over with their own colours and one gold outline round both; island.py labels the
  kept land once with all the pieces, and the other with a small "other → kept" tag.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageChops, ImageDraw, ImageFilter

from render.common import RGB
from render.spirit_island import shapes
from render.spirit_island.style import TERRAIN_COLOURS

SEA_WAVES: RGB = (70, 112, 165)  # the wave strokes over a sunk board
WOVEN: RGB = (255, 206, 60)  # the joined land's outline
DREAMT: RGB = (196, 168, 255)  # the dreamt board's outline
Box = tuple[int, int, int, int]


@dataclass(frozen=True)
class Layout:
    """What island.py draws: `slots` the layout's boards (in the engine's standard layout for
    their count), `sunk` the ones gone, `dreamt` (board, neighbour, neighbour's edge, its own
    edge) or None, `woven` (kept, other) land pairs."""

    slots: tuple[str, ...]
    sunk: tuple[str, ...] = ()
    dreamt: tuple[str, str, int, int] | None = None
    woven: tuple[tuple[str, str], ...] = ()

    @property
    def boards(self) -> tuple[str, ...]:
        """Every board with a place in the picture, sunk ones too: the slots, then the dreamt."""
        return self.slots + ((self.dreamt[0],) if self.dreamt else ())

    @property
    def standard(self) -> bool:
        return not (self.sunk or self.dreamt)


def layout_of(view: dict[str, Any]) -> Layout:
    """The view's island: its shape when a power changed it, else its boards as dealt."""
    boards = tuple(view.get("boards") or ())
    shape = view.get("island")
    if not shape or not shape.get("slots"):
        return Layout(boards)
    dreamt = shape.get("dreamt")
    return Layout(
        tuple(shape["slots"]), tuple(shape.get("sunk", ())),
        (dreamt["board"], dreamt["next_to"], *dreamt["edges"]) if dreamt else None,
        tuple((pair[0], pair[1]) for pair in shape.get("woven", ())))


def corners_of(layout: Layout) -> list[tuple]:
    """Each of `layout.boards`' corners in board units: the standard layout of the slots, the
    dreamt board beside its neighbour."""
    out = shapes.layout(len(layout.slots))
    if layout.dreamt:
        _, next_to, edge, own = layout.dreamt
        out = [*out, shapes.beside(out[layout.slots.index(next_to)], edge, own)]
    return out


def draw_sunk(draw: ImageDraw.ImageDraw, corners, band: list) -> None:
    """A sunk board: sea over its square and its Ocean, with rows of wave strokes."""
    sea = TERRAIN_COLOURS["ocean"]
    draw.polygon([tuple(map(round, p)) for p in band], fill=sea)
    points = [tuple(map(round, p)) for p in corners]
    draw.polygon(points, fill=sea)
    x0, y0 = corners[0]
    side = ((corners[3][0] - x0) ** 2 + (corners[3][1] - y0) ** 2) ** 0.5
    step = max(10, side / 9)
    for i in range(1, 9):
        for j in range(1, 8):
            u, v = i / 9, j / 8 + (0.03 if i % 2 else -0.03)
            cx = x0 + u * (corners[3][0] - x0) + v * (corners[1][0] - x0)
            cy = y0 + u * (corners[3][1] - y0) + v * (corners[1][1] - y0)
            draw.arc((cx - step / 3, cy - step / 6, cx + step / 3, cy + step / 6), 200, 340,
                     fill=SEA_WAVES, width=max(2, round(step / 14)))


def _land_mask(letter: str, number: int, corners, size: tuple[int, int]) -> Image.Image:
    raster = shapes.labels(letter).point(lambda v: 255 if v == number else 0)
    return raster.transform(size, Image.AFFINE, shapes.affine(corners), Image.NEAREST)


@lru_cache(maxsize=16)
def woven_overlay(layout: Layout, size: tuple[int, int], corners: tuple, scale: float
                  ) -> tuple[Image.Image, Image.Image]:
    """The joined lands' look over the base (`corners` the boards' in pixels, `scale` pixels
    per board side): each pair's border painted in the two lands' colours, then a gold ring
    round both. Returns (layer, where it covers)."""
    layer = Image.new("RGB", size, (0, 0, 0))
    cover = Image.new("L", size, 0)
    where = dict(zip(layout.boards, corners, strict=True))
    gap = max(3, round(2 * scale / shapes.SIZE) + 2)  # the border's width, and a little
    ring = max(3, round(scale / 85))
    for kept, other in layout.woven:
        if kept[0] not in where or other[0] not in where:
            continue
        masks = [_land_mask(n[0], int(n[1:]), where[n[0]], size) for n in (kept, other)]
        both = ImageChops.lighter(*masks)
        box = _grown(both.getbbox(), gap + ring + 2, size)
        if box is None:
            continue
        a, b, both = (m.crop(box) for m in (*masks, both))
        # the strip within reach of both lands: their border (and the board's outline
        # between two boards), painted over: kept's half in its colour, the rest in other's
        seam = ImageChops.multiply(_grow(a, gap), _grow(b, gap))
        half_a = ImageChops.multiply(
            seam, ImageChops.subtract(ImageChops.lighter(a, _grow(a, gap // 2)), b))
        for name, mask in ((other, seam), (kept, half_a)):
            layer.paste(TERRAIN_COLOURS[_terrain(name)], box, mask)
            cover.paste(255, box, mask)
        whole = ImageChops.lighter(both, seam)
        outline = ImageChops.subtract(_grow(whole, ring), whole)
        layer.paste(WOVEN, box, outline)
        cover.paste(255, box, outline)
    return layer, cover


def _terrain(name: str) -> str:
    return shapes.TERRAIN[name[0]][int(name[1:]) - 1] if name[1:] != "0" else "ocean"


def _grown(box: Box | None, by: int, size: tuple[int, int]) -> Box | None:
    if box is None:
        return None
    return (max(0, box[0] - by), max(0, box[1] - by), min(size[0], box[2] + by),
            min(size[1], box[3] + by))


def _grow(mask: Image.Image, by: int) -> Image.Image:
    """`mask` grown by `by` pixels every way (a box blur is as fast at any reach)."""
    return mask.filter(ImageFilter.BoxBlur(by)).point(lambda v: 255 if v else 0)
