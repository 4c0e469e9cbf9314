"""Effect texts on the Citadels hand picture: drawn when present, wrapped inside the card."""

from __future__ import annotations

import copy
import json
import re
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from render.citadels import hand_image, table_image
from render.citadels.cards import (
    PAPER,
    TEXT_SIZE,
    character_text_box,
    district_text_box,
    fit_effect,
    text_inner,
)
from render.citadels.layout import CARD_H, CHAR_CARD_H, TEXT_CARD_H, TEXT_CHAR_CARD_H
from render.common import DARK_INK, Box, text_width

# Layout is checked in design units (scale 1); the published pictures are scaled.
hand_image = partial(hand_image, scale=1)
table_image = partial(table_image, scale=1)

FIXTURES = Path(__file__).parent / "fixtures"
LONG_KO = (
    "자원을 얻고 캐릭터 하나에 마법을 겁니다. 그 캐릭터는 자원만 얻고, 능력과 건설 행동은 "
    "마녀가 대신 합니다. 마녀는 자기 금화와 손에 든 카드만 씁니다."
)


def load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"citadels_{name}.json").read_text(encoding="utf-8"))


def without_texts(view: dict[str, Any]) -> dict[str, Any]:
    bare = copy.deepcopy(view)
    me = bare.get("me") or {}
    for card in me.get("hand", []) + (me.get("drawn") or []):
        card.pop("text", None)
    for ch in bare["characters"]:
        ch.pop("text", None)
    return bare


def index_of(view: dict[str, Any], card_id: str) -> int:
    return next(i for i, c in enumerate(view["me"]["hand"]) if c["id"] == card_id)


def dark_rows(image: Image.Image, box: Box) -> int:
    """How many pixel rows inside `box` hold text ink."""
    crop = image.crop(box.xy()).convert("L")
    w, h = crop.size
    px = crop.load()
    return sum(1 for y in range(h) if any(px[x, y] < 110 for x in range(w)))


def test_fixture_carries_texts_on_unique_cards_and_characters() -> None:
    view = load("hand")
    unique = [c for c in view["me"]["hand"] if c["type"] == "unique"]
    assert unique and all(set(c["text"]) == {"en", "ko"} for c in unique)
    assert all("text" not in c for c in view["me"]["hand"] if c["type"] != "unique")
    assert all(set(ch["text"]) == {"en", "ko"} for ch in view["characters"])


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_district_with_text_shows_it_on_a_light_panel(lang: str) -> None:
    view = load("hand")
    with_text, regions = hand_image(view, lang)
    bare, bare_regions = hand_image(without_texts(view), lang)
    i = index_of(view, "school_of_magic")
    card = regions[f"hand{i}"]
    assert card.height == TEXT_CARD_H and bare_regions[f"hand{i}"].height == CARD_H
    panel = district_text_box(card)
    assert with_text.getpixel((panel.x0 + 4, panel.y1 - 4)) == PAPER
    assert PAPER not in {c for _, c in bare.getcolors(1 << 20)}
    assert dark_rows(with_text, text_inner(panel)) >= 2 * 20  # two lines or more of ink


def test_the_text_follows_the_language() -> None:
    view = load("hand")
    i = index_of(view, "school_of_magic")
    ko, regions = hand_image(view, "ko")
    en, _ = hand_image(view, "en")
    panel = text_inner(district_text_box(regions[f"hand{i}"]))
    assert ko.crop(panel.xy()).tobytes() != en.crop(panel.xy()).tobytes()
    view["me"]["hand"][i]["text"]["ko"] = "게임 종료 시 2점을 더 얻습니다."
    other, _ = hand_image(view, "ko")
    assert other.crop(panel.xy()).tobytes() != ko.crop(panel.xy()).tobytes()


def test_character_texts_on_the_offer_and_held_cards() -> None:
    view = load("hand")
    image, regions = hand_image(view, "en")
    bare, bare_regions = hand_image(without_texts(view), "en")
    for key in ("offer.assassin", "offer.warlord", "held.king"):
        box = regions[key]
        assert box.height == TEXT_CHAR_CARD_H and bare_regions[key].height == CHAR_CARD_H
        panel = character_text_box(box)
        assert image.getpixel((panel.x0 + 4, panel.y1 - 4)) == PAPER
        assert dark_rows(image, text_inner(panel)) >= 20
    # Three to a row with texts (wider lines), four without.
    assert regions["offer.warlord"].y0 > regions["offer.assassin"].y1
    assert bare_regions["offer.warlord"].y0 == bare_regions["offer.assassin"].y0


def test_drawn_cards_show_their_text_too() -> None:
    view = load("hand")
    vault = view["me"]["hand"][index_of(view, "secret_vault")]
    view["me"]["drawn"] = [view["me"]["hand"][0], vault]
    image, regions = hand_image(view, "ko")
    panel = district_text_box(regions["drawn1"])
    assert image.getpixel((panel.x0 + 4, panel.y0 + 40)) == PAPER
    assert dark_rows(image, text_inner(panel)) >= 40
    # The basic card shares the taller row but carries no panel.
    assert (
        image.getpixel((panel.x0 + 4 - regions["drawn1"].x0 + regions["drawn0"].x0, panel.y1 - 4))
        != PAPER
    )


def test_rows_without_text_keep_the_short_height() -> None:
    view = load("hand")
    hand = view["me"]["hand"]
    view["me"]["hand"] = [c for c in hand if "text" not in c] + [c for c in hand if "text" in c]
    _, regions = hand_image(view, "en")
    assert regions["hand0"].height == CARD_H  # castle, cathedral, harbor
    assert regions["hand3"].height == TEXT_CARD_H  # fortress shares a row with texts


def test_long_korean_text_wraps_inside_the_card() -> None:
    view = load("hand")
    i = index_of(view, "school_of_magic")
    view["me"]["hand"][i]["text"]["ko"] = LONG_KO
    image, regions = hand_image(view, "ko")
    panel = district_text_box(regions[f"hand{i}"])
    inner = text_inner(panel)
    fitted = fit_effect(LONG_KO, panel)
    assert len(fitted.lines) >= 4 and "…" not in "".join(fitted.lines)
    assert all(text_width(line, fitted.face) <= inner.width for line in fitted.lines)
    assert fitted.height <= inner.height
    assert "".join(fitted.lines).replace(" ", "") == LONG_KO.replace(" ", "")
    # No ink outside the text's room: the panel's margins stay paper.
    right = Box(inner.x1 + 1, panel.y0 + 4, panel.x1 - 4, panel.y1 - 4)
    assert {c for _, c in image.crop(right.xy()).getcolors(1 << 16)} == {PAPER}
    below = Box(panel.x0 + 4, inner.y1 + 1, panel.x1 - 4, panel.y1 - 4)
    assert DARK_INK not in {c for _, c in image.crop(below.xy()).getcolors(1 << 16)}
    assert dark_rows(image, inner) >= 4 * 18


def test_every_real_text_fits_at_full_size() -> None:
    """The engine's texts (rules/citadels/card_texts.py) need no shrinking and no ellipsis."""
    from rules.citadels.card_texts import CHARACTER_TEXT, DISTRICT_TEXT

    view = load("hand")
    _, regions = hand_image(view, "ko")
    district = district_text_box(regions[f"hand{index_of(view, 'school_of_magic')}"])
    character = character_text_box(regions["offer.assassin"])
    for table, panel in ((DISTRICT_TEXT, district), (CHARACTER_TEXT, character)):
        for cid, text in table.items():
            for lang, words in text.items():
                fitted = fit_effect(words, panel)
                assert fitted.face.size == TEXT_SIZE, (cid, lang)
                assert "…" not in "".join(fitted.lines), (cid, lang)


def test_the_table_picture_ignores_texts() -> None:
    from rules.citadels.card_texts import texts_for

    view = load("8p")
    plain, _ = table_image(view, "en")
    for seat in view["seats"]:
        for card in seat["city"]:
            if texts_for(card["id"]):
                card["text"] = texts_for(card["id"])
    for ch in view["characters"]:
        ch["text"] = texts_for(ch["id"])
    assert any("text" in c for s in view["seats"] for c in s["city"])
    texted, _ = table_image(view, "en")
    assert texted.tobytes() == plain.tobytes()


def test_render_does_not_import_rules() -> None:
    root = Path(__file__).parents[2] / "render"
    pattern = re.compile(r"^\s*(from|import)\s+rules\b", re.MULTILINE)
    offenders = [p.name for p in root.rglob("*.py") if pattern.search(p.read_text("utf-8"))]
    assert offenders == []
