"""Terra Mystica moves in words for the thread: "builds a dwelling on E2", "은총 타일 가져감:
땅 +1 · 주택 → 승점 2". The notation stays the move's truth (`/play`, the game file); this is
what a reader sees. Each command has one template per language (texts.py, "terra_mystica.say.*"),
filled with the board's words: tiles by their effect, factions by their names, never an id
such as FAV11, BON6, ACT3 or chaosmagicians."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import rules
from bot.i18n import has, t
from rules.core import RuleError

LANGS = ("en", "ko")
Cmd = dict[str, Any]

TERRAINS = {
    "en": {
        "brown": "plains",
        "black": "swamp",
        "blue": "lakes",
        "green": "forest",
        "gray": "mountains",
        "red": "wasteland",
        "yellow": "desert",
    },
    "ko": {
        "brown": "들",
        "black": "늪",
        "blue": "호수",
        "green": "숲",
        "gray": "산",
        "red": "황무지",
        "yellow": "사막",
    },
}
BUILDINGS = {
    "en": {
        "D": "dwelling",
        "TP": "trading house",
        "TE": "temple",
        "SH": "stronghold",
        "SA": "sanctuary",
        "SY": "shipyard",
    },
    "ko": {"D": "주택", "TP": "교역소", "TE": "사원", "SH": "요새", "SA": "성소", "SY": "조선소"},
}
# Merchants of the Seas: the Fakirs and Dwarves walk merchants, with a warehouse for a dock
# and a market for a shipyard (seed L139, L365); otherwise the same commands.
WALKER_WORDS = {"en": {"SY": "market"}, "ko": {"SY": "시장"}}
CULTS = {
    "en": {"FIRE": "Fire", "WATER": "Water", "EARTH": "Earth", "AIR": "Air"},
    "ko": {"FIRE": "불", "WATER": "물", "EARTH": "땅", "AIR": "하늘"},
}
TRACKS = {
    "en": {"ship": "shipping", "dig": "spade exchange"},
    "ko": {"ship": "선적", "dig": "삽 교환 비율"},
}
# Resources with their counters (ko: 동전 3개, 성직자 1명, 승점 2점).
AMOUNTS = {
    "en": {
        "C": "{n} coins",
        "W": "{n} workers",
        "P": "{n} priests",
        "PW": "{n} power",
        "VP": "{n} VP",
        "SPADE": "{n} spades",
        "BRIDGE": "{n} bridges",
    },
    "ko": {
        "C": "동전 {n}개",
        "W": "일꾼 {n}개",
        "P": "성직자 {n}명",
        "PW": "권능 {n}개",
        "VP": "승점 {n}점",
        "SPADE": "삽 {n}개",
        "BRIDGE": "다리 {n}개",
    },
}
ONE = {
    "en": {
        "C": "1 coin",
        "W": "1 worker",
        "P": "1 priest",
        "SPADE": "1 spade",
        "BRIDGE": "1 bridge",
    },
    "ko": {},
}
# What a -X gives up (a pending benefit declined).
GIVEN_UP = {
    "en": {
        "SPADE": "the spades left",
        "FAVOR": "the favor tile",
        "TW": "the town tile",
        "GAIN_FAVOR": "the favor tile",
        "GAIN_TW": "the town tile",
        "FREE_D": "the free dwelling",
        "FREE_TP": "the free trading house",
        "FREE_TF": "the sandstorm",
        "CULT": "the cult step",
        "SHIP": "the ship",
        "MOVE": "the ship move",
    },
    "ko": {
        "SPADE": "남은 삽",
        "FAVOR": "은총 타일",
        "TW": "마을 타일",
        "GAIN_FAVOR": "은총 타일",
        "GAIN_TW": "마을 타일",
        "FREE_D": "공짜 주택",
        "FREE_TP": "공짜 교역소",
        "FREE_TF": "모래 폭풍",
        "CULT": "신앙 진행",
        "SHIP": "선박",
        "MOVE": "선박 이동",
    },
}


# Action spaces by their id's prefix: bonus and favor tiles' actions; ACTn (ACTMn: Merchants of
# the Seas) are power actions, other ACT ids (ACTW, ACTN...) a stronghold's special action.
ACTION_KINDS = (("BON", "bonus"), ("FAV", "favor_action"))
POWER_ACTION = re.compile(r"ACTM?\d+")


def _batchim(word: str) -> int | None:
    """The final consonant index of a word's last Hangul syllable (0: none), None if not
    Hangul (digits and Latin letters are read as their Korean names below)."""
    last = word.rstrip()[-1:] or " "
    if "가" <= last <= "힣":
        return (ord(last) - 0xAC00) % 28
    spoken = {"0": 21, "1": 8, "2": 0, "3": 4, "4": 0, "5": 0, "6": 1, "7": 8, "8": 8, "9": 0}
    return spoken.get(last, 0)


def ro(word: str) -> str:
    """word + 으로/로 (ㄹ-final words take 로: 들로, 교역소로, 사원으로)."""
    final = _batchim(word)
    return f"{word}{'으로' if final not in (0, 8, None) else '로'}"


def eul(word: str) -> str:
    """word + 을/를."""
    return f"{word}{'을' if _batchim(word) else '를'}"


def amount(what: str, n: int, lang: str) -> str:
    if n == 1 and what in ONE[lang]:
        return ONE[lang][what]
    template = AMOUNTS[lang].get(what)
    return template.format(n=n) if template else f"{n} {what}"


@dataclass(frozen=True)
class Reader:
    """Who the words are for: a language, the view names and tiles come from, and whether
    the short form is wanted (a button label holds 80 characters)."""

    lang: str
    view: dict[str, Any] = field(default_factory=dict)
    short: bool = False


def faction_words(name: str, r: Reader) -> str:
    """A faction by its name in the view (seated ones, then the catalogue of all)."""
    for where in ("factions", "faction_catalogue"):
        info = r.view.get(where, {}).get(name)
        if isinstance(info, dict) and isinstance(info.get("name"), dict):
            return str(info["name"].get(r.lang) or info["name"].get("en"))
    return t("terra_mystica.say.someone", r.lang)


def tile_words(tile: str, r: Reader) -> str:
    """What a tile gives, in words, from the view's tile texts (the engine's views and tile
    decisions carry them; without them, the tile's id rather than nothing)."""
    text = r.view.get("tiles", {}).get(tile)
    if isinstance(text, dict) and text.get(r.lang):
        return str(text[r.lang])
    return tile


def action_words(space: str, lang: str) -> str:
    """A power or special action by what it does ("2 workers", "마녀의 비행")."""
    key = f"terra_mystica.act.{space}"
    return t(key, lang) if has(key) else "?"


def _say(key: str, r: Reader, **params: Any) -> str:
    short = f"terra_mystica.say.short.{key}"
    if r.short and has(short, r.lang):
        return t(short, r.lang, **params)
    return t(f"terra_mystica.say.{key}", r.lang, **params)


def _gain(cmd: Cmd, r: Reader) -> str:
    what, n = str(cmd["what"]), int(cmd.get("n", 1))
    if cmd.get("sign") == "-":
        return _say("give_up", r, what=GIVEN_UP[r.lang].get(what, what))
    if what.startswith("FAV"):
        return _say("favor", r, tile=tile_words(what, r))
    if what.startswith("TW"):
        return _say("town", r, tile=tile_words(what, r))
    if what in CULTS[r.lang]:
        return _say("cult", r, cult=CULTS[r.lang][what], n=n)
    return _say("gain", r, what=amount(what, n, r.lang))


def _action(cmd: Cmd, r: Reader) -> str:
    space = str(cmd["space"])
    kind = next((k for prefix, k in ACTION_KINDS if space.startswith(prefix)), "special")
    kind = "power" if kind == "special" and POWER_ACTION.fullmatch(space) else kind
    return _say(f"action.{kind}", r, what=action_words(space, r.lang))


def _transform(cmd: Cmd, r: Reader) -> str:
    """A transform without a colour goes toward the home terrain as far as its spades reach:
    the terrain it makes is the decision's "transform_to" (a label) or the map's now (a
    move just made)."""
    hexes = r.view.get("map", {}).get("hexes", {})
    colour = (
        cmd.get("color")
        or r.view.get("transform_to", {}).get(cmd["hex"])
        or hexes.get(cmd["hex"], {}).get("terrain")
    )
    if colour not in TERRAINS[r.lang]:
        return _say("transform_home", r, hex=cmd["hex"])
    terrain = TERRAINS[r.lang].get(colour, colour)
    return _say("transform", r, hex=cmd["hex"], terrain=terrain, terrain_ro=ro(terrain))


def _convert(cmd: Cmd, r: Reader) -> str:
    given = amount(cmd["from"], int(cmd["from_n"]), r.lang)
    got = amount(cmd["to"], int(cmd["to_n"]), r.lang)
    return _say("convert", r, given=given, given_eul=eul(given), got=got, got_ro=ro(got))


def _walker(hex_id: str, r: Reader) -> bool:
    """Whether the building on hex_id (the view's map, after the move) is a merchant
    faction's: its dock is a warehouse, its shipyard a market."""
    from rules.terra_mystica import WAREHOUSE_FACTIONS

    info = r.view.get("map", {}).get("hexes", {}).get(hex_id) or {}
    return info.get("faction") in WAREHOUSE_FACTIONS


def _own_walker(hex_id: str, r: Reader) -> bool:
    """`_walker` for the acting faction's own building; a button's label has no map, only
    the decision's faction (the warehouse button said "dock")."""
    from rules.terra_mystica import WAREHOUSE_FACTIONS

    return _walker(hex_id, r) or r.view.get("faction") in WAREHOUSE_FACTIONS


def building_words(hex_id: str, kind: Any, r: Reader) -> str:
    """A building's kind in words (a merchant faction's shipyard is its market)."""
    names = WALKER_WORDS[r.lang] if _walker(hex_id, r) else {}
    return str(names.get(kind) or BUILDINGS[r.lang].get(kind) or hex_id)


def _upgrade(cmd: Cmd, r: Reader) -> str:
    names = WALKER_WORDS[r.lang] if _own_walker(cmd["hex"], r) else {}
    building = names.get(cmd["to"]) or BUILDINGS[r.lang].get(cmd["to"], cmd["to"])
    return _say("upgrade", r, hex=cmd["hex"], building=building, building_ro=ro(building))


def _offer(cmd: Cmd, r: Reader) -> str:
    source = faction_words(cmd["from"], r) if cmd.get("from") else ""
    return _say(cmd["type"] + ("" if source else ".any"), r, source=source, n=cmd.get("n", 0))


def _send(cmd: Cmd, r: Reader) -> str:
    steps = cmd.get("amount")
    return _say("send_steps" if steps else "send", r, cult=CULTS[r.lang][cmd["cult"]], n=steps)


def _favm1(cmd: Cmd, r: Reader) -> str:
    """The Merchants favor tile's one-time pick: a shipping level, or a priest's steps."""
    if cmd.get("pick") == "ship":
        return _say("favm1_ship", r)
    return _send({"cult": cmd["cult"], "amount": cmd.get("amount")}, r)


RIVER = re.compile(r"[rR]\d+")  # rivers are r0, r1, ... (a pick is written upper case)


def _river(space: str) -> bool:
    return RIVER.fullmatch(space) is not None


def _trade_place(hex_id: str, r: Reader) -> str:
    """The building traded with, by its owner's name and kind when the view shows it."""
    info = r.view.get("map", {}).get("hexes", {}).get(hex_id) or {}
    kind, owner = info.get("building"), info.get("faction")
    if not (kind and owner) or r.short:
        return hex_id
    building = building_words(hex_id, kind, r)
    return t("terra_mystica.say.trade_place", r.lang, hex=hex_id, building=building,
             partner=faction_words(owner, r))


def _path(path: list[str], picks: dict[str, str], r: Reader) -> str:
    """One ship's or merchant's way, space by space; a building at its end is a trade
    (with the trader's pick where the reward is one of several)."""
    way = " → ".join(path)
    end = path[-1] if path else ""
    if not path or _river(end) or len(path) < 2:
        return way
    pick = picks.get(end)
    place = _trade_place(end, r)
    if pick and _river(pick):  # a shipyard's reward: the ship back on that river
        return _say("trade_pick", r, way=way, hex=place,
                    pick=t("terra_mystica.say.trade_pick.river", r.lang, river=pick.lower()))
    said = CULTS[r.lang].get(str(pick)) or (
        t(f"terra_mystica.say.trade_pick.{pick}", r.lang)
        if has(f"terra_mystica.say.trade_pick.{pick}") else pick)
    key = "trade_pick" if said else "trade"
    return _say(key, r, way=way, hex=place, pick=said or "")


def _move(cmd: Cmd, r: Reader) -> str:
    paths = [list(p) for p in cmd.get("paths", [])]
    picks = {str(k): str(v) for k, v in (cmd.get("picks") or {}).items()}
    walkers = bool(paths) and not _river(paths[0][0])
    ways = "; ".join(_path(p, picks, r) for p in paths)
    return _say("move_merchants" if walkers else "move_ships", r, n=len(paths), ways=ways)


def _place(cmd: Cmd, r: Reader) -> str:
    hex_id = str(cmd["hex"])
    return _say("ship" if _river(hex_id) else "merchant", r, river=hex_id, hex=hex_id)


def _build_paid(cmd: Cmd, r: Reader) -> str:
    if cmd["ship"] == cmd["hex"]:  # a merchant standing on the space pays
        return _say("build_merchant", r, hex=cmd["hex"])
    return _say("build_ship", r, hex=cmd["hex"], river=cmd["ship"])


def _dock(cmd: Cmd, r: Reader) -> str:
    return _say("warehouse" if _own_walker(cmd["hex"], r) else "dock", r, hex=cmd["hex"])


def _pass(cmd: Cmd, r: Reader) -> str:
    tile = cmd.get("bonus")
    return _say("bonus", r, tile=tile_words(tile, r)) if tile else _say("pass_last", r)


SAY: dict[str, Callable[[Cmd, Reader], str]] = {
    "build": lambda c, r: _say("build", r, hex=c["hex"]),
    "upgrade": _upgrade,
    "transform": _transform,
    "dig": lambda c, r: _say("dig", r, spades=amount("SPADE", int(c["n"]), r.lang)),
    "burn": lambda c, r: _say("burn", r, power=amount("PW", int(c["n"]), r.lang)),
    "send": _send,
    "advance": lambda c, r: _say("advance", r, track=TRACKS[r.lang][c["track"]]),
    "action": _action,
    "pass": _pass,
    "bridge": lambda c, r: _say("bridge", r, a=c["a"], b=c["b"]),
    "convert": _convert,
    "leech": _offer,
    "decline": _offer,
    "gain": _gain,
    "setup": lambda c, r: _say("setup", r, faction=faction_words(c["faction"], r)),
    "connect": lambda c, r: _say("connect", r),
    "wait": lambda c, r: _say("wait", r),
    "done": lambda c, r: _say("done", r),
    "resign": lambda c, r: _say("resign", r),
    # Merchants of the Seas
    "dock": _dock,
    "ship": _place,
    "move": _move,
    "build_ship": _build_paid,
    "favm1": _favm1,
}


def command_words(cmd: Cmd, r: Reader) -> str:
    say = SAY.get(str(cmd.get("type")))
    return say(cmd, r) if say else _say("other", r)


def commands_of(action: Cmd) -> list[Cmd]:
    return list(action.get("cmds", [])) if action.get("type") == "seq" else [action]


def move_words(action: Cmd, r: Reader) -> str:
    """A whole move (one command or several) as clauses in the reader's language; a label's
    clauses are joined with " · ", a thread line's as a sentence."""
    joint = " · " if r.short else t("terra_mystica.say.and", r.lang)
    return joint.join(command_words(c, r) for c in commands_of(action))


# Reads notation for any seat (the engine's parse looks a seat's faction up in this state).
NO_SEATS: dict[str, Any] = {"seats": []}


def notation_words(text: str, view: dict[str, Any]) -> dict[str, str] | None:
    """A move's notation (as the engine writes it) in words in both languages, names and
    tile effects from the reader's view; None when it does not read as a move."""
    try:
        action = rules.get_engine("terra_mystica").parse(NO_SEATS, -1, text)
        return {lang: move_words(action, Reader(lang, view)) for lang in LANGS}
    except (RuleError, KeyError, ValueError, TypeError):  # not a move this describer knows
        return None
