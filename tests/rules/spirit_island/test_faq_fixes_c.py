"""More FAQ fixes of issue 13, on hand-built positions: a land joined by Weave Together the
Fabric of Place is adjacent to itself for conditions but nothing moves from it into itself
(`island.neighbours`), and its two printed numbers count for "lowest / highest-numbered";
Pour Time Sideways repeats fear cards', escalations' and Russia's "each board / each land"
actions on the board entered (not at all on the board left, not twice over when nested); a
fear card sent back to the box by an event uncovers a divider, which raises the Terror
Level at once; Study the Invaders' Fears shows the top fear card, never a divider."""

from __future__ import annotations

import pytest

from rules.spirit_island import actions as act
from rules.spirit_island import adversary_rules as ar
from rules.spirit_island import effects as fx
from rules.spirit_island import events, fear, hooks
from rules.spirit_island import island as isl
from rules.spirit_island import powers as pw
from rules.spirit_island import tokens as tok
from tests.rules.spirit_island.helpers import answer_exactly, settle
from tests.rules.spirit_island.test_faq import days_game, pour
from tests.rules.spirit_island.test_powers_decks_bc_je import position

WEAVE = "Weave Together the Fabric of Place"
WEAVE_LIES = "Weave Lies in the Minds of their Observers"
STUDY = "Study the Invaders' Fears"


@pytest.fixture(autouse=True)
def _plain_island():
    isl.SHAPE.set(None)
    yield
    isl.SHAPE.set(None)


def joined(target, other, at=None):
    """Lightning (presence in `target`) joins `target` with `other`, keeping `target`'s name."""
    state = position(pres={target: 2}, at=at)
    fx.push(state, pw.card_effect(WEAVE), {"seat": 0, "source": WEAVE})
    answer_exactly(state, [target, other])
    return state


def first_ask(state, effect, ctx):
    state["queue"] = []
    fx.push(state, effect, ctx)
    return fx.run(state)


def n(state, land, kind):
    return fx.count(state, state["lands"][land], kind)


# --- Weave: no move from a joined land into itself ---------------------------------------------


def test_woven_land_neighbours_are_both_lands_neighbours_but_never_itself():
    """A5 (next to A1 A4 A6 A7 A8) joined with A6 (next to A1 A5 A8): an invader moves
    between it and A1, A4, A7 or A8 (and board B's lands along the edge); a push from it
    into itself is refused."""
    state = joined("A5", "A6", at={"A5": {"dahan": 1, "explorer": 1}})
    near = set(tok.invader_neighbours(state, "A5"))
    assert {"A1", "A4", "A7", "A8"} <= near and not near & {"A5", "A6"}
    assert "A5" not in act.push_options(state, "A5", "dahan")
    with pytest.raises(ValueError):
        act.push(state, "A5", [("explorer", "A5")])


def test_woven_land_offered_once_where_a_power_takes_the_land_or_an_adjacent_one():
    """"this land or an adjacent one": the joined land is both, and one option."""
    state = joined("A5", "A6")
    ask = first_ask(state, [{"do": "adjacent_land", "self": True,
                             "then": [{"do": "add", "kind": "beasts"}]}],
                    {"seat": 0, "land": "A5", "source": "a power"})
    assert ask.options.count("A5") == 1 and "A1" in ask.options


def test_woven_land_presence_not_carried_into_itself():
    """Moving presence to an adjacent land: never from the joined land into itself."""
    state = joined("A5", "A6")
    ask = first_ask(state, [{"do": "carry_presence", "carry": {"dahan": 1}}],
                    {"seat": 0, "land": "A5", "source": "a power"})
    assert ["A5", "A5"] not in ask.options and ["A5", "A1"] in ask.options


def test_habsburg_herders_do_not_gather_a_town_from_the_woven_land_into_itself():
    """Migratory Herders gather 1 town into the land from an adjacent land: the joined land's
    own town is not one (it would not move)."""
    state = joined("A5", "A6", at={"A5": {"town": 1}})
    first_ask(state, [{"do": "herd", "lands": ["A5"], "cards": []}], {"seat": None})
    assert n(state, "A5", "town") == 1 and all(
        not state["lands"][x]["town"] for x in state["lands"] if x != "A5")


# --- Weave: a joined land's two numbers ----------------------------------------------------------


def test_immigration_slows_skips_the_joined_land_that_is_land_one():
    """A5 joined with A1 is land #1 and #5: of the Wetlands A2 and A5, it is the lowest
    numbered, so its build is skipped, not A2's."""
    state = joined("A5", "A1")
    state["track"]["build"] = ["1:wetland"]
    first_ask(state, [{"do": "skip_lowest", "action": "build"}], {"seat": None})
    assert tok.marks(state, "A5").get("skip") == ["build"] and not tok.marks(state, "A2").get("skip")


def test_bureaucrats_skip_the_joined_land_that_is_land_five():
    """A1 joined with A5 is land #1 and #5: on a board with 9+ towns/cities it is the
    highest-numbered Wetland (above A2), so it does not build; A2 does."""
    state = joined("A1", "A5", at={"A1": {"city": 4}, "A2": {"city": 5, "town": 1}})
    first_ask(state, [{"do": "event_rule", "mod": "bureaucrats", "until": "turn"}],
              {"seat": None, "source": "Bureaucrats Adjust Funding"})
    state["track"]["build"] = ["1:wetland"]
    assert hooks.fire(state, "build_land", land="A1", piece="city") == [False]
    assert hooks.fire(state, "build_land", land="A2", piece="city") == []


# --- Pour Time Sideways: fear cards, escalations, Russia -----------------------------------------


def poured():
    """Fractured Days moved presence from A8 to B5: board B entered, board A left."""
    state = days_game()
    pour(state, ["A8", "B5"])
    state["queue"] = []
    return state


def test_pour_time_sideways_scapegoats_each_land_twice_on_the_board_entered():
    """Scapegoats I, "in each land with towns and explorers, each town destroys an explorer":
    B3 (1 town, 3 explorers) loses 2, A4 (board left, 1 town, 2 explorers) none."""
    state = poured()
    state["lands"]["B3"].update(town=[0], explorer=[0, 0, 0])
    state["lands"]["A4"].update(town=[0], explorer=[0, 0])
    state["fear"]["terror_level"] = 1
    fx.push(state, [{"do": "fear_card", "card": "Scapegoats"}], {"seat": None})
    settle(state, exact=False)
    assert n(state, "B3", "explorer") == 1 and n(state, "A4", "explorer") == 2


def test_pour_time_sideways_sense_of_dread_each_board_twice_on_the_board_entered():
    """Sense of Dread I, "on each board remove 1 explorer from a land matching a Ravage
    card": 2 from board B, none from board A."""
    state = poured()
    state["track"]["ravage"] = ["1:sands"]
    state["lands"]["B3"]["explorer"] = [0, 0, 0]
    state["lands"]["A4"]["explorer"] = [0, 0]
    state["fear"]["terror_level"] = 1
    fx.push(state, [{"do": "fear_card", "card": "Sense of Dread"}], {"seat": None})
    settle(state, exact=False)
    assert n(state, "B3", "explorer") == 1 and n(state, "A4", "explorer") == 2


def test_pour_time_sideways_each_land_inside_each_board_once_more_not_twice_over():
    """An "each land" step inside an "each board" one: the board's repetition is the one
    that counts (B3 gets 2 dahan, not 4; A4 none)."""
    state = poured()
    state["lands"]["B3"]["explorer"], state["lands"]["A4"]["explorer"] = [0], [0]
    each_land = {"do": "every_land", "where": {"same_board": True, "has": ["explorer"]},
                 "then": [{"do": "add", "kind": "dahan"}]}
    fx.push(state, [{"do": "per_board", "then": [each_land]}], {"seat": None})
    settle(state, exact=False)
    assert n(state, "B3", "dahan") == 2 and n(state, "A4", "dahan") == 0


def test_pour_time_sideways_russia_fast_profit_twice_on_the_board_entered():
    """Pressure for Fast Profit (Russia 6), "on each board without new blight, 1 explorer
    and 1 town where the explorers are most": twice on board B, not on board A."""
    state = poured()
    state["turn"] = 2
    state.setdefault("adversary", {})["blighted_boards"] = []
    state["lands"]["B3"]["explorer"], state["lands"]["A4"]["explorer"] = [0], [0]
    ar._fast_profit(state)
    settle(state, exact=False)
    assert (n(state, "B3", "explorer"), n(state, "B3", "town")) == (3, 2)
    assert (n(state, "A4", "explorer"), n(state, "A4", "town")) == (1, 0)


# --- the fear deck's dividers ------------------------------------------------------------------


def test_weave_lies_returning_the_last_level_one_card_raises_the_terror_level():
    """Weave Lies in the Minds of their Observers sends the top fear card back to the box;
    the divider it uncovers takes effect at once (errata B11): Terror Level II."""
    state = position()
    state["fear"]["terror_level"] = 1
    first, second = sorted(fear.CARDS)[:2]
    state["secret"]["fear_deck"] = [first, "divider:2", second]
    effect = next(o["effect"] for e in events.EVENTS.values() for o in _options(e)
                  if o.get("name") == WEAVE_LIES)
    first_ask(state, effect[:1], {"seat": None})
    assert state["fear"]["terror_level"] == 2 and state["secret"]["fear_deck"] == [second]


def _options(event):
    """Every named choice of an event's data, at any depth."""
    found = []
    stack = [event]
    while stack:
        item = stack.pop()
        if isinstance(item, dict):
            found += [item] if "name" in item and "effect" in item else []
            stack += list(item.values())
        elif isinstance(item, list):
            stack += item
    return found


def test_study_the_invaders_fears_shows_a_fear_card_never_a_divider_or_invader_card():
    """Study the Invaders' Fears turns the top fear card face up: a divider or Russia's
    Invader card lying on top is not a fear card."""
    state = position()
    card = sorted(fear.CARDS)[0]
    state["secret"]["fear_deck"] = ["divider:2", "invader:2:sands", card]
    first_ask(state, [{"do": "reveal_fear_top"}], {"seat": 0, "source": STUDY})
    assert state["fear"]["face_up"] == card
