"""Setup and the selection phase for every player count, sets and their restrictions."""

from __future__ import annotations

import pytest

from rules.citadels.characters import CHARACTER
from rules.citadels.sets import FIRST_GAME_DISTRICTS, PRESETS
from rules.core import RuleError, random_playout

from .helpers import ENGINE, act, check_invariants, keys, situation


def run_draft(st):  # noqa: ANN001, ANN201
    """Play the selection phase with first choices; return the state and the offers seen."""
    offers = []
    while st["phase"] == "draft":
        (d,) = ENGINE.decisions(st)
        assert d.private
        offer = st["seats"][d.seat]["secret"]["offer"]
        offers.append((d.seat, d.kind, list(offer or [])))
        st, _ = act(st, d.seat, d.choices[0].action)
    return st, offers


@pytest.mark.parametrize("seats", range(2, 9))
def test_setup_each_player_count(seats: int) -> None:
    st = situation(seats, seed=seats)
    check_invariants(st)
    assert all(s["gold"] == 2 and s["hand_count"] == 4 for s in st["seats"])
    assert len(st["cast"]) == (9 if seats in (3, 8) else 8)
    assert sorted(st["uniques"]) == sorted(FIRST_GAME_DISTRICTS)
    st, offers = run_draft(st)
    held = [len(s["secret"]["chars"]) for s in st["seats"]]
    assert held == [2 if seats <= 3 else 1] * seats
    all_chars = [c for s in st["seats"] for c in s["secret"]["chars"]]
    discards = st["faceup"] + st["secret"]["facedown"]
    assert sorted(all_chars + discards) == sorted(st["cast"])
    assert st["phase"] == "turns"
    final, _ = random_playout(ENGINE, {"cast": "random"}, seats, seats)
    assert ENGINE.result(final) is not None


@pytest.mark.parametrize(("seats", "nine", "faceup"),
                         [(4, False, 2), (4, True, 3), (5, False, 1), (5, True, 2),
                          (6, False, 0), (6, True, 1), (7, False, 0), (7, True, 0),
                          (8, True, 0)])
def test_faceup_discards_per_count(seats: int, nine: bool, faceup: int) -> None:
    for seed in range(6):
        st = situation(seats, seed=seed, cast="random", use_rank9=nine)
        assert len(st["faceup"]) == faceup
        assert len(st["secret"]["facedown"]) == 1
        assert all(CHARACTER[c].rank != 4 for c in st["faceup"])  # never rank 4 face up


def test_seven_player_rule_last_player_sees_facedown() -> None:
    st = situation(7, seed=2)
    facedown = list(st["secret"]["facedown"])
    st, offers = run_draft(st)
    assert len(offers) == 7
    last_seat, _, last_offer = offers[-1]
    assert len(last_offer) == 2 and facedown[0] in last_offer
    assert len(st["secret"]["facedown"]) == 1


def test_seven_players_nine_characters_no_special_rule() -> None:
    st = situation(7, seed=2, cast="random", use_rank9=True)
    st, offers = run_draft(st)
    assert len(offers[-1][2]) == 2  # the last of 8 undealt: 2 offered, one left face down
    assert len(st["secret"]["facedown"]) == 2


def test_eight_players_special_rule() -> None:
    st = situation(8, seed=5)
    st, offers = run_draft(st)
    assert len(offers[-1][2]) == 2 and len(st["secret"]["facedown"]) == 1


def test_two_player_draft_sequence() -> None:
    st = situation(2, seed=4)
    st, offers = run_draft(st)
    crown = 0
    assert [(s, k, len(o)) for s, k, o in offers] == [
        (crown, "citadels.decide.draft_take", 7), (1, "citadels.decide.draft_take", 6),
        (1, "citadels.decide.draft_discard", 5), (crown, "citadels.decide.draft_take", 4),
        (crown, "citadels.decide.draft_discard", 3), (1, "citadels.decide.draft_take", 2)]
    assert len(st["secret"]["facedown"]) == 4


def test_three_player_draft_last_player_chooses_discard() -> None:
    st = situation(3, seed=4)
    st, offers = run_draft(st)
    assert [(s, k, len(o)) for s, k, o in offers] == [
        (0, "citadels.decide.draft_take", 8), (1, "citadels.decide.draft_take", 7), (2, "citadels.decide.draft_take", 6),
        (2, "citadels.decide.draft_discard", 5), (0, "citadels.decide.draft_take", 4),
        (1, "citadels.decide.draft_take", 3), (2, "citadels.decide.draft_take", 2)]
    assert len(st["secret"]["facedown"]) == 3


def test_three_player_random_discard_option() -> None:
    st = situation(3, seed=4, three_player_discard="random")
    st, offers = run_draft(st)
    assert "citadels.decide.draft_discard" not in [k for _, k, _ in offers]


def test_two_three_players_complete_at_eight() -> None:
    from rules.citadels.table import Ctx

    assert Ctx(situation(3)).threshold() == 8 and Ctx(situation(4)).threshold() == 7


@pytest.mark.parametrize("name", sorted(PRESETS))
def test_presets(name: str) -> None:
    chars, ninth, uniques = PRESETS[name]
    st = ENGINE.setup({"cast": name}, 5, 1)
    assert st["cast"] == chars and sorted(st["uniques"]) == sorted(uniques)
    st = ENGINE.setup({"cast": name}, 8, 1)
    assert st["cast"] == [*chars, ninth]
    st = ENGINE.setup({"cast": name}, 3, 1)
    assert "queen" not in st["cast"] and len(st["cast"]) == 9
    st = ENGINE.setup({"cast": name}, 2, 1)
    assert "emperor" not in st["cast"] and len(st["cast"]) == 8


def test_custom_set_rules() -> None:
    uniques = list(FIRST_GAME_DISTRICTS)
    good = ["witch", "spy", "seer", "emperor", "abbot", "trader", "scholar", "diplomat"]
    st = ENGINE.setup({"cast": "custom", "characters": good, "districts": uniques}, 5, 1)
    assert st["cast"] == good
    with pytest.raises(RuleError) as e:
        ENGINE.setup({"cast": "custom", "characters": good, "districts": uniques}, 2, 1)
    assert e.value.key == "citadels.err.cast_emperor"
    with pytest.raises(RuleError) as e:
        ENGINE.setup({"cast": "custom", "characters": [*good, "queen"], "districts": uniques},
                     4, 1)
    assert e.value.key == "citadels.err.cast_queen"
    with pytest.raises(RuleError) as e:
        ENGINE.setup({"cast": "custom", "characters": good, "districts": uniques}, 3, 1)
    assert e.value.key == "citadels.err.cast_rank9"
    with pytest.raises(RuleError) as e:
        ENGINE.setup({"cast": "custom", "characters": good[::-1], "districts": uniques}, 5, 1)
    assert e.value.key == "citadels.err.cast_ranks"
    with pytest.raises(RuleError) as e:
        ENGINE.setup({"cast": "custom", "characters": good, "districts": uniques[:13]}, 5, 1)
    assert e.value.key == "citadels.err.districts_invalid"


def test_random_sets_obey_rules() -> None:
    for seats in range(2, 9):
        for seed in range(10):
            st = ENGINE.setup({"cast": "random"}, seats, seed)
            assert [CHARACTER[c].rank for c in st["cast"]] == list(
                range(1, len(st["cast"]) + 1))
            assert len(set(st["uniques"])) == 14


def test_seats_bounds() -> None:
    for n in (1, 9):
        with pytest.raises(RuleError):
            ENGINE.setup({}, n, 1)


def test_round_start_event_and_crown_player_picks_first() -> None:
    st = ENGINE.setup({"crown": 2}, 5, 9)
    (d,) = ENGINE.decisions(st)
    assert d.seat == 2 and d.kind == "citadels.decide.draft_take"
    st2, ev = act(st, 2, d.choices[0].action)
    assert [e.seat for e in ev if e.key == "citadels.ev.you_picked"] == [2]
    assert "citadels.ev.picked" in keys(ev)


def test_custom_set_options_read_names_in_either_language_and_refuse_unknown_ones() -> None:
    from pydantic import ValidationError

    from rules.citadels.options import Options

    opts = Options(cast="custom", characters=["Assassin", "도둑", "MAGICIAN"],
                   districts=["Ivory Tower", "상아탑", "laboratory"])
    assert opts.characters == ["assassin", "thief", "magician"]
    assert opts.districts == ["ivory_tower", "ivory_tower", "laboratory"]
    with pytest.raises(ValidationError):
        Options(characters=["assassin", "jester"])
    with pytest.raises(ValidationError):
        Options(districts=["market"])  # a basic district is not a unique one
