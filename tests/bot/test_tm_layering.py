"""The bot reads Terra Mystica only through the engine contract: no imports of the engine's
modules, and names, colours and tile texts come from the view and decision params."""

from __future__ import annotations

import ast
from pathlib import Path

import rules
from bot.games.terra_mystica import ui as tm_ui
from rules.core import Choice, Decision

BOT = Path(__file__).resolve().parents[2] / "bot"


def test_bot_imports_nothing_from_the_tm_package_but_its_root() -> None:
    offenders = []
    for path in BOT.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            offenders += [f"{path.name}: {n}" for n in names
                          if n.startswith("rules.terra_mystica.")]
    assert offenders == []


def test_faction_choice_label_from_the_decision_params() -> None:
    engine = rules.get_engine("terra_mystica")
    st = engine.setup({}, 3, 2)
    (decision,) = engine.decisions(st)
    choice = next(c for c in decision.choices if c.action["faction"] == "darklings")
    assert tm_ui.choice_label(choice, decision, "ko") == "암흑인 (⬛ 늪, 검정)"
    assert tm_ui.choice_label(choice, decision, "en") == "Darklings (⬛ swamp, black)"


def test_names_during_selection_come_from_the_catalogue() -> None:
    engine = rules.get_engine("terra_mystica")
    st = engine.setup({}, 3, 2)
    view = engine.view(st, None)
    assert tm_ui.faction_name("giants", view) == {"en": "Giants", "ko": "거인"}
    params = tm_ui.event_params({"faction": "giants", "text": "setup giants"}, view, ["a"])
    assert params["faction"] == {"en": "Giants", "ko": "거인"}
    assert tm_ui.faction_name("nobody", view) == "nobody"
    st, _ = engine.apply(st, 0, engine.parse(st, 0, "setup giants"))
    assert tm_ui.faction_name("giants", engine.view(st, 0), ["ann"]) == {
        "en": "Giants (ann)", "ko": "거인 (ann)"}


def test_pass_label_without_tile_texts_names_the_tile() -> None:
    choice = Choice(action={"type": "pass", "bonus": "BON3"}, text="pass BON3")
    bare = Decision(seat=0, kind="turn", key="k")
    assert tm_ui.choice_label(choice, bare, "en") == "pass, take bonus tile BON3"
    assert tm_ui.choice_label(choice, bare, "ko") == "패스, 보너스 타일 BON3 가져가기"
    texts = Decision(seat=0, kind="turn", key="k",
                     params={"tiles": {"BON3": {"en": "income 6C", "ko": "수입 동전 6"}}})
    assert tm_ui.choice_label(choice, texts, "ko") == "패스, BON3 가져가기: 수입 동전 6"
