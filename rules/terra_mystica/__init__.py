"""Terra Mystica (base game, 14 factions, base map) with snellman notation."""

from rules.terra_mystica.engine import TerraMystica

__all__ = ["TerraMystica"]
