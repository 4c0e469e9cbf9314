"""Citadels-specific text for `/game status`, read only from the engine's public view."""

from __future__ import annotations

from typing import Any

from bot.i18n import t


def _m(key: str, lang: str, **params: Any) -> str:
    return t(f"discord.citadels.{key}", lang, **params)


def _name(names: list[str], seat: int | None) -> str:
    if seat is None:
        return "-"
    return names[seat] if 0 <= seat < len(names) else str(seat + 1)


def status_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    """Round, phase, crown, who is called now, and each seat's public numbers."""
    phase = _m(f"phase.{view.get('phase', 'turns')}", lang)
    lines = [_m("round", lang, round=view.get("round", "?"), phase=phase,
                crown=_name(names, view.get("crown")), deck=view.get("deck_count", "?"))]
    current = view.get("current")
    if current:
        by_id = {c.get("id"): c for c in view.get("characters", [])}
        char = by_id.get(current.get("character"), {})
        label = char.get("name", {}).get(lang) or current.get("character", "?")
        lines.append(_m("current", lang, character=label,
                        player=_name(names, current.get("seat"))))
    for seat in view.get("seats", []):
        lines.append(_m(
            "seat", lang, player=_name(names, seat.get("seat")), gold=seat.get("gold", 0),
            hand=seat.get("hand_count", 0), built=len(seat.get("city", [])),
            score=seat.get("score_public", 0),
            flags=_m("completed", lang) if seat.get("completed") else "",
        ))
    return lines
