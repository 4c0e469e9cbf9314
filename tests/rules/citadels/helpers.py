"""Helpers for Citadels tests: invariants over any state, and hand-made situations."""

from __future__ import annotations

import json
from typing import Any

from rules.citadels import Citadels
from rules.citadels.districts import DISTRICT
from rules.citadels.flow import new_round_state, new_turn

ENGINE = Citadels()
TOTAL_CARDS = 54 + 14


def gold_in_play(st: dict[str, Any]) -> int:
    on_cards = sum(d["gold_on"] for s in st["seats"] for d in s["city"])
    return sum(s["gold"] for s in st["seats"]) + st["tax"] + on_cards


def check_invariants(st: dict[str, Any]) -> None:
    n = st["n"]
    led = st["ledger"]
    assert gold_in_play(st) == 2 * n + led["bank_out"] - led["bank_in"]
    assert all(s["gold"] >= 0 for s in st["seats"])
    cards = len(st["secret"]["deck"])
    for s in st["seats"]:
        sec = s["secret"]
        cards += len(sec["hand"]) + len(s["city"]) + len(sec["drawn"] or [])
        cards += len(sec["pending"]) + len(sec["museum"])
        assert s["hand_count"] == len(sec["hand"])
    assert cards == TOTAL_CARDS
    assert st["deck_count"] == len(st["secret"]["deck"])


def check_views(st: dict[str, Any]) -> None:
    for viewer in [None, *range(st["n"])]:
        v = ENGINE.view(st, viewer)
        text = json.dumps(v)
        assert '"secret"' not in text
        if viewer is None:
            assert v["me"] is None
        else:
            me = v["me"]
            assert me["seat"] == viewer
            assert [c["id"] for c in me["hand"]] == st["seats"][viewer]["secret"]["hand"]
            assert me["characters"] == st["seats"][viewer]["secret"]["chars"]
        for ch in v["characters"]:
            # a holder is public only once the character was called (or revealed at the end)
            if ch["seat"] is not None:
                assert ch["status"] == "revealed"


def situation(seats: int = 4, cast: str = "first_game", seed: int = 1,
              **options: Any) -> dict[str, Any]:
    """A fresh game state, past setup, with the draft still open."""
    return ENGINE.setup({"cast": cast, **options}, seats, seed)


def force_turn(st: dict[str, Any], seat: int, char: str, *, gold: int | None = None,
               hand: list[str] | None = None, city: list[str] | None = None,
               stage: str = "main", cast: list[str] | None = None) -> dict[str, Any]:
    """Put the game in `char`'s turn for `seat` with the given resources (ledger-adjusted)."""
    st = json.loads(json.dumps(st))
    if cast is not None:
        st["cast"] = cast
        st["chars"] = {c: {"status": "unknown", "seat": None, "markers": []} for c in cast}
    st["phase"] = "turns"
    st["draft"] = None
    st["faceup"] = []
    st["rs"] = new_round_state()
    for c in st["chars"]:
        st["chars"][c] = {"status": "unknown", "seat": None, "markers": []}
    for s in st["seats"]:
        s["secret"]["chars"] = []
        s["secret"]["offer"] = None
    st["seats"][seat]["secret"]["chars"] = [char]
    st["chars"][char] = {"status": "revealed", "seat": seat, "markers": []}
    st["call"] = st["cast"].index(char) + 1
    set_seat(st, seat, gold=gold, hand=hand, city=city)
    t = new_turn(seat, char, "witch_first" if char == "witch" else "normal")
    t["stage"] = stage
    t["gathered"] = stage != "gather"
    st["turn"] = t
    return st


def give_char(st: dict[str, Any], seat: int, char: str) -> None:
    st["seats"][seat]["secret"]["chars"].append(char)


def set_seat(st: dict[str, Any], seat: int, *, gold: int | None = None,
             hand: list[str] | None = None, city: list[str] | None = None) -> None:
    """Change a seat's gold/hand/city, moving cards to/from the deck and gold via the bank."""
    s = st["seats"][seat]
    deck = st["secret"]["deck"]
    if gold is not None:
        delta = gold - s["gold"]
        s["gold"] = gold
        st["ledger"]["bank_out"] += delta
    for key, cards in (("hand", hand), ("city", city)):
        if cards is None:
            continue
        old = s["secret"]["hand"] if key == "hand" else [d["id"] for d in s["city"]]
        deck.extend(old)
        for c in cards:
            assert c in DISTRICT
            # keep the card count: a card from outside the game replaces the deck's last one
            deck.remove(c) if c in deck else deck.pop()
        if key == "hand":
            s["secret"]["hand"] = list(cards)
            s["hand_count"] = len(cards)
        else:
            s["city"] = [{"id": c, "beautified": False, "gold_on": 0, "museum": 0}
                         for c in cards]
    st["deck_count"] = len(deck)


def act(st: dict[str, Any], seat: int, text_or_action: Any) -> tuple[dict[str, Any], list]:
    a = text_or_action
    if isinstance(a, str):
        a = ENGINE.parse(st, seat, a)
    new, events = ENGINE.apply(st, seat, a)
    check_invariants(new)
    return new, events


def keys(events: list) -> list[str]:
    return [e.key for e in events]
