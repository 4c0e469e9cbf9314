"""Terra Mystica pictures for a phone (issue 10, point 3): the glance posted after a turn, the
detail board picture, the viewer's faction card; key text at least 1/40 of a picture's width."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops, ImageDraw

import render
import render.terra_mystica.card as tm_card
import render.terra_mystica.factions as tm_factions
import render.terra_mystica.glance as tm_glance
from render.terra_mystica import board_png, draw_card, draw_glance, private_png, table_png
from render.terra_mystica.board import BUILDING_DY, BUILDING_SIZE, draw_map, map_image, map_size
from render.terra_mystica.pieces import RING
from render.terra_mystica.style import BACKGROUND, FACTION, TERRAIN
from render.terra_mystica.terms import amount, faction_name, term

FIXTURES = Path(__file__).parent / "fixtures"
GAME = "terra_mystica"


def load(name: str = "tm_midgame") -> dict[str, Any]:
    return json.loads((FIXTURES / f"{name}.json").read_text(encoding="utf-8"))


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def five_factions() -> dict[str, Any]:
    view = load()
    view["factions"]["giants"] = copy.deepcopy(view["factions"]["nomads"]) | {
        "seat": 4,
        "color": "red",
        "VP": 17,
        "name": {"en": "Giants", "ko": "거인"},
    }
    view["turn_order"].append("giants")
    return view


def drawn_texts(monkeypatch, module, draw, *args) -> list[tuple[str, int]]:
    """Every (words, size) a module draws through its `text` helper."""
    seen: list[tuple[str, int]] = []
    original = module.text

    def spy(d, xy, s, size, *rest, **kw):
        seen.append((s, size))
        return original(d, xy, s, size, *rest, **kw)

    monkeypatch.setattr(module, "text", spy)
    draw(*args)
    return seen


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_glance_size_and_bytes(lang: str) -> None:
    for view in (load(), five_factions(), load("tm_final")):
        png = table_png(view, lang)
        image = decode(png)
        assert image.width == tm_glance.WIDTH == 1200
        assert image.height == tm_glance.height(view)
        # 10 MB for a whole game of ~70 pictures: well under 140 kB each
        assert len(png) < 140_000
    # the palette keeps the style's colours exact: an untouched hex is its printed terrain
    view = load()
    image = decode(table_png(view, "en"))
    x, y = tm_glance.hex_centre(view, "A1")
    assert image.getpixel((round(x), round(y))) == TERRAIN["brown"]
    # one more faction, one more row
    assert tm_glance.height(five_factions()) == tm_glance.height(load()) + tm_glance.ROW + 8


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_word_on_the_glance_is_at_least_a_fortieth_of_its_width(monkeypatch, lang) -> None:
    assert min(tm_glance.SIZES.values()) >= tm_glance.WIDTH / 40
    for view in (five_factions(), load("tm_final")):
        seen = drawn_texts(monkeypatch, tm_glance, draw_glance, view, lang, {0: "Alice"})
        assert seen and min(size for _, size in seen) >= tm_glance.WIDTH / 40, seen
        monkeypatch.undo()


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_every_word_on_the_faction_card_is_at_least_a_fortieth_of_its_width(
    monkeypatch, lang
) -> None:
    view = five_factions() | {"viewer": 0}
    seen = drawn_texts(monkeypatch, tm_card, draw_card, view, lang, {0: "Alice"})
    assert seen and min(size for _, size in seen) >= tm_card.WIDTH / 40, seen


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_scoreboard_has_every_faction_its_vp_and_the_turn(monkeypatch, lang) -> None:
    view = five_factions()
    seen = [s for s, _ in drawn_texts(monkeypatch, tm_glance, draw_glance, view, lang)]
    for name, info in view["factions"].items():
        assert faction_name(name, info, lang) in seen, name
        assert amount(lang, "vp_n", info["VP"]) in seen, name
        assert str(info["C"]) in seen and str(info["P1"]) in seen
    active = faction_name(view["active"], view["factions"][view["active"]], lang)
    assert seen.count(active) == 2  # in the header and in its row
    assert term(lang, "turn") in seen
    # the current round's scoring tile is on the glance
    assert any(s.startswith(f"{term(lang, 'round')} {view['round']}:") for s in seen)


def test_a_finished_game_lists_factions_by_vp_with_their_place(monkeypatch) -> None:
    view = load("tm_final")
    seen = [s for s, _ in drawn_texts(monkeypatch, tm_glance, draw_glance, view, "en")]
    by_vp = sorted(view["factions"].items(), key=lambda kv: -kv[1]["VP"])
    titles = [s for s in seen if s[:1].isdigit() and ". " in s]
    assert [t.split(". ", 1)[1] for t in titles] == [faction_name(n, i, "en") for n, i in by_vp]
    assert titles[0].startswith("1. ")


def test_pending_offers_get_their_own_line() -> None:
    view = load()
    assert view["pending"]
    quiet = copy.deepcopy(view) | {"pending": []}
    assert tm_glance.height(view) == tm_glance.height(quiet) + tm_glance.LINE
    assert draw_glance(view, "en").height == draw_glance(quiet, "en").height + tm_glance.LINE


def test_a_building_on_its_home_terrain_is_ringed() -> None:
    view = load()
    state = view["map"]["hexes"]["C4"]
    assert state["building"] == "D" and state["terrain"] == "green"  # a Witches' dwelling on forest
    image = draw_glance(view, "en")
    empty = copy.deepcopy(view)
    del empty["map"]["hexes"]["C4"]
    bare = draw_glance(empty, "en")
    r = tm_glance.HEX_RADIUS
    cx, cy = tm_glance.hex_centre(view, "C4")
    size, cy = BUILDING_SIZE * r, cy + BUILDING_DY * r  # the piece's own middle
    middle = (round(cx), round(cy + 0.2 * size))
    assert image.getpixel(middle) == FACTION["green"]
    assert bare.getpixel(middle) == TERRAIN["green"]
    # just below the piece: the light ring where the bare hex shows forest
    ring = (round(cx), round(cy + 1.08 * size))
    assert bare.getpixel(ring) == TERRAIN["green"]
    assert min(image.getpixel(ring)) >= 220 and min(RING) >= 220
    # beside the piece the forest is untouched
    clear = (round(cx - 0.6 * r), round(cy))
    assert image.getpixel(clear) == bare.getpixel(clear) == TERRAIN["green"]


def test_the_map_is_drawn_once_and_changes_are_drawn_on_a_copy() -> None:
    view = load()
    first = draw_glance(view, "en").tobytes()
    dug = copy.deepcopy(view)
    dug["map"]["hexes"]["A1"] = {"terrain": "blue"}
    changed = draw_glance(dug, "en")
    assert (
        changed.getpixel(tuple(round(v) for v in tm_glance.hex_centre(dug, "A1")))
        == TERRAIN["blue"]
    )
    # the cached printed board was not drawn on: the first view renders as before
    assert draw_glance(view, "en").tobytes() == first


def test_render_board_uses_a_games_board_and_falls_back_to_its_table(monkeypatch) -> None:
    view = load()
    assert render.has_board(GAME)
    assert render.render_board(GAME, view, "en") == board_png(view, "en")
    assert render.render_table(GAME, view, "en") == table_png(view, "en")
    assert decode(render.render_board(GAME, view, "en")).width == 1800
    # a game with a table picture only: its board is its table
    monkeypatch.setitem(render.TABLE_RENDERERS, "example", f"{__name__}:example_table")
    assert not render.has_board("example")
    assert render.render_board("example", {"n": 3}, "en") == b"table 3 en"
    monkeypatch.setitem(render.BOARD_RENDERERS, "example", f"{__name__}:example_board")
    assert render.has_board("example")
    assert render.render_board("example", {"n": 3}, "ko") == b"board 3 ko"


def example_table(view: dict[str, Any], lang: str) -> bytes:
    return f"table {view['n']} {lang}".encode()


def example_board(view: dict[str, Any], lang: str) -> bytes:
    return f"board {view['n']} {lang}".encode()


def test_the_private_card_is_the_viewers_faction_only(monkeypatch) -> None:
    assert render.has_private(GAME)
    view = five_factions() | {"viewer": 2}
    mine = next(n for n, f in view["factions"].items() if f["seat"] == 2)
    png = render.render_private(GAME, view, "en", {2: "Cy"})
    assert png == private_png(view, "en", {2: "Cy"})
    seen = [s for s, _ in drawn_texts(monkeypatch, tm_card, draw_card, view, "en", {2: "Cy"})]
    assert faction_name(mine, view["factions"][mine], "en") in seen
    for name, info in view["factions"].items():
        if name != mine:
            assert faction_name(name, info, "en") not in seen, name
    # Whatever another seat holds does not reach the picture, not even a byte of it.
    other = copy.deepcopy(view)
    for name, info in other["factions"].items():
        if name != mine:
            info.update(VP=999, C=77, favors=["FAV1"], secret={"hand": ["X"]}, name={"en": "Z"})
    assert private_png(other, "en", {2: "Cy", 0: "Someone else"}) == png


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_card_says_in_supply_and_has_the_resources(monkeypatch, lang) -> None:
    view = load() | {"viewer": 0}
    info = view["factions"]["witches"]
    seen = [s for s, _ in drawn_texts(monkeypatch, tm_card, draw_card, view, lang)]
    assert term(lang, "in_supply") in seen
    for key in ("C", "W", "P", "P1", "P2", "P3"):
        assert str(info[key]) in seen, key
    assert f"{term(lang, 'SH')} {info['buildings_left']['SH']}" in seen


def test_a_viewer_without_a_faction_gets_a_notice(monkeypatch) -> None:
    for view, key in (
        (load() | {"viewer": None}, "not_seated"),
        (load() | {"viewer": 9}, "no_faction"),
    ):
        seen = [s for s, _ in drawn_texts(monkeypatch, tm_card, draw_card, view, "ko")]
        assert seen == [term("ko", key)]
        monkeypatch.undo()


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_detail_panels_say_in_supply(monkeypatch, lang) -> None:
    view = load()
    seen = [
        s
        for s, _ in drawn_texts(
            monkeypatch, tm_factions, render.terra_mystica.draw_table, view, lang
        )
    ]
    assert seen.count(f"{term(lang, 'in_supply')}:") == len(view["factions"])


@pytest.mark.parametrize("fixture", ["tm_midgame", "tm_final"])
@pytest.mark.parametrize("radius, width", [(52, 1200), (76, 1800)])
def test_the_cached_map_matches_the_map_drawn_in_one_go(fixture, radius, width) -> None:
    """Both ways of reusing the printed board (the whole big copy, or changed hexes pasted
    through their shapes) give the map drawn from scratch, but for smoothed edge pixels."""
    view = load(fixture)
    map_w, map_h = map_size(view, radius)
    big = Image.new("RGB", (2 * width, 2 * map_h), BACKGROUND)
    draw_map(ImageDraw.Draw(big), view, width - map_w, 0, 2 * radius)
    reference = big.reduce(2)
    for piecewise in (False, True):
        image = map_image(view, radius, width, piecewise)
        diff = ImageChops.difference(reference, image).convert("L")
        if not piecewise:
            assert diff.getbbox() is None
            continue
        off = sum(1 for p in diff.point(lambda p: 255 if p > 24 else 0).tobytes() if p)
        assert off < 0.001 * width * map_h and diff.getextrema()[1] < 128, off
    # a changed map draws something: the reference is not the printed board
    assert reference.tobytes() != map_image({"map": {"id": "base"}}, radius, width).tobytes()
