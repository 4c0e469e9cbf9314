"""Game files with the expansion: random legal games on every map write a file whose replay
gives the same game; the header lines; site files keep ignoring `map`."""

from __future__ import annotations

import pytest

from rules.terra_mystica.__main__ import main
from rules.terra_mystica.gamefile import random_game, read_lines, replay_text
from tests.rules.terra_mystica.test_merchants_random import check

SAME = (
    "VP",
    "C",
    "W",
    "P",
    "P1",
    "P2",
    "P3",
    "ship",
    "ships",
    "markers",
    "dock",
    "shipyard",
    "cults",
    "favors",
    "towns",
)


@pytest.mark.parametrize(
    ("players", "seed", "map_id"),
    [
        (2, 1, "base"),
        (3, 2, "lakes"),
        (4, 3, "fjords"),
        (5, 4, "lakes"),
        (3, 5, "fjords"),
        (4, 6, "base"),
    ],
)
def test_random_merchants_games_replay_to_the_same_end(
    players: int, seed: int, map_id: str
) -> None:
    st, text = random_game(players, seed, pass_rate=10, options={"merchants": True, "map": map_id})
    assert st["phase"] == "over"
    check(st)
    rep = replay_text(text)
    assert rep.error is None, rep.error
    assert rep.state["phase"] == "over" and rep.state.get("map") == st.get("map")
    for name, fs in st["factions"].items():
        assert {k: fs[k] for k in SAME} == {k: rep.state["factions"][name][k] for k in SAME}
    assert rep.state["trades"] == st["trades"] and rep.state["buildings"] == st["buildings"]


def test_the_files_use_the_expansions_moves() -> None:
    texts = [random_game(4, seed, pass_rate=10, options={"merchants": True})[1] for seed in (3, 6)]
    body = "\n".join(texts)
    for word in ("dock ", "move ", "ship r", "pass BONM"):
        assert word in body, word


def test_header_lines() -> None:
    _, text = random_game(3, 2, pass_rate=10, options={"merchants": True, "map": "fjords"})
    head = text.split("\nsetup ")[0]
    assert "option merchants-of-the-seas" in head
    assert "map 2afadc63f4d81e850b7c16fb21a1dcd29658c392" in head
    assert "delete BON6" not in head  # not in the expansion's pool to begin with
    game = read_lines(text)
    assert game.map_line and "merchants-of-the-seas" in game.options


def test_a_site_file_map_line_changes_nothing_without_the_expansion() -> None:
    _, text = random_game(2, 1)
    rep = replay_text(
        text.replace("score", "map fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1\nscore", 1)
    )
    assert rep.error is None and "map" not in rep.state


def test_command_line_random_game_with_the_expansion(capsys) -> None:
    assert (
        main(
            [
                "random-game",
                "--players",
                "2",
                "--seed",
                "3",
                "--merchants",
                "--map",
                "lakes",
                "--pass-rate",
                "10",
            ]
        )
        == 0
    )
    assert "map fdb13a13" in capsys.readouterr().out
