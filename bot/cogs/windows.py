"""Windows: public decisions a game names as asked at once (GameUI.window) share one thread
message. Its text says what is asked and whom it waits on; its "My choices" button shows each
waiting seat its own choices privately. The game's settings keep, under WINDOWS_KEY, each
open window message: {message id: {"channel", "window", "keys": {decision key: seat},
"text": the message without its waiting line}}, so a restart edits and closes it as before.
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable

from bot.i18n import t
from bot.table_types import Prompt
from rules.core import Decision

WINDOW_KIND = "window"  # a window message's row in the store (its last decision's)
WINDOWS_KEY = "window_prompts"

Unit = tuple[str | None, list[Prompt]]  # (window name, its prompts) or (None, [one prompt])


def plan_windows(
    prompts: list[Prompt], window_of: Callable[[Decision], str | None] | None,
    open_windows: dict[str, str],
) -> tuple[list[Unit], dict[str, list[Prompt]]]:
    """How new public prompts are posted, in order: a shared message for the decisions of a
    window opened together (two or more), a prompt of its own for any other; and the
    prompts joining a window's open message (message id -> prompts), which post nothing."""
    names = {p.decision.key: window_of(p.decision) if window_of else None for p in prompts}
    counts = Counter(name for name in names.values() if name)
    units: list[Unit] = []
    joins: defaultdict[str, list[Prompt]] = defaultdict(list)
    opened: set[str] = set()
    for prompt in prompts:
        name = names[prompt.decision.key]
        if name is not None and name in open_windows:
            joins[open_windows[name]].append(prompt)
        elif name is not None and counts[name] > 1:
            if name not in opened:
                opened.add(name)
                units.append((name, [p for p in prompts if names[p.decision.key] == name]))
        else:
            units.append((None, [prompt]))
    return units, dict(joins)


def window_seats(keys: dict[str, int], seats: list[int]) -> list[int]:
    """The users a window waits on, in seat order, each once."""
    return list(dict.fromkeys(seats[s] for s in sorted(set(keys.values())) if s < len(seats)))


def window_content(text: str, users: list[int], lang: str) -> str:
    """A window message: its text, then whom it waits on (or that everyone answered)."""
    last = (t("discord.window.waiting", lang, users=" ".join(f"<@{u}>" for u in users))
            if users else t("discord.window.closed", lang))
    return "\n".join(part for part in (text, last) if part)
