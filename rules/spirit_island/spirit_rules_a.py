"""The special rules of seven expansion spirits that change generic verbs or act in the
Invader phase (their own verbs are in spirit_verbs_a.py): Ally of the Beasts, Forbidden
Ground, A Real Flair for Discord, Cleaning Up Messes Is a Drag, Home of the Island's Heart,
Enthrall the Foreign Explorers, Fly Fast as Thought, A Joining of Swarms and Flocks, Mists
Shift and Flow, Gather Power from the Cool and Dark; the hooks of Let Them Break Themselves
Against the Stone, Bulwark of Will and Stubborn Solidity; the spirits' setup. Imported at the
end of powers.py. Bestow the Endurance of Bedrock, Bulwark of Will's top tier and Slow and
Silent Death are in spirit_rules_stone_shroud.py.

Each wrapper wraps the verb as registered at import time (whatever wrapper is already there
stays inside), acting only for its spirit while its rule id is in `state["rules"]`.
"""

from __future__ import annotations

import functools

from rules.spirit_island import actions as act
from rules.spirit_island import effects as fx
from rules.spirit_island import hooks, seat_rows
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island import spirit_rules_stone_shroud as ss
from rules.spirit_island import spirits as sp
from rules.spirit_island import tokens as tok
from rules.spirit_island.spirit_verbs_a import (  # noqa: F401  (MINE: the seven, for tests)
    FANGS,
    KEEPER,
    LURE,
    MINDS,
    MINE,
    SHROUD,
    TRICKSTER,
    _active,
    _box,
    _key,
    _lands_with_presence,
    _swarm_sites,
)


def _chain(name: str):
    """Wrap the verb as registered now: `handler(inner, state, step, ctx, answer)`."""
    inner = fx.VERBS[name]

    def register(handler):
        @functools.wraps(inner)
        def verb(state, step, ctx, answer):
            return handler(inner, state, step, ctx, answer)

        fx.VERBS[name] = verb
        return handler

    return register


@_chain("add_presence")
def add_presence(inner, state, step, ctx, answer):
    """`any_of`: the land matches one of these filters (growth: "jungle or beasts").
    Home of the Island's Heart: Lure's presence only into inland lands. Forbidden Ground:
    when Keeper's presence makes a sacred site, all dahan there are pushed."""
    seat = ctx.get("seat")
    if _active(state, seat, LURE, "home-of-the-heart"):
        step = {**step, "where": {**step.get("where", {}), "inland": True}}
        fx.remember(state, where=step["where"])
    if "any_of" in step and step.get("source") is not None:
        near = fx.within(state, fx.origins(state, seat), step.get("range", 1))
        options = [n for n in near if fx.land_matches(state, n, step.get("where"), ctx)
                   and any(fx.land_matches(state, n, w, ctx) for w in step["any_of"])]
        if not options:
            return None
        land = fx.ask_or_take(seat, "add_presence", options, answer)
        if isinstance(land, fx.Ask):
            return land
        seat_rows.gain_presence(state, seat, land, step["source"])
        return _forbidden_ground(state, seat, [land], ctx)
    before = set(sp.sacred_sites(state, seat)) if seat is not None else set()
    result = inner(state, step, ctx, answer)
    if isinstance(result, fx.Ask) or seat is None:
        return result
    made = [n for n in sp.sacred_sites(state, seat) if n not in before]
    return _forbidden_ground(state, seat, made, ctx) + (result or [])


def _forbidden_ground(state: dict, seat: int, lands: list[str], ctx: dict) -> list[dict]:
    if not _active(state, seat, KEEPER, "forbidden-ground"):
        return []
    sites = [n for n in lands if n in sp.sacred_sites(state, seat) and state["lands"][n]["dahan"]]
    return [f for n in sites for f in fx.frames(
        [{"do": "push", "n": "all", "kinds": ["dahan"]}],
        fx._new_ctx(state, ctx, land=n, source="Forbidden Ground"))]


@_chain("add")
def add(inner, state, step, ctx, answer):
    """A Real Flair for Discord: after Trickster's power adds strife, it may pay 1 energy to
    add 1 strife within range 1 of that land."""
    seat = ctx.get("seat")
    flair = (step.get("kind") == "strife" and not ctx.get("flair")
             and _active(state, seat, TRICKSTER, "flair-for-discord"))
    before = _strife_total(state, ctx.get("land")) if flair else 0
    result = inner(state, step, ctx, answer)
    if not flair or isinstance(result, fx.Ask) or result:
        return result
    if _strife_total(state, ctx["land"]) <= before or state["seats"][seat]["energy"] < 1:
        return result
    return fx.frames([{"do": "flair"}], {**ctx, "flair": True})


def _strife_total(state: dict, land: str | None) -> int:
    if not land:
        return 0
    return sum(sum(v) for v in state["lands"][land]["strife"].values())


@fx.verb("flair")
def flair(state, step, ctx, answer):
    near = [n for n in fx.within(state, [ctx["land"]], 1) if pcs.invader_count(state["lands"][n])]
    if not near or state["seats"][ctx["seat"]]["energy"] < 1:
        return None
    pick = fx.ask_or_take(ctx["seat"], "flair", [*near, fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    state["seats"][ctx["seat"]]["energy"] -= 1
    return fx.frames([{"do": "add", "kind": "strife"}], {**ctx, "land": pick})


@_chain("remove")
def remove(inner, state, step, ctx, answer):
    """Cleaning Up Messes Is a Drag: after Trickster's power removes blight, it destroys 1 of
    its presence (not for Let's See What Happens)."""
    seat, land = ctx.get("seat"), ctx.get("land")
    watch = ("blight" in step.get("kinds", ()) and land
             and ctx.get("source") != "Let's See What Happens"
             and _active(state, seat, TRICKSTER, "cleaning-up-messes"))
    before = state["lands"][land]["blight"] if watch else 0
    result = inner(state, step, ctx, answer)
    if not watch or isinstance(result, fx.Ask) or state["lands"][land]["blight"] >= before:
        return result
    return fx.frames([{"do": "lose_presence", "n": 1}], ctx) + (result or [])


def _beasts_moved(state: dict, lands: list[str]) -> dict[str, int]:
    return {n: state["lands"][n]["beasts"] for n in lands if n in state["lands"]}


def _far_moves(state, step, ctx, answer, gather: bool):
    """Fly Fast as Thought: Many Minds' beasts are pushed to / gathered from lands up to
    range 2 away (other kinds move as usual, one piece at a time)."""
    here = ctx["land"]
    kinds = fx._kinds(step)
    near = isl.neighbours(tuple(state["boards"]), here)
    far = [n for n in fx.within(state, [here], 2) if n != here]
    land = state["lands"][here]

    sites = _swarm_sites(state, ctx["seat"]) if "beasts" in kinds else []

    def options():
        out = []
        if gather:  # A Joining of Swarms and Flocks: a sacred site moves as beasts
            out += [["sacred_site", s] for s in far if s in sites]
        elif here in sites:
            out += [["sacred_site", t] for t in far]
        for kind in kinds:
            places = far if kind == "beasts" else near
            if gather:
                out += [[kind, s] for s in places if fx.count(state, state["lands"][s], kind, ctx)]
            elif fx.count(state, land, kind, ctx):
                out += [[kind, t] for t in places
                        if kind == "beasts" or t in act.push_options(state, here, kind)]
        return out

    def move(choice):
        kind, other = choice
        if kind == "sacred_site":  # both presence go to the same land
            src, dst = (other, here) if gather else (here, other)
            for _ in range(2):
                pcs.destroy_presence(state["lands"][src], _key(state, ctx["seat"]))
                pcs.add_presence(state["lands"][dst], _key(state, ctx["seat"]))
        elif kind == "beasts":
            src, dst = (other, here) if gather else (here, other)
            state["lands"][src]["beasts"] -= 1
            state["lands"][dst]["beasts"] += 1
        elif gather:
            act.gather(state, here, [(kind, other)])
        else:
            act.push(state, here, [(kind, other)])

    return fx._move(state, step, ctx, answer, "gather" if gather else "push", options, move)


def _moves(inner, gather: bool):
    def handler(state, step, ctx, answer):
        minds = sp.seat_of(state, MINDS)
        if ("beasts" in step.get("kinds", ()) and minds is not None
                and minds == ctx.get("seat") and "fly-fast-as-thought" in state.get("rules", ())):
            result = _far_moves(state, step, ctx, answer, gather)
        else:
            result = inner(state, step, ctx, answer)
        return result
    return handler


def _ally_of_the_beasts(handler, state, step, ctx, answer):
    """Ally of the Beasts: Sharp Fangs may move 1 presence along with beasts moved out of a
    land holding its presence (as Thunderspeaker's presence follows dahan)."""
    fangs = sp.seat_of(state, FANGS)
    if (fangs is None or "ally-of-the-beasts" not in state.get("rules", ())
            or "beasts" not in step.get("kinds", ())):
        return handler(state, step, ctx, answer)
    lands = list(state["lands"])
    before = _beasts_moved(state, lands)
    result = handler(state, step, ctx, answer)
    if isinstance(result, fx.Ask):
        return result
    after = _beasts_moved(state, lands)
    left = [n for n in after if after[n] < before[n]]
    came = [n for n in after if after[n] > before[n]]
    if not (left and came) or not state["lands"][left[0]]["presence"].get(_key(state, fangs)):
        return result
    follow = {"do": "follow_dahan", "from": left[0], "to": came[0]}
    return [{"step": follow, "ctx": fx._new_ctx(state, ctx, seat=fangs)}, *(result or [])]


@_chain("push")
def push(inner, state, step, ctx, answer):
    return _ally_of_the_beasts(_moves(inner, False), state, step, ctx, answer)


@_chain("gather")
def gather(inner, state, step, ctx, answer):
    return _ally_of_the_beasts(_moves(inner, True), state, step, ctx, answer)


@_chain("target_land")
def target_land(inner, state, step, ctx, answer):
    """`more_ranges`: several thresholds, each adding its `n` to the range when met (the
    verb underneath then counts the range as usual); Mists Shift and Flow for Shroud."""
    if "beasts" in (step.get("where") or {}).get("has", ()) and _swarm_sites(state, ctx.get("seat")):
        return _swarm_target(inner, state, step, ctx, answer)
    if "more_ranges" in step and ctx.get("seat") is not None:
        extra = sum(m["n"] for m in step["more_ranges"] if fx.check(state, m["cond"], ctx))
        plain = {k: v for k, v in step.items() if k != "more_ranges"}
        step = {**plain, "range": plain.get("range", 0) + extra}
    return _mists(inner, state, step, ctx, answer)


@hooks.on("invader_phase", "enthrall-the-explorers")
def enthrall(state: dict) -> None:
    """Enthrall the Foreign Explorers: per Lure presence in a land, 2 explorers there sit
    out its ravages this turn (decided as the Invader phase starts; presence does not
    move in it)."""
    seat = sp.seat_of(state, LURE)
    if seat is None:
        return
    key = _key(state, seat)
    for name, land in state["lands"].items():
        n = min(2 * land["presence"].get(key, 0), len(land["explorer"]))
        if n:
            tok.sit_out(state, name, "explorer", n)


@hooks.on("after_ravage", "break-on-stone")
def _stone_strikes_back(state: dict, land: str, report: dict) -> None:
    dealt = report.get("damage", 0)
    if dealt < 1:
        return
    frames = []
    for mark in state.get("turn_marks", {}).get(land, {}).get("break_on_stone", []):
        n = 2 + (dealt // 2 if mark["half"] else 0)
        frames += fx.frames([{"do": "damage", "n": n}], {"seat": mark["seat"], "land": land,
                                                          "source": "Let Them Break"})
    state["queue"][:0] = frames


@hooks.on("blight_added", "bulwark")
def _bulwark(state: dict, land: str) -> None:
    """The blight just taken from the card goes back to it when the spirit pays (automatic
    while it can: a hook cannot ask). The land is the spirit's if it held its presence
    before this blight (which may have destroyed it)."""
    for seat, cost in state.get("turn_marks", {}).get("island", {}).get("bulwark", {}).items():
        row = state["seats"][int(seat)]
        if ss.presence_before(state, land).get(row["spirit"]) is None or row["energy"] < cost:
            continue
        row["energy"] -= cost
        state["blight_card"]["pool"] += 1
        _box(state, 1)
        return


@_chain("gain_card")
def gain_card(inner, state, step, ctx, answer):
    """Gather Power from the Cool and Dark: once a turn, Shroud gains 1 energy when it gains
    a power card without Fire."""
    seat = ctx.get("seat")
    if not _active(state, seat, SHROUD, "cool-and-dark"):
        return inner(state, step, ctx, answer)
    hand = list(state["seats"][seat]["hand"])
    result = inner(state, step, ctx, answer)
    new = [c for c in state["seats"][seat]["hand"] if c not in hand]
    marks = fx.turn_marks(state, "island")
    if new and "fire" not in pw.CARDS.get(new[0], {}).get("elements", ["fire"]) \
            and str(seat) not in marks.get("cool_and_dark", []):
        marks.setdefault("cool_and_dark", []).append(str(seat))
        state["seats"][seat]["energy"] += 1
    return result


def _setup_effect(state: dict, seat: int) -> None:
    row = state["seats"][seat]
    effect = sp.SPIRITS[row["spirit"]].get("setup_effect")
    if row["spirit"] not in MINE or not effect or row.get("setup_effect_done"):
        return
    row["setup_effect_done"] = True
    # Run at once as far as no choice is needed (turn.advance looks for a spirit without
    # presence before it runs the setup queue, reported to CORE); what asks waits in the
    # queue, behind a question already open (its frame asks again when run).
    saved, saved_ask, state["queue"] = state.get("queue", []), state.pop("ask", None), []
    fx.append(state, effect, {"seat": seat, "source": row["spirit"]})
    fx.run(state)
    if saved_ask is not None:
        state["ask"] = saved_ask
        state["queue"] = saved + state["queue"]
    else:
        state["queue"] += saved


for _rule_id in ("ally-of-the-beasts", "forbidden-ground", "flair-for-discord",
                 "home-of-the-heart", "fly-fast-as-thought", "deep-layers", "cool-and-dark"):
    hooks.on("spirit_setup", _rule_id)(_setup_effect)


@_chain("move_presence")
def move_presence(inner, state, step, ctx, answer):
    """Home of the Island's Heart: Lure's presence moves only into inland lands. Forbidden
    Ground: a sacred site Keeper makes by moving presence pushes its dahan too."""
    seat = ctx.get("seat")
    if _active(state, seat, KEEPER, "forbidden-ground"):
        before = set(sp.sacred_sites(state, seat))
        result = inner(state, step, ctx, answer)
        if isinstance(result, fx.Ask):
            return result
        made = [n for n in sp.sacred_sites(state, seat) if n not in before]
        return _forbidden_ground(state, seat, made, ctx) + (result or [])
    if not _active(state, seat, LURE, "home-of-the-heart"):
        return inner(state, step, ctx, answer)
    n = step.get("n", 1)
    froms = _lands_with_presence(state, seat)
    options = [[a, b] for a in froms for b in fx.within(state, [a], step.get("range", 1))
               if b != a and fx.land_matches(state, b, {"inland": True}, ctx)]
    if n <= 0 or not options:
        return None
    pick = fx.ask_or_take(seat, "move_presence", [*options, fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    pcs.destroy_presence(state["lands"][pick[0]], _key(state, seat))  # a move, not destroyed
    pcs.add_presence(state["lands"][pick[1]], _key(state, seat))
    return [{"step": {**step, "n": n - 1}, "ctx": ctx}] if n > 1 else None


def _reach(state: dict, seat: int, step: dict, ctx: dict, counts: dict[str, int]) -> set[str]:
    """Lands a power's target step reaches from these presence counts (no range changes)."""
    need = 2 if step.get("from", "presence") == "sacred_site" else 1
    starts = [n for n, c in counts.items() if c >= need]
    if "origin" in step:
        starts = [n for n in starts if fx.land_matches(state, n, step["origin"], ctx)]
    reach = step.get("range", 0) + state["seats"][seat].get("range_bonus", 0)
    return {n for n in fx.within(state, starts, reach)
            if fx.land_matches(state, n, step.get("where"), ctx)}


def _mist_moves(state: dict, seat: int, step: dict, ctx: dict) -> list[list[str]]:
    """Gathers of 1 presence (from a neighbour into a land X) that let the power reach a land
    T it could not reach before, X being T or next to it."""
    boards = tuple(state["boards"])
    key = _key(state, seat)
    counts = {n: land["presence"].get(key, 0) for n, land in state["lands"].items()}
    before = _reach(state, seat, step, ctx, counts)
    moves = []
    for a in (n for n, c in counts.items() if c):
        for x in isl.neighbours(boards, a):
            moved = {**counts, a: counts[a] - 1, x: counts.get(x, 0) + 1}
            new = _reach(state, seat, step, ctx, moved) - before
            if any(x == t or x in isl.adjacent(boards, t) for t in new):
                moves.append([a, x])
    return moves


def _mists(inner, state, step, ctx, answer):
    """Mists Shift and Flow: before Shroud targets a land with a power, it may gather 1 of its
    presence into the target land or one next to it; offered only when that lets it reach a
    land it could not (the move is made, then the target is asked as usual)."""
    seat = ctx.get("seat")
    if (step.get("from", "presence") == "any" or step.get("mists_done")
            or not _active(state, seat, SHROUD, "mists-shift")):
        return inner(state, step, ctx, answer)
    moves = _mist_moves(state, seat, step, ctx)
    if not moves:
        return inner(state, step, ctx, answer)
    pick = fx.ask_or_take(seat, "mists_shift", [*moves, fx.DONE], answer)
    if isinstance(pick, fx.Ask):
        return pick
    if pick != fx.DONE:
        pcs.destroy_presence(state["lands"][pick[0]], _key(state, seat))  # a move, not destroyed
        pcs.add_presence(state["lands"][pick[1]], _key(state, seat))
    return [{"step": {**step, "mists_done": True}, "ctx": ctx}]


def _swarm_target(inner, state, step, ctx, answer):
    """A Many Minds power targeting a land with beasts may target its sacred sites too."""
    seat = ctx["seat"]
    where = dict(step["where"])
    where["has"] = [k for k in where["has"] if k != "beasts"]
    need = 2 if step.get("from", "presence") == "sacred_site" else 1
    key = _key(state, seat)
    starts = [n for n, land in state["lands"].items() if land["presence"].get(key, 0) >= need]
    reach = step.get("range", 0) + state["seats"][seat].get("range_bonus", 0)
    sites = _swarm_sites(state, seat)
    options = [n for n in fx.within(state, starts, reach)
               if fx.land_matches(state, n, where, ctx)
               and (state["lands"][n]["beasts"] or n in sites)]
    if not options:
        fx.abort(state, ctx)
        return None
    land = fx.ask_or_take(seat, "target_land", options, answer)
    if isinstance(land, fx.Ask):
        return land
    fx.set_ctx(state, ctx, land=land)
    return None


def _solid_lands(state: dict) -> list[str]:
    return [n for n, m in state.get("turn_marks", {}).items() if m.get("solid_dahan")]


def _unchangeable(inner):
    def handler(_inner, state, step, ctx, answer):
        lands = _solid_lands(state)
        if not lands:
            return inner(state, step, ctx, answer)
        kept = {n: state["lands"][n]["dahan"] for n in lands}
        for n in lands:
            state["lands"][n]["dahan"] = []
        try:
            return inner(state, step, ctx, answer)
        finally:
            for n in lands:
                state["lands"][n]["dahan"] = kept[n] + state["lands"][n]["dahan"]
    return handler


for _name in ("push", "gather", "destroy", "remove", "damage", "damage_each", "replace",
              "damage_dahan", "event_move"):
    if _name in fx.VERBS:
        _chain(_name)(_unchangeable(fx.VERBS[_name]))
