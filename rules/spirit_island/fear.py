"""Fear: the pool, the earned pile, the fear deck with its Terror Level dividers, and the
earned cards resolved in the Invader phase.

`state["fear"]`: `pool` (markers left to generate before the next card), `earned` (markers
on the earned pile; pool + earned = `size`), `earned_cards` (cards earned and not yet
resolved, in order), `discard` (resolved cards), `terror_level` (1-3, 4 once every fear
card is earned: the spirits win), `counts` (cards per Terror Level), `resolved_turn` (the
last turn a fear card was resolved). The deck's order is secret: `state["secret"]["fear_deck"]`,
top first, with `"divider:2"`/`"divider:3"` between the levels and, against Russia level 5,
`"invader:<card>"` entries (base rules and errata B11).

The cards' effects are data (`data/fear_cards.json`) in the effect language; the verbs and
filter keys they add are in fear_verbs.py, their lasting rules' hooks at the end here.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules.core import Rng
from rules.spirit_island import effects, fear_verbs, hooks, tokens
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs

POOL_PER_PLAYER = 4
DEFAULT_COUNTS = (3, 3, 3)
VICTORY_LEVEL = 4  # "Terror Level IV": every fear card earned
DIVIDER = "divider:"
INVADER_CARD = "invader:"

_DATA = json.loads((Path(__file__).parent / "data" / "fear_cards.json").read_text("utf-8"))
CARDS: dict[str, dict] = _DATA["cards"]
SETS = ("base", "branch_and_claw", "jagged_earth")


def card_names(sets: tuple[str, ...] = SETS) -> list[str]:
    return [name for name, card in CARDS.items() if card["set"] in sets]


def new_fear(
    state: dict,
    players: int,
    adversary_counts: tuple[int, int, int] | list[int] | None = None,
    extra_per_player: int = 0,
    sets: tuple[str, ...] = SETS,
) -> None:
    """Deal the fear deck (counts per Terror Level, 3/3/3 by default) and fill the pool with
    4 markers per player (plus any per-player extra an adversary or variant adds). Playing
    without events adds 1 card to Terror Level II (digest 6.5, seed L858)."""
    counts = list(adversary_counts or DEFAULT_COUNTS)
    if state.get("options", {}).get("events") is False:
        counts[1] += 1
    rng = Rng(state["rng"])
    names = card_names(sets)
    rng.shuffle(names)
    state["rng"] = rng.state
    if sum(counts) > len(names):
        raise ValueError(f"{sum(counts)} fear cards wanted, {len(names)} in the box")
    deck: list[str] = []
    for level, n in enumerate(counts, start=1):
        if level > 1:
            deck.append(f"{DIVIDER}{level}")
        deck += names[:n]
        names = names[n:]
    size = (POOL_PER_PLAYER + extra_per_player) * players
    state["fear"] = {
        "pool": size,
        "earned": 0,
        "size": size,
        "earned_cards": [],
        "discard": [],
        "terror_level": 1,
        "counts": counts,
        "resolved_turn": None,
    }
    state.setdefault("secret", {})["fear_deck"] = deck
    _reveal(state)  # a level with 0 cards exposes its divider at once


def terror_level(state: dict) -> int:
    return state["fear"]["terror_level"]


def cards_left(state: dict) -> int:
    return sum(1 for e in state["secret"]["fear_deck"] if e in CARDS)


def earn(state: dict, n: int = 1) -> list[str]:
    """Generate `n` fear: markers move from the pool to the earned pile; when the pool is
    empty a card is earned and the earned markers go back to the pool, so leftover fear
    keeps counting (errata B11). Returns the cards earned."""
    fear = state["fear"]
    got = []
    for _ in range(n):
        if fear["terror_level"] >= VICTORY_LEVEL:
            break
        fear["pool"] -= 1
        fear["earned"] += 1
        if fear["pool"] <= 0:
            fear["pool"], fear["earned"] = fear["earned"], 0
            card = _earn_card(state)
            if card is not None:
                got.append(card)
    return got


def add_to_pool(state: dict, n: int) -> None:
    """More markers in the pool from the box (blight cards, England level 6)."""
    state["fear"]["pool"] += n
    state["fear"]["size"] += n


def _earn_card(state: dict) -> str | None:
    """The top fear card is earned. What lies above it first takes effect: an effect that took
    a card off the deck (the event Weave Lies in the Minds of their Observers) may have left a
    divider or Russia's Invader card on top. None when no card is left (Terror Level IV)."""
    _reveal(state)
    deck = state["secret"]["fear_deck"]
    if not deck:
        return None
    card = deck.pop(0)
    state["fear"]["earned_cards"].append(card)
    _reveal(state)
    return card


def reveal(state: dict) -> None:
    """`_reveal` for the modules that take cards off the fear deck: call it after."""
    _reveal(state)


def _reveal(state: dict) -> None:
    """What lies on top of the fear deck once a card is taken: a divider raises the Terror
    Level at once (B11); an Invader card (Russia level 5) goes to the Build space; an empty
    deck is Terror Level IV."""
    deck = state["secret"]["fear_deck"]
    while deck and deck[0] not in CARDS:
        entry = deck.pop(0)
        if entry.startswith(DIVIDER):
            state["fear"]["terror_level"] = int(entry[len(DIVIDER) :])
        elif entry.startswith(INVADER_CARD):
            state["track"]["build"].append(entry[len(INVADER_CARD) :])
    if not deck:
        state["fear"]["terror_level"] = VICTORY_LEVEL


def insert_under(state: dict, entry: str, fear_cards: int) -> None:
    """Put an entry into the fear deck directly under its top `fear_cards` fear cards."""
    deck = state["secret"]["fear_deck"]
    seen = 0
    for i, e in enumerate(deck):
        if seen == fear_cards:
            deck.insert(i, entry)
            return
        seen += e in CARDS
    deck.append(entry)


def resolve_step(state: dict) -> list[str]:
    """The Invader phase's Fear step: queue every earned card, in the order earned, behind
    what is queued (turn.py queues the next part of the phase after this one's frames).
    Each card reads the Terror Level when it resolves."""
    fear = state["fear"]
    cards, fear["earned_cards"] = fear["earned_cards"], []
    if cards:
        fear["resolved_turn"] = state.get("turn")
    steps = [{"do": "fear_card", "card": name} for name in cards]
    effects.append(state, [*steps, {"do": "fear_step_end"}], {"seat": None, "source": "fear"})
    return cards


@effects.verb("fear_step_end")
def _fear_step_end(state: dict, step: dict, ctx: dict, answer: object) -> None:
    """The Fear step is over and the Ravage step comes next: rules that act between them
    (England's High Immigration build) hook `ravage_step`, fired here only."""
    hooks.fire(state, "ravage_step")
    return None


def card_effect(name: str, level: int) -> list[dict]:
    return CARDS[name]["levels"][min(level, 3) - 1]


@effects.verb("fear_card")
def _fear_card(state: dict, step: dict, ctx: dict, answer: object) -> list[dict]:
    name = step["card"]
    state["fear"]["discard"].append(name)
    state["fear"]["chosen"] = []  # lands picked for this card (`different`)
    sub = fear_verbs.fresh_ctx(state, ctx, seat=None, source=name)
    effect = card_effect(name, terror_level(state))
    for changed in hooks.fire(state, "fear_effect", card=name, effect=effect):
        effect = changed
    return effects.frames(effect, sub)


# --- lasting effects: rule ids and marks until time passes --------------------------------------


@effects.verb("lasting")
def _lasting(state, step, ctx, answer):
    """A rule that lasts until the end of this turn (`time_passes` drops it)."""
    rule = step["rule"]
    rules = state.setdefault("rules", [])
    if rule not in rules:
        rules.append(rule)
        state.setdefault("turn_rules", []).append(rule)
    return None


@effects.verb("strife_weakens")
def _strife_weakens(state, step, ctx, answer):
    """Until the end of the turn invaders have -1 Health per strife (min 1; pieces.health
    reads the island's turn mark, errata A7)."""
    state.setdefault("turn_marks", {}).setdefault(pcs.ISLAND, {})["strife_weakens"] = True
    return None


def time_passes(state: dict) -> None:
    """Drop the rules that lasted this turn only."""
    for rule in state.pop("turn_rules", []):
        if rule in state.get("rules", []):
            state["rules"].remove(rule)


# --- the lasting rules' hooks ---------------------------------------------------------------


def _land(state: dict, name: str) -> dict:
    return state["lands"][name]


def _cities_towns(land: dict) -> int:
    return len(land["town"]) + len(land["city"])


def _lowest_per_board(state: dict, card: str) -> list[str]:
    """The lowest-numbered land matching the card on each board (a joined land counts as
    its lower number, `island.numbers`)."""
    lands = inv.matching_lands(state, card)
    boards = tuple(state["boards"])
    return [min(on, key=lambda n: min(isl.numbers(boards, n)))
            for board in state["boards"] if (on := [n for n in lands if n[0] == board])]


@effects.verb("skip_lowest")
def _skip_lowest(state, step, ctx, answer):
    """Immigration Slows I: this turn's build skips the lowest-numbered land matching each
    build card on each board."""
    for card in state["track"]["build"]:
        for name in _lowest_per_board(state, card):
            tokens.add_skip(state, name, step["action"])
    return None


@effects.verb("hold_build_cards")
def _hold_build_cards(state, step, ctx, answer):
    """Immigration Slows II: the Build space's cards stay there when the cards advance (they
    are taken back from the Ravage space as the next Invader phase starts)."""
    state["fear"].setdefault("held", []).extend(state["track"]["build"])
    if "fear:hold_build" not in state["rules"]:
        state["rules"].append("fear:hold_build")
    return None


@hooks.on("invader_phase", "fear:hold_build")
def _held_build_cards(state: dict, **kw) -> None:
    track = state["track"]
    for card in reversed(state["fear"].pop("held", [])):
        if card in track["ravage"]:
            track["ravage"].remove(card)
            track["build"].insert(0, card)  # placed first: resolved first (seed L469)
    state["rules"].remove("fear:hold_build")


@hooks.on("explore_card", "explorers_reluctant:1")
def _reluctant_explorers(state: dict, card: str, **kw) -> None:
    """Explorers are Reluctant I: the next normal explore skips the lowest-numbered land
    matching its card on each board (once)."""
    for name in _lowest_per_board(state, card):
        tokens.add_skip(state, name, "explore")
    state["rules"].remove("explorers_reluctant:1")


def _only_diseased_sources(state: dict, name: str) -> bool:
    """Quarantine II: every source this land could explore from holds disease (an Ocean,
    or a land with a town/city, in or next to it; isolated lands are no source)."""
    boards = tuple(state["boards"])
    lands = state["lands"]
    sources = [n for n in (name, *isl.adjacent(boards, name, ocean=True))
               if not tokens.is_isolated(state, n)
               and (n not in lands or _cities_towns(lands[n]))]
    return all(n in lands and lands[n]["disease"] for n in sources)


_STOP_EXPLORE = {
    "quarantine:2": lambda s, n, kw: _only_diseased_sources(s, n),
    "avoid_the_dahan:1": lambda s, n, kw: len(_land(s, n)["dahan"]) >= 2,
    "explorers_reluctant:2": lambda s, n, kw: True,
    "explorers_reluctant:3": lambda s, n, kw: True,
    "quarantine:3": lambda s, n, kw: bool(_land(s, n)["disease"]),
    "panicked_by_beasts:2": lambda s, n, kw: bool(_land(s, n)["beasts"]),
    "panicked_by_beasts:3": lambda s, n, kw: bool(_land(s, n)["beasts"]),
}
_STOP_BUILD = {
    "avoid_the_dahan:2": lambda s, n, kw: len(_land(s, n)["dahan"]) > _cities_towns(_land(s, n)),
    "avoid_the_dahan:3": lambda s, n, kw: bool(_land(s, n)["dahan"]),
    "trade_suffers:1": lambda s, n, kw: bool(_land(s, n)["city"]),
    "overseas_trade:2": lambda s, n, kw: kw.get("piece") == "city"
    and isl.is_coastal(tuple(s["boards"]), n),
    "immigration_slows:2": lambda s, n, kw: True,
    "immigration_slows:3": lambda s, n, kw: True,
    "quarantine:3": lambda s, n, kw: bool(_land(s, n)["disease"]),
    "panicked_by_beasts:2": lambda s, n, kw: bool(_land(s, n)["beasts"]),
    "panicked_by_beasts:3": lambda s, n, kw: bool(_land(s, n)["beasts"]),
}


def _stopper(test):
    def handler(state: dict, land: str, **kw) -> bool | None:
        return False if test(state, land, kw) else None

    return handler


for _point, _table in (("explore_land", _STOP_EXPLORE), ("build_land", _STOP_BUILD)):
    for _rule, _test in _table.items():
        hooks.on(_point, _rule)(_stopper(_test))

LASTING_RULES = sorted({*_STOP_EXPLORE, *_STOP_BUILD, "explorers_reluctant:1"})
