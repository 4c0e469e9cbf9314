"""The cooperative turn with a stand-in spirit (the real spirits have their own tests)."""

import json

import pytest

from rules.spirit_island import effects as fx
from rules.spirit_island import turn
from rules.spirit_island.pieces import add, add_presence, empty_land
from rules.spirit_island.state import new_state

GROWTH = [[{"do": "energy", "n": 2}], [{"do": "add_presence", "range": 1}]]
CARDS = {
    "Spark": {"cost": 0, "speed": "fast", "elements": ["fire"],
              "effect": [{"do": "target_land", "range": 1, "where": {"invaders": True}},
                         {"do": "damage", "n": 1}]},
    "Calm": {"cost": 1, "speed": "slow", "elements": ["water"],
             "effect": [{"do": "target_land", "range": 0}, {"do": "defend", "n": 2}]},
    "Dear": {"cost": 9, "speed": "slow", "elements": [], "effect": []},
}
# An innate: 1 fear once the spirit has 1 fire this turn.
EMBER = [{"do": "fear", "n": 1}]


@pytest.fixture(autouse=True)
def stand_in(monkeypatch):
    monkeypatch.setattr(turn, "growth_effect", lambda name: [{"do": "choose", "options": GROWTH}])
    monkeypatch.setattr(turn, "track_values", lambda state, seat: {
        "energy": 1 + state["seats"][seat]["tracks"]["energy"], "card_plays": 1,
        "elements": {}, "any": 0})
    monkeypatch.setattr(turn, "card", CARDS.__getitem__)
    monkeypatch.setattr(turn, "innates", lambda state, seat: ["Ember"])
    monkeypatch.setattr(turn, "speed", lambda name: CARDS[name]["speed"] if name in CARDS
                        else "fast")
    monkeypatch.setattr(turn, "may_be_fast", lambda state, seat, name: False)

    def effect(state, seat, name):
        if name in CARDS:
            return CARDS[name]["effect"]
        return EMBER if state["seats"][seat]["elements"].get("fire") else []

    monkeypatch.setattr(turn, "power_effect", effect)
    monkeypatch.setattr(fx, "optional", lambda module: None)


def game(spirits=2):
    state = new_state(["A", "B"][:spirits], seed=3)
    state["lands"] = {name: empty_land() for name in state["lands"]}
    state["secret"] = {"deck": state.pop("deck")}
    state.update(queue=[], rules=[], turn=0, phase="setup", options={}, fear_earned=0)
    state["seats"] = [
        {"spirit": f"S{i}", "energy": 0, "hand": ["Spark", "Calm", "Dear"], "played": [],
         "discard": [], "elements": {}, "tracks": {"energy": 0, "card_plays": 0},
         "track_spaces": {"energy": 4, "card_plays": 2}}
        for i in range(spirits)]
    for i, board in enumerate(state["boards"]):
        add_presence(state["lands"][f"{board}5"], f"S{i}")
        add(state["lands"][f"{board}8"], "city")  # so the game is not won at once
    return state


def asks(state):
    return {(a.seat, a.kind): a.options for a in turn.open_asks(state)}


def test_every_spirit_decides_its_spirit_phase_at_once():
    state = game()
    turn.advance(state)
    assert state["turn"] == 1 and state["phase"] == "spirit"
    assert asks(state) == {(0, "choose"): [0, 1], (1, "choose"): [0, 1]}
    turn.act(state, 1, "choose", 1)  # seat 1 adds presence while seat 0 still chooses
    assert set(asks(state)) == {(0, "choose"), (1, "presence_source")}
    with pytest.raises(ValueError):
        turn.act(state, 0, "play", "Spark")


def test_growth_energy_from_the_track_and_card_plays_paid():
    state = game(spirits=1)
    turn.advance(state)
    turn.act(state, 0, "choose", 0)  # 2 energy, then 1 from the energy track
    assert state["seats"][0]["energy"] == 3
    assert asks(state) == {(0, "play"): ["Calm", "Spark", "done"]}  # Dear costs too much
    turn.act(state, 0, "play", "Calm")  # one card play only
    row = state["seats"][0]
    assert row["energy"] == 2 and row["played"] == ["Calm"] and row["elements"] == {"water": 1}
    # Calm is slow: with no fire the innate is not usable, so the Fast phase passes
    assert state["phase"] == "slow" and asks(state) == {(0, "resolve"): ["Calm"]}


def test_presence_from_a_track_reveals_more_energy():
    state = game(spirits=1)
    turn.advance(state)
    turn.act(state, 0, "choose", 1)
    turn.act(state, 0, "presence_source", "energy")
    turn.act(state, 0, "add_presence", "A7")
    assert state["seats"][0]["tracks"]["energy"] == 1 and state["seats"][0]["energy"] == 2
    assert state["lands"]["A7"]["presence"] == {"S0": 1}


def test_fast_powers_then_invaders_then_slow_then_time_passes():
    state = game(spirits=1)
    state["secret"]["deck"] = ["1:wetland", "1:jungle", "1:sands", "1:mountain"]
    add(state["lands"]["A5"], "explorer")
    turn.advance(state)  # initial explore: wetland (A2, A5 next to the Ocean or a city?)
    turn.act(state, 0, "choose", 0)
    turn.act(state, 0, "play", "Spark")
    # Spark (fast card) and Ember (innate, fire 1 from Spark) are both fast
    assert asks(state) == {(0, "resolve"): ["Spark", "Ember"]}
    turn.act(state, 0, "resolve", "Ember")
    assert state["fear_earned"] == 1
    turn.act(state, 0, "resolve", "Spark")
    assert state["lands"]["A5"]["explorer"] == [0, 0]  # one more from the initial explore
    turn.act(state, 0, "target_land", "A5")
    assert state["lands"]["A5"]["explorer"] == [0]
    # nothing slow: the Invader phase ran (build on wetland, explore jungle), time passed
    assert state["turn"] == 2 and state["phase"] == "spirit"
    assert state["track"] == {"ravage": ["1:wetland"], "build": ["1:jungle"], "explore": [],
                              "discard": []}
    row = state["seats"][0]
    assert row["played"] == [] and row["discard"] == ["Spark"] and row["elements"] == {}


def test_time_passes_heals_and_clears_marks():
    state = game(spirits=1)
    state["lands"]["A8"]["city"] = [2]
    fx.turn_marks(state, "A8")["defend"] = 3
    state["phase"] = "slow"
    for row in state["seats"]:
        row.update(ready=True, powers=[])
    turn.advance(state)
    assert state["lands"]["A8"]["city"] == [0] and "turn_marks" not in state
    assert state["turn"] == 1


def invader_phase(state, ravage):
    state["track"]["ravage"] = [ravage]
    state["secret"]["deck"] = ["1:sands"]
    state["phase"] = "fast"
    for row in state["seats"]:
        row.update(ready=True, powers=[])
    turn.advance(state)


def test_ravage_asks_where_blight_cascades_and_where_dahan_strike():
    state = game(spirits=1)
    state["blight_card"]["pool"] = 10
    land = state["lands"]["A1"]  # mountain
    add(land, "town", 2)
    add(land, "explorer")
    add(land, "dahan", 2)
    land["blight"] = 1
    invader_phase(state, "1:mountain")
    # 5 damage: blight (cascading: A1 has some), both dahan die, no counterattack
    ask = turn.open_asks(state)[0]
    assert ask.kind == "cascade" and ask.options == ["A2", "A4", "A5", "A6"]
    turn.act(state, 0, "cascade", "A6")
    assert state["lands"]["A6"]["blight"] == 1 and state["lands"]["A1"]["blight"] == 2
    assert state["lands"]["A1"]["dahan"] == []
    assert state["phase"] == "spirit" and state["turn"] == 1


def test_counterattack_choice_only_when_it_matters():
    state = game(spirits=1)
    land = state["lands"]["A6"]  # mountain
    add(land, "explorer")
    add(land, "town")
    add(land, "dahan", 2)
    invader_phase(state, "1:mountain")
    # 3 damage: blight, one dahan dies; the other deals 2: the town or the explorer
    ask = turn.open_asks(state)[0]
    assert ask.kind == "counterattack" and ask.options == ["explorer", "town"]
    turn.act(state, 0, "counterattack", "town")
    assert state["lands"]["A6"]["town"] == [] and state["lands"]["A6"]["explorer"] == [0]


def test_defend_reduces_ravage_damage():
    state = game(spirits=1)
    land = state["lands"]["A6"]
    add(land, "town")
    fx.turn_marks(state, "A6")["defend"] = 1
    invader_phase(state, "1:mountain")
    assert state["lands"]["A6"]["blight"] == 0


def test_an_empty_invader_deck_loses_the_game():
    state = game(spirits=1)
    state["secret"]["deck"] = []
    state["phase"] = "fast"
    for row in state["seats"]:
        row.update(ready=True, powers=[])
    turn.advance(state)
    assert state["phase"] == "over" and state["outcome"] == "loss:time"
    assert turn.open_asks(state) == []


def test_no_invaders_left_wins_at_terror_level_one():
    state = game(spirits=1)
    state["lands"]["A8"]["city"] = []
    state["phase"] = "slow"
    for row in state["seats"]:
        row.update(ready=True, powers=[])
    turn.advance(state)
    assert state["outcome"] == "win" and state["phase"] == "over"


def test_a_spirit_with_no_presence_loses():
    state = game(spirits=1)
    state["lands"]["A5"]["presence"] = {}
    turn.advance(state)
    assert state["outcome"] == "loss:presence"


def test_the_turn_survives_json_between_actions():
    state = game()
    turn.advance(state)
    state = json.loads(json.dumps(state))
    turn.act(state, 0, "choose", 1)
    state = json.loads(json.dumps(state))
    turn.act(state, 0, "presence_source", "card_plays")
    options = asks(state)[(0, "add_presence")]
    assert {"A1", "A4", "A5", "A6", "A7", "A8"} <= set(options) and "A2" not in options


def test_a_reclaim_one_space_offers_one_card_back(monkeypatch):
    values = turn.track_values
    monkeypatch.setattr(turn, "track_values",
                        lambda state, seat: {**values(state, seat), "reclaim_one": True})
    state = game(spirits=1)
    state["seats"][0]["discard"] = ["Dear"]
    turn.advance(state)
    turn.act(state, 0, "choose", 0)
    assert asks(state) == {(0, "may"): ["yes", "no"]}
    turn.act(state, 0, "may", "yes")  # the only card comes back without asking which
    assert state["seats"][0]["discard"] == [] and "Dear" in state["seats"][0]["hand"]


def test_the_players_say_where_an_any_skip_stops_a_build(monkeypatch):
    from rules.spirit_island import tokens

    monkeypatch.setattr(fx, "optional", lambda module: tokens if module == "tokens" else None)
    state = game(spirits=1)
    tokens.add_skip(state, "A8", "any")  # A8 (jungle) holds a city
    state["track"]["build"] = ["1:jungle"]
    invader_phase(state, "1:wetland")
    ask = turn.open_asks(state)[0]
    assert (ask.kind, ask.options) == ("skip", ["yes", "no"])
    assert turn.open_asks(state) and state["queue"][0]["step"]["land"] == "A8"
    turn.act(state, 0, "skip", "yes")
    assert state["lands"]["A8"]["city"] == [0] and state["lands"]["A8"]["town"] == []
    assert state["phase"] == "spirit" and state["turn"] == 1


def test_grants_from_powers_more_card_plays_a_repeat_and_a_card_kept():
    state = game(spirits=1)
    state["seats"][0].update(card_plays_bonus=1, repeats=[0], reclaim_at_end=1)
    state["lands"]["A7"]["explorer"] = [0, 0]
    turn.advance(state)
    turn.act(state, 0, "choose", 0)  # 3 energy
    turn.act(state, 0, "play", "Spark")
    turn.act(state, 0, "play", "Calm")  # a second card play
    assert state["seats"][0]["played"] == ["Spark", "Calm"]
    turn.act(state, 0, "resolve", "Ember")
    turn.act(state, 0, "resolve", "Spark")
    turn.act(state, 0, "target_land", "A7")
    # only the optional repeat is left in the Fast phase
    assert asks(state) == {(0, "resolve"): [["repeat", "Spark"], "done"]}
    explorers = len(state["lands"]["A7"]["explorer"])
    turn.act(state, 0, "resolve", ["repeat", "Spark"])
    assert state["seats"][0]["repeats"] == []
    turn.act(state, 0, "target_land", "A7")
    assert len(state["lands"]["A7"]["explorer"]) == explorers - 1
    turn.act(state, 0, "resolve", "Calm")  # range 0: its one land, A5, without asking
    # time passes: the kept card may come back to hand instead of the discard
    assert asks(state) == {(0, "reclaim"): ["Spark", "Calm", "done"]}
    turn.act(state, 0, "reclaim", "Calm")
    row = state["seats"][0]
    assert "Calm" in row["hand"] and row["discard"] == ["Spark"] and state["turn"] == 2
