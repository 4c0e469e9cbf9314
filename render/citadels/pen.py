"""The pen Citadels pictures are drawn with.

- Layout is written in design units (the table 1200 wide, the hand 1080); the pen maps them
  to the picture's pixels by one scale, so the same layout gives a smaller picture with the
  same proportions (text keeps its share of the width, which is what reads on a phone).
- Glyph masks are reused between pictures: text is most of the drawing time and the same
  words come back in every picture of a game. The masks are FreeType's own, so the pixels
  are those `ImageDraw.text` draws at whole-pixel positions.
- It records the colours it was given and the (background, ink) of each text, from which
  `palette.py` builds the picture's palette.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from render.common import RGB, Box, Fitted, Font, fit_text, text_width
from render.common import draw_fitted as common_draw_fitted

Pair = tuple[RGB, RGB]  # (background, ink) of anti-aliased text


@lru_cache(maxsize=2048)
def glyphs(face: Font, text: str) -> tuple[Any, tuple[int, int]]:
    """The text's coverage mask (Pillow's core image) and its offset from the pen position."""
    return face.getmask2(text, "L")


@lru_cache(maxsize=256)
def scaled_font(path: str, size: int) -> Font:
    return ImageFont.truetype(path, max(1, size), layout_engine=ImageFont.Layout.BASIC)


# Layout measures the same words again and again: keep the answers (design units).
fit = lru_cache(maxsize=4096)(fit_text)
width = lru_cache(maxsize=4096)(text_width)


def draw_fitted(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fitted: Fitted,
    fill: RGB,
    align: str = "center",
    valign: str = "center",
) -> None:
    """`render.common.draw_fitted` with the widths remembered."""
    common_draw_fitted(draw, box, fitted, fill, align, valign, measure=width)


def _scaled(value: Any, scale: float) -> Any:
    """Coordinates (numbers, or points, in any sequence) times `scale`, rounded."""
    if isinstance(value, (int, float)):
        return round(value * scale)
    return tuple(_scaled(v, scale) for v in value)


class Pen(ImageDraw.ImageDraw):
    """`ImageDraw` on an RGB image, in design units, remembering its colours."""

    def __init__(self, image: Image.Image, scale: float = 1.0) -> None:
        super().__init__(image)
        self.image = image
        self.scale = scale
        self.colours: set[RGB] = set()
        self.pairs: set[Pair] = set()
        self._inside = 0  # Pillow's shapes call each other: scale only the outermost call

    def _getink(self, ink: Any, fill: Any = None) -> tuple[int | None, int | None]:
        for colour in (ink, fill):
            if isinstance(colour, tuple):
                self.colours.add(colour[:3])
        return super()._getink(ink, fill)

    def _scale_width(self, width: int) -> int:
        return max(1, round(width * self.scale)) if width else 0

    def _outer(self, method: Any, xy: Any, fill: Any, outline: Any, width: int, **kw: Any) -> None:
        if self._inside:
            method(xy, fill, outline, width, **kw)
            return
        self._inside += 1
        try:
            method(_scaled(xy, self.scale), fill, outline, self._scale_width(width), **kw)
        finally:
            self._inside -= 1

    def rectangle(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._outer(super().rectangle, xy, fill, outline, width)

    def ellipse(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._outer(super().ellipse, xy, fill, outline, width)

    def polygon(self, xy: Any, fill: Any = None, outline: Any = None, width: int = 1) -> None:
        self._outer(super().polygon, xy, fill, outline, width)

    def rounded_rectangle(
        self,
        xy: Any,
        radius: float = 0,
        fill: Any = None,
        outline: Any = None,
        width: int = 1,
        **kw: Any,
    ) -> None:
        r = radius if self._inside else radius * self.scale

        def shape(box: Any, fill: Any, outline: Any, width: int, **kw: Any) -> None:
            super(Pen, self).rounded_rectangle(box, r, fill, outline, width, **kw)

        self._outer(shape, xy, fill, outline, width, **kw)

    def text(self, xy: Any, text: Any, fill: Any = None, font: Any = None, *args, **kw) -> None:
        simple = (
            not args
            and not kw
            and isinstance(text, str)
            and "\n" not in text
            and isinstance(font, ImageFont.FreeTypeFont)
            and isinstance(fill, tuple)
        )
        if not simple:  # nothing here draws otherwise; a new use would need scaling too
            raise TypeError("Pen.text draws one line in a given font and RGB colour")
        if self.scale != 1:
            font = scaled_font(font.path, round(font.size * self.scale))
        mask, (ox, oy) = glyphs(font, text)
        x, y = round(xy[0] * self.scale) + ox, round(xy[1] * self.scale) + oy
        if 0 <= x < self.image.width and 0 <= y < self.image.height:
            # The mask's corner is clear of ink: what the text is drawn on.
            self.pairs.add((self.image.getpixel((x, y))[:3], fill[:3]))
        self.colours.add(fill[:3])
        ink, _ = super()._getink(fill)
        self.draw.draw_bitmap((x, y), mask, ink)
