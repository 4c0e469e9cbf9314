"""Citadels pictures drawn from the engine's view: the whole table, and one seat's hand."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, Literal, NamedTuple

from PIL import Image, ImageDraw
from pydantic import BaseModel, ConfigDict, Field

from render.common import (
    ACCENT,
    BACKGROUND,
    DARK_INK,
    GOLD,
    INK,
    MUTED,
    PANEL,
    PANEL_DIM,
    RGB,
    Box,
    Fitted,
    clean_text,
    draw_card_icon,
    draw_coin,
    draw_crown,
    draw_fitted,
    fit_text,
    font,
    ink_on,
    mix,
    png_bytes,
    text_width,
)

Lang = str
Regions = dict[str, Box]
Names = Mapping[Any, str] | None  # seat -> display name (int keys, or str after JSON)

# ---------------------------------------------------------------------------
# The view, as agreed between the engine, render/ and bot/ (extra keys are ignored).


class _Model(BaseModel):
    model_config = ConfigDict(extra="ignore")


class Name(_Model):
    en: str
    ko: str


DistrictType = Literal["noble", "religious", "trade", "military", "unique"]


class Card(_Model):
    id: str
    name: Name
    type: DistrictType
    cost: int | None = None  # None: a card that cannot be built (the Secret Vault)
    beautified: bool = False
    gold_on: int = 0
    museum_cards: int = 0  # face-down cards under a Museum (a public count)


class Character(_Model):
    id: str
    rank: int
    name: Name
    status: Literal["unknown", "discarded_up", "revealed", "called_absent"] = "unknown"
    seat: int | None = None
    markers: list[str] = Field(default_factory=list)


class Seat(_Model):
    seat: int
    gold: int
    hand_count: int
    crown: bool = False
    city: list[Card] = Field(default_factory=list)
    completed: bool = False
    first_completed: bool = False
    revealed_characters: list[str] = Field(default_factory=list)
    score_public: int = 0


class Current(_Model):
    seat: int
    character: str | None = None


class Draft(_Model):
    offered: list[str] = Field(default_factory=list)


class Me(_Model):
    seat: int
    hand: list[Card] = Field(default_factory=list)
    characters: list[str] = Field(default_factory=list)
    draft: Draft | None = None
    drawn: list[Card] | None = None
    pending: list[Card] = Field(default_factory=list)  # set aside in the middle of an action
    museum: list[Card] = Field(default_factory=list)  # under the viewer's own Museum
    secret_markers: dict[str, Any] = Field(default_factory=dict)


class ScoreLine(_Model):
    seat: int
    total: int
    breakdown: dict[str, int] = Field(default_factory=dict)
    rank: int = 0


class Outcome(_Model):
    scores: list[ScoreLine] = Field(default_factory=list)


class CitadelsView(_Model):
    game: Literal["citadels"] = "citadels"
    viewer: int | None = None
    round: int = 1
    phase: Literal["draft", "turns", "over"]
    crown: int | None = None
    current: Current | None = None
    deck_count: int = 0
    characters: list[Character]
    seats: list[Seat]
    me: Me | None = None
    result: Outcome | None = None
    tax_pot: int = 0

    def character(self, cid: str) -> Character:
        for c in self.characters:
            if c.id == cid:
                return c
        words = cid.replace("_", " ").title()
        return Character(id=cid, rank=0, name=Name(en=words, ko=words))


# ---------------------------------------------------------------------------
# Data: colours and words.

TYPE_ORDER: tuple[str, ...] = ("noble", "religious", "trade", "military", "unique")

TYPE_COLOURS: dict[str, RGB] = {
    "noble": (236, 190, 46),
    "religious": (40, 104, 196),
    "trade": (28, 122, 62),
    "military": (190, 48, 40),
    "unique": (122, 58, 156),
}

TYPE_NAMES: dict[str, dict[str, str]] = {
    "noble": {"en": "Noble", "ko": "귀족"},
    "religious": {"en": "Religious", "ko": "종교"},
    "trade": {"en": "Trade", "ko": "상업"},
    "military": {"en": "Military", "ko": "군사"},
    "unique": {"en": "Unique", "ko": "특수"},
}


def _icon_crown(d: ImageDraw.ImageDraw, b: Box, ink: RGB) -> None:
    draw_crown(d, b.x0, b.y0 + b.height // 8, b.height * 3 // 4, fill=ink, outline=None)


def _icon_cross(d: ImageDraw.ImageDraw, b: Box, ink: RGB) -> None:
    cx, t = b.center[0], max(3, b.width // 5)
    d.rectangle((cx - t // 2, b.y0, cx + (t - 1) // 2, b.y1), fill=ink)
    arm = b.y0 + b.height // 3
    d.rectangle((b.x0 + 2, arm - t // 2, b.x1 - 2, arm + (t - 1) // 2), fill=ink)


def _icon_coin(d: ImageDraw.ImageDraw, b: Box, ink: RGB) -> None:
    d.ellipse(b.inset(1).xy(), outline=ink, width=max(2, b.width // 7))
    d.ellipse(b.inset(b.width * 3 // 8).xy(), fill=ink)


def _icon_shield(d: ImageDraw.ImageDraw, b: Box, ink: RGB) -> None:
    mid = b.y0 + b.height * 11 // 20
    d.polygon(
        [(b.x0 + 1, b.y0), (b.x1 - 1, b.y0), (b.x1 - 1, mid), (b.center[0], b.y1), (b.x0 + 1, mid)],
        fill=ink,
    )


def _icon_gem(d: ImageDraw.ImageDraw, b: Box, ink: RGB) -> None:
    cx, cy = b.center
    d.polygon([(cx, b.y0), (b.x1, cy), (cx, b.y1), (b.x0, cy)], fill=ink)


# A shape per district type, so the type reads without telling red from green.
TYPE_ICONS: dict[str, Callable[[ImageDraw.ImageDraw, Box, RGB], None]] = {
    "noble": _icon_crown,
    "religious": _icon_cross,
    "trade": _icon_coin,
    "military": _icon_shield,
    "unique": _icon_gem,
}


def draw_type_icon(d: ImageDraw.ImageDraw, kind: str, box: Box, ink: RGB) -> None:
    painter = TYPE_ICONS.get(kind)
    if painter is not None:
        painter(d, box, ink)


class Marker(NamedTuple):
    colour: RGB
    en: str
    ko: str


MARKERS: dict[str, Marker] = {
    "killed": Marker((150, 24, 24), "Killed", "암살당함"),
    "bewitched": Marker((110, 50, 160), "Bewitched", "마법에 걸림"),
    "robbed": Marker((196, 104, 16), "Robbed", "도둑맞음"),
    "threat": Marker((120, 84, 50), "Threat", "협박"),
    "threat_revealed": Marker((120, 84, 50), "Threat shown", "협박 공개"),
    "warrant": Marker((60, 90, 120), "Warrant", "영장"),
    "warrant_revealed": Marker((60, 90, 120), "Blank warrant", "빈 영장"),
    "signed": Marker((30, 60, 150), "Signed warrant", "인장 영장"),
}

# Gold kept on a character's token, by the view key that holds it.
TOKEN_POTS: dict[str, str] = {"tax_collector": "tax_pot"}

# A later marker tells all an earlier one did: show only the later one.
SUPERSEDES: dict[str, tuple[str, ...]] = {
    "signed": ("warrant", "warrant_revealed"),
    "warrant_revealed": ("warrant",),
    "threat_revealed": ("threat",),
}


def shown_markers(markers: list[str]) -> list[str]:
    """The public markers worth a chip, in order, without those a later one supersedes."""
    hidden = {old for m in markers for old in SUPERSEDES.get(m, ())}
    return [m for m in dict.fromkeys(markers) if m not in hidden]


LABELS: dict[str, dict[str, str]] = {
    "title": {"en": "Citadels", "ko": "시타델"},
    "round": {"en": "Round {n}", "ko": "{n}라운드"},
    "phase.draft": {"en": "Selection phase", "ko": "선택 단계"},
    "phase.turns": {"en": "Turn phase", "ko": "행동 단계"},
    "phase.over": {"en": "Game over", "ko": "게임 종료"},
    "deck": {"en": "Deck {n}", "ko": "건물 카드 더미 {n}"},
    "turn": {"en": "{name}'s turn", "ko": "{name}의 차례"},
    "turn.character": {
        "en": "{name}'s turn · {rank} {character}",
        "ko": "{name}의 차례 · {rank}번 {character}",
    },
    "choosing": {"en": "{name} is choosing a character", "ko": "{name}: 캐릭터 선택 중"},
    "choosing.none": {"en": "Characters are being chosen", "ko": "캐릭터 선택 중"},
    "waiting": {"en": "Waiting", "ko": "대기 중"},
    "winner": {"en": "Game over · winner: {names}", "ko": "게임 종료 · 승자: {names}"},
    "seat": {"en": "Seat {n}", "ko": "{n}번 자리"},
    "you": {"en": "You", "ko": "나"},
    "status.discarded_up": {"en": "Discarded", "ko": "앞면 버림"},
    "status.called_absent": {"en": "Absent", "ko": "없음"},
    "status.unknown": {"en": "?", "ko": "?"},
    "completed": {"en": "Complete", "ko": "완성"},
    "first_completed": {"en": "First complete", "ko": "첫 완성"},
    "points": {"en": "{n} pts", "ko": "{n}점"},
    "no_districts": {"en": "No districts yet", "ko": "아직 지은 건물이 없습니다"},
    "final": {"en": "Final scores", "ko": "최종 점수"},
    "place": {"en": "#{n}", "ko": "{n}위"},
    "hand.title": {"en": "{name} · your hand", "ko": "{name} · 손에 든 카드"},
    "hand.section": {"en": "Hand ({n})", "ko": "손에 든 카드 ({n})"},
    "hand.empty": {"en": "Your hand is empty", "ko": "손에 든 카드가 없습니다"},
    "draft.section": {"en": "Choose a character", "ko": "캐릭터를 고르세요"},
    "held.section": {"en": "Your characters", "ko": "내 캐릭터"},
    "drawn.section": {
        "en": "Drawn cards: choose what to keep",
        "ko": "뽑은 카드: 가질 카드를 고르세요",
    },
    "pending.section": {"en": "Set aside during this action", "ko": "이번 행동에 쓰는 카드"},
    "museum.section": {"en": "Under your Museum", "ko": "박물관 아래의 카드"},
    "secret.section": {"en": "Secret", "ko": "비밀 정보"},
    "gold": {"en": "Gold {n}", "ko": "금화 {n}"},
    "unbuildable": {"en": "Cannot be built", "ko": "지을 수 없음"},
}

# Score breakdown keys the engine may use; an unknown key is shown as written.
BREAKDOWN: dict[str, dict[str, str]] = {
    "districts": {"en": "districts", "ko": "건물"},
    "five_types": {"en": "5 types", "ko": "다섯 종류"},
    "first_complete": {"en": "first complete", "ko": "첫 완성"},
    "complete": {"en": "complete", "ko": "완성"},
    "secret_vault": {"en": "Secret Vault", "ko": "비밀 금고"},
}
# The engine marks the Haunted Quarter's chosen type with a zero entry "haunted_quarter_<type>".
HAUNTED_PREFIX = "haunted_quarter_"

SECRET_MARKERS: dict[str, dict[str, str]] = {
    "signed": {"en": "Signed warrant", "ko": "인장이 찍힌 영장"},
    "flower": {"en": "Flowered threat", "ko": "꽃 자수 협박"},
}


def label(key: str, lang: Lang, **params: Any) -> str:
    texts = LABELS[key]
    return (texts.get(lang) or texts["en"]).format(**params)


def _pick(texts: dict[str, str] | Name, lang: Lang) -> str:
    data = texts.model_dump() if isinstance(texts, Name) else texts
    return data.get(lang) or data["en"]


def score_words(breakdown: dict[str, int], city: list[Card], lang: Lang) -> list[str]:
    """Score items as words: named by BREAKDOWN, else by the district of that id in the city."""
    names = {c.id: c.name for c in city}
    parts = []
    for key, points in breakdown.items():
        if key.startswith(HAUNTED_PREFIX):
            kind = key.removeprefix(HAUNTED_PREFIX)
            haunted = names.get("haunted_quarter")
            name = _pick(haunted, lang) if haunted else kind
            parts.append(f"{name} = {_pick(TYPE_NAMES.get(kind, {'en': kind}), lang)}")
        elif points:
            if key in BREAKDOWN:
                name = _pick(BREAKDOWN[key], lang)
            elif key in names:
                name = _pick(names[key], lang)
            else:
                name = key.replace("_", " ")
            parts.append(f"{name} {points}" if key == "districts" else f"{name} {points:+d}")
    return parts


def secret_words(markers: dict[str, Any], view: CitadelsView, lang: Lang) -> list[str]:
    """One line per secret marker the viewer holds, character ids shown as names."""

    def shown(value: Any) -> str:
        if isinstance(value, list):
            return ", ".join(shown(v) for v in value)
        if isinstance(value, str) and any(c.id == value for c in view.characters):
            return _pick(view.character(value).name, lang)
        return str(value)

    lines = []
    for key, value in markers.items():
        if value in (None, False, [], {}):
            continue
        name = _pick(SECRET_MARKERS.get(key, {"en": key.replace("_", " ")}), lang)
        lines.append(f"{name}: {shown(value)}")
    return lines


def seat_name(seat: int, lang: Lang, names: Names) -> str:
    """The caller's display name for a seat, else "Seat N" counted from 1."""
    names = names or {}
    given = names.get(seat) or names.get(str(seat))  # str keys: names that went through JSON
    if given:
        return clean_text(given)
    return label("seat", lang, n=seat + 1)


def _ordered_city(city: list[Card]) -> list[tuple[int, Card]]:
    """Districts grouped by type (noble first), each group in building order."""
    rank = {t: i for i, t in enumerate(TYPE_ORDER)}
    return sorted(enumerate(city), key=lambda item: (rank.get(item[1].type, 99), item[0]))


# ---------------------------------------------------------------------------
# Geometry of the table picture (pixels).

WIDTH = 1200
MARGIN = 24
GAP = 16
HEADER_H = 132
TOKEN_BASE_H = 138
TOKEN_GAP = 6
MARKER_H = 30
SCORE_ROW_H = 46
SEAT_HEAD_H = 60
TILES_PER_ROW = 8
TILE_GAP = 8
TILE_H = 108
EMPTY_CITY_H = 44
PANEL_PAD = 12


def _token_width(view: CitadelsView) -> int:
    n = max(1, len(view.characters))
    return (WIDTH - 2 * MARGIN - (n - 1) * TOKEN_GAP) // n


def _marker(key: str) -> Marker:
    return MARKERS.get(key, Marker((90, 90, 90), key, key))


def _marker_text(key: str, lang: Lang, token_w: int) -> Fitted:
    """A marker's words on a chip: one line if it fits at a readable size, else two."""
    marker = _marker(key)
    text = marker.ko if lang == "ko" else marker.en
    return fit_text(text, token_w - 18, 20, 17, bold=True, max_lines=2)


def _chip_height(fitted: Fitted) -> int:
    return max(MARKER_H - 4, fitted.height + 4)


def _token_height(view: CitadelsView, lang: Lang) -> int:
    token_w = _token_width(view)
    most = max(
        (
            sum(_chip_height(_marker_text(k, lang, token_w)) + 4 for k in shown_markers(c.markers))
            for c in view.characters
        ),
        default=0,
    )
    return TOKEN_BASE_H + most


def _seat_height(seat: Seat) -> int:
    rows = -(-len(seat.city) // TILES_PER_ROW)
    city_h = rows * TILE_H + (rows - 1) * TILE_GAP if rows else EMPTY_CITY_H
    return PANEL_PAD + SEAT_HEAD_H + city_h + PANEL_PAD


def _scores_height(view: CitadelsView) -> int:
    if view.phase != "over" or view.result is None:
        return 0
    return PANEL_PAD + 44 + SCORE_ROW_H * len(view.result.scores) + PANEL_PAD + GAP


class _Table:
    """Paints the table picture; records named regions so tests can find things."""

    def __init__(self, view: CitadelsView, lang: Lang, names: Names) -> None:
        self.view = view
        self.lang = lang
        self.names = names
        self.regions: Regions = {}
        token_h = _token_height(view, lang)
        height = (
            MARGIN
            + HEADER_H
            + GAP
            + _scores_height(view)
            + token_h
            + GAP
            + sum(_seat_height(s) + GAP for s in view.seats)
            + MARGIN
            - GAP
        )
        self.image = Image.new("RGB", (WIDTH, height), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        y = self.header(MARGIN)
        y = self.scores(y + GAP)
        y = self.characters(y, token_h) + GAP
        for seat in view.seats:
            y = self.seat(seat, y) + GAP

    def name(self, seat: int) -> str:
        return seat_name(seat, self.lang, self.names)

    # -- header ---------------------------------------------------------------
    def header(self, y: int) -> int:
        v, lang, d = self.view, self.lang, self.draw
        title_face = font(40, True)
        d.text((MARGIN, y), label("title", lang), font=title_face, fill=INK)
        x = MARGIN + text_width(label("title", lang), title_face) + 20
        sub = f"{label('round', lang, n=v.round)} · {label('phase.' + v.phase, lang)}"
        d.text((x, y + 8), sub, font=font(30), fill=MUTED)
        deck_face = font(28, True)
        deck = label("deck", lang, n=v.deck_count)
        dx = WIDTH - MARGIN - text_width(deck, deck_face)
        d.text((dx, y + 8), deck, font=deck_face, fill=INK)
        draw_card_icon(d, dx - 42, y + 4, 38, (96, 116, 150))
        self.regions["deck"] = Box(dx - 42, y, WIDTH - MARGIN, y + 44)

        banner = Box(MARGIN, y + 62, WIDTH - MARGIN, y + HEADER_H)
        d.rounded_rectangle(banner.xy(), 10, fill=ACCENT)
        fitted = fit_text("▶ " + self.banner_text(), banner.width - 32, 32, 20, bold=True)
        draw_fitted(d, banner.inset(16, 0), fitted, DARK_INK, align="left")
        self.regions["banner"] = banner
        return y + HEADER_H

    def banner_text(self) -> str:
        v, lang = self.view, self.lang
        if v.phase == "over":
            winners = [s.seat for s in (v.result.scores if v.result else []) if s.rank == 1]
            if winners:
                return label("winner", lang, names=", ".join(self.name(s) for s in winners))
            return label("phase.over", lang)
        if v.current is None:
            return label("choosing.none" if v.phase == "draft" else "waiting", lang)
        who = self.name(v.current.seat)
        if v.phase == "draft":
            return label("choosing", lang, name=who)
        if v.current.character:
            ch = v.character(v.current.character)
            return label(
                "turn.character", lang, name=who, rank=ch.rank, character=_pick(ch.name, lang)
            )
        return label("turn", lang, name=who)

    # -- final scores ---------------------------------------------------------
    def scores(self, y: int) -> int:
        v, lang, d = self.view, self.lang, self.draw
        if v.phase != "over" or v.result is None:
            return y
        box = Box(MARGIN, y, WIDTH - MARGIN, y + _scores_height(v) - GAP)
        d.rounded_rectangle(box.xy(), 12, fill=PANEL, outline=GOLD, width=3)
        self.regions["scores"] = box
        d.text(
            (MARGIN + 20, y + PANEL_PAD + 4), label("final", lang), font=font(30, True), fill=GOLD
        )
        row_y = y + PANEL_PAD + 44
        for line in v.result.scores:
            row = Box(MARGIN + 12, row_y, WIDTH - MARGIN - 12, row_y + SCORE_ROW_H - 4)
            if line.rank == 1:
                d.rounded_rectangle(row.xy(), 8, fill=mix(PANEL, GOLD, 0.25))
            self.regions[f"score{line.seat}"] = row
            place = fit_text(label("place", lang, n=line.rank), 64, 26, 18, bold=True)
            draw_fitted(d, Box(row.x0 + 10, row.y0, row.x0 + 74, row.y1), place, INK, "left")
            name_fit = fit_text(self.name(line.seat), 300, 26, 20, bold=True)
            draw_fitted(d, Box(row.x0 + 80, row.y0, row.x0 + 380, row.y1), name_fit, INK, "left")
            total = fit_text(label("points", lang, n=line.total), 110, 26, 18, bold=True)
            draw_fitted(d, Box(row.x0 + 392, row.y0, row.x0 + 502, row.y1), total, GOLD, "left")
            seat = next((s for s in v.seats if s.seat == line.seat), None)
            parts = score_words(line.breakdown, seat.city if seat else [], lang)
            detail = fit_text(" · ".join(parts), row.x1 - row.x0 - 520, 22, 18)
            draw_fitted(d, Box(row.x0 + 510, row.y0, row.x1 - 10, row.y1), detail, MUTED, "left")
            row_y += SCORE_ROW_H
        return box.y1 + GAP

    # -- character tokens -----------------------------------------------------
    def characters(self, y: int, token_h: int) -> int:
        v = self.view
        chars = sorted(v.characters, key=lambda c: c.rank)
        token_w = _token_width(v)
        current = v.current.character if v.current and v.phase == "turns" else None
        for i, ch in enumerate(chars):
            x = MARGIN + i * (token_w + TOKEN_GAP)
            box = Box(x, y, x + token_w, y + token_h)
            self.regions[f"char.{ch.id}"] = box
            self.token(box, ch, ch.id == current)
        return y + token_h

    def token(self, box: Box, ch: Character, is_current: bool) -> None:
        d, lang = self.draw, self.lang
        dim = ch.status in ("discarded_up", "called_absent")
        fill = PANEL_DIM if dim else (mix(PANEL, INK, 0.12) if ch.status == "revealed" else PANEL)
        outline = ACCENT if is_current else mix(fill, INK, 0.15)
        d.rounded_rectangle(box.xy(), 10, fill=fill, outline=outline, width=4 if is_current else 2)
        ink = MUTED if dim else INK
        cx, cy, r = box.x0 + 26, box.y0 + 26, 17
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=mix(fill, INK, 0.8) if not dim else MUTED)
        rank_fit = fit_text(str(ch.rank), 2 * r, 24, 16, bold=True)
        draw_fitted(d, Box(cx - r, cy - r, cx + r, cy + r + 1), rank_fit, DARK_INK)
        name = fit_text(_pick(ch.name, lang), box.width - 6, 24, 17, bold=True, max_lines=2)
        draw_fitted(
            d, Box(box.x0 + 3, box.y0 + 48, box.x1 - 3, box.y0 + 104), name, ink, valign="top"
        )
        status = Box(box.x0 + 6, box.y0 + 104, box.x1 - 6, box.y0 + 132)
        if ch.status == "revealed" and ch.seat is not None:
            d.rounded_rectangle(status.xy(), 6, fill=INK)
            who = fit_text(self.name(ch.seat), status.width - 8, 20, 16, bold=True)
            draw_fitted(d, status, who, DARK_INK)
        elif dim:
            text = fit_text(label("status." + ch.status, lang), status.width - 4, 20, 15)
            draw_fitted(d, status, text, MUTED)
        pot_key = TOKEN_POTS.get(ch.id)
        pot = getattr(self.view, pot_key, 0) if pot_key else 0
        if pot:
            draw_coin(d, box.x1 - 22, box.y0 + 26, 17, str(pot))
            self.regions[f"char.{ch.id}.pot"] = Box(
                box.x1 - 39, box.y0 + 9, box.x1 - 5, box.y0 + 43
            )
        my = box.y0 + TOKEN_BASE_H - 2
        for key in shown_markers(ch.markers):
            marker = _marker(key)
            text = _marker_text(key, lang, box.width)
            chip = Box(box.x0 + 6, my, box.x1 - 6, my + _chip_height(text))
            d.rounded_rectangle(chip.xy(), 6, fill=marker.colour)
            draw_fitted(d, chip, text, ink_on(marker.colour))
            self.regions[f"char.{ch.id}.{key}"] = chip
            my = chip.y1 + 4

    # -- seats ----------------------------------------------------------------
    def seat(self, seat: Seat, y: int) -> int:
        v, d, lang = self.view, self.draw, self.lang
        box = Box(MARGIN, y, WIDTH - MARGIN, y + _seat_height(seat))
        is_current = v.current is not None and v.current.seat == seat.seat and v.phase != "over"
        d.rounded_rectangle(
            box.xy(),
            12,
            fill=PANEL,
            outline=ACCENT if is_current else mix(PANEL, INK, 0.12),
            width=4 if is_current else 2,
        )
        self.regions[f"seat{seat.seat}"] = box
        head = Box(
            box.x0 + PANEL_PAD + 4, y + PANEL_PAD, box.x1 - PANEL_PAD - 4, y + PANEL_PAD + 48
        )

        # Right side first: its width decides how much room the name gets.
        x = head.x1
        score = label("points", lang, n=seat.score_public)
        score_face = font(28, True)
        sw = text_width(score, score_face) + 24
        score_box = Box(x - sw, head.y0 + 2, x, head.y1 - 2)
        d.rounded_rectangle(score_box.xy(), 8, fill=mix(PANEL, INK, 0.85))
        draw_fitted(d, score_box, fit_text(score, sw, 28, 20, bold=True), DARK_INK)
        self.regions[f"seat{seat.seat}.score"] = score_box
        x = score_box.x0 - 18
        stat_face = font(28, True)
        for value, icon in ((seat.hand_count, "card"), (seat.gold, "coin")):
            text = str(value)
            tw = text_width(text, stat_face)
            d.text((x - tw, head.y0 + 9), text, font=stat_face, fill=INK)
            x -= tw + 6
            if icon == "coin":
                draw_coin(d, x - 15, head.y0 + 24, 15)
                self.regions[f"seat{seat.seat}.gold"] = Box(x - 30, head.y0, x + tw + 6, head.y1)
                x -= 30 + 18
            else:
                draw_card_icon(d, x - 30, head.y0 + 8, 32, (96, 116, 150))
                self.regions[f"seat{seat.seat}.hand"] = Box(x - 30, head.y0, x + tw + 6, head.y1)
                x -= 30 + 18
        if seat.completed:
            text = label("first_completed" if seat.first_completed else "completed", lang)
            face = font(22, True)
            bw = text_width(text, face) + 20
            badge = Box(x - bw, head.y0 + 8, x, head.y1 - 8)
            d.rounded_rectangle(badge.xy(), 8, fill=(46, 160, 90))
            draw_fitted(d, badge, fit_text(text, bw, 22, 16, bold=True), INK)
            self.regions[f"seat{seat.seat}.completed"] = badge
            x = badge.x0 - 14
        right_edge = x

        # Left side: crown, name, revealed characters.
        x = head.x0
        if seat.crown:
            cw = draw_crown(d, x, head.y0 + 10, 28)
            self.regions[f"seat{seat.seat}.crown"] = Box(x, head.y0 + 10, x + cw, head.y0 + 38)
            x += cw + 10
        chips = sorted(
            (self.view.character(c) for c in seat.revealed_characters), key=lambda c: c.rank
        )
        chip_texts = [f"{c.rank} {_pick(c.name, lang)}" for c in chips]
        chip_face = font(22, True)
        is_viewer = v.viewer is not None and v.viewer == seat.seat
        you = label("you", lang)
        chips_w = sum(text_width(t, chip_face) + 28 for t in chip_texts)
        chips_w += text_width(you, chip_face) + 28 if is_viewer else 0
        name_room = max(120, right_edge - x - chips_w - 12)
        name_fit = fit_text(self.name(seat.seat), name_room, 30, 22, bold=True)
        name_box = Box(x, head.y0, x + name_fit.width, head.y1)
        draw_fitted(d, name_box, name_fit, INK, "left")
        self.regions[f"seat{seat.seat}.name"] = name_box
        x = name_box.x1 + 14
        if is_viewer:
            you_box = Box(x, head.y0 + 8, x + text_width(you, chip_face) + 16, head.y1 - 8)
            d.rounded_rectangle(you_box.xy(), 8, fill=ACCENT)
            draw_fitted(d, you_box, fit_text(you, you_box.width, 22, 15, bold=True), DARK_INK)
            self.regions[f"seat{seat.seat}.you"] = you_box
            x = you_box.x1 + 8
        for ch, text in zip(chips, chip_texts, strict=True):
            room = right_edge - x
            if room < 60:
                break
            chip_fit = fit_text(
                text, min(room, text_width(text, chip_face) + 12) - 12, 22, 15, bold=True
            )
            cb = Box(x, head.y0 + 8, x + chip_fit.width + 16, head.y1 - 8)
            d.rounded_rectangle(cb.xy(), 8, fill=INK)
            draw_fitted(d, cb, chip_fit, DARK_INK)
            self.regions[f"seat{seat.seat}.char.{ch.id}"] = cb
            x = cb.x1 + 8

        # The city.
        top = head.y1 + (SEAT_HEAD_H - 48)
        inner_w = box.width - 2 * PANEL_PAD
        tile_w = (inner_w - (TILES_PER_ROW - 1) * TILE_GAP) // TILES_PER_ROW
        if not seat.city:
            empty = Box(box.x0 + PANEL_PAD, top, box.x1 - PANEL_PAD, top + EMPTY_CITY_H)
            d.rounded_rectangle(empty.xy(), 8, outline=mix(PANEL, MUTED, 0.5), width=2)
            draw_fitted(d, empty, fit_text(label("no_districts", lang), empty.width, 22, 18), MUTED)
        for slot, (index, card) in enumerate(_ordered_city(seat.city)):
            row, col = divmod(slot, TILES_PER_ROW)
            tx = box.x0 + PANEL_PAD + col * (tile_w + TILE_GAP)
            ty = top + row * (TILE_H + TILE_GAP)
            tile = Box(tx, ty, tx + tile_w, ty + TILE_H)
            self.regions[f"seat{seat.seat}.district{index}"] = tile
            self.tile(tile, card, f"seat{seat.seat}.district{index}")
        return box.y1

    def tile(self, box: Box, card: Card, key: str) -> None:
        d = self.draw
        colour = TYPE_COLOURS.get(card.type, (90, 90, 90))
        ink = ink_on(colour)
        d.rounded_rectangle(box.xy(), 8, fill=colour)
        if card.cost is not None:
            draw_coin(d, box.x0 + 20, box.y0 + 20, 16, str(card.cost))
        icon = Box(box.x0 + 42, box.y0 + 10, box.x0 + 62, box.y0 + 30)
        draw_type_icon(d, card.type, icon, mix(colour, ink, 0.75))
        self.regions[f"{key}.icon"] = icon
        x = box.x1 - 8
        if card.museum_cards:
            text = str(card.museum_cards)
            face = font(20, True)
            tw = text_width(text, face)
            d.text((x - tw, box.y0 + 10), text, font=face, fill=ink)
            icon_w = draw_card_icon(d, x - tw - 26, box.y0 + 8, 24, mix(colour, ink, 0.6))
            self.regions[f"{key}.museum"] = Box(x - tw - 26, box.y0 + 8, x, box.y0 + 32)
            x -= tw + icon_w + 6
        if card.gold_on:
            draw_coin(d, x - 14, box.y0 + 20, 14, str(card.gold_on))
            x -= 32
        if card.beautified:
            face = font(26, True)
            tw = text_width("★", face)
            d.text((x - tw, box.y0 + 6), "★", font=face, fill=ink)
            self.regions[f"{key}.beautified"] = Box(x - tw, box.y0 + 6, x, box.y0 + 36)
        name = fit_text(_pick(card.name, self.lang), box.width - 12, 23, 16, bold=True, max_lines=2)
        draw_fitted(d, Box(box.x0 + 6, box.y0 + 40, box.x1 - 6, box.y1 - 6), name, ink)


def table_image(
    view: dict[str, Any], lang: Lang = "ko", names: Names = None
) -> tuple[Image.Image, Regions]:
    """The table picture and its named regions (for tests and image maps)."""
    painter = _Table(CitadelsView.model_validate(view), lang, names)
    return painter.image, painter.regions


def table_png(view: dict[str, Any], lang: Lang = "ko", names: Names = None) -> bytes:
    """PNG of the whole table as anyone at it (or a spectator) may see it."""
    return png_bytes(table_image(view, lang, names)[0])


# ---------------------------------------------------------------------------
# The private picture: one seat's hand, held characters, draft offer, drawn cards.

HAND_WIDTH = 1080
CARDS_PER_ROW = 3
CARD_H = 210
CHARS_PER_ROW = 4
CHAR_CARD_H = 150
SECTION_TITLE_H = 52
HAND_HEADER_H = 100


class _Hand:
    def __init__(self, view: CitadelsView, lang: Lang, names: Names) -> None:
        if view.me is None:
            raise ValueError("hand_png needs a seat's own view (view['me'] is null)")
        self.view, self.me, self.lang, self.names = view, view.me, lang, names
        self.regions: Regions = {}
        me = view.me
        sections: list[tuple[str, str, list[Any]]] = []
        if me.draft and me.draft.offered:
            sections.append(("offer", label("draft.section", lang), self.by_rank(me.draft.offered)))
        if me.characters:
            sections.append(("held", label("held.section", lang), self.by_rank(me.characters)))
        if me.drawn:
            sections.append(("drawn", label("drawn.section", lang), me.drawn))
        if me.pending:
            sections.append(("pending", label("pending.section", lang), me.pending))
        sections.append(("hand", label("hand.section", lang, n=len(me.hand)), me.hand))
        if me.museum:
            sections.append(("museum", label("museum.section", lang), me.museum))
        secrets = secret_words(me.secret_markers, view, lang)
        height = (
            MARGIN + HAND_HEADER_H + sum(self.section_height(k, items) for k, _, items in sections)
        )
        if secrets:
            height += SECTION_TITLE_H + 40 * len(secrets) + GAP
        height += MARGIN
        self.image = Image.new("RGB", (HAND_WIDTH, height), BACKGROUND)
        self.draw = ImageDraw.Draw(self.image)
        y = self.header(MARGIN)
        for kind, title, items in sections:
            y = self.section(kind, title, items, y)
        if secrets:
            self.secrets(secrets, y)

    def by_rank(self, ids: list[str]) -> list[str]:
        return sorted(ids, key=lambda cid: self.view.character(cid).rank)

    def section_height(self, kind: str, items: list[Any]) -> int:
        if kind in ("offer", "held"):
            rows = -(-len(items) // CHARS_PER_ROW)
            return SECTION_TITLE_H + rows * (CHAR_CARD_H + GAP) + GAP
        rows = -(-len(items) // CARDS_PER_ROW)
        return SECTION_TITLE_H + (rows * (CARD_H + GAP) if rows else 60) + GAP

    def header(self, y: int) -> int:
        v, me, d, lang = self.view, self.me, self.draw, self.lang
        seat = next((s for s in v.seats if s.seat == me.seat), None)
        right = HAND_WIDTH - MARGIN
        if seat is not None:
            gold = label("gold", lang, n=seat.gold)
            face = font(30, True)
            gw = text_width(gold, face)
            d.text((right - gw, y + 10), gold, font=face, fill=INK)
            draw_coin(d, right - gw - 26, y + 26, 18)
            self.regions["gold"] = Box(right - gw - 44, y, right, y + 52)
            right -= gw + 64
        title = label("hand.title", lang, name=seat_name(me.seat, lang, self.names))
        fitted = fit_text(title, right - MARGIN, 36, 24, bold=True)
        draw_fitted(d, Box(MARGIN, y, right, y + 56), fitted, INK, "left")
        sub = f"{label('title', lang)} · {label('round', lang, n=v.round)}"
        d.text((MARGIN, y + 60), sub, font=font(22), fill=MUTED)
        return y + HAND_HEADER_H

    def section(self, kind: str, title: str, items: list[Any], y: int) -> int:
        d, lang = self.draw, self.lang
        d.text((MARGIN, y + 12), title, font=font(28, True), fill=ACCENT)
        y += SECTION_TITLE_H
        inner = HAND_WIDTH - 2 * MARGIN
        if kind in ("offer", "held"):
            w = (inner - (CHARS_PER_ROW - 1) * GAP) // CHARS_PER_ROW
            for i, cid in enumerate(items):
                row, col = divmod(i, CHARS_PER_ROW)
                x = MARGIN + col * (w + GAP)
                box = Box(
                    x,
                    y + row * (CHAR_CARD_H + GAP),
                    x + w,
                    y + row * (CHAR_CARD_H + GAP) + CHAR_CARD_H,
                )
                self.regions[f"{kind}.{cid}"] = box
                self.character_card(box, self.view.character(cid))
            rows = -(-len(items) // CHARS_PER_ROW)
            return y + rows * (CHAR_CARD_H + GAP) + GAP
        if not items:
            text = fit_text(label("hand.empty", lang), inner, 26, 20)
            draw_fitted(d, Box(MARGIN, y, HAND_WIDTH - MARGIN, y + 60), text, MUTED, "left")
            return y + 60 + GAP
        w = (inner - (CARDS_PER_ROW - 1) * GAP) // CARDS_PER_ROW
        for i, card in enumerate(items):
            row, col = divmod(i, CARDS_PER_ROW)
            x = MARGIN + col * (w + GAP)
            top = y + row * (CARD_H + GAP)
            box = Box(x, top, x + w, top + CARD_H)
            self.regions[f"{kind}{i}"] = box
            self.district_card(box, card)
        rows = -(-len(items) // CARDS_PER_ROW)
        return y + rows * (CARD_H + GAP) + GAP

    def district_card(self, box: Box, card: Card) -> None:
        d, lang = self.draw, self.lang
        colour = TYPE_COLOURS.get(card.type, (90, 90, 90))
        ink = ink_on(colour)
        d.rounded_rectangle(box.xy(), 14, fill=colour)
        band = Box(box.x0, box.y0, box.x1, box.y0 + 56)
        d.rounded_rectangle(band.xy(), 14, fill=mix(colour, DARK_INK, 0.25))
        d.rectangle((band.x0, band.y1 - 14, band.x1, band.y1), fill=mix(colour, DARK_INK, 0.25))
        type_text = _pick(TYPE_NAMES.get(card.type, {"en": card.type}), lang)
        band_ink = ink_on(mix(colour, DARK_INK, 0.25))
        draw_type_icon(
            d, card.type, Box(box.x0 + 14, band.y0 + 16, box.x0 + 38, band.y0 + 40), band_ink
        )
        draw_fitted(
            d,
            Box(box.x0 + 48, band.y0, box.x1 - 70, band.y1),
            fit_text(type_text, box.width - 120, 24, 18, bold=True),
            band_ink,
            "left",
        )
        if card.cost is not None:
            draw_coin(d, box.x1 - 34, band.y0 + 28, 22, str(card.cost))
        name = fit_text(_pick(card.name, lang), box.width - 24, 36, 22, bold=True, max_lines=2)
        draw_fitted(d, Box(box.x0 + 12, band.y1 + 4, box.x1 - 12, box.y1 - 12), name, ink)
        if card.cost is None:
            note = fit_text(label("unbuildable", lang), box.width - 24, 20, 16)
            draw_fitted(d, Box(box.x0 + 12, box.y1 - 36, box.x1 - 12, box.y1 - 8), note, ink)

    def character_card(self, box: Box, ch: Character) -> None:
        d, lang = self.draw, self.lang
        d.rounded_rectangle(box.xy(), 14, fill=mix(PANEL, INK, 0.1), outline=ACCENT, width=3)
        cx, cy, r = box.x0 + 34, box.y0 + 34, 24
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=ACCENT)
        draw_fitted(
            d,
            Box(cx - r, cy - r, cx + r, cy + r + 1),
            fit_text(str(ch.rank), 2 * r, 32, 18, bold=True),
            DARK_INK,
        )
        name = fit_text(_pick(ch.name, lang), box.width - 20, 32, 20, bold=True, max_lines=2)
        draw_fitted(d, Box(box.x0 + 10, box.y0 + 64, box.x1 - 10, box.y1 - 10), name, INK)

    def secrets(self, lines: list[str], y: int) -> None:
        d = self.draw
        d.text(
            (MARGIN, y + 12), label("secret.section", self.lang), font=font(28, True), fill=ACCENT
        )
        y += SECTION_TITLE_H
        for line in lines:
            fitted = fit_text(line, HAND_WIDTH - 2 * MARGIN, 26, 18)
            draw_fitted(d, Box(MARGIN, y, HAND_WIDTH - MARGIN, y + 40), fitted, INK, "left")
            y += 40
        self.regions["secret"] = Box(MARGIN, y - 40 * len(lines), HAND_WIDTH - MARGIN, y)


def hand_image(
    view: dict[str, Any], lang: Lang = "ko", names: Names = None
) -> tuple[Image.Image, Regions]:
    """The private picture and its named regions."""
    painter = _Hand(CitadelsView.model_validate(view), lang, names)
    return painter.image, painter.regions


def hand_png(view: dict[str, Any], lang: Lang = "ko", names: Names = None) -> bytes:
    """PNG of the viewer's own hand, held characters, draft offer and drawn cards."""
    return png_bytes(hand_image(view, lang, names)[0])
