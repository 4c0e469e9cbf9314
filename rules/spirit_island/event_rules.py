"""Lasting effects of event and blight cards, as hook handlers.

An `event_rule` step records a *mod* (`{"mod": kind, "until": ..., params}`) in
`state["event_cards"]["mods"]` and puts the rule id `"events"` in `state["rules"]`; the
handlers below read the mods. A mod lasts until time passes (`until` "turn"), the end of
the next turn ("next_turn"), the end of a turn with a normal Ravage ("ravage"), the end of a
turn with an Explore ("explore"), or the whole game ("game"); `from_next_turn` starts it a
turn later. `board` / `here` / `seat` (true) pin it to ctx's board, land or seat.

Mods with handlers: health, ravage_bonus (n per land, per_piece, per_earned_fear_cards,
lowest_matching), defend (n, per dahan), spirit_defend_less, truce, dahan_sit_out,
disease_allows_build, ignore_wilds_explore, explore_extra, explore_town_once_per_board, bureaucrats, eager_explorers,
strip_the_land, blight_threshold, blight_from_box, blight_destroys_more,
invested_aristocracy, ravage_as_build, explore_range, explore_all_without_town_city,
after_ravage_step / after_advance (an effect run at that point), beasts_as_badlands,
ignore_one_strife, no_fear_for_destroying, resourceful_populace, dahan_strike_first,
dahan_strike_together, xenophobia; great_warding is offered by blight.spirit_phase_effect.
The others are recorded for the modules that own the rule they change
(`active(state, mod)`): see `_not_encoded` in data/events.json.
"""

from __future__ import annotations

from rules.spirit_island import effects, hooks, tokens
from rules.spirit_island import event_verbs as ev
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs

RULE = "events"
ISLAND_CTX = {"seat": None}


def store(state: dict) -> dict:
    return state.setdefault("event_cards", {})


def turn(state: dict) -> int:
    return state.get("turn", 0)


def mods(state: dict, kind: str | None = None) -> list[dict]:
    """The mods in force now (of one kind)."""
    now = turn(state)
    return [m for m in store(state).get("mods", [])
            if m.get("from_turn", 0) <= now and kind in (None, m["mod"])]


def active(state: dict, kind: str, seat: int | None = None) -> bool:
    """Whether a mod of this kind is in force (for a seat, when the mod is pinned to one)."""
    return any(m.get("seat") in (None, seat) for m in mods(state, kind))


def add_mod(state: dict, mod: dict) -> None:
    store(state).setdefault("mods", []).append(mod)
    rules = state.setdefault("rules", [])
    if RULE not in rules:
        rules.append(RULE)


@effects.verb("event_rule")
def event_rule(state, step, ctx, answer):
    now = turn(state)
    mod = {k: v for k, v in step.items() if k not in ("do", "board", "here", "seat")}
    mod["from_turn"] = now + 1 if step.get("from_next_turn") else now
    mod["source"] = ctx.get("source")
    for key, ctx_key in (("board", "board"), ("here", "land"), ("seat", "seat")):
        if step.get(key):
            mod[ctx_key] = ctx[ctx_key]
    if mod["until"] == "next_turn":
        mod["to_turn"] = now + 1
    add_mod(state, mod)
    if mod["mod"] == "health" and mod["from_turn"] <= now:
        pcs.check_all_health(state)  # a piece damaged as much as its new health is destroyed
    if mod["mod"] == "ravage_as_build":
        _ravage_as_build(state)
    return None


def _ended(mod: dict, now: int) -> bool:
    until = mod["until"]
    return (until == "turn" or (until == "next_turn" and mod["to_turn"] <= now)
            or (until == "ravage" and mod.get("ravaged"))
            or (until == "explore" and mod.get("explored")))


def time_passes(state: dict) -> None:
    """Mods that end with this turn go; the rule id goes with the last mod."""
    put_back(state)
    data = store(state)
    now = turn(state)
    ended = [m for m in data.get("mods", []) if m["from_turn"] <= now and _ended(m, now)]
    data["mods"] = [m for m in data.get("mods", []) if m not in ended]
    if any(m["mod"] == "health" for m in ended):
        pcs.check_all_health(state)  # damage kept over time passes meets the lower health
    for key in ("picked", "blighted_boards", "defend_added", "warded", "eager_boards"):
        data.pop(key, None)
    if not data["mods"] and RULE in state.get("rules", []):
        state["rules"].remove(RULE)


# --- helpers ----------------------------------------------------------------------------------


def applies(state: dict, mod: dict, land: str) -> bool:
    """The mod's own land, board and land filter (`where`) against a land."""
    if mod.get("land") not in (None, land) or mod.get("board") not in (None, land[0]):
        return False
    return ev.land_ok(state, land, mod.get("where", {}), ISLAND_CTX)


def queue_next(state: dict, effect: list[dict], ctx: dict | None = None) -> None:
    """Queue an effect to run right after the step that is running now (hook handlers fire
    inside a running step; with nothing queued it simply goes on the queue)."""
    queue = state.setdefault("queue", [])
    fresh = ev.fresh(state, {**ISLAND_CTX, **(ctx or {})})
    queue[1 if queue else 0:1 if queue else 0] = effects.frames(effect, fresh)


def _board_lands(state: dict, board: str) -> list[str]:
    return [n for n in isl.land_names(tuple(state["boards"])) if n[0] == board]


def _lowest(state: dict):
    """A sort key: a land's number, a joined land's lower one (`island.numbers`)."""
    boards = tuple(state["boards"])
    return lambda name: min(isl.numbers(boards, name))


def _highest(state: dict):
    """A sort key: a land's number, a joined land's higher one."""
    boards = tuple(state["boards"])
    return lambda name: max(isl.numbers(boards, name))


def _matching(state: dict, slot: str, board: str) -> list[str]:
    boards = tuple(state["boards"])
    return [n for n in _board_lands(state, board)
            if any(inv.matches(boards, card, n) for card in state["track"][slot])]


def _towns_cities(state: dict, names: list[str]) -> int:
    return sum(len(state["lands"][n]["town"]) + len(state["lands"][n]["city"]) for n in names)


# --- health and ravage ------------------------------------------------------------------------


@hooks.on("health", RULE)
def _health(state: dict, land: str, kind: str) -> int | None:
    change = sum(m["n"] for m in mods(state, "health")
                 if kind in m["kinds"] and applies(state, m, land))
    return change or None


def kept_damage_check(state: dict) -> list[dict]:
    """At the start of a Spirit phase, with damage kept over time passes (Slow and Silent
    Death, Unquenchable Flames): a `check_kept_damage` step, since health changed as the turn
    did (All Things Weaken's -1 comes into force, an event's bonus has ended)."""
    kept = any(d for land in state["lands"].values()
               for kind in (*pcs.INVADERS, "dahan") for d in land[kind])
    return [{"do": "check_kept_damage"}] if kept else []


@effects.verb("check_kept_damage")
def check_kept_damage(state, step, ctx, answer):
    """Pieces whose kept damage reaches their health now are destroyed."""
    pcs.check_all_health(state)
    return None


# --- pieces that sit an invader action out ------------------------------------------------
# Dahan that do not take part in a ravage (Ignore Their Interest; 1 dahan and 1 town/city
# under Temporary Truce), disease that does not stop a build, wilds that do not stop an
# explore: they are set aside when the action starts and put back (with their damage and
# strife) when it ends; anything still aside goes back at the next such point or at time
# passes.


def _aside(state: dict) -> dict:
    return store(state).setdefault("aside", {})


def set_aside(state: dict, land: str, kind: str, n: int = 1) -> None:
    here = state["lands"][land]
    for _ in range(min(n, pcs.count(here, kind))):
        if kind in pcs.LAND_TOKENS:
            here[kind] -= 1
            _aside(state).setdefault(land, []).append([kind, 0, 0])
        else:
            _aside(state).setdefault(land, []).append([kind, *pcs.take(here, kind)])


def put_back(state: dict, land: str | None = None) -> None:
    """Return what was set aside (in one land, or everywhere)."""
    aside = _aside(state)
    for name in [land] if land else list(aside):
        for kind, damage, strife in aside.pop(name, []):
            if kind in pcs.LAND_TOKENS:
                state["lands"][name][kind] += 1
            else:
                pcs.put(state["lands"][name], kind, damage, strife)


def _sit_out(state: dict, land: str) -> None:
    here = state["lands"][land]
    if mods(state, "dahan_sit_out"):
        set_aside(state, land, "dahan", len(here["dahan"]))
    elif mods(state, "truce") and here["dahan"]:
        # the players pick which town/city; the strongest is the default
        kind = next((k for k in ("city", "town") if here[k]), None)
        set_aside(state, land, "dahan")
        if kind:
            set_aside(state, land, kind)


@hooks.on("ravage_start", RULE)
def _ravage_start(state: dict, land: str) -> None:
    put_back(state)
    _sit_out(state, land)
    _defend_marks(state, land)


@hooks.on("ravage_attack", RULE)
def _attack(state: dict, land: str, kind: str, attack: int) -> int | None:
    extra = sum(m.get("per_piece", {}).get(kind, 0) for m in mods(state, "ravage_bonus")
                if applies(state, m, land))
    return attack + extra if extra else None


def _bonus(state: dict, mod: dict, land: str) -> int:
    if mod.get("lowest_matching"):
        same = _matching(state, "ravage", land[0])
        if not same or min(same, key=_lowest(state)) != land:
            return 0
    if "per_earned_fear_cards" in mod:
        earned = len(state.get("fear", {}).get("earned_cards", []))
        return earned // mod["per_earned_fear_cards"]
    return mod.get("n", 0)


def _defend(state: dict, mod: dict, land: str) -> int:
    if mod.get("per") == "dahan":
        return mod["n"] * len(state["lands"][land]["dahan"])
    return mod["n"]


def _defend_marks(state: dict, land: str) -> None:
    """Event defend is Defend: it goes onto the land's defend marker as a ravage starts (so
    it adds up with the spirits' defend); Craft a Great Warding lowers the spirits' defend
    by up to 4 once per land."""
    data = store(state)
    added = data.setdefault("defend_added", {})
    want = sum(_defend(state, m, land) for m in mods(state, "defend") if applies(state, m, land))
    if want > added.get(land, 0):
        tokens.add_defend(state, land, want - added.get(land, 0))
        added[land] = want
    warded = data.setdefault("warded", [])
    less = sum(m["n"] for m in mods(state, "spirit_defend_less"))
    if less and land not in warded:
        warded.append(land)
        tokens.add_defend(state, land, -min(less, tokens.defend(state, land) - added.get(land, 0)))


@hooks.on("ravage_damage", RULE)
def _ravage_damage(state: dict, land: str, damage: int) -> int | None:
    bonus = sum(_bonus(state, m, land) for m in mods(state, "ravage_bonus")
                if applies(state, m, land))
    return damage + bonus if bonus else None


@hooks.on("after_ravage", RULE)
def _after_ravage(state: dict, land: str, report: dict) -> None:
    put_back(state, land)
    for mod in mods(state, "ravage_bonus") + mods(state, "ravage_as_build"):
        mod["ravaged"] = True
    if report["blight"]:
        store(state).setdefault("blighted_boards", []).append(land[0])
        if mods(state, "strip_the_land"):
            for kind in ("explorer", "town"):
                if state["lands"][land][kind]:
                    pcs.remove(state["lands"][land], kind)
    elif report["damage"] == 1 and any(applies(state, m, land)
                                        for m in mods(state, "blight_threshold")):
        report["blight"] = inv.add_blight(state, land)


def _ravage_as_build(state: dict) -> None:
    """Teach the Invaders: the next normal Ravage is a Build instead, done when the ravage
    cards are known (this phase if there are any, else a later Invader phase)."""
    if not state["track"]["ravage"]:
        return
    for mod in mods(state, "ravage_as_build"):
        mod["ravaged"] = True
    for card in state["track"]["ravage"]:
        for name in inv.matching_lands(state, card):
            if pcs.invader_count(state["lands"][name]):
                tokens.add_skip(state, name, "ravage")
                inv.build_in(state, name)


@hooks.on("invader_phase", RULE)
def _invader_phase(state: dict) -> None:
    if any(not m.get("ravaged") for m in mods(state, "ravage_as_build")):
        _ravage_as_build(state)


# --- explore and build --------------------------------------------------------------------------


def _sourced(state: dict, name: str, distance: int) -> bool:
    """A town, city or Ocean within `distance` of the land (counting over land)."""
    boards = tuple(state["boards"])
    seen, edge = {name}, {name}
    for step in range(distance + 1):
        if any(pcs.count(state["lands"][n], "town") + pcs.count(state["lands"][n], "city")
               for n in edge) or (step < distance and any(isl.is_coastal(boards, n) for n in edge)):
            return True
        edge = {a for n in edge for a in isl.adjacent(boards, n)} - seen
        seen |= edge
    return False


@hooks.on("explore_card", RULE)
def _explore_card(state: dict, card: str) -> None:
    """Distant Exploration (sources 1 land further) and Fortune-Seekers (the next card also
    explores every land without towns/cities that it does not show): the extra lands
    explore first."""
    boards = tuple(state["boards"])
    normal = set(inv.explore_lands(state, card))
    extra = []
    for mod in mods(state, "explore_range"):
        extra += [n for n in inv.matching_lands(state, card)
                  if n not in normal and _sourced(state, n, mod["n"])]
    if mods(state, "explore_all_without_town_city"):
        extra += [n for n in isl.land_names(boards)
                  if n not in normal and not inv.matches(boards, card, n)
                  and not _towns_cities(state, [n]) and _sourced(state, n, 1)]
    for name in dict.fromkeys(extra):
        if not tokens.is_isolated(state, name):
            inv.explore_in(state, name)


@hooks.on("after_explore", RULE)
def _after_explore(state: dict, lands: list[str]) -> None:
    """Also "after advancing the invader cards": turn.py advances the track in the same
    step, so effects queued here run after it."""
    put_back(state)
    for mod in mods(state):
        if mod["until"] == "explore":
            mod["explored"] = True
    for mod in mods(state, "after_advance"):
        queue_next(state, mod["effect"])
    for mod in mods(state, "explore_extra"):
        for name in lands:
            if applies(state, mod, name):
                pcs.add(state["lands"][name], "explorer", mod["n"])
    if mods(state, "explore_town_once_per_board"):
        for board in state["boards"]:
            first = next((n for n in lands if n[0] == board and state["lands"][n]["explorer"]), None)
            if first is not None:
                pcs.remove(state["lands"][first], "explorer")
                pcs.add(state["lands"][first], "town")


@hooks.on("explore_land", RULE)
def _explore_land(state: dict, land: str) -> None:
    put_back(state)
    if mods(state, "ignore_wilds_explore"):
        set_aside(state, land, "wilds", pcs.count(state["lands"][land], "wilds"))


@hooks.on("build_land", RULE)
def _build_land(state: dict, land: str, piece: str) -> bool | None:
    """Disease may not stop builds; Bureaucrats Adjust Funding: on a board with 9+
    towns/cities the highest-numbered land matching a build card does not build."""
    put_back(state)
    if mods(state, "disease_allows_build"):
        set_aside(state, land, "disease", pcs.count(state["lands"][land], "disease"))
    if not mods(state, "bureaucrats"):
        return None
    board = _board_lands(state, land[0])
    same = [n for n in _matching(state, "build", land[0]) if pcs.invader_count(state["lands"][n])]
    if _towns_cities(state, board) >= 9 and same and max(same, key=_highest(state)) == land:
        return False
    return None


@hooks.on("after_build", RULE)
def _after_build(state: dict, built: dict, **kw) -> None:
    put_back(state)
    if mods(state, "bureaucrats"):
        for board in state["boards"]:
            same = _matching(state, "build", board)
            if same and _towns_cities(state, _board_lands(state, board)) <= 3:
                land = state["lands"][max(same, key=_highest(state))]
                pcs.add(land, inv.build_piece(land))
    if mods(state, "eager_explorers"):
        done = store(state).setdefault("eager_boards", [])
        for name in built:
            if name[0] in done:
                continue
            done.append(name[0])
            near = [n for n in isl.adjacent(tuple(state["boards"]), name)
                    if not pcs.invader_count(state["lands"][n])]
            if near:  # the players' pick
                inv.queue_next(state, [{"do": "add_in_one_of", "lands": near, "kind": "explorer"}],
                               {**ISLAND_CTX, "source": "Eager Explorers"})


# --- blight ---------------------------------------------------------------------------------------


@hooks.on("blight_added", RULE)
def _blight_added(state: dict, land: str) -> None:
    for mod in mods(state, "blight_from_box"):
        left = mod.setdefault("left", len(state["seats"]))  # one per spirit
        if left > 0:  # this one came from the box: give the card back its token
            mod["left"] = left - 1
            state["blight_card"]["pool"] += 1
            break
    if mods(state, "blight_destroys_more"):
        here = state["lands"][land]
        for spirit in list(here["presence"]):  # counted destroyed by the blight's adding
            while here["presence"].get(spirit):  # (pieces.count_destroyed), after Bedrock
                pcs.destroy_presence(here, spirit)  # may have put it all back
        here["beasts"] = 0
        if _presence_near(state, land):  # 1 presence in total next door: the players pick
            queue_next(state, [{"do": "destroy_presence_near", "land": land}],
                       {"source": "All Things Weaken"})


# --- after the ravage step --------------------------------------------------------------------


@hooks.on("after_ravage_step", RULE)
def _after_ravage_step(state: dict) -> None:
    for mod in mods(state, "after_ravage_step"):
        queue_next(state, mod["effect"], {"board": mod["board"]} if "board" in mod else None)
    if mods(state, "invested_aristocracy"):
        blighted = store(state).get("blighted_boards", [])
        for board in state["boards"]:
            empty = [n for n in _board_lands(state, board)
                     if not pcs.invader_count(state["lands"][n])]
            if board not in blighted and empty:
                pcs.add(state["lands"][max(empty, key=_highest(state))], "town")


@effects.verb("add_in_one_of")
def add_in_one_of(state, step, ctx, answer):
    """1 `kind` in one of `lands`, the players' pick (asked when there are several)."""
    name = effects.ask_or_take(effects.chooser(ctx), "choose_land", step["lands"], answer)
    if isinstance(name, effects.Ask):
        return name
    pcs.add(state["lands"][name], step["kind"])
    return None


# --- the lasting effects that change a ravage, strife, fear and destruction --------------------


@hooks.on("badlands", RULE)
def _beasts_as_badlands(state: dict, land: str) -> int | None:
    """Beasts Prey on the Injured: this turn beasts also count as badlands."""
    if any(applies(state, m, land) for m in mods(state, "beasts_as_badlands")):
        return pcs.count(state["lands"][land], "beasts")
    return None


@hooks.on("strife_ignored", RULE)
def _pull_together(state: dict) -> int | None:
    """Pull Together in Adversity: 1 strife on each invader is ignored (and not removed)."""
    return 1 if mods(state, "ignore_one_strife") else None


@hooks.on("destroy_fear", RULE)
def _relentless_optimism(state: dict, land: str, kind: str) -> bool | None:
    """Relentless Optimism: no fear for destroying towns and cities this turn."""
    if kind in ("town", "city") and mods(state, "no_fear_for_destroying"):
        return False
    return None


@hooks.on("destroyed", RULE)
def _resourceful_populace(state: dict, land: str, kind: str) -> None:
    """Resourceful Populace: after an Action destroys 1+ towns/cities, 1 town in a land
    next to it (the players' pick; none when it has none, e.g. isolated): once per Action,
    queued to run after the step that destroyed it."""
    if kind not in ("town", "city") or not mods(state, "resourceful_populace"):
        return
    done = store(state).setdefault("populace_actions", [])
    key = pcs.action_key(state)
    if key in done:
        return
    done.append(key)
    near = list(tokens.invader_neighbours(state, land))
    if near:
        inv.queue_next(state, [{"do": "add_in_one_of", "lands": near, "kind": "town"}],
                       {**ISLAND_CTX, "source": "Resourceful Populace"})


@hooks.on("ravage_order", RULE)
def _dahan_order(state: dict, land: str) -> str | None:
    """Engage on Their Own Terms: the dahan strike first; Lay Ambushes: at the same time."""
    if mods(state, "dahan_strike_first"):
        return "dahan_first"
    if mods(state, "dahan_strike_together"):
        return "together"
    return None


@hooks.on("dahan_attack", RULE)
def _dahan_attack(state: dict, land: str, attack: int) -> int | None:
    """Engage on Their Own Terms: each dahan deals only 1 damage in a ravage."""
    return min(attack, 1) if mods(state, "dahan_strike_first") else None


@hooks.on("xenophobia", RULE)
def _xenophobia(state: dict, land: str) -> bool | None:
    return True if any(applies(state, m, land) for m in mods(state, "xenophobia")) else None


# --- Craft a Great Warding's reminder ---------------------------------------------------------


def great_warding_offer(state: dict) -> list[dict]:
    """In a Spirit phase after the one the event came in, the players may grant Defend 4 in
    every land once (blight.spirit_phase_effect queues it)."""
    later = [m for m in mods(state, "great_warding") if m["from_turn"] < turn(state)]
    return [{"do": "great_warding"}] if later else []


@effects.verb("great_warding")
def great_warding(state, step, ctx, answer):
    choice = effects.ask_or_take(0, "great_warding", ["yes", "no"], answer)
    if isinstance(choice, effects.Ask) or choice == "no":
        return choice if isinstance(choice, effects.Ask) else None
    for name in isl.land_names(tuple(state["boards"])):
        tokens.add_defend(state, name, 4)
    data = store(state)
    data["mods"] = [m for m in data["mods"] if m["mod"] != "great_warding"]
    return None


def _presence_near(state: dict, land: str) -> list[list[str]]:
    return [[n, spirit] for n in isl.adjacent(tuple(state["boards"]), land)
            for spirit in state["lands"][n]["presence"]]


@effects.verb("destroy_presence_near")
def destroy_presence_near(state, step, ctx, answer):
    """All Things Weaken: 1 presence in a land next to `land`, [land, spirit] picked."""
    options = _presence_near(state, step["land"])
    if not options:
        return None
    pick = effects.ask_or_take(effects.chooser(ctx), "destroy_presence", options, answer)
    if isinstance(pick, effects.Ask):
        return pick
    ev.destroy_presence(state, pick[0], pick[1])
    return None
