"""The Citadels notation log (rules/citadels/export.py): written from a game's actions, read
back move by move to the very same state, and a line that does not apply named."""

from __future__ import annotations

import re

import pytest

from rules.citadels.engine import Citadels
from rules.citadels.export import LogError, export_log, read_log
from rules.core import dump_state, random_playout


@pytest.mark.parametrize(("seats", "seed"), [(2, 1), (4, 2), (6, 3), (8, 4)])
def test_a_whole_game_reads_back_to_the_same_state(seats: int, seed: int) -> None:
    engine = Citadels()
    options = engine.Options().model_dump()
    final, log = random_playout(engine, options, seats, seed)
    text = export_log(options, seats, seed, log, [f"N{i}" for i in range(seats)])
    got = read_log(text)
    assert got.seats == seats and got.seed == seed and got.options == options
    assert got.actions == log
    assert dump_state(got.state) == dump_state(final)
    assert engine.result(got.state) == engine.result(final)


def test_a_line_that_does_not_apply_is_named_with_the_engine_reason() -> None:
    engine = Citadels()
    _, log = random_playout(engine, {}, 3, 5)
    lines = export_log({}, 3, 5, log[:20], []).split("\n")
    first = next(i for i, line in enumerate(lines) if re.match(r"p\d+: ", line))
    seat = lines[first].split(":")[0]
    lines[first] = f"{seat}: take nobody"
    with pytest.raises(LogError) as caught:
        read_log("\n".join(lines))
    assert caught.value.line == first + 1 and caught.value.key.startswith("citadels.")


def test_a_header_without_its_seed_is_refused() -> None:
    with pytest.raises(LogError) as caught:
        read_log("players 3\np1: take assassin\n")
    assert caught.value.line == 2
