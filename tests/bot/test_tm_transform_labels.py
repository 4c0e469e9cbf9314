"""A transform's button names the terrain it makes ("변형 D7 → 숲"), from the decision's
"transform_to"/"terrains" params; the label of the same choice without them stays notation."""

from __future__ import annotations

import rules
from bot.games.terra_mystica import ui as tm_ui
from tests.bot.test_tm_prompts import busy_game_prompts

ENGINE = rules.get_engine("terra_mystica")


def transform_choices(limit: int = 40):
    """(decision, choice, hex, colour) for plain transforms met in a busy random game."""
    found = []
    for _, d in busy_game_prompts(5, 3):
        to = d.params.get("transform_to", {})
        for c in d.choices:
            cmds = c.action.get("cmds", [c.action]) if c.action.get("type") == "seq" else [
                c.action]
            for cmd in cmds:
                if cmd.get("type") == "transform" and not cmd.get("color") and cmd.get(
                        "hex") in to:
                    found.append((d, c, cmd["hex"], to[cmd["hex"]]))
        if len(found) >= limit:
            break
    return found


def test_transform_labels_name_the_terrain_in_both_languages() -> None:
    found = transform_choices()
    assert found, "no colourless transform offered in the game"
    for d, c, hex_id, colour in found:
        names = d.params["terrains"][colour]
        ko = tm_ui.choice_label(c, d, "ko")
        en = tm_ui.choice_label(c, d, "en")
        assert f"{hex_id} 칸을 {names['ko']}" in ko, ko
        assert f"{hex_id} → {names['en']}" in en, en
        # without the decision the terrain is not known: toward the home terrain
        assert "toward home terrain" in tm_ui.choice_label(c, None, "en")


def test_giving_up_spades_to_build_is_grouped_as_a_build() -> None:
    st = ENGINE.setup({"factions": ["witches", "nomads"]}, 2, 1)
    assert tm_ui.choice_kind(ENGINE.parse(st, 0, "-SPADE. build A1")) == "build"
    assert tm_ui.choice_kind(ENGINE.parse(st, 0, "-SPADE")) == "skip"
    assert tm_ui.choice_kind(ENGINE.parse(st, 0, "burn 1. build A1")) == "build"
