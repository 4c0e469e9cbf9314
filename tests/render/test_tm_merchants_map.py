"""The Merchants of the Seas pieces on the Terra Mystica map, and the Lakes and Fjords maps."""

from __future__ import annotations

import time

import pytest

from render.terra_mystica import board_png, table_png
from render.terra_mystica.board import map_image
from render.terra_mystica.geometry import HexGrid, load_layout
from render.terra_mystica.glance import HEX_RADIUS, WIDTH
from render.terra_mystica.merchants import CANAL
from render.terra_mystica.style import faction_rgb
from rules.terra_mystica.engine import TerraMystica
from rules.terra_mystica.merchants.maps import board_for

E = TerraMystica()
FACTIONS = ["cultists", "witches", "mermaids", "dwarves"]


@pytest.mark.parametrize("map_id", ["lakes", "fjords"])
def test_the_expansion_maps_are_drawn_from_their_data(map_id) -> None:
    layout = load_layout(map_id)
    engine = board_for(map_id)
    assert layout.id == map_id
    assert {s.id: (s.row, s.col) for s in layout.slots} == engine.POS
    assert {s.id: s.terrain for s in layout.slots if not s.is_river} == engine.START_TERRAIN


def _view(map_id: str = "base") -> dict:
    st = E.setup({"factions": FACTIONS, "merchants": True, "map": map_id}, 4, 1)
    return E.view(st, None)


def _centre(view: dict, space: str) -> tuple[int, int]:
    layout = load_layout(view["map"]["id"])
    image_w = WIDTH
    grid = HexGrid(radius=2 * HEX_RADIUS, origin_x=0, origin_y=0, first_row=layout.first_row)
    map_w, _ = grid.size(layout)
    slot = layout.by_id()[space]
    x, y = grid.centre(slot.row, slot.col)
    return round((x + 2 * image_w - map_w) / 2), round(y / 2)


def _near(image, at, colour, reach: int) -> int:
    x0, y0 = at
    px = image.load()
    return sum(
        1
        for x in range(x0 - reach, x0 + reach)
        for y in range(y0 - reach, y0 + reach)
        if px[x, y] == colour
    )


def test_ships_canals_docks_and_trade_markers_are_on_the_map() -> None:
    view = _view("fjords")
    part = view["merchants"]
    part["factions"]["witches"].update(ships=["r5", "r5"], dock="E4")
    part["factions"]["dwarves"].update(ships=["F3"], dock="G4")
    view["map"]["hexes"]["E4"].update(building="D", faction="witches")
    view["map"]["hexes"]["A4"].update(building="TE", faction="cultists")
    part["trades"] = {"A4": ["mermaids", "witches"]}
    plain = {k: v for k, v in view.items() if k != "merchants"}
    drawn, before = map_image(view, HEX_RADIUS, WIDTH), map_image(plain, HEX_RADIUS, WIDTH)
    green, blue = faction_rgb("green"), faction_rgb("blue")
    assert _near(drawn, _centre(view, "r5"), green, 25) > 40  # two witches' ships
    assert _near(before, _centre(view, "r5"), green, 25) == 0
    a, b = part["canals"][0]
    (ax, ay), (bx, by) = _centre(view, a), _centre(view, b)
    assert _near(drawn, ((ax + bx) // 2, (ay + by) // 2), CANAL, 8) > 20
    assert _near(before, ((ax + bx) // 2, (ay + by) // 2), CANAL, 8) == 0
    temple = _centre(view, "A4")
    # the two ribbons right of the temple: the Mermaids' and the Witches'
    ribbons = (temple[0] + round(HEX_RADIUS * 0.66), temple[1] + round(HEX_RADIUS * 0.28))
    assert _near(drawn, ribbons, blue, 14) > 10 and _near(drawn, ribbons, green, 14) > 10
    gray = faction_rgb("gray")  # the Dwarves' merchant, left of the middle of F3
    merchant = _centre(view, "F3")
    assert _near(drawn, (merchant[0] - HEX_RADIUS // 2, merchant[1] + 14), gray, 12) > 10
    assert _near(before, (merchant[0] - HEX_RADIUS // 2, merchant[1] + 14), gray, 12) == 0


def test_a_view_without_the_expansion_draws_exactly_as_before() -> None:
    view = _view()
    plain = {k: v for k, v in view.items() if k != "merchants"}
    part = view["merchants"]
    part["canals"], part["trades"] = [], {}
    for data in part["factions"].values():
        data.update(ships=[], dock=None)
    assert (
        map_image(view, HEX_RADIUS, WIDTH).tobytes()
        == map_image(plain, HEX_RADIUS, WIDTH).tobytes()
    )


def test_the_pictures_of_an_expansion_game_stay_within_budget() -> None:
    """Issue 11: the map picture under 300 ms and 1.5 MB (a warm renderer: the printed board
    and fonts are cached once per process)."""
    view = _view("lakes")
    view["merchants"]["factions"]["witches"]["ships"] = ["r3", "r7", "r12"]
    view["merchants"]["trades"] = {"C3": ["witches"], "D5": ["cultists", "mermaids"]}
    table_png(view, "ko")
    board_png(view, "ko")
    for draw in (table_png, board_png):
        view["merchants"]["factions"]["cultists"]["ships"] = ["r1"]  # a change each time
        start = time.perf_counter()
        png = draw(view, "ko")
        assert time.perf_counter() - start < 0.3 and len(png) < 1_500_000
        view["merchants"]["factions"]["cultists"]["ships"] = []


def test_an_income_ship_still_to_place_is_on_the_waiting_line() -> None:
    from render.terra_mystica.glance import _pending
    from render.terra_mystica.terms import term
    from tests.rules.terra_mystica.helpers import play
    from tests.rules.terra_mystica.test_merchants_ships import game

    st = game()
    st["pending"]["nomads"] = {"SHIP": 1}  # the engine's own record of an income ship owed
    (decision,) = [d for d in E.decisions(st) if d.kind == "ship"]
    view = E.view(st, None)
    (item,) = [p for p in _pending(view) if p["kind"] == "ship"]
    assert item["faction"] == "nomads" and item["amount"] == 1
    assert term("ko", "pending_ship").format(faction="유목민", amount=1) == "유목민: 선박 1척 놓기"
    declined = play(st, "nomads", "-SHIP")
    assert not [p for p in E.view(declined, None)["pending"] if p["kind"] == "ship"]
    assert decision.choices


def test_a_merchant_stands_on_a_light_disc_legible_on_its_own_terrain() -> None:
    """The Dwarves' gray merchant on gray mountains: a light disc behind it."""
    from render.terra_mystica.merchants import PAPER

    view = _view()
    view["merchants"]["factions"]["dwarves"].update(ships=["A2"], dock="A3")  # A2: mountains
    plain = {k: v for k, v in view.items() if k != "merchants"}
    drawn, before = map_image(view, HEX_RADIUS, WIDTH), map_image(plain, HEX_RADIUS, WIDTH)
    at = _centre(view, "A2")
    spot = (at[0] - HEX_RADIUS // 2, at[1] + 8)
    assert _near(drawn, spot, PAPER, 14) > 40 and _near(before, spot, PAPER, 14) == 0
    assert _near(drawn, spot, faction_rgb("gray"), 14) > 10


def test_the_detail_picture_has_a_legend_row_of_the_expansion_pieces() -> None:
    from render.terra_mystica.detail import LEGEND, draw_table
    from render.terra_mystica.merchants import LEGEND_WORDS

    view = _view()
    plain = {k: v for k, v in view.items() if k != "merchants"}
    assert draw_table(view).height - draw_table(plain).height == LEGEND
    assert LEGEND_WORDS["ko"]["warehouse"] == "창고" and LEGEND_WORDS["ko"]["SY"] == "조선소"
    assert set(LEGEND_WORDS["en"]) == set(LEGEND_WORDS["ko"])
