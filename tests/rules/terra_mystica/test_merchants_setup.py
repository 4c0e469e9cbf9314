"""Merchants of the Seas setup (seed L145-241): the option, tiles, scoring draw, map,
revised starting VP, and the docks after the initial dwellings."""

from __future__ import annotations

import pytest

from rules.core import Rng, RuleError
from rules.terra_mystica import TerraMystica
from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.merchants.maps import board_for
from rules.terra_mystica.merchants.setup import draw_scoring
from tests.rules.terra_mystica.helpers import E, fails, fs, play, tweak
from tests.rules.terra_mystica.mots_helpers import mots_setup

FOUR = ["chaosmagicians", "swarmlings", "auren", "halflings"]


def test_the_lobby_offers_the_expansion_and_the_map_off_by_default() -> None:
    fields = TerraMystica.Options.model_fields
    assert fields["merchants"].default is False and fields["map"].default == "base"


def test_without_the_option_nothing_changes() -> None:
    st = E.setup({"factions": ["witches", "nomads"]}, 2, 5)
    assert "trades" not in st and "map" not in st and "start_vp" not in st
    assert all(f["VP"] == 20 for f in st["factions"].values())
    assert all(t.startswith("SCORE") for t in st["scoring"])
    assert not any(t.startswith(("FAVM", "TWM")) for t in [*st["favor_pool"], *st["town_pool"]])
    assert "merchants" not in st["options"]


@pytest.mark.parametrize("seed", range(120))
def test_scoring_draw_new_tiles_spade_rule_and_three_of_a_cult(seed: int) -> None:
    tiles = draw_scoring(Rng(seed))
    assert len(set(tiles)) == 6 and all(t in mt.SCORING for t in tiles)
    assert not mt.NOT_LATE & set(tiles[4:])
    cults = [mt.SCORING[t]["cult"] for t in tiles[:5]]
    assert max(cults.count(c) for c in cults) <= 2


def test_round_six_does_not_count_for_three_of_a_cult() -> None:
    """Round 6's cult half is covered (seed L169): a third tile of a cult may lie there."""
    found = False
    for seed in range(400):
        tiles = draw_scoring(Rng(seed))
        cults = [mt.SCORING[t]["cult"] for t in tiles]
        if cults[:5].count(cults[5]) == 2:
            found = True
            break
    assert found


def test_merchants_tiles_in_the_game_and_removed_ones_out() -> None:
    for seed in range(30):
        st = E.setup({"factions": FOUR, "merchants": True, "mini_expansion_1": True}, 4, seed)
        assert all(t in mt.SCORING for t in st["scoring"])
        assert "BON6" not in st["bonus_in_play"] and len(st["bonus_in_play"]) == 7
        assert "TW7" not in st["town_pool"] and st["town_pool"]["TWM1"] == 2
        assert st["favor_pool"]["FAVM2"] == 3 and st["favor_pool"]["FAV9"] == 3


def test_bonus_replacement_tile_can_be_drawn_and_bon6_refused() -> None:
    seen = set()
    for seed in range(40):
        seen |= set(E.setup({"factions": FOUR, "merchants": True}, 4, seed)["bonus_in_play"])
    assert {"BONM1", "BONM2", "BONM3", "BONM4"} <= seen and "BON6" not in seen
    with pytest.raises(RuleError) as info:
        E.setup({"factions": FOUR, "merchants": True, "bonus": ["BON6", "BON7"]}, 4, 1)
    assert info.value.key == "terra_mystica.mots_bonus"


def test_only_the_new_scoring_tiles() -> None:
    with pytest.raises(RuleError) as info:
        E.setup(
            {
                "factions": FOUR,
                "merchants": True,
                "scoring": ["SCORE1", "SCOM2", "SCOM3", "SCOM4", "SCOM5", "SCOM6"],
            },
            4,
            1,
        )
    assert info.value.key == "terra_mystica.mots_scoring"
    with pytest.raises(ValueError):  # a base game may not name the expansion's tiles
        E.setup(
            {"factions": FOUR, "scoring": ["SCOM2", "SCOM3", "SCOM4", "SCOM5", "SCOM6", "SCOM7"]},
            4,
            1,
        )


def test_revised_starting_vp_per_map() -> None:
    st = mots_setup(["fakirs", "cultists", "auren"])
    assert [fs(st, f)["VP"] for f in ("fakirs", "cultists", "auren")] == [30, 15, 25]
    st = E.setup({"factions": ["dwarves", "nomads"], "map": "lakes"}, 2, 1)
    assert (fs(st, "dwarves")["VP"], fs(st, "nomads")["VP"]) == (30, 15)
    st = E.setup({"factions": ["witches", "giants"], "map": "fjords", "merchants": True}, 2, 1)
    assert (fs(st, "witches")["VP"], fs(st, "giants")["VP"]) == (15, 25)


def test_a_chosen_faction_gets_its_revised_vp_too() -> None:
    st = E.setup({"merchants": True}, 2, 1)
    st = play_setup(st, 0, "setup giants")
    assert fs(st, "giants")["VP"] == 30


def play_setup(st: dict, seat: int, text: str) -> dict:
    new, _ = E.apply(st, seat, E.parse(st, seat, text))
    return new


@pytest.mark.parametrize("map_id", ["lakes", "fjords"])
def test_another_map_brings_its_terrain_and_is_played_on(map_id: str) -> None:
    st = E.setup({"factions": ["witches", "nomads"], "map": map_id}, 2, 1)
    bd = board_for(map_id)
    assert st["map"] == map_id and st["terrain"] == bd.START_TERRAIN
    view = E.view(st, 0)
    assert view["map"]["id"] == map_id and set(view["map"]["hexes"]) == set(bd.LAND)
    # the setup offers exactly the map's forests to the Witches
    (d,) = E.decisions(st)
    assert {c.text for c in d.choices} == {
        f"build {h}" for h, c in bd.START_TERRAIN.items() if c == "green"
    }


def test_lakes_row_j_can_be_built_on() -> None:
    st = E.setup({"factions": ["witches", "nomads"], "map": "lakes"}, 2, 1)
    j_forest = next(
        h for h, c in board_for("lakes").START_TERRAIN.items() if c == "green" and h[0] == "J"
    )
    st = play(st, "witches", f"build {j_forest}")
    assert st["buildings"][j_forest] == ["witches", "D"]


# -- docks (seed L235-241) ----------------------------------------------------------------


def example_four() -> dict:
    """The book's example (L239): Chaos Magicians one dwelling; Swarmlings one riverside of
    two; Auren two riverside; Halflings none (A1, E2 are inland plains)."""
    st = mots_setup(FOUR)
    # placement: Swarmlings, Auren, Halflings, Halflings, Auren, Swarmlings, Chaos Magicians
    for hex_id in ["E4", "A3", "A1", "E2", "F4", "E11", "D4"]:
        st = play(st, st["setup_queue"][0][1], f"build {hex_id}")
    return st


def test_docks_come_after_all_dwellings_before_bonus_tiles_in_turn_order() -> None:
    st = example_four()
    assert st["setup_queue"] == [["dock", f] for f in FOUR] + [["bonus", f] for f in reversed(FOUR)]
    for f, h in (("chaosmagicians", "D4"), ("swarmlings", "E4"), ("auren", "F4")):
        st = play(st, f, f"dock {h}")
    # the Halflings' turn to place it is skipped: none of their dwellings is riverside
    assert st["setup_queue"][0] == ["bonus", "halflings"] and st["active"] == "halflings"
    assert fs(st, "halflings")["dock_due"] is True and fs(st, "auren")["dock_due"] is False


def test_dock_choices_are_the_riverside_dwellings() -> None:
    st = example_four()
    (d,) = E.decisions(st)
    assert d.kind == "setup_dock" and [c.text for c in d.choices] == ["dock D4"]
    st = play(st, "chaosmagicians", "dock D4")
    (d,) = E.decisions(st)
    assert [c.text for c in d.choices] == ["dock E4"]  # E11 is inland
    assert fails(st, "swarmlings", "dock E11") == "terra_mystica.mots_dock_here"
    st = play(st, "swarmlings", "dock E4")
    (d,) = E.decisions(st)
    assert [c.text for c in d.choices] == ["dock A3", "dock F4"]
    assert fails(st, "halflings", "dock A1") == "terra_mystica.setup_order"
    st = play(st, "auren", "부두 F4")  # Korean: 부두
    assert [fs(st, f)["dock"] for f in FOUR] == ["D4", "E4", "F4", None]
    assert st["setup_queue"][0] == ["bonus", "halflings"]


def test_a_refused_dock_changes_nothing() -> None:
    st = example_four()
    with pytest.raises(RuleError):
        E.apply(st, 0, E.parse(st, 0, "dock E4"))  # another faction's dwelling
    assert fs(st, "chaosmagicians")["dock"] is None and st["setup_queue"][0][0] == "dock"


def round_one(st: dict) -> dict:
    for f, h in (("chaosmagicians", "D4"), ("swarmlings", "E4"), ("auren", "F4")):
        st = play(st, f, f"dock {h}")
    for f, tile in (
        ("halflings", "BON3"),
        ("auren", "BON5"),
        ("swarmlings", "BON8"),
        ("chaosmagicians", "BON7"),
    ):
        st = play(st, f, f"pass {tile}")
    return st


def test_the_due_dock_goes_on_the_first_riverside_dwelling_at_once() -> None:
    st = round_one(example_four())
    assert st["active"] == "chaosmagicians" and st["round"] == 1
    for f in ("chaosmagicians", "swarmlings", "auren"):
        st = play(
            st,
            f,
            "pass BON9"
            if f == "chaosmagicians"
            else "pass "
            + next(
                t
                for t in st["bonus_pool"]
                if t not in {x["bonus"] for x in st["factions"].values()}
            ),
        )
    assert st["active"] == "halflings" and fs(st, "halflings")["dock"] is None
    st = tweak(st, "halflings", W=9)
    st = play(st, "halflings", "dig 1. build E1")  # swamp, inland: the dock stays due
    assert fs(st, "halflings")["dock"] is None and fs(st, "halflings")["dock_due"]
    # the only faction still playing takes another turn: E3 (wasteland, on river r20)
    st = play(tweak(st, "halflings", W=9), "halflings", "dig 2. build E3")
    assert fs(st, "halflings")["dock"] == "E3" and fs(st, "halflings")["dock_due"] is False


def test_a_placed_dock_does_not_move_to_later_dwellings() -> None:
    st = round_one(example_four())
    assert fs(st, "auren")["dock"] == "F4"
    for f in ("chaosmagicians", "swarmlings"):
        st = play(
            st,
            f,
            "pass "
            + next(
                t
                for t in st["bonus_pool"]
                if t not in {x["bonus"] for x in st["factions"].values()}
            ),
        )
    st = play(tweak(st, "auren", W=9, C=9), "auren", "dig 1. build A4")  # lakes, river r1
    assert st["buildings"]["A4"] == ["auren", "D"] and fs(st, "auren")["dock"] == "F4"


def test_fakirs_and_dwarves_put_the_warehouse_on_any_dwelling() -> None:
    st = mots_setup(["dwarves", "witches"])
    for hex_id in ["A2", "A3", "A10", "E7"]:  # dwarves A2 (inland), E7; witches A3, A10
        st = play(st, st["setup_queue"][0][1], f"build {hex_id}")
    (d,) = E.decisions(st)
    assert [c.text for c in d.choices] == ["dock A2", "dock E7"]
    st = play(st, "dwarves", "창고 A2")
    assert fs(st, "dwarves")["dock"] == "A2"


def test_the_auren_start_with_a_key_only_with_the_expansion() -> None:
    assert fs(mots_setup(["auren", "nomads"]), "auren")["keys"] == 1
    assert fs(E.setup({"factions": ["auren", "nomads"]}, 2, 1), "auren")["keys"] == 0
    assert fs(mots_setup(["witches", "nomads"]), "witches")["keys"] == 0


def test_variant_two_new_bonus_tiles_for_sure() -> None:
    for seed in range(25):
        st = E.setup(
            {"factions": ["witches", "nomads"], "merchants": True, "new_bonus_tiles": True}, 2, seed
        )
        assert len(st["bonus_in_play"]) == 5
        assert sum(t.startswith("BONM") for t in st["bonus_in_play"]) >= 2
    plain = [
        E.setup({"factions": ["witches", "nomads"], "merchants": True}, 2, s) for s in range(25)
    ]
    assert any(sum(t.startswith("BONM") for t in p["bonus_in_play"]) < 2 for p in plain)
