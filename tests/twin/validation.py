"""Strict request validation against Discord's own OpenAPI spec (v10, MIT).

The spec is loaded once per process; each (method, path template) gets its validators
compiled on first use and cached. Schemas are checked by openapi-schema-validator's
OAS 3.1 validator (the one openapi-core uses) over a `referencing` registry of the spec.
A failure becomes Discord's own 400: code 50035 "Invalid Form Body" with nested errors.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from jsonschema.exceptions import ValidationError
from openapi_schema_validator import OAS31Validator
from referencing import Registry, Resource
from referencing.jsonschema import DRAFT202012

SPEC_URI = "urn:discord-openapi"
# Kept beside the stand-in with its MIT licence (openapi/README.md says where it comes from).
SPEC_PATH = Path(__file__).resolve().parent / "openapi" / "openapi.json"


class SpecMissing(RuntimeError):
    pass


@cache
def load_spec() -> tuple[dict[str, Any], Registry]:
    """The spec and a registry resolving its $refs; loaded once per process."""
    if not SPEC_PATH.is_file():
        raise SpecMissing(
            f"Discord's OpenAPI spec is missing at {SPEC_PATH}; the twin refuses to run "
            "without it (requests must be validated against Discord's own schema)."
        )
    spec = json.loads(SPEC_PATH.read_text(encoding="utf-8"))
    # Discord's form parser takes snowflakes as integers too (discord.py sends attachment
    # ids as ints); the spec only writes the string form.
    snowflake = spec["components"]["schemas"]["SnowflakeType"]
    snowflake["type"] = ["string", "integer"]
    snowflake["minimum"] = 0
    registry = Registry().with_resource(
        SPEC_URI, Resource(contents=spec, specification=DRAFT202012)
    )
    return spec, registry


def _pointer(*parts: str) -> str:
    return "/".join(p.replace("~", "~0").replace("/", "~1") for p in parts)


@dataclass
class RouteValidator:
    template: str
    method: str
    body: OAS31Validator | None
    query: dict[str, OAS31Validator]

    def check_body(self, body: Any) -> dict[str, Any] | None:
        if self.body is None:
            return None
        errors = list(self.body.iter_errors(body))
        return discord_errors(errors) if errors else None

    def check_query(self, query: dict[str, str]) -> dict[str, Any] | None:
        errors: list[ValidationError] = []
        for name, raw in query.items():
            validator = self.query.get(name)
            if validator is None:
                continue
            # a query string is text: accept it if any reading Discord would make fits
            readings: list[Any] = [raw]
            if raw.lower() in ("true", "false", "1", "0"):
                readings.insert(0, raw.lower() in ("true", "1"))
            if raw.lstrip("-").isdigit():
                readings.insert(0, int(raw))
            attempts = [list(validator.iter_errors(value)) for value in readings]
            if all(attempts):
                for err in attempts[-1]:
                    err.path.appendleft(name)
                    errors.append(err)
        return discord_errors(errors) if errors else None


@cache
def route_validator(template: str, method: str) -> RouteValidator:
    """Compile (once) the validators of one operation of the spec."""
    spec, registry = load_spec()
    path_item = spec["paths"].get(template)
    if path_item is None or method.lower() not in path_item:
        raise KeyError(f"{method} {template} is not in Discord's OpenAPI spec")
    op = path_item[method.lower()]
    body_validator = None
    content = (op.get("requestBody") or {}).get("content", {})
    if "application/json" in content:
        ref = "#/" + _pointer(
            "paths",
            template,
            method.lower(),
            "requestBody",
            "content",
            "application/json",
            "schema",
        )
        body_validator = OAS31Validator({"$ref": SPEC_URI + ref}, registry=registry)
    query: dict[str, OAS31Validator] = {}
    m = method.lower()
    for where, params in (([template], path_item), ([template, m], op)):
        for index, param in enumerate(params.get("parameters", [])):
            if param.get("in") == "query":
                pointer = _pointer("paths", *where, "parameters", str(index), "schema")
                query[param["name"]] = OAS31Validator(
                    {"$ref": f"{SPEC_URI}#/{pointer}"}, registry=registry
                )
    return RouteValidator(template, method, body_validator, query)


# ---------------------------------------------------------------------------
# Turning jsonschema errors into Discord's nested error object.

_CODES: dict[str, tuple[str, str]] = {
    "maxLength": ("BASE_TYPE_MAX_LENGTH", "Must be {limit} or fewer in length."),
    "minLength": ("BASE_TYPE_MIN_LENGTH", "Must be {limit} or more in length."),
    "maxItems": ("BASE_TYPE_BAD_LENGTH", "Must be between 0 and {limit} in length."),
    "minItems": ("BASE_TYPE_BAD_LENGTH", "Must be at least {limit} in length."),
    "required": ("BASE_TYPE_REQUIRED", "This field is required"),
    "enum": ("BASE_TYPE_CHOICES", "Value must be one of {limit}."),
    "maximum": ("NUMBER_TYPE_MAX", "int value should be less than or equal to {limit}."),
    "minimum": ("NUMBER_TYPE_MIN", "int value should be greater than or equal to {limit}."),
    "type": ("BASE_TYPE_BAD_TYPE", "Value is not of type {limit}."),
}


def _is_discriminator_miss(err: ValidationError, depth: int) -> bool:
    """A oneOf branch rejected only because its `type` tag differs: not the user's error."""
    return (
        err.validator in ("enum", "const")
        and len(err.absolute_path) == depth + 1
        and err.absolute_path[-1] == "type"
    )


def _leaves(err: ValidationError) -> list[ValidationError]:
    """The errors a human would name: inside a oneOf/anyOf, follow the matching branch."""
    if not err.context:
        return [err]
    branches: dict[Any, list[ValidationError]] = {}
    for sub in err.context:
        branches.setdefault(sub.relative_schema_path[0], []).append(sub)
    depth = len(err.absolute_path)
    live = [
        subs
        for subs in branches.values()
        if not any(_is_discriminator_miss(s, depth) for s in subs)
    ]
    if not live:
        return [err]
    best = max(live, key=lambda subs: (max(len(s.absolute_path) for s in subs), -len(subs)))
    out: list[ValidationError] = []
    for sub in best:
        out.extend(_leaves(sub))
    return out


def discord_errors(errors: list[ValidationError]) -> dict[str, Any]:
    """Discord's `errors` tree: {"field": {"0": {"custom_id": {"_errors": [...]}}}}."""
    tree: dict[str, Any] = {}
    for top in errors:
        for leaf in _leaves(top):
            path = [str(p) for p in leaf.absolute_path]
            if leaf.validator == "required":
                missing = [k for k in leaf.validator_value if k not in (leaf.instance or {})]
                path.append(missing[0] if missing else "?")
            code, template = _CODES.get(
                str(leaf.validator), ("BASE_TYPE_INVALID", "Invalid Form Body")
            )
            node = tree
            for part in path:
                node = node.setdefault(part, {})
            node.setdefault("_errors", []).append(
                {"code": code, "message": template.format(limit=leaf.validator_value)}
            )
    return tree


def invalid_form_body(errors: dict[str, Any]) -> dict[str, Any]:
    return {"code": 50035, "message": "Invalid Form Body", "errors": errors}
