"""Shifting Memory of Ages' special rules and verbs (data/spirits_je_b.json): prepared element
markers (Insights into the World's Nature) with the track actions that prepare and spend them,
Long Ages of Knowledge and Forgetfulness (discard instead of forget), Observe the Ever-Changing
World's marker per action. Imported by spirit_rules_b.py."""

from __future__ import annotations

from rules.spirit_island import effects as fx
from rules.spirit_island import fear, hooks
from rules.spirit_island import spirit_rules_b as rb
from rules.spirit_island import spirits as sp
from rules.spirit_island import tokens as tok

# === Shifting Memory of Ages ========================================================================
# Prepared element markers live in the seat's `markers` ({element: n}) until spent; a marker
# spent adds its element for one action (`spend_markers` ... `end_action`, called by turn.py).

MEMORY = "Shifting Memory of Ages"
ELEMENTS = sp.ELEMENTS


def _add_markers(row: dict, elements: dict[str, int]) -> None:
    markers = row.setdefault("markers", {})
    for element, n in elements.items():
        markers[element] = markers.get(element, 0) + n
        if not markers[element]:
            markers.pop(element)


def spend_markers(state: dict, seat: int, elements: dict[str, int]) -> None:
    """Spend prepared markers for the action about to run: their elements count until
    `end_action`. Raises ValueError if the seat lacks them."""
    row = state["seats"][seat]
    have = row.get("markers", {})
    if any(have.get(e, 0) < n for e, n in elements.items()):
        raise ValueError(f"not enough prepared markers for {elements}")
    _add_markers(row, {e: -n for e, n in elements.items()})
    boost = row.setdefault("marker_boost", {})
    for element, n in elements.items():
        row["elements"][element] = row["elements"].get(element, 0) + n
        boost[element] = boost.get(element, 0) + n


def end_action(state: dict, seat: int) -> None:
    """The action the markers were spent for is over: their elements go."""
    row = state["seats"][seat]
    for element, n in row.pop("marker_boost", {}).items():
        row["elements"][element] = row["elements"].get(element, 0) - n


def track_actions(state: dict, seat: int) -> list[dict]:
    """The optional once-a-turn actions of the revealed track spaces (Spirit phase), as
    effects: each `action` space gives one."""
    row = state["seats"][seat]
    tracks = sp.SPIRITS[row["spirit"]]["tracks"]
    out = []
    for track, spaces in tracks.items():
        for space in spaces[: row["tracks"].get(track, 0) + 1]:
            if space.get("action"):
                out.append([{"do": space["action"]}])
    return out


@fx.verb("spend_markers")
def spend_markers_verb(state, step, ctx, answer):
    """Before an action: the spirit spends prepared markers one at a time (or `done`); each
    counts as its element until `end_action`. For turn.py to queue before a power."""
    markers = sorted(state["seats"][ctx["seat"]].get("markers", {}))
    if not markers:
        return None
    element = fx.ask_or_take(ctx["seat"], "spend_marker", [*markers, fx.DONE], answer)
    if isinstance(element, fx.Ask) or element == fx.DONE:
        return element if isinstance(element, fx.Ask) else None
    spend_markers(state, ctx["seat"], {element: 1})
    return [{"step": step, "ctx": ctx}]


@fx.verb("gain_markers")
def gain_markers(state, step, ctx, answer):
    _add_markers(state["seats"][ctx["seat"]], step["elements"])
    return None


@fx.verb("prepare_marker")
def prepare_marker(state, step, ctx, answer):
    """Prepare 1 element marker of the spirit's choice."""
    element = fx.ask_or_take(ctx["seat"], "prepare_marker", list(ELEMENTS), answer)
    if isinstance(element, fx.Ask):
        return element
    _add_markers(state["seats"][ctx["seat"]], {element: 1})
    return None


@fx.verb("give_markers")
def give_markers(state, step, ctx, answer):
    """Discard up to `n` prepared markers, one at a time: the target spirit gains each
    one's element this turn."""
    n = step.get("n", 1)
    row = state["seats"][ctx["seat"]]
    options = sorted(row.get("markers", {}))
    if n <= 0 or not options:
        return None
    element = fx.ask_or_take(ctx["seat"], "give_marker", [*options, fx.DONE], answer)
    if isinstance(element, fx.Ask) or element == fx.DONE:
        return element if isinstance(element, fx.Ask) else None
    _add_markers(row, {element: -1})
    target = state["seats"][ctx["spirit"]]["elements"]
    target[element] = target.get(element, 0) + 1
    return fx._rest(step, ctx, n - 1)


@fx.verb("markers_for_card_play")
def markers_for_card_play(state, step, ctx, answer):
    """Track action: discard 2 prepared markers for 1 more card play this turn."""
    row = state["seats"][ctx["seat"]]
    picked = step.get("picked", [])
    if len(picked) == 2:
        row["card_plays_bonus"] = row.get("card_plays_bonus", 0) + 1
        return None
    if sum(row.get("markers", {}).values()) < 2:
        return None
    left = dict(row["markers"])
    for e in picked:
        left[e] -= 1
    options = sorted(e for e, n in left.items() if n > 0)
    element = fx.ask_or_take(ctx["seat"], "discard_marker",
                             options + ([fx.DONE] if not picked else []), answer)
    if isinstance(element, fx.Ask) or element == fx.DONE:
        return element if isinstance(element, fx.Ask) else None
    if len(picked) == 1:
        _add_markers(row, {picked[0]: -1, element: -1} if picked[0] != element else {element: -2})
    return [{"step": {**step, "picked": [*picked, element]}, "ctx": ctx}]


@rb._chain("forget")
def forget(previous, state, step, ctx, answer):
    """Long Ages of Knowledge and Forgetfulness: a card Shifting Memory would forget from
    its hand may be discarded instead."""
    seat = ctx["seat"]
    if not rb._is(state, seat, MEMORY, "long-ages"):
        return previous(state, step, ctx, answer)
    row = state["seats"][seat]
    card = step.get("card")
    if card is None:
        options = row["hand"] + row["played"] + row["discard"]
        if not options:
            return None
        card = fx.ask_or_take(seat, "forget", options, answer)
        if isinstance(card, fx.Ask):
            return card
        if card in row["hand"]:
            return [{"step": {**step, "card": card}, "ctx": ctx}]
        for pile in ("played", "discard"):
            if card in row[pile]:
                row[pile].remove(card)
                return None
        return None
    pick = fx.ask_or_take(seat, "forget_or_discard", ["forget", "discard"], answer)
    if isinstance(pick, fx.Ask):
        return pick
    row["hand"].remove(card)
    if pick == "discard":
        row["discard"].append(card)
    return None


@fx.verb("defend_per_discard")
def defend_per_discard(state, step, ctx, answer):
    """Defend `n` per card in the invader discard pile."""
    cards = len(state["track"]["discard"])
    return fx.frames([{"do": "defend", "n": step.get("n", 1) * cards}], ctx) if cards else None


@fx.verb("reveal_fear_top")
def reveal_fear_top(state, step, ctx, answer):
    """Turn the top card of the fear deck face up (`fear.face_up`; the deck's other entries,
    a divider or Russia's Invader card, are skipped)."""
    deck = state.get("secret", {}).get("fear_deck", [])
    top = next((c for c in deck if c in fear.CARDS), None)
    if top is not None:
        state["fear"]["face_up"] = top
    return None


# Observe the Ever-Changing World: after each of the next `n` actions that change which pieces
# are in the land, prepare 1 marker (1 per action, whatever it changed; damage alone changes
# nothing). An action is one effect (its context id) or one invader action.

_OBSERVED = ("explorer", "town", "city", "dahan", "blight", "disease", "beasts", "wilds",
             "badlands", "strife")


def _summary(state: dict, land: str) -> list[int]:
    here = state["lands"][land]
    counts = [fx.count(state, here, k) for k in _OBSERVED if k != "strife"]
    return [*counts, tok.strife_count(here), sum(here["presence"].values())]


@fx.verb("observe_land")
def observe_land(state, step, ctx, answer):
    marks = fx.turn_marks(state, ctx["land"]).setdefault("observe", [])
    marks.append({"seat": ctx["seat"], "left": step.get("n", 3),
                  "summary": _summary(state, ctx["land"]), "seen": [f"ctx:{ctx.get('id')}"]})
    return None


def _observe_check(state: dict, action: str) -> list[dict]:
    """Prepare-marker frames for the observed lands whose pieces this action changed."""
    out: list[dict] = []
    for land, marks in state.get("turn_marks", {}).items():
        if not isinstance(marks, dict):
            continue
        for mark in marks.get("observe", ()):
            if mark["left"] <= 0 or land not in state["lands"]:
                continue
            now = _summary(state, land)
            if now == mark["summary"]:
                continue
            mark["summary"] = now
            if action in mark["seen"]:
                continue
            mark["seen"].append(action)
            mark["left"] -= 1
            out += fx.frames([{"do": "prepare_marker"}],
                             fx._new_ctx(state, {}, seat=mark["seat"], source="Observe the Ever-Changing World"))
    return out


def _observing(state: dict) -> bool:
    return any(isinstance(m, dict) and m.get("observe") for m in state.get("turn_marks", {}).values())


def _observed(name: str) -> None:
    @rb._chain(name)
    def wrapper(previous, state, step, ctx, answer):
        result = previous(state, step, ctx, answer)
        if isinstance(result, fx.Ask) or not _observing(state):
            return result
        return (result or []) + _observe_check(state, f"ctx:{ctx.get('id')}")


for _verb in ("damage", "damage_each", "destroy", "remove", "add", "push", "gather", "replace",
              "drown", "push_with", "event_move", "invader_action"):
    if _verb in fx.VERBS:
        _observed(_verb)


def _invaders_acted(state: dict, what: str) -> None:
    if _observing(state):
        state["observe_actions"] = state.get("observe_actions", 0) + 1
        frames = _observe_check(state, f"{what}:{state['observe_actions']}")
        state.setdefault("queue", [])[:0] = frames


@hooks.on("after_explore", "prepared-markers")
def _observe_explore(state: dict, lands) -> None:
    _invaders_acted(state, "explore")


@hooks.on("after_build", "prepared-markers")
def _observe_build(state: dict, built) -> None:
    _invaders_acted(state, "build")


@hooks.on("after_ravage", "prepared-markers")
def _observe_ravage(state: dict, land: str, report) -> None:
    _invaders_acted(state, "ravage")
