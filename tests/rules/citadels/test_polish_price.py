"""Paid actions on another city carry their price, the gold actually paid (seed, 장군: the
building cost minus 1; 외교관: the difference in cost; 육군대장: the building cost; 만리장성:
1 more), so a button can say it; typed or logged without it they still apply."""

from __future__ import annotations

from typing import Any

from bot.games.citadels.ui import choice_label
from rules.core import Choice

from .helpers import ENGINE, act, set_seat
from .test_characters import _all_main, turn_of

NAMES = ["Alice", "Bob", "Carol", "Dave"]


def paid(st: dict[str, Any], kind: str) -> list[dict[str, Any]]:
    return [a for a in _all_main(st) if a["type"] == kind]


def gold_paid(before: dict[str, Any], after: dict[str, Any], seat: int = 0) -> int:
    return before["seats"][seat]["gold"] - after["seats"][seat]["gold"]


def test_every_destroy_choice_costs_what_its_label_says() -> None:
    st = turn_of("warlord", gold=9)
    set_seat(st, 1, city=["castle", "watchtower", "great_wall"])
    st["seats"][1]["city"][0]["beautified"] = True  # Artist: +1 to the cost
    choices = {a["card"]: a for a in paid(st, "destroy") if a["seat"] == 1}
    # castle 4+1 beautified -1 +1 wall = 5; watchtower 1-1+1 = 1; the wall itself 6-1 = 5
    assert {c: a["price"] for c, a in choices.items()} == {
        "castle": 5, "watchtower": 1, "great_wall": 5}
    for a in choices.values():
        after, _ = act(st, 0, a)
        assert gold_paid(st, after) == a["price"]


def test_free_destroy_is_labelled_free_and_told_without_zero_gold() -> None:
    st = turn_of("warlord", gold=0)
    set_seat(st, 1, city=["watchtower"])
    (a,) = [a for a in paid(st, "destroy") if a["seat"] == 1]
    assert a["price"] == 0
    choice = Choice(action=a, text=ENGINE.format(st, a))
    assert choice_label(choice, NAMES, "en") == "Destroy Bob's Watchtower — free"
    assert choice_label(choice, NAMES, "ko") == "Bob 님의 망루 파괴 — 공짜"
    _, ev = act(st, 0, a)
    assert "citadels.ev.destroyed_free" in [e.key for e in ev]


def test_typed_and_logged_moves_without_a_price_still_apply() -> None:
    st = turn_of("warlord", gold=9)
    set_seat(st, 1, city=["castle"])
    typed = ENGINE.parse(st, 0, "destroy p2 castle")
    assert typed == {"type": "destroy", "seat": 1, "card": "castle", "price": 3}
    assert ENGINE.parse(st, 0, "2번 성 파괴") == typed
    # an action logged before prices existed (a replay): priced as the state says
    after, _ = act(st, 0, {"type": "destroy", "seat": 1, "card": "castle"})
    assert gold_paid(st, after) == 3
    assert ENGINE.format(st, typed) == "destroy p2 castle"  # the price is no word


def test_seize_and_exchange_prices_are_the_gold_paid() -> None:
    st = turn_of("marshal", gold=9)
    set_seat(st, 1, city=["manor", "great_wall"])
    (seize,) = [a for a in paid(st, "seize") if a["card"] == "manor"]
    assert seize["price"] == 3 + 1
    after, _ = act(st, 0, seize)
    assert gold_paid(st, after) == seize["price"]

    st = turn_of("diplomat", gold=9, city=["temple", "watchtower"])
    set_seat(st, 1, city=["castle"])
    for a in paid(st, "exchange"):
        after, ev = act(st, 0, a)
        assert gold_paid(st, after) == a["price"] == 4 - 1
        label = choice_label(Choice(action=a, text=ENGINE.format(st, a)), NAMES, "en")
        assert label.endswith("— 3 gold"), label
