"""The Fakirs' and Dwarves' distance tile (seed L367-387): the marker starts on 1, moves
only with free +1 shipping (no VP), a +1-shipping bonus tile adds 1 while held, the Fakirs'
stronghold moves it instead of its old effect, and its upper track is the tunnel/carpet
reach (the Dwarves' values are the seed's)."""

from __future__ import annotations

from rules.terra_mystica import board
from rules.terra_mystica.factions import FACTIONS, hop_distance
from rules.terra_mystica.moves import reach_map
from rules.terra_mystica.state import copy_state
from tests.rules.terra_mystica.helpers import E, fs
from tests.rules.terra_mystica.mots_helpers import mots_game
from tests.rules.terra_mystica.test_merchants_ships import with_


def dwarves(bonus: str = "BON3") -> dict:
    return mots_game(
        ["dwarves", "witches"], ["A2", "A3", "A10", "E7"], ["A2", "A3"], ["BON5", bonus]
    )  # the bonus tiles go in reverse seat order


def at_distance(st: dict, name: str, d: int) -> list[str]:
    own = [h for h, (f, _) in st["buildings"].items() if f == name]
    return sorted(
        h
        for h in board.LAND
        if h not in st["buildings"] and min(board.HEX_DIST[o].get(h, 9) for o in own) == d
    )


def test_the_marker_starts_on_one_and_only_for_fakirs_and_dwarves() -> None:
    st = dwarves()
    assert fs(st, "dwarves")["distance"] == 1 and "distance" not in fs(st, "witches")
    base = E.setup({"factions": ["dwarves", "witches"]}, 2, 1)
    assert "distance" not in fs(base, "dwarves")


def test_dwarves_tunnel_reach_by_distance_value_as_the_seed_gives_it() -> None:
    st = dwarves()
    fd = FACTIONS["dwarves"]
    two, three = at_distance(st, "dwarves", 2), at_distance(st, "dwarves", 3)
    assert two and three
    for d, reach in ((1, 2), (2, 2), (3, 3)):  # L381, L383
        s = with_(st, "dwarves", distance=d)
        assert hop_distance(fd, fs(s, "dwarves")) == reach
        got = reach_map(s, "dwarves")
        assert all(got.get(h) in ("teleport", "direct", "ship") for h in two)
        assert any(h in got for h in three) == (reach == 3)


def test_a_town_tile_plus_one_shipping_moves_the_marker_without_vp() -> None:
    st = copy_state(dwarves())
    st["turn"]["need"]["TOWN"] = 1
    vp = fs(st, "dwarves")["VP"]
    st = E.apply_held(st, 0, E.parse(st, 0, "+TWM1"))[0]
    assert fs(st, "dwarves")["distance"] == 2 and fs(st, "dwarves")["ship"] == 0
    assert fs(st, "dwarves")["VP"] - vp == 4  # the tile's 4 VP only


def test_the_shipping_bonus_tile_adds_one_while_held() -> None:
    st = with_(dwarves("BON4"), "dwarves", distance=2)
    assert hop_distance(FACTIONS["dwarves"], fs(st, "dwarves")) == 3
    assert hop_distance(FACTIONS["dwarves"], {**fs(st, "dwarves"), "passed": True}) == 2


def test_the_fakirs_stronghold_moves_the_marker() -> None:
    st = mots_game(["fakirs", "witches"], ["A5", "A3", "A10", "B1"], ["A5", "A3"], ["BON3", "BON5"])
    st["buildings"]["A5"] = ["fakirs", "TP"]
    st["factions"]["fakirs"]["built"].update({"D": 1, "TP": 1})
    st = with_(st, "fakirs", W=9, C=20)
    st = E.apply_held(st, 0, E.parse(st, 0, "upgrade A5 to SH"))[0]
    assert fs(st, "fakirs")["distance"] == 2


def test_the_marker_stops_at_the_end_of_the_track() -> None:
    from rules.terra_mystica.merchants import tiles as mt
    from rules.terra_mystica.merchants.favors import advance_distance

    f = {"distance": mt.DISTANCE_MAX}
    advance_distance(f, 1)
    assert f["distance"] == mt.DISTANCE_MAX
