"""Terra Mystica in the Discord adapter: prompts, kind-then-choice menus (within Discord's
limits), /tm leech and /tm plan, autocomplete. Recording fakes, real store and engine."""

from __future__ import annotations

import time

import discord
import pytest

import render
import rules
from bot.app import GameBot
from bot.cogs import lobby, play
from bot.cogs.texts import choice_groups, decision_view, kind_choices_view
from bot.components import (
    BUTTON_LABEL_MAX,
    CUSTOM_ID_MAX,
    OPTION_LABEL_MAX,
    SELECT_MAX_OPTIONS,
    choice_hash,
    decode_choice,
    decode_select_value,
    group_choices,
)
from bot.games.terra_mystica import cog as tm
from bot.games.terra_mystica import ui as tm_ui
from bot.games.terra_mystica.texts import MESSAGES as TM_MESSAGES
from bot.i18n import has, t
from rules.core import Choice, Decision, Rng
from tests.bot.table_bot import table_bot
from tests.bot.test_discord_fakes import FakeInteraction

PLAYERS = [801, 802, 803, 804]
THREAD = 9001


@pytest.fixture
async def env(tmp_path, monkeypatch):
    import bot.table_lobby

    monkeypatch.setattr(bot.table_lobby.secrets, "randbits", lambda bits: 777)
    monkeypatch.setattr(render, "render_table", lambda game, view, lang, names=None: b"PNG",
                        raising=False)
    monkeypatch.setattr(render, "has_private", lambda game: False, raising=False)
    gamebot, world = await table_bot(tmp_path, tm, thread=THREAD)
    yield gamebot, world
    await gamebot.store.close()


async def tm_game(gamebot: GameBot) -> int:
    svc = gamebot.table
    game = await svc.new_game("terra_mystica", guild_id=1, channel_id=10, host_id=PLAYERS[0],
                              lang="en")
    await svc.attach_thread(game.id, THREAD)
    for uid in PLAYERS[1:]:
        await svc.join(game.id, uid)
    await svc.start(game.id, PLAYERS[0])
    return game.id


async def advance(gamebot: GameBot, gid: int, wanted, rng: Rng, steps: int = 400):
    for _ in range(steps):
        prompts = await gamebot.table.open_prompts(gid)
        hit = [p for p in prompts if wanted(p)]
        if hit:
            return hit[0]
        prompt = rng.choice([p for p in prompts if p.decision.choices])
        await gamebot.table.act(gid, prompt.user_id, rng.choice(prompt.decision.choices).action,
                                decision_key=prompt.decision.key)
    raise AssertionError("not reached")


def components(view: discord.ui.View) -> list[dict]:
    return [c for row in view.to_components() for c in row["components"]]


def within_limits(view: discord.ui.View) -> None:
    rows = view.to_components()
    assert len(rows) <= 5
    for item in components(view):
        assert len(item["custom_id"]) <= CUSTOM_ID_MAX
        if item["type"] == 2:  # button
            assert len(item["label"]) <= BUTTON_LABEL_MAX
        else:
            assert 1 <= len(item["options"]) <= SELECT_MAX_OPTIONS
            assert all(len(o["label"]) <= OPTION_LABEL_MAX for o in item["options"])
            assert all(len(o["value"]) <= 100 for o in item["options"])


async def test_faction_choice_prompt_reads_well_in_both_languages(env) -> None:
    gamebot, world = env
    gid = await tm_game(gamebot)
    await gamebot.publisher.publish(await _outcome(gamebot, gid))
    [prompt] = [m for m in world.in_channel(THREAD) if m.view is not None]
    assert f"<@{PLAYERS[0]}>" in prompt.content and "choose your faction" in prompt.content
    labels = [c["label"] for c in components(prompt.view)]
    assert "Witches (🟩 forest, green)" in labels and len(labels) == 14
    game = await gamebot.store.get_game(gid)
    texts = await gamebot.publisher.texts(game, "ko")
    [open_prompt] = await gamebot.table.open_prompts(gid)
    assert texts.decision(open_prompt.decision).startswith("세력을 고르세요")
    ko = [texts.choice(c, open_prompt.decision) for c in open_prompt.decision.choices]
    assert "마녀 (🟩 숲, 초록)" in ko


async def _outcome(gamebot: GameBot, gid: int):
    from bot.table_types import Outcome

    game = await gamebot.store.get_game(gid)
    return Outcome(game=game, prompts=await gamebot.table.open_prompts(gid), board_changed=True)


async def test_big_turn_menu_is_kinds_then_choices_within_limits(env) -> None:
    gamebot, world = env
    gid = await tm_game(gamebot)
    prompt = await advance(gamebot, gid, lambda p: len(p.decision.choices or []) > 25, Rng(3))
    decision = prompt.decision
    game = await gamebot.store.get_game(gid)
    texts = await gamebot.publisher.texts(game, "ko", prompt.user_id)
    first = decision_view(texts, decision)
    within_limits(first)
    [kind_select] = components(first)
    assert kind_select["custom_id"].startswith(f"bgk:{gid}:")
    groups = choice_groups(texts, decision)
    assert groups is not None and sum(len(v) for v in groups.values()) == len(decision.choices)
    assert [o["value"] for o in kind_select["options"]] == list(groups)
    assert all(o["label"].endswith(f"({len(groups[o['value']])})")
               for o in kind_select["options"])
    seen = set()
    for kind, indices in groups.items():
        page, pages = 0, 0
        while page is not None:
            view = kind_choices_view(texts, decision, kind, page)
            within_limits(view)
            page = None
            for item in components(view):
                if item["type"] == 2 and item["custom_id"].startswith("bg:"):
                    ref = decode_choice(item["custom_id"])
                    seen.add(ref.index)
                    assert ref.index in indices
                    assert choice_hash(decision.choices[ref.index].text) == ref.hash4
                elif item["type"] == 3:
                    for option in item["options"]:
                        index, hash4 = decode_select_value(option["value"])
                        seen.add(index)
                        assert index in indices
                        assert choice_hash(decision.choices[index].text) == hash4
                elif item["custom_id"].startswith("bgkm:"):
                    page = int(item["custom_id"].rsplit(":", 1)[1])
            pages += 1
            assert pages < 20
    assert seen == set(range(len(decision.choices)))  # every choice reachable exactly by kind


def test_group_choices_only_when_it_helps() -> None:
    assert group_choices(["build"] * 25) is None  # buttons suffice
    assert group_choices(["build"] * 40) is None  # one kind: page the selects instead
    assert group_choices([f"k{i}" for i in range(30)]) is None  # too many kinds for a select
    groups = group_choices(["build"] * 20 + ["pass"] * 6 + ["build x"] * 2)
    assert groups == {"build": list(range(20)), "pass": list(range(20, 26)),
                      "build_x": [26, 27]}


async def test_kind_click_answers_only_the_decider_and_a_choice_applies(env) -> None:
    gamebot, world = env
    gid = await tm_game(gamebot)
    prompt = await advance(gamebot, gid, lambda p: len(p.decision.choices or []) > 25, Rng(5))
    cog = gamebot.get_cog("Play")
    game = await gamebot.store.get_game(gid)
    texts = await gamebot.publisher.texts(game, "en")
    kind = next(iter(choice_groups(texts, prompt.decision)))
    other = FakeInteraction(gamebot, next(u for u in PLAYERS if u != prompt.user_id))
    await cog.on_kind(other, gid, prompt.decision.key, kind, 0)
    assert other.texts() == [t("discord.not_your_choice", "en", user=f"<@{prompt.user_id}>")]
    stale = FakeInteraction(gamebot, prompt.user_id)
    await cog.on_kind(stale, gid, "r9.gone", kind, 0)
    assert stale.texts() == [t("table.stale", "en")]
    mine = FakeInteraction(gamebot, prompt.user_id)
    await cog.on_kind(mine, gid, prompt.decision.key, kind, 0)
    [reply] = mine.replies
    assert reply.kwargs["ephemeral"] and reply.view is not None
    first_id = next(i for i in reply.custom_ids() if i.startswith(("bg:", "bgs:")))
    assert first_id.split(":")[1] == str(gid)
    before = game.version
    if first_id.startswith("bg:"):
        await cog.on_choice(FakeInteraction(gamebot, prompt.user_id), decode_choice(first_id))
        assert (await gamebot.store.get_game(gid)).version > before


def test_autocomplete_filters_by_prefix_fast_within_limits() -> None:
    moves = [f"build {c}{n}" for c in "ABCDEFGHI" for n in range(1, 14)]
    moves += [f"dig 1. build {c}{n}" for c in "ABCDEFGHI" for n in range(1, 14)]
    moves += [f"burn 1. action ACT{n}. build F{n}" for n in range(1, 7)] + ["pass BON3"] * 1
    assert len(moves) > 200
    start = time.perf_counter()
    got = play.filter_moves(moves, "build f")
    elapsed = time.perf_counter() - start
    values = [c.value for c in got]
    assert len(got) <= 25 and values[:13] == [f"build F{n}" for n in range(1, 14)]
    assert all(v.lower().startswith("build f") for v in values[:13])
    assert all("build f" in v.lower() for v in values)
    assert all(len(c.name) <= 100 and len(c.value) <= 100 for c in got)
    assert len(play.filter_moves(moves, "")) == 25
    assert [c.value for c in play.filter_moves(moves, "PASS")] == ["pass BON3"]
    assert play.filter_moves(moves, "zzz") == []
    assert elapsed < 1.0  # generous: a sanity bound, not a benchmark


async def test_autocomplete_in_a_tm_game_uses_the_cache(env, monkeypatch) -> None:
    gamebot, world = env
    gid = await tm_game(gamebot)
    await advance(gamebot, gid, lambda p: len(p.decision.choices or []) > 25, Rng(3))
    [prompt] = [p for p in await gamebot.table.open_prompts(gid) if p.decision.kind == "turn"]
    cog = gamebot.get_cog("Play")
    calls = []
    real = gamebot.table.legal_moves

    async def counted(*args, **kwargs):
        calls.append(args)
        return await real(*args, **kwargs)

    monkeypatch.setattr(gamebot.table, "legal_moves", counted)
    for typed in ("b", "bu", "build"):
        inter = FakeInteraction(gamebot, prompt.user_id, channel_id=THREAD)
        got = await cog.play_autocomplete(inter, typed)
        assert 0 < len(got) <= 25 and all(typed in c.value.lower() for c in got)
    assert len(calls) == 1  # one computation per game version, not per keystroke


async def test_tm_leech_command_saves_and_answers_open_offers(env) -> None:
    gamebot, world = env
    gid = await tm_game(gamebot)
    offer = await advance(gamebot, gid, lambda p: p.decision.kind == "leech", Rng(7))
    cog = gamebot.get_cog("TerraMystica")
    inter = FakeInteraction(gamebot, offer.user_id, channel_id=THREAD,
                            locale=discord.Locale.korean)
    await cog.set_leech(inter, "always")
    assert inter.texts()[0] == t("terra_mystica.pref.saved", "ko", id=gid, pref=t("terra_mystica.pref.always", "ko"))
    assert offer.decision.key not in {p.decision.key for p in
                                      await gamebot.table.open_prompts(gid)}
    posted = " ".join(m.content or "" for m in world.in_channel(THREAD))
    assert "🤖" in posted  # the automatic answer is shown in the thread
    assert t("terra_mystica.leech_pref_set", "en", pref="always") not in posted  # the setting is private
    outsider = FakeInteraction(gamebot, 12345, channel_id=THREAD)
    await cog.set_leech(outsider, "never")
    assert outsider.texts() == [t("table.not_seated", "en")]


async def test_tm_plan_command_is_private_and_stores_nothing(env) -> None:
    gamebot, world = env
    gid = await tm_game(gamebot)
    prompt = await advance(gamebot, gid, lambda p: p.decision.kind == "turn", Rng(9))
    cog = gamebot.get_cog("TerraMystica")
    version = (await gamebot.store.get_game(gid)).version
    legal = next(c for c in prompt.decision.choices if c.action.get("type") != "pass")
    inter = FakeInteraction(gamebot, prompt.user_id, channel_id=THREAD)
    await cog.preview(inter, legal.text)
    assert all(r.kwargs.get("ephemeral") for r in inter.replies)
    text = "\n".join(inter.texts())
    assert "Plan" in text and legal.text in text and "→" in text
    assert any("file" in r.kwargs for r in inter.replies)  # the board after the plan
    bad = FakeInteraction(gamebot, prompt.user_id, channel_id=THREAD,
                          locale=discord.Locale.korean)
    await cog.preview(bad, "build Z99")
    assert "✘" in "\n".join(bad.texts()) and not any("file" in r.kwargs for r in bad.replies)
    assert (await gamebot.store.get_game(gid)).version == version


def test_every_tm_message_in_both_languages_and_every_decision_kind_covered() -> None:
    assert set(TM_MESSAGES["en"]) == set(TM_MESSAGES["ko"])
    kinds = ("faction", "setup_build", "setup_bonus", "turn", "leech", "cult", "spades",
             "favor", "town", "cult_steps", "bridge", "free_dwelling", "free_trading_house",
             "sandstorm", "ordination")
    for kind in kinds:
        assert has(f"terra_mystica.decision.{kind}", "en") and has(f"terra_mystica.decision.{kind}", "ko"), kind
    for kind in tm_ui.KNOWN_KINDS + ("other",):
        assert has(f"terra_mystica.kind.{kind}", "ko"), kind


@pytest.mark.parametrize(("text", "en", "ko"), [
    ("+FAV5", "FAV5: +2 Fire · towns from 6 power", "FAV5: 불 +2 · 권능값 6부터 마을"),
    ("+TW5", "TW5: 8 VP · +1 on every cult track", "TW5: 승점 8 · 모든 신앙 트랙 +1"),
    ("pass BON4", "Pass, take BON4: income 3 power · +1 shipping",
     "패스, BON4 가져가기: 수입 권능 3 · 선적값 +1"),
    ("+2WATER", "+2 Water", "물 +2"),
    ("-SPADE", "Give it up", "포기"),
    ("-GAIN_FAVOR", "Give it up", "포기"),
    ("build F4", "dwelling on F4", "F4에 주택 건설"),  # the move in words
])
def test_sub_choice_labels(text, en, ko) -> None:
    engine = rules.get_engine("terra_mystica")
    st = engine.setup({"bonus": [f"BON{i}" for i in range(1, 10)]}, 2, 1)
    # the tile texts come from the engine's view, as a decision's params carry them
    decision = Decision(seat=0, kind="favor", key="k",
                        params={"tiles": engine.view(st, None)["tiles"]})
    choice = Choice(action=engine.parse(st, 0, text), text=text)
    assert tm_ui.choice_label(choice, decision, "en") == en
    assert tm_ui.choice_label(choice, decision, "ko") == ko
    if text.startswith(("+FAV", "+TW")):  # without the texts the tile is named by its id
        kind = "favor" if text.startswith("+FAV") else "town"
        assert tm_ui.choice_label(choice, None, "en") == f"{kind} tile {text[1:]}"


def test_status_lines_name_factions_and_players() -> None:
    view = {"round": 2, "phase": "actions", "current_scoring": "SCORE3", "active": "nomads",
            "turn_order": ["nomads", "witches"],
            "factions": {"nomads": {"seat": 1, "name": {"en": "Nomads", "ko": "유목민"},
                                    "VP": 25, "C": 3, "W": 2, "P": 1, "P1": 1,
                                    "P2": 4, "P3": 2, "passed": False},
                         "witches": {"seat": 0, "name": {"en": "Witches", "ko": "마녀"},
                                     "VP": 30, "C": 0, "W": 1, "P": 0, "P1": 5,
                                     "P2": 2, "P3": 0, "passed": True}}}
    en = tm_ui.status_lines(view, "en", ["ann", "bo"])
    assert en[0].startswith("Round 2") and "Nomads (bo)" in en[0]
    assert en[1].startswith("• Nomads (bo): 25 VP") and "passed" in en[2]
    ko = tm_ui.status_lines(view, "ko", ["ann", "bo"])
    assert "유목민 (bo)" in ko[0] and ko[2].startswith("• 마녀 (ann): 승점 30")


async def test_lobby_shows_the_tm_options_in_the_readers_language(env) -> None:
    gamebot, world = env
    game = await gamebot.table.new_game("terra_mystica", guild_id=1, channel_id=10,
                                        host_id=PLAYERS[0], lang="ko")
    specs = gamebot.table.option_specs("terra_mystica")
    assert {s.name for s in specs} >= {"random_factions", "strict_leech"}
    text = lobby.lobby_text(game, specs, "ko")
    assert "나머지 옵션은 모두 기본값입니다" in text  # more options than the text lists
    shown = game.model_copy(update={"options": {"random_factions": True, "strict_leech": False}})
    text = lobby.lobby_text(shown, specs, "ko")  # the changed ones are named
    assert "세력 무작위 배정" in text and "권능 받기는 들어온 순서대로 답하기" in text
    view = lobby.lobby_view(game, specs, "en")
    within_limits(view)
    # more options than select rows: one menu lists them all by name
    (menu,) = [c for c in components(view) if c["type"] == 3]
    labels = [o["label"] for o in menu["options"]]
    assert any(label.startswith("Random factions (instead of choosing)") for label in labels)
    await gamebot.table.set_option(game.id, PLAYERS[0], "random_factions", "true")
    assert (await gamebot.store.get_game(game.id)).options["random_factions"] is True


def test_tm_command_names_translate_to_valid_korean_names() -> None:
    import re

    from bot.games.terra_mystica.texts import COMMANDS
    from bot.translator import lookup

    assert lookup("terra_mystica.command.tm", "ko") == "테라"
    assert lookup("terra_mystica.command.tm.plan", "ko") == "계획"
    assert lookup("discord.command.game", "ko") == "게임"  # the adapter's catalogue still answers
    for key, korean in COMMANDS["ko"].items():
        assert key.startswith("terra_mystica.command.tm")
        if not key.endswith(".description") and ".pref." not in key:  # a name, not a text
            assert re.fullmatch(r"[-_\w]{1,32}", korean) and korean == korean.lower(), key
        assert len(korean) <= 100


def test_leech_prompt_names_the_price_in_the_readers_language() -> None:
    from datetime import UTC, datetime

    from bot.cogs.texts import Texts
    from rules.core import Decision
    from storage.base import GameRecord

    now = datetime.now(UTC)
    record = GameRecord(id=1, game="terra_mystica", status="running", guild_id=1, channel_id=1,
                        thread_id=2, host_id=1, seats=[1, 2], created_at=now, updated_at=now)
    view = {"factions": {"witches": {"seat": 0, "name": {"en": "Witches", "ko": "마녀"}},
                         "nomads": {"seat": 1, "name": {"en": "Nomads", "ko": "유목민"}}}}

    def offer(vp: int) -> Decision:
        return Decision(seat=1, kind="leech", key="leech.1", params={
            "faction": "nomads", "from": "witches", "amount": vp + 1, "actual": vp + 1,
            "vp_cost": vp})

    en = Texts(record, "en", view, ["ann", "bo"])
    ko = Texts(record, "ko", view, ["ann", "bo"])
    assert en.decision(offer(0)) == ("the Witches (ann) built next to you — take 1 power for "
                                     "free?\n" + t("discord.prompt.notation", "en"))
    assert "for 2 VP" in en.decision(offer(2))
    # Korean: no 이(가)/을(를) hung on a name or a number; VP are lost, not paid
    assert ko.decision(offer(0)).startswith("마녀 (ann)의 건설로 권능 1개를 공짜로 받을까요?")
    assert "권능 3개를 받고 승점 2점을 잃을까요?" in ko.decision(offer(2))
    assert "(를)" not in ko.decision(offer(2)) and "(가)" not in ko.decision(offer(0))
