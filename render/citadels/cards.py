"""Cards on the private picture: a district card from a hand, a character card."""

from __future__ import annotations

from render.citadels.canvas import Canvas
from render.citadels.district_types import TYPE_COLOURS, TYPE_NAMES, draw_type_icon
from render.citadels.labels import label, pick_text
from render.citadels.view import Card, Character
from render.common import (
    ACCENT,
    DARK_INK,
    INK,
    PANEL,
    Box,
    draw_coin,
    draw_fitted,
    fit_text,
    ink_on,
    mix,
)


def draw_district_card(cv: Canvas, box: Box, card: Card) -> None:
    """A hand-sized district: a type band with its shape and cost, the name below."""
    d, lang = cv.draw, cv.lang
    colour = TYPE_COLOURS.get(card.type, (90, 90, 90))
    ink = ink_on(colour)
    d.rounded_rectangle(box.xy(), 14, fill=colour)
    band = Box(box.x0, box.y0, box.x1, box.y0 + 56)
    d.rounded_rectangle(band.xy(), 14, fill=mix(colour, DARK_INK, 0.25))
    d.rectangle((band.x0, band.y1 - 14, band.x1, band.y1), fill=mix(colour, DARK_INK, 0.25))
    type_text = pick_text(TYPE_NAMES.get(card.type, {"en": card.type}), lang)
    band_ink = ink_on(mix(colour, DARK_INK, 0.25))
    draw_type_icon(
        d, card.type, Box(box.x0 + 14, band.y0 + 16, box.x0 + 38, band.y0 + 40), band_ink
    )
    draw_fitted(
        d,
        Box(box.x0 + 48, band.y0, box.x1 - 70, band.y1),
        fit_text(type_text, box.width - 120, 24, 18, bold=True),
        band_ink,
        "left",
    )
    if card.cost is not None:
        draw_coin(d, box.x1 - 34, band.y0 + 28, 22, str(card.cost))
    name = fit_text(pick_text(card.name, lang), box.width - 24, 36, 22, bold=True, max_lines=2)
    draw_fitted(d, Box(box.x0 + 12, band.y1 + 4, box.x1 - 12, box.y1 - 12), name, ink)
    if card.cost is None:
        note = fit_text(label("unbuildable", lang), box.width - 24, 20, 16)
        draw_fitted(d, Box(box.x0 + 12, box.y1 - 36, box.x1 - 12, box.y1 - 8), note, ink)


def draw_character_card(cv: Canvas, box: Box, ch: Character) -> None:
    """A character: rank in a disc, name below."""
    d, lang = cv.draw, cv.lang
    d.rounded_rectangle(box.xy(), 14, fill=mix(PANEL, INK, 0.1), outline=ACCENT, width=3)
    cx, cy, r = box.x0 + 34, box.y0 + 34, 24
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ACCENT)
    draw_fitted(
        d,
        Box(cx - r, cy - r, cx + r, cy + r + 1),
        fit_text(str(ch.rank), 2 * r, 32, 18, bold=True),
        DARK_INK,
    )
    name = fit_text(pick_text(ch.name, lang), box.width - 20, 32, 20, bold=True, max_lines=2)
    draw_fitted(d, Box(box.x0 + 10, box.y0 + 64, box.x1 - 10, box.y1 - 10), name, INK)
