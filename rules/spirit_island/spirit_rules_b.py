"""Jagged Earth spirits, second group (data/spirits_je_b.json, data/powers_spirits_je_b.json):
their special rules and the verbs their cards, innates, growth and setup use.

Vengeance as a Burning Plague: Terror of a Slowly Unfolding Plague (`build_land` hook),
Lingering Pestilence (`presence_destroyed` hook), Wreak Vengeance (blight as badlands for its
damage). Volcano Looming High: Mountain Home (presence only into Mountains), Collapse in a
Blast of Lava and Steam (damage where its presence is destroyed), Volcanic Peaks (+1 range
from a land with 3+ presence).

Wrappers chain onto the verb as it is when this module is imported (after spirit_rules.py),
so every earlier rule keeps working; each acts only for its own spirit.

Hook points this module adds (fired by other modules):
| point | keywords | fired by |
|---|---|---|
| `spirit_setup` | `seat` | `spirits.setup`, after the printed placements |
| `presence_destroyed` | `land`, `seat`, `cause` (`spirit`/`blight`/`invaders`/`event`) | wherever a presence is destroyed (CORE: not fired yet outside this module) |
"""

from __future__ import annotations

from rules.spirit_island import actions as act
from rules.spirit_island import effects as fx
from rules.spirit_island import hooks
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island import spirits as sp
from rules.spirit_island import tokens as tok

VENGEANCE = "Vengeance as a Burning Plague"
VOLCANO = "Volcano Looming High"
# Seat keys set for one turn by these verbs (cleared by powers.time_passes).
pw.TURN_KEYS = (*pw.TURN_KEYS, "mountain_range")


def _is(state: dict, seat: int | None, spirit: str, rule: str) -> bool:
    return pw._rule(state, seat, spirit, rule)


def _chain(name: str):
    """Wrap the verb as it is now: `handler(previous, state, step, ctx, answer)`. No
    `__wrapped__` is set, so a later wrapper keeps this one in the chain."""
    previous = fx.VERBS[name]

    def register(handler):
        def verb(state, step, ctx, answer):
            return handler(previous, state, step, ctx, answer)

        fx.VERBS[name] = verb
        return handler

    return register


def _key(state: dict, seat: int) -> str:
    return fx.presence_key(state, seat)


def _own_lands(state: dict, seat: int) -> list[str]:
    key = _key(state, seat)
    return [n for n, land in state["lands"].items() if land["presence"].get(key)]


def _has_any(state: dict, name: str, kinds: list[str], ctx: dict) -> bool:
    land = state["lands"].get(name)
    return bool(land) and any(fx.count(state, land, k, ctx) for k in kinds)


# --- setup ------------------------------------------------------------------------------------


def _board_filled(value, board: str):
    """The setup effect with `$board` replaced by the seat's board letter."""
    if isinstance(value, dict):
        return {k: _board_filled(v, board) for k, v in value.items()}
    if isinstance(value, list):
        return [_board_filled(v, board) for v in value]
    return board if value == "$board" else value


def setup_effect(state: dict, seat: int) -> None:
    """Queue the spirit's `setup_effect` (choices the printed placements cannot say)."""
    row = state["seats"][seat]
    effect = sp.SPIRITS[row["spirit"]].get("setup_effect")
    if not effect or row.get("setup_effect_done"):
        return
    row["setup_effect_done"] = True
    fx.append(state, _board_filled(effect, state["boards"][seat]),
              {"seat": seat, "source": row["spirit"]})


for _rule_id in ("lingering-pestilence", "mountain-home", "prepared-markers",
                 "fragments-of-time", "growth-begets-growth"):
    hooks.on("spirit_setup", _rule_id)(setup_effect)


@fx.verb("setup_piece")
def setup_piece(state, step, ctx, answer):
    """Setup: `n` presence into `ctx.land` from the supply (not from a track)."""
    pcs.add_presence(state["lands"][ctx["land"]], _key(state, ctx["seat"]), step.get("n", 1))
    return None


@fx.verb("setup_destroyed")
def setup_destroyed(state, step, ctx, answer):
    """Setup: `n` of the spirit's presence start destroyed (Vengeance)."""
    row = state["seats"][ctx["seat"]]
    row["destroyed"] = row.get("destroyed", 0) + step.get("n", 1)
    return None


# --- targeting: `has_any` kinds, Volcanic Peaks, Exaltation's mountain range ----------------------------


def _reach(state: dict, step: dict, ctx: dict, seat: int) -> int:
    reach = step.get("range", 0) + state["seats"][seat].get("range_bonus", 0)
    more = step.get("more_range")
    if more and fx.check(state, more["cond"], ctx):
        reach += more["n"]
    return reach


def _longer_reach(state: dict, step: dict, ctx: dict) -> list[str]:
    """Lands one further: from Volcano's lands with 3+ presence (Volcanic Peaks), and from
    Mountains for a seat with `mountain_range` (Exaltation of Molten Stone)."""
    seat = ctx.get("seat")
    source = step.get("from", "presence")
    if seat is None or source == "any":
        return []
    starts = fx.origins(state, seat, source)
    tall, extra = [], state["seats"][seat].get("mountain_range", 0)
    if _is(state, seat, VOLCANO, "volcanic-peaks"):
        key = _key(state, seat)
        tall = [n for n in starts if state["lands"][n]["presence"].get(key, 0) >= 3]
    rows = isl.island(tuple(state["boards"]))
    hills = [n for n in starts if rows[n]["terrain"] == "mountain"] if extra else []
    if not tall and not hills:
        return []
    reach = _reach(state, step, ctx, seat)
    found = set(fx.within(state, tall, reach + 1)) if tall else set()
    found |= set(fx.within(state, hills, reach + extra)) if hills else set()
    return [n for n in sorted(found) if fx.land_matches(state, n, step.get("where"), ctx)]


def _options_of(previous, state, step, ctx) -> list[str]:
    """The lands the wrapped `target_land` would offer, found on a copy of the state."""
    trial = fx.clone(state)
    frame = trial["queue"][0] if trial.get("queue") else None
    trial_ctx = frame["ctx"] if frame and frame["ctx"].get("id") == ctx.get("id") else dict(ctx)
    trial_ctx.pop("land", None)
    result = previous(trial, step, trial_ctx, None)
    if isinstance(result, fx.Ask):
        return list(result.options)
    return [trial_ctx["land"]] if trial_ctx.get("land") else []


@_chain("target_land")
def target_land(previous, state, step, ctx, answer):
    """`has_any` (kinds: the land holds at least one of them), `land_only` (no Ocean), and the
    longer reach above. A land only the longer reach finds is set here (the wrapped verb
    would not know it)."""
    longer = _longer_reach(state, step, ctx)
    frozen = stasis_lands(state)
    if "has_any" not in step and not longer and not step.get("land_only") and not frozen:
        return previous(state, step, ctx, answer)
    base = _options_of(previous, state, step, ctx)
    options = base + [n for n in longer if n not in base]
    if "has_any" in step:
        options = [n for n in options if _has_any(state, n, step["has_any"], ctx)]
    if step.get("land_only"):  # never an Ocean, even one in play
        boards = tuple(state["boards"])
        options = [n for n in options if not isl.is_ocean(boards, n)]
    options = [n for n in options if n not in frozen]  # Absolute Stasis: out of the game
    if not options:
        fx.abort(state, ctx)
        return None
    land = fx.ask_or_take(fx.chooser(ctx), "target_land", options, answer)
    if isinstance(land, fx.Ask):
        return land
    if land in base:
        return previous(state, step, ctx, land)
    fx.set_ctx(state, ctx, land=land)
    return None


# --- adding and moving presence: `has_any` kinds, Mountain Home ---------------------------------------------


def _mountain_home(state: dict, seat: int | None) -> bool:
    return _is(state, seat, VOLCANO, "mountain-home")


def _mountains(state: dict, lands: list[str]) -> list[str]:
    rows = isl.island(tuple(state["boards"]))
    return [n for n in lands if rows[n]["terrain"] == "mountain"]


@_chain("add_presence")
def add_presence(previous, state, step, ctx, answer):
    """Mountain Home: Volcano's presence goes only into Mountains. `any`: only into a land
    holding one of `has_any` (blight counts)."""
    seat = ctx.get("seat")
    if _mountain_home(state, seat):
        step = {**step, "where": {**step.get("where", {}), "terrain": ["mountain"]}}
    if "has_any" not in step or step.get("source") is None:
        return previous(state, step, ctx, answer)
    near = fx.within(state, fx.origins(state, seat), step.get("range", 1))
    options = [n for n in near if fx.land_matches(state, n, step.get("where"), ctx)
               and _has_any(state, n, step["has_any"], ctx)]
    if not options:
        return None
    land = fx.ask_or_take(seat, "add_presence", options, answer)
    if isinstance(land, fx.Ask):
        return land
    row = state["seats"][seat]
    if step["source"] == "destroyed":
        row["destroyed"] -= 1
    else:
        row["tracks"][step["source"]] += 1
    pcs.add_presence(state["lands"][land], _key(state, seat))
    return None


@_chain("place_presence")
def place_presence(previous, state, step, ctx, answer):
    seat = ctx.get("seat")
    if _mountain_home(state, seat):
        if step.get("here") and ctx["land"] not in _mountains(state, [ctx["land"]]):
            return None
        step = {**step, "where": {**step.get("where", {}), "terrain": ["mountain"]}}
    return previous(state, step, ctx, answer)


@_chain("move_presence")
def move_presence(previous, state, step, ctx, answer):
    """Mountain Home for event_verbs' `move_presence`: only moves into a Mountain."""
    if not _mountain_home(state, ctx.get("seat")):
        return previous(state, step, ctx, answer)
    key = _key(state, ctx["seat"])
    n = step.get("n", 1)
    froms = _own_lands(state, ctx["seat"])
    options = [[a, b] for a in froms
               for b in _mountains(state, fx.within(state, [a], step.get("range", 1))) if b != a]
    if n <= 0 or not options:
        return None
    pick = fx.ask_or_take(ctx["seat"], "move_presence", [*options, fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    pcs.destroy_presence(state["lands"][pick[0]], key)
    pcs.add_presence(state["lands"][pick[1]], key)
    return [{"step": {**step, "n": n - 1}, "ctx": ctx}] if n > 1 else None


# --- Wreak Vengeance for the Land's Corruption: blight as badlands ----------------------------------


@_chain("damage")
def damage(previous, state, step, ctx, answer):
    """Vengeance's actions: each blight in the land adds 1 to the first damage the action
    deals there to invaders, and to dahan, as a badlands would."""
    seat = ctx.get("seat")
    land = ctx.get("land")
    if answer is not None or "wreak" in step or not _is(state, seat, VENGEANCE, "wreak-vengeance"):
        return previous(state, step, ctx, answer)
    target = "dahan" if fx._kinds(step) == ["dahan"] else "invaders"
    done = list(ctx.get("wreak", []))
    blight = state["lands"][land]["blight"]
    kinds = [k for k in fx._kinds(step) if k in pcs.HEALTH and fx.count(state, state["lands"][land], k)]
    key = f"{land}:{target}"
    bonus = blight if blight and kinds and step.get("n", 1) > 0 and key not in done else 0
    if bonus:
        done.append(key)
        fx.set_ctx(state, ctx, wreak=done)
    return [{"step": {**step, "n": step.get("n", 1) + bonus, "wreak": True}, "ctx": ctx}]


# --- badlands on "damage to each" (Pyroclastic Bombardment, digest 4.4.5) ----------------------------


@_chain("damage_each")
def damage_each(previous, state, step, ctx, answer):
    """With `badlands: "each"`: after 1 damage to each piece, the line's total grows by the
    badlands there (once per action for invaders and once for dahan, as for `damage`): that
    many more damage to the same kinds, assigned by the player."""
    if step.get("badlands") != "each":
        return previous(state, step, ctx, answer)
    land = state["lands"][ctx["land"]]
    kinds = [k for k in fx._kinds(step) if k in pcs.HEALTH and land[k]]
    result = previous(state, step, ctx, answer)
    if not kinds:
        return result
    done = list(ctx.get("badlands", []))
    target = "dahan" if kinds == ["dahan"] else "invaders"
    bonus = tok.badlands_bonus(state, ctx["land"], target, done, step.get("n", 1))
    fx.set_ctx(state, ctx, badlands=done)
    extra = [{"step": {"do": "damage", "n": bonus, "kinds": kinds, "badlands": True}, "ctx": ctx}]
    return (result or []) + (extra if bonus else [])


# --- The Terror of a Slowly Unfolding Plague ------------------------------------------------------


def _restore_held_disease(state: dict) -> None:
    for name, n in state.pop("plague_held", {}).items():
        state["lands"][name]["disease"] = state["lands"][name].get("disease", 0) + n


@hooks.on("build_land", "slowly-unfolding-plague")
def plague_build(state: dict, land: str, piece: str) -> None:
    """While Vengeance's player has `plague_builds` on: disease in a land on a board with
    its presence lets the build happen (the disease is held aside so the build does not
    spend it, and put back after) and gives 1 fear."""
    _restore_held_disease(state)
    seat = sp.seat_of(state, VENGEANCE)
    here = state["lands"][land]
    if seat is None or not state["seats"][seat].get("plague_builds") or not here.get("disease"):
        return None
    rows = isl.island(tuple(state["boards"]))
    board = rows[land]["board"]
    if not any(rows[n]["board"] == board for n in _own_lands(state, seat)):
        return None
    state.setdefault("plague_held", {})[land] = here["disease"]
    here["disease"] = 0
    fx.earn_fear(state, 1)
    return None


@hooks.on("after_build", "slowly-unfolding-plague")
def plague_after_build(state: dict, built: dict) -> None:
    _restore_held_disease(state)


# --- presence destroyed: Lingering Pestilence, Collapse in a Blast of Lava and Steam ------------------


def presence_destroyed(state: dict, land: str, seat: int, cause: str, n: int = 1) -> None:
    """Fire the `presence_destroyed` point for `n` of a seat's presence destroyed in a land."""
    hooks.fire(state, "presence_destroyed", land=land, seat=seat, cause=cause, n=n)


@hooks.on("presence_destroyed", "lingering-pestilence")
def lingering_pestilence(state: dict, land: str, seat: int, cause: str, n: int = 1) -> None:
    """Vengeance's presence destroyed by anything but a spirit's action leaves disease."""
    if cause == "spirit" or state["seats"][seat].get("spirit") != VENGEANCE:
        return None
    here = state["lands"][land]
    here["disease"] = here.get("disease", 0) + n  # 1 where each destroyed presence was
    return None


def _collapse_frames(state: dict, land: str, seat: int, n: int) -> list[dict]:
    ctx = fx._new_ctx(state, {}, seat=seat, land=land, source="Collapse in a Blast of Lava and Steam")
    return fx.frames([{"do": "damage", "n": n}, {"do": "damage", "n": n, "kinds": ["dahan"]}], ctx)


@hooks.on("presence_destroyed", "collapse-in-lava")
def collapse(state: dict, land: str, seat: int, cause: str, n: int = 1) -> None:
    """Volcano's presence destroyed: 1 damage per presence to the invaders there, and 1 per
    presence to the dahan (queued to run next; the damage is Volcano's)."""
    if state["seats"][seat].get("spirit") != VOLCANO or land in state.get("volcano_spared", ()):
        return None
    state.setdefault("queue", [])[:0] = _collapse_frames(state, land, seat, n)
    return None


# Where presence is destroyed outside this module (blight added by a ravage, a power or an
# event; an event's lose_presence), Vengeance's and Volcano's presence is counted before and
# after and `presence_destroyed` fired for what went: by a ravage ("invaders"), by a spirit's
# action ("spirit"), by an island effect ("event").

_WATCH_RULES = {"lingering-pestilence": VENGEANCE, "collapse-in-lava": VOLCANO}


def _watched_seats(state: dict) -> list[int]:
    rules = state.get("rules", ())
    found = (sp.seat_of(state, spirit) for rule, spirit in _WATCH_RULES.items() if rule in rules)
    return [seat for seat in found if seat is not None]


def _snapshot(state: dict) -> dict[int, dict[str, int]]:
    return {seat: {n: land["presence"].get(_key(state, seat), 0) for n, land in state["lands"].items()}
            for seat in _watched_seats(state)}


def _report_losses(state: dict, before: dict, cause: str) -> None:
    for seat, lands in before.items():
        key = _key(state, int(seat))
        for land, n in lands.items():
            now = state["lands"][land]["presence"].get(key, 0) if land in state["lands"] else 0
            if now < n:
                presence_destroyed(state, land, int(seat), cause, n - now)


def _watch_losses(name: str) -> None:
    @_chain(name)
    def wrapper(previous, state, step, ctx, answer):
        if not _watched_seats(state):
            return previous(state, step, ctx, answer)
        before = _snapshot(state)
        result = previous(state, step, ctx, answer)
        if not isinstance(result, fx.Ask):
            _report_losses(state, before, "spirit" if ctx.get("seat") is not None else "event")
        return result


for _verb in ("add", "lose_presence", "add_blight_no_cascade"):
    if _verb in fx.VERBS:
        _watch_losses(_verb)


def _ravage_snapshot(state: dict, land: str, damage: int) -> None:
    if _watched_seats(state) and "je_b_before_ravage" not in state:
        state["je_b_before_ravage"] = _snapshot(state)


def _ravage_losses(state: dict, land: str, report: dict) -> None:
    before = state.pop("je_b_before_ravage", None)
    if before:
        _report_losses(state, before, "invaders")


for _rule in _WATCH_RULES:
    hooks.on("ravage_damage", _rule)(_ravage_snapshot)
    hooks.on("after_ravage", _rule)(_ravage_losses)


# --- Vengeance's verbs -----------------------------------------------------------------------------


@fx.verb("remove_destroyed")
def remove_destroyed(state, step, ctx, answer):
    """A cost: the target spirit removes 1 of its destroyed presence from the game; `then`
    only if it had one."""
    row = state["seats"][ctx["spirit"]]
    if not row.get("destroyed"):
        return None
    if step.get("optional"):  # the card may be played for its elements alone
        pick = fx.ask_or_take(fx.chooser(ctx), "pay_cost", ["yes", "no"], answer)
        if isinstance(pick, fx.Ask) or pick == "no":
            return pick if isinstance(pick, fx.Ask) else None
    row["destroyed"] -= 1
    row["removed"] = row.get("removed", 0) + 1
    return fx.frames(step["then"], ctx)


@fx.verb("spirit_land")
def spirit_land(state, step, ctx, answer):
    """Run `then` in one of the target spirit's lands (the acting spirit picks)."""
    lands = _own_lands(state, ctx["spirit"])
    if not lands:
        return None
    land = fx.ask_or_take(fx.chooser(ctx), "spirit_land", lands, answer)
    if isinstance(land, fx.Ask):
        return land
    return fx.frames(step["then"], fx._new_ctx(state, ctx, land=land))


@fx.verb("push_with")
def push_with(state, step, ctx, answer):
    """Push `n` pieces of `kinds` one at a time; `with` (a token kind): 1 of it may go
    along with each pushed piece; `avoid_presence`: only into lands without the acting
    spirit's presence."""
    here = ctx["land"]
    land = state["lands"][here]
    n = step.get("n", 1)
    if n <= 0:
        return None
    if step.get("follow"):  # the piece went to `follow`: may a token go with it?
        pick = fx.ask_or_take(fx.chooser(ctx), "push_with", ["yes", "no"], answer)
        if isinstance(pick, fx.Ask):
            return pick
        if pick == "yes":
            land[step["with"]] -= 1
            there = state["lands"][step["follow"]]
            there[step["with"]] = there.get(step["with"], 0) + 1
        rest = {k: v for k, v in step.items() if k != "follow"}
        return fx._rest(rest, ctx, n - 1)
    key = _key(state, ctx["seat"]) if ctx.get("seat") is not None else None
    options = [[k, t] for k in fx._kinds(step) if fx.count(state, land, k)
               for t in act.push_options(state, here, k)
               if not (step.get("avoid_presence") and state["lands"][t]["presence"].get(key))]
    if not options:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "push", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    act.push(state, here, [(pick[0], pick[1])])
    if step.get("with") and land.get(step["with"]):
        return [{"step": {**step, "follow": pick[1]}, "ctx": ctx}]
    return fx._rest(step, ctx, n - 1)


# --- Volcano's verbs ----------------------------------------------------------------------------------


@fx.verb("split_energy")
def split_energy(state, step, ctx, answer):
    """1 energy per `per` element the acting spirit has, split between it and the target
    spirit as evenly as possible (the acting player says who gets an odd one)."""
    total = state["seats"][ctx["seat"]]["elements"].get(step["per"], 0)
    half = total // 2
    mine = half
    if total % 2:
        pick = fx.ask_or_take(ctx["seat"], "odd_energy", ["self", "spirit"], answer)
        if isinstance(pick, fx.Ask):
            return pick
        mine += pick == "self"
    state["seats"][ctx["seat"]]["energy"] += mine
    state["seats"][ctx["spirit"]]["energy"] += total - mine
    return None


@fx.verb("mountain_range")
def mountain_range(state, step, ctx, answer):
    """This turn the target spirit's powers reach `n` further from Mountains."""
    row = state["seats"][ctx["spirit"]]
    row["mountain_range"] = row.get("mountain_range", 0) + step.get("n", 1)
    return None


@fx.verb("erupt")
def erupt(state, step, ctx, answer):
    """Explosive Eruption: Volcano destroys any number of its presence in the land (each
    collapses: 1 damage to invaders and 1 to dahan per presence); `ctx.erupted` = how many."""
    seat = ctx["seat"]
    key = _key(state, seat)
    have = state["lands"][ctx["land"]]["presence"].get(key, 0)
    n = fx.ask_or_take(seat, "erupt", list(range(have + 1)), answer)
    if isinstance(n, fx.Ask):
        return n
    for _ in range(n):
        pcs.destroy_presence(state["lands"][ctx["land"]], key)
    row = state["seats"][seat]
    row["destroyed"] = row.get("destroyed", 0) + n
    fx.set_ctx(state, ctx, erupted=n)
    if n and _is(state, seat, VOLCANO, "collapse-in-lava"):
        return _collapse_frames(state, ctx["land"], seat, n)
    return None


@fx.verb("if_erupted")
def if_erupted(state, step, ctx, answer):
    return fx.frames(step["then"], ctx) if ctx.get("erupted", 0) >= step["at_least"] else None


@fx.verb("per_erupted")
def per_erupted(state, step, ctx, answer):
    """Run `then` with `n` = the presence Explosive Eruption destroyed."""
    n = ctx.get("erupted", 0)
    return fx.frames([{**step["then"], "n": n}], ctx) if n > 0 else None


@fx.verb("lands_within")
def lands_within(state, step, ctx, answer):
    """Run `then` in each land within `range` of `ctx.land` (itself included)."""
    lands = fx.within(state, [ctx["land"]], step.get("range", 1))
    return [f for n in lands for f in fx.frames(step["then"], fx._new_ctx(state, ctx, land=n))]


@fx.verb("blight_sparing")
def blight_sparing(state, step, ctx, answer):
    """Add 1 blight to the land; it destroys none of the acting spirit's presence there."""
    land = state["lands"][ctx["land"]]
    key = _key(state, ctx["seat"])
    kept = step.get("kept", land["presence"].get(key, 0))
    state["volcano_spared"] = [ctx["land"]]
    result = fx.blight_with_cascade(state, ctx, step.get("cascade", []), answer,
                                    lambda s, picks: inv.add_blight(s, ctx["land"], picks))
    if isinstance(result, fx.Ask):
        fx.remember(state, kept=kept)
        return result
    state.pop("volcano_spared", None)
    if kept:
        land["presence"][key] = kept
    return None


@fx.verb("may_pay")
def may_pay(state, step, ctx, answer):
    """An extra cost: the spirit may pay `n` energy to run `then` (not offered without it)."""
    row = state["seats"][ctx["seat"]]
    if row["energy"] < step["n"]:
        return None
    pick = fx.ask_or_take(ctx["seat"], "may_pay", ["yes", "no"], answer)
    if isinstance(pick, fx.Ask):
        return pick
    if pick == "no":
        return None
    row["energy"] -= step["n"]
    return fx.frames(step["then"], ctx)


@fx.verb("add_destroyed_here")
def add_destroyed_here(state, step, ctx, answer):
    """The acting spirit adds `n` of its destroyed presence to `ctx.land` (as many as it has;
    Mountain Home applies)."""
    row = state["seats"][ctx["seat"]]
    n = min(step.get("n", 1), row.get("destroyed", 0))
    if n <= 0 or (_mountain_home(state, ctx["seat"]) and not _mountains(state, [ctx["land"]])):
        return None
    row["destroyed"] -= n
    pcs.add_presence(state["lands"][ctx["land"]], _key(state, ctx["seat"]), n)
    return None


@fx.verb("gather_own_presence")
def gather_own_presence(state, step, ctx, answer):
    """Move up to `n` of the acting spirit's presence from other lands into `ctx.land`."""
    n = step.get("n", 1)
    key = _key(state, ctx["seat"])
    froms = [x for x in _own_lands(state, ctx["seat"]) if x != ctx["land"]]
    if _mountain_home(state, ctx["seat"]) and not _mountains(state, [ctx["land"]]):
        return None
    if n <= 0 or not froms:
        return None
    pick = fx.ask_or_take(ctx["seat"], "move_presence", [*froms, fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    pcs.destroy_presence(state["lands"][pick], key)
    pcs.add_presence(state["lands"][ctx["land"]], key)
    return fx._rest(step, ctx, n - 1)


@fx.verb("return_destroyed")
def return_destroyed(state, step, ctx, answer):
    """Put up to `n` destroyed presence back on the spirit's tracks (a covered space each)."""
    seat = ctx["seat"]
    row = state["seats"][seat]
    n = step.get("n", 1)
    tracks = [t for t, taken in row["tracks"].items() if taken > 0]
    if n <= 0 or not row.get("destroyed") or not tracks:
        return None
    pick = fx.ask_or_take(seat, "return_presence", [*tracks, fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    row["tracks"][pick] -= 1
    row["destroyed"] -= 1
    return fx._rest(step, ctx, n - 1)


# === Shifting Memory of Ages ========================================================================
# Prepared element markers live in the seat's `markers` ({element: n}) until spent; a marker
# spent adds its element for one action (`spend_markers` ... `end_action`, called by turn.py).

MEMORY = "Shifting Memory of Ages"
ELEMENTS = sp.ELEMENTS


def _add_markers(row: dict, elements: dict[str, int]) -> None:
    markers = row.setdefault("markers", {})
    for element, n in elements.items():
        markers[element] = markers.get(element, 0) + n
        if not markers[element]:
            markers.pop(element)


def spend_markers(state: dict, seat: int, elements: dict[str, int]) -> None:
    """Spend prepared markers for the action about to run: their elements count until
    `end_action`. Raises ValueError if the seat lacks them."""
    row = state["seats"][seat]
    have = row.get("markers", {})
    if any(have.get(e, 0) < n for e, n in elements.items()):
        raise ValueError(f"not enough prepared markers for {elements}")
    _add_markers(row, {e: -n for e, n in elements.items()})
    boost = row.setdefault("marker_boost", {})
    for element, n in elements.items():
        row["elements"][element] = row["elements"].get(element, 0) + n
        boost[element] = boost.get(element, 0) + n


def end_action(state: dict, seat: int) -> None:
    """The action the markers were spent for is over: their elements go."""
    row = state["seats"][seat]
    for element, n in row.pop("marker_boost", {}).items():
        row["elements"][element] = row["elements"].get(element, 0) - n


def track_actions(state: dict, seat: int) -> list[dict]:
    """The optional once-a-turn actions of the revealed track spaces (Spirit phase), as
    effects: each `action` space gives one."""
    row = state["seats"][seat]
    tracks = sp.SPIRITS[row["spirit"]]["tracks"]
    out = []
    for track, spaces in tracks.items():
        for space in spaces[: row["tracks"].get(track, 0) + 1]:
            if space.get("action"):
                out.append([{"do": space["action"]}])
    return out


@fx.verb("spend_markers")
def spend_markers_verb(state, step, ctx, answer):
    """Before an action: the spirit spends prepared markers one at a time (or `done`); each
    counts as its element until `end_action`. For turn.py to queue before a power."""
    markers = sorted(state["seats"][ctx["seat"]].get("markers", {}))
    if not markers:
        return None
    element = fx.ask_or_take(ctx["seat"], "spend_marker", [*markers, fx.DONE], answer)
    if isinstance(element, fx.Ask) or element == fx.DONE:
        return element if isinstance(element, fx.Ask) else None
    spend_markers(state, ctx["seat"], {element: 1})
    return [{"step": step, "ctx": ctx}]


@fx.verb("gain_markers")
def gain_markers(state, step, ctx, answer):
    _add_markers(state["seats"][ctx["seat"]], step["elements"])
    return None


@fx.verb("prepare_marker")
def prepare_marker(state, step, ctx, answer):
    """Prepare 1 element marker of the spirit's choice."""
    element = fx.ask_or_take(ctx["seat"], "prepare_marker", list(ELEMENTS), answer)
    if isinstance(element, fx.Ask):
        return element
    _add_markers(state["seats"][ctx["seat"]], {element: 1})
    return None


@fx.verb("give_markers")
def give_markers(state, step, ctx, answer):
    """Discard up to `n` prepared markers, one at a time: the target spirit gains each
    one's element this turn."""
    n = step.get("n", 1)
    row = state["seats"][ctx["seat"]]
    options = sorted(row.get("markers", {}))
    if n <= 0 or not options:
        return None
    element = fx.ask_or_take(ctx["seat"], "give_marker", [*options, fx.DONE], answer)
    if isinstance(element, fx.Ask) or element == fx.DONE:
        return element if isinstance(element, fx.Ask) else None
    _add_markers(row, {element: -1})
    target = state["seats"][ctx["spirit"]]["elements"]
    target[element] = target.get(element, 0) + 1
    return fx._rest(step, ctx, n - 1)


@fx.verb("markers_for_card_play")
def markers_for_card_play(state, step, ctx, answer):
    """Track action: discard 2 prepared markers for 1 more card play this turn."""
    row = state["seats"][ctx["seat"]]
    picked = step.get("picked", [])
    if len(picked) == 2:
        row["card_plays_bonus"] = row.get("card_plays_bonus", 0) + 1
        return None
    if sum(row.get("markers", {}).values()) < 2:
        return None
    left = dict(row["markers"])
    for e in picked:
        left[e] -= 1
    options = sorted(e for e, n in left.items() if n > 0)
    element = fx.ask_or_take(ctx["seat"], "discard_marker",
                             options + ([fx.DONE] if not picked else []), answer)
    if isinstance(element, fx.Ask) or element == fx.DONE:
        return element if isinstance(element, fx.Ask) else None
    if len(picked) == 1:
        _add_markers(row, {picked[0]: -1, element: -1} if picked[0] != element else {element: -2})
    return [{"step": {**step, "picked": [*picked, element]}, "ctx": ctx}]


@_chain("forget")
def forget(previous, state, step, ctx, answer):
    """Long Ages of Knowledge and Forgetfulness: a card Shifting Memory would forget from
    its hand may be discarded instead."""
    seat = ctx["seat"]
    if not _is(state, seat, MEMORY, "long-ages"):
        return previous(state, step, ctx, answer)
    row = state["seats"][seat]
    card = step.get("card")
    if card is None:
        options = row["hand"] + row["played"] + row["discard"]
        if not options:
            return None
        card = fx.ask_or_take(seat, "forget", options, answer)
        if isinstance(card, fx.Ask):
            return card
        if card in row["hand"]:
            return [{"step": {**step, "card": card}, "ctx": ctx}]
        for pile in ("played", "discard"):
            if card in row[pile]:
                row[pile].remove(card)
                return None
        return None
    pick = fx.ask_or_take(seat, "forget_or_discard", ["forget", "discard"], answer)
    if isinstance(pick, fx.Ask):
        return pick
    row["hand"].remove(card)
    if pick == "discard":
        row["discard"].append(card)
    return None


@fx.verb("defend_per_discard")
def defend_per_discard(state, step, ctx, answer):
    """Defend `n` per card in the invader discard pile."""
    cards = len(state["track"]["discard"])
    return fx.frames([{"do": "defend", "n": step.get("n", 1) * cards}], ctx) if cards else None


@fx.verb("reveal_fear_top")
def reveal_fear_top(state, step, ctx, answer):
    """Turn the top card of the fear deck face up (`fear.face_up`; a divider is skipped)."""
    deck = state.get("secret", {}).get("fear_deck", [])
    top = next((c for c in deck if not c.startswith("-")), None)
    if top is not None:
        state["fear"]["face_up"] = top
    return None


# Observe the Ever-Changing World: after each of the next `n` actions that change which pieces
# are in the land, prepare 1 marker (1 per action, whatever it changed; damage alone changes
# nothing). An action is one effect (its context id) or one invader action.

_OBSERVED = ("explorer", "town", "city", "dahan", "blight", "disease", "beasts", "wilds",
             "badlands", "strife")


def _summary(state: dict, land: str) -> list[int]:
    here = state["lands"][land]
    counts = [fx.count(state, here, k) for k in _OBSERVED if k != "strife"]
    return [*counts, tok.strife_count(here), sum(here["presence"].values())]


@fx.verb("observe_land")
def observe_land(state, step, ctx, answer):
    marks = fx.turn_marks(state, ctx["land"]).setdefault("observe", [])
    marks.append({"seat": ctx["seat"], "left": step.get("n", 3),
                  "summary": _summary(state, ctx["land"]), "seen": [f"ctx:{ctx.get('id')}"]})
    return None


def _observe_check(state: dict, action: str) -> list[dict]:
    """Prepare-marker frames for the observed lands whose pieces this action changed."""
    out: list[dict] = []
    for land, marks in state.get("turn_marks", {}).items():
        if not isinstance(marks, dict):
            continue
        for mark in marks.get("observe", ()):
            if mark["left"] <= 0 or land not in state["lands"]:
                continue
            now = _summary(state, land)
            if now == mark["summary"]:
                continue
            mark["summary"] = now
            if action in mark["seen"]:
                continue
            mark["seen"].append(action)
            mark["left"] -= 1
            out += fx.frames([{"do": "prepare_marker"}],
                             fx._new_ctx(state, {}, seat=mark["seat"], source="Observe the Ever-Changing World"))
    return out


def _observing(state: dict) -> bool:
    return any(isinstance(m, dict) and m.get("observe") for m in state.get("turn_marks", {}).values())


def _observed(name: str) -> None:
    @_chain(name)
    def wrapper(previous, state, step, ctx, answer):
        result = previous(state, step, ctx, answer)
        if isinstance(result, fx.Ask) or not _observing(state):
            return result
        return (result or []) + _observe_check(state, f"ctx:{ctx.get('id')}")


for _verb in ("damage", "damage_each", "destroy", "remove", "add", "push", "gather", "replace",
              "drown", "push_with", "event_move", "invader_action"):
    if _verb in fx.VERBS:
        _observed(_verb)


def _invaders_acted(state: dict, what: str) -> None:
    if _observing(state):
        state["observe_actions"] = state.get("observe_actions", 0) + 1
        frames = _observe_check(state, f"{what}:{state['observe_actions']}")
        state.setdefault("queue", [])[:0] = frames


@hooks.on("after_explore", "prepared-markers")
def _observe_explore(state: dict, lands) -> None:
    _invaders_acted(state, "explore")


@hooks.on("after_build", "prepared-markers")
def _observe_build(state: dict, built) -> None:
    _invaders_acted(state, "build")


@hooks.on("after_ravage", "prepared-markers")
def _observe_ravage(state: dict, land: str, report) -> None:
    _invaders_acted(state, "ravage")


# --- gaining cards: a Major paid for instead of forgetting; Days That Never Were --------------------


@_chain("gain_card")
def gain_card(previous, state, step, ctx, answer):
    """`pay_instead` (Boon of Ancient Memories): a Major gained may cost `n` energy instead of
    a forget. Days That Never Were: after Fractured Days gains a card by drawing, it may add
    one of the unchosen cards to its set."""
    drawn = step.get("drawn")
    if drawn is None:
        return previous(state, step, ctx, answer)
    major = step.get("kind") == "major"
    pay = step.get("pay_instead") if major else None
    inner = {**step, "keep_all": True} if pay else step
    result = previous(state, inner, ctx, answer)
    if isinstance(result, fx.Ask):
        return result
    extra: list[dict] = []
    if pay:
        extra += fx.frames([{"do": "pay_or_forget", "n": pay}], ctx)
    seat = ctx["seat"]
    kept = state["seats"][seat]["hand"][-1]
    unchosen = [c for c in drawn if c != kept]
    if unchosen and _is(state, seat, DAYS, "days-that-never-were"):
        extra += fx.frames([{"do": "days_add", "kind": step["kind"], "options": unchosen}], ctx)
    return extra + (result or [])


@fx.verb("pay_or_forget")
def pay_or_forget(state, step, ctx, answer):
    row = state["seats"][ctx["seat"]]
    if row["energy"] < step["n"]:
        return fx.frames([{"do": "forget"}], ctx)
    pick = fx.ask_or_take(ctx["seat"], "pay_or_forget", ["pay", "forget"], answer)
    if isinstance(pick, fx.Ask):
        return pick
    if pick == "pay":
        row["energy"] -= step["n"]
        return None
    return fx.frames([{"do": "forget"}], ctx)


# === Fractured Days Split the Sky =====================================================================
# Time: presence set aside on the special rule (the seat's `time`). Gaining 1 takes a presence
# from a track (revealing its space) or, optionally, from the island; spending 1 puts it back on
# a track (covering the last revealed space of the player's choice), destroyed when none is free.

DAYS = "Fractured Days Split the Sky"


@fx.verb("gain_time")
def gain_time(state, step, ctx, answer):
    seat = ctx["seat"]
    row = state["seats"][seat]
    n = step.get("n", 1)
    if n <= 0:
        return None
    sources = [t for t in row["tracks"] if row["tracks"][t] + 1 < fx.track_spaces(state, seat, t)]
    sources += _own_lands(state, seat)
    if not sources:
        return None
    pick = fx.ask_or_take(seat, "time_from", sources, answer)
    if isinstance(pick, fx.Ask):
        return pick
    if pick in row["tracks"]:
        row["tracks"][pick] += 1
    else:
        pcs.destroy_presence(state["lands"][pick], _key(state, seat))  # set aside, not destroyed
    row["time"] = row.get("time", 0) + 1
    return fx._rest(step, ctx, n - 1)


def _time_cost(state: dict, n) -> int:
    return len(state["seats"]) if n == "players" else n


@fx.verb("pay_time")
def pay_time(state, step, ctx, answer):
    """An extra cost of `n` Time (`"players"`: 1 per player): `then` only if paid; with
    `optional` the player may decline. Each Time spent returns its presence to a track."""
    seat = ctx["seat"]
    row = state["seats"][seat]
    n = _time_cost(state, step["n"])
    if "left" not in step:
        if row.get("time", 0) < n:
            return None
        if step.get("optional"):
            pick = fx.ask_or_take(seat, "pay_time", ["yes", "no"], answer)
            if isinstance(pick, fx.Ask):
                return pick
            if pick == "no":
                return None
        return [{"step": {**step, "left": n}, "ctx": ctx}]
    if step["left"] <= 0:
        return fx.frames(step["then"], ctx)
    covered = [t for t, taken in row["tracks"].items() if taken > 0]
    if covered:
        track = fx.ask_or_take(seat, "time_to", covered, answer)
        if isinstance(track, fx.Ask):
            return track
        row["tracks"][track] -= 1
    else:
        row["destroyed"] = row.get("destroyed", 0) + 1
    row["time"] -= 1
    return [{"step": {**step, "left": step["left"] - 1}, "ctx": ctx}]


@fx.verb("joint_energy")
def joint_energy(state, step, ctx, answer):
    """The spirits jointly pay `n` energy (`"players"`: 1 per player), 1 at a time from the
    seat the acting player names; `then` once paid, nothing if they cannot."""
    left = step.get("left", _time_cost(state, step["n"]))
    if left <= 0:
        return fx.frames(step["then"], ctx)
    if sum(r["energy"] for r in state["seats"]) < left:
        return None
    payers = [i for i, r in enumerate(state["seats"]) if r["energy"] > 0]
    seat = fx.ask_or_take(ctx["seat"], "energy_from", payers, answer)
    if isinstance(seat, fx.Ask):
        return seat
    state["seats"][seat]["energy"] -= 1
    return [{"step": {**step, "left": left - 1}, "ctx": ctx}]


@fx.verb("swap_invader_card")
def swap_invader_card(state, step, ctx, answer):
    """Swap the invader deck's top card with a discarded invader card within 1 stage of it."""
    deck = inv.deck(state)
    discard = state["track"]["discard"]
    if not deck:
        return None
    options = [c for c in discard if abs(inv.stage(c) - inv.stage(deck[0])) <= 1]
    if not options:
        return None
    card = fx.ask_or_take(ctx["seat"], "swap_card", options, answer)
    if isinstance(card, fx.Ask):
        return card
    discard[discard.index(card)], deck[0] = deck[0], card
    return None


def stasis_lands(state: dict) -> list[str]:
    """Lands Absolute Stasis has taken out of the game until the end of the Slow phase."""
    return [n for n, marks in state.get("turn_marks", {}).items()
            if isinstance(marks, dict) and marks.get("stasis")]


def invader_repeats(state: dict, land: str) -> int:
    """Pour Time Sideways: how many times an Invader (or "each board / each land") action
    resolves in a land this turn: 1, one fewer on the board the presence left, one more on
    the board it entered (repeats stack). For turn.py's Invader phase."""
    shift = state.get("turn_marks", {}).get(pcs.ISLAND, {}).get("time_sideways", {})
    board = isl.island(tuple(state["boards"]))[land]["board"]
    return max(0, 1 + shift.get(board, 0))


@fx.verb("stasis")
def stasis(state, step, ctx, answer):
    """Absolute Stasis: until the end of the Slow phase the land is out of the game. Marked
    `stasis` for the turn; the invaders skip every action there and nothing moves in or out
    (isolate). Leaving it out of targeting and ranges is turn.py/effects.py's (see report)."""
    land = ctx["land"]
    fx.turn_marks(state, land)["stasis"] = True
    return fx.frames([{"do": "skip", "action": "all"}, {"do": "isolate"}], ctx)


@fx.verb("pour_time")
def pour_time(state, step, ctx, answer):
    """Pour Time Sideways: move 1 presence to another land with presence; this turn the
    invader actions on the board left resolve one fewer time, on the board entered one more
    (`turn_marks["island"]["time_sideways"]`: board -> +1/-1, for the Invader phase)."""
    seat = ctx["seat"]
    lands = _own_lands(state, seat)
    options = [[a, b] for a in lands for b in lands if a != b]
    if not options:
        return None
    pick = fx.ask_or_take(seat, "move_presence", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    key = _key(state, seat)
    pcs.destroy_presence(state["lands"][pick[0]], key)
    pcs.add_presence(state["lands"][pick[1]], key)
    rows = isl.island(tuple(state["boards"]))
    shift = fx.turn_marks(state, pcs.ISLAND).setdefault("time_sideways", {})
    for land, delta in ((pick[0], -1), (pick[1], 1)):
        board = rows[land]["board"]
        shift[board] = shift.get(board, 0) + delta
    return None


@fx.verb("blur_years")
def blur_years(state, step, ctx, answer):
    """Blur the Arc of Years: no dahan or invaders: remove 1 blight; invaders: they Build,
    then Ravage; dahan: add 1 dahan, push up to 2 dahan."""
    here = state["lands"][ctx["land"]]
    invaders, dahan = pcs.invader_count(here), len(here["dahan"])
    steps: list[dict] = []
    if not invaders and not dahan:
        steps.append({"do": "remove", "n": 1, "kinds": ["blight"]})
    if invaders:
        steps += [{"do": "invader_action", "action": "build"},
                  {"do": "invader_action", "action": "ravage"}]
    if dahan:
        steps += [{"do": "add", "kind": "dahan"}, {"do": "push", "n": 2, "kinds": ["dahan"], "up_to": True}]
    return fx.frames(steps, ctx)


@fx.verb("gain_from_days")
def gain_from_days(state, step, ctx, answer):
    """Gain any one card of the Days That Never Were (a Major asks a forget)."""
    row = state["seats"][ctx["seat"]]
    days = row.get("days", {})
    options = [c for kind in ("minor", "major") for c in days.get(kind, [])]
    if not options:
        return None
    card = fx.ask_or_take(ctx["seat"], "gain_card", options, answer)
    if isinstance(card, fx.Ask):
        return card
    kind = "minor" if card in days.get("minor", []) else "major"
    days[kind].remove(card)
    row["hand"].append(card)
    return fx.frames([{"do": "forget"}], ctx) if kind == "major" else None


@fx.verb("days_add")
def days_add(state, step, ctx, answer):
    """Days That Never Were: the player may add one unchosen card to the set."""
    pick = fx.ask_or_take(ctx["seat"], "days_add", [*step["options"], fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    discard = state.get("power_discard", {}).get(step["kind"], [])
    if pick in discard:
        discard.remove(pick)
    state["seats"][ctx["seat"]].setdefault("days", {}).setdefault(step["kind"], []).append(pick)
    return None


@fx.verb("setup_at")
def setup_at(state, step, ctx, answer):
    """Setup: `n` presence in the lowest/highest-numbered land of the seat's board with
    exactly `dahan` dahan (printed pieces)."""
    board = state["boards"][ctx["seat"]]
    lands = sorted((n for n in state["lands"] if n.startswith(board) and not n.endswith("0")
                    and len(state["lands"][n]["dahan"]) == step["dahan"]), key=lambda n: int(n[1:]))
    if lands:
        land = lands[0] if step.get("pick") == "lowest" else lands[-1]
        pcs.add_presence(state["lands"][land], _key(state, ctx["seat"]), step.get("n", 1))
    return None


@fx.verb("setup_days")
def setup_days(state, step, ctx, answer):
    """Deal the Days That Never Were: 4 Minors and 4 Majors face up (6 each with 1-2
    players); in a 1-board game, gain 1 Time."""
    players = len(state["boards"])
    n = 6 if players <= 2 else 4
    days = state["seats"][ctx["seat"]].setdefault("days", {})
    for kind in ("minor", "major"):
        days[kind] = fx.draw_powers(state, kind, n)
    return fx.frames([{"do": "gain_time", "n": 1}], ctx) if players == 1 else None


@fx.verb("reclaim_from")
def reclaim_from(state, step, ctx, answer):
    """The spirit may reclaim 1 card from `piles` (discard, played)."""
    row = state["seats"][ctx["seat"]]
    options = [c for pile in step.get("piles", ["discard"]) for c in row.get(pile, [])]
    if not options:
        return None
    card = fx.ask_or_take(ctx["seat"], "reclaim", [*options, fx.DONE], answer)
    if isinstance(card, fx.Ask) or card == fx.DONE:
        return card if isinstance(card, fx.Ask) else None
    for pile in step.get("piles", ["discard"]):
        if card in row.get(pile, []):
            row[pile].remove(card)
            break
    row["hand"].append(card)
    return None


@fx.verb("play_now")
def play_now(state, step, ctx, answer):
    """The spirit may play a card from its hand now, paying its cost: it joins the played
    cards (its elements count) and this turn's powers still to use (Slip the Flow of Time)."""
    row = state["seats"][ctx["seat"]]
    options = [c for c in row["hand"] if pw.CARDS.get(c, {}).get("cost", 99) <= row["energy"]]
    if not options:
        return None
    name = fx.ask_or_take(ctx["seat"], "play_now", [*options, fx.DONE], answer)
    if isinstance(name, fx.Ask) or name == fx.DONE:
        return name if isinstance(name, fx.Ask) else None
    row["hand"].remove(name)
    row["played"].append(name)
    row["energy"] -= pw.CARDS[name]["cost"]
    for element in pw.CARDS[name]["elements"]:
        row["elements"][element] = row["elements"].get(element, 0) + 1
    row.setdefault("powers", []).append(name)
    return None


@fx.verb("visions")
def visions(state, step, ctx, answer):
    """Visions of a Shifting Future: look at the top card of the invader or event deck (shown
    to the player in the seat's `secret.seen`), return it and shuffle that deck's top 2; with
    `bottom`, it may go to the bottom instead."""
    secret = state.get("secret", {})
    decks = {"invader": inv.deck(state), "event": secret.get("event_deck", [])}
    if "deck" not in step:
        options = [d for d, cards in decks.items() if cards]
        if not options:
            return None
        pick = fx.ask_or_take(ctx["seat"], "deck", options, answer)
        if isinstance(pick, fx.Ask):
            return pick
        cards = decks[pick]
        state["seats"][ctx["seat"]].setdefault("secret", {})["seen"] = cards[0]
        return [{"step": {**step, "deck": pick}, "ctx": ctx}]
    cards = decks[step["deck"]]
    where = "top"
    if step.get("bottom"):
        where = fx.ask_or_take(ctx["seat"], "visions", ["top", "bottom"], answer)
        if isinstance(where, fx.Ask):
            return where
    if where == "bottom":
        cards.append(cards.pop(0))
    elif len(cards) >= 2:
        from rules.core import Rng

        rng = Rng(state["rng"])
        top = cards[:2]
        rng.shuffle(top)
        state["rng"] = rng.state
        cards[:2] = top
    return None


@_chain("target_spirit")
def target_spirit(previous, state, step, ctx, answer):
    """`only_self`: a power that targets its own spirit (no question)."""
    if step.get("only_self") and ctx.get("seat") is not None:
        fx.set_ctx(state, ctx, spirit=ctx["seat"])
        return None
    return previous(state, step, ctx, answer)


# === Starlight Seeks Its Form ==========================================================================
# Four more presence tracks (growth1-4 in the seat's `tracks`): emptying one unlocks a growth
# option (the player picks one of its two for good; it is offered while the track stays
# empty). Marked spaces of the main tracks get an element when first uncovered.

STAR = "Starlight Seeks Its Form"
GROWTH_TRACKS = ("growth1", "growth2", "growth3", "growth4")


@fx.verb("starlight_tracks")
def starlight_tracks(state, step, ctx, answer):
    row = state["seats"][ctx["seat"]]
    for track in GROWTH_TRACKS:
        row["tracks"].setdefault(track, 0)
    row.setdefault("growth_unlocked", {})
    row.setdefault("track_markers", {})
    return None


def _emptied(state: dict, seat: int, track: str) -> bool:
    spaces = sp.SPIRITS[STAR]["tracks"][track]
    return state["seats"][seat]["tracks"].get(track, 0) + 1 >= len(spaces)


def growth_choices(state: dict, seat: int) -> dict[str, list[dict]]:
    """Starlight's growth options now: the 4 it starts with, and each unlocked one whose
    growth track is still empty."""
    options = sp.SPIRITS[STAR]["growth_options"]
    out = {f"base{i}": effect for i, effect in enumerate(options["base"])}
    for key, index in state["seats"][seat].get("growth_unlocked", {}).items():
        if _emptied(state, seat, f"growth{key}"):
            out[f"new{key}"] = options[key][index]
    return out


@fx.verb("starlight_growth")
def starlight_growth(state, step, ctx, answer):
    """Pick `picks` different growth options one at a time (an option unlocked by one pick is
    open to the next)."""
    picks = step.get("picks", 3)
    done = step.get("done", [])
    options = [k for k in growth_choices(state, ctx["seat"]) if k not in done]
    if picks <= 0 or not options:
        return None
    pick = fx.ask_or_take(ctx["seat"], "growth", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    effect = growth_choices(state, ctx["seat"])[pick]
    more = {**step, "picks": picks - 1, "done": [*done, pick]}
    return [*fx.frames(effect, ctx), {"step": more, "ctx": ctx}]


@fx.verb("unlock_growth")
def unlock_growth(state, step, ctx, answer):
    """A growth track emptied for the first time: one of its two options for good."""
    row = state["seats"][ctx["seat"]]
    if step["track"] in row.setdefault("growth_unlocked", {}):
        return None
    pick = fx.ask_or_take(ctx["seat"], "unlock_growth", [0, 1], answer)
    if isinstance(pick, fx.Ask):
        return pick
    row["growth_unlocked"][step["track"]] = pick
    return None


@fx.verb("star_element")
def star_element(state, step, ctx, answer):
    """Slowly Coalescing Nature: the uncovered space gets an element marker for good."""
    markers = state["seats"][ctx["seat"]].setdefault("track_markers", {})
    if step["space"] in markers:
        return None
    element = fx.ask_or_take(ctx["seat"], "track_element", list(ELEMENTS), answer)
    if isinstance(element, fx.Ask):
        return element
    markers[step["space"]] = element
    return None


def track_elements_extra(state: dict, seat: int) -> dict[str, int]:
    """The elements of Starlight's uncovered marked spaces (turn.py adds them each turn)."""
    row = state["seats"][seat]
    out: dict[str, int] = {}
    for space, element in row.get("track_markers", {}).items():
        track, index = space.split(":")
        if int(index) <= row["tracks"].get(track, 0):
            out[element] = out.get(element, 0) + 1
    return out


def _revealed(state: dict, seat: int, before: dict[str, int]) -> list[dict]:
    """What uncovering track spaces brings Starlight: energy, an element, an unlock."""
    row = state["seats"][seat]
    steps: list[dict] = []
    for track, taken in row["tracks"].items():
        for index in range(before.get(track, 0) + 1, taken + 1):
            space = sp.SPIRITS[STAR]["tracks"][track][index]
            if space.get("reveal_energy"):
                row["energy"] += space["reveal_energy"]
            if space.get("starlight_element"):
                steps.append({"do": "star_element", "space": f"{track}:{index}"})
            if space.get("unlock"):
                steps.append({"do": "unlock_growth", "track": space["unlock"]})
    return fx.frames(steps, fx._new_ctx(state, {}, seat=seat, source=STAR)) if steps else []


def _starlight_reveals(name: str) -> None:
    @_chain(name)
    def wrapper(previous, state, step, ctx, answer):
        seat = ctx.get("seat")
        if not _is(state, seat, STAR, "growth-begets-growth"):
            return previous(state, step, ctx, answer)
        before = dict(state["seats"][seat]["tracks"])
        result = previous(state, step, ctx, answer)
        if isinstance(result, fx.Ask):
            return result
        return _revealed(state, seat, before) + (result or [])


for _verb in ("add_presence", "place_presence", "gain_time"):
    _starlight_reveals(_verb)


@fx.verb("reclaim_half")
def reclaim_half(state, step, ctx, answer):
    """Reclaim half the discarded cards (rounded up), picked one at a time."""
    row = state["seats"][ctx["seat"]]
    n = step.get("n", (len(row["discard"]) + 1) // 2)
    if n <= 0 or not row["discard"]:
        return None
    return fx.frames([{"do": "reclaim", "n": n}], ctx)


@fx.verb("choose_own_land")
def choose_own_land(state, step, ctx, answer):
    """Run `then` in one of the acting spirit's lands."""
    return spirit_land(state, step, {**ctx, "spirit": ctx["seat"]}, answer)


@fx.verb("spirit_here")
def spirit_here(state, step, ctx, answer):
    """Pick a spirit with presence in `ctx.land` (`ctx.spirit`), then run `then`."""
    here = state["lands"][ctx["land"]]["presence"]
    options = [i for i, row in enumerate(state["seats"]) if here.get(row["spirit"])]
    if not options:
        return None
    pick = fx.ask_or_take(ctx["seat"], "target_spirit", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    return fx.frames(step["then"], {**ctx, "spirit": pick})


@fx.verb("forget_card")
def forget_card(state, step, ctx, answer):
    """Forget this named card (wherever it is); `then` if it was there to forget."""
    row = state["seats"][ctx["seat"]]
    for pile in ("hand", "played", "discard"):
        if step["card"] in row.get(pile, []):
            row[pile].remove(step["card"])
            return fx.frames(step.get("then", []), ctx)
    return None


@fx.verb("forget_unique")
def forget_unique(state, step, ctx, answer):
    """The spirit may forget one of its unique power cards; `then` if it does."""
    row = state["seats"][ctx["seat"]]
    options = [c for pile in ("hand", "played", "discard") for c in row.get(pile, [])
               if pw.CARDS.get(c, {}).get("deck") == "unique"]
    if not options:
        return None
    pick = fx.ask_or_take(ctx["seat"], "forget", [*options, fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    return fx.frames([{"do": "forget_card", "card": pick, "then": step["then"]}], ctx)


@fx.verb("at_end_of_turn")
def at_end_of_turn(state, step, ctx, answer):
    """Keep `then` for the end of this turn, after discarding (`run_end_of_turn`)."""
    state["seats"][ctx["seat"]].setdefault("end_of_turn", []).append(step["then"])
    return None


def run_end_of_turn(state: dict, seat: int) -> None:
    """Queue the seat's kept end-of-turn effects (turn.py calls this after discarding)."""
    for effect in state["seats"][seat].pop("end_of_turn", []):
        fx.append(state, effect, {"seat": seat, "source": "end of turn"})


@fx.verb("reimagine")
def reimagine(state, step, ctx, answer):
    """Boon of Reimagining: the target spirit may forget a card from hand or discard; if it
    does, it draws 6 Minors and gains 2. Another spirit also gains 1 energy."""
    target = ctx["spirit"]
    row = state["seats"][target]
    if "drawn" not in step:
        if target != ctx["seat"] and not step.get("paid"):
            row["energy"] += 1
            step = {**step, "paid": True}
            fx.remember(state, paid=True)
        options = row["hand"] + row["discard"]
        if not options:
            return None
        card = fx.ask_or_take(target, "forget", [*options, fx.DONE], answer)
        if isinstance(card, fx.Ask) or card == fx.DONE:
            return card if isinstance(card, fx.Ask) else None
        (row["hand"] if card in row["hand"] else row["discard"]).remove(card)
        drawn = fx.draw_powers(state, "minor", 6)
        return [{"step": {**step, "drawn": drawn, "keep": 2}, "ctx": ctx}] if drawn else None
    drawn, keep = step["drawn"], step["keep"]
    if keep <= 0 or not drawn:
        state.setdefault("power_discard", {}).setdefault("minor", []).extend(drawn)
        return None
    card = fx.ask_or_take(target, "gain_card", drawn, answer)
    if isinstance(card, fx.Ask):
        return card
    row["hand"].append(card)
    rest = [c for c in drawn if c != card]
    return [{"step": {**step, "drawn": rest, "keep": keep - 1}, "ctx": ctx}]
