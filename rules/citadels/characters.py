"""The 27 characters of Citadels (2016): rank, names, and the data their abilities read."""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict

DistrictType = Literal["noble", "religious", "trade", "military", "unique"]
Resource = Literal["gold", "cards", "mix"]


class Character(BaseModel):
    model_config = ConfigDict(frozen=True)

    id: str
    rank: int
    en: str
    ko: str
    income_type: DistrictType | None = None  # districts of this type pay income
    income: Resource | None = None  # what the income is paid in
    build_limit: int = 1  # districts per turn that count toward the limit
    crown: Literal["take", "give"] | None = None  # rank 4 crown behaviour


CHARACTERS: list[Character] = [
    Character(id="assassin", rank=1, en="Assassin", ko="암살자"),
    Character(id="witch", rank=1, en="Witch", ko="마녀"),
    Character(id="magistrate", rank=1, en="Magistrate", ko="치안판사"),
    Character(id="thief", rank=2, en="Thief", ko="도둑"),
    Character(id="spy", rank=2, en="Spy", ko="첩자"),
    Character(id="blackmailer", rank=2, en="Blackmailer", ko="협박범"),
    Character(id="magician", rank=3, en="Magician", ko="마술사"),
    Character(id="wizard", rank=3, en="Wizard", ko="마법사"),
    Character(id="seer", rank=3, en="Seer", ko="예언자", build_limit=2),
    Character(id="king", rank=4, en="King", ko="왕", income_type="noble", income="gold",
              crown="take"),
    Character(id="emperor", rank=4, en="Emperor", ko="황제", income_type="noble",
              income="gold", crown="give"),
    Character(id="patrician", rank=4, en="Patrician", ko="대공", income_type="noble",
              income="cards", crown="take"),
    Character(id="bishop", rank=5, en="Bishop", ko="주교", income_type="religious",
              income="gold"),
    Character(id="abbot", rank=5, en="Abbot", ko="수도원장", income_type="religious",
              income="mix"),
    Character(id="cardinal", rank=5, en="Cardinal", ko="추기경", income_type="religious",
              income="cards"),
    Character(id="merchant", rank=6, en="Merchant", ko="상인", income_type="trade",
              income="gold"),
    Character(id="alchemist", rank=6, en="Alchemist", ko="연금술사"),
    Character(id="trader", rank=6, en="Trader", ko="교역상", income_type="trade",
              income="gold"),
    Character(id="architect", rank=7, en="Architect", ko="건축가", build_limit=3),
    Character(id="navigator", rank=7, en="Navigator", ko="항해사", build_limit=0),
    Character(id="scholar", rank=7, en="Scholar", ko="학자", build_limit=2),
    Character(id="warlord", rank=8, en="Warlord", ko="장군", income_type="military",
              income="gold"),
    Character(id="diplomat", rank=8, en="Diplomat", ko="외교관", income_type="military",
              income="gold"),
    Character(id="marshal", rank=8, en="Marshal", ko="육군대장", income_type="military",
              income="gold"),
    Character(id="queen", rank=9, en="Queen", ko="왕비"),
    Character(id="artist", rank=9, en="Artist", ko="예술가"),
    Character(id="tax_collector", rank=9, en="Tax Collector", ko="세리"),
]

CHARACTER: dict[str, Character] = {c.id: c for c in CHARACTERS}
BY_RANK: dict[int, list[str]] = {}
for _c in CHARACTERS:
    BY_RANK.setdefault(_c.rank, []).append(_c.id)


def rank(char_id: str) -> int:
    return CHARACTER[char_id].rank
