"""One or more focused tests per character, from hand-made turns (rules.citadels.positions, or
the older helpers.force_turn)."""

from __future__ import annotations

import pytest

from rules.citadels.positions import position
from rules.core import RuleError

from .helpers import ENGINE, act, force_turn, give_char, keys, set_seat, situation

FIRST = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]


def cast_with(*chars: str) -> list[str]:
    """The first-game cast with some ranks replaced."""
    from rules.citadels.characters import CHARACTER

    cast = list(FIRST)
    for c in chars:
        r = CHARACTER[c].rank
        if r == 9:
            cast.append(c)
        else:
            cast[r - 1] = c
    return cast


def turn_of(char: str, seat: int = 0, seats: int = 4, **kw):  # noqa: ANN201
    st = situation(seats)
    return force_turn(st, seat, char, cast=cast_with(char), **kw)


def prompt(st):  # noqa: ANN001, ANN201
    (d,) = ENGINE.decisions(st)
    return d


def test_assassin_killed_character_skipped_and_revealed_at_round_end() -> None:
    st = turn_of("assassin", gold=0)
    give_char(st, 2, "king")
    st, ev = act(st, 0, "kill king")
    assert "killed" in st["chars"]["king"]["markers"]
    st, ev = act(st, 0, "end")
    assert "citadels.ev.called_killed" in keys(ev)
    assert not any(e.key == "citadels.ev.reveal" and e.params.get("character") == "king" for e in ev)
    # round ends (no one else holds a character): the killed King is revealed, heir crowned
    assert "citadels.ev.killed_revealed" in keys(ev) and "citadels.ev.heir" in keys(ev)
    assert st["crown"] == 2


def test_assassin_kill_of_absent_character_looks_the_same() -> None:
    st = turn_of("assassin")
    st, _ = act(st, 0, "kill bishop")
    st, ev = act(st, 0, "end")
    called = [e for e in ev if e.params.get("character") == "bishop"]
    assert [e.key for e in called] == ["citadels.ev.called_killed"]


def test_witch_bewitches_then_plays_the_character() -> None:
    st = turn_of("witch", stage="gather", gold=0, city=["tavern", "market"])
    give_char(st, 1, "merchant")
    set_seat(st, 1, gold=0, city=["docks"])
    st, _ = act(st, 0, "gold")
    d = prompt(st)
    assert d.kind == "citadels.decide.bewitch" and all(c.action["type"] == "bewitch" for c in d.choices)
    st, ev = act(st, 0, "bewitch merchant")
    # the merchant's holder only gathers, then the Witch plays the Merchant with her city
    assert st["turn"]["seat"] == 1 and st["turn"]["mode"] == "bewitched"
    st, ev = act(st, 1, "gold")
    assert "citadels.ev.witch_resumes" in keys(ev)
    assert st["turn"]["seat"] == 0 and st["turn"]["char"] == "merchant"
    assert st["seats"][1]["gold"] == 2
    st, _ = act(st, 0, "income")
    assert st["seats"][0]["gold"] == 2 + 2 + 1  # gathered 2, two trade + 1


def test_witch_turn_ends_if_bewitched_character_absent() -> None:
    st = turn_of("witch", stage="gather", city=["park"], hand=[])
    st, _ = act(st, 0, "gold")
    st, ev = act(st, 0, "bewitch thief")
    assert "citadels.ev.witch_ends" in keys(ev)
    assert st["seats"][0]["hand_count"] == 0  # no Park at a paused Witch's end


def _magistrate_round(signed: str):  # noqa: ANN202
    st = turn_of("magistrate")
    give_char(st, 1, "bishop")
    set_seat(st, 1, gold=5, hand=["castle", "manor"])
    for c in ("thief", "bishop", "merchant"):
        st, _ = act(st, 0, f"warrant {c}")
    d = prompt(st)
    assert d.private and d.kind == "citadels.decide.sign"
    st, _ = act(st, 0, f"sign {signed}")
    st, _ = act(st, 0, "end")
    st, _ = act(st, 1, "gold")
    st, _ = act(st, 1, "build castle")
    d = prompt(st)
    assert d.seat == 0 and d.kind == "citadels.decide.confiscate" and d.private
    return st


def test_magistrate_confiscates_with_signed_warrant() -> None:
    st = _magistrate_round("bishop")
    st, ev = act(st, 0, "reveal")
    assert "citadels.ev.confiscated" in keys(ev)
    assert [d["id"] for d in st["seats"][0]["city"]] == ["castle"]
    assert st["seats"][1]["city"] == [] and st["seats"][1]["gold"] == 7
    # only the first paid build can be confiscated; the build still counted
    assert st["turn"]["builds"] == 1


def test_magistrate_unsigned_warrant_does_nothing() -> None:
    st = _magistrate_round("thief")
    st, ev = act(st, 0, "reveal")
    assert "citadels.ev.warrant_blank" in keys(ev)
    assert [d["id"] for d in st["seats"][1]["city"]] == ["castle"]


def test_thief_robs_on_call_before_gathering() -> None:
    st = position(characters={"thief": 0, "king": 2}, gold={0: 1, 2: 6}, turn="thief",
                  stage="main")
    with pytest.raises(RuleError):
        ENGINE.apply(st, 0, {"type": "rob", "character": "assassin"})  # rank 1
    st, _ = act(st, 0, "rob king")
    st, ev = act(st, 0, "end")
    assert "citadels.ev.robbed" in keys(ev)
    assert st["seats"][0]["gold"] == 7 and st["seats"][2]["gold"] == 0
    assert st["turn"]["stage"] == "gather" and st["turn"]["seat"] == 2


def test_spy_takes_gold_and_draws_per_match() -> None:
    st = turn_of("spy", gold=0, hand=[])
    set_seat(st, 1, gold=1, hand=["manor", "castle", "temple"])
    st, ev = act(st, 0, "spy p2 noble")
    assert st["seats"][0]["gold"] == 1 and st["seats"][1]["gold"] == 0
    assert st["seats"][0]["hand_count"] == 2
    sees = [e for e in ev if e.key == "citadels.ev.spy_sees"]
    assert sees[0].seat == 0 and sees[0].reveal


def test_blackmailer_bribe_is_half_rounded_down() -> None:
    st = turn_of("blackmailer", gold=0)
    give_char(st, 1, "merchant")
    set_seat(st, 1, gold=3)
    st, _ = act(st, 0, "threaten king")
    st, _ = act(st, 0, "threaten merchant")
    assert prompt(st).private
    st, _ = act(st, 0, "flower merchant")
    st, _ = act(st, 0, "end")
    st, _ = act(st, 1, "gold")  # gathers first: 5 gold
    assert prompt(st).kind == "citadels.decide.bribe"
    st, ev = act(st, 1, "bribe")
    assert st["seats"][0]["gold"] == 2 and st["seats"][1]["gold"] == 3


def test_blackmailer_reveals_flower_and_takes_all() -> None:
    st = turn_of("blackmailer", gold=0)
    give_char(st, 1, "merchant")
    set_seat(st, 1, gold=3)
    st, _ = act(st, 0, "threaten king")
    st, _ = act(st, 0, "threaten merchant")
    st, _ = act(st, 0, "flower merchant")
    st, _ = act(st, 0, "end")
    st, _ = act(st, 1, "gold")
    st, _ = act(st, 1, "refuse")
    d = prompt(st)
    assert d.seat == 0 and d.kind == "citadels.decide.threat_reveal"
    st, ev = act(st, 0, "reveal")
    assert st["seats"][0]["gold"] == 5 and st["seats"][1]["gold"] == 0


def test_magician_swaps_hands() -> None:
    st = position(characters={"magician": 0}, hands={0: ["temple"], 1: ["castle", "palace"]},
                  turn="magician", stage="main")
    st, _ = act(st, 0, "swap p2")
    assert st["seats"][0]["secret"]["hand"] == ["castle", "palace"]
    assert st["seats"][1]["secret"]["hand"] == ["temple"]


def test_magician_discards_and_redraws() -> None:
    st = turn_of("magician", hand=["temple", "castle", "palace"])
    st, _ = act(st, 0, "discard temple")
    st, _ = act(st, 0, "discard castle")
    st, _ = act(st, 0, "done")
    hand = st["seats"][0]["secret"]["hand"]
    assert len(hand) == 3 and "palace" in hand
    assert st["secret"]["deck"][-2:] == ["temple", "castle"]


def test_wizard_takes_and_builds_outside_the_limit() -> None:
    st = turn_of("wizard", gold=10, hand=["temple"], city=["castle"])
    set_seat(st, 1, hand=["castle", "tavern"])
    st, ev = act(st, 0, "look p2")
    assert prompt(st).private
    st, _ = act(st, 0, "grab castle")
    st, _ = act(st, 0, "build castle")  # a duplicate, built at once, not counted
    assert [d["id"] for d in st["seats"][0]["city"]] == ["castle", "castle"]
    st, _ = act(st, 0, "build temple")
    assert st["seats"][0]["gold"] == 10 - 4 - 1


def test_seer_takes_one_from_each_and_gives_back() -> None:
    st = turn_of("seer", hand=[])
    set_seat(st, 1, hand=["castle"])
    set_seat(st, 2, hand=["temple", "tavern"])
    set_seat(st, 3, hand=[])
    st, _ = act(st, 0, "ability")
    assert st["seats"][0]["hand_count"] == 2 and st["turn"]["stage"] == "seer_give"
    st, _ = act(st, 0, "give castle")
    card = st["seats"][0]["secret"]["hand"][0]
    st, _ = act(st, 0, f"give {card}")
    assert [s["hand_count"] for s in st["seats"]] == [0, 1, 2, 0]


def test_king_takes_crown_and_noble_income() -> None:
    st = position(characters={"king": 2}, gold={2: 0}, cities={2: ["manor", "castle", "temple"]},
                  turn="king", stage="gather")
    st, _ = act(st, 2, "gold")
    st, _ = act(st, 2, "income")
    assert st["seats"][2]["gold"] == 4


def test_king_crown_on_reveal() -> None:
    st = position(characters={"assassin": 0, "king": 3}, turn="assassin", stage="main")
    st, ev = act(st, 0, "end")
    assert st["crown"] == 3 and "citadels.ev.crown_taken" in keys(ev)


def test_emperor_must_crown_and_takes_gold() -> None:
    st = turn_of("emperor", seat=1, gold=0)
    set_seat(st, 2, gold=3)
    st["crown"] = 0
    d = prompt(st)
    assert all(c.action["type"] != "end" for c in d.choices)
    st, _ = act(st, 1, "crown p3 gold")
    assert st["crown"] == 2 and st["seats"][1]["gold"] == 1
    with pytest.raises(RuleError):
        ENGINE.apply(st, 1, {"type": "crown", "seat": 0, "take": "gold"})


def test_patrician_draws_per_noble() -> None:
    st = turn_of("patrician", hand=[], city=["manor", "palace"])
    st, _ = act(st, 0, "income")
    assert st["seats"][0]["hand_count"] == 2


def test_bishop_income_and_protection() -> None:
    st = turn_of("bishop", gold=0, city=["temple", "church"])
    st, _ = act(st, 0, "income")
    assert st["seats"][0]["gold"] == 2
    give_char(st, 1, "warlord")
    set_seat(st, 1, gold=9, city=["tavern"])
    st, _ = act(st, 0, "end")
    st, _ = act(st, 1, "gold")
    targets = {(a["seat"], a["card"]) for a in _all_main(st) if a["type"] == "destroy"}
    assert (1, "tavern") in targets and all(s != 0 for s, _ in targets)


def _all_main(st):  # noqa: ANN001, ANN202
    from rules.citadels.table import Ctx
    from rules.citadels.turn import main_actions

    return main_actions(Ctx(st))


def test_abbot_mix_and_tithe() -> None:
    st = turn_of("abbot", gold=0, hand=[], city=["temple", "church", "monastery"])
    set_seat(st, 2, gold=6)
    set_seat(st, 3, gold=6)
    st, _ = act(st, 0, "income 1")
    assert st["seats"][0]["gold"] == 1 and st["seats"][0]["hand_count"] == 2
    tithes = [a for a in _all_main(st) if a["type"] == "tithe"]
    assert {a["seat"] for a in tithes} == {2, 3}
    st, _ = act(st, 0, "tithe p4")
    assert st["seats"][0]["gold"] == 2 and st["seats"][3]["gold"] == 5


def test_cardinal_takes_shortfall_and_gives_cards() -> None:
    st = turn_of("cardinal", gold=2, hand=["palace", "temple", "tavern", "manor"])
    set_seat(st, 1, gold=5)
    st, _ = act(st, 0, "build palace from p2")
    assert st["seats"][1]["gold"] == 2
    st, _ = act(st, 0, "give temple")
    st, _ = act(st, 0, "give tavern")
    st, _ = act(st, 0, "give manor")
    assert [d["id"] for d in st["seats"][0]["city"]] == ["palace"]
    assert st["seats"][0]["gold"] == 0 and st["seats"][1]["hand_count"] == 3 + 4


def test_merchant_extra_gold() -> None:
    st = turn_of("merchant", gold=0, city=["tavern"])
    st, _ = act(st, 0, "income")
    assert st["seats"][0]["gold"] == 2


def test_alchemist_refund_at_end() -> None:
    st = turn_of("alchemist", gold=5, hand=["castle"])
    st, _ = act(st, 0, "build castle")
    assert st["seats"][0]["gold"] == 1
    st, ev = act(st, 0, "end")
    assert st["seats"][0]["gold"] == 5 and "citadels.ev.alchemist" in keys(ev)


def test_trader_builds_many_trade_districts() -> None:
    st = turn_of("trader", gold=20, hand=["tavern", "market", "docks", "castle"])
    for c in ("tavern", "market", "docks", "castle"):
        st, _ = act(st, 0, f"build {c}")
    assert len(st["seats"][0]["city"]) == 4


def test_architect_draws_two_and_builds_three() -> None:
    st = turn_of("architect", gold=20, hand=["tavern", "castle", "temple", "palace"])
    st, _ = act(st, 0, "ability")
    assert st["seats"][0]["hand_count"] == 6
    for c in ("tavern", "castle", "temple"):
        st, _ = act(st, 0, f"build {c}")
    assert not [a for a in _all_main(st) if a["type"] == "build"]


def test_navigator_never_builds() -> None:
    st = turn_of("navigator", gold=20, hand=["tavern", "stables"])
    assert not [a for a in _all_main(st) if a["type"] == "build"]
    st, _ = act(st, 0, "navigate gold")
    assert st["seats"][0]["gold"] == 24


def test_scholar_keeps_one_of_seven_and_shuffles_back() -> None:
    st = turn_of("scholar", hand=[])
    deck = len(st["secret"]["deck"])
    st, _ = act(st, 0, "ability")
    assert len(st["seats"][0]["secret"]["drawn"]) == 7 and prompt(st).private
    card = st["seats"][0]["secret"]["drawn"][3]
    st, _ = act(st, 0, {"type": "keep", "card": card})
    assert st["seats"][0]["secret"]["hand"] == [card]
    assert len(st["secret"]["deck"]) == deck - 1


def test_warlord_destroys_for_cost_minus_one() -> None:
    st = turn_of("warlord", gold=2)
    set_seat(st, 1, city=["barracks", "temple"])
    st, _ = act(st, 0, "destroy p2 barracks")
    assert st["seats"][0]["gold"] == 0 and [d["id"] for d in st["seats"][1]["city"]] == [
        "temple"]
    assert st["secret"]["deck"][-1] == "barracks"


def test_warlord_cannot_touch_completed_city() -> None:
    st = turn_of("warlord", gold=20)
    set_seat(st, 1, city=["temple", "tavern", "manor", "castle", "palace", "prison", "docks"])
    st["seats"][1]["completed"] = True
    assert not [a for a in _all_main(st) if a["type"] == "destroy" and a["seat"] == 1]


def test_diplomat_exchanges_paying_difference() -> None:
    st = turn_of("diplomat", gold=3, city=["temple"])
    set_seat(st, 1, gold=0, city=["castle"])
    st, _ = act(st, 0, "exchange p2 castle temple")
    assert [d["id"] for d in st["seats"][0]["city"]] == ["castle"]
    assert st["seats"][0]["gold"] == 0 and st["seats"][1]["gold"] == 3


def test_marshal_seizes_paying_owner() -> None:
    st = turn_of("marshal", gold=3)
    set_seat(st, 1, gold=0, city=["manor", "castle"])
    acts = [a for a in _all_main(st) if a["type"] == "seize"]
    assert acts == [{"type": "seize", "seat": 1, "card": "manor", "price": 3}]
    st, _ = act(st, 0, "seize p2 manor")
    assert st["seats"][1]["gold"] == 3 and st["seats"][0]["gold"] == 0


def test_queen_next_to_rank4() -> None:
    st = situation(5)
    cast = cast_with("queen")
    st = force_turn(st, 0, "king", cast=cast)
    give_char(st, 1, "queen")
    set_seat(st, 1, gold=0)
    st, ev = act(st, 0, "end")
    st, ev = act(st, 1, "gold")  # she gathers first, then her ability pays
    assert st["seats"][1]["gold"] == 2 + 3 and "citadels.ev.queen" in keys(ev)


def test_queen_with_killed_king_paid_at_round_end() -> None:
    st = situation(5)
    st = force_turn(st, 0, "assassin", cast=cast_with("queen"))
    give_char(st, 4, "king")
    give_char(st, 3, "queen")
    set_seat(st, 3, gold=0)
    st, _ = act(st, 0, "kill king")
    st, ev = act(st, 0, "end")
    assert st["turn"]["char"] == "queen" and st["seats"][3]["gold"] == 0
    st, _ = act(st, 3, "draw")
    st, _ = act(st, 3, {"type": "keep", "card": st["seats"][3]["secret"]["drawn"][0]})
    st, ev = act(st, 3, "end")
    assert "citadels.ev.queen" in keys(ev) and st["seats"][3]["gold"] == 3 and st["crown"] == 4


def test_artist_beautifies_two() -> None:
    st = situation(5)
    st = force_turn(st, 0, "artist", cast=cast_with("artist"), gold=3,
                    city=["temple", "manor", "castle"])
    st, _ = act(st, 0, "beautify temple")
    st, _ = act(st, 0, "beautify manor")
    assert not [a for a in _all_main(st) if a["type"] == "beautify"]
    assert st["seats"][0]["gold"] == 1
    from rules.citadels.scoring import score_seat

    assert score_seat(st, 0)[0]["districts"] == 1 + 1 + 3 + 1 + 4


def test_tax_collector_collects() -> None:
    st = situation(5)
    st = force_turn(st, 0, "king", cast=cast_with("tax_collector"), gold=5, hand=["manor"])
    st, ev = act(st, 0, "build manor")
    assert st["tax"] == 1 and st["seats"][0]["gold"] == 1
    give_char(st, 2, "tax_collector")
    st, _ = act(st, 0, "end")
    st, _ = act(st, 2, "gold")
    st, _ = act(st, 2, "ability")
    assert st["tax"] == 0 and st["seats"][2]["gold"] == 2 + 2 + 1


def test_no_tax_when_left_without_gold() -> None:
    st = situation(5)
    st = force_turn(st, 0, "king", cast=cast_with("tax_collector"), gold=3, hand=["manor"])
    st, _ = act(st, 0, "build manor")
    assert st["tax"] == 0
