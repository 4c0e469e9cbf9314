"""Spirit Island through the real bot and discord.py against the Discord stand-in: two
spirits, by clicks from the lobby, through one whole turn (the simultaneous Spirit phase, the
Fast window, the Invader phase, the Slow window), one player with closed DMs."""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace

from bot.i18n import t
from storage import open_store
from tests.e2e.driver import Driver
from tests.e2e.harness import Server, lobby_button, running_server
from tests.twin.server import ACK_WINDOW
from tests.twin.state import Channel, Message

WINDOW = re.compile(r"^bgw:\d")  # "My choices" on a window's shared message

SPIRITS = '["Lightning\'s Swift Strike", "햇살 아래 넘치는 강물"]'
GAME_SEED = 11
PLAYERS = [("alice", "en-US", True), ("bob", "en-US", False)]  # bob's DMs are closed


def window_button(message: Message) -> str | None:
    return next((c["custom_id"] for c in message.iter_components()
                 if WINDOW.match(c.get("custom_id", "")) and not c.get("disabled")), None)


@dataclass
class CardPlayer(Driver):
    """Plays a card while it can (so the power windows have powers in them), else clicks at
    random like the platform's driver. A window's choices (every spirit at once) come by
    "My choices" on its shared message, privately: opened afresh after every move (a move
    in a power window re-keys every spirit's decision)."""

    windows: list[str] = field(default_factory=list)  # each window message's text when opened

    async def step(self) -> bool:
        for user in self.users:
            if self.open_prompts(user):
                continue
            for message in reversed(user.addressed_in(self.thread)):
                if (custom_id := window_button(message)) is not None:
                    self.windows.append(message.content)
                    click = await user.click(message, custom_id=custom_id)
                    await click.wait_messages(1)
                    break
        before = {m.id for u in self.users for m in u.ephemerals()}
        moved = await super().step()
        # answered or not, the replies seen so far may be stale now: the next step asks again
        self.clicked |= before | {m.id for u in self.users for m in u.ephemerals()}
        return moved

    def choose(self, choices, user):
        done = t("spirit_island.choice.done.play", "en")
        playing = [(c, o) for c, o in choices if (o or c).get("label") == done]
        others = [(c, o) for c, o in choices if (o or c).get("label") != done]
        return super().choose(others if playing and others else choices, user)


async def open_spirit_island(server: Server) -> Channel:
    host, guest = server.users
    reply = await host.slash("game new", server.channel, game="spirit_island")
    await reply.wait_ack(timeout=60)
    thread = await server.twin.wait_for(
        lambda: next(iter(server.twin.threads(server.channel)), None), 60, "the game's thread")
    lobby = await server.twin.wait_for(
        lambda: next((m for m in server.twin.messages(thread) if m.components), None),
        60, "the lobby message")
    # the Discord side's own option labels, with their first-game defaults
    assert t("spirit_island.option.adversary", "en") in lobby.content, lobby.content
    assert t("spirit_island.option.adversary.none", "en") in lobby.content, lobby.content
    # Lightning's powers are Fast: the Fast window opens in the first turn
    option = await host.slash("game option", thread, name="spirits", value=SPIRITS)
    await option.wait_ack(timeout=60)
    await server.twin.wait_for(lambda: "Lightning's Swift Strike" in lobby.content, 60,
                               "the spirits shown")
    click = await guest.click(lobby, custom_id=lobby_button(lobby, "join"))
    await click.wait_ack(timeout=60)
    await server.twin.wait_for(lambda: guest.mention in lobby.content, 60, "join shown")
    start = await host.click(lobby, custom_id=lobby_button(lobby, "start"))
    await start.wait_ack(timeout=60)
    await server.settle()
    return thread


async def stored_state(server: Server) -> dict:
    store = await open_store(server.db_path)
    try:
        return (await store.get_game(1)).snapshot or {}
    finally:
        await store.close()


async def test_two_spirits_play_one_whole_turn_by_clicks(tmp_path: Path, monkeypatch) -> None:
    # a fixed game (the table draws its seed at start): its first turn has Fast powers
    monkeypatch.setattr("bot.table_lobby.secrets", SimpleNamespace(randbits=lambda bits: GAME_SEED))
    async with running_server(tmp_path, PLAYERS) as server:
        await server.start_bot()
        thread = await open_spirit_island(server)
        alice, bob = server.users
        driver = CardPlayer(server, server.users, seed=3)
        phases: list[str] = []
        for _ in range(300):
            state = await stored_state(server)
            if not phases or phases[-1] != state.get("phase"):
                phases.append(state.get("phase"))
            if state.get("turn", 1) >= 2 or state.get("outcome"):
                break
            await driver.play(1)
        assert state.get("turn", 1) >= 2 or state.get("outcome"), phases
        # the turn's windows in order (the Invader phase asks nobody unless a choice falls
        # to the players, so it may pass between two looks)
        assert phases[:2] == ["spirit", "fast"], phases
        assert "slow" in phases, phases

        text = "\n".join(m.content for m in server.twin.messages(thread))
        # both spirits decided in the Spirit phase, each told that everyone goes at once
        # one shared message for the window, waiting on both, closed once both answered
        opened = t("discord.window.open", "en", decisions="")
        assert any(alice.mention in w.split("\n")[-1] and bob.mention in w.split("\n")[-1]
                   for w in driver.windows if opened in w), driver.windows[:3]
        assert text.count(t("discord.window.closed", "en")) >= 2, text[-2000:]
        assert "Spirit Phase: Spirit Phase" not in text  # the frame does not repeat the engine
        for user in (alice, bob):
            assert any(name == user.user.username for name, _, _ in driver.log)
        # the windows close with Done, and the invaders' steps are in the thread in words
        labels = {label for _, _, label in driver.log}
        assert labels & {t("spirit_island.choice.done.play", "en"),
                         t("spirit_island.choice.done.resolve", "en")}, labels
        assert "Explore (Stage I" in text, text[-3000:]
        # bob's DMs are closed: nothing private was needed (the island is public); his own
        # panel comes with /game hand, only to him, with its picture
        assert bob.dms() == []
        hand = await bob.slash("game hand", thread)
        (head, *_) = await hand.wait_messages(1)
        assert head.visible_to == bob.id
        assert head.attachments and head.attachments[0].data[:4] == b"\x89PNG", head.content
        # /game status says who still decides in the window, in the game's words
        status = await alice.slash("game status", thread)
        (reply, *_) = await status.wait_messages(1)
        assert f"{bob.user.username}: " in reply.content and "energy" in reply.content
        assert server.twin.rejected == [] and server.twin.unacknowledged() == []
        assert max(server.twin.ack_latencies()) < ACK_WINDOW
