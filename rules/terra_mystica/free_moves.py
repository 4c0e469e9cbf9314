"""Free commands of the active faction as choices: conversions, burning power, Mermaids' connect.

Lists stay short: per conversion kind one choice for a single unit and one for the most the
faction can afford; burning 1 and burning the most.
"""

from __future__ import annotations

from typing import Any

from rules.core import Choice
from rules.terra_mystica import board
from rules.terra_mystica.choices import choice
from rules.terra_mystica.factions import FACTIONS
from rules.terra_mystica.power import CONVERSIONS, CONVERT_EXTRA
from rules.terra_mystica.state import State, owner_buildings
from rules.terra_mystica.towns import connect_founds_town

# Typed, these still work (the site allows them any time: notation §3.8), but they are not
# offered: the rulebook gives 3 coins = 1 VP only at final scoring ("자원 점수", base seed
# L1110). The Alchemists' own 2:1 trade is their ability and stays offered.
NOT_OFFERED = {(("C", "VP"), 3)}


def conversion_table(name: str) -> dict[tuple[str, str], int]:
    return {**CONVERSIONS, **CONVERT_EXTRA.get(name, {})}


def most_units(fs: dict[str, Any], src: str, dst: str, rate: int) -> int:
    """How many units of `dst` the faction can get from `src` now."""
    have = fs["P3"] if src == "PW" else fs[src]
    n = have // rate
    if dst == "P":
        n = min(n, 7 - fs["priests_out"] - fs["P"])  # the faction's own seven priests
    return max(0, n)


def conversion_texts(fs: dict[str, Any], name: str) -> list[str]:
    out = []
    for (src, dst), rate in conversion_table(name).items():
        if ((src, dst), rate) in NOT_OFFERED:
            continue
        top = most_units(fs, src, dst, rate)
        for n in sorted({1, top}):
            if 1 <= n <= top:
                out.append(f"convert {rate * n}{src} to {n}{dst}")
    return out


def burn_texts(fs: dict[str, Any]) -> list[str]:
    top = fs["P2"] // 2
    return [f"burn {n}" for n in sorted({1, top}) if 1 <= n <= top]


def connect_texts(st: State, name: str) -> list[str]:
    """Rivers whose naming would found a Mermaids town now."""
    if not FACTIONS[name].town_river_skip:
        return []
    own = set(owner_buildings(st, name))
    if len(own) < 3:
        return []
    out = []
    for river in board.of(st).RIVERS:
        shore = [h for h in board.of(st).ADJ[river] if h in own]
        if len(shore) >= 2 and connect_founds_town(st, name, river):
            out.append(f"connect {river}")
    return out


def free_choices(st: State, name: str) -> list[Choice]:
    fs = st["factions"][name]
    texts = connect_texts(st, name) + burn_texts(fs) + conversion_texts(fs, name)
    return [choice(x) for x in texts]
