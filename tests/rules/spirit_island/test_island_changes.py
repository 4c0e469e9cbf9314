"""The powers that change the island (island_changes.py): Cast down into the Briny Deep,
Dream of the Untouched Land and Weave Together the Fabric of Place, each played through
effects.run on a hand-built two-board position (Lightning on board A, River on board B).
Expected results come from what the cards do and the boards' printed terrain and edges."""

from __future__ import annotations

import pytest

from rules.spirit_island import checks, hooks, outcome, turn
from rules.spirit_island import effects as fx
from rules.spirit_island import invaders as inv
from rules.spirit_island import island as isl
from rules.spirit_island import island_changes as ic
from rules.spirit_island import powers as pw
from rules.spirit_island.boards import LANDS
from tests.rules.spirit_island.helpers import answer_exactly, settle
from tests.rules.spirit_island.test_powers_decks_bc_je import position

BRINY = "Cast down into the Briny Deep"
DREAM = "Dream of the Untouched Land"
WEAVE = "Weave Together the Fabric of Place"
BRINY_EL = {"sun": 2, "moon": 2, "water": 4, "earth": 4}
DREAM_EL = {"moon": 3, "water": 2, "earth": 3, "plant": 2}
LIGHTNING, RIVER = "Lightning's Swift Strike", "River Surges in Sunlight"


@pytest.fixture(autouse=True)
def _plain_island():
    """Each test starts and ends with no island shape in the lookups."""
    isl.SHAPE.set(None)
    yield
    isl.SHAPE.set(None)


def cast(state, card, answers=(), exact=True):
    fx.push(state, pw.card_effect(card), {"seat": 0, "source": card})
    if exact:
        answer_exactly(state, answers)
    else:
        settle(state, answers, exact=False)


def earned(state):
    return state["fear"]["earned"]


def boards_of(state, names):
    return {n[0] for n in names}


# --- Cast down into the Briny Deep -----------------------------------------------------------


def test_briny_deep_without_its_threshold_destroys_the_target_lands_invaders_only():
    state = position(pres={"A2": 2}, at={"A2": {"town": 1, "explorer": 2}, "A5": {"city": 1}})
    cast(state, BRINY, ["A2"])
    assert earned(state) == 6 + 1  # the card's 6 and the destroyed town
    assert state["lands"]["A2"]["town"] == [] and state["lands"]["A2"]["explorer"] == []
    assert state["lands"]["A5"]["city"] == [0] and state["boards"] == ["A", "B"]


def test_briny_deep_sinks_the_board_with_everything_on_it():
    state = position(pres={"A2": 2, "A8": 1}, el=BRINY_EL, river={"A6": 1},
                     at={"A2": {"town": 1}, "A5": {"city": 1, "blight": 2, "dahan": 2},
                         "A7": {"beasts": 1, "explorer": 1}})
    pool, river_destroyed = state["blight_card"]["pool"], state["seats"][1]["destroyed"]
    state.update(turn=2, phase="slow")
    before = fx.clone(state)
    cast(state, BRINY, ["A2"])
    # 6 fear, the town in A2 (1); then the city in A5 goes down with the board (2)
    assert earned(state) == 6 + 1 + 2
    assert state["boards"] == ["B"]
    assert not [n for n in state["lands"] if n[0] == "A"]
    rows = isl.island(tuple(state["boards"]))
    assert boards_of(state, rows) == {"B"}
    assert all(n[0] == "B" for row in rows.values() for n in row["adjacent"])
    # presence there is destroyed: Lightning's 3, River's 1
    assert state["seats"][0]["destroyed"] == 3
    assert state["seats"][1]["destroyed"] == river_destroyed + 1
    # the blight leaves the game (not back to the card): still accounted for by the checks
    assert state["blight_card"]["pool"] == pool and state["island"]["blight_sunk"] == 2
    assert "blight not conserved between the card and the island" not in checks.problems(
        before, state)


def test_briny_deep_lands_gone_from_invader_cards_and_targeting():
    state = position(pres={"A2": 2}, el=BRINY_EL, river={"B1": 1})
    cast(state, BRINY, ["A2"])
    # A Stage I Wetland card: A2, A5 (board A) and B1, B6 (board B) are the Wetlands
    assert inv.matching_lands(state, "1:wetland") == ["B1", "B6"]
    assert fx.lands_matching(state, {"terrain": ["wetland"]}, {}) == ["B1", "B6"]


def test_briny_deep_last_presence_on_the_board_loses_unless_the_invaders_are_all_gone():
    spirits = [LIGHTNING, RIVER]
    state = position(pres={"A2": 2}, el=BRINY_EL, river={"B1": 1}, at={"B5": {"town": 1}})
    cast(state, BRINY, ["A2"])
    assert outcome.outcome(state, spirits, 1) == "loss:presence"
    state = position(pres={"A2": 2}, el=BRINY_EL, river={"B1": 1}, at={"A5": {"town": 1}})
    for land in state["lands"].values():  # no invaders left anywhere once A sinks
        assert not land["city"] and not land["explorer"]
    cast(state, BRINY, ["A2"])
    assert outcome.outcome(state, spirits, 1) == "sacrifice"


@hooks.on("destroy_piece", "test_dahan_endure")
def _dahan_endure(state, kind, **kw):
    return False if kind == "dahan" else None


def test_briny_deep_pieces_a_rule_saves_go_to_the_nearest_land_still_in_play():
    state = position(pres={"A2": 2}, el=BRINY_EL, at={"A3": {"dahan": 1}})
    state["rules"].append("test_dahan_endure")
    # A3 lies on board A's edge 2, which meets board B's edge 2 in the two-board layout: one
    # of the lands it touches there takes the dahan (ours: the first in island order)
    nearest = [n for n in isl.adjacent(("A", "B"), "A3") if n[0] == "B"]
    cast(state, BRINY, ["A2"])
    holding = [n for n, land in state["lands"].items() if land["dahan"]]
    assert len(holding) == 1 and holding[0] in nearest and state["lands"][holding[0]]["dahan"] == [0]


def test_briny_deep_on_a_land_joined_across_boards_asks_which_board():
    state = position(pres={"A3": 2}, el={**BRINY_EL, "air": 0},
                     at={"A3": {"town": 1}})
    other = next(n for n in isl.adjacent(("A", "B"), "A3") if n[0] == "B")
    cast(state, WEAVE, ["A3", other])
    cast(state, BRINY, ["A3", "B"])
    # board B sank with the joined land; A3, its half on board A, is back and empty
    assert state["boards"] == ["A"] and state["lands"]["A3"]["town"] == []
    assert "A3" in isl.island(("A",)) and other not in state["lands"]


# --- Dream of the Untouched Land -------------------------------------------------------------


def dreamt(state):
    return state["island"]["dreamt"]["board"]


def test_dream_adds_a_random_unused_board_next_to_the_target_board():
    state = position(pres={"A5": 2}, el=DREAM_EL)
    cast(state, DREAM, ["A5"], exact=False)
    new = dreamt(state)
    assert new in "CDEF"  # the boards not on the island
    rows = isl.island(tuple(state["boards"]))
    touching = {(a, b) for a, row in rows.items() for b in row["adjacent"]
                if a[0] == "A" and b[0] == new}
    # board A meets board B with its edge 2: its lowest free edge, 0, meets the new board
    assert touching == {(f"A{x}", f"{new}{y}") for x, y in isl.edge_contacts("A", 0, new, 2)}
    assert not [b for a, row in rows.items() if a[0] == "B" for b in row["adjacent"]
                if b[0] == new]
    # no setup pieces: only what the card adds
    assert state["boards"] == ["A", "B"]


def test_dream_places_its_tokens_and_up_to_two_presence_of_any_spirits():
    state = position(pres={"A5": 2}, el=DREAM_EL)
    fx.push(state, pw.card_effect(DREAM), {"seat": 0, "source": DREAM})
    ask = fx.run(state)
    while ask.kind != "choose_land":  # the target (A5 is the only sacred site)
        ask = fx.answer(state, ask.options[0])
    new = dreamt(state)
    for land in (1, 2, 3, 4, 5, 6):  # beasts, beasts, wilds, wilds, badlands, badlands
        ask = fx.answer(state, f"{new}{land}")
    assert ask.kind == "target_spirit" and ask.options == [0, 1, fx.DONE]
    ask = fx.answer(state, 1)  # River adds one
    while ask.kind == "presence_source":
        ask = fx.answer(state, ask.options[0])
    assert ask.seat == 1 and ask.options == [f"{new}{n}" for n in range(1, 9)]
    ask = fx.answer(state, f"{new}7")
    assert ask.kind == "target_spirit"
    assert fx.answer(state, fx.DONE) is None
    lands = state["lands"]
    assert [lands[f"{new}{n}"]["beasts"] for n in (1, 2)] == [1, 1]
    assert [lands[f"{new}{n}"]["wilds"] for n in (3, 4)] == [1, 1]
    assert [lands[f"{new}{n}"]["badlands"] for n in (5, 6)] == [1, 1]
    assert lands[f"{new}7"]["presence"] == {RIVER: 1}
    assert not any(lands[f"{new}{n}"][k] for n in range(1, 9)
                   for k in ("explorer", "town", "city", "dahan", "blight"))


def test_dream_happens_once_per_game():
    state = position(pres={"A5": 2}, el=DREAM_EL)
    cast(state, DREAM, ["A5"], exact=False)
    first = fx.clone(state["island"])
    cast(state, DREAM, ["A5"], exact=False)
    assert state["island"] == first


def test_dream_build_cards_skip_a_board_the_players_pick():
    state = position(pres={"A5": 2}, el=DREAM_EL)
    cast(state, DREAM, ["A5"], exact=False)
    new = dreamt(state)
    wet = next(n for n, (terrain, _) in LANDS[new].items() if terrain == "wetland")
    for name in ("A2", "B1", f"{new}{wet}"):
        state["lands"][name]["explorer"] = [0]
    state["track"]["build"] = ["1:wetland"]
    state["turn"] = 3
    turn._build(state)
    settle(state, ["B"])  # the players pick board B for this card
    assert state["lands"]["A2"]["town"] == [0] and state["lands"][f"{new}{wet}"]["town"] == [0]
    assert state["lands"]["B1"]["town"] == []


def test_dream_each_board_effects_visit_the_layouts_boards():
    """Adversary "each board" actions skip the new board (our pick of the board to skip):
    it is not one of state["boards"]."""
    state = position(pres={"A5": 2}, el=DREAM_EL)
    cast(state, DREAM, ["A5"], exact=False)
    assert dreamt(state) not in state["boards"]
    assert ic.island_boards(state) == ["A", "B", dreamt(state)]


# --- Weave Together the Fabric of Place ------------------------------------------------------


def test_weave_joins_two_lands_for_the_turn():
    # A5 (inland Wetland) and A6 (inland Mountain, next to A1 A5 A8)
    state = position(pres={"A5": 2}, at={"A5": {"explorer": 1, "blight": 1},
                                         "A6": {"town": 1, "dahan": 2, "beasts": 1}})
    state["turn_marks"] = {"A6": {"defend": 2}}
    cast(state, WEAVE, ["A5", "A6"])
    boards = tuple(state["boards"])
    land = state["lands"]["A5"]
    assert (land["explorer"], land["town"], land["dahan"], land["beasts"], land["blight"]) == (
        [0], [0], [0, 0], 1, 1)
    assert "A6" not in state["lands"] and "A6" not in isl.island(boards)
    # FAQ: both lands' neighbours, and (unlike any other land) itself; moves leave it out
    outside = ({"A1", "A4", "A7", "A8"} | {"A1", "A8"}) | {
        n for n in isl.adjacent(("A", "B"), "A5") if n[0] == "B"}
    assert set(isl.adjacent(boards, "A5")) == outside | {"A5"}
    assert set(isl.neighbours(boards, "A5")) == outside
    assert "A5" in isl.adjacent(boards, "A1") and "A6" not in isl.adjacent(boards, "A1")
    # FAQ: printed facts, both: land #5 and land #6
    assert isl.numbers(boards, "A5") == (5, 6) and isl.numbers(boards, "A1") == (1,)
    assert state["turn_marks"]["A5"] == {"defend": 2}
    # both terrains: a Mountain card and a Wetland card each find it, once
    assert [n for n in inv.matching_lands(state, "1:mountain") if n[0] == "A"] == ["A1", "A5"]
    assert inv.matching_lands(state, "3:mountain+wetland").count("A5") == 1
    assert "A5" in fx.lands_matching(state, {"terrain": ["mountain"]}, {})
    # blight cascading from it never goes back into it (it would land where it came from)
    assert set(inv.cascade_options(state, "A5")) == outside


def test_weave_with_a_coastal_land_makes_the_joined_land_coastal():
    state = position(pres={"A5": 2})
    cast(state, WEAVE, ["A5", "A1"])
    assert "A5" in inv.matching_lands(state, "2:coastal")


def test_weave_threshold_isolates_and_with_invaders_gives_fear_and_removes_two():
    state = position(pres={"A5": 2}, el={"air": 4},
                     at={"A5": {"explorer": 1}, "A6": {"town": 1, "city": 1}})
    cast(state, WEAVE, ["A5", "A6", "city", "town"])
    assert state["turn_marks"]["A5"]["isolate"]
    assert earned(state) == 2  # removing gives no fear of its own
    land = state["lands"]["A5"]
    assert (land["explorer"], land["town"], land["city"]) == ([0], [], [])


def test_weave_threshold_without_invaders_only_isolates():
    state = position(pres={"A5": 2}, el={"air": 4}, at={"A6": {"dahan": 1}})
    cast(state, WEAVE, ["A5", "A6"])
    assert state["turn_marks"]["A5"]["isolate"] and earned(state) == 0


def test_weave_comes_apart_at_time_passes_with_the_pieces_divided():
    state = position(pres={"A5": 2}, at={"A5": {"explorer": 1}, "A6": {"town": 1}})
    cast(state, WEAVE, ["A5", "A6"])
    turn.time_passes(state)
    answer_exactly(state, [["town", "A6"], [f"presence:{LIGHTNING}", "A6"], fx.DONE])
    assert state["lands"]["A6"]["town"] == [0] and state["lands"]["A5"]["explorer"] == [0]
    assert state["lands"]["A6"]["presence"] == {LIGHTNING: 1}
    assert state["lands"]["A5"]["presence"] == {LIGHTNING: 1}
    assert state["island"]["woven"] == []
    assert set(isl.adjacent(tuple(state["boards"]), "A6")) == {"A1", "A5", "A8"}


def test_briny_deep_an_explorer_russia_pushes_off_the_sinking_board_lands_nearest():
    """Tsardom of Russia 2 (A Sense for Impending Disaster) takes 1 explorer off to push it;
    its land has gone, so it is put in the nearest land left (FAQ: cleaned up)."""
    state = position(pres={"A2": 2}, el=BRINY_EL, at={"A3": {"explorer": 1}})
    state["rules"].append("russia:2")
    state.setdefault("adversary", {})
    nearest = [n for n in isl.adjacent(("A", "B"), "A3") if n[0] == "B"]
    cast(state, BRINY, ["A2"])
    holding = [n for n, land in state["lands"].items() if land["explorer"]]
    assert len(holding) == 1 and holding[0] in nearest


def test_the_picture_of_a_changed_island_is_drawn():
    """The renderer knows nothing of the changes yet, but must not fail on them: a sunk
    board (fewer boards), a dreamt board (not drawn), a joined land (the other land empty)."""
    from render.spirit_island import table_png
    from rules.spirit_island.view import build_view

    state = position(pres={"B5": 2, "A5": 2}, el={e: max(BRINY_EL.get(e, 0), DREAM_EL.get(e, 0)) for e in (*BRINY_EL, *DREAM_EL)} | {"air": 4},
                     at={"A6": {"town": 1}})
    cast(state, WEAVE, ["A5", "A6"], exact=False)
    cast(state, DREAM, ["A5"], exact=False)
    assert state["island"]["dreamt"] and table_png(build_view(state, None))
    state["lands"]["A5"]["presence"][LIGHTNING] = 2
    cast(state, BRINY, ["A1"], exact=False)
    assert state["boards"] == ["B"] and table_png(build_view(state, 0))
