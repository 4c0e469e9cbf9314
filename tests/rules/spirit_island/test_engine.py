"""The Engine contract for Spirit Island: options, setup, decisions, apply, view, result."""

import pytest

from rules.core import RuleError, dump_state
from rules.spirit_island import SpiritIsland

ENGINE = SpiritIsland()


def first_move(state):
    decision = ENGINE.decisions(state)[0]
    return decision, decision.choices[0].action


def test_setup_seats_one_spirit_per_seat_and_starts_the_spirit_phase():
    state = ENGINE.setup({}, 2, seed=4)
    assert [s["spirit"] for s in state["seats"]] == ["River Surges in Sunlight",
                                                     "Vital Strength of the Earth"]
    assert state["boards"] == ["A", "B"] and state["turn"] == 1 and state["phase"] == "spirit"
    # everyone grows at once: one decision per seat
    assert sorted(d.seat for d in ENGINE.decisions(state)) == [0, 1]
    assert state["track"]["build"] and state["secret"]["deck"]  # the initial explore


def test_options_choose_spirits_by_english_or_korean_name_and_boards():
    state = ENGINE.setup({"spirits": ["Thunderspeaker", "번개처럼 빠른 일격"],
                          "boards": ["c", "E"]}, 2, seed=1)
    assert [s["spirit"] for s in state["seats"]] == ["Thunderspeaker",
                                                     "Lightning's Swift Strike"]
    assert state["boards"] == ["C", "E"]


@pytest.mark.parametrize(("options", "seats", "key"), [
    ({"spirits": ["Thunderspeaker"]}, 2, "spirit_island.err.spirits"),
    ({"spirits": ["Thunderspeaker", "Thunderspeaker"]}, 2, "spirit_island.err.spirits"),
    ({"boards": ["A", "G"]}, 2, "spirit_island.err.boards"),
    ({"thematic": True}, 1, "spirit_island.err.thematic"),
    ({"level": 9}, 1, "spirit_island.err.options"),
    ({}, 5, "spirit_island.err.seats"),
])
def test_bad_options_are_refused(options, seats, key):
    with pytest.raises(RuleError) as refusal:
        ENGINE.setup(options, seats, seed=1)
    assert refusal.value.key == key


def test_an_adversary_sets_its_rules_up():
    state = ENGINE.setup({"adversary": "england", "level": 2}, 1, seed=3)
    assert state["adversary"]["name"] == "England" and state["adversary"]["level"] == 2
    assert any(rule.startswith("england") for rule in state["rules"])


def test_apply_never_changes_its_input_and_refuses_out_of_turn():
    state = ENGINE.setup({}, 1, seed=2)
    before = dump_state(state)
    decision, action = first_move(state)
    new, _ = ENGINE.apply(state, decision.seat, action)
    assert dump_state(state) == before and dump_state(new) != before
    with pytest.raises(RuleError) as refusal:
        ENGINE.apply(state, 1, action)
    assert refusal.value.key == "spirit_island.err.not_your_turn"
    with pytest.raises(RuleError) as refusal:
        ENGINE.apply(state, 0, {"type": decision.kind, "option": "nowhere"})
    assert refusal.value.key == "spirit_island.err.illegal"


def test_a_seat_decision_keeps_its_key_while_another_seat_moves():
    state = ENGINE.setup({}, 2, seed=2)
    keys = {d.seat: d.key for d in ENGINE.decisions(state)}
    decision = next(d for d in ENGINE.decisions(state) if d.seat == 1)
    state, _ = ENGINE.apply(state, 1, decision.choices[0].action)
    after = {d.seat: d.key for d in ENGINE.decisions(state)}
    assert after[0] == keys[0] and after.get(1) != keys[1]


def test_the_view_hides_the_decks_orders_but_shows_their_sizes():
    state = ENGINE.setup({}, 2, seed=5)
    view = ENGINE.view(state, None)
    assert "secret" not in view
    assert view["decks"]["invader"] == len(state["secret"]["deck"])
    assert sum(view["decks"]["invader_stages"]) == len(state["secret"]["deck"])
    assert view["lands"] == state["lands"]  # the island is public
    assert view["blight_card"]["deck"] == len(state["blight_card"]["deck"])
    assert state["blight_card"]["side"] == "healthy" and view["blight_card"]["name"] is None


def test_a_finished_game_gives_every_seat_the_same_result():
    state = ENGINE.setup({}, 3, seed=5)
    state["outcome"], state["phase"] = "loss:blight", "over"
    result = ENGINE.result(state)
    assert [s.rank for s in result.scores] == [1, 1, 1]
    assert all(s.breakdown["defeat"] == 1 and s.breakdown["defeat_blight"] == 1
               for s in result.scores)
    state["outcome"] = "win"
    assert all(s.total == 1 and s.breakdown["victory"] == 1
               for s in ENGINE.result(state).scores)
    assert ENGINE.decisions(state) == []
    with pytest.raises(RuleError):
        ENGINE.apply(state, 0, {"type": "play", "option": "done"})


def test_events_name_what_happened():
    state = ENGINE.setup({}, 1, seed=8)
    seen = set()
    for _ in range(200):
        if ENGINE.result(state):
            break
        decision, action = first_move(state)
        state, events = ENGINE.apply(state, decision.seat, action)
        seen |= {e.key for e in events}
    assert {"spirit_island.turn", "spirit_island.explore", "spirit_island.build"} <= seen
    assert all(key in ENGINE.messages["en"] and key in ENGINE.messages["ko"] for key in seen)


def test_a_missed_deadline_plays_done_where_offered_else_the_first_choice():
    state = ENGINE.setup({}, 1, seed=2)
    (decision,) = ENGINE.decisions(state)
    assert decision.timeout == decision.choices[0]
    for _ in range(20):
        (decision,) = ENGINE.decisions(state)
        if decision.kind == "play":
            assert decision.timeout.action == {"type": "play", "option": "done"}
            return
        state, _ = ENGINE.apply(state, 0, decision.timeout.action)
    raise AssertionError("no card play was asked")
