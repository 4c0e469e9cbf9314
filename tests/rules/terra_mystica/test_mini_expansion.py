"""The site options that add tiles: town tiles TW6-TW8 (mini-expansion-1), bonus tile BON10
(shipping-bonus) and scoring tile SCORE9 (temple-scoring-tile): rule by rule, in site game
files, and in random games."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from rules.terra_mystica import board
from rules.terra_mystica.factions import FACTIONS, hop_distance
from rules.terra_mystica.gamefile import (
    game_options,
    random_game,
    read_lines,
    replay_text,
    snellman_randomize,
    summary,
)
from rules.terra_mystica.reach import reach_kind
from rules.terra_mystica.tile_texts import ALL_TILES
from tests.rules.terra_mystica.helpers import E, fails, fs, new_game, pass_all, play, put, tweak
from tests.rules.terra_mystica.test_random_games import check_invariants

ALL_ON = {"shipping_bonus": True, "temple_scoring_tile": True, "mini_expansion_1": True}
BONUS_10 = [f"BON{i}" for i in range(1, 11)]


def town_ready(st: dict, name: str) -> tuple[dict, str]:
    """`name` holds a stronghold, a trading house and a dwelling in a row (power 6) and the
    hex after them is its home terrain: building there founds a town. Returns that hex."""
    def paths(path: list[str]) -> list[list[str]]:
        if len(path) == 4:
            return [path]
        return [p for h in sorted(board.LAND_ADJ[path[-1]])
                if h not in path and h not in st["buildings"] for p in paths([*path, h])]

    starts = sorted(h for h, (f, _) in st["buildings"].items() if f == name)
    chain = next(p for start in starts for p in paths([start]))
    for hex_id, kind in zip(chain[:3], ("SH", "TP", "D"), strict=True):
        st = put(st, name, hex_id, kind)
    st["terrain"][chain[3]] = FACTIONS[name].color
    return tweak(st, name, W=20, C=30), chain[3]


def witches_game(**options) -> dict:
    return new_game(["witches", "halflings"], ["E9", "A1", "A7", "F4"], **options)


def found(st: dict, name: str, tile: str) -> dict:
    st, last = town_ready(st, name)
    return play(st, name, f"build {last}. +{tile}")


# -- options: which tiles a game has ----------------------------------------------------------


def test_without_the_options_no_new_tile_is_drawn_or_offered() -> None:
    for seed in range(40):
        st = E.setup({"random_factions": True}, 5, seed)
        assert "SCORE9" not in st["scoring"] and "BON10" not in st["bonus_in_play"]
        assert set(st["town_pool"]) == {"TW1", "TW2", "TW3", "TW4", "TW5"}
    st = found(witches_game(), "witches", "TW1")
    assert fails(witches_game() | {}, "witches", "pass BON10") == "terra_mystica.bonus_unavailable"
    st, last = town_ready(witches_game(), "witches")
    assert fails(st, "witches", f"build {last}. +TW8") == "terra_mystica.tile_gone"
    menu = [d for d in E.decisions(play(st, "witches", f"build {last}")) if d.kind != "leech"]
    texts = {c.text for d in menu for c in d.choices}
    assert "+TW1" in texts and not {"+TW6", "+TW7", "+TW8"} & texts


def test_a_tile_of_an_option_that_is_off_is_refused_in_the_lobby() -> None:
    with pytest.raises(ValidationError):
        E.Options(scoring=["SCORE9", "SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6"])
    with pytest.raises(ValidationError):
        E.Options(bonus=["BON10", "BON1", "BON2", "BON3", "BON4", "BON5"])
    E.Options(scoring=["SCORE9", "SCORE2", "SCORE3", "SCORE4", "SCORE5", "SCORE6"],
              temple_scoring_tile=True)
    E.Options(bonus=["BON10", "BON1", "BON2", "BON3", "BON4"], shipping_bonus=True)


def test_with_the_options_the_new_tiles_are_in_the_draws_and_the_pool() -> None:
    scorings, bonuses = set(), set()
    for seed in range(60):
        st = E.setup({"random_factions": True, **ALL_ON}, 4, seed)
        scorings |= set(st["scoring"])
        bonuses |= set(st["bonus_in_play"])
        assert st["town_pool"] == {"TW1": 2, "TW2": 2, "TW3": 2, "TW4": 2, "TW5": 2,
                                   "TW6": 1, "TW7": 2, "TW8": 1}
        assert "SCORE1" not in st["scoring"][4:]
    assert "SCORE9" in scorings and "BON10" in bonuses


# -- town tiles -------------------------------------------------------------------------------


def test_tw8_gives_eleven_vp_and_one_key_only() -> None:
    st, last = town_ready(witches_game(mini_expansion_1=True), "witches")
    plain = play(st, "witches", f"build {last}")
    st = play(st, "witches", f"build {last}. +TW8")
    a, b = fs(plain, "witches"), fs(st, "witches")
    witches_town_vp = FACTIONS["witches"].town_bonus["VP"]
    assert b["VP"] - a["VP"] == 11 + witches_town_vp
    assert b["keys"] == 1 and b["towns"] == ["TW8"]
    assert {k: b[k] for k in ("C", "W", "P", "P1", "P2", "P3", "ship", "cults")} == {
        k: a[k] for k in ("C", "W", "P", "P1", "P2", "P3", "ship", "cults")}
    assert st["town_pool"]["TW8"] == 0  # one copy


def test_tw6_gives_two_vp_two_keys_and_two_steps_on_every_cult() -> None:
    st, last = town_ready(witches_game(mini_expansion_1=True), "witches")
    st = tweak(st, "witches", cults={"FIRE": 8, "WATER": 8, "EARTH": 2, "AIR": 0},
               P1=12, P2=0, P3=0)
    before = fs(play(st, "witches", f"build {last}"), "witches")
    st = play(st, "witches", f"build {last}. +TW6")
    after = fs(st, "witches")
    assert after["keys"] == 2 and after["towns"] == ["TW6"]
    # the two keys open both tracks at 8: 10 on Fire and Water; 2 -> 4 on Earth, 0 -> 2 on Air
    assert after["cults"] == {"FIRE": 10, "WATER": 10, "EARTH": 4, "AIR": 2}
    # power: 3 at 10 on each of Fire and Water, 1 for passing 3 on Earth
    gained = (after["P2"] + 2 * after["P3"]) - (before["P2"] + 2 * before["P3"])
    assert gained == 3 + 3 + 1
    assert after["VP"] - before["VP"] == 2 + FACTIONS["witches"].town_bonus["VP"]
    assert st["town_pool"]["TW6"] == 0


def test_tw6_with_ten_taken_stops_at_nine_and_keeps_the_key() -> None:
    st, last = town_ready(witches_game(mini_expansion_1=True), "witches")
    st = tweak(st, "witches", cults={"FIRE": 8, "WATER": 0, "EARTH": 0, "AIR": 0})
    st = tweak(st, "halflings", cults={"FIRE": 10, "WATER": 0, "EARTH": 1, "AIR": 1}, keys=1)
    st = play(st, "witches", f"build {last}. +TW6")
    assert fs(st, "witches")["cults"]["FIRE"] == 9
    assert fs(st, "witches")["keys"] == 2  # unspent: still good for another track


def test_tw7_is_a_shipping_level_with_its_vp() -> None:
    st, last = town_ready(witches_game(mini_expansion_1=True), "witches")
    before = fs(play(st, "witches", f"build {last}"), "witches")
    st = play(st, "witches", f"build {last}. +TW7")
    after = fs(st, "witches")
    assert after["ship"] == before["ship"] + 1 == 1
    assert after["VP"] - before["VP"] == 4 + 2 + FACTIONS["witches"].town_bonus["VP"]
    assert after["keys"] == 1 and st["town_pool"]["TW7"] == 1  # two copies


def test_tw7_at_the_end_of_the_shipping_track_gives_only_its_vp() -> None:
    st, last = town_ready(witches_game(mini_expansion_1=True), "witches")
    st = tweak(st, "witches", ship=3)
    before = fs(play(st, "witches", f"build {last}"), "witches")
    after = fs(play(st, "witches", f"build {last}. +TW7"), "witches")
    assert after["ship"] == 3
    assert after["VP"] - before["VP"] == 4 + FACTIONS["witches"].town_bonus["VP"]


def test_tw7_widens_the_fakirs_carpet_and_gives_the_dwarves_nothing_more() -> None:
    fakirs = new_game(["fakirs", "witches"], ["A5", "F4", "E9", "F3"], mini_expansion_1=True)
    st, last = town_ready(fakirs, "fakirs")
    st = play(st, "fakirs", f"build {last}. +TW7")
    f = fs(st, "fakirs")
    assert f["ship"] == 0 and f["range_bonus"] == 1
    assert hop_distance(FACTIONS["fakirs"], f) == 3  # 2 without the stronghold's +1
    locs = [h for h, (o, _) in st["buildings"].items() if o == "fakirs"]
    far = next(h for h in sorted(board.LAND) if h not in st["buildings"]
               and min(board.HEX_DIST[h].get(x, 99) for x in locs) == 3
               and not any(board.SHIP_DIST[h].get(x, 99) <= 0 for x in locs))
    assert reach_kind(st, "fakirs", far) == "teleport"
    assert E.view(st, 0)["factions"]["fakirs"]["range_bonus"] == 1
    dwarves = new_game(["dwarves", "witches"], ["E7", "F4", "E9", "A2"], mini_expansion_1=True)
    st, last = town_ready(dwarves, "dwarves")
    before = fs(play(st, "dwarves", f"build {last}"), "dwarves")
    after = fs(play(st, "dwarves", f"build {last}. +TW7"), "dwarves")
    assert after["ship"] == 0 and after.get("range_bonus", 0) == 0
    assert hop_distance(FACTIONS["dwarves"], after) == hop_distance(FACTIONS["dwarves"], before)
    assert after["VP"] - before["VP"] == 4


def test_mermaids_tw7_climbs_their_longer_track() -> None:
    st = new_game(["mermaids", "witches"], ["E4", "F4", "E9", "D5"], mini_expansion_1=True)
    st, last = town_ready(st, "mermaids")
    before = fs(play(st, "mermaids", f"build {last}"), "mermaids")
    after = fs(play(st, "mermaids", f"build {last}. +TW7"), "mermaids")
    assert (before["ship"], after["ship"]) == (1, 2)
    assert after["VP"] - before["VP"] == 4 + 2


# -- BON10 --------------------------------------------------------------------------------------


def with_bon10(factions: list[str], dwellings: list[str]) -> dict:
    """A game in round 1 where the first faction in turn holds BON10 (it picked last)."""
    return new_game(factions, dwellings, ["BON3", "BON10"], bonus_tiles=BONUS_10,
                    shipping_bonus=True)


def pass_gain(st: dict, name: str) -> int:
    return fs(play(st, name, "pass BON5"), name)["VP"] - fs(st, name)["VP"]


def test_bon10_gives_three_vp_per_shipping_level_on_passing() -> None:
    st = with_bon10(["witches", "halflings"], ["E9", "A1", "A7", "F4"])
    assert st["active"] == "witches" and fs(st, "witches")["bonus"] == "BON10"
    assert [pass_gain(tweak(st, "witches", ship=n), "witches") for n in (0, 1, 2, 3)] == [
        0, 3, 6, 9]
    mermaids = with_bon10(["mermaids", "witches"], ["E4", "F4", "E9", "D5"])
    assert fs(mermaids, "mermaids")["bonus"] == "BON10"
    assert pass_gain(mermaids, "mermaids") == 3  # the Mermaids start at shipping 1
    fakirs = with_bon10(["fakirs", "witches"], ["A5", "F4", "E9", "F3"])
    assert pass_gain(fakirs, "fakirs") == 0  # no shipping
    # the tile goes back: the next holder scores by its own shipping
    st = play(tweak(st, "witches", ship=1), "witches", "pass BON5")
    st = play(tweak(st, "halflings", ship=2), "halflings", "pass BON10")
    assert fs(st, "halflings")["bonus"] == "BON10"


def test_bon10_income_is_three_power() -> None:
    def round_two(tile: str) -> dict:
        st = with_bon10(["witches", "halflings"], ["E9", "A1", "A7", "F4"])
        st = play(play(st, "witches", "pass BON5"), "halflings", f"pass {tile}")
        assert st["round"] == 2  # the income of round 2 is paid
        return fs(st, "halflings")

    bon10, bon7 = round_two("BON10"), round_two("BON7")
    assert (bon10["P2"] + 2 * bon10["P3"]) - (bon7["P2"] + 2 * bon7["P3"]) == 3
    assert bon7["W"] - bon10["W"] == 1  # BON7's worker instead


# -- SCORE9 -------------------------------------------------------------------------------------


def score9_game(first: str = "SCORE9") -> dict:
    return new_game(["witches", "halflings"], ["E9", "A1", "A7", "F4"],
                    scoring=[first, "SCORE8", "SCORE6", "SCORE2", "SCORE3", "SCORE7"],
                    temple_scoring_tile=True)


def test_score9_gives_four_vp_per_temple_built_in_its_round() -> None:
    st = tweak(put(score9_game(), "witches", "E9", "TP"), "witches", W=20, C=30)
    before = fs(st, "witches")["VP"]
    st = play(st, "witches", "upgrade E9 to TE. +FAV10")
    assert fs(st, "witches")["VP"] - before == 4
    st = play(st, "halflings", "pass BON9")
    before = fs(st, "witches")["VP"]
    st = play(st, "witches", "upgrade F4 to TP")  # a trading house: nothing from SCORE9
    assert fs(st, "witches")["VP"] - before == 3  # FAV10's 3 VP only
    later = tweak(put(score9_game("SCORE5"), "witches", "E9", "TP"), "witches", W=20, C=30)
    before = fs(later, "witches")["VP"]
    assert fs(play(later, "witches", "upgrade E9 to TE. +FAV10"), "witches")["VP"] == before


def test_score9_round_end_pays_two_coins_per_own_priest_on_the_cult_spaces() -> None:
    def coins_after_round(priests_on_board: int, tile: str = "SCORE9") -> int:
        st = score9_game(tile)
        for cult in ("FIRE", "WATER", "EARTH", "AIR")[:priests_on_board]:
            st["cult_spaces"][cult][0] = "witches"
        st["cult_spaces"]["AIR"][3] = "halflings"  # someone else's priest counts for them
        st = pass_all(st)
        assert st["round"] == 2
        return fs(st, "witches")["C"]

    none = coins_after_round(0)
    assert [coins_after_round(n) - none for n in (1, 2, 3)] == [2, 4, 6]
    assert coins_after_round(2, "SCORE5") == coins_after_round(0, "SCORE5")


# -- site game files ----------------------------------------------------------------------------

SITE = """option strict-leech
option errata-cultist-power
option mini-expansion-1
option shipping-bonus
option temple-scoring-tile
score SCORE9,SCORE8,SCORE6,SCORE2,SCORE3,SCORE7
delete BON4
delete BON6
delete BON8
delete BON9
delete BON1
setup witches
setup nomads
witches: build F4
nomads: build F3
nomads: build G4
witches: build E9
nomads: build A5
nomads: pass BON10
witches: pass BON2
"""


def test_a_site_file_with_the_three_options_replays() -> None:
    game = read_lines(SITE)
    opts = game_options(game)
    assert opts.shipping_bonus and opts.temple_scoring_tile and opts.mini_expansion_1
    rep = replay_text(SITE + "witches: upgrade F4 to TP\nnomads: leech 1 from witches\n"
                      "nomads: pass BON3\nwitches: upgrade F4 to TE. +FAV11\n")
    assert rep.error is None, rep.error
    st = rep.state
    assert fs(st, "nomads")["bonus"] == "BON3"
    assert fs(st, "nomads")["VP"] == 20  # a 1-power leech is free; shipping 0: no BON10 VP
    assert "TW6" in st["town_pool"] and "BON10" in st["bonus_in_play"]


def test_an_option_line_after_the_pool_is_built_adds_no_tiles() -> None:
    late = SITE.replace("option shipping-bonus\n", "").replace(
        "setup witches\n", "setup witches\noption shipping-bonus\n").replace(
        "nomads: pass BON10\n", "nomads: pass BON3\n")
    opts = game_options(read_lines(late))
    assert not opts.shipping_bonus and "BON10" not in opts.bonus
    assert replay_text(late).error is None


def test_randomize_draws_the_option_tiles_too() -> None:
    plain = [snellman_randomize(f"seed{i}", 4) for i in range(60)]
    both = [snellman_randomize(f"seed{i}", 4, {"shipping_bonus": True,
                                              "temple_scoring_tile": True}) for i in range(60)]
    assert all("SCORE9" not in s and "BON10" not in d for s, d in plain)
    assert any("SCORE9" in s for s, _ in both)
    assert all(len(d) == 10 - 7 for _, d in both)  # 10 bonus tiles, 4 seats + 3 kept
    assert any("BON10" in d for _, d in both) and any("BON10" not in d for _, d in both)


def test_the_option_tiles_have_texts_in_both_languages() -> None:
    for tile in ("TW6", "TW7", "TW8", "BON10", "SCORE9"):
        assert ALL_TILES[tile]["en"] and ALL_TILES[tile]["ko"]
    assert "2 keys" in ALL_TILES["TW6"]["en"] and "열쇠 2개" in ALL_TILES["TW6"]["ko"]
    assert "shipping" in ALL_TILES["BON10"]["en"] and "선적값" in ALL_TILES["BON10"]["ko"]
    assert "priest" in ALL_TILES["SCORE9"]["en"] and "성직자" in ALL_TILES["SCORE9"]["ko"]


# -- random games -------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_random_games_with_the_options_finish_and_replay_from_their_files(players: int) -> None:
    seen: set[str] = set()
    for seed in range(8):
        st, text = random_game(players, 500 + seed, pass_rate=10, options=ALL_ON)
        assert st["phase"] == "over"
        assert "option mini-expansion-1\n" in text and "option shipping-bonus\n" in text
        rep = replay_text(text)
        assert rep.error is None, rep.error
        out = summary(rep)
        for name, f in st["factions"].items():
            assert out["factions"][name]["VP"] == f["VP"]
        for f in st["factions"].values():
            seen |= set(f["towns"])
        seen |= set(st["scoring"]) | set(st["bonus_in_play"])
    assert {"BON10", "SCORE9"} <= seen


def test_random_play_with_the_options_keeps_the_invariants_move_by_move() -> None:
    from rules.core import Rng
    from rules.terra_mystica.gamefile import pick_by_family

    for seed in range(3):
        st = E.setup({"random_factions": True, **ALL_ON}, 3, 70 + seed)
        rng = Rng(seed)
        for _ in range(5000):
            if st["phase"] == "over":
                break
            d = rng.choice([d for d in E.decisions(st) if d.choices])
            keep = [c for c in d.choices if not c.text.startswith(("pass", "-"))]
            choice = pick_by_family(rng, keep if keep and rng.below(100) >= 10 else d.choices)
            new, _ = E.apply(st, d.seat, choice.action)
            check_invariants(st, new, d.seat, choice.action)
            st = new
        assert st["phase"] == "over"
