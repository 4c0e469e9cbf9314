"""Citadels wording a player reads on Discord: labels and prompts that say the true amounts
(Gold Mine, the Abbot's split income, Observatory, Library), and actions stored before
those labels existed still apply."""

from __future__ import annotations

from typing import Any

from bot.games.citadels.ui import choice_label
from bot.i18n import describe_decision, describe_event
from rules.citadels import Citadels
from rules.core import Choice
from tests.rules.citadels.helpers import act, force_turn, situation

ENGINE = Citadels()
NAMES = ["지영", "민수", "서연", "도윤"]


def gather_state(city: list[str]) -> dict[str, Any]:
    return force_turn(situation(4, "first_game", seed=3), 0, "king", gold=0, city=city,
                      stage="gather")


def labels(st: dict[str, Any], lang: str) -> list[str]:
    (d,) = ENGINE.decisions(st)
    return [choice_label(c, NAMES, lang) or c.text for c in d.choices]


def test_the_gold_mine_gather_label_and_prompt_say_three() -> None:
    # 금광: 자원을 얻을 때 금화를 받으면 1닢을 더 받습니다 (rulebook, unique districts)
    st = gather_state(["gold_mine"])
    assert labels(st, "ko")[0] == "금화 3닢 받기"
    assert labels(st, "en")[0] == "Take 3 gold"
    (d,) = ENGINE.decisions(st)
    assert "금화 3닢" in describe_decision(d, "ko")
    assert "Take 3 gold" in describe_decision(d, "en")
    plain = gather_state([])
    assert labels(plain, "ko")[0] == "금화 2닢 받기"


def test_a_stored_bare_gather_still_applies_with_the_gold_mine() -> None:
    st = gather_state(["gold_mine"])
    new, events = act(st, 0, {"type": "gold"})  # as logged before the amount was listed
    assert new["seats"][0]["gold"] == 3
    assert [e.params["amount"] for e in events if e.key == "citadels.ev.gather_gold"] == [3]
    again, _ = act(st, 0, "금화")  # typed notation names the same choice
    assert again["seats"][0]["gold"] == 3


def test_observatory_and_library_prompts_say_what_the_draw_gives() -> None:
    # 천문대: 카드 3장을 뽑아 1장 / 도서관: 뽑은 카드를 모두 가짐
    (d,) = ENGINE.decisions(gather_state(["observatory"]))
    assert "건물 카드 3장을 뽑아 1장을" in describe_decision(d, "ko")
    assert "draw 3 cards and keep 1" in describe_decision(d, "en")
    assert labels(gather_state(["observatory"]), "ko")[1] == "카드 3장 뽑아 1장 갖기"
    assert labels(gather_state(["observatory"]), "en")[1] == "Draw 3 cards, keep 1"
    (d,) = ENGINE.decisions(gather_state(["library"]))
    assert "건물 카드 2장을 뽑아 2장을" in describe_decision(d, "ko")
    assert labels(gather_state(["library"]), "ko")[1] == "카드 2장 뽑아 2장 갖기"
    drew, _ = act(gather_state(["observatory"]), 0, {"type": "cards"})  # a bare stored draw
    assert len(drew["seats"][0]["secret"]["drawn"]) == 3


def abbot_incomes(st: dict[str, Any]) -> list[Choice]:
    (d,) = ENGINE.decisions(st)  # every income split in the turn's one decision
    return [c for c in d.choices if c.action["type"] == "income"]


def test_abbot_income_labels_say_exactly_what_each_gives() -> None:
    # 수도원장: 종교 건물마다 금화 또는 카드를 원하는 조합으로 받습니다
    st = force_turn(situation(4, "B", seed=3), 0, "abbot",
                    city=["temple", "church", "monastery"])
    choices = abbot_incomes(st)
    assert [choice_label(c, NAMES, "ko") for c in choices] == [
        "건물 수입: 카드 3장", "건물 수입: 금화 1닢 + 카드 2장",
        "건물 수입: 금화 2닢 + 카드 1장", "건물 수입: 금화 3닢"]
    assert [choice_label(c, NAMES, "en") for c in choices] == [
        "Income: 3 cards", "Income: 1 gold + 2 cards", "Income: 2 gold + 1 card",
        "Income: 3 gold"]


def test_abbot_income_event_names_the_cards_and_a_bare_stored_income_applies() -> None:
    st = force_turn(situation(4, "B", seed=3), 0, "abbot", gold=0,
                    city=["temple", "church", "monastery"])
    hand = st["seats"][0]["hand_count"]
    new, events = act(st, 0, {"type": "income", "gold": 2})  # logged without "cards"
    assert new["seats"][0]["gold"] == 2 and new["seats"][0]["hand_count"] == hand + 1
    line = next(e for e in events if e.key == "citadels.ev.income_mix")
    assert "금화 2닢과 카드 1장" in describe_event(line, "ko")
    assert "2 gold and 1 card." in describe_event(line, "en")


def test_final_scores_read_in_one_order_after_storage() -> None:
    """A stored result's breakdown comes back with its keys sorted ("complete" before
    "districts"): every seat's line still reads costs first, the Haunted Quarter last."""
    from bot.games.citadels.ui import score_breakdown
    from render.citadels.words import score_words

    stored = {"complete": 2, "districts": 13, "dragon_gate": 2, "five_types": 3,
              "haunted_quarter_unique": 0, "secret_vault": 3}
    assert score_breakdown(stored, "ko") == (
        "건설 비용 13, 5가지 종류 +3, 도시 완성 +2, 드래곤 게이트 +2, 비밀 금고 +3, "
        "유령 지구 = 특수")
    assert score_words(stored, [], "en")[:3] == [
        "district costs 13", "all 5 types +3", "complete city +2"]


def test_a_log_stored_without_the_shown_only_fields_replays_to_the_same_game() -> None:
    """Logs written before gathers and the Abbot's income listed their amounts still rebuild
    the game byte for byte (rules.citadels.abilities.SHOWN_ONLY)."""
    from rules.citadels.abilities import SHOWN_ONLY
    from rules.core import dump_state, random_playout, replay

    options = {"cast": "B"}  # the Abbot and the Gold Mine are in set B
    final, log = random_playout(ENGINE, options, 5, 41)
    old = [(s, {k: v for k, v in a.items() if k not in SHOWN_ONLY.get(a["type"], ())})
           for s, a in log]
    assert old != log  # the log did list amounts, and the old form dropped them
    assert dump_state(replay(ENGINE, options, 5, 41, old)) == dump_state(final)


def test_an_abbot_taking_all_cards_is_not_told_zero_gold() -> None:
    st = force_turn(situation(4, "B", seed=3), 0, "abbot", gold=0,
                    city=["temple", "church", "monastery"])
    _, events = act(st, 0, {"type": "income", "gold": 0, "cards": 3})
    line = next(e for e in events if e.key.startswith("citadels.ev.income"))
    assert line.key == "citadels.ev.income_cards"
    assert "금화 0" not in describe_event(line, "ko") and "카드로" in describe_event(line, "ko")


def test_not_revealing_a_warrant_says_so_and_a_bare_stored_pass_applies() -> None:
    # 치안판사: 영장 토큰을 뒤집어 공개할 수 있습니다 (seed l. 678): reveal or keep it hidden
    from tests.rules.citadels.test_characters import _magistrate_round

    st = _magistrate_round("bishop")
    (d,) = ENGINE.decisions(st)
    assert d.kind == "citadels.decide.confiscate"
    assert [choice_label(c, NAMES, "ko") for c in d.choices] == ["공개", "공개하지 않기"]
    assert [choice_label(c, NAMES, "en") for c in d.choices] == ["Reveal", "Do not reveal"]
    assert d.timeout.action == d.choices[1].action
    _, events = act(st, 0, {"type": "pass"})  # logged before the pass said "hide"
    assert "citadels.ev.warrant_kept" in [e.key for e in events]


def _event_text(events: list, key: str, lang: str) -> str:
    from bot.games.citadels.ui import event_params

    line = next(e for e in events if e.key == key)
    return describe_event(line.model_copy(update={"params": event_params(
        line.params, {}, NAMES)}), lang)


def test_robbing_or_a_flower_on_a_player_without_gold_says_there_is_none() -> None:
    # 도둑: 호명되면 금화를 모두 훔칩니다 / 협박범: 꽃 자수면 금화를 모두 — with none, no "0닢"
    from tests.rules.citadels.helpers import give_char, set_seat
    from tests.rules.citadels.test_characters import turn_of

    st = turn_of("thief", gold=1)
    give_char(st, 2, "king")
    set_seat(st, 2, gold=0)
    st, _ = act(st, 0, "rob king")
    _, events = act(st, 0, "end")
    text = _event_text(events, "citadels.ev.robbed_none", "ko")
    assert "0닢" not in text and "금화가 없습니다" in text and "서연" in text

    st = turn_of("blackmailer", gold=0)
    give_char(st, 1, "merchant")
    set_seat(st, 1, gold=0)
    for line in ("threaten king", "threaten merchant", "flower merchant", "end"):
        st, _ = act(st, 0, line)
    st, _ = act(st, 1, "draw")  # gathers cards: still no gold
    st, _ = act(st, 1, {"type": "keep", "card": st["seats"][1]["secret"]["drawn"][0]})
    st, _ = act(st, 1, "refuse")
    _, events = act(st, 0, "reveal")
    text = _event_text(events, "citadels.ev.threat_flower_none", "ko")
    assert "0닢" not in text and "금화가 없습니다" in text
    assert "has no gold" in _event_text(events, "citadels.ev.threat_flower_none", "en")


def test_the_seers_victims_are_listed_without_a_title_on_the_last_name_only() -> None:
    from bot.i18n import t

    text = t("citadels.ev.seer", "ko", s="지영", victims=["민수", "Bob"])
    assert text.endswith("민수, Bob.") and "Bob 님" not in text
