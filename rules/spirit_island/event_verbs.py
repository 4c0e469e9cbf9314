"""The verbs event and blight cards need beyond the generic ones of effects.py: choosing
lands and boards with a richer filter, moving pieces to lands that match one, damage to
dahan, presence the spirits lose, and the cards' one-off operations on decks and cards.

Every choice is the players' (seat 0 speaks for the table in island effects; `ctx.seat`
when a step runs per player). An effect does as much as it can and skips the rest
(digest 4.14): a step with no legal land or piece does nothing.

Land filter keys (beyond effects.land_matches): `has` / `has_any` / `lacks` (kinds; a kind
may be a sum like `"town+city"`), `at_least` / `at_most` / `exactly` ({kind: n}),
`adjacent_to` / `adjacent_or_self` (a filter some adjacent land, or the land itself,
matches), `most` / `fewest` (kind: the lands with the most / fewest among the candidates),
`outnumber` ([a, b]: more a than b), `sacred_site`, `setup_dahan` (a printed dahan
symbol), `board_lacks` (no land of its board holds these), `damaged` (an invader with
damage), `ravage_card` / `build_card` (matches a card in that slot of the track).
"""

from __future__ import annotations

import math

from rules.spirit_island import actions as act
from rules.spirit_island import effects, hooks, tokens
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs

DONE = effects.DONE
ELEMENTS = ("sun", "moon", "fire", "air", "water", "earth", "plant", "animal")


# --- counting and filtering ---------------------------------------------------------------------


def count(state: dict, name: str, kind: str, ctx: dict | None = None) -> int:
    """Pieces of a kind in a land; `"a+b"` sums kinds; presence is the acting spirit's when
    a seat acts, else everyone's; strife counts the markers on all invaders."""
    if "+" in kind:
        return sum(count(state, name, k, ctx) for k in kind.split("+"))
    land = state["lands"][name]
    if kind == "strife":
        return tokens.strife_count(land)
    return effects.count(state, land, kind, ctx)


def _sacred_site(state: dict, name: str, ctx: dict) -> bool:
    held = state["lands"][name]["presence"]
    if ctx.get("seat") is not None:
        return held.get(effects.presence_key(state, ctx["seat"]), 0) >= 2
    return any(n >= 2 for n in held.values())


def _track_match(state: dict, name: str, slot: str) -> bool:
    boards = tuple(state["boards"])
    return any(inv.matches(boards, card, name) for card in state["track"][slot])


def _setup_dahan(state: dict, name: str) -> bool:
    """A printed dahan symbol (a joined land has both lands' symbols: FAQ)."""
    boards = tuple(state["boards"])
    printed = isl.setup_pieces(boards)
    return any(printed.get(land, (0, 0, 0, 0))[2] > 0 for land in isl.printed(boards, name))


def _board_of(name: str) -> str:
    return name[0]


def land_ok(state: dict, name: str, where: dict, ctx: dict) -> bool:
    """One land against a filter (the relative keys `most`/`fewest` are left to `select`)."""
    row = isl.island(tuple(state["boards"]))[name]
    n = lambda kind: count(state, name, kind, ctx)  # noqa: E731
    near = lambda f: any(land_ok(state, a, f, ctx)  # noqa: E731
                         for a in isl.adjacent(tuple(state["boards"]), name))
    tests = {
        "terrain": lambda v: row["terrain"] in v,
        "coastal": lambda v: row["coastal"] == v,
        "inland": lambda v: (not row["coastal"]) == v,
        "board": lambda v: row["board"] == (ctx.get("board") if v == "this" else v),
        "has": lambda v: all(n(k) for k in v),
        "has_any": lambda v: any(n(k) for k in v),
        "lacks": lambda v: not any(n(k) for k in v),
        "at_least": lambda v: all(n(k) >= m for k, m in v.items()),
        "at_most": lambda v: all(n(k) <= m for k, m in v.items()),
        "exactly": lambda v: all(n(k) == m for k, m in v.items()),
        "invaders": lambda v: bool(n("invader")) == v,
        "blight": lambda v: bool(n("blight")) == v,
        "adjacent_to": near,
        "adjacent_or_self": lambda v: land_ok(state, name, v, ctx) or near(v),
        "outnumber": lambda v: n(v[0]) > n(v[1]),
        "sacred_site": lambda v: _sacred_site(state, name, ctx) == v,
        "setup_dahan": lambda v: _setup_dahan(state, name) == v,
        "board_lacks": lambda v: not any(
            count(state, other, k, ctx) for other in isl.land_names(tuple(state["boards"]))
            if _board_of(other) == row["board"] for k in v),
        "damaged": lambda v: any(any(land_dmg) for land_dmg in
                                 (state["lands"][name][k] for k in pcs.INVADERS)) == v,
        "ravage_card": lambda v: _track_match(state, name, "ravage") == v,
        "build_card": lambda v: _track_match(state, name, "build") == v,
        "most": lambda v: True,
        "fewest": lambda v: True,
    }
    return all(tests[key](value) for key, value in where.items())


def select(state: dict, names, where: dict | None, ctx: dict) -> list[str]:
    """The lands among `names` matching `where`, then narrowed by `most` / `fewest`."""
    where = where or {}
    found = [name for name in names if land_ok(state, name, where, ctx)]
    for key, pick in (("most", max), ("fewest", min)):
        if key in where and found:
            best = pick(count(state, name, where[key], ctx) for name in found)
            found = [name for name in found if count(state, name, where[key], ctx) == best]
    return found


def candidates(state: dict, where: dict | None, ctx: dict) -> list[str]:
    """Lands an event step may pick: those of `ctx.board` when it runs per board."""
    names = isl.land_names(tuple(state["boards"]))
    if ctx.get("board"):
        names = [name for name in names if _board_of(name) == ctx["board"]]
    return select(state, names, where, ctx)


def board_ok(state: dict, board: str, where: dict, ctx: dict) -> bool:
    """A board filter: `pieces` {kind, where, at_least/at_most/exactly}, `lands` {where,
    at_least}, `outnumber_by` [a, b, n], `and` (another board filter)."""
    names = [n for n in isl.land_names(tuple(state["boards"])) if _board_of(n) == board]

    def total(kind: str, land_where: dict | None = None) -> int:
        return sum(count(state, n, kind, ctx) for n in select(state, names, land_where, ctx))

    def within(value: int, test: dict) -> bool:
        return (value >= test.get("at_least", value) and value <= test.get("at_most", value)
                and value == test.get("exactly", value))

    tests = {
        "pieces": lambda v: within(total(v["kind"], v.get("where")), v),
        "lands": lambda v: within(len(select(state, names, v["where"], ctx)), v),
        "outnumber_by": lambda v: total(v[0]) >= total(v[1]) + v[2],
        "and": lambda v: board_ok(state, board, v, ctx),
    }
    return all(tests[key](value) for key, value in where.items())


def spirit_dahan(state: dict, seat: int) -> int:
    """Dahan in the lands where the spirit has presence."""
    key = effects.presence_key(state, seat)
    return sum(len(land["dahan"]) for land in state["lands"].values() if land["presence"].get(key))


def _power(name: str) -> dict:
    powers = effects.optional("powers")
    return getattr(powers, "CARDS", {}).get(name, {}) if powers is not None else {}


def heavy_powers(state: dict, seat: int) -> bool:
    """3+ power cards in play, or one whose printed cost is 4+ (Power Corrodes the Spirit)."""
    played = state["seats"][seat].get("played", [])
    return len(played) >= 3 or any(_power(c).get("cost", 0) >= 4 for c in played)


def is_blighted(state: dict) -> bool:
    """The Blighted Island side is up (a Still-Healthy card is still a healthy island)."""
    return state["blight_card"]["side"] == pcs.BLIGHTED


def check(state: dict, cond: dict, ctx: dict) -> bool:
    tests = {
        "land": lambda v: land_ok(state, ctx["land"], v, ctx) and bool(select(
            state, [ctx["land"]], v, ctx)),
        "board": lambda v: board_ok(state, ctx["board"], v, ctx),
        "spirit_dahan": lambda v: spirit_dahan(state, ctx["seat"]) >= v,
        "spirit_sacred_site": lambda v: any(
            _sacred_site(state, n, ctx) for n in state["lands"]) == v,
        "spirit_power_heavy": lambda v: heavy_powers(state, ctx["seat"]) == v,
        "blighted_island": lambda v: is_blighted(state) == v,
        "all": lambda v: all(check(state, c, ctx) for c in v),
        "any": lambda v: any(check(state, c, ctx) for c in v),
        "not": lambda v: not check(state, v, ctx),
    }
    rest = {k: v for k, v in cond.items() if k not in tests}
    return all(tests[k](v) for k, v in cond.items() if k in tests) and (
        not rest or effects.check(state, rest, ctx))


# --- where steps run ----------------------------------------------------------------------------


def fresh(state: dict, ctx: dict, **changes) -> dict:
    """A new context (its own id) for sub-steps run in another land, board or seat."""
    state["ctx_ids"] = state.get("ctx_ids", 0) + 1
    return {**ctx, **changes, "id": state["ctx_ids"]}


def _events(state: dict) -> dict:
    return state.setdefault("events", {})


# Pour Time Sideways (FAQ): an "each board / each land" action resolves once more on the
# board the presence entered, not at all on the one it left (`inv.repeats`). Steps inside
# one already repeated (ctx `timed`) run as they are: an "each land" step inside an "each
# board" one is not repeated twice over.
TIMED = {"timed": True}


def _times(state: dict, ctx: dict, repeats: int) -> int:
    return 1 if ctx.get("timed") else repeats


@effects.verb("on_each_board")
def on_each_board(state, step, ctx, answer):
    """Run `then` on each board (matching the board filter `where`) with `ctx.board` set,
    once unless Pour Time Sideways says otherwise (`TIMED`); `half`: only on half the
    boards, rounded up, which the players pick."""
    boards = [b for b in state["boards"] if board_ok(state, b, step.get("where", {}), ctx)]
    if step.get("half"):
        chosen = list(step.get("chosen", []))
        if answer is not None:
            chosen.append(answer)
        need = min(len(boards), math.ceil(len(state["boards"]) / 2))
        options = [b for b in boards if b not in chosen]
        if len(chosen) < need and len(options) > need - len(chosen):
            effects.remember(state, chosen=chosen)
            return effects.Ask(effects.chooser(ctx), "board", options)
        boards = chosen + options[: need - len(chosen)]
    out = []
    for board in boards:
        for _ in range(_times(state, ctx, inv.board_repeats(state, board))):
            out += effects.frames(step["then"], fresh(state, ctx, board=board, **TIMED))
    return out


@effects.verb("event_land")
def event_land(state, step, ctx, answer):
    """Pick one land matching `where` (on ctx.board when per board) and run `then` there;
    `distinct`: a key, no land picked twice under it this event."""
    picked = _events(state).setdefault("picked", {}).setdefault(step.get("distinct", ""), [])
    options = [n for n in candidates(state, step.get("where"), ctx)
               if not (step.get("distinct") and n in picked)]
    if not options:
        return None
    land = effects.ask_or_take(effects.chooser(ctx), "choose_land", options, answer)
    if isinstance(land, effects.Ask):
        return land
    if step.get("distinct"):
        picked.append(land)
    return effects.frames(step["then"], fresh(state, ctx, land=land))


@effects.verb("event_lands")
def event_lands(state, step, ctx, answer):
    """Run `then` in every land matching `where` (chosen now, island order; each as many
    times as Pour Time Sideways says, see `TIMED`)."""
    out = []
    for land in candidates(state, step.get("where"), ctx):
        for _ in range(_times(state, ctx, inv.repeats(state, land))):
            out += effects.frames(step["then"], fresh(state, ctx, land=land, **TIMED))
    return out


@effects.verb("per_piece")
def per_piece(state, step, ctx, answer):
    """Run `then` once for each piece of `kind` in ctx.land, each a separate action."""
    n = count(state, ctx["land"], step["kind"], ctx)
    out = []
    for _ in range(n):
        out += effects.frames(step["then"], fresh(state, ctx))
    return out


@effects.verb("event_if")
def event_if(state, step, ctx, answer):
    branch = step["then"] if check(state, step["cond"], ctx) else step.get("else", [])
    return effects.frames(branch, ctx)


@effects.verb("mark")
def mark(state, step, ctx, answer):
    """Remember how many of `kinds` ctx.land holds, for a later `if_destroyed`."""
    effects.set_ctx(state, ctx, marked=count(state, ctx["land"], step["kinds"], ctx))
    return None


@effects.verb("if_destroyed")
def if_destroyed(state, step, ctx, answer):
    if count(state, ctx["land"], step["kinds"], ctx) < ctx.get("marked", 0):
        return effects.frames(step["then"], ctx)
    return None


# --- pieces -------------------------------------------------------------------------------------


def _move_count(state: dict, step: dict, ctx: dict) -> int | str:
    n = step.get("n", 1)
    if isinstance(n, dict):
        return count(state, ctx["land"], n["count"], ctx) // n.get("per", 1)
    return n


def _move_presence(state: dict, seat: int, source: str, target: str) -> None:
    key = effects.presence_key(state, seat)
    pcs.destroy_presence(state["lands"][source], key)
    pcs.add_presence(state["lands"][target], key)


@effects.verb("event_move")
def event_move(state, step, ctx, answer):
    """Push pieces from ctx.land (`mode` push) to adjacent lands matching `to`, or gather
    them into it (`mode` gather) from adjacent lands matching `from`, one at a time.

    `n` (int, "all", or {"count": kind, "per": k}), `up_to` (after `min` moves the players
    may stop), `spread` (at most one piece into each adjacent land), `then` (runs in the
    land a piece went to, after each move)."""
    n = _move_count(state, step, ctx)
    moved = step.get("moved", 0)
    if n != "all" and moved >= n:
        return None
    here, gather = ctx["land"], step.get("mode") == "gather"
    used = step.get("used", [])
    options = []
    for kind in step["kinds"]:
        if kind == "presence":
            near = isl.adjacent(tuple(state["boards"]), here)
            places = near if count(state, here, "presence", ctx) else []
        elif gather:
            places = act.gather_options(state, here, kind)
        else:
            places = act.push_options(state, here, kind)
        places = select(state, places, step.get("from" if gather else "to"), ctx)
        # a joined land is adjacent to itself, but a move out of it into it is no move
        # (island.neighbours)
        options += [[kind, p] for p in places if p not in used and p != here]
    if not options:
        return None
    if step.get("up_to") and moved >= step.get("min", 0):
        options.append(DONE)
    pick = effects.ask_or_take(effects.chooser(ctx), "gather" if gather else "push",
                               options, answer)
    if isinstance(pick, effects.Ask) or pick == DONE:
        return pick if isinstance(pick, effects.Ask) else None
    kind, other = pick
    if kind == "presence":
        _move_presence(state, ctx["seat"], here, other)
    elif gather:
        act.gather(state, here, [(kind, other)])
    else:
        act.push(state, here, [(kind, other)])
    rest = {**step, "n": n, "moved": moved + 1}
    if step.get("spread"):
        rest["used"] = [*used, other]
    out = effects.frames(step.get("then", []), fresh(state, ctx, land=here if gather else other))
    return out + [{"step": rest, "ctx": ctx}]


@effects.verb("damage_dahan")
def damage_dahan(state, step, ctx, answer):
    """Damage to dahan from an event: destroys as many as it can (seed L644), with the
    badlands' bonus once per action."""
    name = ctx["land"]
    n = step.get("n", 1)
    if not state["lands"][name]["dahan"] or n <= 0:
        return None
    done = list(ctx.get("badlands", []))
    n += tokens.badlands_bonus(state, name, "dahan", done, n)
    effects.set_ctx(state, ctx, badlands=done)
    pcs.damage_dahan(state, state["lands"][name], n, tokens.saves(state, name, "dahan"))
    return None


@effects.verb("add_blight_no_cascade")
def add_blight_no_cascade(state, step, ctx, answer):
    """Blight from the card into ctx.land that does not cascade even if the land had some
    (unless a `blight_arriving` rule keeps it on the card)."""
    if False in hooks.fire(state, "blight_arriving", land=ctx["land"]):
        return None
    land = state["lands"][ctx["land"]]
    pcs.take_blight(state)
    land["blight"] += 1
    note = pcs.presence_note(state, land)
    for spirit in list(land["presence"]):
        pcs.destroy_presence(land, spirit)
    pcs.check_land_health(state, land)  # a health that depends on blight (Habsburg 4)
    hooks.fire(state, "blight_added", land=ctx["land"])
    pcs.count_destroyed(state, land, note)
    return None


@effects.verb("replace_half")
def replace_half(state, step, ctx, answer):
    """Replace half the pieces of `from` (rounded up) with `to`."""
    n = math.ceil(count(state, ctx["land"], step["from"], ctx) / 2)
    return effects.frames([{"do": "replace", "from": step["from"], "to": step["to"], "n": n}], ctx)


@effects.verb("destroy_damaged")
def destroy_damaged(state, step, ctx, answer):
    land = state["lands"][ctx["land"]]
    options = [k for k in pcs.INVADERS if any(land[k])]
    if not options:
        return None
    kind = effects.ask_or_take(effects.chooser(ctx), "destroy", options, answer)
    if isinstance(kind, effects.Ask):
        return kind
    pcs.destroy(state, land, kind, next(i for i, d in enumerate(land[kind]) if d))
    return None


@effects.verb("aid_uprising")
def aid_uprising(state, step, ctx, answer):
    """Each invader with strife in ctx.land takes 1 damage per dahan there; 1 dahan is
    added per town or city this destroys."""
    land = state["lands"][ctx["land"]]
    hurt = len(land["dahan"])
    before = len(land["town"]) + len(land["city"])
    for kind in pcs.INVADERS:
        for index in range(len(land[kind]) - 1, -1, -1):
            if hurt and pcs.strife(land, kind)[index]:
                pcs.damage(state, land, kind, hurt, index)
    pcs.add(land, "dahan", before - len(land["town"]) - len(land["city"]))
    return None


@effects.verb("invader_action")
def invader_action(state, step, ctx, answer):
    """An extra Ravage or Build in ctx.land (not a normal one, seed L1061; its cascade and
    the dahan's counterattack take the default picks)."""
    name = ctx["land"]
    if step["action"] == "ravage":
        if pcs.invader_count(state["lands"][name]):
            inv.ravage(state, name)
        return None
    land = state["lands"][name]
    if tokens.use_skip(state, name, "build") or tokens.stop_by_token(state, name, "build"):
        return None
    pcs.add(land, inv.build_piece(land))
    return None


def shown_terrains(state: dict) -> set[str]:
    """Terrains printed on the invader cards in the track's action slots."""
    shown = set()
    for slot in ("ravage", "build", "explore"):
        for card in state["track"][slot]:
            shown |= set(card.split(":")[1].split("+"))
    return shown


@effects.verb("invader_step")
def invader_step(state, step, ctx, answer):
    """A Build or Ravage Step in one terrain no invader card on the track shows, picked by
    the players (Fortification, New Cash Crops Take Hold; seed L1051, errata C2);
    `protect`: per board, the spirits may pay these costs to spare that board."""
    options = [t for t in inv.TERRAINS if t not in shown_terrains(state)]
    if not options:
        return None
    terrain = effects.ask_or_take(effects.chooser(ctx), "terrain", options, answer)
    if isinstance(terrain, effects.Ask):
        return terrain
    act_here = [{"do": "event_lands", "where": {"terrain": [terrain], "invaders": True},
                 "then": [{"do": "invader_action", "action": step["action"]}]}]
    if step.get("protect"):
        act_here = [{"do": "on_each_board", "then": [
            {"do": "protect_board", "costs": step["protect"], "then": act_here}]}]
    return effects.frames(act_here, ctx)


# --- the spirits' presence and energy -----------------------------------------------------------


def seat_of(state: dict, spirit: str) -> int:
    return next(i for i, s in enumerate(state["seats"]) if s["spirit"] == spirit)


def destroy_presence(state: dict, name: str, spirit: str, leave: str | None = None) -> None:
    """Destroy one presence: it goes to its spirit's destroyed presence (may return later)."""
    pcs.destroy_presence(state["lands"][name], spirit)
    seat = state["seats"][seat_of(state, spirit)]
    seat["destroyed"] = seat.get("destroyed", 0) + 1
    if leave:
        pcs.add(state["lands"][name], leave)


def presence_options(state: dict, step: dict, ctx: dict) -> list[list[str]]:
    """[land, spirit] pairs a `lose_presence` step may take: the acting spirit's own unless
    `anyone` (or an island effect), in ctx.land with `here`, on ctx.board with `board`."""
    names = [ctx["land"]] if step.get("here") else list(state["lands"])
    if step.get("board") or (ctx.get("board") and not step.get("here")):
        names = [n for n in names if _board_of(n) == ctx["board"]]
    own = None if step.get("anyone") or ctx.get("seat") is None else \
        effects.presence_key(state, ctx["seat"])
    return [[n, s] for n in names for s in state["lands"][n]["presence"] if own in (None, s)]


@effects.verb("lose_presence")
def lose_presence(state, step, ctx, answer):
    """Destroy `n` presence, one at a time; `each_spirit` with `here`: one of every spirit's
    in ctx.land; `leave`: a token put in place of each."""
    if step.get("each_spirit"):
        for spirit in list(state["lands"][ctx["land"]]["presence"]):
            destroy_presence(state, ctx["land"], spirit, step.get("leave"))
        return None
    n = step.get("n", 1)
    options = presence_options(state, step, ctx)
    if n <= 0 or not options:
        return None
    pick = effects.ask_or_take(effects.chooser(ctx), "destroy_presence", options, answer)
    if isinstance(pick, effects.Ask):
        return pick
    destroy_presence(state, pick[0], pick[1], step.get("leave"))
    return [{"step": {**step, "n": n - 1}, "ctx": ctx}] if n > 1 else None


@effects.verb("return_presence")
def return_presence(state, step, ctx, answer):
    """The spirit takes 1 of its presence off the island back onto a presence track."""
    seat = state["seats"][ctx["seat"]]
    key = effects.presence_key(state, ctx["seat"])
    tracks = [t for t, taken in seat.get("tracks", {}).items() if taken > 0]
    options = [[n, t] for n, land in state["lands"].items() if land["presence"].get(key)
               for t in tracks]
    if not options:
        return None
    pick = effects.ask_or_take(ctx["seat"], "return_presence", options, answer)
    if isinstance(pick, effects.Ask):
        return pick
    pcs.destroy_presence(state["lands"][pick[0]], key)
    seat["tracks"][pick[1]] -= 1
    return None


@effects.verb("gain_element_for_game")
def gain_element_for_game(state, step, ctx, answer):
    """The spirit picks an element it has for the rest of the game (kept in
    `seats[i]["permanent_elements"]`)."""
    element = effects.ask_or_take(ctx["seat"], "element", list(ELEMENTS), answer)
    if isinstance(element, effects.Ask):
        return element
    held = state["seats"][ctx["seat"]].setdefault("permanent_elements", {})
    held[element] = held.get(element, 0) + 1
    return None


@effects.verb("discard_for_energy")
def discard_for_energy(state, step, ctx, answer):
    """The spirit discards a power card from hand and gains its printed cost plus `plus`."""
    seat = state["seats"][ctx["seat"]]
    if not seat["hand"]:
        return None
    card = effects.ask_or_take(ctx["seat"], "discard", list(seat["hand"]), answer)
    if isinstance(card, effects.Ask):
        return card
    seat["hand"].remove(card)
    seat["discard"].append(card)
    seat["energy"] += _power(card).get("cost", 0) + step.get("plus", 0)
    return None


@effects.verb("move_presence")
def move_presence(state, step, ctx, answer):
    """The acting spirit moves up to `n` of its presence, each up to `range` lands."""
    n = step.get("n", 1)
    key = effects.presence_key(state, ctx["seat"])
    froms = [name for name, land in state["lands"].items() if land["presence"].get(key)]
    options = [[a, b] for a in froms for b in effects.within(state, [a], step.get("range", 1))
               if b != a]
    if n <= 0 or not options:
        return None
    pick = effects.ask_or_take(ctx["seat"], "move_presence", [*options, DONE], answer)
    if isinstance(pick, effects.Ask) or pick == DONE:
        return pick if isinstance(pick, effects.Ask) else None
    _move_presence(state, ctx["seat"], pick[0], pick[1])
    return [{"step": {**step, "n": n - 1}, "ctx": ctx}] if n > 1 else None
