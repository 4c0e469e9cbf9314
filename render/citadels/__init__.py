"""Citadels pictures drawn from the engine's view: the whole table, and one seat's hand.

`render/__init__.py` dispatches to `table_png` and `hand_png`; the `*_image` forms also
return the named regions that tests (and image maps) look up.
"""

from render.citadels.district_types import TYPE_COLOURS, TYPE_NAMES, TYPE_ORDER
from render.citadels.hand import hand_image, hand_png
from render.citadels.hand import hand_png as private_png
from render.citadels.labels import LABELS, label, seat_name
from render.citadels.layout import HAND_PX, HAND_WIDTH, SCALE, TABLE_PX, WIDTH
from render.citadels.markers import MARKERS, shown_markers
from render.citadels.table import table_image, table_png
from render.citadels.view import Card, CitadelsView
from render.citadels.words import score_words, secret_words

__all__ = [
    "HAND_PX",
    "HAND_WIDTH",
    "SCALE",
    "TABLE_PX",
    "LABELS",
    "MARKERS",
    "TYPE_COLOURS",
    "TYPE_NAMES",
    "TYPE_ORDER",
    "WIDTH",
    "Card",
    "CitadelsView",
    "hand_image",
    "hand_png",
    "private_png",
    "label",
    "score_words",
    "seat_name",
    "secret_words",
    "shown_markers",
    "table_image",
    "table_png",
]
