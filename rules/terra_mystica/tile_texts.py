"""Short en/ko texts for tiles and factions, for the view: what a bonus, favor, town or scoring
tile gives, and each faction's names, colour and home terrain (Korean: digest glossary).

Texts are built from the tile data in tiles.py, so a tile's text cannot drift from its rule.
"""

from __future__ import annotations

from typing import Any

from rules.terra_mystica.factions import FACTIONS
from rules.terra_mystica.notation_ko import BUILDINGS, TERRAINS, WORDS
from rules.terra_mystica.tiles import BONUS, FAVOR, SCORING, TOWN

LANGS = ("en", "ko")
Texts = dict[str, str]

TERRAINS_EN = {"brown": "plains", "black": "swamp", "blue": "lakes", "green": "forest",
               "gray": "mountains", "red": "wasteland", "yellow": "desert"}
COLOURS = {"en": {"brown": "brown", "black": "black", "blue": "blue", "green": "green",
                  "gray": "grey", "red": "red", "yellow": "yellow"},
           "ko": {"brown": "갈색", "black": "검정", "blue": "파랑", "green": "초록",
                  "gray": "회색", "red": "빨강", "yellow": "노랑"}}
BUILDING_NAMES = {"en": {"D": "dwelling", "TP": "trading house", "TE": "temple",
                         "SH": "stronghold", "SA": "sanctuary", "SH_SA": "stronghold/sanctuary",
                         "SPADE": "spade", "TOWN": "town", "SHIP": "shipping level"},
                  "ko": {**BUILDINGS, "SH_SA": "요새/성소", "SPADE": "삽", "TOWN": "마을",
                         "SHIP": "선적값 1"}}
WORD_NAMES = {"en": {"C": "C", "W": "W", "P": "P", "PW": "power", "VP": "VP", "SPADE": "spade",
                     "FIRE": "Fire", "WATER": "Water", "EARTH": "Earth", "AIR": "Air"},
              "ko": WORDS}
# One template per part of a tile's effect, filled from its data.
PARTS: dict[str, Texts] = {
    "cult": {"en": "+{steps} {cult}", "ko": "{cult} +{steps}"},
    "vp": {"en": "{vp} VP", "ko": "승점 {vp}"},
    "vp_per": {"en": "{building} → {vp} VP", "ko": "{building} → 승점 {vp}"},
    "gain": {"en": "+{res}", "ko": "+{res}"},
    "all_cults": {"en": "+{n} on every cult track", "ko": "모든 신앙 트랙 +{n}"},
    "keys": {"en": "counts as {n} keys", "ko": "열쇠 {n}개"},
    # TW7: a shipping level (with its VP); the Fakirs' carpet flight reaches one hex further
    "gain_ship": {"en": "+{n} shipping (Fakirs: carpet range)",
                  "ko": "선적값 +{n} (고행수도자: 비행 거리)"},
    "income": {"en": "income {res}", "ko": "수입 {res}"},
    "action.spade": {"en": "action: 1 spade", "ko": "행동: 삽 1개"},
    "action.cult": {"en": "action: 1 cult step", "ko": "행동: 신앙 1칸"},
    "ship": {"en": "+{n} shipping", "ko": "선적값 +{n}"},
    "town_power": {"en": "towns from {n} power", "ko": "권능값 {n}부터 마을"},
    "pass_vp": {"en": "pass: {vp} VP per {building}", "ko": "패스 시 {building}마다 승점 {vp}"},
    # FAV12 (digest §11.1): 1/2/3/4 trading houses → 2/3/3/4 VP, not 1 VP each
    "pass_tp": {"en": "pass: {counts} trading houses → {vps} VP",
                "ko": "패스 시 교역소 {counts}채 → 승점 {vps}"},
    "round_end": {"en": "round end: {per} {cult} → {reward}",
                  "ko": "라운드 종료 시 {cult} {per}마다 {reward}"},
    # SCORE9: per priest of one's own on the cult board's priest spaces
    "round_end_priests": {"en": "round end: per priest on the cult board → {reward}",
                          "ko": "라운드 종료 시 신앙 트랙의 내 성직자마다 {reward}"},
}


def _res(res: dict[str, int], lang: str) -> str:
    names = WORD_NAMES[lang]
    if lang == "ko":
        return " ".join(f"{names.get(k, k)} {n}" for k, n in res.items())
    return " ".join(f"{n}{'' if len(names.get(k, k)) <= 2 else ' '}{names.get(k, k)}"
                    for k, n in res.items())


def _parts(data: dict[str, Any], lang: str) -> list[str]:
    def part(key: str, **params: Any) -> str:
        return PARTS[key][lang].format(**params)

    names, buildings = WORD_NAMES[lang], BUILDING_NAMES[lang]
    out = []
    if "steps" in data:
        out.append(part("cult", steps=data["steps"], cult=names[data["cult"]]))
    vp = data.get("vp")
    if isinstance(vp, int):
        out.append(part("vp", vp=vp))
    for what, n in vp.items() if isinstance(vp, dict) else ():
        out.append(part("vp_per", building=buildings[what], vp=n))
    gain = dict(data.get("gain", {}))
    if n := gain.pop("CULTS", 0):
        out.append(part("all_cults", n=n))
    if data.get("keys", 1) > 1:
        out.append(part("keys", n=data["keys"]))
    if n := gain.pop("SHIP", 0):
        out.append(part("gain_ship", n=n))
    if gain:
        out.append(part("gain", res=_res(gain, lang)))
    if data.get("income"):
        out.append(part("income", res=_res(data["income"], lang)))
    if data.get("action"):
        out.append(part(f"action.{data['action']}"))
    if data.get("ship"):
        out.append(part("ship", n=data["ship"]))
    if data.get("town_power"):
        out.append(part("town_power", n=data["town_power"]))
    for what, n in (data.get("pass_vp") or {}).items():
        out.append(part("pass_vp", building=buildings[what], vp=n))
    if data.get("pass_tp"):
        scale = list(enumerate(data["pass_tp"]))[1:]  # (trading houses, VP), from one
        out.append(part("pass_tp", counts="/".join(str(n) for n, _ in scale),
                        vps="/".join(str(vp) for _, vp in scale)))
    if "reward" in data and data["cult"] == "PRIESTS":
        out.append(part("round_end_priests", reward=_res(data["reward"], lang)))
    elif "reward" in data:
        out.append(part("round_end", per=data["per"], cult=names[data["cult"]],
                        reward=_res(data["reward"], lang)))
    return out


def tile_text(tile: str) -> Texts | None:
    """A bonus, favor, town or scoring tile in a few words, both languages."""
    data = next((table[tile] for table in (BONUS, FAVOR, TOWN, SCORING) if tile in table), None)
    if data is None:
        return None
    if data.get("option") == "merchants":  # Merchants of the Seas: its own texts
        from rules.terra_mystica.merchants.tile_texts import tile_text as merchants_text
        return merchants_text(tile)
    return {lang: " · ".join(_parts(data, lang)) for lang in LANGS}


def faction_entry(name: str) -> dict[str, Any]:
    """A faction's names, colour and home terrain, both languages."""
    fd = FACTIONS[name]
    return {"name": {"en": fd.en, "ko": fd.ko}, "color": fd.color,
            "colour_name": {lang: COLOURS[lang][fd.color] for lang in LANGS},
            "home": {"en": TERRAINS_EN[fd.color], "ko": TERRAINS[fd.color]}}


FACTION_CATALOGUE: dict[str, dict[str, Any]] = {name: faction_entry(name) for name in FACTIONS}
ALL_TILES: dict[str, Texts] = {
    tile: text for table in (BONUS, FAVOR, TOWN, SCORING) for tile in table
    if (text := tile_text(tile)) is not None}
