"""A seat's panel on the table picture: name, crown, characters, gold, hand, score, city."""

from __future__ import annotations

from render.citadels.canvas import Canvas
from render.citadels.district_types import ordered_city
from render.citadels.labels import label, pick_text
from render.citadels.layout import (
    EMPTY_CITY_H,
    KEY_TEXT,
    MARGIN,
    PANEL_PAD,
    SEAT_HEAD_H,
    TILE_GAP,
    TILE_H,
    TILES_PER_ROW,
    WIDTH,
    seat_height,
)
from render.citadels.pen import draw_fitted, fit, width
from render.citadels.tile_notes import tile_notes
from render.citadels.tiles import draw_tile
from render.citadels.view import CitadelsView, Seat
from render.common import (
    ACCENT,
    DARK_INK,
    INK,
    MUTED,
    PANEL,
    Box,
    draw_card_icon,
    draw_coin,
    draw_crown,
    font,
    mix,
)


def draw_seat(cv: Canvas, seat: Seat, y: int) -> int:
    """The seat's panel from `y`, drawn once for what it shows; returns its bottom edge."""
    height = seat_height(seat)
    cv.strip(panel_key(cv, seat), y, height, lambda own: draw_panel(own, seat))
    return y + height


def is_current(view: CitadelsView, seat: Seat) -> bool:
    return view.current is not None and view.current.seat == seat.seat and view.phase != "over"


def panel_key(cv: Canvas, seat: Seat) -> tuple:
    """Everything a seat's panel shows: the seat, and what the view says about it."""
    v = cv.view
    chips = tuple(v.character(c).model_dump_json() for c in seat.revealed_characters)
    notes = tuple(sorted(tile_notes(v, seat).items()))
    return (
        seat.model_dump_json(),
        cv.name(seat.seat),
        is_current(v, seat),
        v.viewer == seat.seat,
        shown_score(v, seat),
        chips,
        notes,
    )


def draw_panel(cv: Canvas, seat: Seat) -> None:
    """The seat's panel from the canvas's top."""
    d, y = cv.draw, 0
    box = Box(MARGIN, y, WIDTH - MARGIN, y + seat_height(seat))
    current = is_current(cv.view, seat)
    d.rounded_rectangle(
        box.xy(),
        12,
        fill=PANEL,
        outline=ACCENT if current else mix(PANEL, INK, 0.12),
        width=4 if current else 2,
    )
    cv.regions[f"seat{seat.seat}"] = box
    head = Box(box.x0 + PANEL_PAD + 4, y + PANEL_PAD, box.x1 - PANEL_PAD - 4, y + PANEL_PAD + 52)
    # Right side first: its width decides how much room the name gets.
    right_edge = draw_stats(cv, seat, head)
    draw_identity(cv, seat, head, right_edge)
    draw_city(cv, seat, box, head.y1 + (SEAT_HEAD_H - 52))


def shown_score(view: CitadelsView, seat: Seat) -> int:
    """The final total once the game is over (bonuses included, as the score table says),
    else the points the city shows now."""
    final = next(
        (s.total for s in (view.result.scores if view.result else []) if s.seat == seat.seat), None
    )
    return seat.score_public if final is None else final


def draw_stats(cv: Canvas, seat: Seat, head: Box) -> int:
    """Score, gold, hand size and completion, right-aligned; returns their left edge."""
    d, lang = cv.draw, cv.lang
    x = head.x1
    score = label("points", lang, n=shown_score(cv.view, seat))
    score_face = font(KEY_TEXT + 2, True)
    sw = width(score, score_face) + 24
    score_box = Box(x - sw, head.y0 + 2, x, head.y1 - 2)
    d.rounded_rectangle(score_box.xy(), 8, fill=mix(PANEL, INK, 0.85))
    draw_fitted(d, score_box, fit(score, sw, KEY_TEXT + 2, KEY_TEXT, bold=True), DARK_INK)
    cv.regions[f"seat{seat.seat}.score"] = score_box
    x = score_box.x0 - 18
    stat_face = font(KEY_TEXT + 2, True)
    for value, icon in ((seat.hand_count, "card"), (seat.gold, "coin")):
        text = str(value)
        tw = width(text, stat_face)
        d.text((x - tw, head.y0 + 7), text, font=stat_face, fill=INK)
        x -= tw + 6
        if icon == "coin":
            draw_coin(d, x - 17, head.y0 + 26, 17)
            cv.regions[f"seat{seat.seat}.gold"] = Box(x - 34, head.y0, x + tw + 6, head.y1)
            x -= 34 + 18
        else:
            draw_card_icon(d, x - 30, head.y0 + 6, 38, (96, 116, 150))
            cv.regions[f"seat{seat.seat}.hand"] = Box(x - 30, head.y0, x + tw + 6, head.y1)
            x -= 30 + 18
    if seat.completed:
        text = label("first_completed" if seat.first_completed else "completed", lang)
        face = font(22, True)
        bw = width(text, face) + 20
        badge = Box(x - bw, head.y0 + 8, x, head.y1 - 8)
        d.rounded_rectangle(badge.xy(), 8, fill=(46, 160, 90))
        draw_fitted(d, badge, fit(text, bw, 22, 16, bold=True), INK)
        cv.regions[f"seat{seat.seat}.completed"] = badge
        x = badge.x0 - 14
    return x


def draw_identity(cv: Canvas, seat: Seat, head: Box, right_edge: int) -> None:
    """Crown, name, a "you" chip and the revealed characters, left-aligned up to `right_edge`."""
    v, d, lang = cv.view, cv.draw, cv.lang
    x = head.x0
    if seat.crown:
        cw = draw_crown(d, x, head.y0 + 10, 28)
        cv.regions[f"seat{seat.seat}.crown"] = Box(x, head.y0 + 10, x + cw, head.y0 + 38)
        x += cw + 10
    chips = sorted((cv.view.character(c) for c in seat.revealed_characters), key=lambda c: c.rank)
    chip_texts = [f"{c.rank} {pick_text(c.name, lang)}" for c in chips]
    chip_face = font(26, True)
    is_viewer = v.viewer is not None and v.viewer == seat.seat
    you = label("you", lang)
    chips_w = sum(width(t, chip_face) + 28 for t in chip_texts)
    chips_w += width(you, chip_face) + 28 if is_viewer else 0
    name_room = max(120, right_edge - x - chips_w - 12)
    name_fit = fit(cv.name(seat.seat), name_room, KEY_TEXT + 2, KEY_TEXT, bold=True)
    name_box = Box(x, head.y0, x + name_fit.width, head.y1)
    draw_fitted(d, name_box, name_fit, INK, "left")
    cv.regions[f"seat{seat.seat}.name"] = name_box
    x = name_box.x1 + 14
    if is_viewer:
        you_box = Box(x, head.y0 + 8, x + width(you, chip_face) + 16, head.y1 - 8)
        d.rounded_rectangle(you_box.xy(), 8, fill=ACCENT)
        draw_fitted(d, you_box, fit(you, you_box.width, 26, 18, bold=True), DARK_INK)
        cv.regions[f"seat{seat.seat}.you"] = you_box
        x = you_box.x1 + 8
    for ch, text in zip(chips, chip_texts, strict=True):
        room = right_edge - x
        if room < 60:
            break
        chip_fit = fit(text, min(room, width(text, chip_face) + 12) - 12, 26, 18, bold=True)
        cb = Box(x, head.y0 + 8, x + chip_fit.width + 16, head.y1 - 8)
        d.rounded_rectangle(cb.xy(), 8, fill=INK)
        draw_fitted(d, cb, chip_fit, DARK_INK)
        cv.regions[f"seat{seat.seat}.char.{ch.id}"] = cb
        x = cb.x1 + 8


def draw_city(cv: Canvas, seat: Seat, box: Box, top: int) -> None:
    """The seat's districts as tiles from `top`, grouped by type, or a note that it has none."""
    d = cv.draw
    inner_w = box.width - 2 * PANEL_PAD
    tile_w = (inner_w - (TILES_PER_ROW - 1) * TILE_GAP) // TILES_PER_ROW
    if not seat.city:
        empty = Box(box.x0 + PANEL_PAD, top, box.x1 - PANEL_PAD, top + EMPTY_CITY_H)
        d.rounded_rectangle(empty.xy(), 8, outline=mix(PANEL, MUTED, 0.5), width=2)
        draw_fitted(d, empty, fit(label("no_districts", cv.lang), empty.width, 26, 20), MUTED)
    notes = tile_notes(cv.view, seat)
    for slot, (index, card) in enumerate(ordered_city(seat.city)):
        row, col = divmod(slot, TILES_PER_ROW)
        tx = box.x0 + PANEL_PAD + col * (tile_w + TILE_GAP)
        ty = top + row * (TILE_H + TILE_GAP)
        tile = Box(tx, ty, tx + tile_w, ty + TILE_H)
        cv.regions[f"seat{seat.seat}.district{index}"] = tile
        draw_tile(cv, tile, card, f"seat{seat.seat}.district{index}", notes.get(card.id))
