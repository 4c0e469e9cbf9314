"""What event choices and protections cost, and how the spirits pay (seed L577-L590).

Energy costs are paid jointly (the players may split them any way; `pay` splits them as
evenly as the spirits' energy allows). "Aided by" an element: each of it the spirits have
counts as 1 energy paid, and in `pay_aided` each spirit may discard power cards showing it
from hand (2 per icon) or forget them from hand, play or discard (4 per icon), each card one
way only. `protect_board` lets the spirits pay a cost (energy, or presence or dahan
destroyed) to stop a blighting step on one board.
"""

from __future__ import annotations

from rules.spirit_island import effects, tokens
from rules.spirit_island import event_verbs as ev
from rules.spirit_island import pieces as pcs


def element_aid(state: dict, element: str | None) -> int:
    """'Aided by' an element: each of it the spirits have counts as 1 energy paid (seed
    L583). Cards discarded / forgotten for it count in `pay_aided`."""
    if element is None:
        return 0
    return sum(row.get("elements", {}).get(element, 0)
               + row.get("permanent_elements", {}).get(element, 0) for row in state["seats"])


def cost_energy(state: dict, cost: dict) -> int:
    """The energy an option costs the table (before element aid)."""
    players = len(state["seats"])
    per = cost.get("per", "player")
    if per == "player":
        return cost["energy"] * players
    if per == "beasts_kept":
        return max(cost.get("min", 0), 0)  # the least it can cost; the rest when beasts are kept
    return 0  # paid per land as the option runs


def can_pay(state: dict, energy: int, element: str | None = None, seat: int | None = None,
            cards: bool = False) -> bool:
    """Whether the spirits (or one) can pay; `cards`: counting every card they could
    forget for the element (seed L583-L587)."""
    rows = state["seats"] if seat is None else [state["seats"][seat]]
    aid = element_aid(state, element)
    if cards and element:
        aid += sum(AID_PER_ICON[how] * _icons(card, element) for i in range(len(state["seats"]))
                   for how, card in _card_aid(state, i, element) if how == "forget")
    return sum(r["energy"] for r in rows) + aid >= energy


def _icons(card: str, element: str) -> int:
    return [e.lower() for e in ev._power(card).get("elements", [])].count(element)


AID_PER_ICON = {"discard": 2, "forget": 4}


def _card_aid(state: dict, seat: int, element: str, used: tuple = ()) -> list[list[str]]:
    """The cards a spirit may give for an 'aided by' cost: discard from hand (2 per icon),
    forget from hand, play or discard (4 per icon); each card one way only (`used`)."""
    row = state["seats"][seat]
    held = [c for c in row["hand"] if _icons(c, element) and c not in used]
    forget = [c for pile in ("hand", "played", "discard") for c in row[pile]
              if _icons(c, element) and c not in used]
    return [["discard", c] for c in held] + [["forget", c] for c in forget]


def _most_aid(state: dict, seats: range, element: str, used: tuple) -> int:
    return sum(AID_PER_ICON["forget"] * _icons(card, element) for i in seats
               for how, card in _card_aid(state, i, element, used) if how == "forget")


@effects.verb("pay_aided")
def pay_aided(state, step, ctx, answer):
    """An 'aided by' cost: elements held count 1 each; then each spirit in turn may discard
    or forget power cards showing the element (2 / 4 per icon) until it is covered or they
    are done (never leaving more than the energy and cards left can cover); the rest is
    paid in energy."""
    need, element = step["energy"], step["element"]
    seat, paid = step.get("seat", 0), step.get("paid", element_aid(state, element))
    used = list(step.get("used", []))
    if answer is not None and answer != effects.DONE:
        how, card = answer
        row = state["seats"][seat]
        pile = "hand" if card in row["hand"] else "played" if card in row["played"] else "discard"
        row[pile].remove(card)
        if how == "discard":
            row["discard"].append(card)
        used.append(card)
        paid += AID_PER_ICON[how] * _icons(card, element)
    elif answer == effects.DONE:
        seat += 1
    energy = sum(r["energy"] for r in state["seats"])
    while paid < need and seat < len(state["seats"]):
        later = range(seat, len(state["seats"]))
        options = []
        for how, card in _card_aid(state, seat, element, tuple(used)):
            value = AID_PER_ICON[how] * _icons(card, element)
            rest = _most_aid(state, later, element, (*used, card))
            if paid + value + energy + rest >= need:
                options.append([how, card])
        if options:
            if energy + _most_aid(state, range(seat + 1, len(state["seats"])), element,
                                  tuple(used)) >= need - paid:
                options.append(effects.DONE)
            effects.remember(state, seat=seat, paid=paid, used=used)
            return effects.Ask(seat, "aid", options)
        seat += 1
    pay(state, min(energy, max(0, need - paid)))
    return None


def pay(state: dict, energy: int, element: str | None = None, seat: int | None = None) -> None:
    """Pay energy jointly: element aid first, then the rest split as evenly as the
    spirits' energy allows (the players may split it any way; this is the default)."""
    left = max(0, energy - element_aid(state, element))
    seats = [state["seats"][seat]] if seat is not None else list(state["seats"])
    while left > 0:
        payers = [r for r in seats if r["energy"] > 0]
        if not payers:
            raise ValueError("the spirits cannot pay")
        share = max(1, left // len(payers))
        for row in sorted(payers, key=lambda r: -r["energy"]):
            take = min(share, row["energy"], left)
            row["energy"] -= take
            left -= take


@effects.verb("pay_energy")
def pay_energy(state, step, ctx, answer):
    """Pay `n` energy (per beasts on the island with `per` beasts, at least `min`), aided by
    an element; what the spirits cannot pay is not paid."""
    n = step["n"]
    if step.get("per") == "beasts":
        n = max(step.get("min", 0), n * tokens.token_count(state, "beasts"))
    payable = sum(r["energy"] for r in state["seats"]) + element_aid(state, step.get("aided_by"))
    pay(state, min(n, payable), step.get("aided_by"))
    return None


@effects.verb("pay_or")
def pay_or(state, step, ctx, answer):
    """The acting spirit pays `energy` itself, or runs one of `others` (by index) instead."""
    options = (["pay"] if can_pay(state, step["energy"], seat=ctx["seat"]) else []) + list(
        range(len(step["others"])))
    pick = effects.ask_or_take(ctx["seat"], "pay_or", options, answer)
    if isinstance(pick, effects.Ask):
        return pick
    if pick == "pay":
        pay(state, step["energy"], seat=ctx["seat"])
        return None
    return effects.frames(step["others"][pick], ctx)


def _affordable(state: dict, cost: dict, ctx: dict) -> bool:
    if "destroy_presence" in cost:
        pairs = ev.presence_options(state, {"board": True, "anyone": True}, ctx)
        return sum(state["lands"][n]["presence"][s] for n, s in pairs) >= cost["destroy_presence"]
    if "destroy_here" in cost:
        land = state["lands"][ctx["land"]]
        have = sum(land["presence"].values()) * ("presence" in cost["destroy_here"])
        return have + len(land["dahan"]) * ("dahan" in cost["destroy_here"]) >= cost["n"]
    return can_pay(state, _energy(state, cost))


def _energy(state: dict, cost: dict) -> int:
    n = cost["energy"]
    return len(state["track"]["discard"]) if n == "invader_discard" else n


def _pay_cost(state: dict, cost: dict, ctx: dict) -> list[dict]:
    if "destroy_presence" in cost:
        return effects.frames([{"do": "lose_presence", "n": cost["destroy_presence"],
                                "board": True, "anyone": True}], ctx)
    if "destroy_here" in cost:
        return effects.frames([{"do": "destroy_here", "kinds": cost["destroy_here"],
                                "n": cost["n"]}], ctx)
    pay(state, _energy(state, cost))
    return []


@effects.verb("protect_board")
def protect_board(state, step, ctx, answer):
    """The spirits may pay one of `costs` to stop `then` (on ctx.board, or in ctx.land for a
    cost paid there); "no" lets it happen."""
    options = ["no"] + [i for i, c in enumerate(step["costs"]) if _affordable(state, c, ctx)]
    pick = effects.ask_or_take(effects.chooser(ctx), "protect", options, answer)
    if isinstance(pick, effects.Ask):
        return pick
    if pick == "no":
        return effects.frames(step["then"], ctx)
    return _pay_cost(state, step["costs"][pick], ctx)


@effects.verb("destroy_here")
def destroy_here(state, step, ctx, answer):
    """Destroy `n` presence or dahan in ctx.land (the players' picks, one at a time)."""
    land = state["lands"][ctx["land"]]
    options = []
    if "presence" in step["kinds"]:
        options += [["presence", s] for s in land["presence"]]
    if "dahan" in step["kinds"] and land["dahan"]:
        options.append(["dahan"])
    n = step["n"]
    if n <= 0 or not options:
        return None
    pick = effects.ask_or_take(effects.chooser(ctx), "destroy", options, answer)
    if isinstance(pick, effects.Ask):
        return pick
    if pick[0] == "presence":
        ev.destroy_presence(state, ctx["land"], pick[1])
    else:
        pcs.destroy(state, land, "dahan")
    return [{"step": {**step, "n": n - 1}, "ctx": ctx}] if n > 1 else None
