"""District cards: the 54 basic districts (with copies) and the 30 unique districts."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict

from rules.citadels.characters import DistrictType

TYPES: tuple[DistrictType, ...] = ("noble", "religious", "trade", "military", "unique")
TYPE_NAMES: dict[str, dict[str, str]] = {
    "noble": {"en": "noble", "ko": "귀족"},
    "religious": {"en": "religious", "ko": "종교"},
    "trade": {"en": "trade", "ko": "상업"},
    "military": {"en": "military", "ko": "군사"},
    "unique": {"en": "unique", "ko": "특수"},
}


class District(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    en: str
    ko: str
    type: DistrictType
    cost: int
    copies: int = 1
    buildable: bool = True
    aliases: tuple[str, ...] = ()  # extra spellings accepted by the notation


def _d(id: str, en: str, ko: str, type: DistrictType, cost: int, copies: int = 1,
       **kw: object) -> District:
    return District(id=id, en=en, ko=ko, type=type, cost=cost, copies=copies, **kw)


BASIC: list[District] = [
    _d("manor", "Manor", "저택", "noble", 3, 5),
    _d("castle", "Castle", "성", "noble", 4, 4),
    _d("palace", "Palace", "궁전", "noble", 5, 3),
    _d("temple", "Temple", "사원", "religious", 1, 3, aliases=("신전",)),
    _d("church", "Church", "예배당", "religious", 2, 3, aliases=("교회",)),
    _d("monastery", "Monastery", "수도원", "religious", 3, 3),
    _d("cathedral", "Cathedral", "대성당", "religious", 5, 2),
    _d("watchtower", "Watchtower", "망루", "military", 1, 3),
    _d("prison", "Prison", "감옥", "military", 2, 3),
    _d("barracks", "Barracks", "병영", "military", 3, 3),
    _d("fortress", "Fortress", "요새", "military", 5, 2),
    _d("tavern", "Tavern", "술집", "trade", 1, 5),
    _d("market", "Market", "시장", "trade", 2, 4),
    _d("trading_post", "Trading Post", "교역소", "trade", 2, 3),
    _d("docks", "Docks", "부두", "trade", 3, 3),
    _d("harbor", "Harbor", "항구", "trade", 4, 3),
    _d("town_hall", "Town Hall", "시청", "trade", 5, 2),
]

UNIQUE: list[District] = [
    _d("armory", "Armory", "병기고", "unique", 3),
    _d("basilica", "Basilica", "바실리카", "unique", 4),
    _d("capitol", "Capitol", "의사당", "unique", 5),
    _d("dragon_gate", "Dragon Gate", "드래곤 게이트", "unique", 6),
    _d("factory", "Factory", "공장", "unique", 5),
    _d("framework", "Framework", "골조", "unique", 3),
    _d("gold_mine", "Gold Mine", "금광", "unique", 6),
    _d("great_wall", "Great Wall", "장성", "unique", 6),
    _d("haunted_quarter", "Haunted Quarter", "유령 지구", "unique", 2),
    _d("imperial_treasury", "Imperial Treasury", "제국 보고", "unique", 5),
    _d("ivory_tower", "Ivory Tower", "상아탑", "unique", 5),
    _d("keep", "Keep", "외성", "unique", 3),
    _d("laboratory", "Laboratory", "실험실", "unique", 5),
    _d("library", "Library", "도서관", "unique", 6),
    _d("map_room", "Map Room", "지도 보관실", "unique", 5),
    _d("monument", "Monument", "기념물", "unique", 4),
    _d("museum", "Museum", "박물관", "unique", 4),
    _d("necropolis", "Necropolis", "공동묘지", "unique", 5),
    _d("observatory", "Observatory", "천문대", "unique", 4),
    _d("park", "Park", "공원", "unique", 6),
    _d("poor_house", "Poor House", "구빈원", "unique", 4),
    _d("quarry", "Quarry", "채석장", "unique", 5),
    _d("school_of_magic", "School of Magic", "마법학교", "unique", 6),
    _d("secret_vault", "Secret Vault", "비밀 금고", "unique", 0, buildable=False),
    _d("smithy", "Smithy", "대장간", "unique", 5),
    _d("stables", "Stables", "마구간", "unique", 2),
    _d("statue", "Statue", "동상", "unique", 3),
    _d("theater", "Theater", "극장", "unique", 6),
    _d("thieves_den", "Thieves' Den", "도적 소굴", "unique", 6),
    _d("wishing_well", "Wishing Well", "소원의 우물", "unique", 5),
]

DISTRICT: dict[str, District] = {d.id: d for d in BASIC + UNIQUE}
UNIQUE_IDS: list[str] = [d.id for d in UNIQUE]


def basic_deck() -> list[str]:
    """The 54 basic district cards as ids, one entry per physical card."""
    return [d.id for d in BASIC for _ in range(d.copies)]


def card_json(card_id: str, beautified: bool = False, gold_on: int = 0) -> dict[str, object]:
    """A district as the view shows it (names in both languages, cost with beautification)."""
    d = DISTRICT[card_id]
    return {"id": d.id, "name": {"en": d.en, "ko": d.ko}, "type": d.type,
            "cost": d.cost + (1 if beautified else 0), "beautified": beautified,
            "gold_on": gold_on}
