"""The running turn: paying, action slots and sub-actions, whose move it is."""

from __future__ import annotations

from typing import Any

from rules.core import Event, RuleError
from rules.terra_mystica.factions import FACTIONS
from rules.terra_mystica.flow import end_turn, next_player, turn_open
from rules.terra_mystica.leech import decline_all
from rules.terra_mystica.merchants.setup import skip_docks
from rules.terra_mystica.state import State
from rules.terra_mystica.tiles import SCORING


def fstate(st: State, name: str) -> dict[str, Any]:
    return st["factions"][name]


def pay(st: State, name: str, cost: dict[str, int]) -> None:
    fs = fstate(st, name)
    for k, v in cost.items():
        have = fs["P3"] if k == "PW" else fs[k]
        if have < v:
            raise RuleError("terra_mystica.not_enough", resource=k, faction=name)
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
        raise RuleError("terra_mystica.not_active", faction=name)
    return st["turn"]


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
            raise RuleError("terra_mystica.multiple_actions", faction=name)
    if t["spades"] > 0:
        raise RuleError("terra_mystica.spades_left", n=t["spades"])
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
            raise RuleError("terra_mystica.multiple_actions", faction=name)


def setup_step(st: State, name: str, kind: str) -> None:
    q = st["setup_queue"]
    if st["phase"] != "setup" or not q or q[0] != [kind, name]:
        raise RuleError("terra_mystica.setup_order", faction=name)
    q.pop(0)
    st["active"] = q[0][1] if q else None
    if kind == "dock":  # hook: Merchants of the Seas, a dock step with no riverside dwelling
        skip_docks(st)
