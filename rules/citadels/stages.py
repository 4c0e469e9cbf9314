"""Who decides what now: one prompt per moment of the game (draft step, Theater, turn stage,
interrupts of the Magistrate and the Blackmailer, the Emperor's advisor), and the dispatch
of an action to the rule it answers.

One decision is open at a time. Its key is "r<round>.<character|draft>.<stage>.<step>"
(step counts applied actions, so a key is never reused). Kinds, privacy and timeouts:

    decide.draft_take / draft_discard  private  first offered character
    decide.theater                     private  pass
    decide.advisor (killed Emperor)    public   first eligible seat
    decide.gather / gather_no_deck     public   take gold
    decide.keep (drawn, Scholar)       private  first card
    decide.bribe                       public   pay the bribe
    decide.threat_reveal / confiscate  private  do not reveal
    decide.bewitch                     public   first character
    decide.turn / decide.menu          public (menus naming hand cards: private)
                                                end the turn (the Emperor: crown first)
    decide.warrant / threaten          private  first character (the markers are public
                                                once placed; the placing is the Magistrate's
                                                or Blackmailer's own business)
    decide.sign / flower               private  first marked character
    decide.redraw (Magician)           private  done
    decide.grab / wizard_use           private  first card / keep it
    decide.seer_give / cardinal_give / den_pay   private  first card
"""

from __future__ import annotations

from typing import Any, NamedTuple

from rules.citadels import building, effects, flow, turn
from rules.citadels.abilities import as_listed
from rules.citadels.table import Ctx
from rules.core import RuleError

Action = dict[str, Any]


class Prompt(NamedTuple):
    seat: int
    kind: str  # message key "decide.<stage>"
    actions: list[Action]  # choices shown now
    private: bool
    timeout: Action
    full: list[Action] | None = None  # the main part: every legal action behind the menus


# Not revealing a threat or a warrant: a pass whose button says so (shown-only "hide")
KEEP_HIDDEN: Action = {"type": "pass", "hide": True}


def _chars(verb: str, chars: list[str]) -> list[Action]:
    return [{"type": verb, "character": c} for c in chars]


def _cards(verb: str, cards: list[str]) -> list[Action]:
    return [{"type": verb, "card": c} for c in sorted(set(cards))]


def prompt(cx: Ctx, full: list[Action] | None = None) -> Prompt | None:
    """`full`: the main part's legal actions when already known (a menu was only opened or
    closed since they were listed; they do not depend on the menu)."""
    st = cx.st
    if st["phase"] == "over":
        return None
    if st["phase"] == "draft":
        if st.get("theater") is not None:
            owner = st["theater"]
            acts: list[Action] = [{"type": "pass"}]
            for s in range(cx.n):
                if s != owner:
                    acts += [{"type": "theater", "seat": s, "character": c}
                             for c in sorted(cx.seat(owner)["secret"]["chars"])]
            return Prompt(owner, "decide.theater", acts, True, acts[0])
        seat, kind = st["draft"]["steps"][st["draft"]["i"]]
        offer = cx.seat(seat)["secret"]["offer"]
        acts = _chars("take" if kind == "take" else "discard", offer)
        return Prompt(seat, f"decide.draft_{kind}", acts, True, acts[0])
    if st.get("advisor") is not None:
        holder = st["advisor"]
        acts = [{"type": "crown", "seat": s} for s in range(cx.n)
                if s not in (holder, st["crown"])]
        return Prompt(holder, "decide.advisor", acts, False, acts[0])
    t = st["turn"]
    stage, seat, rs = t["stage"], t["seat"], cx.rs
    sub = t["sub"]
    if stage == "gather":
        # an empty district deck has nothing to draw (only discards refill it): gold alone
        gold = {"type": "gold", "amount": turn.gather_gold(cx, seat)}
        if not st["deck_count"]:
            return Prompt(seat, "decide.gather_no_deck", [gold], False, gold)
        drawn, kept = turn.gather_draw(cx, seat)
        acts = [gold, {"type": "cards", "drawn": drawn, "kept": kept}]
        return Prompt(seat, "decide.gather", acts, False, acts[0])
    if stage == "keep":
        acts = _cards("keep", cx.seat(seat)["secret"]["drawn"])
        return Prompt(seat, "decide.keep", acts, True, acts[0])
    if stage == "bribe":
        acts = [{"type": "bribe"}, {"type": "refuse"}]
        return Prompt(seat, "decide.bribe", acts, False, acts[0])
    if stage == "threat_reveal":
        acts = [{"type": "reveal"}, dict(KEEP_HIDDEN)]
        return Prompt(rs["threat_by"], "decide.threat_reveal", acts, True, acts[1])
    if stage == "confiscate":  # a signed warrant that cannot confiscate stays hidden
        acts = building.confiscate_choices(cx, KEEP_HIDDEN)
        return Prompt(rs["magistrate_seat"], "decide.confiscate", acts, True, acts[-1])
    if stage == "main":
        if full is None:
            full = turn.main_actions(cx)
        shown, private = turn.menu_view(cx, full)
        end = next((a for a in full if a["type"] in ("end", "crown")), full[0])
        if t["mode"] == "witch_first":
            return Prompt(seat, "decide.bewitch", shown, False, full[0], full)
        kind = "decide.turn" if t["menu"] is None else "decide.menu"
        return Prompt(seat, kind, shown, private, end, full)
    if stage == "warrant":
        acts = _chars("warrant", [c for c in _targets(cx) if c not in rs["warrants"]])
        return Prompt(seat, "decide.warrant", acts, True, acts[0])
    if stage == "sign":
        acts = _chars("sign", rs["warrants"])
        return Prompt(seat, "decide.sign", acts, True, acts[0])
    if stage == "threaten":
        acts = _chars("threaten", [c for c in _targets(cx, True) if c not in rs["threats"]])
        return Prompt(seat, "decide.threaten", acts, True, acts[0])
    if stage == "flower":
        acts = _chars("flower", rs["threats"])
        return Prompt(seat, "decide.flower", acts, True, acts[0])
    if stage == "redraw":
        acts = _cards("discard", cx.hand(seat)) + [{"type": "done"}]
        return Prompt(seat, "decide.redraw", acts, True, acts[-1])
    if stage == "grab":
        acts = _cards("grab", cx.hand(sub["target"]))
        return Prompt(seat, "decide.grab", acts, True, acts[0])
    if stage == "wizard_use":
        acts = effects.wizard_use_actions(cx)
        return Prompt(seat, "decide.wizard_use", acts, True, acts[-1])
    if stage in ("seer_give", "cardinal_give"):
        acts = _cards("give", cx.hand(seat))
        return Prompt(seat, f"decide.{stage}", acts, True, acts[0])
    if stage == "den_pay":
        acts = _cards("pay", cx.hand(seat))
        return Prompt(seat, "decide.den_pay", acts, True, acts[0])
    raise AssertionError(f"unknown stage {stage}")


def _targets(cx: Ctx, strict: bool = False) -> list[str]:
    from rules.citadels.abilities import char_targets

    return char_targets(cx, strict)


def apply_action(cx: Ctx, seat: int, a: Action, p: Prompt | None) -> None:
    if p is None:
        raise RuleError("err.game_over")
    if seat != p.seat:
        raise RuleError("err.not_your_turn", seat=p.seat)
    st = cx.st
    kind = a.get("type")
    if st["phase"] == "turns" and st.get("advisor") is None and st["turn"]["stage"] == "main":
        turn.apply_main(cx, a, p)
        return
    if p.kind == "decide.confiscate":
        building.check_reveal(cx, a)  # refused with its reason, not as merely unlisted
    a = as_listed(a, p.actions)
    if a not in p.actions:
        raise RuleError("err.illegal")
    if st["phase"] == "draft":
        if kind == "theater":
            flow.theater_swap(cx, seat, a["seat"], a["character"])
        elif kind == "pass":
            flow.theater_swap(cx, seat, None, None)
        elif kind == "take":
            flow.draft_take(cx, seat, a["character"])
        else:
            flow.draft_discard(cx, seat, a["character"])
        return
    if st.get("advisor") is not None:
        flow.advisor_crown(cx, a["seat"])
        return
    t, rs = st["turn"], cx.rs
    stage = t["stage"]
    if stage == "gather":
        turn.gather(cx, "gold" if kind == "gold" else "cards")
    elif stage == "keep":
        turn.keep(cx, a["card"])
    elif stage == "bribe":
        rs["resolved"].append(t["char"])
        if kind == "bribe":
            amount = cx.transfer(seat, rs["threat_by"], cx.seat(seat)["gold"] // 2)
            _drop_marker(cx, t["char"], "threat")
            cx.ev("ev.bribe", s=seat, target=rs["threat_by"], amount=amount)
            turn.enter_main(cx)
        else:
            cx.ev("ev.bribe_refused", s=seat)
            t["stage"] = "threat_reveal"
    elif stage == "threat_reveal":
        if kind == "reveal":
            flower = cx.seat(rs["threat_by"])["secret"]["markers"].get("flower") == t["char"]
            cx.st["chars"][t["char"]]["markers"].append("threat_revealed")
            amount = 0
            if flower:
                amount = cx.transfer(t["seat"], rs["threat_by"], cx.seat(t["seat"])["gold"])
                cx.st["chars"][t["char"]]["markers"].append("flower")
            key = ("ev.threat_flower" if amount else "ev.threat_flower_none") if flower else (
                "ev.threat_blank")
            cx.ev(key, reveal=True,
                  s=rs["threat_by"], target=t["seat"], flower=flower, amount=amount)
        else:
            cx.ev("ev.threat_kept", s=rs["threat_by"])
        turn.enter_main(cx)
    elif stage == "confiscate":
        building.confiscate(cx, kind == "reveal")
    elif stage == "warrant":
        effects.EFFECTS["warrant"](cx, a)
    elif stage == "sign":
        cx.seat(seat)["secret"]["markers"]["signed"] = a["character"]
        cx.ev("ev.signed", seat=seat, character=a["character"])
        t["stage"] = "main"
    elif stage == "threaten":
        effects.EFFECTS["threaten"](cx, a)
    elif stage == "flower":
        cx.seat(seat)["secret"]["markers"]["flower"] = a["character"]
        cx.ev("ev.flowered", seat=seat, character=a["character"])
        t["stage"] = "main"
    elif stage == "redraw":
        if kind == "done":
            effects.redraw_done(cx)
        else:
            effects.redraw_discard(cx, a["card"])
    elif stage == "grab":
        effects.grab(cx, a["card"])
    elif stage == "wizard_use":
        effects.wizard_use(cx, a)
    elif stage in ("seer_give", "cardinal_give"):
        effects.give(cx, a["card"])
    elif stage == "den_pay":
        effects.den_pay(cx, a["card"])


def _drop_marker(cx: Ctx, char: str, marker: str) -> None:
    markers = cx.st["chars"][char]["markers"]
    if marker in markers:
        markers.remove(marker)
