"""Terra Mystica with Merchants of the Seas through the real bot and discord.py, against the
Discord twin: the host turns the expansion on and picks the Lakes map by `/game option`, then
the game is played by clicks to its final scores, and a trade's partner answers its power
offer by button on a prompt titled as a trade."""

from __future__ import annotations

import random
from pathlib import Path
from types import SimpleNamespace

from bot.i18n import t
from rules.core import Decision
from tests.e2e.harness import Server, final_result, lobby_button, running_server
from tests.e2e.test_e2e_tm_full import PLAYERS, TM, TmDriver, _commands, _main
from tests.twin import TwinUser
from tests.twin.state import Channel, Message

FACTIONS = "cultists, witches, mermaids, halflings"
GAME_SEED = 5151
PLAYER_SEED = 11
# What the players want most, first: a trade, then a ship, an action giving one, a move.
EAGER = ("trade", "ship", "ACTM2", "SYSHIP", "BONM1", "BONM3", "ACTM1", "to SY")
TRADE_TITLE = {"en": "⚓ **Trade**", "ko": "⚓ **무역**"}


def _is_trade(action: dict) -> bool:
    return any(
        c.get("type") == "move" and any(not p[-1].startswith("r") for p in c.get("paths", []))
        for c in _commands(action)
    )


def _wanted(action: dict, word: str) -> bool:
    if word == "trade":
        return _is_trade(action)
    if word == "ship":
        return any(c.get("type") == "ship" for c in _commands(action))
    return any(
        word in str(c.get("space", "")) or c.get("to") == "SY" and word == "to SY"
        for c in _commands(action)
    )


class MerchantsDriver(TmDriver):
    """The full game's player, eager for ships and trades; a trade's partner decides by
    button on its own prompt (checked for its title and words)."""

    def eager(self, decision: Decision, indices: list[int]) -> list[int]:
        choices = decision.choices or []
        for word in EAGER:
            found = [i for i in indices if _wanted(choices[i].action, word)]
            if found:
                return found
        return []

    def pick_kind(self, decision: Decision, kinds: list[str], user: TwinUser) -> str:
        choices = decision.choices or []
        found = self.eager(decision, list(range(len(choices))))
        wanted = {_main(choices[i].action) for i in found} & set(kinds)
        if wanted and self.rng.random() < 0.8:
            return sorted(wanted)[0]
        return super().pick_kind(decision, kinds, user)

    def pick_choice(self, decision: Decision, indices: list[int], user: TwinUser) -> int:
        if decision.kind == "turn":
            found = self.eager(decision, indices)
            if found and self.rng.random() < 0.9:
                return self.rng.choice(found)
        if decision.kind == "leech" and "trade" in decision.params:
            self.seen["trade_answered"] += 1
            self.seen[f"trade_{_main((decision.choices or [])[indices[0]].action)}"] += 1
            return self.rng.choice(indices)
        return super().pick_choice(decision, indices, user)

    async def answer(self, user: TwinUser, message: Message, decision: Decision) -> Message:
        if decision.kind == "leech" and "trade" in decision.params:
            lang = "ko" if user.user.locale == "ko" else "en"
            assert TRADE_TITLE[lang] in message.content, message.content
            assert decision.params["trade"] in message.content, message.content
            self.seen["trade_prompt"] += 1
        for comp in message.iter_components():
            for option in comp.get("options") or []:
                label = str(option.get("label", ""))
                if label.startswith(("move ", "ship ", "merchant ")):  # notation, not words
                    self.seen["notation_label"] += 1
        return await super().answer(user, message, decision)


async def start_with_expansion(server: Server) -> Channel:
    host, *guests = server.users
    await (await host.slash("game new", server.channel, game=TM)).wait_ack()
    thread = await server.twin.wait_for(
        lambda: next(iter(server.twin.threads(server.channel)), None), 30, "the game's thread"
    )
    lobby = await server.twin.wait_for(
        lambda: next((m for m in server.twin.messages(thread) if m.components), None),
        30,
        "the lobby message",
    )
    for name, value in (("merchants", "true"), ("map", "lakes"), ("factions", FACTIONS)):
        await (await host.slash("game option", thread, name=name, value=value)).wait_ack()
    await server.twin.wait_for(
        lambda: t("terra_mystica.option.map.lakes", "en") in lobby.content, 30, "map shown"
    )
    assert t("terra_mystica.option.merchants", "en") in lobby.content, lobby.content
    for guest in guests:
        await (await guest.click(lobby, custom_id=lobby_button(lobby, "join"))).wait_ack()
        await server.twin.wait_for(lambda g=guest: g.mention in lobby.content, 30, "join shown")
    await (await host.click(lobby, custom_id=lobby_button(lobby, "start"))).wait_ack()
    await server.settle()
    return thread


async def test_a_merchants_game_by_clicks_with_trades_answered_by_their_partners(
    tmp_path: Path, monkeypatch
) -> None:
    import bot.table_lobby

    monkeypatch.setattr(bot.table_lobby, "secrets", SimpleNamespace(randbits=lambda b: GAME_SEED))
    async with running_server(tmp_path, PLAYERS) as server:
        await server.start_bot()
        thread = await start_with_expansion(server)
        driver = MerchantsDriver(server, thread, seed=PLAYER_SEED)
        driver.rng = random.Random(PLAYER_SEED)
        await driver.play_to_end(max_clicks=700)

        record, result = await final_result(server)
        assert record.status == "finished" and result is not None
        state = record.snapshot
        assert state["options"]["merchants"] is True and state["map"] == "lakes"
        assert state["trades"], "no trade in the whole game"
        seen = driver.seen
        assert seen["setup_dock"] and seen["trade_prompt"] == seen["trade_answered"] >= 1
        assert seen["notation_label"] == 0, dict(seen)
        text = "\n".join(m.content for m in server.twin.messages(thread))
        assert "moves ships" in text or "선박" in text  # moves told in words in the thread
        assert sorted(s.seat for s in result.scores) == list(range(len(PLAYERS)))
