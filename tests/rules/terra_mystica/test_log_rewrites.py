"""Old-log rewrites of the notation spec (1.5 R1, 1.7 S1/S4), drop-faction, -PW corrections
and unknown options, read through whole game files."""

from __future__ import annotations

from rules.terra_mystica.gamefile import read_lines, replay_text
from rules.terra_mystica.notation import parse_text
from tests.rules.terra_mystica.test_worked_example import HEADER

ENGINEERS = """option strict-leech
score SCORE5,SCORE8,SCORE6,SCORE2,SCORE3,SCORE7
delete BON4
delete BON6
delete BON8
delete BON9
setup engineers
setup witches
engineers: build C2
witches: build F4
witches: build E9
engineers: build H6
witches: pass BON1
engineers: pass BON2
"""


def pieces(text: str) -> list[tuple[str | None, list[str]]]:
    return [(line.prefix, line.pieces) for line in read_lines(text).moves if not line.comment]


def resources(rep, name: str) -> tuple[int, ...]:
    f = rep.state["factions"][name]
    return (f["VP"], f["C"], f["W"], f["P"], f["P1"], f["P2"], f["P3"])


# -- R1: the Engineers' `-2w. bridge` ------------------------------------------------------


def test_engineers_minus_2w_bridge_is_their_bridge_action() -> None:
    assert parse_text("-2w. bridge C2:D3", "engineers") == parse_text(
        "action ACTE. bridge C2:D3", "engineers")
    assert parse_text("-2W.bridge C2:D3", "engineers")["cmds"][0] == {
        "type": "action", "space": "ACTE"}
    # only for the Engineers: anyone else loses 2 workers and needs a bridge pending
    other = parse_text("-2w. bridge C2:D3", "witches")
    assert other["cmds"][0] == {"type": "gain", "sign": "-", "n": 2, "what": "W"}


def test_engineers_legacy_bridge_replays() -> None:
    before = replay_text(ENGINEERS)
    rep = replay_text(ENGINEERS + "engineers: -2w. bridge C2:D3\n")
    assert rep.error is None, rep.error
    assert ["C2", "D3", "engineers"] in rep.state["bridges"]
    assert resources(rep, "engineers")[2] == resources(before, "engineers")[2] - 2
    assert rep.state["active"] == "witches"


# -- S1: two equal gains in a row double, across lines -------------------------------------


def test_doubling_merges_a_pair_across_lines() -> None:
    text = "auren: action ACTA. +AIR\nauren: +AIR\nwitches: +FIRE\n"
    assert pieces(text) == [("auren", ["action ACTA", "+2AIR"]), ("witches", ["+FIRE"])]


def test_doubling_keeps_counts_and_merges_only_pairs() -> None:
    assert pieces("auren: +2FIRE. +2fire\n") == [("auren", ["+4FIRE"])]
    assert pieces("auren: +AIR. +AIR. +AIR\n") == [("auren", ["+2AIR", "+AIR"])]
    assert parse_text("+2FIRE. +2FIRE")["n"] == 4


def test_doubling_needs_the_same_faction_and_no_comment_between() -> None:
    assert pieces("auren: +AIR\nwitches: +AIR\n") == [("auren", ["+AIR"]), ("witches", ["+AIR"])]
    assert pieces("auren: +AIR\n# a note\nauren: +AIR\n") == [
        ("auren", ["+AIR"]), ("auren", ["+AIR"])]
    assert pieces("auren: +AIR for x. +AIR\n") == [("auren", ["+AIR for x", "+AIR"])]


# -- S4: a bridge paid for and dropped at once -----------------------------------------------


def test_paid_and_dropped_bridge_vanishes() -> None:
    assert pieces("witches: convert 2W to bridge\nwitches: -BRIDGE\nwitches: burn 1\n") == [
        ("witches", ["burn 1"])]
    rep = replay_text(HEADER + "witches: convert 2W to 1bridge. -bridge\n"
                      "witches: upgrade F4 to TP\n")
    assert rep.error is None, rep.error
    plain = replay_text(HEADER + "witches: upgrade F4 to TP\n")
    assert resources(rep, "witches") == resources(plain, "witches")


def test_a_lone_convert_to_bridge_is_still_refused() -> None:
    rep = replay_text(HEADER + "witches: convert 2W to bridge\n")
    assert rep.error is not None and rep.error["key"] == "terra_mystica.bad_convert"


# -- drop-faction ------------------------------------------------------------------------------


def test_drop_faction_admin_line() -> None:
    rep = replay_text(HEADER + "drop-faction nomads\nwitches: upgrade F4 to TP\n"
                      "witches: pass BON3\n")
    assert rep.error is None, rep.error
    st = rep.state
    assert st["factions"]["nomads"]["dropped"] and st["offers"] == []
    assert st["round"] == 2 and st["active"] == "witches"


def test_drop_faction_mid_turn_of_another_faction_is_a_turn_break() -> None:
    rep = replay_text(HEADER + "witches: upgrade F4 to TP\ndrop-faction nomads\n"
                      "witches: pass BON3\n")
    assert rep.error is None, rep.error
    assert rep.state["factions"]["nomads"]["dropped"]


def test_drop_faction_of_a_stranger_is_refused() -> None:
    rep = replay_text(HEADER + "drop-faction player1\n")
    assert rep.error is not None and rep.error["key"] == "terra_mystica.unknown_faction"


# -- manual power corrections ----------------------------------------------------------------


def test_minus_pw_spends_from_bowl_three_like_the_site() -> None:
    rep = replay_text(HEADER + "witches: burn 2. -2pw\n")
    assert rep.error is None, rep.error
    vp, c, w, p, p1, p2, p3 = resources(rep, "witches")
    assert (p1, p2, p3) == (7, 3, 0)


def test_minus_pw_needs_the_power_in_bowl_three() -> None:
    rep = replay_text(HEADER + "nomads: -1pw\n")
    assert rep.error is not None and rep.error["key"] == "terra_mystica.not_enough"
    assert rep.error["line"] == HEADER.count("\n") + 1


def test_minus_bowl_tokens_remove_them() -> None:
    rep = replay_text(HEADER + "nomads: -2P1\n")
    assert rep.error is None, rep.error
    before = replay_text(HEADER)
    assert resources(rep, "nomads")[4] == resources(before, "nomads")[4] - 2


# -- options -----------------------------------------------------------------------------------


def test_unknown_option_is_refused_with_its_line() -> None:
    rep = replay_text("option strict-leech\noption no-such-thing\n" + HEADER)
    assert rep.state is None
    assert rep.error == {"line": 2, "key": "terra_mystica.unknown_option",
                         "reason": "Unknown option no-such-thing."}


def test_known_options_and_dropoption() -> None:
    rep = replay_text("option shipping-bonus\n option loose-dig\n" + HEADER)
    assert rep.error is None, rep.error
    assert rep.state["options"]["strict_leech"]
    rep = replay_text(HEADER.replace("option errata-cultist-power",
                                     "option errata-cultist-power\ndropoption strict-leech"))
    assert rep.error is None and not rep.state["options"]["strict_leech"]
