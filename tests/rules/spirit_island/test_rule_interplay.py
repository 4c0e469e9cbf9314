"""Rules of different areas meeting in the Invader steps: adversary levels, lasting event
effects and spirits' special rules, each on a hand-built position and run through the real
steps (invaders.ravage/build/invader_steps, pieces.destroy), with the players' choices
asked where the game lets them choose."""

import pytest

from rules.spirit_island import adversaries as adv
from rules.spirit_island import blight, event_rules, fear, hooks, spirits
from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs
from rules.spirit_island.state import new_game
from tests.rules.spirit_island.helpers import place_all as place
from tests.rules.spirit_island.helpers import settle
from tests.rules.spirit_island.helpers import show_invaders as show

# Board A: 1 mountain, 2 wetland, 3 jungle (coastal); 4 sands, 5 wetland, 6 mountain,
# 7 sands, 8 jungle (inland). A7 touches only A5 and A8.


def blank(adversary=None, level=0, players=1):
    """A game (against an adversary) emptied of pieces, in the Invader phase of turn 2."""
    state = new_game(players, 4)
    if adversary:
        adv.setup(state, adversary, level)
    state.update(queue=[], phase="invader", turn=2)
    for land in state["lands"]:
        state["lands"][land] = pcs.empty_land()
    return state


def mod(state, kind, **params):
    event_rules.add_mod(state, {"mod": kind, "until": "turn", "from_turn": 0, **params})


def fear_earned(state):
    return state.get("fear_earned", 0)


# --- adversary call sites ------------------------------------------------------------------


def test_england_one_build_card_builds_in_an_empty_land_next_to_two_towns():
    state = blank("England", 1)
    place(state, A5="T", A8="T")
    assert inv.build(state, "1:sands") == {"A7": "town"}  # A4 touches only 1 town
    state["lands"]["A7"] = pcs.empty_land()
    state["track"].update(ravage=[], build=["1:sands"], explore=[])
    log = inv.invader_steps(state)
    assert log["build"]["A7"] == "town"


def test_scotland_three_build_card_charts_empty_coastal_lands_next_to_a_city():
    state = blank("Scotland", 3)
    place(state, A2="C")
    assert "A1" in inv.build(state, "1:mountain")  # coastal, next to A2's city
    assert show(state, "A1") == "T" and show(state, "A6") == ""


def test_france_five_blight_removed_by_a_power_stays_off_the_card():
    state = blank("France", 5)
    place(state, A5="b")
    pool = state["blight_card"]["pool"]
    fx.push(state, [{"do": "remove", "kinds": ["blight"]}], {"seat": 0, "land": "A5"})
    settle(state)
    assert show(state, "A5") == "" and state["blight_card"]["pool"] == pool
    assert state["adversary"]["panel_blight"] == 1
    plain = blank()
    place(plain, A5="b")
    pool = plain["blight_card"]["pool"]
    pcs.return_blight(plain, plain["lands"]["A5"])
    assert plain["blight_card"]["pool"] == pool + 1


def test_russia_three_ravage_card_also_ravages_lands_with_three_explorers():
    state = blank("Russia", 3)
    place(state, A6="EEE")
    reports = inv.ravage_card(state, "1:sands")
    assert list(reports) == ["A6"] and show(state, "A6") == "EEEb"


# --- chained ravage damage -------------------------------------------------------------------


def test_an_events_extra_damage_and_earths_vitality_add_up():
    state = blank()
    state["seats"][0]["spirit"] = "Vital Strength of the Earth"
    state["rules"] += ["earths-vitality"]
    key = fx.presence_key(state, 0)
    pcs.add_presence(state["lands"]["A5"], key, 2)
    place(state, A5="TE")
    mod(state, "ravage_bonus", n=2)
    report = inv.ravage(state, "A5")
    assert report["damage"] == 2  # 3 + 2 - 3: both changes count, in that order
    assert show(state, "A5") == "TEb"
    assert spirits.seat_of(state, "Vital Strength of the Earth") == 0


def test_two_attack_changes_chain():
    state = blank("Sweden", 3)  # towns 3 damage
    mod(state, "ravage_bonus", per_piece={"town": 1})
    place(state, A5="T")
    assert inv.invader_damage(state, "A5") == 4


# --- lasting event effects -----------------------------------------------------------------


def test_beasts_prey_on_the_injured_beasts_count_as_badlands():
    state = blank()
    place(state, A5="EDDB")
    report = inv.ravage(state, "A5")  # 1 damage +1 (beasts) to the dahan: no dahan dies
    assert report["damage"] == 1 and show(state, "A5").count("D") == 2
    state = blank()
    mod(state, "beasts_as_badlands")
    place(state, A5="EDDB")
    inv.ravage(state, "A5")
    assert show(state, "A5") == "DB"  # a dahan died; the other struck 2+1 back


def test_pull_together_in_adversity_ignores_one_strife():
    state = blank()
    mod(state, "ignore_one_strife")
    place(state, A5="T", A6="T")
    pcs.strife(state["lands"]["A5"], "town")[0] = 1
    pcs.strife(state["lands"]["A6"], "town")[0] = 2
    assert inv.ravage(state, "A5")["damage"] == 2
    assert pcs.strife(state["lands"]["A5"], "town") == [1]  # not removed either
    assert inv.ravage(state, "A6")["damage"] == 0
    assert pcs.strife(state["lands"]["A6"], "town") == [1]


def test_relentless_optimism_no_fear_for_destroyed_towns():
    state = blank()
    mod(state, "no_fear_for_destroying")
    place(state, A5="TDD")
    before = fear_earned(state)
    inv.ravage(state, "A5")
    assert "T" not in show(state, "A5") and fear_earned(state) == before
    state = blank()
    place(state, A5="TDD")
    inv.ravage(state, "A5")
    assert fear_earned(state) == 1


def test_resourceful_populace_one_town_next_door_per_action():
    state = blank()
    mod(state, "resourceful_populace")
    place(state, A7="TTDDDD")
    inv.ravage(state, "A7")
    assert "T" not in show(state, "A7")
    ask = fx.run(state)
    assert ask.kind == "choose_land" and ask.options == ["A5", "A8"]
    assert fx.answer(state, "A8") is None  # one Action: one town, though two were destroyed
    assert show(state, "A8") == "T" and show(state, "A5") == ""


def test_engage_on_their_own_terms_dahan_strike_first_for_1_each():
    state = blank()
    mod(state, "dahan_strike_first")
    place(state, A5="TDD")
    report = inv.ravage(state, "A5")
    assert report["damage"] == 0 and show(state, "A5") == "DD"
    state = blank()
    place(state, A5="TDD")
    assert inv.ravage(state, "A5")["damage"] == 2  # normally the town strikes first


def test_lay_ambushes_dahan_strike_as_they_fall():
    state = blank()
    mod(state, "dahan_strike_together")
    place(state, A5="EED")
    inv.ravage(state, "A5")
    assert show(state, "A5") == "b"  # the dahan died and still killed both explorers
    state = blank()
    place(state, A5="EED")
    inv.ravage(state, "A5")
    assert show(state, "A5") == "EEb"


def test_xenophobia_moves_damage_from_the_land_to_the_dahan():
    state = blank()
    mod(state, "xenophobia")
    place(state, A5="EEDD")
    report = inv.ravage(state, "A5")
    assert report["damage"] == 0 and show(state, "A5") == "EE"  # 2+2 to the dahan
    state = blank()
    mod(state, "xenophobia")
    place(state, A6="EE")
    assert inv.ravage(state, "A6")["damage"] == 2  # no dahan: no change


def test_craft_a_great_warding_offers_defend_4_in_a_later_spirit_phase():
    state = blank()
    event_rules.add_mod(state, {"mod": "great_warding", "until": "game", "from_turn": 2})
    assert blight.spirit_phase_effect(state) == []  # not in the turn it came
    state["turn"] = 3
    fx.append(state, blight.spirit_phase_effect(state), {"seat": None})
    ask = fx.run(state)
    assert ask.kind == "great_warding"
    fx.answer(state, "yes")
    place(state, A5="TE")
    assert inv.ravage(state, "A5")["damage"] == 0
    assert blight.spirit_phase_effect(state) == []  # used once


def test_eager_explorers_asks_where_the_explorer_goes():
    state = blank()
    mod(state, "eager_explorers")
    place(state, A5="T")
    inv.build(state, "1:wetland")
    ask = fx.run(state)
    assert ask.kind == "choose_land" and set(ask.options) == {"A1", "A4", "A6", "A7", "A8"}
    fx.answer(state, "A6")
    assert show(state, "A6") == "E"


# --- destroy hooks: Russia 2 and Habsburg 4 ------------------------------------------------


def test_russia_two_pushes_the_first_explorer_an_action_would_destroy():
    state = blank("Russia", 2)
    place(state, A7="EDD")
    before = fear_earned(state)
    inv.ravage(state, "A7")  # 2 damage (Russia 1): blight, 1 dahan; the other strikes back
    assert show(state, "A7") == "Db" and fear_earned(state) == before + 1
    ask = fx.run(state)
    assert ask.kind == "push" and ask.options == ["A5", "A8"]
    fx.answer(state, "A8")
    assert state["lands"]["A8"]["explorer"] == [0]  # its damage gone


def test_russia_two_acts_again_in_a_new_action():
    state = blank("Russia", 2)
    place(state, A5="EE")
    fx.push(state, [{"do": "destroy", "n": 1, "kinds": ["explorer"]}], {"seat": 0, "land": "A5"})
    fx.push(state, [{"do": "destroy", "n": 1, "kinds": ["explorer"]}], {"seat": 0, "land": "A5"})
    settle(state)
    assert show(state, "A5") == ""
    assert sum(len(state["lands"][n]["explorer"]) for n in state["lands"]) == 2


def test_habsburg_four_every_destroy_of_a_durable_town_is_2_damage():
    state = blank("Habsburg", 4)
    place(state, A5="T")
    land = state["lands"]["A5"]
    assert pcs.destroy(state, land, "town", 0) is False  # e.g. an event's destroy
    assert land["town"] == [2]
    fx.push(state, [{"do": "destroy_damaged"}], {"seat": None, "land": "A5"})
    settle(state)
    assert land["town"] == []  # 2 more damage reaches its health of 4
    place(state, A6="T")
    fx.push(state, [{"do": "destroy", "n": "all", "kinds": ["town"]}], {"seat": 0, "land": "A6"})
    settle(state)
    assert show(state, "A6") == ""  # "destroy all" works normally
    place(state, A8="Tb")
    assert pcs.destroy(state, state["lands"]["A8"], "town") is True  # not durable with blight


# --- escalation timing -----------------------------------------------------------------------


@pytest.mark.parametrize(("name", "card", "before"), [
    ("England", "2:sands", True), ("Brandenburg-Prussia", "2:sands", True),
    ("Russia", "2:sands", True), ("France", "2:sands", False), ("Habsburg", "2:sands", False)])
def test_escalations_before_exploring_are_queued_on_reveal(name, card, before):
    state = blank(name, 0)
    place(state, A4="TB", A1="T")
    inv.deck(state).insert(0, card)
    assert inv.reveal(state) == card
    assert bool(state["queue"]) is before
    inv.explore(state, card)
    assert bool(state["queue"])  # an "after" escalation is queued behind the explore


@hooks.on("explore_land", "test:seen")
def _seen(state, land, **kw):
    state.setdefault("seen", {})[land] = show(state, land)


@pytest.mark.parametrize(("name", "at_explore"), [("England", "CT"), ("France", "T")])
def test_invader_steps_run_an_escalation_on_its_side_of_the_explore(name, at_explore):
    state = blank(name, 0)
    state["rules"].append("test:seen")
    place(state, A4="T")
    inv.deck(state).insert(0, "2:sands")
    state["track"].update(ravage=[], build=[], explore=[])
    log = inv.invader_steps(state)
    assert log["drawn"] == "2:sands" and state["queue"] == []
    assert state["seen"]["A4"] == at_explore  # Building Boom's city before; Cash Crops after


def test_the_supporting_adversary_escalates_once_per_stage_three_card():
    state = new_game(1, 4)
    adv.setup(state, "England", 0, ("Brandenburg-Prussia", 0))
    state.update(queue=[], phase="invader", turn=2)
    inv.deck(state).insert(0, "3:jungle+sands")
    inv.reveal(state)
    queued = len(state["queue"])
    assert queued
    hooks.fire(state, "explore_card", card="3:jungle+sands")
    assert len(state["queue"]) == queued
    assert fear.terror_level(state) == 1
