"""`python -m bot`: run the Discord bot, or explain how to get a token if there is none."""

from __future__ import annotations

import asyncio
import logging
import sys

from bot.settings import load_settings

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


def main() -> int:
    settings = load_settings()
    if not settings.token:
        print(NO_TOKEN_HELP)
        return 0
    logging.basicConfig(
        level=settings.log_level, format="%(asctime)s %(levelname)s %(name)s: %(message)s"
    )
    from bot.app import run_bot  # imported late: the help above needs no discord import

    try:
        asyncio.run(run_bot(settings))
    except KeyboardInterrupt:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
