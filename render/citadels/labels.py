"""The words drawn on Citadels pictures, in Korean and English, and seat names."""

from __future__ import annotations

from typing import Any

from render.citadels.view import Lang, Name, Names
from render.common import clean_text

LABELS: dict[str, dict[str, str]] = {
    "title": {"en": "Citadels", "ko": "시타델"},
    "round": {"en": "Round {n}", "ko": "{n}라운드"},
    "phase.draft": {"en": "Selection phase", "ko": "선택 단계"},
    "phase.turns": {"en": "Turn phase", "ko": "행동 단계"},
    "phase.over": {"en": "Game over", "ko": "게임 종료"},
    "deck": {"en": "Deck {n}", "ko": "건물 카드 더미 {n}"},
    "turn": {"en": "{name}'s turn", "ko": "{name}의 차례"},
    "turn.character": {
        "en": "{name}'s turn · {rank} {character}",
        "ko": "{name}의 차례 · {rank}번 {character}",
    },
    "choosing": {"en": "{name} is choosing a character", "ko": "{name}: 캐릭터 선택 중"},
    "choosing.none": {"en": "Characters are being chosen", "ko": "캐릭터 선택 중"},
    "waiting": {"en": "Waiting", "ko": "대기 중"},
    "winner": {"en": "Game over · winner: {names}", "ko": "게임 종료 · 승자: {names}"},
    "seat": {"en": "Seat {n}", "ko": "{n}번 자리"},
    "you": {"en": "You", "ko": "나"},
    "status.discarded_up": {"en": "Discarded", "ko": "앞면 버림"},
    "status.called_absent": {"en": "Absent", "ko": "없음"},
    "status.unknown": {"en": "?", "ko": "?"},
    "completed": {"en": "Complete", "ko": "완성"},
    "first_completed": {"en": "First complete", "ko": "첫 완성"},
    "points": {"en": "{n} pts", "ko": "{n}점"},
    "bonus": {"en": "{n:+d} pts", "ko": "{n:+d}점"},
    "counts_as": {"en": "= {kind}", "ko": "= {kind}"},
    "no_districts": {"en": "No districts yet", "ko": "아직 지은 건물이 없습니다"},
    "final": {"en": "Final scores", "ko": "최종 점수"},
    "place": {"en": "#{n}", "ko": "{n}위"},
    "hand.title": {"en": "{name} · your hand", "ko": "{name} · 손에 든 카드"},
    "hand.section": {"en": "Hand ({n})", "ko": "손에 든 카드 ({n})"},
    "hand.empty": {"en": "Your hand is empty", "ko": "손에 든 카드가 없습니다"},
    "draft.section": {"en": "Choose a character", "ko": "캐릭터를 고르세요"},
    "held.section": {"en": "Your characters", "ko": "내 캐릭터"},
    "drawn.section": {
        "en": "Drawn cards: choose what to keep",
        "ko": "뽑은 카드: 가질 카드를 고르세요",
    },
    "pending.section": {"en": "Set aside during this action", "ko": "이번 행동에 쓰는 카드"},
    "museum.section": {"en": "Under your Museum", "ko": "박물관 아래의 카드"},
    "secret.section": {"en": "Secret", "ko": "비밀 정보"},
    "gold": {"en": "Gold {n}", "ko": "금화 {n}"},
    "unbuildable": {"en": "Cannot be built", "ko": "지을 수 없음"},
}


def label(key: str, lang: Lang, **params: Any) -> str:
    texts = LABELS[key]
    return (texts.get(lang) or texts["en"]).format(**params)


def pick_text(texts: dict[str, str] | Name, lang: Lang) -> str:
    data = texts.model_dump() if isinstance(texts, Name) else texts
    return data.get(lang) or data["en"]


def seat_name(seat: int, lang: Lang, names: Names) -> str:
    """The caller's display name for a seat, else "Seat N" counted from 1."""
    names = names or {}
    given = names.get(seat) or names.get(str(seat))  # str keys: names that went through JSON
    if given:
        return clean_text(given)
    return label("seat", lang, n=seat + 1)
