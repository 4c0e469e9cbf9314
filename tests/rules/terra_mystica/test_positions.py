"""The position builder (rules.terra_mystica.positions): what it is told is what the engine sees."""

from __future__ import annotations

import pytest

from rules.terra_mystica.positions import position
from tests.rules.terra_mystica.helpers import E, fs, play


def documented() -> dict:
    return position(
        factions=["witches", "halflings"],
        buildings={"E9": ("witches", "D"), "F4": ("witches", "TP"),
                   "A1": ("halflings", "D"), "A7": ("halflings", "TE")},
        resources={"witches": {"C": 9, "W": 4, "P": 1, "VP": 25}},
        bowls={"witches": (0, 5, 7)},
        cults={"halflings": {"EARTH": 4, "AIR": 1}},
        bonuses={"witches": "BON5", "halflings": "BON3"},
        round=3,
        turn="halflings",
    )


def test_the_documented_example_is_what_the_view_shows() -> None:
    st = documented()
    view = E.view(st, None)
    assert view["round"] == 3 and view["active"] == "halflings"
    (decision,) = E.decisions(st)
    assert decision.seat == 1 and decision.kind == "turn"
    w = fs(st, "witches")
    assert (w["C"], w["W"], w["P"], w["VP"], w["P1"], w["P2"], w["P3"]) == (9, 4, 1, 25, 0, 5, 7)
    assert w["built"] == {"D": 1, "TP": 1, "TE": 0, "SH": 0, "SA": 0}
    assert fs(st, "halflings")["cults"]["EARTH"] == 4 and w["bonus"] == "BON5"
    assert "BON5" not in st["bonus_pool"] and "BON3" not in st["bonus_pool"]
    assert set(st["buildings"]) == {"E9", "F4", "A1", "A7"}  # the setup's dwellings replaced


def test_the_engine_plays_on_from_it() -> None:
    st = play(documented(), "halflings", "upgrade A1 to TP")
    assert fs(st, "halflings")["built"]["TP"] == 1 and st["buildings"]["A1"] == ["halflings", "TP"]


@pytest.mark.parametrize(
    "bad",
    [
        {"buildings": {"Z99": ("witches", "D")}},
        {"buildings": {"E9": ("witches", "castle")}},
        {"resources": {"nomads": {"C": 1}}},  # not playing
        {"resources": {"witches": {"gold": 1}}},
        {"cults": {"witches": {"FIRE": 11}}},
        {"round": 7},
        {"turn": "nomads"},
    ],
)
def test_a_wrong_description_is_refused(bad: dict) -> None:
    with pytest.raises(ValueError):
        position(factions=["witches", "halflings"], **bad)
