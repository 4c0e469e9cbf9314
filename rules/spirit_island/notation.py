"""Notation: every action answers an open question, `{"type": kind, "option": value}`, and
reads as the kind's word and the option's words, e.g. `push explorer A5`, `use Boon of
Vigor`, `choose 2`, or in Korean `밀어내기 탐험가 A5`, `사용 Boon of Vigor`, `선택 2`.

Numbers (a growth option, a spirit) count from 1. Lands are their names (`A5`) in both
languages; card names stay as printed in English. Korean words follow the seed's glossary
(digest 12.2). Since every question has finitely many options, reading a text means finding
the open option whose text (in either language) it is.

A correction (corrections.py) reads `fix <op> [<count>] <piece> [<invader>] [<spirit>]
<land> [<to>] [<track>] : <reason>`, e.g. `fix move 2 dahan A5 A6 : pushed the wrong way`,
in Korean `바로잡기 이동 2 다한 A5 A6 : ...`; spirits by their English or Korean name.
"""

from __future__ import annotations

import re
from typing import Any

from rules.core import RuleError

# An Ask's kind -> its word (English, Korean). Unknown kinds read as themselves.
KINDS: dict[str, tuple[str, str]] = {
    "choose": ("choose", "선택"),
    "target_land": ("target", "대상"),
    "target_spirit": ("spirit", "정령"),
    "choose_land": ("land", "지역"),
    "damage": ("damage", "피해"),
    "destroy": ("destroy", "파괴"),
    "remove": ("remove", "제거"),
    "cascade": ("cascade", "오염 확산"),
    "strife": ("strife", "내분"),
    "push": ("push", "밀어내기"),
    "gather": ("gather", "끌어오기"),
    "deck": ("deck", "덱"),
    "gain_card": ("gain", "획득"),
    "forget": ("forget", "잊기"),
    "reclaim": ("reclaim", "회수"),
    "presence_source": ("take", "가져오기"),
    "add_presence": ("presence", "현신"),
    "setup_presence": ("start", "시작 현신"),
    "may": ("may", "선택 여부"),
    "play": ("play", "내려놓기"),
    "element": ("element", "원소"),
    "resolve": ("use", "사용"),
    "skip": ("skip", "생략"),
    "counterattack": ("counterattack", "반격"),
    "add": ("add", "추가"),
    "gather_from": ("gather from", "끌어올 지역"),
    "move_presence": ("move presence", "현신 이동"),
    "carry": ("carry", "함께 이동"),
    "choose_board": ("board", "섬 보드"),
    # the questions of the invader, event, deck and spirit modules (those not declaring
    # ASK_WORDS themselves)
    "great_warding": ("great warding", "거대한 결계"),
    "destroy_presence": ("destroy presence", "현신 파괴"),
    "adjacent_land": ("adjacent land", "인접 지역"),
    "land": ("land", "지역"),
    "spirit_land": ("spirit land", "정령 지역"),
    "move": ("move", "이동"),
    "move_to": ("move to", "이동할 지역"),
    "replace": ("replace", "교체"),
    "invader": ("invader", "침략자"),
    "spirit": ("spirit", "정령"),
    "presence": ("presence", "현신"),
    "growth": ("growth", "성장"),
    "pay": ("pay", "지불"),
    "pay_cost": ("pay cost", "비용 지불"),
    "may_pay": ("may pay", "지불 여부"),
    "pay_or_forget": ("pay or forget", "지불 또는 잊기"),
    "forget_or_discard": ("forget or discard", "잊기 또는 버리기"),
    "play_now": ("play now", "즉시 사용"),
    "give_card": ("give card", "카드 주기"),
    "give_back": ("give back", "돌려주기"),
    "swap_card": ("swap card", "카드 교환"),
    "energy_from": ("energy from", "에너지 출처"),
    "odd_energy": ("odd energy", "남는 에너지"),
    "track_element": ("track element", "트랙 원소"),
    "unlock_growth": ("unlock growth", "성장 해제"),
    "sit_out": ("sit out", "제외"),
    "split": ("split", "나누기"),
    "drown": ("drown", "익사"),
    "erupt": ("erupt", "분화"),
    "flair": ("flair", "재능"),
    "visions": ("visions", "환영"),
    "reveal_fear": ("reveal fear", "공포 공개"),
    "follow_dahan": ("follow dahan", "다한 따라가기"),
    "push_with": ("push with", "함께 밀어내기"),
    "push_presence": ("push presence", "현신 밀어내기"),
    "gather_presence": ("gather presence", "현신 끌어오기"),
    "replace_presence": ("replace presence", "현신 교체"),
    "sworn_presence": ("sworn presence", "맹세한 현신"),
    "mists_shift": ("mists shift", "안개 이동"),
    "days_add": ("days add", "날 추가"),
    "time_from": ("time from", "시간 출처"),
    "time_to": ("time to", "시간 대상"),
    "pay_time": ("pay time", "시간 지불"),
    "prepare_marker": ("prepare marker", "표식 준비"),
    "spend_marker": ("spend marker", "표식 사용"),
    "discard_marker": ("discard marker", "표식 버리기"),
    "give_marker": ("give marker", "표식 주기"),
}
# Option words (English, Korean).
WORDS: dict[str, tuple[str, str]] = {
    "explorer": ("explorer", "탐험가"),
    "town": ("town", "마을"),
    "city": ("city", "도시"),
    "invader": ("invader", "침략자"),
    "dahan": ("dahan", "다한"),
    "blight": ("blight", "오염"),
    "presence": ("presence", "현신"),
    "beasts": ("beasts", "맹수"),
    "disease": ("disease", "역병"),
    "wilds": ("wilds", "험지"),
    "strife": ("strife", "내분"),
    "badlands": ("badlands", "불모지"),
    "sun": ("sun", "태양"),
    "moon": ("moon", "달"),
    "fire": ("fire", "불"),
    "air": ("air", "바람"),
    "water": ("water", "물"),
    "earth": ("earth", "대지"),
    "plant": ("plant", "식물"),
    "animal": ("animal", "동물"),
    "jungle": ("jungle", "정글"),
    "mountain": ("mountain", "산악"),
    "sands": ("sands", "사막"),
    "wetland": ("wetland", "습지"),
    "ocean": ("ocean", "바다"),
    "coastal": ("coastal", "해안"),
    "inland": ("inland", "내륙"),
    "energy": ("energy", "에너지"),
    "card_plays": ("plays", "카드 사용 장수"),
    "destroyed": ("destroyed", "파괴된 현신"),
    "minor": ("minor", "보조"),
    "major": ("major", "주요"),
    "done": ("done", "완료"),
    "repeat": ("repeat", "반복"),
    "yes": ("yes", "예"),
    "no": ("no", "아니오"),
}
LANGS = {"en": 0, "ko": 1}
# Modules whose verbs ask questions of their own declare their words as ASK_WORDS (kinds)
# and OPTION_WORDS (option values), (English, Korean) pairs like the tables above.
WORD_MODULES = ("events", "blight", "fear", "adversaries", "powers", "spirits", "tokens")
_merged: list[bool] = []


def _tables() -> tuple[dict[str, tuple[str, str]], dict[str, tuple[str, str]]]:
    if not _merged:
        from rules.spirit_island.effects import optional

        for name in WORD_MODULES:
            module = optional(name)
            for key, value in getattr(module, "ASK_WORDS", {}).items():
                KINDS.setdefault(key, tuple(value))
            for key, value in getattr(module, "OPTION_WORDS", {}).items():
                WORDS.setdefault(key, tuple(value))
        _merged.append(True)
    return KINDS, WORDS


def kind_word(kind: str, lang: str = "en") -> str:
    pair = _tables()[0].get(kind)
    return pair[LANGS[lang]] if pair else kind


def _word(table: dict[str, tuple[str, str]], key: str, lang: str) -> str:
    _tables()
    pair = table.get(key)
    return pair[LANGS[lang]] if pair else key


def option_text(option: Any, lang: str = "en") -> str:
    if isinstance(option, bool):
        return _word(WORDS, "yes" if option else "no", lang)
    if isinstance(option, int):
        return str(option + 1)
    if isinstance(option, list):
        return " ".join(option_text(o, lang) for o in option)
    if isinstance(option, str):
        return _word(WORDS, option, lang)
    return str(option)


def format_action(action: dict, lang: str = "en") -> str:
    if action.get("type") == FIX:
        return format_fix(action, lang)
    kind = _word(KINDS, action["type"], lang)
    return f"{kind} {option_text(action['option'], lang)}"


def _norm(text: str) -> str:
    return " ".join(text.casefold().split())


def parse(text: str, actions: list[dict]) -> dict:
    """The open action whose text this is, in English or Korean."""
    wanted = _norm(text)
    for action in actions:
        if any(_norm(format_action(action, lang)) == wanted for lang in LANGS):
            return action
    raise RuleError("spirit_island.err.unreadable", text=text)


# --- corrections (corrections.py) ---------------------------------------------------------------

FIX = "fix"
FIX_WORD = ("fix", "바로잡기")
FIX_OPS: dict[str, tuple[str, str]] = {"add": ("add", "추가"), "remove": ("remove", "제거"),
                                       "move": ("move", "이동")}
FIX_PIECES = ("explorer", "town", "city", "dahan", "blight", "presence", "beasts", "disease",
              "wilds", "badlands", "strife")
FIX_TRACKS = ("energy", "card_plays", "destroyed")
LAND = re.compile(r"^[a-z][0-9]+$", re.IGNORECASE)


def _spirit_names() -> dict[str, tuple[str, str]]:
    from rules.spirit_island.effects import optional

    return {name: (name, row.get("ko", name))
            for name, row in getattr(optional("spirits"), "SPIRITS", {}).items()}


def format_fix(action: dict, lang: str = "en") -> str:
    i = LANGS[lang]
    parts = [FIX_WORD[i], FIX_OPS.get(action.get("op"), (action.get("op"),) * 2)[i]]
    if action.get("count", 1) != 1:
        parts.append(str(action["count"]))
    parts.append(_word(WORDS, str(action.get("piece")), lang))
    if action.get("on"):
        parts.append(_word(WORDS, action["on"], lang))
    if action.get("spirit"):
        parts.append(_spirit_names().get(action["spirit"], (action["spirit"],) * 2)[i])
    parts += [str(action[k]) for k in ("land", "to") if action.get(k)]
    if action.get("track"):
        parts.append(_word(WORDS, action["track"], lang))
    return f"{' '.join(parts)} : {action.get('reason', '')}".rstrip()


def _lookup(word: str, keys: tuple[str, ...] | dict) -> str | None:
    """The key whose English or Korean word this is."""
    return next((k for k in keys for lang in LANGS
                 if _norm(_word(WORDS, k, lang) if isinstance(keys, tuple)
                          else keys[k][LANGS[lang]]) == word), None)


def parse_fix(text: str) -> dict | None:
    """A correction's action from its text; None when the text is no correction."""
    body, _, reason = text.partition(":")
    words = _norm(body).split()
    if not words or words[0] not in FIX_WORD:
        return None
    unreadable = RuleError("spirit_island.err.fix.unreadable", text=text)
    op = _lookup(words[1], FIX_OPS) if len(words) > 1 else None
    if op is None:
        raise unreadable
    action: dict[str, Any] = {"type": FIX, "op": op}
    rest = words[2:]
    if rest and rest[0].isdigit():
        count = int(rest.pop(0))
        if count != 1:  # 1 is the default, left out as format_fix leaves it out
            action["count"] = count
    piece = _lookup(rest.pop(0), FIX_PIECES) if rest else None
    if piece is None:
        raise unreadable
    action["piece"] = piece
    if piece == "strife" and rest and (on := _lookup(rest[0], ("explorer", "town", "city"))):
        action["on"] = on
        rest.pop(0)
    tails = [(track, _norm(_word(WORDS, track, lang)).split())
             for track in FIX_TRACKS for lang in LANGS] if piece == "presence" else []
    for track, tail in tails:
        if len(rest) > len(tail) and rest[-len(tail):] == tail:
            action["track"] = track
            del rest[-len(tail):]
            break
    lands = []
    while rest and LAND.match(rest[-1]) and len(lands) < (2 if op == "move" else 1):
        lands.insert(0, rest.pop().upper())
    if not lands:
        raise unreadable
    action["land"] = lands[0]
    if len(lands) > 1:
        action["to"] = lands[1]
    if piece == "presence" and rest:
        said = " ".join(rest)
        action["spirit"] = next((name for name, pair in _spirit_names().items()
                                 if said in (_norm(pair[0]), _norm(pair[1]))), said)
    elif rest:
        raise unreadable
    action["reason"] = reason.strip()
    return action
