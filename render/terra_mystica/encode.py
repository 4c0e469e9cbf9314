"""PNG bytes of a Terra Mystica picture: a 256-colour palette that keeps the style's colours."""

from __future__ import annotations

import io

from PIL import Image

from render.terra_mystica.style import EXACT_COLOURS

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
