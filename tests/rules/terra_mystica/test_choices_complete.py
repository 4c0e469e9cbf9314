"""The legal-move lists cover colour transforms, ACT6 split over two hexes, convert/burn,
Mermaids' connect; every listed choice applies."""

from __future__ import annotations

import re

from rules.core import Rng, RuleError
from rules.terra_mystica import board, moves
from rules.terra_mystica.gamefile import pick_by_family
from tests.rules.terra_mystica.helpers import E, fails, fs, new_game, play, put, tweak

WITCHES_NOMADS = ["F4", "F3", "G4", "E9", "A5"]


def turn_texts(st: dict) -> list[str]:
    return [c.text for d in E.decisions(st) if d.kind not in ("leech",) for c in d.choices or []
            if d.seat == st["factions"][st["active"]]["seat"]]


def base() -> dict:
    return new_game(["witches", "nomads"], WITCHES_NOMADS, ["BON1", "BON2"])


def cheap_hexes(st: dict, name: str, cost: int) -> list[str]:
    return [h for h, kind in sorted(moves.reach_map(st, name).items())
            if kind == "direct" and moves.spade_cost(st, name, h) == cost]


# -- transforms to other colours ---------------------------------------------------------


def test_dig_to_another_colour_is_listed_and_applies() -> None:
    st = base()
    texts = turn_texts(st)
    colour = [t for t in texts if t.startswith("dig ") and " to " in t]
    assert colour, texts
    # one entry per hex and colour, and none of them to the home colour (that is `build`)
    assert len(colour) == len(set(colour)) and not any(t.endswith(" to green") for t in colour)
    text = next(t for t in colour if t.startswith("dig 1. "))
    hex_id, target = text.split()[-3], text.split()[-1]
    after = play(st, "witches", text)
    assert after["terrain"][hex_id] == target
    assert fs(after, "witches")["W"] == fs(st, "witches")["W"] - 3  # one spade at level 0
    assert after["active"] == "nomads"


def test_partial_dig_towards_home_names_the_colour_reached() -> None:
    st = base()
    far = cheap_hexes(st, "witches", 3)
    assert far
    step = board.step_towards(st["terrain"][far[0]], "green", 1)
    assert f"dig 1. transform {far[0]} to {step}" in turn_texts(st)


def test_leftover_spade_can_go_to_another_colour() -> None:
    st = tweak(base(), "witches", P3=6)
    st = play(st, "witches", "action ACT6")
    texts = turn_texts(st)
    hex_id = cheap_hexes(st, "witches", 1)[0]
    colour = next(c for c, n in moves.hex_colours(st, "witches", hex_id) if n == 1)
    assert f"transform {hex_id} to {colour}" in texts
    # two spades, no dig: a one-spade colour change leaves one spade to use or drop
    st2 = play(st, "witches", f"transform {hex_id} to {colour}")
    assert st2["terrain"][hex_id] == colour
    assert st2["turn"]["spades"] == 1 and "-SPADE" in turn_texts(st2)
    # the one non-home hex of this action is used up; home transforms remain
    after = turn_texts(st2)
    assert not any(t.startswith("transform") and " to " in t for t in after)
    assert any(t.startswith("transform") for t in after)


def test_dig_spades_must_all_go_into_a_colour_change() -> None:
    st = play(base(), "witches", "dig 2")
    texts = turn_texts(st)
    for t in texts:
        if t.startswith("transform ") and " to " in t:
            hex_id, colour = t.split()[1], t.split()[-1]
            assert dict(moves.hex_colours(st, "witches", hex_id))[colour] == 2, t
    assert "-SPADE" not in texts and "-2SPADE" not in texts


def test_income_spades_list_other_colours() -> None:
    st = base()
    st["pending"]["witches"] = {"SPADE": 1}
    spades = next(d for d in E.decisions(st) if d.kind == "spades")
    texts = [c.text for c in spades.choices]
    assert any(" to " in t for t in texts) and texts[-1] == "-SPADE"
    for t in texts[:-1]:
        assert isinstance(E.parse(st, spades.seat, t), dict)


# -- ACT6 over two hexes -----------------------------------------------------------------


def test_act6_split_over_two_hexes() -> None:
    """The site's rule (option second_spade_dwelling): the second hex may take the dwelling;
    the rulebook's default is in test_second_spade.py."""
    st = new_game(["witches", "nomads"], WITCHES_NOMADS, ["BON1", "BON2"],
                  second_spade_dwelling=True)
    st = tweak(st, "witches", P3=6)
    a, b = cheap_hexes(st, "witches", 1)[:2]
    texts = turn_texts(st)
    assert f"action ACT6. transform {a}" in texts
    st = play(st, "witches", f"action ACT6. transform {a}")
    assert st["active"] == "witches" and st["turn"]["spades"] == 1
    rest = turn_texts(st)
    assert f"build {b}" in rest and f"transform {b}" in rest
    st = play(st, "witches", f"build {b}")
    assert st["terrain"][a] == st["terrain"][b] == "green"
    assert st["buildings"][b] == ["witches", "D"] and a not in st["buildings"]
    assert st["active"] == "nomads"


def test_no_split_with_a_single_spade() -> None:
    st = tweak(base(), "witches", P3=4)
    a = cheap_hexes(st, "witches", 1)[0]
    texts = turn_texts(st)
    assert f"action ACT5. build {a}" in texts
    assert f"action ACT5. transform {a}" not in texts  # a dwelling can be paid: build


# -- convert and burn --------------------------------------------------------------------


def test_conversions_listed_once_for_one_unit_and_once_for_the_most() -> None:
    st = tweak(base(), "witches", W=5, C=10, P=1, P2=5, P3=4)
    texts = turn_texts(st)
    for t in ("convert 1W to 1C", "convert 5W to 5C",
              "convert 1P to 1W", "convert 1P to 1C", "convert 1PW to 1C", "convert 4PW to 4C",
              "convert 3PW to 1W", "burn 1", "burn 2"):
        assert t in texts, t
    assert not any(t.startswith("convert 5PW") for t in texts)  # 4 power: no priest
    assert not any(t.startswith("convert 2W to 2C") for t in texts)  # only 1 and the most


def test_coins_to_vp_is_typed_not_offered() -> None:
    # base seed L1110 ("자원 점수"): 3 coins = 1 VP at final scoring; the site takes the
    # conversion any time (notation §3.8), so typed it works, but no menu offers it
    st = tweak(base(), "witches", C=10)
    assert not [t for t in turn_texts(st) if re.match(r"^convert \d+C to \d+VP$", t)]
    after = play(st, "witches", "convert 9C to 3VP")
    assert (fs(after, "witches")["C"], fs(after, "witches")["VP"]) == (
        1, fs(st, "witches")["VP"] + 3)
    assert after["active"] == "witches"  # a free conversion keeps the turn


def test_conversion_to_priests_respects_the_seven() -> None:
    st = tweak(base(), "witches", P=3, priests_out=4, P3=5)
    assert not [t for t in turn_texts(st) if re.match(r"^convert .* to \d+P$", t)]
    st = tweak(st, "witches", P=2)
    assert "convert 5PW to 1P" in turn_texts(st)


def test_alchemists_trade_vp_and_coins() -> None:
    st = new_game(["alchemists", "witches"], ["E5", "F4", "E9", "C1"], ["BON1", "BON2"])
    st = tweak(st, "alchemists", C=4, VP=20)
    texts = turn_texts(st)
    assert "convert 1VP to 1C" in texts and "convert 20VP to 20C" in texts
    assert "convert 2C to 1VP" in texts and "convert 4C to 2VP" in texts
    assert "convert 3C to 1VP" not in texts  # their own rate replaces the common one
    after = play(st, "alchemists", "convert 4C to 2VP")
    assert (fs(after, "alchemists")["C"], fs(after, "alchemists")["VP"]) == (0, 22)


def test_a_conversion_keeps_the_turn() -> None:
    st = base()
    after = play(st, "witches", "convert 1W to 1C")
    assert after["active"] == "witches" and after["turn"]["taken"] == 0
    assert fs(after, "witches")["C"] == fs(st, "witches")["C"] + 1
    assert "upgrade F4 to TP" in turn_texts(after)


def test_no_free_choices_when_nothing_to_convert() -> None:
    st = tweak(base(), "witches", W=0, C=2, P=0, P2=1, P3=0)
    assert not any(t.startswith(("convert", "burn")) for t in turn_texts(st))


def test_a_leech_after_converting_is_no_longer_offered() -> None:
    st = play(base(), "witches", "upgrade F4 to TP")
    assert st["active"] == "nomads" and st["offers"]
    st = play(st, "nomads", "convert 1W to 1C")
    offer = next(d for d in E.decisions(st) if d.kind == "leech")
    assert [c.text for c in offer.choices] == ["decline 1 from witches"]
    assert fails(st, "nomads", "leech 1 from witches") == "terra_mystica.leech_order"


# -- Mermaids' connect -------------------------------------------------------------------


def mermaids_across_r20(with_h3: bool = True) -> dict:
    st = new_game(["mermaids", "witches"], ["A11", "C3", "C4", "I10"], ["BON1", "BON2"])
    for hex_id, kind in (("E3", "TP"), ("E4", "TP"), ("G1", "TP")):
        st = put(st, "mermaids", hex_id, kind)
    return put(st, "mermaids", "H3", "D") if with_h3 else st


def test_connect_listed_when_it_founds_a_town() -> None:
    st = mermaids_across_r20()
    texts = turn_texts(st)
    assert "connect r20" in texts
    for text in [t for t in texts if t.startswith("connect")]:
        assert play(st, "mermaids", text)["turn"]["need"]["TOWN"] == 1, text
    st = play(st, "mermaids", "connect r20")
    assert st["turn"]["need"]["TOWN"] == 1 and st["active"] == "mermaids"
    town = next(d for d in E.decisions(st) if d.kind == "town")
    assert "+TW1" in [c.text for c in town.choices]
    vp = fs(st, "mermaids")["VP"]
    st = play(st, "mermaids", "+TW1")
    assert fs(st, "mermaids")["VP"] == vp + 5 and "G1" in st["town_hexes"]
    assert not any(t.startswith("connect") for t in turn_texts(st))


def test_connect_not_listed_without_a_town() -> None:
    st = mermaids_across_r20(with_h3=False)
    assert not any(t.startswith("connect") for t in turn_texts(st))
    assert fails(st, "mermaids", "connect r20") == "terra_mystica.connect_no_town"


def test_connect_never_offered_to_others() -> None:
    st = mermaids_across_r20()
    st = play(st, "mermaids", "pass BON3")
    assert not any(t.startswith("connect") for t in turn_texts(st))


# -- every listed choice is legal ----------------------------------------------------------


def test_every_listed_choice_applies_along_busy_games() -> None:
    checked = 0
    kinds: set[str] = set()
    for players, seed in ((2, 5), (3, 6), (4, 7), (5, 8)):
        st = E.setup({"random_factions": True}, players, seed)
        rng = Rng(seed)
        while st["phase"] != "over":
            decisions = [d for d in E.decisions(st) if d.choices]
            for d in decisions:
                for c in d.choices:
                    try:
                        E.apply(st, d.seat, c.action)
                    except RuleError as exc:  # pragma: no cover - the failure message
                        raise AssertionError((c.text, exc.key, exc.params)) from exc
                    checked += 1
                    kinds.add(c.text.split()[0] if " to " not in c.text or
                              not c.text.startswith(("dig", "transform")) else "colour")
            d = rng.choice(decisions)
            keep = [c for c in d.choices if not c.text.startswith(("pass", "-"))]
            st, _ = E.apply(st, d.seat, pick_by_family(rng, keep or d.choices).action)
    assert checked > 5000
    assert {"colour", "convert", "burn"} <= kinds, kinds


def test_turn_key_moves_on_after_a_free_command() -> None:
    st = base()
    key = next(d.key for d in E.decisions(st) if d.kind == "turn")
    assert key.endswith(".0.0.0.1")  # unchanged form while nothing free was done
    after = play(st, "witches", "burn 1")
    new = next(d.key for d in E.decisions(after) if d.kind == "turn")
    assert new != key and new.startswith(key)
    again = play(after, "witches", "convert 1W to 1C")
    assert next(d.key for d in E.decisions(again) if d.kind == "turn") not in (key, new)
