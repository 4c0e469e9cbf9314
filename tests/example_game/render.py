"""The example game's pictures (Pillow, through render.common's fonts and colours).

`table_png` draws the round, the phase, the deck and one panel per seat with its score;
`private_png` draws one seat's secret pick. Both take the engine's view, never its state.
"""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from render.common import ACCENT, BACKGROUND, INK, MUTED, PANEL, clean_text, font, png_bytes

WIDTH = 480
ROW = 56
TOP = 70
WORDS = {
    "en": {"round": "Round {round}/{rounds}", "deck": "Deck: {n}", "pick": "Your pick: {pick}",
           "none": "not picked yet", "phase.pick": "picking", "phase.play": "playing",
           "phase.over": "game over", "points": "{n} pts"},
    "ko": {"round": "{round}/{rounds} 라운드", "deck": "카드 더미: {n}장", "pick": "내 선택: {pick}",
           "none": "아직 고르지 않음", "phase.pick": "고르는 중", "phase.play": "진행 중",
           "phase.over": "게임 종료", "points": "{n}점"},
}


def _words(lang: str) -> dict[str, str]:
    return WORDS.get(lang, WORDS["en"])


def table_png(view: dict[str, Any], lang: str = "en",
              names: dict[int, str] | None = None) -> bytes:
    words = _words(lang)
    seats = view["seats"]
    image = Image.new("RGB", (WIDTH, TOP + ROW * len(seats) + 16), BACKGROUND)
    draw = ImageDraw.Draw(image)
    title = words["round"].format(round=view["round"], rounds=view["options"]["rounds"])
    draw.text((16, 14), f"{title} — {words['phase.' + view['phase']]}", font=font(22, True),
              fill=INK)
    draw.text((16, 44), words["deck"].format(n=view.get("deck_count", 0)), font=font(16),
              fill=MUTED)
    for i, seat in enumerate(seats):
        y = TOP + ROW * i
        turn = view["phase"] == "play" and view["turn"] == i
        draw.rounded_rectangle((12, y, WIDTH - 12, y + ROW - 8), radius=8, fill=PANEL,
                               outline=ACCENT if turn else None, width=3)
        name = clean_text((names or {}).get(i) or f"P{i + 1}")
        draw.text((28, y + 14), name, font=font(20, True), fill=INK)
        points = words["points"].format(n=seat["score"])
        draw.text((WIDTH - 140, y + 14), points, font=font(20), fill=ACCENT)
    return png_bytes(image)


def private_png(view: dict[str, Any], lang: str = "en") -> bytes:
    words = _words(lang)
    image = Image.new("RGB", (WIDTH, 90), BACKGROUND)
    draw = ImageDraw.Draw(image)
    me = view.get("me") or {}
    pick = me.get("pick")
    text = words["pick"].format(pick=words["none"] if pick is None else pick)
    draw.text((16, 30), text, font=font(24, True), fill=INK)
    return png_bytes(image)
