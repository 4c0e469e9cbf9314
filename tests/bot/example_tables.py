"""Short example games (tests/example_game/) through the table service, with chosen picks so
each seat's place is known: every seat picks its number in secret, then passes (a pass
scores the pick), so the highest pick wins and equal picks tie."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from bot.table import TableService

GUILD, CHANNEL = 7, 70
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


class Clock:
    """The injected clock of the table tests: stands still until moved."""

    def __init__(self) -> None:
        self.now = T0

    def __call__(self) -> datetime:
        return self.now

    def advance(self, **delta: float) -> datetime:
        self.now += timedelta(**delta)
        return self.now

    def at(self, hours: float) -> None:
        """`hours` after T0."""
        self.now = T0 + timedelta(hours=hours)

    def later(self, hours: float) -> None:
        self.now += timedelta(hours=hours)


async def started(
    svc: TableService, users: list[int], *, guild: int | None = GUILD, channel: int = CHANNEL
) -> int:
    """A one-round example game of `users` (the first hosts), started."""
    game = await svc.new_game("example", guild_id=guild, channel_id=channel, host_id=users[0],
                              lang="en")
    await svc.set_option(game.id, users[0], "rounds", "1")
    for user in users[1:]:
        await svc.join(game.id, user)
    return (await svc.start(game.id, users[0])).game.id


async def play_step(svc: TableService, gid: int, picks: dict[int, int]) -> None:
    """One open decision answered: a pick of the member's number, else a pass."""
    prompt = (await svc.open_prompts(gid))[0]
    if prompt.decision.kind.endswith("pick"):
        action = {"type": "pick", "value": picks[prompt.user_id]}
    else:
        action = {"type": "pass"}
    await svc.act(gid, prompt.user_id, action)


async def finish(svc: TableService, gid: int, picks: dict[int, int]) -> None:
    for _ in range(4 * len(picks)):
        if (await svc.store.get_game(gid)).status != "running":
            return
        await play_step(svc, gid, picks)
    raise AssertionError("the game did not finish")


async def played(
    svc: TableService, picks: dict[int, int], *, guild: int | None = GUILD
) -> int:
    """A whole game of the members of `picks` (in seat order), finished."""
    gid = await started(svc, list(picks), guild=guild)
    await finish(svc, gid, picks)
    return gid
