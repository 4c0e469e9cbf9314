"""The Fakirs' and Dwarves' merchants (seed L359-422), with the book's Dwarves example rebuilt
on the base map: a merchant on the warehouse walks through the Halflings' trading house into
their stronghold and trades; one from the market passes their temple to an empty wasteland;
one passes their trading house and a river and, for 1 power, reaches a forest. The
stronghold's spade turns the wasteland into mountains, built on with that merchant."""

from __future__ import annotations

from rules.terra_mystica.state import copy_state
from tests.rules.terra_mystica.helpers import E, fails, fs, play, tweak
from tests.rules.terra_mystica.mots_helpers import mots_game


def example() -> dict:
    st = mots_game(["dwarves", "halflings"], ["A2", "A1", "E2", "E7"], ["A2"], ["BON5", "BON3"])
    st = copy_state(st)
    st["buildings"].update(
        {
            "E7": ["dwarves", "SY"],
            "A3": ["halflings", "TP"],
            "A4": ["halflings", "SH"],
            "F4": ["halflings", "TE"],
            "E8": ["halflings", "TP"],
        }
    )
    st["factions"]["dwarves"].update(
        {"shipyard": "E7", "distance": 2, "ships": ["A2", "E7", "E7"], "P1": 0, "P2": 0, "P3": 1}
    )
    return st


def test_the_dwarves_example() -> None:
    st = example()
    before = fs(st, "dwarves")
    st = play(st, "dwarves", "move A2-A3-A4 E7-F4-G2 E7-E8-r22-G3. build G2 by merchant")
    d = fs(st, "dwarves")
    assert d["VP"] - before["VP"] == 2 + 2  # stronghold trade, +2 with this round's tile
    assert d["C"] - before["C"] == 2 and d["W"] == before["W"]  # the merchant paid
    assert (d["P3"], d["P1"]) == (0, 1)  # one merchant went a space further
    assert st["terrain"]["G2"] == "gray" and st["buildings"]["G2"] == ["dwarves", "D"]
    assert d["ships"] == ["G3"] and d["markers"] == 14 and st["trades"] == {"A4": ["dwarves"]}
    offer = next(o for o in st["offers"] if o.get("trade") == "A4")
    assert (offer["to"], offer["amount"]) == ("halflings", 3)


def test_a_merchant_never_ends_on_a_river_and_walks_its_range() -> None:
    st = example()
    assert fails(st, "dwarves", "move E7-E8-r22") == "terra_mystica.mots_walk_river"
    st2 = tweak(st, "dwarves", P3=0)
    assert fails(st2, "dwarves", "move E7-E8-r22-G3") == "terra_mystica.not_enough"
    assert fails(st, "dwarves", "move E7-E8-r22-G3-G4") == "terra_mystica.mots_ship_far"
    assert fails(st, "dwarves", "move E7-A3") == "terra_mystica.mots_ship_path"


def test_merchants_stop_in_own_or_marked_buildings_without_trading() -> None:
    st = example()
    st["trades"]["A3"] = ["dwarves"]
    st = play(st, "dwarves", "move A2-A3")
    assert fs(st, "dwarves")["ships"] == ["E7", "E7", "A3"] and st["trades"]["A3"] == ["dwarves"]


def test_a_dwelling_built_on_a_merchants_space_trades_with_it_at_once() -> None:
    st = example()
    st["factions"]["dwarves"]["ships"] = ["G3", "E7"]
    st = play(st, "dwarves", "pass BON7")
    st = tweak(st, "halflings", ship=1, W=20, C=10)
    before = fs(st, "dwarves")
    st = play(st, "halflings", "dig 3. build G3")  # forest, on r22 like their E8
    d = fs(st, "dwarves")
    assert d["ships"] == ["E7"] and st["trades"]["G3"] == ["dwarves"]
    assert d["W"] - before["W"] == 1 and d["VP"] - before["VP"] >= 1  # a dwelling trade
    assert any(o.get("trade") == "G3" and o["to"] == "halflings" for o in st["offers"])


def test_merchants_come_onto_the_warehouse_or_market_itself() -> None:
    st = example()
    st["factions"]["dwarves"]["ships"] = []
    st = tweak(st, "dwarves", P3=4)
    st = E.apply_held(st, 0, E.parse(st, 0, "action ACTM2"))[0]
    (d,) = [d for d in E.decisions(st) if d.seat == 0]
    assert [c.text for c in d.choices] == ["merchant A2", "merchant E7", "-SHIP"]
    st = E.apply_held(st, 0, E.parse(st, 0, "상인 A2"))[0]
    assert fs(st, "dwarves")["ships"] == ["A2"]
    assert E.format(st, E.parse(st, 0, "build G2 by merchant"), "ko") == "건설 G2 상인"


def test_the_market_needs_no_river_and_moves_the_distance_marker() -> None:
    st = mots_game(["dwarves", "halflings"], ["A2", "A1", "E2", "E7"], ["A2"], ["BON5", "BON3"])
    st = copy_state(st)
    st["buildings"]["A2"] = ["dwarves", "TP"]  # A2 is inland
    st["factions"]["dwarves"]["built"].update({"D": 1, "TP": 1})
    st = tweak(st, "dwarves", W=9, C=20)
    st = play(st, "dwarves", "upgrade A2 to SY. merchant A2")
    d = fs(st, "dwarves")
    assert d["shipyard"] == "A2" and d["distance"] == 2 and d["ships"] == ["A2"]
