"""Pictures of a game from its engine's view (PNG bytes); never imports rules/.

`render_table` draws what everyone at the table may see (the picture posted after a turn),
`render_board` the whole table in detail, `render_private` what one seat sees alone. Every
subpackage `render/<name>/` is the game `<name>`'s pictures: its `__init__` exports
`table_png(view, lang[, names])` and, if the game has them, `board_png` and `private_png`
(same signature); a game without `board_png` shows its `table_png` as its board. Packages
are found by listing this one and imported on first use; tests add renderers with `register`.
"""

from __future__ import annotations

import inspect
import pkgutil
from collections.abc import Callable
from functools import cache
from importlib import import_module
from typing import Any

# game name -> "module:function"; a function takes (view, lang) and maybe `names`.
TABLE_RENDERERS: dict[str, str] = {
    m.name: f"{__name__}.{m.name}:table_png" for m in pkgutil.iter_modules(__path__) if m.ispkg
}
PRIVATE_RENDERERS: dict[str, str] = {
    m.name: f"{__name__}.{m.name}:private_png" for m in pkgutil.iter_modules(__path__) if m.ispkg
}
BOARD_RENDERERS: dict[str, str] = {
    m.name: f"{__name__}.{m.name}:board_png" for m in pkgutil.iter_modules(__path__) if m.ispkg
}


def register(game: str, table: str, private: str | None = None, board: str | None = None) -> None:
    """Add a game's renderers, each as "module:function" (an example game in tests)."""
    TABLE_RENDERERS[game] = table
    if private is not None:
        PRIVATE_RENDERERS[game] = private
    if board is not None:
        BOARD_RENDERERS[game] = board


@cache
def _load(target: str) -> tuple[Callable[..., bytes], bool] | None:
    """The renderer function and whether it accepts display names; None if it has none."""
    module, attr = target.split(":")
    fn = getattr(import_module(module), attr, None)
    if fn is None:
        return None
    return fn, "names" in inspect.signature(fn).parameters


def _call(table: dict[str, str], game: str, view: Any, lang: str, names: Any) -> bytes:
    loaded = _load(table[game]) if game in table else None
    if loaded is None:
        raise KeyError(f"no renderer for game {game!r}")
    fn, takes_names = loaded
    if takes_names:
        return fn(view, lang, names=names)
    return fn(view, lang)


def render_table(
    game: str, view: Any, lang: str = "ko", names: dict[int, str] | None = None
) -> bytes:
    """PNG of the public table; `names` maps seats to display names where supported."""
    return _call(TABLE_RENDERERS, game, view, lang, names)


def render_board(
    game: str, view: Any, lang: str = "ko", names: dict[int, str] | None = None
) -> bytes:
    """PNG of the whole table in detail: the game's board picture, else its table picture."""
    table = BOARD_RENDERERS if has_board(game) else TABLE_RENDERERS
    return _call(table, game, view, lang, names)


def render_private(
    game: str, view: Any, lang: str = "ko", names: dict[int, str] | None = None
) -> bytes:
    """PNG of one seat's private things (hand, draft offer); KeyError if the game has none."""
    return _call(PRIVATE_RENDERERS, game, view, lang, names)


def has_private(game: str) -> bool:
    """Whether `game` has a private picture (so the bot knows to send one)."""
    return game in PRIVATE_RENDERERS and _load(PRIVATE_RENDERERS[game]) is not None


def has_board(game: str) -> bool:
    """Whether `game` has a detail picture of its own (else `render_board` draws its table)."""
    return game in BOARD_RENDERERS and _load(BOARD_RENDERERS[game]) is not None
