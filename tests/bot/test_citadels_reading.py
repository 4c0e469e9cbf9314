"""What a Citadels player reads, checked after playing whole games in both languages:
final score items in words, and Korean messages that never hang a particle on a value."""

from __future__ import annotations

import re

import pytest

from bot.games.citadels import ui as citadels_ui
from bot.games.citadels.ui import event_params
from bot.i18n import describe_decision, lookup, t
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
    "table.option_set", "table.option_unknown", "table.option_invalid",
    "table.option_not_seated", "table.illegal_move",
    "table.unknown_game_type", "discord.lobby.option_command", "citadels.err.unreadable",
])
def test_korean_refusals_put_no_particle_after_a_value(key):
    template = lookup(key, "ko")
    assert template is not None and not BOTH_WAYS.search(template), template


def test_unreadable_move_reads_without_particle():
    text = t("citadels.err.unreadable", "ko", text="fly to the moon")
    assert text == '입력한 행동을 읽을 수 없습니다: "fly to the moon"'
    assert t("table.illegal_move", "ko", move="build castle") == (
        "지금은 할 수 없는 행동입니다: build castle")


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_opening_a_group_leaves_the_turn_as_it_was(lang):
    # once a "Build…" menu was a move, with a Back button to leave it; now the group opens
    # for the decider alone and the turn's message keeps every other choice: nothing to undo
    from bot.cogs.texts import decision_view, kind_choices_view
    from tests.bot.test_citadels_texts import texts_for
    from tests.rules.citadels.helpers import ENGINE
    from tests.rules.citadels.test_characters import turn_of

    st = turn_of("thief", gold=9, hand=["temple", "castle"])
    (d,) = ENGINE.decisions(st)
    texts = texts_for(st, lang)
    public = decision_view(texts, d)
    opened = kind_choices_view(texts, d, "build")
    assert opened is not None and ENGINE.decisions(st) == [d]  # no move was made
    def label(item):  # noqa: ANN001, ANN202 - a dynamic item wraps its button
        return getattr(getattr(item, "item", item), "label", None)

    built = {label(c) for c in opened.children}
    assert built == {texts.choice(c, d) for c in d.choices if c.group == "build"}
    labels = {label(c) for c in public.children}
    assert t("citadels.kind.build", lang) + "…" in labels
    assert t("citadels.choice.end", lang) in labels and not labels & built
    assert ("도둑:" if lang == "ko" else "Thief:") in describe_decision(
        d.model_copy(update={"params": event_params(
            d.params, ENGINE.view(st, 0), ["A", "B", "C", "D"])}), lang)


@pytest.mark.parametrize(("group", "en", "ko"), [
    ("build", "Build: choose one.", "건설하기: 하나를 고르세요."),
    ("ability", "Use ability: choose one.", "능력 사용: 하나를 고르세요."),
])
def test_a_group_opened_says_what_it_holds(group, en, ko):
    # the decider's private message for a group names it (as the menu's question did)
    from tests.bot.test_citadels_texts import texts_for
    from tests.rules.citadels.test_characters import turn_of

    st = turn_of("warlord", gold=9, hand=["temple", "castle"])
    for lang, want in (("en", en), ("ko", ko)):
        label = texts_for(st, lang).kind_label(group)
        assert t("discord.kind.header", lang, label=label) == want


def test_korean_texts_use_the_rulebooks_words():
    # the seed says 부자에게서 (the Abbot), 첩자 선언 (the Spy), 건물 카드 더미 (the deck);
    # 헌금 and 첩보 are only notation verbs (NOTATION.md), never a text a player reads
    from bot.games.citadels.texts import MESSAGES as BOT_MESSAGES
    from rules.citadels.messages import MESSAGES

    ko = MESSAGES["ko"]
    groups = [v for k, v in BOT_MESSAGES["ko"].items() if k.startswith("citadels.kind.")]
    assert groups
    for text in [*(v for k, v in ko.items() if k.startswith(("citadels.choice.", "citadels.decide.", "citadels.ev."))),
                 *groups]:
        assert "헌금" not in text and "첩보" not in text, text
    assert "건물 카드 더미" in ko["citadels.decide.gather_no_deck"]
    # a question asks which character, a button says what it does
    assert ko["citadels.decide.sign"].endswith("어느 캐릭터에 놓을까요?")
    assert ko["citadels.choice.sign"].endswith("놓기") and ko["citadels.choice.flower"].endswith("놓기")
