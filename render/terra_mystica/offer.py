"""What the table offers: scoring tiles by round, bonus tiles, power actions, tile supply."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

import render.terra_mystica.pieces as tm_pieces
from render.terra_mystica.board import faction_colour
from render.terra_mystica.style import (
    CULT,
    GOLD,
    HIGHLIGHT,
    INK,
    MUTED,
    POWER,
    Box,
    card,
    font,
    ink_on,
    text,
)
from render.terra_mystica.terms import (
    FAVOR,
    POWER_ACTIONS,
    SCORING,
    TOWNS,
    amount,
    bonus_text,
    faction_name,
    fit_lines,
    fits,
    merge_parts,
    pick,
    term,
    view_tile_parts,
)

SCORING_LEFT = 66
SCORING_LEFT_ROOM = 250  # the action-phase half; the round-end half gets the rest
BONUS_EXTRA = 216  # the widest income (BON4 en) and a gap
BONUS_EXTRA_END = 200  # room kept at the right for the holder's name or the coins
BONUS_SMALL = 20  # the effects' size when they need two lines
HOLDER_SIZE = 20
TOWN_COLS = 3  # town tiles in the supply: three a row, wide enough for 20 px words
TOWN_CHIP = (1010 - 32 - (TOWN_COLS - 1) * 8) // TOWN_COLS  # across the cult board's width
TOWN_TEXT = TOWN_CHIP - 86  # room for its words between the star and the count
TOWN_ROW = 44
HOLDER_DISC = 44  # the faction's disc and the gaps around it, left of the holder's name


def scoring_height() -> int:
    return 56 + 6 * 50 + 10


def draw_scoring(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: Box, lang: str) -> None:
    y = card(draw, box, term(lang, "scoring"))
    tiles = list(view.get("scoring_tiles") or [])
    current = view.get("current_scoring")
    rnd = view.get("round") if isinstance(view.get("round"), int) else 0
    lefts, rights, right_x = scoring_halves(view, tiles[:6], lang, box[2] - box[0])
    for i, tile in enumerate(tiles[:6]):
        top = y + i * 50
        now = tile == current and (rnd == i + 1 or rnd == 0 or current not in tiles[:i])
        past = isinstance(rnd, int) and i + 1 < rnd
        ink = MUTED if past else INK
        if now:
            draw.rounded_rectangle(
                (box[0] + 10, top, box[2] - 10, top + 46),
                radius=10,
                fill=(255, 236, 214),
                outline=HIGHLIGHT,
                width=4,
            )
        text(draw, (box[0] + 40, top + 23), str(i + 1), 26, HIGHLIGHT if now else ink, True, "mm")
        text(draw, (box[0] + SCORING_LEFT, top + 23), lefts[i], 24, ink, now)
        id_w = font(16).getlength(tile)
        if i < 5:
            text(draw, (box[0] + right_x, top + 23), rights[i], 24, ink, now)
        else:  # the round-6 tile's cult half is covered by the game-end token
            room = box[2] - box[0] - right_x - id_w - 40
            words, size = last_round_note(lang, room)
            text(draw, (box[0] + right_x, top + 23), words, size, MUTED)
        text(draw, (box[2] - 20, top + 23), tile, 16, MUTED, False, "rm")


def last_round_note(lang: str, room: float) -> tuple[str, int]:
    """What the last round's tile says instead of a cult bonus, at a size that fits `room`."""
    words = term(lang, "no_cult_bonus")
    for size in (24, 22, 20):
        if fits(words, size, room):
            return words, size
    return words, 18


def scoring_halves(
    view: dict[str, Any], tiles: list[str], lang: str, width: float
) -> tuple[list[str], list[str], float]:
    """Each tile's two halves and where the second column starts.

    A column shows the view's texts when every one of them fits, else the picture's own short
    texts: one style a column reads better than a mix.
    """
    own = [SCORING.get(t, ((t, t), ("", ""))) for t in tiles]
    halves = [
        p if p and len(p) == 2 else None for p in (view_tile_parts(view, t, lang) for t in tiles)
    ]
    lefts = [h[0] if h else pick(o[0], lang) for h, o in zip(halves, own, strict=True)]
    if not all(fits(x, 24, SCORING_LEFT_ROOM, True) for x in lefts):
        lefts = [pick(o[0], lang) for o in own]
    right_x = SCORING_LEFT + max((font(24, True).getlength(x) for x in lefts), default=0) + 28
    id_room = max((font(16).getlength(t) for t in tiles), default=0) + 32
    room = width - right_x - id_room
    rights = [h[1] if h else pick(o[1], lang) for h, o in zip(halves, own, strict=True)]
    if not all(fits(x, 24, room, True) for x in rights[:5]):
        rights = [pick(o[1], lang) for o in own]
    return lefts, rights, right_x


def bonus_texts(
    view: dict[str, Any], tile: str, lang: str, width: float
) -> tuple[str, list[str], int]:
    """A bonus tile's income and its other effects as lines (with their size) that fit `width`
    after the income column; the view's texts when they fit, else the picture's own. A tile
    with income only may use the effects' room for it."""
    parts = view_tile_parts(view, tile, lang)
    # the merged parts on one line first, else the view's parts as they come (two lines)
    for candidate in (merge_parts(parts), parts) if parts else ():
        income_room = BONUS_EXTRA - 32 if candidate[1:] else width - BONUS_EXTRA_END - 32
        if not fits(candidate[0], 24, income_room, True):
            continue
        lines = (
            fit_lines(candidate[1:], width - BONUS_EXTRA - BONUS_EXTRA_END, 22, BONUS_SMALL)
            if candidate[1:]
            else ([], 22)
        )
        if lines is not None:
            return candidate[0], *lines
    income, extra = bonus_text(tile, lang)
    return income, [extra] if extra else [], 22


def holder_layout(
    name: str, tile: str, right: float, extras_right: float
) -> tuple[str, float, float, float]:
    """Where a taken tile's holder goes in a row ending at `right` whose effects end at
    `extras_right`: the name (shortened to fit), its left and right ends, and where the tile
    id starts. The name ends just before the id; the faction's disc sits left of the name."""
    id_left = right - 20 - font(16).getlength(tile)
    end = id_left - 10
    room = end - (extras_right + HOLDER_DISC)
    label = name
    if font(HOLDER_SIZE).getlength(label) > room:
        while label and font(HOLDER_SIZE).getlength(label + "…") > room:
            label = label[:-1]
        label += "…"
    width = font(HOLDER_SIZE).getlength(label)
    return label, end - width, end, id_left


def bonus_height(view: dict[str, Any]) -> int:
    return 56 + len(view.get("bonus_tiles") or []) * 52 + 10


def draw_bonus(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: Box, lang: str) -> None:
    y = card(draw, box, term(lang, "bonus"))
    for i, tile in enumerate(view.get("bonus_tiles") or []):
        top = y + i * 52
        tid = str(tile.get("id", "?"))
        taken = tile.get("taken_by")
        income, extra, size = bonus_texts(view, tid, lang, box[2] - box[0])
        ink = MUTED if taken else INK
        draw.rounded_rectangle(
            (box[0] + 10, top, box[2] - 10, top + 46),
            radius=10,
            fill=(240, 236, 228) if taken else (255, 246, 200),
            outline=(200, 190, 170),
            width=2,
        )
        text(draw, (box[0] + 22, top + 23), income, 24, ink, True)
        for n, line in enumerate(extra):
            line_y = top + 23 + (n - (len(extra) - 1) / 2) * (size + 3)
            text(draw, (box[0] + BONUS_EXTRA, line_y), line, size, ink)
        if taken:
            colour = faction_colour(view, taken)
            name = faction_name(
                taken, (view.get("factions") or {}).get(taken), lang, view.get("faction_catalogue")
            )
            widest = max((font(size).getlength(line) for line in extra), default=0)
            extras_right = (
                box[0] + BONUS_EXTRA + widest
                if extra
                else box[0] + 22 + font(24, True).getlength(income)
            )
            label, left, _, _ = holder_layout(name, tid, box[2], extras_right)
            tm_pieces.disc(draw, left - 20, top + 23, 13, colour)
            text(draw, (left, top + 23), label, HOLDER_SIZE, ink)
        elif tile.get("coins"):
            tm_pieces.coin(draw, box[2] - 150, top + 23, 14)
            text(draw, (box[2] - 130, top + 23), f"+{tile['coins']}", 24, INK, True)
        text(draw, (box[2] - 20, top + 23), tid, 16, MUTED, False, "rm")


def actions_height() -> int:
    return 56 + 84


def draw_power_actions(
    draw: ImageDraw.ImageDraw, view: dict[str, Any], box: Box, lang: str
) -> None:
    y = card(draw, box, term(lang, "power_actions"))
    taken: dict[str, Any] = view.get("power_actions") or {}
    ids = list(POWER_ACTIONS) + [a for a in taken if a not in POWER_ACTIONS]
    width = (box[2] - box[0] - 20) / max(6, len(ids))
    for i, act in enumerate(ids):
        x = box[0] + 10 + i * width
        cost, effect = POWER_ACTIONS.get(act, (0, (act, act)))
        who = taken.get(act)
        draw.rounded_rectangle(
            (x + 4, y, x + width - 4, y + 74),
            radius=12,
            fill=(236, 232, 226) if who else (242, 232, 250),
            outline=POWER,
            width=3,
        )
        text(
            draw,
            (x + width / 2, y + 22),
            amount(lang, "pw_n", cost) if cost else act,
            20,
            POWER,
            True,
            "mm",
        )
        text(
            draw, (x + width / 2, y + 52), pick(effect, lang), 22, MUTED if who else INK, True, "mm"
        )
        if act in POWER_ACTIONS:  # the id the notation uses ("action ACT2")
            text(draw, (x + width - 12, y + 14), act, 14, MUTED, False, "rm")
        if who:
            draw.line((x + 14, y + 66, x + width - 14, y + 8), fill=(90, 80, 80), width=3)
            tm_pieces.disc(draw, x + 24, y + 20, 13, faction_colour(view, who))


FAVOR_ROW = 46  # one cult's favor tiles: its +3, +2 and +1 tile side by side
FAVOR_TAB = 78  # the cult's name at the row's start
FAVOR_THREE = 104  # the +3 tile: steps and count only, it has no other ability
FAVOR_SIZES = (20, 19, 18)  # an ability's words, at the largest size that fits its cell


def supply_height(view: dict[str, Any] | None = None) -> int:
    """The supply card's height: the favor grid, and rows for the game's town tiles (those of
    the view; the base game's five without one)."""
    town_rows = -(-len(town_tiles(view or {})) // TOWN_COLS)
    return 56 + 4 * FAVOR_ROW + 8 + town_rows * TOWN_ROW + 6


def town_tiles(view: dict[str, Any]) -> list[str]:
    """The town tiles of the game (the mini-expansion's only with its option), else the base
    game's."""
    return [t for t in view.get("town_tiles") or {} if t in TOWNS] or [
        t for t in TOWNS if t <= "TW5"
    ]


def favor_grid() -> list[tuple[str, list[str]]]:
    """The favor tiles by cult (rows) and steps (+3, +2, +1 across), as the base book lays
    them out (digest §3 item 7, seed 000 L295: a 3 × 4 grid)."""
    rows: dict[str, list[str]] = {}
    for tile, (cult, _, _) in sorted(FAVOR.items(), key=lambda kv: -kv[1][1]):
        rows.setdefault(cult, []).append(tile)
    return [(cult, rows.get(cult, [])) for cult in CULT]


def favor_cells(width: float) -> list[tuple[float, float]]:
    """(left, width) of the +3, +2 and +1 cells of a row `width` wide, after the cult tab."""
    x = FAVOR_TAB + 8
    wide = (width - x - FAVOR_THREE - 16) / 2
    out = []
    for w in (FAVOR_THREE, wide, wide):
        out.append((x, w))
        x += w + 8
    return out


def favor_words(tile: str, lang: str, room: float) -> tuple[str, int]:
    """A favor tile's ability (income, VP, action, town power) at a size that fits `room`."""
    ability = FAVOR.get(tile, ("", 0, None))[2]
    words = pick(ability, lang)
    for size in FAVOR_SIZES:
        if fits(words, size, room):
            return words, size
    return words, FAVOR_SIZES[-1]


def draw_supply(draw: ImageDraw.ImageDraw, view: dict[str, Any], box: Box, lang: str) -> None:
    """Favor tiles (each with its whole effect) and town tiles left in the supply."""
    title = f"{term(lang, 'favor_tiles')} · {term(lang, 'town_tiles')}"
    y = card(draw, box, title)
    favors: dict[str, Any] = view.get("favor_tiles") or {}
    towns: dict[str, Any] = view.get("town_tiles") or {}
    x0 = box[0] + 16
    width = box[2] - box[0] - 32
    cells = favor_cells(width)
    for row, (cult, tiles) in enumerate(favor_grid()):
        top = y + row * FAVOR_ROW
        mid = top + (FAVOR_ROW - 6) / 2
        draw.rounded_rectangle((x0, top, x0 + FAVOR_TAB, top + FAVOR_ROW - 6), 8, fill=CULT[cult])
        text(draw, (x0 + FAVOR_TAB / 2, mid), term(lang, cult), 22, ink_on(CULT[cult]), True, "mm")
        for tile, (left, w) in zip(tiles, cells, strict=False):
            _favor_cell(draw, tile, favors.get(tile, 0), (x0 + left, top, w), lang)
    for i, tw in enumerate(town_tiles(view)):
        row, col = divmod(i, TOWN_COLS)
        x = x0 + col * (TOWN_CHIP + 8)
        ty = y + 4 * FAVOR_ROW + 8 + row * TOWN_ROW
        left = towns.get(tw, 0)
        draw.rounded_rectangle(
            (x, ty, x + TOWN_CHIP, ty + TOWN_ROW - 6),
            radius=8,
            fill=(255, 236, 170) if left else (226, 222, 214),
        )
        mid = ty + (TOWN_ROW - 6) / 2
        tm_pieces.star(draw, x + 22, mid, 14, GOLD if left else (200, 196, 190))
        words, size = town_chip_text(tw, lang)
        text(draw, (x + 44, mid), words, size, INK if left else MUTED, True)
        text(draw, (x + TOWN_CHIP - 8, mid), f"×{left}", 20, INK if left else MUTED, True, "rm")


def _favor_cell(
    draw: ImageDraw.ImageDraw, tile: str, left: int, cell: tuple[float, float, float], lang: str
) -> None:
    """One favor tile: its cult steps on a disc of the cult's colour, its ability, the count
    left (greyed out when none is)."""
    x, top, w = cell
    cult, steps, _ = FAVOR[tile]
    mid = top + (FAVOR_ROW - 6) / 2
    draw.rounded_rectangle(
        (x, top, x + w, top + FAVOR_ROW - 6),
        radius=10,
        fill=(250, 246, 236) if left else (232, 228, 220),
        outline=(200, 190, 170),
        width=1,
    )
    colour = CULT[cult] if left else (200, 196, 190)
    draw.ellipse((x + 4, mid - 18, x + 40, mid + 18), fill=colour)
    text(draw, (x + 22, mid), f"+{steps}", 18, ink_on(colour), True, "mm")
    count = f"×{left}"
    text(draw, (x + w - 8, mid), count, 20, INK if left else MUTED, True, "rm")
    room = w - 52 - font(20, True).getlength("×3") - 14
    words, size = favor_words(tile, lang, room)
    if words:
        text(draw, (x + 50, mid), words, size, INK if left else MUTED)


def town_chip_text(tile: str, lang: str) -> tuple[str, int]:
    """A town tile in the supply: its VP and one-time reward, at a size that fits its chip."""
    vp, reward = TOWNS[tile]
    words = amount(lang, "vp_n", vp) + (f" · {pick(reward, lang)}" if pick(reward, lang) else "")
    for size in (22, 20, 18):
        if fits(words, size, TOWN_TEXT, True):
            return words, size
    return words, 18
