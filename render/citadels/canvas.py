"""A picture being painted from a view: image, pen, and the named regions tests look up."""

from __future__ import annotations

from PIL import Image, ImageDraw

from render.citadels.labels import seat_name
from render.citadels.view import CitadelsView, Lang, Names, Regions
from render.common import BACKGROUND


class Canvas:
    def __init__(self, view: CitadelsView, lang: Lang, names: Names, size: tuple[int, int]) -> None:
        self.view = view
        self.lang = lang
        self.names = names
        self.regions: Regions = {}
        self.image = Image.new("RGB", size, BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)

    def name(self, seat: int) -> str:
        return seat_name(seat, self.lang, self.names)
