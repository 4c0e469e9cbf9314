"""Jagged Earth spirits, second group (data/spirits_je_b.json, data/powers_spirits_je_b.json):
what they share and the first two spirits' special rules and verbs.

Shared: the verb wrapper chain, the `spirit_setup` hook running a spirit's `setup_effect`,
targeting keys (`has_any`, `land_only`, longer reach, Absolute Stasis), `only_self` spirit
targets, and `presence_destroyed` fired for Vengeance's and Volcano's presence lost to blight
or events. Vengeance as a Burning Plague: Terror of a Slowly Unfolding Plague (`build_land`
hook), Lingering Pestilence, Wreak Vengeance (blight as badlands for its damage). Volcano
Looming High: Mountain Home, Collapse in a Blast of Lava and Steam, Volcanic Peaks (+1 range
from a land with 3+ presence). Shifting Memory, Fractured Days and Starlight are in
spirit_rules_memory.py, spirit_rules_time.py and spirit_rules_starlight.py, imported at the end.

Wrappers chain onto the verb as it is when this module is imported (after spirit_rules.py),
so every earlier rule keeps working; each acts only for its own spirit.

Hook points this module adds:
| point | keywords | fired by |
|---|---|---|
| `spirit_setup` | `seat` | `spirits.setup`, after the printed placements |
| `presence_destroyed` | `land`, `seat`, `cause` (`spirit`/`blight`/`invaders`/`event`), `n` | this module, around ravages and the verbs that add blight or destroy presence; other places that destroy presence may call `presence_destroyed` |
"""

from __future__ import annotations

from rules.spirit_island import actions as act
from rules.spirit_island import effects as fx
from rules.spirit_island import (
    event_verbs,  # noqa: F401  (its verbs registered before these wrap them)
    hooks,
    seat_rows,
)
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


_chain = fx.wrap_verb  # the verb as registered now, wrapped


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


# Setup: `n` of the spirit's presence start destroyed (Vengeance).
seat_rows.counter_verb("setup_destroyed", "destroyed")


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


def stasis_lands(state: dict) -> list[str]:
    """Lands Absolute Stasis has taken out of the game until the end of the Slow phase."""
    return [n for n, marks in state.get("turn_marks", {}).items()
            if isinstance(marks, dict) and marks.get("stasis")]


@_chain("target_land")
def target_land(previous, state, step, ctx, answer):
    """`has_any` (kinds: the land holds at least one of them), `land_only` (no Ocean), and the
    longer reach above. A land only the longer reach finds is set here (the wrapped verb
    would not know it)."""
    longer = _longer_reach(state, step, ctx)
    frozen = stasis_lands(state)
    if "has_any" not in step and not longer and not step.get("land_only") and not frozen:
        return previous(state, step, ctx, answer)
    base = fx.wrapped_options(previous, state, step, ctx)
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
    seat_rows.gain_presence(state, seat, land, step["source"])
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


def _plague_lands(state: dict, seat: int, lands) -> list[str]:
    """Of `lands`, those with disease on a board where Vengeance has presence."""
    rows = isl.island(tuple(state["boards"]))
    boards = {rows[n]["board"] for n in _own_lands(state, seat)}
    return [n for n in lands if state["lands"][n].get("disease") and rows[n]["board"] in boards]


@hooks.on("after_ravage_step", "slowly-unfolding-plague")
def plague_question(state: dict) -> None:
    """Before the Build Step, Vengeance's player picks, among the lands about to build whose
    disease would stop the build, those where the build happens anyway (a `plague_build`
    question, answered land by land or `done`)."""
    seat = sp.seat_of(state, VENGEANCE)
    if seat is None:
        return
    targets = [n for card in state.get("track", {}).get("build", ())
               for n in inv.build_targets(state, card)]
    lands = _plague_lands(state, seat, dict.fromkeys(targets))
    if lands:
        fx.append(state, [{"do": "plague_build", "lands": lands}],
                  {"seat": seat, "source": "The Terror of a Slowly Unfolding Plague"})


@fx.verb("plague_build")
def plague_build_choice(state, step, ctx, answer):
    """One land at a time: the build there happens despite the disease (turn mark
    `plague_build`, read by the `build_land` hook), or `done` for the rest."""
    lands = step["lands"]
    if not lands:
        return None
    pick = fx.ask_or_take(ctx["seat"], "plague_build", [*lands, fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    fx.turn_marks(state, pick)["plague_build"] = True
    return [{"step": {**step, "lands": [n for n in lands if n != pick]}, "ctx": ctx}]


@hooks.on("build_land", "slowly-unfolding-plague")
def plague_build(state: dict, land: str, piece: str) -> None:
    """Disease in a land on a board with Vengeance's presence lets the build happen where
    its player chose so (the `plague_build` turn mark; or everywhere while the seat's
    `plague_builds` is on): the disease is held aside so the build does not spend it, put
    back after, and 1 fear."""
    _restore_held_disease(state)
    seat = sp.seat_of(state, VENGEANCE)
    here = state["lands"][land]
    if seat is None or not here.get("disease"):
        return None
    chosen = state.get("turn_marks", {}).get(land, {}).get("plague_build")
    if not (chosen or state["seats"][seat].get("plague_builds")):
        return None
    if not _plague_lands(state, seat, [land]):
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
    """Fire `presence_destroyed` for presence gone from the island since `before`: only as
    many as the island total dropped (a move takes from one land and adds to another)."""
    for seat, lands in before.items():
        key = _key(state, int(seat))
        now = {n: state["lands"][n]["presence"].get(key, 0) for n in state["lands"]}
        lost = sum(lands.values()) - sum(now.values())
        for land, n in lands.items():
            gone = min(max(0, n - now.get(land, 0)), lost)
            if gone:
                lost -= gone
                presence_destroyed(state, land, int(seat), cause, gone)


def _cause(ctx: dict) -> str:
    """A spirit's action (its power, innate, growth or special rule) or an island effect (an
    event, fear or blight card, an adversary): told by the effect's source."""
    source = ctx.get("source")
    mine = (source in pw.CARDS or source in pw.INNATES or source in sp.SPIRITS
            or source == "growth")
    return "spirit" if ctx.get("seat") is not None and mine else "event"


def _watch_losses(name: str) -> None:
    @_chain(name)
    def wrapper(previous, state, step, ctx, answer):
        if not _watched_seats(state):
            return previous(state, step, ctx, answer)
        before = _snapshot(state)
        result = previous(state, step, ctx, answer)
        if not isinstance(result, fx.Ask):
            _report_losses(state, before, _cause(ctx))
        return result


for _verb in ("add", "lose_presence", "add_blight_no_cascade", "destroy_presence_near"):
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


# This turn the target spirit's powers reach `n` further from Mountains.
seat_rows.counter_verb("mountain_range", "mountain_range", whose="spirit")


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


@_chain("target_spirit")
def target_spirit(previous, state, step, ctx, answer):
    """`only_self`: a power that targets its own spirit (no question)."""
    if step.get("only_self") and ctx.get("seat") is not None:
        fx.set_ctx(state, ctx, spirit=ctx["seat"])
        return None
    return previous(state, step, ctx, answer)


# The other spirits of this group register their rules and verbs after the shared ones above
# (wrappers chain in import order).
from rules.spirit_island import (  # noqa: E402, F401
    spirit_rules_memory,
    spirit_rules_starlight,
    spirit_rules_time,
)
