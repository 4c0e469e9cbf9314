"""Turn and round flow: income, next player, round end with cult bonuses, final scoring."""

from __future__ import annotations

from typing import Any

from rules.core import Event
from rules.terra_mystica import board
from rules.terra_mystica.cults import CULTS, FINAL_VP, rank_shares
from rules.terra_mystica.factions import FACTIONS, hop_distance
from rules.terra_mystica.merchants.favors import final_large, final_trades
from rules.terra_mystica.merchants.ships import income_ships, round_end_reward
from rules.terra_mystica.power import gain_power
from rules.terra_mystica.state import State, bridge_adj, owner_buildings
from rules.terra_mystica.tiles import BONUS, FAVOR, SCORING

NETWORK_VP = (18, 12, 6)


def gain_priests(fs: dict[str, Any], n: int) -> int:
    """Priests come from the faction's own 7; income beyond that is lost."""
    room = max(0, 7 - fs["priests_out"] - fs["P"])
    got = min(n, room)
    fs["P"] += got
    return got


def gain_basic(fs: dict[str, Any], res: dict[str, int]) -> None:
    """Workers, coins, priests, power and VP (the resources that need no decision)."""
    for k, v in res.items():
        if k == "PW":
            gain_power(fs, v)
        elif k == "P":
            gain_priests(fs, v)
        elif k in ("W", "C", "VP"):
            fs[k] += v


def new_turn(st: State, name: str) -> None:
    st["turn_no"] = st.get("turn_no", 0) + 1
    st["active"] = name
    st["turn"] = {
        "faction": name, "actions": 1, "taken": 0, "allow": {}, "need": {}, "spades": 0,
        "dig_spades": 0, "transformed": [], "nonhome": 0, "teleported": False, "cult_track": None,
    }


def income(st: State) -> None:
    for name in st["order"]:
        fs = st["factions"][name]
        fd = FACTIONS[name]
        built = fs["built"]
        res: dict[str, int] = {"W": fd.d_income[built["D"]]}
        parts = [fd.tp_income[built["TP"]], fd.te_income[built["TE"]]]
        if built["SH"]:
            parts.append(fd.sh_income)
        if built["SA"]:
            parts.append(fd.sa_income)
        if fs["bonus"]:
            parts.append(BONUS[fs["bonus"]]["income"])
        parts += [FAVOR[t].get("income", {}) for t in fs["favors"]]
        for part in parts:
            for k, v in part.items():
                res[k] = res.get(k, 0) + v
        gain_basic(fs, res)
    if "trades" in st:  # hook: Merchants of the Seas, ships as income
        income_ships(st)


def start_round(st: State, events: list[Event]) -> None:
    st["round"] += 1
    st["phase"] = "actions"
    st.pop("income_over_offers", None)
    st["pending"] = {n: p for n, p in st["pending"].items() if any(p.values())}
    st["acts"] = {}
    for t in st["bonus_pool"]:
        st["bonus_pool"][t] += 1
    st["turn_order"] = next_order(st)
    st["next_start"] = None
    st["pass_order"] = []
    live = [n for n in st["turn_order"] if not st["factions"][n].get("dropped")]
    for fs in st["factions"].values():
        fs["passed"] = bool(fs.get("dropped"))
        fs["used"] = []
    income(st)
    events.append(Event(key="terra_mystica.round_start", params={"round": st["round"]}))
    if live:
        new_turn(st, live[0])
    else:
        st["turn"] = st["active"] = None


def next_player(st: State, current: str) -> str | None:
    order = st["turn_order"]
    i = order.index(current)
    for k in range(1, len(order) + 1):
        cand = order[(i + k) % len(order)]
        if not st["factions"][cand]["passed"]:
            return cand
    return None


def turn_open(st: State) -> bool:
    t = st["turn"]
    if t is None:
        return False
    return (t["actions"] > 0 or t["taken"] == 0 or t["spades"] > 0
            or any(v > 0 for v in t["need"].values()))


def end_turn(st: State, events: list[Event]) -> None:
    """Hand the turn on; when everyone has passed, try to close the round."""
    cur = st["turn"]["faction"]
    st["factions"][cur]["dark_convert"] = 0
    nxt = next_player(st, cur)
    if nxt is None:
        st["active"] = None
        st["turn"] = None
        maybe_end_round(st, events)
    else:
        new_turn(st, nxt)


def settle(st: State, events: list[Event]) -> None:
    """After an apply: close a finished turn, then a finished round."""
    if st["phase"] == "actions" and st["turn"] is not None and not turn_open(st):
        end_turn(st, events)
    elif st["phase"] in ("actions", "spades") and st["turn"] is None:
        maybe_end_round(st, events)


def round_blocked(st: State) -> bool:
    """Open decisions hold the round's end; offers not when an old log's `income` line has
    closed the round over them (legacy_income)."""
    return (bool(st["offers"]) and not st.get("income_over_offers")) or any(
        v.get("CULT", 0) > 0 or v.get("SPADE", 0) > 0 for v in st["pending"].values())


def legacy_income(st: State, events: list[Event]) -> None:
    """An old site log's `income` line (spec 3.14). With every faction passed and nothing but
    power offers open, the site pays the round's end (cult bonus, then income) at once; the
    offers stay open and lapse at their faction's next action. Otherwise it changes nothing."""
    if (st["phase"] != "actions" or st["turn"] is not None or not st["offers"]
            or st["round"] >= 6 or round_blocked({**st, "offers": []})):
        return
    st["income_over_offers"] = True
    maybe_end_round(st, events)


def maybe_end_round(st: State, events: list[Event]) -> None:
    if round_blocked(st):
        return
    if st["phase"] == "actions":
        if st["round"] >= 6:
            final_scoring(st, events)
            return
        cult_bonus(st, events)
        if round_blocked(st):
            st["phase"] = "spades"
            return
    start_round(st, events)


def next_order(st: State) -> list[str]:
    """Next round's order: clockwise from the first to pass (or the pass order itself)."""
    order = st["order"]
    passed = st.get("pass_order", [])
    if st["options"].get("variable_turn_order") and passed:
        return passed + [f for f in order if f not in passed]
    start = st["next_start"] or order[0]
    i = order.index(start)
    return order[i:] + order[:i]


def cult_bonus(st: State, events: list[Event]) -> None:
    """Phase III: the current scoring tile's cult reward, in next round's turn order."""
    tile = SCORING[st["scoring"][st["round"] - 1]]
    for name in next_order(st):
        fs = st["factions"][name]
        times = cult_count(st, name, tile["cult"]) // tile["per"]
        if times <= 0:
            continue
        for k, v in tile["reward"].items():
            if k == "SPADE":
                st["pending"].setdefault(name, {})["SPADE"] = v * times
                spade_bonus(st, name, v * times)
            elif k in ("SHIP", "SHIPS"):  # hook: Merchants of the Seas scoring tiles
                round_end_reward(st, name, k, v * times)
            else:
                gain_basic(fs, {k: v * times})
        events.append(Event(key="terra_mystica.cult_bonus", params={"faction": name, "times": times}))


def cult_count(st: State, name: str, track: str) -> int:
    """A faction's place on a cult track, or (PRIESTS) its priests on the cult board's spaces."""
    if track == "PRIESTS":
        return sum(spaces.count(name) for spaces in st["cult_spaces"].values())
    return st["factions"][name]["cults"][track]


def spade_bonus(st: State, name: str, n: int) -> None:
    """Per spade received: Halflings' VP, Alchemists' power after their SH, the spade tile."""
    fs = st["factions"][name]
    fd = FACTIONS[name]
    for k, v in fd.spade_bonus.items():
        if k == "PW" and not fs["built"]["SH"]:
            continue  # Alchemists' power per spade comes with their stronghold
        gain_basic(fs, {k: v * n})
    if st["phase"] == "actions" and 1 <= st["round"] <= 6:
        vp = SCORING[st["scoring"][st["round"] - 1]]["vp"].get("SPADE", 0)
        fs["VP"] += vp * n


# ---------------------------------------------------------------------------
# Final scoring


def network_size(st: State, name: str) -> int:
    return max((len(g) for g in network_groups(st, name)), default=0)


def network_groups(st: State, name: str) -> list[set[str]]:
    """The faction's buildings in networks: linked directly, by bridge, by shipping or by
    tunnel/carpet reach (also read by the Merchants' "large buildings" final tile)."""
    fd = FACTIONS[name]
    fs = st["factions"][name]
    locs = owner_buildings(st, name)
    bridges = bridge_adj(st)
    ship = fs["ship"] if fd.ship else 0
    hop = hop_distance(fd, fs)
    bd = board.of(st)
    seen: set[str] = set()
    groups: list[set[str]] = []
    for start in locs:
        if start in seen:
            continue
        stack = [start]
        seen.add(start)
        group = set()
        while stack:
            h = stack.pop()
            group.add(h)
            for o in locs:
                if o in seen:
                    continue
                linked = (o in bd.LAND_ADJ[h] or o in bridges.get(h, ())
                          or (ship and bd.SHIP_DIST[h].get(o, 99) <= ship)
                          or (hop and bd.HEX_DIST[h].get(o, 99) <= hop))
                if linked:
                    seen.add(o)
                    stack.append(o)
        groups.append(group)
    return groups


def final_scoring(st: State, events: list[Event]) -> None:
    names = st["order"]
    breakdown = {n: {"play": st["factions"][n]["VP"]} for n in names}
    for cult in CULTS:
        shares = rank_shares({n: st["factions"][n]["cults"][cult] for n in names}, FINAL_VP)
        for n in names:
            breakdown[n][cult.lower()] = shares.get(n, 0)
    sizes = {n: network_size(st, n) for n in names}
    shares = rank_shares(sizes, NETWORK_VP)
    for n in names:
        breakdown[n]["network"] = shares.get(n, 0)
    if st["options"].get("final_trades"):  # hook: Merchants' final tile, most trade markers
        final_trades(st, breakdown)
    if st["options"].get("final_large"):  # hook: the "large buildings" final tile (Merchants)
        final_large(st, breakdown)
    for n in names:
        fs = st["factions"][n]
        for k, v in breakdown[n].items():
            if k != "play":
                fs["VP"] += v
        before = fs["VP"]
        k = fs["P2"] // 2
        fs["P2"] -= 2 * k
        fs["P3"] += k
        fs["C"] += fs["P3"] + fs["P"] + fs["W"]
        fs["P1"] += fs["P3"]
        fs["P3"] = fs["P"] = fs["W"] = 0
        rate = FACTIONS[n].coins_per_vp
        fs["VP"] += fs["C"] // rate
        fs["C"] %= rate
        breakdown[n]["resources"] = fs["VP"] - before
    st["final"] = {"breakdown": breakdown, "network": sizes}
    st["phase"] = "over"
    st["active"] = None
    st["turn"] = None
    events.append(Event(key="terra_mystica.game_over", params={
        "scores": {n: st["factions"][n]["VP"] for n in names}}))
