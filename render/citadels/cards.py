"""Cards on the private picture: a district card from a hand, a character card.

Either may carry an effect text; it is drawn dark on a light panel so it reads the same on
every type colour.
"""

from __future__ import annotations

from render.citadels.canvas import Canvas
from render.citadels.district_types import TYPE_COLOURS, TYPE_NAMES, draw_type_icon
from render.citadels.labels import label, pick_text
from render.citadels.pen import draw_fitted, fit
from render.citadels.view import Card, Character, Name
from render.common import ACCENT, DARK_INK, INK, PANEL, RGB, Box, Fitted, draw_coin, ink_on, mix

TEXT_SIZE = 28  # effect text on a 1080-px picture: about 10 dp on a phone shown full width
TEXT_MIN = 20
TEXT_PAD = 12
PAPER: RGB = (246, 241, 226)
BAND_H = 56
NAME_H = 70  # the name's room under a district's type band when a text follows
CHAR_HEAD_H = 68  # rank disc and name above a character's text


def draw_district_card(cv: Canvas, box: Box, card: Card) -> None:
    """A hand-sized district: a type band with its shape and cost, the name (and text) below."""
    d, lang = cv.draw, cv.lang
    colour = TYPE_COLOURS.get(card.type, (90, 90, 90))
    ink = ink_on(colour)
    d.rounded_rectangle(box.xy(), 14, fill=colour)
    band = Box(box.x0, box.y0, box.x1, box.y0 + BAND_H)
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
        fit(type_text, box.width - 120, 27, 20, bold=True),
        band_ink,
        "left",
    )
    if card.cost is not None:
        draw_coin(d, box.x1 - 34, band.y0 + 28, 22, str(card.cost))
    if card.text is None:
        name = fit(pick_text(card.name, lang), box.width - 24, 36, 22, bold=True, max_lines=2)
        draw_fitted(d, Box(box.x0 + 12, band.y1 + 4, box.x1 - 12, box.y1 - 12), name, ink)
        if card.cost is None:
            note = fit(label("unbuildable", lang), box.width - 24, 20, 16)
            draw_fitted(d, Box(box.x0 + 12, box.y1 - 36, box.x1 - 12, box.y1 - 8), note, ink)
        return
    name_box = Box(box.x0 + 12, band.y1 + 4, box.x1 - 12, band.y1 + NAME_H)
    if card.cost is None:  # the note shares the name's room, the text says why
        note = fit(label("unbuildable", lang), box.width - 24, 20, 16)
        draw_fitted(d, Box(name_box.x0, name_box.y1 - 24, name_box.x1, name_box.y1), note, ink)
        name_box = Box(name_box.x0, name_box.y0, name_box.x1, name_box.y1 - 24)
    lines = 2 if card.cost is not None else 1
    name = fit(
        pick_text(card.name, lang),
        name_box.width,
        34,
        22,
        bold=True,
        max_lines=lines,
        max_height=name_box.height,
    )
    draw_fitted(d, name_box, name, ink)
    draw_effect_text(cv, district_text_box(box), card.text)


def district_text_box(card: Box) -> Box:
    """The light panel under a district's type band and name."""
    return Box(card.x0 + 8, card.y0 + BAND_H + NAME_H + 6, card.x1 - 8, card.y1 - 8)


def character_text_box(card: Box) -> Box:
    """The light panel under a character's rank and name."""
    return Box(card.x0 + 10, card.y0 + CHAR_HEAD_H, card.x1 - 10, card.y1 - 10)


def text_inner(panel: Box) -> Box:
    return panel.inset(TEXT_PAD, TEXT_PAD - 2)


def fit_effect(text: str, panel: Box) -> Fitted:
    """An effect text wrapped into a panel: TEXT_SIZE when it fits, smaller only if it must."""
    inner = text_inner(panel)
    return fit(text, inner.width, TEXT_SIZE, TEXT_MIN, max_lines=12, max_height=inner.height)


def draw_effect_text(cv: Canvas, panel: Box, text: Name) -> None:
    """A card's effect, dark on a light panel, top-left aligned."""
    cv.draw.rounded_rectangle(panel.xy(), 10, fill=PAPER)
    fitted = fit_effect(pick_text(text, cv.lang), panel)
    draw_fitted(cv.draw, text_inner(panel), fitted, DARK_INK, "left", "top")


def draw_character_card(cv: Canvas, box: Box, ch: Character) -> None:
    """A character: rank in a disc, name below (or beside it, above the ability's text)."""
    d, lang = cv.draw, cv.lang
    d.rounded_rectangle(box.xy(), 14, fill=mix(PANEL, INK, 0.1), outline=ACCENT, width=3)
    cx, cy, r = box.x0 + 34, box.y0 + 34, 24
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ACCENT)
    draw_fitted(
        d,
        Box(cx - r, cy - r, cx + r, cy + r + 1),
        fit(str(ch.rank), 2 * r, 32, 18, bold=True),
        DARK_INK,
    )
    if ch.text is None:
        name = fit(pick_text(ch.name, lang), box.width - 20, 32, 20, bold=True, max_lines=2)
        draw_fitted(d, Box(box.x0 + 10, box.y0 + 64, box.x1 - 10, box.y1 - 10), name, INK)
        return
    # The name beside the rank disc, leaving the card's body to the text.
    name = fit(pick_text(ch.name, lang), box.x1 - 12 - (cx + r + 12), 32, 20, bold=True)
    draw_fitted(d, Box(cx + r + 12, box.y0 + 10, box.x1 - 12, box.y0 + 58), name, INK, "left")
    draw_effect_text(cv, character_text_box(box), ch.text)
