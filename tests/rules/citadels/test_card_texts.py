"""Card effect texts: every character and unique district, both languages, rulebook terms."""

from __future__ import annotations

import re

import pytest

from rules.citadels.card_texts import CHARACTER_TEXT, DISTRICT_TEXT, MAX_LEN, texts_for
from rules.citadels.characters import CHARACTER
from rules.citadels.districts import DISTRICT, TYPE_NAMES, UNIQUE_IDS

ALL = [("character", k, v) for k, v in CHARACTER_TEXT.items()] + [
    ("district", k, v) for k, v in DISTRICT_TEXT.items()
]
HANGUL = re.compile("[\uac00-\ud7a3]")

# English wording -> the Korean rulebook's term (glossary §10) that must translate it.
TERMS: dict[str, str] = {
    "gold": "금화",
    "stash": "개인 금고",
    "crown": "왕관",
    "hand": "손에 든 카드",
    "completed city": "완성된 도시",
    "building limit": "건설 횟수",
    "district type": "건물 종류",
    "destroy": "파괴",
    "property tax": "재산세",
    "beautify": "장식",
    "seize": "점령",
    "exchange": "교환",
    "warrant": "영장",
    "bribe": "뇌물",
    "bewitch": "마법",
    "threaten": "협박",
    "selection phase": "선택 단계",
    "once per turn": "차례마다 한 번",
    "gather": "자원",
    "never": "절대로",
    "must": "반드시",
    "end of game": "게임 종료",
}
# Words players might expect but the Korean rulebook does not use.
NOT_RULEBOOK = ["골드", "코인", "손패", "덱", "턴", "구역", "지역", "빌딩"]


def test_every_character_and_unique_district_has_a_text() -> None:
    assert set(CHARACTER_TEXT) == set(CHARACTER)
    assert len(CHARACTER_TEXT) == 27
    assert set(DISTRICT_TEXT) == set(UNIQUE_IDS)
    assert len(DISTRICT_TEXT) == 30


def test_no_basic_district_or_unknown_id() -> None:
    basic = set(DISTRICT) - set(UNIQUE_IDS)
    assert not basic & set(DISTRICT_TEXT)
    assert not set(CHARACTER_TEXT) & set(DISTRICT_TEXT)
    assert texts_for("manor") is None and texts_for("nobody") is None
    assert texts_for("keep") is DISTRICT_TEXT["keep"]
    assert texts_for("king") is CHARACTER_TEXT["king"]


@pytest.mark.parametrize(("kind", "cid", "text"), ALL, ids=[f"{k}:{c}" for k, c, _ in ALL])
def test_both_languages_short_and_clean(kind: str, cid: str, text: dict[str, str]) -> None:
    assert set(text) == {"en", "ko"}
    for lang, s in text.items():
        assert s == s.strip() and "  " not in s and "\n" not in s
        assert s.endswith((".", ")")), (cid, lang)
        assert 10 <= len(s) <= MAX_LEN[lang], (cid, lang, len(s))
    assert not HANGUL.search(text["en"])
    assert len(HANGUL.findall(text["ko"])) >= len(text["ko"]) // 2


@pytest.mark.parametrize(("kind", "cid", "text"), ALL, ids=[f"{k}:{c}" for k, c, _ in ALL])
def test_korean_uses_the_rulebook_terms(kind: str, cid: str, text: dict[str, str]) -> None:
    en, ko = text["en"].lower(), text["ko"]
    for word, term in TERMS.items():
        if re.search(rf"\b{word}", en):
            assert term in ko, f"{cid}: '{word}' should read '{term}' in Korean"
    for word in NOT_RULEBOOK:
        assert word not in ko, f"{cid}: '{word}' is not the rulebook's word"
    if "rank 8" in en:
        assert "8번 캐릭터" in ko
    names = CHARACTER if kind == "character" else DISTRICT
    if names[cid].en.lower() in en:  # naming itself in English: by its Korean name too
        assert names[cid].ko in ko


@pytest.mark.parametrize("cid", sorted(c for c in CHARACTER if CHARACTER[c].income_type))
def test_income_characters_name_their_district_type(cid: str) -> None:
    kind = CHARACTER[cid].income_type
    assert kind is not None
    assert TYPE_NAMES[kind]["en"] in CHARACTER_TEXT[cid]["en"]
    assert f"{TYPE_NAMES[kind]['ko']} 건물" in CHARACTER_TEXT[cid]["ko"]


def test_build_limits_match_the_character_data() -> None:
    for cid, ch in CHARACTER.items():
        en = CHARACTER_TEXT[cid]["en"]
        if ch.build_limit > 1:
            assert f"up to {ch.build_limit}" in en.lower(), cid
            assert f"{ch.build_limit}채까지" in CHARACTER_TEXT[cid]["ko"], cid
        if ch.build_limit == 0:
            assert "never build" in en, cid


def test_magistrate_text_names_the_signed_warrant_and_a_gold_paid_build() -> None:
    # 치안판사: 영장 토큰 3개 중 하나에만 인장; 금화를 내고 짓는 첫 건물만 몰수 (seed l. 670, 694)
    text = CHARACTER_TEXT["magistrate"]
    assert "인장 찍힌 영장 1개" in text["ko"] and "인장은 1장" not in text["ko"]
    assert "금화를 내고" in text["ko"] and "pays gold" in text["en"]
