"""The row of character tokens on the table picture, in rank order, with their markers."""

from __future__ import annotations

from render.citadels.canvas import Canvas
from render.citadels.labels import label, pick_text
from render.citadels.layout import (
    MARGIN,
    TOKEN_BASE_H,
    TOKEN_GAP,
    chip_height,
    marker_text,
    token_width,
)
from render.citadels.markers import TOKEN_POTS, marker_for, shown_markers
from render.citadels.pen import draw_fitted, fit
from render.citadels.view import Character
from render.common import (
    ACCENT,
    DARK_INK,
    INK,
    MUTED,
    PANEL,
    PANEL_DIM,
    Box,
    draw_coin,
    ink_on,
    mix,
)


def draw_tokens(cv: Canvas, y: int, token_h: int) -> int:
    """Every character's token from `y`, `token_h` tall; returns the row's bottom edge."""
    v = cv.view
    chars = sorted(v.characters, key=lambda c: c.rank)
    token_w = token_width(v)
    current = v.current.character if v.current and v.phase == "turns" else None
    for i, ch in enumerate(chars):
        x = MARGIN + i * (token_w + TOKEN_GAP)
        box = Box(x, y, x + token_w, y + token_h)
        cv.regions[f"char.{ch.id}"] = box
        draw_token(cv, box, ch, ch.id == current)
    return y + token_h


def draw_token(cv: Canvas, box: Box, ch: Character, is_current: bool) -> None:
    d, lang = cv.draw, cv.lang
    dim = ch.status in ("discarded_up", "called_absent")
    fill = PANEL_DIM if dim else (mix(PANEL, INK, 0.12) if ch.status == "revealed" else PANEL)
    outline = ACCENT if is_current else mix(fill, INK, 0.15)
    d.rounded_rectangle(box.xy(), 10, fill=fill, outline=outline, width=4 if is_current else 2)
    ink = MUTED if dim else INK
    cx, cy, r = box.x0 + 24, box.y0 + 24, 19
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=mix(fill, INK, 0.8) if not dim else MUTED)
    rank_fit = fit(str(ch.rank), 2 * r, 28, 18, bold=True)
    draw_fitted(d, Box(cx - r, cy - r, cx + r, cy + r + 1), rank_fit, DARK_INK)
    name = fit(pick_text(ch.name, lang), box.width - 10, 26, 18, bold=True, max_lines=2)
    draw_fitted(d, Box(box.x0 + 3, box.y0 + 48, box.x1 - 3, box.y0 + 104), name, ink, valign="top")
    status = Box(box.x0 + 6, box.y0 + 104, box.x1 - 6, box.y0 + 132)
    if ch.status == "revealed" and ch.seat is not None:
        d.rounded_rectangle(status.xy(), 6, fill=INK)
        who = fit(cv.name(ch.seat), status.width - 8, 24, 18, bold=True)
        draw_fitted(d, status, who, DARK_INK)
    elif dim:
        text = fit(label("status." + ch.status, lang), status.width - 4, 22, 18)
        draw_fitted(d, status, text, MUTED)
    pot_key = TOKEN_POTS.get(ch.id)
    pot = getattr(cv.view, pot_key, 0) if pot_key else 0
    if pot:
        draw_coin(d, box.x1 - 22, box.y0 + 26, 17, str(pot))
        cv.regions[f"char.{ch.id}.pot"] = Box(box.x1 - 39, box.y0 + 9, box.x1 - 5, box.y0 + 43)
    my = box.y0 + TOKEN_BASE_H - 2
    for key in shown_markers(ch.markers):
        marker = marker_for(key)
        text = marker_text(key, lang, box.width)
        chip = Box(box.x0 + 3, my, box.x1 - 3, my + chip_height(text))
        d.rounded_rectangle(chip.xy(), 6, fill=marker.colour)
        draw_fitted(d, chip, text, ink_on(marker.colour))
        cv.regions[f"char.{ch.id}.{key}"] = chip
        my = chip.y1 + 4
