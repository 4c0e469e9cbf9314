"""The 14 base-game factions as data: costs, income per building slot, start values, tracks.

Numbers follow the published faction boards (digest Appendix B, as on terra.snellman.net).
Income lists give the TOTAL income with n buildings of that type on the map, n = 0, 1, ...
"""

from __future__ import annotations

from dataclasses import dataclass, field

Res = dict[str, int]

STD_D_INCOME = (1, 2, 3, 4, 5, 6, 7, 8, 8)
STD_TP_INCOME: tuple[Res, ...] = (
    {}, {"C": 2, "PW": 1}, {"C": 4, "PW": 2}, {"C": 6, "PW": 4}, {"C": 8, "PW": 6},
)
RICH_TP_INCOME: tuple[Res, ...] = (  # Alchemists and Nomads
    {}, {"C": 2, "PW": 1}, {"C": 4, "PW": 2}, {"C": 7, "PW": 3}, {"C": 11, "PW": 4},
)
STD_TE_INCOME: tuple[Res, ...] = ({}, {"P": 1}, {"P": 2}, {"P": 3})
STD_COSTS: dict[str, Res] = {
    "D": {"W": 1, "C": 2}, "TP": {"W": 2, "C": 3}, "TE": {"W": 2, "C": 5},
    "SH": {"W": 4, "C": 6}, "SA": {"W": 4, "C": 6},
}
STD_SHIP = {"start": 0, "max": 3, "vp": {1: 2, 2: 3, 3: 4}}
STD_DIG = {"max": 2, "cost": {"W": 2, "C": 5, "P": 1}}
BUILDING_LIMITS = {"D": 8, "TP": 4, "TE": 3, "SH": 1, "SA": 1}
BUILDING_POWER = {"D": 1, "TP": 2, "TE": 2, "SH": 3, "SA": 3,
                  "SY": 3}  # SY: Merchants of the Seas' shipyard (seed L339)
WORKERS_PER_SPADE = (3, 2, 1)


@dataclass(frozen=True)
class StrongholdAction:
    """A faction's special action once its stronghold stands (once per round).

    need: what the running action must then do (CULT steps on one track, FREE_D a free
    dwelling anywhere on home terrain, FREE_TP a free trading house, FREE_TF a free
    transform of a neighbouring hex); allow: sub-actions it opens; spades: spades it gives;
    actions: extra full actions; menu: the choice list that offers it (moves.SH_MENUS)."""

    space: str  # snellman id
    menu: str
    need: Res = field(default_factory=dict)
    allow: Res = field(default_factory=dict)
    spades: int = 0
    actions: int = 0


ACTW = StrongholdAction("ACTW", "witches_ride", need={"FREE_D": 1})
ACTA = StrongholdAction("ACTA", "cult_steps", need={"CULT": 2})
ACTS = StrongholdAction("ACTS", "free_trading_house", need={"FREE_TP": 1})
ACTG = StrongholdAction("ACTG", "spades", spades=2)
ACTN = StrongholdAction("ACTN", "sandstorm", need={"FREE_TF": 1}, allow={"build": 1})
ACTC = StrongholdAction("ACTC", "double_turn", actions=2)


@dataclass(frozen=True)
class Faction:
    name: str  # snellman id, lower case
    en: str
    ko: str  # Merchants of the Seas rulebook spelling
    color: str
    start: Res  # W, C, P, P1, P2
    cults: tuple[int, int, int, int]  # FIRE, WATER, EARTH, AIR
    costs: dict[str, Res] = field(default_factory=lambda: STD_COSTS)
    d_income: tuple[int, ...] = STD_D_INCOME
    tp_income: tuple[Res, ...] = STD_TP_INCOME
    te_income: tuple[Res, ...] = STD_TE_INCOME
    sh_income: Res = field(default_factory=lambda: {"PW": 2})
    sa_income: Res = field(default_factory=lambda: {"P": 1})
    ship: dict | None = field(default_factory=lambda: STD_SHIP)
    dig: dict | None = field(default_factory=lambda: STD_DIG)
    # Dwarves' tunnel / Fakirs' carpet: cost and hex range (distance - 1) per SH level; grows:
    # a town tile's +1 shipping widens the range instead (Fakirs; the Dwarves get nothing).
    teleport: dict | None = None
    sh_action: StrongholdAction | None = None  # special action unlocked by the stronghold
    sh_bonus: Res = field(default_factory=dict)  # one-time gain on building the stronghold
    town_bonus: Res = field(default_factory=dict)  # extra gain per town founded
    spade_bonus: Res = field(default_factory=dict)  # per spade received (SH-gated: Alchemists)
    favors_per_temple: int = 1
    coins_per_vp: int = 3  # final resource scoring
    initial_dwellings: int = 2
    sh_pass_bridge_vp: int = 0  # Engineers: VP per bridge between two own buildings on pass
    leech_reaction: bool = False  # Cultists: cult step / power after opponents' replies
    spade_pay: Res | None = None  # Darklings pay spades with priests (+VP) instead of workers
    fixed_terraform: int = 0  # Giants: every transform costs exactly this many spades
    bridge_action: bool = False  # Engineers: bridge for 2 workers as an action
    town_river_skip: bool = False  # Mermaids: a town may skip one river hex (`connect`)


def _costs(**over: Res) -> dict[str, Res]:
    return {**STD_COSTS, **over}


FACTIONS: dict[str, Faction] = {f.name: f for f in (
    Faction("witches", "Witches", "마녀", "green", {"W": 3, "C": 15, "P": 0, "P1": 5, "P2": 7},
            (0, 0, 0, 2), sh_action=ACTW, town_bonus={"VP": 5}),
    Faction("auren", "Auren", "아우렌", "green", {"W": 3, "C": 15, "P": 0, "P1": 5, "P2": 7},
            (0, 1, 0, 1), costs=_costs(SA={"W": 4, "C": 8}), sh_action=ACTA,
            sh_bonus={"FAVOR": 1}),
    Faction("alchemists", "Alchemists", "연금술사", "black",
            {"W": 3, "C": 15, "P": 0, "P1": 5, "P2": 7}, (1, 1, 0, 0),
            tp_income=RICH_TP_INCOME, sh_income={"C": 6}, sh_bonus={"PW": 12},
            spade_bonus={"PW": 2}, coins_per_vp=2),
    Faction("darklings", "Darklings", "암흑인", "black",
            {"W": 1, "C": 15, "P": 1, "P1": 5, "P2": 7}, (0, 1, 1, 0),
            costs=_costs(SA={"W": 4, "C": 10}), sa_income={"P": 2}, dig=None,
            sh_bonus={"DARK_CONVERT": 3}, spade_pay={"P": 1, "VP": 2}),
    Faction("halflings", "Halflings", "소인", "brown", {"W": 3, "C": 15, "P": 0, "P1": 3, "P2": 9},
            (0, 0, 1, 1), costs=_costs(SH={"W": 4, "C": 8}),
            dig={"max": 2, "cost": {"W": 2, "C": 1, "P": 1}}, sh_bonus={"SPADE": 3},
            spade_bonus={"VP": 1}),
    Faction("cultists", "Cultists", "광신도", "brown", {"W": 3, "C": 15, "P": 0, "P1": 5, "P2": 7},
            (1, 0, 1, 0), costs=_costs(SH={"W": 4, "C": 8}, SA={"W": 4, "C": 8}),
            sh_bonus={"VP": 7}, leech_reaction=True),
    Faction("engineers", "Engineers", "기술자", "gray",
            {"W": 2, "C": 10, "P": 0, "P1": 3, "P2": 9}, (0, 0, 0, 0),
            costs={"D": {"W": 1, "C": 1}, "TP": {"W": 1, "C": 2}, "TE": {"W": 1, "C": 4},
                   "SH": {"W": 3, "C": 6}, "SA": {"W": 3, "C": 6}},
            d_income=(0, 1, 2, 2, 3, 4, 4, 5, 6),
            te_income=({}, {"P": 1}, {"P": 1, "PW": 5}, {"P": 2, "PW": 5}),
            sh_pass_bridge_vp=3, bridge_action=True),
    Faction("dwarves", "Dwarves", "난쟁이", "gray", {"W": 3, "C": 15, "P": 0, "P1": 5, "P2": 7},
            (0, 0, 2, 0), ship=None,
            tp_income=({}, {"C": 3, "PW": 1}, {"C": 5, "PW": 2}, {"C": 7, "PW": 4},
                       {"C": 10, "PW": 6}),
            teleport={"cost": ({"W": 2}, {"W": 1}), "range": (1, 1), "vp": 4},
            sh_bonus={"TELEPORT": 1}),
    Faction("mermaids", "Mermaids", "인어", "blue", {"W": 3, "C": 15, "P": 0, "P1": 3, "P2": 9},
            (0, 2, 0, 0), costs=_costs(SA={"W": 4, "C": 8}), sh_income={"PW": 4},
            ship={"start": 1, "max": 5, "vp": {2: 2, 3: 3, 4: 4, 5: 5}},
            sh_bonus={"SHIP": 1}, town_river_skip=True),
    Faction("swarmlings", "Swarmlings", "군집어인", "blue",
            {"W": 8, "C": 20, "P": 0, "P1": 3, "P2": 9}, (1, 1, 1, 1),
            costs={"D": {"W": 2, "C": 3}, "TP": {"W": 3, "C": 4}, "TE": {"W": 3, "C": 6},
                   "SH": {"W": 5, "C": 8}, "SA": {"W": 5, "C": 8}},
            d_income=(2, 3, 4, 5, 6, 7, 8, 9, 9),
            tp_income=({}, {"C": 2, "PW": 2}, {"C": 4, "PW": 4}, {"C": 6, "PW": 6},
                       {"C": 9, "PW": 8}),
            sh_income={"PW": 4}, sa_income={"P": 2}, sh_action=ACTS, town_bonus={"W": 3}),
    Faction("chaosmagicians", "Chaos Magicians", "혼돈술사", "red",
            {"W": 4, "C": 15, "P": 0, "P1": 5, "P2": 7}, (2, 0, 0, 0),
            costs=_costs(SH={"W": 4, "C": 4}, SA={"W": 4, "C": 8}), sh_income={"W": 2},
            sh_action=ACTC, favors_per_temple=2, initial_dwellings=1),
    Faction("giants", "Giants", "거인", "red", {"W": 3, "C": 15, "P": 0, "P1": 5, "P2": 7},
            (1, 0, 0, 1), sh_income={"PW": 4}, sh_action=ACTG, fixed_terraform=2),
    Faction("fakirs", "Fakirs", "고행수도자", "yellow",
            {"W": 3, "C": 15, "P": 0, "P1": 7, "P2": 5}, (1, 0, 0, 1),
            costs=_costs(SH={"W": 4, "C": 10}), sh_income={"P": 1}, ship=None,
            dig={"max": 1, "cost": {"W": 2, "C": 5, "P": 1}},
            teleport={"cost": ({"P": 1}, {"P": 1}), "range": (1, 2), "vp": 4, "grows": True},
            sh_bonus={"TELEPORT": 1}),
    Faction("nomads", "Nomads", "유목민", "yellow", {"W": 2, "C": 15, "P": 0, "P1": 5, "P2": 7},
            (1, 0, 1, 0), costs=_costs(SH={"W": 4, "C": 8}), tp_income=RICH_TP_INCOME,
            sh_action=ACTN, initial_dwellings=3),
)}

def hop_distance(fd: Faction, fs: dict) -> int:
    """How far (in hexes) the tunnel or carpet reaches now, with any range from town tiles."""
    if not fd.teleport:
        return 0
    if "distance" in fs:  # hook: Merchants of the Seas, the distance tile's upper track
        from rules.terra_mystica.merchants.favors import ability_reach
        return ability_reach(fd.name, fs)
    return fd.teleport["range"][fs["teleport"]] + 1 + fs.get("range_bonus", 0)


SH_ACTIONS = {f.sh_action.space: f.name for f in FACTIONS.values() if f.sh_action}
