"""The Korean form of the notation: Merchants of the Seas rulebook words (digest glossary) for
keywords, terrains, buildings, resources and cults; board ids (hexes, tiles, ACTn) stay.

`format_ko(cmd)` writes one command; `parse_ko(piece)` reads it back, and also the older
mixed form ("개량 F4 to TP") by swapping the leading keyword for the English one.
"""

from __future__ import annotations

import re
from typing import Any

from rules.terra_mystica.factions import FACTIONS

Cmd = dict[str, Any]

KEYWORDS = {"build": "건설", "upgrade": "개량", "transform": "변형", "dig": "삽",
            "send": "파견", "advance": "진행", "action": "행동", "pass": "패스",
            "bridge": "다리", "burn": "희생", "convert": "전환", "leech": "흡수",
            "decline": "거절", "setup": "선택", "connect": "연결", "wait": "대기",
            "done": "완료", "resign": "기권"}
TO_EN = {ko: en for en, ko in KEYWORDS.items()}
# Terrain colour ids (snellman) to the glossary's terrain names.
TERRAINS = {"brown": "들", "black": "늪", "blue": "호수", "green": "숲", "gray": "산",
            "red": "황무지", "yellow": "사막"}
BUILDINGS = {"D": "주택", "TP": "교역소", "TE": "사원", "SH": "요새", "SA": "성소",
             "SY": "조선소"}  # SY: Merchants of the Seas
# Gain/convert words; board and tile ids (FAV5, TW1, ...) are written as they are.
WORDS = {"C": "동전", "W": "일꾼", "P": "성직자", "PW": "권능", "VP": "승점",
         "FIRE": "불", "WATER": "물", "EARTH": "땅", "AIR": "하늘",
         "SPADE": "삽", "BRIDGE": "다리", "CULT": "신앙"}
TRACKS = {"ship": "선적", "dig": "삽"}
ALIASES = {"대지": "EARTH", "회색": "gray"}
FROM_KO = {**{v: k for table in (TERRAINS, BUILDINGS, WORDS) for k, v in table.items()},
           **ALIASES}
FACTIONS_KO = {f.name: f.ko for f in FACTIONS.values()}


def word_ko(word: str) -> str:
    return WORDS.get(word, word)


def word_en(word: str) -> str:
    """A Korean gain/cult/resource word to its id; other words unchanged."""
    return FROM_KO.get(word, word)


def format_ko(cmd: Cmd) -> str | None:
    """The Korean text of one command; None if it has no Korean form (caller keeps English)."""
    k = cmd["type"]
    kw = KEYWORDS.get(k)
    if k == "build":
        return f"{kw} {cmd['hex']}"
    if k == "upgrade":
        return f"{kw} {cmd['hex']} → {BUILDINGS[cmd['to']]}"
    if k == "transform":
        color = cmd.get("color")
        return f"{kw} {cmd['hex']}" + (f" → {TERRAINS.get(color, color)}" if color else "")
    if k in ("dig", "burn"):
        return f"{kw} {cmd['n']}"
    if k == "send":
        amount = f" {cmd['amount']}칸" if "amount" in cmd else ""
        return f"{kw} {WORDS[cmd['cult']]}{amount}"
    if k == "advance":
        return f"{kw} {TRACKS[cmd['track']]}"
    if k == "action":
        return f"{kw} {cmd['space']}"
    if k == "pass":
        return f"{kw} {cmd['bonus']}" if cmd.get("bonus") else kw
    if k == "bridge":
        return f"{kw} {cmd['a']}:{cmd['b']}"
    if k == "convert":
        return (f"{kw} {word_ko(cmd['from'])} {cmd['from_n']} → "
                f"{word_ko(cmd['to'])} {cmd['to_n']}")
    if k in ("leech", "decline"):
        if not cmd.get("from"):
            return f"{kw} {cmd['n']}" if "n" in cmd else kw
        return f"{kw} {cmd['n']} ← {FACTIONS_KO.get(cmd['from'], cmd['from'])}"
    if k == "gain":
        n = cmd["n"]
        return f"{cmd['sign']}{n if n != 1 else ''}{word_ko(cmd['what'])}"
    if k == "setup":
        return f"{kw} {FACTIONS_KO.get(cmd['faction'], cmd['faction'])}"
    if k == "connect":
        return f"{kw} {cmd['river']}" if cmd.get("river") else f"{kw} " + ":".join(cmd["hexes"])
    if k in ("wait", "done", "resign"):
        return kw
    return None


_HEX = r"([A-Ia-i][0-9]{1,2})"
_W = r"([가-힣A-Za-z]+)"
# Arrows may be typed as ->/<- or left out (a space), which is easier on a phone keyboard.
# Each space run has one quantifier (no \s*\s* around a missing arrow to backtrack over);
# numbers are ASCII digits.
_ARROW = r"\s*(?:(?:→|->)\s*)?"
_FROM = r"\s*(?:(?:←|<-)\s*)?"
# Korean shapes of the commands whose English form has connectors (to/from/for): the rest of
# the piece after the keyword, and its English rewrite (pieces arrive with spaces around
# the arrows dropped). Other commands only swap the keyword.
_RULES: dict[str, tuple[re.Pattern[str], Any]] = {
    "upgrade": (re.compile(rf"^{_HEX}{_ARROW}{_W}$"),
                lambda g: f"upgrade {g[0]} to {word_en(g[1])}"),
    "transform": (re.compile(rf"^{_HEX}{_ARROW}{_W}$"),
                  lambda g: f"transform {g[0]} to {word_en(g[1])}"),
    "send": (re.compile(rf"^{_W}(?:\s*([0-9])\s*칸)?$"),
             lambda g: f"send p to {word_en(g[0])}" + (f" for {g[1]}" if g[1] else "")),
    "advance": (re.compile(rf"^{_W}$"), lambda g: f"advance {TRACKS_EN.get(g[0], g[0])}"),
    "convert": (re.compile(rf"^{_W}\s*([0-9]+){_ARROW}{_W}\s*([0-9]+)$"),
                lambda g: f"convert {g[1]}{word_en(g[0])} to {g[3]}{word_en(g[2])}"),
    "leech": (re.compile(rf"^([0-9]+){_FROM}{_W}$"), lambda g: f"leech {g[0]} from {g[1]}"),
    "decline": (re.compile(rf"^([0-9]+){_FROM}{_W}$"),
                lambda g: f"decline {g[0]} from {g[1]}"),
}
TRACKS_EN = {v: k for k, v in TRACKS.items()}


def parse_ko(piece: str) -> str | None:
    """A piece starting with a Korean keyword as English notation text (parsed, and checked,
    by the English grammar); None when it does not start with one."""
    head, _, rest = piece.partition(" ")
    en = TO_EN.get(head)
    if en is None:
        return None
    rest = rest.strip()
    pattern, rewrite = _RULES.get(en, (None, None))
    m = pattern.match(rest) if pattern else None
    return rewrite(m.groups()) if m else f"{en} {rest}".strip()
