"""Every faction board against the rules digest's Appendix B (start values, costs, income,
tracks), written out here row by row so that a slip in factions.py shows up."""

from __future__ import annotations

import re

import pytest

from rules.terra_mystica.factions import FACTIONS

# Faction | start W/C/P | bowls I/II | cults F/W/E/A | D | TH (neighbour/none) | TE | SH | SA
B1 = """
auren          | 3/15/0 | 5/7 | 0/1/0/1 | 1W2C | 2W 3C/6C | 2W5C | 4W6C  | 4W8C
witches        | 3/15/0 | 5/7 | 0/0/0/2 | 1W2C | 2W 3C/6C | 2W5C | 4W6C  | 4W6C
alchemists     | 3/15/0 | 5/7 | 1/1/0/0 | 1W2C | 2W 3C/6C | 2W5C | 4W6C  | 4W6C
darklings      | 1/15/1 | 5/7 | 0/1/1/0 | 1W2C | 2W 3C/6C | 2W5C | 4W6C  | 4W10C
halflings      | 3/15/0 | 3/9 | 0/0/1/1 | 1W2C | 2W 3C/6C | 2W5C | 4W8C  | 4W6C
cultists       | 3/15/0 | 5/7 | 1/0/1/0 | 1W2C | 2W 3C/6C | 2W5C | 4W8C  | 4W8C
engineers      | 2/10/0 | 3/9 | 0/0/0/0 | 1W1C | 1W 2C/4C | 1W4C | 3W6C  | 3W6C
dwarves        | 3/15/0 | 5/7 | 0/0/2/0 | 1W2C | 2W 3C/6C | 2W5C | 4W6C  | 4W6C
mermaids       | 3/15/0 | 3/9 | 0/2/0/0 | 1W2C | 2W 3C/6C | 2W5C | 4W6C  | 4W8C
swarmlings     | 8/20/0 | 3/9 | 1/1/1/1 | 2W3C | 3W 4C/8C | 3W6C | 5W8C  | 5W8C
chaosmagicians | 4/15/0 | 5/7 | 2/0/0/0 | 1W2C | 2W 3C/6C | 2W5C | 4W4C  | 4W8C
giants         | 3/15/0 | 5/7 | 1/0/0/1 | 1W2C | 2W 3C/6C | 2W5C | 4W6C  | 4W6C
fakirs         | 3/15/0 | 7/5 | 1/0/0/1 | 1W2C | 2W 3C/6C | 2W5C | 4W10C | 4W6C
nomads         | 2/15/0 | 5/7 | 1/0/1/0 | 1W2C | 2W 3C/6C | 2W5C | 4W8C  | 4W6C
"""

STD_D = (1, 2, 3, 4, 5, 6, 7, 8, 8)
STD_TP = ((0, 2, 4, 6, 8), (0, 1, 2, 4, 6))
RICH_TP = ((0, 2, 4, 7, 11), (0, 1, 2, 3, 4))
# B.3: dwellings W; trading houses C / PW; temples P (/ PW); SH income; SA income
B3 = {
    "alchemists": {"tp": RICH_TP, "sh": {"C": 6}},
    "nomads": {"tp": RICH_TP},
    "dwarves": {"tp": ((0, 3, 5, 7, 10), (0, 1, 2, 4, 6))},
    "engineers": {"d": (0, 1, 2, 2, 3, 4, 4, 5, 6), "te": ((0, 1, 1, 2), (0, 0, 5, 5))},
    "swarmlings": {"d": (2, 3, 4, 5, 6, 7, 8, 9, 9), "tp": ((0, 2, 4, 6, 9), (0, 2, 4, 6, 8)),
                   "sh": {"PW": 4}, "sa": {"P": 2}},
    "mermaids": {"sh": {"PW": 4}},
    "giants": {"sh": {"PW": 4}},
    "chaosmagicians": {"sh": {"W": 2}},
    "fakirs": {"sh": {"P": 1}},
    "darklings": {"sa": {"P": 2}},
}


def cost(text: str) -> dict[str, int]:
    return {k: int(n) for n, k in re.findall(r"(\d+)([WC])", text)}


ROWS = [[c.strip() for c in line.split("|")] for line in B1.strip().splitlines()]


def test_every_faction_has_a_row() -> None:
    assert sorted(r[0] for r in ROWS) == sorted(FACTIONS)


@pytest.mark.parametrize("row", ROWS, ids=[r[0] for r in ROWS])
def test_start_values_and_building_costs(row: list[str]) -> None:
    name, start, bowls, cults, d, tp, te, sh, sa = row
    f = FACTIONS[name]
    w, c, p = (int(x) for x in start.split("/"))
    assert (f.start["W"], f.start["C"], f.start["P"]) == (w, c, p)
    assert (f.start["P1"], f.start["P2"]) == tuple(int(x) for x in bowls.split("/"))
    assert f.cults == tuple(int(x) for x in cults.split("/"))
    assert f.costs["D"] == cost(d)
    workers, coins = tp.split(" ")
    near, alone = coins.split("/")
    assert f.costs["TP"] == {**cost(workers), **cost(near)}
    assert 2 * f.costs["TP"]["C"] == cost(alone)["C"]  # the price without a neighbour
    assert (f.costs["TE"], f.costs["SH"], f.costs["SA"]) == (cost(te), cost(sh), cost(sa))


@pytest.mark.parametrize("name", sorted(FACTIONS))
def test_income_per_building(name: str) -> None:
    f = FACTIONS[name]
    want = B3.get(name, {})
    assert f.d_income == want.get("d", STD_D)
    coins, power = want.get("tp", STD_TP)
    assert [x.get("C", 0) for x in f.tp_income] == list(coins)
    assert [x.get("PW", 0) for x in f.tp_income] == list(power)
    priests, te_power = want.get("te", ((0, 1, 2, 3), (0, 0, 0, 0)))
    assert [x.get("P", 0) for x in f.te_income] == list(priests)
    assert [x.get("PW", 0) for x in f.te_income] == list(te_power)
    assert f.sh_income == want.get("sh", {"PW": 2})
    assert f.sa_income == want.get("sa", {"P": 1})


@pytest.mark.parametrize("name", sorted(FACTIONS))
def test_shipping_and_exchange_tracks(name: str) -> None:
    f = FACTIONS[name]
    if name in ("dwarves", "fakirs"):
        assert f.ship is None and f.teleport is not None
    elif name == "mermaids":
        assert (f.ship["start"], f.ship["max"]) == (1, 5)
        assert f.ship["vp"] == {2: 2, 3: 3, 4: 4, 5: 5}
    else:
        assert (f.ship["start"], f.ship["max"], f.ship["vp"]) == (0, 3, {1: 2, 2: 3, 3: 4})
    if name == "darklings":
        assert f.dig is None and f.spade_pay == {"P": 1, "VP": 2}
    else:
        steps = 1 if name == "fakirs" else 2
        coins = 1 if name == "halflings" else 5
        assert f.dig == {"max": steps, "cost": {"W": 2, "C": coins, "P": 1}}
    if f.teleport:
        if name == "dwarves":
            assert f.teleport["cost"] == ({"W": 2}, {"W": 1})
            assert f.teleport["range"] == (1, 1)
        else:
            assert f.teleport["cost"] == ({"P": 1}, {"P": 1})
            assert f.teleport["range"] == (1, 2)
        assert f.teleport["vp"] == 4


def test_special_numbers_of_the_faction_texts() -> None:
    assert FACTIONS["chaosmagicians"].initial_dwellings == 1
    assert FACTIONS["nomads"].initial_dwellings == 3
    assert FACTIONS["chaosmagicians"].favors_per_temple == 2
    assert FACTIONS["alchemists"].coins_per_vp == 2
    assert all(f.coins_per_vp == 3 for n, f in FACTIONS.items() if n != "alchemists")
    assert FACTIONS["witches"].town_bonus == {"VP": 5}
    assert FACTIONS["swarmlings"].town_bonus == {"W": 3}
    assert FACTIONS["cultists"].sh_bonus == {"VP": 7}
    assert FACTIONS["alchemists"].sh_bonus == {"PW": 12}
    assert FACTIONS["halflings"].sh_bonus == {"SPADE": 3}
    assert FACTIONS["giants"].fixed_terraform == 2
    assert FACTIONS["engineers"].sh_pass_bridge_vp == 3
