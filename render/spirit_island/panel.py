"""One seat's panel (`private_png`): the spirit, energy and card plays, elements this turn,
the presence tracks (revealed spaces and the next one growth reveals), the hand, cards in play
and discarded, and the innate powers with the thresholds met. Spirit Island hides nothing,
but each player gets the panel of their own spirit."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.common import (
    ACCENT,
    BACKGROUND,
    INK,
    MUTED,
    PANEL,
    clean_text,
    ellipsize,
    font,
    png_bytes,
    text_width,
)
from render.spirit_island.style import SPIRIT_COLOURS, mark
from render.spirit_island.words import ELEMENTS, catalogue, name, pick, say

WIDTH = 1080
PAD = 28
ELEMENT_COLOURS = {"sun": (245, 200, 50), "moon": (170, 175, 215), "fire": (235, 90, 40),
                   "air": (190, 160, 235), "water": (60, 140, 225), "earth": (135, 105, 75),
                   "plant": (80, 170, 70), "animal": (200, 60, 60), "any": (220, 220, 220)}
MET = (110, 210, 120)
# track space keys other than energy, card plays and elements: (English, Korean)
SPACE_WORDS = {"reclaim_one": ("reclaim 1", "회수 1"), "push_dahan": ("push dahan", "다한 밀기"),
               "move_presence": ("move", "이동"), "pay_for_card": ("pay", "지불"),
               "card_plays_bonus": ("+1 play", "+1 사용"), "any_element": ("any", "아무"),
               "starlight_element": ("element", "원소"), "reveal_energy": ("+energy", "+에너지"),
               "unlock": ("unlock", "해제"), "action": ("action", "행동")}


def _seat(view: dict[str, Any]) -> int:
    viewer = view.get("viewer")
    return viewer if isinstance(viewer, int) and 0 <= viewer < len(view.get("seats", [])) else 0


def track_gains(row: dict[str, Any]) -> dict[str, int]:
    """Energy per turn and card plays: the last number showing on each track."""
    spirit = catalogue()["spirits"].get(row.get("spirit", ""), {})
    out = {"energy": 0, "card_plays": 0}
    for track, spaces in spirit.get("tracks", {}).items():
        for space in spaces[: row.get("tracks", {}).get(track, 0) + 1]:
            for key in out:
                if key in space:
                    out[key] = space[key]
    return out


def space_text(space: dict[str, Any], lang: str) -> str:
    """A presence track space in words: its energy or card plays, element, or action."""
    parts = []
    for key, value in space.items():
        if key in ("energy", "card_plays"):
            parts.append(str(value))
        elif key == "element":
            parts.append(pick(ELEMENTS.get(value, (value, value)), lang))
        elif key.startswith("growth"):
            parts.append(f"G{key[6:]}")
        elif key in SPACE_WORDS:
            parts.append(pick(SPACE_WORDS[key], lang))
    return "+".join(parts) or "·"


def _element_chip(draw, x: int, y: int, element: str, count: int | None, lang: str,
                  size: int, dim: bool = False) -> int:
    face = font(size, True)
    text = pick(ELEMENTS.get(element, (element, element)), lang)
    if count is not None:
        text += f" {count}"
    width = text_width(text, face) + size
    colour = ELEMENT_COLOURS.get(element, (150, 150, 150))
    if dim:
        colour = tuple(c // 2 for c in colour)
    draw.rounded_rectangle((x, y, x + width, y + size * 3 // 2), radius=size // 2, fill=colour)
    ink = (20, 20, 20) if sum(colour) > 420 else (250, 250, 250)
    draw.text((x + size // 2, y + size // 4), text, font=face, fill=ink)
    return width + size // 3


def _section(draw, x: int, y: int, title: str) -> int:
    draw.text((x, y), title, font=font(30, True), fill=ACCENT)
    return y + 42


def _card_rows(draw, x: int, y: int, width: int, cards: list[str], lang: str) -> int:
    """One line per card: speed, cost, name, elements."""
    table = catalogue()["cards"]
    face, bold = font(26), font(26, True)
    if not cards:
        draw.text((x, y), say("none", lang), font=face, fill=MUTED)
        return y + 38
    for card in cards:
        cost, speed, elements = table.get(card, ("?", "", []))
        draw.rounded_rectangle((x, y, x + width, y + 40), radius=8, fill=PANEL)
        speed_colour = (235, 110, 60) if speed == "fast" else (80, 150, 230)
        speed_word = say(speed, lang) if speed in ("fast", "slow") else "?"
        draw.rounded_rectangle((x + 6, y + 5, x + 86, y + 35), radius=6, fill=speed_colour)
        draw.text((x + 46 - text_width(speed_word, bold) // 2, y + 7), speed_word, font=bold,
                  fill=(255, 255, 255))
        draw.ellipse((x + 96, y + 4, x + 128, y + 36), fill=(245, 200, 50))
        draw.text((x + 112 - text_width(str(cost), bold) // 2, y + 7), str(cost), font=bold,
                  fill=(20, 20, 20))
        right = x + width - 8
        chips_w = sum(text_width(pick(ELEMENTS.get(e, (e, e)), lang), font(20, True)) + 27
                      for e in elements)
        left = right - chips_w
        for element in elements:
            left += _element_chip(draw, left, y + 6, element, None, lang, 20)
        draw.text((x + 140, y + 6), ellipsize(clean_text(card), face, width - 150 - chips_w),
                  font=face, fill=INK)
        y += 46
    return y


def _tracks(draw, x: int, y: int, width: int, row: dict, lang: str) -> int:
    spirit = catalogue()["spirits"].get(row.get("spirit", ""), {})
    shown = row.get("tracks", {})
    face = font(22, True)
    for track, spaces in spirit.get("tracks", {}).items():
        revealed = shown.get(track, 0)
        label = {"energy": say("energy", lang, n="").strip(),
                 "card_plays": say("plays", lang, n="").strip()}.get(track, track)
        draw.text((x, y + 8), label, font=font(24), fill=MUTED)
        left = x + 150
        cell = min(110, (width - 150) // max(1, len(spaces)))
        for i, space in enumerate(spaces):
            text = ellipsize(space_text(space, lang), face, cell - 10)
            box = (left, y, left + cell - 6, y + 40)
            if i <= revealed:
                draw.rounded_rectangle(box, radius=8, fill=(235, 228, 205))
                draw.text((left + (cell - 6 - text_width(text, face)) // 2, y + 8), text,
                          font=face, fill=(20, 20, 20))
            else:
                nxt = i == revealed + 1
                draw.rounded_rectangle(box, radius=8, fill=(60, 66, 80),
                                       outline=ACCENT if nxt else None, width=3)
                draw.text((left + (cell - 6 - text_width(text, face)) // 2, y + 8), text,
                          font=face, fill=INK if nxt else MUTED)
            left += cell
        y += 50
    return y


def _innates(draw, x: int, y: int, width: int, row: dict, lang: str) -> int:
    table = catalogue()["innates"]
    have = row.get("elements", {}) or {}
    spirit = catalogue()["spirits"].get(row.get("spirit", ""), {})
    powers = [*spirit.get("innates", []), *(row.get("powers") or [])]
    for power in dict.fromkeys(powers):
        if power not in table:  # a granted power that is no innate
            continue
        speed, tiers = table[power]
        speed_word = say(speed, lang) if speed in ("fast", "slow") else ""
        draw.text((x, y), ellipsize(f"{clean_text(power)}  ({speed_word})", font(26, True),
                                    width), font=font(26, True), fill=INK)
        y += 36
        for tier in tiers:
            met = all(have.get(e, 0) >= n for e, n in tier.items())
            left = x + 20
            if met:  # a tick drawn, not a glyph: the vendored font has none
                draw.line([(left + 2, y + 16), (left + 10, y + 25), (left + 24, y + 6)],
                          fill=MET, width=5)
            else:
                draw.ellipse((left + 9, y + 12, left + 15, y + 18), fill=MUTED)
            left += 34
            for element, n in tier.items():
                left += _element_chip(draw, left, y, element, n, lang, 20,
                                      dim=have.get(element, 0) < n)
            y += 38
        y += 6
    return y


def private_png(view: dict[str, Any], lang: str = "ko", names: dict[int, str] | None = None
                ) -> bytes:
    seat = _seat(view)
    rows = view.get("seats", [])
    row = rows[seat] if rows else {}
    image = Image.new("RGB", (WIDTH, 3000), BACKGROUND)
    draw = ImageDraw.Draw(image)
    x, w = PAD, WIDTH - 2 * PAD
    mark(draw, "presence", x, PAD, 44, SPIRIT_COLOURS[seat % len(SPIRIT_COLOURS)])
    who = clean_text((names or {}).get(seat, f"#{seat + 1}"))
    title = f"{name(row.get('spirit'), lang)}"
    draw.text((x + 60, PAD), ellipsize(title, font(40, True), w - 60), font=font(40, True),
              fill=INK)
    y = PAD + 56
    gains = track_gains(row)
    status = [who, say("energy", lang, n=row.get("energy", 0)),
              say("per_turn", lang, n=gains["energy"]), say("plays", lang, n=gains["card_plays"])]
    if view.get("phase") == "spirit":
        status.append(say("ready" if row.get("ready") else "waiting", lang))
    draw.text((x, y), "  ·  ".join(status), font=font(30), fill=INK)
    y += 50
    y = _section(draw, x, y, say("elements", lang))
    left = x
    elements = {e: n for e, n in (row.get("elements") or {}).items() if n}
    for element, n in elements.items():
        left += _element_chip(draw, left, y, element, n, lang, 24)
    if not elements:
        draw.text((x, y), say("none", lang), font=font(26), fill=MUTED)
    y += 50
    y = _section(draw, x, y, say("tracks", lang))
    y = _tracks(draw, x, y, w, row, lang) + 6
    for key, cards in (("hand", row.get("hand")), ("played", row.get("played")),
                       ("discard", row.get("discard"))):
        y = _section(draw, x, y, f"{say(key, lang)} ({len(cards or [])})")
        y = _card_rows(draw, x, y, w, list(cards or []), lang) + 8
    y = _section(draw, x, y, say("innates", lang))
    y = _innates(draw, x, y, w, row, lang)
    image = image.crop((0, 0, WIDTH, y + PAD))
    return png_bytes(image.quantize(colors=128, method=Image.Quantize.MEDIANCUT, dither=0))
