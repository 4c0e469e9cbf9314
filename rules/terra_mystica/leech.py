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
            # the offer's worth is fixed now (notation spec 5.1); only a later accepted
            # offer of the same receiver lowers it, to the room then left in its bowls
            st["offers"].append({"id": st["offer_seq"], "to": to, "from": builder,
                                 "amount": amounts[to], "marked": False,
                                 "actual": min(amounts[to], capacity(_fs(st, to)))})
            ids.append(st["offer_seq"])
            if offer_actual(st, st["offers"][-1]) > 0:
                live.append(st["offer_seq"])
    if FACTIONS[builder].leech_reaction and live:
        # ids: offers still open (others wait for them before taking a space 10);
        # live: offers worth power when made, not yet declined or emptied; rejected: declines
        st["leech_groups"].append({"builder": builder, "ids": ids, "live": live,
                                   "rejected": 0, "accepted": False})


def offer_actual(st: State, offer: dict[str, Any]) -> int:
    """The offer's worth as recorded when made (older saved states: computed now)."""
    if "actual" in offer:
        return offer["actual"]
    return min(offer["amount"], capacity(_fs(st, offer["to"])))


def offer_gain(st: State, offer: dict[str, Any], n: int | None = None) -> int:
    """What accepting gives now: the number written (the amount), at most VP + 1 (VP never
    drop below 0), and what the bowls can take at this moment (burns since the offer)."""
    fs = _fs(st, offer["to"])
    return min(offer["amount"] if n is None else n, fs["VP"] + 1, capacity(fs))


def resolve_offer(st: State, offer: dict[str, Any], accepted: bool,
                  events: list[Event], n: int | None = None) -> None:
    st["offers"].remove(offer)
    fs = _fs(st, offer["to"])
    got = 0
    if accepted:
        got = gain_power(fs, offer_gain(st, offer, n))
        fs["VP"] -= max(0, got - 1)
        events.append(Event(key="terra_mystica.leech", params={"faction": offer["to"], "power": got,
                                                    "from": offer["from"]}))
    for group in list(st["leech_groups"]):
        if offer["id"] not in group["ids"]:
            continue
        if accepted and offer_actual(st, offer) > 0 and not group["accepted"]:
            # the first taker of an offer worth power when made earns the Cultists their
            # step at once, as the site does, even if a burn since left less to gain
            group["accepted"] = True
            pend = st["pending"].setdefault(group["builder"], {})
            pend["CULT"] = pend.get("CULT", 0) + 1
        if not accepted:
            group["rejected"] = group.get("rejected", 0) + 1
            settle_live(st, group, offer["id"])
        group["ids"].remove(offer["id"])
        if not group["ids"]:
            st["leech_groups"].remove(group)
    if accepted:
        # the receiver's other offers shrink to the room left; emptied ones are answered for
        # the Cultists' count, but not declined
        room = capacity(fs)
        for other in st["offers"]:
            if other["to"] != offer["to"]:
                continue
            if room == 0 and offer_actual(st, other) > 0:
                for group in st["leech_groups"]:
                    if other["id"] in group["ids"]:
                        settle_live(st, group, other["id"])
            other["actual"] = min(offer_actual(st, other), room)


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
    raise RuleError("terra_mystica.invalid_leech", n=n, source=source or "")


def cmd_leech(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    try:
        offer = find_offer(st, name, cmd.get("n"), cmd.get("from"))
    except RuleError:
        if cmd.get("from") is not None or st["options"]["strict_leech"]:
            raise
        # spec 5.2 [verified]: without strict-leech an unmatched `leech N` still gives the
        # power (at the usual VP price) and leaves the open offers as they were
        fs = _fs(st, name)
        got = gain_power(fs, min(cmd["n"], fs["VP"] + 1))
        fs["VP"] -= max(0, got - 1)
        return
    if st["options"]["strict_leech"]:
        if offer["marked"]:
            raise RuleError("terra_mystica.leech_order")
        for other in st["offers"]:
            if other["to"] == name and other["id"] < offer["id"]:
                other["marked"] = True
    resolve_offer(st, offer, accepted=True, events=events, n=cmd.get("n"))


def cmd_decline(st: State, name: str, cmd: dict, events: list[Event]) -> None:
    if cmd.get("n") is None and cmd.get("from") is None:
        decline_all(st, name, events)
        return
    offer = find_offer(st, name, cmd.get("n"), cmd.get("from"))
    resolve_offer(st, offer, accepted=False, events=events)
