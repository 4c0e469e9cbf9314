"""Final score items and the viewer's secret markers, as words."""

from __future__ import annotations

from typing import Any

from render.citadels.district_types import TYPE_NAMES
from render.citadels.labels import pick_text
from render.citadels.view import Card, CitadelsView, Lang

# Score breakdown keys the engine may use; an unknown key is shown as written.
BREAKDOWN: dict[str, dict[str, str]] = {
    "districts": {"en": "district costs", "ko": "건설 비용"},
    "five_types": {"en": "all 5 types", "ko": "5가지 종류"},
    "first_complete": {"en": "first complete", "ko": "첫 완성"},
    "complete": {"en": "complete city", "ko": "도시 완성"},
    "secret_vault": {"en": "Secret Vault", "ko": "비밀 금고"},
}
BASE = ("districts", "five_types", "first_complete", "complete")  # the scoring's own order
ENDING = ("secret_vault",)  # a card in hand, after the city's unique districts
# The engine marks the Haunted Quarter's chosen type with a zero entry "haunted_quarter_<type>".
HAUNTED_PREFIX = "haunted_quarter_"
HAUNTED_QUARTER = "haunted_quarter"

SECRET_MARKERS: dict[str, dict[str, str]] = {
    "signed": {"en": "Signed warrant", "ko": "인장이 찍힌 영장"},
    "flower": {"en": "Flowered threat", "ko": "꽃 자수 협박"},
}


def in_order(breakdown: dict[str, Any]) -> list[tuple[str, Any]]:
    """The items in one order for every seat: BREAKDOWN's, then unique districts, then the
    Haunted Quarter's type (a stored result comes back with its keys sorted)."""

    def place(key: str) -> tuple[int, int]:
        if key.startswith(HAUNTED_PREFIX):
            return 3, 0
        if key in ENDING:
            return 2, 0
        return (0, BASE.index(key)) if key in BASE else (1, 0)

    return sorted(breakdown.items(), key=lambda kv: place(kv[0]))


def score_words(breakdown: dict[str, int], city: list[Card], lang: Lang) -> list[str]:
    """Score items as words: named by BREAKDOWN, else by the district of that id in the city."""
    names = {c.id: c.name for c in city}
    parts = []
    for key, points in in_order(breakdown):
        if key.startswith(HAUNTED_PREFIX):
            kind = key.removeprefix(HAUNTED_PREFIX)
            haunted = names.get(HAUNTED_QUARTER)
            name = pick_text(haunted, lang) if haunted else kind
            parts.append(f"{name} = {pick_text(TYPE_NAMES.get(kind, {'en': kind}), lang)}")
        elif points:
            if key in BREAKDOWN:
                name = pick_text(BREAKDOWN[key], lang)
            elif key in names:
                name = pick_text(names[key], lang)
            else:
                name = key.replace("_", " ")
            parts.append(f"{name} {points}" if key == "districts" else f"{name} {points:+d}")
    return parts


def secret_words(markers: dict[str, Any], view: CitadelsView, lang: Lang) -> list[str]:
    """One line per secret marker the viewer holds, character ids shown as names."""

    def shown(value: Any) -> str:
        if isinstance(value, list):
            return ", ".join(shown(v) for v in value)
        if isinstance(value, str) and any(c.id == value for c in view.characters):
            return pick_text(view.character(value).name, lang)
        return str(value)

    lines = []
    for key, value in markers.items():
        if value in (None, False, [], {}):
            continue
        name = pick_text(SECRET_MARKERS.get(key, {"en": key.replace("_", " ")}), lang)
        lines.append(f"{name}: {shown(value)}")
    return lines
