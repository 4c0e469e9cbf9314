"""Executing one snellman command (already parsed to a dict) on a mutable state copy."""

from __future__ import annotations

from collections.abc import Callable

from rules.core import Event, RuleError
from rules.terra_mystica import board
from rules.terra_mystica.cults import CULTS, PRIEST_SPACES, advance_cult, take_cult
from rules.terra_mystica.factions import BUILDING_LIMITS, FACTIONS, SH_ACTIONS
from rules.terra_mystica.flow import end_turn, gain_basic, gain_priests, spade_bonus, start_round
from rules.terra_mystica.leech import cmd_decline, cmd_leech, create_offers, decline_all
from rules.terra_mystica.merchants.commands import HANDLERS as MERCHANTS_HANDLERS
from rules.terra_mystica.merchants.commands import power_action as merchants_power_action
from rules.terra_mystica.merchants.favors import (
    advance_distance,
    check_favor,
    pass_counts,
    pass_trades_vp,
)
from rules.terra_mystica.merchants.ships import BONUS_ACTION_NEEDS, check_gain, decline_ship
from rules.terra_mystica.merchants.shipyard import SHIP_SPACE, cmd_ship_action, cmd_shipyard
from rules.terra_mystica.merchants.shipyard import board_entry as mt_shipyard
from rules.terra_mystica.merchants.tiles import POWER_ACTIONS as MERCHANTS_ACTIONS
from rules.terra_mystica.power import CONVERSIONS, CONVERT_EXTRA
from rules.terra_mystica.state import State, add_faction, direct_neighbours, start_placement
from rules.terra_mystica.terraform import cmd_build, cmd_dig, cmd_transform, place
from rules.terra_mystica.tiles import BONUS, FAVOR, POWER_ACTIONS, TOWN
from rules.terra_mystica.towns import check_towns, cmd_connect, take_town
from rules.terra_mystica.turn import (
    check_slot,
    fstate,
    pay,
    require_active,
    scoring_vp,
    setup_step,
    use_action,
)

UPGRADES = {("D", "TP"), ("TP", "TE"), ("TP", "SH"), ("TE", "SA")}


def cmd_setup(st: State, name: str | None, cmd: dict, events: list[Event], seat: int) -> None:
    if st["phase"] != "select":
        raise RuleError("terra_mystica.not_now")
    if seat != len(st["order"]):
        raise RuleError("terra_mystica.not_your_turn", seat=seat)
    add_faction(st, seat, cmd["faction"])
    if len(st["order"]) == len(st["seats"]):
        start_placement(st)


def has_foreign_neighbour(st: State, name: str, hex_id: str) -> bool:
    return any(st["buildings"].get(h, [name])[0] != name for h in direct_neighbours(st, hex_id))


def cmd_upgrade(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    hex_id, new = cmd["hex"], cmd["to"]
    if new == "SY":  # hook: Merchants of the Seas, the shipyard
        cmd_shipyard(st, name, hex_id, events)
        return
    if st["phase"] != "actions":
        raise RuleError("terra_mystica.not_now")
    t = require_active(st, name)
    b = st["buildings"].get(hex_id)
    if b is None or b[0] != name:
        raise RuleError("terra_mystica.not_yours", hex=hex_id)
    old = b[1]
    if (old, new) not in UPGRADES:
        raise RuleError("terra_mystica.bad_upgrade", hex=hex_id, have=old, want=new)
    fs = fstate(st, name)
    if fs["built"][new] >= BUILDING_LIMITS[new]:
        raise RuleError("terra_mystica.no_pieces", building=new)
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
            t["need"]["DARK_CONVERT"] = 1  # answered by one convert or -3CONVERT_W_TO_P
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
            if "distance" in fs:  # hook: Merchants, the Fakirs' stronghold moves the marker
                advance_distance(fs, mt_shipyard(name).get("sh_distance", 0))
        else:
            gain_basic(fs, {k: v})


def cmd_send(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    cult = cmd["cult"]
    if cult not in CULTS:
        raise RuleError("terra_mystica.unknown_cult", cult=cult)
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
            raise RuleError("terra_mystica.no_cult_space", cult=cult, n=want)
    if fs["P"] < 1:
        raise RuleError("terra_mystica.not_enough", resource="P", faction=name)
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
            raise RuleError("terra_mystica.cant_advance", track="ship")
        use_action(st, name, "advance", events)
        pay(st, name, {"P": 1, "C": 4})
        fs["ship"] += 1
        fs["VP"] += fd.ship["vp"].get(fs["ship"], 0)
    else:
        if not fd.dig or fs["dig"] >= fd.dig["max"]:
            raise RuleError("terra_mystica.cant_advance", track="dig")
        use_action(st, name, "advance", events)
        pay(st, name, fd.dig["cost"])
        fs["dig"] += 1
        fs["VP"] += 6
    fs["VP"] += scoring_vp(st, "SHIP_STEP")  # Merchants' scoring tile (0 in the base game)


def cmd_action(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    space = cmd["space"]
    fs = fstate(st, name)
    fd = FACTIONS[name]
    if space in MERCHANTS_ACTIONS:  # hook: Merchants of the Seas power actions
        merchants_power_action(st, name, space, events)
        return
    if space == SHIP_SPACE and "trades" in st:  # hook: Merchants, the shipyard's action
        cmd_ship_action(st, name, events)
        return
    check_slot(st, name, "action")
    if space in POWER_ACTIONS:
        if space in st["acts"]:
            raise RuleError("terra_mystica.action_taken", space=space)
        spec = POWER_ACTIONS[space]
        if fs["P3"] < spec["cost"]:
            raise RuleError("terra_mystica.not_enough", resource="PW", faction=name)
        use_action(st, name, "action", events)
        t = st["turn"]
        pay(st, name, {"PW": spec["cost"]})
        st["acts"][space] = name
        grant(st, name, spec["gain"], space)
        return
    if space == "ACTE":
        if not fd.bridge_action:
            raise RuleError("terra_mystica.no_action", space=space)
        use_action(st, name, "action", events)
        t = st["turn"]
        pay(st, name, {"W": 2})
        grant(st, name, {"BRIDGE": 1}, space)
        return
    if space in fs["used"]:
        raise RuleError("terra_mystica.action_taken", space=space)
    if space in BONUS:
        kind = BONUS[space].get("action") if fs["bonus"] == space else None
    elif space in FAVOR:
        kind = FAVOR[space].get("action") if space in fs["favors"] else None
    elif space in SH_ACTIONS:
        kind = "stronghold" if SH_ACTIONS[space] == name and fs["built"]["SH"] else None
    else:
        kind = None
    if kind is None:
        raise RuleError("terra_mystica.no_action", space=space)
    use_action(st, name, "action", events)
    t = st["turn"]
    fs["used"].append(space)
    t = st["turn"]
    if kind == "spade":
        grant(st, name, {"SPADE": 1}, space)
    elif kind == "cult":
        t["need"]["CULT"] = 1
    elif kind in BONUS_ACTION_NEEDS:  # hook: Merchants bonus tiles (place a ship, move ships)
        if kind == "ship":
            check_gain(st, name)
        t["need"][BONUS_ACTION_NEEDS[kind]] = 1
    elif kind == "stronghold":
        sh = fd.sh_action  # the faction table says what it does
        for k, v in sh.need.items():
            t["need"][k] = t["need"].get(k, 0) + v
        if sh.allow:
            t["allow"] = dict(sh.allow)
        if sh.spades:
            grant(st, name, {"SPADE": sh.spades}, space)
        t["actions"] += sh.actions


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
        raise RuleError("terra_mystica.no_bridge_pending")
    a, b = cmd["a"], cmd["b"]
    if frozenset((a, b)) not in board.of(st).BRIDGE_SPOTS:
        raise RuleError("terra_mystica.bad_bridge", a=a, b=b)
    if any({x, y} == {a, b} for x, y, _ in st["bridges"]):
        raise RuleError("terra_mystica.bad_bridge", a=a, b=b)
    fs = fstate(st, name)
    if fs["bridges"] >= 3:
        raise RuleError("terra_mystica.no_pieces", building="bridge")
    if not any(st["buildings"].get(h, [None])[0] == name for h in (a, b)):
        raise RuleError("terra_mystica.bridge_not_adjacent", a=a, b=b)
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
            raise RuleError("terra_mystica.pass_needs_bonus")
        if tile not in st["bonus_pool"]:
            raise RuleError("terra_mystica.bonus_unavailable", tile=tile)
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
    st.setdefault("pass_order", []).append(name)
    if st["next_start"] is None:
        st["next_start"] = name
    events.append(Event(key="terra_mystica.passed", params={"faction": name}))


def take_bonus(st: State, name: str, tile: str | None) -> None:
    if tile is None:
        raise RuleError("terra_mystica.pass_needs_bonus")
    if tile not in st["bonus_pool"]:
        raise RuleError("terra_mystica.bonus_unavailable", tile=tile)
    fs = fstate(st, name)
    fs["C"] += st["bonus_pool"].pop(tile)
    fs["bonus"] = tile


def pass_vp(st: State, name: str) -> int:
    fs = fstate(st, name)
    built = fs["built"]
    vp = 0
    if fs["bonus"]:
        per = {**built, "SHIP": fs["ship"]}  # BON10: per shipping level
        if "ships" in fs:  # hook: Merchants of the Seas, ships and shipyard
            per.update(pass_counts(fs))
        vp += sum(v * per[k] for k, v in BONUS[fs["bonus"]].get("pass_vp", {}).items())
    for t in fs["favors"]:
        table = FAVOR[t].get("pass_tp")
        if table:
            vp += table[built["TP"]]
    if "ships" in fs:  # hook: Merchants of the Seas, FAVM4
        vp += pass_trades_vp(fs)
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
        raise RuleError("terra_mystica.not_enough", resource="P2", faction=name)
    fs["P2"] -= 2 * n
    fs["P3"] += n
    count_free(st)


def count_free(st: State) -> None:
    """Free commands change what the turn can afford: the turn's decision key follows them."""
    st["turn"]["free"] = st["turn"].get("free", 0) + 1


def cmd_convert(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    require_active(st, name)
    fs = fstate(st, name)
    src, dst, n_src, n_dst = cmd["from"], cmd["to"], cmd["from_n"], cmd["to_n"]
    if (src, dst) == ("W", "P") and fs["dark_convert"] > 0:
        rate = 1
        if n_dst > fs["dark_convert"]:
            raise RuleError("terra_mystica.convert_limit", n=fs["dark_convert"])
        fs["dark_convert"] = 0  # one conversion, then the offer is gone
        st["turn"]["need"].pop("DARK_CONVERT", None)
    else:
        table = {**CONVERSIONS, **CONVERT_EXTRA.get(name, {})}
        if (src, dst) not in table:
            raise RuleError("terra_mystica.bad_convert", src=src, dst=dst)
        rate = table[(src, dst)]
    if n_src != rate * n_dst or n_dst <= 0:
        raise RuleError("terra_mystica.convert_ratio", n=n_dst, dst=dst, need=rate * n_dst, src=src)
    pay(st, name, {src: n_src})
    if dst == "P":
        if gain_priests(fs, n_dst) < n_dst:
            raise RuleError("terra_mystica.priest_limit")
    else:
        fs[dst] += n_dst
    for offer in st["offers"]:
        if offer["to"] == name:
            offer["marked"] = True
    count_free(st)


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
            raise RuleError("terra_mystica.gain_not_allowed", n=n, what=what)
        return
    # "-": decline a pending benefit, or a manual loss
    if what == "CONVERT_W_TO_P" and t and t["need"].get("DARK_CONVERT"):
        t["need"].pop("DARK_CONVERT")
        fstate(st, name)["dark_convert"] = 0
        return
    if what in ("SHIP", "MOVE") and "trades" in st:  # hook: Merchants, decline a ship/move
        decline_ship(st, name, what, n)
        return
    need_map = {"BRIDGE": "BRIDGE", "FREE_D": "FREE_D", "FREE_TP": "FREE_TP",
                "FREE_TF": "FREE_TF", "CULT": "CULT", "GAIN_FAVOR": "FAVOR", "GAIN_TW": "TOWN"}
    if what == "SPADE":
        if st["phase"] == "spades" and pend.get("SPADE"):
            pend["SPADE"] = max(0, pend["SPADE"] - n)
        elif t and t["spades"] >= n:
            if t["spades"] - n < t["dig_spades"]:
                raise RuleError("terra_mystica.dig_spades_unused", n=t["dig_spades"])
            t["spades"] -= n
        else:
            raise RuleError("terra_mystica.not_enough", resource="SPADE", faction=name)
    elif what in need_map:
        key = need_map[what]
        if t and t["need"].get(key):
            t["need"][key] = max(0, t["need"][key] - n)
        elif key == "CULT" and pend.get("CULT"):
            pend["CULT"] = max(0, pend["CULT"] - n)
        else:
            raise RuleError("terra_mystica.nothing_pending", what=what)
    elif what in CULTS:
        # stepping back is allowed only within 7..9 (a workaround the site permits)
        fs = fstate(st, name)
        if not 7 <= fs["cults"][what] - n or fs["cults"][what] > 9:
            raise RuleError("terra_mystica.cult_lose", cult=what)
        fs["cults"][what] -= n
    elif what in ("W", "C", "P", "VP"):
        fs = fstate(st, name)
        fs[what] = max(0, fs[what] - n)
    elif what == "PW":
        pay(st, name, {"PW": n})  # as the site does: spent from bowl III back to bowl I
    elif what in ("P1", "P2", "P3"):
        fs = fstate(st, name)
        if fs[what] < n:
            raise RuleError("terra_mystica.not_enough", resource=what, faction=name)
        fs[what] -= n  # tokens leave the game (a manual correction)
    else:
        raise RuleError("terra_mystica.gain_not_allowed", n=n, what=what)


def take_favor(st: State, name: str, tile: str, t: dict | None, events: list[Event]) -> None:
    if not t or not t["need"].get("FAVOR"):
        raise RuleError("terra_mystica.favor_not_allowed")
    fs = fstate(st, name)
    if tile in fs["favors"]:
        raise RuleError("terra_mystica.favor_twice", tile=tile)
    if "trades" in st:  # hook: Merchants of the Seas, one +1 tile per cult
        check_favor(st, name, tile)
    if st["favor_pool"].get(tile, 0) <= 0:
        raise RuleError("terra_mystica.tile_gone", tile=tile)
    st["favor_pool"][tile] -= 1
    t["need"]["FAVOR"] -= 1
    fs["favors"].append(tile)
    spec = FAVOR[tile]
    advance_cult(st, name, spec["cult"], spec["steps"])
    if spec.get("once"):  # hook: Merchants of the Seas, FAVM1's one-time choice
        t["need"]["FAVM1"] = t["need"].get("FAVM1", 0) + 1
    if spec.get("town_power"):
        check_towns(st, name, events)


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
    events.append(Event(key="terra_mystica.resigned", params={"faction": name}))


def cmd_noop(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    return None


def cmd_done(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    t = require_active(st, name)
    if t["taken"] == 0:
        raise RuleError("terra_mystica.must_act", faction=name)
    t["allow"] = {}  # what follows starts a new action (the last faction chaining turns)


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
        raise RuleError("terra_mystica.no_faction", seat=seat)
    handler = HANDLERS.get(kind or "") or MERCHANTS_HANDLERS.get(kind or "")  # hook
    if handler is None:
        raise RuleError("terra_mystica.unknown_command", text=str(kind))
    if st["phase"] == "over":
        raise RuleError("terra_mystica.game_over")
    handler(st, name, cmd, events)
