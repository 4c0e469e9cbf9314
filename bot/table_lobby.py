"""Lobby: create, join, leave, options, timers, start, cancel."""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from pydantic import ValidationError

from bot import table_timers as timers_
from bot.i18n import LANGS
from bot.table_base import TableBase, game_over, mentions, serialised
from bot.table_options import option_specs, seat_options, updated_options
from bot.table_types import (
    OptionSpec,
    Outcome,
    Refusal,
    TimerSettings,
)
from rules.core import RuleError
from storage.base import (
    GameRecord,
    VersionConflict,
)

LOBBY_RETRIES = 5  # compare-and-swap attempts before a lobby change gives up as stale


class LobbyMixin(TableBase):
    # -- lobby --------------------------------------------------------------
    def option_specs(self, game: str) -> list[OptionSpec]:
        return option_specs(game, self.engine(game).Options)

    async def new_game(
        self,
        game: str,
        *,
        guild_id: int | None,
        channel_id: int,
        host_id: int,
        lang: str = "ko",
        thread_id: int | None = None,
    ) -> GameRecord:
        self.engine(game)
        return await self.store.create_game(
            game,
            guild_id=guild_id,
            channel_id=channel_id,
            host_id=host_id,
            lang=lang,
            options={},
            thread_id=thread_id,
        )

    async def lobby_record(self, game_id: int) -> GameRecord:
        """The game while it is a lobby; Refusal (unknown_game, not_in_lobby) otherwise."""
        return await self._lobby(game_id)

    async def move_thread(self, game_id: int, thread_id: int) -> GameRecord:
        """The game's thread was deleted: it goes on in `thread_id` (any status)."""
        await self._load(game_id)
        return await self.store.set_thread(game_id, thread_id)

    async def attach_thread(self, game_id: int, thread_id: int) -> GameRecord:
        await self._lobby(game_id)
        return await self.store.update_lobby(game_id, thread_id=thread_id)

    async def _lobby_change(
        self, game_id: int, change: Callable[[GameRecord], dict[str, Any]]
    ) -> GameRecord:
        """Read-modify-write of a lobby as a compare-and-swap in the store, so a change made
        by another process in between is re-read instead of lost."""
        for _attempt in range(LOBBY_RETRIES):
            record = await self._lobby(game_id)
            update = change(record)  # may raise a Refusal on the fresh record
            try:
                return await self.store.update_lobby(
                    game_id, **update, expected_seats=list(record.seats),
                    expected_options=dict(record.options))
            except VersionConflict:
                continue
        raise Refusal("table.stale")

    @serialised
    async def join(self, game_id: int, user_id: int) -> GameRecord:
        def change(record: GameRecord) -> dict[str, Any]:
            if user_id in record.seats:
                raise Refusal("table.already_seated")
            engine = self.engine(record.game)
            if len(record.seats) >= engine.max_seats:
                raise Refusal("table.table_full", max=engine.max_seats)
            return {"seats": [*record.seats, user_id]}

        return await self._lobby_change(game_id, change)

    @serialised
    async def leave(self, game_id: int, user_id: int) -> GameRecord:
        def change(record: GameRecord) -> dict[str, Any]:
            if user_id not in record.seats:
                raise Refusal("table.not_seated")
            if user_id == record.host_id:
                raise Refusal("table.host_cannot_leave")
            seats = [uid for uid in record.seats if uid != user_id]
            # A seat option naming the leaver goes back to its default (it named a player).
            named = set(seat_options(record.game, self.engine(record.game).Options))
            options = {k: v for k, v in record.options.items()
                       if not (k in named and v == user_id)}
            if options != record.options:
                return {"seats": seats, "options": options}
            return {"seats": seats}

        return await self._lobby_change(game_id, change)

    @serialised
    async def set_option(self, game_id: int, user_id: int, name: str, value: Any) -> GameRecord:
        def change(record: GameRecord) -> dict[str, Any]:
            self._host_only(record, user_id)
            engine = self.engine(record.game)
            return {"options": updated_options(record.game, engine.Options, record.options,
                                               name, value, record.seats)}

        return await self._lobby_change(game_id, change)

    async def set_lang(self, game_id: int, user_id: int, lang: str) -> GameRecord:
        """Host only, lobby or running: the thread's language (settings["lang"]; the lobby's
        own field too while it is a lobby)."""
        if lang not in LANGS:
            raise Refusal("table.option_invalid", name="language", value=lang)
        record = await self._load(game_id)
        if record.status not in ("lobby", "running"):
            raise game_over(record)
        self._host_only(record, user_id)
        if record.status == "lobby":
            try:
                await self.store.update_lobby(game_id, lang=lang)
            except VersionConflict:  # started meanwhile: the setting below still holds
                pass
        return await self.store.update_settings(game_id, {"lang": lang})

    async def set_timers(
        self,
        game_id: int,
        user_id: int,
        *,
        remind_after_hours: float | None = None,
        remind_every_hours: float | None = None,
        deadline_hours: float | None = None,
        clear_deadline: bool = False,
    ) -> GameRecord:
        """Host only, lobby or running: per-game reminder and deadline hours."""
        record = await self._load(game_id)
        if record.status not in ("lobby", "running"):
            raise game_over(record)
        self._host_only(record, user_id)
        changes = {
            k: v
            for k, v in {
                "remind_after_hours": remind_after_hours,
                "remind_every_hours": remind_every_hours,
                "deadline_hours": deadline_hours,
            }.items()
            if v is not None
        }
        if clear_deadline:
            changes["deadline_hours"] = None
        if refused := timers_.hours_refusal(*changes.values()):
            raise Refusal(refused, max=timers_.MAX_HOURS)
        try:
            TimerSettings.for_game(self.timers, {**record.settings, **changes})
        except ValidationError:
            raise Refusal("table.timers_invalid") from None
        record = await self.store.update_settings(game_id, changes)
        if record.status == "running":
            await self._reschedule(record)
        return record

    async def start(self, game_id: int, user_id: int) -> Outcome:
        record = await self._lobby(game_id)
        self._host_only(record, user_id)
        engine = self.engine(record.game)
        n = len(record.seats)
        if n < engine.min_seats:
            raise Refusal("table.too_few_players", min=engine.min_seats, count=n)
        if n > engine.max_seats:
            raise Refusal("table.table_full", max=engine.max_seats)
        seed = secrets.randbits(63)
        options = self._options(record, engine, seed)
        try:
            state = engine.setup(options, n, seed)
        except RuleError as e:
            raise Refusal(e.key, **e.params) from None
        try:
            record = await self.store.start_game(
                game_id, seed=seed, seats=list(record.seats), snapshot=state,
                expected_seats=list(record.seats), expected_options=dict(record.options),
            )
        except VersionConflict:
            now = await self._load(game_id)
            if now.status == "lobby":  # someone joined or changed an option meanwhile
                raise Refusal("table.stale") from None
            raise Refusal("table.not_in_lobby", status=now.status) from None
        await self._reschedule(record)
        return Outcome(
            game=record,
            prompts=self._prompts(record, engine.decisions(state)),
            board_changed=True,
            finished=engine.result(state),
            notice=("table.started", {"players": mentions(record.seats), "count": n}),
        )

    async def cancel(self, game_id: int, user_id: int) -> GameRecord:
        record = await self._lobby(game_id)
        self._host_only(record, user_id)
        record = await self.store.set_status(game_id, "cancelled")
        await self.store.clear_schedule(game_id)
        return record
