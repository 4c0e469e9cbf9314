"""The interpreter of the effect language (EFFECTS.md) and its generic verbs.

`state["queue"]` holds frames `{"step", "ctx"}`; `run` calls each step's verb handler until
the queue is empty or a handler asks a player something (`Ask`). The pending question sits
in `state["ask"]` until `answer` gives one of its options.

Context sharing: the steps of one effect share their context (a `target_land` sets the
land for the steps after it). Frames are plain JSON and get copied, so each effect's
context carries an `"id"` and `set_ctx` updates every queued frame with that id.
Verbs that run sub-effects in another land or for another seat (`choose_land`,
`each_land`, `per_player`) give them a fresh id.

Who chooses: the acting spirit's player (`ctx.seat`); for island effects (fear cards,
events: `ctx.seat` None) the first seat speaks for the table.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable
from typing import Any, NamedTuple

from rules.core import Rng
from rules.spirit_island import actions as act
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs

DONE = "done"
INVADER = "invader"
TURN_ACTIONS = ("explore", "build", "ravage")


class Ask(NamedTuple):
    seat: int
    kind: str
    options: list


Handler = Callable[[dict, dict, dict, Any], Any]
VERBS: dict[str, Handler] = {}


def verb(name: str) -> Callable[[Handler], Handler]:
    def register(handler: Handler) -> Handler:
        VERBS[name] = handler
        return handler

    return register


def wrap_verb(name: str) -> Callable[[Callable], Callable]:
    """Wrap the verb as registered now: the decorated `handler(previous, state, step, ctx,
    answer)` becomes the verb. No `__wrapped__` is set, so a later wrapper keeps this one
    in the chain (spirit_rules.py unwraps `__wrapped__`)."""
    previous = VERBS[name]

    def register(handler: Callable) -> Callable:
        def wrapped(state, step, ctx, answer):
            return handler(previous, state, step, ctx, answer)

        VERBS[name] = wrapped
        return handler

    return register


def wrapped_options(previous: Callable, state: dict, step: dict, ctx: dict) -> list[str]:
    """What a wrapped verb (`target_land`) would offer now, found on a copy of the state:
    its ask's options, or the land it would take without asking."""
    trial = clone(state)
    frame = trial["queue"][0] if trial.get("queue") else None
    trial_ctx = frame["ctx"] if frame and frame["ctx"].get("id") == ctx.get("id") else dict(ctx)
    trial_ctx.pop("land", None)
    result = previous(trial, step, trial_ctx, None)
    if isinstance(result, Ask):
        return list(result.options)
    return [trial_ctx["land"]] if trial_ctx.get("land") else []


def optional(module: str):
    """Another helper's module if it exists yet (fear, spirits, powers...), else None."""
    try:
        return importlib.import_module(f"rules.spirit_island.{module}")
    except ModuleNotFoundError:
        return None


# --- the queue ---------------------------------------------------------------------------


def _new_ctx(state: dict, ctx: dict | None, **changes: Any) -> dict:
    state["ctx_ids"] = state.get("ctx_ids", 0) + 1
    return {**(ctx or {}), **changes, "id": state["ctx_ids"]}


def frames(steps: list[dict], ctx: dict) -> list[dict]:
    return [{"step": step, "ctx": dict(ctx)} for step in steps]


def push(state: dict, effect: list[dict], ctx: dict | None = None) -> None:
    """Put an effect's steps at the front of the queue (they run next)."""
    state["queue"][:0] = frames(effect, _new_ctx(state, ctx))


def append(state: dict, effect: list[dict], ctx: dict | None = None) -> None:
    """Put an effect's steps at the back of the queue."""
    state.setdefault("queue", []).extend(frames(effect, _new_ctx(state, ctx)))


def set_ctx(state: dict, ctx: dict, **changes: Any) -> None:
    """Change the context of this effect's steps still to run."""
    ctx.update(changes)
    for frame in state["queue"]:
        if frame["ctx"].get("id") == ctx.get("id"):
            frame["ctx"].update(changes)


def abort(state: dict, ctx: dict) -> None:
    """Drop this effect's steps still to run (a power with no legal target does nothing)."""
    state["queue"] = [f for f in state["queue"] if f["ctx"].get("id") != ctx.get("id")]


# Verbs that may forget a power card (whichever module registers or wraps them): a card one
# of them takes out of a seat's hand, play and discard is recorded in the seat's `forgotten`,
# so a rule may give it back (the event Tell the Old Stories: a Unique Power forgotten).
FORGETTING = {"forget", "forget_card", "forget_named", "forget_unique", "forget_three_to_repeat",
              "reimagine"}
_PILES = ("hand", "played", "discard")


def _cards_held(state: dict) -> list[set[str]]:
    return [{c for pile in _PILES for c in row.get(pile, ())} for row in state["seats"]]


def record_forgotten(state: dict, held: list[set[str]]) -> None:
    """Cards gone from a seat's hand, play and discard since `held` were forgotten."""
    for row, before in zip(state["seats"], held, strict=False):
        gone = before - {c for pile in _PILES for c in row.get(pile, ())}
        if gone:
            row.setdefault("forgotten", []).extend(sorted(gone))


def run(state: dict) -> Ask | None:
    """Run the queue until it is empty (None) or someone must choose (the Ask)."""
    state.setdefault("queue", [])
    while state["queue"]:
        frame = state["queue"][0]
        answer = frame.pop("answer", None)
        forgetting = frame["step"]["do"] in FORGETTING and "seats" in state
        held = _cards_held(state) if forgetting else None
        result = VERBS[frame["step"]["do"]](state, frame["step"], frame["ctx"], answer)
        if held is not None:
            record_forgotten(state, held)
        if isinstance(result, Ask):
            if len(result.options) == 0:
                raise ValueError(f"an Ask with no options: {frame['step']}")
            state["ask"] = {"seat": result.seat, "kind": result.kind, "options": result.options}
            return result
        # The frame's result takes its place. The handler may have queued frames in front
        # of it, or aborted it along with the rest of its effect.
        queue = state["queue"]
        at = next((i for i, f in enumerate(queue) if f is frame), None)
        if at is None:
            queue[:0] = result or []
        else:
            queue[at:at + 1] = result or []
    state.pop("ask", None)
    return None


def pending(state: dict) -> Ask | None:
    ask = state.get("ask")
    return Ask(ask["seat"], ask["kind"], ask["options"]) if ask else None


def clone(value: Any) -> Any:
    """A deep copy of JSON data, no object shared (several times faster than deepcopy)."""
    kind = type(value)
    if kind is dict:
        return {k: clone(v) for k, v in value.items()}
    if kind is list:
        return [clone(v) for v in value]
    return value


def answer(state: dict, option: Any) -> Ask | None:
    """Record the asked player's choice and run on."""
    ask = state.get("ask")
    if ask is None:
        raise ValueError("nothing is being asked")
    option = json.loads(json.dumps(option))  # tuples as lists
    if option not in ask["options"]:
        raise ValueError(f"{option!r} is not one of {ask['options']!r}")
    state.pop("ask")
    state["queue"][0]["answer"] = option
    return run(state)


def ask_or_take(seat: int, kind: str, options: list, answer: Any) -> Any:
    """The answer if given, the only option when there is just one, else an Ask."""
    if answer is not None:
        return answer
    if len(options) == 1 and options[0] != DONE:
        return options[0]
    return Ask(seat, kind, options)


def chooser(ctx: dict) -> int:
    seat = ctx.get("seat")
    return 0 if seat is None else seat


# --- pieces, lands and conditions -------------------------------------------------------------


def presence_key(state: dict, seat: int) -> str:
    """Presence in a land is keyed by the spirit's name."""
    return state["seats"][seat]["spirit"]


def count(state: dict, land: dict, kind: str, ctx: dict | None = None) -> int:
    """How many pieces of a kind a land holds (tokens may be lists or counts)."""
    if kind == INVADER:
        return pcs.invader_count(land)
    if kind == "presence":
        seat = (ctx or {}).get("seat")
        if seat is None:
            return sum(land["presence"].values())
        return land["presence"].get(presence_key(state, seat), 0)
    if kind == "strife":  # strife sits under single invaders (pieces.strife)
        return sum(sum(pcs.strife(land, k)) for k in pcs.INVADERS)
    value = land.get(kind, 0)
    return len(value) if isinstance(value, list) else int(value)


def _kinds(step: dict, default: tuple[str, ...] = pcs.INVADERS) -> list[str]:
    kinds = step.get("kinds", default)
    out: list[str] = []
    for kind in kinds:
        out += list(pcs.INVADERS) if kind == INVADER else [kind]
    return out


def land_matches(state: dict, name: str, where: dict | None, ctx: dict) -> bool:
    where = where or {}
    row = isl.island(tuple(state["boards"]))[name]
    if row["terrain"] == "ocean":
        # Ocean in Play: an Ocean on a board with Ocean's presence is a coastal Wetland
        rules = optional("spirit_rules") if "ocean-in-play" in state.get("rules", ()) else None
        if where.get("ocean") or rules is None or name not in rules.oceans_in_play(state):
            return bool(where.get("ocean"))
        return rules._ocean_matches(state, name, where, ctx)
    land = state["lands"][name]
    tests = {
        "terrain": lambda v: any(t in v for t in row.get("terrains", (row["terrain"],))),
        "coastal": lambda v: row["coastal"] == v,
        "inland": lambda v: (not row["coastal"]) == v,
        "board": lambda v: row["board"] == v,
        "has": lambda v: all(count(state, land, k, ctx) for k in v),
        "lacks": lambda v: not any(count(state, land, k, ctx) for k in v),
        "invaders": lambda v: bool(pcs.invader_count(land)) == v,
        "blight": lambda v: bool(land["blight"]) == v,
        "ocean": lambda v: True,
    }
    return all(tests[key](value) for key, value in where.items())


def lands_matching(state: dict, where: dict | None, ctx: dict) -> list[str]:
    names = isl.island(tuple(state["boards"])) if (where or {}).get("ocean") else None
    names = list(names) if names else list(isl.land_names(tuple(state["boards"])))
    return [name for name in names if land_matches(state, name, where, ctx)]


def within(state: dict, origins: list[str], distance: int) -> list[str]:
    """Lands within `distance` steps of any origin, never counting through an Ocean."""
    boards = tuple(state["boards"])
    seen = set(origins)
    edge = set(origins)
    for _ in range(distance):
        edge = {n for land in edge for n in isl.adjacent(boards, land)} - seen
        seen |= edge
    return [n for n in isl.land_names(boards) if n in seen]


def origins(state: dict, seat: int, source: str = "presence") -> list[str]:
    key = presence_key(state, seat)
    need = 2 if source == "sacred_site" else 1
    return [n for n, land in state["lands"].items() if land["presence"].get(key, 0) >= need]


def terror_level(state: dict) -> int:
    fear = optional("fear")
    if fear is not None and hasattr(fear, "terror_level"):
        return fear.terror_level(state)
    return state.get("fear", {}).get("terror_level", 1)


def invader_stage(state: dict) -> int:
    """The stage of the newest invader card revealed (1 before any)."""
    track = state["track"]
    cards = track["explore"] or track["build"] or track["ravage"] or track["discard"][-1:]
    return max((inv.stage(c) for c in cards), default=1)


def check(state: dict, cond: dict, ctx: dict) -> bool:
    tests: dict[str, Callable[[Any], bool]] = {
        "elements": lambda v: ctx.get("seat") is not None and all(
            state["seats"][ctx["seat"]]["elements"].get(e, 0) >= n for e, n in v.items()),
        "land": lambda v: land_matches(state, ctx["land"], v, ctx),
        "terror_level": lambda v: terror_level(state) >= v,
        "stage": lambda v: invader_stage(state) >= v,
        "blighted_island": lambda v: (state["blight_card"]["side"] == pcs.BLIGHTED) == v,
        "count": lambda v: count(state, state["lands"][ctx["land"]], v["kind"], ctx)
        >= v["at_least"],
        "all": lambda v: all(check(state, c, ctx) for c in v),
        "any": lambda v: any(check(state, c, ctx) for c in v),
        "not": lambda v: not check(state, v, ctx),
    }
    return all(tests[key](value) for key, value in cond.items())


def turn_marks(state: dict, land: str) -> dict:
    """This turn's defend / isolate / skip marks of a land (cleared at time passes)."""
    return state.setdefault("turn_marks", {}).setdefault(land, {})


def earn_fear(state: dict, n: int) -> None:
    """Fear generated: tallied, and into the fear pool once fear.py has set it up."""
    pcs.gain_fear(state, n)


def _rest(step: dict, ctx: dict, n: int) -> list[dict]:
    """The same step with `n` left to do (nothing when none is left)."""
    return [{"step": {**step, "n": n}, "ctx": ctx}] if n > 0 else []


# --- targeting and where effects run ----------------------------------------------------------


@verb("target_land")
def target_land(state, step, ctx, answer):
    seat = chooser(ctx)
    source = step.get("from", "presence")
    if source == "any" or ctx.get("seat") is None:
        near = lands_matching(state, None, ctx)
    else:
        near = within(state, origins(state, seat, source), step.get("range", 0))
    options = [n for n in near if land_matches(state, n, step.get("where"), ctx)]
    return _target(state, ctx, seat, "land", options, answer)


@verb("target_spirit")
def target_spirit(state, step, ctx, answer):
    seat = chooser(ctx)
    options = [i for i in range(len(state["seats"])) if step.get("self", True) or i != seat]
    return _target(state, ctx, seat, "spirit", options, answer)


def _target(state, ctx, seat, kind, options, answer):
    """Ask `seat` for the target `kind` (land or spirit) among `options` and keep it in the
    context; with no option the effect is aborted."""
    if not options:
        abort(state, ctx)
        return None
    pick = ask_or_take(seat, f"target_{kind}", options, answer)
    if isinstance(pick, Ask):
        return pick
    set_ctx(state, ctx, **{kind: pick})
    return None


@verb("choose_land")
def choose_land(state, step, ctx, answer):
    if step.get("who") == "each_player":
        return [{"step": {**step, "who": "seat"}, "ctx": _new_ctx(state, ctx, seat=s)}
                for s in range(len(state["seats"]))]
    options = lands_matching(state, step.get("where"), ctx)
    if not options:
        return None
    land = ask_or_take(chooser(ctx), "choose_land", options, answer)
    if isinstance(land, Ask):
        return land
    return frames(step["then"], _new_ctx(state, ctx, land=land))


@verb("each_land")
def each_land(state, step, ctx, answer):
    out = []
    for land in lands_matching(state, step.get("where"), ctx):
        out += frames(step["then"], _new_ctx(state, ctx, land=land))
    return out


@verb("per_player")
def per_player(state, step, ctx, answer):
    out = []
    for seat in range(len(state["seats"])):
        out += frames(step["then"], _new_ctx(state, ctx, seat=seat))
    return out


# --- damage, destroy, remove, add ---------------------------------------------------------------


def _present(state: dict, land: dict, kinds: list[str], ctx: dict) -> list[str]:
    return [k for k in kinds if count(state, land, k, ctx)]


def _most_damaged_first(land: dict, kind: str) -> None:
    if hasattr(pcs, "sort_pieces"):
        pcs.sort_pieces(land, kind)
    else:
        land[kind].sort(reverse=True)


@verb("damage")
def damage(state, step, ctx, answer):
    """Damage one point at a time: the player names a kind, the point goes to its most
    damaged piece (finishing pieces first is never worse)."""
    land = state["lands"][ctx["land"]]
    n = step.get("n", 1)
    kinds = [k for k in _present(state, land, _kinds(step), ctx) if k in pcs.HEALTH]
    if n <= 0 or not kinds:
        return None
    if "badlands" not in step and (tok := _tokens()) is not None:
        # badlands add to the first damage an Action deals to invaders / dahan in a land
        done = list(ctx.get("badlands", []))
        target = "dahan" if kinds == ["dahan"] else "invaders"
        n += tok.badlands_bonus(state, ctx["land"], target, done, n)
        set_ctx(state, ctx, badlands=done)
        return [{"step": {**step, "n": n, "badlands": True}, "ctx": ctx}]
    left = sum(pcs.health(state, land, k, i) - d for k in kinds for i, d in enumerate(land[k]))
    if answer is None and n >= left:  # enough to destroy everything: nothing to choose
        for kind in kinds:
            for index in range(len(land[kind]) - 1, -1, -1):
                pcs.damage(state, land, kind, n, index)
        return None
    kind = ask_or_take(chooser(ctx), "damage", kinds, answer)
    if isinstance(kind, Ask):
        return kind
    _most_damaged_first(land, kind)
    pcs.damage(state, land, kind, 1, 0)
    return _rest(step, ctx, n - 1)


@verb("damage_each")
def damage_each(state, step, ctx, answer):
    """`n` damage to each piece of the kinds; badlands add their damage once per Action
    (as to any damage: the player assigns it, a `damage` step)."""
    land = state["lands"][ctx["land"]]
    kinds = [k for k in _kinds(step) if k in pcs.HEALTH]
    hit = [k for k in kinds if land[k]]
    for kind in kinds:
        for index in range(len(land[kind]) - 1, -1, -1):
            pcs.damage(state, land, kind, step.get("n", 1), index)
    tok = _tokens()
    if not hit or tok is None or step.get("n", 1) < 1:
        return None
    done = list(ctx.get("badlands", []))
    target = "dahan" if hit == ["dahan"] else "invaders"
    bonus = tok.badlands_bonus(state, ctx["land"], target, done, step.get("n", 1))
    set_ctx(state, ctx, badlands=done)
    if not bonus:
        return None
    return [{"step": {"do": "damage", "n": bonus, "kinds": hit, "badlands": True},
             "ctx": ctx}]


def _take_token(land: dict, kind: str) -> None:
    if kind == "strife":  # off the first invader holding some
        held = next(h for k in pcs.INVADERS if any(h := pcs.strife(land, k)))
        held[next(i for i, n in enumerate(held) if n)] -= 1
        return
    if isinstance(land.get(kind), list):
        land[kind].pop()
    else:
        land[kind] -= 1


def _lose_presence(state: dict, land: dict, ctx: dict) -> None:
    """The acting spirit's presence (any spirit's, for the island) is destroyed."""
    seat = ctx.get("seat")
    key = presence_key(state, seat) if seat is not None else next(iter(land["presence"]))
    pcs.destroy_presence(land, key)
    owner = next(i for i, row in enumerate(state["seats"]) if row["spirit"] == key)
    state["seats"][owner]["destroyed"] = state["seats"][owner].get("destroyed", 0) + 1


def _destroy_one(state: dict, land: dict, kind: str, ctx: dict) -> None:
    if kind == "presence":
        _lose_presence(state, land, ctx)
    elif kind in pcs.HEALTH:
        pcs.destroy(state, land, kind)
    else:
        _take_token(land, kind)


def _remove_one(state: dict, land: dict, kind: str, ctx: dict) -> None:
    if kind == "blight":
        pcs.return_blight(state, land)
    elif kind == "presence":
        _lose_presence(state, land, ctx)
    elif kind in pcs.HEALTH:
        pcs.remove(land, kind)
        if kind == "dahan":  # a health that depends on dahan may end at once
            pcs.dahan_left(state, land)
    else:
        _take_token(land, kind)


def _one_at_a_time(state, step, ctx, answer, kind_name: str, act_one) -> Any:
    land = state["lands"][ctx["land"]]
    kinds = _present(state, land, _kinds(step), ctx)
    n = step.get("n", 1)
    total = sum(count(state, land, k, ctx) for k in kinds)
    if not kinds or n == 0:
        return None
    if n == "all" or (answer is None and n >= total and not step.get("up_to")):
        for kind in kinds:
            while count(state, land, kind, ctx):
                act_one(state, land, kind, ctx)
        return None
    options = kinds + ([DONE] if step.get("up_to") else [])
    kind = ask_or_take(chooser(ctx), kind_name, options, answer)
    if isinstance(kind, Ask) or kind == DONE:
        return kind if isinstance(kind, Ask) else None
    act_one(state, land, kind, ctx)
    return _rest(step, ctx, n - 1)


@verb("destroy")
def destroy(state, step, ctx, answer):
    return _one_at_a_time(state, step, ctx, answer, "destroy", _destroy_one)


@verb("remove")
def remove(state, step, ctx, answer):
    return _one_at_a_time(state, step, ctx, answer, "remove", _remove_one)


def remember(state: dict, **changes: Any) -> None:
    """Keep progress in the running frame's step (it is asked again after the answer)."""
    frame = state["queue"][0]
    frame["step"] = {**frame["step"], **changes}


def blight_with_cascade(state: dict, ctx: dict, picks: list[str], answer: Any, start) -> Any:
    """Run `start(state, picks) -> lands blighted in order`, asking where each cascade goes.

    A trial on a copy shows whether the picks so far are enough; if not, the next cascade's
    adjacent lands are the options. Used by `add` and by the Invader phase's ravage."""
    picks = list(picks) + ([answer] if answer is not None else [])
    while True:
        trial = clone(state)
        chain = start(trial, list(picks))
        if len(chain) - 1 <= len(picks) or trial.get("lost"):
            start(state, picks)
            return None
        options = list(isl.neighbours(tuple(state["boards"]), chain[len(picks)]))
        pick = ask_or_take(chooser(ctx), "cascade", options, None)
        if isinstance(pick, Ask):
            remember(state, cascade=picks)
            return pick
        picks.append(pick)


@verb("add")
def add(state, step, ctx, answer):
    land_name = ctx["land"]
    kind = step["kind"]
    n = step.get("n", 1)
    if n <= 0:
        return None
    if kind == "blight":
        result = blight_with_cascade(
            state, ctx, step.get("cascade", []), answer,
            lambda s, picks: inv.add_blight(s, land_name, picks))
        if isinstance(result, Ask):
            return result
        rest = {k: v for k, v in step.items() if k != "cascade"}
        return _rest(rest, ctx, n - 1)
    if kind == "strife":
        return _add_strife(state, step, ctx, answer)
    land = state["lands"][land_name]
    if kind in pcs.HEALTH:
        for _ in range(n):
            pcs.add(land, kind)
            pcs.arrived(state, land, kind, moved=False)
    elif kind == "presence":
        pcs.add_presence(land, presence_key(state, ctx["seat"]), n)
    elif isinstance(land.get(kind), list):
        land[kind].extend([0] * n)
    else:
        land[kind] = land.get(kind, 0) + n
    return None


def _add_strife(state, step, ctx, answer):
    """Strife goes under one invader of the chooser's pick (tokens.py)."""
    tok = _tokens()
    options = tok.strife_options(state, ctx["land"]) if tok is not None else []
    if not options:
        return None
    pick = ask_or_take(chooser(ctx), "strife", options, answer)
    if isinstance(pick, Ask):
        return pick
    tok.add_strife(state, ctx["land"], pick[0], pick[1])
    return _rest(step, ctx, step.get("n", 1) - 1)


# --- moving and changing pieces -----------------------------------------------------------------


def _move(state, step, ctx, answer, kind_name: str, options_for, move) -> Any:
    n = step.get("n", 1)
    if n == 0:
        return None
    options = options_for()
    if not options:
        return None
    if step.get("up_to"):
        options.append(DONE)
    choice = ask_or_take(chooser(ctx), kind_name, options, answer)
    if isinstance(choice, Ask):
        return choice
    if choice == DONE:
        return None
    move(choice)
    return [{"step": {**step, "n": "all" if n == "all" else n - 1}, "ctx": ctx}] \
        if n == "all" or n > 1 else None


@verb("push")
def push_verb(state, step, ctx, answer):
    source = ctx["land"]
    land = state["lands"][source]
    near = isl.adjacent(tuple(state["boards"]), source)

    def options():
        kinds = _present(state, land, _kinds(step), ctx)
        if hasattr(act, "push_options"):
            return [[k, t] for k in kinds for t in act.push_options(state, source, k)]
        return [[k, t] for k in kinds for t in near]

    return _move(state, step, ctx, answer, "push", options,
                 lambda c: act.push(state, source, [(c[0], c[1])]))


@verb("gather")
def gather_verb(state, step, ctx, answer):
    target = ctx["land"]
    near = isl.adjacent(tuple(state["boards"]), target)
    kinds = _kinds(step)

    def options():
        if hasattr(act, "gather_options"):
            found = {k: act.gather_options(state, target, k) for k in kinds}
            return [[k, s] for s in near for k in kinds if s in found[k]]
        return [[k, s] for s in near for k in kinds if count(state, state["lands"][s], k, ctx)]

    return _move(state, step, ctx, answer, "gather", options,
                 lambda c: act.gather(state, target, [(c[0], c[1])]))


@verb("replace")
def replace(state, step, ctx, answer):
    land = state["lands"][ctx["land"]]
    for _ in range(step.get("n", 1)):
        if not land[step["from"]]:
            break
        if step.get("to"):
            act.replace(state, land, step["from"], step["to"])
        else:
            pcs.remove(land, step["from"])
            if step["from"] == "dahan":
                pcs.dahan_left(state, land)
    return None


# --- marks for this turn ----------------------------------------------------------------------


def _tokens():
    return optional("tokens")


@verb("defend")
def defend(state, step, ctx, answer):
    if (tok := _tokens()) is not None:
        tok.add_defend(state, ctx["land"], step.get("n", 1))
        return None
    marks = turn_marks(state, ctx["land"])
    marks["defend"] = marks.get("defend", 0) + step.get("n", 1)
    return None


@verb("no_heal")
def no_heal(state, step, ctx, answer):
    """The invaders in the land keep their damage when time passes this turn."""
    turn_marks(state, ctx["land"])["no_heal"] = True
    return None


@verb("no_cascade")
def no_cascade(state, step, ctx, answer):
    """Blight added to the land this turn does not cascade (invaders.add_blight reads it)."""
    turn_marks(state, ctx["land"])["no_cascade"] = True
    return None


@verb("bargain")
def bargain(state, step, ctx, answer):
    """Bargains of Power and Protection: 1 of the spirit's presence leaves the game (from a
    land of the island, or with `from: "track"` from a presence track, uncovering the
    space); from now on each dahan within range 1 of its presence gives Defend 1 in its land
    (`seats[i]["dahan_defend"]`, turn.py at each Ravage Step) and it gains 1 energy less each
    turn (`energy_per_turn`). Stacks."""
    seat = ctx["seat"]
    row = state["seats"][seat]
    key = presence_key(state, seat)
    if step.get("from") == "track":
        options = presence_sources(state, seat)
    else:
        options = [n for n, land in state["lands"].items() if land["presence"].get(key)]
    if options:
        pick = ask_or_take(seat, "presence", options, answer)
        if isinstance(pick, Ask):
            return pick
        if step.get("from") == "track":
            row["tracks"][pick] += 1
        else:
            pcs.destroy_presence(state["lands"][pick], key)
    row["energy_per_turn"] = row.get("energy_per_turn", 0) - 1
    row["dahan_defend"] = row.get("dahan_defend", 0) + 1
    return None


@verb("isolate")
def isolate(state, step, ctx, answer):
    if (tok := _tokens()) is not None:
        tok.isolate(state, ctx["land"])
    else:
        turn_marks(state, ctx["land"])["isolate"] = True
    return None


@verb("skip")
def skip(state, step, ctx, answer):
    action = step.get("action", "all")
    if (tok := _tokens()) is not None:
        tok.add_skip(state, ctx["land"], action)
    else:
        turn_marks(state, ctx["land"]).setdefault("skip", []).append(action)
    return None


# --- the spirits ------------------------------------------------------------------------------


@verb("fear")
def fear(state, step, ctx, answer):
    earn_fear(state, step.get("n", 1))
    return None


def gain_energy(state: dict, seat: int, n: int) -> int:
    """A seat's energy changes by `n`; what it gains first pays what Bargains of Power and
    Protection still takes this turn (a negative `energy_per_turn`: the first that much
    energy gained each turn, from any source, is not gained; energy held is never taken;
    FAQ). The taken amount is a turn mark, so it starts again when time passes. Returns the
    change made."""
    row = state["seats"][seat]
    owed = -row.get("energy_per_turn", 0)
    if n > 0 and owed > 0:
        taken = turn_marks(state, pcs.ISLAND).setdefault("bargain_taken", {})
        lost = min(n, owed - taken.get(str(seat), 0))
        if lost > 0:
            taken[str(seat)] = taken.get(str(seat), 0) + lost
            n -= lost
    before = row["energy"]
    row["energy"] = max(0, before + n)
    return row["energy"] - before


@verb("energy")
def energy(state, step, ctx, answer):
    seat = ctx["spirit"] if step.get("to") == "spirit" else ctx["seat"]
    gain_energy(state, seat, step.get("n", 1))
    return None


@verb("gain_element")
def gain_element(state, step, ctx, answer):
    elements = state["seats"][ctx["seat"]]["elements"]
    elements[step["element"]] = elements.get(step["element"], 0) + step.get("n", 1)
    return None


def draw_powers(state: dict, kind: str, n: int) -> list[str]:
    """Draw up to n cards from a power deck, shuffling its discard in when it runs out."""
    deck = state["secret"].setdefault(f"{kind}_deck", [])
    discard = state.setdefault("power_discard", {}).setdefault(kind, [])
    if len(deck) < n and discard:
        rng = Rng(state["rng"])
        rng.shuffle(discard)
        state["rng"] = rng.state
        deck += discard
        discard.clear()
    drawn, deck[:] = deck[:n], deck[n:]
    return drawn


@verb("gain_card")
def gain_card(state, step, ctx, answer):
    seat = ctx["seat"]
    kind = step.get("kind", "any")
    if kind == "any":
        pick = ask_or_take(seat, "deck", ["minor", "major"], answer)
        if isinstance(pick, Ask):
            return pick
        return [{"step": {**step, "kind": pick}, "ctx": ctx}]
    drawn = step.get("drawn")
    if drawn is None:
        drawn = draw_powers(state, kind, step.get("draw", 4))
        if not drawn:
            return None
        return [{"step": {**step, "drawn": drawn}, "ctx": ctx}]
    card = ask_or_take(seat, "gain_card", drawn, answer)
    if isinstance(card, Ask):
        return card
    state["seats"][seat]["hand"].append(card)
    state["power_discard"].setdefault(kind, []).extend(c for c in drawn if c != card)
    if kind == "major" and not step.get("keep_all"):
        return [{"step": {"do": "forget"}, "ctx": ctx}]
    return None


@verb("forget")
def forget(state, step, ctx, answer):
    seat = state["seats"][ctx["seat"]]
    options = seat["hand"] + seat["played"] + seat["discard"]
    if not options:
        return None
    card = ask_or_take(ctx["seat"], "forget", options, answer)
    if isinstance(card, Ask):
        return card
    for pile in ("hand", "played", "discard"):
        if card in seat[pile]:
            seat[pile].remove(card)
            break
    return None


@verb("reclaim")
def reclaim(state, step, ctx, answer):
    seat = state["seats"][ctx["seat"]]
    if step.get("n", "all") == "all":
        seat["hand"] += seat["discard"]
        seat["discard"] = []
        return None
    if not seat["discard"]:
        return None
    card = ask_or_take(ctx["seat"], "reclaim", list(seat["discard"]), answer)
    if isinstance(card, Ask):
        return card
    seat["discard"].remove(card)
    seat["hand"].append(card)
    return _rest(step, ctx, step.get("n", 1) - 1)


def track_spaces(state: dict, seat: int, track: str) -> int:
    """How many spaces a presence track has (the first is open from the start)."""
    spirits = optional("spirits")
    name = state["seats"][seat]["spirit"]
    if spirits is not None and name in getattr(spirits, "SPIRITS", {}):
        return len(spirits.SPIRITS[name]["tracks"][track])
    return state["seats"][seat].get("track_spaces", {}).get(track, 0)


def presence_sources(state: dict, seat: int, from_track: bool = True,
                     destroyed: bool = False) -> list[str]:
    """Where a presence to add may come from: a track with presence left on it; the
    spirit's destroyed presence only where the effect allows it (digest: destroyed presence
    cannot be used unless an effect says so): `destroyed` adds it, `from_track` False
    offers it alone."""
    data = state["seats"][seat]
    tracks = [t for t, shown in data["tracks"].items() if shown + 1 < track_spaces(state, seat, t)]
    lost = ["destroyed"] if data.get("destroyed", 0) else []
    if not from_track:
        return lost
    return tracks + lost if destroyed else tracks


@verb("add_presence")
def add_presence(state, step, ctx, answer):
    seat = ctx["seat"]
    data = state["seats"][seat]
    source = step.get("source")
    if source is None:
        options = presence_sources(state, seat, step.get("from_track", True),
                                   step.get("destroyed", False))
        if not options:
            return None
        source = ask_or_take(seat, "presence_source", options, answer)
        if isinstance(source, Ask):
            return source
        return [{"step": {**step, "source": source}, "ctx": ctx}]
    near = within(state, origins(state, seat), step.get("range", 1))
    options = [n for n in near if land_matches(state, n, step.get("where"), ctx)]
    if not options:
        return None
    land = ask_or_take(seat, "add_presence", options, answer)
    if isinstance(land, Ask):
        return land
    if source == "destroyed":
        data["destroyed"] -= 1
    else:
        data["tracks"][source] += 1
    pcs.add_presence(state["lands"][land], presence_key(state, seat))
    return None


# --- control ------------------------------------------------------------------------------------


@verb("if")
def if_verb(state, step, ctx, answer):
    branch = step["then"] if check(state, step["cond"], ctx) else step.get("else", [])
    return frames(branch, ctx)


@verb("choose")
def choose(state, step, ctx, answer):
    """Pick one of `options` (effects) and run it; with `pick: n`, n different ones, each
    run before the next is picked (growth "pick two")."""
    done = step.get("picked", [])
    options = [i for i in range(len(step["options"])) if i not in done]
    if not options:
        return None
    seat = ctx["spirit"] if step.get("who") == "spirit" else chooser(ctx)
    pick = ask_or_take(seat, "choose", options, answer)
    if isinstance(pick, Ask):
        return pick
    rest = []
    if step.get("pick", 1) > len(done) + 1:
        rest = [{"step": {**step, "picked": [*done, pick]}, "ctx": ctx}]
    return frames(step["options"][pick], ctx) + rest


@verb("may")
def may(state, step, ctx, answer):
    pick = ask_or_take(chooser(ctx), "may", ["yes", "no"], answer)
    if isinstance(pick, Ask):
        return pick
    return frames(step["then"], ctx) if pick == "yes" else None


@verb("repeat")
def repeat(state, step, ctx, answer):
    return frames(step["then"] * step.get("n", 1), ctx)
