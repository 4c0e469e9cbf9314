"""Terra Mystica on Discord: faction names, choice labels and kinds, status lines, score
words, standing answers to power offers (`/tm leech`) and a private planner (`/tm plan`)."""

from __future__ import annotations

from bot.games import GameUI, Preference
from bot.games.terra_mystica import leech, transfer, ui
from bot.games.terra_mystica.texts import COMMANDS, MESSAGES

GAME = GameUI(
    name="terra_mystica",
    messages=MESSAGES,
    commands=COMMANDS,
    cogs=("bot.games.terra_mystica.cog",),
    event_params=ui.event_params,
    decision_params=ui.decision_params,
    choice_label=ui.choice_label,
    choice_kind=ui.choice_kind,
    choice_style=ui.choice_style,
    prompt_frame=ui.prompt_frame,
    kind_label_prefix="terra_mystica.kind",
    score_breakdown=ui.score_breakdown,
    status_lines=ui.status_lines,
    auto_moves=leech.auto_leech,
    log_notation=True,
    export=transfer.export,
    import_=transfer.import_,
    preferences=(
        Preference(
            key=leech.SETTINGS_KEY,
            values=leech.LEECH_PREFS,
            unknown="terra_mystica.leech_pref_unknown",
            saved="terra_mystica.leech_pref_set",
        ),
    ),
)
