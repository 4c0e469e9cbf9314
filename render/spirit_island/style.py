"""Colours and piece marks of the Spirit Island pictures."""

from __future__ import annotations

import math

from PIL import ImageDraw

from render.common import RGB

TERRAIN_COLOURS: dict[str, RGB] = {
    "jungle": (58, 128, 66), "mountain": (128, 120, 112), "sands": (214, 184, 112),
    "wetland": (72, 150, 160), "ocean": (36, 72, 120), "coastal": (120, 170, 200),
}
BORDER_COLOUR: RGB = (16, 18, 22)
# one colour per seat's presence (none white or cream: explorers, towns and cities are)
SPIRIT_COLOURS: tuple[RGB, ...] = ((60, 200, 255), (255, 120, 40), (190, 90, 230),
                                   (250, 220, 40), (255, 90, 140), (120, 230, 110))
PIECE_ORDER = ("explorer", "town", "city", "dahan", "blight", "beasts", "disease", "wilds",
               "badlands", "strife")
PIECE_WORDS = {"explorer": ("explorer", "탐험가"), "town": ("town", "마을"),
               "city": ("city", "도시"), "dahan": ("dahan", "다한"), "blight": ("blight", "오염"),
               "beasts": ("beasts", "맹수"), "disease": ("disease", "역병"),
               "wilds": ("wilds", "험지"), "badlands": ("badlands", "불모지"),
               "strife": ("strife", "분쟁"), "presence": ("presence", "존재"),
               "sacred": ("sacred site", "성지")}
INVADER: RGB = (236, 228, 210)
LABEL_BACK: RGB = (20, 22, 28)


def mark(draw: ImageDraw.ImageDraw, kind: str, x: int, y: int, s: int,
         colour: RGB | None = None, sacred: bool = False) -> None:
    """A piece's mark in the s-by-s square at (x, y)."""
    edge = BORDER_COLOUR
    w = max(1, s // 12)
    if kind == "explorer":
        draw.ellipse((x + s * .22, y + s * .22, x + s * .78, y + s * .78), fill=INVADER,
                     outline=edge, width=w)
    elif kind == "town":
        draw.polygon([(x + s * .12, y + s * .45), (x + s * .5, y + s * .08),
                      (x + s * .88, y + s * .45), (x + s * .88, y + s * .92),
                      (x + s * .12, y + s * .92)], fill=INVADER, outline=edge, width=w)
    elif kind == "city":
        draw.polygon([(x + s * .02, y + s * .92), (x + s * .02, y + s * .35),
                      (x + s * .3, y + s * .35), (x + s * .3, y + s * .08),
                      (x + s * .7, y + s * .08), (x + s * .7, y + s * .35),
                      (x + s * .98, y + s * .35), (x + s * .98, y + s * .92)],
                     fill=INVADER, outline=edge, width=w)
    elif kind == "dahan":
        draw.ellipse((x + s * .1, y + s * .1, x + s * .9, y + s * .9), fill=(150, 88, 44),
                     outline=(250, 220, 170), width=max(2, s // 8))
    elif kind == "blight":
        points = []
        for i in range(10):
            r = s * (.48 if i % 2 == 0 else .22)
            a = math.radians(i * 36 - 90)
            points.append((x + s / 2 + r * math.cos(a), y + s / 2 + r * math.sin(a)))
        draw.polygon(points, fill=(200, 40, 120), outline=edge)
    elif kind == "beasts":
        draw.polygon([(x + s * .5, y + s * .06), (x + s * .95, y + s * .9),
                      (x + s * .05, y + s * .9)], fill=(235, 130, 30), outline=edge, width=w)
    elif kind == "disease":
        draw.ellipse((x + s * .08, y + s * .08, x + s * .92, y + s * .92), fill=(170, 210, 60),
                     outline=edge, width=w)
        draw.ellipse((x + s * .38, y + s * .38, x + s * .62, y + s * .62), fill=edge)
    elif kind == "wilds":
        draw.polygon([(x + s * .5, y + s * .02), (x + s * .9, y + s * .6),
                      (x + s * .5, y + s * .98), (x + s * .1, y + s * .6)],
                     fill=(30, 90, 30), outline=(180, 240, 160), width=w)
    elif kind == "badlands":
        draw.rectangle((x + s * .12, y + s * .12, x + s * .88, y + s * .88), fill=(120, 40, 30),
                       outline=(250, 170, 120), width=w)
    elif kind == "strife":
        t = max(2, s // 5)
        draw.line((x + s * .15, y + s * .15, x + s * .85, y + s * .85), fill=(230, 30, 30),
                  width=t)
        draw.line((x + s * .85, y + s * .15, x + s * .15, y + s * .85), fill=(230, 30, 30),
                  width=t)
    elif kind == "presence":
        if sacred:
            draw.ellipse((x, y, x + s, y + s), fill=(255, 255, 255), outline=edge, width=w)
        inset = s * .16 if sacred else s * .08
        draw.ellipse((x + inset, y + inset, x + s - inset, y + s - inset),
                     fill=colour or (255, 255, 255), outline=edge, width=max(2, s // 8))
