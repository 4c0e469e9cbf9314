"""`/game log` in words: each move as the thread told it (its public events), a private
choice as what the table may know of it. Pure: the table service feeds it the stored log."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from bot import games
from bot.i18n import describe_event, t
from rules.core import Engine, State, find_choice
from storage.base import ActionRecord


def log_lines(
    engine: Engine,
    game: str,
    state: State,
    seats: int,
    actions: Iterable[ActionRecord],
    lang: str,
    names: list[str] | None,
    view: dict[str, Any],
) -> list[str]:
    """One line per move from `state` (the set-up) on. A move reads as its public events,
    filled in like the thread's (`view`: the public view that names characters and cards);
    a move without a public event reads as its notation, or, if only its decider could see
    it, as a secret choice. A move that changed nothing (a menu of an old stored game) is
    left out."""
    filler = games.ui(game).event_params
    people = [names[i] if names and i < len(names) else f"P{i + 1}" for i in range(seats)]
    lines = []
    for a in actions:
        mine = [d for d in engine.decisions(state) if d.seat == a.seat]
        answered = next(
            ((d, c) for d in mine if (c := find_choice(d, a.action)) is not None), None)
        private = (answered[0].private_choice(answered[1]) if answered
                   else bool(mine) and all(d.private for d in mine))
        new, events = engine.apply(state, a.seat, a.action)
        if not events and new == state:
            state = new
            continue
        told = [describe_event(e.model_copy(update={
            "params": filler(e.params, view, people) if filler else e.params}), lang)
            for e in events if e.seat is None]
        if told:
            move = " ".join(told)
            if games.ui(game).log_notation:  # the words, and the notation /play reads
                move += f" `{engine.format(state, a.action, lang)}`"
        elif private:
            move = t("table.log_private", lang)
        else:
            move = engine.format(state, a.action, lang)
        key = "table.log_line_auto" if a.user_id is None else "table.log_line"
        player = names[a.seat] if names and a.seat < len(names) else f"P{a.seat + 1}"
        lines.append(t(key, lang, n=a.version, player=player, move=move))
        state = new
    return lines
