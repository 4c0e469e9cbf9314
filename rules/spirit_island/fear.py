"""Fear: the pool, the earned pile, the fear deck with its Terror Level dividers, and the
earned cards resolved in the Invader phase.

`state["fear"]`: `pool` (markers left to generate before the next card), `earned` (markers
on the earned pile; pool + earned = `size`), `earned_cards` (cards earned and not yet
resolved, in order), `discard` (resolved cards), `terror_level` (1-3, 4 once every fear
card is earned: the spirits win), `counts` (cards per Terror Level), `resolved_turn` (the
last turn a fear card was resolved). The deck's order is secret: `state["secret"]["fear_deck"]`,
top first, with `"divider:2"`/`"divider:3"` between the levels and, against Russia level 5,
`"invader:<card>"` entries (base rules and errata B11).
"""

from __future__ import annotations

import json
from pathlib import Path

from rules.core import Rng
from rules.spirit_island import actions as act
from rules.spirit_island import effects, hooks, tokens
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs

POOL_PER_PLAYER = 4
DEFAULT_COUNTS = (3, 3, 3)
VICTORY_LEVEL = 4  # "Terror Level IV": every fear card earned
DIVIDER = "divider:"
INVADER_CARD = "invader:"

_DATA = json.loads((Path(__file__).parent / "data" / "fear_cards.json").read_text("utf-8"))
CARDS: dict[str, dict] = _DATA["cards"]
SETS = ("base", "branch_and_claw", "jagged_earth")


def card_names(sets: tuple[str, ...] = SETS) -> list[str]:
    return [name for name, card in CARDS.items() if card["set"] in sets]


def new_fear(
    state: dict,
    players: int,
    adversary_counts: tuple[int, int, int] | list[int] | None = None,
    extra_per_player: int = 0,
    sets: tuple[str, ...] = SETS,
) -> None:
    """Deal the fear deck (counts per Terror Level, 3/3/3 by default) and fill the pool with
    4 markers per player (plus any per-player extra an adversary or variant adds)."""
    counts = list(adversary_counts or DEFAULT_COUNTS)
    rng = Rng(state["rng"])
    names = card_names(sets)
    rng.shuffle(names)
    state["rng"] = rng.state
    if sum(counts) > len(names):
        raise ValueError(f"{sum(counts)} fear cards wanted, {len(names)} in the box")
    deck: list[str] = []
    for level, n in enumerate(counts, start=1):
        if level > 1:
            deck.append(f"{DIVIDER}{level}")
        deck += names[:n]
        names = names[n:]
    size = (POOL_PER_PLAYER + extra_per_player) * players
    state["fear"] = {
        "pool": size,
        "earned": 0,
        "size": size,
        "earned_cards": [],
        "discard": [],
        "terror_level": 1,
        "counts": counts,
        "resolved_turn": None,
    }
    state.setdefault("secret", {})["fear_deck"] = deck
    _reveal(state)  # a level with 0 cards exposes its divider at once


def terror_level(state: dict) -> int:
    return state["fear"]["terror_level"]


def cards_left(state: dict) -> int:
    return sum(1 for e in state["secret"]["fear_deck"] if e in CARDS)


def earn(state: dict, n: int = 1) -> list[str]:
    """Generate `n` fear: markers move from the pool to the earned pile; when the pool is
    empty a card is earned and the earned markers go back to the pool, so leftover fear
    keeps counting (errata B11). Returns the cards earned."""
    fear = state["fear"]
    got = []
    for _ in range(n):
        if fear["terror_level"] >= VICTORY_LEVEL:
            break
        fear["pool"] -= 1
        fear["earned"] += 1
        if fear["pool"] <= 0:
            fear["pool"], fear["earned"] = fear["earned"], 0
            got.append(_earn_card(state))
    return got


def add_to_pool(state: dict, n: int) -> None:
    """More markers in the pool from the box (blight cards, England level 6)."""
    state["fear"]["pool"] += n
    state["fear"]["size"] += n


def _earn_card(state: dict) -> str:
    deck = state["secret"]["fear_deck"]
    card = deck.pop(0)
    state["fear"]["earned_cards"].append(card)
    _reveal(state)
    return card


def _reveal(state: dict) -> None:
    """What lies on top of the fear deck once a card is taken: a divider raises the Terror
    Level at once (B11); an Invader card (Russia level 5) goes to the Build space; an empty
    deck is Terror Level IV."""
    deck = state["secret"]["fear_deck"]
    while deck and deck[0] not in CARDS:
        entry = deck.pop(0)
        if entry.startswith(DIVIDER):
            state["fear"]["terror_level"] = int(entry[len(DIVIDER) :])
        elif entry.startswith(INVADER_CARD):
            state["track"]["build"].append(entry[len(INVADER_CARD) :])
    if not deck:
        state["fear"]["terror_level"] = VICTORY_LEVEL


def insert_under(state: dict, entry: str, fear_cards: int) -> None:
    """Put an entry into the fear deck directly under its top `fear_cards` fear cards."""
    deck = state["secret"]["fear_deck"]
    seen = 0
    for i, e in enumerate(deck):
        if seen == fear_cards:
            deck.insert(i, entry)
            return
        seen += e in CARDS
    deck.append(entry)


def resolve_step(state: dict) -> list[str]:
    """The Invader phase's Fear step: queue every earned card, in the order earned, behind
    what is queued (turn.py queues the next part of the phase after this one's frames).
    Each card reads the Terror Level when it resolves."""
    fear = state["fear"]
    cards, fear["earned_cards"] = fear["earned_cards"], []
    if cards:
        fear["resolved_turn"] = state.get("turn")
    steps = [{"do": "fear_card", "card": name} for name in cards]
    effects.append(state, [*steps, {"do": "fear_step_end"}], {"seat": None, "source": "fear"})
    return cards


@effects.verb("fear_step_end")
def _fear_step_end(state: dict, step: dict, ctx: dict, answer: object) -> None:
    """The Fear step is over and the Ravage step comes next: rules that act between them
    (England's High Immigration build) hook `ravage_step`, fired here only."""
    hooks.fire(state, "ravage_step")
    return None


def card_effect(name: str, level: int) -> list[dict]:
    return CARDS[name]["levels"][min(level, 3) - 1]


@effects.verb("fear_card")
def _fear_card(state: dict, step: dict, ctx: dict, answer: object) -> list[dict]:
    name = step["card"]
    state["fear"]["discard"].append(name)
    state["fear"]["chosen"] = []  # lands picked for this card (`different`)
    sub = _fresh(state, ctx, seat=None, source=name)
    effect = card_effect(name, terror_level(state))
    for changed in hooks.fire(state, "fear_effect", card=name, effect=effect):
        effect = changed
    return effects.frames(effect, sub)


# --- verbs the fear cards need beyond the generic table (EFFECTS.md rows) ---------------------

# Land filter keys the fear cards add to the generic ones (effects.land_matches):
# `has` also takes "sacred_site" and "strife"; `has_any` (at least one of these kinds);
# `any_of` (a list of filters, one must match); `count` (a list of {kind, at_least/at_most});
# `near` ({kinds, at_least}: that many such pieces in the adjacent lands together);
# `matching` ("ravage"/"not_ravage": the land matches a card in the Ravage space, or not);
# `same_board` (on ctx.board, set by per_board); `busier_neighbour` (kinds: an adjacent land
# holds more of them than this one); `board_has` ({kinds, at_least/at_most} on the land's
# whole board). Selectors among the lands that match the rest: `most` / `fewest` (kinds).
_OWN_KEYS = ("has", "has_any", "any_of", "count", "near", "matching", "same_board",
             "busier_neighbour", "board_has")
_SELECTORS = ("most", "fewest")


def _fresh(state: dict, ctx: dict, **changes) -> dict:
    """A new context for sub-steps run in another land or for another board (effects.py
    gives each effect's context an id so `set_ctx` reaches only its own frames)."""
    state["ctx_ids"] = state.get("ctx_ids", 0) + 1
    return {**ctx, **changes, "id": state["ctx_ids"]}


def _count(state: dict, name: str, kind: str, ctx: dict) -> int:
    land = state["lands"][name]
    if kind == "sacred_site":
        return int(effects.count(state, land, "presence", ctx) >= 2) if ctx.get("seat") is not None \
            else int(any(n >= 2 for n in land["presence"].values()))
    if kind == "strife":
        return tokens.strife_count(land)
    return effects.count(state, land, kind, ctx)


def _near(state: dict, name: str) -> tuple[str, ...]:
    return isl.adjacent(tuple(state["boards"]), name)


def _matches_ravage(state: dict, name: str) -> bool:
    boards = tuple(state["boards"])
    return any(inv.matches(boards, card, name) for card in state["track"]["ravage"])


def _at(n: int, test: dict) -> bool:
    return n >= test.get("at_least", 0) and n <= test.get("at_most", n)


def land_ok(state: dict, name: str, where: dict, ctx: dict) -> bool:
    """The generic filter (effects.land_matches) plus the fear cards' keys above."""
    base = {k: v for k, v in where.items() if k not in _OWN_KEYS}
    if not effects.land_matches(state, name, base, ctx):
        return False
    if isl.island(tuple(state["boards"]))[name]["terrain"] == "ocean":
        return True  # an Ocean asked for by `ocean`: no pieces to test
    tests = {
        "has": lambda v: all(_count(state, name, k, ctx) for k in v),
        "has_any": lambda v: any(_count(state, name, k, ctx) for k in v),
        "any_of": lambda v: any(land_ok(state, name, w, ctx) for w in v),
        "count": lambda v: all(_at(_count(state, name, t["kind"], ctx), t) for t in v),
        "near": lambda v: sum(_count(state, n, k, ctx) for n in _near(state, name)
                              for k in v["kinds"]) >= v["at_least"],
        "matching": lambda v: _matches_ravage(state, name) == (v == "ravage"),
        "same_board": lambda v: (name[0] == ctx.get("board")) == v,
        "busier_neighbour": lambda v: bool(_busier(state, name, v, ctx)),
        "board_has": lambda v: _at(sum(_count(state, n, k, ctx) for n in _board(state, name[0])
                                       for k in v["kinds"]), v),
    }
    return all(tests[k](v) for k, v in where.items() if k in _OWN_KEYS)


def _board(state: dict, letter: str) -> list[str]:
    return [n for n in isl.land_names(tuple(state["boards"])) if n[0] == letter]


def lands_ok(state: dict, where: dict, ctx: dict) -> list[str]:
    test = {k: v for k, v in where.items() if k not in _SELECTORS}
    names = [n for n in isl.land_names(tuple(state["boards"])) if land_ok(state, n, test, ctx)]
    for key, pick in (("most", max), ("fewest", min)):
        if key in where and names:
            score = {n: sum(_count(state, n, k, ctx) for k in where[key]) for n in names}
            best = pick(score.values())
            names = [n for n in names if score[n] == best]
    return names


def _busier(state: dict, name: str, kinds: list[str], ctx: dict) -> list[str]:
    here = sum(_count(state, name, k, ctx) for k in kinds)
    return [n for n in _near(state, name) if sum(_count(state, n, k, ctx) for k in kinds) > here]


@effects.verb("pick_land")
def _pick_land(state, step, ctx, answer):
    """Someone (ctx.seat, else the table) picks a land matching `where` (else `fallback`)
    and runs `then` there; `different`: not a land already picked for this card."""
    chosen = state.setdefault("fear", {}).setdefault("chosen", [])
    options = [n for n in lands_ok(state, step.get("where", {}), ctx)
               if not (step.get("different") and n in chosen)]
    if not options and "fallback" in step:
        options = lands_ok(state, step["fallback"], ctx)
    if not options:
        return None
    land = effects.ask_or_take(effects.chooser(ctx), "choose_land", options, answer)
    if isinstance(land, effects.Ask):
        return land
    if step.get("different"):
        chosen.append(land)
    return effects.frames(step["then"], _fresh(state, ctx, land=land))


@effects.verb("every_land")
def _every_land(state, step, ctx, answer):
    out = []
    for land in lands_ok(state, step.get("where", {}), ctx):
        out += effects.frames(step["then"], _fresh(state, ctx, land=land))
    return out


@effects.verb("per_board")
def _per_board(state, step, ctx, answer):
    out = []
    for board in state["boards"]:
        out += effects.frames(step["then"], _fresh(state, ctx, board=board))
    return out


@effects.verb("scaled")
def _scaled(state, step, ctx, answer):
    """Run `step` with n = the weighted count of kinds in ctx.land (and its adjacent lands
    with `adjacent`) plus `plus`; nothing when that is 0."""
    lands = [ctx["land"], *(_near(state, ctx["land"]) if step.get("adjacent") else ())]
    n = step.get("plus", 0) + sum(
        w * _count(state, land, k, ctx) for land in lands for k, w in step["per"].items())
    return [{"step": {**step["step"], "n": n}, "ctx": ctx}] if n > 0 else None


@effects.verb("remove_health")
def _remove_health(state, step, ctx, answer):
    """Remove up to n Health worth of invaders (of `kinds`) from ctx.land, piece by piece."""
    land = state["lands"][ctx["land"]]
    n = step.get("n", 0)
    options = [k for k in step.get("kinds", pcs.INVADERS) if land[k] and pcs.HEALTH[k] <= n]
    if not options:
        return None
    kind = effects.ask_or_take(effects.chooser(ctx), "remove", [*options, effects.DONE], answer)
    if isinstance(kind, effects.Ask) or kind == effects.DONE:
        return kind if isinstance(kind, effects.Ask) else None
    pcs.remove(land, kind)
    return [{"step": {**step, "n": n - pcs.HEALTH[kind]}, "ctx": ctx}]


@effects.verb("energy_per_sacred_site")
def _energy_per_sacred_site(state, step, ctx, answer):
    seat = ctx["seat"]
    sites = [n for n in lands_ok(state, step.get("where", {}), ctx)
             if _count(state, n, "sacred_site", ctx)]
    state["seats"][seat]["energy"] += len(sites)
    return None


@effects.verb("strife")
def _strife(state, step, ctx, answer):
    """Add n strife, one at a time, each to an invader (of the kinds `on`) in ctx.land."""
    name = ctx["land"]
    options = [o for o in tokens.strife_options(state, name) if o[0] in step.get("on", pcs.INVADERS)]
    n = step.get("n", 1)
    if not options or n <= 0:
        return None
    pick = effects.ask_or_take(effects.chooser(ctx), "strife", options, answer)
    if isinstance(pick, effects.Ask):
        return pick
    tokens.add_strife(state, name, pick[0], pick[1])
    return [{"step": {**step, "n": n - 1}, "ctx": ctx}] if n > 1 else None


@effects.verb("strife_damage")
def _strife_damage(state, step, ctx, answer):
    """Every invader on the island takes 1 damage per strife it has."""
    for land in state["lands"].values():
        for kind in pcs.INVADERS:
            for index in range(len(land[kind]) - 1, -1, -1):
                marks = pcs.strife(land, kind)[index]
                if marks:
                    pcs.damage(state, land, kind, marks, index)
    return None


@effects.verb("strife_attack")
def _strife_attack(state, step, ctx, answer):
    """Each invader with strife deals its damage to the other invaders in its land.
    Simplifications: an attacker that has dealt its damage is set aside until every
    attacker in the land has (so later attackers do not hit it), and the damage goes to
    the most valuable piece it can destroy first (the players' assignment is not asked)."""
    for land in state["lands"].values():
        done = []
        for kind in pcs.INVADERS:
            while True:
                held = pcs.strife(land, kind)
                own = next((i for i, s in enumerate(held) if s), None)
                if own is None:
                    break
                piece = pcs.take(land, kind, own)
                _hit(state, land, pcs.ATTACK[kind])
                done.append((kind, piece))
        for kind, piece in done:
            pcs.put(land, kind, *piece)
    return None


def _hit(state: dict, land: dict, amount: int) -> None:
    while amount > 0 and pcs.invader_count(land):
        target = _target(land, amount)
        pcs.sort_pieces(land, target)
        amount -= pcs.damage(state, land, target, amount, 0)


def _target(land: dict, amount: int) -> str:
    killable = [k for k in reversed(pcs.INVADERS)
                if land[k] and pcs.HEALTH[k] - max(land[k]) <= amount]
    return killable[0] if killable else next(k for k in reversed(pcs.INVADERS) if land[k])


@effects.verb("push_to_busier")
def _push_to_busier(state, step, ctx, answer):
    """Push 1 piece of `kinds` from ctx.land into an adjacent land with more `than` pieces."""
    name = ctx["land"]
    kinds = [k for k in step["kinds"] if _count(state, name, k, ctx)]
    options = [[k, t] for k in kinds for t in _busier(state, name, step["than"], ctx)]
    if not options:
        return None
    pick = effects.ask_or_take(effects.chooser(ctx), "push", options, answer)
    if isinstance(pick, effects.Ask):
        return pick
    act.push(state, name, [(pick[0], pick[1])])
    return None


@effects.verb("lasting")
def _lasting(state, step, ctx, answer):
    """A rule that lasts until the end of this turn (`time_passes` drops it)."""
    rule = step["rule"]
    rules = state.setdefault("rules", [])
    if rule not in rules:
        rules.append(rule)
        state.setdefault("turn_rules", []).append(rule)
    return None


@effects.verb("strife_weakens")
def _strife_weakens(state, step, ctx, answer):
    """Until the end of the turn invaders have -1 Health per strife (min 1; pieces.health
    reads the island's turn mark, errata A7)."""
    state.setdefault("turn_marks", {}).setdefault(pcs.ISLAND, {})["strife_weakens"] = True
    return None


def time_passes(state: dict) -> None:
    """Drop the rules that lasted this turn only."""
    for rule in state.pop("turn_rules", []):
        if rule in state.get("rules", []):
            state["rules"].remove(rule)


# --- the lasting rules' hooks ---------------------------------------------------------------


def _land(state: dict, name: str) -> dict:
    return state["lands"][name]


def _cities_towns(land: dict) -> int:
    return len(land["town"]) + len(land["city"])


def _lowest_per_board(state: dict, card: str) -> list[str]:
    """The lowest-numbered land matching the card on each board."""
    lands = inv.matching_lands(state, card)
    return [min(on, key=lambda n: int(n[1:]))
            for board in state["boards"] if (on := [n for n in lands if n[0] == board])]


@effects.verb("skip_lowest")
def _skip_lowest(state, step, ctx, answer):
    """Immigration Slows I: this turn's build skips the lowest-numbered land matching each
    build card on each board."""
    for card in state["track"]["build"]:
        for name in _lowest_per_board(state, card):
            tokens.add_skip(state, name, step["action"])
    return None


@hooks.on("explore_card", "explorers_reluctant:1")
def _reluctant_explorers(state: dict, card: str, **kw) -> None:
    """Explorers are Reluctant I: the next normal explore skips the lowest-numbered land
    matching its card on each board (once)."""
    for name in _lowest_per_board(state, card):
        tokens.add_skip(state, name, "explore")
    state["rules"].remove("explorers_reluctant:1")


def _only_diseased_sources(state: dict, name: str) -> bool:
    """Quarantine II: every source this land could explore from holds disease (an Ocean,
    or a land with a town/city, in or next to it; isolated lands are no source)."""
    boards = tuple(state["boards"])
    lands = state["lands"]
    sources = [n for n in (name, *isl.adjacent(boards, name, ocean=True))
               if not tokens.is_isolated(state, n)
               and (n not in lands or _cities_towns(lands[n]))]
    return all(n in lands and lands[n]["disease"] for n in sources)


_STOP_EXPLORE = {
    "quarantine:2": lambda s, n, kw: _only_diseased_sources(s, n),
    "avoid_the_dahan:1": lambda s, n, kw: len(_land(s, n)["dahan"]) >= 2,
    "explorers_reluctant:2": lambda s, n, kw: True,
    "explorers_reluctant:3": lambda s, n, kw: True,
    "quarantine:3": lambda s, n, kw: bool(_land(s, n)["disease"]),
    "panicked_by_beasts:2": lambda s, n, kw: bool(_land(s, n)["beasts"]),
    "panicked_by_beasts:3": lambda s, n, kw: bool(_land(s, n)["beasts"]),
}
_STOP_BUILD = {
    "avoid_the_dahan:2": lambda s, n, kw: len(_land(s, n)["dahan"]) > _cities_towns(_land(s, n)),
    "avoid_the_dahan:3": lambda s, n, kw: bool(_land(s, n)["dahan"]),
    "trade_suffers:1": lambda s, n, kw: bool(_land(s, n)["city"]),
    "overseas_trade:2": lambda s, n, kw: kw.get("piece") == "city"
    and isl.is_coastal(tuple(s["boards"]), n),
    "immigration_slows:2": lambda s, n, kw: True,
    "immigration_slows:3": lambda s, n, kw: True,
    "quarantine:3": lambda s, n, kw: bool(_land(s, n)["disease"]),
    "panicked_by_beasts:2": lambda s, n, kw: bool(_land(s, n)["beasts"]),
    "panicked_by_beasts:3": lambda s, n, kw: bool(_land(s, n)["beasts"]),
}


def _stopper(test):
    def handler(state: dict, land: str, **kw) -> bool | None:
        return False if test(state, land, kw) else None

    return handler


for _point, _table in (("explore_land", _STOP_EXPLORE), ("build_land", _STOP_BUILD)):
    for _rule, _test in _table.items():
        hooks.on(_point, _rule)(_stopper(_test))

LASTING_RULES = sorted({*_STOP_EXPLORE, *_STOP_BUILD, "explorers_reluctant:1"})
