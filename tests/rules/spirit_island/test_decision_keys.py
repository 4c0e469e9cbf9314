"""Decision keys in the windows every spirit works through at once (the Spirit phase, the
Fast and Slow power windows): another seat's move leaves a seat's open question under the
same key, so a button or private menu opened before it keeps working; the seat's own move
gives it a new key. Elsewhere a key follows the game's move count."""

from __future__ import annotations

import random

from rules.spirit_island import SpiritIsland

ENGINE = SpiritIsland()


def _window_with_two_waiting(seed: int):
    """Random play until a Fast or Slow window where both seats have a question open."""
    state = ENGINE.setup({}, 2, seed)
    rng = random.Random(seed)
    for _ in range(400):
        decisions = ENGINE.decisions(state)
        if not decisions:
            return None
        if state["phase"] in ("fast", "slow") and {d.seat for d in decisions} == {0, 1}:
            return state
        d = rng.choice(decisions)
        state, _ = ENGINE.apply(state, d.seat, rng.choice(d.choices).action)
    return None


def test_another_seats_move_in_a_power_window_keeps_my_key():
    checked = 0
    for seed in range(60):
        state = _window_with_two_waiting(seed)
        if state is None:
            continue
        before = {d.seat: d for d in ENGINE.decisions(state)}
        mover = before[0]
        after, _ = ENGINE.apply(state, 0, mover.choices[-1].action)
        now = {d.seat: d for d in ENGINE.decisions(after)}
        if after["phase"] != state["phase"] or 1 not in now or now[1].kind != before[1].kind:
            continue  # the window closed, or seat 1 was asked something else
        assert now[1].key == before[1].key
        if 0 in now:
            assert now[0].key != mover.key  # my own move: a new question, a new key
        checked += 1
    assert checked >= 2, checked


def test_keys_of_one_seat_never_repeat_in_a_game():
    state = ENGINE.setup({}, 2, 5)
    rng = random.Random(5)
    seen: dict[str, tuple] = {}
    for _ in range(300):
        decisions = ENGINE.decisions(state)
        if not decisions:
            break
        for d in decisions:
            mark = (state["turn"], state["phase"], d.seat, state["seats"][d.seat].get("acts", 0))
            assert seen.setdefault(d.key, mark) == mark, d.key
        d = rng.choice(decisions)
        state, _ = ENGINE.apply(state, d.seat, rng.choice(d.choices).action)
