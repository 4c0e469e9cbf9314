"""Pictures of a game from its engine's view (PNG bytes); never imports rules/.

`render_table` draws what everyone at the table may see, `render_private` what one
seat sees alone. Renderers are looked up by game name and imported on first use.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from functools import cache
from importlib import import_module
from typing import Any

# game name -> "module:function"; a function takes (view, lang) and maybe `names`.
TABLE_RENDERERS: dict[str, str] = {
    "citadels": "render.citadels:table_png",
    "terra_mystica": "render.terra_mystica:render_map",
}
PRIVATE_RENDERERS: dict[str, str] = {
    "citadels": "render.citadels:hand_png",
}


@cache
def _load(target: str) -> tuple[Callable[..., bytes], bool]:
    """The renderer function and whether it accepts display names."""
    module, attr = target.split(":")
    fn = getattr(import_module(module), attr)
    return fn, "names" in inspect.signature(fn).parameters


def _call(table: dict[str, str], game: str, view: Any, lang: str, names: Any) -> bytes:
    if game not in table:
        raise KeyError(f"no renderer for game {game!r}")
    fn, takes_names = _load(table[game])
    if takes_names:
        return fn(view, lang, names=names)
    return fn(view, lang)


def render_table(
    game: str, view: Any, lang: str = "ko", names: dict[int, str] | None = None
) -> bytes:
    """PNG of the public table; `names` maps seats to display names where supported."""
    return _call(TABLE_RENDERERS, game, view, lang, names)


def render_private(
    game: str, view: Any, lang: str = "ko", names: dict[int, str] | None = None
) -> bytes:
    """PNG of one seat's private things (hand, draft offer); KeyError if the game has none."""
    return _call(PRIVATE_RENDERERS, game, view, lang, names)


def has_private(game: str) -> bool:
    """Whether `game` has a private picture (so the bot knows to send one)."""
    return game in PRIVATE_RENDERERS
