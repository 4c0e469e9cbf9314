"""The bot's settings: read from the environment and an optional `.env` file (pydantic-settings).

`load_settings()` reads them; the environment wins over `.env`, so a test or a deployment can
override one value without editing the file. `Settings(...)` itself reads nothing: it holds
the values it is given and the defaults for the rest, so code and tests that build one are not
changed by whoever's shell or `.env` they run in.
"""

from __future__ import annotations

import io
from collections.abc import Mapping
from pathlib import Path
from typing import Annotated, Any, Literal

from dotenv import dotenv_values
from pydantic import Field, ValidationError, ValidationInfo, field_validator
from pydantic_settings import (
    BaseSettings,
    NoDecode,
    PydanticBaseSettingsSource,
    SettingsConfigDict,
)

DISCORD_API_BASE = "https://discord.com/api/v10"


class Settings(BaseSettings):
    """One field per environment variable (the field's alias); the README's table lists them."""

    model_config = SettingsConfigDict(
        case_sensitive=True,  # DISCORD_TOKEN, not discord_token
        validate_by_name=True,  # Settings(token=...) as well as the variable names
        validate_by_alias=True,
        extra="ignore",  # a .env may hold other tools' variables
        env_file_encoding="utf-8",
    )

    token: str | None = Field(None, validation_alias="DISCORD_TOKEN")
    database_path: Path = Field(Path("data/bot.sqlite3"), validation_alias="DATABASE_PATH")
    # Set: the games live in this PostgreSQL database instead (several processes can share it).
    database_url: str | None = Field(None, validation_alias="DATABASE_URL")
    dev_guild_id: int | None = Field(None, validation_alias="DEV_GUILD_ID")
    default_lang: Literal["ko", "en"] = Field("ko", validation_alias="DEFAULT_LANG")
    reminder_after_hours: float = Field(24, gt=0, validation_alias="REMINDER_AFTER_HOURS")
    reminder_every_hours: float = Field(24, gt=0, validation_alias="REMINDER_EVERY_HOURS")
    # 0 = no deadline
    turn_deadline_hours: float = Field(0, ge=0, validation_alias="TURN_DEADLINE_HOURS")
    tick_seconds: float = Field(60, gt=0, validation_alias="TICK_SECONDS")
    api_base: str = Field(DISCORD_API_BASE, validation_alias="DISCORD_API_BASE")
    log_level: Literal["DEBUG", "INFO", "WARNING", "ERROR", "CRITICAL"] = Field(
        "INFO", validation_alias="LOG_LEVEL"
    )
    # Discord's sharding: how many shards in all, and which of them this process runs
    # (unset = all of them). Neither set: one unsharded connection.
    shard_count: int | None = Field(None, gt=0, validation_alias="SHARD_COUNT")
    # "0,2" as the variable; NoDecode: pydantic-settings would read a tuple as JSON
    shard_ids: Annotated[tuple[int, ...] | None, NoDecode] = Field(
        None, validation_alias="SHARD_IDS"
    )

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        # Only what the caller passes: reading the environment is load_settings()'s job.
        return (init_settings,)

    @field_validator("token", "dev_guild_id", "database_url", "shard_count", "shard_ids",
                     mode="before")
    @classmethod
    def _blank_is_none(cls, value: object) -> object:
        # An empty `DISCORD_TOKEN=` line in .env means "not set", not "the empty token".
        return None if isinstance(value, str) and not value.strip() else value

    @field_validator("database_url")
    @classmethod
    def _postgres_only(cls, value: str | None) -> str | None:
        if value is not None and not value.startswith(("postgresql://", "postgres://")):
            raise ValueError("must be a PostgreSQL URL: postgresql://user:password@host/db")
        return value

    @field_validator("shard_ids", mode="before")
    @classmethod
    def _comma_list(cls, value: object) -> object:
        if not isinstance(value, str):
            return value
        if not value.strip():
            return None
        parts = [part.strip() for part in value.split(",")]
        if not all(part.isdigit() for part in parts):
            raise ValueError("must be shard numbers separated by commas, e.g. 0,2")
        return tuple(int(part) for part in parts)

    @field_validator("shard_ids")
    @classmethod
    def _shards_of_the_count(
        cls, value: tuple[int, ...] | None, info: ValidationInfo
    ) -> tuple[int, ...] | None:
        if value is None or "shard_count" not in info.data:  # a bad count is reported itself
            return value
        count = info.data["shard_count"]
        if count is None:
            raise ValueError("needs SHARD_COUNT, the number of shards in all")
        if not value:
            raise ValueError("names no shard")
        if len(set(value)) != len(value):
            raise ValueError("names a shard twice")
        outside = [i for i in value if not 0 <= i < count]
        if outside:
            raise ValueError(f"shard ids run from 0 to {count - 1} (SHARD_COUNT={count}), "
                             f"not {', '.join(map(str, outside))}")
        return value

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
    def shards(self) -> tuple[int, ...] | None:
        """The shards this process runs (None: unsharded)."""
        if self.shard_count is None:
            return None
        return self.shard_ids or tuple(range(self.shard_count))

    @property
    def deadline_hours(self) -> float | None:
        return self.turn_deadline_hours or None

    def ensure_database_dir(self) -> Path:
        """Create the database file's directory; return the path."""
        self.database_path.parent.mkdir(parents=True, exist_ok=True)
        return self.database_path


# Environment variable -> Settings field, from the fields' aliases.
ENV_FIELDS: dict[str, str] = {
    str(info.validation_alias): name for name, info in Settings.model_fields.items()
}

SECRET_FIELDS = frozenset({"token", "database_url"})  # never echoed in an error message


class _FromEnvironment(Settings):
    """pydantic-settings' own sources: the process environment over the `.env` file."""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (env_settings, dotenv_settings)


class _FromMapping(Settings):
    """A given mapping stands for the environment (passed as init values) over `.env`."""

    @classmethod
    def settings_customise_sources(
        cls,
        settings_cls: type[BaseSettings],
        init_settings: PydanticBaseSettingsSource,
        env_settings: PydanticBaseSettingsSource,
        dotenv_settings: PydanticBaseSettingsSource,
        file_secret_settings: PydanticBaseSettingsSource,
    ) -> tuple[PydanticBaseSettingsSource, ...]:
        return (init_settings, dotenv_settings)


def explain(error: ValidationError) -> list[str]:
    """One line per bad setting, named by its environment variable (not the field)."""
    names = {field: name for name, field in ENV_FIELDS.items()}
    lines = []
    for problem in error.errors():
        where = str(problem["loc"][0]) if problem["loc"] else ""
        name = where if where in ENV_FIELDS else names.get(where, where)
        value = problem.get("input")
        shown = f"{value!r}" if isinstance(value, str) else "(missing)"
        if ENV_FIELDS.get(name) in SECRET_FIELDS:
            shown = "(hidden)"
        lines.append(f"{name}={shown}: {problem['msg']}")
    return lines


def parse_env_file(text: str) -> dict[str, str]:
    """The KEY=VALUE pairs of a `.env` text, read as load_settings reads the file
    (python-dotenv: `#` comments, `export `, quotes, inline comments after a value)."""
    values = dotenv_values(stream=io.StringIO(text))
    return {key: value for key, value in values.items() if value is not None}


def load_settings(
    env: Mapping[str, str] | None = None, env_file: str | Path | None = ".env"
) -> Settings:
    """Settings from `env` (default: os.environ) over the `.env` file, if it exists."""
    dotenv = Path(env_file) if env_file is not None and Path(env_file).is_file() else None
    loaded: Settings
    if env is None:
        loaded = _FromEnvironment(_env_file=dotenv)  # type: ignore[call-arg]
    else:
        given: dict[str, Any] = {name: env[name] for name in ENV_FIELDS if name in env}
        loaded = _FromMapping(_env_file=dotenv, **given)  # type: ignore[call-arg]
    return Settings.model_validate(loaded.model_dump())
