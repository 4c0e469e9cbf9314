"""The lobby's two combined adversaries (seed L813-846): the first leads, the second supports
at its own level; refused alone or twice the same, in both languages."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.spirit_island import SpiritIsland
from rules.spirit_island.messages import MESSAGES

ENGINE = SpiritIsland()


def test_a_supporting_adversary_is_set_up_with_its_own_level():
    state = ENGINE.setup({"adversary": "england", "level": 3, "supporting": "russia",
                          "supporting_level": 2}, 2, seed=4)
    adversary = state["adversary"]
    assert (adversary["name"], adversary["level"]) == ("England", 3)
    assert adversary["supporting"] == {"name": "Russia", "level": 2}
    # the supporting adversary's escalation is the Stage III one (digest 6.x, L725)
    assert any(r.endswith(":escalation3") for r in state["rules"])


def test_one_adversary_has_no_supporting_one():
    state = ENGINE.setup({"adversary": "sweden", "level": 1}, 1, seed=4)
    assert state["adversary"]["supporting"] is None


@pytest.mark.parametrize(("options", "key"), [
    ({"supporting": "russia"}, "spirit_island.err.supporting_alone"),
    ({"adversary": "russia", "supporting": "russia"}, "spirit_island.err.supporting_same"),
])
def test_a_combination_that_cannot_be_played_is_refused_in_both_languages(options, key):
    with pytest.raises(RuleError) as refused:
        ENGINE.setup(options, 1, seed=4)
    assert refused.value.key == key
    assert MESSAGES["en"][key] and MESSAGES["ko"][key]
