"""The whole-run check behind `random-game --games 1000 --mixed --check`: random spirit
combinations, which power cards a run drew and played, the cards it never drew, and the
player that prefers drawing. The suite plays 12 games; the 1,000-game run is a command
(its figures are in the package README)."""

from __future__ import annotations

import contextlib
import io
import re

from rules.core import Rng
from rules.spirit_island import __main__ as cli
from rules.spirit_island import powers
from rules.spirit_island.engine import SpiritIsland
from rules.spirit_island.policy import choose
from rules.spirit_island.spirits import SPIRITS

ENGINE = SpiritIsland()
RIVER = "River Surges in Sunlight"
BASE_FOUR = {"River Surges in Sunlight", "Vital Strength of the Earth",
             "Lightning's Swift Strike", "Shadows Flicker Like Flame"}


def river_game() -> dict:
    return ENGINE.setup({"spirits": [RIVER], "boards": ["A"], "events": False}, 1, 4)


def answer(state, kind, option):
    [decision] = ENGINE.decisions(state)
    assert decision.kind == kind or decision.choices[0].action["type"] == kind, decision.kind
    before = state
    state, _ = ENGINE.apply(state, decision.seat, {"type": kind, "option": option})
    return before, state


def test_a_draw_counts_the_four_cards_offered_and_a_play_counts_the_card():
    seen: dict[str, set[str]] = {}
    state = river_game()
    # River's first growth option: reclaim, gain a power card, 1 energy
    before, state = answer(state, "choose", 0)
    cli.tally(seen, before, state)
    before, state = answer(state, "deck", "minor")
    cli.tally(seen, before, state)
    [offer] = ENGINE.decisions(state)
    offered = {c.action["option"] for c in offer.choices}
    assert len(offered) == 4  # a Minor draw shows four cards
    assert seen["drawn"] == offered  # gained or not, all four were drawn
    assert all(powers.CARDS[c]["deck"] == "minor" for c in offered)
    assert not seen.get("played")
    # a card put into play is counted as played
    hand = set(state["seats"][0]["hand"])
    while not any(d.kind == "play" for d in ENGINE.decisions(state)):
        decision = ENGINE.decisions(state)[0]
        state = ENGINE.apply(state, decision.seat, decision.choices[0].action)[0]
    [play] = ENGINE.decisions(state)
    card = next(c.action for c in play.choices if c.action["option"] in hand)
    before, state = state, ENGINE.apply(state, 0, card)[0]
    cli.tally(seen, before, state)
    assert seen["played"] == {card["option"]}


def test_the_report_names_the_cards_never_drawn_and_those_left_out():
    minors = sorted(n for n, c in powers.CARDS.items() if c["deck"] == "minor"
                    and not c.get("not_modelled"))
    majors = sorted(n for n, c in powers.CARDS.items() if c["deck"] == "major"
                    and not c.get("not_modelled"))
    left_out = sorted(n for n, c in powers.CARDS.items() if c.get("not_modelled"))
    missing = minors[3]
    seen = {"drawn": set(minors + majors) - {missing}, "played": {minors[0]},
            "dealt": {"Shatter Homesteads"}}
    lines = cli.draw_report(seen)
    assert lines[0].startswith(f"minor powers: {len(minors) - 1} of {len(minors)} in the deck "
                               "drawn, 1 played")
    assert lines[1].startswith(f"major powers: {len(majors)} of {len(majors)} in the deck drawn")
    assert lines[2].startswith("unique powers: 1 of ")
    assert lines[3] == f"never drawn (1): {missing}"
    assert lines[4].startswith(f"left out of the decks, not modelled ({len(left_out)})")
    assert all(name in lines[4] for name in left_out)


def test_mixed_games_draw_their_spirits_and_boards_from_all():
    spirits, boards = set(), set()
    for seed in range(1, 41):
        players, options = cli.mixed(seed, events=True)
        assert players == 1 + seed % 4
        assert len(set(options["spirits"])) == players == len(set(options["boards"]))
        assert set(options["spirits"]) <= set(SPIRITS)
        spirits |= set(options["spirits"])
        boards |= set(options["boards"])
        assert ("adversary" in options) == bool(seed % 5)
    assert spirits - BASE_FOUR and boards == set("ABCDEF")


def test_drawing_more_prefers_growth_that_gains_a_power():
    state = river_game()
    growth = ENGINE.decisions(state)
    # River's options: 0 and 2 gain a power card, 1 adds two presence
    picks = {choose(ENGINE, state, growth, Rng(seed), draw_more=True)[1]["option"]
             for seed in range(30)}
    plain = {choose(ENGINE, state, growth, Rng(seed))[1]["option"] for seed in range(30)}
    assert picks == {0, 2} and plain == {0, 1, 2}


def test_a_dozen_mixed_games_keep_the_invariants_and_report_their_draws():
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = cli.main(["random-game", "--games", "12", "--mixed", "--check", "--draw-more"])
    text = out.getvalue()
    assert code == 0, text
    assert "invariant problems: 0" in text and "crashed" not in text
    for kind in ("minor", "major"):
        drawn, size = map(int, re.search(
            rf"{kind} powers: (\d+) of (\d+) in the deck drawn", text).groups())
        assert 0 < drawn <= size
    assert re.search(r"never drawn \(\d+\)", text)
