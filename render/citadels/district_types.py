"""District types: their order, colours, names and a shape each."""

from __future__ import annotations

from collections.abc import Callable

from PIL import ImageDraw

from render.citadels.view import Card
from render.common import RGB, Box, draw_crown

TYPE_ORDER: tuple[str, ...] = ("noble", "religious", "trade", "military", "unique")

TYPE_COLOURS: dict[str, RGB] = {
    "noble": (236, 190, 46),
    "religious": (40, 104, 196),
    "trade": (28, 122, 62),
    "military": (190, 48, 40),
    "unique": (122, 58, 156),
}

TYPE_NAMES: dict[str, dict[str, str]] = {
    "noble": {"en": "Noble", "ko": "귀족"},
    "religious": {"en": "Religious", "ko": "종교"},
    "trade": {"en": "Trade", "ko": "상업"},
    "military": {"en": "Military", "ko": "군사"},
    "unique": {"en": "Unique", "ko": "특수"},
}


def _icon_crown(d: ImageDraw.ImageDraw, b: Box, ink: RGB) -> None:
    draw_crown(d, b.x0, b.y0 + b.height // 8, b.height * 3 // 4, fill=ink, outline=None)


def _icon_cross(d: ImageDraw.ImageDraw, b: Box, ink: RGB) -> None:
    cx, t = b.center[0], max(3, b.width // 5)
    d.rectangle((cx - t // 2, b.y0, cx + (t - 1) // 2, b.y1), fill=ink)
    arm = b.y0 + b.height // 3
    d.rectangle((b.x0 + 2, arm - t // 2, b.x1 - 2, arm + (t - 1) // 2), fill=ink)


def _icon_coin(d: ImageDraw.ImageDraw, b: Box, ink: RGB) -> None:
    d.ellipse(b.inset(1).xy(), outline=ink, width=max(2, b.width // 7))
    d.ellipse(b.inset(b.width * 3 // 8).xy(), fill=ink)


def _icon_shield(d: ImageDraw.ImageDraw, b: Box, ink: RGB) -> None:
    mid = b.y0 + b.height * 11 // 20
    d.polygon(
        [(b.x0 + 1, b.y0), (b.x1 - 1, b.y0), (b.x1 - 1, mid), (b.center[0], b.y1), (b.x0 + 1, mid)],
        fill=ink,
    )


def _icon_gem(d: ImageDraw.ImageDraw, b: Box, ink: RGB) -> None:
    cx, cy = b.center
    d.polygon([(cx, b.y0), (b.x1, cy), (cx, b.y1), (b.x0, cy)], fill=ink)


# A shape per district type, so the type reads without telling red from green.
TYPE_ICONS: dict[str, Callable[[ImageDraw.ImageDraw, Box, RGB], None]] = {
    "noble": _icon_crown,
    "religious": _icon_cross,
    "trade": _icon_coin,
    "military": _icon_shield,
    "unique": _icon_gem,
}


def draw_type_icon(d: ImageDraw.ImageDraw, kind: str, box: Box, ink: RGB) -> None:
    painter = TYPE_ICONS.get(kind)
    if painter is not None:
        painter(d, box, ink)


def ordered_city(city: list[Card]) -> list[tuple[int, Card]]:
    """Districts grouped by type (noble first), each group in building order."""
    rank = {t: i for i, t in enumerate(TYPE_ORDER)}
    return sorted(enumerate(city), key=lambda item: (rank.get(item[1].type, 99), item[0]))
