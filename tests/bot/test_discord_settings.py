"""Settings from the environment and a .env file; `python -m bot` without a token."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import DISCORD_API_BASE, Settings, load_settings, parse_env_file

ROOT = Path(__file__).resolve().parents[2]


def test_defaults_without_anything(tmp_path: Path) -> None:
    s = load_settings({}, env_file=tmp_path / "missing.env")
    assert s.token is None
    assert s.database_path == Path("data/bot.sqlite3")
    assert s.default_lang == "ko"
    assert (s.reminder_after_hours, s.reminder_every_hours) == (24, 24)
    assert s.turn_deadline_hours == 0 and s.deadline_hours is None
    assert s.tick_seconds == 60
    assert s.api_base == DISCORD_API_BASE and not s.custom_api
    assert s.dev_guild_id is None


def test_env_file_then_environment_wins(tmp_path: Path) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text(
        "# comment\n"
        "export DISCORD_TOKEN='file-token'\n"
        "DEV_GUILD_ID=1234\n"
        "DEFAULT_LANG=en\n"
        "TURN_DEADLINE_HOURS=48 # two days\n"
        'DISCORD_API_BASE="http://127.0.0.1:9999/api/v10/"\n'
        "\n"
        "not a setting line\n",
        encoding="utf-8",
    )
    s = load_settings({"DISCORD_TOKEN": "env-token", "TICK_SECONDS": "5"}, env_file=env_file)
    assert s.token == "env-token"
    assert s.dev_guild_id == 1234
    assert s.default_lang == "en"
    assert s.turn_deadline_hours == 48 and s.deadline_hours == 48
    assert s.tick_seconds == 5
    assert s.api_base == "http://127.0.0.1:9999/api/v10" and s.custom_api


def test_blank_values_mean_unset(tmp_path: Path) -> None:
    s = load_settings({"DISCORD_TOKEN": "", "DEV_GUILD_ID": " "}, env_file=None)
    assert s.token is None and s.dev_guild_id is None


@pytest.mark.parametrize(
    "env", [{"DEFAULT_LANG": "fr"}, {"TICK_SECONDS": "0"}, {"DEV_GUILD_ID": "abc"}]
)
def test_bad_values_are_rejected(env: dict[str, str]) -> None:
    with pytest.raises(ValidationError):
        load_settings(env, env_file=None)


def test_parse_env_file_keeps_hashes_inside_quotes() -> None:
    assert parse_env_file('A="x # y"\nB=plain\nC=\n') == {"A": "x # y", "B": "plain", "C": ""}


def test_database_dir_is_created(tmp_path: Path) -> None:
    s = Settings(database_path=tmp_path / "deep" / "dir" / "bot.sqlite3")
    assert s.ensure_database_dir().parent.is_dir()


def test_env_example_documents_every_setting() -> None:
    from bot.settings import ENV_FIELDS

    text = (ROOT / ".env.example").read_text(encoding="utf-8")
    parsed = parse_env_file(text)
    assert set(parsed) == set(ENV_FIELDS)
    for name in ENV_FIELDS:  # each setting has a comment line right above it (or its group)
        line = next(i for i, ln in enumerate(text.splitlines()) if ln.startswith(name + "="))
        above = text.splitlines()[:line]
        assert any(ln.startswith("#") for ln in above[-3:]), name
    load_settings(parsed, env_file=None)  # the example itself is valid


def test_main_without_token_prints_help_and_exits_0(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN",)}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=60,
    )
    assert proc.returncode == 0, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    assert "Reset Token" in proc.stdout and "New Application" in proc.stdout
    assert ".env" in proc.stdout


def test_main_help_path_does_not_import_discord(tmp_path: Path) -> None:
    code = (
        "import sys, runpy\n"
        "sys.argv=['bot']\n"
        "try:\n    runpy.run_module('bot', run_name='__main__')\n"
        "except SystemExit as e:\n    assert e.code == 0, e.code\n"
        "print('discord' in sys.modules)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("False")
