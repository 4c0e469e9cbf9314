"""End-of-game notes on district tiles: what a unique district scored, and the type the
Haunted Quarter counted as. The view carries no effect texts, only the final breakdown."""

from __future__ import annotations

from typing import NamedTuple

from render.citadels.view import CitadelsView, Seat
from render.citadels.words import BREAKDOWN, HAUNTED_PREFIX, HAUNTED_QUARTER


class TileNote(NamedTuple):
    points: int = 0  # the district's own bonus in the final score
    counts_as: str | None = None  # the type a Haunted Quarter was scored as


def tile_notes(view: CitadelsView, seat: Seat) -> dict[str, TileNote]:
    """Notes by district id for `seat`'s city, once the game is over; zero bonuses left out."""
    if view.phase != "over" or view.result is None:
        return {}
    line = next((s for s in view.result.scores if s.seat == seat.seat), None)
    if line is None:
        return {}
    built = {c.id for c in seat.city}
    notes: dict[str, TileNote] = {}
    for key, points in line.breakdown.items():
        if key.startswith(HAUNTED_PREFIX) and HAUNTED_QUARTER in built:
            notes[HAUNTED_QUARTER] = TileNote(counts_as=key.removeprefix(HAUNTED_PREFIX))
        elif points and key in built and key not in BREAKDOWN:
            notes[key] = TileNote(points=points)
    return notes
