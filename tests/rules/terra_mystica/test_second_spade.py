"""Spades split over two hexes in one action: the rulebook keeps the dwelling off the second
hex (base seed L637: "두 번째 지역에는 주택을 배치할 수 없습니다", the Halflings' three
stronghold spades too); option second_spade_dwelling is the site's rule, which allows it."""

from __future__ import annotations

import pytest

from rules.core import RuleError
from rules.terra_mystica.gamefile import replay_text
from rules.terra_mystica.messages import MESSAGES, fill, named_params
from tests.rules.terra_mystica.helpers import E, fails, new_game, play, put, tweak

# Witches F4, E9; Halflings (brown) E6, F7. For the Halflings E5 (swamp) and G7, F3 (desert)
# need 1 spade each, D4 (wasteland) needs 2.
DWELLINGS = ["F4", "E6", "F7", "E9"]


def game(**options) -> dict:
    """Halflings to act (the Witches passed) with 6 power in bowl III and plenty to pay."""
    st = new_game(["witches", "halflings"], DWELLINGS, ["BON3", "BON5"], **options)
    st = play(st, "witches", "pass BON1")
    return tweak(st, "halflings", W=20, C=30, P=3, P1=0, P2=6, P3=6)


def texts(st: dict) -> list[str]:
    seat = st["factions"][st["active"]]["seat"]
    return [c.text for d in E.decisions(st) if d.seat == seat for c in d.choices or []]


def refusal(st: dict, text: str) -> RuleError:
    seat = st["factions"]["halflings"]["seat"]
    with pytest.raises(RuleError) as info:
        E.apply(st, seat, E.parse(st, seat, text))
    return info.value


def test_act6_refuses_the_dwelling_on_the_second_hex_by_default() -> None:
    err = refusal(game(), "action ACT6. transform E5. build G7")
    assert err.key == "terra_mystica.second_spade_dwelling"
    assert err.params == {"hex": "G7", "first": "E5"}
    for lang in ("en", "ko"):
        text = fill(err.key, lang, named_params(err.params))
        assert "G7" in text and "E5" in text and "{" not in text


def test_the_second_hex_still_transforms_and_the_first_takes_the_dwelling() -> None:
    st = play(game(), "halflings", "action ACT6. transform E5. transform G7")
    assert st["terrain"]["E5"] == st["terrain"]["G7"] == "brown"
    assert "E5" not in st["buildings"] and "G7" not in st["buildings"]
    st = play(game(), "halflings", "action ACT6. transform E5. transform G7. build E5")
    assert st["buildings"]["E5"] == ["halflings", "D"] and st["terrain"]["G7"] == "brown"


def test_a_dwelling_on_the_only_hex_of_the_action_is_unchanged() -> None:
    st = play(game(), "halflings", "action ACT6. build D4")  # both spades on one hex
    assert st["buildings"]["D4"] == ["halflings", "D"]


def test_the_site_rule_allows_the_dwelling_on_the_second_hex() -> None:
    st = play(game(second_spade_dwelling=True), "halflings",
              "action ACT6. transform E5. build G7")
    assert st["buildings"]["G7"] == ["halflings", "D"] and st["terrain"]["E5"] == "brown"


def test_a_dug_spade_does_not_carry_the_dwelling_to_the_second_hex() -> None:
    # D4 needs 2: the spade left from ACT6 plus one dug; still the second hex of the action
    assert fails(game(), "halflings",
                 "action ACT6. dig 1. transform E5. build D4") == "terra_mystica.second_spade_dwelling"
    # BON1's single spade: once it made E5 home, a build elsewhere is another action
    st = tweak(game(), "halflings", bonus="BON1")
    assert fails(st, "halflings",
                 "action BON1. dig 1. transform E5. build G7") == "terra_mystica.multiple_actions"


def halflings_sh(**options) -> dict:
    return put(game(**options), "halflings", "E6", "TP")


def test_halflings_stronghold_spades_keep_the_dwelling_on_the_first_hex() -> None:
    st = halflings_sh()
    for text in ("upgrade E6 to SH. transform E5. transform F3. build G7",
                 "upgrade E6 to SH. transform E5. build D4"):
        assert fails(st, "halflings", text) == "terra_mystica.second_spade_dwelling", text
    # the site's own example (notation spec 3.3): the first hex, the spade left given up
    after = play(st, "halflings", "upgrade E6 to SH. transform E5. transform F3. -SPADE. build E5")
    assert after["buildings"]["E5"] == ["halflings", "D"] and after["terrain"]["F3"] == "brown"
    # without any dwelling the three spades may still go to three hexes
    after = play(st, "halflings", "upgrade E6 to SH. transform E5. transform F3. transform G7")
    assert all(after["terrain"][h] == "brown" for h in ("E5", "F3", "G7"))


def test_halflings_stronghold_spades_under_the_site_rule() -> None:
    st = play(halflings_sh(second_spade_dwelling=True), "halflings",
              "upgrade E6 to SH. transform E5. transform F3. build G7")
    assert st["buildings"]["G7"] == ["halflings", "D"]


def test_the_spade_menu_offers_no_second_hex_dwelling_but_the_first_hex() -> None:
    st = play(game(), "halflings", "action ACT6. transform E5")
    menu = texts(st)
    assert not [t for t in menu if t.startswith("build ")], menu
    assert "transform G7" in menu and "transform G7. build E5" in menu
    assert "-SPADE" in menu and "-SPADE. build E5" in menu
    assert not any(t.endswith("build G7") for t in menu)
    seat = st["factions"]["halflings"]["seat"]
    for text in menu:  # every listed choice applies
        E.apply(st, seat, E.parse(st, seat, text))
    after = play(st, "halflings", "transform G7. build E5")
    assert after["buildings"]["E5"] == ["halflings", "D"] and after["terrain"]["G7"] == "brown"
    assert after["turn_no"] == st["turn_no"] + 1  # the action is over (the next turn began)


def test_the_spade_menu_under_the_site_rule_is_the_sites() -> None:
    st = play(game(second_spade_dwelling=True), "halflings", "action ACT6. transform E5")
    menu = texts(st)
    assert "build G7" in menu and "transform G7" in menu
    assert not any(". build E5" in t for t in menu)


def test_the_stronghold_spade_menus_lead_to_the_first_hex_only() -> None:
    st = play(halflings_sh(), "halflings", "upgrade E6 to SH")
    assert "build E7" in texts(st)  # all three spades on one hex: its dwelling stays offered
    st = play(st, "halflings", "transform E5")
    menu = texts(st)
    assert "build D4" not in menu and "transform D4. build E5" in menu
    st = play(st, "halflings", "transform F3")
    menu = texts(st)
    assert "build G7" not in menu and "transform G7. build E5" in menu
    assert "-SPADE. build E5" in menu


SITE_FILE = """option strict-leech
option errata-cultist-power
score SCORE5,SCORE8,SCORE6,SCORE2,SCORE3,SCORE7
delete BON2
delete BON4
delete BON8
delete BON9
setup witches
setup halflings
witches: build F4
halflings: build E6
halflings: build F7
witches: build E9
halflings: pass BON5
witches: pass BON3
witches: pass BON1
"""


def test_a_site_file_building_on_the_second_hex_replays() -> None:
    # BON5's 3 power fill bowl II to 12: burning 6 pays ACT6
    rep = replay_text(SITE_FILE + "halflings: burn 6. action ACT6. transform E5. build G7\n")
    assert rep.error is None, rep.error
    assert rep.state["buildings"]["G7"] == ["halflings", "D"]
    assert rep.state["options"]["second_spade_dwelling"] is True


def test_a_site_file_building_on_the_first_hex_replays() -> None:
    """What the rulebook's menus write (the first hex built once the other is spent)."""
    rep = replay_text(SITE_FILE
                      + "halflings: burn 6. action ACT6. transform E5. transform G7. build E5\n")
    assert rep.error is None, rep.error
    assert rep.state["buildings"]["E5"] == ["halflings", "D"]


def test_games_default_to_the_rulebook() -> None:
    st = E.setup({"factions": ["witches", "halflings"]}, 2, 1)
    assert st["options"]["second_spade_dwelling"] is False
    for lang in ("en", "ko"):  # the refusal, and the option's label in the lobby
        assert "terra_mystica.second_spade_dwelling" in MESSAGES[lang]
        assert MESSAGES[lang]["terra_mystica.option.second_spade_dwelling"]
