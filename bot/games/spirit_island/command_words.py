"""Words of the Spirit Island commands: a fix's notation from the command's fields, the
autocomplete choices (lands with what they hold, pieces, spirits with their complexity,
adversaries) and the answer to `/si setup`. Reads the public view only."""

from __future__ import annotations

from typing import Any

from discord import app_commands

from bot.games.spirit_island import lobby
from bot.i18n import has, t
from bot.table_options import RANDOM_WORDS, list_items
from rules.spirit_island import island as isl
from rules.spirit_island.engine import ADVERSARIES
from rules.spirit_island.notation import option_text
from rules.spirit_island.pieces import INVADERS, LAND_TOKENS

FIX = "fix"
UNITS = (*INVADERS, "dahan")
PIECES = (*UNITS, "blight", *LAND_TOKENS)  # presence and strife are offered with their owner


def _clean(text: str) -> str:
    """A field's words on one line, without the ':' that starts a fix's reason."""
    return " ".join(text.replace(":", " ").split())


def notation(op: str, piece: str, land: str, reason: str, to: str | None = None,
             count: int = 1) -> str:
    """`fix move 2 dahan A5 A6 : pushed the wrong way` (the engine reads English or Korean
    words, so a piece typed in Korean passes as typed)."""
    parts = [FIX, _clean(op)]
    if count != 1:
        parts.append(str(count))
    parts += [_clean(piece), _clean(land).upper()]
    if to:
        parts.append(_clean(to).upper())
    return f"{' '.join(parts)} : {' '.join(reason.split())}"


def _count(land: dict, kind: str) -> int:
    value = land.get(kind, 0)
    return len(value) if isinstance(value, list) else int(value or 0)


def _held(land: dict, lang: str) -> str:
    """"2 explorer, 1 town" / "탐험가 2, 마을 1": what the land holds, for its label."""
    parts = []
    for kind in PIECES:
        if n := _count(land, kind):
            word = option_text(kind, lang)
            parts.append(f"{word} {n}" if lang == "ko" else f"{n} {word}")
    if n := sum(land.get("presence", {}).values()):
        word = option_text("presence", lang)
        parts.append(f"{word} {n}" if lang == "ko" else f"{n} {word}")
    return ", ".join(parts)


def _order(name: str) -> tuple[str, int]:
    return name[:1], int(name[1:]) if name[1:].isdigit() else 0


def lands(view: dict[str, Any], lang: str, near: str = "") -> list[tuple[str, str]]:
    """(label, land) for every land of the island, those next to `near` first:
    "A5 · mountain · 2 explorer, 1 town"."""
    isl.use(view)
    shape = isl.island(tuple(view.get("boards") or ()))
    held = view.get("lands", {})
    names = sorted(held, key=_order)
    close = set(shape.get(near.strip().upper(), {}).get("adjacent", ()))
    names.sort(key=lambda n: n not in close)
    out = []
    for name in names:
        terrain = shape.get(name, {}).get("terrain", "")
        parts = [name, option_text(terrain, lang) if terrain else "", _held(held[name], lang)]
        out.append((" · ".join(p for p in parts if p), name))
    return out


def pieces(view: dict[str, Any], lang: str, land: str = "") -> list[tuple[str, str]]:
    """(label, piece words) for the fix's piece: every kind, presence by spirit, strife on
    each invader; those in `land` first, with their count."""
    here = view.get("lands", {}).get(land.strip().upper(), {})
    out: list[tuple[int, str, str]] = []
    for kind in PIECES:
        n = _count(here, kind)
        out.append((n, option_text(kind, lang) + (f" ({n})" if n else ""), kind))
    presence = option_text("presence", lang)
    for row in view.get("seats", []):
        spirit = str(row.get("spirit", ""))
        n = here.get("presence", {}).get(spirit, 0)
        label = f"{presence}: {lobby.shown_name(spirit, lang)}" + (f" ({n})" if n else "")
        out.append((n, label, f"presence {spirit}"))
    strife = option_text("strife", lang)
    for kind in INVADERS:
        n = sum(here.get("strife", {}).get(kind, []) or [])
        out.append((n, f"{strife}: {option_text(kind, lang)}" + (f" ({n})" if n else ""),
                    f"strife {kind}"))
    out.sort(key=lambda row: row[0] == 0)  # what the land holds first, otherwise in order
    return [(label, value) for _, label, value in out]


def complexity_words(lang: str) -> dict[str, str]:
    return {level: t(f"spirit_island.complexity.{level.replace(' ', '_')}", lang)
            for level in lobby.COMPLEXITY}


def spirit_choices(current: str, lang: str) -> list[app_commands.Choice[str]]:
    """The spirits list typed so far, its last item completed: each spirit not named yet
    (least complex first, with its complexity), and "random"."""
    items = list_items(current) if current.strip() else []
    done = current.rstrip().endswith((",", ";"))
    typed = "" if done or not items else items.pop()
    head = ", ".join(items)
    named = {lobby.spirit_name(i) for i in items}
    words = complexity_words(lang)
    needle = typed.casefold()
    options = [(t("spirit_island.setup.random_spirit", lang), RANDOM_WORDS[0])]
    options += [(lobby.spirit_label(n, lang, words), n) for n in lobby.by_complexity()
                if n not in named]
    out = []
    for label, value in options:
        if needle and needle not in label.casefold() and needle not in value.casefold():
            continue
        full = f"{head}, {value}" if head else value
        if len(full) <= 100:
            out.append(app_commands.Choice(name=(f"{head}, {label}" if head else label)[-100:],
                                           value=full))
    return out


def adversaries(lang: str) -> list[tuple[str, str]]:
    out = [(t("spirit_island.setup.random_adversary", lang), RANDOM_WORDS[0]),
           (t("spirit_island.option.adversary.none", lang), "none")]
    for key, name in ADVERSARIES.items():
        label_key = f"spirit_island.option.adversary.{key}"
        out.append((t(label_key, lang) if has(label_key, lang) else name, key))
    return out


def _value(name: str, value: Any, lang: str) -> str:
    if name == "spirits":
        return ", ".join(lobby.spirit_label(v, lang, complexity_words(lang)) for v in value)
    if name == "boards":
        return ", ".join(value)
    if name == "adversary":
        key = f"spirit_island.option.adversary.{value if value is not None else 'none'}"
        return t(key, lang)
    if isinstance(value, bool):
        return t("discord.yes" if value else "discord.no", lang)
    return str(value)


def setup_summary(options: dict[str, Any], lang: str) -> str:
    """The answer to `/si setup`: each option as set, in the reader's words."""
    lines = [t("spirit_island.setup.done", lang)]
    for name, value in options.items():
        lines.append(t("spirit_island.setup.line", lang,
                       option=t(f"spirit_island.option.{name}", lang),
                       value=_value(name, value, lang)))
    return "\n".join(lines)
