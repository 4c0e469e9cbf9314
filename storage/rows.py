"""Pure-Python pieces both stores share: JSON text, time checks and row -> record mapping.

Only the parts with no SQL in them; each store keeps its own statements and the conversion
of its driver's values (SQLite keeps times as text, asyncpg returns datetimes).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from datetime import UTC, datetime
from typing import Any

from storage.base import GameRecord, Schedule


def utc_now() -> datetime:
    return datetime.now(UTC)


def aware(moment: datetime) -> datetime:
    """Refuse naive datetimes (each driver would guess a zone for them)."""
    if moment.tzinfo is None or moment.utcoffset() is None:
        raise ValueError(f"naive datetime {moment!r}: pass a timezone-aware datetime")
    return moment


def to_json(value: Any) -> str:
    """Canonical JSON text: sorted keys and no spaces, so equal values store equal text."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def guild_key(guild_id: int | None) -> int:
    """Results and ratings key a game outside any server as guild 0."""
    return guild_id or 0


def _same(moment: Any) -> Any:
    return moment


def game_record(
    row: Mapping[str, Any],
    seats: list[int],
    snapshot: dict[str, Any] | None,
    moment: Callable[[Any], datetime] = _same,
) -> GameRecord:
    """A games row as a GameRecord; `moment` reads a stored time (identity by default)."""
    return GameRecord(
        id=row["id"],
        game=row["game"],
        status=row["status"],
        guild_id=row["guild_id"],
        channel_id=row["channel_id"],
        thread_id=row["thread_id"],
        host_id=row["host_id"],
        lang=row["lang"],
        options=json.loads(row["options"]),
        seats=seats,
        seed=None if row["seed"] is None else int(row["seed"]),
        version=row["version"],
        snapshot=snapshot,
        settings=json.loads(row["settings"]),
        created_at=moment(row["created_at"]),
        updated_at=moment(row["updated_at"]),
    )


def schedule(row: Mapping[str, Any], moment: Callable[[Any], datetime] = _same) -> Schedule:
    """A schedules row as a Schedule; `moment` reads the stored due time."""
    return Schedule(
        game_id=row["game_id"], kind=row["kind"], due_at=moment(row["due_at"]),
        data=json.loads(row["data"]),
    )
