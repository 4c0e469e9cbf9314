"""Settings from the environment and a .env file; `python -m bot` without a token."""

from __future__ import annotations

import http.server
import os
import shutil
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.settings import DISCORD_API_BASE, Settings, explain, load_settings, parse_env_file

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


def test_main_without_token_prints_help_and_exits_non_zero(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if k not in ("DISCORD_TOKEN",)}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-m", "bot"], cwd=tmp_path, env=env, capture_output=True, text=True,
        timeout=60,
    )
    assert proc.returncode == 2, proc.stderr  # a setting to fix: a script must not see success
    assert "Traceback" not in proc.stderr + proc.stdout
    assert "Reset Token" in proc.stdout and "New Application" in proc.stdout
    assert ".env" in proc.stdout


def test_main_help_path_does_not_import_discord(tmp_path: Path) -> None:
    code = (
        "import sys, runpy\n"
        "sys.argv=['bot']\n"
        "try:\n    runpy.run_module('bot', run_name='__main__')\n"
        "except SystemExit as e:\n    assert e.code == 2, e.code\n"
        "print('discord' in sys.modules)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "DISCORD_TOKEN"}
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run([sys.executable, "-c", code], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.strip().endswith("False")


def _run_bot(tmp_path: Path, **env_vars: str) -> subprocess.CompletedProcess[str]:
    """`python -m bot` in an empty directory (no .env) with these settings."""
    env = {k: v for k, v in os.environ.items() if k not in ENV_NAMES}
    env.update(env_vars, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)


ENV_NAMES = ("DISCORD_TOKEN", "DATABASE_PATH", "DATABASE_URL", "DEV_GUILD_ID", "DEFAULT_LANG",
             "REMINDER_AFTER_HOURS", "REMINDER_EVERY_HOURS", "TURN_DEADLINE_HOURS",
             "TICK_SECONDS", "DISCORD_API_BASE", "LOG_LEVEL", "SHARD_COUNT", "SHARD_IDS")


def test_env_names_here_are_every_setting() -> None:
    from bot.settings import ENV_FIELDS

    assert set(ENV_NAMES) == set(ENV_FIELDS)
    assert set(ENV_FIELDS.values()) == set(Settings.model_fields)  # each field has a variable


def test_log_level_is_checked_and_case_free() -> None:
    assert load_settings({"LOG_LEVEL": " debug "}, env_file=None).log_level == "DEBUG"
    with pytest.raises(ValidationError):
        load_settings({"LOG_LEVEL": "loud"}, env_file=None)


def test_bad_settings_are_named_by_variable_without_traceback(tmp_path: Path) -> None:
    proc = _run_bot(tmp_path, DISCORD_TOKEN="secret-token-123", DEFAULT_LANG="fr",
                    TICK_SECONDS="0")
    assert proc.returncode == 2
    assert "Traceback" not in proc.stderr + proc.stdout
    assert "DEFAULT_LANG='fr'" in proc.stderr and "TICK_SECONDS='0'" in proc.stderr
    assert ".env.example" in proc.stderr


def test_explain_never_shows_the_token() -> None:
    from bot.settings import explain

    try:
        Settings.model_validate({"token": 12345})
    except ValidationError as error:
        lines = explain(error)
    assert lines == [lines[0]] and lines[0].startswith("DISCORD_TOKEN=(hidden)")


@pytest.mark.parametrize("where", ["a_directory", "not_a_database", "under_a_file"])
def test_unusable_database_path_is_explained(tmp_path: Path, where: str) -> None:
    (tmp_path / "a_directory").mkdir()
    (tmp_path / "not_a_database").write_text("hello, this is text\n" * 20)
    (tmp_path / "file").write_text("x")
    path = {"a_directory": tmp_path / "a_directory", "not_a_database":
            tmp_path / "not_a_database", "under_a_file": tmp_path / "file" / "bot.sqlite3"}[where]
    proc = _run_bot(tmp_path, DISCORD_TOKEN="t", DATABASE_PATH=str(path))
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    assert f"DATABASE_PATH={path} cannot be used" in proc.stderr


def test_good_database_path_is_created_before_login(tmp_path: Path) -> None:
    from bot.__main__ import database_problem

    path = tmp_path / "new" / "dir" / "bot.sqlite3"
    assert database_problem(path) is None and path.parent.is_dir()


class _Refuse(http.server.BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # Discord's answer to a wrong token
        body = b'{"message": "401: Unauthorized", "code": 0}'
        self.send_response(401)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


def test_refused_token_and_unreachable_api_exit_with_a_message(tmp_path: Path) -> None:
    server = http.server.HTTPServer(("127.0.0.1", 0), _Refuse)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    try:
        api = f"http://127.0.0.1:{server.server_port}/api/v10"
        proc = _run_bot(tmp_path, DISCORD_TOKEN="wrong", DISCORD_API_BASE=api,
                        DATABASE_PATH=str(tmp_path / "bot.sqlite3"))
    finally:
        server.shutdown()
        server.server_close()  # the port now refuses connections
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr and "Discord refused DISCORD_TOKEN" in proc.stderr
    # Nothing listens on that port now: the bot cannot reach its API.
    proc = _run_bot(tmp_path, DISCORD_TOKEN="t", DISCORD_API_BASE=api,
                    DATABASE_PATH=str(tmp_path / "bot.sqlite3"))
    assert proc.returncode == 1, proc.stderr
    assert "Traceback" not in proc.stderr and "Cannot reach Discord at" in proc.stderr
    assert "logging in" in proc.stderr and "voice" not in proc.stderr  # no voice noise
    assert f"DISCORD_API_BASE={api} is set" in proc.stderr  # the setting that points elsewhere


def test_make_run_without_a_token_fails(tmp_path: Path) -> None:
    """`make run` reports the missing token as a failure, so a script or make stops there."""
    if shutil.which("make") is None or not (ROOT / ".venv" / "bin" / "python").exists():
        pytest.skip("needs make and the repository's .venv (make test provides both)")
    env = {k: v for k, v in os.environ.items() if not k.startswith("MAKE")}
    env["DISCORD_TOKEN"] = ""  # the environment wins over any .env: no token
    # -o: never (re)install here, whatever the stamp's age; only the run itself is tested
    proc = subprocess.run(["make", "-s", "-C", str(ROOT), "-o", ".venv/.installed", "run"],
                          env=env, capture_output=True, text=True, timeout=120)
    assert proc.returncode != 0, proc.stdout + proc.stderr
    assert "No DISCORD_TOKEN is set" in proc.stdout


def test_unreachable_names_discord_api_base_only_when_it_is_changed() -> None:
    from bot.__main__ import unreachable

    error = OSError("Connection refused")
    plain = unreachable(Settings(token="t"), error)
    assert "Cannot reach Discord at https://discord.com/api/v10" in plain
    assert "DISCORD_API_BASE" not in plain  # Discord's own address: nothing to change
    moved = unreachable(Settings(token="t", api_base="http://10.0.0.9:8080/api/v10"), error)
    assert "DISCORD_API_BASE=http://10.0.0.9:8080/api/v10 is set" in moved
    assert DISCORD_API_BASE in moved  # and what it would be otherwise


def test_process_environment_wins_over_env_file(tmp_path: Path, monkeypatch) -> None:
    """load_settings() without a mapping reads os.environ itself (pydantic-settings' source)."""
    for name in ENV_NAMES:
        monkeypatch.delenv(name, raising=False)
    env_file = tmp_path / ".env"
    env_file.write_text("DISCORD_TOKEN=file-token\nTICK_SECONDS=5\nDEFAULT_LANG=en\n"
                        "SOME_OTHER_TOOL=1\n", encoding="utf-8")
    monkeypatch.setenv("DISCORD_TOKEN", "env-token")
    monkeypatch.setenv("DEFAULT_LANG", "")  # set but empty in the environment: still wins
    monkeypatch.setenv("discord_api_base", "http://lower.case/")  # names are exact
    with pytest.raises(ValidationError) as raised:
        load_settings(env_file=env_file)
    assert [line.split(":")[0] for line in explain(raised.value)] == ["DEFAULT_LANG=''"]
    monkeypatch.delenv("DEFAULT_LANG")
    s = load_settings(env_file=env_file)
    assert (s.token, s.tick_seconds, s.default_lang) == ("env-token", 5, "en")
    assert s.api_base == DISCORD_API_BASE
    monkeypatch.setenv("DISCORD_TOKEN", "")  # an empty variable unsets the file's token
    assert load_settings(env_file=env_file).token is None


def test_settings_built_in_code_read_neither_environment_nor_env_file(
    tmp_path: Path, monkeypatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / ".env").write_text("DEFAULT_LANG=en\nTICK_SECONDS=5\n", encoding="utf-8")
    monkeypatch.setenv("DISCORD_TOKEN", "env-token")
    assert Settings() == Settings.model_validate({})
    assert Settings().token is None and Settings().default_lang == "ko"
    assert Settings(tick_seconds=7).tick_seconds == 7
    assert load_settings().default_lang == "en"  # only load_settings reads them
