"""Spirit Island pictures of an island a power changed (render/spirit_island/changes.py): the
engine's own island_changes.py sinks a board (Cast down into the Briny Deep), dreams one
beside another (Dream of the Untouched Land) or weaves two lands together (Weave Together the
Fabric of Place) on a new game's position, and the pictures of its view must show it: the
sunk board is sea where it was and the other boards stay in place, the dreamt board's lands
are drawn and touch its neighbour's lands the engine joins, the woven pair is one land with
its pieces drawn once under the kept name."""

from __future__ import annotations

import io

import pytest
from PIL import Image

from render import render_board, render_table
from render.spirit_island import shapes
from render.spirit_island.changes import DREAMT, WOVEN, Layout, layout_of
from render.spirit_island.island import draw_island, land_map, placed, to_canvas
from render.spirit_island.style import BORDER_COLOUR, TERRAIN_COLOURS
from rules import get_engine
from rules.spirit_island import island as rules_island
from rules.spirit_island import island_changes as ic
from rules.spirit_island import pieces as pcs
from rules.spirit_island.boards import LANDS

ENGINE = get_engine("spirit_island")
BOX = (10, 10, 890, 890)
LAND_COLOURS = {TERRAIN_COLOURS[t] for t in ("jungle", "mountain", "sands", "wetland")}


@pytest.fixture(autouse=True)
def _plain_island():
    """The engine's lookups see no changed island before or after each test."""
    rules_island.SHAPE.set(None)
    yield
    rules_island.SHAPE.set(None)


def new_game(seats: int) -> dict:
    state = ENGINE.setup({}, seats, 5)
    rules_island.use(state)
    return state


def view_of(state: dict) -> dict:
    rules_island.SHAPE.set(None)
    return ENGINE.view(state, 0)


def png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image.convert("RGB")


def bare(view: dict) -> Image.Image:
    """The view's island without labels (the boards' colours only)."""
    canvas = Image.new("RGB", (900, 900), (0, 0, 0))
    draw_island(canvas, BOX, view, 20, labels=False)
    return canvas


def pixel(canvas: Image.Image, corners, point) -> tuple[int, int, int]:
    return canvas.getpixel(tuple(map(round, to_canvas(corners, *point))))


def terrain(land: str) -> tuple[int, int, int]:
    return TERRAIN_COLOURS[LANDS[land[0]][int(land[1:])][0]]


# --- Cast down into the Briny Deep ----------------------------------------------------------


def sunk_view() -> dict:
    state = new_game(4)
    ic.sink(state, "B")
    return view_of(state)


def test_the_view_carries_the_changed_island():
    view = sunk_view()
    assert view["boards"] == ["A", "C", "D"]
    assert view["island"]["slots"] == ["A", "B", "C", "D"] and view["island"]["sunk"] == ["B"]
    assert layout_of(view) == Layout(("A", "B", "C", "D"), ("B",))


def test_a_sunk_board_is_sea_and_the_others_stay_where_they_were():
    view = sunk_view()
    canvas = bare(view)
    standard, _ = placed(4, BOX)  # where the four boards were before the sink
    for letter, corners in zip("ABCD", standard, strict=True):
        for number, point in shapes.centres(letter).items():
            colour = pixel(canvas, corners, point)
            if letter == "B":
                assert colour not in LAND_COLOURS, f"B{number} still drawn"
                assert colour[2] > colour[0] + 40, f"B{number}: not sea blue {colour}"
            else:
                assert colour == terrain(f"{letter}{number}"), f"{letter}{number}"


def test_a_sunk_boards_lands_are_not_labelled_and_the_pictures_render():
    view = sunk_view()
    canvas = Image.new("RGB", (900, 900), (0, 0, 0))
    labelled = {name for name, _, _ in draw_island(canvas, BOX, view, 20, lang="en")}
    assert labelled == {f"{b}{n}" for b in "ACD" for n in range(9)}
    plain = view_of(new_game(4))
    for lang in ("ko", "en"):
        glance, detail = (png(f("spirit_island", view, lang)) for f in (render_table, render_board))
        before = png(render_board("spirit_island", plain, lang))
        assert glance.width == 1100 and detail.size == before.size  # the island keeps its box


# --- Dream of the Untouched Land ------------------------------------------------------------


def dreamt(seats: int, land: str) -> tuple[dict, dict]:
    """A game of `seats` boards after Dream targeting `land`: (state, view)."""
    state = new_game(seats)
    ic.dream_board(state, {}, {"land": land, "seat": 0}, None)
    return state, view_of(state)


def across(picture: Image.Image, corners, edge: int, boards: set[int]) -> set[tuple[int, int]]:
    """Land codes (16 * board index + land) read just either side of a board's edge (from
    corner `edge` to the next) in a land_map picture, all along it: the lands of `boards`
    (two board indices) facing each other (at the ends, a third board's land may be read)."""
    (x0, y0), (x1, y1) = corners[edge], corners[edge + 1]
    length = ((x1 - x0) ** 2 + (y1 - y0) ** 2) ** 0.5
    nx, ny = (y1 - y0) / length * 4, (x0 - x1) / length * 4  # 4 px across the edge
    pairs = set()
    for step in range(1, 130):
        x, y = x0 + (x1 - x0) * step / 130, y0 + (y1 - y0) * step / 130
        codes = [picture.getpixel((round(x + sx * nx), round(y + sx * ny))) for sx in (1, -1)]
        if (all(c % 16 and c not in (shapes.OCEAN, shapes.BORDER) for c in codes)
                and {c // 16 for c in codes} == boards):
            pairs.add((min(codes), max(codes)))
    return pairs


@pytest.mark.parametrize(("seats", "land"), [(1, "A5"), (2, "B5"), (3, "C5"), (4, "A5"),
                                             (4, "B5"), (4, "C5"), (4, "D5")])
def test_the_dreamt_board_is_drawn_beside_its_neighbour_touching_the_lands_the_engine_joins(
        seats, land):
    state, view = dreamt(seats, land)
    new = view["island"]["dreamt"]["board"]
    assert view["island"]["dreamt"]["next_to"] == land[0]
    island = layout_of(view)
    assert island.boards[-1] == new
    # every board's lands in their colours: the new board covers none of the others
    canvas = bare(view)
    layout, _ = placed(island, BOX)
    for letter, corners in zip(island.boards, layout, strict=True):
        for number, point in shapes.centres(letter).items():
            assert pixel(canvas, corners, point) == terrain(f"{letter}{number}")
    # along the edge they share, the picture sets face to face the lands the engine joins
    rules_island.use(state)
    rows = rules_island.island(tuple(state["boards"]))
    boards, at = island.boards, len(island.boards) - 1
    neighbour = boards.index(land[0])
    want = {(16 * neighbour + int(n[1]), 16 * at + int(m[1]))
            for n, row in rows.items() if n[0] == land[0] and n[1] != "0"
            for m in row["adjacent"] if m[0] == new}
    assert len(want) >= 2
    picture = land_map(island, 700)
    assert across(picture, placed(island, (0, 0, 700, 700))[0][neighbour],
                  view["island"]["dreamt"]["edges"][0], {neighbour, at}) == want


def test_the_dreamt_boards_lands_are_labelled_and_outlined():
    _, view = dreamt(4, "A2")
    new = view["island"]["dreamt"]["board"]
    canvas = Image.new("RGB", (900, 900), (0, 0, 0))
    labelled = [name for name, _, _ in draw_island(canvas, BOX, view, 20, lang="ko")]
    assert {f"{new}{n}" for n in range(9)} <= set(labelled)
    assert len(labelled) == 5 * 9
    assert DREAMT in {colour for _, colour in canvas.getcolors(1 << 16)}
    for lang in ("ko", "en"):
        glance = png(render_table("spirit_island", view, lang))
        detail = png(render_board("spirit_island", view, lang))
        assert glance.width == 1100 and detail.width > 2000


# --- Weave Together the Fabric of Place -----------------------------------------------------


def woven(kept: str, other: str) -> dict:
    """A 4-board game after Weave joins `other` into `kept`: kept held 2 explorers, other a
    town and a dahan."""
    state = new_game(4)
    for name in (kept, other):
        state["lands"][name] = pcs.empty_land()
    pcs.put(state["lands"][kept], "explorer")
    pcs.put(state["lands"][kept], "explorer")
    pcs.put(state["lands"][other], "town")
    pcs.put(state["lands"][other], "dahan")
    assert other in rules_island.adjacent(tuple(state["boards"]), kept)
    ic.weave_lands(state, {}, {"land": kept, "seat": 0}, other)
    return view_of(state)


def seam(kept: str, other: str, plain: Image.Image) -> list[tuple[int, int]]:
    """Pixels drawn in the border colour between the two lands in the unchanged island."""
    picture = land_map(Layout(("A", "B", "C", "D")), 880)
    codes = {16 * "ABCD".index(n[0]) + int(n[1:]) for n in (kept, other)}
    data, (width, height) = picture.load(), picture.size
    out = []
    for y in range(4, height - 4):
        for x in range(4, width - 4):
            if plain.getpixel((x + BOX[0], y + BOX[1])) != BORDER_COLOUR:
                continue
            near = {data[x + dx, y + dy] for dx in (-4, 0, 4) for dy in (-4, 0, 4)}
            if codes <= near:
                out.append((x + BOX[0], y + BOX[1]))
    return out


@pytest.mark.parametrize(("kept", "other"), [("A5", "A4"), ("A5", "B8")])
def test_woven_lands_are_one_land_with_their_pieces_drawn_once(kept, other):
    view = woven(kept, other)
    assert view["island"]["woven"][0][:2] == [kept, other]
    canvas = Image.new("RGB", (900, 900), (0, 0, 0))
    labels = draw_island(canvas, BOX, view, 20, lang="en")
    names = [name for name, _, _ in labels]
    assert names.count(kept) == 1 and other not in names
    items = {kind: n for name, _, row in labels if name == kept for kind, n, _, _ in row}
    assert items == {"explorer": 2, "town": 1, "dahan": 1}
    # the border between them is painted over, and a gold line runs round both
    joined, plain = bare(view), bare(view_of(new_game(4)))
    border = seam(kept, other, plain)
    assert len(border) > 20
    assert sum(joined.getpixel(p) == BORDER_COLOUR for p in border) < 0.05 * len(border)
    assert WOVEN in {colour for _, colour in joined.getcolors(1 << 16)}
    for lang in ("ko", "en"):
        assert png(render_table("spirit_island", view, lang)).width == 1100


def test_a_dreamt_board_that_sinks_is_sea_beside_its_neighbour():
    state = new_game(2)
    ic.dream_board(state, {}, {"land": "A5", "seat": 0}, None)
    new = state["island"]["dreamt"]["board"]
    ic.sink(state, new)
    view = view_of(state)
    island = layout_of(view)
    assert island.boards == ("A", "B", new) and island.sunk == (new,)
    canvas = bare(view)
    layout, _ = placed(island, BOX)
    for letter, corners in zip(island.boards, layout, strict=True):
        for number, point in shapes.centres(letter).items():
            colour = pixel(canvas, corners, point)
            if letter == new:
                assert colour not in LAND_COLOURS and colour[2] > colour[0] + 40
            else:
                assert colour == terrain(f"{letter}{number}")
    labelled = {name for name, _, _ in draw_island(canvas, BOX, view, 20)}
    assert labelled == {f"{b}{n}" for b in "AB" for n in range(9)}
