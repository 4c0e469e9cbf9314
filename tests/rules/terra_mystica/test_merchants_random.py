"""Random legal play with the expansion on each map: listed choices, plus random ship moves
and ship gains written out; invariants after every applied move (ships at most 3 on the
board and on rivers, markers 15 at most and never negative, resources never negative)."""

from __future__ import annotations

import random

import pytest

from rules.core import RuleError
from rules.terra_mystica.merchants.maps import board_for
from rules.terra_mystica.merchants.setup import WAREHOUSE_FACTIONS
from rules.terra_mystica.merchants.ships import launch_spots
from tests.rules.terra_mystica.helpers import E

FACTIONS = ["witches", "nomads", "halflings", "giants", "mermaids", "dwarves", "darklings"]


def random_path(rnd: random.Random, st: dict, name: str) -> list[str] | None:
    fs = st["factions"][name]
    if not fs["ships"]:
        return None
    bd = board_for(st.get("map") or "base")
    path = [rnd.choice(fs["ships"])]
    for _ in range(rnd.randint(1, fs["ship"] + 1)):
        here = path[-1]
        if here in bd.START_TERRAIN:
            break
        foreign = [h for h in bd.ADJ[here] if st["buildings"].get(h, [name])[0] != name]
        if foreign and rnd.random() < 0.6:
            path.append(rnd.choice(foreign))
            break
        path.append(rnd.choice(sorted(bd.SHIP_ADJ[here])))
    return path if len(path) > 1 else None


def check(st: dict) -> None:
    traded = {}
    for hexes in st["trades"].values():
        for f in hexes:
            traded[f] = traded.get(f, 0) + 1
    for name, fs in st["factions"].items():
        assert len(fs["ships"]) <= 3
        if name in WAREHOUSE_FACTIONS:  # merchants stand on land, never on a river
            assert not any(h.startswith("r") for h in fs["ships"])
        else:
            assert all(r.startswith("r") for r in fs["ships"])
        assert 0 <= fs["markers"] <= 15 and fs["markers"] + traded.get(name, 0) == 15
        assert min(fs[k] for k in ("C", "W", "P", "P1", "P2", "P3", "VP")) >= 0
    for hexes in st["trades"].values():
        assert len(hexes) == len(set(hexes))


@pytest.mark.parametrize(
    ("map_id", "seats", "seed"),
    [("base", 3, 1), ("lakes", 4, 2), ("fjords", 2, 3), ("lakes", 5, 4)],
)
def test_random_merchants_games_keep_the_invariants(map_id: str, seats: int, seed: int) -> None:
    rnd = random.Random(seed)
    factions = rnd.sample(FACTIONS, seats)
    st = E.setup({"factions": factions, "merchants": True, "map": map_id}, seats, seed)
    moves = 0
    for _ in range(900):
        if st["phase"] == "over":
            break
        decisions = E.decisions(st)
        d = rnd.choice(decisions)
        texts = [c.text for c in d.choices or []]
        tried = []
        if d.kind == "turn":
            name = st["active"]
            path = random_path(rnd, st, name)
            if path:
                tried.append("move " + "-".join(path) + rnd.choice(["", "/PW", "/FIRE", "/P"]))
            spots = launch_spots(st, name)
            short = max(0, 4 - st["factions"][name]["P3"])
            if spots:
                burn = f"burn {short}. " if short else ""
                tried.append(f"{burn}action ACTM2. ship {rnd.choice(spots)}")
        # passing last, so that games run long enough to use their ships
        rnd.shuffle(texts)
        tried += sorted(texts, key=lambda t: t.startswith("pass"))[:3]
        for text in tried:
            try:
                st, _ = E.apply(st, d.seat, E.parse(st, d.seat, text))
            except RuleError:
                continue
            moves += text.startswith("move")
            break
        check(st)
    assert moves > 0
