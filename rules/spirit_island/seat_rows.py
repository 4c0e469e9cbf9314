"""Changes to a spirit's seat row that several verb modules make the same way: a counter
raised for the turn, a power card played outside the Spirit Phase, a presence gained from a
track or from the destroyed ones."""

from __future__ import annotations

from rules.spirit_island import effects as fx
from rules.spirit_island import pieces as pcs


def count_up(state: dict, seat: int, key: str, n: int = 1) -> None:
    """Raise the seat's counter `key` by `n` (a missing counter is 0)."""
    row = state["seats"][seat]
    row[key] = row.get(key, 0) + n


def play_card(row: dict, name: str, card: dict) -> None:
    """`name` (whose data is `card`) goes from hand to played: its cost paid, its elements
    counted and the card listed among the powers to use this turn."""
    row["hand"].remove(name)
    row["played"].append(name)
    row["energy"] -= card["cost"]
    elements = row.setdefault("elements", {})
    for element in card["elements"]:
        elements[element] = elements.get(element, 0) + 1
    row.setdefault("powers", []).append(name)


def gain_presence(state: dict, seat: int, land: str, source: str) -> None:
    """A presence of the seat into `land`, taken from the track `source` or, with
    "destroyed", from its destroyed presence."""
    row = state["seats"][seat]
    if source == "destroyed":
        row["destroyed"] -= 1
    else:
        row["tracks"][source] += 1
    pcs.add_presence(state["lands"][land], fx.presence_key(state, seat))


def counter_verb(verb: str, key: str, whose: str = "seat") -> None:
    """Register the effect verb `verb` that raises the counter `key` of the spirit
    `ctx[whose]` by the step's `n` (1 if absent)."""

    def raise_counter(state, step, ctx, answer):
        count_up(state, ctx[whose], key, step.get("n", 1))
        return None

    fx.verb(verb)(raise_counter)
