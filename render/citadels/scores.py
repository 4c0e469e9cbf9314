"""The final scores panel of a finished game's table picture."""

from __future__ import annotations

from render.citadels.canvas import Canvas
from render.citadels.labels import label
from render.citadels.layout import (
    GAP,
    KEY_TEXT,
    MARGIN,
    PANEL_PAD,
    SCORE_ROW_H,
    WIDTH,
    scores_height,
)
from render.citadels.pen import draw_fitted, fit
from render.citadels.words import score_words
from render.common import GOLD, INK, MUTED, PANEL, Box, font, mix


def draw_scores(cv: Canvas, y: int) -> int:
    """Rows by rank with their score items, when the game is over; returns the next y."""
    v, lang, d = cv.view, cv.lang, cv.draw
    if v.phase != "over" or v.result is None:
        return y
    box = Box(MARGIN, y, WIDTH - MARGIN, y + scores_height(v) - GAP)
    d.rounded_rectangle(box.xy(), 12, fill=PANEL, outline=GOLD, width=3)
    cv.regions["scores"] = box
    d.text((MARGIN + 20, y + PANEL_PAD + 4), label("final", lang), font=font(30, True), fill=GOLD)
    row_y = y + PANEL_PAD + 44
    for line in v.result.scores:
        row = Box(MARGIN + 12, row_y, WIDTH - MARGIN - 12, row_y + SCORE_ROW_H - 4)
        if line.rank == 1:
            d.rounded_rectangle(row.xy(), 8, fill=mix(PANEL, GOLD, 0.25))
        cv.regions[f"score{line.seat}"] = row
        place = fit(label("place", lang, n=line.rank), 64, KEY_TEXT, 20, bold=True)
        draw_fitted(d, Box(row.x0 + 10, row.y0, row.x0 + 74, row.y1), place, INK, "left")
        name_fit = fit(cv.name(line.seat), 300, KEY_TEXT, 24, bold=True)
        draw_fitted(d, Box(row.x0 + 80, row.y0, row.x0 + 380, row.y1), name_fit, INK, "left")
        total = fit(label("points", lang, n=line.total), 110, KEY_TEXT, 22, bold=True)
        draw_fitted(d, Box(row.x0 + 392, row.y0, row.x0 + 502, row.y1), total, GOLD, "left")
        seat = next((s for s in v.seats if s.seat == line.seat), None)
        parts = score_words(line.breakdown, seat.city if seat else [], lang)
        detail = fit(" · ".join(parts), row.x1 - row.x0 - 520, 22, 18)
        draw_fitted(d, Box(row.x0 + 510, row.y0, row.x1 - 10, row.y1), detail, MUTED, "left")
        row_y += SCORE_ROW_H
    return box.y1 + GAP


# -- character tokens -----------------------------------------------------
