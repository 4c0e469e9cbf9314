"""The notation spec's worked example (section 7): every ledger row and the oracle output."""

from __future__ import annotations

import json

from rules.terra_mystica.__main__ import main
from rules.terra_mystica.gamefile import replay_text, summary
from tests.rules.terra_mystica.helpers import fs

HEADER = """# Example: 2-player game, original map, no randomisation
option strict-leech
option strict-darkling-sh
option strict-chaosmagician-sh
option errata-cultist-power
score SCORE5,SCORE8,SCORE6,SCORE2,SCORE3,SCORE7
delete BON4
delete BON6
delete BON8
delete BON9

setup witches
setup nomads

# Initial dwellings: witches, nomads, nomads, witches, then the Nomads' third
witches: build F4
nomads: build F3
nomads: build G4
witches: build E9
nomads: build A5

# Bonus tiles, reverse order
nomads: pass BON1
witches: pass BON2

# Round 1 (income is automatic)
"""

# (line, acting faction, VP, C, W, P, "I/II/III") from the spec's ledger table.
ROUND1 = [
    ("witches: upgrade F4 to TP", 20, 16, 4, 0, "5/7/0"),
    ("nomads: leech 1 from witches", 20, 17, 6, 0, "4/8/0"),
    ("nomads: upgrade F3 to TP", 20, 14, 4, 0, "4/8/0"),
    ("witches: leech 2 from nomads", 19, 16, 4, 0, "3/9/0"),
    ("witches: action BON2. +FIRE", 19, 16, 4, 0, "3/9/0"),
    ("nomads: action BON1. build E6", 22, 12, 3, 0, "4/8/0"),
    ("witches: decline 2 from nomads", 19, 16, 4, 0, "3/9/0"),
    ("witches: burn 4. action ACT5. build F6", 21, 14, 3, 0, "7/1/0"),
    ("nomads: burn 3. action ACT2", 22, 12, 3, 1, "7/2/0"),
    ("witches: upgrade F4 to TE. +FAV11", 21, 9, 1, 0, "7/1/0"),
    ("nomads: leech 3 from witches", 20, 12, 3, 1, "4/5/0"),
    ("nomads: send p to WATER for 3", 20, 12, 3, 0, "3/6/0"),
    ("witches: pass BON7", 21, 10, 1, 0, "7/1/0"),
    ("nomads: convert 1W to 1C. pass BON2", 20, 13, 2, 0, "3/6/0"),
]

REST = """witches: pass BON1
nomads: pass BON3
witches: pass BON5
nomads: pass BON7
witches: pass BON3
nomads: pass BON1
witches: pass BON2
nomads: pass BON5
witches: pass
nomads: pass
"""


def _row(out: dict, name: str) -> tuple:
    f = out["factions"][name]
    return f["VP"], f["C"], f["W"], f["P"], f"{f['P1']}/{f['P2']}/{f['P3']}"


def test_every_ledger_row_of_round_one() -> None:
    text = HEADER
    for i, (line, *expected) in enumerate(ROUND1):
        text += line + "\n"
        rep = replay_text(text)
        assert rep.error is None, rep.error
        name = line.split(":")[0]
        st = rep.state
        f = st["factions"][name]
        got = (f["VP"], f["C"], f["W"], f["P"], f"{f['P1']}/{f['P2']}/{f['P3']}")
        if i == len(ROUND1) - 1:
            break  # the last pass already paid round-2 income; checked below
        assert got == tuple(expected), line


def test_round_two_starts_with_the_oracle_numbers() -> None:
    out = summary(replay_text(HEADER + "\n".join(r[0] for r in ROUND1) + "\n"))
    assert out["error"] is None and out["round"] == 2 and not out["finished"]
    assert _row(out, "nomads") == (20, 19, 6, 0, "2/7/0")
    assert _row(out, "witches") == (21, 10, 5, 1, "7/1/0")


def test_full_game_final_scores(tmp_path, capsys) -> None:
    path = tmp_path / "game.txt"
    path.write_text(HEADER + "\n".join(r[0] for r in ROUND1) + "\n" + REST)
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] is True and out["round"] == 6 and out["error"] is None
    assert _row(out, "nomads") == (80, 2, 0, 0, "7/0/0")
    assert _row(out, "witches") == (74, 1, 0, 0, "6/0/0")


def test_final_breakdown_matches_the_ledger() -> None:
    rep = replay_text(HEADER + "\n".join(r[0] for r in ROUND1) + "\n" + REST)
    br = rep.state["final"]["breakdown"]
    assert (br["witches"]["fire"], br["witches"]["air"], br["witches"]["network"]) == (6, 8, 15)
    assert (br["nomads"]["water"], br["nomads"]["earth"], br["nomads"]["network"]) == (8, 6, 15)
    assert br["witches"]["water"] == 0 and br["nomads"]["air"] == 0


def test_replay_stops_at_the_first_illegal_line() -> None:
    text = HEADER + "witches: upgrade F4 to TP\nwitches: upgrade F4 to TE\n"
    out = summary(replay_text(text))
    assert out["error"]["line"] == text.count("\n")
    assert out["error"]["key"] == "terra_mystica.multiple_actions"


PROFILE_B = """player p1
player p2
# Default game options
 option strict-leech
 option strict-darkling-sh
 option strict-chaosmagician-sh
 option errata-cultist-power

# Randomize setup
randomize v2 seed testgame
setup witches
setup nomads
witches: build F4
nomads: build F3
nomads: build G4
witches: build E9
nomads: build A5
nomads: pass BON1
witches: pass BON2
witches: upgrade F4 to TP
nomads: leech 1 from witches
"""


def test_randomized_header_profile_b() -> None:
    rep = replay_text(PROFILE_B)
    assert rep.error is None, rep.error
    st = rep.state
    assert st["scoring"] == ["SCORE1", "SCORE8", "SCORE6", "SCORE5", "SCORE3", "SCORE7"]
    assert st["bonus_in_play"] == ["BON1", "BON2", "BON4", "BON8", "BON9"]
    assert replay_text(PROFILE_B.replace("randomize v2 seed testgame", "randomize v2 seed x")
                       ).state["scoring"] != st["scoring"]


def test_done_lets_the_last_faction_in_play_chain_turns() -> None:
    two_turns = "nomads: dig 1. transform E6{}\nnomads: dig 1. transform F5\n"
    head = HEADER + "witches: pass BON7\n"
    rep = replay_text(head + two_turns.format(". done"))
    assert rep.error is None, rep.error
    assert rep.state["terrain"]["E6"] == rep.state["terrain"]["F5"] == "yellow"
    # without `done` too: after a transform a dig is a new full action (spec 3.0: only a
    # transform or a build may follow a transform), which starts the next turn
    plain = replay_text(head + two_turns.format(""))
    assert plain.error is None, plain.error
    assert plain.state["terrain"] == rep.state["terrain"]
    assert fs(plain.state, "nomads") == fs(rep.state, "nomads")
    # a second full action of another kind is refused while others still play
    early = HEADER + "witches: upgrade F4 to TP\nwitches: dig 1. transform F6\n"
    assert replay_text(early).error["key"] == "terra_mystica.multiple_actions"
