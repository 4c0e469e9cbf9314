"""`python -m bot`: run the Discord bot, or explain what is missing and exit.

Exit codes: 0 after a clean stop, 2 for a setting to fix (no token, a bad value, an unusable
database path, a refused token), 1 when Discord cannot be reached.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import sqlite3
import sys
from pathlib import Path

from pydantic import ValidationError

from bot.settings import DISCORD_API_BASE, Settings, explain, load_settings

EXIT_CONFIG = 2
EXIT_UNREACHABLE = 1

NO_TOKEN_HELP = """\
No DISCORD_TOKEN is set, so the bot cannot log in to Discord.

How to get one:
  1. Open https://discord.com/developers/applications and press "New Application".
  2. In "Bot", press "Reset Token" and copy the token.
  3. Copy .env.example to .env and put it there:  DISCORD_TOKEN=your-token
  4. Run `make run` (or `python -m bot`) again.
No privileged intents are needed. See README.md for the invite link.

DISCORD_TOKEN 이 설정되어 있지 않아 디스코드에 로그인할 수 없습니다.
Developer Portal → New Application → Bot → Reset Token 으로 토큰을 받아
.env 파일에 DISCORD_TOKEN=토큰 으로 넣은 뒤 다시 실행하세요.
"""

BAD_SETTINGS = "Some settings (environment or .env) are not valid; .env.example explains each:"
BAD_DATABASE = """\
DATABASE_PATH={path} cannot be used as the SQLite database: {error}.
Point DATABASE_PATH (environment or .env) at a file in a directory the bot may write to,
for example DATABASE_PATH=data/bot.sqlite3."""
BAD_DATABASE_URL = """\
DATABASE_URL cannot be used as the PostgreSQL database: {error}.
Check the server, the user and password and the database name in DATABASE_URL (environment
or .env), or remove it to keep the games in the SQLite file (DATABASE_PATH)."""
BAD_TOKEN = """\
Discord refused DISCORD_TOKEN ({error}). Copy a fresh one from the Developer Portal
(Bot -> Reset Token) into .env; the application id or the client secret will not work."""
UNREACHABLE = "Cannot reach Discord at {api} ({error}). Check the network and try again."
CUSTOM_API = """\
DISCORD_API_BASE={api} is set (environment or .env), so the bot talks to that address
instead of Discord's own {default}. Remove the line unless you run a stand-in there."""
INTENTS = """\
Discord asks for a privileged intent ({error}). This bot needs none: check that no code
change asks for members, presences or message content."""


def _not_about_voice(record: logging.LogRecord) -> bool:
    """discord.py warns that voice libraries are missing; a board-game bot has no voice."""
    return "voice will NOT be supported" not in record.getMessage()


def database_problem(path: Path) -> str | None:
    """Why the SQLite file at `path` cannot be opened (its directory is created), or None."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.closing(sqlite3.connect(path)) as db:
            db.execute("PRAGMA schema_version")  # reads the header: a non-database file fails
    except (OSError, sqlite3.Error) as error:
        return str(error) or type(error).__name__
    return None


def postgres_problem(url: str) -> str | None:
    """Why the PostgreSQL database at `url` cannot be reached, or None (the password is
    not part of any error text)."""
    import asyncpg  # imported late: the SQLite paths need no driver

    async def connect() -> None:
        connection = await asyncpg.connect(url, timeout=10)
        await connection.close()

    try:
        asyncio.run(connect())
    except Exception as error:  # refused, unknown host, bad password or database, bad URL
        return str(error) or type(error).__name__
    return None


def unreachable(settings: Settings, error: BaseException) -> str:
    """Why Discord could not be reached; names DISCORD_API_BASE when it is not Discord's."""
    text = UNREACHABLE.format(api=settings.api_base, error=error)
    if settings.custom_api:
        text += "\n" + CUSTOM_API.format(api=settings.api_base, default=DISCORD_API_BASE)
    return text


def run(settings: Settings) -> int:
    """Run the bot until it stops; known failures become a message and an exit code."""
    import aiohttp
    import discord

    from bot.app import run_bot  # imported late: the help paths need no discord import
    from bot.heap import settle

    settle()  # what is loaded once leaves the collector's full passes (bot/heap.py)
    try:
        asyncio.run(run_bot(settings))
    except KeyboardInterrupt:
        pass
    except discord.LoginFailure as error:
        print(BAD_TOKEN.format(error=error), file=sys.stderr)
        return EXIT_CONFIG
    except discord.PrivilegedIntentsRequired as error:
        print(INTENTS.format(error=error), file=sys.stderr)
        return EXIT_CONFIG
    except aiohttp.ClientConnectorError as error:  # DNS, refused, no route: before login
        print(unreachable(settings, error), file=sys.stderr)
        return EXIT_UNREACHABLE
    return 0


def main() -> int:
    try:
        settings = load_settings()
    except ValidationError as error:
        print("\n  ".join([BAD_SETTINGS, *explain(error)]), file=sys.stderr)
        return EXIT_CONFIG
    if not settings.token:
        print(NO_TOKEN_HELP)
        return EXIT_CONFIG  # nothing ran: a script or `make run` must not report success
    if settings.database_url:
        problem = postgres_problem(settings.database_url)
        explained = BAD_DATABASE_URL.format(error=problem)
    else:
        problem = database_problem(settings.database_path)
        explained = BAD_DATABASE.format(path=settings.database_path, error=problem)
    if problem is not None:
        print(explained, file=sys.stderr)
        return EXIT_CONFIG
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    for handler in logging.getLogger().handlers:
        handler.addFilter(_not_about_voice)
    return run(settings)


if __name__ == "__main__":
    sys.exit(main())
