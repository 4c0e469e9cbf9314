"""Spirit Island (with Branch & Claw and Jagged Earth rules) engine: `from rules.spirit_island
import SpiritIsland`."""

from rules.spirit_island.engine import Options, SpiritIsland

ENGINE = SpiritIsland  # what rules.get_engine finds

__all__ = ["ENGINE", "Options", "SpiritIsland"]
