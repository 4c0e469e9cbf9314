"""The table's state beside the island: phase and turn, Terror Level, fear, blight, the
invader track, the adversary, the spirits, and the marks' legend. Each block is drawn at
(x, y) in a given width and returns the y below it."""

from __future__ import annotations

from typing import Any

from PIL import ImageDraw

from render.common import ACCENT, INK, MUTED, PANEL, clean_text, ellipsize, font, text_width
from render.spirit_island.style import (
    PIECE_ORDER,
    PIECE_WORDS,
    SPIRIT_COLOURS,
    TERRAIN_COLOURS,
    mark,
)
from render.spirit_island.words import invader_card, name, pick, say, terrains_of

STAT_BACK = (52, 58, 70)


def phase_line(view: dict[str, Any], lang: str) -> str:
    phase = view.get("phase", "")
    key = f"phase.{phase}"
    text = say(key, lang) if f"phase.{phase}" in _KEYS else phase
    outcome = view.get("outcome")
    if outcome:
        text += " · " + say("won" if outcome in ("win", "sacrifice") else "lost", lang)
    return f"{say('turn', lang, n=view.get('turn', 0))} · {text}"


_KEYS = {f"phase.{p}" for p in ("setup", "spirit", "fast", "invader", "slow", "time", "over")}


def heading(draw: ImageDraw.ImageDraw, x: int, y: int, width: int, view: dict, lang: str,
            size: int) -> int:
    """The turn and phase, large."""
    face = font(size, True)
    draw.text((x, y), ellipsize(phase_line(view, lang), face, width), font=face, fill=INK)
    return y + size + size // 3


def _tile(draw, box, label: str, value: str, size: int, colour=INK) -> None:
    draw.rounded_rectangle(box, radius=size // 3, fill=STAT_BACK)
    x0, y0, x1, _ = box
    small, big = font(size * 3 // 4), font(size, True)
    draw.text((x0 + size // 3, y0 + size // 5), ellipsize(label, small, x1 - x0 - size // 2),
              font=small, fill=MUTED)
    draw.text((x0 + size // 3, y0 + size // 5 + size * 7 // 8),
              ellipsize(value, big, x1 - x0 - size // 2), font=big, fill=colour)


def stats(draw: ImageDraw.ImageDraw, x: int, y: int, width: int, view: dict, lang: str,
          size: int, columns: int = 3) -> int:
    """Tiles: Terror Level, fear (earned of the pool's size, cards earned), blight left."""
    fear = view.get("fear", {})
    card = view.get("blight_card", {})
    side = card.get("side", "healthy")
    earned = len(fear.get("earned_cards", []))
    tiles = [
        (say("terror", lang, n="").strip(), str(view.get("terror_level", 1)), INK),
        (say("fear_label", lang, n=earned),
         f"{fear.get('earned', 0)}/{fear.get('size', 0)}", ACCENT),
        (say("blight", lang, n="").strip(),
         str(card.get("pool", 0)) + (" · " + say(side, lang) if side == "blighted" else ""),
         (255, 110, 170) if side == "blighted" else INK),
    ]
    gap = size // 3
    rows = [tiles[i:i + columns] for i in range(0, len(tiles), columns)]
    height = size * 2 + size // 6
    for row in rows:
        w = (width - gap * (columns - 1)) // columns
        for i, (label, value, colour) in enumerate(row):
            left = x + i * (w + gap)
            _tile(draw, (left, y, left + w, y + height), label, value, size, colour)
        y += height + gap
    return y


def _chip(draw, x: int, y: int, card: str, lang: str, size: int) -> int:
    """An invader card: its terrain colours behind its stage and terrains; returns its width."""
    face = font(size, True)
    text = invader_card(card, lang)
    width = text_width(text, face) + size
    parts = terrains_of(card)
    step = width / len(parts)
    for i, terrain in enumerate(parts):
        colour = TERRAIN_COLOURS.get(terrain, (90, 90, 90))
        draw.rectangle((x + i * step, y, x + (i + 1) * step, y + size * 3 // 2), fill=colour)
    draw.rectangle((x, y, x + width, y + size * 3 // 2), outline=(10, 10, 10), width=2)
    draw.text((x + size // 2 + 1, y + size // 4 + 1), text, font=face, fill=(0, 0, 0))
    draw.text((x + size // 2, y + size // 4), text, font=face, fill=(255, 255, 255))
    return width


def track(draw: ImageDraw.ImageDraw, x: int, y: int, width: int, view: dict, lang: str,
          size: int, stacked: bool = False) -> int:
    """Ravage, Build, Explore with their cards; the deck's size by stage."""
    slots = view.get("track", {})
    decks = view.get("decks", {})
    label_face = font(size, True)
    left = x
    line = size * 3 // 2 + size // 3
    for key in ("ravage", "build", "explore"):
        label = say(key, lang)
        cards = slots.get(key, [])
        if stacked:
            left, y_row = x, y
        else:
            y_row = y
        draw.text((left, y_row + size // 4), label, font=label_face, fill=MUTED)
        left += text_width(label, label_face) + size // 2
        for card in cards or []:
            left += _chip(draw, left, y_row, card, lang, size) + size // 3
        if not cards:
            draw.text((left, y_row + size // 4), "-", font=label_face, fill=MUTED)
            left += size
        left += size
        if stacked:
            y += line
    if not stacked:
        y += line
    stages = decks.get("invader_stages") or []
    deck_text = say("deck", lang, n=decks.get("invader", 0))
    if stages:
        deck_text += " (" + " / ".join(f"{r} {n}" for r, n in zip(("I", "II", "III"), stages, strict=False)) + ")"
    face = font(size * 3 // 4)
    draw.text((x, y), ellipsize(deck_text, face, width), font=face, fill=MUTED)
    return y + size + size // 3


def adversary_line(view: dict, lang: str) -> str:
    row = view.get("adversary")
    if not row:
        return say("no_adversary", lang)
    text = f"{name(row.get('name'), lang)} {say('level', lang, n=row.get('level', 0))}"
    support = row.get("supporting")
    if support:
        if isinstance(support, dict):
            text += f" + {name(support.get('name'), lang)} " \
                    f"{say('level', lang, n=support.get('level', 0))}"
        else:
            text += f" + {name(str(support), lang)}"
    return text


def facts(draw: ImageDraw.ImageDraw, x: int, y: int, width: int, view: dict, lang: str,
          size: int) -> int:
    """The adversary and the blight card's name, one line each."""
    face, bold = font(size), font(size, True)
    card = view.get("blight_card", {})
    card_name = name(card.get("name"), lang) if card.get("name") else say("healthy", lang)
    decks = view.get("decks", {})
    events = view.get("event_cards") or {}
    discard = (view.get("track") or {}).get("discard") or []
    lines = [(say("adversary", lang), adversary_line(view, lang)),
             (say("blight_card", lang), card_name),
             (say("fear_deck", lang), say("cards_left", lang, n=decks.get("fear", 0))),
             (say("invader_discard", lang),
              ", ".join(invader_card(c, lang) for c in discard) or say("none", lang))]
    if view.get("options", {}).get("events", True) and "event" in decks:
        last = (events.get("discard") or [None])[-1]
        lines.append((say("event_deck", lang), say("cards_left", lang, n=decks["event"])
                      + (f" · {last}" if last else "")))
    for label, value in lines:
        draw.text((x, y), label, font=bold, fill=MUTED)
        lw = text_width(label, bold) + size // 2
        draw.text((x + lw, y), ellipsize(value, face, width - lw), font=face, fill=INK)
        y += size + size // 3
    return y


def spirits(draw: ImageDraw.ImageDraw, x: int, y: int, width: int, view: dict, lang: str,
            size: int, names: dict[int, str] | None = None, columns: int = 1) -> int:
    """Each seat: its presence colour, player, spirit, energy, and whether it has decided."""
    face = font(size)
    rows = view.get("seats", [])
    col_w = width // columns
    for i, row in enumerate(rows):
        cx, cy = x + (i % columns) * col_w, y + (i // columns) * (size + size // 2)
        mark(draw, "presence", cx, cy, size, SPIRIT_COLOURS[i % len(SPIRIT_COLOURS)])
        who = clean_text((names or {}).get(i, f"#{i + 1}"))
        text = f"{who} · {name(row.get('spirit'), lang)} · " \
               f"{say('energy', lang, n=row.get('energy', 0))}"
        if view.get("phase") == "spirit":
            text += " · " + say("ready" if row.get("ready") else "waiting", lang)
        draw.text((cx + size + size // 3, cy), ellipsize(text, face, col_w - size * 2),
                  font=face, fill=INK)
    lines = (len(rows) + columns - 1) // columns
    return y + lines * (size + size // 2)


def legend(draw: ImageDraw.ImageDraw, x: int, y: int, width: int, lang: str, size: int) -> int:
    """Each mark and its name, flowing over as many lines as the width needs."""
    face = font(size * 4 // 5)
    left = x
    entries = [(k, pick(PIECE_WORDS[k], lang), False) for k in PIECE_ORDER]
    entries += [("presence", pick(PIECE_WORDS["presence"], lang), False),
                ("presence", pick(PIECE_WORDS["sacred"], lang), True)]
    for kind, word, sacred in entries:
        need = size + size // 4 + text_width(word, face) + size
        if left + need > x + width:
            left, y = x, y + size + size // 3
        mark(draw, kind, left, y, size, SPIRIT_COLOURS[0], sacred)
        draw.text((left + size + size // 4, y + size // 10), word, font=face, fill=MUTED)
        left += need
    return y + size + size // 3


def panel_box(draw: ImageDraw.ImageDraw, box) -> None:
    draw.rounded_rectangle(box, radius=12, fill=PANEL)
