"""Verbs and rules for powers that change the island itself (Cast down into the Briny Deep,
Dream of the Untouched Land, Weave Together the Fabric of Place).

What they did is kept in `state["island"]`, the shape island.py reads (see `island.shaped`):
`slots` (the first layout's boards), `sunk`, `dreamt`, `woven`, and `blight_sunk` (blight
that left the game with a board, for checks.py). `state["boards"]` stays the boards of the
layout still in the game, the ones "each board" effects visit; the dreamt board is not one
of them (see `dream_board`).

Rulings (published card text and FAQ; where they say nothing, our choice, marked so):
- Briny Deep: everything on the board is destroyed: invaders (towns and cities give fear, as
  any destroy does), dahan, presence (into each spirit's destroyed presence), tokens; its
  blight leaves the game (the card's own words). Pieces a rule saves from destruction
  (a `destroy_piece` hook) are not lost: invaders and dahan move to the nearest land still in
  play (FAQ, cleaning up an illegal state; so does an explorer Russia's A Sense for
  Impending Disaster took off to push). Steps still queued in its lands do nothing. The
  board's lands leave the game: nothing is
  adjacent to them, invader cards find nothing there, "each board" effects no longer visit
  the board, and a spirit left without presence loses the game at the end of the action
  (the usual check; a win at the same moment is a sacrifice victory). A land joined by
  Weave with a land of another board goes down whole; the other land returns empty (ours).
- Dream: once per game (the card's "max 1x/game"); the new board is drawn at random from
  the boards not in the game (a sunk board is out of the game); it meets the target's board
  on the target board's lowest land edge that meets no other board, with its own edge 2
  (ours: the card leaves the placement to the table). No setup pieces; the acting player
  places 2 beasts, 2 wilds and 2 badlands on it and up to 2 presence of any spirits (each
  spirit picks its presence's source and land). From then on each Build card skips 1 board
  the players pick as it builds. "Each board" adversary actions skip the new board: it is
  not in `state["boards"]` (one of the boards the card lets them skip; ours: always that
  one). Limits: fear cards and events "on each board" do not reach it either, and adversary
  actions "in each land" do not skip a board.
- Weave: the target land and an adjacent land the acting player picks become one land for
  the turn under the target's name: all pieces together, both terrains (an invader card
  naming either matches it once), coastal if either was, adjacent to both lands'
  neighbours and to itself (FAQ), both land numbers and setup symbols (FAQ: printed facts,
  `island.printed`). Moves never go from it into itself (ours: `island.neighbours`).
  At time passes the acting player divides the pieces again, one at a time into the other
  land (the rest stay); each kind is then counted as moved into its land (`arrived`).
"""

from __future__ import annotations

from rules.core import Rng
from rules.spirit_island import effects as fx
from rules.spirit_island import hooks
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island.boards import LANDS

ALL_BOARDS = tuple(LANDS)
PEOPLE = (*pcs.INVADERS, "dahan")  # the pieces the FAQ moves off a sunk board if they survive
DREAM_TOKENS = ("beasts", "beasts", "wilds", "wilds", "badlands", "badlands")
DREAM_PRESENCE = 2
DREAM_EDGE = 2  # the new board's edge that meets the target's board
RULE = "dream_untouched"  # Build cards skip a board


def shape(state: dict) -> dict:
    return state.setdefault("island", {"slots": list(state["boards"])})


def changed(state: dict) -> None:
    """After a change: the boards still in the layout, and the lookups use the new shape."""
    state["boards"] = isl.live_boards(shape(state))
    isl.use(state)


def _rows(state: dict) -> dict:
    return isl.island(tuple(state["boards"]))


def board_of(state: dict, land: str) -> str:
    return _rows(state)[land]["board"]


def _owner(state: dict, key: str) -> int | None:
    return next((i for i, row in enumerate(state["seats"]) if fx.presence_key(state, i) == key),
                None)


# --- Cast down into the Briny Deep ----------------------------------------------------------


@fx.verb("sink_board")
def sink_board(state, step, ctx, answer):
    """The board holding `ctx.land` (a joined land spanning two boards: the acting player
    picks one) is destroyed with everything on it."""
    land = ctx["land"]
    boards = {board_of(state, land)}
    for kept, other, *_ in shape(state).get("woven", ()):
        if land == kept:
            boards.add(board_of_any(other))
    board = fx.ask_or_take(fx.chooser(ctx), "choose_board", sorted(boards), answer)
    if isinstance(board, fx.Ask):
        return board
    sink(state, board)
    return None


def board_of_any(land: str) -> str:
    """A land's board from its name (works for lands not in the island now)."""
    return land[0]


def _nearest_kept(state: dict, land: str, board: str) -> str | None:
    """The nearest land not on `board`, in island order among equals (None: none left)."""
    return _nearest_in(_rows(state), None, land, board)


def _nearest_in(rows: dict, state: dict | None, land: str, board: str | None = None) -> str | None:
    """The nearest non-Ocean land of `rows` (the island before a board sank) still in play
    (in `state["lands"]`, or off `board`), island order among equals."""
    def ok(name: str) -> bool:
        if rows[name]["terrain"] == "ocean":
            return False
        return name in state["lands"] if state is not None else rows[name]["board"] != board

    seen, edge = {land}, [land]
    while edge:
        edge = [n for here in edge for n in rows[here]["adjacent"]
                if n not in seen and rows[n]["terrain"] != "ocean"]
        seen.update(edge)
        kept = [n for n in rows if n in edge and ok(n)]
        if kept:
            return kept[0]
    others = [n for n in rows if ok(n)]
    return others[0] if others else None


def sink(state: dict, board: str) -> None:
    spec = shape(state)
    names = [n for n in isl.land_names(tuple(state["boards"])) if board_of(state, n) == board]
    doomed, revive = list(names), []
    for pair in list(spec.get("woven", ())):
        kept, other = pair[:2]
        if board not in (board_of_any(kept), board_of_any(other)):
            continue
        spec["woven"].remove(pair)  # the joined land goes down whole; ours: the half on
        for half in (kept, other):  # another board stays, empty
            if board_of_any(half) != board:
                revive.append(half)
                if half == kept:
                    doomed.append(kept)
    rows = _rows(state)  # the island before the board sinks
    survivors: dict[str, dict[str, list]] = {}
    state["destroy_all"] = True  # "destroy everything": durable pieces go too
    for name in doomed:
        land = state["lands"][name]
        for kind in PEOPLE:
            for _ in range(len(land[kind])):
                before = len(land[kind])
                # a rule may save the piece (moved off below) or do something else with it
                if not pcs.destroy(state, land, kind) and len(land[kind]) == before:
                    survivors.setdefault(name, {}).setdefault(kind, []).append(
                        pcs.take(land, kind))
        for key, n in land["presence"].items():
            seat = _owner(state, key)
            if seat is not None:
                row = state["seats"][seat]
                row["destroyed"] = row.get("destroyed", 0) + n
        spec["blight_sunk"] = spec.get("blight_sunk", 0) + land["blight"]
    state.pop("destroy_all", None)
    oceans = (state.get("adversary") or {}).get("ocean_blight", {})
    spec["blight_sunk"] = spec.get("blight_sunk", 0) + oceans.pop(board, 0)
    targets = {name: _nearest_kept(state, name, board) for name in survivors}
    spec.setdefault("sunk", []).append(board)
    for name in doomed:
        state["lands"].pop(name, None)
        state.get("turn_marks", {}).pop(name, None)
    for name in revive:
        state["lands"][name] = pcs.empty_land()
    changed(state)
    for name, kinds in survivors.items():
        if targets[name] is None:
            continue
        land = state["lands"][targets[name]]
        for kind, pieces in kinds.items():
            for taken, marks in pieces:
                pcs.put(land, kind, taken, marks)
    _forget_sunk_lands(state, set(doomed) - set(revive), rows)


def _forget_sunk_lands(state: dict, gone: set[str], rows: dict) -> None:
    """Queued steps in a land that left the game do nothing; an explorer Russia's A Sense
    for Impending Disaster took off a sunk land goes to the nearest land left (FAQ)."""
    for frame in list(state.get("queue", ())):
        step = frame["step"]
        if step.get("do") == "impending_push" and step.get("from") in gone:
            to = _nearest_in(rows, state, step["from"])
            frame["step"] = {"do": "put_piece", "kind": "explorer", "land": to,
                             "strife": step.get("strife", 0)}
        elif frame["ctx"].get("land") in gone and step.get("do") != "sink_board":
            state["queue"].remove(frame)


@fx.verb("put_piece")
def put_piece(state, step, ctx, answer):
    """A piece back on the island in `land` (None: no land left, the piece is gone)."""
    if step["land"] is not None:
        pcs.put(state["lands"][step["land"]], step["kind"], 0, step.get("strife", 0))
    return None


# --- Dream of the Untouched Land ------------------------------------------------------------


@fx.verb("dream_board")
def dream_board(state, step, ctx, answer):
    """Once per game: a random unused board beside the target's board, then its tokens and
    up to 2 presence."""
    spec = shape(state)
    unused = [b for b in ALL_BOARDS if b not in spec["slots"]]
    if spec.get("dreamt") or not unused:
        return None
    target = board_of(state, ctx["land"])
    used = isl.used_edges(spec)
    free = [e for e in range(3) if (target, e) not in used]
    if not free:
        return None
    rng = Rng(state["rng"])
    board = rng.choice(unused)
    state["rng"] = rng.state
    spec["dreamt"] = {"board": board, "next_to": target, "edges": [free[0], DREAM_EDGE]}
    for number in LANDS[board]:
        if number:  # no setup pieces (the card ignores its icons); no entry for the Ocean
            state["lands"][f"{board}{number}"] = pcs.empty_land()
    changed(state)
    if RULE not in state.setdefault("rules", []):
        state["rules"].append(RULE)
    where = {"board": board}
    steps = [{"do": "choose_land", "where": where, "then": [{"do": "add", "kind": kind}]}
             for kind in DREAM_TOKENS]
    return fx.frames([*steps, {"do": "dream_presence", "n": DREAM_PRESENCE, "board": board}], ctx)


@fx.verb("dream_presence")
def dream_presence(state, step, ctx, answer):
    """The acting player picks a spirit (or done) to add 1 presence on the new board."""
    if step["n"] <= 0:
        return None
    spirits = [i for i in range(len(state["seats"])) if fx.presence_sources(state, i)]
    if not spirits:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "target_spirit", [*spirits, fx.DONE], answer)
    if isinstance(pick, fx.Ask):
        return pick
    if pick == fx.DONE:
        return None
    add = {"do": "place_presence", "where": {"board": step["board"]}}
    return [*fx.frames([add], {**ctx, "seat": pick}),
            {"step": {**step, "n": step["n"] - 1}, "ctx": ctx}]


@hooks.on("after_ravage_step", RULE)
def _before_builds(state: dict, **kw) -> None:
    """Before the Build cards build: the players pick the board each one skips."""
    cards = list(state["track"]["build"])
    if cards:
        fx.append(state, [{"do": "dream_skip", "cards": cards}],
                  {"seat": None, "source": "Dream of the Untouched Land"})


def island_boards(state: dict) -> list[str]:
    """Every board of the island now: the layout's and the dreamt one."""
    dreamt = shape(state).get("dreamt")
    extra = [dreamt["board"]] if dreamt and dreamt["board"] not in state["boards"] else []
    return [b for b in [*state["boards"], *extra] if b not in shape(state).get("sunk", ())]


@fx.verb("dream_skip")
def dream_skip(state, step, ctx, answer):
    picked = dict(step.get("picked", {}))
    cards = [c for c in step["cards"] if c not in picked]
    if answer is not None:
        picked[cards.pop(0)] = answer
    while cards:
        board = fx.ask_or_take(fx.chooser(ctx), "choose_board", island_boards(state), None)
        if isinstance(board, fx.Ask):
            fx.remember(state, picked=picked)
            return board
        picked[cards.pop(0)] = board
    state["dream_skip"] = {"turn": state.get("turn", 0), "cards": picked}
    return None


@hooks.on("build_land", RULE)
def _skip_board(state: dict, land: str, **kw) -> bool | None:
    skip = state.get("dream_skip") or {}
    card = state.get("build_card")
    if skip.get("turn") != state.get("turn", 0) or card not in skip.get("cards", {}):
        return None
    return False if board_of(state, land) == skip["cards"][card] else None


# --- Weave Together the Fabric of Place -----------------------------------------------------


def _merge(into: dict, land: dict) -> None:
    """Every piece of `land` into `into`, with its damage and strife."""
    for kind in PEOPLE:
        while land[kind]:
            pcs.put(into, kind, *pcs.take(land, kind, 0))
    for key, n in land["presence"].items():
        into["presence"][key] = into["presence"].get(key, 0) + n
    for kind in ("blight", *pcs.LAND_TOKENS):
        into[kind] = into.get(kind, 0) + land.get(kind, 0)


def _merge_marks(state: dict, kept: str, other: str) -> None:
    marks = state.get("turn_marks", {})
    gone = marks.pop(other, None)
    if not gone:
        return
    mine = marks.setdefault(kept, {})
    for key, value in gone.items():
        old = mine.get(key)
        if isinstance(value, int) and not isinstance(value, bool) and isinstance(old, int):
            mine[key] = old + value
        elif isinstance(value, list) and isinstance(old, list):
            mine[key] = [*old, *value]
        elif isinstance(value, dict) and isinstance(old, dict):
            mine[key] = {k: old.get(k, 0) + v for k, v in value.items()} | {
                k: v for k, v in old.items() if k not in value}
        elif old is None:
            mine[key] = value


@fx.verb("weave_lands")
def weave_lands(state, step, ctx, answer):
    """`ctx.land` and an adjacent land the acting player picks become one land this turn."""
    kept = ctx["land"]
    options = list(isl.neighbours(tuple(state["boards"]), kept))
    if not options:
        return None
    other = fx.ask_or_take(fx.chooser(ctx), "adjacent_land", options, answer)
    if isinstance(other, fx.Ask):
        return other
    _merge(state["lands"][kept], state["lands"].pop(other))
    _merge_marks(state, kept, other)
    shape(state).setdefault("woven", []).append([kept, other, fx.chooser(ctx)])
    changed(state)
    return None


def time_passes(state: dict) -> None:
    """Joined lands come apart: each pair's weaver divides the pieces (queued)."""
    for kept, other, seat in shape(state).get("woven", ()) if state.get("island") else ():
        fx.append(state, [{"do": "unweave", "land": kept, "other": other}],
                  {"seat": seat, "land": kept, "source": "Weave Together the Fabric of Place"})


@fx.verb("unweave")
def unweave(state, step, ctx, answer):
    kept, other = step["land"], step["other"]
    spec = shape(state)
    pair = next((p for p in spec.get("woven", ()) if p[:2] == [kept, other]), None)
    if pair is not None:  # first call: the two lands are two again, all pieces in `kept`
        spec["woven"].remove(pair)
        state["lands"][other] = pcs.empty_land()
        changed(state)
    if other not in state["lands"] or kept not in state["lands"]:
        return None  # a board sank under them
    here, there = state["lands"][kept], state["lands"][other]
    if answer not in (None, fx.DONE):
        _move_one(here, there, answer[0])
    if answer == fx.DONE or not (options := _split_options(here, other)):
        for land in (here, there):  # "all of them are considered moved"
            for kind in _kinds_in(land):
                if not kind.startswith("presence:"):
                    pcs.arrived(state, land, kind, moved=True)
        return None
    return fx.Ask(fx.chooser(ctx), "push", [*options, fx.DONE])


def _kinds_in(land: dict) -> list[str]:
    kinds = [k for k in (*PEOPLE, "blight", *pcs.LAND_TOKENS) if pcs.count(land, k)]
    return kinds + [f"presence:{key}" for key in land["presence"]]


def _split_options(land: dict, other: str) -> list[list[str]]:
    return [[kind, other] for kind in _kinds_in(land)]


def _move_one(here: dict, there: dict, kind: str) -> None:
    if kind.startswith("presence:"):
        key = kind.split(":", 1)[1]
        pcs.destroy_presence(here, key)  # a move, not a loss
        pcs.add_presence(there, key)
    elif kind in PEOPLE:
        pcs.put(there, kind, *pcs.take(here, kind))
    else:
        here[kind] -= 1
        there[kind] = there.get(kind, 0) + 1
