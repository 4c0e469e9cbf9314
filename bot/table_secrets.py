"""What the table service may say in public about a move: a move that answered a private
decision (a draft pick, the card the Wizard keeps) is never named in a thread message, only
that a secret choice was made."""

from __future__ import annotations

from bot.i18n import LANGS, t
from rules.core import Action, Engine, State, find_choice


def secret_move() -> dict[str, str]:
    """A private move as a message param: the neutral words, in every language (the
    message is filled in the thread's language later)."""
    return {lang: t("table.log_private", lang) for lang in LANGS}


def answered_privately(engine: Engine, state: State, seat: int, action: Action) -> bool:
    """Whether `action` by `seat` in `state` answers a private decision, or is a choice of a
    private group of a public one (a card of the hand); when no open decision lists it, as
    for typed notation: whether all of the seat's are private."""
    mine = [d for d in engine.decisions(state) if d.seat == seat]
    for d in mine:
        choice = find_choice(d, action)
        if choice is not None:
            return d.private_choice(choice)
    return bool(mine) and all(d.private for d in mine)
