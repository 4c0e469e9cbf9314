"""Character casts and unique-district sets: first game, the six recommended sets, custom
sets checked against the combination rules, and random sets drawn from the game seed."""

from __future__ import annotations

from rules.citadels.characters import BY_RANK, CHARACTER
from rules.citadels.districts import DISTRICT, UNIQUE_IDS
from rules.citadels.options import Options
from rules.core import Rng, RuleError

FIRST_GAME_CHARACTERS = ["assassin", "thief", "magician", "king", "bishop", "merchant",
                         "architect", "warlord"]
FIRST_GAME_DISTRICTS = ["dragon_gate", "factory", "haunted_quarter", "imperial_treasury",
                        "keep", "laboratory", "library", "map_room", "quarry",
                        "school_of_magic", "smithy", "statue", "thieves_den", "wishing_well"]

# (characters ranks 1-8, rank-9 character, 14 unique districts), digest section 3.4.
PRESETS: dict[str, tuple[list[str], str, list[str]]] = {
    "A": (["magistrate", "thief", "wizard", "patrician", "bishop", "trader", "architect",
           "marshal"], "queen",
          ["capitol", "factory", "framework", "great_wall", "haunted_quarter", "keep",
           "necropolis", "park", "poor_house", "quarry", "school_of_magic", "stables",
           "statue", "thieves_den"]),
    "B": (["witch", "blackmailer", "magician", "emperor", "abbot", "alchemist", "architect",
           "warlord"], "tax_collector",
          ["armory", "basilica", "dragon_gate", "gold_mine", "keep", "monument", "museum",
           "necropolis", "park", "poor_house", "quarry", "secret_vault", "smithy", "theater"]),
    "C": (["witch", "spy", "seer", "emperor", "bishop", "merchant", "scholar", "diplomat"],
          "artist",
          ["factory", "framework", "great_wall", "haunted_quarter", "ivory_tower", "keep",
           "library", "museum", "observatory", "park", "poor_house", "quarry",
           "school_of_magic", "smithy"]),
    "D": (["magistrate", "blackmailer", "wizard", "king", "abbot", "alchemist", "navigator",
           "marshal"], "queen",
          ["dragon_gate", "factory", "framework", "haunted_quarter", "laboratory",
           "necropolis", "park", "poor_house", "secret_vault", "smithy", "stables", "theater",
           "thieves_den", "wishing_well"]),
    "E": (["assassin", "spy", "seer", "king", "cardinal", "trader", "scholar", "diplomat"],
          "artist",
          ["basilica", "capitol", "haunted_quarter", "imperial_treasury", "laboratory",
           "library", "map_room", "observatory", "school_of_magic", "secret_vault", "smithy",
           "stables", "statue", "wishing_well"]),
    "F": (["assassin", "thief", "magician", "patrician", "cardinal", "merchant", "navigator",
           "warlord"], "tax_collector",
          ["armory", "basilica", "dragon_gate", "gold_mine", "imperial_treasury",
           "ivory_tower", "laboratory", "map_room", "monument", "museum", "school_of_magic",
           "statue", "thieves_den", "wishing_well"]),
}


def needs_rank9(opts: Options, seats: int) -> bool:
    if seats in (3, 8):
        return True
    if seats == 2:
        return False
    return bool(opts.use_rank9)


def check_cast(cast: list[str], seats: int) -> None:
    """Raise RuleError unless the cast obeys the combination rules for this player count."""
    if len(cast) not in (8, 9) or any(c not in CHARACTER for c in cast):
        raise RuleError("citadels.err.cast_invalid")
    if [CHARACTER[c].rank for c in cast] != list(range(1, len(cast) + 1)):
        raise RuleError("citadels.err.cast_ranks")
    if (seats in (3, 8) and len(cast) != 9) or (seats == 2 and len(cast) == 9):
        raise RuleError("citadels.err.cast_rank9", seats=seats)
    if "queen" in cast and seats < 5:
        raise RuleError("citadels.err.cast_queen", seats=seats)
    if "emperor" in cast and seats == 2:
        raise RuleError("citadels.err.cast_emperor")


def check_districts(uniques: list[str]) -> None:
    if len(uniques) != 14 or len(set(uniques)) != 14 or any(
            u not in DISTRICT or DISTRICT[u].type != "unique" for u in uniques):
        raise RuleError("citadels.err.districts_invalid")


def _fit(cast: list[str], seats: int) -> list[str]:
    # the rulebook's substitutions: no Emperor with 2 players, no Queen below 5
    out = ["king" if c == "emperor" and seats == 2 else c for c in cast]
    return ["artist" if c == "queen" and seats < 5 else c for c in out]


def choose_sets(opts: Options, seats: int, rng: Rng) -> tuple[list[str], list[str]]:
    """The cast (by rank) and the 14 unique districts for a new game."""
    rank9 = needs_rank9(opts, seats)
    if opts.cast == "first_game":
        cast = list(FIRST_GAME_CHARACTERS) + ([opts.rank9 or "artist"] if rank9 else [])
        uniques = list(FIRST_GAME_DISTRICTS)
    elif opts.cast in PRESETS:
        chars, ninth, uniques = PRESETS[opts.cast]
        cast = list(chars) + ([opts.rank9 or ninth] if rank9 else [])
        uniques = list(uniques)
    elif opts.cast == "custom":
        if not opts.characters or not opts.districts:
            raise RuleError("citadels.err.custom_missing")
        cast, uniques = list(opts.characters), list(opts.districts)
        check_districts(uniques)
        check_cast(cast, seats)
        return cast, uniques
    else:
        cast = []
        for r in range(1, 10 if rank9 else 9):
            pool = [c for c in BY_RANK[r]
                    if not (c == "emperor" and seats == 2) and not (c == "queen" and seats < 5)]
            cast.append(rng.choice(pool))
        pool = list(UNIQUE_IDS)
        rng.shuffle(pool)
        uniques = sorted(pool[:14])
    cast = _fit(cast, seats)
    check_cast(cast, seats)
    return cast, uniques
