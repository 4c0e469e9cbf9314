"""The verbs the spirits' powers and growth use beyond effects.py's generic ones (rows in
EFFECTS.md), and the hook handlers that carry their effects through the Invader phase
(Words of Warning, Infinite Vitality). Registered when powers.py is imported.
"""

from __future__ import annotations

from typing import Any

from rules.spirit_island import effects as fx
from rules.spirit_island import hooks, seat_rows
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island import spirits as sp
from rules.spirit_island import tokens as tok

ALL = 1000  # "all" as a count of saves


def _elements(state: dict, seat: int) -> dict:
    return state["seats"][seat].get("elements", {})


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


# Verbs that only raise a counter of the acting spirit's row for this turn (verb -> row key):
# powers played Slow used as Fast, extra card plays, and powers reaching `n` further.
for _verb, _key in {"slow_as_fast": "slow_as_fast", "card_plays": "card_plays_bonus",
                    "range_bonus": "range_bonus"}.items():
    seat_rows.counter_verb(_verb, _key)


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
    near = list(dict.fromkeys([*([ctx["land"]] if step.get("self") else []),  # a joined
                               *isl.adjacent(tuple(state["boards"]), ctx["land"])]))  # land: once
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
    if name is None or pw.CARDS.get(name, {}).get("deck") != "major":
        return None
    if row["energy"] < pw.CARDS[name]["cost"]:
        return None
    pick = fx.ask_or_take(ctx["seat"], "play_now", ["yes", "no"], answer)
    if isinstance(pick, fx.Ask) or pick == "no":
        return pick if isinstance(pick, fx.Ask) else None
    seat_rows.play_card(row, name, pw.CARDS[name])
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
    kind = pw.CARDS.get(kept, {}).get("deck")
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
        options = [[s, target] for s in isl.neighbours(boards, target, ocean=True)
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
        options = [[source, t] for t in isl.neighbours(boards, source)]
        pick = fx.ask_or_take(ctx["seat"], "push_presence", [*options, fx.DONE], answer)
        if isinstance(pick, fx.Ask):
            fx.remember(state, todo=todo)
            return pick
        answer = None
        if pick != fx.DONE:
            _move_presence(state, key, source, pick[1])
        todo = todo[1:]
    return None


@fx.verb("sworn_presence")
def sworn_presence(state, step, ctx, answer):
    """Sworn to Victory: destroy `n` of the spirit's presence within range 1 of `land`, one
    at a time where its player picks."""
    key = fx.presence_key(state, ctx["seat"])
    near = [step["land"], *isl.neighbours(tuple(state["boards"]), step["land"], ocean=True)]
    options = [n for n in near if state["lands"].get(n, {}).get("presence", {}).get(key)]
    if not options or step["n"] <= 0:
        return None
    land = fx.ask_or_take(ctx["seat"], "sworn_presence", options, answer)
    if isinstance(land, fx.Ask):
        return land
    pcs.destroy_presence(state["lands"][land], key)
    row = state["seats"][ctx["seat"]]
    row["destroyed"] = row.get("destroyed", 0) + 1
    return fx._rest(step, ctx, step["n"] - 1)


@fx.verb("drown")
def drown(state, step, ctx, answer):
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


def _drown_piece(state: dict, land: dict, kind: str, ocean: str | None = None) -> None:
    """Destroy one piece as drowned; an invader's health goes to Ocean's drowned pool. A
    durable town (Habsburg 4) is no ordinary destroy: see `_durable_into_ocean`."""
    if kind == "town" and DURABLE in state.get("rules", ()) and pcs.land_name(state, land):
        _durable_into_ocean(state, land, ocean)
        return
    if pcs.destroy(state, land, kind):
        _pay_ocean(state, kind)


def _pay_ocean(state: dict, kind: str) -> None:
    ocean = sp.seat_of(state, pw.OCEAN)
    if ocean is not None and kind in pcs.INVADERS:
        row = state["seats"][ocean]
        row["drowned"] = row.get("drowned", 0) + pcs.HEALTH[kind]
        players = len(state["seats"])
        row["energy"] += row["drowned"] // players
        row["drowned"] %= players


# Habsburg 4 against Ocean's Hungry Grasp (FAQ, digest 11.2): the Ocean has no blight, so a
# town moved into it is durable there and its drowning is 2 damage; the towns one Action
# drowns share that damage (2 each), the player assigning it. A town it destroys drowned
# (Ocean is paid); the others cannot stay in the Ocean and wash up, damaged, on a coastal land
# next to it (the players pick), where blight destroys them at once without paying Ocean.
DURABLE = "habsburg:4"
DROWNING = "durable_drowning"  # the towns one Action has put into the Ocean, not yet resolved


def _durable_into_ocean(state: dict, land: dict, ocean: str | None) -> None:
    name = pcs.land_name(state, land)
    pcs.sort_pieces(land, "town")
    damage, strife = pcs.take(land, "town", len(land["town"]) - 1)  # the least damaged
    held = state.get(DROWNING)
    key = pcs.action_key(state)
    if held is None or held["key"] != key:
        held = state[DROWNING] = {"key": key, "towns": []}
        inv.queue_next(state, [{"do": "drown_durable"}], {"seat": None, "source": "Drowning"})
    held["towns"].append([damage, strife, name, ocean or _ocean_next_to(state, name)])


def _ocean_next_to(state: dict, name: str) -> str:
    boards = tuple(state["boards"])
    if isl.is_ocean(boards, name):
        return name
    return next(o for o in isl.adjacent(boards, name, ocean=True) if isl.is_ocean(boards, o))


@fx.verb("drown_durable")
def drown_durable(state, step, ctx, answer):
    """Resolve the durable towns an Action drowned: 2 damage per town, one point at a time
    on a town the player picks (each town at most up to its health in the Ocean); then each
    survivor washes up."""
    towns = step.get("towns")
    if towns is None:
        held = state.pop(DROWNING, None)
        if not held:
            return None
        return [{"step": {**step, "towns": held["towns"], "points": 2 * len(held["towns"])},
                 "ctx": ctx}]
    health = pcs.HEALTH["town"] + _durable_bonus(state)
    alive = [i for i, t in enumerate(towns) if t[0] < health]
    if step["points"] > 0 and alive:
        pick = fx.ask_or_take(fx.chooser(ctx), "damage", alive, answer)
        if isinstance(pick, fx.Ask):
            return pick
        towns = [list(t) for t in towns]
        towns[pick][0] += 1
        if towns[pick][0] >= health:
            _, strife, name, _ = towns[pick]
            here = state["lands"][name]
            pcs.put(here, "town", 0, strife)
            if pcs.destroy(state, here, "town", len(here["town"]) - 1, by_damage=True):
                _pay_ocean(state, "town")
        return [{"step": {**step, "towns": towns, "points": step["points"] - 1}, "ctx": ctx}]
    return [{"step": {"do": "wash_up", "town": t}, "ctx": ctx} for t in towns if t[0] < health]


def _durable_bonus(state: dict) -> int:
    from rules.spirit_island import adversaries as adv

    return adv.param(state, "habsburg", 4, "health")["town"]


@fx.verb("wash_up")
def wash_up(state, step, ctx, answer):
    """A town the Ocean did not destroy comes ashore, with its damage, on a coastal land next
    to that Ocean the players pick; its health there may destroy it at once (no energy)."""
    damage, strife, _, ocean = step["town"]
    boards = tuple(state["boards"])
    shore = [n for n in isl.adjacent(boards, ocean, ocean=True)
             if not isl.is_ocean(boards, n) and n in state["lands"]]
    to = fx.ask_or_take(fx.chooser(ctx), "push", shore, answer)
    if isinstance(to, fx.Ask):
        return to
    here = state["lands"][to]
    pcs.put(here, "town", damage, strife)
    pcs.check_health(state, here, "town")
    return None


# powers.py imports this module to register its verbs; the tables it holds are read only
# when a verb runs, so the import comes last (either module may be imported first).
from rules.spirit_island import powers as pw  # noqa: E402
