"""Drawing helpers shared by every game's pictures: fonts, text fitting, colours, PNG bytes."""

from __future__ import annotations

import io
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).parent / "fonts"
FONT_FILES = {False: "NanumSquareR.ttf", True: "NanumSquareB.ttf"}

RGB = tuple[int, int, int]

# A dark theme: Discord shows pictures on a dark background in most clients.
BACKGROUND: RGB = (27, 30, 36)
PANEL: RGB = (40, 44, 53)
PANEL_DIM: RGB = (33, 36, 43)
INK: RGB = (243, 244, 246)
MUTED: RGB = (168, 174, 187)
ACCENT: RGB = (255, 176, 32)
GOLD: RGB = (242, 192, 55)
GOLD_EDGE: RGB = (150, 105, 10)
DARK_INK: RGB = (24, 24, 28)

Font = ImageFont.FreeTypeFont


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> Font:
    """The vendored NanumSquare (Hangul and Latin) at a pixel size.

    Shared between threads: Pillow keeps the GIL while FreeType draws, so this is safe on
    a GIL build; a free-threaded Python would need a lock (Pillow issue 9497).
    """
    # Basic layout: Hangul syllables are precomposed, so shaping buys nothing but time.
    return ImageFont.truetype(
        str(FONT_DIR / FONT_FILES[bold]), size, layout_engine=ImageFont.Layout.BASIC
    )


def _mask_key(glyph_font: Font, text: str) -> tuple[tuple[int, int], bytes]:
    mask = glyph_font.getmask(text)
    return mask.size, bytes(mask)


@lru_cache(maxsize=4096)
def has_glyph(ch: str) -> bool:
    """Whether the vendored font draws `ch` (rather than its missing-glyph box)."""
    if ch.isspace():
        return True
    probe = font(32)
    return _mask_key(probe, ch) != _mask_key(probe, "\uffff")


def clean_text(text: str, fallback: str = "?") -> str:
    """`text` without characters the font cannot draw (emoji in display names, say)."""
    kept = "".join(ch for ch in text if has_glyph(ch))
    kept = " ".join(kept.split())
    return kept or fallback


def text_width(text: str, face: Font) -> int:
    return int(round(face.getlength(text)))


def line_height(face: Font) -> int:
    ascent, descent = face.getmetrics()
    return ascent + descent


def ellipsize(text: str, face: Font, max_width: int) -> str:
    """`text` cut to fit `max_width`, ending in an ellipsis when cut."""
    if text_width(text, face) <= max_width:
        return text
    dots = "…"
    lo, hi = 0, len(text)
    while lo < hi:  # longest prefix that fits with the ellipsis
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid].rstrip() + dots, face) <= max_width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + dots if lo else dots


def wrap(text: str, face: Font, max_width: int) -> list[str]:
    """Greedy word wrap; a word wider than the line is broken between characters."""
    lines: list[str] = []
    current = ""
    for word in text.split():
        candidate = f"{current} {word}" if current else word
        if text_width(candidate, face) <= max_width:
            current = candidate
            continue
        if current:
            lines.append(current)
        current = ""
        for ch in word:
            if current and text_width(current + ch, face) > max_width:
                lines.append(current)
                current = ch
            else:
                current += ch
    if current:
        lines.append(current)
    return lines or [""]


@dataclass(frozen=True)
class Fitted:
    """Text laid out to fit a box: the face to draw with and its lines."""

    face: Font
    lines: list[str]

    @property
    def height(self) -> int:
        return line_height(self.face) * len(self.lines)

    @property
    def width(self) -> int:
        return max(text_width(line, self.face) for line in self.lines)


def fit_text(
    text: str,
    max_width: int,
    size: int,
    min_size: int,
    *,
    bold: bool = False,
    max_lines: int = 1,
    max_height: int | None = None,
) -> Fitted:
    """The largest size in [min_size, size] at which `text` fits; else ellipsized at min_size."""
    for s in range(size, min_size - 1, -1):
        face = font(s, bold)
        lines = wrap(text, face, max_width) if max_lines > 1 else [text]
        # Above the minimum size, shrink rather than break a word in two.
        fits_width = all(text_width(part, face) <= max_width for part in lines + text.split())
        fits_height = max_height is None or line_height(face) * len(lines) <= max_height
        if len(lines) <= max_lines and fits_width and fits_height:
            return Fitted(face, lines)
    face = font(min_size, bold)
    room = max_lines
    if max_height is not None:
        room = max(1, min(room, max_height // line_height(face)))
    lines = wrap(text, face, max_width) if room > 1 else [text]
    kept = lines[: room - 1]
    kept.append(ellipsize(" ".join(lines[room - 1 :]), face, max_width))
    return Fitted(face, kept)


@dataclass(frozen=True)
class Box:
    x0: int
    y0: int
    x1: int
    y1: int

    @property
    def width(self) -> int:
        return self.x1 - self.x0

    @property
    def height(self) -> int:
        return self.y1 - self.y0

    @property
    def center(self) -> tuple[int, int]:
        return (self.x0 + self.x1) // 2, (self.y0 + self.y1) // 2

    def inset(self, dx: int, dy: int | None = None) -> Box:
        dy = dx if dy is None else dy
        return Box(self.x0 + dx, self.y0 + dy, self.x1 - dx, self.y1 - dy)

    def xy(self) -> tuple[int, int, int, int]:
        return self.x0, self.y0, self.x1, self.y1


def draw_fitted(
    draw: ImageDraw.ImageDraw,
    box: Box,
    fitted: Fitted,
    fill: RGB,
    align: str = "center",
    valign: str = "center",
    measure: Callable[[str, Any], int] | None = None,
) -> None:
    """Draw fitted lines inside `box`, aligned left/center/right and top/center/bottom;
    `measure` (text, font) -> width replaces `text_width` (a caller's cached one)."""
    measure = measure or text_width
    step = line_height(fitted.face)
    total = step * len(fitted.lines)
    if valign == "top":
        y = box.y0
    elif valign == "bottom":
        y = box.y1 - total
    else:
        y = box.y0 + (box.height - total) // 2
    for line in fitted.lines:
        w = measure(line, fitted.face)
        if align == "left":
            x = box.x0
        elif align == "right":
            x = box.x1 - w
        else:
            x = box.x0 + (box.width - w) // 2
        draw.text((x, y), line, font=fitted.face, fill=fill)
        y += step


def luminance(colour: RGB) -> float:
    """Relative luminance (WCAG), 0 for black to 1 for white."""

    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4

    r, g, b = colour
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio between two colours (1 to 21)."""
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def ink_on(background: RGB) -> RGB:
    """Dark or light text, whichever reads better on `background`."""
    return DARK_INK if contrast(DARK_INK, background) >= contrast(INK, background) else INK


def mix(a: RGB, b: RGB, t: float) -> RGB:
    """The colour a fraction `t` of the way from `a` to `b`."""
    return (
        round(a[0] + (b[0] - a[0]) * t),
        round(a[1] + (b[1] - a[1]) * t),
        round(a[2] + (b[2] - a[2]) * t),
    )


def draw_coin(draw: ImageDraw.ImageDraw, cx: int, cy: int, r: int, label: str = "") -> None:
    """A gold coin, optionally with a number on it."""
    draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=GOLD_EDGE, width=2)
    if label:
        fitted = fit_text(label, 2 * r - 4, int(r * 1.25), 12, bold=True)
        draw_fitted(draw, Box(cx - r, cy - r, cx + r, cy + r + 1), fitted, DARK_INK)


def draw_card_icon(draw: ImageDraw.ImageDraw, x: int, y: int, h: int, fill: RGB) -> int:
    """Two overlapping card backs at (x, y), `h` tall; returns the icon's width."""
    w = int(h * 0.7)
    edge = mix(fill, DARK_INK, 0.5)
    draw.rounded_rectangle((x + 6, y, x + 6 + w, y + h - 4), 3, fill=edge)
    draw.rounded_rectangle((x, y + 4, x + w, y + h), 3, fill=fill, outline=edge, width=2)
    return w + 6


def draw_crown(
    draw: ImageDraw.ImageDraw,
    x: int,
    y: int,
    h: int,
    fill: RGB = GOLD,
    outline: RGB | None = GOLD_EDGE,
) -> int:
    """A crown at (x, y), `h` tall; returns its width."""
    w = int(h * 1.3)
    points = [
        (x, y + h),
        (x, y + h * 0.25),
        (x + w * 0.25, y + h * 0.6),
        (x + w * 0.5, y),
        (x + w * 0.75, y + h * 0.6),
        (x + w, y + h * 0.25),
        (x + w, y + h),
    ]
    draw.polygon(points, fill=fill, outline=outline, width=2 if outline else 0)
    return w


def png_bytes(image: Image.Image, level: int = 3) -> bytes:
    """Encode as PNG; from level 4 zlib's lazy matching doubles the time for ~12% fewer bytes."""
    out = io.BytesIO()
    image.save(out, format="PNG", compress_level=level)
    return out.getvalue()


def pick(name: dict[str, str] | str, lang: str) -> str:
    """The `lang` text of a {"en": ..., "ko": ...} name, falling back to English then any."""
    if isinstance(name, str):
        return name
    return name.get(lang) or name.get("en") or next(iter(name.values()), "")
