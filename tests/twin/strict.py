"""Discord's rules that its OpenAPI document does not say, enforced by the stand-in.

Each check returns Discord's nested `errors` tree (the body of a 400 with code 50035
"Invalid Form Body") or None. The per-field codes and messages are Discord's where they are
known from its answers (COMPONENT_LAYOUT_WIDTH_EXCEEDED, SELECT_COMPONENT_OPTION_VALUE_
DUPLICATED, BUTTON_COMPONENT_CUSTOM_ID_REQUIRED, MAX_EMBED_SIZE_EXCEEDED,
APPLICATION_COMMAND_INVALID_NAME, ...); ROUTES.md lists the rules.
"""

from __future__ import annotations

import unicodedata
from typing import Any

IS_COMPONENTS_V2 = 1 << 15  # message flag: the new layout components, up to 40 of them
LEGACY_ROWS_MAX = 5  # action rows in a message without IS_COMPONENTS_V2
FILES_MAX = 10  # files (attachments) in one message
# Discord's default upload limit per file since 2024 for a server without boosts and for DMs
# (it was 25 MiB before). The stand-in announces the same in every interaction's
# `attachment_size_limit`; a test may raise TwinServer.upload_limit to model a boosted server.
UPLOAD_LIMIT = 10 * 2**20
EMBEDS_TOTAL_MAX = 6000  # characters across every embed of a message
NONCE_WINDOW = 5 * 60.0  # "checked for uniqueness in the past few minutes"
TOKEN_LIFETIME = 15 * 60.0  # an interaction token is valid for 15 minutes

ACTION_ROW, BUTTON, STRING_SELECT = 1, 2, 3
SELECTS = {3, 5, 6, 7, 8}  # string, user, role, mentionable, channel selects
LINK, PREMIUM = 5, 6  # button styles
CONTAINER, SECTION = 17, 9

Tree = dict[str, Any]


def _put(tree: Tree, path: list[str | int], code: str, message: str) -> None:
    node = tree
    for part in path:
        node = node.setdefault(str(part), {})
    node.setdefault("_errors", []).append({"code": code, "message": message})


# ---------------------------------------------------------------------------
# Messages: component layout and values, embeds.


def message_errors(payload: Any) -> Tree | None:
    """A message body (create, edit, follow-up, or an interaction response's `data`)."""
    if not isinstance(payload, dict):
        return None
    tree: Tree = {}
    components = payload.get("components") or []
    flags = payload.get("flags") or 0
    if isinstance(components, list):
        if not flags & IS_COMPONENTS_V2 and len(components) > LEGACY_ROWS_MAX:
            _put(
                tree,
                ["components"],
                "BASE_TYPE_MAX_LENGTH",
                f"Must be {LEGACY_ROWS_MAX} or fewer in length.",
            )
        for index, comp in enumerate(components):
            _component(tree, ["components", index], comp)
    embeds = payload.get("embeds")
    if isinstance(embeds, list) and embeds_length(embeds) > EMBEDS_TOTAL_MAX:
        _put(
            tree,
            ["embeds"],
            "MAX_EMBED_SIZE_EXCEEDED",
            f"Embed size exceeds maximum size of {EMBEDS_TOTAL_MAX}",
        )
    return tree or None


def embeds_length(embeds: list[Any]) -> int:
    """Characters Discord counts toward the 6,000: titles, descriptions, field names and
    values, footer texts and author names, over every embed of the message."""
    total = 0
    for embed in embeds:
        if not isinstance(embed, dict):
            continue
        total += len(embed.get("title") or "") + len(embed.get("description") or "")
        for fld in embed.get("fields") or []:
            total += len(fld.get("name") or "") + len(fld.get("value") or "")
        total += len((embed.get("footer") or {}).get("text") or "")
        total += len((embed.get("author") or {}).get("name") or "")
    return total


def _component(tree: Tree, path: list[str | int], comp: Any) -> None:
    if not isinstance(comp, dict):
        return
    kind = comp.get("type")
    if kind == ACTION_ROW:
        items = comp.get("components") or []
        if any(isinstance(c, dict) and c.get("type") in SELECTS for c in items):
            # a select is as wide as its row: nothing may sit beside it
            for i in range(1, len(items)):
                _put(
                    tree,
                    [*path, "components", i],
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                    "The specified component exceeds the maximum width",
                )
        for i, item in enumerate(items):
            _component(tree, [*path, "components", i], item)
    elif kind == BUTTON:
        _button(tree, path, comp)
    elif kind == STRING_SELECT:
        _select(tree, path, comp)
    elif kind in (CONTAINER, SECTION):
        for i, item in enumerate(comp.get("components") or []):
            _component(tree, [*path, "components", i], item)
        if comp.get("accessory"):
            _component(tree, [*path, "accessory"], comp["accessory"])


def _button(tree: Tree, path: list[str | int], button: dict[str, Any]) -> None:
    style = button.get("style")
    if style == PREMIUM:
        return
    if not button.get("label") and not button.get("emoji"):
        _put(
            tree,
            [*path, "label"],
            "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED",
            "A label or emoji is required",
        )
    if style == LINK:
        if button.get("custom_id") is not None:
            for key in ("custom_id", "url"):
                _put(
                    tree,
                    [*path, key],
                    "BUTTON_COMPONENT_CUSTOM_ID_URL_MUTUALLY_EXCLUSIVE",
                    "A custom id and url cannot both be specified",
                )
        elif not button.get("url"):
            _put(tree, [*path, "url"], "BUTTON_COMPONENT_URL_REQUIRED", "A url is required")
    elif not button.get("custom_id"):
        _put(
            tree,
            [*path, "custom_id"],
            "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED",
            "A custom id is required",
        )


def _select(tree: Tree, path: list[str | int], select: dict[str, Any]) -> None:
    options = select.get("options") or []
    count = len(options)
    low = select.get("min_values")
    high = select.get("max_values")
    low = 1 if low is None else low
    high = 1 if high is None else high
    if isinstance(low, int) and low > count:
        _put(
            tree,
            [*path, "min_values"],
            "NUMBER_TYPE_MAX",
            f"min_values value should be less than or equal to {count}.",
        )
    if isinstance(high, int) and high > count:
        _put(tree, [*path, "options"], "BASE_TYPE_MIN_LENGTH", f"Must be {high} or more in length.")
    seen: set[Any] = set()
    for i, option in enumerate(options):
        value = option.get("value") if isinstance(option, dict) else None
        if value in seen:
            _put(
                tree,
                [*path, "options", i],
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
                "The specified option value is already used",
            )
        seen.add(value)


# ---------------------------------------------------------------------------
# Application commands: names.

_NAME_PUNCTUATION = set("-_'")


def _name_problem(name: str) -> tuple[str, str] | None:
    """Discord's rule for CHAT_INPUT command and option names: ^[-_'\\p{L}\\p{N}\\p{sc=Deva}
    \\p{sc=Thai}]{1,32}$, in lowercase wherever a letter has a lowercase form."""
    for ch in name:
        category = unicodedata.category(ch)
        script = unicodedata.name(ch, "").split(" ")[0]
        if not (ch in _NAME_PUNCTUATION or category[0] in "LN" or script in ("DEVANAGARI", "THAI")):
            return "STRING_TYPE_REGEX", "String value did not match validation regex."
    if name != name.lower():
        return "APPLICATION_COMMAND_INVALID_NAME", "Command name is invalid"
    return None


def _check_names(tree: Tree, path: list[str | int], node: dict[str, Any]) -> None:
    name = node.get("name")
    if isinstance(name, str):
        problem = _name_problem(name)
        if problem is not None:
            _put(tree, [*path, "name"], *problem)
    for locale, localised in (node.get("name_localizations") or {}).items():
        if isinstance(localised, str):
            problem = _name_problem(localised)
            if problem is not None:
                _put(tree, [*path, "name_localizations", locale], *problem)
    for i, option in enumerate(node.get("options") or []):
        if isinstance(option, dict):
            _check_names(tree, [*path, "options", i], option)


def commands_errors(body: Any) -> Tree | None:
    """A bulk overwrite of commands: each CHAT_INPUT (type 1, the default) command's name,
    its options' names (subcommands and groups included), and every localised name."""
    if not isinstance(body, list):
        return None
    tree: Tree = {}
    for index, command in enumerate(body):
        if isinstance(command, dict) and (command.get("type") or 1) == 1:
            _check_names(tree, [index], command)
    return tree or None


# ---------------------------------------------------------------------------
# Files.


def files_errors(count: int) -> Tree | None:
    """More than 10 files in one message (the document only bounds `attachments`)."""
    if count <= FILES_MAX:
        return None
    tree: Tree = {}
    _put(
        tree,
        ["attachments"],
        "BASE_TYPE_BAD_LENGTH",
        f"Must be between 0 and {FILES_MAX} in length.",
    )
    return tree
