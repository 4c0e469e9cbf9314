"""Executing one snellman command (already parsed to a dict) on a mutable state copy."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.core import Event, RuleError
from rules.terra_mystica import board
from rules.terra_mystica.cults import (
    CULTS,
    PRIEST_SPACES,
    TOP,
    cult_target,
    keys_free,
    power_between,
)
from rules.terra_mystica.factions import (
    BUILDING_LIMITS,
    BUILDING_POWER,
    FACTIONS,
    SH_ACTIONS,
    WORKERS_PER_SPADE,
)
from rules.terra_mystica.flow import (
    end_turn,
    gain_basic,
    gain_priests,
    new_turn,
    next_player,
    spade_bonus,
    start_round,
    turn_open,
)
from rules.terra_mystica.power import CONVERSIONS, CONVERT_EXTRA, capacity, gain_power
from rules.terra_mystica.state import (
    State,
    add_faction,
    bridge_adj,
    direct_neighbours,
    owner_buildings,
    start_placement,
)
from rules.terra_mystica.tiles import (
    BONUS,
    FAVOR,
    POWER_ACTIONS,
    SCORING,
    TOWN,
    TOWN_POWER,
    TOWN_SIZE,
)

UPGRADES = {("D", "TP"), ("TP", "TE"), ("TP", "SH"), ("TE", "SA")}
FREE_COMMANDS = {"leech", "decline", "wait", "gain"}


# ---------------------------------------------------------------------------
# Small helpers


def fstate(st: State, name: str) -> dict[str, Any]:
    return st["factions"][name]


def pay(st: State, name: str, cost: dict[str, int]) -> None:
    fs = fstate(st, name)
    for k, v in cost.items():
        have = fs["P3"] if k == "PW" else fs[k]
        if have < v:
            raise RuleError("tm.not_enough", resource=k, faction=name)
    for k, v in cost.items():
        if k == "PW":
            fs["P3"] -= v
            fs["P1"] += v
        else:
            fs[k] -= v


def scoring_vp(st: State, what: str) -> int:
    if st["phase"] != "actions" or not 1 <= st["round"] <= 6:
        return 0
    return SCORING[st["scoring"][st["round"] - 1]]["vp"].get(what, 0)


def home(name: str) -> str:
    return FACTIONS[name].color


def require_active(st: State, name: str) -> dict[str, Any]:
    if st["phase"] != "actions" or st["active"] != name or st["turn"] is None:
        raise RuleError("tm.not_active", faction=name)
    return st["turn"]


def decline_all(st: State, name: str, events: list[Event]) -> None:
    for offer in [o for o in st["offers"] if o["to"] == name]:
        resolve_offer(st, offer, accepted=False, events=events)


def use_action(st: State, name: str, kind: str, events: list[Event]) -> bool:
    """Consume a sub-action of the running action, or start a full action. True if full."""
    t = require_active(st, name)
    if t["allow"].get(kind, 0) > 0:
        t["allow"][kind] -= 1
        return False
    if t["actions"] <= 0:
        # The only faction still playing may chain turns without a break.
        if not turn_open(st) and next_player(st, name) == name:
            end_turn(st, events)
            t = require_active(st, name)
        else:
            raise RuleError("tm.multiple_actions", faction=name)
    if t["spades"] > 0:
        raise RuleError("tm.spades_left", n=t["spades"])
    t["actions"] -= 1
    t["taken"] += 1
    t["allow"] = {}
    t["transformed"] = []
    t["nonhome"] = 0
    t["teleported"] = False
    t["dig_spades"] = 0
    decline_all(st, name, events)
    return True


def check_slot(st: State, name: str, kind: str) -> None:
    """Refuse a second full action before looking at its cost (as snellman does)."""
    t = require_active(st, name)
    if t["allow"].get(kind, 0) <= 0 and t["actions"] <= 0:
        if turn_open(st) or next_player(st, name) != name:
            raise RuleError("tm.multiple_actions", faction=name)


# ---------------------------------------------------------------------------
# Reach


def ship_range(st: State, name: str, income_phase: bool = False) -> int:
    fd = FACTIONS[name]
    fs = fstate(st, name)
    if not fd.ship:
        return 0
    r = fs["ship"]
    if (not income_phase and not fs["passed"] and fs["bonus"]
            and BONUS[fs["bonus"]].get("ship")):
        r += BONUS[fs["bonus"]]["ship"]
    return r


def reach_kind(st: State, name: str, hex_id: str, locs: list[str] | None = None,
               bridges: dict[str, set[str]] | None = None, income_phase: bool = False,
               ) -> str | None:
    """'direct', 'ship' or 'teleport' when `name` can reach hex_id; None otherwise."""
    if locs is None:
        locs = owner_buildings(st, name)
    if bridges is None:
        bridges = bridge_adj(st)
    near = direct_neighbours(st, hex_id, bridges)
    if any(loc in near for loc in locs):
        return "direct"
    rng = ship_range(st, name, income_phase)
    if rng:
        dist = board.SHIP_DIST[hex_id]
        if any(dist.get(loc, 99) <= rng for loc in locs):
            return "ship"
    fd = FACTIONS[name]
    if fd.teleport and not income_phase:
        hop = fd.teleport["range"][fstate(st, name)["teleport"]] + 1
        dist = board.HEX_DIST[hex_id]
        if any(dist.get(loc, 99) <= hop for loc in locs):
            return "teleport"
    return None


def check_reach(st: State, name: str, hex_id: str, income_phase: bool = False) -> None:
    kind = reach_kind(st, name, hex_id, income_phase=income_phase)
    if kind is None:
        raise RuleError("tm.cant_reach", faction=name, hex=hex_id)
    if kind == "teleport":
        t = st["turn"]
        if t["teleported"]:
            raise RuleError("tm.teleport_twice")
        tp = FACTIONS[name].teleport
        pay(st, name, tp["cost"][fstate(st, name)["teleport"]])
        fstate(st, name)["VP"] += tp["vp"]
        t["teleported"] = True


# ---------------------------------------------------------------------------
# Leech offers


def create_offers(st: State, builder: str, hex_id: str) -> None:
    if st["phase"] != "actions" or st["round"] < 1:
        return
    near = direct_neighbours(st, hex_id)
    amounts: dict[str, int] = {}
    for h in near:
        b = st["buildings"].get(h)
        if b and b[0] != builder:
            amounts[b[0]] = amounts.get(b[0], 0) + BUILDING_POWER[b[1]]
    order = st["order"]
    i = order.index(builder)
    ids = []
    positive = 0
    for k in range(1, len(order)):
        to = order[(i + k) % len(order)]
        if to in amounts and not fstate(st, to).get("dropped"):
            st["offer_seq"] += 1
            st["offers"].append({"id": st["offer_seq"], "to": to, "from": builder,
                                 "amount": amounts[to], "marked": False})
            ids.append(st["offer_seq"])
            if offer_actual(st, st["offers"][-1]) > 0:
                positive += 1
    if FACTIONS[builder].leech_reaction and ids and positive:
        st["leech_groups"].append({"builder": builder, "ids": ids, "accepted": False})


def offer_actual(st: State, offer: dict[str, Any]) -> int:
    fs = fstate(st, offer["to"])
    return min(offer["amount"], capacity(fs), fs["VP"] + 1)


def resolve_offer(st: State, offer: dict[str, Any], accepted: bool,
                  events: list[Event]) -> None:
    st["offers"].remove(offer)
    fs = fstate(st, offer["to"])
    got = 0
    if accepted:
        n = offer_actual(st, offer)
        got = gain_power(fs, n)
        fs["VP"] -= max(0, got - 1)
        events.append(Event(key="tm.leech", params={"faction": offer["to"], "power": got,
                                                    "from": offer["from"]}))
    for group in list(st["leech_groups"]):
        if offer["id"] not in group["ids"]:
            continue
        if got > 0:
            group["accepted"] = True
        group["ids"].remove(offer["id"])
        if not group["ids"]:
            st["leech_groups"].remove(group)
            builder = group["builder"]
            if group["accepted"]:
                pend = st["pending"].setdefault(builder, {})
                pend["CULT"] = pend.get("CULT", 0) + 1
            elif st["options"]["errata_cultist_power"]:
                gain_power(fstate(st, builder), 1)


def find_offer(st: State, name: str, n: int | None, source: str | None) -> dict[str, Any]:
    for offer in st["offers"]:
        if offer["to"] != name:
            continue
        if source is not None and offer["from"] != source:
            continue
        if n is not None and n not in (offer["amount"], offer_actual(st, offer)):
            continue
        return offer
    raise RuleError("tm.invalid_leech", n=n, source=source or "")


def cmd_leech(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    offer = find_offer(st, name, cmd.get("n"), cmd.get("from"))
    if st["options"]["strict_leech"]:
        if offer["marked"]:
            raise RuleError("tm.leech_order")
        for other in st["offers"]:
            if other["to"] == name and other["id"] < offer["id"]:
                other["marked"] = True
    resolve_offer(st, offer, accepted=True, events=events)


def cmd_decline(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    if cmd.get("n") is None and cmd.get("from") is None:
        decline_all(st, name, events)
        return
    offer = find_offer(st, name, cmd.get("n"), cmd.get("from"))
    resolve_offer(st, offer, accepted=False, events=events)


# ---------------------------------------------------------------------------
# Towns


def river_links(st: State, name: str) -> dict[str, set[str]]:
    """Mermaids' towns may skip the river hexes they named with `connect`."""
    links: dict[str, set[str]] = {}
    for river in st.get("connected", {}).get(name, []):
        shore = [h for h in board.ADJ[river] if not h.startswith("r")]
        for h in shore:
            links.setdefault(h, set()).update(x for x in shore if x != h)
    return links


def components(st: State, name: str, bridges: dict[str, set[str]]) -> list[set[str]]:
    locs = set(owner_buildings(st, name))
    links = river_links(st, name)
    seen: set[str] = set()
    out = []
    for start in locs:
        if start in seen:
            continue
        comp = {start}
        stack = [start]
        while stack:
            h = stack.pop()
            for n in direct_neighbours(st, h, bridges) | links.get(h, set()):
                if n in locs and n not in comp:
                    comp.add(n)
                    stack.append(n)
        seen |= comp
        out.append(comp)
    return out


def check_towns(st: State, name: str, events: list[Event]) -> None:
    """Found a town from any new qualifying group; a group touching a town joins it."""
    fs = fstate(st, name)
    need = min([TOWN_POWER] + [FAVOR[t].get("town_power", TOWN_POWER) for t in fs["favors"]])
    in_town = set(st["town_hexes"])
    for comp in components(st, name, bridge_adj(st)):
        if comp <= in_town:
            continue
        if comp & in_town:
            st["town_hexes"] = sorted(in_town | comp)
            in_town = set(st["town_hexes"])
            continue
        kinds = [st["buildings"][h][1] for h in comp]
        power = sum(BUILDING_POWER[k] for k in kinds)
        size_ok = len(comp) >= TOWN_SIZE or (len(comp) >= TOWN_SIZE - 1 and "SA" in kinds)
        pending = sum(v.get("TOWN", 0) for v in [st["turn"]["need"]] if st["turn"])
        if power >= need and size_ok and sum(st["town_pool"].values()) > pending:
            st["town_hexes"] = sorted(in_town | comp)
            in_town = set(st["town_hexes"])
            t = st["turn"]
            t["need"]["TOWN"] = t["need"].get("TOWN", 0) + 1
            events.append(Event(key="tm.town", params={"faction": name}))


# ---------------------------------------------------------------------------
# Cults


def advance_cult(st: State, name: str, cult: str, steps: int) -> int:
    fs = fstate(st, name)
    old = fs["cults"][cult]
    new = cult_target(st["factions"], name, cult, steps)
    fs["cults"][cult] = new
    gain_power(fs, power_between(old, new))
    t = st["turn"]
    if (t is not None and t["faction"] == name and new == TOP - 1 and old + steps >= TOP
            and keys_free(fs) <= 0):
        t.setdefault("key_blocked", []).append(cult)  # errata 1: a key later this turn
    return new - old


def restore_key_blocked(st: State, name: str) -> None:
    """A key gained this turn lifts cult steps that stopped at 9 for want of one."""
    t = st["turn"]
    for cult in list(t.get("key_blocked", [])) if t else []:
        t["key_blocked"].remove(cult)
        if fstate(st, name)["cults"][cult] == TOP - 1:
            advance_cult(st, name, cult, 1)


# ---------------------------------------------------------------------------
# Commands


def cmd_setup(st: State, name: str | None, cmd: dict, events: list[Event], seat: int) -> None:
    if st["phase"] != "select":
        raise RuleError("tm.not_now")
    if seat != len(st["order"]):
        raise RuleError("tm.not_your_turn", seat=seat)
    add_faction(st, seat, cmd["faction"])
    if len(st["order"]) == len(st["seats"]):
        start_placement(st)


def setup_step(st: State, name: str, kind: str) -> None:
    q = st["setup_queue"]
    if st["phase"] != "setup" or not q or q[0] != [kind, name]:
        raise RuleError("tm.setup_order", faction=name)
    q.pop(0)
    st["active"] = q[0][1] if q else None


def cmd_build(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    hex_id = cmd["hex"]
    if hex_id not in board.START_TERRAIN:
        raise RuleError("tm.unknown_hex", hex=hex_id)
    if hex_id in st["buildings"]:
        raise RuleError("tm.occupied", hex=hex_id)
    fs = fstate(st, name)
    if fs["built"]["D"] >= BUILDING_LIMITS["D"]:
        raise RuleError("tm.no_pieces", building="D")
    if st["phase"] == "setup":
        if st["terrain"][hex_id] != home(name):
            raise RuleError("tm.not_home", hex=hex_id)
        setup_step(st, name, "build")
        place(st, name, hex_id, "D")
        if not st["setup_queue"] or st["setup_queue"][0][0] != "build":
            pass
        return
    t = require_active(st, name)
    if t["need"].get("FREE_D"):
        t["need"]["FREE_D"] -= 1
        if st["terrain"][hex_id] != home(name):
            raise RuleError("tm.not_home", hex=hex_id)
        place_dwelling(st, name, hex_id, free=True, events=events)
        return
    use_action(st, name, "build", events)
    t = st["turn"]
    terrain = st["terrain"][hex_id]
    if terrain != home(name):
        if t["need"].get("FREE_TF"):
            sandstorm(st, name, hex_id)
        else:
            cost = FACTIONS[name].fixed_terraform or board.transform_cost(terrain, home(name),
                                                                          home(name))
            if t["spades"] < cost:
                raise RuleError("tm.not_enough", resource="SPADE", faction=name)
            if hex_id not in t["transformed"]:
                check_reach(st, name, hex_id)
            t["spades"] -= cost
            t["dig_spades"] = max(0, t["dig_spades"] - cost)
            st["terrain"][hex_id] = home(name)
            t["transformed"].append(hex_id)
    else:
        if t["transformed"] and hex_id not in t["transformed"]:
            raise RuleError("tm.build_elsewhere", hex=hex_id)
        if hex_id not in t["transformed"]:
            check_reach(st, name, hex_id)
    if t["spades"] > 0:
        raise RuleError("tm.spades_left", n=t["spades"])
    t["allow"]["transform"] = 0
    t["allow"]["dig"] = 0
    place_dwelling(st, name, hex_id, free=False, events=events)


def sandstorm(st: State, name: str, hex_id: str) -> None:
    t = st["turn"]
    if not any(st["buildings"].get(h, [None])[0] == name for h in board.LAND_ADJ[hex_id]):
        raise RuleError("tm.sandstorm_adjacent", hex=hex_id)
    t["need"]["FREE_TF"] -= 1
    st["terrain"][hex_id] = home(name)
    t["transformed"].append(hex_id)


def place(st: State, name: str, hex_id: str, kind: str) -> None:
    st["buildings"][hex_id] = [name, kind]
    fstate(st, name)["built"][kind] += 1


def place_dwelling(st: State, name: str, hex_id: str, free: bool, events: list[Event]) -> None:
    fs = fstate(st, name)
    if not free:
        pay(st, name, FACTIONS[name].costs["D"])
    place(st, name, hex_id, "D")
    fs["VP"] += scoring_vp(st, "D") + sum(FAVOR[t].get("vp", {}).get("D", 0)
                                          for t in fs["favors"])
    create_offers(st, name, hex_id)
    check_towns(st, name, events)


def has_foreign_neighbour(st: State, name: str, hex_id: str) -> bool:
    return any(st["buildings"].get(h, [name])[0] != name for h in direct_neighbours(st, hex_id))


def cmd_upgrade(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    hex_id, new = cmd["hex"], cmd["to"]
    if st["phase"] != "actions":
        raise RuleError("tm.not_now")
    t = require_active(st, name)
    b = st["buildings"].get(hex_id)
    if b is None or b[0] != name:
        raise RuleError("tm.not_yours", hex=hex_id)
    old = b[1]
    if (old, new) not in UPGRADES:
        raise RuleError("tm.bad_upgrade", hex=hex_id, have=old, want=new)
    fs = fstate(st, name)
    if fs["built"][new] >= BUILDING_LIMITS[new]:
        raise RuleError("tm.no_pieces", building=new)
    free = False
    if t["need"].get("FREE_TP") and new == "TP":
        t["need"]["FREE_TP"] -= 1
        free = True
    else:
        use_action(st, name, "upgrade", events)
        t = st["turn"]
    if not free:
        cost = dict(FACTIONS[name].costs[new])
        if new == "TP" and not has_foreign_neighbour(st, name, hex_id):
            cost["C"] *= 2
        pay(st, name, cost)
    fs["built"][old] -= 1
    place(st, name, hex_id, new)
    fs["VP"] += scoring_vp(st, "SH_SA" if new in ("SH", "SA") else new)
    fs["VP"] += sum(FAVOR[x].get("vp", {}).get(new, 0) for x in fs["favors"])
    if new in ("TE", "SA"):
        n = FACTIONS[name].favors_per_temple
        t["need"]["FAVOR"] = t["need"].get("FAVOR", 0) + n
    if new == "SH":
        stronghold_bonus(st, name, events)
    create_offers(st, name, hex_id)
    check_towns(st, name, events)


def stronghold_bonus(st: State, name: str, events: list[Event]) -> None:
    fd = FACTIONS[name]
    fs = fstate(st, name)
    t = st["turn"]
    for k, v in fd.sh_bonus.items():
        if k == "FAVOR":
            t["need"]["FAVOR"] = t["need"].get("FAVOR", 0) + v
        elif k == "DARK_CONVERT":
            fs["dark_convert"] = v
        elif k == "SPADE":
            t["spades"] += v
            t["allow"] = {"transform": v, "build": 1}
            spade_bonus(st, name, v)
        elif k == "SHIP":
            if fs["ship"] < fd.ship["max"]:
                fs["ship"] += 1
                fs["VP"] += fd.ship["vp"].get(fs["ship"], 0)
        elif k == "TELEPORT":
            fs["teleport"] = 1
        else:
            gain_basic(fs, {k: v})


def cmd_transform(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    hex_id = cmd["hex"]
    if hex_id not in board.START_TERRAIN:
        raise RuleError("tm.unknown_hex", hex=hex_id)
    if hex_id in st["buildings"]:
        raise RuleError("tm.occupied", hex=hex_id)
    terrain = st["terrain"][hex_id]
    target = cmd.get("color") or home(name)
    if target not in board.COLOR_INDEX:
        raise RuleError("tm.bad_color", color=target)
    if target == terrain:
        raise RuleError("tm.already_color", hex=hex_id, color=terrain)
    pend = st["pending"].get(name, {})
    if st["phase"] == "spades":
        if not pend.get("SPADE"):
            raise RuleError("tm.not_enough", resource="SPADE", faction=name)
        spades = pend["SPADE"]
        used = transform_spend(name, terrain, target, spades, cmd.get("color") is not None)
        check_reach(st, name, hex_id, income_phase=True)
        pend["SPADE"] -= used[0]
        st["terrain"][hex_id] = used[1]
        return
    t = require_active(st, name)
    if t["need"].get("FREE_TF"):
        if target != home(name):
            raise RuleError("tm.bad_color", color=target)
        sandstorm(st, name, hex_id)
        return
    use_action(st, name, "transform", events)
    t = st["turn"]
    n, result = transform_spend(name, terrain, target, t["spades"], cmd.get("color") is not None)
    if hex_id not in t["transformed"]:
        check_reach(st, name, hex_id)
    if result != home(name):
        if t["dig_spades"] and t["spades"] - n > 0:
            raise RuleError("tm.dig_spades_unused", n=t["spades"] - n)
        if t["nonhome"]:
            raise RuleError("tm.two_nonhome")
        t["nonhome"] += 1
    t["spades"] -= n
    t["dig_spades"] = max(0, t["dig_spades"] - n)
    st["terrain"][hex_id] = result
    t["transformed"].append(hex_id)


def transform_spend(name: str, terrain: str, target: str, spades: int,
                    explicit: bool) -> tuple[int, str]:
    """(spades used, resulting colour) for turning `terrain` towards `target`."""
    hc = home(name)
    fixed = FACTIONS[name].fixed_terraform
    cost = fixed or board.transform_cost(terrain, target, hc)
    if spades >= cost:
        return cost, target
    if explicit or target != hc or fixed or spades <= 0:
        raise RuleError("tm.not_enough", resource="SPADE", faction=name)
    return spades, board.step_towards(terrain, hc, spades)


def cmd_dig(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    n = cmd["n"]
    if n <= 0:
        raise RuleError("tm.bad_number")
    full = use_action(st, name, "dig", events)
    t = st["turn"]
    fd = FACTIONS[name]
    fs = fstate(st, name)
    if fd.spade_pay:
        pay(st, name, {k: v * n for k, v in fd.spade_pay.items() if k != "VP"})
        fs["VP"] += fd.spade_pay.get("VP", 0) * n
    else:
        pay(st, name, {"W": WORKERS_PER_SPADE[fs["dig"]] * n})
    t = st["turn"]
    t["spades"] += n
    t["dig_spades"] += n
    spade_bonus(st, name, n)
    if full:
        t["allow"] = {"transform": 1, "build": 1, "dig": 1}


def cmd_send(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    cult = cmd["cult"]
    if cult not in CULTS:
        raise RuleError("tm.unknown_cult", cult=cult)
    fs = fstate(st, name)
    check_slot(st, name, "send")
    spaces = st["cult_spaces"][cult]
    want = cmd.get("amount")
    slot = None
    if want != 1:
        for i, v in enumerate(PRIEST_SPACES):
            if spaces[i] is None and (want is None or v == want):
                slot = i
                break
        if want is not None and slot is None:
            raise RuleError("tm.no_cult_space", cult=cult, n=want)
    if fs["P"] < 1:
        raise RuleError("tm.not_enough", resource="P", faction=name)
    use_action(st, name, "send", events)
    fs["P"] -= 1
    if slot is None:
        advance_cult(st, name, cult, 1)
    else:
        spaces[slot] = name
        fs["priests_out"] += 1
        advance_cult(st, name, cult, PRIEST_SPACES[slot])


def cmd_advance(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    fd = FACTIONS[name]
    fs = fstate(st, name)
    require_active(st, name)
    if cmd["track"] == "ship":
        if not fd.ship or fs["ship"] >= fd.ship["max"]:
            raise RuleError("tm.cant_advance", track="ship")
        use_action(st, name, "advance", events)
        pay(st, name, {"P": 1, "C": 4})
        fs["ship"] += 1
        fs["VP"] += fd.ship["vp"].get(fs["ship"], 0)
    else:
        if not fd.dig or fs["dig"] >= fd.dig["max"]:
            raise RuleError("tm.cant_advance", track="dig")
        use_action(st, name, "advance", events)
        pay(st, name, fd.dig["cost"])
        fs["dig"] += 1
        fs["VP"] += 6


def cmd_action(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    space = cmd["space"]
    fs = fstate(st, name)
    fd = FACTIONS[name]
    check_slot(st, name, "action")
    if space in POWER_ACTIONS:
        if space in st["acts"]:
            raise RuleError("tm.action_taken", space=space)
        spec = POWER_ACTIONS[space]
        if fs["P3"] < spec["cost"]:
            raise RuleError("tm.not_enough", resource="PW", faction=name)
        use_action(st, name, "action", events)
        t = st["turn"]
        pay(st, name, {"PW": spec["cost"]})
        st["acts"][space] = name
        grant(st, name, spec["gain"], space)
        return
    if space == "ACTE":
        if not fd.bridge_action:
            raise RuleError("tm.no_action", space=space)
        use_action(st, name, "action", events)
        t = st["turn"]
        pay(st, name, {"W": 2})
        grant(st, name, {"BRIDGE": 1}, space)
        return
    if space in fs["used"]:
        raise RuleError("tm.action_taken", space=space)
    if space in BONUS:
        kind = BONUS[space].get("action") if fs["bonus"] == space else None
    elif space in FAVOR:
        kind = FAVOR[space].get("action") if space in fs["favors"] else None
    elif space in SH_ACTIONS:
        kind = space if SH_ACTIONS[space] == name and fs["built"]["SH"] else None
    else:
        kind = None
    if kind is None:
        raise RuleError("tm.no_action", space=space)
    use_action(st, name, "action", events)
    t = st["turn"]
    fs["used"].append(space)
    t = st["turn"]
    if kind == "spade":
        grant(st, name, {"SPADE": 1}, space)
    elif kind == "cult":
        t["need"]["CULT"] = 1
    elif kind == "ACTA":
        t["need"]["CULT"] = 2
    elif kind == "ACTW":
        t["need"]["FREE_D"] = 1
    elif kind == "ACTS":
        t["need"]["FREE_TP"] = 1
    elif kind == "ACTG":
        grant(st, name, {"SPADE": 2}, space)
    elif kind == "ACTN":
        t["need"]["FREE_TF"] = 1
        t["allow"] = {"build": 1}
    elif kind == "ACTC":
        t["actions"] += 2


def grant(st: State, name: str, gain: dict[str, int], space: str) -> None:
    t = st["turn"]
    fs = fstate(st, name)
    for k, v in gain.items():
        if k == "SPADE":
            t["spades"] += v
            t["allow"] = {"dig": 1, "transform": 2 if v >= 2 else 1, "build": 1}
            spade_bonus(st, name, v)
        elif k == "BRIDGE":
            t["need"]["BRIDGE"] = t["need"].get("BRIDGE", 0) + v
        else:
            gain_basic(fs, {k: v})


def cmd_bridge(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    t = require_active(st, name)
    if not t["need"].get("BRIDGE"):
        raise RuleError("tm.no_bridge_pending")
    a, b = cmd["a"], cmd["b"]
    if frozenset((a, b)) not in board.BRIDGE_SPOTS:
        raise RuleError("tm.bad_bridge", a=a, b=b)
    if any({x, y} == {a, b} for x, y, _ in st["bridges"]):
        raise RuleError("tm.bad_bridge", a=a, b=b)
    fs = fstate(st, name)
    if fs["bridges"] >= 3:
        raise RuleError("tm.no_pieces", building="bridge")
    if not any(st["buildings"].get(h, [None])[0] == name for h in (a, b)):
        raise RuleError("tm.bridge_not_adjacent", a=a, b=b)
    t["need"]["BRIDGE"] -= 1
    fs["bridges"] += 1
    st["bridges"].append([a, b, name])
    check_towns(st, name, events)


def cmd_pass(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    if st["phase"] == "setup":
        setup_step(st, name, "bonus")
        take_bonus(st, name, cmd.get("bonus"))
        if not st["setup_queue"]:
            start_round(st, events)
        return
    require_active(st, name)
    fs = fstate(st, name)
    tile = cmd.get("bonus")
    if st["round"] < 6:
        if tile is None:
            raise RuleError("tm.pass_needs_bonus")
        if tile not in st["bonus_pool"]:
            raise RuleError("tm.bonus_unavailable", tile=tile)
    use_action(st, name, "pass", events)
    st["turn"]["actions"] = 0  # extra Chaos Magician actions lapse on passing
    fs["VP"] += pass_vp(st, name)
    old = fs["bonus"]
    if st["round"] < 6:
        take_bonus(st, name, tile)
    else:
        fs["bonus"] = None
    if old:
        st["bonus_pool"][old] = 0
    fs["passed"] = True
    if st["next_start"] is None:
        st["next_start"] = name
    events.append(Event(key="tm.passed", params={"faction": name}))


def take_bonus(st: State, name: str, tile: str | None) -> None:
    if tile is None:
        raise RuleError("tm.pass_needs_bonus")
    if tile not in st["bonus_pool"]:
        raise RuleError("tm.bonus_unavailable", tile=tile)
    fs = fstate(st, name)
    fs["C"] += st["bonus_pool"].pop(tile)
    fs["bonus"] = tile


def pass_vp(st: State, name: str) -> int:
    fs = fstate(st, name)
    built = fs["built"]
    vp = 0
    if fs["bonus"]:
        vp += sum(v * built[k] for k, v in BONUS[fs["bonus"]].get("pass_vp", {}).items())
    for t in fs["favors"]:
        table = FAVOR[t].get("pass_tp")
        if table:
            vp += table[built["TP"]]
    per_bridge = FACTIONS[name].sh_pass_bridge_vp
    if per_bridge and built["SH"]:
        own = {h for h, (f, _) in st["buildings"].items() if f == name}
        vp += per_bridge * sum(1 for a, b, f in st["bridges"] if f == name and a in own
                               and b in own)
    return vp


def cmd_burn(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    require_active(st, name)
    fs = fstate(st, name)
    n = cmd["n"]
    if n <= 0 or fs["P2"] < 2 * n:
        raise RuleError("tm.not_enough", resource="P2", faction=name)
    fs["P2"] -= 2 * n
    fs["P3"] += n


def cmd_convert(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    require_active(st, name)
    fs = fstate(st, name)
    src, dst, n_src, n_dst = cmd["from"], cmd["to"], cmd["from_n"], cmd["to_n"]
    if (src, dst) == ("W", "P") and fs["dark_convert"] > 0:
        rate = 1
        if n_dst > fs["dark_convert"]:
            raise RuleError("tm.convert_limit", n=fs["dark_convert"])
        fs["dark_convert"] -= n_dst
    else:
        table = {**CONVERSIONS, **CONVERT_EXTRA.get(name, {})}
        if (src, dst) not in table:
            raise RuleError("tm.bad_convert", src=src, dst=dst)
        rate = table[(src, dst)]
    if n_src != rate * n_dst or n_dst <= 0:
        raise RuleError("tm.convert_ratio", n=n_dst, dst=dst, need=rate * n_dst, src=src)
    pay(st, name, {src: n_src})
    if dst == "P":
        if gain_priests(fs, n_dst) < n_dst:
            raise RuleError("tm.priest_limit")
    else:
        fs[dst] += n_dst
    for offer in st["offers"]:
        if offer["to"] == name:
            offer["marked"] = True


def cmd_gain(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    what, n, sign = cmd["what"], cmd["n"], cmd["sign"]
    t = st["turn"] if st["turn"] and st["turn"]["faction"] == name else None
    pend = st["pending"].get(name, {})
    if sign == "+":
        if what in FAVOR:
            take_favor(st, name, what, t, events)
        elif what in TOWN:
            take_town(st, name, what, t, events)
        elif what in CULTS:
            take_cult(st, name, what, n, t, pend)
        elif what in BONUS and st["phase"] == "setup":
            cmd_pass(st, name, {"type": "pass", "bonus": what}, events)
        else:
            raise RuleError("tm.gain_not_allowed", n=n, what=what)
        return
    # "-": decline a pending benefit, or a manual loss
    need_map = {"BRIDGE": "BRIDGE", "FREE_D": "FREE_D", "FREE_TP": "FREE_TP",
                "FREE_TF": "FREE_TF", "CULT": "CULT", "GAIN_FAVOR": "FAVOR", "GAIN_TW": "TOWN"}
    if what == "SPADE":
        if st["phase"] == "spades" and pend.get("SPADE"):
            pend["SPADE"] = max(0, pend["SPADE"] - n)
        elif t and t["spades"] >= n:
            if t["spades"] - n < t["dig_spades"]:
                raise RuleError("tm.dig_spades_unused", n=t["dig_spades"])
            t["spades"] -= n
        else:
            raise RuleError("tm.not_enough", resource="SPADE", faction=name)
    elif what in need_map:
        key = need_map[what]
        if t and t["need"].get(key):
            t["need"][key] = max(0, t["need"][key] - n)
        elif key == "CULT" and pend.get("CULT"):
            pend["CULT"] = max(0, pend["CULT"] - n)
        else:
            raise RuleError("tm.nothing_pending", what=what)
    elif what in ("W", "C", "P", "VP"):
        fs = fstate(st, name)
        fs[what] = max(0, fs[what] - n)
    else:
        raise RuleError("tm.gain_not_allowed", n=n, what=what)


def take_favor(st: State, name: str, tile: str, t: dict | None, events: list[Event]) -> None:
    if not t or not t["need"].get("FAVOR"):
        raise RuleError("tm.favor_not_allowed")
    fs = fstate(st, name)
    if tile in fs["favors"]:
        raise RuleError("tm.favor_twice", tile=tile)
    if st["favor_pool"].get(tile, 0) <= 0:
        raise RuleError("tm.tile_gone", tile=tile)
    st["favor_pool"][tile] -= 1
    t["need"]["FAVOR"] -= 1
    fs["favors"].append(tile)
    spec = FAVOR[tile]
    advance_cult(st, name, spec["cult"], spec["steps"])
    if spec.get("town_power"):
        check_towns(st, name, events)


def take_town(st: State, name: str, tile: str, t: dict | None, events: list[Event]) -> None:
    if not t or not t["need"].get("TOWN"):
        raise RuleError("tm.town_not_allowed")
    if st["town_pool"].get(tile, 0) <= 0:
        raise RuleError("tm.tile_gone", tile=tile)
    st["town_pool"][tile] -= 1
    t["need"]["TOWN"] -= 1
    fs = fstate(st, name)
    fs["towns"].append(tile)
    fs["keys"] += 1  # errata 1: the key comes before the tile's reward
    restore_key_blocked(st, name)
    spec = TOWN[tile]
    fs["VP"] += spec["vp"] + scoring_vp(st, "TOWN")
    for k, v in spec["gain"].items():
        if k == "CULTS":
            for cult in CULTS:
                advance_cult(st, name, cult, v)
        else:
            gain_basic(fs, {k: v})
    gain_basic(fs, FACTIONS[name].town_bonus)


def take_cult(st: State, name: str, cult: str, n: int, t: dict | None, pend: dict) -> None:
    if t and t["need"].get("CULT", 0) >= n:
        if t["cult_track"] not in (None, cult):
            raise RuleError("tm.cult_same_track")
        t["cult_track"] = cult
        t["need"]["CULT"] -= n
    elif pend.get("CULT", 0) >= n:
        pend["CULT"] -= n
    else:
        raise RuleError("tm.gain_not_allowed", n=n, what=cult)
    advance_cult(st, name, cult, n)


def cmd_connect(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    if not FACTIONS[name].town_river_skip:
        raise RuleError("tm.connect_not_allowed", faction=name)
    t = require_active(st, name)
    river = cmd.get("river")
    if river is None:
        shores = [h for h in cmd["hexes"] if h in board.START_TERRAIN]
        fits = [r for r in board.RIVERS if all(h in board.ADJ[r] for h in shores)]
        river = fits[0] if fits and shores else None
    if river not in board.RIVERS:
        raise RuleError("tm.connect_no_town")
    before = t["need"].get("TOWN", 0)
    st.setdefault("connected", {}).setdefault(name, []).append(river)
    check_towns(st, name, events)
    if t["need"].get("TOWN", 0) <= before:
        raise RuleError("tm.connect_no_town")


def cmd_resign(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    """The faction leaves: no more turns or offers; its buildings stay on the map."""
    fs = fstate(st, name)
    fs["dropped"] = True
    fs["passed"] = True
    if fs["bonus"]:
        st["bonus_pool"][fs["bonus"]] = 0
        fs["bonus"] = None
    decline_all(st, name, events)
    st["pending"].pop(name, None)
    if st["turn"] is not None and st["turn"]["faction"] == name:
        end_turn(st, events)
    events.append(Event(key="tm.resigned", params={"faction": name}))


def cmd_noop(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    return None


def cmd_done(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    t = require_active(st, name)
    if t["taken"] == 0:
        raise RuleError("tm.must_act", faction=name)


HANDLERS: dict[str, Callable[[State, str, dict, list[Event]], None]] = {
    "build": cmd_build, "upgrade": cmd_upgrade, "transform": cmd_transform, "dig": cmd_dig,
    "send": cmd_send, "advance": cmd_advance, "action": cmd_action, "bridge": cmd_bridge,
    "pass": cmd_pass, "burn": cmd_burn, "convert": cmd_convert, "leech": cmd_leech,
    "decline": cmd_decline, "gain": cmd_gain, "connect": cmd_connect,
    "resign": cmd_resign, "wait": cmd_noop, "done": cmd_done,
}


def execute(st: State, seat: int, name: str | None, cmd: dict, events: list[Event]) -> None:
    kind = cmd.get("type")
    if kind == "setup":
        cmd_setup(st, name, cmd, events, seat)
        return
    if name is None:
        raise RuleError("tm.no_faction", seat=seat)
    handler = HANDLERS.get(kind or "")
    if handler is None:
        raise RuleError("tm.unknown_command", text=str(kind))
    if st["phase"] == "over":
        raise RuleError("tm.game_over")
    handler(st, name, cmd, events)


__all__ = ["execute", "new_turn", "reach_kind", "ship_range", "offer_actual", "FREE_COMMANDS"]
