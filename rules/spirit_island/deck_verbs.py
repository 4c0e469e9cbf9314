"""Verbs the Branch & Claw and Jagged Earth Minor and Major powers need beyond the ones
already registered (rows in EFFECTS.md). Registered when powers.py is imported.
"""

from __future__ import annotations

from rules.spirit_island import effects as fx
from rules.spirit_island import fear_verbs as fv
from rules.spirit_island import island as isl


def _lands(state: dict, ctx: dict, where: str) -> list[str]:
    near = list(isl.adjacent(tuple(state["boards"]), ctx["land"]))
    return {"land": [ctx["land"]], "adjacent": near, "both": [ctx["land"], *near]}[where]


def kinds_count(state: dict, ctx: dict, step: dict) -> int:
    """The pieces of `kinds` (strife and sacred sites too) in the lands `in` names: their
    sum, or with `distinct` how many of the kinds are present at all."""
    lands = _lands(state, ctx, step.get("in", "land"))
    counts = [sum(fv._count(state, n, k, ctx) for n in lands) for k in step["kinds"]]
    return sum(1 for c in counts if c) if step.get("distinct") else sum(counts)


@fx.verb("per_kinds")
def per_kinds(state, step, ctx, answer):
    """Run `then` with `n` = the count of `kinds` (`in`: `land`/`adjacent`/`both`,
    `distinct`), the lesser of it and the count of `min_of` kinds when given, times `times`,
    divided by `div` (rounded down), at most `max`; nothing at 0."""
    n = kinds_count(state, ctx, step)
    if "min_of" in step:
        n = min(n, kinds_count(state, ctx, {**step, "kinds": step["min_of"], "distinct": False}))
    n = n * step.get("times", 1) // step.get("div", 1)
    n = min(n, step.get("max", n))
    return fx.frames([{**step["then"], "n": n}], ctx) if n > 0 else None


@fx.verb("may_pay")
def may_pay(state, step, ctx, answer):
    """The acting spirit may pay `n` energy (when it has it) to run `then`."""
    row = state["seats"][ctx["seat"]]
    if row.get("energy", 0) < step["n"]:
        return None
    pick = fx.ask_or_take(ctx["seat"], "may_pay", ["yes", "no"], answer)
    if isinstance(pick, fx.Ask) or pick == "no":
        return pick if isinstance(pick, fx.Ask) else None
    row["energy"] -= step["n"]
    return fx.frames(step["then"], ctx)
