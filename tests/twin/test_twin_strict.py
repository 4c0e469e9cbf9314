"""The stand-in refuses what Discord refuses beyond its OpenAPI document (strict.py), each
rule on the wire with Discord's error shape; plus enforce_nonce, 15-minute interaction
tokens on a clock a test moves, and ephemeral mentions that ping nobody else."""

from __future__ import annotations

import json
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

import aiohttp
import discord
import pytest

from tests.twin import Twin, TwinUser, strict
from tests.twin.conftest import Table
from tests.twin.state import Channel, Interaction, snowflake


@dataclass
class Raw:
    """The stand-in with no bot: requests written by hand, as a buggy bot would send them."""

    twin: Twin
    http: aiohttp.ClientSession
    channel: Channel
    alice: TwinUser
    bob: TwinUser

    async def call(
        self,
        method: str,
        path: str,
        body: Any = None,
        *,
        files: dict[int, bytes] | None = None,
        auth: bool = True,
    ) -> tuple[int, Any]:
        headers = {"Authorization": f"Bot {self.twin.token}"} if auth else {}
        kwargs: dict[str, Any] = {}
        if files is not None:
            form = aiohttp.FormData()
            form.add_field("payload_json", json.dumps(body), content_type="application/json")
            for index, data in files.items():
                form.add_field(
                    f"files[{index}]", data, filename=f"f{index}.png", content_type="image/png"
                )
            kwargs["data"] = form
        elif body is not None:
            kwargs["json"] = body
        async with self.http.request(
            method, self.twin.api_base + path, headers=headers, **kwargs
        ) as resp:
            text = await resp.text()
            return resp.status, json.loads(text) if text else None

    async def send(self, body: Any, **kw: Any) -> tuple[int, Any]:
        return await self.call("POST", f"/channels/{self.channel.id}/messages", body, **kw)

    def interaction(self, user: TwinUser) -> Interaction:
        """An interaction as if the user had clicked and the gateway had delivered it."""
        world = self.twin.world
        now = world.clock.now()
        inter = Interaction(
            id=snowflake(),
            token="aW50ZXJhY3Rpb24" + secrets.token_urlsafe(40),
            type=2,
            user=user.user,
            channel_id=self.channel.id,
            guild_id=self.channel.guild_id,
            data={"name": "test"},
            created=now,
            delivered=now,
        )
        world.interactions[inter.id] = inter
        world.by_token[inter.token] = inter
        return inter

    async def respond(self, inter: Interaction, data: dict[str, Any]) -> tuple[int, Any]:
        body = {"type": 4, "data": data}
        return await self.call(
            "POST", f"/interactions/{inter.id}/{inter.token}/callback", body, auth=False
        )

    def hook(self, inter: Interaction, rest: str = "") -> str:
        return f"/webhooks/{self.twin.app_id}/{inter.token}{rest}"


@pytest.fixture
async def raw() -> AsyncIterator[Raw]:
    async with Twin.running() as twin, aiohttp.ClientSession() as http:
        guild = twin.add_guild("보드게임")
        channel = guild.add_channel("games")
        alice = guild.add_user("alice", locale="ko")
        bob = guild.add_user("bob")
        yield Raw(twin, http, channel, alice, bob)


def button(custom_id: str = "b", **fields: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "ok", "custom_id": custom_id, **fields}


def select(*values: str, **fields: Any) -> dict[str, Any]:
    options = [{"label": v, "value": v} for v in values]
    return {"type": 3, "custom_id": "s", "options": options, **fields}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def leaf(errors: dict[str, Any], *path: str | int) -> list[dict[str, str]]:
    node = errors
    for part in path:
        assert str(part) in node, f"{part} not in {list(node)}"
        node = node[str(part)]
    return node["_errors"]


def codes(errors: dict[str, Any], *path: str | int) -> list[str]:
    return [e["code"] for e in leaf(errors, *path)]


async def refused(raw: Raw, body: dict[str, Any]) -> dict[str, Any]:
    """Sent as a channel message and as an interaction response (nested under `data`):
    both get 400 50035 with the same tree; nothing is posted."""
    before = len(raw.channel.messages)
    status, answer = await raw.send(body)
    assert status == 400 and answer["code"] == 50035, answer
    assert answer["message"] == "Invalid Form Body"
    status, nested = await raw.respond(raw.interaction(raw.alice), body)
    assert status == 400 and nested["errors"] == {"data": answer["errors"]}, nested
    assert len(raw.channel.messages) == before
    assert raw.twin.rejected[-1].status == 400
    return answer["errors"]


async def accepted(raw: Raw, body: dict[str, Any]) -> None:
    status, answer = await raw.send(body)
    assert status == 200, answer


# -- component layout and values ---------------------------------------------------------


async def test_six_action_rows_need_the_components_v2_flag(raw: Raw) -> None:
    rows = [row(button(f"b{i}")) for i in range(6)]
    errors = await refused(raw, {"components": rows})
    assert leaf(errors, "components") == [
        {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 5 or fewer in length."}
    ]
    await accepted(raw, {"components": rows[:5]})
    # with IS_COMPONENTS_V2 (1 << 15) the legacy limit of five rows is gone
    await accepted(raw, {"components": rows, "flags": strict.IS_COMPONENTS_V2})


async def test_a_select_shares_its_row_with_nothing(raw: Raw) -> None:
    errors = await refused(raw, {"components": [row(select("a", "b"), button())]})
    assert codes(errors, "components", 0, "components", 1) == ["COMPONENT_LAYOUT_WIDTH_EXCEEDED"]
    errors = await refused(raw, {"components": [row(button(), select("a", "b"))]})
    assert codes(errors, "components", 0, "components", 1) == ["COMPONENT_LAYOUT_WIDTH_EXCEEDED"]
    await accepted(raw, {"components": [row(select("a", "b")), row(button())]})


async def test_select_option_values_are_unique(raw: Raw) -> None:
    errors = await refused(raw, {"components": [row(select("a", "b", "a"))]})
    assert leaf(errors, "components", 0, "components", 0, "options", 2) == [
        {
            "code": "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
            "message": "The specified option value is already used",
        }
    ]
    # two options may share a label, not a value
    labelled = select("a", "b")
    labelled["options"][1]["label"] = "a"
    await accepted(raw, {"components": [row(labelled)]})


async def test_max_and_min_values_stay_within_the_option_count(raw: Raw) -> None:
    errors = await refused(raw, {"components": [row(select("a", "b", max_values=3))]})
    assert codes(errors, "components", 0, "components", 0, "options") == ["BASE_TYPE_MIN_LENGTH"]
    errors = await refused(raw, {"components": [row(select("a", "b", min_values=3, max_values=3))]})
    assert codes(errors, "components", 0, "components", 0, "min_values") == ["NUMBER_TYPE_MAX"]
    await accepted(raw, {"components": [row(select("a", "b", min_values=0, max_values=2))]})


async def test_a_button_needs_a_label_or_an_emoji(raw: Raw) -> None:
    for bare in (button(label=None), button(label="")):
        errors = await refused(raw, {"components": [row(bare)]})
        assert codes(errors, "components", 0, "components", 0, "label") == [
            "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED"
        ]
    del bare["label"]
    await accepted(raw, {"components": [row({**bare, "emoji": {"name": "🎲"}})]})


async def test_custom_ids_go_on_non_link_buttons_only(raw: Raw) -> None:
    no_id = button()
    del no_id["custom_id"]
    errors = await refused(raw, {"components": [row(no_id)]})
    assert leaf(errors, "components", 0, "components", 0, "custom_id") == [
        {"code": "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED", "message": "A custom id is required"}
    ]
    link = {"type": 2, "style": 5, "label": "rules", "url": "https://example.com/rules"}
    errors = await refused(raw, {"components": [row({**link, "custom_id": "x"})]})
    for key in ("custom_id", "url"):
        assert codes(errors, "components", 0, "components", 0, key) == [
            "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE"
        ]
    await accepted(raw, {"components": [row(link, button())]})


async def test_component_rules_hold_on_every_route_a_message_rides(raw: Raw) -> None:
    bad = {"components": [row(select("a", "a"))]}
    where = ("components", 0, "components", 0, "options", 1)
    status, sent = await raw.send({"content": "fine"})
    assert status == 200
    edit = f"/channels/{raw.channel.id}/messages/{sent['id']}"
    status, answer = await raw.call("PATCH", edit, bad)
    assert status == 400 and codes(answer["errors"], *where)
    inter = raw.interaction(raw.alice)
    assert (await raw.respond(inter, {"content": "fine"}))[0] == 204
    for method, path in (
        ("POST", raw.hook(inter)),
        ("PATCH", raw.hook(inter, "/messages/@original")),
    ):
        status, answer = await raw.call(method, path, bad, auth=False)
        assert status == 400 and codes(answer["errors"], *where), (method, path, answer)
    # the same rules inside a multipart body's payload_json
    status, answer = await raw.send(bad, files={0: b"png"})
    assert status == 400 and codes(answer["errors"], *where)


# -- attachments and embeds --------------------------------------------------------------


async def test_at_most_ten_files(raw: Raw) -> None:
    status, answer = await raw.send({"content": "x"}, files={i: b"p" for i in range(11)})
    assert status == 400 and answer["code"] == 50035
    assert codes(answer["errors"], "attachments") == ["BASE_TYPE_BAD_LENGTH"]
    status, answer = await raw.send({"content": "x"}, files={i: b"p" for i in range(10)})
    assert status == 200 and len(answer["attachments"]) == 10


async def test_a_file_over_the_upload_limit_is_refused_with_413(raw: Raw) -> None:
    limit = raw.twin.server.upload_limit
    assert limit == 10 * 2**20  # Discord's default for a server without boosts, and DMs
    status, answer = await raw.send({"content": "x"}, files={0: b"\0" * (limit + 1)})
    assert (status, answer) == (413, {"code": 40005, "message": "Request entity too large"})
    assert raw.twin.rejected[-1].status == 413 and raw.channel.messages == []
    status, answer = await raw.send({"content": "x"}, files={0: b"\0" * limit})
    assert status == 200 and answer["attachments"][0]["size"] == limit
    # a boosted server's 25 MiB is a setting of the test; a 26 MiB file is refused there too
    raw.twin.server.upload_limit = 25 * 2**20
    status, _ = await raw.send({"content": "x"}, files={0: b"\0" * (26 * 2**20)})
    assert status == 413


async def test_embeds_over_6000_characters_in_total(raw: Raw) -> None:
    # each embed is within its own limits; together they are one character over
    embeds = [
        {"title": "t" * 200, "description": "d" * 2800},
        {
            "description": "d" * 2000,
            "fields": [{"name": "n" * 100, "value": "v" * 800}],
            "footer": {"text": "f" * 50},
            "author": {"name": "a" * 51},
        },
    ]
    assert strict.embeds_length(embeds) == 6001
    errors = await refused(raw, {"embeds": embeds})
    assert leaf(errors, "embeds") == [
        {"code": "MAX_EMBED_SIZE_EXCEEDED", "message": "Embed size exceeds maximum size of 6000"}
    ]
    embeds[1]["author"]["name"] = "a" * 50
    await accepted(raw, {"embeds": embeds})


# -- command names -----------------------------------------------------------------------


async def test_command_names_are_lowercase_without_spaces(raw: Raw) -> None:
    guild_id = raw.channel.guild_id
    path = f"/applications/{raw.twin.app_id}/guilds/{guild_id}/commands"

    def command(name: str, **fields: Any) -> dict[str, Any]:
        return {"name": name, "description": "d", "type": 1, **fields}

    body = [
        command("Game"),
        command("new game"),
        command("game", name_localizations={"ko": "게임", "en-GB": "Game"}),
        command(
            "play",
            options=[
                {
                    "type": 1,
                    "name": "pick",
                    "description": "d",
                    "options": [
                        {"type": 3, "name": "Seat", "description": "d"},
                    ],
                }
            ],
        ),
        command("te", name_localizations={"ko": "새 게임"}),
    ]
    status, answer = await raw.call("PUT", path, body)
    assert status == 400 and answer["code"] == 50035
    errors = answer["errors"]
    assert leaf(errors, 0, "name") == [
        {"code": "APPLICATION_COMMAND_INVALID_NAME", "message": "Command name is invalid"}
    ]
    assert codes(errors, 1, "name") == ["STRING_TYPE_REGEX"]
    assert codes(errors, 2, "name_localizations", "en-GB") == ["APPLICATION_COMMAND_INVALID_NAME"]
    assert "ko" not in errors["2"]["name_localizations"]  # Korean has no capitals
    assert codes(errors, 3, "options", 0, "options", 0, "name") == [
        "APPLICATION_COMMAND_INVALID_NAME"
    ]
    assert codes(errors, 4, "name_localizations", "ko") == ["STRING_TYPE_REGEX"]
    assert raw.twin.commands(None) == [] and raw.twin.world.commands.get(guild_id) is None
    good = [
        command("게임", name_localizations={"ko": "게임", "en-US": "game"}),
        command("tm-leech_2"),
        {"name": "Show Hand", "type": 2},  # user commands may have capitals and spaces
    ]
    status, answer = await raw.call("PUT", path, good)
    assert status == 200, answer
    assert [c["name"] for c in answer] == ["게임", "tm-leech_2", "Show Hand"]


# -- enforce_nonce -----------------------------------------------------------------------


async def test_enforce_nonce_returns_the_first_message(raw: Raw) -> None:
    body = {"content": "your turn", "nonce": "1234567890", "enforce_nonce": True}
    status, first = await raw.send(body)
    assert status == 200
    raw.twin.advance(60)
    status, again = await raw.send(body)
    assert status == 200 and again["id"] == first["id"]
    assert [m.content for m in raw.channel.messages] == ["your turn"]
    # without enforce_nonce, or with another nonce, it is a new message
    status, other = await raw.send({**body, "enforce_nonce": False})
    assert status == 200 and other["id"] != first["id"]
    status, other = await raw.send({**body, "nonce": "99"})
    assert status == 200 and other["id"] != first["id"]
    assert len(raw.channel.messages) == 3
    # minutes later the nonce is free again
    raw.twin.advance(strict.NONCE_WINDOW)
    status, late = await raw.send(body)
    assert status == 200 and late["id"] != first["id"]


async def test_enforce_nonce_of_a_deleted_message_is_unknown_message(raw: Raw) -> None:
    body = {"content": "x", "nonce": "42", "enforce_nonce": True}
    _, first = await raw.send(body)
    status, _ = await raw.call("DELETE", f"/channels/{raw.channel.id}/messages/{first['id']}")
    assert status == 204
    status, answer = await raw.send(body)
    assert (status, answer["code"]) == (404, 10008) and raw.channel.messages == []


# -- interaction tokens --------------------------------------------------------------------


async def test_interaction_tokens_expire_after_15_minutes(raw: Raw) -> None:
    inter = raw.interaction(raw.alice)
    assert (await raw.respond(inter, {"content": "thinking"}))[0] == 204
    status, _ = await raw.call("POST", raw.hook(inter), {"content": "one"}, auth=False)
    assert status == 204
    (followup_id,) = inter.followup_ids
    raw.twin.advance(strict.TOKEN_LIFETIME - 1)
    status, _ = await raw.call(
        "PATCH", raw.hook(inter, "/messages/@original"), {"content": "still"}, auth=False
    )
    assert status == 200
    raw.twin.advance(2)
    expired = {"code": 50027, "message": "Invalid Webhook Token"}
    for method, rest, body in (
        ("GET", "/messages/@original", None),
        ("PATCH", "/messages/@original", {"content": "late"}),
        ("DELETE", "/messages/@original", None),
        ("POST", "", {"content": "late"}),
        ("PATCH", f"/messages/{followup_id}", {"content": "late"}),
    ):
        status, answer = await raw.call(method, raw.hook(inter, rest), body, auth=False)
        assert (status, answer) == (401, expired), (method, rest)
    assert [m.content for m in raw.channel.messages] == ["still", "one"]
    assert [r.status for r in raw.twin.rejected[-5:]] == [401] * 5


async def test_discord_py_sees_the_expired_token(table: Table) -> None:
    """The real client: an edit of the original response 15 minutes on raises discord.py's
    HTTPException with Discord's 401 50027, and a follow-up does too."""
    reply = await table.alice.slash("menu", table.channel)
    await reply.wait_ack()
    (seen,) = [i for i in table.bot.seen if i.id == reply.raw.id]
    await seen.edit_original_response(content="edited in time")
    assert reply.response is not None and reply.response.content == "edited in time"
    table.twin.advance(strict.TOKEN_LIFETIME + 1)
    with pytest.raises(discord.HTTPException) as caught:
        await seen.edit_original_response(content="too late")
    assert (caught.value.status, caught.value.code) == (401, 50027)
    with pytest.raises(discord.HTTPException) as caught:
        await seen.followup.send("too late")
    assert (caught.value.status, caught.value.code) == (401, 50027)
    assert reply.response.content == "edited in time"


# -- ephemeral mentions --------------------------------------------------------------------


async def test_a_mention_in_an_ephemeral_message_pings_nobody_else(raw: Raw) -> None:
    alice, bob = raw.alice, raw.bob
    text = f"{alice.mention} {bob.mention} decide"
    secret = raw.interaction(alice)
    assert (await raw.respond(secret, {"content": text, "flags": 64}))[0] == 204
    public = raw.interaction(alice)
    assert (await raw.respond(public, {"content": text}))[0] == 204
    hidden = raw.twin.world.messages[secret.original_id or 0]
    shown = raw.twin.world.messages[public.original_id or 0]
    assert hidden.visible_to == alice.id and {u.id for u in hidden.mentions} == {alice.id, bob.id}
    assert hidden.notified == {alice.id}  # its one reader; bob never sees it
    assert shown.notified == {alice.id, bob.id}
    assert bob.pinged_in(raw.channel) == [shown]
    # a deferred ephemeral answer, completed by its first follow-up, likewise
    deferred = raw.interaction(alice)
    status, _ = await raw.call(
        "POST",
        f"/interactions/{deferred.id}/{deferred.token}/callback",
        {"type": 5, "data": {"flags": 64}},
        auth=False,
    )
    assert status == 204
    status, _ = await raw.call("POST", raw.hook(deferred), {"content": text}, auth=False)
    assert status == 204
    answered = raw.twin.world.messages[deferred.original_id or 0]
    assert answered.content == text and answered.notified == {alice.id}
    assert bob.pinged_in(raw.channel) == [shown]
