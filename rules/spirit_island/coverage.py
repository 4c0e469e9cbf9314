"""How much of the game is encoded and tested (issue 13, point 4): every spirit, innate power
and power card of the three sets (data/catalogue.json: 20 spirits, 39 innates, 247 cards)
with its state and whether a test names it.

- state: "encoded" (in spirits.SPIRITS / powers.INNATES / powers.CARDS, no `not_modelled`
  mark), "not_modelled" (there, but marked: its effect is not whole and it stays out of the
  decks), "missing" (not there at all).
- tested: the name is written as a string literal ("Name" or 'Name') in a test source of
  tests/rules/spirit_island/: a test that names it, not a loop over all the data. Simple
  and checkable by grep; it says a test mentions the name, not that every clause is checked.
"""

from __future__ import annotations

import json
from pathlib import Path

from rules.spirit_island import powers as pw
from rules.spirit_island import spirits as sp

DATA = Path(__file__).parent / "data" / "catalogue.json"
ASPECTS = Path(__file__).parent / "data" / "spirits.json"
TESTS = Path(__file__).resolve().parents[2] / "tests" / "rules" / "spirit_island"
KINDS = ("spirits", "innates", "cards")


def catalogue() -> dict[str, list[str]]:
    raw = json.loads(DATA.read_text(encoding="utf-8"))
    return {"spirits": list(raw["spirits"]), "innates": [r["name"] for r in raw["innates"]],
            "cards": [r["name"] for r in raw["cards"]]}


def read_tests(folder: Path = TESTS) -> str:
    """Every test source's text (empty when the tests are not there, e.g. an installed copy)."""
    if not folder.is_dir():
        return ""
    return "\n".join(p.read_text(encoding="utf-8") for p in sorted(folder.glob("test_*.py")))


def named(name: str, sources: str) -> bool:
    return f'"{name}"' in sources or f"'{name}'" in sources


def aspects(sources: str) -> dict:
    """The aspects' section: totals as for the other kinds, and one row per aspect."""
    rows = json.loads(ASPECTS.read_text(encoding="utf-8"))["aspects"]["rows"]
    items = [{"kind": "aspects", "name": r["name"], "ko": r["ko"], "spirit": r["spirit"],
              "state": "missing", "tested": False} for r in rows]  # nothing to test yet
    return {"total": len(items), "encoded": 0, "not_modelled": 0,
            "tested": sum(r["tested"] for r in items),
            "missing": [r["name"] for r in items], "items": items}


def state_of(kind: str, name: str) -> str:
    table = {"spirits": sp.SPIRITS, "innates": pw.INNATES, "cards": pw.CARDS}[kind]
    row = table.get(name)
    if row is None:
        return "missing"
    return "not_modelled" if row.get("not_modelled") else "encoded"


def report(sources: str | None = None) -> dict:
    """Totals in the issue's shape, the missing names, and one row per name."""
    sources = read_tests() if sources is None else sources
    out: dict = {}
    items = []
    for kind, names in catalogue().items():
        rows = [{"kind": kind, "name": n, "state": state_of(kind, n), "tested": named(n, sources)}
                for n in names]
        items += rows
        out[kind] = {"total": len(rows),
                     "encoded": sum(r["state"] == "encoded" for r in rows),
                     "not_modelled": sum(r["state"] == "not_modelled" for r in rows),
                     "tested": sum(r["tested"] for r in rows)}
    out["missing"] = [r["name"] for r in items if r["state"] == "missing"]
    out["not_modelled"] = [r["name"] for r in items if r["state"] == "not_modelled"]
    out["untested"] = [r["name"] for r in items if not r["tested"]]
    out["items"] = items
    out["aspects"] = aspects(sources)
    return out


def text(data: dict) -> str:
    lines = [f"{kind}: {data[kind]['encoded']}/{data[kind]['total']} encoded, "
             f"{data[kind]['not_modelled']} not modelled, {data[kind]['tested']} tested"
             for kind in KINDS]
    lines.append("missing: " + (", ".join(data["missing"]) or "-"))
    lines.append(f"aspects: 0/{data['aspects']['total']} encoded, missing: "
                 + ", ".join(data["aspects"]["missing"]))
    lines.append("not modelled: " + (", ".join(data["not_modelled"]) or "-"))
    lines.append(f"untested: {len(data['untested'])}")
    return "\n".join(lines)
