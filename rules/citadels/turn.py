"""A character's turn: gathering (gold or cards, the card kept), the answer to a threat,
and the main part's legal moves (what each does is in effects.py; the stages that ask for
them are the table in stages.py)."""

from __future__ import annotations

from typing import Any

from rules.citadels import abilities, building
from rules.citadels.characters import CHARACTER
from rules.citadels.flow import new_turn, queen, rob
from rules.citadels.table import Ctx

Action = dict[str, Any]
END: Action = {"type": "end"}


# -- gathering ----------------------------------------------------------------------
def gather_gold(cx: Ctx, seat: int) -> int:
    return 2 + (1 if cx.has(seat, "gold_mine") else 0)


def gather_draw(cx: Ctx, seat: int) -> tuple[int, int]:
    """Cards drawn and kept when gathering cards: 3 with the Observatory, all with the
    Library (a deck shorter than that gives what it has)."""
    n = min(3 if cx.has(seat, "observatory") else 2, cx.st["deck_count"])
    return n, n if cx.has(seat, "library") or n <= 1 else 1


def gather(cx: Ctx, what: str) -> None:
    t = cx.turn
    seat = t["seat"]
    t["gathered"] = True
    if what == "gold":
        amount = gather_gold(cx, seat)
        cx.gain(seat, amount)
        cx.ev("citadels.ev.gather_gold", s=seat, amount=amount)
        after_gather(cx)
        return
    n = 3 if cx.has(seat, "observatory") else 2
    cards = cx.draw(n)
    if cx.has(seat, "library") or len(cards) <= 1:
        cx.hand(seat).extend(cards)
        cx.sync_hand(seat)
        cx.ev("citadels.ev.gather_one" if len(cards) == 1 else "citadels.ev.gather_cards", s=seat,
              drawn=len(cards), kept=len(cards))
        cx.ev("citadels.ev.drew_cards", seat=seat, reveal=True, s=seat, cards=cards)
        after_gather(cx)
        return
    cx.seat(seat)["secret"]["drawn"] = cards
    cx.ev("citadels.ev.gather_cards", s=seat, drawn=len(cards), kept=1)
    cx.ev("citadels.ev.drew_cards", seat=seat, reveal=True, s=seat, cards=cards)
    t["stage"] = "keep"
    t["sub"] = {"then": "gather"}


def keep(cx: Ctx, card: str) -> None:
    t = cx.turn
    seat = t["seat"]
    sec = cx.seat(seat)["secret"]
    drawn = sec["drawn"]
    drawn.remove(card)
    sec["drawn"] = None
    cx.hand(seat).append(card)
    cx.sync_hand(seat)
    cx.ev("citadels.ev.kept", seat=seat, card=card)
    then = t["sub"]["then"]
    t["sub"] = None
    if then == "scholar":
        cx.shuffle_into_deck(drawn)
        t["stage"] = "main"
    else:
        cx.to_bottom(drawn)
        after_gather(cx)


def after_gather(cx: Ctx) -> None:
    t, rs = cx.turn, cx.rs
    char, seat = t["char"], t["seat"]
    if t["mode"] == "bewitched":
        # the bewitched holder only gathers; the Witch now plays this character
        cx.ev("citadels.ev.bewitched_turn_ends", s=seat, character=char)
        witch = rs["witch_seat"]
        rs["witch_paused"] = False
        cx.st["turn"] = new_turn(witch, char, "witch")
        cx.turn["gathered"] = True
        cx.turn["stage"] = "main"
        cx.ev("citadels.ev.witch_resumes", s=witch, character=char)
        if char == "queen":
            queen(cx, witch if cx.opts["witch_queen_own_seat"] else seat)
        return
    if rs["robbed"] == char:
        rob(cx, seat)
    if char in rs["threats"] and char not in rs["resolved"]:
        t["stage"] = "bribe"
        return
    enter_main(cx)


def enter_main(cx: Ctx) -> None:
    """The turn's main part begins: resources gathered, a threat answered. The Queen's gold
    is her ability, so it comes now (gather first; a threat before any ability)."""
    t = cx.turn
    t["stage"] = "main"
    if t["char"] == "queen" and t["mode"] == "normal":
        queen(cx, t["seat"])


# -- the main part --------------------------------------------------------------------
def may_end(cx: Ctx) -> bool:
    """The Emperor gives the crown before his turn may end."""
    t = cx.turn
    return not (t["char"] == "emperor" and not t["crown_given"])


def may_build(cx: Ctx) -> bool:
    """Building could be possible in this turn (whatever the hand holds): the build group is
    offered then, even empty, so that its presence says nothing of the hand."""
    t = cx.turn
    return bool(cx.seat(t["seat"])["hand_count"]) and t["mode"] in ("normal", "witch") and (
        bool(CHARACTER[t["char"]].build_limit))


def main_actions(cx: Ctx) -> list[Action]:
    """Every legal move of the main part, however many (the bot pages them)."""
    out = abilities.ability_actions(cx)
    out += building.build_actions(cx)
    out += abilities.district_actions(cx)
    if may_end(cx):
        out.append(END)
    return out


# The main part's moves by what they are, for checking one move without listing them all:
# each action type comes from exactly one of these lists.
DISTRICT_VERBS = frozenset({"lab", "museum", "smithy", "armory"})


def main_listed(cx: Ctx, a: Action) -> list[Action]:
    """The legal main-part moves of `a`'s type (a subset of main_actions)."""
    kind = a.get("type")
    if kind == "build":
        return building.build_actions(cx)
    if kind in DISTRICT_VERBS:
        return abilities.district_actions(cx)
    if kind == "end":
        return [END] if may_end(cx) else []
    return abilities.ability_actions(cx)
