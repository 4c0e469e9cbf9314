"""Random legal games finish and keep the invariants; replays are deterministic."""

from __future__ import annotations

import json

import pytest

from rules import get_engine
from rules.core import Rng, dump_state, random_playout, replay
from rules.terra_mystica.factions import BUILDING_LIMITS
from rules.terra_mystica.gamefile import (
    LogWriter,
    family,
    first_due,
    pick_by_family,
    random_game,
    replay_text,
    summary,
)
from rules.terra_mystica.notation import commands_of
from rules.terra_mystica.power import total_tokens
from tests.rules.terra_mystica.helpers import E, fs, new_game, play, put, tweak

GAMES_PER_COUNT = 110  # x 4 player counts with plain random play
LONG_GAMES = 60  # play that rarely passes, to reach towns, sanctuaries, round 6


def check_invariants(before: dict, after: dict, seat: int, action: dict) -> None:
    for name, f in after["factions"].items():
        for key in ("VP", "C", "W", "P", "P1", "P2", "P3"):
            assert f[key] >= 0, (name, key)
        assert f["P"] + f["priests_out"] <= 7
        on_map = {k: 0 for k in BUILDING_LIMITS}
        for owner, kind in after["buildings"].values():
            if owner == name:
                on_map[kind] += 1
        assert on_map == f["built"]
        assert all(on_map[k] <= BUILDING_LIMITS[k] for k in on_map)
        if after["phase"] == "over" or name not in before["factions"]:
            continue
        burned = sum(c["n"] for c in commands_of(action) if c["type"] == "burn")
        mine = before["factions"][name]["seat"] == seat
        assert total_tokens(f) == total_tokens(before["factions"][name]) - (
            burned if mine else 0), (name, action)


def play_game(players: int, seed: int, pass_rate: int | None) -> tuple[dict, list]:
    """pass_rate None: rules.core.random_playout; else pass/drop only pass_rate % of the time
    and a kind of move is drawn before the move."""
    if pass_rate is None:
        prev: dict = {}

        def on_step(state, decision, choice, events):
            check_invariants(prev["s"], state, decision.seat, choice.action)
            prev["s"] = state

        prev["s"] = E.setup({"random_factions": True}, players, seed)
        return random_playout(E, {"random_factions": True}, players, seed, on_step=on_step)
    st = E.setup({"random_factions": True}, players, seed)
    rng = Rng(seed)
    log = []
    for _ in range(5000):
        if st["phase"] == "over":
            return st, log
        pending = [d for d in E.decisions(st) if d.choices]
        decision = rng.choice(pending)
        choices = decision.choices
        keep = [c for c in choices if not c.text.startswith(("pass", "-"))]
        if keep and rng.below(100) >= pass_rate:
            choices = keep
        choice = pick_by_family(rng, choices)
        new, _ = E.apply(st, decision.seat, choice.action)
        check_invariants(st, new, decision.seat, choice.action)
        log.append((decision.seat, choice.action))
        st = new
    raise AssertionError("game did not finish")


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_finish_with_a_result(players: int) -> None:
    for seed in range(GAMES_PER_COUNT):
        st, log = play_game(players, seed * 10 + players, None)
        result = E.result(st)
        assert result is not None and len(result.scores) == players
        assert st["round"] == 6 and st["phase"] == "over"
        assert result.scores[0].rank == 1


def test_long_random_games_reach_deep_features() -> None:
    seen = {"towns": 0, "SA": 0, "SH": 0, "bridges": 0, "favors": 0, "transform_to": 0,
            "convert": 0, "burn": 0}
    for seed in range(LONG_GAMES):
        st, log = play_game(2 + seed % 4, 1000 + seed, pass_rate=10)
        assert E.result(st) is not None
        for _, action in log:
            for kind in family(action):
                if kind in seen:
                    seen[kind] += 1
        for f in st["factions"].values():
            seen["towns"] += len(f["towns"])
            seen["SA"] += f["built"]["SA"]
            seen["SH"] += f["built"]["SH"]
            seen["favors"] += len(f["favors"])
        seen["bridges"] += len(st["bridges"])
    assert all(v > 0 for v in seen.values()), seen


def test_replay_is_deterministic_byte_for_byte() -> None:
    engine = get_engine("terra_mystica")
    for seed in (3, 4, 5):
        st, log = play_game(2 + seed % 4, seed, pass_rate=20)
        again = replay(engine, {"random_factions": True}, 2 + seed % 4, seed, log)
        assert dump_state(again) == dump_state(st)


def test_format_then_parse_round_trips_every_listed_choice() -> None:
    st = E.setup({"random_factions": True}, 4, 11)
    rng = Rng(11)
    seen = 0
    while st["phase"] != "over":
        decisions = [d for d in E.decisions(st) if d.choices]
        for d in decisions:
            for c in d.choices:
                text = E.format(st, c.action)
                assert text == c.text
                assert E.parse(st, d.seat, text) == c.action
                seen += 1
        d = rng.choice(decisions)
        st, _ = E.apply(st, d.seat, rng.choice(d.choices).action)
    assert seen > 1000


def test_export_import_keeps_the_state_and_its_future() -> None:
    st, log = play_game(3, 21, pass_rate=30)
    mid = E.setup({"random_factions": True}, 3, 21)
    for seat, action in log[: len(log) // 2]:
        mid, _ = E.apply(mid, seat, action)
    imported = json.loads(dump_state(mid))
    assert imported == mid
    a, b = mid, imported
    for seat, action in log[len(log) // 2:]:
        a, _ = E.apply(a, seat, action)
        b, _ = E.apply(b, seat, action)
    assert dump_state(a) == dump_state(b) == dump_state(st)


def test_apply_never_mutates_its_input() -> None:
    st = E.setup({"random_factions": True}, 3, 8)
    rng = Rng(8)
    for _ in range(150):
        if st["phase"] == "over":
            break
        d = rng.choice([d for d in E.decisions(st) if d.choices])
        frozen = dump_state(st)
        new, _ = E.apply(st, d.seat, rng.choice(d.choices).action)
        assert dump_state(st) == frozen
        st = new


@pytest.mark.parametrize("players", [2, 5])
def test_random_game_file_replays_to_the_same_numbers(players: int) -> None:
    for seed in range(8):
        st, text = random_game(players, seed)
        assert text.startswith("option strict-leech\n")
        rep = replay_text(text)
        assert rep.error is None, rep.error
        out = summary(rep)
        assert out["finished"] and out["round"] == 6
        for name, f in st["factions"].items():
            assert out["factions"][name]["VP"] == f["VP"]
            assert out["factions"][name]["cults"] == f["cults"]


def test_playouts_from_faction_choice() -> None:
    for seed in range(12):
        st, log = random_playout(E, {}, 2 + seed % 4, seed)
        assert E.result(st) is not None
        assert [a["type"] for _, a in log[: len(st["order"])]] == ["setup"] * len(st["order"])



def test_a_town_from_connect_is_no_action_so_no_done_follows() -> None:
    """A Mermaids' `connect` founds a town and its tile is taken before any action: the turn
    goes on, so the writer must not close it with `done` (the file failed: tm.must_act)."""
    st = new_game(["mermaids", "witches"], ["A4", "F4", "E9", "A11"])
    st = put(put(put(st, "mermaids", "E5", "SH"), "mermaids", "E4"), "mermaids", "G1", "TP")
    st = tweak(put(st, "mermaids", "H3"), "mermaids", W=10, C=20, P=1)
    st = play(st, "mermaids", "advance ship")
    st = play(st, "witches", "pass BON9")  # the Mermaids are left alone in the round
    writer = LogWriter()
    for text in ("connect r20", "+TW1", "upgrade E4 to TP", "pass BON3"):
        d = next(d for d in E.decisions(st) if d.kind in ("turn", "town"))
        ch = next(c for c in d.choices if c.text == text)
        after, _ = E.apply(st, d.seat, ch.action)
        writer.record(st, d, ch.action, after)
        st = after
    assert writer.lines[-2:] == ["mermaids: connect r20. +TW1. upgrade E4 to TP. done",
                                 "mermaids: pass BON3"]
    assert fs(st, "mermaids")["towns"] == ["TW1"]



def test_income_phase_spades_are_written_in_the_next_rounds_turn_order() -> None:
    """Spec 9.2: after the last pass, one line per faction holding spades, in the next
    round's turn order (the engine takes them in any order; the log must not)."""
    st = new_game(["witches", "halflings", "nomads"],
                  ["F4", "E6", "F3", "G4", "F7", "E9", "A5"],
                  scoring=["SCORE2", "SCORE3", "SCORE5", "SCORE6", "SCORE7", "SCORE8"])
    for name in ("witches", "halflings", "nomads"):
        st["factions"][name]["cults"]["EARTH"] = 4  # SCORE2: a spade per 4 EARTH
    for name in ("witches", "halflings", "nomads"):  # witches pass first: they start next
        st = play(st, name, f"pass {sorted(st['bonus_pool'])[-1]}")
    assert st["phase"] == "spades"
    written = []
    while st["phase"] == "spades":
        pending = [d for d in E.decisions(st) if d.choices]
        d = first_due(st, pending, LogWriter())
        assert d is not None and d.kind == "spades"
        written.append(st["seats"][d.seat]["faction"])
        st = play(st, written[-1], "-SPADE")
    assert written == ["witches", "halflings", "nomads"]
    assert st["round"] == 2 and st["turn_order"][0] == "witches"


def test_the_cultists_step_is_written_right_after_the_first_acceptance() -> None:
    """Spec 9.2: `cultists: +TRACK` follows the first accepted offer, before the others."""
    st = new_game(["cultists", "witches", "nomads"], ["E6", "F4", "F3", "G4", "E9", "F7", "A5"])
    st = tweak(st, "cultists", C=20)
    st = play(st, "cultists", "upgrade E6 to TP")  # offers to witches (F4) and nomads (F3)
    st = play(st, "witches", "leech 1 from cultists")
    pending = [d for d in E.decisions(st) if d.choices]
    assert {d.kind for d in pending} >= {"cult", "leech"}
    d = first_due(st, pending, LogWriter())
    assert d is not None and d.kind == "cult" and st["seats"][d.seat]["faction"] == "cultists"
