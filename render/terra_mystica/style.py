"""Colours, fonts and the text and card primitives of the Terra Mystica picture."""

from __future__ import annotations

from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageDraw, ImageFont

RGB = tuple[int, int, int]
FONT_DIR = Path(__file__).resolve().parents[1] / "fonts"

# Terrain tints are lighter than the matching faction colours so a piece stands out on home.
TERRAIN: dict[str, RGB] = {
    "yellow": (236, 211, 96),
    "brown": (150, 112, 70),
    "black": (66, 66, 70),
    "blue": (92, 160, 222),
    "green": (88, 160, 78),
    "gray": (170, 172, 176),
    "red": (214, 92, 78),
    "river": (178, 220, 240),
}
UNKNOWN_TERRAIN: RGB = (236, 120, 236)  # loud on purpose: a terrain we cannot name

FACTION: dict[str, RGB] = {
    "yellow": (250, 200, 0),
    "brown": (110, 66, 26),
    "black": (18, 18, 22),
    "blue": (24, 84, 200),
    "green": (20, 110, 36),
    "gray": (112, 114, 120),
    "red": (196, 24, 24),
    # Fire & Ice colours, so their pieces still look like something.
    "white": (245, 245, 245),
    "ice": (210, 235, 250),
    "volcano": (240, 120, 20),
    "orange": (240, 120, 20),
}
UNKNOWN_FACTION: RGB = (230, 0, 200)

CULT: dict[str, RGB] = {
    "FIRE": (214, 64, 40),
    "WATER": (40, 110, 200),
    "EARTH": (130, 90, 50),
    "AIR": (150, 160, 175),
}
CULTS = ("FIRE", "WATER", "EARTH", "AIR")

BACKGROUND: RGB = (245, 240, 228)
PANEL: RGB = (255, 252, 244)
INK: RGB = (30, 28, 26)
MUTED: RGB = (120, 114, 104)
HEX_EDGE: RGB = (48, 44, 40)
GOLD: RGB = (255, 206, 40)
POWER: RGB = (128, 70, 170)
HIGHLIGHT: RGB = (230, 90, 20)

EXACT_COLOURS: list[RGB] = [
    *TERRAIN.values(),
    UNKNOWN_TERRAIN,
    *FACTION.values(),
    UNKNOWN_FACTION,
    *CULT.values(),
    BACKGROUND,
    PANEL,
    INK,
    MUTED,
    HEX_EDGE,
    GOLD,
    POWER,
    HIGHLIGHT,
    (255, 255, 255),
    (250, 250, 250),
    (10, 10, 10),
]


def luminance(colour: RGB) -> float:
    r, g, b = colour
    return (0.299 * r + 0.587 * g + 0.114 * b) / 255


def ink_on(colour: RGB) -> RGB:
    """Black or white, whichever reads better on `colour`."""
    return INK if luminance(colour) > 0.55 else (255, 255, 255)


def terrain_rgb(name: object) -> RGB:
    return TERRAIN.get(name, UNKNOWN_TERRAIN) if isinstance(name, str) else UNKNOWN_TERRAIN


def faction_rgb(colour_name: object) -> RGB:
    if isinstance(colour_name, str) and colour_name in FACTION:
        return FACTION[colour_name]
    return UNKNOWN_FACTION


class Font(ImageFont.FreeTypeFont):
    """A FreeType font that remembers the widths it measured: the layout measures the same
    words again and again (whether a label fits, where the next one starts)."""

    LENGTHS = 4096  # widths kept per font before starting afresh

    def __init__(self, path: str, size: int) -> None:
        # Hangul syllables are precomposed: basic layout draws them right, and faster.
        super().__init__(path, size, layout_engine=ImageFont.Layout.BASIC)
        self._lengths: dict[str, float] = {}

    def getlength(self, text, mode="", direction=None, features=None, language=None):
        if mode or direction or features or language or not isinstance(text, str):
            return super().getlength(text, mode, direction, features, language)
        width = self._lengths.get(text)
        if width is None:
            if len(self._lengths) >= self.LENGTHS:
                self._lengths.clear()
            width = self._lengths[text] = super().getlength(text)
        return width


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> Font:
    name = "NanumSquareB.ttf" if bold else "NanumSquareR.ttf"
    return Font(str(FONT_DIR / name), size)


Box = tuple[int, int, int, int]


def text(
    draw: ImageDraw.ImageDraw,
    xy: tuple[float, float],
    s: str,
    size: int,
    fill: RGB = INK,
    bold: bool = False,
    anchor: str = "lm",
) -> float:
    """Draw `s`; returns the x just right of it (anchor 'l*' only)."""
    if s:
        mask, (left, top) = _rendered(s, size, bold, anchor)
        draw.bitmap((round(xy[0]) + left, round(xy[1]) + top), mask, fill=fill)
    return xy[0] + font(size, bold).getlength(s)


# The same words come back picture after picture (numbers, names, labels): rasterising them
# once saves a third of a picture's time. Masks are drawn at whole-pixel positions; a few
# kB each, so the cache stays around 10 MB. Read-only once made: safe across threads.
@lru_cache(maxsize=2048)
def _rendered(s: str, size: int, bold: bool, anchor: str) -> tuple[Image.Image, tuple[int, int]]:
    f = font(size, bold)
    left, top, right, bottom = (round(v) for v in f.getbbox(s, anchor=anchor))
    mask = Image.new("L", (max(1, right - left), max(1, bottom - top)), 0)
    ImageDraw.Draw(mask).text((-left, -top), s, font=f, fill=255, anchor=anchor)
    return mask, (left, top)


def card(draw: ImageDraw.ImageDraw, box: Box, title: str | None = None) -> int:
    """A panel with an optional title; returns the y where content starts."""
    draw.rounded_rectangle(box, radius=14, fill=PANEL, outline=(200, 190, 170), width=2)
    if not title:
        return box[1] + 14
    text(draw, (box[0] + 20, box[1] + 28), title, 30, bold=True)
    return box[1] + 56
