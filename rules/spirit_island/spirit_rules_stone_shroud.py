"""Rules of Stone's Unyielding Defiance and Shroud of Silent Mist that act around core steps
with no hook point of their own (imported by spirit_rules_a.py):

- Bestow the Endurance of Bedrock (Stone): blight added to a land with Stone's presence,
  unless the land's blight then outnumbers that presence, destroys no presence (anyone's)
  and does not cascade. `invaders.add_blight` destroys presence before its `blight_added`
  hook fires, so the presence on the island is noted when blight starts being added
  (`presence_before_blight`, a wrapper around `invaders.add_blight`) and put back by the hook;
  the cascade is stopped with the land's `no_cascade` mark for that one addition.
- Hold the Island Fast with a Bulwark of Will, top tier: when an event or a blight card
  destroys presence (anyone's), Stone may pay 1 energy per presence to prevent it
  (`lose_presence`, `destroy_presence_near` and an event cost's `destroy_here` run by an
  island effect ask first; also when the destroying is a cost the spirits chose to pay).
- Flowing and Silent Forms Dart By (Shroud's card): this turn, presence in its land that
  would be destroyed (by blight added there, or by those verbs, whoever acts) may be pushed
  by its owner instead (`dart_push`).
- Slow and Silent Death (Shroud): invaders and dahan in Shroud's lands keep their damage
  when time passes; 1 fear per such land with damaged invaders (at most 5) and 1 energy per
  3 of them. Wraps `actions.time_passes` (healing) and `powers.time_passes` (which runs
  after turn.py noted `kept_damage`, so the kept lands join it for the invariant checks).
"""

from __future__ import annotations

from rules.spirit_island import actions as act
from rules.spirit_island import effects as fx
from rules.spirit_island import (  # noqa: F401  (their verbs registered before these wrap them)
    event_costs,
    event_rules,
    hooks,
)
from rules.spirit_island import event_verbs as ev
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island import spirit_rules_b as rb
from rules.spirit_island import spirits as sp

STONE = "Stone's Unyielding Defiance"
SHROUD = "Shroud of Silent Mist"
BEDROCK = "endurance-of-bedrock"
SILENT_DEATH = "slow-and-silent-death"
BEFORE = "presence_before_blight"  # land -> {spirit: n}, only while blight is being added
STOPPED = "bedrock"  # the no_cascade mark's value when this rule set it
DART = "dart-by"  # Flowing and Silent Forms Dart By's turn mark and rule id
DART_CARD = "Flowing and Silent Forms Dart By"


# --- Bestow the Endurance of Bedrock --------------------------------------------------------------


_ADD_BLIGHT = inv.add_blight


def _darting(state: dict, land: str | None = None) -> bool:
    """Flowing and Silent Forms Dart By holds this turn in `land` (or in any land)."""
    marks = state.get("turn_marks", {})
    if land is not None:
        return bool(marks.get(land, {}).get(DART))
    return any(m.get(DART) for m in marks.values())


def add_blight(state: dict, name: str, cascade_to: list[str] | None = None) -> list[str]:
    """invaders.add_blight, with the island's presence noted first while Stone plays or
    Flowing and Silent Forms Dart By holds somewhere."""
    if BEFORE in state or (sp.seat_of(state, STONE) is None and not _darting(state)):
        return _ADD_BLIGHT(state, name, cascade_to)
    state[BEFORE] = {n: dict(land["presence"]) for n, land in state["lands"].items()}
    try:
        return _ADD_BLIGHT(state, name, cascade_to)
    finally:
        state.pop(BEFORE, None)
        for marks in state.get("turn_marks", {}).values():
            if marks.get("no_cascade") == STOPPED:
                marks.pop("no_cascade")


inv.add_blight = add_blight  # invaders' own ravage and every `inv.add_blight` caller


def presence_before(state: dict, land: str) -> dict[str, int]:
    """The presence a land held before the blight being added now (else as it is)."""
    return state.get(BEFORE, {}).get(land, state["lands"][land]["presence"])


def spared_by_blight(state: dict, land: str) -> None:
    """Blight was just added to `land` (`blight_added`): Bedrock keeps every presence there
    (and stops the cascade) when Stone's presence is not outnumbered; otherwise, where Flowing
    and Silent Forms Dart By holds, each presence the blight destroyed is put back and its
    owner asked whether to push it instead (a `dart_push` step run next)."""
    if BEFORE not in state:
        return
    here = state["lands"][land]
    before = state[BEFORE][land]
    seat = sp.seat_of(state, STONE)
    stone = before.get(fx.presence_key(state, seat), 0) if seat is not None else 0
    if stone and BEDROCK in state.get("rules", ()) and here["blight"] <= stone:
        here["presence"] = dict(before)  # no presence destroyed, anyone's
        marks = state.setdefault("turn_marks", {}).setdefault(land, {})
        if not marks.get("no_cascade"):
            marks["no_cascade"] = STOPPED
    elif _darting(state, land):
        for spirit, n in before.items():
            for _ in range(n - here["presence"].get(spirit, 0)):
                pcs.add_presence(here, spirit)
                inv.queue_next(state, [{"do": "dart_push", "land": land, "spirit": spirit}],
                               {"seat": sp.seat_of(state, spirit), "source": DART_CARD})
    state[BEFORE][land] = dict(here["presence"])  # a cascade may come back here


@hooks.on("blight_added", BEDROCK)
def bedrock(state: dict, land: str) -> None:
    spared_by_blight(state, land)


@hooks.on("blight_added", DART)
def dart_by_blight(state: dict, land: str) -> None:
    if BEDROCK not in state.get("rules", ()):  # else `bedrock` has done both
        spared_by_blight(state, land)


# --- Flowing and Silent Forms Dart By ---------------------------------------------------------------


@fx.verb("dart_by")
def dart_by(state, step, ctx, answer):
    """This turn, presence in ctx.land that would be destroyed may be pushed instead (its
    owner decides)."""
    fx.turn_marks(state, ctx["land"])[DART] = True
    rules = state.setdefault("rules", [])
    if DART not in rules:
        rules.append(DART)
    return None


def _push_targets(state: dict, land: str) -> list[str]:
    return list(isl.neighbours(tuple(state["boards"]), land))


@fx.verb("dart_push")
def dart_push(state, step, ctx, answer):
    """The owner of 1 presence in `land` spared by Flowing and Silent Forms pushes it to an
    adjacent land, or lets it be destroyed (`done`)."""
    land, spirit = step["land"], step["spirit"]
    if not state["lands"][land]["presence"].get(spirit):
        return None
    pick = fx.ask_or_take(ctx["seat"], "dart_push", [*_push_targets(state, land), fx.DONE], answer)
    if isinstance(pick, fx.Ask):
        return pick
    pcs.destroy_presence(state["lands"][land], spirit)
    if pick == fx.DONE:  # destroyed after all, as the blight would have: destroyed presence
        row = state["seats"][ctx["seat"]]
        row["destroyed"] = row.get("destroyed", 0) + 1
        rb.presence_destroyed(state, land, ctx["seat"], "event")
    else:
        pcs.add_presence(state["lands"][pick], spirit)
    return None


@rb._chain("erupt")
def _erupt_darting(inner, state, step, ctx, answer):
    """Explosive Eruption in a land where Flowing and Silent Forms Dart By holds: each
    presence Volcano destroys may be pushed instead (its owner decides, one at a time). A
    saved presence does not count for the eruption, but Collapse in a Blast of Lava and Steam
    still deals its damage for it (FAQ, seed L1261)."""
    land, seat = ctx["land"], ctx["seat"]
    if not _darting(state, land):
        return inner(state, step, ctx, answer)
    key = fx.presence_key(state, seat)
    if "n" not in step:
        have = state["lands"][land]["presence"].get(key, 0)
        n = fx.ask_or_take(seat, "erupt", list(range(have + 1)), answer)
        if isinstance(n, fx.Ask):
            return n
        return [{"step": {**step, "n": n, "left": n, "pushed": 0}, "ctx": ctx}]
    if step["left"] > 0:
        to = fx.ask_or_take(seat, "dart_push", [*_push_targets(state, land), fx.DONE], answer)
        if isinstance(to, fx.Ask):
            return to
        pushed = step["pushed"]
        if to != fx.DONE:
            pcs.destroy_presence(state["lands"][land], key)  # a push, not destroyed
            pcs.add_presence(state["lands"][to], key)
            pushed += 1
        return [{"step": {**step, "left": step["left"] - 1, "pushed": pushed}, "ctx": ctx}]
    result = inner(state, {"do": "erupt"}, ctx, step["n"] - step["pushed"])
    if step["pushed"] and rb._is(state, seat, rb.VOLCANO, "collapse-in-lava"):
        return rb._collapse_frames(state, land, seat, step["n"])
    return result


# --- Hold the Island Fast with a Bulwark of Will, top tier ----------------------------------------


def _stone_may_prevent(state: dict, ctx: dict) -> int | None:
    """Stone's seat while an island effect (event, blight card: not a spirit's action)
    destroys presence, the top tier holds this turn and Stone has energy; else None."""
    seat = sp.seat_of(state, STONE)
    if seat is None or rb._cause(ctx) != "event":
        return None
    marks = state.get("turn_marks", {}).get("island", {})
    if str(seat) not in marks.get("bulwark_saves", []) or state["seats"][seat]["energy"] < 1:
        return None
    return seat


@fx.verb("bulwark_saves")
def bulwark_saves(state, step, ctx, answer):
    """The innate's top tier: this turn, presence an event or blight card destroys may be
    saved for 1 energy each (Stone is asked each time)."""
    fx.turn_marks(state, "island").setdefault("bulwark_saves", []).append(str(ctx["seat"]))
    return None


def _saving(name: str, options_of, presence_of=lambda pick, ctx: pick,
            kind: str = "destroy_presence") -> None:
    """Wrap a presence-destroying verb: once the piece to destroy is picked (`options_of`
    lists the verb's own options) and it is presence (`presence_of` gives its [land, spirit],
    else None), Stone may pay 1 energy to prevent it (an island effect's destroying, the top
    tier holding), then, where Flowing and Silent Forms Dart By holds, its owner may push it
    instead; otherwise the verb destroys it as usual, given the pick as its answer."""
    inner = fx.VERBS[name]

    def verb(state, step, ctx, answer):
        stone = _stone_may_prevent(state, ctx)
        if stone is None and not _darting(state):
            return inner(state, step, ctx, answer)
        rest = {k: v for k, v in step.items() if k not in ("saving", "stage")}
        n = rest.get("n", 1)
        if "saving" not in step:
            options = options_of(state, step, ctx)
            if not options:
                return inner(state, step, ctx, answer)
            pick = fx.ask_or_take(fx.chooser(ctx), kind, options, answer)
            if isinstance(pick, fx.Ask):
                return pick
            where = presence_of(pick, ctx)
            stage = "stone" if stone is not None else "dart"
            if where is None or (stage == "dart" and not _darting(state, where[0])):
                return inner(state, step, ctx, pick)
            return [{"step": {**rest, "saving": pick, "stage": stage}, "ctx": ctx}]
        pick = step["saving"]
        land, spirit = presence_of(pick, ctx)
        if step["stage"] == "stone":
            save = fx.ask_or_take(stone, "save_presence", ["yes", "no"], answer)
            if isinstance(save, fx.Ask):
                return save
            if save == "no" and _darting(state, land):
                return [{"step": {**step, "stage": "dart"}, "ctx": ctx}]
            if save == "no":  # destroyed as the verb does it (its other watchers see it)
                return inner(state, rest, ctx, pick)
            state["seats"][stone]["energy"] -= 1
        else:
            owner = sp.seat_of(state, spirit)
            to = fx.ask_or_take(owner, "dart_push", [*_push_targets(state, land), fx.DONE], answer)
            if isinstance(to, fx.Ask):
                return to
            if to == fx.DONE:
                return inner(state, rest, ctx, pick)
            pcs.destroy_presence(state["lands"][land], spirit)  # a push, not destroyed
            pcs.add_presence(state["lands"][to], spirit)
        return [{"step": {**rest, "n": n - 1}, "ctx": ctx}] if n > 1 else None

    fx.VERBS[name] = verb


def _lose_options(state, step, ctx):
    if step.get("each_spirit"):
        return None  # every spirit's at once: not one pick (left as it is)
    return ev.presence_options(state, step, ctx) if step.get("n", 1) > 0 else []


def _near_options(state, step, ctx):
    return [[n, s] for n in isl.adjacent(tuple(state["boards"]), step["land"])
            for s in state["lands"][n]["presence"]]


def _here_options(state, step, ctx):
    """event_costs' destroy_here: presence (["presence", spirit]) or a dahan (["dahan"])."""
    land = state["lands"][ctx["land"]]
    options = [["presence", s] for s in land["presence"]] if "presence" in step["kinds"] else []
    if "dahan" in step["kinds"] and land["dahan"]:
        options.append(["dahan"])
    return options if step["n"] > 0 else []


_saving("lose_presence", _lose_options)
_saving("destroy_presence_near", _near_options)
_saving("destroy_here", _here_options,
        lambda pick, ctx: [ctx["land"], pick[1]] if pick[0] == "presence" else None, "destroy")


# --- Slow and Silent Death ------------------------------------------------------------------------

DAMAGED = (*pcs.INVADERS, "dahan")
_HEAL = act.time_passes
_POWERS_PASS = pw.time_passes
KEPT = "silent_death_kept"


def _shroud_lands(state: dict) -> list[str]:
    seat = sp.seat_of(state, SHROUD)
    if seat is None or SILENT_DEATH not in state.get("rules", ()):
        return []
    key = fx.presence_key(state, seat)
    return [n for n, land in state["lands"].items() if land["presence"].get(key)]


def time_passes(state: dict) -> None:
    """actions.time_passes, but Shroud's lands keep their invaders' and dahan's damage, and
    Shroud earns its fear and energy first."""
    lands = _shroud_lands(state)
    kept = {n: {k: list(state["lands"][n][k]) for k in DAMAGED} for n in lands}
    hurt = [n for n in lands if any(d for k in pcs.INVADERS for d in kept[n][k])]
    if hurt:
        fx.earn_fear(state, min(5, len(hurt)))
        state["seats"][sp.seat_of(state, SHROUD)]["energy"] += len(hurt) // 3
    _HEAL(state)
    for name, damage in kept.items():
        state["lands"][name].update(damage)
    still = sorted(n for n in kept if any(d for k in DAMAGED for d in kept[n][k]))
    if still:
        state[KEPT] = still


def powers_time_passes(state: dict) -> None:
    """powers.time_passes; the lands Slow and Silent Death kept damaged join `kept_damage`."""
    _POWERS_PASS(state)
    kept = state.pop(KEPT, [])
    if kept:
        state["kept_damage"] = sorted({*state.get("kept_damage", ()), *kept})


act.time_passes = time_passes
pw.time_passes = powers_time_passes
