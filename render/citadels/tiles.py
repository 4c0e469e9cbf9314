"""A built district as a small tile in a city on the table picture, with its end-of-game note."""

from __future__ import annotations

from render.citadels.canvas import Canvas
from render.citadels.district_types import TYPE_COLOURS, TYPE_NAMES, draw_type_icon
from render.citadels.labels import label, pick_text
from render.citadels.layout import KEY_TEXT, TILE_NOTE_H
from render.citadels.pen import draw_fitted, fit, width
from render.citadels.tile_notes import TileNote
from render.citadels.view import Card
from render.common import DARK_INK, GOLD, RGB, Box, draw_card_icon, draw_coin, font, ink_on, mix


def draw_tile(cv: Canvas, box: Box, card: Card, key: str, note: TileNote | None = None) -> None:
    """One district: cost, type shape, museum count, gold on it, beautification, name, and
    at the foot the end-of-game note if there is one."""
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
        tw = width(text, face)
        d.text((x - tw, box.y0 + 10), text, font=face, fill=ink)
        icon_w = draw_card_icon(d, x - tw - 26, box.y0 + 8, 24, mix(colour, ink, 0.6))
        cv.regions[f"{key}.museum"] = Box(x - tw - 26, box.y0 + 8, x, box.y0 + 32)
        x -= tw + icon_w + 6
    if card.gold_on:
        draw_coin(d, x - 14, box.y0 + 20, 14, str(card.gold_on))
        x -= 32
    if card.beautified:
        face = font(26, True)
        tw = width("★", face)
        d.text((x - tw, box.y0 + 6), "★", font=face, fill=ink)
        cv.regions[f"{key}.beautified"] = Box(x - tw, box.y0 + 6, x, box.y0 + 36)
    name_box = Box(box.x0 + 6, box.y0 + 40, box.x1 - 6, box.y1 - 6)
    room = None
    if note is not None:  # the name gives up the ribbon's height, the margins give back some
        foot = box.y1 - TILE_NOTE_H
        name_box = Box(name_box.x0, box.y0 + 36, name_box.x1, foot - 4)
        room = name_box.height
        draw_note(cv, Box(box.x0, foot, box.x1, box.y1), note, colour, key)
    name = fit(
        pick_text(card.name, cv.lang),
        box.width - 12,
        KEY_TEXT,
        22,  # the longest English words (Observatory, Watchtower) only
        bold=True,
        max_lines=2,
        max_height=room,
    )
    draw_fitted(d, name_box, name, ink)


def draw_note(cv: Canvas, box: Box, note: TileNote, colour: RGB, key: str) -> None:
    """A dark ribbon: the district's bonus in gold, or the type a Haunted Quarter became."""
    d = cv.draw
    dark = mix(colour, DARK_INK, 0.55)
    d.rounded_rectangle(box.xy(), 8, fill=dark)
    d.rectangle((box.x0, box.y0, box.x1, box.y0 + 8), fill=dark)  # square top, round foot
    if note.counts_as is not None:
        kind = note.counts_as
        swatch = Box(box.x0 + 8, box.y0 + 3, box.x0 + 26, box.y1 - 3)
        kind_colour = TYPE_COLOURS.get(kind, (90, 90, 90))
        d.rounded_rectangle(swatch.xy(), 4, fill=kind_colour)
        draw_type_icon(d, kind, swatch.inset(3), ink_on(kind_colour))
        words = label(
            "counts_as", cv.lang, kind=pick_text(TYPE_NAMES.get(kind, {"en": kind}), cv.lang)
        )
        text = fit(words, box.x1 - swatch.x1 - 10, 18, 14, bold=True)
        draw_fitted(d, Box(swatch.x1 + 6, box.y0, box.x1 - 4, box.y1), text, ink_on(dark), "left")
        cv.regions[f"{key}.counts_as"] = box
        return
    text = fit(label("bonus", cv.lang, n=note.points), box.width - 8, 20, 14, bold=True)
    draw_fitted(d, box, text, GOLD)
    cv.regions[f"{key}.bonus"] = box
