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


# --- Bestow the Endurance of Bedrock --------------------------------------------------------------


_ADD_BLIGHT = inv.add_blight


def add_blight(state: dict, name: str, cascade_to: list[str] | None = None) -> list[str]:
    """invaders.add_blight, with the island's presence noted first while Stone plays."""
    if sp.seat_of(state, STONE) is None or BEFORE in state:
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


@hooks.on("blight_added", BEDROCK)
def bedrock(state: dict, land: str) -> None:
    seat = sp.seat_of(state, STONE)
    if seat is None or BEFORE not in state:
        return
    here = state["lands"][land]
    before = state[BEFORE][land]
    stone = before.get(fx.presence_key(state, seat), 0)
    if stone and here["blight"] <= stone:
        here["presence"] = dict(before)  # no presence destroyed, anyone's
        marks = state.setdefault("turn_marks", {}).setdefault(land, {})
        if not marks.get("no_cascade"):
            marks["no_cascade"] = STOPPED
    state[BEFORE][land] = dict(here["presence"])  # a cascade may come back here


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


def _saving(name: str, options_of, presence_of=lambda pick: pick) -> None:
    """Wrap a presence-destroying verb of the island effects: once the piece to destroy is
    picked (`options_of` lists the verb's own options) and it is presence (`presence_of`
    gives its [land, spirit], else None), Stone may pay 1 energy to prevent it; otherwise the
    verb destroys it as usual, its pick given as the answer."""
    inner = fx.VERBS[name]

    def verb(state, step, ctx, answer):
        seat = _stone_may_prevent(state, ctx)
        if seat is None:
            return inner(state, step, ctx, answer)
        if "saving" not in step:
            options = options_of(state, step, ctx)
            if not options:
                return inner(state, step, ctx, answer)
            pick = fx.ask_or_take(fx.chooser(ctx), "destroy_presence", options, answer)
            if isinstance(pick, fx.Ask):
                return pick
            if presence_of(pick) is None:  # not presence (a dahan): nothing to save
                return inner(state, step, ctx, pick)
            return [{"step": {**step, "saving": pick}, "ctx": ctx}]
        save = fx.ask_or_take(seat, "save_presence", ["yes", "no"], answer)
        if isinstance(save, fx.Ask):
            return save
        rest = {k: v for k, v in step.items() if k != "saving"}
        if save == "no":  # destroyed as the verb does it (its other watchers see it)
            return inner(state, rest, ctx, step["saving"])
        state["seats"][seat]["energy"] -= 1
        n = rest.get("n", 1)
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
_saving("destroy_here", _here_options, lambda pick: pick if pick[0] == "presence" else None)


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
