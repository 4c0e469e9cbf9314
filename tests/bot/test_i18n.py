"""Message lookup, the catalogues' completeness in both languages, and the describe helpers."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import rules
from bot import i18n
from bot.i18n import (
    describe_choice,
    describe_decision,
    describe_event,
    describe_refusal,
    describe_result,
    lang_from_locale,
    t,
)
from bot.locales import table as table_catalogue
from bot.table import Refusal
from rules.core import Choice, Decision, Event, Result, Score
from tests.example_game.rules import ExampleEngine

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(autouse=True)
def example(example_game):
    return example_game


def test_lookup_fallbacks_and_params():
    assert t("table.table_full", "en", max=4) == "The table is full (4 players at most)."
    assert t("table.table_full", "ko", max=4) == "자리가 다 찼습니다(최대 4명)."
    # an unknown language reads English
    assert t("table.table_full", "fr", max=4) == t("table.table_full", "en", max=4)
    assert t("table.table_full", None, max=4) == t("table.table_full", "en", max=4)
    assert t("no.such.key", "ko") == "no.such.key"
    assert t("table.table_full", "ko") == "자리가 다 찼습니다(최대 {max}명)."  # missing param kept
    assert t("example.drew", "ko", seat=2, value=4) == "P2이(가) 4을(를) 뽑았습니다."  # engine's


def test_english_fallback_for_a_key_missing_in_korean(monkeypatch):
    monkeypatch.setitem(ExampleEngine.messages["en"], "only_en", "English {x}")
    i18n._engine_messages.pop("example", None)
    assert t("only_en", "ko", x=1) == "English 1"


def test_bilingual_params_and_broken_templates(monkeypatch):
    name = {"en": "Temple", "ko": "신전"}
    monkeypatch.setitem(ExampleEngine.messages["en"], "built", "Built {card} ({list})")
    monkeypatch.setitem(ExampleEngine.messages["ko"], "built", "{card} 건설 ({list})")
    monkeypatch.setitem(ExampleEngine.messages["en"], "broken", "Oops {0} {")
    i18n._engine_messages.pop("example", None)
    assert t("built", "ko", card=name, list=[name, "x"]) == "신전 건설 (신전, x)"
    assert t("built", "en", card=name, list=[]) == "Built Temple ()"
    assert t("broken", "en") == "Oops {0} {"


@pytest.mark.parametrize(
    ("locale", "lang"),
    [("ko", "ko"), ("ko-KR", "ko"), ("en-US", "en"), ("en-GB", "en"), ("ja", "en"), (None, "en")],
)
def test_lang_from_locale(locale, lang):
    assert lang_from_locale(locale) == lang


def _same_keys(catalogue) -> None:
    en, ko = set(catalogue["en"]), set(catalogue["ko"])
    assert en - ko == set(), "missing in ko"
    assert ko - en == set(), "missing in en"
    for lang in ("en", "ko"):
        assert all(isinstance(v, str) and v for v in catalogue[lang].values())


def test_table_catalogue_has_both_languages():
    _same_keys(table_catalogue.MESSAGES)
    _same_keys(ExampleEngine.messages)


@pytest.mark.parametrize("name", sorted(set(rules.ENGINES) - {"example"}))
def test_every_engine_catalogue_has_both_languages(name):
    try:
        engine = rules.get_engine(name)
    except ImportError:
        pytest.skip(f"the {name} engine has not landed")
    _same_keys(engine.messages)


def _keys_in(path: Path, pattern: str) -> set[str]:
    return set(re.findall(pattern, path.read_text(encoding="utf-8")))


def test_every_key_the_table_raises_or_shows_is_catalogued():
    sources = sorted((ROOT / "bot").glob("table*.py"))
    keys: set[str] = set()
    for path in sources:
        keys |= _keys_in(path, r'Refusal\(\s*"([a-z_.]+)"')
        keys |= _keys_in(path, r'notice\s*=\s*\(\s*"([a-z_.]+)"')
        keys |= _keys_in(path, r'\bt\(\s*"([a-z_.]+)"')
        keys |= _keys_in(path, r'"(table\.[a-z_.]+)"')  # every key the table names is prefixed
    keys |= _keys_in(ROOT / "tests/example_game/rules.py", r'RuleError\(\s*"([a-z_.]+)"')
    assert {"table.not_your_turn", "table.undo_revealed", "table.timeout_move", "table.reminder",
            "table.log_line", "table.started", "table.timers_too_long"} <= keys
    for key in sorted(keys):
        for lang in ("en", "ko"):
            assert i18n.lookup(key, lang) is not None, (key, lang)


def test_describe_helpers(monkeypatch):
    # the platform's unscoped label lookup: an engine's "choice.<type>" template
    monkeypatch.setitem(ExampleEngine.messages["en"], "choice.pick", "Pick {value}")
    monkeypatch.setitem(ExampleEngine.messages["ko"], "choice.pick", "{value} 고르기")
    i18n._engine_messages.pop("example", None)
    event = Event(key="example.passed", params={"seat": 2})
    assert describe_event(event, "en") == "P2 passed."
    d = Decision(seat=0, kind="example.pick", key="r2.pick.0", params={"round": 2})
    assert describe_decision(d, "ko") == "숫자를 몰래 고르세요(2 라운드)."
    unknown = Decision(seat=0, kind="mystery", key="k")
    assert describe_decision(unknown, "en") == "Your decision (mystery)"
    assert describe_choice(Choice(action={"type": "pick", "value": 3}, text="pick 3"), "ko") == (
        "3 고르기"
    )
    assert describe_choice(Choice(action={"type": "draw"}, text="draw"), "ko") == "draw"
    assert describe_refusal(Refusal("table.too_few_players", min=2, count=1), "en") == (
        "At least 2 players are needed to start (now 1)."
    )


def test_describe_result():
    result = Result(
        scores=[
            Score(seat=1, total=20, breakdown={}, rank=1),
            Score(seat=0, total=20, breakdown={}, rank=1),
            Score(seat=2, total=9, breakdown={}, rank=3),
        ]
    )
    lines = describe_result(result, [10, 11, 12], "ko")
    assert lines == [
        "최종 점수",
        "1위. <@11>: 20점",
        "1위. <@10>: 20점",
        "3위. <@12>: 9점",
        "공동 승리: <@11>, <@10>!",
    ]
    single = Result(scores=[Score(seat=0, total=5, breakdown={}, rank=1)])
    assert describe_result(single, [10], "en")[-1] == "Winner: <@10>!"


def test_english_counts_of_one_read_in_the_singular() -> None:
    from bot.i18n import fill

    template = "{s} draws {drawn} cards and keeps {kept}."
    assert fill(template, "en", {"s": "Bob", "drawn": 1, "kept": 1}) == (
        "Bob draws 1 card and keeps 1.")
    assert fill(template, "en", {"s": "Bob", "drawn": 3, "kept": 1}) == (
        "Bob draws 3 cards and keeps 1.")
    # a verb after a number keeps its s; Korean has no plural to touch
    assert fill("{n} draws", "en", {"n": 1}) == "1 draws"
    assert fill("{n} cards", "ko", {"n": 1}) == "1 cards"
    assert t("citadels.ev.gather_cards", "en", s="Ann", drawn=1, kept=1).startswith("Ann draws 1 card ")
