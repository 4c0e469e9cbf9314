"""The cooperative turn: Spirit phase, Fast powers, Invader phase, Slow powers, time passes.

Every player choice is an effects.Ask. Two kinds of place hold them:
- each seat's own queue (`seats[i]["queue"]`, `seats[i]["ask"]`) in the Spirit phase, so
  all spirits grow and play cards at the same time;
- the island's queue (`state["queue"]`, `state["ask"]`) for powers and the Invader phase.
In the Fast and Slow phases, while the island's queue is idle, every seat with a power
still to use is asked which one to use next (kind "resolve"); the first to answer goes.

`open_asks(state)` lists what is asked now; `act(state, seat, kind, option)` answers.
The game's end is checked whenever an action tree is complete (errata B8).
"""

from __future__ import annotations

import inspect
import json
from contextlib import contextmanager

from rules.spirit_island import actions as act_
from rules.spirit_island import effects as fx
from rules.spirit_island import hooks
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import outcome as out
from rules.spirit_island import pieces as pcs
from rules.spirit_island.effects import Ask

ELEMENTS = ("sun", "moon", "fire", "air", "water", "earth", "plant", "animal")
POWER_PHASES = ("fast", "slow")
INVADER_PARTS = ("blighted_island", "event", "fear", "ravage", "build", "explore", "slow")
RESOLVE = "resolve"
REPEAT = "repeat"
# Choices a power module adds to a power phase beside the powers (kind -> (options, apply)):
# `options(state, seat)` lists `[kind, power]` options, `apply(state, seat, power)` does one.
RESOLVE_EXTRAS: dict[str, tuple] = {}


# --- what the SPIRITS helper's modules give (stand-ins patch these in tests) ---------------------


def spirit_data(name: str) -> dict:
    return fx.optional("spirits").SPIRITS[name]


def growth_effect(name: str) -> list[dict]:
    return fx.optional("spirits").growth_effect(name)


def track_values(state: dict, seat: int) -> dict:
    return fx.optional("spirits").track_values(state, seat)


def card(name: str) -> dict:
    """A power card's data: cost, speed, elements (powers.CARDS)."""
    return fx.optional("powers").CARDS[name]


def innates(state: dict, seat: int) -> list[str]:
    return list(spirit_data(state["seats"][seat]["spirit"]).get("innates", []))


def speed(name: str) -> str:
    powers = fx.optional("powers")
    return (powers.CARDS.get(name) or powers.INNATES[name])["speed"]


def seat_speed(state: dict, seat: int, name: str) -> str:
    """A power's speed for a seat: "slow" while an event makes all its powers Slow
    (Dissolution Threatens: event_rules' `all_slow`), else its printed speed."""
    event_rules = fx.optional("event_rules")
    if event_rules is not None and event_rules.active(state, "all_slow", seat):
        return "slow"
    # a power's speed changed for this turn (Sky Stretches to Shore: a Fast one used as Slow)
    return state["seats"][seat].get("speed_now", {}).get(name) or speed(name)


def power_effect(state: dict, seat: int, name: str) -> list[dict]:
    """The effect of using a power now: a card's, or an innate's tiers the spirit reaches
    (empty when it reaches none)."""
    powers = fx.optional("powers")
    if name in powers.CARDS:
        return powers.card_effect(name)
    return powers.innate_effect(state, seat, name)


def may_be_fast(state: dict, seat: int, name: str) -> bool:
    return fx.optional("powers").may_be_fast(state, seat, name)


def used_slow_as_fast(state: dict, seat: int, name: str) -> None:
    """A Slow power used in the Fast phase uses up a Slow-as-Fast allowance, unless the
    power is Fast by itself now (an innate's or a card's own threshold tier: Thunderspeaker
    at 4 Air, Scour the Land)."""
    powers = fx.optional("powers")
    fast_by_itself = getattr(powers, "fast_by_itself", None)
    if fast_by_itself is not None and fast_by_itself(state, seat, name):
        return
    powers.use_slow_as_fast(state, seat, name)


# --- game over ------------------------------------------------------------------------------------


def spirits(state: dict) -> list[str]:
    return [fx.presence_key(state, i) for i in range(len(state["seats"]))]


def check_end(state: dict) -> str | None:
    """Win, sacrifice or loss: recorded in state["outcome"] and the phase becomes "over"."""
    if state.get("outcome"):
        return state["outcome"]
    if not state.get("lost"):
        for reason in hooks.fire(state, "loss"):
            state["lost"] = reason
    result = out.outcome(state, spirits(state), fx.terror_level(state))
    if result:
        state["outcome"] = result
        state["phase"] = "over"
        note(state, "game_over", outcome=result)
    return result


def note(state: dict, key: str, **params) -> None:
    """A public event for this action's report (engine.apply turns them into Events)."""
    state.setdefault("notes", []).append({"key": key, "params": params})


# --- per-seat queues ------------------------------------------------------------------------------


@contextmanager
def seat_queue(state: dict, seat: int):
    """Run effects on one seat's own queue (Spirit phase) instead of the island's."""
    row = state["seats"][seat]
    saved_queue, saved_ask = state["queue"], state.pop("ask", None)
    state["queue"] = row.get("queue", [])
    if row.get("ask"):
        state["ask"] = row["ask"]
    try:
        yield
    finally:
        row["queue"] = state["queue"]
        row["ask"] = state.pop("ask", None)
        state["queue"] = saved_queue
        if saved_ask:
            state["ask"] = saved_ask


# --- the turn -------------------------------------------------------------------------------------


def start_turn(state: dict) -> None:
    """The Spirit phase: each spirit grows, gains energy and plays cards, all at once."""
    state["turn"] = state.get("turn", 0) + 1
    state["phase"] = "spirit"
    note(state, "turn", turn=state["turn"])
    blight = fx.optional("blight")
    if blight is not None and hasattr(blight, "spirit_phase_effect"):
        fx.append(state, blight.spirit_phase_effect(state), {"seat": None, "source": "blight"})
        fx.run(state)
    for seat, row in enumerate(state["seats"]):
        row["ready"] = False
        steps = [*growth_effect(row["spirit"]), {"do": "track_energy"}, {"do": "track_reclaim"},
                 {"do": "track_actions"}, {"do": "play_cards"},
                 {"do": "track_elements"}, {"do": "spirit_ready"}]
        with seat_queue(state, seat):
            fx.push(state, steps, {"seat": seat, "source": "growth"})
            fx.run(state)
    advance(state)


@fx.verb("track_energy")
def track_energy(state, step, ctx, answer):
    """The energy showing (plus a positive `energy_per_turn`), gained as any energy is: a
    negative one (Bargains of Power and Protection) takes the first energy gained each turn
    from any source (`effects.gain_energy`)."""
    row = state["seats"][ctx["seat"]]
    shown = track_values(state, ctx["seat"])["energy"] + max(0, row.get("energy_per_turn", 0))
    fx.gain_energy(state, ctx["seat"], max(0, shown))
    return None


@fx.verb("track_actions")
def track_actions(state, step, ctx, answer):
    """Once a turn, the optional actions of the revealed track spaces (Shifting Memory of
    Ages: spirit_rules_memory.track_actions)."""
    memory = fx.optional("spirit_rules_memory")
    offered = memory.track_actions(state, ctx["seat"]) if memory is not None else []
    return fx.frames([{"do": "may", "then": effect} for effect in offered], ctx)


@fx.verb("track_reclaim")
def track_reclaim(state, step, ctx, answer):
    """A "Reclaim 1" space showing: optional, once per turn in the Spirit phase (digest 4.13)."""
    row = state["seats"][ctx["seat"]]
    if not row["discard"] or not track_values(state, ctx["seat"]).get("reclaim_one"):
        return None
    return [{"step": {"do": "may", "then": [{"do": "reclaim", "n": 1}]}, "ctx": ctx}]


@fx.verb("play_cards")
def play_cards(state, step, ctx, answer):
    """Play cards one at a time, up to the card plays showing, paying each one's cost."""
    row = state["seats"][ctx["seat"]]
    left = step.get("left", track_values(state, ctx["seat"])["card_plays"]
                    + row.get("card_plays_bonus", 0))
    if answer == fx.DONE:
        return None
    if answer is not None:
        row["hand"].remove(answer)
        row["played"].append(answer)
        row["energy"] -= card(answer)["cost"]
        left -= 1
    playable = sorted({c for c in row["hand"] if card(c)["cost"] <= row["energy"]}) if left else []
    if not playable:
        return None
    fx.remember(state, left=left)
    return Ask(ctx["seat"], "play", [*playable, fx.DONE])


@fx.verb("track_elements")
def track_elements(state, step, ctx, answer):
    """This turn's elements: the played cards', the tracks' (an "any" space is one of the
    player's choice) and those gained in growth."""
    row = state["seats"][ctx["seat"]]
    if "any" not in step:
        values = track_values(state, ctx["seat"])
        starlight = fx.optional("spirit_rules_starlight")
        extra = starlight.track_elements_extra(state, ctx["seat"]) if starlight else {}
        for table in (values["elements"], row.get("permanent_elements", {}), extra):
            for name, n in table.items():
                row["elements"][name] = row["elements"].get(name, 0) + n
        for name in in_play(row):
            for element in card(name).get("elements", []):
                row["elements"][element] = row["elements"].get(element, 0) + 1
        step = {**step, "any": values.get("any", 0)}
    if answer is not None:
        row["elements"][answer] = row["elements"].get(answer, 0) + 1
        step = {**step, "any": step["any"] - 1}
    if step["any"] <= 0:
        return None
    fx.remember(state, **step)
    return Ask(ctx["seat"], "element", list(ELEMENTS))


@fx.verb("spirit_ready")
def spirit_ready(state, step, ctx, answer):
    state["seats"][ctx["seat"]]["ready"] = True
    return None


def in_play(row: dict) -> list[str]:
    """The seat's cards in play: those played, and lesser spirits' gifts (Aid from Lesser
    Spirits: used every turn as if played)."""
    return [*row["played"], *row.get("lesser_spirits", [])]


def start_powers(state: dict, phase: str) -> None:
    """Fast: every card in play and innate is a power still to use; Slow: the slow ones
    left (a Fast power not used in the Fast phase is lost)."""
    state["phase"] = phase
    for seat, row in enumerate(state["seats"]):
        if phase == "fast":
            row["powers"] = [*in_play(row), *innates(state, seat)]
        else:
            row["powers"] = [p for p in row["powers"] if seat_speed(state, seat, p) == "slow"]
        row["passed"] = False


def _usable(state: dict, seat: int, name: str) -> bool:
    return name in in_play(state["seats"][seat]) or bool(power_effect(state, seat, name))


def _repeatable(state: dict, seat: int) -> list[list[str]]:
    """Cards used this turn that a repeat grant (`seats[i]["repeats"]`: the highest
    cost each may repeat) covers and the seat can pay for again."""
    row = state["seats"][seat]
    most = max(row.get("repeats") or [-1])
    return [[REPEAT, c] for c in in_play(row)
            if c in row.get("used", []) and card(c)["cost"] <= min(most, row["energy"])]


def unresolved(state: dict, seat: int) -> list:
    """What the seat may use next in this power phase. Powers of the phase must be used;
    a Slow power that may be Fast (in the Fast phase) and a repeat are optional, so "done"
    is offered once only optional ones are left."""
    row = state["seats"][seat]
    if row.get("passed"):
        return []
    usable = [p for p in row.get("powers", []) if _usable(state, seat, p)]
    phase = state["phase"]
    required = [p for p in usable if seat_speed(state, seat, p) == phase]
    optional = [p for p in usable if p not in required and may_be_fast(state, seat, p)
                and seat_speed(state, seat, p) == speed(p)]  # an event's all-Slow holds
    optional += _repeatable(state, seat)
    for options, _ in RESOLVE_EXTRAS.values():
        optional += options(state, seat)
    if required:
        return required + optional
    return optional + [fx.DONE] if optional else []


def resolve(state: dict, seat: int, name) -> None:
    row = state["seats"][seat]
    if name == fx.DONE:
        row["passed"] = True
        return
    if isinstance(name, list) and name[0] in RESOLVE_EXTRAS:
        RESOLVE_EXTRAS[name[0]][1](state, seat, name[1])
        return
    if isinstance(name, list):  # a repeat: pay again, use up the grant that covers it
        name = name[1]
        cost = card(name)["cost"]
        row["energy"] -= cost
        row["repeats"].remove(min(r for r in row["repeats"] if r >= cost))
    else:
        row["powers"].remove(name)
        row.setdefault("used", []).append(name)
        if state["phase"] == "fast" and seat_speed(state, seat, name) != "fast":
            used_slow_as_fast(state, seat, name)
    note(state, "power", s=seat, power=name)
    ctx = {"seat": seat, "source": name}
    if row.get("markers"):  # Shifting Memory: spend prepared markers first, then the power
        fx.push(state, [{"do": "spend_markers"}, {"do": "use_power", "power": name},
                        {"do": "end_marker_action"}], ctx)
    else:
        fx.push(state, power_effect(state, seat, name), ctx)
    fx.run(state)


@fx.verb("use_power")
def use_power(state, step, ctx, answer):
    """A power's effect as it is now (after markers changed the elements)."""
    return fx.frames(power_effect(state, ctx["seat"], step["power"]), ctx)


@fx.verb("end_marker_action")
def end_marker_action(state, step, ctx, answer):
    fx.optional("spirit_rules_memory").end_action(state, ctx["seat"])
    return None


def start_invaders(state: dict) -> None:
    state["phase"] = "invader"
    fx.append(state, [{"do": "invader_part", "part": INVADER_PARTS[0]}], {"seat": None})
    fx.run(state)


@fx.verb("invader_part")
def invader_part(state, step, ctx, answer):
    """One part of the Invader phase; it queues the next part behind what it queued."""
    part = step["part"]
    if state.get("lost"):  # the game is over: the rest of the phase does not happen
        return None
    PARTS[part](state)
    if state.get("lost") or part == INVADER_PARTS[-1]:
        return None
    following = INVADER_PARTS[INVADER_PARTS.index(part) + 1]
    fx.append(state, [{"do": "invader_part", "part": following}], {"seat": None})
    return None


def _blighted_island(state: dict) -> None:
    hooks.fire(state, "invader_phase")


def _event(state: dict) -> None:
    events = fx.optional("events")
    if state.get("options", {}).get("events") and events is not None:
        events.draw_and_queue(state)


def _fear(state: dict) -> None:
    fear = fx.optional("fear")
    if fear is not None and hasattr(fear, "resolve_step"):
        fear.resolve_step(state)


def _dahan_defend(state: dict) -> None:
    """Bargains of Power and Protection: Defend 1 per dahan (per bargain) in each land
    within range 1 of the spirit's presence, for this Ravage Step."""
    for seat, row in enumerate(state["seats"]):
        if row.get("dahan_defend"):
            for land in fx.within(state, fx.origins(state, seat), 1):
                n = row["dahan_defend"] * len(state["lands"][land]["dahan"])
                if n:
                    marks = fx.turn_marks(state, land)
                    marks["defend"] = marks.get("defend", 0) + n


def _ravage(state: dict) -> None:
    _dahan_defend(state)
    for card_name in state["track"]["ravage"]:  # a land matching two cards ravages twice
        lands = inv.matching_lands(state, card_name)
        for more in hooks.fire(state, "ravage_lands", card=card_name):
            lands += [land for land in more if land not in lands]
        for land in lands:
            # Pour Time Sideways: a land's board may ravage once more, or not at all
            for _ in range(_repeats(state, land)):
                fx.append(state, [{"do": "ravage_land", "land": land, "card": card_name}],
                          {"seat": None, "land": land})


def _repeats(state: dict, land: str) -> int:
    return inv.repeats(state, land)


def _build(state: dict) -> None:
    hooks.fire(state, "after_ravage_step")
    for card_name in state["track"]["build"]:
        fx.append(state, [{"do": "invader_card", "action": "build", "card": card_name}],
                  {"seat": None})


# Lasting fear rules that skip this explore and add a card to the next Invader phase's
# explore (Explorers are Reluctant II).
EXTRA_EXPLORE_RULES = ("explorers_reluctant:2",)


def _explore(state: dict) -> None:
    extra = state.pop("extra_explore", False)  # set by last turn's Explorers are Reluctant II
    if any(rule in state.get("rules", ()) for rule in EXTRA_EXPLORE_RULES):
        state["extra_explore"] = True
    for n in range(2 if extra else 1):
        card_name = inv.reveal(state)  # None: the deck ran out, time is lost
        if card_name is None:
            return
        fx.append(state, [{"do": "invader_card", "action": "explore", "card": card_name,
                           "extra": n > 0}], {"seat": None})


@fx.verb("invader_card")
def invader_card(state, step, ctx, answer):
    """Build or explore with one card; first the players say, land by land, whether to spend
    an "any" skip there (tokens.skip_options)."""
    if state.get("lost"):
        return None
    action, card_name = step["action"], step["card"]
    skips = dict(step.get("skips", {}))
    if answer is not None:
        skips[step["land"]] = answer == "yes"
    tok = fx.optional("tokens")
    if action == "build":
        lands = inv.build_targets(state, card_name)
    else:
        lands = inv.explore_lands(state, card_name)
    # Pour Time Sideways: a land whose board's actions are dropped is not asked about
    # (inv.build / inv.explore resolve each land `inv.repeats` times)
    for land in [n for n in lands if inv.repeats(state, n)]:
        if land not in skips and tok is not None and tok.skip_options(state, land, action):
            fx.remember(state, skips=skips, land=land)
            return Ask(0, "skip", ["yes", "no"])
    if action == "build":
        note(state, "build", card=card_name, lands=inv.build(state, card_name, skips))
        return None
    note(state, "explore", card=card_name, lands=inv.explore(state, card_name, skips))
    track = state["track"]
    if step.get("extra"):  # a second explore card this phase joins the first on Build
        track["build"].append(card_name)
        return None
    track["discard"] += track["ravage"]
    track["ravage"], track["build"], track["explore"] = track["build"], [card_name], []
    return None


def _to_slow(state: dict) -> None:
    start_powers(state, "slow")


PARTS = {"blighted_island": _blighted_island, "event": _event, "fear": _fear,
         "ravage": _ravage, "build": _build, "explore": _explore, "slow": _to_slow}


# --- ravage in one land, with the players' cascade and counterattack choices ------------------


def _ravage_kwargs(step: dict) -> dict:
    kwargs = {"cascade_to": list(step.get("cascade", [])),
              "dahan_order": list(step.get("order", []))}
    if "use_skip" in step and "use_skip" in inspect.signature(inv.ravage).parameters:
        kwargs["use_skip"] = step["use_skip"]
    return kwargs


def _trial(state: dict, land: str, step: dict) -> tuple[dict, dict] | None:
    """Ravage on a copy with the choices so far: (copy, report), or None if illegal."""
    trial = fx.clone({k: v for k, v in state.items() if k != "notes"})
    try:
        report = inv.ravage(trial, land, **_ravage_kwargs(step))
    except ValueError:
        return None
    return trial, report


def _outcome(trial: dict) -> str:
    return repr((trial["lands"], trial.get("fear"), trial.get("fear_earned")))


@fx.verb("ravage_land")
def ravage_land(state, step, ctx, answer):
    land = step["land"]
    if state.get("lost"):
        return None
    asked = step.get("asking")
    if asked and answer is not None:
        key = {"skip": "use_skip", "cascade": "cascade", "counterattack": "order"}[asked]
        value = answer == "yes" if asked == "skip" else answer
        step = {**step, key: value if key == "use_skip" else [*step.get(key, []), value]}
    if not pcs.invader_count(state["lands"][land]):
        return None
    tok = fx.optional("tokens")
    if "use_skip" not in step and tok is not None and tok.skip_options(state, land, "ravage"):
        return _ask(state, step, "skip", ["yes", "no"])
    here = state["lands"][land]
    # Trials on copies, only where a choice can arise: a cascade needs blight already in
    # the land, a counterattack choice dahan and two kinds of invader.
    while here["blight"]:
        trial = _trial(state, land, step)
        chain = trial[1]["blight"] if trial else []
        picks = step.get("cascade", [])
        if len(chain) - 1 <= len(picks) or trial[0].get("lost"):
            break
        options = inv.cascade_options(state, chain[len(picks)])
        if len(options) > 1:
            return _ask(state, step, "cascade", options)
        step = {**step, "cascade": [*picks, options[0]]}
    if here["dahan"] and sum(1 for k in pcs.INVADERS if here[k]) > 1:
        distinct: dict[str, str] = {}
        for kind in pcs.INVADERS:
            alt = _trial(state, land, {**step, "order": [*step.get("order", []), kind]})
            if alt is not None:
                distinct.setdefault(_outcome(alt[0]), kind)
        if len(distinct) > 1:
            return _ask(state, step, "counterattack",
                        sorted(distinct.values(), key=pcs.INVADERS.index))
    report = inv.ravage(state, land, **_ravage_kwargs(step))
    note(state, "ravage", land=land, damage=report["damage"], blight=report["blight"])
    return None


def _ask(state: dict, step: dict, kind: str, options: list) -> Ask:
    state["queue"][0]["step"] = {**step, "asking": kind}
    return Ask(0, kind, options)


# --- time passes ----------------------------------------------------------------------------------


def start_time_passes(state: dict) -> None:
    """Before cards are discarded: a seat with a keep-a-card grant may reclaim power cards
    in play instead (`seats[i]["reclaim_at_end"]`)."""
    state["phase"] = "time"
    for seat, row in enumerate(state["seats"]):
        if row.get("reclaim_at_end") and row["played"]:
            fx.append(state, [{"do": "reclaim_at_end", "n": row["reclaim_at_end"]}],
                      {"seat": seat, "source": "reclaim"})
    fx.run(state)


@fx.verb("reclaim_at_end")
def reclaim_at_end(state, step, ctx, answer):
    row = state["seats"][ctx["seat"]]
    if answer == fx.DONE:
        return None
    if answer is not None:
        row["played"].remove(answer)
        row["hand"].append(answer)
        step = {**step, "n": step["n"] - 1}
    if step["n"] <= 0 or not row["played"]:
        return None
    fx.remember(state, n=step["n"])
    return Ask(ctx["seat"], "reclaim", [*row["played"], fx.DONE])


def time_passes(state: dict) -> None:
    """Damage heals, this turn's marks end, played cards go to the discard, elements reset;
    then each rule module's own end of turn (fear, events, blight, powers)."""
    burning = {name: {k: list(state["lands"][name][k]) for k in pcs.INVADERS}
               for name, marks in state.get("turn_marks", {}).items() if marks.get("no_heal")}
    act_.time_passes(state)
    for name, damage in burning.items():  # Unquenchable Flames: these invaders keep damage
        state["lands"][name].update(damage)
    state["kept_damage"] = sorted(burning)  # for checks.py: damage left there on purpose
    state.pop("turn_marks", None)
    for row in state["seats"]:
        row["discard"] += row["played"]
        row["played"] = []
        row["elements"] = {}
        row["powers"] = []
        row["used"] = []
        row["slow_used_fast"] = 0
    for module in ("fear", "events", "blight", "powers", "island_changes"):
        passes = getattr(fx.optional(module), "time_passes", None)
        if passes is not None:
            passes(state)
    starlight = fx.optional("spirit_rules_starlight")
    for seat in range(len(state["seats"]) if starlight is not None else 0):
        starlight.run_end_of_turn(state, seat)  # effects kept for the end of the turn


# --- driving the phases ---------------------------------------------------------------------------


def advance(state: dict) -> None:
    """Move through the phases while nobody has anything to decide."""
    isl.use(state)  # the island as this game's powers changed it
    while state["phase"] != "over":
        # no end check while setup choices wait (starting presence is still being placed)
        if state["phase"] != "setup" and check_end(state):
            return
        if state.get("ask"):
            return
        phase = state["phase"]
        if phase == "setup":
            if state["queue"]:
                fx.run(state)
                continue
            explored = inv.initial_explore(state)
            note(state, "explore", card=state["track"]["build"][-1], lands=explored)
            start_turn(state)
            return
        if phase in ("spirit", "time") and state["queue"]:
            fx.run(state)
            continue
        if phase == "spirit":
            if not all(row["ready"] for row in state["seats"]):
                return
            start_powers(state, "fast")
        elif phase == "time":
            if not state.pop("time_passed", False):
                time_passes(state)  # it may queue end-of-turn effects: they run first
                state["time_passed"] = True
                continue
            start_turn(state)
            return
        elif phase in POWER_PHASES:
            if state["queue"]:
                fx.run(state)
                continue
            if any(unresolved(state, s) for s in range(len(state["seats"]))):
                return
            if phase == "fast":
                start_invaders(state)
            else:
                start_time_passes(state)
        elif phase == "invader":
            if state["queue"]:
                fx.run(state)
            elif state.get("lost"):
                continue
            else:  # the last part moved on to the Slow phase
                return


def open_asks(state: dict) -> list[Ask]:
    """Every question open now: at most one per seat."""
    isl.use(state)
    if state["phase"] == "over":
        return []
    if state.get("ask"):
        return [fx.pending(state)]
    if state["phase"] == "spirit":
        return [Ask(i, a["kind"], a["options"]) for i, row in enumerate(state["seats"])
                if (a := row.get("ask"))]
    if state["phase"] in POWER_PHASES and not state["queue"]:
        return [Ask(i, RESOLVE, opts) for i in range(len(state["seats"]))
                if (opts := unresolved(state, i))]
    return []


def act(state: dict, seat: int, kind: str, option) -> None:
    """Answer the seat's open question with one of its options (ValueError if not open)."""
    ask = next((a for a in open_asks(state) if a.seat == seat), None)
    if ask is None or ask.kind != kind or json.loads(json.dumps(option)) not in ask.options:
        raise ValueError(f"seat {seat} cannot answer {kind} {option!r}")
    if state.get("ask"):  # the island's question comes first, whatever the phase
        fx.answer(state, option)
    elif state["phase"] == "spirit":
        with seat_queue(state, seat):
            fx.answer(state, option)
    elif kind == RESOLVE:
        resolve(state, seat, option)
    advance(state)
