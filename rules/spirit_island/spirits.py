"""The base game's eight spirits: presence tracks, growth, setup and special rules.

The facts are in data/spirits.json. Presence in a land is keyed by the spirit's name
(`presence_key`, as in effects.py); destroyed presence is counted in the seat's
`destroyed`. A seat's `tracks` count the presence taken off each track (effects.py's
convention): the first space shows from the start, so `taken + 1` spaces show.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules.spirit_island import boards as brd
from rules.spirit_island import effects as fx
from rules.spirit_island import hooks
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import tokens as tok
from rules.spirit_island.pieces import destroy_presence, empty_land, invader_count, is_sacred_site

# data/spirits.json holds the base game's spirits; each data/spirits_*.json adds more.
SPIRITS: dict[str, dict] = {}
for _path in sorted((Path(__file__).parent / "data").glob("spirits*.json")):
    _rows = json.loads(_path.read_text(encoding="utf-8"))["spirits"]
    if SPIRITS.keys() & _rows.keys():
        raise ValueError(f"{_path.name} repeats {sorted(SPIRITS.keys() & _rows.keys())}")
    SPIRITS.update(_rows)
# The words of the spirits' own questions (notation.py merges them; Korean per digest 12.2).
ASK_WORDS = {
    "plague_build": ("let build", "건설 허용"),  # The Terror of a Slowly Unfolding Plague
    "save_presence": ("save presence", "현신 구원"),  # Bulwark of Will's top tier
    "dart_push": ("push presence", "현신 밀어내기"),  # Flowing and Silent Forms Dart By
    "dream_or_russia": ("dream or Russia first", "꿈 또는 러시아 먼저"),  # Bringer vs Russia 2
}
# ... and of the options they add (a power kept for the Slow phase by its own rule).
OPTION_WORDS = {"slow_by_itself": ("as Slow by itself", "스스로 느린 능력으로"),
                "dream": ("dream it", "꿈으로"),
                "russia_first": ("Russia pushes it first", "러시아가 먼저 밀어내기")}
ELEMENTS = ("sun", "moon", "fire", "air", "water", "earth", "plant", "animal")
TRACKS = ("energy", "card_plays")


def presence_key(state: dict, seat: int) -> str:
    return state["seats"][seat]["spirit"]


def seat_of(state: dict, spirit: str) -> int | None:
    """The seat playing a spirit, or None."""
    for i, seat in enumerate(state.get("seats", ())):
        if seat.get("spirit") == spirit:
            return i
    return None


# --- presence tracks -----------------------------------------------------------------------------


def presence_on_tracks(name: str) -> int:
    """Presence pieces that start on the tracks (every space but each track's first)."""
    return sum(len(SPIRITS[name]["tracks"][t]) - 1 for t in TRACKS)


def track_values(state: dict, seat: int) -> dict:
    """What the revealed spaces give: energy per turn and card plays (the rightmost number
    showing on each track), permanent elements, `any` (spaces giving one element of the
    player's choice) and `reclaim_one` (reclaim 1 card at the end of each turn)."""
    data = state["seats"][seat]
    tracks = SPIRITS[data["spirit"]]["tracks"]
    values = {"energy": 0, "card_plays": 0, "elements": {}, "any": 0, "reclaim_one": False}
    for track in TRACKS:
        for space in tracks[track][: data["tracks"][track] + 1]:
            if track in space:
                values[track] = space[track]
            element = space.get("element")
            if element == "any":
                values["any"] += 1
            elif element:
                values["elements"][element] = values["elements"].get(element, 0) + 1
            if space.get("reclaim_one"):
                values["reclaim_one"] = True
    return values


def growth_effect(name: str) -> list[dict]:
    """Growth as one effect: the steps every turn has, then a choice among the options."""
    growth = SPIRITS[name]["growth"]
    options = growth["options"]
    return [*growth.get("always", []), *[{"do": "choose", "options": options}] * growth["pick"]]


# --- setup ---------------------------------------------------------------------------------------


def _board_lands(board: str, where: dict, state: dict) -> list[str]:
    """Lands of one board matching a setup filter, lowest number first."""
    found = []
    for number, (terrain, adjacent) in sorted(brd.LANDS[board].items()):
        name = f"{board}{number}"
        ocean = terrain == brd.OCEAN
        if where.get("ocean", False) != ocean:
            continue
        if "terrain" in where and terrain not in where["terrain"]:
            continue
        if "number" in where and number != where["number"]:
            continue
        if "coastal" in where and (0 in adjacent) != where["coastal"]:
            continue
        land = state["lands"].get(name)
        if any(land and land[k] for k in where.get("lacks", ())):
            continue
        found.append(name)
    return found


def _setup_land(state: dict, name: str) -> dict:
    # Oceans are no lands of the fresh state; Ocean's Hungry Grasp brings its own in.
    return state["lands"].setdefault(name, empty_land())


def setup(state: dict, seat: int, name: str) -> list[dict]:
    """Seat a spirit and place its starting presence on the seat's board.

    Placements with a choice (ties, "a land of your choice") are queued as
    `setup_presence` frames for the player; they are also returned.
    """
    data = state.setdefault("seats", [])
    while len(data) <= seat:
        data.append({})
    spirit = SPIRITS[name]
    row = data[seat]
    row.setdefault("spirit", name)
    row.setdefault("energy", 0)
    row.setdefault("hand", list(spirit["unique_cards"]))
    for key in ("played", "discard"):
        row.setdefault(key, [])
    row.setdefault("elements", {})
    row.setdefault("tracks", {t: 0 for t in TRACKS})
    rules = state.setdefault("rules", [])
    rules += [r["id"] for r in spirit["special_rules"] if r["done"] and r["id"] not in rules]
    board = state["boards"][seat]
    key = presence_key(state, seat)
    pending = []
    for place in spirit["setup"]:
        lands = _board_lands(board, place["where"], state)
        pick = place.get("pick")
        count = place.get("lands", 1)
        if pick == "highest":
            lands = lands[-1:]
        elif pick == "most_dahan":
            lands.sort(key=lambda n: -len(state["lands"][n]["dahan"]))
            cut = len(state["lands"][lands[count - 1]]["dahan"])
            sure = [n for n in lands if len(state["lands"][n]["dahan"]) > cut]
            tied = [n for n in lands if len(state["lands"][n]["dahan"]) == cut]
            for land in sure:
                _setup_land(state, land)["presence"][key] = place["n"]
            count -= len(sure)
            lands = tied
        if len(lands) == count:
            for land in lands:
                pres = _setup_land(state, land)["presence"]
                pres[key] = pres.get(key, 0) + place["n"]
        else:
            step = {"do": "setup_presence", "lands": lands, "n": place["n"], "count": count}
            pending.append({"step": step, "ctx": {"seat": seat, "source": name}})
    state.setdefault("queue", []).extend(pending)
    hooks.fire(state, "spirit_setup", seat=seat)  # a spirit's own setup steps (spirit_rules_b.py)
    return pending


# --- special rules -------------------------------------------------------------------------------


def sacred_sites(state: dict, seat: int) -> list[str]:
    """Lands where the seat has a sacred site (River's Domain: any presence in a Wetland)."""
    key = presence_key(state, seat)
    rows = isl.island(tuple(state["boards"]))
    domain = "rivers-domain" in state.get("rules", ()) and _is(state, seat, "River Surges in Sunlight")
    return [
        name
        for name, land in state["lands"].items()
        if is_sacred_site(land, key)
        or (domain and land["presence"].get(key) and rows.get(name, {}).get("terrain") == brd.WETLAND)
    ]


def _is(state: dict, seat: int, spirit: str) -> bool:
    return state["seats"][seat].get("spirit") == spirit


@hooks.on("ravage_damage", "earths-vitality")
def earths_vitality(state: dict, land: str, damage: int) -> int | None:
    """Defend 3 in every land where Vital Strength of the Earth has a sacred site."""
    seat = seat_of(state, "Vital Strength of the Earth")
    if seat is None or land not in sacred_sites(state, seat):
        return None
    return max(0, damage - 3)


@hooks.on("ravage_damage", "sworn-to-victory")
def _dahan_before_ravage(state: dict, land: str, damage: int) -> None:
    # The ravage report does not count dead dahan: note how many stood before the damage.
    state.setdefault("dahan_before_ravage", {})[land] = len(state["lands"][land]["dahan"])


@hooks.on("after_ravage", "sworn-to-victory")
def sworn_to_victory(state: dict, land: str, report: dict) -> None:
    """Per dahan the ravage destroyed, Thunderspeaker destroys 1 of its presence within
    range 1: queued as a `sworn_presence` step its player answers (power_verbs.py)."""
    before = state.get("dahan_before_ravage", {}).pop(land, 0)
    lost = max(0, before - len(state["lands"][land]["dahan"]))
    seat = seat_of(state, "Thunderspeaker")
    if seat is None or not lost:
        return
    step = {"do": "sworn_presence", "land": land, "n": lost}
    fx.push(state, [step], {"seat": seat, "source": "Sworn to Victory"})


def _choke(state: dict, land: str) -> bool:
    """Choke the Land with Green: stop an action by destroying 1 presence in the land, while
    the seat's `choke` flag is on (a hook cannot ask the player)."""
    seat = seat_of(state, "A Spread of Rampant Green")
    if seat is None or not state["seats"][seat].get("choke", True):
        return False
    if land not in sacred_sites(state, seat):
        return False
    destroy_presence(state["lands"][land], presence_key(state, seat))
    row = state["seats"][seat]
    row["destroyed"] = row.get("destroyed", 0) + 1
    return True


@hooks.on("build_land", "choke-the-land")
def choke_build(state: dict, land: str, piece: str) -> bool | None:
    return False if _choke(state, land) else None


@hooks.on("invader_phase", "choke-the-land")
def choke_ravages(state: dict) -> None:
    """The ravage half, decided as the Invader phase starts (no hook point sits just before
    a ravage): each land the Ravage cards will hit that has invaders and Green's sacred site
    skips its ravage for 1 presence."""
    lands = {n for card in state["track"]["ravage"] for n in inv.matching_lands(state, card)}
    for land in sorted(lands):
        if invader_count(state["lands"][land]) and _choke(state, land):
            tok.add_skip(state, land, "ravage")
