"""Verbs and rules for the cards of powers.json not modelled before (Call of the Deeps, Tidal
Boon, Veil the Night's Hunt, Blazing Renewal, Infinite Vitality, Dissolve the Bonds of
Kinship) and a key found missing by the tests of the encoded ones (Indomitable Claim).

- `push_spread` (Dissolve the Bonds of Kinship): push every piece of the kinds, each to a
  land no earlier piece of this push went to while any is left.
- `push_ashore` / `ashore` (Tidal Boon): a push where a dahan sent into an Ocean in play
  may be moved by the card's player to any coastal land instead of drowning.
- `keep_blight_off` / `vital_dahan` (Infinite Vitality): this turn blight that would be
  added to the land stays on the card; the dahan there ignore damage and destruction.
- `place_presence` key `any_terrain` (Indomitable Claim): a spirit's land-type limits on
  adding presence (Volcano's Mountain Home) do not apply.
- `restore_presence` (Blazing Renewal): the target spirit adds its presence only where its
  own land-type limits allow (Ocean in Play, Mountain Home, Home of the Island's Heart).
- `damage_different` (Veil the Night's Hunt): To Dream a Thousand Deaths and Vengeance of
  the Dead apply to it as to `damage`.

The pushes ask their question themselves from the options the whole `push` chain offers
(found on a copy of the state), then hand the chosen move to that chain as its answer, so
every rule wrapping `push` (Ocean in Play's drowning, Ally of the Dahan...) still applies.
"""

from __future__ import annotations

from rules.spirit_island import effects as fx
from rules.spirit_island import hooks
from rules.spirit_island import notation as nt
from rules.spirit_island import pieces as pcs
from rules.spirit_island import power_verbs as pv
from rules.spirit_island import powers as pw
from rules.spirit_island import spirit_rules as sr
from rules.spirit_island import tokens as tok
from rules.spirit_island.spirit_rules_b import VOLCANO
from rules.spirit_island.spirit_verbs_a import LURE, _invader_options

DROWN = "drown"
VITAL_RULE = "infinite-vitality"

# The questions this module asks, as words (English, Korean) for notation.
nt.KINDS.setdefault("ashore", ("ashore", "해안으로 옮기기"))
nt.WORDS.setdefault(DROWN, ("drown", "익사시키기"))


def _push_choices(state: dict, kinds: list[str], ctx: dict) -> list[list]:
    """The `[kind, land]` moves a push of 1 piece offers now (an "up to" push on a copy
    always asks, so even a single option shows)."""
    trial = fx.clone(state)
    one = {"do": "push", "n": 1, "kinds": kinds, "up_to": True}
    asked = fx.VERBS["push"](trial, one, fx.clone(ctx), None)
    if not isinstance(asked, fx.Ask) or asked.kind != "push":
        return []
    return [o for o in asked.options if o != fx.DONE]


def _push_frame(ctx: dict, move: list) -> dict:
    """A `push` of that one piece, its answer given: it runs through every wrapper."""
    return {"step": {"do": "push", "n": 1, "kinds": [move[0]]}, "ctx": ctx, "answer": move}


# --- Dissolve the Bonds of Kinship ---------------------------------------------------------------


@fx.verb("push_spread")
def push_spread(state, step, ctx, answer):
    """Push all pieces of `kinds`, to as many different lands as possible: while a land
    open to the push has received none of them, the next piece goes to such a land."""
    if answer is None:
        options = _push_choices(state, step["kinds"], ctx)
        if not options:
            return None
        used = step.get("used", [])
        options = [o for o in options if o[1] not in used] or options
        answer = fx.ask_or_take(fx.chooser(ctx), "push", options, None)
        if isinstance(answer, fx.Ask):
            return answer
    rest = {**step, "used": [*step.get("used", []), answer[1]]}
    return [_push_frame(ctx, answer), {"step": rest, "ctx": ctx}]


# --- Tidal Boon ------------------------------------------------------------------------------------


@fx.verb("push_ashore")
def push_ashore(state, step, ctx, answer):
    """`push` (`n`, `kinds`, `up_to`) where a dahan pushed into an Ocean in play is not
    drowned at once: the card's player (`ctx.by`) may move it to a coastal land instead."""
    n = step.get("n", 1)
    if n <= 0:
        return None
    if answer is None:
        options = _push_choices(state, step["kinds"], ctx)
        if not options:
            return None
        answer = fx.ask_or_take(fx.chooser(ctx), "push",
                                options + ([fx.DONE] if step.get("up_to") else []), None)
        if isinstance(answer, fx.Ask):
            return answer
    if answer == fx.DONE:
        return None
    rest = fx._rest(step, ctx, n - 1)
    kind, to = answer
    if kind != "dahan" or to not in sr.oceans_in_play(state):
        return [_push_frame(ctx, answer), *rest]
    by = ctx.get("by", ctx.get("seat"))
    ashore = {"do": "ashore", "from": ctx["land"], "ocean": to, "push_ctx": ctx}
    return [{"step": ashore, "ctx": fx._new_ctx(state, ctx, seat=by)}, *rest]


@fx.verb("ashore")
def ashore(state, step, ctx, answer):
    """The player picks a coastal land for the dahan pushed toward the Ocean, or lets it
    drown there (the push goes on into the Ocean)."""
    coast = fx.lands_matching(state, {"coastal": True}, ctx)
    pick = fx.ask_or_take(fx.chooser(ctx), "ashore", [*coast, DROWN], answer)
    if isinstance(pick, fx.Ask):
        return pick
    if pick == DROWN:
        return [_push_frame(step["push_ctx"], ["dahan", step["ocean"]])]
    source, target = state["lands"][step["from"]], state["lands"][pick]
    if source["dahan"]:
        pcs.put(target, "dahan", pcs.take(source, "dahan")[0])
        pcs.check_health(state, target, "dahan")
        pcs.arrived(state, target, "dahan", moved=True)
    return None


# --- Infinite Vitality -----------------------------------------------------------------------------


def _vital(state: dict, land: str, key: str) -> bool:
    return bool(state.get("turn_marks", {}).get(land, {}).get(key))


def _mark(state: dict, land: str, key: str) -> None:
    fx.turn_marks(state, land)[key] = True
    rules = state.setdefault("rules", [])
    if VITAL_RULE not in rules:
        rules.append(VITAL_RULE)


@fx.verb("keep_blight_off")
def keep_blight_off(state, step, ctx, answer):
    """This turn, blight that would be added to `ctx.land` stays on the card instead."""
    _mark(state, ctx["land"], "keep_blight_off")
    return None


@fx.verb("vital_dahan")
def vital_dahan(state, step, ctx, answer):
    """This turn the dahan in `ctx.land` ignore damage and destruction: the ravage and the
    events' dahan damage pass them by (saved), steps that damage or destroy do not see
    them, and any other destroying of one there is stopped."""
    _mark(state, ctx["land"], "vital_dahan")
    tok.add_save(state, ctx["land"], "dahan", pv.ALL)
    return None


@hooks.on("blight_arriving", VITAL_RULE)
def _blight_stays(state: dict, land: str) -> bool | None:
    return False if _vital(state, land, "keep_blight_off") else None


@hooks.on("destroy_piece", VITAL_RULE)
def _dahan_stay(state: dict, land: str, kind: str, index: int, **kw) -> bool | None:
    """A dahan there is not destroyed, and the damage that would have done it is ignored."""
    if kind != "dahan" or not _vital(state, land, "vital_dahan"):
        return None
    state["lands"][land]["dahan"][index] = 0
    return False


def _hiding_vital_dahan(inner):
    """The verb, acting in a land marked `vital_dahan`, runs with its dahan set aside."""
    def verb(state, step, ctx, answer):
        name = ctx.get("land")
        if not _vital(state, name, "vital_dahan"):
            return inner(state, step, ctx, answer)
        here = state["lands"][name]
        kept, here["dahan"] = here["dahan"], []
        try:
            return inner(state, step, ctx, answer)
        finally:
            here["dahan"] = kept + here["dahan"]
    return verb


for _name in ("damage", "damage_each", "destroy", "drown", "damage_dahan"):
    if _name in fx.VERBS:
        fx.VERBS[_name] = _hiding_vital_dahan(fx.VERBS[_name])


def _blight_no_cascade(inner):
    """The events' `add_blight_no_cascade` leaves the blight on the card there too."""
    def verb(state, step, ctx, answer):
        if _vital(state, ctx.get("land"), "keep_blight_off"):
            return None
        return inner(state, step, ctx, answer)
    return verb


if "add_blight_no_cascade" in fx.VERBS:
    fx.VERBS["add_blight_no_cascade"] = _blight_no_cascade(fx.VERBS["add_blight_no_cascade"])


# --- Indomitable Claim -----------------------------------------------------------------------------

_PLACE_PRESENCE = fx.VERBS["place_presence"]


@fx.verb("place_presence")
def place_presence(state, step, ctx, answer):
    """`any_terrain`: the presence goes in even where the spirit's rules forbid that land
    type (the base verb, past the wrappers that limit the terrain)."""
    handler = pv.place_presence if step.get("any_terrain") else _PLACE_PRESENCE
    return handler(state, step, ctx, answer)


# --- Blazing Renewal -------------------------------------------------------------------------------

# The lands a spirit's rule lets its presence be added to: (spirit, rule id) -> land filter.
LAND_LIMITS: dict[tuple[str, str], dict] = {
    (pw.OCEAN, "ocean-in-play"): {"coastal": True},
    (VOLCANO, "mountain-home"): {"terrain": ["mountain"]},
    (LURE, "home-of-the-heart"): {"inland": True},
}
_RESTORE_PRESENCE = fx.VERBS["restore_presence"]


@fx.verb("restore_presence")
def restore_presence(state, step, ctx, answer):
    """The target spirit adds nothing (and `then` does not run) where its own rules forbid
    its presence."""
    seat = ctx.get("spirit")
    for (spirit, rule), where in LAND_LIMITS.items():
        if pw._rule(state, seat, spirit, rule) and not fx.land_matches(
                state, ctx["land"], where, ctx):
            return None
    return _RESTORE_PRESENCE(state, step, ctx, answer)


# --- Veil the Night's Hunt -------------------------------------------------------------------------

_DAMAGE_DIFFERENT = fx.VERBS["damage_different"]


@fx.verb("damage_different")
def damage_different(state, step, ctx, answer):
    """1 damage to each of `n` different invaders, with the rules that change a power's
    damage: Bringer's invaders are dreamt (fear, pushed) instead of destroyed, and a
    vengeance mark strikes back after destroyed towns and cities."""
    if not sr._dreams(state, ctx):
        return sr._checked(_DAMAGE_DIFFERENT, state, step, ctx, answer)
    land = state["lands"][ctx["land"]]
    hit = [tuple(h) for h in step.get("hit", [])]
    options = [o for o in _invader_options(land) if tuple(o) not in hit]
    n = step.get("n", 1)
    if n <= 0 or not options:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "damage", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    kind, index = pick
    land[kind][index] += 1
    dreamt: list[dict] = []
    if land[kind][index] >= pcs.health(state, land, kind, index):
        # the piece goes last in its list, undamaged, and the dream's push moves it away
        dreamt = sr._dream(state, land, kind, index, ctx)
        hit = [(k, i - 1 if k == kind and i > index else i) for k, i in hit]
    else:
        hit.append((kind, index))
    return [*dreamt, {"step": {**step, "n": n - 1, "hit": hit}, "ctx": ctx}]
