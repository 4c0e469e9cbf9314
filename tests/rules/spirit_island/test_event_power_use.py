"""A power used inside an event (Rouse the Spirits, Work to Match Their Pace: "use a Slow
power now") is used like one used in its phase: gone from the powers still to use, counted
as used, and reported, so the thread says who used which power."""

from __future__ import annotations

from rules.spirit_island import effects as fx
from tests.rules.spirit_island.helpers import settle
from tests.rules.spirit_island.test_spirits import LIGHTNING, game


def test_a_slow_power_used_by_an_event_is_used_and_reported():
    state = game(LIGHTNING, clear=True)
    row = state["seats"][0]
    row.update(played=["Raging Storm"], powers=["Raging Storm"], used=[])
    state["notes"] = []
    fx.push(state, [{"do": "use_power_now", "speed": "slow"}], {"seat": 0, "source": "event"})
    settle(state, ["Raging Storm"], exact=False)
    assert "Raging Storm" not in row["powers"] and row["used"] == ["Raging Storm"]
    assert {"key": "power", "params": {"s": 0, "power": "Raging Storm"}} in state["notes"]


def test_a_spirit_without_such_a_power_is_not_asked():
    state = game(LIGHTNING, clear=True)
    state["seats"][0].update(played=[], powers=[])
    fx.push(state, [{"do": "use_power_now", "speed": "slow"}], {"seat": 0, "source": "event"})
    assert fx.run(state) is None
