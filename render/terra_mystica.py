"""Terra Mystica board picture from the engine's view: map, cult board, tiles, faction panels.

Pure: reads only the view, the vendored fonts and render/data/tm_base_map.json.
"""

from __future__ import annotations

import io
from typing import Any

from PIL import Image, ImageDraw

from render import tm_panels, tm_pieces
from render.tm_board import draw_map, faction_colour, map_size
from render.tm_panels import text
from render.tm_style import BACKGROUND, GOLD, HIGHLIGHT, INK, MUTED, TERRAIN
from render.tm_text import faction_name, term

WIDTH = 1800
MARGIN = 24
HEX_RADIUS = 72  # 13.5 hex widths ≈ 1680 px: the map fills the picture's width
HEADER = 84
LEGEND = 64
GAP = 20


def render_map(view: dict[str, Any], lang: str = "ko") -> bytes:
    """The whole table as a PNG: map, cult board, scoring and bonus tiles, faction panels."""
    image = draw_table(view, lang)
    out = io.BytesIO()
    # A palette image: flat colours survive, and the file is several times smaller.
    image.quantize(colors=256, method=Image.Quantize.FASTOCTREE, dither=Image.Dither.NONE).save(
        out, format="PNG", compress_level=6)
    return out.getvalue()


def draw_table(view: dict[str, Any], lang: str = "ko") -> Image.Image:
    map_w, map_h = map_size(view, HEX_RADIUS)
    factions = _faction_order(view)
    col_w = (WIDTH - 2 * MARGIN - GAP) // 2
    left_w = 1010  # the cult board needs the room; the tile lists are short lines
    left_h = (tm_panels.cult_board_height() + GAP + tm_panels.actions_height() + GAP
              + tm_panels.supply_height())
    right_h = tm_panels.scoring_height() + GAP + tm_panels.bonus_height(view)
    lower_h = max(left_h, right_h)
    panel_rows = (len(factions) + 1) // 2
    height = (HEADER + map_h + LEGEND + GAP + lower_h + GAP
              + panel_rows * (tm_panels.PANEL_HEIGHT + GAP) + MARGIN)

    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _header(draw, view, lang)
    y = HEADER
    draw_map(draw, view, (WIDTH - map_w) / 2, y, HEX_RADIUS)
    y += map_h
    _legend(draw, y + LEGEND / 2, lang)
    y += LEGEND + GAP

    left = (MARGIN, y, MARGIN + left_w, 0)
    right_x = MARGIN + left_w + GAP
    ly = y
    for h, paint in ((tm_panels.cult_board_height(), tm_panels.draw_cult_board),
                     (tm_panels.actions_height(), tm_panels.draw_power_actions),
                     (tm_panels.supply_height(), tm_panels.draw_supply)):
        paint(draw, view, (left[0], ly, left[2], ly + h), lang)
        ly += h + GAP
    ry = y
    for h, paint in ((tm_panels.scoring_height(), tm_panels.draw_scoring),
                     (tm_panels.bonus_height(view), tm_panels.draw_bonus)):
        paint(draw, view, (right_x, ry, WIDTH - MARGIN, ry + h), lang)
        ry += h + GAP
    y += lower_h + GAP

    for i, name in enumerate(factions):
        row, col = divmod(i, 2)
        x = MARGIN + col * (col_w + GAP)
        top = y + row * (tm_panels.PANEL_HEIGHT + GAP)
        tm_panels.draw_faction(draw, view, name, (x, top, x + col_w,
                                                  top + tm_panels.PANEL_HEIGHT), lang)
    return image


def _faction_order(view: dict[str, Any]) -> list[str]:
    """Turn order first, then any other faction in the view (by seat)."""
    factions: dict[str, Any] = view.get("factions") or {}
    order = [f for f in view.get("turn_order") or [] if f in factions]
    rest = sorted((f for f in factions if f not in order),
                  key=lambda f: ((factions[f] or {}).get("seat", 99), f))
    return order + rest


def _header(draw: ImageDraw.ImageDraw, view: dict[str, Any], lang: str) -> None:
    y = HEADER / 2
    x = text(draw, (MARGIN, y), term(lang, "title"), 40, INK, True)
    phase = str(view.get("phase") or "")
    rnd = view.get("round")
    status = term(lang, phase) if phase else ""
    if isinstance(rnd, int) and rnd > 0 and phase != "over":
        status = f"{term(lang, 'round')} {rnd}/6 · {status}"
    x = text(draw, (x + 30, y), status, 34, INK, True)
    active = view.get("active")
    factions = view.get("factions") or {}
    if active:
        x = text(draw, (x + 40, y), f"{term(lang, 'turn')}:", 32, MUTED)
        tm_pieces.disc(draw, x + 26, y, 16, faction_colour(view, active))
        x = text(draw, (x + 50, y), faction_name(active, factions.get(active), lang), 34,
                 HIGHLIGHT, True)
    pending = [p for p in view.get("pending") or [] if p.get("kind") == "leech"]
    if pending:
        x = text(draw, (x + 40, y), f"{term(lang, 'waiting')}:", 26, MUTED)
        for offer in pending[:3]:
            who = offer.get("faction")
            tm_pieces.disc(draw, x + 22, y, 12, faction_colour(view, who))
            label = term(lang, "leech_offer").format(
                faction=faction_name(str(who), factions.get(who), lang),
                amount=offer.get("amount", "?"), vp=offer.get("vp_cost", 0))
            x = text(draw, (x + 40, y), label, 24, INK)


def _legend(draw: ImageDraw.ImageDraw, y: float, lang: str) -> None:
    x = MARGIN + 20
    swatch = TERRAIN["gray"]
    for kind in ("D", "TP", "TE", "SH", "SA"):
        tm_pieces.building(draw, kind, x + 20, y, 20, swatch)
        x = text(draw, (x + 48, y), term(lang, kind), 26, INK, True) + 30
    tm_pieces.star(draw, x + 20, y, 18, GOLD)
    x = text(draw, (x + 46, y), term(lang, "town"), 26, INK, True) + 30
    draw.line((x, y, x + 50, y), fill=(48, 44, 40), width=24)
    draw.line((x, y, x + 50, y), fill=swatch, width=16)
    text(draw, (x + 62, y), term(lang, "bridge"), 26, INK, True)
