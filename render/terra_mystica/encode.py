"""PNG bytes of a Terra Mystica picture: a 256-colour palette that keeps the style's colours."""

from __future__ import annotations

import io
import struct
import zlib
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image

from render.terra_mystica.style import (
    BACKGROUND,
    CULT,
    EXACT_COLOURS,
    FACTION,
    GOLD,
    HEX_EDGE,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    POWER,
    TERRAIN,
)

# zlib level 3: about a fifth larger than level 6 in under half its time
LEVEL = 3


def png(image: Image.Image, level: int = LEVEL) -> bytes:
    out = io.BytesIO()
    to_palette(image).save(out, format="PNG", compress_level=level)
    return out.getvalue()


def to_palette(image: Image.Image) -> Image.Image:
    """256 colours: the style's own colours exactly, the rest (text edges) approximated.

    A palette PNG is about a third of the RGB one; keeping the named colours exact keeps a
    terrain or a faction's pieces the very colour the legend promises.
    """
    exact = list(dict.fromkeys(EXACT_COLOURS))
    # The text-edge shades are chosen on every fourth pixel each way: as close a match as a
    # half-size average (a blur, which invents shades) in a twentieth of the time.
    sample = image.resize((max(1, image.width // 4), max(1, image.height // 4)), Image.NEAREST)
    approx = (
        sample.quantize(
            colors=256 - len(exact), method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE
        ).getpalette()
        or []
    )
    extra = [tuple(approx[i : i + 3]) for i in range(0, 3 * (256 - len(exact)), 3)]
    # Pillow maps colours through a coarse cache: a near twin would steal an exact colour.
    extra = far_from([c for c in extra if len(c) == 3], exact, 6)
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for rgb in exact + extra for v in rgb])
    return image.quantize(palette=palette, dither=Image.Dither.NONE)


def far_from(colours: list[tuple], exact: list[tuple], limit: int) -> list[tuple]:
    """The colours more than `limit` away (in every channel's largest difference) from all
    of `exact`; exact colours are bucketed so each test looks at its neighbourhood only."""
    size = limit + 1
    buckets: dict[tuple[int, ...], list[tuple]] = {}
    for e in exact:
        buckets.setdefault(tuple(v // size for v in e), []).append(e)
    out = []
    for c in colours:
        r, g, b = (v // size for v in c)
        near = (
            e
            for dr in (-1, 0, 1)
            for dg in (-1, 0, 1)
            for db in (-1, 0, 1)
            for e in buckets.get((r + dr, g + dg, b + db), ())
        )
        if all(max(abs(x - y) for x, y in zip(c, e, strict=True)) > limit for e in near):
            out.append(c)
    return out


# -- The detail picture in bands -------------------------------------------------------------
# A PNG's pixels are one zlib stream of rows; compressed with a full flush after each band,
# the bands are independent, so a band whose words and pieces did not change is reused as
# compressed bytes (no drawing, no palette mapping, no compression). That needs one palette
# for every picture: the style's colours, and the shades their text edges make on the
# backgrounds they sit on.

INKS = (INK, MUTED, HEX_EDGE, POWER, HIGHLIGHT, GOLD, (255, 255, 255))
# The detail's flat fills besides the style's colours (tiles, cells, chips, badges, the cult
# rows' tints, the power bowls): exact, as a fill a whole card wide shows any shift at once.
FILLS: list[tuple[int, int, int]] = [
    *((255, 236, 214), (200, 196, 190), (200, 190, 170), (190, 180, 170), (255, 246, 200)),
    *((255, 236, 170), (255, 236, 150), (255, 214, 90), (250, 246, 236), (242, 232, 250)),
    *((240, 236, 228), (236, 232, 226), (236, 226, 246), (232, 228, 220), (226, 230, 240)),
    *((226, 222, 214), (214, 210, 204), (196, 196, 190), (96, 96, 96), (40, 120, 200)),
    *((190, 140, 0), (90, 80, 80), (70, 70, 66), (240, 190, 40), (120, 84, 0)),
    *(tuple(round(c * 0.18 + 255 * 0.82) for c in rgb) for rgb in CULT.values()),
    *(tuple(round(255 - (255 - c) * shade) for c in POWER) for shade in (0.45, 0.7)),
]


@lru_cache(maxsize=1)
def fixed_palette() -> Image.Image:
    """256 colours, the same for every picture: the style's colours exactly, then blends of
    each ink and colour over each background, reduced to what is left of the 256."""
    exact = list(dict.fromkeys([*EXACT_COLOURS, *FILLS]))
    colours = list(dict.fromkeys([*INKS, *exact]))
    # Every colour over every other in eighths; and, weighed four times, in sixteenths, what
    # most edges are: inks and pieces over terrains, the page, panels and pieces. On the
    # 5-player mid-game, pixels more than 12 off: 8042 with the plain blends, 2856 so.
    grounds = [*TERRAIN.values(), BACKGROUND, PANEL, *FACTION.values()]
    blends = _blends(colours, colours, 8) + 4 * _blends([*INKS, *FACTION.values()], grounds, 16)
    swatch = Image.new("RGB", (len(blends), 1))
    swatch.putdata(blends)
    approx = swatch.quantize(colors=256 - len(exact), method=Image.Quantize.MEDIANCUT)
    flat = approx.getpalette() or []
    extra = [tuple(flat[i : i + 3]) for i in range(0, len(flat), 3)][: 256 - len(exact)]
    extra = far_from(extra, exact, 6)
    palette = Image.new("P", (1, 1))
    palette.putpalette([v for rgb in exact + extra for v in rgb])
    return palette


def _blends(inks: list, grounds: list, steps: int) -> list[tuple[int, ...]]:
    return [
        tuple(round(f * a / steps + b * (1 - a / steps)) for f, b in zip(fg, bg, strict=True))
        for fg in inks
        for bg in grounds
        for a in range(1, steps)
    ]


@dataclass(frozen=True)
class Band:
    """Rows of a picture as compressed, independent deflate data (with their Adler-32)."""

    data: bytes
    adler: int
    size: int  # uncompressed bytes: a filter byte and the palette indices of each row


BAND_LEVEL = 2  # a band is compressed once and reused: 40% faster than level 3, 8% larger


def compress_band(image: Image.Image, level: int = BAND_LEVEL) -> Band:
    indices = image.quantize(palette=fixed_palette(), dither=Image.Dither.NONE).tobytes()
    width = image.width
    rows = memoryview(indices)
    raw = b"".join(b"\x00" + rows[i : i + width] for i in range(0, len(indices), width))
    z = zlib.compressobj(level, zlib.DEFLATED, -15)
    return Band(z.compress(raw) + z.flush(zlib.Z_FULL_FLUSH), zlib.adler32(raw), len(raw))


def _adler_combine(a: int, b: int, b_size: int) -> int:
    """The Adler-32 of two byte strings joined, from each one's (zlib's adler32_combine)."""
    base = 65521
    rem = b_size % base
    s1 = (a & 0xFFFF) + (b & 0xFFFF) + base - 1
    s2 = (rem * (a & 0xFFFF)) % base + (a >> 16) + (b >> 16) + base - rem
    return (s1 % base) | ((s2 % base) << 16)


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body))


def png_from_bands(width: int, bands: list[Band]) -> bytes:
    """A palette PNG `width` wide made of `bands` from top to bottom."""
    rows = sum(b.size for b in bands) // (width + 1)
    adler = 1
    for band in bands:
        adler = _adler_combine(adler, band.adler, band.size)
    stream = b"".join(
        [b"\x78\x01", *(b.data for b in bands), b"\x03\x00", struct.pack(">I", adler)]
    )  # zlib header, the bands, an empty final block, the checksum
    header = struct.pack(">IIBBBBB", width, rows, 8, 3, 0, 0, 0)
    return b"".join(
        [
            b"\x89PNG\r\n\x1a\n",
            _chunk(b"IHDR", header),
            _chunk(b"PLTE", bytes(fixed_palette().getpalette() or [])),
            _chunk(b"IDAT", stream),
            _chunk(b"IEND", b""),
        ]
    )
