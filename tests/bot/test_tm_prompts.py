"""Every Terra Mystica prompt a real game reaches reads in both languages: decision texts and
button labels filled (no '{name}' left), the faction named, and no other game's words.

Busy random games (passing is rare) reach favor, town, spade and ordination prompts; each
prompt is shown the way the Discord adapter shows it (bot.cogs.texts.Texts)."""

from __future__ import annotations

import re
from datetime import UTC, datetime

import pytest

import rules
from bot.cogs.texts import Texts
from bot.games.terra_mystica import ui as tm_ui
from rules.core import Choice, Decision, Rng
from rules.terra_mystica.gamefile import pick_by_family
from storage.base import GameRecord

ENGINE = rules.get_engine("terra_mystica")
REACHED = {"faction", "setup_build", "setup_bonus", "turn", "leech", "favor", "town", "spades",
           "cult", "ordination"}
PLACEHOLDER = re.compile(r"\{\w+\}")
ENGLISH_COMMAND = re.compile(r"\b(build|upgrade|transform|send|advance|convert|burn|dig|"
                             r"action|pass|leech|decline|bridge|connect|setup)\b")


def record(state, seats: int) -> GameRecord:
    now = datetime.now(UTC)
    return GameRecord(id=1, game="terra_mystica", status="running", guild_id=1, channel_id=1,
                      thread_id=2, host_id=1, seats=list(range(seats)), snapshot=state,
                      created_at=now, updated_at=now)


def busy_game_prompts(seed: int, players: int, random_factions: bool = True):
    """(state, decision) for every open decision of a busy random game, in order."""
    st = ENGINE.setup({"random_factions": random_factions}, players, seed)
    rng = Rng(seed * 31 + 7)
    for _ in range(6000):
        open_ = [d for d in ENGINE.decisions(st) if d.choices]
        if not open_:
            return
        for d in open_:
            yield st, d
        turn = st["turn"]
        going = [d for d in open_ if turn and turn["taken"] and d.kind not in ("leech", "cult")
                 and d.params.get("faction") == turn["faction"]]
        urgent = [d for d in open_ if d.kind in ("leech", "cult")]
        decision = (going or urgent or [rng.choice(open_)])[0]
        options = decision.choices
        busy = [c for c in options if not c.text.startswith(("pass", "-"))]
        if busy and rng.below(100) >= 10:
            options = busy
        st, _ = ENGINE.apply(st, decision.seat, pick_by_family(rng, options).action)


@pytest.fixture(scope="module")
def shown() -> dict[str, list[tuple[str, str, list[str], list[str]]]]:
    """decision kind -> (lang, prompt text, button labels, the decider's faction name if
    seated), a few of each kind."""
    out: dict[str, list[tuple[str, str, list[str], list[str]]]] = {}
    games = [(1, 3, True), (3, 5, True), (4, 2, True), (2, 4, False)]
    games += [(seed, 2 + seed % 4, True) for seed in range(5, 16)]  # if an engine change
    for seed, players, random_factions in games:  # moves a sub-choice out of the first four
        if seed >= 5 and REACHED <= set(out):
            break
        names = [f"P{i}" for i in range(players)]
        for st, decision in busy_game_prompts(seed, players, random_factions):
            seen = out.setdefault(decision.kind, [])
            if len(seen) >= 12:
                continue
            for lang in ("en", "ko"):
                view = ENGINE.view(st, decision.seat)
                texts = Texts(record(st, players), lang, view, names)
                labels = [texts.choice(c, decision) for c in decision.choices]
                who = [d["name"][lang] for d in view["factions"].values()
                       if d["seat"] == decision.seat]
                seen.append((lang, texts.decision(decision), labels, who))
    return out


def test_the_games_reach_the_sub_choices(shown) -> None:
    assert REACHED <= set(shown)


def test_no_prompt_or_label_leaves_a_placeholder(shown) -> None:
    for kind, items in shown.items():
        for lang, text, labels, _ in items:
            assert not PLACEHOLDER.search(text), (kind, lang, text)
            bad = [label for label in labels if PLACEHOLDER.search(label)]
            assert bad == [], (kind, lang, bad[:3])


def test_korean_labels_carry_no_english_commands(shown) -> None:
    for kind, items in shown.items():
        for lang, text, labels, _ in items:
            if lang == "ko":
                assert not ENGLISH_COMMAND.search(text), (kind, text)
                bad = [label for label in labels if ENGLISH_COMMAND.search(label)]
                assert bad == [], (kind, bad[:3])


def test_every_prompt_after_the_faction_choice_names_the_deciding_faction(shown) -> None:
    """An offer is the exception: its frame names the player (a mention), so its text names
    only the builder, and the player is named once."""
    for kind, items in shown.items():
        if kind == "faction":
            continue
        for lang, text, _, who in items:
            assert len(who) == 1, (kind, lang, text)
            assert (who[0] not in text) if kind == "leech" else (who[0] in text), (kind, text)


def test_a_build_is_labelled_by_its_notation_not_by_another_games_message() -> None:
    st = ENGINE.setup({}, 2, 1)
    choice = Choice(action=ENGINE.parse(st, 0, "build F4"), text="build F4")
    decision = Decision(seat=0, kind="setup_build", key="k", choices=[choice])
    assert tm_ui.choice_label(choice, decision, "en") == "dwelling on F4"
    assert tm_ui.choice_label(choice, decision, "ko") == "F4에 주택 건설"


def test_spades_in_a_turn_and_at_income_read_differently(shown) -> None:
    in_turn = Decision(seat=0, kind="spades", key="k", params={"faction": "giants"})
    income = Decision(seat=0, kind="spades", key="k", params={"faction": "giants", "spades": 2})
    view = {"factions": {"giants": {"seat": 0, "name": {"en": "Giants", "ko": "거인"}}}}
    rec = record(None, 2)
    for lang in ("en", "ko"):
        texts = Texts(rec, lang, view, ["ann", "bo"])
        turn_text, income_text = texts.decision(in_turn), texts.decision(income)
        assert not PLACEHOLDER.search(turn_text) and turn_text != income_text
        assert "2" in income_text
    assert "cult" not in Texts(rec, "en", view, ["ann"]).decision(in_turn)
    assert "신앙" not in Texts(rec, "ko", view, ["ann"]).decision(in_turn)


def test_final_scoring_breakdown_in_the_readers_words() -> None:
    breakdown = {"play": 38, "fire": 4, "water": 0, "earth": 6, "air": 6, "network": 18,
                 "resources": 2}
    assert tm_ui.score_breakdown(breakdown, "ko") == (
        "게임 중 얻은 승점 38 · 영역 승점 18 · 신앙 승점 16 (불 4, 땅 6, 하늘 6) · 자원 승점 2")
    assert tm_ui.score_breakdown(breakdown, "en") == (
        "in play 38 · network 18 · cults 16 (Fire 4, Earth 6, Air 6) · resources 2")
    assert tm_ui.score_breakdown({"play": 20}, "en") == "in play 20"
    assert tm_ui.score_breakdown({}, "ko") == ""


def test_status_names_the_phase_and_the_scoring_tile_in_the_readers_words() -> None:
    st = ENGINE.setup({}, 2, 3)
    view = ENGINE.view(st, None)
    ko = tm_ui.status_lines(view, "ko", ["a", "b"])[0]
    assert "세력 선택" in ko and "select" not in ko
    for st, _ in busy_game_prompts(2, 3):
        if st["phase"] == "actions":
            break
    view = ENGINE.view(st, None)
    tile = view["current_scoring"]
    for lang, phase in (("ko", "행동 단계"), ("en", "actions")):
        line = tm_ui.status_lines(view, lang, ["a", "b", "c"])[0]
        assert phase in line and view["tiles"][tile][lang] in line, line
    assert "actions" not in tm_ui.status_lines(view, "ko", ["a", "b", "c"])[0]


def test_korean_texts_name_the_commands_as_a_korean_client_shows_them() -> None:
    """Discord shows a Korean user the localised command names (/행동, /테라 계획)."""
    from bot.games.terra_mystica.texts import COMMANDS, MESSAGES
    from bot.locales.discord import COMMANDS as PLATFORM_COMMANDS

    korean = {**PLATFORM_COMMANDS["ko"], **COMMANDS["ko"]}
    used = set()
    for key, text in MESSAGES["ko"].items():
        for command in re.findall(r"`/([^`]+)`", text):
            words = command.split()
            names = [w for w in words if not re.fullmatch(r"[A-Z]\d+|build|\d+", w)]
            assert all(w in korean.values() for w in names), (key, command)
            used.add(key)
    assert {"terra_mystica.decision.turn", "terra_mystica.prompt.first_offer"} <= used
    assert "/tm leech" in MESSAGES["en"]["terra_mystica.prompt.first_offer"]
    assert "/tm leech" not in MESSAGES["en"]["terra_mystica.prompt.offer"]


def test_giving_up_a_benefit_is_its_own_kind_in_a_big_menu() -> None:
    st = ENGINE.setup({}, 2, 1)
    give_up = ENGINE.parse(st, 0, "-SPADE")
    tile = ENGINE.parse(st, 0, "+FAV5")
    assert tm_ui.choice_kind(give_up) == "skip" and tm_ui.choice_kind(tile) == "gain"
    from bot.i18n import t
    assert t("terra_mystica.kind.skip", "ko") == "포기" and t("terra_mystica.kind.skip", "en") == "Give it up"


@pytest.mark.parametrize(("text", "en", "ko"), [
    ("action ACT2", "power action: 1 priest", "권능 행동 “성직자 1명” 사용"),
    ("burn 3. action ACT4", "burn 3 power · power action: 7 coins",
     "권능 3개 희생 · 권능 행동 “동전 7개” 사용"),
    ("action ACT6. transform F4 to gray", "power action: 2 spades · F4 → mountains",
     "권능 행동 “삽 2개” 사용 · F4 칸을 산으로 변형"),
    ("action BON1. build F4", "bonus tile action: 1 spade · dwelling on F4",
     "보너스 타일 행동 “삽 1개” 사용 · F4에 주택 건설"),
    ("action ACTC", "special action: double turn", "특수 행동 “행동 두 번” 사용"),
    ("build F4", "dwelling on F4", "F4에 주택 건설"),
    # digging with workers is told apart from a spade action (the review's "삽 1")
    ("dig 1. build F4", "1 spade for workers · dwelling on F4", "일꾼으로 삽 1개 마련 · F4에 주택 건설"),
])
def test_power_and_special_actions_say_what_they_give(text, en, ko) -> None:
    st = ENGINE.setup({}, 2, 1)
    choice = Choice(action=ENGINE.parse(st, 0, text), text=text)
    decision = Decision(seat=0, kind="turn", key="k", choices=[choice])
    assert tm_ui.choice_label(choice, decision, "en") == en
    assert tm_ui.choice_label(choice, decision, "ko") == ko


@pytest.mark.parametrize(("offered", "en", "ko"), [
    (["for 2", "for 1"], "priest to Fire: 3 steps", "성직자를 불 신앙 트랙에 보내 3칸 전진"),
    ([], "priest to Fire: 1 step", "성직자를 불 신앙 트랙에 보내 1칸 전진"),
    (["for 1"], "priest to Fire", "성직자를 불 신앙 트랙에 보내기"),  # 2 or 3: not told
])
def test_a_plain_send_label_names_its_steps_when_the_other_sends_tell_them(
        offered, en, ko) -> None:
    """The review's "파견 하늘" hid the steps: a plain send takes the first free space."""
    st = ENGINE.setup({}, 2, 1)
    texts = ["send p to FIRE", *(f"send p to FIRE {more}" for more in offered)]
    choices = [Choice(action=ENGINE.parse(st, 0, text), text=text) for text in texts]
    decision = Decision(seat=0, kind="turn", key="k", choices=choices)
    assert tm_ui.choice_label(choices[0], decision, "en") == en
    assert tm_ui.choice_label(choices[0], decision, "ko") == ko
    if offered:
        assert tm_ui.choice_label(choices[-1], decision, "en") == "priest to Fire: 1 step"


def test_plan_names_the_spade_exchange_rate_as_the_picture_does() -> None:
    from bot.table_plan import Plan

    def state(dig: int) -> dict:
        return {"factions": {"giants": {"seat": 0, "name": {"en": "Giants", "ko": "거인"},
                                        "shipping": 0, "dig": dig, "cults": {}}}}

    plan = Plan(game="terra_mystica", seat=0, before=state(0), after=state(1),
                public_after={}, applied=["advance dig"])
    ko = tm_ui.plan_lines(plan, "ko")[-1]
    assert ko == "선적값 0 · 삽 교환 비율 3:1 → 2:1"
    assert tm_ui.plan_lines(plan, "en")[-1] == "Shipping 0 · Spade level 0 → 1"


def test_sub_choices_go_to_the_faction_they_belong_to() -> None:
    """Town and favor tiles to the builder whose turn it is, the Cultists' step to the
    Cultists, round-end cult spades to the faction that earned them."""
    checked = set()
    for seed, players in ((3, 5), (1, 3), (4, 2), (7, 5)):
        for st, decision in busy_game_prompts(seed, players):
            seat_of = {n: f["seat"] for n, f in st["factions"].items()}
            if decision.kind in ("town", "favor"):
                assert decision.seat == seat_of[st["active"]]
            elif decision.kind == "cult":
                assert decision.seat == seat_of["cultists"]
            elif decision.kind == "spades" and "spades" in decision.params:  # cult bonus
                owners = {seat_of[n] for n, p in st["pending"].items() if p.get("SPADE")}
                assert decision.seat in owners
            else:
                continue
            checked.add(decision.kind)
    assert checked == {"town", "favor", "cult", "spades"}
