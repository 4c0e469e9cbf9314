"""Citadels (2016 edition) rules engine: `from rules.citadels import Citadels`."""

from rules.citadels.engine import Citadels
from rules.citadels.options import Options

ENGINE = Citadels  # what rules.get_engine finds

__all__ = ["ENGINE", "Citadels", "Options"]
