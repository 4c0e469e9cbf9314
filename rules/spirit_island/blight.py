"""What the blight cards do once turned over (pieces.py keeps the card, its pool and deck).

`data/blight_cards.json` gives each card its back (Blighted Island or Still-Healthy
Island), blight per player and effect, and when the effect happens: `immediately` (once,
as the card turns over, before the Action that took the last blight goes on: seed L976),
`invader_phase` (at the start of every Invader phase), `spirit_phase` (every Spirit phase:
`spirit_phase_effect` for turn.py) or `ongoing` (lasting rules, event_rules.py mods).

The turn-over is noticed through the `blight_added` hook (rule `blight-card`, set by
`setup`) and by `check_flip` wherever blight leaves the card otherwise.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules.spirit_island import (
    effects,
    event_rules,
    events,  # noqa: F401  (the verbs the cards use)
    hooks,
)
from rules.spirit_island import pieces as pcs

_DATA = json.loads((Path(__file__).parent / "data" / "blight_cards.json").read_text("utf-8"))
CARDS: dict[str, dict] = {card["name"]: card for card in _DATA["cards"]}
RULE = "blight-card"
effects.optional("powers")  # its `card_plays` verb (Back Against the Wall)
ISLAND = {"seat": None}


def card_effect(name: str) -> list[dict]:
    """The card's effect in the effect language."""
    return CARDS[name]["effect"]


def timing(name: str) -> str:
    return CARDS[name]["when"]


def without_events(names: list[str]) -> list[str]:
    """The blight deck for the variant without events (digest 6.5): no Blighted Island card
    with 2 blight per player and none whose effect is only immediate."""
    return [n for n in names if CARDS[n]["side"] == pcs.STILL_HEALTHY or (
        CARDS[n]["blight_per_player"] != 2 and CARDS[n]["when"] != "immediately")]


def setup(state: dict) -> None:
    """Watch the blight card from now on (idempotent). The card is taken to have been seen
    healthy, so a turn-over before the first call is noticed by the next `check_flip`."""
    rules = state.setdefault("rules", [])
    if RULE not in rules:
        rules.append(RULE)
    state.setdefault("blight_seen", [state["blight_card"]["name"], "healthy"])


def _face(state: dict) -> list:
    card = state["blight_card"]
    return [card["name"], card["side"]]


def check_flip(state: dict) -> str | None:
    """If the card has turned over (or a Still-Healthy card was replaced) since last seen,
    start its effect; returns the card's name then."""
    face = _face(state)
    if state.get("blight_seen") == face:
        return None
    state["blight_seen"] = face
    name, side = face
    if side == "healthy":
        return None
    when = timing(name)
    if when in ("immediately", "ongoing"):  # right after the step that took the last blight
        event_rules.queue_next(state, card_effect(name), {"source": name})
    return name


@hooks.on("blight_added", RULE)
def _blight_added(state: dict, land: str) -> None:
    check_flip(state)


@hooks.on("invader_phase", RULE)
def _invader_phase(state: dict) -> None:
    """The Blighted Island card's effect at the start of each Invader phase."""
    card = state["blight_card"]
    if card["side"] == pcs.BLIGHTED and timing(card["name"]) == "invader_phase":
        effects.append(state, card_effect(card["name"]), {**ISLAND, "source": card["name"]})


def spirit_phase_effect(state: dict) -> list[dict]:
    """What the card gives at the start of every Spirit phase (empty for most cards), and
    the offer of Craft a Great Warding's Defend 4 while its reminder lasts; first, damage
    kept over time passes meets the health of the new turn (All Things Weaken)."""
    card = state["blight_card"]
    effect = []
    if card["side"] == pcs.BLIGHTED and timing(card["name"]) == "spirit_phase":
        effect = list(card_effect(card["name"]))
    return (event_rules.kept_damage_check(state) + effect
            + event_rules.great_warding_offer(state))


@effects.verb("aid_from_lesser_spirits")
def aid_from_lesser_spirits(state, step, ctx, answer):
    """Draw a minor power per player plus `extra`; each spirit in turn keeps one as a
    lesser spirit's gift (`seats[i]["lesser_spirits"]`: usable every turn as if played, at no
    card play or energy; turn.py reads it); the rest are discarded."""
    drawn = step.get("drawn")
    if drawn is None:
        drawn = effects.draw_powers(state, "minor", len(state["seats"]) + step.get("extra", 0))
        return [{"step": {**step, "drawn": drawn, "seat": 0}, "ctx": ctx}]
    seat = step["seat"]
    if seat >= len(state["seats"]) or not drawn:
        state.setdefault("power_discard", {}).setdefault("minor", []).extend(drawn)
        return None
    pick = effects.ask_or_take(seat, "gain_card", drawn, answer)
    if isinstance(pick, effects.Ask):
        return pick
    state["seats"][seat].setdefault("lesser_spirits", []).append(pick)
    rest = [c for c in drawn if c != pick]
    return [{"step": {**step, "drawn": rest, "seat": seat + 1}, "ctx": ctx}]
