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
