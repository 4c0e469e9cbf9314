"""Rule-by-rule audit against the Korean rulebook (seed 002): the rules that no other test
pinned, each stated with the book's words it checks."""

from __future__ import annotations

import pytest

from rules.citadels.scoring import score_game, score_seat
from rules.core import RuleError

from .helpers import ENGINE, act, force_turn, give_char, keys, set_seat, situation
from .test_characters import _all_main, cast_with, prompt, turn_of
from .test_interactions import warranted


def acts(st, kind):  # noqa: ANN001, ANN201
    return [a for a in _all_main(st) if a["type"] == kind]


def to_main(st, seat):  # noqa: ANN001, ANN201
    """Gather 2 gold for the called character of `seat`."""
    assert st["turn"]["seat"] == seat and st["turn"]["stage"] == "gather"
    st, _ = act(st, seat, "gold")
    return st


# -- rank 1 ---------------------------------------------------------------------------
def test_bewitched_navigator_restriction_is_copied() -> None:
    # 행동 제한(항해사의 건설 불가 불이익)등을 그대로 적용
    st = force_turn(situation(4), 0, "witch", cast=cast_with("witch", "navigator"),
                    stage="gather", gold=20, hand=["tavern", "stables"])
    give_char(st, 1, "navigator")
    st, _ = act(st, 0, "gold")
    st, _ = act(st, 0, "bewitch navigator")
    st, _ = act(st, 1, "gold")
    assert st["turn"]["seat"] == 0 and st["turn"]["char"] == "navigator"
    assert not acts(st, "build") and acts(st, "navigate")


def test_bewitched_holder_only_gathers() -> None:
    # 마법에 걸린 캐릭터는 자원 얻기 행동만 하고 즉시 차례를 마칩니다 (no Park, no Poor House)
    st = force_turn(situation(4), 0, "witch", cast=cast_with("witch"), stage="gather")
    give_char(st, 1, "merchant")
    set_seat(st, 1, gold=0, hand=[], city=["park", "tavern"])
    st, _ = act(st, 0, "gold")
    st, _ = act(st, 0, "bewitch merchant")
    st, ev = act(st, 1, "draw")
    if st["turn"]["stage"] == "keep":
        st, ev = act(st, 1, {"type": "keep", "card": st["seats"][1]["secret"]["drawn"][0]})
    assert st["seats"][1]["hand_count"] == 1 and st["seats"][1]["gold"] == 0
    assert "citadels.ev.park" not in keys(ev) and st["turn"]["seat"] == 0


def test_paused_witch_gets_no_poor_house() -> None:
    # 구빈원: 마녀가 차례를 중지한 상태에서 라운드가 끝난 경우 ... 절대로 사용할 수 없습니다
    st = force_turn(situation(4), 0, "witch", cast=cast_with("witch"), stage="gather",
                    gold=0, city=["poor_house"])
    st, _ = act(st, 0, "draw")
    if st["turn"]["stage"] == "keep":
        st, _ = act(st, 0, {"type": "keep", "card": st["seats"][0]["secret"]["drawn"][0]})
    st, ev = act(st, 0, "bewitch thief")  # nobody holds the Thief
    assert "citadels.ev.witch_ends" in keys(ev) and "citadels.ev.poor_house" not in keys(ev)
    assert st["seats"][0]["gold"] == 0


def test_necropolis_without_cost_not_confiscated() -> None:
    # 공동묘지: 건설비용을 지불하지 않고 건설하는 공동묘지는 치안판사가 절대로 몰수할 수 없습니다
    st = warranted(["necropolis", "palace"], 9, city=["temple"])
    st, _ = act(st, 1, "build necropolis via temple")
    assert prompt(st).kind == "citadels.decide.turn"
    assert [d["id"] for d in st["seats"][1]["city"]] == ["necropolis"]


# -- rank 2 ---------------------------------------------------------------------------
def test_thief_cannot_rob_rank1_killed_or_bewitched() -> None:
    st = turn_of("thief")
    st["rs"]["killed"] = "king"
    targets = {a["character"] for a in acts(st, "rob")}
    assert targets == {"magician", "bishop", "merchant", "architect", "warlord"}
    st = force_turn(situation(4), 1, "thief", cast=cast_with("witch"))
    st["rs"]["bewitched"] = "bishop"
    assert "bishop" not in {a["character"] for a in acts(st, "rob")}


def test_blackmailer_targets_and_warranted_characters() -> None:
    # 1번 캐릭터, 암살당한 캐릭터, 마법에 걸린 캐릭터는 절대로 협박할 수 없습니다.
    # 영장 토큰이 붙은 캐릭터는 협박할 수 있습니다.
    st = turn_of("blackmailer")
    st["cast"][0] = "magistrate"
    st["chars"]["magistrate"] = st["chars"].pop("assassin")
    st["rs"]["warrants"] = ["king", "bishop", "merchant"]
    targets = {a["character"] for a in acts(st, "threaten")}
    assert targets == {"magician", "king", "bishop", "merchant", "architect", "warlord"}


def test_spy_targets_players_not_characters() -> None:
    st = turn_of("spy")
    seats = {a["seat"] for a in acts(st, "spy")}
    assert seats == {1, 2, 3}
    assert {a["kind"] for a in acts(st, "spy")} == {"noble", "religious", "trade",
                                                   "military", "unique"}


# -- rank 3 ---------------------------------------------------------------------------
def test_magician_with_no_cards_takes_the_other_hand() -> None:
    st = turn_of("magician", hand=[])
    set_seat(st, 2, hand=["castle", "temple"])
    st, _ = act(st, 0, "swap p3")
    assert st["seats"][0]["secret"]["hand"] == ["castle", "temple"]
    assert st["seats"][2]["hand_count"] == 0


def test_seer_builds_two() -> None:
    st = turn_of("seer", gold=20, hand=["temple", "tavern", "manor"])
    st, _ = act(st, 0, "build temple")
    st, _ = act(st, 0, "build tavern")
    assert not acts(st, "build")


# -- rank 4 ---------------------------------------------------------------------------
def test_emperor_takes_a_random_card() -> None:
    st = turn_of("emperor", seat=1, gold=0, hand=[])
    set_seat(st, 3, gold=0, hand=["palace"])
    st["crown"] = 0
    assert {"type": "crown", "seat": 3, "take": "gold"} not in acts(st, "crown")
    st, _ = act(st, 1, "crown p4 card")
    assert st["crown"] == 3 and st["seats"][1]["secret"]["hand"] == ["palace"]


def test_emperor_with_nothing_to_take() -> None:
    # 가져올 게 아무것도 없으면 아무것도 못 가져옵니다
    st = turn_of("emperor", seat=1, gold=0, hand=[])
    for s in (0, 2, 3):
        set_seat(st, s, gold=0, hand=[])
    st["crown"] = 0
    assert {(a["seat"], a["take"]) for a in acts(st, "crown")} == {(2, None), (3, None)}


# -- rank 5 ---------------------------------------------------------------------------
def test_killed_bishop_gives_no_protection() -> None:
    # 만약 주교가 암살당했다면, 주교 플레이어는 8번 캐릭터의 능력을 방어할 수 없습니다
    st = turn_of("warlord", gold=9)
    give_char(st, 1, "bishop")
    set_seat(st, 1, city=["temple"])
    st["rs"]["killed"] = "bishop"
    st["chars"]["bishop"]["status"] = "killed"
    assert {"type": "destroy", "seat": 1, "card": "temple", "price": 0} in acts(st, "destroy")


def test_abbot_among_the_richest_gets_nothing() -> None:
    st = turn_of("abbot", gold=6, city=["temple"])
    set_seat(st, 2, gold=6)
    assert not acts(st, "tithe")


def test_school_of_magic_gives_the_abbot_one_resource() -> None:
    # 마법학교: 수도원장은 두 자원 중 하나를 받습니다
    st = turn_of("abbot", gold=0, hand=[], city=["school_of_magic", "temple"])
    assert acts(st, "income") == [{"type": "income", "gold": g, "cards": 2 - g} for g in range(3)]
    st, _ = act(st, 0, "income 1")
    assert st["seats"][0]["gold"] == 1 and st["seats"][0]["hand_count"] == 1


def test_cardinal_takes_only_the_shortfall_from_one_player() -> None:
    st = turn_of("cardinal", gold=3, hand=["palace", "temple", "tavern"])
    set_seat(st, 1, gold=9)
    set_seat(st, 2, gold=1)
    set_seat(st, 3, gold=0)
    builds = [a for a in acts(st, "build") if "from" in a]
    assert builds == [{"type": "build", "card": "palace", "from": 1}]
    st, ev = act(st, 0, "build palace from p2")
    assert st["seats"][1]["gold"] == 7
    assert next(e for e in ev if e.key == "citadels.ev.cardinal_takes").params["amount"] == 2


# -- rank 9 ---------------------------------------------------------------------------
def test_threatened_queen_resolves_the_threat_before_her_gold() -> None:
    # 협박당한 플레이어는 (자기 캐릭터 능력이나 건물 효과를 사용하기 전에) 반드시 ...
    # 대응해야 합니다; the Queen's 3 gold is her ability, so it comes after the threat.
    st = force_turn(situation(5), 0, "blackmailer", cast=cast_with("blackmailer", "queen"),
                    gold=0)
    give_char(st, 1, "king")
    give_char(st, 2, "queen")
    set_seat(st, 2, gold=0)
    st, _ = act(st, 0, "threaten queen")
    st, _ = act(st, 0, "threaten merchant")
    st, _ = act(st, 0, "flower queen")
    st, _ = act(st, 0, "end")
    st = to_main(st, 1)
    st, ev = act(st, 1, "end")
    assert st["seats"][2]["gold"] == 0 and "citadels.ev.queen" not in keys(ev)
    st = to_main(st, 2)
    assert prompt(st).kind == "citadels.decide.bribe"
    st, _ = act(st, 2, "refuse")
    st, ev = act(st, 0, "reveal")
    assert "citadels.ev.queen" in keys(ev)
    assert st["seats"][0]["gold"] == 2 and st["seats"][2]["gold"] == 3


def test_queen_gains_after_gathering() -> None:
    # 자기 차례가 되면 먼저 "자원 얻기 행동"을 반드시 해야 합니다
    st = force_turn(situation(5), 0, "king", cast=cast_with("queen"))
    give_char(st, 4, "queen")
    set_seat(st, 4, gold=0)
    st, ev = act(st, 0, "end")
    assert st["turn"]["stage"] == "gather" and st["seats"][4]["gold"] == 0
    st, ev = act(st, 4, "gold")
    assert "citadels.ev.queen" in keys(ev) and st["seats"][4]["gold"] == 5


def test_queen_not_adjacent_gets_nothing() -> None:
    st = force_turn(situation(5), 0, "king", cast=cast_with("queen"))
    give_char(st, 2, "queen")
    set_seat(st, 2, gold=0)
    st, _ = act(st, 0, "end")
    st, ev = act(st, 2, "gold")
    assert "citadels.ev.queen" not in keys(ev) and st["seats"][2]["gold"] == 2


def test_beautified_district_costs_the_warlord_one_more() -> None:
    # 장군은 해당 건물을 파괴할 때 반드시 금화를 1닢 더 내야 합니다
    st = turn_of("warlord", gold=3)
    set_seat(st, 1, city=["manor"])
    st["seats"][1]["city"][0]["beautified"] = True
    st["seats"][1]["city"][0]["gold_on"] = 1
    st["ledger"]["bank_out"] += 1
    st, ev = act(st, 0, "destroy p2 manor")
    assert st["seats"][0]["gold"] == 0
    assert next(e for e in ev if e.key == "citadels.ev.destroyed").params["gold"] == 3


def test_tax_on_free_builds_and_none_for_the_tax_collector() -> None:
    # 건설비용을 내지 않고 건물을 건설하더라도 재산세는 내야 합니다. 세리는 재산세를 내지 않습니다.
    st = force_turn(situation(5), 0, "king", cast=cast_with("tax_collector"), gold=2,
                    hand=["palace"], city=["framework"])
    st, ev = act(st, 0, "build palace via framework")
    assert st["tax"] == 1 and st["seats"][0]["gold"] == 1
    st = force_turn(situation(5), 0, "tax_collector", cast=cast_with("tax_collector"),
                    gold=5, hand=["manor"])
    st, ev = act(st, 0, "build manor")
    assert st["tax"] == 0 and "citadels.ev.tax" not in keys(ev)


def test_two_players_tax_collector_pays_on_his_other_turn() -> None:
    # 2~3명 게임에서 세리를 선택한 플레이어는, 자신의 다른 캐릭터 차례에 ... 재산세를 내야 합니다
    st = force_turn(situation(3), 0, "king", cast=cast_with("tax_collector"), gold=5,
                    hand=["manor"])
    give_char(st, 0, "tax_collector")
    st, ev = act(st, 0, "build manor")
    assert "citadels.ev.tax" in keys(ev) and st["tax"] == 1


# -- districts ------------------------------------------------------------------------
def test_museum_cards_on_destruction_and_seizure() -> None:
    # 박물관이 ... 점령되면 ... 함께 움직입니다. 파괴되면 ... 건물 카드 더미 아래에 넣습니다.
    st = turn_of("warlord", gold=9)
    set_seat(st, 1, city=["museum"])
    deck = st["secret"]["deck"]
    under = [deck.pop(), deck.pop()]
    st["seats"][1]["secret"]["museum"] = under
    st["seats"][1]["city"][0]["museum"] = 2
    st, _ = act(st, 0, "destroy p2 museum")
    assert st["secret"]["deck"][-3:] == [*under, "museum"]
    assert st["seats"][1]["secret"]["museum"] == []


def test_haunted_quarter_as_another_type_is_not_unique_for_the_wishing_well() -> None:
    # 유령 지구: ... 다른 종류 건물로 사용하면, 유령 지구는 더 이상 특수 건물로 취급하지 않습니다
    st = turn_of("king", city=["wishing_well", "haunted_quarter", "temple", "tavern",
                               "prison"])
    b, hq = score_seat(st, 0)
    assert hq == "noble" and b["five_types"] == 3 and b["wishing_well"] == 1


def test_theater_with_two_characters_gives_the_chosen_one() -> None:
    # 2~3명 게임에는 극장 주인이 자기 캐릭터 중 1장을 골라 상대에게 주고, 상대의 캐릭터
    # 카드 중 1장을 무작위로 뽑아 가져갑니다
    st = situation(2, seed=3)
    set_seat(st, 1, city=["theater"])
    while st["phase"] == "draft" and st.get("theater") is None:
        (d,) = ENGINE.decisions(st)
        st, _ = act(st, d.seat, d.choices[0].action)
    d = prompt(st)
    assert d.kind == "citadels.decide.theater" and d.seat == 1
    mine = list(st["seats"][1]["secret"]["chars"])
    theirs = list(st["seats"][0]["secret"]["chars"])
    assert {(c.action.get("seat"), c.action.get("character")) for c in d.choices} == {
        (None, None), *((0, c) for c in mine)}
    st, _ = act(st, 1, f"theater p1 {mine[1]}")
    now_mine = st["seats"][1]["secret"]["chars"]
    assert mine[0] in now_mine and mine[1] in st["seats"][0]["secret"]["chars"]
    got = [c for c in now_mine if c != mine[0]]
    assert len(got) == 1 and got[0] in theirs


# -- scoring --------------------------------------------------------------------------
def test_other_completed_cities_score_two() -> None:
    # 도시를 완성시킨 나머지 플레이어는 2점을 받습니다
    st = turn_of("king")
    for s in (0, 1, 2):
        set_seat(st, s, city=["temple", "tavern", "manor", "castle", "palace", "prison",
                              "docks"])
        st["seats"][s]["completed"] = True
    st["first"] = 1
    rows = {r["seat"]: r["breakdown"] for r in score_game(st)}
    assert rows[1]["first_complete"] == 4 and rows[1]["complete"] == 0
    assert rows[0]["complete"] == 2 and rows[2]["complete"] == 2
    assert rows[3]["complete"] == 0 and rows[3]["first_complete"] == 0


def test_five_types_bonus_needs_all_five() -> None:
    st = turn_of("king", city=["temple", "tavern", "manor", "prison"])
    assert score_seat(st, 0)[0]["five_types"] == 0
    st = turn_of("king", city=["temple", "tavern", "manor", "prison", "keep"])
    assert score_seat(st, 0)[0]["five_types"] == 3


def test_tiebreak_two_players_uses_the_higher_character() -> None:
    # 동점자들끼리 캐릭터 카드를 비교해 순번이 더 늦은 플레이어가 승리합니다
    st = force_turn(situation(2), 0, "assassin", cast=cast_with())
    st["seats"][0]["secret"]["chars"] = ["assassin", "architect"]
    st["seats"][1]["secret"]["chars"] = ["warlord", "thief"]
    set_seat(st, 0, city=["temple"])
    set_seat(st, 1, city=["temple"])
    st["ending"] = True
    st["turn"]["char"] = "warlord"
    st["call"] = 8
    from rules.citadels.flow import finish_round
    from rules.citadels.table import Ctx

    cx = Ctx(st)
    finish_round(cx)
    assert [(r["seat"], r["rank"]) for r in st["result"]] == [(1, 1), (0, 2)]


@pytest.mark.parametrize(("seats", "size"), [(2, 8), (3, 8), (4, 7), (8, 7)])
def test_city_completes_at_the_player_count_threshold(seats: int, size: int) -> None:
    cast = cast_with("artist") if seats in (3, 8) else cast_with()
    st = force_turn(situation(seats), 0, "architect", cast=cast, gold=30,
                    hand=["harbor", "town_hall"],
                    city=["temple", "tavern", "manor", "castle", "palace", "prison"])
    st, ev = act(st, 0, "build harbor")
    assert ("citadels.ev.completed" in keys(ev)) == (size == 7)
    st, ev = act(st, 0, "build town hall")
    assert "citadels.ev.completed" in keys(ev) or size == 7
    assert st["ending"]


# -- Korean names: the seed's spelling ------------------------------------------------
# Every character and every unique district the rulebook names, exactly as printed there
# (character sections, first-game list, district clarifications, the Witch's and the
# Blackmailer's lists of gather-time districts). Basilica, Monument and Secret Vault are not
# named in the book.
SEED_CHARACTERS = {
    "assassin": "암살자", "witch": "마녀", "magistrate": "치안판사", "thief": "도둑",
    "spy": "첩자", "blackmailer": "협박범", "magician": "마술사", "wizard": "마법사",
    "seer": "예언자", "king": "왕", "emperor": "황제", "patrician": "대공", "bishop": "주교",
    "abbot": "수도원장", "cardinal": "추기경", "merchant": "상인", "alchemist": "연금술사",
    "trader": "교역상", "architect": "건축가", "navigator": "항해사", "scholar": "학자",
    "warlord": "장군", "diplomat": "외교관", "marshal": "육군대장", "queen": "왕비",
    "artist": "예술가", "tax_collector": "세리",
}
SEED_DISTRICTS = {
    "dragon_gate": "드래곤 게이트", "factory": "공장", "haunted_quarter": "유령 지구",
    "imperial_treasury": "제국 보고", "keep": "외성", "laboratory": "실험실",
    "library": "도서관", "map_room": "지도 보관실", "quarry": "채석장",
    "school_of_magic": "마법학교", "smithy": "대장간", "statue": "동상",
    "thieves_den": "도적 소굴", "wishing_well": "소원의 우물", "framework": "골조",
    "necropolis": "공동묘지", "park": "공원", "poor_house": "구빈원", "stables": "마구간",
    "theater": "극장", "museum": "박물관", "armory": "병기고", "ivory_tower": "상아탑",
    "capitol": "의사당", "great_wall": "장성", "gold_mine": "금광", "observatory": "천문대",
    "docks": "부두",
}


def test_korean_names_follow_the_seed() -> None:
    from rules.citadels.characters import CHARACTER
    from rules.citadels.districts import DISTRICT

    assert {c: CHARACTER[c].ko for c in CHARACTER} == SEED_CHARACTERS
    assert {d: DISTRICT[d].ko for d in SEED_DISTRICTS} == SEED_DISTRICTS


def test_korean_messages_name_characters_and_districts_by_the_seed() -> None:
    """A message naming a character or district in English names it by the seed's Korean
    name (verbs spelt like a card, Keep and Spy, are not names there)."""
    import re

    from rules.citadels.characters import CHARACTERS
    from rules.citadels.districts import BASIC, UNIQUE
    from rules.citadels.messages import MESSAGES

    verbs = {"citadels.choice.keep", "citadels.choice.menu.keep", "citadels.choice.spy", "citadels.choice.menu.spy"}
    names = [(c.en, c.ko) for c in CHARACTERS] + [(d.en, d.ko) for d in UNIQUE + BASIC]
    for key, en in MESSAGES["en"].items():
        if key in verbs:
            continue
        for name_en, name_ko in names:
            if re.search(rf"\b{re.escape(name_en)}\b", en):
                assert name_ko in MESSAGES["ko"][key], (key, name_en)


def test_tax_goes_on_the_tax_collector_character_token() -> None:
    # 각 플레이어는 건물을 1채 건설한 즉시 금화 1닢을 세리 캐릭터 토큰 위에 놓습니다
    from rules.citadels.card_texts import CHARACTER_TEXT
    from rules.citadels.messages import MESSAGES

    assert "세리 캐릭터 토큰 위" in MESSAGES["ko"]["citadels.ev.tax"]
    assert "세리 캐릭터 토큰" in CHARACTER_TEXT["tax_collector"]["ko"]


# -- more pins: one rule each -----------------------------------------------------------
def test_quarry_does_not_let_the_magistrate_confiscate_a_duplicate() -> None:
    # 채석장: ... 치안판사·외교관·육군대장의 능력으로 얻는 건물에는 (적용되지 않습니다)
    st = warranted(["castle"], 5)
    set_seat(st, 0, city=["castle", "quarry"])
    st, _ = act(st, 1, "build castle")
    # revealing the signed warrant would be the confiscation: refused, with the reason
    with pytest.raises(RuleError) as info:
        act(st, 0, "reveal")
    assert info.value.key == "citadels.err.confiscate_same_name"
    st, ev = act(st, 0, "pass")
    assert [d["id"] for d in st["seats"][1]["city"]] == ["castle"]


def test_magistrate_confiscation_refunds_the_target_and_is_free() -> None:
    # 몰수한 건물 카드는 즉시 치안판사가 자기 도시로 가져가서 공짜로 건설합니다.
    # 해당 캐릭터는 이번 건설 비용으로 지불한 금화를 모두 돌려받습니다.
    st = warranted(["palace"], 5)
    set_seat(st, 0, gold=0)
    st, _ = act(st, 1, "build palace")
    st, ev = act(st, 0, "reveal")
    assert st["seats"][1]["gold"] == 5 and st["seats"][0]["gold"] == 0
    assert [d["id"] for d in st["seats"][0]["city"]] == ["palace"]
    assert not acts(st, "build")  # the confiscated build used the King's build


def test_spy_draws_every_match_even_when_the_gold_runs_short() -> None:
    # 그 플레이어의 개인 금고에 금화가 부족하더라도 모자란 금화를 따로 보충 받지는 않습니다
    st = turn_of("spy", gold=0, hand=[])
    set_seat(st, 1, gold=0, hand=["temple", "church", "tavern"])
    st, ev = act(st, 0, "spy p2 religious")
    assert st["seats"][0]["gold"] == 0 and st["seats"][0]["hand_count"] == 2
    assert st["seats"][1]["hand_count"] == 3


def test_seer_may_give_back_her_own_card() -> None:
    # 예언자 자신이 들고 있던 카드를 줘도 됩니다
    st = turn_of("seer", hand=["palace"])
    set_seat(st, 1, hand=["temple"])
    for s in (2, 3):
        set_seat(st, s, hand=[])
    st, _ = act(st, 0, "ability")
    assert {c.action["card"] for c in prompt(st).choices} == {"palace", "temple"}
    st, _ = act(st, 0, "give palace")
    assert st["seats"][1]["secret"]["hand"] == ["palace"]
    assert st["seats"][0]["secret"]["hand"] == ["temple"]


def test_wizard_duplicates_only_on_his_turn() -> None:
    # 자기 차례에 마법사는 자기 도시에 이름이 똑같은 건물을 건설해도 됩니다
    st = turn_of("wizard", gold=9, hand=["castle"], city=["castle"])
    assert {"type": "build", "card": "castle"} in acts(st, "build")
    st = turn_of("king", gold=9, hand=["castle"], city=["castle"])
    assert not acts(st, "build")


def test_diplomat_never_gives_or_takes_a_duplicate() -> None:
    # 절대로 상대 도시에 이미 있는 똑같은 건물을 주거나 자기 도시에 이미 있는 똑같은 건물을
    # 가져오면 안 됩니다
    st = turn_of("diplomat", gold=9, city=["temple", "manor"])
    set_seat(st, 1, city=["temple", "castle"])
    pairs = {(a["card"], a["mine"]) for a in acts(st, "exchange") if a["seat"] == 1}
    assert pairs == {("castle", "manor")}


def test_diplomat_pays_nothing_back_for_a_cheaper_district() -> None:
    # 만약 그 반대라면, 상대 플레이어는 외교관에게 아무것도 지불하지 않습니다
    st = turn_of("diplomat", gold=0, city=["palace"])
    set_seat(st, 1, gold=4, city=["temple"])
    st, _ = act(st, 0, "exchange p2 temple palace")
    assert st["seats"][0]["gold"] == 0 and st["seats"][1]["gold"] == 4


def test_marshal_pays_the_great_wall_surcharge_and_skips_completed_cities() -> None:
    st = turn_of("marshal", gold=4)
    set_seat(st, 1, gold=0, city=["great_wall", "manor"])
    st, _ = act(st, 0, "seize p2 manor")
    assert st["seats"][0]["gold"] == 0 and st["seats"][1]["gold"] == 3
    st = turn_of("marshal", gold=9)
    set_seat(st, 1, city=["temple", "tavern", "manor", "castle", "palace", "prison",
                          "docks"])
    st["seats"][1]["completed"] = True
    assert not acts(st, "seize")


def test_armory_is_not_a_rank8_ability() -> None:
    # the Keep shields itself from rank 8 only (외성의 효과는 외성 카드에만 적용)
    st = turn_of("king", city=["armory"])
    set_seat(st, 1, city=["keep"])
    assert {"type": "armory", "seat": 1, "card": "keep"} in acts(st, "armory")


def test_alchemist_refund_excludes_tax_and_smithy() -> None:
    # 다른 이유(대장간 효과나 세리에게 지불한 세금)로 지불한 금화는 돌려받지 않습니다
    st = force_turn(situation(5), 0, "alchemist", cast=cast_with("alchemist", "tax_collector"), gold=7,
                    hand=["castle"], city=["smithy"])
    st, _ = act(st, 0, "smithy")
    st, _ = act(st, 0, "build castle")
    assert st["seats"][0]["gold"] == 0 and st["tax"] == 1
    st, ev = act(st, 0, "end")
    assert next(e for e in ev if e.key == "citadels.ev.alchemist").params["amount"] == 4
    assert st["seats"][0]["gold"] == 4


def test_threatened_player_gathers_first_then_answers() -> None:
    # 그 캐릭터는 먼저 자원 얻기 행동을 반드시 수행하고, 그 뒤 뇌물을 줄지 말지 결정합니다
    st = turn_of("blackmailer", gold=0)
    give_char(st, 1, "merchant")
    set_seat(st, 1, gold=0, city=["gold_mine"])
    st, _ = act(st, 0, "threaten king")
    st, _ = act(st, 0, "threaten merchant")
    st, _ = act(st, 0, "flower king")
    st, _ = act(st, 0, "end")
    assert prompt(st).kind == "citadels.decide.gather"
    st, _ = act(st, 1, "gold")  # the Gold Mine works while gathering
    assert prompt(st).kind == "citadels.decide.bribe" and st["seats"][1]["gold"] == 3
    st, ev = act(st, 1, "refuse")
    st, ev = act(st, 0, "reveal")
    assert "citadels.ev.threat_blank" in keys(ev) and st["seats"][1]["gold"] == 3
    assert prompt(st).kind == "citadels.decide.turn" and prompt(st).seat == 1


# -- components and the selection phase ----------------------------------------------
def test_components_match_the_rulebook() -> None:
    # 구성물: 캐릭터 카드 27개, 종교 11장, 군사 11장, 귀족 12장, 상업 20장, 특수건물 30장
    from rules.citadels.characters import BY_RANK, CHARACTERS
    from rules.citadels.districts import DISTRICT, UNIQUE, basic_deck

    assert len(CHARACTERS) == 27 and all(len(BY_RANK[r]) == 3 for r in range(1, 10))
    deck = basic_deck()
    counts = {t: sum(1 for c in deck if DISTRICT[c].type == t)
              for t in ("religious", "military", "noble", "trade")}
    assert counts == {"religious": 11, "military": 11, "noble": 12, "trade": 20}
    assert len(deck) == 54 and len(UNIQUE) == 30


def test_rank4_may_be_the_face_down_discard() -> None:
    # only the face-up discards exclude rank 4; the face-down card is any card
    seen = set()
    for seed in range(60):
        st = situation(5, seed=seed)
        seen.update(st["secret"]["facedown"])
        assert "king" not in st["faceup"]
    assert "king" in seen


def test_korean_messages_use_the_rulebook_terms() -> None:
    """Every message's Korean text translates the game terms of its English text with the
    rulebook's words (glossary, digest section 10)."""
    import re

    from rules.citadels.messages import MESSAGES

    terms = {"gold": "금화", "stash": "개인 금고", "crown": "왕관", "destroy": "파괴",
             "completed city": "완성된 도시", "property tax": "재산세", "beautif": "장식",
             "seize": "점령", "exchange": "교환", "warrant": "영장", "bribe": "뇌물",
             "bewitch": "마법", "threat": "협박", "selection phase": "선택 단계",
             "assassinat": "암살", "confiscat": "몰수", "face down": "뒷면",
             "face up": "앞면"}
    for key, en in MESSAGES["en"].items():
        for word, term in terms.items():
            if re.search(rf"\b{word}", en.lower()):
                assert term in MESSAGES["ko"][key], (key, word)
        for word in ("골드", "코인", "손패", "덱", "턴", "빌딩"):
            assert word not in MESSAGES["ko"][key], (key, word)


def test_a_drawn_card_not_kept_goes_to_the_deck_bottom() -> None:
    # 1장은 보유하고 1장은 건물 카드 더미 맨 아래에 넣습니다 (errata 4)
    st = turn_of("king", hand=[], stage="gather")
    st, _ = act(st, 0, "draw")
    drawn = list(st["seats"][0]["secret"]["drawn"])
    st, _ = act(st, 0, {"type": "keep", "card": drawn[0]})
    assert st["secret"]["deck"][-1] == drawn[1]
    # Observatory and Library together: 3 drawn, all kept
    st = turn_of("king", hand=[], city=["observatory", "library"], stage="gather")
    st, _ = act(st, 0, "draw")
    assert st["seats"][0]["hand_count"] == 3 and st["turn"]["stage"] == "main"


def test_marshal_cannot_seize_the_museum_or_the_keep() -> None:
    # 건설비용이 금화 3닢 이하: the Museum (4) is out of the Marshal's reach, so its cards only
    # travel by exchange (tested in test_interactions); the Keep shields itself
    st = turn_of("marshal", gold=9)
    set_seat(st, 1, gold=0, city=["museum", "keep", "watchtower"])
    assert {a["card"] for a in acts(st, "seize")} == {"watchtower"}
