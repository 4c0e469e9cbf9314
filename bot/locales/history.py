"""The club history's texts (bot/table_history.py, bot/cogs/history.py): `/stats` and
`/leaderboard`, their refusals, and the commands' Korean names (COMMANDS, keyed by their place
in the command tree as bot/translator.py reads them)."""

from __future__ import annotations

MESSAGES: dict[str, dict[str, str]] = {
    "en": {
        "history.unknown_member": "{user} has never sat at a game in this server.",
        "history.no_finished_games": "{user} has no finished game in this server yet "
        "(abandoned games do not count).",
        "history.no_rated_games": "No finished game of {game} in this server has been rated "
        "yet (abandoned games do not count; a game needs two members).",
        "history.stats.header": "**{user}** in this server:",
        "history.stats.line": "• {game}: {played} games played, won {wins}, average place "
        "{place}",
        "history.leaderboard.header": "**{game}** ratings in this server (openskill "
        "Plackett-Luce, ordered by μ − 3σ):",
        "history.leaderboard.line": "{place}. {user}: {rating} ({games} games; μ {mu}, σ "
        "{sigma})",
    },
    "ko": {
        "history.unknown_member": "{user} 님은 이 서버에서 게임에 참가한 적이 없습니다.",
        "history.no_finished_games": "{user} 님은 이 서버에서 아직 끝난 게임이 없습니다 "
        "(중단된 게임은 세지 않습니다).",
        "history.no_rated_games": "이 서버에는 아직 레이팅에 반영된 {game} 게임이 없습니다 "
        "(중단된 게임은 세지 않고, 두 명 이상이 한 게임만 셉니다).",
        "history.stats.header": "이 서버에서 **{user}** 님의 기록:",
        "history.stats.line": "• {game}: {played}게임, {wins}승, 평균 {place}위",
        "history.leaderboard.header": "이 서버의 **{game}** 레이팅 (openskill Plackett-Luce, "
        "μ − 3σ 순):",
        "history.leaderboard.line": "{place}. {user}: {rating} ({games}게임, μ {mu}, σ "
        "{sigma})",
    },
}

COMMANDS: dict[str, dict[str, str]] = {
    "ko": {
        "discord.command.stats": "전적",
        "discord.command.stats.description": "이 서버에서 멤버의 게임 수, 승리, 평균 순위 "
        "(게임 종류별)",
        "discord.command.stats.member": "멤버",
        "discord.command.stats.member.description": "누구의 기록 (없으면 나)",
        "discord.command.leaderboard": "순위표",
        "discord.command.leaderboard.description": "이 서버의 게임 종류별 레이팅 순위",
        "discord.command.leaderboard.game": "게임",
        "discord.command.leaderboard.game.description": "어떤 게임",
    },
}
