"""Platform gaps closed: votes safe across processes, seat options, list options, /game option."""

from __future__ import annotations

import asyncio
from collections.abc import Callable

import pytest

from bot.table import Refusal, TableService
from storage import open_store

HOST, BOB, CAROL, DAVE = 101, 102, 103, 104


@pytest.fixture
async def two_services(tmp_path, example_game):
    """Two table services on two stores of one file: two bot processes."""
    one = await open_store(tmp_path / "shared.db")
    two = await open_store(tmp_path / "shared.db")
    yield TableService(one), TableService(two)
    await one.close()
    await two.close()


async def running(svc: TableService, *players: int) -> int:
    game = await svc.new_game("example", guild_id=1, channel_id=10, host_id=HOST, lang="en")
    for p in players:
        await svc.join(game.id, p)
    await svc.start(game.id, HOST)
    return game.id


def stale_reads(svc: TableService) -> tuple[asyncio.Event, Callable[[], None]]:
    """Make svc's next reads slow, so another process writes between its read and write."""
    original = svc.store.get_game
    gate, landed = asyncio.Event(), asyncio.Event()

    async def slow_read(game_id):
        record = await original(game_id)
        gate.set()
        # held until the other process has written (restore()), however long that takes
        await asyncio.wait_for(landed.wait(), 60)
        return record

    svc.store.get_game = slow_read  # type: ignore[method-assign]

    def restore() -> None:
        svc.store.get_game = original  # type: ignore[method-assign]
        landed.set()

    return gate, restore


async def test_votes_through_two_processes_are_never_lost(two_services) -> None:
    a, b = two_services
    gid = await running(a, BOB, CAROL, DAVE)  # 4 seats: 3 votes needed
    gate, restore = stale_reads(b)
    task = asyncio.create_task(b.vote_abandon(gid, BOB))
    await gate.wait()
    await a.vote_abandon(gid, CAROL)  # lands between b's read and b's write
    restore()
    out = await task
    assert out.notice == ("table.vote_recorded", {"votes": 2, "needed": 3})
    record = await a.store.get_game(gid)
    assert sorted(record.settings["abandon_votes"]) == [1, 2]
    assert record.status == "running"
    out = await a.vote_abandon(gid, DAVE)
    assert out.notice == ("table.abandoned", {"votes": 3, "seats": 4})
    assert (await b.store.get_game(gid)).status == "abandoned"
    assert await a.store.schedules(gid) == []


async def test_a_withdrawal_never_erases_another_processes_vote(two_services) -> None:
    a, b = two_services
    gid = await running(a, BOB, CAROL, DAVE)
    await a.vote_abandon(gid, BOB)
    gate, restore = stale_reads(b)
    task = asyncio.create_task(b.withdraw_vote(gid, BOB))
    await gate.wait()
    await a.vote_abandon(gid, CAROL)
    restore()
    out = await task
    assert out.notice == ("table.vote_withdrawn", {"votes": 1, "needed": 3})
    assert (await a.store.get_game(gid)).settings["abandon_votes"] == [2]


async def test_a_vote_on_a_game_finished_meanwhile_changes_nothing(two_services) -> None:
    a, b = two_services
    gid = await running(a, BOB)
    gate, restore = stale_reads(b)
    task = asyncio.create_task(b.vote_abandon(gid, BOB))
    await gate.wait()
    await a.store.set_status(gid, "finished")
    restore()
    with pytest.raises(Refusal) as info:
        await task
    assert info.value.key == "table.game_over"
    record = await a.store.get_game(gid)
    assert record.status == "finished" and "abandon_votes" not in record.settings


# -- seat options --------------------------------------------------------------


def test_a_random_seat_comes_from_the_seed_and_covers_every_seat() -> None:
    from bot.table_options import RANDOM, seat_index

    seats = [11, 12, 13, 14]
    drawn = {seat_index("crown", RANDOM, seats, seed) for seed in range(200)}
    assert drawn == {0, 1, 2, 3}
    assert seat_index("crown", RANDOM, seats, 7) == seat_index("crown", RANDOM, seats, 7)
    assert seat_index("crown", 13, seats, 7) == 2  # a player -> their seat
    assert seat_index("crown", 1, seats, 7) == 1  # a plain seat index passes through


# -- list options (Terra Mystica's factions, scoring and bonus tiles) -----------


@pytest.fixture
async def svc(tmp_path):
    pytest.importorskip("rules.terra_mystica")
    store = await open_store(tmp_path / "lists.db")
    yield TableService(store)
    await store.close()


async def tm_lobby(svc: TableService, *players: int) -> int:
    game = await svc.new_game("terra_mystica", guild_id=1, channel_id=10, host_id=HOST,
                              lang="ko")
    for p in players:
        await svc.join(game.id, p)
    return game.id


async def test_list_options_have_specs_and_labels(svc) -> None:
    from bot.i18n import has

    specs = {s.name: s for s in svc.option_specs("terra_mystica")}
    for name in ("factions", "scoring", "bonus"):
        assert specs[name].kind == "list" and specs[name].nullable
        for lang in ("en", "ko"):
            assert has(specs[name].label_key, lang)
            assert has(f"terra_mystica.option.{name}.none", lang)


async def test_a_host_sets_list_options_as_text(svc) -> None:
    gid = await tm_lobby(svc, BOB)
    record = await svc.set_option(gid, HOST, "factions", "Witches, nomads")
    assert record.options["factions"] == ["witches", "nomads"]
    record = await svc.set_option(gid, HOST, "scoring", "score6 score5 SCORE4 SCORE3 SCORE2 SCORE1")
    assert record.options["scoring"] == [f"SCORE{i}" for i in range(6, 0, -1)]
    # commas or semicolons, where there are any, are the separators (names may hold spaces)
    record = await svc.set_option(gid, HOST, "scoring",
                                  "score1, score2 ;SCORE3;SCORE4,  SCORE5,SCORE6")
    assert record.options["scoring"] == [f"SCORE{i}" for i in range(1, 7)]
    record = await svc.set_option(gid, HOST, "bonus", '["BON1", "BON2", "BON3", "BON4", "BON5"]')
    assert record.options["bonus"] == ["BON1", "BON2", "BON3", "BON4", "BON5"]
    out = await svc.start(gid, HOST)
    state = out.game.snapshot
    assert {name: f["seat"] for name, f in state["factions"].items()} == {
        "witches": 0, "nomads": 1}
    assert state["scoring"] == [f"SCORE{i}" for i in range(1, 7)]
    assert sorted(state["bonus_in_play"]) == ["BON1", "BON2", "BON3", "BON4", "BON5"]


async def test_an_invalid_list_is_refused_in_the_players_language_and_changes_nothing(
    svc,
) -> None:
    from bot.i18n import describe_refusal

    gid = await tm_lobby(svc, BOB)
    await svc.set_option(gid, HOST, "scoring", "SCORE1 SCORE2 SCORE3 SCORE4 SCORE5 SCORE6")
    before = (await svc.store.get_game(gid)).options
    for name, text in (("factions", "witches auren"),  # two green factions
                       ("factions", "wizards"),
                       ("scoring", "SCORE1 SCORE2"),  # six expected
                       ("bonus", "BON1 BON99")):
        with pytest.raises(Refusal) as info:
            await svc.set_option(gid, HOST, name, text)
        assert info.value.key == "table.option_invalid"
        ko = describe_refusal(info.value, "ko")
        assert "쓸 수 없는 값" in ko and name not in ko, ko  # the Korean label, not the field
        assert describe_refusal(info.value, "en").endswith(
            f"not a valid value for {svc_label(svc, name, 'en')}.")
        assert (await svc.store.get_game(gid)).options == before
    with pytest.raises(Refusal) as info:
        await svc.set_option(gid, BOB, "factions", "witches")
    assert info.value.key == "table.not_host"
    reset = await svc.set_option(gid, HOST, "scoring", "auto")
    assert reset.options["scoring"] is None


def svc_label(svc: TableService, name: str, lang: str) -> str:
    from bot.i18n import t

    return t(f"terra_mystica.option.{name}", lang)


async def test_stored_options_that_no_longer_validate_are_refused_by_name(tmp_path, example_game):
    from bot.i18n import describe_refusal

    store = await open_store(tmp_path / "stale.db")
    try:
        svc = TableService(store)
        game = await svc.new_game("example", guild_id=1, channel_id=10, host_id=HOST, lang="en")
        await svc.join(game.id, BOB)
        await store.update_lobby(game.id, options={"rounds": 99})  # written by older code
        with pytest.raises(Refusal) as info:
            await svc.start(game.id, HOST)
        assert info.value.key == "table.options_stored_invalid"
        assert "rounds" in describe_refusal(info.value, "ko")
        assert (await store.get_game(game.id)).status == "lobby"
    finally:
        await store.close()
