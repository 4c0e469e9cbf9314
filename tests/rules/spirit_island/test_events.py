"""Events: the deck and its setup, the first turn's unresolved draw, which part applies
(stage, Terror Level, healthy or blighted island, the players' choice and its cost), the
token and dahan parts, lasting rules through the hook points; hand-built positions on
board A (and A+B where boards matter), run through the effect interpreter."""

import pytest

from rules.spirit_island import effects as fx
from rules.spirit_island import event_rules, event_verbs, events, fear, hooks, tokens
from rules.spirit_island import pieces as pcs
from rules.spirit_island.state import new_state
from tests.rules.spirit_island.helpers import LETTERS, TESTER, place, settle, show


def blank(players=1, boards=("A",), deck=("1:jungle", "1:sands", "2:wetland")):
    state = new_state(list(boards), seed=7)
    state["lands"] = {name: pcs.empty_land() for name in state["lands"]}
    state["seats"] = [{"spirit": TESTER if i == 0 else f"{TESTER}{i}", "energy": 0, "hand": [],
                       "played": [], "discard": [], "elements": {}, "tracks": {}}
                      for i in range(players)]
    state.update(queue=[], rules=[], turn=2, options={"events": True})
    state["secret"] = {"deck": list(deck), "minor_deck": [], "major_deck": []}
    state.pop("deck")
    fear.new_fear(state, players)
    return state


def resolve(state, name, answers=()):
    """Put `name` on top of the event deck (after the game's first draw) and resolve it."""
    if "event_deck" not in state["secret"]:
        events.setup(state)
    events.store(state)["drawn"] = ["an earlier event"]
    deck = state["secret"]["event_deck"]
    if name in deck:
        deck.remove(name)
    deck.insert(0, name)
    assert events.draw_and_queue(state) == name
    settle(state, answers)


def run(state, effect, answers=(), ctx=None):
    fx.append(state, effect, {"seat": None, **(ctx or {})})
    settle(state, answers)


# --- the data ---------------------------------------------------------------------------------


def _steps(value):
    if isinstance(value, dict):
        if "do" in value:
            yield value
        for inner in value.values():
            yield from _steps(inner)
    elif isinstance(value, list):
        for inner in value:
            yield from _steps(inner)


def test_every_step_of_every_event_has_a_verb():
    verbs = {step["do"] for step in _steps(list(events.EVENTS.values()))}
    assert verbs - set(fx.VERBS) == set()
    assert {"on_each_board", "event_land", "event_move", "event_rule", "protect_board"} <= verbs


def test_the_events_of_both_boxes_by_kind():
    by_set = {}
    for event in events.EVENTS.values():
        by_set.setdefault(event["set"], []).append(event)
    assert len(by_set["Branch & Claw"]) == 26 and len(by_set["Jagged Earth"]) == 30
    assert {e["kind"] for e in events.EVENTS.values()} == set(events.KINDS)
    for event in events.EVENTS.values():
        if event["kind"] in ("stage", "terror_level"):
            table = event["by_stage" if event["kind"] == "stage" else "by_terror_level"]
            assert sorted(lv for part in table for lv in part["levels"]) == [1, 2, 3], event["name"]
        elif event["kind"] == "healthy_blighted":
            assert set(event["by_island"]) == {"healthy", "blighted"}
        else:
            # the default when the players cannot agree is the first option: always free
            assert len(event["options"]) >= 2 and event["options"][0]["cost"] is None


def test_token_parts_name_their_token_and_seed_names_are_in_korean():
    for event in events.EVENTS.values():
        token = event["token_event"]
        assert token is None or token["token"] in ("beasts", "disease", "strife")
    strange = events.EVENTS["A Strange Madness among the Beasts"]
    assert strange["ko"] == "맹수들 사이에 퍼지는 기묘한 광기"
    trade = events.EVENTS["Dahan Trade with the Invaders"]
    assert trade["ko"] == "다한이 침략자들과 거래하다"
    sprawl = events.EVENTS["Sprawl Contained by the Wilds / Dissolution Threatens"]
    assert sprawl["by_island"]["blighted"]["ko"] == "소멸의 위협"


# --- the deck ---------------------------------------------------------------------------------


def test_setup_deals_both_boxes_without_the_adversary_card():
    state = blank()
    events.setup(state)
    deck = state["secret"]["event_deck"]
    assert len(deck) == 55 and "Slave Rebellion" not in deck
    assert "A Strange Madness among the Beasts" in deck


def test_strange_madness_leaves_against_russia_and_with_many_minds():
    state = blank()
    state["adversary"] = {"name": "Tsardom of Russia", "level": 1}
    assert "A Strange Madness among the Beasts" not in events.deck_names(state)
    state = blank()
    state["seats"][0]["spirit"] = "Many Minds Move as One"
    assert "A Strange Madness among the Beasts" not in events.deck_names(state)
    state = blank()  # Russia supporting another adversary
    state["adversary"] = {"name": "England", "level": 1,
                          "supporting": {"name": "Tsardom of Russia", "level": 0}}
    assert "A Strange Madness among the Beasts" not in events.deck_names(state)


def test_playing_without_events_sets_nothing_up():
    state = blank()
    state["options"]["events"] = False
    events.setup(state)
    assert "event_deck" not in state["secret"]
    assert events.draw_and_queue(state) is None and state["queue"] == []


def test_the_first_event_drawn_is_discarded_unresolved():
    state = blank()
    events.setup(state)
    first = state["secret"]["event_deck"][0]
    assert events.draw_and_queue(state) == first
    assert state["queue"] == [] and events.store(state)["discard"] == [first]
    second = events.draw_and_queue(state)
    assert [f["step"]["part"] for f in state["queue"][:3]] == list(events.PARTS)
    assert state["queue"][0]["step"]["event"] == second


def test_an_empty_deck_is_reshuffled_from_the_discard():
    state = blank()
    events.setup(state)
    state["secret"]["event_deck"] = []
    events.store(state)["discard"] = ["Outpaced"]
    assert events.draw(state) == "Outpaced"


# --- stage events --------------------------------------------------------------------------


def test_stage_is_read_from_the_top_of_the_invader_deck():
    state = blank(deck=("1:jungle", "2:sands"))
    assert events.invader_stage(state) == 1
    state["secret"]["deck"] = ["3:jungle+sands"]
    assert events.invader_stage(state) == 3
    state["adversary"] = {"name": "Brandenburg-Prussia", "level": 2}
    assert events.invader_stage(state) == 2  # its first stage III card counts as stage II
    state["track"]["discard"] = ["3:mountain+wetland"]
    assert events.invader_stage(state) == 3
    state["track"]["discard"] = []
    state["adversary"] = {"name": "England", "level": 3,
                          "supporting": {"name": "Brandenburg-Prussia", "level": 2}}
    assert events.invader_stage(state) == 2  # supporting counts too
    state["adversary"]["supporting"]["level"] = 1
    assert events.invader_stage(state) == 3


def test_stage_one_seeking_the_interior_pushes_coastal_explorers_inland():
    state = blank(deck=("1:jungle",))
    place(state, "A1", "EE")
    place(state, "A3", "E")
    resolve(state, "Seeking the Interior / Local Diaspora", [["explorer", "A4"]])
    assert show(state, "A1") == "E" and show(state, "A3") == "" and show(state, "A4") == "EE"


def test_stage_two_local_diaspora_spreads_from_the_land_with_most_invaders():
    state = blank(deck=("2:jungle",))
    place(state, "A4", "EEET")
    place(state, "A5", "E")
    resolve(state, "Seeking the Interior / Local Diaspora")
    assert show(state, "A4") == ""  # one piece into each of its 4 adjacent lands
    assert sorted(show(state, n) for n in ("A1", "A2", "A3")) == ["E", "E", "E"]
    assert show(state, "A5") in ("EE", "TE")


def test_stage_two_urbanization_makes_half_the_towns_cities():
    state = blank(deck=("2:jungle",))
    place(state, "A5", "TTT")
    place(state, "A6", "T")
    resolve(state, "Wave of Reconnaissance / Urbanization")
    assert show(state, "A5") == "CCT" and show(state, "A6") == "T"


def test_stage_one_wave_of_reconnaissance_adds_an_explorer_where_explored():
    state = blank(deck=("1:jungle",))
    resolve(state, "Wave of Reconnaissance / Urbanization")
    hooks.fire(state, "after_explore", lands=["A3"])
    assert show(state, "A3") == "E"
    event_rules.time_passes(state)
    hooks.fire(state, "after_explore", lands=["A3"])
    assert show(state, "A3") == "E"  # it lasted this turn only


# --- terror level events ----------------------------------------------------------------------


def test_terror_level_one_investigation_adds_an_explorer_per_board():
    state = blank(boards=("A", "B"))
    for name in list(state["lands"]):
        if name not in ("A8", "B5"):
            place(state, name, "D")
    resolve(state, "Investigation of Dangers / Destroy the unnatural!", ["A8"])
    explorers = {n: pcs.count(land, "explorer") for n, land in state["lands"].items()}
    assert {n for n, k in explorers.items() if k} == {"A8", "B5"}


def test_terror_level_two_destroy_the_unnatural_adds_ravage_damage_where_presence_is():
    state = blank()
    state["fear"]["terror_level"] = 2
    place(state, "A5", "EP")
    place(state, "A6", "E")
    resolve(state, "Investigation of Dangers / Destroy the unnatural!")
    assert hooks.fire(state, "ravage_damage", land="A5", damage=1) == [4]
    assert hooks.fire(state, "ravage_damage", land="A6", damage=1) == []


def test_terror_level_three_reprisal_damages_dahan():
    state = blank()
    state["fear"]["terror_level"] = 3
    place(state, "A5", "TDD")
    resolve(state, "Cultural Assimilation / Reprisal Against the Dahan")
    assert show(state, "A5") == "TD"  # 3 damage destroys one dahan and hurts the other


# --- healthy and blighted island ------------------------------------------------------------


def test_healthy_island_population_rises():
    state = blank()
    place(state, "A5", "E")
    resolve(state, "Population Rises / Power Fades")
    assert show(state, "A5") == "TE"


def test_blighted_island_power_fades_each_spirit_chooses():
    state = blank(players=2)
    state["blight_card"]["side"] = pcs.BLIGHTED
    state["blight_card"]["pool"] = 5
    place(state, "A5", "PP")
    place(state, "A6", "P", spirit="Tester1")
    resolve(state, "Population Rises / Power Fades", [0, 2])
    assert state["lands"]["A5"]["presence"] == {}
    assert state["seats"][0]["destroyed"] == 2
    assert state["blight_card"]["pool"] == 4  # the second spirit took 1 to the box


def test_a_still_healthy_card_is_a_healthy_island():
    state = blank()
    state["blight_card"]["side"] = pcs.STILL_HEALTHY
    assert events.main_part(state, "Population Rises / Power Fades")["name"] == "Population Rises"


def test_blighted_island_blight_spreads_unless_the_spirits_protect_the_board():
    state = blank()
    state["blight_card"].update(side=pcs.BLIGHTED, pool=6)
    place(state, "A7", "b")
    place(state, "A8", "PP")
    resolve(state, "Tight-Knit Communities / Blight Spreads", ["no", "A5"])
    assert show(state, "A5") == "b" and state["blight_card"]["pool"] == 5
    state = blank()
    state["blight_card"].update(side=pcs.BLIGHTED, pool=6)
    place(state, "A7", "b")
    place(state, "A8", "PP")
    resolve(state, "Tight-Knit Communities / Blight Spreads", [0])  # destroy 2 presence
    assert show(state, "A5") == "" and show(state, "A8") == ""


# --- choice events --------------------------------------------------------------------------


def test_choice_offers_only_what_the_spirits_can_pay_and_the_first_option_is_free():
    state = blank()
    events.setup(state)
    fx.append(state, [{"do": "event_choice", "event": "Years of Little Rain"}], {"seat": None})
    assert fx.run(state) is None  # 4 energy, none held: only the free option, taken unasked
    assert events.store(state)["resolved"] == ["Let the Plants Die and the Land Wither"]
    state = blank()
    state["seats"][0].update(energy=2, elements={"water": 2})  # aided by water: 2 + 2 = 4
    fx.append(state, [{"do": "event_choice", "event": "Years of Little Rain"}], {"seat": None})
    ask = fx.run(state)
    assert ask.kind == "event_option" and ask.options == [0, 1]
    fx.answer(state, 1)
    settle(state, ["no"])
    assert state["seats"][0]["energy"] == 0


def test_let_the_plants_die_lowers_health_this_turn():
    state = blank()
    place(state, "A5", "TD")
    resolve(state, "Years of Little Rain")  # the free option is the only one
    land = state["lands"]["A5"]
    assert pcs.health(state, land, "town") == 1 and pcs.health(state, land, "dahan") == 1
    assert pcs.health(state, land, "city") == 2 and pcs.health(state, land, "explorer") == 1
    event_rules.time_passes(state)
    assert pcs.health(state, land, "town") == 2


def test_years_of_little_rain_token_and_dahan_parts():
    state = blank()
    place(state, "A5", "TTB")
    place(state, "A6", "EDD")
    resolve(state, "Years of Little Rain")
    # towns have 1 health this turn: the beast's 2 damage destroys both, and it leaves
    assert show(state, "A5") == "" and state["fear"]["earned"] == 2
    # Canny Defense: defend 1 per dahan in every land when ravaging (on the defend marker)
    from rules.spirit_island import invaders

    place(state, "A6", "T")
    assert invaders.ravage(state, "A6")["damage"] == 1  # 3 less defend 2
    assert tokens.defend(state, "A6") == 2


def test_farmers_teach_the_invaders_ravage_becomes_build():
    state = blank()
    state["track"]["ravage"] = ["1:wetland"]
    place(state, "A5", "ED")
    place(state, "A2", "D")
    resolve(state, "Farmers Seek the Dahan for Aid", [1])
    # the town goes with the dahan in A2; the ravage card's lands build instead (a city in
    # A2, a town in A5); then New Diseases strikes A2's dahan
    assert show(state, "A2") == "CTS" and show(state, "A5") == "TED"
    assert tokens.marks(state, "A5")["skip"] == ["ravage"]


def test_war_touches_the_shores_help_repel_puts_a_fear_card_on_top():
    state = blank(players=2)
    state["seats"][0]["energy"] = 2
    before = len(state["secret"]["fear_deck"])
    resolve(state, "War Touches the Island's Shores", [1])
    assert len(state["secret"]["fear_deck"]) == before + 1
    assert state["secret"]["fear_deck"][0] in fear.CARDS
    assert state["seats"][0]["energy"] == 0


def test_sacred_sites_guard_pays_per_land_aided_by_fire():
    state = blank()
    state["seats"][0].update(energy=2, elements={"fire": 1})
    place(state, "A5", "PPTT")
    resolve(state, "Sacred Sites under Threat", [1, 0])
    assert state["seats"][0]["energy"] == 0 and show(state, "A5") == "TPP"


def test_dahan_trade_display_wrath_each_spirit_destroys_a_dahan_for_fear():
    state = blank(players=2)
    state["seats"][0]["energy"] = 4
    place(state, "A5", "DDP")
    place(state, "A6", "DP", spirit="Tester1")
    resolve(state, "Dahan Trade with the Invaders", [1])
    assert show(state, "A5") == "DP" and show(state, "A6") == "P"
    assert state["fear"]["earned"] == 2


# --- token and dahan parts ----------------------------------------------------------------------


def test_beasts_prowl_frightens_invaders_and_wanders_where_none_are():
    state = blank()
    place(state, "A5", "EB")
    place(state, "A7", "B")
    fx.append(state, events.EVENTS["Sacred Sites under Threat"]["token_event"]["effect"],
              {"seat": None})
    settle(state, [["beasts", "A8"]])
    assert state["fear"]["earned"] == 1 and show(state, "A8") == "B" and show(state, "A7") == ""


def test_new_diseases_on_half_the_boards():
    state = blank(boards=("A", "B"))
    place(state, "A5", "EDD")
    place(state, "B5", "EDD")
    effect = events.EVENTS["Farmers Seek the Dahan for Aid"]["token_event"]["effect"]
    run(state, effect, ["B"])
    assert show(state, "B5") == "EDS" and show(state, "A5") == "EDD"


def test_coming_of_age_variant_and_offerings():
    state = blank()
    place(state, "A1", "D")
    place(state, "A6", "DPD")
    run(state, events.EVENTS["Strange Tales attract Explorers / Fortification"]["dahan_event"]["effect"],
        ["A6"])
    assert show(state, "A6") == "DDDP"
    run(state, events.EVENTS["New Species Spread"]["dahan_event"]["effect"])
    assert state["seats"][0]["energy"] == 1


def test_seek_a_safer_home_pushes_dahan_away_from_tokens():
    state = blank()
    place(state, "A5", "DDDW")
    place(state, "A6", "B")
    effect = events.EVENTS["A Strange Madness among the Beasts"]["dahan_event"]["effect"]
    run(state, effect, [["dahan", "A7"], ["dahan", "A7"]])
    assert show(state, "A5") == "DW" and show(state, "A7") == "DD" and show(state, "A6") == "B"


def test_stricken_skips_ravage_in_lands_with_disease_or_strife():
    state = blank()
    state["track"]["ravage"] = ["1:wetland"]
    place(state, "A5", "ES")
    place(state, "A2", "E")
    run(state, events.EVENTS["Putting down Roots / The Center Crumbles"]["token_event"]["effect"])
    assert tokens.marks(state, "A5")["skip"] == ["ravage"] and tokens.marks(state, "A2") == {}


# --- lasting rules ----------------------------------------------------------------------------


def test_heavy_farming_lasts_until_a_normal_ravage_happens():
    state = blank()
    run(state, events.EVENTS["Heavy Farming / Overcrowded Cities"]["by_island"]["healthy"]["effect"])
    assert hooks.fire(state, "ravage_attack", land="A5", kind="town", attack=2) == [3]
    event_rules.time_passes(state)
    assert hooks.fire(state, "ravage_attack", land="A5", kind="town", attack=2) == [3]
    hooks.fire(state, "after_ravage", land="A5", report={"damage": 3, "blight": []})
    event_rules.time_passes(state)
    assert hooks.fire(state, "ravage_attack", land="A5", kind="town", attack=2) == []
    assert event_rules.RULE not in state["rules"]


def test_depleted_soil_blights_on_one_damage_where_towns_are():
    state = blank()
    place(state, "A5", "T")
    run(state, events.EVENTS["Cities Rise / Depleted Soil"]["by_island"]["blighted"]["effect"])
    report = {"damage": 1, "blight": []}
    hooks.fire(state, "after_ravage", land="A5", report=report)
    assert report["blight"] == ["A5"] and show(state, "A5") == "Tb"


def test_bureaucrats_skip_the_highest_land_of_a_crowded_board():
    state = blank()
    state["track"]["build"] = ["1:wetland"]
    place(state, "A2", "CCCC")
    place(state, "A5", "CCCCCT")
    run(state, events.EVENTS["Bureaucrats Adjust Funding / Ransack and Run"]["by_terror_level"][0]
        ["effect"])
    assert hooks.fire(state, "build_land", land="A5", piece="city") == [False]
    assert hooks.fire(state, "build_land", land="A2", piece="city") == []


def test_after_advance_effects_queue_behind_the_running_step():
    state = blank(deck=("1:jungle",))
    place(state, "A5", "PP")
    resolve(state, "Strange Tales attract Explorers / Fortification")
    assert state["fear"]["earned"] == 1  # the spirit has a sacred site
    hooks.fire(state, "after_explore", lands=[])  # turn.py advances the cards in that step
    settle(state)
    assert show(state, "A5") == "EPP"


def test_extra_invader_actions_ignore_source_rules():
    state = blank()
    place(state, "A5", "C")
    run(state, [{"do": "event_land", "where": {"has": ["city"]},
                 "then": [{"do": "invader_action", "action": "build"}]}])
    assert show(state, "A5") == "CT"


def test_choosing_a_land_filter_most_and_outnumber():
    state = blank()
    place(state, "A5", "TT")
    place(state, "A6", "TTC")
    place(state, "A7", "DDT")
    ctx = {"seat": None}
    assert event_verbs.candidates(state, {"most": "town+city"}, ctx) == ["A6"]
    assert event_verbs.candidates(state, {"outnumber": ["dahan", "town+city"]}, ctx) == ["A7"]
    assert event_verbs.candidates(state, {"adjacent_to": {"has": ["city"]}}, ctx) == \
        ["A1", "A5", "A8"]


@pytest.mark.parametrize("name", sorted(events.EVENTS))
def test_every_event_resolves_on_a_busy_island(name):
    """Each card, every part that applies, run to the end with the first option of every
    question on two boards full of pieces: nothing breaks and the island stays legal."""
    state = blank(players=2, boards=("A", "B"))
    state["seats"][0]["energy"] = 20
    state["track"].update(ravage=["1:wetland"], build=["1:jungle"])
    for i, land in enumerate(sorted(state["lands"])):
        place(state, land, ["ETD", "TCB", "PPEW", "DDSb", "CX"][i % 5],
              spirit=TESTER if i % 2 else "Tester1")
    resolve(state, name)
    assert not state["queue"]
    for land in state["lands"].values():
        assert all(pcs.count(land, k) >= 0 for k in LETTERS.values())


# --- the cards' one-off operations ------------------------------------------------------------


def test_years_of_little_rain_reveals_a_minor_per_board_blight_if_it_lacks_water():
    state = blank(boards=("A", "B"))
    state["blight_card"]["pool"] = 9
    state["secret"]["minor_deck"] = ["Savage Mawbeasts", "Voracious Growth"]  # no water, water
    resolve(state, "Years of Little Rain", ["A4"])
    assert show(state, "A4") == "b" and not any(state["lands"][n]["blight"] for n in ("B4", "B7"))
    assert state["power_discard"]["minor"] == ["Savage Mawbeasts", "Voracious Growth"]


def test_war_touches_the_shores_a_major_cost_as_damage_to_invaders_and_dahan():
    state = blank()
    state["secret"]["major_deck"] = ["Accelerated Rot"]  # cost 4
    place(state, "A2", "CTDD")
    place(state, "A3", "T")
    resolve(state, "War Touches the Island's Shores", ["city", "city", "city"])
    assert show(state, "A2") == "T"  # 3 to the city, 1 to the town; 4 to the dahan


def test_rising_interest_returns_the_top_invader_card_or_the_top_fear_card():
    state = blank(deck=("1:jungle", "1:sands", "2:wetland"))
    resolve(state, "Rising Interest in the Island", ["A1"])  # the only option they can pay
    assert state["secret"]["deck"] == ["1:sands", "2:wetland"] and show(state, "A1") == "T"
    state = blank()
    state["seats"][0]["energy"] = 4
    top = state["secret"]["fear_deck"][0]
    resolve(state, "Rising Interest in the Island", [1])
    assert top not in state["secret"]["fear_deck"]
    assert hooks.fire(state, "ravage_attack", land="A5", kind="city", attack=3) == [4]


def test_hard_working_settlers_distractions_remove_the_bottom_stage_two_and_three_cards():
    state = blank(deck=("1:jungle", "2:sands", "2:wetland", "3:jungle+sands", "3:mountain+wetland"))
    resolve(state, "Hard-Working Settlers", [1])
    assert state["secret"]["deck"] == ["1:jungle", "2:sands", "3:jungle+sands"]
    assert state["fear"]["earned"] == 1


def test_hard_working_settlers_cautiously_ravages_where_most_invaders_match():
    state = blank()
    state["track"]["ravage"] = ["1:wetland"]
    place(state, "A5", "EET")
    place(state, "A2", "E")
    resolve(state, "Hard-Working Settlers", [0, "A1"])
    assert show(state, "A5") == "TEEb"  # 4 damage: blight


def test_new_species_spread_goes_back_under_the_top_two_events():
    state = blank()
    state["secret"]["minor_deck"] = ["Savage Mawbeasts"]
    resolve(state, "New Species Spread")
    assert state["secret"]["event_deck"][2] == "New Species Spread"
    assert "New Species Spread" not in events.store(state)["discard"]


def test_slave_rebellion_draws_and_resolves_another_event():
    state = blank(deck=("1:jungle",))
    place(state, "A5", "T")
    events.setup(state)
    state["secret"]["event_deck"].insert(0, "Population Rises / Power Fades")
    resolve(state, "Slave Rebellion")
    assert pcs.strife(state["lands"]["A5"], "town")[0] == 1
    assert "Population Rises" in events.store(state)["resolved"]
    assert "Slave Rebellion" in state["secret"]["event_deck"][:4]


def test_numinous_crisis_draws_strength_until_the_card_turns():
    state = blank(players=2, boards=("A", "B"))
    state["blight_card"].update(name="Downward Spiral", pool=4)
    resolve(state, "Numinous Crisis", [0])
    assert state["blight_card"]["side"] == pcs.BLIGHTED
    assert state["blight_card"]["pool"] == 10  # the back: 5 per player
    assert [s["energy"] for s in state["seats"]] == [6, 6]  # 4 blight x 3 energy


def test_overconfidence_discards_earned_cards_or_returns_markers():
    state = blank(players=2)
    state["fear"]["earned_cards"] = ["a", "b", "c"]
    resolve(state, "Overconfidence / Terror Breeds Aggression")
    assert state["fear"]["earned_cards"] == ["c"]
    state = blank(players=2)
    fear.earn(state, 5)
    resolve(state, "Overconfidence / Terror Breeds Aggression")
    assert state["fear"]["earned"] == 1 and state["fear"]["pool"] == 7


def test_lesser_spirits_imperiled_counts_plants_and_animals_on_revealed_minors():
    state = blank()
    state["blight_card"]["pool"] = 5
    state["secret"]["minor_deck"] = ["Savage Mawbeasts"]  # fire, animal
    place(state, "A5", "DDb")
    resolve(state, "Lesser Spirits Imperiled")
    dahan = sum(len(land["dahan"]) for land in state["lands"].values())
    assert dahan == 1 and state["seats"][0]["energy"] == 1  # one animal: one dahan


def test_fortification_builds_in_a_terrain_no_card_shows_after_the_cards_advance():
    state = blank()
    state["fear"]["terror_level"] = 1
    state["secret"]["deck"] = ["2:jungle"]
    state["track"].update(ravage=["1:sands"], build=["1:wetland"])
    place(state, "A1", "E")
    place(state, "A6", "T")
    resolve(state, "Strange Tales attract Explorers / Fortification")
    hooks.fire(state, "after_explore", lands=[])
    assert fx.run(state).options == ["jungle", "mountain"]
    settle(state, ["mountain"])
    assert show(state, "A1") == "TE" and show(state, "A6") == "CT"


def test_distant_exploration_and_fortune_seekers_explore_more_lands():
    state = blank()
    state["rules"].append(event_rules.RULE)
    event_rules.add_mod(state, {"mod": "explore_range", "n": 2, "until": "turn", "from_turn": 0})
    assert "A8" not in inv_explore(state, "1:jungle")  # A8 is 2 lands from the coast
    state = blank()
    event_rules.add_mod(state, {"mod": "explore_range", "n": 2, "until": "turn", "from_turn": 0})
    place(state, "A1", "T")  # 2 lands from A8
    assert inv_explore(state, "1:jungle") == ["A3"] and show(state, "A8") == "E"
    state = blank()
    event_rules.add_mod(state, {"mod": "explore_all_without_town_city", "until": "explore",
                                "from_turn": 0})
    place(state, "A2", "T")
    inv_explore(state, "1:jungle")
    assert [n for n in sorted(state["lands"]) if state["lands"][n]["explorer"]] == \
        ["A1", "A3", "A4"]  # A2 has a town; A5-A8 have no source next to them


def inv_explore(state, card):
    from rules.spirit_island import invaders

    return invaders.explore(state, card)


def test_promising_farmland_and_eager_explorers():
    state = blank(boards=("A", "B"))
    event_rules.add_mod(state, {"mod": "explore_town_once_per_board", "until": "turn",
                                "from_turn": 0})
    place(state, "A3", "E")
    place(state, "B3", "E")
    hooks.fire(state, "after_explore", lands=["A3", "B3"])
    assert show(state, "A3") == "T" and show(state, "B3") == "T"
    state = blank()
    event_rules.add_mod(state, {"mod": "eager_explorers", "until": "turn", "from_turn": 0})
    place(state, "A2", "C")
    place(state, "A1", "E")
    hooks.fire(state, "after_build", built={"A2": "town"})
    ask = fx.run(state)  # the players pick the adjacent land without invaders
    assert ask.kind == "choose_land" and "A3" in ask.options and "A1" not in ask.options
    fx.answer(state, "A3")
    assert show(state, "A3") == "E"


def test_strip_the_land_and_self_sacrifice():
    state = blank()
    event_rules.add_mod(state, {"mod": "strip_the_land", "until": "turn", "from_turn": 0})
    place(state, "A5", "ETT")
    hooks.fire(state, "after_ravage", land="A5", report={"damage": 5, "blight": ["A5"]})
    assert show(state, "A5") == "T"
    state = blank(players=2)
    state["blight_card"]["pool"] = 5
    place(state, "A5", "P")
    place(state, "A6", "P", spirit="Tester1")
    event_rules.add_mod(state, {"mod": "blight_from_box", "until": "turn", "from_turn": 0})
    from rules.spirit_island import invaders

    for name in ("A2", "A3", "A4"):
        invaders.add_blight(state, name)
    assert state["blight_card"]["pool"] == 4  # the first 2 (one per player) came from the box


def test_invested_aristocracy_after_the_ravage_step():
    state = blank(boards=("A", "B"))
    resolve(state, "Invested Aristocracy / Foreign Dignitaries Visit")
    hooks.fire(state, "after_ravage", land="A5", report={"damage": 2, "blight": ["A5"]})
    hooks.fire(state, "after_ravage_step")
    assert show(state, "B8") == "T" and show(state, "A8") == ""


def _mod(state, kind, **params):
    event_rules.add_mod(state, {"mod": kind, "until": "turn", "from_turn": 0, **params})


def test_dahan_sitting_out_neither_take_nor_deal_ravage_damage():
    from rules.spirit_island import invaders

    state = blank()
    state["blight_card"]["pool"] = 5
    _mod(state, "dahan_sit_out")
    place(state, "A5", "TDD")
    report = invaders.ravage(state, "A5")
    assert report["counterattack"] == 0 and show(state, "A5") == "TDDb"


def test_temporary_truce_one_dahan_and_the_strongest_invader_sit_out():
    from rules.spirit_island import invaders

    state = blank()
    state["blight_card"]["pool"] = 5
    _mod(state, "truce")
    place(state, "A5", "CTDD")
    report = invaders.ravage(state, "A5")
    # the town's 2 damage blights the land and kills the dahan taking part: no counterattack;
    # the city and the other dahan are back afterwards
    assert report["damage"] == 2 and report["counterattack"] == 0
    assert show(state, "A5") == "CTDb"


def test_disease_does_not_stop_builds_and_wilds_do_not_stop_explores_this_turn():
    from rules.spirit_island import invaders

    state = blank()
    _mod(state, "disease_allows_build")
    _mod(state, "ignore_wilds_explore")
    place(state, "A2", "ES")
    place(state, "A3", "W")
    invaders.build(state, "1:wetland")
    invaders.explore(state, "1:jungle")
    assert show(state, "A2") == "TES" and show(state, "A3") == "EW"
    event_rules.time_passes(state)
    invaders.build(state, "1:wetland")
    assert show(state, "A2") == "TE"  # the disease stops it now (and is spent)


def test_aided_by_forgetting_a_card_with_the_element_pays_4_per_icon():
    state = blank()
    state["seats"][0]["hand"] = ["Voracious Growth", "Savage Mawbeasts"]  # water+plant; none
    state["seats"][0]["energy"] = 1
    fx.append(state, [{"do": "event_choice", "event": "Years of Little Rain"}], {"seat": None})
    assert fx.run(state).options == [0, 1]  # 1 energy, but a card with water to forget
    ask = fx.answer(state, 1)
    assert ask.kind == "aid" and ask.options == [["forget", "Voracious Growth"]]
    # discarding (2) would leave 2 to pay with 1 energy and no card: only forgetting is offered
    fx.answer(state, ["forget", "Voracious Growth"])
    settle(state, ["no"])
    seat = state["seats"][0]
    assert seat["energy"] == 1 and seat["hand"] == ["Savage Mawbeasts"] and seat["discard"] == []


def test_aided_by_discarding_and_then_energy():
    state = blank()
    state["seats"][0]["hand"] = ["Voracious Growth"]
    state["seats"][0]["energy"] = 3
    fx.append(state, [{"do": "event_choice", "event": "Years of Little Rain"}], {"seat": None})
    fx.run(state)
    ask = fx.answer(state, 1)
    # 3 energy cannot cover 4 alone: no "done" yet
    assert ask.options == [["discard", "Voracious Growth"], ["forget", "Voracious Growth"]]
    settle(state, [["discard", "Voracious Growth"], "no"])
    seat = state["seats"][0]
    assert seat["energy"] == 1 and seat["discard"] == ["Voracious Growth"] and seat["hand"] == []


def test_rouse_the_spirits_a_slow_power_used_now():
    state = blank()
    row = state["seats"][0]
    row.update(played=["Savage Mawbeasts"], powers=["Savage Mawbeasts"])
    place(state, "A5", "DDDPE")
    effect = events.EVENTS["Investigation of Dangers / Destroy the unnatural!"]["dahan_event"]
    fx.append(state, effect["effect"], {"seat": None})
    ask = fx.run(state)
    assert ask.kind == "resolve" and ask.options == ["Savage Mawbeasts", "done"]
    settle(state, ["Savage Mawbeasts"])
    assert row["powers"] == [] and state["queue"] == []


def test_the_struggles_of_growth_moves_presence_up_to_range_4():
    state = blank()
    place(state, "A1", "P")
    run(state, [{"do": "move_presence", "n": 2, "range": 4}], [["A1", "A8"], "done"],
        ctx={"seat": 0})
    assert show(state, "A8") == "P" and show(state, "A1") == ""


def test_great_warding_lowers_the_spirits_defend_by_4_once_per_land():
    from rules.spirit_island import invaders

    state = blank()
    place(state, "A5", "CT")
    tokens.add_defend(state, "A5", 6)
    _mod(state, "spirit_defend_less", n=4)
    _mod(state, "defend", n=2, where={"has": ["dahan"]})
    assert invaders.ravage(state, "A5")["damage"] == 3  # 5 less (6 - 4)
    assert invaders.ravage(state, "A5")["damage"] == 3  # not lowered twice


@pytest.mark.parametrize("seed", range(4))
def test_every_event_with_random_answers_in_each_island_state(seed):
    """Every card under random answers, on a healthy and on a blighted island, at each
    Terror Level and stage: nothing breaks, no piece count goes negative, blight is kept
    between the card, the island and the box as the cards say."""
    import random

    rnd = random.Random(seed)
    for name in sorted(events.EVENTS):
        state = blank(players=2, boards=("A", "B"),
                      deck=(f"{1 + seed % 3}:jungle",))
        state["fear"]["terror_level"] = 1 + seed % 3
        if seed % 2:
            state["blight_card"].update(side=pcs.BLIGHTED, pool=12)
        for row in state["seats"]:
            row.update(energy=rnd.randint(0, 12), hand=["Voracious Growth"])
        state["track"].update(ravage=["1:wetland"], build=["1:jungle"])
        for land in sorted(state["lands"]):
            place(state, land, rnd.choice(["ETD", "TCB", "PPEW", "DDSb", "CX", "", "DP"]),
                  spirit=rnd.choice([TESTER, "Tester1"]))
        events.setup(state)
        events.store(state)["drawn"] = ["an earlier event"]
        state["secret"]["event_deck"].insert(0, name)
        events.draw_and_queue(state)
        ask = fx.run(state)
        while ask is not None:
            ask = fx.answer(state, rnd.choice(ask.options))
        for land in state["lands"].values():
            assert all(pcs.count(land, k) >= 0 for k in LETTERS.values()), name
        assert all(row["energy"] >= 0 for row in state["seats"]), name
