"""Messages of members' notification preferences (`/prefs`) and of the reminders they shape:
a DM reminder, quiet hours, and the note for the player everyone else waits on.
Mentions arrive as ready params ("<@123>")."""

from __future__ import annotations

EN: dict[str, str] = {
    "notify.way.ping": "a ping in the game's thread",
    "notify.way.dm": "a direct message",
    "notify.way.both": "a ping in the thread and a direct message",
    "notify.shown": "Your reminders come as {way}. {quiet}",
    "notify.quiet_none": "No quiet hours.",
    "notify.quiet_shown": "Quiet hours: {start} to {end} ({zone}); reminders due then wait"
    " until {end}.",
    "notify.quiet_cleared": "Your quiet hours are off: reminders come when they are due.",
    # refusals
    "notify.way_unknown": "{way} is not a way to remind you: choose one of {ways}.",
    "notify.zone_unknown": "{zone} is not a time zone I know: write its IANA name, such as"
    " Asia/Seoul, Europe/Paris or America/New_York.",
    "notify.time_invalid": "{time} is not a time of day: write it as HH:MM (24-hour clock),"
    " such as 22:00 or 7:30.",
    "notify.quiet_empty": "Quiet hours must start and end at different times.",
    "notify.no_quiet": "You have no quiet hours to turn off.",
    # reminders
    "notify.dm_reminder": "⏰ {game} (#{id}) has waited on you for {hours} h — {decisions}",
    "notify.last": "Everyone else has decided: the table waits only on {user}.",
}

KO: dict[str, str] = {
    "notify.way.ping": "게임 스레드에서 멘션",
    "notify.way.dm": "개인 메시지(DM)",
    "notify.way.both": "스레드 멘션과 개인 메시지(DM) 둘 다",
    "notify.shown": "알림은 {way}(으)로 받습니다. {quiet}",
    "notify.quiet_none": "방해 금지 시간이 없습니다.",
    "notify.quiet_shown": "방해 금지 시간: {start}부터 {end}까지({zone}). 이 시간에 보낼 알림은"
    " {end}까지 기다렸다가 보냅니다.",
    "notify.quiet_cleared": "방해 금지 시간을 껐습니다. 알림은 때가 되면 바로 보냅니다.",
    "notify.way_unknown": "{way}은(는) 알림 방법이 아닙니다. {ways} 중에서 고르세요.",
    "notify.zone_unknown": "{zone}은(는) 알 수 없는 시간대입니다. Asia/Seoul, Europe/Paris,"
    " America/New_York처럼 IANA 이름으로 적어 주세요.",
    "notify.time_invalid": "{time}은(는) 시각이 아닙니다. 22:00이나 7:30처럼 24시간제 HH:MM으로"
    " 적어 주세요.",
    "notify.quiet_empty": "방해 금지 시간은 시작과 끝 시각이 달라야 합니다.",
    "notify.no_quiet": "끌 방해 금지 시간이 없습니다.",
    "notify.dm_reminder": "⏰ {game}(#{id}) 게임이 {hours}시간째 기다리고 있습니다 — {decisions}",
    "notify.last": "다른 플레이어는 모두 결정했습니다. 이제 {user}님만 기다리고 있습니다.",
}

MESSAGES: dict[str, dict[str, str]] = {"en": EN, "ko": KO}
