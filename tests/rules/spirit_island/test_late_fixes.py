"""Late fixes: health changes that must destroy damaged pieces at once, message templates
filled by their params, and the hook for pieces added to or moved into a land."""

import string

import pytest

from rules.core import Rng
from rules.spirit_island import actions as act
from rules.spirit_island import adversaries as adv
from rules.spirit_island import effects as fx
from rules.spirit_island import hooks
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island.__main__ import mixed
from rules.spirit_island.engine import SpiritIsland
from rules.spirit_island.messages import MESSAGES
from rules.spirit_island.policy import choose
from rules.spirit_island.state import new_game, new_state


def _settle(state, answers=()):
    todo = list(answers)
    ask = fx.run(state)
    while ask is not None:
        ask = fx.answer(state, todo.pop(0) if todo else ask.options[0])


def _habsburg(level):
    state = new_game(1, 4)
    adv.setup(state, "Habsburg", level)
    state.update(queue=[], phase="invader", turn=1)
    for land in state["lands"]:
        state["lands"][land] = pcs.empty_land()
    return state


# --- 1. a health change destroys at once ----------------------------------------------------


def test_an_event_lowering_health_destroys_a_town_already_damaged_that_much():
    state = new_state(["A"], seed=7)
    state["lands"] = {name: pcs.empty_land() for name in state["lands"]}
    state.update(queue=[], rules=[], turn=2)
    pcs.add(state["lands"]["A5"], "town")
    pcs.add(state["lands"]["A5"], "city")
    state["lands"]["A5"]["town"] = [1]  # 1 damage: survives health 2, not health 1
    state["lands"]["A5"]["city"] = [1]  # health 3 -> 2: survives
    fx.push(state, [{"do": "event_rule", "mod": "health", "until": "turn",
                     "kinds": ["town", "city"], "n": -1}], {"seat": None})
    _settle(state)
    assert state["lands"]["A5"]["town"] == [] and state["lands"]["A5"]["city"] == [1]


def test_habsburg_four_a_damaged_town_gathered_into_blight_is_destroyed():
    state = _habsburg(4)
    lands = state["lands"]
    pcs.add(lands["A6"], "town")
    lands["A6"]["town"] = [2]  # durable (health 4) without blight
    lands["A5"]["blight"] = 1
    act.gather(state, "A5", [("town", "A6")])
    assert lands["A5"]["town"] == [] and lands["A6"]["town"] == []


def test_habsburg_four_blight_gathered_onto_a_damaged_town_destroys_it():
    state = _habsburg(4)
    lands = state["lands"]
    pcs.add(lands["A5"], "town")
    lands["A5"]["town"] = [2]
    lands["A6"]["blight"] = 1
    act.gather(state, "A5", [("blight", "A6")])
    assert lands["A5"]["town"] == [] and lands["A5"]["blight"] == 1


def test_habsburg_one_and_four_herders_gather_a_damaged_town_into_blight():
    state = _habsburg(4)
    lands = state["lands"]
    pcs.add(lands["A1"], "town")
    lands["A1"]["town"] = [2]
    lands["A2"]["blight"] = 1
    state["track"]["build"] = ["1:wetland"]  # A2 and A5 build; A1 matches none
    state["build_card"] = "1:wetland"
    hooks.fire(state, "after_build", built={})
    _settle(state)
    assert lands["A1"]["town"] == [] and lands["A2"]["town"] == []


# --- 2. every event's template is filled by its params --------------------------------------


def _fields(template):
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


@pytest.mark.parametrize("seed", [3, 11, 17])
def test_every_event_template_is_filled_by_its_params_in_random_games(seed):
    engine = SpiritIsland()
    players, options = mixed(seed, True)
    state = engine.setup(options, players, seed)
    rng = Rng(seed)
    seen = set()
    while engine.result(state) is None:
        seat, action = choose(engine, state, engine.decisions(state), rng, "random")
        state, events = engine.apply(state, seat, action)
        for event in events:
            for lang in ("en", "ko"):
                template = MESSAGES[lang][event.key]
                missing = _fields(template) - set(event.params)
                assert not missing, (event.key, lang, missing)
            seen.add(event.key)
    assert "spirit_island.power" in seen  # the event that once showed a raw {s}


# --- 3. pieces added to or moved into a land (arrivals.py) ----------------------------------


def _card_table():
    from tests.rules.spirit_island.test_powers_decks_bc_je import position

    return position()


def _play(state, name, answers):
    from tests.rules.spirit_island.test_powers_decks_bc_je import play

    play(state, name, answers)


def _effect(state, steps, land, answers=()):
    fx.push(state, steps, {"seat": None, "land": land})
    _settle(state, answers)


def test_confounding_mists_second_option_invaders_added_may_be_pushed_at_once():
    state = _card_table()
    _play(state, "Confounding Mists", ["A6", 1])
    assert state["turn_marks"]["A6"].get("defend") is None
    fx.push(state, [{"do": "add", "kind": "explorer"}], {"seat": None, "land": "A6"})
    ask = fx.run(state)  # the added explorer may be pushed: Lightning (seat 0) picks where
    assert ask is not None and ask.seat == 0 and ["explorer", "A5"] in ask.options
    fx.answer(state, ["explorer", "A5"])
    assert len(state["lands"]["A6"]["explorer"]) == 0
    assert len(state["lands"]["A5"]["explorer"]) == 1
    pcs.add(state["lands"]["A5"], "explorer")
    act.gather(state, "A6", [("explorer", "A5")])  # moved in, not added: it stays
    assert fx.run(state) is None and len(state["lands"]["A6"]["explorer"]) == 1
    inv.explore_in(state, "A6")  # an explore adds one: it may be pushed, or kept
    ask = fx.run(state)
    assert ask is not None
    fx.answer(state, fx.DONE)
    assert len(state["lands"]["A6"]["explorer"]) == 2


def test_call_to_guard_second_option_damages_each_invader_added_or_moved_in():
    state = _card_table()
    lands = state["lands"]
    lands["A6"]["dahan"] = [0]
    _play(state, "Call To Guard", ["A6", 1])  # no dahan nearby to gather
    lands["A5"]["town"] = [0]
    lands["A5"]["strife"] = {"town": [0]}
    act.gather(state, "A6", [("town", "A5")])
    assert lands["A6"]["town"] == [1]  # moved in: 1 damage
    inv.explore_in(state, "A6")
    assert lands["A6"]["explorer"] == []  # added: 1 damage destroys it
    lands["A5"]["dahan"] = [0]
    act.gather(state, "A6", [("dahan", "A5")])
    assert lands["A6"]["dahan"] == [0, 0]  # dahan are not hurt
    lands["A5"]["town"] = [0]
    act.gather(state, "A5", [("town", "A6")])
    assert sorted(lands["A5"]["town"]) == [0, 1]  # the card watched A6 only


def test_melt_earth_into_quicksand_destroys_invaders_and_dahan_moved_in_not_added():
    state = _card_table()
    lands = state["lands"]
    _play(state, "Melt Earth into Quicksand", ["A5"])  # a Wetland by Lightning's presence
    lands["A4"]["town"] = [0]
    lands["A4"]["strife"] = {"town": [0]}
    lands["A4"]["dahan"] = [0]
    fear = state["fear"]["earned"]
    act.gather(state, "A5", [("dahan", "A4")])
    act.gather(state, "A5", [("town", "A4")], ignore_isolate=True)  # the land is isolated
    assert lands["A5"]["town"] == [] and lands["A5"]["dahan"] == []
    assert state["fear"]["earned"] == fear + 1  # a destroyed town's fear
    inv.explore_in(state, "A5")  # added, not moved: it stays
    assert lands["A5"]["explorer"] == [0]


def test_the_three_cards_are_whole_now():
    for name in ("Confounding Mists", "Call To Guard", "Melt Earth into Quicksand"):
        assert "not_modelled" not in pw.CARDS[name]
