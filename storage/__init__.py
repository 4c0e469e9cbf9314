"""Storage: the Store interface (storage.base) and its SQLite implementation."""

from storage.base import (
    ActionRecord,
    DuplicateInteraction,
    GameNotFound,
    GameRecord,
    GameStatus,
    MessageRef,
    Schedule,
    SeatChange,
    StorageError,
    Store,
    VersionConflict,
)
from storage.sqlite import SqliteStore, open_store

__all__ = [
    "ActionRecord",
    "DuplicateInteraction",
    "GameNotFound",
    "GameRecord",
    "GameStatus",
    "MessageRef",
    "Schedule",
    "SeatChange",
    "SqliteStore",
    "StorageError",
    "Store",
    "VersionConflict",
    "open_store",
]
