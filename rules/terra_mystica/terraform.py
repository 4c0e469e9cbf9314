"""Transform and build: spades, digging, the sandstorm, placing dwellings."""

from __future__ import annotations

from rules.core import Event, RuleError
from rules.terra_mystica import board
from rules.terra_mystica.factions import BUILDING_LIMITS, FACTIONS, WORKERS_PER_SPADE
from rules.terra_mystica.flow import spade_bonus
from rules.terra_mystica.leech import create_offers
from rules.terra_mystica.merchants.setup import dock_after_build, skip_docks
from rules.terra_mystica.merchants.ships import ship_pays_here, spend_ship
from rules.terra_mystica.merchants.trade import spend_giants_spades
from rules.terra_mystica.merchants.walkers import merchant_builds_on
from rules.terra_mystica.reach import check_reach
from rules.terra_mystica.state import State
from rules.terra_mystica.tiles import FAVOR
from rules.terra_mystica.towns import check_towns
from rules.terra_mystica.turn import (
    fstate,
    home,
    pay,
    require_active,
    scoring_vp,
    setup_step,
    use_action,
)


def cmd_build(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    hex_id = cmd["hex"]
    if hex_id not in board.of(st).START_TERRAIN:
        raise RuleError("terra_mystica.unknown_hex", hex=hex_id)
    if hex_id in st["buildings"]:
        raise RuleError("terra_mystica.occupied", hex=hex_id)
    fs = fstate(st, name)
    if fs["built"]["D"] >= BUILDING_LIMITS["D"]:
        raise RuleError("terra_mystica.no_pieces", building="D")
    if st["phase"] == "setup":  # initial dwellings: home terrain, free, no reach, no offers
        setup_step(st, name, "build")
        if st["terrain"][hex_id] != home(name):
            raise RuleError("terra_mystica.not_home", hex=hex_id)
        place(st, name, hex_id, "D")
        if "trades" in st:  # hook: Merchants of the Seas, docks may follow the last dwelling
            skip_docks(st)
        return
    t = require_active(st, name)
    if t["need"].get("FREE_D"):
        t["need"]["FREE_D"] -= 1
        if st["terrain"][hex_id] != home(name):
            raise RuleError("terra_mystica.not_home", hex=hex_id)
        place_dwelling(st, name, hex_id, free=True, events=events)
        return
    if not build_in_action(st, name, hex_id):
        t["allow"]["build"] = 0
    use_action(st, name, "build", events)
    t = st["turn"]
    terrain = st["terrain"][hex_id]
    first = split_first(st)
    if first and hex_id != first and (hex_id in t["transformed"] or terrain != home(name)):
        raise RuleError("terra_mystica.second_spade_dwelling", hex=hex_id, first=first)
    if terrain != home(name):
        if t["need"].get("FREE_TF"):
            sandstorm(st, name, hex_id)
        else:
            cost = FACTIONS[name].fixed_terraform or board.transform_cost(terrain, home(name),
                                                                          home(name))
            if t["spades"] < cost:
                raise RuleError("terra_mystica.not_enough", resource="SPADE", faction=name)
            if hex_id not in t["transformed"]:
                check_reach(st, name, hex_id)
            if "trades" in st:  # hook: Merchants, the Giants' stronghold's trade spade
                spend_giants_spades(st, hex_id, cost)
            t["spades"] -= cost
            t["dig_spades"] = max(0, t["dig_spades"] - cost)
            st["terrain"][hex_id] = home(name)
            t["transformed"].append(hex_id)
    elif hex_id not in t["transformed"]:
        check_reach(st, name, hex_id)
    if t["spades"] > 0:
        raise RuleError("terra_mystica.spades_left", n=t["spades"])
    t["allow"]["transform"] = 0
    t["allow"]["dig"] = 0
    place_dwelling(st, name, hex_id, free=False, events=events)


def build_in_action(st: State, name: str, hex_id: str) -> bool:
    """As the site counts actions: once a hex of this action became home terrain, a build
    elsewhere that needs no spade of the action, or finds no transform left to terraform
    with, is a new action (Chaos Magicians' second, or the last faction's next turn)."""
    t = st["turn"]
    made_home = [h for h in t["transformed"] if st["terrain"][h] == home(name)]
    return not (made_home and hex_id not in made_home
                and (st["terrain"][hex_id] == home(name)
                     or t["allow"].get("transform", 0) <= 0))


def split_first(st: State) -> str | None:
    """The first hex this action's spades went to, when only it may take the dwelling: the
    rulebook (seed L637: a second hex that took spades of the same action gets no dwelling;
    the Halflings' stronghold spades too). None under the site's rule or before any spade."""
    t = st["turn"]
    if st["options"].get("second_spade_dwelling") or not t or not t["transformed"]:
        return None
    return t["transformed"][0]


def sandstorm(st: State, name: str, hex_id: str) -> None:
    t = st["turn"]
    if not any(st["buildings"].get(h, [None])[0] == name for h in board.of(st).LAND_ADJ[hex_id]):
        # hook: Merchants, next to a ship that is then spent on the dwelling there (seed L615)
        if not ("trades" in st and ship_pays_here(st, name, hex_id)):
            raise RuleError("terra_mystica.sandstorm_adjacent", hex=hex_id)
    t["need"]["FREE_TF"] -= 1
    st["terrain"][hex_id] = home(name)
    t["transformed"].append(hex_id)


def place(st: State, name: str, hex_id: str, kind: str) -> None:
    st["buildings"][hex_id] = [name, kind]
    fstate(st, name)["built"][kind] += 1


def place_dwelling(st: State, name: str, hex_id: str, free: bool, events: list[Event]) -> None:
    fs = fstate(st, name)
    if "trades" in st and spend_ship(st, name):  # hook: Merchants, a ship pays the dwelling
        free = True
    if not free:
        pay(st, name, FACTIONS[name].costs["D"])
    place(st, name, hex_id, "D")
    if "trades" in st:  # hook: Merchants of the Seas, a due dock; a merchant on this space
        dock_after_build(st, name, hex_id)
        merchant_builds_on(st, name, hex_id, [])
    fs["VP"] += scoring_vp(st, "D") + sum(FAVOR[t].get("vp", {}).get("D", 0)
                                          for t in fs["favors"])
    create_offers(st, name, hex_id)
    check_towns(st, name, events)


def cmd_transform(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    hex_id = cmd["hex"]
    if hex_id not in board.of(st).START_TERRAIN:
        raise RuleError("terra_mystica.unknown_hex", hex=hex_id)
    if hex_id in st["buildings"]:
        raise RuleError("terra_mystica.occupied", hex=hex_id)
    terrain = st["terrain"][hex_id]
    target = cmd.get("color") or home(name)
    if target not in board.COLOR_INDEX:
        raise RuleError("terra_mystica.bad_color", color=target)
    if target == terrain:
        raise RuleError("terra_mystica.already_color", hex=hex_id, color=terrain)
    pend = st["pending"].get(name, {})
    if st["phase"] == "spades":
        if not pend.get("SPADE"):
            raise RuleError("terra_mystica.not_enough", resource="SPADE", faction=name)
        spades = pend["SPADE"]
        used = transform_spend(name, terrain, target, spades, cmd.get("color") is not None)
        check_reach(st, name, hex_id, income_phase=True)
        pend["SPADE"] -= used[0]
        st["terrain"][hex_id] = used[1]
        return
    t = require_active(st, name)
    if t["need"].get("FREE_TF"):
        if target != home(name):
            raise RuleError("terra_mystica.bad_color", color=target)
        sandstorm(st, name, hex_id)
        return
    use_action(st, name, "transform", events)
    t = st["turn"]
    n, result = transform_spend(name, terrain, target, t["spades"], cmd.get("color") is not None)
    if hex_id not in t["transformed"]:
        check_reach(st, name, hex_id)
    if "trades" in st:  # hook: Merchants, the Giants' stronghold's trade spade
        spend_giants_spades(st, hex_id, n)
    if result != home(name):
        if t["dig_spades"] and t["spades"] - n > 0:
            raise RuleError("terra_mystica.dig_spades_unused", n=t["spades"] - n)
        if t["nonhome"]:
            raise RuleError("terra_mystica.two_nonhome")
        t["nonhome"] += 1
    t["spades"] -= n
    t["dig_spades"] = max(0, t["dig_spades"] - n)
    st["terrain"][hex_id] = result
    t["transformed"].append(hex_id)
    t["allow"]["dig"] = 0  # as on the site: after a transform, a dig starts a new action


def transform_spend(name: str, terrain: str, target: str, spades: int,
                    explicit: bool) -> tuple[int, str]:
    """(spades used, resulting colour) for turning `terrain` towards `target`."""
    hc = home(name)
    fixed = FACTIONS[name].fixed_terraform
    cost = fixed or board.transform_cost(terrain, target, hc)
    if spades >= cost:
        return cost, target
    if explicit or target != hc or fixed or spades <= 0:
        raise RuleError("terra_mystica.not_enough", resource="SPADE", faction=name)
    return spades, board.step_towards(terrain, hc, spades)


def cmd_dig(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    n = cmd["n"]
    if n <= 0:
        raise RuleError("terra_mystica.bad_number")
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
    if full or st["options"].get("second_spade_dwelling"):
        # Notation spec 3.0: after `dig` one transform, one build, one more dig. On the site a
        # dig inside ACT5/ACT6/BON1 resets the count too (ACT6's second transform is gone);
        # the rulebook mode keeps the action's own count (its split rule guards the dwelling).
        t["allow"] = {"transform": 1, "build": 1, "dig": 1}
