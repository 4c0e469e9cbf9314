"""Merchants of the Seas setup (seed L145-241): tiles, scoring draw, map, starting VP, docks."""

from __future__ import annotations

from typing import Any

from rules.core import Rng, RuleError
from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.merchants.maps import board_for
from rules.terra_mystica.merchants.messages import register
from rules.terra_mystica.messages import MESSAGES

register(MESSAGES)

State = dict[str, Any]
WAREHOUSE_FACTIONS = frozenset(f for f, d in mt.SHIPYARD.items() if d.get("merchants"))


def draw_scoring(rng: Rng) -> list[str]:
    """Six of the new tiles, round 6 first (base procedure): a spade tile drawn for round 5
    or 6 is set aside (back in the pool afterwards); a tile that makes three of one cult on
    rounds 1-5 is discarded and another drawn (seed L167-169; round 6's cult is covered)."""
    pool = sorted(mt.SCORING, key=lambda t: int(t[4:]))
    rng.shuffle(pool)
    rounds: dict[int, str] = {}
    aside: list[str] = []
    for rnd in range(6, 0, -1):
        while True:
            tile = pool.pop()
            if rnd >= 5 and tile in mt.NOT_LATE:
                aside.append(tile)
                continue
            cults = [mt.SCORING[rounds[r]]["cult"] for r in rounds if r <= 5]
            if rnd <= 5 and cults.count(mt.SCORING[tile]["cult"]) >= 2:
                continue  # discarded for this game
            break
        rounds[rnd] = tile
        if rnd == 5:
            pool = aside + pool  # the set-aside spade tiles go back (bottom of the pile)
            aside = []
    return [rounds[r] for r in range(1, 7)]


def draw_tiles(rng: Rng, opts: Any, seats: int) -> tuple[list[str], list[str]]:
    """Scoring: the new tiles only; bonus: base tiles less BON6, plus the four new ones."""
    if opts.scoring:
        bad = [t for t in opts.scoring if t not in mt.SCORING]
        if bad:
            raise RuleError("terra_mystica.mots_scoring", tile=bad[0])
        scoring = list(opts.scoring)
    else:
        scoring = draw_scoring(rng)
    pool = bonus_pool(opts.model_dump())
    if opts.bonus:
        bad = [t for t in opts.bonus if t not in pool]
        if bad:
            raise RuleError("terra_mystica.mots_bonus", tile=bad[0])
        return scoring, sorted(set(opts.bonus), key=pool.index)
    drawn = list(pool)
    rng.shuffle(drawn)
    if getattr(opts, "new_bonus_tiles", False):  # variant (seed L195): two new tiles for sure
        new = [t for t in drawn if t in mt.BONUS][:2]
        drawn = new + [t for t in drawn if t not in new]
    return scoring, sorted(drawn[: seats + 3], key=pool.index)


def bonus_pool(on: dict[str, Any]) -> list[str]:
    from rules.terra_mystica.tiles import BONUS, in_game, tile_order

    base = [t for t in in_game(BONUS, on) if t not in mt.BONUS_REMOVED]
    return tile_order([*base, *mt.BONUS])


def prepare(st: State, opts: Any) -> None:
    """Map, revised starting VP, the expansion's tiles and trade-marker ledger."""
    st["start_vp"] = opts.map
    if opts.map != "base":
        st["map"] = opts.map
        st["options"]["map"] = opts.map
        st["terrain"] = dict(board_for(opts.map).START_TERRAIN)
    if opts.merchants:
        st["options"]["merchants"] = True
        st["options"]["final_trades"] = opts.final_trades
        if opts.final_large:
            st["options"]["final_large"] = True
        for tile in mt.TOWN_REMOVED:
            st["town_pool"].pop(tile, None)
        st["town_pool"].update({t: d["copies"] for t, d in mt.TOWN.items()})
        st["favor_pool"].update({t: d["copies"] for t, d in mt.FAVOR.items()})
        st["trades"] = {}  # hex -> factions whose trade marker lies under its building


def add_faction(st: State, name: str) -> None:
    fs = st["factions"][name]
    fs["VP"] = mt.START_VP[st["start_vp"]][name]
    if "trades" in st:
        fs.update(
            {
                "ships": [],
                "dock": None,
                "dock_due": False,
                "shipyard": None,
                "markers": mt.TRADE_MARKERS,
            }
        )
        fs["keys"] += mt.START_KEYS.get(name, 0)
        if name in WAREHOUSE_FACTIONS:
            fs["distance"] = 1  # the distance tile's marker starts on 1 (seed L371)


def merchants_view(st: State) -> dict[str, Any]:
    """What the picture and texts need: canals, and per faction ships, dock, shipyard,
    trade markers left; trade markers per building."""
    from rules.terra_mystica import board

    bd = board_for(st.get("map") or "base")
    factions = {
        n: {
            k: (list(fs[k]) if k == "ships" else fs[k])
            for k in ("ships", "dock", "dock_due", "shipyard", "markers")
        }
        for n, fs in st["factions"].items()
    }
    return {
        "map": board.of(st).MAP_ID,
        "canals": [list(c) for c in bd.CANALS],
        "factions": factions,
        "trades": {h: list(f) for h, f in st["trades"].items()},
    }


def add_dock_steps(st: State) -> None:
    """Docks after all initial dwellings, before the bonus tiles, from the start player on."""
    q = st["setup_queue"]
    at = next(i for i, (kind, _) in enumerate(q) if kind == "bonus")
    q[at:at] = [["dock", f] for f in st["order"]]


def dock_spots(st: State, name: str) -> list[str]:
    """Riverside dwellings (warehouse: any dwelling, seed L393) where the marker may go."""
    from rules.terra_mystica import board

    bd = board.of(st)
    own = sorted(h for h, (f, b) in st["buildings"].items() if f == name and b == "D")
    if name in WAREHOUSE_FACTIONS:
        return own
    return [h for h in own if bd.ADJ[h] and any(n.startswith("r") for n in bd.ADJ[h])]


def skip_docks(st: State) -> None:
    """A faction with no riverside dwelling places its dock later (seed L237): its step
    is skipped now and the dock is due on its first riverside dwelling."""
    q = st["setup_queue"]
    while q and q[0][0] == "dock" and not dock_spots(st, q[0][1]):
        st["factions"][q[0][1]]["dock_due"] = True
        q.pop(0)
    st["active"] = q[0][1] if q else None


def place_dock(st: State, name: str, hex_id: str) -> None:
    if hex_id not in dock_spots(st, name):
        if name in WAREHOUSE_FACTIONS:
            raise RuleError("terra_mystica.mots_dock_warehouse", hex=hex_id)
        raise RuleError("terra_mystica.mots_dock_here", hex=hex_id)
    st["factions"][name]["dock"] = hex_id


def dock_after_build(st: State, name: str, hex_id: str) -> None:
    """The due dock goes at once on the first riverside dwelling built (mandatory)."""
    fs = st["factions"][name]
    if fs.get("dock_due") and hex_id in dock_spots(st, name):
        fs["dock"] = hex_id
        fs["dock_due"] = False
