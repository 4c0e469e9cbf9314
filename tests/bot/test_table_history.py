"""A club's history through the table service: results kept when a game finishes (abandoned
games never count), /stats per game type, per-server openskill ratings recomputable from the
results, the refusals, and a database from before results were kept, recorded on first use."""

from __future__ import annotations

import pytest
from openskill.models import PlackettLuce

from bot.i18n import lookup
from bot.table import Refusal, TableService
from bot.table_history import compute_ratings
from rules.core import replay
from storage import SqliteStore, open_store
from storage.migrations import MIGRATIONS
from tests.bot.example_tables import GUILD, Clock, finish, play_step, played, started

ANN, BEN, CAT, DOT = 401, 402, 403, 404


@pytest.fixture
async def svc(tmp_path, example_game):
    service = TableService(await open_store(tmp_path / "history.db"), clock=Clock())
    yield service
    await service.store.close()


async def refused(call, key: str) -> Refusal:
    with pytest.raises(Refusal) as info:
        await call
    assert info.value.key == key
    assert lookup(key, "en") and lookup(key, "ko")
    return info.value


async def test_a_finished_game_is_recorded_when_it_finishes_and_rated(svc) -> None:
    gid = await played(svc, {ANN: 3, BEN: 1, CAT: 2})
    # kept by the move that finished it, before anyone asks for /stats
    [result] = await svc.store.results(GUILD)
    assert result.game_id == gid and result.game == "example"
    assert [(s.user_id, s.rank, s.score) for s in result.seats] == [
        (ANN, 1, 3), (BEN, 3, 1), (CAT, 2, 2)]
    stored = await svc.store.ratings(GUILD, "example")
    assert [r.user_id for r in stored] == [ANN, CAT, BEN]
    assert all(r.games == 1 for r in stored)
    # openskill's own Plackett-Luce update of the same game, not a formula of ours
    model = PlackettLuce()
    teams = model.rate([[model.rating()] for _ in range(3)], ranks=[1, 3, 2])
    expected = {u: team[0] for u, team in zip((ANN, BEN, CAT), teams, strict=True)}
    for rating in stored:
        assert rating.mu == pytest.approx(expected[rating.user_id].mu)
        assert rating.sigma == pytest.approx(expected[rating.user_id].sigma)
        assert rating.ordinal == pytest.approx(expected[rating.user_id].ordinal())
    # recomputable from the stored results alone
    assert await svc.recompute_ratings(GUILD, "example") == stored
    assert await svc.store.ratings(GUILD, "example") == stored


async def test_stats_count_games_wins_and_average_place_per_game_type(svc) -> None:
    await played(svc, {ANN: 3, BEN: 1, CAT: 2})
    await played(svc, {BEN: 3, ANN: 2})
    await played(svc, {ANN: 2, DOT: 2})  # a tie: both first
    [line] = await svc.stats(GUILD, ANN)
    assert (line.game, line.played, line.wins) == ("example", 3, 2)
    assert line.average_place == pytest.approx((1 + 2 + 1) / 3)
    [line] = await svc.stats(GUILD, BEN)
    assert (line.played, line.wins, line.average_place) == (2, 1, 2.0)
    board = await svc.leaderboard(GUILD, "example")
    assert [s.place for s in board] == [1, 2, 3, 4]
    assert [s.ordinal for s in board] == sorted((s.ordinal for s in board), reverse=True)
    assert {s.user_id: s.games for s in board} == {ANN: 3, BEN: 2, CAT: 1, DOT: 1}


async def test_abandoned_and_running_games_do_not_count(svc) -> None:
    gid = await started(svc, [ANN, BEN])
    await play_step(svc, gid, {ANN: 1, BEN: 2})
    await svc.vote_abandon(gid, ANN)
    await svc.vote_abandon(gid, BEN)
    assert (await svc.store.get_game(gid)).status == "abandoned"
    await started(svc, [ANN, CAT])  # still running
    error = await refused(svc.stats(GUILD, ANN), "history.no_finished_games")
    assert error.params["user"] == f"<@{ANN}>"
    await refused(svc.leaderboard(GUILD, "example"), "history.no_rated_games")
    assert await svc.store.results(GUILD) == []


async def test_refusals_unknown_member_unknown_game_and_another_server(svc) -> None:
    await played(svc, {ANN: 3, BEN: 1})
    await refused(svc.stats(GUILD, DOT), "history.unknown_member")  # never seated here
    await refused(svc.stats(GUILD + 1, ANN), "history.unknown_member")  # not in that server
    await refused(svc.leaderboard(GUILD + 1, "example"), "history.no_rated_games")
    await refused(svc.leaderboard(GUILD, "no_such_game"), "table.unknown_game_type")
    error = await refused(svc.leaderboard(GUILD + 1, "example"), "history.no_rated_games")
    assert set(error.params["game"]) == {"en", "ko"}  # the game's name in both languages


async def test_ratings_follow_the_order_games_finished_in(svc) -> None:
    clock: Clock = svc.clock  # type: ignore[assignment]
    await played(svc, {ANN: 3, BEN: 1})
    clock.advance(hours=1)
    await played(svc, {ANN: 1, BEN: 3})
    results = await svc.store.results(GUILD)
    assert [r.seats[0].rank for r in results] == [1, 2]  # oldest first
    forward = compute_ratings(results)
    backward = compute_ratings(list(reversed(results)))
    assert forward == await svc.store.ratings(GUILD, "example")
    assert forward != backward  # the later game weighs on the current rating


async def test_a_database_from_before_results_is_recorded_on_first_use(
    tmp_path, example_game
) -> None:
    """A game finished under schema 3 (no results table): the migration adds the tables, and
    the first /stats records its result from the stored final state."""
    path = tmp_path / "old.db"
    old = SqliteStore(path, migrations=MIGRATIONS[:3])
    await old.open()
    game = await old.create_game("example", guild_id=GUILD, channel_id=70, host_id=ANN,
                                 lang="en", options={"rounds": 1})
    moves: list[tuple[int, dict]] = []
    engine = example_game
    state = engine.setup({"rounds": 1}, 2, 9)
    while engine.decisions(state):
        decision = engine.decisions(state)[0]
        action = ({"type": "pick", "value": 3 - decision.seat} if decision.kind.endswith("pick")
                  else {"type": "pass"})
        moves.append((decision.seat, action))
        state, _ = engine.apply(state, decision.seat, action)
    assert replay(engine, {"rounds": 1}, 2, 9, moves) == state
    await old.start_game(game.id, seed=9, seats=[ANN, BEN], snapshot=engine.setup({"rounds": 1}, 2, 9),
                         log=[(seat, action, [ANN, BEN][seat]) for seat, action in moves],
                         final=state, final_status="finished")
    await old.close()

    svc = TableService(await open_store(path), clock=Clock())
    try:
        assert await svc.store.results(GUILD) == []  # the migration computes nothing
        [line] = await svc.stats(GUILD, BEN)
        assert (line.played, line.wins) == (1, 0)  # Ben picked 2, Ann 3
        assert [r.user_id for r in (await svc.leaderboard(GUILD, "example"))] == [ANN, BEN]
        assert len(await svc.store.results(GUILD)) == 1
        assert await svc.store.unrecorded_finished() == []
    finally:
        await svc.store.close()


async def test_a_deadline_move_that_ends_the_game_records_it(svc) -> None:
    """Every stored move passes the hook: here the deadline's timeout move finishes it."""
    clock: Clock = svc.clock  # type: ignore[assignment]
    gid = await started(svc, [ANN, BEN])
    await svc.set_timers(gid, ANN, deadline_hours=1)
    picks = {ANN: 3, BEN: 1}
    for _ in range(3):  # both picks and Ann's pass; Ben's pass is left to the deadline
        await play_step(svc, gid, picks)
    clock.advance(hours=2)
    await svc.tick()
    assert (await svc.store.get_game(gid)).status == "finished"
    [result] = await svc.store.results(GUILD)
    assert result.game_id == gid
    await finish(svc, gid, picks)  # a no-op: already over


def test_a_cooperative_game_rates_every_seat_alike_and_a_lone_member_not_at_all() -> None:
    from datetime import UTC, datetime

    from storage import GameResult, SeatResult

    def game(game_id: int, ranks: dict[int, int]) -> GameResult:
        return GameResult(game_id=game_id, guild_id=GUILD, game="coop",
                          finished_at=datetime(2026, 1, game_id, tzinfo=UTC),
                          seats=[SeatResult(seat=i, user_id=u, rank=r)
                                 for i, (u, r) in enumerate(ranks.items())])

    together = compute_ratings([game(1, {ANN: 1, BEN: 1, CAT: 1})])  # one rank for all seats
    assert len({(r.mu, r.sigma) for r in together}) == 1 and all(r.games == 1 for r in together)
    assert compute_ratings([game(2, {DOT: 1})]) == []  # alone: nobody to be rated against
    # one member in two seats takes her better place, once
    twice = game(3, {ANN: 3, BEN: 2})
    twice.seats.append(SeatResult(seat=2, user_id=ANN, rank=1))
    [first, second] = compute_ratings([twice])
    assert (first.user_id, first.games, second.user_id) == (ANN, 1, BEN)
