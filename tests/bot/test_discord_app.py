"""create_bot + login + setup_hook against a tiny local Discord REST stand-in (no gateway).

Checks the wiring a real start goes through: the API base and gateway URL come from
settings, cogs and components load, commands sync to the dev guild with Korean names.
"""

from __future__ import annotations

import json

import discord
import pytest
import yarl
from aiohttp import web
from discord.gateway import DiscordWebSocket

from bot.app import COG_MODULES, bot_intents, create_bot, extension_modules
from bot.cogs.idle_vote import IdleVoteButton
from bot.components import DYNAMIC_ITEMS
from bot.settings import Settings

APP_ID = "4242"
GUILD = 77


def _json(data: object) -> web.Response:
    # discord.py reads JSON only when Content-Type is exactly "application/json" (no charset).
    return web.Response(
        body=json.dumps(data).encode(), headers={"Content-Type": "application/json"}
    )


@pytest.fixture
async def api():
    seen: list[tuple[str, str, object]] = []
    routes = web.RouteTableDef()

    @routes.get("/api/v10/users/@me")
    async def me(request: web.Request) -> web.Response:
        seen.append(("GET", request.path, None))
        return _json({"id": APP_ID, "username": "bot", "discriminator": "0",
                                  "avatar": None, "bot": True, "global_name": None})

    @routes.get("/api/v10/oauth2/applications/@me")
    async def app_info(request: web.Request) -> web.Response:
        seen.append(("GET", request.path, None))
        owner = {"id": "1", "username": "owner", "discriminator": "0", "avatar": None}
        return _json({"id": APP_ID, "name": "bot", "description": "", "icon": None,
                                  "bot_public": True, "bot_require_code_grant": False,
                                  "owner": owner, "verify_key": "k", "flags": 0})

    @routes.get("/api/v10/gateway/bot")
    async def gateway(request: web.Request) -> web.Response:
        seen.append(("GET", request.path, None))
        return _json({"url": "ws://127.0.0.1:1/gateway", "shards": 1,
                                  "session_start_limit": {"total": 1000, "remaining": 1000,
                                                          "reset_after": 0,
                                                          "max_concurrency": 1}})

    @routes.put(f"/api/v10/applications/{APP_ID}/guilds/{GUILD}/commands")
    async def sync(request: web.Request) -> web.Response:
        body = await request.json()
        seen.append(("PUT", request.path, body))
        out = [{**c, "id": str(1000 + i), "application_id": APP_ID, "version": "1",
                "guild_id": str(GUILD), "default_member_permissions": None}
               for i, c in enumerate(body)]
        return _json(out)

    app = web.Application()
    app.add_routes(routes)
    runner = web.AppRunner(app)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]
    yield f"http://127.0.0.1:{port}/api/v10", seen
    await runner.cleanup()


def test_intents_are_not_privileged() -> None:
    intents = bot_intents()
    assert not intents.members and not intents.presences and not intents.message_content
    assert intents.guilds


async def test_login_points_discord_py_at_the_configured_api(api, tmp_path, monkeypatch):
    base, seen = api
    # Route.BASE and the default gateway are process-wide: restore them after the test.
    monkeypatch.setattr(discord.http.Route, "BASE", discord.http.Route.BASE)
    monkeypatch.setattr(DiscordWebSocket, "DEFAULT_GATEWAY", DiscordWebSocket.DEFAULT_GATEWAY)
    settings = Settings(token="t", api_base=base, dev_guild_id=GUILD,
                        database_path=tmp_path / "sub" / "bot.sqlite3", tick_seconds=3600)
    bot = create_bot(settings)
    try:
        await bot.login("t")
        assert discord.http.Route.BASE == base
        assert DiscordWebSocket.DEFAULT_GATEWAY == yarl.URL("ws://127.0.0.1:1/gateway")
        assert (tmp_path / "sub" / "bot.sqlite3").exists()  # the store was opened
        assert {c.qualified_name for c in bot.cogs.values()} >= {
            "Lobby", "Play", "Info", "Reminders", "GameCommands", "TopCommands"}
        assert set(bot.extensions) == set(extension_modules())  # each game's commands too
        assert set(COG_MODULES) < set(extension_modules())
        registered = set(bot._connection._view_store._dynamic_items.values())
        assert registered == {*DYNAMIC_ITEMS, IdleVoteButton}  # the idle vote's, its cog's
        [(_, _, commands)] = [s for s in seen if s[0] == "PUT"]
        names = {c["name"]: c for c in commands}
        assert set(names) == {"game", "play", "games", "tm", "si", "away", "back", "prefs",
                              "stats", "leaderboard"}
        assert names["game"]["name_localizations"] == {"ko": "게임"}
        assert names["away"]["name_localizations"] == {"ko": "자리비움"}
        game = {o["name"] for o in names["game"]["options"]}
        assert {"substitute", "offer", "claim", "awaydays"} <= game
        assert names["tm"]["name_localizations"] == {"ko": "테라"}
        leech = next(o for o in names["tm"]["options"] if o["name"] == "leech")
        values = [c["value"] for c in leech["options"][0]["choices"]]
        assert values == ["ask", "accept1", "free", "never_pay", "always", "never"]
        plan = next(o for o in names["tm"]["options"] if o["name"] == "plan")
        assert plan["name_localizations"] == {"ko": "계획"}
        assert plan["options"][0]["name"] == "commands"
        assert plan["options"][0]["name_localizations"] == {"ko": "명령"}
    finally:
        await bot.close()
