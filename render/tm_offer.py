"""What the table offers: scoring tiles by round, bonus cards, power actions, tile supply."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render import tm_pieces
from render.tm_board import faction_colour
from render.tm_style import (
    CULT,
    HIGHLIGHT,
    INK,
    MUTED,
    POWER,
    Box,
    card,
    ink_on,
    text,
)
from render.tm_text import (
    FAVOR,
    POWER_ACTIONS,
    SCORING,
    TOWNS,
    bonus_text,
    faction_name,
    pick,
    term,
)


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
            draw.rounded_rectangle(
                (box[0] + 10, top, box[2] - 10, top + 46),
                radius=10,
                fill=(255, 236, 214),
                outline=HIGHLIGHT,
                width=4,
            )
        text(draw, (box[0] + 40, top + 23), str(i + 1), 26, HIGHLIGHT if now else ink, True, "mm")
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
        draw.rounded_rectangle(
            (box[0] + 10, top, box[2] - 10, top + 46),
            radius=10,
            fill=(240, 236, 228) if taken else (255, 246, 200),
            outline=(200, 190, 170),
            width=2,
        )
        text(draw, (box[0] + 22, top + 23), income, 24, ink, True)
        text(draw, (box[0] + 240, top + 23), extra, 22, ink)
        if taken:
            colour = faction_colour(view, taken)
            tm_pieces.disc(draw, box[2] - 190, top + 23, 13, colour)
            text(
                draw,
                (box[2] - 170, top + 23),
                faction_name(taken, (view.get("factions") or {}).get(taken), lang),
                20,
                ink,
            )
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
            f"{cost} {term(lang, 'PW')}" if cost else act,
            20,
            POWER,
            True,
            "mm",
        )
        text(
            draw, (x + width / 2, y + 52), pick(effect, lang), 22, MUTED if who else INK, True, "mm"
        )
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
        draw.rounded_rectangle(
            (x, y + 48, x + 160, y + 88),
            radius=8,
            fill=(255, 236, 170) if left else (226, 222, 214),
        )
        text(draw, (x + 10, y + 68), f"{vp} {term(lang, 'VP')}", 18, INK, True)
        text(draw, (x + 150, y + 68), f"×{left}", 18, INK if left else MUTED, False, "rm")
        x += 172
