"""The adversaries' level rules and loss conditions as hook handlers, each active while its
rule id (`"<key>:<level>"`, `"<key>:loss"`) is in `state["rules"]` (adversaries.setup puts
them there). Parameters come from `data/adversaries.json`. Where the players choose (among
equal lands, where a piece goes), the handler queues an effect step that asks them
(`adversary_add`, `herd`, `impending_push`, or the effect language's `per_board`/`pick_land`),
to run right after the step in which the rule fired (`invaders.queue_next`).
"""

from __future__ import annotations

from rules.spirit_island import adversaries as adv
from rules.spirit_island import effects as fx
from rules.spirit_island import hooks
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island import tokens as tok


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
    store = state["adversary"]
    slot = track.setdefault("high_immigration", [])
    seen = store.get("discard_seen", 0)
    arrived = track["discard"][seen:]
    if store.get("hi_closed"):
        store["discard_seen"] = len(track["discard"])
        return
    track["discard"][seen:] = slot
    slot[:] = arrived
    if adv.level_of(state, "england") < 4 and any(inv.stage(c) >= 2 for c in slot):
        track["discard"] += slot
        slot.clear()
        store["hi_closed"] = True
    store["discard_seen"] = len(track["discard"])


@hooks.on("ravage_step", "england:3")
def _high_immigration_build(state: dict, **kw) -> None:
    """Before the Ravage step the invaders build with the card in the slot; at level 6,
    twice in a phase in which no fear card was resolved."""
    no_fear = state.get("fear", {}).get("resolved_turn") != state.get("turn")
    times = 2 if adv.level_of(state, "england") >= 6 and no_fear else 1
    for _ in range(times):
        for card in state["track"].get("high_immigration", []):
            inv.build(state, card)


@hooks.on("health", "england:5")
def _local_autonomy(state: dict, land: str, kind: str, **kw) -> int | None:
    return adv.param(state, "england", 5, "health").get(kind)


@hooks.on("loss", "england:loss")
def _proud_capital(state: dict, **kw) -> str | None:
    limit = adv.loss_param(state, "england", "pieces")
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
            pcs.dahan_left(state, land)


@hooks.on("after_ravage", "sweden:1")
def _heavy_mining(state: dict, land: str, report: dict, **kw) -> None:
    """6+ damage to the land: 1 more blight there (no presence lost, no cascade)."""
    if report["damage"] >= adv.param(state, "sweden", 1, "damage_at_least"):
        if not _blight_from_card(state, land):
            return
        _land(state, land)["blight"] += 1
        pcs.check_land_health(state, _land(state, land))  # with Habsburg 4 supporting
        report["heavy_mining"] = True


def _blight_from_card(state: dict, land: str) -> bool:
    """Take 1 blight off the card for a land (an Ocean for Scotland), unless a
    `blight_arriving` rule keeps it on the card (Infinite Vitality): whether it was taken.
    The card may turn over: its effect starts at once, as with other blight."""
    if False in hooks.fire(state, "blight_arriving", land=land):
        return False
    pcs.take_blight(state)
    blight = fx.optional("blight")
    if blight is not None and blight.RULE in state.get("rules", ()):  # watching the card
        blight.check_flip(state)
    return True


def _raised(state: dict, key: str, level: int, kind: str, attack: int) -> int | None:
    """A level's printed attack for a kind, as a change to the running (chained) value."""
    printed = adv.param(state, key, level, "attack").get(kind)
    return None if printed is None else attack + printed - pcs.ATTACK[kind]


@hooks.on("ravage_attack", "sweden:3")
def _fine_steel(state: dict, land: str, kind: str, attack: int, **kw) -> int | None:
    return _raised(state, "sweden", 3, kind, attack)


@hooks.on("after_ravage", "sweden:5")
def _mining_rush(state: dict, land: str, report: dict, **kw) -> None:
    """Ravage added blight: 1 town in an adjacent land without town/city (players' pick)."""
    if report.get("blight") and report["blight"][0] == land:
        free = [n for n in _adjacent(state, land) if not _tc(_land(state, n))]
        if free:
            _add_in_one(state, free, "town", "Mining Rush")


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
    """A coastal city built: 1 town in the adjacent land with the fewest towns (the
    players pick among ties)."""
    boards = tuple(state["boards"])
    for name, piece in built.items():
        if piece == "city" and isl.is_coastal(boards, name):
            near = _adjacent(state, name)
            fewest = min(len(_land(state, n)["town"]) for n in near)
            _add_in_one(state, [n for n in near if len(_land(state, n)["town"]) == fewest],
                        "town", "Triangle Trade")


@hooks.on("blight_returned", "france:5")
def _slow_healing(state: dict, land: str, n: int = 1, **kw) -> bool:
    """Blight removed goes on the panel, not the card; at 3 per player it all goes back."""
    store = state["adversary"]
    store["panel_blight"] = store.get("panel_blight", 0) + n
    if store["panel_blight"] >= adv.param(state, "france", 5, "panel_per_player") * adv.players(state):
        state["blight_card"]["pool"] += store["panel_blight"]
        store["panel_blight"] = 0
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
    """After an explore card: on each board 1 explorer in a land without any, where the
    players choose (the level's effect, queued behind the explore)."""
    if _in_play(state):
        effect = adv.param(state, "france", 6, "effect")
        inv.queue_next(state, effect, {"seat": None, "source": "Persistent Explorers"})


# Habsburg


@hooks.on("after_ravage", "habsburg:loss")
def _irreparable_count(state: dict, land: str, report: dict, **kw) -> None:
    if report["damage"] >= adv.loss_param(state, "habsburg", "damage_at_least"):
        store = state["adversary"]
        store["irreparable"] = store.get("irreparable", 0) + len(report.get("blight", []))


@hooks.on("loss", "habsburg:loss")
def _irreparable_damage(state: dict, **kw) -> str | None:
    return "habsburg" if state["adversary"].get("irreparable", 0) > adv.players(state) else None


@hooks.on("after_build", "habsburg:1")
def _migratory_herders(state: dict, built: dict, **kw) -> None:
    """Once, after the normal Build step (the last build card's build): each land matching
    a build card, in board/land order, gathers 1 town from an adjacent land matching none
    (the players pick the land it comes from)."""
    cards = state["track"]["build"]
    if not cards or state.get("build_card") != cards[-1]:
        return
    if state["adversary"].get("herded") == state.get("turn"):
        return
    state["adversary"]["herded"] = state.get("turn")
    boards = tuple(state["boards"])
    lands = [n for n in isl.land_names(boards) if any(inv.matches(boards, c, n) for c in cards)]
    inv.queue_next(state, [{"do": "herd", "lands": lands, "cards": list(cards)}],
                   {"seat": None, "source": "Migratory Herders"})


@fx.verb("herd")
def _herd(state, step, ctx, answer):
    """Habsburg 1: the first of `lands` gathers 1 town from an adjacent land matching none
    of `cards` (the players pick among several), then the rest in order."""
    boards = tuple(state["boards"])
    for i, name in enumerate(step["lands"]):
        sources = [a for a in isl.neighbours(boards, name) if _land(state, a)["town"]
                   and not any(inv.matches(boards, c, a) for c in step["cards"])]
        if not sources:
            continue
        source = fx.ask_or_take(fx.chooser(ctx), "gather_from", sources, answer)
        if isinstance(source, fx.Ask):
            fx.remember(state, lands=step["lands"][i:])
            return source
        pcs.put(_land(state, name), "town", *pcs.take(_land(state, source), "town"))
        pcs.check_health(state, _land(state, name), "town")  # its land may have blight
        pcs.arrived(state, _land(state, name), "town", moved=True)
        return [{"step": {**step, "lands": step["lands"][i + 1:]}, "ctx": ctx}]
    return None


def _add_in_one(state: dict, lands: list[str], kind: str, source: str) -> None:
    inv.queue_next(state, [{"do": "adversary_add", "lands": lands, "kind": kind}],
                   {"seat": None, "source": source})


@fx.verb("adversary_add")
def _adversary_add(state, step, ctx, answer):
    """1 `kind` in one of `lands` (the players pick among several)."""
    name = fx.ask_or_take(fx.chooser(ctx), "choose_land", step["lands"], answer)
    if isinstance(name, fx.Ask):
        return name
    pcs.add(_land(state, name), step["kind"])
    pcs.arrived(state, _land(state, name), step["kind"], moved=False)
    return None


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
        return adv.param(state, "habsburg", 4, "health")["town"]
    return None


@hooks.on("destroy_piece", "habsburg:4")
def _durable(state: dict, land: str, kind: str, index: int, by_damage: bool,
             destroy_all: bool, **kw) -> bool | None:
    """Every way a durable town (no blight in its land) would be destroyed outright (not by
    damage, not "destroy all"): it takes 2 damage instead."""
    here = _land(state, land)
    if kind != "town" or by_damage or destroy_all or here["blight"]:
        return None
    pcs.damage(state, here, "town", adv.param(state, "habsburg", 4, "health")["town"], index)
    return False


_destroy = fx.VERBS["destroy"]  # the verb as it is now (a spirit's rule may wrap it too)


def _durable_destroy(state, step, ctx, answer):
    """Habsburg 4: an effect that would destroy a durable town (no blight in its land)
    deals it 2 damage instead, on the most damaged town (as damage, the land's badlands add
    to it once per Action); "destroy all" works normally."""
    land = state["lands"].get(ctx.get("land"), {})
    kinds = [k for kind in step.get("kinds", pcs.INVADERS)
             for k in (pcs.INVADERS if kind == "invader" else (kind,)) if fx.count(state, land, k)]
    n = step.get("n", 1)
    if n == "all" and "habsburg:4" in state.get("rules", ()):
        state["destroy_all"] = True  # "destroy all" works normally (pieces.destroy's hook)
        try:
            return _destroy(state, step, ctx, answer)
        finally:
            state.pop("destroy_all", None)
    if ("habsburg:4" not in state.get("rules", ()) or "town" not in kinds or land.get("blight")
            or n == "all" or n <= 0):
        return _destroy(state, step, ctx, answer)
    options = kinds + ([fx.DONE] if step.get("up_to") else [])
    kind = fx.ask_or_take(fx.chooser(ctx), "destroy", options, answer)
    if isinstance(kind, fx.Ask) or kind == fx.DONE:
        return kind if isinstance(kind, fx.Ask) else None
    rest = [{"step": {**step, "n": n - 1}, "ctx": ctx}] if n > 1 else []
    if kind == "town":  # damage, so the land's badlands add to it (FAQ): a `damage` step
        hurt = {"do": "damage", "n": adv.param(state, "habsburg", 4, "health")["town"],
                "kinds": ["town"]}
        return [{"step": hurt, "ctx": ctx}, *rest]
    _destroy(state, {**step, "n": 1, "kinds": [kind], "up_to": False}, ctx, None)
    return rest or None


fx.VERBS["destroy"] = _durable_destroy


@hooks.on("explore_card", "habsburg:5")
def _wave_of_immigration(state: dict, card: str, **kw) -> None:
    """The reminder card comes up when the cards above it are gone: on each board 1 city in
    a coastal land without one and 1 town in each of the 3 inland lands with the fewest
    blight (the players pick among ties): queued (`immigration_wave`)."""
    store = state["adversary"]
    left = store.get("reminder_left")
    if left is None or len(inv.deck(state)) >= left:
        return
    store["reminder_left"] = None
    inv.queue_next(state, [{"do": "immigration_wave", "boards": list(state["boards"])}],
                   {"seat": None, "source": "Wave of Immigration"})


@fx.verb("immigration_wave")
def _immigration_wave(state, step, ctx, answer):
    """Habsburg 5 on the first of `boards`: the coastal land for the city (`city` done once
    placed), then the inland lands for the towns, fewest blight first, 3 in all."""
    if not step["boards"]:
        return None
    board, boards = step["boards"][0], tuple(state["boards"])
    lands = adv.board_lands(state, board)
    if not step.get("city"):
        coastal = [n for n in lands if isl.is_coastal(boards, n) and not _land(state, n)["city"]]
        name = fx.ask_or_take(fx.chooser(ctx), "choose_land", coastal, answer) if coastal else None
        if isinstance(name, fx.Ask):
            return name
        if name:
            pcs.add(_land(state, name), "city")
        step, answer = {**step, "city": True, "towns": []}, None
    towns = [*step["towns"], *([answer] if answer is not None else [])]
    inland = [n for n in lands if not isl.is_coastal(boards, n)]
    while len(towns) < 3:
        left = [n for n in inland if n not in towns]
        if not left:
            break
        fewest = min(_land(state, n)["blight"] for n in left)
        options = [n for n in left if _land(state, n)["blight"] == fewest]
        if len(options) > 3 - len(towns):
            fx.remember(state, **{**step, "towns": towns})
            return fx.Ask(fx.chooser(ctx), "choose_land", options)
        towns += options
    for name in towns:
        pcs.add(_land(state, name), "town")
    return [{"step": {"do": "immigration_wave", "boards": step["boards"][1:]}, "ctx": ctx}]


@hooks.on("ravage_damage", "habsburg:6")
def _far_flung_herds(state: dict, land: str, damage: int, **kw) -> int | None:
    if any(_land(state, n)["town"] for n in _adjacent(state, land)):
        return damage + adv.param(state, "habsburg", 6, "bonus")
    return None


# Russia


@hooks.on("loss", "russia:loss")
def _hunters_swarm(state: dict, **kw) -> str | None:
    panel = state["adversary"].get("beasts_panel", 0)
    island = sum(land.get("beasts", 0) for land in state["lands"].values())
    return "russia" if panel > island else None


@hooks.on("ravage_attack", "russia:1")
def _explorers_hunt(state: dict, land: str, kind: str, attack: int, **kw) -> int | None:
    return _raised(state, "russia", 1, kind, attack)


@hooks.on("after_ravage", "russia:1")
def _shell_and_hide(state: dict, land: str, report: dict, **kw) -> None:
    """Each land the ravage blighted (cascades too) loses 1 beasts, onto the panel."""
    for name in report.get("blight", []):
        row = _land(state, name)
        if row.get("beasts"):
            row["beasts"] -= 1
            store = state["adversary"]
            store["beasts_panel"] = store.get("beasts_panel", 0) + 1


@hooks.on("destroy_piece", "russia:2")
def _impending_disaster(state: dict, land: str, kind: str, index: int, **kw) -> bool | None:
    """The first time each Action would destroy explorers, if it can be pushed, 1 of them is
    pushed instead (its damage gone; the players pick where: `impending_push`, queued next;
    until then it is off the island) and 1 fear."""
    if kind != "explorer" or not tok.invader_neighbours(state, land):
        return None
    store = state["adversary"]
    key = pcs.action_key(state)
    if store.get("disaster_action") == key:
        return None
    store["disaster_action"] = key
    _, strife = pcs.take(_land(state, land), "explorer", index)
    pcs.gain_fear(state, 1)
    inv.queue_next(state, [{"do": "impending_push", "from": land, "strife": strife}],
                   {"seat": None, "source": "A Sense for Impending Disaster"})
    return False


@fx.verb("impending_push")
def _impending_push(state, step, ctx, answer):
    options = list(tok.invader_neighbours(state, step["from"]))
    to = fx.ask_or_take(fx.chooser(ctx), "push", options, answer) if options else step["from"]
    if isinstance(to, fx.Ask):
        return to
    pcs.put(_land(state, to), "explorer", 0, step["strife"])
    return None


@hooks.on("ravage_lands", "russia:3")
def _competition_among_hunters(state: dict, card: str, **kw) -> list[str]:
    boards = tuple(state["boards"])
    need = adv.param(state, "russia", 3, "explorers")
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
    the land with the most explorers (at least 1; the players pick among ties); as many
    times on a board as Pour Time Sideways says (`inv.board_repeats`)."""
    if state.get("turn", 0) < 2:
        return
    blighted = state["adversary"].get("blighted_boards", [])
    effect = []
    for board in state["boards"]:
        if board not in blighted:
            effect += [{"do": "pick_land",
                        "where": {"board": board, "has": ["explorer"], "most": ["explorer"]},
                        "then": [{"do": "add", "kind": "explorer"}, {"do": "add", "kind": "town"}]}
                       ] * inv.board_repeats(state, board)
    if effect:
        inv.queue_next(state, effect, {"seat": None, "source": "Pressure for Fast Profit"})


# Scotland


@hooks.on("loss", "scotland:loss")
def _trade_hub(state: dict, **kw) -> str | None:
    boards = tuple(state["boards"])
    ports = sum(1 for n, land in state["lands"].items()
                if land["city"] and isl.is_coastal(boards, n))
    limit = adv.loss_param(state, "scotland", "cities_per_board") * len(boards)
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
        if not _blight_from_card(state, f"{land[0]}0"):
            return
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
