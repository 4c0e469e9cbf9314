"""Texts scoped to their game: a final score's breakdown in the reader's words, and a
button label that never borrows another engine's message."""

from __future__ import annotations

from bot.cogs.texts import score_lines
from bot.i18n import describe_choice, t
from rules.core import Choice, Result, Score


def tm_result() -> Result:
    breakdown = {"play": 98, "fire": 8, "water": 0, "earth": 4, "air": 0, "network": 18,
                 "resources": 3}
    return Result(scores=[Score(seat=0, total=131, breakdown=breakdown, rank=1)])


def test_terra_mystica_final_breakdown_is_in_words_not_engine_keys() -> None:
    for lang in ("ko", "en"):
        lines = score_lines(tm_result(), ["alice"], lang, "terra_mystica")
        detail = lines[-1]
        assert t("terra_mystica.final.network", lang) in detail and "18" in detail
        assert t("terra_mystica.cult.FIRE", lang) in detail
        assert "fire 8" not in detail  # the engine's key, not the track's name
        if lang == "ko":
            assert not any(word in detail for word in ("play", "network", "resources"))


def test_other_games_keep_the_plain_breakdown() -> None:
    result = Result(scores=[Score(seat=0, total=7, breakdown={"districts": 7}, rank=1)])
    assert score_lines(result, ["bob"], "en", "")[-1].strip() == "districts 7"


def test_a_choice_label_comes_from_its_own_game_only() -> None:
    build = Choice(action={"type": "build", "hex": "F4"}, text="build F4")
    # unscoped, no game's label stands in: every game's texts live under its own name
    assert describe_choice(build, "en") == "build F4"
    assert "Build" in describe_choice(Choice(action={"type": "build", "card": "temple"},
                                             text="build temple"), "en", "citadels")
    assert describe_choice(build, "en", "terra_mystica") == "build F4"
    assert describe_choice(build, "ko", "terra_mystica") == "build F4"
    gold = Choice(action={"type": "gold"}, text="gold")
    assert describe_choice(gold, "ko", "citadels") == "금화 2닢 받기"


def test_citadels_final_breakdown_goes_through_its_hook() -> None:
    breakdown = {"districts": 22, "five_types": 3, "first_complete": 4}
    result = Result(scores=[Score(seat=0, total=29, breakdown=breakdown, rank=1)])
    for lang in ("ko", "en"):
        detail = score_lines(result, ["carol"], lang, "citadels")[-1]
        assert not any(key in detail for key in ("districts", "five_types", "first_complete"))
        assert "22" in detail and "4" in detail
    assert "건설 비용 22" in score_lines(result, ["carol"], "ko", "citadels")[-1]
