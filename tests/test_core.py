"""The shared engine tools in rules.core."""

from collections import Counter

import pytest

from rules.core import Rng, dump_state, rng_next, strip_secrets


def test_rng_is_deterministic_and_serialisable():
    a, b = Rng(42), Rng(42)
    assert [a.below(1000) for _ in range(50)] == [b.below(1000) for _ in range(50)]
    resumed = Rng(a.state)
    assert [a.below(7) for _ in range(20)] == [resumed.below(7) for _ in range(20)]


def test_rng_next_advances_state():
    value, state = rng_next(0)
    assert state != 0 and value != rng_next(state)[0]


def test_below_is_roughly_uniform():
    rng = Rng(7)
    counts = Counter(rng.below(6) for _ in range(6000))
    assert set(counts) == set(range(6))
    assert all(800 < n < 1200 for n in counts.values())


def test_below_rejects_empty_range():
    with pytest.raises(ValueError):
        Rng(1).below(0)


def test_shuffle_is_a_permutation_that_depends_on_the_seed():
    items = list(range(30))
    one, two = items[:], items[:]
    Rng(1).shuffle(one)
    Rng(2).shuffle(two)
    assert sorted(one) == items and one != items and one != two


def test_strip_secrets_removes_both_places_and_copies():
    state = {
        "round": 1,
        "secret": {"deck": [1, 2]},
        "seats": [{"gold": 2, "secret": {"hand": ["a"]}}, {"gold": 3, "secret": {}}],
    }
    public = strip_secrets(state)
    assert "secret" not in public
    assert all("secret" not in s for s in public["seats"])
    public["seats"][0]["gold"] = 99
    assert state["seats"][0]["gold"] == 2


def test_dump_state_is_canonical():
    assert dump_state({"b": 1, "a": [1, "한"]}) == dump_state({"a": [1, "한"], "b": 1})
    assert "한" in dump_state({"a": "한"})
