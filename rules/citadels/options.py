"""Game options. Each ambiguity of the rules digest (section 12.2) is one documented field
whose default is the Korean rulebook's reading (the digest's errata decide where they speak).

Settled without an option (nothing to choose, documented here):
- Gathering is the first, mandatory part of every turn (errata 5).
- The district deck running out: a draw takes what is left; nothing is reshuffled (drawn,
  discarded and destroyed cards all return to the deck bottom, so it rarely empties).
- End of round order: the paused Witch's turn ends, then the killed character is revealed
  (heir / advisor crown, then the Queen's bonus), then markers clear, then the game-end check.
- An unsigned warrant revealed by the Magistrate has no effect.
- The School of Magic and the Haunted Quarter count as the most profitable type
  automatically (income and final score respectively).
"""

from __future__ import annotations

from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from rules.citadels.characters import CHARACTERS
from rules.citadels.districts import UNIQUE

CastChoice = Literal["first_game", "A", "B", "C", "D", "E", "F", "custom", "random"]


class Options(BaseModel):
    model_config = ConfigDict(extra="forbid")

    cast: CastChoice = Field(
        "first_game",
        description="Character/unique district set: the first-game set, a recommended set "
        "A-F (Ambitious Aristocrats .. Vicious Nobles), 'custom' (characters + districts "
        "below) or 'random' (one character per rank and 14 uniques from the seed).")
    characters: list[str] | None = Field(
        None, description="custom: one character id per rank 1-8, optionally a 9th (rank 9).")
    districts: list[str] | None = Field(
        None, description="custom: exactly 14 unique district ids.")
    use_rank9: bool | None = Field(
        None, description="Add a rank-9 character with 4-7 players (always with 3 or 8, "
        "never with 2). None = only when required.")
    rank9: Literal["queen", "artist", "tax_collector"] | None = Field(
        None, description="Which rank-9 character joins a preset or the first game; None = "
        "the preset's own, and for the first game (digest 12.2 #18, not in the rulebook) "
        "the Artist. The Queen is replaced by the Artist below 5 players.")
    crown: int = Field(0, ge=0, le=7, json_schema_extra={"seat": True},
                       description="Seat that starts crowned: the rulebook's oldest player; "
                       "the host's (seat 0) unless the host sets it.")

    three_player_discard: Literal["choose", "random"] = Field(
        "choose", description="#1 With 3 players the last player chooses (Korean) the card "
        "discarded face down from the 5 left; 'random' follows the English edition.")
    target_faceup_discards: bool = Field(
        True, description="#3 Assassin/Witch/Thief/warrants/threats may name characters "
        "discarded face up ('another character' in the Korean text).")
    tiebreak_killed_counts: bool = Field(
        True, description="#4 A killed character (revealed at round end) counts for the "
        "tie-break. With 2-3 players the higher of a player's two ranks counts; a tie that "
        "survives shares the rank.")
    warlord_own_completed: bool = Field(
        False, description="#7 The Warlord may destroy in his own completed city (errata 7: "
        "no, 절대로).")
    armory_ignores_protection: bool = Field(
        True, description="#7 The Armory is not a rank-8 ability: Bishop, Keep and Great Wall "
        "do not affect it. It never destroys in a completed city.")
    great_wall_taxes_itself: bool = Field(
        False, description="#8 The Great Wall's +1 also applies to the Great Wall (errata 1: "
        "no, '장성 제외').")
    great_wall_to_owner: bool = Field(
        False, description="#8 The Great Wall surcharge of the Diplomat and the Marshal goes "
        "to the owner instead of the bank.")
    diplomat_gives_keep: bool = Field(
        False, description="#9 The Diplomat may give away his own Keep (the Keep shields "
        "itself from every rank-8 ability by default).")
    artist_gold_follows: bool = Field(
        True, description="#10 Gold on a beautified district stays with the card when it is "
        "exchanged, seized or confiscated (and goes to the bank when destroyed); False: it "
        "returns to the previous owner's stash.")
    artist_split: bool = Field(
        True, description="#10 The Artist may beautify his two districts at different "
        "moments of his turn; False: both in a row (any other action ends beautifying).")
    wizard_build_confiscatable: bool = Field(
        True, description="#11 The Wizard's immediate paid build is a paid build the "
        "Magistrate may confiscate (and counts as the first paid build).")
    cardinal_needs_cards: bool = Field(
        True, description="#12 The Cardinal takes at most as much gold as he can repay with "
        "cards other than the one being built (never that card); False: he gives what he "
        "has.")
    monument_by_transfer: bool = Field(
        True, description="#13 A Monument may arrive by exchange or seizure in a city of 5+ "
        "(the limit binds building only; confiscation is a build, errata 2).")
    witch_tax_exempt: bool = Field(
        True, description="#14 The Witch copying the Tax Collector is exempt from tax on "
        "that turn (passives are copied).")
    witch_queen_own_seat: bool = Field(
        True, description="#14 The Witch copying the Queen checks her own neighbours.")
    witch_emperor_crowns_bewitched: bool = Field(
        True, description="#14 The Witch copying the Emperor may crown the bewitched player.")
    bishop_shields_own_rank8: bool = Field(
        False, description="#15 With 2-3 players, a player holding the Bishop and the rank-8 "
        "character cannot target his own districts.")
    completion_by_count: bool = Field(
        False, description="#16 False (Korean): a city completes when a build brings it to 7 "
        "(8 with 2-3 players; Monument counts 2; confiscation is a build). True: any change "
        "that brings it there (seizure, exchange) completes it too.")
    completed_stays: bool = Field(
        True, description="#16 A completed city keeps its completion (and the +4/+2 bonus) "
        "if it later drops below the threshold.")
    secret_vault_in_map_room: bool = Field(
        True, description="#17 The Secret Vault in hand also counts for the Map Room.")
    thief_before_gather: bool = Field(
        True, description="#19 The Thief robs when the target is called, before it gathers.")

    @field_validator("characters")
    @classmethod
    def _known_characters(cls, v: list[str] | None) -> list[str] | None:
        return None if v is None else [_known(x, CHARACTER_IDS, "character") for x in v]

    @field_validator("districts")
    @classmethod
    def _known_districts(cls, v: list[str] | None) -> list[str] | None:
        # the count (14, all different) is checked at setup, with its own message
        return None if v is None else [_known(x, UNIQUE_DISTRICT_IDS, "unique district")
                                       for x in v]


def _spellings(items: list) -> dict[str, str]:
    """Every accepted spelling (id, English or Korean name, any case) to the id."""
    out: dict[str, str] = {}
    for item in items:
        for name in (item.id, item.en, item.ko, *getattr(item, "aliases", ())):
            out[name.lower()] = item.id
            out[name.lower().replace(" ", "_").replace("'", "")] = item.id
    return out


CHARACTER_IDS = _spellings(CHARACTERS)
UNIQUE_DISTRICT_IDS = _spellings(UNIQUE)


def _known(name: str, ids: dict[str, str], what: str) -> str:
    """The id a player meant by `name`; a ValueError naming it if there is none."""
    key = str(name).strip().lower()
    if key in ids:
        return ids[key]
    raise ValueError(f"unknown {what}: {name}")
