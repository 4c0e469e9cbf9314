"""Lobby options on Discord: the crown as a select of seated players, typed list options
(a modal from the option menu, or `/game option`), refusals in the reader's language."""

from __future__ import annotations

import discord
import pytest

from bot.cogs import lobby
from bot.i18n import t
from storage.base import MessageRef
from tests.bot import test_discord_publish as publish
from tests.bot.test_discord_fakes import FakeInteraction
from tests.bot.test_discord_publish import BOB, EVE, HOST, THREAD

env = publish.env  # the same fixture: fake engine, real table service and store, fakes

KO = discord.Locale.korean


async def citadels_lobby(bot, world, *players: int):
    game = await bot.table.new_game("citadels", guild_id=1, channel_id=10, host_id=HOST,
                                    lang="ko")
    game = await bot.table.attach_thread(game.id, THREAD)
    for p in players:
        game = await bot.table.join(game.id, p)
    message = await world.thread(THREAD).send("lobby")
    await bot.store.record_message(MessageRef(game_id=game.id, channel_id=THREAD,
                                              message_id=message.id, kind="lobby"))
    return game, message


def menu_options(view: discord.ui.View) -> list[str]:
    payload = view.to_components()
    return [o["value"] for row in payload for c in row["components"]
            if c["type"] == 3 and c["custom_id"].startswith("bgq:") for o in c["options"]]


async def test_the_crown_is_picked_among_the_seated_players_by_name(env) -> None:
    bot, world = env
    game, message = await citadels_lobby(bot, world, BOB)
    specs = bot.table.option_specs("citadels")
    assert "crown" in menu_options(lobby.lobby_view(game, specs, "ko"))
    cog = bot.get_cog("Lobby")
    host = FakeInteraction(bot, HOST, locale=KO)
    await cog.on_option_menu(host, game.id, "crown")
    [picker] = host.replies
    [select] = picker.view.to_components()[0]["components"]
    labels = {o["value"]: o["label"] for o in select["options"]}
    assert labels == {str(HOST): f"user{HOST}", str(BOB): f"user{BOB}",
                      "random": t("table.option.seat.random", "ko")}
    assert next(o for o in select["options"] if o["default"])["value"] == str(HOST)
    choose = FakeInteraction(bot, HOST, message=picker, locale=KO)
    await cog.on_option(choose, game.id, "crown", str(BOB))
    assert (await bot.store.get_game(game.id)).options["crown"] == BOB
    assert f"user{BOB}" in choose.original_edits[-1]["content"]
    lobby_edit = [kw for _cid, mid, kw in world.edits if mid == message.id][-1]
    assert f"<@{BOB}>" in lobby_edit["content"]  # the lobby lists the crowned player
    assert t("citadels.option.crown", "ko") in lobby_edit["content"]


async def test_a_crown_for_someone_not_seated_is_refused_in_korean(env) -> None:
    bot, world = env
    game, _ = await citadels_lobby(bot, world, BOB)
    stale = FakeInteraction(bot, HOST, locale=KO)
    await bot.get_cog("Lobby").on_option(stale, game.id, "crown", str(EVE))
    [text] = stale.texts()
    assert text == t("table.option_not_seated", "ko", name=t("citadels.option.crown", "ko"),
                     value=str(EVE))
    assert "crown" not in (await bot.store.get_game(game.id)).options


async def test_a_list_option_opens_a_modal_and_its_text_is_validated(env) -> None:
    bot, world = env
    game, message = await citadels_lobby(bot, world, BOB)
    cog = bot.get_cog("Lobby")
    assert "districts" in menu_options(lobby.lobby_view(game, bot.table.option_specs(
        "citadels"), "ko"))
    bob = FakeInteraction(bot, BOB)
    await cog.on_option_menu(bob, game.id, "characters")
    assert bob.modals == [] and bob.texts() == [t("table.not_host", "en", host=f"<@{HOST}>")]
    host = FakeInteraction(bot, HOST, locale=KO)
    await cog.on_option_menu(host, game.id, "characters")
    [modal] = host.modals
    assert modal.custom_id == f"bgt:{game.id}:characters" and len(modal.title) <= 45
    payload = modal.to_dict()
    assert all(len(c["components"][0]["label"]) <= 45 for c in payload["components"])
    # a valid one
    cast = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect",
            "warlord"]
    modal.text._value = ", ".join(cast)
    good = FakeInteraction(bot, HOST, message=message, locale=KO)
    await modal.on_submit(good)
    assert (await bot.store.get_game(game.id)).options["characters"] == cast
    assert "assassin, thief" in good.original_edits[-1]["content"]


async def test_game_option_command_sets_any_option_by_name(env) -> None:
    bot, world = env
    game, message = await citadels_lobby(bot, world, BOB)
    cog = bot.get_cog("Lobby")
    names = await cog.option_names(FakeInteraction(bot, HOST, channel_id=THREAD, locale=KO),
                                   "왕관")
    assert names[0].value == "crown" and "cast" not in [c.value for c in names]
    assert t("citadels.option.crown", "ko") in names[0].name
    values = await cog.option_value_choices(
        FakeInteraction(bot, HOST, channel_id=THREAD), "crown", "")
    assert [(c.name, c.value) for c in values] == [
        (f"user{HOST}", str(HOST)), (f"user{BOB}", str(BOB)), ("Random", "random")]
    outside = await cog.option_names(FakeInteraction(bot, HOST, channel_id=12345), "")
    assert outside == []

    command = FakeInteraction(bot, HOST, channel_id=THREAD)
    await cog.option_command(command, "crown", f"<@{BOB}>")
    assert command.texts() == [t("table.option_set", "en", name=t("citadels.option.crown", "en"),
                                 value=f"user{BOB}")]
    assert (await bot.store.get_game(game.id)).options["crown"] == BOB
    lobby_edit = [kw for _cid, mid, kw in world.edits if mid == message.id][-1]
    assert f"<@{BOB}>" in lobby_edit["content"]

    not_host = FakeInteraction(bot, BOB, channel_id=THREAD)
    await cog.option_command(not_host, "rank9", "queen")
    assert not_host.texts() == [t("table.not_host", "en", host=f"<@{HOST}>")]
    unknown = FakeInteraction(bot, HOST, channel_id=THREAD)
    await cog.option_command(unknown, "colour", "blue")
    assert unknown.texts() == [t("table.option_unknown", "en", name="colour")]
    nowhere = FakeInteraction(bot, HOST, channel_id=12345)
    await cog.option_command(nowhere, "crown", "random")
    assert nowhere.texts() == [t("discord.not_in_thread", "en")]
    assert (await bot.store.get_game(game.id)).options == {"crown": BOB}


@pytest.mark.parametrize("lang", ["en", "ko"])
async def test_terra_mystica_options_are_all_reachable_from_the_lobby(env, lang) -> None:
    """More yes/no options than select rows: every option, lists included, is one entry of
    the host's option menu, and the lobby text names each with its value."""
    pytest.importorskip("rules.terra_mystica")
    bot, world = env
    game = await bot.table.new_game("terra_mystica", guild_id=1, channel_id=10, host_id=HOST,
                                    lang=lang)
    specs = bot.table.option_specs("terra_mystica")
    view = lobby.lobby_view(game, specs, lang)
    selects = [c for row in view.to_components() for c in row["components"] if c["type"] == 3]
    assert len(selects) == 1  # the menu: pick the option, then its value
    in_menu = {o["value"] for o in selects[0]["options"]}
    assert in_menu == {s.name for s in specs}
    text = lobby.lobby_text(game, specs, lang)
    # more options than the lobby text lists: it says the others are at their defaults, and
    # names an option once it is changed
    assert t("discord.lobby.defaults", lang) in text
    names = ("factions", "scoring", "bonus", "second_spade_dwelling", "shipping_bonus",
             "temple_scoring_tile", "mini_expansion_1")
    for name in names:
        assert name in in_menu
        assert t(f"terra_mystica.option.{name}", lang) not in text
    game.options.update({"second_spade_dwelling": True, "mini_expansion_1": True})
    text = lobby.lobby_text(game, specs, lang)
    for name in ("second_spade_dwelling", "mini_expansion_1"):
        assert t(f"terra_mystica.option.{name}", lang) in text


async def test_an_invalid_list_from_the_modal_is_refused_in_korean(env) -> None:
    pytest.importorskip("rules.terra_mystica")
    bot, world = env
    game = await bot.table.new_game("terra_mystica", guild_id=1, channel_id=10, host_id=HOST,
                                    lang="ko")
    message = await world.thread(THREAD).send("lobby")
    cog = bot.get_cog("Lobby")
    host = FakeInteraction(bot, HOST, locale=KO)
    await cog.on_option_menu(host, game.id, "factions")
    [modal] = host.modals
    modal.text._value = "witches auren"  # two green factions
    bad = FakeInteraction(bot, HOST, message=message, locale=KO)
    await modal.on_submit(bad)
    assert bad.texts() == [t("table.option_invalid", "ko", value="witches, auren",
                             name=t("terra_mystica.option.factions", "ko"))]
    assert "factions" not in (await bot.store.get_game(game.id)).options
    modal.text._value = "Witches, Nomads"
    good = FakeInteraction(bot, HOST, message=message, locale=KO)
    await modal.on_submit(good)
    assert (await bot.store.get_game(game.id)).options["factions"] == ["witches", "nomads"]
    assert "witches, nomads" in good.original_edits[-1]["content"]


async def test_a_refusal_log_line_keeps_its_params_secret(env, caplog) -> None:
    from bot.cogs.replies import refuse

    bot, _world = env
    interaction = FakeInteraction(bot, BOB, locale=KO)
    with caplog.at_level("INFO", logger="bot.replies"):
        await refuse(bot, interaction, "table.illegal_move", move="pick assassin")
    assert "table.illegal_move" in caplog.text and "assassin" not in caplog.text
    assert "assassin" in interaction.texts()[0]  # the player still reads what was refused
