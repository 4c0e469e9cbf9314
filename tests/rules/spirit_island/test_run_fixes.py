"""Engine fixes found by the 1,000-game random run (issue 13), each on a hand-built position:
presence destroyed by blight joins the destroyed presence; a health bonus that depends on
dahan ends when they go; a health loss coming into force meets damage kept over time passes;
the adversaries' own blight respects rules that keep blight off a land."""

from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs
from rules.spirit_island.state import new_game

RIVER, EARTH = "River Surges in Sunlight", "Vital Strength of the Earth"


def _game(players=2, adversary=None, level=0):
    """A fresh game in the Slow phase of turn 2, every land empty."""
    state = new_game(players, 4, adversary=adversary, level=level)
    state.update(queue=[], phase="slow", turn=2)
    for name in state["lands"]:
        state["lands"][name] = pcs.empty_land()
    return state


def _settle(state, answers=()):
    todo = list(answers)
    ask = fx.run(state)
    while ask is not None:
        ask = fx.answer(state, todo.pop(0) if todo else ask.options[0])


def _destroyed(state):
    return [row.get("destroyed", 0) for row in state["seats"]]


# --- 1. presence destroyed by blight is destroyed presence -----------------------------------


def test_blight_added_sends_each_spirits_presence_there_to_its_destroyed_presence():
    state = _game()
    lands = state["lands"]
    pcs.add_presence(lands["A5"], RIVER, 2)
    pcs.add_presence(lands["A5"], EARTH)
    inv.add_blight(state, "A5")
    # 1 presence of each spirit there is destroyed (not removed): River keeps 1 on the island
    assert lands["A5"]["presence"] == {RIVER: 1}
    assert _destroyed(state) == [1, 1]


def test_a_cascade_destroys_presence_in_the_next_land_too():
    state = _game()
    lands = state["lands"]
    lands["A5"]["blight"] = 1
    pcs.add_presence(lands["A5"], RIVER)
    pcs.add_presence(lands["A6"], EARTH)
    assert inv.add_blight(state, "A5", ["A6"]) == ["A5", "A6"]
    assert lands["A5"]["presence"] == {} and lands["A6"]["presence"] == {}
    assert _destroyed(state) == [1, 1]


def test_presence_destroyed_by_blight_can_be_brought_back_from_destroyed_presence():
    state = _game()
    pcs.add_presence(state["lands"]["A5"], RIVER)
    inv.add_blight(state, "A5")
    # a power allowing destroyed presence as a source now offers it
    assert fx.presence_sources(state, 0, from_track=False) == ["destroyed"]


def test_an_events_blight_that_does_not_cascade_destroys_presence_too():
    state = _game()
    pcs.add_presence(state["lands"]["A5"], EARTH)
    fx.push(state, [{"do": "add_blight_no_cascade"}], {"seat": None, "land": "A5",
                                                      "source": "an event"})
    _settle(state)
    assert state["lands"]["A5"]["blight"] == 1 and _destroyed(state) == [0, 1]
