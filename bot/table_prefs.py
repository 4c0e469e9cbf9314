"""Standing per-seat preferences a game declares (bot.games.Preference), such as how to
answer power offers in one game: saved in the game's settings, applied at once."""

from __future__ import annotations

from bot import games
from bot.table_base import TableBase
from bot.table_types import Outcome, Refusal


class PreferencesMixin(TableBase):
    async def set_preference(self, game_id: int, user_id: int, key: str, value: str) -> Outcome:
        """Set the player's standing answer `key` in this game (all their seats), and apply it
        at once to the decisions already open."""
        async with self._locks[game_id]:
            record = await self._running(game_id)  # lobby seats are not final yet
            pref = games.ui(record.game).preference(key)
            if pref is None:
                raise Refusal("table.preference_not_in_game", key=key)
            if value not in pref.values:
                raise Refusal(pref.unknown, pref=value, prefs=", ".join(pref.values))
            seats = self.seats_of(record, user_id)
            if not seats:
                raise Refusal("table.not_seated")
            record = await self.store.update_settings(
                game_id, {f"{pref.key}.{seat}": value for seat in seats})
            record, events = await self._auto_moves(record)
            engine = self.engine(record.game)
            result = engine.result(record.snapshot) if record.snapshot is not None else None
            await self._reschedule(record)
            prompts = self._prompts(record, self._decisions(record))
            record, newly_waiting = await self._announce(record, prompts)
            return Outcome(
                game=record, events=events, prompts=prompts,
                board_changed=bool(newly_waiting) or result is not None, finished=result,
                notice=(pref.saved, {"pref": value}), newly_waiting=newly_waiting,
            )
