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


# The engine's message params that name seats, characters or districts by index or id
# (rules/citadels/messages.py): shown as player names and localised names.
SEAT_PARAMS = frozenset({"s", "target", "by", "victims", "winners"})
CHARACTER_PARAMS = frozenset({"character"})
CARD_PARAMS = frozenset({"card", "mine", "cards"})


def _card_names(view: dict[str, Any]) -> dict[str, Any]:
    """District id -> bilingual name, from every card the view shows."""
    cards: list[dict[str, Any]] = []
    for seat in view.get("seats", []):
        cards += seat.get("city", [])
    me = view.get("me") or {}
    cards += me.get("hand", []) + (me.get("drawn") or [])
    return {c["id"]: c.get("name", c["id"]) for c in cards if isinstance(c, dict) and "id" in c}


def event_params(
    params: dict[str, Any], view: dict[str, Any], names: list[str]
) -> dict[str, Any]:
    """Seat indexes → player names, character and district ids → {"en", "ko"} names."""
    characters = {c.get("id"): c.get("name", c.get("id")) for c in view.get("characters", [])}
    cards = _card_names(view)

    def seat(value: Any) -> Any:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(names):
            return names[value]
        return value

    def each(value: Any, one: Any) -> Any:
        return [one(v) for v in value] if isinstance(value, list) else one(value)

    out: dict[str, Any] = {}
    for key, value in params.items():
        if key in SEAT_PARAMS:
            out[key] = each(value, seat)
        elif key in CHARACTER_PARAMS:
            out[key] = each(value, lambda v: characters.get(v, v) if isinstance(v, str) else v)
        elif key in CARD_PARAMS:
            out[key] = each(value, lambda v: cards.get(v, v) if isinstance(v, str) else v)
        else:
            out[key] = value
    return out
