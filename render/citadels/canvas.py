"""A picture being painted from a view: image, pen, and the named regions tests look up.

Drawing is in design units; the picture is `scale` times that (see pen.py). Regions are
kept in design units while drawing and handed out in the picture's pixels.

A strip the width of the picture (a seat's panel) can be drawn once and pasted again into
later pictures while what it shows is the same: from one turn to the next most seats'
panels do not change. Pictures are drawn in threads, so the store takes a lock.
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from typing import NamedTuple

from PIL import Image

from render.citadels.labels import seat_name
from render.citadels.palette import encode
from render.citadels.pen import Pair, Pen
from render.citadels.view import CitadelsView, Lang, Names, Regions
from render.common import BACKGROUND, RGB, Box

STRIPS_KEPT = 48  # a few games' seats; 0.3 to 0.6 MB each at 800 px


class Strip(NamedTuple):
    image: Image.Image
    colours: frozenset[RGB]
    pairs: frozenset[Pair]
    regions: Regions  # design units, from the strip's top


_strips: OrderedDict[Hashable, Strip] = OrderedDict()
_strips_lock = threading.Lock()


def forget_strips() -> None:
    with _strips_lock:
        _strips.clear()


def strips_kept() -> int:
    with _strips_lock:
        return len(_strips)


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

    def strip(self, key: Hashable, y: int, height: int, paint: Callable[[Canvas], None]) -> None:
        """Paste the strip `key` at `y`, painting it (from its own top) on a canvas of its own
        the first time; `key` must name everything `paint` shows."""
        key = (key, self.lang, self.scale, self.image.width, height)
        with _strips_lock:
            strip = _strips.get(key)
            if strip is not None:
                _strips.move_to_end(key)
        if strip is None:
            own = Canvas(
                self.view,
                self.lang,
                self.names,
                (self.image.width / self.scale, height),
                self.scale,
            )
            paint(own)
            strip = Strip(
                own.image, frozenset(own.draw.colours), frozenset(own.draw.pairs), own.regions
            )
            with _strips_lock:
                _strips[key] = strip
                while len(_strips) > STRIPS_KEPT:
                    _strips.popitem(last=False)
        self.image.paste(strip.image, (0, round(y * self.scale)))
        self.draw.colours |= strip.colours
        self.draw.pairs |= strip.pairs
        for name, b in strip.regions.items():
            self.regions[name] = Box(b.x0, b.y0 + y, b.x1, b.y1 + y)

    def png(self) -> bytes:
        """The picture as a palette PNG of the colours drawn."""
        return encode(self.image, self.draw.colours, self.draw.pairs)
