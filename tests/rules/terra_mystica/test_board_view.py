"""Map data, terrain wheel, setup phases, the view shape, CLI and Korean notation."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from rules import get_engine
from rules.core import RuleError
from rules.terra_mystica import TerraMystica, board
from rules.terra_mystica.__main__ import main
from rules.terra_mystica.gamefile import replay_text, snellman_randomize
from rules.terra_mystica.messages import MESSAGES
from tests.rules.terra_mystica.helpers import SCORING, E, fails, new_game, play

# snellman's own adjacency and bridges of the base map (its _meta says how it was made)
MAPS = Path(__file__).resolve().parent / "base_map_snellman.json"
COLOR_OF = {"desert": "yellow", "plains": "brown", "swamp": "black", "lakes": "blue",
            "forest": "green", "mountains": "gray", "wasteland": "red"}


def test_base_map_counts() -> None:
    assert len(board.LAND) == 77 and len(board.RIVERS) == 36 and len(board.BRIDGE_SPOTS) == 29
    for color in board.COLORS:
        assert sum(1 for c in board.START_TERRAIN.values() if c == color) == 11


def test_map_matches_snellman_adjacency_and_bridges() -> None:
    hexes = json.loads(MAPS.read_text())["hexes"]
    assert len(hexes) == 77 + 36
    for h in hexes:
        assert set(h["adjacent"]) == set(board.ADJ[h["id"]]), h["id"]
        if h["terrain"] != "river":
            assert board.START_TERRAIN[h["id"]] == COLOR_OF[h["terrain"]]
        for other in h.get("bridgable_to", []):
            assert frozenset((h["id"], other)) in board.BRIDGE_SPOTS


def test_terrain_wheel_costs() -> None:
    assert board.spade_distance("brown", "green") == 3
    assert board.spade_distance("yellow", "brown") == 1
    assert board.transform_cost("blue", "gray", "green") == 5  # never through home
    assert board.transform_cost("blue", "green", "green") == 1
    assert board.step_towards("red", "brown", 1) == "yellow"


def test_shipping_distance_counts_river_hexes() -> None:
    assert board.SHIP_DIST["F4"]["G3"] == 1
    assert min(board.SHIP_DIST["A4"].values()) == 1
    two = [h for h, d in board.SHIP_DIST["E9"].items() if d == 2]
    assert two and all(h not in board.LAND_ADJ["E9"] for h in two)


def test_faction_choice_refuses_a_second_faction_of_one_colour() -> None:
    st = E.setup({}, 3, 5)
    assert st["phase"] == "select"
    d = E.decisions(st)[0]
    assert d.seat == 0 and len(d.choices) == 14
    st, _ = E.apply(st, 0, {"type": "setup", "faction": "witches"})
    texts = [c.text for c in E.decisions(st)[0].choices]
    assert "setup auren" not in texts and len(texts) == 12
    with pytest.raises(RuleError) as info:
        E.apply(st, 1, {"type": "setup", "faction": "auren"})
    assert info.value.key == "terra_mystica.color_taken"


def test_random_setup_draws_six_tiles_never_spades_late_and_players_plus_three() -> None:
    for seed in range(30):
        st = E.setup({"random_factions": True}, 2 + seed % 4, seed)
        assert len(set(st["scoring"])) == 6 and "SCORE1" not in st["scoring"][4:]
        assert len(st["bonus_in_play"]) == len(st["order"]) + 3
        assert len({E.view(st, None)["factions"][f]["color"] for f in st["order"]}) == len(
            st["order"])


def test_first_bonus_picks_go_in_reverse_order() -> None:
    st = E.setup({"factions": ["witches", "nomads", "halflings"], "scoring": SCORING}, 3, 1)
    picks = [f for kind, f in st["setup_queue"] if kind == "bonus"]
    assert picks == ["halflings", "nomads", "witches"]
    builds = [f for kind, f in st["setup_queue"] if kind == "build"]
    assert builds[-1] == "nomads" and len(builds) == 7


def test_setup_dwellings_only_on_home_terrain_in_order() -> None:
    st = E.setup({"factions": ["witches", "nomads"], "scoring": SCORING}, 2, 1)
    assert fails(st, "witches", "build F3") == "terra_mystica.not_home"
    assert fails(st, "nomads", "build F3") == "terra_mystica.setup_order"


def test_view_shape_and_no_secrets() -> None:
    st = play(new_game(["witches", "nomads"], ["F4", "F3", "G4", "E9", "A5"]), "witches",
              "upgrade F4 to TP")
    for viewer in (None, 0, 1):
        view = E.view(st, viewer)
        json.dumps(view)
        assert "secret" not in json.dumps(view)
        assert view["game"] == "terra_mystica" and view["viewer"] == viewer
        assert view["map"]["id"] == "base" and len(view["map"]["hexes"]) == 77
        assert view["map"]["hexes"]["F4"] == {"terrain": "green", "building": "TP",
                                              "faction": "witches", "town": False}
        w = view["factions"]["witches"]
        assert w["name"] == {"en": "Witches", "ko": "마녀"} and w["buildings_left"]["TP"] == 3
        assert set(view["cults"]["FIRE"]["priests"]) == {"3", "2", "2b", "2c"}
        assert view["current_scoring"] == "SCORE5" and len(view["scoring_tiles"]) == 6
        assert view["pending"][0]["kind"] == "leech" and view["pending"][0]["faction"] == "nomads"
        assert view["power_actions"]["ACT1"] is None and view["active"] == "nomads"
        assert view["result"] is None


def test_every_message_key_has_both_languages() -> None:
    assert set(MESSAGES["en"]) == set(MESSAGES["ko"])
    src = "".join(p.read_text() for p in Path(board.__file__).parent.glob("*.py"))
    import re

    used = set(re.findall(r'"(tm\.[a-z_]+)"', src))
    assert used <= set(MESSAGES["en"]), used - set(MESSAGES["en"])


def test_engine_is_registered() -> None:
    assert isinstance(get_engine("terra_mystica"), TerraMystica)


def test_korean_keywords_parse_to_the_same_action() -> None:
    st = new_game(["witches", "nomads"], ["F4", "F3", "G4", "E9", "A5"])
    assert E.parse(st, 0, "개량 F4 to TP") == E.parse(st, 0, "upgrade F4 to TP")
    assert E.format(st, {"type": "pass", "bonus": "BON3"}, "ko") == "패스 BON3"


def test_snellman_randomize_check_value() -> None:
    tiles, removed = snellman_randomize("testgame", 2)
    assert tiles == ["SCORE1", "SCORE8", "SCORE6", "SCORE5", "SCORE3", "SCORE7"]
    assert removed == ["BON3", "BON6", "BON7", "BON5"]


def test_cli_random_game_then_replay(tmp_path, capsys) -> None:
    assert main(["random-game", "--players", "3", "--seed", "7"]) == 0
    text = capsys.readouterr().out
    assert "setup " in text and text.count("\n") > 30
    path = tmp_path / "g.txt"
    path.write_text(text)
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["finished"] and out["error"] is None and len(out["factions"]) == 3
    assert replay_text(text).state["phase"] == "over"


def test_korean_faction_and_cult_names() -> None:
    st = new_game(["witches", "nomads"], ["F4", "F3", "G4", "E9", "A5"])
    assert E.parse(st, 1, "흡수 1 from 마녀") == {"type": "leech", "n": 1, "from": "witches"}
    assert E.parse(st, 0, "파견 p to 불 for 3") == E.parse(st, 0, "send p to FIRE for 3")
    assert E.parse(st, 0, "+2하늘") == {"type": "gain", "sign": "+", "n": 2, "what": "AIR"}
