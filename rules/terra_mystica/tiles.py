"""Bonus, favor, scoring and town tiles, and the board's power actions (snellman ids)."""

from __future__ import annotations

Res = dict[str, int]

# income: gained in Phase I; action: special action kind; pass_vp: VP per building on passing
# (SHIP: per shipping level); ship: extra shipping during the action phase. option: the lobby
# option (snellman's site option) that puts the tile in the game; tiles without one always are.
BONUS: dict[str, dict] = {
    "BON1": {"income": {"C": 2}, "action": "spade"},
    "BON2": {"income": {"C": 4}, "action": "cult"},
    "BON3": {"income": {"C": 6}},
    "BON4": {"income": {"PW": 3}, "ship": 1},
    "BON5": {"income": {"W": 1, "PW": 3}},
    "BON6": {"income": {"W": 2}, "pass_vp": {"SH": 4, "SA": 4}},
    "BON7": {"income": {"W": 1}, "pass_vp": {"TP": 2}},
    "BON8": {"income": {"P": 1}},
    "BON9": {"income": {"C": 2}, "pass_vp": {"D": 1}},
    # site option shipping-bonus (the mini-expansion bonus tile)
    "BON10": {"income": {"PW": 3}, "pass_vp": {"SHIP": 3}, "option": "shipping_bonus"},
}

# cult/steps: one-time advance; copies in the pool; income; town_power: lowered town need;
# action: special action; vp: VP per building of that type built; pass_tp: VP by TP count.
FAVOR: dict[str, dict] = {
    "FAV1": {"cult": "FIRE", "steps": 3, "copies": 1},
    "FAV2": {"cult": "WATER", "steps": 3, "copies": 1},
    "FAV3": {"cult": "EARTH", "steps": 3, "copies": 1},
    "FAV4": {"cult": "AIR", "steps": 3, "copies": 1},
    "FAV5": {"cult": "FIRE", "steps": 2, "copies": 3, "town_power": 6},
    "FAV6": {"cult": "WATER", "steps": 2, "copies": 3, "action": "cult"},
    "FAV7": {"cult": "EARTH", "steps": 2, "copies": 3, "income": {"W": 1, "PW": 1}},
    "FAV8": {"cult": "AIR", "steps": 2, "copies": 3, "income": {"PW": 4}},
    "FAV9": {"cult": "FIRE", "steps": 1, "copies": 3, "income": {"C": 3}},
    "FAV10": {"cult": "WATER", "steps": 1, "copies": 3, "vp": {"TP": 3}},
    "FAV11": {"cult": "EARTH", "steps": 1, "copies": 3, "vp": {"D": 2}},
    "FAV12": {"cult": "AIR", "steps": 1, "copies": 3, "pass_tp": (0, 2, 3, 3, 4)},
}

# vp: action-phase VP per event (D, TP, TE, SH_SA, SPADE, TOWN); cult/per/reward: round-end
# bonus, `per` steps of `cult` (PRIESTS: per priest of the faction on the cult board's spaces).
SCORING: dict[str, dict] = {
    "SCORE1": {"vp": {"SPADE": 2}, "cult": "EARTH", "per": 1, "reward": {"C": 1}},
    "SCORE2": {"vp": {"TOWN": 5}, "cult": "EARTH", "per": 4, "reward": {"SPADE": 1}},
    "SCORE3": {"vp": {"D": 2}, "cult": "WATER", "per": 4, "reward": {"P": 1}},
    "SCORE4": {"vp": {"SH_SA": 5}, "cult": "FIRE", "per": 2, "reward": {"W": 1}},
    "SCORE5": {"vp": {"D": 2}, "cult": "FIRE", "per": 4, "reward": {"PW": 4}},
    "SCORE6": {"vp": {"TP": 3}, "cult": "WATER", "per": 4, "reward": {"SPADE": 1}},
    "SCORE7": {"vp": {"SH_SA": 5}, "cult": "AIR", "per": 2, "reward": {"W": 1}},
    "SCORE8": {"vp": {"TP": 3}, "cult": "AIR", "per": 4, "reward": {"SPADE": 1}},
    # site option temple-scoring-tile
    "SCORE9": {"vp": {"TE": 4}, "cult": "PRIESTS", "per": 1, "reward": {"C": 2},
               "option": "temple_scoring_tile"},
}
# The spade tile may not be drawn for rounds 5 and 6.
NOT_LATE = frozenset({"SCORE1"})

# vp, one-time gain (CULTS: steps on every track; SHIP: one shipping level with its VP, or one
# more carpet range for factions whose range grows), keys (1 unless said), copies in the pool.
TOWN: dict[str, dict] = {
    "TW1": {"vp": 5, "gain": {"C": 6}, "copies": 2},
    "TW2": {"vp": 7, "gain": {"W": 2}, "copies": 2},
    "TW3": {"vp": 9, "gain": {"P": 1}, "copies": 2},
    "TW4": {"vp": 6, "gain": {"PW": 8}, "copies": 2},
    "TW5": {"vp": 8, "gain": {"CULTS": 1}, "copies": 2},
    # site option mini-expansion-1 (the mini-expansion town tiles)
    "TW6": {"vp": 2, "gain": {"CULTS": 2}, "keys": 2, "copies": 1,
            "option": "mini_expansion_1"},
    "TW7": {"vp": 4, "gain": {"SHIP": 1}, "copies": 2, "option": "mini_expansion_1"},
    "TW8": {"vp": 11, "gain": {}, "copies": 1, "option": "mini_expansion_1"},
}
# The lobby options that add tiles, as the site names them in game files.
TILE_OPTIONS: dict[str, str] = {"shipping_bonus": "shipping-bonus",
                                "temple_scoring_tile": "temple-scoring-tile",
                                "mini_expansion_1": "mini-expansion-1"}

# Board power actions: cost in bowl-III power and what they give.
POWER_ACTIONS: dict[str, dict] = {
    "ACT1": {"cost": 3, "gain": {"BRIDGE": 1}},
    "ACT2": {"cost": 3, "gain": {"P": 1}},
    "ACT3": {"cost": 4, "gain": {"W": 2}},
    "ACT4": {"cost": 4, "gain": {"C": 7}},
    "ACT5": {"cost": 4, "gain": {"SPADE": 1}},
    "ACT6": {"cost": 6, "gain": {"SPADE": 2}},
}


def in_game(table: dict[str, dict], options: dict) -> list[str]:
    """The tiles of `table` a game with these options uses (an option's tiles only with it)."""
    return [t for t, d in table.items() if "option" not in d or options.get(d["option"])]


def tile_order(tiles) -> list[str]:
    """Tile ids by kind, then number (FAV2 before FAV10), whatever order a pool came in."""
    def key(tile: str) -> tuple[str, int]:
        head = tile.rstrip("0123456789")
        return head, int(tile[len(head):] or 0)
    return sorted(tiles, key=key)


TOWN_POWER = 7
TOWN_SIZE = 4


class TileTable(dict):
    """A tile table whose iteration gives the base game's tiles (and the site options'), while
    looking an id up also finds an expansion's (merchants/tiles.py): only the expansion's
    setup puts those in a game."""

    def __init__(self, base: dict, extra: dict) -> None:
        super().__init__(base)
        self.extra = extra

    def __missing__(self, key: str) -> dict:
        return self.extra[key]

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in self.extra

    def get(self, key: str, default: object = None) -> object:
        return self[key] if key in self else default


from rules.terra_mystica.merchants.tiles import lookups  # noqa: E402

_M_BONUS, _M_FAVOR, _M_SCORING, _M_TOWN = lookups()
BONUS = TileTable(BONUS, _M_BONUS)
FAVOR = TileTable(FAVOR, _M_FAVOR)
SCORING = TileTable(SCORING, _M_SCORING)
TOWN = TileTable(TOWN, _M_TOWN)
