"""Fixtures every test directory may use."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from rules.core import Engine
from tests.example_game import registered


@pytest.fixture
def example_game() -> Iterator[Engine]:
    """The example game (tests/example_game/) registered for one test: its engine."""
    with registered() as engine:
        yield engine
