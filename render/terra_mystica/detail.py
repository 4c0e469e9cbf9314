"""The Terra Mystica detail picture (`/game board`): map, cult board, tiles, faction panels.

Pure: reads only the view, the vendored fonts and render/terra_mystica/data/base_map.json.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

import render.terra_mystica.cult_board as tm_cult_board
import render.terra_mystica.factions as tm_factions
import render.terra_mystica.merchants as tm_merchants
import render.terra_mystica.offer as tm_offer
import render.terra_mystica.pieces as tm_pieces
from render.terra_mystica.bands import Spec, compressed, cut, draw_whole, key
from render.terra_mystica.board import faction_colour, map_image, map_size, map_strips
from render.terra_mystica.encode import png_from_bands
from render.terra_mystica.factions import leaders
from render.terra_mystica.geometry import HexGrid, load_layout
from render.terra_mystica.style import (
    GOLD,
    HIGHLIGHT,
    INK,
    MUTED,
    TERRAIN,
    font,
    text,
)
from render.terra_mystica.terms import (
    amount,
    faction_name,
    pending_items,
    pending_label,
    term,
)

WIDTH = 1800
MARGIN = 24
HEX_RADIUS = 76  # 13 hex widths ≈ 1710 px: the map fills the picture's width
HEADER = 84
LEGEND = 64
GAP = 20


def render_map(
    view: dict[str, Any], lang: str = "ko", names: dict[int, str] | None = None
) -> bytes:
    """The whole table as a PNG: map, cult board, scoring and bonus tiles, faction panels.

    `names` maps seats to players' display names, shown on their faction panels. A band
    (the map, the tiles and cult board, a row of panels) whose inputs did not change since
    an earlier picture is reused already compressed (`BAND_CACHE`).
    """
    return png_from_bands(WIDTH, compressed(_bands(view, lang, names), WIDTH))


def draw_table(
    view: dict[str, Any], lang: str = "ko", names: dict[int, str] | None = None
) -> Image.Image:
    """The picture before PNG encoding (tests and previews read its pixels); never cached."""
    return draw_whole(WIDTH, _bands(view, lang, names))


PANEL_HEAD = 64  # a panel's title row (name, badges, VP): a band of its own


def _bands(view: dict[str, Any], lang: str, names: dict[int, str] | None) -> list[Spec]:
    """The picture from top to bottom as bands. Each key holds everything its band reads
    from the view, so an equal key draws equal pixels (a test draws a game warm and cold)."""
    factions_in: dict[str, Any] = view.get("factions") or {}
    colours = {f: (info or {}).get("color") for f, info in factions_in.items()}
    factions = _faction_order(view)
    col_w = (WIDTH - 2 * MARGIN - GAP) // 2
    panel_h = tm_factions.faction_panel_height(view, col_w, lang)
    lower = _lower(view, lang, colours)

    def board(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> None:
        image.paste(map_image(view, HEX_RADIUS, WIDTH), (0, top))

    # the map in strips of two hex rows: a building redraws one or two strips, not the map
    strips = [(a, b, key("map", WIDTH, a, what)) for a, b, what in map_strips(view, HEX_RADIUS)]

    specs: list[Spec] = [
        (None, HEADER, lambda image, draw: _header(draw, view, lang), None),
        *cut(board, strips),
        (None, LEGEND + GAP, lambda image, draw: _legend(draw, view, LEGEND / 2, lang), None),
        *(  # hook: Merchants of the Seas, a legend row of its pieces
            [(None, LEGEND, lambda image, draw: tm_merchants.legend(
                image, view, LEGEND / 2 - GAP / 2, MARGIN + 20, lang), None)]
            if "merchants" in view else []),
        *lower,
    ]
    # The title rows read whose turn it is, who sees and who leads; the rest of a panel
    # only its faction: a turn passing on redraws two title rows, not two rows of panels.
    common = {k: view.get(k) for k in ("phase", "tiles", "faction_catalogue")}
    titles = {k: view.get(k) for k in ("viewer", "active")}
    winners = sorted(leaders(view)) if view.get("phase") == "over" else []
    for row in range(0, len(factions), 2):
        pair = [
            (
                name,
                factions_in.get(name),
                _player_name(names, (factions_in.get(name) or {}).get("seat")),
            )
            for name in factions[row : row + 2]
        ]

        def panels(image: Image.Image, draw: ImageDraw.ImageDraw, top: int, pair=pair) -> None:
            for col, (name, _, player) in enumerate(pair):
                x = MARGIN + col * (col_w + GAP)
                box = (x, top, x + col_w, top + panel_h)
                parts = (top + PANEL_HEAD > 0, top + PANEL_HEAD < image.height)
                tm_factions.draw_faction(draw, view, name, box, lang, player, parts)

        head = key("title", lang, col_w, panel_h, common, titles, winners, pair)
        body = key("panel", lang, col_w, panel_h, common, [(n, i) for n, i, _ in pair])
        specs += cut(panels, [(0, PANEL_HEAD, head), (PANEL_HEAD, panel_h + GAP, body)])
    if view.get("phase") == "over" and factions:  # the final order and scoring, full width

        def final(image: Image.Image, draw: ImageDraw.ImageDraw) -> None:
            box = (MARGIN, 0, WIDTH - MARGIN, tm_factions.ranking_height(view))
            seats = [(factions_in.get(f) or {}).get("seat") for f in factions]
            shown = {seat: _player_name(names, seat) for seat in seats if isinstance(seat, int)}
            tm_factions.draw_ranking(draw, view, box, lang, shown)

        specs.append((None, tm_factions.ranking_height(view) + GAP, final, None))
    specs.append((None, MARGIN, lambda image, draw: None, None))
    return specs


LEFT_W = 1010  # the cult board needs the room; the tile lists are short lines


def _lower(view: dict[str, Any], lang: str, colours: dict[str, Any]) -> list[Spec]:
    """The cult board, power actions and supply (left), scoring and bonus tiles (right), as
    bands cut at each card's top; a band's key is those of the cards crossing it."""
    factions: dict[str, Any] = view.get("factions") or {}
    g = view.get
    right_x = MARGIN + LEFT_W + GAP
    columns = (
        (
            MARGIN,
            MARGIN + LEFT_W,
            (
                (
                    tm_cult_board.cult_board_height(),
                    tm_cult_board.draw_cult_board,
                    (
                        {f: (colours[f], (i or {}).get("cults")) for f, i in factions.items()},
                        g("cults"),
                    ),
                ),
                (
                    tm_offer.actions_height(),
                    tm_offer.draw_power_actions,
                    (g("power_actions"), colours),
                ),
                (
                    tm_offer.supply_height(view),
                    tm_offer.draw_supply,
                    (g("favor_tiles"), g("town_tiles")),
                ),
            ),
        ),
        (
            right_x,
            WIDTH - MARGIN,
            (
                (
                    tm_offer.scoring_height(),
                    tm_offer.draw_scoring,
                    (g("scoring_tiles"), g("current_scoring"), g("round"), g("tiles")),
                ),
                (
                    tm_offer.bonus_height(view),
                    tm_offer.draw_bonus,
                    (
                        g("bonus_tiles"),
                        g("tiles"),
                        g("faction_catalogue"),
                        {f: (colours[f], (i or {}).get("name")) for f, i in factions.items()},
                    ),
                ),
            ),
        ),
    )
    cards = []  # (left, right, top, height, painter, what it reads)
    for left, right, stack in columns:
        y = 0
        for h, paint, reads in stack:
            cards.append((left, right, y, h, paint, reads))
            y += h + GAP
    height = max(c[2] + c[3] for c in cards) + GAP
    tops = sorted({c[2] for c in cards}) + [height]

    def region(image: Image.Image, draw: ImageDraw.ImageDraw, top: int) -> None:
        for left, right, y, h, paint, _ in cards:
            if top + y < image.height and top + y + h > 0:  # only the cards crossing the band
                paint(draw, view, (left, top + y, right, top + y + h), lang)

    edges = [
        (
            a,
            b,
            key(
                "lower",
                lang,
                a,
                b,
                [(c[0], c[2], c[3], c[5]) for c in cards if c[2] < b and c[2] + c[3] > a],
            ),
        )
        for a, b in zip(tops, tops[1:], strict=False)
    ]
    return cut(region, edges)


def hex_centre(hex_id: str, map_id: str = "base") -> tuple[float, float]:
    """Where a hex's centre lands on the picture (for tests, and for cropping a region)."""
    layout = load_layout(map_id)
    slot = layout.by_id()[hex_id]
    map_w, _ = map_size({"map": {"id": map_id}}, HEX_RADIUS)
    grid = HexGrid(
        radius=HEX_RADIUS, origin_x=(WIDTH - map_w) / 2, origin_y=HEADER, first_row=layout.first_row
    )
    return grid.centre(slot.row, slot.col)


def _player_name(names: dict[Any, str] | None, seat: object) -> str | None:
    """The seat's display name; keys may be ints or, after a JSON round trip, strings."""
    if not names or not isinstance(seat, int):
        return None
    return _display_name(names.get(seat, names.get(str(seat))))


def _display_name(name: object) -> str | None:
    if not isinstance(name, str):
        return None
    try:  # the shared helper drops characters the font cannot draw (emoji)
        from render.common import clean_text
    except ImportError:  # keep working without the shared module
        return name.strip() or None
    return clean_text(name, fallback="") or None


def _faction_order(view: dict[str, Any]) -> list[str]:
    """Turn order first, then any other faction in the view (by seat)."""
    factions: dict[str, Any] = view.get("factions") or {}
    order = [f for f in view.get("turn_order") or [] if f in factions]
    rest = sorted(
        (f for f in factions if f not in order),
        key=lambda f: ((factions[f] or {}).get("seat", 99), f),
    )
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
    wanted = (view.get("map") or {}).get("id") if isinstance(view.get("map"), dict) else None
    if wanted and load_layout(wanted).id != wanted:  # say so rather than mislead quietly
        x = text(draw, (x + 30, y), term(lang, "map_fallback").format(map=wanted), 22, MUTED)
    active = view.get("active")
    factions = view.get("factions") or {}
    if active:
        x = text(draw, (x + 40, y), f"{term(lang, 'turn')}:", 32, MUTED)
        tm_pieces.disc(draw, x + 26, y, 16, faction_colour(view, active))
        x = text(
            draw, (x + 50, y), faction_name(active, factions.get(active), lang), 34, HIGHLIGHT, True
        )
    if phase == "over":
        x = text(draw, (x + 40, y), f"{term(lang, 'winner')}:", 32, MUTED)
        for name in sorted(leaders(view)):
            tm_pieces.disc(draw, x + 26, y, 16, faction_colour(view, name))
            label = (
                f"{faction_name(name, factions.get(name), lang)} "
                f"{amount(lang, 'vp_n', factions[name].get('VP', 0))}"
            )
            x = text(draw, (x + 50, y), label, 34, HIGHLIGHT, True)
    pending = pending_items(view)
    if pending:
        x = text(draw, (x + 40, y), f"{term(lang, 'waiting')}:", 26, MUTED)
        for n, item in enumerate(pending):
            label = pending_label(lang, item, factions)
            # Keep the line inside the picture: what does not fit is counted, not drawn.
            if x + 60 + font(24).getlength(label) > WIDTH - MARGIN - 60:
                text(draw, (x + 16, y), f"+{len(pending) - n}", 26, MUTED, True)
                break
            tm_pieces.disc(draw, x + 22, y, 12, faction_colour(view, item.get("faction")))
            x = text(draw, (x + 40, y), label, 24, INK)


def _legend(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float, lang: str) -> None:
    x = MARGIN + 20
    swatch = TERRAIN["gray"]
    for kind in ("D", "TP", "TE", "SH", "SA"):
        tm_pieces.building(draw, kind, x + 22, y, 20, swatch)
        x = text(draw, (x + 54, y), term(lang, kind), 26, INK, True) + 30
    tm_pieces.star(draw, x + 20, y, 18, GOLD)
    x = text(draw, (x + 46, y), term(lang, "town"), 26, INK, True) + 30
    draw.line((x, y, x + 50, y), fill=(48, 44, 40), width=24)
    draw.line((x, y, x + 50, y), fill=swatch, width=16)
    text(draw, (x + 62, y), term(lang, "bridge"), 26, INK, True)
    _turn_order(draw, view, y, lang)


def _turn_order(draw: ImageDraw.ImageDraw, view: dict[str, Any], y: float, lang: str) -> None:
    """Right-aligned strip: the factions in turn order, the active one ringed, passed struck."""
    factions: dict[str, Any] = view.get("factions") or {}
    order = [f for f in view.get("turn_order") or [] if f in factions]
    if not order:
        return
    x = WIDTH - MARGIN - 20 - len(order) * 44
    for i, name in enumerate(order):
        cx = x + i * 44 + 22
        if name == view.get("active"):
            draw.ellipse((cx - 21, y - 21, cx + 21, y + 21), outline=HIGHLIGHT, width=5)
        tm_pieces.disc(draw, cx, y, 14, faction_colour(view, name))
        if (factions[name] or {}).get("passed"):  # struck through, not faded: black fades to gray
            draw.line((cx - 16, y + 16, cx + 16, y - 16), fill=MUTED, width=5)
    text(draw, (x - 12, y), f"{term(lang, 'order')}:", 26, MUTED, False, "rm")
