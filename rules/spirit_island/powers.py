"""Power cards and innate powers (data/powers.json): what the turn asks of them.

A card is `{deck, cost, speed, elements, target, effect}`: `target` is the first step
(`target_land` or `target_spirit`), `effect` the steps after it; `card_effect` joins them.
An innate's tiers each have a `threshold` of elements and an `effect`; a tier marked
`instead` replaces the tiers below it, a tier marked `fast` lets the power be Fast.

The verbs the powers use beyond effects.py's are in power_verbs.py; the spirits' special
rules that change generic verbs are in spirit_rules.py. Importing this module registers
both.
"""

from __future__ import annotations

import json
from pathlib import Path

# data/powers.json holds the base game; each further data/powers_*.json (a set's decks, a
# group of spirits' unique cards and innates) adds its tables. A name in two files is a bug.
CARDS: dict[str, dict] = {}
INNATES: dict[str, dict] = {}
for _path in sorted((Path(__file__).parent / "data").glob("powers*.json")):
    _DATA = json.loads(_path.read_text(encoding="utf-8"))
    for _table, _rows in ((CARDS, _DATA.get("cards", {})), (INNATES, _DATA.get("innates", {}))):
        if _table.keys() & _rows.keys():
            raise ValueError(f"{_path.name} repeats {sorted(_table.keys() & _rows.keys())}")
        _table.update(_rows)

BRINGER, OCEAN, RIVER, SHADOWS, LIGHTNING, THUNDER, GREEN = (
    "Bringer of Dreams and Nightmares",
    "Ocean's Hungry Grasp",
    "River Surges in Sunlight",
    "Shadows Flicker Like Flame",
    "Lightning's Swift Strike",
    "Thunderspeaker",
    "A Spread of Rampant Green",
)
# Seat keys the spirits' verbs set for one turn; `time_passes` clears them.
TURN_KEYS = ("slow_as_fast", "slow_used_fast", "card_plays_bonus", "range_bonus", "repeats",
             "reclaim_at_end", "entwined")


def card_effect(name: str) -> list[dict]:
    card = CARDS[name]
    return [card["target"], *card["effect"]]


def _elements(state: dict, seat: int) -> dict:
    return state["seats"][seat].get("elements", {})


def innate_tiers(state: dict, seat: int, name: str) -> list[int]:
    """The tiers (0-based) whose thresholds the seat's elements this turn reach."""
    have = _elements(state, seat)
    return [
        i
        for i, tier in enumerate(INNATES[name]["tiers"])
        if all(have.get(e, 0) >= n for e, n in tier["threshold"].items())
    ]


def innate_effect(state: dict, seat: int, name: str) -> list[dict]:
    """The innate's target and the steps of every tier reached (an `instead` tier drops the
    ones below it); just the target when no tier with an effect is reached."""
    steps: list[dict] = []
    for i in innate_tiers(state, seat, name):
        tier = INNATES[name]["tiers"][i]
        if tier.get("instead"):
            steps = []
        steps += tier["effect"]
    return [INNATES[name]["target"], *steps] if steps else []


def _rule(state: dict, seat: int | None, spirit: str, rule: str) -> bool:
    return (
        seat is not None
        and rule in state.get("rules", ())
        and state["seats"][seat].get("spirit") == spirit
    )


def _reached(state: dict, seat: int, threshold: dict) -> bool:
    have = _elements(state, seat)
    return all(have.get(e, 0) >= n for e, n in threshold.items())


def fast_by_itself(state: dict, seat: int, name: str) -> bool:
    """Whether a Slow power is Fast now by its own text, using no Slow-as-Fast allowance:
    an innate's `fast` tier reached (Thunderspeaker at 4 Air), a card's `fast_at`
    threshold met (Scour the Land at 3 Air)."""
    if name in INNATES:
        return any(INNATES[name]["tiers"][i].get("fast") for i in innate_tiers(state, seat, name))
    threshold = CARDS.get(name, {}).get("fast_at")
    return threshold is not None and _reached(state, seat, threshold)


def fast_for_energy(state: dict, seat: int, name: str) -> int | None:
    """The energy a card may pay to be Fast (`fast_for_energy`: Dry Wood Explodes), when the
    seat has it; None otherwise."""
    cost = CARDS.get(name, {}).get("fast_for_energy")
    return cost if cost is not None and state["seats"][seat]["energy"] >= cost else None


def may_be_fast(state: dict, seat: int, name: str) -> bool:
    """Whether a power may be used in the Fast phase: it is Fast, or Fast by itself now
    (`fast_by_itself`), or the seat has a Slow-as-Fast use left (Lightning's Boon, or
    Swiftness of Lightning: one per Air), or it can pay energy to be Fast."""
    power = CARDS.get(name) or INNATES[name]
    if power["speed"] == "fast" or fast_by_itself(state, seat, name):
        return True
    return slow_as_fast_left(state, seat) > 0 or fast_for_energy(state, seat, name) is not None


def slow_as_fast_left(state: dict, seat: int) -> int:
    row = state["seats"][seat]
    swift = _elements(state, seat).get("air", 0) if _rule(state, seat, LIGHTNING, "swiftness") else 0
    return row.get("slow_as_fast", 0) + swift - row.get("slow_used_fast", 0)


def use_slow_as_fast(state: dict, seat: int, name: str | None = None) -> None:
    """Count one Slow power used as Fast (turn.py calls this; cleared with the turn). With
    no allowance left, a card that may pay energy to be Fast pays it instead."""
    row = state["seats"][seat]
    if name is not None and slow_as_fast_left(state, seat) <= 0:
        cost = fast_for_energy(state, seat, name)
        if cost is not None:
            row["energy"] -= cost
            return
    row["slow_used_fast"] = row.get("slow_used_fast", 0) + 1


def time_passes(state: dict) -> None:
    """End of turn: the this-turn grants of the spirits' verbs lapse."""
    for row in state.get("seats", ()):
        for key in TURN_KEYS:
            row.pop(key, None)


# The verbs and rules register themselves with effects.py when imported (they read the
# tables above, so they come last).
from rules.spirit_island import power_verbs, spirit_rules  # noqa: E402, F401, I001 (order: wrappers)
from rules.spirit_island import deck_verbs  # noqa: E402, F401
from rules.spirit_island import spirit_rules_b  # noqa: E402, F401
from rules.spirit_island import spirit_rules_a  # noqa: E402, F401
from rules.spirit_island import power_rules_a  # noqa: E402, F401
from rules.spirit_island import power_rules_b  # noqa: E402, F401
from rules.spirit_island import island_changes  # noqa: E402, F401
