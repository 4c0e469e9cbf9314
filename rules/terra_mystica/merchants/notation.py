"""Notation of the Merchants of the Seas commands, English and Korean (the book's terms).

dock E5          부두 E5 (창고 E5)     place the dock (Fakirs, Dwarves: the warehouse, 창고)
ship r14         선박 r14              place a ship just gained (e.g. power action ACTM2)
merchant G5      상인 G5               Fakirs, Dwarves: a merchant on the warehouse or market
move r14-r13 r20-r21-E5/FIRE          선박 이동 r14-r13 r20-r21-E5/FIRE
                 move ships: one path per ship, from its river, space by space (rivers,
                 canals, last a building to trade with). After a building, "/" and the
                 trade's pick: TE: PW or a cult; SA: P or a cult; SY: MOVE or a river.
build E5 by r14  건설 E5 선박 r14       a dwelling paid with the ship on r14 (back to supply)
build E5 by merchant  건설 E5 상인      Fakirs, Dwarves: paid with the merchant on E5 itself
action ACTM1..3  (base syntax)         the expansion board's power actions
"""

from __future__ import annotations

import re
from typing import Any

_HEX = r"(?:[A-Ja-j][0-9]{1,2}|[rR][0-9]{1,2})"
_STEP = re.compile(rf"^({_HEX}(?:-{_HEX})+)(?:/(\w+))?$")
_DOCK = re.compile(r"^(?:dock|warehouse|부두|창고) ([A-Ja-j][0-9]{1,2})$", re.I)
_SHIP = re.compile(r"^(?:ship|선박|merchant|상인) ([rR][0-9]{1,2}|[A-Ja-j][0-9]{1,2})$", re.I)
_MOVE = re.compile(r"^(?:move|선박 ?이동) (.+)$", re.I)
_FAVOR = re.compile(
    r"^(?:favor|은총) (?:(ship|선적)|(?:priest|성직자) (\w+) (?:for )?([123]))$", re.I
)
_BUILD = re.compile(
    r"^(?:build|건설) ([A-Ja-j][0-9]{1,2}) (?:(?:by|선박) ([rR][0-9]{1,2})|(by merchant|상인))$",
    re.I,
)
KO = {"dock": "부두", "ship": "선박", "move": "선박 이동"}
CULTS_KO = {
    "불": "FIRE",
    "물": "WATER",
    "땅": "EARTH",
    "하늘": "AIR",
    "권능": "PW",
    "성직자": "P",
    "이동": "MOVE",
}


def _hex(h: str) -> str:
    return h.lower() if h[0] in "rR" else h.upper()


def parse(text: str) -> dict[str, Any] | None:
    if m := _DOCK.match(text):
        return {"type": "dock", "hex": m.group(1).upper()}
    if m := _FAVOR.match(text):
        if m.group(1):
            return {"type": "favm1", "pick": "ship"}
        cult = CULTS_KO.get(m.group(2), m.group(2).upper())
        return {"type": "favm1", "pick": "priest", "cult": cult, "amount": int(m.group(3))}
    if m := _BUILD.match(text):
        hex_id = m.group(1).upper()  # a merchant pays on its own space: `by merchant`
        return {
            "type": "build_ship",
            "hex": hex_id,
            "ship": m.group(2).lower() if m.group(2) else hex_id,
        }
    if m := _SHIP.match(text):
        return {"type": "ship", "hex": _hex(m.group(1))}
    if m := _MOVE.match(text):
        paths: list[list[str]] = []
        picks: dict[str, str] = {}
        for piece in m.group(1).split():
            s = _STEP.match(piece)
            if s is None:
                return None
            path = [_hex(h) for h in s.group(1).split("-")]
            paths.append(path)
            if s.group(2):
                picks[path[-1]] = CULTS_KO.get(s.group(2), s.group(2)).upper()
        cmd: dict[str, Any] = {"type": "move", "paths": paths}
        if picks:
            cmd["picks"] = picks
        return cmd
    return None


PICKS_KO = {en: ko for ko, en in CULTS_KO.items()}


def _paths(cmd: dict[str, Any], ko: bool = False) -> str:
    picks = {h: PICKS_KO.get(w, w) if ko else w for h, w in cmd.get("picks", {}).items()}
    return " ".join(
        "-".join(p) + (f"/{picks[p[-1]]}" if p[-1] in picks else "") for p in cmd["paths"]
    )


def format_en(cmd: dict[str, Any]) -> str | None:
    k = cmd["type"]
    if k == "ship" and not cmd["hex"].startswith("r"):
        return f"merchant {cmd['hex']}"  # a merchant on the warehouse or market
    if k in ("dock", "ship"):
        return f"{k} {cmd['hex']}"
    if k == "move":
        return f"move {_paths(cmd)}"
    if k == "build_ship":
        by = "merchant" if cmd["ship"] == cmd["hex"] else cmd["ship"]
        return f"build {cmd['hex']} by {by}"
    if k == "favm1":
        if cmd["pick"] == "ship":
            return "favor ship"
        return f"favor priest {cmd['cult']} for {cmd['amount']}"
    return None


def format_ko(cmd: dict[str, Any]) -> str | None:
    k = cmd["type"]
    if k == "ship" and not cmd["hex"].startswith("r"):
        return f"상인 {cmd['hex']}"
    if k in ("dock", "ship"):
        return f"{KO[k]} {cmd['hex']}"
    if k == "move":
        return f"{KO[k]} {_paths(cmd, ko=True)}"
    if k == "build_ship":
        if cmd["ship"] == cmd["hex"]:
            return f"건설 {cmd['hex']} 상인"
        return f"건설 {cmd['hex']} {KO['ship']} {cmd['ship']}"
    if k == "favm1":
        if cmd["pick"] == "ship":
            return "은총 선적"
        return f"은총 성직자 {PICKS_KO[cmd['cult']]} {cmd['amount']}"
    return None
