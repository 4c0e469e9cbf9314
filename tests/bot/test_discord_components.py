"""custom_id encoding and the choice → component layout (buttons vs selects, Discord limits)."""

from __future__ import annotations

import re

import discord
import pytest

from bot.components import (
    BUTTON_LABEL_MAX,
    CHOICE_TEMPLATE,
    CUSTOM_ID_MAX,
    OPTION_LABEL_MAX,
    SELECT_MAX_OPTIONS,
    ChoiceButton,
    ChoiceSelect,
    LobbyButton,
    MoreButton,
    OptionMenuSelect,
    OptionSelect,
    PrivateViewButton,
    choice_hash,
    choice_view,
    decode_choice,
    decode_select_value,
    encode_choice,
    encode_select_value,
    key_matches,
    key_token,
    plan_choices,
)

BIG_GAME = 9_223_372_036_854_775_807  # the largest SQLite integer id


def test_choice_id_round_trip() -> None:
    custom_id = encode_choice(42, "r3.t2.gather", 7, "take gold")
    assert custom_id == f"bg:42:r3.t2.gather:7:{choice_hash('take gold')}"
    ref = decode_choice(custom_id)
    assert ref is not None
    assert (ref.game_id, ref.key, ref.index) == (42, "r3.t2.gather", 7)
    assert ref.matches("r3.t2.gather", "take gold")
    assert not ref.matches("r3.t2.gather", "take cards")  # the choice changed: stale
    assert not ref.matches("r3.t3.gather", "take gold")  # another decision: stale


@pytest.mark.parametrize(
    "key",
    ["k", "r1.draft.seat7", "x" * 40, "x" * 41, "r1:with:colons", "한국어.결정", "a b", "y" * 500],
)
def test_custom_id_within_limit_and_decodable(key: str) -> None:
    custom_id = encode_choice(BIG_GAME, key, 24, "some choice text " * 20)
    assert len(custom_id) <= CUSTOM_ID_MAX
    assert re.fullmatch(CHOICE_TEMPLATE, custom_id)
    ref = decode_choice(custom_id)
    assert ref is not None and ref.game_id == BIG_GAME and ref.index == 24
    assert key_matches(ref.key, key)


def test_long_or_odd_keys_are_hashed_and_distinct() -> None:
    assert key_token("r3.t2.gather") == "r3.t2.gather"
    long_a, long_b = "a" * 60 + "1", "a" * 60 + "2"
    assert key_token(long_a).startswith("~") and key_token(long_a) != key_token(long_b)
    assert key_token("r1:x").startswith("~")  # a colon would break the template
    assert not key_matches(key_token(long_a), long_b)


@pytest.mark.parametrize(
    "forged",
    ["bg:1:k:0", "bg:x:k:0:abcd", "bg:1:k:0:ABCD", "bg:1:k:-1:abcd", "bgz:1:k:0:abcd", ""],
)
def test_forged_ids_do_not_decode(forged: str) -> None:
    assert decode_choice(forged) is None


def test_select_value_round_trip() -> None:
    value = encode_select_value(31, "build temple")
    assert decode_select_value(value) == (31, choice_hash("build temple"))
    assert decode_select_value("31") is None
    assert decode_select_value("x:abcd") is None


def test_up_to_25_choices_are_buttons_five_a_row() -> None:
    layout = plan_choices([f"c{i}" for i in range(25)])
    assert not layout.selects and layout.more_page is None
    assert [b.index for b in layout.buttons] == list(range(25))
    rows = [b.row for b in layout.buttons]
    assert rows == [i // 5 for i in range(25)]
    assert all(rows.count(r) <= 5 for r in set(rows))
    assert len(plan_choices(["only"]).buttons) == 1
    assert plan_choices([]).buttons == []


def test_more_than_25_choices_become_selects() -> None:
    layout = plan_choices([f"c{i}" for i in range(26)])
    assert not layout.buttons
    assert [len(s.options) for s in layout.selects] == [25, 1]
    assert [s.start for s in layout.selects] == [0, 25]
    assert layout.more_page is None


def test_selects_page_with_more() -> None:
    labels = [f"c{i}" for i in range(230)]
    first = plan_choices(labels, page=0)
    assert len(first.selects) == 4 and first.more_page == 1
    assert all(len(s.options) == SELECT_MAX_OPTIONS for s in first.selects)
    second = plan_choices(labels, page=1)
    assert second.selects[0].start == 100 and second.more_page == 2
    third = plan_choices(labels, page=2)
    assert [len(s.options) for s in third.selects] == [25, 5] and third.more_page is None
    seen = [i for page in (first, second, third) for s in page.selects for i, _ in s.options]
    assert seen == list(range(230))  # every choice reachable exactly once


def test_labels_are_clipped() -> None:
    long = "가" * 300
    assert len(plan_choices([long]).buttons[0].label) == BUTTON_LABEL_MAX
    layout = plan_choices([long] * 30)
    assert all(len(label) <= OPTION_LABEL_MAX for s in layout.selects for _, label in s.options)
    assert plan_choices(["  "]).buttons[0].label == "-"  # Discord rejects empty labels


def _payload(view: discord.ui.View) -> list[dict]:
    return view.to_components()


def test_choice_view_buttons_payload() -> None:
    choices = [(f"text {i}", f"label {i}") for i in range(7)]
    rows = _payload(choice_view(5, "r1.k", choices))
    assert len(rows) == 2 and len(rows[0]["components"]) == 5
    ids = [c["custom_id"] for row in rows for c in row["components"]]
    assert ids[3] == encode_choice(5, "r1.k", 3, "text 3")
    assert all(len(i) <= CUSTOM_ID_MAX for i in ids)


def test_choice_view_select_payload_with_more() -> None:
    choices = [(f"t{i}", f"l{i}") for i in range(120)]
    rows = _payload(choice_view(5, "r1.k", choices, more_label="More"))
    assert len(rows) == 5
    selects = [row["components"][0] for row in rows[:4]]
    assert all(s["type"] == 3 and len(s["options"]) == 25 for s in selects)
    assert selects[1]["custom_id"] == "bgs:5:r1.k:25"
    assert selects[1]["options"][0]["value"] == encode_select_value(25, "t25")
    more = rows[4]["components"][0]
    assert more["custom_id"] == "bgm:5:r1.k:1" and more["label"] == "More"


@pytest.mark.parametrize(
    ("item", "cls"),
    [
        (lambda: ChoiceButton(1, "k", 0, "t", "L"), ChoiceButton),
        (lambda: ChoiceSelect(1, "k", 0, [(0, "t", "L")], "p"), ChoiceSelect),
        (lambda: MoreButton(1, "k", 2, "More"), MoreButton),
        (lambda: PrivateViewButton(1, "Open"), PrivateViewButton),
        (lambda: LobbyButton(1, "join", "Join"), LobbyButton),
        (lambda: OptionSelect(1, "rounds", [("2", "2", True)], "Rounds"), OptionSelect),
        (lambda: OptionMenuSelect(1, [("rounds", "Rounds", "2")], "Options"), OptionMenuSelect),
    ],
)
def test_each_item_matches_only_its_own_template(item, cls) -> None:
    from bot.components import DYNAMIC_ITEMS

    custom_id = item().item.custom_id
    matching = [c for c in DYNAMIC_ITEMS if c.__discord_ui_compiled_template__.fullmatch(custom_id)]
    assert matching == [cls]


def test_a_long_label_is_cut_at_a_word_boundary() -> None:
    from bot.components import clip

    label = "Favor tile FAV9: 4 VP per sanctuary and stronghold when passing"
    cut = clip(label, 40)
    assert len(cut) <= 40 and cut.endswith("…")
    assert cut[:-1] == label[: len(cut) - 1] and label[len(cut) - 1] == " "  # a whole word
    assert clip("a" * 60, 20) == "a" * 19 + "…"  # no space near: cut where the limit is
    assert clip("short", 20) == "short"
