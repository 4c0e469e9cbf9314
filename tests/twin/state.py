"""The stand-in's world: guilds, users, channels, threads, messages and interactions.

Everything serialises to Discord's v10 JSON shapes (what discord.py parses). The state is
plain data guarded by one asyncio.Condition, so tests can wait on changes, not sleep.
"""

from __future__ import annotations

import asyncio
import itertools
import re
import time
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

DISCORD_EPOCH_MS = 1_420_070_400_000
ALL_PERMISSIONS = str((1 << 50) - 1)

# Discord's permission bits (docs: Permissions, "Bitwise Permission Flags"), by the names
# discord.py gives them; the stand-in enforces the ones our bot's routes need.
PERMISSIONS: dict[str, int] = {
    "administrator": 1 << 3,
    "manage_channels": 1 << 4,
    "view_channel": 1 << 10,
    "send_messages": 1 << 11,
    "send_tts_messages": 1 << 12,
    "manage_messages": 1 << 13,
    "embed_links": 1 << 14,
    "attach_files": 1 << 15,
    "read_message_history": 1 << 16,
    "mention_everyone": 1 << 17,
    "use_application_commands": 1 << 31,
    "manage_threads": 1 << 34,
    "create_public_threads": 1 << 35,
    "create_private_threads": 1 << 36,
    "send_messages_in_threads": 1 << 38,
    "pin_messages": 1 << 51,
}
ALL = (1 << 52) - 1
# What a server's @everyone and the bot's role hold here: everything but Administrator
# (which would override every channel overwrite, as on Discord).
DEFAULT_ROLE_PERMISSIONS = ALL & ~PERMISSIONS["administrator"]
# Losing the right to post takes these with it (docs: Permissions, "Implicit Permissions").
IMPLIED_BY_SENDING = sum(
    PERMISSIONS[p] for p in ("send_tts_messages", "mention_everyone", "embed_links", "attach_files")
)
ROLE_OVERWRITE, MEMBER_OVERWRITE = 0, 1

# Channel types (Discord's numbers).
GUILD_TEXT = 0
DM = 1
PUBLIC_THREAD = 11
PRIVATE_THREAD = 12
THREAD_TYPES = (PUBLIC_THREAD, PRIVATE_THREAD)

# Message flags.
EPHEMERAL = 1 << 6
LOADING = 1 << 7

# Interaction types.
APPLICATION_COMMAND = 2
MESSAGE_COMPONENT = 3
AUTOCOMPLETE = 4
MODAL_SUBMIT = 5

_counter = itertools.count(1)


def snowflake() -> int:
    """A time-ordered id like Discord's: milliseconds since its epoch, then a counter."""
    ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
    return (ms << 22) | (next(_counter) & 0x3FFFFF)


def iso(ts: float) -> str:
    return datetime.fromtimestamp(ts, UTC).isoformat()


@dataclass
class User:
    id: int
    username: str
    locale: str = "en-US"
    bot: bool = False
    dms_open: bool = True

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(self.id),
            "username": self.username,
            "discriminator": "0",
            "global_name": self.username,
            "avatar": None,
            "public_flags": 0,
        }
        if self.bot:
            out["bot"] = True
        return out


@dataclass
class Attachment:
    id: int
    filename: str
    data: bytes
    content_type: str | None
    url: str

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(self.id),
            "filename": self.filename,
            "size": len(self.data),
            "url": self.url,
            "proxy_url": self.url,
        }
        if self.content_type:
            out["content_type"] = self.content_type
        return out


@dataclass
class Message:
    id: int
    channel_id: int
    guild_id: int | None
    author: User
    content: str = ""
    embeds: list[dict[str, Any]] = field(default_factory=list)
    components: list[dict[str, Any]] = field(default_factory=list)
    attachments: list[Attachment] = field(default_factory=list)
    flags: int = 0
    created: float = field(default_factory=time.time)
    edited: float | None = None
    # who may see it: None for everyone in the channel, else the one user (ephemerals)
    visible_to: int | None = None
    interaction_id: int | None = None
    interaction_user: User | None = None
    webhook_id: int | None = None
    type: int = 0
    # users whose <@id> in the content Discord parsed under allowed_mentions (its `mentions`)
    mentions: list[User] = field(default_factory=list)
    # who got a notification: the mentions at creation (an edit adding one pings nobody)
    notified: set[int] = field(default_factory=set)
    pinned: bool = False

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(self.id),
            "type": self.type,
            "channel_id": str(self.channel_id),
            "author": self.author.to_json(),
            "content": self.content,
            "timestamp": iso(self.created),
            "edited_timestamp": iso(self.edited) if self.edited else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [u.to_json() for u in self.mentions],
            "mention_roles": [],
            "attachments": [a.to_json() for a in self.attachments],
            "embeds": self.embeds,
            "components": self.components,
            "pinned": self.pinned,
            "flags": self.flags,
        }
        if self.guild_id is not None:
            out["guild_id"] = str(self.guild_id)
        if self.webhook_id is not None:
            out["webhook_id"] = str(self.webhook_id)
        if self.interaction_id is not None and self.interaction_user is not None:
            out["interaction_metadata"] = {
                "id": str(self.interaction_id),
                "type": APPLICATION_COMMAND if self.type == 20 else MESSAGE_COMPONENT,
                "user": self.interaction_user.to_json(),
                "authorizing_integration_owners": {},
            }
        return out

    def iter_components(self) -> list[dict[str, Any]]:
        """Every interactive component (buttons, selects), flattened out of rows."""
        found: list[dict[str, Any]] = []
        stack = list(self.components)
        while stack:
            comp = stack.pop(0)
            if comp.get("type") == 1 or "components" in comp:
                stack[0:0] = list(comp.get("components", []))
            else:
                found.append(comp)
            if comp.get("accessory"):
                found.append(comp["accessory"])
        return found


@dataclass
class Overwrite:
    """A channel's permission overwrite for a role (type 0) or a member (type 1)."""

    id: int
    type: int
    allow: int = 0
    deny: int = 0

    def to_json(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "type": self.type,
            "allow": str(self.allow),
            "deny": str(self.deny),
        }


@dataclass
class Role:
    id: int
    name: str
    permissions: int = DEFAULT_ROLE_PERMISSIONS
    position: int = 0
    bot_id: int | None = None  # a bot's managed role

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": str(self.id),
            "name": self.name,
            "color": 0,
            "hoist": False,
            "position": self.position,
            "permissions": str(self.permissions),
            "managed": self.bot_id is not None,
            "mentionable": False,
            "flags": 0,
        }
        if self.bot_id is not None:
            out["tags"] = {"bot_id": str(self.bot_id)}
        return out


@dataclass
class Channel:
    id: int
    type: int
    name: str | None = None
    guild_id: int | None = None
    parent_id: int | None = None
    owner_id: int | None = None
    recipient: User | None = None  # DM channels
    archived: bool = False
    locked: bool = False
    auto_archive_duration: int = 10080
    archive_ts: float = field(default_factory=time.time)
    members: set[int] = field(default_factory=set)  # thread members
    messages: list[Message] = field(default_factory=list)
    position: int = 0
    overwrites: dict[int, Overwrite] = field(default_factory=dict)  # by role or member id

    @property
    def is_thread(self) -> bool:
        return self.type in THREAD_TYPES

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"id": str(self.id), "type": self.type, "flags": 0}
        last = [m for m in self.messages if m.visible_to is None]
        out["last_message_id"] = str(last[-1].id) if last else None
        if self.type == DM:
            assert self.recipient is not None
            out["recipients"] = [self.recipient.to_json()]
            return out
        out.update(
            guild_id=str(self.guild_id),
            name=self.name,
            position=self.position,
            permission_overwrites=[o.to_json() for o in self.overwrites.values()],
            nsfw=False,
            rate_limit_per_user=0,
        )
        if self.is_thread:
            out.update(
                parent_id=str(self.parent_id),
                owner_id=str(self.owner_id),
                message_count=len(self.messages),
                member_count=len(self.members),
                total_message_sent=len(self.messages),
                thread_metadata={
                    "archived": self.archived,
                    "auto_archive_duration": self.auto_archive_duration,
                    "archive_timestamp": iso(self.archive_ts),
                    "locked": self.locked,
                    "invitable": True,
                    "create_timestamp": iso(self.archive_ts),
                },
            )
        else:
            out.update(topic=None, parent_id=None, default_auto_archive_duration=10080)
        return out


@dataclass
class Guild:
    id: int
    name: str
    owner_id: int
    locale: str = "ko"
    members: dict[int, User] = field(default_factory=dict)
    joined: float = field(default_factory=time.time)
    roles: dict[int, Role] = field(default_factory=dict)  # @everyone's id is the guild's
    member_roles: dict[int, list[int]] = field(default_factory=dict)  # user id -> role ids

    def roles_of(self, user_id: int) -> list[Role]:
        """@everyone and the member's own roles."""
        ids = [self.id, *self.member_roles.get(user_id, [])]
        return [self.roles[r] for r in ids if r in self.roles]

    def member_json(self, user: User) -> dict[str, Any]:
        return {
            "user": user.to_json(),
            "roles": [str(r) for r in self.member_roles.get(user.id, [])],
            "joined_at": iso(self.joined),
            "deaf": False,
            "mute": False,
            "flags": 0,
            "pending": False,
            "nick": None,
            "avatar": None,
            "communication_disabled_until": None,
        }


@dataclass
class Interaction:
    """One interaction a test user triggered, and everything the bot answered to it."""

    id: int
    token: str
    type: int
    user: User
    channel_id: int
    guild_id: int | None
    data: dict[str, Any]
    message_id: int | None = None  # the message whose component was used
    created: float = field(default_factory=time.monotonic)
    delivered: float | None = None  # when the gateway wrote it to the bot
    first_callback: float | None = None
    callback_type: int | None = None
    callbacks: list[dict[str, Any]] = field(default_factory=list)
    original_id: int | None = None  # message created by the response
    followup_ids: list[int] = field(default_factory=list)
    autocomplete_choices: list[dict[str, Any]] | None = None
    modal: dict[str, Any] | None = None
    late: bool = False  # the bot answered after the 3-second window

    @property
    def ack_latency(self) -> float | None:
        """Seconds from the user's action to the first callback: Discord's 3-second window
        runs from the click, so time spent waiting for a reconnecting bot counts too."""
        if self.first_callback is None or self.delivered is None:
            return None
        return self.first_callback - self.created


@dataclass
class Command:
    id: int
    guild_id: int | None
    body: dict[str, Any]

    def to_json(self, application_id: int) -> dict[str, Any]:
        out = {
            "id": str(self.id),
            "application_id": str(application_id),
            "version": str(self.id),
            "type": 1,
            "default_member_permissions": None,
            "nsfw": False,
            "options": [],
            "description": "",
            **self.body,
        }
        if self.guild_id is not None:
            out["guild_id"] = str(self.guild_id)
        return out


USER_MENTION = re.compile(r"<@!?(\d+)>")


def parse_mentions(
    content: str, allowed: dict[str, Any] | None, users: dict[int, User]
) -> list[User]:
    """The users a message's content mentions, as Discord parses them: everyone written as
    <@id> when no allowed_mentions is sent; else only with parse ["users"], or those listed
    in its `users`."""
    written = [int(m) for m in USER_MENTION.findall(content or "")]
    if allowed is not None and "users" not in (allowed.get("parse") or []):
        listed = {int(u) for u in allowed.get("users") or []}
        written = [uid for uid in written if uid in listed]
    out: list[User] = []
    for uid in dict.fromkeys(written):
        if uid in users:
            out.append(users[uid])
    return out


class Clock:
    """The stand-in's clock for Discord's deadlines (the 3-second acknowledgement window,
    15-minute interaction tokens, the nonce window): real monotonic time plus whatever a
    test skipped with `advance`, so a test sees a token expire without waiting for it."""

    def __init__(self) -> None:
        self.skipped = 0.0

    def now(self) -> float:
        return time.monotonic() + self.skipped

    def advance(self, seconds: float) -> None:
        if seconds < 0:
            raise ValueError("the clock does not go back")
        self.skipped += seconds


class World:
    """All of the stand-in's data; mutated only on the event loop."""

    def __init__(self) -> None:
        self.changed = asyncio.Condition()
        self.clock = Clock()
        # (author id, nonce) -> (message id, when), for enforce_nonce
        self.nonces: dict[tuple[int, str], tuple[int, float]] = {}
        self.app_id = snowflake()
        self.bot = User(self.app_id, "boardgame-bot", bot=True)
        self.users: dict[int, User] = {self.bot.id: self.bot}
        self.guilds: dict[int, Guild] = {}
        self.channels: dict[int, Channel] = {}
        self.messages: dict[int, Message] = {}
        self.interactions: dict[int, Interaction] = {}
        self.by_token: dict[str, Interaction] = {}
        self.commands: dict[int | None, list[Command]] = {}
        self.uploads: dict[int, Attachment] = {}  # files users gave slash commands

    async def notify(self) -> None:
        async with self.changed:
            self.changed.notify_all()

    def add_guild(self, name: str, locale: str = "ko") -> Guild:
        # the owner is a person outside the test (an owner holds every permission)
        guild = Guild(snowflake(), name, owner_id=snowflake(), locale=locale)
        guild.members[self.bot.id] = self.bot
        guild.roles[guild.id] = Role(guild.id, "@everyone")
        bot_role = Role(snowflake(), self.bot.username, position=1, bot_id=self.bot.id)
        guild.roles[bot_role.id] = bot_role
        guild.member_roles[self.bot.id] = [bot_role.id]
        self.guilds[guild.id] = guild
        return guild

    def add_channel(self, guild: Guild, name: str) -> Channel:
        channel = Channel(snowflake(), GUILD_TEXT, name=name, guild_id=guild.id)
        channel.position = sum(1 for c in self.channels.values() if c.guild_id == guild.id)
        self.channels[channel.id] = channel
        return channel

    def add_user(self, guild: Guild, name: str, locale: str, dms_open: bool) -> User:
        user = User(snowflake(), name, locale=locale, dms_open=dms_open)
        self.users[user.id] = user
        guild.members[user.id] = user
        return user

    def dm_channel(self, user: User) -> Channel:
        for channel in self.channels.values():
            if channel.type == DM and channel.recipient is user:
                return channel
        channel = Channel(snowflake(), DM, recipient=user)
        self.channels[channel.id] = channel
        return channel

    def permissions(self, user_id: int, channel: Channel) -> int:
        """A member's permissions in a channel, computed as Discord does (docs: Permissions,
        "Permission Overwrites"): the guild owner holds all; else @everyone's and the member's
        roles, Administrator holding all; then the channel's overwrites for @everyone, for
        the member's roles, for the member. A thread has its parent's. Without the right to
        post there (Send Messages; in a thread Send Messages in Threads) the implied ones go,
        and without View Channel nothing is left. In a DM: all."""
        if channel.guild_id is None:
            return ALL
        guild = self.guilds[channel.guild_id]
        if user_id == guild.owner_id:
            return ALL
        roles = guild.roles_of(user_id)
        perms = 0
        for role in roles:
            perms |= role.permissions
        if perms & PERMISSIONS["administrator"]:
            return ALL
        parent = self.channels.get(channel.parent_id or 0) if channel.is_thread else channel
        overwrites = parent.overwrites if parent is not None else {}
        everyone = overwrites.get(guild.id)
        if everyone is not None:
            perms = (perms & ~everyone.deny) | everyone.allow
        allow = deny = 0
        for role in roles[1:]:
            ow = overwrites.get(role.id)
            if ow is not None and ow.type == ROLE_OVERWRITE:
                allow, deny = allow | ow.allow, deny | ow.deny
        perms = (perms & ~deny) | allow
        member = overwrites.get(user_id)
        if member is not None and member.type == MEMBER_OVERWRITE:
            perms = (perms & ~member.deny) | member.allow
        sending = "send_messages_in_threads" if channel.is_thread else "send_messages"
        if not perms & PERMISSIONS[sending]:
            perms &= ~IMPLIED_BY_SENDING
        return perms if perms & PERMISSIONS["view_channel"] else 0

    def missing(self, user_id: int, channel: Channel, *names: str) -> list[str]:
        """The permissions of `names` the member lacks in the channel (empty: all held)."""
        perms = self.permissions(user_id, channel)
        return [n for n in names if not perms & PERMISSIONS[n]]

    def guild_channels(self, guild: Guild) -> list[Channel]:
        return [c for c in self.channels.values() if c.guild_id == guild.id]

    def guild_json(self, guild: Guild) -> dict[str, Any]:
        channels = self.guild_channels(guild)
        return {
            "id": str(guild.id),
            "name": guild.name,
            "icon": None,
            "splash": None,
            "discovery_splash": None,
            "owner_id": str(guild.owner_id),
            "afk_channel_id": None,
            "afk_timeout": 300,
            "verification_level": 0,
            "default_message_notifications": 0,
            "explicit_content_filter": 0,
            "roles": [r.to_json() for r in guild.roles.values()],
            "emojis": [],
            "stickers": [],
            "features": [],
            "mfa_level": 0,
            "system_channel_id": None,
            "system_channel_flags": 0,
            "rules_channel_id": None,
            "vanity_url_code": None,
            "description": None,
            "banner": None,
            "premium_tier": 0,
            "preferred_locale": guild.locale,
            "public_updates_channel_id": None,
            "nsfw_level": 0,
            "premium_progress_bar_enabled": False,
            "joined_at": iso(guild.joined),
            "large": False,
            "unavailable": False,
            "member_count": len(guild.members),
            "members": [guild.member_json(u) for u in guild.members.values()],
            "channels": [c.to_json() for c in channels if not c.is_thread],
            "threads": [c.to_json() for c in channels if c.is_thread and not c.archived],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "soundboard_sounds": [],
        }

    def add_message(self, message: Message) -> Message:
        self.messages[message.id] = message
        self.channels[message.channel_id].messages.append(message)
        return message
