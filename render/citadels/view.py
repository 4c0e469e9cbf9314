"""The Citadels view as agreed between the engine, render/ and bot/ (extra keys are ignored)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from render.common import Box

Lang = str
Regions = dict[str, Box]
Names = Mapping[Any, str] | None  # seat -> display name (int keys, or str after JSON)


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
    text: Name | None = None  # what a unique district does, for the hand picture


class Character(_Model):
    id: str
    rank: int
    name: Name
    status: Literal["unknown", "discarded_up", "revealed", "called_absent"] = "unknown"
    seat: int | None = None
    markers: list[str] = Field(default_factory=list)
    text: Name | None = None  # what the character's ability does, for the hand picture


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
