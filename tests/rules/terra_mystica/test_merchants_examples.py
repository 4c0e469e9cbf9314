"""The Korean rulebook's worked examples for ships and trades, rebuilt on the base map
(the book's pictures are not in the text; the positions below play the same moves)."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.terra_mystica.merchants.ships import check_moves
from tests.rules.terra_mystica.helpers import fails, fs, play
from tests.rules.terra_mystica.mots_helpers import mots_game
from tests.rules.terra_mystica.test_merchants_ships import with_


def test_chaos_magicians_move_three_ships_and_trade_twice() -> None:
    """Seed L321-335. Shipping 1; the ships into the Halflings' stronghold and to the desert
    each take 1 power; trades with the Witches' dwelling (1 VP, 1 worker; the Witches take
    1 power) and the Halflings' stronghold (2 VP, 2 coins, a spade; the Halflings decline
    3 power); the spade turns the desert next to the third ship into wasteland, where the
    Chaos Magicians build paying the dwelling and keep the ship."""
    st = mots_game(
        ["chaosmagicians", "witches", "halflings"],
        ["A3", "A1", "E2", "F4", "D4"],
        ["D4", "A3"],
        ["BON3", "BON5", "BON8"],
    )
    assert fs(st, "halflings")["dock_due"]  # no riverside dwelling: the book's Halflings too
    st["buildings"]["E5"] = ["witches", "D"]
    st["buildings"]["F3"] = ["halflings", "SH"]
    st = with_(
        st, "chaosmagicians", ship=1, ships=["r14", "r20", "r15"], P1=0, P2=0, P3=2, W=5, C=10
    )
    before = fs(st, "chaosmagicians")
    st = play(st, "chaosmagicians", "move r14-E5 r20-r21-F3 r15-r14-r8. build D3")
    cm = fs(st, "chaosmagicians")
    # 1 + 2 VP from the trades, +2 each from this round's scoring tile (SCOM2: trades)
    assert cm["VP"] - before["VP"] == 1 + 2 + 2 * 2
    assert cm["W"] - before["W"] == 1 - 1  # +1 worker from the dwelling trade, -1 to build
    assert cm["C"] - before["C"] == 2 - 2  # +2 coins from the stronghold trade, -2 to build
    assert cm["P3"] == 0 and cm["P1"] == 2  # two ships went one space further
    assert st["terrain"]["D3"] == "red" and st["buildings"]["D3"] == ["chaosmagicians", "D"]
    assert cm["ships"] == ["r8"] and cm["markers"] == 13
    assert st["trades"] == {"E5": ["chaosmagicians"], "F3": ["chaosmagicians"]}
    offers = {o["to"]: o["amount"] for o in st["offers"] if "trade" in o}
    assert offers == {"witches": 1, "halflings": 3}
    vp_h = fs(st, "halflings")["VP"]
    st = play(st, "halflings", "decline 3 from chaosmagicians")
    st = play(st, "witches", "leech 1 from chaosmagicians")
    assert fs(st, "halflings")["VP"] == vp_h
    # next time round, no second trade with either building
    st = with_(st, "chaosmagicians", ships=["r8", "r14"], ship=3)
    for path in (["r14", "E5"], ["r8", "r14", "r21", "F3"]):
        with pytest.raises(RuleError) as info:
            check_moves(st, "chaosmagicians", [path])
        assert info.value.key == "terra_mystica.mots_ship_traded"


def test_cultists_ship_example() -> None:
    """Seed L291-293. Shipping 3: the right ship goes 3 spaces into the Nomads' temple (not
    into their stronghold, which already holds a Cultists' marker); the left ship passes the
    canal northwards and 1 power takes it 1 space further, next to plains for a later
    dwelling."""
    dwellings = ["E6", "D3", "F3", "A1", "B6"]
    st = mots_game(["cultists", "nomads"], dwellings, ["E6", "D3"], ["BON3", "BON5"])
    st["buildings"]["G4"] = ["nomads", "TE"]
    st["buildings"]["F3"] = ["nomads", "SH"]
    st["trades"]["F3"] = ["cultists"]
    st = with_(st, "cultists", ship=3, ships=["r19", "r28"], P1=0, P2=0, P3=1)
    assert fails(st, "cultists", "move r28-F3") == "terra_mystica.mots_ship_traded"
    st = play(st, "cultists", "move r19-r24-r30-G4/EARTH r28-r21-r14-r15-r9")
    c = fs(st, "cultists")
    assert c["ships"] == ["r9"] and c["P3"] == 0 and c["P1"] == 1
    assert st["trades"]["G4"] == ["cultists"] and c["cults"]["EARTH"] == 2
    # next turn the plains next to that ship can be built on
    from rules.terra_mystica.moves import reach_map

    plains = [
        h
        for h, k in reach_map(st, "cultists").items()
        if k == "ship" and st["terrain"][h] == "brown"
    ]
    assert plains
