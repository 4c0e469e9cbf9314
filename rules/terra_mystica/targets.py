"""Where a decision's transforms lead, for labels such as "변형 A1 → 사막".

A transform without a colour turns a hex towards home terrain: all the way when the spades
suffice, else as far as they reach (one hex may stop on another colour). The decision's
params carry the result per hex, and the names of every colour its transforms reach.
"""

from __future__ import annotations

from typing import Any

from rules.core import Choice, RuleError
from rules.terra_mystica.factions import FACTIONS
from rules.terra_mystica.notation import commands_of
from rules.terra_mystica.notation_ko import TERRAINS
from rules.terra_mystica.state import State
from rules.terra_mystica.terraform import transform_spend
from rules.terra_mystica.tile_texts import TERRAINS_EN

ENOUGH = 7  # more spades than any transform needs: a colourless transform reaches home


def terrain_names(colour: str) -> dict[str, str]:
    return {"en": TERRAINS_EN[colour], "ko": TERRAINS[colour]}


def reached(st: State, name: str, hex_id: str, spades: int | None) -> str:
    """The colour hex_id becomes by a colourless transform with `spades` on hand (None: as
    many as needed, as in a turn menu whose transforms dig or pay what they lack)."""
    home = FACTIONS[name].color
    try:
        return transform_spend(name, st["terrain"][hex_id], home,
                               ENOUGH if spades is None else spades, False)[1]
    except RuleError:
        return home


def transform_params(st: State, name: str, choices: list[Choice],
                     spades: int | None = None) -> dict[str, Any]:
    """{"transform_to": {hex: colour}, "terrains": {colour: {"en", "ko"}}} for the choices'
    transforms (none: {}). Colourless transforms are resolved here; a chosen colour is
    named in "terrains" too."""
    to: dict[str, str] = {}
    colours: set[str] = set()
    for c in choices:
        for cmd in commands_of(c.action):
            if cmd["type"] != "transform" or cmd.get("hex") not in st["terrain"]:
                continue
            colour = cmd.get("color")
            if colour is None:
                colour = to.setdefault(cmd["hex"], reached(st, name, cmd["hex"], spades))
            if colour in TERRAINS:
                colours.add(colour)
    if not colours:
        return {}
    return {"transform_to": to,
            "terrains": {c: terrain_names(c) for c in sorted(colours)}}
