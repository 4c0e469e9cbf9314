"""Merchants of the Seas tiles, starting VP and shipyard boards, as data.

Every entry carries `src`: "seed Lnnn" when the Korean rulebook (the authority) states it;
otherwise where it came from, with "CHECK" meaning: to check against a physical copy. The
engine reads only these tables. The README beside this file lists what to check.
"""

from __future__ import annotations

CHECK = "to check against a physical copy"

# -- Favor tiles (seed L458-477): 4 kinds x 3 copies, each +1 on one cult --------------------
# once: a one-time choice; trade_vp: VP per trade by partner building (small D/TP/TE, large
# SH/SA/SY); income_ship: may place a ship in phase I; pass_trades: pass VP by trade markers.
FAVOR: dict[str, dict] = {
    "FAVM1": {"steps": 1, "copies": 3, "once": ("priest_4c", "ship_w"), "src": "seed L462-464"},
    "FAVM2": {
        "steps": 1,
        "copies": 3,
        "trade_vp": {"small": 1, "large": 2},
        "src": "seed L469-470",
    },
    "FAVM3": {"steps": 1, "copies": 3, "income_ship": 1, "src": "seed L473"},
    "FAVM4": {
        "steps": 1,
        "copies": 3,
        "pass_trades": ((1, 2), (4, 3), (7, 4), (10, 5)),
        "src": "seed L477",
    },
}
# Which cult each new favor tile raises is only in the pictures (seed L210 says "(A)"/"(B)").
# One kind per cult, sorted by cult (seed L151, L199): the order below is a guess, the
# appendix's order (L458-477) read as the base rulebook's Fire, Water, Earth, Air.
FAVOR_CULT = {"FAVM1": "FIRE", "FAVM2": "WATER", "FAVM3": "EARTH", "FAVM4": "AIR"}
FAVOR_CULT_SRC = "guess: one new +1 kind per cult (seed L199); which is which: " + CHECK
# The base +1 favor tiles: a player holds at most one +1 tile per cult (seed L199-210).
BASE_PLUS_ONE = {"FAV9": "FIRE", "FAV10": "WATER", "FAV11": "EARTH", "FAV12": "AIR"}

# -- Town tiles (seed L533-540): 2 kinds x 2 copies ------------------------------------------
# keys: 1 as every town tile (base rule; the seed does not say).
TOWN: dict[str, dict] = {
    "TWM1": {"vp": 4, "gain": {"SHIP": 1}, "copies": 2, "src": "seed L537"},
    "TWM2": {"vp": 3, "gain": {"SHIPS": 2}, "copies": 2, "src": "seed L540"},
}
# The mini-expansion tile equal to TWM1 is left out with Merchants (seed L161-163).
TOWN_REMOVED = ("TW7",)

# -- Bonus tiles (seed L505-531) --------------------------------------------------------------
# trade_vp: VP per trade; action: special action (ship: place a ship, move: move all ships);
# income_ship: place a ship in phase I; pass_vp SHIPS: VP per own ship on the board.
BONUS: dict[str, dict] = {
    "BONM1": {"income": {}, "trade_vp": 1, "action": "ship", "src": "seed L509-511"},
    "BONM2": {"income": {"W": 1, "C": 1}, "pass_vp": {"SHIPS": 3}, "src": "seed L515-517"},
    "BONM3": {"income": {}, "income_ship": 1, "action": "move", "src": "seed L521-523"},
    "BONM4": {"income": {"W": 2}, "pass_vp": {"SH": 4, "SA": 4, "SY": 4}, "src": "seed L527-531"},
}
BONUS_REMOVED = ("BON6",)  # replaced by BONM4 (seed L165)

# -- Scoring tiles: only the 12 new ones are used (seed L167) ---------------------------------
# vp: action-phase VP per event (TRADE, SHIP_STEP: a shipping/distance step or a spade-rate
# level, SH_SA and SY (together one half: +5 per SH/SA/SY), TE, SPADE, D, TP, TOWN); cult/per/reward: round-end bonus. The seed
# describes only six halves (L485-503) and says the rest are like the base tiles; the
# pairing of halves into 12 tiles and the cults are NOT in the seed. Each tile's src says so.
_GUESS = "guess: halves from the seed or the base tiles, pairing " + CHECK
SCORING: dict[str, dict] = {
    "SCOM1": {
        "vp": {"SPADE": 2},
        "cult": "EARTH",
        "per": 1,
        "reward": {"C": 1},
        "src": "spade tile implied by seed L167; right half from base SCORE1; " + CHECK,
    },
    "SCOM2": {
        "vp": {"TRADE": 2},
        "cult": "WATER",
        "per": 4,
        "reward": {"SHIPS": 1},
        "src": "halves seed L485, L503; " + _GUESS,
    },
    "SCOM3": {
        "vp": {"SHIP_STEP": 2},
        "cult": "FIRE",
        "per": 4,
        "reward": {"PW": 4},
        "src": "left seed L489; " + _GUESS,
    },
    "SCOM4": {
        "vp": {"SH_SA": 5, "SY": 5},
        "cult": "AIR",
        "per": 2,
        "reward": {"W": 1},
        "src": "left seed L493; " + _GUESS,
    },
    "SCOM5": {
        "vp": {"TE": 4},
        "cult": "EARTH",
        "per": 5,
        "reward": {"SHIP": 1},
        "src": "seed L497-499 (one tile: layout inference, errata R8); " + CHECK,
    },
    "SCOM6": {
        "vp": {"D": 2},
        "cult": "WATER",
        "per": 4,
        "reward": {"P": 1},
        "src": "base SCORE3; " + _GUESS,
    },
    "SCOM7": {
        "vp": {"D": 2},
        "cult": "FIRE",
        "per": 4,
        "reward": {"PW": 4},
        "src": "base SCORE5; " + _GUESS,
    },
    "SCOM8": {
        "vp": {"TP": 3},
        "cult": "WATER",
        "per": 4,
        "reward": {"SPADE": 1},
        "src": "base SCORE6; " + _GUESS,
    },
    "SCOM9": {
        "vp": {"TP": 3},
        "cult": "AIR",
        "per": 4,
        "reward": {"SPADE": 1},
        "src": "base SCORE8; " + _GUESS,
    },
    "SCOM10": {
        "vp": {"TOWN": 5},
        "cult": "EARTH",
        "per": 4,
        "reward": {"SPADE": 1},
        "src": "base SCORE2; " + _GUESS,
    },
    "SCOM11": {
        "vp": {"SH_SA": 5, "SY": 5},
        "cult": "FIRE",
        "per": 2,
        "reward": {"W": 1},
        "src": "base SCORE4 with shipyards; " + _GUESS,
    },
    "SCOM12": {
        "vp": {"TRADE": 2},
        "cult": "AIR",
        "per": 4,
        "reward": {"SPADE": 1},
        "src": "left seed L485; " + _GUESS,
    },
}
# "2 VP per spade" may not lie on rounds 5-6 (seed L167).
NOT_LATE = frozenset(t for t, d in SCORING.items() if "SPADE" in d["vp"])

# -- Power actions (seed L442-454): cost in bowl-III power ----------------------------------
POWER_ACTIONS: dict[str, dict] = {
    "ACTM1": {"cost": 4, "gain": {"MOVE": 1}, "src": "seed L446"},
    "ACTM2": {"cost": 4, "gain": {"SHIPS": 1}, "src": "seed L450"},
    "ACTM3": {"cost": 5, "pay": {"P": 1}, "gain": {"FAVOR": 1}, "src": "seed L454"},
}

# -- Trade rewards (seed L550-587): by the partner's building ---------------------------------
# gain: what the trader gets; choose: one of these as well; power: the partner's offer is the
# building's power value (seed L303; the Yetis' SH/SA are 4 in Fire & Ice, not playable here).
TRADE: dict[str, dict] = {
    "D": {"gain": {"VP": 1, "W": 1}, "src": "seed L550"},
    "TP": {"gain": {"VP": 1, "C": 1, "PW": 2}, "src": "seed L554"},
    "TE": {"gain": {"VP": 1}, "choose": ({"PW": 3}, {"CULT": 1}), "src": "seed L558-561"},
    "SA": {"gain": {"VP": 2}, "choose": ({"CULT": 2}, {"P": 1}), "src": "seed L565-568"},
    "SH": {"gain": {"VP": 2, "C": 2, "SPADE": 1}, "src": "seed L572-577"},
    "SY": {
        "gain": {"VP": 2},
        "choose": ({"SHIP_BACK": 1}, {"MOVE_AGAIN": 1}),
        "src": "seed L581-587",
    },
}
LARGE = frozenset({"SH", "SA", "SY"})
TRADE_MARKERS = 15  # seed L305
FINAL_TRADES_VP = (18, 12, 6)  # final tile "most trade markers" (seed L430)
# The Fire & Ice final tile "stronghold & sanctuary", renamed "large buildings" with the
# shipyard (seed L438). The seed gives the buildings and the farthest pair; the prizes, the
# one-network condition and the hex distance are the Fire & Ice tile's, as terra.snellman.net
# scores it ("connected-sa-sh-distance": 18/12/6, same network, hex distance): CHECK.
FINAL_LARGE_VP = (18, 12, 6)
FINAL_LARGE_SRC = (
    "seed L438 (buildings, farthest pair, none below two); 18/12/6, one network, hex "
    "distance: the Fire & Ice tile as terra.snellman.net scores it, " + CHECK
)
START_KEYS = {"auren": 1}  # the Auren start with a key (seed L229, L595)
SHIPS = 3  # seed L224, L277
SHIPYARD_POWER = 3  # seed L339

# -- Revised starting VP per map (seed L645-674, App. VIII) -----------------------------------
# Maps: base, revised_base (back of the Fire & Ice board), fire_ice, lakes, fjords. Factions
# not in this engine (Fire & Ice) are listed for completeness.
START_VP_ROWS: dict[str, dict[int, tuple[str, ...]]] = {
    "base": {
        30: ("fakirs", "giants"),
        25: ("acolytes", "auren", "alchemists"),
        20: (
            "icemaidens",
            "yetis",
            "nomads",
            "riverwalkers",
            "shapeshifters",
            "dragonlords",
            "dwarves",
            "mermaids",
            "swarmlings",
            "halflings",
            "chaosmagicians",
            "witches",
        ),
        15: ("engineers", "cultists", "darklings"),
    },
    "revised_base": {
        30: ("alchemists",),  # the seed's 30 row is printed empty (L657): inference, CHECK
        25: ("icemaidens", "yetis", "fakirs", "acolytes", "auren", "giants"),
        20: (
            "riverwalkers",
            "shapeshifters",
            "dragonlords",
            "dwarves",
            "engineers",
            "swarmlings",
            "halflings",
            "cultists",
            "chaosmagicians",
            "witches",
        ),
        15: ("nomads", "mermaids", "darklings"),
    },
    "fire_ice": {
        30: ("dwarves",),
        25: (
            "icemaidens",
            "yetis",
            "shapeshifters",
            "fakirs",
            "acolytes",
            "halflings",
            "swarmlings",
            "auren",
            "giants",
            "alchemists",
        ),
        20: ("nomads", "riverwalkers", "dragonlords", "engineers", "witches"),
        15: ("mermaids", "cultists", "chaosmagicians", "darklings"),
    },
    "lakes": {
        30: ("dwarves",),
        25: ("yetis", "fakirs", "swarmlings", "giants"),
        20: (
            "icemaidens",
            "shapeshifters",
            "dragonlords",
            "acolytes",
            "halflings",
            "mermaids",
            "auren",
            "witches",
            "chaosmagicians",
            "alchemists",
        ),
        15: ("nomads", "riverwalkers", "engineers", "cultists", "darklings"),
    },
    "fjords": {
        25: (
            "acolytes",
            "alchemists",
            "auren",
            "fakirs",
            "giants",
            "halflings",
            "riverwalkers",
            "shapeshifters",
        ),
        20: (
            "chaosmagicians",
            "dragonlords",
            "dwarves",
            "engineers",
            "icemaidens",
            "mermaids",
            "swarmlings",
            "yetis",
        ),
        15: ("cultists", "darklings", "nomads", "witches"),
    },
}
START_VP_SRC = {m: "seed L645-674" for m in START_VP_ROWS}
START_VP_SRC["revised_base"] = (
    "seed L656-660; alchemists 30 inferred from the empty 30 row (errata R7): " + CHECK
)
START_VP: dict[str, dict[str, int]] = {
    m: {f: vp for vp, names in rows.items() for f in names} for m, rows in START_VP_ROWS.items()
}

# -- Shipyard boards (10 double-sided, one side per faction; seed L21-127, L222, L345) --------
# cost: the trading house -> shipyard upgrade; reward: one-time on building it; ship_cost: the
# shipyard's special action "pay, gain 1 ship" (once per round, errata R2); income: ships per
# round from the next round (seed L345). Only what `src` cites is from the seed.
_COST_SRC = (
    "cost: guess (a large building, power 3 like SH/SA, seed L339; cost as the "
    "faction's stronghold), " + CHECK
)
_SHIP_SRC = (
    "ship cost: the faction's dwelling cost (review 'for the price of a dwelling', "
    "spielbox 2/2020; seed L355 gives 1W+2C for the Alchemists only), " + CHECK
)
_REWARD_SRC = "reward: +1 shipping +1 ship, seed L345 ('mostly')"
SHIPYARD_DEFAULT: dict = {
    "reward": {"SHIP": 1, "SHIPS": 1},
    "income": 1,
    "src": f"{_REWARD_SRC}; {_COST_SRC}; {_SHIP_SRC}",
}
# board: which two factions share a double-sided board: guess (as their faction boards), CHECK.
SHIPYARD: dict[str, dict] = {
    "witches": {"board": 1},
    "auren": {
        "board": 1,
        "reward": {"SHIP": 1, "SHIPS": 1, "CULT": 2},
        "src": "seed L595 (+2 on one cult); whether it adds to or replaces the default "
        "reward is not stated: taken as added, " + CHECK,
    },
    "alchemists": {"board": 2, "ship_cost": {"W": 1, "C": 2}, "src": "seed L355 example"},
    "darklings": {"board": 2},
    "halflings": {"board": 3, "spend_ship_w": 1, "src": "seed L599"},
    "cultists": {"board": 3, "trade_power_special": False, "src": "seed L603"},
    "engineers": {"board": 4},
    "dwarves": {"board": 4, "merchants": True, "src": "seed L359-422 (market, warehouse)"},
    "mermaids": {"board": 5},
    "swarmlings": {"board": 5, "extra_step_bowl2": True, "src": "seed L607"},
    "chaosmagicians": {"board": 6, "favors_act": 1, "src": "seed L454"},
    # sh_spade_no_waste: others' spade from a trade with this stronghold not on wasteland
    "giants": {"board": 6, "sh_trade_spades": 2, "sh_spade_no_waste": True, "src": "seed L611"},
    "fakirs": {"board": 7, "merchants": True, "sh_distance": 1, "src": "seed L619"},
    "nomads": {"board": 7, "sandstorm_by_ship": True, "src": "seed L615"},
    # Fire & Ice factions (not playable in this engine yet), rules from seed L621-641
    "icemaidens": {"board": 8},
    "yetis": {"board": 8, "src": "seed L639-641"},
    "dragonlords": {"board": 9, "src": "seed L623"},
    "acolytes": {"board": 9, "src": "seed L627"},
    "shapeshifters": {"board": 10, "src": "seed L629-633"},
    "riverwalkers": {"board": 10, "extra_steps_per_power": 3, "src": "seed L637"},
}

# Fakirs' and Dwarves' distance tile (seed L367-387): per distance value, the reach of their
# ability (tunnel / carpet: the space reached, not skipped) and a merchant's move. The seed
# gives the Dwarves' values 1-2 and their reach at 3 (L381-383); everything else is a guess:
# to check against a physical copy. The track has an end (L387): 4 here, a guess.
DISTANCE: dict[str, dict[int, dict]] = {
    "dwarves": {
        1: {"ability": 2, "merchant": 1, "src": "seed L381"},
        2: {"ability": 2, "merchant": 2, "src": "seed L383, L416"},
        3: {"ability": 3, "merchant": 3, "src": "ability seed L383; merchant: guess, " + CHECK},
        4: {"ability": 3, "merchant": 4, "src": "guess, " + CHECK},
    },
    "fakirs": {
        1: {
            "ability": 2,
            "merchant": 1,
            "src": "guess (ability 2 = the base carpet, L373), " + CHECK,
        },
        2: {"ability": 3, "merchant": 2, "src": "guess, " + CHECK},
        3: {"ability": 4, "merchant": 3, "src": "guess, " + CHECK},
        4: {"ability": 4, "merchant": 4, "src": "guess, " + CHECK},
    },
}
DISTANCE_MAX = 4  # guess: the seed says only that the track ends (L387)


def lookups() -> tuple[dict, dict, dict, dict]:
    """Bonus, favor, scoring and town entries as the base tables' lookups find them, each
    marked with the option `merchants`."""

    def mark(table: dict) -> dict:
        return {t: {**spec, "option": "merchants"} for t, spec in table.items()}

    favor = {t: {**spec, "cult": FAVOR_CULT[t]} for t, spec in mark(FAVOR).items()}
    return mark(BONUS), favor, mark(SCORING), mark(TOWN)
