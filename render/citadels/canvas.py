"""A picture being painted from a view: image, pen, and the named regions tests look up.

Drawing is in design units; the picture is `scale` times that (see pen.py). Regions are
kept in design units while drawing and handed out in the picture's pixels.
"""

from __future__ import annotations

from PIL import Image

from render.citadels.labels import seat_name
from render.citadels.palette import encode
from render.citadels.pen import Pen
from render.citadels.view import CitadelsView, Lang, Names, Regions
from render.common import BACKGROUND, Box


class Canvas:
    def __init__(
        self,
        view: CitadelsView,
        lang: Lang,
        names: Names,
        size: tuple[int, int],
        scale: float = 1.0,
    ) -> None:
        self.view = view
        self.lang = lang
        self.names = names
        self.scale = scale
        self.regions: Regions = {}
        self.image = Image.new("RGB", (round(size[0] * scale), round(size[1] * scale)), BACKGROUND)
        self.draw = Pen(self.image, scale)
        self.draw.colours.add(BACKGROUND)

    def name(self, seat: int) -> str:
        return seat_name(seat, self.lang, self.names)

    def pixel_regions(self) -> Regions:
        s = self.scale
        return {
            k: Box(round(b.x0 * s), round(b.y0 * s), round(b.x1 * s), round(b.y1 * s))
            for k, b in self.regions.items()
        }

    def png(self) -> bytes:
        """The picture as a palette PNG of the colours drawn."""
        return encode(self.image, self.draw.colours, self.draw.pairs)
