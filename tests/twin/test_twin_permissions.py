"""The stand-in's permission model and channel deletion, seen through a bare discord.py
client: Discord's 403s and 404s, the events that tell discord.py, and `app_permissions`."""

from __future__ import annotations

import io

import discord
import pytest

from tests.twin import TwinUsageError
from tests.twin.conftest import PNG, Table
from tests.twin.state import PERMISSIONS, PUBLIC_THREAD


def png() -> discord.File:
    return discord.File(io.BytesIO(PNG), "table.png")


async def open_thread(table: Table) -> discord.Thread:
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    return await channel.create_thread(name="game", type=discord.ChannelType.public_thread)


async def refused(call, code: int = 50013) -> discord.HTTPException:
    with pytest.raises(discord.Forbidden) as caught:
        await call
    assert caught.value.status == 403 and caught.value.code == code
    return caught.value


def test_the_permission_bits_are_discords() -> None:
    for name, bit in PERMISSIONS.items():
        assert discord.Permissions(**{name: True}).value == bit, name


async def test_by_default_the_bot_may_do_everything_but_administer(table: Table) -> None:
    twin = table.twin
    assert twin.permissions(table.channel) == set(PERMISSIONS) - {"administrator"}
    reply = await table.alice.slash("hello", table.channel)
    await reply.wait_ack()
    seen = table.bot.seen[-1].app_permissions
    assert seen.create_public_threads and seen.send_messages and not seen.administrator
    me = table.bot.get_guild(table.guild.id).me  # type: ignore[union-attr]
    channel = table.bot.get_channel(table.channel.id)
    assert channel.permissions_for(me).attach_files  # type: ignore[union-attr]


async def test_a_denied_thread_creation_gets_discords_403(table: Table) -> None:
    twin = table.twin
    await twin.deny(table.channel, "create_public_threads")
    error = await refused(open_thread(table))
    assert error.text == "Missing Permissions"
    assert twin.threads(table.channel) == [] and twin.server.refused[-1][1] == (
        "create_public_threads"
    )
    # discord.py heard of the overwrite (CHANNEL_UPDATE) and computes the same
    me = table.bot.get_guild(table.guild.id).me  # type: ignore[union-attr]
    channel = table.bot.get_channel(table.channel.id)
    await twin.wait_for(
        lambda: not channel.permissions_for(me).create_public_threads,  # type: ignore[union-attr]
        5,
        "CHANNEL_UPDATE",
    )
    # and an interaction there says so in app_permissions
    reply = await table.alice.slash("hello", table.channel)
    await reply.wait_ack()
    perms = table.bot.seen[-1].app_permissions
    assert not perms.create_public_threads and perms.send_messages
    await twin.allow(table.channel, "create_public_threads")
    thread = await open_thread(table)
    assert thread.type is discord.ChannelType.public_thread


async def test_posting_in_a_thread_needs_its_own_permission(table: Table) -> None:
    twin = table.twin
    thread = await open_thread(table)
    (twin_thread,) = twin.threads(table.channel)
    channel = table.bot.get_channel(table.channel.id)
    await twin.deny(twin_thread, "send_messages_in_threads")  # set on the parent
    assert table.channel.overwrites and not twin_thread.overwrites
    await refused(thread.send("turn"))
    await channel.send("the channel itself is fine")  # type: ignore[union-attr]
    # the picture needs Attach Files; text alone still goes
    await twin.allow(table.channel, "send_messages_in_threads")
    await twin.deny(table.channel, "attach_files")
    await refused(thread.send("picture", file=png()))
    sent = await thread.send("text only")
    assert [m.content for m in twin.messages(twin_thread)] == ["text only"]
    # editing one's own message needs no right to post
    await twin.deny(table.channel, "send_messages_in_threads")
    await sent.edit(content="edited")
    assert twin.messages(twin_thread)[0].content == "edited"
    # Send Messages denied in the channel does not stop posting in its threads
    await twin.allow(table.channel, "send_messages_in_threads")
    await twin.deny(table.channel, "send_messages")
    await refused(channel.send("no"))  # type: ignore[union-attr]
    await thread.send("still yes")


async def test_reopening_a_thread_needs_membership_or_manage_threads(table: Table) -> None:
    twin = table.twin
    thread = await open_thread(table)
    (twin_thread,) = twin.threads(table.channel)
    await twin.deny(table.channel, "manage_threads")
    twin_thread.archived = True
    await thread.edit(archived=False)  # the bot is a member of its own thread
    assert not twin_thread.archived
    await thread.leave()
    twin_thread.archived = True
    await refused(thread.edit(archived=False))
    assert twin_thread.archived
    await twin.allow(table.channel, "manage_threads")
    await thread.edit(archived=False)
    assert not twin_thread.archived


async def test_guild_role_permissions_and_view_channel(table: Table) -> None:
    twin = table.twin
    channel = table.bot.get_channel(table.channel.id)
    guild = table.bot.get_guild(table.guild.id)
    await twin.deny(table.guild, "send_messages")
    await twin.wait_for(
        lambda: not guild.me.guild_permissions.send_messages,  # type: ignore[union-attr]
        5,
        "GUILD_ROLE_UPDATE",
    )
    await refused(channel.send("no"))  # type: ignore[union-attr]
    await twin.allow(table.guild, "send_messages")
    await channel.send("yes")  # type: ignore[union-attr]
    await twin.deny(table.channel, "view_channel")
    await refused(channel.send("unseen"), code=50001)  # type: ignore[union-attr]
    assert twin.permissions(table.channel) == set()
    # a human's are computed the same way: the bot's overwrite is not hers, but @everyone
    # lost Send Messages above (given back to the bot's own role only)
    alice = twin.permissions(table.channel, table.alice)
    assert "view_channel" in alice and "send_messages" not in alice
    with pytest.raises(TwinUsageError):
        await twin.deny(table.channel, "fly")


async def test_deleting_a_thread_dispatches_thread_delete_and_then_404s(table: Table) -> None:
    twin, bot = table.twin, table.bot
    thread = await open_thread(table)
    (twin_thread,) = twin.threads(table.channel)
    await thread.send("hello")
    waiting = bot.wait_for("raw_thread_delete", timeout=5)
    await twin.delete_channel(twin_thread)
    event = await waiting
    assert event.thread_id == thread.id and event.parent_id == table.channel.id
    assert event.guild_id == table.guild.id and event.thread_type is discord.ChannelType(
        PUBLIC_THREAD
    )
    assert bot.get_channel(thread.id) is None and twin.threads(table.channel) == []
    with pytest.raises(discord.NotFound) as caught:
        await bot.fetch_channel(thread.id)
    assert caught.value.code == 10003 and caught.value.text == "Unknown Channel"
    with pytest.raises(discord.NotFound):
        await bot.get_partial_messageable(thread.id).send("into the void")
    with pytest.raises(TwinUsageError):
        await twin.delete_channel(twin_thread)  # already gone


async def test_deleting_a_text_channel_takes_its_threads(table: Table) -> None:
    twin, bot = table.twin, table.bot
    thread = await open_thread(table)
    waiting = bot.wait_for("guild_channel_delete", timeout=5)
    await twin.delete_channel(table.channel)
    deleted = await waiting
    assert deleted.id == table.channel.id and bot.get_channel(table.channel.id) is None
    assert twin.threads() == []
    with pytest.raises(discord.NotFound) as caught:
        await thread.send("gone with its channel")
    assert caught.value.code == 10003
