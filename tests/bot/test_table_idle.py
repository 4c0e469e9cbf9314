"""Idle players (issue 15, point 3): after the host's number of missed deadlines the other
players vote to hand the seat to a substitute or to play its default moves; nothing happens
without a vote, a vote can fail, and the idle player's own move resets her count."""

from __future__ import annotations

import pytest

from bot.table import Outcome, Refusal, TableService
from bot.table_idle import IdleVote, on_default_moves, open_vote
from bot.table_seats import OFFER_KEY
from storage import open_store
from tests.bot.example_tables import Clock

HOST, BOB, CAROL, DAVE = 501, 502, 503, 504



@pytest.fixture
async def svc(tmp_path, example_game):
    service = TableService(await open_store(tmp_path / "idle.db"), clock=Clock())
    yield service
    await service.store.close()


async def refused(call, key: str) -> dict:
    with pytest.raises(Refusal) as info:
        await call
    assert info.value.key == key
    return info.value.params


async def start_three(svc: TableService, idle_after: int | None = 2) -> int:
    game = await svc.new_game("example", guild_id=1, channel_id=1, host_id=HOST)
    await svc.join(game.id, BOB)
    await svc.join(game.id, CAROL)
    if idle_after is not None:
        await svc.set_idle_after(game.id, HOST, idle_after)  # a lobby setting
    await svc.start(game.id, HOST)
    await svc.set_timers(game.id, HOST, deadline_hours=1)
    return game.id


async def miss(svc: TableService) -> list:
    """Let the deadline pass: the tick's timeout moves and whatever they open."""
    svc.clock.later(1.5)
    return await svc.tick()


async def bob_missed_twice(svc: TableService) -> tuple[int, IdleVote]:
    """Bob lets his secret pick and, after the host's draw, his turn time out."""
    gid = await start_three(svc)
    await svc.act(gid, HOST, "pick 2")
    await svc.act(gid, CAROL, "pick 3")
    first = await miss(svc)
    assert [type(i) for i in first] == [Outcome]  # one miss: no vote yet
    assert await svc.missed_deadlines(gid, 1) == 1
    await svc.act(gid, HOST, "draw")
    items = await miss(svc)
    [vote] = [i for i in items if isinstance(i, IdleVote)]
    assert (vote.seat, vote.user_id, vote.missed, vote.needed) == (1, BOB, 2, 2)
    assert vote.options == ["substitute", "default", "keep"]
    return gid, vote


async def test_the_host_sets_it_and_it_is_off_by_default(svc) -> None:
    gid = await start_three(svc, idle_after=None)
    await refused(svc.set_idle_after(gid, BOB, 2), "table.not_host")
    assert (await refused(svc.set_idle_after(gid, HOST, 21), "idle.after_invalid")) == {"max": 20}
    await refused(svc.set_idle_after(gid, HOST, -1), "idle.after_invalid")
    await svc.act(gid, HOST, "pick 2")
    await svc.act(gid, CAROL, "pick 3")
    for _ in range(3):  # Bob misses three deadlines: with the setting off, nothing opens
        items = await miss(svc)
        assert not [i for i in items if isinstance(i, IdleVote)]
        record = await svc.store.get_game(gid)
        if record.snapshot["turn"] == 0:
            await svc.act(gid, HOST, "pass")
    assert open_vote(await svc.store.get_game(gid), 1) is None
    assert (await svc.set_idle_after(gid, HOST, 0)).settings["idle_after"] is None


async def test_refusals_of_the_vote(svc) -> None:
    gid, _vote = await bob_missed_twice(svc)
    await refused(svc.idle_vote(gid, DAVE, 1, "substitute"), "table.not_seated")
    await refused(svc.idle_vote(gid, BOB, 1, "keep"), "idle.own_seat")
    await refused(svc.idle_vote(gid, HOST, 0, "keep"), "idle.no_vote")
    await refused(svc.idle_vote(gid, HOST, 7, "keep"), "idle.no_vote")
    await refused(svc.idle_vote(gid, HOST, 1, "kick"), "idle.option_unavailable")
    out = await svc.idle_vote(gid, HOST, 1, "default")
    assert out.notice == ("idle.vote_recorded",
                          {"user": f"<@{BOB}>", "seat": 2, "votes": 1, "needed": 2})
    await refused(svc.idle_vote(gid, HOST, 1, "substitute"), "idle.vote_already")
    # nothing happens without the vote: Bob still holds his seat, and plays it himself
    record = await svc.store.get_game(gid)
    assert record.seats[1] == BOB and on_default_moves(record) == {}
    await svc.act(gid, CAROL, "pass")  # round 2: everyone picks
    assert [p.user_id for p in await svc.open_prompts(gid)] == [HOST, BOB, CAROL]


async def test_the_vote_for_default_moves_plays_them_until_the_player_resumes(svc) -> None:
    gid, _ = await bob_missed_twice(svc)
    await svc.idle_vote(gid, HOST, 1, "default")
    out = await svc.idle_vote(gid, CAROL, 1, "default")
    assert out.notice == ("idle.default_moves_on", {"user": f"<@{BOB}>", "seat": 2})
    assert open_vote(out.game, 1) is None and on_default_moves(out.game) == {1: BOB}
    assert out.events == []  # it is Carol's turn: nothing of Bob's is open
    moved = await svc.act(gid, CAROL, "draw")  # round 2: everyone picks; Bob's is played
    played = [e for e in moved.events if e.key == "idle.default_move"]
    # a secret pick: the thread is told a default move was played, never which
    assert [e.params["user"] for e in played] == [f"<@{BOB}>"]
    assert played[0].params["move"] != "pick 1"
    actions = await svc.store.actions(gid)
    assert (actions[-1].seat, actions[-1].action, actions[-1].user_id) == (
        1, {"type": "pick", "value": 1}, None)
    assert [p.user_id for p in await svc.open_prompts(gid)] == [HOST, CAROL]
    await refused(svc.resume_seat(gid, HOST), "idle.not_on_default_moves")
    await refused(svc.resume_seat(gid, DAVE), "table.not_seated")
    back = await svc.resume_seat(gid, BOB)
    assert back.notice == ("idle.resumed", {"user": f"<@{BOB}>"})
    assert on_default_moves(back.game) == {}
    await svc.act(gid, HOST, "pick 1")
    await svc.act(gid, CAROL, "pick 1")
    assert [p.user_id for p in await svc.open_prompts(gid)] == [HOST]  # play phase
    await svc.act(gid, HOST, "pass")
    assert [p.user_id for p in await svc.open_prompts(gid)] == [BOB]  # he plays himself


async def test_the_vote_for_a_substitute_offers_the_seat_to_any_member(svc) -> None:
    gid, _ = await bob_missed_twice(svc)
    await svc.idle_vote(gid, HOST, 1, "substitute")
    out = await svc.idle_vote(gid, CAROL, 1, "substitute")
    assert out.notice == ("idle.substitute_wanted", {"user": f"<@{BOB}>", "seat": 2})
    assert out.game.settings[OFFER_KEY] == 1 and out.game.seats[1] == BOB
    await refused(svc.take_seat(gid, CAROL), "table.member_seated")
    taken = await svc.take_seat(gid, DAVE)
    assert taken.game.seats == [HOST, DAVE, CAROL]
    assert await svc.missed_deadlines(gid, 1) == 0  # the newcomer starts with none


async def test_a_vote_can_fail_and_the_count_starts_again(svc) -> None:
    gid, _ = await bob_missed_twice(svc)
    await svc.idle_vote(gid, HOST, 1, "substitute")
    out = await svc.idle_vote(gid, CAROL, 1, "keep")  # every vote cast, no majority
    assert out.notice == ("idle.vote_failed", {"user": f"<@{BOB}>", "seat": 2})
    assert open_vote(out.game, 1) is None and out.game.settings.get(OFFER_KEY) is None
    assert await svc.missed_deadlines(gid, 1) == 0
    assert out.game.seats[1] == BOB and on_default_moves(out.game) == {}


async def test_the_idle_players_own_move_resets_the_count_and_ends_the_vote(svc) -> None:
    gid = await start_three(svc)
    await svc.act(gid, HOST, "pick 2")
    await svc.act(gid, CAROL, "pick 3")
    await miss(svc)
    assert await svc.missed_deadlines(gid, 1) == 1
    await svc.act(gid, HOST, "draw")
    await svc.act(gid, BOB, "draw")  # he is back in time
    assert await svc.missed_deadlines(gid, 1) == 0
    await svc.act(gid, CAROL, "pass")  # round 2
    await svc.act(gid, HOST, "pick 1")
    await svc.act(gid, CAROL, "pick 1")
    items = await miss(svc)
    assert not [i for i in items if isinstance(i, IdleVote)]  # one miss since his move
    await svc.act(gid, HOST, "pass")
    [vote] = [i for i in await miss(svc) if isinstance(i, IdleVote)]
    assert vote.missed == 2
    await svc.act(gid, CAROL, "pass")  # the last turn of the last round
    record = await svc.store.get_game(gid)
    assert record.status == "finished"
    await refused(svc.idle_vote(gid, HOST, 1, "keep"), "table.game_over")


async def test_a_vote_is_moot_once_the_idle_player_has_played(svc) -> None:
    game = await svc.new_game("example", guild_id=1, channel_id=1, host_id=HOST)
    for user in (BOB, CAROL):
        await svc.join(game.id, user)
    await svc.set_option(game.id, HOST, "rounds", "3")
    await svc.set_idle_after(game.id, HOST, 1)
    await svc.start(game.id, HOST)
    gid = game.id
    await svc.set_timers(gid, HOST, deadline_hours=1)
    await svc.act(gid, HOST, "pick 2")
    await svc.act(gid, CAROL, "pick 3")
    [vote] = [i for i in await miss(svc) if isinstance(i, IdleVote)]
    assert (vote.missed, vote.needed) == (1, 2)
    await svc.act(gid, HOST, "draw")
    await svc.act(gid, BOB, "draw")  # he plays before the table decides
    out = await svc.idle_vote(gid, HOST, 1, "substitute")
    assert out.notice == ("idle.vote_moot", {"user": f"<@{BOB}>", "seat": 2})
    assert open_vote(out.game, 1) is None and out.game.settings.get(OFFER_KEY) is None
    await refused(svc.idle_vote(gid, CAROL, 1, "substitute"), "idle.no_vote")


async def test_a_timeout_move_that_ends_the_game_opens_no_vote(svc) -> None:
    game = await svc.new_game("example", guild_id=1, channel_id=1, host_id=HOST)
    await svc.join(game.id, BOB)
    await svc.set_option(game.id, HOST, "rounds", "1")
    await svc.set_idle_after(game.id, HOST, 1)
    await svc.start(game.id, HOST)
    await svc.set_timers(game.id, HOST, deadline_hours=1)
    await svc.act(game.id, HOST, "pick 1")
    await svc.act(game.id, BOB, "pick 1")
    await svc.act(game.id, HOST, "pass")
    items = await miss(svc)  # Bob's last turn times out: the game is over
    assert [type(i) for i in items] == [Outcome] and items[0].finished is not None
    assert open_vote(await svc.store.get_game(game.id), 1) is None
