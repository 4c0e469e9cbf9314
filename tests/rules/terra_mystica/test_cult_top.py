"""The top of a cult track (space 10) and keys: random games never get there, so each rule is
tested here. Digest §10: 10 needs a key (one per track), only one faction per track, and
reaching it gives 3 power (the 1/2/2/3 power at 3/5/7/10)."""

from __future__ import annotations

from rules.terra_mystica.cults import keys_free
from tests.rules.terra_mystica.helpers import fs, new_game, play, put, tweak

LOW = {"FIRE": 0, "WATER": 0, "EARTH": 0, "AIR": 0}


def game() -> dict:
    """Witches and Halflings in round 1, bowls with room for any power (all in bowl I)."""
    st = new_game(["witches", "halflings"], ["E9", "A1", "A7", "F4"], ["BON3", "BON5"])
    for name in ("witches", "halflings"):
        st = tweak(st, name, P1=12, P2=0, P3=0, P=3, cults=dict(LOW))
    return st


def power(st: dict, name: str) -> int:
    f = fs(st, name)
    return f["P2"] + 2 * f["P3"]


def at(st: dict, name: str, cult: str, value: int, keys: int = 0) -> dict:
    return tweak(st, name, cults={**fs(st, name)["cults"], cult: value}, keys=keys)


def test_reaching_ten_gives_three_power_and_spends_the_key() -> None:
    st = at(game(), "witches", "FIRE", 9, keys=1)
    after = play(st, "witches", "send p to FIRE for 3")
    assert fs(after, "witches")["cults"]["FIRE"] == 10
    assert power(after, "witches") - power(st, "witches") == 3
    assert keys_free(fs(after, "witches")) == 0 and fs(after, "witches")["keys"] == 1


def test_a_long_move_to_ten_pays_every_space_passed() -> None:
    st = at(game(), "witches", "FIRE", 7, keys=1)
    after = play(st, "witches", "send p to FIRE for 3")  # 7 -> 10: only the 10 is new
    assert fs(after, "witches")["cults"]["FIRE"] == 10
    assert power(after, "witches") - power(st, "witches") == 3
    st = at(game(), "witches", "FIRE", 6, keys=1)
    st["cult_spaces"]["FIRE"][0] = "halflings"  # the 3-space is taken: use favor FAV1 instead
    st = put(tweak(st, "witches", W=20, C=30), "witches", "E9", "TP")
    after = play(st, "witches", "upgrade E9 to TE. +FAV1")  # 6 -> 9 passes the 7 only
    assert fs(after, "witches")["cults"]["FIRE"] == 9
    assert power(after, "witches") - power(st, "witches") == 2
    st = at(st, "witches", "FIRE", 5)
    st = tweak(st, "witches", keys=1)
    after = play(st, "witches", "send p to FIRE for 2")  # 5 -> 7: the 2 power of the 7
    assert power(after, "witches") - power(st, "witches") == 2


def test_without_a_key_the_marker_stops_at_nine_and_gets_no_top_power() -> None:
    st = at(game(), "witches", "FIRE", 8)
    after = play(st, "witches", "send p to FIRE for 3")
    assert fs(after, "witches")["cults"]["FIRE"] == 9
    assert power(after, "witches") == power(st, "witches")  # 9 holds no power space


def test_two_factions_racing_for_ten_the_first_takes_it_and_the_second_keeps_its_key() -> None:
    st = at(at(game(), "witches", "WATER", 9, keys=1), "halflings", "WATER", 9, keys=1)
    st = play(st, "witches", "send p to WATER")
    assert fs(st, "witches")["cults"]["WATER"] == 10
    before = power(st, "halflings")
    st = play(st, "halflings", "send p to WATER")
    h = fs(st, "halflings")
    assert h["cults"]["WATER"] == 9 and power(st, "halflings") == before  # 10 is taken
    assert keys_free(h) == 1  # the key was not spent: it still opens another track
    st = at(st, "halflings", "EARTH", 9, keys=1)
    st = play(st, "witches", "pass BON7")
    st = play(st, "halflings", "send p to EARTH")
    assert fs(st, "halflings")["cults"]["EARTH"] == 10
    assert [f["cults"]["WATER"] for f in st["factions"].values()].count(10) == 1


def test_one_key_opens_one_track_only() -> None:
    st = game()
    st = tweak(st, "witches", cults={"FIRE": 9, "WATER": 9, "EARTH": 0, "AIR": 0}, keys=1)
    st = play(st, "witches", "send p to FIRE")
    st = play(st, "halflings", "pass BON7")
    st = play(st, "witches", "send p to WATER")
    assert fs(st, "witches")["cults"] == {"FIRE": 10, "WATER": 9, "EARTH": 0, "AIR": 0}


def test_a_town_key_taken_at_nine_lets_the_marker_go_to_ten() -> None:
    st = at(game(), "witches", "AIR", 9)
    st = play(st, "witches", "send p to AIR")  # no key yet: stays at 9
    assert fs(st, "witches")["cults"]["AIR"] == 9
    st = play(st, "halflings", "pass BON7")
    # a town: stronghold, trading house and dwelling, and one more dwelling (power 7)
    st = put(put(put(st, "witches", "E9", "SH"), "witches", "D7", "TP"), "witches", "E10")
    st["terrain"]["F6"] = "green"
    st = tweak(st, "witches", W=20, C=30)
    st = play(st, "witches", "build F6. +TW1")
    assert fs(st, "witches")["keys"] == 1
    st = play(st, "witches", "send p to AIR")  # the only faction still in the round
    assert fs(st, "witches")["cults"]["AIR"] == 10


def test_the_town_tile_s_own_step_uses_its_key_at_nine() -> None:
    st = at(game(), "witches", "EARTH", 9)
    st = put(put(put(st, "witches", "E9", "SH"), "witches", "D7", "TP"), "witches", "E10")
    st["terrain"]["F6"] = "green"
    before = power(st, "witches")
    st = play(st, "witches", "build F6. +TW5")  # the key comes first, then +1 on every cult
    assert fs(st, "witches")["cults"] == {"FIRE": 1, "WATER": 1, "EARTH": 10, "AIR": 1}
    assert power(st, "witches") - before == 3  # nothing for 0 -> 1 elsewhere
