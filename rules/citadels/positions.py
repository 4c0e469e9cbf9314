"""Mid-game Citadels positions from a readable description, for tests (and anyone exploring).

A rule test says what the table looks like, not how the state stores it:

    from rules.citadels.positions import position

    st = position(
        seats=4,
        characters={"thief": 1, "king": 0, "bishop": 2, "warlord": 3},
        gold=[5, 1, 0, 2],
        hands={0: ["temple", "castle"]},
        cities={2: ["tavern", "market"]},
        deck_top=["palace", "docks"],
        turn="king",          # the King's turn (the Thief's is over); None: the draft
        stage="main",         # "gather" (income not taken yet) or "main"
        crown=2,
        round=3,
    )

Everything left out is as `setup` deals it (seed `seed`). Cards and gold are conserved: a card
put in a hand or city comes out of the deck (or the deck's last card makes room), gold given
or taken goes through the bank's ledger, so the engine's invariants hold. This module is the
one place a test reaches into the state layout; a change of layout is fixed here once.
"""

from __future__ import annotations

import json
from collections.abc import Mapping, Sequence
from typing import Any

from rules.citadels import Citadels, flow
from rules.citadels.districts import DISTRICT
from rules.core import State

STAGES = ("gather", "main")


def _new_turn(seat: int, char: str, mode: str) -> dict[str, Any]:
    # The turn record is made where the engine makes it (flow; turn.py before the stage table)
    make = getattr(flow, "new_turn", None)
    if make is None:
        from rules.citadels import turn

        make = turn.new_turn
    return make(seat, char, mode)


def _by_seat(values: Sequence[Any] | Mapping[int, Any] | None, seats: int) -> dict[int, Any]:
    if values is None:
        return {}
    if isinstance(values, Mapping):
        return dict(values)
    if len(values) != seats:
        raise ValueError(f"{len(values)} values for {seats} seats")
    return dict(enumerate(values))


def position(
    *,
    seats: int = 4,
    cast: str | Sequence[str] = "first_game",
    characters: Mapping[str, int] | None = None,
    gold: Sequence[int] | Mapping[int, int] | None = None,
    hands: Sequence[Sequence[str]] | Mapping[int, Sequence[str]] | None = None,
    cities: Sequence[Sequence[str]] | Mapping[int, Sequence[str]] | None = None,
    deck_top: Sequence[str] = (),
    turn: str | None = None,
    stage: str = "gather",
    crown: int = 0,
    round: int = 1,
    seed: int = 1,
    **options: Any,
) -> State:
    """A Citadels state as described.

    - `cast`: a cast option ("first_game", "A".."F") or the character ids in call order.
    - `characters`: character id -> the seat holding it. With `turn`, characters called
      before `turn` have had their turn (revealed), the later ones are still face down.
    - `gold`, `hands`, `cities`: per seat, as a list over all seats or {seat: value}; hands and
      cities are district ids.
    - `deck_top`: the next cards drawn, first drawn first.
    - `turn`: the character whose turn it is (it must be in `characters`); None leaves the
      round at its draft, as dealt. `stage`: "gather" (before income) or "main".
    - `crown`, `round`: who has the crown and which round it is.
    - `seed` and `options`: passed to setup (any Citadels option).
    """
    engine = Citadels()
    explicit = not isinstance(cast, str)
    st = engine.setup({**options, "cast": "first_game" if explicit else cast}, seats, seed)
    st = json.loads(json.dumps(st))  # a private copy to edit
    if explicit:
        st["cast"] = list(cast)
        st["chars"] = {c: {"status": "unknown", "seat": None, "markers": []} for c in cast}
    st["round"] = round
    st["crown"] = crown
    holders = dict(characters or {})
    if holders and turn is None:
        raise ValueError("characters are held once the draft is over: name the turn too")
    if turn is not None:
        _at_turn(st, holders, turn, stage)
    for seat, amount in _by_seat(gold, seats).items():
        _set_gold(st, seat, amount)
    for seat, cards in _by_seat(hands, seats).items():
        _set_cards(st, seat, "hand", list(cards))
    for seat, cards in _by_seat(cities, seats).items():
        _set_cards(st, seat, "city", list(cards))
    _put_on_top(st, list(deck_top))
    return st


def _at_turn(st: State, holders: dict[str, int], turn: str, stage: str) -> None:
    if stage not in STAGES:
        raise ValueError(f"stage must be one of {STAGES}, not {stage!r}")
    if turn not in holders:
        raise ValueError(f"{turn!r} is not held by anyone in `characters`")
    unknown = set(holders) - set(st["cast"])
    if unknown:
        raise ValueError(f"not in the cast: {sorted(unknown)}")
    order = st["cast"]
    st["phase"] = "turns"
    st["draft"] = None
    st["faceup"] = []
    st["rs"] = flow.new_round_state()
    for char in order:
        st["chars"][char] = {"status": "unknown", "seat": None, "markers": []}
    for s in st["seats"]:
        s["secret"]["chars"] = []
        s["secret"]["offer"] = None
        s["revealed"] = []
    for char, seat in sorted(holders.items(), key=lambda item: order.index(item[0])):
        st["seats"][seat]["secret"]["chars"].append(char)
        if order.index(char) <= order.index(turn):  # called already, or now
            st["chars"][char] = {"status": "revealed", "seat": seat, "markers": []}
            st["seats"][seat]["revealed"].append(char)
    seat = holders[turn]
    st["call"] = order.index(turn) + 1
    record = _new_turn(seat, turn, "witch_first" if turn == "witch" else "normal")
    record["stage"] = stage
    record["gathered"] = stage != "gather"
    st["turn"] = record


def _set_gold(st: State, seat: int, amount: int) -> None:
    if amount < 0:
        raise ValueError("gold cannot be negative")
    s = st["seats"][seat]
    st["ledger"]["bank_out"] += amount - s["gold"]
    s["gold"] = amount


def _set_cards(st: State, seat: int, where: str, cards: list[str]) -> None:
    """A seat's hand or city becomes `cards`: the old ones go back to the deck, the new ones
    come out of it (a card not in the deck takes the place of the deck's last card)."""
    s = st["seats"][seat]
    deck = st["secret"]["deck"]
    old = s["secret"]["hand"] if where == "hand" else [d["id"] for d in s["city"]]
    deck.extend(old)
    for card in cards:
        if card not in DISTRICT:
            raise ValueError(f"no district {card!r}")
        deck.remove(card) if card in deck else deck.pop()
    if where == "hand":
        s["secret"]["hand"] = cards
        s["hand_count"] = len(cards)
    else:
        s["city"] = [{"id": c, "beautified": False, "gold_on": 0, "museum": 0} for c in cards]
    st["deck_count"] = len(deck)


def _put_on_top(st: State, cards: list[str]) -> None:
    deck = st["secret"]["deck"]
    for card in cards:
        if card not in deck:
            raise ValueError(f"{card!r} is not left in the deck")
        deck.remove(card)
    deck[:0] = cards
