"""The viewer's own Terra Mystica faction card (the private picture, `/game hand`): the
faction panel drawn large enough to read at phone width, every word at KEY px or more.

Reads the view's public table (round, active faction, tile texts) and, of the factions, only
the viewer's own entry: nothing of another seat reaches this picture.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import render.terra_mystica.pieces as tm_pieces
from render.terra_mystica.board import faction_colour
from render.terra_mystica.detail import _player_name
from render.terra_mystica.factions import (
    BUILDING_LIMITS,
    _buildings_left,
    _held_tiles,
    _shorten,
    tracks_line,
)
from render.terra_mystica.glance import scoring_words
from render.terra_mystica.style import (
    BACKGROUND,
    CULT,
    CULTS,
    HEX_EDGE,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    POWER,
    font,
    ink_on,
    text,
)
from render.terra_mystica.terms import amount, faction_name, term

WIDTH = 1000
PAD = 28
KEY = 26  # the smallest text: over 1/40 of the width
TITLE = 88
CHIP = 52  # a held tile's row
TRACK_FITS = (("    ", 34), ("   ", 30), ("  ", 28), ("  ", KEY))


def own_faction(view: dict[str, Any]) -> str | None:
    """The viewer's faction: the one whose seat is the view's `viewer`."""
    viewer = view.get("viewer")
    if not isinstance(viewer, int) or isinstance(viewer, bool):
        return None
    for name, info in (view.get("factions") or {}).items():
        if isinstance(info, dict) and info.get("seat") == viewer:
            return name
    return None


def draw_card(
    view: dict[str, Any], lang: str = "ko", names: dict[int, str] | None = None
) -> Image.Image:
    name = own_faction(view)
    if name is None:
        return _notice(
            term(lang, "no_faction" if isinstance(view.get("viewer"), int) else "not_seated")
        )
    # Only this entry of `factions` is read (and the colour looked up by name).
    info: dict[str, Any] = view["factions"][name]
    colour = faction_colour({"factions": {name: info}}, name)
    chips = _chips(view, info, lang, name)
    footer = 70 if view.get("phase") != "over" else 16  # this round's scoring tile
    height = TITLE + 92 + 58 + 70 + 56 + 2 * SUPPLY_ROW + 56 + len(chips) * CHIP + footer + PAD
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle(
        (8, 8, WIDTH - 8, height - 8), radius=18, fill=PANEL, outline=colour, width=6
    )
    draw.rounded_rectangle((8, 8, WIDTH - 8, TITLE), radius=18, fill=colour)
    draw.rectangle((8, TITLE - 24, WIDTH - 8, TITLE), fill=colour)
    head = ink_on(colour)
    cy = (8 + TITLE) / 2
    vp = amount(lang, "vp_n", info.get("VP", 0))
    vp_left = WIDTH - PAD - font(50, True).getlength(vp)
    text(draw, (WIDTH - PAD, cy), vp, 50, head, True, "rm")
    x = text(
        draw,
        (PAD, cy),
        faction_name(name, info, lang, view.get("faction_catalogue")),
        46,
        head,
        True,
    )
    flags = []
    if view.get("active") == name and view.get("phase") != "over":
        flags.append(term(lang, "turn"))
    if info.get("passed") and view.get("phase") != "over":
        flags.append(term(lang, "passed"))
    who = _player_name(names, info.get("seat"))
    line = " · ".join(filter(None, [who, *flags]))
    if line and vp_left - 24 - (x + 18) > 60:
        text(draw, (x + 18, cy + 2), _shorten(line, 30, vp_left - 24 - (x + 18)), 30, head)

    y = TITLE + 50
    x = PAD
    for kind in ("C", "W", "P"):
        if kind == "C":
            tm_pieces.coin(draw, x + 22, y, 22)
        elif kind == "W":
            tm_pieces.worker(draw, x + 22, y, 20)
        else:
            tm_pieces.priest(draw, x + 22, y, 24, colour)
        x = text(draw, (x + 54, y), str(info.get(kind, 0)), 46, INK, True) + 34
    x = max(x + 10, 470)
    for k, (bowl, shade) in enumerate((("P1", 0.45), ("P2", 0.7), ("P3", 1.0))):
        fill = tuple(round(255 - (255 - c) * shade) for c in POWER)
        draw.ellipse((x, y - 34, x + 72, y + 34), fill=fill, outline=POWER, width=3)
        text(draw, (x + 36, y), str(info.get(bowl, 0)), 38, ink_on(fill), True, "mm")
        x = text(draw, (x + 80, y), "I" * (k + 1), 30, POWER, True) + 22

    y += 92
    words, size = tracks_line(info, lang, name, WIDTH - 2 * PAD, TRACK_FITS)
    text(draw, (PAD, y - 30), words, size, INK, True)

    y += 40
    cell = (WIDTH - 2 * PAD - 3 * 14) / 4
    for i, cult in enumerate(CULTS):
        cx = PAD + i * (cell + 14)
        draw.rounded_rectangle((cx, y - 28, cx + cell, y + 28), radius=10, fill=CULT[cult])
        value = (info.get("cults") or {}).get(cult, 0)
        label = f"{term(lang, cult)} {value}"
        text(draw, (cx + cell / 2, y), label, 32, ink_on(CULT[cult]), True, "mm")

    y += 70
    text(draw, (PAD, y), term(lang, "in_supply"), 30, MUTED, True)
    y += 56
    _supply(draw, info, y, colour, lang)

    y += 2 * SUPPLY_ROW
    if chips:
        text(draw, (PAD, y), term(lang, "tiles_held"), 30, MUTED, True)
    y += 20
    for label_kind, words, fill in chips:
        box = (PAD, y + 8, WIDTH - PAD, y + CHIP)
        draw.rounded_rectangle(box, radius=12, fill=fill, outline=HEX_EDGE, width=1)
        ink = ink_on(fill)
        end = text(draw, (PAD + 16, y + 30), label_kind, 28, ink, True)
        room = WIDTH - PAD - 16 - (end + 14)
        text(draw, (end + 14, y + 30), _shorten(words, 28, room), 28, ink)
        y += CHIP

    y += 44
    if view.get("phase") != "over":
        label, words = scoring_words(view, lang, WIDTH - 2 * PAD - 200)
        if words:
            x = text(draw, (PAD, y), label, 30, MUTED)
            text(draw, (x + 14, y), words, 30, HIGHLIGHT, True)
    return image


def _chips(
    view: dict[str, Any], info: dict[str, Any], lang: str, name: str
) -> list[tuple[str, str, Any]]:
    """The panel's held-tile chips, one a row; the words are chosen for a chip as wide as the
    card, measured at the panel's own size (28/21 of ours)."""
    width = (WIDTH - 2 * PAD) * 21 / 28
    return _held_tiles(view, info, lang, width, name)


SUPPLY_COLS = 3
SUPPLY_ROW = 54


def _supply(
    draw: ImageDraw.ImageDraw,
    info: dict[str, Any],
    top: float,
    colour: tuple[int, int, int],
    lang: str,
) -> None:
    """Buildings left on the faction board and bridges left in the supply, with their shapes,
    three a row."""
    left = _buildings_left(info)
    items: list[tuple[str, int]] = [(k, left.get(k, 0)) for k in BUILDING_LIMITS]
    items.append(("bridge", info.get("bridges_left", 0)))
    cell = (WIDTH - 2 * PAD) / SUPPLY_COLS
    for i, (kind, count) in enumerate(items):
        row, col = divmod(i, SUPPLY_COLS)
        x, y = PAD + col * cell, top + row * SUPPLY_ROW
        if kind == "bridge":
            draw.line((x + 2, y, x + 44, y), fill=HEX_EDGE, width=22)
            draw.line((x + 2, y, x + 44, y), fill=colour, width=14)
            label = f"{term(lang, 'bridges')} {count}"
        else:
            tm_pieces.building(draw, kind, x + 22, y, 22, colour)
            label = f"{term(lang, kind)} {count}"
        text(draw, (x + 58, y), label, 30, INK, True)


def _notice(words: str) -> Image.Image:
    image = Image.new("RGB", (WIDTH, 160), BACKGROUND)
    draw = ImageDraw.Draw(image)
    draw.rounded_rectangle((8, 8, WIDTH - 8, 152), radius=18, fill=PANEL, outline=MUTED, width=4)
    text(draw, (WIDTH / 2, 80), words, 40, INK, True, "mm")
    return image
