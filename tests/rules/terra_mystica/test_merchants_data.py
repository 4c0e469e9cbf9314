"""Merchants of the Seas data tables: maps and canals, tiles, starting VP, shipyard boards."""

from __future__ import annotations

from collections import Counter

import pytest

from rules.terra_mystica import board
from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.merchants.maps import board_for
from rules.terra_mystica.merchants.maps_data import CANALS


def components(bd, with_canals: bool) -> list[set[str]]:
    seen: set[str] = set()
    out = []
    for r in bd.RIVERS:
        if r in seen:
            continue
        comp, stack = {r}, [r]
        while stack:
            h = stack.pop()
            nxt = bd.SHIP_ADJ[h] if with_canals else [n for n in bd.ADJ[h] if n.startswith("r")]
            for n in nxt:
                if n not in comp:
                    comp.add(n)
                    stack.append(n)
        seen |= comp
        out.append(comp)
    return out


def test_the_base_map_built_from_data_is_the_engines_base_board() -> None:
    bd = board_for("base")
    assert bd.START_TERRAIN == board.START_TERRAIN and bd.ADJ == board.ADJ
    assert bd.LAND_ADJ == board.LAND_ADJ and bd.BRIDGE_SPOTS == board.BRIDGE_SPOTS
    assert bd.SHIP_DIST == board.SHIP_DIST and bd.HEX_DIST == board.HEX_DIST


@pytest.mark.parametrize(
    ("map_id", "land", "rivers"), [("base", 77, 36), ("lakes", 77, 35), ("fjords", 80, 33)]
)
def test_map_sizes_and_terrain_counts(map_id: str, land: int, rivers: int) -> None:
    bd = board_for(map_id)
    assert (len(bd.LAND), len(bd.RIVERS)) == (land, rivers)
    counts = Counter(bd.START_TERRAIN.values())
    assert len(counts) == 7 and sum(counts.values()) == land
    if map_id == "fjords":  # 12 forest, plains and mountains, 11 of the others
        assert {c for c, n in counts.items() if n == 12} == {"green", "brown", "gray"}
    else:
        assert set(counts.values()) == {11}


def test_lakes_hex_ids_run_from_b1_to_row_j() -> None:
    bd = board_for("lakes")
    assert "A1" not in bd.START_TERRAIN and bd.START_TERRAIN["B1"] == "gray"
    assert {h[0] for h in bd.LAND} == set("BCDEFGHIJ")


def test_one_canal_on_base_and_fjords_joins_the_rivers_the_seed_names() -> None:
    # base: west-central, upper and lower rivers (seed L181): the edge E4|E5
    assert board_for("base").CANALS == (("r14", "r21"),)
    # fjords: cutting off the protruding mountain space (seed L187): D1 is a mountain with
    # river on 5 of its 6 sides; the canal is on its one land edge, D1|E4
    fj = board_for("fjords")
    assert fj.CANALS == (("r14", "r17"),)
    assert fj.START_TERRAIN["D1"] == "gray" and len(fj.SHORE["D1"]) == 5
    assert fj.LAND_ADJ["D1"] == frozenset({"E4"})


def test_seven_lakes_canals_join_the_six_lakes_into_one_network() -> None:
    bd = board_for("lakes")
    lakes = components(bd, with_canals=False)
    assert sorted(len(c) for c in lakes) == [3, 5, 5, 6, 7, 9]
    assert len(bd.CANALS) == len(CANALS["lakes"]) == 7
    lake_of = {r: i for i, c in enumerate(lakes) for r in c}
    pairs = {frozenset((lake_of[a], lake_of[b])) for a, b in bd.CANALS}
    assert len(pairs) == 7 and all(len(p) == 2 for p in pairs)
    assert len(components(bd, with_canals=True)) == 1


def test_canals_are_for_ships_only_not_land_adjacency_or_shipping_reach() -> None:
    bd = board_for("lakes")
    lakes = components(bd, with_canals=False)
    a, b = bd.CANALS[0]
    assert b in bd.SHIP_ADJ[a] and b not in bd.ADJ[a]
    lake_a = next(c for c in lakes if a in c)
    shore_a = {h for h in bd.LAND if set(bd.SHORE[h]) & lake_a}
    shore_b = {h for h in bd.LAND if set(bd.SHORE[h]) & next(c for c in lakes if b in c)}
    only_a = sorted(shore_a - shore_b)
    far = sorted(shore_b - shore_a)
    # no hex only on lake A reaches, by shipping, a hex only on lake B
    assert all(f not in bd.SHIP_DIST[h] for h in only_a for f in far)


def test_every_canal_entry_says_where_it_comes_from_and_to_check_it() -> None:
    for entries in CANALS.values():
        for _, src, check in entries:
            assert src and check == mt.CHECK


@pytest.mark.parametrize("map_id", list(mt.START_VP_ROWS))
def test_every_faction_has_one_starting_vp_per_map(map_id: str) -> None:
    names = [f for row in mt.START_VP_ROWS[map_id].values() for f in row]
    assert len(names) == len(set(names)) == 20
    assert set(names) == set(mt.SHIPYARD)


def test_starting_vp_values_from_the_seed_table() -> None:
    vp = mt.START_VP
    assert vp["base"]["fakirs"] == vp["base"]["giants"] == 30
    assert vp["base"]["cultists"] == vp["base"]["engineers"] == vp["base"]["darklings"] == 15
    assert vp["lakes"]["dwarves"] == 30 and vp["lakes"]["nomads"] == 15
    assert vp["fjords"]["witches"] == 15 and max(vp["fjords"].values()) == 25
    assert vp["fire_ice"]["dwarves"] == 30 and vp["revised_base"]["nomads"] == 15
    # the one value not printed in the seed is marked as such
    assert vp["revised_base"]["alchemists"] == 30 and mt.CHECK in mt.START_VP_SRC["revised_base"]


def test_shipyard_boards_ten_double_sided() -> None:
    boards = Counter(d["board"] for d in mt.SHIPYARD.values())
    assert sorted(boards) == list(range(1, 11)) and set(boards.values()) == {2}
    assert mt.SHIPYARD["alchemists"]["ship_cost"] == {"W": 1, "C": 2}  # seed L355
    assert mt.CHECK in mt.SHIPYARD_DEFAULT["src"]
    assert {f for f, d in mt.SHIPYARD.items() if d.get("merchants")} == {"dwarves", "fakirs"}


def test_tiles_from_the_seed_and_guesses_marked() -> None:
    assert len(mt.SCORING) == 12 and len(mt.FAVOR) == 4 and len(mt.TOWN) == 2
    assert len(mt.BONUS) == 4
    for table in (mt.SCORING, mt.FAVOR, mt.TOWN, mt.BONUS, mt.POWER_ACTIONS, mt.TRADE):
        for tile, spec in table.items():
            assert "seed" in spec["src"] or mt.CHECK in spec["src"], tile
    for tile, spec in mt.SCORING.items():  # no pairing is from the seed alone
        assert mt.CHECK in spec["src"], tile
    assert mt.FAVOR["FAVM4"]["pass_trades"] == ((1, 2), (4, 3), (7, 4), (10, 5))
    assert mt.BONUS["BONM4"]["pass_vp"] == {"SH": 4, "SA": 4, "SY": 4}
    assert mt.BONUS_REMOVED == ("BON6",) and mt.TOWN_REMOVED == ("TW7",)
    assert mt.NOT_LATE == {"SCOM1"}
    assert mt.CHECK in mt.FAVOR_CULT_SRC and sorted(mt.FAVOR_CULT.values()) == sorted(
        ["FIRE", "WATER", "EARTH", "AIR"]
    )


def test_base_tile_tables_iterate_base_tiles_only() -> None:
    from rules.terra_mystica.tiles import BONUS, FAVOR, SCORING, TOWN

    assert "BONM1" in BONUS and BONUS["BONM1"]["option"] == "merchants"
    assert FAVOR["FAVM3"]["cult"] == mt.FAVOR_CULT["FAVM3"]
    assert not any(
        t.startswith(("BONM", "FAVM", "SCOM", "TWM"))
        for table in (BONUS, FAVOR, SCORING, TOWN)
        for t in table
    )
