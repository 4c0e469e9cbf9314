"""Seeded string mutators: legal move texts, custom_ids and option values bent the ways a
careless user, a phone keyboard or an attacker bends them."""

from __future__ import annotations

import random
import string
from collections.abc import Callable

TEXT_LIMIT = 6000  # the longest text Discord lets a slash command's option carry

# isdigit() is True for all of these; int() reads the Nd ones (٣, ３) and fails on the rest.
UNICODE_DIGITS = "²³¹①②⑨٣３߂໒𝟙"
# notation words of both games, so mutations stay near the grammar
KOREAN_WORDS = ["건설", "개량", "변형", "삽", "파견", "진행", "행동", "패스", "다리", "희생",
                "전환", "흡수", "거절", "선택", "연결", "완료", "기권", "동전", "일꾼", "성직자",
                "권능", "승점", "불", "물", "땅", "대지", "하늘", "주택", "교역소", "사원", "요새",
                "성소", "칸", "금화", "카드", "보관", "수입", "암살", "강탈", "왕관", "경유",
                "에게서", "번", "플레이어", "없음", "무작위", "마녀", "→", "←", "->", "<-"]
ENGLISH_WORDS = ["build", "upgrade", "convert", "to", "from", "for", "send", "p", "leech",
                 "decline", "pass", "bon1", "burn", "dig", "action", "act1", "transform",
                 "gold", "draw", "take", "income", "crown", "via", "cards", "open", "back",
                 "witches:", "p1", "#2", "3p", "pw", "vp", "c", "w", "none", "random"]
BRACKETS = "[]{}()<>\"'`\\"
ODD = ["\u200b", "\u00a0", "\t", "\n", "\r", "\x00", "\ufeff", "…", "🙂", "é", "İ", "ß",
       "\U0010ffff", "\ud7a3", ":", ".", ";", ",", "-", "_", "~", "#", "@", "%"]


def huge_number(rng: random.Random) -> str:
    """A run of digits, from a little too long to past Python's 4,300-digit int() limit."""
    length = rng.choice([7, 20, 400, 4301, rng.randint(4300, TEXT_LIMIT)])
    return rng.choice("123456789") + "".join(rng.choices(string.digits, k=length - 1))


def random_char(rng: random.Random) -> str:
    pick = rng.random()
    if pick < 0.4:
        return rng.choice(string.printable)
    if pick < 0.55:
        return rng.choice(UNICODE_DIGITS)
    if pick < 0.7:
        return rng.choice(BRACKETS)
    if pick < 0.85:
        return rng.choice(ODD)
    code = rng.randint(0x20, 0x2FFFF) if rng.random() < 0.7 else rng.randint(0xAC00, 0xD7A3)
    return chr(code) if not 0xD800 <= code <= 0xDFFF else "\ufffd"  # Discord sends UTF-8


def random_string(rng: random.Random) -> str:
    length = rng.choice([0, 1, 2, 5, 10, 30, 100, 1000, rng.randint(0, TEXT_LIMIT)])
    if rng.random() < 0.3:  # words, not characters
        words = rng.choices(KOREAN_WORDS + ENGLISH_WORDS + [huge_number(rng)[:12]], k=9)
        return " ".join(words)[:length or 40]
    return "".join(random_char(rng) for _ in range(length))


def _at(rng: random.Random, text: str) -> int:
    return rng.randint(0, len(text))


def _insert(rng: random.Random, text: str) -> str:
    i = _at(rng, text)
    return text[:i] + random_char(rng) + text[i:]


def _delete(rng: random.Random, text: str) -> str:
    if not text:
        return text
    i = rng.randrange(len(text))
    return text[:i] + text[i + rng.randint(1, 3):]


def _duplicate(rng: random.Random, text: str) -> str:
    if not text:
        return text
    i = rng.randrange(len(text))
    j = rng.randint(i, min(len(text), i + 12))
    return text[:j] + text[i:j] * rng.randint(1, 3) + text[j:]


def _unicode_digit(rng: random.Random, text: str) -> str:
    spots = [i for i, ch in enumerate(text) if ch.isdigit()]
    digit = rng.choice(UNICODE_DIGITS)
    if not spots:
        return f"{text} {digit}"
    i = rng.choice(spots)
    return text[:i] + digit + text[i + 1:]


def _huge(rng: random.Random, text: str) -> str:
    spots = [i for i, ch in enumerate(text) if ch.isdigit()]
    number = huge_number(rng)
    if not spots:
        return f"{text} {number}"
    i = rng.choice(spots)
    return text[:i] + number + text[i + 1:]


def _brackets(rng: random.Random, text: str) -> str:
    if rng.random() < 0.3:
        return rng.choice(BRACKETS) * rng.choice([1, 50, 1000, TEXT_LIMIT])
    i = _at(rng, text)
    return text[:i] + rng.choice(BRACKETS) * rng.randint(1, 5) + text[i:]


def _word(rng: random.Random, text: str) -> str:
    words = text.split(" ")
    word = rng.choice(KOREAN_WORDS if rng.random() < 0.6 else ENGLISH_WORDS)
    i = rng.randint(0, len(words))
    if rng.random() < 0.5 and i < len(words):
        words[i] = word
    else:
        words.insert(i, word)
    return " ".join(words)


def _long(rng: random.Random, text: str) -> str:
    unit = text or "x"
    target = rng.choice([400, 1001, 2000, TEXT_LIMIT])
    glue = rng.choice(["", " ", ". ", "; ", "\n"])
    return (unit + glue) * (target // (len(unit) + len(glue)) + 1)


def _case(rng: random.Random, text: str) -> str:
    return text.upper() if rng.random() < 0.5 else text.swapcase()


def _truncate(rng: random.Random, text: str) -> str:
    return text[: _at(rng, text)]


def _whitespace(rng: random.Random, text: str) -> str:
    i = _at(rng, text)
    return text[:i] + rng.choice([" " * rng.randint(2, 3000), "\t\n", "\u3000"]) + text[i:]


MUTATIONS: list[Callable[[random.Random, str], str]] = [
    _insert, _delete, _duplicate, _unicode_digit, _huge, _brackets, _word, _long, _case,
    _truncate, _whitespace,
]


def mutate(rng: random.Random, seeds: list[str], *, join: str = ". ") -> str:
    """A mutated legal text (1 to 3 mutations, sometimes two texts joined first), or now and
    then a purely random string; never longer than Discord allows."""
    if not seeds or rng.random() < 0.12:
        return random_string(rng)[:TEXT_LIMIT]
    text = rng.choice(seeds)
    if rng.random() < 0.15:
        text = join.join([text, rng.choice(seeds)])
    for _ in range(rng.randint(1, 3)):
        text = rng.choice(MUTATIONS)(rng, text)
    return text[:TEXT_LIMIT]
