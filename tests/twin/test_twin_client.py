"""The stand-in against a bare discord.py client: each route and event our bot relies on."""

from __future__ import annotations

import asyncio
import io

import aiohttp
import discord
import pytest

from tests.twin import TwinUsageError
from tests.twin.conftest import PNG, Table
from tests.twin.server import ACK_WINDOW
from tests.twin.state import EPHEMERAL


async def test_connect_ready_and_guild_create(table: Table) -> None:
    bot, twin = table.bot, table.twin
    guild = bot.get_guild(table.guild.id)
    assert guild is not None and guild.name == "보드게임 모임"
    assert guild.preferred_locale == discord.Locale.korean
    assert [c.name for c in guild.text_channels] == ["games"]
    assert bot.user is not None and bot.user.id == twin.app_id
    assert twin.server.identifies == 1
    # heartbeats are answered with ACKs: discord.py measured a latency from them
    await twin.wait_for(lambda: twin.server.heartbeats >= 2, 5, "two heartbeats")
    assert bot.latency < 1.0


async def test_commands_synced_guild_and_global(table: Table) -> None:
    guild_cmds = {c["name"] for c in table.twin.commands(table.guild)}
    assert {"ping", "menu", "poke", "thread", "move", "game", "bad"} <= guild_cmds
    assert [c["name"] for c in table.twin.commands()] == ["hello"]


async def test_slash_deferred_then_followup_with_file(table: Table) -> None:
    reply = await table.alice.slash("ping", table.channel, count=3)
    (msg,) = await reply.wait_messages(1)
    assert reply.raw.callback_type == 5 and reply.followups == [msg]
    assert msg.content == "pong 3" and not msg.ephemeral
    assert msg.attachments[0].filename == "board.png"
    assert msg.attachments[0].data == PNG
    assert reply.raw.ack_latency is not None and reply.raw.ack_latency < 3.0
    # the attachment URL serves the bytes too, as Discord's CDN would
    async with aiohttp.ClientSession() as http, http.get(msg.attachments[0].url) as resp:
        assert await resp.read() == PNG


async def test_ephemeral_followup_only_for_the_user(table: Table) -> None:
    reply = await table.alice.slash("ping", table.channel, count=1, secret=True)
    (msg,) = await reply.wait_messages(1)
    assert msg.flags & EPHEMERAL
    assert msg in table.alice.ephemerals(table.channel)
    assert msg not in table.bob.visible(table.channel)
    assert msg not in table.twin.messages(table.channel)


async def test_global_command_reaches_guild_channel(table: Table) -> None:
    reply = await table.bob.slash("hello", table.channel)
    (msg,) = await reply.wait_messages(1)
    assert msg.content == "hello everywhere"


async def test_button_update_select_and_ephemeral(table: Table) -> None:
    alice, bob = table.alice, table.bob
    menu = await alice.slash("menu", table.channel)
    (message,) = await menu.wait_messages(1)
    assert [c.get("label") for c in message.iter_components()][:3] == [
        "Take gold",
        "Secret",
        "Slow",
    ]

    click = await bob.click(message, label="Take gold")
    await click.wait_ack()
    assert click.raw.callback_type == 7
    assert message.content == "bob took gold"

    secret = await alice.click(message, custom_id="pick:secret")
    (private,) = await secret.wait_messages(1)
    assert private.visible_to == alice.id and private.content == "only you see this"

    pick = await bob.select(message, ["thief"])
    (chosen,) = await pick.wait_messages(1)
    assert chosen.content == "you chose thief" and chosen.visible_to == bob.id

    slow = await alice.click(message, label="Slow")
    await table.twin.wait_for(lambda: message.content == "slow done", 5, "deferred update")
    assert slow.raw.callback_type == 6


async def test_only_interaction_endpoints_escape_the_global_rate_limit(table: Table) -> None:
    """Discord's global rate limit binds every request of the bot but those to interaction
    endpoints: the callback, and an interaction token's webhook routes (its original
    response, follow-ups). A webhook route with any other token is an ordinary webhook."""
    twin, alice = table.twin, table.alice
    before = len(twin.server.requests)
    menu = await alice.slash("menu", table.channel)  # answered with a message (type 4)
    (message,) = await menu.wait_messages(1)
    await alice.click(message, label="Slow")  # deferred update, then the original edited
    await twin.wait_for(lambda: message.content == "slow done", 5, "deferred update")
    ping = await alice.slash("ping", table.channel, count=1)  # deferred, then a follow-up
    await ping.wait_messages(1)
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("a channel message")
    async with aiohttp.ClientSession() as http:
        url = f"{twin.api_base}/webhooks/{twin.app_id}/not-an-interaction-token"
        async with http.post(url, json={"content": "x"}) as resp:
            assert resp.status == 404
    await table.twin.wait_for(lambda: len(twin.server.requests) >= before + 7, 5, "requests")
    new = twin.server.requests[before:]
    free = {(r.method, r.template) for r in new if not r.rate_limited}
    assert free == {
        ("POST", "/interactions/{interaction_id}/{interaction_token}/callback"),
        ("PATCH", "/webhooks/{webhook_id}/{webhook_token}/messages/@original"),
        ("POST", "/webhooks/{webhook_id}/{webhook_token}"),
    }
    counted = [(r.method, r.template) for r in new if r.rate_limited]
    assert counted == [("POST", "/channels/{channel_id}/messages"),
                       ("POST", "/webhooks/{webhook_id}/{webhook_token}")]
    assert twin.rate_limited() == [r for r in twin.server.requests if r.rate_limited]


async def test_autocomplete_and_subcommand(table: Table) -> None:
    choices = await table.alice.autocomplete("game new", table.channel, focused="game", game="ci")
    assert [c["value"] for c in choices] == ["citadels"]
    reply = await table.alice.slash("game new", table.channel, game="citadels")
    (msg,) = await reply.wait_messages(1)
    assert msg.content == "lobby for citadels"


async def test_modal_submit(table: Table) -> None:
    opened = await table.alice.slash("move", table.channel)
    await opened.wait_ack()
    assert opened.raw.callback_type == 9 and opened.raw.modal is not None
    submitted = await table.alice.submit_modal(opened, {"move": "build castle"})
    (msg,) = await submitted.wait_messages(1)
    assert msg.content == "move=build castle"


async def test_dm_open_and_closed(table: Table) -> None:
    ok = await table.alice.slash("poke", table.channel, who=table.alice)
    assert [m.content for m in await ok.wait_messages(1)] == ["sent"]
    (dm,) = table.alice.dms()
    assert dm.content == "psst, your hand" and dm.attachments[0].data == PNG

    closed = await table.alice.slash("poke", table.channel, who=table.bob)
    (msg,) = await closed.wait_messages(1)
    assert msg.content == "closed:50007"
    assert table.bob.dms() == []


async def test_thread_create_join_archive_unarchive(table: Table) -> None:
    reply = await table.alice.slash("thread", table.channel)
    (msg,) = await reply.wait_messages(1)
    (thread,) = table.twin.threads(table.channel)
    assert msg.content == f"thread {thread.id}"
    assert table.alice.id in thread.members and table.twin.app_id in thread.members
    assert not thread.archived  # archived, then unarchived
    patches = [
        r
        for r in table.twin.server.requests
        if r.method == "PATCH" and "{channel_id}" in r.template
    ]
    assert [p.body["archived"] for p in patches] == [True, False]
    (turn,) = table.alice.pinged_in(thread)
    # discord.py learned about the thread from THREAD_CREATE
    assert table.bot.get_channel(thread.id) is not None
    click = await table.alice.click(turn, label="Take gold")
    await click.wait_ack()
    assert turn.content == "alice took gold"


async def test_posting_in_archived_thread_reopens_it(table: Table) -> None:
    reply = await table.alice.slash("thread", table.channel)
    await reply.wait_messages(1)
    (thread,) = table.twin.threads(table.channel)
    thread.archived = True
    channel = table.bot.get_channel(thread.id)
    assert isinstance(channel, discord.Thread)
    await channel.send("still here")
    assert not thread.archived and table.twin.messages(thread)[-1].content == "still here"


async def test_invalid_requests_get_discords_400(table: Table) -> None:
    for what, field, code in [
        ("custom_id", "custom_id", "BASE_TYPE_MAX_LENGTH"),
        ("options", "options", "BASE_TYPE_BAD_LENGTH"),
        ("label", "label", "BASE_TYPE_MAX_LENGTH"),
        ("file", "custom_id", "BASE_TYPE_MAX_LENGTH"),
    ]:
        reply = await table.alice.slash("bad", table.channel, what=what)
        (msg,) = await reply.wait_messages(1)
        assert msg.content == "refused 50035"
        record = table.twin.rejected[-1]
        assert record.template == "/channels/{channel_id}/messages"
        assert record.response["message"] == "Invalid Form Body"
        (row,) = record.response["errors"]["components"].values()
        (item,) = row["components"].values()
        assert item[field]["_errors"][0]["code"] == code
        status, code_num, text = table.bot.errors[-1].split(":", 2)
        assert (status, code_num) == ("400", "50035") and field in text
    assert table.twin.messages(table.channel) == []


async def test_rate_limit_is_retried(table: Table) -> None:
    twin = table.twin
    twin.rate_limit(3, route="POST /channels/{channel_id}/messages", retry_after=0.05)
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    await channel.send("after the storm")
    statuses = [
        r.status for r in twin.server.requests if r.template == "/channels/{channel_id}/messages"
    ]
    assert statuses == [429, 429, 429, 200]
    assert [m.content for m in twin.messages(table.channel)] == ["after the storm"]


async def test_rate_limited_interaction_callback_is_retried(table: Table) -> None:
    table.twin.rate_limit(1, route="/callback", retry_after=0.05)
    reply = await table.alice.slash("hello", table.channel)
    (msg,) = await reply.wait_messages(1)
    assert msg.content == "hello everywhere"


async def test_server_error_then_success(table: Table) -> None:
    table.twin.server_error(1, route="POST /channels/{channel_id}/messages", status=502)
    channel = table.bot.get_channel(table.channel.id)
    await channel.send("eventually")  # type: ignore[union-attr]
    assert [m.content for m in table.twin.messages(table.channel)] == ["eventually"]


async def test_gateway_drop_resumes_and_replays(table: Table) -> None:
    twin, bot = table.twin, table.bot
    await twin.drop_gateway()
    # a click while the socket is down is delivered after RESUME, not lost
    reply = await table.alice.slash("hello", table.channel)
    await asyncio.wait_for(bot.resumed.wait(), 10)
    (msg,) = await reply.wait_messages(1, timeout=10)
    assert msg.content == "hello everywhere"
    assert twin.server.resumes == 1 and twin.server.identifies == 1


async def test_unauthorized_request_is_refused(table: Table) -> None:
    async with aiohttp.ClientSession() as http:
        url = table.twin.api_base + "/users/@me"
        async with http.get(url, headers={"Authorization": "Bot wrong"}) as resp:
            assert resp.status == 401
        async with http.get(url, headers={"Authorization": f"Bot {table.twin.token}"}) as resp:
            assert (await resp.json())["id"] == str(table.twin.app_id)


async def test_interactions_parse_in_discord_py(table: Table) -> None:
    """Gateway payloads carry what discord.py reads: user, locale, channel, message."""
    bot, alice = table.bot, table.alice
    menu = await alice.slash("menu", table.channel)
    (message,) = await menu.wait_messages(1)
    click = await alice.click(message, label="Take gold")
    await click.wait_ack()
    command, component = bot.seen[-2:]
    assert command.type == discord.InteractionType.application_command
    assert command.locale == discord.Locale.korean
    assert isinstance(command.user, discord.Member) and command.user.id == alice.id
    assert command.channel is not None and command.channel.id == table.channel.id
    assert command.guild_locale == discord.Locale.korean
    assert component.type == discord.InteractionType.component
    assert component.message is not None and component.message.id == message.id
    assert component.data == {"custom_id": "pick:gold", "component_type": 2}


async def test_button_in_a_dm(table: Table) -> None:
    poke = await table.alice.slash("poke", table.channel, who=table.alice)
    await poke.wait_messages(1)
    (dm,) = table.alice.dms()
    click = await table.alice.click(dm, label="Take gold")
    await click.wait_ack()
    parsed = table.bot.seen[-1]
    assert parsed.guild is None and isinstance(parsed.channel, discord.DMChannel)
    assert isinstance(parsed.user, discord.User) and parsed.user.id == table.alice.id
    assert dm.content == "alice took gold"
    # only the recipient can see (and click) a DM
    with pytest.raises(TwinUsageError):
        await table.bob.click(dm, label="Take gold")


async def test_late_answer_is_refused_like_discord(table: Table) -> None:
    table.twin.server.ack_window = 0.1
    reply = await table.alice.slash("late", table.channel)
    await table.twin.wait_for(lambda: table.bot.late, 5, "the late answer")
    assert table.bot.late == [10062]  # Unknown interaction
    assert reply.raw.late and reply.raw in table.twin.unacknowledged()
    with pytest.raises(AssertionError, match="3 s window"):
        await reply.wait_ack()


async def test_fetch_and_edit_a_message(table: Table) -> None:
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    sent = await channel.send("first", embed=discord.Embed(title="Board", description="r1"))
    fetched = await channel.fetch_message(sent.id)
    assert fetched.content == "first" and fetched.embeds[0].title == "Board"
    await fetched.edit(content="second", attachments=[discord.File(io.BytesIO(PNG), "b.png")])
    (stored,) = table.twin.messages(table.channel)
    assert stored.content == "second" and stored.edited is not None
    assert [a.filename for a in stored.attachments] == ["b.png"]


async def test_gateway_urls(table: Table) -> None:
    headers = {"Authorization": f"Bot {table.twin.token}"}
    async with aiohttp.ClientSession(headers=headers) as http:
        async with http.get(table.twin.api_base + "/gateway/bot") as resp:
            body = await resp.json()
            assert body["url"] == table.twin.gateway_url and body["shards"] == 1
        async with http.get(table.twin.api_base + "/gateway") as resp:
            assert (await resp.json())["url"] == table.twin.gateway_url


ROUTES_THE_BOT_ANSWERS_ON = {
    "callback": "/interactions/{interaction_id}/{interaction_token}/callback",
    "followup": "/webhooks/{webhook_id}/{webhook_token}",
    "original": "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
    "edit": "/channels/{channel_id}/messages/{message_id}",
}


@pytest.mark.parametrize("route", sorted(ROUTES_THE_BOT_ANSWERS_ON))
async def test_each_limit_is_refused_on_every_route_a_view_rides(table: Table, route) -> None:
    """A 101-character custom_id, a 26th select option and an 81-character button label get
    Discord's 400 (50035, nested errors) on the callback, a follow-up and both edits too."""
    template = ROUTES_THE_BOT_ANSWERS_ON[route]
    for what, field, code in [
        ("custom_id", "custom_id", "BASE_TYPE_MAX_LENGTH"),
        ("options", "options", "BASE_TYPE_BAD_LENGTH"),
        ("label", "label", "BASE_TYPE_MAX_LENGTH"),
    ]:
        rejected_before = len(table.twin.rejected)
        reply = await table.alice.slash("badvia", table.channel, route=route, what=what)
        await table.twin.wait_for(
            lambda r=reply: [m for m in r.messages() if m.content.startswith("refused")],
            5,
            f"the refusal of {what} on {route}",
        )
        (record,) = table.twin.rejected[rejected_before:]
        assert record.template == template and record.status == 400
        assert record.response["code"] == 50035
        assert record.response["message"] == "Invalid Form Body"
        errors = record.response["errors"]
        if route == "callback":  # the message rides inside the callback's "data"
            errors = errors["data"]
        (row,) = errors["components"].values()
        (item,) = row["components"].values()
        assert item[field]["_errors"][0]["code"] == code, item
        status, code_num, text = table.bot.errors[-1].split(":", 2)
        assert (status, code_num) == ("400", "50035") and field in text
    # nothing refused was stored: no message carries an over-long id, label or option list
    for message in table.twin.world.messages.values():
        for comp in message.iter_components():
            assert len(comp.get("custom_id", "")) <= 100
            assert len(comp.get("label") or "") <= 80
            assert len(comp.get("options", [])) <= 25


async def test_unimplemented_route_gets_discords_json_404_and_is_recorded(table: Table) -> None:
    twin = table.twin
    headers = {"Authorization": f"Bot {twin.token}"}
    async with aiohttp.ClientSession(headers=headers) as http:
        url = f"{twin.api_base}/guilds/{table.guild.id}/roles"
        async with http.get(url) as resp:
            assert resp.status == 404
            assert await resp.json() == {"code": 0, "message": "404: Not Found"}
        async with http.put(f"{twin.api_base}/users/@me", json={}) as resp:
            assert resp.status == 405
            assert (await resp.json())["message"] == "405: Method Not Allowed"
    assert [(r.method, r.status) for r in twin.unimplemented] == [("GET", 404), ("PUT", 405)]
    assert twin.unimplemented[0].path.endswith("/roles")


async def test_a_body_that_is_not_json_gets_50109(table: Table) -> None:
    twin = table.twin
    headers = {"Authorization": f"Bot {twin.token}", "Content-Type": "application/json"}
    url = f"{twin.api_base}/channels/{table.channel.id}/messages"
    async with aiohttp.ClientSession(headers=headers) as http:
        async with http.post(url, data=b"{not json") as resp:
            assert resp.status == 400
            assert (await resp.json())["code"] == 50109
    assert twin.messages(table.channel) == []


async def test_every_served_route_is_validated_against_the_spec(table: Table) -> None:
    """No route escapes validation by being missing from Discord's spec."""
    from tests.twin.server import API
    from tests.twin.validation import route_validator

    served = [
        (route.method, route.resource.canonical[len(API) :])
        for route in table.twin.server.app.router.routes()
        if route.resource is not None and route.resource.canonical.startswith(API)
    ]
    assert len(served) >= 30
    for method, template in served:
        route_validator(template, method)  # KeyError if the spec lacks it


async def test_lost_session_is_identified_again(table: Table) -> None:
    """A drop Discord cannot resume: RESUME gets INVALID_SESSION and the bot identifies anew,
    then interactions reach it on the new session."""
    twin = table.twin
    await twin.drop_gateway(resumable=False)
    await twin.wait_for(lambda: twin.server.identifies == 2, 15, "a second IDENTIFY")
    await twin.wait_ready()
    assert twin.server.resumes == 0
    reply = await table.alice.slash("hello", table.channel)
    (msg,) = await reply.wait_messages(1, timeout=10)
    assert msg.content == "hello everywhere"


async def test_allowed_mentions_decide_who_is_pinged(table: Table) -> None:
    """Like Discord: <@id> notifies unless allowed_mentions leaves that user out; the
    message's `mentions` says whom it parsed; an edit notifies nobody new."""
    channel = table.bot.get_channel(table.channel.id)
    assert isinstance(channel, discord.TextChannel)
    alice, bob = table.alice, table.bob
    text = f"{alice.mention} and {bob.mention}"
    default = await channel.send(text)  # no allowed_mentions: everyone written is pinged
    quiet = await channel.send(text, allowed_mentions=discord.AllowedMentions.none())
    only_bob = await channel.send(
        text, allowed_mentions=discord.AllowedMentions(users=[discord.Object(bob.id)])
    )
    assert {m.id for m in default.mentions} == {alice.id, bob.id}
    assert quiet.mentions == [] and [m.id for m in only_bob.mentions] == [bob.id]
    assert [m.id for m in alice.pinged_in(table.channel)] == [default.id]
    assert [m.id for m in bob.pinged_in(table.channel)] == [default.id, only_bob.id]
    assert len(alice.mentioned_in(table.channel)) == 3

    await quiet.edit(content=f"{alice.mention}!", allowed_mentions=discord.AllowedMentions.all())
    (stored,) = [m for m in table.twin.messages(table.channel) if m.id == quiet.id]
    assert [u.id for u in stored.mentions] == [alice.id] and stored.notified == set()

    # parse ["users"] together with a users list is refused, as Discord does
    headers = {"Authorization": f"Bot {table.twin.token}"}
    body = {"content": text, "allowed_mentions": {"parse": ["users"], "users": [str(bob.id)]}}
    url = f"{table.twin.api_base}/channels/{table.channel.id}/messages"
    async with aiohttp.ClientSession(headers=headers) as http, http.post(url, json=body) as resp:
        assert resp.status == 400
        errors = (await resp.json())["errors"]
    code = errors["allowed_mentions"]["_errors"][0]["code"]
    assert code == "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE"


async def test_the_ack_window_runs_from_the_click_not_the_delivery(table: Table) -> None:
    """An interaction that waited (say, for a reconnecting bot) before reaching the bot has
    less than 3 s left: Discord's clock starts when the user acted."""
    reply = await table.alice.slash("hello", table.channel)
    reply.raw.created -= ACK_WINDOW  # the click happened 3 s before it reached the bot
    await table.twin.wait_for(lambda: reply.raw.late, 5, "the refused answer")
    assert reply.raw.first_callback is None and reply.raw in table.twin.unacknowledged()
    assert table.twin.messages(table.channel) == []
    # discord.py reports the refusal as the command's error: 404 Unknown interaction
    (record,) = await table.twin.wait_for(lambda: list(table.discord_errors), 5, "the error")
    assert record.exc_info is not None and "10062" in str(record.exc_info[1])
    table.discord_errors.clear()
