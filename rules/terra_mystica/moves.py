"""Legal-move generation: the finite choices of every open decision, as snellman text."""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from rules.core import Choice
from rules.terra_mystica import board
from rules.terra_mystica.choices import choice
from rules.terra_mystica.cults import CULTS, PRIEST_SPACES, TOP, cult_target, must_wait_for_cultists
from rules.terra_mystica.factions import BUILDING_LIMITS, FACTIONS, WORKERS_PER_SPADE, hop_distance
from rules.terra_mystica.free_moves import free_choices
from rules.terra_mystica.leech import offer_actual, offer_gain
from rules.terra_mystica.merchants.choices import action_texts as merchants_action_texts
from rules.terra_mystica.merchants.choices import sandstorm_ship_texts, ship_paid_texts
from rules.terra_mystica.merchants.favors import favor_allowed
from rules.terra_mystica.merchants.ships import need_choices, ship_shores
from rules.terra_mystica.merchants.trade import giants_spade_bars
from rules.terra_mystica.reach import ship_range
from rules.terra_mystica.state import State, bridge_adj, owner_buildings
from rules.terra_mystica.terraform import build_in_action, split_first
from rules.terra_mystica.tiles import FAVOR, POWER_ACTIONS, TOWN, tile_order


def blocked_top(st: State, name: str, cult: str, steps: int) -> bool:
    """True when these steps would reach 10 while the Cultists' decision is still open."""
    cur = st["factions"][name]["cults"][cult]
    return (cult_target(st["factions"], name, cult, steps) == TOP > cur
            and must_wait_for_cultists(st, name, cult))


def priest_steps(st: State, cult: str) -> int:
    free = [v for v, who in zip(PRIEST_SPACES, st["cult_spaces"][cult], strict=True) if not who]
    return free[0] if free else 1


def send_texts(st: State, name: str) -> list[str]:
    """`send p to CULT` on the first free space, plus each smaller choice the board allows:
    a free 2-space below an open 3, and one step with the priest back to the supply."""
    fs = st["factions"][name]
    if fs["P"] < 1:
        return []
    out = []
    for cult in CULTS:
        if fs["cults"][cult] >= TOP:
            continue
        first = priest_steps(st, cult)
        free = {v for v, who in zip(PRIEST_SPACES, st["cult_spaces"][cult], strict=True)
                if not who}
        for n in sorted({first, *(v for v in free if v < first), 1}, reverse=True):
            if not blocked_top(st, name, cult, n):
                out.append(f"send p to {cult}" + ("" if n == first else f" for {n}"))
    return out


def affords(fs: dict[str, Any], *costs: dict[str, int]) -> bool:
    total: dict[str, int] = {}
    for cost in costs:
        for k, v in cost.items():
            total[k] = total.get(k, 0) + v
    return all((fs["P3"] if k == "PW" else fs[k]) >= v for k, v in total.items())


def reach_map(st: State, name: str, income_phase: bool = False,
              teleport: bool = True) -> dict[str, str]:
    """Empty land hexes `name` can reach: hex -> 'direct' | 'ship' | 'teleport'."""
    fd = FACTIONS[name]
    locs = owner_buildings(st, name)
    bridges = bridge_adj(st)
    out: dict[str, str] = {}
    rng = ship_range(st, name, income_phase)
    hop = 0
    if fd.teleport and teleport and not income_phase:
        hop = hop_distance(fd, st["factions"][name])
    bd = board.of(st)
    for loc in locs:
        for h in bd.LAND_ADJ[loc] | bridges.get(loc, set()):
            out[h] = "direct"
        if rng:
            for h, d in bd.SHIP_DIST[loc].items():
                if d <= rng:
                    out.setdefault(h, "ship")
        if hop:
            for h, d in bd.HEX_DIST[loc].items():
                if d <= hop:
                    out.setdefault(h, "teleport")
    if "trades" in st:  # hook: Merchants of the Seas, hexes next to own ships
        for h in ship_shores(st, name):
            out.setdefault(h, "ship")
    return {h: k for h, k in out.items() if h not in st["buildings"]}


@cache
def colour_costs(terrain: str, home: str, fixed: int | None) -> tuple[tuple[str, int], ...]:
    """Other colours than home a hex of `terrain` can become, with their spade cost; only
    colours within the wheel's reach (3), since longer ways around home only cost more."""
    out = []
    for colour in board.COLORS:
        if colour in (terrain, home):
            continue
        n = fixed or board.transform_cost(terrain, colour, home)
        if n <= 3:
            out.append((colour, n))
    return tuple(out)


def hex_colours(st: State, name: str, hex_id: str) -> tuple[tuple[str, int], ...]:
    fd = FACTIONS[name]
    return colour_costs(st["terrain"][hex_id], fd.color, fd.fixed_terraform)


def spade_cost(st: State, name: str, hex_id: str) -> int:
    fd = FACTIONS[name]
    terrain = st["terrain"][hex_id]
    if terrain == fd.color:
        return 0
    return fd.fixed_terraform or board.spade_distance(terrain, fd.color)


def dig_cost(st: State, name: str, n: int) -> dict[str, int]:
    fd = FACTIONS[name]
    if n <= 0:
        return {}
    if fd.spade_pay:
        return {k: v * n for k, v in fd.spade_pay.items() if k != "VP"}
    return {"W": WORKERS_PER_SPADE[st["factions"][name]["dig"]] * n}


def teleport_cost(st: State, name: str, kind: str) -> dict[str, int]:
    if kind != "teleport":
        return {}
    fd = FACTIONS[name]
    return dict(fd.teleport["cost"][st["factions"][name]["teleport"]])


def burn_prefix(fs: dict[str, Any], cost: int) -> str | None:
    """'' if bowl III pays `cost`, 'burn k. ' if burning makes it, None if impossible."""
    if fs["P3"] >= cost:
        return ""
    k = cost - fs["P3"]
    return f"burn {k}. " if fs["P2"] >= 2 * k else None


def bridge_spots(st: State, name: str) -> list[tuple[str, str]]:
    if st["factions"][name]["bridges"] >= 3:
        return []
    built = {frozenset((a, b)) for a, b, _ in st["bridges"]}
    own = set(owner_buildings(st, name))
    return sorted(tuple(sorted(p)) for p in board.of(st).BRIDGE_SPOTS
                  if p not in built and p & own)


def turn_choices(st: State, name: str) -> list[Choice]:
    t = st["turn"]
    fs = st["factions"][name]
    need = t["need"]
    if "trades" in st and (texts := need_choices(st, name)) is not None:  # hook: Merchants
        return [choice(x) for x in texts]
    if need.get("FAVOR"):
        texts = [f"+{tile}" for tile in tile_order(st["favor_pool"])
                 if st["favor_pool"][tile] > 0 and tile not in fs["favors"]
                 and favor_allowed(st, name, tile)  # hook: Merchants of the Seas
                 and not blocked_top(st, name, FAVOR[tile]["cult"], FAVOR[tile]["steps"])]
        return [choice(x) for x in texts or ["-GAIN_FAVOR"]]
    if need.get("TOWN"):
        texts = [f"+{tile}" for tile in tile_order(st["town_pool"]) if st["town_pool"][tile] > 0
                 and not (TOWN[tile]["gain"].get("CULTS")
                          and any(blocked_top(st, name, c, TOWN[tile]["gain"]["CULTS"])
                                  for c in CULTS))]
        return [choice(x) for x in texts or ["-GAIN_TW"]]
    if need.get("CULT"):
        n = need["CULT"]
        ok = [c for c in CULTS if not blocked_top(st, name, c, n)]
        return [choice(f"+{n if n > 1 else ''}{c}") for c in ok] or [choice("-CULT")]
    if need.get("BRIDGE"):
        return [choice(f"bridge {a}:{b}") for a, b in bridge_spots(st, name)] + [
            choice("-BRIDGE")]
    if need.get("FREE_D"):
        hexes = [h for h, c in st["terrain"].items()
                 if c == FACTIONS[name].color and h not in st["buildings"]]
        return [choice(f"build {h}") for h in hexes] + [choice("-FREE_D")]
    if need.get("FREE_TP"):
        return [choice(f"upgrade {h} to TP") for h in owner_buildings(st, name)
                if st["buildings"][h][1] == "D"] + [choice("-FREE_TP")]
    if need.get("FREE_TF"):
        return sandstorm_choices(st, name) + [choice("-FREE_TF")]
    if need.get("DARK_CONVERT"):
        room = 7 - fs["priests_out"] - fs["P"]
        top = min(fs["dark_convert"], fs["W"], room)
        return [choice(f"convert {k}W to {k}P") for k in range(1, top + 1)] + [
            choice(f"-{fs['dark_convert']}CONVERT_W_TO_P")]
    if t["spades"] > 0:
        return spade_choices(st, name) + free_choices(st, name)
    if t["actions"] > 0:
        return action_choices(st, name) + free_choices(st, name)
    return []


def sandstorm_choices(st: State, name: str, prefix: str = "") -> list[Choice]:
    fd = FACTIONS[name]
    fs = st["factions"][name]
    targets = set()
    for loc in owner_buildings(st, name):
        for h in board.of(st).LAND_ADJ[loc]:
            if h not in st["buildings"] and st["terrain"][h] != fd.color:
                targets.add(h)
    out = []
    can_d = affords(fs, fd.costs["D"]) and fs["built"]["D"] < BUILDING_LIMITS["D"]
    for h in sorted(targets):
        out.append(choice(f"{prefix}{'build' if can_d else 'transform'} {h}", name))
    if "trades" in st:  # hook: Merchants, the sandstorm next to a ship (seed L615)
        out += [choice(x, name) for x in sandstorm_ship_texts(st, name, prefix)]
    return out


def spade_choices(st: State, name: str) -> list[Choice]:
    t = st["turn"]
    fs = st["factions"][name]
    fd = FACTIONS[name]
    spades = t["spades"]
    out: list[Choice] = []
    first = split_first(st)  # set: no build on a further hex, but the first may still get one
    can_build = (t["allow"].get("build", 0) > 0 and fs["built"]["D"] < BUILDING_LIMITS["D"])
    then = first_build(st, name, first) if can_build else None

    def add(text: str, uses_all: bool, extra: dict[str, int]) -> None:
        out.append(choice(text, name))
        if then and uses_all and affords(fs, fd.costs["D"], extra):
            out.append(choice(f"{text}. {then}", name))  # the spades spent, build the first

    for h, kind in sorted(reach_map(st, name, teleport=not t["teleported"]).items()):
        cost = spade_cost(st, name, h)
        if cost == 0 or ("trades" in st and giants_spade_bars(st, h)):  # hook: Merchants
            continue
        tele = teleport_cost(st, name, kind)
        if h in t["transformed"]:
            tele = {}
        if tele and not affords(fs, tele):
            continue
        if (can_build and not first and cost == spades and affords(fs, fd.costs["D"], tele)
                and build_in_action(st, name, h)):
            out.append(choice(f"build {h}", name))
        if (can_build and not first and cost == spades and "trades" in st  # hook: Merchants
                and affords(fs, tele) and build_in_action(st, name, h)):
            out += [choice(x, name) for x in ship_paid_texts(st, name, h)]
        if t["allow"].get("transform", 0) <= 0:
            continue
        partial = None
        if cost > spades and not fd.fixed_terraform and not t["nonhome"]:
            partial = board.step_towards(st["terrain"][h], fd.color, spades)
        if cost <= spades or partial:
            uses_all = cost >= spades
            if uses_all or (t["allow"]["transform"] >= 2 and not t["dig_spades"]):
                add(f"transform {h}", uses_all, tele)
        if t["nonhome"]:
            continue  # one hex per action may end on another colour than home
        for colour, n in hex_colours(st, name, h):
            if n > spades or (t["dig_spades"] and n != spades) or colour == partial:
                continue  # spades bought with dig must all go into that one hex
            add(f"transform {h} to {colour}", n == spades, tele)
    if t["dig_spades"] == 0:
        add(f"-{spades if spades > 1 else ''}SPADE", True, {})
    return out


def first_build(st: State, name: str, first: str | None) -> str | None:
    """`build FIRST` when the rulebook keeps this action's dwelling on its first hex and that
    hex is home terrain and empty (built once the other spades are spent or given up)."""
    if first is None or first in st["buildings"]:
        return None
    return f"build {first}" if st["terrain"][first] == FACTIONS[name].color else None


def build_options(st: State, name: str, free_spades: int, prefix: str) -> list[Choice]:
    """Builds (digging for missing spades) on every reachable empty hex; where no dwelling
    can be built or paid, the same terraforming without it."""
    fs = st["factions"][name]
    fd = FACTIONS[name]
    pieces = fs["built"]["D"] < BUILDING_LIMITS["D"]
    out = []
    two = free_spades >= 2 and not fd.fixed_terraform  # ACT6: two hexes may share the spades
    digs: dict[str, int] = {}
    for h, kind in sorted(reach_map(st, name).items()):
        cost = spade_cost(st, name, h)
        if kind not in digs:
            digs[kind] = max_dig(st, name, kind)
        if cost:
            out += colour_options(st, name, h, free_spades, digs[kind], prefix)
        if free_spades and cost < free_spades:
            if cost and two and digs[kind] >= 0:
                out.append(choice(f"{prefix}transform {h}", name))  # the spade left goes on
            continue
        if not free_spades and cost == 0 and not pieces:
            continue
        dig = max(0, cost - free_spades)
        if dig and fd.dig is None and fd.spade_pay is None:
            continue
        work = [dig_cost(st, name, dig), teleport_cost(st, name, kind)]
        head = prefix + (f"dig {dig}. " if dig else "")
        if pieces and affords(fs, fd.costs["D"], *work):
            out.append(choice(f"{head}build {h}", name))
        elif cost and affords(fs, *work):
            out.append(choice(f"{head}transform {h}", name))
        if "trades" in st and pieces and affords(fs, *work):  # hook: Merchants, a ship pays
            out += [choice(x, name) for x in ship_paid_texts(st, name, h, head)]
    return out


def colour_options(st: State, name: str, h: str, free_spades: int, max_dig: int,
                   prefix: str) -> list[Choice]:
    """Turning hex h into another colour than home, digging what the free spades lack."""
    out = []
    for colour, n in hex_colours(st, name, h):
        dig = max(0, n - free_spades)
        if dig <= max_dig:
            head = prefix + (f"dig {dig}. " if dig else "")
            out.append(choice(f"{head}transform {h} to {colour}", name))
    return out


def max_dig(st: State, name: str, kind: str) -> int:
    """The most spades (up to 3) the faction can dig now towards a hex reached by `kind`."""
    fd = FACTIONS[name]
    fs = st["factions"][name]
    if fd.dig is None and fd.spade_pay is None:
        return 0 if affords(fs, teleport_cost(st, name, kind)) else -1
    best = -1
    for n in range(4):
        if not affords(fs, dig_cost(st, name, n), teleport_cost(st, name, kind)):
            break
        best = n
    return best


def action_choices(st: State, name: str) -> list[Choice]:
    fs = st["factions"][name]
    fd = FACTIONS[name]
    out = build_options(st, name, 0, "")
    for h in owner_buildings(st, name):
        kind = st["buildings"][h][1]
        for new in {"D": ["TP"], "TP": ["TE", "SH"], "TE": ["SA"]}.get(kind, []):
            if fs["built"][new] >= BUILDING_LIMITS[new]:
                continue
            cost = dict(fd.costs[new])
            if new == "TP" and not _foreign_near(st, name, h):
                cost["C"] *= 2
            if not affords(fs, cost):
                continue
            out.append(choice(f"upgrade {h} to {new}", name))
    out += [choice(x) for x in send_texts(st, name)]
    if fd.ship and fs["ship"] < fd.ship["max"] and affords(fs, {"P": 1, "C": 4}):
        out.append(choice("advance ship"))
    if fd.dig and fs["dig"] < fd.dig["max"] and affords(fs, fd.dig["cost"]):
        out.append(choice("advance dig"))
    out += power_action_choices(st, name)
    out += special_choices(st, name)
    if "trades" in st:  # hook: Merchants of the Seas actions
        out += [choice(x) for x in merchants_action_texts(st, name)]
    if st["round"] < 6:
        out += [choice(f"pass {b}") for b in tile_order(st["bonus_pool"])]
    else:
        out.append(choice("pass"))
    return out


def _foreign_near(st: State, name: str, h: str) -> bool:
    bridges = bridge_adj(st)
    return any(st["buildings"].get(n, [name])[0] != name
               for n in board.of(st).LAND_ADJ[h] | bridges.get(h, set()))


def power_action_choices(st: State, name: str) -> list[Choice]:
    fs = st["factions"][name]
    out: list[Choice] = []
    for space, spec in POWER_ACTIONS.items():
        if space in st["acts"]:
            continue
        pre = burn_prefix(fs, spec["cost"])
        if pre is None:
            continue
        head = f"{pre}action {space}. "
        gain = spec["gain"]
        if "BRIDGE" in gain:
            out += [choice(f"{head}bridge {a}:{b}", name) for a, b in bridge_spots(st, name)]
        elif "SPADE" in gain:
            out += build_options(st, name, gain["SPADE"], head)
        else:
            out.append(choice(head.rstrip(". "), name))
    return out


def special_choices(st: State, name: str) -> list[Choice]:
    fs = st["factions"][name]
    fd = FACTIONS[name]
    out: list[Choice] = []
    used = fs["used"]
    if fs["bonus"] == "BON1" and "BON1" not in used:
        out += build_options(st, name, 1, "action BON1. ")
    for space in ("BON2", "FAV6"):
        held = fs["bonus"] == space or space in fs["favors"]
        if held and space not in used:
            out += [choice(f"action {space}. +{c}") for c in CULTS if fs["cults"][c] < 10
                    and not blocked_top(st, name, c, 1)]
    if fd.bridge_action and fs["W"] >= 2:
        out += [choice(f"action ACTE. bridge {a}:{b}", name) for a, b in bridge_spots(st, name)]
    sh = fd.sh_action
    if not sh or not fs["built"]["SH"] or sh.space in used:
        return out
    return out + SH_MENUS[sh.menu](st, name, f"action {sh.space}")


def _cult_steps_menu(st: State, name: str, head: str) -> list[Choice]:
    """Auren: two steps on one track."""
    cults = st["factions"][name]["cults"]
    return [choice(f"{head}. +2{c}") for c in CULTS if cults[c] < 10
            and not blocked_top(st, name, c, 2)]


def _witches_ride_menu(st: State, name: str, head: str) -> list[Choice]:
    """Witches: a free dwelling on any free forest hex."""
    if st["factions"][name]["built"]["D"] >= BUILDING_LIMITS["D"]:
        return []
    home = FACTIONS[name].color
    return [choice(f"{head}. build {h}") for h, c in sorted(st["terrain"].items())
            if c == home and h not in st["buildings"]]


def _free_trading_house_menu(st: State, name: str, head: str) -> list[Choice]:
    """Swarmlings: a dwelling becomes a trading house for free."""
    if st["factions"][name]["built"]["TP"] >= BUILDING_LIMITS["TP"]:
        return []
    return [choice(f"{head}. upgrade {h} to TP") for h in owner_buildings(st, name)
            if st["buildings"][h][1] == "D"]


def _spades_menu(st: State, name: str, head: str) -> list[Choice]:
    """Giants: two spades."""
    return build_options(st, name, FACTIONS[name].sh_action.spades, f"{head}. ")


def _sandstorm_menu(st: State, name: str, head: str) -> list[Choice]:
    """Nomads: a neighbouring hex becomes desert, and a dwelling on it."""
    if st["factions"][name]["built"]["D"] >= BUILDING_LIMITS["D"]:
        return []
    return [c for c in sandstorm_choices(st, name, f"{head}. ")
            if c.action["cmds"][-1]["type"] in ("build", "build_ship")]


def _double_turn_menu(st: State, name: str, head: str) -> list[Choice]:
    """Chaos Magicians: two more actions."""
    return [choice(head)]


# The menu of each stronghold action (factions.StrongholdAction.menu).
SH_MENUS: dict[str, Callable[[State, str, str], list[Choice]]] = {
    "cult_steps": _cult_steps_menu,
    "witches_ride": _witches_ride_menu,
    "free_trading_house": _free_trading_house_menu,
    "spades": _spades_menu,
    "sandstorm": _sandstorm_menu,
    "double_turn": _double_turn_menu,
}


def leech_choices(st: State, offer: dict[str, Any]) -> list[Choice]:
    n, src = offer["amount"], offer["from"]
    if offer["marked"] and st["options"]["strict_leech"]:
        return [choice(f"decline {n} from {src}")]  # converted since the offer: too late
    if offer_actual(st, offer) <= 0 and offer_gain(st, offer) <= 0:
        return [choice(f"decline {n} from {src}")]  # nothing to gain: logs say `decline`
    return [choice(f"leech {n} from {src}"), choice(f"decline {n} from {src}")]


def income_spade_choices(st: State, name: str) -> list[Choice]:
    n = st["pending"][name]["SPADE"]
    fd = FACTIONS[name]
    out = []
    for h in sorted(reach_map(st, name, income_phase=True)):
        cost = spade_cost(st, name, h)
        if not cost:
            continue
        if not fd.fixed_terraform or n >= cost:
            out.append(choice(f"transform {h}", name))
        partial = board.step_towards(st["terrain"][h], fd.color, n) if cost > n else None
        out += [choice(f"transform {h} to {colour}", name)
                for colour, k in hex_colours(st, name, h) if k <= n and colour != partial]
    out.append(choice(f"-{n if n > 1 else ''}SPADE"))
    return out


def favor_left(st: State) -> list[str]:
    return [t for t in FAVOR if st["favor_pool"][t] > 0]


def town_left(st: State) -> list[str]:
    return [t for t in TOWN if st["town_pool"].get(t, 0) > 0]


def offer_view(st: State, offer: dict[str, Any]) -> dict[str, Any]:
    actual = offer_gain(st, offer)  # what accepting gives now (and costs in VP)
    return {"faction": offer["to"], "kind": "leech", "from": offer["from"],
            "amount": offer["amount"], "actual": actual, "vp_cost": max(0, actual - 1),
            **({"trade": offer["trade"]} if "trade" in offer else {})}  # hook: Merchants
