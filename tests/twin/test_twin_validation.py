"""Request validation against Discord's OpenAPI spec, without a bot in the way."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from tests.twin import validation
from tests.twin.validation import SPEC_PATH, load_spec, route_validator

MESSAGES = "/channels/{channel_id}/messages"
CALLBACK = "/interactions/{interaction_id}/{interaction_token}/callback"


def button(**fields: Any) -> dict[str, Any]:
    return {"type": 2, "style": 1, "label": "ok", "custom_id": "ok", **fields}


def row(*components: dict[str, Any]) -> dict[str, Any]:
    return {"type": 1, "components": list(components)}


def leaf(errors: dict[str, Any], *path: str) -> list[dict[str, str]]:
    node = errors
    for part in path:
        assert part in node, f"{part} not in {list(node)}"
        node = node[part]
    return node["_errors"]


def test_spec_is_discords_own_and_inside_the_repository() -> None:
    root = Path(__file__).resolve().parents[2]
    assert SPEC_PATH.is_relative_to(root)  # a clone alone has it
    assert SPEC_PATH.parts[-4:] == ("tests", "twin", "openapi", "openapi.json")
    spec, _ = load_spec()  # fails loudly (SpecMissing) rather than skipping when absent
    assert spec["info"]["version"] == "10"
    assert spec["info"]["license"]["identifier"] == "MIT"
    licence = (SPEC_PATH.parent / "LICENSE").read_text(encoding="utf-8")
    assert licence.startswith("MIT License") and "Discord" in licence  # kept beside it
    assert load_spec() is load_spec()  # loaded once per process


def test_missing_spec_fails_with_a_clear_message(monkeypatch, tmp_path) -> None:
    monkeypatch.setattr(validation, "SPEC_PATH", tmp_path / "nope.json")
    load_spec.cache_clear()
    try:
        with pytest.raises(validation.SpecMissing, match="OpenAPI spec is missing"):
            load_spec()
    finally:
        monkeypatch.undo()
        load_spec.cache_clear()


def test_validators_are_compiled_once_per_route() -> None:
    assert route_validator(MESSAGES, "POST") is route_validator(MESSAGES, "POST")
    with pytest.raises(KeyError):
        route_validator("/not/a/route", "GET")


def test_a_valid_message_passes() -> None:
    body = {"content": "hi", "components": [row(button(), button(custom_id="b", label="b"))]}
    assert route_validator(MESSAGES, "POST").check_body(body) is None


def test_custom_id_over_100_characters() -> None:
    body = {"components": [row(button(custom_id="x" * 101))]}
    errors = route_validator(MESSAGES, "POST").check_body(body)
    assert errors is not None
    (err,) = leaf(errors, "components", "0", "components", "0", "custom_id")
    assert err == {"code": "BASE_TYPE_MAX_LENGTH", "message": "Must be 100 or fewer in length."}


def test_button_label_over_80_characters() -> None:
    body = {"components": [row(button(label="L" * 81))]}
    errors = route_validator(MESSAGES, "POST").check_body(body)
    assert errors is not None
    (err,) = leaf(errors, "components", "0", "components", "0", "label")
    assert err["code"] == "BASE_TYPE_MAX_LENGTH"


def test_twenty_sixth_select_option() -> None:
    options = [{"label": str(i), "value": str(i)} for i in range(26)]
    select = {"type": 3, "custom_id": "s", "options": options}
    errors = route_validator(MESSAGES, "POST").check_body({"components": [row(select)]})
    assert errors is not None
    (err,) = leaf(errors, "components", "0", "components", "0", "options")
    assert err["code"] == "BASE_TYPE_BAD_LENGTH"
    options.pop()
    assert route_validator(MESSAGES, "POST").check_body({"components": [row(select)]}) is None


def test_interaction_callback_checks_its_message_too() -> None:
    body = {"type": 4, "data": {"content": "x", "components": [row(button(custom_id="y" * 101))]}}
    errors = route_validator(CALLBACK, "POST").check_body(body)
    assert errors is not None
    assert leaf(errors, "data", "components", "0", "components", "0", "custom_id")
    assert route_validator(CALLBACK, "POST").check_body({"type": 6}) is None


def test_query_parameters_read_like_discord() -> None:
    validator = route_validator(CALLBACK, "POST")
    assert validator.check_query({"with_response": "1"}) is None
    assert validator.check_query({"with_response": "true"}) is None
    errors = validator.check_query({"with_response": "maybe"})
    assert errors is not None and "with_response" in errors


def test_content_over_the_specs_limit() -> None:
    # the spec allows 4000 (Discord's API limit); 2000 is the client's, not checked here
    assert route_validator(MESSAGES, "POST").check_body({"content": "a" * 4000}) is None
    errors = route_validator(MESSAGES, "POST").check_body({"content": "a" * 4001})
    assert errors is not None
    assert leaf(errors, "content")[0]["code"] == "BASE_TYPE_MAX_LENGTH"


def test_integer_snowflakes_are_accepted_as_discord_does() -> None:
    body = {"content": "file", "attachments": [{"id": 0, "filename": "board.png"}]}
    assert route_validator(MESSAGES, "POST").check_body(body) is None
    body["attachments"][0]["id"] = -1
    assert route_validator(MESSAGES, "POST").check_body(body) is not None


def test_error_body_shape() -> None:
    out = validation.invalid_form_body({"content": {"_errors": []}})
    assert out["code"] == 50035 and out["message"] == "Invalid Form Body"


def test_duplicate_custom_ids_are_refused() -> None:
    from tests.twin.server import _discord_rules

    body = {"components": [row(button(), button(label="again"))]}
    errors = _discord_rules(body)
    assert errors is not None
    (err,) = leaf(errors, "components", "0", "components", "1", "custom_id")
    assert err["code"] == "COMPONENT_CUSTOM_ID_DUPLICATED"
    nested = _discord_rules({"type": 4, "data": body})
    assert nested is not None and "data" in nested
    assert _discord_rules({"components": [row(button(), button(custom_id="b"))]}) is None


async def test_twin_refuses_to_start_without_the_spec(monkeypatch, tmp_path) -> None:
    from tests.twin import Twin

    monkeypatch.setattr(validation, "SPEC_PATH", tmp_path / "nope.json")
    load_spec.cache_clear()
    try:
        with pytest.raises(validation.SpecMissing):
            async with Twin.running():
                pass
    finally:
        monkeypatch.undo()
        load_spec.cache_clear()


def test_bot_content_over_2000_characters_is_refused() -> None:
    from tests.twin.server import _discord_rules

    errors = _discord_rules({"content": "a" * 2001})
    assert errors is not None and leaf(errors, "content")[0]["code"] == "BASE_TYPE_MAX_LENGTH"
    assert _discord_rules({"content": "a" * 2000}) is None
    assert _discord_rules({"type": 4, "data": {"content": "a" * 2001}}) is not None
