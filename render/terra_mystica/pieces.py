"""Shapes of Terra Mystica pieces (buildings, priests, workers, coins) drawn with Pillow."""

from __future__ import annotations

import math

from PIL import ImageDraw

from render.terra_mystica.style import HEX_EDGE, RGB, luminance

Point = tuple[float, float]


def _arc(cx: float, cy: float, r: float, start: int, end: int, step: int = 15) -> list[Point]:
    return [
        (cx + r * math.cos(math.radians(a)), cy + r * math.sin(math.radians(a)))
        for a in range(start, end + 1, step)
    ]


# Unit silhouettes, about [-1, 1] each way; y grows downwards. One distinct outline per kind.
SHAPES: dict[str, list[Point]] = {
    "D": [(-0.62, 0.9), (0.62, 0.9), (0.62, -0.1), (0.0, -0.72), (-0.62, -0.1)],
    "TP": [
        (-0.95, 0.9),
        (0.95, 0.9),
        (0.95, 0.15),
        (0.55, -0.3),
        (0.15, 0.15),
        (0.15, -0.25),
        (-0.4, -0.85),
        (-0.95, -0.25),
    ],
    "TE": [(-0.75, 0.9), (0.75, 0.9), *_arc(0.0, 0.15, 0.75, -180, 0)[::-1]],
    "SH": [
        (-0.9, 0.9),
        (0.9, 0.9),
        (0.9, -0.85),
        (0.54, -0.85),
        (0.54, -0.5),
        (0.18, -0.5),
        (0.18, -0.85),
        (-0.18, -0.85),
        (-0.18, -0.5),
        (-0.54, -0.5),
        (-0.54, -0.85),
        (-0.9, -0.85),
    ],
    "SA": _arc(-0.4, 0.1, 0.72, 90, 270) + _arc(0.4, 0.1, 0.72, -90, 90),
}
# A building kind the picture does not know still shows as something: a diamond.
FALLBACK_SHAPE: list[Point] = [(0.0, -0.9), (0.9, 0.0), (0.0, 0.9), (-0.9, 0.0)]


def shape_points(kind: str, cx: float, cy: float, size: float) -> list[Point]:
    unit = SHAPES.get(kind, FALLBACK_SHAPE)
    return [(cx + x * size, cy + y * size) for x, y in unit]


def outlined(draw: ImageDraw.ImageDraw, points: list[Point], fill: RGB, halo: int) -> None:
    """Fill with a dark halo, plus a light inner stroke on dark fills, so it reads anywhere."""
    ring = [*points, points[0]]
    draw.line(
        ring,
        fill=HEX_EDGE if luminance(fill) > 0.2 else (10, 10, 10),
        width=halo * 2,
        joint="curve",
    )
    draw.polygon(points, fill=fill)
    if luminance(fill) < 0.6:
        draw.line(ring, fill=(250, 250, 250), width=max(2, halo // 2), joint="curve")


def building(
    draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, size: float, fill: RGB
) -> None:
    outlined(draw, shape_points(kind, cx, cy, size), fill, halo=max(2, round(size / 9)))


RING: RGB = (250, 250, 250)


def map_building(
    draw: ImageDraw.ImageDraw, kind: str, cx: float, cy: float, size: float, fill: RGB
) -> None:
    """A building on the map: a light ring around a dark edge, so a piece stands out on its
    home terrain, whose tint is close to the faction's colour. Drawn as three nested
    polygons: a wide curved line costs a pie slice per corner, the map has dozens of pieces."""
    edge = HEX_EDGE if luminance(fill) > 0.2 else (10, 10, 10)
    unit = SHAPES.get(kind, FALLBACK_SHAPE)
    xs, ys = [x for x, _ in unit], [y for _, y in unit]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2  # grow from the shape's middle
    for scale, colour in ((1.3, RING), (1.14, edge), (1.0, fill)):
        points = [(mx + (x - mx) * scale, my + (y - my) * scale) for x, y in unit]
        draw.polygon([(cx + x * size, cy + y * size) for x, y in points], fill=colour)


def coin(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r),
        fill=(240, 190, 40),
        outline=(120, 84, 0),
        width=max(2, round(r / 5)),
    )


def worker(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float) -> None:
    draw.rounded_rectangle(
        (cx - r, cy - r, cx + r, cy + r),
        radius=r / 4,
        fill=(196, 196, 190),
        outline=(70, 70, 66),
        width=max(2, round(r / 5)),
    )


def priest(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    body = [
        (cx - r * 0.8, cy + r),
        (cx + r * 0.8, cy + r),
        (cx + r * 0.3, cy - r * 0.2),
        (cx - r * 0.3, cy - r * 0.2),
    ]
    head = (cx - r * 0.45, cy - r, cx + r * 0.45, cy - r * 0.1)
    edge = (250, 250, 250) if luminance(fill) < 0.35 else HEX_EDGE
    draw.polygon(body, fill=fill)  # a wide polygon outline would need a canvas-sized mask
    draw.line([*body, body[0]], fill=edge, width=2, joint="curve")
    draw.ellipse(head, fill=fill, outline=edge, width=2)


def disc(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    """A faction marker: a disc whose edge contrasts with its own colour."""
    edge = (250, 250, 250) if luminance(fill) < 0.35 else HEX_EDGE
    draw.ellipse(
        (cx - r, cy - r, cx + r, cy + r), fill=fill, outline=edge, width=max(2, round(r / 5))
    )


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, r: float, fill: RGB) -> None:
    pts = [
        (
            cx + (r if i % 2 == 0 else r * 0.45) * math.cos(math.radians(-90 + 36 * i)),
            cy + (r if i % 2 == 0 else r * 0.45) * math.sin(math.radians(-90 + 36 * i)),
        )
        for i in range(10)
    ]
    outlined(draw, pts, fill, halo=max(2, round(r / 6)))
