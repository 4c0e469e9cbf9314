"""Terra Mystica on Discord as a Korean player reads it: power offers without particles hung
on names or numbers, faction choices named in the thread, plans without tracks a faction lacks."""

from __future__ import annotations

from datetime import UTC, datetime

import rules
from bot.cogs.texts import Texts
from bot.games.terra_mystica import ui as tm_ui
from bot.table_plan import Plan
from rules.core import Decision
from storage.base import GameRecord

ENGINE = rules.get_engine("terra_mystica")


def texts(lang: str, view: dict, names: list[str]) -> Texts:
    now = datetime.now(UTC)
    record = GameRecord(id=1, game="terra_mystica", status="running", guild_id=1, channel_id=1,
                        thread_id=2, host_id=1, seats=list(range(len(names))), created_at=now,
                        updated_at=now)
    return Texts(record, lang, view, names)


VIEW = {"factions": {"witches": {"seat": 0, "name": {"en": "Witches", "ko": "마녀"}},
                     "nomads": {"seat": 1, "name": {"en": "Nomads", "ko": "유목민"}}}}


def offer(amount: int, actual: int, vp: int) -> Decision:
    return Decision(seat=1, kind="leech", key="leech.1", params={
        "faction": "nomads", "from": "witches", "amount": amount, "actual": actual,
        "vp_cost": vp})


def test_an_offer_that_fits_nothing_says_only_decline_is_left() -> None:
    ko = texts("ko", VIEW, ["ann", "bo"]).decision(offer(2, 0, 0))
    en = texts("en", VIEW, ["ann", "bo"]).decision(offer(2, 0, 0))
    assert "받을 수 없습니다" in ko and "권능 0" not in ko
    assert "only be declined" in en and "take 0 power" not in en


def test_a_korean_offer_says_the_vp_are_lost_and_names_the_player_once() -> None:
    """The Merchants book: VP are lost ("승점을 잃어야 합니다"), not paid; the offer's frame
    mentions the player, so its text names only the builder."""
    ko = texts("ko", VIEW, ["ann", "bo"]).decision(offer(3, 3, 2)).split("\n")[0]
    assert ko == "마녀 (ann)의 건설로 권능 3개를 받고 승점 2점을 잃을까요?"
    en = texts("en", VIEW, ["ann", "bo"]).decision(offer(3, 3, 2)).split("\n")[0]
    assert en == "the Witches (ann) built next to you — take 3 power for 2 VP?"
    assert "Nomads" not in en and "유목민" not in ko


def test_the_faction_choice_in_the_thread_names_who_chose() -> None:
    state = ENGINE.setup({}, 2, 1)
    decision = ENGINE.decisions(state)[0]
    choice = next(c for c in decision.choices if c.action["faction"] == "darklings")
    state, events = ENGINE.apply(state, decision.seat, choice.action)
    view = ENGINE.view(state, None)
    line = texts("ko", view, ["ann", "bo"]).event(events[0])
    assert line == "암흑인 (ann): 암흑인 선택."  # was "암흑인 (ann): 선택 암흑인"
    assert texts("en", view, ["ann", "bo"]).event(events[0]).startswith("Darklings (ann): ")


def plan_for(faction: str, after: dict) -> Plan:
    name = {"en": faction.title(), "ko": faction}
    before = {"seat": 0, "name": name, "shipping": 0, "dig": 0, "cults": {}}
    return Plan(game="terra_mystica", seat=0, before={"factions": {faction: before}},
                after={"factions": {faction: {**before, **after}}}, public_after={},
                applied=["advance ship"])


def test_a_plan_leaves_out_the_track_a_faction_does_not_have() -> None:
    # digest §5-§7: Darklings have no exchange track (L318), Dwarves and Fakirs no shipping
    assert tm_ui.plan_lines(plan_for("darklings", {"shipping": 1}), "ko")[-1] == "선적값 0 → 1"
    assert tm_ui.plan_lines(plan_for("dwarves", {"dig": 1}), "ko")[-1] == "삽 교환 비율 3:1 → 2:1"
    assert tm_ui.plan_lines(plan_for("fakirs", {}), "en")[-1] == "Spade level 0"
    both = tm_ui.plan_lines(plan_for("witches", {}), "ko")[-1]
    assert both == "선적값 0 · 삽 교환 비율 3:1"


def test_korean_prompts_hang_no_particle_on_a_filled_value() -> None:
    """"{faction}이(가)" reads "마녀 (ann)이(가)": the templates are worded around it."""
    import re

    from bot.games.terra_mystica.texts import MESSAGES

    hung = re.compile(r"\}`?(이\(가\)|을\(를\)|은\(는\)|\(으\)로|와\(과\))")
    assert [k for k, v in MESSAGES["ko"].items() if hung.search(v)] == []


def test_the_cultists_and_darklings_prompts_say_why_they_are_asked() -> None:
    # the Cultists' step comes from a neighbour taking power (digest errata 5); the
    # Darklings' stronghold converts up to 3 workers (digest errata 2)
    view = {"factions": {"cultists": {"seat": 0, "name": {"en": "Cultists", "ko": "광신도"}},
                         "darklings": {"seat": 1, "name": {"en": "Darklings", "ko": "암흑인"}}}}
    ko = texts("ko", view, ["ann", "bo"])
    cult = ko.decision(Decision(seat=0, kind="cult", key="c", params={"faction": "cultists"}))
    assert cult.startswith("광신도 (ann): 이웃이 권능을 받아") and "1칸" in cult
    ordination = ko.decision(Decision(seat=1, kind="ordination", key="o",
                                      params={"faction": "darklings"}))
    assert ordination.startswith("암흑인 (bo): 요새를") and "일꾼 최대 3개" in ordination
    en = texts("en", view, ["ann", "bo"])
    assert "up to 3 workers" in en.decision(Decision(seat=1, kind="ordination", key="o",
                                                     params={"faction": "darklings"}))


def test_status_after_the_game_names_no_scoring_tile_or_turn() -> None:
    view = {**VIEW, "round": 6, "phase": "over", "current_scoring": "SCORE7",
            "turn_order": ["witches", "nomads"], "active": None}
    ko = tm_ui.status_lines(view, "ko", ["ann", "bo"])
    assert ko[0] == "6라운드를 마치고 게임이 끝났습니다. 최종 승점:"
    assert ko[1].startswith("• 마녀 (ann): 승점")
    assert "SCORE7" not in tm_ui.status_lines(view, "en", ["ann", "bo"])[0]
    view["factions"] = {f: {**d, "passed": True} for f, d in VIEW["factions"].items()}
    assert "패스" not in "".join(tm_ui.status_lines(view, "ko", ["ann", "bo"])[1:])
