"""Messages of idle players: the host's setting, the table's vote on a seat whose player
missed deadlines, its result, and the default moves played for a seat.
Mentions arrive as ready params ("<@123>"); seats count from 1."""

from __future__ import annotations

EN: dict[str, str] = {
    "idle.after_set": "After {missed} missed deadlines in a row, the table votes on the seat.",
    "idle.after_off": "Missed deadlines start no vote in this game.",
    "idle.vote_opened": "{voters}: {user} has missed {missed} deadlines in a row (seat {seat}). The other"
    " players vote: hand the seat to a substitute, play its default moves, or keep waiting."
    " {needed} votes decide.",
    "idle.option.substitute": "Find a substitute",
    "idle.option.default": "Play default moves",
    "idle.option.keep": "Keep waiting",
    "idle.vote_recorded": "Your vote on seat {seat} counts ({votes} cast, {needed} decide).",
    "idle.vote_moot": "{user} has played since (or the seat changed hands): the vote on seat"
    " {seat} is closed.",
    "idle.vote_failed": "The table keeps waiting for {user} (seat {seat}): the vote did not"
    " pass.",
    "idle.substitute_wanted": "The table voted to replace {user}: seat {seat} is open. Any"
    " member of this server can take it with /game claim.",
    "idle.default_moves_on": "The table voted: seat {seat} plays its default moves until {user}"
    " comes back with /game resume.",
    "idle.default_move": "{user}'s seat plays its default move: {move}.",
    "idle.resumed": "{user} plays their own seat again.",
    "idle.status_vote": "A vote is open on {user}'s seat {seat} (missed deadlines):"
    " {votes} cast, {needed} decide.",
    # refusals
    "idle.after_invalid": "The number of missed deadlines is from 1 to {max} (0 turns it off).",
    "idle.no_vote": "No vote on that seat is open.",
    "idle.own_seat": "The vote is about your seat: the other players decide it.",
    "idle.option_unavailable": "That choice is not offered in this vote.",
    "idle.vote_already": "You have already voted on this seat.",
    "idle.not_on_default_moves": "Your seat is not playing default moves.",
}

KO: dict[str, str] = {
    "idle.after_set": "제한 시간을 {missed}번 연속으로 넘기면 다른 플레이어가 그 자리를 투표로"
    " 정합니다.",
    "idle.after_off": "이 게임에서는 제한 시간을 넘겨도 투표를 열지 않습니다.",
    "idle.vote_opened": "{voters}님, {user}님이 제한 시간을 {missed}번 연속으로 넘겼습니다({seat}번 자리)."
    " 다른 플레이어가 투표합니다: 대신할 플레이어 찾기, 기본 행동으로 진행하기, 계속 기다리기."
    " {needed}표면 정해집니다.",
    "idle.option.substitute": "대신할 플레이어 찾기",
    "idle.option.default": "기본 행동으로 진행",
    "idle.option.keep": "계속 기다리기",
    "idle.vote_recorded": "{seat}번 자리 투표에 참여했습니다({votes}표, {needed}표면 결정).",
    "idle.vote_moot": "그사이 {user}님이 플레이했거나 자리 주인이 바뀌어 {seat}번 자리 투표를"
    " 닫습니다.",
    "idle.vote_failed": "투표가 통과하지 못해 {user}님을 계속 기다립니다({seat}번 자리).",
    "idle.substitute_wanted": "투표로 {user}님을 교체하기로 했습니다. {seat}번 자리가 비었습니다."
    " 이 서버의 멤버라면 누구나 /게임 자리받기 로 이어받을 수 있습니다.",
    "idle.default_moves_on": "투표 결과, {user}님이 /게임 직접하기 로 돌아올 때까지 {seat}번 자리는"
    " 기본 행동으로 진행합니다.",
    "idle.default_move": "{user}님 자리의 기본 행동: {move}.",
    "idle.resumed": "{user}님이 다시 직접 플레이합니다.",
    "idle.status_vote": "제한 시간을 넘긴 {user}님의 {seat}번 자리를 두고 투표 중입니다"
    "({votes}표, {needed}표면 결정).",
    "idle.after_invalid": "제한 시간을 넘긴 횟수는 1부터 {max}까지입니다(0은 끄기).",
    "idle.no_vote": "그 자리에 열린 투표가 없습니다.",
    "idle.own_seat": "내 자리에 대한 투표입니다. 다른 플레이어가 정합니다.",
    "idle.option_unavailable": "이 투표에 없는 선택지입니다.",
    "idle.vote_already": "이 자리에 이미 투표했습니다.",
    "idle.not_on_default_moves": "내 자리는 기본 행동으로 진행하고 있지 않습니다.",
}

MESSAGES: dict[str, dict[str, str]] = {"en": EN, "ko": KO}
