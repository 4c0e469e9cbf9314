"""Trades (seed L297-307, App. VI L544-589): what a ship's trader gets, the marker left
under the partner's building, and the partner's power offer."""

from __future__ import annotations

from typing import Any

from rules.core import Event, RuleError
from rules.terra_mystica.cults import CULTS, advance_cult
from rules.terra_mystica.merchants import tiles as mt
from rules.terra_mystica.merchants.ships import MOVE_SPACE, place_ship

State = dict[str, Any]
# Factions whose stronghold's trade spade others may not use on wasteland (seed L611).
GIANTS_SPADE_OWNERS = frozenset(f for f, e in mt.SHIPYARD.items() if e.get("sh_spade_no_waste"))
WASTELAND = "red"


def trade_vp(st: State, name: str, kind: str) -> int:
    """Extra VP per trade: FAVM2 (1 small / 2 large), BONM1 (1), the scoring tile (2)."""
    from rules.terra_mystica.turn import scoring_vp

    fs = st["factions"][name]
    vp = scoring_vp(st, "TRADE")
    size = "large" if kind in mt.LARGE else "small"
    vp += sum(
        mt.FAVOR[t]["trade_vp"][size]
        for t in fs["favors"]
        if t in mt.FAVOR and "trade_vp" in mt.FAVOR[t]
    )
    if fs["bonus"] in mt.BONUS and not fs["passed"]:
        vp += mt.BONUS[fs["bonus"]].get("trade_vp", 0)
    return vp


def _choice(kind: str, word: str | None) -> dict[str, Any]:
    """The trader's pick where the reward is 'one of' (TE, SA, SY): a cult name, PW, P,
    MOVE, or (shipyard) the river the ship goes back to."""
    spec = mt.TRADE[kind]
    if "choose" not in spec:
        if word:
            raise RuleError("terra_mystica.mots_trade_choice", building=kind, options="-")
        return {}
    w = (word or "").upper()
    options = {
        "TE": "PW/FIRE/WATER/EARTH/AIR",
        "SA": "P/FIRE/WATER/EARTH/AIR",
        "SY": "MOVE/r<river>",
    }[kind]
    if kind == "TE" and w == "PW":
        return {"PW": 3}
    if kind in ("TE", "SA") and w in CULTS:
        return {"CULT": (w, 1 if kind == "TE" else 2)}
    if kind == "SA" and w == "P":
        return {"P": 1}
    if kind == "SY" and w == "MOVE":
        return {"MOVE_AGAIN": 1}
    if kind == "SY" and w.startswith("R") and w[1:].isdigit():
        return {"SHIP_BACK": w.lower()}
    raise RuleError("terra_mystica.mots_trade_choice", building=kind, options=options)


def trade(st: State, name: str, hex_id: str, word: str | None, events: list[Event]) -> None:
    """One trade with the building on hex_id; the ship has already left the board."""
    from rules.terra_mystica.commands import grant
    from rules.terra_mystica.flow import gain_basic

    partner, kind = st["buildings"][hex_id]
    fs = st["factions"][name]
    gain = dict(mt.TRADE[kind]["gain"])
    picked = _choice(kind, word)
    if kind == "SH":
        gain["SPADE"] = mt.SHIPYARD[name].get("sh_trade_spades", 1)
    spades = gain.pop("SPADE", 0)
    gain["VP"] = gain.get("VP", 0) + trade_vp(st, name, kind)
    gain_basic(fs, gain)
    if "PW" in picked or "P" in picked:
        gain_basic(fs, picked)
    if "CULT" in picked:
        cult, steps = picked["CULT"]
        advance_cult(st, name, cult, steps)
    if "MOVE_AGAIN" in picked and MOVE_SPACE in fs["used"]:
        fs["used"].remove(MOVE_SPACE)
    if "SHIP_BACK" in picked:
        place_ship(st, name, picked["SHIP_BACK"])
    if spades:
        grant(st, name, {"SPADE": spades}, "trade")
        if partner in GIANTS_SPADE_OWNERS:  # seed L611: not on wasteland
            t = st["turn"]
            t["giants_spades"] = t.get("giants_spades", 0) + spades
    st["trades"].setdefault(hex_id, []).append(name)
    fs["markers"] -= 1
    offer_power(st, name, partner, kind, hex_id)
    events.append(
        Event(
            key="terra_mystica.mots_traded",
            params={"faction": name, "partner": partner, "hex": hex_id},
        )
    )


def offer_power(st: State, trader: str, partner: str, kind: str, hex_id: str) -> None:
    """The partner may take the building's power value for that less 1 in VP, as when
    leeching (seed L303); the Cultists' and Shapeshifters' reactions do not apply."""
    from rules.terra_mystica.factions import BUILDING_POWER
    from rules.terra_mystica.power import capacity

    to = st["factions"][partner]
    if to.get("dropped"):
        return
    amount = mt.SHIPYARD_POWER if kind == "SY" else BUILDING_POWER[kind]
    st["offer_seq"] += 1
    st["offers"].append(
        {
            "id": st["offer_seq"],
            "to": partner,
            "from": trader,
            "amount": amount,
            "marked": False,
            "actual": min(amount, capacity(to)),
            "trade": hex_id,
        }
    )


def giants_spade_bars(st: State, hex_id: str) -> bool:
    """Seed L611: a spade gained by trading with the Giants' stronghold may not be used on a
    wasteland space (the literal reading, see the README); while the action still holds one,
    no wasteland space takes its spades."""
    t = st["turn"]
    held = min(t.get("giants_spades", 0), t["spades"]) if t else 0
    return held > 0 and st["terrain"].get(hex_id) == WASTELAND


def spend_giants_spades(st: State, hex_id: str, n: int) -> None:
    """Check a transform of hex_id with n of the action's spades; the Giants' spades go
    first to a space that is not wasteland."""
    if giants_spade_bars(st, hex_id):
        raise RuleError("terra_mystica.mots_giants_spade", hex=hex_id)
    t = st["turn"]
    if t and t.get("giants_spades"):
        t["giants_spades"] = max(0, t["giants_spades"] - n)
