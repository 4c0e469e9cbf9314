"""Citadels pictures as sent: palette PNGs at two thirds of the design size, the same bytes
for the same view, readable at 400 px (key text at least 1/40 of the width)."""

from __future__ import annotations

import copy
import io
import json
from pathlib import Path
from typing import Any

import pytest
from PIL import Image, ImageChops

from render.citadels import (
    HAND_PX,
    HAND_WIDTH,
    MARKERS,
    TABLE_PX,
    WIDTH,
    hand_png,
    label,
    shown_markers,
    table_png,
)
from render.citadels.canvas import forget_strips, strips_kept
from render.citadels.hand import hand_canvas
from render.citadels.palette import palette_colours, to_palette
from render.citadels.pen import Pen, fit, glyphs, width
from render.citadels.table import table_canvas

FIXTURES = Path(__file__).parent / "fixtures"
NAMES = {0: "민수", 1: "Jiyoung", 2: "하나", 3: "태양"}
TOO_LONG = {"Watchtower", "Observatory", "Framework", "Laboratory"}


def load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"citadels_{name}.json").read_text(encoding="utf-8"))


def decode(data: bytes) -> Image.Image:
    return Image.open(io.BytesIO(data))


def clear_caches() -> None:
    for cache in (glyphs, fit, width):
        cache.cache_clear()
    forget_strips()


@pytest.mark.parametrize("name", ["4p", "8p", "over"])
def test_table_is_a_small_palette_png(name: str) -> None:
    data = table_png(load(name), "ko", NAMES)
    image = decode(data)
    assert image.mode == "P" and image.width == TABLE_PX == 800
    budget = {"4p": 45_000, "8p": 80_000, "over": 80_000}[name]
    assert len(data) < budget, len(data)


def test_hand_is_a_small_palette_png() -> None:
    data = hand_png(load("hand"), "en")
    image = decode(data)
    assert image.mode == "P" and image.width == HAND_PX == 720
    assert len(data) < 60_000, len(data)


@pytest.mark.parametrize("draw", [table_png, hand_png])
def test_the_same_view_gives_the_same_bytes_cached_or_not(draw) -> None:
    view = load("hand") if draw is hand_png else load("8p")
    clear_caches()
    cold = draw(view, "ko")
    assert glyphs.cache_info().currsize > 0 and fit.cache_info().currsize > 0
    assert strips_kept() == (len(view["seats"]) if draw is table_png else 0)  # seat panels
    warm = draw(view, "ko")
    assert warm == cold
    assert draw(view, "en") != cold


def test_a_visible_change_changes_the_picture() -> None:
    view = load("4p")
    before = table_png(view, "en")
    richer = copy.deepcopy(view)
    richer["seats"][1]["gold"] += 1
    after = table_png(richer, "en")
    assert after != before
    diff = ImageChops.difference(decode(before).convert("RGB"), decode(after).convert("RGB"))
    box = diff.getbbox()
    assert box is not None and box[3] - box[1] < 60  # only that seat's gold line


def test_the_palette_keeps_every_drawn_colour_exactly() -> None:
    cv = table_canvas(load("8p"), "en")
    mapped = to_palette(cv.image, cv.draw.colours, cv.draw.pairs).convert("RGB")
    drawn = {c for _, c in cv.image.getcolors(1 << 16)}
    kept = {c for _, c in mapped.getcolors(1 << 16)}
    assert cv.draw.colours & drawn <= kept  # fills and inks are not approximated
    diff = ImageChops.difference(cv.image, mapped).convert("L").histogram()
    mean = sum(i * n for i, n in enumerate(diff)) / sum(diff)
    assert mean < 0.5  # only anti-aliased edges move, and little


def test_the_palette_fits_in_256_and_shrinks_its_steps_to_fit() -> None:
    greys = [(i, i, i) for i in range(0, 240, 2)]
    pairs = [((0, 0, 0), (255, 4 * i, 0)) for i in range(60)]
    entries = palette_colours(greys, pairs)
    assert len(entries) <= 256 and len(set(entries)) == len(entries)
    assert set(greys) <= set(entries)
    few = palette_colours(greys[:10], pairs[:5])
    assert len(few) == 10 + 5 + 5 * 3  # the black background is a grey; three steps a pair


class Spy:
    """Every text a picture draws, with its size in design units."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        forget_strips()  # else panels drawn before come back without drawing their text
        self.drawn: list[tuple[str, int]] = []
        real = Pen.text

        def text(pen: Pen, xy: Any, words: str, fill: Any = None, font: Any = None) -> None:
            self.drawn.append((words, font.size))
            real(pen, xy, words, fill, font)

        monkeypatch.setattr(Pen, "text", text)

    def hits(self, words: str) -> list[int]:
        found = [size for text, size in self.drawn if words in text]
        assert found, f"{words!r} is not drawn"
        return found

    def smallest(self, words: str) -> int:
        return min(self.hits(words))

    def largest(self, words: str) -> int:
        return max(self.hits(words))


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_table_key_text_is_a_fortieth_of_the_width(monkeypatch, lang: str) -> None:
    view = load("4p")
    spy = Spy(monkeypatch)
    table_canvas(view, lang, NAMES)
    key = WIDTH / 40
    assert spy.smallest("▶") >= key  # whose turn
    for seat in view["seats"]:
        assert spy.largest(NAMES[seat["seat"]]) >= key  # on its panel (tokens' chips are smaller)
        assert spy.smallest(label("points", lang, n=seat["score_public"])) >= key
        assert max(size for text, size in spy.drawn if text == str(seat["gold"])) >= key
        assert max(size for text, size in spy.drawn if text == str(seat["hand_count"])) >= key
        for card in seat["city"]:
            name = card["name"][lang]
            # A word wider than a tile at that size shrinks, but not below 1/55 of the width.
            least = WIDTH / 55 if name in TOO_LONG else key
            assert min(size for text, size in spy.drawn if text in name) >= least, name
    assert spy.smallest(label("deck", lang, n=view["deck_count"])) >= key


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_hand_key_text_is_a_fortieth_of_the_width(monkeypatch, lang: str) -> None:
    view = load("hand")
    spy = Spy(monkeypatch)
    hand_canvas(view, lang)
    key = HAND_WIDTH / 40
    me = next(s for s in view["seats"] if s["seat"] == view["me"]["seat"])
    assert spy.smallest(label("gold", lang, n=me["gold"])) >= key
    assert spy.smallest(label("hand.section", lang, n=len(view["me"]["hand"]))) >= key
    for card in view["me"]["hand"]:
        name = card["name"][lang]
        assert min(size for text, size in spy.drawn if text in name) >= key, name
        if card.get("text"):
            words = card["text"][lang]
            lines = [size for text, size in spy.drawn if " " in text and text in words]
            assert lines and min(lines) >= key, words


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_what_happened_to_a_character_is_key_text(monkeypatch, lang: str) -> None:
    view = load("8p")
    spy = Spy(monkeypatch)
    table_canvas(view, lang)
    shown = {m for c in view["characters"] for m in shown_markers(c.get("markers", []))}
    assert shown
    for key in shown:
        words = getattr(MARKERS[key], lang)
        assert min(size for text, size in spy.drawn if text in words) >= WIDTH / 40, words


@pytest.mark.parametrize("radius", [0, 6, 15])  # a plain rectangle, rounded, a full circle
def test_the_pen_scales_each_shape_once(radius: int) -> None:
    image = Image.new("RGB", (40, 40))
    pen = Pen(image, scale=0.5)
    pen.rounded_rectangle((0, 0, 30, 30), radius, fill=(200, 10, 10))  # Pillow nests calls
    assert image.getbbox() == (0, 0, 16, 16)
    assert pen.colours == {(200, 10, 10)}


def test_the_pen_scales_text_and_records_what_it_is_drawn_on() -> None:
    from render.common import font

    image = Image.new("RGB", (300, 60), (40, 44, 53))
    pen = Pen(image, scale=0.5)
    pen.text((20, 20), "Citadels", font=font(40, True), fill=(243, 244, 246))
    ink = ImageChops.difference(image, Image.new("RGB", image.size, (40, 44, 53)))
    x0, _, x1, _ = ink.getbbox()
    assert 10 <= x0 <= 12 and x1 - x0 < width("Citadels", font(40, True)) * 0.6
    assert pen.pairs == {((40, 44, 53), (243, 244, 246))}


def test_panels_kept_from_earlier_pictures_draw_what_a_fresh_picture_would() -> None:
    """Along a real game (names, crown, current seat, cities, final notes all changing), each
    table picture drawn after the ones before it equals the same picture drawn from nothing."""
    from rules import get_engine
    from rules.core import Rng

    engine = get_engine("citadels")
    state, rng = engine.setup({}, 5, 11), Rng(11)
    views = []
    while engine.result(state) is None:
        decision = rng.choice([d for d in engine.decisions(state) if d.choices])
        state, _ = engine.apply(state, decision.seat, rng.choice(decision.choices).action)
        views.append(engine.view(state, decision.seat % 2 or None))
    # Around changes of the acting seat: the seat that was acting may look the same but
    # must lose its outline; and the end, with final scores and notes.
    turns = [i for i in range(1, len(views)) if views[i]["current"] != views[i - 1]["current"]]
    picked = turns[:: max(1, len(turns) // 6)]
    sample = [views[j] for i in picked for j in (i - 1, i)] + [engine.view(state, None)]
    names = {0: "민수", 1: "Jiyoung", 2: "하나", 3: "태양", 4: "Bob"}
    forget_strips()
    warm = [table_png(view, "ko", names) for view in sample]
    for view, picture in zip(sample, warm, strict=True):
        forget_strips()
        assert table_png(view, "ko", names) == picture
    assert table_png(sample[-1], "ko", {**names, 4: "Robert"}) != warm[-1]
