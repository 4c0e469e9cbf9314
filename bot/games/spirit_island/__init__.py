"""Spirit Island on Discord: choice words and looks, the frames of the simultaneous Spirit
phase and the Fast/Slow windows, seat names in the log, status lines;
`/si fix` (pieces corrected by hand, through the table like `/play`) and `/si setup` (a
recommended setup, or random spirits, boards, adversary and level) in cog.py.

The engine (rules/spirit_island) already words every decision and event in English and
Korean; this package adds what only the Discord side needs. The private panel per seat is
the platform's: it draws `render/spirit_island`'s `private_png` once that exists.
"""

from __future__ import annotations

from bot.games import GameUI
from bot.games.spirit_island import ui
from bot.games.spirit_island.texts import COMMANDS, MESSAGES

GAME = GameUI(
    name="spirit_island",
    messages=MESSAGES,
    commands=COMMANDS,
    cogs=("bot.games.spirit_island.cog",),
    event_params=ui.event_params,
    choice_label=ui.choice_label,
    choice_style=ui.choice_style,
    prompt_frame=ui.prompt_frame,
    window=ui.window,
    status_lines=ui.status_lines,
    score_breakdown=ui.score_breakdown,
)
