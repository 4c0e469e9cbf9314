"""Whole games as files: `/game export` and `/game import`, through the game's own format
(GameUI.export / GameUI.import_). A game without one refuses, in words, and changes nothing.

Secrets: a game with hidden information (GameUI.export_running False) is exported only once
it is over (finished or abandoned): its file holds the seed and every hidden pick, and a
file of only the public moves would not replay, so it would not be the game's file."""

from __future__ import annotations

import asyncio
import contextlib
from dataclasses import dataclass

from bot import games
from bot.i18n import LANGS, t
from bot.table_base import TableBase, mentions, serialised
from bot.table_types import Outcome, Refusal
from rules.core import RuleError
from storage.base import GameRecord, VersionConflict

OVER = ("finished", "abandoned")


@dataclass(frozen=True)
class GameFileText:
    """An exported game: the attachment's file name and its text."""

    filename: str
    text: str


def _in_words(key: str, **params: object) -> dict[str, str]:
    """A text in every language, for a refusal's param (read in the reader's language)."""
    return {lang: t(key, lang, **params) for lang in LANGS}


class ExportMixin(TableBase):
    async def export_game(self, game_id: int, names: list[str] | None = None) -> GameFileText:
        """The whole game in its file format (anyone may ask: the file holds only what the
        table may know, see the module's note). `names`: the players, in seat order."""
        record = await self._load(game_id)
        ui = games.ui(record.game)
        title = _in_words(f"{record.game}.name")
        if ui.export is None:
            raise Refusal("table.export_unsupported", game=title)
        if record.status in ("lobby", "cancelled") or record.seed is None:
            raise Refusal("table.export_not_started")
        if record.status not in OVER and not ui.export_running:
            raise Refusal("table.export_secret", game=title)
        engine = self.engine(record.game)
        options = self._options(record, engine)
        actions = [(a.seat, a.action) for a in await self.store.actions(game_id)]
        suffix, text = ui.export(
            options, len(record.seats), record.seed, actions, list(names or [])
        )
        return GameFileText(f"{record.game}-{record.id}.{suffix}", text)

    @serialised
    async def import_game(self, game_id: int, user_id: int, text: str) -> Outcome:
        """Host only, in a lobby: continue the game of a file, the lobby's seats in order
        taking the file's players. The whole file is replayed before anything is written;
        a file that does not replay refuses with its line and reason, and nothing changes."""
        record = await self._lobby(game_id)
        self._host_only(record, user_id)
        ui = games.ui(record.game)
        if ui.import_ is None:
            raise Refusal("table.import_unsupported", game=_in_words(f"{record.game}.name"))
        # parsing and replaying a long file is CPU work: off the event loop
        got, setup, states = await asyncio.to_thread(self._replay_file, record, ui, text)
        return await self._write_import(record, got, setup, states)

    def _replay_file(
        self, record: GameRecord, ui: games.GameUI, text: str
    ) -> tuple[games.FileGame, dict, list[dict]]:
        """The file read and replayed from the options and seed the table will store, or a
        refusal naming its line and reason."""
        assert ui.import_ is not None
        try:
            got = ui.import_(text)
        except games.FileRefused as refused:
            reason = _in_words(refused.key, **refused.params)
            if refused.line <= 0:
                raise Refusal("table.import_refused_file", reason=reason) from None
            raise Refusal("table.import_refused", line=refused.line, reason=reason) from None
        if got.seats != len(record.seats):
            raise Refusal("table.import_seats", players=got.seats, seats=len(record.seats))
        engine = self.engine(record.game)
        probe = record.model_copy(update={"options": dict(got.options)})
        states = []
        try:  # the log as the table will replay it: from the stored options and seed
            setup = engine.setup(self._options(probe, engine, got.seed), got.seats, got.seed)
            state = setup
            for seat, action in got.actions:
                state, _ = engine.apply(state, seat, action)
                states.append(state)
        except RuleError as error:
            raise Refusal(
                "table.import_refused_file", reason=_in_words(error.key, **error.params)
            ) from None
        return got, setup, states

    async def _write_import(
        self, record: GameRecord, got: games.FileGame, setup: dict, states: list[dict]
    ) -> Outcome:
        """Options, then the start with the whole log in one transaction (the game starts at
        the file's end or not at all); each write a compare-and-swap on what was read."""
        engine = self.engine(record.game)
        seats = list(record.seats)
        final = states[-1] if states else setup
        try:
            await self.store.update_lobby(
                record.id,
                options=dict(got.options),
                expected_seats=seats,
                expected_options=dict(record.options),
            )
            saved = await self.store.start_game(
                record.id,
                seed=got.seed,
                seats=seats,
                snapshot=setup,
                expected_seats=seats,
                expected_options=dict(got.options),
                # each move under the member now in the file's seat: the log names her
                log=[(seat, action, seats[seat]) for seat, action in got.actions],
                final=final,
                final_status="finished" if engine.result(final) is not None else None,
            )
        except VersionConflict:  # the lobby changed meanwhile: its own options back
            with contextlib.suppress(VersionConflict):
                await self.store.update_lobby(
                    record.id, options=dict(record.options), expected_options=dict(got.options)
                )
            raise Refusal("table.stale") from None
        saved = await self.store.update_settings(record.id, {"imported": len(got.actions)})
        await self._reschedule(saved)
        prompts = self._prompts(saved, self._decisions(saved))
        saved, _ = await self._announce(saved, prompts)
        roles = [f"<@{uid}> ({role})" for uid, role in zip(seats, got.roles, strict=False)]
        return Outcome(
            game=saved,
            prompts=prompts,
            board_changed=True,
            finished=engine.result(saved.snapshot) if saved.snapshot is not None else None,
            notice=(
                "table.imported",
                {"players": ", ".join(roles) or mentions(seats), "moves": len(got.actions)},
            ),
        )
