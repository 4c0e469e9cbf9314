"""The verbs and land filter keys fear cards (and adversary escalations) add to the effect
language: rows in EFFECTS.md. fear.py imports this module, so they are registered whenever
fear cards can run.

Land filter keys on top of the generic ones (`effects.land_matches`), read by `land_ok`:
`has` also takes "sacred_site" and "strife"; `has_any` (at least one of these kinds);
`any_of` (a list of filters, one must match); `count` (a list of {kind, at_least/at_most});
`near` ({kinds, at_least}: that many such pieces in the adjacent lands together);
`matching` ("ravage"/"not_ravage": the land matches a card in the Ravage space, or not);
`same_board` (on ctx.board, set by per_board); `busier_neighbour` (kinds: an adjacent land an
explorer may be pushed to, isolate kept, holds more of them than this one); `board_has` ({kinds, at_least/at_most} on the land's
whole board). Selectors among the lands that match the rest: `most` / `fewest` (kinds).
"""

from __future__ import annotations

from rules.spirit_island import actions as act
from rules.spirit_island import effects, tokens
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs

_OWN_KEYS = ("has", "has_any", "any_of", "count", "near", "matching", "same_board",
             "busier_neighbour", "board_has")
_SELECTORS = ("most", "fewest")


def fresh_ctx(state: dict, ctx: dict, **changes) -> dict:
    """A new context for sub-steps run in another land or for another board (effects.py
    gives each effect's context an id so `set_ctx` reaches only its own frames)."""
    state["ctx_ids"] = state.get("ctx_ids", 0) + 1
    return {**ctx, **changes, "id": state["ctx_ids"]}


def _count(state: dict, name: str, kind: str, ctx: dict) -> int:
    land = state["lands"][name]
    if kind == "sacred_site":
        return int(effects.count(state, land, "presence", ctx) >= 2) if ctx.get("seat") is not None \
            else int(any(n >= 2 for n in land["presence"].values()))
    if kind == "strife":
        return tokens.strife_count(land)
    return effects.count(state, land, kind, ctx)


def _near(state: dict, name: str) -> tuple[str, ...]:
    return isl.adjacent(tuple(state["boards"]), name)


def _matches_ravage(state: dict, name: str) -> bool:
    boards = tuple(state["boards"])
    return any(inv.matches(boards, card, name) for card in state["track"]["ravage"])


def _at(n: int, test: dict) -> bool:
    return n >= test.get("at_least", 0) and n <= test.get("at_most", n)


def land_ok(state: dict, name: str, where: dict, ctx: dict) -> bool:
    """The generic filter (effects.land_matches) plus the fear cards' keys above."""
    base = {k: v for k, v in where.items() if k not in _OWN_KEYS}
    if not effects.land_matches(state, name, base, ctx):
        return False
    if isl.island(tuple(state["boards"]))[name]["terrain"] == "ocean":
        return True  # an Ocean asked for by `ocean`: no pieces to test
    tests = {
        "has": lambda v: all(_count(state, name, k, ctx) for k in v),
        "has_any": lambda v: any(_count(state, name, k, ctx) for k in v),
        "any_of": lambda v: any(land_ok(state, name, w, ctx) for w in v),
        "count": lambda v: all(_at(_count(state, name, t["kind"], ctx), t) for t in v),
        "near": lambda v: sum(_count(state, n, k, ctx) for n in _near(state, name)
                              for k in v["kinds"]) >= v["at_least"],
        "matching": lambda v: _matches_ravage(state, name) == (v == "ravage"),
        "same_board": lambda v: (name[0] == ctx.get("board")) == v,
        "busier_neighbour": lambda v: bool(_busier(state, name, v, ctx)),
        "board_has": lambda v: _at(sum(_count(state, n, k, ctx) for n in _board(state, name[0])
                                       for k in v["kinds"]), v),
    }
    return all(tests[k](v) for k, v in where.items() if k in _OWN_KEYS)


def _board(state: dict, letter: str) -> list[str]:
    return [n for n in isl.land_names(tuple(state["boards"])) if n[0] == letter]


def lands_ok(state: dict, where: dict, ctx: dict) -> list[str]:
    test = {k: v for k, v in where.items() if k not in _SELECTORS}
    names = [n for n in isl.land_names(tuple(state["boards"])) if land_ok(state, n, test, ctx)]
    for key, pick in (("most", max), ("fewest", min)):
        if key in where and names:
            score = {n: sum(_count(state, n, k, ctx) for k in where[key]) for n in names}
            best = pick(score.values())
            names = [n for n in names if score[n] == best]
    return names


def _busier(state: dict, name: str, kinds: list[str], ctx: dict,
            moving: str = "explorer") -> list[str]:
    """Lands a piece of `moving` may be pushed to from `name` (isolate kept: none from an
    isolated land, none into one) holding more `kinds` than `name`."""
    here = sum(_count(state, name, k, ctx) for k in kinds)
    return [n for n in act.push_options(state, name, moving)
            if sum(_count(state, n, k, ctx) for k in kinds) > here]


@effects.verb("pick_land")
def _pick_land(state, step, ctx, answer):
    """Someone (ctx.seat, else the table) picks a land matching `where` (else `fallback`)
    and runs `then` there; `different`: not a land already picked for this card."""
    chosen = state.setdefault("fear", {}).setdefault("chosen", [])
    options = [n for n in lands_ok(state, step.get("where", {}), ctx)
               if not (step.get("different") and n in chosen)]
    if not options and "fallback" in step:
        options = lands_ok(state, step["fallback"], ctx)
    if not options:
        return None
    land = effects.ask_or_take(effects.chooser(ctx), "choose_land", options, answer)
    if isinstance(land, effects.Ask):
        return land
    if step.get("different"):
        chosen.append(land)
    return effects.frames(step["then"], fresh_ctx(state, ctx, land=land))


def _times(ctx: dict, repeats: int) -> int:
    """Pour Time Sideways (FAQ): an "each board / each land" action of a fear card or an
    escalation resolves once more on the board entered, not at all on the board left; steps
    inside one already repeated (ctx `timed`, as event_verbs sets it) run once."""
    return 1 if ctx.get("timed") else repeats


@effects.verb("every_land")
def _every_land(state, step, ctx, answer):
    out = []
    for land in lands_ok(state, step.get("where", {}), ctx):
        for _ in range(_times(ctx, inv.repeats(state, land))):
            out += effects.frames(step["then"], fresh_ctx(state, ctx, land=land, timed=True))
    return out


@effects.verb("per_board")
def _per_board(state, step, ctx, answer):
    out = []
    for board in state["boards"]:
        for _ in range(_times(ctx, inv.board_repeats(state, board))):
            out += effects.frames(step["then"], fresh_ctx(state, ctx, board=board, timed=True))
    return out


@effects.verb("scaled")
def _scaled(state, step, ctx, answer):
    """Run `step` with n = the weighted count of kinds in ctx.land (and its adjacent lands
    with `adjacent`) plus `plus`; nothing when that is 0."""
    lands = [ctx["land"], *(_near(state, ctx["land"]) if step.get("adjacent") else ())]
    n = step.get("plus", 0) + sum(
        w * _count(state, land, k, ctx) for land in lands for k, w in step["per"].items())
    return [{"step": {**step["step"], "n": n}, "ctx": ctx}] if n > 0 else None


@effects.verb("remove_health")
def _remove_health(state, step, ctx, answer):
    """Remove up to n Health worth of invaders (of `kinds`) from ctx.land, piece by piece."""
    land = state["lands"][ctx["land"]]
    n = step.get("n", 0)
    options = [k for k in step.get("kinds", pcs.INVADERS) if land[k] and pcs.HEALTH[k] <= n]
    if not options:
        return None
    kind = effects.ask_or_take(effects.chooser(ctx), "remove", [*options, effects.DONE], answer)
    if isinstance(kind, effects.Ask) or kind == effects.DONE:
        return kind if isinstance(kind, effects.Ask) else None
    pcs.remove(land, kind)
    if kind == "dahan":  # a health that depends on dahan may end at once
        pcs.dahan_left(state, land)
    return [{"step": {**step, "n": n - pcs.HEALTH[kind]}, "ctx": ctx}]


@effects.verb("energy_per_sacred_site")
def _energy_per_sacred_site(state, step, ctx, answer):
    seat = ctx["seat"]
    sites = [n for n in lands_ok(state, step.get("where", {}), ctx)
             if _count(state, n, "sacred_site", ctx)]
    state["seats"][seat]["energy"] += len(sites)
    return None


@effects.verb("strife")
def _strife(state, step, ctx, answer):
    """Add n strife, one at a time, each to an invader (of the kinds `on`) in ctx.land."""
    name = ctx["land"]
    options = [o for o in tokens.strife_options(state, name) if o[0] in step.get("on", pcs.INVADERS)]
    n = step.get("n", 1)
    if not options or n <= 0:
        return None
    pick = effects.ask_or_take(effects.chooser(ctx), "strife", options, answer)
    if isinstance(pick, effects.Ask):
        return pick
    tokens.add_strife(state, name, pick[0], pick[1])
    return [{"step": {**step, "n": n - 1}, "ctx": ctx}] if n > 1 else None


@effects.verb("strife_damage")
def _strife_damage(state, step, ctx, answer):
    """Every invader on the island takes 1 damage per strife it has."""
    for land in state["lands"].values():
        for kind in pcs.INVADERS:
            for index in range(len(land[kind]) - 1, -1, -1):
                marks = pcs.strife(land, kind)[index]
                if marks:
                    pcs.damage(state, land, kind, marks, index)
    return None


@effects.verb("strife_attack")
def _strife_attack(state, step, ctx, answer):
    """Each invader with strife deals its damage to the other invaders in its land, land
    by land (`lands`: those left, island order). The players assign it: each choice is an
    invader kind, whose most damaged piece takes as much as it can (asked only when two
    kinds could take it). An attacker that has dealt its damage is set aside until every
    attacker in the land has (so later attackers do not hit it)."""
    if "lands" not in step:
        step = {**step, "lands": [n for n, land in state["lands"].items()
                                  if tokens.strife_count(land)], "amount": 0, "aside": []}
    lands, amount, aside = list(step["lands"]), step["amount"], [list(a) for a in step["aside"]]
    while lands:
        land = state["lands"][lands[0]]
        if answer is not None:
            amount -= _damage_most_damaged(state, land, answer, amount)
            answer = None
        while amount > 0 and pcs.invader_count(land):
            options = [k for k in pcs.INVADERS if land[k]]
            if len(options) > 1:
                effects.remember(state, lands=lands, amount=amount, aside=aside)
                return effects.Ask(effects.chooser(ctx), "damage", options)
            amount -= _damage_most_damaged(state, land, options[0], amount)
        attacker = next(((k, i) for k in pcs.INVADERS
                         for i, s in enumerate(pcs.strife(land, k)) if s), None)
        if attacker is not None:
            kind, index = attacker
            aside.append([kind, *pcs.take(land, kind, index)])
            amount = pcs.ATTACK[kind]
            continue
        for kind, taken, marks in aside:
            pcs.put(land, kind, taken, marks)
        lands, amount, aside = lands[1:], 0, []
    return None


def _damage_most_damaged(state: dict, land: dict, kind: str, amount: int) -> int:
    pcs.sort_pieces(land, kind)
    return pcs.damage(state, land, kind, amount, 0)


def _hit(state: dict, land: dict, amount: int) -> None:
    while amount > 0 and pcs.invader_count(land):
        target = _target(land, amount)
        pcs.sort_pieces(land, target)
        amount -= pcs.damage(state, land, target, amount, 0)


def _target(land: dict, amount: int) -> str:
    killable = [k for k in reversed(pcs.INVADERS)
                if land[k] and pcs.HEALTH[k] - max(land[k]) <= amount]
    return killable[0] if killable else next(k for k in reversed(pcs.INVADERS) if land[k])


@effects.verb("push_to_busier")
def _push_to_busier(state, step, ctx, answer):
    """Push 1 piece of `kinds` from ctx.land into an adjacent land with more `than` pieces."""
    name = ctx["land"]
    kinds = [k for k in step["kinds"] if _count(state, name, k, ctx)]
    options = [[k, t] for k in kinds for t in _busier(state, name, step["than"], ctx, k)]
    if not options:
        return None
    pick = effects.ask_or_take(effects.chooser(ctx), "push", options, answer)
    if isinstance(pick, effects.Ask):
        return pick
    act.push(state, name, [(pick[0], pick[1])])
    return None
