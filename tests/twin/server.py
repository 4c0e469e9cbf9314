"""The stand-in's aiohttp app: Discord's v10 REST routes our bot uses, and a gateway.

Every REST request is authenticated, validated against Discord's OpenAPI spec (see
validation.py) and logged; faults (429, 5xx) are injected on demand. The gateway speaks
HELLO/IDENTIFY/READY/GUILD_CREATE, heartbeats, RESUME with replay, and dispatches
INTERACTION_CREATE, THREAD_CREATE and THREAD_UPDATE (the test API adds THREAD_DELETE,
CHANNEL_UPDATE/DELETE and GUILD_ROLE_UPDATE). Routes refuse what the bot's permissions
(state.World.permissions) do not allow, with Discord's 403.
"""

from __future__ import annotations

import asyncio
import json
import secrets
import time
import zlib
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import WSMsgType, web
from aiohttp.web_urldispatcher import MatchInfoError

from . import strict
from .state import (
    APPLICATION_COMMAND,
    DM,
    EPHEMERAL,
    LOADING,
    PUBLIC_THREAD,
    Attachment,
    Channel,
    Command,
    Interaction,
    Message,
    World,
    parse_mentions,
    snowflake,
)
from .validation import invalid_form_body, load_spec, route_validator

API = "/api/v10"
ACK_WINDOW = 3.0  # Discord drops an interaction not acknowledged within 3 seconds
Files = dict[int, tuple[str, bytes, str | None]]
BODY = web.RequestKey("body", object)
FILES = web.RequestKey("files", dict)
Handler = Callable[[web.Request], Awaitable[web.StreamResponse]]


def jresp(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    """JSON with Discord's exact content type (discord.py compares it verbatim)."""
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={**(headers or {}), "Content-Type": "application/json"},
    )


def error(status: int, code: int, message: str, **extra: Any) -> web.Response:
    return jresp({"code": code, "message": message, **extra}, status=status)


def not_found(what: str, code: int) -> web.Response:
    return error(404, code, f"Unknown {what}")


def posting(channel: Channel) -> str:
    """The permission that lets one post in a channel: threads have their own."""
    return "send_messages_in_threads" if channel.is_thread else "send_messages"


@dataclass
class Fault:
    """An injected failure: the next `count` requests matching `route` get `status`."""

    status: int
    count: int
    route: str | None = None  # substring of "METHOD /template"; None matches all
    retry_after: float = 0.05

    def matches(self, key: str) -> bool:
        return self.route is None or self.route in key


@dataclass
class RequestRecord:
    method: str
    template: str
    path: str
    status: int
    body: Any
    at: float = field(default_factory=time.monotonic)
    response: Any = None
    # An interaction endpoint: the callback, or a /webhooks/{application.id}/{token} route of
    # an interaction's token (its original response and follow-ups). Discord's global rate
    # limit (50 requests/s per bot) binds every other request, these not (docs: Rate Limits,
    # "Global Rate Limit"; the endpoints listed in Receiving and Responding, "Endpoints").
    interaction: bool = False

    @property
    def rate_limited(self) -> bool:
        """Counted against the bot's global rate limit."""
        return not self.interaction


class GatewaySession:
    """One IDENTIFY'd session: its sequence, its replay buffer and its current socket."""

    def __init__(self, session_id: str, on_write: Callable[[dict[str, Any]], None]) -> None:
        self.id = session_id
        self.seq = 0
        self.buffer: list[dict[str, Any]] = []
        self.ws: web.WebSocketResponse | None = None
        self.send_raw: Callable[[dict[str, Any]], Awaitable[None]] | None = None
        self.alive = True
        self.on_write = on_write
        self.lock = asyncio.Lock()
        self.shard = (0, 1)  # [shard_id, shard_count] from IDENTIFY

    def owns(self, guild_id: int | None) -> bool:
        """Discord's sharding: a guild's events go to shard (guild_id >> 22) % count; events
        without a guild (DMs) to shard 0."""
        shard_id, count = self.shard
        return (guild_id >> 22) % count == shard_id if guild_id else shard_id == 0

    async def dispatch(self, event: str, data: dict[str, Any]) -> None:
        async with self.lock:
            self.seq += 1
            payload = {"op": 0, "t": event, "s": self.seq, "d": data}
            self.buffer.append(payload)
            if self.send_raw is not None:
                await self._write(payload)

    async def _write(self, payload: dict[str, Any]) -> None:
        assert self.send_raw is not None
        try:
            await self.send_raw(payload)
        except (ConnectionError, RuntimeError):
            self.send_raw = None  # dropped: kept in the buffer for RESUME
            return
        self.on_write(payload)

    async def replay_after(self, seq: int) -> None:
        async with self.lock:
            for payload in self.buffer:
                if payload["s"] > seq:
                    await self._write(payload)
            self.seq += 1
            await self._write({"op": 0, "t": "RESUMED", "s": self.seq, "d": {}})


class TwinServer:
    def __init__(self, world: World, *, heartbeat_ms: int = 41_250) -> None:
        self.world = world
        self.token = "twin." + secrets.token_urlsafe(24)
        self.heartbeat_ms = heartbeat_ms
        self.ack_window = ACK_WINDOW  # a test may shorten it to see a late answer refused
        self.faults: list[Fault] = []
        self.requests: list[RequestRecord] = []
        # refused as invalid: 400s from validation and the strict rules (strict.py), 413 for
        # an oversized file, 401 for an expired interaction token
        self.rejected: list[RequestRecord] = []
        self.upload_limit = strict.UPLOAD_LIMIT  # bytes per file; a test may raise it
        self.unimplemented: list[RequestRecord] = []  # routes the twin does not serve
        self.refused: list[tuple[int, str]] = []  # (channel, permission) of each 403 sent
        self.sessions: list[GatewaySession] = []
        self.identifies = 0
        self.last_dispatch = 0.0  # when an event was last written to the bot
        self.resumes = 0
        self.heartbeats = 0
        self._dropped: set[int] = set()  # sockets the twin cut on purpose
        self.host = "127.0.0.1"
        self.port = 0
        self.runner: web.AppRunner | None = None
        self.app = web.Application(middlewares=[self._middleware], client_max_size=32 * 2**20)
        self._routes()

    # -- lifecycle -----------------------------------------------------------
    @property
    def base_url(self) -> str:
        return f"http://{self.host}:{self.port}"

    @property
    def api_base(self) -> str:
        return self.base_url + API

    @property
    def gateway_url(self) -> str:
        return f"ws://{self.host}:{self.port}/gateway"

    async def start(self) -> None:
        load_spec()  # no spec, no twin: fail here with SpecMissing's clear message
        self.runner = web.AppRunner(self.app, handle_signals=False)
        await self.runner.setup()
        site = web.TCPSite(self.runner, self.host, 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def stop(self) -> None:
        for session in self.sessions:
            if session.ws is not None and not session.ws.closed:
                await session.ws.close(code=1001)
        if self.runner is not None:
            await self.runner.cleanup()

    @property
    def session(self) -> GatewaySession | None:
        live = [s for s in self.sessions if s.alive]
        return live[-1] if live else None

    def session_for(self, guild_id: int | None) -> GatewaySession | None:
        """The live session of the shard that owns `guild_id` (the newest if several)."""
        live = [s for s in self.sessions if s.alive and s.owns(guild_id)]
        return live[-1] if live else None

    async def dispatch(self, event: str, data: dict[str, Any]) -> bool:
        guild_id = data.get("guild_id") if isinstance(data, dict) else None
        session = self.session_for(int(guild_id) if guild_id else None)
        if session is None:
            return False
        await session.dispatch(event, data)
        return True

    async def drop_gateway(self, code: int = 4000, *, resumable: bool = True) -> None:
        """Close the bot's socket like a network blip. A resumable drop keeps the session
        (RESUME replays what was missed); otherwise RESUME gets INVALID_SESSION (op 9,
        d=false) and the bot must IDENTIFY afresh, as after Discord lost the session."""
        session = self.session
        if session is not None and session.ws is not None:
            session.send_raw = None
            session.alive = resumable
            self._dropped.add(id(session.ws))
            await session.ws.close(code=code)

    # -- middleware: auth, faults, validation, log ----------------------------
    @web.middleware
    async def _middleware(self, request: web.Request, handler: Handler) -> web.StreamResponse:
        if request.path == "/gateway" or request.path.startswith("/attachments/"):
            return await handler(request)
        if isinstance(request.match_info, MatchInfoError):
            # a route the twin does not implement (or a method it does not take): Discord's
            # JSON error, and a record so a test can fail on it instead of passing quietly
            status = request.match_info.http_exception.status
            body = await request.read() if request.body_exists else b""
            self.unimplemented.append(
                RequestRecord(request.method, request.path, request.path, status, body or None)
            )
            reason = "Not Found" if status == 404 else "Method Not Allowed"
            return error(status, 0, f"{status}: {reason}")
        resource = request.match_info.route.resource
        template = resource.canonical[len(API) :] if resource is not None else request.path
        key = f"{request.method} {template}"
        token_route = template.startswith(("/webhooks/{", "/interactions/"))
        if not token_route and request.headers.get("Authorization") != f"Bot {self.token}":
            return error(401, 0, "401: Unauthorized")

        def record(status: int, body: Any = None, response: Any = None) -> RequestRecord:
            made = RequestRecord(request.method, template, request.path, status, body,
                                 response=response,
                                 interaction=self._interaction_endpoint(request, template))
            self.requests.append(made)
            return made

        for fault in self.faults:
            if fault.count > 0 and fault.matches(key):
                fault.count -= 1
                record(fault.status)
                return self._fault_response(fault)
        if self._expired_token(request, template):
            expired = {"code": 50027, "message": "Invalid Webhook Token"}
            self.rejected.append(record(401, response=expired))
            return jresp(expired, status=401)
        try:
            body, files = await self._read_body(request)
        except (ValueError, UnicodeDecodeError):
            invalid = {"code": 50109, "message": "The request body contains invalid JSON."}
            self.rejected.append(record(400, response=invalid))
            return jresp(invalid, status=400)
        request[BODY], request[FILES] = body, files
        rejected = self._validate(request, template, body, files)
        if rejected is not None:
            self.rejected.append(record(400, body, rejected))
            return jresp(rejected, status=400)
        if any(len(data) > self.upload_limit for _, data, _ in files.values()):
            # Discord refuses an oversized file before reading the form: 413, not 50035
            too_large = {"code": 40005, "message": "Request entity too large"}
            self.rejected.append(record(413, body, too_large))
            return jresp(too_large, status=413)
        response = await handler(request)
        record(response.status, body)
        await self.world.notify()
        return response

    def _interaction_endpoint(self, request: web.Request, template: str) -> bool:
        """Whether a request is to an interaction endpoint (not globally rate-limited): the
        callback, or a webhook route naming the application and an interaction's token."""
        if template == CALLBACK_ROUTE:
            return True
        if not template.startswith("/webhooks/{"):
            return False
        token = request.match_info.get("webhook_token", "")
        return (request.match_info.get("webhook_id") == str(self.world.app_id)
                and token in self.world.by_token)

    def _fault_response(self, fault: Fault) -> web.Response:
        if fault.status == 429:
            # discord.py only trusts a 429 that came through Discord's proxy (the Via header)
            headers = {
                "Via": "1.1 google",
                "Retry-After": str(max(1, round(fault.retry_after))),
                "X-RateLimit-Limit": "5",
                "X-RateLimit-Remaining": "0",
                "X-RateLimit-Reset-After": str(fault.retry_after),
                "X-RateLimit-Bucket": "twin-bucket",
                "X-RateLimit-Scope": "user",
            }
            body = {
                "message": "You are being rate limited.",
                "retry_after": fault.retry_after,
                "global": False,
            }
            return jresp(body, status=429, headers=headers)
        if fault.status == 403:  # a permission lost after the bot last looked
            return error(403, 50013, "Missing Permissions")
        return jresp({"message": "Server error", "code": 0}, status=fault.status)

    async def _read_body(self, request: web.Request) -> tuple[Any, Files]:
        files: Files = {}
        if not request.body_exists:
            return None, files
        if request.content_type.startswith("multipart/"):
            body: Any = None
            reader = await request.multipart()
            async for part in reader:
                name = part.name or ""  # type: ignore[union-attr]
                if name == "payload_json":
                    body = json.loads(await part.text())  # type: ignore[union-attr]
                elif name.startswith("files["):
                    index = int(name[6:-1])
                    data = bytes(await part.read())  # type: ignore[union-attr]
                    ctype = part.headers.get("Content-Type")  # type: ignore[union-attr]
                    files[index] = (part.filename or f"file{index}", data, ctype)  # type: ignore[union-attr]
            return body, files
        raw = await request.read()
        return (json.loads(raw) if raw else None), files

    def _expired_token(self, request: web.Request, template: str) -> bool:
        """An interaction token older than 15 minutes on a webhook route (follow-ups and the
        original response's routes): Discord answers 401 50027. By the stand-in's clock (a
        test moves it on)."""
        if not template.startswith("/webhooks/{"):
            return False
        inter = self._interaction(request)
        return inter is not None and self.world.clock.now() - inter.created > strict.TOKEN_LIFETIME

    def _validate(
        self, request: web.Request, template: str, body: Any, files: Files
    ) -> dict[str, Any] | None:
        try:
            validator = route_validator(template, request.method)
        except KeyError:
            return None  # a twin-only route (none today) is not in Discord's spec
        errors = validator.check_query(dict(request.query))
        if errors is None and request.method in ("POST", "PUT", "PATCH") and body is not None:
            errors = validator.check_body(body)
        if errors is None and body is not None:
            errors = _discord_rules(body)
        if errors is None:
            errors = _strict_rules(template, body, files)
        return invalid_form_body(errors) if errors is not None else None

    # -- routes ----------------------------------------------------------------
    def _routes(self) -> None:
        r = self.app.router
        table: list[tuple[str, str, Handler]] = [
            ("GET", "/gateway", self.get_gateway),
            ("GET", "/gateway/bot", self.get_gateway_bot),
            ("GET", "/users/@me", self.get_me),
            ("POST", "/users/@me/channels", self.create_dm),
            ("GET", "/users/{user_id}", self.get_user),
            ("GET", "/oauth2/applications/@me", self.get_application),
            ("GET", "/applications/{application_id}/commands", self.get_commands),
            ("PUT", "/applications/{application_id}/commands", self.put_commands),
            ("GET", "/applications/{application_id}/guilds/{guild_id}/commands", self.get_commands),
            ("PUT", "/applications/{application_id}/guilds/{guild_id}/commands", self.put_commands),
            ("GET", "/guilds/{guild_id}/members/{user_id}", self.get_member),
            ("POST", "/interactions/{interaction_id}/{interaction_token}/callback", self.callback),
            ("GET", "/webhooks/{webhook_id}/{webhook_token}/messages/@original", self.get_original),
            (
                "PATCH",
                "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                self.edit_original,
            ),
            (
                "DELETE",
                "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
                self.delete_original,
            ),
            ("POST", "/webhooks/{webhook_id}/{webhook_token}", self.followup),
            (
                "GET",
                "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                self.get_followup,
            ),
            (
                "PATCH",
                "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                self.edit_followup,
            ),
            (
                "DELETE",
                "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
                self.delete_followup,
            ),
            ("GET", "/channels/{channel_id}", self.get_channel),
            ("PATCH", "/channels/{channel_id}", self.patch_channel),
            ("POST", "/channels/{channel_id}/typing", self.typing),
            ("GET", "/channels/{channel_id}/messages", self.list_messages),
            ("POST", "/channels/{channel_id}/messages", self.create_message),
            ("GET", "/channels/{channel_id}/messages/{message_id}", self.get_message),
            ("PATCH", "/channels/{channel_id}/messages/{message_id}", self.edit_message),
            ("DELETE", "/channels/{channel_id}/messages/{message_id}", self.delete_message),
            ("PUT", "/channels/{channel_id}/messages/pins/{message_id}", self.pin_message),
            ("DELETE", "/channels/{channel_id}/messages/pins/{message_id}", self.unpin_message),
            ("POST", "/channels/{channel_id}/threads", self.create_thread),
            ("POST", "/channels/{channel_id}/messages/{message_id}/threads", self.create_thread),
            ("PUT", "/channels/{channel_id}/thread-members/@me", self.join_thread),
            ("DELETE", "/channels/{channel_id}/thread-members/@me", self.leave_thread),
            ("PUT", "/channels/{channel_id}/thread-members/{user_id}", self.add_thread_member),
        ]
        for method, path, handler in table:
            r.add_route(method, API + path, handler)
        r.add_get("/gateway", self.get_gateway)  # the websocket lives outside the API path
        r.add_get("/attachments/{channel_id}/{attachment_id}/{filename}", self.cdn)

    # -- helpers -----------------------------------------------------------------
    def _channel(self, request: web.Request) -> Channel | None:
        try:
            return self.world.channels.get(int(request.match_info["channel_id"]))
        except ValueError:
            return None

    def _refuse(self, channel: Channel, *names: str) -> web.Response | None:
        """Discord's 403 when the bot lacks a permission in the channel: 50001 Missing
        Access without View Channel, else 50013 Missing Permissions. None when allowed."""
        if channel.guild_id is None:
            return None
        lacking = self.world.missing(self.world.bot.id, channel, "view_channel", *names)
        self.refused.extend((channel.id, name) for name in lacking)
        if "view_channel" in lacking:
            return error(403, 50001, "Missing Access")
        return error(403, 50013, "Missing Permissions") if lacking else None

    def _interaction(self, request: web.Request) -> Interaction | None:
        token = request.match_info.get("webhook_token") or request.match_info.get(
            "interaction_token"
        )
        inter = self.world.by_token.get(token or "")
        if inter is None:
            return None
        if "interaction_id" in request.match_info:
            return inter if str(inter.id) == request.match_info["interaction_id"] else None
        return inter if request.match_info.get("webhook_id") == str(self.world.app_id) else None

    def _attachments(
        self, channel_id: int, payload: dict[str, Any], files: Files
    ) -> list[Attachment]:
        out = []
        described = {str(a.get("id")): a for a in payload.get("attachments") or []}
        for index in sorted(files):
            filename, data, ctype = files[index]
            filename = described.get(str(index), {}).get("filename", filename)
            att_id = snowflake()
            url = f"{self.base_url}/attachments/{channel_id}/{att_id}/{filename}"
            out.append(Attachment(att_id, filename, data, ctype, url))
        return out

    def _new_message(
        self,
        channel: Channel,
        payload: dict[str, Any],
        files: Files,
        *,
        interaction: Interaction | None = None,
        flags: int = 0,
        msg_type: int = 0,
    ) -> Message:
        message = Message(
            id=snowflake(),
            channel_id=channel.id,
            guild_id=channel.guild_id,
            author=self.world.bot,
            content=payload.get("content") or "",
            embeds=payload.get("embeds") or [],
            components=payload.get("components") or [],
            attachments=self._attachments(channel.id, payload, files),
            flags=flags | (payload.get("flags") or 0),
            type=msg_type,
        )
        message.mentions = parse_mentions(
            message.content, payload.get("allowed_mentions"), self.world.users
        )
        if interaction is not None:
            message.interaction_id = interaction.id
            message.interaction_user = interaction.user
            message.webhook_id = self.world.app_id
            if message.flags & EPHEMERAL:
                message.visible_to = interaction.user.id
        message.notified = _notified(message)
        return self.world.add_message(message)

    def _edit(self, message: Message, payload: dict[str, Any], files: Files) -> None:
        for key in ("content", "embeds", "components"):
            if key in payload:
                setattr(message, key, payload[key] or ("" if key == "content" else []))
        if "attachments" in payload:
            keep = {str(a.get("id")) for a in payload["attachments"] or []}
            message.attachments = [a for a in message.attachments if str(a.id) in keep]
        message.attachments += self._attachments(message.channel_id, payload, files)
        if "content" in payload or "allowed_mentions" in payload:
            # the mentions are parsed again; nobody is notified by an edit
            message.mentions = parse_mentions(
                message.content, payload.get("allowed_mentions"), self.world.users
            )
        if message.flags & LOADING:
            # the first answer after a deferred "thinking" reply is what notifies
            message.notified = _notified(message)
        message.flags &= ~LOADING
        message.edited = time.time()

    # -- gateway -----------------------------------------------------------------
    async def get_gateway_bot(self, request: web.Request) -> web.Response:
        return jresp(
            {
                "url": self.gateway_url,
                "shards": 1,
                "session_start_limit": {
                    "total": 1000,
                    "remaining": 999,
                    "reset_after": 14_400_000,
                    "max_concurrency": 1,
                },
            }
        )

    async def get_gateway(self, request: web.Request) -> web.StreamResponse:
        if not request.headers.get("Upgrade", "").lower() == "websocket":
            return jresp({"url": self.gateway_url})
        ws = web.WebSocketResponse(autoping=True, max_msg_size=0)
        await ws.prepare(request)
        compress = request.query.get("compress") == "zlib-stream"
        deflate = zlib.compressobj() if compress else None

        async def send(payload: dict[str, Any]) -> None:
            if ws.closed:
                raise ConnectionError("socket closed")
            text = json.dumps(payload)
            if deflate is not None:
                await ws.send_bytes(
                    deflate.compress(text.encode()) + deflate.flush(zlib.Z_SYNC_FLUSH)
                )
            else:
                await ws.send_str(text)

        await send({"op": 10, "d": {"heartbeat_interval": self.heartbeat_ms}, "s": None, "t": None})
        session: GatewaySession | None = None
        async for msg in ws:
            if msg.type != WSMsgType.TEXT:
                continue
            packet = json.loads(msg.data)
            op, data = packet.get("op"), packet.get("d")
            if op == 1:
                self.heartbeats += 1
                await send({"op": 11, "d": None, "s": None, "t": None})
            elif op == 2:
                if data.get("token") != self.token:
                    await ws.close(code=4004, message=b"Authentication failed.")
                    break
                session = await self._identify(send, ws, data.get("shard"))
            elif op == 6:
                session = await self._resume(data, send, ws)
                if session is None:
                    await send({"op": 9, "d": False, "s": None, "t": None})
            elif op == 8:
                await self._members_chunk(data, session)
        if session is not None and session.ws is ws:
            session.send_raw = None
            session.ws = None
            # a clean close (1000) from the bot ends the session; other closes may resume
            if ws.close_code == 1000 and id(ws) not in self._dropped:
                session.alive = False
        return ws

    def _on_write(self, payload: dict[str, Any]) -> None:
        self.last_dispatch = time.monotonic()
        if payload.get("t") == "INTERACTION_CREATE":
            inter = self.world.interactions.get(int(payload["d"]["id"]))
            if inter is not None and inter.delivered is None:
                inter.delivered = self.world.clock.now()

    async def _identify(
        self,
        send: Callable[[dict[str, Any]], Awaitable[None]],
        ws: web.WebSocketResponse,
        shard: list[int] | None = None,
    ) -> GatewaySession:
        self.identifies += 1
        session = GatewaySession(secrets.token_hex(16), self._on_write)
        session.shard = (shard[0], shard[1]) if shard else (0, 1)
        for old in self.sessions:  # Discord allows one session per shard: the new one wins
            if old.shard == session.shard or old.shard[1] != session.shard[1]:
                old.alive = False
        session.ws, session.send_raw = ws, send
        self.sessions.append(session)
        world = self.world
        guilds = [g for g in world.guilds.values() if session.owns(g.id)]
        ready = {
            "v": 10,
            "user": {**world.bot.to_json(), "verified": True, "mfa_enabled": False, "flags": 0},
            "guilds": [{"id": str(g.id), "unavailable": True} for g in guilds],
            "session_id": session.id,
            "session_type": "normal",
            "resume_gateway_url": self.gateway_url,
            "application": {"id": str(world.app_id), "flags": 0},
            "private_channels": [],
            "relationships": [],
            "user_settings": {},
            "presences": [],
            "geo_ordered_rtc_regions": [],
            "guild_join_requests": [],
            "auth_session_id_hash": "",
            "shard": list(session.shard),
        }
        await session.dispatch("READY", ready)
        for guild in guilds:
            await session.dispatch("GUILD_CREATE", world.guild_json(guild))
        return session

    async def _resume(
        self,
        data: dict[str, Any],
        send: Callable[[dict[str, Any]], Awaitable[None]],
        ws: web.WebSocketResponse,
    ) -> GatewaySession | None:
        if data.get("token") != self.token:
            return None
        for session in self.sessions:
            if session.id == data.get("session_id") and session.alive:
                self.resumes += 1
                session.ws, session.send_raw = ws, send
                await session.replay_after(int(data.get("seq") or 0))
                return session
        return None

    async def _members_chunk(self, data: dict[str, Any], session: GatewaySession | None) -> None:
        guild = self.world.guilds.get(int(data.get("guild_id", 0)))
        if guild is None or session is None:
            return
        chunk = {
            "guild_id": str(guild.id),
            "members": [guild.member_json(u) for u in guild.members.values()],
            "chunk_index": 0,
            "chunk_count": 1,
            "not_found": [],
        }
        if data.get("nonce"):
            chunk["nonce"] = data["nonce"]
        await session.dispatch("GUILD_MEMBERS_CHUNK", chunk)

    # -- users, application, commands -------------------------------------------
    async def get_me(self, request: web.Request) -> web.Response:
        bot = self.world.bot
        return jresp({**bot.to_json(), "verified": True, "mfa_enabled": False, "flags": 0})

    async def get_user(self, request: web.Request) -> web.Response:
        user = self.world.users.get(int(request.match_info["user_id"]))
        return jresp(user.to_json()) if user else not_found("User", 10013)

    async def get_application(self, request: web.Request) -> web.Response:
        world = self.world
        return jresp(
            {
                "id": str(world.app_id),
                "name": world.bot.username,
                "icon": None,
                "description": "",
                "bot_public": True,
                "bot_require_code_grant": False,
                "owner": world.bot.to_json(),
                "verify_key": "0" * 64,
                "flags": 0,
                "team": None,
                "summary": "",
                "type": None,
                "hook": True,
                "redirect_uris": [],
                "interactions_endpoint_url": None,
            }
        )

    def _command_scope(self, request: web.Request) -> int | None:
        gid = request.match_info.get("guild_id")
        return int(gid) if gid else None

    async def get_commands(self, request: web.Request) -> web.Response:
        scope = self._command_scope(request)
        commands = self.world.commands.get(scope, [])
        return jresp([c.to_json(self.world.app_id) for c in commands])

    async def put_commands(self, request: web.Request) -> web.Response:
        if request.match_info["application_id"] != str(self.world.app_id):
            return not_found("Application", 10002)
        scope = self._command_scope(request)
        commands = [Command(snowflake(), scope, body) for body in request[BODY] or []]
        self.world.commands[scope] = commands
        return jresp([c.to_json(self.world.app_id) for c in commands])

    async def get_member(self, request: web.Request) -> web.Response:
        guild = self.world.guilds.get(int(request.match_info["guild_id"]))
        if guild is None:
            return not_found("Guild", 10004)
        user = guild.members.get(int(request.match_info["user_id"]))
        return jresp(guild.member_json(user)) if user else not_found("Member", 10007)

    async def create_dm(self, request: web.Request) -> web.Response:
        user = self.world.users.get(int(request[BODY]["recipient_id"]))
        if user is None:
            return not_found("User", 10013)
        return jresp(self.world.dm_channel(user).to_json())

    # -- interactions --------------------------------------------------------------
    async def callback(self, request: web.Request) -> web.Response:
        inter = self._interaction(request)
        if inter is None:
            return not_found("interaction", 10062)
        now = self.world.clock.now()
        if inter.first_callback is not None:
            return error(400, 40060, "Interaction has already been acknowledged.")
        if inter.delivered is None or now - inter.created > self.ack_window:
            inter.late = True
            return not_found("interaction", 10062)
        body, files = request[BODY], request[FILES]
        kind, data = body["type"], body.get("data") or {}
        channel = self.world.channels.get(inter.channel_id)
        if channel is None:  # deleted since the user acted
            return not_found("Channel", 10003)
        inter.first_callback, inter.callback_type = now, kind
        inter.callbacks.append(body)
        message: Message | None = None
        if kind == 4:
            message = self._new_message(
                channel,
                data,
                files,
                interaction=inter,
                msg_type=20 if inter.type == APPLICATION_COMMAND else 0,
            )
            inter.original_id = message.id
        elif kind == 5:
            message = self._new_message(channel, data, {}, interaction=inter, flags=LOADING)
            inter.original_id = message.id
        elif kind in (6, 7):
            if inter.message_id is None:
                return error(
                    400,
                    50035,
                    "Invalid Form Body",
                    errors={
                        "type": {
                            "_errors": [
                                {
                                    "code": "INTERACTION_RESPONSE_TYPE_INVALID",
                                    "message": "No message to update.",
                                }
                            ]
                        }
                    },
                )
            inter.original_id = inter.message_id
            message = self.world.messages[inter.message_id]
            if kind == 7:
                self._edit(message, data, files)
        elif kind == 8:
            inter.autocomplete_choices = data.get("choices", [])
        elif kind == 9:
            inter.modal = data
        if request.query.get("with_response") not in ("1", "true", "True"):
            return web.Response(status=204)
        out: dict[str, Any] = {
            "interaction": {
                "id": str(inter.id),
                "type": inter.type,
                "response_message_loading": kind == 5,
                "response_message_ephemeral": bool(message and message.ephemeral),
            }
        }
        if message is not None:
            out["interaction"]["response_message_id"] = str(message.id)
            out["resource"] = {"type": kind, "message": message.to_json()}
        return jresp(out)

    def _original(self, inter: Interaction) -> Message | None:
        return self.world.messages.get(inter.original_id) if inter.original_id else None

    async def get_original(self, request: web.Request) -> web.Response:
        inter = self._interaction(request)
        message = self._original(inter) if inter else None
        return jresp(message.to_json()) if message else not_found("Message", 10008)

    async def edit_original(self, request: web.Request) -> web.Response:
        inter = self._interaction(request)
        message = self._original(inter) if inter else None
        if message is None:
            return not_found("Message", 10008)
        self._edit(message, request[BODY] or {}, request[FILES])
        return jresp(message.to_json())

    async def delete_original(self, request: web.Request) -> web.Response:
        inter = self._interaction(request)
        message = self._original(inter) if inter else None
        if message is None:
            return not_found("Message", 10008)
        self._delete(message)
        return web.Response(status=204)

    async def followup(self, request: web.Request) -> web.Response:
        inter = self._interaction(request)
        if inter is None or inter.first_callback is None:
            return not_found("Webhook", 10015)
        channel = self.world.channels.get(inter.channel_id)
        if channel is None:
            return not_found("Channel", 10003)
        original = self._original(inter)
        if original is not None and original.flags & LOADING:
            # Discord: the first follow-up after a deferred reply replaces the "thinking" one
            message = original
            self._edit(message, request[BODY] or {}, request[FILES])
        else:
            message = self._new_message(
                channel, request[BODY] or {}, request[FILES], interaction=inter
            )
        inter.followup_ids.append(message.id)
        if request.query.get("wait") in ("true", "1", "True"):
            return jresp(message.to_json())
        return web.Response(status=204)

    def _followup(self, request: web.Request) -> Message | None:
        inter = self._interaction(request)
        if inter is None:
            return None
        mid = int(request.match_info["message_id"])
        if mid not in inter.followup_ids and mid != inter.original_id:
            return None
        return self.world.messages.get(mid)

    async def get_followup(self, request: web.Request) -> web.Response:
        message = self._followup(request)
        return jresp(message.to_json()) if message else not_found("Message", 10008)

    async def edit_followup(self, request: web.Request) -> web.Response:
        message = self._followup(request)
        if message is None:
            return not_found("Message", 10008)
        self._edit(message, request[BODY] or {}, request[FILES])
        return jresp(message.to_json())

    async def delete_followup(self, request: web.Request) -> web.Response:
        message = self._followup(request)
        if message is None:
            return not_found("Message", 10008)
        self._delete(message)
        return web.Response(status=204)

    def _delete(self, message: Message) -> None:
        self.world.messages.pop(message.id, None)
        channel = self.world.channels.get(message.channel_id)
        if channel is not None and message in channel.messages:
            channel.messages.remove(message)

    # -- channels, messages, threads -----------------------------------------------
    async def get_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return not_found("Channel", 10003)
        return self._refuse(channel) or jresp(channel.to_json())

    async def patch_channel(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return not_found("Channel", 10003)
        body = request[BODY] or {}
        refused = self._refuse(channel, *self._patch_needs(channel, body))
        if refused is not None:
            return refused
        if "name" in body:
            channel.name = body["name"]
        if channel.is_thread:
            for key in ("archived", "locked", "auto_archive_duration"):
                if key in body:
                    setattr(channel, key, body[key])
            channel.archive_ts = time.time()
            await self.dispatch("THREAD_UPDATE", channel.to_json())
        return jresp(channel.to_json())

    def _patch_needs(self, channel: Channel, body: dict[str, Any]) -> list[str]:
        """What a channel edit needs (docs: Modify Channel): Manage Channels on a channel;
        on a thread, Manage Threads, except that a member reopens an unlocked thread and
        its owner renames it or sets its archive duration."""
        if not channel.is_thread:
            return ["manage_channels"]
        bot = self.world.bot.id
        free = set()
        if body.get("archived") is False and not channel.locked and bot in channel.members:
            free.add("archived")
        if channel.owner_id == bot:
            free |= {"name", "auto_archive_duration"}
        asked = {k for k in ("name", "archived", "locked", "auto_archive_duration") if k in body}
        return ["manage_threads"] if asked - free else []

    async def typing(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return not_found("Channel", 10003)
        return self._refuse(channel, posting(channel)) or web.Response(status=204)

    async def list_messages(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return not_found("Channel", 10003)
        refused = self._refuse(channel, "read_message_history")
        if refused is not None:
            return refused
        limit = int(request.query.get("limit", 50))
        public = [m for m in channel.messages if m.visible_to is None]
        return jresp([m.to_json() for m in reversed(public[-limit:])])

    async def create_message(self, request: web.Request) -> web.Response:
        channel = self._channel(request)
        if channel is None:
            return not_found("Channel", 10003)
        body, files = request[BODY] or {}, request[FILES]
        refused = self._refuse(channel, posting(channel), *(["attach_files"] if files else []))
        if refused is not None:
            return refused
        if channel.type == DM and channel.recipient is not None and not channel.recipient.dms_open:
            return error(403, 50007, "Cannot send messages to this user")
        if (
            not any(body.get(k) for k in ("content", "embeds", "components", "sticker_ids"))
            and not files
        ):
            return error(400, 50006, "Cannot send an empty message")
        if channel.is_thread and channel.archived:
            if channel.locked:
                return error(400, 50083, "Thread is archived")
            channel.archived = False  # sending in an unlocked archived thread reopens it
            await self.dispatch("THREAD_UPDATE", channel.to_json())
        nonce = body.get("nonce")
        key = (self.world.bot.id, str(nonce))
        if nonce is not None and body.get("enforce_nonce"):
            seen = self.world.nonces.get(key)
            if seen is not None and self.world.clock.now() - seen[1] <= strict.NONCE_WINDOW:
                # Discord returns the first message instead of creating a second one; if
                # that one was deleted since, the send is refused as Unknown Message
                first = self.world.messages.get(seen[0])
                return jresp(first.to_json()) if first else not_found("Message", 10008)
        message = self._new_message(channel, body, files)
        if nonce is not None:
            self.world.nonces[key] = (message.id, self.world.clock.now())
        return jresp(message.to_json())

    def _message(self, request: web.Request) -> Message | None:
        channel = self._channel(request)
        message = self.world.messages.get(int(request.match_info["message_id"]))
        if channel is None or message is None or message.channel_id != channel.id:
            return None
        return None if message.visible_to is not None else message

    async def get_message(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if message is None:
            return not_found("Message", 10008)
        channel = self.world.channels[message.channel_id]
        return self._refuse(channel, "read_message_history") or jresp(message.to_json())

    async def edit_message(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if message is None:
            return not_found("Message", 10008)
        if message.author is not self.world.bot:
            return error(403, 50005, "Cannot edit a message authored by another user")
        channel = self.world.channels[message.channel_id]
        # one's own message may be edited without the right to post; new files need theirs
        refused = self._refuse(channel, *(["attach_files"] if request[FILES] else []))
        if refused is not None:
            return refused
        if channel.is_thread and channel.archived:
            return error(400, 50083, "Thread is archived")
        self._edit(message, request[BODY] or {}, request[FILES])
        return jresp(message.to_json())

    async def delete_message(self, request: web.Request) -> web.Response:
        message = self._message(request)
        if message is None:
            return not_found("Message", 10008)
        channel = self.world.channels[message.channel_id]
        others = ["manage_messages"] if message.author is not self.world.bot else []
        refused = self._refuse(channel, *others)
        if refused is not None:
            return refused
        self._delete(message)
        return web.Response(status=204)

    async def pin_message(self, request: web.Request, pinned: bool = True) -> web.Response:
        """Pin (or unpin) a message: needs Pin Messages, or Manage Messages, which Discord
        still accepts for it."""
        message = self._message(request)
        if message is None:
            return not_found("Message", 10008)
        channel = self.world.channels[message.channel_id]
        if self.world.missing(self.world.bot.id, channel, "manage_messages"):
            refused = self._refuse(channel, "pin_messages")
            if refused is not None:
                return refused
        message.pinned = pinned
        return web.Response(status=204)

    async def unpin_message(self, request: web.Request) -> web.Response:
        return await self.pin_message(request, pinned=False)

    async def create_thread(self, request: web.Request) -> web.Response:
        parent = self._channel(request)
        if parent is None:
            return not_found("Channel", 10003)
        if parent.guild_id is None or parent.is_thread:
            return error(400, 50024, "Cannot execute action on this channel type")
        body = request[BODY] or {}
        kind = PUBLIC_THREAD if "message_id" in request.match_info else body.get("type", 12)
        needs = "create_public_threads" if kind == PUBLIC_THREAD else "create_private_threads"
        refused = self._refuse(parent, needs)
        if refused is not None:
            return refused
        thread = Channel(
            id=int(request.match_info.get("message_id") or snowflake()),
            type=kind,
            name=body["name"],
            guild_id=parent.guild_id,
            parent_id=parent.id,
            owner_id=self.world.bot.id,
            auto_archive_duration=body.get("auto_archive_duration", 4320),
            members={self.world.bot.id},
        )
        self.world.channels[thread.id] = thread
        await self.dispatch("THREAD_CREATE", {**thread.to_json(), "newly_created": True})
        return jresp(thread.to_json(), status=201)

    async def _thread(self, request: web.Request) -> Channel | None:
        channel = self._channel(request)
        return channel if channel is not None and channel.is_thread else None

    async def join_thread(self, request: web.Request) -> web.Response:
        thread = await self._thread(request)
        if thread is None:
            return not_found("Channel", 10003)
        refused = self._refuse(thread)
        if refused is not None:
            return refused
        thread.members.add(self.world.bot.id)
        return web.Response(status=204)

    async def leave_thread(self, request: web.Request) -> web.Response:
        thread = await self._thread(request)
        if thread is None:
            return not_found("Channel", 10003)
        thread.members.discard(self.world.bot.id)
        return web.Response(status=204)

    async def add_thread_member(self, request: web.Request) -> web.Response:
        thread = await self._thread(request)
        if thread is None:
            return not_found("Channel", 10003)
        refused = self._refuse(thread, "send_messages_in_threads")
        if refused is not None:
            return refused
        thread.members.add(int(request.match_info["user_id"]))
        return web.Response(status=204)

    async def cdn(self, request: web.Request) -> web.Response:
        channel = self.world.channels.get(int(request.match_info["channel_id"]))
        wanted = int(request.match_info["attachment_id"])
        upload = self.world.uploads.get(wanted)  # a file given to a slash command
        if upload is not None:
            return web.Response(
                body=upload.data, content_type=upload.content_type or "application/octet-stream"
            )
        for message in channel.messages if channel else []:
            for att in message.attachments:
                if att.id == wanted:
                    ctype = att.content_type or "application/octet-stream"
                    return web.Response(body=att.data, content_type=ctype)
        return web.Response(status=404)


def _notified(message: Message) -> set[int]:
    """Who a new message notifies: its mentions, except that an ephemeral message reaches
    only its one reader, so a mention of anyone else in it pings nobody."""
    notified = {u.id for u in message.mentions}
    if message.visible_to is not None:
        notified &= {message.visible_to}
    return notified


CONTENT_MAX = 2000  # Discord's limit for a bot's message; the spec's 4000 is for Nitro users


def _discord_rules(body: Any) -> dict[str, Any] | None:
    """Rules the spec does not say: 2000 characters of content, unique custom_ids, and
    allowed_mentions' parse and id lists being exclusive."""
    if not isinstance(body, dict):
        return None
    nested = isinstance(body.get("data"), dict)  # an interaction callback's message
    payload = body["data"] if nested else body
    tree: dict[str, Any] | None = None
    content = payload.get("content")
    if isinstance(content, str) and len(content) > CONTENT_MAX:
        error = {
            "code": "BASE_TYPE_MAX_LENGTH",
            "message": f"Must be {CONTENT_MAX} or fewer in length.",
        }
        tree = {"content": {"_errors": [error]}}
    allowed = payload.get("allowed_mentions")
    if isinstance(allowed, dict):
        for kind in ("users", "roles"):
            if tree is None and kind in (allowed.get("parse") or []) and allowed.get(kind):
                error = {
                    "code": "MESSAGE_ALLOWED_MENTIONS_PARSE_EXCLUSIVE",
                    "message": f'parse:["{kind}"] and {kind}: [ids...] are mutually exclusive.',
                }
                tree = {"allowed_mentions": {"_errors": [error]}}
    seen: set[str] = set()
    for r, row in enumerate(payload.get("components") or []):
        items = row.get("components") or [] if isinstance(row, dict) else []
        for c, comp in enumerate(items):
            cid = comp.get("custom_id") if isinstance(comp, dict) else None
            if cid is None:
                continue
            if cid in seen and tree is None:
                error = {
                    "code": "COMPONENT_CUSTOM_ID_DUPLICATED",
                    "message": "Component custom id cannot be duplicated",
                }
                tree = {
                    "components": {
                        str(r): {"components": {str(c): {"custom_id": {"_errors": [error]}}}}
                    }
                }
            seen.add(cid)
    if tree is None:
        return None
    return {"data": tree} if nested else tree


MESSAGE_ROUTES = (
    "/channels/{channel_id}/messages",
    "/channels/{channel_id}/messages/{message_id}",
    "/webhooks/{webhook_id}/{webhook_token}",
    "/webhooks/{webhook_id}/{webhook_token}/messages/@original",
    "/webhooks/{webhook_id}/{webhook_token}/messages/{message_id}",
)
CALLBACK_ROUTE = "/interactions/{interaction_id}/{interaction_token}/callback"
COMMAND_ROUTES = (
    "/applications/{application_id}/commands",
    "/applications/{application_id}/guilds/{guild_id}/commands",
)


def _strict_rules(template: str, body: Any, files: Files) -> dict[str, Any] | None:
    """Discord's rules the document does not say (strict.py): component layout and values,
    embed totals, the number of files, command names."""
    if template in COMMAND_ROUTES:
        return strict.commands_errors(body)
    errors = strict.files_errors(len(files))
    if errors is not None:
        return errors
    if template in MESSAGE_ROUTES:
        return strict.message_errors(body)
    if template == CALLBACK_ROUTE and isinstance(body, dict) and body.get("type") in (4, 7):
        errors = strict.message_errors(body.get("data"))
        return {"data": errors} if errors is not None else None
    return None
