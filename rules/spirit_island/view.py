"""What a seat sees: the whole island is public; the decks' orders (state["secret"], and the
blight deck under the blight card) are stripped and only their sizes shown (the invader
deck: how many cards of each stage)."""

from __future__ import annotations

from typing import Any

from rules.core import State, View, strip_secrets
from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island.effects import Ask
from rules.spirit_island.messages import OUTCOMES

FEAR_ENTRIES = ("divider:", "invader:")
# Bookkeeping of the Action running now (invaders.py, pieces.py): not part of the picture.
TRANSIENT = ("action", "actions", "build_card", "destroy_all")


def build_view(state: State, seat: int | None) -> View:
    out = strip_secrets({k: v for k, v in state.items() if k not in TRANSIENT})
    secret = state.get("secret", {})
    deck = secret.get("deck", [])
    out["decks"] = {
        "invader": len(deck),
        "invader_stages": [sum(1 for c in deck if inv.stage(c) == n) for n in (1, 2, 3)],
        "fear": sum(1 for e in secret.get("fear_deck", []) if not e.startswith(FEAR_ENTRIES)),
        "minor": len(secret.get("minor_deck", [])),
        "major": len(secret.get("major_deck", [])),
        "event": len(secret.get("event_deck", [])),
    }
    card = out.get("blight_card")
    if card and "deck" in card:  # the blight deck's order is hidden too (pieces.py keeps it)
        card["deck"] = len(card["deck"])
    if card and card.get("side") == "healthy":  # face down until it turns over
        card["name"] = None
    out["terror_level"] = fx.terror_level(state)
    out["viewer"] = seat
    return out


def _frame(state: State, ask: Ask) -> dict:
    queue = state["queue"] if state.get("ask") else state["seats"][ask.seat].get("queue", [])
    return queue[0] if queue else {"step": {}, "ctx": {}}


# What asks, when it is no card: (English, Korean) from the seed's glossary (digest 12.2).
SOURCES = {"growth": ("Growth", "성장"), "blight": ("Blight card", "오염 카드"),
           "fear": ("Fear card", "공포 카드"), "reclaim": ("Time Passes", "시간 흐름")}
PHASES = {"setup": ("Setup", "게임 준비"), "spirit": ("Spirit Phase", "정령 단계"),
          "fast": ("Fast Power Phase", "빠른 능력 단계"), "invader": ("Invader Phase", "침략자 단계"),
          "slow": ("Slow Power Phase", "느린 능력 단계"), "time": ("Time Passes", "시간 흐름"),
          "over": ("Game over", "게임 종료")}


def _source(state: State, source: Any) -> Any:
    pair = SOURCES.get(source) if source else PHASES.get(state.get("phase", ""))
    return {"en": pair[0], "ko": pair[1]} if pair else source


def prompt_params(state: State, ask: Ask) -> dict[str, Any]:
    """What a prompt may name: the power or rule asking, its land, how many are left."""
    frame = _frame(state, ask) if ask.kind != "resolve" else {"step": {}, "ctx": {}}
    ctx, step = frame["ctx"], frame["step"]
    n = step.get("n")
    return {
        "s": ask.seat,
        "source": _source(state, ctx.get("source")),
        "land": ctx.get("land") or step.get("land") or "",
        "n": n if isinstance(n, int) else "",
        "kind": ask.kind,
        "turn": state.get("turn", 0),
    }


STAGES = ("I", "II", "III")
TERRAINS = {"jungle": "정글", "mountain": "산악", "sands": "사막", "wetland": "습지",
            "coastal": "해안"}


def invader_card(card: str) -> dict[str, str]:
    """An invader card in both languages: "2:coastal" -> Stage II Coastal / II단계 해안."""
    stage, lands = card.split(":")
    parts = lands.split("+")
    roman = STAGES[int(stage) - 1]
    return {"en": f"Stage {roman} " + "+".join(p.capitalize() for p in parts),
            "ko": f"{roman}단계 " + "+".join(TERRAINS[p] for p in parts)}


def event_params(params: dict[str, Any]) -> dict[str, Any]:
    """Event params as message params: lists of lands joined, invader cards named."""
    out: dict[str, Any] = {}
    for key, value in params.items():
        if key == "card" and isinstance(value, str) and ":" in value:
            value = invader_card(value)
        elif key == "outcome":
            why = value.split(":", 1)[-1]
            en, ko = OUTCOMES.get(value, (f"defeat ({why})", f"패배 ({why})"))
            value = {"en": en, "ko": ko}
        elif isinstance(value, dict):
            value = [f"{land} {kind}" for land, kind in value.items()]
        if isinstance(value, list):
            value = ", ".join(map(str, value)) if value else "-"
        out[key] = value
    return out
