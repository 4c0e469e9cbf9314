"""The table board's texts (bot/table_board.py, bot/cogs/board.py): the kept-edited message
listing a channel's running games, its refusals and replies, and the commands' Korean names
(COMMANDS, keyed by their place in the command tree as bot/translator.py reads them)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "board.not_admin": "Only a server admin (the Administrator permission) can place or "
        "remove a table board.",
        "board.server_only": "A table board belongs to a text channel of a server.",
        "board.none": "This channel has no table board.",
        "board.placed": "Table board placed: {link}. It lists every running game of this "
        "channel and is edited as they go.",
        "board.not_pinned": "It could not be pinned: the bot lacks the permission to pin "
        "messages here.",
        "board.removed": "Table board removed.",
        "board.title": "📋 **Games in this channel**",
        "board.empty": "No game is running here.",
        "board.line": "• **{game} #{id}** ({link}): waiting on {waiting}",
        "board.line_idle": "• **{game} #{id}** ({link})",
        "board.waiting": "{user} (turn began {since})",
        "board.waiting_new": "{user}",
        "board.away": "{user} (away until {until})",
        "board.updated": "Updated {at}",
    },
    "ko": {
        "board.not_admin": "테이블 현황판은 서버 관리자(관리자 권한)만 놓거나 없앨 수 있습니다.",
        "board.server_only": "테이블 현황판은 서버의 텍스트 채널에만 놓을 수 있습니다.",
        "board.none": "이 채널에는 테이블 현황판이 없습니다.",
        "board.placed": "테이블 현황판을 놓았습니다: {link}. 이 채널에서 진행 중인 모든 게임을 "
        "보여 주며, 게임이 진행되면 고쳐집니다.",
        "board.not_pinned": "고정하지는 못했습니다: 봇에게 이 채널의 메시지 고정 권한이 없습니다.",
        "board.removed": "테이블 현황판을 없앴습니다.",
        "board.title": "📋 **이 채널의 게임**",
        "board.empty": "진행 중인 게임이 없습니다.",
        "board.line": "• **{game} #{id}** ({link}): {waiting} 차례",
        "board.line_idle": "• **{game} #{id}** ({link})",
        "board.waiting": "{user} ({since} 시작)",
        "board.waiting_new": "{user}",
        "board.away": "{user} ({until}까지 자리 비움)",
        "board.updated": "{at} 갱신",
    },
}

COMMANDS: dict[str, dict[str, str]] = {
    "ko": {
        "discord.command.game.board-here": "현황판",
        "discord.command.game.board-here.description": "이 채널의 모든 게임과 차례를 보여 주는 "
        "메시지를 고정합니다 (서버 관리자만)",
        "discord.command.game.board-off": "현황판끄기",
        "discord.command.game.board-off.description": "이 채널의 테이블 현황판을 없앱니다 "
        "(서버 관리자만)",
    },
}
