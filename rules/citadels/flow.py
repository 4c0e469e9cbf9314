"""The round: selection phase (per player count), the Theater, calling characters in rank
order and the start of each called turn, and the end of round (killed character revealed,
crown heirs, Queen, game end). The turn itself is in turn.py, which builds on this module
(never the other way round)."""

from __future__ import annotations

from typing import Any

from rules.citadels.characters import CHARACTER
from rules.citadels.scoring import score_game
from rules.citadels.table import Ctx

# the rulebook's title for the holder of a killed crown-taking character
HEIRS: dict[str, dict[str, str]] = {
    "king": {"en": "the King's heir", "ko": "왕위 계승자"},
    "patrician": {"en": "the Patrician's heir", "ko": "작위 계승자"},
}


def new_round_state() -> dict[str, Any]:
    return {"killed": None, "bewitched": None, "witch_seat": None, "witch_paused": False,
            "robbed": None, "thief_seat": None, "warrants": [], "magistrate_seat": None,
            "threats": [], "threat_by": None, "resolved": [], "queen_paid": False}


def start_round(cx: Ctx) -> None:
    st = cx.st
    st["phase"] = "draft"
    st["rs"] = new_round_state()
    st["turn"] = None
    st["call"] = 0
    st["faceup"] = []
    for c in st["cast"]:
        st["chars"][c] = {"status": "unknown", "seat": None, "markers": []}
    for i in range(cx.n):
        s = cx.seat(i)
        s["revealed"] = []
        s["secret"]["chars"] = []
        s["secret"]["markers"] = {}
    n, crown = cx.n, st["crown"]
    pile = list(st["cast"])
    cx.rng.shuffle(pile)
    facedown: list[str] = []
    if n >= 4:
        want = max(0, len(pile) - 2 - n)
        up: list[str] = []
        aside: list[str] = []
        while len(up) < want:
            c = pile.pop()
            # a rank-4 character is never discarded face up: set aside, shuffle back after
            (aside if CHARACTER[c].rank == 4 else up).append(c)
        if aside:
            pile.extend(aside)
            cx.rng.shuffle(pile)
        facedown.append(pile.pop())
        st["faceup"] = up
        for c in up:
            st["chars"][c]["status"] = "discarded_up"
        steps = [[(crown + i) % n, "take"] for i in range(n)]
        special = len(pile) == n
    elif n == 3:
        facedown.append(pile.pop())
        order = [(crown + i) % 3 for i in range(3)]
        steps = [[s, "take"] for s in order] + [[order[2], "discard"]] + [
            [s, "take"] for s in order]
        special = False
    else:
        facedown.append(pile.pop())
        o = 1 - crown
        steps = [[crown, "take"], [o, "take"], [o, "discard"], [crown, "take"],
                 [crown, "discard"], [o, "take"], [o, "discard"]]
        special = False
    st["secret"]["facedown"] = facedown
    st["secret"]["pile"] = pile
    st["draft"] = {"steps": steps, "i": 0, "special": special}
    # the shuffle is a random outcome (face-up discards shown): no undo past it
    cx.ev("citadels.ev.round_start", reveal=True, round=st["round"], crown=crown, s=crown,
          faceup=list(st["faceup"]))
    if st["faceup"]:
        cx.ev("citadels.ev.faceup", character=list(st["faceup"]))
    begin_draft_step(cx)


def begin_draft_step(cx: Ctx) -> None:
    st = cx.st
    draft = st["draft"]
    steps = draft["steps"]
    while draft["i"] < len(steps):
        seat, kind = steps[draft["i"]]
        offer = st["secret"]["pile"]
        st["secret"]["pile"] = []
        last = draft["i"] == len(steps) - 1
        if kind == "take" and last and draft["special"]:
            # 7-player rule: the last picker also sees the card discarded face down
            offer = offer + st["secret"]["facedown"]
            st["secret"]["facedown"] = []
        cx.seat(seat)["secret"]["offer"] = offer
        if kind == "discard" and (len(offer) == 1 or (
                cx.n == 3 and cx.opts["three_player_discard"] == "random")):
            draft_discard(cx, seat, offer[cx.rng.below(len(offer))] if len(offer) > 1
                          else offer[0], auto=True)
            continue
        return
    # the draft is over: what is left is discarded face down
    st["secret"]["facedown"].extend(st["secret"]["pile"])
    st["secret"]["pile"] = []
    st["draft"] = None
    theater_owner = next((i for i in range(cx.n) if cx.has(i, "theater")), None)
    if theater_owner is not None:
        st["theater"] = theater_owner
        return
    start_calls(cx)


def draft_take(cx: Ctx, seat: int, char: str) -> None:
    sec = cx.seat(seat)["secret"]
    offer = sec["offer"]
    offer.remove(char)
    sec["chars"].append(char)
    sec["offer"] = None
    draft = cx.st["draft"]
    last = draft["i"] == len(draft["steps"]) - 1
    if last and draft["special"]:
        cx.st["secret"]["facedown"].extend(offer)
    else:
        cx.st["secret"]["pile"] = offer
    # the next picker now sees the cards passed on
    cx.ev("citadels.ev.picked", reveal=True, s=seat)
    cx.ev("citadels.ev.you_picked", seat=seat, character=char)
    draft["i"] += 1
    begin_draft_step(cx)


def draft_discard(cx: Ctx, seat: int, char: str, auto: bool = False) -> None:
    sec = cx.seat(seat)["secret"]
    offer = sec["offer"]
    offer.remove(char)
    sec["offer"] = None
    cx.st["secret"]["facedown"].append(char)
    cx.st["secret"]["pile"] = offer
    cx.ev("citadels.ev.draft_discarded", reveal=True, s=seat)
    if not auto:
        cx.ev("citadels.ev.you_discarded", seat=seat, character=char)
    cx.st["draft"]["i"] += 1
    if not auto:
        begin_draft_step(cx)


def theater_swap(cx: Ctx, owner: int, target: int | None, give: str | None) -> None:
    cx.st["theater"] = None
    if target is not None and give is not None:
        mine = cx.seat(owner)["secret"]["chars"]
        theirs = cx.seat(target)["secret"]["chars"]
        got = theirs[cx.rng.below(len(theirs))]
        mine[mine.index(give)] = got
        theirs[theirs.index(got)] = give
        cx.ev("citadels.ev.theater_swap", s=owner, target=target)
        cx.ev("citadels.ev.theater_got", seat=owner, reveal=True, character=got)
        cx.ev("citadels.ev.theater_got", seat=target, reveal=True, character=give)
    else:
        cx.ev("citadels.ev.theater_pass", s=owner)
    start_calls(cx)


def start_calls(cx: Ctx) -> None:
    cx.st["phase"] = "turns"
    cx.st["call"] = 0
    call_next(cx)


def call_next(cx: Ctx) -> None:
    """Call the next rank; stop at the first turn that needs a decision."""
    st, rs = cx.st, cx.rs
    st["turn"] = None
    while st["call"] < len(st["cast"]):
        st["call"] += 1
        char = st["cast"][st["call"] - 1]
        info = st["chars"][char]
        holder = cx.holder(char)
        if char == rs["killed"]:
            # skipped identically whether or not anyone holds it
            info["status"] = "killed"
            cx.ev("citadels.ev.called_killed", character=char)
            continue
        if holder is None:
            if info["status"] != "discarded_up":
                info["status"] = "called_absent"
            cx.ev("citadels.ev.called_absent", character=char)
            if char == rs["bewitched"] and rs["witch_paused"]:
                rs["witch_paused"] = False
                cx.ev("citadels.ev.witch_ends", s=rs["witch_seat"])
            continue
        begin_turn(cx, char, holder)
        return
    end_round(cx)


def new_turn(seat: int, char: str, mode: str) -> dict[str, Any]:
    return {"seat": seat, "char": char, "mode": mode, "stage": "gather", "gathered": False,
            "income": False, "ability": False, "builds": 0, "paid_first": False, "paid": 0,
            "used": [], "beautified": 0, "crown_given": False, "tithe": False, "sub": None}


def begin_turn(cx: Ctx, char: str, holder: int) -> None:
    st, rs = cx.st, cx.rs
    info = st["chars"][char]
    info["status"] = "revealed"
    info["seat"] = holder
    cx.seat(holder)["revealed"].append(char)
    cx.ev("citadels.ev.reveal", reveal=True, character=char, s=holder)
    mode = "bewitched" if char == rs["bewitched"] else (
        "witch_first" if char == "witch" else "normal")
    if rs["robbed"] == char and cx.opts["thief_before_gather"]:
        rob(cx, holder)
    if CHARACTER[char].crown == "take":
        give_crown(cx, holder, "citadels.ev.crown_taken")
    st["turn"] = new_turn(holder, char, mode)


def rob(cx: Ctx, victim: int) -> None:
    thief = cx.rs["thief_seat"]
    amount = cx.transfer(victim, thief, cx.seat(victim)["gold"])
    cx.rs["robbed"] = None
    cx.ev("citadels.ev.robbed" if amount else "citadels.ev.robbed_none", s=thief, target=victim, amount=amount)


def queen(cx: Ctx, seat: int) -> None:
    four = next(c for c in cx.st["cast"] if CHARACTER[c].rank == 4)
    info = cx.st["chars"][four]
    if info["status"] == "revealed" and info["seat"] is not None and four != cx.rs["killed"]:
        if info["seat"] in ((seat - 1) % cx.n, (seat + 1) % cx.n) and info["seat"] != seat:
            cx.gain(seat, 3)
            cx.ev("citadels.ev.queen", s=seat, amount=3)


def end_round(cx: Ctx) -> None:
    st, rs = cx.st, cx.rs
    st["turn"] = None
    if rs["witch_paused"]:
        rs["witch_paused"] = False
        cx.ev("citadels.ev.witch_ends", s=rs["witch_seat"])
    killed = rs["killed"]
    holder = cx.holder(killed) if killed else None
    if killed and holder is not None and not rs.get("killed_done"):
        rs["killed_done"] = True
        st["chars"][killed]["seat"] = holder
        st["chars"][killed]["status"] = "revealed"
        cx.ev("citadels.ev.killed_revealed", reveal=True, character=killed, s=holder)
        kind = CHARACTER[killed].crown
        if kind == "take":
            give_crown(cx, holder, "citadels.ev.heir", character=killed, heir=HEIRS[killed])
        elif kind == "give":
            st["advisor"] = holder
            return
        queen_round_end(cx, killed, holder)
    finish_round(cx)


def queen_round_end(cx: Ctx, killed: str, holder: int) -> None:
    if CHARACTER[killed].rank != 4:
        return
    queen = cx.holder("queen")
    if queen is None or cx.rs["killed"] == "queen" or cx.st["chars"]["queen"]["status"] != (
            "revealed") or cx.rs["bewitched"] == "queen":
        return
    if holder in ((queen - 1) % cx.n, (queen + 1) % cx.n) and holder != queen:
        cx.gain(queen, 3)
        cx.ev("citadels.ev.queen", s=queen, amount=3)


def advisor_crown(cx: Ctx, target: int) -> None:
    holder = cx.st["advisor"]
    cx.st["advisor"] = None
    give_crown(cx, target, "citadels.ev.advisor", by=holder)
    queen_round_end(cx, cx.rs["killed"], holder)
    finish_round(cx)


def give_crown(cx: Ctx, seat: int, key: str, **params: Any) -> None:
    cx.st["crown"] = seat
    cx.ev(key, s=seat, **params)


def finish_round(cx: Ctx) -> None:
    st, rs = cx.st, cx.rs
    for i in range(cx.n):
        s = cx.seat(i)
        ranks = [CHARACTER[c].rank for c in s["secret"]["chars"]
                 if c != rs["killed"] or cx.opts["tiebreak_killed_counts"]]
        s["last_rank"] = max(ranks) if ranks else 0
        s["tiebreak_chars"] = list(s["secret"]["chars"])
    cx.ev("citadels.ev.round_end", round=st["round"])
    if st["ending"]:
        st["phase"] = "over"
        for i in range(cx.n):
            cx.seat(i)["secret"]["chars"] = []
        st["result"] = score_game(st)
        cx.ev("citadels.ev.game_over", winners=[sc["seat"] for sc in st["result"] if sc["rank"] == 1])
        return
    st["round"] += 1
    start_round(cx)
