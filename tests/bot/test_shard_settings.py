"""SHARD_COUNT and SHARD_IDS: read, checked, and turned into discord.py's shard options
(one shard: a Bot with shard_id; several: an AutoShardedBot with shard_ids)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest
from pydantic import ValidationError

from bot.app import GameBot, ShardedGameBot, create_bot, shard_options
from bot.settings import Settings, explain, load_settings

ROOT = Path(__file__).resolve().parents[2]


@pytest.mark.parametrize(
    ("env", "count", "ids", "shards"),
    [
        ({}, None, None, None),
        ({"SHARD_COUNT": "", "SHARD_IDS": " "}, None, None, None),  # blank = unset
        ({"SHARD_COUNT": "3"}, 3, None, (0, 1, 2)),  # no ids: every shard
        ({"SHARD_COUNT": "3", "SHARD_IDS": " 2, 0 "}, 3, (2, 0), (2, 0)),
        ({"SHARD_COUNT": "1", "SHARD_IDS": "0"}, 1, (0,), (0,)),
    ],
)
def test_read(env: dict[str, str], count: int | None, ids: tuple[int, ...] | None,
              shards: tuple[int, ...] | None) -> None:
    s = load_settings(env, env_file=None)
    assert (s.shard_count, s.shard_ids, s.shards) == (count, ids, shards)


def test_read_from_the_environment_and_env_file(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    env_file = tmp_path / ".env"
    env_file.write_text("SHARD_COUNT=4\nSHARD_IDS=1,3\n", encoding="utf-8")
    monkeypatch.delenv("SHARD_COUNT", raising=False)
    monkeypatch.setenv("SHARD_IDS", "0,2")  # the environment wins, read as a list, not JSON
    s = load_settings(env_file=env_file)
    assert (s.shard_count, s.shards) == (4, (0, 2))


@pytest.mark.parametrize(
    ("env", "line"),
    [
        ({"SHARD_IDS": "1"}, "SHARD_IDS='1': Value error, needs SHARD_COUNT"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0,2"},
         "SHARD_IDS='0,2': Value error, shard ids run from 0 to 1 (SHARD_COUNT=2), not 2"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "1,1"}, "SHARD_IDS='1,1': Value error, names a "
                                                   "shard twice"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "0;1"}, "SHARD_IDS='0;1': Value error, must be "
                                                   "shard numbers separated by commas"),
        ({"SHARD_COUNT": "2", "SHARD_IDS": "-1"}, "SHARD_IDS='-1': Value error, must be"),
        ({"SHARD_COUNT": "0"}, "SHARD_COUNT='0': Input should be greater than 0"),
        ({"SHARD_COUNT": "two"}, "SHARD_COUNT='two': Input should be a valid integer"),
    ],
)
def test_refused_with_the_variable_named(env: dict[str, str], line: str) -> None:
    with pytest.raises(ValidationError) as caught:
        load_settings(env, env_file=None)
    lines = explain(caught.value)
    assert len(lines) == 1 and lines[0].startswith(line), lines  # a bad count: not twice


@pytest.mark.parametrize(
    ("shards", "options", "cls"),
    [
        ({}, {}, GameBot),
        ({"shard_count": 2, "shard_ids": (1,)}, {"shard_id": 1, "shard_count": 2}, GameBot),
        ({"shard_count": 1}, {"shard_id": 0, "shard_count": 1}, GameBot),
        ({"shard_count": 4, "shard_ids": (3, 1)}, {"shard_ids": [3, 1], "shard_count": 4},
         ShardedGameBot),
        ({"shard_count": 2}, {"shard_ids": [0, 1], "shard_count": 2}, ShardedGameBot),
    ],
)
async def test_the_bot_runs_the_shards(shards: dict[str, object], options: dict[str, object],
                                       cls: type[GameBot]) -> None:
    settings = Settings(token="unused", **shards)
    assert shard_options(settings) == options
    # entered as run_bot does (an AutoShardedBot closed before it was entered cannot close)
    async with create_bot(settings, store=object()) as bot:  # type: ignore[arg-type]
        assert type(bot) is cls
        assert bot.shard_count == options.get("shard_count")
        if cls is ShardedGameBot:
            assert bot.shard_ids == options["shard_ids"]
        else:
            assert bot.shard_id == options.get("shard_id")


def test_python_m_bot_refuses_a_bad_shard_id(tmp_path: Path) -> None:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("SHARD_", "DISCORD_"))}
    env.update(DISCORD_TOKEN="t", SHARD_COUNT="2", SHARD_IDS="5", PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "bot"], cwd=tmp_path, env=env,
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 2, proc.stderr
    assert "Traceback" not in proc.stderr + proc.stdout
    assert "SHARD_IDS='5'" in proc.stderr and "from 0 to 1" in proc.stderr
