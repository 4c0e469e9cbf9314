"""The picture with the mini-expansion tiles: a third row of town tiles in the supply only
when the game has them, their words, SCORE9 and BON10 in the offer, TW7's carpet range."""

from __future__ import annotations

import pytest

from render.terra_mystica import draw_table
from render.terra_mystica.factions import tracks_line
from render.terra_mystica.offer import scoring_halves, supply_height, town_chip_text
from rules.terra_mystica import TerraMystica

E = TerraMystica()
ALL_ON = {"shipping_bonus": True, "temple_scoring_tile": True, "mini_expansion_1": True}


def view(**options) -> dict:
    st = E.setup({"factions": ["fakirs", "witches"], "bonus": ["BON10", "BON1", "BON2",
                                                              "BON3", "BON4"] if options else None,
                  "scoring": ["SCORE9", "SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6"]
                  if options else None, **options}, 2, 3)
    return E.view(st, None)


def test_the_supply_grows_a_row_only_for_the_mini_expansion_town_tiles() -> None:
    base, mini = view(), view(**ALL_ON)
    assert supply_height(base) == supply_height()
    assert supply_height(mini) == supply_height(base) + 44
    assert draw_table(mini, "en").height == draw_table(base, "en").height + 44


@pytest.mark.parametrize("lang", ["ko", "en"])
def test_the_new_tiles_have_words_on_the_picture(lang: str) -> None:
    assert town_chip_text("TW8", lang)[0] in ("승점 11", "11 VP")
    assert ("열쇠 2" if lang == "ko" else "2 keys") in town_chip_text("TW6", lang)[0]
    assert ("선적값" if lang == "ko" else "shipping") in town_chip_text("TW7", lang)[0]
    lefts, rights, _ = scoring_halves(view(**ALL_ON), ["SCORE9"], lang, 640)
    assert lefts[0] in ("사원 → 승점 4", "TE → 4 VP", "temple → 4 VP") and rights[0]


def test_the_fakirs_carpet_reach_counts_tw7() -> None:
    info = {"shipping": 0, "dig": 0, "keys": 1, "buildings_left": {"SH": 0},
            "range_bonus": 1}
    assert "4" in tracks_line(info, "en", "fakirs")[0]  # 3 with the stronghold, +1 from TW7
    assert "3" in tracks_line({**info, "range_bonus": 0}, "en", "fakirs")[0]
