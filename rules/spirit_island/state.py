"""A fresh island state: printed setup pieces, blight card, invader deck and track.

The state is a plain JSON-serialisable dict; the RNG lives in it as "rng".
"""

from __future__ import annotations

from rules.core import Rng
from rules.spirit_island import island as isl
from rules.spirit_island.invaders import build_deck, new_track
from rules.spirit_island.pieces import BLIGHT_CARDS, add, empty_land, new_blight_card

SETUP_KINDS = ("city", "town", "dahan")


def new_state(boards: list[str], seed: int) -> dict:
    isl.SHAPE.set(None)  # a new game starts on the standard island, whatever came before
    names = isl.land_names(tuple(boards))
    lands = {name: empty_land() for name in names}
    for name, (*pieces, blight) in isl.setup_pieces(tuple(boards)).items():
        for kind, n in zip(SETUP_KINDS, pieces, strict=True):
            add(lands[name], kind, n)
        lands[name]["blight"] = blight
    rng = Rng(seed)
    deck = build_deck(rng)
    blight_deck = list(BLIGHT_CARDS)
    rng.shuffle(blight_deck)
    return {
        "boards": list(boards),
        "lands": lands,
        "blight_card": new_blight_card(len(boards), blight_deck),
        "deck": deck,
        "track": new_track(),
        "fear_earned": 0,
        "rng": rng.state,
    }


# --- a whole game's setup (the engine's) -------------------------------------------------------

BOARD_ORDER = ("A", "B", "C", "D", "E", "F")
# One base-game spirit per seat unless the lobby picks others.
DEFAULT_SPIRITS = (
    "River Surges in Sunlight",
    "Vital Strength of the Earth",
    "Lightning's Swift Strike",
    "Shadows Flicker Like Flame",
)


def _optional(module: str):
    from rules.spirit_island.effects import optional

    return optional(module)


# The sets whose Minor and Major power decks may be in play (a card's `set`).
POWER_SETS = ("base", "branch_and_claw", "jagged_earth")


def _power_decks(state: dict, rng: Rng, sets: tuple[str, ...] = POWER_SETS) -> None:
    """The Minor and Major power decks of the sets in play, shuffled and hidden. A card
    marked `not_modelled` (its effect is not whole yet) stays out; `left_out` names them,
    and the first move's report says so."""
    powers = _optional("powers")
    cards = getattr(powers, "CARDS", {})
    left_out = []
    for kind in ("minor", "major"):
        names = sorted(n for n, c in cards.items()
                       if c.get("deck") == kind and c.get("set", "base") in sets)
        left_out += [n for n in names if cards[n].get("not_modelled")]
        deck = [n for n in names if not cards[n].get("not_modelled")]
        rng.shuffle(deck)
        state["secret"][f"{kind}_deck"] = deck
    state["power_discard"] = {"minor": [], "major": []}
    state["left_out"] = sorted(left_out)


def new_game(
    players: int,
    seed: int,
    spirits: list[str] | None = None,
    boards: list[str] | None = None,
    adversary: str | None = None,
    level: int = 0,
    events: bool = True,
    decks: list[str] | None = None,
) -> dict:
    """Setup for a game: island, tokens, spirits, adversary, fear, events, power decks.

    Modules of the other rule areas plug in when present (events, adversaries); the
    setup choices spirits leave (`setup_presence` frames) wait in the queue."""
    boards = list(boards or BOARD_ORDER[:players])
    spirits = list(spirits or DEFAULT_SPIRITS[:players])
    state = new_state(boards, seed)
    state["secret"] = {"deck": state.pop("deck")}
    state.update(seats=[], queue=[], rules=[], turn=0, phase="setup",
                 options={"events": events}, adversary=None, track=state["track"])
    tokens = _optional("tokens")
    if tokens is not None:
        tokens.setup_tokens(state)
    spirit_rules = _optional("spirits")
    for seat, name in enumerate(spirits):
        spirit_rules.setup(state, seat, name)
    adversaries = _optional("adversaries")
    if adversary and adversaries is not None:
        state["adversary"] = {"name": adversary, "level": level}
        adversaries.setup(state, adversary, level)
    fear = _optional("fear")
    if fear is not None and "fear" not in state:
        counts = state.get("fear_counts")
        fear.new_fear(state, players, counts)
    event_rules = _optional("events")
    if events and event_rules is not None:
        event_rules.setup(state)
    blight = _optional("blight")
    if blight is not None:
        blight.setup(state)
    rng = Rng(state["rng"])
    _power_decks(state, rng, tuple(decks or POWER_SETS))
    state["rng"] = rng.state
    return state
