"""Power offers ("leech"): created on every build, answered out of turn; the Cultists' reaction."""

from __future__ import annotations

from typing import Any

from rules.core import Event, RuleError
from rules.terra_mystica.factions import BUILDING_POWER, FACTIONS
from rules.terra_mystica.power import capacity, gain_power
from rules.terra_mystica.state import State, direct_neighbours


def _fs(st: State, name: str) -> dict[str, Any]:
    return st["factions"][name]


def decline_all(st: State, name: str, events: list[Event]) -> None:
    for offer in [o for o in st["offers"] if o["to"] == name]:
        resolve_offer(st, offer, accepted=False, events=events)


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
    live = []
    for k in range(1, len(order)):
        to = order[(i + k) % len(order)]
        if to in amounts and not _fs(st, to).get("dropped"):
            st["offer_seq"] += 1
            st["offers"].append({"id": st["offer_seq"], "to": to, "from": builder,
                                 "amount": amounts[to], "marked": False})
            ids.append(st["offer_seq"])
            if offer_actual(st, st["offers"][-1]) > 0:
                live.append(st["offer_seq"])
    if FACTIONS[builder].leech_reaction and live:
        # ids: offers still open (others wait for them before taking a space 10);
        # live: offers worth power when made, not yet declined or emptied; rejected: declines
        st["leech_groups"].append({"builder": builder, "ids": ids, "live": live,
                                   "rejected": 0, "accepted": False})


def offer_actual(st: State, offer: dict[str, Any]) -> int:
    fs = _fs(st, offer["to"])
    return min(offer["amount"], capacity(fs), fs["VP"] + 1)


def resolve_offer(st: State, offer: dict[str, Any], accepted: bool,
                  events: list[Event]) -> None:
    st["offers"].remove(offer)
    fs = _fs(st, offer["to"])
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
        if got > 0 and not group["accepted"]:
            # the first taker earns the Cultists their step at once (as the site does)
            group["accepted"] = True
            pend = st["pending"].setdefault(group["builder"], {})
            pend["CULT"] = pend.get("CULT", 0) + 1
        if not accepted:
            group["rejected"] = group.get("rejected", 0) + 1
            settle_live(st, group, offer["id"])
        group["ids"].remove(offer["id"])
        if not group["ids"]:
            st["leech_groups"].remove(group)
    if accepted and capacity(fs) == 0:
        # Full bowls empty the receiver's other offers: answered, but not declined
        for other in st["offers"]:
            for group in st["leech_groups"]:
                if other["to"] == offer["to"] and other["id"] in group["ids"]:
                    settle_live(st, group, other["id"])


def settle_live(st: State, group: dict[str, Any], offer_id: int) -> None:
    """Cultists (seed, factions appendix; errata option): 1 power when every opponent
    refused. As the site counts it: once no offer that was worth power stays open, if
    nobody took power and at least one offer was declined (not merely emptied)."""
    live = group.setdefault("live", list(group["ids"]))
    if offer_id not in live:
        return
    live.remove(offer_id)
    if (not live and group.get("rejected", 0) and not group["accepted"]
            and st["options"]["errata_cultist_power"]):
        gain_power(_fs(st, group["builder"]), 1)


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
