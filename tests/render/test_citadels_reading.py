"""The table picture at the end of a game agrees with its own score table."""

from __future__ import annotations

import copy
import json
from functools import partial
from pathlib import Path

from render.citadels import table_image
from render.citadels.seats import shown_score
from render.citadels.view import CitadelsView

# Layout is checked in design units (scale 1); the published pictures are scaled.
table_image = partial(table_image, scale=1)

FIXTURES = Path(__file__).parent / "fixtures"


def test_seat_panels_show_the_final_total_once_the_game_is_over():
    over = json.loads((FIXTURES / "citadels_over.json").read_text(encoding="utf-8"))
    # during play the panel shows the city's points; the engine's view keeps that number
    # after the end, while the final total adds the bonuses (first complete city, ...)
    shy = copy.deepcopy(over)
    for seat in shy["seats"]:
        if seat["seat"] == 1:
            seat["score_public"] = 25
    view = CitadelsView.model_validate(shy)
    assert shown_score(view, view.seats[1]) == 32
    image, regions = table_image(shy, "ko")
    reference, ref_regions = table_image(over, "ko")  # score_public equal to the total
    box = regions["seat1.score"]
    assert box == ref_regions["seat1.score"]
    assert image.crop(box.xy()).tobytes() == reference.crop(box.xy()).tobytes()
    # while the game runs, the panel still shows the public points
    running = copy.deepcopy(shy)
    running["phase"], running["result"] = "turns", None
    live = CitadelsView.model_validate(running)
    assert shown_score(live, live.seats[1]) == 25
