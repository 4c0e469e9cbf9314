"""Spirit Island's lobby shortcuts (`/si setup`): a recommended setup, and "random" for any
option (a spirit or a board per seat, a number of random spirits, the adversary, its level).

The engine's options take names, so a random choice is drawn here, when the host asks, and
stored as the names drawn: the lobby shows them (a cooperative game hides nothing by it).
Recommended setups and the boards not to use together are data (data/setups.json, with its
source). Pure: the cog hands in the lobby's options, its seat count and a random generator.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from bot.table_options import RANDOM_WORDS, list_items
from bot.table_types import Refusal
from rules.spirit_island.engine import ADVERSARIES
from rules.spirit_island.spirits import SPIRITS

SETUPS: dict[str, Any] = json.loads(
    (Path(__file__).parent / "data" / "setups.json").read_text(encoding="utf-8"))
PRESETS: dict[str, dict[str, Any]] = SETUPS["presets"]
COMPLEXITY: tuple[str, ...] = tuple(SETUPS["complexity_order"])
BOARDS = ("A", "B", "C", "D", "E", "F")
# The engine's default spirits and boards (its Options' None), for seats the host did not name.
DEFAULT_SPIRITS = tuple(PRESETS["first_game"]["spirits"])
DEFAULT_BOARDS = ("A", "B", "C", "D")
LEVELS = range(0, 7)
NONE_WORDS = ("none", "없음")


@dataclass(frozen=True)
class SetupRequest:
    """What the host asked for; None leaves that option as it is."""

    preset: str | None = None
    spirits: str | None = None  # names or "random", one per seat; "random" alone: every seat
    random_spirits: int | None = None  # this many seats, the last ones, get a random spirit
    boards: str | None = None  # letters or "random", one per seat; "random" alone: every seat
    adversary: str | None = None  # an adversary's id, "random" or "none"
    level: str | None = None  # 0-6 or "random"


def is_random(word: str) -> bool:
    return word.strip().casefold() in RANDOM_WORDS


def spirit_name(word: str) -> str | None:
    """The spirit an English or Korean name (any case) names, or None."""
    text = " ".join(word.split()).casefold()
    for name, row in SPIRITS.items():
        if text in (name.casefold(), str(row.get("ko", "")).casefold()):
            return name
    return None


def by_complexity() -> list[str]:
    """Every spirit, the least complex first (then by name), for lists and autocomplete."""
    rank = {level: i for i, level in enumerate(COMPLEXITY)}
    return sorted(SPIRITS, key=lambda n: (rank.get(SPIRITS[n].get("complexity"), 99), n))


def _per_seat(text: str, seats: int) -> list[str]:
    items = list_items(text)
    if len(items) == 1 and is_random(items[0]):
        return [items[0]] * seats
    return items


def _spirits(items: list[str], rng: random.Random) -> list[str]:
    """Names as the engine stores them; each "random" a spirit not named elsewhere."""
    named: list[str | None] = []
    for item in items:
        if is_random(item):
            named.append(None)
            continue
        name = spirit_name(item)
        if name is None:
            raise Refusal("spirit_island.setup.unknown_spirit", name=item[:100])
        named.append(name)
    left = [n for n in by_complexity() if n not in named]
    rng.shuffle(left)
    return [name if name is not None else left.pop() for name in named]


def _avoid(seats: int) -> list[set[str]]:
    return ([set(pair) for pair in SETUPS["avoid_together"]]
            if seats <= SETUPS["avoid_up_to_seats"] else [])


def _boards(items: list[str], seats: int, rng: random.Random) -> list[str]:
    """Letters; each "random" a board not used elsewhere and, at 4 seats or fewer, not one
    the rulebook advises against pairing with a board already there."""
    letters: list[str | None] = []
    for item in items:
        if is_random(item):
            letters.append(None)
        elif item.strip().upper() in BOARDS:
            letters.append(item.strip().upper())
        else:
            raise Refusal("spirit_island.setup.unknown_board", board=item[:20])
    avoid = _avoid(seats)
    out = [b for b in letters if b is not None]
    chosen = []
    for letter in letters:
        if letter is None:
            fits = [b for b in BOARDS if b not in out
                    and not any({b, o} == pair for o in out for pair in avoid)]
            letter = rng.choice(fits or [b for b in BOARDS if b not in out])
            out.append(letter)
        chosen.append(letter)
    return chosen


def _adversary(word: str, rng: random.Random) -> str | None:
    text = word.strip().casefold()
    if is_random(text):
        return rng.choice(sorted(ADVERSARIES))
    if text in NONE_WORDS:
        return None
    for key, name in ADVERSARIES.items():
        if text in (key, name.casefold()):
            return key
    raise Refusal("spirit_island.setup.unknown_adversary", adversary=word[:50])


def _level(word: str, rng: random.Random) -> int:
    text = word.strip()
    if is_random(text):
        return rng.choice(LEVELS)
    if text.isascii() and text.isdigit() and int(text) in LEVELS:
        return int(text)
    raise Refusal("spirit_island.setup.unknown_level", level=text[:10])


def resolve(request: SetupRequest, seats: int, current: dict[str, Any],
            rng: random.Random) -> dict[str, Any]:
    """The options to store (name -> value), in the order to set them; Refusal if a name,
    letter, adversary or level is unknown, or the preset is none of ours."""
    out: dict[str, Any] = {}
    if request.preset is not None:
        preset = PRESETS.get(request.preset)
        if preset is None:
            raise Refusal("spirit_island.setup.unknown_preset", preset=request.preset[:50])
        out |= {"spirits": preset["spirits"][:seats], "boards": preset["boards"][:seats],
                "adversary": preset["adversary"], "level": preset["level"],
                "events": preset["events"]}
    if request.spirits is not None:
        out["spirits"] = _spirits(_per_seat(request.spirits, seats), rng)
    if request.random_spirits:
        named = list(out.get("spirits") or current.get("spirits") or DEFAULT_SPIRITS)[:seats]
        named += [n for n in DEFAULT_SPIRITS if n not in named][:seats - len(named)]
        keep = max(0, seats - request.random_spirits)
        out["spirits"] = _spirits([*named[:keep], *[RANDOM_WORDS[0]] * (seats - keep)], rng)
    if request.boards is not None:
        out["boards"] = _boards(_per_seat(request.boards, seats), seats, rng)
    if request.adversary is not None:
        out["adversary"] = _adversary(request.adversary, rng)
    if request.level is not None:
        out["level"] = _level(request.level, rng)
    return out


def shown_name(name: str, lang: str) -> str:
    """A spirit's name in the reader's language (the data's Korean name)."""
    return str(SPIRITS.get(name, {}).get("ko") or name) if lang == "ko" else name


def spirit_label(name: str, lang: str, complexity_word: dict[str, str]) -> str:
    """"River Surges in Sunlight (low)" / "햇살 아래 넘치는 강물 (낮음)"."""
    shown = shown_name(name, lang)
    level = str(SPIRITS.get(name, {}).get("complexity", ""))
    return f"{shown} ({complexity_word.get(level, level)})" if level else shown
