"""Power cards and innate powers (data/powers.json) and the verbs the spirits need.

A card is `{deck, cost, speed, elements, target, effect}`: `target` is the first step
(`target_land` or `target_spirit`), `effect` the steps after it; `card_effect` joins them.
An innate's tiers each have a `threshold` of elements and an `effect`; a tier marked
`instead` replaces the tiers below it, a tier marked `fast` lets the power be Fast.

The spirits' special rules that change how generic verbs work wrap those verbs here:
River's Domain, Shadows of the Dahan and Ocean in Play for targeting; To Dream a Thousand
Deaths (and Vengeance of the Dead's marks) for damage and destroy; Dread Apparitions for
fear; Ocean in Play and Steady Regeneration for adding presence; Ocean in Play and Ally of
the Dahan for push and gather. A wrapper acts only while its rule is in play and hands
everything else to effects.py.
"""

from __future__ import annotations

import functools
import json
from pathlib import Path
from typing import Any

from rules.spirit_island import actions as act
from rules.spirit_island import effects as fx
from rules.spirit_island import hooks
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island import spirits as sp
from rules.spirit_island import tokens as tok

_DATA = json.loads((Path(__file__).parent / "data" / "powers.json").read_text(encoding="utf-8"))
CARDS: dict[str, dict] = _DATA["cards"]
INNATES: dict[str, dict] = _DATA["innates"]

BRINGER, OCEAN, RIVER, SHADOWS, LIGHTNING, THUNDER, GREEN = (
    "Bringer of Dreams and Nightmares",
    "Ocean's Hungry Grasp",
    "River Surges in Sunlight",
    "Shadows Flicker Like Flame",
    "Lightning's Swift Strike",
    "Thunderspeaker",
    "A Spread of Rampant Green",
)
# Seat keys the spirits' verbs set for one turn; `time_passes` clears them.
TURN_KEYS = ("slow_as_fast", "slow_used_fast", "card_plays_bonus", "range_bonus", "repeats",
             "reclaim_at_end", "entwined")
# To Dream a Thousand Deaths: fear instead of destroying each kind of invader.
DREAM_FEAR = {"explorer": 0, "town": 2, "city": 5}
ALL = 1000  # "all" as a count of saves


def card_effect(name: str) -> list[dict]:
    card = CARDS[name]
    return [card["target"], *card["effect"]]


def _elements(state: dict, seat: int) -> dict:
    return state["seats"][seat].get("elements", {})


def innate_tiers(state: dict, seat: int, name: str) -> list[int]:
    """The tiers (0-based) whose thresholds the seat's elements this turn reach."""
    have = _elements(state, seat)
    return [
        i
        for i, tier in enumerate(INNATES[name]["tiers"])
        if all(have.get(e, 0) >= n for e, n in tier["threshold"].items())
    ]


def innate_effect(state: dict, seat: int, name: str) -> list[dict]:
    """The innate's target and the steps of every tier reached (an `instead` tier drops the
    ones below it); just the target when no tier with an effect is reached."""
    steps: list[dict] = []
    for i in innate_tiers(state, seat, name):
        tier = INNATES[name]["tiers"][i]
        if tier.get("instead"):
            steps = []
        steps += tier["effect"]
    return [INNATES[name]["target"], *steps] if steps else []


def _rule(state: dict, seat: int | None, spirit: str, rule: str) -> bool:
    return (
        seat is not None
        and rule in state.get("rules", ())
        and state["seats"][seat].get("spirit") == spirit
    )


def may_be_fast(state: dict, seat: int, name: str) -> bool:
    """Whether a power may be used in the Fast phase: it is Fast, or an innate's `fast`
    tier is reached (Thunderspeaker at 4 Air), or the seat has a Slow-as-Fast use left
    (Lightning's Boon, or Swiftness of Lightning: one per Air)."""
    power = CARDS.get(name) or INNATES[name]
    if power["speed"] == "fast":
        return True
    if name in INNATES and any(
        INNATES[name]["tiers"][i].get("fast") for i in innate_tiers(state, seat, name)
    ):
        return True
    return slow_as_fast_left(state, seat) > 0


def slow_as_fast_left(state: dict, seat: int) -> int:
    row = state["seats"][seat]
    swift = _elements(state, seat).get("air", 0) if _rule(state, seat, LIGHTNING, "swiftness") else 0
    return row.get("slow_as_fast", 0) + swift - row.get("slow_used_fast", 0)


def use_slow_as_fast(state: dict, seat: int) -> None:
    """Count one Slow power used as Fast (turn.py calls this; cleared with the turn)."""
    row = state["seats"][seat]
    row["slow_used_fast"] = row.get("slow_used_fast", 0) + 1


def time_passes(state: dict) -> None:
    """End of turn: the this-turn grants of the spirits' verbs lapse."""
    for row in state.get("seats", ()):
        for key in TURN_KEYS:
            row.pop(key, None)


# --- counting for `per` and `watch` ---------------------------------------------------------------


def _count(state: dict, spec: Any, ctx: dict) -> int:
    if isinstance(spec, int):
        return spec
    if "kind" in spec and spec.get("in") == "adjacent":
        near = isl.adjacent(tuple(state["boards"]), ctx["land"])
        value = sum(fx.count(state, state["lands"][n], spec["kind"], ctx) for n in near)
    elif "kind" in spec:
        value = fx.count(state, state["lands"][ctx["land"]], spec["kind"], ctx)
    elif "element" in spec:
        value = _elements(state, ctx["seat"]).get(spec["element"], 0)
    elif spec.get("moved"):
        value = ctx.get("moved", 0)
    elif spec.get("played"):
        value = len(state["seats"][ctx["seat"]].get("played", []))
    else:
        raise ValueError(f"cannot count {spec}")
    value *= _count(state, spec.get("times", 1), ctx)
    value //= spec.get("div", 1)
    return min(value, spec.get("max", value))


def _watched(state: dict, step: dict, ctx: dict) -> dict[str, int]:
    lands = [ctx["land"]]
    if step.get("in") == "adjacent":
        lands = [
            n for n in isl.adjacent(tuple(state["boards"]), ctx["land"])
            if not step.get("where_any")
            or any(fx.land_matches(state, n, w, ctx) for w in step["where_any"])
        ]
    return {n: sum(fx.count(state, state["lands"][n], k, ctx) for k in step["kinds"]) for n in lands}


# --- verbs ----------------------------------------------------------------------------------------


@fx.verb("per")
def per(state, step, ctx, answer):
    """Run `then` with its `n` set to a count: pieces of `kind` in the land (or, with
    `in: adjacent`, in its adjacent lands), the acting spirit's `element`, cards it
    `played` this turn, or the pieces a `watch` saw `moved` into this land; `times` (a
    number or another count), `div` (rounded down), `max`."""
    n = _count(state, step["count"], ctx)
    return fx.frames([{**step["then"], "n": n}], ctx) if n > 0 else None


@fx.verb("watch")
def watch(state, step, ctx, answer):
    """Run `then`, then `each` once per piece of `kinds` the land (or, with `in: adjacent`,
    its adjacent lands matching one of `where_any`) `lost` or `gained` (at most `max`), or
    `any` once if that is 1 or more, and `in_each` in each watched land that changed (with
    `ctx.moved` = how many there)."""
    before = _watched(state, step, ctx)
    end = {**step, "do": "watch_end", "before": before}
    return fx.frames([*step["then"], end], ctx)


@fx.verb("watch_end")
def watch_end(state, step, ctx, answer):
    after = _watched(state, step, ctx)
    sign = -1 if step.get("change", "lost") == "lost" else 1
    diffs = {n: sign * (after.get(n, 0) - was) for n, was in step["before"].items()}
    change = sum(diffs.values())
    change = min(change, step.get("max", change))
    if change <= 0:
        return None
    out = fx.frames(step["any"] if "any" in step else step.get("each", []) * change, ctx)
    for land, moved in diffs.items():
        if moved > 0 and "in_each" in step:
            out += fx.frames(step["in_each"], fx._new_ctx(state, ctx, land=land, moved=moved))
    return out


@fx.verb("if_more")
def if_more(state, step, ctx, answer):
    land = state["lands"][ctx["land"]]
    more = fx.count(state, land, step["kind"], ctx) > fx.count(state, land, step["than"], ctx)
    return fx.frames(step["then"], ctx) if more else None


@fx.verb("if_self")
def if_self(state, step, ctx, answer):
    branch = step["then"] if ctx.get("spirit") == ctx.get("seat") else step.get("else", [])
    return fx.frames(branch, ctx)


@fx.verb("as_target")
def as_target(state, step, ctx, answer):
    """Run `then` as the target spirit (`ctx.spirit` becomes the acting seat; its player
    makes the choices, its presence and elements count)."""
    fresh = fx._new_ctx(state, ctx, seat=ctx["spirit"], by=ctx.get("seat"))
    return fx.frames(step["then"], fresh)


@fx.verb("slow_as_fast")
def slow_as_fast(state, step, ctx, answer):
    row = state["seats"][ctx["seat"]]
    row["slow_as_fast"] = row.get("slow_as_fast", 0) + step.get("n", 1)
    return None


@fx.verb("card_plays")
def card_plays(state, step, ctx, answer):
    row = state["seats"][ctx["seat"]]
    row["card_plays_bonus"] = row.get("card_plays_bonus", 0) + step.get("n", 1)
    return None


@fx.verb("grant_repeat")
def grant_repeat(state, step, ctx, answer):
    """The spirit may repeat 1 power card costing at most `max_cost` this turn (paying
    its cost again); turn.py offers it from `seats[i]["repeats"]`."""
    state["seats"][ctx["seat"]].setdefault("repeats", []).append(step["max_cost"])
    return None


@fx.verb("save_pieces")
def save_pieces(state, step, ctx, answer):
    """Pieces of `kind` in the land take no harm from the ravage this turn (`n` of them)."""
    n = step.get("n", 1)
    tok.add_save(state, ctx["land"], step["kind"], ALL if n == "all" else n)
    return None


@fx.verb("dahan_strike_with")
def dahan_strike_with(state, step, ctx, answer):
    """Words of Warning: this turn the dahan in the land deal their damage at the same time
    as the ravaging invaders, so dahan the ravage kills strike too."""
    fx.turn_marks(state, ctx["land"])["dahan_strike_with"] = True
    rules = state.setdefault("rules", [])
    if "words-of-warning" not in rules:
        rules.append("words-of-warning")
    return None


@hooks.on("ravage_damage", "words-of-warning")
def _dahan_before(state: dict, land: str, damage: int) -> None:
    if state.get("turn_marks", {}).get(land, {}).get("dahan_strike_with"):
        state.setdefault("dahan_striking", {})[land] = len(state["lands"][land]["dahan"])


@hooks.on("after_ravage", "words-of-warning")
def _dead_dahan_strike(state: dict, land: str, report: dict) -> None:
    before = state.get("dahan_striking", {}).pop(land, None)
    if before is None:
        return
    dead = before - len(state["lands"][land]["dahan"])
    if dead > 0:
        inv.counterattack(state, state["lands"][land], pcs.ATTACK["dahan"] * dead)
        report["counterattack"] = report.get("counterattack", 0) + pcs.ATTACK["dahan"] * dead


@fx.verb("dahan_health")
def dahan_health(state, step, ctx, answer):
    """Infinite Vitality: dahan have `n` more health while in the land this turn."""
    marks = fx.turn_marks(state, ctx["land"])
    marks["dahan_health"] = marks.get("dahan_health", 0) + step.get("n", 1)
    rules = state.setdefault("rules", [])
    if "dahan-health" not in rules:
        rules.append("dahan-health")
    return None


@hooks.on("health", "dahan-health")
def _dahan_health(state: dict, land: str, kind: str) -> int | None:
    if kind != "dahan":
        return None
    return state.get("turn_marks", {}).get(land, {}).get("dahan_health") or None


@fx.verb("fear_defends")
def fear_defends(state, step, ctx, answer):
    """Dread Apparitions: this turn, fear a power generates in the land also defends 1 each
    (the fear of destroyed towns and cities is not a power's `fear` step, so it does not)."""
    fx.turn_marks(state, ctx["land"])["fear_defends"] = True
    return None


@fx.verb("reveal_fear")
def reveal_fear(state, step, ctx, answer):
    fear = state.get("fear", {})
    shown = fear.setdefault("revealed", [])
    options = [c for c in fear.get("earned_cards", []) if c not in shown]
    if not options:
        return None
    card = fx.ask_or_take(fx.chooser(ctx), "reveal_fear", options, answer)
    if isinstance(card, fx.Ask):
        return card
    shown.append(card)
    return None


@fx.verb("gain_element_had")
def gain_element_had(state, step, ctx, answer):
    have = _elements(state, ctx["seat"])
    options = [e for e in sp.ELEMENTS if have.get(e, 0) >= 1]
    if not options:
        return None
    element = fx.ask_or_take(ctx["seat"], "element", options, answer)
    if isinstance(element, fx.Ask):
        return element
    have[element] += 1
    return None


@fx.verb("choose_elements")
def choose_elements(state, step, ctx, answer):
    """The spirit gains `n` different elements of its choice, one at a time; with `share`,
    the spirit that gave them (`ctx.by`, when another) gains the same."""
    chosen = step.get("chosen", [])
    if answer is None:
        options = [e for e in sp.ELEMENTS if e not in chosen]
        return fx.Ask(ctx["seat"], "element", options)
    chosen = [*chosen, answer]
    if len(chosen) < step["n"]:
        return [{"step": {**step, "chosen": chosen}, "ctx": ctx}]
    giver = ctx.get("by")
    for seat in {ctx["seat"], *([giver] if step.get("share") and giver is not None else [])}:
        have = state["seats"][seat].setdefault("elements", {})
        for element in chosen:
            have[element] = have.get(element, 0) + 1
    return None


@fx.verb("range_bonus")
def range_bonus(state, step, ctx, answer):
    """The spirit's powers reach `n` further this turn (`seats[i]["range_bonus"]`)."""
    row = state["seats"][ctx["seat"]]
    row["range_bonus"] = row.get("range_bonus", 0) + step.get("n", 1)
    return None


@fx.verb("keep_a_card")
def keep_a_card(state, step, ctx, answer):
    """At the end of this turn the spirit may reclaim 1 power card instead of discarding it
    (`seats[i]["reclaim_at_end"]`, for turn.py)."""
    row = state["seats"][ctx["seat"]]
    row["reclaim_at_end"] = row.get("reclaim_at_end", 0) + 1
    return None


@fx.verb("if_sacred_sites")
def if_sacred_sites(state, step, ctx, answer):
    enough = len(sp.sacred_sites(state, ctx["seat"])) >= step["at_least"]
    return fx.frames(step["then"] if enough else step.get("else", []), ctx)


@fx.verb("adjacent_land")
def adjacent_land(state, step, ctx, answer):
    """Run `then` in an adjacent land (matching `where`; with `self`, the land itself too)
    the spirit picks, or in each (`each`)."""
    near = [*([ctx["land"]] if step.get("self") else []),
            *isl.adjacent(tuple(state["boards"]), ctx["land"])]
    near = [n for n in near if fx.land_matches(state, n, step.get("where"), ctx)]
    if not near:
        return None
    if step.get("each"):
        return [f for n in near for f in fx.frames(step["then"], fx._new_ctx(state, ctx, land=n))]
    land = fx.ask_or_take(fx.chooser(ctx), "adjacent_land", near, answer)
    if isinstance(land, fx.Ask):
        return land
    return fx.frames(step["then"], fx._new_ctx(state, ctx, land=land))


@fx.verb("same_board")
def same_board(state, step, ctx, answer):
    """Run `then` in each other land of the target land's board matching `where`."""
    board = isl.island(tuple(state["boards"]))[ctx["land"]]["board"]
    lands = [n for n in fx.lands_matching(state, {**step.get("where", {}), "board": board}, ctx)
             if n != ctx["land"]]
    return [f for n in lands for f in fx.frames(step["then"], fx._new_ctx(state, ctx, land=n))]


@fx.verb("move_to_land")
def move_to_land(state, step, ctx, answer):
    """Move up to `n` pieces of `kinds` from the land to one land of the spirit's choice
    (anywhere), then run `then` there."""
    source = state["lands"][ctx["land"]]
    to = step.get("to")
    if to is None:
        options = [n for n in isl.land_names(tuple(state["boards"])) if n != ctx["land"]]
        to = fx.ask_or_take(fx.chooser(ctx), "move_to", options, answer)
        if isinstance(to, fx.Ask):
            return to
        return [{"step": {**step, "to": to, "moved": 0}, "ctx": ctx}]
    kinds = [k for k in fx._kinds(step) if source[k]]
    if kinds and step["moved"] < step["n"]:
        kind = fx.ask_or_take(fx.chooser(ctx), "move", [*kinds, fx.DONE], answer)
        if isinstance(kind, fx.Ask):
            return kind
        if kind != fx.DONE:
            state["lands"][to][kind].append(source[kind].pop())
            return [{"step": {**step, "moved": step["moved"] + 1}, "ctx": ctx}]
    return fx.frames(step.get("then", []), fx._new_ctx(state, ctx, land=to))


@fx.verb("restore_presence")
def restore_presence(state, step, ctx, answer):
    """The target spirit adds up to `n` of its destroyed presence to the land; `then` runs
    if any was added."""
    row = state["seats"][ctx["spirit"]]
    n = min(step.get("n", 1), row.get("destroyed", 0))
    if n <= 0:
        return None
    row["destroyed"] -= n
    pcs.add_presence(state["lands"][ctx["land"]], fx.presence_key(state, ctx["spirit"]), n)
    return fx.frames(step.get("then", []), ctx)


@fx.verb("if_forgotten")
def if_forgotten(state, step, ctx, answer):
    """`then` if the spirit no longer has `card` (it forgot it)."""
    row = state["seats"][ctx["seat"]]
    kept = step["card"] in row["hand"] + row["played"] + row["discard"]
    return None if kept else fx.frames(step["then"], ctx)


@fx.verb("play_gained")
def play_gained(state, step, ctx, answer):
    """The spirit may play the Major it just gained at once, paying its cost: it joins the
    played cards (its elements count) and this turn's powers still to use."""
    row = state["seats"][ctx["seat"]]
    name = row["hand"][-1] if row["hand"] else None
    if name is None or CARDS.get(name, {}).get("deck") != "major":
        return None
    if row["energy"] < CARDS[name]["cost"]:
        return None
    pick = fx.ask_or_take(ctx["seat"], "play_now", ["yes", "no"], answer)
    if isinstance(pick, fx.Ask) or pick == "no":
        return pick if isinstance(pick, fx.Ask) else None
    row["hand"].remove(name)
    row["played"].append(name)
    row["energy"] -= CARDS[name]["cost"]
    for element in CARDS[name]["elements"]:
        row["elements"][element] = row["elements"].get(element, 0) + 1
    row.setdefault("powers", []).append(name)
    return None


@fx.verb("clash")
def clash(state, step, ctx, answer):
    """Explorers and towns/cities in the land damage each other at once: 1 per explorer to
    towns/cities, each town's and city's attack to explorers."""
    land = state["lands"][ctx["land"]]
    by_explorers = len(land["explorer"])
    by_towns = sum(pcs.ATTACK[k] * len(land[k]) for k in ("town", "city"))
    return fx.frames([{"do": "damage", "n": by_explorers, "kinds": ["town", "city"]},
                      {"do": "damage", "n": by_towns, "kinds": ["explorer"]}], ctx)


@fx.verb("entwine")
def entwine(state, step, ctx, answer):
    """Entwined Power: this turn the spirit and the target may target powers from each
    other's presence (`seats[i]["entwined"]`, read by target_land)."""
    me, other = ctx["seat"], ctx["spirit"]
    for a, b in ((me, other), (other, me)):
        partners = state["seats"][a].setdefault("entwined", [])
        if b not in partners and a != b:
            partners.append(b)
    return None


@fx.verb("take_passed_over")
def take_passed_over(state, step, ctx, answer):
    """Entwined Power: the spirit gains one of the cards the target spirit just drew and
    did not keep (the last ones gain_card put on that deck's discard); a Major asks a forget."""
    target = state["seats"][ctx["spirit"]]
    kept = target["hand"][-1] if target["hand"] else None
    kind = CARDS.get(kept, {}).get("deck")
    pile = state.get("power_discard", {}).get(kind, []) if kind in ("minor", "major") else []
    options = step.get("options") or pile[-3:]
    if not options:
        return None
    card = fx.ask_or_take(ctx["seat"], "gain_card", options, answer)
    if isinstance(card, fx.Ask):
        fx.remember(state, options=options)
        return card
    pile.remove(card)
    state["seats"][ctx["seat"]]["hand"].append(card)
    return [{"step": {"do": "forget"}, "ctx": ctx}] if kind == "major" else None


@fx.verb("give_card")
def give_card(state, step, ctx, answer):
    """The spirit may give 1 power card from its hand to the target spirit."""
    hand = state["seats"][ctx["seat"]]["hand"]
    if not hand:
        return None
    card = fx.ask_or_take(ctx["seat"], "give_card", [*hand, fx.DONE], answer)
    if isinstance(card, fx.Ask) or card == fx.DONE:
        return card if isinstance(card, fx.Ask) else None
    hand.remove(card)
    state["seats"][ctx["spirit"]]["hand"].append(card)
    return None


def _land(state: dict, name: str) -> dict:
    # Oceans hold no pieces in a fresh state; Ocean's Hungry Grasp's presence brings one in.
    return state["lands"].setdefault(name, pcs.empty_land())


@fx.verb("setup_presence")
def setup_presence(state, step, ctx, answer):
    """Setup: put `n` presence in each of `count` lands chosen from `lands`."""
    land = fx.ask_or_take(ctx["seat"], "setup_presence", step["lands"], answer)
    if isinstance(land, fx.Ask):
        return land
    pcs.add_presence(_land(state, land), fx.presence_key(state, ctx["seat"]), step["n"])
    left = [n for n in step["lands"] if n != land]
    if step.get("count", 1) > 1 and left:
        return [{"step": {**step, "lands": left, "count": step["count"] - 1}, "ctx": ctx}]
    return None


def _all_lands(state: dict, where: dict | None, ctx: dict) -> list[str]:
    """Every land matching `where`, with no range: Oceans too when it asks for them."""
    boards = tuple(state["boards"])
    names = isl.island(boards) if (where or {}).get("ocean") else isl.land_names(boards)
    return [n for n in names if fx.land_matches(state, n, where, ctx)]


@fx.verb("place_presence")
def place_presence(state, step, ctx, answer):
    """Add a presence (from a track or destroyed) with no range: into the target land
    (`here`) or any land matching `where` (Oceans too when `where.ocean`)."""
    seat = ctx["seat"]
    source = step.get("source")
    if source is None:
        options = fx.presence_sources(state, seat)
        if not options:
            return None
        source = fx.ask_or_take(seat, "presence_source", options, answer)
        if isinstance(source, fx.Ask):
            return source
        return [{"step": {**step, "source": source}, "ctx": ctx}]
    lands = [ctx["land"]] if step.get("here") else _all_lands(state, step.get("where"), ctx)
    if not lands:
        return None
    land = fx.ask_or_take(seat, "add_presence", lands, answer)
    if isinstance(land, fx.Ask):
        return land
    row = state["seats"][seat]
    if source == "destroyed":
        row["destroyed"] -= 1
    else:
        row["tracks"][source] += 1
    pcs.add_presence(_land(state, land), fx.presence_key(state, seat))
    return None


def _move_presence(state: dict, key: str, source: str, target: str) -> None:
    pcs.destroy_presence(state["lands"][source], key)  # a move: the piece is not destroyed
    pcs.add_presence(_land(state, target), key)


@fx.verb("gather_presence")
def gather_presence(state, step, ctx, answer):
    """Into each land matching `into` (Ocean's growth: each Ocean), the spirit may gather
    `n` of its presence from adjacent lands. `todo` keeps the lands still to do."""
    key = fx.presence_key(state, ctx["seat"])
    boards = tuple(state["boards"])
    todo = step.get("todo")
    if todo is None:
        todo = [n for n in _all_lands(state, step["into"], ctx)]
    while todo:
        target = todo[0]
        options = [[s, target] for s in isl.adjacent(boards, target, ocean=True)
                   if state["lands"].get(s, {}).get("presence", {}).get(key)]
        if options:
            pick = fx.ask_or_take(ctx["seat"], "gather_presence", [*options, fx.DONE], answer)
            if isinstance(pick, fx.Ask):
                fx.remember(state, todo=todo)
                return pick
            answer = None
            if pick != fx.DONE:
                _move_presence(state, key, pick[0], target)
        todo = todo[1:]
    return None


@fx.verb("push_presence")
def push_presence(state, step, ctx, answer):
    """From each land matching `from` where the spirit has presence, it may push `n` of it
    to an adjacent land (from an Ocean: a coastal land)."""
    key = fx.presence_key(state, ctx["seat"])
    boards = tuple(state["boards"])
    todo = step.get("todo")
    if todo is None:
        todo = [n for n in _all_lands(state, step["from"], ctx)
                if state["lands"].get(n, {}).get("presence", {}).get(key)]
    while todo:
        source = todo[0]
        options = [[source, t] for t in isl.adjacent(boards, source)]
        pick = fx.ask_or_take(ctx["seat"], "push_presence", [*options, fx.DONE], answer)
        if isinstance(pick, fx.Ask):
            fx.remember(state, todo=todo)
            return pick
        answer = None
        if pick != fx.DONE:
            _move_presence(state, key, source, pick[1])
        todo = todo[1:]
    return None


@fx.verb("drown")
def drown(state, step, ctx, answer):
    """Drowning (below), then any Vengeance of the Dead it calls for."""
    return _checked(_drown, state, step, ctx, answer)


def _drown(state, step, ctx, answer):
    """Ocean's Drowning: destroy `n` pieces of `kinds` in the land (towns and cities give
    their fear as usual); drowned invaders' health is kept and every (players) health of
    it pays Ocean 1 energy at once (cashing in as soon as possible is never worse)."""
    land = state["lands"][ctx["land"]]
    kinds = [k for k in fx._kinds(step) if land[k]]
    n = step.get("n", 1)
    if not kinds or n <= 0:
        return None
    kind = fx.ask_or_take(fx.chooser(ctx), "drown", kinds, answer)
    if isinstance(kind, fx.Ask):
        return kind
    _drown_piece(state, land, kind)
    return fx._rest(step, ctx, n - 1)


def _drown_piece(state: dict, land: dict, kind: str) -> None:
    """Destroy one piece as drowned; an invader's health goes to Ocean's drowned pool."""
    pcs.destroy(state, land, kind)
    ocean = sp.seat_of(state, OCEAN)
    if ocean is not None and kind in pcs.INVADERS:
        row = state["seats"][ocean]
        row["drowned"] = row.get("drowned", 0) + pcs.HEALTH[kind]
        players = len(state["seats"])
        row["energy"] += row["drowned"] // players
        row["drowned"] %= players


# --- Ocean in Play: Oceans as coastal Wetlands for powers on boards with Ocean's presence ------


def oceans_in_play(state: dict) -> list[str]:
    """The Oceans of the boards where Ocean's Hungry Grasp has presence (rule active)."""
    seat = sp.seat_of(state, OCEAN)
    if seat is None or "ocean-in-play" not in state.get("rules", ()):
        return []
    key = fx.presence_key(state, seat)
    boards = {isl.island(tuple(state["boards"]))[n]["board"]
              for n, land in state["lands"].items() if land["presence"].get(key)}
    return [f"{b}0" for b in state["boards"] if b in boards]


def _ocean_matches(state: dict, name: str, where: dict | None, ctx: dict) -> bool:
    """A land filter on an Ocean in play: a coastal Wetland (with whatever pieces it holds)."""
    land = state["lands"].get(name) or pcs.empty_land()
    tests = {
        "terrain": lambda v: "wetland" in v,
        "coastal": lambda v: v is True,
        "inland": lambda v: v is False,
        "board": lambda v: name.startswith(v),
        "has": lambda v: all(fx.count(state, land, k, ctx) for k in v),
        "lacks": lambda v: not any(fx.count(state, land, k, ctx) for k in v),
        "invaders": lambda v: bool(pcs.invader_count(land)) == v,
        "blight": lambda v: bool(land["blight"]) == v,
        "ocean": lambda v: True,
    }
    return all(tests.get(key, lambda v: False)(value) for key, value in (where or {}).items())


def _within(state: dict, starts: list[str], distance: int, oceans: list[str]) -> list[str]:
    """Lands within `distance` of the starts, counting through the Oceans in play."""
    boards = tuple(state["boards"])
    seen, edge = set(starts), set(starts)
    for _ in range(distance):
        edge = {n for land in edge for n in isl.adjacent(boards, land, ocean=True)
                if n in oceans or not isl.is_ocean(boards, n)} - seen
        seen |= edge
    return [n for n in isl.island(boards) if n in seen and (n in oceans or not isl.is_ocean(boards, n))]


def _drowning_moves(state, step, ctx, answer, gather: bool):
    """Push out of a land next to an Ocean in play, or gather into an Ocean in play: the
    Ocean is one more place to move to, and invaders or dahan moved into it are drowned."""
    oceans = oceans_in_play(state)
    boards = tuple(state["boards"])
    here = ctx["land"]
    kinds = fx._kinds(step)
    drownable = [k for k in kinds if k in (*pcs.INVADERS, "dahan")]
    if gather:
        near = isl.adjacent(boards, here)

        def options():
            return [[k, s] for s in near for k in drownable if state["lands"][s][k]]

        def move(choice):
            _drown_piece(state, state["lands"][choice[1]], choice[0])

        return fx._move(state, step, ctx, answer, "gather", options, move)
    wet = [o for o in oceans if o in isl.adjacent(boards, here, ocean=True)]
    land = state["lands"][here]

    def options():
        present = [k for k in kinds if fx.count(state, land, k, ctx)]
        base = [[k, t] for k in present for t in act.push_options(state, here, k)]
        return base + [[k, o] for k in present if k in drownable for o in wet]

    def move(choice):
        if choice[1] in wet:
            _drown_piece(state, land, choice[0])
        else:
            act.push(state, here, [(choice[0], choice[1])])

    return fx._move(state, step, ctx, answer, "push", options, move)


# --- special rules that change generic verbs -------------------------------------------------------


def _wraps(name: str):
    """Replace a generic verb by `handler(original, state, step, ctx, answer)`."""
    original = getattr(fx.VERBS[name], "__wrapped__", fx.VERBS[name])

    def register(handler):
        @functools.wraps(original)
        def verb(state, step, ctx, answer):
            return handler(original, state, step, ctx, answer)

        verb.__wrapped__ = original
        fx.VERBS[name] = verb
        return handler

    return register


@_wraps("target_land")
def target_land(original, state, step, ctx, answer):
    """River's Domain (presence in a Wetland is a sacred site), Shadows of the Dahan (any
    land with dahan, paying 1 energy, whatever the range), Entwined Power (the partner's
    presence counts too), and range changes: the seat's `range_bonus` (Reaching Grasp), the
    step's `more_range` (`{"cond", "n"}`: a card's threshold) and `origin` (a filter the
    land counted from must match). Oceans in play (Ocean in Play) are coastal Wetlands."""
    seat = ctx.get("seat")
    source = step.get("from", "presence")
    if seat is None or source == "any":
        return original(state, step, ctx, answer)
    river = source == "sacred_site" and _rule(state, seat, RIVER, "rivers-domain")
    shadows = (_rule(state, seat, SHADOWS, "shadows-of-the-dahan")
               and state["seats"][seat]["energy"] >= 1)
    reach = step.get("range", 0) + state["seats"][seat].get("range_bonus", 0)
    more = step.get("more_range")
    if more and fx.check(state, more["cond"], ctx):
        reach += more["n"]
    partners = state["seats"][seat].get("entwined", [])
    oceans = oceans_in_play(state)
    if not (river or shadows or partners or oceans or "origin" in step
            or reach != step.get("range", 0)):
        return original(state, step, ctx, answer)
    starts = sp.sacred_sites(state, seat) if river else fx.origins(state, seat, source)
    for other in partners:  # Entwined Power: the partner's presence counts too
        theirs = (sp.sacred_sites(state, other) if source == "sacred_site"
                  else fx.origins(state, other, source))
        starts += [n for n in theirs if n not in starts]
    if "origin" in step:
        starts = [n for n in starts if fx.land_matches(state, n, step["origin"], ctx)]
    near = _within(state, starts, reach, oceans)
    where = step.get("where")
    options = [n for n in near if (_ocean_matches(state, n, where, ctx) if n in oceans
                                   else fx.land_matches(state, n, where, ctx))]
    extra = []
    if shadows:
        extra = [n for n in fx.lands_matching(state, step.get("where"), ctx)
                 if n not in options and state["lands"][n]["dahan"]]
    if not options + extra:
        fx.abort(state, ctx)
        return None
    land = fx.ask_or_take(seat, "target_land", options + extra, answer)
    if isinstance(land, fx.Ask):
        return land
    if land in extra:
        state["seats"][seat]["energy"] -= 1
    _land(state, land)  # an Ocean in play holds pieces for the power's steps
    fx.set_ctx(state, ctx, land=land)
    return None


def _dreams(state: dict, ctx: dict) -> bool:
    return _rule(state, ctx.get("seat"), BRINGER, "dream-a-thousand-deaths")


def _dream(state: dict, land: dict, kind: str, index: int, ctx: dict) -> list[dict]:
    """Instead of destroying: the piece's fear, and it is pushed (undamaged: the damage was
    a dream). The piece goes last in its list (strife kept), the one `push` moves."""
    _, marks = pcs.take(land, kind, index)
    pcs.put(land, kind, 0, marks)
    fx.earn_fear(state, DREAM_FEAR[kind])
    if state.get("turn_marks", {}).get(ctx["land"], {}).get("fear_defends"):
        tok.add_defend(state, ctx["land"], DREAM_FEAR[kind])  # Dread Apparitions counts it
    return [{"step": {"do": "push", "n": 1, "kinds": [kind]}, "ctx": ctx}]


def _dream_damage(state, step, ctx, answer):
    """To Dream a Thousand Deaths: Bringer's damage hurts only invaders, and one that
    would be destroyed is dreamt instead (fear and push)."""
    land = state["lands"][ctx["land"]]
    kinds = [k for k in fx._kinds(step) if k in pcs.INVADERS and land[k]]
    n = step.get("n", 1)
    if n <= 0 or not kinds:
        return None
    kind = fx.ask_or_take(fx.chooser(ctx), "damage", kinds, answer)
    if isinstance(kind, fx.Ask):
        return kind
    pcs.sort_pieces(land, kind)
    land[kind][0] += 1
    dead = land[kind][0] >= pcs.health(state, land, kind, 0)
    return (_dream(state, land, kind, 0, ctx) if dead else []) + fx._rest(step, ctx, n - 1)


def _dream_damage_each(state, step, ctx, answer):
    land = state["lands"][ctx["land"]]
    out: list[dict] = []
    for kind in (k for k in fx._kinds(step) if k in pcs.INVADERS):
        for i in range(len(land[kind])):
            land[kind][i] += step.get("n", 1)
        for i in range(len(land[kind]) - 1, -1, -1):
            if land[kind][i] >= pcs.health(state, land, kind, i):
                out += _dream(state, land, kind, i, ctx)
    return out


def _dream_destroy(state, step, ctx, answer):
    land = state["lands"][ctx["land"]]
    kinds = [k for k in fx._kinds(step) if k in pcs.INVADERS and land[k]]
    n = step.get("n", 1)
    if n == "all":
        n = sum(len(land[k]) for k in kinds)
    if not kinds or n <= 0:
        return None
    options = kinds + ([fx.DONE] if step.get("up_to") else [])
    kind = fx.ask_or_take(fx.chooser(ctx), "destroy", options, answer)
    if isinstance(kind, fx.Ask) or kind == fx.DONE:
        return kind if isinstance(kind, fx.Ask) else None
    pcs.sort_pieces(land, kind)
    return _dream(state, land, kind, 0, ctx) + fx._rest(step, ctx, n - 1)


# Vengeance of the Dead: after each effect that destroys towns, cities or dahan in a marked
# land, 1 damage per piece destroyed (by the power's spirit; in or next to the land with its
# threshold). Steps that destroy are checked here; ravages through hooks below.
VENGEANCE_KINDS = ("town", "city", "dahan")


def _avenged(state: dict, ctx: dict) -> dict[str, int] | None:
    land = ctx.get("land")
    if not land or not state.get("turn_marks", {}).get(land, {}).get("vengeance"):
        return None
    return {k: len(state["lands"][land][k]) for k in VENGEANCE_KINDS}


def _vengeance(state: dict, land: str, before: dict[str, int] | None) -> list[dict]:
    if before is None:
        return []
    dead = sum(max(0, n - len(state["lands"][land][k])) for k, n in before.items())
    out: list[dict] = []
    for mark in state["turn_marks"][land]["vengeance"] if dead else []:
        strike = [{"do": "damage", "n": dead}]
        if mark["adjacent"]:
            strike = [{"do": "adjacent_land", "self": True, "then": strike}]
        out += fx.frames(strike, fx._new_ctx(state, {}, seat=mark["seat"], land=land,
                                              source="Vengeance of the Dead"))
    return out


def _checked(handler, state, step, ctx, answer):
    """Run a step that may destroy pieces, then any vengeance it calls for."""
    before = _avenged(state, ctx)
    result = handler(state, step, ctx, answer)
    if isinstance(result, fx.Ask) or before is None:
        return result
    return _vengeance(state, ctx["land"], before) + (result or [])


@_wraps("damage")
def damage(original, state, step, ctx, answer):
    return _checked(_dream_damage if _dreams(state, ctx) else original, state, step, ctx, answer)


@_wraps("damage_each")
def damage_each(original, state, step, ctx, answer):
    handler = _dream_damage_each if _dreams(state, ctx) else original
    return _checked(handler, state, step, ctx, answer)


@_wraps("destroy")
def destroy(original, state, step, ctx, answer):
    return _checked(_dream_destroy if _dreams(state, ctx) else original, state, step, ctx, answer)


@fx.verb("vengeance")
def vengeance(state, step, ctx, answer):
    """Mark the land for Vengeance of the Dead this turn (`adjacent`: its threshold)."""
    marks = fx.turn_marks(state, ctx["land"]).setdefault("vengeance", [])
    marks.append({"seat": ctx["seat"], "adjacent": bool(step.get("adjacent"))})
    rules = state.setdefault("rules", [])
    if "vengeance" not in rules:
        rules.append("vengeance")
    return None


@hooks.on("ravage_damage", "vengeance")
def _before_ravage(state: dict, land: str, damage: int) -> None:
    before = _avenged(state, {"land": land})
    if before is not None:
        state.setdefault("vengeance_before", {})[land] = before


@hooks.on("after_ravage", "vengeance")
def _after_ravage(state: dict, land: str, report: dict) -> None:
    before = state.get("vengeance_before", {}).pop(land, None)
    frames = _vengeance(state, land, before)
    if frames:
        state["queue"][:0] = frames


@_wraps("fear")
def fear(original, state, step, ctx, answer):
    result = original(state, step, ctx, answer)
    land = ctx.get("land")
    marks = state.get("turn_marks", {}).get(land, {}) if land else {}
    if ctx.get("seat") is not None and marks.get("fear_defends"):
        tok.add_defend(state, land, step.get("n", 1))
    return result


@_wraps("add_presence")
def add_presence(original, state, step, ctx, answer):
    """Ocean in Play: Ocean's presence never goes into an inland land. Steady Regeneration:
    in Growth, Rampant Green's destroyed presence costs 1 energy each once the island is
    blighted (not offered without the energy)."""
    seat = ctx.get("seat")
    if _rule(state, seat, OCEAN, "ocean-in-play"):
        step = {**step, "where": {**step.get("where", {}), "coastal": True}}
        fx.remember(state, where=step["where"])
    if (step.get("source") is None and ctx.get("source") == "growth"
            and _rule(state, seat, GREEN, "steady-regeneration")
            and state["blight_card"].get("side") != "healthy"):
        row = state["seats"][seat]
        options = fx.presence_sources(state, seat, step.get("from_track", True))
        if row["energy"] < 1:
            options = [o for o in options if o != "destroyed"]
        if not options:
            return None
        source = fx.ask_or_take(seat, "presence_source", options, answer)
        if isinstance(source, fx.Ask):
            return source
        if source == "destroyed":
            row["energy"] -= 1
        return [{"step": {**step, "source": source}, "ctx": ctx}]
    return original(state, step, ctx, answer)


def _dahan_counts(state: dict, lands) -> dict[str, int]:
    return {n: len(state["lands"][n]["dahan"]) for n in lands if n in state["lands"]}


def _follow_dahan(original, state, step, ctx, answer):
    """Ally of the Dahan: when a push or gather moves a dahan out of a land with
    Thunderspeaker's presence, Thunderspeaker may move 1 presence along with it."""
    thunder = sp.seat_of(state, THUNDER)
    if thunder is None or "ally-of-the-dahan" not in state.get("rules", ()):
        return original(state, step, ctx, answer)
    here = ctx["land"]
    lands = [here, *isl.adjacent(tuple(state["boards"]), here)]
    before = _dahan_counts(state, lands)
    result = original(state, step, ctx, answer)
    if isinstance(result, fx.Ask):
        return result
    after = _dahan_counts(state, lands)
    left = [n for n in after if after[n] < before[n]]
    came = [n for n in after if after[n] > before[n]]
    key = fx.presence_key(state, thunder)
    if not (left and came) or not state["lands"][left[0]]["presence"].get(key):
        return result
    follow = {"do": "follow_dahan", "from": left[0], "to": came[0]}
    return [{"step": follow, "ctx": fx._new_ctx(state, ctx, seat=thunder)}, *(result or [])]


def _with_oceans(original, gather: bool):
    def handler(state, step, ctx, answer):
        if _ocean_move(state, ctx, gather):
            return _drowning_moves(state, step, ctx, answer, gather)
        return original(state, step, ctx, answer)
    return handler


def _ocean_move(state: dict, ctx: dict, gather: bool) -> bool:
    """Whether a push from (or gather into) this land may reach an Ocean in play."""
    oceans = oceans_in_play(state)
    here = ctx["land"]
    if gather:
        return here in oceans
    near = isl.adjacent(tuple(state["boards"]), here, ocean=True)
    return here not in oceans and any(o in near for o in oceans)


@_wraps("push")
def push(original, state, step, ctx, answer):
    return _follow_dahan(_with_oceans(original, False), state, step, ctx, answer)


@_wraps("gather")
def gather(original, state, step, ctx, answer):
    return _follow_dahan(_with_oceans(original, True), state, step, ctx, answer)


@fx.verb("follow_dahan")
def follow_dahan(state, step, ctx, answer):
    key = fx.presence_key(state, ctx["seat"])
    if not state["lands"][step["from"]]["presence"].get(key):
        return None
    pick = fx.ask_or_take(ctx["seat"], "follow_dahan", ["yes", "no"], answer)
    if isinstance(pick, fx.Ask):
        return pick
    if pick == "yes":
        _move_presence(state, key, step["from"], step["to"])
    return None
