"""The six spirits the coverage report counted untested (Keeper of the Forbidden Wilds, Sharp
Fangs Behind the Leaves, Grinning Trickster Stirs Up Trouble, Lure of the Deep Wilderness,
Shroud of Silent Mist, Stone's Unyielding Defiance): setup, presence tracks and their special
spaces, every growth option, the special rules, and the Korean rulebook's FAQ items about
them; Vengeance as a Burning Plague's choice of plague builds. Expected results come from the
spirits' panels (board A: 1 Mountain, 2 Wetland, 3 Jungle, 4 Sands, 5 Wetland, 6 Mountain,
7 Sands, 8 Jungle; lands 1-3 coastal) on hand-built positions."""

from __future__ import annotations

import pytest

from rules.spirit_island import coverage, hooks, turn
from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import powers as pw
from rules.spirit_island import spirit_verbs_a as sva
from rules.spirit_island import spirits as sp
from rules.spirit_island.pieces import empty_land
from tests.rules.spirit_island.helpers import answer_exactly
from tests.rules.spirit_island.test_spirits import game, presence
from tests.rules.spirit_island.test_spirits_bc_je_a import prepared

KEEPER = "Keeper of the Forbidden Wilds"
FANGS = "Sharp Fangs Behind the Leaves"
TRICKSTER = "Grinning Trickster Stirs Up Trouble"
LURE = "Lure of the Deep Wilderness"
SHROUD = "Shroud of Silent Mist"
STONE = "Stone's Unyielding Defiance"
VENGEANCE = "Vengeance as a Burning Plague"
LATE = [KEEPER, FANGS, TRICKSTER, LURE, SHROUD, STONE]
MINORS = ["Delusions of Danger", "Drought", "Drift down into Slumber", "Encompassing Ward"]


def seated(*names, boards="A", answers=()):
    """The spirits seated on their boards, setup questions answered with `answers`."""
    state = game(*names, boards=boards, queue_setup=True)
    state["secret"]["minor_deck"] = list(MINORS)
    return answer_exactly(state, answers)


def bare(*names, boards="A", answers=()):
    """As `seated`, then every land emptied but for the spirits' presence."""
    state = seated(*names, boards=boards, answers=answers)
    for name, land in state["lands"].items():
        state["lands"][name] = {**empty_land(), "presence": land["presence"]}
    return state


def run(state, effect, answers=(), seat=0, land=None, source="test"):
    ctx = {"seat": seat, "source": source}
    if land:
        ctx["land"] = land
    fx.push(state, effect, ctx)
    return answer_exactly(state, answers)


def option(state, index, answers=(), seat=0):
    """One growth option of the seat's spirit, run by itself."""
    name = state["seats"][seat]["spirit"]
    return run(state, sp.SPIRITS[name]["growth"]["options"][index], answers, seat, source="growth")


def growth(state, answers=(), seat=0):
    """A whole turn's growth (the picks, then what every turn's growth has)."""
    name = state["seats"][seat]["spirit"]
    return run(state, sp.growth_effect(name), answers, seat, source="growth")


def shown(state, energy, card_plays, seat=0):
    state["seats"][seat]["tracks"].update(energy=energy, card_plays=card_plays)
    return sp.track_values(state, seat)


def test_the_six_are_encoded_with_their_rules_and_korean_names():
    for name in LATE:
        spirit = sp.SPIRITS[name]
        assert spirit["ko"] and len(spirit["unique_cards"]) == 4 and len(spirit["innates"]) == 2
        assert all(rule["done"] for rule in spirit["special_rules"]), name
    report = coverage.report()
    rows = {r["name"]: r for r in report["items"] if r["kind"] == "spirits"}
    assert all(rows[n]["state"] == "encoded" and rows[n]["tested"] for n in LATE)


# --- Keeper of the Forbidden Wilds ------------------------------------------------------------------


def test_keeper_of_the_forbidden_wilds_setup_in_the_highest_jungle_with_wilds():
    state = seated("Keeper of the Forbidden Wilds")
    assert presence(state) == {"A8": 1} and state["lands"]["A8"]["wilds"] == 1
    state = seated("Keeper of the Forbidden Wilds", boards="B")  # Jungles B4, B8
    assert presence(state) == {"B8": 1} and state["lands"]["B8"]["wilds"] == 1


def test_keeper_of_the_forbidden_wilds_tracks():
    state = seated("Keeper of the Forbidden Wilds")
    assert shown(state, 0, 0)["energy"] == 2 and shown(state, 0, 0)["card_plays"] == 1
    values = shown(state, 2, 2)  # 2, Sun, 4 | 1, 2, 2
    assert (values["energy"], values["elements"], values["card_plays"]) == (4, {"sun": 1}, 2)
    values = shown(state, 7, 5)  # every space: 9 energy, Sun and Plant, 5 plays and reclaim 1
    assert values["energy"] == 9 and values["elements"] == {"sun": 1, "plant": 1}
    assert values["card_plays"] == 5 and values["reclaim_one"]
    assert sp.presence_on_tracks("Keeper of the Forbidden Wilds") == 7 + 5


def test_keeper_growth_options_one_by_one():
    state = bare("Keeper of the Forbidden Wilds")
    row = state["seats"][0]
    row.update(energy=0, discard=[row["hand"].pop()])
    option(state, 0)  # reclaim all, +1 energy
    assert not row["discard"] and len(row["hand"]) == 4 and row["energy"] == 1
    option(state, 1, ["minor", "Drought"])  # a power card
    assert "Drought" in row["hand"]
    state["lands"]["A3"]["wilds"] = 1
    option(state, 2, ["energy", "A3"])  # +1 energy, presence within 3 into presence or wilds
    assert presence(state) == {"A8": 1, "A3": 1} and row["energy"] == 2
    assert row["tracks"]["energy"] == 1
    row["energy"] = 3
    state["lands"]["A5"]["blight"] = 1
    fx.push(state, sp.SPIRITS[KEEPER]["growth"]["options"][3], {"seat": 0, "source": "growth"})
    fx.run(state)
    fx.answer(state, "minor")
    ask = fx.answer(state, "Delusions of Danger")
    ask = fx.answer(state, "energy")  # -3 energy, a card, presence within 3 into no blight
    assert "A5" not in ask.options and {"A1", "A6", "A7", "A8"} <= set(ask.options)
    fx.answer(state, "A7")
    assert row["energy"] == 0 and presence(state)["A7"] == 1


def test_keeper_picks_two_different_options_and_the_costly_one_needs_three_energy():
    state = bare("Keeper of the Forbidden Wilds")
    state["seats"][0]["energy"] = 2
    fx.push(state, sp.growth_effect(KEEPER), {"seat": 0, "source": "growth"})
    ask = fx.run(state)
    assert ask.kind == "growth" and ask.options == [0, 1, 2]
    ask = fx.answer(state, 0)  # +1: now 3 energy
    assert ask.options == [1, 2, 3]  # not option 0 again; option 3 affordable
    fx.answer(state, 1)
    fx.answer(state, "minor")
    assert fx.answer(state, "Drought") is None  # two picks and no more


def test_forbidden_ground_a_new_sacred_site_pushes_every_dahan():
    state = bare("Keeper of the Forbidden Wilds")
    state["lands"]["A8"]["dahan"] = [0, 0, 0]
    state["lands"]["A7"]["presence"][KEEPER] = 1
    state["lands"]["A7"]["dahan"] = [0]
    state["lands"]["A7"]["wilds"] = 1
    option(state, 2, ["energy", "A8", ["dahan", "A5"], ["dahan", "A5"], ["dahan", "A6"]])
    assert presence(state)["A8"] == 2 and not state["lands"]["A8"]["dahan"]
    assert len(state["lands"]["A5"]["dahan"]) == 2 and state["lands"]["A7"]["dahan"] == [0]


# --- Sharp Fangs Behind the Leaves -----------------------------------------------------------------


def test_sharp_fangs_setup_jungle_with_beasts_then_any_land_with_beasts():
    state = prepared("Sharp Fangs Behind the Leaves", boards="A", beasts=["A2"])
    answer_exactly(state, ["A2"])  # the second presence: any land with beasts on the island
    assert presence(state) == {"A8": 1, "A2": 1}
    assert state["lands"]["A8"]["beasts"] == 1


def test_sharp_fangs_tracks():
    state = seated("Sharp Fangs Behind the Leaves")
    values = shown(state, 0, 0)
    assert (values["energy"], values["card_plays"], values["elements"]) == (1, 2, {})
    values = shown(state, 3, 3)  # 1, Animal, Plant, 2 | 2, 2, 3, reclaim 1
    assert values["energy"] == 2 and values["elements"] == {"animal": 1, "plant": 1}
    assert values["card_plays"] == 3 and values["reclaim_one"]
    values = shown(state, 6, 5)
    assert values["energy"] == 4 and values["elements"] == {"animal": 2, "plant": 1}
    assert values["card_plays"] == 5


def test_sharp_fangs_growth_options_one_by_one():
    state = bare("Sharp Fangs Behind the Leaves")
    row = state["seats"][0]
    row.update(energy=1, discard=[row["hand"].pop()])
    option(state, 0, ["minor", "Drought"])  # reclaim all, -1 energy, a power card
    assert row["energy"] == 0 and not row["discard"] and "Drought" in row["hand"]
    state["lands"]["A4"]["beasts"] = 1
    fx.push(state, sp.SPIRITS[FANGS]["growth"]["options"][1], {"seat": 0, "source": "growth"})
    fx.run(state)
    ask = fx.answer(state, "energy")  # within 3: a land with beasts or a Jungle
    assert sorted(ask.options) == ["A3", "A4", "A8"]
    fx.answer(state, "A4")
    option(state, 2, ["minor", "Delusions of Danger"])  # a card, +1 energy
    assert row["energy"] == 1
    option(state, 3)
    assert row["energy"] == 4 and presence(state) == {"A8": 2, "A4": 1}


def test_sharp_fangs_costly_option_not_offered_without_energy_and_call_forth_predators():
    state = bare("Sharp Fangs Behind the Leaves")
    state["seats"][0]["energy"] = 0
    fx.push(state, sp.growth_effect(FANGS), {"seat": 0, "source": "growth"})
    ask = fx.run(state)
    assert ask.options == [1, 2, 3]  # reclaim costs 1 energy
    ask = fx.answer(state, 3)
    assert ask.options == [0, 1, 2]  # 3 energy now; +3 not twice
    ask = fx.answer(state, 2)
    fx.answer(state, "minor")
    ask = fx.answer(state, "Drought")
    # Call Forth Predators: once this Spirit phase, 1 presence may become beasts, for good
    assert ask.kind == "replace_presence" and ask.options == ["A8", fx.DONE]
    assert fx.answer(state, "A8") is None
    assert presence(state) == {"A8": 1} and state["lands"]["A8"]["beasts"] == 1
    assert state["seats"][0].get("destroyed", 0) == 0  # it left the game


def test_ally_of_the_beasts_presence_goes_with_gathered_beasts():
    state = bare("Sharp Fangs Behind the Leaves")
    state["lands"]["A8"]["beasts"] = 1
    run(state, [{"do": "gather", "n": 1, "kinds": ["beasts"]}], ["yes"],
        land="A7", source="Too Near the Jungle")
    assert presence(state) == {"A8": 1, "A7": 1} and state["lands"]["A7"]["beasts"] == 1


# --- Grinning Trickster Stirs Up Trouble ------------------------------------------------------------


def test_grinning_trickster_setup_highest_dahan_land_and_land_four():
    state = seated("Grinning Trickster Stirs Up Trouble")  # dahan in A2, A3, A6, A7
    assert presence(state) == {"A7": 1, "A4": 1}


def test_grinning_trickster_tracks_any_element_and_the_push_space():
    state = seated("Grinning Trickster Stirs Up Trouble")
    values = shown(state, 3, 3)  # 1, Moon, 2, any | 2, push dahan, 3, 3
    assert values["energy"] == 2 and values["elements"] == {"moon": 1}
    assert values["any"] == 1 and values["card_plays"] == 3
    values = shown(state, 5, 6)
    assert values["energy"] == 3 and values["card_plays"] == 5
    assert values["elements"] == {"moon": 1, "fire": 1, "air": 1}


def test_grinning_trickster_growth_options_one_by_one():
    state = bare("Grinning Trickster Stirs Up Trouble")
    row = state["seats"][0]
    row.update(energy=1, discard=[row["hand"].pop()])
    option(state, 0, [["A7", "A8"]])  # -1 energy, reclaim all, move a presence 1
    assert row["energy"] == 0 and not row["discard"] and presence(state) == {"A8": 1, "A4": 1}
    option(state, 1, ["energy", "A1"])  # presence within 2 (A4 -> A1)
    option(state, 2, ["minor", "Drought"])
    row["tracks"]["card_plays"] = 2  # 2, push, 3 showing: 3 card plays
    option(state, 3)
    assert row["energy"] == 3 and "Drought" in row["hand"]


def test_grinning_trickster_pushes_a_dahan_in_the_spirit_phase_once_the_space_shows():
    """The seed's example of a Spirit-phase action changing the island (L986): the uncovered
    track space pushes 1 dahan from one of its lands, once a turn, in Growth."""
    state = bare("Grinning Trickster Stirs Up Trouble")
    state["lands"]["A7"]["dahan"] = [0, 0]
    state["seats"][0]["energy"] = 0
    growth(state, [3, 2, "minor", "Drought"])  # space covered: no push offered
    assert len(state["lands"]["A7"]["dahan"]) == 2
    state["seats"][0]["tracks"]["card_plays"] = 1
    growth(state, [3, 2, "minor", "Delusions of Danger", "yes", ["dahan", "A5"]])
    assert state["lands"]["A7"]["dahan"] == [0] and state["lands"]["A5"]["dahan"] == [0]


def test_a_real_flair_for_discord_and_cleaning_up_messes_is_a_drag():
    state = bare("Grinning Trickster Stirs Up Trouble")
    state["lands"]["A7"]["town"] = [0]
    state["lands"]["A7"]["strife"]["town"] = [0]
    state["lands"]["A8"]["explorer"] = [0]
    state["lands"]["A8"]["strife"]["explorer"] = [0]
    state["seats"][0]["energy"] = 2
    run(state, [{"do": "add", "kind": "strife"}], ["A8"], land="A7", source="Incite the Mob")
    assert state["lands"]["A7"]["strife"]["town"] == [1]
    assert state["lands"]["A8"]["strife"]["explorer"] == [1] and state["seats"][0]["energy"] == 1
    state["lands"]["A4"]["blight"] = 1
    run(state, [{"do": "remove", "n": 1, "kinds": ["blight"]}], [["A4", TRICKSTER]],
        land="A4", source="Overenthusiastic Arson")
    assert sum(presence(state).values()) == 1


# --- Lure of the Deep Wilderness --------------------------------------------------------------------


def test_lure_of_the_deep_wilderness_setup():
    state = seated("Lure of the Deep Wilderness")
    assert presence(state) == {"A8": 2, "A7": 1} and state["lands"]["A8"]["beasts"] == 1


def test_lure_of_the_deep_wilderness_tracks():
    state = seated("Lure of the Deep Wilderness")
    values = shown(state, 3, 2)  # 1, 2, Moon, 3+Plant | 1, 2, Animal
    assert values["energy"] == 3 and values["card_plays"] == 2
    assert values["elements"] == {"moon": 1, "plant": 1, "animal": 1}
    values = shown(state, 5, 5)
    assert values["energy"] == 5 and values["card_plays"] == 5 and values["reclaim_one"]
    assert values["elements"] == {"moon": 1, "plant": 1, "air": 1, "animal": 1}


def test_lure_growth_options_one_by_one():
    state = bare("Lure of the Deep Wilderness")
    row = state["seats"][0]
    row.update(energy=0, discard=[row["hand"].pop()])
    option(state, 0)
    assert row["energy"] == 1 and not row["discard"]
    fx.push(state, sp.SPIRITS[LURE]["growth"]["options"][1], {"seat": 0, "source": "growth"})
    fx.run(state)
    ask = fx.answer(state, "energy")  # within 4, inland only
    assert sorted(ask.options) == ["A4", "A5", "A6", "A7", "A8"]
    fx.answer(state, "A4")
    option(state, 2, [2])  # Moon, Air or Plant: Plant; +2 energy
    assert row["elements"] == {"plant": 1} and row["energy"] == 3
    option(state, 3, ["minor", "Drought"])
    assert "Drought" in row["hand"]


def test_lure_picks_one_of_the_first_two_and_one_of_the_last_two():
    state = bare("Lure of the Deep Wilderness")
    fx.push(state, sp.growth_effect(LURE), {"seat": 0, "source": "growth"})
    assert fx.run(state).options == [0, 1]
    assert fx.answer(state, 0).options == [2, 3]
    fx.answer(state, 2)
    assert fx.answer(state, 0) is None  # Moon; no third pick


def test_home_of_the_islands_heart_and_enthrall_the_foreign_explorers():
    state = bare("Lure of the Deep Wilderness")
    state["lands"]["A5"]["presence"][LURE] = 1  # next to the coastal A1
    fx.push(state, [{"do": "add_presence", "range": 1}], {"seat": 0, "source": "Gift of the Untamed Wild"})
    fx.run(state)
    ask = fx.answer(state, "energy")
    assert not {"A1", "A2", "A3"} & set(ask.options)
    fx.answer(state, "A5")
    # 2 presence in A5: up to 4 explorers there take no part in its ravage; the 5th does
    state["lands"]["A5"]["explorer"] = [0] * 5
    hooks.fire(state, "invader_phase")
    inv.ravage(state, "A5")
    assert state["lands"]["A5"]["blight"] == 0  # 1 damage: no blight


# --- Shroud of Silent Mist --------------------------------------------------------------------------


def test_shroud_of_silent_mist_setup_highest_wetland_and_mountain():
    assert presence(seated("Shroud of Silent Mist")) == {"A5": 1, "A6": 1}
    assert presence(seated("Shroud of Silent Mist", boards="B")) == {"B6": 1, "B7": 1}


def test_shroud_of_silent_mist_tracks():
    state = seated("Shroud of Silent Mist")
    values = shown(state, 0, 0)
    assert values["energy"] == 0 and values["card_plays"] == 1
    values = shown(state, 4, 7)
    assert values["energy"] == 2 and values["card_plays"] == 5 and values["reclaim_one"]
    assert values["elements"] == {"water": 1, "air": 1, "moon": 1}


def test_shroud_growth_options_one_by_one():
    state = bare("Shroud of Silent Mist")
    row = state["seats"][0]
    row.update(energy=0, discard=[row["hand"].pop()])
    option(state, 0, ["minor", "Delusions of Danger"])  # reclaim all, a card (no Fire: +1)
    assert not row["discard"] and row["energy"] == 1
    fx.push(state, sp.SPIRITS[SHROUD]["growth"]["options"][1], {"seat": 0, "source": "growth"})
    fx.run(state)
    ask = fx.answer(state, "energy")
    assert sorted(ask.options) == ["A5", "A6"]  # range 0: where it is
    ask = fx.answer(state, "A5")
    fx.answer(state, "energy")
    fx.answer(state, "A6")
    assert presence(state) == {"A5": 2, "A6": 2}
    fx.push(state, sp.SPIRITS[SHROUD]["growth"]["options"][2], {"seat": 0, "source": "growth"})
    fx.run(state)
    fx.answer(state, "minor")
    ask = fx.answer(state, "Drought")  # Fire: no energy; a 2nd card this turn anyway
    assert row["energy"] == 1
    ask = fx.answer(state, "card_plays")  # within 3: a Mountain or Wetland only
    assert sorted(ask.options) == ["A1", "A2", "A5", "A6"]


def test_shroud_move_presence_space_once_a_turn_in_growth():
    state = bare("Shroud of Silent Mist")
    state["seats"][0]["tracks"]["card_plays"] = 2
    growth(state, [0, "minor", "Drought", ["A6", "A8"]])
    assert presence(state) == {"A5": 1, "A8": 1}


def test_mists_shift_and_flow_can_meet_a_from_sacred_site_requirement():
    """FAQ (L1237-L1241): the gather may be made to meet "from a Sacred Site"."""
    state = bare("Shroud of Silent Mist")
    state["lands"]["A8"]["town"] = [0]
    step = {"do": "target_land", "range": 1, "from": "sacred_site", "where": {"invaders": True}}
    fx.push(state, [step, {"do": "add", "kind": "wilds"}], {"seat": 0, "source": "Unnerving Pall"})
    ask = fx.run(state)
    assert ask.kind == "mists_shift" and ["A6", "A5"] in ask.options
    assert fx.answer(state, ["A6", "A5"]) is None  # A5 a sacred site next to A8: the target
    assert presence(state) == {"A5": 2} and state["lands"]["A8"]["wilds"] == 1


def test_mists_shift_needs_a_power_that_targets_an_innate_below_threshold_does_not():
    """FAQ (L1109-L1115): an Innate whose threshold is not met neither targets nor is used,
    so it offers no Mists Shift move."""
    state = bare("Shroud of Silent Mist")
    assert pw.innate_effect(state, 0, "Suffocating Shroud") == []
    state["seats"][0]["elements"] = {"moon": 1, "air": 2, "water": 1}
    effect = pw.innate_effect(state, 0, "Suffocating Shroud")
    assert effect[0]["do"] == "target_land"


def test_gather_power_from_the_cool_and_dark_once_a_turn():
    state = bare("Shroud of Silent Mist")
    run(state, [{"do": "gain_card", "kind": "minor"}], ["Drought"])  # Fire: nothing
    assert state["seats"][0]["energy"] == 0
    run(state, [{"do": "gain_card", "kind": "minor"}], ["Delusions of Danger"])
    run(state, [{"do": "gain_card", "kind": "minor"}], ["Drift down into Slumber"])
    assert state["seats"][0]["energy"] == 1


def _silent(lands):
    """Shroud's presence in `lands` (and A5, A6), a damaged town in each, a damaged town
    and dahan in A5, and a damaged town in A1 where Shroud is not."""
    state = bare("Shroud of Silent Mist")
    for name in lands:
        state["lands"][name]["presence"][SHROUD] = 1
    for name in [*lands, "A1"]:
        state["lands"][name]["town"] = [1]
    state["lands"]["A5"]["dahan"] = [1]
    return state


def test_slow_and_silent_death_no_healing_and_a_fear_per_damaged_land():
    state = _silent(["A5"])
    earned = state["fear"]["earned"]
    turn.time_passes(state)
    assert state["lands"]["A5"]["town"] == [1] and state["lands"]["A5"]["dahan"] == [1]
    assert state["lands"]["A1"]["town"] == [0]  # not Shroud's land: healed
    assert state["fear"]["earned"] - earned == 1 and state["seats"][0]["energy"] == 0
    assert state["kept_damage"] == ["A5"]


def test_slow_and_silent_death_energy_per_three_lands_and_at_most_five_fear():
    state = _silent(["A2", "A3", "A4", "A5", "A7", "A8"])  # 6 lands of Shroud's, all hurt
    earned = state["fear"]["earned"]
    turn.time_passes(state)
    assert state["fear"]["earned"] - earned == 5
    assert state["seats"][0]["energy"] == 2
    state = _silent(["A5", "A7"])  # A6 is Shroud's too, undamaged: 2 lands
    turn.time_passes(state)
    assert state["seats"][0]["energy"] == 0


# --- Stone's Unyielding Defiance ------------------------------------------------------------------------


def test_stones_unyielding_defiance_setup():
    state = seated("Stone's Unyielding Defiance")  # lowest Mountain without dahan: A1
    assert presence(state) == {"A1": 1, "A4": 1}  # then a blighted neighbour: A4


def test_stones_unyielding_defiance_tracks_and_any_element_space():
    state = seated("Stone's Unyielding Defiance")
    values = shown(state, 1, 2)  # 2, 3 | 1, Earth, Earth
    assert values["energy"] == 3 and values["card_plays"] == 1
    assert values["elements"] == {"earth": 2}
    values = shown(state, 6, 5)
    assert values["energy"] == 6 and values["card_plays"] == 2 and values["reclaim_one"]
    assert values["elements"] == {"earth": 5}
    state["seats"][0]["tracks"].update(energy=0, card_plays=4)
    run(state, [{"do": "track_action", "key": "any_element",
                 "then": [{"do": "choose_elements", "n": 1}]}], ["water"])
    assert state["seats"][0]["elements"] == {"water": 1}


def test_stone_growth_options_one_by_one():
    state = bare("Stone's Unyielding Defiance")
    row = state["seats"][0]
    row.update(energy=0, discard=[row["hand"].pop()])
    fx.push(state, sp.SPIRITS[STONE]["growth"]["options"][0], {"seat": 0, "source": "growth"})
    fx.run(state)
    ask = fx.answer(state, "card_plays")  # within 3: a Mountain or a land with its presence
    assert sorted(ask.options) == ["A1", "A4", "A6"]
    fx.answer(state, "A6")
    assert not row["discard"] and row["elements"] == {"earth": 2}
    option(state, 1, ["energy", "A3"])  # within 2, +3 energy
    assert row["energy"] == 3
    option(state, 2, ["minor", "Drought", "energy", "A2"])  # a card, presence within 1
    assert presence(state) == {"A1": 1, "A4": 1, "A6": 1, "A3": 1, "A2": 1}


def test_deep_layers_exposed_a_minor_the_first_time_a_card_play_space_shows():
    state = bare("Stone's Unyielding Defiance")
    row = state["seats"][0]
    row["tracks"]["energy"] = 1  # the next energy presence uncovers the first "+1 card play"
    growth(state, [1, "energy", "A5", "Drought"])
    assert row["card_plays_bonus"] == 1 and "Drought" in row["hand"]
    row.pop("card_plays_bonus")
    growth(state, [1, "card_plays", "A5"])
    assert row["card_plays_bonus"] == 1 and row["hand"].count("Drought") == 1


def _stone_and_a_friend():
    state = bare("Stone's Unyielding Defiance", "Shroud of Silent Mist", boards="AB")
    state["lands"]["A1"]["presence"][SHROUD] = 1
    return state


def test_bestow_the_endurance_of_bedrock_no_presence_lost_no_cascade():
    state = _stone_and_a_friend()
    state["lands"]["A1"]["presence"][STONE] = 2
    state["lands"]["A1"]["blight"] = 1
    assert inv.add_blight(state, "A1") == ["A1"]  # 2 blight, not more than 2 presence
    assert state["lands"]["A1"]["presence"] == {STONE: 2, SHROUD: 1}
    assert not state.get("turn_marks", {}).get("A1", {}).get("no_cascade")  # one addition only


def test_bestow_the_endurance_of_bedrock_fails_once_blight_outnumbers_presence():
    state = _stone_and_a_friend()
    state["lands"]["A1"]["blight"] = 1  # Stone has 1 presence in A1
    chain = inv.add_blight(state, "A1")
    assert len(chain) == 2 and chain[0] == "A1"  # 2 blight > 1 presence: it cascades
    assert state["lands"]["A1"]["presence"] == {}


def test_bestow_the_endurance_of_bedrock_in_a_cascade_and_a_ravage():
    state = _stone_and_a_friend()
    state["lands"]["A2"]["blight"] = 1
    assert inv.add_blight(state, "A2", ["A1"]) == ["A2", "A1"]  # stops in Stone's land
    assert state["lands"]["A1"]["presence"] == {STONE: 1, SHROUD: 1}
    state["lands"]["A4"]["town"] = [0]  # 2 damage: blight, Stone's presence stays
    inv.ravage(state, "A4")
    assert state["lands"]["A4"]["blight"] == 1 and presence(state)["A4"] == 1
    state["lands"]["A6"]["town"] = [0]  # not Stone's land: as usual
    state["lands"]["A6"]["presence"][SHROUD] = 1
    inv.ravage(state, "A6")
    assert SHROUD not in state["lands"]["A6"]["presence"]


def _bulwark(earth, plant=0):
    state = _stone_and_a_friend()
    state["seats"][0].update(energy=2, elements={"earth": earth, "plant": plant})
    effect = pw.innate_effect(state, 0, "Hold the Island Fast with a Bulwark of Will")
    fx.push(state, effect, {"seat": 0, "source": "Hold the Island Fast with a Bulwark of Will"})
    answer_exactly(state, [])
    return state


def test_bulwark_of_will_top_tier_saves_presence_an_event_destroys_for_one_energy():
    state = _bulwark(6, 1)
    lose = [{"do": "lose_presence", "n": 2, "anyone": True, "here": True}]
    fx.push(state, lose, {"seat": None, "land": "A1", "source": "Dissolution Threatens"})
    answer_exactly(state, [["A1", SHROUD], "yes", ["A1", STONE], "no"])
    assert state["lands"]["A1"]["presence"] == {SHROUD: 1}
    assert state["seats"][0]["energy"] == 1 and state["seats"][0]["destroyed"] == 1


def test_bulwark_of_will_top_tier_also_for_a_paid_destroy_not_for_blight():
    """FAQ (L1243-L1247): also when destroying presence is a paid or optional choice; not
    presence destroyed by an added blight."""
    state = _bulwark(6, 1)
    fx.push(state, [{"do": "lose_presence", "n": 1}],  # Shroud pays an event's cost
            {"seat": 1, "source": "Dissolution Threatens"})
    answer_exactly(state, [["A1", SHROUD], "yes"])
    assert state["lands"]["A1"]["presence"][SHROUD] == 1
    state["lands"]["A5"]["presence"][SHROUD] = 1
    inv.add_blight(state, "A5")  # no question: blight is not an event destroying presence
    assert SHROUD not in state["lands"]["A5"]["presence"]


def test_bulwark_of_will_below_the_top_tier_asks_nothing():
    state = _bulwark(4)
    fx.push(state, [{"do": "lose_presence", "n": 1, "anyone": True, "here": True}],
            {"seat": None, "land": "A1", "source": "Dissolution Threatens"})
    answer_exactly(state, [["A1", SHROUD]])
    assert SHROUD not in state["lands"]["A1"]["presence"]


def test_let_them_break_themselves_second_level_adds_to_the_same_return_damage():
    """FAQ (L1245): level 2 changes level 1's triggered action, so in a land with 1 badlands
    only that one return damage gains 1."""
    state = bare("Stone's Unyielding Defiance")
    land = state["lands"]["A1"]
    land.update(city=[0, 0, 0], badlands=1)
    land["strife"]["city"] = [0, 0, 0]
    state["seats"][0]["elements"] = {"earth": 5}
    effect = pw.innate_effect(state, 0, "Let Them Break Themselves Against the Stone")
    fx.push(state, effect, {"seat": 0, "source": "Let Them Break Themselves Against the Stone"})
    answer_exactly(state, ["A1"])
    inv.ravage(state, "A1")  # 9 damage to the land: 2 + 4 + 1 badlands = 7 back
    answer_exactly(state, [])
    assert land["city"] == [1]


def test_stubborn_solidity_keeps_the_dahan_from_moving():
    """FAQ (L707-L709): the dahan of the land cannot be moved (Rituals of Terror)."""
    state = bare("Stone's Unyielding Defiance")
    state["lands"]["A1"]["dahan"] = [0, 0]
    run(state, [{"do": "solid_dahan"}], land="A1", source="Stubborn Solidity")
    run(state, [{"do": "push", "n": 2, "kinds": ["dahan"]}], land="A1", source="an event")
    assert state["lands"]["A1"]["dahan"] == [0, 0]


# --- Vengeance as a Burning Plague: the players' plague builds ----------------------------------------


@pytest.mark.parametrize(("pick", "built", "disease", "fear"), [("A7", "town", 1, 1), (fx.DONE, None, 0, 0)])
def test_the_terror_of_a_slowly_unfolding_plague_is_the_players_choice(pick, built, disease, fear):
    state = seated("Vengeance as a Burning Plague")
    for land in state["lands"].values():
        land.update(explorer=[], town=[], city=[], disease=0)
    state["lands"]["A7"].update(explorer=[0], disease=1)
    state["lands"]["A6"].update(explorer=[0])  # no disease: not asked
    state["track"]["build"] = ["1:sands"]
    earned = state["fear"]["earned"]
    hooks.fire(state, "after_ravage_step")
    ask = fx.run(state)
    assert ask.kind == "plague_build" and ask.options == ["A7", fx.DONE]
    assert fx.answer(state, pick) is None
    assert inv.build_in(state, "A7") == built
    hooks.fire(state, "after_build", built={})
    assert state["lands"]["A7"]["disease"] == disease
    assert state["fear"]["earned"] - earned == fear


# --- aspects --------------------------------------------------------------------------------------


def test_coverage_lists_the_six_aspects_as_missing():
    data = coverage.report("")
    assert data["aspects"]["total"] == 6 and data["aspects"]["encoded"] == 0
    assert data["aspects"]["missing"] == ["Reach", "Wind", "Sunshine", "Resilience", "Madness",
                                          "Pandemonium"]
    assert {r["state"] for r in data["aspects"]["items"]} == {"missing"}
    assert {k: data[k]["total"] for k in coverage.KINDS} == {"spirits": 20, "innates": 39,
                                                             "cards": 247}


def test_mists_shift_and_flow_can_meet_a_from_terrain_requirement():
    """FAQ (L1237-L1241): the gather may be made to meet "from [terrain]" too."""
    state = bare("Shroud of Silent Mist")
    state["lands"]["A1"]["town"] = [0]
    step = {"do": "target_land", "range": 0, "from": "presence", "origin": {"terrain": ["mountain"]},
            "where": {"invaders": True}}
    fx.push(state, [step, {"do": "add", "kind": "wilds"}], {"seat": 0, "source": "Unnerving Pall"})
    ask = fx.run(state)
    assert ask.kind == "mists_shift" and ["A5", "A1"] in ask.options
    assert fx.answer(state, ["A5", "A1"]) is None
    assert presence(state) == {"A1": 1, "A6": 1} and state["lands"]["A1"]["wilds"] == 1


def test_bulwark_of_will_saves_presence_destroyed_to_keep_blight_away():
    """FAQ (L1083): presence destroyed by choice so that blight is not added can be saved."""
    state = _bulwark(6, 1)
    protect = {"do": "protect_board", "costs": [{"destroy_presence": 1}],
               "then": [{"do": "add", "kind": "blight"}]}
    fx.push(state, [protect], {"seat": None, "land": "A5", "board": "A", "source": "an event"})
    answer_exactly(state, [0, ["A1", SHROUD], "yes"])
    assert state["lands"]["A1"]["presence"] == {STONE: 1, SHROUD: 1}
    assert state["lands"]["A5"]["blight"] == 0 and state["seats"][0]["energy"] == 1


def test_why_dont_you_and_them_fight_may_be_slow_at_three_moon():
    """The innate's 3 Moon tier: this Fast power may be used in the Slow phase instead."""
    name = "Why Don't You and Them Fight"
    state = bare("Grinning Trickster Stirs Up Trouble")
    state["lands"]["A7"]["town"] = [0]
    state["seats"][0]["elements"] = {"moon": 2, "air": 3}
    turn.start_powers(state, "fast")
    assert pw.INNATES[name]["speed"] == "fast" and not sva.may_be_slow(state, 0, name)
    assert name in turn.unresolved(state, 0)
    assert [sva.SLOW_BY_ITSELF, name] not in turn.unresolved(state, 0)
    state["seats"][0]["elements"] = {"moon": 3, "air": 3}
    options = turn.unresolved(state, 0)
    assert [sva.SLOW_BY_ITSELF, name] in options and name in options
    assert [sva.SLOW_BY_ITSELF, "Let's See What Happens"] not in options
    turn.resolve(state, 0, [sva.SLOW_BY_ITSELF, name])
    assert name not in turn.unresolved(state, 0)  # kept: not a Fast power to use now
    turn.start_powers(state, "slow")
    assert turn.unresolved(state, 0) == [name]


def _darting(land="A5", stone=True):
    """Shroud (board A: A5, A6) and Stone (board B) with Flowing and Silent Forms Dart By
    played in `land`; with `stone`, Stone's presence there too."""
    state = bare("Shroud of Silent Mist", "Stone's Unyielding Defiance", boards="AB")
    if stone:
        state["lands"][land]["presence"][STONE] = 1
    card = pw.CARDS["Flowing and Silent Forms Dart By"]
    fx.push(state, card["effect"], {"seat": 0, "land": land, "source": "Flowing and Silent Forms Dart By"})
    answer_exactly(state, [])  # no invaders, no other spirit next door
    return state


def test_flowing_and_silent_forms_presence_blight_would_destroy_may_be_pushed():
    """FAQ (L1083, L1261): the card saves presence from destruction, by pushing it."""
    state = _darting("A5", stone=False)
    fx.push(state, [{"do": "add", "kind": "blight"}], {"seat": None, "land": "A5", "source": "an event"})
    answer_exactly(state, ["A7"])  # Shroud pushes its presence instead
    assert presence(state) == {"A6": 1, "A7": 1} and state["lands"]["A5"]["blight"] == 1
    state["lands"]["A5"]["presence"][SHROUD] = 1
    inv.add_blight(state, "A5", ["A4"])  # a ravage's blight: the owner may let it go
    answer_exactly(state, [fx.DONE])
    assert presence(state) == {"A6": 1, "A7": 1} and state["lands"]["A4"]["blight"] == 1
    fx.push(state, [{"do": "add", "kind": "blight"}], {"seat": None, "land": "A6", "source": "an event"})
    answer_exactly(state, [])  # A6 is not the card's land: destroyed, nothing asked
    assert presence(state) == {"A7": 1}


def test_flowing_and_silent_forms_also_for_presence_destroyed_to_keep_blight_away():
    state = _darting("A5")
    protect = {"do": "protect_board", "costs": [{"destroy_presence": 1}],
               "then": [{"do": "add", "kind": "blight"}]}
    fx.push(state, [protect], {"seat": None, "land": "A5", "board": "A", "source": "an event"})
    answer_exactly(state, [0, ["A5", SHROUD], "A8"])
    assert presence(state) == {"A6": 1, "A8": 1} and state["lands"]["A5"]["blight"] == 0
    assert state["seats"][0].get("destroyed", 0) == 0
    fx.push(state, [{"do": "lose_presence", "n": 1}], {"seat": 0, "source": "Overenthusiastic Arson"})
    answer_exactly(state, [["A6", SHROUD]])  # not in the card's land: destroyed
    assert presence(state) == {"A8": 1}


def test_flowing_and_silent_forms_not_where_bedrock_already_spares_the_presence():
    state = _darting("A5")
    state["lands"]["A5"]["presence"][STONE] = 2
    state["lands"]["A5"]["blight"] = 1
    assert inv.add_blight(state, "A5") == ["A5"]  # nothing to push: nothing destroyed
    assert fx.run(state) is None
    assert state["lands"]["A5"]["presence"] == {SHROUD: 1, STONE: 2}
