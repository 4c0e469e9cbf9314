"""The cult board: four tracks 0-10 with every faction's marker, and the priest spaces."""

from __future__ import annotations

import re
from typing import Any

from PIL import ImageDraw

import render.terra_mystica.pieces as tm_pieces
from render.terra_mystica.board import faction_colour
from render.terra_mystica.style import CULT, CULTS, MUTED, Box, card, ink_on, text
from render.terra_mystica.terms import term

CULT_ROW = 86
CULT_LABEL = 96
PRIEST_SLOT = 58


def cult_board_height() -> int:
    return 56 + 4 * CULT_ROW + 16


def _slot_value(key: str) -> int:
    digits = re.match(r"\d+", key)
    return int(digits.group()) if digits else 0


def draw_cult_board(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: Box, lang: str) -> None:
    y = card(draw, box, term(lang, "cult_board"))
    x0 = box[0] + 16
    factions: dict[str, Any] = view.get("factions") or {}
    cults: dict[str, Any] = view.get("cults") or {}
    cell = (box[2] - 16 - x0 - CULT_LABEL - 16 - 4 * PRIEST_SLOT) / 11
    for i, cult in enumerate(CULTS):
        top = y + i * CULT_ROW
        colour = CULT[cult]
        tint = tuple(round(c * 0.18 + 255 * 0.82) for c in colour)
        draw.rectangle((x0, top, box[2] - 16, top + CULT_ROW - 8), fill=tint)
        draw.rectangle((x0, top, x0 + CULT_LABEL, top + CULT_ROW - 8), fill=colour)
        text(
            draw,
            (x0 + CULT_LABEL / 2, top + (CULT_ROW - 8) / 2),
            term(lang, cult),
            28,
            ink_on(colour),
            True,
            "mm",
        )
        at: dict[int, list[str]] = {}
        for name, info in factions.items():
            pos = ((info or {}).get("cults") or {}).get(cult)
            if isinstance(pos, int):
                at.setdefault(max(0, min(10, pos)), []).append(name)
        for step in range(11):
            cx = x0 + CULT_LABEL + 8 + step * cell
            landmark = step in (3, 5, 7, 10)  # power bonus spaces
            draw.rectangle(
                (cx, top + 4, cx + cell - 4, top + CULT_ROW - 12),
                fill=(255, 255, 255) if not landmark else (236, 226, 246),
                outline=(190, 180, 170),
            )
            text(draw, (cx + 5, top + 16), str(step), 17, MUTED, landmark)
            _markers(draw, view, at.get(step, []), cx + cell / 2 - 2, top + 46)
        slots = (cults.get(cult) or {}).get("priests") or {}
        if isinstance(slots, list):  # a plain list fills the spaces 3, 2, 2, 2 in order
            slots = dict(zip(("3", "2", "2b", "2c"), slots, strict=False))
        given = (cults.get(cult) or {}).get("steps")
        steps = {
            k: given.get(k)
            if isinstance(given, dict) and isinstance(given.get(k), int)
            else _slot_value(k)
            for k in slots
        }
        ordered = sorted(slots.items(), key=lambda kv: (-steps[kv[0]], kv[0]))
        sx = box[2] - 16 - 4 * PRIEST_SLOT
        for key, who in ordered[:4]:
            draw.ellipse(
                (sx, top + 8, sx + 54, top + 62), fill=(255, 255, 255), outline=colour, width=3
            )
            if who:
                tm_pieces.priest(draw, sx + 27, top + 36, 18, faction_colour(view, who))
            else:
                text(draw, (sx + 27, top + 35), str(steps[key]), 26, colour, True, "mm")
            sx += PRIEST_SLOT


def marker_layout(count: int) -> list[tuple[float, float, int]]:
    """(dx, dy, radius) of `count` markers sharing a space: a lone one large, two side by
    side, three or four in two rows, five in rows of three."""
    if count == 1:
        return [(0.0, 0.0, 16)]
    per_row, r = (2, 12 if count == 2 else 11) if count <= 4 else (3, 8)
    out = []
    rows = (count + per_row - 1) // per_row
    low = 4 if rows > 1 else 0  # two rows sit a little low, clear of the space's number
    for n in range(count):
        row, col = divmod(n, per_row)
        in_row = min(per_row, count - row * per_row)
        dx = (col - (in_row - 1) / 2) * (2 * r + 2)
        dy = (row - (rows - 1) / 2) * (2 * r + 2) + low
        out.append((dx, dy, r))
    return out


def _markers(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str], cx: float, cy: float
) -> None:
    for name, (dx, dy, r) in zip(names, marker_layout(len(names)), strict=True):
        tm_pieces.disc(draw, cx + dx, cy + dy, r, faction_colour(view, name))
