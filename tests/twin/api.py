"""The test API: act as users in a guild and look at what each of them would see.

async with Twin.running() as twin:
    guild = twin.add_guild("보드게임")
    lobby = guild.add_channel("games")
    alice = guild.add_user("alice", locale="ko")
    ...start a bot with api_base=twin.api_base, token=twin.token...
    await twin.wait_ready()
    reply = await alice.slash("game new", lobby, game="citadels")
    await reply.wait_ack()
    dm = await twin.wait_for(lambda: alice.dms()[-1:] or None)
"""

from __future__ import annotations

import asyncio
import secrets
import time
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any, TypeVar

from .server import Fault, TwinServer
from .state import (
    APPLICATION_COMMAND,
    AUTOCOMPLETE,
    DM,
    MEMBER_OVERWRITE,
    MESSAGE_COMPONENT,
    MODAL_SUBMIT,
    PERMISSIONS,
    Attachment,
    Channel,
    Guild,
    Interaction,
    Message,
    Overwrite,
    User,
    World,
    snowflake,
)

T = TypeVar("T")


class TwinUsageError(AssertionError):
    """The test asked a user to do something Discord's client would not let them do."""


class Twin:
    def __init__(self, *, heartbeat_ms: int = 41_250) -> None:
        self.world = World()
        self.server = TwinServer(self.world, heartbeat_ms=heartbeat_ms)

    @classmethod
    @asynccontextmanager
    async def running(cls, *, heartbeat_ms: int = 41_250) -> AsyncIterator[Twin]:
        twin = cls(heartbeat_ms=heartbeat_ms)
        await twin.server.start()
        try:
            yield twin
        finally:
            await twin.server.stop()

    # -- configuration the bot is given ------------------------------------------
    @property
    def token(self) -> str:
        return self.server.token

    @property
    def api_base(self) -> str:
        return self.server.api_base

    @property
    def gateway_url(self) -> str:
        return self.server.gateway_url

    @property
    def app_id(self) -> int:
        return self.world.app_id

    # -- the world -----------------------------------------------------------------
    def add_guild(self, name: str, locale: str = "ko") -> TwinGuild:
        return TwinGuild(self, self.world.add_guild(name, locale))

    def channel(self, channel_id: int) -> Channel:
        return self.world.channels[channel_id]

    def threads(self, parent: Channel | None = None) -> list[Channel]:
        return [
            c
            for c in self.world.channels.values()
            if c.is_thread and (parent is None or c.parent_id == parent.id)
        ]

    def messages(self, channel: Channel) -> list[Message]:
        """The channel's public messages, oldest first."""
        return [m for m in channel.messages if m.visible_to is None]

    @property
    def interactions(self) -> list[Interaction]:
        return list(self.world.interactions.values())

    @property
    def rejected(self) -> list[Any]:
        """Requests the stand-in refused as invalid (400 with code 50035)."""
        return self.server.rejected

    def rate_limited(self) -> list[Any]:
        """The requests Discord counts against the bot's global rate limit: every one but
        those to interaction endpoints (the callback, an interaction's webhook routes)."""
        return [r for r in self.server.requests if r.rate_limited]

    def commands(self, guild: TwinGuild | None = None) -> list[dict[str, Any]]:
        scope = guild.guild.id if guild else None
        return [c.body for c in self.world.commands.get(scope, [])]

    # -- permissions and deletions -------------------------------------------------
    def permissions(self, channel: Channel, member: TwinUser | None = None) -> set[str]:
        """The names (of PERMISSIONS) the bot, or `member`, holds in the channel."""
        perms = self.world.permissions(member.id if member else self.app_id, channel)
        return {name for name, bit in PERMISSIONS.items() if perms & bit}

    async def deny(
        self, where: Channel | TwinGuild, *names: str, member: TwinUser | None = None
    ) -> None:
        """Take permissions from the bot (or `member`): on a channel, its overwrite for that
        member (a thread's go on its parent: threads have none of their own); on a guild,
        from every role the member holds, @everyone included. Discord's CHANNEL_UPDATE or
        GUILD_ROLE_UPDATE follows, as when a moderator changes them."""
        await self._change(where, names, member, grant=False)

    async def allow(
        self, where: Channel | TwinGuild, *names: str, member: TwinUser | None = None
    ) -> None:
        """Give permissions back: an allowing overwrite on the channel, or the member's own
        role (their highest; @everyone for a member without roles) on the guild."""
        await self._change(where, names, member, grant=True)

    async def _change(
        self,
        where: Channel | TwinGuild,
        names: tuple[str, ...],
        member: TwinUser | None,
        *,
        grant: bool,
    ) -> None:
        unknown = [n for n in names if n not in PERMISSIONS]
        if unknown or not names:
            raise TwinUsageError(f"unknown permissions {unknown}; known: {sorted(PERMISSIONS)}")
        bits = sum(PERMISSIONS[n] for n in names)
        uid = member.id if member else self.app_id
        server = self.server
        if isinstance(where, TwinGuild):
            guild = where.guild
            roles = guild.roles_of(uid)
            changed = roles[-1:] if grant else roles
            for role in changed:
                role.permissions = role.permissions | bits if grant else role.permissions & ~bits
                await server.dispatch(
                    "GUILD_ROLE_UPDATE", {"guild_id": str(guild.id), "role": role.to_json()}
                )
            return
        if where.type == DM:
            raise TwinUsageError("a DM has no permission overwrites")
        channel = self.world.channels[where.parent_id] if where.is_thread else where
        ow = channel.overwrites.setdefault(uid, Overwrite(uid, MEMBER_OVERWRITE))
        if grant:
            ow.allow, ow.deny = ow.allow | bits, ow.deny & ~bits
        else:
            ow.allow, ow.deny = ow.allow & ~bits, ow.deny | bits
        await server.dispatch("CHANNEL_UPDATE", channel.to_json())
        await self.world.notify()

    async def delete_channel(self, channel: Channel) -> None:
        """A moderator deletes a thread (THREAD_DELETE: id, guild_id, parent_id, type) or a
        text channel with its threads (CHANNEL_DELETE). Its messages go with it; requests
        to it then get 404 10003 Unknown Channel."""
        if channel.type == DM or channel.id not in self.world.channels:
            raise TwinUsageError(f"channel {channel.id} cannot be deleted")
        gone = [channel] if channel.is_thread else [channel, *self.threads(channel)]
        for doomed in gone:
            self.world.channels.pop(doomed.id, None)
            for message in doomed.messages:
                self.world.messages.pop(message.id, None)
        if channel.is_thread:
            data = {
                "id": str(channel.id),
                "guild_id": str(channel.guild_id),
                "parent_id": str(channel.parent_id),
                "type": channel.type,
            }
            await self.server.dispatch("THREAD_DELETE", data)
        else:
            await self.server.dispatch("CHANNEL_DELETE", channel.to_json())
        await self.world.notify()

    # -- faults --------------------------------------------------------------------
    def rate_limit(self, count: int, route: str | None = None, retry_after: float = 0.05) -> Fault:
        fault = Fault(429, count, route, retry_after)
        self.server.faults.append(fault)
        return fault

    def server_error(self, count: int, route: str | None = None, status: int = 502) -> Fault:
        fault = Fault(status, count, route)
        self.server.faults.append(fault)
        return fault

    def forbid(self, count: int, route: str | None = None) -> Fault:
        """Discord's 403 50013 for the next `count` matching requests, whatever the
        permissions say: one taken away between the bot's check and its request."""
        fault = Fault(403, count, route)
        self.server.faults.append(fault)
        return fault

    async def drop_gateway(self, *, resumable: bool = True) -> None:
        await self.server.drop_gateway(resumable=resumable)

    # -- time ------------------------------------------------------------------------
    def advance(self, seconds: float) -> None:
        """Move the stand-in's clock on (it never goes back): interaction tokens expire
        after 15 minutes, the 3-second acknowledgement window and the enforce_nonce window
        run on it. Nothing else happens on its own (threads do not auto-archive)."""
        self.world.clock.advance(seconds)

    @property
    def unimplemented(self) -> list[Any]:
        """Requests for routes the stand-in does not serve (Discord's JSON 404/405 sent)."""
        return self.server.unimplemented

    # -- waiting -------------------------------------------------------------------
    async def wait_for(
        self, predicate: Callable[[], T], timeout: float = 5.0, what: str = "condition"
    ) -> T:
        """Return predicate()'s first truthy value, re-checked on every change."""
        deadline = time.monotonic() + timeout
        cond = self.world.changed
        async with cond:
            while True:
                value = predicate()
                if value:
                    return value
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"timed out after {timeout}s waiting for {what}")
                try:
                    # changes from outside a request (a dispatch) wake us through the timeout
                    await asyncio.wait_for(cond.wait(), min(remaining, 0.25))
                except TimeoutError:
                    pass

    async def wait_ready(self, timeout: float = 10.0) -> None:
        """Until a bot has identified and holds a live gateway connection."""

        def ready() -> bool:
            session = self.server.session
            return session is not None and session.send_raw is not None

        await self.wait_for(ready, timeout, "the bot to connect to the gateway")

    def ack_latencies(self) -> list[float]:
        return [i.ack_latency for i in self.interactions if i.ack_latency is not None]

    def unacknowledged(self) -> list[Interaction]:
        """Interactions Discord would show as "This interaction failed"."""
        now = self.world.clock.now()
        return [
            i
            for i in self.interactions
            if i.late or (i.first_callback is None and now - i.created > self.server.ack_window)
        ]


@dataclass
class TwinGuild:
    twin: Twin
    guild: Guild

    @property
    def id(self) -> int:
        return self.guild.id

    def add_channel(self, name: str) -> Channel:
        return self.twin.world.add_channel(self.guild, name)

    def add_user(self, name: str, *, locale: str = "en-US", dms_open: bool = True) -> TwinUser:
        user = self.twin.world.add_user(self.guild, name, locale, dms_open)
        return TwinUser(self.twin, self, user)


class TwinUser:
    """One human in the guild: what they can do and what they can see."""

    def __init__(self, twin: Twin, guild: TwinGuild, user: User) -> None:
        self.twin, self.guild, self.user = twin, guild, user

    @property
    def id(self) -> int:
        return self.user.id

    @property
    def mention(self) -> str:
        return f"<@{self.user.id}>"

    def __repr__(self) -> str:
        return f"<TwinUser {self.user.username}>"

    # -- what they see -----------------------------------------------------------------
    def dm_channel(self) -> Channel | None:
        for channel in self.twin.world.channels.values():
            if channel.type == DM and channel.recipient is self.user:
                return channel
        return None

    def dms(self) -> list[Message]:
        channel = self.dm_channel()
        return list(channel.messages) if channel else []

    def ephemerals(self, channel: Channel | None = None) -> list[Message]:
        return [
            m
            for m in self.twin.world.messages.values()
            if m.visible_to == self.user.id and (channel is None or m.channel_id == channel.id)
        ]

    def visible(self, channel: Channel) -> list[Message]:
        """Messages in a channel as this user sees them (public ones and their ephemerals)."""
        return [m for m in channel.messages if m.visible_to in (None, self.user.id)]

    def pinged_in(self, channel: Channel) -> list[Message]:
        """Messages that notified this user: mentioned and let through by allowed_mentions
        (a name written as <@id> under AllowedMentions.none() does not count)."""
        return [m for m in self.visible(channel) if self.user.id in m.notified]

    def mentioned_in(self, channel: Channel) -> list[Message]:
        """Messages whose text names this user as <@id>, pinging or not."""
        return [m for m in self.visible(channel) if self.mention in m.content]

    def addressed_in(self, channel: Channel) -> list[Message]:
        """Messages whose last line names this user: a prompt to them (what just happened,
        above it, may name anyone)."""
        return [m for m in self.visible(channel)
                if self.mention in (m.content or "").split("\n")[-1]]

    # -- what they do --------------------------------------------------------------------
    async def slash(self, command: str, channel: Channel, **options: Any) -> TwinInteraction:
        """Run a slash command, e.g. slash("game new", ch, game="citadels")."""
        data = self._command_data(command, channel, options, focused=None)
        return await self._send(APPLICATION_COMMAND, channel, data)

    async def autocomplete(
        self, command: str, channel: Channel, focused: str, **options: Any
    ) -> list[dict[str, Any]]:
        data = self._command_data(command, channel, options, focused=focused)
        inter = await self._send(AUTOCOMPLETE, channel, data)
        await inter.wait_ack()
        return inter.raw.autocomplete_choices or []

    async def click(
        self, message: Message, *, custom_id: str | None = None, label: str | None = None
    ) -> TwinInteraction:
        comp = self._component(message, custom_id, label, component_type=2)
        data = {"custom_id": comp["custom_id"], "component_type": 2}
        return await self._send(MESSAGE_COMPONENT, self._channel_of(message), data, message)

    async def select(
        self, message: Message, values: list[str], *, custom_id: str | None = None
    ) -> TwinInteraction:
        comp = self._component(message, custom_id, None, component_type=3)
        allowed = {o["value"] for o in comp.get("options", [])}
        if not set(values) <= allowed:
            raise TwinUsageError(f"{values} are not options of {comp['custom_id']}")
        low, high = comp.get("min_values", 1), comp.get("max_values", 1)
        if not low <= len(values) <= high:
            raise TwinUsageError(f"pick between {low} and {high} values, not {len(values)}")
        data = {"custom_id": comp["custom_id"], "component_type": 3, "values": values}
        return await self._send(MESSAGE_COMPONENT, self._channel_of(message), data, message)

    async def submit_modal(
        self, opened_by: TwinInteraction, values: dict[str, str]
    ) -> TwinInteraction:
        modal = opened_by.raw.modal
        if modal is None:
            raise TwinUsageError("that interaction did not open a modal")
        rows = [
            {"type": 1, "components": [{"type": 4, "custom_id": k, "value": v}]}
            for k, v in values.items()
        ]
        data = {"custom_id": modal["custom_id"], "components": rows}
        channel = self.twin.world.channels[opened_by.raw.channel_id]
        message = (
            self.twin.world.messages.get(opened_by.raw.message_id)
            if opened_by.raw.message_id
            else None
        )
        return await self._send(MODAL_SUBMIT, channel, data, message)

    # -- building interactions -------------------------------------------------------------
    def _channel_of(self, message: Message) -> Channel:
        return self.twin.world.channels[message.channel_id]

    def _component(
        self, message: Message, custom_id: str | None, label: str | None, component_type: int
    ) -> dict[str, Any]:
        if message.visible_to not in (None, self.user.id):
            raise TwinUsageError(f"{self.user.username} cannot see message {message.id}")
        channel = self._channel_of(message)
        if channel.type == DM and channel.recipient is not self.user:
            raise TwinUsageError(f"{self.user.username} cannot see another user's DM")
        for comp in message.iter_components():
            if comp.get("type") != component_type:
                continue
            if custom_id is not None and comp.get("custom_id") != custom_id:
                continue
            if label is not None and comp.get("label") != label:
                continue
            if comp.get("disabled"):
                raise TwinUsageError(f"component {comp.get('custom_id')} is disabled")
            return comp
        raise TwinUsageError(
            f"no component type={component_type} custom_id={custom_id} label={label} "
            f"on message {message.id}"
        )

    def _command_data(
        self, command: str, channel: Channel, options: dict[str, Any], focused: str | None
    ) -> dict[str, Any]:
        name, *path = command.split()
        world = self.twin.world
        scopes = [channel.guild_id, None] if channel.guild_id else [None]
        found = None
        for scope in scopes:
            for cmd in world.commands.get(scope, []):
                if cmd.body["name"] == name:
                    found = cmd
                    break
            if found:
                break
        if found is None:
            raise TwinUsageError(f"/{name} is not a registered command")
        data: dict[str, Any] = {"id": str(found.id), "name": name, "type": 1}
        if found.guild_id:
            data["guild_id"] = str(found.guild_id)
        schema = found.body.get("options") or []
        target = data
        for sub in path:
            spec = next((o for o in schema if o["name"] == sub and o["type"] in (1, 2)), None)
            if spec is None:
                raise TwinUsageError(f"/{command}: no subcommand {sub}")
            node: dict[str, Any] = {"name": sub, "type": spec["type"], "options": []}
            target.setdefault("options", []).append(node)
            target, schema = node, spec.get("options") or []
        resolved: dict[str, Any] = {}
        values = []
        for key, value in options.items():
            spec = next((o for o in schema if o["name"] == key), None)
            if spec is None:
                raise TwinUsageError(f"/{command} has no option {key}")
            values.append(self._option(spec, value, resolved, focused == key, channel))
        missing = [
            o["name"]
            for o in schema
            if o.get("required") and o["name"] not in options and o["type"] not in (1, 2)
        ]
        if missing and focused is None:
            raise TwinUsageError(f"/{command} needs {missing}")
        target.setdefault("options", []).extend(values)
        if resolved:
            data["resolved"] = resolved
        return data

    def _option(
        self,
        spec: dict[str, Any],
        value: Any,
        resolved: dict[str, Any],
        focused: bool,
        channel: Channel,
    ) -> dict[str, Any]:
        kind = spec["type"]
        out: dict[str, Any] = {"name": spec["name"], "type": kind}
        if kind == 6:  # USER
            user = value.user if isinstance(value, TwinUser) else value
            out["value"] = str(user.id)
            guild = self.guild.guild
            resolved.setdefault("users", {})[str(user.id)] = user.to_json()
            member = {k: v for k, v in guild.member_json(user).items() if k != "user"}
            resolved.setdefault("members", {})[str(user.id)] = {
                **member,
                "permissions": str(self.twin.world.permissions(user.id, channel)),
            }
        elif kind == 11:  # ATTACHMENT: value is (filename, bytes), uploaded as a user would
            filename, data = value
            att = Attachment(snowflake(), filename, data, "text/plain", "")
            att.url = f"{self.twin.server.base_url}/attachments/{channel.id}/{att.id}/{filename}"
            self.twin.world.uploads[att.id] = att
            out["value"] = str(att.id)
            resolved.setdefault("attachments", {})[str(att.id)] = att.to_json()
        else:
            out["value"] = value
        if focused:
            out["focused"] = True
            out["value"] = str(value)
        choices = spec.get("choices")
        if choices and not focused and value not in [c["value"] for c in choices]:
            raise TwinUsageError(f"{value!r} is not a choice of option {spec['name']}")
        return out

    async def _send(
        self,
        kind: int,
        channel: Channel,
        data: dict[str, Any],
        message: Message | None = None,
    ) -> TwinInteraction:
        world = self.twin.world
        guild = world.guilds.get(channel.guild_id) if channel.guild_id else None
        inter = Interaction(
            id=snowflake(),
            token="aW50ZXJhY3Rpb24" + secrets.token_urlsafe(60),
            type=kind,
            user=self.user,
            channel_id=channel.id,
            guild_id=channel.guild_id,
            data=data,
            message_id=message.id if message else None,
            created=world.clock.now(),
        )
        world.interactions[inter.id] = inter
        world.by_token[inter.token] = inter
        payload: dict[str, Any] = {
            "id": str(inter.id),
            "application_id": str(world.app_id),
            "type": kind,
            "data": data,
            "channel_id": str(channel.id),
            "channel": channel.to_json(),
            "token": inter.token,
            "version": 1,
            "locale": self.user.locale,
            # what the bot may do here, as Discord computes it (discord.py: app_permissions)
            "app_permissions": str(world.permissions(world.bot.id, channel)),
            "entitlements": [],
            "attachment_size_limit": self.twin.server.upload_limit,
        }
        if guild is not None:
            payload.update(
                guild_id=str(guild.id),
                guild_locale=guild.locale,
                guild={"id": str(guild.id), "locale": guild.locale, "features": []},
                member={
                    **guild.member_json(self.user),
                    "permissions": str(world.permissions(self.user.id, channel)),
                },
                authorizing_integration_owners={"0": str(guild.id)},
                context=0,
            )
        else:
            payload.update(
                user=self.user.to_json(),
                authorizing_integration_owners={"0": str(guild.id if guild else 0)},
                context=1,
            )
        if message is not None:
            payload["message"] = message.to_json()
        if not await self.twin.server.dispatch("INTERACTION_CREATE", payload):
            raise TwinUsageError("no bot is connected to receive the interaction")
        return TwinInteraction(self.twin, inter)


class TwinInteraction:
    """What a user sees after their command or click: the response and its follow-ups."""

    def __init__(self, twin: Twin, raw: Interaction) -> None:
        self.twin, self.raw = twin, raw

    async def wait_ack(self, timeout: float = 5.0) -> TwinInteraction:
        await self.twin.wait_for(
            lambda: self.raw.first_callback is not None or self.raw.late,
            timeout,
            f"a response to interaction {self.raw.data}",
        )
        if self.raw.late:
            raise AssertionError(f"the bot answered {self.raw.data} after Discord's 3 s window")
        return self

    @property
    def response(self) -> Message | None:
        """The message the response created or (for updates) the clicked message."""
        return self.twin.world.messages.get(self.raw.original_id) if self.raw.original_id else None

    @property
    def followups(self) -> list[Message]:
        world = self.twin.world
        return [world.messages[i] for i in self.raw.followup_ids if i in world.messages]

    def messages(self) -> list[Message]:
        """The response message (when it is a new one) and every follow-up."""
        out = []
        if self.raw.callback_type in (4, 5) and self.response is not None:
            out.append(self.response)
        return out + [m for m in self.followups if m not in out]

    def texts(self) -> list[str]:
        """Content and embed text of every message this interaction produced."""
        out = []
        for m in self.messages():
            out.append(m.content)
            for e in m.embeds:
                out.extend(str(e.get(k, "")) for k in ("title", "description"))
                out.extend(f"{f.get('name')} {f.get('value')}" for f in e.get("fields", []))
        return [t for t in out if t]

    async def wait_messages(self, count: int = 1, timeout: float = 30.0) -> list[Message]:
        """Until the interaction has produced `count` finished (not loading) messages."""

        def done() -> list[Message] | None:
            msgs = [m for m in self.messages() if not m.flags & 128]
            return msgs if len(msgs) >= count else None

        return await self.twin.wait_for(done, timeout, f"{count} replies to {self.raw.data}")


@asynccontextmanager
async def discord_py_pointed_at(twin: Twin) -> AsyncIterator[None]:
    """Point discord.py's own configuration (API base, default gateway) at the twin.

    For bare clients in the twin's self-tests; the bot does the same from its settings.
    """
    import yarl
    from discord.gateway import DiscordWebSocket
    from discord.http import Route

    old = Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY
    Route.BASE = twin.api_base
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(twin.gateway_url)
    try:
        yield
    finally:
        Route.BASE, DiscordWebSocket.DEFAULT_GATEWAY = old
