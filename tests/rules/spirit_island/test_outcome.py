"""Win and loss checks: terror-level victory, the three losses, sacrifice victory (B8)."""

import pytest

from rules.spirit_island import hooks
from rules.spirit_island.outcome import outcome
from rules.spirit_island.pieces import add, add_presence, empty_land


def state_with(**kinds):
    land = empty_land()
    for kind, n in kinds.items():
        add(land, kind, n)
    add_presence(land, "river")
    return {"lands": {"A5": land, "A7": empty_land()}}


@pytest.mark.parametrize(
    ("kinds", "level", "result"),
    [
        ({}, 1, "win"),
        ({"explorer": 1}, 1, None),
        ({"explorer": 1}, 2, "win"),
        ({"town": 1}, 2, None),
        ({"town": 1}, 3, "win"),
        ({"city": 1}, 3, None),
        ({"city": 1}, 4, "win"),  # all fear cards earned
    ],
)
def test_victory_by_terror_level(kinds, level, result):
    assert outcome(state_with(**kinds), ["river"], level) == result


def test_a_spirit_with_no_presence_loses():
    state = state_with(city=1)
    assert outcome(state, ["river", "earth"], 1) == "loss:presence"


@pytest.mark.parametrize("why", ["blight", "time"])
def test_recorded_losses(why):
    state = state_with(city=1)
    state["lost"] = why
    assert outcome(state, ["river"], 1) == f"loss:{why}"


def test_win_and_loss_together_is_a_sacrifice_victory():
    state = state_with()
    state["lost"] = "blight"
    assert outcome(state, ["river"], 1) == "sacrifice"


@hooks.on("loss", "test-town-supply")
def _town_supply(state):
    return "supply" if sum(len(land["town"]) for land in state["lands"].values()) >= 2 else None


def test_an_adversary_loss_rule_is_a_loss_while_its_rule_is_active():
    state = state_with(town=2)
    assert outcome(state, ["river"], 1) is None
    state["rules"] = ["test-town-supply"]
    assert outcome(state, ["river"], 1) == "loss:supply"
    assert outcome(state, ["river"], 3) == "sacrifice"  # no city left: won and lost at once
