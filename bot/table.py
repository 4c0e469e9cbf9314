"""The transport-free table service: lobby, seats, turns, undo, votes and slow-game timers.

No discord import: the adapter (bot/discord_*, bot/cogs/) turns Outcomes and Refusals into
messages. Every refusal is a Refusal(key, **params) raised before anything is written.
The methods live in bot/table_lobby.py, table_play.py, table_plan.py, table_prefs.py,
table_idle.py and table_tick.py; the shared core in bot/table_base.py; the API contract with the adapter in bot/TABLE_API.md.
"""

from __future__ import annotations

from bot.table_board import BoardMixin
from bot.table_export import ExportMixin
from bot.table_history import HistoryMixin
from bot.table_idle import IdleMixin
from bot.table_lobby import LobbyMixin
from bot.table_plan import Plan, PlanMixin
from bot.table_play import PlayMixin
from bot.table_prefs import NotifyMixin, PreferencesMixin
from bot.table_seats import SeatsMixin
from bot.table_tick import TickMixin
from bot.table_types import OptionSpec, Outcome, Prompt, Refusal, Reminder, TimerSettings

__all__ = [
    "OptionSpec",
    "Outcome",
    "Plan",
    "Prompt",
    "Refusal",
    "Reminder",
    "TableService",
    "TimerSettings",
]


class TableService(
    HistoryMixin, BoardMixin, SeatsMixin, LobbyMixin, PlayMixin, PlanMixin, PreferencesMixin,
    NotifyMixin, IdleMixin, TickMixin, ExportMixin,
):
    """One per process: TableService(store, clock=..., settings=...)."""
