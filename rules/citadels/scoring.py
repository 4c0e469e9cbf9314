"""Final scoring: district costs, the 5-type bonus, completion bonuses, unique district
bonuses (Haunted Quarter type chosen to maximise the total), and the ranking tie-break."""

from __future__ import annotations

from typing import Any

from rules.citadels.districts import DISTRICT, TYPES


def _score_as(st: dict[str, Any], i: int, hq_type: str) -> dict[str, int]:
    seat = st["seats"][i]
    city = seat["city"]
    opts = st["options"]
    types = [hq_type if d["id"] == "haunted_quarter" else DISTRICT[d["id"]].type for d in city]
    costs = [DISTRICT[d["id"]].cost + (1 if d["beautified"] else 0) for d in city]
    ids = {d["id"] for d in city}
    hand = seat["secret"]["hand"]
    uniques = types.count("unique")
    b: dict[str, int] = {"districts": sum(costs)}
    b["five_types"] = 3 if all(t in types for t in TYPES) else 0
    b["first_complete"] = 4 if st["first"] == i else 0
    b["complete"] = 2 if seat["completed"] and st["first"] != i else 0
    if "basilica" in ids:
        b["basilica"] = sum(1 for c in costs if c % 2 == 1)
    if "capitol" in ids:
        b["capitol"] = 3 if any(types.count(t) >= 3 for t in TYPES) else 0
    if "dragon_gate" in ids:
        b["dragon_gate"] = 2
    if "imperial_treasury" in ids:
        b["imperial_treasury"] = seat["gold"]
    if "ivory_tower" in ids:
        b["ivory_tower"] = 5 if uniques == 1 else 0
    if "map_room" in ids:
        vaults = hand.count("secret_vault")
        b["map_room"] = len(hand) - (0 if opts["secret_vault_in_map_room"] else vaults)
    if "museum" in ids:
        b["museum"] = len(seat["secret"]["museum"])
    if "statue" in ids:
        b["statue"] = 5 if st["crown"] == i else 0
    if "wishing_well" in ids:
        b["wishing_well"] = uniques
    if "secret_vault" in hand:
        b["secret_vault"] = 3
    return b


def score_seat(st: dict[str, Any], i: int) -> tuple[dict[str, int], str | None]:
    """Best breakdown for a seat, and the type chosen for its Haunted Quarter (if any)."""
    if not any(d["id"] == "haunted_quarter" for d in st["seats"][i]["city"]):
        return _score_as(st, i, "unique"), None
    best = max(TYPES, key=lambda t: sum(_score_as(st, i, t).values()))
    return _score_as(st, i, best), best


def score_game(st: dict[str, Any]) -> list[dict[str, Any]]:
    rows = []
    for i in range(st["n"]):
        b, hq = score_seat(st, i)
        if hq is not None:
            b["haunted_quarter_" + hq] = 0
        rows.append({"seat": i, "total": sum(b.values()), "breakdown": b,
                     "tiebreak": [st["seats"][i].get("last_rank", 0)]})
    rows.sort(key=lambda r: (-r["total"], [-x for x in r["tiebreak"]], r["seat"]))
    for r in rows:
        better = [o for o in rows if (o["total"], o["tiebreak"]) > (r["total"], r["tiebreak"])]
        r["rank"] = len(better) + 1
    return rows


def public_score(st: dict[str, Any], i: int) -> int:
    """Points visible on the table: district costs and completion bonuses."""
    seat = st["seats"][i]
    pts = sum(DISTRICT[d["id"]].cost + (1 if d["beautified"] else 0) for d in seat["city"])
    types = {DISTRICT[d["id"]].type for d in seat["city"]}
    if len(types) == 5:
        pts += 3
    if st["first"] == i:
        pts += 4
    elif seat["completed"]:
        pts += 2
    return pts
