"""Terra Mystica picture layout: nothing overlaps or runs out of its row, in both languages,
for every faction; the finished game's ranking names the players and the final scoring."""

from __future__ import annotations

import io
from typing import Any

import pytest
from PIL import Image

from render.terra_mystica import WIDTH, draw_table, render_map
from render.terra_mystica.style import BACKGROUND, font
from rules import get_engine
from rules.terra_mystica.gamefile import random_game
from rules.terra_mystica.tile_texts import ALL_TILES

ENGINE = get_engine("terra_mystica")
CATALOGUE = ENGINE.view(ENGINE.setup({}, 2, 1), None)["faction_catalogue"]
BONUS_BOX = 722  # the bonus card's width in the picture


@pytest.fixture(scope="module")
def finished() -> dict[str, Any]:
    state, _ = random_game(4, 5)
    assert state["phase"] == "over"
    return ENGINE.view(state, None)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_bonus_tiles_holder_stays_clear_of_the_effects_and_the_tile_id(lang) -> None:
    from render.terra_mystica.offer import (
        BONUS_EXTRA,
        HOLDER_DISC,
        HOLDER_SIZE,
        bonus_texts,
        holder_layout,
    )

    view = {"tiles": ALL_TILES}
    right = 24 + BONUS_BOX
    for tile in (t for t in ALL_TILES if t.startswith("BON")):
        income, lines, size = bonus_texts(view, tile, lang, BONUS_BOX)
        extras_right = 24 + (BONUS_EXTRA + max(font(size).getlength(x) for x in lines) if lines
                             else 22 + font(24, True).getlength(income))
        for info in CATALOGUE.values():
            name = info["name"][lang]
            label, left, end, id_left = holder_layout(name, tile, right, extras_right)
            assert end <= id_left - 6 and left - HOLDER_DISC >= extras_right - 1, (tile, label)
            assert label == name or (label.endswith("…") and name.startswith(label[:-1]))
            assert end - left == pytest.approx(font(HOLDER_SIZE).getlength(label), abs=1)
    # the longest name is shortened only beside long effects
    income, lines, size = bonus_texts(view, "BON3", lang, BONUS_BOX)
    plain = 24 + 22 + font(24, True).getlength(income)
    assert holder_layout("Chaos Magicians", "BON3", right, plain)[0] == "Chaos Magicians"


def test_an_income_only_bonus_tile_reads_like_the_others() -> None:
    from render.terra_mystica.offer import bonus_texts

    view = {"tiles": ALL_TILES}
    for lang in ("ko", "en"):
        for tile in ("BON3", "BON5", "BON8"):
            income, lines, _ = bonus_texts(view, tile, lang, BONUS_BOX)
            assert lines == [] and income == ALL_TILES[tile][lang], (tile, income)


def test_two_line_bonus_effects_stay_readable() -> None:
    from render.terra_mystica.offer import bonus_texts

    view = {"tiles": ALL_TILES}
    for lang in ("ko", "en"):
        for tile in (t for t in ALL_TILES if t.startswith("BON")):
            _, lines, size = bonus_texts(view, tile, lang, BONUS_BOX)
            assert size >= 20, (tile, lang, lines)


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_track_line_fits_beside_the_cult_boxes(lang) -> None:
    from render.terra_mystica.factions import TRACKS_ROOM, tracks_line

    info = {"shipping": 3, "dig": 2, "keys": 10, "bridges_left": 3}
    line, size = tracks_line(info, lang)
    assert font(size, True).getlength(line) <= TRACKS_ROOM and size >= 24
    if lang == "ko":  # the Merchants book's words: 선적값, 삽 교환 비율
        assert line.split("  ") == ["선적값 3", "삽 교환 비율 1:1", "열쇠 10"]
        assert tracks_line({"dig": 0}, lang)[0].split("  ")[1] == "삽 교환 비율 3:1"
    else:
        assert line.split("  ") == ["Ship 3", "Dig 2", "Keys 10"]


def test_the_ranking_names_players_and_the_final_scoring(finished) -> None:
    from render.terra_mystica.factions import ranking_rows

    names = {0: "ann", 1: "bo", 2: "cy", 3: "di"}
    for lang in ("ko", "en"):
        rows = ranking_rows(finished, names, lang)
        assert [r["place"] for r in rows] == sorted(r["place"] for r in rows)
        scores = {s["seat"]: s for s in finished["result"]["scores"]}
        for row in rows:
            seat = finished["factions"][row["faction"]]["seat"]
            assert row["player"] == names[seat]
            assert row["vp"] == scores[seat]["total"] == finished["factions"][row["faction"]]["VP"]
            breakdown = scores[seat]["breakdown"]
            cults = sum(breakdown[c] for c in ("fire", "water", "earth", "air"))
            assert row["parts"] == [breakdown["play"], breakdown["network"], cults,
                                    breakdown["resources"]]
            assert sum(row["parts"]) == row["vp"]
    assert ranking_rows(finished, names, "ko")[0]["labels"] == [
        "게임 중 얻은 승점", "영역 승점", "신앙 승점", "자원 승점"]


def test_a_finished_game_picture_keeps_inside_its_margins(finished) -> None:
    names = {0: "김민준", 1: "Alexandra_the_Great", 2: "이서연", 3: "bob"}
    for lang in ("ko", "en"):
        png = render_map(finished, lang, names)
        image = Image.open(io.BytesIO(png)).convert("RGB")
        assert image.width == WIDTH and len(png) < 1_500_000
        for strip in (image.crop((WIDTH - 12, 0, WIDTH, image.height)),
                      image.crop((0, image.height - 12, WIDTH, image.height))):
            assert {c for _, c in strip.getcolors(1 << 16)} == {BACKGROUND}, lang
    # the ranking is its own card: the picture grows with it
    running = {**finished, "phase": "actions", "result": None}
    assert draw_table(finished, "ko").height > draw_table(running, "ko").height


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_panel_header_never_runs_into_the_vp(lang) -> None:
    from render.terra_mystica.factions import header_layout

    width = 866  # a faction panel
    for faction, info in CATALOGUE.items():
        for player in (None, "bo", "Alexandra_the_Great_of_Macedon", "김민준" * 6):
            for every in (True, False):  # you, turn and passed in play; the winner at the end
                view = {"factions": {faction: {"seat": 4, "passed": True, "VP": 188,
                                               "name": info["name"]}}, "phase": "over"}
                if every:
                    view.update(viewer=4, active=faction, phase="actions", turn_order=[faction])
                layout = header_layout(view, faction, (0, 0, width, 300), lang, player)
                assert len(layout["badges"]) == (3 if every else 1)  # no 'passed' at the end
                assert layout["end"] <= layout["vp_left"] - 10, (faction, player, layout)
                if player == "bo" and not every:
                    assert layout["who"].endswith(" · bo")  # a short name is never cut


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_town_tiles_in_the_supply_show_their_reward(lang) -> None:
    from render.terra_mystica.offer import TOWN_CHIP, TOWN_COLS, TOWN_TEXT, town_chip_text
    from render.terra_mystica.terms import TOWNS, pick

    for tile, (vp, reward) in TOWNS.items():
        words, size = town_chip_text(tile, lang)
        assert pick(reward, lang) in words and str(vp) in words
        assert size >= 20 and font(size, True).getlength(words) <= TOWN_TEXT, words
        assert 44 + TOWN_TEXT + 4 + font(20, True).getlength("×2") <= TOWN_CHIP - 8
    assert TOWN_COLS * TOWN_CHIP + (TOWN_COLS - 1) * 8 <= 1010 - 32  # chips across the card


def test_cult_markers_are_big_alone_and_stay_inside_their_space() -> None:
    from render.terra_mystica.cult_board import marker_layout

    half = (57 - 4) / 2  # a space on the 1010 px cult board
    assert marker_layout(1) == [(0.0, 0.0, 16)]
    for n in range(1, 6):
        spots = marker_layout(n)
        assert len(spots) == n
        assert all(abs(dx) + r <= half + 0.5 for dx, _, r in spots), n
        # inside the space (46 px below its top, 70 tall) and under its number (to 25 px)
        assert all(46 + dy - r >= 25 and 46 + dy + r <= 74 for _, dy, r in spots), n
        for i, (ax, ay, ar) in enumerate(spots):  # no two markers overlap
            for bx, by, br in spots[i + 1:]:
                assert (ax - bx) ** 2 + (ay - by) ** 2 >= (ar + br) ** 2, n


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_last_rounds_tile_says_it_has_no_cult_bonus(lang) -> None:
    from render.terra_mystica.offer import last_round_note, scoring_halves

    view = ENGINE.view(ENGINE.setup({}, 3, 2), None)
    tiles = view["scoring_tiles"]
    _, _, right_x = scoring_halves(view, tiles, lang, BONUS_BOX)
    words, size = last_round_note(lang, BONUS_BOX - right_x - 80)
    assert words == {"ko": "마지막 라운드: 신앙 보너스 없음",  # the book: 신앙 보너스
                     "en": "last round: no cult bonus"}[lang]
    assert size >= 18 and font(size).getlength(words) <= BONUS_BOX - right_x - 80


def test_the_ranking_drops_what_the_font_cannot_draw(finished, monkeypatch) -> None:
    import render.terra_mystica.factions as tm_factions

    seen = {}
    real = tm_factions.draw_ranking

    def spy(draw, view, box, lang, names=None):
        seen.update(names or {})
        return real(draw, view, box, lang, names)

    monkeypatch.setattr(tm_factions, "draw_ranking", spy)
    draw_table(finished, "ko", {0: "ann 🎲", 1: "보", 2: "cy", 3: "di"})
    assert seen[0] == "ann" and seen[1] == "보"


def test_the_palette_keeps_the_named_colours_exact_and_drops_near_twins() -> None:
    from render.terra_mystica import far_from
    from render.terra_mystica.style import EXACT_COLOURS

    exact = list(dict.fromkeys(EXACT_COLOURS))
    candidates = [(r, g, b) for r in range(0, 256, 5) for g in range(0, 256, 51)
                  for b in range(0, 256, 17)] + [tuple(min(255, v + 6) for v in exact[0])]
    slow = [c for c in candidates
            if all(max(abs(a - b) for a, b in zip(c, e, strict=True)) > 6 for e in exact)]
    assert far_from(candidates, exact, 6) == slow
    assert tuple(min(255, v + 6) for v in exact[0]) not in slow
    from render.terra_mystica import to_palette

    pal = to_palette(draw_table({"factions": {}}, "en")).getpalette()
    listed = {tuple(pal[i:i + 3]) for i in range(0, len(pal), 3)}
    assert set(exact) <= listed
