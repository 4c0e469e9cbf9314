"""The Branch & Claw and Jagged Earth Minor and Major powers' lasting effects, carried by
the Invader steps' hooks ("the next time ...", "this turn, when ..."), and the targeting
extensions they need (`where_any` on target_land, `only_self` on target_spirit). The plain
verbs are in deck_verbs.py, which imports this module; rows in EFFECTS.md.
"""

from __future__ import annotations

from rules.spirit_island import (
    arrivals,  # noqa: F401  (the arrival watches, registered)
    hooks,
)
from rules.spirit_island import effects as fx
from rules.spirit_island import fear_verbs as fv
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island import tokens as tok

# `where_any` on a target_land step: the land must match one of these filters (the fear
# filter keys), e.g. Coastal or Wetland. The handler in place (spirit_rules.py's) still
# finds the lands in range and does its own bookkeeping once the land is picked.
_TARGET_LAND = fx.VERBS["target_land"]


def _target_any(state, step, ctx, answer):
    result = _target_land_any(state, step, ctx, answer)
    if result is None and ctx.get("seat") is not None and scream_left(state, ctx["seat"]) \
            and state.get("queue") and ctx.get("source") in pw.CARDS.keys() | pw.INNATES.keys():
        _offer_scream(state, ctx)
    return result


def _target_land_any(state, step, ctx, answer):
    if "where_any" not in step:
        return _TARGET_LAND(state, step, ctx, answer)
    plain = {k: v for k, v in step.items() if k != "where_any"}
    trial = fx.clone(state)
    found = _TARGET_LAND(trial, plain, ctx, None)
    if isinstance(found, fx.Ask):
        options = list(found.options)
    else:
        land = trial["queue"][0]["ctx"].get("land") if trial["queue"] else None
        options = [land] if land else []
    options = [x for x in options if any(fv.land_ok(state, x, w, ctx) for w in step["where_any"])]
    if not options:
        fx.abort(state, ctx)
        return None
    land = fx.ask_or_take(fx.chooser(ctx), "target_land", options, answer)
    if isinstance(land, fx.Ask):
        return land
    return _TARGET_LAND(state, plain, ctx, land)


# No `__wrapped__`: a later wrapper of target_land then wraps this one (keeping the chain).
fx.VERBS["target_land"] = _target_any


WEAKER = "invaders-weaker"


@fx.verb("invaders_weaker")
def invaders_weaker(state, step, ctx, answer):
    """Each invader in ctx.land deals `n` less damage (not below 0) this turn."""
    marks = fx.turn_marks(state, ctx["land"])
    marks["weaker"] = marks.get("weaker", 0) + step.get("n", 1)
    if WEAKER not in state.setdefault("rules", []):
        state["rules"].append(WEAKER)
    return None


@hooks.on("ravage_attack", WEAKER)
def _weaker(state: dict, land: str, kind: str, attack: int, **kw) -> int | None:
    less = tok.marks(state, land).get("weaker", 0)
    return max(0, attack - less) if less else None


@fx.verb("ravage_less")
def ravage_less(state, step, ctx, answer):
    """The next ravage in ctx.land this turn does `n` less damage in all (a `ravage_damage`
    hook that spends the mark)."""
    marks = fx.turn_marks(state, ctx["land"])
    marks["ravage_less"] = marks.get("ravage_less", 0) + step.get("n", 1)
    if WEAKER not in state.setdefault("rules", []):
        state["rules"].append(WEAKER)
    return None


@hooks.on("ravage_damage", WEAKER)
def _ravage_less(state: dict, land: str, damage: int, **kw) -> int | None:
    less = tok.marks(state, land).get("ravage_less", 0)
    if not less:
        return None
    state["turn_marks"][land].pop("ravage_less")
    return max(0, damage - less)


# `only_self` on a target_spirit step: the power targets yourself (no choice).
_TARGET_SPIRIT = fx.VERBS["target_spirit"]


def _target_self(state, step, ctx, answer):
    if not step.get("only_self"):
        return _TARGET_SPIRIT(state, step, ctx, answer)
    fx.set_ctx(state, ctx, spirit=fx.chooser(ctx))
    return None


fx.VERBS["target_spirit"] = _target_self


# --- "the next time ..." in a land this turn (pieces.destroy's hooks) ------------------------------

NEXT_TIME = "deck-next-time"


def _next_time_rule(state: dict) -> None:
    if NEXT_TIME not in state.setdefault("rules", []):
        state["rules"].append(NEXT_TIME)


@fx.verb("when_destroyed")
def when_destroyed(state, step, ctx, answer):
    """The next time a piece of `kinds` is destroyed in ctx.land this turn, `then` runs
    there (queued right after the step that destroyed it), once."""
    marks = fx.turn_marks(state, ctx["land"])
    marks.setdefault("when_destroyed", []).append(
        {"kinds": fx._kinds(step), "then": step["then"], "seat": ctx.get("seat"),
         "source": ctx.get("source")})
    _next_time_rule(state)
    return None


@hooks.on("destroyed", NEXT_TIME)
def _after_destroyed(state: dict, land: str, kind: str, **kw) -> None:
    waiting = tok.marks(state, land).get("when_destroyed", [])
    hit = next((w for w in waiting if kind in w["kinds"]), None)
    if hit is None:
        return
    waiting.remove(hit)
    ctx = fx._new_ctx(state, {"seat": hit["seat"], "land": land, "source": hit["source"]})
    frames = fx.frames(hit["then"], ctx)
    queue = state.setdefault("queue", [])
    queue[1 if queue else 0:1 if queue else 0] = frames


@fx.verb("spare")
def spare(state, step, ctx, answer):
    """The next time pieces of `kind` would be destroyed in ctx.land this turn (one Action),
    `n` fewer are: each spared piece stays, undamaged."""
    marks = fx.turn_marks(state, ctx["land"])
    marks["spare"] = {"kind": step["kind"], "n": step.get("n", 1), "action": None}
    _next_time_rule(state)
    return None


@hooks.on("destroy_piece", NEXT_TIME)
def _spared(state: dict, land: str, kind: str, index: int, **kw) -> bool | None:
    held = tok.marks(state, land).get("spare")
    if not held or held["kind"] != kind or held["n"] <= 0:
        return None
    key = pcs.action_key(state)
    if held["action"] not in (None, key):
        held["n"] = 0  # that next time has passed
        return None
    held["action"] = key
    held["n"] -= 1
    state["lands"][land][kind][index] = 0
    return False


# --- Instruments of their own Ruin's threshold ------------------------------------------------------

@fx.verb("ruin_ravage")
def ruin_ravage(state, step, ctx, answer):
    """This turn, invaders ravaging in ctx.land deal their damage to the invaders of adjacent
    lands (the acting player assigns it, right after the ravage) instead of to the land and
    dahan, and the dahan there do not fight back."""
    fx.turn_marks(state, ctx["land"])["ruin"] = {"seat": ctx.get("seat"), "source": ctx.get("source")}
    _next_time_rule(state)
    return None


@hooks.on("ravage_damage", NEXT_TIME)
def _ruin_damage(state: dict, land: str, damage: int, **kw) -> int | None:
    held = tok.marks(state, land).get("ruin")
    if not held:
        return None
    ctx = fx._new_ctx(state, {"seat": held["seat"], "land": land, "source": held["source"]})
    queue = state.setdefault("queue", [])
    queue[1 if queue else 0:1 if queue else 0] = fx.frames([{"do": "damage_around", "n": damage}], ctx)
    return 0


@hooks.on("dahan_attack", NEXT_TIME)
def _ruin_no_fight(state: dict, land: str, attack: int, **kw) -> int | None:
    return 0 if tok.marks(state, land).get("ruin") else None


# --- Call to Trade: the first ravage there becomes a build ------------------------------------------

@fx.verb("ravage_becomes_build")
def ravage_becomes_build(state, step, ctx, answer):
    """The first ravage in ctx.land this turn is skipped, and when the Ravage Step ends a
    Build happens there instead (if that skip was spent)."""
    tok.add_skip(state, ctx["land"], "ravage")
    marks = fx.turn_marks(state, ctx["land"])
    marks["ravage_to_build"] = marks.get("skip", []).count("ravage")
    _next_time_rule(state)
    return None


@hooks.on("after_ravage_step", NEXT_TIME)
def _ravage_built(state: dict, **kw) -> None:
    for name, marks in list(state.get("turn_marks", {}).items()):
        waiting = marks.get("ravage_to_build")
        if waiting and marks.get("skip", []).count("ravage") < waiting:
            marks.pop("ravage_to_build")
            if pcs.invader_count(state["lands"][name]):
                inv.build_in(state, name)


# --- Scream Disease Into the Wind: after a power on a land, 1 disease there -------------------------

def scream_left(state: dict, seat: int) -> int:
    return state.get("turn_marks", {}).get(pcs.ISLAND, {}).get("scream", {}).get(str(seat), 0)


@fx.verb("scream_disease")
def scream_disease(state, step, ctx, answer):
    """Once this turn, after the spirit (ctx.seat) uses a power targeting a land, it may add
    1 disease there (offered by the target_land wrapper below, after the power's steps)."""
    table = fx.turn_marks(state, pcs.ISLAND).setdefault("scream", {})
    table[str(ctx["seat"])] = table.get(str(ctx["seat"]), 0) + 1
    return None


@fx.verb("scream_offer")
def scream_offer(state, step, ctx, answer):
    if not scream_left(state, ctx["seat"]):
        return None
    pick = fx.ask_or_take(ctx["seat"], "may", ["yes", "no"], answer)
    if isinstance(pick, fx.Ask) or pick == "no":
        return pick if isinstance(pick, fx.Ask) else None
    state["turn_marks"][pcs.ISLAND]["scream"][str(ctx["seat"])] -= 1
    return fx.frames([{"do": "add", "kind": "disease", "n": 1}], ctx)


def _offer_scream(state: dict, ctx: dict) -> None:
    """Queue the offer after the last queued step of this power (same context id)."""
    queue = state["queue"]
    last = max((i for i, f in enumerate(queue) if f["ctx"].get("id") == ctx.get("id")), default=0)
    land = queue[last]["ctx"].get("land") if queue else None
    if land is None:
        return
    offer = {"seat": ctx["seat"], "land": land, "source": "Scream Disease Into The Wind"}
    queue.insert(last + 1, {"step": {"do": "scream_offer"}, "ctx": fx._new_ctx(state, offer)})


# --- Infestation of Venomous Spiders' threshold: damage after each skip it caused ------------------

@fx.verb("skip_damage")
def skip_damage(state, step, ctx, answer):
    """After each `any` skip now in ctx.land is spent (checked after each explore, build
    and the Ravage Step), `n` damage there (assigned by the acting player)."""
    marks = fx.turn_marks(state, ctx["land"])
    marks["skip_damage"] = {"left": marks.get("skip", []).count("any"), "n": step.get("n", 1),
                            "seat": ctx.get("seat"), "source": ctx.get("source")}
    _next_time_rule(state)
    return None


def _skips_spent(state: dict, **kw) -> None:
    for name, marks in list(state.get("turn_marks", {}).items()):
        held = marks.get("skip_damage")
        if not held:
            continue
        now = marks.get("skip", []).count("any")
        ctx = {"seat": held["seat"], "land": name, "source": held["source"]}
        while held["left"] > now:
            held["left"] -= 1
            queue = state.setdefault("queue", [])
            frames = fx.frames([{"do": "damage", "n": held["n"]}], fx._new_ctx(state, ctx))
            queue[1 if queue else 0:1 if queue else 0] = frames


for _point in ("after_explore", "after_build", "after_ravage_step"):
    hooks.on(_point, NEXT_TIME)(_skips_spent)
