"""The fast state copies of rules/citadels/table.py follow the state's shape: prove that a
copy equals its original and shares no list or dict with it, in every stage of real games
(a new nested field that the copy misses fails here)."""

from __future__ import annotations

from typing import Any

import pytest

from rules.citadels.table import DEEP, FROZEN, copy_seat, copy_state
from rules.core import dump_state, random_playout

from .helpers import ENGINE

SHARED = (*FROZEN, "log", "seats")  # never changed in place, or copied on first write


def containers(value: Any, out: set[int] | None = None) -> set[int]:
    out = set() if out is None else out
    if type(value) is dict or type(value) is list:
        out.add(id(value))
        for item in value.values() if type(value) is dict else value:
            containers(item, out)
    return out


def check_copies(st: dict[str, Any]) -> None:
    for key, value in st.items():
        if type(value) is dict or type(value) is list:
            assert key in DEEP or key in SHARED, f"{key} is neither copied nor frozen"
    new = copy_state(st)
    assert dump_state(new) == dump_state(st)
    for key in DEEP:
        assert not containers(new[key]) & containers(st[key]), key
    assert new["log"] is not st["log"] and new["seats"] is not st["seats"]
    for seat in st["seats"]:
        copied = copy_seat(seat)
        assert copied == seat and not containers(copied) & containers(seat)


@pytest.mark.parametrize(("seats", "cast"), [(2, "first_game"), (3, "D"), (4, "B"),
                                             (5, "random"), (7, "C"), (8, "F"), (6, "E"),
                                             (4, "A")])
def test_copies_share_nothing_with_their_original(seats: int, cast: str) -> None:
    stages: set[str] = set()

    def on_step(st, decision, choice, events):  # noqa: ANN001
        stages.add(st["turn"]["stage"] if st["turn"] else st["phase"])
        check_copies(st)

    random_playout(ENGINE, {"cast": cast}, seats, seats, on_step=on_step)
    assert {"draft", "gather", "main", "over"} <= stages


def test_a_shared_list_is_caught() -> None:
    st = ENGINE.setup({"cast": "A"}, 4, 1)
    st["rs"]["nested"] = [[1]]  # a shape the copy does not know: its inner list is shared
    with pytest.raises(AssertionError):
        check_copies(st)

