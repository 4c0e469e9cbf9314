"""The repository stands alone: a clone with nothing beside it has all the docs and tests use.

No markdown file and no test file names a path outside the repository (the data set and
design notes once read from a `shared` folder beside it), relative links in markdown resolve
inside the repository, and the end-to-end tests carry the `e2e` marker that the fast suite
leaves out.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

from tests.conftest import E2E_PATHS, is_e2e

ROOT = Path(__file__).resolve().parents[1]
TESTS = ROOT / "tests"
SKIP_DIRS = {".git", ".venv", "venv", "node_modules", "__pycache__"}
SKIP_ENDINGS = (".egg-info", "_cache")

# Written in pieces so that this file does not name them itself.
SHARED = "shared" + "/"
OUTSIDE = re.compile("|".join([re.escape(".." + "/" + "shared"), r"(?<![\w-])" + SHARED]))
LINK = re.compile(r"\]\(([^)\s]+)\)")


def repo_files(top: Path, suffixes: tuple[str, ...] | None = None) -> list[Path]:
    found = []
    for folder, dirs, files in os.walk(top):
        dirs[:] = [d for d in dirs if d not in SKIP_DIRS and not d.endswith(SKIP_ENDINGS)]
        for name in files:
            path = Path(folder) / name
            if suffixes is None or path.suffix in suffixes:
                found.append(path)
    return sorted(found)


def outside_paths(text: str) -> list[str]:
    return [m.group(0) for m in OUTSIDE.finditer(text)]


def test_the_outside_path_check_catches_what_it_should() -> None:
    assert outside_paths("see " + ".." + "/" + "shared" + "/DESIGN.md") != []
    assert outside_paths("in `" + SHARED + "rules/terra-mystica.md`") != []
    assert outside_paths("/work/" + SHARED + "data/x.json") != []
    assert outside_paths("the shared drawing helpers; render/ shared modules") == []
    assert outside_paths("tests/shared.db, a_shared" + "/list") == []


def test_no_markdown_names_a_path_outside_the_repository() -> None:
    docs = repo_files(ROOT, (".md",))
    assert ROOT / "README.md" in docs and ROOT / "ARCHITECTURE.md" in docs
    bad = {str(p.relative_to(ROOT)): outside_paths(p.read_text(encoding="utf-8")) for p in docs}
    assert {name: hits for name, hits in bad.items() if hits} == {}


def test_no_test_file_names_a_path_outside_the_repository() -> None:
    bad = {}
    for path in repo_files(TESTS):
        try:
            text = path.read_text(encoding="utf-8")
        except UnicodeDecodeError:
            continue  # pictures and other binary fixtures
        hits = outside_paths(text)
        if hits:
            bad[str(path.relative_to(ROOT))] = hits
    assert bad == {}


def test_relative_links_in_markdown_resolve_inside_the_repository() -> None:
    for doc in repo_files(ROOT, (".md",)):
        for target in LINK.findall(doc.read_text(encoding="utf-8")):
            if re.match(r"^[a-z]+:|^#", target):
                continue  # a web address or an anchor in the same file
            path = (doc.parent / target.split("#")[0]).resolve()
            assert path.is_relative_to(ROOT), (doc, target)
            assert path.exists(), (doc, target)


def test_what_the_readme_names_is_in_the_repository() -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    names = ("rules/terra_mystica/NOTATION.md", "ARCHITECTURE.md", "rules/citadels/NOTATION.md")
    for name in names:
        assert name in readme, name
        assert (ROOT / name).is_file(), name
    spec = TESTS / "twin" / "openapi"
    assert (spec / "openapi.json").is_file() and (spec / "LICENSE").is_file()


def test_the_notation_spec_is_the_one_the_engine_follows() -> None:
    spec = (ROOT / "rules" / "terra_mystica" / "NOTATION.md").read_text(encoding="utf-8")
    assert spec.startswith("# Terra Mystica game-log notation")
    assert "jsnell/terra-mystica" in spec and "[verified]" in spec


def test_e2e_paths_exist_and_are_matched_by_path() -> None:
    for entry in E2E_PATHS:
        assert (TESTS / entry).exists(), entry  # a renamed file would silently lose its mark
    assert is_e2e(TESTS / "e2e" / "test_e2e_citadels.py")
    assert is_e2e(TESTS / "twin" / "test_twin_client.py")
    assert not is_e2e(TESTS / "twin" / "test_twin_validation.py")
    assert not is_e2e(TESTS / "e2e_notes.py")  # a directory entry matches only inside it


def test_the_fast_suite_leaves_out_exactly_the_end_to_end_tests() -> None:
    """Marked before pytest deselects by -m: the e2e file's tests are all left out."""
    e2e, fast = "tests/e2e/test_e2e_korean.py", "tests/twin/test_twin_validation.py"
    proc = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-p", "no:cacheprovider",
         "-m", "not e2e", e2e, fast],
        cwd=ROOT, capture_output=True, text=True, timeout=240,
    )
    assert proc.returncode == 0, proc.stdout[-2000:] + proc.stderr[-2000:]
    nodes = [line for line in proc.stdout.splitlines() if "::" in line]
    assert nodes and all(node.startswith(fast + "::") for node in nodes), nodes
    assert re.search(r"\b[1-9]\d* deselected", proc.stdout), proc.stdout[-500:]


def test_no_data_table_or_module_names_a_path_outside_the_repository() -> None:
    # a table's source note names the data set and its public sources, not a folder a
    # person who clones the repository does not have
    files = [p for top in ("rules", "render", "bot", "storage", "bench")
             for p in repo_files(ROOT / top, (".json", ".py", ".csv"))]
    assert any(p.suffix == ".json" for p in files)
    bad = {str(p.relative_to(ROOT)): outside_paths(p.read_text(encoding="utf-8")) for p in files}
    assert {name: hits for name, hits in bad.items() if hits} == {}
