"""Pieces on the island, their health and damage, blight and the blight card, presence,
and the Branch & Claw / Jagged Earth tokens that sit in lands.

A land's state is a plain dict. Invaders and dahan are lists of the damage each piece has
taken this turn, so `{"town": [0, 1]}` is two towns, one with 1 damage; blight, presence
and the land tokens (`beasts`, `disease`, `wilds`, `badlands`) are counts. Strife sits on
single invaders: `land["strife"][kind]` is a list aligned with `land[kind]` (the strife
on each piece), so `{"town": [0, 1], "strife": {"town": [2, 0], ...}}` is an undamaged town
with 2 strife and a damaged one without. Move, take and destroy pieces through this module
(`take`/`put`, `destroy`, `remove`, `damage`) so the strife stays with its piece; code that
pops `land[kind]` directly leaves the strife list to be realigned (`strife()` pads or cuts
it to the pieces' count). Damage heals at time passes; strife stays until used or removed.
"""

from __future__ import annotations

from rules.spirit_island.hooks import fire

INVADERS = ("explorer", "town", "city")
HEALTH = {"explorer": 1, "town": 2, "city": 3, "dahan": 2}
# Damage each piece deals when it ravages or counterattacks.
ATTACK = {"explorer": 1, "town": 2, "city": 3, "dahan": 2}
FEAR_ON_DESTROY = {"explorer": 0, "town": 1, "city": 2, "dahan": 0}
# Tokens kept as a count per land (Branch & Claw, Jagged Earth). Strife is per invader.
LAND_TOKENS = ("beasts", "disease", "wilds", "badlands")
# The this-turn markers that are not one land's (tokens.py): `state["turn_marks"][ISLAND]`.
ISLAND = "island"


def empty_land() -> dict:
    return {
        "explorer": [],
        "town": [],
        "city": [],
        "dahan": [],
        "blight": 0,
        "presence": {},
        **{token: 0 for token in LAND_TOKENS},
        "strife": {kind: [] for kind in INVADERS},
    }


def count(land: dict, kind: str) -> int:
    held = land.get(kind, 0)
    return held if isinstance(held, int) else len(held)


def invader_count(land: dict) -> int:
    return sum(len(land[kind]) for kind in INVADERS)


def add(land: dict, kind: str, n: int = 1) -> None:
    """Add undamaged pieces, or tokens and blight as counts (setup: no blight card here)."""
    if kind == "blight" or kind in LAND_TOKENS:
        land[kind] = land.get(kind, 0) + n
        return
    land[kind].extend([0] * n)
    if kind in INVADERS:
        strife(land, kind)


def strife(land: dict, kind: str) -> list[int]:
    """The strife on each piece of an invader kind, aligned with `land[kind]`."""
    table = land.setdefault("strife", {})
    held = table.setdefault(kind, [])
    n = len(land[kind])
    if len(held) != n:
        del held[n:]
        held.extend([0] * (n - len(held)))
    return held


def take(land: dict, kind: str, index: int = -1) -> tuple[int, int]:
    """Take one piece off the land: (its damage, its strife). No fear, no triggers."""
    marks = strife(land, kind).pop(index) if kind in INVADERS else 0
    return land[kind].pop(index), marks


def put(land: dict, kind: str, taken: int = 0, marks: int = 0) -> None:
    """Put a piece with its damage (and strife, for an invader) into the land."""
    if kind in INVADERS:
        strife(land, kind).append(marks)
    land[kind].append(taken)


def sort_pieces(land: dict, kind: str) -> None:
    """Most damaged first; among equals, pieces without strife first (the ones worth hurting)."""
    if kind not in INVADERS:
        land[kind].sort(reverse=True)
        return
    pairs = sorted(zip(land[kind], strife(land, kind), strict=True), key=lambda p: (-p[0], p[1]))
    land[kind][:] = [d for d, _ in pairs]
    land["strife"][kind][:] = [s for _, s in pairs]


def gain_fear(state: dict, n: int) -> None:
    """Fear from a destroyed piece: into the fear pool once it is set up, and tallied."""
    state["fear_earned"] = state.get("fear_earned", 0) + n
    if n and isinstance(state.get("fear"), dict):
        from rules.spirit_island import fear  # the pool and its cards (FEAR helper's module)

        fear.earn(state, n)


def action_key(state: dict) -> list:
    """Which Action is running, for rules that act once per Action: an invader action
    (`state["action"]`, set by invaders.py while it runs one) or the effect whose step is
    running (the first queued frame's context id)."""
    if state.get("action") is not None:
        return [state.get("turn", 0), "invaders", state["action"]]
    queue = state.get("queue") or [{}]
    return [state.get("turn", 0), "effect", queue[0].get("ctx", {}).get("id")]


def destroy(state: dict, land: dict, kind: str, index: int = -1, by_damage: bool = False) -> bool:
    """Destroy one piece (by damage or outright): towns and cities give fear; its strife
    returns to the supply. Every way a piece is destroyed comes here, so rules hook it: a
    `destroy_piece` handler returning False stops it (and does what happens instead),
    `destroy_fear` False gives no fear, `destroyed` acts after. Returns whether it was."""
    name = land_name(state, land) if state.get("rules") else None
    if name is not None and False in fire(
        state, "destroy_piece", land=name, kind=kind, index=index, by_damage=by_damage,
        destroy_all=bool(state.get("destroy_all")),
    ):
        return False
    take(land, kind, index)
    if name is None or False not in fire(state, "destroy_fear", land=name, kind=kind):
        gain_fear(state, FEAR_ON_DESTROY[kind])
    if name is not None:
        fire(state, "destroyed", land=name, kind=kind)
        if kind == "dahan":
            dahan_left(state, land)
    return True


def remove(land: dict, kind: str, index: int = -1) -> None:
    """Take a piece off without destroying it: no fear (errata B6)."""
    if kind == "blight" or kind in LAND_TOKENS:
        if not land.get(kind):
            raise ValueError(f"no {kind} to remove")
        land[kind] -= 1
        return
    take(land, kind, index)


def land_name(state: dict, land: dict) -> str | None:
    return next((n for n, row in state.get("lands", {}).items() if row is land), None)


def health(state: dict, land: dict, kind: str, index: int = 0) -> int:
    """A piece's health now (digest 4.15.4): the printed value, plus what `health` hooks
    add (e.g. durable towns), less 1 per strife while a fear card says so this turn
    (`turn_marks["island"]["strife_weakens"]`, errata A7; strife a `strife_ignored` rule
    ignores does not count); never below 1."""
    points = HEALTH[kind]
    name = land_name(state, land) if state.get("rules") else None
    if name is not None:
        points += sum(fire(state, "health", land=name, kind=kind))
    if kind in INVADERS and state.get("turn_marks", {}).get(ISLAND, {}).get("strife_weakens"):
        ignored = sum(fire(state, "strife_ignored")) if state.get("rules") else 0
        points -= max(0, strife(land, kind)[index] - ignored)
    return max(1, points)


def check_health(state: dict, land: dict, kind: str) -> None:
    """Destroy at once every piece whose damage reached its (changed) health."""
    for index in range(len(land[kind]) - 1, -1, -1):
        if land[kind][index] and land[kind][index] >= health(state, land, kind, index):
            destroy(state, land, kind, index, by_damage=True)


def arrived(state: dict, land: dict, kind: str, moved: bool) -> None:
    """A piece was just added to (`moved` False) or moved into `land`, last of its kind
    there: fire `arrived` (arrivals.py's watches)."""
    name = land_name(state, land) if state.get("rules") else None
    if name is not None:
        fire(state, "arrived", land=name, kind=kind, moved=moved)
        if kind == "dahan" and moved:  # from a land this does not know
            dahan_left(state)


def dahan_left(state: dict, land: dict | None = None) -> None:
    """Dahan just left `land` (destroyed, removed, moved or replaced; None: somewhere on the
    island): a health that depends on them (Remnants of a Spirit's Heart: invaders +1 where
    there are dahan) may drop, so the invaders there are checked against it. Only damaged
    pieces are looked at, so checking the whole island is cheap."""
    if not state.get("rules"):
        return
    for here in [land] if land is not None else list(state.get("lands", {}).values()):
        for kind in INVADERS:
            check_health(state, here, kind)


def check_land_health(state: dict, land: dict) -> None:
    """`check_health` for every kind of piece that has health, in one land (its blight,
    dahan or the rules in force changed)."""
    for kind in (*INVADERS, "dahan"):
        check_health(state, land, kind)


def check_all_health(state: dict) -> None:
    """`check_land_health` everywhere: a health change (an event's) came into force."""
    for land in list(state.get("lands", {}).values()):
        check_land_health(state, land)


def damage(state: dict, land: dict, kind: str, amount: int, index: int = 0) -> int:
    """Deal up to `amount` damage to one piece; destroyed once damage >= health.

    Returns the damage used (never more than the piece had health left).
    """
    taken = land[kind][index]
    points = health(state, land, kind, index)
    used = max(0, min(amount, points - taken))
    land[kind][index] = taken + used
    if land[kind][index] >= points:
        destroy(state, land, kind, index, by_damage=True)
    return used


def damage_dahan(state: dict, land: dict, amount: int, save: int = 0) -> int:
    """Invader damage to dahan destroys as many dahan as possible: most damaged first.

    `save`: how many dahan this Action cannot destroy (digest 4.15.5): a dahan that would
    die is saved instead, its damage removed, and takes no more damage from this Action.
    Returns how many were saved.
    """
    saved = []
    while amount > 0 and land["dahan"]:
        land["dahan"].sort(reverse=True)
        points = health(state, land, "dahan")
        used = max(0, min(amount, points - land["dahan"][0]))
        if save and land["dahan"][0] + used >= points:
            land["dahan"].pop(0)
            saved.append(0)
            save -= 1
            amount -= used
            continue
        amount -= damage(state, land, "dahan", amount, 0)
    land["dahan"].extend(saved)
    return len(saved)


def heal(land: dict) -> None:
    """Time passes: every piece's damage is removed (strife stays on its piece)."""
    for kind in (*INVADERS, "dahan"):
        land[kind] = [0] * len(land[kind])


def add_presence(land: dict, spirit: str, n: int = 1) -> None:
    land["presence"][spirit] = land["presence"].get(spirit, 0) + n


def destroy_presence(land: dict, spirit: str) -> None:
    left = land["presence"].get(spirit, 0) - 1
    if left > 0:
        land["presence"][spirit] = left
    else:
        land["presence"].pop(spirit, None)


def presence_note(state: dict, land: dict) -> dict:
    """What `count_destroyed` compares with: the land's presence and each spirit's
    destroyed presence, before blight destroys some."""
    return {"presence": dict(land["presence"]),
            "destroyed": {row["spirit"]: row.get("destroyed", 0) for row in state.get("seats", ())}}


def count_destroyed(state: dict, land: dict, note: dict) -> None:
    """Presence gone from `land` since `note` was destroyed (not removed): it joins its
    spirit's destroyed presence, where powers may bring it back. Presence a rule put back
    (Bestow the Endurance of Bedrock) is not counted, nor twice what a rule that destroyed
    more already counted (All Things Weaken)."""
    for row in state.get("seats", ()):
        spirit = row["spirit"]
        gone = note["presence"].get(spirit, 0) - land["presence"].get(spirit, 0)
        counted = row.get("destroyed", 0) - note["destroyed"].get(spirit, 0)
        if gone > counted:
            row["destroyed"] = row.get("destroyed", 0) + gone - counted


def is_sacred_site(land: dict, spirit: str) -> bool:
    return land["presence"].get(spirit, 0) >= 2


# --- the blight card -------------------------------------------------------------------------

BLIGHTED, STILL_HEALTHY = "blighted", "still-healthy"
# name -> (what its back shows, blight per player on the back). Effects: not yet encoded.
BLIGHT_CARDS: dict[str, tuple[str, int]] = {
    "Downward Spiral": (BLIGHTED, 5),
    "Memory Fades to Dust": (BLIGHTED, 4),
    "Back Against the Wall": (BLIGHTED, 2),
    "Promising Farmlands": (BLIGHTED, 4),
    "Disintegrating Ecosystem": (BLIGHTED, 5),
    "Aid from Lesser Spirits": (BLIGHTED, 2),
    "Tipping Point": (BLIGHTED, 5),
    "Erosion of Will": (BLIGHTED, 3),
    "A Pall upon the Land": (BLIGHTED, 3),
    "Unnatural Proliferation": (BLIGHTED, 3),
    "All Things Weaken": (BLIGHTED, 3),
    "Thriving Communities": (BLIGHTED, 4),
    "Power Corrodes the Spirit": (BLIGHTED, 4),
    "Untended Land Crumbles": (BLIGHTED, 4),
    "Invaders Find the Land to Their Liking": (STILL_HEALTHY, 2),
    "Strong Earth Shatters Slowly": (STILL_HEALTHY, 2),
}


def new_blight_card(players: int, deck: list[str]) -> dict:
    """The top card of a shuffled blight deck, healthy side up: 2 blight per player + 1."""
    return {"name": deck[0], "side": "healthy", "pool": 2 * players + 1, "deck": deck[1:]}


def _turn_over(card: dict, name: str, players: int) -> None:
    back, per_player = BLIGHT_CARDS[name]
    card.update(name=name, side=back, pool=per_player * players)


def take_blight(state: dict) -> None:
    """Take one blight off the card (errata B1).

    Taking the last one off the healthy side turns the card over at once and fills it; a
    Still-Healthy back that runs out draws the next card and shows its back (digest 4.8).
    The spirits lose only when a Blighted Island back holds no blight.
    """
    card = state["blight_card"]
    card["pool"] -= 1
    players = len(state.get("seats") or state["boards"])  # boards may sink (Briny Deep)
    while card["pool"] <= 0:
        if card["side"] == "healthy":
            _turn_over(card, card["name"], players)
        elif card["side"] == STILL_HEALTHY and card["deck"]:
            _turn_over(card, card["deck"].pop(0), players)
        else:
            state["lost"] = "blight"
            return


def return_blight(state: dict, land: dict, n: int = 1) -> None:
    """Blight removed from the island goes back on the card; the card never flips back (B2).
    A `blight_returned` handler returning False keeps it off the card (France 5 puts it on
    its panel)."""
    n = min(n, land["blight"])
    land["blight"] -= n
    name = land_name(state, land)
    if n and False in fire(state, "blight_returned", land=name, n=n):
        return
    state["blight_card"]["pool"] += n
