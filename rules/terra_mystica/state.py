"""Building the initial state, and small readers/writers of it shared by the rule modules."""

from __future__ import annotations

import marshal
from typing import Any, Literal

from pydantic import BaseModel, field_validator, model_validator

from rules.core import Rng, RuleError
from rules.terra_mystica import board
from rules.terra_mystica.cults import CULTS, PRIEST_SPACES
from rules.terra_mystica.factions import BUILDING_LIMITS, FACTIONS
from rules.terra_mystica.merchants import setup as merchants_setup
from rules.terra_mystica.tiles import BONUS, FAVOR, NOT_LATE, SCORING, TOWN, in_game

State = dict[str, Any]


class Options(BaseModel):
    """Game options. Unset tiles are drawn at random (scoring: never SCORE1 in rounds 5-6)."""

    factions: list[str] | None = None  # seating order; None: seats choose in turn
    random_factions: bool = False  # with factions None: draw them instead of choosing
    scoring: list[str] | None = None  # six tiles, round 1 first
    bonus: list[str] | None = None  # the players + 3 bonus tiles in play
    strict_leech: bool = True
    errata_cultist_power: bool = True
    variable_turn_order: bool = False  # site option: next round follows the pass order
    # True, the site's rule: spades spread over several hexes in one action (ACT6's two, the
    # Halflings' three stronghold spades) may build on any of them. False, the rulebook's
    # (seed L637): no dwelling on the second hex; it goes only on the first hex they went to.
    second_spade_dwelling: bool = False
    # Site options that add tiles (off: the base game's tiles only): bonus tile BON10 (3 VP per
    # shipping level on passing), scoring tile SCORE9 (4 VP per temple; 2 coins per priest on
    # the cult board), town tiles TW6 (2 VP, +2 on every cult, 2 keys), TW7 (4 VP, +1 shipping
    # or carpet range; two copies) and TW8 (11 VP).
    shipping_bonus: bool = False
    temple_scoring_tile: bool = False
    mini_expansion_1: bool = False

    @field_validator("factions")
    @classmethod
    def _factions(cls, v: list[str] | None) -> list[str] | None:
        if v is None:
            return v
        v = [f.lower() for f in v]
        colors = [FACTIONS[f].color for f in v if f in FACTIONS]
        if len(colors) != len(v):
            raise ValueError("unknown faction")
        if len(set(colors)) != len(colors):
            raise ValueError("two factions of one colour")
        return v

    @field_validator("scoring")
    @classmethod
    def _scoring(cls, v: list[str] | None) -> list[str] | None:
        if v is not None and (len(v) != 6 or any(t not in SCORING for t in v)):
            raise ValueError("six scoring tiles SCORE1..SCORE9 expected")
        return v

    @field_validator("bonus")
    @classmethod
    def _bonus(cls, v: list[str] | None) -> list[str] | None:
        if v is not None and any(t not in BONUS for t in v):
            raise ValueError("unknown bonus tile")
        return v

    @model_validator(mode="after")
    def _tile_options(self) -> Options:
        on = self.model_dump()
        for tiles, table in ((self.scoring, SCORING), (self.bonus, BONUS)):
            off = [t for t in tiles or () if table[t].get("option") and not on.get(table[t]["option"])]
            if off:
                raise ValueError(f"{off[0]} needs the option {table[off[0]]['option']}")
        return self


class EngineOptions(Options):
    """Options beyond the base game's: Merchants of the Seas (merchants/), its rules and
    tiles, and the map (any map but base, or the expansion, brings the revised starting VP).
    The engine's lobby model (`TerraMystica.Options`)."""

    merchants: bool = False
    map: Literal["base", "lakes", "fjords"] = "base"
    final_trades: bool = False  # the optional final tile "most trade markers" (seed L424-436)
    new_bonus_tiles: bool = False  # variant (seed L195): two of the bonus tiles are new ones
    # the Fire & Ice final tile "large buildings" with shipyards (seed L438); one final tile
    final_large: bool = False

    @model_validator(mode="after")
    def _one_final_tile(self) -> EngineOptions:
        if self.final_trades and self.final_large:  # seed L440: one final tile is drawn
            raise ValueError("one final tile: most trade markers or large buildings")
        return self


def copy_state(state: State) -> State:
    """A deep copy of JSON-ready data (marshal: about 4x faster than a JSON round trip)."""
    return marshal.loads(marshal.dumps(state))


def new_faction(name: str, seat: int) -> dict[str, Any]:
    f = FACTIONS[name]
    return {
        "seat": seat, "VP": 20, "C": f.start["C"], "W": f.start["W"], "P": f.start["P"],
        "P1": f.start["P1"], "P2": f.start["P2"], "P3": 0,
        "ship": f.ship["start"] if f.ship else 0, "dig": 0, "teleport": 0, "keys": 0,
        "built": {b: 0 for b in BUILDING_LIMITS},
        "cults": dict(zip(CULTS, f.cults, strict=True)),
        "favors": [], "towns": [], "bonus": None, "passed": False, "used": [],
        "bridges": 0, "priests_out": 0, "dark_convert": 0,
    }


def draw_scoring(rng: Rng, options: dict[str, Any]) -> list[str]:
    tiles = sorted(in_game(SCORING, options))
    while True:
        rng.shuffle(tiles)
        if not NOT_LATE.intersection(tiles[4:6]):
            return tiles[:6]


def setup_state(opts: EngineOptions, seats: int, seed: int) -> State:
    if not 2 <= seats <= 5:
        raise RuleError("terra_mystica.bad_seats", seats=seats)
    if opts.factions is not None and len(opts.factions) != seats:
        raise RuleError("terra_mystica.bad_faction_count", seats=seats)
    rng = Rng(seed)
    on = opts.model_dump()
    if opts.merchants:  # hook: the expansion's own tile draws (merchants/setup.py)
        scoring, bonus = merchants_setup.draw_tiles(rng, opts, seats)
    else:
        scoring = list(opts.scoring) if opts.scoring else draw_scoring(rng, on)
        if opts.bonus:
            bonus = sorted(set(opts.bonus), key=lambda t: int(t[3:]))
        else:
            pool = sorted(in_game(BONUS, on), key=lambda t: int(t[3:]))
            rng.shuffle(pool)
            bonus = sorted(pool[: seats + 3], key=lambda t: int(t[3:]))
    factions = list(opts.factions) if opts.factions else None
    if factions is None and opts.random_factions:
        factions = draw_factions(rng, seats)
    st: State = {
        "game": "terra_mystica",
        "options": {"strict_leech": opts.strict_leech,
                    "errata_cultist_power": opts.errata_cultist_power,
                    "variable_turn_order": opts.variable_turn_order,
                    "second_spade_dwelling": opts.second_spade_dwelling,
                    "shipping_bonus": opts.shipping_bonus,
                    "temple_scoring_tile": opts.temple_scoring_tile,
                    "mini_expansion_1": opts.mini_expansion_1},
        "rng": rng.state,
        "secret": {},
        "seats": [{"faction": None} for _ in range(seats)],
        "round": 0,
        "phase": "select",
        "scoring": scoring,
        "bonus_in_play": bonus,
        "bonus_pool": {t: 0 for t in bonus},
        "favor_pool": {t: FAVOR[t]["copies"] for t in in_game(FAVOR, on)},
        "town_pool": {t: TOWN[t]["copies"] for t in in_game(TOWN, on)},
        "terrain": dict(board.START_TERRAIN),
        "buildings": {},
        "bridges": [],
        "town_hexes": [],
        "cult_spaces": {c: [None] * len(PRIEST_SPACES) for c in CULTS},
        "acts": {},
        "order": [],
        "turn_order": [],
        "next_start": None,
        "pass_order": [],
        "active": None,
        "turn": None,
        "setup_queue": [],
        "offers": [],
        "offer_seq": 0,
        "leech_groups": [],
        "connected": {},
        "pending": {},
        "factions": {},
        "final": None,
        "step": 0,
    }
    if opts.merchants or opts.map != "base":  # hook: map, pieces, revised starting VP
        merchants_setup.prepare(st, opts)
    if factions is not None:
        for seat, name in enumerate(factions):
            add_faction(st, seat, name)
        start_placement(st)
    return st


def draw_factions(rng: Rng, seats: int) -> list[str]:
    names = sorted(FACTIONS)
    out: list[str] = []
    while len(out) < seats:
        pick = rng.choice(names)
        if all(FACTIONS[o].color != FACTIONS[pick].color for o in out):
            out.append(pick)
    return out


def add_faction(st: State, seat: int, name: str) -> None:
    if name not in FACTIONS:
        raise RuleError("terra_mystica.unknown_faction", faction=name)
    color = FACTIONS[name].color
    if any(FACTIONS[o].color == color for o in st["factions"]):
        raise RuleError("terra_mystica.color_taken", faction=name)
    st["seats"][seat]["faction"] = name
    st["factions"][name] = new_faction(name, seat)
    if "start_vp" in st:  # hook: Merchants of the Seas
        merchants_setup.add_faction(st, name)
    st["order"].append(name)


def start_placement(st: State) -> None:
    """Initial dwellings: seating order, reverse, Nomads' third, Chaos Magicians' one."""
    order = st["order"]
    normal = [f for f in order if FACTIONS[f].initial_dwellings >= 2]
    queue = [["build", f] for f in normal] + [["build", f] for f in reversed(normal)]
    queue += [["build", f] for f in order if FACTIONS[f].initial_dwellings == 3]
    queue += [["build", f] for f in order if FACTIONS[f].initial_dwellings == 1]
    queue += [["bonus", f] for f in reversed(order)]
    st["setup_queue"] = queue
    if "trades" in st:  # hook: Merchants of the Seas docks before the bonus tiles
        merchants_setup.add_dock_steps(st)
    st["phase"] = "setup"
    st["active"] = queue[0][1]


def faction_of(st: State, seat: int) -> str:
    if not 0 <= seat < len(st["seats"]):
        raise RuleError("terra_mystica.bad_seat", seat=seat)
    name = st["seats"][seat]["faction"]
    if name is None:
        raise RuleError("terra_mystica.no_faction", seat=seat)
    return name


def owner_buildings(st: State, name: str) -> list[str]:
    return [h for h, (f, _) in st["buildings"].items() if f == name]


def bridge_adj(st: State) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for a, b, _ in st["bridges"]:
        out.setdefault(a, set()).add(b)
        out.setdefault(b, set()).add(a)
    return out


def direct_neighbours(st: State, hex_id: str,
                      bridges: dict[str, set[str]] | None = None) -> set[str]:
    """Land hexes sharing an edge with hex_id, or joined to it by a bridge."""
    if bridges is None:
        bridges = bridge_adj(st)
    return set(board.of(st).LAND_ADJ[hex_id]) | bridges.get(hex_id, set())
