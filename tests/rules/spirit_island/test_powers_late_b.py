"""Sky Stretches to Shore, Unlock the Gates of Deepest Power, Settle Into Hunting-Grounds and
Voice of Command (power_rules_b.py), on hand-built positions; each expected result is worked
out from what the card does.

Lightning's Swift Strike is seat 0 (a sacred site in A5, an inland land next to A1 A4 A6 A7
A8), River Surges in Sunlight seat 1 (board B).
"""

from __future__ import annotations

from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import powers as pw
from rules.spirit_island import turn
from tests.rules.spirit_island.helpers import answer_exactly
from tests.rules.spirit_island.test_powers_decks_bc_je import position

SKY = "Sky Stretches to Shore"
UNLOCK = "Unlock the Gates of Deepest Power"
SETTLE = "Settle Into Hunting-Grounds"
VOICE = "Voice of Command"
NIGHTMARES = "Terrifying Nightmares"  # cost 4, Fast, 2 fear; with 4 moon, 4 fear more
EACH_2 = {e: 2 for e in turn.ELEMENTS}


def play(state, name, answers=(), seat=0):
    fx.push(state, pw.card_effect(name), {"seat": seat, "source": name})
    answer_exactly(state, answers)


def run(state, steps, answers=(), seat=0, land=None):
    fx.push(state, steps, {"seat": seat, "source": "test", "land": land})
    answer_exactly(state, answers)


def fast_phase(state, played):
    """The Fast phase with River (seat 1) having played `played`."""
    state["seats"][1]["played"] = list(played)
    turn.start_powers(state, "fast")


# --- Sky Stretches to Shore ---------------------------------------------------------------------


def test_sky_stretches_to_shore_lets_a_fast_power_wait_for_the_slow_phase():
    state = position()
    fast_phase(state, ["Flash Floods", "Wash Away"])  # Fast and Slow
    # before the card: Flash Floods must be used now, Wash Away waits
    assert "Flash Floods" in turn.unresolved(state, 1)
    assert ["as_slow", "Flash Floods"] not in turn.unresolved(state, 1)
    play(state, SKY, [1])  # on River
    options = turn.unresolved(state, 1)
    assert "Wash Away" in options  # the Slow power may now be Fast...
    assert ["as_slow", "Flash Floods"] in options  # ...or the Fast one Slow
    turn.act(state, 1, "resolve", ["as_slow", "Flash Floods"])
    # the one change is spent: nothing is left for River in the Fast phase
    assert turn.unresolved(state, 1) == []
    turn.start_powers(state, "slow")
    assert set(turn.unresolved(state, 1)) >= {"Flash Floods", "Wash Away"}
    assert turn.seat_speed(state, 1, "Flash Floods") == "slow"


def test_sky_stretches_to_shore_one_change_only_slow_used_as_fast_spends_it():
    state = position()
    fast_phase(state, ["Flash Floods", "Wash Away"])
    play(state, SKY, [1])
    state["phase"] = "fast"
    turn.resolve(state, 1, "Wash Away")  # Slow used as Fast
    while (ask := fx.pending(state)) is not None:
        fx.answer(state, ask.options[0])
    assert ["as_slow", "Flash Floods"] not in turn.unresolved(state, 1)
    assert turn.unresolved(state, 1) == ["Flash Floods"]


def test_sky_stretches_to_shore_adds_3_range_to_coastal_lands_only():
    reach = [{"do": "target_land", "range": 0}]
    before = position()
    fx.push(before, reach, {"seat": 0, "source": "test"})
    assert fx.run(before) is None and before["queue"] == []  # A5 only: taken at once
    state = position()
    play(state, SKY, [0])  # on itself
    fx.push(state, reach, {"seat": 0, "source": "test"})
    ask = fx.run(state)
    # A1-A3 are coastal and within 3 of A5; A4 is next to A5 but inland: still out of reach
    assert {"A5", "A1", "A2", "A3"} <= set(ask.options)
    assert not {"A4", "A6", "A7", "A8"} & set(ask.options)
    fx.answer(state, "A2")
    assert state["seats"][0]["coastal_range"] == 3


def test_sky_stretches_to_shore_lasts_this_turn():
    state = position()
    play(state, SKY, [0])
    turn.time_passes(state)
    row = state["seats"][0]
    assert not row.get("coastal_range") and not row.get("speed_swaps")


# --- Unlock the Gates of Deepest Power ---------------------------------------------------------------


def test_unlock_the_gates_plays_the_kept_major_for_half_its_cost_thresholds_met():
    state = position(el=EACH_2, energy=2, majors=[NIGHTMARES, "Pillar of Living Flame"])
    state["phase"] = "fast"
    state["seats"][0]["powers"] = []
    play(state, UNLOCK, [0, NIGHTMARES, "half"])
    row = state["seats"][0]
    assert row["energy"] == 0  # half of 4
    assert NIGHTMARES in row["played"] and NIGHTMARES in row["powers"]
    assert row["elements"]["moon"] == 3  # its elements count (3 moon: short of its 4)
    assert state["power_discard"]["major"] == ["Pillar of Living Flame"]
    assert len(row["hand"]) == len(position()["seats"][0]["hand"])  # nothing forgotten
    turn.resolve(state, 0, NIGHTMARES)
    fx.answer(state, "A5")
    assert state["fear"]["earned"] == 2 + 4  # the 4 moon threshold counts as met


def test_unlock_the_gates_without_the_threshold_the_card_is_only_kept():
    state = position(el={"moon": 2}, energy=9, majors=[NIGHTMARES, "Pillar of Living Flame"])
    play(state, UNLOCK, [0, NIGHTMARES])
    row = state["seats"][0]
    assert NIGHTMARES in row["hand"] and row["energy"] == 9


def test_unlock_the_gates_may_play_it_for_free_and_forget_it_at_the_end_of_turn():
    state = position(el=EACH_2, energy=1, majors=[NIGHTMARES, "Pillar of Living Flame"])
    state["phase"] = "fast"
    state["seats"][0]["powers"] = []
    fx.push(state, pw.card_effect(UNLOCK), {"seat": 0, "source": UNLOCK})
    ask = fx.run(state)
    ask = fx.answer(state, 0)
    ask = fx.answer(state, NIGHTMARES)
    assert ask.kind == "unlock_play" and ask.options == ["forget", "no"]  # 2 energy short
    fx.answer(state, "forget")
    row = state["seats"][0]
    assert row["energy"] == 1 and NIGHTMARES in row["played"]
    turn.time_passes(state)
    fx.run(state)
    assert NIGHTMARES not in row["hand"] + row["played"] + row["discard"]


# --- Settle Into Hunting-Grounds ----------------------------------------------------------------


def test_settle_into_hunting_grounds_presence_counts_as_badlands_against_invaders():
    state = position(at={"A5": {"town": 1, "explorer": 1}})  # 2 presence in A5
    play(state, SETTLE)  # no threshold: only the lasting part
    run(state, [{"do": "damage", "n": 1}], land="A5")  # 1 + 2 badlands: 3 health destroyed
    assert state["lands"]["A5"]["town"] == [] and state["lands"]["A5"]["explorer"] == []


def test_settle_into_hunting_grounds_not_as_badlands_against_the_dahan():
    state = position(at={"A5": {"explorer": 1, "dahan": 2}})
    play(state, SETTLE)
    inv.ravage(state, "A5")
    land = state["lands"]["A5"]
    # the explorer's 1 damage hurts one dahan only; the dahan's 4 (+2) destroy the explorer
    assert sorted(land["dahan"]) == [0, 1] and land["explorer"] == []


def test_settle_into_hunting_grounds_presence_counts_as_beasts_for_powers():
    step = [{"do": "target_land", "range": 1, "where": {"has": ["beasts"]}}]
    before = position()
    fx.push(before, step, {"seat": 0, "source": "test"})
    fx.run(before)
    assert before["queue"] == [] and "ask" not in before  # no land with beasts: no target
    state = position()
    play(state, SETTLE)
    ctx = {"seat": 0, "source": "test"}
    fx.push(state, [*step, {"do": "per", "count": {"kind": "beasts"},
                            "then": {"do": "fear"}}], ctx)
    fx.run(state)
    assert state["fear"]["earned"] == 2  # A5 targeted; its 2 presence count as 2 beasts
    assert state["lands"]["A5"]["beasts"] == 0  # no real beasts were added


def test_settle_into_hunting_grounds_presence_is_no_beasts_to_destroy_and_cannot_move():
    state = position(river={"A5": 1})
    play(state, SETTLE)
    run(state, [{"do": "destroy", "n": "all", "kinds": ["beasts"]}], land="A5")
    assert state["lands"]["A5"]["presence"][pw.LIGHTNING] == 2
    run(state, [{"do": "move_presence", "n": 1, "range": 1}])  # nothing of its may move
    assert state["lands"]["A5"]["presence"] == {pw.LIGHTNING: 2, pw.RIVER: 1}
    fx.push(state, [{"do": "move_presence", "n": 1, "range": 1}], {"seat": 1, "source": "test"})
    ask = fx.run(state)
    assert ["A5", "A1"] in ask.options  # another spirit's presence still moves


def test_settle_into_hunting_grounds_lasts_this_turn_and_threshold_hits_a_land():
    state = position(el={"plant": 2, "animal": 3}, at={"A5": {"town": 1}})
    play(state, SETTLE)  # threshold: 2 fear and 2 damage in A5 (its only land), +2 badlands
    assert state["fear"]["earned"] == 2 + 1  # the town destroyed: 1 fear more
    assert state["lands"]["A5"]["town"] == []
    turn.time_passes(state)
    state["lands"]["A5"]["town"] = [0]
    run(state, [{"do": "damage", "n": 1}], land="A5")
    assert state["lands"]["A5"]["town"] == [1]  # no badlands any more


# --- Voice of Command -------------------------------------------------------------------------------


def test_voice_of_command_explorers_defend_with_the_dahan_in_the_ravage():
    state = position(at={"A5": {"explorer": 4, "city": 1}})
    run(state, [{"do": "defend", "n": 2}, {"do": "fight_alongside"}], land="A5")
    inv.ravage(state, "A5")
    land = state["lands"]["A5"]
    # the city's 3 less defend 2: 1 damage to the land (no blight) and 1 explorer destroyed;
    # the 3 others deal 3 to the city at once
    assert len(land["explorer"]) == 3 and land["city"] == [] and land["blight"] == 0


def test_voice_of_command_explorers_take_the_damage_before_the_dahan():
    state = position(at={"A5": {"explorer": 2, "town": 1, "dahan": 1}})
    plain = position(at={"A5": {"explorer": 2, "town": 1, "dahan": 1}})
    run(state, [{"do": "fight_alongside"}], land="A5")
    inv.ravage(state, "A5")
    inv.ravage(plain, "A5")
    land = state["lands"]["A5"]
    # the town's 2 destroy both explorers (as many as possible); the dahan strike the town
    assert land["explorer"] == [] and land["dahan"] == [0] and land["town"] == []
    assert land["blight"] == 1
    # without the card: 4 damage, the dahan die and nothing strikes back
    assert plain["lands"]["A5"]["dahan"] == [] and len(plain["lands"]["A5"]["explorer"]) == 2


def test_voice_of_command_the_card_damages_towns_defends_and_lasts_the_turn():
    state = position(at={"A5": {"explorer": 1, "town": 2, "dahan": 1}})
    play(state, VOICE)  # 2 damage (1 dahan, 1 explorer) to towns/cities only
    land = state["lands"]["A5"]
    assert land["explorer"] == [0] and len(land["town"]) == 1 and land["dahan"] == [0]
    assert fx.turn_marks(state, "A5")["defend"] == 2
    inv.ravage(state, "A5")  # the town's 2 less defend 2: nothing; 2 + 1 back: town gone
    assert land["town"] == [] and land["explorer"] == [0] and land["dahan"] == [0]
    turn.time_passes(state)
    assert not fx.turn_marks(state, "A5").get("alongside")


def test_sky_stretches_to_shore_option_reads_in_english_and_korean():
    from rules.spirit_island import notation

    action = {"type": "resolve", "option": ["as_slow", "Flash Floods"]}
    assert notation.format_action(action) == "use as Slow Flash Floods"
    assert notation.format_action(action, "ko") == "사용 느린 능력으로 Flash Floods"
    assert notation.parse("사용 느린 능력으로 Flash Floods", [action]) == action


def test_voice_of_command_with_words_of_warning_the_fallen_explorers_strike_too():
    def ravaged(together):
        state = position(at={"A5": {"explorer": 2, "city": 1, "dahan": 1}})
        run(state, [{"do": "fight_alongside"}], land="A5")
        if together:
            run(state, [{"do": "dahan_strike_with"}], land="A5")
        inv.ravage(state, "A5")
        return state["lands"]["A5"]

    # the city's 3: both explorers destroyed, 1 damage on the dahan
    alone = ravaged(False)
    assert alone["explorer"] == [] and alone["dahan"] == [1]
    assert alone["city"] == [2]  # the dahan's 2 back: the city stands
    warned = ravaged(True)
    assert warned["explorer"] == [] and warned["dahan"] == [1]
    assert warned["city"] == []  # 2 + 1 + 1 at the same time as the city's damage


def test_settle_into_hunting_grounds_does_not_stack_with_many_minds_sacred_sites():
    from tests.rules.spirit_island.test_spirits import game

    minds = "Many Minds Move as One"
    state = game(minds, boards="A", clear=True)
    for land in state["lands"].values():
        land["presence"].clear()
    state["lands"]["A5"]["presence"][minds] = 2  # a sacred site: Many Minds counts 1 beasts
    count = [{"do": "per_a", "count": {"kinds": ["beasts"]}, "then": {"do": "fear"}}]
    run(state, count, land="A5")
    assert state["fear"]["earned"] == 1
    run(state, [{"do": "settle_in"}])
    run(state, count, land="A5")
    assert state["fear"]["earned"] == 1 + 2  # 2 presence: 2 beasts, not 3


def test_voice_of_command_explorers_sitting_out_the_ravage_neither_fight_nor_fall():
    from rules.spirit_island import tokens as tok

    state = position(at={"A5": {"explorer": 3, "town": 1}})
    run(state, [{"do": "fight_alongside"}], land="A5")
    tok.sit_out(state, "A5", "explorer", 1)
    inv.ravage(state, "A5")
    land = state["lands"]["A5"]
    # the town's 2 destroy the 2 explorers in the fight; nobody is left to strike back
    assert land["explorer"] == [0] and land["town"] == [0]


def test_settle_into_hunting_grounds_stops_shrouds_mists_moving_its_presence():
    from tests.rules.spirit_island.test_spirits import game

    shroud = "Shroud of Silent Mist"
    reach_a1 = [{"do": "target_land", "range": 0, "where": {"terrain": ["mountain"]}}]

    def shroud_in_a5():
        state = game(shroud, boards="A", clear=True)
        for land in state["lands"].values():
            land["presence"].clear()
        state["lands"]["A5"]["presence"][shroud] = 1
        return state

    free = shroud_in_a5()
    fx.push(free, reach_a1, {"seat": 0, "source": "test"})
    assert fx.run(free).kind == "mists_shift"  # it could move its presence to reach a Mountain
    settled = shroud_in_a5()
    run(settled, [{"do": "settle_in"}])
    fx.push(settled, reach_a1, {"seat": 0, "source": "test"})
    assert fx.run(settled) is None  # no move offered: nothing in reach, the power does nothing
    assert settled["lands"]["A5"]["presence"] == {shroud: 1}


def test_settle_into_hunting_grounds_presence_is_not_pushed_by_an_event():
    push = [{"do": "event_move", "mode": "push", "kinds": ["presence"], "n": 1}]
    free = position()
    fx.push(free, push, {"seat": 0, "source": "test", "land": "A5"})
    assert fx.run(free).kind == "push"
    state = position()
    play(state, SETTLE)
    run(state, push, land="A5")
    assert state["lands"]["A5"]["presence"] == {pw.LIGHTNING: 2}
