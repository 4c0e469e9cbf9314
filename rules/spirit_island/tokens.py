"""Tokens and this-turn markers: the Branch & Claw / Jagged Earth tokens' rules, and the
markers (defend, isolate, skip, save) that time passes clears.

Tokens (counts in the land dict, `pieces.LAND_TOKENS`; strife per invader, see pieces.py):
- beasts: no effect of their own; powers and events count, move and use them.
- wilds: when invaders would explore a land with wilds, 1 wilds is removed instead.
- disease: when invaders would build in a land with disease, 1 disease is removed instead.
- strife: an invader with strife deals exactly 0 damage to the land and dahan and loses 1
  strife (also when its damage was 0 anyway); it moves with its invader, goes back to the
  supply when the invader is destroyed, removed or replaced by a non-invader, and stays on
  an invader that replaces it. Damage to other invaders ignores strife.
- badlands: in each Action, the first time damage is dealt to invaders in a land, and the
  first time damage is dealt to dahan there, it is +1 per badlands (only when that damage
  is 1 or more; not per piece; destroy effects unchanged).
All four land tokens and blight can be pushed and gathered (`actions.MOVABLE`).

Markers live in `state["turn_marks"][land]` (a land name, Oceans too), this turn only:
`{"defend": 3, "isolate": True, "skip": ["build", "any"], "save": {"dahan": 2}}`.
- defend n: the invaders' ravage damage to the land and dahan is n less (several add up;
  errata B5: not damage from powers or events).
- isolate: invaders do not explore into it nor use it as a source; for invader pieces it is
  adjacent to no land (push/gather of invaders in or out are refused unless the players
  choose otherwise for that Action). Blight cascades and coastal status are unaffected.
- skip: each entry skips one invader action there: `explore`/`build`/`ravage` the next one of
  that kind, `any` the next one of any kind the players choose to spend it on (digest 4.13:
  decided when the action is about to happen), `all` every invader action this turn (kept).
- save {kind: n}: in each Action there, the first n pieces of that kind that would be
  destroyed are saved instead (damage removed, no more damage from that Action; 4.15.5).
- sit_out {kind: n}: that many pieces of the kind do not participate in ravage there this
  turn (4.15.1): they neither deal nor take damage in it.
- `state["turn_marks"]["island"]["strife_weakens"]`: invaders have -1 health per strife
  (never below 1) for the rest of the turn (`weaken_by_strife`; B&C fear cards, errata A7).
The effect verbs write them (effects.turn_marks, or `add_defend`, `isolate`, `add_skip`,
`add_save` here); `clear_marks` is part of time passes (`actions.time_passes`).
"""

from __future__ import annotations

from rules.spirit_island import island as isl
from rules.spirit_island.boards import LANDS, SETUP
from rules.spirit_island.hooks import fire
from rules.spirit_island.pieces import INVADERS, ISLAND, check_health, count, strife

SKIP_ACTIONS = ("explore", "build", "ravage", "any", "all")
# What stops an invader action in a land when it has the token, and is spent doing so.
STOPPED_BY = {"explore": "wilds", "build": "disease"}


# --- markers -------------------------------------------------------------------------------------


def marks(state: dict, name: str) -> dict:
    """A land's markers this turn (read only: an empty dict when it has none)."""
    return state.get("turn_marks", {}).get(name, {})


def _mark(state: dict, name: str) -> dict:
    return state.setdefault("turn_marks", {}).setdefault(name, {})


def add_defend(state: dict, name: str, n: int) -> None:
    row = _mark(state, name)
    row["defend"] = row.get("defend", 0) + n


def defend(state: dict, name: str) -> int:
    return marks(state, name).get("defend", 0)


def isolate(state: dict, name: str) -> None:
    _mark(state, name)["isolate"] = True


def is_isolated(state: dict, name: str) -> bool:
    return bool(marks(state, name).get("isolate"))


def add_skip(state: dict, name: str, action: str) -> None:
    if action not in SKIP_ACTIONS:
        raise ValueError(f"no invader action {action!r} to skip")
    _mark(state, name).setdefault("skip", []).append(action)


def skip_options(state: dict, name: str, action: str) -> list[bool]:
    """[True, False] when the players may choose whether to spend an `any` skip on this
    action (the Ask for CORE); [] when there is nothing to choose."""
    skips = marks(state, name).get("skip", [])
    if "all" in skips or action in skips or "any" not in skips:
        return []
    return [True, False]


def use_skip(state: dict, name: str, action: str, use_any: bool | None = None) -> bool:
    """Whether the invader action is skipped here; spends the skip it uses.

    `all` is kept for the turn, a skip of this very action is spent before an `any` skip,
    and an `any` skip is spent only if the players choose to (default: yes).
    """
    skips = marks(state, name).get("skip", [])
    if "all" in skips:
        return True
    for entry in (action, "any"):
        if entry in skips and (entry == action or use_any is not False):
            skips.remove(entry)
            return True
    return False


def add_save(state: dict, name: str, kind: str, n: int = 1) -> None:
    saves = _mark(state, name).setdefault("save", {})
    saves[kind] = saves.get(kind, 0) + n


def saves(state: dict, name: str, kind: str) -> int:
    return marks(state, name).get("save", {}).get(kind, 0)


def sit_out(state: dict, name: str, kind: str, n: int = 1) -> None:
    out = _mark(state, name).setdefault("sit_out", {})
    out[kind] = out.get(kind, 0) + n


def weaken_by_strife(state: dict) -> None:
    """Rest of this turn, invaders have -1 health per strife, minimum 1 (B&C fear cards;
    errata A7): damaged pieces that it brings to their health are destroyed at once."""
    _mark(state, ISLAND)["strife_weakens"] = True
    for land in state["lands"].values():
        for kind in INVADERS:
            check_health(state, land, kind)


def clear_marks(state: dict) -> None:
    """Time passes: every this-turn marker ends."""
    state["turn_marks"] = {}


# --- tokens --------------------------------------------------------------------------------------


DISEASE_LAND = 2  # every balanced board has its City there (digest 4.3)


def setup_tokens(state: dict) -> dict[str, str]:
    """Branch & Claw setup on the balanced boards: per board, 1 beasts in the lowest-numbered
    land with no setup symbols and 1 disease in land 2 (digest 4.3; A1 B5 C4 D3 E6 F7).
    Returns land -> token placed (beasts first)."""
    placed = {}
    for letter in state["boards"]:
        bare = min(n for n in LANDS[letter] if n and not any(SETUP[letter].get(n, ())))
        for number, token in ((bare, "beasts"), (DISEASE_LAND, "disease")):
            name = f"{letter}{number}"
            state["lands"][name][token] = state["lands"][name].get(token, 0) + 1
            placed[name] = token
    return placed


def stop_by_token(state: dict, name: str, action: str) -> bool:
    """Wilds stop an explore and disease a build: 1 of the token is removed instead."""
    token = STOPPED_BY.get(action)
    land = state["lands"][name]
    if token is None or not land.get(token):
        return False
    land[token] -= 1
    return True


def badlands_bonus(state: dict, name: str, target: str, done: list[str], amount: int) -> int:
    """The extra damage badlands (and what `badlands` hooks count as badlands) add to `amount` damage dealt to `target` ("invaders" or
    "dahan") in a land, once per Action: `done` is the Action's record of (land, target)
    pairs already increased (CORE keeps it in the Action's ctx). 0 when `amount` is 0."""
    key = f"{name}:{target}"
    bonus = count(state["lands"][name], "badlands") + sum(fire(state, "badlands", land=name))
    bonus += sum(fire(state, "badlands_for", land=name, target=target))
    if amount < 1 or key in done:
        return 0
    done.append(key)
    return bonus


def add_strife(state: dict, name: str, kind: str | None = None, index: int | None = None) -> None:
    """Put 1 strife under one invader (the players' pick; default the first option)."""
    options = strife_options(state, name)
    if not options:
        raise ValueError(f"no invader in {name} to take strife")
    if kind is None:
        kind, index = options[0]
    land = state["lands"][name]
    if not land[kind]:
        raise ValueError(f"no {kind} in {name}")
    strife(land, kind)[-1 if index is None else index] += 1
    check_health(state, land, kind)  # strife may lower health this turn


def strife_options(state: dict, name: str) -> list[list]:
    """Distinct invaders that could take strife, as [kind, index] (pieces alike in kind,
    damage and strife are offered once)."""
    land = state["lands"][name]
    seen, options = set(), []
    for kind in INVADERS:
        for index, piece in enumerate(zip(land[kind], strife(land, kind), strict=True)):
            if (kind, piece) not in seen:
                seen.add((kind, piece))
                options.append([kind, index])
    return options


def remove_strife(state: dict, name: str, kind: str, index: int = -1) -> None:
    held = strife(state["lands"][name], kind)
    if not held or held[index] < 1:
        raise ValueError(f"no strife on that {kind} in {name}")
    held[index] -= 1


def strife_count(land: dict) -> int:
    return sum(sum(strife(land, kind)) for kind in INVADERS)


def token_count(state: dict, kind: str) -> int:
    """How many of a token are on the island (strife: on every invader)."""
    if kind == "strife":
        return sum(strife_count(land) for land in state["lands"].values())
    return sum(count(land, kind) for land in state["lands"].values())


# --- adjacency for invader pieces under isolate ------------------------------------------------


def invader_neighbours(state: dict, name: str, ignore_isolate: bool = False) -> tuple[str, ...]:
    """Non-Ocean lands an invader piece may move between with `name`: none when it is
    isolated, and never an isolated land (the players may waive isolate per Action)."""
    near = isl.neighbours(tuple(state["boards"]), name)
    if ignore_isolate:
        return near
    if is_isolated(state, name):
        return ()
    return tuple(n for n in near if not is_isolated(state, n))
