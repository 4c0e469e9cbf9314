"""A character's turn as a small stage machine: reveal, gather, keep, bribe, and the main
part's menu of abilities, builds and district actions (what they do is in effects.py)."""

from __future__ import annotations

from typing import Any

from rules.citadels import abilities, building, effects, flow
from rules.citadels.characters import CHARACTER
from rules.citadels.table import Ctx
from rules.core import RuleError

Action = dict[str, Any]
MAX_CHOICES = 25
# verbs whose choices name cards in the actor's hand: offered in a private sub-menu
HAND_VERBS = ("build", "lab", "museum", "discard")


def new_turn(seat: int, char: str, mode: str) -> dict[str, Any]:
    return {"seat": seat, "char": char, "mode": mode, "stage": "gather", "gathered": False,
            "income": False, "ability": False, "builds": 0, "paid_first": False, "paid": 0,
            "used": [], "beautified": 0, "crown_given": False, "tithe": False, "menu": None,
            "sub": None}


def begin_turn(cx: Ctx, char: str, holder: int) -> None:
    st, rs = cx.st, cx.rs
    info = st["chars"][char]
    info["status"] = "revealed"
    info["seat"] = holder
    cx.seat(holder)["revealed"].append(char)
    cx.ev("ev.reveal", reveal=True, character=char, s=holder)
    mode = "bewitched" if char == rs["bewitched"] else (
        "witch_first" if char == "witch" else "normal")
    if rs["robbed"] == char and cx.opts["thief_before_gather"]:
        rob(cx, holder)
    if CHARACTER[char].crown == "take":
        flow.give_crown(cx, holder, "ev.crown_taken")
    st["turn"] = new_turn(holder, char, mode)


def rob(cx: Ctx, victim: int) -> None:
    thief = cx.rs["thief_seat"]
    amount = cx.transfer(victim, thief, cx.seat(victim)["gold"])
    cx.rs["robbed"] = None
    cx.ev("ev.robbed" if amount else "ev.robbed_none", s=thief, target=victim, amount=amount)


def queen(cx: Ctx, seat: int) -> None:
    four = next(c for c in cx.st["cast"] if CHARACTER[c].rank == 4)
    info = cx.st["chars"][four]
    if info["status"] == "revealed" and info["seat"] is not None and four != cx.rs["killed"]:
        if info["seat"] in ((seat - 1) % cx.n, (seat + 1) % cx.n) and info["seat"] != seat:
            cx.gain(seat, 3)
            cx.ev("ev.queen", s=seat, amount=3)


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
        cx.ev("ev.gather_gold", s=seat, amount=amount)
        after_gather(cx)
        return
    n = 3 if cx.has(seat, "observatory") else 2
    cards = cx.draw(n)
    if cx.has(seat, "library") or len(cards) <= 1:
        cx.hand(seat).extend(cards)
        cx.sync_hand(seat)
        cx.ev("ev.gather_one" if len(cards) == 1 else "ev.gather_cards", s=seat,
              drawn=len(cards), kept=len(cards))
        cx.ev("ev.drew_cards", seat=seat, reveal=True, s=seat, cards=cards)
        after_gather(cx)
        return
    cx.seat(seat)["secret"]["drawn"] = cards
    cx.ev("ev.gather_cards", s=seat, drawn=len(cards), kept=1)
    cx.ev("ev.drew_cards", seat=seat, reveal=True, s=seat, cards=cards)
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
    cx.ev("ev.kept", seat=seat, card=card)
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
        cx.ev("ev.bewitched_turn_ends", s=seat, character=char)
        witch = rs["witch_seat"]
        rs["witch_paused"] = False
        cx.st["turn"] = new_turn(witch, char, "witch")
        cx.turn["gathered"] = True
        cx.turn["stage"] = "main"
        cx.ev("ev.witch_resumes", s=witch, character=char)
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
def main_actions(cx: Ctx) -> list[Action]:
    t = cx.turn
    if t["mode"] == "witch_first":
        return [{"type": "bewitch", "character": c}
                for c in abilities.char_targets(cx, strict=False)]
    out = abilities.ability_actions(cx)
    out += building.build_actions(cx)
    out += abilities.district_actions(cx)
    if not (t["char"] == "emperor" and not t["crown_given"]):
        out.append({"type": "end"})
    return out


def menu_view(cx: Ctx, full: list[Action]) -> tuple[list[Action], bool]:
    """The choices shown now: the full list folded into sub-menus so that no decision
    offers more than 25 choices and the public menu never names cards in hand."""
    menu = cx.turn["menu"]
    if menu is None:
        shown: list[Action] = []
        verbs: dict[str, list[Action]] = {}
        for a in full:
            verbs.setdefault(a["type"], []).append(a)
        t = cx.turn
        if "build" not in verbs and cx.seat(t["seat"])["hand_count"] and t["mode"] in (
                "normal", "witch") and CHARACTER[t["char"]].build_limit:
            # offered whenever building could be possible, so the menu says nothing of the hand
            verbs["build"] = []
        loose = sum(len(items) for verb, items in verbs.items() if verb not in HAND_VERBS)
        fold = loose + sum(1 for verb in verbs if verb in HAND_VERBS) > MAX_CHOICES
        for verb, items in verbs.items():
            if verb in HAND_VERBS or (fold and len(items) > 1):
                shown.append({"type": "open", "verb": verb})
            else:
                shown.extend(items)
        return shown, False
    verb = menu["verb"]
    items = [a for a in full if a["type"] == verb and all(
        a.get(k) == v for k, v in menu.items() if k != "verb")]
    if len(items) >= MAX_CHOICES:
        for key in ("seat", "card"):
            if key in menu or key not in items[0]:
                continue
            keys = sorted({a[key] for a in items})
            items = [{"type": "open", **menu, key: k} for k in keys]
            break
    return items + [{"type": "back"}], verb in HAND_VERBS


def apply_main(cx: Ctx, a: Action, p: Any) -> None:
    """Apply a main-part action; `p` is the prompt of the state before (its lists)."""
    t = cx.turn
    kind = a["type"]
    if kind == "open":
        if a not in p.actions:
            raise RuleError("err.illegal")
        t["menu"] = {k: v for k, v in a.items() if k != "type"}
        return
    if kind == "back":
        if t["menu"] is None:
            raise RuleError("err.illegal")
        t["menu"] = None
        return
    # a paid action typed or logged without its price: the price of now (abilities.PRICED)
    a = abilities.as_listed(abilities.with_price(cx, t["seat"], a), p.full)
    if a not in p.full:
        raise RuleError("err.illegal")
    t["menu"] = None
    if t["beautified"] and kind != "beautify" and not cx.opts["artist_split"]:
        t["beautified"] = 2
    effects.EFFECTS[kind](cx, a)
