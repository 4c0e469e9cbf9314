"""The Terra Mystica glance picture (posted after each turn): a big header, the map and a
compact scoreboard, readable at phone width (400 px).

Every word is drawn at KEY px or larger, KEY being 1/40 of the picture's width; the detail
(cult board, tiles, faction panels) is in the board picture and the private faction card.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import render.terra_mystica.pieces as tm_pieces
from render.terra_mystica.board import faction_colour, map_image, map_size
from render.terra_mystica.detail import _faction_order, _player_name
from render.terra_mystica.factions import RANKING_PARTS, _shorten, leaders, ranking_rows
from render.terra_mystica.geometry import HexGrid, load_layout
from render.terra_mystica.style import (
    BACKGROUND,
    CULT,
    CULTS,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    POWER,
    RGB,
    font,
    ink_on,
    text,
)
from render.terra_mystica.terms import (
    SCORING,
    amount,
    faction_name,
    pending_items,
    pending_label,
    pick,
    term,
    view_tile_parts,
)

WIDTH = 1200
MARGIN = 12
KEY = WIDTH // 40  # the smallest text on the picture: still 10 px tall at 400 px wide
HEX_RADIUS = 52  # 13 hex widths ≈ 1171 px
HEADER = 72
LINE = 56  # the pending offers' and the scoring tile's line
ROW = 112
ROW_GAP = 8

# Sizes (px) of each kind of text; all at least KEY.
SIZES = {
    "status": 40,
    "turn": 40,
    "label": 32,
    "line": KEY,
    "faction": 36,
    "player": KEY,
    "badge": KEY,
    "vp": 46,
    "count": 34,
    "bowl": KEY,
    "cult": KEY,
}
BOWL_SHADES = (0.45, 0.7, 1.0)  # bowls I, II, III: the fuller the bowl's power, the darker


def height(view: dict[str, Any]) -> int:
    _, map_h = map_size(view, HEX_RADIUS)
    rows = len(_faction_order(view))
    return map_top(view) + map_h + ROW_GAP + rows * (ROW + ROW_GAP) + MARGIN


def map_top(view: dict[str, Any]) -> int:
    return HEADER + (bool(_pending(view)) + (view.get("phase") != "over")) * LINE


def hex_centre(view: dict[str, Any], hex_id: str) -> tuple[float, float]:
    """Where a hex's centre lands on the glance picture (for tests)."""
    layout = load_layout((view.get("map") or {}).get("id"))
    slot = layout.by_id()[hex_id]
    map_w, _ = map_size(view, HEX_RADIUS)
    grid = HexGrid(
        radius=HEX_RADIUS,
        origin_x=(WIDTH - map_w) / 2,
        origin_y=map_top(view),
        first_row=layout.first_row,
    )
    return grid.centre(slot.row, slot.col)


def draw_glance(
    view: dict[str, Any], lang: str = "ko", names: dict[int, str] | None = None
) -> Image.Image:
    image = Image.new("RGB", (WIDTH, height(view)), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _header(draw, view, lang)
    y = HEADER
    if _pending(view):
        _pending_line(draw, view, y + LINE / 2, lang)
        y += LINE
    if view.get("phase") != "over":
        _scoring_line(draw, view, (MARGIN, y + 4, WIDTH - MARGIN, y + LINE - 4), lang)
        y += LINE
    image.paste(map_image(view, HEX_RADIUS, WIDTH), (0, y))
    y += map_size(view, HEX_RADIUS)[1] + ROW_GAP
    final = {r["faction"]: r for r in ranking_rows(view, None, lang)}
    for i, name in enumerate(_rows(view)):
        top = y + i * (ROW + ROW_GAP)
        box = (MARGIN, top, WIDTH - MARGIN, top + ROW)
        end = _row(draw, view, name, box, lang, names)
        if view.get("phase") == "over" and name in final:
            _final(draw, final[name], box, end + 20)
    return image


def _final(
    draw: ImageDraw.ImageDraw, row: dict[str, Any], box: tuple[int, int, int, int], start: float
) -> None:
    """Right of a finished game's row (from `start`): the final scoring, as much as fits;
    VP in play go first (the total less the rest), then resources, then cults."""
    parts = dict(zip(RANKING_PARTS, zip(row["labels"], row["parts"], strict=True), strict=False))
    low = box[1] + 80
    for keep in (("network", "cults", "resources"), ("network", "cults"), ("network",)):
        line = " · ".join(f"{parts[k][0]} {parts[k][1]}" for k in keep if k in parts)
        if line and start + font(SIZES["line"]).getlength(line) <= box[2] - 18:
            text(draw, (box[2] - 18, low), line, SIZES["line"], MUTED, False, "rm")
            return


def _rows(view: dict[str, Any]) -> list[str]:
    """Turn order while playing; by VP (most first) once the game is over."""
    order = _faction_order(view)
    if view.get("phase") != "over":
        return order
    factions = view.get("factions") or {}
    return sorted(order, key=lambda f: -int((factions.get(f) or {}).get("VP", 0)))


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], lang: str) -> None:
    y = HEADER / 2
    phase = str(view.get("phase") or "")
    rnd = view.get("round")
    status = term(lang, phase) if phase else term(lang, "title")
    if isinstance(rnd, int) and rnd > 0 and phase != "over":
        status = f"{term(lang, 'round')} {rnd}/6 · {status}"
    x = text(draw, (MARGIN + 8, y), status, SIZES["status"], INK, True)
    factions = view.get("factions") or {}
    shown: list[str] = []
    if phase == "over":
        label, shown = term(lang, "winner"), sorted(leaders(view))
    elif view.get("active"):
        label, shown = term(lang, "turn"), [str(view["active"])]
    if shown:
        x = text(draw, (x + 36, y), f"{label}:", SIZES["label"], MUTED)
    for name in shown:
        tm_pieces.disc(draw, x + 26, y, 17, faction_colour(view, name))
        x = text(
            draw,
            (x + 52, y),
            faction_name(name, factions.get(name), lang, view.get("faction_catalogue")),
            SIZES["turn"],
            HIGHLIGHT,
            True,
        )
    wanted = (view.get("map") or {}).get("id") if isinstance(view.get("map"), dict) else None
    if wanted and load_layout(wanted).id != wanted:  # say so rather than mislead quietly
        note = term(lang, "map_fallback").format(map=wanted)
        if x + 24 + font(KEY).getlength(note) <= WIDTH - MARGIN:
            text(draw, (x + 24, y), note, KEY, MUTED)


def _pending(view: dict[str, Any]) -> list[dict[str, Any]]:
    if view.get("phase") == "over":
        return []
    return pending_items(view)


def _pending_line(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float, lang: str) -> None:
    """Who the table waits on besides the turn (power offers, cult steps, spades)."""
    factions = view.get("factions") or {}
    items = _pending(view)
    x = text(draw, (MARGIN + 8, y), f"{term(lang, 'waiting')}:", SIZES["line"], MUTED)
    for n, item in enumerate(items):
        label = pending_label(lang, item, factions)
        more = f"+{len(items) - n}"
        room = WIDTH - MARGIN - 16 - font(KEY, True).getlength(more) - 16
        if x + 58 + font(KEY).getlength(label) > room:  # what does not fit is counted
            text(draw, (x + 16, y), more, SIZES["line"], MUTED, True)
            break
        tm_pieces.disc(draw, x + 30, y, 13, faction_colour(view, item.get("faction")))
        x = text(draw, (x + 50, y), label, SIZES["line"], INK)


def scoring_words(view: dict[str, Any], lang: str, room: float) -> tuple[str, str]:
    """The current round's scoring tile: its label ("라운드 2:") and its words, the view's
    when they fit `room` at KEY px, else the picture's own short ones."""
    tiles = list(view.get("scoring_tiles") or [])
    rnd = view.get("round") if isinstance(view.get("round"), int) else 0
    index = max(1, min(6, rnd or 1)) - 1
    if index >= len(tiles):
        return "", ""
    tile = tiles[index]
    label = f"{term(lang, 'round')} {index + 1}:"
    own = SCORING.get(tile)
    halves = view_tile_parts(view, tile, lang)
    options = []
    if halves:
        options.append(" · ".join(halves[:1] if index == 5 else halves))
    if own:
        options.append(
            pick(own[0], lang) if index == 5 else f"{pick(own[0], lang)} · {pick(own[1], lang)}"
        )
    for words in options:
        if font(KEY, True).getlength(words) <= room:
            return label, words
    return label, _shorten(options[-1] if options else tile, KEY, room)


def _scoring_line(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], box: tuple[int, int, int, int], lang: str
) -> None:
    x0, y0, x1, y1 = box
    y = (y0 + y1) / 2
    label_w = font(KEY).getlength(f"{term(lang, 'round')} 6:")
    label, words = scoring_words(view, lang, x1 - x0 - 40 - label_w - 16)
    if not words:
        return
    draw.rounded_rectangle(box, radius=10, fill=(255, 236, 214), outline=HIGHLIGHT, width=3)
    x = text(draw, (x0 + 16, y), label, SIZES["line"], MUTED)
    text(draw, (x + 14, y), words, SIZES["line"], INK, True)


def _row(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    name: str,
    box: tuple[int, int, int, int],
    lang: str,
    names: dict[int, str] | None,
) -> float:
    """One faction: name, player, badges and VP; coins, workers, priests, bowls, cults.
    Returns where the cult boxes end."""
    info: dict[str, Any] = (view.get("factions") or {}).get(name) or {}
    colour = faction_colour(view, name)
    x0, y0, x1, y1 = box
    active = view.get("active") == name and view.get("phase") != "over"
    draw.rounded_rectangle(
        box,
        radius=12,
        fill=PANEL,
        outline=HIGHLIGHT if active else colour,
        width=5 if active else 3,
    )
    draw.rounded_rectangle((x0, y0, x0 + 22, y1), radius=10, fill=colour)
    top, low = y0 + 32, y0 + 80
    left = x0 + 40

    vp = amount(lang, "vp_n", info.get("VP", 0))
    vp_left = x1 - 18 - font(SIZES["vp"], True).getlength(vp)
    text(draw, (x1 - 18, top + 4), vp, SIZES["vp"], INK, True, "rm")
    title = faction_name(name, info, lang, view.get("faction_catalogue"))
    if view.get("phase") == "over":
        place = 1 + sum(
            1
            for f in (view.get("factions") or {}).values()
            if (f or {}).get("VP", 0) > info.get("VP", 0)
        )
        title = f"{place}. {title}"
    x = text(draw, (left, top), title, SIZES["faction"], INK, True)
    badges = _badges(view, name, info, lang)
    badges_w = sum(18 + _badge_width(label) for label, _ in badges)
    player = _player_name(names, info.get("seat"))
    room = vp_left - 24 - badges_w - (x + 18)
    if player and room > 60:
        x = text(
            draw, (x + 18, top), _shorten(player, SIZES["player"], room), SIZES["player"], MUTED
        )
    for label, fill in badges:
        x = _badge(draw, x + 18, top, label, fill)

    x = left
    for icon, key in ((tm_pieces.coin, "C"), (tm_pieces.worker, "W"), ("priest", "P")):
        if icon == "priest":
            tm_pieces.priest(draw, x + 16, low, 17, colour)
        else:
            icon(draw, x + 16, low, 16)
        x = text(draw, (x + 40, low), str(info.get(key, 0)), SIZES["count"], INK, True) + 26
    x += 8
    for bowl, shade in zip(("P1", "P2", "P3"), BOWL_SHADES, strict=True):
        fill = tuple(round(255 - (255 - c) * shade) for c in POWER)
        draw.ellipse((x, low - 23, x + 50, low + 23), fill=fill, outline=POWER, width=3)
        text(draw, (x + 25, low), str(info.get(bowl, 0)), SIZES["bowl"], ink_on(fill), True, "mm")
        x += 58
    x += 24
    cults = info.get("cults") or {}
    for cult in CULTS:
        draw.rounded_rectangle((x, low - 21, x + 56, low + 21), radius=8, fill=CULT[cult])
        value = str(cults.get(cult, 0))
        text(draw, (x + 28, low), value, SIZES["cult"], ink_on(CULT[cult]), True, "mm")
        x += 62
    return x


def _badges(
    view: dict[str, Any], name: str, info: dict[str, Any], lang: str
) -> list[tuple[str, RGB]]:
    badges: list[tuple[str, RGB]] = []
    if isinstance(view.get("viewer"), int) and view.get("viewer") == info.get("seat"):
        badges.append((term(lang, "you"), (40, 120, 200)))
    if view.get("phase") == "over":
        if name in leaders(view):
            badges.append((term(lang, "winner"), (190, 140, 0)))
        return badges
    if view.get("active") == name:
        badges.append((term(lang, "turn"), HIGHLIGHT))
    if info.get("passed"):
        badges.append((term(lang, "passed"), (96, 96, 96)))
    return badges


def _badge_width(label: str) -> float:
    return font(SIZES["badge"], True).getlength(label) + 28


def _badge(draw: ImageDraw.ImageDraw, x: float, y: float, label: str, fill: RGB) -> float:
    w = _badge_width(label)
    draw.rounded_rectangle((x, y - 21, x + w, y + 21), radius=21, fill=fill)
    text(draw, (x + w / 2, y), label, SIZES["badge"], (255, 255, 255), True, "mm")
    return x + w
