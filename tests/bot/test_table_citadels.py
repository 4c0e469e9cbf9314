"""Whole Citadels games through the table service only: lobby to final scores, random legal
choices through act(), the store closed and reopened mid-draft and mid-turn."""

from __future__ import annotations

import pytest

from bot.i18n import describe_decision, describe_event, lookup
from bot.table import Refusal, TableService
from rules.core import Rng, dump_state, replay
from storage import open_store

pytest.importorskip("rules.citadels")

VIEW_KEYS = {"game", "viewer", "round", "phase", "crown", "current", "deck_count"}
VIEW_KEYS |= {"characters", "seats", "me", "log_tail", "result"}


@pytest.fixture
async def services():
    opened: list[TableService] = []
    yield opened
    for svc in opened:  # an open aiosqlite thread would keep pytest from exiting
        await svc.store.close()


async def open_service(path, opened: list[TableService]) -> TableService:
    svc = TableService(await open_store(path))
    opened.append(svc)
    return svc


def catalogued(key: str) -> bool:
    return lookup(key, "en") is not None and lookup(key, "ko") is not None


async def check_refusals(svc: TableService, gid: int, users: list[int]) -> set[str]:
    """A few refusals on the live game: each changes nothing and has a catalogue entry."""
    before = await svc.store.get_game(gid)
    prompts = await svc.open_prompts(gid)
    waiting = {p.user_id for p in prompts}
    idle = [u for u in users if u not in waiting]
    attempts = [svc.act(gid, 999, "gold"), svc.act(gid, prompts[0].user_id, "fly to the moon")]
    if idle:
        attempts.append(svc.act(gid, idle[0], "gold"))
    keys = set()
    for call in attempts:
        with pytest.raises(Refusal) as info:
            await call
        keys.add(info.value.key)
    after = await svc.store.get_game(gid)
    assert (after.version, dump_state(after.snapshot)) == (
        before.version,
        dump_state(before.snapshot),
    )
    return keys


@pytest.mark.parametrize(("players", "seed"), [(3, 11), (5, 23)])
async def test_whole_game_with_restarts(tmp_path, services, players, seed):
    path = tmp_path / "citadels.db"
    svc = await open_service(path, services)
    users = [1000 + i for i in range(players)]
    game = await svc.new_game("citadels", guild_id=7, channel_id=70, host_id=users[0], lang="ko")
    for u in users[1:]:
        await svc.join(game.id, u)
    out = await svc.start(game.id, users[0])
    gid = out.game.id
    rng = Rng(seed)
    restarted: set[str] = set()
    refusal_keys: set[str] = set()
    interaction = 0
    steps = 0
    while out.finished is None:
        steps += 1
        assert steps < 5000, "the game did not finish"
        assert out.prompts, "a running game must wait on someone"
        prompt = rng.choice(out.prompts)
        assert prompt.user_id == users[prompt.seat]
        for lang in ("en", "ko"):  # every prompt can be shown
            assert "{" not in describe_decision(prompt.decision, lang), (prompt.decision, lang)
        choice = rng.choice(prompt.decision.choices)
        interaction += 1
        if steps % 3 == 0:  # the notation path, as typed with /play
            out = await svc.act(gid, prompt.user_id, choice.text, interaction_id=interaction)
        else:  # the button path
            out = await svc.act(
                gid,
                prompt.user_id,
                choice.action,
                decision_key=prompt.decision.key,
                interaction_id=interaction,
            )
        for event in out.events:  # every event reads in both languages, every field filled
            assert catalogued(event.key), event.key
            for lang in ("en", "ko"):
                assert "{" not in describe_event(event, lang), (event, lang)
        phase = (await svc.view(gid, None))["phase"]
        if phase == "draft" and "draft" not in restarted and out.game.version >= 1:
            restarted.add("draft")
            refusal_keys |= await check_refusals(svc, gid, users)
        elif phase == "turns" and "turn" not in restarted:
            spectator = await svc.view(gid, None)
            current = spectator["current"]
            if current is not None and current["seat"] == prompt.seat and out.prompts:
                restarted.add("turn")
        else:
            continue
        # restart: close the store, open a new one and a new service on the same file
        await svc.store.close()
        svc = await open_service(path, services)
        prompts = await svc.open_prompts(gid)
        assert [p.decision.key for p in prompts] == [p.decision.key for p in out.prompts]
        out.prompts = prompts

    assert restarted == {"draft", "turn"}
    final = await svc.store.get_game(gid)
    assert final.status == "finished" and out.game.status == "finished"
    assert await svc.open_prompts(gid) == [] and await svc.waiting_on(users[0]) == []
    assert sorted(s.seat for s in out.finished.scores) == list(range(players))
    # the stored log replays to the stored snapshot, byte for byte
    engine = svc.engine("citadels")
    log = [(a.seat, a.action) for a in await svc.store.actions(gid)]
    assert len(log) == final.version
    rebuilt = replay(engine, engine.Options.model_validate(final.options), players, final.seed, log)
    assert dump_state(rebuilt) == dump_state(final.snapshot)
    assert engine.result(rebuilt) == out.finished
    # views through the service: the agreed shape, and nobody sees another seat's hand
    spectator = await svc.view(gid, None)
    assert VIEW_KEYS <= set(spectator) and spectator["me"] is None
    mine = await svc.view(gid, users[1])
    assert mine["me"]["seat"] == 1
    own_hand = sorted(c["id"] for c in mine["me"]["hand"])
    assert own_hand == sorted(final.snapshot["seats"][1]["secret"]["hand"])
    for entry in mine["seats"]:
        assert "secret" not in entry and "hand" not in entry  # only counts of others' cards
    assert refusal_keys and all(catalogued(k) for k in refusal_keys), refusal_keys
    lines = await svc.log(gid, "ko")
    assert len(lines) == final.version


async def test_engine_setup_refusal_keeps_the_lobby(tmp_path, services):
    svc = await open_service(tmp_path / "setup.db", services)
    game = await svc.new_game("citadels", guild_id=1, channel_id=1, host_id=1, lang="ko")
    await svc.join(game.id, 2)
    await svc.set_option(game.id, 1, "cast", "custom")  # valid for the model, but no cards
    with pytest.raises(Refusal) as info:
        await svc.start(game.id, 1)
    assert catalogued(info.value.key)
    record = await svc.store.get_game(game.id)
    assert record.status == "lobby" and record.seed is None and record.snapshot is None


async def test_undo_restores_the_previous_state_unless_something_was_revealed(tmp_path, services):
    svc = await open_service(tmp_path / "undo.db", services)
    users = [1, 2, 3]
    game = await svc.new_game("citadels", guild_id=1, channel_id=1, host_id=1)
    for u in users[1:]:
        await svc.join(game.id, u)
    out = await svc.start(game.id, 1)
    rng = Rng(5)
    seen = set()
    for _ in range(400):
        if out.finished is not None or seen == {"undone", "table.undo_revealed"}:
            break
        before = await svc.store.get_game(game.id)
        prompt = rng.choice(out.prompts)
        out = await svc.act(game.id, prompt.user_id, rng.choice(prompt.decision.choices).action)
        revealed = any(e.reveal for e in out.events)
        if revealed:
            with pytest.raises(Refusal) as info:
                await svc.undo(game.id, prompt.user_id)
            assert info.value.key == "table.undo_revealed"
            seen.add("table.undo_revealed")
        elif "undone" not in seen:
            undone = await svc.undo(game.id, prompt.user_id, "ko")
            assert undone.notice[0] == "table.undone"
            assert undone.game.version == before.version
            assert dump_state(undone.game.snapshot) == dump_state(before.snapshot)
            seen.add("undone")
            out = await svc.act(game.id, prompt.user_id, rng.choice(prompt.decision.choices).action)
    assert seen == {"undone", "table.undo_revealed"}


async def test_the_starting_crown_is_a_seated_player_or_random(tmp_path, services):
    svc = await open_service(tmp_path / "crown.db", services)
    game = await svc.new_game("citadels", guild_id=1, channel_id=1, host_id=1, lang="ko")
    for user in (2, 3):
        await svc.join(game.id, user)
    spec = next(s for s in svc.option_specs("citadels") if s.name == "crown")
    assert spec.kind == "seat" and spec.values == ["random"]
    for bad in ("5", "<@99>", "two"):  # not seated, or not a player at all
        with pytest.raises(Refusal) as info:
            await svc.set_option(game.id, 1, "crown", bad)
        assert info.value.key in ("table.option_not_seated", "table.option_invalid") and catalogued(
            info.value.key)
        assert "crown" not in (await svc.store.get_game(game.id)).options
    record = await svc.set_option(game.id, 1, "crown", "<@3>")
    assert record.options["crown"] == 3  # the player, not the seat
    await svc.leave(game.id, 2)  # seats shift: the crown still follows user 3
    await svc.join(game.id, 2)
    out = await svc.start(game.id, 1)
    assert out.game.seats == [1, 3, 2]
    assert out.game.snapshot["crown"] == 1  # user 3's seat now
    assert len(await svc.log(game.id)) == 0  # replays rebuild the same set-up

    other = await svc.new_game("citadels", guild_id=1, channel_id=1, host_id=1, lang="ko")
    for user in (2, 3, 4):
        await svc.join(other.id, user)
    await svc.set_option(other.id, 1, "crown", "3")
    left = await svc.leave(other.id, 3)  # the crowned player left: back to the default
    assert "crown" not in left.options
    await svc.set_option(other.id, 1, "crown", "무작위")
    out = await svc.start(other.id, 1)
    assert out.game.options["crown"] == "random"
    crown = out.game.snapshot["crown"]
    assert 0 <= crown < 3
    # the seed decides it, so every replay (undo, log) agrees with the stored state
    engine = svc.engine("citadels")
    state = engine.setup(svc._options(out.game, engine), 3, out.game.seed)
    assert dump_state(state) == dump_state(out.game.snapshot)


async def test_the_crown_default_is_the_hosts_seat(tmp_path, services):
    svc = await open_service(tmp_path / "crown0.db", services)
    game = await svc.new_game("citadels", guild_id=1, channel_id=1, host_id=1, lang="ko")
    await svc.join(game.id, 2)
    await svc.set_option(game.id, 1, "crown", "2")
    reset = await svc.set_option(game.id, 1, "crown", "auto")
    assert "crown" not in reset.options
    out = await svc.start(game.id, 1)
    assert out.game.snapshot["crown"] == 0
