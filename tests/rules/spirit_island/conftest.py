"""Every Spirit Island rules test starts with the standard island in the lookups: a power
that changes the island (island_changes.py) sets the island shape for the rest of the
process (island.SHAPE), which must not reach the next test's position."""

import pytest

from rules.spirit_island import island as isl


@pytest.fixture(autouse=True)
def _standard_island():
    isl.SHAPE.set(None)
    yield
    isl.SHAPE.set(None)
