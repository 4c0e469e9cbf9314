"""Table boards: the service (who may place or remove one, what it lists: running games of the
channel, whom each waits on, since when, who is away) and the cog keeping the one message
edited, a burst of changes making one edit, the board's text naming players without pings."""

from __future__ import annotations

import asyncio
from datetime import date, timedelta
from types import SimpleNamespace
from typing import Any

import pytest

from bot.cogs.board import BoardCog, board_text
from bot.i18n import lookup
from bot.table import Refusal, TableService
from storage import open_store
from tests.bot.example_tables import CHANNEL, GUILD, Clock, finish, play_step, started

ANN, BEN, CAT = 501, 502, 503


@pytest.fixture
async def svc(tmp_path, example_game):
    service = TableService(await open_store(tmp_path / "board.db"), clock=Clock())
    yield service
    await service.store.close()


class Poster:
    """The adapter's side of placing a board: posts (counted) and gives the message id."""

    def __init__(self) -> None:
        self.posted = 0

    async def __call__(self) -> int:
        self.posted += 1
        return 9000 + self.posted


async def refused(call, key: str) -> None:
    with pytest.raises(Refusal) as info:
        await call
    assert info.value.key == key
    assert lookup(key, "en") and lookup(key, "ko")


async def test_only_a_server_admin_places_or_removes_a_board(svc) -> None:
    post = Poster()
    await refused(svc.place_board(CHANNEL, GUILD, ANN, admin=False, lang="en", post=post),
                  "board.not_admin")
    await refused(svc.place_board(CHANNEL, None, ANN, admin=True, lang="en", post=post),
                  "board.server_only")
    assert post.posted == 0 and await svc.board_of(CHANNEL) is None  # nothing posted
    await refused(svc.remove_board(CHANNEL, GUILD, admin=True), "board.none")

    board, old = await svc.place_board(CHANNEL, GUILD, ANN, admin=True, lang="ko", post=post)
    assert old is None and (board.message_id, board.lang, board.created_by) == (9001, "ko", ANN)
    again, old = await svc.place_board(CHANNEL, GUILD, BEN, admin=True, lang="en", post=post)
    assert old == board and again.message_id == 9002  # one per channel: the old one goes
    await refused(svc.remove_board(CHANNEL, GUILD, admin=False), "board.not_admin")
    assert await svc.board_of(CHANNEL) == again
    assert await svc.remove_board(CHANNEL, GUILD, admin=True) == again
    assert await svc.board_of(CHANNEL) is None


async def test_the_board_lists_the_channels_running_games_and_whom_they_wait_on(svc) -> None:
    clock: Clock = svc.clock  # type: ignore[assignment]
    first = await started(svc, [ANN, BEN])
    clock.advance(hours=1)
    second = await started(svc, [BEN, CAT])
    await started(svc, [CAT, ANN], channel=CHANNEL + 1)  # another channel's
    lobby = await svc.new_game("example", guild_id=GUILD, channel_id=CHANNEL, host_id=CAT)
    done = await started(svc, [ANN, CAT])
    await finish(svc, done, {ANN: 1, CAT: 2})
    games = await svc.board_games(CHANNEL)
    assert [g.game.id for g in games] == [first, second]  # no lobby, no finished game
    assert lobby.id not in [g.game.id for g in games]
    # both pick in secret: each is waited on since the game started
    assert [(w.user_id, w.since) for w in games[0].waiting] == [
        (ANN, clock.now - timedelta(hours=1)), (BEN, clock.now - timedelta(hours=1))]
    clock.advance(hours=2)
    await play_step(svc, first, {ANN: 3, BEN: 1})  # Ann picked: Ben alone, still since then
    [game] = [g for g in await svc.board_games(CHANNEL) if g.game.id == first]
    assert [(w.user_id, w.since) for w in game.waiting] == [
        (BEN, clock.now - timedelta(hours=3))]
    await play_step(svc, first, {ANN: 3, BEN: 1})  # Ben picked: Ann's turn to play, from now
    [game] = [g for g in await svc.board_games(CHANNEL) if g.game.id == first]
    assert [(w.user_id, w.since) for w in game.waiting] == [(ANN, clock.now)]


async def test_an_away_player_is_shown_away(svc) -> None:
    clock: Clock = svc.clock  # type: ignore[assignment]
    gid = await started(svc, [ANN, BEN])
    await svc.away(BEN, date(2026, 3, 5))
    [game] = await svc.board_games(CHANNEL)
    assert game.game.id == gid
    ben = next(w for w in game.waiting if w.user_id == BEN)
    assert ben.away_until is not None and ben.away_until > clock.now
    assert next(w for w in game.waiting if w.user_id == ANN).away_until is None


async def test_the_text_names_players_and_times_in_both_languages(svc) -> None:
    clock: Clock = svc.clock  # type: ignore[assignment]
    gid = await started(svc, [ANN, BEN])
    games = await svc.board_games(CHANNEL)
    for lang in ("en", "ko"):
        text = board_text(games, lang, clock.now)
        assert lookup("board.title", lang) in text
        assert f"#{gid}" in text and f"<@{ANN}>" in text and f"<@{BEN}>" in text
        assert f"<t:{int(clock.now.timestamp())}:R>" in text  # each reader's own clock
        assert len(text) <= 2000
    assert lookup("board.empty", "en") in board_text([], "en", clock.now)


class FakeBot:
    """What the board cog uses of the bot: the table, a clock, in-flight tasks, and partial
    messages whose edits are recorded."""

    def __init__(self, svc: TableService) -> None:
        self.table, self.store, self.clock = svc, svc.store, svc.clock
        self.inflight: set[asyncio.Task[Any]] = set()
        self.edits: list[tuple[int, int, dict[str, Any]]] = []

    def get_partial_messageable(self, channel_id: int) -> Any:
        def message(message_id: int) -> Any:
            async def edit(**fields: Any) -> None:
                self.edits.append((channel_id, message_id, fields))

            return SimpleNamespace(edit=edit)

        return SimpleNamespace(get_partial_message=message)


async def test_a_burst_of_changes_makes_one_edit_of_the_board(svc) -> None:
    gid = await started(svc, [ANN, BEN])
    await svc.place_board(CHANNEL, GUILD, ANN, admin=True, lang="en", post=Poster())
    bot = FakeBot(svc)
    cog = BoardCog(bot)  # type: ignore[arg-type]
    cog.EDIT_DELAY_SECONDS = 0.05
    for _ in range(2):  # two picks close together
        await play_step(svc, gid, {ANN: 3, BEN: 1})
        await cog.on_game_changed(await svc.store.get_game(gid))
    await cog.on_game_changed(SimpleNamespace(channel_id=CHANNEL + 1))  # no board there
    await asyncio.gather(*bot.inflight)
    assert len(bot.edits) == 1
    channel, message, fields = bot.edits[0]
    assert (channel, message) == (CHANNEL, 9001)
    assert f"<@{ANN}>" in fields["content"] and f"<@{BEN}>" not in fields["content"]
    assert fields["allowed_mentions"].users is False  # named, not pinged
    # a later change edits the same message again
    await play_step(svc, gid, {ANN: 3, BEN: 1})
    await cog.on_game_changed(await svc.store.get_game(gid))
    await asyncio.gather(*bot.inflight)
    assert [(c, m) for c, m, _ in bot.edits] == [(CHANNEL, 9001)] * 2
    assert f"<@{BEN}>" in bot.edits[1][2]["content"]


async def test_a_board_message_someone_deleted_is_forgotten(svc) -> None:
    import discord

    await svc.place_board(CHANNEL, GUILD, ANN, admin=True, lang="en", post=Poster())
    bot = FakeBot(svc)

    def gone(channel_id: int) -> Any:
        async def edit(**fields: Any) -> None:
            raise discord.NotFound(SimpleNamespace(status=404, reason="Not Found"),
                                   {"code": 10008, "message": "Unknown Message"})

        return SimpleNamespace(get_partial_message=lambda message_id: SimpleNamespace(edit=edit))

    bot.get_partial_messageable = gone  # type: ignore[method-assign]
    cog = BoardCog(bot)  # type: ignore[arg-type]
    assert await cog.refresh(CHANNEL) is False
    assert await svc.board_of(CHANNEL) is None
    assert await cog.refresh(CHANNEL) is False  # nothing left to edit


async def test_a_channel_without_a_board_costs_no_waiting_task(svc) -> None:
    gid = await started(svc, [ANN, BEN])
    bot = FakeBot(svc)
    cog = BoardCog(bot)  # type: ignore[arg-type]
    await cog.on_game_changed(await svc.store.get_game(gid))
    assert bot.inflight == set() and bot.edits == []
