"""The house-rule switches of Options change what they say (defaults tested elsewhere)."""

from __future__ import annotations

from .helpers import act, force_turn, give_char, set_seat, situation
from .test_characters import _all_main, cast_with

SEVEN = ["temple", "tavern", "manor", "castle", "palace", "prison", "docks"]


def warlord(**options: object):  # noqa: ANN202
    st = situation(4, **options)
    return force_turn(st, 0, "warlord", gold=9)


def test_great_wall_taxes_itself_option() -> None:
    for flag, price in ((False, 5), (True, 6)):
        st = warlord(great_wall_taxes_itself=flag)
        set_seat(st, 1, city=["great_wall"])
        st, _ = act(st, 0, "destroy p2 great wall")
        assert st["seats"][0]["gold"] == 9 - price


def test_warlord_own_completed_option() -> None:
    for flag in (False, True):
        st = warlord(warlord_own_completed=flag)
        set_seat(st, 0, city=SEVEN)
        st["seats"][0]["completed"] = True
        own = [a for a in _all_main(st) if a["type"] == "destroy" and a["seat"] == 0]
        assert bool(own) == flag


def test_target_faceup_discards_option() -> None:
    for flag in (True, False):
        st = situation(4, target_faceup_discards=flag)
        st = force_turn(st, 0, "assassin")
        st["faceup"] = ["bishop"]
        kills = {a["character"] for a in _all_main(st) if a["type"] == "kill"}
        assert ("bishop" in kills) == flag


def test_completion_by_count_option() -> None:
    for flag in (False, True):
        st = situation(4, completion_by_count=flag)
        st = force_turn(st, 0, "marshal", cast=cast_with("marshal"), gold=9, city=SEVEN[:6])
        set_seat(st, 1, city=["watchtower"])
        st, _ = act(st, 0, "seize p2 watchtower")
        assert st["seats"][0]["completed"] == flag


def test_great_wall_to_owner_option() -> None:
    st = situation(4, great_wall_to_owner=True)
    st = force_turn(st, 0, "marshal", cast=cast_with("marshal"), gold=9)
    set_seat(st, 1, gold=0, city=["great_wall", "watchtower"])
    st, _ = act(st, 0, "seize p2 watchtower")
    assert st["seats"][1]["gold"] == 2 and st["seats"][0]["gold"] == 7


def test_thief_after_gather_option() -> None:
    st = situation(4, thief_before_gather=False)
    st = force_turn(st, 0, "thief", gold=0)
    give_char(st, 2, "king")
    set_seat(st, 2, gold=3)
    st, _ = act(st, 0, "rob king")
    st, _ = act(st, 0, "end")
    st, _ = act(st, 2, "gold")
    assert st["seats"][0]["gold"] == 5 and st["seats"][2]["gold"] == 0


def test_bishop_shields_own_option() -> None:
    for flag in (False, True):
        st = situation(2, bishop_shields_own_rank8=flag)
        st = force_turn(st, 0, "warlord", gold=9, city=["temple"])
        give_char(st, 0, "bishop")
        st["chars"]["bishop"] = {"status": "revealed", "seat": 0, "markers": []}
        own = [a for a in _all_main(st) if a["type"] == "destroy" and a["seat"] == 0]
        assert bool(own) != flag


def test_artist_split_option() -> None:
    for flag in (True, False):
        st = situation(5, artist_split=flag)
        st = force_turn(st, 0, "artist", cast=cast_with("artist"), gold=5,
                        city=["temple", "manor"], hand=["tavern"])
        st, _ = act(st, 0, "beautify temple")
        st, _ = act(st, 0, "build tavern")
        again = [a for a in _all_main(st) if a["type"] == "beautify"]
        assert bool(again) == flag


def test_cardinal_without_cards_option() -> None:
    st = situation(4, cardinal_needs_cards=False)
    st = force_turn(st, 0, "cardinal", cast=cast_with("cardinal"), gold=3, hand=["palace"])
    set_seat(st, 1, gold=5)
    st, _ = act(st, 0, "build palace from p2")
    assert [d["id"] for d in st["seats"][0]["city"]] == ["palace"]
    assert st["seats"][1]["gold"] == 3


def test_random_option_mixes_play_out() -> None:
    from rules.citadels.options import Options
    from rules.core import Rng, random_playout

    from .helpers import ENGINE, check_invariants

    flags = [n for n, f in Options.model_fields.items() if f.annotation is bool]
    for i in range(30):
        r = Rng(i * 7 + 1)
        opts: dict[str, object] = {b: r.below(2) == 1 for b in flags}
        seats = 2 + r.below(7)
        opts.update(cast="random", crown=r.below(seats),
                    three_player_discard=["choose", "random"][r.below(2)])
        final, _ = random_playout(ENGINE, opts, seats, i)
        check_invariants(final)
        assert ENGINE.result(final) is not None
