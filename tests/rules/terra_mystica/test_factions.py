"""Each faction's ability and stronghold."""

from __future__ import annotations

from rules.terra_mystica import board
from rules.terra_mystica.flow import final_scoring, income
from tests.rules.terra_mystica.helpers import SCORING, E, fails, fs, new_game, play, put, tweak


def duo(first: str, second: str, dwellings: list[str]) -> dict:
    return new_game([first, second], dwellings)


def far_hex(st: dict, src: str, dist: int, color: str, avoid: set[str]) -> tuple[str, int]:
    """An empty hex `dist` steps from src, not next to `avoid`: (hex, spades to `color`)."""
    for h, d in sorted(board.HEX_DIST[src].items()):
        if (d == dist and h not in st["buildings"] and not board.LAND_ADJ[h] & avoid
                and all(board.HEX_DIST[a].get(h, 9) >= dist for a in avoid)):
            return h, board.spade_distance(st["terrain"][h], color)
    raise AssertionError("no such hex")


# -- Witches ---------------------------------------------------------------------


def test_witches_ride_builds_free_on_any_forest_once_per_round() -> None:
    st = put(duo("witches", "halflings", ["F4", "E6", "F7", "E9"]), "witches", "F4", "SH")
    before = fs(st, "witches")
    st = play(st, "witches", "action ACTW. build A10")
    after = fs(st, "witches")
    assert st["buildings"]["A10"] == ["witches", "D"]
    assert (after["C"], after["W"]) == (before["C"], before["W"])
    assert after["VP"] == before["VP"] + 2  # SCORE5: dwelling
    st = play(st, "halflings", "pass BON9")
    assert fails(st, "witches", "action ACTW. build A3") == "terra_mystica.action_taken"
    assert fails(put(st, "witches", "F4", "TP"), "witches", "action ACTW. build A3") in (
        "terra_mystica.action_taken", "terra_mystica.no_action")


def test_witches_ride_only_onto_forest() -> None:
    st = put(duo("witches", "halflings", ["F4", "E6", "F7", "E9"]), "witches", "F4", "SH")
    assert fails(st, "witches", "action ACTW. build A1") == "terra_mystica.not_home"


def test_witches_get_five_extra_vp_per_town() -> None:
    st = duo("witches", "halflings", ["E9", "A1", "A7", "F4"])
    st = put(put(put(st, "witches", "E9", "SH"), "witches", "D7", "TP"), "witches", "E10")
    st["terrain"]["F6"] = "green"
    before = fs(st, "witches")
    st = play(st, "witches", "build F6. +TW1")
    after = fs(st, "witches")
    assert after["VP"] - before["VP"] == 2 + 5 + 5
    assert after["C"] - before["C"] == -2 + 6
    assert after["keys"] == 1 and after["towns"] == ["TW1"]
    assert {"E9", "D7", "E10", "F6"} <= set(st["town_hexes"])


# -- Auren -----------------------------------------------------------------------


def test_auren_stronghold_gives_a_favor_and_two_cult_steps_on_one_track() -> None:
    st = tweak(put(duo("auren", "halflings", ["F4", "E6", "F7", "E9"]), "auren", "F4", "TP"),
               "auren", W=10, C=20)
    st = play(st, "auren", "upgrade F4 to SH. +FAV2")
    assert fs(st, "auren")["favors"] == ["FAV2"] and fs(st, "auren")["cults"]["WATER"] == 4
    st = play(st, "halflings", "pass BON9")
    assert fails(st, "auren", "action ACTA. +FIRE. +AIR") == "terra_mystica.cult_same_track"
    st = play(st, "auren", "action ACTA. +FIRE. +FIRE")
    assert fs(st, "auren")["cults"]["FIRE"] == 2


# -- Alchemists ------------------------------------------------------------------


def test_alchemists_trade_vp_and_coins_others_cannot() -> None:
    st = duo("alchemists", "witches", ["E5", "F4", "E9", "E10"])
    vp, c = fs(st, "alchemists")["VP"], fs(st, "alchemists")["C"]
    coins_on_tile = st["bonus_pool"]["BON9"]
    st = play(st, "alchemists", "convert 1VP to 1C. convert 2C to 1VP. pass BON9")
    assert (fs(st, "alchemists")["VP"], fs(st, "alchemists")["C"]) == (vp, c - 1 + coins_on_tile)
    assert fails(st, "witches", "convert 1VP to 1C") == "terra_mystica.bad_convert"


def test_alchemists_stronghold_power_and_power_per_spade() -> None:
    st = tweak(put(duo("alchemists", "witches", ["E5", "F4", "E9", "E10"]), "alchemists", "E5",
                   "TP"), "alchemists", W=10, C=20, P1=12, P2=0, P3=0)
    st = play(st, "alchemists", "upgrade E5 to SH")
    assert (fs(st, "alchemists")["P1"], fs(st, "alchemists")["P2"]) == (0, 12)
    st = play(st, "witches", "pass BON9")
    st = play(st, "alchemists", "dig 1. build E4")  # blue -> black: 1 spade
    assert fs(st, "alchemists")["P3"] == 2


def test_alchemists_score_two_coins_per_vp() -> None:
    st = duo("alchemists", "witches", ["E5", "F4", "E9", "E10"])
    st = tweak(tweak(st, "alchemists", C=9, W=0, P=0, P2=0, P3=0), "witches", C=9, W=0, P=0,
               P2=0, P3=0)
    vp_a, vp_w = fs(st, "alchemists")["VP"], fs(st, "witches")["VP"]
    final_scoring(st, [])
    assert fs(st, "alchemists")["VP"] - vp_a - st["final"]["breakdown"]["alchemists"][
        "network"] - st["final"]["breakdown"]["alchemists"]["fire"] - st["final"]["breakdown"][
        "alchemists"]["water"] == 4
    assert st["final"]["breakdown"]["witches"]["resources"] == 3
    assert fs(st, "witches")["VP"] > vp_w


# -- Darklings -------------------------------------------------------------------


def test_darklings_dig_with_priests_for_vp_and_have_no_exchange_track() -> None:
    st = tweak(duo("darklings", "witches", ["E5", "F4", "E9", "E10"]), "darklings", P=2)
    before = fs(st, "darklings")
    st = play(st, "darklings", "dig 1. build E4")
    after = fs(st, "darklings")
    assert after["P"] == before["P"] - 1 and after["W"] == before["W"] - 1
    assert after["VP"] == before["VP"] + 2 + 2  # priest spade + SCORE5 dwelling
    st = play(st, "witches", "pass BON9")
    assert fails(st, "darklings", "advance dig") == "terra_mystica.cant_advance"


def test_darklings_stronghold_converts_up_to_three_workers_that_turn() -> None:
    st = tweak(put(duo("darklings", "witches", ["E5", "F4", "E9", "E10"]), "darklings", "E5",
                   "TP"), "darklings", W=10, C=20, P=0)
    assert fails(st, "darklings", "convert 1W to 1P") == "terra_mystica.bad_convert"
    assert fails(st, "darklings", "upgrade E5 to SH. convert 4W to 4P") == "terra_mystica.convert_limit"
    st = play(st, "darklings", "upgrade E5 to SH. convert 3W to 3P")
    assert (fs(st, "darklings")["W"], fs(st, "darklings")["P"]) == (3, 3)


# -- Halflings -------------------------------------------------------------------


def test_halflings_vp_per_spade_and_cheap_digging_track() -> None:
    st = tweak(duo("halflings", "witches", ["E6", "F4", "E9", "F7"]), "halflings", P=1, C=20)
    before = fs(st, "halflings")
    st = play(st, "halflings", "advance dig")
    after = fs(st, "halflings")
    assert (before["W"] - after["W"], before["C"] - after["C"], before["P"] - after["P"]) == (
        2, 1, 1)
    assert after["VP"] == before["VP"] + 6
    st = play(st, "witches", "pass BON9")
    vp = fs(st, "halflings")["VP"]
    st = play(st, "halflings", "dig 1. build E5")  # black -> brown: 1 spade at 2 workers
    assert fs(st, "halflings")["VP"] == vp + 1 + 2


def test_halflings_stronghold_three_spades_and_one_dwelling() -> None:
    st = tweak(put(duo("halflings", "witches", ["E6", "F4", "E9", "F7"]), "halflings", "E6",
                   "TP"), "halflings", W=10, C=20)
    vp = fs(st, "halflings")["VP"]
    st = play(st, "halflings", "upgrade E6 to SH. transform E5. transform F3. -SPADE. build E5")
    assert st["terrain"]["E5"] == "brown" and st["buildings"]["E5"] == ["halflings", "D"]
    assert st["terrain"]["F3"] == "brown"
    assert fs(st, "halflings")["VP"] == vp + 3 + 2  # 3 spades received, SCORE5 dwelling


# -- Cultists --------------------------------------------------------------------


def test_cultists_step_when_an_opponent_takes_power() -> None:
    st = tweak(duo("cultists", "witches", ["E6", "F4", "E9", "F7"]), "cultists", C=20)
    st = play(st, "cultists", "upgrade E6 to TP")
    st = play(st, "witches", "leech 1 from cultists")
    assert st["pending"]["cultists"]["CULT"] == 1
    kinds = {d.kind for d in E.decisions(st)}
    assert "cult" in kinds
    fire = fs(st, "cultists")["cults"]["FIRE"]
    st = play(st, "cultists", "+FIRE")
    assert fs(st, "cultists")["cults"]["FIRE"] == fire + 1


def test_cultists_gain_one_power_when_everyone_declines() -> None:
    st = tweak(duo("cultists", "witches", ["E6", "F4", "E9", "F7"]), "cultists", C=20)
    st = play(st, "cultists", "upgrade E6 to TP")
    p1 = fs(st, "cultists")["P1"]
    st = play(st, "witches", "decline 1 from cultists")
    assert fs(st, "cultists")["P1"] == p1 - 1 and not st["pending"].get("cultists")


def test_cultists_stronghold_gives_seven_vp() -> None:
    st = tweak(put(duo("cultists", "witches", ["E6", "A3", "A10", "F7"]), "cultists", "E6",
                   "TP"), "cultists", W=10, C=20)
    vp = fs(st, "cultists")["VP"]
    st = play(st, "cultists", "upgrade E6 to SH")
    assert fs(st, "cultists")["VP"] == vp + 7


# -- Engineers -------------------------------------------------------------------


def test_engineers_bridge_for_two_workers_repeatedly_and_pass_vp_with_stronghold() -> None:
    st = new_game(["engineers", "witches"], ["C2", "F4", "E9", "E7"], ["BON3", "BON5"])
    st = put(put(put(st, "engineers", "D4"), "engineers", "E7", "SH"), "engineers", "F1")
    st = tweak(st, "engineers", W=10)
    st = play(st, "engineers", "action ACTE. bridge C2:D4")
    assert fs(st, "engineers")["W"] == 8
    st = play(st, "witches", "pass BON9")
    st = play(st, "engineers", "action ACTE. bridge F1:H1")
    assert fs(st, "engineers")["bridges"] == 2
    vp = fs(st, "engineers")["VP"]
    st = play(st, "engineers", "pass BON6")
    # one bridge joins two own buildings (C2-D4); BON5 has no pass VP
    assert fs(st, "engineers")["VP"] == vp + 3


def test_engineers_cheap_dwellings_and_temple_power() -> None:
    st = new_game(["engineers", "witches"], ["C2", "F4", "E9", "E7"], ["BON3", "BON5"])
    c = fs(st, "engineers")["C"]
    st = play(st, "engineers", "dig 1. build D4")
    assert fs(st, "engineers")["C"] == c - 1
    st = put(put(st, "engineers", "C2", "TE"), "engineers", "E7", "TE")
    st = tweak(st, "engineers", P1=12, P2=0, P3=0, P=0)
    income(st)
    assert fs(st, "engineers")["P"] == 1 and fs(st, "engineers")["P2"] == 5 + 3  # + BON5


# -- Dwarves ---------------------------------------------------------------------


def test_dwarves_tunnel_for_workers_and_vp_cheaper_with_stronghold() -> None:
    st = new_game(["dwarves", "witches"], ["E7", "A3", "A10", "C5"], ["BON3", "BON5"])
    own = {"E7", "C5"}
    target, k = far_hex(st, "E7", 2, "gray", own)
    st = tweak(st, "dwarves", W=20)
    before = fs(st, "dwarves")
    st = play(st, "dwarves", f"dig {k}. build {target}")
    after = fs(st, "dwarves")
    assert before["W"] - after["W"] == 3 * k + 2 + 1
    assert after["VP"] - before["VP"] == 4 + 2
    assert fails(st, "witches", "advance ship") == "terra_mystica.not_enough"
    st = play(st, "witches", "pass BON9")
    assert fails(st, "dwarves", "advance ship") == "terra_mystica.cant_advance"
    st = tweak(put(st, "dwarves", "C5", "TP"), "dwarves", W=20, C=20)
    st = play(st, "dwarves", "upgrade C5 to SH")
    target2, k2 = far_hex(st, target, 2, "gray", own | {target})
    w = fs(st, "dwarves")["W"]
    st = play(st, "dwarves", f"dig {k2}. build {target2}")
    assert w - fs(st, "dwarves")["W"] == 3 * k2 + 1 + 1


# -- Mermaids --------------------------------------------------------------------


def test_mermaids_start_with_shipping_and_stronghold_adds_a_level() -> None:
    st = tweak(put(duo("mermaids", "witches", ["E4", "F4", "E9", "D2"]), "mermaids", "E4", "TP"),
               "mermaids", W=10, C=20)
    assert fs(st, "mermaids")["ship"] == 1
    vp = fs(st, "mermaids")["VP"]
    st = play(st, "mermaids", "upgrade E4 to SH")
    assert fs(st, "mermaids")["ship"] == 2 and fs(st, "mermaids")["VP"] == vp + 2


def test_mermaids_found_a_town_across_one_river_with_connect() -> None:
    st = duo("mermaids", "witches", ["A4", "F4", "E9", "A11"])
    st = put(put(put(st, "mermaids", "E5", "SH"), "mermaids", "E4"), "mermaids", "G1")
    st = put(st, "mermaids", "H3")  # E4-E5 and G1-H3 are two groups across river r20
    st = tweak(st, "mermaids", W=10, C=20)
    st = play(st, "mermaids", "upgrade G1 to TP")
    assert not fs(st, "mermaids")["towns"]
    st = play(st, "witches", "pass BON9")
    assert fails(st, "witches", "connect r20") in ("terra_mystica.connect_not_allowed", "terra_mystica.not_active")
    st = play(st, "mermaids", "upgrade H3 to TP. connect E4:G1. +TW1")
    assert fs(st, "mermaids")["towns"] == ["TW1"]


# -- Swarmlings ------------------------------------------------------------------


def test_swarmlings_free_trading_house_and_workers_per_town() -> None:
    st = put(duo("swarmlings", "witches", ["E4", "F4", "E9", "D2"]), "swarmlings", "D2", "SH")
    before = fs(st, "swarmlings")
    st = play(st, "swarmlings", "action ACTS. upgrade E4 to TP")
    after = fs(st, "swarmlings")
    assert st["buildings"]["E4"] == ["swarmlings", "TP"]
    assert (after["C"], after["W"]) == (before["C"], before["W"])
    st = play(st, "witches", "pass BON9")
    st = put(put(st, "swarmlings", "E5"), "swarmlings", "E3")
    st["terrain"]["D3"] = "blue"
    w = fs(st, "swarmlings")["W"]
    st = play(st, "swarmlings", "build D3. +TW2")  # D2 SH, E4 TP, E5, E3, D3: power 9
    assert fs(st, "swarmlings")["W"] == w - 2 + 2 + 3


# -- Chaos Magicians -------------------------------------------------------------


def test_chaos_magicians_place_one_dwelling_last() -> None:
    st = E_setup(["chaosmagicians", "nomads", "witches"])
    order = [f for kind, f in st["setup_queue"] if kind == "build"]
    assert order == ["nomads", "witches", "witches", "nomads", "nomads", "chaosmagicians"]


def E_setup(factions: list[str]) -> dict:
    return E.setup({"factions": factions, "scoring": SCORING}, len(factions), 3)


def test_chaos_magicians_two_favors_and_double_turn() -> None:
    st = new_game(["chaosmagicians", "witches"], ["F4", "E9", "D4"], ["BON3", "BON5"])
    st = tweak(put(put(st, "chaosmagicians", "D4", "TP"), "chaosmagicians", "D6", "SH"),
               "chaosmagicians", W=20, C=30, P=2)
    st = play(st, "chaosmagicians", "upgrade D4 to TE. +FAV5. +FAV9")
    assert sorted(fs(st, "chaosmagicians")["favors"]) == ["FAV5", "FAV9"]
    st = play(st, "witches", "pass BON9")
    st = play(st, "chaosmagicians", "action ACTC. advance ship. upgrade D4 to SA. +FAV10. +FAV6")
    assert fs(st, "chaosmagicians")["ship"] == 1 and st["buildings"]["D4"][1] == "SA"
    assert st["round"] == 1 and st["active"] == "chaosmagicians"


def test_chaos_magicians_second_action_builds_after_a_spade_action_elsewhere() -> None:
    """A power spade turned C3 to another colour; the second action of the double turn
    is a plain build on another hex, not the spade action's lapsed build."""
    st = new_game(["chaosmagicians", "witches"], ["F4", "E9", "D4"], ["BON3", "BON5"])
    st = tweak(put(st, "chaosmagicians", "D6", "SH"), "chaosmagicians",
               W=10, C=10, P1=0, P2=0, P3=6)
    st["terrain"] = {**st["terrain"], "E6": "red"}  # a home hex beside D4 to build on
    st = play(st, "chaosmagicians", "action ACTC. action ACT5. transform C3 to gray. build E6")
    assert st["terrain"]["C3"] == "gray"
    assert st["buildings"]["E6"] == ["chaosmagicians", "D"]


def test_chaos_magicians_second_action_may_start_with_a_dig_after_a_spent_spade_action() -> None:
    """The first action turned C3 to another colour with a dug spade; `dig 2. build C4` is
    the second action (it used to be taken as part of the first and refused)."""
    st = new_game(["chaosmagicians", "witches"], ["F4", "E9", "D4"], ["BON3", "BON5"])
    st = tweak(put(st, "chaosmagicians", "D6", "SH"), "chaosmagicians", W=20, C=20)
    st = play(st, "chaosmagicians", "action ACTC. dig 1. transform C3 to gray")
    assert st["turn"]["actions"] == 1
    st = play(st, "chaosmagicians", "dig 2. build C4")
    assert st["buildings"]["C4"] == ["chaosmagicians", "D"] and st["terrain"]["C3"] == "gray"
    assert st["active"] == "witches"  # both actions of the double turn are used


def test_chaos_magicians_dig_after_a_transform_is_the_second_action() -> None:
    """As the site counts: after a transform only a transform or a build belongs to the same
    action, so finishing C4 with a dig takes the double turn's second action."""
    st = new_game(["chaosmagicians", "witches"], ["F4", "E9", "D4"], ["BON3", "BON5"])
    st = tweak(put(st, "chaosmagicians", "D6", "SH"), "chaosmagicians",
               W=20, C=20, P1=0, P2=0, P3=6)
    st = play(st, "chaosmagicians", "action ACTC. action ACT5. transform C4. dig 1. build C4")
    assert st["buildings"]["C4"] == ["chaosmagicians", "D"]
    assert st["active"] == "witches"


def test_chaos_magicians_build_elsewhere_after_a_transform_to_another_colour() -> None:
    """The site keeps the spade action's build open after a transform to another colour
    than home: a dwelling on a home hex elsewhere belongs to that action."""
    st = new_game(["chaosmagicians", "witches"], ["F4", "E9", "D4"], ["BON3", "BON5"])
    st = tweak(put(st, "chaosmagicians", "D6", "SH"), "chaosmagicians",
               W=20, C=20, P1=0, P2=0, P3=6)
    st["terrain"] = {**st["terrain"], "E6": "red"}
    st = play(st, "chaosmagicians", "action ACTC. action ACT5. transform C3 to gray. build E6")
    assert st["buildings"]["E6"] == ["chaosmagicians", "D"]
    assert st["active"] == "chaosmagicians" and st["turn"]["actions"] == 1


def test_a_build_elsewhere_after_making_a_hex_home_is_a_new_action() -> None:
    st = new_game(["witches", "halflings"], ["F4", "E6", "F7", "E9"], ["BON3", "BON5"])
    st = tweak(st, "witches", W=20, C=20)
    st["terrain"] = {**st["terrain"], "F5": "green"}
    assert fails(st, "witches", "dig 1. build F6. build F5") == "terra_mystica.multiple_actions"
    assert fails(st, "witches", "dig 1. transform F6. build F5") == "terra_mystica.multiple_actions"


def test_chaos_magicians_second_action_digs_for_another_hex_after_a_short_transform() -> None:
    """C4 went one step towards home with a power spade; `dig 1. build E7` elsewhere is the
    second action: the dug spade goes with it, not with the spent spade action."""
    st = new_game(["chaosmagicians", "witches"], ["F4", "E9", "D4"], ["BON3", "BON5"])
    st = tweak(put(st, "chaosmagicians", "D6", "SH"), "chaosmagicians",
               W=20, C=20, P1=0, P2=0, P3=6)
    st = play(st, "chaosmagicians", "action ACTC. action ACT5. transform C4")
    st = play(st, "chaosmagicians", "dig 1. build E7")
    assert st["buildings"]["E7"] == ["chaosmagicians", "D"] and st["terrain"]["C4"] == "gray"
    assert st["active"] == "witches"


def test_chaos_magicians_build_with_the_second_power_spade_stays_in_that_action() -> None:
    """ACT6: one spade turned C3 to gray, the other builds on E7 within the same action
    (it was taken for the double turn's second action and refused: spades left). The site's
    rule: by default the rulebook keeps the dwelling off the second hex (test_second_spade)."""
    st = new_game(["chaosmagicians", "witches"], ["F4", "E9", "D4"], ["BON3", "BON5"],
                  second_spade_dwelling=True)
    st = tweak(put(st, "chaosmagicians", "D6", "SH"), "chaosmagicians",
               W=20, C=20, P1=0, P2=0, P3=6)
    st = play(st, "chaosmagicians", "action ACTC. action ACT6. transform C3 to gray. build E7")
    assert st["buildings"]["E7"] == ["chaosmagicians", "D"]
    assert st["active"] == "chaosmagicians" and st["turn"]["actions"] == 1


def test_chaos_magicians_stronghold_income_is_two_workers() -> None:
    st = new_game(["chaosmagicians", "witches"], ["F4", "E9", "D4"], ["BON3", "BON5"])
    st = tweak(put(st, "chaosmagicians", "D4", "SH"), "chaosmagicians", W=0)
    income(st)
    assert fs(st, "chaosmagicians")["W"] == 1 + 2 + 1  # base slot + SH + BON5


# -- Giants ----------------------------------------------------------------------


def test_giants_always_pay_two_spades_and_stronghold_gives_two() -> None:
    st = tweak(duo("giants", "witches", ["D4", "F4", "E9", "D6"]), "giants", W=10)
    assert fails(st, "giants", "dig 1. build E7") == "terra_mystica.not_enough"
    st = play(st, "giants", "dig 2. build E7")  # gray is one step from red, giants pay 2
    st = play(st, "witches", "pass BON9")
    st = put(st, "giants", "D6", "SH")
    w = fs(st, "giants")["W"]
    st = play(st, "giants", "action ACTG. build D5")
    assert fs(st, "giants")["W"] == w - 1 and st["terrain"]["D5"] == "red"


def test_giants_must_drop_a_single_income_spade() -> None:
    st = duo("giants", "witches", ["D4", "F4", "E9", "D6"])
    st["phase"] = "spades"
    st["turn"] = st["active"] = None
    st["pending"] = {"giants": {"SPADE": 1}}
    assert fails(st, "giants", "transform E7") == "terra_mystica.not_enough"
    texts = [c.text for d in E.decisions(st) for c in d.choices]
    assert texts == ["-SPADE"]
    st = play(st, "giants", "-SPADE")
    assert st["phase"] == "actions" and st["round"] == 2


# -- Fakirs ----------------------------------------------------------------------


def test_fakirs_carpet_flight_range_grows_with_stronghold() -> None:
    st = tweak(new_game(["fakirs", "witches"], ["B1", "F4", "E9", "B4"], ["BON3", "BON5"]),
               "fakirs", P=3)
    own = {"B1", "B4"}
    target, k = far_hex(st, "B4", 2, "yellow", own)
    st = tweak(st, "fakirs", W=20)
    before = fs(st, "fakirs")
    st = play(st, "fakirs", f"dig {k}. build {target}")
    assert before["P"] - fs(st, "fakirs")["P"] == 1
    assert fs(st, "fakirs")["VP"] - before["VP"] == 4 + 2
    st = play(st, "witches", "pass BON9")
    own.add(target)
    blocked = set().union(*(board.LAND_ADJ[h] for h in own)) | own
    far = [h for h, d in board.HEX_DIST[target].items()
           if d == 3 and h not in st["buildings"] and h not in blocked
           and all(board.HEX_DIST[o].get(h, 9) >= 3 for o in own)]
    assert far
    k = board.spade_distance(st["terrain"][far[0]], "yellow")
    move = f"dig {k}. build {far[0]}" if k else f"build {far[0]}"
    assert fails(st, "fakirs", move) == "terra_mystica.cant_reach"
    st = tweak(put(st, "fakirs", "B1", "TP"), "fakirs", W=20, C=20)
    st = play(st, "fakirs", "upgrade B1 to SH")
    st = play(st, "fakirs", move)
    assert st["buildings"][far[0]] == ["fakirs", "D"]


def test_fakirs_dig_track_stops_after_one_step() -> None:
    st = tweak(new_game(["fakirs", "witches"], ["B1", "F4", "E9", "B4"], ["BON3", "BON5"]),
               "fakirs", P=3, W=10, C=30)
    st = play(st, "fakirs", "advance dig")
    st = play(st, "witches", "pass BON9")
    assert fails(st, "fakirs", "advance dig") == "terra_mystica.cant_advance"


# -- Nomads ----------------------------------------------------------------------


def test_nomads_sandstorm_needs_edge_adjacency() -> None:
    st = new_game(["nomads", "witches"], ["F3", "F4", "E9", "G4", "A5"], ["BON3", "BON5"])
    assert [fs(st, "nomads")["built"]["D"]] == [3]
    st = put(st, "nomads", "A5", "SH")
    assert fails(st, "nomads", "action ACTN. build A1") == "terra_mystica.sandstorm_adjacent"
    before = fs(st, "nomads")
    st = play(st, "nomads", "action ACTN. build E5")  # swamp next to F3, no spade needed
    after = fs(st, "nomads")
    assert st["terrain"]["E5"] == "yellow" and st["buildings"]["E5"] == ["nomads", "D"]
    assert (before["C"] - after["C"], before["W"] - after["W"]) == (2, 1)
    st = play(st, "witches", "pass BON9")
    assert fails(st, "nomads", "action ACTN. build E6") == "terra_mystica.action_taken"


def test_darklings_ordination_is_a_decision_that_may_be_declined() -> None:
    st = tweak(put(duo("darklings", "witches", ["E5", "F4", "E9", "E10"]), "darklings", "E5",
                   "TP"), "darklings", W=10, C=20, P=0)
    st = play(st, "darklings", "upgrade E5 to SH")
    (d,) = [d for d in E.decisions(st) if d.seat == 0]
    assert d.kind == "ordination"
    assert [c.text for c in d.choices] == ["convert 1W to 1P", "convert 2W to 2P",
                                           "convert 3W to 3P", "-3CONVERT_W_TO_P"]
    st = play(st, "darklings", "-3CONVERT_W_TO_P")
    assert st["active"] == "witches" and fs(st, "darklings")["P"] == 0


def test_cultists_step_comes_with_the_first_taker() -> None:
    st = new_game(["cultists", "witches", "nomads"], ["E6", "F4", "F3", "G4", "E9", "F7", "A5"])
    st = tweak(st, "cultists", C=20)
    st = play(st, "cultists", "upgrade E6 to TP")  # offers to witches (F4) and nomads (F3)
    assert len(st["offers"]) == 2
    st = play(st, "witches", "leech 1 from cultists")
    assert st["pending"]["cultists"]["CULT"] == 1 and len(st["offers"]) == 1
    st = play(st, "cultists", "+EARTH")
    st = play(st, "nomads", "leech 1 from cultists")
    assert not st["pending"]["cultists"].get("CULT")


def test_others_wait_for_the_cultists_before_taking_space_ten() -> None:
    st = new_game(["cultists", "witches"], ["E6", "F4", "E9", "F7"])
    st = tweak(st, "cultists", C=20, keys=1,
               cults={"FIRE": 9, "WATER": 0, "EARTH": 1, "AIR": 0})
    st = tweak(st, "witches", keys=1, P=1, cults={"FIRE": 8, "WATER": 0, "EARTH": 0, "AIR": 2})
    st = play(st, "cultists", "upgrade E6 to TP")
    st = play(st, "witches", "leech 1 from cultists")
    assert fails(st, "witches", "send p to FIRE") == "terra_mystica.wait_for_cultists"
    texts = [c.text for d in E.decisions(st) for c in (d.choices or [])]
    assert "send p to FIRE" not in texts and "send p to WATER" in texts
    st = play(st, "cultists", "+FIRE")
    assert fs(st, "cultists")["cults"]["FIRE"] == 10
