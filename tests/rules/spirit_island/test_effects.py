"""The effect language's interpreter and generic verbs on hand-built positions (board A)."""

import json

import pytest

from rules.spirit_island import effects as fx
from rules.spirit_island.pieces import add, add_presence, empty_land
from rules.spirit_island.state import new_state

# A stand-in spirit: the real ones come from spirits.py.
TESTER = "Tester"


@pytest.fixture(autouse=True)
def stand_alone(monkeypatch):
    """The interpreter on its own: no fear/spirits modules (fear is counted in fear_earned)."""
    monkeypatch.setattr(fx, "optional", lambda module: None)


def seat(name=TESTER):
    return {"spirit": name, "energy": 0, "hand": [], "played": [], "discard": [],
            "elements": {}, "tracks": {"energy": 0, "plays": 0},
            "track_spaces": {"energy": 3, "plays": 2}}


def blank(spirits=1):
    state = new_state(["A"], seed=5)
    state["lands"] = {name: empty_land() for name in state["lands"]}
    state["seats"] = [seat(f"{TESTER}{i}" if i else TESTER) for i in range(spirits)]
    state["queue"] = []
    state["secret"] = {}
    return state


def play(state, effect, ctx=None, answers=()):
    """Run an effect, giving the answers in order; returns the Ask left open, if any."""
    fx.push(state, effect, {"seat": 0, **(ctx or {})})
    ask = fx.run(state)
    for option in answers:
        assert ask is not None, f"nothing asked when answering {option}"
        ask = fx.answer(state, option)
    return ask


def land(state, name):
    return state["lands"][name]


def test_target_land_by_range_from_presence_never_counts_through_the_ocean():
    state = blank()
    add_presence(land(state, "A3"), TESTER)
    ask = play(state, [{"do": "target_land", "range": 1}, {"do": "add", "kind": "dahan"}])
    assert ask.kind == "target_land" and ask.options == ["A2", "A3", "A4"]  # A1 only via A0
    assert fx.answer(state, "A4") is None
    assert land(state, "A4")["dahan"] == [0]


def test_target_land_filter_and_the_only_option_is_taken_without_asking():
    state = blank()
    add_presence(land(state, "A5"), TESTER)
    add(land(state, "A7"), "explorer")
    assert play(state, [{"do": "target_land", "range": 1, "where": {"invaders": True}},
                        {"do": "destroy", "n": 1, "kinds": ["invader"]}]) is None
    assert land(state, "A7")["explorer"] == []


def test_a_power_with_no_legal_target_does_nothing():
    state = blank()
    add_presence(land(state, "A5"), TESTER)
    assert play(state, [{"do": "target_land", "range": 0, "where": {"blight": True}},
                        {"do": "fear", "n": 2}]) is None
    assert state["fear_earned"] == 0 and state["queue"] == []


def test_sacred_site_origin():
    state = blank()
    add_presence(land(state, "A7"), TESTER)
    add_presence(land(state, "A1"), TESTER, 2)
    ask = play(state, [{"do": "target_land", "range": 0, "from": "sacred_site"},
                       {"do": "fear", "n": 1}])
    assert ask is None and state["fear_earned"] == 1


def test_damage_is_assigned_point_by_point_and_finishes_pieces():
    state = blank()
    add(land(state, "A5"), "town", 2)
    add(land(state, "A5"), "explorer")
    ask = play(state, [{"do": "damage", "n": 3}], {"land": "A5"})
    assert ask.kind == "damage" and ask.options == ["explorer", "town"]
    fx.answer(state, "town")
    ask = fx.answer(state, "town")  # the same town: destroyed, 1 fear
    assert land(state, "A5")["town"] == [0] and state["fear_earned"] == 1
    assert fx.answer(state, "explorer") is None
    assert land(state, "A5")["explorer"] == [] and land(state, "A5")["town"] == [0]


def test_damage_that_destroys_everything_asks_nothing():
    state = blank()
    add(land(state, "A5"), "town")
    add(land(state, "A5"), "explorer")
    add(land(state, "A5"), "dahan")
    assert play(state, [{"do": "damage", "n": 3}], {"land": "A5"}) is None
    assert land(state, "A5")["town"] == [] and land(state, "A5")["dahan"] == [0]


def test_damage_each():
    state = blank()
    add(land(state, "A5"), "town", 2)
    add(land(state, "A5"), "explorer", 2)
    play(state, [{"do": "damage_each", "n": 1, "kinds": ["invader"]}], {"land": "A5"})
    assert land(state, "A5")["explorer"] == [] and land(state, "A5")["town"] == [1, 1]


def test_destroy_up_to_offers_done_and_remove_gives_no_fear():
    state = blank()
    add(land(state, "A5"), "town", 2)
    ask = play(state, [{"do": "destroy", "n": 2, "kinds": ["town"], "up_to": True}],
               {"land": "A5"})
    assert ask.options == ["town", "done"]
    fx.answer(state, "town")
    assert fx.answer(state, "done") is None
    assert land(state, "A5")["town"] == [0] and state["fear_earned"] == 1
    play(state, [{"do": "remove", "n": 1, "kinds": ["town"]}], {"land": "A5"})
    assert land(state, "A5")["town"] == [] and state["fear_earned"] == 1


def test_remove_blight_returns_it_to_the_card():
    state = blank()
    land(state, "A5")["blight"] = 1
    pool = state["blight_card"]["pool"]
    play(state, [{"do": "remove", "kinds": ["blight"]}], {"land": "A5"})
    assert land(state, "A5")["blight"] == 0 and state["blight_card"]["pool"] == pool + 1


def test_add_blight_asks_where_it_cascades():
    state = blank()
    land(state, "A7")["blight"] = 1
    land(state, "A5")["blight"] = 1
    state["blight_card"]["pool"] = pool = 10
    ask = play(state, [{"do": "add", "kind": "blight"}], {"land": "A7"})
    assert ask.kind == "cascade" and ask.options == ["A5", "A8"]
    ask = fx.answer(state, "A5")  # A5 had blight too: it cascades on
    assert ask.kind == "cascade" and ask.options == ["A1", "A4", "A6", "A7", "A8"]
    assert fx.answer(state, "A6") is None
    assert [land(state, n)["blight"] for n in ("A5", "A6", "A7")] == [2, 1, 2]
    assert state["blight_card"]["pool"] == pool - 3


def test_push_one_piece_at_a_time_to_chosen_lands():
    state = blank()
    add(land(state, "A7"), "explorer", 2)
    add(land(state, "A7"), "dahan")
    ask = play(state, [{"do": "push", "n": 2, "kinds": ["explorer"]}], {"land": "A7"})
    assert ask.options == [["explorer", "A5"], ["explorer", "A8"]]
    fx.answer(state, ["explorer", "A5"])
    assert fx.answer(state, ["explorer", "A8"]) is None
    assert len(land(state, "A5")["explorer"]) == 1 and len(land(state, "A8")["explorer"]) == 1
    assert land(state, "A7")["dahan"] == [0]


def test_push_all_and_gather_up_to():
    state = blank()
    add(land(state, "A8"), "dahan", 2)
    ask = play(state, [{"do": "push", "n": "all", "kinds": ["dahan"]}], {"land": "A8"})
    fx.answer(state, ["dahan", "A6"])
    assert fx.answer(state, ["dahan", "A6"]) is None
    assert len(land(state, "A6")["dahan"]) == 2
    ask = play(state, [{"do": "gather", "n": 1, "kinds": ["dahan"], "up_to": True}],
               {"land": "A5"})
    assert ask.options == [["dahan", "A6"], "done"]
    assert fx.answer(state, "done") is None and len(land(state, "A6")["dahan"]) == 2


def test_replace_keeps_damage():
    state = blank()
    add(land(state, "A5"), "city")
    land(state, "A5")["city"] = [1]
    play(state, [{"do": "replace", "from": "city", "to": "town"}], {"land": "A5"})
    assert land(state, "A5")["town"] == [1] and land(state, "A5")["city"] == []


def test_marks_for_this_turn():
    state = blank()
    play(state, [{"do": "defend", "n": 2}, {"do": "defend", "n": 1}, {"do": "isolate"},
                 {"do": "skip", "action": "build"}], {"land": "A5"})
    assert fx.turn_marks(state, "A5") == {"defend": 3, "isolate": True, "skip": ["build"]}


def test_choose_land_each_land_and_per_player():
    state = blank(spirits=2)
    add(land(state, "A2"), "explorer")
    add(land(state, "A4"), "explorer")
    ask = play(state, [{"do": "choose_land", "where": {"invaders": True}, "who": "each_player",
                        "then": [{"do": "defend", "n": 1}]}], {"seat": None})
    assert ask.seat == 0 and ask.options == ["A2", "A4"]
    ask = fx.answer(state, "A2")
    assert ask.seat == 1
    fx.answer(state, "A2")
    assert fx.turn_marks(state, "A2") == {"defend": 2}
    play(state, [{"do": "each_land", "where": {"coastal": True},
                  "then": [{"do": "add", "kind": "dahan"}]}], {"seat": None})
    assert [len(land(state, n)["dahan"]) for n in ("A1", "A2", "A3", "A4")] == [1, 1, 1, 0]
    play(state, [{"do": "per_player", "then": [{"do": "energy", "n": 2}]}], {"seat": None})
    assert [s["energy"] for s in state["seats"]] == [2, 2]


def test_conditions_and_control():
    state = blank()
    state["seats"][0]["elements"] = {"water": 2}
    add(land(state, "A5"), "dahan", 2)
    effect = [{"do": "if", "cond": {"elements": {"water": 2}, "count":
                                    {"kind": "dahan", "at_least": 2}},
               "then": [{"do": "fear", "n": 1}], "else": [{"do": "fear", "n": 5}]},
              {"do": "if", "cond": {"not": {"land": {"terrain": ["wetland"]}}},
               "then": [{"do": "fear", "n": 5}]},
              {"do": "repeat", "n": 2, "then": [{"do": "energy", "n": 1}]}]
    assert play(state, effect, {"land": "A5"}) is None
    assert state["fear_earned"] == 1 and state["seats"][0]["energy"] == 2
    ask = play(state, [{"do": "choose", "options": [[{"do": "fear", "n": 1}],
                                                     [{"do": "energy", "n": 3}]]}])
    assert ask.options == [0, 1]
    fx.answer(state, 1)
    assert state["seats"][0]["energy"] == 5
    ask = play(state, [{"do": "may", "then": [{"do": "fear", "n": 1}]}])
    fx.answer(state, "no")
    assert state["fear_earned"] == 1
    assert fx.check(state, {"any": [{"terror_level": 2}, {"blighted_island": False}]}, {})
    assert not fx.check(state, {"stage": 2}, {})


def test_target_spirit_and_energy_to_it():
    state = blank(spirits=2)
    ask = play(state, [{"do": "target_spirit", "self": False},
                       {"do": "energy", "n": 2, "to": "spirit"}])
    assert ask is None and [s["energy"] for s in state["seats"]] == [0, 2]


def test_add_presence_from_a_track_within_range():
    state = blank()
    add_presence(land(state, "A7"), TESTER)
    ask = play(state, [{"do": "add_presence", "range": 1}])
    assert ask.kind == "presence_source" and ask.options == ["energy", "plays"]
    ask = fx.answer(state, "plays")
    assert ask.kind == "add_presence" and ask.options == ["A5", "A7", "A8"]
    fx.answer(state, "A8")
    assert land(state, "A8")["presence"] == {TESTER: 1}
    assert state["seats"][0]["tracks"] == {"energy": 0, "plays": 1}
    # the plays track (2 spaces) is empty now: the energy track is the only source
    ask = play(state, [{"do": "add_presence", "range": 0, "where": {"terrain": ["jungle"]}}])
    assert ask is None and land(state, "A8")["presence"] == {TESTER: 2}
    assert state["seats"][0]["tracks"] == {"energy": 1, "plays": 1}


def test_cards_gain_reclaim_forget_and_elements():
    state = blank()
    state["secret"]["minor_deck"] = ["a", "b", "c", "d", "e"]
    ask = play(state, [{"do": "gain_card", "kind": "minor"}])
    assert ask.kind == "gain_card" and ask.options == ["a", "b", "c", "d"]
    fx.answer(state, "c")
    assert state["seats"][0]["hand"] == ["c"] and state["power_discard"]["minor"] == ["a", "b", "d"]
    state["secret"]["major_deck"] = ["M"]
    assert play(state, [{"do": "gain_card", "kind": "major"}]) .kind == "forget"
    fx.answer(state, "c")
    assert state["seats"][0]["hand"] == ["M"]
    state["seats"][0]["discard"] = ["x", "y"]
    ask = play(state, [{"do": "reclaim", "n": 1}])
    fx.answer(state, "y")
    assert state["seats"][0]["hand"] == ["M", "y"]
    play(state, [{"do": "reclaim"}, {"do": "gain_element", "element": "sun", "n": 2}])
    assert state["seats"][0]["hand"] == ["M", "y", "x"]
    assert state["seats"][0]["elements"] == {"sun": 2}


def test_answers_must_be_offered_and_the_queue_survives_json():
    state = blank()
    add(land(state, "A5"), "explorer", 2)
    play(state, [{"do": "push", "n": 2, "kinds": ["explorer"]}], {"land": "A5"})
    with pytest.raises(ValueError):
        fx.answer(state, ["explorer", "A3"])
    state = json.loads(json.dumps(state))
    fx.answer(state, ["explorer", "A1"])
    assert fx.pending(state).kind == "push"
    state = json.loads(json.dumps(state))
    assert fx.answer(state, ["explorer", "A1"]) is None
    assert len(land(state, "A1")["explorer"]) == 2 and "ask" not in state


def test_a_target_set_after_a_json_round_trip_reaches_the_later_steps():
    state = blank()
    add_presence(land(state, "A5"), TESTER)
    play(state, [{"do": "target_land", "range": 1}, {"do": "add", "kind": "dahan"}])
    state = json.loads(json.dumps(state))
    fx.answer(state, "A6")
    assert land(state, "A6")["dahan"] == [0]


def test_a_module_registers_its_own_verb():
    @fx.verb("test_double_energy")
    def double(state, step, ctx, answer):
        state["seats"][ctx["seat"]]["energy"] *= 2

    state = blank()
    play(state, [{"do": "energy", "n": 3}, {"do": "test_double_energy"}])
    assert state["seats"][0]["energy"] == 6
    del fx.VERBS["test_double_energy"]


def test_strife_counts_under_invaders_and_is_removed_from_one():
    state = blank()
    add(land(state, "A5"), "town", 2)
    land(state, "A5")["strife"]["town"] = [0, 2]
    assert fx.count(state, land(state, "A5"), "strife") == 2
    play(state, [{"do": "remove", "n": 1, "kinds": ["strife"]}], {"land": "A5"})
    assert land(state, "A5")["strife"]["town"] == [0, 1]


def test_destroying_presence_counts_it_destroyed():
    state = blank()
    add_presence(land(state, "A5"), TESTER, 2)
    play(state, [{"do": "destroy", "n": 1, "kinds": ["presence"]}], {"land": "A5"})
    assert land(state, "A5")["presence"] == {TESTER: 1}
    assert state["seats"][0]["destroyed"] == 1
    assert not fx.check(state, {"elements": {"sun": 0}}, {"seat": None})


def test_choose_two_different_options_each_run_before_the_next_pick():
    state = blank()
    options = [[{"do": "energy", "n": 1}], [{"do": "energy", "n": 10}], [{"do": "fear", "n": 1}]]
    ask = play(state, [{"do": "choose", "options": options, "pick": 2}])
    assert ask.options == [0, 1, 2]
    ask = fx.answer(state, 1)
    assert state["seats"][0]["energy"] == 10 and ask.options == [0, 2]
    assert fx.answer(state, 0) is None and state["seats"][0]["energy"] == 11
