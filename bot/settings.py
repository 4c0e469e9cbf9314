"""The bot's settings: read from the environment and an optional `.env` file.

The environment wins over `.env`, so a test or a deployment can override one value
without editing the file. The `.env` reader is our own (no python-dotenv dependency).
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field, ValidationError, field_validator

DISCORD_API_BASE = "https://discord.com/api/v10"

# Environment variable -> Settings field.
ENV_FIELDS: dict[str, str] = {
    "DISCORD_TOKEN": "token",
    "DATABASE_PATH": "database_path",
    "DEV_GUILD_ID": "dev_guild_id",
    "DEFAULT_LANG": "default_lang",
    "REMINDER_AFTER_HOURS": "reminder_after_hours",
    "REMINDER_EVERY_HOURS": "reminder_every_hours",
    "TURN_DEADLINE_HOURS": "turn_deadline_hours",
    "TICK_SECONDS": "tick_seconds",
    "DISCORD_API_BASE": "api_base",
    "LOG_LEVEL": "log_level",
}

SECRET_FIELDS = frozenset({"token"})  # never echoed in an error message


class Settings(BaseModel):
    token: str | None = None
    database_path: Path = Path("data/bot.sqlite3")
    dev_guild_id: int | None = None
    default_lang: Literal["ko", "en"] = "ko"
    reminder_after_hours: float = Field(24, gt=0)
    reminder_every_hours: float = Field(24, gt=0)
    turn_deadline_hours: float = Field(0, ge=0)  # 0 = no deadline
    tick_seconds: float = Field(60, gt=0)
    api_base: str = DISCORD_API_BASE
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = "INFO"

    @field_validator("token", "dev_guild_id", mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        # An empty `DISCORD_TOKEN=` line in .env means "not set", not "the empty token".
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("api_base")
    @classmethod
    def _no_trailing_slash(cls, value: str) -> str:
        return value.rstrip("/")

    @field_validator("log_level", mode="before")
    @classmethod
    def _upper(cls, value: object) -> object:
        return value.strip().upper() if isinstance(value, str) else value

    @property
    def custom_api(self) -> bool:
        """True when the bot talks to something other than Discord (e.g. the test twin)."""
        return self.api_base != DISCORD_API_BASE

    @property
    def deadline_hours(self) -> float | None:
        return self.turn_deadline_hours or None

    def ensure_database_dir(self) -> Path:
        """Create the database file's directory; return the path."""
        self.database_path.parent.mkdir(parents=True, exist_ok=True)
        return self.database_path


def explain(error: ValidationError) -> list[str]:
    """One line per bad setting, named by its environment variable (not the field)."""
    names = {field: name for name, field in ENV_FIELDS.items()}
    lines = []
    for problem in error.errors():
        field = str(problem["loc"][0]) if problem["loc"] else ""
        value = problem.get("input")
        shown = f"{value!r}" if isinstance(value, str) else "(missing)"
        if field in SECRET_FIELDS:
            shown = "(hidden)"
        lines.append(f"{names.get(field, field)}={shown}: {problem['msg']}")
    return lines


def parse_env_file(text: str) -> dict[str, str]:
    """KEY=VALUE lines; `#` comments, blank lines, `export ` and quotes are understood."""
    values: dict[str, str] = {}
    for raw in text.splitlines():
        line = raw.strip()
        if not line or line.startswith("#") or "=" not in line:
            continue
        if line.startswith("export "):
            line = line[len("export ") :]
        key, _, value = line.partition("=")
        value = value.strip()
        if value[:1] in ("'", '"') and value.endswith(value[0]) and len(value) >= 2:
            value = value[1:-1]
        elif " #" in value:
            value = value.split(" #", 1)[0].rstrip()  # an inline comment after an unquoted value
        values[key.strip()] = value
    return values


def load_settings(
    env: Mapping[str, str] | None = None, env_file: str | Path | None = ".env"
) -> Settings:
    """Settings from `env` (default: os.environ) over the `.env` file, if it exists."""
    merged: dict[str, str] = {}
    if env_file is not None and Path(env_file).is_file():
        merged.update(parse_env_file(Path(env_file).read_text(encoding="utf-8")))
    merged.update(os.environ if env is None else env)
    data = {field: merged[name] for name, field in ENV_FIELDS.items() if name in merged}
    return Settings.model_validate(data)
