"""The island: board tables, the layouts' cross-board edges, land lookups."""

from collections import Counter

import pytest

from rules.spirit_island import island as isl
from rules.spirit_island.boards import EDGES, LANDS, OCEAN

LETTERS = "ABCDEF"
LAYOUTS = [tuple(LETTERS[:n]) for n in range(1, 5)] + [("E", "F", "C"), ("D", "B", "A", "C")]


@pytest.mark.parametrize("letter", LETTERS)
def test_each_board_has_eight_lands_two_of_each_terrain_and_coast_1_to_3(letter):
    board = LANDS[letter]
    assert sorted(board) == list(range(9))
    terrains = Counter(terrain for n, (terrain, _) in board.items() if n)
    assert set(terrains.values()) == {2} and OCEAN not in terrains
    assert {n for n, (_, adj) in board.items() if 0 in adj} == {1, 2, 3}


@pytest.mark.parametrize("letter", LETTERS)
def test_same_board_adjacency_is_symmetric(letter):
    board = LANDS[letter]
    for n, (_, adj) in board.items():
        for m in adj:
            assert n in board[m][1], (letter, n, m)


@pytest.mark.parametrize("letter", LETTERS)
def test_edges_run_round_the_board_and_neighbours_along_an_edge_touch(letter):
    edges = EDGES[letter]
    assert edges[0][0][0] == 1 and edges[2][0][-1] == 3
    for (lands, _), (next_lands, _) in zip(edges, edges[1:], strict=False):
        assert lands[-1] == next_lands[0]
    for lands, breaks in edges:
        assert len(breaks) == len(lands) - 1 and list(breaks) == sorted(breaks)
        assert all(0 < b < isl.EDGE_LENGTH for b in breaks)
        for a, b in zip(lands, lands[1:], strict=False):
            assert b in LANDS[letter][a][1]


def test_two_boards_edge_contacts_worked_by_hand():
    # A's edge 0: A1 0-3, A6 3-7, A8 7-13. B's edge 0 reversed: B8 0-6, B6 6-12, B1 12-13.
    assert isl.edge_contacts("A", 0, "B", 0) == {
        (1, 8),
        (6, 8),
        (6, 6),
        (8, 6),
        (8, 1),
    }
    # The 2-board layout joins the edges ending at land 3: A's is A7 0-1, A5 1-3, A4 3-7,
    # A3 7-13; B's reversed is B3 0-8, B4 8-12, B7 12-13.
    rows = isl.island(("A", "B"))
    assert rows["A3"]["adjacent"] == ("A0", "A2", "A4", "B3", "B4", "B7")
    assert rows["A5"]["adjacent"] == ("A1", "A4", "A6", "A7", "A8", "B3")
    assert rows["A1"]["adjacent"] == ("A0", "A2", "A4", "A5", "A6")


def test_lands_apart_along_the_shared_border_are_not_adjacent():
    # Hand-made: C's edge 2 is C4 0-7, C3 7-13; against itself reversed C3 0-6, C4 6-13.
    # C3 (7-13) and C3 (0-6) share no stretch; every other pair overlaps.
    assert (3, 3) not in isl.edge_contacts("C", 2, "C", 2)
    assert (4, 4) in isl.edge_contacts("C", 2, "C", 2)


@pytest.mark.parametrize("boards", LAYOUTS)
def test_layout_is_connected_symmetric_and_oceans_stay_on_their_board(boards):
    rows = isl.island(boards)
    for name, row in rows.items():
        for other in row["adjacent"]:
            assert name in rows[other]["adjacent"]
            if OCEAN in (row["terrain"], rows[other]["terrain"]):
                assert other[0] == name[0]
    lands = isl.land_names(boards)
    seen, todo = {lands[0]}, [lands[0]]
    while todo:
        for n in isl.adjacent(boards, todo.pop()):
            if n not in seen:
                seen.add(n)
                todo.append(n)
    assert seen == set(lands)
    if len(boards) > 1:
        for letter in boards:  # every board touches another
            assert any(n[0] != letter for m in lands if m[0] == letter for n in rows[m]["adjacent"])


@pytest.mark.parametrize("boards", LAYOUTS)
def test_only_edge_lands_cross_boards(boards):
    rows = isl.island(boards)
    for name, row in rows.items():
        edge_lands = {land for lands, _ in EDGES[name[0]] for land in lands}
        if any(n[0] != name[0] for n in row["adjacent"]):
            assert int(name[1:]) in edge_lands


def test_three_boards_meet_in_the_middle():
    rows = isl.island(("A", "B", "C"))
    crossings = {
        frozenset((a[0], b[0])) for a, row in rows.items() for b in row["adjacent"] if a[0] != b[0]
    }
    assert crossings == {frozenset("AB"), frozenset("BC"), frozenset("AC")}


def test_three_corner_lands_at_the_centre_touch_each_other():
    # each board's corner between edges 1 and 2: A7, B7 and C4
    rows = isl.island(("A", "B", "C"))
    for a, b in (("A7", "B7"), ("A7", "C4"), ("B7", "C4")):
        assert b in rows[a]["adjacent"]


def test_lookups():
    boards = ("A",)
    assert isl.is_coastal(boards, "A1") and not isl.is_coastal(boards, "A5")
    assert not isl.is_coastal(boards, "A0") and isl.is_ocean(boards, "A0")
    assert isl.adjacent(boards, "A1") == ("A2", "A4", "A5", "A6")
    assert "A0" in isl.adjacent(boards, "A1", ocean=True)
    assert isl.by_terrain(boards, "wetland") == ("A2", "A5")
    assert len(isl.land_names(("A", "B", "C"))) == 24


def test_no_layout_for_five_boards_or_a_repeated_board():
    with pytest.raises(ValueError):
        isl.island(tuple("ABCDE"))
    with pytest.raises(ValueError):
        isl.island(("A", "A"))


def test_printed_setup_of_board_a():
    # city, town, dahan, blight from the balanced side of board A
    setup = isl.setup_pieces(("A",))
    assert setup["A2"] == (1, 0, 1, 0)
    assert setup["A4"] == (0, 0, 0, 1)
    assert setup["A8"] == (0, 1, 0, 0)
