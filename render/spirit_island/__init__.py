"""Spirit Island pictures, drawn from the engine's view only.

- `table_png`: the glance posted after each phase (1100 wide, read on a phone at 400 px):
  turn and phase, Terror Level, fear, blight left, the invader track, then the island with
  every land's pieces and counts, the spirits, and the marks' legend.
- `board_png`: the same island larger, with the table's state in a column beside it.
- `private_png`: one seat's panel (panel.py): energy, elements, presence tracks, hand,
  cards in play and discard, innate powers with the thresholds met.

The boards' shapes are a schematic of our own (shapes.py); an island a power changed (the
view's "island": a sunk board, a dreamt one, two lands woven together) is drawn as changes.py
says. The names of spirits, cards and adversaries come from the view, their Korean names and
card facts from data/catalogue.json.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.common import BACKGROUND, png_bytes
from render.spirit_island import info
from render.spirit_island.changes import Layout, layout_of
from render.spirit_island.island import draw_island, placed
from render.spirit_island.panel import private_png

__all__ = ["board_png", "private_png", "table_png"]

GLANCE_WIDTH = 1100
DETAIL_ISLAND = 1400  # the detail's island height
DETAIL_SIDE = 620
PAD = 24
# island box height for the glance by number of boards (the layouts' proportions)
GLANCE_ISLAND = {1: 900, 2: 720, 3: 1100, 4: 1220}
GLANCE_UNIT = {1: 34, 2: 30, 3: 28, 4: 28}  # the marks' size: as large as the lands allow


def _quantised(image: Image.Image) -> bytes:
    """A palette PNG: the pictures use few colours, and a palette makes them small."""
    return png_bytes(image.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=0))


def _aspect(island: Layout) -> float:
    """The island's width over its height (Ocean bands included)."""
    corners = [p for board in placed(island, (0, 0, 1000, 1000))[0] for p in board]
    return (max(x for x, _ in corners) - min(x for x, _ in corners)) / max(
        1, max(y for _, y in corners) - min(y for _, y in corners))


def table_png(view: dict[str, Any], lang: str = "ko", names: dict[int, str] | None = None
              ) -> bytes:
    island = layout_of(view)
    boards = len(island.slots) or 1
    width = GLANCE_WIDTH
    island_h = GLANCE_ISLAND.get(boards, 1000)
    unit = GLANCE_UNIT.get(boards, 26)
    if island.dreamt:  # a board more: the new layout's proportions, the marks as the lands
        island_h = min(1500, max(420, round((width - 2 * PAD) / _aspect(island) * 1.12)))
        was = placed(boards, (0, 0, width - 2 * PAD, GLANCE_ISLAND.get(boards, 1000)))[1]
        now = placed(island, (0, 0, width - 2 * PAD, island_h))[1]
        unit = max(20, round(unit * min(1.0, now / was)))
    seats = len(view.get("seats", []))
    spirit_h = seats * 42 + 10
    height = PAD + 60 + 2 * 44 + 12 + 2 * 62 + island_h + spirit_h + 110
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    x, w = PAD, width - 2 * PAD
    y = info.heading(draw, x, PAD, w, view, lang, 48)
    y = info.stats(draw, x, y, w, view, lang, 44)
    y = info.track(draw, x, y, w, view, lang, 34)
    draw_island(image, (x, y, x + w, y + island_h), view, unit, lang=lang)
    y += island_h + 10
    y = info.spirits(draw, x, y, w, view, lang, 28, names)
    y = info.legend(draw, x, y + 6, w, lang, 26)
    return _quantised(image.crop((0, 0, width, y + PAD)))


def board_png(view: dict[str, Any], lang: str = "ko", names: dict[int, str] | None = None
              ) -> bytes:
    island = layout_of(view)
    if not island.boards:
        island = Layout(("A",))
    island_h = DETAIL_ISLAND
    island_w = min(1900, max(1000, round(island_h * _aspect(island))))
    width = PAD * 3 + island_w + DETAIL_SIDE
    image = Image.new("RGB", (width, max(island_h, 1100) + 2 * PAD), BACKGROUND)
    draw = ImageDraw.Draw(image)
    box = (PAD, PAD, PAD + island_w, PAD + island_h)
    side = placed(island, box)[1]  # pixels per board side: larger boards, larger marks
    draw_island(image, box, view, max(34, min(46, round(side / 22))), lang=lang)
    x, w = PAD * 2 + island_w, DETAIL_SIDE
    info.panel_box(draw, (x - 12, PAD - 12, x + w + 12, image.height - PAD + 12))
    y = info.heading(draw, x, PAD, w, view, lang, 40)
    y = info.stats(draw, x, y, w, view, lang, 36, columns=2)
    y = info.track(draw, x, y + 6, w, view, lang, 30, stacked=True)
    y = info.facts(draw, x, y + 6, w, view, lang, 28)
    y = info.spirits(draw, x, y + 10, w, view, lang, 28, names)
    info.legend(draw, x, y + 16, w, lang, 28)
    return _quantised(image)
