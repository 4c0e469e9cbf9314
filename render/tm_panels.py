"""Side boards of the Terra Mystica picture: cult board, tiles on offer, faction panels."""

from __future__ import annotations

import re
from typing import Any

from PIL import ImageDraw

from render import tm_pieces
from render.tm_board import faction_colour
from render.tm_style import (
    CULT,
    CULTS,
    HEX_EDGE,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    POWER,
    RGB,
    font,
    ink_on,
)
from render.tm_text import (
    FAVOR,
    POWER_ACTIONS,
    SCORING,
    TOWNS,
    bonus_text,
    faction_name,
    favor_text,
    pick,
    term,
    town_text,
)

Box = tuple[int, int, int, int]


def text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], s: str, size: int,
         fill: RGB = INK, bold: bool = False, anchor: str = "lm") -> float:
    """Draw `s`; returns the x just right of it (anchor 'l*' only)."""
    f = font(size, bold)
    draw.text(xy, s, font=f, fill=fill, anchor=anchor)
    return xy[0] + f.getlength(s)


def card(draw: ImageDraw.ImageDraw, box: Box, title: str | None = None) -> int:
    """A panel with an optional title; returns the y where content starts."""
    draw.rounded_rectangle(box, radius=14, fill=PANEL, outline=(200, 190, 170), width=2)
    if not title:
        return box[1] + 14
    text(draw, (box[0] + 20, box[1] + 28), title, 30, bold=True)
    return box[1] + 56


# ---------------------------------------------------------------- cult board

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
        text(draw, (x0 + CULT_LABEL / 2, top + (CULT_ROW - 8) / 2), term(lang, cult), 28, ink_on(colour),
             True, "mm")
        at: dict[int, list[str]] = {}
        for name, info in factions.items():
            pos = ((info or {}).get("cults") or {}).get(cult)
            if isinstance(pos, int):
                at.setdefault(max(0, min(10, pos)), []).append(name)
        for step in range(11):
            cx = x0 + CULT_LABEL + 8 + step * cell
            landmark = step in (3, 5, 7, 10)  # power bonus spaces
            draw.rectangle((cx, top + 4, cx + cell - 4, top + CULT_ROW - 12),
                           fill=(255, 255, 255) if not landmark else (236, 226, 246),
                           outline=(190, 180, 170))
            text(draw, (cx + 5, top + 16), str(step), 17, MUTED, landmark)
            _markers(draw, view, at.get(step, []), cx + cell / 2 - 2, top + 46)
        slots = (cults.get(cult) or {}).get("priests") or {}
        if isinstance(slots, list):  # a plain list fills the spaces 3, 2, 2, 2 in order
            slots = dict(zip(("3", "2", "2b", "2c"), slots, strict=False))
        ordered = sorted(slots.items(), key=lambda kv: (-_slot_value(kv[0]), kv[0]))
        sx = box[2] - 16 - 4 * PRIEST_SLOT
        for key, who in ordered[:4]:
            draw.ellipse((sx, top + 8, sx + 54, top + 62), fill=(255, 255, 255),
                         outline=colour, width=3)
            if who:
                tm_pieces.priest(draw, sx + 27, top + 36, 18, faction_colour(view, who))
            else:
                text(draw, (sx + 27, top + 35), str(_slot_value(key)), 26, colour, True, "mm")
            sx += PRIEST_SLOT


def _markers(draw: ImageDraw.ImageDraw, view: dict[str, Any], names: list[str],
             cx: float, cy: float) -> None:
    per_row = 2 if len(names) <= 4 else 3
    r = 13 if len(names) <= 4 else 10
    for n, name in enumerate(names):
        row, col = divmod(n, per_row)
        count = min(per_row, len(names) - row * per_row)
        x = cx + (col - (count - 1) / 2) * (2 * r + 3)
        y = cy + (row - (len(names) > per_row) / 2) * (2 * r + 2)
        tm_pieces.disc(draw, x, y, r, faction_colour(view, name))


# ---------------------------------------------------------------- tiles

def scoring_height() -> int:
    return 56 + 6 * 50 + 10


def draw_scoring(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: Box, lang: str) -> None:
    y = card(draw, box, term(lang, "scoring"))
    tiles = list(view.get("scoring_tiles") or [])
    current = view.get("current_scoring")
    rnd = view.get("round") if isinstance(view.get("round"), int) else 0
    for i, tile in enumerate(tiles[:6]):
        top = y + i * 50
        now = tile == current and (rnd == i + 1 or rnd == 0 or current not in tiles[:i])
        past = isinstance(rnd, int) and i + 1 < rnd
        ink = MUTED if past else INK
        if now:
            draw.rounded_rectangle((box[0] + 10, top, box[2] - 10, top + 46), radius=10,
                                   fill=(255, 236, 214), outline=HIGHLIGHT, width=4)
        text(draw, (box[0] + 40, top + 23), str(i + 1), 26, HIGHLIGHT if now else ink, True,
             "mm")
        left, right = SCORING.get(tile, ((tile, tile), ("", "")))
        text(draw, (box[0] + 66, top + 23), pick(left, lang), 24, ink, now)
        # The round-6 tile's cult half is covered by the game-end token.
        bonus = pick(right, lang) if i < 5 else "—"
        text(draw, (box[0] + 330, top + 23), bonus, 24, ink, now)
        text(draw, (box[2] - 20, top + 23), tile, 16, MUTED, False, "rm")


def bonus_height(view: dict[str, Any]) -> int:
    return 56 + len(view.get("bonus_tiles") or []) * 52 + 10


def draw_bonus(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: Box, lang: str) -> None:
    y = card(draw, box, term(lang, "bonus"))
    for i, tile in enumerate(view.get("bonus_tiles") or []):
        top = y + i * 52
        tid = str(tile.get("id", "?"))
        taken = tile.get("taken_by")
        income, extra = bonus_text(tid, lang)
        ink = MUTED if taken else INK
        draw.rounded_rectangle((box[0] + 10, top, box[2] - 10, top + 46), radius=10,
                               fill=(240, 236, 228) if taken else (255, 246, 200),
                               outline=(200, 190, 170), width=2)
        text(draw, (box[0] + 22, top + 23), income, 24, ink, True)
        text(draw, (box[0] + 240, top + 23), extra, 22, ink)
        if taken:
            colour = faction_colour(view, taken)
            tm_pieces.disc(draw, box[2] - 190, top + 23, 13, colour)
            text(draw, (box[2] - 170, top + 23),
                 faction_name(taken, (view.get("factions") or {}).get(taken), lang), 20, ink)
        elif tile.get("coins"):
            tm_pieces.coin(draw, box[2] - 150, top + 23, 14)
            text(draw, (box[2] - 130, top + 23), f"+{tile['coins']}", 24, INK, True)
        text(draw, (box[2] - 20, top + 23), tid, 16, MUTED, False, "rm")


def actions_height() -> int:
    return 56 + 84


def draw_power_actions(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: Box,
                       lang: str) -> None:
    y = card(draw, box, term(lang, "power_actions"))
    taken: dict[str, Any] = view.get("power_actions") or {}
    ids = list(POWER_ACTIONS) + [a for a in taken if a not in POWER_ACTIONS]
    width = (box[2] - box[0] - 20) / max(6, len(ids))
    for i, act in enumerate(ids):
        x = box[0] + 10 + i * width
        cost, effect = POWER_ACTIONS.get(act, (0, (act, act)))
        who = taken.get(act)
        draw.rounded_rectangle((x + 4, y, x + width - 4, y + 74), radius=12,
                               fill=(236, 232, 226) if who else (242, 232, 250),
                               outline=POWER, width=3)
        text(draw, (x + width / 2, y + 22), f"{cost} {term(lang, 'PW')}" if cost else act,
             20, POWER, True, "mm")
        text(draw, (x + width / 2, y + 52), pick(effect, lang), 22, MUTED if who else INK,
             True, "mm")
        if who:
            draw.line((x + 14, y + 66, x + width - 14, y + 8), fill=(90, 80, 80), width=3)
            tm_pieces.disc(draw, x + 24, y + 20, 13, faction_colour(view, who))


def supply_height() -> int:
    return 56 + 2 * 48 + 10


def draw_supply(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: Box, lang: str) -> None:
    """Favor and town tiles still in the supply (remaining counts)."""
    title = f"{term(lang, 'favor')} · {term(lang, 'town')}"
    y = card(draw, box, title)
    favors: dict[str, Any] = view.get("favor_tiles") or {}
    towns: dict[str, Any] = view.get("town_tiles") or {}
    x = box[0] + 16
    for fav in FAVOR:
        cult, steps, _ = FAVOR[fav]
        left = favors.get(fav, 0)
        colour = CULT[cult] if left else (200, 196, 190)
        draw.rounded_rectangle((x, y, x + 44, y + 40), radius=18, fill=colour)
        text(draw, (x + 22, y + 20), f"+{steps}", 18, ink_on(colour), True, "mm")
        text(draw, (x + 48, y + 20), f"×{left}", 18, INK if left else MUTED)
        x += (box[2] - box[0] - 32) / len(FAVOR)
    x = box[0] + 16
    for tw in TOWNS:
        left = towns.get(tw, 0)
        vp = TOWNS[tw][0]
        draw.rounded_rectangle((x, y + 48, x + 160, y + 88), radius=8,
                               fill=(255, 236, 170) if left else (226, 222, 214))
        text(draw, (x + 10, y + 68), f"{vp} {term(lang, 'VP')}", 18, INK, True)
        text(draw, (x + 150, y + 68), f"×{left}", 18, INK if left else MUTED, False, "rm")
        x += 172


# ---------------------------------------------------------------- faction panels

CHIP_TOP = 252
CHIP_ROW = 44
BUILDING_LIMITS = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1}


def faction_panel_height(view: dict[str, Any], width: int, lang: str) -> int:
    """One height for every panel: room for the longest list of held tiles."""
    rows = 1
    for info in (view.get("factions") or {}).values():
        rows = max(rows, len(_chip_rows(_held_tiles(info or {}, lang), width - 32)))
    return CHIP_TOP + rows * CHIP_ROW + 10


def draw_faction(draw: ImageDraw.ImageDraw, view: dict[str, Any], name: str, box: Box,
                 lang: str, player: str | None = None) -> None:
    info: dict[str, Any] = (view.get("factions") or {}).get(name) or {}
    colour = faction_colour(view, name)
    draw.rounded_rectangle(box, radius=14, fill=PANEL, outline=colour, width=5)
    x0, y0, x1, _ = box
    draw.rounded_rectangle((x0, y0, x1, y0 + 62), radius=14, fill=colour)
    draw.rectangle((x0, y0 + 40, x1, y0 + 62), fill=colour)
    head_ink = ink_on(colour)
    x = text(draw, (x0 + 20, y0 + 32), faction_name(name, info, lang), 34, head_ink, True)
    if isinstance(info.get("seat"), int):
        who = f"{term(lang, 'seat')} {info['seat'] + 1}"
        if player:
            who = _shorten(f"{who} · {player}", 22, x1 - x - 420)
        x = text(draw, (x + 14, y0 + 34), who, 22, head_ink)
    if isinstance(view.get("viewer"), int) and view.get("viewer") == info.get("seat"):
        x = _badge(draw, x + 14, y0 + 31, term(lang, "you"), (40, 120, 200))
    if view.get("phase") == "over" and name in leaders(view):
        x = _badge(draw, x + 14, y0 + 31, term(lang, "winner"), (190, 140, 0))
    if view.get("active") == name:
        x = _badge(draw, x + 14, y0 + 31, term(lang, "turn"), HIGHLIGHT)
    if info.get("passed"):
        _badge(draw, x + 14, y0 + 31, term(lang, "passed"), (96, 96, 96))
    text(draw, (x1 - 20, y0 + 32), f"{info.get('VP', 0)} {term(lang, 'VP')}", 36, head_ink,
         True, "rm")

    # Resources and power bowls.
    y = y0 + 100
    tm_pieces.coin(draw, x0 + 36, y, 17)
    x = text(draw, (x0 + 60, y), str(info.get("C", 0)), 34, INK, True)
    tm_pieces.worker(draw, x + 36, y, 15)
    x = text(draw, (x + 60, y), str(info.get("W", 0)), 34, INK, True)
    tm_pieces.priest(draw, x + 36, y, 18, colour)
    text(draw, (x + 60, y), str(info.get("P", 0)), 34, INK, True)
    bx = x0 + 440
    for k, (bowl, shade) in enumerate((("P1", 0.45), ("P2", 0.7), ("P3", 1.0))):
        fill = tuple(round(255 - (255 - c) * shade) for c in POWER)
        cx = bx + k * 118
        draw.ellipse((cx, y - 28, cx + 56, y + 28), fill=fill, outline=POWER, width=3)
        text(draw, (cx + 28, y), str(info.get(bowl, 0)), 28, ink_on(fill), True, "mm")
        text(draw, (cx + 62, y), "I" * (k + 1), 26, POWER, True)

    # Tracks, keys and cult positions.
    y = y0 + 158
    tracks = (f"{term(lang, 'shipping')} {info.get('shipping', info.get('ship', 0))}   "
              f"{term(lang, 'dig')} {info.get('dig', 0)}   "
              f"{term(lang, 'keys')} {info.get('keys', 0)}")
    text(draw, (x0 + 20, y), tracks, 26, INK, True)
    cx = x0 + 440
    for cult in CULTS:
        value = (info.get("cults") or {}).get(cult, 0)
        draw.rounded_rectangle((cx, y - 20, cx + 96, y + 20), radius=8, fill=CULT[cult])
        text(draw, (cx + 48, y), f"{term(lang, cult)} {value}", 22, ink_on(CULT[cult]), True,
             "mm")
        cx += 104

    # Buildings still on the faction board.
    y = y0 + 210
    x = x0 + 20
    left = _buildings_left(info)
    for kind in BUILDING_LIMITS:
        tm_pieces.building(draw, kind, x + 20, y, 18, colour)
        x = text(draw, (x + 46, y), f"{term(lang, kind + '_short')} {left.get(kind, 0)}",
                 22, INK, True) + 26

    # Tiles held: bonus card, favors, towns.
    for row, chips in enumerate(_chip_rows(_held_tiles(info, lang), x1 - x0 - 32)):
        y = y0 + CHIP_TOP + row * CHIP_ROW
        x = x0 + 16
        for kind, label, fill, w in chips:
            draw.rounded_rectangle((x, y, x + w, y + 38), radius=10, fill=fill,
                                   outline=HEX_EDGE, width=1)
            ink = ink_on(fill)
            end = text(draw, (x + 12, y + 19), kind, 20, ink, True)
            text(draw, (end + 10, y + 19), label, 21, ink)
            x += w + 10


def _buildings_left(info: dict[str, Any]) -> dict[str, Any]:
    if isinstance(info.get("buildings_left"), dict):
        return info["buildings_left"]
    built = info.get("built") if isinstance(info.get("built"), dict) else {}
    return {k: n - int(built.get(k, 0)) for k, n in BUILDING_LIMITS.items()}


def leaders(view: dict[str, Any]) -> set[str]:
    """The factions with the most VP (all tied players win)."""
    factions: dict[str, Any] = view.get("factions") or {}
    scores = {n: (f or {}).get("VP", 0) for n, f in factions.items()}
    best = max(scores.values(), default=None)
    return {n for n, v in scores.items() if v == best}


Chip = tuple[str, str, RGB]


def _held_tiles(info: dict[str, Any], lang: str) -> list[Chip]:
    chips: list[Chip] = []
    if info.get("bonus"):
        income, extra = bonus_text(str(info["bonus"]), lang)
        label = f"{income} · {extra}" if extra else income
        chips.append((term(lang, "bonus_one"), label, (255, 236, 150)))
    for fav in info.get("favors") or []:
        cult = FAVOR.get(fav, ("", 0, None))[0]
        chips.append((term(lang, "favor"), favor_text(fav, lang), CULT.get(cult, (220,) * 3)))
    for tw in info.get("towns") or []:
        chips.append((term(lang, "town"), town_text(tw, lang), (255, 214, 90)))
    return chips


def _chip_rows(chips: list[Chip], width: float) -> list[list[tuple[str, str, RGB, float]]]:
    rows: list[list[tuple[str, str, RGB, float]]] = [[]]
    used = 0.0
    for kind, label, fill in chips:
        w = min(width, font(20, True).getlength(kind) + font(21).getlength(label) + 44)
        if rows[-1] and used + w > width:
            rows.append([])
            used = 0.0
        rows[-1].append((kind, label, fill, w))
        used += w + 10
    return rows


def _shorten(s: str, size: int, width: float) -> str:
    """`s` cut with an ellipsis to fit `width` pixels at `size`."""
    f = font(size)
    if f.getlength(s) <= width:
        return s
    while s and f.getlength(s + "…") > width:
        s = s[:-1]
    return s + "…"


def _badge(draw: ImageDraw.ImageDraw, x: float, y: float, label: str, fill: RGB) -> float:
    w = font(22, True).getlength(label) + 24
    draw.rounded_rectangle((x, y - 18, x + w, y + 18), radius=18, fill=fill,
                           outline=(255, 255, 255), width=2)
    text(draw, (x + w / 2, y), label, 22, (255, 255, 255), True, "mm")
    return x + w
