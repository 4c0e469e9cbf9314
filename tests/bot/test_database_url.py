"""DATABASE_URL: the one setting that puts the bot's games in PostgreSQL instead of SQLite."""

from __future__ import annotations

import pytest
from pydantic import ValidationError

from bot.app import _open_default_store
from bot.settings import Settings, explain, load_settings
from storage.postgres import PostgresStore
from storage.sqlite import SqliteStore
from tests.bot.test_discord_settings import _run_bot
from tests.postgres_server import PostgresServer, _free_port


async def test_the_bot_opens_postgresql_when_the_url_is_set(
    postgres_server: PostgresServer, tmp_path
) -> None:
    dsn = await postgres_server.empty_database("bot_url")
    store = await _open_default_store(
        Settings(database_url=dsn, database_path=tmp_path / "unused" / "bot.sqlite3")
    )
    try:
        assert isinstance(store, PostgresStore)
        game = await store.create_game("example", guild_id=1, channel_id=2, host_id=3, lang="en")
        assert (await store.get_game(game.id)).seats == [3]  # migrated and in use
    finally:
        await store.close()
    assert not (tmp_path / "unused").exists()  # no SQLite file made on the side


async def test_without_the_url_the_bot_keeps_its_sqlite_file(tmp_path) -> None:
    store = await _open_default_store(Settings(database_path=tmp_path / "data" / "bot.sqlite3"))
    try:
        assert isinstance(store, SqliteStore)
        assert (tmp_path / "data" / "bot.sqlite3").exists()
    finally:
        await store.close()


def test_the_url_must_be_postgresqls_and_is_never_echoed() -> None:
    url = "postgresql://bot:s3cret@db.internal:5432/games"
    assert load_settings({"DATABASE_URL": url}, env_file=None).database_url == url
    assert load_settings({"DATABASE_URL": "  "}, env_file=None).database_url is None
    with pytest.raises(ValidationError) as info:
        load_settings({"DATABASE_URL": "mysql://bot:s3cret@db/games"}, env_file=None)
    [line] = explain(info.value)
    assert line.startswith("DATABASE_URL=(hidden): ") and "s3cret" not in line


@pytest.mark.parametrize("problem", ["no_server", "no_database"])
def test_an_unusable_url_stops_the_bot_naming_the_setting(
    tmp_path, postgres_server: PostgresServer, problem: str
) -> None:
    port = _free_port() if problem == "no_server" else postgres_server.port
    url = f"postgresql://postgres:s3cret@127.0.0.1:{port}/nowhere"
    proc = _run_bot(tmp_path, DISCORD_TOKEN="t", DATABASE_URL=url)
    assert proc.returncode == 2
    assert "DATABASE_URL cannot be used as the PostgreSQL database" in proc.stderr
    assert "Traceback" not in proc.stderr and "s3cret" not in proc.stderr
    assert ("nowhere" in proc.stderr) == (problem == "no_database")  # the server's own words
