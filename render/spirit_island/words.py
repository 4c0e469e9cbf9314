"""The words on the Spirit Island pictures, in English and Korean (the seed's glossary, digest
12.2; the engine's view.py uses the same terms)."""

from __future__ import annotations

import json
from functools import lru_cache
from pathlib import Path
from typing import Any

WORDS: dict[str, tuple[str, str]] = {
    "title": ("Spirit Island", "정령섬"),
    "turn": ("Turn {n}", "{n}번째 차례"),
    "terror": ("Terror Level {n}", "위협 수준 {n}"),
    "fear": ("Fear {pool} left, {earned} earned", "공포 {pool} 남음, {earned} 획득"),
    "fear_cards": ("fear cards {n}", "공포 카드 {n}"),
    "fear_label": ("Fear · {n} cards", "공포 · 획득 카드 {n}"),
    "blight": ("Blight left {n}", "남은 오염 {n}"),
    "blight_card": ("Blight card", "오염 카드"),
    "healthy": ("still healthy", "아직 건강한 섬"),
    "blighted": ("blighted", "오염된 섬"),
    "explore": ("Explore", "탐험"),
    "build": ("Build", "건설"),
    "ravage": ("Ravage", "정복"),
    "deck": ("deck {n}", "덱 {n}"),
    "adversary": ("Adversary", "적대 세력"),
    "no_adversary": ("no adversary", "적대 세력 없음"),
    "level": ("level {n}", "{n}단계"),
    "energy": ("Energy {n}", "에너지 {n}"),
    "per_turn": ("+{n}/turn", "차례당 +{n}"),
    "plays": ("Card plays {n}", "카드 사용 {n}"),
    "hand": ("Hand", "손패"),
    "played": ("Played", "사용한 카드"),
    "discard": ("Discard", "버린 카드"),
    "innates": ("Innate powers", "고유 능력"),
    "elements": ("Elements", "원소"),
    "tracks": ("Presence tracks", "존재 트랙"),
    "next": ("next: {what}", "다음: {what}"),
    "none": ("-", "-"),
    "fear_deck": ("Fear deck", "공포 카드 덱"),
    "event_deck": ("Events", "이벤트"),
    "invader_discard": ("Invader discard", "버린 침략자 카드"),
    "cards_left": ("{n} left", "{n}장 남음"),
    "fast": ("Fast", "빠름"),
    "slow": ("Slow", "느림"),
    "ready": ("ready", "준비됨"),
    "waiting": ("deciding", "결정 중"),
    "reclaim": ("reclaim 1", "카드 1장 회수"),
    "any": ("any", "아무 원소"),
    "won": ("won", "승리"),
    "lost": ("lost", "패배"),
    "phase.setup": ("Setup", "게임 준비"),
    "phase.spirit": ("Spirit Phase", "정령 단계"),
    "phase.fast": ("Fast Power Phase", "빠른 능력 단계"),
    "phase.invader": ("Invader Phase", "침략자 단계"),
    "phase.slow": ("Slow Power Phase", "느린 능력 단계"),
    "phase.time": ("Time Passes", "시간 흐름"),
    "phase.over": ("Game over", "게임 종료"),
    "sunk": ("Board {b}: sunk", "섬 보드 {b}: 가라앉음"),
}
TERRAINS = {"jungle": ("Jungle", "정글"), "mountain": ("Mountain", "산악"),
            "sands": ("Sands", "사막"), "wetland": ("Wetland", "습지"),
            "coastal": ("Coastal", "해안"), "ocean": ("Ocean", "바다")}
ELEMENTS = {"sun": ("Sun", "태양"), "moon": ("Moon", "달"), "fire": ("Fire", "불"),
            "air": ("Air", "공기"), "water": ("Water", "물"), "earth": ("Earth", "대지"),
            "plant": ("Plant", "식물"), "animal": ("Animal", "동물"), "any": ("any", "아무")}
STAGES = ("I", "II", "III")


def say(key: str, lang: str, **params: Any) -> str:
    en, ko = WORDS[key]
    return (ko if lang == "ko" else en).format(**params)


def pick(pair: tuple[str, str], lang: str) -> str:
    return pair[1] if lang == "ko" else pair[0]


@lru_cache(maxsize=1)
def catalogue() -> dict[str, Any]:
    """Cards, innates, spirits' tracks and Korean names (a copy of the engine's tables)."""
    path = Path(__file__).parent / "data" / "catalogue.json"
    return json.loads(path.read_text(encoding="utf-8"))


def name(text: str | None, lang: str) -> str:
    """A spirit's, adversary's or card's name: its Korean name where the data has one."""
    if not text:
        return "-"
    if lang == "ko":
        return catalogue()["ko"].get(text) or catalogue()["ko"].get(text.capitalize()) or text
    return text


def invader_card(card: str, lang: str) -> str:
    """"2:coastal" -> "II Coastal" / "II 해안"; "2:jungle+sands" joins both."""
    stage, _, lands = card.partition(":")
    parts = [pick(TERRAINS.get(p, (p, p)), lang) for p in lands.split("+")]
    roman = STAGES[int(stage) - 1] if stage.isdigit() and 0 < int(stage) <= 3 else stage
    return f"{roman} " + "+".join(parts)


def terrains_of(card: str) -> list[str]:
    return card.partition(":")[2].split("+")
