"""Verbs and rules for Branch & Claw and Jagged Earth deck cards not modelled before (Sky
Stretches to Shore, Unlock the Gates of Deepest Power, Settle Into Hunting-Grounds, Voice of
Command). Rows in EFFECTS.md; registered when powers.py is imported (it imports this last).

- Sky Stretches to Shore (`speed_swap`): one change of speed this turn, either a Slow power
  used as Fast (the seat's `slow_as_fast` allowance) or a Fast power kept for the Slow phase
  (turn.py's `RESOLVE_EXTRAS` option `["as_slow", power]`, `speed_now`); either use spends
  the one change. +3 range when targeting coastal lands (`coastal_range`, a `target_land`
  wrapper).
- Unlock the Gates of Deepest Power (`play_kept_major`): the kept Major may be played at
  once for half its cost (rounded up) or for free and forgotten at the end of the turn;
  its element thresholds count as met (`if` and `more_range` conditions of that card).
- Settle Into Hunting-Grounds (`settle_in`): this turn the spirit's presence counts as
  badlands for damage dealt to invaders (never to dahan: the players would not choose it),
  as beasts for the counts and land conditions of the spirits' powers (not for events,
  fear cards or blight cards, nor as pieces to destroy, remove or move), and cannot move.
- Voice of Command (`fight_alongside`): in this turn's ravages in the land the explorers do
  not attack with the other invaders; the invaders' damage after defend hits explorers and
  dahan together (as many destroyed as possible: explorers first; the land's badlands add
  to it as to damage to dahan), then the survivors strike the towns and cities at once,
  dahan 2 each and explorers 1 each (all standing before the damage with Words of Warning
  or Lay Ambushes). Not modelled there: the strike goes where it destroys the most (the
  players are not asked), Xenophobia's shift of damage from the land to the dahan, and the
  dahan striking first (Engage on Their Own Terms).
"""

from __future__ import annotations

from rules.spirit_island import effects as fx
from rules.spirit_island import hooks, seat_rows, turn
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island import spirit_rules_b as srb
from rules.spirit_island import spirit_verbs_a as sva
from rules.spirit_island import tokens as tok

AS_SLOW = "as_slow"
SETTLE, VOICE = "settle-hunting-grounds", "voice-of-command"
# Seat keys these verbs set for one turn (cleared by powers.time_passes).
pw.TURN_KEYS = (*pw.TURN_KEYS, "speed_swaps", "speed_now", "coastal_range", "all_thresholds",
                "hand_before_gain")
# Words for the options these verbs offer (notation reads powers.OPTION_WORDS).
pw.OPTION_WORDS = {**getattr(pw, "OPTION_WORDS", {}),
                   AS_SLOW: ("as Slow", "느린 능력으로"),
                   "half": ("pay half", "절반 지불"), "forget": ("forget", "잊기")}
pw.ASK_WORDS = {**getattr(pw, "ASK_WORDS", {}), "unlock_play": ("play now", "즉시 내려놓기")}


_chain = fx.wrap_verb  # the verb as registered now, wrapped


def _switch_on(state: dict, rule: str) -> None:
    rules = state.setdefault("rules", [])
    if rule not in rules:
        rules.append(rule)


# --- Sky Stretches to Shore --------------------------------------------------------------------


@fx.verb("speed_swap")
def speed_swap(state, step, ctx, answer):
    """The spirit may change 1 power's speed this turn (Slow as Fast or Fast as Slow), and
    gains `range` (3) when targeting coastal lands."""
    row = state["seats"][ctx["seat"]]
    for key, n in (("slow_as_fast", 1), ("speed_swaps", 1), ("coastal_range", step.get("range", 3))):
        row[key] = row.get(key, 0) + n
    return None


def _as_slow_options(state: dict, seat: int) -> list[list]:
    """In the Fast phase, while the seat's change of speed is unused: each Fast power still
    to use may be kept for the Slow phase."""
    row = state["seats"][seat]
    if (state.get("phase") != "fast" or row.get("speed_swaps", 0) <= 0
            or pw.slow_as_fast_left(state, seat) <= 0):
        return []
    return [[AS_SLOW, p] for p in row.get("powers", [])
            if turn.seat_speed(state, seat, p) == "fast" and turn._usable(state, seat, p)]


def _use_as_slow(state: dict, seat: int, power: str) -> None:
    row = state["seats"][seat]
    row.setdefault("speed_now", {})[power] = "slow"
    row["speed_swaps"] -= 1
    row["slow_used_fast"] = row.get("slow_used_fast", 0) + 1  # the one change is spent
    turn.note(state, "power_as_slow", s=seat, power=power)


turn.RESOLVE_EXTRAS[AS_SLOW] = (_as_slow_options, _use_as_slow)


def _reach(state: dict, step: dict, ctx: dict, seat: int) -> int:
    reach = step.get("range", 0) + state["seats"][seat].get("range_bonus", 0)
    more = step.get("more_range")
    if more and fx.check(state, more["cond"], ctx):
        reach += more["n"]
    return reach


def _coastal_reach(state: dict, step: dict, ctx: dict) -> list[str]:
    """Coastal lands the seat's `coastal_range` brings within reach."""
    seat = ctx.get("seat")
    if seat is None or step.get("from", "presence") == "any":
        return []
    extra = state["seats"][seat].get("coastal_range", 0)
    if not extra:
        return []
    starts = fx.origins(state, seat, step.get("from", "presence"))
    rows = isl.island(tuple(state["boards"]))
    return [n for n in fx.within(state, starts, _reach(state, step, ctx, seat) + extra)
            if rows[n]["coastal"] and fx.land_matches(state, n, step.get("where"), ctx)]


# --- Unlock the Gates of Deepest Power --------------------------------------------------------------


def _thresholds_met(state: dict, ctx: dict) -> bool:
    """Whether the running power is a card played with all its thresholds met."""
    return any(ctx.get("source") in row.get("all_thresholds", ()) for row in state["seats"])


def _without_elements(cond: dict) -> dict:
    """The condition with its element thresholds taken as met."""
    out: dict = {}
    for key, value in cond.items():
        if key == "elements":
            continue
        if key in ("all", "any"):
            value = [_without_elements(c) for c in value]
        out[key] = value
    return out


@fx.verb("note_hand")
def note_hand(state, step, ctx, answer):
    """Remember the spirit's hand, so a later step knows which card it then gains."""
    row = state["seats"][ctx["seat"]]
    row["hand_before_gain"] = list(row["hand"])
    return None


@fx.verb("play_kept_major")
def play_kept_major(state, step, ctx, answer):
    """The spirit may play the Major it just kept (the one its hand gained since
    `note_hand`) at once: paying half its cost (rounded up), or for nothing and forgetting
    it at the end of the turn. Its elements count; it is used this turn with its thresholds
    met (`all_thresholds`)."""
    row = state["seats"][ctx["seat"]]
    before = row.get("hand_before_gain", [])
    new = [c for c in row["hand"] if c not in before and pw.CARDS[c].get("deck") == "major"]
    if not new:
        return None
    name = new[-1]
    card = pw.CARDS[name]
    half = -(-card["cost"] // 2)
    options = (["half"] if row["energy"] >= half else []) + ["forget", "no"]
    pick = fx.ask_or_take(ctx["seat"], "unlock_play", options, answer)
    if isinstance(pick, fx.Ask) or pick == "no":
        return pick if isinstance(pick, fx.Ask) else None
    seat_rows.play_card(row, name, {**card, "cost": half if pick == "half" else 0})
    if state.get("phase") == "slow" and card["speed"] == "fast":
        row["powers"].remove(name)  # the Fast phase is over: it cannot be used now
    elif state.get("phase") in turn.POWER_PHASES:
        row["passed"] = False  # a spirit that was done this phase has a power to use again
    row.setdefault("all_thresholds", []).append(name)
    if pick == "forget":
        row.setdefault("end_of_turn", []).append([{"do": "forget_named", "card": name}])
    return None


@fx.verb("forget_named")
def forget_named(state, step, ctx, answer):
    """The spirit forgets `card`, wherever it is (hand, played, discard)."""
    row = state["seats"][ctx["seat"]]
    for pile in ("hand", "played", "discard"):
        if step["card"] in row[pile]:
            row[pile].remove(step["card"])
            break
    return None


# --- Settle Into Hunting-Grounds ---------------------------------------------------------------------


@fx.verb("settle_in")
def settle_in(state, step, ctx, answer):
    """This turn the spirit's presence counts as badlands and beasts and cannot move."""
    settled = fx.turn_marks(state, "island").setdefault("settled", [])
    if ctx["seat"] not in settled:
        settled.append(ctx["seat"])
    _switch_on(state, SETTLE)
    return None


def _settled_keys(state: dict) -> list[str]:
    seats = state.get("turn_marks", {}).get("island", {}).get("settled", [])
    return [fx.presence_key(state, s) for s in seats]


def _settled_presence(state: dict, land: dict) -> int:
    return sum(land["presence"].get(key, 0) for key in _settled_keys(state))


@hooks.on("badlands_for", SETTLE)
def _presence_as_badlands(state: dict, land: str, target: str) -> int | None:
    if target != "invaders":
        return None
    return _settled_presence(state, state["lands"][land]) or None


# Verbs where Many Minds' own powers already count each of its sacred sites as 1 beasts.
SWARM_COUNTED = ("per_a", "if_beasts", "target_land")


def _as_beasts(name: str, inner):
    """While a power's verb counts or tests lands, settled presence is added to the beasts
    there (and taken off again after). Where Many Minds counts its sacred site as 1 beasts
    already, that one is not counted twice (digest: 2 presence are 2 beasts, never 3)."""
    def handler(_inner, state, step, ctx, answer):
        keys = _settled_keys(state)
        if not keys or ctx.get("seat") is None:
            return inner(state, step, ctx, answer)
        added = {n: _settled_presence(state, land) for n, land in state["lands"].items()}
        if name in SWARM_COUNTED and fx.presence_key(state, ctx["seat"]) in keys:
            for n in sva._swarm_sites(state, ctx["seat"]):
                added[n] -= 1  # the 1 beasts Many Minds counts there is one of these
        added = {n: k for n, k in added.items() if k > 0}
        for n, k in added.items():
            state["lands"][n]["beasts"] += k
        try:
            return inner(state, step, ctx, answer)
        finally:
            for n, k in added.items():
                state["lands"][n]["beasts"] -= k
    return handler


def _frozen(inner):
    """While a verb that moves presence runs, settled presence is off the island (so none
    of it is offered to move)."""
    def handler(_inner, state, step, ctx, answer):
        keys = _settled_keys(state)
        if not keys or (step["do"] in ("push", "gather", "event_move")
                        and not {"beasts", "presence"} & set(step.get("kinds", ()))):
            return inner(state, step, ctx, answer)
        held = {(n, k): land["presence"].pop(k) for n, land in state["lands"].items()
                for k in keys if land["presence"].get(k)}
        try:
            return inner(state, step, ctx, answer)
        finally:
            for (n, k), count in held.items():
                pcs.add_presence(state["lands"][n], k, count)
    return handler


# --- Voice of Command ------------------------------------------------------------------------------


@fx.verb("fight_alongside")
def fight_alongside(state, step, ctx, answer):
    """This turn, in ravages in the land, explorers fight alongside the dahan."""
    fx.turn_marks(state, ctx["land"])["alongside"] = True
    _switch_on(state, VOICE)
    return None


def _alongside(state: dict, land: str) -> bool:
    return bool(tok.marks(state, land).get("alongside"))


@hooks.on("ravage_start", VOICE)
def _defenders_aside(state: dict, land: str) -> None:
    """The explorers and dahan leave the invaders' side of the ravage: the invaders left
    damage the land only; the defenders' part follows in `after_ravage`."""
    if not _alongside(state, land):
        return
    here = state["lands"][land]
    aside = {kind: [pcs.take(here, kind, 0) for _ in range(len(here[kind]))]
             for kind in ("explorer", "dahan")}
    state.setdefault("alongside_aside", {})[land] = aside


@hooks.on("after_ravage", VOICE)
def _defenders_fight(state: dict, land: str, report: dict) -> None:
    aside = state.get("alongside_aside", {}).pop(land, None)
    if aside is None:
        return
    here = state["lands"][land]
    # the pieces sitting this ravage out are back, last in their lists: out again for now
    sitting = [(kind, pcs.take(here, kind, -1))
               for kind, n in tok.marks(state, land).get("sit_out", {}).items()
               for _ in range(min(n, len(here[kind])))]
    for kind, pieces in aside.items():
        for taken, marks in pieces:
            pcs.put(here, kind, taken, marks)
    _fight(state, land, here, report)
    for kind, (taken, marks) in sitting:
        pcs.put(here, kind, taken, marks)


def _fight(state: dict, land: str, here: dict, report: dict) -> None:
    dahan = hooks.chain(state, "dahan_attack", "attack", pcs.ATTACK["dahan"], land=land)

    def strike_now() -> int:
        return (max(0, dahan) * len(here["dahan"])
                + pcs.ATTACK["explorer"] * len(here["explorer"]))

    # Words of Warning, Lay Ambushes: the defenders strike as they stand before the damage
    together = (tok.marks(state, land).get("dahan_strike_with")
                or (hooks.fire(state, "ravage_order", land=land) or [None])[-1] == "together")
    before = strike_now()
    done: list[str] = []
    hit = report.get("damage", 0)
    if hit and here["dahan"]:
        hit += tok.badlands_bonus(state, land, "dahan", done, hit)
    while hit > 0 and here["explorer"]:  # destroying as many as possible: explorers first
        pcs.sort_pieces(here, "explorer")
        hit -= pcs.damage(state, here, "explorer", hit, 0)
    if hit > 0:
        pcs.damage_dahan(state, here, hit, tok.saves(state, land, "dahan"))
    strike = before if together else strike_now()
    if not strike or not (here["town"] or here["city"]):
        return
    strike += tok.badlands_bonus(state, land, "invaders", done, strike)
    explorers = [pcs.take(here, "explorer", 0) for _ in range(len(here["explorer"]))]
    saves = {kind: tok.saves(state, land, kind) for kind in pcs.INVADERS}
    inv.counterattack(state, here, strike, None, saves)  # towns and cities only
    for taken, marks in explorers:
        pcs.put(here, "explorer", taken, marks)
    report["counterattack"] = report.get("counterattack", 0) + strike


# --- wrappers --------------------------------------------------------------------------------------


@_chain("target_land")
def target_land(previous, state, step, ctx, answer):
    """Unlock's thresholds met make a `more_range` unconditional; Sky Stretches' coastal
    reach adds coastal lands further away. A land only that reach finds is set here."""
    if ctx.get("seat") is not None and fx.presence_key(state, ctx["seat"]) in _settled_keys(state):
        step = {**step, "mists_done": True}  # Settle: Shroud's Mists Shift moves no presence
    more = step.get("more_range")
    if more and _thresholds_met(state, ctx):
        step = {**step, "more_range": {**more, "cond": _without_elements(more["cond"])}}
    coastal = _coastal_reach(state, step, ctx)
    base = fx.wrapped_options(previous, state, step, ctx) if coastal else []
    frozen = srb.stasis_lands(state)
    extra = [n for n in coastal if n not in base and n not in frozen
             and ("has_any" not in step or srb._has_any(state, n, step["has_any"], ctx))]
    if not extra:
        return previous(state, step, ctx, answer)
    options = base + extra
    land = fx.ask_or_take(fx.chooser(ctx), "target_land", options, answer)
    if isinstance(land, fx.Ask):
        return land
    if land in base:
        return previous(state, step, ctx, land)
    fx.set_ctx(state, ctx, land=land)
    return None


@_chain("if")
def if_verb(previous, state, step, ctx, answer):
    """A card played through Unlock the Gates meets its element thresholds."""
    if _thresholds_met(state, ctx):
        step = {**step, "cond": _without_elements(step["cond"])}
    return previous(state, step, ctx, answer)


# Settle: the verbs of powers that count or test lands see settled presence as beasts.
for _name in ("target_land", "if", "per", "per_a", "per_kinds", "if_beasts", "choose_land",
              "each_land", "adjacent_land", "if_more"):
    if _name in fx.VERBS:
        _chain(_name)(_as_beasts(_name, fx.VERBS[_name]))

# Settle: the verbs that move presence (push/gather only when they move beasts: Many Minds'
# sacred sites and Sharp Fangs' presence go with them; an event's move when it moves
# presence).
for _name in ("push_presence", "gather_presence", "move_presence", "carry_presence",
              "gather_presence_each", "gather_other_presence", "follow_dahan", "push", "gather",
              "event_move"):
    if _name in fx.VERBS:
        _chain(_name)(_frozen(fx.VERBS[_name]))
