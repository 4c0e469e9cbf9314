"""Terra Mystica picture as a player reads it: the favor tiles' whole effects in the supply,
faction panels that show each faction's own tracks and standing rules."""

from __future__ import annotations

from typing import Any

import pytest
from PIL import Image, ImageDraw

from render.terra_mystica import WIDTH, draw_table
from render.terra_mystica.factions import TRACKS_ROOM, _held_tiles, tracks_line
from render.terra_mystica.offer import (
    FAVOR_ROW,
    draw_supply,
    favor_cells,
    favor_grid,
    favor_words,
    supply_height,
)
from render.terra_mystica.style import BACKGROUND, CULT, font
from render.terra_mystica.terms import FAVOR

SUPPLY_W = 1010  # the left column's width (render.terra_mystica: left_w)


def engine_view(factions: list[str], seed: int = 3) -> dict[str, Any]:
    """The engine's view at the start of round 1 with the chosen factions seated."""
    from rules import get_engine

    engine = get_engine("terra_mystica")
    state = engine.setup({}, len(factions), seed)
    while state["phase"] != "actions":
        decision = engine.decisions(state)[0]
        pick = decision.choices[0]
        if decision.kind == "faction":
            pick = next(c for c in decision.choices if c.action["faction"] == factions[decision.seat])
        state, _ = engine.apply(state, decision.seat, pick.action)
    return engine.view(state, 0)


def test_the_favor_grid_is_the_books_three_by_four() -> None:
    # seed 000 L295: favor tiles in a 3 x 4 grid, one column (here: row) per cult
    assert favor_grid() == [
        ("FIRE", ["FAV1", "FAV5", "FAV9"]),
        ("WATER", ["FAV2", "FAV6", "FAV10"]),
        ("EARTH", ["FAV3", "FAV7", "FAV11"]),
        ("AIR", ["FAV4", "FAV8", "FAV12"]),
    ]


@pytest.mark.parametrize(
    ("tile", "ko", "en"),
    [  # digest §11.1 (seed 000 L1211-1241): every ability named with its numbers
        ("FAV5", ["마을", "6"], ["town", "6"]),
        ("FAV6", ["행동", "신앙 +1"], ["action", "cult +1"]),
        ("FAV7", ["수입", "일꾼 1", "권능 1"], ["income", "+1 W", "+1 PW"]),
        ("FAV8", ["수입", "권능 4"], ["income", "+4 PW"]),
        ("FAV9", ["수입", "동전 3"], ["income", "+3 C"]),
        ("FAV10", ["교역소", "승점 3"], ["TP", "3 VP"]),
        ("FAV11", ["주택", "승점 2"], ["D", "2 VP"]),
        ("FAV12", ["패스", "교역소", "2/3/3/4"], ["pass", "TP", "2/3/3/4"]),
    ],
)
def test_each_favor_tile_in_the_supply_says_its_whole_effect(tile, ko, en) -> None:
    cells = favor_cells(SUPPLY_W - 32)
    steps = FAVOR[tile][1]
    _, w = cells[3 - steps]
    room = w - 52 - font(20, True).getlength("×3") - 14
    for lang, parts in (("ko", ko), ("en", en)):
        words, size = favor_words(tile, lang, room)
        assert all(p in words for p in parts), (tile, lang, words)
        # legible on a phone: no smaller than the bonus tiles' small lines, and inside its cell
        assert size >= 18 and font(size).getlength(words) <= room, (tile, lang, size)


def test_the_cells_fill_the_card_and_the_three_step_tiles_stay_narrow() -> None:
    cells = favor_cells(SUPPLY_W - 32)
    (x3, w3), (x2, w2), (x1, w1) = cells
    assert w3 < w2 == w1
    assert x3 < x2 < x1 and x1 + w1 <= SUPPLY_W - 32


def supply_pixels(view: dict[str, Any]) -> Image.Image:
    image = Image.new("RGB", (SUPPLY_W, supply_height()), BACKGROUND)
    draw_supply(ImageDraw.Draw(image), view, (0, 0, SUPPLY_W, supply_height()), "ko")
    return image


def test_a_favor_tile_gone_from_the_supply_is_greyed() -> None:
    full = {"favor_tiles": {t: 3 for t in FAVOR}, "town_tiles": {}}
    gone = {"favor_tiles": {**full["favor_tiles"], "FAV7": 0}, "town_tiles": {}}
    left, _ = favor_cells(SUPPLY_W - 32)[1]
    # the +2 Earth tile: third row, middle cell; its disc's centre
    centre = (16 + left + 22, 56 + 2 * FAVOR_ROW + (FAVOR_ROW - 6) / 2 + 8)
    xy = (round(centre[0]), round(centre[1]))
    assert supply_pixels(full).getpixel(xy) == CULT["EARTH"]
    assert supply_pixels(gone).getpixel(xy) != CULT["EARTH"]


def test_darklings_show_their_priest_spades_not_an_exchange_rate() -> None:
    # digest §5 (L289, L318): Darklings have no exchange track, 1 priest per spade
    info = {"shipping": 1, "dig": 0, "keys": 2}
    ko, _ = tracks_line(info, "ko", "darklings")
    assert "삽 교환 비율" not in ko and "삽: 성직자 1" in ko and "선적값 1" in ko
    en, _ = tracks_line(info, "en", "darklings")
    assert "Dig" not in en and "Spade: 1 P" in en
    assert "삽 교환 비율 3:1" in tracks_line(info, "ko", "witches")[0]


@pytest.mark.parametrize(
    ("faction", "before", "after"),
    [  # digest §7.3: a tunnel costs 2 workers (1 with the stronghold); a carpet reaches 2 (3)
        ("dwarves", "터널 뚫기 일꾼 2", "터널 뚫기 일꾼 1"),
        ("fakirs", "비행 거리 2", "비행 거리 3"),  # seed 003: distance, not spaces skipped
    ],
)
def test_dwarves_and_fakirs_show_tunnel_and_carpet_instead_of_shipping(
    faction, before, after
) -> None:
    info: dict[str, Any] = {"shipping": 0, "dig": 1, "keys": 10}  # the longest line
    line, size = tracks_line(info, "ko", faction)
    assert "선적값" not in line and before in line and "삽 교환 비율 2:1" in line
    assert size >= 22 and font(size, True).getlength(line) <= TRACKS_ROOM
    built = {**info, "buildings_left": {"D": 8, "TP": 4, "TE": 3, "SH": 0, "SA": 1}}
    assert after in tracks_line(built, "ko", faction)[0]
    assert "Ship" not in tracks_line(info, "en", faction)[0]


@pytest.mark.parametrize(
    ("faction", "words"),
    [
        ("engineers", "다리 행동: 일꾼 2"),  # L1385: repeatable bridge for 2 workers
        ("giants", "삽 2개"),  # L1410: always exactly 2 spades
        ("halflings", "삽마다 승점 1"),  # +1 VP per spade
        ("darklings", "승점 2"),  # +2 VP per priest paid for a spade
    ],
)
def test_a_factions_standing_rule_is_a_chip_on_its_panel(faction, words) -> None:
    chips = _held_tiles({}, {"bonus": "BON1"}, "ko", 834, faction)
    assert chips[-1][0] == "능력" and words in chips[-1][1]
    assert not [c for c in _held_tiles({}, {}, "ko", 834, "witches") if c[0] == "능력"]
    assert _held_tiles({"phase": "over"}, {}, "ko", 834, faction) == []  # no use any more


def test_a_picture_of_the_special_factions_stays_inside_its_width() -> None:
    view = engine_view(["darklings", "dwarves", "fakirs", "giants", "halflings"])
    for lang in ("ko", "en"):
        image = draw_table(view, lang)
        assert image.width == WIDTH
        strip = image.crop((WIDTH - 12, 0, WIDTH, image.height))
        assert {colour for _, colour in strip.getcolors(1 << 16)} == {BACKGROUND}


def test_a_returned_bonus_tiles_used_action_is_named_not_its_id() -> None:
    chips = _held_tiles({"phase": "actions"}, {"used_actions": ["BON2"]}, "ko", 834)
    assert [(kind, label) for kind, label, _ in chips] == [("특수 행동", "신앙 +1 (사용함)")]
    # once the game is over nothing is "used this round"
    assert _held_tiles({"phase": "over"}, {"used_actions": ["BON2"]}, "ko", 834) == []


def test_panels_without_any_tile_keep_no_empty_chip_row() -> None:
    from render.terra_mystica.factions import CHIP_ROW, faction_panel_height

    bare = {"factions": {"witches": {"seat": 0}, "nomads": {"seat": 1}}, "phase": "over"}
    held = {"factions": {"witches": {"seat": 0, "bonus": "BON3"}, "nomads": {"seat": 1}}}
    assert faction_panel_height(held, 870, "ko") - faction_panel_height(bare, 870, "ko") == CHIP_ROW


def test_bonus_parts_differing_in_one_word_share_a_line_else_keep_the_views_words() -> None:
    from render.terra_mystica.offer import bonus_texts
    from render.terra_mystica.terms import merge_parts
    from rules.terra_mystica.tile_texts import ALL_TILES

    assert merge_parts(["a", "pass: 4 VP per SH", "pass: 4 VP per SA"]) == [
        "a", "pass: 4 VP per SH/SA"]
    assert merge_parts(["x 1 y", "x 2 z"]) == ["x 1 y", "x 2 z"]  # two words differ
    view = {"tiles": ALL_TILES}
    # English is too long for one line: the view's words on two, never the picture's own
    income, lines, _ = bonus_texts(view, "BON6", "en", 722)
    assert income == "income 2W" and lines == ["pass: 4 VP per stronghold",
                                               "pass: 4 VP per sanctuary"]
