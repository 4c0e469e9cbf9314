"""Spirit Island through the table service only: the lobby (options, refusals in both
languages), whole games to a loss with 1 and 4 spirits, a win from a hand-built near-won
position, and the Discord side's words for every prompt and event on the way."""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from bot import games
from bot.cogs.texts import Texts
from bot.i18n import describe_decision, lookup, t
from bot.table import Refusal, TableService
from rules import get_engine
from rules.core import Rng, dump_state, replay
from rules.spirit_island.pieces import INVADERS
from storage import open_store

GAME = "spirit_island"
INVADER_STEPS = ("spirit_island.explore", "spirit_island.build", "spirit_island.ravage")
LANGS = ("en", "ko")


@pytest.fixture
async def svc(tmp_path):
    service = TableService(await open_store(tmp_path / "si.db"))
    yield service
    await service.store.close()


def readable(key: str, lang: str, **params) -> str:
    assert lookup(key, lang) is not None, (key, lang)
    text = t(key, lang, **params)
    assert "{" not in text, (key, lang, text)
    return text


async def lobby(svc: TableService, users: list[int], **options) -> int:
    game = await svc.new_game(GAME, guild_id=7, channel_id=70, host_id=users[0], lang="ko")
    for u in users[1:]:
        await svc.join(game.id, u)
    for name, value in options.items():
        await svc.set_option(game.id, users[0], name, value)
    return game.id


def check_words(record, prompts, events) -> None:
    """Every prompt, choice label, frame and event reads in both languages, all filled."""
    ui = games.ui(GAME)
    for lang in LANGS:
        texts = Texts(record, lang, names=[f"P{i}" for i in range(4)])
        for prompt in prompts:
            decision = prompt.decision
            said = describe_decision(decision, lang, GAME)
            assert "{" not in said and "spirit_island." not in said, (decision, lang, said)
            frame = ui.prompt_frame(decision, [])
            if frame:
                readable(frame, lang, user="@x", decision=said)
            for choice in decision.choices:
                label = texts.choice(choice, decision)
                assert label and "{" not in label, (choice, lang)
        for event in events:
            said = texts.event(event)  # the game's names filled in, as the thread reads it
            assert "{" not in said and "spirit_island." not in said, (event, lang, said)


async def play_out(svc: TableService, gid: int, users: list[int], seed: int, limit: int = 3000,
                   seen: list | None = None):
    """Random legal choices, half by button, half typed; returns the final outcome (the
    events on the way added to `seen`)."""
    rng = Rng(seed)
    out = None
    prompts = await svc.open_prompts(gid)
    for step in range(limit):
        assert prompts, "a running game must wait on someone"
        prompt = rng.choice(prompts)
        assert prompt.user_id == users[prompt.seat]
        choice = rng.choice(prompt.decision.choices)
        if step % 2:
            out = await svc.act(gid, prompt.user_id, choice.text)
        else:
            out = await svc.act(gid, prompt.user_id, choice.action,
                                decision_key=prompt.decision.key)
        if step < 200:
            check_words(out.game, out.prompts, out.events)
        if seen is not None:
            seen.extend(out.events)
        if out.finished is not None:
            return out
        prompts = out.prompts
    raise AssertionError("the game did not finish")


def test_the_lobby_offers_spirit_island_with_its_discord_side():
    assert GAME in games.offered([GAME, "citadels"])
    assert games.ui(GAME).messages  # its own texts, not the platform's defaults


@pytest.mark.parametrize(("players", "seed"), [(1, 3), (4, 7)])
async def test_from_the_lobby_to_a_loss(svc, monkeypatch, players, seed):
    # the game's seed too, so that the same game is played each run
    monkeypatch.setattr("bot.table_lobby.secrets", SimpleNamespace(randbits=lambda bits: seed))
    users = [500 + i for i in range(players)]
    options = {"adversary": "england", "level": 2} if players == 4 else {
        "spirits": '["Lightning\'s Swift Strike"]', "boards": "C"}
    gid = await lobby(svc, users, **options)
    out = await svc.start(gid, users[0])
    check_words(out.game, out.prompts, out.events)
    if players == 1:
        assert out.game.snapshot["seats"][0]["spirit"] == "Lightning's Swift Strike"
    events: list = []
    out = await play_out(svc, gid, users, seed, seen=events)
    assert [s.total for s in out.finished.scores] == [0] * players  # everyone loses together
    # the Invader phase in the log: a line per step, naming its lands, in both languages
    texts = {lang: Texts(out.game, lang, names=[str(u) for u in users]) for lang in LANGS}
    steps = [e for e in events if e.key in INVADER_STEPS]
    assert {e.key for e in steps} >= {"spirit_island.explore", "spirit_island.build"}
    for event in steps:
        for lang, word in (("en", ""), ("ko", "지역" if "ravage" in event.key else "")):
            line = texts[lang].event(event)
            assert "{" not in line and word in line and line.count("\n") == 0, line
    final = await svc.store.get_game(gid)
    assert final.status == "finished"
    assert final.snapshot["outcome"].startswith("loss:")
    ui = games.ui(GAME)
    for lang in LANGS:
        words = ui.score_breakdown(out.finished.scores[0].breakdown, lang)
        assert words.startswith(t("spirit_island.score.defeat", lang)), words
    # the stored log replays to the stored snapshot, byte for byte
    engine = svc.engine(GAME)
    log = [(a.seat, a.action) for a in await svc.store.actions(gid)]
    rebuilt = replay(engine, engine.Options.model_validate(final.options), players, final.seed,
                     log)
    assert dump_state(rebuilt) == dump_state(final.snapshot)
    lines = await svc.log(gid, "ko")
    assert len(lines) == final.version and all("{" not in line for line in lines)


@pytest.fixture
def near_won(monkeypatch):
    """A hand-built near-won position: the engine's setup, then every invader off the island
    (Terror Level 1 is won once none is left; the end is checked after the next move)."""
    engine_class = type(get_engine(GAME))
    setup = engine_class.setup

    def cleared(self, options, seats, seed):
        state = setup(self, options, seats, seed)
        for land in state["lands"].values():
            for kind in INVADERS:
                land[kind] = []
        return state

    monkeypatch.setattr(engine_class, "setup", cleared)


@pytest.mark.parametrize("players", [1, 4])
async def test_from_the_lobby_to_a_win(svc, near_won, players):
    users = [600 + i for i in range(players)]
    gid = await lobby(svc, users, events=False)
    out = await svc.start(gid, users[0])
    assert len(out.prompts) == players  # the Spirit phase: everyone decides at once
    prompt = out.prompts[-1]
    out = await svc.act(gid, prompt.user_id, prompt.decision.choices[0].action,
                        decision_key=prompt.decision.key)
    assert out.finished is not None
    assert [s.total for s in out.finished.scores] == [1] * players
    check_words(out.game, [], out.events)
    for lang in LANGS:
        words = games.ui(GAME).score_breakdown(out.finished.scores[0].breakdown, lang)
        assert words.startswith(t("spirit_island.score.victory", lang)), words


async def test_refusals_are_explained_in_both_languages(svc):
    users = [700, 701]
    gid = await lobby(svc, users, spirits='["River Surges in Sunlight"]')  # one spirit, two seats
    with pytest.raises(Refusal) as info:
        await svc.start(gid, users[0])
    assert info.value.key == "spirit_island.err.spirits"
    said = {lang: readable(info.value.key, lang, **info.value.params) for lang in LANGS}
    assert "2" in said["en"] and "2" in said["ko"]
    await svc.set_option(gid, users[0], "spirits",
                         '["강물", "Shadows Flicker Like Flame"]')
    with pytest.raises(Refusal) as info:  # a Korean name that is no spirit's
        await svc.start(gid, users[0])
    assert info.value.key == "spirit_island.err.spirits"
    await svc.set_option(gid, users[0], "spirits",  # names with spaces, typed with commas
                         "햇살 아래 넘치는 강물, Shadows Flicker Like Flame")
    await svc.set_option(gid, users[0], "boards", "A, A")
    with pytest.raises(Refusal) as info:
        await svc.start(gid, users[0])
    assert info.value.key == "spirit_island.err.boards"
    for lang in LANGS:
        readable(info.value.key, lang, **info.value.params)
    await svc.set_option(gid, users[0], "boards", "E, F")
    out = await svc.start(gid, users[0])  # Korean and English names together
    assert [s["spirit"] for s in out.game.snapshot["seats"]] == [
        "River Surges in Sunlight", "Shadows Flicker Like Flame"]
    # in play: a move that is not open, and a player with nothing to decide
    prompt = out.prompts[0]
    with pytest.raises(Refusal) as info:
        await svc.act(gid, prompt.user_id, "fly to the moon")
    for lang in LANGS:
        readable(info.value.key, lang, **info.value.params)
    with pytest.raises(Refusal) as info:
        await svc.act(gid, 999, prompt.decision.choices[0].text)
    for lang in LANGS:
        readable(info.value.key, lang, **info.value.params)


def test_the_choice_words_and_looks():
    from rules.core import Choice, Decision

    ui = games.ui(GAME)
    done = Choice(action={"type": "play", "option": "done"}, text="play done")
    push = Choice(action={"type": "push", "option": ["explorer", "A5"]}, text="push explorer A5")
    growth = Choice(action={"type": "growth", "option": 1}, text="growth 2")
    assert ui.choice_label(done, None, "ko") == "카드 내려놓기 완료"
    assert ui.choice_label(push, None, "ko") == "탐험가 A5"
    assert ui.choice_label(push, None, "en") == "Explorer A5"
    assert ui.choice_label(growth, None, "en") == "Growth option 2"
    grow = Decision(seat=0, kind="choose", key="t1.spirit.s0.0", choices=[],
                    params={"source": {"en": "Growth", "ko": "성장"}})
    choose = Choice(action={"type": "choose", "option": 0}, text="choose 1")
    assert ui.choice_label(choose, grow, "ko") == "성장 선택지 1"
    assert ui.choice_label(choose, None, "en") == "Option 1"
    assert ui.choice_style(done, None) == "secondary"
    assert ui.choice_style(Choice(action={"type": "may", "option": "yes"}, text="may yes"),
                           None) == "success"
    assert ui.choice_style(push, None) is None
    spirit = Decision(seat=0, kind="play", key="t1.spirit.s0.3", choices=[done])
    assert ui.prompt_frame(spirit, []) == "spirit_island.frame.spirit.first"
    assert ui.prompt_frame(spirit, ["t1.spirit.s0.1"]) == "spirit_island.frame.spirit"
    invader = Decision(seat=1, kind="cascade", key="t2.invader.40.s1", choices=[push])
    assert ui.prompt_frame(invader, []) == "spirit_island.frame.invader"


def test_the_readme_lists_every_spirit_with_its_complexity():
    from pathlib import Path

    from rules.spirit_island.spirits import SPIRITS

    readme = (Path(__file__).resolve().parents[2] / "README.md").read_text(encoding="utf-8")
    section = readme.split("### Spirit Island", 1)[1].split("\n## ", 1)[0]
    for name, data in SPIRITS.items():
        assert f"| {name} | {data['ko']} | {data['complexity']} (" in section, name


async def test_each_seat_has_its_own_panel_through_the_platform(svc):
    """The private panel is the platform's private view: the seat's own view, drawn by
    render/spirit_island's private_png through the render registry once that exists."""
    import render

    users = [800, 801]
    gid = await lobby(svc, users)
    await svc.start(gid, users[0])
    views = [await svc.view(gid, u) for u in users]
    assert [v["viewer"] for v in views] == [0, 1]
    if not render.has_private(GAME):
        pytest.skip("render/spirit_island has no private_png yet")
    for lang in LANGS:
        for view in views:
            png = render.render_private(GAME, view, lang, {0: "a", 1: "b"})
            assert png[:8] == b"\x89PNG\r\n\x1a\n"


async def test_status_says_who_still_decides_in_the_spirit_phase(svc):
    users = [900, 901]
    gid = await lobby(svc, users)
    out = await svc.start(gid, users[0])
    mine = next(p for p in out.prompts if p.user_id == users[0])
    await svc.act(gid, users[0], mine.decision.choices[0].action, decision_key=mine.decision.key)
    view = await svc.view(gid, None)
    ui = games.ui(GAME)
    for lang in LANGS:
        lines = ui.status_lines(view, lang, ["ann", "ben"])
        deciding = t("spirit_island.status.deciding", lang)
        assert [line.endswith(deciding) for line in lines[2:]] == [
            bool(view["seats"][0].get("ask")), True], lines
        assert all("{" not in line for line in lines)
    ko = ui.status_lines(view, "ko", ["ann", "ben"])
    assert "햇살 아래 넘치는 강물" in ko[2] and "단계" in ko[1], ko


async def test_undo_takes_a_move_back_but_never_one_that_revealed_something(svc):
    """`/game undo` within the engine's limits: a move that showed nothing new (a presence
    placed) is taken back and its question asked again; once a move has revealed something
    hidden (a card drawn from a deck), it stays, and the refusal says why in both languages."""
    users = [950, 951]
    gid = await lobby(svc, users, events=False)
    out = await svc.start(gid, users[0])
    prompt = out.prompts[0]
    version = (await svc.store.get_game(gid)).version
    out = await svc.act(gid, prompt.user_id, prompt.decision.choices[0].action,
                        decision_key=prompt.decision.key)
    assert not any(e.reveal for e in out.events)
    out = await svc.undo(gid, prompt.user_id)
    assert out.game.version == version
    assert prompt.decision.key in {p.decision.key for p in out.prompts}  # asked again
    rng = Rng(11)
    prompts = out.prompts
    for _ in range(400):
        prompt = rng.choice(prompts)
        out = await svc.act(gid, prompt.user_id, rng.choice(prompt.decision.choices).action,
                            decision_key=prompt.decision.key)
        if any(e.reveal for e in out.events):
            break
        prompts = out.prompts
    else:
        raise AssertionError("no move revealed anything")
    with pytest.raises(Refusal) as info:
        await svc.undo(gid, prompt.user_id)
    assert info.value.key == "table.undo_revealed"
    for lang in LANGS:
        readable(info.value.key, lang, **info.value.params)
    assert (await svc.store.get_game(gid)).version == out.game.version  # nothing popped
