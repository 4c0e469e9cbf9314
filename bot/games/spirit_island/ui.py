"""Spirit Island's Discord words: choice labels and looks, prompt frames, names in events,
status lines and the final score's words. Reads decisions and the public view only."""

from __future__ import annotations

from typing import Any

from bot.i18n import t
from rules.core import Choice, Decision
from rules.spirit_island.notation import option_text
from rules.spirit_island.spirits import SPIRITS

DONE = "done"
GROWTH = "Growth"  # the engine's source of a growth choice (its English name)
YES, NO = "yes", "no"
# The phase as the thread names it: (English, Korean), the seed's glossary.
PHASES: dict[str, tuple[str, str]] = {
    "setup": ("Setup", "게임 준비"), "spirit": ("Spirit Phase", "정령 단계"),
    "fast": ("Fast Power Phase", "빠른 능력 단계"), "invader": ("Invader Phase", "침략자 단계"),
    "slow": ("Slow Power Phase", "느린 능력 단계"), "time": ("Time Passes", "시간 흐름"),
    "over": ("Game over", "게임 종료"),
}
STAGES = ("I", "II", "III")
# Phases whose prompts are windows every spirit works through at once.
WINDOWS = ("spirit", "fast", "slow")
# Seat params of the engine's events and decisions.
SEAT_PARAMS = frozenset({"s"})


def phase_of(decision: Decision) -> str:
    """The phase a decision belongs to, from its key ("t3.spirit.s0.2", "t3.invader.41.s1")."""
    parts = decision.key.split(".")
    return parts[1] if len(parts) > 1 else ""


def window(decision: Decision) -> str | None:
    """The window a decision is asked in: the turn's Spirit phase or power window (every
    spirit works through it at once; its keys are "t3.fast.s1.7.resolve"), else the step
    that asked it ("t3.invader.41": the spirits asked by one step at once)."""
    parts = decision.key.split(".")
    if len(parts) < 3:
        return None
    return ".".join(parts[:2] if parts[1] in WINDOWS else parts[:-1])


def choice_label(choice: Choice, decision: Decision | None, lang: str) -> str | None:
    """"Done" said for what it ends; a growth option by number; else the option's words
    alone (a land, a piece and a land, a card's name), the prompt saying the question."""
    kind, option = choice.action.get("type"), choice.action.get("option")
    if option == DONE:
        key = f"spirit_island.choice.done.{kind}"
        return t(key if kind in ("play", "resolve") else "spirit_island.choice.done", lang)
    if isinstance(option, bool):
        return None
    if isinstance(option, int):
        growth = kind == "growth" or (decision is not None and _source_en(decision) == GROWTH)
        return t("spirit_island.choice.growth" if growth else "spirit_island.choice.number",
                 lang, n=option + 1)
    text = option_text(option, lang)
    return text[:1].upper() + text[1:] if text else None


def _source_en(decision: Decision) -> str:
    source = decision.params.get("source")
    return str(source.get("en", "")) if isinstance(source, dict) else str(source or "")


def choice_style(choice: Choice, decision: Decision | None) -> str | None:
    """Done and "no" grey, "yes" green: the buttons that end or accept a window stand apart."""
    option = choice.action.get("option")
    if option == DONE or option is False or option == NO:
        return "secondary"
    if option is True or option == YES:
        return "success"
    return None


def prompt_frame(decision: Decision, earlier: list[str]) -> str | None:
    """The phase's frame; the first prompt of a window also says everyone acts at once."""
    phase = phase_of(decision)
    if phase in WINDOWS:
        seen = any(f".{phase}." in key for key in earlier)
        return f"spirit_island.frame.{phase}" + ("" if seen else ".first")
    if phase in ("invader", "setup"):
        return f"spirit_island.frame.{phase}"
    return None


def event_params(params: dict[str, Any], view: dict[str, Any], names: list[str]) -> dict[str, Any]:
    """A seat index (`s`) -> the player's name. Some events name their seat `seat` while
    their text says `{s}` (the power event): both are read."""
    out = dict(params)
    if "s" not in out and "seat" in out:
        out["s"] = out["seat"]
    for key in SEAT_PARAMS & out.keys():
        seat = out[key]
        if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(names):
            out[key] = names[seat]
    return out


def _spirit(row: dict[str, Any], lang: str) -> str:
    """The spirit's name in the reader's language (the data's Korean name)."""
    name = str(row.get("spirit", ""))
    return str(SPIRITS.get(name, {}).get("ko") or name) if lang == "ko" else name


def invader_card(card: str, lang: str) -> str:
    """"2:coastal" -> "Stage II Coastal" / "II단계 해안" (terrain words from the notation)."""
    stage, _, lands = card.partition(":")
    if not stage.isdigit() or not lands:
        return card
    roman = STAGES[int(stage) - 1] if 0 < int(stage) <= len(STAGES) else stage
    words = "+".join(option_text(p, lang) for p in lands.split("+"))
    return f"{roman}단계 {words}" if lang == "ko" else f"Stage {roman} {words.title()}"


def _cards(cards: list[str], lang: str) -> str:
    return ", ".join(invader_card(c, lang) for c in cards) or "-"


def status_lines(view: dict[str, Any], lang: str, names: list[str]) -> list[str]:
    """The turn and phase, the fear and blight, the invader track, each spirit's energy and
    whether it still has to decide in this window (everyone decides at once)."""
    pair = PHASES.get(view.get("phase", ""), ("", ""))
    fear, card, track = view.get("fear") or {}, view.get("blight_card") or {}, view.get(
        "track") or {}
    lines = [
        t("spirit_island.status.turn", lang, turn=view.get("turn", 0),
          phase=pair[lang == "ko"], level=view.get("terror_level", 1),
          pool=fear.get("pool", 0), blight=card.get("pool", 0)),
        t("spirit_island.status.track", lang, ravage=_cards(track.get("ravage", []), lang),
          build=_cards(track.get("build", []), lang),
          deck=(view.get("decks") or {}).get("invader", 0)),
    ]
    for i, row in enumerate(view.get("seats", [])):
        player = names[i] if i < len(names) else f"#{i + 1}"
        waiting = view.get("phase") in WINDOWS and bool(row.get("ask"))
        lines.append(t("spirit_island.status.seat", lang, player=player,
                       spirit=_spirit(row, lang), energy=row.get("energy", 0))
                     + (t("spirit_island.status.deciding", lang) if waiting else ""))
    return lines


def score_breakdown(breakdown: dict[str, Any], lang: str) -> str:
    """"victory, turns 6, Terror Level 2" / "패배, 3번째 차례, 위협 수준 1"."""
    head = "victory" if breakdown.get("victory") else "defeat"
    parts = [t(f"spirit_island.score.{head}", lang)]
    if breakdown.get("sacrifice"):
        parts.append(t("spirit_island.score.sacrifice", lang))
    for key in ("turns", "terror_level"):
        if key in breakdown:
            parts.append(t(f"spirit_island.score.{key}", lang, n=breakdown[key]))
    return ", ".join(parts)
