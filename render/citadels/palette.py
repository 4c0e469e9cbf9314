"""PNG bytes of a Citadels picture: RGB drawing mapped onto a palette of the colours it used.

The pictures are flat fills and text, so a palette PNG carries them exactly in a third of
the bytes of RGB and encodes several times faster. The palette is every colour the pen was
given plus, for each (background, ink) pair of text, a few steps between the two for the
anti-aliased edges; every other pixel goes to its nearest entry. Measured on the 8-player
table, same run: RGB level 3 207 KB; palette level 3 (below) about a third, and level 6
a further fifth smaller for twice the encoding time (see bench/citadels.py).
"""

from __future__ import annotations

from collections.abc import Iterable

from PIL import Image

from render.citadels.pen import Pair
from render.common import RGB, mix, png_bytes

STEPS = ((0.25, 0.5, 0.75), (1 / 3, 2 / 3), (0.5,), ())  # finest first, while 256 allow
COMPRESS_LEVEL = 3


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
