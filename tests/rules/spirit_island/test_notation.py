"""Notation in English and Korean: every open choice reads back to itself."""

import pytest

from rules.core import RuleError
from rules.spirit_island import SpiritIsland
from rules.spirit_island import notation as nt

ENGINE = SpiritIsland()


@pytest.mark.parametrize(("action", "en", "ko"), [
    ({"type": "push", "option": ["explorer", "A5"]}, "push explorer A5", "밀어내기 탐험가 A5"),
    ({"type": "choose", "option": 1}, "choose 2", "선택 2"),
    ({"type": "play", "option": "done"}, "play done", "내려놓기 완료"),
    ({"type": "presence_source", "option": "card_plays"}, "take plays",
     "가져오기 카드 사용 장수"),
    ({"type": "resolve", "option": "Boon of Vigor"}, "use Boon of Vigor", "사용 Boon of Vigor"),
    ({"type": "cascade", "option": "B3"}, "cascade B3", "오염 확산 B3"),
    ({"type": "element", "option": "water"}, "element water", "원소 물"),
    ({"type": "skip", "option": True}, "skip yes", "생략 예"),
])
def test_texts_in_both_languages(action, en, ko):
    assert nt.format_action(action) == en
    assert nt.format_action(action, "ko") == ko
    assert nt.parse(en.upper(), [action]) == action
    assert nt.parse(f"  {ko} ", [action]) == action


def test_a_text_matching_no_open_choice_is_unreadable():
    with pytest.raises(RuleError) as refusal:
        nt.parse("push explorer A9", [{"type": "push", "option": ["explorer", "A5"]}])
    assert refusal.value.key == "spirit_island.err.unreadable"


def test_every_choice_of_a_game_reads_back_in_both_languages():
    state = ENGINE.setup({}, 2, seed=11)
    for _ in range(120):
        if ENGINE.result(state):
            break
        decisions = ENGINE.decisions(state)
        for decision in decisions:
            texts = [c.text for c in decision.choices]
            assert len(set(texts)) == len(texts), texts
            for choice in decision.choices:
                for lang in ("en", "ko"):
                    text = ENGINE.format(state, choice.action, lang)
                    assert ENGINE.parse(state, decision.seat, text) == choice.action
        decision = decisions[-1]
        state, _ = ENGINE.apply(state, decision.seat, decision.choices[-1].action)


def test_every_question_kind_in_the_rules_has_words_in_both_languages():
    """Every Ask kind any rule module asks (found in the sources) reads as a word of its
    own in English and Korean, not as its bare key."""
    import re
    from pathlib import Path

    sources = Path(nt.__file__).parent.glob("*.py")
    pattern = re.compile(r'(?:ask_or_take|Ask)\([^,()]+(?:\([^()]*\))?, "([a-z_]+)"')
    kinds = {k for path in sources for k in pattern.findall(path.read_text(encoding="utf-8"))}
    assert {"great_warding", "destroy_presence", "choose_board", "gather_from", "push"} <= kinds
    for kind in sorted(kinds):
        assert nt.kind_word(kind, "ko") != kind, kind
        assert nt.kind_word(kind, "en"), kind
