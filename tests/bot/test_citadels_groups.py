"""A Citadels turn on Discord: the engine lists every move in groups, the bot pages them.
The public message shows the public moves and one button per private group (cards in
hand); a group's moves go to the decider alone; opening one is no move and is never
logged; `/game log` tells each move in the thread's words."""

from __future__ import annotations

import json
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import discord
import pytest

from bot.cogs.texts import choice_groups, decision_view, hidden_groups, kind_choices_view
from bot.components import KindMoreButton, KindSelect
from bot.i18n import t
from bot.table_log import log_lines
from rules.core import Choice, Decision, replay
from storage.base import ActionRecord
from tests.bot.test_citadels_texts import texts_for
from tests.rules.citadels.helpers import ENGINE, force_turn, set_seat, situation
from tests.rules.citadels.test_characters import turn_of

NAMES = ["Alice", "Bruno", "Chloe", "Dahye"]


def _label(item: discord.ui.Item[Any]) -> str | None:
    return getattr(getattr(item, "item", item), "label", None)


def _turn(**kw: Any) -> tuple[dict[str, Any], Decision]:
    st = turn_of("thief", gold=9, hand=["temple", "castle", "docks"], **kw)
    (d,) = ENGINE.decisions(st)
    return st, d


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_the_public_turn_shows_public_moves_and_a_button_per_private_group(lang: str) -> None:
    st, d = _turn()
    texts = texts_for(st, lang, NAMES)
    assert hidden_groups(d) == ["build"]
    view = decision_view(texts, d)
    kinds = [c for c in view.children if isinstance(c, KindMoreButton)]
    assert [_label(k) for k in kinds] == [t("citadels.kind.build", lang) + "…"]
    shown = {_label(c) for c in view.children if not isinstance(c, KindMoreButton)}
    public = [c for c in d.choices if c.group != "build"]
    assert shown == {texts.choice(c, d) for c in public}
    # no card of the hand appears on the public message
    for card in ("temple", "castle", "docks"):
        assert all(card not in (c.item.custom_id or "") for c in view.children
                   if hasattr(c, "item"))
    hand_names = [texts.choice(c, d) for c in d.choices if c.group == "build"]
    assert hand_names and not set(hand_names) & shown


def test_a_group_opens_for_the_decider_with_its_moves() -> None:
    st, d = _turn()
    texts = texts_for(st, "en", NAMES)
    view = kind_choices_view(texts, d, "build")
    assert view is not None
    labels = [_label(c) for c in view.children]
    assert labels == [texts.choice(c, d) for c in d.choices if c.group == "build"]
    assert kind_choices_view(texts, d, "nothing") is None


def test_an_empty_private_group_opens_to_say_so() -> None:
    st, _ = _turn()
    set_seat(st, 0, gold=0)
    (d,) = ENGINE.decisions(st)
    assert "build" in hidden_groups(d) and not [c for c in d.choices if c.group == "build"]
    for lang in ("en", "ko"):
        view = kind_choices_view(texts_for(st, lang, NAMES), d, "build")
        assert view is not None
        (only,) = view.children
        assert only.disabled and only.label == t("citadels.kind.build.empty", lang)


def test_a_big_public_turn_uses_a_select_of_groups_without_private_counts() -> None:
    st = situation(8)
    st = force_turn(st, 0, "warlord", gold=30, hand=["temple", "castle"])
    for s in range(1, 8):
        set_seat(st, s, city=["manor", "castle", "palace", "church", "prison"])
    (d,) = ENGINE.decisions(st)
    texts = texts_for(st, "en", [f"P{i}" for i in range(8)])
    groups = choice_groups(texts, d)
    assert groups is not None and sum(len(v) for v in groups.values()) == len(d.choices)
    assert len([i for k, v in groups.items() if k != "build" for i in v]) > 20
    view = decision_view(texts, d)
    (select,) = [c for c in view.children if isinstance(c, KindSelect)]
    options = {o.value: o.label for o in select.item.options}
    assert options["build"] == "Build"  # how many cards could be built is the hand's secret
    assert options["ability"] == f"Use ability ({len(groups['ability'])})"
    # the ability group pages within Discord's limits, for the decider
    abilities = kind_choices_view(texts, d, "ability")
    assert abilities is not None and len(abilities.children) <= 5


def test_decisions_without_groups_keep_the_platforms_paging() -> None:
    st = situation(4)
    (d,) = ENGINE.decisions(st)
    texts = texts_for(st, "en", NAMES)
    assert d.groups == [] and choice_groups(texts, d) is None
    assert len(decision_view(texts, d).children) == len(d.choices)
    # a choice without an engine group is grouped by the game's kind (or its type)
    assert texts.group(Choice(action={"type": "take", "character": "king"}, text="x")) == "take"
    assert texts.group(Choice(action={"type": "x"}, text="x", group="build")) == "build"


# -- the log ---------------------------------------------------------------------------
def _records(moves: list[tuple[int, dict[str, Any]]]) -> list[ActionRecord]:
    now = datetime.now(UTC)
    return [ActionRecord(game_id=1, version=i + 1, seat=seat, action=action, user_id=seat + 1,
                         interaction_id=None, created_at=now)
            for i, (seat, action) in enumerate(moves)]


def test_the_log_tells_moves_in_words_and_hides_private_choices() -> None:
    st = turn_of("thief", gold=9, hand=["temple", "castle"], city=["laboratory"])
    moves = [(0, {"type": "build", "card": "temple"}),
             (0, {"type": "lab", "card": "castle"}),
             (0, {"type": "end"})]
    view = ENGINE.view(st, None)
    en = log_lines(ENGINE, "citadels", st, 4, _records(moves), "en", NAMES, view)
    assert en[0] == "1. Alice: Alice builds Temple."
    assert en[1] == "2. Alice: Alice discards a card at the Laboratory for 2 gold."
    assert "castle" not in en[1].lower()  # the card discarded stays Alice's secret
    assert en[2].startswith("3. Alice: ") and "open" not in " ".join(en)
    ko = log_lines(ENGINE, "citadels", st, 4, _records(moves), "ko", NAMES, view)
    assert ko[0] == "1. Alice: Alice 님이 사원 건물을 건설합니다."
    assert "성" not in ko[1]


def test_the_log_of_an_old_game_leaves_its_menus_out() -> None:
    data = json.loads((Path(__file__).parents[1] / "rules" / "citadels" / "data" /
                       "menu_era_game.json").read_text(encoding="utf-8"))
    moves = [(seat, action) for seat, action in data["log"]][:120]
    start = ENGINE.setup(data["options"], data["seats"], data["seed"])
    view = ENGINE.view(replay(ENGINE, data["options"], data["seats"], data["seed"], moves),
                       None)
    names = [f"N{i}" for i in range(data["seats"])]
    lines = log_lines(ENGINE, "citadels", start, data["seats"], _records(moves), "en", names,
                      view)
    menus = sum(1 for _, a in moves if a["type"] in ("open", "back"))
    assert menus and len(lines) == len(moves) - menus
    assert not any("open " in line or ": back" in line for line in lines)
    # a draft pick: only that a character was chosen
    assert lines[0].endswith("chose a character.") and "(a secret choice)" not in lines[0]
    assert any("builds" in line for line in lines)


def test_a_move_of_a_private_group_is_not_named_in_public() -> None:
    # the undo notice (bot/table_secrets.py) and the log treat a card of the hand as secret
    from bot.table_secrets import answered_privately

    st = turn_of("thief", gold=9, hand=["temple", "castle"], city=["laboratory"])
    assert answered_privately(ENGINE, st, 0, {"type": "lab", "card": "castle"})
    assert answered_privately(ENGINE, st, 0, {"type": "build", "card": "temple"})
    assert not answered_privately(ENGINE, st, 0, {"type": "end"})
