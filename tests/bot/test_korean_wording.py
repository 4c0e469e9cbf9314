"""Korean a Korean player would write (issue 10, point 4), for the platform and Citadels:
no "당신", "아니오" or "무료" anywhere in their Korean texts, and each reworded prompt says
what it means (cards still to pay, not cards left in hand; a turn ended, not a game quit;
one name for an action on its button and in the notation)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from bot import games
from bot.cogs.lobby import value_label
from bot.games.citadels.ui import choice_key
from bot.i18n import own_catalogues, t
from bot.locales import platform_catalogues
from bot.locales.discord import COMMANDS
from bot.table_options import _coerce, option_specs
from render.citadels.labels import LABELS
from rules.citadels import Citadels
from rules.citadels.card_texts import CHARACTER_TEXT, DISTRICT_TEXT
from tests.rules.citadels.helpers import situation

ENGINE = Citadels()
UNNATURAL = ("당신", "아니오", "무료", "나의 ")


def _strings(value: Any) -> Iterator[str]:
    if isinstance(value, str):
        yield value
    elif isinstance(value, dict):
        for v in value.values():
            yield from _strings(v)
    elif isinstance(value, list | tuple):
        for v in value:
            yield from _strings(v)
    elif hasattr(value, "__dict__"):
        yield from _strings(vars(value))


def korean_texts() -> dict[str, str]:
    """Every Korean text of the platform and of Citadels, by where it lives."""
    out: dict[str, str] = {}
    commands = [COMMANDS, games.ui("citadels").commands or {}]
    for catalogue in [*platform_catalogues(), *commands, *own_catalogues("citadels")]:
        out |= dict(catalogue.get("ko", {}))
    for i, text in enumerate(_strings([CHARACTER_TEXT, DISTRICT_TEXT, LABELS])):
        out[f"card_or_picture.{i}"] = text
    return out


def test_the_texts_are_found() -> None:
    texts = korean_texts()
    assert len(texts) > 400
    assert texts["discord.no"] == "아니요" and texts["citadels.choice.end"] == "차례 종료"


@pytest.mark.parametrize("word", UNNATURAL)
def test_no_korean_text_uses_an_unnatural_word(word: str) -> None:
    assert [key for key, text in korean_texts().items() if word in text] == []


def test_the_check_would_catch_one() -> None:
    texts = {**korean_texts(), "x": "당신의 차례입니다"}
    assert [key for key, text in texts.items() if "당신" in text] == ["x"]


def test_cards_still_to_pay_are_not_cards_left_in_hand() -> None:
    den = t("citadels.decide.den_pay", "ko", left=4)
    cardinal = t("citadels.decide.cardinal_give", "ko", left=2, target="민수")
    assert "남은" not in den + cardinal
    assert "4장 더 내야" in den and "2장 더 줘야" in cardinal


def test_the_theater_prompt_offers_a_pass_not_a_hand_over() -> None:
    prompt = t("citadels.decide.theater", "ko")
    assert "넘기" not in prompt and "패스" in prompt
    assert t("citadels.choice.pass", "ko").startswith("패스")  # the notation's word too
    assert ENGINE.format(situation(4), {"type": "pass"}, "ko") == "패스"


@pytest.mark.parametrize(
    ("action", "label_word"),
    [
        ({"type": "end"}, "차례 종료"),
        ({"type": "keep", "card": "castle"}, "갖기"),
        ({"type": "rob", "character": "architect"}, "훔치기"),
        ({"type": "swap", "seat": 1}, "맞바꾸기"),
    ],
)
def test_a_button_and_the_notation_name_an_action_alike(action: dict, label_word: str) -> None:
    st = situation(4)
    written = ENGINE.format(st, action, "ko")
    assert written.endswith(label_word)  # the log line, verb last
    assert label_word in t(
        choice_key(action), "ko", card_name="성", character="건축가", target="민수"
    )
    assert ENGINE.parse(st, 0, written) == action


def test_the_log_says_a_turn_ended_not_a_game_quit() -> None:
    assert ENGINE.format(situation(4), {"type": "end"}, "ko") == "차례 종료"
    assert ENGINE.parse(situation(4), 0, "종료") == {"type": "end"}  # the old word still reads


def test_districts_are_counted_in_chae() -> None:
    line = t(
        "citadels.status.seat", "ko", player="민수", gold=2, hand=3, built=5, score=9, flags=""
    )
    assert "건물 5채" in line and "개" not in line


def test_the_crown_options_label_agrees_with_its_default() -> None:
    spec = next(s for s in option_specs("citadels", ENGINE.Options) if s.name == "crown")
    assert spec.default is None  # the engine's seat 0: the host
    for lang, oldest, default in (("ko", "가장 나이가 많은", "방장"), ("en", "oldest", "host")):
        label = t("citadels.option.crown", lang)
        # the label asks the host to set the oldest player; it does not claim the default is
        assert oldest in label and ("정하세요" in label or "set it" in label)
        assert default in value_label(spec, None, lang).lower()


def test_no_is_written_aniyo_and_both_spellings_read() -> None:
    spec = next(s for s in option_specs("citadels", ENGINE.Options) if s.kind == "bool")
    assert value_label(spec, False, "ko") == "아니요"
    assert _coerce(spec, "아니요") is False and _coerce(spec, "아니오") is False


def test_the_private_view_command_is_short_and_says_mine() -> None:
    assert COMMANDS["ko"]["discord.command.game.hand"] == "내화면"
    assert t("discord.private.header", "ko", game="시타델", id=1).endswith("내 비공개 화면")
    assert "비공개 결정이 기다리고" not in t("discord.prompt.secret_waiting", "ko", user="x")


@pytest.mark.parametrize("kind", ["turn", "gather", "gather_no_deck"])
def test_a_turns_public_prompt_says_turn_once(kind: str) -> None:
    decision = t(f"citadels.decide.{kind}", "ko", character="암살자", gold=2, drawn=2, kept=1)
    text = t("discord.prompt.public", "ko", user="민수", decision=decision)
    assert text.count("차례입니다") + text.count("차례:") == 1, text
