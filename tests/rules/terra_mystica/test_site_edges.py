"""Edges where the engine follows terra.snellman.net exactly (notation spec
../shared/rules/terra-mystica-notation.md): a dig inside a spade action, offers whose
bowls change before the answer, and [verified] behaviours not covered elsewhere."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from tests.rules.terra_mystica.helpers import E, fails, fs, new_game, play, put, tweak

# -- 1. A dig inside ACT6 resets the transforms to one (spec 3.0, sub-actions table) ------

# Halflings (brown) E6, F7; Witches F4, E9. For the Halflings E5 and G7 need 1 spade, D4 2.
# The Halflings sit first, so the Witches still play: a second action is refused outright.


def halflings_first(**options) -> dict:
    st = new_game(["halflings", "witches"], ["E6", "F4", "E9", "F7"], ["BON3", "BON5"],
                  **options)
    return tweak(st, "halflings", W=20, C=30, P=3, P1=0, P2=6, P3=6)


def menu(st: dict) -> list[str]:
    seat = st["factions"][st["active"]]["seat"]
    return [c.text for d in E.decisions(st) if d.seat == seat for c in d.choices or []]


def applies(st: dict, faction: str, text: str) -> bool:
    seat = st["factions"][faction]["seat"]
    try:
        E.apply(st, seat, E.parse(st, seat, text))
    except RuleError:
        return False
    return True


@pytest.mark.parametrize("text", ["action ACT6. dig 1. transform E5. build D4",
                                  "action ACT6. dig 1. transform E5. transform G7"])
def test_site_rule_a_dig_inside_act6_leaves_one_transform(text: str) -> None:
    # spec 3.0: after `dig N` one transform, one build, one more dig (ACT6's second is gone)
    st = halflings_first(second_spade_dwelling=True)
    assert fails(st, "halflings", text) == "tm.multiple_actions"


def test_site_rule_what_a_dig_inside_act6_still_allows() -> None:
    st = halflings_first(second_spade_dwelling=True)
    after = play(st, "halflings", "action ACT6. dig 1. build E7")  # E7: 3 spades, one hex
    assert after["buildings"]["E7"] == ["halflings", "D"]
    # one more dig belongs to the same action (the dig's own follow-up)
    after = play(st, "halflings", "action ACT6. dig 1. dig 1")
    assert after["factions"]["halflings"]["W"] == 20 - 2 * 3 and after["turn"]["spades"] == 4
    assert fails(halflings_first(), "halflings",
                 "action ACT6. dig 1. dig 1") == "tm.multiple_actions"  # rulebook mode
    # without a dig ACT6 still spreads its two spades over two hexes
    after = play(st, "halflings", "action ACT6. transform E5. build G7")
    assert after["buildings"]["G7"] == ["halflings", "D"] and after["terrain"]["E5"] == "brown"


def test_rulebook_mode_keeps_its_own_answers_to_the_same_lines() -> None:
    st = halflings_first()
    assert fails(st, "halflings",
                 "action ACT6. dig 1. transform E5. build D4") == "tm.second_spade_dwelling"
    after = play(st, "halflings", "action ACT6. dig 1. transform E5. transform G7")
    assert after["terrain"]["E5"] == after["terrain"]["G7"] == "brown"


@pytest.mark.parametrize("site", [False, True])
@pytest.mark.parametrize("typed", ["action ACT6. dig 1", "action ACT6. dig 1. transform E5",
                                   "action ACT6. transform E5"])
def test_every_spade_menu_choice_is_accepted(site: bool, typed: str) -> None:
    st = play(halflings_first(second_spade_dwelling=site), "halflings", typed)
    choices = [t for t in menu(st) if t.split()[0] in ("build", "transform")
               or t.endswith("SPADE")]
    assert choices
    refused = [t for t in choices if not applies(st, "halflings", t)]
    assert refused == []


def test_site_rule_spade_menu_after_a_dig_and_a_home_hex_builds_nowhere_else() -> None:
    st = play(halflings_first(second_spade_dwelling=True), "halflings",
              "action ACT6. dig 1. transform E5")
    assert not [t for t in menu(st) if t.startswith("build ")]


@pytest.mark.parametrize("site", [False, True])
def test_every_act6_menu_line_is_accepted(site: bool) -> None:
    st = halflings_first(second_spade_dwelling=site)
    lines = [t for t in menu(st) if "ACT6" in t]
    assert any(". dig " in t for t in lines)
    assert [t for t in lines if not applies(st, "halflings", t)] == []


# -- 2. An offer's worth is fixed when made (spec 5.1, 5.3) -------------------------------

# Cultists E6, F7; Witches F4 (a TP: worth 2 to them when the Cultists build next to it), E9.


def cultists_offer(p2: int) -> dict:
    """The Cultists upgraded E6 next to the Witches' TP; the Witches (to act) have p2 tokens
    in bowl II, none in bowl I: the offer of 2 is worth min(2, p2) when made."""
    st = new_game(["cultists", "witches"], ["E6", "F4", "E9", "F7"])
    st = tweak(put(st, "witches", "F4", "TP"), "cultists", C=20)
    st = tweak(st, "witches", P1=0, P2=p2, P3=12 - p2)
    st = play(st, "cultists", "upgrade E6 to TP")
    (offer,) = st["offers"]
    assert (offer["to"], offer["amount"]) == ("witches", 2)
    return st


def test_a_burn_after_the_offer_leaves_nothing_to_gain_but_the_cultists_step_stays() -> None:
    st = play(cultists_offer(p2=2), "witches", "burn 1")  # bowl II empty: no room left
    view = next(d for d in E.decisions(st) if d.kind == "leech").params
    assert (view["actual"], view["vp_cost"]) == (0, 0)  # what accepting gives now
    leech = next(d for d in E.decisions(st) if d.kind == "leech")
    assert "leech 2 from cultists" in [c.text for c in leech.choices]
    vp, bowls = fs(st, "witches")["VP"], (0, 0, 11)
    st = play(st, "witches", "leech 2 from cultists")
    w = fs(st, "witches")
    assert (w["VP"], (w["P1"], w["P2"], w["P3"])) == (vp, bowls)  # nothing gained, no VP
    # the offer was worth 2 when made: the site grants the Cultists their cult step
    assert st["pending"]["cultists"]["CULT"] == 1


def test_a_partial_burn_caps_the_gain_and_its_vp_cost() -> None:
    st = play(cultists_offer(p2=3), "witches", "burn 1")  # worth 2 when made; room 1 now
    vp = fs(st, "witches")["VP"]
    st = play(st, "witches", "leech 2 from cultists")
    assert fs(st, "witches")["VP"] == vp and fs(st, "witches")["P3"] == 11  # 1 power, free
    assert st["pending"]["cultists"]["CULT"] == 1


def test_the_offer_matches_its_amount_or_its_worth_when_made_not_the_room_now() -> None:
    st = cultists_offer(p2=4)
    st = tweak(st, "witches", P2=1, P3=11)  # room 1 now; the offer was worth 2
    assert fails(st, "witches", "leech 1 from cultists") == "tm.invalid_leech"
    st = cultists_offer(p2=1)  # worth 1 when made: `leech 1` names it
    st = play(st, "witches", "leech 1 from cultists")
    assert fs(st, "witches")["P3"] == 12 and st["pending"]["cultists"]["CULT"] == 1


def test_an_offer_worth_nothing_when_made_earns_no_step_even_with_room_later() -> None:
    st = cultists_offer(p2=0)  # bowls full when the Cultists built
    st = tweak(st, "witches", P2=2, P3=10)  # room again before the answer (test setup)
    st = play(st, "witches", "leech 2 from cultists")
    assert fs(st, "witches")["P3"] == 12  # the bowls take it at acceptance
    assert not st["pending"].get("cultists")  # the site counts the offer's worth when made


def test_declining_after_a_burn_still_gives_the_cultists_their_power() -> None:
    st = play(cultists_offer(p2=2), "witches", "burn 1")
    p1 = fs(st, "cultists")["P1"]
    st = play(st, "witches", "decline 2 from cultists")
    assert fs(st, "cultists")["P1"] == p1 - 1 and not st["pending"].get("cultists")
