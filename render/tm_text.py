"""Words on the Terra Mystica picture in Korean and English (Korean: the digest glossary).

Tile texts are short paraphrases of the published effects (ids as on snellman), not card text.
"""

from __future__ import annotations

LANGS = ("ko", "en")

TERMS: dict[str, dict[str, str]] = {
    "ko": {
        "title": "테라 미스티카",
        "round": "라운드",
        "setup": "준비",
        "actions": "액션",
        "leech": "파워 획득 대기",
        "income": "수입",
        "cleanup": "정리",
        "over": "게임 종료",
        "turn": "차례",
        "passed": "패스",
        "waiting": "대기",
        "cult_board": "신앙 보드",
        "scoring": "득점 타일",
        "bonus": "보너스 카드",
        "power_actions": "파워 액션",
        "favor": "총애",
        "town": "마을",
        "VP": "승점",
        "C": "동전",
        "W": "일꾼",
        "P": "성직자",
        "PW": "파워",
        "spade": "삽",
        "bridge": "다리",
        "key": "열쇠",
        "shipping": "선박",
        "dig": "교환",
        "seat": "자리",
        "taken": "사용됨",
        "coins_on": "동전",
        "D": "주택",
        "TP": "교역소",
        "TE": "사원",
        "SH": "요새",
        "SA": "성역",
        "FIRE": "불",
        "WATER": "물",
        "EARTH": "대지",
        "AIR": "하늘",
        "now": "이번",
        "pending_leech": "{faction}: 파워 {amount} (승점 -{vp})",
        "pending_leech_free": "{faction}: 파워 {amount}",
        "used": "사용함",
        "bridges": "다리",
        "special": "특수 액션",
        "pending_cult": "{faction}: 신앙 +{amount}",
        "pending_spade": "{faction}: 삽 {amount}",
        "spades": "신앙 보너스 삽",
        "none": "없음",
        "buildings_left": "남은 건물",
        "cult": "신앙",
        "priests": "제단",
        "unknown": "?",
        "select": "종족 선택",
        "placement": "초기 건물 배치",
        "bonus_one": "보너스",
        "keys": "열쇠",
        "winner": "승리",
        "order": "순서",
        "you": "나",
        "ranking": "최종 순위",
        "map_fallback": "(지도 '{map}' 없음: 기본 지도)",
        "D_short": "주택",
        "TP_short": "교역소",
        "TE_short": "사원",
        "SH_short": "요새",
        "SA_short": "성역",
    },
    "en": {
        "title": "Terra Mystica",
        "round": "Round",
        "setup": "Setup",
        "actions": "Actions",
        "leech": "Power offers",
        "income": "Income",
        "cleanup": "Clean-up",
        "over": "Game over",
        "turn": "Turn",
        "passed": "Passed",
        "waiting": "Waiting",
        "cult_board": "Cult board",
        "scoring": "Scoring",
        "bonus": "Bonus cards",
        "power_actions": "Power actions",
        "favor": "Favor",
        "town": "Town",
        "VP": "VP",
        "C": "C",
        "W": "W",
        "P": "P",
        "PW": "PW",
        "spade": "spade",
        "bridge": "Bridge",
        "key": "key",
        "shipping": "Ship",
        "dig": "Dig",
        "seat": "seat",
        "taken": "taken",
        "coins_on": "coins",
        "D": "Dwelling",
        "TP": "Trading house",
        "TE": "Temple",
        "SH": "Stronghold",
        "SA": "Sanctuary",
        "FIRE": "Fire",
        "WATER": "Water",
        "EARTH": "Earth",
        "AIR": "Air",
        "now": "now",
        "pending_leech": "{faction}: {amount} power (-{vp} VP)",
        "pending_leech_free": "{faction}: {amount} power",
        "used": "used",
        "bridges": "Bridges",
        "special": "Special",
        "pending_cult": "{faction}: cult +{amount}",
        "pending_spade": "{faction}: {amount} spade",
        "spades": "Cult spades",
        "none": "none",
        "buildings_left": "Buildings left",
        "cult": "Cult",
        "priests": "Priests",
        "unknown": "?",
        "select": "Faction choice",
        "placement": "Initial dwellings",
        "bonus_one": "Bonus",
        "keys": "Keys",
        "winner": "Winner",
        "order": "Order",
        "you": "You",
        "ranking": "Final ranking",
        "map_fallback": "(map '{map}' unknown: base map shown)",
        "D_short": "D",
        "TP_short": "TP",
        "TE_short": "TE",
        "SH_short": "SH",
        "SA_short": "SA",
    },
}

FACTION_NAMES: dict[str, tuple[str, str]] = {
    "auren": ("정령", "Auren"),
    "witches": ("마녀", "Witches"),
    "alchemists": ("연금술사", "Alchemists"),
    "darklings": ("마족", "Darklings"),
    "halflings": ("소인족", "Halflings"),
    "cultists": ("광신도", "Cultists"),
    "engineers": ("기술자", "Engineers"),
    "dwarves": ("드워프", "Dwarves"),
    "mermaids": ("인어", "Mermaids"),
    "swarmlings": ("어족", "Swarmlings"),
    "chaosmagicians": ("혼돈 마법사", "Chaos Magicians"),
    "giants": ("거인족", "Giants"),
    "fakirs": ("수도자", "Fakirs"),
    "nomads": ("유목민", "Nomads"),
}

# (ko, en) pairs. Scoring tiles: (action-phase VP, round-end cult bonus).
SCORING: dict[str, tuple[tuple[str, str], tuple[str, str]]] = {
    "SCORE1": (("삽 → 승점 2", "spade → 2 VP"), ("대지 1 → 동전 1", "1 Earth → 1 C")),
    "SCORE2": (("마을 → 승점 5", "town → 5 VP"), ("대지 4 → 삽 1", "4 Earth → 1 spade")),
    "SCORE3": (("주택 → 승점 2", "D → 2 VP"), ("물 4 → 성직자 1", "4 Water → 1 P")),
    "SCORE4": (("요새/성역 → 승점 5", "SH/SA → 5 VP"), ("불 2 → 일꾼 1", "2 Fire → 1 W")),
    "SCORE5": (("주택 → 승점 2", "D → 2 VP"), ("불 4 → 파워 4", "4 Fire → 4 PW")),
    "SCORE6": (("교역소 → 승점 3", "TP → 3 VP"), ("물 4 → 삽 1", "4 Water → 1 spade")),
    "SCORE7": (("요새/성역 → 승점 5", "SH/SA → 5 VP"), ("하늘 2 → 일꾼 1", "2 Air → 1 W")),
    "SCORE8": (("교역소 → 승점 3", "TP → 3 VP"), ("하늘 4 → 삽 1", "4 Air → 1 spade")),
}

# Bonus cards: (income, extra or None).
BONUS: dict[str, tuple[tuple[str, str], tuple[str, str] | None]] = {
    "BON1": (("+2 동전", "+2 C"), ("액션: 삽 1", "action: 1 spade")),
    "BON2": (("+4 동전", "+4 C"), ("액션: 신앙 +1", "action: cult +1")),
    "BON3": (("+6 동전", "+6 C"), None),
    "BON4": (("+3 파워", "+3 PW"), ("선박 +1", "shipping +1")),
    "BON5": (("+1 일꾼 +3 파워", "+1 W +3 PW"), None),
    "BON6": (("+2 일꾼", "+2 W"), ("패스: 요새/성역 승점 4", "pass: SH/SA 4 VP")),
    "BON7": (("+1 일꾼", "+1 W"), ("패스: 교역소당 승점 2", "pass: 2 VP / TP")),
    "BON8": (("+1 성직자", "+1 P"), None),
    "BON9": (("+2 동전", "+2 C"), ("패스: 주택당 승점 1", "pass: 1 VP / D")),
}

# Favor tiles: (cult, steps, ability or None).
FAVOR: dict[str, tuple[str, int, tuple[str, str] | None]] = {
    "FAV1": ("FIRE", 3, None),
    "FAV2": ("WATER", 3, None),
    "FAV3": ("EARTH", 3, None),
    "FAV4": ("AIR", 3, None),
    "FAV5": ("FIRE", 2, ("마을 파워 6", "town at 6 power")),
    "FAV6": ("WATER", 2, ("액션: 신앙 +1", "action: cult +1")),
    "FAV7": ("EARTH", 2, ("수입 +1 일꾼 +1 파워", "income +1 W +1 PW")),
    "FAV8": ("AIR", 2, ("수입 +4 파워", "income +4 PW")),
    "FAV9": ("FIRE", 1, ("수입 +3 동전", "income +3 C")),
    "FAV10": ("WATER", 1, ("교역소 → 승점 3", "TP → 3 VP")),
    "FAV11": ("EARTH", 1, ("주택 → 승점 2", "D → 2 VP")),
    "FAV12": ("AIR", 1, ("패스: 교역소 승점 2/3/3/4", "pass: TP 2/3/3/4 VP")),
}

# Town tiles: (VP, one-time reward).
TOWNS: dict[str, tuple[int, tuple[str, str]]] = {
    "TW1": (5, ("동전 6", "6 C")),
    "TW2": (7, ("일꾼 2", "2 W")),
    "TW3": (9, ("성직자 1", "1 P")),
    "TW4": (6, ("파워 8", "8 PW")),
    "TW5": (8, ("모든 신앙 +1", "+1 each cult")),
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


# Stronghold special actions (snellman ids): what each does, in a few words.
SPECIAL_ACTIONS: dict[str, tuple[str, str]] = {
    "ACTW": ("마녀의 비행", "Witches' Ride"),
    "ACTA": ("신앙 +2", "cult +2"),
    "ACTS": ("주택 → 교역소", "D → TP"),
    "ACTG": ("삽 2", "2 spades"),
    "ACTN": ("모래 폭풍", "sandstorm"),
    "ACTC": ("액션 두 번", "double turn"),
    "ACTE": ("다리", "bridge"),
}


def lang_index(lang: str) -> int:
    return 0 if lang == "ko" else 1


def term(lang: str, key: str) -> str:
    table = TERMS.get(lang, TERMS["en"])
    return table.get(key, TERMS["en"].get(key, key))


def pick(pair: tuple[str, str] | None, lang: str) -> str:
    return "" if pair is None else pair[lang_index(lang)]


def faction_name(faction: str, info: dict | None, lang: str) -> str:
    """The view's own name if it has one, else the glossary's, else the raw id."""
    name = (info or {}).get("name")
    if isinstance(name, dict) and name.get(lang):
        return str(name[lang])
    if faction in FACTION_NAMES:
        return FACTION_NAMES[faction][lang_index(lang)]
    return faction


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
    return f"{term(lang, 'VP')} {vp} · {pick(reward, lang)}"


def bonus_text(tile: str, lang: str) -> tuple[str, str]:
    if tile not in BONUS:
        return tile, ""
    income, extra = BONUS[tile]
    return pick(income, lang), pick(extra, lang)
