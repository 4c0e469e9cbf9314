"""Character abilities and once-per-turn district actions: which ones are legal now in the
main part of a turn, and what each does. Targets follow the digest's restrictions."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from rules.citadels.characters import CHARACTER
from rules.citadels.districts import DISTRICT, TYPES
from rules.citadels.table import Ctx

Action = dict[str, Any]


# -- targets ------------------------------------------------------------------------
def char_targets(cx: Ctx, strict: bool) -> list[str]:
    """Characters an ability may name; strict = not rank 1, not killed, not bewitched."""
    rs, me = cx.rs, cx.turn["char"]
    out = []
    for c in cx.st["cast"]:
        if c == me or (not cx.opts["target_faceup_discards"] and c in cx.st["faceup"]):
            continue
        if strict and (CHARACTER[c].rank == 1 or c in (rs["killed"], rs["bewitched"])):
            continue
        out.append(c)
    return out


def bishop_seat(cx: Ctx) -> int | None:
    rs, chars = cx.rs, cx.st["chars"]
    if "bishop" not in cx.st["cast"] or rs["killed"] == "bishop":
        return None
    if chars["bishop"]["status"] != "revealed":
        return None
    if rs["bewitched"] == "bishop":
        return rs["witch_seat"]
    return chars["bishop"]["seat"]


def shielded(cx: Ctx, target: int) -> bool:
    """Rank-8 abilities cannot touch the protected Bishop's (or Witch's) districts."""
    b = bishop_seat(cx)
    if b is None or b != target:
        return False
    return target != cx.turn["seat"] or cx.opts["bishop_shields_own_rank8"]


def wall(cx: Ctx, seat: int, card: str) -> int:
    if cx.has(seat, "great_wall") and (card != "great_wall" or cx.opts["great_wall_taxes_itself"]):
        return 1
    return 0


# Paid actions on another city: each choice carries its `price` (the gold paid, for the
# button's label); it is derived from the state, never typed (notation.parse fills it in).
PRICED = ("destroy", "exchange", "seize")


def price(cx: Ctx, actor: int, a: Action) -> int | None:
    """The gold `actor` pays for a destroy / exchange / seize; None if a district is not
    there (the action is illegal anyway)."""
    target, card = a.get("seat"), a.get("card")
    if not (isinstance(target, int) and 0 <= target < cx.n) or not cx.has(target, card):
        return None
    theirs = cx.cost(target, cx.district(target, card))
    surcharge = wall(cx, target, card)
    if a["type"] == "destroy":
        return max(0, theirs - 1) + surcharge
    if a["type"] == "seize":
        return theirs + surcharge
    mine = a.get("mine")
    if not cx.has(actor, mine):
        return None
    return max(0, theirs - cx.cost(actor, cx.district(actor, mine))) + surcharge


# Fields a listed action carries only so that its button can say what it gives: the gold
# a gather takes (3 with the Gold Mine) or draws and keeps (Observatory, Library), the cards
# of the Abbot's split income, and a pass
# that keeps a threat or a warrant hidden. They
# follow from the state, so actions logged or typed without them (stored games from before
# they existed, the notation) still name the listed action: `as_listed` finds it. Carried
# in the action rather than the decision's params because the label hook sees one choice.
SHOWN_ONLY: dict[str, tuple[str, ...]] = {"gold": ("amount",), "cards": ("drawn", "kept"),
                                          "income": ("cards",), "pass": ("hide",)}


def as_listed(a: Action, listed: list[Action]) -> Action:
    """The listed action `a` names: itself, or the one that only adds shown-only fields."""
    extra = SHOWN_ONLY.get(a.get("type", ""), ())
    if a in listed or not extra or any(k in a for k in extra):
        return a
    return next((x for x in listed if x.get("type") == a["type"] and {
        k: v for k, v in x.items() if k not in extra} == a), a)


def with_price(cx: Ctx, actor: int, a: Action) -> Action:
    """A paid action with its price (as listed among the legal actions)."""
    if a.get("type") not in PRICED or "price" in a:
        return a
    paid = price(cx, actor, a)
    return a if paid is None else {**a, "price": paid}


def income_count(cx: Ctx, seat: int, kind: str) -> int:
    n = sum(1 for d in cx.city(seat) if DISTRICT[d["id"]].type == kind)
    # the School of Magic counts as whichever type pays (auto-chosen, always this one)
    return n + (1 if cx.has(seat, "school_of_magic") else 0)


def richest(cx: Ctx) -> list[int]:
    top = max(s["gold"] for s in cx.st["seats"])
    return [i for i, s in enumerate(cx.st["seats"]) if s["gold"] == top]


# -- legal main-part actions --------------------------------------------------------
def ability_actions(cx: Ctx) -> list[Action]:
    t = cx.turn
    seat, char = t["seat"], t["char"]
    me = cx.seat(seat)
    out: list[Action] = []
    info = CHARACTER[char]
    if info.income_type and not t["income"]:
        k = income_count(cx, seat, info.income_type)
        deck = cx.st["deck_count"]
        if info.income == "mix":
            # the Abbot's split: only those whose cards the deck can give
            out += [{"type": "income", "gold": g, "cards": k - g}
                    for g in range(max(0, k - deck), k + 1)] if k else []
        elif (k and (info.income == "gold" or deck)) or char == "merchant":
            out.append({"type": "income"})
    if char == "emperor" and not t["crown_given"]:
        for s in range(cx.n):
            if s == cx.st["crown"] or s == seat:
                continue
            if t["mode"] == "witch" and not cx.opts["witch_emperor_crowns_bewitched"] and (
                    s == cx.st["chars"]["emperor"]["seat"]):
                continue
            takes = [x for x, ok in (("gold", cx.seat(s)["gold"] > 0),
                                     ("card", cx.seat(s)["hand_count"] > 0)) if ok]
            for x in takes or [None]:
                out.append({"type": "crown", "seat": s, "take": x})
    if char == "abbot" and not t["tithe"]:
        rich = richest(cx)
        if seat not in rich:
            out += [{"type": "tithe", "seat": s} for s in rich]
    if char == "artist" and t["beautified"] < 2 and me["gold"] >= 1:
        out += [{"type": "beautify", "card": c} for c in
                sorted({d["id"] for d in cx.city(seat) if not d["beautified"]})]
    if t["ability"]:
        return out
    gen = ABILITY_ACTIONS.get(char)
    if gen is not None:
        out += gen(cx, seat)
    return out


def _kill(cx: Ctx, seat: int) -> list[Action]:
    return [{"type": "kill", "character": c} for c in char_targets(cx, strict=False)]


def _warrant(cx: Ctx, seat: int) -> list[Action]:
    return [{"type": "warrant", "character": c} for c in char_targets(cx, strict=False)]


def _rob(cx: Ctx, seat: int) -> list[Action]:
    return [{"type": "rob", "character": c} for c in char_targets(cx, strict=True)]


def _threaten(cx: Ctx, seat: int) -> list[Action]:
    targets = char_targets(cx, strict=True)
    return [{"type": "threaten", "character": c} for c in targets] if len(targets) >= 2 else []


def _spy(cx: Ctx, seat: int) -> list[Action]:
    return [{"type": "spy", "seat": s, "kind": k} for s in range(cx.n) if s != seat
            for k in TYPES]


def _magician(cx: Ctx, seat: int) -> list[Action]:
    out: list[Action] = [{"type": "swap", "seat": s} for s in range(cx.n) if s != seat]
    if cx.st["deck_count"]:  # from an empty deck the discards would come straight back
        out += [{"type": "discard", "card": c} for c in sorted(set(cx.hand(seat)))]
    return out


def _wizard(cx: Ctx, seat: int) -> list[Action]:
    return [{"type": "look", "seat": s} for s in range(cx.n)
            if s != seat and cx.seat(s)["hand_count"] > 0]


def _plain(cx: Ctx, seat: int) -> list[Action]:
    return [{"type": "ability"}]


def _drawing(cx: Ctx, seat: int) -> list[Action]:
    """An ability that only draws (Architect, Scholar): nothing to do with an empty deck."""
    return [{"type": "ability"}] if cx.st["deck_count"] else []


def _tax_collector(cx: Ctx, seat: int) -> list[Action]:
    return [{"type": "ability"}] if cx.st["tax"] > 0 else []


def _navigator(cx: Ctx, seat: int) -> list[Action]:
    out: list[Action] = [{"type": "navigate", "what": "gold"}]
    return out + ([{"type": "navigate", "what": "cards"}] if cx.st["deck_count"] else [])


def _warlord(cx: Ctx, seat: int) -> list[Action]:
    gold = cx.seat(seat)["gold"]
    out: list[Action] = []
    for s in range(cx.n):
        if cx.completed(s) and not (s == seat and cx.opts["warlord_own_completed"]):
            continue
        if shielded(cx, s):
            continue
        for d in sorted({d["id"] for d in cx.city(s)}):
            if d == "keep":
                continue
            a: Action = {"type": "destroy", "seat": s, "card": d}
            paid = price(cx, seat, a)
            if paid is not None and paid <= gold:
                out.append({**a, "price": paid})
    return out


def _diplomat(cx: Ctx, seat: int) -> list[Action]:
    gold = cx.seat(seat)["gold"]
    mine: dict[str, Any] = {}
    for d in cx.city(seat):
        mine.setdefault(d["id"], d)  # with duplicates the first copy is the one moved
    if not cx.opts["diplomat_gives_keep"]:
        mine.pop("keep", None)
    out: list[Action] = []
    for s in range(cx.n):
        if s == seat or cx.completed(s) or shielded(cx, s):
            continue
        theirs: dict[str, Any] = {}
        for d in cx.city(s):
            theirs.setdefault(d["id"], d)
        for tid, td in sorted(theirs.items()):
            if tid == "keep" or tid in mine or cx.has(seat, tid):
                continue
            for mid, md in sorted(mine.items()):
                if mid in theirs:
                    continue
                paid = max(0, cx.cost(s, td) - cx.cost(seat, md)) + wall(cx, s, tid)
                if paid <= gold:
                    out.append({"type": "exchange", "seat": s, "card": tid, "mine": mid,
                                "price": paid})
    return out


def _marshal(cx: Ctx, seat: int) -> list[Action]:
    gold = cx.seat(seat)["gold"]
    out: list[Action] = []
    for s in range(cx.n):
        if s == seat or cx.completed(s) or shielded(cx, s):
            continue
        for c in sorted({d["id"] for d in cx.city(s)}):
            # with duplicates (Quarry) the first copy is the one a rule acts on
            cost = cx.cost(s, cx.district(s, c))
            if c == "keep" or cost > 3 or cx.has(seat, c):
                continue
            if c == "monument" and len(cx.city(seat)) >= 5 and not cx.opts[
                    "monument_by_transfer"]:
                continue
            paid = cost + wall(cx, s, c)
            if paid <= gold:
                out.append({"type": "seize", "seat": s, "card": c, "price": paid})
    return out


ABILITY_ACTIONS: dict[str, Callable[[Ctx, int], list[Action]]] = {
    "assassin": _kill, "magistrate": _warrant, "thief": _rob, "spy": _spy,
    "blackmailer": _threaten, "magician": _magician, "wizard": _wizard, "seer": _plain,
    "navigator": _navigator, "architect": _drawing, "scholar": _drawing,
    "tax_collector": _tax_collector, "warlord": _warlord, "diplomat": _diplomat,
    "marshal": _marshal,
}


def district_actions(cx: Ctx) -> list[Action]:
    t = cx.turn
    seat = t["seat"]
    used = t["used"]
    hand = sorted(set(cx.hand(seat)))
    out: list[Action] = []
    if cx.has(seat, "laboratory") and "laboratory" not in used:
        out += [{"type": "lab", "card": c} for c in hand]
    if cx.has(seat, "museum") and "museum" not in used:
        out += [{"type": "museum", "card": c} for c in hand]
    if cx.has(seat, "smithy") and "smithy" not in used and cx.seat(seat)["gold"] >= 2 and (
            cx.st["deck_count"]):  # 2 gold for nothing from an empty deck
        out.append({"type": "smithy"})
    if cx.has(seat, "armory"):
        for s in range(cx.n):
            if cx.completed(s):
                continue
            if not cx.opts["armory_ignores_protection"] and shielded(cx, s):
                continue
            for d in sorted({d["id"] for d in cx.city(s)}):
                if (s, d) == (seat, "armory"):
                    continue
                if d == "keep" and not cx.opts["armory_ignores_protection"]:
                    continue
                out.append({"type": "armory", "seat": s, "card": d})
    return out
