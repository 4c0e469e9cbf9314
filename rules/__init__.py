"""Pure rules engines, one package per game, behind the contract in rules.core."""

from __future__ import annotations

from importlib import import_module

from rules.core import Engine

# name -> "module:attribute" of the engine class; imported on first use.
ENGINES: dict[str, str] = {
    "citadels": "rules.citadels:Citadels",
    "terra_mystica": "rules.terra_mystica:TerraMystica",
}

_cache: dict[str, Engine] = {}


def get_engine(name: str) -> Engine:
    """The engine for a game name; KeyError for an unknown game."""
    if name not in _cache:
        module, attr = ENGINES[name].split(":")
        _cache[name] = getattr(import_module(module), attr)()
    return _cache[name]


def available() -> list[str]:
    """Names of the games whose engine package is present."""
    names = []
    for name, target in ENGINES.items():
        try:
            import_module(target.split(":")[0])
        except ModuleNotFoundError:
            continue
        names.append(name)
    return names
