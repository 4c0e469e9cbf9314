"""A plain picture of a Spirit Island table: the turn, the invader track and the fear, then
one line per land with its pieces, then each spirit's energy and cards.

A stand-in until the Discord side of the game is drawn (issue 14); it reads only the view.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.common import font, line_height, png_bytes

WIDTH = 1400
MARGIN = 24
PAPER = (246, 242, 230)
INK = (30, 30, 30)
# piece -> (English, Korean): the seed's glossary (digest 12.2)
PIECES = {"explorer": ("explorer", "탐험가"), "town": ("town", "마을"), "city": ("city", "도시"),
          "dahan": ("dahan", "다한"), "blight": ("blight", "오염"), "beasts": ("beasts", "맹수"),
          "disease": ("disease", "역병"), "wilds": ("wilds", "험지"),
          "badlands": ("badlands", "불모지")}
PHASES = {"setup": ("setup", "게임 준비"), "spirit": ("Spirit", "정령"),
          "fast": ("Fast Power", "빠른 능력"), "invader": ("Invader", "침략자"),
          "slow": ("Slow Power", "느린 능력"), "over": ("game over", "게임 종료")}
TITLES = {
    "title": ("Spirit Island", "정령섬"),
    "turn": ("Turn {turn}, {phase} phase", "{turn}번째 차례, {phase} 단계"),
    "track": ("Ravage {ravage} | Build {build} | deck {deck}",
              "정복 {ravage} | 건설 {build} | 덱 {deck}"),
    "fear": ("Terror Level {level}, fear pool {pool}, blight on the card {blight}",
             "위협 수준 {level}, 공포 {pool}, 오염 카드의 오염 {blight}"),
    "seat": ("{name}: {spirit}, energy {energy}, hand {hand}, played {played}",
             "{name}: {spirit}, 에너지 {energy}, 손 {hand}, 내려놓은 카드 {played}"),
}


def _t(key: str, lang: str, **params: Any) -> str:
    en, ko = TITLES[key]
    return (ko if lang == "ko" else en).format(**params)


def _count(land: dict, kind: str) -> int:
    value = land.get(kind, 0)
    return len(value) if isinstance(value, list) else int(value or 0)


def _land_line(name: str, land: dict, lang: str) -> str:
    index = 1 if lang == "ko" else 0
    parts = [f"{word[index]} {_count(land, k)}" for k, word in PIECES.items() if _count(land, k)]
    parts += [f"{spirit} {n}" for spirit, n in sorted(land.get("presence", {}).items())]
    return f"{name}: " + (", ".join(parts) or "-")


def _lines(view: dict[str, Any], lang: str, names: dict[int, str] | None) -> list[str]:
    track = view.get("track", {})
    fear = view.get("fear", {})
    lines = [
        _t("title", lang),
        _t("turn", lang, turn=view.get("turn", 0),
           phase=PHASES.get(view.get("phase", ""), ("", ""))[lang == "ko"]),
        _t("track", lang, ravage=", ".join(track.get("ravage", [])) or "-",
           build=", ".join(track.get("build", [])) or "-",
           deck=view.get("decks", {}).get("invader", 0)),
        _t("fear", lang, level=view.get("terror_level", 1), pool=fear.get("pool", "-"),
           blight=view.get("blight_card", {}).get("pool", "-")),
        "",
    ]
    lines += [_land_line(n, land, lang) for n, land in sorted(view.get("lands", {}).items())]
    lines.append("")
    for i, row in enumerate(view.get("seats", [])):
        name = (names or {}).get(i, f"#{i + 1}")
        lines.append(_t("seat", lang, name=name, spirit=row.get("spirit", ""),
                        energy=row.get("energy", 0), hand=len(row.get("hand", [])),
                        played=", ".join(row.get("played", [])) or "-"))
    return lines


def table_png(view: dict[str, Any], lang: str = "ko", names: dict[int, str] | None = None
              ) -> bytes:
    face = font(22)
    step = line_height(face) + 4
    lines = _lines(view, lang, names)
    image = Image.new("RGB", (WIDTH, 2 * MARGIN + step * len(lines)), PAPER)
    draw = ImageDraw.Draw(image)
    for i, text in enumerate(lines):
        draw.text((MARGIN, MARGIN + i * step), text, font=font(28, True) if i == 0 else face,
                  fill=INK)
    return png_bytes(image)
