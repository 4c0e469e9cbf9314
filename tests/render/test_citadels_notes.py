"""End-of-game notes on Citadels tiles: a unique district's bonus, the Haunted Quarter's type."""

from __future__ import annotations

import json
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from PIL import Image

from render.citadels import TYPE_COLOURS, table_image
from render.citadels.tile_notes import TileNote, tile_notes
from render.citadels.view import CitadelsView
from render.common import GOLD, Box

# Layout is checked in design units (scale 1); the published pictures are scaled.
table_image = partial(table_image, scale=1)

FIXTURES = Path(__file__).parent / "fixtures"


def load(name: str) -> dict[str, Any]:
    return json.loads((FIXTURES / f"citadels_{name}.json").read_text(encoding="utf-8"))


def colours(image: Image.Image, box: Box) -> set[tuple[int, int, int]]:
    return {c for _, c in image.crop(box.xy()).getcolors(maxcolors=1 << 16)}


def notes_of(view: dict[str, Any]) -> dict[int, dict[str, TileNote]]:
    v = CitadelsView.model_validate(view)
    return {s.seat: tile_notes(v, s) for s in v.seats}


def test_notes_come_from_the_final_breakdown() -> None:
    notes = notes_of(load("over"))
    assert notes[0] == {"statue": TileNote(points=5)}
    assert notes[2] == {"dragon_gate": TileNote(points=2)}
    assert notes[3] == {"haunted_quarter": TileNote(counts_as="noble")}
    assert notes[1] == {} and notes[4] == {}  # standard items are no district's note


def test_no_notes_while_playing_for_zero_or_for_districts_not_built() -> None:
    running = load("4p")  # seat 3 has a Dragon Gate, but nothing is scored yet
    assert all(n == {} for n in notes_of(running).values())
    view = load("over")
    breakdowns = {s["seat"]: s["breakdown"] for s in view["result"]["scores"]}
    breakdowns[0]["statue"] = 0  # the Statue without the crown
    breakdowns[1]["dragon_gate"] = 2  # seat 1 built no Dragon Gate
    notes = notes_of(view)
    assert notes[0] == {} and notes[1] == {}


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_tiles_carry_a_ribbon_at_their_foot(lang: str) -> None:
    image, regions = table_image(load("over"), lang)
    noted = {k.rsplit(".", 1)[0]: k for k in regions if k.endswith((".bonus", ".counts_as"))}
    assert noted == {
        "seat0.district6": "seat0.district6.bonus",  # Statue
        "seat2.district4": "seat2.district4.bonus",  # Dragon Gate
        "seat3.district3": "seat3.district3.counts_as",  # Haunted Quarter
    }
    for tile_key, note_key in noted.items():
        tile, ribbon = regions[tile_key], regions[note_key]
        assert (ribbon.x0, ribbon.x1, ribbon.y1) == (tile.x0, tile.x1, tile.y1)
        assert 16 <= ribbon.height <= 30
        # the name stays above the ribbon: the rows just over it are bare tile
        above = Box(tile.x0 + 10, ribbon.y0 - 3, tile.x1 - 10, ribbon.y0)
        assert colours(image, above) == {TYPE_COLOURS["unique"]}, tile_key
    assert GOLD in colours(image, regions["seat0.district6.bonus"])
    assert TYPE_COLOURS["noble"] in colours(image, regions["seat3.district3.counts_as"])


def test_the_bonus_is_drawn_as_its_number() -> None:
    view = load("over")
    image, regions = table_image(view, "en")
    box = regions["seat0.district6.bonus"]
    view["result"]["scores"][2]["breakdown"]["statue"] = 3
    other, _ = table_image(view, "en")
    assert image.crop(box.xy()).tobytes() != other.crop(box.xy()).tobytes()


def test_real_final_views_get_notes() -> None:
    from rules import get_engine
    from rules.core import random_playout

    engine = get_engine("citadels")
    for seed in range(3, 30):
        state, _ = random_playout(engine, {}, 5, seed=seed)
        view = engine.view(state, None)
        notes = notes_of(view)
        if any(notes.values()):
            break
    else:
        pytest.fail("no finished game with a unique district's bonus in 27 seeds")
    _, regions = table_image(view, "ko")
    for seat in view["seats"]:
        for i, card in enumerate(seat["city"]):
            note = notes[seat["seat"]].get(card["id"])
            kinds = {
                k.rsplit(".", 1)[1]
                for k in regions
                if k.startswith(f"seat{seat['seat']}.district{i}.")
            }
            if note is None:
                assert not kinds & {"bonus", "counts_as"}
            else:
                assert ("counts_as" if note.counts_as else "bonus") in kinds
