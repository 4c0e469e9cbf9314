"""What each main-part action does: character abilities, once-per-turn district actions,
the steps of multi-part abilities (Magician, Wizard, Seer, Cardinal, Thieves' Den), and the
end of a turn (Poor House, Alchemist, Park)."""

from __future__ import annotations

from typing import Any

from rules.citadels import abilities, building, flow
from rules.citadels.characters import CHARACTER
from rules.citadels.districts import DISTRICT, TYPE_NAMES
from rules.citadels.table import Ctx

Action = dict[str, Any]

def _income(cx: Ctx, a: Action) -> None:
    t = cx.turn
    seat, char = t["seat"], t["char"]
    info = CHARACTER[char]
    t["income"] = True
    k = abilities.income_count(cx, seat, info.income_type or "")
    # the income line comes first; the cards drawn follow as their own "draws" line
    if info.income == "mix":
        gold = a["gold"]
        cx.gain(seat, gold)
        key = "citadels.ev.income_mix" if gold and k - gold else (
            "citadels.ev.income_gold" if gold or not k else "citadels.ev.income_cards")
        cx.ev(key, s=seat, gold=gold, count=k - gold)
        cx.draw_to_hand(seat, k - gold)
    elif info.income == "cards":
        cx.ev("citadels.ev.income_cards" if k else "citadels.ev.income_gold", s=seat, gold=0)
        cx.draw_to_hand(seat, k)
    else:
        gold = k + (1 if char == "merchant" else 0)
        cx.gain(seat, gold)
        cx.ev("citadels.ev.income_gold", s=seat, gold=gold)


def _kill(cx: Ctx, a: Action) -> None:
    cx.turn["ability"] = True
    cx.rs["killed"] = a["character"]
    cx.st["chars"][a["character"]]["markers"].append("killed")
    cx.ev("citadels.ev.kill", s=cx.turn["seat"], character=a["character"])


def _bewitch(cx: Ctx, a: Action) -> None:
    seat = cx.turn["seat"]
    rs = cx.rs
    rs["bewitched"] = a["character"]
    rs["witch_seat"] = seat
    rs["witch_paused"] = True
    cx.st["chars"][a["character"]]["markers"].append("bewitched")
    cx.ev("citadels.ev.bewitch", s=seat, character=a["character"])
    flow.call_next(cx)


def _warrant(cx: Ctx, a: Action) -> None:
    t = cx.turn
    t["ability"] = True
    rs = cx.rs
    rs["warrants"].append(a["character"])
    rs["magistrate_seat"] = t["seat"]
    cx.st["chars"][a["character"]]["markers"].append("warrant")
    cx.ev("citadels.ev.warrant", s=t["seat"], character=a["character"])
    t["stage"] = "warrant" if len(rs["warrants"]) < 3 else "sign"


def _rob(cx: Ctx, a: Action) -> None:
    cx.turn["ability"] = True
    cx.rs["robbed"] = a["character"]
    cx.rs["thief_seat"] = cx.turn["seat"]
    cx.st["chars"][a["character"]]["markers"].append("robbed")
    cx.ev("citadels.ev.rob", s=cx.turn["seat"], character=a["character"])


def _threaten(cx: Ctx, a: Action) -> None:
    t = cx.turn
    t["ability"] = True
    rs = cx.rs
    rs["threats"].append(a["character"])
    rs["threat_by"] = t["seat"]
    cx.st["chars"][a["character"]]["markers"].append("threat")
    cx.ev("citadels.ev.threaten", s=t["seat"], character=a["character"])
    t["stage"] = "threaten" if len(rs["threats"]) < 2 else "flower"


def _spy(cx: Ctx, a: Action) -> None:
    t = cx.turn
    t["ability"] = True
    seat, target, kind = t["seat"], a["seat"], a["kind"]
    hand = cx.hand(target)
    cx.ev("citadels.ev.spy_sees", seat=seat, reveal=True, target=target, cards=list(hand))
    hits = sum(1 for c in hand if DISTRICT[c].type == kind)
    gold = cx.transfer(target, seat, hits)
    cx.ev("citadels.ev.spy", s=seat, target=target, kind=kind, kind_name=TYPE_NAMES[kind], hits=hits,
          gold=gold)
    cx.draw_to_hand(seat, hits)


def _swap(cx: Ctx, a: Action) -> None:
    t = cx.turn
    t["ability"] = True
    seat, other = t["seat"], a["seat"]
    a_sec, b_sec = cx.seat(seat)["secret"], cx.seat(other)["secret"]
    a_sec["hand"], b_sec["hand"] = b_sec["hand"], a_sec["hand"]
    cx.sync_hand(seat)
    cx.sync_hand(other)
    cx.ev("citadels.ev.swap", reveal=True, s=seat, target=other)


def _discard_start(cx: Ctx, a: Action) -> None:
    t = cx.turn
    t["ability"] = True
    t["stage"] = "redraw"
    t["sub"] = {"count": 0}
    redraw_discard(cx, a["card"])


def redraw_discard(cx: Ctx, card: str) -> None:
    seat = cx.turn["seat"]
    cx.take_from_hand(seat, card)
    cx.seat(seat)["secret"]["pending"].append(card)
    cx.turn["sub"]["count"] += 1


def redraw_done(cx: Ctx) -> None:
    t = cx.turn
    seat = t["seat"]
    sec = cx.seat(seat)["secret"]
    cards, sec["pending"] = sec["pending"], []
    cx.to_bottom(cards)
    cx.ev("citadels.ev.redraw_one" if len(cards) == 1 else "citadels.ev.redraw", s=seat, count=len(cards))
    cx.draw_to_hand(seat, len(cards))
    t["stage"], t["sub"] = "main", None


def _look(cx: Ctx, a: Action) -> None:
    t = cx.turn
    t["ability"] = True
    cx.ev("citadels.ev.wizard_looks", s=t["seat"], target=a["seat"])
    cx.ev("citadels.ev.wizard_sees", seat=t["seat"], reveal=True, target=a["seat"],
          cards=list(cx.hand(a["seat"])))
    t["stage"] = "grab"
    t["sub"] = {"target": a["seat"]}


def grab(cx: Ctx, card: str) -> None:
    t = cx.turn
    target = t["sub"]["target"]
    cx.take_from_hand(target, card)
    cx.seat(t["seat"])["secret"]["pending"].append(card)
    cx.ev("citadels.ev.wizard_takes", s=t["seat"], target=target)
    cx.ev("citadels.ev.card_taken", seat=target, card=card)
    cx.ev("citadels.ev.card_got", seat=t["seat"], card=card)
    t["stage"] = "wizard_use"
    t["sub"] = {}  # the card taken waits in the Wizard's secret "pending" list


def held_aside(cx: Ctx) -> str:
    """The card a multi-step action holds out of the hand (kept secret, in the seat)."""
    return cx.seat(cx.turn["seat"])["secret"]["pending"][0]


def wizard_use_actions(cx: Ctx) -> list[Action]:
    t = cx.turn
    seat, card = t["seat"], held_aside(cx)
    out: list[Action] = []
    if building.may_place(cx, seat, card, True) and cx.seat(seat)["gold"] >= (
            building.build_cost(cx, seat, card)):
        out.append({"type": "build", "card": card})
    return out + [{"type": "done"}]


def wizard_use(cx: Ctx, a: Action) -> None:
    t = cx.turn
    seat, card = t["seat"], held_aside(cx)
    cx.seat(seat)["secret"]["pending"].remove(card)
    t["stage"], t["sub"] = "main", None
    if a["type"] == "done":
        cx.hand(seat).append(card)
        cx.sync_hand(seat)
        return
    building.place(cx, seat, card, gold=building.build_cost(cx, seat, card), counts=False,
                   immediate=True)


def _seer(cx: Ctx) -> None:
    t = cx.turn
    seat = t["seat"]
    victims = []
    for k in range(1, cx.n):
        s = (seat + k) % cx.n
        hand = cx.hand(s)
        if hand:
            card = hand[cx.rng.below(len(hand))]
            cx.take_from_hand(s, card)
            cx.hand(seat).append(card)
            cx.ev("citadels.ev.card_taken", seat=s, reveal=True, card=card)
            victims.append(s)
    cx.sync_hand(seat)
    cx.ev("citadels.ev.seer", s=seat, victims=victims)
    if victims:
        t["stage"] = "seer_give"
        t["sub"] = {"victims": victims}


def give(cx: Ctx, card: str) -> None:
    t = cx.turn
    seat = t["seat"]
    sub = t["sub"]
    to = sub["victims"][0] if t["stage"] == "seer_give" else sub["to"]
    cx.take_from_hand(seat, card)
    cx.hand(to).append(card)
    cx.sync_hand(to)
    cx.ev("citadels.ev.gave", s=seat, target=to)
    cx.ev("citadels.ev.card_got", seat=to, card=card)
    if t["stage"] == "seer_give":
        sub["victims"].pop(0)
        if not sub["victims"]:
            t["stage"], t["sub"] = "main", None
        return
    sub["left"] -= 1
    if sub["left"] == 0:
        card, gold = held_aside(cx), sub["gold"]
        cx.seat(seat)["secret"]["pending"].remove(card)
        t["stage"] = "main"
        t["sub"] = None
        building.place(cx, seat, card, gold=gold, counts=True)


def den_pay(cx: Ctx, card: str) -> None:
    t = cx.turn
    seat, sub = t["seat"], t["sub"]
    cx.take_from_hand(seat, card)
    cx.to_bottom([card])
    sub["left"] -= 1
    sub.setdefault("paid", 0)
    sub["paid"] += 1
    if sub["left"] == 0:
        den, gold, k = held_aside(cx), sub["gold"], sub["paid"]
        cx.seat(seat)["secret"]["pending"].remove(den)
        t["stage"] = "main"
        t["sub"] = None
        building.place(cx, seat, den, gold=gold, counts=True, cards=k)


def _ability(cx: Ctx, a: Action) -> None:
    t = cx.turn
    t["ability"] = True
    seat, char = t["seat"], t["char"]
    if char == "architect":
        cx.draw_to_hand(seat, 2)
    elif char == "seer":
        _seer(cx)
    elif char == "scholar":
        cards = cx.draw(7)
        cx.ev("citadels.ev.scholar", s=seat, drawn=len(cards))
        cx.ev("citadels.ev.drew_cards", seat=seat, reveal=True, s=seat, cards=cards)
        if cards:
            cx.seat(seat)["secret"]["drawn"] = cards
            t["stage"] = "keep"
            t["sub"] = {"then": "scholar"}
    elif char == "tax_collector":
        amount, cx.st["tax"] = cx.st["tax"], 0
        cx.seat(seat)["gold"] += amount
        cx.ev("citadels.ev.tax_taken", s=seat, amount=amount)


def _crown(cx: Ctx, a: Action) -> None:
    t = cx.turn
    t["crown_given"] = True
    seat, target = t["seat"], a["seat"]
    flow.give_crown(cx, target, "citadels.ev.emperor_crowns", by=seat)
    if a["take"] == "gold":
        cx.transfer(target, seat, 1)
        cx.ev("citadels.ev.emperor_gold", s=seat, target=target)
    elif a["take"] == "card":
        hand = cx.hand(target)
        card = hand[cx.rng.below(len(hand))]
        cx.take_from_hand(target, card)
        cx.hand(seat).append(card)
        cx.sync_hand(seat)
        cx.ev("citadels.ev.emperor_card", s=seat, target=target)
        cx.ev("citadels.ev.card_taken", seat=target, card=card, reveal=True)
        cx.ev("citadels.ev.card_got", seat=seat, card=card, reveal=True)


def _tithe(cx: Ctx, a: Action) -> None:
    cx.turn["tithe"] = True
    cx.transfer(a["seat"], cx.turn["seat"], 1)
    cx.ev("citadels.ev.tithe", s=cx.turn["seat"], target=a["seat"])


def _navigate(cx: Ctx, a: Action) -> None:
    t = cx.turn
    t["ability"] = True
    if a["what"] == "gold":
        cx.gain(t["seat"], 4)
        cx.ev("citadels.ev.navigate_gold", s=t["seat"], what="gold")
    else:
        cx.ev("citadels.ev.navigate_cards", s=t["seat"], what="cards",
              count=min(4, cx.st["deck_count"]))
        cx.draw_to_hand(t["seat"], 4)


def _surcharge(cx: Ctx, payer: int, owner: int, amount: int) -> None:
    if amount:
        if cx.opts["great_wall_to_owner"]:
            cx.transfer(payer, owner, amount)
        else:
            cx.pay(payer, amount)


def _destroy(cx: Ctx, a: Action) -> None:
    t = cx.turn
    t["ability"] = True
    seat, target, card = t["seat"], a["seat"], a["card"]
    price = max(0, cx.cost(target, cx.district(target, card)) - 1) + abilities.wall(
        cx, target, card)
    cx.pay(seat, price)
    cx.destroy(target, card)
    cx.ev("citadels.ev.destroyed" if price else "citadels.ev.destroyed_free", s=seat, target=target, card=card,
          gold=price)


def _move(cx: Ctx, src: int, dst: int, card: str) -> None:
    d = cx.remove_district(src, card)
    if not cx.opts["artist_gold_follows"] and d["gold_on"]:
        cx.seat(src)["gold"] += d["gold_on"]
        d["gold_on"] = 0
    cx.city(dst).append(d)
    if card == "museum":
        a, b = cx.seat(src)["secret"], cx.seat(dst)["secret"]
        b["museum"], a["museum"] = a["museum"], []


def _exchange(cx: Ctx, a: Action) -> None:
    t = cx.turn
    t["ability"] = True
    seat, target = t["seat"], a["seat"]
    theirs, mine = cx.district(target, a["card"]), cx.district(seat, a["mine"])
    diff = max(0, cx.cost(target, theirs) - cx.cost(seat, mine))
    wall = abilities.wall(cx, target, a["card"])
    cx.transfer(seat, target, diff)
    _surcharge(cx, seat, target, wall)
    _move(cx, target, seat, a["card"])
    _move(cx, seat, target, a["mine"])
    cx.ev("citadels.ev.exchanged" if diff + wall else "citadels.ev.exchanged_free", s=seat, target=target,
          card=a["card"], mine=a["mine"], gold=diff + wall)
    if cx.opts["completion_by_count"]:
        cx.check_complete(seat)
        cx.check_complete(target)


def _seize(cx: Ctx, a: Action) -> None:
    t = cx.turn
    t["ability"] = True
    seat, target = t["seat"], a["seat"]
    cost = cx.cost(target, cx.district(target, a["card"]))
    wall = abilities.wall(cx, target, a["card"])
    cx.transfer(seat, target, cost)
    _surcharge(cx, seat, target, wall)
    _move(cx, target, seat, a["card"])
    cx.ev("citadels.ev.seized", s=seat, target=target, card=a["card"], gold=cost + wall)
    if cx.opts["completion_by_count"]:
        cx.check_complete(seat)


def _beautify(cx: Ctx, a: Action) -> None:
    t = cx.turn
    seat = t["seat"]
    t["beautified"] += 1
    d = next(d for d in cx.city(seat) if d["id"] == a["card"] and not d["beautified"])
    d["beautified"] = True
    d["gold_on"] = 1
    cx.seat(seat)["gold"] -= 1
    cx.ev("citadels.ev.beautified", s=seat, card=a["card"])


def _lab(cx: Ctx, a: Action) -> None:
    seat = cx.turn["seat"]
    cx.turn["used"].append("laboratory")
    cx.take_from_hand(seat, a["card"])
    cx.to_bottom([a["card"]])
    cx.gain(seat, 2)
    cx.ev("citadels.ev.laboratory", s=seat)


def _museum(cx: Ctx, a: Action) -> None:
    seat = cx.turn["seat"]
    cx.turn["used"].append("museum")
    cx.take_from_hand(seat, a["card"])
    cx.seat(seat)["secret"]["museum"].append(a["card"])
    cx.district(seat, "museum")["museum"] += 1
    cx.ev("citadels.ev.museum", s=seat)


def _smithy(cx: Ctx, a: Action) -> None:
    seat = cx.turn["seat"]
    cx.turn["used"].append("smithy")
    cx.pay(seat, 2)
    cx.ev("citadels.ev.smithy", s=seat, count=min(3, cx.st["deck_count"]))
    cx.draw_to_hand(seat, 3)


def _armory(cx: Ctx, a: Action) -> None:
    seat = cx.turn["seat"]
    cx.destroy(seat, "armory")
    cx.destroy(a["seat"], a["card"])
    cx.ev("citadels.ev.armory", s=seat, target=a["seat"], card=a["card"])


def _build(cx: Ctx, a: Action) -> None:
    building.start_build(cx, a)


def _end(cx: Ctx, a: Action) -> None:
    t = cx.turn
    seat = t["seat"]
    if cx.has(seat, "poor_house") and cx.seat(seat)["gold"] == 0:
        cx.gain(seat, 1)
        cx.ev("citadels.ev.poor_house", s=seat)
    if t["char"] == "alchemist" and t["paid"] > 0:
        cx.gain(seat, t["paid"])
        cx.ev("citadels.ev.alchemist", s=seat, amount=t["paid"])
    if cx.has(seat, "park") and not cx.hand(seat) and cx.st["deck_count"]:
        cx.ev("citadels.ev.park", s=seat)  # the cards follow as their own "draws" line
        cx.draw_to_hand(seat, 2)
    cx.ev("citadels.ev.turn_end", s=seat, character=t["char"])
    flow.call_next(cx)


EFFECTS = {
    "income": _income, "kill": _kill, "bewitch": _bewitch, "warrant": _warrant,
    "rob": _rob, "threaten": _threaten, "spy": _spy, "swap": _swap,
    "discard": _discard_start, "look": _look, "ability": _ability, "crown": _crown,
    "tithe": _tithe, "navigate": _navigate, "destroy": _destroy, "exchange": _exchange,
    "seize": _seize, "beautify": _beautify, "lab": _lab, "museum": _museum,
    "smithy": _smithy, "armory": _armory, "build": _build, "end": _end,
}
