"""The seat-row changes several verb modules share (rules/spirit_island/seat_rows.py)."""

import pytest

import rules.spirit_island.powers  # noqa: F401  (registers the power and spirit verbs)
import rules.spirit_island.spirit_rules_b  # noqa: F401
from rules.spirit_island import effects as fx
from rules.spirit_island import seat_rows


@pytest.mark.parametrize(("verb", "key", "whose"), [
    ("slow_as_fast", "slow_as_fast", "seat"),
    ("card_plays", "card_plays_bonus", "seat"),
    ("range_bonus", "range_bonus", "seat"),
    ("setup_destroyed", "destroyed", "seat"),
    ("mountain_range", "mountain_range", "spirit"),
])
def test_counter_verbs_raise_their_spirits_counter_by_n_or_1(verb, key, whose):
    state = {"seats": [{}, {key: 2}]}
    ctx = {"seat": 0, "spirit": 0, whose: 1}
    assert fx.VERBS[verb](state, {}, ctx, None) is None
    assert fx.VERBS[verb](state, {"n": 3}, ctx, None) is None
    assert state["seats"] == [{}, {key: 6}]


def test_a_played_card_is_paid_for_and_its_elements_counted():
    row = {"hand": ["a", "b"], "played": [], "energy": 5, "elements": {"sun": 1}}
    seat_rows.play_card(row, "a", {"cost": 2, "elements": ["sun", "fire"]})
    assert row == {"hand": ["b"], "played": ["a"], "energy": 3,
                   "elements": {"sun": 2, "fire": 1}, "powers": ["a"]}
