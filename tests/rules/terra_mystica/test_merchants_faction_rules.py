"""The expansion's faction rules (seed App. VII, L593-641) not covered elsewhere: the Giants'
stronghold trades (L611)."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.messages import fill
from rules.terra_mystica.moves import turn_choices
from rules.terra_mystica.state import copy_state
from tests.rules.terra_mystica.helpers import E, fails, play
from tests.rules.terra_mystica.mots_helpers import mots_game

# Cultists E6 (r15) and A1; Giants D4 (wasteland, r15 and r9) and G2. A Cultists' ship on
# r17 reaches the wasteland spaces D6 and D7; E5 (swamp) is one spade from plains.
DWELLINGS = ["E6", "D4", "G2", "A1"]


def giants_stronghold() -> dict:
    st = mots_game(["cultists", "giants"], DWELLINGS, ["E6", "D4"], ["BON3", "BON5"])
    st["buildings"]["D4"] = ["giants", "SH"]
    st["factions"]["giants"]["built"].update({"D": 1, "SH": 1})
    st["factions"]["cultists"].update(ships=["r15", "r17"], ship=1)
    return st


def traded(st: dict, text: str = "move r15-D4") -> dict:
    """Apply without closing the action: the trade's spade is still to be used."""
    return E.apply_held(st, 0, E.parse(st, 0, text))[0]


def texts(st: dict) -> list[str]:
    return [c.text for c in turn_choices(st, st["active"])]


def test_the_spade_from_the_giants_stronghold_is_not_used_on_wasteland() -> None:
    st = traded(giants_stronghold())
    assert st["turn"]["spades"] == 1 and st["terrain"]["D7"] == "red"
    assert fails(st, "cultists", "transform D7") == "terra_mystica.mots_giants_spade"
    assert fails(st, "cultists", "dig 1. build D7") == "terra_mystica.mots_giants_spade"
    shown = texts(st)
    assert not any(" D7" in t or " D6" in t for t in shown)
    assert "build E5" in shown and "transform E5" in shown  # swamp: one spade to plains


def test_the_refusal_reads_in_english_and_korean() -> None:
    st = traded(giants_stronghold())
    with pytest.raises(RuleError) as info:
        E.apply(st, 0, E.parse(st, 0, "transform D7"))
    err = info.value
    assert fill(err.key, "en", err.params) == (
        "A spade from trading with the Giants' stronghold cannot be used on wasteland (D7)."
    )
    assert fill(err.key, "ko", err.params) == (
        "'거인의 요새와 무역해서 받은 공짜 삽'은 황무지에 사용할 수 없습니다: D7."
    )


def test_on_another_space_the_giants_spade_builds_as_usual() -> None:
    st = traded(giants_stronghold())
    st = play(st, "cultists", "build E5")
    assert st["buildings"]["E5"] == ["cultists", "D"] and st["terrain"]["E5"] == "brown"


def test_spades_not_from_the_giants_stronghold_go_on_wasteland() -> None:
    st = giants_stronghold()
    st = play(st, "cultists", "dig 2. build D7")  # the Cultists' own spades (workers)
    assert st["buildings"]["D7"] == ["cultists", "D"]
    # a trade with the Giants' temple brings no spade and no bar
    st = giants_stronghold()
    st["buildings"]["D4"] = ["giants", "TE"]
    st = traded(st, "move r15-D4/PW")
    assert "giants_spades" not in st["turn"]


def test_the_bar_ends_once_the_giants_spade_is_used_or_given_up() -> None:
    st = traded(giants_stronghold())
    gave_up = traded(st, "-SPADE")
    assert gave_up["turn"]["spades"] == 0
    from rules.terra_mystica.merchants.trade import giants_spade_bars

    assert giants_spade_bars(st, "D7") and not giants_spade_bars(gave_up, "D7")
    assert not giants_spade_bars(st, "E5")  # swamp is not wasteland


def test_giants_trading_with_a_stronghold_get_two_spades_usable_anywhere() -> None:
    st = mots_game(["cultists", "giants"], DWELLINGS, ["E6", "D4"], ["BON3", "BON5"])
    st["buildings"]["E6"] = ["cultists", "SH"]
    st["factions"]["cultists"]["built"].update({"D": 1, "SH": 1})
    st = play(st, "cultists", "pass BON7")
    st = copy_state(st)
    st["factions"]["giants"].update(ships=["r15"], ship=1)
    seat = next(i for i, s in enumerate(st["seats"]) if s["faction"] == "giants")
    st = E.apply_held(st, seat, E.parse(st, seat, "move r15-E6"))[0]
    assert st["turn"]["spades"] == mt.SHIPYARD["giants"]["sh_trade_spades"] == 2
    assert "giants_spades" not in st["turn"]  # the bar is for the others' spades only
