"""Listed choices for the expansion's moves: the shipyard, its ship action, the power
actions, and one-ship moves (a shortest path to every river or trade in reach)."""

from __future__ import annotations

from collections import deque
from typing import Any

from rules.terra_mystica.cults import CULTS
from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.merchants.setup import WAREHOUSE_FACTIONS
from rules.terra_mystica.merchants.ships import MOVE_SPACE, _board, launch_spots, room, ship_reach
from rules.terra_mystica.merchants.shipyard import SHIP_SPACE, board_entry

State = dict[str, Any]
PICKS = {"TE": ["PW", *CULTS], "SA": ["P", *CULTS], "SY": ["MOVE"]}


def affords(fs: dict[str, Any], cost: dict[str, int]) -> bool:
    return all((fs["P3"] if k == "PW" else fs[k]) >= v for k, v in cost.items())


def action_texts(st: State, name: str) -> list[str]:
    """Full actions the expansion adds to a turn's choices."""
    fs = st["factions"][name]
    out: list[str] = []
    entry = board_entry(name)
    if not fs["shipyard"] and affords(fs, entry["cost"]):
        bd = _board(st)
        out += [
            f"upgrade {h} to SY"
            for h, (f, b) in sorted(st["buildings"].items())
            if f == name and b == "TP" and (bd.SHORE[h] or name in WAREHOUSE_FACTIONS)
        ]
    if (
        fs["shipyard"]
        and SHIP_SPACE not in fs["used"]
        and room(st, name)
        and affords(fs, entry["ship_cost"])
    ):
        out.append(f"action {SHIP_SPACE}")
    for space, spec in mt.POWER_ACTIONS.items():
        if space in st["acts"] or fs["P3"] < spec["cost"]:
            continue
        gain = spec["gain"]
        if ("SHIPS" in gain and not room(st, name)) or ("MOVE" in gain and not fs["ships"]):
            continue
        if affords(fs, spec.get("pay", {})):
            out.append(f"action {space}")
    if MOVE_SPACE not in fs["used"]:
        out += move_texts(st, name)
    return out


def move_texts(st: State, name: str) -> list[str]:
    """`move PATH[/PICK]` for each ship and each place one move can take it."""
    if name in WAREHOUSE_FACTIONS:
        return walk_texts(st, name)
    fs = st["factions"][name]
    bd = _board(st)
    reach = ship_reach(st, name)
    bowl2 = mt.SHIPYARD[name].get("extra_step_bowl2") and fs["P2"] > 0
    limit = reach + (1 if fs["P3"] > 0 or bowl2 else 0)
    out: list[str] = []
    for start in sorted(set(fs["ships"]), key=lambda r: int(r[1:])):
        parent = {start: None}
        depth = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if depth[here] >= limit:
                continue
            for nxt in sorted(bd.SHIP_ADJ[here], key=lambda r: int(r[1:])):
                if nxt not in parent:
                    parent[nxt], depth[nxt] = here, depth[here] + 1
                    queue.append(nxt)
        ends: list[tuple[list[str], str | None]] = []
        for river in parent:
            path = _path(parent, river)
            if river != start:
                ends.append((path, None))
            if depth[river] < limit and fs["markers"] > 0:
                for h in bd.ADJ[river]:
                    b = st["buildings"].get(h)
                    if b and b[0] != name and name not in st["trades"].get(h, ()):
                        ends += [(path + [h], pick) for pick in _picks(st, name, b[1])]
        seen: set[tuple[str, str | None]] = set()
        for path, pick in ends:
            if (path[-1], pick) not in seen:  # one (shortest) path per place and pick
                seen.add((path[-1], pick))
                out.append("move " + "-".join(path) + (f"/{pick}" if pick else ""))
    return out


def walk_texts(st: State, name: str) -> list[str]:
    """`move PATH[/PICK]` for each merchant to each land space one move can reach (a
    shortest path; rivers only on the way)."""
    from rules.terra_mystica.merchants.walkers import walk_reach

    fs = st["factions"][name]
    bd = _board(st)
    limit = walk_reach(st, name) + (1 if fs["P3"] > 0 else 0)
    out: list[str] = []
    for start in sorted(set(fs["ships"])):
        parent: dict[str, str | None] = {start: None}
        depth = {start: 0}
        queue = deque([start])
        while queue:
            here = queue.popleft()
            if depth[here] >= limit:
                continue
            for nxt in bd.ADJ[here]:
                if nxt not in parent:
                    parent[nxt], depth[nxt] = here, depth[here] + 1
                    queue.append(nxt)
        for end in sorted(parent):
            if end == start or end not in bd.START_TERRAIN:
                continue
            path = "move " + "-".join(_path(parent, end))
            b = st["buildings"].get(end)
            trades = b and b[0] != name and name not in st["trades"].get(end, ())
            if trades and fs["markers"] <= 0:
                continue
            picks = _picks(st, name, b[1]) if trades else [None]
            out += [path + (f"/{p}" if p else "") for p in picks]
    return out


def _path(parent: dict[str, str | None], end: str) -> list[str]:
    path = [end]
    while parent[path[-1]] is not None:
        path.append(parent[path[-1]])  # type: ignore[arg-type]
    return path[::-1]


def _picks(st: State, name: str, kind: str) -> list[str | None]:
    if kind == "SY":
        return ["MOVE", *launch_spots(st, name)]  # the trading ship is back in the supply
    return list(PICKS.get(kind, [None]))


def sandstorm_ship_texts(st: State, name: str, prefix: str = "") -> list[str]:
    """The Nomads' sandstorm next to an own ship (seed L615): `build HEX by RIVER` for each
    empty non-desert space on the shore of a ship's river; the ship pays the dwelling, so
    only with a dwelling left to place."""
    from rules.terra_mystica.factions import BUILDING_LIMITS, FACTIONS

    fs = st["factions"][name]
    if not mt.SHIPYARD[name].get("sandstorm_by_ship"):
        return []
    if fs["built"]["D"] >= BUILDING_LIMITS["D"]:
        return []
    bd = _board(st)
    home = FACTIONS[name].color
    out = []
    for river in sorted(set(fs["ships"]), key=lambda r: int(r[1:])):
        for h in sorted(bd.ADJ[river]):
            if h in bd.START_TERRAIN and h not in st["buildings"] and st["terrain"][h] != home:
                out.append(f"{prefix}build {h} by {river}")
    return out


def ship_paid_texts(st: State, name: str, hex_id: str, head: str = "") -> list[str]:
    """`build HEX by RIVER` for each own ship next to hex_id, whose ship pays the dwelling
    (seed L317); the Fakirs' and Dwarves' `build HEX by merchant` on a merchant's space."""
    ships = set(st["factions"][name]["ships"])
    if name in WAREHOUSE_FACTIONS:
        return [f"{head}build {hex_id} by merchant"] if hex_id in ships else []
    rivers = sorted(ships & set(_board(st).SHORE.get(hex_id, ())), key=lambda r: int(r[1:]))
    return [f"{head}build {hex_id} by {r}" for r in rivers]
