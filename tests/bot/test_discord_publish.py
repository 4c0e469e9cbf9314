"""Outcome → Discord messages, and clicks through the real DynamicItems and cogs.

The example game (tests/example_game/) runs behind the real table service and SQLite
store; discord objects are the recording fakes of tests/bot/test_discord_fakes.py.
"""

from __future__ import annotations

import re

import discord
import pytest

import render
import rules
from bot.app import GameBot
from bot.cogs import info, lobby, play, reminders
from bot.cogs.publisher import Publisher
from bot.components import ChoiceButton, LobbyButton, decode_choice, encode_choice
from bot.i18n import t
from bot.settings import Settings
from bot.table import TableService
from storage import open_store
from tests.bot.test_discord_fakes import FakeInteraction, FakeTextChannel, World, forbidden

HOST, BOB, EVE = 501, 502, 599
THREAD = 7001


@pytest.fixture
async def env(tmp_path, monkeypatch, example_game):
    monkeypatch.setattr(render, "render_table", lambda game, view, lang, names: b"PNG-table",
                        raising=False)
    private_names: list = []

    def private(game, view, lang, names=None):
        private_names.append(names)
        return b"PNG-private"

    monkeypatch.setattr(render, "render_private", private, raising=False)
    monkeypatch.setattr(render, "has_private", lambda game: True, raising=False)
    store = await open_store(tmp_path / "bot.db")
    bot = GameBot(Settings(default_lang="en"), store=store)
    bot.table = TableService(store)
    bot.publisher = Publisher(bot)
    bot.games = rules.available()
    for module in (lobby, play, info, reminders):
        if module is reminders:
            continue  # its loop needs a running client
        await module.setup(bot)
    world = World()
    world.install(bot)
    world.thread(THREAD)
    bot.private_names = private_names  # what render_private was given, for the names test
    yield bot, world
    await store.close()


async def new_game(bot: GameBot, *players: int) -> int:
    game = await bot.table.new_game("example", guild_id=1, channel_id=10, host_id=HOST, lang="en")
    await bot.table.attach_thread(game.id, THREAD)
    for p in players:
        await bot.table.join(game.id, p)
    return game.id


async def started(bot: GameBot, world: World) -> int:
    gid = await new_game(bot, BOB)
    outcome = await bot.table.start(gid, HOST)
    await bot.publisher.publish(outcome)
    return gid


def dm_prompts(world: World, user_id: int) -> list:
    return [m for m in world.in_channel(user_id * 10) if m.view is not None]


async def click(bot: GameBot, user_id: int, custom_id: str, **kw) -> FakeInteraction:
    """Dispatch a click the way discord.py does: template match, from_custom_id, callback."""
    interaction = FakeInteraction(bot, user_id, **kw)
    for cls in (ChoiceButton, LobbyButton):
        match = cls.__discord_ui_compiled_template__.fullmatch(custom_id)
        if match:
            item = await cls.from_custom_id(interaction, discord.ui.Button(custom_id=custom_id),
                                            match)
            await item.callback(interaction)
            return interaction
    raise AssertionError(f"no item for {custom_id}")


async def test_start_sends_private_prompts_by_dm_and_the_picture_to_the_thread(env) -> None:
    bot, world = env
    gid = await started(bot, world)
    thread = world.in_channel(THREAD)
    assert any("file" in m.kwargs for m in thread)  # the table picture
    [notice] = [m for m in thread if m.content and "begins" in m.content]  # "started"
    assert f"<@{BOB}>" in notice.content
    assert notice.kwargs["allowed_mentions"].users is False  # named, not pinged
    for uid in (HOST, BOB):
        prompts = dm_prompts(world, uid)
        assert len(prompts) == 1
        ids = prompts[0].custom_ids()
        assert [decode_choice(i).index for i in ids] == [0, 1, 2]
        assert all(decode_choice(i).game_id == gid for i in ids)
    refs = await bot.store.messages(gid, "dm_prompt")
    assert {r.decision_key for r in refs} == {"r1.pick.0", "r1.pick.1"}
    # publishing the same open decisions again posts nothing new
    before = len(world.sent)
    await bot.publisher.publish(await _outcome_now(bot, gid))
    assert len([m for m in world.sent[before:] if m.view is not None]) == 0


async def _outcome_now(bot: GameBot, gid: int):
    from bot.table_types import Outcome

    game = await bot.store.get_game(gid)
    return Outcome(game=game, prompts=await bot.table.open_prompts(gid))


async def test_click_applies_closes_the_prompt_and_refuses_a_second_click(env) -> None:
    bot, world = env
    gid = await started(bot, world)
    prompt = dm_prompts(world, HOST)[0]
    pick2 = prompt.custom_ids()[1]
    first = await click(bot, HOST, pick2, message=prompt)
    assert first.response.deferred is not None  # acknowledged first
    game = await bot.store.get_game(gid)
    assert game.version == 1
    # its buttons are gone, and it now says what the answer did (no second DM for that),
    # edited through the click itself (an interaction endpoint), not by a channel edit
    assert first.original_edits == [{"content": "You picked 2.", "view": None}]
    assert [e for e in world.edits if e[1] == prompt.id] == []
    assert not [m for m in world.in_channel(HOST * 10) if m.content == "You picked 2."]
    again = await click(bot, HOST, pick2, message=prompt)
    assert again.texts() == [t("table.stale", "en")]
    assert (await bot.store.get_game(gid)).version == 1


async def test_a_prompt_is_closed_by_a_channel_edit_when_its_click_cannot(env) -> None:
    """The click's token refused (expired, say): the prompt is closed by a channel edit."""
    bot, world = env
    gid = await started(bot, world)
    prompt = dm_prompts(world, HOST)[0]
    tried: list[dict] = []

    async def refused(**fields):
        tried.append(fields)
        raise forbidden(50027)

    custom_id = prompt.custom_ids()[0]
    inter = FakeInteraction(bot, HOST, message=prompt)
    inter.edit_original_response = refused  # type: ignore[method-assign]
    match = ChoiceButton.__discord_ui_compiled_template__.fullmatch(custom_id)
    item = await ChoiceButton.from_custom_id(inter, discord.ui.Button(custom_id=custom_id), match)
    await item.callback(inter)
    assert (await bot.store.get_game(gid)).version == 1
    assert tried == [{"content": "You picked 1.", "view": None}]
    assert [e for e in world.edits if e[1] == prompt.id] == [
        (HOST * 10, prompt.id, {"content": "You picked 1.", "view": None})]
    assert inter.texts() == []  # the move went through: nothing to explain


async def test_click_on_someone_elses_or_forged_choice(env) -> None:
    bot, world = env
    gid = await started(bot, world)
    bob_button = dm_prompts(world, BOB)[0].custom_ids()[0]
    stolen = await click(bot, EVE, bob_button, locale=discord.Locale.korean)
    assert stolen.texts() == [t("discord.not_your_choice", "ko", user=f"<@{BOB}>")]
    forged_text = await click(bot, BOB, encode_choice(gid, "r1.pick.1", 0, "pick 9"))
    forged_game = await click(bot, BOB, encode_choice(gid + 50, "r1.pick.1", 0, "pick 1"))
    out_of_range = await click(bot, BOB, encode_choice(gid, "r1.pick.1", 7, "pick 8"))
    for inter in (forged_text, forged_game, out_of_range):
        assert inter.texts() == [t("table.stale", "en")]
    assert (await bot.store.get_game(gid)).version == 0
    # a place that no longer holds its text (the choices changed under the same key) still
    # means the choice the text names: one bob may take anyway
    await click(bot, BOB, encode_choice(gid, "r1.pick.1", 7, "pick 1"))
    assert (await bot.store.get_game(gid)).version == 1


async def test_public_prompt_pings_only_the_player_on_turn(env) -> None:
    bot, world = env
    gid = await started(bot, world)
    for uid in (HOST, BOB):
        await click(bot, uid, dm_prompts(world, uid)[0].custom_ids()[0])
    public = [m for m in world.in_channel(THREAD) if m.view is not None]
    assert len(public) == 1
    assert public[0].content.split("\n")[-1].startswith(f"<@{HOST}>")  # after the news
    mentions = public[0].kwargs["allowed_mentions"]
    assert [u.id for u in mentions.users] == [HOST]
    assert [decode_choice(i).index for i in public[0].custom_ids()] == [0, 1]
    assert any(m.content and "Everyone has picked" in m.content for m in world.in_channel(THREAD))
    # a click on the public prompt by the wrong player changes nothing
    wrong = await click(bot, BOB, public[0].custom_ids()[1])
    assert "not for you" in wrong.texts()[0]
    assert (await bot.store.get_game(gid)).version == 2


async def test_closed_dms_are_remembered_and_the_thread_offers_the_private_view(env) -> None:
    bot, world = env
    world.dms_closed.add(BOB)
    gid = await started(bot, world)
    assert (await bot.store.get_user(BOB)).get("dms_closed") is True
    notices = [m for m in world.in_channel(THREAD) if f"bgp:{gid}" in m.custom_ids()]
    assert len(notices) == 1 and f"<@{BOB}>" in notices[0].content
    # the button answers with the same content, ephemerally, and its choices work there
    inter = FakeInteraction(bot, BOB, channel_id=THREAD, message=notices[0])
    await bot.get_cog("Play").on_private_view(inter, gid)
    assert inter.response.deferred == {}  # an update of the notice, nothing shown yet
    assert all(r.kwargs.get("ephemeral") for r in inter.replies)
    assert any("file" in r.kwargs for r in inter.replies)
    with_buttons = [r for r in inter.replies if r.view is not None]
    assert len(with_buttons) == 1
    # opening the private view again is no new notice
    again = FakeInteraction(bot, BOB, channel_id=THREAD)
    await bot.get_cog("Play").on_private_view(again, gid)
    await bot.publisher.publish(await _outcome_now(bot, gid))
    assert [m for m in world.in_channel(THREAD) if f"bgp:{gid}" in m.custom_ids()] == notices
    eph = with_buttons[0]
    done = await click(bot, BOB, eph.custom_ids()[2], message=eph)
    assert done.original_edits == [{"view": None}]  # the ephemeral's buttons close at once
    assert (await bot.store.get_game(gid)).version == 1
    # the decision made, the notice says so without its button, through the interaction
    # that opened it (no channel edit)
    decided = t("discord.prompt.decided_by", "en", user=f"<@{BOB}>")
    [edit] = inter.original_edits
    assert edit["content"] == decided and edit["view"] is None
    assert edit["allowed_mentions"].users is False  # an edit pings nobody
    assert [e for e in world.edits if e[1] == notices[0].id] == []


async def test_a_closed_dm_notice_pings_only_a_player_who_is_not_here(env) -> None:
    """A notice pings its player when the table starts waiting on them, but not when they
    brought it about themselves: they clicked just now and got their private view."""
    bot, world = env
    world.dms_closed.add(BOB)
    gid = await started(bot, world)  # two rounds: round 2 opens with secret picks again

    def notices() -> list:
        return [m for m in world.in_channel(THREAD) if f"bgp:{gid}" in m.custom_ids()]

    [first] = notices()
    assert [u.id for u in first.kwargs["allowed_mentions"].users] == [BOB]  # nobody acted
    await click(bot, HOST, dm_prompts(world, HOST)[0].custom_ids()[0])
    opened = FakeInteraction(bot, BOB, channel_id=THREAD)
    await bot.get_cog("Play").on_private_view(opened, gid)
    [picks] = [r for r in opened.replies if r.view is not None]
    await click(bot, BOB, picks.custom_ids()[0], message=picks)
    for uid in (HOST, BOB):  # both pass: the last to pass, BOB, opens round 2
        public = [m for m in world.in_channel(THREAD) if m.view is not None
                  and f"<@{uid}>" in (m.content or "")]
        last = await click(bot, uid, public[-1].custom_ids()[1])
    assert (await bot.store.get_game(gid)).snapshot["round"] == 2
    assert any(r.view is not None for r in last.replies)  # his next secret step, at once
    [_, second] = notices()
    assert f"<@{BOB}>" in second.content
    assert second.kwargs["allowed_mentions"].users == []  # he is here: no ping


async def test_an_interaction_older_than_its_token_is_not_used(env) -> None:
    """A notice's private view opened 15 minutes before the answer: its token is no longer
    good (Discord: 15 minutes), so the notice is edited by a channel edit."""
    from datetime import UTC, datetime, timedelta

    bot, world = env
    now = [datetime(2026, 1, 1, tzinfo=UTC)]
    bot.clock = lambda: now[0]
    world.dms_closed.add(BOB)
    gid = await started(bot, world)
    [notice] = [m for m in world.in_channel(THREAD) if f"bgp:{gid}" in m.custom_ids()]
    opened = FakeInteraction(bot, BOB, channel_id=THREAD, message=notice)
    await bot.get_cog("Play").on_private_view(opened, gid)
    [picks] = [r for r in opened.replies if r.view is not None]
    now[0] += timedelta(minutes=15)
    await click(bot, BOB, picks.custom_ids()[0], message=picks)
    assert opened.original_edits == []
    [(_, _, edit)] = [e for e in world.edits if e[1] == notice.id]
    assert edit["view"] is None and f"<@{BOB}>" in edit["content"]


async def test_lost_thread_is_logged_and_marked_without_crashing(env) -> None:
    bot, world = env
    world.missing.add(THREAD)
    gid = await started(bot, world)
    assert (await bot.store.get_game(gid)).settings.get("thread_missing") is True
    assert len(dm_prompts(world, HOST)) == 1  # private prompts still go out


async def test_handler_exception_gives_generic_error_and_changes_nothing(env, monkeypatch) -> None:
    bot, world = env
    gid = await started(bot, world)

    async def boom(*args, **kwargs):
        raise RuntimeError("database on fire")

    monkeypatch.setattr(bot.table, "act", boom)
    inter = await click(bot, HOST, dm_prompts(world, HOST)[0].custom_ids()[0])
    assert inter.texts() == [t("discord.error", "en")]
    assert (await bot.store.get_game(gid)).version == 0


async def test_forbidden_names_the_missing_permission(env, monkeypatch) -> None:
    bot, world = env
    gid = await new_game(bot)

    async def no_perm(*args, **kwargs):
        raise forbidden(50013)

    monkeypatch.setattr(bot.table, "join", no_perm)
    inter = await click(bot, BOB, f"bgl:{gid}:join", locale=discord.Locale.korean)
    assert inter.texts() == [t("discord.missing_permission", "ko",
                               permission=t("discord.perm.send_messages", "ko"))]


async def test_lobby_buttons_join_and_start(env) -> None:
    bot, world = env
    gid = await new_game(bot)
    joined = await click(bot, BOB, f"bgl:{gid}:join")
    assert f"<@{BOB}>" in joined.original_edits[-1]["content"]
    not_host = await click(bot, BOB, f"bgl:{gid}:start")
    assert not_host.texts() == [t("table.not_host", "en", host=f"<@{HOST}>")]
    start = await click(bot, HOST, f"bgl:{gid}:start")
    assert start.original_edits[-1]["view"] is None  # the lobby closes
    assert (await bot.store.get_game(gid)).status == "running"
    assert len(dm_prompts(world, BOB)) == 1


async def test_lobby_view_has_option_selects_and_buttons(env) -> None:
    bot, world = env
    gid = await new_game(bot)
    game = await bot.store.get_game(gid)
    specs = bot.table.option_specs("example")
    view = lobby.lobby_view(game, specs, "ko")
    ids = [c.custom_id for c in view.children]
    assert ids[-4:] == [f"bgl:{gid}:{op}" for op in ("join", "leave", "start", "cancel")]
    assert {i for i in ids if i.startswith("bgo:")} == {
        f"bgo:{gid}:rounds", f"bgo:{gid}:double_pass", f"bgo:{gid}:deck"}
    text = lobby.lobby_text(game, specs, "ko")
    assert "라운드 수" in text and "낮은 카드" in text  # option labels from the engine, in Korean
    inter = FakeInteraction(bot, HOST)
    await bot.get_cog("Lobby").on_option(inter, gid, "deck", "high")
    assert (await bot.store.get_game(gid)).options["deck"] == "high"
    assert "High cards" in inter.original_edits[-1]["content"]


async def test_slash_play_outside_a_thread_is_refused(env) -> None:
    bot, world = env
    inter = FakeInteraction(bot, HOST, channel_id=424242, locale=discord.Locale.korean)
    await bot.get_cog("Play").play(inter, "pick 1")
    assert inter.texts() == [t("discord.not_in_thread", "ko")]


async def test_slash_play_and_autocomplete_in_the_thread(env) -> None:
    bot, world = env
    gid = await started(bot, world)
    inter = FakeInteraction(bot, HOST, channel_id=THREAD)
    choices = await bot.get_cog("Play").play_autocomplete(inter, "2")
    assert [c.value for c in choices] == ["pick 2"]
    inter = FakeInteraction(bot, HOST, channel_id=THREAD)
    await bot.get_cog("Play").play(inter, "pick 3")
    assert (await bot.store.get_game(gid)).version == 1
    assert inter.response.deferred == {"ephemeral": True, "thinking": True}


async def test_game_board_posts_the_detail_picture_and_a_turn_the_glance(env, monkeypatch) -> None:
    """`/game board` shows the whole table (a game's board picture); the picture that rides on
    a turn's prompt stays the glance."""
    bot, world = env
    monkeypatch.setattr(render, "render_board", lambda game, view, lang, names: b"PNG-board",
                        raising=False)
    await started(bot, world)
    assert any(m.kwargs.get("file") is not None and m.kwargs["file"].fp.getvalue() == b"PNG-table"
               for m in world.in_channel(THREAD))
    inter = FakeInteraction(bot, EVE, channel_id=THREAD)
    await bot.get_cog("Play").board(inter)
    sent = [m.kwargs["file"].fp.getvalue() for m in inter.replies if m.kwargs.get("file")]
    assert sent == [b"PNG-board"]


async def test_games_lists_what_waits_on_me(env) -> None:
    bot, world = env
    gid = await started(bot, world)
    inter = FakeInteraction(bot, BOB)
    await bot.get_cog("Info").games(inter)
    text = "\n".join(inter.texts())
    assert re.search(rf"channels/1/{THREAD}", text) and f"#{gid}" in text
    nobody = FakeInteraction(bot, EVE)
    await bot.get_cog("Info").games(nobody)
    assert nobody.texts() == [t("discord.games.none", "en")]


async def test_reminder_pings_the_waiting_players(env) -> None:
    from bot.table_types import Reminder

    bot, world = env
    gid = await started(bot, world)
    game = await bot.store.get_game(gid)
    prompts = await bot.table.open_prompts(gid)
    await bot.publisher.remind(Reminder(game=game, prompts=prompts, hours=25, count=1))
    last = world.in_channel(THREAD)[-1]
    assert f"<@{HOST}>" in last.content and f"<@{BOB}>" in last.content and "25" in last.content


async def test_game_to_the_end_posts_scores_and_closes_every_prompt(env) -> None:
    bot, world = env
    gid = await new_game(bot, BOB)
    await bot.table.set_option(gid, HOST, "rounds", 1)
    await bot.publisher.publish(await bot.table.start(gid, HOST))
    for uid in (HOST, BOB):
        await click(bot, uid, dm_prompts(world, uid)[0].custom_ids()[0])
    for uid in (HOST, BOB):
        public = [m for m in world.in_channel(THREAD) if m.view is not None]
        await click(bot, uid, public[-1].custom_ids()[1])  # pass
    assert (await bot.store.get_game(gid)).status == "finished"
    final = world.in_channel(THREAD)[-1].content
    assert final.startswith(t("discord.finished.title", "en"))
    assert "user501" in final and "user502" in final
    refs = await bot.store.messages(gid)
    prompts = [r for r in refs if r.kind.startswith(("prompt", "dm_prompt"))]
    assert len(prompts) == 4 and all(r.kind.endswith("_closed") for r in prompts)
    edited = {mid for _, mid, kw in world.edits if "view" in kw and kw["view"] is None}
    assert {r.message_id for r in prompts} <= edited


async def test_settings_host_only_and_language_switch(env) -> None:
    bot, world = env
    gid = await started(bot, world)
    info_cog = bot.get_cog("Info")
    refused = FakeInteraction(bot, BOB, channel_id=THREAD)
    await info_cog.settings(refused, None, None, 12, "ko")
    assert refused.texts() == [t("table.not_host", "en", host=f"<@{HOST}>")]
    ok = FakeInteraction(bot, HOST, channel_id=THREAD, locale=discord.Locale.korean)
    await info_cog.settings(ok, 2, None, 12, "ko")
    game = await bot.store.get_game(gid)
    assert game.settings["deadline_hours"] == 12 and game.settings["remind_after_hours"] == 2
    assert game.settings["lang"] == "ko"
    assert "12시간" in ok.texts()[0] and "한국어" in ok.texts()[0]
    off = FakeInteraction(bot, HOST, channel_id=THREAD)
    await info_cog.settings(off, None, None, 0, None)
    assert (await bot.store.get_game(gid)).settings["deadline_hours"] is None


async def test_a_failing_post_after_a_move_does_not_claim_the_game_unchanged(env) -> None:
    bot, world = env
    gid = await started(bot, world)
    await click(bot, HOST, dm_prompts(world, HOST)[0].custom_ids()[0])
    world.channels[THREAD].fail = forbidden(50013)
    inter = await click(bot, BOB, dm_prompts(world, BOB)[0].custom_ids()[0])  # all picked
    # the move applied: no "game unchanged" error, but the missing permission is named
    assert inter.texts() == [t("discord.missing_permission", "en",
                               permission=t("discord.perm.send_messages_in_threads", "en"))]
    assert (await bot.store.get_game(gid)).version == 2


async def test_new_game_opens_a_thread_with_the_lobby(env) -> None:
    bot, world = env
    inter = FakeInteraction(bot, HOST, channel_id=10)
    inter.channel = FakeTextChannel(10, world)
    await bot.get_cog("Lobby").new_game(inter, "example")
    [(thread_id, kwargs)] = world.created_threads
    assert kwargs["type"] == discord.ChannelType.public_thread
    game = await bot.table.game_for_channel(thread_id)
    assert game is not None and game.host_id == HOST and game.seats == [HOST]
    [lobby_msg] = world.in_channel(thread_id)
    assert lobby_msg.custom_ids()[-4:] == [f"bgl:{game.id}:{op}"
                                           for op in ("join", "leave", "start", "cancel")]
    assert [r.kind for r in await bot.store.messages(game.id)] == ["lobby"]
    assert inter.texts() == [t("discord.lobby.opened", "en", thread=f"<#{thread_id}>")]


async def test_new_game_refusals(env) -> None:
    bot, world = env
    cog = bot.get_cog("Lobby")
    in_thread = FakeInteraction(bot, HOST, channel_id=THREAD)
    in_thread.channel = world.thread(THREAD)
    await cog.new_game(in_thread, "example")
    assert in_thread.texts() == [t("discord.not_in_text_channel", "en")]
    unknown = FakeInteraction(bot, HOST, channel_id=10)
    unknown.channel = FakeTextChannel(10, world)
    await cog.new_game(unknown, "chess")
    assert "chess" in unknown.texts()[0] and "example" in unknown.texts()[0]
    no_perm = FakeInteraction(bot, HOST, channel_id=10, locale=discord.Locale.korean)
    no_perm.channel = FakeTextChannel(10, world)
    no_perm.channel.fail_threads = forbidden(50013)
    await cog.new_game(no_perm, "example")
    assert no_perm.texts() == [t("discord.missing_permission", "ko",
                                 permission=t("discord.perm.create_public_threads", "ko"))]
    assert [g.status for g in await bot.store.list_games()] == ["cancelled"]
    # told by Discord up front (app_permissions): refused before anything is made
    told = FakeInteraction(bot, HOST, channel_id=10)
    told.channel = FakeTextChannel(10, world)
    told.app_permissions = discord.Permissions.all()
    told.app_permissions.create_public_threads = False
    await cog.new_game(told, "example")
    assert told.texts() == [t("discord.missing_permission", "en",
                              permission=t("discord.perm.create_public_threads", "en"))]
    assert len(await bot.store.list_games()) == 1  # no second game, not even a cancelled one


async def test_an_archived_thread_is_unarchived_before_posting(env) -> None:
    bot, world = env
    world.thread(THREAD).archived = True
    await started(bot, world)
    assert world.thread(THREAD).unarchived == 1 and world.in_channel(THREAD)


async def test_reminder_tick_posts_reminders_and_deadline_moves(env, monkeypatch) -> None:
    from bot.table_types import Outcome, Reminder

    bot, world = env
    gid = await started(bot, world)
    game = await bot.store.get_game(gid)
    prompts = await bot.table.open_prompts(gid)
    items = [Reminder(game=game, prompts=prompts[:1], hours=30, count=2),
             Outcome(game=game, notice=("table.timeout_move",
                                        {"user": f"<@{BOB}>", "move": "pick 1"}))]

    async def due():
        return items

    monkeypatch.setattr(bot.table, "tick", due)
    cog = reminders.RemindersCog(bot)
    assert await cog.tick() == 2
    texts = [m.content for m in world.in_channel(THREAD)[-2:]]
    assert "30" in texts[0] and f"<@{prompts[0].user_id}>" in texts[0]
    assert texts[1] == t("table.timeout_move", "en", user=f"<@{BOB}>", move="pick 1")

    async def broken():
        raise RuntimeError("db down")

    monkeypatch.setattr(bot.table, "tick", broken)
    assert await cog.tick() == 0  # logged; the loop lives on


async def test_a_select_choice_applies_like_a_button(env) -> None:
    from bot.components import ChoiceSelect, encode_select_value

    bot, world = env
    gid = await started(bot, world)
    custom_id = f"bgs:{gid}:r1.pick.1:0"
    match = ChoiceSelect.__discord_ui_compiled_template__.fullmatch(custom_id)
    assert match is not None

    async def pick(value: str) -> FakeInteraction:
        inter = FakeInteraction(bot, BOB)
        select = discord.ui.Select(custom_id=custom_id,
                                   options=[discord.SelectOption(label="x", value=value)])
        select._values = [value]  # what discord.py fills in from the interaction payload
        item = await ChoiceSelect.from_custom_id(inter, select, match)
        await item.callback(inter)
        return inter

    forged = await pick("2:zzzz")
    assert forged.texts() == [t("table.stale", "en")]
    assert (await bot.store.get_game(gid)).version == 0
    await pick(encode_select_value(2, "pick 3"))
    game = await bot.store.get_game(gid)
    assert game.version == 1 and game.snapshot["seats"][1]["secret"]["pick"] == 3


async def test_many_options_use_a_menu_then_an_ephemeral_value_picker(env) -> None:
    bot, world = env
    game = await bot.table.new_game("citadels", guild_id=1, channel_id=10, host_id=HOST,
                                    lang="ko")
    game = await bot.table.attach_thread(game.id, THREAD)
    specs = bot.table.option_specs("citadels")
    assert len(specs) > 4
    view = lobby.lobby_view(game, specs, "ko")
    payload = view.to_components()
    assert len(payload) <= 5
    menu = payload[0]["components"][0]
    assert menu["custom_id"] == f"bgq:{game.id}"
    assert 4 < len(menu["options"]) <= 25
    assert all(len(o["label"]) <= 100 for o in menu["options"])
    assert len(lobby.lobby_text(game, specs, "ko")) < 600  # defaults are not listed one by one
    lobby_msg = await world.thread(THREAD).send("lobby")
    from storage.base import MessageRef

    await bot.store.record_message(MessageRef(game_id=game.id, channel_id=THREAD,
                                              message_id=lobby_msg.id, kind="lobby"))
    cog = bot.get_cog("Lobby")
    stranger = FakeInteraction(bot, BOB)
    await cog.on_option_menu(stranger, game.id, "cast")
    assert stranger.texts() == [t("table.not_host", "en", host=f"<@{HOST}>")]
    host = FakeInteraction(bot, HOST)
    await cog.on_option_menu(host, game.id, "cast")
    [picker] = host.replies
    assert picker.kwargs["ephemeral"] and picker.custom_ids() == [f"bgo:{game.id}:cast"]
    choose = FakeInteraction(bot, HOST, message=picker)
    await cog.on_option(choose, game.id, "cast", "B")
    assert (await bot.store.get_game(game.id)).options["cast"] == "B"
    assert choose.original_edits[-1]["view"] is None  # the picker closes with a confirmation
    lobby_edit = [kw for cid, mid, kw in world.edits if mid == lobby_msg.id][-1]
    assert "B" in lobby_edit["content"]  # the lobby message shows the changed option


async def test_simultaneous_joins_all_get_a_seat(env) -> None:
    import asyncio

    bot, world = env
    gid = await new_game(bot)
    players = [BOB, 503, 504]
    await asyncio.gather(*(click(bot, uid, f"bgl:{gid}:join") for uid in players))
    assert sorted((await bot.store.get_game(gid)).seats) == sorted([HOST, *players])


async def test_more_page_only_for_the_decider(env) -> None:
    bot, world = env
    gid = await started(bot, world)
    cog = bot.get_cog("Play")
    mine = FakeInteraction(bot, BOB)
    await cog.on_more(mine, gid, "r1.pick.1", 1)
    [page] = mine.replies
    assert page.kwargs["ephemeral"] and len(page.custom_ids()) == 3
    other = FakeInteraction(bot, HOST)
    await cog.on_more(other, gid, "r1.pick.1", 1)
    assert other.texts() == [t("table.stale", "en")]


async def test_app_command_errors_are_answered(env) -> None:
    from discord import app_commands

    bot, world = env
    dm = FakeInteraction(bot, HOST, locale=discord.Locale.korean)
    await bot.on_app_command_error(dm, app_commands.NoPrivateMessage())
    assert dm.texts() == [t("discord.not_in_text_channel", "ko")]
    crash = FakeInteraction(bot, HOST)
    await bot.on_app_command_error(crash, app_commands.CommandInvokeError(
        type("Cmd", (), {"name": "play"})(), RuntimeError("x")))
    assert crash.texts() == [t("discord.error", "en")]


async def test_private_picture_gets_the_seat_names(env) -> None:
    bot, world = env
    await started(bot, world)
    assert bot.private_names, "render_private was not called"
    assert bot.private_names[-1] == {0: f"user{HOST}", 1: f"user{BOB}"}
