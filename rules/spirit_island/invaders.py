"""The Invader phase steps: explore, build, ravage with blight and its cascade, and the
invader deck and track.

Cards are strings: "1:jungle" (stage I), "2:wetland" (stage II, escalation), "2:coastal",
"3:jungle+mountain" (stage III). Choices the players make (where blight cascades, how
dahan spread their damage) are passed in; when absent, the first legal option is taken.
"""

from __future__ import annotations

from itertools import combinations

from rules.core import Rng
from rules.spirit_island import island as isl
from rules.spirit_island.boards import JUNGLE, MOUNTAIN, SANDS, WETLAND
from rules.spirit_island.pieces import (
    ATTACK,
    HEALTH,
    INVADERS,
    add,
    damage,
    damage_dahan,
    destroy_presence,
    invader_count,
    take_blight,
)

TERRAINS = (JUNGLE, MOUNTAIN, SANDS, WETLAND)
STAGE_CARDS = {
    1: [f"1:{t}" for t in TERRAINS],
    2: [f"2:{t}" for t in TERRAINS] + ["2:coastal"],
    3: [f"3:{a}+{b}" for a, b in combinations(TERRAINS, 2)],
}
STAGE_COUNTS = (3, 4, 5)  # cards kept per stage after one random card is removed from each


def build_deck(rng: Rng) -> list[str]:
    """111-2222-33333: each stage shuffled, one random card out, stages stacked in order."""
    deck = []
    for stage, keep in zip((1, 2, 3), STAGE_COUNTS, strict=True):
        cards = list(STAGE_CARDS[stage])
        rng.shuffle(cards)
        deck += cards[:keep]
    return deck


def stage(card: str) -> int:
    return int(card.split(":")[0])


def escalates(card: str) -> bool:
    """Stage II terrain cards carry the escalation icon; the coastal card does not."""
    return stage(card) == 2 and card != "2:coastal"


def matches(boards: tuple[str, ...], card: str, land: str) -> bool:
    row = isl.island(boards)[land]
    if row["terrain"] == "ocean":
        return False
    kind = card.split(":")[1]
    if kind == "coastal":
        return row["coastal"]
    return row["terrain"] in kind.split("+")


def matching_lands(state: dict, card: str) -> list[str]:
    boards = tuple(state["boards"])
    return [name for name in isl.land_names(boards) if matches(boards, card, name)]


# --- explore and build -------------------------------------------------------------------------


def _is_source(state: dict, name: str) -> bool:
    land = state["lands"].get(name)
    if land is None:  # Oceans hold no pieces but are sources
        return True
    return bool(land["town"] or land["city"])


def explore(state: dict, card: str) -> list[str]:
    """One explorer into each matching land that is, or is next to, a town, city or Ocean."""
    boards = tuple(state["boards"])
    explored = []
    for name in matching_lands(state, card):
        near = (name, *isl.adjacent(boards, name, ocean=True))
        if any(_is_source(state, n) for n in near):
            add(state["lands"][name], "explorer")
            explored.append(name)
    return explored


def build(state: dict, card: str) -> dict[str, str]:
    """In each matching land with invaders: a city if more towns than cities, else a town."""
    built = {}
    for name in matching_lands(state, card):
        land = state["lands"][name]
        if invader_count(land):
            kind = "city" if len(land["town"]) > len(land["city"]) else "town"
            add(land, kind)
            built[name] = kind
    return built


# --- blight -------------------------------------------------------------------------------------


def add_blight(state: dict, name: str, cascade_to: list[str] | None = None) -> list[str]:
    """Add blight from the card to a land: it destroys 1 presence of each spirit there, and
    cascades into an adjacent land (never an Ocean) if the land already had blight.

    `cascade_to` lists the players' picks for successive cascades; without one, the first
    adjacent land with no blight (else the first adjacent land). Returns every land that
    received blight, in order.
    """
    picks = list(cascade_to or [])
    boards = tuple(state["boards"])
    blighted = []
    while True:
        land = state["lands"][name]
        had_blight = land["blight"] > 0
        take_blight(state)
        land["blight"] += 1
        blighted.append(name)
        for spirit in list(land["presence"]):
            destroy_presence(land, spirit)
        if not had_blight or state.get("lost"):
            return blighted  # once lost, a cascade could run on for ever: the game is over
        options = isl.adjacent(boards, name)
        unblighted = [n for n in options if not state["lands"][n]["blight"]]
        pick = picks.pop(0) if picks else (unblighted or options)[0]
        if pick not in options:
            raise ValueError(f"blight cannot cascade from {name} to {pick}")
        name = pick


# --- ravage -------------------------------------------------------------------------------------


def counterattack(state: dict, land: dict, amount: int, order: list[str] | None = None) -> None:
    """Dahan damage to invaders; `order` is the players' target kinds, piece by piece.

    Without an order, damage goes where it destroys the most valuable piece it can.
    """
    targets = list(order or [])
    while amount > 0 and invader_count(land):
        if targets:
            kind = targets.pop(0)
        else:
            kind = _best_target(land, amount)
        if not land[kind]:
            raise ValueError(f"no {kind} to damage")
        land[kind].sort(reverse=True)
        amount -= damage(state, land, kind, amount, 0)


def _best_target(land: dict, amount: int) -> str:
    killable = [k for k in reversed(INVADERS) if land[k] and HEALTH[k] - max(land[k]) <= amount]
    if killable:
        return killable[0]
    return next(k for k in reversed(INVADERS) if land[k])


def ravage(
    state: dict,
    name: str,
    defend: int = 0,
    cascade_to: list[str] | None = None,
    dahan_order: list[str] | None = None,
) -> dict:
    """One Ravage action in one land (Jagged Earth order, digest 4.5, errata B3/B5).

    The invaders' total damage, less defend, hits the land (2+ adds blight) and the dahan
    (destroying as many as possible); then each surviving dahan deals 2 damage back.
    """
    land = state["lands"][name]
    total = sum(ATTACK[k] * len(land[k]) for k in INVADERS)
    total = max(0, total - defend)
    report = {"damage": total, "blight": []}
    if total >= 2:
        report["blight"] = add_blight(state, name, cascade_to)
    damage_dahan(state, land, total)
    counter = ATTACK["dahan"] * len(land["dahan"])
    report["counterattack"] = counter
    counterattack(state, land, counter, dahan_order)
    return report


def ravage_card(state: dict, card: str, **choices) -> dict[str, dict]:
    """Ravage in every matching land that has invaders."""
    return {
        name: ravage(state, name, **choices.get(name, {}))
        for name in matching_lands(state, card)
        if invader_count(state["lands"][name])
    }


# --- the track ----------------------------------------------------------------------------------


def new_track() -> dict:
    return {"ravage": [], "build": [], "explore": [], "discard": []}


def initial_explore(state: dict) -> list[str]:
    """Setup: the first card explores at once and moves on to build."""
    card = state["deck"].pop(0)
    explored = explore(state, card)
    state["track"]["build"].append(card)
    return explored


def invader_steps(state: dict, choices: dict | None = None) -> dict:
    """Ravage, build, explore (drawing a card), then advance the cards along the track.

    An empty deck when a card must be drawn is a loss (time runs out).
    """
    choices = choices or {}
    track = state["track"]
    log: dict = {"ravage": [], "build": {}, "explore": []}
    for card in track["ravage"]:  # a land matching two cards ravages twice
        for name, report in ravage_card(state, card, **choices).items():
            log["ravage"].append({"card": card, "land": name, **report})
    for card in track["build"]:
        log["build"].update(build(state, card))
    if not state["deck"]:
        state["lost"] = "time"
        return log
    card = state["deck"].pop(0)
    log["drawn"] = card
    log["explore"] = explore(state, card)
    track["explore"].append(card)
    track["discard"] += track["ravage"]
    track["ravage"], track["build"], track["explore"] = track["build"], track["explore"], []
    return log
