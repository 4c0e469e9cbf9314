"""Terra Mystica standing leech preferences: answer power offers without asking.

A preference is kept per seat in the game's settings ("tm_leech.<seat>" -> pref: one key per
seat, so two players saving at once from two processes cannot overwrite each other), so it
survives restarts; the table service applies it as soon as an offer opens.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal, get_args

from rules.core import Choice, Decision
from storage.base import GameRecord

LeechPref = Literal["ask", "accept1", "free", "never_pay", "always", "never"]
LEECH_PREFS: tuple[str, ...] = get_args(LeechPref)
SETTINGS_KEY = "tm_leech"
DEFAULT_PREF = "ask"

# pref -> (offer params -> True accept / False decline / None ask). Params come from the
# engine's leech decision: amount (offered), actual (what fits the bowls), vp_cost.
PREF_RULES: dict[str, Callable[[dict[str, Any]], bool | None]] = {
    "ask": lambda offer: None,
    "accept1": lambda offer: True if offer["actual"] == 1 else None,
    "free": lambda offer: True if offer["vp_cost"] == 0 else None,
    "never_pay": lambda offer: False if offer["vp_cost"] > 0 else None,
    "always": lambda offer: True,
    "never": lambda offer: False,
}


def settings_key(seat: int) -> str:
    return f"{SETTINGS_KEY}.{seat}"


def seat_prefs(settings: dict[str, Any]) -> dict[int, str]:
    prefix = SETTINGS_KEY + "."
    return {
        int(key[len(prefix) :]): pref
        for key, pref in settings.items()
        if key.startswith(prefix) and key[len(prefix) :].isdigit() and pref in PREF_RULES
    }


def answer(pref: str, decision: Decision) -> Choice | None:
    """The choice a preference picks for a leech decision, or None to ask the player."""
    if decision.kind != "leech" or not decision.choices:
        return None
    verdict = PREF_RULES.get(pref, PREF_RULES[DEFAULT_PREF])(decision.params)
    if verdict is None:
        return None
    wanted = "leech" if verdict else "decline"
    return next((c for c in decision.choices if c.action.get("type") == wanted), None)


def only_decline(decision: Decision) -> Choice | None:
    """The decline of an offer that can only be declined (nothing to gain any more): it is
    answered without asking, whatever the seat's preference."""
    choices = decision.choices or []
    if decision.kind == "leech" and choices and all(
            c.action.get("type") == "decline" for c in choices):
        return choices[0]
    return None


def auto_leech(
    record: GameRecord, decisions: Callable[[], list[Decision]]
) -> list[tuple[Decision, Choice]]:
    """Every open leech decision a seat's standing preference answers, and every offer
    that can only be declined."""
    prefs = seat_prefs(record.settings)
    out = []
    for decision in decisions():
        choice = only_decline(decision) or answer(prefs.get(decision.seat, DEFAULT_PREF),
                                                  decision)
        if choice is not None:
            out.append((decision, choice))
    return out
