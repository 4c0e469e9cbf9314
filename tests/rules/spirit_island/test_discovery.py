"""The engine stays out of the lobby and the contract suite until it exports ENGINE."""

import importlib
from pathlib import Path

import rules


def test_not_discovered_until_it_exports_an_engine():
    package = Path(rules.__file__).parent / "spirit_island"
    if (package / "__init__.py").exists():
        assert hasattr(importlib.import_module("rules.spirit_island"), "ENGINE")
    else:
        assert "spirit_island" not in rules.ENGINES
        assert "spirit_island" not in rules.available()
