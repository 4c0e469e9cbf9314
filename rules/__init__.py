"""Pure rules engines, one package per game, behind the contract in rules.core.

Every subpackage `rules/<name>/` is a game whose `__init__` exports `ENGINE`, the engine
class; it is found by listing this package and imported on first use, so a new game is a
new package and nothing here changes. Tests add engines with `register`.
"""

from __future__ import annotations

import pkgutil
from importlib import import_module

from rules.core import Engine

# name -> "module:attribute" of the engine class; imported on first use.
ENGINES: dict[str, str] = {
    module.name: f"{__name__}.{module.name}:ENGINE"
    for module in pkgutil.iter_modules(__path__)
    if module.ispkg
}

_cache: dict[tuple[str, str], Engine] = {}


def register(name: str, target: str) -> None:
    """Add a game whose engine class is at "module:attribute" (an example game in tests)."""
    ENGINES[name] = target


def get_engine(name: str) -> Engine:
    """The engine for a game name; KeyError for an unknown game."""
    target = ENGINES[name]
    if (name, target) not in _cache:
        module, attr = target.split(":")
        _cache[name, target] = getattr(import_module(module), attr)()
    return _cache[name, target]


def available() -> list[str]:
    """Names of the games whose engine package loads."""
    names = []
    for name, target in ENGINES.items():
        try:
            import_module(target.split(":")[0])
        except ModuleNotFoundError:
            continue
        names.append(name)
    return names
