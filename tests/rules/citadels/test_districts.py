"""One or more focused tests per unique district."""

from __future__ import annotations

from rules.citadels.scoring import score_game, score_seat

from .helpers import ENGINE, act, force_turn, give_char, keys, set_seat, situation
from .test_characters import _all_main, cast_with, prompt, turn_of

SEVEN = ["temple", "tavern", "manor", "castle", "palace", "prison", "docks"]


def score(st, seat=0):  # noqa: ANN001, ANN201
    return score_seat(st, seat)[0]


def acts_of(st, kind):  # noqa: ANN001, ANN201
    return [a for a in _all_main(st) if a["type"] == kind]


def test_armory_destroys_itself_and_a_district() -> None:
    st = turn_of("king", city=["armory", "temple"])
    set_seat(st, 1, city=["palace"])
    st, ev = act(st, 0, "armory p2 palace")
    assert [d["id"] for d in st["seats"][0]["city"]] == ["temple"]
    assert st["seats"][1]["city"] == []


def test_armory_not_in_completed_city() -> None:
    st = turn_of("king", city=["armory"])
    set_seat(st, 1, city=SEVEN)
    st["seats"][1]["completed"] = True
    assert not [a for a in acts_of(st, "armory") if a["seat"] == 1]


def test_basilica_counts_odd_costs() -> None:
    st = turn_of("king", city=["basilica", "temple", "manor", "castle", "cathedral"])
    assert score(st)["basilica"] == 3  # temple 1, manor 3, cathedral 5


def test_capitol_three_of_a_type_once() -> None:
    st = turn_of("king", city=["capitol", "manor", "castle", "palace", "temple"])
    assert score(st)["capitol"] == 3
    st = turn_of("king", city=["capitol", "manor", "temple"])
    assert score(st)["capitol"] == 0


def test_dragon_gate_two_points() -> None:
    st = turn_of("king", city=["dragon_gate"])
    assert score(st) == {"districts": 6, "five_types": 0, "first_complete": 0, "complete": 0,
                         "dragon_gate": 2}


def test_factory_discounts_other_uniques() -> None:
    st = turn_of("king", gold=4, hand=["library", "palace"], city=["factory"])
    builds = acts_of(st, "build")
    assert {"type": "build", "card": "library"} not in builds  # 6 - 1 = 5 > 4
    st = turn_of("king", gold=5, hand=["library"], city=["factory"])
    st, _ = act(st, 0, "build library")
    assert st["seats"][0]["gold"] == 0


def test_framework_pays_by_destroying_itself() -> None:
    st = turn_of("king", gold=0, hand=["palace"], city=["framework"])
    st, _ = act(st, 0, "build palace via framework")
    assert [d["id"] for d in st["seats"][0]["city"]] == ["palace"]


def test_gold_mine_extra_gold() -> None:
    st = turn_of("king", gold=0, city=["gold_mine"], stage="gather")
    st, _ = act(st, 0, "gold")
    assert st["seats"][0]["gold"] == 3


def test_great_wall_raises_warlord_cost_but_not_itself() -> None:
    st = turn_of("warlord", gold=5)
    set_seat(st, 1, city=["great_wall", "barracks"])
    st, _ = act(st, 0, "destroy p2 barracks")
    assert st["seats"][0]["gold"] == 5 - 3
    st = turn_of("warlord", gold=5)
    set_seat(st, 1, city=["great_wall"])
    st, _ = act(st, 0, "destroy p2 great wall")
    assert st["seats"][0]["gold"] == 0  # 6 - 1, errata 1: no surcharge on itself


def test_haunted_quarter_counts_as_best_type() -> None:
    st = turn_of("king", city=["haunted_quarter", "temple", "tavern", "manor", "prison"])
    b, hq = score_seat(st, 0)
    assert hq == "unique" and b["five_types"] == 3
    st = turn_of("king", city=["haunted_quarter", "ivory_tower", "temple", "tavern", "manor",
                               "prison"])
    b, hq = score_seat(st, 0)
    # the rulebook's clarification: counted as noble, the Ivory Tower is the only unique
    assert hq == "noble" and b["five_types"] == 3 and b["ivory_tower"] == 5
    st = turn_of("king", city=["haunted_quarter", "ivory_tower", "temple", "tavern",
                               "prison"])
    b, hq = score_seat(st, 0)
    assert hq == "noble" and b["ivory_tower"] == 5 and b["five_types"] == 3


def test_imperial_treasury_scores_gold() -> None:
    st = turn_of("king", gold=7, city=["imperial_treasury"])
    assert score(st)["imperial_treasury"] == 7


def test_ivory_tower_only_unique() -> None:
    st = turn_of("king", city=["ivory_tower", "temple"])
    assert score(st)["ivory_tower"] == 5
    st = turn_of("king", city=["ivory_tower", "keep"])
    assert score(st)["ivory_tower"] == 0


def test_keep_immune_to_rank8() -> None:
    st = turn_of("warlord", gold=9)
    set_seat(st, 1, city=["keep", "temple"])
    assert {a["card"] for a in acts_of(st, "destroy") if a["seat"] == 1} == {"temple"}


def test_laboratory_card_for_two_gold_once() -> None:
    st = turn_of("king", gold=0, hand=["temple", "tavern"], city=["laboratory"])
    st, _ = act(st, 0, "lab temple")
    assert st["seats"][0]["gold"] == 2 and st["seats"][0]["secret"]["hand"] == ["tavern"]
    assert not acts_of(st, "lab")


def test_library_keeps_all_drawn() -> None:
    st = turn_of("king", hand=[], city=["library"], stage="gather")
    st, _ = act(st, 0, "draw")
    assert st["seats"][0]["hand_count"] == 2 and st["turn"]["stage"] == "main"


def test_map_room_scores_hand() -> None:
    st = turn_of("king", hand=["temple", "tavern", "secret_vault"], city=["map_room"])
    b = score(st)
    assert b["map_room"] == 3 and b["secret_vault"] == 3


def test_monument_limit_and_counts_double() -> None:
    st = turn_of("king", gold=9, hand=["monument"], city=SEVEN[:5])
    assert not acts_of(st, "build")
    st = turn_of("king", gold=9, hand=["monument"], city=SEVEN[:4])
    st, _ = act(st, 0, "build monument")
    from rules.citadels.table import Ctx

    assert Ctx(st).city_size(0) == 6


def test_museum_scores_cards_under() -> None:
    st = turn_of("king", hand=["temple", "tavern"], city=["museum"])
    st, _ = act(st, 0, "museum temple")
    assert not acts_of(st, "museum")
    assert score(st)["museum"] == 1
    v = ENGINE.view(st, None)
    assert v["seats"][0]["city"][0]["museum_cards"] == 1


def test_necropolis_built_by_destroying_own_district() -> None:
    st = turn_of("king", gold=0, hand=["necropolis"], city=["temple"])
    st, _ = act(st, 0, "build necropolis via temple")
    assert [d["id"] for d in st["seats"][0]["city"]] == ["necropolis"]


def test_observatory_draws_three() -> None:
    st = turn_of("king", hand=[], city=["observatory"], stage="gather")
    st, _ = act(st, 0, "draw")
    assert len(st["seats"][0]["secret"]["drawn"]) == 3
    card = st["seats"][0]["secret"]["drawn"][1]
    st, _ = act(st, 0, {"type": "keep", "card": card})
    assert st["seats"][0]["secret"]["hand"] == [card]


def test_park_draws_two_with_empty_hand() -> None:
    st = turn_of("king", hand=[], city=["park"])
    st, ev = act(st, 0, "end")
    assert "citadels.ev.park" in keys(ev) and st["seats"][0]["hand_count"] == 2


def test_poor_house_before_alchemist() -> None:
    st = turn_of("alchemist", gold=4, hand=["castle"], city=["poor_house"])
    st, _ = act(st, 0, "build castle")
    st, ev = act(st, 0, "end")
    assert keys(ev)[:2] == ["citadels.ev.poor_house", "citadels.ev.alchemist"]
    assert st["seats"][0]["gold"] == 5


def test_quarry_allows_duplicates() -> None:
    st = turn_of("king", gold=9, hand=["temple"], city=["temple"])
    assert not acts_of(st, "build")
    st = turn_of("king", gold=9, hand=["temple"], city=["temple", "quarry"])
    st, _ = act(st, 0, "build temple")


def test_school_of_magic_counts_for_income() -> None:
    st = turn_of("king", gold=0, city=["school_of_magic", "manor"])
    st, _ = act(st, 0, "income")
    assert st["seats"][0]["gold"] == 2


def test_secret_vault_cannot_be_built() -> None:
    st = turn_of("king", gold=20, hand=["secret_vault"])
    assert not acts_of(st, "build")


def test_smithy_two_gold_three_cards() -> None:
    st = turn_of("king", gold=2, hand=[], city=["smithy"])
    st, _ = act(st, 0, "smithy")
    assert st["seats"][0]["gold"] == 0 and st["seats"][0]["hand_count"] == 3


def test_stables_do_not_count() -> None:
    st = turn_of("king", gold=9, hand=["stables", "temple"])
    st, _ = act(st, 0, "build stables")
    st, _ = act(st, 0, "build temple")
    assert len(st["seats"][0]["city"]) == 2


def test_statue_with_crown() -> None:
    st = turn_of("king", city=["statue"])
    st["crown"] = 0
    assert score(st)["statue"] == 5
    st["crown"] = 1
    assert score(st)["statue"] == 0


def test_theater_swaps_after_selection() -> None:
    st = situation(4, seed=3)
    set_seat(st, 0, city=["theater"])
    for _ in range(4):
        (d,) = ENGINE.decisions(st)
        st, _ = act(st, d.seat, d.choices[0].action)
    d = prompt(st)
    assert d.kind == "citadels.decide.theater" and d.seat == 0 and d.private
    mine = st["seats"][0]["secret"]["chars"][0]
    theirs = st["seats"][2]["secret"]["chars"][0]
    st, ev = act(st, 0, f"theater p3 {mine}")
    assert st["seats"][0]["secret"]["chars"] == [theirs]
    assert st["seats"][2]["secret"]["chars"] == [mine]
    assert {e.seat for e in ev if e.key == "citadels.ev.theater_got"} == {0, 2}


def test_thieves_den_paid_with_cards() -> None:
    st = turn_of("king", gold=2, hand=["thieves_den", "temple", "tavern", "manor", "castle"])
    st, _ = act(st, 0, "build thieves den cards 4")
    for c in ("temple", "tavern", "manor", "castle"):
        st, _ = act(st, 0, f"pay {c}")
    assert [d["id"] for d in st["seats"][0]["city"]] == ["thieves_den"]
    assert st["seats"][0]["gold"] == 0 and st["seats"][0]["hand_count"] == 0


def test_thieves_den_paid_only_in_cards_not_confiscated() -> None:
    st = situation(4)
    st = force_turn(st, 1, "king", cast=cast_with("magistrate"), gold=0,
                    hand=["thieves_den", *SEVEN[:6]])
    st["rs"]["warrants"] = ["king", "bishop", "merchant"]
    st["rs"]["magistrate_seat"] = 0
    st["seats"][0]["secret"]["markers"]["signed"] = "king"
    st, _ = act(st, 1, "build thieves den cards 6")
    for c in SEVEN[:6]:
        st, _ = act(st, 1, f"pay {c}")
    assert st["turn"]["stage"] == "main"


def test_wishing_well_counts_uniques() -> None:
    st = turn_of("king", city=["wishing_well", "keep", "temple"])
    assert score(st)["wishing_well"] == 2


def test_completion_bonuses_and_game_end() -> None:
    st = turn_of("architect", gold=20, hand=["cathedral", "fortress"], city=SEVEN[:5])
    give_char(st, 1, "warlord")
    st, ev = act(st, 0, "build cathedral")
    st, ev = act(st, 0, "build fortress")
    assert "citadels.ev.completed" in keys(ev) and st["first"] == 0 and st["ending"]
    st, ev = act(st, 0, "end")
    st, _ = act(st, 1, "gold")
    st, ev = act(st, 1, "end")
    assert st["phase"] == "over"
    res = ENGINE.result(st)
    top = next(s for s in res.scores if s.seat == 0)
    assert top.breakdown["first_complete"] == 4 and top.rank == 1
    assert score_game(st)[0]["seat"] == 0
