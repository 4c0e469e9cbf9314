"""What one seat (or a spectator) may see: the structural strip of rules.core plus the
things the game shows on purpose, in the shape agreed with render/ and bot/."""

from __future__ import annotations

from typing import Any

from rules.citadels.card_texts import CHARACTER_TEXT, DISTRICT_TEXT
from rules.citadels.characters import CHARACTER
from rules.citadels.districts import card_json as _card_json
from rules.citadels.scoring import public_score
from rules.core import State, View, strip_secrets


def card_json(card_id: str, beautified: bool = False, gold_on: int = 0) -> dict[str, Any]:
    """A district as the view shows it, with its effect text when it has one."""
    c = _card_json(card_id, beautified, gold_on)
    if card_id in DISTRICT_TEXT:
        c["text"] = dict(DISTRICT_TEXT[card_id])
    return c


def _city(seat: dict[str, Any]) -> list[dict[str, Any]]:
    out = []
    for d in seat["city"]:
        c = card_json(d["id"], d["beautified"], d["gold_on"])
        if d["id"] == "museum":
            c["museum_cards"] = d["museum"]
        out.append(c)
    return out


def _current(pub: State) -> dict[str, Any] | None:
    """Who acts now, as far as the table knows: the picker of the draft (never the cards),
    the Theater's owner, the called character, or the Emperor's advisor."""
    t = pub["turn"]
    if pub["phase"] == "draft":
        if pub["theater"] is not None:
            return {"seat": pub["theater"], "character": None, "stage": "theater"}
        if pub["draft"] is not None:
            seat, _ = pub["draft"]["steps"][pub["draft"]["i"]]
            return {"seat": seat, "character": None, "stage": "draft"}
        return None
    if pub["phase"] == "turns":
        if pub["advisor"] is not None:
            # the killed Emperor was revealed at the round end: his holder is public
            return {"seat": pub["advisor"], "character": pub["rs"]["killed"],
                    "stage": "advisor"}
        if t is not None:
            return {"seat": t["seat"], "character": t["char"], "stage": t["stage"]}
    return None


def build_view(state: State, viewer: int | None) -> View:
    pub = strip_secrets(state)
    current = _current(pub)
    chars = []
    for c in pub["cast"]:
        info = pub["chars"][c]
        status = info["status"]
        chars.append({
            "id": c, "rank": CHARACTER[c].rank,
            "name": {"en": CHARACTER[c].en, "ko": CHARACTER[c].ko},
            "text": dict(CHARACTER_TEXT[c]),
            # a killed character's holder stays hidden until the round ends
            "status": "unknown" if status == "killed" else status,
            "seat": info["seat"], "markers": list(info["markers"])})
    seats = []
    for i, s in enumerate(pub["seats"]):
        seats.append({
            "seat": i, "gold": s["gold"], "hand_count": s["hand_count"],
            "crown": pub["crown"] == i, "city": _city(s), "completed": s["completed"],
            "first_completed": s["first_completed"],
            "revealed_characters": list(s["revealed"]),
            "score_public": public_score(state, i)})
    me = None
    if viewer is not None:
        sec = state["seats"][viewer]["secret"]
        rs = state["rs"]
        markers: dict[str, Any] = dict(sec["markers"])
        if state["phase"] == "over":
            markers = {}
        me = {"seat": viewer, "hand": [card_json(c) for c in sec["hand"]],
              "characters": list(sec["chars"]),
              "draft": {"offered": list(sec["offer"])} if sec["offer"] else None,
              "drawn": [card_json(c) for c in sec["drawn"]] if sec["drawn"] else None,
              "pending": [card_json(c) for c in sec["pending"]],
              "museum": [card_json(c) for c in sec["museum"]],
              "secret_markers": markers}
        if rs.get("witch_seat") == viewer and rs.get("bewitched"):
            me["bewitched"] = rs["bewitched"]
    result = None
    if state["phase"] == "over" and state["result"]:
        result = {"scores": state["result"]}
    return {
        "game": "citadels", "viewer": viewer, "round": pub["round"], "phase": pub["phase"],
        "crown": pub["crown"], "current": current, "deck_count": pub["deck_count"],
        "characters": chars, "faceup": list(pub["faceup"]), "tax_pot": pub["tax"],
        "seats": seats, "me": me, "log_tail": list(pub["log"]), "result": result,
    }
