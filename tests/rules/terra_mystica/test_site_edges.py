"""Edges where the engine follows terra.snellman.net exactly (notation spec
rules/terra_mystica/NOTATION.md): a dig inside a spade action, offers whose
bowls change before the answer, and [verified] behaviours not covered elsewhere."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.terra_mystica.gamefile import read_lines, replay_text
from tests.rules.terra_mystica.helpers import E, fails, fs, new_game, play, put, tweak
from tests.rules.terra_mystica.test_worked_example import HEADER, REST, ROUND1

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
    assert fails(st, "halflings", text) == "terra_mystica.multiple_actions"


def test_site_rule_what_a_dig_inside_act6_still_allows() -> None:
    st = halflings_first(second_spade_dwelling=True)
    after = play(st, "halflings", "action ACT6. dig 1. build E7")  # E7: 3 spades, one hex
    assert after["buildings"]["E7"] == ["halflings", "D"]
    # one more dig belongs to the same action (the dig's own follow-up)
    after = play(st, "halflings", "action ACT6. dig 1. dig 1")
    assert after["factions"]["halflings"]["W"] == 20 - 2 * 3 and after["turn"]["spades"] == 4
    assert fails(halflings_first(), "halflings",
                 "action ACT6. dig 1. dig 1") == "terra_mystica.multiple_actions"  # rulebook mode
    # without a dig ACT6 still spreads its two spades over two hexes
    after = play(st, "halflings", "action ACT6. transform E5. build G7")
    assert after["buildings"]["G7"] == ["halflings", "D"] and after["terrain"]["E5"] == "brown"


def test_rulebook_mode_keeps_its_own_answers_to_the_same_lines() -> None:
    st = halflings_first()
    assert fails(st, "halflings",
                 "action ACT6. dig 1. transform E5. build D4") == "terra_mystica.second_spade_dwelling"
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
    assert fails(st, "witches", "leech 1 from cultists") == "terra_mystica.invalid_leech"
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


# -- 3. [verified] behaviours of the spec not covered elsewhere ----------------------------

LOOSE = HEADER.replace("option strict-leech\n", "")
ROUND1_TEXT = "".join(row[0] + "\n" for row in ROUND1)
TO_ROUND6 = ROUND1_TEXT + "".join(REST.splitlines(keepends=True)[:8])


def replay(snippet: str, header: str = HEADER):
    return replay_text(header + snippet + "\n")


def accepted(snippet: str, header: str = HEADER):
    rep = replay(snippet, header)
    assert rep.error is None, rep.error
    return rep.state


def refused(snippet: str, header: str = HEADER) -> str:
    rep = replay(snippet, header)
    assert rep.error is not None
    return rep.error["key"]


@pytest.mark.parametrize(("line", "expected"), [
    ("witches: pass. +BON3", ["pass bon3"]),  # R3
    ("witches: dig 1. build F6. transform F5", ["dig 1", "transform F5", "build F6"]),  # R5
    ("witches: build F6. transform F5 to black", ["transform F5 to black", "build F6"]),
    ("witches: pass BON3. convert 1W to 1C", ["convert 1W to 1C", "pass BON3"]),  # R6
    ("witches: burn 4. dig 1. action ACT5. build F6",
     ["burn 4", "action ACT5", "dig 1", "build F6"]),  # R7
    ("nomads: Upgrade G4 to SH.", ["Upgrade G4 to SH"]),  # a trailing `.` is harmless
])
def test_line_rewrites_r3_r5_r6_r7(line: str, expected: list[str]) -> None:
    """Spec 1.5 (R3, R5-R7 [verified]) and 1.6: the order the engine executes them in."""
    (last,) = [x for x in read_lines(HEADER + line + "\n").moves if not x.comment][-1:]
    assert last.pieces == expected


def test_an_unprefixed_line_is_one_command_so_only_the_last_delete_counts() -> None:
    """Spec 1.6 [verified]: `delete BON1. delete BON2` on an admin line removes only BON2."""
    game = read_lines(HEADER.replace("delete BON9", "delete BON1. delete BON9"))
    assert game.deleted == ["BON4", "BON6", "BON8", "BON9"]


def test_legacy_admin_lines_are_no_ops() -> None:
    """Spec 3.14 / 8.5 [verified]: income, start, abort, admin email, wait, map."""
    plain = accepted("witches: upgrade F4 to TP\nnomads: leech 1 from witches")
    noisy = accepted("map original\nincome\nwitches: income\nabort\nadmin email a@b.c\n"
                     "witches: wait\nwitches: upgrade F4 to TP\nstart\nnomads: wait\n"
                     "nomads: leech 1 from witches")
    assert noisy["factions"] == plain["factions"] and noisy["active"] == plain["active"]


def test_trailing_words_and_long_names_are_read() -> None:
    """Spec 8.5 [verified]: `dig 1 spades`, `upgrade X to trading post`, `grey`,
    `send priest to`, `advance shipping`."""
    st = accepted("witches: dig 1 spades. build F6")
    assert st["buildings"]["F6"] == ["witches", "D"]
    st = accepted("witches: upgrade F4 to trading post")
    assert st["buildings"]["F4"] == ["witches", "TP"]
    st = accepted("witches: dig 1. transform D7 to grey")  # red -> gray: one spade
    assert st["terrain"]["D7"] == "gray"
    st = accepted("witches: burn 3. action ACT2\nnomads: pass BON3\n"
                  "witches: send priest to water")
    assert st["factions"]["witches"]["cults"]["WATER"] == 3


def test_finish_is_ignored_while_a_turn_is_open() -> None:
    """Spec 3.14 [verified]: `finish` only scores when nothing but offers is open."""
    st = accepted("witches: upgrade F4 to TP\nfinish\nnomads: leech 1 from witches")
    assert st["phase"] == "actions" and st["round"] == 1 and st["final"] is None


def test_finish_scores_the_game_when_only_offers_are_open() -> None:
    st = accepted(TO_ROUND6 + "witches: pass\nnomads: upgrade F3 to TE. +FAV11\nnomads: pass")
    assert st["offers"] and st["phase"] == "actions"  # the Witches' answer is missing
    st = accepted(TO_ROUND6 + "witches: pass\nnomads: upgrade F3 to TE. +FAV11\n"
                  "nomads: pass\nfinish\nwitches: jump F4")
    assert st["phase"] == "over" and st["final"] is not None


def test_loose_leech_without_a_matching_offer_still_gives_the_power() -> None:
    """Spec 5.2 [verified]: without strict-leech `leech N` with no matching offer gives N
    power (a warning on the site); with it, the line is refused (vector C8)."""
    st = accepted("witches: upgrade F4 to TP\nnomads: leech 3", LOOSE)
    n = st["factions"]["nomads"]
    assert (n["P1"], n["P2"], n["VP"]) == (2, 10, 18)  # 3 power for 2 VP
    assert [o["to"] for o in st["offers"]] == ["nomads"]  # the real offer is still open
    assert refused("witches: upgrade F4 to TP\nnomads: leech 3 from witches",
                   LOOSE) == "terra_mystica.invalid_leech"


def test_a_bonus_tile_named_in_round_six_is_ignored() -> None:
    st = accepted(TO_ROUND6 + "witches: pass BON1\nnomads: pass")
    assert st["phase"] == "over" and st["factions"]["witches"]["bonus"] is None


def test_lines_after_the_end_of_the_game_are_ignored_unchecked() -> None:
    st = accepted(ROUND1_TEXT + REST + "nomads: +1vp. +12vp\nwitches: jump F4\nnomads: build Z9")
    assert st["phase"] == "over"
    assert (st["factions"]["witches"]["VP"], st["factions"]["nomads"]["VP"]) == (74, 80)


def test_an_offer_worth_nothing_still_holds_the_round() -> None:
    """Spec 5.4 [verified]: the round cannot end while any offer is open, even one whose
    actual value is 0; the next round's command is then not the active player's."""
    head = ("witches: pass BON3\nwitches: -5p1. -7p2\nnomads: upgrade F3 to TP\n"
            "nomads: pass BON5\n")
    st = accepted(head)
    (offer,) = st["offers"]
    assert offer["to"] == "witches" and offer["actual"] == 0
    assert st["round"] == 1 and st["active"] is None
    assert refused(head + "witches: pass BON1") == "terra_mystica.not_active"


def test_the_only_faction_left_chains_full_actions_in_one_run() -> None:
    """Spec 1.9 [verified]: a second full action in one contiguous run is refused, unless
    the faction is the only one not passed; then it silently starts its next turn."""
    st = accepted("witches: pass BON3\nnomads: upgrade F3 to TP. upgrade G4 to TP")
    assert st["buildings"]["F3"] == st["buildings"]["G4"] == ["nomads", "TP"]
    assert refused("witches: upgrade F4 to TP. upgrade E9 to TP") == "terra_mystica.multiple_actions"


def test_dug_spades_turning_a_hex_to_another_colour_must_all_go_into_it() -> None:
    """Spec 3.0 [verified]: `Must use all available spades when transforming a hex to
    non-home color using spades from a 'dig' command`."""
    assert refused("witches: dig 2. transform F6 to red") == "terra_mystica.dig_spades_unused"
    st = accepted("witches: dig 1. transform F6 to red")
    assert st["terrain"]["F6"] == "red"


def test_transform_without_a_colour_goes_as_far_towards_home_as_the_spades_reach() -> None:
    st = accepted("witches: dig 1. transform E10")  # black -> blue, one short of green
    assert st["terrain"]["E10"] == "blue" and "E10" not in st["buildings"]
