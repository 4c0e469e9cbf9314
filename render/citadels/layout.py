"""Geometry of the pictures (pixels) and the heights that depend on a view."""

from __future__ import annotations

from render.citadels.markers import marker_for, shown_markers
from render.citadels.pen import fit
from render.citadels.view import CitadelsView, Lang, Seat
from render.common import Fitted

# Drawing is laid out in design units; pictures are SCALE times that. Two thirds make the
# table 800 px and the hand 720 px wide: twice a phone's 400 px, and under half the pixels
# (and bytes, and time) of drawing at design size, with the text's share of the width kept.
SCALE = 2 / 3

# The table picture. Key text (whose turn, names, scores, gold, cards, districts) is at
# least KEY_TEXT tall: 1/40 of the width, readable at 400 px.
WIDTH = 1200
KEY_TEXT = WIDTH // 40
MARGIN = 24
GAP = 16
HEADER_H = 132
TOKEN_BASE_H = 138
TOKEN_GAP = 4
MARKER_H = 30
SCORE_ROW_H = 50
SEAT_HEAD_H = 64
TILES_PER_ROW = 7
TILE_GAP = 8
TILE_H = 116
TILE_NOTE_H = 22  # the end-of-game ribbon along a tile's foot
EMPTY_CITY_H = 44
PANEL_PAD = 12

# The private picture.
HAND_WIDTH = 1080
CARDS_PER_ROW = 3
CARD_H = 210
CHARS_PER_ROW = 4
CHAR_CARD_H = 150
SECTION_TITLE_H = 52
# Cards carrying an effect text: fewer per row (wider lines) and a row tall enough for it.
TEXT_CARDS_PER_ROW = 3
TEXT_CARD_H = 324
TEXT_CHARS_PER_ROW = 3
TEXT_CHAR_CARD_H = 294
HAND_HEADER_H = 100

# The pictures' widths in pixels.
TABLE_PX = round(WIDTH * SCALE)
HAND_PX = round(HAND_WIDTH * SCALE)


def token_width(view: CitadelsView) -> int:
    n = max(1, len(view.characters))
    return (WIDTH - 2 * MARGIN - (n - 1) * TOKEN_GAP) // n


def marker_text(key: str, lang: Lang, token_w: int) -> Fitted:
    """A marker's words on a chip (what happened to the character: key text), one line or two."""
    marker = marker_for(key)
    text = marker.ko if lang == "ko" else marker.en
    return fit(text, token_w - 8, KEY_TEXT, 20, bold=True, max_lines=2)


def chip_height(fitted: Fitted) -> int:
    return max(MARKER_H - 4, fitted.height + 4)


def token_height(view: CitadelsView, lang: Lang) -> int:
    token_w = token_width(view)
    most = max(
        (
            sum(chip_height(marker_text(k, lang, token_w)) + 4 for k in shown_markers(c.markers))
            for c in view.characters
        ),
        default=0,
    )
    return TOKEN_BASE_H + most


def seat_height(seat: Seat) -> int:
    rows = -(-len(seat.city) // TILES_PER_ROW)
    city_h = rows * TILE_H + (rows - 1) * TILE_GAP if rows else EMPTY_CITY_H
    return PANEL_PAD + SEAT_HEAD_H + city_h + PANEL_PAD


def scores_height(view: CitadelsView) -> int:
    if view.phase != "over" or view.result is None:
        return 0
    return PANEL_PAD + 44 + SCORE_ROW_H * len(view.result.scores) + PANEL_PAD + GAP
