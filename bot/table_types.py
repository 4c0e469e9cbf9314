"""Value types of the table service: refusals, prompts, outcomes, reminders, settings."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

from pydantic import BaseModel, Field

from rules.core import Decision, Event, Result
from storage.base import GameRecord


class Refusal(Exception):
    """Every refusal: a message key + params for the catalogues. Nothing was changed."""

    def __init__(self, key: str, /, **params: Any) -> None:
        super().__init__(f"{key} {params}" if params else key)
        self.key = key
        self.params = params


@dataclass
class Prompt:
    """One decision presented to one seat."""

    game_id: int
    seat: int
    user_id: int
    decision: Decision
    private: bool  # DM (or ephemeral fallback) vs public in the thread


@dataclass
class Outcome:
    """What one call changed, for the adapter to show."""

    game: GameRecord
    events: list[Event] = field(default_factory=list)
    prompts: list[Prompt] = field(default_factory=list)  # decisions open after the change
    board_changed: bool = False
    finished: Result | None = None
    notice: tuple[str, dict[str, Any]] | None = None
    automatic: bool = False  # a deadline's timeout move, not a player's click
    # Seats the table newly waits on in public after this change: pinged once, then only
    # by reminders. None: not known (a lobby start, an undo), so every open prompt pings.
    newly_waiting: frozenset[int] | None = None


@dataclass
class Reminder:
    """A nudge for seats a game has waited on too long (from tick())."""

    game: GameRecord
    prompts: list[Prompt]  # the overdue decisions; their user ids are whom to ping
    hours: int  # how long the oldest of them has been open
    count: int  # 1 for the first reminder of these decisions
    key: str = "table.reminder"
    # How each user wants reminders ("ping", "dm" or "both"; a missing user: a ping), and
    # the users everyone else has decided for (several players decided at once).
    via: dict[int, str] = field(default_factory=dict)
    last: frozenset[int] = frozenset()

    @property
    def user_ids(self) -> list[int]:
        return sorted({p.user_id for p in self.prompts})


class OptionSpec(BaseModel):
    """One host-settable option of an engine's Options model, for lobby UI."""

    name: str
    # seat: a seated player (stored as their user id, or "random"); list: items as text
    kind: Literal["bool", "enum", "int", "seat", "list"]
    default: Any = None
    values: list[Any] = Field(default_factory=list)  # enum values
    minimum: int | None = None
    maximum: int | None = None
    label_key: str  # catalogue key of the option's label
    value_keys: dict[str, str] = Field(default_factory=dict)  # enum value -> label key
    description: str | None = None  # the field's own description, an English fallback
    nullable: bool = False  # None is also allowed (usually: the engine decides)


class TimerSettings(BaseModel):
    """Slow-game timers; service defaults, overridden per game in GameRecord.settings."""

    remind_after_hours: float = Field(24, gt=0)
    remind_every_hours: float = Field(24, gt=0)
    deadline_hours: float | None = Field(None, gt=0)  # off by default

    @classmethod
    def for_game(cls, defaults: TimerSettings, game_settings: dict[str, Any]) -> TimerSettings:
        merged = defaults.model_dump()
        merged.update({k: v for k, v in game_settings.items() if k in cls.model_fields})
        return cls.model_validate(merged)
