"""Storage: the Store interface (storage.base) and its SQLite implementation."""

from storage.base import (
    ActionRecord,
    Board,
    DuplicateInteraction,
    GameNotFound,
    GameRecord,
    GameResult,
    GameStatus,
    MessageRef,
    Rating,
    Schedule,
    SeatChange,
    SeatResult,
    StorageError,
    Store,
    VersionConflict,
)
from storage.sqlite import SqliteStore, open_store

__all__ = [
    "ActionRecord",
    "Board",
    "DuplicateInteraction",
    "GameNotFound",
    "GameRecord",
    "GameResult",
    "GameStatus",
    "MessageRef",
    "Rating",
    "Schedule",
    "SeatChange",
    "SeatResult",
    "SqliteStore",
    "StorageError",
    "Store",
    "VersionConflict",
    "open_store",
]
