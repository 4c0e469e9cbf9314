"""Terra Mystica's thread reads as words (issue 10.2 and 10.4): every public line of whole random
games, in English and Korean, as the thread would show it (events, offers' frames, public
prompts), carries no notation token (FAV11, BON6, ACT3, TW2, SCORE4, a faction id, a command
such as "setup chaosmagicians" or "희생 4. 행동 ACT3"), and no Korean Terra Mystica text uses
words the review found unnatural or in neither rulebook."""

from __future__ import annotations

import random
import re
from datetime import UTC, datetime

import pytest

import rules
from bot.cogs.texts import Texts
from bot.games.terra_mystica import ui as tm_ui
from bot.games.terra_mystica import words
from bot.games.terra_mystica.texts import COMMANDS, MESSAGES
from bot.i18n import t
from rules.core import Event
from storage.base import GameRecord

ENGINE = rules.get_engine("terra_mystica")
NAMES = {"en": ["ann", "bo", "cy", "di"], "ko": ["하나", "두리", "세나", "네오"]}
TOKENS = re.compile(r"\b(?:FAV|BON|ACT|TW|SCORE)\d+\b|\bACT[A-Z]\b")
# Notation as /play reads it, in either language: a line showing one is not in words.
COMMAND_EN = re.compile(
    r"\bsend p to\b|\bconvert \d+[A-Z]|\b(?:burn|dig|leech|decline) \d|\baction [A-Z]|"
    r"\bpass [A-Z]|\bsetup [a-z]|\bupgrade [A-I]\d+ to [A-Z]|\badvance (?:ship|dig)\b|"
    r"\btransform [A-I]\d+ to [a-z]"
)
COMMAND_KO = re.compile(
    r"흡수|희생 \d|행동 [A-Z]|패스 [A-Z]|^선택 |: 선택 |진행 (?:선적|삽)\b|"
    r"전환 [가-힣]+ \d|파견 [가-힣]+$"
)
UNNATURAL_KO = ("당신", "아니오", "무료", "권능 제안", "권능제안")


def faction_ids() -> set[str]:
    return set(ENGINE.view(ENGINE.setup({}, 4, 1), None)["faction_catalogue"])


def record(state: dict, lang: str) -> GameRecord:
    now = datetime.now(UTC)
    return GameRecord(
        id=1,
        game="terra_mystica",
        status="running",
        guild_id=1,
        channel_id=1,
        thread_id=2,
        host_id=1,
        lang=lang,
        seats=[11, 12, 13, 14],
        snapshot=state,
        created_at=now,
        updated_at=now,
    )


def weight(choice) -> float:
    """Builds and upgrades first, so that offers, favor and town tiles come up."""
    text = choice.text
    return 10.0 if any(w in text for w in ("upgrade", "build", "leech", "send")) else 1.0


def thread_lines(seed: int) -> dict[str, list[str]]:
    """What the thread of one whole random 4-player game says, per language: each move's
    public events and the public prompts that open after it (offers in their own frame)."""
    rng = random.Random(seed)
    state = ENGINE.setup({}, 4, seed)
    lines: dict[str, list[str]] = {"en": [], "ko": []}
    for _ in range(3000):
        open_now = ENGINE.decisions(state)
        if not open_now:
            break
        decision = rng.choice(open_now)
        choice = rng.choices(decision.choices, weights=[weight(c) for c in decision.choices])[0]
        state, events = ENGINE.apply(state, decision.seat, choice.action)
        view = ENGINE.view(state, None)
        auto = Event(key="table.auto_move", params={"user": "<@12>", "move": choice.text})
        for lang in ("en", "ko"):
            texts = Texts(record(state, lang), lang, view, NAMES[lang])
            lines[lang] += [texts.event(e) for e in events if e.seat is None]
            move = texts.params(auto.params)["move"]  # an automatic move's line names it
            lines[lang].append(move[lang] if isinstance(move, dict) else move)
            for d in ENGINE.decisions(state):
                frame = tm_ui.prompt_frame(d, []) or "discord.prompt.public"
                lines[lang].append(t(frame, lang, user="<@11>", decision=texts.public_decision(d)))
    assert ENGINE.result(state) is not None, "the game did not finish"
    return lines


@pytest.fixture(scope="module")
def games() -> list[dict[str, list[str]]]:
    return [thread_lines(seed) for seed in (3, 8)]


def test_the_games_reach_tiles_offers_and_actions(games) -> None:
    en = "\n".join(line for game in games for line in game["en"])
    for said in (
        "takes a favor tile: ",
        "takes the bonus tile: ",
        "takes the power action “",
        "Power offer",
        "chooses the ",
        "builds a dwelling on ",
        "upgrades ",
    ):
        assert said in en, said


@pytest.mark.parametrize("lang", ["en", "ko"])
def test_no_public_line_of_a_whole_game_shows_notation(games, lang) -> None:
    ids = re.compile(r"\b(?:" + "|".join(sorted(faction_ids())) + r")\b")
    command = COMMAND_EN if lang == "en" else COMMAND_KO
    for game in games:
        for line in game[lang]:
            assert not TOKENS.search(line), line
            assert not ids.search(line), line
            for part in line.split("\n"):
                assert not command.search(part), part


def test_no_korean_line_or_text_uses_the_words_the_review_flagged(games) -> None:
    texts = [
        *MESSAGES["ko"].values(),
        *COMMANDS["ko"].values(),
        *ENGINE.messages["ko"].values(),
        *(line for g in games for line in g["ko"]),
    ]
    for text in texts:
        assert not any(word in text for word in UNNATURAL_KO), text


def test_the_issues_examples_read_as_words() -> None:
    """The review's lines: "+FAV11", "희생 4. 행동 ACT3", "선택 혼돈술사", "패스 BON6",
    "setup chaosmagicians"."""
    view = ENGINE.view(ENGINE.setup({}, 4, 1), None)
    said = {
        text: words.notation_words(text, view)
        for text in (
            "+FAV11",
            "burn 4. action ACT3",
            "setup chaosmagicians",
            "pass BON6",
            "dig 1. build E2",
            "send p to AIR for 3",
            "decline 2 from witches",
            "upgrade F4 to TE",
            "convert 2C to 1VP",
        )
    }
    assert said["+FAV11"] == {
        "en": "takes a favor tile: +1 Earth · dwelling → 2 VP",
        "ko": "은총 타일 가져감: 땅 +1 · 주택 → 승점 2",
    }
    assert said["burn 4. action ACT3"] == {
        "en": "sacrifices 4 power, then takes the power action “2 workers”",
        "ko": "권능 4개 희생, 권능 행동 “일꾼 2개” 사용",
    }
    assert said["setup chaosmagicians"] == {
        "en": "chooses the Chaos Magicians",
        "ko": "혼돈술사 선택",
    }
    assert said["pass BON6"]["ko"].startswith("보너스 타일 가져감: 수입 일꾼 2")
    assert said["dig 1. build E2"]["ko"] == "일꾼으로 삽 1개 마련, E2에 주택 건설"
    assert said["send p to AIR for 3"]["ko"] == "성직자를 하늘 신앙 트랙에 보내 3칸 전진"
    assert said["decline 2 from witches"]["ko"] == "마녀의 건설로 온 권능을 받지 않음"
    assert said["upgrade F4 to TE"] == {
        "en": "upgrades F4 to a temple",
        "ko": "F4의 건물을 사원으로 개량",
    }
    assert said["convert 2C to 1VP"]["ko"] == "동전 2개를 승점 1점으로 전환"
    assert words.notation_words("not a move", view) is None


@pytest.mark.parametrize(("text", "en", "ko"), [
    ("dock E5", "places the dock on E5", "E5에 부두 마커 배치"),
    ("ship r14", "places a ship on river r14", "강 r14에 선박 배치"),
    ("move r14-r13 r20-r21-E5/FIRE", "moves ships: r14 → r13; r20 → r21 → E5 (trades at E5: "
     "Fire)", "선박 2척 이동: r14 → r13; r20 → r21 → E5 (E5에서 무역: 불)"),
    ("build E5 by r14", "builds a dwelling on E5, paid with the ship on river r14",
     "강 r14의 선박으로 E5에 주택 건설"),
    ("favor ship", "takes +1 shipping", "선적값 +1"),
    ("action ACTM2", "takes the power action “1 ship”", "권능 행동 “선박 1척” 사용"),
])
def test_merchants_of_the_seas_moves_read_as_words(text, en, ko) -> None:
    view = ENGINE.view(ENGINE.setup({}, 4, 1), None)
    assert words.notation_words(text, view) == {"en": en, "ko": ko}


def test_the_game_log_keeps_the_notation_after_the_words() -> None:
    """/game log tells a move as the thread did, then the notation `/play` reads."""
    from bot.table_log import log_lines
    from storage.base import ActionRecord

    state = ENGINE.setup({}, 4, 1)
    (decision,) = ENGINE.decisions(state)
    pick = next(c for c in decision.choices if c.action["faction"] == "chaosmagicians")
    move = ActionRecord(game_id=1, version=1, seat=0, action=pick.action, user_id=11,
                        interaction_id=None, created_at=datetime.now(UTC))
    after, _ = ENGINE.apply(state, 0, pick.action)
    view = ENGINE.view(after, None)
    (ko,) = log_lines(ENGINE, "terra_mystica", state, 4, [move], "ko", NAMES["ko"], view)
    (en,) = log_lines(ENGINE, "terra_mystica", state, 4, [move], "en", NAMES["en"], view)
    assert "혼돈술사 선택." in ko and ko.endswith("`선택 혼돈술사`"), ko
    assert "chooses the Chaos Magicians." in en and en.endswith("`setup chaosmagicians`"), en


def test_korean_particles_follow_the_last_syllable() -> None:
    assert [words.ro(w) for w in ("들", "산", "호수", "교역소", "사원", "승점 1점")] == [
        "들로",
        "산으로",
        "호수로",
        "교역소로",
        "사원으로",
        "승점 1점으로",
    ]
    assert [words.eul(w) for w in ("동전 2개", "성직자 1명", "권능 3개")] == [
        "동전 2개를",
        "성직자 1명을",
        "권능 3개를",
    ]
