"""The power, growth and setup verbs of seven expansion spirits (data/spirits_bc_je_a.json):
Sharp Fangs Behind the Leaves and Keeper of the Forbidden Wilds (Branch & Claw), Grinning
Trickster, Lure of the Deep Wilderness, Many Minds Move as One, Stone's Unyielding Defiance
and Shroud of Silent Mist (Jagged Earth). Their special rules, which wrap generic verbs, are
in spirit_rules_a.py (which imports this module; powers.py imports that one).
"""

from __future__ import annotations

from rules.spirit_island import effects as fx
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island import spirits as sp
from rules.spirit_island import tokens as tok
from rules.spirit_island import turn

FANGS, KEEPER, TRICKSTER, LURE, MINDS, STONE, SHROUD = (
    "Sharp Fangs Behind the Leaves",
    "Keeper of the Forbidden Wilds",
    "Grinning Trickster Stirs Up Trouble",
    "Lure of the Deep Wilderness",
    "Many Minds Move as One",
    "Stone's Unyielding Defiance",
    "Shroud of Silent Mist",
)
MINE = (FANGS, KEEPER, TRICKSTER, LURE, MINDS, STONE, SHROUD)
# An invader's damage when it strikes (Incite the Mob, Why Don't You and Them Fight).
ATTACK = {"explorer": 1, "town": 2, "city": 3}
DAHAN_ATTACK = 2


def _key(state: dict, seat: int) -> str:
    return fx.presence_key(state, seat)


def _lands_with_presence(state: dict, seat: int) -> list[str]:
    key = _key(state, seat)
    return [n for n, land in state["lands"].items() if land["presence"].get(key)]


def _energy_cost(option: list[dict]) -> int:
    return -sum(s.get("n", 1) for s in option if s["do"] == "energy" and s.get("n", 1) < 0)


@fx.verb("growth_picks")
def growth_picks(state, step, ctx, answer):
    """Pick `n` different growth options (or one from each of `groups`, lists of option
    indexes); an option that costs energy is offered only when the spirit has it."""
    row = state["seats"][ctx["seat"]]
    options = sp.SPIRITS[row["spirit"]]["growth"]["options"]
    groups = step["groups"] if "groups" in step else [list(range(len(options)))] * step.get("n", 1)
    if not groups:
        return None
    used = step.get("used", [])
    offered = [i for i in groups[0] if i not in used and _energy_cost(options[i]) <= row["energy"]]
    if not offered:
        return [{"step": {**step, "groups": groups[1:], "used": used}, "ctx": ctx}]
    pick = fx.ask_or_take(ctx["seat"], "growth", offered, answer)
    if isinstance(pick, fx.Ask):
        return pick
    rest = {**step, "groups": groups[1:], "used": [*used, pick]}
    return [*fx.frames(options[pick], ctx), {"step": rest, "ctx": ctx}]


@fx.verb("energy_per_card_plays")
def energy_per_card_plays(state, step, ctx, answer):
    """Gain energy equal to the card plays the presence track shows."""
    state["seats"][ctx["seat"]]["energy"] += sp.track_values(state, ctx["seat"])["card_plays"]
    return None


def _shown_spaces(state: dict, seat: int) -> list[dict]:
    row = state["seats"][seat]
    tracks = sp.SPIRITS[row["spirit"]]["tracks"]
    return [s for t in sp.TRACKS for s in tracks[t][: row["tracks"][t] + 1]]


@fx.verb("track_action")
def track_action(state, step, ctx, answer):
    """Run `then` once per uncovered presence-track space carrying `key` (a Spirit-phase
    action printed on the track: Trickster's push, Shroud's move, Many Minds' card)."""
    n = sum(1 for s in _shown_spaces(state, ctx["seat"]) if s.get(step["key"]))
    return fx.frames(step["then"] * n, ctx)


@fx.verb("track_card_plays")
def track_card_plays(state, step, ctx, answer):
    """Stone: each uncovered "+1 card play" space adds a card play this turn
    (`card_plays_bonus`), and the first time each is uncovered a Minor Power is gained
    (Deep Layers Exposed to the Surface)."""
    row = state["seats"][ctx["seat"]]
    shown = [i for i, s in enumerate(_energy_spaces(state, ctx["seat"])) if s.get("card_plays_bonus")]
    row["card_plays_bonus"] = row.get("card_plays_bonus", 0) + len(shown)
    seen = row.setdefault("deep_layers", [])
    new = [i for i in shown if i not in seen]
    seen += new
    return fx.frames([{"do": "gain_card", "kind": "minor"}] * len(new), ctx)


def _energy_spaces(state: dict, seat: int) -> list[dict]:
    row = state["seats"][seat]
    return sp.SPIRITS[row["spirit"]]["tracks"]["energy"][: row["tracks"]["energy"] + 1]


def _near(state: dict, land: str) -> list[str]:
    return [land, *isl.neighbours(tuple(state["boards"]), land)]


def _counted(state: dict, spec: dict, ctx: dict) -> int:
    seat, land = ctx["seat"], ctx.get("land")
    elements = state["seats"][seat].get("elements", {})
    if "sacred_sites_near" in spec:  # your sacred sites in or next to the land
        value = len(set(_near(state, land)) & set(sp.sacred_sites(state, seat)))
    elif "presence_adjacent" in spec:  # adjacent lands holding your presence
        value = len(set(isl.adjacent(tuple(state["boards"]), land))
                    & set(_lands_with_presence(state, seat)))
    elif "kinds" in spec:  # pieces or tokens of several kinds in the land
        value = sum(fx.count(state, state["lands"][land], k, ctx) for k in spec["kinds"])
        value += "beasts" in spec["kinds"] and land in _swarm_sites(state, seat)
    elif "pairs" in spec:  # sets of these elements the spirit has
        value = min(elements.get(e, 0) for e in spec["pairs"])
    elif "element" in spec:
        value = elements.get(spec["element"], 0)
    elif "presence" in spec:  # your presence in the land
        value = fx.count(state, state["lands"][land], "presence", ctx)
    else:
        raise ValueError(f"cannot count {spec}")
    value //= spec.get("div", 1)
    return min(value * spec.get("times", 1), spec.get("max", value * spec.get("times", 1)))


@fx.verb("per_a")
def per_a(state, step, ctx, answer):
    """Run `then` with `n` set to a count: `sacred_sites_near`, `presence_adjacent`, `kinds`
    (a list, summed), `pairs` (elements, the fewest of them), `element`, `presence`; `div`
    (rounded down), `times`, `max`; with `plus` added to the step's own `n`."""
    n = _counted(state, step["count"], ctx) + step.get("plus", 0)
    return fx.frames([{**step["then"], "n": n}], ctx) if n > 0 else None


@fx.verb("if_can_gather")
def if_can_gather(state, step, ctx, answer):
    """`then` if an adjacent land holds one of `kinds` (something could be gathered), else
    `else`."""
    here = ctx["land"]
    near = isl.neighbours(tuple(state["boards"]), here)
    can = any(fx.count(state, state["lands"][n], k, ctx) for n in near for k in step["kinds"])
    return fx.frames(step["then"] if can else step.get("else", []), ctx)


def _invader_options(land: dict, strife_only: bool = False) -> list[list]:
    out = []
    for kind in pcs.INVADERS:
        for i in range(len(land[kind])):
            if not strife_only or pcs.strife(land, kind)[i]:
                out.append([kind, i])
    return out


@fx.verb("duel")
def duel(state, step, ctx, answer):
    """1 invader and 1 dahan of the chooser's picks deal their damage to each other at once
    (Why Don't You and Them Fight)."""
    land = state["lands"][ctx["land"]]
    options = _invader_options(land)
    if not options or not land["dahan"]:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "invader", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    kind, index = pick
    pcs.sort_pieces(land, "dahan")
    land["dahan"][0] += ATTACK[kind]
    land[kind][index] += DAHAN_ATTACK
    if land[kind][index] >= pcs.health(state, land, kind, index):
        pcs.destroy(state, land, kind, index)
    if land["dahan"][0] >= pcs.health(state, land, "dahan", 0):
        pcs.destroy(state, land, "dahan", 0)
    return None


@fx.verb("incite")
def incite(state, step, ctx, answer):
    """Incite the Mob: 1 invader with strife deals its damage to the other invaders (set
    aside while the damage is assigned); 1 fear per invader destroyed."""
    land = state["lands"][ctx["land"]]
    options = _invader_options(land, strife_only=True)
    if not options:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "invader", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    kind, index = pick
    damage, marks = pcs.take(land, kind, index)
    before = pcs.invader_count(land)
    back = {"do": "incite_end", "kind": kind, "damage": damage, "marks": marks, "before": before}
    return fx.frames([{"do": "damage", "n": ATTACK[kind]}, back], ctx)


@fx.verb("incite_end")
def incite_end(state, step, ctx, answer):
    land = state["lands"][ctx["land"]]
    fx.earn_fear(state, max(0, step["before"] - pcs.invader_count(land)))
    pcs.put(land, step["kind"], step["damage"], step["marks"])
    return None


def _at_most(effect: list[dict]) -> list[dict]:
    """A card's steps with every "up to" taken at its maximum and every choice taken whole
    ("or" read as "and")."""
    out: list[dict] = []
    for step in effect:
        if step["do"] == "choose":
            for option in step["options"]:
                out += _at_most(option)
            continue
        if step["do"] == "may":
            out += _at_most(step["then"])
            continue
        step = {k: v for k, v in step.items() if k != "up_to"}
        for key in ("then", "else"):
            if isinstance(step.get(key), list):
                step[key] = _at_most(step[key])
        out.append(step)
    return out


@fx.verb("lets_see")
def lets_see(state, step, ctx, answer):
    """Discard Minor Powers until one targets a land; its steps run in ctx.land at their
    maximum (`_at_most`); `keep`: the spirit may then forget a card to take it, and 1 energy."""
    seen = 0
    while seen < 60:  # a deck with no land-targeting card cannot loop for ever
        drawn = fx.draw_powers(state, "minor", 1)
        if not drawn:
            return None
        state.setdefault("power_discard", {}).setdefault("minor", []).extend(drawn)
        card = pw.CARDS.get(drawn[0])
        seen += 1
        if card and card["target"]["do"] == "target_land":
            break
    else:
        return None
    out = fx.frames(_at_most(card["effect"]), {**ctx, "source": "Let's See What Happens"})
    if step.get("keep"):
        out += fx.frames([{"do": "may", "then": [
            {"do": "forget"}, {"do": "take_discarded", "card": drawn[0]}, {"do": "energy", "n": 1}]}],
            ctx)
    return out


@fx.verb("take_discarded")
def take_discarded(state, step, ctx, answer):
    """The spirit takes `card` from the minor discard into its hand."""
    pile = state.setdefault("power_discard", {}).setdefault("minor", [])
    if step["card"] in pile:
        pile.remove(step["card"])
        state["seats"][ctx["seat"]]["hand"].append(step["card"])
    return None


@fx.verb("replace_presence")
def replace_presence(state, step, ctx, answer):
    """The spirit (or with `spirit`: ctx.spirit) may replace 1 of its presence with a token
    `kind`; the presence leaves the game (Call Forth Predators, Gift of the Untamed Wild)."""
    seat = ctx["spirit"] if step.get("spirit") else ctx["seat"]
    lands = _lands_with_presence(state, seat)
    if not lands:
        return None
    options = [*lands, fx.DONE] if step.get("optional") else lands
    pick = fx.ask_or_take(seat, "replace_presence", options, answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    pcs.destroy_presence(state["lands"][pick], _key(state, seat))
    state["lands"][pick][step["kind"]] += 1
    return None


@fx.verb("own_land")
def own_land(state, step, ctx, answer):
    """ctx.spirit (or the acting spirit) picks one of its lands and runs `then` there."""
    seat = ctx["spirit"] if step.get("spirit") else ctx["seat"]
    lands = _lands_with_presence(state, seat)
    if not lands:
        return None
    pick = fx.ask_or_take(seat, "land", lands, answer)
    if isinstance(pick, fx.Ask):
        return pick
    return fx.frames(step["then"], {**ctx, "land": pick})


@fx.verb("add_within")
def add_within(state, step, ctx, answer):
    """Add `n` `kind` to a land within `range` of ctx.land (the acting player picks)."""
    options = fx.within(state, [ctx["land"]], step.get("range", 1))
    pick = fx.ask_or_take(fx.chooser(ctx), "land", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    return fx.frames([{"do": "add", "kind": step["kind"], "n": step.get("n", 1)}],
                     {**ctx, "land": pick})


def _setup_lands(state: dict, seat: int, where: dict) -> list[str]:
    board = state["boards"][seat]
    filt = {k: v for k, v in where.items() if k not in ("number", "near_presence")}
    lands = [n for n in fx.lands_matching(state, {**filt, "board": board}, {"seat": seat})
             if "number" not in where or int(n[1:]) == where["number"]]
    if where.get("near_presence"):
        mine = _lands_with_presence(state, seat)
        lands = [n for n in lands if n not in mine
                 and set(isl.adjacent(tuple(state["boards"]), n)) & set(mine)]
    return sorted(lands, key=lambda n: int(n[1:]))


@fx.verb("setup_place")
def setup_place(state, step, ctx, answer):
    """Setup on the seat's board: `presence` and `tokens` ({kind: n}) into the land the first
    matching filter of `where_any` picks (`pick`: `highest`, `lowest`, or the player's
    choice). Filters are land filters plus `number` and `near_presence` (next to a land
    with this spirit's presence)."""
    seat = ctx["seat"]
    lands: list[str] = []
    for where in step["where_any"]:
        lands = _setup_lands(state, seat, where)
        if lands:
            break
    if not lands:
        return None
    pick = step.get("pick", "choice")
    if pick in ("highest", "lowest"):
        lands = [lands[-1] if pick == "highest" else lands[0]]
    land_name = fx.ask_or_take(seat, "setup_presence", lands, answer)
    if isinstance(land_name, fx.Ask):
        return land_name
    land = state["lands"][land_name]
    if step.get("presence"):
        pcs.add_presence(land, _key(state, seat), step["presence"])
    for kind, n in step.get("tokens", {}).items():
        land[kind] += n
    return None


@fx.verb("setup_presence_island")
def setup_presence_island(state, step, ctx, answer):
    """Setup: 1 presence into a land of the player's choice anywhere matching `where`."""
    lands = fx.lands_matching(state, step["where"], ctx)
    if not lands:
        return None
    pick = fx.ask_or_take(ctx["seat"], "setup_presence", lands, answer)
    if isinstance(pick, fx.Ask):
        return pick
    pcs.add_presence(state["lands"][pick], _key(state, ctx["seat"]))
    return None


def _active(state: dict, seat, spirit: str, rule: str) -> bool:
    return pw._rule(state, seat, spirit, rule)


@fx.verb("repeat_innate")
def repeat_innate(state, step, ctx, answer):
    """Run the innate `name`'s reached tiers again (without this repeating tier) in ctx.land."""
    effect = pw.innate_effect(state, ctx["seat"], step["name"])[1:]
    return fx.frames([s for s in effect if s["do"] != "repeat_innate"], ctx)


# Explorers a replaced piece becomes (Forsake Society to Chase After Dreams).
DISSOLVE = {"explorer": 1, "town": 2, "city": 3}


@fx.verb("dissolve")
def dissolve(state, step, ctx, answer):
    """Replace 1 piece of one of `kinds` with explorers (DISSOLVE); the player may move those
    explorers into adjacent lands with its presence; then 1 fear if a town or city is left."""
    here = ctx["land"]
    land = state["lands"][here]
    if "moving" not in step:
        kinds = [k for k in step["kinds"] if land[k]]
        if not kinds:
            return None
        kind = fx.ask_or_take(fx.chooser(ctx), "replace", kinds, answer)
        if isinstance(kind, fx.Ask):
            return kind
        pcs.sort_pieces(land, kind)
        pcs.remove(land, kind, 0)
        pcs.add(land, "explorer", DISSOLVE[kind])
        return [{"step": {**step, "moving": DISSOLVE[kind]}, "ctx": ctx}]
    mine = set(_lands_with_presence(state, ctx["seat"]))
    near = [n for n in isl.neighbours(tuple(state["boards"]), here) if n in mine]
    if step["moving"] and near and land["explorer"]:
        pick = fx.ask_or_take(ctx["seat"], "gather", [*near, fx.DONE], answer)
        if isinstance(pick, fx.Ask):
            return pick
        if pick != fx.DONE:
            pcs.put(state["lands"][pick], "explorer", 0, 0)
            pcs.take(land, "explorer", -1)
            return [{"step": {**step, "moving": step["moving"] - 1}, "ctx": ctx}]
    if land["town"] or land["city"]:
        fx.earn_fear(state, 1)
    return None


@fx.verb("dreadful_tide")
def dreadful_tide(state, step, ctx, answer):
    """Remove up to half the beasts (rounded down); per beasts removed, 2 fear and the
    invaders skip one action there."""
    land = state["lands"][ctx["land"]]
    most = land["beasts"] // 2
    if most <= 0:
        return None
    n = fx.ask_or_take(fx.chooser(ctx), "remove", list(range(most + 1)), answer)
    if isinstance(n, fx.Ask):
        return n
    land["beasts"] -= n
    fx.earn_fear(state, 2 * n)
    for _ in range(n):
        tok.add_skip(state, ctx["land"], "any")
    return None


@fx.verb("guide")
def guide(state, step, ctx, answer):
    """Guide the Way on Feathered Wings: move 1 beasts from ctx.land up to 2 lands away; up to
    2 dahan go along with it (to its last land)."""
    here = ctx["land"]
    land = state["lands"][here]
    if "to" not in step:
        if not land["beasts"]:
            return None
        options = [n for n in fx.within(state, [here], 2) if n != here]
        to = fx.ask_or_take(fx.chooser(ctx), "move", options, answer)
        if isinstance(to, fx.Ask):
            return to
        land["beasts"] -= 1
        state["lands"][to]["beasts"] += 1
        return [{"step": {**step, "to": to, "n": 2}, "ctx": ctx}]
    if not step["n"] or not land["dahan"]:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "move", ["dahan", fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    damage, _ = pcs.take(land, "dahan", 0)
    pcs.put(state["lands"][step["to"]], "dahan", damage)
    return [{"step": {**step, "n": step["n"] - 1}, "ctx": ctx}]


@fx.verb("damage_different")
def damage_different(state, step, ctx, answer):
    """1 damage to each of `n` different invaders (the chooser picks them one by one)."""
    land = state["lands"][ctx["land"]]
    hit = [tuple(h) for h in step.get("hit", [])]
    options = [o for o in _invader_options(land) if tuple(o) not in hit]
    if step.get("n", 1) <= 0 or not options:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "damage", options, answer)
    if isinstance(pick, fx.Ask):
        return pick
    kind, index = pick
    land[kind][index] += 1
    if land[kind][index] >= pcs.health(state, land, kind, index):
        pcs.destroy(state, land, kind, index)
        hit = [(k, i - 1 if k == kind and i > index else i) for k, i in hit]
    else:
        hit.append((kind, index))
    return [{"step": {**step, "n": step.get("n", 1) - 1, "hit": hit}, "ctx": ctx}]


@fx.verb("sit_out_damaged")
def sit_out_damaged(state, step, ctx, answer):
    """Up to `n` damaged invaders do not participate in the ravage here this turn."""
    land = state["lands"][ctx["land"]]
    out = tok.marks(state, ctx["land"]).get("sit_out", {})
    kinds = [k for k in pcs.INVADERS if sum(1 for d in land[k] if d) > out.get(k, 0)]
    if step.get("n", 1) <= 0 or not kinds:
        return None
    pick = fx.ask_or_take(fx.chooser(ctx), "sit_out", [*kinds, fx.DONE], answer)
    if isinstance(pick, fx.Ask) or pick == fx.DONE:
        return pick if isinstance(pick, fx.Ask) else None
    tok.sit_out(state, ctx["land"], pick)
    return [{"step": {**step, "n": step.get("n", 1) - 1}, "ctx": ctx}]


@fx.verb("blight_to_box")
def blight_to_box(state, step, ctx, answer):
    """Remove 1 blight from ctx.land to the box (not the blight card)."""
    land = state["lands"][ctx["land"]]
    if land["blight"]:
        land["blight"] -= 1
        _box(state, -1)
    return None


def _box(state: dict, n: int) -> None:
    """`blight_box`: net blight brought onto the island from the box (minus blight put back
    there), so card + island - blight_box stays constant (for the invariant checks)."""
    state["blight_box"] = state.get("blight_box", 0) + n


@fx.verb("target_self")
def target_self(state, step, ctx, answer):
    """An innate that targets the spirit itself."""
    fx.set_ctx(state, ctx, spirit=ctx["seat"])
    return None


@fx.verb("break_on_stone")
def break_on_stone(state, step, ctx, answer):
    """Let Them Break Themselves Against the Stone: this turn, after invaders deal damage to
    ctx.land, 2 damage to them there (with `half`: plus half the damage they dealt)."""
    marks = fx.turn_marks(state, ctx["land"]).setdefault("break_on_stone", [])
    marks.append({"seat": ctx["seat"], "half": bool(step.get("half"))})
    rules = state.setdefault("rules", [])
    if "break-on-stone" not in rules:
        rules.append("break-on-stone")
    return None


@fx.verb("bulwark")
def bulwark(state, step, ctx, answer):
    """Hold the Island Fast with a Bulwark of Will: this turn the spirit pays `cost` energy
    per blight added to its lands to take it from the box (not the card)."""
    fx.turn_marks(state, "island").setdefault("bulwark", {})[str(ctx["seat"])] = step["cost"]
    rules = state.setdefault("rules", [])
    if "bulwark" not in rules:
        rules.append("bulwark")
    return None


@fx.verb("pay_for_card")
def pay_for_card(state, step, ctx, answer):
    """The spirit may pay `n` energy to gain a power card (Many Minds' track space)."""
    if state["seats"][ctx["seat"]]["energy"] < step.get("n", 2):
        return None
    pick = fx.ask_or_take(ctx["seat"], "may", ["yes", "no"], answer)
    if isinstance(pick, fx.Ask) or pick == "no":
        return pick if isinstance(pick, fx.Ask) else None
    state["seats"][ctx["seat"]]["energy"] -= step.get("n", 2)
    return fx.frames([{"do": "gain_card", "kind": "any"}], ctx)


def _presence_counts(state: dict, seat: int) -> dict[str, int]:
    key = _key(state, seat)
    return {n: land["presence"].get(key, 0) for n, land in state["lands"].items()}


@fx.verb("add_presence_beasts")
def add_presence_beasts(state, step, ctx, answer):
    """Add a presence (range `range`) and 1 beasts in the land it went to."""
    place = {k: v for k, v in step.items() if k != "do"}
    after = {"do": "beasts_where_added", "before": _presence_counts(state, ctx["seat"])}
    return fx.frames([{**place, "do": "add_presence"}, after], ctx)


@fx.verb("beasts_where_added")
def beasts_where_added(state, step, ctx, answer):
    now = _presence_counts(state, ctx["seat"])
    for name, n in now.items():
        if n > step["before"].get(name, 0):
            state["lands"][name]["beasts"] += 1
    return None



@fx.verb("split_damage")
def split_damage(state, step, ctx, answer):
    """`n` damage, which the spirit may split between ctx.land and one other land of its
    own (Punish Those Who Trespass at 4 Plant): first the other land (or none), then how
    much goes there."""
    n = step.get("n", 0)
    if "other" not in step:
        lands = [x for x in _lands_with_presence(state, ctx["seat"]) if x != ctx["land"]]
        other = fx.ask_or_take(ctx["seat"], "land", [*lands, fx.DONE], answer) if lands else fx.DONE
        if isinstance(other, fx.Ask):
            return other
        if other == fx.DONE:
            return fx.frames([{"do": "damage", "n": n}], ctx)
        return [{"step": {**step, "other": other}, "ctx": ctx}]
    there = fx.ask_or_take(ctx["seat"], "split", list(range(n + 1)), answer)
    if isinstance(there, fx.Ask):
        return there
    return (fx.frames([{"do": "damage", "n": n - there}], ctx)
            + fx.frames([{"do": "damage", "n": there}], {**ctx, "land": step["other"]}))


@fx.verb("count_explorers")
def count_explorers(state, step, ctx, answer):
    """Never Heard from Again: note the explorers in ctx.land when the power starts (once a
    turn; its repeat keeps the first count)."""
    marks = fx.turn_marks(state, ctx["land"])
    if "never_heard" not in marks:
        marks["never_heard"] = {"before": len(state["lands"][ctx["land"]]["explorer"]), "paid": 0}
    return None


@fx.verb("explorer_fear")
def explorer_fear(state, step, ctx, answer):
    """1 fear once the power has destroyed any explorer, 1 more at 5 (paid as it goes)."""
    mark = fx.turn_marks(state, ctx["land"]).get("never_heard")
    if not mark:
        return None
    gone = mark["before"] - len(state["lands"][ctx["land"]]["explorer"])
    due = (gone >= 1) + (gone >= 5)
    fx.earn_fear(state, max(0, due - mark["paid"]))
    mark["paid"] = max(mark["paid"], due)
    return None


def _swarm_sites(state: dict, seat) -> list[str]:
    """Many Minds' sacred sites, which its own powers may count (and move) as 1 beasts each."""
    if not _active(state, seat, MINDS, "joining-of-swarms"):
        return []
    return sp.sacred_sites(state, seat)


@fx.verb("if_beasts")
def if_beasts(state, step, ctx, answer):
    """`then` if ctx.land holds `at_least` beasts (Many Minds' sacred site counting as 1),
    else `else`."""
    n = state["lands"][ctx["land"]]["beasts"] + (ctx["land"] in _swarm_sites(state, ctx.get("seat")))
    return fx.frames(step["then"] if n >= step["at_least"] else step.get("else", []), ctx)


@fx.verb("gather_other_presence")
def gather_other_presence(state, step, ctx, answer):
    """Flowing and Silent Forms Dart By: the spirit may gather into ctx.land 1 presence (or a
    sacred site: 2 together) of another spirit from an adjacent land, if that spirit agrees."""
    here = ctx["land"]
    if "pick" not in step:
        options = []
        for other, row in enumerate(state["seats"]):
            if other == ctx["seat"]:
                continue
            for n in isl.neighbours(tuple(state["boards"]), here):
                have = state["lands"][n]["presence"].get(row["spirit"], 0)
                options += [[other, n, 1]] if have else []
                options += [[other, n, 2]] if have >= 2 else []
        if not options:
            return None
        pick = fx.ask_or_take(ctx["seat"], "gather_presence", [*options, fx.DONE], answer)
        if isinstance(pick, fx.Ask) or pick == fx.DONE:
            return pick if isinstance(pick, fx.Ask) else None
        return [{"step": {**step, "pick": pick}, "ctx": ctx}]
    other, source, n = step["pick"]
    agree = fx.ask_or_take(other, "may", ["yes", "no"], answer)
    if isinstance(agree, fx.Ask) or agree == "no":
        return agree if isinstance(agree, fx.Ask) else None
    key = _key(state, other)
    for _ in range(n):
        pcs.destroy_presence(state["lands"][source], key)  # a move, not destroyed
        pcs.add_presence(state["lands"][here], key)
    return None


@fx.verb("solid_dahan")
def solid_dahan(state, step, ctx, answer):
    """This turn the dahan in ctx.land cannot be damaged, destroyed, removed, replaced or
    moved (the verbs below see none there; dahan may still arrive)."""
    fx.turn_marks(state, ctx["land"])["solid_dahan"] = True
    return None


def may_be_slow(state: dict, seat: int, name: str) -> bool:
    """Why Don't You and Them Fight at 3 Moon: this Fast innate may be used in the Slow
    phase instead (the innate's `may_be_slow` elements, which the seat has this turn)."""
    need = (pw.INNATES.get(name) or {}).get("may_be_slow")
    have = pw._elements(state, seat)
    return bool(need) and all(have.get(e, 0) >= n for e, n in need.items())


# A power phase choice beside the powers (turn.RESOLVE_EXTRAS): keep such an innate for the
# Slow phase (its speed this turn becomes Slow: `speed_now`, cleared as time passes).
SLOW_BY_ITSELF = "slow_by_itself"
if "speed_now" not in pw.TURN_KEYS:
    pw.TURN_KEYS = (*pw.TURN_KEYS, "speed_now")


def _slow_by_itself_options(state: dict, seat: int) -> list[list]:
    if state.get("phase") != "fast":
        return []
    return [[SLOW_BY_ITSELF, p] for p in state["seats"][seat].get("powers", [])
            if turn.seat_speed(state, seat, p) == "fast" and may_be_slow(state, seat, p)
            and turn._usable(state, seat, p)]


def _keep_for_slow(state: dict, seat: int, power: str) -> None:
    state["seats"][seat].setdefault("speed_now", {})[power] = "slow"
    turn.note(state, "power_as_slow", s=seat, power=power)


turn.RESOLVE_EXTRAS[SLOW_BY_ITSELF] = (_slow_by_itself_options, _keep_for_slow)
