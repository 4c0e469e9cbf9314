"""Names, colours, home terrains and tile texts through the view and decision params, and the
Korean notation: Korean words only, read back by parse(), English form unchanged."""

from __future__ import annotations

import re

from rules.core import Rng
from rules.terra_mystica.factions import FACTIONS
from rules.terra_mystica.tiles import BONUS, FAVOR, SCORING, TOWN
from tests.rules.terra_mystica.helpers import E, new_game

LATIN = re.compile(r"[A-Za-z]")
# Board ids stay as they are in Korean: hexes, tiles, power actions, rivers.
IDS = re.compile(r"\b(?:[A-I]\d{1,2}|BON\d|FAV\d+|TW\d|SCORE\d|ACT[1-6A-Z]+|r\d+)\b")
ENGLISH_WORDS = re.compile(r"\b(?:to|from|for|black|brown|blue|green|gray|red|yellow|build|"
                           r"upgrade|transform|dig|send|pass|burn|convert|leech|decline|"
                           r"FIRE|WATER|EARTH|AIR|PW|VP)\b")


def test_faction_catalogue_during_selection_lists_every_faction() -> None:
    st = E.setup({}, 3, 5)
    view = E.view(st, None)
    cat = view["faction_catalogue"]
    assert set(cat) == set(FACTIONS)
    assert cat["witches"] == {"name": {"en": "Witches", "ko": "마녀"}, "color": "green",
                              "colour_name": {"en": "green", "ko": "초록"},
                              "home": {"en": "forest", "ko": "숲"}}
    assert cat["darklings"]["home"] == {"en": "swamp", "ko": "늪"}
    assert cat["chaosmagicians"]["home"]["ko"] == "황무지"
    (d,) = E.decisions(st)
    assert d.kind == "faction"
    assert set(d.params["factions"]) == {c.action["faction"] for c in d.choices}
    assert d.params["factions"]["giants"]["name"]["ko"] == "거인"


def test_taken_colour_leaves_the_decision_but_not_the_catalogue() -> None:
    st = E.setup({}, 3, 5)
    st, _ = E.apply(st, 0, E.parse(st, 0, "setup witches"))
    (d,) = E.decisions(st)
    assert "witches" not in d.params["factions"] and "auren" not in d.params["factions"]
    assert "auren" in E.view(st, 1)["faction_catalogue"]
    assert E.view(st, 1)["factions"]["witches"]["home"] == {"en": "forest", "ko": "숲"}


def test_view_tiles_cover_every_tile_in_the_game_in_both_languages() -> None:
    st = new_game(["witches", "nomads"], ["F4", "F3", "G4", "E9", "A5"])
    tiles = E.view(st, 0)["tiles"]
    # the base game's town tiles: TW6-TW8 come only with the option mini_expansion_1
    expected = {*st["scoring"], *st["bonus_in_play"], *FAVOR, *(t for t in TOWN if t <= "TW5")}
    assert set(tiles) == expected
    for tile, text in tiles.items():
        assert text["en"] and text["ko"], tile
        assert not LATIN.search(text["ko"]), (tile, text["ko"])
    assert tiles["FAV11"] == {"en": "+1 Earth · dwelling → 2 VP", "ko": "땅 +1 · 주택 → 승점 2"}
    assert tiles["TW5"]["ko"] == "승점 8 · 모든 신앙 트랙 +1"
    assert tiles["SCORE5"]["ko"] == "주택 → 승점 2 · 라운드 종료 시 불 4마다 권능 4"


def test_every_tile_of_the_tables_has_a_text() -> None:
    from rules.terra_mystica.tile_texts import ALL_TILES

    assert set(ALL_TILES) == {*BONUS, *FAVOR, *TOWN, *SCORING}
    assert ALL_TILES["BON1"] == {"en": "income 2C · action: 1 spade",
                                 "ko": "수입 동전 2 · 행동: 삽 1개"}
    assert ALL_TILES["BON4"]["en"] == "income 3 power · +1 shipping"


def test_bonus_and_favor_decisions_carry_their_tile_texts() -> None:
    st = E.setup({"factions": ["witches", "nomads"]}, 2, 1)
    while st["phase"] == "setup" and E.decisions(st)[0].kind == "setup_build":
        d = E.decisions(st)[0]
        st, _ = E.apply(st, d.seat, d.choices[0].action)
    (d,) = E.decisions(st)
    assert d.kind == "setup_bonus"
    assert set(d.params["tiles"]) == {c.action["bonus"] for c in d.choices}
    st = new_game(["witches", "nomads"], ["F4", "F3", "G4", "E9", "A5"])
    for name, text in (("witches", "upgrade F4 to TP"), ("nomads", "leech 1 from witches"),
                       ("nomads", "burn 3. action ACT2"), ("witches", "upgrade F4 to TE")):
        seat = st["factions"][name]["seat"]
        st, _ = E.apply(st, seat, E.parse(st, seat, text))
    favor = next(d for d in E.decisions(st) if d.kind == "favor")
    favs = {c.action["what"] for c in favor.choices}
    assert favs and set(favor.params["tiles"]) == favs


def test_korean_form_uses_korean_words() -> None:
    st = E.setup({}, 2, 1)
    ko = {"type": "seq", "cmds": [{"type": "dig", "n": 1},
                                  {"type": "transform", "hex": "A1", "color": "black"}]}
    assert E.format(st, ko, "ko") == "삽 1. 변형 A1 → 늪"
    assert E.format(st, ko) == "dig 1. transform A1 to black"
    cases = {
        "upgrade F4 to TP": "개량 F4 → 교역소",
        "send p to FIRE for 3": "파견 불 3칸",
        "convert 1P to 1W": "전환 성직자 1 → 일꾼 1",
        "leech 2 from witches": "흡수 2 ← 마녀",
        "decline 2 from chaosmagicians": "거절 2 ← 혼돈술사",
        "advance ship": "진행 선적",
        "setup swarmlings": "선택 군집어인",
        "+2AIR": "+2하늘",
        "burn 3. action ACT5": "희생 3. 행동 ACT5",
        "pass BON3": "패스 BON3",
    }
    for en, ko_text in cases.items():
        action = E.parse(st, 0, en)
        assert E.format(st, action, "ko") == ko_text
        assert E.format(st, action) == en
        assert E.parse(st, 0, ko_text) == action
    typed = {"개량 F4 교역소": "upgrade F4 to TP", "변형 A1 -> 늪": "transform A1 to black",
             "전환 성직자 1 일꾼 1": "convert 1P to 1W", "흡수 2 <- 마녀": "leech 2 from witches",
             "개량 F4 to TP": "upgrade F4 to TP", "흡수 1 from 마녀": "leech 1 from witches"}
    typed["마녀: 건설 F4"] = "witches: build F4"
    for text, en in typed.items():
        assert E.parse(st, 0, text) == E.parse(st, 0, en), text


def test_korean_round_trip_over_random_games() -> None:
    seen = 0
    for seed, seats in ((11, 4), (12, 3)):
        st = E.setup({"random_factions": True}, seats, seed)
        rng = Rng(seed)
        while st["phase"] != "over":
            decisions = [d for d in E.decisions(st) if d.choices]
            for d in decisions:
                for c in d.choices:
                    text = E.format(st, c.action, "ko")
                    assert not ENGLISH_WORDS.search(text), text
                    assert not LATIN.search(IDS.sub("", text)), text
                    assert E.parse(st, d.seat, text) == c.action, text
                    seen += 1
            d = rng.choice(decisions)
            st, _ = E.apply(st, d.seat, rng.choice(d.choices).action)
    assert seen > 1000


def test_played_event_carries_the_move_in_both_notations() -> None:
    st = new_game(["witches", "nomads"], ["F4", "F3", "G4", "E9", "A5"])
    _, events = E.apply(st, 0, E.parse(st, 0, "upgrade F4 to TP"))
    assert events[0].key == "terra_mystica.played"
    assert events[0].params["text"] == {"en": "upgrade F4 to TP", "ko": "개량 F4 → 교역소"}
