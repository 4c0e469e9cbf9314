"""Events (Branch & Claw, with the Jagged Earth changes; seed L499-L598, digest 4.14).

The deck is every event of both boxes but France's *Slave Rebellion* (the adversary puts it
in), shuffled into `state["secret"]["event_deck"]`; *A Strange Madness among the Beasts*
leaves it when Russia or Many Minds Move as One is in the game (seed L504). Each Invader
phase, after the blighted-island effect and before fear, one card is drawn: the very first
one drawn is discarded unresolved (seed L503). A card's main part depends on its kind:
`stage` (the stage of the card on top of the invader deck; against Brandenburg-Prussia
level 2+ its first stage III card counts as II), `terror_level`, `healthy_blighted` (the
blight card's side: a Still-Healthy card is a healthy island) or `choice` (the players pick
an option, the first one by default, paying its cost). Its token part, then its dahan part,
follow the main part. `state["event_cards"]` keeps the discard and the lasting mods
(event_rules.py); the verbs the cards use are in event_verbs.py, event_costs.py (what
choices and protections cost) and here (decks and cards).
"""

from __future__ import annotations

import json
import math
from pathlib import Path

from rules.core import Rng
from rules.spirit_island import effects, tokens
from rules.spirit_island import event_costs as costs
from rules.spirit_island import event_rules as rules
from rules.spirit_island import event_verbs as ev
from rules.spirit_island import fear as fear_rules  # noqa: F401  (its strife verbs)
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs

_DATA = json.loads((Path(__file__).parent / "data" / "events.json").read_text("utf-8"))
EVENTS: dict[str, dict] = {e["name"]: e for e in _DATA["events"]}
KINDS = ("stage", "terror_level", "healthy_blighted", "choice")
PARTS = ("main", "token_event", "dahan_event")
ISLAND = {"seat": None}
# The questions event and blight cards ask (Ask kinds and option words), in English and in
# the seed glossary's Korean (digest 12.2), for notation.py to merge into its tables.
ASK_WORDS = {
    "event_option": ("option", "선택형 이벤트"),
    "board": ("board", "섬 보드"),
    "protect": ("protect", "보호"),
    "terrain": ("terrain", "지형"),
    "destroy_presence": ("destroy presence", "현신 파괴"),
    "return_presence": ("return presence", "현신 되돌리기"),
    "discard": ("discard", "버리기"),
    "pay_or": ("pay or", "지불 또는"),
    "aid": ("aid", "도움"),
}
OPTION_WORDS = {"no": ("no", "아니오"), "pay": ("pay", "지불"), "yes": ("yes", "예"),
                "discard": ("discard", "버리기"), "forget": ("forget", "잊기")}


def store(state: dict) -> dict:
    return rules.store(state)


def adversaries_in_play(state: dict) -> list[tuple[str, int]]:
    """(name, level) of the leading adversary and the supporting one, if any."""
    adversary = state.get("adversary") or {}
    both = [adversary, adversary.get("supporting") or {}]
    return [(a["name"], a.get("level", 0)) for a in both if a.get("name")]


def deck_names(state: dict) -> list[str]:
    """The events for this game, in data order (before shuffling): an event removed with
    an adversary goes whether it leads or supports."""
    adversaries = [name for name, _ in adversaries_in_play(state)]
    spirits = {row.get("spirit") for row in state.get("seats", [])}
    names = []
    for name, event in EVENTS.items():
        if "adversary" in event:
            continue
        out = event.get("remove_with", {})
        if any(a in n for a in out.get("adversary", []) for n in adversaries) or spirits & set(
                out.get("spirit", [])):
            continue
        names.append(name)
    return names


def setup(state: dict, enabled: bool = True) -> None:
    """Shuffle the event deck; without events (the variant, digest 6.5) nothing happens."""
    if not enabled or state.get("options", {}).get("events") is False:
        return
    names = deck_names(state)
    rng = Rng(state["rng"])
    rng.shuffle(names)
    state["rng"] = rng.state
    state.setdefault("secret", {})["event_deck"] = names
    store(state).update(discard=[], drawn=[])
    blight = effects.optional("blight")
    if blight is not None:
        blight.setup(state)


def draw(state: dict) -> str | None:
    """The top event card; an empty deck is reshuffled from the discard."""
    deck = state["secret"]["event_deck"]
    if not deck:
        discard = store(state).setdefault("discard", [])
        rng = Rng(state["rng"])
        rng.shuffle(discard)
        state["rng"] = rng.state
        deck += discard
        discard.clear()
    return deck.pop(0) if deck else None


def draw_and_queue(state: dict) -> str | None:
    """Draw this Invader phase's event and queue its parts; returns its name."""
    if "event_deck" not in state.get("secret", {}):
        return None
    name = draw(state)
    if name is None:
        return None
    drawn = store(state).setdefault("drawn", [])
    drawn.append(name)
    if len(drawn) == 1:  # the game's first event is not resolved (seed L503)
        store(state).setdefault("discard", []).append(name)
        return name
    effects.append(state, event_steps(name), {**ISLAND, "source": name})
    return name


def event_steps(name: str) -> list[dict]:
    return [{"do": "event_part", "event": name, "part": part} for part in PARTS] + [
        {"do": "discard_event", "event": name}]


# --- which part applies --------------------------------------------------------------------------


def invader_stage(state: dict) -> int:
    """The stage shown on top of the invader deck (digest 4.14): reminder entries are
    skipped, an empty deck is stage III; against Brandenburg-Prussia level 2+ the first
    stage III card counts as stage II (leading or supporting)."""
    cards = [c for c in inv.deck(state) if c[:1].isdigit()]
    if not cards:
        return 3
    stage = inv.stage(cards[0])
    prussia = any("Brandenburg" in name and level >= 2
                  for name, level in adversaries_in_play(state))
    if stage == 3 and prussia:
        seen = [c for slot in state["track"].values() for c in slot]
        if not any(c[:1] == "3" for c in seen):
            return 2
    return stage


def main_part(state: dict, name: str) -> dict | None:
    """The sub-event (name, effect) that applies now; None for a choice card."""
    event = EVENTS[name]
    if event["kind"] == "healthy_blighted":
        return event["by_island"]["blighted" if ev.is_blighted(state) else "healthy"]
    level = {"stage": invader_stage, "terror_level": effects.terror_level}.get(event["kind"])
    if level is None:
        return None
    now = min(level(state), 3)
    table = event["by_stage" if event["kind"] == "stage" else "by_terror_level"]
    return next(part for part in table if now in part["levels"])


@effects.verb("event_part")
def event_part(state, step, ctx, answer):
    event = EVENTS[step["event"]]
    if step["part"] == "main":
        if event["kind"] == "choice":
            return effects.frames([{"do": "event_choice", "event": step["event"]}], ctx)
        sub = main_part(state, step["event"])
        store(state).setdefault("resolved", []).append(sub["name"])
        return effects.frames(sub["effect"], ev.fresh(state, ctx))
    sub = event.get(step["part"])
    if not sub:
        return None
    return effects.frames(sub["effect"], ev.fresh(state, ctx))


@effects.verb("discard_event")
def discard_event(state, step, ctx, answer):
    data = store(state)
    under = data.get("return_under", {}).pop(step["event"], None)
    if under is not None:
        deck = state["secret"]["event_deck"]
        deck.insert(min(under, len(deck)), step["event"])
    else:
        data.setdefault("discard", []).append(step["event"])
    data.pop("picked", None)
    return None


@effects.verb("return_event")
def return_event(state, step, ctx, answer):
    """This card goes back into the event deck under its top `under` cards."""
    store(state).setdefault("return_under", {})[ctx["source"]] = step["under"]
    return None


@effects.verb("draw_event")
def draw_event(state, step, ctx, answer):
    """Draw another event and resolve it now."""
    name = draw(state)
    if name is None:
        return None
    store(state).setdefault("drawn", []).append(name)
    return effects.frames(event_steps(name), ev.fresh(state, {**ISLAND, "source": name}))


# --- choice events ------------------------------------------------------------------------------


@effects.verb("event_choice")
def event_choice(state, step, ctx, answer):
    """The players pick an option they can pay for (the first is the default, seed L575)."""
    options = EVENTS[step["event"]]["options"]
    legal = [i for i, o in enumerate(options) if not o["cost"] or costs.can_pay(
        state, costs.cost_energy(state, o["cost"]), o["cost"].get("aided_by"), cards=True)]
    pick = effects.ask_or_take(effects.chooser(ctx), "event_option", legal, answer)
    if isinstance(pick, effects.Ask):
        return pick
    option = options[pick]
    store(state).setdefault("resolved", []).append(option["name"])
    cost = option["cost"]
    paying = []
    if cost and cost.get("per", "player") == "player":
        paying = [{"do": "pay_aided", "energy": costs.cost_energy(state, cost),
                   "element": cost.get("aided_by")}]
    return effects.frames(paying + option["effect"], ev.fresh(state, ctx))


# --- decks and cards ---------------------------------------------------------------------------


def _power(name: str) -> dict:
    return ev._power(name)


@effects.verb("reveal_power")
def reveal_power(state, step, ctx, answer):
    """Discard the top card(s) of a power deck and act on what they show: `then` if the card
    `lacks_element` / `has_element` / is of `speed` (else `otherwise`); `per_element`: an
    effect per icon of each element; `damage_by_cost`: its cost as damage to invaders and
    dahan in ctx.land. An unknown card shows nothing and is slow with cost 0."""
    n = len(state["seats"]) if step.get("n") == "players" else step.get("n", 1)
    drawn = effects.draw_powers(state, step["deck"], n)
    state.setdefault("power_discard", {}).setdefault(step["deck"], []).extend(drawn)
    out: list[dict] = []
    for name in drawn:
        card = _power(name)
        elements = [e.lower() for e in card.get("elements", [])]
        if step.get("damage_by_cost"):
            cost = card.get("cost", 0)
            out += effects.frames([{"do": "damage", "n": cost}, {"do": "damage_dahan", "n": cost}],
                                  ctx)
        for element, effect in step.get("per_element", {}).items():
            for _ in range(elements.count(element)):
                out += effects.frames(effect, ev.fresh(state, ctx))
        for key in ("lacks_element", "has_element", "speed"):
            if key in step:
                value = step[key]
                shows = {"lacks_element": value not in elements, "has_element": value in elements,
                         "speed": card.get("speed", "slow") == value}[key]
                out += effects.frames(step["then"] if shows else step.get("otherwise", []),
                                      ev.fresh(state, ctx))
    return out


@effects.verb("fear_deck")
def fear_deck(state, step, ctx, answer):
    """`add_top`: a fear card from the box onto the fear deck; `return_top`: its top card back
    to the box (what it leaves on top takes effect at once: a divider raises the Terror
    Level, `fear.reveal`)."""
    deck = state.get("secret", {}).get("fear_deck")
    if deck is None:
        return None
    if step["op"] == "return_top":
        top = next((i for i, e in enumerate(deck) if e in fear_rules.CARDS), None)
        if top is not None:
            deck.pop(top)
            fear_rules.reveal(state)
        return None
    used = set(deck) | set(state["fear"]["earned_cards"]) | set(state["fear"]["discard"])
    box = sorted(n for n in fear_rules.CARDS if n not in used)
    if box:
        rng = Rng(state["rng"])
        deck.insert(0, rng.choice(box))
        state["rng"] = rng.state
    return None


@effects.verb("invader_deck")
def invader_deck(state, step, ctx, answer):
    """`return_top`: the top invader card goes back to the box; `remove_bottom`: the
    bottom-most card of each of `stages` leaves the game."""
    deck = inv.deck(state)
    cards = [i for i, c in enumerate(deck) if c[:1].isdigit()]
    if step["op"] == "return_top":
        if cards:
            deck.pop(cards[0])
        return None
    for stage in step["stages"]:
        bottom = [i for i in cards if deck[i] and inv.stage(deck[i]) == stage]
        if bottom:
            deck[bottom[-1]] = None
    deck[:] = [c for c in deck if c is not None]
    return None


def _check_flip(state: dict) -> None:
    blight = effects.optional("blight")
    if blight is not None:
        blight.check_flip(state)


@effects.verb("blight_card")
def blight_card(state, step, ctx, answer):
    """Blight between the card and the box: `to_box` takes it off the card (it can turn the
    card over, or empty a Blighted Island card), `from_box` adds to it; `n` per player with
    `per` player."""
    n = step.get("n", 1) * (len(state["seats"]) if step.get("per") == "player" else 1)
    for _ in range(n):
        if step["op"] == "to_box":
            pcs.take_blight(state)
            _check_flip(state)
        else:
            state["blight_card"]["pool"] += 1
    return None


@effects.verb("blight_to_energy")
def blight_to_energy(state, step, ctx, answer):
    """Take blight off the card to the box (1 per player, and on until a healthy card turns
    over); the spirits gain `energy` per blight taken, split as evenly as possible."""
    card = state["blight_card"]
    healthy = card["side"] == "healthy"
    taken = 0
    while not state.get("lost") and (taken < len(state["seats"]) or
                                      (healthy and card["side"] == "healthy")):
        pcs.take_blight(state)
        taken += 1
    _check_flip(state)
    total = taken * step["energy"]
    seats = state["seats"]
    for i, row in enumerate(seats):
        row["energy"] += total // len(seats) + (i < total % len(seats))
    return None


@effects.verb("skip_ravages")
def skip_ravages(state, step, ctx, answer):
    """Invaders skip their Ravage this turn in lands matching `where` (once per ravage card
    matching the land); `unless_more_than_terror`: where they are no more than the Terror
    Level. Checked as the event resolves."""
    where = dict(step.get("where", {}))
    if step.get("unless_more_than_terror"):
        where["at_most"] = {"invader": effects.terror_level(state)}
    boards = tuple(state["boards"])
    for name in ev.candidates(state, where, ctx):
        for card in state["track"]["ravage"]:
            if inv.matches(boards, card, name):
                tokens.add_skip(state, name, "ravage")
    return None


@effects.verb("overconfidence")
def overconfidence(state, step, ctx, answer):
    """Earned fear cards: `cards` of them are discarded unresolved; with none, earned fear
    markers (`markers_per_player`) go back to the pool."""
    fear = state.get("fear")
    if fear is None:
        return None
    if fear["earned_cards"]:
        gone, fear["earned_cards"] = fear["earned_cards"][:step["cards"]], \
            fear["earned_cards"][step["cards"]:]
        fear["discard"] += gone
        return None
    back = min(fear["earned"], step["markers_per_player"] * len(state["seats"]))
    fear["earned"] -= back
    fear["pool"] += back
    return None


@effects.verb("fear_pool")
def fear_pool(state, step, ctx, answer):
    """More fear markers in the pool, per player by Terror Level (rounded down)."""
    level = min(effects.terror_level(state), 3)
    n = math.floor(step["per_player_by_terror"][level - 1] * len(state["seats"]))
    if state.get("fear") is not None:
        fear_rules.add_to_pool(state, n)
    return None


def time_passes(state: dict) -> None:
    """This turn's event effects end (turn.py calls it at time passes). The blight card is
    watched from here on even in a game without events (blight.setup is idempotent)."""
    rules.time_passes(state)
    blight = effects.optional("blight")
    if blight is not None and "blight_card" in state:
        blight.setup(state)
        blight.check_flip(state)


@effects.verb("use_power_now")
def use_power_now(state, step, ctx, answer):
    """The acting spirit may use one of its powers of `speed` still unused this turn now,
    inside the event (Rouse the Spirits, Work to Match Their Pace); it is then used."""
    turn = effects.optional("turn")
    row = state["seats"][ctx["seat"]]
    options = [p for p in row.get("powers", []) if turn is not None
               and p in row.get("played", []) and turn.speed(p) == step.get("speed", "slow")]
    if not options:
        return None
    pick = effects.ask_or_take(ctx["seat"], "resolve", [*options, effects.DONE], answer)
    if isinstance(pick, effects.Ask) or pick == effects.DONE:
        return pick if isinstance(pick, effects.Ask) else None
    row["powers"].remove(pick)
    row.setdefault("used", []).append(pick)
    turn.note(state, "power", s=ctx["seat"], power=pick)  # the thread says who used what
    return effects.frames(turn.power_effect(state, ctx["seat"], pick),
                          ev.fresh(state, {"seat": ctx["seat"], "source": pick}))
