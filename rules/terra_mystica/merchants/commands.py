"""Merchants of the Seas commands: the dock, placing a gained ship, moving ships (with their
trades), and the expansion's power actions."""

from __future__ import annotations

from rules.core import Event, RuleError
from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.merchants.favors import cmd_favm1
from rules.terra_mystica.merchants.setup import State, place_dock
from rules.terra_mystica.merchants.ships import (
    MOVE_SPACE,
    PAY,
    apply_moves,
    check_gain,
    mark_ship_payment,
    place_ship,
    placed_pending,
)
from rules.terra_mystica.merchants.trade import trade


def require_merchants(st: State, kind: str) -> None:
    if "trades" not in st:
        raise RuleError("terra_mystica.unknown_command", text=kind)


def cmd_dock(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    """Setup: the dock on a riverside dwelling, the warehouse on any dwelling (seed L237, L393)."""
    from rules.terra_mystica.turn import setup_step

    require_merchants(st, "dock")
    hex_id = cmd["hex"]
    q = st["setup_queue"]
    if st["phase"] != "setup" or not q or q[0] != ["dock", name]:
        raise RuleError("terra_mystica.setup_order", faction=name)
    place_dock(st, name, hex_id)
    setup_step(st, name, "dock")


def cmd_ship(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    """Place a ship the running action gained (power action ACTM2)."""
    from rules.terra_mystica.turn import require_active

    require_merchants(st, "ship")
    pend = st["pending"].get(name, {})
    t = st["turn"] if st["turn"] and st["turn"]["faction"] == name else None
    if pend.get("SHIP") and not (t and (t["need"].get("SHIP") or t["need"].get("SHIP_SY"))):
        place_ship(st, name, cmd["hex"])  # an income ship, placed out of turn
        placed_pending(pend)
        return
    t = require_active(st, name)
    if t["need"].get("SHIP_SY"):  # the shipyard's reward ship goes next to it (seed L349)
        place_ship(st, name, cmd["hex"], shipyard_only=True)
        t["need"]["SHIP_SY"] -= 1
        return
    if not t["need"].get("SHIP"):
        raise RuleError("terra_mystica.mots_no_ship_gained", faction=name)
    place_ship(st, name, cmd["hex"])
    t["need"]["SHIP"] -= 1


def cmd_move(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    """Move ships: with a pending move (ACTM1), else the shipyard board's action, once a
    round (seed L295); then the trades, in the order written (seed L305)."""
    from rules.terra_mystica.turn import check_slot, require_active, use_action

    require_merchants(st, "move")
    t = require_active(st, name)
    fs = st["factions"][name]
    if t["need"].get("MOVE"):
        t["need"]["MOVE"] -= 1
    else:
        if MOVE_SPACE in fs["used"]:
            raise RuleError("terra_mystica.action_taken", space=MOVE_SPACE)
        check_slot(st, name, "action")
        use_action(st, name, "action", events)
        fs["used"].append(MOVE_SPACE)
    for hex_id in apply_moves(st, name, cmd["paths"], events):
        trade(st, name, hex_id, cmd.get("picks", {}).get(hex_id), events)


def cmd_build_ship(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    """`build HEX by RIVER`: a dwelling paid with the ship next to it (seed L317)."""
    from rules.terra_mystica.terraform import cmd_build
    from rules.terra_mystica.turn import require_active

    require_merchants(st, "build")
    require_active(st, name)
    mark_ship_payment(st, name, cmd["hex"], cmd["ship"])
    cmd_build(st, name, {"type": "build", "hex": cmd["hex"]}, events)
    st.pop(PAY, None)


def power_action(st: State, name: str, space: str, events: list[Event]) -> None:
    """The expansion board's power actions (seed L442-454), once a round each."""
    from rules.terra_mystica.turn import check_slot, pay, use_action

    require_merchants(st, space)
    check_slot(st, name, "action")
    if space in st["acts"]:
        raise RuleError("terra_mystica.action_taken", space=space)
    spec = mt.POWER_ACTIONS[space]
    fs = st["factions"][name]
    if fs["P3"] < spec["cost"]:
        raise RuleError("terra_mystica.not_enough", resource="PW", faction=name)
    if "SHIPS" in spec["gain"]:
        check_gain(st, name)  # refused before paying: no dock, or 3 ships out
    use_action(st, name, "action", events)
    pay(st, name, {"PW": spec["cost"], **spec.get("pay", {})})
    st["acts"][space] = name
    need = st["turn"]["need"]
    for key, want in (("MOVE", "MOVE"), ("SHIPS", "SHIP"), ("FAVOR", "FAVOR")):
        if key in spec["gain"]:
            need[want] = need.get(want, 0) + spec["gain"][key]  # Chaos Magicians too: 1 favor


HANDLERS = {
    "favm1": cmd_favm1,
    "dock": cmd_dock,
    "ship": cmd_ship,
    "move": cmd_move,
    "build_ship": cmd_build_ship,
}
