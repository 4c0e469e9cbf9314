"""Every lobby option is reachable whatever the count: Citadels has more than a select's 25,
so the lobby's option menu pages ("More options…" opens the rest) and `/game option`'s
autocomplete says how to find the ones it cannot show."""

from __future__ import annotations

import discord

from bot.cogs import lobby
from bot.components import MENU_PAGE, SELECT_MAX_OPTIONS
from bot.i18n import t
from tests.bot import test_discord_publish as publish
from tests.bot.test_discord_fakes import FakeInteraction
from tests.bot.test_discord_lobby_options import citadels_lobby
from tests.bot.test_discord_publish import BOB, HOST, THREAD

env = publish.env

KO = discord.Locale.korean


def menu_values(view: discord.ui.View) -> list[str]:
    return [o["value"] for row in view.to_components() for c in row["components"]
            if c["type"] == 3 and c["custom_id"].startswith("bgq:") for o in c["options"]]


def settable_names(bot, game) -> list[str]:
    return [s.name for s in bot.table.option_specs("citadels")
            if lobby.settable(s, game.seats)]


async def test_citadels_has_more_options_than_one_select_holds(env) -> None:
    bot, world = env
    game, _ = await citadels_lobby(bot, world, BOB)
    assert len(settable_names(bot, game)) > SELECT_MAX_OPTIONS


async def test_every_option_is_reachable_from_the_lobby_menu(env) -> None:
    bot, world = env
    game, _ = await citadels_lobby(bot, world, BOB)
    cog = bot.get_cog("Lobby")
    values = menu_values(lobby.lobby_view(game, bot.table.option_specs("citadels"), "ko"))
    assert len(values) <= SELECT_MAX_OPTIONS
    reached: list[str] = []
    pages = 0
    while True:
        reached += [v for v in values if not v.startswith(MENU_PAGE)]
        more = [v for v in values if v.startswith(MENU_PAGE)]
        if not more:
            break
        pages += 1
        assert pages < 10
        host = FakeInteraction(bot, HOST, locale=KO)
        await cog.on_option_menu(host, game.id, more[0])  # "More options…"
        [reply] = host.replies
        assert reply.kwargs["ephemeral"] is True
        values = menu_values(reply.view)
        assert len(values) <= SELECT_MAX_OPTIONS
    assert pages >= 1
    assert sorted(reached) == sorted(settable_names(bot, game))  # each once, none missing
    # the label of the paging entry is the catalogue's, in the reader's language
    [select] = [c for row in lobby.lobby_view(game, bot.table.option_specs("citadels"),
                                              "ko").to_components()
                for c in row["components"] if c["type"] == 3]
    assert select["options"][-1]["label"] == t("discord.lobby.more_options", "ko")


async def test_an_option_past_the_first_page_can_be_set(env) -> None:
    bot, world = env
    game, _ = await citadels_lobby(bot, world, BOB)
    last = settable_names(bot, game)[-1]
    host = FakeInteraction(bot, HOST)
    await bot.get_cog("Lobby").on_option_menu(host, game.id, last)
    [picker] = host.replies
    assert picker.view is not None  # its values' select (or a modal for a list)


async def test_only_the_host_opens_the_next_page(env) -> None:
    bot, world = env
    game, _ = await citadels_lobby(bot, world, BOB)
    bob = FakeInteraction(bot, BOB)
    await bot.get_cog("Lobby").on_option_menu(bob, game.id, f"{MENU_PAGE}1")
    assert bob.texts() == [t("table.not_host", "en", host=f"<@{HOST}>")]


async def test_autocomplete_finds_every_option_and_says_how(env) -> None:
    bot, world = env
    game, _ = await citadels_lobby(bot, world, BOB)
    cog = bot.get_cog("Lobby")
    here = FakeInteraction(bot, HOST, channel_id=THREAD)
    shown = await cog.option_names(here, "")
    names = settable_names(bot, game)
    assert len(shown) == SELECT_MAX_OPTIONS
    rest = len(names) - (SELECT_MAX_OPTIONS - 1)
    assert shown[-1].name == t("discord.lobby.more_option_names", "en", count=rest)
    assert [c.value for c in shown[:-1]] == names[:SELECT_MAX_OPTIONS - 1]
    for name in names:  # typing its name finds every one
        assert name in [c.value for c in await cog.option_names(here, name)]
    # sending the hint entry lists them all
    listing = FakeInteraction(bot, HOST, channel_id=THREAD)
    await cog.option_command(listing, shown[-1].value, "x")
    text = "\n".join(listing.texts())
    assert all(f"`{name}`" in text for name in names)
    assert (await bot.store.get_game(game.id)).options == game.options  # nothing set


def test_a_typed_list_splits_on_commas_when_it_has_them_else_on_spaces() -> None:
    from bot.table_options import list_items

    assert list_items("witches nomads  giants") == ["witches", "nomads", "giants"]
    assert list_items("River Surges in Sunlight, 번개처럼 빠른 일격 ;Thunderspeaker") == [
        "River Surges in Sunlight", "번개처럼 빠른 일격", "Thunderspeaker"]
    assert list_items('["a b", "c"]') == ["a b", "c"]
    assert list_items(" , ,") == []
