"""More of the Jagged Earth FAQ items test_faq.py checks (digest 11.2 and 9.1), on hand-built
positions: a land joined by Weave Together the Fabric of Place (adjacent to itself, both
lands' printed facts, no move from it into itself) and Fractured Days' Pour Time Sideways
(every Invader Action and every "each board / each land" action resolves once more on the
board entered, not at all on the board left)."""

from __future__ import annotations

import pytest

from rules.spirit_island import effects as fx
from rules.spirit_island import event_verbs as ev
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import powers as pw
from rules.spirit_island import tokens as tok
from tests.rules.spirit_island.helpers import answer_exactly, settle
from tests.rules.spirit_island.test_faq import days_game, pour
from tests.rules.spirit_island.test_powers_decks_bc_je import position

WEAVE = "Weave Together the Fabric of Place"


@pytest.fixture(autouse=True)
def _plain_island():
    isl.SHAPE.set(None)
    yield
    isl.SHAPE.set(None)


def woven(at=None):
    """A5 (Wetland, no printed dahan) joined with A6 (Mountain, 1 printed dahan)."""
    state = position(pres={"A5": 2}, at=at)
    fx.push(state, pw.card_effect(WEAVE), {"seat": 0, "source": WEAVE})
    answer_exactly(state, ["A5", "A6"])
    return state


def first_ask(state, effect, ctx):
    fx.push(state, effect, ctx)
    return fx.run(state)


# --- Weave Together the Fabric of Place --------------------------------------------------------


def test_woven_land_is_adjacent_to_a_land_with_a_town_when_it_holds_the_town():
    """FAQ: the joined land is adjacent to itself, so a filter "adjacent to a land with a
    town" finds it when its own (A6's) town is the only one around; A8, beside A5 and A6,
    finds it too."""
    state = woven(at={"A6": {"town": 1}})
    where = {"adjacent_to": {"has": ["town"]}}
    found = ev.select(state, isl.land_names(tuple(state["boards"])), where, {"seat": None})
    assert "A5" in found and "A8" in found


def test_woven_land_has_both_lands_setup_symbols_and_numbers():
    """FAQ: printed facts, both: A6's printed dahan symbol is the joined land's; it is land
    #5 and land #6."""
    state = woven()
    boards = tuple(state["boards"])
    assert ev.land_ok(state, "A5", {"setup_dahan": True}, {"seat": None})
    assert isl.numbers(boards, "A5") == (5, 6)
    assert isl.printed(boards, "A5") == ("A5", "A6")


def test_woven_land_offers_no_event_push_into_itself():
    """Ours (island.neighbours): a push is a move, and a piece left in its land has not
    moved: an event's push out of the joined land offers its neighbours, never itself."""
    state = woven(at={"A6": {"dahan": 1}})
    ask = first_ask(state, [{"do": "event_move", "mode": "push", "kinds": ["dahan"], "n": 1}],
                    {"seat": None, "land": "A5", "source": "an event"})
    assert ask is not None and ["dahan", "A5"] not in ask.options
    assert {o[1] for o in ask.options} == set(isl.neighbours(tuple(state["boards"]), "A5"))


def test_woven_land_is_not_one_of_its_own_weave_partners():
    """Weaving the joined land again joins it with another land, never with itself."""
    state = woven()
    ask = first_ask(state, pw.card_effect(WEAVE), {"seat": 0, "source": WEAVE})
    while ask is not None and ask.kind != "adjacent_land":
        ask = fx.answer(state, "A5" if "A5" in ask.options else ask.options[0])
    assert ask is not None and "A5" not in ask.options


def test_woven_land_offers_no_power_push_or_gather_into_itself():
    """Ours, as for events: a power's push from the joined land, or gather into it, never
    names the joined land itself as the other land."""
    state = woven(at={"A6": {"dahan": 1, "explorer": 1}})
    ctx = {"seat": 0, "land": "A5", "source": "a power"}
    pushes = first_ask(state, [{"do": "push", "kinds": ["dahan", "explorer"], "n": 1}], ctx)
    state["queue"] = []
    gathers = first_ask(state, [{"do": "gather", "kinds": ["dahan", "explorer"], "n": 1}], ctx)
    assert pushes is not None and all(o[1] != "A5" for o in pushes.options if o != fx.DONE)
    assert gathers is None or all(o[1] != "A5" for o in gathers.options if o != fx.DONE)


# --- Pour Time Sideways ------------------------------------------------------------------------


def test_pour_time_sideways_explores_twice_on_the_board_entered_never_on_the_one_left():
    """FAQ: each Invader Action, Explore too: a Sands card puts 2 explorers in coastal B3
    (board entered) and none in A4 beside its own town (board left)."""
    state = days_game()
    state["lands"]["A4"]["town"] = [0]
    pour(state, ["A8", "B5"])
    inv.explore(state, "1:sands")
    assert len(state["lands"]["B3"]["explorer"]) == 2 and state["lands"]["A4"]["explorer"] == []


def test_pour_time_sideways_each_land_event_action_twice_not_four_times():
    """FAQ: an event's "in each land with ..." action resolves once more on the board
    entered; inside an "on each board" action it is the board's repetition that counts
    (once more, not twice over)."""
    state = days_game()
    state["lands"]["A4"]["explorer"] = state["lands"]["B3"]["explorer"] = [0]
    pour(state, ["A8", "B5"])
    each_land = {"do": "event_lands", "where": {"has": ["explorer"]},
                 "then": [{"do": "add", "kind": "dahan"}]}
    fx.push(state, [each_land], {"seat": None, "source": "an event"})
    settle(state, exact=False)
    assert len(state["lands"]["B3"]["dahan"]) == 2 and state["lands"]["A4"]["dahan"] == []
    fx.push(state, [{"do": "on_each_board", "then": [each_land]}],
            {"seat": None, "source": "an event"})
    settle(state, exact=False)
    assert len(state["lands"]["B3"]["dahan"]) == 4 and state["lands"]["A4"]["dahan"] == []


def test_pour_time_sideways_no_skip_question_for_a_build_that_does_not_happen():
    """The board left builds no time: its land holding an "any" skip is not asked whether
    to spend it (and keeps it); the board entered's land is asked."""
    state = days_game()
    state["lands"]["A4"]["explorer"] = state["lands"]["B3"]["explorer"] = [0]
    tok.add_skip(state, "A4", "any")
    tok.add_skip(state, "B3", "any")
    pour(state, ["A8", "B5"])
    state["queue"] = []
    ask = first_ask(state, [{"do": "invader_card", "action": "build", "card": "1:sands"}],
                    {"seat": None})
    assert ask is not None and ask.kind == "skip" and state["queue"][0]["step"]["land"] == "B3"
    ask = fx.answer(state, "yes")  # one skip for one of B3's two builds
    settle(state, exact=False)
    assert len(state["lands"]["B3"]["town"]) == 1 and state["lands"]["A4"]["town"] == []
    assert "any" in tok.marks(state, "A4").get("skip", [])
