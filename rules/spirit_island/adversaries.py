"""The seven adversaries, levels 0-6, alone or two combined (seed L813-846): fear deck
counts, invader deck changes, setup changes, escalation, level rules and loss conditions.

The numbers and the setup/deck changes are data (`data/adversaries.json`); the level rules
are hook handlers below, active while their rule id (`"<key>:<level>"`, `"<key>:loss"`,
`"<key>:escalation"`, and `"<key>:escalation3"` for a supporting adversary) is in
`state["rules"]`. `state["adversary"]` holds the names and levels and the rules' own
counters (France's town pool and blight panel, Russia's beasts panel, Habsburg's
irreparable damage, England's High Immigration slot is `state["track"]["high_immigration"]`).

Choices the players make in adversary rules are asked where an effect runs them
(escalations in the effect language); in the Python handlers ties go to the lowest-numbered
land, and that is said where it happens.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules.core import Rng
from rules.spirit_island import effects as fx
from rules.spirit_island import fear, fear_verbs, hooks
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island.boards import SETUP

_DATA = json.loads((Path(__file__).parent / "data" / "adversaries.json").read_text("utf-8"))
ADVERSARIES: dict[str, dict] = _DATA["adversaries"]
LIST = [
    {"name": name, "ko": adv["ko"], "key": adv["key"],
     "levels": [{"level": lv["level"], "name": lv["name"], "difficulty": lv["difficulty"]}
                for lv in adv["levels"]]}
    for name, adv in ADVERSARIES.items()
]
BASE_FEAR = 3  # cards per Terror Level without an adversary
TC = ("town", "city")


def lookup(name: str) -> str:
    """The table's name for an adversary from its name, key or full name (any case)."""
    want = name.strip().lower()
    for key, adv in ADVERSARIES.items():
        if want in (key.lower(), adv["key"], adv["full_name"].lower()):
            return key
    raise ValueError(f"no adversary {name!r}")


def levels(name: str, level: int) -> list[dict]:
    """The level rows in force at `level` (levels are cumulative)."""
    if not 0 <= level <= 6:
        raise ValueError(f"adversary level {level} is not 0-6")
    return ADVERSARIES[lookup(name)]["levels"][: level + 1]


def fear_counts(name: str, level: int, supporting: tuple[str, int] | None = None) -> list[int]:
    """Cards per Terror Level; combined: 3 plus each adversary's difference from 3."""
    own = [levels(name, level)[-1]["fear"]]
    if supporting:
        own.append(levels(*supporting)[-1]["fear"])
    return [BASE_FEAR + sum(f[i] - BASE_FEAR for f in own) for i in range(3)]


def difficulty(name: str, level: int, supporting: tuple[str, int] | None = None) -> float:
    """A level's difficulty; combined: the higher plus 50-70% of the lower (seed L838),
    given as the middle, 60%."""
    own = levels(name, level)[-1]["difficulty"]
    if not supporting:
        return own
    other = levels(*supporting)[-1]["difficulty"]
    return max(own, other) + 0.6 * min(own, other)


def _adversaries(state: dict) -> list[tuple[str, int, bool]]:
    """(name, level, leading) for the supporting adversary first, then the leading one."""
    adv = state.get("adversary") or {}
    out = []
    if adv.get("supporting"):
        out.append((adv["supporting"]["name"], adv["supporting"]["level"], False))
    if adv.get("name"):
        out.append((adv["name"], adv["level"], True))
    return out


def _level(state: dict, key: str) -> int:
    return max((lv for name, lv, _ in _adversaries(state) if ADVERSARIES[name]["key"] == key),
               default=-1)


def _param(state: dict, key: str, level: int, param: str):
    name = next(n for n, _, _ in _adversaries(state) if ADVERSARIES[n]["key"] == key)
    return ADVERSARIES[name]["levels"][level]["params"][param]


def _players(state: dict) -> int:
    return len(state.get("seats") or state["boards"])


# --- setup ------------------------------------------------------------------------------------


def setup(state: dict, name: str, level: int, supporting: tuple[str, int] | None = None) -> None:
    """Everything an adversary (and a supporting one) changes before the initial explore."""
    lead = lookup(name)
    support = (lookup(supporting[0]), supporting[1]) if supporting else None
    if support and support[0] == lead:
        raise ValueError("two different adversaries are combined")
    levels(lead, level)
    state["adversary"] = {"name": lead, "level": level,
                          "supporting": {"name": support[0], "level": support[1]} if support
                          else None}
    rules = state.setdefault("rules", [])
    for adv_name, adv_level, leading in _adversaries(state):
        adv = ADVERSARIES[adv_name]
        ids = [lv["rule"] for lv in levels(adv_name, adv_level) if "rule" in lv]
        ids.append(f"{adv['key']}:escalation" if leading else f"{adv['key']}:escalation3")
        if "loss" in adv:
            ids.append(f"{adv['key']}:loss")
        rules += [i for i in ids if i not in rules]
    deck = inv.deck(state)
    for adv_name, adv_level, _ in _adversaries(state):
        for row in levels(adv_name, adv_level):
            for op in row.get("deck", []):
                DECK_OPS[op["op"]](deck, op)
    last = []
    for adv_name, adv_level, _ in _adversaries(state):
        for row in levels(adv_name, adv_level):
            for op in row.get("setup", []):
                if op.get("op") == "royal_backing":
                    last.append(op)
                else:
                    _setup_op(state, op, ADVERSARIES[adv_name]["key"])
    counts = fear_counts(lead, level, support)
    extra = sum(row.get("fear_pool_per_player", 0) for n, lv, _ in _adversaries(state)
                for row in levels(n, lv))
    state["fear_counts"] = counts
    fear.new_fear(state, _players(state), counts, extra)
    for n, lv, _ in _adversaries(state):
        for row in levels(n, lv):
            for op in row.get("setup", []):
                if op.get("op") == "entrench":
                    _entrench(state, op)
    for _ in last:
        _royal_backing(state)
    if "france:loss" in rules:
        _town_pool(state)


def _board_lands(state: dict, board: str) -> list[str]:
    return [n for n in isl.land_names(tuple(state["boards"])) if n[0] == board]


def _num(name: str) -> int:
    return int(name[1:])


def _setup_land(state: dict, board: str, where) -> str | None:
    lands = _board_lands(state, board)
    if isinstance(where, int):
        return f"{board}{where}"
    if "highest_without" in where:
        ok = [n for n in lands if not any(pcs.count(state["lands"][n], k)
                                          for k in where["highest_without"])]
    else:  # highest_unprinted: no setup symbols printed on the board
        ok = [n for n in lands if not any(SETUP[board].get(_num(n), ()))]
    return max(ok, key=_num) if ok else None


def _put(state: dict, name: str, kind: str, n: int = 1) -> None:
    """Setup pieces come from the box (blight too, errata B12)."""
    pcs.add(state["lands"][name], kind, n)


def _setup_op(state: dict, op: dict, owner: str) -> None:
    special = op.get("op")
    if special:
        SETUP_OPS[special](state, op)
        return
    boards = tuple(state["boards"])
    for board in state["boards"]:
        name = _setup_land(state, board, op["land"])
        if name is None:
            continue
        if op.get("blight_to") and state["lands"][name]["blight"]:
            moved = state["lands"][name]["blight"]
            state["lands"][name]["blight"] = 0
            state["lands"][f"{board}{op['blight_to']}"]["blight"] += moved
        for kind, n in op["add"].items():
            where = name
            if kind == "city" and owner != "scotland" and _scotland_moves_city(state, name):
                where = next(a for a in isl.adjacent(boards, name)
                             if not isl.is_coastal(boards, a))
            _put(state, where, kind, n)


def _scotland_moves_city(state: dict, name: str) -> bool:
    """Combined with Scotland, the other adversary's setup cities on a coastal land other
    than #2 go to an adjacent inland land instead (seed L840-842 prints #3; the English
    sources and Scotland's own land #2 city say #2)."""
    keys = [ADVERSARIES[n]["key"] for n, _, _ in _adversaries(state)]
    return ("scotland" in keys and isl.is_coastal(tuple(state["boards"]), name)
            and _num(name) != 2)


def _town_pool(state: dict) -> None:
    """France: 7 towns per player in the box for the invaders; combined with France level
    2+, players x the other adversary's level more (seed L844-846)."""
    adv = state["adversary"]
    per = _param_loss(state, "france", "towns_per_player")
    pool = per * _players(state)
    if _level(state, "france") >= 2:
        pool += sum(_players(state) * lv for n, lv, _ in _adversaries(state)
                    if ADVERSARIES[n]["key"] != "france")
    adv["town_pool"] = pool


def _param_loss(state: dict, key: str, param: str):
    name = next(n for n, _, _ in _adversaries(state) if ADVERSARIES[n]["key"] == key)
    return ADVERSARIES[name]["loss"]["params"][param]


def _royal_backing(state: dict) -> None:
    """Sweden 4, after all other setup: discard the top invader card; on each board, 1 town
    in the land of its terrain with the fewest invaders (ties: lowest-numbered)."""
    deck = inv.deck(state)
    if not deck:
        return
    card = deck.pop(0)
    state["track"]["discard"].append(card)
    boards = tuple(state["boards"])
    for board in state["boards"]:
        lands = [n for n in _board_lands(state, board) if inv.matches(boards, card, n)]
        if lands:
            best = min(lands, key=lambda n: (pcs.invader_count(state["lands"][n]), _num(n)))
            _put(state, best, "town")


def _event_under(state: dict, op: dict) -> None:
    """France 2: Slave Rebellion goes under the top 3 event cards (done at the first Invader
    phase, before any event is drawn, since the event deck is dealt after the adversary)."""
    state["adversary"].setdefault("event_inserts", []).append([op["event"], op["under"]])


def _reminder(state: dict, op: dict) -> None:
    """Habsburg 5: the reminder card under the top 5 invader cards. Reminder cards are not
    invader cards (seed L388): we keep how many cards lie under it instead."""
    state["adversary"]["reminder_left"] = max(0, len(inv.deck(state)) - op["under"])


def _entrench(state: dict, op: dict) -> None:
    """Russia 5: an unused Stage II card under the top 3 fear cards, an unused Stage III
    card under the top 7 (fear.py puts them in the Build space when exposed)."""
    deck = inv.deck(state)
    rng = Rng(state["rng"])
    for stage, under in op["cards"]:
        unused = [c for c in inv.STAGE_CARDS[stage] if c not in deck]
        if unused:
            fear.insert_under(state, f"{fear.INVADER_CARD}{rng.choice(unused)}", under)
    state["rng"] = rng.state


SETUP_OPS = {"event_under": _event_under, "reminder": _reminder,
             "entrench": lambda state, op: None}  # entrench needs the fear deck: done later


# --- invader deck changes ----------------------------------------------------------------------
# Unclear which card: remove the topmost, move the bottommost (seed L826).


def _stage_at(deck: list[str], stage: int) -> list[int]:
    return [i for i, c in enumerate(deck) if inv.stage(c) == stage]


def _remove(deck: list[str], op: dict) -> None:
    at = _stage_at(deck, op["stage"])
    for i in reversed(at if op.get("n") == "all" else at[: op.get("n", 1)]):
        deck.pop(i)


def _move_below(deck: list[str], op: dict) -> None:
    """The bottom card of a stage directly below the bottom card of another."""
    moving = _stage_at(deck, op["stage"])
    if not moving:
        return
    card = deck.pop(moving[-1])
    below = _stage_at(deck, op["below_stage"])
    deck.insert(below[-1] + 1 if below else 0, card)


def _after_each(deck: list[str], op: dict) -> None:
    """Russia 4: a card of `stage` directly after each card of `after` (the bottommost
    card of that stage not yet placed)."""
    placed: list[str] = []
    for card in [c for c in deck if inv.stage(c) == op["after"]]:
        at = deck.index(card)
        free = [i for i in _stage_at(deck, op["stage"]) if deck[i] not in placed and i > at]
        if not free:
            return
        moving = deck.pop(free[-1])
        deck.insert(deck.index(card) + 1, moving)
        placed.append(moving)


def _coastal_third(deck: list[str], op: dict) -> None:
    """Scotland 2: the coastal card is the 3rd Stage II card and the two Stage II cards
    above it move up past the last Stage I card: 11-22-1-C2-33333."""
    coastal = "2:coastal"
    if coastal in deck:
        deck.remove(coastal)
    else:  # it was the card left out: leave out another Stage II card instead
        at = _stage_at(deck, 2)
        if at:
            deck.pop(at[0])
    seconds = _stage_at(deck, 2)
    if len(seconds) < 2:
        deck.insert(seconds[-1] + 1 if seconds else len(deck), coastal)
        return
    deck.insert(seconds[1] + 1, coastal)
    firsts = [i for i in _stage_at(deck, 1) if i < seconds[0]]
    if firsts:
        card = deck.pop(firsts[-1])
        deck.insert(deck.index(coastal), card)


def _replace_bottom(deck: list[str], op: dict) -> None:
    """Scotland 4: the bottom card of `with_stage` takes the place of the bottom `stage`
    card, which leaves the deck."""
    olds, news = _stage_at(deck, op["stage"]), _stage_at(deck, op["with_stage"])
    if not olds or not news:
        return
    card = deck.pop(news[-1])
    deck[olds[-1]] = card


DECK_OPS = {"remove": _remove, "move_below": _move_below, "after_each": _after_each,
            "coastal_third": _coastal_third, "replace_bottom": _replace_bottom}


def deck_pattern(deck: list[str], coastal: bool = False) -> str:
    """A deck as the rulebook writes it, e.g. '111-2222-33333'; with `coastal`, the
    coastal card is 'C' and starts a group ('11-22-1-C2-33333', Scotland)."""
    out, last = "", None
    for card in deck:
        mark = "C" if coastal and card == "2:coastal" else card[0]
        if last is not None and (mark == "C" or mark != last):
            out += "-"
        out += mark
        last = "2" if mark == "C" else mark
    return out


# --- escalation -------------------------------------------------------------------------------


def _escalation_effect(state: dict, name: str, card: str, rng: Rng) -> list[dict]:
    """The escalation's effect, with a terrain the card shows for `$terrain` (a Stage III
    card for a supporting adversary: one of its two at random, seed L822)."""
    terrains = card.split(":")[1].split("+")
    terrain = terrains[0] if len(terrains) == 1 else rng.choice(terrains)
    text = json.dumps(ADVERSARIES[name]["escalation"]["effect"]).replace("$terrain", terrain)
    return json.loads(text)


def escalate(state: dict, name: str, card: str) -> None:
    """Perform an adversary's escalation for a card. Effects are queued behind the explore
    step (turn.py runs the queue after it), so the players choose where they add pieces;
    Sweden's and Scotland's run in Python."""
    esc = ADVERSARIES[name]["escalation"]
    if "handler" in esc:
        ESCALATIONS[esc["handler"]](state, card)
        return
    rng = Rng(state["rng"])
    effect = _escalation_effect(state, name, card, rng)
    state["rng"] = rng.state
    fx.append(state, effect, {"seat": None, "source": esc["name"]})


def _swayed(state: dict, card: str) -> None:
    """Sweden: after this phase's explore, in each land explored into with at least as many
    invaders as dahan, 1 dahan becomes 1 town (the `after_explore` handler does it)."""
    state["adversary"]["swayed"] = True


def _ports_sprawl(state: dict, card: str) -> None:
    """Scotland: on the board with the most coastal towns/cities (ties: the first board),
    1 town in each of N lands with the fewest towns (N = players; ties: lowest-numbered)."""
    boards = tuple(state["boards"])

    def coastal_tc(board: str) -> int:
        return sum(pcs.count(state["lands"][n], k) for n in _board_lands(state, board)
                   if isl.is_coastal(boards, n) for k in TC)

    board = max(state["boards"], key=coastal_tc)
    lands = sorted(_board_lands(state, board),
                   key=lambda n: (pcs.count(state["lands"][n], "town"), _num(n)))
    for name in lands[: _players(state)]:
        pcs.add(state["lands"][name], "town")


ESCALATIONS = {"swayed_by_the_invaders": _swayed, "ports_sprawl_outward": _ports_sprawl}


def _on_escalation(key: str):
    def handler(state: dict, card: str, **kw) -> None:
        escalate(state, _name(key), card)

    return handler


def _on_stage_three(key: str):
    def handler(state: dict, card: str, **kw) -> None:
        if inv.stage(card) == 3:
            escalate(state, _name(key), card)

    return handler


def _name(key: str) -> str:
    return next(n for n, adv in ADVERSARIES.items() if adv["key"] == key)


for _adv in ADVERSARIES.values():
    hooks.on("escalation", f"{_adv['key']}:escalation")(_on_escalation(_adv["key"]))
    hooks.on("explore_card", f"{_adv['key']}:escalation3")(_on_stage_three(_adv["key"]))


@fx.verb("invader_build")
def _invader_build(state, step, ctx, answer):
    """A Build action in ctx.land (England's escalation), with every rule a build has."""
    inv.build_in(state, ctx["land"])
    return None


@fx.verb("if_land")
def _if_land(state, step, ctx, answer):
    """`then` if ctx.land matches `where` (the fear filter keys too), else `else`."""
    ok = fear_verbs.land_ok(state, ctx["land"], step["where"], ctx)
    return fx.frames(step["then"] if ok else step.get("else", []), ctx)


# --- level rules ------------------------------------------------------------------------------


def _land(state: dict, name: str) -> dict:
    return state["lands"][name]


def _tc(land: dict) -> int:
    return len(land["town"]) + len(land["city"])


def _adjacent(state: dict, name: str) -> tuple[str, ...]:
    return isl.adjacent(tuple(state["boards"]), name)


def _in_play(state: dict) -> bool:
    return state.get("phase") != "setup"


# England


@hooks.on("build_lands", "england:1")
def _indentured_servants(state: dict, card: str, **kw) -> list[str]:
    """Build cards also hit matching lands without invaders next to 2+ towns/cities,
    all decided before the build (seed L1049)."""
    return [n for n in inv.matching_lands(state, card)
            if not pcs.invader_count(_land(state, n))
            and sum(_tc(_land(state, a)) for a in _adjacent(state, n)) >= 2]


@hooks.on("invader_phase", "england:3")
def _high_immigration_slide(state: dict, **kw) -> None:
    """The card that ravaged last turn slides into the High Immigration slot (the one there
    goes to the discard); at level 3 the slot goes away when a Stage II card reaches it."""
    track = state["track"]
    adv = state["adversary"]
    slot = track.setdefault("high_immigration", [])
    seen = adv.get("discard_seen", 0)
    arrived = track["discard"][seen:]
    if adv.get("hi_closed"):
        adv["discard_seen"] = len(track["discard"])
        return
    track["discard"][seen:] = slot
    slot[:] = arrived
    if _level(state, "england") < 4 and any(inv.stage(c) >= 2 for c in slot):
        track["discard"] += slot
        slot.clear()
        adv["hi_closed"] = True
    adv["discard_seen"] = len(track["discard"])


@hooks.on("ravage_step", "england:3")
def _high_immigration_build(state: dict, **kw) -> None:
    """Before the Ravage step the invaders build with the card in the slot; at level 6,
    twice in a phase in which no fear card was resolved."""
    times = 1
    if _level(state, "england") >= 6 and state.get("fear", {}).get("resolved_turn") != state.get(
            "turn"):
        times = 2
    for _ in range(times):
        for card in state["track"].get("high_immigration", []):
            inv.build(state, card)


@hooks.on("health", "england:5")
def _local_autonomy(state: dict, land: str, kind: str, **kw) -> int | None:
    return _param(state, "england", 5, "health").get(kind)


@hooks.on("loss", "england:loss")
def _proud_capital(state: dict, **kw) -> str | None:
    limit = _param_loss(state, "england", "pieces")
    return "england" if any(_tc(land) >= limit for land in state["lands"].values()) else None


# Sweden


@hooks.on("after_explore", "sweden:escalation")
@hooks.on("after_explore", "sweden:escalation3")
def _swayed_after(state: dict, lands: list[str], **kw) -> None:
    if not state["adversary"].pop("swayed", False):
        return
    for name in lands:
        land = _land(state, name)
        if land["dahan"] and pcs.invader_count(land) >= len(land["dahan"]):
            pcs.take(land, "dahan")
            pcs.add(land, "town")


@hooks.on("after_ravage", "sweden:1")
def _heavy_mining(state: dict, land: str, report: dict, **kw) -> None:
    """6+ damage to the land: 1 more blight there (no presence lost, no cascade)."""
    if report["damage"] >= _param(state, "sweden", 1, "damage_at_least"):
        pcs.take_blight(state)
        _land(state, land)["blight"] += 1
        report["heavy_mining"] = True


@hooks.on("ravage_attack", "sweden:3")
def _fine_steel(state: dict, land: str, kind: str, attack: int, **kw) -> int | None:
    return _param(state, "sweden", 3, "attack").get(kind)


@hooks.on("after_ravage", "sweden:5")
def _mining_rush(state: dict, land: str, report: dict, **kw) -> None:
    """Ravage added blight: 1 town in an adjacent land without town/city (players' pick;
    here the lowest-numbered)."""
    if report.get("blight") and report["blight"][0] == land:
        free = [n for n in _adjacent(state, land) if not _tc(_land(state, n))]
        if free:
            pcs.add(_land(state, min(free, key=_num)), "town")


# France


@hooks.on("loss", "france:loss")
def _sprawling_plantations(state: dict, **kw) -> str | None:
    """More towns on the island than the pool held: a town could not be placed."""
    towns = sum(len(land["town"]) for land in state["lands"].values())
    return "france" if towns > state["adversary"].get("town_pool", towns) else None


@hooks.on("after_explore", "france:1")
def _frontier_explorers(state: dict, lands: list[str], **kw) -> None:
    if not _in_play(state):
        return
    for name in lands:
        if not _tc(_land(state, name)):
            pcs.add(_land(state, name), "explorer")


@hooks.on("invader_phase", "france:2")
def _slave_rebellion_setup(state: dict, **kw) -> None:
    deck = state.get("secret", {}).get("event_deck")
    inserts = state["adversary"].get("event_inserts")
    if deck is None or not inserts:
        return
    for event, under in inserts:
        deck.insert(min(under, len(deck)), event)
    state["adversary"]["event_inserts"] = []


@hooks.on("after_build", "france:2")
def _slave_labor(state: dict, built: dict, **kw) -> None:
    """After a build in a land with 2+ explorers, all but 1 of them become towns."""
    for name in built:
        land = _land(state, name)
        while len(land["explorer"]) >= 2:
            pcs.take(land, "explorer")
            pcs.add(land, "town")


@hooks.on("after_build", "france:4")
def _triangle_trade(state: dict, built: dict, **kw) -> None:
    """A coastal city built: 1 town in the adjacent land with the fewest towns (ties:
    lowest-numbered)."""
    boards = tuple(state["boards"])
    for name, piece in built.items():
        if piece == "city" and isl.is_coastal(boards, name):
            near = _adjacent(state, name)
            best = min(near, key=lambda n: (len(_land(state, n)["town"]), _num(n)))
            pcs.add(_land(state, best), "town")


@hooks.on("blight_returned", "france:5")
def _slow_healing(state: dict, land: str, n: int = 1, **kw) -> bool:
    """Blight removed goes on the panel, not the card; at 3 per player it all goes back."""
    adv = state["adversary"]
    adv["panel_blight"] = adv.get("panel_blight", 0) + n
    if adv["panel_blight"] >= _param(state, "france", 5, "panel_per_player") * _players(state):
        state["blight_card"]["pool"] += adv["panel_blight"]
        adv["panel_blight"] = 0
    return False


def _push_not_remove(step: dict) -> dict:
    """France 6: a fear card's `remove` of explorers becomes an optional push of them (the
    other kinds it names may still be removed, by choice); `remove_health` spares them."""
    step = dict(step)
    for key in ("then", "else", "options"):
        if key in step:
            step[key] = ([[_push_not_remove(s) for s in o] for o in step[key]]
                         if key == "options" else [_push_not_remove(s) for s in step[key]])
    if "step" in step:
        step["step"] = _push_not_remove(step["step"])
    kinds = [k for kind in step.get("kinds", pcs.INVADERS)
             for k in (pcs.INVADERS if kind == "invader" else (kind,))]
    if step["do"] == "remove_health":
        return {**step, "kinds": [k for k in kinds if k != "explorer"]}
    if step["do"] != "remove" or "explorer" not in kinds:
        return step
    push = {"do": "push", "n": step.get("n", 1), "kinds": ["explorer"], "up_to": True}
    rest = [k for k in kinds if k != "explorer"]
    return {"do": "choose", "options": [[{**step, "kinds": rest}], [push]]} if rest else push


@hooks.on("fear_effect", "france:6")
def _persistent_fear(state: dict, card: str, effect: list[dict], **kw) -> list[dict]:
    return [_push_not_remove(step) for step in effect]


@hooks.on("after_explore", "france:6")
def _persistent_explorers(state: dict, lands: list[str], **kw) -> None:
    """After an explore card: on each board 1 explorer in a land without any (players'
    pick; here the lowest-numbered)."""
    if not _in_play(state):
        return
    for board in state["boards"]:
        free = [n for n in _board_lands(state, board) if not _land(state, n)["explorer"]]
        if free:
            pcs.add(_land(state, free[0]), "explorer")


# Habsburg


@hooks.on("after_ravage", "habsburg:loss")
def _irreparable_count(state: dict, land: str, report: dict, **kw) -> None:
    if report["damage"] >= _param_loss(state, "habsburg", "damage_at_least"):
        adv = state["adversary"]
        adv["irreparable"] = adv.get("irreparable", 0) + len(report.get("blight", []))


@hooks.on("loss", "habsburg:loss")
def _irreparable_damage(state: dict, **kw) -> str | None:
    return "habsburg" if state["adversary"].get("irreparable", 0) > _players(state) else None


@hooks.on("after_build", "habsburg:1")
def _migratory_herders(state: dict, built: dict, **kw) -> None:
    """Once, after the normal Build step: each land matching a build card gathers 1 town
    from an adjacent land matching none (board/land order)."""
    cards = state["track"]["build"]
    if not cards or state["adversary"].get("herded") == state.get("turn"):
        return
    state["adversary"]["herded"] = state.get("turn")
    boards = tuple(state["boards"])

    def matched(n: str) -> bool:
        return any(inv.matches(boards, c, n) for c in cards)

    for name in [n for n in isl.land_names(boards) if matched(n)]:
        source = next((a for a in _adjacent(state, name)
                       if not matched(a) and _land(state, a)["town"]), None)
        if source:
            pcs.put(_land(state, name), "town", *pcs.take(_land(state, source), "town"))


@hooks.on("build_land", "habsburg:2")
def _rural_build(state: dict, land: str, piece: str, **kw) -> str | None:
    """A city built in an inland land is 2 towns instead (the second in `after_build`)."""
    if piece == "city" and not isl.is_coastal(tuple(state["boards"]), land):
        state["adversary"].setdefault("second_town", []).append(land)
        return "town"
    return None


@hooks.on("after_build", "habsburg:2")
def _rural_second_town(state: dict, built: dict, **kw) -> None:
    for name in state["adversary"].pop("second_town", []):
        if built.get(name) == "town":
            pcs.add(_land(state, name), "town")


@hooks.on("health", "habsburg:4")
def _durable_towns(state: dict, land: str, kind: str, **kw) -> int | None:
    if kind == "town" and not _land(state, land)["blight"]:
        return _param(state, "habsburg", 4, "health")["town"]
    return None


@hooks.on("explore_card", "habsburg:5")
def _wave_of_immigration(state: dict, card: str, **kw) -> None:
    """The reminder card comes up when the cards above it are gone: on each board 1 city in
    a coastal land without one and 1 town in each of the 3 inland lands with the fewest
    blight (ties: lowest-numbered)."""
    adv = state["adversary"]
    left = adv.get("reminder_left")
    if left is None or len(inv.deck(state)) >= left:
        return
    adv["reminder_left"] = None
    boards = tuple(state["boards"])
    for board in state["boards"]:
        lands = _board_lands(state, board)
        coastal = [n for n in lands if isl.is_coastal(boards, n) and not _land(state, n)["city"]]
        if coastal:
            pcs.add(_land(state, coastal[0]), "city")
        inland = sorted((n for n in lands if not isl.is_coastal(boards, n)),
                        key=lambda n: (_land(state, n)["blight"], _num(n)))
        for name in inland[:3]:
            pcs.add(_land(state, name), "town")


@hooks.on("ravage_damage", "habsburg:6")
def _far_flung_herds(state: dict, land: str, damage: int, **kw) -> int | None:
    if any(_land(state, n)["town"] for n in _adjacent(state, land)):
        return damage + _param(state, "habsburg", 6, "bonus")
    return None


# Russia


@hooks.on("loss", "russia:loss")
def _hunters_swarm(state: dict, **kw) -> str | None:
    panel = state["adversary"].get("beasts_panel", 0)
    island = sum(land.get("beasts", 0) for land in state["lands"].values())
    return "russia" if panel > island else None


@hooks.on("ravage_attack", "russia:1")
def _explorers_hunt(state: dict, land: str, kind: str, attack: int, **kw) -> int | None:
    return _param(state, "russia", 1, "attack").get(kind)


@hooks.on("after_ravage", "russia:1")
def _shell_and_hide(state: dict, land: str, report: dict, **kw) -> None:
    """Each land the ravage blighted (cascades too) loses 1 beasts, onto the panel."""
    for name in report.get("blight", []):
        row = _land(state, name)
        if row.get("beasts"):
            row["beasts"] -= 1
            adv = state["adversary"]
            adv["beasts_panel"] = adv.get("beasts_panel", 0) + 1


@hooks.on("ravage_lands", "russia:3")
def _competition_among_hunters(state: dict, card: str, **kw) -> list[str]:
    boards = tuple(state["boards"])
    need = _param(state, "russia", 3, "explorers")
    return [n for n in isl.land_names(boards)
            if len(_land(state, n)["explorer"]) >= need and not inv.matches(boards, card, n)]


@hooks.on("ravage_step", "russia:6")
def _count_blight_start(state: dict, **kw) -> None:
    state["adversary"]["blighted_boards"] = []


@hooks.on("after_ravage", "russia:6")
def _count_blight(state: dict, land: str, report: dict, **kw) -> None:
    boards = state["adversary"].setdefault("blighted_boards", [])
    boards += [n[0] for n in report.get("blight", []) if n[0] not in boards]


@hooks.on("after_ravage_step", "russia:6")
def _fast_profit(state: dict, **kw) -> None:
    """Turn 2+: on each board where the ravage added no blight, 1 explorer and 1 town in
    the land with the most explorers (at least 1; ties: lowest-numbered)."""
    if state.get("turn", 0) < 2:
        return
    blighted = state["adversary"].get("blighted_boards", [])
    for board in state["boards"]:
        if board in blighted:
            continue
        lands = [n for n in _board_lands(state, board) if _land(state, n)["explorer"]]
        if lands:
            best = max(lands, key=lambda n: (len(_land(state, n)["explorer"]), -_num(n)))
            pcs.add(_land(state, best), "explorer")
            pcs.add(_land(state, best), "town")


# Scotland


@hooks.on("loss", "scotland:loss")
def _trade_hub(state: dict, **kw) -> str | None:
    boards = tuple(state["boards"])
    ports = sum(1 for n, land in state["lands"].items()
                if land["city"] and isl.is_coastal(boards, n))
    limit = _param_loss(state, "scotland", "cities_per_board") * len(boards)
    return "scotland" if ports > limit else None


@hooks.on("explore_card", "scotland:1")
def _note_card(state: dict, card: str, **kw) -> None:
    state["adversary"]["exploring"] = card


@hooks.on("after_explore", "scotland:1")
def _trading_port(state: dict, lands: list[str], **kw) -> None:
    """After setup, an explore into a coastal land brings a town instead of an explorer;
    the coastal card does so in at most 2 lands per board."""
    if not _in_play(state):
        return
    boards = tuple(state["boards"])
    per_board: dict[str, int] = {}
    coastal_card = state["adversary"].pop("exploring", None) == "2:coastal"
    for name in lands:
        if not isl.is_coastal(boards, name) or not _land(state, name)["explorer"]:
            continue
        per_board[name[0]] = per_board.get(name[0], 0) + 1
        if coastal_card and per_board[name[0]] > 2:
            continue
        land = _land(state, name)
        pcs.take(land, "explorer")
        pcs.add(land, "town")


@hooks.on("build_lands", "scotland:3")
def _chart_the_coastline(state: dict, card: str, **kw) -> list[str]:
    boards = tuple(state["boards"])
    return [n for n in inv.matching_lands(state, card)
            if isl.is_coastal(boards, n) and not pcs.invader_count(_land(state, n))
            and any(_land(state, a)["city"] for a in _adjacent(state, n))]


@hooks.on("after_ravage", "scotland:5")
def _runoff(state: dict, land: str, report: dict, **kw) -> None:
    """Ravage blighted a coastal land: 1 blight (from the card) in its board's Ocean, which
    does not cascade."""
    if report.get("blight") and isl.is_coastal(tuple(state["boards"]), land):
        pcs.take_blight(state)
        oceans = state["adversary"].setdefault("ocean_blight", {})
        oceans[land[0]] = oceans.get(land[0], 0) + 1


@hooks.on("after_ravage_step", "scotland:6")
def _exports_inward(state: dict, **kw) -> None:
    """1 town in each inland land matching a ravage card with a town/city in or next to it."""
    boards = tuple(state["boards"])
    for name in isl.land_names(boards):
        if isl.is_coastal(boards, name):
            continue
        if not any(inv.matches(boards, c, name) for c in state["track"]["ravage"]):
            continue
        if any(_tc(_land(state, n)) for n in (name, *_adjacent(state, name))):
            pcs.add(_land(state, name), "town")
