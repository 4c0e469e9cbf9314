"""An example game that proves the plug-in layout, registered only in tests.

A new game is three packages and no edit elsewhere: its rules (`rules.py`: the engine), its
pictures (`render.py`) and its Discord side (`ui.py`: a `GameUI`). A shipped game lives in
`rules/<name>/`, `render/<name>/` and `bot/games/<name>/` and is found by listing; this one
lives under tests/ and is added with the three registries' `register` calls, then removed.

    with registered() as engine:   # or the `example_game` fixture (tests/conftest.py)
        ... rules.get_engine("example") is engine ...
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

# aliases: this package's own submodules `rules` and `render` take those names here
import render as picture_registry
import rules as engine_registry
from bot import games
from rules.core import Engine
from tests.example_game.rules import NAME
from tests.example_game.ui import GAME

ENGINE_TARGET = "tests.example_game.rules:ExampleEngine"
TABLE_PNG = "tests.example_game.render:table_png"
PRIVATE_PNG = "tests.example_game.render:private_png"


@contextmanager
def registered() -> Iterator[Engine]:
    """The example game in all three registries for the block; taken out again after."""
    before = (engine_registry.ENGINES.get(NAME), picture_registry.TABLE_RENDERERS.get(NAME),
              picture_registry.PRIVATE_RENDERERS.get(NAME), games.all_games().get(NAME))
    engine_registry.register(NAME, ENGINE_TARGET)
    picture_registry.register(NAME, TABLE_PNG, PRIVATE_PNG)
    games.register(GAME)
    try:
        yield engine_registry.get_engine(NAME)
    finally:
        # rules and render have no unregister(): their registries are plain dicts
        tables = (engine_registry.ENGINES, picture_registry.TABLE_RENDERERS,
                  picture_registry.PRIVATE_RENDERERS)
        for table, old in zip(tables, before[:3], strict=True):
            if old is None:
                table.pop(NAME, None)
            else:
                table[NAME] = old
        games.unregister(NAME)
        if before[3] is not None:
            games.register(before[3])
