"""The table picture: header and banner, final scores, character tokens, one panel a seat."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.citadels.canvas import Canvas
from render.citadels.labels import label, pick_text
from render.citadels.layout import (
    GAP,
    HEADER_H,
    KEY_TEXT,
    MARGIN,
    SCALE,
    WIDTH,
    scores_height,
    seat_height,
    token_height,
)
from render.citadels.pen import draw_fitted, fit, width
from render.citadels.scores import draw_scores
from render.citadels.seats import draw_seat
from render.citadels.tokens import draw_tokens
from render.citadels.view import CitadelsView, Lang, Names, Regions
from render.common import ACCENT, DARK_INK, INK, MUTED, Box, draw_card_icon, font


def table_image(
    view: dict[str, Any], lang: Lang = "ko", names: Names = None, scale: float = SCALE
) -> tuple[Image.Image, Regions]:
    """The table picture and its named regions (for tests and image maps)."""
    cv = table_canvas(view, lang, names, scale)
    return cv.image, cv.pixel_regions()


def table_canvas(
    view: dict[str, Any], lang: Lang = "ko", names: Names = None, scale: float = SCALE
) -> Canvas:
    v = CitadelsView.model_validate(view)
    token_h = token_height(v, lang)
    height = (
        MARGIN
        + HEADER_H
        + GAP
        + scores_height(v)
        + token_h
        + GAP
        + sum(seat_height(s) + GAP for s in v.seats)
        + MARGIN
        - GAP
    )
    cv = Canvas(v, lang, names, (WIDTH, height), scale)
    y = draw_header(cv, MARGIN)
    y = draw_scores(cv, y + GAP)
    y = draw_tokens(cv, y, token_h) + GAP
    for seat in v.seats:
        y = draw_seat(cv, seat, y) + GAP
    return cv


def table_png(view: dict[str, Any], lang: Lang = "ko", names: Names = None) -> bytes:
    """PNG of the whole table as anyone at it (or a spectator) may see it."""
    return table_canvas(view, lang, names).png()


def draw_header(cv: Canvas, y: int) -> int:
    """Title, round and phase, deck size, and the banner saying who acts; returns the next y."""
    v, lang, d = cv.view, cv.lang, cv.draw
    title_face = font(40, True)
    d.text((MARGIN, y), label("title", lang), font=title_face, fill=INK)
    x = MARGIN + width(label("title", lang), title_face) + 20
    sub = f"{label('round', lang, n=v.round)} · {label('phase.' + v.phase, lang)}"
    d.text((x, y + 8), sub, font=font(30), fill=MUTED)
    deck_face = font(KEY_TEXT, True)
    deck = label("deck", lang, n=v.deck_count)
    dx = WIDTH - MARGIN - width(deck, deck_face)
    d.text((dx, y + 8), deck, font=deck_face, fill=INK)
    draw_card_icon(d, dx - 42, y + 4, 38, (96, 116, 150))
    cv.regions["deck"] = Box(dx - 42, y, WIDTH - MARGIN, y + 44)

    banner = Box(MARGIN, y + 62, WIDTH - MARGIN, y + HEADER_H)
    d.rounded_rectangle(banner.xy(), 10, fill=ACCENT)
    fitted = fit("▶ " + banner_text(cv), banner.width - 32, 34, KEY_TEXT, bold=True)
    draw_fitted(d, banner.inset(16, 0), fitted, DARK_INK, align="left")
    cv.regions["banner"] = banner
    return y + HEADER_H


def banner_text(cv: Canvas) -> str:
    """Whose turn it is, who is choosing, or who won."""
    v, lang = cv.view, cv.lang
    if v.phase == "over":
        winners = [s.seat for s in (v.result.scores if v.result else []) if s.rank == 1]
        if winners:
            return label("winner", lang, names=", ".join(cv.name(s) for s in winners))
        return label("phase.over", lang)
    if v.current is None:
        return label("choosing.none" if v.phase == "draft" else "waiting", lang)
    who = cv.name(v.current.seat)
    if v.phase == "draft":
        return label("choosing", lang, name=who)
    if v.current.character:
        ch = v.character(v.current.character)
        return label(
            "turn.character", lang, name=who, rank=ch.rank, character=pick_text(ch.name, lang)
        )
    return label("turn", lang, name=who)
