"""The spirits' special rules that change how generic verbs work, as wrappers of those
verbs (each acts only while its rule is in play and hands everything else to effects.py):
River's Domain, Shadows of the Dahan, Entwined Power and Ocean in Play for targeting; To
Dream a Thousand Deaths and Vengeance of the Dead for damage and destroy; Dread Apparitions
for fear; Ocean in Play and Steady Regeneration for adding presence; Ocean in Play and Ally
of the Dahan for push and gather. Registered when powers.py is imported.
"""

from __future__ import annotations

import functools

from rules.spirit_island import actions as act
from rules.spirit_island import effects as fx
from rules.spirit_island import hooks
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island import power_verbs as pv
from rules.spirit_island import powers as pw
from rules.spirit_island import spirits as sp
from rules.spirit_island import tokens as tok

# To Dream a Thousand Deaths: fear instead of destroying each kind of invader.
DREAM_FEAR = {"explorer": 0, "town": 2, "city": 5}


# --- Ocean in Play: Oceans as coastal Wetlands for powers on boards with Ocean's presence ------


def oceans_in_play(state: dict) -> list[str]:
    """The Oceans of the boards where Ocean's Hungry Grasp has presence (rule active)."""
    seat = sp.seat_of(state, pw.OCEAN)
    if seat is None or "ocean-in-play" not in state.get("rules", ()):
        return []
    key = fx.presence_key(state, seat)
    boards = {isl.island(tuple(state["boards"]))[n]["board"]
              for n, land in state["lands"].items() if land["presence"].get(key)}
    return [f"{b}0" for b in state["boards"] if b in boards]


def _ocean_matches(state: dict, name: str, where: dict | None, ctx: dict) -> bool:
    """A land filter on an Ocean in play: a coastal Wetland (with whatever pieces it holds)."""
    land = state["lands"].get(name) or pcs.empty_land()
    tests = {
        "terrain": lambda v: "wetland" in v,
        "coastal": lambda v: v is True,
        "inland": lambda v: v is False,
        "board": lambda v: name.startswith(v),
        "has": lambda v: all(fx.count(state, land, k, ctx) for k in v),
        "lacks": lambda v: not any(fx.count(state, land, k, ctx) for k in v),
        "invaders": lambda v: bool(pcs.invader_count(land)) == v,
        "blight": lambda v: bool(land["blight"]) == v,
        "ocean": lambda v: True,
    }
    return all(tests.get(key, lambda v: False)(value) for key, value in (where or {}).items())


def _within(state: dict, starts: list[str], distance: int, oceans: list[str]) -> list[str]:
    """Lands within `distance` of the starts, counting through the Oceans in play."""
    boards = tuple(state["boards"])
    seen, edge = set(starts), set(starts)
    for _ in range(distance):
        edge = {n for land in edge for n in isl.adjacent(boards, land, ocean=True)
                if n in oceans or not isl.is_ocean(boards, n)} - seen
        seen |= edge
    return [n for n in isl.island(boards) if n in seen and (n in oceans or not isl.is_ocean(boards, n))]


def _drowning_moves(state, step, ctx, answer, gather: bool):
    """Push out of a land next to an Ocean in play, or gather into an Ocean in play: the
    Ocean is one more place to move to, and invaders or dahan moved into it are drowned."""
    oceans = oceans_in_play(state)
    boards = tuple(state["boards"])
    here = ctx["land"]
    kinds = fx._kinds(step)
    drownable = [k for k in kinds if k in (*pcs.INVADERS, "dahan")]
    if gather:
        near = isl.neighbours(boards, here)

        def options():
            return [[k, s] for s in near for k in drownable if state["lands"][s][k]]

        def move(choice):
            pv._drown_piece(state, state["lands"][choice[1]], choice[0], here)

        return fx._move(state, step, ctx, answer, "gather", options, move)
    wet = [o for o in oceans if o in isl.adjacent(boards, here, ocean=True)]
    land = state["lands"][here]

    def options():
        present = [k for k in kinds if fx.count(state, land, k, ctx)]
        base = [[k, t] for k in present for t in act.push_options(state, here, k)]
        return base + [[k, o] for k in present if k in drownable for o in wet]

    def move(choice):
        if choice[1] in wet:
            pv._drown_piece(state, land, choice[0], choice[1])
        else:
            act.push(state, here, [(choice[0], choice[1])])

    return fx._move(state, step, ctx, answer, "push", options, move)


# --- special rules that change generic verbs -------------------------------------------------------


def _wraps(name: str):
    """Replace a generic verb by `handler(original, state, step, ctx, answer)`."""
    original = getattr(fx.VERBS[name], "__wrapped__", fx.VERBS[name])

    def register(handler):
        @functools.wraps(original)
        def verb(state, step, ctx, answer):
            return handler(original, state, step, ctx, answer)

        verb.__wrapped__ = original
        fx.VERBS[name] = verb
        return handler

    return register


@_wraps("target_land")
def target_land(original, state, step, ctx, answer):
    """River's Domain (presence in a Wetland is a sacred site), Shadows of the Dahan (any
    land with dahan, paying 1 energy, whatever the range), Entwined Power (the partner's
    presence counts too), and range changes: the seat's `range_bonus` (Reaching Grasp), the
    step's `more_range` (`{"cond", "n"}`: a card's threshold) and `origin` (a filter the
    land counted from must match). Oceans in play (Ocean in Play) are coastal Wetlands."""
    seat = ctx.get("seat")
    source = step.get("from", "presence")
    if seat is None or source == "any":
        return original(state, step, ctx, answer)
    river = source == "sacred_site" and pw._rule(state, seat, pw.RIVER, "rivers-domain")
    shadows = (pw._rule(state, seat, pw.SHADOWS, "shadows-of-the-dahan")
               and state["seats"][seat]["energy"] >= 1)
    reach = step.get("range", 0) + state["seats"][seat].get("range_bonus", 0)
    more = step.get("more_range")
    if more and fx.check(state, more["cond"], ctx):
        reach += more["n"]
    partners = state["seats"][seat].get("entwined", [])
    oceans = oceans_in_play(state)
    if not (river or shadows or partners or oceans or "origin" in step
            or reach != step.get("range", 0)):
        return original(state, step, ctx, answer)
    starts = sp.sacred_sites(state, seat) if river else fx.origins(state, seat, source)
    for other in partners:  # Entwined Power: the partner's presence counts too
        theirs = (sp.sacred_sites(state, other) if source == "sacred_site"
                  else fx.origins(state, other, source))
        starts += [n for n in theirs if n not in starts]
    if "origin" in step:
        starts = [n for n in starts if fx.land_matches(state, n, step["origin"], ctx)]
    near = _within(state, starts, reach, oceans)
    where = step.get("where")
    options = [n for n in near if (_ocean_matches(state, n, where, ctx) if n in oceans
                                   else fx.land_matches(state, n, where, ctx))]
    extra = []
    if shadows:
        extra = [n for n in fx.lands_matching(state, step.get("where"), ctx)
                 if n not in options and state["lands"][n]["dahan"]]
    if not options + extra:
        fx.abort(state, ctx)
        return None
    land = fx.ask_or_take(seat, "target_land", options + extra, answer)
    if isinstance(land, fx.Ask):
        return land
    if land in extra:
        state["seats"][seat]["energy"] -= 1
    pv._land(state, land)  # an Ocean in play holds pieces for the power's steps
    fx.set_ctx(state, ctx, land=land)
    return None


def _dreams(state: dict, ctx: dict) -> bool:
    return pw._rule(state, ctx.get("seat"), pw.BRINGER, "dream-a-thousand-deaths")


def _dream(state: dict, land: dict, kind: str, index: int, ctx: dict) -> list[dict]:
    """Instead of destroying: the piece's fear, and it is pushed (undamaged: the damage was
    a dream). The piece goes last in its list (strife kept), the one `push` moves. Against
    Russia 2, an explorer waits for Bringer to say which "instead" comes first."""
    _, marks = pcs.take(land, kind, index)
    pcs.put(land, kind, 0, marks)
    if kind == "explorer" and _russia_may_push(state, ctx["land"]):
        return [{"step": {"do": "dream_or_russia"}, "ctx": ctx}]
    return _dreamt(state, kind, ctx)


def _dreamt(state: dict, kind: str, ctx: dict) -> list[dict]:
    fx.earn_fear(state, DREAM_FEAR[kind])
    if state.get("turn_marks", {}).get(ctx["land"], {}).get("fear_defends"):
        tok.add_defend(state, ctx["land"], DREAM_FEAR[kind])  # Dread Apparitions counts it
    return [{"step": {"do": "push", "n": 1, "kinds": [kind]}, "ctx": ctx}]


# Russia 2's A Sense for Impending Disaster (the first explorer each Action would destroy is
# pushed instead, 1 fear) and Bringer's dream both replace destroying an explorer: Bringer's
# player picks which applies first (FAQ, digest 11.2). Russia's rule acts through the
# `destroy_piece` hook, so "Russia first" is a destroy that its hook turns into its push.
RUSSIA_DISASTER = "russia:2"


def _russia_may_push(state: dict, land: str) -> bool:
    if RUSSIA_DISASTER not in state.get("rules", ()):
        return False
    store = state.get("adversary") or {}
    return (store.get("disaster_action") != pcs.action_key(state)
            and bool(tok.invader_neighbours(state, land)))


@fx.verb("dream_or_russia")
def dream_or_russia(state, step, ctx, answer):
    """An explorer Bringer would destroy (last of its kind in ctx.land): dreamt, or first
    pushed by Russia's rule (which then leaves nothing to dream)."""
    land = state["lands"][ctx["land"]]
    if not land["explorer"]:
        return None
    if not _russia_may_push(state, ctx["land"]):
        return _dreamt(state, "explorer", ctx)
    pick = fx.ask_or_take(ctx["seat"], "dream_or_russia", ["dream", "russia_first"], answer)
    if isinstance(pick, fx.Ask):
        return pick
    if pick == "dream":
        return _dreamt(state, "explorer", ctx)
    pcs.destroy(state, land, "explorer", len(land["explorer"]) - 1)
    return None


def _dream_damage(state, step, ctx, answer):
    """To Dream a Thousand Deaths: Bringer's damage hurts only invaders, and one that
    would be destroyed is dreamt instead (fear and push)."""
    land = state["lands"][ctx["land"]]
    kinds = [k for k in fx._kinds(step) if k in pcs.INVADERS and land[k]]
    n = step.get("n", 1)
    if n <= 0 or not kinds:
        return None
    kind = fx.ask_or_take(fx.chooser(ctx), "damage", kinds, answer)
    if isinstance(kind, fx.Ask):
        return kind
    pcs.sort_pieces(land, kind)
    land[kind][0] += 1
    dead = land[kind][0] >= pcs.health(state, land, kind, 0)
    return (_dream(state, land, kind, 0, ctx) if dead else []) + fx._rest(step, ctx, n - 1)


def _dream_damage_each(state, step, ctx, answer):
    land = state["lands"][ctx["land"]]
    out: list[dict] = []
    for kind in (k for k in fx._kinds(step) if k in pcs.INVADERS):
        for i in range(len(land[kind])):
            land[kind][i] += step.get("n", 1)
        for i in range(len(land[kind]) - 1, -1, -1):
            if land[kind][i] >= pcs.health(state, land, kind, i):
                out += _dream(state, land, kind, i, ctx)
    return out


def _dream_destroy(state, step, ctx, answer):
    land = state["lands"][ctx["land"]]
    kinds = [k for k in fx._kinds(step) if k in pcs.INVADERS and land[k]]
    n = step.get("n", 1)
    if n == "all":
        n = sum(len(land[k]) for k in kinds)
    if not kinds or n <= 0:
        return None
    options = kinds + ([fx.DONE] if step.get("up_to") else [])
    kind = fx.ask_or_take(fx.chooser(ctx), "destroy", options, answer)
    if isinstance(kind, fx.Ask) or kind == fx.DONE:
        return kind if isinstance(kind, fx.Ask) else None
    pcs.sort_pieces(land, kind)
    return _dream(state, land, kind, 0, ctx) + fx._rest(step, ctx, n - 1)


# Vengeance of the Dead: after each effect that destroys towns, cities or dahan in a marked
# land, 1 damage per piece destroyed (by the power's spirit; in or next to the land with its
# threshold). Steps that destroy are checked here; ravages through hooks below.
VENGEANCE_KINDS = ("town", "city", "dahan")


def _avenged(state: dict, ctx: dict) -> dict[str, int] | None:
    land = ctx.get("land")
    if not land or not state.get("turn_marks", {}).get(land, {}).get("vengeance"):
        return None
    return {k: len(state["lands"][land][k]) for k in VENGEANCE_KINDS}


def _vengeance(state: dict, land: str, before: dict[str, int] | None) -> list[dict]:
    if before is None:
        return []
    dead = sum(max(0, n - len(state["lands"][land][k])) for k, n in before.items())
    out: list[dict] = []
    for mark in state["turn_marks"][land]["vengeance"] if dead else []:
        strike = [{"do": "damage", "n": dead}]
        if mark["adjacent"]:
            strike = [{"do": "adjacent_land", "self": True, "then": strike}]
        out += fx.frames(strike, fx._new_ctx(state, {}, seat=mark["seat"], land=land,
                                              source="Vengeance of the Dead"))
    return out


def _checked(handler, state, step, ctx, answer):
    """Run a step that may destroy pieces, then any vengeance it calls for."""
    before = _avenged(state, ctx)
    result = handler(state, step, ctx, answer)
    if isinstance(result, fx.Ask) or before is None:
        return result
    return _vengeance(state, ctx["land"], before) + (result or [])


@_wraps("damage")
def damage(original, state, step, ctx, answer):
    return _checked(_dream_damage if _dreams(state, ctx) else original, state, step, ctx, answer)


@_wraps("damage_each")
def damage_each(original, state, step, ctx, answer):
    handler = _dream_damage_each if _dreams(state, ctx) else original
    return _checked(handler, state, step, ctx, answer)


@_wraps("destroy")
def destroy(original, state, step, ctx, answer):
    return _checked(_dream_destroy if _dreams(state, ctx) else original, state, step, ctx, answer)


@_wraps("drown")
def drown(original, state, step, ctx, answer):
    return _checked(original, state, step, ctx, answer)


@fx.verb("vengeance")
def vengeance(state, step, ctx, answer):
    """Mark the land for Vengeance of the Dead this turn (`adjacent`: its threshold)."""
    marks = fx.turn_marks(state, ctx["land"]).setdefault("vengeance", [])
    marks.append({"seat": ctx["seat"], "adjacent": bool(step.get("adjacent"))})
    rules = state.setdefault("rules", [])
    if "vengeance" not in rules:
        rules.append("vengeance")
    return None


@hooks.on("ravage_damage", "vengeance")
def _before_ravage(state: dict, land: str, damage: int) -> None:
    before = _avenged(state, {"land": land})
    if before is not None:
        state.setdefault("vengeance_before", {})[land] = before


@hooks.on("after_ravage", "vengeance")
def _after_ravage(state: dict, land: str, report: dict) -> None:
    before = state.get("vengeance_before", {}).pop(land, None)
    frames = _vengeance(state, land, before)
    if frames:
        state["queue"][:0] = frames


@_wraps("fear")
def fear(original, state, step, ctx, answer):
    result = original(state, step, ctx, answer)
    land = ctx.get("land")
    marks = state.get("turn_marks", {}).get(land, {}) if land else {}
    if ctx.get("seat") is not None and marks.get("fear_defends"):
        tok.add_defend(state, land, step.get("n", 1))
    return result


@_wraps("add_presence")
def add_presence(original, state, step, ctx, answer):
    """Ocean in Play: Ocean's presence never goes into an inland land. Steady Regeneration:
    in Growth, Rampant Green's destroyed presence costs 1 energy each once the island is
    blighted (not offered without the energy)."""
    seat = ctx.get("seat")
    if pw._rule(state, seat, pw.OCEAN, "ocean-in-play"):
        step = {**step, "where": {**step.get("where", {}), "coastal": True}}
        fx.remember(state, where=step["where"])
    if (step.get("source") is None and ctx.get("source") == "growth"
            and pw._rule(state, seat, pw.GREEN, "steady-regeneration")
            ):
        row = state["seats"][seat]
        blighted = state["blight_card"].get("side") != "healthy"
        options = fx.presence_sources(state, seat, step.get("from_track", True), destroyed=True)
        if blighted and row["energy"] < 1:
            options = [o for o in options if o != "destroyed"]
        if not options:
            return None
        source = fx.ask_or_take(seat, "presence_source", options, answer)
        if isinstance(source, fx.Ask):
            return source
        if source == "destroyed" and blighted:
            row["energy"] -= 1
        return [{"step": {**step, "source": source}, "ctx": ctx}]
    return original(state, step, ctx, answer)


def _dahan_counts(state: dict, lands) -> dict[str, int]:
    return {n: len(state["lands"][n]["dahan"]) for n in lands if n in state["lands"]}


def _follow_dahan(original, state, step, ctx, answer):
    """Ally of the Dahan: when a push or gather moves a dahan out of a land with
    Thunderspeaker's presence, Thunderspeaker may move 1 presence along with it."""
    thunder = sp.seat_of(state, pw.THUNDER)
    if thunder is None or "ally-of-the-dahan" not in state.get("rules", ()):
        return original(state, step, ctx, answer)
    here = ctx["land"]
    lands = [here, *isl.neighbours(tuple(state["boards"]), here)]
    before = _dahan_counts(state, lands)
    result = original(state, step, ctx, answer)
    if isinstance(result, fx.Ask):
        return result
    after = _dahan_counts(state, lands)
    left = [n for n in after if after[n] < before[n]]
    came = [n for n in after if after[n] > before[n]]
    key = fx.presence_key(state, thunder)
    if not (left and came) or not state["lands"][left[0]]["presence"].get(key):
        return result
    follow = {"do": "follow_dahan", "from": left[0], "to": came[0]}
    return [{"step": follow, "ctx": fx._new_ctx(state, ctx, seat=thunder)}, *(result or [])]


def _with_oceans(original, gather: bool):
    def handler(state, step, ctx, answer):
        if _ocean_move(state, ctx, gather):
            return _drowning_moves(state, step, ctx, answer, gather)
        return original(state, step, ctx, answer)
    return handler


def _ocean_move(state: dict, ctx: dict, gather: bool) -> bool:
    """Whether a push from (or gather into) this land may reach an Ocean in play."""
    oceans = oceans_in_play(state)
    here = ctx["land"]
    if gather:
        return here in oceans
    near = isl.adjacent(tuple(state["boards"]), here, ocean=True)
    return here not in oceans and any(o in near for o in oceans)


@_wraps("push")
def push(original, state, step, ctx, answer):
    return _follow_dahan(_with_oceans(original, False), state, step, ctx, answer)


@_wraps("gather")
def gather(original, state, step, ctx, answer):
    return _follow_dahan(_with_oceans(original, True), state, step, ctx, answer)


@fx.verb("follow_dahan")
def follow_dahan(state, step, ctx, answer):
    key = fx.presence_key(state, ctx["seat"])
    if not state["lands"][step["from"]]["presence"].get(key):
        return None
    pick = fx.ask_or_take(ctx["seat"], "follow_dahan", ["yes", "no"], answer)
    if isinstance(pick, fx.Ask):
        return pick
    if pick == "yes":
        pv._move_presence(state, key, step["from"], step["to"])
    return None
