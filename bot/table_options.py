"""Lobby options: specs derived from an engine's pydantic Options, and validated updates."""

from __future__ import annotations

import enum
import types
import typing
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
            "label_key": f"option.{game}.{name}",
            "description": info.description,
            "nullable": nullable,
        }
        # None of an optional field means "decided automatically": it has a label of its own.
        none_key = {NONE_VALUE: f"option.{game}.{name}.none"} if nullable else {}
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
            keys = {str(v): f"option.{game}.{name}.{v}" for v in values} | none_key
            specs.append(OptionSpec(kind="enum", values=values, value_keys=keys, **common))
        elif annotation is int:
            low, high = _bounds(list(info.metadata))
            specs.append(OptionSpec(kind="int", minimum=low, maximum=high, **common))
    return specs


# Text that resets an optional field to None (its "engine decides" default).
NONE_WORDS = ("", "none", "null", "default", "auto", "기본", "자동")


def _coerce(spec: OptionSpec, value: Any) -> Any:
    """Slash-command and select values arrive as text; read them as the spec's kind."""
    if not isinstance(value, str):
        return value
    text = value.strip()
    if spec.nullable and text.lower() in NONE_WORDS:
        return None
    if spec.kind == "bool":
        lowered = text.lower()
        if lowered in ("true", "yes", "on", "1", "예", "켜기"):
            return True
        if lowered in ("false", "no", "off", "0", "아니오", "끄기"):
            return False
        return text
    if spec.kind == "int":
        try:
            return int(text)
        except ValueError:
            return text
    if spec.kind == "enum":
        for v in spec.values:
            if str(v) == text:
                return v
    return text


def updated_options(
    game: str,
    options_model: type[BaseModel],
    current: dict[str, Any],
    name: str,
    value: Any,
) -> dict[str, Any]:
    """The lobby's options with one changed, validated by the engine; Refusal if invalid."""
    spec = next((s for s in option_specs(game, options_model) if s.name == name), None)
    if spec is None:
        raise Refusal("option_unknown", name=name)
    merged = {**current, name: _coerce(spec, value)}
    try:
        validated = options_model.model_validate(merged).model_dump(mode="json")
    except ValidationError:
        raise Refusal("option_invalid", name=name, value=str(value)) from None
    # Keep only what the host set, so later engine defaults still apply to the rest.
    return {k: validated[k] for k in merged if k in validated}
