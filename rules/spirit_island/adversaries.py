"""The seven adversaries, levels 0-6, alone or two combined (seed L813-846): fear deck
counts, invader deck changes, setup changes, escalation, level rules and loss conditions.

The numbers and the setup/deck changes are data (`data/adversaries.json`); escalations are
effects run below, level rules and losses hook handlers in adversary_rules.py. Each is
active while its rule id (`"<key>:<level>"`, `"<key>:loss"`, `"<key>:escalation"`, and
`"<key>:escalation3"` for a supporting adversary) is in `state["rules"]`.
`state["adversary"]` holds the names and levels and the rules' own counters (France's town
pool and blight panel, Russia's beasts panel, Habsburg's irreparable damage); England's
High Immigration slot is `state["track"]["high_immigration"]`.

Choices the players make in adversary rules are asked: escalations are effects, and the
Python handlers queue an effect step where the players choose (ties among lands, where a
piece goes), right after the step in which the rule fired (`invaders.queue_next`).
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
    return [max(0, BASE_FEAR + sum(f[i] - BASE_FEAR for f in own)) for i in range(3)]


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


def level_of(state: dict, key: str) -> int:
    return max((lv for name, lv, _ in _adversaries(state) if ADVERSARIES[name]["key"] == key),
               default=-1)


def param(state: dict, key: str, level: int, param: str):
    name = next(n for n, _, _ in _adversaries(state) if ADVERSARIES[n]["key"] == key)
    return ADVERSARIES[name]["levels"][level]["params"][param]


def players(state: dict) -> int:
    return len(state.get("seats") or state["boards"])


# --- setup ------------------------------------------------------------------------------------


def setup(state: dict, name: str, level: int, supporting: tuple[str, int] | None = None) -> None:
    """Everything an adversary (and a supporting one) changes before the initial explore.

    `name` may name the supporting adversary too, "England+Russia:2" (Russia level 2
    supporting), so a command line with one adversary option can play a combined game."""
    if "+" in name and supporting is None:
        name, other = name.split("+", 1)
        other_name, _, other_level = other.partition(":")
        supporting = (other_name, int(other_level or 0))
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
    fear.new_fear(state, players(state), counts, extra)
    state["fear_counts"] = state["fear"]["counts"]
    for n, lv, _ in _adversaries(state):
        for row in levels(n, lv):
            for op in row.get("setup", []):
                if op.get("op") == "entrench":
                    _entrench(state, op)
    for _ in last:
        _royal_backing(state)
    state["adversary"]["discard_seen"] = len(state["track"]["discard"])  # High Immigration
    if "france:loss" in rules:
        _town_pool(state)


def board_lands(state: dict, board: str) -> list[str]:
    return [n for n in isl.land_names(tuple(state["boards"])) if n[0] == board]


def land_number(name: str) -> int:
    return int(name[1:])


def _setup_land(state: dict, board: str, where) -> str | None:
    lands = board_lands(state, board)
    if isinstance(where, int):
        return f"{board}{where}"
    if "highest_without" in where:
        ok = [n for n in lands if not any(pcs.count(state["lands"][n], k)
                                          for k in where["highest_without"])]
    else:  # highest_unprinted: no setup symbols printed on the board
        ok = [n for n in lands if not any(SETUP[board].get(land_number(n), ()))]
    return max(ok, key=land_number) if ok else None


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
            and land_number(name) != 2)


def _town_pool(state: dict) -> None:
    """France: 7 towns per player in the box for the invaders; combined with France level
    2+, players x the other adversary's level more (seed L844-846)."""
    adv = state["adversary"]
    per = loss_param(state, "france", "towns_per_player")
    pool = per * players(state)
    if level_of(state, "france") >= 2:
        pool += sum(players(state) * lv for n, lv, _ in _adversaries(state)
                    if ADVERSARIES[n]["key"] != "france")
    adv["town_pool"] = pool


def loss_param(state: dict, key: str, param: str):
    name = next(n for n, _, _ in _adversaries(state) if ADVERSARIES[n]["key"] == key)
    return ADVERSARIES[name]["loss"]["params"][param]


def _royal_backing(state: dict) -> None:
    """Sweden 4, after all other setup: discard the top invader card; on each board, 1 town
    in the land of its terrain with the fewest invaders (the players pick among ties: queued,
    it runs before the initial explore)."""
    deck = inv.deck(state)
    if not deck:
        return
    card = deck.pop(0)
    state["track"]["discard"].append(card)
    terrains = card.split(":")[1].split("+")
    effect = [{"do": "pick_land", "where": {"board": board, "terrain": terrains,
                                            "fewest": ["invader"]},
               "then": [{"do": "add", "kind": "town"}]} for board in state["boards"]]
    fx.append(state, effect, {"seat": None, "source": "Royal Backing"})


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
    """Perform an adversary's escalation for a card (fired as the card is revealed, before
    it explores). Its effect is queued so the players choose where pieces go: a "before"
    escalation next (right after the step that revealed the card: turn.py queues the explore
    behind it), an "after" one once the explore is done (`_after_explore_escalation`).
    Sweden's runs in Python (a flag the explore reads)."""
    esc = ADVERSARIES[name]["escalation"]
    if "handler" in esc:
        ESCALATIONS[esc["handler"]](state, card)
        return
    rng = Rng(state["rng"])
    effect = _escalation_effect(state, name, card, rng)
    state["rng"] = rng.state
    if esc.get("timing") == "after":
        state["adversary"].setdefault("after_explore", []).append([effect, esc["name"]])
        return
    inv.queue_next(state, effect, {"seat": None, "source": esc["name"]})


def _after_explore_escalation(state: dict, lands: list[str], **kw) -> None:
    for effect, source in state["adversary"].pop("after_explore", []):
        inv.queue_next(state, effect, {"seat": None, "source": source})


def _swayed(state: dict, card: str) -> None:
    """Sweden: after this phase's explore, in each land explored into with at least as many
    invaders as dahan, 1 dahan becomes 1 town (the `after_explore` handler does it)."""
    state["adversary"]["swayed"] = True


def _ports_sprawl(state: dict, card: str) -> None:
    """Scotland: on the board with the most coastal towns/cities (the players pick among
    tied boards), 1 town in each of N lands with the fewest towns (N = players; the players
    pick among tied lands): queued, before the explore."""
    boards = tuple(state["boards"])

    def coastal_tc(board: str) -> int:
        return sum(pcs.count(state["lands"][n], k) for n in board_lands(state, board)
                   if isl.is_coastal(boards, n) for k in TC)

    best = max(coastal_tc(b) for b in state["boards"])
    tied = [b for b in state["boards"] if coastal_tc(b) == best]
    inv.queue_next(state, [{"do": "ports_sprawl", "boards": tied, "n": players(state)}],
                   {"seat": None, "source": "Ports Sprawl Outward"})


@fx.verb("ports_sprawl")
def _ports_sprawl_verb(state, step, ctx, answer):
    """Pick the board among `boards`, then `n` lands on it, fewest towns first (counted
    before any is added); asked only where a tie leaves more lands than picks."""
    if "board" not in step:
        board = fx.ask_or_take(fx.chooser(ctx), "choose_board", step["boards"], answer)
        if isinstance(board, fx.Ask):
            return board
        counts = {n: pcs.count(state["lands"][n], "town") for n in board_lands(state, board)}
        step, answer = {**step, "board": board, "counts": counts, "picked": []}, None
    picked = [*step["picked"], *([answer] if answer is not None else [])]
    while len(picked) < step["n"]:
        left = {n: c for n, c in step["counts"].items() if n not in picked}
        if not left:
            break
        options = [n for n, c in left.items() if c == min(left.values())]
        if len(options) > step["n"] - len(picked):
            fx.remember(state, **{**step, "picked": picked})
            return fx.Ask(fx.chooser(ctx), "choose_land", options)
        picked += options
    for name in picked:
        pcs.add(state["lands"][name], "town")
    return None


ESCALATIONS = {"swayed_by_the_invaders": _swayed, "ports_sprawl_outward": _ports_sprawl}


def _on_escalation(key: str):
    def handler(state: dict, card: str, **kw) -> None:
        escalate(state, _name(key), card)

    return handler


def _on_stage_three(key: str):
    """A supporting adversary escalates on Stage III cards, as they are revealed
    (`invaders.reveal`); while turn.py draws without `reveal`, on `explore_card` instead
    (the mark stops a second escalation for the same card)."""
    def handler(state: dict, card: str, **kw) -> None:
        store = state["adversary"]
        if inv.stage(card) != 3 or store.get("escalated") == [state.get("turn"), card]:
            return
        store["escalated"] = [state.get("turn"), card]
        escalate(state, _name(key), card)

    return handler


def _name(key: str) -> str:
    return next(n for n, adv in ADVERSARIES.items() if adv["key"] == key)


for _adv in ADVERSARIES.values():
    hooks.on("escalation", f"{_adv['key']}:escalation")(_on_escalation(_adv["key"]))
    hooks.on("card_revealed", f"{_adv['key']}:escalation3")(_on_stage_three(_adv["key"]))
    hooks.on("explore_card", f"{_adv['key']}:escalation3")(_on_stage_three(_adv["key"]))
    for _id in (f"{_adv['key']}:escalation", f"{_adv['key']}:escalation3"):
        hooks.on("after_explore", _id)(_after_explore_escalation)


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


# The level rules and loss conditions register their hooks on import (they use the helpers
# above, so they are imported last).
from rules.spirit_island import adversary_rules  # noqa: E402, F401
