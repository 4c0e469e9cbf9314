"""Terra Mystica board picture: size, key pixels, both languages, odd views."""

from __future__ import annotations

import copy
import io
import json
import math
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

import render
from render.terra_mystica import HEX_RADIUS, WIDTH, draw_table, hex_centre, render_map
from render.terra_mystica.geometry import (
    MAPS_FILE,
    TERRAIN_COLOUR,
    compact_maps,
    load_layout,
)
from render.terra_mystica.style import (
    BACKGROUND,
    FACTION,
    GOLD,
    TERRAIN,
    UNKNOWN_FACTION,
    UNKNOWN_TERRAIN,
)

FIXTURE = Path(__file__).parent / "fixtures" / "tm_midgame.json"
R = HEX_RADIUS


def load_view() -> dict[str, Any]:
    return json.loads(FIXTURE.read_text(encoding="utf-8"))


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


@pytest.fixture(scope="module")
def pictures() -> dict[str, tuple[bytes, Image.Image]]:
    view = load_view()
    out = {}
    for lang in ("ko", "en"):
        png = render_map(view, lang)
        out[lang] = (png, decode(png))
    return out


def pixel(image: Image.Image, xy: tuple[float, float]) -> tuple[int, int, int]:
    return image.getpixel((round(xy[0]), round(xy[1])))


def beside(hex_id: str) -> tuple[float, float]:
    """A point of the hex clear of its label, building and town ring."""
    x, y = hex_centre(hex_id)
    return x - 0.5 * R, y + 0.2 * R


def on_building(hex_id: str) -> tuple[float, float]:
    x, y = hex_centre(hex_id)
    return x, y + 0.2 * R + 0.46 * R * 0.3


def test_png_size_and_bytes(pictures: dict[str, tuple[bytes, Image.Image]]) -> None:
    for png, image in pictures.values():
        assert image.width == WIDTH
        assert 2000 < image.height < 3400
        assert 20_000 < len(png) < 1_500_000


def test_map_is_at_least_1600_px_wide() -> None:
    left = hex_centre("A1")[0] - math.sqrt(3) * R / 2
    right = hex_centre("A13")[0] + math.sqrt(3) * R / 2
    assert right - left >= 1600
    assert left >= 0 and right <= WIDTH
    assert abs(left - (WIDTH - right)) <= 1  # centred


def test_printed_terrain_at_empty_hexes(pictures: dict[str, tuple[bytes, Image.Image]]) -> None:
    _, image = pictures["ko"]
    expected = {
        "A1": "brown",
        "A2": "gray",
        "A3": "green",
        "A4": "blue",
        "A5": "yellow",
        "A6": "red",
        "E1": "black",
        "I12": "red",
    }
    for hex_id, colour in expected.items():
        assert pixel(image, hex_centre(hex_id)) == TERRAIN[colour], hex_id


def test_river_and_dug_terrain(pictures: dict[str, tuple[bytes, Image.Image]]) -> None:
    _, image = pictures["en"]
    # C1's left neighbours in row C are river slots: half a hex left of A1's column.
    x, y = hex_centre("D1")
    assert pixel(image, (x - math.sqrt(3) * R / 2, y - 1.5 * R)) == TERRAIN["river"]
    # D7 is printed red but the view says the Witches dug it to forest.
    assert pixel(image, beside("D7")) == TERRAIN["green"]
    assert pixel(image, beside("D6")) == TERRAIN["red"]


def test_buildings_in_faction_colours(pictures: dict[str, tuple[bytes, Image.Image]]) -> None:
    _, image = pictures["ko"]
    view = load_view()
    built = {h: s for h, s in view["map"]["hexes"].items() if s["building"]}
    assert len(built) >= 12
    for hex_id, state in built.items():
        colour = FACTION[view["factions"][state["faction"]]["color"]]
        assert pixel(image, on_building(hex_id)) == colour, hex_id
    # A hex without a building shows its terrain at the same spot.
    assert pixel(image, on_building("A1")) == TERRAIN["brown"]


def test_building_shapes_differ() -> None:
    view = load_view()
    hexes = view["map"]["hexes"]
    shots = []
    for kind in ("D", "TP", "TE", "SH", "SA"):
        hexes["A1"].update(building=kind, faction="witches")
        image = decode(render_map(view, "en"))
        x, y = hex_centre("A1")
        shots.append(image.crop((round(x - R), round(y - R), round(x + R), round(y + R))).tobytes())
    assert len(set(shots)) == 5


def test_town_and_bridge(pictures: dict[str, tuple[bytes, Image.Image]]) -> None:
    _, image = pictures["ko"]
    star = (0.62 * R, -0.1 * R)
    for hex_id, town in (("E9", True), ("F5", True), ("C4", False), ("G4", False)):
        x, y = hex_centre(hex_id)
        assert (pixel(image, (x + star[0], y + star[1])) == GOLD) is town, hex_id
    (ax, ay), (bx, by) = hex_centre("D6"), hex_centre("E9")
    length = math.hypot(bx - ax, by - ay)
    nx, ny = -(by - ay) / length, (bx - ax) / length  # off the bridge's centre line
    mid = ((ax + bx) / 2 + 6 * nx, (ay + by) / 2 + 6 * ny)
    assert pixel(image, mid) == FACTION["green"]


def test_languages_differ_only_in_words() -> None:
    # Drawn pictures, before the palette: the palette's text shades depend on the whole image.
    view = load_view()
    ko, en = draw_table(view, "ko"), draw_table(view, "en")
    assert ko.size == en.size
    assert ko.crop((0, 0, WIDTH, 80)).tobytes() != en.crop((0, 0, WIDTH, 80)).tobytes()
    # The map's hexes carry no words but their ids, so they match.
    x, y = hex_centre("F5")
    box = (round(x - R), round(y - 0.3 * R), round(x + R), round(y + R))
    assert ko.crop(box).tobytes() == en.crop(box).tobytes()


def test_cult_position_moves_a_marker() -> None:
    view = load_view()
    before = draw_table(view, "ko")
    view["factions"]["witches"]["cults"]["AIR"] = 9
    after = draw_table(view, "ko")
    map_bottom = round(hex_centre("I1")[1] + R)
    assert (
        before.crop((0, 0, WIDTH, map_bottom)).tobytes()
        == after.crop((0, 0, WIDTH, map_bottom)).tobytes()
    )
    assert before.tobytes() != after.tobytes()


def test_unknown_faction_terrain_and_tiles_do_not_crash() -> None:
    view = load_view()
    hexes = view["map"]["hexes"]
    hexes["A1"] = {"terrain": "purple", "building": None, "faction": None, "town": False}
    hexes["A3"].update(building="D", faction="zombies")
    hexes["A4"].update(building="XX", faction="witches")
    hexes["Z9"] = {"terrain": "green", "building": "D", "faction": "witches", "town": False}
    view["map"]["bridges"].append({"from": "A1", "to": "Q7", "faction": "nobody"})
    view["factions"]["icemaidens"] = {"seat": 4, "color": "ice", "VP": 20}
    view["factions"]["witches"]["favors"].append("FAV99")
    view["factions"]["witches"]["bonus"] = "BON99"
    view["bonus_tiles"].append({"id": "BON10", "coins": 3, "taken_by": None})
    view["scoring_tiles"][3] = "SCORE9"
    view["power_actions"]["ACTW"] = "witches"
    view["cults"]["FIRE"]["priests"]["weird"] = "zombies"
    image = decode(render_map(view, "en"))
    assert pixel(image, beside("A1")) == UNKNOWN_TERRAIN
    assert pixel(image, on_building("A3")) == UNKNOWN_FACTION
    assert pixel(image, on_building("A4")) == FACTION["green"]


def test_bare_and_setup_views_render() -> None:
    for view in (
        {},
        {
            "game": "terra_mystica",
            "round": 0,
            "phase": "setup",
            "map": {"id": "nonexistent", "hexes": {}, "bridges": []},
            "factions": {},
            "bonus_tiles": [],
            "pending": None,
        },
    ):
        image = decode(render_map(view, "ko"))
        assert image.width == WIDTH
        # With no hex states, the printed map shows.
        assert pixel(image, hex_centre("A5")) == TERRAIN["yellow"]


def test_five_factions_and_player_names() -> None:
    view = load_view()
    four = decode(render_map(view, "ko"))
    view["factions"]["giants"] = copy.deepcopy(view["factions"]["nomads"]) | {
        "seat": 4,
        "color": "red",
        "name": {"en": "Giants", "ko": "거인족"},
    }
    view["turn_order"].append("giants")
    five = decode(render_map(view, "ko"))
    assert five.height > four.height
    named = decode(render_map(view, "ko", names={0: "Alice", 4: "거인 플레이어 🎲"}))
    assert named.size == five.size and named.tobytes() != five.tobytes()
    # Names that went through JSON have string keys; the dispatcher passes them on.
    via_json = render.render_board(
        "terra_mystica", view, "ko", {"0": "Alice", "4": "거인 플레이어 🎲"}
    )
    assert decode(via_json).tobytes() == named.tobytes()


def test_map_data_geometry() -> None:
    layout = load_layout("base")
    land = [s for s in layout.slots if not s.is_river]
    assert len(land) == 77 and len(layout.slots) - len(land) == 36
    assert {s.terrain for s in land} == set(TERRAIN) - {"river"}
    # Neighbours on the board (from the published adjacency) are one hex width apart.
    width = math.sqrt(3) * R
    for a, b in (("E9", "F5"), ("E9", "D7"), ("E9", "E10"), ("A1", "B1"), ("H6", "I10")):
        (ax, ay), (bx, by) = hex_centre(a), hex_centre(b)
        assert math.hypot(bx - ax, by - ay) == pytest.approx(width, abs=0.5), (a, b)
    (ax, ay), (bx, by) = hex_centre("D6"), hex_centre("E9")  # a bridge spans two hexes
    assert math.hypot(bx - ax, by - ay) > 1.5 * width


def test_regenerating_the_map_keeps_the_vendored_one(tmp_path: Path) -> None:
    """`compact_maps` over a maps data set (made here from the repo's copy of snellman's
    base map) gives back exactly the vendored map."""
    snellman = Path(__file__).resolve().parents[1] / "rules/terra_mystica/base_map_snellman.json"
    hexes = json.loads(snellman.read_text(encoding="utf-8"))["hexes"]
    source = tmp_path / "maps.json"
    source.write_text(json.dumps({"maps": {"base": {"title": "Base", "hexes": hexes}}}))
    stored = json.loads(MAPS_FILE.read_text(encoding="utf-8"))
    assert compact_maps(source)["maps"]["base"]["hexes"] == stored["maps"]["base"]["hexes"]


def test_vendored_map_is_snellmans_base_map() -> None:
    """The vendored layout against the rules tests' copy of snellman's base map (in the repo)."""
    snellman = Path(__file__).resolve().parents[1] / "rules/terra_mystica/base_map_snellman.json"
    hexes = json.loads(snellman.read_text(encoding="utf-8"))["hexes"]
    stored = json.loads(MAPS_FILE.read_text(encoding="utf-8"))["maps"]["base"]["hexes"]
    assert stored == [[h["id"], h["row"], h["col"], TERRAIN_COLOUR[h["terrain"]]] for h in hexes]


def test_priest_spaces_as_dict_or_list() -> None:
    view = load_view()
    as_dict = draw_table(view, "en")
    view["cults"] = {
        c: {"priests": [v["priests"]["3"], v["priests"]["2"], None, None]}
        for c, v in view["cults"].items()
    }
    assert draw_table(view, "en").tobytes() == as_dict.tobytes()
    view["cults"]["EARTH"]["priests"][3] = "engineers"
    assert draw_table(view, "en").tobytes() != as_dict.tobytes()
    # Spaces named freely show the steps the view gives them.
    view = load_view()
    view["cults"]["FIRE"] = {
        "priests": {"a": None, "b": "nomads", "c": None, "d": None},
        "steps": {"a": 3, "b": 2, "c": 2, "d": 2},
    }
    assert draw_table(view, "en").tobytes() == as_dict.tobytes()


def test_more_tiles_make_taller_panels_and_game_over_renders() -> None:
    view = load_view()
    base = draw_table(view, "ko")
    view["factions"]["witches"]["favors"] += ["FAV5", "FAV6", "FAV8", "FAV12"]
    view["factions"]["witches"]["towns"] += ["TW5", "TW3"]
    taller = draw_table(view, "ko")
    assert taller.height > base.height
    view.update(phase="over", round=6, active=None, pending=[])
    # Four panels fill two rows; the final ranking takes a third.
    over = draw_table(view, "en")
    assert over.width == taller.width and over.height > taller.height


def test_viewer_badge_and_passed_mark_show() -> None:
    view = load_view()
    spectator = draw_table(view, "en")
    view["viewer"] = 0
    seated = draw_table(view, "en")
    assert seated.tobytes() != spectator.tobytes()
    view["viewer"] = None
    view["factions"]["nomads"]["passed"] = True
    assert draw_table(view, "en").tobytes() != spectator.tobytes()


@pytest.mark.parametrize("fixture", sorted(FIXTURE.parent.glob("tm_*.json")), ids=lambda p: p.stem)
def test_every_fixture_renders_in_budget(fixture: Path) -> None:
    view = json.loads(fixture.read_text(encoding="utf-8"))
    png = render_map(view, "en")
    image = decode(png)
    assert image.width == WIDTH and len(png) < 1_500_000


def test_many_power_offers_stay_inside_the_header() -> None:
    view = load_view()
    view["pending"] = [
        {"faction": f, "kind": "leech", "amount": 5, "vp_cost": 4}
        for f in ("engineers", "nomads", "darklings", "engineers")
    ]
    image = draw_table(view, "en")
    view["pending"] = []
    quiet = draw_table(view, "en")
    assert image.crop((0, 0, WIDTH, 80)).tobytes() != quiet.crop((0, 0, WIDTH, 80)).tobytes()
    strip = image.crop((WIDTH - 20, 0, WIDTH, 80))
    assert [colour for _, colour in strip.getcolors()] == [BACKGROUND]


def test_unknown_map_id_is_said_in_the_header() -> None:
    view: dict[str, Any] = {"phase": "setup", "map": {"id": "base", "hexes": {}}}
    known = draw_table(view, "en")
    view["map"]["id"] = "atlantis"
    unknown = draw_table(view, "en")
    assert known.crop((0, 0, WIDTH, 80)).tobytes() != unknown.crop((0, 0, WIDTH, 80)).tobytes()
    assert (
        known.crop((0, 80, WIDTH, known.height)).tobytes()
        == unknown.crop((0, 80, WIDTH, unknown.height)).tobytes()
    )


def test_every_pending_kind_has_words_in_both_languages() -> None:
    from render.terra_mystica.terms import TERMS

    for kind in ("leech", "leech_free", "cult", "spade"):
        for lang in ("ko", "en"):
            words = TERMS[lang][f"pending_{kind}"].format(faction="x", amount=2, vp=1)
            assert "x" in words and "2" in words


def test_used_special_actions_are_marked() -> None:
    view = load_view()
    fresh = draw_table(view, "ko")
    view["factions"]["witches"]["used_actions"] = ["BON2"]
    used_bonus = draw_table(view, "ko")
    assert used_bonus.tobytes() != fresh.tobytes()
    view["factions"]["witches"]["used_actions"] = ["BON2", "ACTW", "ACT_UNKNOWN"]
    assert draw_table(view, "ko").tobytes() != used_bonus.tobytes()


def test_bridges_left_shown_when_the_view_has_them() -> None:
    view = load_view()
    without = draw_table(view, "en")
    view["factions"]["engineers"]["bridges_left"] = 1
    assert draw_table(view, "en").tobytes() != without.tobytes()


# Korean words: the Merchants of the Seas book's, as the engine's messages (base-book words out).
BASE_BOOK_WORDS = (
    "파워",
    "파위",
    "성역",
    "대지",
    "총애",
    "종에",
    "득점",
    "보너스 카드",
    "액션",
    "종족",
    "제단",
    "선박",
    "교환 트랙",
    "초기",
    "홈 지형",
    "보드",
    "신전",
)
BASE_BOOK_FACTIONS = {"정령", "마족", "소인족", "드워프", "어족", "혼돈 마법사", "거인족", "수도자"}


def korean_words() -> list[str]:
    """Every Korean string the picture can draw from its own tables."""
    import render.terra_mystica.terms as tm_text

    words = list(tm_text.TERMS["ko"].values())
    words += [ko for ko, _ in tm_text.FACTION_NAMES.values()]
    words += [ko for halves in tm_text.SCORING.values() for ko, _ in halves]
    words += [
        pair[0] for income, extra in tm_text.BONUS.values() for pair in (income, extra) if pair
    ]
    words += [ability[0] for _, _, ability in tm_text.FAVOR.values() if ability]
    words += [reward[0] for _, reward in tm_text.TOWNS.values()]
    words += [effect[0] for _, effect in tm_text.POWER_ACTIONS.values()]
    words += [ko for ko, _ in tm_text.SPECIAL_ACTIONS.values()]
    return words


def test_korean_word_table_uses_no_base_book_words() -> None:
    from render.terra_mystica.terms import FACTION_NAMES

    words = korean_words()
    assert len(words) > 100
    # 선박 counted in 척 is the Merchants book's ship piece (its shipping track is 선적)
    found = {(old, w) for w in words for old in BASE_BOOK_WORDS
             if old in w and not (old == "선박" and "척" in w)}
    assert not found
    assert not BASE_BOOK_FACTIONS & {ko for ko, _ in FACTION_NAMES.values()}
    # The Merchants words are the ones used.
    text = " ".join(words)
    for merchants in (
        "권능",
        "성소",
        "땅",
        "은총",
        "점수 타일",
        "보너스 타일",
        "권능 행동",
        "특수 행동",
    ):
        assert merchants in text, merchants


def test_fallback_words_are_the_engines() -> None:
    from render.terra_mystica.terms import FACTION_NAMES, TERMS
    from rules.terra_mystica.notation_ko import BUILDINGS, WORDS
    from rules.terra_mystica.tile_texts import FACTION_CATALOGUE

    assert {f: ko for f, (ko, _) in FACTION_NAMES.items()} == {
        f: entry["name"]["ko"] for f, entry in FACTION_CATALOGUE.items()
    }
    for key in ("FIRE", "WATER", "EARTH", "AIR", "PW", "VP"):
        assert TERMS["ko"][key] == WORDS[key], key
    for key, ko in BUILDINGS.items():
        assert TERMS["ko"][key] == TERMS["ko"][f"{key}_short"] == ko, key


def engine_view(seats: int = 3, seed: int = 7) -> dict[str, Any]:
    """The engine's own view at the start of round 1 (first choices everywhere)."""
    from rules import get_engine

    engine = get_engine("terra_mystica")
    state = engine.setup({}, seats, seed)
    while state["phase"] != "actions":
        decision = engine.decisions(state)[0]
        state, _ = engine.apply(state, decision.seat, decision.choices[0].action)
    return engine.view(state, 0)


def test_scoring_column_prefers_the_views_texts_and_falls_back() -> None:
    from render.terra_mystica.offer import scoring_halves

    view = engine_view()
    tiles = view["scoring_tiles"]
    width = 722
    lefts, rights, right_x = scoring_halves(view, tiles, "ko", width)
    assert lefts == [view["tiles"][t]["ko"].split(" · ")[0] for t in tiles]
    assert rights[:5] == [view["tiles"][t]["ko"].split(" · ")[1] for t in tiles[:5]]
    assert all(r.startswith("라운드 종료 시") for r in rights)
    # A view without texts gets the picture's own; so does a column one long text would spoil.
    own = scoring_halves({}, tiles, "ko", width)
    assert own[1][:5] != rights[:5]
    assert not any(r.startswith("라운드") for r in own[1])
    view["tiles"][tiles[0]]["ko"] = "주택 → 승점 2 · " + "아주 긴 설명 " * 10
    spoiled = scoring_halves(view, tiles, "ko", width)
    assert spoiled[0] == lefts and spoiled[1] == own[1]
    assert right_x > 66


def test_bonus_texts_fit_their_row_in_both_languages() -> None:
    from render.terra_mystica.offer import BONUS_EXTRA, BONUS_EXTRA_END, bonus_texts
    from render.terra_mystica.style import font
    from rules.terra_mystica.tile_texts import ALL_TILES

    view = {"tiles": ALL_TILES}
    width = 722
    for lang in ("ko", "en"):
        for tile in (t for t in ALL_TILES if t.startswith("BON")):
            income, lines, size = bonus_texts(view, tile, lang, width)
            # an income-only tile may use the effects' room
            room = BONUS_EXTRA - 32 if lines else width - BONUS_EXTRA_END - 32
            assert font(24, True).getlength(income) <= room, (tile, income)
            assert len(lines) <= 2 and size >= 18
            for line in lines:
                assert font(size).getlength(line) <= width - BONUS_EXTRA - BONUS_EXTRA_END
    # The Korean row shows the engine's words; two parts that differ in one word share a line.
    assert bonus_texts(view, "BON6", "ko", width)[1:] == (["패스 시 요새/성소마다 승점 4"], 22)
    assert bonus_texts(view, "BON1", "ko", width)[:2] == ("수입 동전 2", ["행동: 삽 1개"])
    assert bonus_texts({}, "BON1", "ko", width)[:2] == ("+2 동전", ["행동: 삽 1"])


def test_held_tile_chips_use_the_views_texts_and_fit_the_panel() -> None:
    from render.terra_mystica.factions import _chip_width, _held_tiles
    from render.terra_mystica.terms import merge_parts
    from rules.terra_mystica.tile_texts import ALL_TILES

    view = {"tiles": ALL_TILES}
    info = {"bonus": "BON6", "favors": ["FAV5", "FAV12"], "towns": ["TW5"], "used_actions": []}
    width = 834
    chips = _held_tiles(view, info, "ko", width)
    # BON6's two pass parts share one ("패스 시 요새/성소마다 승점 4"); favor tiles in the
    # supply's words (the same tile reads the same on the whole picture)
    assert [label for _, label, _ in chips] == [
        " · ".join(merge_parts(ALL_TILES["BON6"]["ko"].split(" · "))),
        "불 +2 · 마을 조건 권능값 7 → 6",
        "하늘 +1 · 패스 시 교역소 1~4채 → 승점 2/3/3/4",
        ALL_TILES["TW5"]["ko"],
    ]
    assert all(_chip_width(kind, label) <= width for kind, label, _ in chips)
    # Too narrow a panel for the engine's text: the picture's own short words.
    narrow = _held_tiles(view, info, "ko", 400)
    assert narrow[0][1] == "+2 일꾼 · 패스: 요새/성소 승점 4"
    assert _held_tiles({}, info, "ko", width)[1][1] == "불 +2 · 마을 조건 권능값 7 → 6"


def test_faction_names_from_the_views_catalogue() -> None:
    from render.terra_mystica.terms import faction_name

    catalogue = {"fakirs": {"name": {"ko": "고행수도자 (목록)", "en": "Fakirs"}}}
    assert faction_name("fakirs", None, "ko", catalogue) == "고행수도자 (목록)"
    assert faction_name("fakirs", {"name": {"ko": "보기"}}, "ko", catalogue) == "보기"
    assert faction_name("fakirs", None, "ko") == "고행수도자"
    assert faction_name("darklings", None, "ko") == "암흑인"


def test_korean_picture_of_a_real_engine_view() -> None:
    view = engine_view()
    png = render_map(view, "ko")
    image = decode(png)
    assert image.width == WIDTH and 20_000 < len(png) < 1_500_000
    # Nothing drawn past the right margin (a text running out of its card would show here).
    strip = image.crop((WIDTH - 12, 0, WIDTH, image.height))
    assert {colour for _, colour in strip.getcolors(1 << 16)} == {BACKGROUND}
    # Without the view's texts it still renders, with other words in the tile cards.
    bare = {k: v for k, v in view.items() if k not in ("tiles", "faction_catalogue")}
    assert draw_table(bare, "ko").tobytes() != draw_table(view, "ko").tobytes()
