"""Fractured Days Split the Sky's special rules and verbs (data/spirits_je_b.json): Time
(Fragments of Scattered Time), the Days That Never Were, its cards' effects on the invader deck
and the turn; and the gain_card wrapper (Days, and Boon of Ancient Memories' paid Major).
Imported by spirit_rules_b.py."""

from __future__ import annotations

from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island import seat_rows
from rules.spirit_island import spirit_rules_b as rb

# --- gaining cards: a Major paid for instead of forgetting; Days That Never Were --------------------


@rb._chain("gain_card")
def gain_card(previous, state, step, ctx, answer):
    """`pay_instead` (Boon of Ancient Memories): a Major gained may cost `n` energy instead of
    a forget. Days That Never Were: after Fractured Days gains a card by drawing, it may add
    one of the unchosen cards to its set."""
    drawn = step.get("drawn")
    if drawn is None:
        return previous(state, step, ctx, answer)
    major = step.get("kind") == "major"
    pay = step.get("pay_instead") if major else None
    inner = {**step, "keep_all": True} if pay else step
    result = previous(state, inner, ctx, answer)
    if isinstance(result, fx.Ask):
        return result
    extra: list[dict] = []
    if pay:
        extra += fx.frames([{"do": "pay_or_forget", "n": pay}], ctx)
    seat = ctx["seat"]
    kept = state["seats"][seat]["hand"][-1]
    unchosen = [c for c in drawn if c != kept]
    if unchosen and rb._is(state, seat, DAYS, "days-that-never-were"):
        extra += fx.frames([{"do": "days_add", "kind": step["kind"], "options": unchosen}], ctx)
    return extra + (result or [])


@fx.verb("pay_or_forget")
def pay_or_forget(state, step, ctx, answer):
    row = state["seats"][ctx["seat"]]
    if row["energy"] < step["n"]:
        return fx.frames([{"do": "forget"}], ctx)
    pick = fx.ask_or_take(ctx["seat"], "pay_or_forget", ["pay", "forget"], answer)
    if isinstance(pick, fx.Ask):
        return pick
    if pick == "pay":
        row["energy"] -= step["n"]
        return None
    return fx.frames([{"do": "forget"}], ctx)




# === Fractured Days Split the Sky =====================================================================
# Time: presence set aside on the special rule (the seat's `time`). Gaining 1 takes a presence
# from a track (revealing its space) or, optionally, from the island; spending 1 puts it back on
# a track (covering the last revealed space of the player's choice), destroyed when none is free.

DAYS = "Fractured Days Split the Sky"


@fx.verb("gain_time")
def gain_time(state, step, ctx, answer):
    seat = ctx["seat"]
    row = state["seats"][seat]
    n = step.get("n", 1)
    if n <= 0:
        return None
    sources = [t for t in row["tracks"] if row["tracks"][t] + 1 < fx.track_spaces(state, seat, t)]
    sources += rb._own_lands(state, seat)
    if not sources:
        return None
    pick = fx.ask_or_take(seat, "time_from", sources, answer)
    if isinstance(pick, fx.Ask):
        return pick
    if pick in row["tracks"]:
        row["tracks"][pick] += 1
    else:
        pcs.destroy_presence(state["lands"][pick], rb._key(state, seat))  # set aside, not destroyed
    row["time"] = row.get("time", 0) + 1
    return fx._rest(step, ctx, n - 1)


def _time_cost(state: dict, n) -> int:
    return len(state["seats"]) if n == "players" else n


@fx.verb("pay_time")
def pay_time(state, step, ctx, answer):
    """An extra cost of `n` Time (`"players"`: 1 per player): `then` only if paid; with
    `optional` the player may decline. Each Time spent returns its presence to a track."""
    seat = ctx["seat"]
    row = state["seats"][seat]
    n = _time_cost(state, step["n"])
    if "left" not in step:
        if row.get("time", 0) < n:
            return None
        if step.get("optional"):
            pick = fx.ask_or_take(seat, "pay_time", ["yes", "no"], answer)
            if isinstance(pick, fx.Ask):
                return pick
            if pick == "no":
                return None
        return [{"step": {**step, "left": n}, "ctx": ctx}]
    if step["left"] <= 0:
        return fx.frames(step["then"], ctx)
    covered = [t for t, taken in row["tracks"].items() if taken > 0]
    if covered:
        track = fx.ask_or_take(seat, "time_to", covered, answer)
        if isinstance(track, fx.Ask):
            return track
        row["tracks"][track] -= 1
    else:
        row["destroyed"] = row.get("destroyed", 0) + 1
    row["time"] -= 1
    return [{"step": {**step, "left": step["left"] - 1}, "ctx": ctx}]


@fx.verb("joint_energy")
def joint_energy(state, step, ctx, answer):
    """The spirits jointly pay `n` energy (`"players"`: 1 per player), 1 at a time from the
    seat the acting player names; `then` once paid, nothing if they cannot."""
    left = step.get("left", _time_cost(state, step["n"]))
    if left <= 0:
        return fx.frames(step["then"], ctx)
    if sum(r["energy"] for r in state["seats"]) < left:
        return None
    payers = [i for i, r in enumerate(state["seats"]) if r["energy"] > 0]
    seat = fx.ask_or_take(ctx["seat"], "energy_from", payers, answer)
    if isinstance(seat, fx.Ask):
        return seat
    state["seats"][seat]["energy"] -= 1
    return [{"step": {**step, "left": left - 1}, "ctx": ctx}]


@fx.verb("swap_invader_card")
def swap_invader_card(state, step, ctx, answer):
    """Swap the invader deck's top card with a discarded invader card within 1 stage of it."""
    deck = inv.deck(state)
    discard = state["track"]["discard"]
    if not deck:
        return None
    options = [c for c in discard if abs(inv.stage(c) - inv.stage(deck[0])) <= 1]
    if not options:
        return None
    card = fx.ask_or_take(ctx["seat"], "swap_card", options, answer)
    if isinstance(card, fx.Ask):
        return card
    discard[discard.index(card)], deck[0] = deck[0], card
    return None


def invader_repeats(state: dict, land: str) -> int:
    """Pour Time Sideways: how many times an Invader (or "each board / each land") action
    resolves in a land this turn: 1, one fewer on the board the presence left, one more on
    the board it entered (repeats stack). Read through `invaders.repeats` /
    `invaders.board_repeats` by Ravage, Build and Explore, and by the "each board / each
    land" steps of events (event_verbs), fear cards and escalations (fear_verbs) and Russia's
    Pressure for Fast Profit."""
    shift = state.get("turn_marks", {}).get(pcs.ISLAND, {}).get("time_sideways", {})
    board = isl.island(tuple(state["boards"]))[land]["board"]
    return max(0, 1 + shift.get(board, 0))


@fx.verb("stasis")
def stasis(state, step, ctx, answer):
    """Absolute Stasis: until the end of the Slow phase the land is out of the game. Marked
    `stasis` for the turn; the invaders skip every action there and nothing moves in or out
    (isolate). Leaving it out of targeting and ranges is turn.py/effects.py's (see report)."""
    land = ctx["land"]
    fx.turn_marks(state, land)["stasis"] = True
    return fx.frames([{"do": "skip", "action": "all"}, {"do": "isolate"}], ctx)


@fx.verb("pour_time")
def pour_time(state, step, ctx, answer):
    """Pour Time Sideways: move 1 presence to another land with presence; this turn the
    invader actions on the board left resolve one fewer time, on the board entered one more
    (`turn_marks["island"]["time_sideways"]`: board -> +1/-1, for the Invader phase)."""
    seat = ctx["seat"]
    lands = rb._own_lands(state, seat)
    options = [[a, b] for a in lands for b in lands if a != b]
    if not options:
        return None
    pick = fx.ask_or_take(seat, "move_presence", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    key = rb._key(state, seat)
    pcs.destroy_presence(state["lands"][pick[0]], key)
    pcs.add_presence(state["lands"][pick[1]], key)
    rows = isl.island(tuple(state["boards"]))
    shift = fx.turn_marks(state, pcs.ISLAND).setdefault("time_sideways", {})
    for land, delta in ((pick[0], -1), (pick[1], 1)):
        board = rows[land]["board"]
        shift[board] = shift.get(board, 0) + delta
    return None


@fx.verb("blur_years")
def blur_years(state, step, ctx, answer):
    """Blur the Arc of Years: no dahan or invaders: remove 1 blight; invaders: they Build,
    then Ravage; dahan: add 1 dahan, push up to 2 dahan."""
    here = state["lands"][ctx["land"]]
    invaders, dahan = pcs.invader_count(here), len(here["dahan"])
    steps: list[dict] = []
    if not invaders and not dahan:
        steps.append({"do": "remove", "n": 1, "kinds": ["blight"]})
    if invaders:
        steps += [{"do": "invader_action", "action": "build"},
                  {"do": "invader_action", "action": "ravage"}]
    if dahan:
        steps += [{"do": "add", "kind": "dahan"}, {"do": "push", "n": 2, "kinds": ["dahan"], "up_to": True}]
    return fx.frames(steps, ctx)


@fx.verb("gain_from_days")
def gain_from_days(state, step, ctx, answer):
    """Gain any one card of the Days That Never Were (a Major asks a forget)."""
    row = state["seats"][ctx["seat"]]
    days = row.get("days", {})
    options = [c for kind in ("minor", "major") for c in days.get(kind, [])]
    if not options:
        return None
    card = fx.ask_or_take(ctx["seat"], "gain_card", options, answer)
    if isinstance(card, fx.Ask):
        return card
    kind = "minor" if card in days.get("minor", []) else "major"
    days[kind].remove(card)
    row["hand"].append(card)
    return fx.frames([{"do": "forget"}], ctx) if kind == "major" else None


@fx.verb("days_add")
def days_add(state, step, ctx, answer):
    """Days That Never Were: the player may add one unchosen card to the set."""
    pick = fx.ask_or_take(ctx["seat"], "days_add", [*step["options"], fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    discard = state.get("power_discard", {}).get(step["kind"], [])
    if pick in discard:
        discard.remove(pick)
    state["seats"][ctx["seat"]].setdefault("days", {}).setdefault(step["kind"], []).append(pick)
    return None


@fx.verb("setup_at")
def setup_at(state, step, ctx, answer):
    """Setup: `n` presence in the lowest/highest-numbered land of the seat's board with
    exactly `dahan` dahan (printed pieces)."""
    board = state["boards"][ctx["seat"]]
    lands = sorted((n for n in state["lands"] if n.startswith(board) and not n.endswith("0")
                    and len(state["lands"][n]["dahan"]) == step["dahan"]), key=lambda n: int(n[1:]))
    if lands:
        land = lands[0] if step.get("pick") == "lowest" else lands[-1]
        pcs.add_presence(state["lands"][land], rb._key(state, ctx["seat"]), step.get("n", 1))
    return None


@fx.verb("setup_days")
def setup_days(state, step, ctx, answer):
    """Deal the Days That Never Were: 4 Minors and 4 Majors face up (6 each with 1-2
    players); in a 1-board game, gain 1 Time."""
    players = len(state["boards"])
    n = 6 if players <= 2 else 4
    days = state["seats"][ctx["seat"]].setdefault("days", {})
    for kind in ("minor", "major"):
        days[kind] = fx.draw_powers(state, kind, n)
    return fx.frames([{"do": "gain_time", "n": 1}], ctx) if players == 1 else None


@fx.verb("reclaim_from")
def reclaim_from(state, step, ctx, answer):
    """The spirit may reclaim 1 card from `piles` (discard, played)."""
    row = state["seats"][ctx["seat"]]
    options = [c for pile in step.get("piles", ["discard"]) for c in row.get(pile, [])]
    if not options:
        return None
    card = fx.ask_or_take(ctx["seat"], "reclaim", [*options, fx.DONE], answer)
    if isinstance(card, fx.Ask) or card == fx.DONE:
        return card if isinstance(card, fx.Ask) else None
    for pile in step.get("piles", ["discard"]):
        if card in row.get(pile, []):
            row[pile].remove(card)
            break
    row["hand"].append(card)
    return None


@fx.verb("play_now")
def play_now(state, step, ctx, answer):
    """The spirit may play a card from its hand now, paying its cost: it joins the played
    cards (its elements count) and this turn's powers still to use (Slip the Flow of Time)."""
    row = state["seats"][ctx["seat"]]
    options = [c for c in row["hand"] if pw.CARDS.get(c, {}).get("cost", 99) <= row["energy"]]
    if not options:
        return None
    name = fx.ask_or_take(ctx["seat"], "play_now", [*options, fx.DONE], answer)
    if isinstance(name, fx.Ask) or name == fx.DONE:
        return name if isinstance(name, fx.Ask) else None
    seat_rows.play_card(row, name, pw.CARDS[name])
    return None


@fx.verb("visions")
def visions(state, step, ctx, answer):
    """Visions of a Shifting Future: look at the top card of the invader or event deck (shown
    to the player in the seat's `secret.seen`), return it and shuffle that deck's top 2; with
    `bottom`, it may go to the bottom instead."""
    secret = state.get("secret", {})
    decks = {"invader": inv.deck(state), "event": secret.get("event_deck", [])}
    if "deck" not in step:
        options = [d for d, cards in decks.items() if cards]
        if not options:
            return None
        pick = fx.ask_or_take(ctx["seat"], "deck", options, answer)
        if isinstance(pick, fx.Ask):
            return pick
        cards = decks[pick]
        state["seats"][ctx["seat"]].setdefault("secret", {})["seen"] = cards[0]
        return [{"step": {**step, "deck": pick}, "ctx": ctx}]
    cards = decks[step["deck"]]
    where = "top"
    if step.get("bottom"):
        where = fx.ask_or_take(ctx["seat"], "visions", ["top", "bottom"], answer)
        if isinstance(where, fx.Ask):
            return where
    if where == "bottom":
        cards.append(cards.pop(0))
    elif len(cards) >= 2:
        from rules.core import Rng

        rng = Rng(state["rng"])
        top = cards[:2]
        rng.shuffle(top)
        state["rng"] = rng.state
        cards[:2] = top
    return None
