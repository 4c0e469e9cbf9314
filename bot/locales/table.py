"""Messages of the table service: lobby, refusals, turns, undo, votes, reminders, results.

Korean game terms follow the rulebooks' spellings (라운드, 차례, 점수, 플레이어).
Mentions arrive as ready params ("<@123>"); numbers as ints.
"""

from __future__ import annotations

EN: dict[str, str] = {
    # a game's status, in a refusal ("This game is over (cancelled)")
    "table.status.lobby": "waiting for players",
    "table.status.running": "in play",
    "table.status.finished": "finished",
    "table.status.cancelled": "cancelled",
    "table.status.abandoned": "abandoned",
    # lobby
    "table.lobby_left": "{user} left the table.",
    "table.option_set": "{name} is now {value}.",
    "table.started": "The game begins! Players in seat order: {players}.",
    # refusals
    "table.unknown_game_type": "There is no game called {game}.",
    "table.unknown_game": "That game does not exist (any more).",
    "table.not_in_lobby": "This table has already started or closed.",
    "table.not_started": "This game has not started yet.",
    "table.game_over": "This game is over ({status}).",
    "table.not_host": "Only the host ({host}) can do that.",
    "table.option_unknown": "There is no option called {name}.",
    "table.option_invalid": "{value} is not a valid value for {name}.",
    "table.option_not_seated": "{name}: {value} is not seated at this table. Choose a seated player"
    " or random.",
    "table.options_stored_invalid": "This game's stored options no longer fit the game ({fields});"
    " the host can set them again in the lobby.",
    "table.option.seat.random": "Random",
    "table.option.seat.default": "The host",
    # list options typed as text (ids separated by commas or spaces)
    "table.option.list_hint": "Type the items separated by commas or spaces; leave it empty for"
    " the default.",
    "table.timers_invalid": "Reminder and deadline hours must be positive numbers.",
    "table.timers_too_long": "Reminder and deadline hours can be at most {max} (a year).",
    "table.already_seated": "You are already at this table.",
    "table.table_full": "The table is full ({max} players at most).",
    "table.not_seated": "You are not a player at this table.",
    "table.preference_not_in_game": "This game has no such setting.",
    "table.auto_move": "🤖 {user} (standing preference): {move}",
    "table.plan_empty": "Give the moves to preview.",
    "table.host_cannot_leave": "The host cannot leave; cancel the table instead.",
    "table.too_few_players": "At least {min} players are needed to start (now {count}).",
    "table.stale": "That choice is no longer open.",
    "table.not_your_turn": "It is not your turn. Waiting for: {waiting}.",
    "table.empty_move": "Write a move, e.g. from the suggestions.",
    "table.illegal_move": "{move} is not allowed now.",
    "table.already_applied": "That click was already counted.",
    "table.undo_nothing": "You have no move to take back.",
    "table.undo_not_yours": "Only the last move can be taken back, and only by the player who made it.",
    "table.undo_revealed": "That move revealed something hidden, so it cannot be taken back.",
    "table.vote_already": "You have already voted to abandon this game (`/game leave withdraw:"
    "True` takes the vote back).",
    "table.vote_none": "You have not voted to abandon this game.",
    # turns and notices
    "table.decision_generic": "Your decision ({kind})",
    "table.undone": "{user} took back their move: {move}",
    "table.vote_recorded": "Vote to abandon: {votes} of {needed} needed.",
    "table.vote_withdrawn": "A vote to abandon was withdrawn ({votes} of {needed} needed).",
    "table.abandoned": "The players voted to abandon this game ({votes} of {seats}).",
    "table.timeout_move": "Time ran out for {user}; the default move was played: {move}",
    "table.reminder": "{users}: this game has been waiting on you for {hours} hours.",
    # log
    "table.log_line": "{n}. {player}: {move}",
    "table.log_line_auto": "{n}. {player}: {move} (automatic)",
    "table.log_private": "(a secret choice)",
    # results
    "table.result_title": "Final scores",
    "table.result_line": "{rank}. {user}: {total} points",
    "table.result_winner": "Winner: {users}!",
    "table.result_winners": "Shared victory: {users}!",
}

KO: dict[str, str] = {
    "table.status.lobby": "플레이어 모집 중",
    "table.status.running": "진행 중",
    "table.status.finished": "끝남",
    "table.status.cancelled": "취소됨",
    "table.status.abandoned": "중단됨",
    "table.lobby_left": "{user} 님이 나갔습니다.",
    "table.option_set": "{name} 설정을 바꾸었습니다: {value}",
    "table.started": "게임을 시작합니다! 자리 순서: {players}.",
    "table.unknown_game_type": "그런 게임은 없습니다: {game}",
    "table.unknown_game": "그 게임은 없습니다(또는 삭제되었습니다).",
    "table.not_in_lobby": "이 게임은 이미 시작되었거나 닫혔습니다.",
    "table.not_started": "이 게임은 아직 시작하지 않았습니다.",
    "table.game_over": "이 게임은 더 이상 진행되지 않습니다({status}).",
    "table.not_host": "방장({host})만 할 수 있습니다.",
    "table.option_unknown": "그런 옵션은 없습니다: {name}",
    "table.option_invalid": "{name}에 쓸 수 없는 값입니다: {value}",
    "table.option_not_seated": "{name}: 이 게임의 플레이어가 아닙니다({value}). 참가한"
    " 플레이어나 무작위를 고르세요.",
    "table.options_stored_invalid": "저장된 옵션이 이 게임과 더 이상 맞지 않습니다({fields}). 대기실에서"
    " 방장이 다시 정할 수 있습니다.",
    "table.option.seat.random": "무작위",
    "table.option.seat.default": "방장",
    "table.option.list_hint": "항목을 쉼표나 공백으로 구분해 입력하세요. 비우면 기본값입니다.",
    "table.timers_invalid": "알림과 제한 시간은 0보다 큰 시간이어야 합니다.",
    "table.timers_too_long": "알림과 제한 시간은 최대 {max}시간(1년)까지 정할 수 있습니다.",
    "table.already_seated": "이미 이 게임에 참가했습니다.",
    "table.table_full": "자리가 다 찼습니다(최대 {max}명).",
    "table.not_seated": "이 게임의 플레이어가 아닙니다.",
    "table.preference_not_in_game": "이 게임에는 그런 설정이 없습니다.",
    "table.auto_move": "🤖 {user} (미리 정한 응답): {move}",
    "table.plan_empty": "미리 볼 행동을 적으세요.",
    "table.host_cannot_leave": "방장은 나갈 수 없습니다. 대신 게임을 취소하세요.",
    "table.too_few_players": "시작하려면 {min}명 이상이 필요합니다(현재 {count}명).",
    "table.stale": "그 선택은 더 이상 할 수 없습니다.",
    "table.not_your_turn": "지금은 내 차례가 아닙니다. 기다리는 플레이어: {waiting}.",
    "table.empty_move": "행동을 입력하세요. 자동 완성 목록을 참고하세요.",
    "table.illegal_move": "지금은 할 수 없는 행동입니다: {move}",
    "table.already_applied": "그 클릭은 이미 반영되었습니다.",
    "table.undo_nothing": "되돌릴 행동이 없습니다.",
    "table.undo_not_yours": "마지막 행동만, 그 행동을 한 플레이어만 되돌릴 수 있습니다.",
    "table.undo_revealed": "그 행동으로 숨겨진 정보가 공개되어 되돌릴 수 없습니다.",
    "table.vote_already": "이미 게임 중단에 투표했습니다 (`/게임 중단투표 투표취소:True`로 취소할 수"
    " 있습니다).",
    "table.vote_none": "게임 중단에 투표하지 않았습니다.",
    "table.decision_generic": "결정할 차례입니다({kind})",
    "table.undone": "{user} 님이 행동을 되돌렸습니다: {move}",
    "table.vote_recorded": "게임 중단 투표: {votes}/{needed}표.",
    "table.vote_withdrawn": "게임 중단 투표가 취소되었습니다({votes}/{needed}표).",
    "table.abandoned": "플레이어들의 투표로 게임이 중단되었습니다({votes}/{seats}).",
    "table.timeout_move": "{user} 님의 제한 시간이 지나 기본 행동으로 진행했습니다: {move}",
    "table.reminder": "{users} 님, 이 게임이 {hours}시간째 기다리고 있습니다.",
    "table.log_line": "{n}. {player}: {move}",
    "table.log_line_auto": "{n}. {player}: {move} (자동)",
    "table.log_private": "(비공개 선택)",
    "table.result_title": "최종 점수",
    "table.result_line": "{rank}위. {user}: {total}점",
    "table.result_winner": "승자: {users}!",
    "table.result_winners": "공동 승리: {users}!",
}

MESSAGES: dict[str, dict[str, str]] = {"en": EN, "ko": KO}
