"""The platform names no game: a new game is new packages (rules/<game>/, render/<game>/,
bot/games/<game>/) and no edit elsewhere. Outside those packages no file imports a game or
names one, in code or in comments."""

from __future__ import annotations

import pkgutil
import re
from pathlib import Path

import rules
from bot import games

ROOT = Path(__file__).resolve().parents[1]


def platform_files() -> list[Path]:
    """bot/ outside bot/games/<game>/, render/'s and rules/' own modules, storage/."""
    files = [p for p in (ROOT / "bot").rglob("*") if p.suffix in (".py", ".md")]
    files = [p for p in files if "games" not in p.relative_to(ROOT / "bot").parts[:-1]]
    files += [ROOT / "bot" / "games" / "__init__.py"]
    files += sorted((ROOT / "render").glob("*.py")) + sorted((ROOT / "rules").glob("*.py"))
    files += [p for p in (ROOT / "storage").rglob("*") if p.suffix in (".py", ".md")]
    return sorted(set(files))


def game_words() -> set[str]:
    """Each game's package name and its words ("terra_mystica" -> "terra mystica", "terra")."""
    words: set[str] = set()
    names = {m.name for m in pkgutil.iter_modules(games.__path__) if m.ispkg}
    for name in {*rules.ENGINES, *names}:
        words |= {name, name.replace("_", " "), name.replace("_", "")}
        words |= {part for part in name.split("_") if len(part) > 3}
    return words


def test_every_game_is_found_by_each_layer() -> None:
    assert {"citadels", "terra_mystica"} <= set(rules.ENGINES)
    assert {"citadels", "terra_mystica"} <= game_words()


def test_no_platform_file_imports_or_names_a_game() -> None:
    words = game_words()
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, words))) + r")\b", re.I)
    found = []
    for path in platform_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            if pattern.search(line):
                found.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
    assert found == []


def test_the_check_would_catch_a_game_name(tmp_path: Path) -> None:
    """The pattern is not vacuous: it finds a game named in a line of code."""
    words = game_words()
    pattern = re.compile(r"\b(" + "|".join(sorted(map(re.escape, words))) + r")\b", re.I)
    assert pattern.search('AUTO = {"terra_mystica": leech}')
    assert pattern.search("from render.citadels import table_png")
    assert not pattern.search("def render_table(game, view):")
