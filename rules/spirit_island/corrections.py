"""Manual corrections ("fixes"): any player adds, removes or moves pieces, with a reason shown
to everyone, so a group can repair a position it disagrees with without abandoning the game.
A safety net for a missed or wrong step, not a way around encoding a card.

The action (engine.apply accepts it from any seat, whatever decision is open):

    {"type": "fix",
     "op": "add" | "remove" | "move",
     "piece": "explorer" | "town" | "city" | "dahan" | "blight" | "presence"
              | "beasts" | "disease" | "wilds" | "badlands" | "strife",
     "land": "A5",                  # a land of this island (name as on the board)
     "to": "A6",                    # move only: the land the pieces go to
     "count": 2,                    # optional, default 1; 1-20
     "spirit": "Thunderspeaker",    # presence only: the spirit's English name
     "track": "energy" | "card_plays" | "destroyed",   # presence only, optional (below)
     "on": "town",                  # strife only, optional: the invader it sits on
     "reason": "the build was missed"}    # required, free text, up to 300 characters

Notation (notation.py reads and writes it, English or Korean; `:` starts the reason):

    fix <op> [<count>] <piece> [<invader>] [<spirit>] <land> [<to>] [<track>] : <reason>
    fix add town A5 : the build was missed
    fix move 2 dahan A5 A6 : pushed the wrong way
    fix add strife town A5 : ...            (strife on a town)
    fix remove presence Thunderspeaker A5 destroyed : blight should have destroyed it
    바로잡기 추가 마을 A5 : 건설을 빠뜨림
    바로잡기 이동 2 다한 A5 A6 : ...

Words: ops add/remove/move (추가/제거/이동); pieces as in notation.WORDS (탐험가, 마을,
도시, 다한, 오염, 현신, 맹수, 역병, 험지, 불모지, 내분); tracks energy/plays/destroyed
(에너지/카드 사용 장수/파괴된 현신); spirits by English or Korean name.

What a fix does, keeping the game's invariants (checks.py):
- invaders and dahan come undamaged from the supply; removed or moved pieces are the least
  damaged ones, a moved piece keeps its damage and strife. No fear, no rule is triggered
  (no arrival watches, no destroy hooks): the position is set as it should be.
- blight added is taken from the blight card, blight removed goes back on it; a fix may
  not turn the card over (that would start its effect and reveal it): it is refused.
- presence added comes from the `track` (default: the energy track while it has presence
  left, then the card plays track, then destroyed presence); presence removed goes to
  `track` (default: destroyed presence; a track takes back only what it gave).
- strife sits on an invader (`on`; needed when the land holds several kinds); it cannot be
  moved by itself (move the invader, or remove and add).
- only presence may be put in an Ocean that is in play.
- a fix never ends the game (no win, no loss): such a fix is refused.
A fix leaves every open decision as it was (no answer, no new key) and reveals nothing, so
the platform's undo takes it back like any move. It is announced by a public event
(`spirit_island.fix`: who, what, where, the reason); the view shows nothing new.

For a front end: send the action dict (or the notation text) as a move of the player's
seat with no decision key (it is no button of any decision); `engine.format(state, action,
lang)` writes its notation. Refusals are RuleErrors keyed `spirit_island.err.fix.<why>`
(shape, op, piece, count, reason, reason_long, land, same_land, ocean, spirit, track,
track_empty, track_full, nothing, strife_on, strife_move, blight_card, invariant,
ends_game; `unreadable` for text), in messages.py in English and Korean. The event's params:
`s` (the seat), `what` ({"en", "ko"}: what was done, where), `reason`, and the raw `op`,
`piece`, `land`, `to`, `count`.

Limit: the platform lets a seat act only while it has some open decision. In Spirit Island
that is most of the time (every seat in the Spirit phase; in the Power phases every seat
with a power left to use), but during an Invader step one seat may hold the only question:
the others wait for it, or ask that player.
"""

from __future__ import annotations

from typing import Any

from rules.core import Event, RuleError, State
from rules.spirit_island import effects as fx
from rules.spirit_island import island as isl
from rules.spirit_island import outcome as out
from rules.spirit_island import pieces as pcs
from rules.spirit_island.checks import problems
from rules.spirit_island.messages import OUTCOMES

FIX = "fix"
OPS = ("add", "remove", "move")
UNITS = (*pcs.INVADERS, "dahan")  # pieces kept as lists of damage
PIECES = (*UNITS, "blight", "presence", *pcs.LAND_TOKENS, "strife")
TRACKS = ("energy", "card_plays", "destroyed")
KEYS = {"type", "op", "piece", "land", "to", "count", "reason", "spirit", "track", "on"}
MOST = 20  # pieces in one fix
LONGEST_REASON = 300  # characters: the reason is shown in the game's thread

# (English, Korean) for the event's description.
PIECE_WORDS = {
    "explorer": ("explorer", "탐험가"), "town": ("town", "마을"), "city": ("city", "도시"),
    "dahan": ("dahan", "다한"), "blight": ("blight", "오염"), "presence": ("presence", "현신"),
    "beasts": ("beasts", "맹수"), "disease": ("disease", "역병"), "wilds": ("wilds", "험지"),
    "badlands": ("badlands", "불모지"), "strife": ("strife", "내분"),
}
TRACK_WORDS = {"energy": ("the energy track", "에너지 트랙"),
               "card_plays": ("the card plays track", "카드 사용 장수 트랙"),
               "destroyed": ("destroyed presence", "파괴된 현신")}


def _refuse(what: str, **params: Any) -> RuleError:
    return RuleError(f"spirit_island.err.fix.{what}", **params)


def _word(table: dict[str, tuple[str, str]], key: str) -> dict[str, str]:
    en, ko = table.get(key, (key, key))
    return {"en": en, "ko": ko}


def _spirits() -> dict:
    return getattr(fx.optional("spirits"), "SPIRITS", {})


# --- checking the action ---------------------------------------------------------------------


def _check_shape(state: State, action: dict) -> dict:
    """The action with its defaults, or a refusal saying what is wrong with it."""
    if not set(action) <= KEYS or not {"op", "piece", "land"} <= set(action):
        raise _refuse("shape")
    fix = {"count": 1, **action}
    if fix["op"] not in OPS:
        raise _refuse("op", op=str(fix["op"]))
    if fix["piece"] not in PIECES:
        raise _refuse("piece", piece=str(fix["piece"]))
    count = fix["count"]
    if isinstance(count, bool) or not isinstance(count, int) or not 1 <= count <= MOST:
        raise _refuse("count", most=MOST)
    if not isinstance(fix.get("reason"), str) or not fix["reason"].strip():
        raise _refuse("reason")
    fix["reason"] = fix["reason"].strip()
    if len(fix["reason"]) > LONGEST_REASON:
        raise _refuse("reason_long", most=LONGEST_REASON)
    for key in ("land", "to") if fix["op"] == "move" else ("land",):
        if fix.get(key) not in state["lands"]:
            raise _refuse("land", land=str(fix.get(key, "")))
    if fix["op"] == "move" and fix["to"] == fix["land"]:
        raise _refuse("same_land", land=fix["land"])
    if fix["op"] != "move" and fix.get("to") is not None:
        raise _refuse("shape")
    extra = {"spirit": "presence", "track": "presence", "on": "strife"}
    if any(fix.get(key) is not None and fix["piece"] != piece for key, piece in extra.items()):
        raise _refuse("shape")
    if fix.get("on") is not None and fix["on"] not in pcs.INVADERS:
        raise _refuse("strife_on", land=fix["land"])
    if fix.get("track") is not None and fix["track"] not in TRACKS:
        raise _refuse("track", track=str(fix["track"]))
    if fix["piece"] == "presence":
        _seat_of(state, fix.get("spirit"))
    else:
        for name in (fix["land"], fix.get("to")):
            if name and _is_ocean(state, name):
                raise _refuse("ocean", land=name)
    return fix


def _is_ocean(state: State, land: str) -> bool:
    try:
        return isl.is_ocean(tuple(state["boards"]), land)
    except KeyError:
        return False


def _seat_of(state: State, spirit: Any) -> int:
    for i, row in enumerate(state["seats"]):
        if row["spirit"] == spirit:
            return i
    raise _refuse("spirit", spirit=str(spirit))


def _track_left(state: State, seat: int, track: str) -> int:
    """Presence a source can still give: a track's covered spaces, or destroyed presence."""
    row = state["seats"][seat]
    if track == "destroyed":
        return row.get("destroyed", 0)
    return fx.track_spaces(state, seat, track) - 1 - row["tracks"].get(track, 0)


# --- doing it ----------------------------------------------------------------------------------


def _plainest(land: dict, kind: str) -> int:
    """The index of the least damaged piece (then the one with least strife)."""
    marks = pcs.strife(land, kind) if kind in pcs.INVADERS else [0] * len(land[kind])
    return min(range(len(land[kind])), key=lambda i: (land[kind][i], marks[i]))


def _have(land: dict, fix: dict) -> int:
    piece = fix["piece"]
    if piece == "presence":
        return land["presence"].get(fix["spirit"], 0)
    if piece == "strife":
        kinds = [fix["on"]] if fix.get("on") else pcs.INVADERS
        return sum(sum(pcs.strife(land, k)) for k in kinds)
    return pcs.count(land, piece)


def _strife_kind(land: dict, fix: dict, name: str) -> str:
    """The invader kind strife goes on: the one named, else the only kind in the land."""
    present = [k for k in pcs.INVADERS if land[k]]
    wanted = fix.get("on")
    if wanted is not None and wanted not in pcs.INVADERS:
        raise _refuse("strife_on", land=name)
    if wanted is None and len(present) == 1:
        wanted = present[0]
    if wanted is None or wanted not in present:
        raise _refuse("strife_on", land=name)
    return wanted


def _add(state: State, fix: dict) -> None:
    land, piece, n = state["lands"][fix["land"]], fix["piece"], fix["count"]
    if piece == "blight":
        if state["blight_card"]["pool"] <= n:  # taking the last one turns the card over
            raise _refuse("blight_card", left=state["blight_card"]["pool"])
        for _ in range(n):
            pcs.take_blight(state)
        land["blight"] += n
    elif piece == "presence":
        seat = _seat_of(state, fix["spirit"])
        track = fix.get("track") or next(
            (t for t in TRACKS if _track_left(state, seat, t) >= n), TRACKS[0])
        if _track_left(state, seat, track) < n:
            raise _refuse("track_empty", spirit=fix["spirit"], track=_word(TRACK_WORDS, track))
        row = state["seats"][seat]
        if track == "destroyed":
            row["destroyed"] -= n
        else:
            row["tracks"][track] += n
        fix["track"] = track
        pcs.add_presence(land, fix["spirit"], n)
    elif piece == "strife":
        kind = _strife_kind(land, fix, fix["land"])
        fix["on"] = kind
        held = pcs.strife(land, kind)
        for _ in range(n):  # spread over the pieces: the one with least strife first
            held[min(range(len(held)), key=held.__getitem__)] += 1
    else:
        pcs.add(land, piece, n)


def _take_one(state: State, land: dict, fix: dict) -> tuple[int, int]:
    """Take one piece off a land for a removal or a move: (damage, strife) of units."""
    piece = fix["piece"]
    if piece in UNITS:
        return pcs.take(land, piece, _plainest(land, piece))
    if piece == "presence":
        pcs.destroy_presence(land, fix["spirit"])
    elif piece == "strife":  # off the piece holding most
        kinds = [fix["on"]] if fix.get("on") else [k for k in pcs.INVADERS if sum(
            pcs.strife(land, k))]
        kind = max(kinds, key=lambda k: max(pcs.strife(land, k), default=0))
        held = pcs.strife(land, kind)
        held[max(range(len(held)), key=held.__getitem__)] -= 1
    else:
        land[piece] -= 1
    return 0, 0


def _remove(state: State, fix: dict) -> None:
    land, n = state["lands"][fix["land"]], fix["count"]
    if fix["piece"] == "presence":
        seat = _seat_of(state, fix["spirit"])
        track = fix.get("track") or "destroyed"
        row = state["seats"][seat]
        if track == "destroyed":
            row["destroyed"] = row.get("destroyed", 0) + n
        elif row["tracks"].get(track, 0) < n:
            raise _refuse("track_full", spirit=fix["spirit"], track=_word(TRACK_WORDS, track))
        else:
            row["tracks"][track] -= n
        fix["track"] = track
    for _ in range(n):
        _take_one(state, land, fix)
    if fix["piece"] == "blight":  # back on the card, never turning it back (errata B2)
        state["blight_card"]["pool"] += n


def _move(state: State, fix: dict) -> None:
    if fix["piece"] == "strife":
        raise _refuse("strife_move")
    if fix["piece"] == "presence" and fix.get("track") is not None:
        raise _refuse("shape")
    land, to, piece = state["lands"][fix["land"]], state["lands"][fix["to"]], fix["piece"]
    for _ in range(fix["count"]):
        taken, marks = _take_one(state, land, fix)
        if piece in UNITS:
            pcs.put(to, piece, taken, marks)
        elif piece == "presence":
            pcs.add_presence(to, fix["spirit"])
        else:
            to[piece] = to.get(piece, 0) + 1


DO = {"add": _add, "remove": _remove, "move": _move}


# --- the event ---------------------------------------------------------------------------------


def _piece_phrase(state: State, fix: dict) -> dict[str, str]:
    n, piece = fix["count"], _word(PIECE_WORDS, fix["piece"])
    if fix["piece"] == "presence":
        ko = _spirits().get(fix["spirit"], {}).get("ko", fix["spirit"])
        return {"en": f"{n} presence of {fix['spirit']}", "ko": f"{ko} 현신 {n}개"}
    if fix["piece"] == "strife" and fix.get("on"):
        on = _word(PIECE_WORDS, fix["on"])
        return {"en": f"{n} strife on {on['en']}", "ko": f"{on['ko']}에 놓인 내분 {n}개"}
    return {"en": f"{n} {piece['en']}", "ko": f"{piece['ko']} {n}개"}


def describe(state: State, fix: dict) -> dict[str, str]:
    """What the fix did, in both languages (the event's {what})."""
    what, land, to = _piece_phrase(state, fix), fix["land"], fix.get("to")
    en = {"add": f"added {what['en']} to {land}", "remove": f"removed {what['en']} from {land}",
          "move": f"moved {what['en']} from {land} to {to}"}[fix["op"]]
    ko = {"add": f"{land} 지역에 {what['ko']} 추가",
          "remove": f"{land} 지역에서 {what['ko']} 제거",
          "move": f"{what['ko']}를 {land} 지역에서 {to} 지역으로 이동"}[fix["op"]]
    if fix["piece"] == "presence" and fix["op"] != "move":
        track = _word(TRACK_WORDS, fix["track"])
        en += f" ({'from' if fix['op'] == 'add' else 'to'} {track['en']})"
        ko += f" ({'출처' if fix['op'] == 'add' else '보낸 곳'}: {track['ko']})"
    return {"en": en, "ko": ko}


# --- the move ------------------------------------------------------------------------------------


def _ending(state: State) -> str | None:
    spirits = [row["spirit"] for row in state["seats"]]
    return out.outcome(state, spirits, fx.terror_level(state))


def apply_fix(state: State, seat: int, action: dict) -> tuple[State, list[Event]]:
    """The state after the fix (a copy; the open decisions unchanged) and its public event."""
    fix = _check_shape(state, action)
    if fix["op"] != "add":
        have = _have(state["lands"][fix["land"]], fix)
        if have < fix["count"]:
            raise _refuse("nothing", land=fix["land"], have=have,
                          piece=_word(PIECE_WORDS, fix["piece"]))
    new = fx.clone(state)
    DO[fix["op"]](new, fix)
    broken = [p for p in problems(state, new) if p not in problems(state, state)]
    if broken:
        raise _refuse("invariant", problem="; ".join(broken))
    if _ending(state) is None and (ending := _ending(new)) is not None:
        en, ko = OUTCOMES.get(ending, (ending, ending))
        raise _refuse("ends_game", outcome={"en": en, "ko": ko})
    params = {"s": seat, "what": describe(new, fix), "reason": fix["reason"],
              "op": fix["op"], "piece": fix["piece"], "land": fix["land"],
              "to": fix.get("to") or "", "count": fix["count"]}
    return new, [Event(key="spirit_island.fix", params=params)]
