"""Who decides what now, as one table: STAGES maps each moment of the game (draft step,
Theater, the Emperor's advisor, each stage of a turn, the interrupts of the Magistrate and
the Blackmailer) to the decision it opens and how it applies a move. `stage_of` says which
moment a state is at; `prompt` and `apply_action` read the table, nothing else branches.

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
    decide.turn                        public   end the turn (the Emperor: crown first);
                                                every legal move, in groups (GROUP_OF):
                                                the groups naming cards in hand are private
    decide.warrant / threaten          private  first character (the markers are public
                                                once placed; the placing is the Magistrate's
                                                or Blackmailer's own business)
    decide.sign / flower               private  first marked character
    decide.redraw (Magician)           private  done
    decide.grab / wizard_use           private  first card / keep it
    decide.seer_give / cardinal_give / den_pay   private  first card

Menus are no part of the game: a decision lists all its choices and says how they group;
how many fit on a screen is the bot's business. Stored games from before that hold menu
moves ("open", "back"): LEGACY_MENU_MOVES are accepted where they were legal and change
nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from rules.citadels import building, effects, flow, turn
from rules.citadels.abilities import as_listed, char_targets, with_price
from rules.citadels.table import Ctx
from rules.core import Group, RuleError

Action = dict[str, Any]

# Not revealing a threat or a warrant: a pass whose button says so (shown-only "hide")
KEEP_HIDDEN: Action = {"type": "pass", "hide": True}
LEGACY_MENU_MOVES = ("open", "back")

# The main part's groups, in the order a menu shows them, by action type ("ability" for
# every type not named). Private groups name cards in the actor's hand.
GROUP_OF: dict[str, str] = {
    "income": "income", "discard": "discard", "build": "build", "lab": "lab",
    "museum": "museum", "smithy": "district", "armory": "district", "end": "end",
}
GROUP_ORDER = ("income", "ability", "discard", "build", "lab", "museum", "district", "end")
PRIVATE_GROUPS = frozenset({"discard", "build", "lab", "museum"})
GROUPS = {g: Group(key=g, private=g in PRIVATE_GROUPS) for g in GROUP_ORDER}


def group_of(action: Action) -> str:
    return GROUP_OF.get(action["type"], "ability")


class Prompt(NamedTuple):
    seat: int
    kind: str  # message key "decide.<stage>"
    actions: list[Action]  # every legal choice
    private: bool
    timeout: Action
    groups: list[Group] | None = None  # the main part: how its choices group


def _first(acts: list[Action]) -> Action:
    return acts[0]


def _second(acts: list[Action]) -> Action:
    return acts[1]


def _last(acts: list[Action]) -> Action:
    return acts[-1]


class Stage(NamedTuple):
    """One moment of the game: who decides, what they may choose, how a choice applies."""

    private: bool
    seat: Callable[[Ctx], int]
    choices: Callable[[Ctx], list[Action]]
    timeout: Callable[[list[Action]], Action]
    apply: Callable[[Ctx, int, Action], None]
    # the choices a move is checked against, when cheaper than all of them (the main part,
    # whose paid moves may come without their price)
    listed: Callable[[Ctx, Action], list[Action]] | None = None
    # refuses a move with its own reason before it is checked against the choices
    check: Callable[[Ctx, Action], None] | None = None


# -- who decides ----------------------------------------------------------------------
def _turn_seat(cx: Ctx) -> int:
    return cx.turn["seat"]


def _draft_seat(cx: Ctx) -> int:
    draft = cx.st["draft"]
    return draft["steps"][draft["i"]][0]


# -- what they may choose ---------------------------------------------------------------
def _chars(verb: str, chars: list[str]) -> list[Action]:
    return [{"type": verb, "character": c} for c in chars]


def _cards(verb: str, cards: list[str]) -> list[Action]:
    return [{"type": verb, "card": c} for c in sorted(set(cards))]


def _theater_choices(cx: Ctx) -> list[Action]:
    owner = cx.st["theater"]
    acts: list[Action] = [{"type": "pass"}]
    for s in range(cx.n):
        if s != owner:
            acts += [{"type": "theater", "seat": s, "character": c}
                     for c in sorted(cx.seat(owner)["secret"]["chars"])]
    return acts


def _offer(verb: str) -> Callable[[Ctx], list[Action]]:
    return lambda cx: _chars(verb, cx.seat(_draft_seat(cx))["secret"]["offer"])


def _advisor_choices(cx: Ctx) -> list[Action]:
    st = cx.st
    return [{"type": "crown", "seat": s} for s in range(cx.n)
            if s not in (st["advisor"], st["crown"])]


def _gold(cx: Ctx) -> Action:
    return {"type": "gold", "amount": turn.gather_gold(cx, cx.turn["seat"])}


def _gather_choices(cx: Ctx) -> list[Action]:
    drawn, kept = turn.gather_draw(cx, cx.turn["seat"])
    return [_gold(cx), {"type": "cards", "drawn": drawn, "kept": kept}]


def _own_cards(verb: str) -> Callable[[Ctx], list[Action]]:
    return lambda cx: _cards(verb, cx.hand(cx.turn["seat"]))


def _reveal_choices(cx: Ctx) -> list[Action]:
    return [{"type": "reveal"}, dict(KEEP_HIDDEN)]


# -- how a choice applies -----------------------------------------------------------------
def _theater(cx: Ctx, seat: int, a: Action) -> None:
    if a["type"] == "theater":
        flow.theater_swap(cx, seat, a["seat"], a["character"])
    else:
        flow.theater_swap(cx, seat, None, None)


def _bribe(cx: Ctx, seat: int, a: Action) -> None:
    t, rs = cx.turn, cx.rs
    rs["resolved"].append(t["char"])
    if a["type"] == "bribe":
        amount = cx.transfer(seat, rs["threat_by"], cx.seat(seat)["gold"] // 2)
        markers = cx.st["chars"][t["char"]]["markers"]
        if "threat" in markers:
            markers.remove("threat")
        cx.ev("citadels.ev.bribe", s=seat, target=rs["threat_by"], amount=amount)
        turn.enter_main(cx)
    else:
        cx.ev("citadels.ev.bribe_refused", s=seat)
        t["stage"] = "threat_reveal"


def _threat_reveal(cx: Ctx, seat: int, a: Action) -> None:
    t, rs = cx.turn, cx.rs
    if a["type"] == "reveal":
        flower = cx.seat(rs["threat_by"])["secret"]["markers"].get("flower") == t["char"]
        cx.st["chars"][t["char"]]["markers"].append("threat_revealed")
        amount = 0
        if flower:
            amount = cx.transfer(t["seat"], rs["threat_by"], cx.seat(t["seat"])["gold"])
            cx.st["chars"][t["char"]]["markers"].append("flower")
        key = ("citadels.ev.threat_flower" if amount else "citadels.ev.threat_flower_none") if flower else (
            "citadels.ev.threat_blank")
        cx.ev(key, reveal=True,
              s=rs["threat_by"], target=t["seat"], flower=flower, amount=amount)
    else:
        cx.ev("citadels.ev.threat_kept", s=rs["threat_by"])
    turn.enter_main(cx)


def _mark(marker: str, key: str) -> Callable[[Ctx, int, Action], None]:
    """The Magistrate's signed warrant, the Blackmailer's flowered threat: a secret marker."""
    def apply(cx: Ctx, seat: int, a: Action) -> None:
        cx.seat(seat)["secret"]["markers"][marker] = a["character"]
        cx.ev(key, seat=seat, character=a["character"])
        cx.turn["stage"] = "main"
    return apply


def _redraw(cx: Ctx, seat: int, a: Action) -> None:
    if a["type"] == "done":
        effects.redraw_done(cx)
    else:
        effects.redraw_discard(cx, a["card"])


def _main(cx: Ctx, seat: int, a: Action) -> None:
    t = cx.turn
    if t["beautified"] and a["type"] != "beautify" and not cx.opts["artist_split"]:
        t["beautified"] = 2
    effects.EFFECTS[a["type"]](cx, a)


def _effect(kind: str) -> Callable[[Ctx, int, Action], None]:
    return lambda cx, seat, a: effects.EFFECTS[kind](cx, a)


def _main_timeout(acts: list[Action]) -> Action:
    return next((a for a in acts if a["type"] in ("end", "crown")), acts[0])


STAGES: dict[str, Stage] = {
    "draft_take": Stage(True, _draft_seat, _offer("take"), _first,
                        lambda cx, seat, a: flow.draft_take(cx, seat, a["character"])),
    "draft_discard": Stage(True, _draft_seat, _offer("discard"), _first,
                           lambda cx, seat, a: flow.draft_discard(cx, seat, a["character"])),
    "theater": Stage(True, lambda cx: cx.st["theater"], _theater_choices, _first, _theater),
    "advisor": Stage(False, lambda cx: cx.st["advisor"], _advisor_choices, _first,
                     lambda cx, seat, a: flow.advisor_crown(cx, a["seat"])),
    "gather": Stage(False, _turn_seat, _gather_choices, _first,
                    lambda cx, seat, a: turn.gather(cx, a["type"])),
    # an empty district deck has nothing to draw (only discards refill it): gold alone
    "gather_no_deck": Stage(False, _turn_seat, lambda cx: [_gold(cx)], _first,
                            lambda cx, seat, a: turn.gather(cx, "gold")),
    "keep": Stage(True, _turn_seat,
                  lambda cx: _cards("keep", cx.seat(cx.turn["seat"])["secret"]["drawn"]),
                  _first, lambda cx, seat, a: turn.keep(cx, a["card"])),
    "bribe": Stage(False, _turn_seat, lambda cx: [{"type": "bribe"}, {"type": "refuse"}],
                   _first, _bribe),
    "threat_reveal": Stage(True, lambda cx: cx.rs["threat_by"], _reveal_choices, _second,
                           _threat_reveal),
    # a signed warrant on a build that cannot be confiscated stays hidden (building.py)
    "confiscate": Stage(True, lambda cx: cx.rs["magistrate_seat"],
                        lambda cx: building.confiscate_choices(cx, KEEP_HIDDEN), _last,
                        lambda cx, seat, a: building.confiscate(cx, a["type"] == "reveal"),
                        check=building.check_reveal),
    "bewitch": Stage(False, _turn_seat,
                     lambda cx: _chars("bewitch", char_targets(cx, strict=False)), _first,
                     _effect("bewitch")),
    "main": Stage(False, _turn_seat, turn.main_actions, _main_timeout, _main,
                  listed=turn.main_listed),
    "warrant": Stage(True, _turn_seat, lambda cx: _chars("warrant", [
        c for c in char_targets(cx, False) if c not in cx.rs["warrants"]]), _first,
        _effect("warrant")),
    "sign": Stage(True, _turn_seat, lambda cx: _chars("sign", cx.rs["warrants"]), _first,
                  _mark("signed", "citadels.ev.signed")),
    "threaten": Stage(True, _turn_seat, lambda cx: _chars("threaten", [
        c for c in char_targets(cx, True) if c not in cx.rs["threats"]]), _first,
        _effect("threaten")),
    "flower": Stage(True, _turn_seat, lambda cx: _chars("flower", cx.rs["threats"]), _first,
                    _mark("flower", "citadels.ev.flowered")),
    "redraw": Stage(True, _turn_seat,
                    lambda cx: [*_own_cards("discard")(cx), {"type": "done"}], _last,
                    _redraw),
    "grab": Stage(True, _turn_seat,
                  lambda cx: _cards("grab", cx.hand(cx.turn["sub"]["target"])), _first,
                  lambda cx, seat, a: effects.grab(cx, a["card"])),
    "wizard_use": Stage(True, _turn_seat, effects.wizard_use_actions, _last,
                        lambda cx, seat, a: effects.wizard_use(cx, a)),
    "seer_give": Stage(True, _turn_seat, _own_cards("give"), _first,
                       lambda cx, seat, a: effects.give(cx, a["card"])),
    "cardinal_give": Stage(True, _turn_seat, _own_cards("give"), _first,
                           lambda cx, seat, a: effects.give(cx, a["card"])),
    "den_pay": Stage(True, _turn_seat, _own_cards("pay"), _first,
                     lambda cx, seat, a: effects.den_pay(cx, a["card"])),
}


def stage_of(st: dict[str, Any]) -> str | None:
    """The moment a state is at (a key of STAGES); None once the game is over."""
    if st["phase"] == "over":
        return None
    if st["phase"] == "draft":
        if st.get("theater") is not None:
            return "theater"
        draft = st["draft"]
        return f"draft_{draft['steps'][draft['i']][1]}"
    if st.get("advisor") is not None:
        return "advisor"
    t = st["turn"]
    stage = t["stage"]
    if stage == "gather" and not st["deck_count"]:
        return "gather_no_deck"
    if stage == "main" and t["mode"] == "witch_first":
        return "bewitch"
    return stage


def _groups(cx: Ctx, acts: list[Action]) -> list[Group]:
    seen = {group_of(a) for a in acts}
    if turn.may_build(cx):
        seen.add("build")  # offered whenever building could be possible (nothing leaks)
    return [GROUPS[g] for g in GROUP_ORDER if g in seen]


def prompt(cx: Ctx) -> Prompt | None:
    name = stage_of(cx.st)
    if name is None:
        return None
    stage = STAGES[name]
    acts = stage.choices(cx)
    groups = _groups(cx, acts) if name == "main" else None
    return Prompt(stage.seat(cx), f"citadels.decide.{name}" if name != "main" else "citadels.decide.turn",
                  acts, stage.private, stage.timeout(acts), groups)


def is_legacy_menu_move(st: dict[str, Any], seat: int, a: Action) -> bool:
    """An "open"/"back" of a stored game from when turns had menus: where it was legal
    (the main part, by the turn's player), replaying it changes nothing."""
    return a.get("type") in LEGACY_MENU_MOVES and stage_of(st) == "main" and (
        st["turn"]["seat"] == seat)


def apply_action(cx: Ctx, seat: int, a: Action) -> None:
    name = stage_of(cx.st)
    if name is None:
        raise RuleError("citadels.err.game_over")
    stage = STAGES[name]
    # checking reads only: a plain context, so that no seat is copied for it (cx.seat)
    reader = Ctx(cx.st)
    decider = stage.seat(reader)
    if seat != decider:
        raise RuleError("citadels.err.not_your_turn", seat=decider)
    if stage.check is not None:
        stage.check(reader, a)
    if stage.listed is not None:
        # a paid action typed or logged without its price: the price of now (PRICED)
        a = with_price(reader, seat, a)
        listed = stage.listed(reader, a)
    else:
        listed = stage.choices(reader)
    a = as_listed(a, listed)
    if a not in listed:
        raise RuleError("citadels.err.illegal")
    stage.apply(cx, seat, a)
