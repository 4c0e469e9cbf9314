"""Terra Mystica (base game, base map, 14 factions) speaking snellman notation.

Actions are parsed snellman commands: {"type": "build", "hex": "F4"}; a turn written as
several commands joined with "." is {"type": "seq", "cmds": [...]} (e.g. "burn 3. action
ACT5. build F6"), applied left to right as one action. `TerraMystica().parse()` reads a
line (with or without the "faction:" prefix), `format()` writes it back.

Modules: board (map, wheel, ranges), factions / tiles / cults / power (data and bowls),
state (setup), turn (action slots), terraform, reach, leech, towns, commands (dispatch),
flow (income, rounds, final scoring), moves (legal choices), notation and notation_ko (the
Korean form), tile_texts (en/ko tile and faction texts for the view), gamefile (whole
files, replay, random games), engine (the rules.core contract), messages (en/ko).
CLI: `python -m rules.terra_mystica replay GAME.txt --json` and `... random-game`.
"""

from rules.terra_mystica.engine import TerraMystica
from rules.terra_mystica.export import ImportFailure, export_file, import_file
from rules.terra_mystica.merchants.setup import WAREHOUSE_FACTIONS

ENGINE = TerraMystica  # what rules.get_engine finds

# The bot reads the game through its root only: the engine, whole-game files (export,
# import) and the factions whose merchants start on a warehouse (Merchants of the Seas).
__all__ = [
    "ENGINE",
    "WAREHOUSE_FACTIONS",
    "ImportFailure",
    "TerraMystica",
    "export_file",
    "import_file",
]
