"""An independent audit against the Korean rulebook (seed 000), section by section: the rules
no other test file pins down. Each test names the seed section it checks."""

from __future__ import annotations

import pytest

from rules.terra_mystica import board
from rules.terra_mystica.messages import MESSAGES
from tests.rules.terra_mystica.helpers import (
    E,
    fails,
    fs,
    new_game,
    pass_all,
    play,
    put,
    tweak,
)


def texts(st: dict) -> list[str]:
    return [c.text for d in E.decisions(st) for c in (d.choices or [])]


def last_round(st: dict) -> dict:
    return {**st, "round": 6}


def duel() -> dict:
    """Witches (F4, E9) against Halflings (E6, F7); Witches to act. F4 touches E6."""
    return new_game(["witches", "halflings"], ["F4", "E6", "F7", "E9"])


def witches_town_base() -> dict:
    """Witches E9, F4; Halflings A1, A7. E9, D7 and E10 touch each other."""
    return new_game(["witches", "halflings"], ["E9", "A1", "A7", "F4"])


# -- 마을 설립 (founding towns) ------------------------------------------------------


def test_three_buildings_of_power_seven_without_a_sanctuary_are_no_town() -> None:
    """마을 설립: only 3 buildings are needed 'only if one of them is the sanctuary'."""
    st = put(put(put(witches_town_base(), "witches", "E9", "SH"), "witches", "D7", "TE"),
             "witches", "E10")
    st = tweak(st, "witches", W=10, C=20)
    st = play(st, "witches", "upgrade E10 to TP")  # SH 3 + TE 2 + TP 2 = 7, three buildings
    assert fs(st, "witches")["towns"] == [] and st["town_hexes"] == []
    assert not st["turn"] or not st["turn"]["need"].get("TOWN")


def dwarves_split() -> dict:
    """Dwarves: SH A5 + TE B2 touch; TP A7 two hexes from A5 (tunnel reach, not adjacent)."""
    st = new_game(["dwarves", "witches"], ["E7", "A3", "A10", "C5"], ["BON3", "BON5"])
    st = put(put(put(st, "dwarves", "A5", "SH"), "dwarves", "B2", "TE"), "dwarves", "A7", "TP")
    assert "A7" not in board.LAND_ADJ["A5"] | board.LAND_ADJ["B2"]
    assert board.HEX_DIST["A5"]["A7"] == 2
    st["terrain"]["A8"] = "gray"
    return play(st, "dwarves", "build A8")  # A7-A8: 4 buildings, power 9, in two groups


def test_tunnel_reach_joins_no_town_but_joins_the_network() -> None:
    """마을 설립 세부 사항: all town buildings must be directly adjacent (indirect adjacency
    does not count); 드워프: for area scoring every building the tunnel reaches counts."""
    st = dwarves_split()
    assert fs(st, "dwarves")["towns"] == [] and st["town_hexes"] == []
    st = pass_all(last_round(st))
    assert st["final"]["network"]["dwarves"] == 4  # A5-B2, tunnel A5~A7, A7-A8


def test_shipping_joins_no_town() -> None:
    """마을 설립 세부 사항: indirect adjacency across a river does not found a town."""
    st = put(put(duel(), "witches", "F4", "SH"), "witches", "G3", "TE")
    assert "G3" not in board.LAND_ADJ["F4"] and board.SHIP_DIST["F4"]["G3"] == 1
    st = tweak(st, "witches", ship=3, W=10, C=20)
    near_g3 = sorted(h for h in board.LAND_ADJ["G3"] if h not in st["buildings"]
                     and not board.LAND_ADJ[h] & {"F4", "E6", "F7", "E9"})[0]
    st["terrain"][near_g3] = "green"
    st = play(st, "witches", f"build {near_g3}")  # F4 SH | G3 TE + D: 6 + river = no town
    st = play(st, "halflings", "pass BON9")
    st = play(st, "witches", f"upgrade {near_g3} to TP")  # 3 + 2 + 2 = 7 over a river
    assert fs(st, "witches")["towns"] == [] and st["town_hexes"] == []


def test_no_town_once_the_ten_town_tiles_are_gone() -> None:
    """마을 설립 세부 사항: at most 10 towns in a game (10 tiles)."""
    st = put(put(put(witches_town_base(), "witches", "E9", "SH"), "witches", "D7", "TP"),
             "witches", "E10")
    st["town_pool"] = {t: 0 for t in st["town_pool"]}
    st["terrain"]["F6"] = "green"
    st = play(st, "witches", "build F6")
    assert fs(st, "witches")["towns"] == [] and fs(st, "witches")["keys"] == 0
    assert st["active"] == "halflings"


# -- 건물을 통한 파워 (power from neighbours' buildings) ---------------------------------


def test_a_neighbour_at_zero_vp_still_takes_one_power_for_free() -> None:
    """건물을 통한 파워 세부 사항: VP never go negative; a player may take less power only to
    stay at 0, taking the most power that leaves 0 VP (1 power costs nothing)."""
    st = tweak(put(duel(), "halflings", "E6", "TE"), "halflings", VP=0, P1=5, P2=7, P3=0)
    st = play(st, "witches", "upgrade F4 to TP")  # TE E6: offer 2, worth 1 at 0 VP
    view = next(d for d in E.decisions(st) if d.kind == "leech").params
    assert (view["amount"], view["actual"], view["vp_cost"]) == (2, 1, 0)
    st = play(st, "halflings", "leech 2 from witches")
    h = fs(st, "halflings")
    assert (h["VP"], h["P1"], h["P2"]) == (0, 4, 8)


def test_a_witches_ride_and_a_free_trading_house_offer_power_like_any_build() -> None:
    """건물을 통한 파워: a neighbour gains power whenever an opponent builds; the Witches'
    ride dwelling is a build like any other (only its adjacency rule is lifted)."""
    st = put(duel(), "witches", "E9", "SH")
    st["terrain"]["E7"] = "green"  # touches the Halflings' E6
    st = play(st, "witches", "action ACTW. build E7")
    assert [(o["to"], o["amount"]) for o in st["offers"]] == [("halflings", 1)]


# -- III 단계: 신앙 보너스 (round-end cult bonus) ------------------------------------------


def spades_phase(faction: str, dwellings: list[str], spades: int) -> dict:
    st = new_game([faction, "witches"], dwellings, ["BON3", "BON5"])
    st["phase"] = "spades"
    st["turn"] = st["active"] = None
    st["pending"] = {faction: {"SPADE": spades}}
    return st


def test_cult_bonus_spades_build_nothing_and_may_be_split() -> None:
    """III 단계 신앙 보너스: the spades may be split over several spaces; no dwelling may be
    built in Phase III."""
    st = spades_phase("halflings", ["E6", "F4", "E9", "F7"], 2)
    listed = texts(st)
    assert listed and all(t.startswith(("transform", "-")) for t in listed)
    assert fails(st, "halflings", "build E5") in ("terra_mystica.not_active", "terra_mystica.not_now")
    st = play(st, "halflings", "transform E5")  # black -> brown: 1 spade
    assert st["pending"]["halflings"]["SPADE"] == 1 and st["phase"] == "spades"
    st = play(st, "halflings", "transform D4 to yellow")  # red -> yellow: 1 spade
    assert st["terrain"]["E5"] == "brown" and st["terrain"]["D4"] == "yellow"
    assert st["phase"] == "actions" and st["round"] == 2


def test_cult_bonus_spades_cannot_tunnel() -> None:
    """III 단계: the Dwarves' tunnel (and the Fakirs' carpet) cannot add to income spades."""
    st = spades_phase("dwarves", ["E7", "A3", "A10", "C5"], 1)
    far = next(h for h, d in sorted(board.HEX_DIST["E7"].items())
               if d == 2 and h not in st["buildings"]
               and all(board.HEX_DIST[o].get(h, 9) >= 2 for o in ("E7", "C5"))
               and board.spade_distance(st["terrain"][h], "gray") == 1)
    assert fails(st, "dwarves", f"transform {far}") == "terra_mystica.cant_reach"
    assert f"transform {far}" not in texts(st)


def test_halflings_score_a_vp_for_each_cult_bonus_spade() -> None:
    """소인족: 1 VP per spade, however it was gained (here the Phase III spade tile)."""
    st = new_game(["halflings", "witches"], ["E6", "F4", "E9", "F7"],
                  scoring=["SCORE2", "SCORE5", "SCORE8", "SCORE6", "SCORE3", "SCORE7"])
    st = tweak(st, "halflings", cults={"FIRE": 0, "WATER": 0, "EARTH": 8, "AIR": 1})
    vp = fs(st, "halflings")["VP"]
    st = pass_all(st)  # passing on BON tiles with no pass VP
    assert st["phase"] == "spades" and st["pending"]["halflings"]["SPADE"] == 2
    assert fs(st, "halflings")["VP"] == vp + 2


def test_alchemists_stronghold_power_comes_with_cult_bonus_spades_too() -> None:
    """연금술사 요새: 2 power per spade, however the spade was gained (here Phase III)."""
    st = new_game(["alchemists", "witches"], ["E5", "F4", "E9", "E10"],
                  scoring=["SCORE2", "SCORE5", "SCORE8", "SCORE6", "SCORE3", "SCORE7"])
    st = tweak(put(st, "alchemists", "E5", "SH"), "alchemists", P1=12, P2=0, P3=0,
               cults={"FIRE": 1, "WATER": 1, "EARTH": 8, "AIR": 0})
    st = pass_all(st)
    assert st["phase"] == "spades" and st["pending"]["alchemists"]["SPADE"] == 2
    assert (fs(st, "alchemists")["P1"], fs(st, "alchemists")["P2"]) == (8, 4)


# -- 게임의 종료와 최종 점수 계산 (final scoring) -----------------------------------------


def trio() -> dict:
    return new_game(["witches", "halflings", "nomads"],
                    ["F4", "E6", "F3", "G4", "F7", "E9", "A5"])


def test_a_three_way_cult_tie_shares_eight_four_two_rounded_down() -> None:
    """신앙 점수: tied players add up the places they hold and share, rounding down;
    a marker still on 0 scores nothing."""
    st = trio()
    for name in ("witches", "halflings", "nomads"):
        st = tweak(st, name, cults={"FIRE": 5, "WATER": 0, "EARTH": 0, "AIR": 0})
    st = tweak(st, "nomads", cults={"FIRE": 5, "WATER": 0, "EARTH": 3, "AIR": 1})
    st = tweak(st, "halflings", cults={"FIRE": 5, "WATER": 0, "EARTH": 3, "AIR": 0})
    st = pass_all(last_round(st))
    br = st["final"]["breakdown"]
    assert [br[n]["fire"] for n in ("witches", "halflings", "nomads")] == [4, 4, 4]  # 14 // 3
    assert [br[n]["water"] for n in ("witches", "halflings", "nomads")] == [0, 0, 0]
    assert (br["nomads"]["earth"], br["halflings"]["earth"], br["witches"]["earth"]) == (6, 6, 0)
    assert (br["nomads"]["air"], br["halflings"]["air"], br["witches"]["air"]) == (8, 0, 0)


def test_all_tied_players_win() -> None:
    """게임의 승자: on a tie, every tied player wins."""
    st = duel()
    st = tweak(tweak(st, "witches", VP=50), "halflings", VP=50)
    st = {**st, "final": {"breakdown": {"witches": {}, "halflings": {}}}}
    assert [s.rank for s in E.result(st).scores] == [1, 1]


# -- 부록 VI: 종족 (factions) ---------------------------------------------------------


def test_a_stronghold_action_may_be_used_in_the_round_the_stronghold_is_built() -> None:
    """부록 VI: the action token from a stronghold may be used in the same round."""
    st = tweak(put(duel(), "witches", "E9", "TP"), "witches", W=10, C=20)
    assert fails(st, "witches", "action ACTW. build A10") == "terra_mystica.no_action"
    st = play(st, "witches", "upgrade E9 to SH")
    st = play(st, "halflings", "pass BON9")
    st = play(st, "witches", "action ACTW. build A10")
    assert st["buildings"]["A10"] == ["witches", "D"]


def test_a_witches_ride_dwelling_may_found_a_town_with_the_witches_bonus() -> None:
    """마녀: the ride's dwelling is a dwelling like any other; a town it completes brings the
    tile, the key and the Witches' 5 extra VP."""
    st = put(put(put(witches_town_base(), "witches", "E9", "SH"), "witches", "D7", "TP"),
             "witches", "E10")
    st["terrain"]["F6"] = "green"
    vp = fs(st, "witches")["VP"]
    st = play(st, "witches", "action ACTW. build F6. +TW3")
    w = fs(st, "witches")
    assert w["towns"] == ["TW3"] and w["keys"] == 1
    assert w["VP"] - vp == 2 + 9 + 5  # SCORE5 dwelling, TW3, Witches


def test_auren_cult_action_reaches_ten_with_a_key() -> None:
    """아우렌 요새: 2 steps on one track, onto space 10 with a key."""
    st = put(new_game(["auren", "halflings"], ["F4", "E6", "F7", "E9"]), "auren", "E9", "SH")
    st = tweak(st, "auren", keys=1, cults={"FIRE": 8, "WATER": 1, "EARTH": 0, "AIR": 1})
    st = play(st, "auren", "action ACTA. +2FIRE")
    assert fs(st, "auren")["cults"]["FIRE"] == 10


def test_giants_cannot_use_a_single_spade_alone() -> None:
    """거인족: always 2 spades to home terrain; BON1's single spade needs a second one dug."""
    st = new_game(["giants", "witches"], ["D4", "F4", "E9", "D6"], ["BON3", "BON1"])
    assert fs(st, "giants")["bonus"] == "BON1"
    st = tweak(st, "giants", W=10)
    assert fails(st, "giants", "action BON1. build E7") == "terra_mystica.not_enough"
    assert "action BON1. build E7" not in texts(st)
    st = play(st, "giants", "action BON1. dig 1. build E7")  # gray: 1 step, still 2 spades
    assert st["buildings"]["E7"] == ["giants", "D"] and st["terrain"]["E7"] == "red"


def nomads_game(scoring: list[str] | None = None) -> dict:
    st = new_game(["nomads", "witches"], ["F3", "F4", "E9", "G4", "A5"], ["BON3", "BON5"],
                  scoring=scoring)
    return put(st, "nomads", "A5", "SH")


def test_nomads_sandstorm_is_not_a_spade() -> None:
    """유목민 요새: the sandstorm does not count as a spade (no spade-tile VP)."""
    st = nomads_game(["SCORE1", "SCORE5", "SCORE8", "SCORE6", "SCORE3", "SCORE7"])
    vp = fs(st, "nomads")["VP"]
    st = play(st, "nomads", "action ACTN. build E5")
    assert st["buildings"]["E5"] == ["nomads", "D"] and fs(st, "nomads")["VP"] == vp


def test_nomads_sandstorm_does_not_cross_a_bridge() -> None:
    """유목민 요새: the sandstorm does not reach across rivers or bridges."""
    st = tweak(nomads_game(), "nomads", P1=0, P2=0, P3=6)
    st = play(st, "nomads", "action ACT1. bridge F3:G1")
    st = play(st, "witches", "pass BON9")
    assert "G1" not in board.LAND_ADJ["F3"]
    assert fails(st, "nomads", "action ACTN. build G1") == "terra_mystica.sandstorm_adjacent"
    assert "action ACTN. build G1" not in texts(st)


def test_engineers_earn_no_bridge_vp_on_passing_without_their_stronghold() -> None:
    """기술자 요새: the 3 VP per bridge between two own buildings come with the stronghold."""
    st = new_game(["engineers", "witches"], ["C2", "F4", "E9", "E7"], ["BON3", "BON5"])
    st = tweak(put(st, "engineers", "D4"), "engineers", W=10)
    st = play(st, "engineers", "action ACTE. bridge C2:D4")
    st = play(st, "witches", "pass BON9")
    vp = fs(st, "engineers")["VP"]
    st = play(st, "engineers", "pass BON6")  # BON6: pass VP only for SH/SA
    assert fs(st, "engineers")["VP"] == vp


def test_alchemists_trade_vp_only_in_their_own_turn() -> None:
    """연금술사 (errata 4): the VP/coin trades happen in the Alchemists' own turn."""
    st = new_game(["witches", "alchemists"], ["F4", "E5", "E10", "E9"])
    assert st["active"] == "witches"
    assert fails(st, "alchemists", "convert 1VP to 1C") == "terra_mystica.not_active"


def test_chaos_magicians_take_two_favors_for_a_sanctuary_too() -> None:
    """혼돈 마법사: two favor tiles for every temple or sanctuary."""
    st = new_game(["chaosmagicians", "witches"], ["F4", "E9", "D4"], ["BON3", "BON5"])
    st = tweak(put(st, "chaosmagicians", "D4", "TE"), "chaosmagicians", W=20, C=30)
    st = play(st, "chaosmagicians", "upgrade D4 to SA")
    assert st["turn"]["need"]["FAVOR"] == 2


# -- 광신도 (Cultists): what the replies to their builds give them --------------------------


def cultists_game(**options) -> dict:
    """Cultists E6/F7, Witches F4/E9, Nomads F3/G4/A5: upgrading E6 offers Witches (F4) and
    Nomads (F3) one power each."""
    st = new_game(["cultists", "witches", "nomads"], ["E6", "F4", "F3", "G4", "E9", "F7", "A5"],
                  **options)
    return tweak(st, "cultists", C=20)


def bowls(st: dict, name: str) -> tuple[int, int, int]:
    f = fs(st, name)
    return f["P1"], f["P2"], f["P3"]


@pytest.mark.parametrize("first", ["witches", "nomads"])
def test_cultists_one_taker_and_one_refusal_give_the_step_and_no_power(first: str) -> None:
    """광신도: one step when at least one opponent takes power, whatever the others do."""
    st = play(cultists_game(), "cultists", "upgrade E6 to TP")
    before = bowls(st, "cultists")
    other = "nomads" if first == "witches" else "witches"
    st = play(st, first, "decline 1 from cultists")
    st = play(st, other, "leech 1 from cultists")
    assert st["pending"]["cultists"]["CULT"] == 1 and bowls(st, "cultists") == before


def test_cultists_get_nothing_when_no_neighbour_can_gain_power() -> None:
    """Errata 5: an opponent with no room in bowls I and II gains nothing; when nobody can,
    the Cultists get neither the step nor the power."""
    st = cultists_game()
    for name in ("witches", "nomads"):
        st = tweak(st, name, P1=0, P2=0, P3=12)
    st = play(st, "cultists", "upgrade E6 to TP")
    before = bowls(st, "cultists")
    assert all(t.startswith("decline") for d in E.decisions(st) if d.kind == "leech"
               for t in [c.text for c in d.choices])
    st = play(play(st, "witches", "decline 1 from cultists"), "nomads", "decline 1 from cultists")
    assert bowls(st, "cultists") == before and not st["pending"].get("cultists")
    assert st["leech_groups"] == []


def test_cultists_power_when_the_only_able_neighbour_declines() -> None:
    """Notation spec 5.3: the power comes when all receivers with a positive value decline."""
    st = tweak(cultists_game(), "witches", P1=0, P2=0, P3=12)  # witches: nothing to gain
    st = play(st, "cultists", "upgrade E6 to TP")
    p1, p2, _ = bowls(st, "cultists")
    st = play(st, "nomads", "decline 1 from cultists")
    assert bowls(st, "cultists")[:2] == (p1 - 1, p2 + 1)
    st = play(st, "witches", "decline 1 from cultists")
    assert bowls(st, "cultists")[:2] == (p1 - 1, p2 + 1)  # once


def test_cultists_step_from_a_neighbour_at_zero_vp() -> None:
    """A neighbour at 0 VP is not forced to refuse: 1 power is free, and it is a taking."""
    st = tweak(put(cultists_game(), "witches", "F4", "TP"), "witches", VP=0)
    st = play(st, "cultists", "upgrade E6 to TP")
    offer = next(o for o in st["offers"] if o["to"] == "witches")
    assert offer["amount"] == 2
    st = play(st, "witches", "leech 2 from cultists")
    assert fs(st, "witches")["VP"] == 0 and st["pending"]["cultists"]["CULT"] == 1
    st = play(st, "nomads", "decline 1 from cultists")
    assert st["pending"]["cultists"]["CULT"] == 1


def test_cultists_get_no_power_without_the_errata_option() -> None:
    st = play(cultists_game(errata_cultist_power=False), "cultists", "upgrade E6 to TP")
    before = bowls(st, "cultists")
    st = play(play(st, "witches", "decline 1 from cultists"), "nomads", "decline 1 from cultists")
    assert bowls(st, "cultists") == before and not st["pending"].get("cultists")


def emptied_offer(nomads_decline_first: bool) -> dict:
    """The Nomads (passed) hold an older offer from the Witches (A3 next to A2) and one from
    the Cultists (B1 next to A2), with room for one power only."""
    st = new_game(["cultists", "witches", "nomads"], ["E6", "F4", "F3", "G4", "E9", "F7", "A5"])
    st = put(put(put(st, "nomads", "A2"), "cultists", "B1"), "witches", "A3")
    assert "A3" not in board.LAND_ADJ["B1"]
    st = tweak(tweak(st, "cultists", P=2, C=20, W=10), "witches", P=1, C=20, W=10)
    st = play(st, "cultists", "send p to FIRE")
    st = play(st, "witches", "send p to WATER")
    st = play(st, "nomads", "pass BON9")
    st = play(st, "cultists", "send p to EARTH")
    st = tweak(st, "nomads", P1=0, P2=1, P3=11)
    st = play(st, "witches", "upgrade A3 to TP")
    st = play(st, "cultists", "upgrade B1 to TP")
    assert [(o["to"], o["from"]) for o in st["offers"]] == [("nomads", "witches"),
                                                            ("nomads", "cultists")]
    if nomads_decline_first:
        st = play(st, "nomads", "decline 1 from cultists")
    return st


def test_cultists_get_no_power_when_their_offer_is_emptied_not_declined() -> None:
    """As the site counts it (notation spec 5.1/5.3): the receiver filled its bowls with an
    older offer, so the Cultists' offer lost its worth; no opponent refused power from the
    Cultists, so they get neither the step nor the power."""
    st = emptied_offer(nomads_decline_first=False)
    before = bowls(st, "cultists")
    st = play(st, "nomads", "leech 1 from witches")
    assert bowls(st, "cultists") == before
    (offer,) = st["offers"]
    assert E.decisions(st)[0].params["actual"] == 0 and offer["from"] == "cultists"
    st = play(st, "nomads", "decline 1 from cultists")
    assert bowls(st, "cultists") == before and not st["pending"].get("cultists")


def test_cultists_power_when_the_receiver_refuses_before_filling_up() -> None:
    st = emptied_offer(nomads_decline_first=True)
    p1, p2, _ = bowls(emptied_offer(nomads_decline_first=False), "cultists")
    assert bowls(st, "cultists")[:2] == (p1 - 1, p2 + 1)
    st = play(st, "nomads", "leech 1 from witches")
    assert bowls(st, "cultists")[:2] == (p1 - 1, p2 + 1)


# -- 신앙 제단에 성직자 배치 (sending a priest) --------------------------------------------


def sends(st: dict, cult: str) -> list[str]:
    return [t for t in texts(st) if t.startswith(f"send p to {cult}")]


def test_every_priest_space_is_a_listed_choice() -> None:
    """성직자 배치: the priest goes onto a free 3 or 2 space, or back to the supply for 1
    step; each of them is offered, not only the first free space."""
    st = tweak(duel(), "witches", P=2)
    assert sends(st, "FIRE") == ["send p to FIRE", "send p to FIRE for 2", "send p to FIRE for 1"]
    st["cult_spaces"]["FIRE"] = ["halflings", None, None, None]
    assert sends(st, "FIRE") == ["send p to FIRE", "send p to FIRE for 1"]
    st["cult_spaces"]["FIRE"] = ["halflings"] * 4
    assert sends(st, "FIRE") == ["send p to FIRE"]
    assert not sends(tweak(st, "witches", P=0), "WATER")


@pytest.mark.parametrize(("text", "steps", "space"), [
    ("send p to EARTH", 3, 0), ("send p to EARTH for 2", 2, 1), ("send p to EARTH for 1", 1, None)])
def test_each_listed_send_applies(text: str, steps: int, space: int | None) -> None:
    st = tweak(duel(), "witches", P=1)
    assert text in texts(st)
    st = play(st, "witches", text)
    assert fs(st, "witches")["cults"]["EARTH"] == steps
    spaces = st["cult_spaces"]["EARTH"]
    assert spaces == [("witches" if i == space else None) for i in range(4)]


def test_a_single_step_send_is_listed_while_the_cultists_hold_space_ten_open() -> None:
    """Notation spec 5.3: reaching 10 waits for the Cultists' step; a priest sent back for
    one step (8 -> 9) does not reach 10, so it stays on offer."""
    st = new_game(["cultists", "witches"], ["E6", "F4", "E9", "F7"])
    st = tweak(st, "cultists", C=20, keys=1, cults={"FIRE": 9, "WATER": 0, "EARTH": 1, "AIR": 0})
    st = tweak(st, "witches", keys=1, P=1, cults={"FIRE": 8, "WATER": 0, "EARTH": 0, "AIR": 2})
    st = play(st, "cultists", "upgrade E6 to TP")
    st = play(st, "witches", "leech 1 from cultists")
    assert sends(st, "FIRE") == ["send p to FIRE for 1"]
    st = play(st, "witches", "send p to FIRE for 1")
    assert fs(st, "witches")["cults"]["FIRE"] == 9


def test_send_choices_stay_under_one_select_list() -> None:
    """The bot folds a long turn menu by kind, 25 choices a list: all sends make at most 12."""
    st = tweak(duel(), "witches", P=3)
    assert len([t for t in texts(st) if t.startswith("send")]) == 12


# -- messages ------------------------------------------------------------------------


def test_every_refusal_text_is_used_by_the_engine() -> None:
    """A message key nothing raises is dead text (tm.build_elsewhere was one)."""
    import pathlib

    import rules.terra_mystica as pkg

    src = "".join(p.read_text() for p in pathlib.Path(pkg.__file__).parent.rglob("*.py")
                  if p.name != "messages.py")
    # <game>.option.* keys label Options fields in the lobby (the bot reads them by field name)
    unused = [k for k in MESSAGES["en"] if f'"{k}"' not in src and not k.startswith("terra_mystica.option.")]
    assert unused == []


# -- 파워 / 업그레이드 / 패스 (power, upgrades, passing) ------------------------------------


def test_one_token_in_bowl_two_cannot_be_sacrificed() -> None:
    """파워 희생하기: two tokens of bowl II make one in bowl III; one token alone cannot."""
    st = tweak(duel(), "witches", P1=11, P2=1, P3=0)
    assert fails(st, "witches", "burn 1") == "terra_mystica.not_enough"
    assert not [t for t in texts(st) if t.startswith("burn")]


def test_a_bridge_neighbour_earns_the_trading_house_discount() -> None:
    """건물의 업그레이드: 3 coins instead of 6 with an opponent directly adjacent; a bridge
    makes direct adjacency (인접)."""
    st = put(put(duel(), "witches", "A11"), "halflings", "C5")
    assert "C5" not in board.LAND_ADJ["A11"] and frozenset(("A11", "C5")) in board.BRIDGE_SPOTS
    st = tweak(st, "witches", P1=0, P2=0, P3=3, C=20, W=10)
    assert fs(play(st, "witches", "upgrade A11 to TP"), "witches")["C"] == 20 - 6
    st = play(st, "witches", "action ACT1. bridge A11:C5")
    st = play(st, "halflings", "pass BON9")
    st = play(st, "witches", "upgrade A11 to TP")
    assert fs(st, "witches")["C"] == 20 - 3
    # 건물을 통한 파워: the bridge neighbour is directly adjacent, so it is offered power
    assert [(o["to"], o["amount"]) for o in st["offers"]] == [("halflings", 1)]


def test_chaos_magicians_may_pass_as_the_second_action_of_their_double_turn() -> None:
    """혼돈 마법사 요새: two actions in a row; passing counts as one of them."""
    st = new_game(["chaosmagicians", "witches"], ["F4", "E9", "D4"], ["BON3", "BON5"])
    st = tweak(put(st, "chaosmagicians", "D6", "SH"), "chaosmagicians", P=1, C=20)
    st = play(st, "chaosmagicians", "action ACTC. advance ship. pass BON9")
    assert fs(st, "chaosmagicians")["passed"] and fs(st, "chaosmagicians")["ship"] == 1
    assert st["active"] == "witches"


def test_fakirs_have_no_shipping_track() -> None:
    """수도자: carpet flight instead of shipping (no shipping track on the board)."""
    st = tweak(new_game(["fakirs", "witches"], ["B1", "F4", "E9", "B4"], ["BON3", "BON5"]),
               "fakirs", P=1, C=10)
    assert fails(st, "fakirs", "advance ship") == "terra_mystica.cant_advance"
    assert "advance ship" not in texts(st)


# -- refusals the rulebook implies (notation spec 8.4 gives the site's matching errors) -----

REFUSALS = [
    # 삼 사용 세부 사항: a space holding a building cannot be transformed or built on
    ("dig 1. build E6", {}, "terra_mystica.occupied"),
    ("dig 1. transform E6", {}, "terra_mystica.occupied"),
    # 지형 변환: a transformation changes the terrain (E7 is already mountains)
    ("dig 1. transform E7 to gray", {}, "terra_mystica.already_color"),
    # 다리: a bridge needs one of your buildings at one of its ends
    ("action ACT1. bridge A11:C5", {"P1": 0, "P2": 0, "P3": 3}, "terra_mystica.bridge_not_adjacent"),
    # 성직자: each player has seven priests (4 on the cult board + 3 in hand)
    ("convert 5PW to 1P", {"P": 3, "priests_out": 4, "P1": 0, "P2": 7, "P3": 5},
     "terra_mystica.priest_limit"),
    # 마을 설립: a town tile only with a town
    ("+TW1", {}, "terra_mystica.town_not_allowed"),
    # 삼 사용: only one hex per action may end on another terrain than home (notation spec 3)
    ("action ACT6. transform E7 to red. transform F3 to red", {"P1": 0, "P2": 0, "P3": 6},
     "terra_mystica.two_nonhome"),
]


@pytest.mark.parametrize(("text", "values", "key"), REFUSALS)
def test_refusals(text: str, values: dict, key: str) -> None:
    st = tweak(duel(), "witches", **values)
    assert fails(st, "witches", text) == key


def test_an_exhausted_favor_tile_cannot_be_taken() -> None:
    """종에 타일: 1 copy of each 3-step tile; a tile gone from the supply is not available."""
    st = tweak(put(duel(), "witches", "F4", "TP"), "witches", W=10, C=20)
    st["favor_pool"]["FAV1"] = 0
    assert fails(st, "witches", "upgrade F4 to TE. +FAV1") == "terra_mystica.tile_gone"
    st = play(st, "witches", "upgrade F4 to TE")
    assert "+FAV1" not in texts(st) and "+FAV5" in texts(st)
