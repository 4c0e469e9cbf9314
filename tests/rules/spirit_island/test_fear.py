"""Fear: the pool and earned pile, the fear deck and its Terror Level dividers, the Fear step,
and every fear card at every Terror Level run through the effect interpreter on board A."""

import copy
import json
import random

import pytest

from rules.spirit_island import effects as fx
from rules.spirit_island import fear, hooks, tokens
from rules.spirit_island import pieces as pcs
from rules.spirit_island.state import new_game, new_state

TESTER = "Tester"
LETTERS = {"C": "city", "T": "town", "E": "explorer", "D": "dahan", "B": "beasts",
           "S": "disease", "W": "wilds", "X": "badlands"}
ORDER = "CTEDBSWXbP"


def blank(players=1, seed=5):
    state = new_state(["A"], seed=seed)
    state["lands"] = {name: pcs.empty_land() for name in state["lands"]}
    state["seats"] = [{"spirit": TESTER if i == 0 else f"{TESTER}{i}", "energy": 0, "hand": [],
                       "played": [], "discard": [], "elements": {}, "tracks": {}}
                      for i in range(players)]
    state["queue"] = []
    state["rules"] = []
    fear.new_fear(state, players)
    return state


def place(state, name, pieces):
    """'PP ET!' = 2 presence of the tester, an explorer and a town with 1 strife."""
    land = state["lands"][name]
    last = None
    for ch in pieces.replace(" ", ""):
        if ch == "P":
            pcs.add_presence(land, TESTER)
        elif ch == "b":
            land["blight"] += 1
        elif ch == "!":
            pcs.strife(land, last)[-1] += 1
        else:
            pcs.add(land, LETTERS[ch])
            last = LETTERS[ch]


def show(state, name):
    land = state["lands"][name]
    counts = {**{ch: pcs.count(land, kind) for ch, kind in LETTERS.items()},
              "b": land["blight"], "P": land["presence"].get(TESTER, 0)}
    return "".join(ch * counts[ch] for ch in ORDER)


def resolve(state, card, level, answers=()):
    """Resolve one fear card at a Terror Level, answering in order, then the first option."""
    state["fear"]["terror_level"] = level
    fx.push(state, [{"do": "fear_card", "card": card}], {"seat": None})
    ask = fx.run(state)
    todo = list(answers)
    for _ in range(100):
        if ask is None:
            return state
        ask = fx.answer(state, todo.pop(0) if todo else ask.options[0])
    raise AssertionError("the card never finished")


# --- the pool, the deck, the Terror Level -------------------------------------------------------


def test_pool_is_four_markers_per_player_and_the_deck_is_3_3_3_with_dividers():
    state = blank(players=3)
    assert state["fear"]["pool"] == 12 and state["fear"]["earned"] == 0
    deck = state["secret"]["fear_deck"]
    assert len(deck) == 11 and deck[3] == "divider:2" and deck[7] == "divider:3"
    assert all(card in fear.CARDS for i, card in enumerate(deck) if i not in (3, 7))
    assert fear.terror_level(state) == 1


def test_adversary_counts_and_extra_markers_change_the_deck_and_pool():
    state = blank()
    fear.new_fear(state, 2, adversary_counts=(4, 5, 2), extra_per_player=1)
    deck = state["secret"]["fear_deck"]
    assert deck.index("divider:2") == 4 and deck.index("divider:3") == 10 and len(deck) == 13
    assert state["fear"]["pool"] == 10


def test_earning_moves_markers_and_a_full_pool_earns_a_card_and_refills():
    state = blank(players=1)
    top = state["secret"]["fear_deck"][0]
    assert fear.earn(state, 3) == []
    assert (state["fear"]["pool"], state["fear"]["earned"]) == (1, 3)
    assert fear.earn(state, 2) == [top]  # the 4th empties the pool, the 5th counts anew
    assert (state["fear"]["pool"], state["fear"]["earned"]) == (3, 1)
    assert state["fear"]["earned_cards"] == [top]


def test_fear_stays_conserved_and_one_effect_can_earn_several_cards():
    state = blank(players=1)
    got = fear.earn(state, 9)
    assert len(got) == 2
    assert state["fear"]["pool"] + state["fear"]["earned"] == state["fear"]["size"] == 4


def test_the_divider_raises_the_terror_level_as_soon_as_it_is_exposed():
    state = blank(players=1)
    fear.earn(state, 8)
    assert fear.terror_level(state) == 1
    fear.earn(state, 4)  # the third card: divider 2 now on top
    assert fear.terror_level(state) == 2
    fear.earn(state, 12)
    assert fear.terror_level(state) == 3


def test_every_card_earned_is_terror_level_four_and_more_fear_does_nothing():
    state = blank(players=1)
    fear.earn(state, 36)
    assert fear.terror_level(state) == fear.VICTORY_LEVEL and fear.cards_left(state) == 0
    assert len(state["fear"]["earned_cards"]) == 9
    fear.earn(state, 3)
    assert len(state["fear"]["earned_cards"]) == 9


def test_without_events_terror_level_two_has_one_card_more():
    state = new_game(2, 3, events=False)
    assert state["fear"]["counts"] == [3, 4, 3] and fear.cards_left(state) == 10
    state = new_game(2, 3, events=False, adversary="Habsburg", level=2)
    assert state["fear"]["counts"] == [4, 6, 2]
    assert new_game(2, 3)["fear"]["counts"] == [3, 3, 3]


def test_a_level_with_no_cards_exposes_its_divider_at_once():
    state = blank()
    fear.new_fear(state, 1, adversary_counts=(0, 2, 2))
    assert fear.terror_level(state) == 2


def test_an_invader_card_in_the_fear_deck_goes_to_the_build_space_when_exposed():
    state = blank()
    fear.insert_under(state, "invader:2:wetland", 1)
    assert state["secret"]["fear_deck"][1] == "invader:2:wetland"
    fear.earn(state, 4)
    assert state["track"]["build"] == ["2:wetland"] and fear.cards_left(state) == 8


def test_the_fear_step_resolves_earned_cards_in_order_at_the_current_level():
    state = blank()
    state["turn"] = 3
    state["fear"]["earned_cards"] = ["Demoralized", "Avoid the Dahan"]
    state["fear"]["terror_level"] = 2
    assert fear.resolve_step(state) == ["Demoralized", "Avoid the Dahan"]
    assert fx.run(state) is None
    assert tokens.defend(state, "A5") == 2
    assert "avoid_the_dahan:2" in state["rules"] and "avoid_the_dahan:1" not in state["rules"]
    assert state["fear"]["discard"] == ["Demoralized", "Avoid the Dahan"]
    assert state["fear"]["earned_cards"] == [] and state["fear"]["resolved_turn"] == 3


def test_the_end_of_the_fear_step_fires_ravage_step_even_without_cards():
    state = blank()
    seen = []
    hooks.on("ravage_step", "test:seen")(lambda s, **kw: seen.append(len(s["fear"]["discard"])))
    state["rules"].append("test:seen")
    state["fear"]["earned_cards"] = ["Demoralized"]
    fear.resolve_step(state)
    fx.run(state)
    assert seen == [1]  # after the card resolved
    fear.resolve_step(state)
    fx.run(state)
    assert seen == [1, 1]


def test_strife_weakens_invaders_by_their_strife_until_the_turn_ends():
    state = blank()
    place(state, "A5", "C!! T")
    resolve(state, "Unrest", 2)  # its strife goes on the town: 1
    land = state["lands"]["A5"]
    assert pcs.health(state, land, "city", 0) == 1 and pcs.health(state, land, "town", 0) == 1
    state.pop("turn_marks")
    assert pcs.health(state, land, "city", 0) == 3


def test_lasting_rules_end_when_time_passes():
    state = blank()
    state["rules"] = ["england:1"]
    resolve(state, "Trade Suffers", 1)
    assert "trade_suffers:1" in state["rules"]
    fear.time_passes(state)
    assert state["rules"] == ["england:1"]


# --- the cards' data ------------------------------------------------------------------------------


def _steps(effect):
    for step in effect:
        yield step
        for key in ("then", "else"):
            yield from _steps(step.get(key, []))
        for option in step.get("options", []):
            yield from _steps(option)
        if "step" in step:
            yield from _steps([step["step"]])


def test_there_are_36_cards_by_set_each_with_three_levels_of_known_verbs():
    sets = [card["set"] for card in fear.CARDS.values()]
    assert (sets.count("base"), sets.count("branch_and_claw"), sets.count("jagged_earth")) == (
        15, 15, 6)
    for name, card in fear.CARDS.items():
        assert len(card["levels"]) == 3, name
        for effect in card["levels"]:
            assert effect, name
            for step in _steps(effect):
                assert step["do"] in fx.VERBS, (name, step["do"])
                if step["do"] == "lasting":
                    assert step["rule"] in fear.LASTING_RULES, (name, step["rule"])


def test_the_data_is_json_with_its_source():
    with open(fear.Path(fear.__file__).parent / "data" / "fear_cards.json", encoding="utf-8") as f:
        data = json.load(f)
    assert "fear_cards.csv" in data["_source"]


def test_every_card_level_is_covered_below():
    covered = {(card, level) for card, level, *_ in CASES}
    assert covered == {(c, lv) for c in fear.CARDS for lv in (1, 2, 3)}


# --- every card at every level -------------------------------------------------------------------
# (card, level, position, answers, expected land contents)

CASES = [
    ("Fear of the Unseen", 1, {"A5": "PP ET", "A4": "P E"}, [], {"A5": "TPP", "A4": "EP"}),
    ("Fear of the Unseen", 2, {"A4": "P E", "A5": "PP ET"}, [], {"A4": "P", "A5": "TEPP"}),
    ("Fear of the Unseen", 3, {"A5": "PP C", "A4": "P E"}, [1], {"A5": "PP", "A4": "EP"}),
    ("Scapegoats", 1, {"A5": "TT EEE", "A6": "E"}, [], {"A5": "TTE", "A6": "E"}),
    ("Scapegoats", 2, {"A5": "T C EEEE"}, [], {"A5": "CTE"}),
    ("Scapegoats", 3, {"A5": "C T EE", "A6": "T E"}, [], {"A5": "C", "A6": "T"}),
    ("Emigration Accelerates", 1, {"A1": "E", "A5": "E"}, [], {"A1": "", "A5": "E"}),
    ("Emigration Accelerates", 2, {"A2": "T", "A5": "E"}, [], {"A2": "", "A5": "E"}),
    ("Emigration Accelerates", 3, {"A5": "T"}, [], {"A5": ""}),
    ("Tall Tales of Savagery", 1, {"A5": "D E", "A4": "E"}, [], {"A5": "D", "A4": "E"}),
    ("Tall Tales of Savagery", 2, {"A5": "D EE T"}, [1], {"A5": "EED"}),
    ("Tall Tales of Savagery", 3, {"A5": "D EE T", "A6": "DD C", "A7": "D C"}, [],
     {"A5": "TD", "A6": "DD", "A7": "CD"}),
    ("Retreat!", 1, {"A5": "EEE"}, [], {"A5": "E", "A1": "EE"}),
    ("Retreat!", 2, {"A5": "EET"}, [], {"A5": "", "A1": "TEE"}),
    ("Retreat!", 3, {"A2": "EETT"}, [], {"A2": "", "A1": "TTEE"}),
    ("Dahan Raid", 2, {"A5": "DD T"}, [], {"A5": "DD"}),
    ("Dahan Raid", 3, {"A5": "DD C"}, [], {"A5": "DD"}),
    ("Dahan Enheartened", 1, {"A5": "D E"}, [], {"A5": "E", "A1": "D"}),
    ("Dahan Enheartened", 2, {"A5": "E", "A4": "D"}, ["A5"], {"A5": "D", "A4": ""}),
    ("Dahan Enheartened", 3, {"A5": "T", "A4": "D", "A6": "D"}, ["A5"], {"A5": "DD"}),
    ("Seek Safety", 1, {"A5": "E", "A1": "T", "A7": "E"}, [], {"A5": "", "A1": "TE", "A7": "E"}),
    ("Seek Safety", 2, {"A1": "T", "A5": "E"}, [], {"A1": "TE", "A5": ""}),
    ("Seek Safety", 3, {"A5": "T EE", "A6": "C E"}, [], {"A5": "T", "A6": "CE"}),
    ("Wary of the Interior", 1, {"A1": "E", "A5": "E"}, [], {"A1": "E", "A5": ""}),
    ("Wary of the Interior", 2, {"A1": "T", "A5": "T"}, [], {"A1": "T", "A5": ""}),
    ("Wary of the Interior", 3, {"A1": "T"}, [], {"A1": ""}),
    ("Belief Takes Root", 3, {"A5": "P EEE"}, [], {"A5": "EP"}),
    ("Isolation", 1, {"A5": "E", "A6": "EE"}, [], {"A5": "", "A6": "EE"}),
    ("Isolation", 2, {"A6": "E T", "A7": "EEE"}, [], {"A6": "T", "A7": "EEE"}),
    ("Isolation", 3, {"A6": "C E"}, ["city"], {"A6": "E"}),
    ("Trade Suffers", 2, {"A2": "T"}, [], {"A2": "E"}),
    ("Trade Suffers", 3, {"A2": "C"}, [], {"A2": "T"}),
    ("Plan for Departure", 1, {"A5": "T"}, [], {"A1": "T", "A5": ""}),
    ("Dahan Attack", 1, {"A5": "D E"}, [], {"A5": "D"}),
    ("Dahan Attack", 2, {"A5": "DD T"}, [], {"A5": "DD"}),
    ("Dahan Attack", 3, {"A5": "T", "A4": "D"}, [], {"A5": "D", "A4": ""}),
    ("Flee the Pestilent Land", 1, {"A5": "S E"}, [], {"A5": "S"}),
    ("Flee the Pestilent Land", 2, {"A5": "S T E"}, [], {"A5": "S"}),
    ("Flee the Pestilent Land", 3, {"A5": "T", "A6": "S C"}, [1], {"A5": "", "A6": "CS"}),
    ("Too Many Monsters", 1, {"A5": "B T"}, [], {"A5": "B"}),
    ("Too Many Monsters", 2, {"A5": "B E T"}, [], {"A5": "B"}),
    ("Too Many Monsters", 3, {"A5": "B", "A4": "E"}, [1], {"A5": "B", "A4": ""}),
    ("Depart the Dangerous Land", 1, {"A5": "DD E", "A6": "D E"}, [], {"A5": "DD", "A6": "ED"}),
    ("Depart the Dangerous Land", 2, {"A5": "S T"}, [], {"A5": "S"}),
    ("Depart the Dangerous Land", 3, {"A5": "B T EE"}, [], {"A5": "B"}),
    ("Sense of Dread", 1, {"A5": "E", "A6": "E"}, [], {"A5": "", "A6": "E"}),
    ("Sense of Dread", 2, {"A2": "T"}, [], {"A2": ""}),
    ("Sense of Dread", 3, {"A5": "C"}, [], {"A5": ""}),
    ("Flee from Dangerous Lands", 1, {"A5": "X E"}, [], {"A5": "X", "A1": "E"}),
    ("Flee from Dangerous Lands", 2, {"A5": "W T"}, [], {"A5": "W"}),
    ("Flee from Dangerous Lands", 3, {"A5": "D C"}, [1], {"A5": "D"}),
    ("Dahan Reclaim Fishing Grounds", 1, {"A2": "D E"}, [], {"A2": "D"}),
    ("Dahan Reclaim Fishing Grounds", 2, {"A3": "E", "A4": "D"}, ["A3"], {"A3": "D", "A4": ""}),
    ("Dahan Reclaim Fishing Grounds", 3, {"A3": "T", "A4": "D"}, ["A3"], {"A3": "D"}),
]


def _setup(position, players=1):
    state = blank(players)
    for name, pieces in position.items():
        place(state, name, pieces)
    state["track"]["ravage"] = ["1:wetland"]  # Sense of Dread, Nerves Fray
    state["track"]["build"] = ["1:jungle"]  # Immigration Slows
    return state


@pytest.mark.parametrize(("card", "level", "position", "answers", "expected"),
                         [c for c in CASES if len(c) == 5],
                         ids=[f"{c[0]}-{c[1]}" for c in CASES if len(c) == 5])
def test_card_moves_pieces(card, level, position, answers, expected):
    state = resolve(_setup(position), card, level, answers)
    assert {name: show(state, name) for name in expected} == expected


def _defend(state, *names):
    return [tokens.defend(state, n) for n in names]


def _skips(state, name):
    return tokens.marks(state, name).get("skip", [])


def _stops(state, point, name, **kw):
    return False in hooks.fire(state, point, land=name, **kw)


def _advance_and_start(state):
    """The cards advance (explore -> build -> ravage), then the next Invader phase starts."""
    track = state["track"]
    track["discard"] += track["ravage"]
    track["ravage"], track["build"] = track["build"], ["2:sands"]
    fear.time_passes(state)
    hooks.fire(state, "invader_phase")
    return track["ravage"], track["build"]


def _weak(state):
    return state["turn_marks"][pcs.ISLAND]["strife_weakens"]


def _strife(state, name, kind):
    return pcs.strife(state["lands"][name], kind)


# Cards whose result is not only pieces: each check gets the resolved state.
CHECKS = [
    ("Dahan Raid", 1, {"A5": "D EE", "A6": "D E"}, 2,  # a different land for each player
     lambda s: (show(s, "A5"), show(s, "A6")) == ("ED", "D")),
    ("Dahan on their Guard", 1, {"A3": "DD", "A5": "D"}, 1,
     lambda s: _defend(s, "A3", "A5", "A6") == [2, 1, 0]),
    ("Dahan on their Guard", 2, {"A3": "DD", "A5": "D"}, 1,
     lambda s: _defend(s, "A3", "A5", "A6") == [3, 2, 0]),
    ("Dahan on their Guard", 3, {"A3": "DD"}, 1, lambda s: _defend(s, "A3", "A5") == [4, 0]),
    ("Avoid the Dahan", 1, {"A5": "DD", "A6": "D"}, 1,
     lambda s: _stops(s, "explore_land", "A5") and not _stops(s, "explore_land", "A6")),
    ("Avoid the Dahan", 2, {"A5": "DD T", "A6": "DD TT"}, 1,
     lambda s: _stops(s, "build_land", "A5", piece="town")
     and not _stops(s, "build_land", "A6", piece="city")),
    ("Avoid the Dahan", 3, {"A6": "D TT", "A7": "TT"}, 1,
     lambda s: _stops(s, "build_land", "A6", piece="city")
     and not _stops(s, "build_land", "A7", piece="city")),
    ("Belief Takes Root", 1, {"A5": "P"}, 1, lambda s: _defend(s, "A5", "A6") == [2, 0]),
    ("Belief Takes Root", 2, {"A5": "PP E", "A6": "PP"}, 1,
     lambda s: _defend(s, "A5", "A6") == [2, 2] and s["seats"][0]["energy"] == 1),
    ("Overseas Trade Seem Safer", 1, {}, 1, lambda s: _defend(s, "A1", "A3", "A5") == [3, 3, 0]),
    ("Overseas Trade Seem Safer", 2, {}, 1,
     lambda s: _defend(s, "A2", "A5") == [6, 0]
     and _stops(s, "build_land", "A2", piece="city")
     and not _stops(s, "build_land", "A2", piece="town")
     and not _stops(s, "build_land", "A5", piece="city")),
    ("Overseas Trade Seem Safer", 3, {}, 1,
     lambda s: _defend(s, "A2", "A5") == [9, 0] and "build" in _skips(s, "A2")
     and not _skips(s, "A5")),
    ("Trade Suffers", 1, {"A2": "C", "A5": "T"}, 1,
     lambda s: _stops(s, "build_land", "A2", piece="town")
     and not _stops(s, "build_land", "A5", piece="town")),
    ("Demoralized", 1, {}, 1, lambda s: _defend(s, "A1", "A8") == [1, 1]),
    ("Demoralized", 2, {}, 1, lambda s: _defend(s, "A5") == [2]),
    ("Demoralized", 3, {}, 1, lambda s: _defend(s, "A5") == [3]),
    ("Plan for Departure", 2, {"A4": "E"}, 1,
     lambda s: show(s, "A1") == "E" and _defend(s, "A2", "A5") == [2, 0]),
    ("Plan for Departure", 3, {"A4": "ET"}, 1,
     lambda s: show(s, "A1") == "TE" and _defend(s, "A3", "A5") == [4, 0]),
    ("Tread Carefully", 1, {"A5": "D E"}, 1, lambda s: _skips(s, "A5") == ["ravage"]),
    ("Tread Carefully", 2, {"A6": "DD", "A8": "D"}, 1,  # A5 is next to 3 dahan
     lambda s: _skips(s, "A5") == ["ravage"]),
    ("Tread Carefully", 3, {"A7": "D"}, 1, lambda s: _skips(s, "A5") == ["ravage"]),
    ("Explorers are Reluctant", 1, {}, 1,  # when the card shows: A2 is the lowest wetland
     lambda s: hooks.fire(s, "explore_card", card="1:wetland") is not None
     and _skips(s, "A2") == ["explore"] and _skips(s, "A5") == []
     and "explorers_reluctant:1" not in s["rules"]),
    ("Explorers are Reluctant", 2, {}, 1, lambda s: _stops(s, "explore_land", "A5")),
    ("Explorers are Reluctant", 3, {}, 1, lambda s: _stops(s, "explore_land", "A7")),
    ("Immigration Slows", 1, {}, 1,  # the build card is 1:jungle (A3, A8)
     lambda s: _skips(s, "A3") == ["build"] and _skips(s, "A8") == []),
    ("Immigration Slows", 2, {}, 1, lambda s: _stops(s, "build_land", "A5", piece="town")
     and _advance_and_start(s) == ([], ["1:jungle", "2:sands"])),  # it stays in Build
    ("Immigration Slows", 3, {}, 1, lambda s: _stops(s, "build_land", "A8", piece="city")),
    ("Quarantine", 1, {}, 1,
     lambda s: [_skips(s, n) for n in ("A1", "A2", "A3", "A5")]
     == [["explore"], ["explore"], ["explore"], []]),
    ("Quarantine", 2, {"A6": "S T", "A3": "T"}, 1,  # A5's one source is diseased, A4's not
     lambda s: _stops(s, "explore_land", "A5") and not _stops(s, "explore_land", "A4")
     and _skips(s, "A1") == ["explore"]),
    ("Quarantine", 3, {"A5": "S E"}, 1,
     lambda s: all(_stops(s, p, "A5", piece="town") for p in ("explore_land", "build_land"))
     and _skips(s, "A5") == ["ravage"] and _skips(s, "A6") == []
     and not _stops(s, "explore_land", "A6")),
    ("Panicked by Wild Beasts", 1, {"A5": "B E"}, 1, lambda s: _strife(s, "A5", "explorer") == [1]),
    ("Panicked by Wild Beasts", 2, {"A4": "E", "A5": "B"}, 1,  # strife next to the beasts
     lambda s: _strife(s, "A4", "explorer") == [1]
     and _stops(s, "explore_land", "A5") and _stops(s, "build_land", "A5", piece="town")
     and _skips(s, "A5") == []),
    ("Panicked by Wild Beasts", 3, {"A5": "B E"}, 1,
     lambda s: _skips(s, "A5") == ["ravage"] and _skips(s, "A4") == []
     and _stops(s, "explore_land", "A5")),
    ("Unrest", 1, {"A5": "E T"}, 1,
     lambda s: _strife(s, "A5", "town") == [1] and _strife(s, "A5", "explorer") == [0]),
    ("Unrest", 2, {"A5": "T"}, 1,
     lambda s: _strife(s, "A5", "town") == [1] and _weak(s)),
    ("Unrest", 3, {"A5": "E"}, 1,
     lambda s: _strife(s, "A5", "explorer") == [1] and _weak(s)),
    ("Panic", 1, {"A5": "D E", "A6": "E"}, 1,
     lambda s: _strife(s, "A5", "explorer") == [1] and _strife(s, "A6", "explorer") == [0]),
    ("Panic", 2, {"A5": "S T"}, 1,
     lambda s: _strife(s, "A5", "town") == [1] and _weak(s)),
    ("Panic", 3, {"A6": "C"}, 1,
     lambda s: _strife(s, "A6", "city") == [1] and _weak(s)),
    ("Discord", 1, {"A5": "EE", "A6": "E"}, 1, lambda s: _strife(s, "A5", "explorer") == [1, 0]),
    ("Discord", 2, {"A5": "EE"}, 1,  # the explorer with strife takes 1 damage and dies
     lambda s: show(s, "A5") == "E" and _strife(s, "A5", "explorer") == [0]),
    ("Discord", 3, {"A5": "E T"}, 1,  # the explorer with strife hits the town
     lambda s: s["lands"]["A5"]["town"] == [1] and s["lands"]["A5"]["explorer"] == [0]),
    ("Dahan Threaten", 1, {"A5": "D E"}, 1, lambda s: _strife(s, "A5", "explorer") == [1]),
    ("Dahan Threaten", 2, {"A5": "D E"}, 1, lambda s: _weak(s)),
    ("Dahan Threaten", 3, {"A5": "D T", "A6": "T! D"}, 1,
     lambda s: s["lands"]["A5"]["town"] == [1] and s["lands"]["A6"]["town"] == [1]),
    ("Beset by Many Troubles", 1, {"A5": "B"}, 1, lambda s: _defend(s, "A5", "A6") == [3, 0]),
    ("Beset by Many Troubles", 2, {"A5": "B W S"}, 1,
     lambda s: _defend(s, "A5", "A6", "A7", "A2") == [5, 5, 5, 0]),
    ("Beset by Many Troubles", 3, {"A5": "B W"}, 1,
     lambda s: _defend(s, "A5", "A1", "A8", "A2") == [6, 6, 6, 0]),
    ("Nerves Fray", 1, {"A5": "E", "A6": "E"}, 1,  # A5 matches the wetland ravage card
     lambda s: _strife(s, "A6", "explorer") == [1] and _strife(s, "A5", "explorer") == [0]),
    ("Nerves Fray", 2, {"A6": "E"}, 1, lambda s: _strife(s, "A6", "explorer") == [2]),
    ("Nerves Fray", 3, {"A6": "E"}, 1,
     lambda s: _strife(s, "A6", "explorer") == [2] and s["fear"]["earned"] == 1),
    ("Theological Strife", 1, {"A5": "P E"}, 1, lambda s: _strife(s, "A5", "explorer") == [1]),
    ("Theological Strife", 2, {"A5": "PP E"}, 1,
     lambda s: _strife(s, "A5", "explorer") == [1] and s["seats"][0]["energy"] == 1),
    ("Theological Strife", 3, {"A5": "P E T"}, 1,
     lambda s: s["lands"]["A5"]["town"] == [1]),
]
CASES += [(c[0], c[1]) for c in CHECKS]


@pytest.mark.parametrize(("card", "level", "position", "players", "check"), CHECKS,
                         ids=[f"{c[0]}-{c[1]}" for c in CHECKS])
def test_card_effect(card, level, position, players, check):
    state = resolve(_setup(position, players), card, level)
    assert check(state)


def _busy_island(seed):
    """A real 2-player setup with invaders, tokens and strife spread around."""
    state = new_game(2, seed)
    state["queue"], state["phase"] = [], "invader"
    rnd = random.Random(seed)
    for name in state["lands"]:
        for kind in ("explorer", "town", "city", "dahan", "beasts", "disease", "wilds"):
            if rnd.random() < 0.35:
                pcs.add(state["lands"][name], kind, rnd.randint(1, 2))
        if state["lands"][name]["explorer"] and rnd.random() < 0.3:
            pcs.strife(state["lands"][name], "explorer")[0] += 1
    state["track"]["ravage"], state["track"]["build"] = ["2:wetland"], ["1:sands"]
    return state


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_card_at_every_level_finishes_on_a_busy_island_with_any_choices(seed):
    base = _busy_island(seed)
    rnd = random.Random(seed)
    for card in fear.CARDS:
        for level in (1, 2, 3):
            state = copy.deepcopy(base)
            state["fear"]["terror_level"] = level
            fx.push(state, [{"do": "fear_card", "card": card}], {"seat": None})
            ask = fx.run(state)
            for _ in range(200):
                if ask is None:
                    break
                ask = fx.answer(state, rnd.choice(ask.options))
            assert ask is None, (card, level)
            for land in state["lands"].values():
                assert all(len(pcs.strife(land, k)) == len(land[k]) for k in pcs.INVADERS)
                assert all(pcs.count(land, k) >= 0 for k in LETTERS.values())
            json.dumps(state)


def test_strife_attack_asks_where_the_damage_goes():
    state = blank()
    place(state, "A5", "T! E C")
    fx.push(state, [{"do": "strife_attack"}], {"seat": None})
    ask = fx.run(state)  # the town's 2 damage: the explorer or the city
    assert ask.kind == "damage" and ask.options == ["explorer", "city"]
    ask = fx.answer(state, "city")
    assert ask is None and show(state, "A5") == "CTE"
    assert state["lands"]["A5"]["city"] == [2] and pcs.strife(state["lands"]["A5"], "town") == [1]
    state = blank()
    place(state, "A5", "T! E C")
    fx.push(state, [{"do": "strife_attack"}], {"seat": None})
    fx.run(state)
    fx.answer(state, "explorer")  # 1 kills the explorer, the other point goes to the city
    assert show(state, "A5") == "CT" and state["lands"]["A5"]["city"] == [1]

