"""The contract suite runs over every registered game: the shipped ones and the example game,
registered here for the whole package (the registries' `register` calls, undone after)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.example_game import registered


@pytest.fixture(scope="package", autouse=True)
def example_game_registered() -> Iterator[None]:
    with registered():
        yield
