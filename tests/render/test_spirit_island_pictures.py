"""Spirit Island pictures (render/spirit_island/): positions of random games with 1-4 spirits
(so 1-4 boards) in both languages decode as PNGs of the expected widths; every land of every
board is drawn in its terrain's colour; the layouts join the boards' edges the engine joins;
the Korean words have real glyphs."""

import io
from functools import lru_cache

import pytest
from PIL import Image

from render import render_board, render_private, render_table
from render.common import has_glyph
from render.spirit_island import GLANCE_WIDTH, shapes, words
from render.spirit_island.island import draw_island, land_map, placed, to_canvas
from render.spirit_island.panel import WIDTH as PANEL_WIDTH
from render.spirit_island.style import SPIRIT_COLOURS, TERRAIN_COLOURS
from rules import get_engine
from rules.core import Rng
from rules.spirit_island import boards as rules_boards
from rules.spirit_island import island as rules_island

ENGINE = get_engine("spirit_island")


@lru_cache(maxsize=16)
def position(seats: int, seed: int, moves: int) -> dict:
    """The view after `moves` random moves of a game (or at its end, if sooner)."""
    state = ENGINE.setup({"events": True}, seats, seed)
    rng = Rng(seed)
    for _ in range(moves):
        if ENGINE.result(state) is not None:
            break
        decision = rng.choice(ENGINE.decisions(state))
        state, _ = ENGINE.apply(state, decision.seat, rng.choice(decision.choices).action)
    return ENGINE.view(state, 0)


def png(data: bytes) -> Image.Image:
    assert data[:8] == b"\x89PNG\r\n\x1a\n"
    image = Image.open(io.BytesIO(data))
    image.load()
    return image


@pytest.mark.parametrize("seats", [1, 2, 3, 4])
@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_three_pictures_decode_at_their_sizes(seats, lang):
    view = position(seats, seats + 10, 40)
    assert len(view["boards"]) == seats
    glance = png(render_table("spirit_island", view, lang, {0: "하나"}))
    detail = png(render_board("spirit_island", view, lang))
    assert glance.width == GLANCE_WIDTH and 900 < glance.height < 2000
    assert detail.width > 1.6 * glance.width and detail.height > 1000
    for seat in range(seats):
        panel = png(render_private("spirit_island", ENGINE_VIEW(seats, seat), lang))
        assert panel.width == PANEL_WIDTH and panel.height > 500


def ENGINE_VIEW(seats: int, seat: int) -> dict:  # noqa: N802 - a view per seat
    view = dict(position(seats, seats + 10, 40))
    view["viewer"] = seat
    return view


def test_a_mid_game_position_has_pieces_and_presence_to_draw():
    view = position(4, 7, 120)
    lands = view["lands"].values()
    assert any(land["presence"] for land in lands)
    assert any(land["explorer"] or land["town"] or land["city"] for land in lands)
    assert png(render_table("spirit_island", view, "ko")).height > 1200


@pytest.mark.parametrize("count", [1, 2, 3, 4])
def test_every_land_is_drawn_in_its_terrains_colour(count):
    boards = "ABCDEF"[6 - count:] if count % 2 else "ABCDEF"[:count]
    view = {"boards": list(boards), "lands": {}, "seats": []}
    canvas = Image.new("RGB", (900, 900), (0, 0, 0))
    box = (10, 10, 890, 890)
    draw_island(canvas, box, view, 20, labels=False)
    layout, _ = placed(count, box)
    for letter, corners in zip(boards, layout, strict=False):
        for number, (x, y) in shapes.centres(letter).items():
            terrain = rules_boards.LANDS[letter][number][0]
            pixel = canvas.getpixel(tuple(map(round, to_canvas(corners, x, y))))
            assert pixel == TERRAIN_COLOURS[terrain], f"{letter}{number}"
        ox, oy = to_canvas(corners, 0.5, -shapes.OCEAN_BAND / 2)
        assert canvas.getpixel((round(ox), round(oy))) == TERRAIN_COLOURS["ocean"]


@pytest.mark.parametrize("letter", "ABCDEF")
def test_each_board_has_its_eight_lands_each_in_one_piece(letter):
    raster = shapes.labels(letter)
    counts = raster.histogram()
    for land in range(1, 9):
        assert counts[land] > 0.04 * shapes.SIZE ** 2, land  # a land, not a sliver
    assert counts[shapes.OCEAN] > 0
    assert pieces(raster) == {land: 1 for land in range(1, 9)}


def pieces(raster: Image.Image) -> dict[int, int]:
    """land -> how many separate pieces of it the raster holds (4-connected)."""
    data, (width, height) = raster.load(), raster.size
    seen: set = set()
    out: dict[int, int] = {}
    for start in ((x, y) for y in range(height) for x in range(width)):
        land = data[start]
        if start in seen or not 1 <= land <= 8:
            continue
        out[land] = out.get(land, 0) + 1
        stack = [start]
        seen.add(start)
        while stack:
            x, y = stack.pop()
            for nxt in ((x + 1, y), (x - 1, y), (x, y + 1), (x, y - 1)):
                if (0 <= nxt[0] < width and 0 <= nxt[1] < height and nxt not in seen
                        and data[nxt] == land):
                    seen.add(nxt)
                    stack.append(nxt)
    return out


@pytest.mark.parametrize("letter", "ABCDEF")
def test_the_lands_the_engine_calls_adjacent_touch(letter):
    want = {(min(a, b), max(a, b)) for a, (_, adjacent) in rules_boards.LANDS[letter].items()
            for b in adjacent}
    touching = shapes.touching(letter)
    assert want - touching == set()
    assert touching - want == set()


def test_the_renderers_board_tables_match_the_engines():
    assert shapes.EDGES == rules_boards.EDGES
    for letter, terrains in shapes.TERRAIN.items():
        assert terrains == tuple(rules_boards.LANDS[letter][n][0] for n in range(1, 9))


@pytest.mark.parametrize("count", [2, 3, 4])
def test_the_layouts_lay_the_engines_edges_on_one_another(count):
    corners = shapes.layout(count)

    def edge(board, index):  # edge i runs from corner i to corner i + 1 (P0..P3)
        return corners[board][index], corners[board][index + 1]

    for (i, ei), (j, ej) in rules_island.LAYOUTS[count]:
        (a0, a1), (b0, b1) = edge(i, ei), edge(j, ej)
        assert a0 == pytest.approx(b1, abs=1e-9) and a1 == pytest.approx(b0, abs=1e-9)


def test_korean_words_and_names_have_real_glyphs():
    texts = [ko for _, ko in words.WORDS.values()] + list(words.catalogue()["ko"].values())
    texts += [ko for _, ko in words.TERRAINS.values()] + [ko for _, ko in words.ELEMENTS.values()]
    missing = {ch for text in texts for ch in text if not has_glyph(ch)}
    assert missing == set()


def test_korean_names_are_used_in_korean_pictures():
    assert words.name("River Surges in Sunlight", "ko") == "햇살 아래 넘치는 강물"
    assert words.name("England", "ko") == "잉글랜드 왕국"
    assert words.name("England", "en") == "England"
    assert words.invader_card("2:coastal", "ko") == "II 해안"


def test_the_panel_shows_the_viewers_colour():
    view = ENGINE_VIEW(2, 1)
    image = png(render_private("spirit_island", view, "en")).convert("RGB")
    colours = {colour for _, colour in image.getcolors(1 << 16)}
    assert SPIRIT_COLOURS[1] in colours


@pytest.mark.parametrize("boards", [("A", "B"), ("C", "F", "D"), ("A", "B", "C", "D"),
                                    ("E", "F", "A", "B")])
def test_lands_of_joined_boards_touch_as_the_engine_says(boards):
    """Across boards, the picture joins the lands the engine calls adjacent, and no others."""
    picture = land_map(list(boards), 800)
    data, (width, height) = picture.load(), picture.size
    touching = set()
    for y in range(3, height - 3):
        for x in range(3, width - 3):
            if data[x, y] != shapes.BORDER:
                continue
            near = {data[x + dx, y + dy] for dx in (-3, 0, 3) for dy in (-3, 0, 3)}
            codes = {v for v in near if v % 16 and v not in (shapes.OCEAN, shapes.BORDER)}
            touching |= {(a, b) for a in codes for b in codes if a // 16 < b // 16}
    rows = rules_island.island(tuple(boards))
    want = {(16 * boards.index(n[0]) + int(n[1]), 16 * boards.index(m[0]) + int(m[1]))
            for n, row in rows.items() for m in row["adjacent"]
            if n[0] != m[0] and boards.index(n[0]) < boards.index(m[0])
            and n[1] != "0" and m[1] != "0"}
    assert len(want) >= 2 and want - touching == set()
    assert touching - want == set()


def test_a_lands_pieces_tokens_presence_and_sacred_sites_are_counted():
    from render.spirit_island.island import land_items

    land = {"explorer": [0, 1], "town": [0], "city": [], "dahan": [0, 0, 0], "blight": 1,
            "beasts": 2, "disease": 0, "wilds": 1, "badlands": 0,
            "strife": {"explorer": [1, 0], "town": [1], "city": []},
            "presence": {"Thunderspeaker": 2, "River Surges in Sunlight": 1}}
    items = land_items(land, ["River Surges in Sunlight", "Thunderspeaker"])
    assert [(kind, n) for kind, n, _, _ in items] == [
        ("explorer", 2), ("town", 1), ("dahan", 3), ("blight", 1), ("beasts", 2),
        ("wilds", 1), ("strife", 2), ("presence", 1), ("presence", 2)]
    assert [(colour, sacred) for kind, _, colour, sacred in items if kind == "presence"] == [
        (SPIRIT_COLOURS[0], False), (SPIRIT_COLOURS[1], True)]


@pytest.mark.parametrize("seats", [1, 3])
def test_the_panels_energy_and_card_plays_are_the_engines(seats):
    from render.spirit_island.panel import track_gains
    from rules.spirit_island.spirits import track_values

    state = ENGINE.setup({"events": True}, seats, 40 + seats)
    rng = Rng(seats)
    for _ in range(150):
        if ENGINE.result(state) is not None:
            break
        decision = rng.choice(ENGINE.decisions(state))
        state, _ = ENGINE.apply(state, decision.seat, rng.choice(decision.choices).action)
        view = ENGINE.view(state, 0)
        for seat, row in enumerate(view["seats"]):
            engine = track_values(state, seat)
            gains = track_gains(row)
            assert (gains["energy"], gains["card_plays"]) == (engine["energy"],
                                                              engine["card_plays"])


OCEAN_SPIRIT = "Ocean's Hungry Grasp"


def _ocean_view(boards: list[str], ocean: dict) -> dict:
    """A hand-built view: empty lands, but for board A's Ocean holding `ocean`."""
    empty = {"explorer": [], "town": [], "city": [], "dahan": [], "blight": 0, "beasts": 0,
             "disease": 0, "wilds": 0, "badlands": 0, "presence": {},
             "strife": {"explorer": [], "town": [], "city": []}}
    lands = {f"{b}{n}": dict(empty) for b in boards for n in range(9)}
    lands["A0"] = {**empty, **ocean}
    return {"boards": boards, "lands": lands, "seats": [{"spirit": OCEAN_SPIRIT}]}


@pytest.mark.parametrize("boards", [["A"], ["A", "B", "C", "D"]])
@pytest.mark.parametrize("ocean", [
    {"presence": {OCEAN_SPIRIT: 2}},  # Ocean's presence (a sacred site) in its Ocean
    {"explorer": [0, 0], "town": [1]},  # invaders pushed into the Ocean, awaiting its rules
    {"dahan": [0], "city": [0], "strife": {"explorer": [], "town": [], "city": [1]}},
    {"explorer": [0], "town": [0], "city": [0], "dahan": [0, 0],
     "presence": {OCEAN_SPIRIT: 1}, "strife": {"explorer": [1], "town": [], "city": []}},
])
def test_pieces_in_an_ocean_are_drawn_inside_its_band(boards, ocean):
    size = 900
    bare = Image.new("RGB", (size, size))
    drawn = Image.new("RGB", (size, size))
    draw_island(bare, (0, 0, size, size), _ocean_view(boards, {}), 26)
    draw_island(drawn, (0, 0, size, size), _ocean_view(boards, ocean), 26)
    lands = land_map(boards, size)
    changed = [(x, y) for y in range(0, size, 2) for x in range(0, size, 2)
               if bare.getpixel((x, y)) != drawn.getpixel((x, y))]
    assert len(changed) > 60  # the pieces are drawn
    # where: the row holding the pieces (its light backing) lies in the Ocean (its land
    # code; borders count as its edge), not over the lands; the Ocean's id above it may
    # touch the coast where the band is narrow
    backing = (246, 240, 226)
    row = [p for p in changed if drawn.getpixel(p) == backing]
    assert len(row) > 30
    inside = [p for p in row if lands.getpixel(p) in (shapes.OCEAN, shapes.BORDER)]
    assert len(inside) >= 0.99 * len(row), (len(inside), len(row))
    if len(boards) > 1:  # board A's Ocean, not another board's
        a_corners = placed(len(boards), (0, 0, size, size))[0][0]
        centre = to_canvas(a_corners, 0.5, -shapes.OCEAN_BAND / 2)
        xs = sorted(x for x, _ in changed)
        assert abs((xs[0] + xs[-1]) / 2 - centre[0]) < size / 8
