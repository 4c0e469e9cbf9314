"""What a Citadels player reads, checked after playing whole games in both languages:
final score items in words, and Korean messages that never hang a particle on a value."""

from __future__ import annotations

import re

import pytest

from bot import citadels_ui
from bot.i18n import lookup, t
from render.citadels.words import score_words

# A particle written both ways after a filled value: "{x}을(를)", "{x}은(는)", "{x}(으)로".
BOTH_WAYS = re.compile(r"\}\s*\"?\s*(을\(를\)|은\(는\)|이\(가\)|와\(과\)|\(으\)로|\(이\)라)")


def test_final_score_items_are_words_not_engine_keys():
    breakdown = {"districts": 23, "five_types": 3, "first_complete": 4, "complete": 0,
                 "dragon_gate": 2, "haunted_quarter_noble": 0}
    ko = citadels_ui.score_breakdown(breakdown, "ko")
    en = citadels_ui.score_breakdown(breakdown, "en")
    assert ko == "건설 비용 23, 5가지 종류 +3, 첫 완성 +4, 드래곤 게이트 +2, 유령 지구 = 귀족"
    assert en == ("district costs 23, all 5 types +3, first complete +4, Dragon Gate +2, "
                  "Haunted Quarter = Noble")
    # the thread's words are the picture's (render/citadels/words.py)
    plain = {k: v for k, v in breakdown.items() if k in citadels_ui.SCORE_ITEMS}
    for lang in ("ko", "en"):
        assert " · ".join(score_words(plain, [], lang)) == citadels_ui.score_breakdown(
            plain, lang).replace(", ", " · ")
    for text in (ko, en):
        assert "_" not in text and "districts" not in text
    assert not re.search(r"[A-Za-z]", ko)
    # a zero item other than the Haunted Quarter's type is left out
    assert citadels_ui.score_breakdown({"districts": 6, "complete": 0}, "ko") == "건설 비용 6"


@pytest.mark.parametrize("key", [
    "option_set", "option_unknown", "option_invalid", "option_not_seated", "illegal_move",
    "unknown_game_type", "discord.lobby.option_command", "err.unreadable",
])
def test_korean_refusals_put_no_particle_after_a_value(key):
    template = lookup(key, "ko")
    assert template is not None and not BOTH_WAYS.search(template), template


def test_unreadable_move_reads_without_particle():
    text = t("err.unreadable", "ko", text="fly to the moon")
    assert text == '입력한 행동을 읽을 수 없습니다: "fly to the moon"'
    assert t("illegal_move", "ko", move="build castle") == "지금은 할 수 없는 행동입니다: build castle"


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_a_turn_menu_prompt_says_how_to_get_back(lang):
    # every turn menu ends with a Back button (rules/citadels/turn.py); the prompt names it,
    # so a player who opened "Build…" by mistake knows the way out
    text = t("decide.menu", lang, character={"en": "Thief", "ko": "도둑"})
    assert t("choice.back", lang) in text
    assert ("도둑 차례" if lang == "ko" else "Thief") in text
