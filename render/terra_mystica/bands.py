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
BAND_CACHE_SIZE = 256  # about 13 KB a band: some 3 MB, a few games of bands in two languages
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
    y, done = 0, set()
    for _, height, paint, region in specs:
        if region is None:
            image.paste(paint_band(width, height, paint), (0, y))
        elif id(region) not in done:
            done.add(id(region))
            image.paste(_region_image(specs, region, width), (0, y))
        y += height
    return image


def paint_band(width: int, height: int, paint: Paint) -> Image.Image:
    band = Image.new("RGB", (width, height), BACKGROUND)
    paint(band, ImageDraw.Draw(band))
    return band


def compressed(specs: list[Spec], width: int) -> list[Band]:
    """Every band's compressed rows: from the cache when its key is known, else drawn,
    compressed and remembered. A region with several bands to draw is drawn once and cut."""
    with _LOCK:
        found = [BAND_CACHE.get(s[0]) if s[0] is not None else None for s in specs]
        for spec, hit in zip(specs, found, strict=True):
            if hit is not None:
                BAND_CACHE.move_to_end(spec[0])
    missing: dict[int, int] = {}  # region (by id) -> bands of it to draw
    for spec, hit in zip(specs, found, strict=True):
        if hit is None and spec[3] is not None:
            missing[id(spec[3])] = missing.get(id(spec[3]), 0) + 1
    starts: dict[int, int] = {}  # region -> the y of its first band
    y = 0
    for spec in specs:
        if spec[3] is not None:
            starts.setdefault(id(spec[3]), y)
        y += spec[1]
    whole: dict[int, Image.Image] = {}  # region -> drawn whole
    out, y = [], 0
    for spec, hit in zip(specs, found, strict=True):
        k, height, paint, region = spec
        if hit is None:
            if region is not None and missing[id(region)] > 1:
                if id(region) not in whole:
                    whole[id(region)] = _region_image(specs, region, width)
                top = y - starts[id(region)]
                picture = whole[id(region)].crop((0, top, width, top + height))
            else:
                picture = paint_band(width, height, paint)
            hit = compress_band(picture)
            if k is not None:
                with _LOCK:
                    BAND_CACHE[k] = hit
                    while len(BAND_CACHE) > BAND_CACHE_SIZE:
                        BAND_CACHE.popitem(last=False)
        out.append(hit)
        y += height
    return out


def _region_image(specs: list[Spec], region: Region, width: int) -> Image.Image:
    """A region drawn whole (its bands follow one another in `specs`)."""
    height = sum(s[1] for s in specs if s[3] is region)
    image = Image.new("RGB", (width, height), BACKGROUND)
    region(image, ImageDraw.Draw(image), 0)
    return image
