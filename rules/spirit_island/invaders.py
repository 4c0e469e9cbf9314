"""The Invader phase steps: explore, build, ravage with blight and its cascade, and the
invader deck and track.

Cards are strings: "1:jungle" (stage I), "2:wetland" (stage II, escalation), "2:coastal",
"3:jungle+mountain" (stage III). Choices the players make (where blight cascades, how
dahan spread their damage, whether to spend an `any` skip) are passed in; when absent, a
default is taken. `cascade_options`, `counterattack_options` and `tokens.skip_options` list
each choice's legal options so the engine can ask. The steps respect the tokens and this
turn's markers (tokens.py) and fire the hook points of hooks.py.
"""

from __future__ import annotations

import importlib
from contextlib import contextmanager
from itertools import combinations

from rules.core import Rng
from rules.spirit_island import island as isl
from rules.spirit_island import tokens as tok
from rules.spirit_island.boards import JUNGLE, MOUNTAIN, SANDS, WETLAND
from rules.spirit_island.hooks import chain, fire
from rules.spirit_island.pieces import (
    ATTACK,
    INVADERS,
    add,
    arrived,
    check_health,
    count_destroyed,
    damage,
    damage_dahan,
    destroy_presence,
    health,
    invader_count,
    presence_note,
    put,
    sort_pieces,
    strife,
    take,
    take_blight,
)

TERRAINS = (JUNGLE, MOUNTAIN, SANDS, WETLAND)
STAGE_CARDS = {
    1: [f"1:{t}" for t in TERRAINS],
    2: [f"2:{t}" for t in TERRAINS] + ["2:coastal"],
    3: [f"3:{a}+{b}" for a, b in combinations(TERRAINS, 2)],
}
STAGE_COUNTS = (3, 4, 5)  # cards kept per stage after one random card is removed from each


def build_deck(rng: Rng) -> list[str]:
    """111-2222-33333: each stage shuffled, one random card out, stages stacked in order."""
    deck = []
    for stage, keep in zip((1, 2, 3), STAGE_COUNTS, strict=True):
        cards = list(STAGE_CARDS[stage])
        rng.shuffle(cards)
        deck += cards[:keep]
    return deck


def stage(card: str) -> int:
    return int(card.split(":")[0])


def escalates(card: str) -> bool:
    """Stage II terrain cards carry the escalation icon; the coastal card does not."""
    return stage(card) == 2 and card != "2:coastal"


def matches(boards: tuple[str, ...], card: str, land: str) -> bool:
    row = isl.island(boards)[land]
    if row["terrain"] == "ocean":
        return False
    kind = card.split(":")[1]
    if kind == "coastal":
        return row["coastal"]
    # a joined land (Weave Together the Fabric of Place) matches by either terrain, once
    return any(t in kind.split("+") for t in isl.terrains(boards, land))


def matching_lands(state: dict, card: str) -> list[str]:
    boards = tuple(state["boards"])
    return [name for name in isl.land_names(boards) if matches(boards, card, name)]


# --- how many times an action resolves (Pour Time Sideways) -------------------------------------


def repeats(state: dict, land: str) -> int:
    """How many times an Invader Action in `land` resolves this turn (one Ravage, Build or
    Explore; also each "each board / each land" action of events, fear cards and
    escalations, FAQ): 1, one fewer per Pour Time Sideways that left its board, one more per
    one that entered it (spirit_rules_time.invader_repeats keeps the rule)."""
    try:
        time = importlib.import_module("rules.spirit_island.spirit_rules_time")
    except ModuleNotFoundError:
        return 1
    return time.invader_repeats(state, land)


def board_repeats(state: dict, board: str) -> int:
    """`repeats` for a whole board (the shift is per board: any of its lands tells)."""
    boards = tuple(state["boards"])
    rows = isl.island(boards)
    land = next((n for n in isl.land_names(boards) if rows[n]["board"] == board), None)
    return repeats(state, land) if land is not None else 1


# --- explore and build -------------------------------------------------------------------------


def _is_source(state: dict, name: str) -> bool:
    if tok.is_isolated(state, name):  # an isolated land (or Ocean) is no source (digest 4.10)
        return False
    land = state["lands"].get(name)
    if land is None:  # Oceans hold no pieces but are sources
        return True
    return bool(land["town"] or land["city"])


def _stopped(stopped: list | None, name: str, action: str, by: str) -> None:
    if stopped is not None:
        stopped.append({"land": name, "action": action, "by": by})


def explore_lands(state: dict, card: str) -> list[str]:
    """The matching lands that would explore: not isolated, and a town, city or Ocean (not
    isolated) in or next to them. Skips, hooks and wilds may still stop them."""
    boards = tuple(state["boards"])
    return [
        name
        for name in matching_lands(state, card)
        if not tok.is_isolated(state, name)
        and any(_is_source(state, n) for n in (name, *isl.adjacent(boards, name, ocean=True)))
    ]


def explore_in(
    state: dict, name: str, use_skip: bool | None = None, stopped: list | None = None
) -> bool:
    """One Explore action in one land that has a source (events, adversaries and powers that
    explore somewhere use it too): a skip marker, an `explore_land` hook returning False,
    or 1 wilds (removed) stops it; else 1 explorer. `stopped` collects what stopped it."""
    if tok.use_skip(state, name, "explore", use_skip):
        _stopped(stopped, name, "explore", "skip")
        return False
    if False in fire(state, "explore_land", land=name):
        _stopped(stopped, name, "explore", "rule")
        return False
    if tok.stop_by_token(state, name, "explore"):
        _stopped(stopped, name, "explore", "wilds")
        return False
    add(state["lands"][name], "explorer")
    arrived(state, state["lands"][name], "explorer", moved=False)
    return True


def explore(
    state: dict, card: str, use_skip: dict | None = None, stopped: list | None = None
) -> list[str]:
    """One explorer into each matching land that is, or is next to, a town, city or Ocean
    (`explore_in` each, as many times as `repeats` says). `use_skip` maps a land to whether
    to spend an `any` skip there (on each of its explores)."""
    fire(state, "explore_card", card=card)
    explored = []
    for name in explore_lands(state, card):
        done = [explore_in(state, name, (use_skip or {}).get(name), stopped)
                for _ in range(repeats(state, name))]
        if any(done):
            explored.append(name)
    fire(state, "after_explore", lands=explored)
    return explored


def build_piece(land: dict) -> str:
    return "city" if len(land["town"]) > len(land["city"]) else "town"


def build_in(
    state: dict, name: str, use_skip: bool | None = None, stopped: list | None = None
) -> str | None:
    """One Build action in one land with invaders: a city if more towns than cities, else a
    town. A skip marker, a `build_land` hook (False, or another piece kind), or 1 disease
    (removed) changes or stops it. Returns the piece built, or None."""
    land = state["lands"][name]
    if tok.use_skip(state, name, "build", use_skip):
        _stopped(stopped, name, "build", "skip")
        return None
    kind = build_piece(land)
    results = fire(state, "build_land", land=name, piece=kind)
    if False in results:
        _stopped(stopped, name, "build", "rule")
        return None
    kind = next((r for r in reversed(results) if isinstance(r, str)), kind)
    if tok.stop_by_token(state, name, "build"):
        _stopped(stopped, name, "build", "disease")
        return None
    add(land, kind)
    arrived(state, land, kind, moved=False)
    return kind


def build_targets(state: dict, card: str) -> list[str]:
    """The lands a build card builds in, all decided before any build: the matching lands
    with invaders, then those the `build_lands` hooks add (England 1, Scotland 3: they may
    have no invaders), island order, each once."""
    lands = [n for n in matching_lands(state, card) if invader_count(state["lands"][n])]
    for more in fire(state, "build_lands", card=card):
        lands += [n for n in more if n not in lands]
    return lands


def build(
    state: dict, card: str, use_skip: dict | None = None, stopped: list | None = None
) -> dict[str, str]:
    """`build_in` each of `build_targets`, as many times as `repeats` says; see `explore`
    for `use_skip`. Returns land -> piece built (a land built in twice: the bigger piece,
    so an `after_build` rule looking for a city built sees it)."""
    # which card builds (Habsburg 1 acts after the last one; Dream of the Untouched Land's
    # board skipped by this card)
    state["build_card"] = card
    built: dict[str, str] = {}
    for name in build_targets(state, card):
        for _ in range(repeats(state, name)):
            kind = build_in(state, name, (use_skip or {}).get(name), stopped)
            if kind and built.get(name) != "city":
                built[name] = kind
    fire(state, "after_build", built=built)
    state.pop("build_card", None)
    return built


# --- blight -------------------------------------------------------------------------------------


def cascade_options(state: dict, name: str) -> list[str]:
    """Where blight cascading from `name` may go: any adjacent land, never an Ocean
    (isolate does not stop blight), and never back into a joined land itself (Weave
    Together: its self-adjacency would only put the blight back where it came from).
    The default pick is the first without blight."""
    return list(isl.neighbours(tuple(state["boards"]), name))


def default_cascade(state: dict, name: str) -> str:
    options = cascade_options(state, name)
    return next((n for n in options if not state["lands"][n]["blight"]), options[0])


def add_blight(state: dict, name: str, cascade_to: list[str] | None = None) -> list[str]:
    """Add blight from the card to a land: it destroys 1 presence of each spirit there (to
    its destroyed presence), and cascades into an adjacent land (never an Ocean) if the land
    already had blight.

    `cascade_to` lists the players' picks for successive cascades; without one, the first
    adjacent land with no blight (else the first adjacent land). Returns every land that
    received blight, in order. Fires `blight_added` for each; a `blight_arriving` handler
    returning False keeps that land's blight on the card (the chain stops there).
    """
    picks = list(cascade_to or [])
    blighted = []
    while True:
        if False in fire(state, "blight_arriving", land=name):
            return blighted  # it stays on the card, and cascades no further
        land = state["lands"][name]
        had_blight = land["blight"] > 0
        take_blight(state)
        land["blight"] += 1
        blighted.append(name)
        note = presence_note(state, land)
        for spirit in list(land["presence"]):
            destroy_presence(land, spirit)
        for kind in INVADERS:  # a health that depends on blight may drop (Habsburg)
            check_health(state, land, kind)
        fire(state, "blight_added", land=name)
        count_destroyed(state, land, note)  # after the rules that put some back
        if not had_blight or state.get("lost"):
            return blighted  # once lost, a cascade could run on for ever: the game is over
        if state.get("turn_marks", {}).get(name, {}).get("no_cascade"):
            return blighted  # Entrap the Forces of Corruption (effects.py `no_cascade`)
        pick = picks.pop(0) if picks else default_cascade(state, name)
        if pick not in cascade_options(state, name):
            raise ValueError(f"blight cannot cascade from {name} to {pick}")
        name = pick


# --- ravage -------------------------------------------------------------------------------------


def counterattack_options(state: dict, name: str) -> list[str]:
    """The invader kinds the dahan's next point of damage may go to (one `order` entry)."""
    return [kind for kind in INVADERS if state["lands"][name][kind]]


def counterattack(
    state: dict,
    land: dict,
    amount: int,
    order: list[str] | None = None,
    saves: dict[str, int] | None = None,
) -> int:
    """Dahan damage to invaders; `order` is the players' target kinds, piece by piece (each
    hits that kind's most damaged piece, one without strife first among equals).

    Without an order, damage goes where it destroys the most valuable piece it can.
    `saves` (kind -> n): that many invaders of a kind are saved from destruction instead
    (digest 4.15.5: damage removed, no more from this Action). Returns how many were saved.
    """
    targets = list(order or [])
    left = dict(saves or {})
    aside: list[tuple[str, int]] = []
    while amount > 0 and invader_count(land):
        if targets:
            kind = targets.pop(0)
        else:
            kind = _best_target(land, amount, state)
        if not land[kind]:
            raise ValueError(f"no {kind} to damage")
        sort_pieces(land, kind)
        points = health(state, land, kind, 0)
        if left.get(kind) and land[kind][0] + amount >= points:
            amount -= points - land[kind][0]
            aside.append((kind, take(land, kind, 0)[1]))
            left[kind] -= 1
            continue
        amount -= damage(state, land, kind, amount, 0)
    for kind, marks in aside:
        put(land, kind, 0, marks)
    return len(aside)


def _best_target(land: dict, amount: int, state: dict | None = None) -> str:
    """The most valuable kind whose most damaged piece this damage destroys, else the most
    valuable kind present."""
    killable = []
    for kind in reversed(INVADERS):
        if land[kind]:
            sort_pieces(land, kind)
            if health(state or {}, land, kind, 0) - land[kind][0] <= amount:
                killable.append(kind)
    if killable:
        return killable[0]
    return next(k for k in reversed(INVADERS) if land[k])


def invader_attacks(state: dict, name: str) -> list[int]:
    """Ravage step 1 (digest 4.5): the damage of each invader that deals damage (chained
    `ravage_attack` hooks may change a kind's), none from an invader with strife, which
    loses 1. Strife a `strife_ignored` rule ignores (Pull Together in Adversity) neither
    stops the damage nor is removed."""
    land = state["lands"][name]
    ignored = sum(fire(state, "strife_ignored"))
    attacks = []
    for kind in INVADERS:
        attack = chain(state, "ravage_attack", "attack", ATTACK[kind], land=name, kind=kind)
        held = strife(land, kind)
        for i, marks in enumerate(held):
            if marks > ignored:
                held[i] -= 1
            else:
                attacks.append(max(0, attack))
    return attacks


def invader_damage(state: dict, name: str) -> int:
    return sum(invader_attacks(state, name))


def ravage(
    state: dict,
    name: str,
    defend: int = 0,
    cascade_to: list[str] | None = None,
    dahan_order: list[str] | None = None,
    use_skip: bool | None = None,
) -> dict:
    """One Ravage action in one land (Jagged Earth order, digest 4.5, errata B3/B5).

    1. each invader's damage, 0 from one with strife (which loses 1 strife); 2. if 1 or more,
    `ravage_damage` hooks (land-wide changes); 3. less defend (`defend` plus the land's
    defend marker); 4. the rest hits the land (2+ adds blight) and the dahan (destroying as
    many as possible, +1 per badlands if they take any; saved dahan survive); 5. each
    surviving dahan deals 2 back, +1 per badlands if that is 1 or more. A skipped ravage
    does nothing, not even the counterattack (`use_skip`: spend an `any` skip, default yes).
    Pieces in the land's `sit_out` marker take no part; `save` markers save dahan and
    invaders from destruction (reported as `saved`, `saved_invaders`).
    """
    if tok.use_skip(state, name, "ravage", use_skip):
        return {"damage": 0, "blight": [], "counterattack": 0, "skipped": True}
    land = state["lands"][name]
    aside = _sit_out(state, name)
    with _action(state):
        report = _ravage(state, name, defend, cascade_to, dahan_order) if invader_count(land) else {}
    for kind, taken, marks in aside:
        put(land, kind, taken, marks)
    if not report:  # no invader takes part: no ravage (digest 4.15.1)
        return {"damage": 0, "blight": [], "counterattack": 0}
    fire(state, "after_ravage", land=name, report=report)
    return report


@contextmanager
def _action(state: dict):
    """One invader Action is running (`pieces.action_key`: rules acting once per Action)."""
    state["actions"] = state.get("actions", 0) + 1
    state["action"] = state["actions"]
    try:
        yield
    finally:
        state.pop("action", None)


def _sit_out(state: dict, name: str) -> list[tuple[str, int, int]]:
    """Take off the pieces that do not participate in this ravage (marker `sit_out`:
    kind -> n; the most damaged first): they neither deal nor take damage (4.15.1)."""
    land = state["lands"][name]
    aside = []
    for kind, n in tok.marks(state, name).get("sit_out", {}).items():
        for _ in range(min(n, len(land[kind]))):
            sort_pieces(land, kind)
            aside.append((kind, *take(land, kind, 0)))
    return aside


def _ravage(state, name, defend, cascade_to, dahan_order) -> dict:
    """The ravage's damage and the dahan's strike. The dahan strike after the invaders'
    damage, unless a `ravage_order` rule says "dahan_first" (they strike first, the invaders
    still standing then deal damage: Engage on Their Own Terms) or "together" (their strike
    counts the dahan standing before the invaders' damage: Lay Ambushes)."""
    land = state["lands"][name]
    fire(state, "ravage_start", land=name)
    order = (fire(state, "ravage_order", land=name) or ["invaders_first"])[-1]
    done: list[str] = []  # the badlands' once-per-Action record
    report: dict = {"blight": []}
    if order == "dahan_first":
        _dahan_strike(state, name, _dahan_damage(state, name), dahan_order, done, report)
    strike = _dahan_damage(state, name) if order == "together" else None
    xenophobia = bool(land["dahan"]) and True in fire(state, "xenophobia", land=name)
    attacks = invader_attacks(state, name) if invader_count(land) else []
    total = _chained_damage(state, name, sum(attacks))
    to_land, to_dahan = total, total
    if xenophobia:  # each attacking invader: 1 less to the land, 1 more to the dahan
        to_land, to_dahan = max(0, total - len(attacks)), total + len(attacks)
    shield = defend + tok.defend(state, name)
    to_land, to_dahan = max(0, to_land - shield), max(0, to_dahan - shield)
    report["damage"] = to_land
    if to_land >= 2:
        report["blight"] = add_blight(state, name, cascade_to)
    dahan_hit = to_dahan if land["dahan"] else 0
    to_dahan += tok.badlands_bonus(state, name, "dahan", done, dahan_hit)
    saved = damage_dahan(state, land, to_dahan, tok.saves(state, name, "dahan"))
    if saved:
        report["saved"] = saved
    if order != "dahan_first":
        _dahan_strike(state, name, _dahan_damage(state, name) if strike is None else strike,
                      dahan_order, done, report)
    return report


def _chained_damage(state: dict, name: str, total: int) -> int:
    """Land-wide changes to the invaders' damage, only when it is 1 or more (chained)."""
    return chain(state, "ravage_damage", "damage", total, land=name) if total >= 1 else total


def _dahan_damage(state: dict, name: str) -> int:
    """What the dahan standing now deal: 2 each, or what chained `dahan_attack` hooks say."""
    attack = chain(state, "dahan_attack", "attack", ATTACK["dahan"], land=name)
    return max(0, attack) * len(state["lands"][name]["dahan"])


def _dahan_strike(state, name, counter, dahan_order, done, report) -> None:
    land = state["lands"][name]
    counter += tok.badlands_bonus(state, name, "invaders", done, counter)
    report["counterattack"] = counter
    saves = {kind: tok.saves(state, name, kind) for kind in INVADERS}
    saved = counterattack(state, land, counter, dahan_order, saves)
    if saved:
        report["saved_invaders"] = saved


def ravage_card(state: dict, card: str, **choices) -> dict[str, dict]:
    """Ravage in every matching land that has invaders, and in those `ravage_lands` hooks
    add (Russia 3)."""
    lands = matching_lands(state, card)
    for more in fire(state, "ravage_lands", card=card):
        lands += [n for n in more if n not in lands]
    return {
        name: ravage(state, name, **choices.get(name, {}))
        for name in lands
        if invader_count(state["lands"][name])
    }


# --- the track ----------------------------------------------------------------------------------


def new_track() -> dict:
    return {"ravage": [], "build": [], "explore": [], "discard": []}


def deck(state: dict) -> list[str]:
    """The invader deck, top first: `state["secret"]["deck"]` where the engine keeps it
    hidden, else `state["deck"]`."""
    secret = state.get("secret", {})
    return secret["deck"] if "deck" in secret else state["deck"]


def initial_explore(state: dict) -> list[str]:
    """Setup: the first card explores at once and moves on to build."""
    card = deck(state).pop(0)
    explored = explore(state, card)
    state["track"]["build"].append(card)
    return explored


def reveal(state: dict) -> str | None:
    """Draw the next explore card (None, and a loss, when the deck is empty: time runs out)
    and fire what its reveal triggers, before it explores: `escalation` on a Stage II card
    with the icon (the leading adversary), `card_revealed` on every card (a supporting
    adversary's escalation on Stage III). Escalations marked "before exploring" queue their
    effect here (it runs before the explore); "after" ones queue it behind the explore."""
    if not deck(state):
        state["lost"] = "time"
        return None
    card = deck(state).pop(0)
    if escalates(card):
        fire(state, "escalation", card=card)
    fire(state, "card_revealed", card=card)
    return card


def queue_next(state: dict, effect: list[dict], ctx: dict | None = None) -> None:
    """Queue an effect to run right after the step running now (a hook fires inside a
    running step: queue[0]); with an empty queue it simply goes on it."""
    from rules.spirit_island import effects  # effects imports this module

    queue = state.setdefault("queue", [])
    at = 1 if queue else 0
    tail = queue[at:]
    del queue[at:]
    effects.append(state, effect, ctx)
    queue.extend(tail)


def run_defaults(state: dict) -> None:
    """Run the effect queue taking every choice's first option (the steps without an
    engine: tests and simulations)."""
    from rules.spirit_island import effects

    ask = effects.run(state)
    while ask is not None and not state.get("lost"):
        ask = effects.answer(state, ask.options[0])


def invader_steps(state: dict, choices: dict | None = None) -> dict:
    """Ravage, build, explore (drawing a card), then advance the cards along the track:
    the Invader phase without the engine (tests, simulations). The engine (turn.py) runs
    the same steps as queued frames and draws with `reveal` itself; this function is never
    called there, so an escalation fires once.

    `choices` maps a land to its ravage choices (`ravage`'s keywords); its optional keys
    `"build_skip"` and `"explore_skip"` map lands to whether to spend an `any` skip there.
    Effects rules queue (escalations, adversary and event rules) run with the first option
    of each choice, where they would run in the engine: an escalation's "before exploring"
    effect before the explore. An empty deck when a card must be drawn is a loss.
    """
    choices = dict(choices or {})
    build_skip, explore_skip = choices.pop("build_skip", None), choices.pop("explore_skip", None)
    track = state["track"]
    log: dict = {"ravage": [], "build": {}, "explore": [], "stopped": []}
    for card in track["ravage"]:  # a land matching two cards ravages twice
        for name, report in ravage_card(state, card, **choices).items():
            log["ravage"].append({"card": card, "land": name, **report})
    fire(state, "after_ravage_step")
    run_defaults(state)
    for card in track["build"]:
        log["build"].update(build(state, card, build_skip, log["stopped"]))
    run_defaults(state)
    card = reveal(state)
    if card is None:
        return log
    log["drawn"] = card
    run_defaults(state)
    log["explore"] = explore(state, card, explore_skip, log["stopped"])
    track["explore"].append(card)
    track["discard"] += track["ravage"]
    track["ravage"], track["build"], track["explore"] = track["build"], track["explore"], []
    run_defaults(state)
    return log
