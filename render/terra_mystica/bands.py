"""The detail picture as horizontal bands, each compressed once and reused while its inputs
stay the same (see `encode.png_from_bands`)."""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from collections.abc import Callable

from PIL import Image, ImageDraw

from render.terra_mystica.encode import Band, compress_band
from render.terra_mystica.style import BACKGROUND

Paint = Callable[[Image.Image, ImageDraw.ImageDraw], None]
# draws a region (several bands tall) with the region's top at the given y
Region = Callable[[Image.Image, ImageDraw.ImageDraw, int], None]
# cache key (None: always drawn), height, painter, and the region it was cut from (if any)
Spec = tuple[str | None, int, Paint, Region | None]

BAND_CACHE: OrderedDict[str, Band] = OrderedDict()
BAND_CACHE_SIZE = 96  # the bands of several pictures: a few MB
_LOCK = threading.Lock()


def key(*parts: object) -> str:
    """A band's cache key from everything it is drawn from."""
    return json.dumps(parts, sort_keys=True, default=str, ensure_ascii=False)


def cut(paint: Region, edges: list[tuple[int, int, str | None]]) -> list[Spec]:
    """A region as bands (top, bottom, key): each draws the whole region moved up by its own
    top, clipped to its rows, so its key must cover whatever crosses those rows."""
    return [(k, b - a, lambda image, draw, a=a: paint(image, draw, -a), paint) for a, b, k in edges]


def draw_whole(width: int, specs: list[Spec]) -> Image.Image:
    """The bands drawn as one picture, each region in one go (nothing drawn twice)."""
    image = Image.new("RGB", (width, sum(s[1] for s in specs)), BACKGROUND)
    y, at = 0, 0
    while at < len(specs):
        _, height, paint, region = specs[at]
        run = 1
        while region and at + run < len(specs) and specs[at + run][3] is region:
            height += specs[at + run][1]
            run += 1
        if region:
            part = Image.new("RGB", (width, height), BACKGROUND)
            region(part, ImageDraw.Draw(part), 0)
        else:
            part = paint_band(width, height, paint)
        image.paste(part, (0, y))
        y, at = y + height, at + run
    return image


def paint_band(width: int, height: int, paint: Paint) -> Image.Image:
    band = Image.new("RGB", (width, height), BACKGROUND)
    paint(band, ImageDraw.Draw(band))
    return band


def band(spec: Spec, width: int) -> Band:
    """A band's compressed rows: from the cache when its key is known, else drawn,
    compressed and remembered."""
    k, height, paint, _ = spec
    if k is not None:
        with _LOCK:
            hit = BAND_CACHE.get(k)
            if hit is not None:
                BAND_CACHE.move_to_end(k)
                return hit
    out = compress_band(paint_band(width, height, paint))
    if k is not None:
        with _LOCK:
            BAND_CACHE[k] = out
            while len(BAND_CACHE) > BAND_CACHE_SIZE:
                BAND_CACHE.popitem(last=False)
    return out
