"""Building: what may be built now, the ways to pay (gold, Framework, Necropolis, Thieves'
Den cards, the Cardinal's loan), the Magistrate's warrant check, tax and completion."""

from __future__ import annotations

from typing import Any

from rules.citadels.characters import CHARACTER
from rules.citadels.districts import DISTRICT
from rules.citadels.table import Ctx, district_name
from rules.core import RuleError

Action = dict[str, Any]


def build_cost(cx: Ctx, seat: int, card: str) -> int:
    d = DISTRICT[card]
    if d.type == "unique" and card != "factory" and cx.has(seat, "factory"):
        return max(0, d.cost - 1)
    return d.cost


def counts_toward_limit(char: str, card: str) -> bool:
    return not ((char == "trader" and DISTRICT[card].type == "trade") or card == "stables")


def may_place(cx: Ctx, seat: int, card: str, dupes: bool,
              ids: set[str] | None = None) -> bool:
    """The district itself may enter this city by building (name, Monument, Vault)."""
    if not DISTRICT[card].buildable:
        return False
    if ids is None:
        ids = {d["id"] for d in cx.city(seat)}
    if card in ids and not (dupes or "quarry" in ids):
        return False
    return not (card == "monument" and len(cx.city(seat)) >= 5)


def build_actions(cx: Ctx) -> list[Action]:
    t = cx.turn
    seat, char = t["seat"], t["char"]
    limit = CHARACTER[char].build_limit
    if limit == 0 or t["mode"] not in ("normal", "witch"):
        return []
    gold = cx.seat(seat)["gold"]
    hand = cx.hand(seat)
    ids = {d["id"] for d in cx.city(seat)}
    factory = "factory" in ids
    out: list[Action] = []
    for card in sorted(set(hand)):
        if counts_toward_limit(char, card) and t["builds"] >= limit:
            continue
        if not may_place(cx, seat, card, char == "wizard", ids):
            continue
        d = DISTRICT[card]
        cost = d.cost - 1 if factory and d.type == "unique" and card != "factory" else d.cost
        if gold >= cost:
            out.append({"type": "build", "card": card})
        if card == "thieves_den":
            others = len(hand) - 1
            for k in range(1, min(cost, others) + 1):
                if gold >= cost - k:
                    out.append({"type": "build", "card": card, "cards": k})
        if "framework" in ids and card != "framework":
            out.append({"type": "build", "card": card, "via": "framework"})
        if card == "necropolis":
            for via in sorted(ids):
                out.append({"type": "build", "card": card, "via": via})
        if char == "cardinal" and gold < cost and not t["ability"]:
            short = cost - gold
            spare = len(hand) - 1 if cx.opts["cardinal_needs_cards"] else 10**6
            if spare >= short:
                for s in range(cx.n):
                    if s != seat and cx.seat(s)["gold"] >= short:
                        out.append({"type": "build", "card": card, "from": s})
    return out


def start_build(cx: Ctx, a: Action) -> None:
    t = cx.turn
    seat, card = t["seat"], a["card"]
    cx.take_from_hand(seat, card)
    cost = build_cost(cx, seat, card)
    if "cards" in a:
        cx.seat(seat)["secret"]["pending"].append(card)
        t["stage"] = "den_pay"
        t["sub"] = {"left": a["cards"], "gold": cost - a["cards"]}
        return
    if "from" in a:
        short = cost - cx.seat(seat)["gold"]
        cx.transfer(a["from"], seat, short)
        cx.ev("citadels.ev.cardinal_takes", s=seat, target=a["from"], amount=short)
        t["ability"] = True
        cx.seat(seat)["secret"]["pending"].append(card)
        t["stage"] = "cardinal_give"
        t["sub"] = {"to": a["from"], "left": min(short, len(cx.hand(seat))), "gold": cost}
        if t["sub"]["left"] == 0:
            cx.seat(seat)["secret"]["pending"].remove(card)
            t["stage"], t["sub"] = "main", None
            place(cx, seat, card, gold=cost, counts=True)
        return
    via = a.get("via")
    if via == "framework":
        cx.destroy(seat, "framework")
        place(cx, seat, card, gold=0, counts=True, via=via)
    elif via is not None:
        cx.destroy(seat, via)
        place(cx, seat, card, gold=0, counts=True, via=via)
    else:
        place(cx, seat, card, gold=cost, counts=True)


def place(cx: Ctx, seat: int, card: str, gold: int, counts: bool, via: str | None = None,
          cards: int = 0, immediate: bool = False) -> None:
    """Pay and put the card in the city, then let the Magistrate answer if a warrant
    could apply; finish_build() completes it."""
    t = cx.turn
    if gold:
        cx.pay(seat, gold)
    cx.add_district(seat, card)
    t["paid"] += gold
    if counts and counts_toward_limit(t["char"], card):
        t["builds"] += 1
    # a card from a hidden hand is now public
    cx.ev("citadels.ev.built", reveal=True, s=seat, card=card, gold=gold, cards=cards, via=via)
    rs = cx.rs
    first_paid = gold > 0 and not t["paid_first"] and (
        not immediate or cx.opts["wizard_build_confiscatable"])
    if first_paid:
        t["paid_first"] = True
    if first_paid and t["char"] in rs["warrants"] and rs["magistrate_seat"] is not None and (
            rs["magistrate_seat"] != seat):
        # every warranted first paid build is paused, signed or not, so nothing leaks
        t["resume"] = t["stage"]
        t["stage"] = "confiscate"
        t["sub"] = {"card": card, "gold": gold}
        return
    finish_build(cx, seat, card)


def finish_build(cx: Ctx, seat: int, card: str) -> None:
    pay_tax(cx, seat, is_builder_turn=True)
    cx.check_complete(seat)


def pay_tax(cx: Ctx, seat: int, is_builder_turn: bool) -> None:
    if "tax_collector" not in cx.st["cast"] or cx.seat(seat)["gold"] <= 0:
        return
    t = cx.turn
    if is_builder_turn and t["char"] == "tax_collector" and (
            t["mode"] == "normal" or cx.opts["witch_tax_exempt"]):
        return
    cx.seat(seat)["gold"] -= 1
    cx.st["tax"] += 1
    cx.ev("citadels.ev.tax", s=seat, pot=cx.st["tax"])


def unconfiscatable(cx: Ctx, mag: int, card: str) -> str | None:
    """Why the Magistrate cannot take `card` into his city (a message key), or None: a
    district of that name is there already (never, the Quarry notwithstanding: 이미 치안
    판사의 도시에 있다면, 절대로 그 건물은 몰수할 수 없습니다), or a Monument would join 5+."""
    if cx.has(mag, card):
        return "citadels.err.confiscate_same_name"
    if card == "monument" and len(cx.city(mag)) >= 5:
        return "citadels.err.confiscate_monument"
    return None


def _signed_reveal_impossible(cx: Ctx) -> str | None:
    """Revealing the signed warrant is the confiscation itself (인장 찍힌 영장이 공개됐다면 …
    몰수합니다): when the build under it cannot be confiscated, the signed warrant may not
    be revealed (the key of why). A blank warrant may always be revealed."""
    t, mag = cx.turn, cx.rs["magistrate_seat"]
    if cx.seat(mag)["secret"]["markers"].get("signed") != t["char"]:
        return None
    return unconfiscatable(cx, mag, t["sub"]["card"])


def confiscate_choices(cx: Ctx, hide: Action) -> list[Action]:
    """The Magistrate's answer to a warranted build: reveal or `hide`; `hide` alone when
    the warrant is signed and the district cannot be confiscated."""
    if _signed_reveal_impossible(cx) is not None:
        return [dict(hide)]
    return [{"type": "reveal"}, dict(hide)]


def check_reveal(cx: Ctx, a: Action) -> None:
    """Refuse, with the reason, a reveal of a signed warrant that cannot confiscate."""
    if a.get("type") != "reveal":
        return
    why = _signed_reveal_impossible(cx)
    if why is not None:
        card = cx.turn["sub"]["card"]
        raise RuleError(why, card=card, card_name=district_name(card))


def confiscate(cx: Ctx, reveal: bool) -> None:
    if reveal:
        check_reveal(cx, {"type": "reveal"})
    t, rs = cx.turn, cx.rs
    seat, mag = t["seat"], rs["magistrate_seat"]
    card, gold = t["sub"]["card"], t["sub"]["gold"]
    t["stage"], t["sub"] = t.pop("resume"), None
    if not reveal:
        cx.ev("citadels.ev.warrant_kept", s=mag)
        finish_build(cx, seat, card)
        return
    signed = cx.seat(mag)["secret"]["markers"].get("signed")
    cx.st["chars"][t["char"]]["markers"].append("warrant_revealed")
    if signed != t["char"]:
        cx.ev("citadels.ev.warrant_blank", reveal=True, s=mag, character=t["char"])
        finish_build(cx, seat, card)
        return
    if "warrant" in cx.st["chars"][t["char"]]["markers"]:
        cx.st["chars"][t["char"]]["markers"].append("signed")
    d = cx.remove_district(seat, card)
    cx.gain(seat, gold)
    t["paid"] -= gold
    cx.add_district(mag, card)
    del d
    cx.ev("citadels.ev.confiscated", reveal=True, s=mag, target=seat, card=card, refund=gold)
    # errata 2: a confiscation is the Magistrate's build: tax and completion are his
    pay_tax(cx, mag, is_builder_turn=False)
    cx.check_complete(mag)
