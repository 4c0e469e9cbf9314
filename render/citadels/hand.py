"""The private picture: one seat's draft offer, characters, drawn cards, hand and secrets."""

from __future__ import annotations

from typing import Any

from PIL import Image

from render.citadels.canvas import Canvas
from render.citadels.cards import draw_character_card, draw_district_card
from render.citadels.labels import label
from render.citadels.layout import (
    CARD_H,
    CARDS_PER_ROW,
    CHAR_CARD_H,
    CHARS_PER_ROW,
    GAP,
    HAND_HEADER_H,
    HAND_WIDTH,
    MARGIN,
    SCALE,
    SECTION_TITLE_H,
    TEXT_CARD_H,
    TEXT_CARDS_PER_ROW,
    TEXT_CHAR_CARD_H,
    TEXT_CHARS_PER_ROW,
)
from render.citadels.pen import draw_fitted, fit, width
from render.citadels.view import CitadelsView, Lang, Me, Names, Regions
from render.citadels.words import secret_words
from render.common import ACCENT, INK, MUTED, Box, draw_coin, font

Section = tuple[str, str, list[Any]]  # kind, title, character ids or cards
CHARACTER_KINDS = ("offer", "held")


def hand_image(
    view: dict[str, Any], lang: Lang = "ko", names: Names = None, scale: float = SCALE
) -> tuple[Image.Image, Regions]:
    """The private picture and its named regions."""
    cv = hand_canvas(view, lang, names, scale)
    return cv.image, cv.pixel_regions()


def hand_canvas(
    view: dict[str, Any], lang: Lang = "ko", names: Names = None, scale: float = SCALE
) -> Canvas:
    v = CitadelsView.model_validate(view)
    if v.me is None:
        raise ValueError("hand_png needs a seat's own view (view['me'] is null)")
    me = v.me
    sections = hand_sections(v, me, lang)
    secrets = secret_words(me.secret_markers, v, lang)
    height = MARGIN + HAND_HEADER_H + sum(section_height(v, k, items) for k, _, items in sections)
    if secrets:
        height += SECTION_TITLE_H + 40 * len(secrets) + GAP
    height += MARGIN
    cv = Canvas(v, lang, names, (HAND_WIDTH, height), scale)
    y = draw_hand_header(cv, me, MARGIN)
    for kind, title, items in sections:
        y = draw_section(cv, kind, title, items, y)
    if secrets:
        draw_secrets(cv, secrets, y)
    return cv


def hand_png(view: dict[str, Any], lang: Lang = "ko", names: Names = None) -> bytes:
    """PNG of the viewer's own hand, held characters, draft offer and drawn cards."""
    return hand_canvas(view, lang, names).png()


def hand_sections(view: CitadelsView, me: Me, lang: Lang) -> list[Section]:
    """The sections the viewer has something in, top to bottom; the hand always."""

    def by_rank(ids: list[str]) -> list[str]:
        return sorted(ids, key=lambda cid: view.character(cid).rank)

    sections: list[Section] = []
    if me.draft and me.draft.offered:
        sections.append(("offer", label("draft.section", lang), by_rank(me.draft.offered)))
    if me.characters:
        sections.append(("held", label("held.section", lang), by_rank(me.characters)))
    if me.drawn:
        sections.append(("drawn", label("drawn.section", lang), me.drawn))
    if me.pending:
        sections.append(("pending", label("pending.section", lang), me.pending))
    sections.append(("hand", label("hand.section", lang, n=len(me.hand)), me.hand))
    if me.museum:
        sections.append(("museum", label("museum.section", lang), me.museum))
    return sections


def has_text(view: CitadelsView, kind: str, item: Any) -> bool:
    """Whether a character (by id) or a district card carries an effect text."""
    if kind in CHARACTER_KINDS:
        return view.character(item).text is not None
    return item.text is not None


def grid(view: CitadelsView, kind: str, items: list[Any]) -> tuple[int, list[int]]:
    """Cards per row and each row's height: rows holding a text are taller."""
    chars = kind in CHARACTER_KINDS
    texts = any(has_text(view, kind, item) for item in items)
    if chars:
        cols = TEXT_CHARS_PER_ROW if texts else CHARS_PER_ROW
        tall, short = TEXT_CHAR_CARD_H, CHAR_CARD_H
    else:
        cols = TEXT_CARDS_PER_ROW if texts else CARDS_PER_ROW
        tall, short = TEXT_CARD_H, CARD_H
    rows = [items[i : i + cols] for i in range(0, len(items), cols)]
    heights = [tall if any(has_text(view, kind, it) for it in row) else short for row in rows]
    return cols, heights


def section_height(view: CitadelsView, kind: str, items: list[Any]) -> int:
    _, heights = grid(view, kind, items)
    if not heights and kind not in CHARACTER_KINDS:
        return SECTION_TITLE_H + 60 + GAP
    return SECTION_TITLE_H + sum(h + GAP for h in heights) + GAP


def draw_hand_header(cv: Canvas, me: Me, y: int) -> int:
    """Whose hand, their gold, the game and round; returns the next y."""
    v, d, lang = cv.view, cv.draw, cv.lang
    seat = next((s for s in v.seats if s.seat == me.seat), None)
    right = HAND_WIDTH - MARGIN
    if seat is not None:
        gold = label("gold", lang, n=seat.gold)
        face = font(30, True)
        gw = width(gold, face)
        d.text((right - gw, y + 10), gold, font=face, fill=INK)
        draw_coin(d, right - gw - 26, y + 26, 18)
        cv.regions["gold"] = Box(right - gw - 44, y, right, y + 52)
        right -= gw + 64
    title = label("hand.title", lang, name=cv.name(me.seat))
    fitted = fit(title, right - MARGIN, 36, 24, bold=True)
    draw_fitted(d, Box(MARGIN, y, right, y + 56), fitted, INK, "left")
    sub = f"{label('title', lang)} · {label('round', lang, n=v.round)}"
    d.text((MARGIN, y + 60), sub, font=font(22), fill=MUTED)
    return y + HAND_HEADER_H


def draw_section(cv: Canvas, kind: str, title: str, items: list[Any], y: int) -> int:
    """A titled grid of character or district cards (or a note when empty); returns the next y."""
    d, lang = cv.draw, cv.lang
    d.text((MARGIN, y + 12), title, font=font(28, True), fill=ACCENT)
    y += SECTION_TITLE_H
    inner = HAND_WIDTH - 2 * MARGIN
    if not items and kind not in CHARACTER_KINDS:
        text = fit(label("hand.empty", lang), inner, 26, 20)
        draw_fitted(d, Box(MARGIN, y, HAND_WIDTH - MARGIN, y + 60), text, MUTED, "left")
        return y + 60 + GAP
    cols, heights = grid(cv.view, kind, items)
    w = (inner - (cols - 1) * GAP) // cols
    for i, item in enumerate(items):
        row, col = divmod(i, cols)
        x = MARGIN + col * (w + GAP)
        top = y + sum(h + GAP for h in heights[:row])
        box = Box(x, top, x + w, top + heights[row])
        if kind in CHARACTER_KINDS:
            cv.regions[f"{kind}.{item}"] = box
            draw_character_card(cv, box, cv.view.character(item))
        else:
            cv.regions[f"{kind}{i}"] = box
            draw_district_card(cv, box, item)
    return y + sum(h + GAP for h in heights) + GAP


def draw_secrets(cv: Canvas, lines: list[str], y: int) -> None:
    """The viewer's secret markers, one line each."""
    d = cv.draw
    d.text((MARGIN, y + 12), label("secret.section", cv.lang), font=font(28, True), fill=ACCENT)
    y += SECTION_TITLE_H
    for line in lines:
        fitted = fit(line, HAND_WIDTH - 2 * MARGIN, 26, 18)
        draw_fitted(d, Box(MARGIN, y, HAND_WIDTH - MARGIN, y + 40), fitted, INK, "left")
        y += 40
    cv.regions["secret"] = Box(MARGIN, y - 40 * len(lines), HAND_WIDTH - MARGIN, y)
