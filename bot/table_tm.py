"""Terra Mystica table settings: the standing leech preference of a player."""

from __future__ import annotations

from bot import tm_leech
from bot.table_base import TableBase
from bot.table_types import Outcome, Refusal


class TerraMysticaMixin(TableBase):
    async def set_leech_pref(self, game_id: int, user_id: int, pref: str) -> Outcome:
        """Set the player's standing answer to power offers in this game (all their seats),
        and apply it at once to offers already open."""
        if pref not in tm_leech.LEECH_PREFS:
            raise Refusal("tm_leech_pref_unknown", pref=pref,
                          prefs=", ".join(tm_leech.LEECH_PREFS))
        async with self._locks[game_id]:
            record = await self._running(game_id)  # lobby seats are not final yet
            if record.game != "terra_mystica":
                raise Refusal("tm_only")
            seats = self.seats_of(record, user_id)
            if not seats:
                raise Refusal("not_seated")
            record = await self.store.update_settings(
                game_id, {tm_leech.settings_key(seat): pref for seat in seats})
            record, events = await self._auto_moves(record)
            engine = self.engine(record.game)
            result = engine.result(record.snapshot) if record.snapshot is not None else None
            await self._reschedule(record)
            return Outcome(
                game=record, events=events, prompts=self._prompts(record, self._decisions(record)),
                board_changed=bool(events) or result is not None, finished=result,
                notice=("tm_leech_pref_set", {"pref": pref}),
            )
