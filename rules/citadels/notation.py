"""Move notation for Citadels: one line of text per action, in English or Korean.

Grammar (case-insensitive; apostrophes, '_' and '-' are ignored; names in either language,
and any unambiguous prefix of a name is accepted):

    line    := VERB arg*        (English order)
             | arg* VERB        (Korean order; either order is read in both languages)
    arg     := CHARACTER | DISTRICT | SEAT | TYPE | NUMBER | KEYWORD
    SEAT    := p<n> | <n>p | #<n> | 플레이어<n> | <n>번     (n = 1-based seat)
    TYPE    := noble|religious|trade|military|unique  /  귀족|종교|상업|군사|특수

Verbs (English / Korean) and their arguments:

    take CHARACTER / 선택          draft pick            discard CHARACTER / 버림  draft discard
    theater SEAT CHARACTER / 극장교환   give CHARACTER     pass / 패스     decline (Theater, reveal)
    gold / 금화    draw / 카드      gather                keep DISTRICT / 갖기 (보관, 선택) keep a drawn card
    bribe / 뇌물   refuse / 거절     threatened player      reveal / 공개    flip a warrant or threat
    income [N] / 수입               district income (Abbot: N = gold, the rest as cards)
    kill CHARACTER / 암살  bewitch / 마법  warrant / 영장  sign / 인장  rob / 훔치기 (강탈)
    threaten / 협박  flower / 꽃     (CHARACTER each)
    spy SEAT TYPE / 첩보     swap SEAT / 맞바꾸기 (맞교환)   discard DISTRICT / 버림   done / 완료
    look SEAT / 엿보기       grab DISTRICT / 가져오기     give DISTRICT / 주기
    ability / 능력           crown SEAT [gold|card|none] / 왕관 (금화|카드|없음)
    tithe SEAT / 헌금        navigate gold|cards / 항해
    destroy SEAT DISTRICT / 파괴     exchange SEAT DISTRICT DISTRICT(mine) / 교환
    seize SEAT DISTRICT / 점령       beautify DISTRICT / 장식
    lab DISTRICT / 실험   museum DISTRICT / 전시   smithy / 대장간   armory SEAT DISTRICT / 병기고
    build DISTRICT [via DISTRICT | cards N | from SEAT] / 건설 (경유, 카드, 에게서)
    pay DISTRICT / 지불      end / 차례 종료 (종료)
    open VERB [SEAT] [DISTRICT] / … 열기     back / 뒤로      (menus of stored games from
                                                            when turns had them: written,
                                                            no longer read)

`format(state, action, "en")` writes the canonical English line (verb first, English names);
`"ko"` writes Korean names with the verb last. `parse(format(a)) == a` for every action.
"""

from __future__ import annotations

import re
from typing import Any

from rules.citadels.abilities import PRICED, SHOWN_ONLY, as_listed, with_price
from rules.citadels.characters import CHARACTERS
from rules.citadels.districts import DISTRICT, TYPE_NAMES
from rules.citadels.stages import prompt
from rules.citadels.table import Ctx
from rules.core import RuleError

Action = dict[str, Any]

# action type -> (English verb, Korean verb, alternative verbs, patterns)
# a pattern is a list of (slot kind, action key) or a literal keyword
VERBS: dict[str, tuple[str, str, tuple[str, ...], list[list[Any]]]] = {
    "take": ("take", "선택", ("pick",), [[("char", "character")]]),
    "discard": ("discard", "버림", (), [[("char", "character")], [("card", "card")]]),
    "theater": ("theater", "극장교환", (), [[("seat", "seat"), ("char", "character")]]),
    "pass": ("pass", "패스", (), [[]]),
    "gold": ("gold", "금화", (), [[]]),
    "cards": ("draw", "카드", ("cards",), [[]]),
    "keep": ("keep", "갖기", ("보관", "선택"), [[("card", "card")]]),
    "bribe": ("bribe", "뇌물", (), [[]]),
    "refuse": ("refuse", "거절", (), [[]]),
    "reveal": ("reveal", "공개", (), [[]]),
    "income": ("income", "수입", (), [[], [("int", "gold")]]),
    "kill": ("kill", "암살", (), [[("char", "character")]]),
    "bewitch": ("bewitch", "마법", (), [[("char", "character")]]),
    "warrant": ("warrant", "영장", (), [[("char", "character")]]),
    "sign": ("sign", "인장", (), [[("char", "character")]]),
    "rob": ("rob", "훔치기", ("강탈",), [[("char", "character")]]),
    "threaten": ("threaten", "협박", (), [[("char", "character")]]),
    "flower": ("flower", "꽃", (), [[("char", "character")]]),
    "spy": ("spy", "첩보", (), [[("seat", "seat"), ("kind", "kind")]]),
    "swap": ("swap", "맞바꾸기", ("맞교환",), [[("seat", "seat")]]),
    "done": ("done", "완료", (), [[]]),
    "look": ("look", "엿보기", (), [[("seat", "seat")]]),
    "grab": ("grab", "가져오기", (), [[("card", "card")]]),
    "give": ("give", "주기", (), [[("card", "card")]]),
    "ability": ("ability", "능력", (), [[]]),
    "crown": ("crown", "왕관", (), [[("seat", "seat"), ("take", "take")],
                                  [("seat", "seat")]]),
    "tithe": ("tithe", "헌금", (), [[("seat", "seat")]]),
    "navigate": ("navigate", "항해", (), [[("res", "what")]]),
    "destroy": ("destroy", "파괴", (), [[("seat", "seat"), ("card", "card")]]),
    "exchange": ("exchange", "교환", (), [[("seat", "seat"), ("card", "card"),
                                          ("card", "mine")]]),
    "seize": ("seize", "점령", (), [[("seat", "seat"), ("card", "card")]]),
    "beautify": ("beautify", "장식", (), [[("card", "card")]]),
    "lab": ("lab", "실험", (), [[("card", "card")]]),
    "museum": ("museum", "전시", (), [[("card", "card")]]),
    "smithy": ("smithy", "대장간", (), [[]]),
    "armory": ("armory", "병기고", (), [[("seat", "seat"), ("card", "card")]]),
    "build": ("build", "건설", (), [[("card", "card")],
                                  [("card", "card"), ("via", "경유"), ("card", "via")],
                                  [("card", "card"), ("cards", "카드"), ("int", "cards")],
                                  [("card", "card"), ("from", "에게서"), ("seat", "from")]]),
    "pay": ("pay", "지불", (), [[("card", "card")]]),
    "end": ("end", "차례 종료", ("end turn", "종료"), [[]]),
    "back": ("back", "뒤로", (), [[]]),
}
OPEN = ("open", "열기")
WRITTEN_ONLY = ("back",)  # with "open": the menus of old stored games, formatted, never read
KEYWORDS_KO = {"via": "경유", "cards": "카드", "from": "에게서"}
TAKE_WORDS = {"gold": ("gold", "금화"), "card": ("card", "카드"), None: ("none", "없음")}
RES_WORDS = {"gold": ("gold", "금화"), "cards": ("cards", "카드")}


def _norm(text: str) -> str:
    text = text.lower().replace("'", "").replace("’", "").replace("_", " ").replace("-", " ")
    return " ".join(text.split())


def _names() -> dict[str, dict[str, str]]:
    chars: dict[str, str] = {}
    for c in CHARACTERS:
        for name in (c.id, c.en, c.ko, c.ko.replace(" ", "")):
            chars[_norm(name)] = c.id
    chars[_norm("치안 판사")] = "magistrate"
    cards: dict[str, str] = {}
    for d in DISTRICT.values():
        for name in (d.id, d.en, d.ko, d.ko.replace(" ", ""), *d.aliases):
            cards[_norm(name)] = d.id
    kinds: dict[str, str] = {}
    for k, names in TYPE_NAMES.items():
        kinds[names["en"]] = k
        kinds[names["ko"]] = k
    return {"char": chars, "card": cards, "kind": kinds,
            "take": {w: k for k, ws in TAKE_WORDS.items() for w in ws},  # type: ignore[misc]
            "res": {w: k for k, ws in RES_WORDS.items() for w in ws}}


NAMES = _names()
_VERB_INDEX: dict[str, list[str]] = {}
for _t, (_en, _ko, _alt, _p) in VERBS.items():
    for _w in (_en, _ko, *_alt):
        _VERB_INDEX.setdefault(_norm(_w), []).append(_t)
_SEAT = re.compile(r"^(?:p|플레이어|#)?([0-9]+)(?:p|번)?$")
_MISSING = object()
# Bounds on typed text, checked before anything is converted: a line (Discord lets a slash
# command's text run to 6,000 characters) and a number (no count in the game has more digits;
# Python's int() refuses 4,300). Only ASCII digits are numbers: '²' and '①' pass isdigit().
TEXT_MAX = 300
NUMBER_MAX_DIGITS = 4
SHOWN_MAX = 60  # a refused line is quoted back at most this long


def _number(word: str) -> int | None:
    if not word.isascii() or not word.isdigit() or len(word) > NUMBER_MAX_DIGITS:
        return None
    return int(word)


def _unreadable(text: str) -> RuleError:
    shown = text if len(text) <= SHOWN_MAX else text[:SHOWN_MAX - 1] + "…"
    return RuleError("citadels.err.unreadable", text=shown)


def _match_name(words: list[str], i: int, kind: str, exact: bool) -> tuple[Any, int] | None:
    table = NAMES[kind]
    for k in (4, 3, 2, 1):
        if i + k > len(words):
            continue
        phrase = " ".join(words[i:i + k])
        if phrase in table:
            return table[phrase], k
        if not exact:
            hits = {v for name, v in table.items() if name.startswith(phrase)}
            if len(hits) == 1:
                return hits.pop(), k
    return None


def _match(words: list[str], pattern: list[Any], exact: bool) -> dict[str, Any] | None:
    out: dict[str, Any] = {}
    i = 0
    for slot in pattern:
        if i >= len(words):
            return None
        kind, key = slot
        w = words[i]
        if kind in ("via", "cards", "from"):
            if w not in (kind, key):
                return None
            i += 1
            continue
        if kind == "seat":
            m = _SEAT.match(w)
            n = _number(m.group(1)) if m else None
            if n is None or n < 1:
                return None
            out[key] = n - 1
            i += 1
        elif kind == "int":
            n = _number(w)
            if n is None:
                return None
            out[key] = n
            i += 1
        else:
            hit = _match_name(words, i, kind, exact)
            if hit is None:
                return None
            out[key], used = hit
            i += used
    return out if i == len(words) else None


def _candidates(words: list[str]) -> list[tuple[str, list[str]]]:
    out = []
    for n in (2, 1):  # two-word verbs ("end turn") before one-word ones
        if len(words) >= n:
            for t in _VERB_INDEX.get(" ".join(words[:n]), []):
                out.append((t, words[n:]))
            for t in _VERB_INDEX.get(" ".join(words[-n:]), []):
                out.append((t, words[:-n]))
    return out


def parse(state: dict[str, Any], seat: int, text: str) -> Action:
    if len(text) > TEXT_MAX:
        raise _unreadable(text)
    words = _norm(text).split()
    if not words:
        raise _unreadable(text)
    cands = [(t, args) for t, args in _candidates(words) if t not in WRITTEN_ONLY]
    for exact in (True, False):
        for t, args in cands:
            for pattern in VERBS[t][3]:
                got = _match(args, pattern, exact)
                if got is not None:
                    if t == "crown" and len(pattern) == 2 and "take" not in got:
                        continue
                    return _listed(state, _priced(state, seat, {"type": t, **got}))
    raise _unreadable(text)


def _priced(state: dict[str, Any], seat: int, action: Action) -> Action:
    """A paid action's price is no word of the line: it comes from the state."""
    if action["type"] not in PRICED or not state.get("seats"):
        return action
    cx = Ctx(state)
    actor = state["turn"]["seat"] if state.get("turn") else seat
    return with_price(cx, actor, action)


def _listed(state: dict[str, Any], action: Action) -> Action:
    """Shown-only fields (abilities.SHOWN_ONLY) are no words of the line either: the
    listed action of now that the line names."""
    if action["type"] not in SHOWN_ONLY or not state.get("seats"):
        return action
    p = prompt(Ctx(state))
    return as_listed(action, p.actions if p else [])


def _word(kind: str, value: Any, lang: str) -> str:
    if kind == "seat":
        return f"p{value + 1}"
    if kind == "int":
        return str(value)
    if kind == "char":
        c = next(c for c in CHARACTERS if c.id == value)
        return _norm(c.en) if lang == "en" else c.ko
    if kind == "card":
        d = DISTRICT[value]
        return _norm(d.en) if lang == "en" else d.ko
    if kind == "kind":
        return TYPE_NAMES[value][lang]
    if kind == "take":
        return TAKE_WORDS[value][0 if lang == "en" else 1]
    if kind == "res":
        return RES_WORDS[value][0 if lang == "en" else 1]
    raise KeyError(kind)


def _pattern_for(action: Action) -> list[Any]:
    keys = set(action) - {"type"} - ({"price"} if action["type"] in PRICED else set())
    keys -= set(SHOWN_ONLY.get(action["type"], ()))
    for pattern in VERBS[action["type"]][3]:
        slots = {s[1] for s in pattern if s[0] not in ("via", "cards", "from")}
        if slots == keys and all(
                s[0] != "char" or "character" in action for s in pattern) and all(
                s[0] != "card" or s[1] in action for s in pattern):
            return pattern
    raise KeyError(action)


def format_action(state: dict[str, Any], action: Action, lang: str = "en") -> str:
    ko = lang == "ko"
    t = action["type"]
    if t == "open":
        verb = VERBS[action["verb"]][1 if ko else 0]
        args = []
        if "seat" in action:
            args.append(_word("seat", action["seat"], lang))
        if "card" in action:
            args.append(_word("card", action["card"], lang))
        return " ".join(([verb, *args, OPEN[1]]) if ko else [OPEN[0], verb, *args])
    pattern = _pattern_for(action)
    args = []
    for kind, key in pattern:
        if kind in ("via", "cards", "from"):
            args.append(key if ko else kind)
        else:
            args.append(_word(kind, action[key], lang))
    verb = VERBS[t][1 if ko else 0]
    return " ".join([*args, verb] if ko else [verb, *args])
