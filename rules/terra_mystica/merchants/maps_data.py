"""Map data for Merchants of the Seas: terrain rows, bridge spots and canals per map.

Sources (copied into the repository; nothing here is read from outside it at run time):
- Terrain rows: snellman's map strings (terra.snellman.net map ids, checked by SHA-1 of the
  string). "lakes" is the fan map Loon Lakes v1.6 (id fdb13a13...), "fjords" the fan map
  Fjords v2.1 (id 2afadc63...). The printed Merchants boards descend from them; hex-for-hex
  identity is NOT verified: to check against a physical copy.
- Bridge spots: computed by snellman's map code for those strings (base: equal to the 29
  printed spots in board.py). For lakes and fjords: to check against a physical copy.
- Canals: the Korean rulebook (seed L179-189) gives only verbal positions and pictures. Each
  canal lies on the edge between two land hexes whose two shared neighbours are river hexes;
  it joins those two rivers for ships only. Base and fjords: the only edge that fits the
  seed's words (unique). Lakes: 7 canals, one per pair of lakes that can be joined; where a
  pair has several candidate edges the first is used: to check against a physical copy.
"""

from __future__ import annotations

from rules.terra_mystica.board import _ROWS as BASE_ROWS

# One string per row, "x" a river, "" an empty (indented) first row (snellman's format).
ROWS: dict[str, tuple[str, ...]] = {
    "base": BASE_ROWS,  # the base game's own map (board.py)
    "lakes": (
        "",
        "gray blue red brown yellow blue yellow red x x green blue",
        "yellow black green x x black brown x green gray x brown black",
        "brown x x green red gray x black blue red x yellow",
        "blue red gray x yellow brown green x x yellow x black red",
        "green yellow x black blue x x red x gray green brown",
        "gray x brown gray x yellow x gray x brown black blue red",
        "red x x x red green brown black yellow x x gray",
        "yellow blue black x blue gray blue x x gray green x blue",
        "black brown x green x x x green red brown yellow black",
    ),
    "fjords": (
        "green black x brown yellow gray black gray yellow red black blue yellow",
        "blue brown x blue green red x x x x x brown",
        "gray green red x x brown x black gray brown yellow x gray",
        "x x x gray x x green red blue green red x",
        "red gray yellow x blue red x brown yellow gray brown x black",
        "black brown x green yellow green x gray blue green x gray",
        "yellow blue x black gray black blue x brown black x green red",
        "green x brown red brown yellow red x x x red blue",
        "black x x green blue gray blue x green yellow black brown yellow",
    ),
}

SNELLMAN_MAP_ID = {
    "base": "126fe960806d587c78546b30f1a90853b1ada468",
    "lakes": "fdb13a13cd48b7a3c3525f27e4628ff6905aa5b1",
    "fjords": "2afadc63f4d81e850b7c16fb21a1dcd29658c392",
}

BRIDGE_PAIRS: dict[str, tuple[tuple[str, str], ...]] = {
    "lakes": (
        ("B4", "D2"),
        ("B9", "C7"),
        ("C3", "D2"),
        ("C3", "E3"),
        ("C5", "D5"),
        ("C8", "D7"),
        ("D2", "E3"),
        ("D5", "E6"),
        ("D5", "F5"),
        ("D7", "E8"),
        ("E3", "F3"),
        ("E6", "F5"),
        ("E7", "F5"),
        ("F5", "G6"),
        ("G2", "H1"),
        ("G2", "I3"),
        ("G3", "H2"),
        ("G7", "I8"),
        ("H5", "J4"),
        ("H7", "I8"),
        ("I3", "J3"),
        ("I6", "J4"),
    ),
    "fjords": (
        ("A10", "C8"),
        ("A3", "B2"),
        ("A7", "C5"),
        ("A8", "C6"),
        ("A9", "C7"),
        ("B3", "C3"),
        ("B3", "D1"),
        ("B5", "C5"),
        ("B6", "C8"),
        ("C1", "E1"),
        ("C2", "E2"),
        ("C3", "D1"),
        ("C3", "E3"),
        ("C4", "D1"),
        ("C4", "D2"),
        ("C4", "E5"),
        ("C9", "D6"),
        ("C9", "E10"),
        ("D1", "E3"),
        ("D2", "E5"),
        ("D6", "E10"),
        ("E3", "F3"),
        ("E6", "F5"),
        ("E9", "F9"),
        ("F2", "G3"),
        ("F6", "G6"),
        ("F8", "G9"),
        ("G2", "H2"),
        ("G7", "H6"),
        ("G7", "I6"),
        ("G8", "H7"),
        ("G8", "I7"),
        ("H6", "I6"),
    ),
}

# Canals as the land edge they lie on. Every entry: (edge, source, check).
CANALS: dict[str, tuple[tuple[tuple[str, str], str, str], ...]] = {
    "base": (
        (
            ("E4", "E5"),
            "seed L181: west-central, joins the upper and lower rivers (unique edge that does)",
            "to check against a physical copy",
        ),
    ),
    "fjords": (
        (
            ("D1", "E4"),
            "seed L187: west-central, cuts off the protruding mountain space (the "
            "only canal-capable edge on the map)",
            "to check against a physical copy",
        ),
    ),
    "lakes": (
        (
            ("B8", "C6"),
            "seed L189: 7 canals; joins NE and centre lakes (other candidate: E7|F6)",
            "to check against a physical copy",
        ),
        (
            ("F2", "G2"),
            "joins NW and SW lakes (other candidates: F3|G3, G2|G3)",
            "to check against a physical copy",
        ),
        (
            ("F4", "G4"),
            "joins centre and SW lakes (only candidate)",
            "to check against a physical copy",
        ),
        (
            ("G6", "H6"),
            "joins centre and SE lakes (only candidate)",
            "to check against a physical copy",
        ),
        (
            ("H5", "H6"),
            "joins centre and S-centre lakes (only candidate)",
            "to check against a physical copy",
        ),
        (
            ("H6", "I7"),
            "joins SE and S-centre lakes (only candidate)",
            "to check against a physical copy",
        ),
        (
            ("I4", "J3"),
            "joins SW and S-centre lakes (only candidate)",
            "to check against a physical copy",
        ),
    ),
}
