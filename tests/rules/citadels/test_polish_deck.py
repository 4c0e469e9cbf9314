"""An empty district deck: nothing offered that would draw nothing, and no turn stuck.

The rulebook has no reshuffle: only cards put back (kept-not cards, discards, destroyed
districts: seed, 자원 얻기 행동 and 장군) go to the bottom of the 건물 카드 더미, so the
deck can run dry. Drawing options stay whenever at least one card is left.
"""

from __future__ import annotations

import copy
from typing import Any

from .helpers import ENGINE, act, check_invariants, set_seat
from .test_characters import _all_main, turn_of

HOLDER = 3  # the seat holding the rest of the deck in these situations


def empty_deck(st: dict[str, Any], leave: int = 0) -> dict[str, Any]:
    """A copy whose deck (but `leave` cards) is in HOLDER's hand: the card count is kept."""
    st = copy.deepcopy(st)
    deck = st["secret"]["deck"]
    moved, st["secret"]["deck"] = deck[leave:], deck[:leave]
    st["seats"][HOLDER]["secret"]["hand"] += moved
    st["seats"][HOLDER]["hand_count"] = len(st["seats"][HOLDER]["secret"]["hand"])
    st["deck_count"] = leave
    check_invariants(st)
    return st


def types(st: dict[str, Any]) -> list[tuple[str, Any]]:
    return [(a["type"], a.get("what", a.get("gold"))) for a in _all_main(st)]


def test_gather_offers_only_gold_with_an_empty_deck() -> None:
    st = empty_deck(turn_of("king", stage="gather", gold=0))
    (d,) = ENGINE.decisions(st)
    assert [c.action for c in d.choices] == [{"type": "gold", "amount": 2}]
    assert d.timeout.action == {"type": "gold", "amount": 2}  # the deadline's move is legal
    assert d.kind == "citadels.decide.gather_no_deck"
    st, _ = act(st, 0, "gold")
    assert st["turn"]["stage"] == "main" and st["seats"][0]["gold"] == 2


def test_gather_keeps_the_draw_while_one_card_is_left() -> None:
    st = empty_deck(turn_of("king", stage="gather"), leave=1)
    (d,) = ENGINE.decisions(st)
    assert {"type": "cards", "drawn": 1, "kept": 1} in [c.action for c in d.choices]
    card = st["secret"]["deck"][0]
    st, ev = act(st, 0, "draw")
    assert st["seats"][0]["secret"]["hand"][-1] == card and st["deck_count"] == 0
    line = next(e for e in ev if e.key == "citadels.ev.gather_one")  # never "draws 1 cards"
    assert line.params["drawn"] == 1


def test_drawing_abilities_are_not_offered_with_an_empty_deck() -> None:
    for char in ("architect", "scholar"):
        assert ("ability", None) in types(turn_of(char))
        assert ("ability", None) not in types(empty_deck(turn_of(char)))
    nav = types(empty_deck(turn_of("navigator")))
    assert ("navigate", "gold") in nav and ("navigate", "cards") not in nav


def test_magician_keeps_the_swap_but_not_the_redraw_with_an_empty_deck() -> None:
    st = turn_of("magician", hand=["temple", "castle"])
    assert {t for t, _ in types(st)} >= {"swap", "discard"}
    got = {t for t, _ in types(empty_deck(st))}
    assert "swap" in got and "discard" not in got


def test_smithy_is_not_offered_for_nothing() -> None:
    st = turn_of("king", gold=5, city=["smithy"])
    assert ("smithy", None) in types(st)
    assert ("smithy", None) not in types(empty_deck(st))
    # with 1 card left it still draws, and says how many
    st, ev = act(empty_deck(st, leave=1), 0, "smithy")
    assert next(e for e in ev if e.key == "citadels.ev.smithy").params["count"] == 1


def test_income_in_cards_needs_cards_to_draw() -> None:
    # Patrician: noble districts pay in cards
    city = ["manor", "castle"]
    assert ("income", None) in types(turn_of("patrician", city=city))
    assert ("income", None) not in types(empty_deck(turn_of("patrician", city=city)))
    # gold income is untouched by the deck
    assert ("income", None) in types(empty_deck(turn_of("king", city=city)))


def test_abbot_split_asks_no_more_cards_than_the_deck_holds() -> None:
    city = ["temple", "church", "monastery"]
    full = [g for t, g in types(turn_of("abbot", city=city)) if t == "income"]
    assert full == [0, 1, 2, 3]
    one_left = empty_deck(turn_of("abbot", city=city), leave=1)
    assert [g for t, g in types(one_left) if t == "income"] == [2, 3]
    none_left = empty_deck(turn_of("abbot", city=city))
    assert [g for t, g in types(none_left) if t == "income"] == [3]


def test_park_says_nothing_when_no_card_can_come() -> None:
    st = turn_of("king", hand=[], city=["park"])
    _, ev = act(empty_deck(st), 0, "end")
    assert "citadels.ev.park" not in [e.key for e in ev]
    _, ev = act(st, 0, "end")
    keys = [e.key for e in ev]
    assert keys.index("citadels.ev.park") < keys.index("citadels.ev.drew")


def test_a_full_turn_plays_out_with_an_empty_deck() -> None:
    st = empty_deck(turn_of("architect", stage="gather", gold=0, hand=[]))
    set_seat(st, 0, gold=0)
    for _ in range(3):  # gather by the deadline's move, then end: never stuck
        (d,) = ENGINE.decisions(st)
        if d.seat != 0:
            break
        st, _ = act(st, 0, d.timeout.action)
    assert st["turn"] is None or st["turn"]["seat"] != 0
