"""Cult tracks: priest spaces, power bonuses on the way up, the key rule for space 10."""

from __future__ import annotations

from typing import Any

from rules.core import RuleError
from rules.terra_mystica.factions import FACTIONS
from rules.terra_mystica.power import gain_power

State = dict[str, Any]

CULTS: tuple[str, ...] = ("FIRE", "WATER", "EARTH", "AIR")
# Steps granted by the four priest spaces under each track, in the order they fill.
PRIEST_SPACES: tuple[int, ...] = (3, 2, 2, 2)
# Power gained once when a marker reaches or passes these spaces.
POWER_AT: dict[int, int] = {3: 1, 5: 2, 7: 2, 10: 3}
FINAL_VP: tuple[int, ...] = (8, 4, 2)
TOP = 10


def keys_free(fs: dict[str, Any]) -> int:
    """Keys not yet spent on reaching a space 10."""
    return fs["keys"] - sum(1 for c in CULTS if fs["cults"][c] == TOP)


def cult_target(factions: dict[str, dict], name: str, cult: str, steps: int) -> int:
    """Where `steps` steps take `name` on `cult`: 10 needs a free key and a free top space."""
    fs = factions[name]
    cur = fs["cults"][cult]
    target = min(cur + steps, TOP)
    if target == TOP and cur < TOP:
        taken = any(o["cults"][cult] == TOP for n, o in factions.items() if n != name)
        if taken or keys_free(fs) <= 0:
            target = TOP - 1
    return max(target, cur)


def power_between(old: int, new: int) -> int:
    return sum(v for k, v in POWER_AT.items() if old < k <= new)


def rank_shares(values: dict[str, int], prizes: tuple[int, ...]) -> dict[str, int]:
    """Split place prizes; tied players share the sum of the places they cover, rounded down.

    Entries with value 0 score nothing.
    """
    ranked = sorted((v, n) for n, v in values.items() if v > 0)
    ranked.reverse()
    out: dict[str, int] = {}
    place = 0
    i = 0
    while i < len(ranked) and place < len(prizes):
        v = ranked[i][0]
        group = [n for val, n in ranked if val == v]
        pot = sum(prizes[place:place + len(group)])
        for n in group:
            out[n] = pot // len(group)
        place += len(group)
        i += len(group)
    return out


# ---------------------------------------------------------------------------
# Moving markers (state-changing)


def must_wait_for_cultists(st: State, name: str, cult: str) -> bool:
    """Space 10 waits while the Cultists' pending steps could still take them there."""
    for other, ofs in st["factions"].items():
        if other == name or not FACTIONS[other].leech_reaction or keys_free(ofs) <= 0:
            continue
        steps = st["pending"].get(other, {}).get("CULT", 0) + sum(
            1 for g in st["leech_groups"] if g["builder"] == other and not g["accepted"])
        if steps and ofs["cults"][cult] + steps >= TOP:
            return True
    return False


def advance_cult(st: State, name: str, cult: str, steps: int) -> int:
    fs = st["factions"][name]
    old = fs["cults"][cult]
    new = cult_target(st["factions"], name, cult, steps)
    if new == TOP > old and must_wait_for_cultists(st, name, cult):
        raise RuleError("terra_mystica.wait_for_cultists", cult=cult)
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
        if st["factions"][name]["cults"][cult] == TOP - 1:
            advance_cult(st, name, cult, 1)


def take_cult(st: State, name: str, cult: str, n: int, t: dict | None, pend: dict) -> None:
    if t and t["need"].get("CULT", 0) >= n:
        if t["cult_track"] not in (None, cult):
            raise RuleError("terra_mystica.cult_same_track")
        t["cult_track"] = cult
        t["need"]["CULT"] -= n
    elif pend.get("CULT", 0) >= n:
        pend["CULT"] -= n
    else:
        raise RuleError("terra_mystica.gain_not_allowed", n=n, what=cult)
    advance_cult(st, name, cult, n)
