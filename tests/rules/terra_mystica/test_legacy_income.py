"""Old site logs: a power offer still unanswered when the round ends. The legacy `income` line
pays the round's end at once, as terra.snellman.net does; the offer lapses at that faction's
next action (spec 3.14, corrected: such lines do meet open offers in real logs)."""

from __future__ import annotations

import pytest

from rules.terra_mystica.gamefile import replay_text
from tests.rules.terra_mystica.test_worked_example import HEADER

# Round 1: the Witches pass first; the Nomads' trading house on F3 offers the Witches 1 power
# (their dwelling on F4); the Nomads pass. The offer is still open when the old log's
# admin lines `income` and `start` come, then the Witches open round 2.
ROUND_1 = HEADER + """witches: pass BON3
nomads: upgrade F3 to TP
nomads: pass BON5
"""


def test_without_an_income_line_the_open_offer_holds_the_round() -> None:
    rep = replay_text(ROUND_1)
    assert rep.error is None
    st = rep.state
    assert st["round"] == 1 and st["active"] is None
    assert [(o["to"], o["amount"]) for o in st["offers"]] == [("witches", 1)]


@pytest.mark.parametrize("line", ["income", "witches: income", "nomads: income"])
def test_the_income_line_pays_the_round_end_and_the_offer_lapses_at_the_next_action(
        line: str) -> None:
    rep = replay_text(ROUND_1 + f"{line}\nstart\n")
    assert rep.error is None, rep.error
    st = rep.state
    assert st["round"] == 2 and st["active"] == "witches"  # the Witches passed first
    held = replay_text(ROUND_1 + "witches: decline 1 from nomads\n").state  # the same round end
    for name in ("witches", "nomads"):
        mine, site = st["factions"][name], held["factions"][name]
        assert {k: mine[k] for k in ("VP", "C", "W", "P", "P1", "P2", "P3")} == {
            k: site[k] for k in ("VP", "C", "W", "P", "P1", "P2", "P3")}, name
    assert [o["to"] for o in st["offers"]] == ["witches"]  # still open ...
    rep = replay_text(ROUND_1 + f"{line}\nstart\nwitches: upgrade E9 to TP\n")
    assert rep.error is None, rep.error
    after = rep.state
    assert after["offers"] == []  # ... and declined by the Witches' action
    assert after["factions"]["witches"]["P2"] == st["factions"]["witches"]["P2"]
    assert after["active"] == "nomads"


def test_the_offer_may_still_be_accepted_after_the_income_line() -> None:
    rep = replay_text(ROUND_1 + "income\nstart\nwitches: leech 1 from nomads\n"
                      "witches: upgrade E9 to TP\n")
    assert rep.error is None, rep.error
    base = replay_text(ROUND_1 + "income\nstart\n").state["factions"]["witches"]
    got = rep.state["factions"]["witches"]
    assert (got["P2"] + 2 * got["P3"]) - (base["P2"] + 2 * base["P3"]) == 1


def test_an_income_line_with_a_turn_still_open_changes_nothing() -> None:
    early = HEADER + "witches: pass BON3\nincome\nnomads: upgrade F3 to TP\n"
    rep = replay_text(early)
    assert rep.error is None, rep.error
    assert rep.state["round"] == 1 and rep.state["active"] == "nomads"
