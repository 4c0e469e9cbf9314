"""PNG bytes of a Citadels picture: RGB drawing mapped onto a palette of the colours it used.

The pictures are flat fills and text, so a palette PNG carries the fills exactly (and the
text's edges nearly) in under half the bytes of RGB, encoded several times faster. The
palette is every colour the pen was given plus, for each (background, ink) pair of text, a
few steps between the two for the anti-aliased edges; every other pixel goes to its
nearest entry.

Measured on a late 8-player table (800 x 1424), same run on a busy machine: RGB level 3
120 KB in 40 ms; mapping to the palette 7 ms, then level 1 56 KB in 6 ms, level 3 49 KB
in 14 ms, level 6 38 KB in 36 ms, level 9 34 KB in 210 ms. Over a 4-player game's pictures
on a quiet machine (CPU time, median): level 3 24 KiB a table in 3.5 ms, level 6 18.5 KiB
in 7.4 ms (hands: 21.4 and 16.7 KiB). Level 6: a quarter fewer bytes for 4 ms, which
keeps a long game well inside the 5 MB budget.
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from render.citadels.pen import Pair
from render.common import RGB, mix, png_bytes

STEPS = ((0.25, 0.5, 0.75), (1 / 3, 2 / 3), (0.5,), ())  # finest first, while 256 allow
COMPRESS_LEVEL = 6


def palette_colours(colours: Iterable[RGB], pairs: Iterable[Pair]) -> list[RGB]:
    """The plain colours, then text's in-between steps, at most 256, in a stable order."""
    plain = sorted(set(colours) | {c for pair in pairs for c in pair})[:256]
    pairs = sorted(set(pairs))
    for steps in STEPS:
        blends = {mix(bg, ink, t) for bg, ink in pairs for t in steps} - set(plain)
        if len(plain) + len(blends) <= 256:
            return plain + sorted(blends)
    return plain


def to_palette(image: Image.Image, colours: Iterable[RGB], pairs: Iterable[Pair]) -> Image.Image:
    entries = palette_colours(colours, pairs)
    target = Image.new("P", (1, 1))
    flat = [v for c in entries for v in c]
    target.putpalette(flat + flat[:3] * (256 - len(entries)))  # pad with a repeat
    return image.quantize(palette=target, dither=Image.Dither.NONE)


def encode(image: Image.Image, colours: Iterable[RGB], pairs: Iterable[Pair]) -> bytes:
    return png_bytes(to_palette(image, colours, pairs), COMPRESS_LEVEL)
