"""The Korean Jagged Earth rulebook's FAQ for specific content (digest 11.2) and the FAQ items
of the spirits it points to (digest 9.1: Fractured Days, Many Minds, Shifting Memory, Shroud,
Stone, Starlight, Volcano), read with the errata (which override the digest). One test per
item on a hand-built position, the expected result taken from the FAQ; items tested elsewhere
are named in the table, items the engine cannot meet (no scenarios) are marked n/a.

| item | what the FAQ says (briefly) | test |
|---|---|---|
| Habsburg 1 | Migratory Herders act as usual when an event turns the Ravage into a Build | `test_habsburg_herders_as_usual_when_an_event_turns_the_ravage_into_a_build` |
| Habsburg 4 + Ocean a | drowning is a destroy: Ocean is paid only when the town is destroyed | `test_durable_town_drowns_only_when_the_two_damage_destroy_it` |
| Habsburg 4 + Ocean b | a town the 2 damage do not destroy washes up, damaged, on a coastal land | `test_durable_town_not_drowned_washes_up_damaged` |
| Habsburg 4 + Ocean c | washed up onto blight, it is destroyed, and Ocean gains nothing | `test_durable_town_washed_up_onto_blight_is_destroyed_without_energy` |
| Habsburg 4 + Ocean d | 4 towns drowned by one action = 8 damage to towns the player assigns | `test_four_durable_towns_drowned_at_once_take_eight_damage_assigned` |
| Habsburg 4 illegal place | a durable piece left somewhere illegal goes to the nearest legal land | as Habsburg 4 + Ocean b |
| Habsburg 4 + Badlands | a destroy turned into damage gets the badlands' extra damage | `test_durable_town_destroy_turned_to_damage_gets_the_badlands_damage` |
| Habsburg 4 damage markers | how to mark damaged towns on the table | n/a: a component note (the engine keeps each piece's damage) |
| Russia 2 + Bringer | the player picks whether Bringer's dream or Russia's push comes first | `test_bringer_against_russia_may_let_russia_push_the_explorer_first`, `test_bringer_against_russia_may_dream_first` |
| Russia 2 + Ocean | drowning is a destroy: the explorer is pushed instead, Ocean gains nothing | `test_russia_pushes_an_explorer_ocean_would_drown_and_ocean_gains_nothing` |
| Dissolution Threatens | "destroy 2 presence" is the choosing spirit's own | `test_dissolution_threatens_destroys_the_choosing_spirits_presence` |
| Tell the Old Stories | no regaining a card forgotten before the game (aspects) | n/a: aspects are not in the engine, so no card is forgotten before the game; see `test_tell_the_old_stories_may_regain_a_unique_forgotten_in_the_game` |
| Bargains of Power and Protection a | 6 presence bargained: Defend 6 from dahan, 6 less energy a turn | `test_integration.py::test_bargains_of_power_and_protection_from_now_on` (stacking), `test_bargains_energy_loss_takes_the_first_energy_gained_from_any_source` |
| Bargains of Power and Protection b | the loss takes the first energy gained each turn from any source, never energy held | `test_bargains_energy_loss_takes_the_first_energy_gained_from_any_source` |
| Draw Towards a Consuming Void | the forgotten Major may be the card itself; it still resolves | `test_consuming_void_may_forget_itself_to_repeat` |
| Dream of the Untouched Land | the random board comes from every unused board, "do not use together" too | `test_dream_board_may_be_one_marked_not_to_use_with_the_island` |
| Forests of Living Obsidian | "origin is your sacred site" is checked when that line runs | `test_forests_of_living_obsidian_checks_the_sacred_site_when_it_applies` |
| Settle Into Hunting-Grounds + Many Minds | 2 presence count as 2 beasts or 1, never 3 | `test_powers_late_b.py::test_settle_into_hunting_grounds_does_not_stack_with_many_minds_sacred_sites` |
| Weave Together a | a joined land is adjacent to itself | `test_woven_land_is_adjacent_to_itself` |
| Weave Together b | pieces and geography as usual: Coastal + Inland = Coastal | `test_island_changes.py::test_weave_with_a_coastal_land_makes_the_joined_land_coastal` |
| Weave Together c | printed facts: it has both terrains | `test_island_changes.py::test_weave_joins_two_lands_for_the_turn` |
| Weave Together d | a card matching it twice acts there once | `test_island_changes.py::test_weave_joins_two_lands_for_the_turn` |
| Gift of Nature's Connection | drawn at random for an event it shows no elements | `test_gift_of_natures_connection_revealed_by_an_event_shows_no_element` |
| Scenario Dahan Insurrection + Isolate | Military Response ignores Isolate | n/a: the engine has no scenarios |
| Scenario Despicable Theft + Isolate | thieves take the longer way round | n/a: the engine has no scenarios |
| Scenario Second Wave + Still-Healthy (2 items) | how to carry a Still-Healthy card over | n/a: the engine has no scenarios |
| Scenario The Great River + France | escaped towns go back to France's supply | n/a: the engine has no scenarios |
| Fractured Days: The Past Returns Again | extra energy and Time each use; may be played for elements only | `test_powers_spirits_je_b.py::test_the_past_returns_again_needs_the_time`, `::test_the_past_returns_again_played_for_its_elements_only` |
| Fractured Days: "N times, A or B" | N independent picks | `test_spirits_je_b.py::test_days_growth_options` (the second option picks +2 card plays, then Time) |
| Fractured Days: Pour Time Sideways, 1 board | does nothing on a 1-board island | `test_pour_time_sideways_changes_nothing_on_one_board` |
| Fractured Days: Pour Time Sideways, each action | each Invader Action: the board entered twice, the board left never | `test_pour_time_sideways_ravages_twice_on_the_board_entered_never_on_the_one_left`, `test_pour_time_sideways_builds_twice_on_the_board_entered` |
| Fractured Days: Pour Time Sideways, repeats | "one more / one fewer" stack | `test_pour_time_sideways_twice_stacks` |
| Fractured Days: Pour Time Sideways, skips | a skip stops only one of the two ravages | `test_pour_time_sideways_one_skip_stops_one_of_two_ravages` |
| Fractured Days: "each board / each land" actions | events, fear cards and escalations on each board/land are repeated too | `test_pour_time_sideways_repeats_an_each_board_event_action` |
| Fractured Days: Slip the Flow of Time | a Slow power resolved inside the Fast phase | `test_powers_spirits_je_b.py::test_slip_the_flow_of_time` |
| Shifting Memory: damage | damaged pieces do not change which pieces are there | `test_powers_spirits_je_b.py::test_observe_tier_two_one_marker_per_action_three_times` |
| Shifting Memory: 1 marker per action | however many changes | `test_powers_spirits_je_b.py::test_observe_tier_two_one_marker_per_action_three_times` |
| Shifting Memory: anyone's action (errata A3) | an event's or another spirit's action counts too | `test_observe_counts_changes_made_by_anyone` |
| Shifting Memory: Share Secrets of Survival | saves dahan from destruction | `test_powers_spirits_je_b.py::test_share_secrets_of_survival_saves_dahan_or_gathers` |
| Shifting Memory: discard instead of forget | for an event's cost and again for its separate forget | `test_spirits_je_b.py::test_long_ages_for_a_cost_and_again_for_a_separate_forget` |
| Shroud: targeting triggers Mists Shift | using/targeting a land with a power | `test_spirits_late.py::test_mists_shift_and_flow_can_meet_a_from_sacred_site_requirement` |
| Shroud: the Minor "바람에 실려 퍼지는 역병" works the same way | triggers on using / targeting a land | `test_powers_decks_bc_je.py::test_scream_disease_into_the_wind_once_after_a_power_on_a_land` (our reading: the seed names it only in Korean; Scream Disease Into The Wind is the Minor that acts after a power used on a land) |
| Shroud: all effects skipped (errata A4) | no target, so no presence moved | n/a: the engine offers no way to skip every effect of a power in play |
| Shroud: innate below threshold | no target, no move; Explosive Eruption the exception | `test_spirits_late.py::test_mists_shift_needs_a_power_that_targets_an_innate_below_threshold_does_not`, `test_powers_spirits_je_b.py::test_explosive_eruption_below_its_thresholds_still_destroys` |
| Shroud: move to meet "from sacred site / terrain" | part of targeting | `test_spirits_late.py::test_mists_shift_and_flow_can_meet_a_from_sacred_site_requirement`, `::test_mists_shift_and_flow_can_meet_a_from_terrain_requirement` |
| Shroud: Flowing and Silent Forms, blight kept away | saves presence destroyed by choice to keep blight off | `test_spirits_late.py::test_flowing_and_silent_forms_also_for_presence_destroyed_to_keep_blight_away` |
| Shroud / Volcano: eruption saved | presence saved from Explosive Eruption does not count for it; the collapse still hurts | `test_eruption_presence_saved_by_flowing_and_silent_forms_does_not_count` |
| Starlight: one growth at a time | an option unlocked may be picked at once | `test_spirits_je_b.py::test_starlight_growth_three_different_and_an_unlock_used_at_once` |
| Starlight: presence back on the growth track | the option is locked again | `test_spirits_je_b.py::test_starlight_unlocked_option_lost_while_its_track_is_covered` |
| Starlight: element markers on the track | they count as printed and stay when presence returns | `test_starlight_track_element_stays_when_presence_returns` |
| Starlight: Major forget | a card forgotten for another benefit is not the Major's forget | `test_starlight_forget_for_a_benefit_is_not_the_major_forget` |
| Stone: "directly destroys" | literal destroy-presence text only, not blight | `test_spirits_late.py::test_bulwark_of_will_top_tier_also_for_a_paid_destroy_not_for_blight` |
| Stone: paid or optional destroying | may be saved too | `test_spirits_late.py::test_bulwark_of_will_top_tier_also_for_a_paid_destroy_not_for_blight` |
| Stone: destroyed to keep blight away | may be saved | `test_spirits_late.py::test_bulwark_of_will_saves_presence_destroyed_to_keep_blight_away` |
| Stone: Let Them Break, level 2 | changes level 1's return damage only | `test_spirits_late.py::test_let_them_break_themselves_second_level_adds_to_the_same_return_damage` |
| Stone: blight tokens unlimited | no component limit | `test_powers_spirits_bc_je_a.py::test_bulwark_of_will_pays_for_blight_from_the_box` |
| Stone: dahan kept in ritual lands | Rituals of Terror is easy | n/a: a scenario; the dahan staying is `test_spirits_late.py::test_stubborn_solidity_keeps_the_dahan_from_moving` |
| Many Minds: beasts moved up to range 2 | push/gather beasts 2 lands away | `test_spirits_bc_je_a.py::test_fly_fast_as_thought_beasts_reach_two_lands_for_many_minds_only` |
| Many Minds: sacred site moved as beasts | both presence to the same land | `test_powers_spirits_bc_je_a.py::test_a_joining_of_swarms_and_flocks_the_site_moves_as_beasts_both_presence_together` |
| Many Minds: Strange Madness Among the Beasts | taken out when Many Minds plays | `test_events.py::test_strange_madness_leaves_against_russia_and_with_many_minds` |
| Many Minds: Sea Monsters updated | the printed text's update | n/a: a card text note, no interaction |
| Volcano: second level costs 2 energy | an extra cost | `test_powers_spirits_je_b.py::test_furnace_second_level_costs_two_energy` |
| Volcano: Explosive Eruption below threshold | may be used | `test_powers_spirits_je_b.py::test_explosive_eruption_below_its_thresholds_still_destroys` |
| Volcano: Pyroclastic Bombardment | the badlands example | `test_powers_spirits_je_b.py::test_pyroclastic_bombardment_badlands_once_for_invaders_once_for_dahan` |
| Volcano / Fractured Days: strategy notes | extra boards hard; Pour Time Sideways weak solo | n/a: advice, no rule |
"""

from __future__ import annotations

import pytest

from rules.spirit_island import effects as fx
from rules.spirit_island import event_rules, turn
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import pieces as pcs
from rules.spirit_island import powers as pw
from rules.spirit_island import spirit_rules_time as tr
from rules.spirit_island import tokens as tok
from tests.rules.spirit_island.helpers import answer_exactly, settle
from tests.rules.spirit_island.test_powers import innate
from tests.rules.spirit_island.test_spirits import BRINGER, LIGHTNING, RIVER, THUNDER, game
from tests.rules.spirit_island.test_spirits_je_b import DAYS, VOLCANO, clear

SHROUD = "Shroud of Silent Mist"


def run(state, effect, answers=(), seat=0, land=None, source="test"):
    ctx = {"seat": seat, "source": source}
    if land:
        ctx["land"] = land
    fx.push(state, effect, ctx)
    return answer_exactly(state, answers)


def pieces(state, name, kind):
    return state["lands"][name][kind]


def earned(state):
    return state["fear"]["earned"]


# --- Adversary: Habsburg Monarchy ----------------------------------------------------------------


def against(name, level, players=1):
    """A game against an adversary, emptied of pieces, in the Invader phase of turn 1."""
    from rules.spirit_island import adversaries as adv
    from rules.spirit_island.state import new_game

    state = new_game(players, 4)
    adv.setup(state, name, level)
    state.update(queue=[], phase="invader", turn=1)
    for land in state["lands"]:
        state["lands"][land] = pcs.empty_land()
    return state


def test_habsburg_herders_as_usual_when_an_event_turns_the_ravage_into_a_build():
    """Habsburg 1 FAQ: Teach the Invaders makes the Ravage a Build; Migratory Herders still
    gather once, after the normal Build, into the lands of the Build card (next turn's
    Ravage), not after the event's build."""
    state = against("Habsburg", 1)
    lands = state["lands"]
    pcs.add(lands["A7"], "explorer")  # Sands: the ravage card's land, builds instead
    pcs.add(lands["A1"], "town")  # next to A2 and A5 (Wetland, the build card's)
    pcs.add(lands["A6"], "town")  # next to A5
    state["track"].update(ravage=["1:sands"], build=["1:wetland"], explore=[])
    event_rules.add_mod(state, {"mod": "ravage_as_build", "until": "ravage", "from_turn": 0})
    event_rules._ravage_as_build(state)
    settle(state)
    assert lands["A7"]["town"] == [0] and lands["A1"]["town"] == [0]  # no herding yet
    inv.build(state, "1:wetland")  # A2 and A5 have no invaders: nothing built there
    settle(state)
    assert [len(lands[n]["town"]) for n in ("A1", "A2", "A5", "A6")] == [0, 1, 1, 0]


def ocean_against_habsburg():
    """Ocean's Hungry Grasp (1 player, presence in A2) against Habsburg level 4: towns in
    lands without blight are durable (health 4, a destroy deals 2 damage instead)."""
    from tests.rules.spirit_island.test_powers import ocean_game

    state = ocean_game()
    state["adversary"] = {"name": "Habsburg", "level": 4, "supporting": None}
    state["rules"] += ["habsburg:1", "habsburg:2", "habsburg:3", "habsburg:4"]
    return state


def drown(state, n=1, land="A2"):
    fx.push(state, [{"do": "drown", "n": n, "kinds": ["town"]}], {"seat": 0, "land": land,
                                                                 "source": "test"})


def test_durable_town_drowns_only_when_the_two_damage_destroy_it():
    """Habsburg 4 + Ocean FAQ: drowning is a destroy; a town in the Ocean takes 2 damage, so an
    already damaged one drowns and pays Ocean, an undamaged one is not destroyed and pays
    nothing."""
    state = ocean_against_habsburg()
    row = state["seats"][0]
    energy = row["energy"]
    state["lands"]["A2"]["town"] = [2]
    drown(state)
    settle(state)
    assert pieces(state, "A2", "town") == [] and row["energy"] > energy
    energy = row["energy"]
    state["lands"]["A2"]["town"] = [0]
    drown(state)
    settle(state)
    assert row["energy"] == energy
    assert sum(len(pieces(state, n, "town")) for n in ("A1", "A2", "A3")) == 1


def test_durable_town_not_drowned_washes_up_damaged():
    """Habsburg 4 + Ocean FAQ (and "illegal place"): the town cannot stay in the Ocean; it
    comes ashore, with its 2 damage, on a coastal land next to that Ocean (the players'
    pick)."""
    state = ocean_against_habsburg()
    state["lands"]["A2"]["town"] = [0]
    drown(state)
    ask = fx.run(state)
    assert sorted(ask.options) == ["A1", "A2", "A3"]
    assert fx.answer(state, "A3") is None
    assert pieces(state, "A3", "town") == [2] and pieces(state, "A2", "town") == []


def test_durable_town_washed_up_onto_blight_is_destroyed_without_energy():
    """Habsburg 4 + Ocean FAQ: the Ocean has no blight, so a town pushed there from a blighted
    land is still durable and lives through the 2 damage; washed up onto a blighted land it
    is destroyed at once (its fear as usual), but that is no drowning: no energy."""
    state = ocean_against_habsburg()
    row = state["seats"][0]
    energy, fear = row["energy"], earned(state)
    state["lands"]["A2"].update(town=[0], blight=1)
    drown(state)
    answer_exactly(state, ["A2"])
    assert pieces(state, "A2", "town") == [] and row["energy"] == energy
    assert earned(state) == fear + 1


def test_four_durable_towns_drowned_at_once_take_eight_damage_assigned():
    """Habsburg 4 + Ocean FAQ: 4 undamaged towns drowned by one action are 8 damage to those
    towns, assigned by the player: 4 and 4 destroy two (drowned: Ocean is paid for them),
    the other two wash up undamaged."""
    state = ocean_against_habsburg()
    row = state["seats"][0]
    energy = row["energy"]
    state["lands"]["A2"]["town"] = [0, 0, 0, 0]
    drown(state, n=4)
    settle(state, exact=False)  # the first options: each point of damage on the first town left
    towns = [d for n in ("A1", "A2", "A3") for d in pieces(state, n, "town")]
    assert towns == [0, 0] and row["energy"] > energy


def test_durable_town_destroy_turned_to_damage_gets_the_badlands_damage():
    """Habsburg 4 FAQ (Badlands): a destroy made into 2 damage is damage, so the land's
    badlands add 1: a durable town with 1 damage takes 3 more and is destroyed."""
    state = against("Habsburg", 4)
    land = state["lands"]["A5"]
    land.update(town=[1], badlands=1)
    fx.push(state, [{"do": "destroy", "n": 1, "kinds": ["town"]}], {"seat": None, "land": "A5"})
    settle(state)
    assert land["town"] == []


# --- Adversary: Tsardom of Russia (level 2) + Bringer of Dreams and Nightmares -------------------


def bringer_against_russia():
    """Bringer (presence in A7, next to A5 and A8) against Russia level 2; an explorer in A7."""
    state = game(BRINGER, clear=True)
    state["adversary"] = {"name": "Russia", "level": 2, "supporting": None}
    state["rules"] += ["russia:1", "russia:2"]
    state["lands"]["A7"]["explorer"] = [0]
    fx.push(state, [{"do": "destroy", "n": 1, "kinds": ["explorer"]}],
            {"seat": 0, "land": "A7", "source": "a Bringer power"})
    return state


def test_bringer_against_russia_may_let_russia_push_the_explorer_first():
    """Russia 2 FAQ: Bringer destroying an explorer: its player picks the order; Russia first
    pushes it away for 1 fear (the usual better pick), so there is nothing left to dream."""
    state = bringer_against_russia()
    answer_exactly(state, ["russia_first", "A8"])
    assert pieces(state, "A8", "explorer") == [0] and pieces(state, "A7", "explorer") == []
    assert earned(state) == 1


def test_bringer_against_russia_may_dream_first():
    """Russia 2 FAQ: the dream first: Bringer pushes it for 0 fear; nothing is destroyed, so
    Russia's rule is not spent."""
    state = bringer_against_russia()
    answer_exactly(state, ["dream", ["explorer", "A5"]])
    assert pieces(state, "A5", "explorer") == [0] and earned(state) == 0
    assert "disaster_action" not in state["adversary"]


# --- Events ----------------------------------------------------------------------------------------


def _event_effect(name: str, side: str | None = None) -> list[dict]:
    import json
    from pathlib import Path

    import rules.spirit_island as si

    data = json.loads((Path(si.__file__).parent / "data" / "events.json").read_text("utf-8"))
    for event in data["events"]:
        for part in [*event.get("by_island", {}).values(), event.get("dahan_event") or {}]:
            if part.get("name") == name:
                return part["effect"]
    raise KeyError(name)


def test_dissolution_threatens_destroys_the_choosing_spirits_presence():
    """Event FAQ (Dissolution Threatens): "destroy 2 presence" is the presence of the spirit
    making that choice, never another's sharing its lands."""
    state = game(LIGHTNING, RIVER, boards="AB", clear=True)
    for land in state["lands"].values():
        land["presence"].clear()
    state["lands"]["A5"]["presence"].update({LIGHTNING: 2, RIVER: 2})
    fx.push(state, _event_effect("Dissolution Threatens"), {"seat": None, "source": "event"})
    ask = fx.run(state)
    assert (ask.seat, ask.kind) == (0, "choose")
    ask = fx.answer(state, 0)  # Lightning takes the loss: no question, only its own is there
    assert state["lands"]["A5"]["presence"] == {RIVER: 2}
    assert (ask.seat, ask.kind) == (1, "choose")


def test_tell_the_old_stories_may_regain_a_unique_forgotten_in_the_game():
    """Event FAQ (Tell the Old Stories): a Unique Power forgotten during the game may be
    regained (only one forgotten before the game, by an aspect, may not: aspects are not in
    the engine)."""
    state = game(LIGHTNING, clear=True)
    row = state["seats"][0]
    unique = row["hand"].pop(0)  # forgotten earlier in the game
    row["forgotten"] = [unique]
    where = next(n for n, land in state["lands"].items() if land["presence"])
    state["lands"][where]["dahan"] = [0, 0]
    fx.push(state, _event_effect("Tell the Old Stories"), {"seat": None, "source": "event"})
    settle(state, [unique], exact=False)
    assert unique in row["hand"]


# --- Major and Minor powers -------------------------------------------------------------------------


def test_bargains_energy_loss_takes_the_first_energy_gained_from_any_source():
    """Bargains of Power and Protection FAQ: 6 presence bargained away cost the first 6
    energy gained each turn from any source (growth 2, track 2, then 2 of a power's 3);
    energy already held stays."""
    state = game(LIGHTNING, clear=True)
    row = state["seats"][0]
    row.update(energy=5, energy_per_turn=-6)
    row["tracks"]["energy"] = 2  # 2 taken from the energy track: it shows 2
    from rules.spirit_island.spirits import track_values

    assert track_values(state, 0)["energy"] == 2
    run(state, [{"do": "energy", "n": 2}, {"do": "track_energy"}, {"do": "energy", "n": 3}])
    assert row["energy"] == 5 + 1


def test_consuming_void_may_forget_itself_to_repeat():
    """Draw Towards a Consuming Void FAQ: the Major forgotten to repeat it may be the card
    itself; the repeat still happens (4 fear each time)."""
    from tests.rules.spirit_island.test_powers_decks_bc_je import position

    name = "Draw Towards a Consuming Void"
    state = position(played=([name], []))
    row = state["seats"][0]
    row["discard"] = ["Fire in the Sky"]  # the only Minor; the card is the only Major
    assert pw.CARDS["Fire in the Sky"]["deck"] == "minor"
    unique = row["hand"][0]
    run(state, pw.card_effect(name), ["yes", unique], source=name)
    assert earned(state) == 4 + 4
    assert all(name not in row[p] for p in ("hand", "played", "discard"))
    assert "Fire in the Sky" not in row["discard"] and unique not in row["hand"]


def test_dream_board_may_be_one_marked_not_to_use_with_the_island(monkeypatch):
    """Dream of the Untouched Land FAQ: the random board is drawn from every unused board,
    those marked "do not use together" with a board in play included (E with B)."""
    from rules.spirit_island import island_changes as ic
    from tests.rules.spirit_island.test_powers_decks_bc_je import position

    drawn_from = []

    class Pick:
        def __init__(self, state):
            self.state = state

        def choice(self, items):
            drawn_from.append(list(items))
            return "E" if "E" in items else items[0]

    monkeypatch.setattr(ic, "Rng", Pick)
    isl.SHAPE.set(None)
    try:
        state = position(pres={"A5": 2}, el={"moon": 3, "water": 2, "earth": 3, "plant": 2})
        assert state["boards"] == ["A", "B"]
        fx.push(state, pw.card_effect("Dream of the Untouched Land"), {"seat": 0, "source": "t"})
        settle(state, ["A5"], exact=False)
        assert sorted(drawn_from[0]) == ["C", "D", "E", "F"]
        assert state["island"]["dreamt"]["board"] == "E"
    finally:
        isl.SHAPE.set(None)


def _obsidian(follow: str):
    state = game(THUNDER, clear=True)
    for land in state["lands"].values():
        land["presence"].clear()
    state["lands"]["A5"]["presence"][THUNDER] = 2  # a sacred site
    state["lands"]["A5"].update(dahan=[0, 0], city=[0])
    name = "Forests of Living Obsidian"
    run(state, pw.card_effect(name),
        [["dahan", "A1"], follow, ["dahan", "A1"], follow], source=name)
    return state


def test_forests_of_living_obsidian_checks_the_sacred_site_when_it_applies():
    """Forests of Living Obsidian FAQ: "if the origin land is your sacred site" is checked
    when that line runs: Thunderspeaker's presence gone with the pushed dahan leaves no
    sacred site, so each invader takes 1 (+1 badlands: the city lives); presence kept there
    makes it 2 (+1: the city is destroyed)."""
    moved = _obsidian("yes")
    assert moved["lands"]["A5"]["city"] == [2] and moved["lands"]["A1"]["presence"] == {THUNDER: 2}
    stayed = _obsidian("no")
    assert stayed["lands"]["A5"]["city"] == []


def test_woven_land_is_adjacent_to_itself():
    """Weave Together the Fabric of Place FAQ: unlike other lands, a joined land counts as
    adjacent to itself."""
    from tests.rules.spirit_island.test_powers_decks_bc_je import position

    isl.SHAPE.set(None)
    try:
        state = position(pres={"A5": 2})
        fx.push(state, pw.card_effect("Weave Together the Fabric of Place"), {"seat": 0, "source": "t"})
        answer_exactly(state, ["A5", "A6"])
        assert "A5" in isl.adjacent(tuple(state["boards"]), "A5")
    finally:
        isl.SHAPE.set(None)


def test_gift_of_natures_connection_revealed_by_an_event_shows_no_element():
    """Gift of Nature's Connection FAQ: drawn at random for an event it has no elements, as
    printed (its choice of elements is not offered): it lacks Water and shows no Sun."""
    state = game(LIGHTNING, clear=True)
    gift = "Gift of Nature's Connection"
    state["secret"]["minor_deck"] = [gift, gift]
    fear = earned(state)
    fx.push(state, [{"do": "reveal_power", "deck": "minor", "lacks_element": "water",
                     "then": [{"do": "fear", "n": 1}]},
                    {"do": "reveal_power", "deck": "minor", "has_element": "sun",
                     "then": [{"do": "fear", "n": 5}], "otherwise": [{"do": "fear", "n": 2}]}],
            {"seat": None, "source": "event"})
    answer_exactly(state, [])
    assert earned(state) == fear + 1 + 2


# --- Fractured Days Split the Sky -------------------------------------------------------------------


def days_game(boards="AB", time=6):
    """Fractured Days (presence A2, A8) with Lightning (board B, presence B5) when two boards."""
    from tests.rules.spirit_island.test_powers_spirits_je_b import days

    if boards == "A":
        return days(time=time)
    state = days(others=[LIGHTNING], boards=boards, time=time)
    state["lands"]["B5"]["presence"][DAYS] = 1
    return state


def pour(state, move):
    """Pour Time Sideways, paying its Time, moving 1 presence as `move` ([from, to])."""
    fx.push(state, pw.card_effect("Pour Time Sideways"), {"seat": 0, "source": "Pour Time Sideways"})
    ask = fx.run(state)
    while ask is not None:
        pick = move if ask.kind == "move_presence" else "yes" if ask.kind == "pay_time" else ask.options[0]
        ask = fx.answer(state, pick)


def test_pour_time_sideways_changes_nothing_on_one_board():
    """Fractured Days FAQ: on a 1-board island Pour Time Sideways is useless: the board left
    and the board entered are the same, so every Invader Action happens once."""
    state = days_game("A")
    pour(state, ["A2", "A8"])
    assert state["seats"][0]["time"] == 6 - 3  # it was paid for
    assert all(tr.invader_repeats(state, n) == 1 for n in state["lands"] if n[0] == "A")


def _ravage_frames(state, card):
    state["track"]["ravage"] = [card]
    state["queue"] = []
    turn._ravage(state)
    return [f["step"]["land"] for f in state["queue"] if f["step"]["do"] == "ravage_land"]


def test_pour_time_sideways_ravages_twice_on_the_board_entered_never_on_the_one_left():
    """Fractured Days FAQ: each Invader Action is affected: a Sands Ravage resolves twice in
    each Sands land with invaders on the board the presence entered, never on the board it
    left."""
    state = days_game()
    for name in ("A4", "A7", "B3", "B5"):  # the Sands lands
        state["lands"][name]["explorer"] = [0]
    pour(state, ["A8", "B5"])
    assert _ravage_frames(state, "1:sands") == ["B3", "B3", "B5", "B5"]


def test_pour_time_sideways_twice_stacks():
    """Fractured Days FAQ: "one more" / "one fewer" so that repeats stack: twice from A to B,
    board B's lands ravage 3 times, board A's never (not below none)."""
    state = days_game(time=6)
    state["seats"][0]["tracks"] = {"energy": 6, "card_plays": 5}  # room for the Time paid
    pour(state, ["A8", "B5"])
    pour(state, ["A8", "B5"])
    assert _ravage_frames(state, "1:sands") == ["B3"] * 3 + ["B5"] * 3


def test_pour_time_sideways_one_skip_stops_one_of_two_ravages():
    """Fractured Days FAQ: a power skipping invader actions in a land ravaged twice skips
    each ravage separately: one skip leaves the other ravage (a town's 2 damage: 1 blight)."""
    state = days_game()
    state["lands"]["B3"]["town"] = [0]
    pour(state, ["A8", "B5"])
    tok.add_skip(state, "B3", "ravage")
    _ravage_frames(state, "1:sands")
    settle(state, exact=False)
    assert state["lands"]["B3"]["blight"] == 1


def test_pour_time_sideways_builds_twice_on_the_board_entered():
    """Fractured Days FAQ: every Invader Action, Build too: a Sands land with an explorer on
    the board entered builds twice, one on the board left not at all."""
    state = days_game()
    state["lands"]["A4"]["explorer"] = state["lands"]["B3"]["explorer"] = [0]
    pour(state, ["A8", "B5"])
    state["track"]["build"] = ["1:sands"]
    state["queue"] = []
    turn._build(state)
    settle(state, exact=False)
    assert pcs.invader_count(state["lands"]["B3"]) == 3 and pcs.invader_count(state["lands"]["A4"]) == 1


def test_pour_time_sideways_repeats_an_each_board_event_action():
    """Fractured Days FAQ: "each board / each land" actions (an event's, a fear card's, an
    escalation's) also resolve once more on the board entered, not at all on the one left."""
    state = days_game()
    state["lands"]["A4"]["explorer"] = state["lands"]["B3"]["explorer"] = [0]
    pour(state, ["A8", "B5"])
    fx.push(state, [{"do": "on_each_board", "then": [
        {"do": "event_land", "where": {"has": ["explorer"]}, "then": [{"do": "add", "kind": "dahan"}]}]}],
        {"seat": None, "source": "an event"})
    settle(state, exact=False)
    assert len(state["lands"]["B3"]["dahan"]) == 2 and state["lands"]["A4"]["dahan"] == []


# --- Shifting Memory of Ages -------------------------------------------------------------------------


def test_observe_counts_changes_made_by_anyone():
    """Shifting Memory FAQ with errata A3: after each Action, anyone's, that changes which
    pieces are in the observed land, 1 element marker: an event adding a town, then another
    spirit's power pushing an explorer out."""
    from tests.rules.spirit_island.test_powers_spirits_je_b import memory

    state = memory(others=[LIGHTNING], boards="AB")  # Memory: 2 presence in A7
    state["lands"]["A7"]["explorer"] = [0, 0]
    innate(state, "Observe the Ever-Changing World", {"moon": 2, "air": 1}, ["A7"])
    markers = state["seats"][0]["markers"]
    before = sum(markers.values())
    fx.push(state, [{"do": "add", "kind": "town"}], {"seat": None, "land": "A7", "source": "event"})
    answer_exactly(state, ["fire"])
    fx.push(state, [{"do": "push", "n": 1, "kinds": ["explorer"]}],
            {"seat": 1, "land": "A7", "source": "Lightning's power"})
    answer_exactly(state, [["explorer", "A8"], "sun"])
    assert sum(markers.values()) == before + 2 and markers["fire"] == markers["sun"] == 1


# --- Shroud of Silent Mist and Volcano Looming High ----------------------------------------------------


def test_eruption_presence_saved_by_flowing_and_silent_forms_does_not_count():
    """Volcano / Shroud FAQ (seed L1261): Flowing and Silent Forms Dart By may save presence
    Volcano destroys for Explosive Eruption; the saved one does not count for the eruption,
    but Collapse in a Blast of Lava and Steam still deals its damage."""
    state = game(VOLCANO, SHROUD, boards="AB", queue_setup=True)
    answer_exactly(state, ["A1"])  # Volcano's setup
    clear(state)
    state["lands"]["A1"]["presence"][VOLCANO] = 3
    state["lands"]["A1"]["city"] = [0]
    state["lands"]["A6"]["city"] = [0]
    run(state, [{"do": "dart_by"}], seat=1, land="A1", source="Flowing and Silent Forms Dart By")
    # 3 destroyed: the first pushed to A2 (saved), the other two let go
    innate(state, "Explosive Eruption", {"fire": 2, "earth": 2}, ["A1", 3, "A2", "done", "done", "A6"])
    assert state["lands"]["A2"]["presence"] == {VOLCANO: 1}
    assert VOLCANO not in state["lands"]["A1"]["presence"] and state["seats"][0]["destroyed"] == 2
    assert state["lands"]["A1"]["city"] == []  # the collapse: 3 damage, the saved one too
    assert state["lands"]["A6"]["city"] == [2]  # the eruption counts 2


# --- Starlight Seeks Its Form ---------------------------------------------------------------------------


def test_starlight_track_element_stays_when_presence_returns():
    """Starlight FAQ: an element set on a track space counts like a printed one; presence
    returned onto that space covers it but leaves the marker, so uncovering it again asks
    nothing and brings the same element."""
    from rules.spirit_island import spirit_rules_starlight as sr
    from tests.rules.spirit_island.test_powers_spirits_je_b import star

    state = star()  # 1 presence in A4
    add = [{"do": "add_presence", "range": 1}]
    run(state, add, ["card_plays", "A5", "water"], source="growth")
    assert sr.track_elements_extra(state, 0) == {"water": 1}
    run(state, [{"do": "return_presence"}], [["A5", "card_plays"]])
    assert sr.track_elements_extra(state, 0) == {}
    run(state, add, ["card_plays", "A5"], source="growth")  # no element asked
    assert sr.track_elements_extra(state, 0) == {"water": 1}


@pytest.mark.parametrize(("forget", "energy", "hand_keeps"), [
    ("Boon of Reimagining", 3, []), ("Shape the Self Anew", 0, ["Boon of Reimagining"])])
def test_starlight_forget_for_a_benefit_is_not_the_major_forget(forget, energy, hand_keeps):
    """Starlight FAQ (errata A5): gaining a Major always costs a forget of its own; Shape the
    Self Anew's "forget this card for 3 energy" is another forget: forgetting Shape for the
    Major leaves nothing to forget for the energy."""
    from tests.rules.spirit_island.test_powers_spirits_je_b import star

    state = star()
    row = state["seats"][0]
    state["secret"]["major_deck"] = ["M1", "M2", "M3", "M4"]
    row.update(hand=["Shape the Self Anew", "Boon of Reimagining"], energy=0)
    row["elements"] = {"moon": 4}
    run(state, pw.card_effect("Shape the Self Anew"), ["major", "M1", forget, "yes"],
        source="Shape the Self Anew")
    assert sorted(row["hand"]) == sorted(["M1", *hand_keeps]) and row["energy"] == energy


def test_russia_pushes_an_explorer_ocean_would_drown_and_ocean_gains_nothing():
    """Russia 2 FAQ ("see the Ocean explanation under Habsburg"): drowning is a destroy, so
    the first explorer an Action would drown is pushed by A Sense for Impending Disaster
    instead (1 fear): it stays on the island and Ocean gains no energy for it."""
    from tests.rules.spirit_island.test_powers import ocean_game

    state = ocean_game()
    state["adversary"] = {"name": "Russia", "level": 2, "supporting": None}
    state["rules"] += ["russia:1", "russia:2"]
    row = state["seats"][0]
    energy, fear = row["energy"], earned(state)
    state["lands"]["A2"]["explorer"] = [0]
    fx.push(state, [{"do": "drown", "n": 1, "kinds": ["explorer"]}], {"seat": 0, "land": "A2"})
    settle(state, exact=False)
    assert sum(len(land["explorer"]) for land in state["lands"].values()) == 1
    assert row["energy"] == energy and earned(state) == fear + 1
