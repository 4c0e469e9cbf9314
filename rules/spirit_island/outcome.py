"""Win and loss, checked once an action tree is complete (errata B8).

Losses recorded during the action ("blight", "time") sit in state["lost"]; a spirit with
no presence left on the island is a loss too, and so is any reason a `loss` hook returns
(an adversary's own loss rule). Victory depends on the Terror Level.
Meeting both at once is a sacrifice victory.
"""

from __future__ import annotations

from rules.spirit_island.hooks import fire
from rules.spirit_island.pieces import INVADERS

# Terror Level -> the invader kinds that must all be gone for a win.
VICTORY_KINDS = {1: INVADERS, 2: ("town", "city"), 3: ("city",)}
TERROR_WIN = 4  # every fear card earned


def _presence(state: dict, spirit: str) -> int:
    return sum(land["presence"].get(spirit, 0) for land in state["lands"].values())


def loss(state: dict, spirits: list[str]) -> str | None:
    if state.get("lost"):
        return state["lost"]
    if any(_presence(state, s) == 0 for s in spirits):
        return "presence"
    return next(iter(fire(state, "loss")), None)


def victory(state: dict, terror_level: int) -> bool:
    if terror_level >= TERROR_WIN:
        return True
    kinds = VICTORY_KINDS[terror_level]
    return not any(land[k] for land in state["lands"].values() for k in kinds)


def outcome(state: dict, spirits: list[str], terror_level: int) -> str | None:
    """ "win", "sacrifice" (win and loss together), "loss:<why>", or None to play on."""
    won, lost = victory(state, terror_level), loss(state, spirits)
    if won:
        return "sacrifice" if lost else "win"
    return f"loss:{lost}" if lost else None
