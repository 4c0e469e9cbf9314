"""Where each land of a board is drawn: a schematic, not the printed board.

A board is drawn in a canonical square (x right, y up, both 0..1): the Ocean side runs along
y = 0 (from x = 1 to x = 0: lands 3, 2, 1), and the three land edges run clockwise from land 1:
edge 0 up x = 0, edge 1 along y = 1, edge 2 down x = 1 (rules/spirit_island/README.md). The
lands along each edge take the stretches the engine's edge table gives (0-13 scale, copied
below from rules/spirit_island/boards.py), so where two boards meet in a layout the same lands
touch as in the engine. Inside, a land is every point nearer to it than to any other land,
measured to its seeds and its edge stretches; the seeds are placed so that the lands the engine
calls adjacent touch. The Ocean is a band outside the Ocean side.
"""

from __future__ import annotations

import math
from functools import lru_cache

from PIL import Image, ImageChops, ImageFilter, ImageMath, ImageOps

EDGE = 13
OCEAN_BAND = 0.15  # the Ocean's depth outside the Ocean side, in board sides
SIZE = 240  # the canonical raster's side, pixels

J, M, S, W = "jungle", "mountain", "sands", "wetland"
# board -> terrain of lands 1-8 (rules/spirit_island/boards.py, balanced side)
TERRAIN: dict[str, tuple[str, ...]] = {
    "A": (M, W, J, S, W, M, S, J),
    "B": (W, M, S, J, S, W, M, J),
    "C": (J, S, M, J, W, S, M, W),
    "D": (W, J, W, S, M, J, S, M),
    "E": (S, M, J, W, M, S, J, W),
    "F": (S, J, W, M, J, M, W, S),
}
# board -> edges clockwise from land 1: (lands along it, break points on the 0-13 scale)
EDGES: dict[str, tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]] = {
    "A": (((1, 6, 8), (3, 7)), ((8, 7), (5,)), ((7, 5, 4, 3), (1, 3, 7))),
    "B": (((1, 6, 8), (1, 7)), ((8, 7), (5,)), ((7, 4, 3), (1, 5))),
    "C": (((1, 6, 8), (3, 7)), ((8, 7, 4), (7, 11)), ((4, 3), (7,))),
    "D": (((1, 8), (11,)), ((8, 7, 6), (5, 11)), ((6, 4, 3), (3, 9))),
    "E": (((1, 7, 8), (5, 9)), ((8, 6), (9,)), ((6, 4, 3), (1, 7))),
    "F": (((1, 6, 8), (5, 11)), ((8, 7), (7,)), ((7, 4, 3), (3, 9))),
}
# The Ocean side, from x = 1 to x = 0: lands 3, 2, 1 and where they meet (our choice).
OCEAN_SIDE = {letter: ((3, 2, 1), (4, 9)) for letter in "BCDEF"} | {"A": ((3, 2, 1), (3, 7))}
# board -> land -> seed points (x, y) in the square; tuned so adjacent lands touch
SEEDS: dict[str, dict[int, tuple[tuple[float, float], ...]]] = {
    "A": {1: ((0.3, 0.28),), 2: ((0.6, 0.12),), 3: ((0.92, 0.2),), 4: ((0.72, 0.4),),
          5: ((0.62, 0.7),), 6: ((0.08, 0.45),), 7: ((0.55, 0.96),), 8: ((0.15, 0.85),)},
    "B": {1: ((0.32, 0.22),), 2: ((0.77, 0.36),), 3: ((0.77, 0.09),), 4: ((0.64, 0.51),),
          5: ((0.5, 0.64),), 6: ((0.12, 0.48),), 7: ((0.46, 0.71),), 8: ((0.18, 0.95),)},
    "C": {1: ((0.21, 0.35),), 2: ((0.5, 0.23),), 3: ((0.68, 0.08),), 4: ((0.79, 0.61),),
          5: ((0.5, 0.5),), 6: ((0.19, 0.51),), 7: ((0.31, 0.7),), 8: ((0.2, 0.73),)},
    "D": {1: ((0.12, 0.47),), 2: ((0.52, 0.22),), 3: ((0.57, 0.19),), 4: ((0.72, 0.4),),
          5: ((0.57, 0.56),), 6: ((0.87, 0.82),), 7: ((0.22, 0.73),), 8: ((0.18, 0.77),)},
    "E": {1: ((0.05, 0.21),), 2: ((0.7, 0.05),), 3: ((0.95, 0.22),), 4: ((0.85, 0.95),),
          5: ((0.57, 0.48),), 6: ((0.63, 0.94),), 7: ((0.55, 0.55),), 8: ((0.48, 0.67),)},
    "F": {1: ((0.05, 0.21),), 2: ((0.18, 0.09),), 3: ((0.95, 0.34),), 4: ((0.75, 0.49),),
          5: ((0.2, 0.45),), 6: ((0.22, 0.8),), 7: ((0.95, 0.92),), 8: ((0.54, 0.75),)},
}
OCEAN = 9  # the Ocean's label in the raster (lands are 1-8; 0 is outside)
BORDER = 10


def edge_segments(letter: str) -> dict[int, list[tuple[float, float, float, float]]]:
    """land -> straight stretches ((x0, y0, x1, y1) in the square) of the board's outline."""
    corners = ((0.0, 0.0), (0.0, 1.0), (1.0, 1.0), (1.0, 0.0), (0.0, 0.0))
    out: dict[int, list[tuple[float, float, float, float]]] = {}
    sides = [*EDGES[letter], OCEAN_SIDE[letter]]
    for side, (lands, breaks) in enumerate(sides):
        (ax, ay), (bx, by) = corners[side], corners[side + 1]
        cuts = (0, *breaks, EDGE)
        for i, land in enumerate(lands):
            t0, t1 = cuts[i] / EDGE, cuts[i + 1] / EDGE
            out.setdefault(land, []).append((ax + (bx - ax) * t0, ay + (by - ay) * t0,
                                             ax + (bx - ax) * t1, ay + (by - ay) * t1))
    return out


def _to_px(x: float, y: float) -> tuple[float, float]:
    """Square coordinates to raster pixels: row 0 is edge 1, the Ocean band is below y = 0."""
    return x * SIZE, (1 - y) * SIZE


@lru_cache(maxsize=1)
def _grids() -> tuple[Image.Image, Image.Image]:
    """Float images of each pixel's x and y in raster pixels."""
    height = round(SIZE * (1 + OCEAN_BAND))
    ramp = Image.linear_gradient("L").convert("F")  # 0..255 down the rows
    gy = ramp.resize((SIZE, height), Image.BILINEAR).point(lambda v: v * height / 255)
    gx = ramp.transpose(Image.ROTATE_90)  # 0..255 along the columns
    gx = gx.resize((SIZE, height), Image.BILINEAR).point(lambda v: v * SIZE / 255)
    return gx, gy


def _distance(gx: Image.Image, gy: Image.Image, seeds, segments) -> Image.Image:
    """Squared distance (pixels) from each pixel to the nearest seed or segment."""
    best = None
    for sx, sy in seeds:
        px, py = _to_px(sx, sy)
        d = ImageMath.lambda_eval(lambda a, px=px, py=py: (a["x"] - px) ** 2 + (a["y"] - py) ** 2,
                                  x=gx, y=gy)
        best = d if best is None else ImageMath.lambda_eval(
            lambda a: a["min"](a["p"], a["q"]), p=best, q=d)
    for x0, y0, x1, y1 in segments:  # every segment is axis-aligned
        (ax, ay), (bx, by) = _to_px(x0, y0), _to_px(x1, y1)
        lx, hx, ly, hy = min(ax, bx), max(ax, bx), min(ay, by), max(ay, by)
        d = ImageMath.lambda_eval(
            lambda a, lx=lx, hx=hx, ly=ly, hy=hy: a["max"](a["max"](a["x"] - hx, lx - a["x"]), 0)
            ** 2 + a["max"](a["max"](a["y"] - hy, ly - a["y"]), 0) ** 2, x=gx, y=gy)
        best = d if best is None else ImageMath.lambda_eval(
            lambda a: a["min"](a["p"], a["q"]), p=best, q=d)
    return best


@lru_cache(maxsize=8)
def labels(letter: str) -> Image.Image:
    """The board as an "L" raster: each pixel its land number, OCEAN, or BORDER between."""
    gx, gy = _grids()
    segments = edge_segments(letter)
    label = Image.new("F", gx.size, 0)
    best = None
    for land in range(1, 9):
        d = _distance(gx, gy, SEEDS[letter][land], segments.get(land, []))
        if best is None:
            best, label = d, Image.new("F", gx.size, land)
            continue
        closer = ImageMath.lambda_eval(lambda a: a["p"] < a["q"], p=d, q=best)
        label = ImageMath.lambda_eval(
            lambda a, land=land: a["l"] * (1 - a["c"]) + land * a["c"], l=label, c=closer.convert("F"))
        best = ImageMath.lambda_eval(lambda a: a["min"](a["p"], a["q"]), p=best, q=d)
    image = label.convert("L")
    image.paste(OCEAN, (0, SIZE, SIZE, image.size[1]))
    spread = ImageChops.difference(image.filter(ImageFilter.MaxFilter(3)),
                                   image.filter(ImageFilter.MinFilter(3)))
    edge = spread.point(lambda v: 255 if v else 0)
    image.paste(BORDER, (0, 0), edge)
    return image


def touching(letter: str) -> set[tuple[int, int]]:
    """Land pairs (lands 1-8 and the Ocean as 0) that meet in the raster (for tests/tuning)."""
    gx, gy = _grids()
    raw = labels(letter)
    pairs = set()
    data = raw.load()
    width, height = raw.size
    for y in range(1, height - 1):
        for x in range(1, width - 1):
            if data[x, y] != BORDER:
                continue
            near = {data[x + dx, y + dy] for dx in (-2, 0, 2) for dy in (-2, 0, 2)
                    if 0 <= x + dx < width and 0 <= y + dy < height}
            near -= {BORDER}
            near = {0 if v == OCEAN else v for v in near}
            pairs |= {(a, b) for a in near for b in near if a < b}
    return pairs


@lru_cache(maxsize=8)
def centres(letter: str) -> dict[int, tuple[float, float]]:
    """land -> its deepest point (square coordinates), for its label and pieces: all lands
    are worn away from their borders together, and each keeps the last pixel it had."""
    raw = ImageOps.expand(labels(letter), 4, 0)  # padded: the edge wears a land like a border
    inside = raw.point(lambda v: 255 if 1 <= v <= 8 else 0)
    black = Image.new("L", raw.size, 0)
    survivors = Image.composite(raw, black, inside)
    out: dict[int, tuple[float, float]] = {}
    while len(out) < 8:
        inside = inside.filter(ImageFilter.MinFilter(5))
        after = Image.composite(raw, black, inside)
        left = after.histogram()
        for land in range(1, 9):
            if land not in out and not left[land]:
                last = survivors.point(lambda v, land=land: 255 if v == land else 0)
                x0, y0, x1, y1 = last.getbbox() or (0, 0, 1, 1)
                data = last.load()
                px, py = next(((x, y) for y in range(y0, y1) for x in range(x0, x1)
                               if data[x, y]), (x0, y0))
                out[land] = ((px - 4) / SIZE, 1 - (py - 4) / SIZE)
        survivors = after
    return out


# Layouts: each board's corners P0 (land 1 at the Ocean), P1, P2, P3 in the plane (y down).
def _rot(v: tuple[float, float], degrees: float) -> tuple[float, float]:
    c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
    return v[0] * c - v[1] * s, v[0] * s + v[1] * c


def _add(*vs: tuple[float, float]) -> tuple[float, float]:
    return sum(v[0] for v in vs), sum(v[1] for v in vs)


def _neg(v):
    return -v[0], -v[1]


def _at_p2(centre, a, angle):
    """A board whose corner P2 (edges 1 and 2) is at `centre`; `a` points P2 -> P3."""
    b = _rot(a, angle)
    return (_add(centre, a, b), _add(centre, b), centre, _add(centre, a))


def _at_p1(centre, a, angle):
    """A board whose corner P1 (edges 0 and 1) is at `centre`; `a` points P1 -> P0."""
    b = _rot(a, angle)
    p2 = _add(centre, _neg(b))
    return (_add(centre, a), centre, p2, _add(p2, a))


def layout(count: int) -> list[tuple[tuple[float, float], ...]]:
    """Corners (P0, P1, P2, P3) of each board, unit sides, for the engine's layouts
    (rules/spirit_island/island.py LAYOUTS: which edges meet)."""
    if count == 1:
        return [_at_p2((0, 0), (0, 1), -90)]
    if count == 2:  # edge 2 to edge 2: the second board turned half round
        first = _at_p2((0, 0), (0, 1), -90)
        return [first, tuple((-x, 1 - y) for x, y in first)]
    if count == 3:  # around a centre: each board's edge 1 on the next one's edge 2
        a = (0, 1)
        return [_at_p2((0, 0), _rot(a, 120 * k), -120) for k in (0, 1, 2)]
    a = (0, 1)  # four squares in a ring
    return [_at_p2((0, 0), a, -90), _at_p1((0, 0), a, -90),
            _at_p2((0, 0), _rot(a, 180), -90), _at_p1((0, 0), _rot(a, 180), -90)]


def beside(corners, edge: int, own_edge: int) -> tuple[tuple[float, float], ...]:
    """A square board's corners (P0..P3) whose edge `own_edge` lies on edge `edge` of the
    board at `corners`, running the other way (as the engine's edge_contacts has them meet),
    on the far side of it: the edges' land stretches then touch as the engine says."""
    q: list[tuple[float, float]] = [(0.0, 0.0)] * 4
    start, end = corners[(edge + 1) % 4], corners[edge]
    q[own_edge], q[(own_edge + 1) % 4] = start, end
    # the same turning sense as the neighbour's corners: the new square is not mirrored
    (ax, ay), (bx, by), (cx, cy) = corners[0], corners[1], corners[2]
    sense = 1 if (bx - ax) * (cy - by) - (by - ay) * (cx - bx) > 0 else -1
    dx, dy = end[0] - start[0], end[1] - start[1]
    turn = (-sense * dy, sense * dx)
    q[(own_edge + 2) % 4] = (end[0] + turn[0], end[1] + turn[1])
    q[(own_edge + 3) % 4] = (start[0] + turn[0], start[1] + turn[1])
    return tuple(q)


def affine(corners) -> tuple[float, ...]:
    """Image.transform's coefficients laying the board's raster on a canvas at `corners`
    (canvas pixels): canvas (X, Y) -> square (x, y) -> raster (x * SIZE, (1 - y) * SIZE)."""
    p0, p1, _, p3 = corners
    ux, uy = p3[0] - p0[0], p3[1] - p0[1]  # canvas per square x
    wx, wy = p1[0] - p0[0], p1[1] - p0[1]  # canvas per square y
    det = ux * wy - wx * uy
    a, b = wy / det * SIZE, -wx / det * SIZE
    d, e = uy / det * SIZE, -ux / det * SIZE
    return (a, b, -(a * p0[0] + b * p0[1]), d, e, SIZE - (d * p0[0] + e * p0[1]))
