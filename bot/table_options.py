"""Lobby options: specs derived from an engine's pydantic Options, and validated updates."""

from __future__ import annotations

import enum
import json
import random
import re
import types
import typing
from collections.abc import Sequence
from typing import Any, Literal, Union, get_args, get_origin

from pydantic import BaseModel, ValidationError

from bot.table_types import OptionSpec, Refusal


def _unwrap_optional(annotation: Any) -> Any:
    if get_origin(annotation) in (Union, types.UnionType):
        args = [a for a in get_args(annotation) if a is not type(None)]
        if len(args) == 1:
            return args[0]
    return annotation


def _bounds(metadata: list[Any]) -> tuple[int | None, int | None]:
    """Integer bounds from pydantic's constraint metadata (Ge, Gt, Le, Lt, Interval)."""
    low = high = None
    for item in metadata:
        if getattr(item, "ge", None) is not None:
            low = int(item.ge)
        if getattr(item, "gt", None) is not None:
            low = int(item.gt) + 1
        if getattr(item, "le", None) is not None:
            high = int(item.le)
        if getattr(item, "lt", None) is not None:
            high = int(item.lt) - 1
    return low, high


def _value(v: Any) -> Any:
    return v.value if isinstance(v, enum.Enum) else v


# value_keys' key for None (str(None)), so a lookup by str(value) finds it for any kind.
NONE_VALUE = str(None)

# Int fields that name a seat (the engine counts seats from 0). The lobby offers the seated
# players by name (or "random"), stores the chosen user id, and hands the engine the seat
# index at start, so a seat choice follows its player when the seats change. The engine
# marks such a field: Field(..., json_schema_extra={"seat": True}).
RANDOM = "random"  # a seat option's value: drawn from the game's seed at start
RANDOM_WORDS = ("random", "무작위", "랜덤")
_MENTION = re.compile(r"<@!?(\d+)>")


def _is_seat(info: Any) -> bool:
    extra = info.json_schema_extra
    return isinstance(extra, dict) and extra.get("seat") is True


def _is_str_list(annotation: Any) -> bool:
    return get_origin(annotation) is list and get_args(annotation) in ((str,), ())


def value_key(spec: OptionSpec, value: Any) -> str | None:
    """The label key of one value: an enum value's, or None's for an optional field."""
    return spec.value_keys.get(str(_value(value)))


def option_specs(game: str, options_model: type[BaseModel]) -> list[OptionSpec]:
    """Specs for the fields a lobby can set: bool, Literal/Enum, bounded or plain int."""
    specs: list[OptionSpec] = []
    for name, info in options_model.model_fields.items():
        annotation = _unwrap_optional(info.annotation)
        nullable = annotation is not info.annotation
        if get_origin(annotation) is typing.Annotated:
            annotation = get_args(annotation)[0]
        default = _value(info.get_default(call_default_factory=True))
        common = {
            "name": name,
            "default": default,
            "label_key": f"{game}.option.{name}",
            "description": info.description,
            "nullable": nullable,
        }
        # None of an optional field means "decided automatically": it has a label of its own.
        none_key = {NONE_VALUE: f"{game}.option.{name}.none"} if nullable else {}
        if annotation is bool:
            specs.append(OptionSpec(kind="bool", values=[False, True], value_keys=none_key,
                                    **common))
        elif get_origin(annotation) is Literal or (
            isinstance(annotation, type) and issubclass(annotation, enum.Enum)
        ):
            values = (
                list(get_args(annotation))
                if get_origin(annotation) is Literal
                else [m.value for m in annotation]
            )
            keys = {str(v): f"{game}.option.{name}.{v}" for v in values} | none_key
            specs.append(OptionSpec(kind="enum", values=values, value_keys=keys, **common))
        elif annotation is int and _is_seat(info):
            # Unset: the engine's default seat (0, the host's); value labels name players.
            common["default"] = None
            specs.append(OptionSpec(kind="seat", values=[RANDOM], value_keys={
                RANDOM: "table.option.seat.random",
                NONE_VALUE: "table.option.seat.default"}, **common))
        elif annotation is int:
            low, high = _bounds(list(info.metadata))
            specs.append(OptionSpec(kind="int", minimum=low, maximum=high, **common))
        elif _is_str_list(annotation):
            specs.append(OptionSpec(kind="list", value_keys=none_key, **common))
    return specs


def seat_index(name: str, value: Any, seats: Sequence[int], seed: int | None) -> Any:
    """The engine's seat for a seat option's stored value (a user id, or RANDOM)."""
    if value == RANDOM:
        if seed is None or not seats:
            return 0  # a lobby's check: any seat is valid
        return random.Random(f"{name}:{seed}").randrange(len(seats))
    if isinstance(value, int) and not isinstance(value, bool) and value in seats:
        return seats.index(value)
    return value  # a plain seat index (stored before seats were named): the engine judges


def engine_options(
    game: str,
    options_model: type[BaseModel],
    options: dict[str, Any],
    seats: Sequence[int],
    seed: int | None,
) -> dict[str, Any]:
    """A lobby's stored options as the engine reads them (seat options as seat indexes)."""
    out = dict(options)
    for spec in option_specs(game, options_model):
        if spec.kind == "seat" and spec.name in out:
            out[spec.name] = seat_index(spec.name, out[spec.name], seats, seed)
    return out


def seat_options(game: str, options_model: type[BaseModel]) -> list[str]:
    return [s.name for s in option_specs(game, options_model) if s.kind == "seat"]


# Bounds on a typed value, checked before it is read: a list of ids is far shorter (Discord
# lets a slash command's text run to 6,000 characters); an int or a user id has few digits.
VALUE_MAX = 2000
INT_DIGITS_MAX = 9
USER_ID_DIGITS_MAX = 20  # a Discord snowflake
_INT = re.compile(rf"[+-]?[0-9]{{1,{INT_DIGITS_MAX}}}")
SHOWN_MAX = 100  # a refused value is quoted back at most this long


def list_items(text: str) -> list[str]:
    """A list option typed as text: a JSON list, or items separated by commas or semicolons
    (an item may then hold spaces, as a name of several words does), else by spaces."""
    text = text.strip()
    if text.startswith("["):
        try:
            items = json.loads(text)
        except (ValueError, RecursionError):  # nested past the parser's depth: not a list
            items = None
        if isinstance(items, list):
            return [str(i).strip() for i in items if str(i).strip()]
    separators = r"\s*[,;]\s*" if re.search(r"[,;]", text) else r"\s+"
    return [item for item in re.split(separators, text) if item]


# Text that resets an optional field to None (its "engine decides" default).
NONE_WORDS = ("", "none", "null", "default", "auto", "기본", "자동")


def _coerce(spec: OptionSpec, value: Any) -> Any:
    """Slash-command and select values arrive as text; read them as the spec's kind."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if len(text) > VALUE_MAX:
        return text[:VALUE_MAX]  # refused as it is: no value of any option is this long
    if spec.nullable and text.lower() in NONE_WORDS:
        return None
    if spec.kind == "bool":
        lowered = text.lower()
        if lowered in ("true", "yes", "on", "1", "예", "켜기"):
            return True
        if lowered in ("false", "no", "off", "0", "아니요", "아니오", "끄기"):
            return False
        return text
    if spec.kind == "int":  # ASCII digits only: int() also reads '٣' and fails on '²'
        return int(text) if _INT.fullmatch(text) else text
    if spec.kind == "enum":
        for v in spec.values:
            if str(v) == text:
                return v
    if spec.kind == "seat":
        if text.lower() in NONE_WORDS:
            return None
        if text.lower() in RANDOM_WORDS:
            return RANDOM
        mention = _MENTION.fullmatch(text)
        digits = mention.group(1) if mention else text
        usable = digits.isascii() and digits.isdigit() and len(digits) <= USER_ID_DIGITS_MAX
        return int(digits) if usable else text
    if spec.kind == "list":
        return list_items(text)
    return text


def _shown(text: str) -> str:
    return text if len(text) <= SHOWN_MAX else text[:SHOWN_MAX - 1] + "…"


def _invalid(spec: OptionSpec, value: Any) -> Refusal:
    shown = _shown(", ".join(map(str, value)) if isinstance(value, list) else str(value))
    # name_key: the adapter shows the option's label in the reader's language
    return Refusal("table.option_invalid", name=spec.name, value=shown, name_key=spec.label_key)


def updated_options(
    game: str,
    options_model: type[BaseModel],
    current: dict[str, Any],
    name: str,
    value: Any,
    seats: Sequence[int] = (),
) -> dict[str, Any]:
    """The lobby's options with one changed, validated by the engine; Refusal if invalid.
    A seat option must name a seated player (`seats`, user ids) or be RANDOM."""
    spec = next((s for s in option_specs(game, options_model) if s.name == name), None)
    if spec is None:
        raise Refusal("table.option_unknown", name=name)
    coerced = _coerce(spec, value)
    if spec.kind == "seat":
        if coerced is None:  # back to the engine's default seat
            return {k: v for k, v in current.items() if k != name}
        if coerced != RANDOM and coerced not in seats:
            raise Refusal("table.option_not_seated", name=name, value=_shown(str(value)),
                          name_key=spec.label_key)
    candidates = [coerced]
    if spec.kind == "list" and isinstance(coerced, list):
        # Ids typed in another case (score1, Witches): the engine's own spelling wins.
        candidates += [[i.upper() for i in coerced], [i.lower() for i in coerced]]
    for candidate in candidates:
        merged = {**current, name: candidate}
        checked = engine_options(game, options_model, merged, seats, None)
        try:
            validated = options_model.model_validate(checked).model_dump(mode="json")
        except ValidationError:
            continue
        # Keep only what the host set, so later engine defaults still apply to the rest;
        # seat options keep the player (user id), not the seat it is today.
        return {k: (merged[k] if k in checked and checked[k] != merged[k] else validated[k])
                for k in merged if k in validated}
    raise _invalid(spec, coerced if coerced is not None else value)
