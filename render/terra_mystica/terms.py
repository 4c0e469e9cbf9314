"""Words on the Terra Mystica picture in Korean and English.

Korean follows the Merchants of the Seas book where it and the base book differ (권능, 성소,
땅, 은총 타일, 점수 타일, ...), as the engine's messages do. The view's own tile texts and
faction names come first; the tables here are the fallback for views without them.
Tile texts are short paraphrases of the published effects (ids as on snellman), not card text.
"""

from __future__ import annotations

import os
from typing import Any

from render.terra_mystica.style import font

LANGS = ("ko", "en")

TERMS: dict[str, dict[str, str]] = {
    "ko": {
        "title": "테라 미스티카",
        "round": "라운드",
        "select": "세력 선택",
        "setup": "최초 건물 배치",
        "actions": "행동 단계",
        "leech": "권능 받기",  # the bot's one name for taking power
        "income": "수입 단계",
        "spades": "신앙 보너스 삽",
        "cleanup": "정리",
        "over": "게임 종료",
        "turn": "차례",
        "passed": "패스",
        "waiting": "대기",
        "cult_board": "신앙 트랙",
        "scoring": "점수 타일",
        "bonus": "보너스 타일",
        "bonus_one": "보너스",
        "power_actions": "권능 행동",
        "special": "특수 행동",
        "favor": "은총",
        "favor_tiles": "은총 타일",
        "town": "마을",
        "town_tiles": "마을 타일",
        "VP": "승점",
        "PW": "권능",
        "vp_n": "승점 {n}",
        "pw_n": "권능 {n}",
        "bridge": "다리",
        "bridges": "다리",
        "keys": "열쇠",
        "shipping": "선적값",
        "dig": "삽 교환 비율",
        "dig_n": "삽 교환 비율 {rate}:1",
        "dig_priest_n": "삽: 성직자 1",
        "tunnel_n": "터널 뚫기 일꾼 {n}",
        "carpet_n": "비행 거리 {n}",
        "ability": "능력",
        "seat": "자리",
        "D": "주택",
        "TP": "교역소",
        "TE": "사원",
        "SH": "요새",
        "SA": "성소",
        "D_short": "주택",
        "TP_short": "교역소",
        "TE_short": "사원",
        "SH_short": "요새",
        "SA_short": "성소",
        "SY": "조선소",  # Merchants of the Seas
        "SY_short": "조선소",
        "FIRE": "불",
        "WATER": "물",
        "EARTH": "땅",
        "AIR": "하늘",
        "pending_leech": "{faction}: 권능 {amount} (승점 -{vp})",
        "pending_leech_free": "{faction}: 권능 {amount}",
        "pending_cult": "{faction}: 신앙 +{amount}",
        "pending_spade": "{faction}: 삽 {amount}",
        "pending_ship": "{faction}: 선박 {amount}척 놓기",
        "used": "사용함",
        "winner": "승리",
        "order": "순서",
        "you": "나",
        "ranking": "최종 순위",
        "no_cult_bonus": "마지막 라운드: 신앙 보너스 없음",
        "final_play": "게임 중 얻은 승점",  # as the bot's final scores
        "final_network": "영역 승점",
        "final_cults": "신앙 승점",
        "final_resources": "자원 승점",
        "map_fallback": "(지도 '{map}' 없음: 기본판 지도)",
        "in_supply": "공급처",
        "this_round": "이번 라운드",
        "cults": "신앙",
        "tiles_held": "가진 타일",
        "no_faction": "아직 고른 세력이 없습니다",
        "not_seated": "이 게임에 내 자리가 없습니다",
    },
    "en": {
        "title": "Terra Mystica",
        "round": "Round",
        "select": "Faction choice",
        "setup": "Initial dwellings",
        "actions": "Actions",
        "leech": "Power offers",
        "income": "Income",
        "spades": "Cult spades",
        "cleanup": "Clean-up",
        "over": "Game over",
        "turn": "Turn",
        "passed": "Passed",
        "waiting": "Waiting",
        "cult_board": "Cult tracks",
        "scoring": "Scoring tiles",
        "bonus": "Bonus tiles",
        "bonus_one": "Bonus",
        "power_actions": "Power actions",
        "special": "Special",
        "favor": "Favor",
        "favor_tiles": "Favor tiles",
        "town": "Town",
        "town_tiles": "Town tiles",
        "VP": "VP",
        "PW": "PW",
        "vp_n": "{n} VP",
        "pw_n": "{n} PW",
        "bridge": "Bridge",
        "bridges": "Bridges",
        "keys": "Keys",
        "shipping": "Ship",
        "dig": "Dig",
        "dig_priest_n": "Spade: 1 P",
        "tunnel_n": "Tunnel {n} W",
        "carpet_n": "Carpet reach {n}",
        "ability": "Ability",
        "seat": "seat",
        "D": "Dwelling",
        "TP": "Trading house",
        "TE": "Temple",
        "SH": "Stronghold",
        "SA": "Sanctuary",
        "D_short": "D",
        "TP_short": "TP",
        "TE_short": "TE",
        "SH_short": "SH",
        "SA_short": "SA",
        "SY": "Shipyard",  # Merchants of the Seas
        "SY_short": "SY",
        "FIRE": "Fire",
        "WATER": "Water",
        "EARTH": "Earth",
        "AIR": "Air",
        "pending_leech": "{faction}: {amount} power (-{vp} VP)",
        "pending_leech_free": "{faction}: {amount} power",
        "pending_cult": "{faction}: cult +{amount}",
        "pending_spade": "{faction}: {amount} spade",
        "pending_ship": "{faction}: place {amount} ship",
        "used": "used",
        "winner": "Winner",
        "no_cult_bonus": "last round: no cult bonus",
        "final_play": "in play",
        "final_network": "network",
        "final_cults": "cults",
        "final_resources": "resources",
        "order": "Order",
        "you": "You",
        "ranking": "Final ranking",
        "map_fallback": "(map '{map}' unknown: base map shown)",
        "in_supply": "In supply",
        "this_round": "This round",
        "cults": "Cults",
        "tiles_held": "Tiles held",
        "no_faction": "No faction chosen yet",
        "not_seated": "You have no seat in this game",
    },
}

# Names for views without their own (Merchants of the Seas book names, as the engine's).
FACTION_NAMES: dict[str, tuple[str, str]] = {
    "auren": ("아우렌", "Auren"),
    "witches": ("마녀", "Witches"),
    "alchemists": ("연금술사", "Alchemists"),
    "darklings": ("암흑인", "Darklings"),
    "halflings": ("소인", "Halflings"),
    "cultists": ("광신도", "Cultists"),
    "engineers": ("기술자", "Engineers"),
    "dwarves": ("난쟁이", "Dwarves"),
    "mermaids": ("인어", "Mermaids"),
    "swarmlings": ("군집어인", "Swarmlings"),
    "chaosmagicians": ("혼돈술사", "Chaos Magicians"),
    "giants": ("거인", "Giants"),
    "fakirs": ("고행수도자", "Fakirs"),
    "nomads": ("유목민", "Nomads"),
}

# (ko, en) pairs. Scoring tiles: (action-phase VP, round-end cult bonus).
SCORING: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "SCORE1": (("삽 → 승점 2", "spade → 2 VP"), ("땅 1 → 동전 1", "1 Earth → 1 C")),
    "SCORE2": (("마을 → 승점 5", "town → 5 VP"), ("땅 4 → 삽 1", "4 Earth → 1 spade")),
    "SCORE3": (("주택 → 승점 2", "D → 2 VP"), ("물 4 → 성직자 1", "4 Water → 1 P")),
    "SCORE4": (("요새/성소 → 승점 5", "SH/SA → 5 VP"), ("불 2 → 일꾼 1", "2 Fire → 1 W")),
    "SCORE5": (("주택 → 승점 2", "D → 2 VP"), ("불 4 → 권능 4", "4 Fire → 4 PW")),
    "SCORE6": (("교역소 → 승점 3", "TP → 3 VP"), ("물 4 → 삽 1", "4 Water → 1 spade")),
    "SCORE7": (("요새/성소 → 승점 5", "SH/SA → 5 VP"), ("하늘 2 → 일꾼 1", "2 Air → 1 W")),
    "SCORE8": (("교역소 → 승점 3", "TP → 3 VP"), ("하늘 4 → 삽 1", "4 Air → 1 spade")),
    # option temple_scoring_tile: per own priest on the cult board's spaces
    "SCORE9": (
        ("사원 → 승점 4", "TE → 4 VP"),
        ("신앙 트랙 성직자 1 → 동전 2", "1 P on cults → 2 C"),
    ),
}

# Bonus cards: (income, extra or None).
BONUS: dict[str, tuple[tuple[str, str], tuple[str, str] | None]] = {
    "BON1": (("+2 동전", "+2 C"), ("행동: 삽 1", "action: 1 spade")),
    "BON2": (("+4 동전", "+4 C"), ("행동: 신앙 +1", "action: cult +1")),
    "BON3": (("+6 동전", "+6 C"), None),
    "BON4": (("+3 권능", "+3 PW"), ("선적값 +1", "shipping +1")),
    "BON5": (("+1 일꾼 +3 권능", "+1 W +3 PW"), None),
    "BON6": (("+2 일꾼", "+2 W"), ("패스: 요새/성소 승점 4", "pass: SH/SA 4 VP")),
    "BON7": (("+1 일꾼", "+1 W"), ("패스: 교역소당 승점 2", "pass: 2 VP / TP")),
    "BON8": (("+1 성직자", "+1 P"), None),
    "BON9": (("+2 동전", "+2 C"), ("패스: 주택당 승점 1", "pass: 1 VP / D")),
    "BON10": (("+3 권능", "+3 PW"), ("패스: 선적값당 승점 3", "pass: 3 VP / shipping")),
}

# Favor tiles: (cult, steps, ability or None), after the tile list of the base book (digest
# §11.1, seed 000 L1211-1241). The picture's own words: the supply's grid names every ability.
FAVOR: dict[str, tuple[str, int, tuple[str, str] | None]] = {
    "FAV1": ("FIRE", 3, None),
    "FAV2": ("WATER", 3, None),
    "FAV3": ("EARTH", 3, None),
    "FAV4": ("AIR", 3, None),
    "FAV5": ("FIRE", 2, ("마을 조건 권능값 7 → 6", "town needs power 6, not 7")),
    "FAV6": ("WATER", 2, ("특수 행동: 신앙 +1", "special action: cult +1")),
    "FAV7": ("EARTH", 2, ("수입: 일꾼 1 · 권능 1", "income: +1 W +1 PW")),
    "FAV8": ("AIR", 2, ("수입: 권능 4", "income: +4 PW")),
    "FAV9": ("FIRE", 1, ("수입: 동전 3", "income: +3 C")),
    "FAV10": ("WATER", 1, ("교역소 건설 시 승점 3", "on building TP: 3 VP")),
    "FAV11": ("EARTH", 1, ("주택 건설 시 승점 2", "on building D: 2 VP")),
    # 1/2/3/4 trading houses on the board: 2/3/3/4 VP when passing
    "FAV12": ("AIR", 1, ("패스 시 교역소 1~4채 → 승점 2/3/3/4", "pass: 1-4 TP → 2/3/3/4 VP")),
}

# Town tiles: (VP, one-time reward).
TOWNS: dict[str, tuple[int, tuple[str, str]]] = {
    "TW1": (5, ("동전 6", "6 C")),
    "TW2": (7, ("일꾼 2", "2 W")),
    "TW3": (9, ("성직자 1", "1 P")),
    "TW4": (6, ("권능 8", "8 PW")),
    "TW5": (8, ("모든 신앙 +1", "+1 each cult")),
    # option mini_expansion_1
    "TW6": (2, ("신앙 +2씩 · 열쇠 2", "+2 cults · 2 keys")),
    "TW7": (4, ("선적값 +1", "+1 shipping")),
    "TW8": (11, ("", "")),  # nothing but its VP (and its key)
}

# Board power actions: (power cost, effect).
POWER_ACTIONS: dict[str, tuple[int, tuple[str, str]]] = {
    "ACT1": (3, ("다리", "bridge")),
    "ACT2": (3, ("성직자 1", "1 P")),
    "ACT3": (4, ("일꾼 2", "2 W")),
    "ACT4": (4, ("동전 7", "7 C")),
    "ACT5": (4, ("삽 1", "1 spade")),
    "ACT6": (6, ("삽 2", "2 spades")),
}


# Special actions (snellman ids): what each does, in a few words. Stronghold actions, and
# the bonus and favor tiles' ones (a used bonus action stays marked after its tile is returned).
SPECIAL_ACTIONS: dict[str, tuple[str, str]] = {
    "BON1": ("삽 1개", "1 spade"),
    "BON2": ("신앙 +1", "cult +1"),
    "FAV6": ("신앙 +1", "cult +1"),
    "ACTW": ("마녀의 비행", "Witches' Ride"),
    "ACTA": ("신앙 +2", "cult +2"),
    "ACTS": ("주택 → 교역소", "D → TP"),
    "ACTG": ("삽 2", "2 spades"),
    "ACTN": ("모래 폭풍", "sandstorm"),
    "ACTC": ("행동 두 번", "double turn"),
    "ACTE": ("다리", "bridge"),
}


# Faction panels: a track that does not apply to a faction and what the panel shows instead
# (digest §5-§7: Darklings pay 1 priest per spade and have no exchange track, L289/L318;
# Dwarves and Fakirs have no shipping, L310, and tunnel / fly instead, §7.3).
FACTION_TRACKS: dict[str, dict[str, str]] = {
    "darklings": {"dig": "dig_priest"},
    "dwarves": {"shipping": "tunnel"},
    "fakirs": {"shipping": "carpet"},
}
# Values that change when the stronghold is built (before, after): the Dwarves' tunnel costs
# 2 workers, then 1; the Fakirs' carpet reaches 2 spaces from a building, then 3 (digest §7.3).
# The distance, as the Merchants book counts it, never the spaces skipped (seed 003: "거리가
# 2라면 한 칸을 건너뛰고 두 번째 칸").
STRONGHOLD_VALUES: dict[str, tuple[int, int]] = {"tunnel": (2, 1), "carpet": (2, 3)}
# A faction's standing rule the panel would otherwise not show, as a chip beside its tiles.
FACTION_ABILITIES: dict[str, tuple[str, str]] = {
    "darklings": ("성직자로 받은 삽마다 승점 2", "+2 VP per spade paid in priests"),  # L289
    "dwarves": ("터널 뚫기마다 승점 4", "+4 VP per tunnel"),  # §7.3
    "fakirs": ("양탄자 비행: 성직자 1 · 승점 4", "carpet flight: 1 P, +4 VP"),  # §7.3
    "engineers": ("다리 행동: 일꾼 2 (여러 번)", "bridge action: 2 W (repeatable)"),  # L1385
    "giants": ("지형 변형은 언제나 삽 2개", "any transform: exactly 2 spades"),  # L1410
    "halflings": ("받는 삽마다 승점 1", "+1 VP per spade"),  # §6, errata 6
}


def lang_index(lang: str) -> int:
    return 0 if lang == "ko" else 1


def term(lang: str, key: str) -> str:
    table = TERMS.get(lang, TERMS["en"])
    return table.get(key, TERMS["en"].get(key, key))


def amount(lang: str, key: str, n: object) -> str:
    """A number with its unit in the language's order ("승점 5", "5 VP")."""
    return term(lang, key).format(n=n)


def pick(pair: tuple[str, str] | None, lang: str) -> str:
    return "" if pair is None else pair[lang_index(lang)]


def faction_name(faction: str, info: dict | None, lang: str, catalogue: dict | None = None) -> str:
    """The view's own name (its faction entry, else its catalogue), the table's, else the id."""
    for entry in (info, (catalogue or {}).get(faction)):
        name = entry.get("name") if isinstance(entry, dict) else None
        if isinstance(name, dict) and name.get(lang):
            return str(name[lang])
    if faction in FACTION_NAMES:
        return FACTION_NAMES[faction][lang_index(lang)]
    return faction


def view_tile_parts(view: dict[str, Any], tile: str, lang: str) -> list[str] | None:
    """The engine's short text of a tile split at its " · " joins; None if the view has none."""
    entry = (view.get("tiles") or {}).get(tile)
    words = entry.get(lang) if isinstance(entry, dict) else None
    return words.split(" · ") if isinstance(words, str) and words else None


def merge_parts(parts: list[str]) -> list[str]:
    """Neighbouring parts that differ in one word only, as one part with the two words joined
    by "/" ("패스 시 요새마다 승점 4" + "패스 시 성소마다 승점 4" -> "패스 시 요새/성소마다 승점 4"):
    one line at the larger size instead of two small ones."""
    out: list[str] = []
    for part in parts:
        prev = out[-1].split(" ") if out else []
        words = part.split(" ")
        diff = [i for i, (a, b) in enumerate(zip(prev, words, strict=False)) if a != b]
        if len(prev) == len(words) and len(diff) == 1:
            i = diff[0]
            a, b = prev[i], words[i]
            # a shared ending ("마다") stays once: "요새마다" + "성소마다" -> "요새/성소마다"
            tail = len(os.path.commonprefix([a[::-1], b[::-1]]))
            prev[i] = f"{a[: len(a) - tail]}/{b}" if tail < min(len(a), len(b)) else f"{a}/{b}"
            out[-1] = " ".join(prev)
        else:
            out.append(part)
    return out


def fits(words: str, size: int, width: float, bold: bool = False) -> bool:
    return font(size, bold).getlength(words) <= width


def fit_lines(
    parts: list[str], width: float, size: int, small: int
) -> tuple[list[str], int] | None:
    """`parts` on one line (at `size`, else `small`), else two lines at `small`; None: no fit."""
    for n in (size, small):
        if fits(" · ".join(parts), n, width):
            return [" · ".join(parts)], n
    if len(parts) == 2 and all(fits(p, small, width) for p in parts):
        return parts, small
    return None


def favor_text(tile: str, lang: str) -> str:
    if tile not in FAVOR:
        return tile
    cult, steps, ability = FAVOR[tile]
    text = f"{term(lang, cult)} +{steps}"
    return f"{text} · {pick(ability, lang)}" if ability else text


def town_text(tile: str, lang: str) -> str:
    if tile not in TOWNS:
        return tile
    vp, reward = TOWNS[tile]
    words = pick(reward, lang)
    return f"{amount(lang, 'vp_n', vp)} · {words}" if words else amount(lang, "vp_n", vp)


def bonus_text(tile: str, lang: str) -> tuple[str, str]:
    if tile not in BONUS:
        return tile, ""
    income, extra = BONUS[tile]
    return pick(income, lang), pick(extra, lang)


def pending_items(view: dict[str, Any]) -> list[dict[str, Any]]:
    """What the view says the table waits on besides the turn, of the kinds with a term."""
    return [
        p
        for p in view.get("pending") or []
        if isinstance(p, dict) and f"pending_{p.get('kind')}" in TERMS["en"]
    ]


def pending_label(lang: str, item: dict[str, Any], factions: dict[str, Any]) -> str:
    """One waited-on item in words ("Witches: 2 power (-1 VP)")."""
    who = item.get("faction")
    key = f"pending_{item.get('kind')}"
    if key == "pending_leech" and not item.get("vp_cost"):
        key = "pending_leech_free"  # "(-0 VP)" reads like a mistake
    return term(lang, key).format(
        faction=faction_name(str(who), factions.get(who), lang),
        amount=item.get("actual", item.get("amount", "?")),
        vp=item.get("vp_cost", 0),
    )
