"""Short en/ko texts of the expansion's tiles, built from their data (merchants/tiles.py),
in the style of the base tiles' texts (tile_texts.py); Korean in the rulebook's terms."""

from __future__ import annotations

from typing import Any

from rules.terra_mystica.merchants import tiles as mt

Texts = dict[str, str]
LANGS = ("en", "ko")
WORDS = {
    "en": {
        "FIRE": "Fire",
        "WATER": "Water",
        "EARTH": "Earth",
        "AIR": "Air",
        "C": "C",
        "W": "W",
        "P": "P",
        "PW": "power",
        "SPADE": "spade",
        "SHIP": "shipping",
        "SHIPS": "ship",
    },
    "ko": {
        "FIRE": "불",
        "WATER": "물",
        "EARTH": "땅",
        "AIR": "하늘",
        "C": "동전",
        "W": "일꾼",
        "P": "성직자",
        "PW": "권능",
        "SPADE": "삽",
        "SHIP": "선적값",
        "SHIPS": "선박",
    },
}
EVENTS = {  # what an action-phase scoring half pays for
    "en": {
        "TRADE": "trade",
        "SHIP_STEP": "shipping step or spade level",
        "TE": "temple",
        "D": "dwelling",
        "TP": "trading house",
        "TOWN": "town",
        "SPADE": "spade",
        "SH_SA": "stronghold/sanctuary/shipyard",
    },
    "ko": {
        "TRADE": "무역",
        "SHIP_STEP": "선적 트랙 전진 또는 삽 교환 비율",
        "TE": "사원",
        "D": "주택",
        "TP": "교역소",
        "TOWN": "마을",
        "SPADE": "삽",
        "SH_SA": "요새/성소/조선소",
    },
}
FIXED = {  # texts with no numbers to fill
    "once": {
        "en": "once: +1 shipping and 1W, or a priest to a cult and 4C",
        "ko": "즉시 1회: 선적 +1과 일꾼 1, 또는 성직자 1을 신앙에 보내고 동전 4",
    },
    "income_ship": {"en": "income: place 1 ship", "ko": "수입: 선박 1 놓기"},
    "action.ship": {"en": "action: place 1 ship", "ko": "행동: 선박 1 놓기"},
    "action.move": {"en": "action: move your ships", "ko": "행동: 선박 이동"},
}


def _res(res: dict[str, int], lang: str) -> str:
    w = WORDS[lang]
    if lang == "ko":
        return " ".join(f"{w[k]} {n}" for k, n in res.items())
    return " ".join(f"{n} {w[k]}" if len(w[k]) > 2 else f"{n}{w[k]}" for k, n in res.items())


def _parts(tile: str, data: dict[str, Any], lang: str) -> list[str]:
    ko = lang == "ko"
    w, ev = WORDS[lang], EVENTS[lang]
    out: list[str] = []
    if "steps" in data:
        cult = w[mt.FAVOR_CULT[tile]]
        out.append(f"{cult} +{data['steps']}" if ko else f"+{data['steps']} {cult}")
    if isinstance(data.get("vp"), int):
        out.append(f"승점 {data['vp']}" if ko else f"{data['vp']} VP")
    for what, n in data.get("vp", {}).items() if isinstance(data.get("vp"), dict) else ():
        if what != "SY":  # SY is the shipyard part of the SH_SA half
            out.append(f"{ev[what]} → 승점 {n}" if ko else f"{ev[what]} → {n} VP")
    for what, n in data.get("gain", {}).items():
        if what == "SHIP":
            out.append(
                f"선적값 +{n} (고행수도자·난쟁이: 거리값)"
                if ko
                else f"+{n} shipping (Fakirs, Dwarves: distance)"
            )
        else:
            out.append(f"선박 최대 {n}개 놓기" if ko else f"place up to {n} ships")
    if data.get("once"):
        out.append(FIXED["once"][lang])
    if income := data.get("income"):
        out.append(f"수입 {_res(income, lang)}" if ko else f"income {_res(income, lang)}")
    if data.get("income_ship"):
        out.append(FIXED["income_ship"][lang])
    if "trade_vp" in data:
        tv = data["trade_vp"]
        if isinstance(tv, int):
            out.append(f"무역마다 승점 {tv}" if ko else f"{tv} VP per trade")
        else:
            out.append(
                f"주택/교역소/사원과 무역 → 승점 {tv['small']}, 요새/성소/조선소와 무역 → "
                f"승점 {tv['large']}"
                if ko
                else f"trade with D/TP/TE → {tv['small']} VP, with SH/SA/SY → {tv['large']} VP"
            )
    if data.get("action"):
        out.append(FIXED[f"action.{data['action']}"][lang])
    for what, n in (data.get("pass_vp") or {}).items():
        name = {
            "SHIPS": ("ship on the board", "게임판의 선박"),
            "SH": ("stronghold", "요새"),
            "SA": ("sanctuary", "성소"),
            "SY": ("shipyard", "조선소"),
        }[what][ko]
        out.append(f"패스 시 {name}마다 승점 {n}" if ko else f"pass: {n} VP per {name}")
    if scale := data.get("pass_trades"):
        counts = "/".join(f"{a}" for a, _ in scale)
        vps = "/".join(f"{b}" for _, b in scale)
        out.append(
            f"패스 시 무역 마커 {counts}개 이상 → 승점 {vps}"
            if ko
            else f"pass: {counts}+ trade markers → {vps} VP"
        )
    if "reward" in data:
        cult = w[data["cult"]]
        reward = _res(data["reward"], lang)
        out.append(
            f"라운드 종료 시 {cult} {data['per']}마다 {reward}"
            if ko
            else f"round end: {data['per']} {cult} → {reward}"
        )
    return out


def tile_text(tile: str) -> Texts | None:
    data = next((t[tile] for t in (mt.BONUS, mt.FAVOR, mt.TOWN, mt.SCORING) if tile in t), None)
    if data is None:
        return None
    return {lang: " · ".join(_parts(tile, data, lang)) for lang in LANGS}


TEXTS: dict[str, Texts] = {
    t: text
    for table in (mt.BONUS, mt.FAVOR, mt.TOWN, mt.SCORING)
    for t in table
    if (text := tile_text(t)) is not None
}
