"""The shipyard (seed L337-357): a riverside trading house upgraded, its one-time rewards,
and its special action (pay, gain 1 ship; once a round). Its income ship: ships.income_ships."""

from __future__ import annotations

from typing import Any

from rules.core import Event, RuleError
from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.merchants.setup import WAREHOUSE_FACTIONS
from rules.terra_mystica.merchants.ships import _board, check_gain

State = dict[str, Any]
SHIP_SPACE = "SYSHIP"  # the shipyard's "pay, gain a ship" action


def board_entry(name: str) -> dict[str, Any]:
    """The faction's shipyard board: its own entries over the default ones."""
    from rules.terra_mystica.factions import FACTIONS

    fd = FACTIONS[name]
    entry = {**mt.SHIPYARD_DEFAULT, "cost": fd.costs["SH"], "ship_cost": fd.costs["D"]}
    return {**entry, **mt.SHIPYARD[name]}


def cmd_shipyard(st: State, name: str, hex_id: str, events: list[Event]) -> None:
    """`upgrade HEX to SY`: an own riverside trading house becomes the shipyard."""
    from rules.terra_mystica.factions import FACTIONS
    from rules.terra_mystica.leech import create_offers
    from rules.terra_mystica.towns import check_towns, gain_shipping
    from rules.terra_mystica.turn import pay, require_active, scoring_vp, use_action

    if "trades" not in st:
        raise RuleError("terra_mystica.unknown_building", word="SY")
    require_active(st, name)
    fs = st["factions"][name]
    b = st["buildings"].get(hex_id)
    if b is None or b[0] != name:
        raise RuleError("terra_mystica.not_yours", hex=hex_id)
    if b[1] != "TP":
        raise RuleError("terra_mystica.bad_upgrade", hex=hex_id, have=b[1], want="SY")
    if fs["shipyard"]:
        raise RuleError("terra_mystica.no_pieces", building="SY")
    if not _board(st).SHORE[hex_id] and name not in WAREHOUSE_FACTIONS:  # market: any TP
        raise RuleError("terra_mystica.mots_shipyard_river", hex=hex_id)
    entry = board_entry(name)
    use_action(st, name, "upgrade", events)
    pay(st, name, entry["cost"])
    fs["built"]["TP"] -= 1
    st["buildings"][hex_id] = [name, "SY"]
    fs["shipyard"] = hex_id
    fs["shipyard_round"] = st["round"]  # its income ship comes from the next round on
    fs["VP"] += scoring_vp(st, "SY")
    need = st["turn"]["need"]
    for k, v in entry["reward"].items():
        if k == "SHIP":
            before = fs["ship"]
            gain_shipping(fs, FACTIONS[name], v)
            fs["VP"] += scoring_vp(st, "SHIP_STEP") * (fs["ship"] - before)
        elif k == "SHIPS" and len(fs["ships"]) < mt.SHIPS:
            need["SHIP_SY"] = need.get("SHIP_SY", 0) + v  # next to the shipyard (seed L349)
        elif k == "CULT":
            need["CULT"] = need.get("CULT", 0) + v
    create_offers(st, name, hex_id)
    check_towns(st, name, events)


def cmd_ship_action(st: State, name: str, events: list[Event]) -> None:
    """`action SYSHIP`: the shipyard's special action, once a round, then `ship RIVER`."""
    from rules.terra_mystica.turn import check_slot, pay, use_action

    fs = st["factions"][name]
    if not fs["shipyard"]:
        raise RuleError("terra_mystica.no_action", space=SHIP_SPACE)
    if SHIP_SPACE in fs["used"]:
        raise RuleError("terra_mystica.action_taken", space=SHIP_SPACE)
    check_slot(st, name, "action")
    check_gain(st, name)
    use_action(st, name, "action", events)
    pay(st, name, board_entry(name)["ship_cost"])
    fs["used"].append(SHIP_SPACE)
    need = st["turn"]["need"]
    need["SHIP"] = need.get("SHIP", 0) + 1
