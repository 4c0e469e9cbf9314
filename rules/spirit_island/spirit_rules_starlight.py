"""Starlight Seeks Its Form's special rules and verbs (data/spirits_je_b.json): Growth Begets
Growth (growth tracks unlocking options, growth picked one option at a time) and Slowly
Coalescing Nature (an element chosen for each marked track space). Imported by
spirit_rules_b.py."""

from __future__ import annotations

from rules.spirit_island import effects as fx
from rules.spirit_island import powers as pw
from rules.spirit_island import spirit_rules_b as rb
from rules.spirit_island import spirits as sp

# === Starlight Seeks Its Form ==========================================================================
# Four more presence tracks (growth1-4 in the seat's `tracks`): emptying one unlocks a growth
# option (the player picks one of its two for good; it is offered while the track stays
# empty). Marked spaces of the main tracks get an element when first uncovered.

STAR = "Starlight Seeks Its Form"
GROWTH_TRACKS = ("growth1", "growth2", "growth3", "growth4")


@fx.verb("starlight_tracks")
def starlight_tracks(state, step, ctx, answer):
    row = state["seats"][ctx["seat"]]
    for track in GROWTH_TRACKS:
        row["tracks"].setdefault(track, 0)
    row.setdefault("growth_unlocked", {})
    row.setdefault("track_markers", {})
    return None


def _emptied(state: dict, seat: int, track: str) -> bool:
    spaces = sp.SPIRITS[STAR]["tracks"][track]
    return state["seats"][seat]["tracks"].get(track, 0) + 1 >= len(spaces)


def growth_choices(state: dict, seat: int) -> dict[str, list[dict]]:
    """Starlight's growth options now: the 4 it starts with, and each unlocked one whose
    growth track is still empty."""
    options = sp.SPIRITS[STAR]["growth_options"]
    out = {f"base{i}": effect for i, effect in enumerate(options["base"])}
    for key, index in state["seats"][seat].get("growth_unlocked", {}).items():
        if _emptied(state, seat, f"growth{key}"):
            out[f"new{key}"] = options[key][index]
    return out


@fx.verb("starlight_growth")
def starlight_growth(state, step, ctx, answer):
    """Pick `picks` different growth options one at a time (an option unlocked by one pick is
    open to the next)."""
    picks = step.get("picks", 3)
    done = step.get("done", [])
    options = [k for k in growth_choices(state, ctx["seat"]) if k not in done]
    if picks <= 0 or not options:
        return None
    pick = fx.ask_or_take(ctx["seat"], "growth", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    effect = growth_choices(state, ctx["seat"])[pick]
    more = {**step, "picks": picks - 1, "done": [*done, pick]}
    return [*fx.frames(effect, ctx), {"step": more, "ctx": ctx}]


@fx.verb("unlock_growth")
def unlock_growth(state, step, ctx, answer):
    """A growth track emptied for the first time: one of its two options for good."""
    row = state["seats"][ctx["seat"]]
    if step["track"] in row.setdefault("growth_unlocked", {}):
        return None
    pick = fx.ask_or_take(ctx["seat"], "unlock_growth", [0, 1], answer)
    if isinstance(pick, fx.Ask):
        return pick
    row["growth_unlocked"][step["track"]] = pick
    return None


@fx.verb("star_element")
def star_element(state, step, ctx, answer):
    """Slowly Coalescing Nature: the uncovered space gets an element marker for good."""
    markers = state["seats"][ctx["seat"]].setdefault("track_markers", {})
    if step["space"] in markers:
        return None
    element = fx.ask_or_take(ctx["seat"], "track_element", list(sp.ELEMENTS), answer)
    if isinstance(element, fx.Ask):
        return element
    markers[step["space"]] = element
    return None


def track_elements_extra(state: dict, seat: int) -> dict[str, int]:
    """The elements of Starlight's uncovered marked spaces (turn.py adds them each turn)."""
    row = state["seats"][seat]
    out: dict[str, int] = {}
    for space, element in row.get("track_markers", {}).items():
        track, index = space.split(":")
        if int(index) <= row["tracks"].get(track, 0):
            out[element] = out.get(element, 0) + 1
    return out


def _revealed(state: dict, seat: int, before: dict[str, int]) -> list[dict]:
    """What uncovering track spaces brings Starlight: energy, an element, an unlock."""
    row = state["seats"][seat]
    steps: list[dict] = []
    for track, taken in row["tracks"].items():
        for index in range(before.get(track, 0) + 1, taken + 1):
            space = sp.SPIRITS[STAR]["tracks"][track][index]
            if space.get("reveal_energy"):
                row["energy"] += space["reveal_energy"]
            if space.get("starlight_element"):
                steps.append({"do": "star_element", "space": f"{track}:{index}"})
            if space.get("unlock"):
                steps.append({"do": "unlock_growth", "track": space["unlock"]})
    return fx.frames(steps, fx._new_ctx(state, {}, seat=seat, source=STAR)) if steps else []


def _starlight_reveals(name: str) -> None:
    @rb._chain(name)
    def wrapper(previous, state, step, ctx, answer):
        seat = ctx.get("seat")
        if not rb._is(state, seat, STAR, "growth-begets-growth"):
            return previous(state, step, ctx, answer)
        before = dict(state["seats"][seat]["tracks"])
        result = previous(state, step, ctx, answer)
        if isinstance(result, fx.Ask):
            return result
        return _revealed(state, seat, before) + (result or [])


for _verb in ("add_presence", "place_presence"):
    _starlight_reveals(_verb)


@fx.verb("reclaim_half")
def reclaim_half(state, step, ctx, answer):
    """Reclaim half the discarded cards (rounded up), picked one at a time."""
    row = state["seats"][ctx["seat"]]
    n = step.get("n", (len(row["discard"]) + 1) // 2)
    if n <= 0 or not row["discard"]:
        return None
    return fx.frames([{"do": "reclaim", "n": n}], ctx)


@fx.verb("choose_own_land")
def choose_own_land(state, step, ctx, answer):
    """Run `then` in one of the acting spirit's lands."""
    return rb.spirit_land(state, step, {**ctx, "spirit": ctx["seat"]}, answer)


@fx.verb("spirit_here")
def spirit_here(state, step, ctx, answer):
    """Pick a spirit with presence in `ctx.land` (`ctx.spirit`), then run `then`."""
    here = state["lands"][ctx["land"]]["presence"]
    options = [i for i, row in enumerate(state["seats"]) if here.get(row["spirit"])]
    if not options:
        return None
    pick = fx.ask_or_take(ctx["seat"], "target_spirit", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    return fx.frames(step["then"], {**ctx, "spirit": pick})


@fx.verb("forget_card")
def forget_card(state, step, ctx, answer):
    """Forget this named card (wherever it is); `then` if it was there to forget."""
    row = state["seats"][ctx["seat"]]
    for pile in ("hand", "played", "discard"):
        if step["card"] in row.get(pile, []):
            row[pile].remove(step["card"])
            return fx.frames(step.get("then", []), ctx)
    return None


@fx.verb("forget_unique")
def forget_unique(state, step, ctx, answer):
    """The spirit may forget one of its unique power cards; `then` if it does."""
    row = state["seats"][ctx["seat"]]
    options = [c for pile in ("hand", "played", "discard") for c in row.get(pile, [])
               if pw.CARDS.get(c, {}).get("deck") == "unique"]
    if not options:
        return None
    pick = fx.ask_or_take(ctx["seat"], "forget", [*options, fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    return fx.frames([{"do": "forget_card", "card": pick, "then": step["then"]}], ctx)


@fx.verb("at_end_of_turn")
def at_end_of_turn(state, step, ctx, answer):
    """Keep `then` for the end of this turn, after discarding (`run_end_of_turn`)."""
    state["seats"][ctx["seat"]].setdefault("end_of_turn", []).append(step["then"])
    return None


def run_end_of_turn(state: dict, seat: int) -> None:
    """Queue the seat's kept end-of-turn effects (turn.py calls this after discarding)."""
    for effect in state["seats"][seat].pop("end_of_turn", []):
        fx.append(state, effect, {"seat": seat, "source": "end of turn"})


@fx.verb("reimagine")
def reimagine(state, step, ctx, answer):
    """Boon of Reimagining: the target spirit may forget a card from hand or discard; if it
    does, it draws 6 Minors and gains 2. Another spirit also gains 1 energy."""
    target = ctx["spirit"]
    row = state["seats"][target]
    if "drawn" not in step:
        if target != ctx["seat"] and not step.get("paid"):
            row["energy"] += 1
            step = {**step, "paid": True}
            fx.remember(state, paid=True)
        options = row["hand"] + row["discard"]
        if not options:
            return None
        card = fx.ask_or_take(target, "forget", [*options, fx.DONE], answer)
        if isinstance(card, fx.Ask) or card == fx.DONE:
            return card if isinstance(card, fx.Ask) else None
        (row["hand"] if card in row["hand"] else row["discard"]).remove(card)
        drawn = fx.draw_powers(state, "minor", 6)
        return [{"step": {**step, "drawn": drawn, "keep": 2}, "ctx": ctx}] if drawn else None
    drawn, keep = step["drawn"], step["keep"]
    if keep <= 0 or not drawn:
        state.setdefault("power_discard", {}).setdefault("minor", []).extend(drawn)
        return None
    card = fx.ask_or_take(target, "gain_card", drawn, answer)
    if isinstance(card, fx.Ask):
        return card
    row["hand"].append(card)
    rest = [c for c in drawn if c != card]
    return [{"step": {**step, "drawn": rest, "keep": keep - 1}, "ctx": ctx}]
