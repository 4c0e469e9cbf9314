"""The notation spec's Appendix C accept/reject vectors, on the section 7.1 base file."""

from __future__ import annotations

import pytest

from rules.terra_mystica.gamefile import replay_text
from tests.rules.terra_mystica.test_worked_example import HEADER

B = "witches: burn 3. action ACT2\nnomads: burn 3. action ACT1. bridge F3:G1\n"
V12 = ("witches: action BON2. +AIR\nnomads: pass BON3\nwitches: upgrade F4 to TP\n"
       "witches: pass BON5\n")
V14 = ("witches: upgrade F4 to TP\nnomads: leech 1 from witches\nnomads: burn 3. action ACT2\n"
       "witches: upgrade F4 to TE\nnomads: leech 1 from witches\n")

VECTORS = [
    ("witches: upgrade F4 to TP\nnomads: leech 1 from witches", None),
    ("witches: upgrade F4 to TP\nwitches: burn 1\nwitches: action ACT3", "terra_mystica.multiple_actions"),
    ("witches: burn 1\nnomads: burn 1", "terra_mystica.not_active"),
    ("nomads: burn 1", "terra_mystica.not_active"),
    ("witches: upgrade F4 to TP\nwitches: convert 1W to 1C # pay", "terra_mystica.not_active"),
    ("witches: upgrade F4 to TP\n\nwitches: convert 1W to 1C", None),
    ("witches : upgrade F4 to TP", "terra_mystica.unknown_faction"),
    ("nomads: leech 1", "terra_mystica.invalid_leech"),
    ("witches: upgrade F4 to TP\nnomads: leech 2 from witches", "terra_mystica.invalid_leech"),
    ("witches: upgrade F4 to TP\nnomads: burn 3. action ACT2. leech 1 from witches", None),
    ("witches: upgrade F4 to TP\nnomads: burn 3. action ACT2\nwitches: burn 1\n"
     "nomads: leech 1 from witches", "terra_mystica.invalid_leech"),
    (V12 + "nomads: burn 1", "terra_mystica.not_active"),
    (V12 + "nomads: leech 1 from witches\nnomads: burn 1", None),
    (V14 + "nomads: burn 1", "terra_mystica.not_active"),
    (V14 + "witches: +FAV10\nnomads: burn 1", None),
    ("witches: +FAV10", "terra_mystica.favor_not_allowed"),
    ("witches: +2c", "terra_mystica.gain_not_allowed"),
    ("witches: -1w", None),
    ("witches: build E10", "terra_mystica.not_enough"),
    ("witches: dig 2. build F6", "terra_mystica.spades_left"),
    ("witches: dig 2. transform F6. -SPADE", "terra_mystica.dig_spades_unused"),
    ("witches: dig 1. build F6", None),
    ("witches: pass", "terra_mystica.pass_needs_bonus"),
    ("witches: pass BON2", "terra_mystica.bonus_unavailable"),
    ("witches: convert 3C to 1VP", None),
    ("witches: convert 2PW to 1W", "terra_mystica.convert_ratio"),
    ("witches: convert 1C to 1W", "terra_mystica.bad_convert"),
    (B + "witches: send p to fire for 3\nnomads: send priest to FIRE for 3", "terra_mystica.no_cult_space"),
    (B + "witches: send p to wind", "terra_mystica.unknown_cult"),
    ("witches: bridge F4:G3", "terra_mystica.no_bridge_pending"),
    ("witches: burn 3. action ACT1. bridge F4:G3", None),
    ("witches: burn 3. action ACT1. bridge F4:E8", "terra_mystica.bad_bridge"),
    ("witches: burn 3. action ACT2\nnomads: burn 3. action ACT2", "terra_mystica.action_taken"),
    ("witches: action BON1", "terra_mystica.no_action"),
    ("witches: action BON2. +AIR. +FIRE", "terra_mystica.gain_not_allowed"),
    ("witches: upgrade F4 to TE", "terra_mystica.bad_upgrade"),
    ("witches: upgrade F3 to TP", "terra_mystica.not_yours"),
    ("witches: advance shipping", "terra_mystica.not_enough"),
    ("witches: +BON3", None),
    ("witches: done", "terra_mystica.must_act"),
    ("witches: jump F4", "terra_mystica.unparsable"),
    ("nomads: resign\nwitches: upgrade F4 to TP\nwitches: pass BON3", None),
]


@pytest.mark.parametrize(("snippet", "expected"), VECTORS,
                         ids=[f"C{i + 1}" for i in range(len(VECTORS))])
def test_appendix_c_vector(snippet: str, expected: str | None) -> None:
    rep = replay_text(HEADER + snippet + "\n")
    if expected is None:
        assert rep.error is None, rep.error
    else:
        assert rep.error is not None and rep.error["key"] == expected, rep.error


def test_resigned_faction_gets_no_offers_and_no_turns() -> None:
    rep = replay_text(HEADER + VECTORS[-1][0] + "\n")
    st = rep.state
    assert st["offers"] == [] and st["round"] == 2 and st["active"] == "witches"
    assert st["factions"]["nomads"]["passed"] and st["factions"]["nomads"]["bonus"] is None
