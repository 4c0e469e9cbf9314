"""The Magistrate's reveal when the build under his signed warrant cannot be confiscated.

Korean rulebook: "인장 찍힌 영장이 공개됐다면 그 캐릭터가 건설하려던 건물은 치안판사가
몰수합니다" and "만약 치안 판사가 몰수하려는 건물과 이름이 똑같은 건물이 이미 치안 판사의
도시에 있다면, 절대로 그 건물은 몰수할 수 없습니다". Revealing the signed warrant is the
confiscation itself, so where it cannot happen the warrant stays hidden: only "do not
reveal" is offered, and a typed reveal is refused with the reason (nothing changes, nothing
is shown to the table).
"""

from __future__ import annotations

import re

import pytest

from bot.i18n import refusal_text
from rules.core import RuleError, dump_state

from .helpers import ENGINE, act, force_turn, keys, set_seat, situation
from .test_characters import cast_with, prompt

HANGUL = re.compile("[가-힣]")


def warranted(card: str, *, mag_city: list[str], signed: str = "king",
              gold: int = 9) -> dict:
    """Seat 1's King (warranted; the signed warrant on `signed`) has just paid for `card`:
    the Magistrate (seat 0, his city `mag_city`) must answer."""
    st = force_turn(situation(4), 1, "king", cast=cast_with("magistrate"), gold=gold,
                    hand=[card], city=[])
    st["rs"]["warrants"] = ["king", "bishop", "merchant"]
    st["rs"]["magistrate_seat"] = 0
    st["seats"][0]["secret"]["markers"]["signed"] = signed
    set_seat(st, 0, city=mag_city)
    st, _ = act(st, 1, f"build {card}")
    d = prompt(st)
    assert (d.kind, d.seat, d.private) == ("citadels.decide.confiscate", 0, True)
    return st


def choice_types(st: dict) -> list[tuple[str, bool]]:
    return [(c.action["type"], bool(c.action.get("hide"))) for c in prompt(st).choices]


HIDE_ONLY = [("pass", True)]
BOTH = [("reveal", False), ("pass", True)]


@pytest.mark.parametrize(("card", "mag_city"), [
    ("castle", ["castle"]),
    ("castle", ["castle", "quarry"]),  # the Quarry never applies to a confiscation
    ("monument", ["temple", "tavern", "market", "manor", "castle"]),  # no Monument in 5+
])
def test_only_do_not_reveal_is_offered_when_the_signed_warrant_cannot_confiscate(
        card, mag_city) -> None:
    st = warranted(card, mag_city=mag_city)
    assert choice_types(st) == HIDE_ONLY
    assert prompt(st).timeout.action == prompt(st).choices[0].action
    st, ev = act(st, 0, "pass")
    assert keys(ev) == ["citadels.ev.warrant_kept"] and not any(e.reveal for e in ev)
    assert [d["id"] for d in st["seats"][1]["city"]] == [card]
    assert "warrant_revealed" not in st["chars"]["king"]["markers"]


@pytest.mark.parametrize(("card", "mag_city", "key"), [
    ("castle", ["castle", "quarry"], "citadels.err.confiscate_same_name"),
    ("monument", ["temple", "tavern", "market", "manor", "castle"],
     "citadels.err.confiscate_monument"),
])
@pytest.mark.parametrize("typed", ["reveal", "공개"])
def test_a_typed_reveal_is_refused_with_the_reason_and_changes_nothing(
        card, mag_city, key, typed) -> None:
    st = warranted(card, mag_city=mag_city)
    before = dump_state(st)
    action = ENGINE.parse(st, 0, typed)
    assert action == {"type": "reveal"}
    with pytest.raises(RuleError) as info:
        ENGINE.apply(st, 0, action)
    assert info.value.key == key
    assert dump_state(st) == before
    for lang in ("en", "ko"):
        text = refusal_text(info.value.key, info.value.params, lang)
        assert text != key and "{" not in text
        assert ("Monument" if card == "monument" else "Castle") in text or lang == "ko"
    assert HANGUL.search(refusal_text(info.value.key, info.value.params, "ko"))
    # the table still waits on the same hidden decision
    assert choice_types(st) == HIDE_ONLY


def test_a_signed_warrant_confiscates_as_before() -> None:
    st = warranted("castle", mag_city=["temple"])
    assert choice_types(st) == BOTH
    st, ev = act(st, 0, "reveal")
    assert "citadels.ev.confiscated" in keys(ev)
    assert [d["id"] for d in st["seats"][0]["city"]] == ["temple", "castle"]
    assert st["seats"][1]["city"] == [] and st["seats"][1]["gold"] == 9


def test_a_blank_warrant_may_still_be_revealed_over_a_name_he_has() -> None:
    # the signed warrant is on the Bishop: revealing the King's blank one confiscates nothing
    # and is no confiscation, so it stays allowed
    st = warranted("castle", mag_city=["castle"], signed="bishop")
    assert choice_types(st) == BOTH
    st, ev = act(st, 0, "reveal")
    assert "citadels.ev.warrant_blank" in keys(ev)
    assert [d["id"] for d in st["seats"][1]["city"]] == ["castle"]
