"""The turn and effects side of the other modules' rules (the requests the blight, event,
spirit, deck and invader modules left for turn.py, effects.py and state.py), each on a
hand-built position or a short scripted turn."""

from __future__ import annotations

import pytest

from rules.spirit_island import SpiritIsland, blight, event_rules, turn
from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import pieces as pcs
from rules.spirit_island import power_verbs as pv
from rules.spirit_island import powers as pw
from rules.spirit_island import spirit_rules as sr
from rules.spirit_island import spirit_rules_memory as memory
from rules.spirit_island import spirit_rules_time as time_rules
from rules.spirit_island import view as vw
from rules.spirit_island.state import POWER_SETS, new_game
from tests.rules.spirit_island.test_spirits import OCEAN, RIVER, THUNDER, game, play

ENGINE = SpiritIsland()


def put(state, land, **pieces):
    for kind, n in pieces.items():
        if kind in ("blight", *pcs.LAND_TOKENS):
            state["lands"][land][kind] = n
        else:
            state["lands"][land][kind] = [0] * n


# --- setup -----------------------------------------------------------------------------------------


def test_the_blight_card_is_watched_from_setup_on():
    state = new_game(1, seed=3, events=False)
    assert blight.RULE in state["rules"]
    assert state["blight_seen"] == [state["blight_card"]["name"], "healthy"]


def test_power_decks_hold_every_card_of_the_sets_in_play():
    every = new_game(1, seed=2)
    decks = every["secret"]["minor_deck"] + every["secret"]["major_deck"]
    cards = {n: pw.CARDS[n] for n in decks}
    assert {c["set"] for c in cards.values()} == set(POWER_SETS)
    assert every["left_out"] == []  # every card is encoded now
    assert len(decks) == sum(1 for c in pw.CARDS.values() if c["deck"] in ("minor", "major"))
    base = new_game(1, seed=2, decks=["base"])
    assert {pw.CARDS[n]["set"] for n in base["secret"]["minor_deck"]} == {"base"}
    assert len(base["secret"]["major_deck"]) == 22  # the base game's Major Powers


def test_a_card_marked_not_modelled_is_left_out_and_named_in_the_first_report(monkeypatch):
    name = "Cast down into the Briny Deep"  # a Branch & Claw major
    monkeypatch.setitem(pw.CARDS, name, {**pw.CARDS[name], "not_modelled": "for this test"})
    state = ENGINE.setup({"decks": ["branch_and_claw"]}, 1, seed=5)
    assert state["left_out"] == [name]
    assert name not in state["secret"]["major_deck"] + state["secret"]["minor_deck"]
    decision = ENGINE.decisions(state)[0]
    _, events = ENGINE.apply(state, decision.seat, decision.choices[0].action)
    assert events[0].key == "spirit_island.left_out"
    assert name in events[0].params["cards"]


def test_with_nothing_left_out_the_first_report_says_nothing_of_it():
    state = ENGINE.setup({"decks": ["branch_and_claw"]}, 1, seed=5)
    decision = ENGINE.decisions(state)[0]
    _, events = ENGINE.apply(state, decision.seat, decision.choices[0].action)
    assert all(e.key != "spirit_island.left_out" for e in events)


def test_a_spirit_placing_all_its_presence_at_setup_does_not_lose_at_once():
    state = ENGINE.setup({"spirits": ["Volcano Looming High"]}, 1, seed=1)
    assert state["phase"] != "over" and not state.get("outcome")


# --- the Spirit phase ---------------------------------------------------------------------------


def test_permanent_elements_count_every_turn():
    state = game(RIVER, clear=True)
    state["seats"][0]["permanent_elements"] = {"earth": 2}
    play(state, [{"do": "track_elements"}])
    assert state["seats"][0]["elements"]["earth"] == 2


def test_energy_per_turn_lowers_the_track_energy_but_not_below_none():
    state = game(RIVER, clear=True)
    row = state["seats"][0]
    row.update(energy=0, energy_per_turn=-1)
    play(state, [{"do": "track_energy"}])
    assert row["energy"] == 0  # River's first space shows 1
    row["energy_per_turn"] = -5
    play(state, [{"do": "track_energy"}])
    assert row["energy"] == 0


def test_track_actions_are_offered_once_as_optional(monkeypatch):
    state = game(RIVER, clear=True)
    monkeypatch.setattr(memory, "track_actions", lambda state, seat: [[{"do": "energy", "n": 3}]])
    before = state["seats"][0]["energy"]
    play(state, [{"do": "track_actions"}], answers=["yes"])
    assert state["seats"][0]["energy"] == before + 3
    play(state, [{"do": "track_actions"}], answers=["no"])
    assert state["seats"][0]["energy"] == before + 3


# --- speed -------------------------------------------------------------------------------------------


def test_an_event_making_all_powers_slow_holds_a_fast_card_until_the_slow_phase():
    state = game(RIVER, clear=True)
    assert turn.seat_speed(state, 0, "Boon of Vigor") == "fast"
    event_rules.add_mod(state, {"mod": "all_slow", "seat": 0})
    assert turn.seat_speed(state, 0, "Boon of Vigor") == "slow"
    row = state["seats"][0]
    row["played"], row["powers"] = ["Boon of Vigor"], ["Boon of Vigor"]
    state["phase"] = "fast"
    assert turn.unresolved(state, 0) == []
    state["phase"] = "slow"
    assert turn.unresolved(state, 0) == ["Boon of Vigor"]


def test_an_innate_fast_by_its_own_tier_uses_no_slow_as_fast_allowance():
    state = game(THUNDER, clear=True)
    row = state["seats"][0]
    row["elements"] = {"air": 4}
    turn.used_slow_as_fast(state, 0, "Gather the Warriors")
    assert row.get("slow_used_fast", 0) == 0
    row["elements"] = {"animal": 1}
    turn.used_slow_as_fast(state, 0, "Gather the Warriors")
    assert row["slow_used_fast"] == 1


def test_scour_the_land_is_fast_at_3_air_by_itself():
    state = game(RIVER, clear=True)
    row = state["seats"][0]
    row["elements"] = {"air": 2}
    assert not pw.may_be_fast(state, 0, "Scour the Land")
    row["elements"] = {"air": 3}
    assert pw.may_be_fast(state, 0, "Scour the Land")
    turn.used_slow_as_fast(state, 0, "Scour the Land")
    assert row.get("slow_used_fast", 0) == 0 and "not_modelled" not in pw.CARDS["Scour the Land"]


def test_dry_wood_explodes_pays_1_energy_to_be_fast():
    name = "Dry Wood Explodes In Smoldering Splinters"
    state = game(RIVER, clear=True)
    row = state["seats"][0]
    row["energy"] = 0
    assert not pw.may_be_fast(state, 0, name)
    row["energy"] = 2
    assert pw.may_be_fast(state, 0, name)
    turn.used_slow_as_fast(state, 0, name)
    assert row["energy"] == 1 and row.get("slow_used_fast", 0) == 0
    assert "not_modelled" not in pw.CARDS[name]


def test_a_played_dry_wood_is_offered_in_the_fast_phase_and_paid_for():
    name = "Dry Wood Explodes In Smoldering Splinters"
    state = ENGINE.setup({"spirits": ["River Surges in Sunlight"]}, 1, seed=2)
    row = state["seats"][0]
    row.update(played=[name], powers=[name], energy=1, passed=False, ready=True)
    state["phase"] = "fast"
    assert turn.unresolved(state, 0) == [name, fx.DONE]
    turn.resolve(state, 0, name)
    assert row["energy"] == 0 and name in row["used"]


# --- presence ---------------------------------------------------------------------------------------


def test_destroyed_presence_is_a_source_only_where_the_effect_allows_it():
    state = game(RIVER, clear=True)
    state["seats"][0]["destroyed"] = 1
    assert fx.presence_sources(state, 0) == ["energy", "card_plays"]
    assert fx.presence_sources(state, 0, destroyed=True) == ["energy", "card_plays", "destroyed"]
    assert fx.presence_sources(state, 0, from_track=False) == ["destroyed"]
    fx.push(state, [{"do": "add_presence", "range": 1}], {"seat": 0, "source": "growth"})
    assert fx.run(state).options == ["energy", "card_plays"]


# --- conditions and damage -----------------------------------------------------------------------


@pytest.mark.parametrize(("side", "blighted"), [
    ("healthy", False), (pcs.STILL_HEALTHY, False), (pcs.BLIGHTED, True)])
def test_blighted_island_is_the_blighted_side_only(side, blighted):
    state = game(RIVER, clear=True)
    state["blight_card"]["side"] = side
    assert fx.check(state, {"blighted_island": True}, {"seat": 0}) == blighted


def test_damage_each_adds_the_badlands_damage_once():
    state = game(RIVER, clear=True)
    put(state, "A5", city=1, town=2, explorer=1, badlands=1)
    fx.push(state, [{"do": "damage_each", "n": 1}], {"seat": 0, "land": "A5"})
    ask = fx.run(state)
    assert ask.kind == "damage" and ask.options == ["town", "city"]  # the explorer is gone
    assert fx.answer(state, "town") is None  # the 1 more is the badlands' only
    land = state["lands"]["A5"]
    assert (land["city"], land["town"], land["explorer"]) == ([1], [1], [])


def test_damage_each_without_badlands_asks_nothing_more():
    state = game(RIVER, clear=True)
    put(state, "A5", town=1)
    fx.push(state, [{"do": "damage_each", "n": 1}], {"seat": 0, "land": "A5"})
    assert fx.run(state) is None and state["lands"]["A5"]["town"] == [1]


def test_ocean_in_play_makes_the_ocean_a_coastal_wetland_for_conditions():
    from tests.rules.spirit_island.test_powers import ocean_game

    state = ocean_game()
    assert sr.oceans_in_play(state) == ["A0"]
    ctx = {"seat": 0, "land": "A0"}
    assert fx.check(state, {"land": {"coastal": True, "terrain": ["wetland"]}}, ctx)
    assert not fx.check(state, {"land": {"inland": True}}, ctx)
    assert fx.check(state, {"land": {"ocean": True}}, ctx)
    state["lands"]["A0"]["presence"].clear()
    state["lands"]["A2"]["presence"].clear()
    state["lands"]["A5"]["presence"][OCEAN] = 1  # not on board A's coast any more: still A
    assert fx.check(state, {"land": {"coastal": True}}, ctx)
    state["lands"]["A5"]["presence"].clear()
    assert not fx.check(state, {"land": {"coastal": True}}, ctx)


def test_drowning_a_piece_that_is_not_destroyed_pays_ocean_nothing(monkeypatch):
    from tests.rules.spirit_island.test_powers import ocean_game

    state = ocean_game()
    put(state, "A0", town=1)
    land, row = state["lands"]["A0"], state["seats"][0]
    energy = row["energy"]
    monkeypatch.setattr(pcs, "destroy", lambda *a, **k: False)
    pv._drown_piece(state, land, "town")
    assert row["energy"] == energy and land["town"] == [0]
    monkeypatch.undo()
    pv._drown_piece(state, land, "town")  # 1 player: the town's 2 health give 2 energy
    assert row["energy"] == energy + 2 and land["town"] == []


# --- the Invader phase and time passes ---------------------------------------------------------------


def test_the_explore_reveals_through_invaders_reveal(monkeypatch):
    state = new_game(1, seed=4, events=False)
    seen = []
    monkeypatch.setattr(inv, "reveal", lambda s: seen.append(True) or None)
    turn._explore(state)
    assert seen == [True] and not state["queue"]


def test_pour_time_sideways_repeats_or_drops_a_ravage(monkeypatch):
    state = new_game(1, seed=4, events=False)
    state["track"]["ravage"] = ["1:mountain"]
    lands = inv.matching_lands(state, "1:mountain")
    monkeypatch.setattr(time_rules, "invader_repeats", lambda s, land: 2)
    turn._ravage(state)
    assert [f["step"]["land"] for f in state["queue"]] == [x for land in lands for x in (land, land)]
    state["queue"] = []
    monkeypatch.setattr(time_rules, "invader_repeats", lambda s, land: 0)
    turn._ravage(state)
    assert state["queue"] == []


def test_unquenchable_flames_keeps_the_invaders_damaged_past_the_turn():
    state = game(RIVER, clear=True)
    put(state, "A5", town=1)
    put(state, "A6", town=1)
    state["lands"]["A5"]["town"] = [1]
    state["lands"]["A6"]["town"] = [1]
    fx.push(state, [{"do": "no_heal"}], {"seat": 0, "land": "A5"})
    fx.run(state)
    turn.time_passes(state)
    assert state["lands"]["A5"]["town"] == [1] and state["lands"]["A6"]["town"] == [0]
    before = {**state, "turn": 1, "phase": "time"}
    from rules.spirit_island.checks import problems

    healed = "damage left after time passed"
    assert healed not in problems(before, {**state, "turn": 2, "phase": "spirit"})
    state["lands"]["A6"]["town"] = [1]
    assert healed in problems(before, {**state, "turn": 2, "phase": "spirit"})
    assert "not_modelled" not in pw.CARDS["Unquenchable Flames"]
    assert {"do": "no_heal"} in pw.CARDS["Unquenchable Flames"]["effect"]


def test_end_of_turn_effects_run_after_time_passes_before_the_next_turn():
    state = ENGINE.setup({"spirits": ["Starlight Seeks Its Form"]}, 1, seed=3)
    fear = state["fear"]["earned"]
    state["seats"][0]["end_of_turn"] = [[{"do": "fear", "n": 1}]]
    state.update(phase="time", queue=[])
    turn.advance(state)
    assert state["fear"]["earned"] == fear + 1 and state["turn"] == 2
    assert "end_of_turn" not in state["seats"][0]


def test_markers_are_offered_before_a_power_and_end_with_it(monkeypatch):
    state = ENGINE.setup({"spirits": ["River Surges in Sunlight"]}, 1, seed=2)
    row = state["seats"][0]
    row.update(played=["Boon of Vigor"], powers=["Boon of Vigor"], markers={"sun": 1},
               passed=False)
    ended = []
    monkeypatch.setattr(memory, "end_action", lambda s, seat: ended.append(seat))
    state["phase"] = "fast"
    turn.resolve(state, 0, "Boon of Vigor")
    assert fx.pending(state).kind == "spend_marker"
    assert not ended
    ask = fx.answer(state, fx.DONE)
    while ask is not None:
        ask = fx.answer(state, ask.options[0])
    assert ended == [0]


def test_the_view_leaves_out_an_action_s_bookkeeping():
    state = new_game(1, seed=1)
    state.update(action={"id": 3}, actions=4, build_card="2:jungle", destroy_all=True)
    view = vw.build_view(state, 0)
    assert not {"action", "actions", "build_card", "destroy_all"} & set(view)
    assert "lands" in view
    state["fear"]["face_up"] = "Scapegoats"  # Study the Invaders' Fears: shown to everyone
    assert vw.build_view(state, None)["fear"]["face_up"] == "Scapegoats"


# --- coverage (issue 13) ------------------------------------------------------------------------------


def test_the_coverage_command_counts_every_spirit_innate_and_card(capsys):
    import json

    from rules.spirit_island import coverage
    from rules.spirit_island.__main__ import main

    assert main(["coverage", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {k: data[k]["total"] for k in coverage.KINDS} == {
        "spirits": 20, "innates": 39, "cards": 247}
    marked = sorted(n for n, c in pw.CARDS.items() if c.get("not_modelled"))
    assert sorted(data["not_modelled"]) == marked
    assert data["cards"]["encoded"] == 247 - len(marked) - len(data["missing"])
    rows = {r["name"]: r for r in data["items"]}
    assert rows["Unquenchable Flames"] == {"kind": "cards", "name": "Unquenchable Flames",
                                           "state": "encoded", "tested": True}
    assert all(r["tested"] == (r["name"] not in data["untested"]) for r in rows.values())


def test_coverage_counts_a_name_as_tested_only_when_a_test_writes_it():
    from rules.spirit_island import coverage

    sources = 'CARD = "Scour the Land"\n'
    data = coverage.report(sources)
    tested = [r["name"] for r in data["items"] if r["tested"]]
    assert tested == ["Scour the Land"]
    assert data["cards"]["tested"] == 1 and data["spirits"]["tested"] == 0
    assert not coverage.named("Scour the", sources)


def test_entrap_the_forces_of_corruption_stops_the_cascade_this_turn():
    state = game(RIVER, clear=True)
    state["lands"]["A5"]["blight"] = 1
    fx.push(state, [{"do": "no_cascade"}], {"seat": 0, "land": "A5"})
    fx.run(state)
    assert inv.add_blight(state, "A5") == ["A5"] and state["lands"]["A5"]["blight"] == 2
    turn.time_passes(state)
    assert len(inv.add_blight(state, "A5")) == 2  # the next turn it cascades again
    card = pw.CARDS["Entrap The Forces Of Corruption"]
    assert "not_modelled" not in card and {"do": "no_cascade"} in card["effect"]


# --- the seat keys and module calls already wired (one short turn each) -------------------------------


def test_the_blight_card_s_spirit_phase_effect_runs_at_the_start_of_each_spirit_phase(monkeypatch):
    state = ENGINE.setup({"spirits": ["River Surges in Sunlight"]}, 1, seed=2)
    monkeypatch.setattr(blight, "spirit_phase_effect", lambda s: [{"do": "fear", "n": 2}])
    fear = state["fear"]["earned"]
    state.update(phase="time", queue=[])
    turn.advance(state)
    assert state["turn"] == 2 and state["fear"]["earned"] == fear + 2


def test_lesser_spirits_gifts_are_powers_every_turn():
    state = ENGINE.setup({"spirits": ["River Surges in Sunlight"]}, 1, seed=2)
    state["seats"][0]["lesser_spirits"] = ["Boon of Vigor"]
    turn.start_powers(state, "fast")
    assert "Boon of Vigor" in state["seats"][0]["powers"]
    assert "Boon of Vigor" in turn.unresolved(state, 0)


def test_time_passes_ends_the_powers_grants_of_the_turn():
    state = game(RIVER, clear=True)
    state["seats"][0].update(card_plays_bonus=1, repeats=[2], reclaim_at_end=1)
    turn.time_passes(state)
    assert not {"card_plays_bonus", "repeats", "reclaim_at_end"} & set(state["seats"][0])


def test_the_build_asks_skips_in_the_lands_build_targets_gives(monkeypatch):
    import rules.spirit_island.tokens as tok

    state = new_game(1, seed=4, events=False)
    monkeypatch.setattr(inv, "build_targets", lambda s, card: ["A2"])
    monkeypatch.setattr(tok, "skip_options", lambda s, land, action: land == "A2")
    fx.push(state, [{"do": "invader_card", "action": "build", "card": "1:jungle"}],
            {"seat": None})
    ask = fx.run(state)
    assert ask.kind == "skip" and state["queue"][0]["step"]["land"] == "A2"


def test_the_build_step_fires_after_ravage_step_first(monkeypatch):
    state = new_game(1, seed=4, events=False)
    fired = []
    monkeypatch.setattr(turn.hooks, "fire", lambda s, point, **kw: fired.append(point) or [])
    turn._build(state)
    assert fired == ["after_ravage_step"]


def test_bargains_of_power_and_protection_from_now_on():
    name = "Bargains of Power and Protection"
    assert "not_modelled" not in pw.CARDS[name]
    state = game(RIVER, clear=True)
    row = state["seats"][0]
    before = dict(row["tracks"])
    where = next(n for n, land in state["lands"].items() if land["presence"].get(RIVER))
    put(state, where, dahan=2)
    state["lands"][where]["presence"][RIVER] = 2  # one stays after the bargain
    play(state, [{"do": "target_land", "range": 0, "where": {"has": ["dahan"]}},
                 *pw.CARDS[name]["effect"]])  # one land only: nothing to ask
    assert state["lands"][where]["presence"][RIVER] == 1 and row["tracks"] == before
    assert row["dahan_defend"] == 1 and row["energy_per_turn"] == -1
    # the Ravage Step: Defend 1 per dahan in each land within 1 of the presence
    near = fx.within(state, [where], 1)
    beside = next(n for n in near if n != where)
    far = next(n for n in state["lands"] if n not in fx.within(state, [where], 1))
    put(state, beside, dahan=1)
    put(state, far, dahan=3)
    turn._dahan_defend(state)
    assert fx.turn_marks(state, where)["defend"] == 2
    assert fx.turn_marks(state, beside)["defend"] == 1
    assert "defend" not in fx.turn_marks(state, far)
    # with the threshold the presence comes from a track instead (uncovering its space)
    row["elements"] = {"sun": 3, "water": 2, "earth": 2}
    play(state, [{"do": "target_land", "range": 0, "where": {"has": ["dahan"]}},
                 *pw.CARDS[name]["effect"]], answers=["energy"])
    assert state["lands"][where]["presence"][RIVER] == 1
    assert row["tracks"]["energy"] == before["energy"] + 1
    assert row["dahan_defend"] == 2 and row["energy_per_turn"] == -2


def test_explorers_are_reluctant_2_adds_a_card_to_the_next_explore():
    state = new_game(1, seed=4, events=False)
    state["rules"].append("explorers_reluctant:2")
    deck = list(state["secret"]["deck"])
    turn._explore(state)
    assert [f["step"]["card"] for f in state["queue"]] == deck[:1]
    fx.run(state)
    state["rules"].remove("explorers_reluctant:2")  # the lasting rule ends with the turn
    turn._explore(state)
    assert [f["step"]["card"] for f in state["queue"]] == deck[1:3]
    assert fx.run(state) is None
    assert state["track"]["build"] == deck[1:3]
    turn._explore(state)  # and only once
    assert [f["step"]["card"] for f in state["queue"]] == deck[3:4]
