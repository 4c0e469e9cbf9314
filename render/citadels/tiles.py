"""A built district as a small tile in a city on the table picture."""

from __future__ import annotations

from render.citadels.canvas import Canvas
from render.citadels.district_types import TYPE_COLOURS, draw_type_icon
from render.citadels.labels import pick_text
from render.citadels.view import Card
from render.common import (
    Box,
    draw_card_icon,
    draw_coin,
    draw_fitted,
    fit_text,
    font,
    ink_on,
    mix,
    text_width,
)


def draw_tile(cv: Canvas, box: Box, card: Card, key: str) -> None:
    """One district: cost, type shape, museum count, gold on it, beautification, name."""
    d = cv.draw
    colour = TYPE_COLOURS.get(card.type, (90, 90, 90))
    ink = ink_on(colour)
    d.rounded_rectangle(box.xy(), 8, fill=colour)
    if card.cost is not None:
        draw_coin(d, box.x0 + 20, box.y0 + 20, 16, str(card.cost))
    icon = Box(box.x0 + 42, box.y0 + 10, box.x0 + 62, box.y0 + 30)
    draw_type_icon(d, card.type, icon, mix(colour, ink, 0.75))
    cv.regions[f"{key}.icon"] = icon
    x = box.x1 - 8
    if card.museum_cards:
        text = str(card.museum_cards)
        face = font(20, True)
        tw = text_width(text, face)
        d.text((x - tw, box.y0 + 10), text, font=face, fill=ink)
        icon_w = draw_card_icon(d, x - tw - 26, box.y0 + 8, 24, mix(colour, ink, 0.6))
        cv.regions[f"{key}.museum"] = Box(x - tw - 26, box.y0 + 8, x, box.y0 + 32)
        x -= tw + icon_w + 6
    if card.gold_on:
        draw_coin(d, x - 14, box.y0 + 20, 14, str(card.gold_on))
        x -= 32
    if card.beautified:
        face = font(26, True)
        tw = text_width("★", face)
        d.text((x - tw, box.y0 + 6), "★", font=face, fill=ink)
        cv.regions[f"{key}.beautified"] = Box(x - tw, box.y0 + 6, x, box.y0 + 36)
    name = fit_text(pick_text(card.name, cv.lang), box.width - 12, 23, 16, bold=True, max_lines=2)
    draw_fitted(d, Box(box.x0 + 6, box.y0 + 40, box.x1 - 6, box.y1 - 6), name, ink)
