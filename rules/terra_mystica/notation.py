"""Snellman notation: one command text <-> one action dict, and line normalisation.

A turn written as several commands joined with "." is the action
{"type": "seq", "cmds": [cmd, ...]}; a single command is its own dict.
"""

from __future__ import annotations

import re
from typing import Any

from rules.core import RuleError
from rules.terra_mystica.cults import CULTS
from rules.terra_mystica.factions import FACTIONS
from rules.terra_mystica.merchants import notation as merchants_notation
from rules.terra_mystica.notation_ko import format_ko, parse_ko, word_en

Cmd = dict[str, Any]

BUILDING_WORDS = {"D": "D", "DWELLING": "D", "TP": "TP", "TRADING POST": "TP", "TE": "TE",
                  "TEMPLE": "TE", "SH": "SH", "STRONGHOLD": "SH", "SA": "SA", "SANCTUARY": "SA",
                  "SY": "SY", "SHIPYARD": "SY"}  # SY: Merchants of the Seas
RESOURCE_WORDS = {"C": "C", "COIN": "C", "COINS": "C", "W": "W", "WORKER": "W",
                  "WORKERS": "W", "P": "P", "PRIEST": "P", "PRIESTS": "P", "PW": "PW",
                  "POWER": "PW", "VP": "VP"}
KO_CULTS = {"불": "FIRE", "물": "WATER", "땅": "EARTH", "대지": "EARTH", "하늘": "AIR"}
KO_FACTIONS = {f.ko: f.name for f in FACTIONS.values()}


def faction_word(word: str) -> str:
    return KO_FACTIONS.get(word, word.lower())


def cult_word(word: str) -> str:
    return KO_CULTS.get(word, word.upper())

# Numbers are ASCII digits only ('²' passes isdigit() and fails int()), and a word after a
# number starts with a non-digit, so no two quantifiers can share a character (no
# backtracking over a long run of digits). int() only ever sees NUMBER_MAX_DIGITS digits.
_HEX = r"([A-Ja-j][0-9]{1,2})"  # J: the Lakes map has ten rows
_WORD = r"([^\W\d]\w*)"
_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (re.compile(r"^([+-])([0-9]*)([A-Za-z_가-힣]+[0-9]*)(?: for .*)?$"), "gain"),
    (re.compile(rf"^build {_HEX}$", re.I), "build"),
    (re.compile(rf"^upgrade {_HEX} to ([a-z ]+)$", re.I), "upgrade"),
    (re.compile(r"^send (?:p|priest) to (\w+)(?: for ([0-9]))?$", re.I), "send"),
    (re.compile(rf"^convert ([0-9]*) ?{_WORD} to ([0-9]*) ?{_WORD}$", re.I), "convert"),
    (re.compile(r"^burn ([0-9]+)$", re.I), "burn"),
    (re.compile(r"^leech ([0-9]+)(?: from (\w+))?$", re.I), "leech"),
    (re.compile(r"^decline(?: ([0-9]+) from (\w+))?$", re.I), "decline"),
    (re.compile(rf"^transform {_HEX}(?: to (\w+))?$", re.I), "transform"),
    (re.compile(r"^dig ([0-9]+).*$", re.I), "dig"),
    (re.compile(rf"^bridge {_HEX}:{_HEX}(?: allow_illegal)?$", re.I), "bridge"),
    (re.compile(r"^pass(?: (bonm?[0-9]+))?$", re.I), "pass"),  # BONMn: Merchants
    (re.compile(rf"^connect {_HEX}:{_HEX}(?::{_HEX})?$", re.I), "connect_hexes"),
    (re.compile(r"^connect (r[0-9]+)$", re.I), "connect"),
    (re.compile(r"^action (\w+)$", re.I), "action"),
    (re.compile(r"^setup (\w+)(?: for .*)?$", re.I), "setup"),
    (re.compile(r"^advance (ship|dig).*$", re.I), "advance"),
    (re.compile(r"^(?:wait|income)$", re.I), "wait"),  # income: legacy no-op
    (re.compile(r"^done$", re.I), "done"),
    (re.compile(r"^resign$", re.I), "resign"),
]


def clean(text: str) -> str:
    """Whitespace runs to one space; drop a space between a word and a non-word character."""
    text = re.sub(r"\s+", " ", text).strip()
    text = re.sub(r"(?<=\W) (?=\w)|(?<=\w) (?=\W)", "", text)
    return text


def split_commands(text: str, faction: str | None = None) -> list[str]:
    """The command pieces of a prefixed line, after snellman's line rewrites (spec 1.5, 1.6)."""
    text = re.sub(r"\s+", " ", text).strip()
    if faction == "engineers":
        # R1 then R2: both old spellings of paying 2W for a bridge mean ACTE
        text = re.sub(r"-2w\.\s*bridge", "convert 2w to bridge. bridge", text, count=1,
                      flags=re.I)
        text = re.sub(r"convert 2 *w to 1?bridge", "action ACTE", text, flags=re.I)
    text = re.sub(r"pass\.\s*\+bon", "pass bon", text, count=1, flags=re.I)
    text = re.sub(r"^\s*\+bon", "pass BON", text, count=1, flags=re.I)
    text = re.sub(r"(build \w+)\. (transform \w+(?: to \w+)?)", r"\2. \1", text, count=1,
                  flags=re.I)
    text = re.sub(r"(pass \w*)\. (convert \S+ to \S+)", r"\2. \1", text, count=1, flags=re.I)
    text = re.sub(r"(dig \w). (action \w+)", r"\2. \1", text, count=1, flags=re.I)
    pieces = [clean(p) for p in text.split(".")]
    pieces = [p for p in pieces if p]
    pieces = [parse_ko(p) or p for p in pieces]  # Korean pieces as English notation
    first = [p for p in pieces if re.match(r"^(leech|decline)\b", p, re.I)]
    rest = [p for p in pieces if not re.match(r"^(leech|decline)\b", p, re.I)]
    return first + rest


_DOUBLE = re.compile(r"^\+([0-9]*)([^\W\d]\w*)")
_BRIDGE_PAID = re.compile(r"^convert 2W to 1?BRIDGE$", re.I)


def stream_rewrites(stream: list[tuple[str, str]]) -> list[str]:
    """Spec 1.7 over (group, piece) pairs, giving the pieces in place ('' where one went); a
    group is a prefix, or a unique mark for an admin line or comment (they never merge)."""
    out = [p for _, p in stream]
    for i in range(len(out) - 1):
        this, nxt = out[i], out[i + 1]
        if not this or stream[i][0] != stream[i + 1][0]:
            continue
        m = _DOUBLE.match(this)
        if m and this.lower() == nxt.lower():  # S1: a pair of equal gains doubles
            out[i], out[i + 1] = f"+{_number(m.group(1) or '1', this) * 2}{m.group(2)}", ""
        elif _BRIDGE_PAID.match(this) and nxt.upper() == "-BRIDGE":
            out[i] = out[i + 1] = ""  # S4: a bridge paid for and dropped at once never happened
    return out


# Bounds on typed text, checked before anything is converted: a turn (Discord lets a slash
# command's text run to 6,000 characters) and a number (Python's int() refuses 4,300 digits).
TEXT_MAX = 1000
NUMBER_MAX_DIGITS = 6
SHOWN_MAX = 60  # a refused text is quoted back at most this long


def unparsable(text: str) -> RuleError:
    shown = text if len(text) <= SHOWN_MAX else text[:SHOWN_MAX - 1] + "…"
    return RuleError("terra_mystica.unparsable", text=shown)


def _number(digits: str, text: str) -> int:
    """A matched run of ASCII digits as a number; a refusal if longer than any count."""
    if len(digits) > NUMBER_MAX_DIGITS:
        raise unparsable(text)
    return int(digits)


def parse_command(text: str) -> Cmd:
    for pattern, kind in _PATTERNS:
        m = pattern.match(text)
        if m:
            return _build(kind, m.groups(), text)
    cmd = merchants_notation.parse(text)  # hook: Merchants of the Seas commands
    if cmd is not None:
        return cmd
    raise unparsable(text)


def _build(kind: str, g: tuple[Any, ...], text: str) -> Cmd:
    if kind == "gain":
        what = cult_word(word_en(g[2]))
        return {"type": "gain", "sign": g[0], "n": _number(g[1], text) if g[1] else 1,
                "what": RESOURCE_WORDS.get(what, what)}
    if kind == "build":
        return {"type": "build", "hex": g[0].upper()}
    if kind == "upgrade":
        word = g[1].upper().strip()
        if word not in BUILDING_WORDS:
            raise RuleError("terra_mystica.unknown_building", word=word)
        return {"type": "upgrade", "hex": g[0].upper(), "to": BUILDING_WORDS[word]}
    if kind == "send":
        cult = cult_word(g[0])
        if cult not in CULTS:
            raise RuleError("terra_mystica.unknown_cult", cult=cult)
        cmd: Cmd = {"type": "send", "cult": cult}
        if g[1]:
            cmd["amount"] = _number(g[1], text)
        return cmd
    if kind == "convert":
        src, dst = g[1].upper(), g[3].upper()
        if src not in RESOURCE_WORDS or dst not in RESOURCE_WORDS:
            raise RuleError("terra_mystica.bad_convert", src=src, dst=dst)
        return {"type": "convert", "from_n": _number(g[0] or "1", text),
                "from": RESOURCE_WORDS[src], "to_n": _number(g[2] or "1", text),
                "to": RESOURCE_WORDS[dst]}
    if kind == "burn":
        return {"type": "burn", "n": _number(g[0], text)}
    if kind == "leech":
        out: Cmd = {"type": "leech", "n": _number(g[0], text)}
        if g[1]:
            out["from"] = faction_word(g[1])
        return out
    if kind == "decline":
        if g[0]:
            return {"type": "decline", "n": _number(g[0], text), "from": faction_word(g[1])}
        return {"type": "decline"}
    if kind == "transform":
        out = {"type": "transform", "hex": g[0].upper()}
        if g[1]:
            color = g[1].lower()
            out["color"] = "gray" if color == "grey" else color
        return out
    if kind == "dig":
        return {"type": "dig", "n": _number(g[0], text)}
    if kind == "bridge":
        return {"type": "bridge", "a": g[0].upper(), "b": g[1].upper()}
    if kind == "pass":
        return {"type": "pass", "bonus": g[0].upper()} if g[0] else {"type": "pass"}
    if kind == "action":
        return {"type": "action", "space": g[0].upper()}
    if kind == "connect":
        return {"type": "connect", "river": g[0].lower()}
    if kind == "connect_hexes":
        return {"type": "connect", "hexes": [h.upper() for h in g if h]}
    if kind == "setup":
        return {"type": "setup", "faction": faction_word(g[0])}
    if kind == "advance":
        return {"type": "advance", "track": g[0].lower()}
    return {"type": kind}


def parse_text(text: str, faction: str | None = None) -> Cmd:
    """A whole turn text (commands joined with '.') to one action."""
    if len(text) > TEXT_MAX:
        raise unparsable(text)
    pieces = stream_rewrites([("", p) for p in split_commands(text, faction)])
    return action_of([p for p in pieces if p], text)


def action_of(pieces: list[str], text: str = "") -> Cmd:
    """The action of a turn's normalised command pieces."""
    cmds = [parse_command(p) for p in pieces]
    if not cmds:
        raise unparsable(text)
    return cmds[0] if len(cmds) == 1 else {"type": "seq", "cmds": cmds}


def format_command(cmd: Cmd, lang: str = "en") -> str:
    k = cmd["type"]
    if k == "seq":
        return ". ".join(format_command(c, lang) for c in cmd["cmds"])
    if lang == "ko":
        return format_ko(cmd) or merchants_notation.format_ko(cmd) or _format_en(cmd)
    return _format_en(cmd)


def _format_en(cmd: Cmd) -> str:
    k = cmd["type"]
    if k == "build":
        return f"build {cmd['hex']}"
    if k == "upgrade":
        return f"upgrade {cmd['hex']} to {cmd['to']}"
    if k == "transform":
        return f"transform {cmd['hex']}" + (f" to {cmd['color']}" if cmd.get("color") else "")
    if k == "dig":
        return f"dig {cmd['n']}"
    if k == "send":
        return f"send p to {cmd['cult']}" + (f" for {cmd['amount']}" if "amount" in cmd else "")
    if k == "advance":
        return f"advance {cmd['track']}"
    if k == "action":
        return f"action {cmd['space']}"
    if k == "pass":
        return f"pass {cmd['bonus']}" if cmd.get("bonus") else "pass"
    if k == "bridge":
        return f"bridge {cmd['a']}:{cmd['b']}"
    if k == "burn":
        return f"burn {cmd['n']}"
    if k == "convert":
        return f"convert {cmd['from_n']}{cmd['from']} to {cmd['to_n']}{cmd['to']}"
    if k == "leech":
        return f"leech {cmd['n']}" + (f" from {cmd['from']}" if cmd.get("from") else "")
    if k == "decline":
        if cmd.get("from"):
            return f"decline {cmd['n']} from {cmd['from']}"
        return "decline"
    if k == "gain":
        n = cmd["n"]
        return f"{cmd['sign']}{n if n != 1 else ''}{cmd['what']}"
    if k == "setup":
        return f"setup {cmd['faction']}"
    if k == "connect":
        return f"connect {cmd['river']}" if cmd.get("river") else "connect " + ":".join(
            cmd["hexes"])
    if k in ("wait", "done", "resign"):
        return k
    text = merchants_notation.format_en(cmd)  # hook: Merchants of the Seas commands
    if text is not None:
        return text
    raise RuleError("terra_mystica.unknown_command", text=str(k))


def commands_of(action: Cmd) -> list[Cmd]:
    return list(action["cmds"]) if action.get("type") == "seq" else [action]
