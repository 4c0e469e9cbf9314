"""Citadels text from the engine's view: names for seat/character/district params, status."""

from __future__ import annotations

from bot.games.citadels.ui import event_params, status_lines
from bot.i18n import fill

VIEW = {
    "round": 3,
    "phase": "turns",
    "crown": 1,
    "deck_count": 41,
    "current": {"seat": 0, "character": "thief"},
    "characters": [
        {"id": "assassin", "rank": 1, "name": {"en": "Assassin", "ko": "암살자"}},
        {"id": "thief", "rank": 2, "name": {"en": "Thief", "ko": "도둑"}},
    ],
    "seats": [
        {"seat": 0, "gold": 4, "hand_count": 2, "score_public": 7, "completed": False,
         "city": [{"id": "temple", "name": {"en": "Temple", "ko": "신전"}}]},
        {"seat": 1, "gold": 0, "hand_count": 5, "score_public": 12, "completed": True,
         "city": []},
    ],
    "me": {"hand": [{"id": "castle", "name": {"en": "Castle", "ko": "성"}}], "drawn": None},
}
NAMES = ["alice", "bob"]


def test_seat_character_and_card_params_become_names() -> None:
    params = event_params(
        {"s": 0, "target": 1, "character": "thief", "card": "castle", "mine": "temple",
         "victims": [1, 0], "gold": 2, "cards": 3},
        VIEW, NAMES,
    )
    assert params["s"] == "alice" and params["target"] == "bob"
    assert params["victims"] == ["bob", "alice"]
    assert params["character"] == {"en": "Thief", "ko": "도둑"}
    assert params["card"] == {"en": "Castle", "ko": "성"}
    assert params["mine"] == {"en": "Temple", "ko": "신전"}
    assert params["gold"] == 2 and params["cards"] == 3  # counts stay numbers
    text = fill("{s}이(가) {target}의 {character}을(를) 노립니다: {victims}", "ko", params)
    assert text == "alice이(가) bob의 도둑을(를) 노립니다: bob, alice"


def test_unknown_ids_and_out_of_range_seats_stay_as_given() -> None:
    params = event_params({"s": 7, "character": "queen", "cards": ["nowhere"]}, VIEW, NAMES)
    assert params == {"s": 7, "character": "queen", "cards": ["nowhere"]}


def test_status_lines_in_both_languages() -> None:
    en = status_lines(VIEW, "en", NAMES)
    assert en[0] == "Round 3 — turns. Crown: bob. District deck: 41 cards."
    assert en[1] == "Now called: Thief (alice)."
    assert en[2].startswith("alice: 4 gold, 2 cards in hand, 1 district, 7 points")
    assert en[3].endswith("city completed")
    ko = status_lines(VIEW, "ko", NAMES)
    assert ko[0].startswith("3라운드 — 행동 단계. 왕관: bob")
    assert "도둑" in ko[1] and "금화 4닢" in ko[2]


def _view_now(current: dict[str, object]) -> dict[str, object]:
    return {**VIEW, "phase": "draft", "current": current}


def test_status_names_the_picker_during_the_draft_not_a_character() -> None:
    view = _view_now({"seat": 1, "character": None, "stage": "draft"})
    names = ["지영", "Jiyoung"]
    assert status_lines(view, "ko", names)[1] == "Jiyoung 님이 캐릭터를 고르는 중."
    assert status_lines(view, "en", names)[1] == "Jiyoung is choosing a character."
    for lang in ("en", "ko"):
        assert "None" not in status_lines(view, lang, names)[1]


def test_status_for_the_theater_and_the_emperors_advisor() -> None:
    theater = _view_now({"seat": 0, "character": None, "stage": "theater"})
    assert status_lines(theater, "en", NAMES)[1] == (
        "alice may use the Theater to swap characters.")
    assert status_lines(theater, "ko", NAMES)[1] == (
        "alice 님이 극장으로 캐릭터를 교환할지 정하는 중.")
    # the advisor's view names the killed Emperor: still a line about the advisor, not a call
    advisor = {**VIEW, "current": {"seat": 1, "character": "emperor", "stage": "advisor"}}
    assert status_lines(advisor, "en", NAMES)[1] == (
        "bob, the Emperor's advisor, gives the crown to another player.")
    assert status_lines(advisor, "ko", NAMES)[1] == (
        "황제의 대리인 bob 님이 왕관을 줄 플레이어를 고르는 중.")


def test_status_of_a_real_draft_view() -> None:
    from rules.citadels import Citadels

    engine = Citadels()
    state = engine.setup({}, 4, 5)
    view = engine.view(state, None)
    picker = engine.decisions(state)[0].seat
    names = ["a", "b", "c", "d"]
    assert status_lines(view, "en", names)[1] == f"{names[picker]} is choosing a character."
