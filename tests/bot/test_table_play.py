"""Turn flow of the table service: act, refusals that change nothing, undo, votes, reading."""

from __future__ import annotations

import asyncio

import pytest

from bot.table import Refusal, TableService
from bot.table_secrets import secret_move
from rules.core import dump_state
from storage import SqliteStore, VersionConflict, open_store

HOST, BOB, CAROL, EVE = 201, 202, 203, 299


@pytest.fixture
async def svc(tmp_path, example_game):
    store = await open_store(tmp_path / "play.db")
    yield TableService(store)
    await store.close()


async def started(svc: TableService, *players: int, **options) -> int:
    game = await svc.new_game("example", guild_id=1, channel_id=10, host_id=HOST, lang="en")
    for p in players:
        await svc.join(game.id, p)
    for name, value in options.items():
        await svc.set_option(game.id, HOST, name, value)
    await svc.start(game.id, HOST)
    return game.id


async def fingerprint(svc: TableService, gid: int) -> tuple:
    game = await svc.store.get_game(gid)
    return (
        game.version,
        game.status,
        dump_state(game.snapshot or {}),
        len(await svc.store.actions(gid)),
        game.settings,
    )


async def refused_unchanged(svc: TableService, gid: int, key: str, call) -> Refusal:
    before = await fingerprint(svc, gid)
    with pytest.raises(Refusal) as info:
        await call
    assert info.value.key == key, info.value
    assert await fingerprint(svc, gid) == before
    return info.value


async def pick_all(svc: TableService, gid: int, players: list[int], value: int = 2) -> None:
    for p in players:
        await svc.act(gid, p, f"pick {value}")


async def test_button_and_text_paths(svc):
    gid = await started(svc, BOB)
    prompts = await svc.open_prompts(gid)
    mine = next(p for p in prompts if p.user_id == BOB)
    assert mine.private and mine.seat == 1
    out = await svc.act(
        gid, BOB, mine.decision.choices[2].action, decision_key=mine.decision.key, interaction_id=1
    )
    assert out.game.version == 1
    assert [e.key for e in out.events] == ["example.picked"] and out.events[0].seat == 1
    assert not out.board_changed  # only a private event
    assert [p.user_id for p in out.prompts] == [HOST]
    out = await svc.act(gid, HOST, "고르기 1")  # Korean notation
    assert [e.key for e in out.events] == ["example.picked", "example.all_picked"]
    assert out.board_changed
    assert [(p.user_id, p.private, p.decision.kind) for p in out.prompts] == [(HOST, False, "example.play")]
    actions = await svc.store.actions(gid)
    assert [(a.seat, a.action, a.user_id) for a in actions] == [
        (1, {"type": "pick", "value": 3}, BOB),
        (0, {"type": "pick", "value": 1}, HOST),
    ]
    assert actions[0].interaction_id == 1


async def test_refusals_change_nothing(svc):
    gid = await started(svc, BOB, CAROL)
    await svc.act(gid, BOB, "pick 2")
    await refused_unchanged(svc, gid, "table.not_seated", svc.act(gid, EVE, "pick 1"))
    await refused_unchanged(svc, gid, "table.unknown_game", svc.act(999, BOB, "pick 1"))
    r = await refused_unchanged(svc, gid, "table.not_your_turn", svc.act(gid, BOB, "pick 3"))
    assert r.params["waiting"] == f"<@{HOST}>, <@{CAROL}>"
    await refused_unchanged(
        svc, gid, "table.stale",
        svc.act(gid, BOB, {"type": "pick", "value": 1}, decision_key="r1.pick.1")
    )
    await refused_unchanged(
        svc, gid, "table.stale",
        svc.act(gid, HOST, {"type": "pick", "value": 1}, decision_key="r9.x")
    )
    await refused_unchanged(svc, gid, "example.bad_pick", svc.act(gid, HOST, "pick 7"))
    await refused_unchanged(svc, gid, "example.unreadable", svc.act(gid, HOST, "dance"))
    await refused_unchanged(svc, gid, "example.not_now", svc.act(gid, HOST, "draw"))
    await refused_unchanged(svc, gid, "table.empty_move", svc.act(gid, HOST, "  "))
    await pick_all(svc, gid, [HOST, CAROL])
    # the public turn is the host's now: everyone else waits
    r = await refused_unchanged(svc, gid, "table.not_your_turn", svc.act(gid, CAROL, "draw"))
    assert r.params["user_ids"] == [HOST]


async def test_lobby_game_refuses_play(svc):
    game = await svc.new_game("example", guild_id=1, channel_id=10, host_id=HOST)
    await refused_unchanged(svc, game.id, "table.not_started", svc.act(game.id, HOST, "pick 1"))


async def test_duplicate_interaction(svc):
    gid = await started(svc, BOB)
    await svc.act(gid, BOB, "pick 1", interaction_id=77)
    await refused_unchanged(
        svc, gid, "table.already_applied", svc.act(gid, HOST, "pick 1", interaction_id=77)
    )
    assert await svc.store.seen_interaction(77)


async def test_concurrent_clicks_on_one_decision(svc):
    gid = await started(svc, BOB)
    await pick_all(svc, gid, [HOST, BOB])
    key = (await svc.open_prompts(gid))[0].decision.key
    calls = [
        svc.act(gid, HOST, {"type": action}, decision_key=key, interaction_id=500 + i)
        for i, action in enumerate(["draw", "pass"])
    ]
    results = await asyncio.gather(*calls, return_exceptions=True)
    applied = [r for r in results if not isinstance(r, BaseException)]
    refusals = [r for r in results if isinstance(r, Refusal)]
    assert len(applied) == 1 and len(refusals) == 1, results
    assert refusals[0].key == "table.stale"
    assert (await svc.store.get_game(gid)).version == 3
    assert len(await svc.store.actions(gid)) == 3


class StaleOnceStore(SqliteStore):
    """Hands out one outdated game record, as if another process applied a move meanwhile."""

    stale_record = None

    async def get_game(self, game_id):
        if self.stale_record is not None:
            record, self.stale_record = self.stale_record, None
            return record
        return await super().get_game(game_id)


async def test_cas_conflict_reloads_and_rechecks(tmp_path, example_game):
    store = StaleOnceStore(tmp_path / "cas.db")
    await store.open()
    try:
        svc = TableService(store)
        gid = await started(svc, BOB)
        before = await store.get_game(gid)
        await svc.act(gid, HOST, "pick 1")
        # Bob's pick is still open after the reload: the retry applies it.
        store.stale_record = before
        out = await svc.act(gid, BOB, "pick 2")
        assert out.game.version == 2
        # The host's turn was taken meanwhile: the retry finds the button stale.
        before = await store.get_game(gid)
        await svc.act(gid, HOST, "pass")
        store.stale_record = before
        with pytest.raises(Refusal) as info:
            await svc.act(gid, HOST, {"type": "draw"}, decision_key="r1.play.0")
        assert info.value.key == "table.stale"
        assert (await store.get_game(gid)).version == 3
        with pytest.raises(VersionConflict):  # the store itself really refuses stale writes
            await store.append_action(
                gid, expected_version=2, seat=1, action={"type": "pass"}, snapshot={}
            )
    finally:
        await store.close()


async def test_game_runs_to_the_end(svc):
    gid = await started(svc, BOB, rounds=1)
    await pick_all(svc, gid, [HOST, BOB], value=3)
    await svc.act(gid, HOST, "pass")
    out = await svc.act(gid, BOB, "pass")
    assert out.finished is not None and out.game.status == "finished"
    assert out.prompts == [] and out.board_changed
    assert [s.total for s in out.finished.scores] == [3, 3]
    assert out.finished.winners == [0, 1]
    assert await svc.store.schedules(gid) == []
    await refused_unchanged(svc, gid, "table.game_over", svc.act(gid, BOB, "pass"))
    await refused_unchanged(svc, gid, "table.game_over", svc.undo(gid, BOB))


async def test_undo_rules(svc):
    gid = await started(svc, BOB, CAROL)
    await refused_unchanged(svc, gid, "table.undo_nothing", svc.undo(gid, BOB))
    await svc.act(gid, BOB, "pick 2")
    await refused_unchanged(svc, gid, "table.undo_nothing", svc.undo(gid, HOST))
    await svc.act(gid, HOST, "pick 1")
    # Bob acted, but the host acted since
    await refused_unchanged(svc, gid, "table.undo_not_yours", svc.undo(gid, BOB))
    await refused_unchanged(svc, gid, "table.not_seated", svc.undo(gid, EVE))
    before = await svc.store.get_game(gid)
    out = await svc.undo(gid, HOST)
    # the notice goes to the thread: a secret pick is not named there
    assert out.notice == ("table.undone", {"user": f"<@{HOST}>", "move": secret_move()})
    assert out.game.version == 1
    assert {p.user_id for p in out.prompts} == {HOST, CAROL}
    assert out.game.snapshot["seats"][0]["secret"]["pick"] is None
    assert before.snapshot["seats"][0]["secret"]["pick"] == 1
    await pick_all(svc, gid, [HOST, CAROL], value=3)
    await svc.act(gid, HOST, "draw")  # a reveal: the card is out for everyone
    await refused_unchanged(svc, gid, "table.undo_revealed", svc.undo(gid, HOST))
    await svc.act(gid, BOB, "pass")  # no reveal: undoable
    out = await svc.undo(gid, BOB)
    assert out.game.version == 4 and out.prompts[0].user_id == BOB


async def test_undo_refuses_an_automatic_move(tmp_path, example_game):
    store = await open_store(tmp_path / "auto.db")
    try:
        svc = TableService(store)
        gid = await started(svc, BOB)
        await svc.act(gid, BOB, "pick 2")
        # an automatic (deadline) move made in Bob's seat after his own pick
        game = await store.get_game(gid)
        engine = svc.engine("example")
        state, _ = engine.apply(game.snapshot, 0, {"type": "pick", "value": 1})
        await store.append_action(
            gid, expected_version=1, seat=0, action={"type": "pick", "value": 1}, snapshot=state
        )
        await refused_unchanged(svc, gid, "table.undo_not_yours", svc.undo(gid, BOB))
        await refused_unchanged(svc, gid, "table.undo_nothing", svc.undo(gid, HOST))
    finally:
        await store.close()


async def test_vote_to_abandon_needs_a_majority(svc):
    gid = await started(svc, BOB, CAROL)
    out = await svc.vote_abandon(gid, BOB)
    assert out.notice == ("table.vote_recorded", {"votes": 1, "needed": 2})
    assert out.game.status == "running"
    await refused_unchanged(svc, gid, "table.vote_already", svc.vote_abandon(gid, BOB))
    await refused_unchanged(svc, gid, "table.not_seated", svc.vote_abandon(gid, EVE))
    await refused_unchanged(svc, gid, "table.vote_none", svc.withdraw_vote(gid, CAROL))
    out = await svc.withdraw_vote(gid, BOB)
    assert out.notice == ("table.vote_withdrawn", {"votes": 0, "needed": 2})
    await svc.vote_abandon(gid, BOB)
    out = await svc.vote_abandon(gid, CAROL)
    assert out.game.status == "abandoned"
    assert out.notice == ("table.abandoned", {"votes": 2, "seats": 3})
    assert await svc.store.schedules(gid) == []
    await refused_unchanged(svc, gid, "table.game_over", svc.act(gid, HOST, "pick 1"))


async def test_two_seat_vote_needs_both(svc):
    gid = await started(svc, BOB)
    out = await svc.vote_abandon(gid, HOST)
    assert out.game.status == "running"
    out = await svc.vote_abandon(gid, BOB)
    assert out.game.status == "abandoned"


async def test_waiting_on_across_guilds(svc):
    g1 = await started(svc, BOB)
    other = await svc.new_game("example", guild_id=2, channel_id=20, host_id=CAROL)
    await svc.join(other.id, BOB)
    await svc.start(other.id, CAROL)
    lobby = await svc.new_game("example", guild_id=3, channel_id=30, host_id=BOB)
    waiting = await svc.waiting_on(BOB)
    assert sorted(g.id for g, _ in waiting) == sorted([g1, other.id])
    assert lobby.id not in [g.id for g, _ in waiting]
    for _, prompts in waiting:
        assert [p.user_id for p in prompts] == [BOB] and prompts[0].seat == 1
    await svc.act(g1, BOB, "pick 1")
    assert [g.id for g, _ in await svc.waiting_on(BOB)] == [other.id]
    assert [g.id for g, _ in await svc.waiting_on(HOST)] == [g1]
    assert await svc.waiting_on(EVE) == []


async def test_views_hide_other_seats_secrets(svc):
    gid = await started(svc, BOB)
    await svc.act(gid, BOB, "pick 3")
    mine = await svc.view(gid, BOB)
    theirs = await svc.view(gid, HOST)
    spectator = await svc.view(gid, EVE)
    assert mine["me"] == {"pick": 3} and theirs["me"] == {"pick": None}
    assert spectator["me"] is None and spectator["viewer"] is None
    for view in (mine, theirs, spectator):
        assert "secret" not in view and all("secret" not in s for s in view["seats"])


async def test_legal_moves_and_log(svc):
    gid = await started(svc, BOB)
    assert await svc.legal_moves(gid, BOB) == ["pick 1", "pick 2", "pick 3"]
    assert await svc.legal_moves(gid, BOB, "ko") == ["고르기 1", "고르기 2", "고르기 3"]
    await pick_all(svc, gid, [HOST, BOB])
    assert await svc.legal_moves(gid, BOB) == []
    await svc.act(gid, HOST, "draw")
    # each move in words, as the thread told it (its public events); a secret pick only as
    # what the table may know: nothing of the first, that everyone has picked after the last
    lines = await svc.log(gid, "en")
    assert lines[:2] == ["1. P1: (a secret choice)", "2. P2: Everyone has picked."]
    assert lines[2].startswith("3. P1: P1 drew a ") and "draw" not in lines[2].split(": ")[1]
    ko = await svc.log(gid, "ko")
    assert ko[:2] == ["1. P1: (비공개 선택)", "2. P2: 모두 골랐습니다."]
    assert ko[2].startswith("3. P1: P1이(가) ") and ko[2].endswith("을(를) 뽑았습니다.")
    named = await svc.log(gid, "ko", ["앨리스", "bob"])
    assert named[:2] == ["1. 앨리스: (비공개 선택)", "2. bob: 모두 골랐습니다."]
    assert named[2].startswith("3. 앨리스: ")


async def test_a_button_must_carry_one_of_its_decisions_choices(svc):
    gid = await started(svc, BOB)
    await pick_all(svc, gid, [HOST, BOB])
    # "pick 2" is no choice of the host's play decision (and the engine refuses it too)
    await refused_unchanged(
        svc, gid, "example.not_now", svc.act(gid, HOST, {"type": "pick", "value": 2})
    )
    engine = svc.engine("example")

    def lenient(state, seat, action, _apply=engine.apply):
        # an engine bug: it accepts a "wait" it never offers
        if action == {"type": "wait"}:
            return _apply(state, seat, {"type": "pass"})
        return _apply(state, seat, action)

    svc.engine("example").apply = lenient
    try:
        r = await refused_unchanged(
            svc, gid, "table.illegal_move",
            svc.act(gid, HOST, {"type": "wait"}, decision_key="r1.play.0")
        )
        assert r.params == {"move": '{"type": "wait"}'}
    finally:
        del svc.engine("example").apply


async def test_an_automatic_answer_to_a_private_decision_is_not_named(svc):
    """A standing instruction that answers a secret pick says only that a secret choice was
    made: the thread's auto-move line never names the move."""
    import dataclasses

    from bot import games
    from tests.example_game.ui import GAME

    def auto(record, decisions):  # BOB's pick answered for him, always the last choice
        return [(d, d.choices[-1]) for d in decisions() if d.seat == 1 and d.private][:1]

    games.register(dataclasses.replace(GAME, auto_moves=auto))
    try:
        gid = await started(svc, BOB)
        outcome = await svc.act(gid, HOST, "pick 2")
    finally:
        games.register(GAME)
    (line,) = [e for e in outcome.events if e.key == "table.auto_move"]
    assert line.params["move"] == secret_move()
    assert (await svc.store.actions(gid))[-1].user_id is None  # it was played, automatically
