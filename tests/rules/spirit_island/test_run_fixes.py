"""Engine fixes found by the 1,000-game random run (issue 13), each on a hand-built position:
presence destroyed by blight joins the destroyed presence; a health bonus that depends on
dahan ends when they go; a health loss coming into force meets damage kept over time passes;
the adversaries' own blight respects rules that keep blight off a land."""

from rules.spirit_island import actions as act
from rules.spirit_island import blight, events, turn
from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs
from rules.spirit_island.state import new_game

RIVER, EARTH = "River Surges in Sunlight", "Vital Strength of the Earth"


def _game(players=2, adversary=None, level=0, spirits=None):
    """A fresh game in the Slow phase of turn 2, every land empty."""
    state = new_game(players, 4, spirits=spirits, adversary=adversary, level=level)
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


def test_presence_bestow_the_endurance_of_bedrock_keeps_is_not_destroyed_presence():
    state = _game(spirits=["Stone's Unyielding Defiance", RIVER])
    land = state["lands"]["A5"]
    pcs.add_presence(land, "Stone's Unyielding Defiance", 2)
    pcs.add_presence(land, RIVER)
    inv.add_blight(state, "A5")  # 1 blight, not more than Stone's 2 presence: none destroyed
    assert land["presence"] == {"Stone's Unyielding Defiance": 2, RIVER: 1}
    assert _destroyed(state) == [0, 0]
    pcs.add_presence(state["lands"]["A7"], RIVER)
    inv.add_blight(state, "A7")  # no Stone there
    assert _destroyed(state) == [0, 1]


# --- 2. a health bonus that depends on dahan ends when they go -------------------------------

REMNANTS = "Remnants of a Spirit's Heart"


def _remnants(state):
    """The event's first option: dahan +10 health, invaders +1 health in lands with dahan."""
    effect = events.EVENTS[REMNANTS]["options"][0]["effect"]
    fx.push(state, effect, {"seat": None, "source": REMNANTS})
    _settle(state)


def _damaged_town_with_dahan(dahan=1):
    state = _game()
    land = state["lands"]["A5"]
    pcs.add(land, "town")
    pcs.add(land, "dahan", dahan)
    _remnants(state)
    land["town"] = [2]  # alive: health 2 + 1 while dahan are there
    return state, land


def test_a_town_kept_alive_by_dahan_is_destroyed_when_the_last_dahan_is_destroyed():
    state, land = _damaged_town_with_dahan()
    fear = state["fear_earned"]
    # Punish Those Who Trespass's second part: destroy 1 dahan
    fx.push(state, [{"do": "destroy", "n": 1, "kinds": ["dahan"]}],
            {"seat": 0, "land": "A5", "source": "Punish Those Who Trespass"})
    _settle(state)
    assert land["dahan"] == [] and land["town"] == []
    assert state["fear_earned"] == fear + 1  # a destroyed town


def test_the_town_lives_on_while_a_dahan_stays():
    state, land = _damaged_town_with_dahan(dahan=2)
    fx.push(state, [{"do": "destroy", "n": 1, "kinds": ["dahan"]}],
            {"seat": 0, "land": "A5", "source": "Punish Those Who Trespass"})
    _settle(state)
    assert land["dahan"] == [0] and land["town"] == [2]


def test_a_town_kept_alive_by_dahan_is_destroyed_when_the_dahan_are_pushed_away():
    state, land = _damaged_town_with_dahan()
    act.push(state, "A5", [("dahan", "A6")])
    assert state["lands"]["A6"]["dahan"] == [0] and land["town"] == []


def test_a_town_kept_alive_by_dahan_is_destroyed_when_they_are_gathered_away():
    state, land = _damaged_town_with_dahan()
    act.gather(state, "A6", [("dahan", "A5")])
    assert land["town"] == []


# --- 3. health changing with the turn meets damage kept over time passes ----------------------

SHROUD = "Shroud of Silent Mist"


def _shroud_keeps_damage():
    """Shroud (Slow and Silent Death: no healing in its lands) in A5 with a town, a city and
    a dahan there, each with 1 damage; a town with 1 damage in A1, not Shroud's land."""
    state = _game(spirits=[SHROUD, RIVER])
    lands = state["lands"]
    pcs.add_presence(lands["A5"], SHROUD)
    for kind in ("town", "city", "dahan"):
        lands["A5"][kind] = [1]
    lands["A1"]["town"] = [1]
    return state, lands


def test_all_things_weaken_destroys_pieces_whose_kept_damage_reaches_next_turns_health():
    state, lands = _shroud_keeps_damage()
    fx.push(state, blight.card_effect("All Things Weaken"), {"seat": None, "source": "blight"})
    _settle(state)
    turn.time_passes(state)  # -1 health only from the next turn: all still alive
    assert lands["A5"]["town"] == [1] and lands["A5"]["dahan"] == [1]
    assert lands["A1"]["town"] == [0]  # healed: not Shroud's land
    fear = state["fear_earned"]
    turn.start_turn(state)  # turn 3: town 2 -> 1, dahan 2 -> 1, city 3 -> 2 health
    assert state["turn"] == 3
    assert lands["A5"]["town"] == [] and lands["A5"]["dahan"] == []
    assert lands["A5"]["city"] == [1] and lands["A1"]["town"] == [0]
    assert state["fear_earned"] == fear + 1  # the town


def test_a_health_bonus_ending_at_time_passes_destroys_a_town_keeping_its_damage():
    state, lands = _shroud_keeps_damage()
    _remnants(state)
    lands["A5"]["town"] = [2]  # alive only with Remnants' +1 (dahan are there)
    turn.time_passes(state)  # the event ends with the turn: health 2 again
    assert lands["A5"]["town"] == [] and lands["A5"]["city"] == [1]


# --- 4. the adversaries' own blight and rules that keep blight off a land ---------------------


def _sweden_heavy_mining(vitality):
    """Sweden 1 (Heavy Mining: 6+ damage in a ravage adds 1 more blight); 2 cities ravage A5
    for 6, with Infinite Vitality's hold on A5 this turn or not."""
    state = _game(players=1, adversary="Sweden", level=1)
    pcs.add(state["lands"]["A5"], "city", 2)
    if vitality:
        fx.push(state, [{"do": "keep_blight_off"}], {"seat": 0, "land": "A5",
                                                    "source": "Infinite Vitality"})
        _settle(state)
    pool = state["blight_card"]["pool"]
    report = inv.ravage(state, "A5")
    _settle(state)
    assert report["damage"] == 6
    return state, pool


def test_sweden_heavy_mining_adds_a_second_blight_for_six_damage():
    state, pool = _sweden_heavy_mining(vitality=False)
    assert state["lands"]["A5"]["blight"] == 2 and state["blight_card"]["pool"] == pool - 2


def test_infinite_vitality_keeps_sweden_s_extra_blight_on_the_card_too():
    state, pool = _sweden_heavy_mining(vitality=True)
    assert state["lands"]["A5"]["blight"] == 0 and state["blight_card"]["pool"] == pool


def test_sweden_s_extra_blight_taking_the_last_one_turns_the_card_over_at_once():
    state = _game(players=1, adversary="Sweden", level=1)
    blight.setup(state)
    state["blight_card"].update(name="All Things Weaken", pool=2)
    pcs.add(state["lands"]["A5"], "city", 2)
    inv.ravage(state, "A5")  # the ravage's blight leaves 1, Heavy Mining takes the last
    _settle(state)
    card = state["blight_card"]
    assert card["side"] == pcs.BLIGHTED and card["pool"] == 3  # 3 per player on its back
    # the card's lasting effect started: -1 health from the next turn
    assert any(m["mod"] == "health" and m["from_turn"] == 3
               for m in state["event_cards"]["mods"])



def _all_things_weaken(state):
    """All Things Weaken in force (from the turn after it turned over)."""
    fx.push(state, blight.card_effect("All Things Weaken"), {"seat": None, "source": "blight"})
    _settle(state)
    state["turn"] += 1


def test_all_things_weaken_blight_destroys_all_presence_there_each_counted_once():
    state = _game()
    _all_things_weaken(state)
    pcs.add_presence(state["lands"]["A5"], RIVER, 3)
    inv.add_blight(state, "A5")
    _settle(state)
    assert state["lands"]["A5"]["presence"] == {} and _destroyed(state) == [3, 0]


def test_bedrock_keeps_presence_all_things_weaken_would_destroy_none_counted():
    state = _game(spirits=["Stone's Unyielding Defiance", RIVER])
    _all_things_weaken(state)
    land = state["lands"]["A5"]
    pcs.add_presence(land, "Stone's Unyielding Defiance", 2)
    pcs.add_presence(land, RIVER, 2)
    inv.add_blight(state, "A5")
    _settle(state)
    assert land["presence"] == {"Stone's Unyielding Defiance": 2, RIVER: 2}
    assert _destroyed(state) == [0, 0]
