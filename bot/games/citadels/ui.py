"""Citadels-specific text for `/game status`, read only from the engine's public view."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from bot.i18n import has, t
from render.citadels.district_types import TYPE_NAMES as PICTURE_TYPE_NAMES
from render.citadels.words import BREAKDOWN, in_order
from rules.citadels.abilities import PRICED
from rules.citadels.characters import CHARACTER
from rules.citadels.districts import DISTRICT, TYPE_NAMES
from rules.core import Action, Choice


def _m(key: str, lang: str, **params: Any) -> str:
    return t(f"citadels.status.{key}", lang, **params)


def _name(names: list[str], seat: int | None) -> str:
    if seat is None:
        return "-"
    return names[seat] if 0 <= seat < len(names) else str(seat + 1)


# Stages where no character is called: the line says what the seat is doing instead.
UNCALLED_STAGES = frozenset({"draft", "theater", "advisor"})


def _current_line(
    current: dict[str, Any], view: dict[str, Any], lang: str, names: list[str]
) -> str:
    player = _name(names, current.get("seat"))
    stage = current.get("stage")
    if stage in UNCALLED_STAGES or current.get("character") is None:
        return _m(f"current.{stage if stage in UNCALLED_STAGES else 'draft'}", lang, player=player)
    by_id = {c.get("id"): c for c in view.get("characters", [])}
    char = by_id.get(current["character"], {})
    label = char.get("name", {}).get(lang) or current["character"]
    return _m("current", lang, character=label, player=player)


def status_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    """Round, phase, crown, who is called now, and each seat's public numbers."""
    phase = _m(f"phase.{view.get('phase', 'turns')}", lang)
    lines = [
        _m(
            "round",
            lang,
            round=view.get("round", "?"),
            phase=phase,
            crown=_name(names, view.get("crown")),
            deck=view.get("deck_count", "?"),
        )
    ]
    current = view.get("current")
    if current:
        lines.append(_current_line(current, view, lang, names))
    for seat in view.get("seats", []):
        lines.append(
            _m(
                "seat",
                lang,
                player=_name(names, seat.get("seat")),
                gold=seat.get("gold", 0),
                hand=seat.get("hand_count", 0),
                built=len(seat.get("city", [])),
                score=seat.get("score_public", 0),
                flags=_m("completed", lang) if seat.get("completed") else "",
            )
        )
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


def event_params(params: dict[str, Any], view: dict[str, Any], names: list[str]) -> dict[str, Any]:
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


# Choice labels: "choice.<type>[_<variant>]" in the engine's catalogue, with names for the
# action's seats, characters and districts. Presentation only: the notation stays the id.
CHOICE_VARIANT: dict[str, Callable[[Action], str | None]] = {
    "discard": lambda a: "card" if "card" in a else None,
    "crown": lambda a: (a["take"] or "none") if "take" in a else None,
    "navigate": lambda a: str(a.get("what")),
    # the Abbot's split: all gold, all cards, or both (rules.citadels.abilities)
    "income": lambda a: (
        None
        if "gold" not in a
        else (("mix" if a["gold"] else "cards") if a.get("cards") else "gold")
    ),
    # the gold a gather takes, 3 with the Gold Mine (a bare action: "Take 2 gold")
    "gold": lambda a: "amount" if "amount" in a else None,
    "cards": lambda a: "count" if "drawn" in a else None,  # 3 with the Observatory
    "pass": lambda a: "hide" if a.get("hide") else None,  # a threat or warrant kept hidden
    "build": lambda a: next((k for k in ("via", "cards", "from") if k in a), None),
    # paid actions (rules.citadels.abilities.PRICED): "— 3 gold", or "— free" at 0
    **{kind: (lambda a: "free" if a.get("price") == 0 else None) for kind in PRICED},
}
# action key -> (template param, what the value is)
CHOICE_PARAM_NAMES: dict[str, tuple[str, str]] = {
    "seat": ("target", "seat"),
    "from": ("target", "seat"),
    "character": ("character", "character"),
    "card": ("card_name", "district"),
    "mine": ("mine_name", "district"),
    "via": ("via_name", "district"),
    "kind": ("kind_name", "kind"),
    "cards": ("count", "number"),
    "gold": ("gold", "number"),
    "price": ("price", "number"),
    "amount": ("amount", "number"),
    "drawn": ("drawn", "number"),
    "kept": ("kept", "number"),
}


def choice_key(action: Action) -> str:
    kind = str(action.get("type"))
    variant_of = CHOICE_VARIANT.get(kind)
    variant = variant_of(action) if variant_of else None
    return f"citadels.choice.{kind}" + (f"_{variant}" if variant else "")


def _named(what: str, value: Any, names: list[str]) -> Any:
    if what == "seat" and isinstance(value, int):
        return _name(names, value)
    if what == "character" and value in CHARACTER:
        return {"en": CHARACTER[value].en, "ko": CHARACTER[value].ko}
    if what == "district" and value in DISTRICT:
        return {"en": DISTRICT[value].en, "ko": DISTRICT[value].ko}
    if what == "kind" and value in TYPE_NAMES:
        return TYPE_NAMES[value]
    return value


def choice_params(action: Action, names: list[str], lang: str) -> dict[str, Any]:
    """The label's params: names for seats, characters, districts."""
    params: dict[str, Any] = {}
    for key, value in action.items():
        if key in CHOICE_PARAM_NAMES:
            param, what = CHOICE_PARAM_NAMES[key]
            params[param] = _named(what, value, names)
    return params


def choice_label(choice: Choice, names: list[str], lang: str) -> str | None:
    """The button label naming players and cards; None if the catalogue has no key for it."""
    key = choice_key(choice.action)
    if not (has(key, lang) or has(key)):
        return None
    return t(key, lang, **choice_params(choice.action, names, lang))


# Final score items (rules/citadels/scoring.py breakdown keys) in the same words as the
# table picture's score panel; a unique district's bonus is named by the district.
SCORE_ITEMS: dict[str, dict[str, str]] = BREAKDOWN
HAUNTED_PREFIX = "haunted_quarter_"


def score_breakdown(breakdown: dict[str, Any], lang: str) -> str:
    """A final score's items as words: "건설 비용 22, 드래곤 게이트 +2, ..."; the Haunted
    Quarter's chosen type as "유령 지구 = 귀족". Never a raw key."""

    def pick(names: dict[str, str]) -> str:
        return names.get(lang) or names.get("en") or next(iter(names.values()))

    parts: list[str] = []
    for key, points in in_order(breakdown):
        if key.startswith(HAUNTED_PREFIX):
            kind = key.removeprefix(HAUNTED_PREFIX)
            quarter = DISTRICT.get("haunted_quarter")
            name = (quarter.ko if lang == "ko" else quarter.en) if quarter else kind
            parts.append(f"{name} = {pick(PICTURE_TYPE_NAMES.get(kind, {'en': kind}))}")
            continue
        if not points:
            continue
        if key in SCORE_ITEMS:
            name = pick(SCORE_ITEMS[key])
        elif key in DISTRICT:
            name = DISTRICT[key].ko if lang == "ko" else DISTRICT[key].en
        else:
            name = key.replace("_", " ")
        parts.append(f"{name} {points}" if key == "districts" else f"{name} {points:+d}")
    return ", ".join(parts)
