"""Faction panels: resources, power bowls, tracks, buildings left, tiles held."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

import render.terra_mystica.pieces as tm_pieces
from render.terra_mystica.board import faction_colour
from render.terra_mystica.style import (
    CULT,
    CULTS,
    HEX_EDGE,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    POWER,
    RGB,
    Box,
    card,
    font,
    ink_on,
    text,
)
from render.terra_mystica.terms import (
    FACTION_ABILITIES,
    FACTION_TRACKS,
    FAVOR,
    SPECIAL_ACTIONS,
    STRONGHOLD_VALUES,
    TERMS,
    amount,
    bonus_text,
    faction_name,
    favor_text,
    merge_parts,
    pick,
    term,
    town_text,
    view_tile_parts,
)

CHIP_TOP = 252
CHIP_ROW = 44
BUILDING_LIMITS = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1}


TRACKS_ROOM = 405  # the track line ends before the cult boxes


def faction_panel_height(view: dict[str, Any], width: int, lang: str) -> int:
    """One height for every panel: room for the longest list of held tiles (none at all, as
    at the game's end when the bonus tiles are back: no empty row)."""
    rows = 0
    for name, info in (view.get("factions") or {}).items():
        chips = _held_tiles(view, info or {}, lang, width - 32, name)
        rows = max(rows, len(_chip_rows(chips, width - 32)) if chips else 0)
    return CHIP_TOP + rows * CHIP_ROW + 10


def draw_faction(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    name: str,
    box: Box,
    lang: str,
    player: str | None = None,
    parts: tuple[bool, bool] = (True, True),
) -> None:
    """A faction's panel; `parts` says whether to draw its title row and its body (a band
    of the picture that shows only one of them skips the other's work)."""
    info: dict[str, Any] = (view.get("factions") or {}).get(name) or {}
    colour = faction_colour(view, name)
    draw.rounded_rectangle(box, radius=14, fill=PANEL, outline=colour, width=5)
    if parts[0]:
        _title_row(draw, view, name, box, lang, player, colour)
    if parts[1]:
        _body(draw, view, info, name, box, lang, colour)


def _title_row(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    name: str,
    box: Box,
    lang: str,
    player: str | None,
    colour: RGB,
) -> None:
    x0, y0, x1, _ = box
    draw.rounded_rectangle((x0, y0, x1, y0 + 62), radius=14, fill=colour)
    draw.rectangle((x0, y0 + 40, x1, y0 + 62), fill=colour)
    head_ink = ink_on(colour)
    layout = header_layout(view, name, box, lang, player)
    x = text(draw, (x0 + 20, y0 + 32), layout["name"], 34, head_ink, True)
    if layout["who"]:
        x = text(draw, (x + 14, y0 + 34), layout["who"], 22, head_ink)
    for label, fill in layout["badges"]:
        x = _badge(draw, x + 14, y0 + 31, label, fill)
    text(draw, (x1 - 20, y0 + 32), layout["vp"], 36, head_ink, True, "rm")


def _body(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    info: dict[str, Any],
    name: str,
    box: Box,
    lang: str,
    colour: RGB,
) -> None:
    x0, y0, x1, _ = box
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
    line, size = tracks_line(info, lang, name)
    text(draw, (x0 + 20, y), line, size, INK, True)
    cx = x0 + 440
    for cult in CULTS:
        value = (info.get("cults") or {}).get(cult, 0)
        draw.rounded_rectangle((cx, y - 20, cx + 96, y + 20), radius=8, fill=CULT[cult])
        text(draw, (cx + 48, y), f"{term(lang, cult)} {value}", 22, ink_on(CULT[cult]), True, "mm")
        cx += 104

    # Buildings still on the faction board and bridges in supply: said so, not bare counts.
    y = y0 + 210
    x = text(draw, (x0 + 20, y), f"{term(lang, 'in_supply')}:", 22, MUTED, True) + 4
    left = _buildings_left(info)
    for kind in BUILDING_LIMITS:
        tm_pieces.building(draw, kind, x + 20, y, 18, colour)
        x = (
            text(
                draw,
                (x + (54 if kind == "SA" else 46), y),  # the sanctuary is wider
                f"{term(lang, kind + '_short')} {left.get(kind, 0)}",
                22,
                INK,
                True,
            )
            + 20
        )
    if isinstance(info.get("bridges_left"), int):  # bridges are pieces in supply too
        draw.line((x + 2, y, x + 40, y), fill=HEX_EDGE, width=18)
        draw.line((x + 2, y, x + 40, y), fill=colour, width=12)
        text(draw, (x + 50, y), f"{term(lang, 'bridges')} {info['bridges_left']}", 22, INK, True)

    # Tiles held: bonus card, favors, towns.
    held = _held_tiles(view, info, lang, x1 - x0 - 32, name)
    for row, chips in enumerate(_chip_rows(held, x1 - x0 - 32)):
        y = y0 + CHIP_TOP + row * CHIP_ROW
        x = x0 + 16
        for kind, label, fill, w in chips:
            draw.rounded_rectangle(
                (x, y, x + w, y + 38), radius=10, fill=fill, outline=HEX_EDGE, width=1
            )
            ink = ink_on(fill)
            end = text(draw, (x + 12, y + 19), kind, 20, ink, True)
            text(draw, (end + 10, y + 19), label, 21, ink)
            x += w + 10


RANKING_ROW = 56
RANKING_PARTS = ("play", "network", "cults", "resources")
RANKING_SCORE_X = 640  # where the final-scoring columns start
RANKING_PART_W = 230


def ranking_height(view: dict[str, Any]) -> int:
    return 56 + max(1, len(view.get("factions") or {})) * RANKING_ROW + 10


def ranking_rows(
    view: dict[str, Any], names: dict[Any, str] | None, lang: str
) -> list[dict[str, Any]]:
    """Final order by VP (tied factions share a place; all tied players win), each row with
    the player's name and, from the view's result, the final scoring: VP during play,
    largest network, cult tracks, resources."""
    factions: dict[str, Any] = view.get("factions") or {}
    result = view.get("result") if isinstance(view.get("result"), dict) else {}
    by_seat = {s.get("seat"): s for s in result.get("scores") or [] if isinstance(s, dict)}
    scores = sorted(((f or {}).get("VP", 0), n) for n, f in factions.items())[::-1]
    rows = []
    for vp, name in scores:
        seat = (factions.get(name) or {}).get("seat")
        player = (names or {}).get(seat, (names or {}).get(str(seat))) if names else None
        breakdown = (by_seat.get(seat) or {}).get("breakdown") or {}
        parts: list[int] = []
        if breakdown:
            cults = sum(int(breakdown.get(c, 0)) for c in ("fire", "water", "earth", "air"))
            parts = [
                int(breakdown.get("play", 0)),
                int(breakdown.get("network", 0)),
                cults,
                int(breakdown.get("resources", 0)),
            ]
        rows.append(
            {
                "place": 1 + sum(1 for v, _ in scores if v > vp),
                "faction": name,
                "name": faction_name(name, factions.get(name), lang, view.get("faction_catalogue")),
                "player": player if isinstance(player, str) and player else None,
                "vp": vp,
                "parts": parts,
                "labels": [term(lang, f"final_{k}") for k in RANKING_PARTS] if parts else [],
            }
        )
    return rows


def draw_ranking(
    draw: ImageDraw.ImageDraw,
    view: dict[str, Any],
    box: Box,
    lang: str,
    names: dict[Any, str] | None = None,
) -> None:
    """The final order across the picture's width, with the final scoring of each faction."""
    y = card(draw, box, term(lang, "ranking"))
    for i, row in enumerate(ranking_rows(view, names, lang)):
        cy = y + i * RANKING_ROW + RANKING_ROW / 2
        first = row["place"] == 1
        text(
            draw, (box[0] + 40, cy), str(row["place"]), 32, HIGHLIGHT if first else INK, True, "mm"
        )
        tm_pieces.disc(draw, box[0] + 86, cy, 16, faction_colour(view, row["faction"]))
        x = text(draw, (box[0] + 116, cy), row["name"], 30, INK, True)
        if row["player"]:
            room = box[0] + RANKING_SCORE_X - 24 - (x + 14)
            text(draw, (x + 14, cy), _shorten(row["player"], 22, room), 22, MUTED)
        px = box[0] + RANKING_SCORE_X
        for label, value in zip(row["labels"], row["parts"], strict=True):
            end = text(draw, (px, cy), label, 22, MUTED)
            text(draw, (end + 10, cy), str(value), 26, INK, True)
            px += RANKING_PART_W
        text(draw, (box[2] - 24, cy), amount(lang, "vp_n", row["vp"]), 32, INK, True, "rm")


def header_layout(
    view: dict[str, Any], name: str, box: Box, lang: str, player: str | None
) -> dict[str, Any]:
    """A panel's title row: faction name, seat and player (shortened to what is left), the
    badges (you, winner, turn, passed) and the VP at the right; `end` is where the last
    badge ends, `vp_left` where the VP starts."""
    info: dict[str, Any] = (view.get("factions") or {}).get(name) or {}
    x0, _, x1, _ = box
    title = faction_name(name, info, lang, view.get("faction_catalogue"))
    vp = amount(lang, "vp_n", info.get("VP", 0))
    vp_left = x1 - 20 - font(36, True).getlength(vp)
    badges: list[tuple[str, RGB]] = []
    if isinstance(view.get("viewer"), int) and view.get("viewer") == info.get("seat"):
        badges.append((term(lang, "you"), (40, 120, 200)))
    if view.get("phase") == "over" and name in leaders(view):
        badges.append((term(lang, "winner"), (190, 140, 0)))
    if view.get("active") == name:
        badges.append((term(lang, "turn"), HIGHLIGHT))
    if info.get("passed") and view.get("phase") != "over":  # at the end everyone has passed
        badges.append((term(lang, "passed"), (96, 96, 96)))
    badges_w = sum(14 + _badge_width(label) for label, _ in badges)
    x = x0 + 20 + font(34, True).getlength(title)
    who = ""
    if isinstance(info.get("seat"), int):
        seat = f"{term(lang, 'seat')} {info['seat'] + 1}"
        room = vp_left - 10 - badges_w - (x + 14)
        full = f"{seat} · {player}" if player else seat
        if font(22).getlength(full) <= room:
            who = full
        elif player and room >= font(22).getlength(f"{seat} · ") + 60:
            who = _shorten(full, 22, room)
        elif font(22).getlength(seat) <= room:
            who = seat
        if who:
            x += 14 + font(22).getlength(who)
    return {
        "name": title,
        "who": who,
        "badges": badges,
        "vp": vp,
        "vp_left": vp_left,
        "end": x + badges_w,
    }


TRACK_FITS = (("  ", 26), ("  ", 24), ("  ", 22), (" · ", 20), ("·", 20))


def tracks_line(
    info: dict[str, Any],
    lang: str,
    faction: str = "",
    room: float = TRACKS_ROOM,
    fits: tuple[tuple[str, int], ...] = TRACK_FITS,
) -> tuple[str, int]:
    """Shipping value, spade exchange rate and keys on one line, at the largest size (of
    `fits`: gap and size) that stays clear of the cult boxes (`room` pixels). Bridges left go
    with the pieces. A track the faction does not have shows what it has instead
    (FACTION_TRACKS)."""
    instead = FACTION_TRACKS.get(faction, {})
    sh_built = _buildings_left(info).get("SH", 1) == 0
    words = []
    for key, value in (
        ("shipping", info.get("shipping", info.get("ship", 0))),
        ("dig", info.get("dig", 0)),
        ("keys", info.get("keys", 0)),
    ):
        key = instead.get(key, key)
        if key in STRONGHOLD_VALUES:
            # TW7 widens the Fakirs' carpet (the engine's range_bonus)
            value = STRONGHOLD_VALUES[key][sh_built]
            if key == "carpet":
                value += int(info.get("range_bonus") or 0)
        # "삽 교환 비율 3:1": the book's spade exchange rate, workers per spade (3 at level 0)
        words.append(
            term(lang, f"{key}_n").format(n=value, rate=max(1, 3 - int(value)))
            if f"{key}_n" in TERMS.get(lang, {})
            else f"{term(lang, key)} {value}"
        )
    for gap, size in fits:
        line = gap.join(words)
        if font(size, True).getlength(line) <= room:
            return line, size
    return line, fits[-1][1]


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
ABILITY: RGB = (226, 230, 240)


def _held_tiles(
    view: dict[str, Any], info: dict[str, Any], lang: str, width: float, faction: str = ""
) -> list[Chip]:
    """Chips for the bonus tile, favors and towns held, special actions used this round, and
    the faction's standing rule the panel shows nowhere else (FACTION_ABILITIES)."""
    used = [a for a in info.get("used_actions") or [] if isinstance(a, str)]
    if view.get("phase") == "over":  # nothing is used "this round" once the game is over
        used = []
    mark = f" ({term(lang, 'used')})"

    def label(tile: str, kind: str, own: str) -> str:
        """The view's text of the tile when its chip fits the row, else the picture's own."""
        parts = view_tile_parts(view, tile, lang)
        parts = merge_parts(parts) if parts else parts  # "요새/성소마다": one part, not two
        words = " · ".join(parts) + mark * (tile in used) if parts else ""
        if parts and _chip_width(kind, words) <= width:
            return words
        return own + mark * (tile in used)

    chips: list[Chip] = []
    bonus = info.get("bonus")
    if bonus:
        income, extra = bonus_text(str(bonus), lang)
        kind = term(lang, "bonus_one")
        own = f"{income} · {extra}" if extra else income
        chips.append((kind, label(str(bonus), kind, own), (255, 236, 150)))
    for fav in info.get("favors") or []:
        cult = FAVOR.get(fav, ("", 0, None))[0]
        kind = term(lang, "favor")
        # the supply's words for the tile, not the view's: one wording per tile on the
        # picture (and the view's FAV12 leaves out its 2/3/3/4 scale); an unknown tile: the view's
        words = favor_text(fav, lang) if fav in FAVOR else label(fav, kind, fav)
        chips.append((kind, words + mark * (fav in used), CULT.get(cult, (220,) * 3)))
    for tw in info.get("towns") or []:
        kind = term(lang, "town")
        chips.append((kind, label(tw, kind, town_text(tw, lang)), (255, 214, 90)))
    for action in used:
        if action != bonus and action not in (info.get("favors") or []):
            name = pick(SPECIAL_ACTIONS.get(action), lang) or action
            chips.append((term(lang, "special"), name + mark, (214, 210, 204)))
    if faction in FACTION_ABILITIES and view.get("phase") != "over":  # of use while playing
        chips.append((term(lang, "ability"), pick(FACTION_ABILITIES[faction], lang), ABILITY))
    return chips


def _chip_width(kind: str, label: str) -> float:
    return font(20, True).getlength(kind) + font(21).getlength(label) + 44


def _chip_rows(chips: list[Chip], width: float) -> list[list[tuple[str, str, RGB, float]]]:
    rows: list[list[tuple[str, str, RGB, float]]] = [[]]
    used = 0.0
    for kind, label, fill in chips:
        w = min(width, _chip_width(kind, label))
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


def _badge_width(label: str) -> float:
    return font(22, True).getlength(label) + 24


def _badge(draw: ImageDraw.ImageDraw, x: float, y: float, label: str, fill: RGB) -> float:
    w = _badge_width(label)
    draw.rounded_rectangle(
        (x, y - 18, x + w, y + 18), radius=18, fill=fill, outline=(255, 255, 255), width=2
    )
    text(draw, (x + w / 2, y), label, 22, (255, 255, 255), True, "mm")
    return x + w
