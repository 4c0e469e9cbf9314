"""Blight cards: the data agrees with the blight deck of pieces.py, the turn-over starts the
card's effect, and each card's effect on a hand-built position (board A, or A+B)."""

import pytest

from rules.spirit_island import blight, event_rules, fear, hooks
from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs
from rules.spirit_island.state import new_state
from tests.rules.spirit_island.helpers import TESTER, place, settle, show


def blank(players=1, boards=("A",)):
    state = new_state(list(boards), seed=3)
    state["lands"] = {name: pcs.empty_land() for name in state["lands"]}
    state["seats"] = [{"spirit": TESTER if i == 0 else f"{TESTER}{i}", "energy": 0, "hand": [],
                       "played": [], "discard": [], "elements": {}, "tracks": {}}
                      for i in range(players)]
    state.update(queue=[], rules=[], turn=3)
    state["secret"] = {"deck": state.pop("deck"), "minor_deck": [], "major_deck": []}
    fear.new_fear(state, players)
    return state


def turn_over(state, name, pool=6):
    """The card `name` shows its back with `pool` blight on it."""
    state["blight_card"].update(name=name, side=blight.CARDS[name]["side"], pool=pool)


def resolve(state, name, answers=()):
    fx.append(state, blight.card_effect(name), {"seat": None, "source": name})
    settle(state, answers)


def presence(state, seat=0):
    key = state["seats"][seat]["spirit"]
    return sum(land["presence"].get(key, 0) for land in state["lands"].values())


# --- the data -------------------------------------------------------------------------------


def _verbs(value):
    if isinstance(value, dict):
        if "do" in value:
            yield value["do"]
        for inner in value.values():
            yield from _verbs(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _verbs(inner)


def test_every_card_matches_the_blight_deck_and_its_verbs_exist():
    assert set(blight.CARDS) == set(pcs.BLIGHT_CARDS)
    for name, card in blight.CARDS.items():
        assert (card["side"], card["blight_per_player"]) == pcs.BLIGHT_CARDS[name], name
        assert card["when"] in ("immediately", "invader_phase", "spirit_phase", "ongoing")
        assert set(_verbs(card["effect"])) <= set(fx.VERBS), name
    assert blight.CARDS["All Things Weaken"]["ko"] == "만물이 약해지다"


def test_without_events_no_two_per_player_nor_immediate_only_blighted_cards():
    kept = blight.without_events(list(blight.CARDS))
    assert "Back Against the Wall" not in kept and "Tipping Point" not in kept
    assert "Downward Spiral" in kept and "Strong Earth Shatters Slowly" in kept
    assert "Invaders Find the Land to Their Liking" in kept


# --- the turn-over --------------------------------------------------------------------------


def test_taking_the_last_blight_turns_the_card_and_queues_its_immediate_effect():
    state = blank()
    state["blight_card"].update(name="Tipping Point", side="healthy", pool=1)
    blight.setup(state)
    place(state, "A5", "PPPP")
    inv.add_blight(state, "A7")
    assert state["blight_card"]["side"] == pcs.BLIGHTED and state["blight_card"]["pool"] == 5
    assert state["queue"][0]["ctx"]["source"] == "Tipping Point"
    settle(state)
    assert presence(state) == 1  # 3 of its 4 presence destroyed


def test_blight_taken_to_the_box_by_an_event_turns_the_card_too():
    state = blank()
    state["blight_card"].update(name="Erosion of Will", side="healthy", pool=1)
    blight.setup(state)
    place(state, "A5", "PP")
    state["seats"][0]["energy"] = 3
    fx.append(state, [{"do": "blight_card", "op": "to_box", "n": 1}], {"seat": None})
    settle(state)
    assert state["blight_card"]["side"] == pcs.BLIGHTED
    assert presence(state) == 1 and state["seats"][0]["energy"] == 2
    assert state["fear"]["earned"] == 2


def test_an_ongoing_card_starts_the_turn_after():
    state = blank()
    state["blight_card"].update(name="All Things Weaken", side="healthy", pool=1)
    blight.setup(state)
    place(state, "A5", "T")
    inv.add_blight(state, "A7")
    settle(state)
    land = state["lands"]["A5"]
    assert pcs.health(state, land, "town") == 2
    state["turn"] += 1
    assert pcs.health(state, land, "town") == 1 and pcs.health(state, land, "explorer") == 1
    event_rules.time_passes(state)
    assert pcs.health(state, land, "town") == 1  # for the rest of the game


# --- each card ------------------------------------------------------------------------------


def test_downward_spiral_each_invader_phase_each_spirit_destroys_a_presence():
    state = blank(players=2)
    turn_over(state, "Downward Spiral")
    blight.setup(state)
    place(state, "A5", "PP")
    place(state, "A6", "P", spirit="Tester1")
    hooks.fire(state, "invader_phase")
    settle(state)
    assert presence(state, 0) == 1 and presence(state, 1) == 0


def test_memory_fades_to_dust_forget_or_destroy():
    state = blank()
    state["seats"][0]["hand"] = ["a card"]
    place(state, "A5", "PP")
    resolve(state, "Memory Fades to Dust", [0])
    assert state["seats"][0]["hand"] == [] and presence(state) == 2
    resolve(state, "Memory Fades to Dust", [1])
    assert presence(state) == 1


def test_back_against_the_wall_every_spirit_phase():
    state = blank()
    turn_over(state, "Back Against the Wall")
    effect = blight.spirit_phase_effect(state)
    fx.append(state, effect, {"seat": None})
    settle(state)
    assert state["seats"][0]["energy"] == 1 and state["seats"][0]["card_plays_bonus"] == 1
    turn_over(state, "Tipping Point")
    assert blight.spirit_phase_effect(state) == []


def test_promising_farmlands_a_town_and_a_city_inland_per_board():
    state = blank(boards=("A", "B"))
    resolve(state, "Promising Farmlands", ["A5", "B6"])
    assert show(state, "A5") == "CT" and show(state, "B6") == "CT"


def test_disintegrating_ecosystem():
    state = blank()
    state["blight_card"]["pool"] = 10
    place(state, "A5", "BB")
    place(state, "A6", "T")
    resolve(state, "Disintegrating Ecosystem")
    assert show(state, "A5") == "B" and show(state, "A6") == "Tb"


def test_aid_from_lesser_spirits_each_spirit_keeps_one_minor():
    state = blank(players=2)
    state["secret"]["minor_deck"] = ["m1", "m2", "m3", "m4"]
    resolve(state, "Aid from Lesser Spirits", ["m2", "m3"])
    assert state["seats"][0]["lesser_spirits"] == ["m2"]
    assert state["seats"][1]["lesser_spirits"] == ["m3"]
    assert state["power_discard"]["minor"] == ["m1"] and state["secret"]["minor_deck"] == ["m4"]


def test_a_pall_upon_the_land_per_board():
    state = blank()
    place(state, "A5", "TTPP")
    resolve(state, "A Pall upon the Land")
    assert show(state, "A5") == "TP"


def test_unnatural_proliferation():
    state = blank()
    state["seats"][0].update(tracks={"energy": 1}, track_spaces={"energy": 5}, destroyed=0)
    place(state, "A5", "DP")
    place(state, "A6", "T")
    place(state, "A8", "TT")
    resolve(state, "Unnatural Proliferation")
    assert show(state, "A5") == "DDPP"
    assert show(state, "A6") == "CCT"  # the fewest towns/cities, at least 1
    assert state["seats"][0]["tracks"]["energy"] == 2


def test_thriving_communities_four_different_lands():
    state = blank()
    for name in ("A1", "A2", "A3", "A4", "A5"):
        place(state, name, "ET")
    resolve(state, "Thriving Communities", ["A1", 0, "A2", 1, "A3", 0, "A4", 0])
    assert [show(state, n) for n in ("A1", "A2", "A3", "A4", "A5")] == \
        ["CE", "TT", "CE", "CE", "TE"]


def test_power_corrodes_the_spirit():
    state = blank(players=2)
    state["seats"][0]["played"] = ["a", "b", "c"]
    place(state, "A5", "PP")
    place(state, "A6", "P", spirit="Tester1")
    resolve(state, "Power Corrodes the Spirit")
    assert presence(state, 0) == 1 and presence(state, 1) == 1


def test_untended_land_crumbles_pay_three_energy_or_take_the_blight():
    state = blank()
    state["blight_card"]["pool"] = 8
    state["seats"][0]["energy"] = 3
    place(state, "A7", "b")
    resolve(state, "Untended Land Crumbles", [0])  # pay 3 energy
    assert state["seats"][0]["energy"] == 0 and state["blight_card"]["pool"] == 8
    resolve(state, "Untended Land Crumbles", ["A8"])  # cannot pay: blight next to blight
    assert show(state, "A8") == "b" and state["blight_card"]["pool"] == 7


@pytest.mark.parametrize(("level", "added"), [(1, 3), (2, 4), (3, 6)])
def test_invaders_find_the_land_to_their_liking_adds_fear_by_terror_level(level, added):
    state = blank(players=3)
    state["fear"]["terror_level"] = level
    before = state["fear"]["pool"]
    resolve(state, "Invaders Find the Land to Their Liking")
    assert state["fear"]["pool"] == before + added


def test_strong_earth_shatters_slowly_each_player_adds_blight_next_to_blight():
    state = blank(players=2)
    state["blight_card"].update(name="Strong Earth Shatters Slowly", side=pcs.STILL_HEALTHY,
                                pool=4)
    place(state, "A7", "b")
    resolve(state, "Strong Earth Shatters Slowly", ["A8", "A6"])
    assert show(state, "A8") == "b" and show(state, "A6") == "b"
    assert state["blight_card"]["pool"] == 2


def test_without_events_the_card_is_watched_from_the_first_time_passes():
    from rules.spirit_island import events

    state = blank()
    state["blight_card"].update(name="Tipping Point", side="healthy", pool=1)
    place(state, "A5", "PPPP")
    inv.add_blight(state, "A7")  # nobody watches yet: the card turns, nothing queued
    assert state["blight_card"]["side"] == pcs.BLIGHTED and state["queue"] == []
    events.time_passes(state)
    settle(state)
    assert presence(state) == 1
    events.time_passes(state)
    assert state["queue"] == []  # once only


def test_all_things_weaken_the_players_pick_the_presence_next_door():
    state = blank(players=2)
    event_rules.add_mod(state, {"mod": "blight_destroys_more", "until": "game", "from_turn": 0})
    place(state, "A5", "P")
    place(state, "A4", "P")
    place(state, "A6", "P", spirit="Tester1")
    inv.add_blight(state, "A5")
    assert show(state, "A5") == "b"
    ask = fx.run(state)
    assert ask.kind == "destroy_presence" and ask.options == [["A4", TESTER], ["A6", "Tester1"]]
    fx.answer(state, ["A6", "Tester1"])
    assert show(state, "A6") == "" and show(state, "A4") == "P"

