"""Invariants of a running game, checked after every move by the random-game tests and by
`python -m rules.spirit_island random-game --games N --check`:

- no piece's damage reaches its health now (pieces.health: events and adversaries change
  it), counts never negative;
- fear is conserved: pool + earned pile = the pool's size;
- blight is conserved between the card and the island (Oceans too, for Scotland; France's
  panel) while the
  card does not turn over and no event moves it to or from the box;
- no damage is left once time has passed (but where a power said the invaders keep it).
The box's supply is not checked: the base game's piece counts are in none of our sources.
"""

from __future__ import annotations

from rules.spirit_island.pieces import INVADERS, LAND_TOKENS, health

DAMAGED = (*INVADERS, "dahan")


def island_blight(state: dict) -> int:
    """Blight in the lands, in the Oceans (Scotland's Runoff and Bilgewater) and on France's
    panel (level 5: removed blight waits there)."""
    adversary = state.get("adversary") or {}
    oceans = adversary.get("ocean_blight", {})
    return (sum(land["blight"] for land in state["lands"].values()) + sum(oceans.values())
            + adversary.get("panel_blight", 0)
            + (state.get("island") or {}).get("blight_sunk", 0))  # out of the game with a board


def problems(before: dict, after: dict) -> list[str]:
    """What is wrong after one move (empty when all holds)."""
    found = []
    for name, land in after["lands"].items():
        for kind in DAMAGED:
            if not all(0 <= d < health(after, land, kind, i) for i, d in enumerate(land[kind])):
                found.append(f"{name} {kind} damage {land[kind]}")
        for kind in ("blight", *LAND_TOKENS):
            if land.get(kind, 0) < 0:
                found.append(f"{name} {kind} {land[kind]}")
        if any(n <= 0 for n in land["presence"].values()):
            found.append(f"{name} presence {land['presence']}")
    if any(row["energy"] < 0 for row in after["seats"]):
        found.append("negative energy")
    fear = after.get("fear")
    if fear and fear["pool"] + fear["earned"] != fear["size"]:
        found.append(f"fear {fear['pool']} + {fear['earned']} != {fear['size']}")
    card, old = after["blight_card"], before["blight_card"]
    same_card = (card["name"], card["side"]) == (old["name"], old["side"])
    events = after.get("options", {}).get("events")
    if not events and same_card:
        if island_blight(after) + card["pool"] != island_blight(before) + old["pool"]:
            found.append("blight not conserved between the card and the island")
    if after["turn"] > before["turn"] and after["phase"] == "spirit":
        kept = set(after.get("kept_damage", ()))  # invaders not healing (Unquenchable Flames)
        if any(d for name, land in after["lands"].items() if name not in kept
               for k in DAMAGED for d in land[k]):
            found.append("damage left after time passed")
    return found
