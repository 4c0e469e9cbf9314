"""Just enough of discord.py's objects to drive the adapter's cogs offline (no tests here).

End-to-end tests against a loopback Discord live in tests/twin/; these fakes only record
what the adapter sends, edits and answers, so unit tests can assert on it.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from types import SimpleNamespace
from typing import Any

import discord

_ids = itertools.count(900_000)


def forbidden(code: int = 50007) -> discord.Forbidden:
    return discord.Forbidden(SimpleNamespace(status=403, reason="Forbidden"),
                             {"code": code, "message": "Forbidden"})


def not_found() -> discord.NotFound:
    return discord.NotFound(SimpleNamespace(status=404, reason="Not Found"),
                            {"code": 10003, "message": "Unknown Channel"})


@dataclass
class Sent:
    channel_id: int
    id: int
    content: str | None
    kwargs: dict[str, Any]
    edits: list[dict[str, Any]] = field(default_factory=list)

    @property
    def channel(self) -> SimpleNamespace:
        return SimpleNamespace(id=self.channel_id)

    @property
    def view(self) -> discord.ui.View | None:
        return self.kwargs.get("view")

    def custom_ids(self) -> list[str]:
        view = self.view
        return [] if view is None else [c.custom_id for c in view.children]  # type: ignore[attr-defined]

    @property
    def flags(self) -> SimpleNamespace:
        return SimpleNamespace(ephemeral=bool(self.kwargs.get("ephemeral")))


class _Recorder:
    """send() that records into the world's log, or raises the configured failure."""

    id: int
    log: list[Sent]
    fail: Exception | None

    def _setup(self, channel_id: int, log: list[Sent], fail: Exception | None) -> None:
        self.id = channel_id
        self.log = log
        self.fail = fail

    @property
    def mention(self) -> str:
        return f"<#{self.id}>"

    async def send(self, content: str | None = None, **kwargs: Any) -> Sent:
        if self.fail is not None:
            raise self.fail
        message = Sent(self.id, next(_ids), content, kwargs)
        self.log.append(message)
        return message


class FakeChannel(_Recorder, discord.abc.Messageable):
    """A DM channel that records what is posted."""

    def __init__(self, channel_id: int, log: list[Sent], *, fail: Exception | None = None):
        self._setup(channel_id, log, fail)

    async def _get_channel(self) -> Any:  # pragma: no cover - Messageable's abstract hook
        return self


class FakeThread(_Recorder, discord.Thread):
    """A game thread (a real discord.Thread subclass, so isinstance checks hold)."""

    def __init__(self, channel_id: int, log: list[Sent]) -> None:
        self._setup(channel_id, log, None)
        self.archived = False
        self.unarchived = 0

    async def edit(self, **kwargs: Any) -> FakeThread:  # type: ignore[override]
        if kwargs.get("archived") is False:
            self.archived = False
            self.unarchived += 1
        return self


class FakeTextChannel(_Recorder, discord.TextChannel):
    """A server text channel where /game new opens threads."""

    def __init__(self, channel_id: int, world: World) -> None:
        self._setup(channel_id, world.sent, None)
        self.world = world
        self.fail_threads: Exception | None = None

    async def create_thread(self, **kwargs: Any) -> FakeThread:  # type: ignore[override]
        if self.fail_threads is not None:
            raise self.fail_threads
        thread = self.world.thread(next(_ids))
        self.world.created_threads.append((thread.id, kwargs))
        return thread


class FakeDM(FakeChannel):
    """A user's DM channel: a send fails (50007) while the user's DMs are closed, as on
    Discord, where opening the channel always works."""

    def __init__(self, user_id: int, world: World) -> None:
        super().__init__(user_id * 10, world.sent)
        self.user_id = user_id
        self.world = world

    async def send(self, content: str | None = None, **kwargs: Any) -> Sent:
        self.fail = forbidden(50007) if self.user_id in self.world.dms_closed else None
        return await super().send(content, **kwargs)


class FakeUser:
    def __init__(self, user_id: int, world: World) -> None:
        self.id = user_id
        self.display_name = f"user{user_id}"
        self.world = world

    async def create_dm(self) -> FakeChannel:
        return FakeDM(self.id, self.world)


class World:
    """Every channel, user and message the fake bot can reach."""

    def __init__(self) -> None:
        self.sent: list[Sent] = []
        self.edits: list[tuple[int, int, dict[str, Any]]] = []  # (channel, message, kwargs)
        self.channels: dict[int, Any] = {}
        self.created_threads: list[tuple[int, dict[str, Any]]] = []
        self.missing: set[int] = set()
        self.dms_closed: set[int] = set()
        self.dms_opened: list[int] = []  # users whose DM channel was opened, each time

    def thread(self, channel_id: int) -> FakeThread:
        return self.channels.setdefault(channel_id, FakeThread(channel_id, self.sent))

    def install(self, bot: Any) -> None:
        """Point the bot's channel/user lookups at this world."""
        world = self

        def get_channel(cid: int) -> Any:
            return None if cid in world.missing else world.channels.get(cid)

        async def fetch_channel(cid: int) -> Any:
            if cid in world.missing or cid not in world.channels:
                raise not_found()
            return world.channels[cid]

        async def fetch_user(uid: int) -> FakeUser:
            return FakeUser(uid, world)

        async def create_dm(user: Any) -> FakeChannel:  # Client.create_dm(Snowflake)
            world.dms_opened.append(user.id)
            return await FakeUser(user.id, world).create_dm()

        def partial(cid: int) -> Any:
            def message(mid: int) -> Any:
                async def edit(**kwargs: Any) -> None:
                    world.edits.append((cid, mid, kwargs))

                return SimpleNamespace(edit=edit)

            return SimpleNamespace(get_partial_message=message)

        bot.get_channel = get_channel
        bot.fetch_channel = fetch_channel
        bot.get_user = lambda uid: FakeUser(uid, world)
        bot.fetch_user = fetch_user
        bot.create_dm = create_dm
        bot.get_partial_messageable = partial

    def in_channel(self, channel_id: int) -> list[Sent]:
        return [m for m in self.sent if m.channel_id == channel_id]


class FakeResponse:
    def __init__(self, interaction: FakeInteraction) -> None:
        self.interaction = interaction
        self.done = False
        self.deferred: dict[str, Any] | None = None

    def is_done(self) -> bool:
        return self.done

    async def defer(self, **kwargs: Any) -> None:
        assert not self.done, "acknowledged twice"
        self.done = True
        self.deferred = kwargs

    async def send_message(self, content: str | None = None, **kwargs: Any) -> None:
        assert not self.done, "acknowledged twice"
        self.done = True
        self.interaction.replies.append(Sent(0, next(_ids), content, kwargs))


    async def send_modal(self, modal: discord.ui.Modal) -> None:
        assert not self.done, "acknowledged twice"
        self.done = True
        self.interaction.modals.append(modal)


class FakeFollowup:
    def __init__(self, interaction: FakeInteraction) -> None:
        self.interaction = interaction

    async def send(self, content: str | None = None, **kwargs: Any) -> Sent:
        assert self.interaction.response.done, "follow-up before acknowledging"
        message = Sent(0, next(_ids), content, kwargs)
        self.interaction.replies.append(message)
        return message


class FakeInteraction:
    def __init__(
        self,
        bot: Any,
        user_id: int,
        *,
        channel_id: int | None = None,
        locale: discord.Locale = discord.Locale.american_english,
        message: Sent | None = None,
    ) -> None:
        self.client = bot
        self.id = next(_ids)
        self.user = SimpleNamespace(id=user_id, display_name=f"user{user_id}")
        self.channel_id = channel_id
        self.channel = None
        self.guild_id = 1
        self.locale = locale
        self.message = message
        self.app_permissions = discord.Permissions.all()  # a test may take some away
        self.replies: list[Sent] = []
        self.modals: list[discord.ui.Modal] = []
        self.namespace = SimpleNamespace()
        self.original_edits: list[dict[str, Any]] = []
        self.response = FakeResponse(self)
        self.followup = FakeFollowup(self)

    async def edit_original_response(self, **kwargs: Any) -> None:
        self.original_edits.append(kwargs)

    def texts(self) -> list[str]:
        return [r.content or "" for r in self.replies]
