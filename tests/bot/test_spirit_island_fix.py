"""`/si fix`: a manual correction typed through the Spirit Island cog goes through the table
like `/play` (the engine's `fix` action), shows in the thread with its reason, is refused in
the player's language when wrong, and `/game undo` takes it back. Recording fakes, real
store and engine."""

from __future__ import annotations

import discord
import pytest

import render
import rules
from bot.app import GameBot
from bot.games.spirit_island import cog as si
from bot.games.spirit_island import command_words
from bot.i18n import t
from tests.bot.table_bot import table_bot
from tests.bot.test_discord_fakes import FakeInteraction

PLAYERS = [811, 812]
THREAD = 9101
REASON = "the build on this land was missed"


@pytest.fixture
async def env(tmp_path, monkeypatch):
    import bot.table_lobby

    monkeypatch.setattr(bot.table_lobby.secrets, "randbits", lambda bits: 4242)
    monkeypatch.setattr(render, "render_table", lambda game, view, lang, names=None: b"PNG",
                        raising=False)
    monkeypatch.setattr(render, "has_private", lambda game: False, raising=False)
    gamebot, world = await table_bot(tmp_path, si, thread=THREAD)
    yield gamebot, world
    await gamebot.store.close()


async def si_game(gamebot: GameBot) -> int:
    svc = gamebot.table
    game = await svc.new_game("spirit_island", guild_id=1, channel_id=10, host_id=PLAYERS[0],
                              lang="en")
    await svc.attach_thread(game.id, THREAD)
    await svc.join(game.id, PLAYERS[1])
    await svc.set_option(game.id, PLAYERS[0], "spirits",
                         "River Surges in Sunlight, Thunderspeaker")
    await svc.set_option(game.id, PLAYERS[0], "boards", "A, B")
    await gamebot.publisher.publish(await svc.start(game.id, PLAYERS[0]))
    return game.id


def test_the_fields_make_the_engines_notation():
    # the engine's documented form: fix <op> [<count>] <piece> <land> [<to>] : <reason>
    assert command_words.notation("move", "dahan", "a5", "pushed the wrong way", "a6", 2) == (
        "fix move 2 dahan A5 A6 : pushed the wrong way")
    assert command_words.notation("add", "presence Thunderspeaker", "B3", "forgot") == (
        "fix add presence Thunderspeaker B3 : forgot")
    # a ':' in a field cannot cut the reason short
    assert command_words.notation("add", "town:", "A1", "a: b") == "fix add town A1 : a: b"
    engine = rules.get_engine("spirit_island")
    action = engine.parse({}, 0, command_words.notation("move", "dahan", "A5", "r", "A6", 2))
    assert action == {"type": "fix", "op": "move", "count": 2, "piece": "dahan", "land": "A5",
                      "to": "A6", "reason": "r"}


async def test_a_fix_changes_the_island_and_the_thread_says_why(env):
    gamebot, world = env
    gid = await si_game(gamebot)
    before = (await gamebot.table.view(gid, None))["lands"]["A5"]
    towns = len(before["town"])
    cog = gamebot.get_cog("SpiritIsland")
    inter = FakeInteraction(gamebot, PLAYERS[1], channel_id=THREAD)
    seen = len(world.in_channel(THREAD))
    await cog.play_fix(inter, "add", "town", "a5", REASON)
    after = (await gamebot.table.view(gid, None))["lands"]["A5"]
    assert len(after["town"]) == towns + 1  # one more town, undamaged
    assert all(r.kwargs.get("ephemeral") for r in inter.replies)
    posted = [m.content or "" for m in world.in_channel(THREAD)[seen:]]
    assert any(REASON in text for text in posted), posted  # public, with its reason
    # every open question is still open: a fix answers none
    keys = {p.decision.key for p in await gamebot.table.open_prompts(gid)}
    assert len(keys) == 2


async def test_a_wrong_fix_is_refused_in_the_players_language(env):
    gamebot, world = env
    gid = await si_game(gamebot)
    version = (await gamebot.store.get_game(gid)).version
    cog = gamebot.get_cog("SpiritIsland")
    cities = len((await gamebot.table.view(gid, None))["lands"]["A7"]["city"])
    ko = FakeInteraction(gamebot, PLAYERS[0], channel_id=THREAD, locale=discord.Locale.korean)
    await cog.play_fix(ko, "remove", "city", "A7", "no city there", count=cities + 1)
    # the land holds fewer cities than asked to remove: the engine's refusal, in Korean
    assert ko.texts() == [t("spirit_island.err.fix.nothing", "ko", land="A7", have=cities,
                            piece={"en": "city", "ko": "도시"})]
    nowhere = FakeInteraction(gamebot, PLAYERS[0], channel_id=THREAD)
    await cog.play_fix(nowhere, "add", "town", "Z9", "typo")
    assert nowhere.texts() == [t("spirit_island.err.fix.land", "en", land="Z9")]
    outsider = FakeInteraction(gamebot, 99999, channel_id=THREAD)
    await cog.play_fix(outsider, "add", "town", "A5", "not playing")
    assert outsider.texts() == [t("table.not_seated", "en")]
    assert (await gamebot.store.get_game(gid)).version == version  # nothing stored


async def test_game_undo_takes_a_fix_back(env):
    gamebot, world = env
    gid = await si_game(gamebot)
    cog = gamebot.get_cog("SpiritIsland")
    dahan = len((await gamebot.table.view(gid, None))["lands"]["B2"]["dahan"])
    inter = FakeInteraction(gamebot, PLAYERS[0], channel_id=THREAD)
    await cog.play_fix(inter, "add", "dahan", "B2", "a dahan was destroyed by mistake",
                       count=2)
    assert len((await gamebot.table.view(gid, None))["lands"]["B2"]["dahan"]) == dahan + 2
    undo = FakeInteraction(gamebot, PLAYERS[0], channel_id=THREAD)
    await gamebot.get_cog("Play").undo(undo)
    assert undo.texts() == [t("discord.undo.done", "en")]
    assert len((await gamebot.table.view(gid, None))["lands"]["B2"]["dahan"]) == dahan


async def test_autocomplete_offers_lands_and_the_pieces_there(env):
    gamebot, world = env
    gid = await si_game(gamebot)
    view = await gamebot.table.view(gid, None)
    cog = gamebot.get_cog("SpiritIsland")
    inter = FakeInteraction(gamebot, PLAYERS[0], channel_id=THREAD,
                            locale=discord.Locale.korean)
    lands = await cog.land_autocomplete(inter, "A")
    assert 0 < len(lands) <= 25 and all(c.value.startswith("A") for c in lands)
    a1 = next(c for c in lands if c.value == "A1")
    assert "A1" in a1.name and len(a1.name) <= 100
    # the pieces of the chosen land come first, with their count, in the reader's words
    land = next(name for name, row in view["lands"].items() if row["dahan"])
    inter.namespace.land = land
    pieces = await cog.piece_autocomplete(inter, "")
    assert pieces[0].value in ("explorer", "town", "city", "dahan", "blight", "beasts",
                               "disease", "wilds", "badlands") or pieces[0].value.startswith(
        "presence")
    dahan = next(c for c in pieces if c.value == "dahan")
    assert dahan.name == f"다한 ({len(view['lands'][land]['dahan'])})"
    assert "presence Thunderspeaker" in [c.value for c in pieces]
    # the destination lists the land's neighbours first (A5 touches A4, A6, A7, A8 ...)
    inter.namespace.land = "A5"
    near = await cog.to_autocomplete(inter, "")
    from rules.spirit_island import island as isl

    touching = set(isl.island(("A", "B"))["A5"]["adjacent"])
    assert {c.value for c in near[:len(touching)]} == touching
    elsewhere = FakeInteraction(gamebot, PLAYERS[0], channel_id=424242)
    assert await cog.land_autocomplete(elsewhere, "") == []


async def test_presence_by_spirit_and_korean_piece_words(env):
    gamebot, world = env
    gid = await si_game(gamebot)
    cog = gamebot.get_cog("SpiritIsland")
    view = await gamebot.table.view(gid, None)
    held = view["lands"]["B6"]["presence"].get("Thunderspeaker", 0)
    dahan = len(view["lands"]["B6"]["dahan"])
    for piece, reason in (("presence Thunderspeaker", "현신을 빠뜨림"),  # as autocomplete offers
                          ("다한", "다한을 빠뜨림")):  # a piece typed in Korean
        inter = FakeInteraction(gamebot, PLAYERS[1], channel_id=THREAD,
                                locale=discord.Locale.korean)
        await cog.play_fix(inter, "add", piece, "B6", reason)
    view = await gamebot.table.view(gid, None)
    assert view["lands"]["B6"]["presence"].get("Thunderspeaker", 0) == held + 1
    assert len(view["lands"]["B6"]["dahan"]) == dahan + 1
    posted = " ".join(m.content or "" for m in world.in_channel(THREAD))
    assert "현신을 빠뜨림" in posted and "다한을 빠뜨림" in posted
