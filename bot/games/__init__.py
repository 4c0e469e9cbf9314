"""The games' Discord sides, found by listing this package: one registry for the platform.

Each subpackage `bot/games/<name>/` exports `GAME = GameUI(...)`, where `<name>` is the
engine's name in `rules/` and the picture package's in `render/`. The platform (bot/ outside
this package) asks `ui(name)` for every game-specific thing, and never names a game. A game
without a subpackage here (or one a test registers with `register`) still plays, with the
platform's defaults: notation as labels, no extra status lines, no extra commands.
"""

from __future__ import annotations

import logging
import pkgutil
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from functools import cache
from importlib import import_module
from typing import Any

from rules.core import Action, Choice, Decision
from storage.base import GameRecord

log = logging.getLogger(__name__)

Catalogue = Mapping[str, Mapping[str, str]]
# The engine's message params that name seats/cards, filled from a reader's view.
ParamFiller = Callable[[dict[str, Any], dict[str, Any], list[str]], dict[str, Any]]
# Params a decision's prompt needs that the engine leaves implicit.
DecisionParams = Callable[[Decision, dict[str, Any]], dict[str, Any]]
# A friendlier choice label than the notation (None keeps the notation).
ChoiceLabel = Callable[[Choice, Decision | None, str], str | None]
# A choice label that names the players (seat indexes -> the reader's names).
NamedChoiceLabel = Callable[[Choice, list[str], str], str | None]
# The kind of a choice, for the first menu of a decision with many choices.
ChoiceKind = Callable[[Action], str]
# A final score's breakdown in the reader's words.
ScoreBreakdown = Callable[[dict[str, Any], str], str]
# A choice button's look ("success", "secondary", "danger"; None: the platform's "primary"):
# a game marks the positive and the declining answers of a question.
ChoiceStyle = Callable[[Choice, Decision | None], str | None]
# The message key framing a public prompt that is not a turn (an offer), params user and
# decision, from the decision and the keys of the decisions its seat was prompted for before
# (a hint shown the first time only); None keeps the platform's "your turn" frame.
PromptFrame = Callable[[Decision, list[str]], str | None]
# The window a public decision belongs to (None: none): the decisions of one window open at
# once share one thread message ("waiting on …" and a "My choices" button answering each
# seat privately) instead of a prompt each.
Window = Callable[[Decision], str | None]
# Extra `/game status` lines from a reader's view: (view, lang, names) -> lines.
StatusLines = Callable[[dict[str, Any], str, list[str]], list[str]]
# Moves the table makes on a seat's standing instructions: (record, open decisions on
# demand) -> the (decision, choice) pairs to play now.
AutoMoves = Callable[[GameRecord, Callable[[], list[Decision]]], list[tuple[Decision, Choice]]]
# The whole game as a file: (engine options, seats, seed, [(seat, action)], player names)
# -> (file name suffix such as "txt", text).
Exporter = Callable[[Any, int, int, list[tuple[int, Action]], list[str]], tuple[str, str]]


@dataclass(frozen=True)
class FileGame:
    """A game file read to be continued: lobby options, seats, seed and the action log
    that replays (rules.core.replay) to the file's position; `roles` names each seat's
    part in the file (a faction), in seat order."""

    options: dict[str, Any]
    seats: int
    seed: int
    actions: list[tuple[int, Action]]
    roles: list[str] = field(default_factory=list)


class FileRefused(Exception):
    """A game file that does not replay: the line (1-based; 0 for the file as a whole)
    and a message key with its params saying why."""

    def __init__(self, line: int, key: str, **params: Any) -> None:
        super().__init__(key)
        self.line, self.key, self.params = line, key, params


# A game file's text -> FileGame; raises FileRefused.
Importer = Callable[[str], FileGame]


@dataclass(frozen=True)
class Preference:
    """A standing per-seat answer a player sets with a game command, kept in the game's
    settings as "<key>.<seat>"; the table applies auto moves right after it changes."""

    key: str
    values: tuple[str, ...]
    unknown: str  # refusal key for a value not in `values` (params: pref, prefs)
    saved: str  # notice key once saved (params: pref)


@dataclass(frozen=True)
class GameUI:
    """Everything the Discord side of one game adds to the platform; every field optional."""

    name: str
    messages: Catalogue = field(default_factory=dict)  # texts, under "<name>." keys
    commands: Catalogue = field(default_factory=dict)  # slash-command texts by message key
    cogs: tuple[str, ...] = ()  # extension modules with the game's own command groups
    event_params: ParamFiller | None = None
    decision_params: DecisionParams | None = None
    choice_label: ChoiceLabel | None = None
    named_choice_label: NamedChoiceLabel | None = None
    choice_kind: ChoiceKind | None = None
    choice_style: ChoiceStyle | None = None
    prompt_frame: PromptFrame | None = None
    window: Window | None = None
    kind_label_prefix: str | None = None
    score_breakdown: ScoreBreakdown | None = None
    status_lines: StatusLines | None = None
    auto_moves: AutoMoves | None = None
    log_notation: bool = False  # /game log adds each move's notation after its words
    preferences: tuple[Preference, ...] = ()
    export: Exporter | None = None  # /game export; None: the game has no file format
    # False for a game with hidden information: its file (the seed, every hand) is given
    # only once the game is over.
    export_running: bool = True
    import_: Importer | None = None  # /game import into a lobby

    def preference(self, key: str) -> Preference | None:
        return next((p for p in self.preferences if p.key == key), None)


_registered: dict[str, GameUI] = {}


@cache
def _discovered() -> dict[str, GameUI]:
    found: dict[str, GameUI] = {}
    for module in pkgutil.iter_modules(__path__):
        if not module.ispkg:
            continue
        try:
            game = getattr(import_module(f"{__name__}.{module.name}"), "GAME", None)
        except Exception:  # one broken game must not take the others down
            log.exception("game package %s did not load", module.name)
            continue
        if isinstance(game, GameUI):
            found[game.name] = game
    return found


def register(game: GameUI) -> None:
    """Add (or replace) a game's Discord side; tests register their example games here."""
    _registered[game.name] = game


def unregister(name: str) -> None:
    _registered.pop(name, None)


def all_games() -> dict[str, GameUI]:
    return {**_discovered(), **_registered}


def offered(names: list[str]) -> list[str]:
    """The games a lobby offers: of the engines found, those with a Discord side of their own
    (an engine can land before its plug-in, which brings its texts, buttons and pictures)."""
    ready = all_games()
    return [name for name in names if name in ready]


def ui(name: str) -> GameUI:
    """The Discord side of game `name`; the platform's defaults for a game without one."""
    return all_games().get(name) or GameUI(name=name)
