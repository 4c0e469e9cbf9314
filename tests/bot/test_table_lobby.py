"""Lobby rules of the table service, on the real SqliteStore with the example game (tests/example_game/)."""

from __future__ import annotations

import asyncio
import enum
from typing import Annotated, Literal

import pytest
from pydantic import BaseModel, Field

from bot.table import Refusal, TableService
from bot.table_options import option_specs, updated_options
from storage import open_store

HOST, BOB, CAROL, DAVE, EVE = 101, 102, 103, 104, 105


@pytest.fixture
async def svc(tmp_path, example_game):
    store = await open_store(tmp_path / "lobby.db")
    yield TableService(store)
    await store.close()


async def new(svc: TableService, *players: int) -> int:
    game = await svc.new_game("example", guild_id=1, channel_id=10, host_id=HOST, lang="ko")
    for p in players:
        await svc.join(game.id, p)
    return game.id


async def refused(key: str, call) -> Refusal:
    with pytest.raises(Refusal) as info:
        await call
    assert info.value.key == key, info.value
    return info.value


async def test_host_holds_seat_zero_and_join_order_is_seat_order(svc):
    gid = await new(svc, CAROL, BOB)
    game = await svc.store.get_game(gid)
    assert game.status == "lobby" and game.seats == [HOST, CAROL, BOB]
    out = await svc.start(gid, HOST)
    assert out.game.seats == [HOST, CAROL, BOB]  # no shuffle: seat order = join order
    assert out.game.status == "running" and out.game.version == 0


async def test_join_twice_is_refused(svc):
    gid = await new(svc, BOB)
    await refused("table.already_seated", svc.join(gid, BOB))
    await refused("table.already_seated", svc.join(gid, HOST))
    assert (await svc.store.get_game(gid)).seats == [HOST, BOB]


async def test_full_table_is_refused(svc):
    gid = await new(svc, BOB, CAROL, DAVE)  # example game: 4 seats at most
    r = await refused("table.table_full", svc.join(gid, EVE))
    assert r.params == {"max": 4}
    assert len((await svc.store.get_game(gid)).seats) == 4


async def test_only_the_host_starts_and_cancels(svc):
    gid = await new(svc, BOB)
    r = await refused("table.not_host", svc.start(gid, BOB))
    assert r.params["host"] == f"<@{HOST}>"
    await refused("table.not_host", svc.cancel(gid, BOB))
    assert (await svc.store.get_game(gid)).status == "lobby"


async def test_too_few_players(svc):
    gid = await new(svc)
    r = await refused("table.too_few_players", svc.start(gid, HOST))
    assert r.params == {"min": 2, "count": 1}
    assert (await svc.store.get_game(gid)).status == "lobby"


async def test_leave_and_host_cannot_leave(svc):
    gid = await new(svc, BOB, CAROL)
    game = await svc.leave(gid, BOB)
    assert game.seats == [HOST, CAROL]
    await refused("table.not_seated", svc.leave(gid, BOB))
    await refused("table.host_cannot_leave", svc.leave(gid, HOST))


async def test_cancel_closes_the_lobby(svc):
    gid = await new(svc, BOB)
    game = await svc.cancel(gid, HOST)
    assert game.status == "cancelled"
    await refused("table.not_in_lobby", svc.join(gid, CAROL))
    await refused("table.not_in_lobby", svc.start(gid, HOST))


async def test_lobby_actions_after_start_are_refused(svc):
    gid = await new(svc, BOB)
    await svc.start(gid, HOST)
    await refused("table.not_in_lobby", svc.join(gid, CAROL))
    await refused("table.not_in_lobby", svc.leave(gid, BOB))
    await refused("table.not_in_lobby", svc.set_option(gid, HOST, "rounds", 3))
    await refused("table.not_in_lobby", svc.start(gid, HOST))


async def test_unknown_game_and_game_type(svc):
    await refused("table.unknown_game", svc.join(999, BOB))
    await refused("table.unknown_game_type",
                  svc.new_game("chess", guild_id=1, channel_id=1, host_id=1))


async def test_seed_is_stored_and_setup_uses_it(svc):
    gid = await new(svc, BOB)
    out = await svc.start(gid, HOST)
    game = await svc.store.get_game(gid)
    assert game.seed is not None and 0 <= game.seed < 2**63
    engine = svc.engine("example")
    assert game.snapshot == engine.setup(engine.Options(), 2, game.seed)
    assert {p.seat for p in out.prompts} == {0, 1} and all(p.private for p in out.prompts)
    assert out.notice is not None and out.notice[0] == "table.started"


def test_option_specs_from_the_engine_model(svc):
    specs = {s.name: s for s in svc.option_specs("example")}
    assert set(specs) == {"rounds", "double_pass", "deck"}  # str "note" has no spec
    assert specs["rounds"].kind == "int" and (specs["rounds"].minimum, specs["rounds"].maximum) == (
        1,
        5,
    )
    assert specs["rounds"].default == 2
    assert specs["double_pass"].kind == "bool" and specs["double_pass"].default is False
    assert specs["deck"].kind == "enum" and specs["deck"].values == ["low", "high"]
    assert specs["deck"].value_keys["high"] == "example.option.deck.high"
    assert specs["deck"].label_key == "example.option.deck"


async def test_set_option_validates_and_the_game_uses_it(svc):
    gid = await new(svc, BOB)
    game = await svc.set_option(gid, HOST, "rounds", "3")  # text from a slash command
    assert game.options == {"rounds": 3}
    game = await svc.set_option(gid, HOST, "double_pass", "true")
    game = await svc.set_option(gid, HOST, "deck", "high")
    assert game.options == {"rounds": 3, "double_pass": True, "deck": "high"}
    await refused("table.option_invalid", svc.set_option(gid, HOST, "rounds", 9))
    await refused("table.option_invalid", svc.set_option(gid, HOST, "deck", "middle"))
    await refused("table.option_unknown", svc.set_option(gid, HOST, "note", "x"))
    await refused("table.not_host", svc.set_option(gid, BOB, "rounds", 1))
    assert (await svc.store.get_game(gid)).options == game.options
    out = await svc.start(gid, HOST)
    assert out.game.snapshot["options"]["rounds"] == 3
    assert out.game.snapshot["secret"]["deck"][0] >= 5  # the high deck


async def test_attach_thread_and_game_for_channel(svc):
    gid = await new(svc, BOB)
    await svc.attach_thread(gid, 5555)
    found = await svc.game_for_channel(5555)
    assert found is not None and found.id == gid
    assert await svc.game_for_channel(6666) is None


async def test_lobby_view(svc):
    gid = await new(svc, BOB)
    view = await svc.view(gid, None)
    assert view["status"] == "lobby" and view["players"] == [HOST, BOB]


async def test_simultaneous_joins_all_take_a_seat(svc):
    gid = await new(svc)
    await asyncio.gather(*(svc.join(gid, u) for u in (BOB, CAROL, DAVE)))
    assert sorted((await svc.store.get_game(gid)).seats) == sorted([HOST, BOB, CAROL, DAVE])


class Speed(enum.Enum):
    SLOW = "slow"
    FAST = "fast"


class RichOptions(BaseModel):
    speed: Speed = Speed.SLOW
    extra: bool | None = None
    ninth: Literal["queen", "artist"] | None = None
    seats_hint: Annotated[int, Field(gt=1, lt=9)] = 4
    cards: list[str] = []


def test_option_specs_for_enums_optionals_and_annotated_ints():
    specs = {s.name: s for s in option_specs("g", RichOptions)}
    assert set(specs) == {"speed", "extra", "ninth", "seats_hint", "cards"}
    assert specs["cards"].kind == "list" and not specs["cards"].nullable
    assert specs["speed"].values == ["slow", "fast"] and specs["speed"].default == "slow"
    assert specs["extra"].kind == "bool" and specs["extra"].nullable
    assert specs["ninth"].values == ["queen", "artist"] and specs["ninth"].nullable
    assert not specs["speed"].nullable
    assert (specs["seats_hint"].minimum, specs["seats_hint"].maximum) == (2, 8)


def test_updated_options_reads_text_and_resets_optionals():
    opts = updated_options("g", RichOptions, {}, "speed", "fast")
    assert opts == {"speed": "fast"}
    opts = updated_options("g", RichOptions, opts, "ninth", "queen")
    opts = updated_options("g", RichOptions, opts, "extra", "켜기")
    assert opts == {"speed": "fast", "ninth": "queen", "extra": True}
    opts = updated_options("g", RichOptions, opts, "ninth", "auto")
    assert opts["ninth"] is None
    with pytest.raises(Refusal) as info:
        updated_options("g", RichOptions, opts, "speed", "auto")  # not optional
    assert info.value.key == "table.option_invalid"
    with pytest.raises(Refusal) as info:
        updated_options("g", RichOptions, opts, "seats_hint", "9")
    assert info.value.key == "table.option_invalid"
