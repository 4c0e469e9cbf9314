"""Verbs the Branch & Claw and Jagged Earth Minor and Major powers need beyond the ones
already registered (rows in EFFECTS.md). Registered when powers.py is imported.
"""

from __future__ import annotations

from rules.spirit_island import actions as act
from rules.spirit_island import effects as fx
from rules.spirit_island import fear_verbs as fv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island import seat_rows
from rules.spirit_island import tokens as tok


def _lands(state: dict, ctx: dict, where: str) -> list[str]:
    near = list(isl.adjacent(tuple(state["boards"]), ctx["land"]))
    both = list(dict.fromkeys([ctx["land"], *near]))  # a joined land is adjacent to itself
    return {"land": [ctx["land"]], "adjacent": near, "both": both}[where]


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
    divided by `div` (rounded down), plus `plus`, at most `max`; nothing at 0. With `each`
    (steps) instead of `then`, those steps run n times."""
    n = kinds_count(state, ctx, step)
    if "min_of" in step:
        n = min(n, kinds_count(state, ctx, {**step, "kinds": step["min_of"], "distinct": False}))
    n = n * step.get("times", 1) // step.get("div", 1) + step.get("plus", 0)
    n = min(n, step.get("max", n))
    if n <= 0:
        return None
    return fx.frames(step["each"] * n if "each" in step else [{**step["then"], "n": n}], ctx)


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


@fx.verb("lands_near")
def lands_near(state, step, ctx, answer):
    """Run `then` in up to `n` different lands the spirit picks, each matching `where` (the
    fear filter keys): adjacent to ctx.land (`range` 1, the default), within `range`, or
    anywhere (`range`: "any"); `self`: ctx.land may be one. Without `up_to` it picks as many
    as it can."""
    done = step.get("done", [])
    n = step.get("n", 1)
    if n <= 0:
        return None
    reach = step.get("range", 1)
    if reach == "any":
        near = list(isl.land_names(tuple(state["boards"])))
    else:
        near = [x for x in fx.within(state, [ctx["land"]], reach)
                if step.get("self") or x != ctx["land"]]
    options = [x for x in near if x not in done
               and fv.land_ok(state, x, step.get("where", {}), ctx)]
    if not options:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "land", options + ([fx.DONE] if step.get("up_to") else []),
                          answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    rest = [{"step": {**step, "n": n - 1, "done": [*done, pick]}, "ctx": ctx}] if n > 1 else []
    return fx.frames(step["then"], fv.fresh_ctx(state, ctx, land=pick)) + rest


@fx.verb("strife_attack_here")
def strife_attack_here(state, step, ctx, answer):
    """Each invader with strife in ctx.land deals its damage to the other invaders there
    (fear_verbs.strife_attack's rules, in one land)."""
    land = state["lands"][ctx["land"]]
    done = []
    for kind in pcs.INVADERS:
        while (own := next((i for i, s in enumerate(pcs.strife(land, kind)) if s), None)) is not None:
            piece = pcs.take(land, kind, own)
            fv._hit(state, land, pcs.ATTACK[kind])
            done.append((kind, piece))
    for kind, piece in done:
        pcs.put(land, kind, *piece)
    return None


@fx.verb("carry_presence")
def carry_presence(state, step, ctx, answer):
    """The spirit may move 1 of its presence to an adjacent land, taking along up to
    `carry` ({kind: n}) pieces from the land it leaves, one at a time."""
    key = fx.presence_key(state, ctx["seat"])
    boards = tuple(state["boards"])
    moved = step.get("moved")
    if moved is None:
        options = [[a, b] for a, row in state["lands"].items() if row["presence"].get(key)
                   for b in isl.neighbours(boards, a) if b in state["lands"]]
        if not options:
            return None
        pick = fx.ask_or_take(ctx["seat"], "move_presence", options + [fx.DONE], answer)
        if isinstance(pick, fx.Ask) or pick == fx.DONE:
            return pick if isinstance(pick, fx.Ask) else None
        pcs.destroy_presence(state["lands"][pick[0]], key)
        pcs.add_presence(state["lands"][pick[1]], key)
        return [{"step": {**step, "moved": pick}, "ctx": ctx}]
    source, target = moved
    carry = step["carry"]
    kinds = [k for k, left in carry.items() if left > 0 and fx.count(state, state["lands"][source], k)]
    if not kinds:
        return None
    kind = fx.ask_or_take(ctx["seat"], "carry", kinds + [fx.DONE], answer)
    if isinstance(kind, fx.Ask) or kind == fx.DONE:
        return kind if isinstance(kind, fx.Ask) else None
    act.push(state, source, [(kind, target)], ignore_isolate=True)
    return [{"step": {**step, "carry": {**carry, kind: carry[kind] - 1}}, "ctx": ctx}]


def _remove_token(state: dict, name: str, kind: str) -> None:
    if kind == "strife":
        kind_index = next([k, i] for k in pcs.INVADERS
                          for i, s in enumerate(pcs.strife(state["lands"][name], k)) if s)
        tok.remove_strife(state, name, *kind_index)
    else:
        state["lands"][name][kind] -= 1


@fx.verb("remove_tokens")
def remove_tokens(state, step, ctx, answer):
    """Remove any number of tokens of `kinds` from ctx.land, one at a time; then run `each`
    once per token removed and `after` (with `ctx.removed`, the kinds removed) if any were,
    else `none`."""
    removed = step.get("removed", [])
    kinds = [k for k in step["kinds"] if fv._count(state, ctx["land"], k, ctx)]
    pick = fx.ask_or_take(fx.chooser(ctx), "remove", kinds + [fx.DONE], answer) if kinds else fx.DONE
    if isinstance(pick, fx.Ask):
        return pick
    if pick != fx.DONE:
        _remove_token(state, ctx["land"], pick)
        return [{"step": {**step, "removed": [*removed, pick]}, "ctx": ctx}]
    if not removed:
        return fx.frames(step.get("none", []), ctx)
    return fx.frames(step.get("each", []) * len(removed) + step.get("after", []),
                     fv.fresh_ctx(state, ctx, removed=removed))


@fx.verb("give_back")
def give_back(state, step, ctx, answer):
    """Put back up to `n` of the tokens `remove_tokens` removed (`ctx.removed`), one at a time."""
    left = list(ctx.get("removed", []))
    n = step.get("n", 1)
    if n <= 0 or not left:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "give_back", sorted(set(left)) + [fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    left.remove(pick)
    rest = fv.fresh_ctx(state, ctx, removed=left)
    return fx.frames([{"do": "add", "kind": pick, "n": 1}], ctx) + \
        [{"step": {**step, "n": n - 1}, "ctx": rest}]


def _coast_distance(state: dict) -> dict[str, int]:
    boards = tuple(state["boards"])
    rows = isl.island(boards)
    edge = [n for n in isl.land_names(boards) if rows[n]["coastal"]]
    far = {n: 0 for n in edge}
    step = 0
    while edge:
        step += 1
        edge = list(dict.fromkeys(b for a in edge for b in isl.adjacent(boards, a)
                                  if b not in far and rows[b]["terrain"] != "ocean"))
        far.update((b, step) for b in edge)
    return far


@fx.verb("push_seaward")
def push_seaward(state, step, ctx, answer):
    """Push every piece of `kinds` from an inland ctx.land one land towards the nearest
    Ocean (to an adjacent land nearer the coast), one at a time."""
    far = _coast_distance(state)
    source = ctx["land"]
    kinds = [k for k in fx._kinds(step) if fx.count(state, state["lands"][source], k)]
    nearer = [b for b in isl.neighbours(tuple(state["boards"]), source)
              if far.get(b, 99) < far.get(source, 0)]
    options = [[k, b] for k in kinds for b in act.push_options(state, source, k) if b in nearer]
    if not options:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "push", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    act.push(state, source, [tuple(pick)])
    return [{"step": step, "ctx": ctx}]


@fx.verb("shared_land")
def shared_land(state, step, ctx, answer):
    """The acting spirit picks a land where it and the target spirit both have presence;
    `then` runs there."""
    mine, theirs = (fx.presence_key(state, ctx[k]) for k in ("seat", "spirit"))
    options = [x for x, row in state["lands"].items()
               if row["presence"].get(mine) and row["presence"].get(theirs)]
    if not options:
        return None
    land = fx.ask_or_take(ctx["seat"], "land", options, answer)
    if isinstance(land, fx.Ask):
        return land
    return fx.frames(step["then"], fv.fresh_ctx(state, ctx, land=land))


@fx.verb("repeat_cheapest")
def repeat_cheapest(state, step, ctx, answer):
    """The spirit may repeat 1 card of the lowest cost among its cards in play this turn,
    paying its cost again (a `grant_repeat` at that cost)."""
    row = state["seats"][ctx["seat"]]
    costs = [pw.CARDS[c]["cost"] for c in row.get("played", []) if c in pw.CARDS]
    if costs:
        row.setdefault("repeats", []).append(min(costs))
    return None


@fx.verb("as_self")
def as_self(state, step, ctx, answer):
    """Run `then` with the acting spirit as the target spirit (`ctx.spirit` = `ctx.seat`), for
    verbs that act on the target spirit."""
    return fx.frames(step["then"], fv.fresh_ctx(state, ctx, spirit=ctx["seat"]))


@fx.verb("remove_damaged")
def remove_damaged(state, step, ctx, answer):
    """Remove every damaged invader from ctx.land."""
    land = state["lands"][ctx["land"]]
    for kind in pcs.INVADERS:
        for index in range(len(land[kind]) - 1, -1, -1):
            if land[kind][index] > 0:
                pcs.remove(land, kind, index)
    return None


@fx.verb("pay_x")
def pay_x(state, step, ctx, answer):
    """The acting spirit pays X energy (1 up to what it has), then `then` runs with `n` = X."""
    row = state["seats"][ctx["seat"]]
    options = list(range(1, row.get("energy", 0) + 1))
    if not options:
        return None
    x = fx.ask_or_take(ctx["seat"], "pay", options, answer)
    if isinstance(x, fx.Ask):
        return x
    row["energy"] -= x
    return fx.frames([{**step["then"], "n": x}], ctx)


@fx.verb("presence_to_badlands")
def presence_to_badlands(state, step, ctx, answer):
    """Replace all the acting spirit's presence in ctx.land with badlands (the presence
    leaves the game); `each` runs once per presence replaced, after `first`."""
    row = state["lands"][ctx["land"]]
    key = fx.presence_key(state, ctx["seat"])
    n = row["presence"].pop(key, 0)
    row["badlands"] += n
    return fx.frames(step.get("first", []) + step.get("each", []) * n, ctx) if n else None


@fx.verb("gather_each")
def gather_each(state, step, ctx, answer):
    """From each adjacent land, gather 1 piece of each of `kinds` it has (no choice)."""
    target = ctx["land"]
    for source in isl.neighbours(tuple(state["boards"]), target):
        for kind in step["kinds"]:
            if source in state["lands"] and fx.count(state, state["lands"][source], kind) \
                    and source in act.gather_options(state, target, kind, ignore_isolate=True):
                act.gather(state, target, [(kind, source)], ignore_isolate=True)
    return None


@fx.verb("restore_on_board")
def restore_on_board(state, step, ctx, answer):
    """A spirit with presence on ctx.land's board may add 1 of its destroyed presence to
    ctx.land (the acting player picks which spirit, or none)."""
    board = ctx["land"][0]
    options = [i for i, row in enumerate(state["seats"]) if row.get("destroyed", 0) > 0
               and any(x[0] == board and land["presence"].get(fx.presence_key(state, i))
                       for x, land in state["lands"].items())]
    if not options:
        return None
    seat = fx.ask_or_take(fx.chooser(ctx), "spirit", options + [fx.DONE], answer)
    if isinstance(seat, fx.Ask) or seat == fx.DONE:
        return seat if isinstance(seat, fx.Ask) else None
    state["seats"][seat]["destroyed"] -= 1
    pcs.add_presence(state["lands"][ctx["land"]], fx.presence_key(state, seat))
    return None


@fx.verb("move_between")
def move_between(state, step, ctx, answer):
    """Pick one other land matching `where` (anywhere), then move up to `n` pieces of `kinds`
    between it and ctx.land, either way, one at a time."""
    other = step.get("other")
    if other is None:
        options = [x for x in fx.lands_matching(state, step.get("where"), ctx) if x != ctx["land"]]
        if not options:
            return None
        other = fx.ask_or_take(fx.chooser(ctx), "land", options, answer)
        if isinstance(other, fx.Ask):
            return other
        return [{"step": {**step, "other": other}, "ctx": ctx}]
    n = step.get("n", 1)
    ends = (ctx["land"], other)
    options = [[k, a, b] for a, b in (ends, ends[::-1]) for k in step["kinds"]
               if fx.count(state, state["lands"][a], k)]
    if n <= 0 or not options:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "move", options + [fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    kind, a, b = pick
    damage, marks = pcs.take(state["lands"][a], kind)
    pcs.put(state["lands"][b], kind, damage, marks)
    return [{"step": {**step, "n": n - 1}, "ctx": ctx}]


def _island_count(state: dict, kinds: list[str]) -> int:
    return sum(fx.count(state, land, k) for land in state["lands"].values() for k in kinds)


@fx.verb("tally")
def tally(state, step, ctx, answer):
    """Run `then`; afterwards run `after` with `n` = the pieces of `kinds` the island lost
    meanwhile, divided by `div` (rounded down)."""
    end = {"do": "tally_end", "kinds": step["kinds"], "div": step.get("div", 1),
           "after": step["after"], "before": _island_count(state, step["kinds"])}
    return fx.frames([*step["then"], end], ctx)


@fx.verb("tally_end")
def tally_end(state, step, ctx, answer):
    n = (step["before"] - _island_count(state, step["kinds"])) // step["div"]
    return fx.frames([{**step["after"], "n": n}], ctx) if n > 0 else None


@fx.verb("remove_among")
def remove_among(state, step, ctx, answer):
    """Remove up to `n` pieces of `kinds` from among the lands matching `where` (the fear
    filter keys, e.g. your lands), one at a time."""
    n = step.get("n", 1)
    options = [[k, x] for x in state["lands"] for k in step["kinds"]
               if fx.count(state, state["lands"][x], k) and fv.land_ok(state, x, step["where"], ctx)]
    if n <= 0 or not options:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "remove", options + [fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    pcs.remove(state["lands"][pick[1]], pick[0])
    return [{"step": {**step, "n": n - 1}, "ctx": ctx}]


@fx.verb("add_choice")
def add_choice(state, step, ctx, answer):
    """Add `n` tokens one at a time, each of a kind the spirit picks from `kinds` (at most
    `max_each` of a kind; strife only onto an invader); with `spread`, then for each kind
    added, 1 more of it in a land within range 1."""
    added = step.get("added", [])
    n = step.get("n", 1)
    has_invader = pcs.invader_count(state["lands"][ctx["land"]]) > 0
    options = [k for k in step["kinds"] if added.count(k) < step.get("max_each", 99)
               and (k != "strife" or has_invader)]
    if n > 0 and options:
        kind = fx.ask_or_take(fx.chooser(ctx), "add", options, answer)
        if isinstance(kind, fx.Ask):
            return kind
        return fx.frames([{"do": "add", "kind": kind, "n": 1}], ctx) + \
            [{"step": {**step, "n": n - 1, "added": [*added, kind]}, "ctx": ctx}]
    if not step.get("spread"):
        return None
    return fx.frames([{"do": "lands_near", "n": 1, "self": True, "then": [{"do": "add", "kind": k, "n": 1}]}
                      for k in dict.fromkeys(added)], ctx)


@fx.verb("keep_target")
def keep_target(state, step, ctx, answer):
    """Remember ctx.land as `ctx.target` for later steps run in other lands."""
    fx.set_ctx(state, ctx, target=ctx["land"])
    return None


@fx.verb("common_neighbour")
def common_neighbour(state, step, ctx, answer):
    """Run `then` in a land the spirit picks adjacent to both ctx.land and ctx.target."""
    boards = tuple(state["boards"])
    here, there = ctx["land"], ctx["target"]
    options = [x for x in isl.adjacent(boards, here)
               if x in isl.adjacent(boards, there) and x in state["lands"]]
    if not options:
        return None
    land = fx.ask_or_take(fx.chooser(ctx), "land", options, answer)
    if isinstance(land, fx.Ask):
        return land
    return fx.frames(step["then"], fv.fresh_ctx(state, ctx, land=land))


@fx.verb("gather_presence_each")
def gather_presence_each(state, step, ctx, answer):
    """From each adjacent land with presence, gather 1 presence (of any spirit; the acting
    player picks whose when several)."""
    todo = step.get("todo")
    if todo is None:
        todo = [x for x in isl.neighbours(tuple(state["boards"]), ctx["land"])
                if x in state["lands"] and any(state["lands"][x]["presence"].values())]
    if not todo:
        return None
    source = state["lands"][todo[0]]
    whose = sorted(k for k, n in source["presence"].items() if n)
    key = fx.ask_or_take(fx.chooser(ctx), "presence", whose, answer)
    if isinstance(key, fx.Ask):
        return key
    pcs.destroy_presence(source, key)
    pcs.add_presence(state["lands"][ctx["land"]], key)
    return [{"step": {**step, "todo": todo[1:]}, "ctx": ctx}] if len(todo) > 1 else None


def _cards_of(row: dict, deck: str) -> list[str]:
    return [c for pile in ("hand", "played", "discard") for c in row.get(pile, [])
            if pw.CARDS.get(c, {}).get("deck") == deck]


@fx.verb("forget_three_to_repeat")
def forget_three_to_repeat(state, step, ctx, answer):
    """With no other power card in play: any number of times, forget a Minor, a Major and a
    Unique power card (each picked) to run `then` again."""
    row = state["seats"][ctx["seat"]]
    if any(c != ctx.get("source") for c in row.get("played", [])):
        return None
    left = step.get("left")
    if left is None:
        if not all(_cards_of(row, d) for d in ("minor", "major", "unique")):
            return None
        pick = fx.ask_or_take(ctx["seat"], "may", ["yes", "no"], answer)
        if isinstance(pick, fx.Ask) or pick == "no":
            return pick if isinstance(pick, fx.Ask) else None
        return [{"step": {**step, "left": ["minor", "major", "unique"]}, "ctx": ctx}]
    if not left:
        return fx.frames([*step["then"], {k: v for k, v in step.items() if k != "left"}], ctx)
    card = fx.ask_or_take(ctx["seat"], "forget", _cards_of(row, left[0]), answer)
    if isinstance(card, fx.Ask):
        return card
    for pile in ("hand", "played", "discard"):
        if card in row.get(pile, []):
            row[pile].remove(card)
            break
    return [{"step": {**step, "left": left[1:]}, "ctx": ctx}]


@fx.verb("damage_around")
def damage_around(state, step, ctx, answer):
    """`n` damage to invaders in the lands adjacent to ctx.land, one point at a time: the
    player names a land and kind, the point goes to its most damaged piece."""
    n = step.get("n", 1)
    near = [x for x in isl.adjacent(tuple(state["boards"]), ctx["land"]) if x in state["lands"]]
    options = [[k, x] for x in near for k in pcs.INVADERS if state["lands"][x][k]]
    if n <= 0 or not options:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "damage", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    kind, name = pick
    land = state["lands"][name]
    pcs.sort_pieces(land, kind)
    pcs.damage(state, land, kind, 1, 0)
    return [{"step": {**step, "n": n - 1}, "ctx": ctx}] if n > 1 else None


@fx.verb("play_from_hand")
def play_from_hand(state, step, ctx, answer):
    """The spirit may play another power card from its hand at once, paying its cost: it
    joins the played cards (its elements count) and this turn's powers still to use (a
    Fast one now, a Slow one in the Slow phase)."""
    row = state["seats"][ctx["seat"]]
    options = [c for c in row.get("hand", []) if c in pw.CARDS and pw.CARDS[c]["cost"] <= row["energy"]]
    if not options:
        return None
    name = fx.ask_or_take(ctx["seat"], "play_now", options + [fx.DONE], answer)
    if isinstance(name, fx.Ask) or name == fx.DONE:
        return name if isinstance(name, fx.Ask) else None
    seat_rows.play_card(row, name, pw.CARDS[name])
    return None


# The lasting and "next time" effects and the targeting extensions (hooks and wrappers).
from rules.spirit_island import deck_rules  # noqa: E402, F401


@fx.verb("reclaim_or_regain")
def reclaim_or_regain(state, step, ctx, answer):
    """The event Tell the Old Stories: the spirit reclaims 1 card from its discard, or regains
    a Unique Power it forgot during the game (errata C5; the seat's `forgotten`, recorded as
    cards are forgotten). One pick among both piles' cards."""
    row = state["seats"][ctx["seat"]]
    lost = [c for c in row.get("forgotten", [])
            if pw.CARDS.get(c, {}).get("deck") == "unique" and c not in row["discard"]]
    options = [*row["discard"], *lost]
    if not options:
        return None
    card = fx.ask_or_take(ctx["seat"], "reclaim", options, answer)
    if isinstance(card, fx.Ask):
        return card
    (row["discard"] if card in row["discard"] else row["forgotten"]).remove(card)
    row["hand"].append(card)
    return None
