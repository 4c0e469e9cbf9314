"""The rulebook's clarifications where two rules meet (digest sections 6, 7.3 and 9)."""

from __future__ import annotations

import pytest

from rules.core import RuleError

from .helpers import ENGINE, act, force_turn, give_char, keys, set_seat, situation
from .test_characters import _all_main, cast_with, prompt


def warranted(hand: list[str], gold: int, city: list[str] | None = None,
              signed: str = "king"):  # noqa: ANN201
    st = situation(4)
    st = force_turn(st, 1, "king", cast=cast_with("magistrate"), gold=gold, hand=hand,
                    city=city or [])
    st["turn"]["char"] = "king"
    st["rs"]["warrants"] = ["king", "bishop", "merchant"]
    st["rs"]["magistrate_seat"] = 0
    st["seats"][0]["secret"]["markers"]["signed"] = signed
    return st


def test_only_first_paid_build_can_be_confiscated() -> None:
    st = force_turn(warranted(["temple", "tavern"], 9), 1, "architect",
                    cast=cast_with("magistrate"), gold=9, hand=["temple", "tavern"])
    st["rs"]["warrants"] = ["architect", "bishop", "merchant"]
    st["rs"]["magistrate_seat"] = 0
    st["seats"][0]["secret"]["markers"]["signed"] = "architect"
    st, _ = act(st, 1, "build temple")
    assert prompt(st).kind == "citadels.decide.confiscate"
    st, _ = act(st, 0, "pass")
    st, _ = act(st, 1, "build tavern")
    assert prompt(st).kind == "citadels.decide.turn"


def test_framework_build_not_confiscated_next_paid_one_is() -> None:
    st = warranted(["palace"], 9, city=["framework"])
    st, _ = act(st, 1, "build palace via framework")
    assert prompt(st).kind == "citadels.decide.turn"


def test_thieves_den_confiscated_returns_gold_only() -> None:
    st = warranted(["thieves_den", "temple", "tavern"], 4)
    st, _ = act(st, 1, "build thieves den cards 2")
    st, _ = act(st, 1, "pay temple")
    st, _ = act(st, 1, "pay tavern")
    st, ev = act(st, 0, "reveal")
    assert "citadels.ev.confiscated" in keys(ev)
    assert st["seats"][1]["gold"] == 4 and st["seats"][1]["hand_count"] == 0
    assert [d["id"] for d in st["seats"][0]["city"]] == ["thieves_den"]


def test_stables_confiscated_still_allows_a_build() -> None:
    st = warranted(["stables", "temple"], 5)
    st, _ = act(st, 1, "build stables")
    st, _ = act(st, 0, "reveal")
    st, _ = act(st, 1, "build temple")
    assert [d["id"] for d in st["seats"][1]["city"]] == ["temple"]


def test_magistrate_cannot_take_a_name_he_has() -> None:
    st = warranted(["castle"], 5)
    set_seat(st, 0, city=["castle"])
    st, _ = act(st, 1, "build castle")
    # revealing the signed warrant would be the confiscation: refused, with the reason
    with pytest.raises(RuleError) as info:
        act(st, 0, "reveal")
    assert info.value.key == "citadels.err.confiscate_same_name"
    st, ev = act(st, 0, "pass")
    assert [d["id"] for d in st["seats"][1]["city"]] == ["castle"]


def test_museum_cards_travel_with_exchange() -> None:
    st = force_turn(situation(4), 0, "diplomat", cast=cast_with("diplomat"), gold=9,
                    city=["keep", "museum"])
    set_seat(st, 1, city=["palace"])
    st["seats"][0]["secret"]["museum"] = ["temple"]
    st["secret"]["deck"].remove("temple")
    st["deck_count"] -= 1
    st["seats"][0]["city"][1]["museum"] = 1
    st, _ = act(st, 0, "exchange p2 palace museum")
    assert st["seats"][1]["secret"]["museum"] == ["temple"]
    assert st["seats"][0]["secret"]["museum"] == []


def test_diplomat_great_wall_surcharge_only_for_their_district() -> None:
    st = force_turn(situation(4), 0, "diplomat", cast=cast_with("diplomat"), gold=9,
                    city=["temple", "great_wall"])
    set_seat(st, 1, gold=0, city=["castle"])
    st, _ = act(st, 0, "exchange p2 castle temple")
    assert st["seats"][0]["gold"] == 9 - 3 - 0  # no wall in the other city
    st = force_turn(situation(4), 0, "diplomat", cast=cast_with("diplomat"), gold=9,
                    city=["temple"])
    set_seat(st, 1, gold=0, city=["castle", "great_wall"])
    st, _ = act(st, 0, "exchange p2 castle temple")
    assert st["seats"][0]["gold"] == 9 - 3 - 1 and st["seats"][1]["gold"] == 3


def test_marshal_beautified_district_too_expensive() -> None:
    st = force_turn(situation(5), 0, "marshal", cast=cast_with("marshal", "artist"), gold=9)
    set_seat(st, 1, city=["manor"])
    st["seats"][1]["city"][0]["beautified"] = True
    assert not [a for a in _all_main(st) if a["type"] == "seize"]


def test_witch_copies_bishop_protection() -> None:
    st = force_turn(situation(4), 0, "witch", cast=cast_with("witch"), stage="gather",
                    city=["temple"])
    give_char(st, 1, "bishop")
    give_char(st, 2, "warlord")
    set_seat(st, 1, city=["church"])
    set_seat(st, 2, gold=9)
    st, _ = act(st, 0, "gold")
    st, _ = act(st, 0, "bewitch bishop")
    st, _ = act(st, 1, "gold")
    assert st["turn"]["seat"] == 0 and st["turn"]["char"] == "bishop"
    st, _ = act(st, 0, "end")
    st, _ = act(st, 2, "gold")
    targets = {a["seat"] for a in _all_main(st) if a["type"] == "destroy"}
    assert 1 in targets and 0 not in targets


def test_witch_copies_emperor_and_crowns() -> None:
    st = force_turn(situation(4), 0, "witch", cast=cast_with("witch", "emperor"),
                    stage="gather")
    give_char(st, 2, "emperor")
    st["crown"] = 3
    st, _ = act(st, 0, "gold")
    st, _ = act(st, 0, "bewitch emperor")
    st, ev = act(st, 2, "gold")
    assert st["crown"] == 3  # the bewitched Emperor does not move the crown
    crowns = [a for a in _all_main(st) if a["type"] == "crown"]
    assert {a["seat"] for a in crowns} == {1, 2}
    st, _ = act(st, 0, "crown p2 gold")
    assert st["crown"] == 1


def test_bewitched_king_still_takes_crown() -> None:
    st = force_turn(situation(4), 0, "witch", cast=cast_with("witch"), stage="gather")
    give_char(st, 2, "king")
    st, _ = act(st, 0, "gold")
    st, ev = act(st, 0, "bewitch king")
    assert st["crown"] == 2 and st["turn"]["mode"] == "bewitched"


def test_assassinated_tax_collector_still_taxes() -> None:
    st = force_turn(situation(5), 0, "assassin", cast=cast_with("tax_collector"))
    give_char(st, 2, "king")
    give_char(st, 3, "tax_collector")
    set_seat(st, 2, gold=6, hand=["manor"])
    st, _ = act(st, 0, "kill tax collector")
    st, _ = act(st, 0, "end")
    st, _ = act(st, 2, "gold")
    st, ev = act(st, 2, "build manor")
    assert "citadels.ev.tax" in keys(ev) and st["tax"] == 1


def test_view_for_magistrate_prompt_does_not_leak_signed() -> None:
    st = warranted(["castle"], 5, signed="bishop")
    st, _ = act(st, 1, "build castle")
    d = prompt(st)
    # every warranted first paid build asks, so the question itself reveals nothing
    assert d.kind == "citadels.decide.confiscate" and d.private and d.seat == 0
    assert "signed" not in ENGINE.view(st, 1)["me"]["secret_markers"]


def test_quarry_never_applies_to_marshal_or_diplomat() -> None:
    st = force_turn(situation(4), 0, "marshal", cast=cast_with("marshal"), gold=9,
                    city=["quarry", "manor"])
    set_seat(st, 1, city=["manor"])
    assert not [a for a in _all_main(st) if a["type"] == "seize"]
    st = force_turn(situation(4), 0, "diplomat", cast=cast_with("diplomat"), gold=9,
                    city=["quarry", "manor"])
    set_seat(st, 1, city=["manor"])
    assert not [a for a in _all_main(st) if a["type"] == "exchange"]


def test_haunted_quarter_counts_for_capitol() -> None:
    from rules.citadels.scoring import score_seat

    st = force_turn(situation(4), 0, "king", city=["capitol", "haunted_quarter", "manor",
                                                    "castle"])
    b, hq = score_seat(st, 0)
    assert hq == "noble" and b["capitol"] == 3


def test_patrician_killed_heir_takes_crown() -> None:
    st = force_turn(situation(4), 0, "assassin", cast=cast_with("patrician"))
    give_char(st, 3, "patrician")
    st, _ = act(st, 0, "kill patrician")
    st, ev = act(st, 0, "end")
    assert "citadels.ev.heir" in keys(ev) and st["crown"] == 3


def test_navigator_cards() -> None:
    st = force_turn(situation(4), 0, "navigator", cast=cast_with("navigator"), hand=[])
    st, _ = act(st, 0, "navigate cards")
    assert st["seats"][0]["hand_count"] == 4
